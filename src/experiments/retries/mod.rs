//! Lesson 000's experiment: deliveries with a failure probability, the
//! deterministic backoff schedule, dead-letter and manual retry, a naive and
//! an idempotent consumer side by side; outages and interventions (fix the
//! cause, retry from dead-letter) in simulated time.

mod plan_text;
mod state;
pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
mod timeline;
#[cfg(target_arch = "wasm32")]
pub use panel::{panel, ScheduleTable};

use retry_lab_core::{Backoff, ConsumerMode, IdScheme, Intervention, Jitter, Plan, Probability, SimConfig};

pub use plan_text::{format_interventions, format_outages, parse_interventions, parse_outages};
pub use state::{Action, Narration, State};

use crate::i18n::Lang;
use crate::params::{int, probability, ratio, text, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

/// Publications are spaced by this much simulated time.
pub const PUBLISH_INTERVAL_MS: u64 = 10_000;
/// Page bounds (tighter than the core's: every event gets a lane).
pub const EVENTS_MAX: u32 = 1_000;
pub const RETRIES_MAX: u32 = 10;
pub const BASE_S_MAX: u32 = 120;
pub const SPEED_MIN: u32 = 1;
pub const SPEED_MAX: u32 = 1_000;
/// Interventions in one run's plan, on the page: at 1,000 events and 10
/// retries each retry-all may cost 11,000 traced attempts, and the core's
/// budget for a traced run is 1 M (`limits::TRACED_ATTEMPTS_MAX`). A
/// learner's next one is refused with a message; a link with more is
/// invalid (the lab never writes one).
pub const INTERVENTIONS_MAX: usize = 64;

pub struct Retries;

/// The experiment's parameters; the plan (outages, interventions) is one of
/// them, so a run is its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub failure: Probability,
    pub ack_lost_share: Probability,
    pub events: u32,
    pub base_s: u32,
    pub retries_max: u32,
    /// The consumer whose view the timeline and log take (both always run).
    pub consumer: ConsumerMode,
    pub jitter: Jitter,
    /// Simulated seconds per real second.
    pub speed_s_per_s: u32,
    pub plan: Plan,
}

impl Default for Params {
    /// The lesson's numbers: base 30 s, six retries; 20 events, 30 % failures.
    fn default() -> Self {
        Self {
            failure: Probability::from_ppm(300_000).expect("in range"),
            ack_lost_share: Probability::from_ppm(500_000).expect("in range"),
            events: 20,
            base_s: 30,
            retries_max: 6,
            consumer: ConsumerMode::Idempotent,
            jitter: Jitter::None,
            speed_s_per_s: 100,
            plan: Plan::default(),
        }
    }
}

impl Params {
    pub fn backoff(&self) -> Backoff {
        Backoff { base_s: self.base_s, retries_max: self.retries_max, jitter: self.jitter }
    }

    /// The core's config (the consumer is chosen by `Pair`).
    pub fn sim_config(&self, shared: &Shared) -> SimConfig {
        SimConfig {
            seed: shared.seed,
            facts: self.events,
            failure: self.failure,
            ack_lost_share: self.ack_lost_share,
            backoff: self.backoff(),
            id_scheme: IdScheme::Random,
            publish_interval_ms: PUBLISH_INTERVAL_MS,
            record_trace: true,
            ..SimConfig::default()
        }
    }
}

const FULL: u32 = Probability::SCALE_PPM;
const CONSUMER_CODES: &[&str] = &["idempotent", "naive"];
const JITTER_CODES: &[&str] = &["none", "full", "equal", "decorrelated"];

fn consumer_index(c: ConsumerMode) -> u64 {
    match c {
        ConsumerMode::Idempotent => 0,
        ConsumerMode::Naive => 1,
    }
}

