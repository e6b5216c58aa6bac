//! The lab's state and its one reducer. Pure: time comes in as `Tick`
//! actions carrying elapsed real milliseconds, new seeds come in as values,
//! so every transition is testable natively and reproducible. The shell
//! owns the language, the open experiment, the parameters and the locks;
//! each experiment's own state and actions go to its unit (`registry.rs`).

use std::rc::Rc;

use crate::i18n::Lang;
use crate::init::LabInit;
use crate::link;
use crate::params::Value;
use crate::registry::{Experiment, LabParams, ParamId, States, UnitAction};
use crate::scene::{SceneClock, Timeline};
use crate::tasks::{Keeping, Progress, TaskFilter, TaskView};
use crate::unit::{Locks, Scenario, Transport};

#[derive(Clone)]
pub struct LabState {
    pub lang: Lang,
    pub open: Experiment,
    pub params: LabParams,
    pub units: States,
    /// Parameters an author locked: shown, never changed.
    pub locked: Rc<Locks>,
    /// The scenario the run started from: the picker names it, with what
    /// the learner changed since (`scenario`), and the link keeps it; a
    /// change that makes the run exactly another preset names that one.
    pub preset: Option<Scenario>,
    /// The run is a preset as the lab chose it (picked, or opened by a
    /// link), none of its parameters moved by the learner since: a task it
    /// makes hold is the preset's doing (its witness), not theirs, and is
    /// not recorded until they change the run (the clock and the playback
    /// rate are where it is looked at, not a change).
    pub preset_as_chosen: bool,
    /// The preset last chosen (picked, or opened by a link): the questions
    /// asked in it are its own (`question_key`). A change that makes the
    /// run another preset's leaves it, so a knob never hides the figure
    /// behind a question already answered.
    pub asked_in: Option<&'static crate::unit::Preset>,
    /// The guided tasks this browser completed (recorded here, by the
    /// reducer, when a learner's action makes one hold; saved by a hook).
    pub progress: Progress,
    /// Whether the browser keeps `progress`.
    pub keeping: Keeping,
    /// Part of the stored progress was not read (junk, or past its bound).
    pub stored_ignored: bool,
    /// The learner asked to clear the open experiment's tasks: the task
    /// list asks them to confirm first (what is recorded, maybe by their
    /// course, would shrink).
    pub confirming_clear: bool,
    /// The learner's actions on the open experiment since it was opened or
    /// one of its tasks was last completed: the tries at the task they are
    /// on (the first not done), whose hint shows after a few
    /// (`HINT_AFTER_TRIES`). Each task counts its own tries.
    pub tries: u32,
    /// The projector view: larger text, thick lines, strong contrast.
    pub projector: bool,
    /// The keys' help is open («?»).
    pub keys_help: bool,
    /// What the lab did with the last number typed into a field, said
    /// under that field until the learner's next change.
    pub input_note: Option<InputNote>,
    /// Bumped on every change, so components compare one number.
    pub version: u64,
}

/// What a whole-number field made of the text typed into it, when that is
/// not simply its digits: a number past the range (used at the range's end),
/// another unit, a multiplier or a fraction rounded (used as read), or text
/// that is not an amount (the value stays). The field says so: a silent
/// change would show a run the learner did not ask for, or seem to ignore them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputNote {
    pub key: &'static str,
    /// As typed.
    pub text: String,
    /// What the field made of it, decided once, where the value is set.
    pub reading: Reading,
}

/// How a field's text was read, when it was not simply its digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// No amount: the value stays.
    Unread,
    /// Past the parameter's range: used at the range's end.
    PastRange,
    /// Another unit, a multiplier, a fraction rounded or a minus: used as read.
    Otherwise,
}

/// A task as the embedding page hears of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostTask {
    pub experiment: Experiment,
    pub code: &'static str,
    pub goal_es: &'static str,
    pub goal_en: &'static str,
    pub done: bool,
}

/// Hints show after this many of the learner's own actions on an experiment.
pub const HINT_AFTER_TRIES: u32 = 5;

