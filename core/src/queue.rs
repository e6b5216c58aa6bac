//! Lesson 004's job queue, as SQS runs one: a worker receives a message,
//! which stays hidden for the visibility timeout; the worker deletes it when
//! its job is done; if the deadline passes first, the message shows again
//! and another worker takes it (a copy: every copy does the whole job, the
//! first to finish deletes it). A live worker may renew the deadline (a
//! heartbeat), never past 12 hours from its receive. A poison message never
//! finishes: it hangs until the deadline, or crashes the worker that opens
//! it; after `max_receives` receives without an ack it moves to the
//! dead-letter queue, and without a limit it is redelivered until its
//! retention ends.
//!
//! Discrete events in integer milliseconds; no randomness. At one instant a
//! job's end goes first (an ack at the very instant the deadline passes
//! deletes the message: no new copy), then deadlines, then heartbeats, then
//! workers taking messages.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// SQS: a receive's visibility can be extended up to 12 hours from it.
pub const RECEIVE_CEILING_MS: u64 = 12 * 3_600_000;
/// SQS's default retention: 4 days (at most 14).
pub const RETENTION_DEFAULT_MS: u64 = 4 * 86_400_000;
pub const RETENTION_MAX_MS: u64 = 14 * 86_400_000;
pub const MESSAGES_MAX: u32 = 10_000;
pub const WORKERS_MAX: u32 = 1_000;

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
        }
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
}

