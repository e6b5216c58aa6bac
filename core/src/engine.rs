//! The delivery engine: a hub publishes events, delivers each to a consumer,
//! retries failures with backoff and dead-letters what exhausts its retries.
//!
//! Time is simulated (integer ms) and advances only through the agenda, so a
//! run can be stepped attempt by attempt, advanced to a clock value, or run to
//! the end, and always yields the same trace for the same config.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::fmt;

use rand_mt::Mt;
use rand_pcg::Pcg32;
use uuid::Uuid;

use crate::backoff::Backoff;
use crate::draws::{draw_below, pcg, python_random, python_seeded, RngKind, Stream};
use crate::ids::{derived_id, random_id, Namespace, PassKey};
use crate::limits;
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

/// A config value outside its documented range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The setting, as the CLI flag names it (`events`, `retries`, …).
    pub field: &'static str,
    /// The allowed range, human-readable.
    pub allowed: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must be {}", self.field, self.allowed)
    }
}

impl std::error::Error for ConfigError {}

impl SimConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        let err = |field, allowed: String| Err(ConfigError { field, allowed });
        if !(1..=limits::EVENTS_MAX).contains(&self.facts) {
            return err("events", format!("between 1 and {}", limits::EVENTS_MAX));
        }
        if !(1..=2).contains(&self.publications_per_fact) {
            return err("publications", "1 or 2".into());
        }
        if self.record_trace && self.published_total() > limits::TRACED_EVENTS_MAX {
            return err("events", format!("at most {} when the trace is recorded", limits::TRACED_EVENTS_MAX));
        }
        let retries_limit = match self.requeue {
            Requeue::Backoff => limits::RETRIES_MAX_BACKOFF,
            Requeue::Immediate => limits::RETRIES_MAX_IMMEDIATE,
        };
        if self.backoff.retries_max > retries_limit {
            return err("retries", format!("between 0 and {retries_limit}"));
        }
        if !(limits::BACKOFF_BASE_S_MIN..=limits::BACKOFF_BASE_S_MAX).contains(&self.backoff.base_s) {
            return err(
                "base-s",
                format!("between {} and {} seconds", limits::BACKOFF_BASE_S_MIN, limits::BACKOFF_BASE_S_MAX),
            );
        }
        if self.publish_interval_ms > limits::PUBLISH_INTERVAL_MS_MAX {
            return err("publish-interval-ms", format!("between 0 and {}", limits::PUBLISH_INTERVAL_MS_MAX));
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

    fn publication_ms(&self, event: u32) -> u64 {
        u64::from(event) * self.publish_interval_ms
    }
}

/// Why an attempt failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// Request lost or consumer down: nothing happened at the consumer.
    RequestLost,
    /// The consumer processed it; the acknowledgement never reached the hub.
    AckLost,
    /// Acknowledged before processing, then the consumer crashed.
    CrashAfterAck,
}

/// What one delivery attempt did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Processed (one effect) and acknowledged.
    Processed,
    /// A repeat, discarded by the idempotent consumer, and acknowledged.
    DiscardedAcked,
    /// Failed: see the kind. `effect` says whether the consumer's business
    /// effect happened (an ack-lost delivery to a naive consumer, say).
    Failed { kind: FailureKind, effect: bool },
}

/// What follows an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Follow {
    /// Acknowledged (or lost after an early ack): nothing more for now.
    Done,
    /// Retry at this simulated time.
    RetryAt { due_ms: u64 },
    /// Retries exhausted: moved to the dead-letter queue.
    DeadLettered,
}

/// One delivery attempt, as the timeline draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attempt {
    pub at_ms: u64,
    pub event: u32,
    /// 1 for the original delivery of a cycle, 2 for its first retry, …
    pub cycle_attempt: u32,
    pub outcome: Outcome,
    pub follow: Follow,
}

/// Where an event is. Exactly one at any moment: nothing is ever lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Not published yet (its publication time has not come).
    Unpublished,
    /// Due for delivery at `due_ms`: in flight if no attempt of this cycle
    /// has failed yet, otherwise waiting to retry.
    Scheduled { due_ms: u64 },
    Acknowledged { at_ms: u64 },
    DeadLettered { at_ms: u64 },
}

