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
    pub const ALL: [Placement; 3] =
        [Placement::SameTransaction, Placement::EffectThenRecord, Placement::RecordThenEffect];

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
        Self {
            messages: 1_000,
            crash: Probability::from_ppm(50_000).unwrap_or(Probability::ZERO),
            seed: 7,
            rng: RngKind::Python,
        }
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

    /// Delivery attempts the three rows make at most: each is lesson 004's
    /// loop, bounded as `AckTimingRun::attempts_bound`.
    pub fn attempts_bound(&self) -> u64 {
        let messages = self.messages.clamp(1, limits::ACK_TIMING_MESSAGES_MAX);
        let run = AckTimingRun { messages, crash: self.crash, seed: self.seed, rng: self.rng };
        3 * run.attempts_bound()
    }

    pub fn rows(&self) -> [DedupRecordRow; 3] {
        Placement::ALL.map(|p| self.run(p))
    }
}

/// One consumer's step on one delivery, in the order a placement runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `SELECT 1 FROM mensajes_procesados WHERE id = …`
    Check,
    /// The business row (the effect).
    Effect,
    /// The processed id (the record).
    Record,
    /// The open transaction's writes become durable.
    Commit,
    /// The queue is told the message is done.
    Ack,
}

impl Placement {
    /// A delivery's steps: lesson 001's code writes both inside one
    /// transaction; the others commit each write on its own.
    pub const fn steps(self) -> &'static [Step] {
        use Step::*;
        match self {
            Placement::SameTransaction => &[Check, Effect, Record, Commit, Ack],
            Placement::EffectThenRecord => &[Check, Effect, Commit, Record, Commit, Ack],
            Placement::RecordThenEffect => &[Check, Record, Commit, Effect, Commit, Ack],
        }
    }
}

/// How a consumer handles one message: lesson 001's three levels, the
/// third with its record placed three ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Consumer {
    /// The ack on receipt, then the effect: at most once.
    AckFirst,
    /// The effect, then the ack, no record of ids: at least once.
    AckAfter,
    /// The effect and the processed id, then the ack: exactly once when
    /// both share one transaction.
    Recorded(Placement),
}

impl Consumer {
    pub const ALL: [Consumer; 5] = [
        Consumer::AckFirst,
        Consumer::AckAfter,
        Consumer::Recorded(Placement::SameTransaction),
        Consumer::Recorded(Placement::EffectThenRecord),
        Consumer::Recorded(Placement::RecordThenEffect),
    ];

    pub const fn steps(self) -> &'static [Step] {
        use Step::*;
        match self {
            Consumer::AckFirst => &[Ack, Effect, Commit],
            Consumer::AckAfter => &[Effect, Commit, Ack],
            Consumer::Recorded(placement) => placement.steps(),
        }
    }
}

/// What happened to one step of one delivery, for a message-sequence diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The queue hands the message to the consumer (1 = the first delivery).
    Delivered { delivery: u8 },
    /// A step the consumer ran; `rolled_back` for a write of a transaction
    /// that never committed.
    Ran { step: Step, rolled_back: bool },
    /// The check found the id: the copy is discarded (and acknowledged).
    Discarded,
    /// The consumer dies before its next step.
    Crash,
}

/// One message through a consumer that dies before step `crash_before` of
/// its first delivery (`None`, or past the last step: no crash). An
/// unacknowledged message is delivered again, and the second delivery runs
/// to its end; an acknowledged one is never seen again.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OneMessage {
    pub events: Vec<Event>,
    /// Committed business rows at the end: 1 is "exactly once".
    pub effects: u32,
}

impl OneMessage {
    pub fn run(consumer: Consumer, crash_before: Option<usize>) -> OneMessage {
        let mut run = OneMessage { events: vec![Event::Delivered { delivery: 1 }], effects: 0 };
        let mut recorded = false;
        let acked = run.deliver(consumer, crash_before, &mut recorded);
        if !acked {
            run.events.push(Event::Delivered { delivery: 2 });
            run.deliver(consumer, None, &mut recorded);
        }
        run
    }

