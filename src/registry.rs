//! The lab's experiments, listed once. Everything that enumerates
//! experiments reads this list: the tabs, the link codec (its keys, `exp=`,
//! `only=`, `lock=`, `preset=`), the reducer's dispatch, the panels, the
//! README check and the tests.
//!
//! Adding an experiment: a module under `experiments/` with a type that
//! implements [`Unit`] (its parameters, state, reducer, presets, strings)
//! and a `panel` function, plus one line in `registry!` at the bottom.

use std::fmt::Debug;
use std::hash::Hash;

use crate::i18n::Lang;
use crate::export::Table;
use crate::params::{Domain, ParamSpec, Shared, SHARED_PARAMS};
use crate::sweep::Ladder;
use crate::tasks::{Prediction, Task};
use crate::group_codes as codes;

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

/// Time and playback, for the experiment that is open (a hidden experiment
/// never receives them, so it never plays).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transport {
    TogglePlay,
    Pause,
    /// Advance to the next thing that happens.
    Step,
    /// Back to the start (the plan stays).
    Reset,
    /// Real time passed while playing (from the animation-frame hook).
    Tick {
        elapsed_real_ms: f64,
        now_real_ms: f64,
    },
    /// Jump to this simulated time, forward or back.
    Seek {
        clock_ms: u64,
    },
}

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
    fn presets() -> &'static [Preset];
    fn init(params: &Self::Params, shared: &Shared, clock_ms: u64) -> Self::State;
    /// Some parameter (its own or a shared one) changed.
    fn params_changed(state: &mut Self::State, params: &Self::Params, shared: &Shared);
    fn reduce(
        state: &mut Self::State,
        params: &mut Self::Params,
        shared: &Shared,
        locks: &Locks,
        action: Self::Action,
    );
    fn transport(_state: &mut Self::State, _params: &Self::Params, _transport: Transport) {}
    fn playing(_state: &Self::State) -> bool {
        false
    }
    /// The simulated clock, for experiments that have one (it goes in links as `at`).
    fn clock_ms(_state: &Self::State) -> Option<u64> {
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
pub type Numbers = Vec<(&'static str, String)>;

/// The `Unit` of an experiment whose state is computed from its parameters
/// alone (no actions, no time): used in the experiment's own module, where
/// `Params`, `State`, `Action` (an empty enum), `PARAMS`, `PRESETS` and `TASKS` are.
/// Lesson 000's page has no such experiment, hence the allowances.
#[allow(unused_macros)]
macro_rules! computed_unit {
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr $(,)?) => {
        $crate::registry::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: |_: &Params, _: &$crate::params::Shared, _: &State| Vec::new());
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr $(,)?) => {
        $crate::registry::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: |_: &Params, _: &$crate::params::Shared, _: &State| Vec::new(), ladder: None);
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, ladder: $ladder:expr $(,)?) => {
        $crate::registry::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: |_: &Params, _: &$crate::params::Shared, _: &State| Vec::new(), ladder: $ladder);
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, tables: $tables:expr $(,)?) => {
        $crate::registry::computed_unit!($unit, code: $code, title: $title, state: $state, numbers: $numbers, tables: $tables, ladder: None);
    };
    ($unit:ty, code: $code:literal, title: $title:expr, state: $state:expr, numbers: $numbers:expr, tables: $tables:expr, ladder: $ladder:expr $(,)?) => {
        impl $crate::registry::Unit for $unit {
            type Params = Params;
            type State = State;
            type Action = Action;
            const CODE: &'static str = $code;

            fn title(lang: $crate::i18n::Lang) -> &'static str {
                ($title)(lang)
            }
            const PRIMARY: &'static [&'static str] = PRIMARY;
            fn params() -> &'static [$crate::params::ParamSpec<Params>] {
                &PARAMS
            }
            fn presets() -> &'static [$crate::registry::Preset] {
                &PRESETS
            }
            fn init(params: &Params, shared: &$crate::params::Shared, _clock_ms: u64) -> State {
                ($state)(params, shared)
            }
            fn params_changed(state: &mut State, params: &Params, shared: &$crate::params::Shared) {
                *state = ($state)(params, shared);
            }
            fn reduce(_: &mut State, _: &mut Params, _: &$crate::params::Shared, _: &$crate::registry::Locks, action: Action) {
                match action {}
            }
            fn tasks() -> &'static [$crate::tasks::Task<Params, State>] {
                &TASKS
            }
            fn prediction() -> Option<&'static $crate::tasks::Prediction<Params, State>> {
                PREDICTION
            }
            fn numbers(params: &Params, shared: &$crate::params::Shared, state: &State) -> $crate::registry::Numbers {
                ($numbers)(params, shared, state)
            }
            fn tables(params: &Params, shared: &$crate::params::Shared, state: &State) -> Vec<$crate::export::Table> {
                ($tables)(params, shared, state)
            }
            fn ladder() -> Option<&'static $crate::sweep::Ladder<Params>> {
                $ladder
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use computed_unit;

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