static PARAMS: [ParamSpec<Params>; 10] = [
    ParamSpec::keyed(
        "failure",
        Domain::Ratio { step_percent: 1, max_ppm: FULL },
        |l| strings::strings(l).failure,
        |p| probability(p.failure),
        |p, v| p.failure = ratio(&v),
    ),
    ParamSpec::keyed(
        "ack_lost",
        Domain::Ratio { step_percent: 5, max_ppm: FULL },
        |l| strings::strings(l).ack_lost_share,
        |p| probability(p.ack_lost_share),
        |p, v| p.ack_lost_share = ratio(&v),
    ),
    ParamSpec::keyed(
        "events",
        Domain::int(1, EVENTS_MAX as u64, ""),
        |l| strings::strings(l).events,
        |p| Value::Int(p.events.into()),
        |p, v| p.events = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "base",
        Domain::int(1, BASE_S_MAX as u64, "s"),
        |l| strings::strings(l).base,
        |p| Value::Int(p.base_s.into()),
        |p, v| p.base_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "retries",
        Domain::int(0, RETRIES_MAX as u64, ""),
        |l| strings::strings(l).retries,
        |p| Value::Int(p.retries_max.into()),
        |p, v| p.retries_max = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "consumer",
        Domain::Choice { codes: CONSUMER_CODES, labels: |l| strings::strings(l).consumer_labels },
        |l| strings::strings(l).consumer,
        |p| Value::Int(consumer_index(p.consumer)),
        |p, v| p.consumer = if int(&v) == 1 { ConsumerMode::Naive } else { ConsumerMode::Idempotent },
    ),
    ParamSpec::keyed(
        "jitter",
        Domain::Choice { codes: JITTER_CODES, labels: |l| strings::strings(l).jitter_labels },
        |l| strings::strings(l).jitter,
        |p| Value::Int(Jitter::ALL.iter().position(|j| *j == p.jitter).unwrap_or(0) as u64),
        |p, v| p.jitter = Jitter::ALL[int(&v) as usize],
    ),
    ParamSpec::keyed(
        "speed",
        Domain::int(SPEED_MIN as u64, SPEED_MAX as u64, "s/s"),
        |l| strings::strings(l).speed_param,
        |p| Value::Int(p.speed_s_per_s.into()),
        |p, v| p.speed_s_per_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "down",
        Domain::Text { expected: "START-END,… (s)", valid: |t| parse_outages(t).is_some() },
        |l| strings::strings(l).outages_heading,
        |p| Value::Text(format_outages(p.plan.outages())),
        |p, v| {
            let outages = parse_outages(text(&v)).unwrap_or_default();
            p.plan = Plan::new(outages, p.plan.interventions().to_vec()).unwrap_or_default();
        },
    ),
    ParamSpec::keyed(
        "do",
        Domain::Text { expected: "fix@T, retry:N@T, retryall@T (s)", valid: |t| parse_interventions(t).is_some() },
        |l| strings::strings(l).interventions_heading,
        |p| Value::Text(format_interventions(p.plan.interventions())),
        |p, v| {
            let timed = parse_interventions(text(&v)).unwrap_or_default();
            p.plan = Plan::new(p.plan.outages().to_vec(), timed).unwrap_or_default();
        },
    ),
];