/// Per-event bookkeeping, packed into 16 bytes: a 1M-message run touches
/// 16 MiB of records, and first-touching fresh memory is the largest single
/// cost of a big run. The time that goes with the place lives beside it in
/// the engine (`Engine::status`), where only runs in which time passes pay
/// for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EventRecord {
    /// Delivery attempts over all cycles.
    pub attempts: u32,
    /// Business effects this event caused at the consumer.
    pub effects: u32,
    /// Attempts in the current cycle (at most 1 + retries_max ≤ 10,001).
    pub cycle_attempts: u16,
    /// Manual retries so far (at most `limits::MANUAL_RETRIES_MAX`).
    pub manual_retries: u16,
    place: Place,
    pub last_failure: Option<FailureKind>,
}

// The packing above is a promise: keep it.
const _: () = assert!(std::mem::size_of::<EventRecord>() == 16);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    Unpublished,
    Scheduled,
    Acknowledged,
    DeadLettered,
}

impl EventRecord {
    const NEW: Self = Self {
        attempts: 0,
        effects: 0,
        cycle_attempts: 0,
        manual_retries: 0,
        place: Place::Unpublished,
        last_failure: None,
    };

    /// The record of an event not delivered yet: queued from the start in the
    /// lesson-004 broker, unpublished until its time otherwise.
    fn undelivered(requeue: Requeue) -> Self {
        let mut record = Self::NEW;
        if requeue == Requeue::Immediate {
            record.place = Place::Scheduled; // due at 0, like every queued message
        }
        record
    }

    pub fn is_waiting_to_retry(&self) -> bool {
        self.place == Place::Scheduled && self.cycle_attempts > 0
    }

    pub fn is_acknowledged(&self) -> bool {
        self.place == Place::Acknowledged
    }

    pub fn is_dead_lettered(&self) -> bool {
        self.place == Place::DeadLettered
    }
}

/// Running totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    pub published: u32,
    pub deliveries: u64,
    pub effects: u64,
    pub duplicates_discarded: u64,
    /// Events in the dead-letter queue now.
    pub dead_lettered: u32,
    /// Events acknowledged (with or without their effect).
    pub acknowledged: u32,
    /// Acknowledged events whose effect never happened (ack before processing).
    pub lost: u32,
    pub manual_retries: u32,
}

/// A manual retry that cannot be done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryError {
    NotDeadLettered,
    UnknownEvent,
    TooManyManualRetries,
}

/// The next deliveries, in order.
#[derive(Clone)]
enum Agenda {
    /// Lesson 004: everything published at once, failures to the back.
    Fifo { requeued: VecDeque<u32> },
    /// Timed: min-heap of (due, sequence, event); sequence breaks ties FIFO.
    Timed { heap: BinaryHeap<Reverse<(u64, u64, u32)>>, sequence: u64 },
}

/// What every delivery reads and writes: small, plain data kept together so
/// that a batch of deliveries (see [`Batch`]) works on a local copy, which
/// the compiler need not keep in step with the engine's memory after every
/// attempt (measured: a 1M-message run 7.0 -> 6.7 ms). It still spills some
/// of it to the stack: the loop has more live values than registers.
#[derive(Clone)]
struct Hot {
    counters: Counters,
    trace_hash: u64,
    now_ms: u64,
    next_publication: u32,
    /// Decides failures in the PCG mode (the Python-compatible mode uses the
    /// engine's MT19937 instead).
    failure_rng: Pcg32,
    kind_rng: Pcg32,
    jitter_rng: Pcg32,
}

/// Per-event tables and the agenda: what a delivery updates in place.
#[derive(Clone)]
struct Tables {
    /// Records of the events delivered at least once. First deliveries happen
    /// in index order, so this is always a prefix; a record is written when
    /// its event is first delivered, while it is hot in cache, instead of all
    /// of them up front.
    events: Vec<EventRecord>,
    agenda: Agenda,
    /// Idempotent consumer's processed-id store, one bit per distinct id.
    processed_ids: Vec<u64>,
    /// The time that goes with each delivered event's place (due time while
    /// scheduled, entry time once acknowledged or dead-lettered). Only
    /// nonzero times are ever stored, so the lesson-004 broker, where no time
    /// passes, never allocates it; beyond its end, times are 0.
    place_ms: Vec<u64>,
    /// Each event's previous wait, kept only for decorrelated jitter (the one
    /// strategy that needs it), so other runs carry no such memory.
    previous_wait_ms: Vec<u64>,
    dead_letters: Vec<u32>,
    trace: Vec<Attempt>,
}

