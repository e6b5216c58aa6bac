//! Polling mode: the consumer owns its cursor (the next sequence number to
//! read) and persists it after each batch. Losing it means starting from 0
//! and reading again what it had already processed.

use crate::engine::ConsumerMode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PollingRun {
    /// Events in the hub's log, sequence numbers 0..events.
    pub events: u32,
    pub batch: u32,
    /// The consumer restarts without its cursor after this many batches.
    pub cursor_lost_after_batches: Option<u32>,
    pub consumer: ConsumerMode,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PollingReport {
    pub reads: u64,
    pub effects: u64,
    pub duplicates_discarded: u64,
    pub cursor_resets: u32,
    /// The persisted cursor at the end: always `events`.
    pub cursor: u32,
}

impl PollingRun {
    pub fn run(&self) -> PollingReport {
        let batch = self.batch.max(1);
        let mut report = PollingReport::default();
        let mut processed = vec![false; self.events as usize];
        let mut batches = 0;
        let mut reset_pending = self.cursor_lost_after_batches;
        while report.cursor < self.events {
            let end = report.cursor.saturating_add(batch).min(self.events);
            for seq in report.cursor..end {
                report.reads += 1;
                let seen = &mut processed[seq as usize];
                if self.consumer == ConsumerMode::Idempotent && *seen {
                    report.duplicates_discarded += 1;
                } else {
                    report.effects += 1;
                    *seen = true;
                }
            }
            report.cursor = end; // persisted after the batch
            batches += 1;
            if reset_pending == Some(batches) {
                reset_pending = None;
                report.cursor = 0;
                report.cursor_resets += 1;
            }
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losing_the_cursor_reprocesses_and_only_dedup_hides_it() {
        let run = PollingRun { events: 100, batch: 10, cursor_lost_after_batches: Some(5), consumer: ConsumerMode::Naive };
        let naive = run.run();
        assert_eq!((naive.reads, naive.effects, naive.duplicates_discarded, naive.cursor_resets), (150, 150, 0, 1));
        let idem = PollingRun { consumer: ConsumerMode::Idempotent, ..run }.run();
        assert_eq!((idem.reads, idem.effects, idem.duplicates_discarded), (150, 100, 50));
        let kept = PollingRun { cursor_lost_after_batches: None, ..run }.run();
        assert_eq!((kept.reads, kept.effects), (100, 100));
    }
}
