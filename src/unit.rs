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

/// What an experiment declares: its code, title, parameters, presets,
/// tasks and prediction, and what a run of its parameters comes to. Every
/// experiment implements it, then one of [`Computed`] (its state a function
/// of its parameters, most of them) or [`Unit`] (a state with actions and a
/// clock of its own). The compiler checks each item: a missing one names
/// itself.
pub trait Spec {
    type Params: Clone + Debug + Default + PartialEq + Eq + Hash + 'static;
    type State: Clone + 'static;
    /// In `exp=`, `only=`, `data-experiment` and the tab's `data-experiment`;
    /// the name of its module's directory (`tests/registry.rs`).
    const CODE: &'static str;
    fn title(lang: Lang) -> &'static str;
    const PARAMS: &'static [ParamSpec<Self::Params>];
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
    const PRESETS: &'static [Preset];
    /// The guided tasks ("Prueba esto"), 2 to 5, each checked on the state.
    const TASKS: &'static [Task<Self::Params, Self::State>];
    /// The number the lesson states, asked before the figure says it.
    const PREDICTION: Option<&'static Prediction<Self::Params, Self::State>> = None;
    /// The question this run asks, and where its guess is kept (`""`: the
    /// experiment's own). A run of another shape can ask the lesson's other
    /// number (capacity: exercise 6's drain, not C01's wait), with its own
    /// guess, so a guess is never shown beside another question's answer.
    /// `preset`: the preset the learner chose, whose exercise may be
    /// another of the lesson's numbers (capacity's exercise 4: Little's law).
    fn prediction(_: &Self::Params, _preset: Option<&str>) -> Option<crate::tasks::Asked<Self::Params, Self::State>> {
        Self::PREDICTION.map(|pr| (pr, ""))
    }
    /// A figure with no time in it (an id, a hash, a size): it says so where
    /// a scene's bar would be, so nobody looks for a Play that is not there.
    /// (An experiment with no `timeline` yet is not timeless: its lesson may
    /// still tell a process in time.)
    const TIMELESS: bool = false;
    /// Its lesson counts its times in seconds (the TTL's 300 s against a
    /// schedule of 1,890 s): its clock and its handles say «1,890 s» too,
    /// never «31 min 30 s» beside an axis of seconds.
    const SECONDS: bool = false;
    /// A run the lesson tells in time: its end and its moments, in the
    /// learner's words; the shell plays it on the scene clock (`scene.rs`).
    /// None: a still figure.
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
    /// A seeded experiment's key outcomes, for sweeps across seeds and a
    /// parameter (`sweep.rs`); `None` where the seed changes nothing.
    const LADDER: Option<&'static Ladder<Self::Params>> = None;
}

/// How an experiment's state lives: made, remade when a parameter changes,
/// changed by its own actions, and (for one with a clock of its own)
/// played. A [`Computed`] experiment gets it for free.
pub trait Unit: Spec {
    type Action: Clone + Debug + PartialEq;
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
}

/// An experiment whose state is a function of its parameters alone: no
/// actions, no clock of its own (a scene plays its run on the shell's
/// clock through [`Spec::timeline`]).
pub trait Computed: Spec {
    fn state(params: &Self::Params, shared: &Shared) -> Self::State;
}

/// A computed experiment's actions: there are none.
#[derive(Clone, Debug, PartialEq)]
pub enum NoAction {}

impl<T: Computed> Unit for T {
    type Action = NoAction;

    fn init(params: &T::Params, shared: &Shared, _clock_ms: u64) -> T::State {
        T::state(params, shared)
    }
    fn params_changed(state: &mut T::State, params: &T::Params, shared: &Shared) {
        *state = T::state(params, shared);
    }
    fn reduce(_: &mut T::State, _: &mut T::Params, _: &Shared, _: &Locks, action: NoAction) {
        match action {}
    }
}

