//! Lesson 004's exercise 10, the fraud counter: a sink counts a card's
//! payments in one hour; consumer A processes some of them and dies before
//! committing, B inherits the partition and reads again from the last
//! committed offset. The same run through four sinks: add 1, write the
//! window's total (upsert), add 1 discarding stored event ids, and commit
//! before processing. The core's `consumer_group` simulates it.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::consumer_group::{exercise_10_run, Commit, Read, SinkKind};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::registry::Preset;

pub struct Fraud;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub payments: u32,
    /// Payments A processes before it dies (at most all of them).
    pub processed: u32,
}

impl Default for Params {
    /// Exercise 10: 6 payments, A processes 3.
    fn default() -> Self {
        Self { payments: 6, processed: 3 }
    }
}

/// The four sinks, in the order the panel shows them.
pub const SINKS: [(Commit, SinkKind); 4] = [
    (Commit::AfterBatch, SinkKind::Add),
    (Commit::AfterBatch, SinkKind::Upsert),
    (Commit::AfterBatch, SinkKind::Dedup),
    (Commit::BeforeBatch, SinkKind::Add),
];

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Each sink's counter.
    pub counters: [u32; 4],
    /// Who read which payment, when (commit after the work).
    pub reads: Vec<Read>,
}

impl Params {
    pub fn state(&self) -> State {
        // The core clamps `processed` to the payments; the reads shown are
        // the first sink's (commit after the work).
        let runs = SINKS.map(|(commit, sink)| exercise_10_run(self.payments, self.processed, commit, sink));
        State { counters: runs.each_ref().map(|run| run.counters.first().copied().unwrap_or(0)), reads: runs[0].reads.clone() }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 2] = [
    ParamSpec::new("payments", "payments", Domain::Int { min: 1, max: 50, unit: "" }, |l| s(l).payments,
        |p| Value::Int(p.payments.into()), |p, v| p.payments = int(&v) as u32),
    ParamSpec::new("processed", "processed", Domain::Int { min: 0, max: 50, unit: "" }, |l| s(l).processed,
        |p| Value::Int(p.processed.into()), |p, v| p.processed = int(&v) as u32),
];

static PRESETS: [Preset; 2] = [
    Preset { code: "exercise-10", label: |l| s(l).preset_exercise, values: &[], versions: (1, 2) },
    Preset { code: "exercise-10-late", label: |l| s(l).preset_late, values: &[("processed", "5")], versions: (1, 2) },
];

crate::registry::computed_unit!(Fraud, code: "fraud", title: |lang| s(lang).experiment,
    state: |params: &Params, _: &Shared| params.state(),
    numbers: |_: &Params, _: &Shared, state: &State| ["add", "upsert", "dedup", "commit_first"].into_iter().zip(state.counters).map(|(k, n)| (k, n.to_string())).collect());

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    #[test]
    fn exercise_10_nine_six_six_and_fewer() {
        let state = link::preset_params(&PRESETS, "exercise-10").fraud.state();
        assert_eq!(state.counters, [9, 6, 6, 3], "add, upsert, dedup, commit first");
        let by = |c: u32| state.reads.iter().filter(|r| r.consumer == c).count();
        assert_eq!((by(0), by(1)), (3, 6), "A processed 3, B re-read all 6");
        let late = link::preset_params(&PRESETS, "exercise-10-late").fraud.state();
        assert_eq!(late.counters, [11, 6, 6, 5]);
        // More processed than payments is all of them: nothing to re-read after the fact.
        assert_eq!(Params { payments: 2, processed: 9 }.state().counters, [2, 2, 2, 2]);
    }
}