impl ParamId {
    /// Every parameter: shared first, then each experiment's in order.
    pub fn all() -> impl Iterator<Item = ParamId> {
        let shared = (0..SHARED_PARAMS.len()).map(|index| ParamId {
            owner: Owner::Shared,
            index,
        });
        let units = Experiment::ALL.iter().flat_map(|&e| {
            (0..e.param_count()).map(move |index| ParamId {
                owner: Owner::Experiment(e),
                index,
            })
        });
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

macro_rules! registry {
    ($($variant:ident => $module:ident in $feature:literal),+ $(,)?) => {
        $(#[cfg(feature = $feature)] pub mod $module;)+

        use crate::export::Table;
        use crate::i18n::Lang;
        use crate::params::{ParamMeta, Shared, Value, SHARED_PARAMS};
        use crate::registry::{Locks, Numbers, Owner, ParamId, Preset, Transport, Unit};
        use crate::sweep::{Ladder, Offer};
        use crate::tasks::{Prediction, PredictionView, Task, TaskView};

        /// The lab's experiments; one is open at a time.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Experiment { $(#[cfg(feature = $feature)] $variant),+ }

        impl Experiment {
            pub const ALL: &'static [Experiment] = &[$(#[cfg(feature = $feature)] Experiment::$variant),+];

            pub fn code(self) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::CODE),+ }
            }
            /// Its lesson group's cargo feature (the page it is built into).
            #[cfg(not(target_arch = "wasm32"))]
            pub fn feature(self) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => $feature),+ }
            }
            pub fn title(self, lang: Lang) -> &'static str {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::title(lang)),+ }
            }
            pub fn presets(self) -> &'static [Preset] {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::presets()),+ }
            }
            /// Its tasks' codes (what `tasks=` may name).
            pub fn task_codes(self) -> Vec<&'static str> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::tasks().iter().map(|t| t.code).collect()),+ }
            }
            /// Each task's code and the link under which it holds (tests).
            #[cfg(not(target_arch = "wasm32"))]
            pub fn task_witnesses(self) -> Vec<(&'static str, &'static str)> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::tasks().iter().map(|t| (t.code, t.witness)).collect()),+ }
            }
            /// Each task's code and goal, in a language (the builder lists them).
            pub fn task_goals(self, lang: Lang) -> Vec<(&'static str, &'static str)> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::tasks().iter().map(|t| (t.code, (t.text)(lang).goal)).collect()),+ }
            }
            /// The preset a link that sets nothing opens: its story, or its defaults.
            pub fn opening(self) -> Option<&'static Preset> {
                let code = match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::OPENING),+ };
                self.presets().iter().find(|p| Some(p.code) == code)
            }
            /// The parameters beside its figure (empty: all of them).
            pub fn primary(self) -> &'static [&'static str] {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::PRIMARY),+ }
            }
            /// What a sweep of it may measure and vary (`None`: not seeded).
            pub fn ladder(self) -> Option<Offer> {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::ladder().map(Ladder::offer)),+ }
            }
            /// Whether a sweep across seeds means something for it (the lab
            /// links to `sweep.html` under it).
            pub fn sweepable(self) -> bool {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::ladder().is_some()),+ }
            }
            /// A whole run's key outcomes (`Ladder::measure`; empty: not seeded).
            pub fn measure(self, p: &LabParams) -> crate::sweep::Measure {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::ladder().map_or_else(Default::default, |l| (l.measure)(&p.$module, &p.shared))),+ }
            }
            pub(crate) fn param_count(self) -> usize {
                match self { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::params().len()),+ }
            }
        }

        /// Everything the learner can set, each experiment's typed parameters.
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct LabParams {
            pub shared: Shared,
            $(#[cfg(feature = $feature)] pub $module: <crate::experiments::$module::$variant as Unit>::Params,)+
        }

        impl ParamId {
            pub fn meta(self) -> &'static ParamMeta {
                match self.owner {
                    Owner::Shared => &SHARED_PARAMS[self.index].meta,
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => &<crate::experiments::$module::$variant as Unit>::params()[self.index].meta,)+
                }
            }

            pub fn get(self, p: &LabParams) -> Value {
                match self.owner {
                    Owner::Shared => SHARED_PARAMS[self.index].get(&p.shared),
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => <crate::experiments::$module::$variant as Unit>::params()[self.index].get(&p.$module),)+
                }
            }

            pub fn encode(self, p: &LabParams) -> String {
                self.domain().encode(&self.get(p))
            }

            /// Sets a value, clamped into its domain first. Returns whether it was taken.
            pub fn apply(self, p: &mut LabParams, value: Value) -> bool {
                match self.owner {
                    Owner::Shared => SHARED_PARAMS[self.index].apply(&mut p.shared, value),
                    $(#[cfg(feature = $feature)] Owner::Experiment(Experiment::$variant) => <crate::experiments::$module::$variant as Unit>::params()[self.index].apply(&mut p.$module, value),)+
                }
            }
        }

        /// Each experiment's state (all of them live; one is shown).
        #[derive(Clone)]
        pub struct States {
            $(#[cfg(feature = $feature)] pub $module: <crate::experiments::$module::$variant as Unit>::State,)+
        }

        /// An action of one experiment's own reducer.
        #[derive(Clone, Debug, PartialEq)]
        pub enum UnitAction {
            $(#[cfg(feature = $feature)] $variant(<crate::experiments::$module::$variant as Unit>::Action),)+
        }

        impl States {
            pub fn init(p: &LabParams, open: Experiment, clock_ms: u64) -> Self {
                Self { $(#[cfg(feature = $feature)] $module: <crate::experiments::$module::$variant as Unit>::init(
                    &p.$module, &p.shared, if open == Experiment::$variant { clock_ms } else { 0 }),)+ }
            }
            /// Tells the owner of a changed parameter (every experiment for a shared one).
            pub fn params_changed(&mut self, p: &LabParams, owner: Owner) {
                $(#[cfg(feature = $feature)] if owner == Owner::Shared || owner == Owner::Experiment(Experiment::$variant) {
                    <crate::experiments::$module::$variant as Unit>::params_changed(&mut self.$module, &p.$module, &p.shared);
                })+
            }
            pub fn reduce(&mut self, p: &mut LabParams, locks: &Locks, action: UnitAction) {
                match action {
                    $(#[cfg(feature = $feature)] UnitAction::$variant(a) => <crate::experiments::$module::$variant as Unit>::reduce(&mut self.$module, &mut p.$module, &p.shared, locks, a),)+
                }
            }
            pub fn transport(&mut self, p: &LabParams, open: Experiment, t: Transport) {
                match open {
                    $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::transport(&mut self.$module, &p.$module, t),)+
                }
            }
            /// Pauses every experiment (a hidden run never plays).
            pub fn pause_all(&mut self, p: &LabParams) {
                $(#[cfg(feature = $feature)] <crate::experiments::$module::$variant as Unit>::transport(&mut self.$module, &p.$module, Transport::Pause);)+
            }
            pub fn playing(&self, open: Experiment) -> bool {
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::playing(&self.$module),)+ }
            }
            pub fn clock_ms(&self, open: Experiment) -> Option<u64> {
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::clock_ms(&self.$module),)+ }
            }
            pub fn numbers(&self, p: &LabParams, open: Experiment) -> Numbers {
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::numbers(&p.$module, &p.shared, &self.$module),)+ }
            }
            /// The open experiment's tables for an export: its own, then its totals.
            pub fn tables(&self, p: &LabParams, open: Experiment) -> Vec<Table> {
                let mut tables = match open { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::tables(&p.$module, &p.shared, &self.$module),)+ };
                tables.push(Table::totals(self.numbers(p, open)));
                tables
            }
            /// The open experiment's tasks, each checked on its state now.
            pub fn tasks(&self, p: &LabParams, open: Experiment, lang: Lang) -> Vec<TaskView> {
                fn views<P, S>(tasks: &[Task<P, S>], p: &P, shared: &Shared, s: &S, lang: Lang) -> Vec<TaskView> {
                    tasks.iter().map(|t| TaskView { code: t.code, text: (t.text)(lang), holds: (t.done)(p, shared, s) }).collect()
                }
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => views(<crate::experiments::$module::$variant as Unit>::tasks(), &p.$module, &p.shared, &self.$module, lang),)+ }
            }
        }

        impl States {
            /// The open experiment's prediction, with the run's answer.
            pub fn prediction(&self, p: &LabParams, open: Experiment, lang: Lang) -> Option<PredictionView> {
                fn view<P, S>(pr: &Prediction<P, S>, p: &P, shared: &Shared, s: &S, lang: Lang) -> PredictionView {
                    PredictionView { question: (pr.question)(lang), unit: pr.unit, answer: (pr.answer)(p, shared, s), why: (pr.why)(lang) }
                }
                match open { $(#[cfg(feature = $feature)] Experiment::$variant => <crate::experiments::$module::$variant as Unit>::prediction().map(|pr| view(pr, &p.$module, &p.shared, &self.$module, lang)),)+ }
            }
        }

        /// The open experiment's panel.
        #[cfg(target_arch = "wasm32")]
        pub fn panel(open: Experiment, props: &crate::app::widgets::PanelProps) -> yew::Html {
            match open { $(#[cfg(feature = $feature)] Experiment::$variant => crate::experiments::$module::panel(props),)+ }
        }
    };
}
pub(crate) use registry;

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
}

impl Experiment {
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|e| e.code() == code)
    }

    pub fn first() -> Self {
        Self::ALL[0]
    }

    /// The preset that is this experiment's defaults: its first
    /// (tests/registry.rs), what the scenario picker names when a link
    /// sets nothing else.
    pub fn default_preset(self) -> Option<Scenario> {
        self.presets().iter().find(|p| p.in_version(crate::link::VERSION)).map(Scenario::of)
    }
}