impl PartialEq for LabState {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    SetLang(Lang),
    /// The projector view on or off.
    SetProjector(bool),
    /// The keys' help shown or hidden; toggled («?»).
    ShowKeys(bool),
    ToggleKeys,
    Open(Experiment),
    /// One parameter, by its link key: clamped into its domain on the way.
    Set {
        key: &'static str,
        value: Value,
    },
    /// A named scenario: its values over the defaults (locked ones stay),
    /// its experiment, from a fresh start.
    ApplyPreset {
        code: &'static str,
    },
    /// Playback, for the open experiment only.
    Transport(Transport),
    /// Ask to forget the open experiment's completed tasks (the list asks
    /// to confirm), then forget them, or keep them after all.
    AskClearTasks,
    ClearTasks,
    KeepTasks,
    /// The learner's prediction on the open experiment (`None`: show the
    /// answer without one).
    Predict(Option<u64>),
    /// What the store holds now (another lab or tab saved): taken as is.
    SyncProgress(Progress),
    /// The store refused to save (its quota is full).
    StorageFull,
    /// An experiment's own action.
    Unit(UnitAction),
}

impl LabState {
    pub fn new(init: &LabInit) -> Self {
        Self {
            lang: init.lang,
            open: init.experiment,
            units: States::init(&init.params, init.experiment, init.clock_ms),
            params: init.params.clone(),
            locked: Rc::new(init.locked.clone()),
            preset: init.preset,
            preset_as_chosen: init.preset.is_some(),
            asked_in: init.preset.map(|scenario| scenario.preset),
            progress: init.progress.clone(),
            keeping: match (init.host_progress, init.storage) {
                (true, _) => Keeping::Host,
                (false, true) => Keeping::Kept,
                (false, false) => Keeping::Blocked,
            },
            stored_ignored: init.progress_ignored,
            confirming_clear: false,
            tries: 0,
            projector: init.projector,
            keys_help: false,
            input_note: None,
            version: 0,
        }
    }

    pub fn is_locked(&self, param: ParamId) -> bool {
        self.locked.contains(param.lock())
    }

    pub fn playing(&self) -> bool {
        self.units.playing(self.open)
    }

    /// The reducer. Returns the next state; `self` is left untouched.
    pub fn reduce(&self, action: Action) -> LabState {
        let action = match self.reduce_aside(action) {
            Ok(next) => return next,
            Err(action) => action,
        };
        let mut next = self.clone();
        next.version += 1;
        // A typed value's note is said until the next change (a frame is none).
        next.input_note.take_if(|_| !matches!(action, Action::Transport(_)));
        // A try is the learner's own action (not a frame).
        let records = records_tasks(&action);
        let tried = records && !matches!(action, Action::Transport(Transport::Tick { .. }));
        next.tries += u32::from(tried);
        let changes_run = match &action {
            Action::Set { key, .. } => ParamId::by_key(key).is_some_and(|p| !p.is_view_of(self.open)),
            Action::Unit(_) => true,
            _ => false,
        };
        let changes_scenario = changes_run && self.changes_scenario(&action);
        // The learner's input to the run is theirs even when no parameter
        // moves (a start typed without its Z is refused, the pass stays).
        let intervenes = matches!(action, Action::Unit(_));
        match action {
            Action::SetLang(lang) => next.lang = lang,
            Action::Open(experiment) => {
                // A hidden run never plays.
                next.units.pause_all(&next.params);
                next.open = experiment;
                next.tries = 0;
                next.preset_as_chosen = false;
                next.confirming_clear = false;
            }
            Action::Set { key, value } => {
                let (value, note) = typed(key, value);
                if !next.set(key, value) {
                    return self.noted(note); // still said: 0 typed where 1 is the least and was
                }
                next.input_note = note;
            }
            Action::ApplyPreset { code } => {
                if !next.apply_preset(code) {
                    return self.clone();
                }
                next.preset_as_chosen = true;
            }
            Action::Transport(transport) => next.transport(transport),
            // Taken by `reduce_aside` before this match.
            Action::SetProjector(_)
            | Action::ShowKeys(_)
            | Action::ToggleKeys
            | Action::AskClearTasks
            | Action::KeepTasks
            | Action::ClearTasks
            | Action::Predict(_)
            | Action::SyncProgress(_)
            | Action::StorageFull => return self.clone(),
            Action::Unit(action) => {
                let params = &mut next.params;
                next.units.reduce(params, &next.locked, action);
                if next.params != self.params {
                    next.follow_scenario(); // an intervention recorded: a change of the scenario
                }
            }
        }
        next.preset_as_chosen &= !(changes_run && (intervenes || next.params != self.params));
        if records && !next.preset_as_chosen && next.record_tasks(self, changes_scenario) {
            next.tries = 0; // the next task starts its own count
        }
        next
    }

