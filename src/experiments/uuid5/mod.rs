//! Lesson 000's double publication: the same pass published twice with two
//! random v4 ids, against an id derived with uuid5 from `norad_id|start_utc`.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::ids::{double_publication, parse_utc, DoublePublication as Demo, PassKeyError};
use retry_lab_core::{Namespace, PassKey};

use crate::i18n::Lang;
use crate::params::{int, text, Domain, ParamSpec, Shared, Value};
use crate::unit::{Locks, Preset};

pub struct DoublePublication;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub pass: PassKey,
    pub namespace: Namespace,
}

impl Default for Params {
    /// The lesson's ISS pass, namespace DNS (the lab's choice: the lesson names none).
    fn default() -> Self {
        Self { pass: PassKey::lesson(), namespace: Namespace::Dns }
    }
}

impl Params {
    pub fn demo(&self, shared: &Shared) -> Demo {
        double_publication(self.namespace, &self.pass, shared.seed)
    }
}

/// The text fields of the demo: what the learner typed, and why it is
/// invalid if it is. The last valid pass stays in the parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub norad_id: String,
    pub start_utc: String,
    pub error: Option<PassKeyError>,
}

impl State {
    fn of(pass: &PassKey) -> Self {
        Self { norad_id: pass.norad_id.to_string(), start_utc: pass.start_utc(), error: None }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    SetNoradInput(String),
    SetStartUtcInput(String),
}

static PARAMS: [ParamSpec<Params>; 3] = [
    ParamSpec::new(
        "norad",
        "pass",
        Domain::int(1, PassKey::NORAD_ID_MAX as u64, ""),
        |l| strings::strings(l).norad_id,
        |p| Value::Int(p.pass.norad_id.into()),
        |p, v| p.pass.norad_id = int(&v) as u32,
    ),
    ParamSpec::new(
        "start",
        "pass",
        Domain::Text { expected: "YYYY-MM-DDTHH:MM:SSZ", valid: |t| parse_utc(t).is_some() },
        |l| strings::strings(l).start_utc,
        |p| Value::Text(p.pass.start_utc()),
        |p, v| {
            if let Some(unix_s) = parse_utc(text(&v)) {
                p.pass.start_unix_s = unix_s;
            }
        },
    ),
    ParamSpec::keyed(
        "ns",
        Domain::Text { expected: "dns, url, oid, x500 or a UUID", valid: |t| Namespace::parse(t).is_some() },
        |l| strings::strings(l).namespace,
        |p| Value::Text(p.namespace.to_string()),
        |p, v| p.namespace = Namespace::parse(text(&v)).unwrap_or(Namespace::Dns),
    ),
];

static PRESETS: [Preset; 1] = [Preset {
    code: "double-publication",
    label: |l| strings::strings(l).preset,
    values: &[],
    versions: (1, crate::unit::LINK_VERSION),
}];

impl crate::unit::Spec for DoublePublication {
    /// Still: an id is a function of its key: nothing happens in time.
    const TIMELESS: bool = true;
    type Params = Params;
    type State = State;
    const CODE: &'static str = "uuid5";
    const PARAMS: &'static [ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [Preset] = &PRESETS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: Lang) -> &'static str {
        strings::strings(lang).experiment_uuid5
    }
    fn numbers(params: &Params, shared: &Shared, _state: &State) -> crate::unit::Numbers {
        let demo = params.demo(shared);
        vec![
            ("uuid5", crate::number::Number::Text(demo.derived.to_string())),
            ("processed_by_v4_ids", crate::number::Number::count(demo.processed_by_random_id)),
            ("processed_by_uuid5", crate::number::Number::count(demo.processed_by_derived_id)),
        ]
    }
}

impl crate::unit::Unit for DoublePublication {
    type Action = Action;
    fn init(params: &Params, _shared: &Shared, _clock_ms: u64) -> State {
        State::of(&params.pass)
    }
    /// A pass set from outside (a preset) replaces valid text; text the
    /// learner is still correcting stays.
    fn params_changed(state: &mut State, params: &Params, _shared: &Shared) {
        if state.error.is_none()
            && PassKey::parse(&state.norad_id, &state.start_utc).ok().as_ref() != Some(&params.pass)
        {
            *state = State::of(&params.pass);
        }
    }
    fn reduce(state: &mut State, params: &mut Params, _shared: &Shared, locks: &Locks, action: Action) {
        if locks.contains("pass") {
            return;
        }
        match action {
            Action::SetNoradInput(text) => state.norad_id = text,
            Action::SetStartUtcInput(text) => state.start_utc = text,
        }
        match PassKey::parse(&state.norad_id, &state.start_utc) {
            Ok(pass) => {
                params.pass = pass;
                state.error = None;
            }
            // The last valid pass stays; the field says what is wrong.
            Err(error) => state.error = Some(error),
        }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 3] = [
    crate::tasks::task!("uuid5-other-pass", witness: "exp=uuid5&norad=33591", |p: &Params, _: &Shared, s: &State| {
            s.error.is_none() && p.pass != retry_lab_core::PassKey::lesson()
        },
        es: ["Calcula el id de otro pase (otro norad_id u otro inicio) y mira cuántas veces se procesa si se publica dos veces.",
            "Cambia el norad_id 25544 por otro satélite, o la hora de inicio.",
            "Otra clave da otro uuid5, pero la misma clave da siempre el mismo: publicada dos veces, el pase se procesa una vez. Con ids v4 al azar, dos."],
        en: ["Compute the id of another pass (another norad_id or start) and see how often it is processed when published twice.",
            "Change norad_id 25544 to another satellite, or the start time.",
            "Another key gives another uuid5, but one key always gives the same one: published twice, the pass is processed once. With random v4 ids, twice."]),
    crate::tasks::task!("uuid5-namespace", witness: "exp=uuid5&ns=url", |p: &Params, _: &Shared, _: &State| p.namespace != retry_lab_core::Namespace::Dns,
        es: ["Cambia el namespace y compara el id del mismo pase.",
            "Prueba url, oid o x500 en el campo del namespace.",
            "El uuid5 es el SHA-1 del namespace más la clave: otro namespace, otro id. Todos los productores tienen que usar el mismo namespace y la misma clave canónica."],
        en: ["Change the namespace and compare the same pass's id.",
            "Try url, oid or x500 in the namespace field.",
            "A uuid5 is the SHA-1 of the namespace and the key: another namespace, another id. Every producer must use the same namespace and the same canonical key."]),
    crate::tasks::task!("uuid5-invalid", witness: "exp=uuid5", |_: &Params, _: &Shared, s: &State| s.error.is_some(),
        es: ["Escribe un inicio que no sea UTC canónico (por ejemplo, sin la Z) y mira qué hace el laboratorio.",
            "Borra la Z final de 2026-07-29T14:00:00Z.",
            "La clave tiene que escribirse siempre igual: «14:00:00Z» y «14:00:00+00:00» son el mismo instante pero darían dos ids. Por eso solo se acepta la forma canónica."],
        en: ["Type a start that is not canonical UTC (say, without the Z) and see what the lab does.",
            "Delete the final Z of 2026-07-29T14:00:00Z.",
            "The key must always be written the same way: “14:00:00Z” and “14:00:00+00:00” are the same instant but would give two ids. So only the canonical form is taken."]),
];

/// The number its lesson states, asked before the figure says it.
const PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿cuántas veces procesa el pase el consumidor que deduplica por el id v4?",
            "how many times does the consumer that deduplicates by the v4 id process the pass?",
        )
    },
    unit: "",
    counted: false,
    answer: |p: &Params, shared: &Shared, _: &State| Some(p.demo(shared).processed_by_random_id.into()),
    why: |lang| {
        lang.pick("Cada publicación estrena un id v4 al azar: para el consumidor son dos hechos distintos. El uuid5 de la misma clave es el mismo id las dos veces.", "Each publication gets a new random v4 id: to the consumer they are two different facts. The uuid5 of the same key is the same id both times.")
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::unit::Unit;

    #[test]
    fn invalid_input_keeps_the_last_valid_pass() {
        let mut params = Params::default();
        let shared = Shared::default();
        let mut state = DoublePublication::init(&params, &shared, 0);
        let set = |state: &mut State, params: &mut Params, action| {
            DoublePublication::reduce(state, params, &shared, &Locks::default(), action)
        };
        set(&mut state, &mut params, Action::SetStartUtcInput("2026-02-30T14:00:00Z".into()));
        assert_eq!(state.error, Some(PassKeyError::StartUtc));
        assert_eq!(params.pass, PassKey::lesson());
        set(&mut state, &mut params, Action::SetStartUtcInput("2026-07-30T14:00:00Z".into()));
        assert_eq!(state.error, None);
        assert_eq!(params.pass.key(), "25544|2026-07-30T14:00:00Z");
        let demo = params.demo(&shared);
        assert_eq!((demo.processed_by_random_id, demo.processed_by_derived_id), (2, 1));
    }
}
