//! Lesson 003's backpressure with lesson 004's figure: a producer faster
//! than its consumer, the buffer between them unbounded or bounded with a
//! policy (the core's `backpressure` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::backpressure::{BufferConfig, BufferRun, Policy};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Backpressure;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub in_per_s: u32,
    pub out_per_s: u32,
    pub duration_s: u32,
    pub policy: Policy,
    pub capacity: u32,
    pub message_kib: u32,
    pub memory_mib: u32,
}

impl Default for Params {
    /// Lesson 004's figure: 116 a second in, 100 out, for a day, unbounded;
    /// 1 KiB messages in 512 MiB (the lab's choice: the lesson gives none).
    fn default() -> Self {
        Self {
            in_per_s: 116,
            out_per_s: 100,
            duration_s: 86_400,
            policy: Policy::Unbounded,
            capacity: 10_000,
            message_kib: 1,
            memory_mib: 512,
        }
    }
}

impl Params {
    pub fn config(&self) -> BufferConfig {
        BufferConfig {
            in_per_s: self.in_per_s.into(),
            out_per_s: self.out_per_s.into(),
            duration_s: self.duration_s.into(),
            policy: self.policy,
            capacity: self.capacity.into(),
            message_bytes: u64::from(self.message_kib) << 10,
            memory_bytes: u64::from(self.memory_mib) << 20,
        }
    }
}

#[derive(Clone)]
pub struct State {
    pub run: Rc<BufferRun>,
}

const POLICY_CODES: &[&str] = &["unbounded", "slow", "drop-newest", "drop-oldest"];

