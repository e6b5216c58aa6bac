//! Lesson 001: where the consumer writes its record of processed ids. Lesson
//! 004's loop (a queue, a consumer that crashes with probability p, a broker
//! that puts an unacknowledged message straight back at the end) with an
//! idempotent consumer whose two writes — the business effect and the
//! processed id — are placed three ways. The crash falls between the two
//! writes when they are separate, and after the commit (before the ack)
//! when they share a transaction. One failure draw per delivery, from the
//! same streams as the engine: with the Python-compatible generator the
//! rows are what CPython prints for the loop with the placement changed.

use crate::ack_timing::AckTimingRun;
use crate::draws::RngKind;
use crate::limits;
use crate::probability::Probability;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Lesson 001's code: the effect and the id in one transaction.
    SameTransaction,
    /// The effect committed, then the id as a step of its own.
    EffectThenRecord,
    /// The id written first, then the effect.
    RecordThenEffect,
}

impl Placement {
    pub const ALL: [Placement; 3] = [Placement::SameTransaction, Placement::EffectThenRecord, Placement::RecordThenEffect];

    /// The CLI's and the JSON's name.
    pub const fn code(self) -> &'static str {
        match self {
            Placement::SameTransaction => "same_tx",
            Placement::EffectThenRecord => "effect_then_record",
            Placement::RecordThenEffect => "record_then_effect",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DedupRecordRun {
    pub messages: u32,
    pub crash: Probability,
    pub seed: u64,
    pub rng: RngKind,
}

impl Default for DedupRecordRun {
    /// Lesson 004's numbers: 1,000 messages, 5 %, `random.seed(7)`.
    fn default() -> Self {
        Self { messages: 1_000, crash: Probability::from_ppm(50_000).unwrap_or(Probability::ZERO), seed: 7, rng: RngKind::Python }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DedupRecordRow {
    pub placement: Placement,
    pub deliveries: u64,
    pub effects: u64,
    pub discarded: u64,
    /// Messages whose effect never happened.
    pub lost: u32,
}

impl DedupRecordRun {
    /// One placement's row, through lesson 004's loop (`AckTimingRun::lesson_loop`):
    /// the message is acknowledged unless the consumer crashes.
    pub fn run(&self, placement: Placement) -> DedupRecordRow {
        let messages = self.messages.clamp(1, limits::ACK_TIMING_MESSAGES_MAX);
        let run = AckTimingRun { messages, crash: self.crash, seed: self.seed, rng: self.rng };
        let (mut recorded, mut effected) = (vec![false; messages as usize], vec![false; messages as usize]);
        let mut row = DedupRecordRow { placement, deliveries: 0, effects: 0, discarded: 0, lost: 0 };
        row.deliveries = run.lesson_loop(Probability::ZERO, |m, crashes| {
            if recorded[m] {
                row.discarded += 1;
            } else {
                // The crash cuts between the two writes when they are separate.
                let (effect, record) = match placement {
                    Placement::SameTransaction => (true, true),
                    Placement::EffectThenRecord => (true, !crashes),
                    Placement::RecordThenEffect => (!crashes, true),
                };
                row.effects += u64::from(effect);
                effected[m] |= effect;
                recorded[m] = record;
            }
            !crashes
        });
        row.lost = effected.iter().filter(|e| !**e).count() as u32;
        row
    }

    pub fn rows(&self) -> [DedupRecordRow; 3] {
        Placement::ALL.map(|p| self.run(p))
    }
}

/// Two copies of one message processed at once, each checking for its id
/// and then inserting it with the effect: the interleaving that beats a
/// check without a unique constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConcurrentCopies {
    pub effects: u32,
    /// Inserts the database refused (the unique constraint on the id).
    pub refused: u32,
}

/// A checks (no id), B checks (no id), A inserts and commits, B inserts:
/// without a unique constraint both commit; with one, B's insert fails and
/// its transaction, effect included, rolls back.
pub const fn concurrent_copies(unique_constraint: bool) -> ConcurrentCopies {
    if unique_constraint {
        ConcurrentCopies { effects: 1, refused: 1 }
    } else {
        ConcurrentCopies { effects: 2, refused: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuple(r: DedupRecordRow) -> (u64, u64, u64, u32) {
        (r.deliveries, r.effects, r.discarded, r.lost)
    }

    #[test]
    fn the_three_placements_with_the_lessons_numbers() {
        let [same, effect_first, record_first] = DedupRecordRun::default().rows();
        assert_eq!(tuple(same), (1_060, 1_000, 60, 0));
        assert_eq!(tuple(effect_first), (1_060, 1_060, 0, 0), "duplicates, as if there were no record");
        assert_eq!(tuple(record_first), (1_060, 942, 60, 58), "duplicates turned into gaps");
    }

    #[test]
    fn the_same_transaction_is_the_ack_tables_dedup_row_for_any_seed() {
        for (seed, rng) in [(1, RngKind::Pcg), (2, RngKind::Python), (99, RngKind::Pcg)] {
            let crash = Probability::from_ppm(300_000).unwrap();
            let run = DedupRecordRun { messages: 400, crash, seed, rng };
            let table = AckTimingRun { messages: 400, crash, seed, rng }.table().unwrap();
            let same = run.run(Placement::SameTransaction);
            let dedup = table[2];
            assert_eq!(tuple(same), (dedup.deliveries, dedup.effects, dedup.duplicates_discarded, dedup.lost), "seed {seed} {rng:?}");
            // Recording first loses exactly what acking first loses.
            assert_eq!(run.run(Placement::RecordThenEffect).lost, table[0].lost, "seed {seed} {rng:?}");
        }
    }

    #[test]
    fn a_unique_constraint_refuses_the_second_insert() {
        assert_eq!(concurrent_copies(false), ConcurrentCopies { effects: 2, refused: 0 });
        assert_eq!(concurrent_copies(true), ConcurrentCopies { effects: 1, refused: 1 });
    }
}
