//! The retries experiment's state and reducer. Pure: time comes in as
//! `Tick`s carrying elapsed real milliseconds, interventions are recorded
//! into the parameters' plan at the simulated clock, and the run is the
//! core's `Pair` of that plan, so every transition is testable natively.

use std::rc::Rc;

use retry_lab_core::{limits, Attempt, Follow, Intervention, Outage, Outcome, Pair, Plan, SimConfig, Timed};

use super::Params;
use crate::params::Shared;
use crate::unit::{Locks, Transport};

/// The live region speaks at most this often while playing.
pub const NARRATION_INTERVAL_MS: f64 = 2_000.0;
/// A new outage window lasts this long (the learner edits it).
const NEW_OUTAGE_MS: u64 = 600_000;
/// Due instants a frame of play steps through one by one, looking for a
/// moment to hold on; past them (a fast play of 1,000 events) it runs on.
const STEPS_PER_FRAME_MAX: u32 = 256;

/// What the live region says: the most notable thing that just happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Narration {
    /// The attempt's index in the trace (the same in both consumers' runs:
    /// the page narrates the one it shows).
    pub index: usize,
    /// Attempts since the previous narration (shown as "and N more").
    pub more: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Record "the root cause is fixed" at the current clock.
    FixNow,
    /// Record a retry of this dead letter at the current clock.
    RetryDeadLetter(u32),
    RetryAllDeadLetters,
    /// Forget the plan's intervention at this index.
    RemoveIntervention(usize),
    /// Edit an outage window (seconds).
    SetOutage {
        index: usize,
        start_s: u64,
        end_s: u64,
    },
    AddOutage,
    RemoveOutage(usize),
    /// Move the recorded fix of the root cause to this time (seconds): the
    /// fix line grabbed on the timeline.
    SetFix {
        at_s: u64,
    },
}

#[derive(Clone)]
pub struct State {
    /// The run at the current clock.
    pub pair: Rc<Pair>,
    /// The same run at clock 0: seeking back starts from a copy of it.
    origin: Rc<Pair>,
    pub clock_ms: u64,
    pub playing: bool,
    pub narration: Option<Narration>,
    narrated_at_real_ms: f64,
    /// Real time a playing run still holds on the moment it reached.
    pub hold_real_ms: u32,
    /// What the run was built from: it is rebuilt only when this changes.
    built_from: (SimConfig, Plan),
    /// With jitter, how long the first event to reach dead-letter waited
    /// from its first attempt, in s (the prediction's answer: drawn waits
    /// have no formula). Computed once per build, not per frame.
    pub jittered_total_s: Option<u64>,
}

impl State {
    pub fn new(params: &Params, shared: &Shared, clock_ms: u64) -> Self {
        let built_from = (params.sim_config(shared), params.plan.clone());
        // The page's bounds are within the core's limits (tests/registry.rs
        // checks it). No `expect`: formatting the error would bring the
        // whole `Debug` machinery into the page's module.
        let origin = match Pair::new(built_from.0, built_from.1.clone()) {
            Ok(pair) => Rc::new(pair),
            Err(_) => unreachable!("page params are within core limits"),
        };
        let mut pair = (*origin).clone();
        // At clock 0 nothing has run yet: the first Play or Step delivers
        // what is due at 0.
        if clock_ms > 0 {
            pair.run_until(clock_ms);
        }
        let jittered_total_s =
            (params.jitter != retry_lab_core::Jitter::None).then(|| first_dead_letter_wait_s(&origin)).flatten();
        Self {
            pair: Rc::new(pair),
            origin,
            clock_ms,
            playing: false,
            narration: None,
            narrated_at_real_ms: f64::NEG_INFINITY,
            hold_real_ms: 0,
            built_from,
            jittered_total_s,
        }
    }

    /// Nothing left to deliver and the clock at the run's end: the last
    /// delivery, or the plan's last instant (an outage's end, the last
    /// intervention) if later. Play runs on to it, so a learner sees the
    /// outage end even when every event is parked in dead-letter.
    pub fn finished(&self) -> bool {
        self.pair.finished() && self.clock_ms >= self.run_end_ms()
    }

