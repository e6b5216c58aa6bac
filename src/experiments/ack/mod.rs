//! Lesson 004: ack before / after / after + dedup, with a crash probability
//! (the lesson's loop, run by the core's engine).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::ack_timing::{AckTimingRun, LoopRow};
use retry_lab_core::{Probability, RngKind};

use crate::params::{int, probability, ratio, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

/// Page bound on the loop's messages.
pub const MESSAGES_MAX: u32 = 100_000;
/// The lesson's loop never ends at 100 % crashes, and 99 % already takes
/// 100× the messages in deliveries (10 M at the page's maximum: about a
/// tenth of a second in wasm); the page stops there.
pub const CRASH_MAX_PPM: u32 = 990_000;

pub struct AckTiming;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub crash: Probability,
    pub rng: RngKind,
    pub messages: u32,
    /// A standard SQS queue now and then delivers a message twice with no crash.
    pub broker_dups: Probability,
}

impl Default for Params {
    /// The lesson's run: 1,000 messages, 5 % crashes, the Python-compatible generator.
    fn default() -> Self {
        Self {
            crash: Probability::from_ppm(50_000).expect("in range"),
            rng: RngKind::Python,
            messages: 1_000,
            broker_dups: Probability::ZERO,
        }
    }
}

impl Params {
    pub fn run(&self, shared: &Shared) -> AckTimingRun {
        AckTimingRun { messages: self.messages, crash: self.crash, seed: shared.seed, rng: self.rng }
    }

    /// The rows with the broker's own duplicates and each row's effects per message.
    pub fn loop_rows(&self, shared: &Shared) -> Option<[LoopRow; 3]> {
        self.run(shared).loop_rows(self.broker_dups).ok()
    }

    /// Effects past the messages acking before: 0 unless the broker
    /// duplicates (a crash after the ack loses a message, never repeats it),
    /// and then «una vez o ninguna» no longer holds.
    pub fn repeats_acking_before(&self, before: &retry_lab_core::ack_timing::AckTimingRow) -> u64 {
        (before.effects + u64::from(before.lost)).saturating_sub(u64::from(self.messages))
    }

    /// The figure's point: the losses and extra effects of each ack.
    pub fn insight(&self, lang: crate::i18n::Lang, [before, after, _]: &[LoopRow; 3]) -> String {
        let extra = after.row.effects.saturating_sub(u64::from(self.messages));
        let crash = if self.crash == Probability::ZERO {
            String::new()
        } else {
            crate::format::percent(lang, self.crash.ppm())
        };
        (strings::strings(lang).insight)(
            self.messages,
            &crash,
            before.row.lost,
            self.repeats_acking_before(&before.row),
            extra,
        )
    }
}

static PARAMS: [ParamSpec<Params>; 4] = [
    ParamSpec::keyed(
        "crash",
        Domain::Ratio { step_percent: 1, max_ppm: CRASH_MAX_PPM },
        |l| strings::strings(l).crash,
        |p| probability(p.crash),
        |p, v| p.crash = ratio(&v),
    ),
    ParamSpec::keyed(
        "rng",
        Domain::Choice { codes: &["python", "pcg"], labels: |l| strings::strings(l).rng_labels },
        |l| strings::strings(l).rng,
        |p| Value::Int(u64::from(p.rng == RngKind::Pcg)),
        |p, v| p.rng = if int(&v) == 1 { RngKind::Pcg } else { RngKind::Python },
    ),
    ParamSpec::keyed(
        "messages",
        Domain::int(1, MESSAGES_MAX as u64, ""),
        |l| strings::strings(l).messages,
        |p| Value::Int(p.messages.into()),
        |p, v| p.messages = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "broker_dups",
        Domain::Ratio { step_percent: 1, max_ppm: 500_000 },
        |l| strings::strings(l).broker_dups,
        |p| probability(p.broker_dups),
        |p, v| p.broker_dups = ratio(&v),
    ),
];