/// Where a message is at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MessageEnd {
    Deleted { at_ms: u64 },
    DeadLettered { at_ms: u64 },
    Expired { at_ms: u64 },
    /// Lost with the process that held the queue in memory.
    Lost { at_ms: u64 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueRun {
    pub config: QueueConfig,
    /// In time order.
    pub receives: Vec<Receive>,
    pub ends: Vec<MessageEnd>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// A job ends (kind order 0: first at an instant).
    JobEnd { receive: usize },
    /// A message's deadline, for this receive.
    Deadline { receive: usize },
    Heartbeat { receive: usize },
    /// A worker looks for a message.
    Free { worker: u32 },
    /// A poison receive lets its worker go (hung until the deadline, or crashed).
    Release { receive: usize },
    Restart,
}

impl Event {
    fn order(self) -> u8 {
        match self {
            Event::JobEnd { .. } => 0,
            Event::Restart => 1,
            Event::Deadline { .. } | Event::Release { .. } => 2,
            Event::Heartbeat { .. } => 3,
            Event::Free { .. } => 4,
        }
    }
}

struct Sim {
    cfg: QueueConfig,
    agenda: BinaryHeap<Reverse<(u64, u8, u64, Event)>>,
    sequence: u64,
    /// Visible messages: (visible since, message), oldest first.
    visible: BinaryHeap<Reverse<(u64, u32)>>,
    receives: Vec<Receive>,
    receive_count: Vec<u32>,
    /// The receive whose deadline currently governs each message.
    current: Vec<Option<usize>>,
    deadline_ms: Vec<u64>,
    ends: Vec<Option<MessageEnd>>,
    /// Messages not yet deleted, dead-lettered or expired.
    open: usize,
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
        if self.ends[m].is_none() {
            self.ends[m] = Some(end);
            self.open -= 1;
        }
    }

    fn alive(&self, worker: u32, t: u64) -> bool {
        worker != 0 || self.cfg.worker_dies_at_ms.is_none_or(|d| t < d)
    }

    fn take(&mut self, worker: u32, t: u64) {
        if self.working_on[worker as usize].is_some() {
            return; // a stale wake-up: it is busy
        }
        while let Some(Reverse((_, message))) = self.visible.pop() {
            if self.ends[message as usize].is_some() {
                continue;
            }
            // Every message was enqueued at 0: past its retention it is gone.
            if t >= self.cfg.retention_ms {
                self.finish(message as usize, MessageEnd::Expired { at_ms: self.cfg.retention_ms });
                continue;
            }
            self.receive(message, worker, t);
            return;
        }
        self.idle.push(worker);
    }

    fn receive(&mut self, message: u32, worker: u32, t: u64) {
        let m = message as usize;
        self.receive_count[m] += 1;
        let index = self.receives.len();
        let poison = if message == 0 { self.cfg.poison } else { Poison::None };
        let (until_ms, end) = match poison {
            Poison::CrashOnOpen => (t, ReceiveEnd::Crashed),
            Poison::Hang => (t + self.cfg.visibility_ms, ReceiveEnd::Abandoned),
            Poison::None => (t + self.cfg.job_ms, ReceiveEnd::Unfinished),
        };
        let deadline_ms = t + self.cfg.visibility_ms;
        self.receives.push(Receive { message, worker, at_ms: t, until_ms, hidden_until_ms: deadline_ms, end });
        self.working_on[worker as usize] = Some(index);
        self.current[m] = Some(index);
        self.deadline_ms[m] = deadline_ms;
        self.at(self.deadline_ms[m], Event::Deadline { receive: index });
        match poison {
            Poison::None => {
                self.at(until_ms, Event::JobEnd { receive: index });
                if let Some(h) = self.cfg.heartbeat_ms {
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
        self.receives[receive].end = match self.ends[m] {
            None => {
                self.finish(m, MessageEnd::Deleted { at_ms: t });
                if let Some(governing) = self.current[m] {
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
        if self.ends[m].is_some() || self.current[m] != Some(receive) || self.deadline_ms[m] != t {
            return; // deleted, received again, or renewed since
        }
        self.current[m] = None;
        if self.cfg.max_receives.is_some_and(|n| self.receive_count[m] >= n) {
            self.finish(m, MessageEnd::DeadLettered { at_ms: t });
        } else if t >= self.cfg.retention_ms {
            self.finish(m, MessageEnd::Expired { at_ms: t });
        } else {
            self.visible.push(Reverse((t, m as u32)));
            // Wake an idle worker (a dead one is dropped from the list).
            while let Some(worker) = self.idle.pop() {
                if self.alive(worker, t) {
                    self.at(t, Event::Free { worker });
                    break;
                }
            }
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
            for m in 0..self.ends.len() {
                self.finish(m, MessageEnd::Lost { at_ms: t });
            }
            return;
        }
        self.idle.clear();
        for worker in 0..self.cfg.workers {
            self.at(t, Event::Free { worker });
        }
    }

    fn heartbeat(&mut self, receive: usize, t: u64) {
        let r = self.receives[receive];
        let m = r.message as usize;
        if self.ends[m].is_some() || self.current[m] != Some(receive) || !self.alive(r.worker, t) || t >= r.until_ms {
            return;
        }
        let renewed = (t + self.cfg.visibility_ms).min(r.at_ms + RECEIVE_CEILING_MS);
        if renewed > self.deadline_ms[m] {
            self.deadline_ms[m] = renewed;
            self.receives[receive].hidden_until_ms = renewed;
            self.at(renewed, Event::Deadline { receive });
        }
        if let Some(h) = self.cfg.heartbeat_ms {
            self.at(t + h, Event::Heartbeat { receive });
        }
    }
}

impl QueueRun {
    /// Runs until every message is deleted, dead-lettered or expired.
    pub fn new(config: QueueConfig) -> Self {
        let cfg = QueueConfig {
            messages: config.messages.clamp(1, MESSAGES_MAX),
            workers: config.workers.clamp(1, WORKERS_MAX),
            visibility_ms: config.visibility_ms.max(1),
            job_ms: config.job_ms.max(1),
            heartbeat_ms: config.heartbeat_ms.map(|h| h.max(1)),
            retention_ms: config.retention_ms.clamp(1, RETENTION_MAX_MS),
            ..config
        };
        let n = cfg.messages as usize;
        let mut sim = Sim {
            cfg,
            agenda: BinaryHeap::new(),
            sequence: 0,
            visible: (0..cfg.messages).map(|m| Reverse((0, m))).collect(),
            receives: Vec::new(),
            receive_count: vec![0; n],
            current: vec![None; n],
            deadline_ms: vec![0; n],
            ends: vec![None; n],
            open: n,
            idle: Vec::new(),
            working_on: vec![None; cfg.workers as usize],
        };
        if let Some(at) = cfg.restart_at_ms {
            sim.at(at, Event::Restart);
        }
        // Worker 0 takes the first message.
        for worker in 0..cfg.workers {
            sim.at(0, Event::Free { worker });
        }
        while let Some(Reverse((t, _, _, event))) = sim.agenda.pop() {
            // Once every message has ended, only the copies still running
            // matter: they finish (and repeat their effect).
            if sim.open == 0 && !matches!(event, Event::JobEnd { .. }) {
                continue;
            }
            match event {
                Event::Free { worker } if sim.alive(worker, t) => sim.take(worker, t),
                Event::Free { .. } => {}
                Event::JobEnd { receive } => sim.job_end(receive, t),
                Event::Deadline { receive } => sim.deadline(receive, t),
                Event::Heartbeat { receive } => sim.heartbeat(receive, t),
                Event::Release { receive } => sim.release(receive, t),
                Event::Restart => sim.restart(t),
            }
        }
        // Left waiting with no worker to take it (all died): it expires.
        let ends = sim.ends.iter().map(|e| e.unwrap_or(MessageEnd::Expired { at_ms: cfg.retention_ms })).collect();
        Self { config: cfg, receives: sim.receives, ends }
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
    pub fn naive_effects(&self) -> usize {
        self.receives.iter().filter(|r| matches!(r.end, ReceiveEnd::Deleted | ReceiveEnd::FinishedAfterDelete)).count()
    }

    pub fn dead_letter_at_ms(&self, message: u32) -> Option<u64> {
        match self.ends.get(message as usize) {
            Some(MessageEnd::DeadLettered { at_ms }) => Some(*at_ms),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