    pub fn run_end_ms(&self) -> u64 {
        self.pair.end_ms().max(self.pair.plan().last_ms())
    }

    /// Rebuilds the run when its config or plan changed, at the same clock:
    /// the same history under the new settings, interventions at their times.
    pub fn params_changed(&mut self, params: &Params, shared: &Shared) {
        if (params.sim_config(shared), &params.plan) == (self.built_from.0, &self.built_from.1) {
            return;
        }
        let playing = self.playing;
        *self = Self::new(params, shared, self.clock_ms);
        self.playing = playing && !self.finished();
    }

    pub fn transport(&mut self, params: &Params, transport: Transport) {
        if crate::scene::spend_hold(&mut self.hold_real_ms, self.playing, &transport) {
            return;
        }
        match transport {
            Transport::TogglePlay => self.playing = !self.playing && !self.finished(),
            Transport::Pause => self.playing = false,
            Transport::Step => {
                self.playing = false;
                // The next delivery, or (none left) the run's end.
                let to_ms = self.pair.next_due_ms().unwrap_or_else(|| self.run_end_ms());
                self.advance_to(to_ms.max(self.clock_ms), None);
            }
            Transport::StepBack => {
                self.playing = false;
                // The delivery before the clock, or (none) the start.
                let clock_ms = self.clock_ms;
                let to_ms = self.pair.idempotent.trace().iter().map(|a| a.at_ms).filter(|&t| t < clock_ms).max();
                self.seek(to_ms.unwrap_or(0));
            }
            Transport::Reset => self.seek(0),
            Transport::Tick { elapsed_real_ms, now_real_ms } => {
                if !self.playing {
                    return;
                }
                // Long pauses (a background tab) do not jump the run ahead.
                let elapsed = elapsed_real_ms.clamp(0.0, 250.0);
                let advance_ms = (elapsed * f64::from(params.speed_s_per_s)).round() as u64;
                // Every delivery falls at or before the run's end: play stops there.
                let to_ms = (self.clock_ms + advance_ms).min(self.run_end_ms().max(self.clock_ms));
                self.play_to(to_ms, now_real_ms);
                if self.finished() {
                    self.playing = false;
                }
            }
            Transport::Seek { clock_ms } => self.seek(clock_ms.min(limits::PLAN_TIME_MS_MAX)),
        }
    }

    /// Plays on to `to_ms`, stopping on the first moment the lesson turns on
    /// (an event reaching an empty dead-letter queue, the fix, a retry by
    /// hand), where the clock holds `HOLD_REAL_MS`: play ran through the
    /// 1,890 s of the first dead letter in one frame.
    fn play_to(&mut self, to_ms: u64, now_real_ms: f64) {
        for _ in 0..STEPS_PER_FRAME_MAX {
            let Some(due) = self.pair.next_due_ms().filter(|due| *due <= to_ms) else { break };
            let none_parked = self.pair.idempotent.dead_letters().is_empty();
            self.advance_to(due.max(self.clock_ms), Some(now_real_ms));
            let intervened = self.pair.plan().interventions().iter().any(|t| t.at_ms == due);
            if intervened || (none_parked && !self.pair.idempotent.dead_letters().is_empty()) {
                self.hold_real_ms = crate::scene::HOLD_REAL_MS;
                return;
            }
        }
        self.advance_to(to_ms, Some(now_real_ms));
    }

    /// Any simulated time, forward or back: deterministic, so a seek back
    /// replays a copy of the run from 0.
    fn seek(&mut self, clock_ms: u64) {
        if clock_ms < self.clock_ms || clock_ms == 0 {
            self.pair = self.origin.clone();
        }
        if clock_ms > 0 {
            Rc::make_mut(&mut self.pair).run_until(clock_ms);
        }
        self.clock_ms = clock_ms;
        self.narration = None;
        if clock_ms == 0 {
            self.playing = false;
        }
    }

