//! Lesson 004: ack before / after / after + dedup, with a crash probability
//! (the lesson's loop, run by the core's engine).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::ack_timing::{AckTimingRow, AckTimingRun};
use retry_lab_core::{Probability, RngKind};

use crate::params::{int, probability, ratio, Domain, ParamSpec, Shared, Value};
use crate::registry::Preset;

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
}

impl Default for Params {
    /// The lesson's run: 1,000 messages, 5 % crashes, the Python-compatible generator.
    fn default() -> Self {
        Self { crash: Probability::from_ppm(50_000).expect("in range"), rng: RngKind::Python, messages: 1_000 }
    }
}

impl Params {
    pub fn run(&self, shared: &Shared) -> AckTimingRun {
        AckTimingRun { messages: self.messages, crash: self.crash, seed: shared.seed, rng: self.rng }
    }

    pub fn table(&self, shared: &Shared) -> Option<[AckTimingRow; 3]> {
        self.run(shared).table().ok()
    }
}

/// No state beyond the parameters: the table is computed from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {}

static PARAMS: [ParamSpec<Params>; 3] = [
    ParamSpec::new("crash", "crash", Domain::Ratio { step_percent: 1, max_ppm: CRASH_MAX_PPM }, |l| strings::strings(l).crash,
        |p| probability(p.crash), |p, v| p.crash = ratio(&v)),
    ParamSpec::new("rng", "rng", Domain::Choice { codes: &["python", "pcg"], labels: |l| strings::strings(l).rng_labels },
        |l| strings::strings(l).rng,
        |p| Value::Int(u64::from(p.rng == RngKind::Pcg)),
        |p, v| p.rng = if int(&v) == 1 { RngKind::Pcg } else { RngKind::Python }),
    ParamSpec::new("messages", "messages", Domain::Int { min: 1, max: MESSAGES_MAX as u64, unit: "" },
        |l| strings::strings(l).messages,
        |p| Value::Int(p.messages.into()), |p, v| p.messages = int(&v) as u32),
];

static PRESETS: [Preset; 1] = [Preset {
    code: "lesson-004",
    label: |l| strings::strings(l).preset,
    values: &[("seed", "7"), ("crash", "0.05"), ("rng", "python"), ("messages", "1000")],
    versions: (1, 2),
}];

// The table is computed from the parameters when drawn: no state.
pub type State = ();

crate::registry::computed_unit!(AckTiming, code: "ack", title: |lang| strings::strings(lang).experiment_ack,
    state: |_: &Params, _: &Shared| ());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_table_is_the_lessons() {
        let [before, after, dedup] = Params::default().table(&Shared::default()).unwrap();
        assert_eq!((before.effects, before.lost), (942, 58));
        assert_eq!(after.effects, 1_060);
        assert_eq!((dedup.effects, dedup.duplicates_discarded), (1_000, 60));
    }
}