impl Default for Experiment {
    fn default() -> Self {
        Self::first()
    }
}

/// The lab's entry pages, one per lesson group: each page's module holds
/// only its group's experiments (a cargo feature each), so every page stays
/// within its size budget. A page knows of the other groups only their
/// codes: enough to send a link there and to pass over their keys.
pub struct Group {
    /// The entry's directory under `dist/` ("" is the root).
    pub dir: &'static str,
    /// The cargo feature that compiles its experiments.
    pub feature: &'static str,
    /// The page's name in the course navigation (the same on every page).
    pub title: fn(Lang) -> &'static str,
    /// The title of the lesson the page serves, the page's `<h1>`: named by
    /// its title, never by its file's number.
    pub lesson: fn(Lang) -> &'static str,
    /// One line of the page's own under the lesson's title ("1 de 2 · …"
    /// where a lesson has two pages).
    pub subtitle: fn(Lang) -> &'static str,
    /// What the page is for, under its title (the entry HTML prerenders the
    /// Spanish one, so the page shows its content before the module runs).
    pub intro: fn(Lang) -> &'static str,
    pub experiments: Codes,
    pub presets: Codes,
    pub keys: Codes,
}

/// A group's codes, generated from the list of experiments (`src/group_codes.rs`).
pub struct GroupCodes {
    pub experiments: Codes,
    pub presets: Codes,
    pub keys: Codes,
}

