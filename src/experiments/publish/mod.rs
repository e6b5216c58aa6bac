//! Lesson 000's double publication through the delivery engine: each fact
//! published once or twice, ids drawn as random v4 or derived as uuid5 of
//! the fact key, and the same deliveries through a naive consumer and two
//! idempotent ones (keyed by either id) — what `retry-lab simulate
//! --publications 2 --ids uuid5` runs.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::engine::{ConsumerMode, Counters, Engine, IdScheme, SimConfig};
use retry_lab_core::{Namespace, Probability};

use crate::params::{int, probability, ratio, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Publish;

/// The namespace of the derived ids: the lab's choice (the lesson names none).
pub const NAMESPACE: Namespace = Namespace::Dns;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub facts: u32,
    pub twice: bool,
    pub failure: Probability,
}

impl Default for Params {
    /// Lesson 000's case: 20 facts, each published twice, no failure.
    fn default() -> Self {
        Self { facts: 20, twice: true, failure: Probability::ZERO }
    }
}

/// The three consumers, in the panel's order.
pub const COLUMNS: [(ConsumerMode, IdScheme); 3] = [
    (ConsumerMode::Naive, IdScheme::Random),
    (ConsumerMode::Idempotent, IdScheme::Random),
    (ConsumerMode::Idempotent, IdScheme::Derived(NAMESPACE)),
];

impl Params {
    pub fn config(&self, shared: &Shared, (consumer, id_scheme): (ConsumerMode, IdScheme)) -> SimConfig {
        SimConfig {
            seed: shared.seed,
            facts: self.facts,
            publications_per_fact: if self.twice { 2 } else { 1 },
            id_scheme,
            failure: self.failure,
            consumer,
            record_trace: false,
            ..SimConfig::default()
        }
    }

    /// Each column's engine, run to the end (none for an invalid config).
    pub fn engines(&self, shared: &Shared) -> Option<[Rc<Engine>; 3]> {
        let run = |column| {
            let mut engine = Engine::new(self.config(shared, column)).ok()?;
            engine.run_to_end();
            Some(Rc::new(engine))
        };
        Some([run(COLUMNS[0])?, run(COLUMNS[1])?, run(COLUMNS[2])?])
    }
}

#[derive(Clone)]
pub struct State {
    pub engines: Option<[Rc<Engine>; 3]>,
}

impl State {
    pub fn counters(&self) -> Option<[Counters; 3]> {
        self.engines.as_ref().map(|e| [*e[0].counters(), *e[1].counters(), *e[2].counters()])
    }
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 3] = [
    ParamSpec::keyed(
        "facts",
        Domain::int(1, 1_000, ""),
        |l| s(l).facts,
        |p| Value::Int(p.facts.into()),
        |p, v| p.facts = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "pubs",
        Domain::Choice { codes: &["1", "2"], labels: |l| s(l).pubs_labels },
        |l| s(l).pubs,
        |p| Value::Int(p.twice.into()),
        |p, v| p.twice = int(&v) == 1,
    ),
    ParamSpec::keyed(
        "pub_failure",
        Domain::Ratio { step_percent: 5, max_ppm: 900_000 },
        |l| s(l).failure,
        |p| probability(p.failure),
        |p, v| p.failure = ratio(&v),
    ),
];

static PRESETS: [Preset; 2] = [
    Preset {
        code: "publish-twice",
        label: |l| s(l).preset_twice,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "publish-twice-failing",
        label: |l| s(l).preset_failing,
        values: &[("pub_failure", "0.3")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

impl crate::unit::Spec for Publish {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "publish";
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const LADDER: Option<&'static crate::ladder::Ladder<Params>> = Some(&LADDER);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        state.counters().map_or_else(Vec::new, |[naive, v4, uuid5]| {
            vec![
                ("effects_naive", crate::number::Number::count(naive.effects)),
                ("effects_by_v4_id", crate::number::Number::count(v4.effects)),
                ("effects_by_uuid5", crate::number::Number::count(uuid5.effects)),
                ("discarded_by_uuid5", crate::number::Number::count(uuid5.duplicates_discarded)),
            ]
        })
    }
}

impl crate::unit::Computed for Publish {
    fn state(params: &Params, shared: &Shared) -> State {
        State { engines: params.engines(shared) }
    }
}

