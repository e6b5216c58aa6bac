//! What a run records: attempts, per-event records, places, counters.

use super::config::Requeue;

/// Why an attempt failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// Request lost or consumer down: nothing happened at the consumer.
    RequestLost,
    /// The consumer processed it; the acknowledgement never reached the hub.
    AckLost,
    /// Acknowledged before processing, then the consumer crashed.
    CrashAfterAck,
}

/// What one delivery attempt did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Processed (one effect) and acknowledged.
    Processed,
    /// A repeat, discarded by the idempotent consumer, and acknowledged.
    DiscardedAcked,
    /// Failed: see the kind. `effect` says whether the consumer's business
    /// effect happened (an ack-lost delivery to a naive consumer, say).
    Failed { kind: FailureKind, effect: bool },
}

/// What follows an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Follow {
    /// Acknowledged (or lost after an early ack): nothing more for now.
    Done,
    /// Retry at this simulated time.
    RetryAt { due_ms: u64 },
    /// Retries exhausted: moved to the dead-letter queue.
    DeadLettered,
}

/// One delivery attempt, as the timeline draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attempt {
    pub at_ms: u64,
    pub event: u32,
    /// 1 for the original delivery of a cycle, 2 for its first retry, …
    pub cycle_attempt: u32,
    pub outcome: Outcome,
    pub follow: Follow,
    /// The cycle was started by a person retrying the event from
    /// dead-letter (its attempt 1 is that manual retry, not the original
    /// delivery). Derived from the run, so not part of the trace's hash.
    pub manual: bool,
}

/// Where an event is. Exactly one at any moment: nothing is ever lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Not published yet (its publication time has not come).
    Unpublished,
    /// Due for delivery at `due_ms`: in flight if no attempt of this cycle
    /// has failed yet, otherwise waiting to retry.
    Scheduled {
        due_ms: u64,
    },
    Acknowledged {
        at_ms: u64,
    },
    DeadLettered {
        at_ms: u64,
    },
}

/// Per-event bookkeeping, packed into 16 bytes: a 1M-message run touches
/// 16 MiB of records, and first-touching fresh memory is the largest single
/// cost of a big run. The time that goes with the place lives beside it in
/// the engine (`Engine::status`), where only runs in which time passes pay
/// for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EventRecord {
    /// Delivery attempts over all cycles.
    pub attempts: u32,
    /// Business effects this event caused at the consumer.
    pub effects: u32,
    /// Attempts in the current cycle (at most 1 + retries_max ≤ 10,001).
    pub cycle_attempts: u16,
    /// Manual retries so far (at most `limits::MANUAL_RETRIES_MAX`).
    pub manual_retries: u16,
    pub(super) place: Place,
    pub last_failure: Option<FailureKind>,
}

// The packing above is a promise: keep it.
const _: () = assert!(std::mem::size_of::<EventRecord>() == 16);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Place {
    Unpublished,
    Scheduled,
    Acknowledged,
    DeadLettered,
}

impl EventRecord {
    pub(super) const NEW: Self = Self {
        attempts: 0,
        effects: 0,
        cycle_attempts: 0,
        manual_retries: 0,
        place: Place::Unpublished,
        last_failure: None,
    };

    /// The record of an event not delivered yet: queued from the start in the
    /// lesson-004 broker, unpublished until its time otherwise.
    pub(super) fn undelivered(requeue: Requeue) -> Self {
        let mut record = Self::NEW;
        if requeue == Requeue::Immediate {
            record.place = Place::Scheduled; // due at 0, like every queued message
        }
        record
    }

    pub fn is_waiting_to_retry(&self) -> bool {
        self.place == Place::Scheduled && self.cycle_attempts > 0
    }

    pub fn is_acknowledged(&self) -> bool {
        self.place == Place::Acknowledged
    }

    pub fn is_dead_lettered(&self) -> bool {
        self.place == Place::DeadLettered
    }
}

/// Running totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    pub published: u32,
    pub deliveries: u64,
    pub effects: u64,
    pub duplicates_discarded: u64,
    /// Events in the dead-letter queue now.
    pub dead_lettered: u32,
    /// Events acknowledged (with or without their effect).
    pub acknowledged: u32,
    /// Acknowledged events whose effect never happened (ack before processing).
    pub lost: u32,
    pub manual_retries: u32,
}

/// A manual retry that cannot be done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryError {
    NotDeadLettered,
    UnknownEvent,
    TooManyManualRetries,
}

/// Where the published events are right now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub unpublished: u32,
    pub in_flight: u32,
    pub waiting: u32,
    pub acknowledged: u32,
    pub dead_lettered: u32,
}
