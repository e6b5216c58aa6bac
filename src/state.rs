//! The page's state and its one reducer. Pure: time comes in as `Tick`
//! actions carrying elapsed real milliseconds, new seeds come in as values,
//! so every transition is testable natively and reproducible.

use std::rc::Rc;

use retry_lab_core::ack_timing::{AckTimingRow, AckTimingRun};
use retry_lab_core::ids::{double_publication, DoublePublication, PassKeyError};
use retry_lab_core::{
    Attempt, Backoff, ConsumerMode, Engine, Follow, IdScheme, Jitter, Namespace, Outcome, PassKey, Probability,
    RngKind, SimConfig,
};

use crate::i18n::Lang;

/// Publications are spaced by this much simulated time.
pub const PUBLISH_INTERVAL_MS: u64 = 10_000;
/// Page bounds (tighter than the core's: every event gets a lane).
pub const EVENTS_MAX: u32 = 1_000;
pub const RETRIES_MAX: u32 = 10;
pub const BASE_S_MAX: u32 = 120;
pub const SPEED_MIN: u32 = 1;
pub const SPEED_MAX: u32 = 1_000;
pub const ACK_MESSAGES_MAX: u32 = 100_000;
/// The live region speaks at most this often while playing.
pub const NARRATION_INTERVAL_MS: f64 = 2_000.0;

/// The lab's experiments; one is open at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Experiment {
    #[default]
    Retries,
    DoublePublication,
    AckTiming,
}

impl Experiment {
    pub const ALL: [Experiment; 3] = [Experiment::Retries, Experiment::DoublePublication, Experiment::AckTiming];
    pub const fn code(self) -> &'static str {
        match self {
            Experiment::Retries => "retries",
            Experiment::DoublePublication => "uuid5",
            Experiment::AckTiming => "ack",
        }
    }
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.code() == text)
    }
}

/// Everything the learner can set. Maps explicitly to the core's configs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LabParams {
    pub failure: Probability,
    pub ack_lost_share: Probability,
    pub events: u32,
    pub base_s: u32,
    pub retries_max: u32,
    /// The consumer whose view the timeline and log take.
    pub consumer: ConsumerMode,
    pub jitter: Jitter,
    pub seed: u64,
    pub pass: PassKey,
    pub namespace: Namespace,
    pub crash: Probability,
    pub ack_rng: RngKind,
    pub ack_messages: u32,
}

impl Default for LabParams {
    /// The lesson's numbers: base 30 s, six retries, the ISS pass, and seed 7
    /// with the Python-compatible RNG so the ack-timing table is lesson 004's.
    fn default() -> Self {
        Self {
            failure: Probability::from_ppm(300_000).expect("in range"),
            ack_lost_share: Probability::from_ppm(500_000).expect("in range"),
            events: 20,
            base_s: 30,
            retries_max: 6,
            consumer: ConsumerMode::Idempotent,
            jitter: Jitter::None,
            seed: 7,
            pass: PassKey::lesson(),
            namespace: Namespace::Dns,
            crash: Probability::from_ppm(50_000).expect("in range"),
            ack_rng: RngKind::Python,
            ack_messages: 1_000,
        }
    }
}

impl LabParams {
    pub fn backoff(&self) -> Backoff {
        Backoff { base_s: self.base_s, retries_max: self.retries_max, jitter: self.jitter }
    }

    pub fn sim_config(&self, consumer: ConsumerMode) -> SimConfig {
        SimConfig {
            seed: self.seed,
            facts: self.events,
            failure: self.failure,
            ack_lost_share: self.ack_lost_share,
            backoff: self.backoff(),
            consumer,
            id_scheme: IdScheme::Random,
            publish_interval_ms: PUBLISH_INTERVAL_MS,
            record_trace: true,
            ..SimConfig::default()
        }
    }

    pub fn ack_timing(&self) -> AckTimingRun {
        AckTimingRun { messages: self.ack_messages, crash: self.crash, seed: self.seed, rng: self.ack_rng }
    }

    pub fn ack_table(&self) -> Option<[AckTimingRow; 3]> {
        self.ack_timing().table().ok()
    }

    pub fn double_publication(&self) -> DoublePublication {
        double_publication(self.namespace, &self.pass, self.seed)
    }

