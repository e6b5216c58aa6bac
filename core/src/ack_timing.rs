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

    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=limits::ACK_TIMING_MESSAGES_MAX).contains(&self.messages) {
            return Err(ConfigError {
                field: "events",
                allowed: format!("between 1 and {}", limits::ACK_TIMING_MESSAGES_MAX),
            });
        }
        Ok(())
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
}
