//! Lesson 003's processed-id store with expiry, against lesson 000's
//! schedule (base 30 s, six retries): an event processed at once whose ack
//! is lost again and again; a repeat after its id expired is processed
//! again (the core's `dedup_ttl` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::dedup_ttl::{TtlDelivery, TtlRun};
use retry_lab_core::Backoff;

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Ttl;

/// The figure's axis: the whole schedule (1,890 s) and a little more.
pub const AXIS_MS: u64 = 2_000_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// 0: the record never expires.
    pub ttl_s: u32,
    pub acks_lost: u32,
}

impl Default for Params {
    /// A 300 s TTL and five lost acks: the repeats at 450 and 930 s go through.
    fn default() -> Self {
        Self { ttl_s: 300, acks_lost: 5 }
    }
}

impl Params {
    pub fn run(&self) -> TtlRun {
        TtlRun {
            backoff: Backoff::default(),
            acks_lost: self.acks_lost,
            ttl_ms: (self.ttl_s > 0).then(|| u64::from(self.ttl_s) * 1_000),
        }
    }
}

#[derive(Clone)]
pub struct State {
    pub deliveries: std::rc::Rc<Vec<TtlDelivery>>,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 2] = [
    ParamSpec::keyed(
        "ttl_s",
        Domain::int(0, 86_400, "s"),
        |l| s(l).ttl,
        |p| Value::Int(p.ttl_s.into()),
        |p, v| p.ttl_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "acks_lost",
        Domain::int(0, 6, ""),
        |l| s(l).acks_lost,
        |p| Value::Int(p.acks_lost.into()),
        |p, v| p.acks_lost = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 2] = [
    Preset { code: "ttl-300", label: |l| s(l).preset_short, values: &[], versions: (1, crate::unit::LINK_VERSION) },
    Preset {
        code: "ttl-schedule",
        label: |l| s(l).preset_schedule,
        values: &[("ttl_s", "1890"), ("acks_lost", "6")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// The number its lesson states, asked before the figure says it.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "con este TTL, ¿cuántas veces se procesa el evento?",
            "with this TTL, how many times is the event processed?",
        )
    },
    unit: "",
    counted: false,
    answer: |_, _, s: &State| {
        Some(s.deliveries.iter().filter(|d| d.outcome != retry_lab_core::dedup_ttl::Outcome::Discarded).count() as u64)
    },
    why: |lang| {
        lang.pick("Cada repetición que llega después de que el id expiró se procesa otra vez: el TTL tiene que cubrir hasta la última repetición (con los seis reintentos del backoff de 30 s, 1,890 s).", "Every repeat that arrives after the id expired is processed again: the TTL must cover up to the last repeat (with the six retries of the 30 s backoff, 1,890 s).")
    },
};

impl crate::unit::Spec for Ttl {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "ttl";
    /// Its clock and handle in seconds: the schedule in seconds (30 … 1,890 s), as the lesson writes it.
    const SECONDS: bool = true;
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        use crate::number::{Number, TimeStyle};
        use retry_lab_core::dedup_ttl::Outcome;
        let again = state.deliveries.iter().filter(|d| d.outcome == Outcome::ProcessedAgain);
        let again = again.map(|d| Number::Time(d.at_ms, TimeStyle::Seconds)).collect();
        let effects = state.deliveries.iter().filter(|d| d.outcome != Outcome::Discarded).count();
        vec![("effects", Number::count(effects as u64)), ("processed_again_at", Number::List(again, ", "))]
    }
    /// The scene: each delivery as the schedule brings it (processed, discarded
    /// while the id is valid, processed again after it expired), and each
    /// expiry, on the schedule's clock.
    fn timeline(_: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        use retry_lab_core::dedup_ttl::Outcome;
        let t = s(lang);
        let (mut moments, mut expiries) = (Vec::new(), Vec::new());
        for d in state.deliveries.iter() {
            let i = match d.outcome {
                Outcome::Processed => 0,
                Outcome::Discarded => 1,
                Outcome::ProcessedAgain => 2,
            };
            // A sentence: the moments of one instant are said together.
            let text = (t.delivery)(&crate::format::seconds(d.at_ms), t.outcomes[i]) + ".";
            moments.push(Moment { at_ms: d.at_ms, text });
            // Each delivery the record covers carries its expiry: said once
            // (it was said four times at 300 s).
            if let Some(at_ms) = d.expires_at_ms.filter(|ms| *ms <= AXIS_MS && !expiries.contains(ms)) {
                expiries.push(at_ms);
            }
        }
        // After the deliveries of its instant: the id still covers a retry
        // at its expiry (TTL 1,890 s discards the retry at 1,890 s), so the
        // expiry is said after that retry's «descartado», not before it.
        moments.extend(
            expiries.into_iter().map(|at_ms| Moment { at_ms, text: (t.expired)(&crate::format::seconds(at_ms)) }),
        );
        Some(Timeline::new(AXIS_MS, moments))
    }
}