static PRESETS: [Preset; 6] = [
    Preset {
        code: "lesson",
        label: |l| strings::strings(l).preset_lesson,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    // v1's "consumer down" was 90 % independent failures; its links keep it.
    Preset {
        code: "consumer-down",
        label: |l| strings::strings(l).preset_consumer_down_v1,
        values: &[("failure", "0.9"), ("ack_lost", "0"), ("seed", "404")],
        versions: (1, 1),
    },
    // A real outage, longer than the whole schedule: every event reaches
    // dead-letter; the learner fixes the cause and retries.
    Preset {
        code: "consumer-down",
        label: |l| strings::strings(l).preset_consumer_down,
        values: &[("events", "10"), ("failure", "0"), ("down", "0-3600")],
        versions: (2, crate::unit::LINK_VERSION),
    },
    // The whole story already played: outage, dead letters, fix, retry.
    Preset {
        code: "outage-story",
        label: |l| strings::strings(l).preset_outage_story,
        values: &[
            ("events", "10"),
            ("failure", "0"),
            ("down", "0-3600"),
            ("do", "fix@2100,retryall@2100"),
            ("at", "2100"),
        ],
        versions: (2, crate::unit::LINK_VERSION),
    },
    // What the page opens on: the lesson's story from its start, played in
    // about 20 s at the default speed (2,100 simulated s at 100 per second).
    Preset {
        code: "story",
        label: |l| strings::strings(l).preset_story,
        values: &[("events", "10"), ("failure", "0"), ("down", "0-2100"), ("do", "fix@2100,retryall@2100")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "flaky-acks",
        label: |l| strings::strings(l).preset_flaky_acks,
        values: &[("failure", "0.4"), ("ack_lost", "0.9"), ("events", "30"), ("consumer", "naive"), ("seed", "31")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

impl crate::unit::Spec for Retries {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "retries";
    const PRIMARY: &'static [&'static str] = &["failure", "consumer", "retries", "base"];
    const OPENING: Option<&'static str> = Some("story");
    const PARAMS: &'static [ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [Preset] = &PRESETS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn prediction(p: &Params, _: Option<&str>) -> Option<crate::tasks::Asked<Params, State>> {
        Some(if p.jitter == Jitter::None { (&PREDICTION, "") } else { (&PREDICTION_JITTER, "jitter") })
    }
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const LADDER: Option<&'static crate::ladder::Ladder<Params>> = Some(&LADDER);
    fn title(lang: Lang) -> &'static str {
        strings::strings(lang).experiment_retries
    }
    fn tables(_: &Params, _: &Shared, state: &State) -> Vec<crate::table::Table> {
        state.tables()
    }
    /// The whole run, played to its end.
    fn numbers(params: &Params, shared: &Shared, _state: &State) -> crate::unit::Numbers {
        let Some(pair) = whole_run(params, shared) else { return Vec::new() };
        let (naive, idem) = (pair.naive.counters(), pair.idempotent.counters());
        let entered = dead_letter_entries_ms(&pair);
        use crate::number::{Number, TimeStyle};
        let when = |ms: Option<&u64>| Number::or(ms.map(|ms| Number::Time(*ms, TimeStyle::Seconds)), "—", "s");
        vec![
            ("deliveries", Number::count(idem.deliveries)),
            ("effects_naive", Number::count(naive.effects)),
            ("effects_idempotent", Number::count(idem.effects)),
            ("repeats_discarded", Number::count(idem.duplicates_discarded)),
            ("naive_extra_effects", Number::count(naive.effects - idem.effects)),
            // In dead-letter at the end (the page's counter, the CLI's
            // `dead_lettered`), and every entry into it, retried by hand or not.
            ("dead_lettered", Number::count(idem.dead_lettered)),
            ("dead_letter_entries", Number::count(entered.len() as u64)),
            ("first_dead_letter", when(entered.iter().min())),
            ("last_dead_letter", when(entered.iter().max())),
            ("retried_by_hand", Number::count(idem.manual_retries)),
            ("delivered", Number::count(idem.acknowledged)),
        ]
    }
}

impl crate::unit::Unit for Retries {
    type Action = Action;
    fn init(params: &Params, shared: &Shared, clock_ms: u64) -> State {
        State::new(params, shared, clock_ms)
    }
    fn params_changed(state: &mut State, params: &Params, shared: &Shared) {
        state.params_changed(params, shared);
    }
    fn reduce(state: &mut State, params: &mut Params, shared: &Shared, locks: &crate::unit::Locks, action: Action) {
        state.reduce(params, shared, locks, action);
    }
    fn transport(state: &mut State, params: &Params, transport: crate::unit::Transport) {
        state.transport(params, transport);
    }
    fn playing(state: &State) -> bool {
        state.playing
    }
    fn clock_ms(state: &State) -> Option<u64> {
        Some(state.clock_ms)
    }
}

/// The run of these parameters played to its end (what `numbers` and a
/// sweep's `measure` read); `None` for a config the engine refuses.
fn whole_run(params: &Params, shared: &Shared) -> Option<retry_lab_core::pair::Pair> {
    let mut pair = retry_lab_core::pair::Pair::new(params.sim_config(shared), params.plan.clone()).ok()?;
    pair.run_until(u64::MAX / 2);
    Some(pair)
}

/// A run's story in numbers, once a dead letter was retried and delivered:
/// lesson 000's end (six retries over 1,890 s, dead-letter, the fix, the
/// retry from dead-letter) as the caption says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Story {
    pub delivered: u32,
    pub events: u32,
    pub retries: u32,
    /// Events that exhausted their retries, and the first time one did.
    pub dead_lettered: u32,
    pub first_dead_letter_ms: u64,
    pub fixed_ms: Option<u64>,
    /// Deliveries of events retried from dead-letter, and the last one's time.
    pub retried_delivered: u32,
    pub last_retried_ms: u64,
}

impl Story {
    /// The story of the run the engine holds so far; None until a retry
    /// from dead-letter has delivered an event.
    pub fn of(engine: &retry_lab_core::Engine, params: &Params, plan: &retry_lab_core::Plan) -> Option<Story> {
        use retry_lab_core::{Follow, Outcome};
        let trace = engine.trace();
        let mut dead: Vec<u32> = trace.iter().filter(|a| a.follow == Follow::DeadLettered).map(|a| a.event).collect();
        let first_dead_letter_ms = trace.iter().find(|a| a.follow == Follow::DeadLettered)?.at_ms;
        dead.sort_unstable();
        dead.dedup();
        let delivered_by_hand =
            trace.iter().filter(|a| a.manual && matches!(a.outcome, Outcome::Processed | Outcome::DiscardedAcked));
        let (retried_delivered, last_retried_ms) = delivered_by_hand.fold((0, 0), |(n, _), a| (n + 1, a.at_ms));
        (retried_delivered > 0).then_some(Story {
            delivered: engine.census().acknowledged,
            events: params.events,
            retries: params.retries_max,
            dead_lettered: dead.len() as u32,
            first_dead_letter_ms,
            fixed_ms: plan.fixed_from_ms(),
            retried_delivered,
            last_retried_ms,
        })
    }
}

/// When each entry into dead-letter happened, retried by hand later or not.
fn dead_letter_entries_ms(pair: &retry_lab_core::pair::Pair) -> Vec<u64> {
    pair.idempotent
        .trace()
        .iter()
        .filter(|a| matches!(a.follow, retry_lab_core::Follow::DeadLettered))
        .map(|a| a.at_ms)
        .collect()
}

/// Across seeds and parameters: how many events reach dead-letter (the
/// lesson's p^7 per event), what each costs in deliveries, and what the
/// naive consumer repeats.
static LADDER: crate::ladder::Ladder<Params> = crate::ladder::Ladder {
    outcomes: &[
        crate::ladder::outcome!("dead_letter_entries", "", es: "Eventos que entran en dead-letter", en: "Events that reach dead-letter"),
        crate::ladder::outcome!("deliveries_per_event", "", es: "Entregas por evento", en: "Deliveries per event"),
        crate::ladder::outcome!("naive_extra_effects", "", es: "Efectos de más del consumidor no idempotente", en: "Extra effects of the naive consumer"),
    ],
    axes: &[
        crate::ladder::SweepAxis { key: "failure", from: "0", to: "1", lesson: None },
        crate::ladder::SweepAxis { key: "retries", from: "0", to: "10", lesson: Some("6") },
        crate::ladder::SweepAxis { key: "ack_lost", from: "0", to: "1", lesson: None },
    ],
    measure: |params, shared| {
        let Some(pair) = whole_run(params, shared) else { return Default::default() };
        let (naive, idem) = (pair.naive.counters(), pair.idempotent.counters());
        let entered = dead_letter_entries_ms(&pair).len();
        let end_ms = pair.naive.trace().iter().chain(pair.idempotent.trace()).map(|a| a.at_ms).max();
        let outcomes = vec![
            entered as f64,
            idem.deliveries as f64 / f64::from(params.events.max(1)),
            naive.effects.saturating_sub(idem.effects) as f64,
        ];
        crate::ladder::Measure { outcomes, end_ms }
    },
    // The naive and the idempotent consumer: one run each.
    work: |params, shared| 2 * params.sim_config(shared).attempts_bound(&params.plan),
    size: "events",
    work_unit: crate::ladder::attempts,
    compare: None,
};

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 3] = [
    // The page opens on the story, which fixes the cause and retries every
    // parked event itself: the task asks for the learner's own manual retry
    // of one event, and all delivered.
    crate::tasks::task!("retries-recover", witness: "exp=retries&events=10&failure=0&down=0-3600&do=fix@2100,retry:1@2100,retry:2@2100,retry:3@2100,retry:4@2100,retry:5@2100,retry:6@2100,retry:7@2100,retry:8@2100,retry:9@2100,retry:10@2100&at=4000", |p: &Params, _: &Shared, s: &State| {
            let c = s.pair.idempotent.counters();
            let dead_lettered = s.pair.idempotent.trace().iter().any(|a| matches!(a.follow, retry_lab_core::Follow::DeadLettered));
            let by_hand = p.plan.interventions().iter().any(|t| matches!(t.what, Intervention::RetryDeadLetter(_)));
            dead_lettered && by_hand && c.acknowledged == p.events && c.lost == 0
        },
        es: ["En la historia, quita el «Reintentar todos» y reintenta tú, uno por uno, los eventos que quedaron en dead-letter, hasta que todos estén entregados.",
            "Quita la intervención «Reintentar todos» con su ✕, reproduce hasta pasar los 1,890 s (30 + 60 + … + 960) y usa «Reintentar» en la tarjeta de dead-letter.",
            "Agotados los 6 reintentos (1,890 s de espera), el evento no se pierde: queda en dead-letter. Arreglada la causa, el reintento manual lo entrega con el mismo id."],
        en: ["In the story, remove “Retry all” and retry the events left in dead-letter yourself, one by one, until every event is delivered.",
            "Remove the “Retry all” intervention with its ✕, play past 1,890 s (30 + 60 + … + 960) and use “Retry” on the dead-letter card.",
            "After its 6 retries (1,890 s of waiting) the event is not lost: it waits in dead-letter. With the cause fixed, a manual retry delivers it under the same id."]),
    // The lesson's default run already has lost acks: the task asks for the
    // learner's own run (more failures or more lost acks), so pressing Play on
    // the untouched default does not complete it.
    crate::tasks::task!("retries-naive-extra", witness: "exp=retries&failure=0.4&ack_lost=0.9&events=30&seed=31&at=3000", |p: &Params, _: &Shared, s: &State| {
            let d = Params::default();
            (p.failure > d.failure || p.ack_lost_share > d.ack_lost_share)
                && s.pair.naive.counters().effects > s.pair.idempotent.counters().effects
        },
        es: ["Sube los acks perdidos o los fallos y encuentra una ejecución en la que el consumidor no idempotente produzca efectos de más.",
            "Sube «Fallos con ack perdido» y «Probabilidad de fallo por intento», y reproduce: un ack perdido hace que el hub reintente algo que ya se procesó.",
            "Un ack perdido es una entrega repetida: el no idempotente vuelve a aplicar el efecto; el idempotente reconoce el id y lo descarta. Mismos intentos, distinto resultado."],
        en: ["Raise the lost acks or the failures and find a run where the non-idempotent consumer produces extra effects.",
            "Raise “Failures that are lost acks” and “Failure probability per attempt”, then play: a lost ack makes the hub retry something already processed.",
            "A lost ack is a repeated delivery: the naive consumer applies the effect again; the idempotent one knows the id and discards it. Same attempts, different outcome."]),
    crate::tasks::task!("retries-exhausted", witness: "exp=retries&failure=0.9&seed=404&at=3000", |p: &Params, _: &Shared, s: &State| {
            p.plan.outages().is_empty()
                && s.pair.idempotent.trace().iter().any(|a| matches!(a.follow, retry_lab_core::Follow::DeadLettered))
        },
        es: ["Sin ninguna caída, solo con la probabilidad de fallo, haz que un evento agote sus reintentos.",
            "Con 6 reintentos un evento necesita 7 fallos seguidos: sube mucho la probabilidad de fallo (o baja los reintentos) y reproduce hasta pasar los 1,890 s.",
            "Con probabilidad de fallo p, un evento termina en dead-letter con probabilidad p elevado a 7 (original + 6 reintentos): con 30 %, 2 en 10,000; con 90 %, casi la mitad."],
        en: ["With no outage, only the failure probability, make an event exhaust its retries.",
            "With 6 retries an event needs 7 failures in a row: raise the failure probability a lot (or lower the retries) and play past 1,890 s.",
            "With failure probability p an event reaches dead-letter with probability p to the 7th (original + 6 retries): at 30 %, 2 in 10,000; at 90 %, almost half."]),
];

