//! «Confiabilidad a escala»'s failing safely: the same events (one seed)
//! through a pipeline with no answer for "I could not decide" (it drops
//! what it could not enrich and acts without confirming the context) and
//! through one that fails safely (emits without the field, with a mark;
//! asks a human). The core's `actions::fail_safe` model.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::actions::fail_safe::{
    census, emitted_without_field, lost_detections, Config, Event, Fate, Pipeline,
};
use retry_lab_core::Probability;

use crate::params::{int, ratio, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Failsafe;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub events: u32,
    pub attacks: Probability,
    pub enrich_failure: Probability,
    pub context_failure: Probability,
}

impl Default for Params {
    /// 100 events, one in five an attack, the enrichment failing 10 % of
    /// the time and the context 20 %: seed 7 loses 4 detections and acts
    /// blind 3 times on the unsafe side.
    fn default() -> Self {
        let p = |ppm| Probability::from_ppm(ppm).unwrap_or(Probability::ZERO);
        Self { events: 100, attacks: p(200_000), enrich_failure: p(100_000), context_failure: p(200_000) }
    }
}

impl Params {
    pub fn config(&self, shared: &Shared) -> Config {
        Config {
            events: self.events,
            malicious: self.attacks,
            enrich_failure: self.enrich_failure,
            context_failure: self.context_failure,
            seed: shared.seed,
        }
    }
}

/// The events' draws, and each pipeline's counts ([unsafe, safe], in
/// `Fate`'s order), lost detections and events emitted without the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub events: std::rc::Rc<Vec<Event>>,
    pub counts: [[u32; 6]; 2],
    pub lost: [u32; 2],
    pub marked: [u32; 2],
}