    /// What changes the view or the kept progress, never the run: no try,
    /// no task. Any other action is handed back.
    fn reduce_aside(&self, action: Action) -> Result<LabState, Action> {
        // Checked before the clone: a frame's tick must not pay for two.
        if !records_nothing(&action) {
            return Err(action);
        }
        let mut next = self.clone();
        next.version += 1;
        match action {
            Action::SetProjector(on) => next.projector = on,
            Action::ShowKeys(shown) => next.keys_help = shown,
            Action::ToggleKeys => next.keys_help = !next.keys_help,
            Action::AskClearTasks | Action::KeepTasks => {
                next.confirming_clear = matches!(action, Action::AskClearTasks)
            }
            Action::ClearTasks => {
                next.progress.clear(next.open.code());
                next.confirming_clear = false;
            }
            Action::Predict(guess) => {
                if let Some(key) = next.prediction_key() {
                    next.progress.set_guess(&key, guess)
                }
            }
            Action::SyncProgress(progress) if progress == self.progress => return Ok(self.clone()),
            Action::SyncProgress(progress) => next.progress = progress,
            Action::StorageFull => next.keeping = Keeping::Full,
            other => return Err(other),
        }
        Ok(next)
    }

    /// Sets a parameter the learner may change; false when nothing changed
    /// (unknown, locked, refused or the same value).
    fn set(&mut self, key: &str, value: Value) -> bool {
        let Some(param) = ParamId::by_key(key).filter(|p| !self.is_locked(*p)) else {
            return false;
        };
        let before = param.get(&self.params);
        if !param.apply(&mut self.params, value) || param.get(&self.params) == before {
            return false;
        }
        self.units.params_changed(&self.params, param.owner);
        self.follow_scenario();
        true
    }

    /// Playback: the open experiment's own clock, or its scene's; a scene
    /// whose instant is a parameter (`Spec::INSTANT`) moves that parameter.
    fn transport(&mut self, transport: Transport) {
        let Some(param) = self.open.instant_key().and_then(ParamId::by_key) else {
            self.units.transport(&self.params, self.open, transport);
            return;
        };
        let Some((now_ms, timeline)) = self.scene() else { return };
        if self.is_locked(param) {
            return;
        }
        let mut clock = SceneClock { at_ms: Some(now_ms), ..self.units.scene };
        clock.transport(&timeline, transport);
        let at_ms = clock.at(&timeline);
        self.units.scene = SceneClock { at_ms: Some(at_ms), ..clock };
        if param.apply(&mut self.params, Value::Int(at_ms / 1_000)) {
            self.units.params_changed(&self.params, param.owner);
        }
    }

    /// The parameters the page's links carry. While a scene whose instant is
    /// a parameter plays, that parameter moves every frame: its links keep
    /// the parameter's default until the scene pauses (as a clock goes in a
    /// link only when paused), and are not rewritten at every frame.
    pub fn link_params(&self) -> LabParams {
        let mut params = self.params.clone();
        if let Some(param) = self.open.instant_key().and_then(ParamId::by_key).filter(|_| self.playing()) {
            param.apply(&mut params, param.get(&LabParams::default()));
        }
        params
    }

