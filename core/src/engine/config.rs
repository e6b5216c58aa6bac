//! What determines a run: the config and its validation.

use crate::backoff::Backoff;
use crate::draws::RngKind;
use crate::ids::Namespace;
use crate::limits;
pub use crate::limits::ConfigError;
use crate::probability::Probability;

/// What the consumer does with a repeat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConsumerMode {
    /// Every delivery that reaches it is an effect (a row, a notification).
    Naive,
    /// Records processed ids together with the effect and discards repeats.
    #[default]
    Idempotent,
}

/// When the consumer acknowledges (lesson 004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AckTiming {
    /// At-most-once: a failure after the ack loses the effect, never retried.
    Before,
    /// At-least-once: a failure before the ack makes the hub deliver again.
    #[default]
    After,
}

/// Where a failed delivery goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Requeue {
    /// Wait per the backoff policy, then retry (the webhook hub of lesson 000).
    #[default]
    Backoff,
    /// Straight to the back of the queue, no wait (the broker loop of lesson 004).
    Immediate,
}

/// How event ids are made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IdScheme {
    /// A fresh v4 per publication: a fact published twice gets two ids.
    #[default]
    Random,
    /// uuid5(namespace, fact key): a fact published twice gets one id.
    Derived(Namespace),
}

/// Everything that determines a run. Same config, same trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimConfig {
    pub seed: u64,
    pub rng: RngKind,
    /// Facts the producer publishes.
    pub facts: u32,
    /// 1, or 2 for the double publication of every fact.
    pub publications_per_fact: u32,
    pub id_scheme: IdScheme,
    /// Probability that one delivery attempt fails.
    pub failure: Probability,
    /// Share of failures where the consumer processed the event but the ack
    /// was lost (the rest: request lost or consumer down, no effect).
    pub ack_lost_share: Probability,
    pub backoff: Backoff,
    pub requeue: Requeue,
    pub ack: AckTiming,
    pub consumer: ConsumerMode,
    /// Time between two publications (0: all at once). Immediate requeue (the
    /// lesson-004 broker) queues every message at once and ignores it.
    pub publish_interval_ms: u64,
    /// Keep every attempt (the page draws them); off for big CLI runs.
    pub record_trace: bool,
}

impl Default for SimConfig {
    /// The lesson-000 lab: 20 events, 30 % failures, half of them lost acks.
    fn default() -> Self {
        Self {
            seed: 2_026,
            rng: RngKind::Pcg,
            facts: 20,
            publications_per_fact: 1,
            id_scheme: IdScheme::Random,
            failure: Probability::from_ppm(300_000).expect("in range"),
            ack_lost_share: Probability::from_ppm(500_000).expect("in range"),
            backoff: Backoff::default(),
            requeue: Requeue::Backoff,
            ack: AckTiming::After,
            consumer: ConsumerMode::Idempotent,
            publish_interval_ms: 10_000,
            record_trace: true,
        }
    }
}

impl SimConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        use limits::check;
        check((1..=limits::EVENTS_MAX).contains(&self.facts), "events", || {
            format!("between 1 and {}", limits::EVENTS_MAX)
        })?;
        check((1..=2).contains(&self.publications_per_fact), "publications", || "1 or 2".into())?;
        check(!self.record_trace || self.published_total() <= limits::TRACED_EVENTS_MAX, "events", || {
            format!("at most {} when the trace is recorded", limits::TRACED_EVENTS_MAX)
        })?;
        let retries_limit = match self.requeue {
            Requeue::Backoff => limits::RETRIES_MAX_BACKOFF,
            Requeue::Immediate => limits::RETRIES_MAX_IMMEDIATE,
        };
        check(self.backoff.retries_max <= retries_limit, "retries", || format!("between 0 and {retries_limit}"))?;
        check(
            (limits::BACKOFF_BASE_S_MIN..=limits::BACKOFF_BASE_S_MAX).contains(&self.backoff.base_s),
            "base-s",
            || format!("between {} and {} seconds", limits::BACKOFF_BASE_S_MIN, limits::BACKOFF_BASE_S_MAX),
        )?;
        check(self.publish_interval_ms <= limits::PUBLISH_INTERVAL_MS_MAX, "publish-interval-ms", || {
            format!("between 0 and {}", limits::PUBLISH_INTERVAL_MS_MAX)
        })
    }

    /// The delivery attempts this run can make, at most (backoff: every
    /// cycle ends within `1 + retries` attempts, and each retry-all can start
    /// a cycle for every event, each retry of one event one cycle), or on
    /// average (immediate requeue: a cycle of up to 10,000 retries at a
    /// crash probability p takes Σ p^k attempts), before the run starts.
    pub fn attempts_bound(&self, plan: &super::Plan) -> u64 {
        let retries = u64::from(self.backoff.retries_max);
        let cycle = match self.requeue {
            Requeue::Backoff => 1 + retries,
            Requeue::Immediate => expected_cycle(self.failure.as_f64(), retries),
        };
        let published = u64::from(self.published_total());
        let cycles = plan.interventions().iter().fold(published, |n, t| match t.what {
            super::Intervention::RetryAllDeadLetters => n.saturating_add(published),
            super::Intervention::RetryDeadLetter(_) => n.saturating_add(1),
            super::Intervention::FixCause => n,
        });
        cycle.saturating_mul(cycles)
    }

    /// Refuses a run over the work budget before it starts (a traced run's
    /// attempts are kept: 32 bytes each).
    pub fn check_work(&self, plan: &super::Plan) -> Result<(), ConfigError> {
        let max = if self.record_trace { limits::TRACED_ATTEMPTS_MAX } else { limits::ATTEMPTS_MAX };
        let bound = self.attempts_bound(plan);
        if bound > max {
            return Err(ConfigError {
                field: "work",
                allowed: format!(
                    "at most {max} delivery attempts (this run could take {bound}): fewer events, retries or retry-alls, or a lower crash probability"
                ),
            });
        }
        Ok(())
    }

    pub fn published_total(&self) -> u32 {
        self.facts.saturating_mul(self.publications_per_fact)
    }

    pub fn fact_of(&self, event: u32) -> u32 {
        event / self.publications_per_fact
    }

    /// The dense index of an event's id. Ids are interned: two events share
    /// a slot exactly when they carry the same id (v4: one per publication;
    /// v5: one per fact key), so the consumer's store is a bitset.
    #[inline]
    pub fn id_slot(&self, event: u32) -> u32 {
        match self.id_scheme {
            IdScheme::Random => event,
            IdScheme::Derived(_) => self.fact_of(event),
        }
    }

    pub(super) fn publication_ms(&self, event: u32) -> u64 {
        u64::from(event) * self.publish_interval_ms
    }
}

/// Σ_{k=0}^{retries} p^k, rounded up: the mean attempts of one cycle of
/// immediate requeues. Plain f64 products: the same on every target.
fn expected_cycle(p: f64, retries: u64) -> u64 {
    if p >= 1.0 {
        return retries + 1;
    }
    let mut power = 1.0;
    let mut exponent = retries + 1;
    let mut base = p;
    while exponent > 0 {
        if exponent & 1 == 1 {
            power *= base;
        }
        base *= base;
        exponent >>= 1;
    }
    ((1.0 - power) / (1.0 - p)).ceil() as u64
}