static PRESETS: [Preset; 2] = [
    Preset {
        code: "lesson-004",
        label: |l| strings::strings(l).preset,
        values: &[("seed", "7"), ("crash", "0.05"), ("rng", "python"), ("messages", "1000")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "broker-duplicates",
        label: |l| strings::strings(l).preset_dups,
        values: &[("seed", "7"), ("crash", "0"), ("messages", "1000"), ("broker_dups", "0.01")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

// The table is computed from the parameters when drawn: no state.
/// The three rows, computed once per change of the parameters (the panel,
/// the tasks and the numbers read them; the tasks recomputed the whole loop
/// on every render, 1.3 s per slider step at 100,000 messages).
pub type State = Option<std::rc::Rc<[LoopRow; 3]>>;

/// The number its lesson states, asked before the figure says it.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "con el ack después de procesar, ¿cuántos efectos de más hay?",
            "acknowledging after processing, how many extra effects are there?",
        )
    },
    unit: "",
    counted: false,
    answer: |p: &Params, _, s: &State| {
        s.as_deref().map(|rows| rows[1].row.effects.saturating_sub(u64::from(p.messages)))
    },
    // A formula and the lesson's case, named as such: the why stays beside
    // the result when the crash rate changes (it said «con 5 %» beside 277).
    why: |lang| {
        lang.pick("Cada caída entre el efecto y el ack deja un mensaje que el broker vuelve a entregar: con caídas c, c ÷ (1 − c) de más por mensaje en promedio; con el 5 % de la lección, ≈ 53 por cada 1,000, y su semilla 7 da 60.", "Every crash between the effect and the ack leaves a message the broker delivers again: with crashes c, c ÷ (1 − c) extra per message on average; at the lesson's 5%, ≈ 53 per 1,000, and its seed 7 gives 60.")
    },
};

/// The same with the broker's own duplicates on: they are extra effects
/// too (the why gave the crashes' formula alone, 0 at 0 % beside 11).
static PREDICTION_DUPS: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    why: |lang| {
        lang.pick("Cada caída entre el efecto y el ack deja un mensaje que el broker vuelve a entregar (c ÷ (1 − c) de más por mensaje, con caídas c). Además el broker entrega de más por su cuenta: cada duplicado suyo es otro efecto, con o sin caídas.", "Every crash between the effect and the ack leaves a message the broker delivers again (c ÷ (1 − c) extra per message, with crashes c). The broker also delivers extra copies on its own: each of its duplicates is one more effect, crashes or not.")
    },
    ..PREDICTION
};

impl crate::unit::Spec for AckTiming {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "ack";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["crash", "messages", "broker_dups"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    const LADDER: Option<&'static crate::ladder::Ladder<Params>> = Some(&LADDER);
    fn prediction(p: &Params, _: Option<&str>) -> Option<crate::tasks::Asked<Params, State>> {
        Some(if p.broker_dups == Probability::ZERO { (&PREDICTION, "") } else { (&PREDICTION_DUPS, "") })
    }
    fn title(lang: crate::i18n::Lang) -> &'static str {
        strings::strings(lang).experiment_ack
    }
    /// Each row: deliveries / effects / discarded / lost, and effects per message.
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let Some(rows) = state.as_deref() else { return Vec::new() };
        let names = [
            ("before", "before_effects_per_message"),
            ("after", "after_effects_per_message"),
            ("after_dedup", "after_dedup_effects_per_message"),
        ];
        names
            .into_iter()
            .zip(rows)
            .flat_map(|((name, per), r)| {
                let row = [r.row.deliveries, r.row.effects, r.row.duplicates_discarded, u64::from(r.row.lost)]
                    .map(Number::count);
                // "942 × 1, 56 × 2, 2 × 3": messages × effects, for 1 effect and more.
                let histogram = r.effects_histogram.iter().enumerate().skip(1).filter(|(_, n)| **n > 0);
                let histogram =
                    histogram.map(|(effects, n)| Number::Text(format!("{} × {effects}", crate::format::int(*n))));
                [(name, Number::List(row.to_vec(), " / ")), (per, Number::List(histogram.collect(), ", "))]
            })
            .collect()
    }
}