    /// Brings every value into the page's range (links and embeds may carry anything).
    pub fn clamped(mut self) -> Self {
        self.events = self.events.clamp(1, EVENTS_MAX);
        self.base_s = self.base_s.clamp(1, BASE_S_MAX);
        self.retries_max = self.retries_max.min(RETRIES_MAX);
        self.ack_messages = self.ack_messages.clamp(1, ACK_MESSAGES_MAX);
        self
    }
}

/// One change of one parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    Failure(Probability),
    AckLostShare(Probability),
    Events(u32),
    BaseS(u32),
    RetriesMax(u32),
    Consumer(ConsumerMode),
    Jitter(Jitter),
    Seed(u64),
    Namespace(Namespace),
    Crash(Probability),
    AckRng(RngKind),
    AckMessages(u32),
}

impl Param {
    /// Which parameter this is, for locks.
    pub fn name(&self) -> ParamName {
        match self {
            Param::Failure(_) => ParamName::Failure,
            Param::AckLostShare(_) => ParamName::AckLostShare,
            Param::Events(_) => ParamName::Events,
            Param::BaseS(_) => ParamName::BaseS,
            Param::RetriesMax(_) => ParamName::RetriesMax,
            Param::Consumer(_) => ParamName::Consumer,
            Param::Jitter(_) => ParamName::Jitter,
            Param::Seed(_) => ParamName::Seed,
            Param::Namespace(_) => ParamName::Namespace,
            Param::Crash(_) => ParamName::Crash,
            Param::AckRng(_) => ParamName::AckRng,
            Param::AckMessages(_) => ParamName::AckMessages,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ParamName {
    Failure,
    AckLostShare,
    Events,
    BaseS,
    RetriesMax,
    Consumer,
    Jitter,
    Seed,
    Namespace,
    Pass,
    Crash,
    AckRng,
    AckMessages,
}

/// A manual retry from the dead-letter panel, remembered with its clock so a
/// parameter change can replay the learner's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManualRetry {
    One(u32),
    All,
}

/// How a lab starts: from the page's URL, or from an embedding page's
/// `data-` attributes (both through the link codec).
#[derive(Clone, Debug, PartialEq)]
pub struct LabInit {
    pub lang: Lang,
    pub params: LabParams,
    pub experiment: Experiment,
    pub speed_s_per_s: u32,
    pub locked: Vec<ParamName>,
    /// Show only this experiment (no tabs).
    pub only: Option<Experiment>,
    /// Compact view without page chrome (`?embed=1`).
    pub compact: bool,
    /// The lab owns the whole page: it may listen for keys on the document
    /// and keep the address bar in step with its state.
    pub standalone: bool,
    /// What the link asked for that could not be honoured.
    pub notices: Vec<crate::link::Notice>,
    /// Where share links point (the standalone page of this lab).
    pub share_base: String,
}

impl Default for LabInit {
    fn default() -> Self {
        Self {
            lang: Lang::default(),
            params: LabParams::default(),
            experiment: Experiment::default(),
            speed_s_per_s: 100,
            locked: Vec::new(),
            only: None,
            compact: false,
            standalone: true,
            notices: Vec::new(),
            share_base: String::new(),
        }
    }
}

/// The same run through both consumers: same seed, same failures.
#[derive(Clone)]
pub struct Sim {
    pub naive: Engine,
    pub idempotent: Engine,
}

impl Sim {
    pub fn new(params: &LabParams) -> Self {
        // Page params are clamped into ranges the core accepts.
        let make = |consumer| Engine::new(params.sim_config(consumer)).expect("page params are within core limits");
        Sim { naive: make(ConsumerMode::Naive), idempotent: make(ConsumerMode::Idempotent) }
    }

    pub fn shown(&self, consumer: ConsumerMode) -> &Engine {
        match consumer {
            ConsumerMode::Naive => &self.naive,
            ConsumerMode::Idempotent => &self.idempotent,
        }
    }

    fn run_until(&mut self, clock_ms: u64) {
        self.naive.run_until(clock_ms);
        self.idempotent.run_until(clock_ms);
    }

    fn apply(&mut self, retry: ManualRetry) -> bool {
        match retry {
            ManualRetry::One(event) => {
                let a = self.naive.retry_dead_letter(event).is_ok();
                let b = self.idempotent.retry_dead_letter(event).is_ok();
                a && b
            }
            ManualRetry::All => {
                self.naive.retry_all_dead_letters();
                self.idempotent.retry_all_dead_letters() > 0
            }
        }
    }

    /// The simulated time where the timeline ends: the last publication plus
    /// the whole deterministic schedule (jitter never exceeds it), or later
    /// if the clock went past it.
    pub fn horizon_ms(&self, clock_ms: u64) -> u64 {
        let cfg = self.idempotent.config();
        let last_publication = u64::from(cfg.published_total().saturating_sub(1)) * cfg.publish_interval_ms;
        (last_publication + cfg.backoff.total_s() * 1_000).max(clock_ms).max(1)
    }
}

/// What the live region says: the most notable thing that just happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Narration {
    pub attempt: Attempt,
    /// Attempts since the previous narration (shown as "and N more").
    pub more: u32,
}

/// The text fields of the uuid5 demo: what the learner typed, and why it is
/// invalid if it is. The last valid pass stays in `params.pass`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassInput {
    pub norad_id: String,
    pub start_utc: String,
    pub error: Option<PassKeyError>,
}