/// Clone is cheap enough to copy-on-write a page-sized run (≤ 10,000 traced
/// events) once per animation frame.
#[derive(Clone)]
pub struct Engine {
    cfg: SimConfig,
    hot: Hot,
    tables: Tables,
    /// CPython's generator, in the Python-compatible mode only.
    python_mt: Option<Box<Mt>>,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

impl Engine {
    pub fn new(cfg: SimConfig) -> Result<Self, ConfigError> {
        cfg.validate()?;
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
            previous_wait_ms: if cfg.backoff.jitter == crate::Jitter::Decorrelated { vec![0; published_total] } else { Vec::new() },
            dead_letters: Vec::new(),
            trace: Vec::new(),
        };
        let python_mt = (cfg.rng == RngKind::Python).then(|| Box::new(python_seeded(cfg.seed)));
        Ok(Self { cfg, hot, tables, python_mt })
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

    /// When the next attempt happens, if any is left.
    pub fn next_due_ms(&self) -> Option<u64> {
        self.tables.next_due_ms(&self.cfg, &self.hot)
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
        }
    }

    /// Delivers the next due event. `None` when nothing is left to deliver.
    pub fn step(&mut self) -> Option<Attempt> {
        let mut batch = self.batch();
        let attempt = batch.step();
        batch.end();
        attempt
    }

    /// Delivers everything due at or before `clock_ms`, then sets the clock
    /// there. Returns how many attempts happened.
    pub fn run_until(&mut self, clock_ms: u64) -> usize {
        let mut batch = self.batch();
        let mut attempts = 0;
        while batch.tables.next_due_ms(&batch.cfg, &batch.hot).is_some_and(|due| due <= clock_ms) {
            batch.step();
            attempts += 1;
        }
        batch.hot.now_ms = batch.hot.now_ms.max(clock_ms);
        batch.end();
        attempts
    }

    /// Runs until nothing is left to deliver (retries are bounded, so this ends).
    pub fn run_to_end(&mut self) {
        let mut batch = self.batch();
        while batch.step().is_some() {}
        batch.end();
    }

    /// Puts a dead-lettered event back into delivery now, with the same id
    /// and a fresh retry budget.
    pub fn retry_dead_letter(&mut self, event: u32) -> Result<(), RetryError> {
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
        let tables = &mut self.tables;
        tables.dead_letters.retain(|&e| e != event);
        self.hot.counters.dead_lettered -= 1;
        self.hot.counters.manual_retries += 1;
        let record = &mut tables.events[event as usize];
        record.cycle_attempts = 0;
        record.manual_retries += 1;
        if let Some(previous) = tables.previous_wait_ms.get_mut(event as usize) {
            *previous = 0;
        }
        tables.schedule(event, self.hot.now_ms);
        Ok(())
    }

