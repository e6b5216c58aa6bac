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
use crate::registry::{Locks, Preset};

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
    ParamSpec::new("norad", "pass", Domain::Int { min: 1, max: PassKey::NORAD_ID_MAX as u64, unit: "" },
        |l| strings::strings(l).norad_id,
        |p| Value::Int(p.pass.norad_id.into()), |p, v| p.pass.norad_id = int(&v) as u32),
    ParamSpec::new("start", "pass", Domain::Text { expected: "YYYY-MM-DDTHH:MM:SSZ", valid: |t| parse_utc(t).is_some() },
        |l| strings::strings(l).start_utc,
        |p| Value::Text(p.pass.start_utc()),
        |p, v| {
            if let Some(unix_s) = parse_utc(text(&v)) {
                p.pass.start_unix_s = unix_s;
            }
        }),
    ParamSpec::new("ns", "ns", Domain::Text { expected: "dns, url, oid, x500 or a UUID", valid: |t| Namespace::parse(t).is_some() },
        |l| strings::strings(l).namespace,
        |p| Value::Text(p.namespace.to_string()),
        |p, v| p.namespace = Namespace::parse(text(&v)).unwrap_or(Namespace::Dns)),
];

static PRESETS: [Preset; 1] =
    [Preset { code: "double-publication", label: |l| strings::strings(l).preset, values: &[], versions: (1, 2) }];

impl crate::registry::Unit for DoublePublication {
    type Params = Params;
    type State = State;
    type Action = Action;
    const CODE: &'static str = "uuid5";

    fn title(lang: Lang) -> &'static str {
        strings::strings(lang).experiment_uuid5
    }
    fn params() -> &'static [ParamSpec<Params>] {
        &PARAMS
    }
    fn presets() -> &'static [Preset] {
        &PRESETS
    }
    fn init(params: &Params, _shared: &Shared, _clock_ms: u64) -> State {
        State::of(&params.pass)
    }
    /// A pass set from outside (a preset) replaces valid text; text the
    /// learner is still correcting stays.
    fn params_changed(state: &mut State, params: &Params, _shared: &Shared) {
        if state.error.is_none() && PassKey::parse(&state.norad_id, &state.start_utc).ok().as_ref() != Some(&params.pass) {
            *state = State::of(&params.pass);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn numbers(params: &Params, shared: &Shared, _state: &State) -> crate::registry::Numbers {
        let demo = params.demo(shared);
        vec![
            ("uuid5", demo.derived.to_string()),
            ("processed_by_v4_ids", demo.processed_by_random_id.to_string()),
            ("processed_by_uuid5", demo.processed_by_derived_id.to_string()),
        ]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Unit;

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
