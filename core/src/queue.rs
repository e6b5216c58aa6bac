//! Lesson 004's job queue, as SQS runs one: a worker receives a message,
//! which stays hidden for the visibility timeout; the worker deletes it when
//! its job is done; if the deadline passes first, the message shows again
//! and another worker takes it (a copy: every copy does the whole job, the
//! first to finish deletes it). A live worker may renew the deadline (a
//! heartbeat), never past 12 hours from its receive. A poison message never
//! finishes: it hangs until the deadline, or crashes the worker that opens
//! it; after `max_receives` receives without an ack it moves to the
//! dead-letter queue, and without a limit it is redelivered until its
//! retention ends. Messages may arrive over time; a bug may be fixed at a
//! time (poison ones then go through); people act on the dead-letter queue
//! at given times ([`DlqOperation`]: redrive, mark as failed), and each queue
//! has its retention, counted from the message's first enqueue (SQS
//! standard keeps it when a message moves to the DLQ).
//!
//! Discrete events in integer milliseconds; no randomness. At one instant a
//! job's end goes first (an ack at the very instant the deadline passes
//! deletes the message: no new copy), then deadlines, then heartbeats, then
//! workers taking messages.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::limits::{check, ConfigError};

/// SQS: a receive's visibility can be extended up to 12 hours from it.
pub const RECEIVE_CEILING_MS: u64 = 12 * 3_600_000;
/// SQS's default retention: 4 days (at most 14).
pub const RETENTION_DEFAULT_MS: u64 = 4 * 86_400_000;
pub const RETENTION_MAX_MS: u64 = 14 * 86_400_000;
pub const MESSAGES_MAX: u32 = 10_000;
pub const WORKERS_MAX: u32 = 1_000;
/// People's actions on the DLQ in one run, at most.
pub const OPERATIONS_MAX: usize = 100;
/// Events (receives, deadlines, heartbeats, jobs' ends…) one run may
/// process. A poison message redelivered every second for two weeks, or a
/// heartbeat every millisecond, would otherwise make millions of receives
/// (and gigabytes); every page's and CLI's run is counted against this, and
/// one over it ends with [`OverBudget`], nothing half-computed. The lessons'
/// runs use a few thousand (`tests.rs` measures the presets' largest).
pub const STEPS_MAX: u64 = 400_000;

/// A run stopped at [`STEPS_MAX`]: what to lower, so the page and the CLI
/// say it in the same words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OverBudget {
    pub steps_max: u64,
    /// Messages were still being redelivered (raise the visibility timeout,
    /// set a maximum of receives, shorten the retention).
    pub redeliveries: bool,
    /// Heartbeats were renewing (lengthen their interval).
    pub heartbeats: bool,
}

/// Why a queue run did not happen: its config is out of range (refused
/// before it starts, `limits`' policy), or it went over the work budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueueError {
    Config(ConfigError),
    OverBudget(OverBudget),
}

impl From<ConfigError> for QueueError {
    fn from(e: ConfigError) -> Self {
        Self::Config(e)
    }
}