    /// Retries every dead-lettered event; returns how many re-entered delivery.
    pub fn retry_all_dead_letters(&mut self) -> usize {
        let events = self.tables.dead_letters.clone();
        events.into_iter().filter(|&e| self.retry_dead_letter(e).is_ok()).count()
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

    /// The invariants, as code. `Err` names the first one broken.
    pub fn check_invariants(&self) -> Result<(), String> {
        let census = self.census();
        let c = &self.hot.counters;
        let placed = census.in_flight + census.waiting + census.acknowledged + census.dead_lettered;
        if placed != c.published || census.unpublished + placed != self.cfg.published_total() {
            return Err(format!("nothing lost: published {} but placed {placed} ({census:?})", c.published));
        }
        if census.acknowledged != c.acknowledged || census.dead_lettered != c.dead_lettered {
            return Err(format!("counters disagree with the census: {c:?} vs {census:?}"));
        }
        if self.tables.dead_letters.len() != census.dead_lettered as usize {
            return Err("the dead-letter list disagrees with the census".into());
        }
        let attempts_bound = 1 + self.cfg.backoff.retries_max;
        if let Some((event, r)) =
            self.tables.events.iter().enumerate().find(|(_, r)| u32::from(r.cycle_attempts) > attempts_bound)
        {
            return Err(format!("retries bounded: event {event} made {} attempts in one cycle", r.cycle_attempts));
        }
        let attempts: u64 = self.tables.events.iter().map(|r| u64::from(r.attempts)).sum();
        let effects: u64 = self.tables.events.iter().map(|r| u64::from(r.effects)).sum();
        if attempts != c.deliveries || effects != c.effects {
            return Err("deliveries or effects disagree with the events".into());
        }
        if self.cfg.consumer == ConsumerMode::Idempotent {
            let mut per_slot = vec![0u32; self.cfg.published_total() as usize];
            for (event, record) in self.tables.events.iter().enumerate() {
                per_slot[self.id_slot(event as u32) as usize] += record.effects;
            }
            if let Some(slot) = per_slot.iter().position(|&n| n > 1) {
                return Err(format!("no duplicate effect: id slot {slot} took effect {} times", per_slot[slot]));
            }
        }
        match self.cfg.ack {
            AckTiming::After if c.lost != 0 => return Err("at-least-once lost an event".into()),
            AckTiming::After => {
                // Acknowledged means processed: by this event, or (idempotent) by its id.
                for (event, record) in self.tables.events.iter().enumerate() {
                    if record.is_acknowledged() && !self.id_took_effect(event as u32) {
                        return Err(format!("event {event} acknowledged without any effect"));
                    }
                }
            }
            AckTiming::Before => {
                // At-most-once: an acknowledged event was processed, discarded
                // as a repeat of a processed id, or lost in a crash; only the
                // last kind is counted lost, and it never took effect.
                let mut crashed = 0;
                for (event, record) in self.tables.events.iter().enumerate() {
                    if !record.is_acknowledged() {
                        continue;
                    }
                    if record.last_failure == Some(FailureKind::CrashAfterAck) {
                        crashed += 1;
                        if record.effects != 0 {
                            return Err(format!("event {event} lost in a crash yet took effect"));
                        }
                    } else if !self.id_took_effect(event as u32) {
                        return Err(format!("event {event} acknowledged, not lost, without any effect"));
                    }
                }
                if crashed != c.lost {
                    return Err(format!("lost {} but {crashed} events crashed after their ack", c.lost));
                }
            }
        }
        Ok(())
    }

    fn id_took_effect(&self, event: u32) -> bool {
        match self.cfg.consumer {
            ConsumerMode::Naive => self.tables.events[event as usize].effects > 0,
            ConsumerMode::Idempotent => {
                let slot = self.id_slot(event) as usize;
                self.tables.processed_ids[slot / 64] & (1 << (slot % 64)) != 0
            }
        }
    }
}

impl Tables {
    #[inline]
    fn set_place(&mut self, event: u32, place: Place, at_ms: u64) {
        let index = event as usize;
        self.events[index].place = place;
        if at_ms != 0 || index < self.place_ms.len() {
            if index >= self.place_ms.len() {
                self.place_ms.resize(index + 1, 0);
            }
            self.place_ms[index] = at_ms;
        }
    }

    fn schedule(&mut self, event: u32, due_ms: u64) {
        self.set_place(event, Place::Scheduled, due_ms);
        match &mut self.agenda {
            Agenda::Fifo { requeued } => requeued.push_back(event),
            Agenda::Timed { heap, sequence } => {
                *sequence += 1;
                heap.push(Reverse((due_ms, *sequence, event)));
            }
        }
    }