/// Named results of a run, in the order an author reads them.
pub type Numbers = Vec<(&'static str, crate::number::Number)>;

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
        use crate::unit::{Locks, Numbers, Preset, Spec, Transport, Unit};
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
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::CODE),+ }
            }
            /// Its lesson group's cargo feature (the page it is built into).
            #[cfg(not(target_arch = "wasm32"))]
            pub fn feature(self) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => $feature),+ }
            }
            pub fn title(self, lang: Lang) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::title(lang)),+ }
            }
            pub fn presets(self) -> &'static [Preset] {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::PRESETS),+ }
            }
            /// Its tasks' codes (what `tasks=` may name).
            pub fn task_codes(self) -> Vec<&'static str> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::TASKS.iter().map(|t| t.code).collect()),+ }
            }
            /// Each task's code and the link under which it holds (tests).
            #[cfg(not(target_arch = "wasm32"))]
            pub fn task_witnesses(self) -> Vec<(&'static str, &'static str)> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::TASKS.iter().map(|t| (t.code, t.witness)).collect()),+ }
            }
            /// Each task's code and goal, in a language (the builder lists them).
            pub fn task_goals(self, lang: Lang) -> Vec<(&'static str, &'static str)> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::TASKS.iter().map(|t| (t.code, (t.text)(lang).goal)).collect()),+ }
            }
            /// The preset a link that sets nothing opens: its story, or its defaults.
            pub fn opening(self) -> Option<&'static Preset> {
                let code = match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::OPENING),+ };
                self.presets().iter().find(|p| Some(p.code) == code)
            }
            /// The parameter that is its scene's instant, if one is.
            pub fn instant_key(self) -> Option<&'static str> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::INSTANT),+ }
            }
            /// Whether its figure has no time in it (`Spec::TIMELESS`).
            pub fn timeless(self) -> bool {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::TIMELESS),+ }
            }
            /// Whether its times are said in seconds (`Spec::SECONDS`).
            pub fn in_seconds(self) -> bool {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::SECONDS),+ }
            }
            /// The parameters beside its figure (empty: all of them).
            pub fn primary(self) -> &'static [&'static str] {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::PRIMARY),+ }
            }
            /// What a sweep of it may measure and vary (`None`: not seeded).
            pub fn ladder(self) -> Option<Offer> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::LADDER.map(Ladder::offer)),+ }
            }
            /// Whether a sweep across seeds means something for it (the lab
            /// links to `sweep.html` under it).
            pub fn sweepable(self) -> bool {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::LADDER.is_some()),+ }
            }
            /// A whole run's key outcomes (`Ladder::measure`; empty: not seeded).
            pub fn measure(self, p: &LabParams) -> crate::ladder::Measure {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::LADDER.map_or_else(Default::default, |l| (l.measure)(&p.$module, &p.shared))),+ }
            }
            /// What one run costs at most in the core's measure (`Ladder::work`; 0: not seeded).
            pub fn work(self, p: &LabParams) -> u64 {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::LADDER.map_or(0, |l| (l.work)(&p.$module, &p.shared))),+ }
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
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::PARAMS.len()),+ }
            }
        }

        /// Everything the learner can set, each experiment's typed parameters.
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct LabParams {
            pub shared: Shared,
            $(#[cfg(feature = $feature)] pub $module: <self::$module::$variant as Spec>::Params,)+
        }

        impl ParamId {
            pub fn meta(self) -> &'static ParamMeta {
                match self.owner {
                    Owner::Shared => &SHARED_PARAMS[self.index].meta,
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => &<self::$module::$variant as Spec>::PARAMS[self.index].meta,)+
                }
            }

            pub fn get(self, p: &LabParams) -> Value {
                match self.owner {
                    Owner::Shared => SHARED_PARAMS[self.index].get(&p.shared),
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => <self::$module::$variant as Spec>::PARAMS[self.index].get(&p.$module),)+
                }
            }

            pub fn encode(self, p: &LabParams) -> String {
                self.domain().encode(&self.get(p))
            }

            /// Sets a value, clamped into its domain first. Returns whether it was taken.
            pub fn apply(self, p: &mut LabParams, value: Value) -> bool {
                match self.owner {
                    Owner::Shared => SHARED_PARAMS[self.index].apply(&mut p.shared, value),
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => <self::$module::$variant as Spec>::PARAMS[self.index].apply(&mut p.$module, value),)+
                }
            }
        }

        /// Each experiment's state (all of them live; one is shown), and the
        /// open scene's clock.
        #[derive(Clone)]
        pub struct States {
            $(#[cfg(feature = $feature)] pub $module: <self::$module::$variant as Spec>::State,)+
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
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::timeline(&p.$module, &p.shared, &self.$module, lang),)+ }
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
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::numbers(&p.$module, &p.shared, &self.$module),)+ }
            }
            /// The open experiment's tables for an export: its own, then its totals.
            pub fn tables(&self, p: &LabParams, open: Experiment) -> Vec<Table> {
                let mut tables = match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::tables(&p.$module, &p.shared, &self.$module),)+ };
                tables.push(Table::totals(&self.numbers(p, open)));
                tables
            }
            /// The open experiment's tasks, each checked on its state now.
            pub fn tasks(&self, p: &LabParams, open: Experiment, lang: Lang) -> Vec<TaskView> {
                fn views<P, S>(tasks: &[Task<P, S>], p: &P, shared: &Shared, s: &S, lang: Lang) -> Vec<TaskView> {
                    tasks.iter().map(|t| TaskView { code: t.code, text: (t.text)(lang), holds: (t.done)(p, shared, s) }).collect()
                }
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => views(<self::$module::$variant as Spec>::TASKS, &p.$module, &p.shared, &self.$module, lang),)+ }
            }
        }

        impl States {
            /// The open experiment's prediction, with the run's answer.
            pub fn prediction(&self, p: &LabParams, open: Experiment, preset: Option<&str>, lang: Lang) -> Option<PredictionView> {
                fn view<P, S>((pr, key): (&Prediction<P, S>, &'static str), p: &P, shared: &Shared, s: &S, lang: Lang) -> PredictionView {
                    PredictionView { key, question: (pr.question)(lang), unit: pr.unit, counted: pr.counted, answer: (pr.answer)(p, shared, s), why: (pr.why)(lang) }
                }
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <self::$module::$variant as Spec>::prediction(&p.$module, preset).map(|pr| view(pr, &p.$module, &p.shared, &self.$module, lang)),)+ }
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