impl crate::unit::Computed for Ttl {
    fn state(params: &Params, _: &Shared) -> State {
        State { deliveries: std::rc::Rc::new(params.run().deliveries()) }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("ttl-cover", witness: "exp=ttl&acks_lost=6&ttl_s=1890", |p: &Params, _: &Shared, _: &State| {
            let shorter = Params { ttl_s: p.ttl_s.saturating_sub(60).max(1), ..p.clone() };
            p.acks_lost == 6 && p.ttl_s > 0 && p.run().effects() == 1 && shorter.run().effects() > 1
        },
        es: ["Sube «Acks perdidos» a 6 (los seis reintentos del backoff de 30 s) y encuentra la expiración más corta, de 60 en 60 s, con la que ningún reintento se procesa otra vez.",
            "El último reintento llega 1,890 s después de la primera entrega.",
            "La expiración tiene que cubrir toda la ventana de reintentos: 30 + 60 + … + 960 = 1,890 s. Una más corta deja pasar los últimos reintentos como si fueran nuevos."],
        en: ["Raise “Acks lost” to 6 (the six retries of the 30 s backoff) and find the shortest expiry, in steps of 60 s, at which no retry is processed again.",
            "The last retry arrives 1,890 s after the first delivery.",
            "The expiry must cover the whole retry window: 30 + 60 + … + 960 = 1,890 s. A shorter one lets the last retries through as if they were new."]),
    crate::tasks::task!("ttl-never", witness: "exp=ttl&ttl_s=0", |p: &Params, _: &Shared, _: &State| p.ttl_s == 0 && p.acks_lost > 0,
        es: ["Haz que el registro de ids no expire nunca.",
            "Pon la expiración en 0.",
            "Sin expiración ningún repetido pasa, pero la tabla de ids crece para siempre. Por eso se elige una expiración mayor que la ventana de reintentos, no infinita."],
        en: ["Make the id record never expire.",
            "Set the expiry to 0.",
            "Without expiry no repeat gets through, but the id table grows forever. So the expiry is chosen longer than the retry window, not infinite."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;
    use retry_lab_core::dedup_ttl::Outcome;

    fn preset(code: &str) -> Params {
        link::preset_params(&PRESETS, code).ttl
    }

    /// The default in time: processed at 0 s, the id expires at 300 s, the
    /// repeat at 450 s goes through again (and the scene says it in that order).
    #[test]
    fn the_scene_tells_the_expiry_before_the_repeat_it_lets_through() {
        let p = preset("ttl-300");
        let state = State { deliveries: std::rc::Rc::new(p.run().deliveries()) };
        let t = <Ttl as crate::unit::Spec>::timeline(&p, &Shared::default(), &state, crate::i18n::Lang::En)
            .expect("a scene");
        let expiry = t
            .moments
            .iter()
            .position(|m| m.text.starts_with("300 s: the stored id expires"))
            .unwrap_or_else(|| panic!("{t:?}"));
        let again = t
            .moments
            .iter()
            .position(|m| m.text == "450 s: processed again (the id had expired).")
            .unwrap_or_else(|| panic!("{t:?}"));
        assert!(expiry < again, "{t:?}");
        assert_eq!(t.end_ms, AXIS_MS);
        // Said once, though the deliveries at 0, 30 and 90 s all carry it.
        let said = t.moments.iter().filter(|m| m.text.starts_with("300 s: the stored id expires")).count();
        assert_eq!(said, 1, "{t:?}");
    }

    #[test]
    fn the_presets_give_the_lessons_numbers() {
        let d = preset("ttl-300").run().deliveries();
        let again: Vec<u64> =
            d.iter().filter(|d| d.outcome == Outcome::ProcessedAgain).map(|d| d.at_ms / 1_000).collect();
        assert_eq!(again, [450, 930]);
        assert_eq!(preset("ttl-schedule").run().effects(), 1);
        // Past a thousand seconds the scene groups them, as the axis does.
        let p = preset("ttl-schedule");
        let state = State { deliveries: std::rc::Rc::new(p.run().deliveries()) };
        let t = <Ttl as crate::unit::Spec>::timeline(&p, &Shared::default(), &state, crate::i18n::Lang::En).unwrap();
        assert!(t.moments.iter().any(|m| m.text.starts_with("1,890 s: the stored id expires")), "{t:?}");
        // The retry at 1,890 s is still covered: said first, then the expiry.
        assert_eq!(
            t.latest(1_890_000),
            "1,890 s: discarded (the id is still valid). 1,890 s: the stored id expires; a repeat that arrives after it is processed again."
        );
    }

    /// With no repeat the TTL decides nothing, and a record that lets none
    /// through says «nunca» (it showed «—» beside «a los»).
    #[test]
    fn a_run_without_repeats_or_second_effects_says_so() {
        let es = super::strings::strings(crate::i18n::Lang::Es);
        assert_eq!((es.again_at)(&[]), "nunca");
        assert_eq!((es.again_at)(&["450 s".into(), "930 s".into()]), "a los 450 s, 930 s");
        let none_lost = Params { acks_lost: 0, ..preset("ttl-300") };
        let deliveries = none_lost.run().deliveries();
        assert_eq!(deliveries.len(), 1);
        assert!((es.insight)(none_lost.ttl_s, 1, 0).starts_with("Sin acks perdidos"));
        assert!((es.insight)(300, 3, 5).ends_with("tiene 3 efectos."));
    }
}