static PARAMS: [ParamSpec<Params>; 7] = [
    ParamSpec::keyed(
        "in_rate",
        Domain::int(1, 10_000, "/s"),
        |l| strings::strings(l).in_rate,
        |p| Value::Int(p.in_per_s.into()),
        |p, v| p.in_per_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "out_rate",
        Domain::int(1, 10_000, "/s"),
        |l| strings::strings(l).out_rate,
        |p| Value::Int(p.out_per_s.into()),
        |p, v| p.out_per_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "duration",
        Domain::int(1, 604_800, "s"),
        |l| strings::strings(l).duration,
        |p| Value::Int(p.duration_s.into()),
        |p, v| p.duration_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "policy",
        Domain::Choice { codes: POLICY_CODES, labels: |l| strings::strings(l).policy_labels },
        |l| strings::strings(l).policy,
        |p| Value::Int(Policy::ALL.iter().position(|x| *x == p.policy).unwrap_or(0) as u64),
        |p, v| p.policy = Policy::ALL[int(&v) as usize % Policy::ALL.len()],
    ),
    ParamSpec::keyed(
        "buffer",
        Domain::int(1, 10_000_000, ""),
        |l| strings::strings(l).buffer,
        |p| Value::Int(p.capacity.into()),
        |p, v| p.capacity = int(&v) as u32,
    ),
    ParamSpec::new(
        "message_kib",
        "memory",
        Domain::int(1, 1_024, "KiB"),
        |l| strings::strings(l).message_kib,
        |p| Value::Int(p.message_kib.into()),
        |p, v| p.message_kib = int(&v) as u32,
    ),
    ParamSpec::new(
        "memory_mib",
        "memory",
        Domain::int(1, 65_536, "MiB"),
        |l| strings::strings(l).memory_mib,
        |p| Value::Int(p.memory_mib.into()),
        |p, v| p.memory_mib = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 3] = [
    Preset {
        code: "backpressure",
        label: |l| strings::strings(l).preset_day,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "drop-oldest",
        label: |l| strings::strings(l).preset_drop,
        values: &[("policy", "drop-oldest"), ("buffer", "10000")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "slow-producer",
        label: |l| strings::strings(l).preset_slow,
        values: &[("policy", "slow"), ("buffer", "10000")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// «Colas y streams»' count (116 in, 100 out: ≈ 1.4 M a day), asked first.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿cuántos mensajes de más se juntan en la cola en un día?",
            "how many extra messages pile up in the queue in a day?",
        )
    },
    unit: "",
    counted: true,
    answer: |_: &Params, _, s: &State| Some(s.run.growth_per_s().max(0) as u64 * 86_400),
    why: |lang| {
        lang.pick(
            "Lo que entra y no sale se queda: la diferencia por segundo, por los 86,400 segundos del día. Es la cuenta de la lección; en la figura, el límite de la cola o la memoria del proceso, si se alcanzan antes, la cortan.",
            "What comes in and does not go out stays: the difference per second, times the day's 86,400 seconds. That is the lesson's arithmetic; in the figure, the queue's limit or the process's memory, if reached first, cuts it short.",
        )
    },
};

impl crate::unit::Spec for Backpressure {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "backpressure";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["in_rate", "out_rate", "policy", "buffer"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        strings::strings(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let (cfg, c) = (&state.run.config, &state.run.counters);
        let growth = cfg.in_per_s.saturating_sub(cfg.out_per_s);
        vec![
            ("growth_per_s", Number::Int(growth, "/s")),
            ("growth_per_day", Number::count(growth * 86_400)),
            ("died_at", Number::or(c.died_at_s.map(Number::seconds_in_words), "never", "s")),
            ("dropped_newest", Number::count(c.dropped_newest)),
            ("dropped_oldest", Number::count(c.dropped_oldest)),
            ("never_produced", Number::count(c.held_back)),
            ("waiting_at_the_end", Number::count(c.queue_end)),
        ]
    }
    /// The scene: the queue filling; its bound reached (and what the policy
    /// does then), or the memory full and the process dead.
    fn timeline(_: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::format::{duration_text, int};
        use crate::scene::{Moment, Timeline};
        let t = strings::strings(lang);
        let run = &state.run;
        let config = &run.config;
        let mut moments = vec![Moment {
            at_ms: 0,
            text: (t.moment_start)(&int(config.in_per_s), &int(config.out_per_s), config.in_per_s <= config.out_per_s),
        }];
        // The instant a second's arrivals first find no room: the queue grows by
        // the difference each second, and a second's room is the bound and
        // what the consumer takes in it (the core's `arrive`).
        let growth = config.in_per_s.saturating_sub(config.out_per_s);
        let full_s = (growth > 0).then(|| config.capacity / growth);
        if let Some(at_s) = full_s.filter(|s| config.policy != Policy::Unbounded && *s <= config.duration_s) {
            let policy = t.policy_labels.get(config.policy as usize).copied().unwrap_or_default();
            moments.push(Moment { at_ms: at_s * 1_000, text: (t.moment_full)(policy) });
        }
        if let Some(at_s) = run.counters.died_at_s {
            moments.push(Moment { at_ms: at_s * 1_000, text: (t.died)(&duration_text(at_s)) });
        }
        Some(Timeline::new(config.duration_s.max(1) * 1_000, moments))
    }
}

impl crate::unit::Computed for Backpressure {
    fn state(params: &Params, _: &Shared) -> State {
        State { run: Rc::new(BufferRun::new(params.config())) }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("backpressure-survive", witness: "exp=backpressure&policy=drop-oldest&buffer=10000", |p: &Params, _: &Shared, s: &State| {
            // Alive by a bound, through a whole day: more memory or a
            // shorter run only puts the death off.
            p.in_per_s > p.out_per_s && p.policy != Policy::Unbounded && p.duration_s >= 86_400 && s.run.counters.died_at_s.is_none()
        },
        es: ["Con 116 entrando y 100 saliendo por segundo, haz que el proceso llegue vivo al final del día.",
            "Ponle un límite a la cola: descartar o frenar al productor.",
            "Entran 16 por segundo de más: 1,382,400 al día. Una cola sin límite los guarda hasta que se acaba la memoria. Con un límite la cola deja de crecer, y hay que elegir qué pasa con lo que no cabe."],
        en: ["With 116 in and 100 out per second, get the process alive to the end of the day.",
            "Give the queue a bound: drop, or slow the producer.",
            "16 more per second come in than go out: 1,382,400 a day. An unbounded queue keeps them until memory runs out. With a bound the queue stops growing, and something must happen to what does not fit."]),
    crate::tasks::task!("backpressure-no-loss", witness: "exp=backpressure&policy=slow&buffer=10000", |p: &Params, _: &Shared, s: &State| {
            let c = &s.run.counters;
            p.policy == Policy::SlowProducer && c.died_at_s.is_none() && c.dropped_newest + c.dropped_oldest == 0 && c.held_back > 0
        },
        es: ["Limita la cola sin descartar ningún mensaje.",
            "Elige la política que frena al productor.",
            "Frenar al productor es backpressure: lo que no cabe no se produce todavía, nada se pierde y el atraso se traslada hacia atrás, a quien puede decidir. Descartar es válido solo si perder mensajes lo es."],
        en: ["Bound the queue without dropping a single message.",
            "Pick the policy that slows the producer.",
            "Slowing the producer is backpressure: what does not fit is not produced yet, nothing is lost, and the delay moves upstream, to whoever can decide. Dropping is fine only if losing messages is."]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_links_policy_codes_are_the_cores() {
        let core: Vec<&str> = Policy::ALL.iter().map(|p| p.code()).collect();
        assert_eq!(POLICY_CODES, core.as_slice());
    }

    #[test]
    fn defaults_are_lesson_004s_figure() {
        let state = <Backpressure as crate::unit::Unit>::init(&Params::default(), &Shared::default(), 0);
        assert_eq!(state.run.growth_per_s(), 16);
        // 512 MiB of 1 KiB messages outgrow memory after about 9 h.
        assert_eq!(state.run.counters.died_at_s, Some(32_769));
    }

    /// The scene reaches the death where the run has it, and a bounded
    /// queue's scene says when the bound is reached instead.
    #[test]
    fn the_scene_dies_where_the_run_does_or_holds_at_its_bound() {
        use crate::i18n::Lang;
        let scene = |p: &Params| {
            let state = <Backpressure as crate::unit::Unit>::init(p, &Shared::default(), 0);
            <Backpressure as crate::unit::Spec>::timeline(p, &Shared::default(), &state, Lang::En).expect("a scene")
        };
        let unbounded = scene(&Params::default());
        assert_eq!(unbounded.moments.last().map(|m| m.at_ms), Some(32_769_000), "{unbounded:?}");
        let bounded = Params { policy: Policy::DropNewest, ..Params::default() };
        let held = scene(&bounded);
        // 10,000 places, 116 in and 100 out: after 625 s (10,000 waiting)
        // the next second's arrivals find no room.
        let full = held.moments.iter().find(|m| m.text.starts_with("The queue reaches its bound")).expect("full");
        assert_eq!(full.at_ms, 625_000, "{held:?}");
        for (capacity, full_s) in [(10_000, 625), (16, 1), (17, 1), (32, 2)] {
            let config = BufferConfig { capacity, ..bounded.config() };
            let run = BufferRun::new(BufferConfig { duration_s: full_s, ..config });
            assert_eq!(run.counters.dropped_newest, 0, "no drop before it, {capacity} places");
            let run = BufferRun::new(BufferConfig { duration_s: full_s + 1, ..config });
            assert!(run.counters.dropped_newest > 0, "a drop in it, {capacity} places");
        }
        assert!(!held.moments.iter().any(|m| m.text.contains("died")), "{held:?}");
        let keeps_up = scene(&Params { in_per_s: 90, ..Params::default() });
        assert_eq!(
            keeps_up.latest(0),
            "90/s come in and 100/s go out: the consumer keeps up and the queue does not grow."
        );
    }

    /// «Alive to the end of the day» is done by a bound, not by memory
    /// enough for the day's growth nor by a run shorter than a day.
    #[test]
    fn surviving_the_day_takes_a_bound() {
        let done = |p: &Params| {
            let state = <Backpressure as crate::unit::Unit>::init(p, &Shared::default(), 0);
            (TASKS[0].done)(p, &Shared::default(), &state)
        };
        let bounded = Params { policy: Policy::DropOldest, ..Params::default() };
        assert!(done(&bounded));
        assert!(!done(&Params::default()), "unbounded, it dies");
        let roomy = Params { memory_mib: 4_096, ..Params::default() };
        assert!(BufferRun::new(roomy.config()).counters.died_at_s.is_none(), "4 GiB hold the day");
        assert!(!done(&roomy), "more memory is no bound");
        assert!(!done(&Params { duration_s: 3_600, ..Params::default() }), "an hour is no day");
    }
}
