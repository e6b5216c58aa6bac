//! What an experiment is: the contract each module under `experiments/`
//! implements (`Unit`: parameters, state, reducer, presets, tasks,
//! numbers, tables, ladder) and the types it is written with. The list of
//! experiments (`experiments/mod.rs`) builds the lab from it with
//! `registry!`; nothing here knows which experiments exist.

use std::fmt::Debug;
use std::hash::Hash;

use crate::i18n::Lang;
use crate::ladder::Ladder;
use crate::params::{ParamSpec, Shared};
use crate::scene::Timeline;
use crate::table::Table;
use crate::tasks::{Prediction, Task};

/// A named scenario: link pairs applied over the defaults, through the same
/// decoder as a link (explicit link values override them).
pub struct Preset {
    pub code: &'static str,
    pub label: fn(Lang) -> &'static str,
    pub values: &'static [(&'static str, &'static str)],
    /// The link versions that know this preset under this code (first,
    /// last): a preset whose meaning changed keeps its old definition for
    /// old links.
    pub versions: (u32, u32),
}

impl Preset {
    pub fn in_version(&self, version: u32) -> bool {
        (self.versions.0..=self.versions.1).contains(&version)
    }
}

/// The link format's version today's lab writes (`link::VERSION`): a
/// preset still meant as it was reads `versions: (since, LINK_VERSION)`.
pub const LINK_VERSION: u32 = 4;

/// Presets are statics: one is itself, wherever it is read from.
impl PartialEq for Preset {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Debug for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Preset({} v{}-{})", self.code, self.versions.0, self.versions.1)
    }
}

/// Words in the learner's language: what an old link's default meant.
pub type OldNote = fn(Lang) -> &'static str;

/// The scenario the lab's parameters are: a preset, as the link's version
/// (or the menu) defined it. `old_default`: read with a default an older
/// link meant (`link::CHANGED_DEFAULTS`), which the menu names.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    pub preset: &'static Preset,
    pub old_default: Option<OldNote>,
}

/// A preset read with an old default is another scenario than without it
/// (function addresses are no identity: whether there is one is).
impl PartialEq for Scenario {
    fn eq(&self, other: &Self) -> bool {
        self.preset == other.preset && self.old_default.is_some() == other.old_default.is_some()
    }
}

impl Scenario {
    pub fn of(preset: &'static Preset) -> Self {
        Scenario { preset, old_default: None }
    }

    /// Not one of today's menu entries: an old link's meaning.
    pub fn is_old(&self, version: u32) -> bool {
        !self.preset.in_version(version) || self.old_default.is_some()
    }

    /// The menu's name for it: an old link's says so.
    pub fn label(&self, lang: Lang) -> String {
        let label = (self.preset.label)(lang);
        match self.old_default {
            Some(note) => format!("{label} ({})", note(lang)),
            None => label.to_owned(),
        }
    }
}

/// Parameters an author locked, by their lock names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Locks(pub Vec<&'static str>);

impl Locks {
    pub fn contains(&self, lock: &str) -> bool {
        self.0.contains(&lock)
    }
}

pub use crate::scene::Transport;