    pub fn reduce(&mut self, params: &mut Params, shared: &Shared, locks: &Locks, action: Action) {
        let plan = match action {
            Action::FixNow
            | Action::RetryDeadLetter(_)
            | Action::RetryAllDeadLetters
            | Action::RemoveIntervention(_)
            | Action::SetFix { .. }
                if locks.contains("do") =>
            {
                return
            }
            Action::SetOutage { .. } | Action::AddOutage | Action::RemoveOutage(_) if locks.contains("down") => return,
            Action::FixNow => self.record(&params.plan, Intervention::FixCause),
            Action::RetryDeadLetter(event) => self.record(&params.plan, Intervention::RetryDeadLetter(event)),
            Action::RetryAllDeadLetters => self.record(&params.plan, Intervention::RetryAllDeadLetters),
            Action::RemoveIntervention(index) => Some(params.plan.without(index)),
            Action::SetFix { at_s } => moved_fix(&params.plan, at_s.saturating_mul(1_000)),
            Action::SetOutage { index, start_s, end_s } => {
                let mut outages = params.plan.outages().to_vec();
                let window = Outage { start_ms: start_s.saturating_mul(1_000), end_ms: end_s.saturating_mul(1_000) };
                if let Some(outage) = outages.get_mut(index) {
                    *outage = window;
                }
                Plan::new(outages, params.plan.interventions().to_vec()).ok()
            }
            Action::AddOutage => {
                let mut outages = params.plan.outages().to_vec();
                let start_ms = outages.iter().map(|o| o.end_ms).max().map_or(0, |end| end + NEW_OUTAGE_MS);
                outages.push(Outage { start_ms, end_ms: start_ms + NEW_OUTAGE_MS });
                Plan::new(outages, params.plan.interventions().to_vec()).ok()
            }
            Action::RemoveOutage(index) => {
                let mut outages = params.plan.outages().to_vec();
                if index < outages.len() {
                    outages.remove(index);
                }
                Plan::new(outages, params.plan.interventions().to_vec()).ok()
            }
        };
        // A window the core refuses (empty, inverted, too many) changes nothing.
        if let Some(plan) = plan {
            params.plan = plan;
            self.params_changed(params, shared);
        }
    }

    /// The plan with one more intervention at the current clock, unless it
    /// would change nothing (a retry of an event not in dead-letter now).
    fn record(&self, plan: &Plan, what: Intervention) -> Option<Plan> {
        let dead = self.pair.idempotent.dead_letters();
        let useful = match what {
            Intervention::FixCause => plan.fixed_from_ms().is_none_or(|at| at > self.clock_ms),
            Intervention::RetryDeadLetter(event) => dead.contains(&event),
            Intervention::RetryAllDeadLetters => !dead.is_empty(),
        };
        let fits = plan.interventions().len() < super::INTERVENTIONS_MAX;
        (useful && fits).then(|| plan.with(Timed { at_ms: self.clock_ms, what }).ok()).flatten()
    }

    fn advance_to(&mut self, clock_ms: u64, now_real_ms: Option<f64>) {
        // Both runs make the same attempts; which one is narrated is picked
        // here, and the page says it as the consumer it shows saw it.
        let before = self.pair.idempotent.trace().len();
        Rc::make_mut(&mut self.pair).run_until(clock_ms);
        self.clock_ms = clock_ms;
        let new_attempts = &self.pair.idempotent.trace()[before..];
        if let Some(offset) = most_notable(new_attempts) {
            let speak = now_real_ms.is_none_or(|now| now - self.narrated_at_real_ms >= NARRATION_INTERVAL_MS);
            if speak {
                self.narration = Some(Narration { index: before + offset, more: new_attempts.len() as u32 - 1 });
                if let Some(now) = now_real_ms {
                    self.narrated_at_real_ms = now;
                }
            }
        }
    }
}

/// The plan with its fix at `at_ms` (none to move: unchanged). The other
/// interventions keep their times: a retry by hand before the fix now
/// meets the cause still there.
fn moved_fix(plan: &Plan, at_ms: u64) -> Option<Plan> {
    let mut interventions = plan.interventions().to_vec();
    let fix = interventions.iter_mut().find(|t| t.what == Intervention::FixCause)?;
    fix.at_ms = at_ms;
    Plan::new(plan.outages().to_vec(), interventions).ok()
}