impl crate::unit::Computed for AckTiming {
    fn state(p: &Params, shared: &Shared) -> State {
        p.loop_rows(shared).map(std::rc::Rc::new)
    }
}

/// Across seeds and crash probabilities: what ack-after repeats (the
/// lesson: about the crash probability, per message), what ack-before
/// loses, and what dedup discards.
static LADDER: crate::ladder::Ladder<Params> = crate::ladder::Ladder {
    outcomes: &[
        crate::ladder::outcome!("after_repeated", "", es: "Efectos repetidos con ack después", en: "Repeated effects with ack after"),
        crate::ladder::outcome!("before_lost", "", es: "Mensajes perdidos con ack antes", en: "Messages lost with ack before"),
        crate::ladder::outcome!("after_dedup_discarded", "", es: "Repetidos descartados con ack después + dedup", en: "Repeats discarded with ack after + dedup"),
    ],
    axes: &[
        crate::ladder::SweepAxis { key: "crash", from: "0", to: "0.5", lesson: Some("0.05") },
        crate::ladder::SweepAxis { key: "broker_dups", from: "0", to: "0.1", lesson: None },
    ],
    measure: |params, shared| {
        let Some([before, after, dedup]) = params.loop_rows(shared) else { return Default::default() };
        let repeated = after.row.effects.saturating_sub(u64::from(params.messages));
        let outcomes = vec![repeated as f64, f64::from(before.row.lost), dedup.row.duplicates_discarded as f64];
        crate::ladder::Measure { outcomes, end_ms: None }
    },
    // Three rows, each the lesson's loop.
    work: |params, shared| 3 * params.run(shared).attempts_bound(),
    size: "messages",
    work_unit: crate::ladder::attempts,
    compare: Some([1, 0]),
};

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("ack-crash-20", witness: "exp=ack&crash=0.2", |p: &Params, _: &Shared, s: &State| {
            p.crash.ppm() >= 200_000 && s.as_deref().is_some_and(|[before, after, _]| before.row.lost > 0 && after.row.effects > u64::from(p.messages))
        },
        es: ["Sube la probabilidad de caída al 20 % o más y compara lo que pierde el ack antes con lo que repite el ack después.",
            "Mueve el control de caída; mira las columnas de perdidos y de efectos.",
            "Con el ack primero (at-most-once), una caída a medio trabajo deja ese mensaje sin hacer para siempre. Con el ack al final (at-least-once), el broker lo entrega de nuevo y el trabajo se repite. Con 5 % la lección cuenta 58 perdidos o 60 repetidos por cada 1,000."],
        en: ["Raise the crash probability to 20% or more and compare what ack-before loses with what ack-after repeats.",
            "Move the crash control; watch the lost and effects columns.",
            "Ack before is at-most-once: each crash in the middle of the job loses that message. Ack after is at-least-once: the message comes back and is processed again. At 5% the lesson counts 58 lost or 60 repeated per 1,000."]),
    crate::tasks::task!("ack-broker-dups", witness: "exp=ack&broker_dups=0.05", |p: &Params, _: &Shared, s: &State| {
            p.broker_dups.ppm() > 0 && s.as_deref().is_some_and(|[_, _, dedup]| dedup.row.duplicates_discarded > 0)
        },
        es: ["Haz que el broker mismo entregue repetidos y mira quién los detiene.",
            "Sube «Duplicados del broker».",
            "Un broker at-least-once (SQS estándar, por ejemplo) a veces entrega dos veces aunque nadie se caiga. Solo el registro de ids procesados los detiene; el orden del ack no cambia nada aquí."],
        en: ["Make the broker itself deliver repeats and see who stops them.",
            "Raise “Broker duplicates”.",
            "An at-least-once broker (standard SQS, say) sometimes delivers twice even when nobody crashes. Only the record of processed ids stops them; the ack's order changes nothing here."]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_table_is_the_lessons() {
        // The engine's table, and the written-out loop the page shows.
        let [before, after, dedup] = Params::default().run(&Shared::default()).table().unwrap();
        assert_eq!((before.effects, before.lost), (942, 58));
        assert_eq!(after.effects, 1_060);
        assert_eq!((dedup.effects, dedup.duplicates_discarded), (1_000, 60));
        let rows = Params::default().loop_rows(&Shared::default()).unwrap();
        assert_eq!(rows[1].effects_histogram, [0, 942, 56, 2], "58 buyers notified more than once");
    }

    /// One message is «1 mensaje», not «1 mensajes»; one loss «se pierde 1».
    #[test]
    fn one_message_is_said_in_the_singular() {
        let es = strings::strings(crate::i18n::Lang::Es);
        let one = (es.insight)(1, "20 %", 1, 0, 1);
        assert_eq!(
            one,
            "1 mensaje y un consumidor que cae en el 20 % de las entregas: con el ack antes se pierde 1; con el ack después hay 1 efecto de más; con el ack después y un registro de ids, ninguno."
        );
        assert!((es.insight)(1_000, "5 %", 58, 0, 60).starts_with("1,000 mensajes y un consumidor"));
        assert_eq!((es.times)("1", 1), "1 mensaje con 1 efecto");
        assert!((es.breakdown)("1 mensaje con 2", "1").contains("1 mensaje tuvo su efecto más de una vez"));
        let en = strings::strings(crate::i18n::Lang::En);
        assert!((en.insight)(1, "", 0, 0, 1).starts_with("1 message and a consumer that never crashes: ack before and 0 are lost; ack after and there is 1 extra effect"));
    }

    #[test]
    fn the_broker_duplicates_with_no_crash() {
        let params = crate::link::preset_params(&PRESETS, "broker-duplicates");
        let rows = params.ack.loop_rows(&params.shared).unwrap();
        let [_, after, dedup] = rows.clone().map(|r| r.row);
        assert!(after.effects > 1_000, "duplicates with 0 crashes: {after:?}");
        assert_eq!((dedup.effects, dedup.lost), (1_000, 0));
        // It never crashes, and the headline says so («a veces cae» was its opposite).
        let words = params.ack.insight(crate::i18n::Lang::Es, &rows);
        assert!(words.starts_with("1,000 mensajes y un consumidor que nunca cae:"), "{words}");
    }

    /// With the broker's duplicates, ack before repeats too: the caption
    /// counts them and the row drops «una vez o ninguna»; without, it holds.
    #[test]
    fn ack_before_repeats_only_with_the_brokers_duplicates() {
        use crate::i18n::Lang;
        let shared = Shared::default();
        let lesson = Params::default();
        let rows = lesson.loop_rows(&shared).unwrap();
        assert_eq!(lesson.repeats_acking_before(&rows[0].row), 0);
        assert!(lesson.insight(Lang::Es, &rows).starts_with(
            "1,000 mensajes y un consumidor que cae en el 5 % de las entregas: con el ack antes se pierden 58;"
        ));
        let dups = Params { broker_dups: Probability::from_ppm(500_000).unwrap(), ..Params::default() };
        let rows = dups.loop_rows(&shared).unwrap();
        let repeats = dups.repeats_acking_before(&rows[0].row);
        assert!(repeats > 0, "{:?}", rows[0].row);
        let words = dups.insight(Lang::Es, &rows);
        assert!(
            words.contains(&format!(
                "con los duplicados del broker, hay {} efectos de más",
                crate::format::int(repeats)
            )),
            "{words}"
        );
    }

    /// The broker's duplicates are said after the guess when they are on:
    /// at 0 % crashes the formula alone gives 0 beside 11 extra effects.
    #[test]
    fn the_why_names_the_brokers_duplicates_when_they_are_on() {
        let p = crate::link::preset_params(&PRESETS, "broker-duplicates").ack;
        let (asked, _) = <AckTiming as crate::unit::Spec>::prediction(&p, None).expect("asked");
        assert!((asked.why)(crate::i18n::Lang::Es).contains("cada duplicado suyo es otro efecto"));
        let (asked, _) = <AckTiming as crate::unit::Spec>::prediction(&Params::default(), None).expect("asked");
        assert!(!(asked.why)(crate::i18n::Lang::Es).contains("duplicado"));
    }
}