    fn next_due_ms(&self, cfg: &SimConfig, hot: &Hot) -> Option<u64> {
        let unpublished = hot.next_publication < cfg.published_total();
        let publication = unpublished.then(|| cfg.publication_ms(hot.next_publication));
        match &self.agenda {
            // The broker queued every message at once and requeues with no
            // wait: whatever is left is due now (the publication interval
            // does not apply, as `pop_next` has it).
            Agenda::Fifo { requeued } => (unpublished || !requeued.is_empty()).then_some(hot.now_ms),
            Agenda::Timed { heap, .. } => {
                let retry = heap.peek().map(|Reverse((due_ms, _, _))| *due_ms);
                match (retry, publication) {
                    (Some(r), Some(p)) => Some(r.min(p)),
                    (r, p) => r.or(p),
                }
            }
        }
    }
}

/// Deliveries in progress: the engine's hot state copied into locals, its
/// tables borrowed. `end` writes the hot state back. One `Batch` serves a
/// single step of the page and a 1M-message run of the CLI alike, so both
/// run the very same code.
struct Batch<'e> {
    cfg: SimConfig,
    hot: Hot,
    published_total: u32,
    failure_threshold_2_32: u64,
    failure_threshold: f64,
    tables: &'e mut Tables,
    python_mt: Option<&'e mut Mt>,
    hot_home: &'e mut Hot,
}

