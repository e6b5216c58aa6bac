//! Lesson 004's experiment: ack before or after processing, with a consumer
//! that crashes with some probability at the worst moment, and a broker that
//! puts unacknowledged messages straight back at the end of the queue.

use crate::draws::RngKind;
use crate::engine::{AckTiming, ConfigError, ConsumerMode, Counters, Engine, IdScheme, Requeue, SimConfig};
use crate::limits;
use crate::probability::Probability;
use crate::Backoff;

/// The three rows of the lesson's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AckMode {
    /// At-most-once.
    Before,
    /// At-least-once, naive consumer.
    After,
    /// At-least-once, consumer discarding repeats by id.
    AfterDedup,
}

impl AckMode {
    pub const ALL: [AckMode; 3] = [AckMode::Before, AckMode::After, AckMode::AfterDedup];
}

/// One run of the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AckTimingRun {
    pub messages: u32,
    pub crash: Probability,
    pub seed: u64,
    pub rng: RngKind,
}

impl Default for AckTimingRun {
    /// The lesson: 1,000 messages, 5 % crashes, `random.seed(7)`.
    fn default() -> Self {
        Self { messages: 1_000, crash: Probability::from_ppm(50_000).expect("in range"), seed: 7, rng: RngKind::Python }
    }
}

/// One row: the lesson's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AckTimingRow {
    pub mode: AckMode,
    pub deliveries: u64,
    pub effects: u64,
    pub duplicates_discarded: u64,
    /// Messages whose work never happened.
    pub lost: u32,
}

impl AckTimingRun {
    /// The engine config that reproduces the lesson's loop for one mode.
    pub fn config(&self, mode: AckMode) -> SimConfig {
        SimConfig {
            seed: self.seed,
            rng: self.rng,
            facts: self.messages,
            publications_per_fact: 1,
            id_scheme: IdScheme::Random,
            failure: self.crash,
            // The crash always falls between the work and the ack.
            ack_lost_share: Probability::ONE,
            // The lesson's loop has no retry bound; the lab keeps one, large
            // enough never to bind below ~99 % crashes.
            backoff: Backoff { retries_max: limits::RETRIES_MAX_IMMEDIATE, ..Backoff::default() },
            requeue: Requeue::Immediate,
            ack: if mode == AckMode::Before { AckTiming::Before } else { AckTiming::After },
            consumer: if mode == AckMode::AfterDedup { ConsumerMode::Idempotent } else { ConsumerMode::Naive },
            publish_interval_ms: 0,
            record_trace: false,
        }
    }

    /// Delivery attempts one row's loop makes at most (the engine's own
    /// bound, `SimConfig::attempts_bound`): what its work budget counts.
    pub fn attempts_bound(&self) -> u64 {
        self.config(AckMode::After).attempts_bound(&crate::Plan::default())
    }

    pub fn validate(&self) -> Result<(), ConfigError> {
        limits::check((1..=limits::ACK_TIMING_MESSAGES_MAX).contains(&self.messages), "events", || {
            format!("between 1 and {}", limits::ACK_TIMING_MESSAGES_MAX)
        })?;
        // The written-out loop makes the engine's attempts: the same bound.
        self.config(AckMode::After).check_work(&crate::Plan::default())
    }

    /// Inlined into its caller: the CLI compiles it (and the engine loop in
    /// it) at its own opt-level 3 under LTO, twice as fast as the core's 2
    /// for the Python-compatible run. Out of line, it stayed at 2.
    #[inline]
    pub fn run(&self, mode: AckMode) -> Result<AckTimingRow, ConfigError> {
        self.validate()?;
        let mut engine = Engine::new(self.config(mode))?;
        engine.run_to_end();
        Ok(row(mode, engine.counters()))
    }

    pub fn table(&self) -> Result<[AckTimingRow; 3], ConfigError> {
        Ok([self.run(AckMode::Before)?, self.run(AckMode::After)?, self.run(AckMode::AfterDedup)?])
    }
}

fn row(mode: AckMode, counters: &Counters) -> AckTimingRow {
    AckTimingRow {
        mode,
        deliveries: counters.deliveries,
        effects: counters.effects,
        duplicates_discarded: counters.duplicates_discarded,
        lost: counters.lost,
    }
}

/// Lesson 004's loop written out, with what the engine has no knob for: a
/// broker that now and then delivers an acknowledged message once more on
/// its own (SQS standard keeps copies on several machines). Each delivery
/// draws its crash from the engine's failure stream, as the engine does, and
/// — only when `duplicate` is above 0 — whether the broker sends a stray
/// copy, from a stream of its own; so with 0 it is the engine's table (a
/// test keeps them equal for any seed), and raising it never changes which
/// deliveries crash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopRow {
    pub row: AckTimingRow,
    /// `effects_histogram[k]`: messages that took effect k times.
    pub effects_histogram: Vec<u64>,
}

impl AckTimingRun {
    pub fn loop_rows(&self, duplicate: Probability) -> Result<[LoopRow; 3], ConfigError> {
        self.validate()?;
        Ok(AckMode::ALL.map(|mode| self.loop_row(mode, duplicate)))
    }