impl State {
    pub fn count(&self, side: usize, fate: Fate) -> u32 {
        self.counts[side][fate as usize]
    }
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

pub const PIPELINES: [Pipeline; 2] = [Pipeline::Unsafe, Pipeline::Safe];

static PARAMS: [ParamSpec<Params>; 4] = [
    ParamSpec::keyed(
        "enrich_failure",
        Domain::Ratio { step_percent: 1, max_ppm: 1_000_000 },
        |l| s(l).enrich_failure,
        |p| Value::Int(p.enrich_failure.ppm().into()),
        |p, v| p.enrich_failure = ratio(&v),
    ),
    ParamSpec::keyed(
        "context_failure",
        Domain::Ratio { step_percent: 1, max_ppm: 1_000_000 },
        |l| s(l).context_failure,
        |p| Value::Int(p.context_failure.ppm().into()),
        |p, v| p.context_failure = ratio(&v),
    ),
    ParamSpec::keyed(
        "attacks",
        Domain::Ratio { step_percent: 1, max_ppm: 1_000_000 },
        |l| s(l).attacks,
        |p| Value::Int(p.attacks.ppm().into()),
        |p, v| p.attacks = ratio(&v),
    ),
    ParamSpec::keyed(
        "fs_events",
        Domain::int(10, 400, ""),
        |l| s(l).events,
        |p| Value::Int(p.events.into()),
        |p, v| p.events = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 2] = [
    Preset {
        code: "fail-safe",
        label: |l| s(l).preset_default,
        values: &[("seed", "7")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "enrichment-down",
        label: |l| s(l).preset_enrichment_down,
        values: &[("seed", "7"), ("enrich_failure", "0.5")],
        versions: (3, crate::unit::LINK_VERSION),
    },
];

fn state(params: &Params, shared: &Shared) -> State {
    let events = params.config(shared).events();
    let counts = PIPELINES.map(|p| census(&events, p));
    let lost = PIPELINES.map(|p| lost_detections(&events, p));
    let marked = PIPELINES.map(|p| emitted_without_field(&events, p));
    State { events: std::rc::Rc::new(events), counts, lost, marked }
}

impl crate::unit::Spec for Failsafe {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "failsafe";
    /// Beside the figure: the two failures; the mix and the count below.
    const PRIMARY: &'static [&'static str] = &["enrich_failure", "context_failure"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const LADDER: Option<&'static crate::ladder::Ladder<Params>> = Some(&LADDER);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, st: &State) -> crate::unit::Numbers {
        vec![
            ("unsafe_detections_lost", crate::number::Number::count(st.lost[0])),
            ("unsafe_dropped", crate::number::Number::count(st.count(0, Fate::Dropped))),
            ("unsafe_acted_blind", crate::number::Number::count(st.count(0, Fate::ActedBlind))),
            ("safe_detections_lost", crate::number::Number::count(st.lost[1])),
            ("safe_emitted_marked", crate::number::Number::count(st.marked[1])),
            ("safe_asked_a_human", crate::number::Number::count(st.count(1, Fate::AskedHuman))),
        ]
    }
}

impl crate::unit::Computed for Failsafe {
    fn state(params: &Params, shared: &Shared) -> State {
        state(params, shared)
    }
}

/// Across seeds (which events fail where) and the failures' shares: the
/// detections each pipeline loses.
static LADDER: crate::ladder::Ladder<Params> = crate::ladder::Ladder {
    outcomes: &[
        crate::ladder::outcome!("unsafe_detections_lost", "", es: "Detecciones perdidas (descartar)", en: "Detections lost (drop)"),
        crate::ladder::outcome!("safe_detections_lost", "", es: "Detecciones perdidas (emitir con marca)", en: "Detections lost (emit marked)"),
        crate::ladder::outcome!("unsafe_acted_blind", "", es: "Acciones a ciegas (descartar)", en: "Acted blind (drop)"),
    ],
    axes: &[
        crate::ladder::SweepAxis { key: "enrich_failure", from: "0", to: "1", lesson: None },
        crate::ladder::SweepAxis { key: "context_failure", from: "0", to: "1", lesson: None },
    ],
    measure: |params, shared| {
        let st = state(params, shared);
        let outcomes = vec![f64::from(st.lost[0]), f64::from(st.lost[1]), f64::from(st.count(0, Fate::ActedBlind))];
        crate::ladder::Measure { outcomes, end_ms: None }
    },
    // Each event's draws, through both pipelines.
    work: |params, _| 2 * u64::from(params.events),
    size: "fs_events",
    work_unit: |lang| lang.pick("eventos por canal", "events through a pipeline"),
    compare: Some([0, 1]),
};

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("failsafe-enrichment-down", witness: "exp=failsafe&enrich_failure=0.5", |p: &Params, _: &Shared, s: &State| p.enrich_failure.ppm() >= 500_000 && s.lost[0] > 0,
        es: ["Sube la falla del enriquecimiento al 50 % y compara las detecciones perdidas a cada lado.",
            "Mueve «Falla del enriquecimiento» a 50 %.",
            "Descartar convierte la falla de un componente auxiliar en ataques que nadie ve. Emitir el evento sin el campo, con una marca, deja que la detección se dispare y que alguien sepa qué faltó."],
        en: ["Raise the enrichment's failure rate to 50 % and compare the detections lost on each side.",
            "Move “Enrichment failure” to 50 %.",
            "Dropping turns the failure of a helper into attacks nobody sees. Emitting the event without the field, with a mark, lets the detection fire and tells someone what was missing."]),
    crate::tasks::task!("failsafe-no-blind", witness: "exp=failsafe&context_failure=0", |p: &Params, _: &Shared, s: &State| p.context_failure.ppm() == 0 && s.count(1, Fate::AskedHuman) == 0,
        es: ["Haz que el lado sin respuesta no actúe nunca a ciegas, sin tocar su política.",
            "Pon «Contexto sin confirmar» en 0 %.",
            "Solo si el contexto se confirma siempre. Como eso no se puede prometer, la respuesta definida es pedir aprobación humana: más lenta, pero nunca aísla a ciegas un servidor que no debía."],
        en: ["Make the side without an answer never act blind, without changing its policy.",
            "Set “Context not confirmed” to 0 %.",
            "Only if the context is always confirmed. As that cannot be promised, the defined answer is to ask a human: slower, but it never blindly isolates a server it should not have."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    #[test]
    fn the_default_loses_detections_only_on_the_unsafe_side() {
        let shared = Shared { seed: 7 };
        let st = state(&link::preset_params(&PRESETS, "fail-safe").failsafe, &shared);
        assert_eq!(
            (st.lost, st.count(0, Fate::ActedBlind), st.count(1, Fate::AskedHuman), st.marked[1]),
            ([4, 0], 3, 4, 14)
        );
        let down = state(&link::preset_params(&PRESETS, "enrichment-down").failsafe, &shared);
        assert!(down.lost[0] > st.lost[0] && down.lost[1] == 0, "{:?}", down.lost);
    }

    /// One is one: «1 respuesta a ciegas», never «1 respuestas a ciegas».
    #[test]
    fn the_point_says_one_in_the_singular() {
        use crate::i18n::Lang;
        let es = (super::strings::strings(Lang::Es).insight)(1, 2, 1, 1, 1);
        assert_eq!(
            es,
            "Sin respuesta definida: 1 evento descartado, 2 detecciones perdidas, 1 respuesta a ciegas. Fallando de forma segura: 1 marcado, ninguna perdida, 1 espera a una persona."
        );
        let en = (super::strings::strings(Lang::En).insight)(2, 1, 1, 3, 2);
        assert_eq!(
            en,
            "With no defined answer: 2 events dropped, 1 detection lost, 1 blind response. Failing safely: 3 marked, none lost, 2 wait for a person."
        );
    }
}