    /// The open scene: its instant and its run in time. A parameter instant
    /// reads the scene's clock while it agrees with the parameter (to the
    /// second), else the parameter (the learner moved it).
    pub fn scene(&self) -> Option<(u64, Timeline)> {
        let timeline = self.units.timeline(&self.params, self.open, self.lang)?;
        let at_ms = match self.open.instant_key().and_then(ParamId::by_key) {
            Some(param) => {
                let param_ms = crate::params::int(&param.get(&self.params)) * 1_000;
                self.units.scene.at_ms.filter(|at| at / 1_000 == param_ms / 1_000).unwrap_or(param_ms)
            }
            None => self.units.scene.at(&timeline),
        };
        Some((at_ms.min(timeline.end_ms), timeline))
    }

    /// After a change: a run that is now exactly one of the open
    /// experiment's presets is named so, unless the scenario it started
    /// from still is it (two presets can be one run).
    fn follow_scenario(&mut self) {
        if self.scenario().is_some_and(|(_, changes)| changes.is_empty()) {
            return;
        }
        let open = self.open;
        let exact = open
            .presets()
            .iter()
            .filter(|p| p.in_version(link::VERSION))
            .find(|p| link::changes_from(p, &self.params, open).is_empty());
        if let Some(preset) = exact {
            self.preset = Some(Scenario::of(preset));
        }
    }

    /// The open experiment's scenario and the parameters changed since it
    /// (empty: the run is the preset's). A scenario of another tab names
    /// nothing here; a run that is exactly one of this tab's presets is it.
    pub fn scenario(&self) -> Option<(Scenario, Vec<ParamId>)> {
        let open = self.open;
        let base = self.preset.filter(|s| open.presets().iter().any(|p| p == s.preset));
        match base {
            Some(scenario) => Some((scenario, link::changes_from(scenario.preset, &self.params, open))),
            None => open
                .presets()
                .iter()
                .filter(|p| p.in_version(link::VERSION))
                .find(|p| link::changes_from(p, &self.params, open).is_empty())
                .map(|p| (Scenario::of(p), Vec::new())),
        }
    }

    /// The picker's words for the scenario: «Ejercicio 5 (cambiado:
    /// Visibility timeout 300 s)»; None: custom.
    pub fn scenario_label(&self) -> Option<String> {
        let (scenario, changes) = self.scenario()?;
        let label = scenario.label(self.lang);
        if changes.is_empty() {
            return Some(label);
        }
        let t = self.lang.texts();
        let shown: Vec<String> = changes
            .iter()
            .take(2)
            // A label's own aside goes: «(cambiado: Se cae el consumidor n.º 3)», not
            // «(cambiado: Se cae el consumidor n.º (0 o fuera del grupo: ninguno) 3)».
            .map(|p| {
                let label = p.label(self.lang);
                // A char pattern: a `str` one («" ("») brings the two-way searcher
                // (0.5 KB), and slicing at an index its panic's formatting (3.7 KB).
                let name = label.split('(').next().unwrap_or(label).trim_end_matches(' ');
                // A plan's text is a link's code («fix@2100,retry:1@2625»): its name says it.
                if let crate::params::Domain::Text { .. } = p.domain() {
                    return name.to_owned();
                }
                format!("{name} {}", p.domain().human(&p.get(&self.params), self.lang))
            })
            .collect();
        let more = match changes.len() {
            0..=2 => String::new(),
            n => (t.preset_more)(n - 2),
        };
        Some(format!("{label} ({} {}{more})", t.preset_changed, shown.join(", ")))
    }

    /// Opens a preset's run (its experiment, parameters and clock); false
    /// for a code today's links do not know.
    fn apply_preset(&mut self, code: &str) -> bool {
        let Some((experiment, preset)) = crate::registry::preset(link::VERSION, code) else {
            return false;
        };
        let (params, clock_ms) = link::preset_values(preset, &self.params, &self.locked);
        self.params = params;
        self.open = experiment;
        self.units = States::init(&self.params, experiment, clock_ms);
        self.preset = Some(crate::unit::Scenario::of(preset));
        self.asked_in = Some(preset);
        true
    }

