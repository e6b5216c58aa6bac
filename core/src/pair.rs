//! The same run through a naive and an idempotent consumer, side by side:
//! same seed, same plan, so the same attempts fail; only what the consumer
//! does with a repeat differs. This is what the retries experiment shows,
//! and where its timeline ends.

use crate::engine::{ConfigError, ConsumerMode, Engine, Plan, SimConfig};

#[derive(Clone)]
pub struct Pair {
    pub naive: Engine,
    pub idempotent: Engine,
    /// When the whole run (every delivery and intervention) is over.
    end_ms: u64,
}

impl Pair {
    /// Both runs at clock 0. `cfg.consumer` is ignored: both consumers run.
    pub fn new(cfg: SimConfig, plan: Plan) -> Result<Self, ConfigError> {
        let make = |consumer| Engine::with_plan(SimConfig { consumer, ..cfg }, plan.clone());
        let idempotent = make(ConsumerMode::Idempotent)?;
        // Deterministic and small (the page traces at most 10,000 events),
        // so the end is found by running a copy there once.
        let mut whole = idempotent.clone();
        whole.run_to_end();
        let end_ms = whole.now_ms();
        Ok(Self { naive: make(ConsumerMode::Naive)?, idempotent, end_ms })
    }

    pub fn shown(&self, consumer: ConsumerMode) -> &Engine {
        match consumer {
            ConsumerMode::Naive => &self.naive,
            ConsumerMode::Idempotent => &self.idempotent,
        }
    }

    pub fn plan(&self) -> &Plan {
        self.idempotent.plan()
    }

    pub fn run_until(&mut self, clock_ms: u64) {
        self.naive.run_until(clock_ms);
        self.idempotent.run_until(clock_ms);
    }

    /// When the next attempt or intervention happens (the same in both runs).
    pub fn next_due_ms(&self) -> Option<u64> {
        self.idempotent.next_due_ms()
    }

    pub fn finished(&self) -> bool {
        self.next_due_ms().is_none()
    }

    pub fn end_ms(&self) -> u64 {
        self.end_ms
    }

    /// Where a timeline of this run ends: the whole run, and at least the
    /// last publication plus the deterministic schedule (so waits keep their
    /// proportions when everything succeeds at once) and the plan's last
    /// time. Fixed for the run: the axis never rescales during play.
    pub fn horizon_ms(&self) -> u64 {
        let cfg = self.idempotent.config();
        let last_publication = u64::from(cfg.published_total().saturating_sub(1)) * cfg.publish_interval_ms;
        let schedule_end = last_publication + cfg.backoff.total_s() * 1_000;
        schedule_end.max(self.end_ms).max(self.plan().last_ms()).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Intervention, Outage, Timed};
    use crate::probability::Probability;

    #[test]
    fn both_consumers_see_the_same_attempts_and_the_horizon_holds_the_whole_run() {
        let cfg = SimConfig { facts: 20, seed: 7, ..SimConfig::default() };
        let plan = Plan::new(
            vec![Outage { start_ms: 0, end_ms: 2_000_000 }],
            vec![Timed { at_ms: 2_500_000, what: Intervention::RetryAllDeadLetters }],
        )
        .unwrap();
        let mut pair = Pair::new(cfg, plan).unwrap();
        let horizon_ms = pair.horizon_ms();
        pair.run_until(u64::MAX / 2);
        assert!(pair.finished());
        assert_eq!(pair.naive.counters().deliveries, pair.idempotent.counters().deliveries);
        assert!(pair.idempotent.trace().iter().all(|a| a.at_ms <= horizon_ms), "nothing beyond the axis");
        assert_eq!(pair.idempotent.counters().acknowledged, 20, "the retry after the outage delivers everything");
        assert_eq!(horizon_ms, pair.end_ms());
    }

    #[test]
    fn the_horizon_is_at_least_the_schedule_when_everything_succeeds() {
        let cfg = SimConfig { facts: 1, failure: Probability::ZERO, ..SimConfig::default() };
        let pair = Pair::new(cfg, Plan::default()).unwrap();
        assert_eq!(pair.end_ms(), 0);
        assert_eq!(pair.horizon_ms(), 1_890_000);
    }
}