/// The index of the most notable attempt: dead-letter first, then lost
/// acks, then lost requests, then deliveries (the earliest of its kind).
fn most_notable(attempts: &[Attempt]) -> Option<usize> {
    let rank = |a: &Attempt| match (a.follow, a.outcome) {
        (Follow::DeadLettered, _) => 4,
        (_, Outcome::Failed { effect: true, .. }) => 3,
        (_, Outcome::Failed { .. }) => 2,
        _ => 1,
    };
    let best = attempts.iter().rev().enumerate().max_by_key(|(_, a)| rank(a))?;
    Some(attempts.len() - 1 - best.0)
}

impl State {
    /// The run at its clock, for an export: every attempt, the dead-letter
    /// queue, and both consumers' counters (the `totals` are the whole run's).
    pub fn tables(&self) -> Vec<crate::table::Table> {
        use crate::format::format_seconds as s;
        use crate::table::Table;
        use retry_lab_core::FailureKind;
        let run = &self.pair.idempotent;
        let attempts = run.trace().iter().map(|a| {
            let outcome = match a.outcome {
                Outcome::Processed => "processed",
                Outcome::DiscardedAcked => "repeat_discarded",
                Outcome::Failed { kind: FailureKind::RequestLost, .. } => "request_lost",
                Outcome::Failed { kind: FailureKind::AckLost, .. } => "ack_lost",
                Outcome::Failed { kind: FailureKind::CrashAfterAck, .. } => "crash_after_ack",
            };
            let (next, retry_at) = match a.follow {
                Follow::Done => ("done", String::new()),
                Follow::RetryAt { due_ms } => ("retry", s(due_ms)),
                Follow::DeadLettered => ("dead_letter", String::new()),
            };
            let effect = matches!(a.outcome, Outcome::Processed | Outcome::Failed { effect: true, .. });
            vec![
                s(a.at_ms),
                (a.event + 1).to_string(),
                a.cycle_attempt.to_string(),
                outcome.to_owned(),
                u8::from(effect).to_string(),
                next.to_owned(),
                retry_at,
            ]
        });
        let since = |event: u32| {
            run.trace()
                .iter()
                .rev()
                .find(|a| a.event == event && matches!(a.follow, Follow::DeadLettered))
                .map_or(String::new(), |a| s(a.at_ms))
        };
        let dead = run.dead_letters().iter().map(|&e| vec![(e + 1).to_string(), since(e)]);
        let (naive, idem) = (self.pair.naive.counters(), run.counters());
        let counters = vec![
            ("clock_s", s(self.clock_ms)),
            ("published", idem.published.to_string()),
            ("deliveries", idem.deliveries.to_string()),
            ("effects_idempotent", idem.effects.to_string()),
            ("effects_naive", naive.effects.to_string()),
            ("repeats_discarded", idem.duplicates_discarded.to_string()),
            ("dead_lettered", idem.dead_lettered.to_string()),
            ("acknowledged", idem.acknowledged.to_string()),
            ("retried_by_hand", idem.manual_retries.to_string()),
        ];
        vec![
            Table {
                name: "attempts",
                columns: &["at_s", "event", "cycle_attempt", "outcome", "effect", "next", "retry_at_s"],
                rows: attempts.collect(),
            },
            Table { name: "dead_letter", columns: &["event", "since_s"], rows: dead.collect() },
            Table::named("counters", counters),
        ]
    }
}

/// The run played to its end: the first event to reach dead-letter, and
/// the time from its first attempt to then, in whole seconds.
fn first_dead_letter_wait_s(origin: &Pair) -> Option<u64> {
    let mut run = origin.clone();
    run.run_until(u64::MAX / 2);
    let trace = run.idempotent.trace();
    let dead = trace.iter().find(|a| a.follow == Follow::DeadLettered)?;
    let first_ms = trace.iter().find(|a| a.event == dead.event)?.at_ms;
    Some((dead.at_ms - first_ms + 500) / 1_000)
}