/// Codes written as one space-separated string: a list of `&str` would cost
/// every page eight bytes of pointers per entry, for every group (size).
#[derive(Clone, Copy, Debug)]
pub struct Codes(pub &'static str);

impl Codes {
    pub fn iter(self) -> std::str::SplitAsciiWhitespace<'static> {
        self.0.split_ascii_whitespace()
    }
    pub fn contains(self, code: &str) -> bool {
        self.iter().any(|c| c == code)
    }
}

/// The Spanish intros, also prerendered in `index.html`, `lesson-003.html` and `lesson-004.html`
/// (`tests/registry.rs` keeps them equal).
pub const INTRO_000_ES: &str = "Un consumidor que a veces falla: el hub reintenta con backoff exponencial, aparta en dead-letter lo que agota sus reintentos y lo reintenta cuando se arregla la causa.";
pub const INTRO_000_IDS_ES: &str = "El mismo pase publicado dos veces: con ids v4 al azar el consumidor lo procesa dos veces, con un id uuid5 una. Y el consumidor que pierde su cursor vuelve a leer.";
pub const INTRO_001_ES: &str = "Como máximo una vez, al menos una vez, exactamente una vez: un mensaje entre la cola, el consumidor y la base de datos, y dónde escribir el registro de ids procesados.";
pub const INTRO_003_ES: &str = "Qué mantiene en pie a un servicio cuando su dependencia falla o se satura: reintentos con y sin jitter, timeouts y bulkheads, colas con límite.";
pub const INTRO_003_ACTIONS_ES: &str = "Qué hace que una acción se pueda repetir y que falle sin daño: un registro de ids procesados que expira, acciones escritas como estado deseado y una respuesta definida para «no pude decidir».";
pub const INTRO_004_STREAMS_ES: &str = "Un log partido en particiones que leen grupos de consumidores con sus offsets; y la aritmética de la capacidad: lag, backlog y la ley de Little.";
pub const INTRO_004_OPS_ES: &str = "Lo que pide operar una cola o un stream: una DLQ que alguien mira, una alerta por la edad del mensaje más viejo, mensajes que llevan la referencia y no el archivo, y una retención que deja volver a leer.";
pub const INTRO_004_ES: &str = "Cuándo usar una cola (¿alguien espera la respuesta?) y qué hace un broker con lo que no se confirmó: cuándo hacer el ack, varios workers sobre una cola y el visibility timeout.";