impl PassInput {
    pub fn of(pass: &PassKey) -> Self {
        Self { norad_id: pass.norad_id.to_string(), start_utc: pass.start_utc(), error: None }
    }
}

#[derive(Clone)]
pub struct LabState {
    pub lang: Lang,
    pub params: LabParams,
    pub experiment: Experiment,
    /// Simulated seconds per real second (log-scale control).
    pub speed_s_per_s: u32,
    pub playing: bool,
    pub clock_ms: u64,
    pub sim: Rc<Sim>,
    pub manual_log: Rc<Vec<(u64, ManualRetry)>>,
    pub pass_input: PassInput,
    pub narration: Option<Narration>,
    narrated_at_real_ms: f64,
    /// Parameters an author locked: shown, never changed.
    pub locked: Rc<Vec<ParamName>>,
    /// Bumped on every change, so components compare one number.
    pub version: u64,
}

impl PartialEq for LabState {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    SetLang(Lang),
    SetExperiment(Experiment),
    Set(Param),
    SetNoradInput(String),
    SetStartUtcInput(String),
    TogglePlay,
    Pause,
    /// Advance to the next attempt.
    Step,
    Reset,
    SetSpeed(u32),
    /// Real time passed while playing (from the animation-frame hook).
    Tick { elapsed_real_ms: f64, now_real_ms: f64 },
    RetryDeadLetter(u32),
    RetryAllDeadLetters,
    /// A named scenario: its parameters (locked ones stay) and its
    /// experiment, from a fresh start.
    ApplyPreset(crate::presets::Preset),
}

impl LabState {
    pub fn new(lang: Lang, params: LabParams, experiment: Experiment, speed_s_per_s: u32, locked: Vec<ParamName>) -> Self {
        let params = params.clamped();
        Self {
            lang,
            sim: Rc::new(Sim::new(&params)),
            pass_input: PassInput::of(&params.pass),
            params,
            experiment,
            speed_s_per_s: speed_s_per_s.clamp(SPEED_MIN, SPEED_MAX),
            playing: false,
            clock_ms: 0,
            manual_log: Rc::new(Vec::new()),
            narration: None,
            narrated_at_real_ms: f64::NEG_INFINITY,
            locked: Rc::new(locked),
            version: 0,
        }
    }

    pub fn is_locked(&self, name: ParamName) -> bool {
        self.locked.contains(&name)
    }

    /// The engine whose view the timeline shows.
    pub fn shown(&self) -> &Engine {
        self.sim.shown(self.params.consumer)
    }

    pub fn finished(&self) -> bool {
        self.sim.idempotent.next_due_ms().is_none()
    }