    /// Records the open experiment's tasks the learner made hold; returns
    /// whether one was new. A task that held `before` too (a preset's
    /// witness) is theirs only when they changed the scenario's own knobs
    /// (`changes_scenario`): «200 páginas» holds its task, and switching
    /// «La cola vive en», which the preset leaves alone, does not do it.
    fn record_tasks(&mut self, before: &LabState, changes_scenario: bool) -> bool {
        let mut held_before: Option<Vec<&'static str>> = None;
        let mut new = false;
        for task in self.units.tasks(&self.params, self.open, self.lang) {
            if !task.holds || self.progress.contains(self.open.code(), task.code) {
                continue;
            }
            let held = held_before.get_or_insert_with(|| before.holding_tasks(self.open));
            if changes_scenario || !held.contains(&task.code) {
                new |= self.progress.insert(self.open.code(), task.code);
            }
        }
        new
    }

    /// The codes of `open`'s tasks that hold in this state (none when
    /// another experiment is open).
    fn holding_tasks(&self, open: Experiment) -> Vec<&'static str> {
        if self.open != open {
            return Vec::new();
        }
        let tasks = self.units.tasks(&self.params, open, self.lang);
        tasks.into_iter().filter(|task| task.holds).map(|task| task.code).collect()
    }

    /// Whether `action` changes a knob the run's scenario sets (a learner's
    /// intervention always does; a run of no preset has every knob).
    fn changes_scenario(&self, action: &Action) -> bool {
        let Action::Set { key, .. } = action else { return true };
        match self.scenario() {
            Some((scenario, _)) => scenario.preset.values.iter().any(|(k, _)| k == key),
            None => true,
        }
    }

    /// The open experiment's prediction and the learner's guess, if any
    /// (`Some(None)`: they chose to see the answer without one).
    pub fn prediction(&self) -> Option<(crate::tasks::PredictionView, Option<Option<u64>>)> {
        let view = self.units.prediction(&self.params, self.open, self.asked_in_code(), self.lang)?;
        let guess = self.progress.guess(&self.question_key(view.key));
        Some((view, guess))
    }

    /// `self` with `note` (`None` clears an old one), unchanged otherwise.
    fn noted(&self, note: Option<InputNote>) -> LabState {
        let mut next = self.clone();
        if note != self.input_note {
            next.version += 1;
            next.input_note = note;
        }
        next
    }

    /// A question waits for its guess: the figure shows its setup only.
    pub fn awaiting_guess(&self) -> bool {
        matches!(self.prediction(), Some((_, None)))
    }

    /// Where the open experiment's question keeps its guess.
    fn prediction_key(&self) -> Option<String> {
        let view = self.units.prediction(&self.params, self.open, self.asked_in_code(), self.lang)?;
        Some(self.question_key(view.key))
    }

    /// A question asked in a chosen preset is that preset's: a guess made
    /// on the default (300 ms) is never shown beside another preset's
    /// answer (36 s), which asks again. The default's own preset (no values
    /// of its own), or none chosen, keeps the experiment's key (the one
    /// guesses were kept under before).
    fn question_key(&self, key: &str) -> String {
        question_key(self.open.code(), key, self.asked_in_code())
    }

    /// The chosen preset's code, if it is one of the open experiment's and
    /// not its default's own.
    fn asked_in_code(&self) -> Option<&'static str> {
        let preset = self.asked_in.filter(|preset| !preset.values.is_empty())?;
        self.open.presets().contains(preset).then_some(preset.code)
    }

    /// Of `tasks` (this state's `task_list`, already checked), the one
    /// whose hint may show: the first not done (the one the learner is on),
    /// once they tried it `HINT_AFTER_TRIES` times.
    pub fn hinted_task(&self, tasks: &[(TaskView, bool)]) -> Option<&'static str> {
        let current = tasks.iter().find(|(_, done)| !done)?;
        (self.tries >= HINT_AFTER_TRIES).then_some(current.0.code)
    }

    /// What an embedding page is told of the learner's progress: every task
    /// the lab shows (of `only`, or of every tab), its title in each
    /// language, and whether it is done.
    pub fn host_tasks(&self, only: Option<Experiment>, filter: &TaskFilter) -> Vec<HostTask> {
        let one = only.map(|e| [e]);
        let mut out = Vec::new();
        for &experiment in one.as_ref().map_or(Experiment::ALL, |e| e.as_slice()) {
            let en = self.units.tasks(&self.params, experiment, Lang::En);
            for (es, en) in self.units.tasks(&self.params, experiment, Lang::Es).into_iter().zip(en) {
                if filter.shows(es.code) {
                    let done = self.progress.contains(experiment.code(), es.code);
                    out.push(HostTask {
                        experiment,
                        code: es.code,
                        goal_es: es.text.goal,
                        goal_en: en.text.goal,
                        done,
                    });
                }
            }
        }
        out
    }

    /// The open experiment's tasks as the page shows them: done (now or
    /// before, in this browser) and filtered as the link asks.
    pub fn task_list(&self, filter: &TaskFilter) -> Vec<(TaskView, bool)> {
        let code = self.open.code();
        self.units
            .tasks(&self.params, self.open, self.lang)
            .into_iter()
            .filter(|t| filter.shows(t.code))
            .map(|t| {
                let done = self.progress.contains(code, t.code);
                (t, done)
            })
            .collect()
    }
}