/// Across seeds (which publications fail) and the failure share: the
/// effects each consumer applies for the same facts.
static LADDER: crate::ladder::Ladder<Params> = crate::ladder::Ladder {
    outcomes: &[
        crate::ladder::outcome!("effects_naive", "", es: "Efectos del consumidor no idempotente", en: "Effects of the naive consumer"),
        crate::ladder::outcome!("effects_by_v4_id", "", es: "Efectos con id uuid4 por publicación", en: "Effects with a uuid4 per publication"),
        crate::ladder::outcome!("effects_by_uuid5", "", es: "Efectos con id uuid5 del hecho", en: "Effects with the fact's uuid5"),
    ],
    axes: &[crate::ladder::SweepAxis { key: "pub_failure", from: "0", to: "0.9", lesson: None }],
    measure: |params, shared| {
        let state = State { engines: params.engines(shared) };
        let outcomes = state
            .counters()
            .map_or_else(Vec::new, |[naive, v4, uuid5]| [naive, v4, uuid5].map(|c| c.effects as f64).to_vec());
        crate::ladder::Measure { outcomes, end_ms: None }
    },
    work: |params, shared| {
        COLUMNS.iter().map(|&c| params.config(shared, c).attempts_bound(&retry_lab_core::Plan::default())).sum()
    },
    size: "facts",
    work_unit: crate::ladder::attempts,
    compare: None,
};

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("publish-failing", witness: "exp=publish&pub_failure=0.3", |p: &Params, _: &Shared, s: &State| {
            let facts = u64::from(p.facts);
            s.counters().is_some_and(|[naive, v4, uuid5]| {
                p.twice && p.failure != Probability::ZERO && naive.effects > v4.effects && v4.effects == 2 * facts && uuid5.effects == facts
            })
        },
        es: ["Con dos publicaciones y fallos de entrega, haz que las tres columnas den tres cuentas distintas.",
            "Sube la probabilidad de fallo de la entrega: el hub reintenta y llegan repetidos además de la segunda publicación.",
            "El no idempotente aplica todo: publicaciones y reintentos. Por id v4 descarta los reintentos (mismo id) pero no la segunda publicación (id nuevo): el doble. Por uuid5 las dos publicaciones tienen el mismo id: una vez por hecho."],
        en: ["With two publications and delivery failures, make the three columns give three different counts.",
            "Raise the delivery failure probability: the hub retries, and repeats arrive on top of the second publication.",
            "The naive consumer applies everything: publications and retries. By v4 id it discards the retries (same id) but not the second publication (a new id): twice. By uuid5 both publications share one id: once per fact."]),
    crate::tasks::task!("publish-once", witness: "exp=publish&pubs=1", |p: &Params, _: &Shared, s: &State| {
            !p.twice && s.counters().is_some_and(|[_, v4, uuid5]| v4.effects == uuid5.effects)
        },
        es: ["Publica cada hecho una sola vez y compara el id v4 con el uuid5.",
            "Cambia «Cada hecho se publica» a 1.",
            "Con una publicación los dos ids bastan: un reintento repite el mismo mensaje, con el mismo id. El v4 falla cuando el productor publica otra vez el mismo hecho: cada publicación estrena id."],
        en: ["Publish each fact once and compare the v4 id with the uuid5.",
            "Set “Each fact is published” to 1.",
            "With one publication both ids are enough: a retry repeats the same message, with the same id. The v4 id fails when the producer publishes the same fact again: each publication gets a new id."]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_facts_published_twice() {
        let state = State { engines: Params::default().engines(&Shared::default()) };
        let [naive, by_v4, by_uuid5] = state.counters().unwrap();
        assert_eq!((naive.effects, by_v4.effects, by_uuid5.effects), (40, 40, 20));
        assert_eq!((by_v4.duplicates_discarded, by_uuid5.duplicates_discarded), (0, 20));
        // Once: the two ids agree, every consumer takes 20 effects.
        let once = State { engines: Params { twice: false, ..Params::default() }.engines(&Shared::default()) };
        assert!(once.counters().unwrap().iter().all(|c| c.effects == 20));
    }

    /// The sentence says how many times each fact was published (it said
    /// «dos veces» at «1 vez»), and one fact is «1 hecho».
    #[test]
    fn the_insight_says_once_or_twice() {
        use crate::i18n::Lang;
        let es = strings::strings(Lang::Es);
        assert_eq!((es.insight)(20, false, 20, 20), "20 hechos publicados una vez: deduplicando por un id v4 al azar, efectos aplicados: 20; por el uuid5 de su clave: 20.");
        assert!((es.insight)(1, true, 2, 1).starts_with("1 hecho publicado dos veces: "));
        assert!((strings::strings(Lang::En).insight)(20, false, 20, 20).starts_with("20 facts published once: "));
    }
}