    /// The reducer. Returns the next state; `self` is left untouched.
    pub fn reduce(&self, action: Action) -> LabState {
        let mut next = self.clone();
        next.version += 1;
        match action {
            Action::SetLang(lang) => next.lang = lang,
            Action::SetExperiment(experiment) => next.experiment = experiment,
            Action::Set(param) => {
                if next.is_locked(param.name()) {
                    return self.clone();
                }
                let rebuild = next.set_param(param);
                if rebuild {
                    next.rebuild();
                }
            }
            Action::SetNoradInput(text) => {
                next.pass_input.norad_id = text;
                next.apply_pass_input();
            }
            Action::SetStartUtcInput(text) => {
                next.pass_input.start_utc = text;
                next.apply_pass_input();
            }
            Action::TogglePlay => {
                next.playing = !next.playing && !next.finished();
            }
            Action::Pause => next.playing = false,
            Action::Step => {
                next.playing = false;
                if let Some(due_ms) = next.sim.idempotent.next_due_ms() {
                    next.advance_to(due_ms.max(next.clock_ms), None);
                }
            }
            Action::Reset => next.restart(),
            Action::SetSpeed(speed) => next.speed_s_per_s = speed.clamp(SPEED_MIN, SPEED_MAX),
            Action::Tick { elapsed_real_ms, now_real_ms } => {
                if !next.playing {
                    return self.clone();
                }
                // Long pauses (a background tab) do not jump the run ahead.
                let elapsed = elapsed_real_ms.clamp(0.0, 250.0);
                let advance_ms = (elapsed * f64::from(next.speed_s_per_s)).round() as u64;
                next.advance_to(next.clock_ms + advance_ms, Some(now_real_ms));
                if next.finished() {
                    next.playing = false;
                }
            }
            Action::ApplyPreset(preset) => {
                let mut params = preset.params();
                let current = &next.params;
                for name in next.locked.iter() {
                    match name {
                        ParamName::Failure => params.failure = current.failure,
                        ParamName::AckLostShare => params.ack_lost_share = current.ack_lost_share,
                        ParamName::Events => params.events = current.events,
                        ParamName::BaseS => params.base_s = current.base_s,
                        ParamName::RetriesMax => params.retries_max = current.retries_max,
                        ParamName::Consumer => params.consumer = current.consumer,
                        ParamName::Jitter => params.jitter = current.jitter,
                        ParamName::Seed => params.seed = current.seed,
                        ParamName::Namespace => params.namespace = current.namespace,
                        ParamName::Pass => params.pass = current.pass.clone(),
                        ParamName::Crash => params.crash = current.crash,
                        ParamName::AckRng => params.ack_rng = current.ack_rng,
                        ParamName::AckMessages => params.ack_messages = current.ack_messages,
                    }
                }
                next.params = params.clamped();
                next.pass_input = PassInput::of(&next.params.pass);
                next.experiment = preset.experiment();
                next.restart();
            }
            Action::RetryDeadLetter(event) => next.manual_retry(ManualRetry::One(event)),
            Action::RetryAllDeadLetters => next.manual_retry(ManualRetry::All),
        }
        next
    }

    /// A fresh run of the current parameters: clock at 0, no history.
    fn restart(&mut self) {
        self.playing = false;
        self.clock_ms = 0;
        self.manual_log = Rc::new(Vec::new());
        self.narration = None;
        self.sim = Rc::new(Sim::new(&self.params));
    }

    /// Returns whether the simulation must be rebuilt.
    fn set_param(&mut self, param: Param) -> bool {
        let p = &mut self.params;
        match param {
            Param::Failure(v) => p.failure = v,
            Param::AckLostShare(v) => p.ack_lost_share = v,
            Param::Events(v) => p.events = v,
            Param::BaseS(v) => p.base_s = v,
            Param::RetriesMax(v) => p.retries_max = v,
            Param::Consumer(v) => {
                p.consumer = v;
                return false; // both consumers always run
            }
            Param::Jitter(v) => p.jitter = v,
            Param::Seed(v) => p.seed = v,
            Param::Namespace(v) => {
                p.namespace = v;
                return false;
            }
            Param::Crash(v) => {
                p.crash = v;
                return false;
            }
            Param::AckRng(v) => {
                p.ack_rng = v;
                return false;
            }
            Param::AckMessages(v) => {
                p.ack_messages = v;
                return false;
            }
        }
        *p = p.clone().clamped();
        true
    }

    fn apply_pass_input(&mut self) {
        if self.is_locked(ParamName::Pass) {
            self.pass_input = PassInput::of(&self.params.pass);
            return;
        }
        match PassKey::parse(&self.pass_input.norad_id, &self.pass_input.start_utc) {
            Ok(pass) => {
                self.params.pass = pass;
                self.pass_input.error = None;
            }
            // The last valid pass stays; the field says what is wrong.
            Err(error) => self.pass_input.error = Some(error),
        }
    }

    /// Rebuilds both runs for new parameters and replays the learner's manual
    /// retries up to the same clock: the same history under the new settings.
    fn rebuild(&mut self) {
        let mut sim = Sim::new(&self.params);
        let mut kept = Vec::new();
        for &(at_ms, retry) in self.manual_log.iter() {
            sim.run_until(at_ms);
            if sim.apply(retry) {
                kept.push((at_ms, retry));
            }
        }
        sim.run_until(self.clock_ms);
        self.sim = Rc::new(sim);
        self.manual_log = Rc::new(kept);
        self.narration = None;
    }

