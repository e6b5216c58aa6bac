//! The delivery engine: a hub publishes events, delivers each to a consumer,
//! retries failures with backoff and dead-letters what exhausts its retries.
//!
//! Time is simulated (integer ms) and advances only through the agenda, so a
//! run can be stepped attempt by attempt, advanced to a clock value, or run to
//! the end, and always yields the same trace for the same config.

mod batch;
mod config;
pub mod invariants;
mod plan;
mod record;

use std::collections::{BinaryHeap, VecDeque};

use rand_mt::Mt;
use uuid::Uuid;

use crate::draws::{pcg, python_seeded, RngKind, Stream};
use crate::ids::{derived_id, random_id, PassKey};
use crate::limits;

use batch::{Agenda, Batch, Hot, Tables};
pub use config::{AckTiming, ConfigError, ConsumerMode, IdScheme, Requeue, SimConfig};
pub use invariants::Violation;
pub use plan::{Intervention, Outage, Plan, Timed};
use record::Place;
pub use record::{Attempt, Census, Counters, EventRecord, FailureKind, Follow, Outcome, RetryError, Status};

/// Clone is cheap enough to copy-on-write a page-sized run (≤ 10,000 traced
/// events) once per animation frame.
#[derive(Clone)]
pub struct Engine {
    cfg: SimConfig,
    hot: Hot,
    tables: Tables,
    /// CPython's generator, in the Python-compatible mode only.
    python_mt: Option<Box<Mt>>,
    plan: Plan,
    /// The next intervention of `plan` to apply.
    next_intervention: usize,
    /// Whether each applied intervention changed anything (a retry of an
    /// event that is not in the dead-letter queue at that moment does not).
    intervention_effective: Vec<bool>,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

impl Engine {
    pub fn new(cfg: SimConfig) -> Result<Self, ConfigError> {
        Self::with_plan(cfg, Plan::default())
    }

    /// A run with outages and interventions applied at their simulated times.
    pub fn with_plan(cfg: SimConfig, plan: Plan) -> Result<Self, ConfigError> {
        cfg.validate()?;
        cfg.check_work(&plan)?;
        let published_total = cfg.published_total() as usize;
        let agenda = match cfg.requeue {
            Requeue::Immediate => Agenda::Fifo { requeued: VecDeque::new() },
            Requeue::Backoff => Agenda::Timed { heap: BinaryHeap::new(), sequence: 0 },
        };
        let mut counters = Counters::default();
        if cfg.requeue == Requeue::Immediate {
            // The lesson-004 broker: every message is in the queue from the start.
            counters.published = cfg.published_total();
        }
        let hot = Hot {
            counters,
            trace_hash: FNV_OFFSET,
            now_ms: 0,
            next_publication: 0,
            failure_rng: pcg(cfg.seed, Stream::Failure, 0),
            kind_rng: pcg(cfg.seed, Stream::FailureKind, 0),
            jitter_rng: pcg(cfg.seed, Stream::Jitter, 0),
        };
        let tables = Tables {
            events: Vec::with_capacity(published_total),
            agenda,
            processed_ids: vec![0; published_total.div_ceil(64)],
            place_ms: Vec::new(),
            previous_wait_ms: if cfg.backoff.jitter == crate::Jitter::Decorrelated {
                vec![0; published_total]
            } else {
                Vec::new()
            },
            dead_letters: Vec::new(),
            trace: Vec::new(),
        };
        let python_mt = (cfg.rng == RngKind::Python).then(|| Box::new(python_seeded(cfg.seed)));
        Ok(Self { cfg, hot, tables, python_mt, plan, next_intervention: 0, intervention_effective: Vec::new() })
    }

    pub fn config(&self) -> &SimConfig {
        &self.cfg
    }
    pub fn counters(&self) -> &Counters {
        &self.hot.counters
    }
    /// Where an event is, with the time that goes with it.
    pub fn status(&self, event: u32) -> Status {
        let at_ms = self.tables.place_ms.get(event as usize).copied().unwrap_or(0);
        match self.event(event).place {
            Place::Unpublished => Status::Unpublished,
            Place::Scheduled => Status::Scheduled { due_ms: at_ms },
            Place::Acknowledged => Status::Acknowledged { at_ms },
            Place::DeadLettered => Status::DeadLettered { at_ms },
        }
    }

    /// Any event's record, delivered or not yet.
    pub fn event(&self, event: u32) -> EventRecord {
        self.tables.events.get(event as usize).copied().unwrap_or_else(|| EventRecord::undelivered(self.cfg.requeue))
    }

