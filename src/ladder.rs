//! What a seeded experiment offers a sweep (`Unit::ladder`): its key
//! outcomes, the parameters worth varying, and how a whole run measures
//! them. The sweep itself (`sweep.rs`) runs the list's experiments.

use crate::i18n::Lang;
use crate::params::Shared;

/// A key outcome of a whole run: what its histogram counts.
#[derive(Debug)]
pub struct Outcome {
    pub key: &'static str,
    pub label: fn(Lang) -> &'static str,
    /// "" for a count, "%" for a share (measured 0–100).
    pub unit: &'static str,
}

/// `outcome!(key, unit, es: "…", en: "…")`: an [`Outcome`] in one line (a
/// page without a seeded experiment has no use for it).
#[allow(unused_macros)]
macro_rules! outcome {
    ($key:literal, $unit:literal, es: $es:literal, en: $en:literal $(,)?) => {
        $crate::ladder::Outcome { key: $key, unit: $unit, label: |lang| lang.pick($es, $en) }
    };
}
#[allow(unused_imports)]
pub(crate) use outcome;

/// A parameter a sweep may vary, over `from..=to` as a link writes them,
/// and the value the lesson states, marked on the chart.
#[derive(Debug)]
pub struct SweepAxis {
    pub key: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub lesson: Option<&'static str>,
}

/// What an experiment offers the ladder: declared once, in its module.
pub struct Ladder<P: 'static> {
    pub outcomes: &'static [Outcome],
    pub axes: &'static [SweepAxis],
    /// A whole run's outcomes, in `outcomes`' order.
    pub measure: fn(&P, &Shared) -> Measure,
    /// What one run costs at most, in the core's own measure of work (an
    /// engine's delivery attempts, the storm's calls): a sweep adds these up
    /// before it starts and refuses a plan over `sweep::WORK_MAX`.
    pub work: fn(&P, &Shared) -> u64,
    /// The parameter the work grows with (`messages`, `events`, `clients`),
    /// which a refused sweep suggests lowering.
    pub size: &'static str,
    /// What `work` counts, in the learner's words («intentos de entrega»).
    pub work_unit: fn(Lang) -> &'static str,
    /// Two outcomes that are the two sides of one comparison (the storm's
    /// strategies, ack before and after), drawn on one axis by the sweep page.
    pub compare: Option<[usize; 2]>,
}

/// `work_unit` of the experiments the delivery engine runs.
pub fn attempts(lang: Lang) -> &'static str {
    lang.pick("intentos de entrega", "delivery attempts")
}

/// What a whole run came to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measure {
    /// In the ladder's `outcomes`' order (empty: the run could not be made).
    pub outcomes: Vec<f64>,
    /// For an experiment with a clock, when its last thing happened: a
    /// point's link opens the run there, where the page shows its outcome.
    pub end_ms: Option<u64>,
}

/// What the registry tells of an experiment's ladder, whatever its
/// parameters' type.
#[derive(Clone, Copy, Debug)]
pub struct Offer {
    pub outcomes: &'static [Outcome],
    pub axes: &'static [SweepAxis],
    pub size: &'static str,
    pub work_unit: fn(Lang) -> &'static str,
    pub compare: Option<[usize; 2]>,
}

impl<P> Ladder<P> {
    pub const fn offer(&self) -> Offer {
        Offer {
            outcomes: self.outcomes,
            axes: self.axes,
            size: self.size,
            work_unit: self.work_unit,
            compare: self.compare,
        }
    }
}