/// What an experiment is: its parameters, state, reducer and presets.
pub trait Unit {
    type Params: Clone + Debug + Default + PartialEq + Eq + Hash;
    type State: Clone;
    type Action: Clone + Debug + PartialEq;
    /// In `exp=`, `only=`, `data-experiment` and the tab's `data-experiment`.
    const CODE: &'static str;
    fn title(lang: Lang) -> &'static str;
    fn params() -> &'static [ParamSpec<Self::Params>];
    /// The keys of the parameters shown beside the figure, at most four
    /// (`tests/registry.rs`); the others wait under "Más parámetros".
    /// Empty: every parameter is shown (an experiment of four or fewer).
    const PRIMARY: &'static [&'static str] = &[];
    /// The preset a link that sets nothing opens, when the defaults (its
    /// first preset) do not tell the lesson's story by themselves.
    const OPENING: Option<&'static str> = None;
    /// A scene whose instant is one of its parameters (seconds, in its
    /// links since before scenes): the scene clock drives it, and moving it
    /// is no change of scenario.
    const INSTANT: Option<&'static str> = None;
    fn presets() -> &'static [Preset];
    fn init(params: &Self::Params, shared: &Shared, clock_ms: u64) -> Self::State;
    /// Some parameter (its own or a shared one) changed.
    fn params_changed(state: &mut Self::State, params: &Self::Params, shared: &Shared);
    fn reduce(state: &mut Self::State, params: &mut Self::Params, shared: &Shared, locks: &Locks, action: Self::Action);
    fn transport(_state: &mut Self::State, _params: &Self::Params, _transport: Transport) {}
    fn playing(_state: &Self::State) -> bool {
        false
    }
    /// The simulated clock, for experiments that keep their own (it goes in links as `at`).
    fn clock_ms(_state: &Self::State) -> Option<u64> {
        None
    }
    /// A run the lesson tells in time: its end and its moments, in the
    /// learner's words; the shell plays it on the scene clock (`scene.rs`).
    /// None: a still figure (an id, a hash, a size have no time).
    fn timeline(_params: &Self::Params, _shared: &Shared, _state: &Self::State, _lang: Lang) -> Option<Timeline> {
        None
    }
    /// What the whole run of these parameters comes to, by name: what
    /// `retry-lab presets` prints for each preset, what the README's preset
    /// table is checked against, and an export's `totals` (the pages never
    /// call it: only the export module and the CLI link it).
    fn numbers(_params: &Self::Params, _shared: &Shared, _state: &Self::State) -> Numbers {
        Vec::new()
    }
    /// The run's own tables for an export (a delivery log, a dead-letter
    /// queue), before the `totals` every export has. The same tables, by
    /// name, whatever the parameters.
    fn tables(_params: &Self::Params, _shared: &Shared, _state: &Self::State) -> Vec<Table> {
        Vec::new()
    }
    /// The guided tasks ("Prueba esto"), 2 to 5, each checked on the state.
    fn tasks() -> &'static [Task<Self::Params, Self::State>];
    /// The number the lesson states, asked before the figure says it.
    fn prediction() -> Option<&'static Prediction<Self::Params, Self::State>> {
        None
    }
    /// A seeded experiment's key outcomes, for sweeps across seeds and a
    /// parameter (`sweep.rs`); `None` where the seed changes nothing.
    fn ladder() -> Option<&'static Ladder<Self::Params>> {
        None
    }
}