impl Batch<'_> {
    fn end(self) {
        *self.hot_home = self.hot;
    }

    /// Exactly one draw per delivery, whatever `p` is: raising the failure
    /// probability only ever adds failures to the same run.
    #[inline]
    fn fails(&mut self) -> bool {
        match &mut self.python_mt {
            None => draw_below(&mut self.hot.failure_rng, self.failure_threshold_2_32),
            Some(mt) => python_random(mt) < self.failure_threshold,
        }
    }

    #[inline]
    fn pop_next(&mut self) -> Option<u32> {
        let hot = &mut self.hot;
        let unpublished = hot.next_publication < self.published_total;
        match &mut self.tables.agenda {
            Agenda::Fifo { requeued } => {
                if unpublished {
                    hot.next_publication += 1;
                    Some(hot.next_publication - 1)
                } else {
                    requeued.pop_front()
                }
            }
            Agenda::Timed { heap, .. } => {
                let publication_ms = self.cfg.publication_ms(hot.next_publication);
                let retry_due = heap.peek().map(|Reverse((due, _, _))| *due);
                // Retries go first when due at the same time as a publication.
                if unpublished && retry_due.is_none_or(|due| publication_ms < due) {
                    hot.now_ms = hot.now_ms.max(publication_ms);
                    hot.next_publication += 1;
                    Some(hot.next_publication - 1)
                } else {
                    let Reverse((due_ms, _, event)) = heap.pop()?;
                    hot.now_ms = hot.now_ms.max(due_ms);
                    Some(event)
                }
            }
        }
    }

    /// The consumer receives the event: an effect, or a discarded repeat.
    #[inline]
    fn consume(&mut self, event: u32) -> bool {
        if self.cfg.consumer == ConsumerMode::Idempotent {
            let slot = self.cfg.id_slot(event) as usize;
            let (word, bit) = (slot / 64, 1u64 << (slot % 64));
            if self.tables.processed_ids[word] & bit != 0 {
                self.hot.counters.duplicates_discarded += 1;
                return false;
            }
            // Recorded together with the effect: one transaction.
            self.tables.processed_ids[word] |= bit;
        }
        self.hot.counters.effects += 1;
        self.tables.events[event as usize].effects += 1;
        true
    }

    /// Delivers the next due event. `None` when nothing is left to deliver.
    #[inline]
    fn step(&mut self) -> Option<Attempt> {
        let event = self.pop_next()?;
        let index = event as usize;
        let events = &mut self.tables.events;
        let cycle_attempt = match events.get_mut(index) {
            Some(record) => {
                record.attempts += 1;
                record.cycle_attempts += 1;
                u32::from(record.cycle_attempts)
            }
            None => {
                // First delivery (always the next index): the record starts
                // here, already counting this attempt.
                let mut record = EventRecord::undelivered(self.cfg.requeue);
                if record.place == Place::Unpublished {
                    self.hot.counters.published += 1;
                    record.place = Place::Scheduled;
                }
                record.attempts = 1;
                record.cycle_attempts = 1;
                events.push(record);
                1
            }
        };
        self.hot.counters.deliveries += 1;

        let (outcome, follow) = if !self.fails() {
            let effect = self.consume(event);
            self.acknowledge(event);
            (if effect { Outcome::Processed } else { Outcome::DiscardedAcked }, Follow::Done)
        } else if self.cfg.ack == AckTiming::Before {
            // Acked on receipt, then the consumer crashed: the broker deleted it.
            self.acknowledge(event);
            self.hot.counters.lost += 1;
            self.tables.events[index].last_failure = Some(FailureKind::CrashAfterAck);
            (Outcome::Failed { kind: FailureKind::CrashAfterAck, effect: false }, Follow::Done)
        } else {
            // Drawn only when the share is neither 0 nor 1, so the lesson-004
            // loop (share 1) keeps exactly one draw per delivery.
            let ack_lost = match self.cfg.ack_lost_share.ppm() {
                0 => false,
                Probability::SCALE_PPM => true,
                _ => crate::draws::chance_pcg(&mut self.hot.kind_rng, self.cfg.ack_lost_share),
            };
            let (kind, effect) =
                if ack_lost { (FailureKind::AckLost, self.consume(event)) } else { (FailureKind::RequestLost, false) };
            self.tables.events[index].last_failure = Some(kind);
            (Outcome::Failed { kind, effect }, self.retry_or_dead_letter(event))
        };
        let attempt = Attempt { at_ms: self.hot.now_ms, event, cycle_attempt, outcome, follow };
        self.hash_attempt(&attempt);
        if self.cfg.record_trace {
            self.tables.trace.push(attempt);
        }
        Some(attempt)
    }

    #[inline]
    fn acknowledge(&mut self, event: u32) {
        self.tables.set_place(event, Place::Acknowledged, self.hot.now_ms);
        self.hot.counters.acknowledged += 1;
    }

    fn retry_or_dead_letter(&mut self, event: u32) -> Follow {
        let (tables, hot) = (&mut *self.tables, &mut self.hot);
        let retry_n = u32::from(tables.events[event as usize].cycle_attempts); // the retry that would come next
        if retry_n > self.cfg.backoff.retries_max {
            tables.set_place(event, Place::DeadLettered, hot.now_ms);
            tables.dead_letters.push(event);
            hot.counters.dead_lettered += 1;
            return Follow::DeadLettered;
        }
        let previous_wait_ms = tables.previous_wait_ms.get(event as usize).copied().unwrap_or(0);
        let wait_ms = match self.cfg.requeue {
            Requeue::Immediate => 0,
            Requeue::Backoff => self.cfg.backoff.wait_ms(retry_n, previous_wait_ms, &mut hot.jitter_rng),
        };
        if let Some(previous) = tables.previous_wait_ms.get_mut(event as usize) {
            *previous = wait_ms;
        }
        let due_ms = hot.now_ms + wait_ms;
        tables.schedule(event, due_ms);
        Follow::RetryAt { due_ms }
    }

    #[inline]
    fn hash_attempt(&mut self, attempt: &Attempt) {
        let (outcome_code, follow_value) = (
            match attempt.outcome {
                Outcome::Processed => 1,
                Outcome::DiscardedAcked => 2,
                Outcome::Failed { kind, effect } => 3 + kind as u64 * 2 + u64::from(effect),
            },
            match attempt.follow {
                Follow::Done => 0,
                Follow::RetryAt { due_ms } => due_ms.wrapping_add(1),
                Follow::DeadLettered => u64::MAX,
            },
        );
        // The fields are mixed with independent multiplies (which run in
        // parallel), then folded into the running hash with one FNV-style
        // multiply: a single serial step per attempt keeps hashing off the
        // hot path of a 1M-message run.
        let packed = u64::from(attempt.event) | u64::from(attempt.cycle_attempt) << 32 | outcome_code << 56;
        let mixed = attempt.at_ms.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ packed.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ follow_value.wrapping_mul(0x1656_67B1_9E37_79F9).rotate_left(17);
        self.hot.trace_hash = (self.hot.trace_hash ^ mixed).wrapping_mul(FNV_PRIME).rotate_left(29);
    }
}

/// Where the published events are right now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub unpublished: u32,
    pub in_flight: u32,
    pub waiting: u32,
    pub acknowledged: u32,
    pub dead_lettered: u32,
}