/// How the first message fails, if it is poison.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Poison {
    #[default]
    None,
    /// The job never ends: the worker is stuck until the deadline passes.
    Hang,
    /// The worker crashes as it opens the message (and comes back at once).
    CrashOnOpen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueueConfig {
    pub messages: u32,
    pub job_ms: u64,
    pub workers: u32,
    pub visibility_ms: u64,
    /// A live worker renews the deadline (to now + visibility) this often.
    pub heartbeat_ms: Option<u64>,
    /// Receives without an ack before the message moves to the DLQ.
    pub max_receives: Option<u32>,
    pub poison: Poison,
    /// Worker 0 dies for good at this time (it stops working and renewing).
    pub worker_dies_at_ms: Option<u64>,
    pub retention_ms: u64,
    /// The workers' process restarts at this time: every job in progress
    /// is cut. With the queue in that process's memory, every message not
    /// yet deleted is lost; with a broker, waiting ones wait and the ones in
    /// progress show again at their deadline.
    pub restart_at_ms: Option<u64>,
    pub in_memory: bool,
    /// Message `m` is enqueued at `m × arrival_every_ms` (0: all at once).
    pub arrival_every_ms: u64,
    /// Which messages are poison (when `poison` says how): every n-th,
    /// from the first; `u32::MAX` (the default) is the first alone.
    pub poison_every: u32,
    /// The bug is fixed from then on: a poison message received at or after
    /// it goes through like a healthy one.
    pub fix_at_ms: Option<u64>,
    /// The DLQ's retention, counted from the message's original enqueue.
    pub dlq_retention_ms: u64,
    /// RabbitMQ's consumer_timeout instead of SQS's visibility timeout: at
    /// the deadline the broker closes the worker's channel and requeues the
    /// message, so that worker's late ack reaches nobody (its work done for
    /// nothing); nothing renews the deadline (a heartbeat keeps a connection,
    /// not a delivery); and a dead worker's message is requeued as its
    /// connection drops, not when its deadline passes. False: SQS, where the
    /// first copy to finish deletes the message.
    pub late_ack_refused: bool,
}

impl Default for QueueConfig {
    /// One message, a 10-minute job, SQS's 30 s timeout, enough workers:
    /// lesson 004's first error (20 copies).
    fn default() -> Self {
        Self {
            messages: 1,
            job_ms: 600_000,
            workers: 100,
            visibility_ms: 30_000,
            heartbeat_ms: None,
            max_receives: None,
            poison: Poison::None,
            worker_dies_at_ms: None,
            retention_ms: RETENTION_DEFAULT_MS,
            restart_at_ms: None,
            in_memory: false,
            arrival_every_ms: 0,
            poison_every: u32::MAX,
            fix_at_ms: None,
            dlq_retention_ms: RETENTION_MAX_MS,
            late_ack_refused: false,
        }
    }
}

impl QueueConfig {
    /// Refuses a config out of range (`limits`' policy: nothing is clamped).
    pub fn validate(&self) -> Result<(), ConfigError> {
        let retention = |ms: u64| (1..=RETENTION_MAX_MS).contains(&ms);
        let days = || format!("between 1 ms and {} days", RETENTION_MAX_MS / 86_400_000);
        check((1..=MESSAGES_MAX).contains(&self.messages), "messages", || format!("between 1 and {MESSAGES_MAX}"))?;
        check((1..=WORKERS_MAX).contains(&self.workers), "workers", || format!("between 1 and {WORKERS_MAX}"))?;
        check(self.visibility_ms >= 1, "visibility-ms", || "at least 1".into())?;
        check(self.job_ms >= 1, "job-ms", || "at least 1".into())?;
        check(self.heartbeat_ms.is_none_or(|ms| ms >= 1), "heartbeat-ms", || "at least 1".into())?;
        check(retention(self.retention_ms), "retention-ms", days)?;
        check(retention(self.dlq_retention_ms), "dlq-retention-ms", days)?;
        check(self.poison_every >= 1, "poison-every", || "at least 1".into())
    }
}

/// How one receive ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReceiveEnd {
    /// Its job finished and deleted the message.
    Deleted,
    /// Its job finished after another copy had deleted the message: the
    /// work (and a non-idempotent effect) happened again.
    FinishedAfterDelete,
    /// The worker gave up or died; the message showed again at the deadline.
    Abandoned,
    /// The worker crashed opening it.
    Crashed,
    /// Still in progress when the run ended (a worker stuck on it).
    Unfinished,
    /// Cut by the process's restart.
    Interrupted,
    /// Its job finished after its deadline, on a broker that refuses a
    /// late ack (`QueueConfig::late_ack_refused`): the work was for nothing.
    AckRefused,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Receive {
    pub message: u32,
    pub worker: u32,
    pub at_ms: u64,
    /// The worker was busy until then.
    pub until_ms: u64,
    /// The message stayed hidden until then under this receive: its last
    /// deadline (renewals included), or its deletion if that came first.
    pub hidden_until_ms: u64,
    pub end: ReceiveEnd,
    /// It hit the bug (a poison message before the fix).
    pub poisoned: bool,
}