/// Named results of a run, in the order an author reads them.
pub type Numbers = Vec<(&'static str, crate::number::Number)>;

/// The `Unit` of an experiment whose state is computed from its parameters
/// alone (no actions, no time): used in the experiment's own module, where
/// these eight are: `Params`, `State`, `Action` (an empty enum), `PARAMS`,
/// `PRESETS`, `TASKS`, `PREDICTION` (an `Option`) and `PRIMARY`.
/// Lesson 000's page has no such experiment, hence the allowances.
#[allow(unused_macros)]
macro_rules! computed_unit {
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr $(,)?) => {
        $crate::unit::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: |_: &Params, _: &$crate::params::Shared, _: &State| Vec::new());
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr $(,)?) => {
        $crate::unit::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: |_: &Params, _: &$crate::params::Shared, _: &State| Vec::new(), ladder: None);
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, ladder: $ladder:expr $(,)?) => {
        $crate::unit::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: |_: &Params, _: &$crate::params::Shared, _: &State| Vec::new(), ladder: $ladder);
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, tables: $tables:expr $(,)?) => {
        $crate::unit::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: $tables, ladder: None);
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, tables: $tables:expr, ladder: $ladder:expr $(,)?) => {
        $crate::unit::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: $tables, ladder: $ladder,
            timeline: |_: &Params, _: &$crate::params::Shared, _: &State, _: $crate::i18n::Lang| None);
    };
    // A scene: its run told in time (`Unit::timeline`).
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, tables: $tables:expr, ladder: $ladder:expr, timeline: $timeline:expr $(,)?) => {
        $crate::unit::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: $tables, ladder: $ladder, timeline: $timeline, instant: None);
    };
    // A scene whose instant is a parameter of its own (`Unit::INSTANT`).
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, tables: $tables:expr, ladder: $ladder:expr, timeline: $timeline:expr, instant: $instant:expr $(,)?) => {
        impl $crate::unit::Unit for $unit {
            type Params = Params;
            type State = State;
            type Action = Action;
            const CODE: &'static str = $code;
            const INSTANT: Option<&'static str> = $instant;

            fn title(lang: $crate::i18n::Lang) -> &'static str {
                ($title)(lang)
            }
            const PRIMARY: &'static [&'static str] = PRIMARY;
            fn params() -> &'static [$crate::params::ParamSpec<Params>] {
                &PARAMS
            }
            fn presets() -> &'static [$crate::unit::Preset] {
                &PRESETS
            }
            fn init(params: &Params, shared: &$crate::params::Shared, _clock_ms: u64) -> State {
                ($state)(params, shared)
            }
            fn params_changed(state: &mut State, params: &Params, shared: &$crate::params::Shared) {
                *state = ($state)(params, shared);
            }
            fn reduce(_: &mut State, _: &mut Params, _: &$crate::params::Shared, _: &$crate::unit::Locks, action: Action) {
                match action {}
            }
            fn tasks() -> &'static [$crate::tasks::Task<Params, State>] {
                &TASKS
            }
            fn prediction() -> Option<&'static $crate::tasks::Prediction<Params, State>> {
                PREDICTION
            }
            fn numbers(params: &Params, shared: &$crate::params::Shared, state: &State) -> $crate::unit::Numbers {
                ($numbers)(params, shared, state)
            }
            fn tables(params: &Params, shared: &$crate::params::Shared, state: &State) -> Vec<$crate::table::Table> {
                ($tables)(params, shared, state)
            }
            fn ladder() -> Option<&'static $crate::ladder::Ladder<Params>> {
                $ladder
            }
            fn timeline(params: &Params, shared: &$crate::params::Shared, state: &State, lang: $crate::i18n::Lang) -> Option<$crate::scene::Timeline> {
                ($timeline)(params, shared, state, lang)
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use computed_unit;

/// The lab, built from the list of experiments (`experiments/mod.rs`,
/// where it is invoked): its modules, the `Experiment` enum, `ParamId`,
/// `LabParams`, `States` and the dispatch of every call to each `Unit`. A
/// line `Variant => module in "feature"` asks for `module::Variant`, the
/// module's `Unit`, whose `CODE` is the module's name (`tests/registry.rs`
/// checks it: the tools find an experiment's files by its code).
macro_rules! registry {
    ($($variant:ident => $module:ident in $feature:literal),+ $(,)?) => {
        $(#[cfg(feature = $feature)] pub mod $module;)+

        use crate::table::Table;
        use crate::i18n::Lang;
        use crate::params::{ParamMeta, Shared, Value, SHARED_PARAMS};
        use crate::unit::{Locks, Numbers, Preset, Transport, Unit};
        use crate::ladder::{Ladder, Offer};
        use crate::tasks::{Prediction, PredictionView, Task, TaskView};

        /// Whose parameter: the lab's shared ones, or an experiment's.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Owner {
            Shared,
            Experiment(Experiment),
        }

        /// A parameter of any experiment, by its place in the registry.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct ParamId {
            pub owner: Owner,
            pub(crate) index: usize,
        }

        /// The lab's experiments; one is open at a time.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Experiment { $(#[cfg(feature = $feature)] $variant),+ }

        impl Experiment {
            pub const ALL: &'static [Experiment] = &[$(#[cfg(feature = $feature)] Experiment::$variant),+];

            /// Its module's name, `src/experiments/<module>/` (native: the tests read its files).
            #[cfg(not(target_arch = "wasm32"))]
            pub fn module(self) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => stringify!($module)),+ }
            }
            pub fn code(self) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::CODE),+ }
            }
            /// Its lesson group's cargo feature (the page it is built into).
            #[cfg(not(target_arch = "wasm32"))]
            pub fn feature(self) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => $feature),+ }
            }
            pub fn title(self, lang: Lang) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::title(lang)),+ }
            }
            pub fn presets(self) -> &'static [Preset] {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::presets()),+ }
            }
            /// Its tasks' codes (what `tasks=` may name).
            pub fn task_codes(self) -> Vec<&'static str> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::tasks().iter().map(|t| t.code).collect()),+ }
            }
            /// Each task's code and the link under which it holds (tests).
            #[cfg(not(target_arch = "wasm32"))]
            pub fn task_witnesses(self) -> Vec<(&'static str, &'static str)> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::tasks().iter().map(|t| (t.code, t.witness)).collect()),+ }
            }
            /// Each task's code and goal, in a language (the builder lists them).
            pub fn task_goals(self, lang: Lang) -> Vec<(&'static str, &'static str)> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::tasks().iter().map(|t| (t.code, (t.text)(lang).goal)).collect()),+ }
            }
            /// The preset a link that sets nothing opens: its story, or its defaults.
            pub fn opening(self) -> Option<&'static Preset> {
                let code = match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::OPENING),+ };
                self.presets().iter().find(|p| Some(p.code) == code)
            }
            /// The parameter that is its scene's instant, if one is.
            pub fn instant_key(self) -> Option<&'static str> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::INSTANT),+ }
            }
            /// The parameters beside its figure (empty: all of them).
            pub fn primary(self) -> &'static [&'static str] {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::PRIMARY),+ }
            }
            /// What a sweep of it may measure and vary (`None`: not seeded).
            pub fn ladder(self) -> Option<Offer> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::ladder().map(Ladder::offer)),+ }
            }
            /// Whether a sweep across seeds means something for it (the lab
            /// links to `sweep.html` under it).
            pub fn sweepable(self) -> bool {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::ladder().is_some()),+ }
            }
            /// A whole run's key outcomes (`Ladder::measure`; empty: not seeded).
            pub fn measure(self, p: &LabParams) -> crate::ladder::Measure {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::ladder().map_or_else(Default::default, |l| (l.measure)(&p.$module, &p.shared))),+ }
            }
            /// What one run costs at most in the core's measure (`Ladder::work`; 0: not seeded).
            pub fn work(self, p: &LabParams) -> u64 {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::ladder().map_or(0, |l| (l.work)(&p.$module, &p.shared))),+ }
            }
            /// This experiment's run alone (no other's state) at the clock,
            /// its numbers: what `retry-lab presets` prints and the tests run
            /// at every parameter's extremes.
            #[cfg(not(target_arch = "wasm32"))]
            pub fn run_numbers(self, p: &LabParams, clock_ms: u64) -> Numbers {
                fn of<U: Unit>(p: &U::Params, shared: &Shared, clock_ms: u64) -> Numbers {
                    U::numbers(p, shared, &U::init(p, shared, clock_ms))
                }
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => of::<self::$module::$variant>(&p.$module, &p.shared, clock_ms)),+ }
            }
            pub(crate) fn param_count(self) -> usize {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::params().len()),+ }
            }
        }

        /// Everything the learner can set, each experiment's typed parameters.
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct LabParams {
            pub shared: Shared,
            $(#[cfg(feature = $feature)] pub $module: <self::$module::$variant as Unit>::Params,)+
        }

        impl ParamId {
            pub fn meta(self) -> &'static ParamMeta {
                match self.owner {
                    Owner::Shared => &SHARED_PARAMS[self.index].meta,
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => &<self::$module::$variant as Unit>::params()[self.index].meta,)+
                }
            }

            pub fn get(self, p: &LabParams) -> Value {
                match self.owner {
                    Owner::Shared => SHARED_PARAMS[self.index].get(&p.shared),
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => <self::$module::$variant as Unit>::params()[self.index].get(&p.$module),)+
                }
            }

            pub fn encode(self, p: &LabParams) -> String {
                self.domain().encode(&self.get(p))
            }

            /// Sets a value, clamped into its domain first. Returns whether it was taken.
            pub fn apply(self, p: &mut LabParams, value: Value) -> bool {
                match self.owner {
                    Owner::Shared => SHARED_PARAMS[self.index].apply(&mut p.shared, value),
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => <self::$module::$variant as Unit>::params()[self.index].apply(&mut p.$module, value),)+
                }
            }
        }

        /// Each experiment's state (all of them live; one is shown), and the
        /// open scene's clock.
        #[derive(Clone)]
        pub struct States {
            $(#[cfg(feature = $feature)] pub $module: <self::$module::$variant as Unit>::State,)+
            pub scene: $crate::scene::SceneClock,
        }

        /// An action of one experiment's own reducer.
        #[derive(Clone, Debug, PartialEq)]
        pub enum UnitAction {
            $(#[cfg(feature = $feature)] $variant(<self::$module::$variant as Unit>::Action),)+
        }

        impl States {
            pub fn init(p: &LabParams, open: Experiment, clock_ms: u64) -> Self {
                Self { $(#[cfg(feature = $feature)] $module: <self::$module::$variant as Unit>::init(
                    &p.$module, &p.shared, if open == Experiment::$variant { clock_ms } else { 0 }),)+
                    scene: $crate::scene::SceneClock::opened_at(clock_ms) }
            }
            /// The open experiment's run told in time, if its lesson tells one.
            pub fn timeline(&self, p: &LabParams, open: Experiment, lang: Lang) -> Option<$crate::scene::Timeline> {
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::timeline(&p.$module, &p.shared, &self.$module, lang),)+ }
            }
            fn own_clock(&self, open: Experiment) -> Option<u64> {
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::clock_ms(&self.$module),)+ }
            }
            /// Tells the owner of a changed parameter (every experiment for a shared one).
            pub fn params_changed(&mut self, p: &LabParams, owner: Owner) {
                $(#[cfg(feature = $feature)] if owner == Owner::Shared || owner == Owner::Experiment(Experiment::$variant) {
                    <self::$module::$variant as Unit>::params_changed(&mut self.$module, &p.$module, &p.shared);
                })+
            }
            pub fn reduce(&mut self, p: &mut LabParams, locks: &Locks, action: UnitAction) {
                match action {
                    $(#[cfg(feature = $feature)] UnitAction::$variant(a) => <self::$module::$variant as Unit>::reduce(&mut self.$module, &mut p.$module, &p.shared, locks, a),)+
                }
            }
            /// Playback for the open experiment: its own clock's (lesson 000),
            /// else the scene clock over its timeline; a still figure ignores it.
            pub fn transport(&mut self, p: &LabParams, open: Experiment, t: Transport) {
                if self.own_clock(open).is_some() {
                    match open {
                        $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::transport(&mut self.$module, &p.$module, t),)+
                    }
                } else if let Some(timeline) = self.timeline(p, open, Lang::default()) {
                    self.scene.transport(&timeline, t);
                }
            }
            /// Pauses every experiment (a hidden run never plays); the scene
            /// clock goes back to the whole run (another tab's scene opens whole).
            pub fn pause_all(&mut self, p: &LabParams) {
                $(#[cfg(feature = $feature)] <self::$module::$variant as Unit>::transport(&mut self.$module, &p.$module, Transport::Pause);)+
                self.scene = $crate::scene::SceneClock::default();
            }
            pub fn playing(&self, open: Experiment) -> bool {
                self.scene.playing || match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::playing(&self.$module),)+ }
            }
            /// The open experiment's clock for its link (`at`): its own, or
            /// the scene's instant (none: the whole run).
            pub fn clock_ms(&self, open: Experiment) -> Option<u64> {
                self.own_clock(open).or(self.scene.at_ms)
            }
            pub fn numbers(&self, p: &LabParams, open: Experiment) -> Numbers {
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::numbers(&p.$module, &p.shared, &self.$module),)+ }
            }
            /// The open experiment's tables for an export: its own, then its totals.
            pub fn tables(&self, p: &LabParams, open: Experiment) -> Vec<Table> {
                let mut tables = match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::tables(&p.$module, &p.shared, &self.$module),)+ };
                tables.push(Table::totals(&self.numbers(p, open)));
                tables
            }
            /// The open experiment's tasks, each checked on its state now.
            pub fn tasks(&self, p: &LabParams, open: Experiment, lang: Lang) -> Vec<TaskView> {
                fn views<P, S>(tasks: &[Task<P, S>], p: &P, shared: &Shared, s: &S, lang: Lang) -> Vec<TaskView> {
                    tasks.iter().map(|t| TaskView { code: t.code, text: (t.text)(lang), holds: (t.done)(p, shared, s) }).collect()
                }
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => views(<self::$module::$variant as Unit>::tasks(), &p.$module, &p.shared, &self.$module, lang),)+ }
            }
        }

        impl States {
            /// The open experiment's prediction, with the run's answer.
            pub fn prediction(&self, p: &LabParams, open: Experiment, lang: Lang) -> Option<PredictionView> {
                fn view<P, S>(pr: &Prediction<P, S>, p: &P, shared: &Shared, s: &S, lang: Lang) -> PredictionView {
                    PredictionView { question: (pr.question)(lang), unit: pr.unit, answer: (pr.answer)(p, shared, s), why: (pr.why)(lang) }
                }
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Unit>::prediction().map(|pr| view(pr, &p.$module, &p.shared, &self.$module, lang)),)+ }
            }
        }

        /// The open experiment's panel, which sees its own experiment only.
        #[cfg(target_arch = "wasm32")]
        pub fn panel<F: Frame<Action = UnitAction>>(open: Experiment, (p, s, lang): (&LabParams, &States, Lang), frame: &F) -> yew::Html {
            let at_ms = frame.scene_at();
            match open { $(#[cfg(feature = $feature)] Experiment::$variant => self::$module::panel(&View {
                lang, params: &p.$module, shared: &p.shared, state: &s.$module, frame, wrap: UnitAction::$variant, at_ms,
            }),)+ }
        }
    };
}
pub(crate) use registry;