    /// Dead-lettered events, oldest entry first.
    pub fn dead_letters(&self) -> &[u32] {
        &self.tables.dead_letters
    }
    pub fn trace(&self) -> &[Attempt] {
        &self.tables.trace
    }
    /// A running hash of every attempt so far (an FNV-style fold of mixed
    /// fields, see `hash_attempt`): equal hashes, equal traces.
    pub fn trace_hash(&self) -> u64 {
        self.hot.trace_hash
    }
    pub fn now_ms(&self) -> u64 {
        self.hot.now_ms
    }

    pub fn fact_of(&self, event: u32) -> u32 {
        self.cfg.fact_of(event)
    }

    pub fn fact_key(&self, event: u32) -> String {
        PassKey::of_fact(self.fact_of(event)).key()
    }

    /// See [`SimConfig::id_slot`].
    pub fn id_slot(&self, event: u32) -> u32 {
        self.cfg.id_slot(event)
    }

    pub fn event_id(&self, event: u32) -> Uuid {
        match self.cfg.id_scheme {
            IdScheme::Random => random_id(self.cfg.seed, u64::from(event)),
            IdScheme::Derived(namespace) => derived_id(namespace, &self.fact_key(event)),
        }
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// For each intervention applied so far (in the plan's order), whether
    /// it changed anything.
    pub fn intervention_effects(&self) -> &[bool] {
        &self.intervention_effective
    }

    /// When the next thing happens (an attempt or an intervention), if any
    /// is left.
    pub fn next_due_ms(&self) -> Option<u64> {
        let delivery = self.tables.next_due_ms(&self.cfg, &self.hot);
        match (delivery, self.next_intervention_ms()) {
            (Some(d), Some(i)) => Some(d.min(i)),
            (d, i) => d.or(i),
        }
    }

    fn next_intervention_ms(&self) -> Option<u64> {
        self.plan.interventions().get(self.next_intervention).map(|t| t.at_ms)
    }

    /// A batch of deliveries on a local copy of the hot state (see [`Hot`]).
    fn batch(&mut self) -> Batch<'_> {
        Batch {
            failure_threshold_2_32: self.cfg.failure.threshold_2_32(),
            failure_threshold: self.cfg.failure.as_f64(),
            published_total: self.cfg.published_total(),
            cfg: self.cfg,
            hot: self.hot.clone(),
            tables: &mut self.tables,
            python_mt: self.python_mt.as_deref_mut(),
            hot_home: &mut self.hot,
            plan: (!self.plan.outages().is_empty() || self.plan.fixed_from_ms().is_some()).then_some(&self.plan),
            fixed_from_ms: self.plan.fixed_from_ms().unwrap_or(u64::MAX),
        }
    }

    /// Applies the next intervention if it comes before the next delivery
    /// (a delivery due at the same instant goes first). Returns whether one
    /// was applied.
    fn apply_intervention_before(&mut self, limit_ms: u64) -> bool {
        let Some(at_ms) = self.next_intervention_ms().filter(|&at| at <= limit_ms) else { return false };
        if self.tables.next_due_ms(&self.cfg, &self.hot).is_some_and(|due| due <= at_ms) {
            return false;
        }
        let what = self.plan.interventions()[self.next_intervention].what;
        self.next_intervention += 1;
        self.hot.now_ms = self.hot.now_ms.max(at_ms);
        let effective = match what {
            // Read by every delivery through the batch; nothing to do now.
            Intervention::FixCause => true,
            Intervention::RetryDeadLetter(event) => self.retry_dead_letter(event).is_ok(),
            Intervention::RetryAllDeadLetters => self.retry_all_dead_letters() > 0,
        };
        self.intervention_effective.push(effective);
        true
    }

    /// Delivers the next due event (applying any intervention that comes
    /// first). `None` when nothing is left to deliver.
    pub fn step(&mut self) -> Option<Attempt> {
        while self.apply_intervention_before(u64::MAX) {}
        let mut batch = self.batch();
        let attempt = batch.step();
        batch.end();
        attempt
    }

    /// Delivers everything due at or before `clock_ms` and applies the
    /// interventions up to then, then sets the clock there. Returns how many
    /// attempts happened.
    pub fn run_until(&mut self, clock_ms: u64) -> usize {
        let mut attempts = 0;
        loop {
            let limit_ms = self.next_intervention_ms().filter(|&at| at <= clock_ms).unwrap_or(clock_ms);
            attempts += self.deliver_until(limit_ms);
            if !self.apply_intervention_before(clock_ms) {
                break;
            }
        }
        self.hot.now_ms = self.hot.now_ms.max(clock_ms);
        attempts
    }