    fn loop_row(&self, mode: AckMode, duplicate: Probability) -> LoopRow {
        let n = self.messages as usize;
        let (mut effects, mut seen) = (vec![0u32; n], vec![false; n]);
        let mut row = AckTimingRow { mode, deliveries: 0, effects: 0, duplicates_discarded: 0, lost: 0 };
        row.deliveries = self.lesson_loop(duplicate, |m, crashes| match mode {
            // Acknowledged first: a crash loses the work, never the ack.
            AckMode::Before => {
                effects[m] += u32::from(!crashes);
                true
            }
            AckMode::AfterDedup if seen[m] => {
                row.duplicates_discarded += 1;
                !crashes
            }
            AckMode::After | AckMode::AfterDedup => {
                effects[m] += 1;
                seen[m] = true;
                !crashes
            }
        });
        let top = effects.iter().copied().max().unwrap_or(0) as usize;
        let mut effects_histogram = vec![0u64; top + 1];
        for &e in &effects {
            effects_histogram[e as usize] += 1;
            row.effects += u64::from(e);
        }
        row.lost = effects_histogram[0] as u32;
        LoopRow { row, effects_histogram }
    }

    /// The loop itself: a queue of `messages`, one crash draw per delivery;
    /// `deliver(message, crashes)` does the consumer's work and says whether
    /// the message was acknowledged. An unacknowledged one goes back to the
    /// end (at most `RETRIES_MAX_IMMEDIATE` times, which never binds below
    /// ~99 % crashes, so even a crash probability of 1 ends); an
    /// acknowledged one comes back once more with probability `duplicate`.
    /// Returns the deliveries.
    pub(crate) fn lesson_loop(&self, duplicate: Probability, mut deliver: impl FnMut(usize, bool) -> bool) -> u64 {
        use crate::draws::{draw_below, pcg, python_random, python_seeded, Stream};
        let mut failure = pcg(self.seed, Stream::Failure, 0);
        let mut python = (self.rng == RngKind::Python).then(|| python_seeded(self.seed));
        let mut strays = pcg(self.seed, Stream::Duplicate, 0);
        let (crash_2_32, crash_f64, dup_2_32) =
            (self.crash.threshold_2_32(), self.crash.as_f64(), duplicate.threshold_2_32());
        let mut queue: std::collections::VecDeque<u32> = (0..self.messages).collect();
        let mut retries = vec![0u32; self.messages as usize];
        let mut deliveries = 0;
        while let Some(message) = queue.pop_front() {
            let m = message as usize;
            deliveries += 1;
            let crashes = match &mut python {
                Some(mt) => python_random(mt) < crash_f64,
                None => draw_below(&mut failure, crash_2_32),
            };
            let acked = deliver(m, crashes);
            let requeue = if acked {
                dup_2_32 > 0 && draw_below(&mut strays, dup_2_32)
            } else {
                retries[m] < limits::RETRIES_MAX_IMMEDIATE
            };
            if requeue {
                retries[m] += u32::from(!acked);
                queue.push_back(message);
            }
        }
        deliveries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table printed in lesson 004 for `random.seed(7)`, 1,000 messages, 5 %.
    #[test]
    fn reproduces_the_lesson_table_for_seed_7() {
        let [before, after, dedup] = AckTimingRun::default().table().unwrap();
        assert_eq!((before.deliveries, before.effects, before.duplicates_discarded, before.lost), (1_000, 942, 0, 58));
        assert_eq!((after.deliveries, after.effects, after.duplicates_discarded, after.lost), (1_060, 1_060, 0, 0));
        assert_eq!((dedup.deliveries, dedup.effects, dedup.duplicates_discarded, dedup.lost), (1_060, 1_000, 60, 0));
    }

    #[test]
    fn the_written_out_loop_is_the_engines_table_without_broker_duplicates() {
        for (messages, ppm, seed, rng) in
            [(1_000, 50_000, 7, RngKind::Python), (700, 300_000, 3, RngKind::Pcg), (300, 800_000, 11, RngKind::Python)]
        {
            let run = AckTimingRun { messages, crash: Probability::from_ppm(ppm).unwrap(), seed, rng };
            let rows = run.loop_rows(Probability::ZERO).unwrap().map(|r| r.row);
            assert_eq!(rows, run.table().unwrap(), "seed {seed}, {rng:?}");
        }
    }

    #[test]
    fn the_lessons_breakdown_and_duplicates_without_a_crash() {
        let rows = AckTimingRun::default().loop_rows(Probability::ZERO).unwrap();
        // Ack after: 942 messages once, 56 twice, 2 three times: 58 buyers notified again.
        assert_eq!(rows[1].effects_histogram, [0, 942, 56, 2]);
        assert_eq!(rows[0].effects_histogram, [58, 942]);
        // No crash at all, and the broker still duplicates: only dedup keeps one effect each.
        let calm = AckTimingRun { crash: Probability::ZERO, ..AckTimingRun::default() };
        let rows = calm.loop_rows(Probability::from_ppm(10_000).unwrap()).unwrap();
        let [before, after, dedup] = rows.map(|r| r.row);
        assert!(after.effects > 1_000 && before.effects == after.effects, "{after:?} {before:?}");
        assert_eq!((dedup.effects, dedup.duplicates_discarded, dedup.lost), (1_000, after.effects - 1_000, 0));
        assert_eq!(calm.loop_rows(Probability::ZERO).unwrap()[1].row.effects, 1_000);
    }
}