/// The number its lesson states, asked before the figure says it: without
/// jitter, the schedule's sum, which the lesson counts (it holds whether or
/// not an event fails that often, so «la cuenta da», not «la simulación»).
const PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "con estos reintentos, ¿cuánto espera en total un evento entre su primer intento y dead-letter?",
            "how long does an event wait in all before dead-letter?",
        )
    },
    unit: "s",
    counted: true,
    answer: |p: &Params, _, _| Some(p.backoff().total_s()),
    why: |lang| {
        lang.pick("Sin jitter, el intento número n espera base · 2^(n-1), y las esperas suman base · (2^reintentos − 1): con la base de 30 s y los 6 reintentos de la lección, 30 + 60 + 120 + 240 + 480 + 960 = 1,890 s.", "Without jitter, retry n waits base · 2^(n-1), and the waits add up to base · (2^retries − 1): with the lesson's 30 s base and 6 retries, 30 + 60 + 120 + 240 + 480 + 960 = 1,890 s.")
    },
};

/// With jitter no sum is the answer: what this run's first dead letter
/// waited, from its first attempt (its own question, with its own guess).
const PREDICTION_JITTER: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: PREDICTION.question,
    unit: "s",
    counted: false,
    answer: |_, _, s: &State| s.jittered_total_s,
    why: |lang| {
        lang.pick("Con jitter, cada espera se sortea en vez de ser base · 2^(n-1): cada evento suma otro total, y la simulación da el del primero que llegó a dead-letter.", "With jitter, each wait is drawn at random instead of being base · 2^(n-1): each event adds up another total, and the simulation gives the first one's to reach dead-letter.")
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The story presets end as lesson 000 tells it: every event exhausts
    /// its six retries (the first at 1,890 s), the cause is fixed at 2,100 s
    /// and the retry from dead-letter delivers all ten then.
    #[test]
    fn the_story_ends_in_the_lessons_numbers() {
        for code in ["story", "outage-story"] {
            let lab = crate::link::preset_params(&PRESETS, code);
            let pair = whole_run(&lab.retries, &lab.shared).expect("the preset runs");
            let story = Story::of(&pair.idempotent, &lab.retries, pair.plan()).expect("a dead letter came back");
            let expected = Story {
                delivered: 10,
                events: 10,
                retries: 6,
                dead_lettered: 10,
                first_dead_letter_ms: 1_890_000,
                fixed_ms: Some(2_100_000),
                retried_delivered: 10,
                last_retried_ms: 2_100_000,
            };
            assert_eq!(story, expected, "{code}");
            // Its axis ends with the story, not with an outage the fix cut.
            assert_eq!(pair.horizon_ms(), 2_100_000, "{code}");
        }
        // No retry from dead-letter yet: no story, the census says it.
        let lab = crate::link::preset_params(&PRESETS, "lesson");
        let pair = whole_run(&lab.retries, &lab.shared).unwrap();
        assert_eq!(Story::of(&pair.idempotent, &lab.retries, pair.plan()), None);
    }

    /// Playing the story from 0, the clock stops on the first dead letter
    /// (1,890 s), holds there a moment, and stops again at the fix and the
    /// retry by hand (2,100 s); a pause ends a hold.
    #[test]
    fn play_holds_on_the_first_dead_letter_and_the_fix() {
        use crate::unit::Transport;
        let lab = crate::link::preset_params(&PRESETS, "story");
        let mut state = State::new(&lab.retries, &lab.shared, 0);
        state.transport(&lab.retries, Transport::TogglePlay);
        let mut stops = Vec::new();
        let mut now = 0.0;
        while state.playing && stops.len() < 4 {
            now += 16.0;
            state.transport(&lab.retries, Transport::Tick { elapsed_real_ms: 16.0, now_real_ms: now });
            if state.hold_real_ms == crate::scene::HOLD_REAL_MS {
                stops.push(state.clock_ms);
            }
        }
        assert_eq!(stops, [1_890_000, 2_100_000], "seed {}", lab.shared.seed);
        state.transport(&lab.retries, Transport::Seek { clock_ms: 1_000_000 });
        state.transport(&lab.retries, Transport::TogglePlay);
        state.transport(&lab.retries, Transport::Tick { elapsed_real_ms: 16.0, now_real_ms: now + 16.0 });
        assert!(state.playing);
    }

    /// With jitter the prediction's answer is the run's own: the first
    /// event to reach dead-letter, from its first attempt (it said the
    /// schedule's 1,890 s while that event got there at 698.5 s).
    #[test]
    fn with_jitter_the_answer_is_the_runs_first_dead_letter() {
        let lab = crate::link::preset_params(&PRESETS, "story");
        let p = Params { jitter: Jitter::Full, failure: Probability::ONE, ..lab.retries };
        let state = State::new(&p, &lab.shared, 0);
        let pair = whole_run(&p, &lab.shared).unwrap();
        let trace = pair.idempotent.trace();
        let dead = trace.iter().find(|a| a.follow == retry_lab_core::Follow::DeadLettered).unwrap();
        let first = trace.iter().find(|a| a.event == dead.event).unwrap();
        let answer = (PREDICTION_JITTER.answer)(&p, &lab.shared, &state);
        assert_eq!(answer, Some((dead.at_ms - first.at_ms + 500) / 1_000), "seed {}", lab.shared.seed);
        assert_ne!(answer, Some(1_890));
        let without = Params { jitter: Jitter::None, ..p };
        assert_eq!((PREDICTION.answer)(&without, &lab.shared, &State::new(&without, &lab.shared, 0)), Some(1_890));
    }

    /// One retry is «su único reintento» and none is «sin reintentos», in
    /// the story a run tells (it said «agotaron sus 1 reintentos»).
    #[test]
    fn the_story_counts_one_retry_and_none_as_words() {
        let lab = crate::link::preset_params(&PRESETS, "story");
        for (retries, es, en) in [
            (
                1,
                "pasaron a dead-letter tras agotar su único reintento",
                "went to dead-letter after exhausting their one retry",
            ),
            (0, "pasaron a dead-letter sin reintentos", "went to dead-letter without a retry"),
        ] {
            let p = Params { retries_max: retries, ..lab.retries.clone() };
            let pair = whole_run(&p, &lab.shared).unwrap();
            let story = Story::of(&pair.idempotent, &p, pair.plan()).expect("a dead letter came back");
            let (said_es, said_en) = ((strings::ES.story)(&story), (strings::EN.story)(&story));
            assert!(said_es.contains(es), "seed {}: {said_es}", lab.shared.seed);
            assert!(said_en.contains(en), "seed {}: {said_en}", lab.shared.seed);
            // Each language its own times: «a los 1,890 s» in Spanish, «at 1,890 s» in English.
            assert!(said_es.contains("(el primero a los ") && !said_en.contains(" a los "), "{said_en}");
        }
    }
}