pub static GROUPS: [Group; 8] = [
    Group {
        dir: "",
        feature: "lesson-000",
        title: |lang| match lang {
            Lang::Es => "At-least-once: reintentos y dead-letter",
            Lang::En => "At-least-once: retries and dead-letter",
        },
        lesson: |lang| match lang {
            Lang::Es => "At-least-once es la realidad, exactly-once es un mito práctico",
            Lang::En => "At-least-once is reality, exactly-once is a practical myth",
        },
        subtitle: |lang| match lang {
            Lang::Es => "1 de 2 · Reintentos con backoff, dead-letter e idempotencia",
            Lang::En => "1 of 2 · Retries with backoff, dead-letter and idempotency",
        },
        // Each page holds only its own group's intro.
        #[cfg(feature = "lesson-000")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_000_ES,
            Lang::En => "A consumer that sometimes fails: the hub retries with exponential backoff, moves events that exhaust their retries to dead-letter, and retries them once the cause is fixed.",
        }
        },
        #[cfg(not(feature = "lesson-000"))]
        intro: |_| "",
        experiments: codes::LESSON_000.experiments,
        presets: codes::LESSON_000.presets,
        keys: codes::LESSON_000.keys,
    },
    // Lesson 000's double publication, a page of its own: uuid5 and SHA-1
    // cost lesson 000's page 17 KB, which its guided tasks needed.
    Group {
        dir: "lesson-000-ids/",
        feature: "lesson-000-ids",
        title: |lang| match lang {
            Lang::Es => "At-least-once: ids y cursor",
            Lang::En => "At-least-once: ids and cursor",
        },
        lesson: |lang| match lang {
            Lang::Es => "At-least-once es la realidad, exactly-once es un mito práctico",
            Lang::En => "At-least-once is reality, exactly-once is a practical myth",
        },
        subtitle: |lang| match lang {
            Lang::Es => "2 de 2 · Ids deterministas, la doble publicación y el cursor",
            Lang::En => "2 of 2 · Deterministic ids, the double publication and the cursor",
        },
        #[cfg(feature = "lesson-000-ids")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_000_IDS_ES,
            Lang::En => "The same pass published twice: with random v4 ids the consumer processes it twice, with a uuid5 id once. And the consumer that loses its polling cursor reads again.",
        }
        },
        #[cfg(not(feature = "lesson-000-ids"))]
        intro: |_| "",
        experiments: codes::LESSON_000_IDS.experiments,
        presets: codes::LESSON_000_IDS.presets,
        keys: codes::LESSON_000_IDS.keys,
    },
    Group {
        dir: "lesson-001/",
        feature: "lesson-001",
        title: |lang| match lang {
            Lang::Es => "Garantías de entrega",
            Lang::En => "Delivery guarantees",
        },
        lesson: |lang| match lang {
            Lang::Es => "Garantías de entrega exactamente una vez",
            Lang::En => "Exactly-once delivery guarantees",
        },
        subtitle: |lang| match lang {
            Lang::Es => "Los tres niveles de entrega y el registro de ids procesados",
            Lang::En => "The three delivery levels and the record of processed ids",
        },
        #[cfg(feature = "lesson-001")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_001_ES,
            Lang::En => "At most once, at least once, exactly once: one message between the queue, the consumer and the database, and where to write the record of processed ids.",
        }
        },
        #[cfg(not(feature = "lesson-001"))]
        intro: |_| "",
        experiments: codes::LESSON_001.experiments,
        presets: codes::LESSON_001.presets,
        keys: codes::LESSON_001.keys,
    },
    Group {
        dir: "lesson-003/",
        feature: "lesson-003",
        title: |lang| match lang {
            Lang::Es => "Confiabilidad: reintentos y backpressure",
            Lang::En => "Reliability: retries and backpressure",
        },
        lesson: |lang| match lang {
            Lang::Es => "Confiabilidad a escala: idempotencia, reintentos y backpressure",
            Lang::En => "Reliability at scale: idempotency, retries and backpressure",
        },
        subtitle: |lang| match lang {
            Lang::Es => "1 de 2 · Tormentas de reintentos, timeouts y bulkheads, backpressure",
            Lang::En => "1 of 2 · Retry storms, timeouts and bulkheads, backpressure",
        },
        #[cfg(feature = "lesson-003")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_003_ES,
            Lang::En => "What keeps a service standing when its dependency fails or saturates: retries with and without jitter, timeouts and bulkheads, bounded queues.",
        }
        },
        #[cfg(not(feature = "lesson-003"))]
        intro: |_| "",
        experiments: codes::LESSON_003.experiments,
        presets: codes::LESSON_003.presets,
        keys: codes::LESSON_003.keys,
    },
    // The actions half of «Confiabilidad a escala», a page of its own: the
    // storm's page had 3 KB of its budget left.
    Group {
        dir: "lesson-003-actions/",
        feature: "lesson-003-actions",
        title: |lang| match lang {
            Lang::Es => "Confiabilidad: acciones idempotentes",
            Lang::En => "Reliability: idempotent actions",
        },
        lesson: |lang| match lang {
            Lang::Es => "Confiabilidad a escala: idempotencia, reintentos y backpressure",
            Lang::En => "Reliability at scale: idempotency, retries and backpressure",
        },
        subtitle: |lang| match lang {
            Lang::Es => "2 de 2 · Ids con expiración, acciones por estado deseado, fallar de forma segura",
            Lang::En => "2 of 2 · Ids that expire, desired-state actions, failing safely",
        },
        #[cfg(feature = "lesson-003-actions")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_003_ACTIONS_ES,
            Lang::En => "What makes an action safe to repeat and safe when something fails: a record of processed ids that expires, actions written as a desired state, and a defined answer for “I could not decide”.",
        }
        },
        #[cfg(not(feature = "lesson-003-actions"))]
        intro: |_| "",
        experiments: codes::LESSON_003_ACTIONS.experiments,
        presets: codes::LESSON_003_ACTIONS.presets,
        keys: codes::LESSON_003_ACTIONS.keys,
    },
    Group {
        dir: "lesson-004/",
        feature: "lesson-004",
        title: |lang| match lang {
            Lang::Es => "Colas y streams: colas",
            Lang::En => "Queues and streams: queues",
        },
        lesson: |lang| match lang {
            Lang::Es => "Colas y streams: mensajes que esperan",
            Lang::En => "Queues and streams: messages that wait",
        },
        subtitle: |lang| match lang {
            Lang::Es => "1 de 3 · Colas: ¿alguien espera?, el ack, workers que compiten y el visibility timeout",
            Lang::En => "1 of 3 · Queues: does anyone wait?, the ack, competing workers and the visibility timeout",
        },
        #[cfg(feature = "lesson-004")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_004_ES,
            Lang::En => "When to use a queue (does anyone wait for the answer?) and what a broker does with what was not acknowledged: when to ack, several workers on one queue and the visibility timeout.",
        }
        },
        #[cfg(not(feature = "lesson-004"))]
        intro: |_| "",
        experiments: codes::LESSON_004.experiments,
        presets: codes::LESSON_004.presets,
        keys: codes::LESSON_004.keys,
    },
    Group {
        dir: "lesson-004-streams/",
        feature: "lesson-004-streams",
        title: |lang| match lang {
            Lang::Es => "Colas y streams: streams",
            Lang::En => "Queues and streams: streams",
        },
        lesson: |lang| match lang {
            Lang::Es => "Colas y streams: mensajes que esperan",
            Lang::En => "Queues and streams: messages that wait",
        },
        subtitle: |lang| match lang {
            Lang::Es => "2 de 3 · Streams: particiones, grupos de consumidores, lag y capacidad",
            Lang::En => "2 of 3 · Streams: partitions, consumer groups, lag and capacity",
        },
        #[cfg(feature = "lesson-004-streams")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_004_STREAMS_ES,
            Lang::En => "A log split into partitions that consumer groups read with their own offsets; and the arithmetic of capacity: lag, backlog and Little's law.",
        }
        },
        #[cfg(not(feature = "lesson-004-streams"))]
        intro: |_| "",
        experiments: codes::LESSON_004_STREAMS.experiments,
        presets: codes::LESSON_004_STREAMS.presets,
        keys: codes::LESSON_004_STREAMS.keys,
    },
    // Operating queues and streams, a page of its own: lesson 004's first
    // page had 111 bytes of its budget left.
    Group {
        dir: "lesson-004-ops/",
        feature: "lesson-004-ops",
        title: |lang| match lang {
            Lang::Es => "Colas y streams: operar",
            Lang::En => "Queues and streams: operating",
        },
        lesson: |lang| match lang {
            Lang::Es => "Colas y streams: mensajes que esperan",
            Lang::En => "Queues and streams: messages that wait",
        },
        subtitle: |lang| match lang {
            Lang::Es => "3 de 3 · Operar: la DLQ, la edad del más viejo, el tamaño de un mensaje y la retención",
            Lang::En => "3 of 3 · Operating: the DLQ, the age of the oldest, a message's size and the retention",
        },
        #[cfg(feature = "lesson-004-ops")]
        intro: |lang| {
            match lang {
            Lang::Es => INTRO_004_OPS_ES,
            Lang::En => "What running a queue or a stream asks for: a DLQ that someone looks at, an alert on the age of the oldest message, messages that carry a reference instead of the file, and a retention that lets you read again.",
        }
        },
        #[cfg(not(feature = "lesson-004-ops"))]
        intro: |_| "",
        experiments: codes::LESSON_004_OPS.experiments,
        presets: codes::LESSON_004_OPS.presets,
        keys: codes::LESSON_004_OPS.keys,
    },
];

