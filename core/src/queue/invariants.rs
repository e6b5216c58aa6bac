//! The queue's invariants as code: one checker per property, each returning
//! a typed violation; the tests corrupt a run and see each one fail.

use std::fmt;

use super::{DlqFate, MessageEnd, QueueRun};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueueViolation {
    /// Two receives of one message hid it at once, or one began outside its
    /// time in the source queue: it was in two places.
    TwoPlaces { message: u32, at_ms: u64 },
    /// A message's end, its DLQ entry and its redriven copy disagree: it
    /// went somewhere not counted.
    Unaccounted { message: u32 },
    /// More jobs in progress than workers.
    Overbooked { at_ms: u64, busy: usize, workers: u32 },
    /// More receives than maxReceiveCount.
    OverReceived { message: u32, receives: usize, limit: u32 },
    /// Received at or after its retention ended, or expired at another time.
    PastRetention { message: u32, at_ms: u64 },
}

impl fmt::Display for QueueViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TwoPlaces { message, at_ms } => write!(f, "message {message} in two places at {at_ms} ms"),
            Self::Unaccounted { message } => write!(f, "message {message} is not accounted for"),
            Self::Overbooked { at_ms, busy, workers } => {
                write!(f, "{busy} jobs in progress at {at_ms} ms with {workers} workers")
            }
            Self::OverReceived { message, receives, limit } => {
                write!(f, "message {message} received {receives} times (limit {limit})")
            }
            Self::PastRetention { message, at_ms } => write!(f, "message {message} past its retention at {at_ms} ms"),
        }
    }
}

/// Every check, in order.
pub fn check(run: &QueueRun) -> Result<(), QueueViolation> {
    every_message_accounted(run)?;
    one_place_at_a_time(run)?;
    within_workers(run)?;
    within_receive_limit(run)?;
    within_retention(run)
}

/// Each message has one end; a dead-lettered one has exactly one DLQ entry
/// (moved when it ended), and a redriven entry names a new message sent
/// back at that time for it; expiry in the DLQ counts from the original
/// enqueue.
pub fn every_message_accounted(run: &QueueRun) -> Result<(), QueueViolation> {
    let n = run.ends.len();
    if run.enqueued_at_ms.len() != n || run.redriven_from.len() != n {
        return Err(QueueViolation::Unaccounted {
            message: n.min(run.enqueued_at_ms.len()).min(run.redriven_from.len()) as u32,
        });
    }
    for (m, end) in run.ends.iter().enumerate() {
        let message = m as u32;
        let unaccounted = QueueViolation::Unaccounted { message };
        let entries = run.dlq.iter().filter(|e| e.message == message).count();
        match end {
            MessageEnd::DeadLettered { at_ms } if entries == 1 => {
                let entry = run.dlq_entry(message).ok_or(unaccounted.clone())?;
                if entry.moved_at_ms != *at_ms || !fate_agrees(run, entry.message, entry.moved_at_ms, entry.fate) {
                    return Err(unaccounted);
                }
            }
            MessageEnd::DeadLettered { .. } => return Err(unaccounted),
            _ if entries > 0 => return Err(unaccounted),
            _ => {}
        }
    }
    Ok(())
}

fn fate_agrees(run: &QueueRun, message: u32, moved_at_ms: u64, fate: DlqFate) -> bool {
    match fate {
        DlqFate::Redriven { at_ms, as_message } => {
            let copy = as_message as usize;
            at_ms >= moved_at_ms
                && run.redriven_from.get(copy) == Some(&Some(message))
                && run.enqueued_at_ms[copy] == at_ms
        }
        DlqFate::MarkedFailed { at_ms } => at_ms >= moved_at_ms,
        DlqFate::Expired { at_ms } => {
            at_ms == (run.enqueued_at_ms[message as usize] + run.config.dlq_retention_ms).max(moved_at_ms)
        }
    }
}

/// While a message is in the source queue it is visible or hidden by one
/// receive at a time; no receive begins before it is sent or after it ended.
pub fn one_place_at_a_time(run: &QueueRun) -> Result<(), QueueViolation> {
    let mut hidden_until = vec![None::<u64>; run.ends.len()];
    for r in &run.receives {
        let m = r.message as usize;
        let two = QueueViolation::TwoPlaces { message: r.message, at_ms: r.at_ms };
        if m >= run.ends.len() || r.at_ms < run.enqueued_at_ms[m] || r.at_ms >= run.end_at_ms(r.message) {
            return Err(two);
        }
        if hidden_until[m].is_some_and(|until| r.at_ms < until) {
            return Err(two);
        }
        hidden_until[m] = Some(r.hidden_until_ms);
    }
    Ok(())
}

/// At every receive, the jobs in progress fit in the pool.
pub fn within_workers(run: &QueueRun) -> Result<(), QueueViolation> {
    let workers = run.config.workers;
    // Receives are in time order: sweep with the ends of the ones in progress.
    let mut ends_ms = std::collections::BinaryHeap::new();
    for r in &run.receives {
        while ends_ms.peek().is_some_and(|std::cmp::Reverse(end)| *end <= r.at_ms) {
            ends_ms.pop();
        }
        ends_ms.push(std::cmp::Reverse(r.until_ms));
        if ends_ms.len() > workers as usize {
            return Err(QueueViolation::Overbooked { at_ms: r.at_ms, busy: ends_ms.len(), workers });
        }
    }
    Ok(())
}

pub fn within_receive_limit(run: &QueueRun) -> Result<(), QueueViolation> {
    let Some(limit) = run.config.max_receives else { return Ok(()) };
    let mut counts = vec![0usize; run.ends.len()];
    for r in &run.receives {
        let count = counts.get_mut(r.message as usize).ok_or(QueueViolation::Unaccounted { message: r.message })?;
        *count += 1;
        if *count > limit as usize {
            return Err(QueueViolation::OverReceived { message: r.message, receives: *count, limit });
        }
    }
    Ok(())
}

/// No receive at or past a message's retention; an expiry in the source
/// queue happens at the retention's end, or at the first deadline after it.
pub fn within_retention(run: &QueueRun) -> Result<(), QueueViolation> {
    let expires = |m: u32| run.enqueued_at_ms[m as usize] + run.config.retention_ms;
    if let Some(r) = run.receives.iter().find(|r| r.at_ms >= expires(r.message)) {
        return Err(QueueViolation::PastRetention { message: r.message, at_ms: r.at_ms });
    }
    for (m, end) in run.ends.iter().enumerate() {
        if let MessageEnd::Expired { at_ms } = end {
            if *at_ms < expires(m as u32) {
                return Err(QueueViolation::PastRetention { message: m as u32, at_ms: *at_ms });
            }
        }
    }
    Ok(())
}
