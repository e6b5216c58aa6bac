//! The lab's experiments as the rest of the page reads them: the list
//! (`experiments/mod.rs`, re-exported here), every parameter by its
//! `ParamId` and the presets of every link version (the lesson groups,
//! one page each, are `groups.rs`). Everything that enumerates them: the
//! tabs, the link codec (its keys, `exp=`, `only=`, `lock=`, `preset=`),
//! the reducer's dispatch, the panels, the README check and the tests.
//!
//! Adding an experiment: a module under `experiments/` with a type that
//! implements [`Unit`] (its parameters, state, reducer, presets, strings)
//! and a `panel` function, plus its one line in the list.

use crate::i18n::Lang;
use crate::params::{Domain, SHARED_PARAMS};
pub use crate::unit::{Locks, Numbers, OldNote, Preset, Scenario, Transport, Unit};

impl ParamId {
    /// Every parameter: shared first, then each experiment's in order.
    pub fn all() -> impl Iterator<Item = ParamId> {
        let shared = (0..SHARED_PARAMS.len()).map(|index| ParamId { owner: Owner::Shared, index });
        let units = Experiment::ALL
            .iter()
            .flat_map(|&e| (0..e.param_count()).map(move |index| ParamId { owner: Owner::Experiment(e), index }));
        shared.chain(units)
    }

    pub fn by_key(key: &str) -> Option<ParamId> {
        Self::all().find(|p| p.key() == key)
    }

    /// An experiment's own parameters (its panel's controls).
    pub fn of(experiment: Experiment) -> impl Iterator<Item = ParamId> {
        Self::all().filter(move |p| p.owner == Owner::Experiment(experiment))
    }

    /// Every parameter a run of this experiment depends on: the shared ones,
    /// then its own (an export's parameters, the locks an author may set).
    pub fn of_run(experiment: Experiment) -> impl Iterator<Item = ParamId> {
        Self::all().filter(move |p| p.owner == Owner::Shared || p.owner == Owner::Experiment(experiment))
    }
}

impl ParamId {
    pub fn key(self) -> &'static str {
        self.meta().key
    }
    pub fn lock(self) -> &'static str {
        self.meta().lock
    }
    pub fn domain(self) -> Domain {
        self.meta().domain
    }
    pub fn label(self, lang: Lang) -> &'static str {
        (self.meta().label)(lang)
    }
    /// Playback, not scenario: a rate of simulated seconds per real second
    /// (the unit says so) changes how fast a run is shown, never the run,
    /// so it leaves the scenario named.
    pub fn is_playback(self) -> bool {
        matches!(self.domain(), Domain::Int { unit: "s/s", .. })
    }
    /// How this experiment's run is shown, not what it is: the playback rate
    /// or the scene's instant (its clock shows it). Moving it neither names
    /// a preset «cambiado» nor opens the list of more parameters (playing
    /// opened it, 500 px under the DLQ's chart, and drew it every frame).
    pub fn is_view_of(self, experiment: Experiment) -> bool {
        self.is_playback() || Some(self.key()) == experiment.instant_key()
    }
}

impl Experiment {
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|e| e.code() == code)
    }

    pub fn first() -> Self {
        Self::ALL[0]
    }
}

impl Default for Experiment {
    fn default() -> Self {
        Self::first()
    }
}

/// The preset a link version knows under this code, with its owner.
pub fn preset(version: u32, code: &str) -> Option<(Experiment, &'static Preset)> {
    presets(version).find(|(_, p)| p.code == code)
}

/// Every preset of every experiment known to a link version, with its owner.
pub fn presets(version: u32) -> impl Iterator<Item = (Experiment, &'static Preset)> {
    Experiment::ALL
        .iter()
        .flat_map(move |&e| e.presets().iter().filter(move |p| p.in_version(version)).map(move |p| (e, p)))
}

// The list itself is in experiments/mod.rs, where it declares the modules.
#[cfg(target_arch = "wasm32")]
pub use crate::experiments::panel;
pub use crate::experiments::{Experiment, LabParams, Owner, ParamId, States, UnitAction};

/// An experiment's locks (`lock=`): the first parameter of each lock name
/// a run of it depends on, in order (the CLI's and the tools' tables).
#[cfg(not(target_arch = "wasm32"))]
impl ParamId {
    pub fn locks_of(experiment: Experiment) -> Vec<ParamId> {
        let mut locks: Vec<ParamId> = Vec::new();
        for p in ParamId::of_run(experiment) {
            if !locks.iter().any(|l| l.lock() == p.lock()) {
                locks.push(p);
            }
        }
        locks
    }
}