    /// One delivery's steps; whether the queue got its ack.
    fn deliver(&mut self, consumer: Consumer, crash_before: Option<usize>, recorded: &mut bool) -> bool {
        // The open transaction's writes (not yet durable) start here.
        let (mut effect, mut record, mut open_from) = (false, false, self.events.len());
        let mut acked = false;
        for (i, &step) in consumer.steps().iter().enumerate() {
            if crash_before == Some(i) {
                for e in &mut self.events[open_from..] {
                    if let Event::Ran { step: Step::Effect | Step::Record, rolled_back } = e {
                        *rolled_back = true;
                    }
                }
                self.events.push(Event::Crash);
                return acked;
            }
            self.events.push(Event::Ran { step, rolled_back: false });
            match step {
                Step::Check if *recorded => {
                    self.events.push(Event::Discarded);
                    self.events.push(Event::Ran { step: Step::Ack, rolled_back: false });
                    return true;
                }
                Step::Check => {}
                Step::Effect => effect = true,
                Step::Record => record = true,
                Step::Commit => {
                    self.effects += u32::from(effect);
                    *recorded |= record;
                    (effect, record, open_from) = (false, false, self.events.len());
                }
                Step::Ack => acked = true,
            }
        }
        acked
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
            assert_eq!(
                tuple(same),
                (dedup.deliveries, dedup.effects, dedup.duplicates_discarded, dedup.lost),
                "seed {seed} {rng:?}"
            );
            // Recording first loses exactly what acking first loses.
            assert_eq!(run.run(Placement::RecordThenEffect).lost, table[0].lost, "seed {seed} {rng:?}");
        }
    }

    #[test]
    fn one_message_climbs_lesson_001s_three_levels() {
        let effects = |c: Consumer, crash| OneMessage::run(c, crash).effects;
        let same_tx = Consumer::Recorded(Placement::SameTransaction);
        for c in Consumer::ALL {
            assert_eq!(effects(c, None), 1, "{c:?} without a crash");
            assert_eq!(effects(c, Some(c.steps().len())), 1, "{c:?}: past the last step is no crash");
        }
        // At most once: acked on receipt, a crash before the effect loses it.
        assert_eq!(effects(Consumer::AckFirst, Some(1)), 0);
        assert_eq!(effects(Consumer::AckFirst, Some(0)), 1, "dead before the ack: delivered again");
        // At least once: a crash after the commit, before the ack, repeats the effect.
        assert_eq!(effects(Consumer::AckAfter, Some(2)), 2);
        assert_eq!(effects(Consumer::AckAfter, Some(1)), 1, "before the commit: rolled back, done again once");
        // Lesson 001's code takes effect once wherever the consumer dies.
        for at in 0..=same_tx.steps().len() {
            assert_eq!(effects(same_tx, Some(at)), 1, "one transaction, crash before step {at}");
        }
        // The record outside the effect's transaction: a duplicate or a gap.
        assert_eq!(effects(Consumer::Recorded(Placement::EffectThenRecord), Some(3)), 2);
        assert_eq!(effects(Consumer::Recorded(Placement::RecordThenEffect), Some(3)), 0);
    }

    #[test]
    fn a_crash_inside_the_transaction_rolls_its_writes_back() {
        let same_tx = Consumer::Recorded(Placement::SameTransaction);
        let run = OneMessage::run(same_tx, Some(3));
        let rolled: Vec<Step> = run
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Ran { step, rolled_back: true } => Some(*step),
                _ => None,
            })
            .collect();
        assert_eq!(rolled, [Step::Effect, Step::Record]);
        assert!(run.events.contains(&Event::Delivered { delivery: 2 }));
        // After the commit, the redelivery is checked and discarded, nothing rolled back.
        let run = OneMessage::run(same_tx, Some(4));
        assert!(run.events.contains(&Event::Discarded));
        assert!(!run.events.iter().any(|e| matches!(e, Event::Ran { rolled_back: true, .. })));
        // Acknowledged first, the message is never delivered again.
        assert!(!OneMessage::run(Consumer::AckFirst, Some(1)).events.contains(&Event::Delivered { delivery: 2 }));
    }

    #[test]
    fn a_unique_constraint_refuses_the_second_insert() {
        assert_eq!(concurrent_copies(false), ConcurrentCopies { effects: 2, refused: 0 });
        assert_eq!(concurrent_copies(true), ConcurrentCopies { effects: 1, refused: 1 });
    }
}