    fn advance_to(&mut self, clock_ms: u64, now_real_ms: Option<f64>) {
        // Narrate the consumer the learner is looking at (both runs deliver
        // the same attempts; only effect vs discarded repeat differ).
        let before = self.shown().trace().len();
        Rc::make_mut(&mut self.sim).run_until(clock_ms);
        self.clock_ms = clock_ms;
        let new_attempts = &self.sim.shown(self.params.consumer).trace()[before..];
        if let Some(attempt) = most_notable(new_attempts) {
            let speak = now_real_ms.is_none_or(|now| now - self.narrated_at_real_ms >= NARRATION_INTERVAL_MS);
            if speak {
                self.narration = Some(Narration { attempt, more: new_attempts.len() as u32 - 1 });
                if let Some(now) = now_real_ms {
                    self.narrated_at_real_ms = now;
                }
            }
        }
    }

    fn manual_retry(&mut self, retry: ManualRetry) {
        if Rc::make_mut(&mut self.sim).apply(retry) {
            Rc::make_mut(&mut self.manual_log).push((self.clock_ms, retry));
        }
    }
}

/// Dead-letter first, then lost acks, then lost requests, then deliveries.
fn most_notable(attempts: &[Attempt]) -> Option<Attempt> {
    let rank = |a: &Attempt| match (a.follow, a.outcome) {
        (Follow::DeadLettered, _) => 4,
        (_, Outcome::Failed { effect: true, .. }) => 3,
        (_, Outcome::Failed { .. }) => 2,
        _ => 1,
    };
    attempts.iter().rev().max_by_key(|a| rank(a)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> LabState {
        LabState::new(Lang::Es, LabParams::default(), Experiment::Retries, 100, Vec::new())
    }

    fn play_to_end(mut s: LabState) -> LabState {
        s = s.reduce(Action::TogglePlay);
        let mut now = 0.0;
        while s.playing {
            now += 16.0;
            s = s.reduce(Action::Tick { elapsed_real_ms: 16.0, now_real_ms: now });
        }
        s
    }

    #[test]
    fn playing_reaches_the_same_end_as_running_the_core() {
        let s = play_to_end(state());
        let mut engine = Engine::new(LabParams::default().sim_config(ConsumerMode::Idempotent)).unwrap();
        engine.run_to_end();
        assert_eq!(s.sim.idempotent.trace_hash(), engine.trace_hash());
        assert_eq!(s.sim.idempotent.counters(), engine.counters());
    }

    #[test]
    fn results_never_depend_on_speed() {
        let slow = play_to_end(state().reduce(Action::SetSpeed(SPEED_MIN)));
        let fast = play_to_end(state().reduce(Action::SetSpeed(SPEED_MAX)));
        assert_eq!(slow.sim.idempotent.trace(), fast.sim.idempotent.trace());
        assert_eq!(slow.sim.naive.counters(), fast.sim.naive.counters());
    }

    #[test]
    fn stepping_delivers_one_instant_at_a_time() {
        let s = state().reduce(Action::Step);
        assert_eq!(s.sim.idempotent.trace().len(), 1);
        assert_eq!(s.clock_ms, 0);
        let s = s.reduce(Action::Step);
        assert!(s.clock_ms > 0 && s.sim.idempotent.trace().len() >= 2);
    }

    #[test]
    fn failure_slider_changes_results_and_keeps_the_clock() {
        let s = play_to_end(state());
        let (clock_before, counters_before) = (s.clock_ms, *s.sim.naive.counters());
        let s = s.reduce(Action::Set(Param::Failure(Probability::from_ppm(900_000).unwrap())));
        assert_eq!(s.clock_ms, clock_before);
        assert!(s.sim.naive.counters().deliveries > counters_before.deliveries, "more failures, more retries by now");
        let s = play_to_end(s);
        assert!(s.sim.idempotent.counters().dead_lettered > 0, "at 90 % failures some event exhausts its retries");
    }

    #[test]
    fn dead_letter_retry_keeps_the_event_and_is_replayed_after_a_change() {
        let mut s = state().reduce(Action::Set(Param::Failure(Probability::ONE)));
        s = play_to_end(s);
        let dead = s.sim.idempotent.dead_letters().to_vec();
        assert_eq!(dead.len(), 20);
        let id = s.sim.idempotent.event_id(dead[0]);
        s = s.reduce(Action::RetryDeadLetter(dead[0]));
        assert_eq!(s.sim.idempotent.dead_letters().len(), 19);
        assert_eq!(s.sim.naive.dead_letters().len(), 19, "both consumers see the same retry");
        assert_eq!(s.sim.idempotent.event_id(dead[0]), id);
        assert_eq!(s.manual_log.len(), 1);
        // A change of the ack-lost share replays the retry at the same clock.
        s = s.reduce(Action::Set(Param::AckLostShare(Probability::ONE)));
        assert_eq!(s.sim.idempotent.dead_letters().len(), 19);
        s = s.reduce(Action::RetryAllDeadLetters);
        assert!(s.sim.idempotent.dead_letters().is_empty());
        s.sim.idempotent.check_invariants().unwrap();
    }

    #[test]
    fn invalid_pass_input_keeps_the_last_valid_pass() {
        let s = state().reduce(Action::SetStartUtcInput("2026-02-30T14:00:00Z".into()));
        assert_eq!(s.pass_input.error, Some(PassKeyError::StartUtc));
        assert_eq!(s.params.pass, PassKey::lesson());
        let s = s.reduce(Action::SetStartUtcInput("2026-07-30T14:00:00Z".into()));
        assert_eq!(s.pass_input.error, None);
        assert_eq!(s.params.pass.key(), "25544|2026-07-30T14:00:00Z");
    }

    #[test]
    fn locked_params_do_not_change() {
        let s = LabState::new(Lang::Es, LabParams::default(), Experiment::Retries, 100, vec![ParamName::Failure]);
        let s = s.reduce(Action::Set(Param::Failure(Probability::ONE)));
        assert_eq!(s.params.failure, LabParams::default().failure);
    }

    #[test]
    fn narration_is_throttled_while_playing() {
        let mut s = state().reduce(Action::Set(Param::Events(200))).reduce(Action::TogglePlay);
        let mut changes = 0;
        let mut last = None;
        for frame in 1..=600 {
            s = s.reduce(Action::Tick { elapsed_real_ms: 16.0, now_real_ms: f64::from(frame) * 16.0 });
            if s.narration != last {
                changes += 1;
                last = s.narration;
            }
        }
        // 600 frames ≈ 9.6 s of real time: at most one narration per 2 s.
        assert!((1..=5).contains(&changes), "{changes} narrations");
    }

    #[test]
    fn presets_apply_but_locked_params_stay() {
        use crate::presets::Preset;
        let s = LabState::new(Lang::Es, LabParams::default(), Experiment::Retries, 100, vec![ParamName::Seed]);
        let s = s.reduce(Action::ApplyPreset(Preset::FlakyAcks));
        assert_eq!(s.params.failure, Preset::FlakyAcks.params().failure);
        assert_eq!(s.params.seed, 7, "the locked seed stays");
        let s = s.reduce(Action::ApplyPreset(Preset::AckTiming));
        assert_eq!(s.experiment, Experiment::AckTiming);
    }

    #[test]
    fn narration_follows_the_consumer_shown() {
        // Every failure is a lost ack: the second delivery is a repeat.
        let all_acks_lost = |s: LabState| {
            s.reduce(Action::Set(Param::AckLostShare(Probability::ONE))).reduce(Action::Set(Param::Events(1)))
        };
        let mut naive = all_acks_lost(state()).reduce(Action::Set(Param::Consumer(ConsumerMode::Naive)));
        let mut idem = all_acks_lost(state());
        let repeat = |s: &LabState| s.sim.idempotent.trace().iter().any(|a| a.outcome == Outcome::DiscardedAcked);
        for _ in 0..7 {
            if repeat(&idem) {
                break;
            }
            naive = naive.reduce(Action::Step);
            idem = idem.reduce(Action::Step);
        }
        assert!(repeat(&idem), "seed 7 with 30 % failures delivers a repeat to event 1");
        assert_eq!(idem.narration.unwrap().attempt.outcome, Outcome::DiscardedAcked);
        assert_eq!(naive.narration.unwrap().attempt.outcome, Outcome::Processed, "the naive consumer processed it again");
    }

    #[test]
    fn default_ack_table_is_the_lessons() {
        let [before, after, dedup] = LabParams::default().ack_table().unwrap();
        assert_eq!((before.effects, before.lost), (942, 58));
        assert_eq!(after.effects, 1_060);
        assert_eq!((dedup.effects, dedup.duplicates_discarded), (1_000, 60));
    }
}