    fn deliver_until(&mut self, limit_ms: u64) -> usize {
        let mut batch = self.batch();
        let mut attempts = 0;
        while batch.tables.next_due_ms(&batch.cfg, &batch.hot).is_some_and(|due| due <= limit_ms) {
            batch.step();
            attempts += 1;
        }
        batch.end();
        attempts
    }

    /// Runs until nothing is left to deliver and every intervention is
    /// applied (retries and interventions are bounded, so this ends).
    pub fn run_to_end(&mut self) {
        // Interventions first, each at its time (page-sized runs).
        while let Some(at_ms) = self.next_intervention_ms() {
            self.deliver_until(at_ms);
            if !self.apply_intervention_before(u64::MAX) {
                break;
            }
        }
        // Then the rest in one batch, a loop of its own: the hot path of a
        // big run. With `fast-loop` (the CLI's and the benches' 1M-message
        // runs) a loop without the plan's check when there is no plan; the
        // pages keep one loop (size).
        if cfg!(feature = "fast-loop") && self.batch().plan.is_none() {
            self.run_to_end_unplanned();
        } else {
            let mut batch = self.batch();
            while batch.step().is_some() {}
            batch.end();
        }
    }

    /// The unplanned loop in a function of its own: in the same function as
    /// the planned loop, whose batch escapes to `deliver_planned`, the batch
    /// lived in memory for both loops (measured: a 1M-message run ~9.2 ->
    /// ~8 ms).
    #[cfg_attr(not(feature = "fast-loop"), allow(dead_code))]
    #[inline(never)]
    fn run_to_end_unplanned(&mut self) {
        let mut batch = self.batch();
        while batch.step_with::<false>().is_some() {}
        batch.end();
    }

    /// Puts a dead-lettered event back into delivery now, with the same id
    /// and a fresh retry budget.
    pub fn retry_dead_letter(&mut self, event: u32) -> Result<(), RetryError> {
        self.check_retry(event)?;
        self.tables.dead_letters.retain(|&e| e != event);
        self.revive(event);
        Ok(())
    }

    fn check_retry(&self, event: u32) -> Result<(), RetryError> {
        if event >= self.cfg.published_total() {
            return Err(RetryError::UnknownEvent);
        }
        let record = self.event(event);
        if !record.is_dead_lettered() {
            return Err(RetryError::NotDeadLettered);
        }
        if u32::from(record.manual_retries) >= limits::MANUAL_RETRIES_MAX {
            return Err(RetryError::TooManyManualRetries);
        }
        Ok(())
    }

    /// Back into delivery, once out of the dead-letter list.
    fn revive(&mut self, event: u32) {
        let tables = &mut self.tables;
        self.hot.counters.dead_lettered -= 1;
        self.hot.counters.manual_retries += 1;
        let record = &mut tables.events[event as usize];
        record.cycle_attempts = 0;
        record.manual_retries += 1;
        if let Some(previous) = tables.previous_wait_ms.get_mut(event as usize) {
            *previous = 0;
        }
        tables.schedule(event, self.hot.now_ms);
    }

    /// Retries every dead-lettered event; returns how many re-entered
    /// delivery. One pass over the list (not a search per event: a retry-all
    /// of 100,000 dead letters was quadratic, 2.3 s).
    pub fn retry_all_dead_letters(&mut self) -> usize {
        let parked = std::mem::take(&mut self.tables.dead_letters);
        let (revived, kept): (Vec<u32>, Vec<u32>) = parked.into_iter().partition(|&e| self.check_retry(e).is_ok());
        self.tables.dead_letters = kept;
        for &event in &revived {
            self.revive(event);
        }
        revived.len()
    }

    /// Counts of events per place: (unpublished, in flight, waiting, acked, dead-lettered).
    pub fn census(&self) -> Census {
        let mut census = Census::default();
        let undelivered = self.cfg.published_total() - self.tables.events.len() as u32;
        match EventRecord::undelivered(self.cfg.requeue).place {
            Place::Unpublished => census.unpublished = undelivered,
            _ => census.in_flight = undelivered,
        }
        for record in &self.tables.events {
            match record.place {
                Place::Unpublished => census.unpublished += 1,
                Place::Scheduled if record.cycle_attempts == 0 => census.in_flight += 1,
                Place::Scheduled => census.waiting += 1,
                Place::Acknowledged => census.acknowledged += 1,
                Place::DeadLettered => census.dead_lettered += 1,
            }
        }
        census
    }

    /// Effects per distinct fact (the "rows written" for each fact).
    pub fn effects_per_fact(&self) -> Vec<u32> {
        let mut effects = vec![0; self.cfg.facts as usize];
        for (event, record) in self.tables.events.iter().enumerate() {
            effects[self.fact_of(event as u32) as usize] += record.effects;
        }
        effects
    }
}