/// The actions `reduce_aside` takes: the view and the kept progress.
fn records_nothing(action: &Action) -> bool {
    matches!(
        action,
        Action::SetProjector(_)
            | Action::ShowKeys(_)
            | Action::ToggleKeys
            | Action::AskClearTasks
            | Action::KeepTasks
            | Action::ClearTasks
            | Action::Predict(_)
            | Action::SyncProgress(_)
            | Action::StorageFull
    )
}

/// What the learner did or played can complete a task; a language, a tab,
/// a guess, the view or clearing cannot.
fn records_tasks(action: &Action) -> bool {
    !(records_nothing(action) || matches!(action, Action::SetLang(_) | Action::Open(_)))
}

/// A whole-number parameter's text, as its field sends it: the amount it
/// reads as (unread, it stays text, which the parameter refuses), and the
/// note it earns (`InputNote`). Other values pass as they are, unnoted.
fn typed(key: &'static str, value: Value) -> (Value, Option<InputNote>) {
    let domain = ParamId::by_key(key).map(|param| param.domain());
    let (Some(crate::params::Domain::Int { unit, min, max }), Value::Text(text)) = (domain, &value) else {
        return (value, None);
    };
    let read = crate::format::read_amount(text, unit);
    let reading = match read {
        None => Some(Reading::Unread),
        Some((n, _)) if !(min..=max).contains(&n) => Some(Reading::PastRange),
        Some((_, exact)) => (!exact).then_some(Reading::Otherwise),
    };
    let note = reading.map(|reading| InputNote { key, text: text.trim().to_owned(), reading });
    (read.map_or(value, |(n, _)| Value::Int(n)), note)
}

/// `retries`, or `capacity.drain` for an experiment's other question; in
/// a preset's scenario, `timeouts.pool-full` or `capacity.drain-exercise-6`
/// (all codes, so that `tasks::is_question` reads them back).
fn question_key(experiment: &str, key: &str, preset: Option<&str>) -> String {
    // Pushed, not `format!`ed: three formats cost every page their code.
    let mut question = experiment.to_owned();
    let mut part = |separator: char, text: &str| {
        if !text.is_empty() {
            question.push(separator);
            question.push_str(text);
        }
    };
    part('.', key);
    part(if key.is_empty() { '.' } else { '-' }, preset.unwrap_or_default());
    question
}

#[cfg(test)]
#[path = "lab_tests.rs"]
mod tests;
