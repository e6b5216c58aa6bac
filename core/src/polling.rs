//! Polling mode: the consumer owns its cursor and persists it after each
//! batch. Two faults: it loses its cursor after batch k (it starts again
//! from the first event and reads again all it had processed), or it crashes
//! after processing batch k and before saving the cursor (it reads that
//! batch again, and only that one).
//!
//! The cursor here is the *next* sequence number to read (lesson 004's
//! offset); lesson 000's «seq hasta donde el consumidor ya procesó» is that
//! minus one.

use crate::engine::ConsumerMode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CursorFault {
    /// After saving the cursor of batch k, the saved cursor is lost.
    LostAfter(u32),
    /// Batch k is processed; the consumer crashes before saving the cursor.
    CrashBeforeSave(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PollingRun {
    /// Events in the hub's log, sequence numbers 0..events.
    pub events: u32,
    pub batch: u32,
    pub fault: Option<CursorFault>,
    pub consumer: ConsumerMode,
}

/// One batch as it was read: sequence numbers `from..to`, and the cursor
/// saved after it (none when the consumer crashed before saving).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchRead {
    pub from: u32,
    pub to: u32,
    pub saved_cursor: Option<u32>,
    /// Events of this batch read before (discarded by an idempotent consumer).
    pub repeats: u32,
    /// The saved cursor was lost after this batch: the next starts at 0.
    pub cursor_lost: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PollingReport {
    pub reads: u64,
    pub effects: u64,
    pub duplicates_discarded: u64,
    pub cursor_resets: u32,
    /// The persisted cursor at the end: always `events`.
    pub cursor: u32,
    pub batches: Vec<BatchRead>,
}

/// Bounds of the page and the CLI.
pub const EVENTS_MAX: u32 = 100_000;

impl PollingRun {
    pub fn run(&self) -> PollingReport {
        let events = self.events.min(EVENTS_MAX);
        let batch = self.batch.max(1);
        let mut report = PollingReport::default();
        let mut processed = vec![false; events as usize];
        let mut fault = self.fault;
        while report.cursor < events {
            let from = report.cursor;
            let to = from.saturating_add(batch).min(events);
            let mut repeats = 0;
            for seq in from..to {
                report.reads += 1;
                let seen = std::mem::replace(&mut processed[seq as usize], true);
                repeats += u32::from(seen);
                if self.consumer == ConsumerMode::Idempotent && seen {
                    report.duplicates_discarded += 1;
                } else {
                    report.effects += 1;
                }
            }
            let k = report.batches.len() as u32 + 1;
            let saved_cursor = match fault {
                Some(CursorFault::CrashBeforeSave(at)) if at == k => None,
                _ => Some(to),
            };
            report.cursor = saved_cursor.unwrap_or(from);
            let cursor_lost = fault == Some(CursorFault::LostAfter(k));
            if cursor_lost {
                report.cursor = 0;
                report.cursor_resets += 1;
            }
            if matches!(fault, Some(CursorFault::LostAfter(at) | CursorFault::CrashBeforeSave(at)) if at == k) {
                fault = None; // each fault happens once
            }
            report.batches.push(BatchRead { from, to, saved_cursor, repeats, cursor_lost });
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(fault: Option<CursorFault>, consumer: ConsumerMode) -> PollingReport {
        PollingRun { events: 100, batch: 10, fault, consumer }.run()
    }

    #[test]
    fn losing_the_cursor_reprocesses_and_only_dedup_hides_it() {
        let naive = run(Some(CursorFault::LostAfter(5)), ConsumerMode::Naive);
        assert_eq!((naive.reads, naive.effects, naive.duplicates_discarded, naive.cursor_resets), (150, 150, 0, 1));
        let idem = run(Some(CursorFault::LostAfter(5)), ConsumerMode::Idempotent);
        assert_eq!((idem.reads, idem.effects, idem.duplicates_discarded), (150, 100, 50));
        assert!(idem.batches[4].cursor_lost);
        assert_eq!(idem.batches[5].from, 0, "the sixth batch starts over");
        let kept = run(None, ConsumerMode::Naive);
        assert_eq!((kept.reads, kept.effects, kept.batches.len()), (100, 100, 10));
    }

    #[test]
    fn a_crash_before_saving_rereads_only_that_batch() {
        let naive = run(Some(CursorFault::CrashBeforeSave(5)), ConsumerMode::Naive);
        assert_eq!((naive.reads, naive.effects, naive.cursor), (110, 110, 100));
        assert_eq!((naive.batches[4].saved_cursor, naive.batches[5].from, naive.batches[5].repeats), (None, 40, 10));
        let idem = run(Some(CursorFault::CrashBeforeSave(5)), ConsumerMode::Idempotent);
        assert_eq!((idem.reads, idem.effects, idem.duplicates_discarded), (110, 100, 10));
    }
}