impl Group {
    /// The group of this page: the first whose experiments are compiled in
    /// (with every feature, as native tests build, the root's).
    pub fn here() -> &'static Group {
        GROUPS
            .iter()
            .find(|g| g.experiments.iter().any(|c| Experiment::parse(c).is_some()))
            .unwrap_or(&GROUPS[0])
    }

    /// The group that has this experiment or preset code, if this page has not.
    pub fn elsewhere(code: &str, presets: bool) -> Option<&'static Group> {
        let here = Group::here();
        let list = |g: &'static Group| if presets { g.presets } else { g.experiments };
        let ours = if presets {
            Experiment::ALL.iter().any(|e| e.presets().iter().any(|p| p.code == code))
        } else {
            Experiment::parse(code).is_some()
        };
        if ours {
            return None;
        }
        GROUPS
            .iter()
            .filter(|g| !std::ptr::eq(*g, here))
            .find(|g| list(g).contains(code))
    }

    /// The group that lists this experiment code.
    pub fn of(code: &str) -> Option<&'static Group> {
        GROUPS.iter().find(|g| g.experiments.contains(code))
    }

    /// Whether a link key belongs to another page's experiments.
    pub fn key_elsewhere(key: &str) -> bool {
        ParamId::by_key(key).is_none() && GROUPS.iter().any(|g| g.keys.contains(key))
    }

    /// The relative URL of this group's page from the page of `from`.
    pub fn path_from(&self, from: &Group) -> String {
        let up = "../".repeat(from.dir.matches('/').count());
        let path = format!("{up}{}", self.dir);
        if path.is_empty() {
            "./".into()
        } else {
            path
        }
    }
}

/// The preset a link version knows under this code, with its owner.
pub fn preset(version: u32, code: &str) -> Option<(Experiment, &'static Preset)> {
    presets(version).find(|(_, p)| p.code == code)
}

/// Every preset of every experiment known to a link version, with its owner.
pub fn presets(version: u32) -> impl Iterator<Item = (Experiment, &'static Preset)> {
    Experiment::ALL.iter().flat_map(move |&e| {
        e.presets()
            .iter()
            .filter(move |p| p.in_version(version))
            .map(move |p| (e, p))
    })
}

// The list itself is in experiments/mod.rs, where it declares the modules.
pub use crate::experiments::{Experiment, LabParams, States, UnitAction};
#[cfg(target_arch = "wasm32")]
pub use crate::experiments::panel;