/// Where a message is at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MessageEnd {
    Deleted {
        at_ms: u64,
    },
    DeadLettered {
        at_ms: u64,
    },
    Expired {
        at_ms: u64,
    },
    /// Lost with the process that held the queue in memory.
    Lost {
        at_ms: u64,
    },
}

/// Why a message moved to the dead-letter queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DlqReason {
    /// Its last receive's deadline passed without an ack.
    DeadlinePassed,
    /// It crashed the worker that opened it.
    CrashedOnOpen,
}

/// What a person does to the dead-letter queue, at a simulated time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DlqAction {
    /// Send it back to the source queue: a new message, receive count 0.
    Redrive(u32),
    RedriveAll,
    /// Take it out of the DLQ as failed, with its reason on record.
    MarkFailed(u32),
    MarkAllFailed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DlqOperation {
    pub at_ms: u64,
    pub action: DlqAction,
}

/// How a message's stay in the DLQ ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DlqFate {
    /// Sent back as this new message.
    Redriven {
        at_ms: u64,
        as_message: u32,
    },
    MarkedFailed {
        at_ms: u64,
    },
    /// Its retention (from the original enqueue) ran out; at its move when
    /// that had already passed: it expired unseen.
    Expired {
        at_ms: u64,
    },
}

impl DlqFate {
    /// When the message's stay in the DLQ ended.
    pub fn at_ms(self) -> u64 {
        match self {
            Self::Redriven { at_ms, .. } | Self::MarkedFailed { at_ms } | Self::Expired { at_ms } => at_ms,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DlqEntry {
    pub message: u32,
    pub moved_at_ms: u64,
    pub receive_count: u32,
    pub reason: DlqReason,
    pub fate: DlqFate,
}

/// Where a message is at an instant: exactly one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    NotYetSent,
    Visible,
    InFlight,
    Deleted,
    InDlq,
    /// Out of the DLQ: redriven (as a new message) or marked failed.
    LeftDlq,
    Expired,
    Lost,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueRun {
    pub config: QueueConfig,
    pub operations: Vec<DlqOperation>,
    /// In time order.
    pub receives: Vec<Receive>,
    /// One per message, redriven ones after the originals.
    pub ends: Vec<MessageEnd>,
    pub enqueued_at_ms: Vec<u64>,
    /// The message a redriven one was sent back for.
    pub redriven_from: Vec<Option<u32>>,
    /// Whether each message carries the bug (fails until the fix).
    pub poison: Vec<bool>,
    /// In order of arrival in the DLQ.
    pub dlq: Vec<DlqEntry>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// A job ends (kind order 0: first at an instant).
    JobEnd {
        receive: usize,
    },
    /// A message's deadline, for this receive.
    Deadline {
        receive: usize,
    },
    Heartbeat {
        receive: usize,
    },
    /// A worker looks for a message.
    Free {
        worker: u32,
    },
    /// A poison receive lets its worker go (hung until the deadline, or crashed).
    Release {
        receive: usize,
    },
    Restart,
    Arrive {
        message: u32,
    },
    /// A message's retention in the source queue ends.
    Expire {
        message: u32,
    },
    Operation {
        index: usize,
    },
}

impl Event {
    fn order(self) -> u8 {
        match self {
            Event::JobEnd { .. } => 0,
            Event::Restart => 1,
            Event::Deadline { .. } | Event::Release { .. } | Event::Expire { .. } => 2,
            Event::Arrive { .. } | Event::Operation { .. } => 3,
            Event::Heartbeat { .. } => 4,
            Event::Free { .. } => 5,
        }
    }
}

/// One row per message (redriven ones appended).
#[derive(Default)]
struct Messages {
    enqueued_at_ms: Vec<u64>,
    redriven_from: Vec<Option<u32>>,
    poison: Vec<bool>,
    receive_count: Vec<u32>,
    /// The receive whose deadline currently governs each message.
    current: Vec<Option<usize>>,
    deadline_ms: Vec<u64>,
    ends: Vec<Option<MessageEnd>>,
}

impl Messages {
    fn push(&mut self, at_ms: u64, from: Option<u32>, poison: bool) -> u32 {
        self.enqueued_at_ms.push(at_ms);
        self.redriven_from.push(from);
        self.poison.push(poison);
        self.receive_count.push(0);
        self.current.push(None);
        self.deadline_ms.push(0);
        self.ends.push(None);
        (self.ends.len() - 1) as u32
    }
}

struct Sim {
    cfg: QueueConfig,
    steps: u64,
    heartbeats: u64,
    operations: Vec<DlqOperation>,
    agenda: BinaryHeap<Reverse<(u64, u8, u64, Event)>>,
    sequence: u64,
    /// Visible messages: (visible since, message), oldest first.
    visible: BinaryHeap<Reverse<(u64, u32)>>,
    receives: Vec<Receive>,
    messages: Messages,
    /// An entry's fate is its expiry until a person acts on it.
    dlq: Vec<DlqEntry>,
    idle: Vec<u32>,
    /// The receive each worker is on, if any.
    working_on: Vec<Option<usize>>,
}

impl Sim {
    fn at(&mut self, t: u64, event: Event) {
        self.sequence += 1;
        self.agenda.push(Reverse((t, event.order(), self.sequence, event)));
    }

    fn finish(&mut self, m: usize, end: MessageEnd) {
        if self.messages.ends[m].is_none() {
            self.messages.ends[m] = Some(end);
        }
    }

    fn alive(&self, worker: u32, t: u64) -> bool {
        worker != 0 || self.cfg.worker_dies_at_ms.is_none_or(|d| t < d)
    }

    fn expires_at_ms(&self, m: usize) -> u64 {
        self.messages.enqueued_at_ms[m].saturating_add(self.cfg.retention_ms)
    }

    /// A message enters the source queue (first sent, or redriven).
    fn enqueue(&mut self, t: u64, from: Option<u32>, poison: bool) -> u32 {
        let message = self.messages.push(t, from, poison);
        self.at(t, Event::Arrive { message });
        self.at(self.expires_at_ms(message as usize), Event::Expire { message });
        message
    }

    fn show(&mut self, message: u32, t: u64) {
        self.visible.push(Reverse((t, message)));
        // Wake an idle worker (a dead one is dropped from the list).
        while let Some(worker) = self.idle.pop() {
            if self.alive(worker, t) {
                self.at(t, Event::Free { worker });
                break;
            }
        }
    }

    fn take(&mut self, worker: u32, t: u64) {
        if self.working_on[worker as usize].is_some() {
            return; // a stale wake-up: it is busy
        }
        while let Some(Reverse((_, message))) = self.visible.pop() {
            let m = message as usize;
            if self.messages.ends[m].is_some() {
                continue;
            }
            if t >= self.expires_at_ms(m) {
                self.finish(m, MessageEnd::Expired { at_ms: self.expires_at_ms(m) });
                continue;
            }
            self.receive(message, worker, t);
            return;
        }
        self.idle.push(worker);
    }

    fn poison_at(&self, m: usize, t: u64) -> Poison {
        let fixed = self.cfg.fix_at_ms.is_some_and(|fix| t >= fix);
        if self.messages.poison[m] && !fixed {
            self.cfg.poison
        } else {
            Poison::None
        }
    }

    fn receive(&mut self, message: u32, worker: u32, t: u64) {
        let m = message as usize;
        self.messages.receive_count[m] += 1;
        let index = self.receives.len();
        let poison = self.poison_at(m, t);
        let (until_ms, end) = match poison {
            Poison::CrashOnOpen => (t, ReceiveEnd::Crashed),
            Poison::Hang => (t + self.cfg.visibility_ms, ReceiveEnd::Abandoned),
            Poison::None => (t + self.cfg.job_ms, ReceiveEnd::Unfinished),
        };
        let lease_ms = t + self.cfg.visibility_ms;
        // RabbitMQ requeues a dead worker's delivery as its connection drops.
        let deadline_ms = match self.cfg.worker_dies_at_ms {
            Some(dies) if self.cfg.late_ack_refused && worker == 0 && dies < lease_ms.min(until_ms) => dies,
            _ => lease_ms,
        };
        self.receives.push(Receive {
            message,
            worker,
            at_ms: t,
            until_ms,
            hidden_until_ms: deadline_ms,
            end,
            poisoned: poison != Poison::None,
        });
        self.working_on[worker as usize] = Some(index);
        self.messages.current[m] = Some(index);
        self.messages.deadline_ms[m] = deadline_ms;
        self.at(deadline_ms, Event::Deadline { receive: index });
        match poison {
            Poison::None => {
                self.at(until_ms, Event::JobEnd { receive: index });
                if let Some(h) = self.cfg.heartbeat_ms.filter(|_| !self.cfg.late_ack_refused) {
                    self.at(t + h, Event::Heartbeat { receive: index });
                }
            }
            // The crashed worker is back at once; the hung one once the deadline passes.
            _ => self.at(until_ms, Event::Release { receive: index }),
        }
    }

    fn release(&mut self, receive: usize, t: u64) {
        let worker = self.receives[receive].worker;
        if self.working_on[worker as usize] == Some(receive) {
            self.working_on[worker as usize] = None;
            self.at(t, Event::Free { worker });
        }
    }

    fn job_end(&mut self, receive: usize, t: u64) {
        let Receive { message, worker, .. } = self.receives[receive];
        if self.working_on[worker as usize] != Some(receive) {
            return; // cut by a restart
        }
        self.working_on[worker as usize] = None;
        if !self.alive(worker, t) {
            // It died on the job: the work never ended; the deadline frees the message.
            self.receives[receive].until_ms = self.cfg.worker_dies_at_ms.unwrap_or(t);
            self.receives[receive].end = ReceiveEnd::Abandoned;
            return;
        }
        let m = message as usize;
        let stale = self.messages.current[m] != Some(receive);
        self.receives[receive].end = match self.messages.ends[m] {
            None if stale && self.cfg.late_ack_refused => ReceiveEnd::AckRefused,
            None => {
                self.finish(m, MessageEnd::Deleted { at_ms: t });
                if let Some(governing) = self.messages.current[m] {
                    self.receives[governing].hidden_until_ms = t;
                }
                ReceiveEnd::Deleted
            }
            Some(_) => ReceiveEnd::FinishedAfterDelete,
        };
        self.at(t, Event::Free { worker });
    }

    fn deadline(&mut self, receive: usize, t: u64) {
        let m = self.receives[receive].message as usize;
        let messages = &self.messages;
        if messages.ends[m].is_some() || messages.current[m] != Some(receive) || messages.deadline_ms[m] != t {
            return; // deleted, received again, or renewed since
        }
        self.messages.current[m] = None;
        if self.cfg.max_receives.is_some_and(|n| self.messages.receive_count[m] >= n) {
            self.dead_letter(m, receive, t);
        } else if t >= self.expires_at_ms(m) {
            self.finish(m, MessageEnd::Expired { at_ms: t });
        } else {
            self.show(m as u32, t);
        }
    }

    /// The N-th receive's deadline passed: the message moves to the DLQ,
    /// keeping its enqueue time (so it may have no retention left there).
    fn dead_letter(&mut self, m: usize, receive: usize, t: u64) {
        self.finish(m, MessageEnd::DeadLettered { at_ms: t });
        let reason = match self.receives[receive].end {
            ReceiveEnd::Crashed => DlqReason::CrashedOnOpen,
            _ => DlqReason::DeadlinePassed,
        };
        let expires_ms = self.messages.enqueued_at_ms[m].saturating_add(self.cfg.dlq_retention_ms);
        let fate = DlqFate::Expired { at_ms: expires_ms.max(t) };
        self.dlq.push(DlqEntry {
            message: m as u32,
            moved_at_ms: t,
            receive_count: self.messages.receive_count[m],
            reason,
            fate,
        });
    }

    /// Still in the DLQ at `t`: nobody acted on it and it has not expired.
    fn in_dlq(&self, entry: usize, t: u64) -> bool {
        matches!(self.dlq[entry].fate, DlqFate::Expired { at_ms } if t < at_ms)
    }

    fn operation(&mut self, index: usize, t: u64) {
        let action = self.operations[index].action;
        let chosen: Vec<usize> = (0..self.dlq.len())
            .filter(|&e| self.in_dlq(e, t))
            .filter(|&e| match action {
                DlqAction::Redrive(m) | DlqAction::MarkFailed(m) => self.dlq[e].message == m,
                DlqAction::RedriveAll | DlqAction::MarkAllFailed => true,
            })
            .collect();
        for e in chosen {
            self.dlq[e].fate = match action {
                DlqAction::Redrive(_) | DlqAction::RedriveAll => {
                    let m = self.dlq[e].message;
                    let poison = self.messages.poison[m as usize];
                    DlqFate::Redriven { at_ms: t, as_message: self.enqueue(t, Some(m), poison) }
                }
                DlqAction::MarkFailed(_) | DlqAction::MarkAllFailed => DlqFate::MarkedFailed { at_ms: t },
            };
        }
    }

    /// The process restarts: jobs in progress are cut, every worker is back
    /// at once; an in-memory queue loses what it held.
    fn restart(&mut self, t: u64) {
        for w in 0..self.working_on.len() {
            if let Some(r) = self.working_on[w].take() {
                self.receives[r].until_ms = self.receives[r].until_ms.min(t);
                self.receives[r].end = ReceiveEnd::Interrupted;
            }
        }
        if self.cfg.in_memory {
            for m in 0..self.messages.ends.len() {
                if self.messages.enqueued_at_ms[m] <= t {
                    self.finish(m, MessageEnd::Lost { at_ms: t });
                }
            }
        }
        self.idle.clear();
        for worker in 0..self.cfg.workers {
            self.at(t, Event::Free { worker });
        }
    }

    fn heartbeat(&mut self, receive: usize, t: u64) {
        let r = self.receives[receive];
        let m = r.message as usize;
        let governs = self.messages.current[m] == Some(receive);
        if self.messages.ends[m].is_some() || !governs || !self.alive(r.worker, t) || t >= r.until_ms {
            return;
        }
        let renewed = (t + self.cfg.visibility_ms).min(r.at_ms + RECEIVE_CEILING_MS);
        if renewed > self.messages.deadline_ms[m] {
            self.messages.deadline_ms[m] = renewed;
            self.receives[receive].hidden_until_ms = renewed;
            self.at(renewed, Event::Deadline { receive });
        }
        if let Some(h) = self.cfg.heartbeat_ms {
            self.at(t + h, Event::Heartbeat { receive });
        }
    }

    fn step(&mut self, t: u64, event: Event) {
        match event {
            Event::Free { worker } if self.alive(worker, t) => self.take(worker, t),
            Event::Free { .. } => {}
            Event::JobEnd { receive } => self.job_end(receive, t),
            Event::Deadline { receive } => self.deadline(receive, t),
            Event::Heartbeat { receive } => self.heartbeat(receive, t),
            Event::Release { receive } => self.release(receive, t),
            Event::Restart => self.restart(t),
            Event::Arrive { message } if self.messages.ends[message as usize].is_none() => self.show(message, t),
            Event::Arrive { .. } => {}
            // Still waiting (not in flight) when its retention ends: gone.
            Event::Expire { message } if self.messages.current[message as usize].is_none() => {
                self.finish(message as usize, MessageEnd::Expired { at_ms: t });
            }
            Event::Expire { .. } => {}
            Event::Operation { index } => self.operation(index, t),
        }
    }
}

impl QueueRun {
    /// Runs until every message is deleted, dead-lettered or expired.
    pub fn new(config: QueueConfig) -> Result<Self, QueueError> {
        Self::with_operations(config, &[])
    }

    /// Runs with people acting on the DLQ at the operations' times, until
    /// nothing is left to happen, within [`STEPS_MAX`] events.
    pub fn with_operations(cfg: QueueConfig, operations: &[DlqOperation]) -> Result<Self, QueueError> {
        cfg.validate()?;
        check(operations.len() <= OPERATIONS_MAX, "operations", || format!("at most {OPERATIONS_MAX}"))?;
        let mut sim = Sim {
            cfg,
            steps: 0,
            heartbeats: 0,
            operations: operations.to_vec(),
            agenda: BinaryHeap::new(),
            sequence: 0,
            visible: BinaryHeap::new(),
            receives: Vec::new(),
            messages: Messages::default(),
            dlq: Vec::new(),
            idle: Vec::new(),
            working_on: vec![None; cfg.workers as usize],
        };
        for m in 0..cfg.messages {
            sim.enqueue(
                u64::from(m) * cfg.arrival_every_ms,
                None,
                cfg.poison != Poison::None && m % cfg.poison_every == 0,
            );
        }
        if let Some(at) = cfg.restart_at_ms {
            sim.at(at, Event::Restart);
        }
        for index in 0..sim.operations.len() {
            sim.at(sim.operations[index].at_ms, Event::Operation { index });
        }
        // Worker 0 takes the first message.
        for worker in 0..cfg.workers {
            sim.at(0, Event::Free { worker });
        }
        while let Some(Reverse((t, _, _, event))) = sim.agenda.pop() {
            sim.steps += 1;
            if sim.steps > STEPS_MAX {
                let redeliveries = sim.receives.len() > sim.messages.ends.len();
                return Err(QueueError::OverBudget(OverBudget {
                    steps_max: STEPS_MAX,
                    redeliveries,
                    heartbeats: sim.heartbeats > 0,
                }));
            }
            if matches!(event, Event::Heartbeat { .. }) {
                sim.heartbeats += 1;
            }
            sim.step(t, event);
        }
        let Sim { receives, messages, dlq, operations, .. } = sim;
        // Every message meets its Expire event, so each has ended.
        let ends = messages.ends.iter().map(|e| e.unwrap_or(MessageEnd::Expired { at_ms: 0 })).collect();
        Ok(Self {
            config: cfg,
            operations,
            receives,
            ends,
            enqueued_at_ms: messages.enqueued_at_ms,
            redriven_from: messages.redriven_from,
            poison: messages.poison,
            dlq,
        })
    }

    /// Receives of one message: its copies.
    pub fn copies(&self, message: u32) -> usize {
        self.receives.iter().filter(|r| r.message == message).count()
    }

    /// Worker time spent on receives, ms.
    pub fn worker_ms(&self) -> u64 {
        self.receives.iter().map(|r| r.until_ms - r.at_ms).sum()
    }

    /// When the last message was deleted (the makespan when all are).
    pub fn done_at_ms(&self) -> Option<u64> {
        self.ends.iter().try_fold(0, |last, end| match end {
            MessageEnd::Deleted { at_ms } => Some(last.max(*at_ms)),
            _ => None,
        })
    }

    /// Business effects of a consumer that is not idempotent: one per
    /// finished job, repeats included (an idempotent one: one per message).
    /// A job whose ack was refused finished its work all the same.
    pub fn naive_effects(&self) -> usize {
        let finished =
            |end| matches!(end, ReceiveEnd::Deleted | ReceiveEnd::FinishedAfterDelete | ReceiveEnd::AckRefused);
        self.receives.iter().filter(|r| finished(r.end)).count()
    }

    pub fn dead_letter_at_ms(&self, message: u32) -> Option<u64> {
        match self.ends.get(message as usize) {
            Some(MessageEnd::DeadLettered { at_ms }) => Some(*at_ms),
            _ => None,
        }
    }

    /// When a message leaves the source queue for good (its end).
    pub fn end_at_ms(&self, message: u32) -> u64 {
        match self.ends[message as usize] {
            MessageEnd::Deleted { at_ms }
            | MessageEnd::DeadLettered { at_ms }
            | MessageEnd::Expired { at_ms }
            | MessageEnd::Lost { at_ms } => at_ms,
        }
    }

    pub fn dlq_entry(&self, message: u32) -> Option<&DlqEntry> {
        self.dlq.iter().find(|e| e.message == message)
    }

    /// Where a message is at `t`.
    pub fn place_at(&self, message: u32, t: u64) -> Place {
        let m = message as usize;
        if t < self.enqueued_at_ms[m] {
            return Place::NotYetSent;
        }
        if t < self.end_at_ms(message) {
            let in_flight = self.receives.iter().any(|r| r.message == message && r.at_ms <= t && t < r.hidden_until_ms);
            return if in_flight { Place::InFlight } else { Place::Visible };
        }
        match self.ends[m] {
            MessageEnd::Deleted { .. } => Place::Deleted,
            MessageEnd::Expired { .. } => Place::Expired,
            MessageEnd::Lost { .. } => Place::Lost,
            MessageEnd::DeadLettered { .. } => match self.dlq_entry(message).map(|e| e.fate) {
                Some(DlqFate::Expired { at_ms }) if t >= at_ms => Place::Expired,
                Some(DlqFate::Redriven { at_ms, .. } | DlqFate::MarkedFailed { at_ms }) if t >= at_ms => Place::LeftDlq,
                _ => Place::InDlq,
            },
        }
    }

    /// The DLQ's entries still there at `t`, in the order they moved. An
    /// entry's stay is [moved, fate): the same as `place_at` saying `InDlq`
    /// (property test), without a search per entry, because a scene asks
    /// this at every instant of its timeline.
    pub fn dlq_at(&self, t: u64) -> impl Iterator<Item = &DlqEntry> + '_ {
        self.dlq.iter().filter(move |e| e.moved_at_ms <= t && t < e.fate.at_ms())
    }

    /// Messages in the DLQ at `t` (for its alert: more than 0 is already news).
    pub fn dlq_len_at(&self, t: u64) -> usize {
        self.dlq_at(t).count()
    }

    /// The longest a healthy message waited for its first receive (or for
    /// its end, if none came), ms.
    pub fn healthy_wait_max_ms(&self) -> u64 {
        let mut first_ms: Vec<Option<u64>> = vec![None; self.ends.len()];
        for r in &self.receives {
            first_ms[r.message as usize].get_or_insert(r.at_ms);
        }
        let healthy = (0..self.ends.len()).filter(|&m| !self.poison[m]);
        healthy
            .map(|m| first_ms[m].unwrap_or_else(|| self.end_at_ms(m as u32)) - self.enqueued_at_ms[m])
            .max()
            .unwrap_or(0)
    }

    /// Worker time spent on poison messages' receives, ms (the capacity
    /// healthy messages did not get).
    pub fn poison_worker_ms(&self) -> u64 {
        self.receives.iter().filter(|r| r.poisoned).map(|r| r.until_ms - r.at_ms).sum()
    }
}

pub mod invariants;
#[cfg(test)]
mod tests;
