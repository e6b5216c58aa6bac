//! The hot path: the agenda, the per-event tables and the batch of deliveries.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use rand_mt::Mt;
use rand_pcg::Pcg32;

use super::config::{AckTiming, ConsumerMode, Requeue, SimConfig};
use super::plan::{Condition, Plan};
use super::record::{Attempt, Counters, EventRecord, FailureKind, Follow, Outcome, Place};
use crate::draws::{draw_below, python_random};
use crate::probability::Probability;

pub(super) const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// How many requeued events `touch_ahead` reads at once.
const TOUCH_AHEAD: usize = 8;

/// Reads the records of the next `TOUCH_AHEAD` requeued events, once every
/// `TOUCH_AHEAD` pops. Requeued events lie ~20 records apart in a table far
/// larger than the cache, so each one's record is a miss; one at a time, a
/// delivery waited for each (a quarter of a 1M-message run). These reads
/// depend on nothing, so the processor fetches the eight lines together:
/// measured natively 8.8-9.7 -> 7.5-7.8 ms, in wasm 51-64 -> 76-81 M
/// deliveries/s. Plain reads, not a prefetch instruction, so that wasm gains too.
#[inline(always)]
fn touch_ahead(events: &[EventRecord], requeued: &VecDeque<u32>) {
    let sum = requeued
        .range(..TOUCH_AHEAD.min(requeued.len()))
        .fold(0u32, |sum, &event| sum.wrapping_add(events.get(event as usize).map_or(0, |record| record.attempts)));
    std::hint::black_box(sum);
}

/// The next deliveries, in order.
#[derive(Clone)]
pub(super) enum Agenda {
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
pub(super) struct Hot {
    pub(super) counters: Counters,
    pub(super) trace_hash: u64,
    pub(super) now_ms: u64,
    pub(super) next_publication: u32,
    /// Decides failures in the PCG mode (the Python-compatible mode uses the
    /// engine's MT19937 instead).
    pub(super) failure_rng: Pcg32,
    pub(super) kind_rng: Pcg32,
    pub(super) jitter_rng: Pcg32,
}

/// Per-event tables and the agenda: what a delivery updates in place.
#[derive(Clone)]
pub(super) struct Tables {
    /// Records of the events delivered at least once. First deliveries happen
    /// in index order, so this is always a prefix; a record is written when
    /// its event is first delivered, while it is hot in cache, instead of all
    /// of them up front.
    pub(super) events: Vec<EventRecord>,
    pub(super) agenda: Agenda,
    /// Idempotent consumer's processed-id store, one bit per distinct id.
    pub(super) processed_ids: Vec<u64>,
    /// The time that goes with each delivered event's place (due time while
    /// scheduled, entry time once acknowledged or dead-lettered). Only
    /// nonzero times are ever stored, so the lesson-004 broker, where no time
    /// passes, never allocates it; beyond its end, times are 0.
    pub(super) place_ms: Vec<u64>,
    /// Each event's previous wait, kept only for decorrelated jitter (the one
    /// strategy that needs it), so other runs carry no such memory.
    pub(super) previous_wait_ms: Vec<u64>,
    pub(super) dead_letters: Vec<u32>,
    pub(super) trace: Vec<Attempt>,
}

impl Tables {
    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn set_place(&mut self, event: u32, place: Place, at_ms: u64) {
        let index = event as usize;
        self.events[index].place = place;
        if at_ms != 0 || index < self.place_ms.len() {
            if index >= self.place_ms.len() {
                self.place_ms.resize(index + 1, 0);
            }
            self.place_ms[index] = at_ms;
        }
    }

    // With `fast-loop` inlined too (out of line, the batch escaped to them
    // and its hot state stayed in memory: ~10 % on a 1M-message run); in the
    // pages, left out of line (size).
    #[cfg_attr(feature = "fast-loop", inline(always))]
    pub(super) fn schedule(&mut self, event: u32, due_ms: u64) {
        self.set_place(event, Place::Scheduled, due_ms);
        match &mut self.agenda {
            Agenda::Fifo { requeued } => requeued.push_back(event),
            Agenda::Timed { heap, sequence } => {
                *sequence += 1;
                heap.push(Reverse((due_ms, *sequence, event)));
            }
        }
    }

    pub(super) fn next_due_ms(&self, cfg: &SimConfig, hot: &Hot) -> Option<u64> {
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

// With the `fast-loop` feature (the CLI, the benches, the core's own tests,
// native and wasm) the per-delivery helpers are always inlined into the
// loop (the hot state then stays in registers; measured 9.4 -> 8.8-9.2 ms
// for a 1M-message run); the pages build without it and leave them to the
// optimiser (size).

/// Deliveries in progress: the engine's hot state copied into locals, its
/// tables borrowed. `end` writes the hot state back. One `Batch` serves a
/// single step of the page and a 1M-message run of the CLI alike, so both
/// run the very same code.
pub(super) struct Batch<'e> {
    pub(super) cfg: SimConfig,
    pub(super) hot: Hot,
    pub(super) published_total: u32,
    pub(super) failure_threshold_2_32: u64,
    pub(super) failure_threshold: f64,
    pub(super) tables: &'e mut Tables,
    pub(super) python_mt: Option<&'e mut Mt>,
    pub(super) hot_home: &'e mut Hot,
    /// `None` when the plan is empty: chance alone decides, one branch.
    pub(super) plan: Option<&'e Plan>,
    pub(super) fixed_from_ms: u64,
}

impl Batch<'_> {
    pub(super) fn end(self) {
        *self.hot_home = self.hot;
    }

    /// Exactly one draw per delivery, whatever `p` is: raising the failure
    /// probability only ever adds failures to the same run.
    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn fails(&mut self) -> bool {
        match &mut self.python_mt {
            None => draw_below(&mut self.hot.failure_rng, self.failure_threshold_2_32),
            Some(mt) => python_random(mt) < self.failure_threshold,
        }
    }

    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn pop_next(&mut self) -> Option<u32> {
        let hot = &mut self.hot;
        let unpublished = hot.next_publication < self.published_total;
        let Tables { agenda, events, .. } = &mut *self.tables;
        match agenda {
            Agenda::Fifo { requeued } => {
                if unpublished {
                    hot.next_publication += 1;
                    Some(hot.next_publication - 1)
                } else {
                    if hot.counters.deliveries.is_multiple_of(TOUCH_AHEAD as u64) {
                        touch_ahead(events, requeued);
                    }
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
    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn consume(&mut self, event: u32) -> bool {
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
    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn step(&mut self) -> Option<Attempt> {
        self.step_with::<true>()
    }

    /// `step`, compiled without the plan's check when `PLANNED` is false:
    /// a big run with no plan loops over that one.
    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn step_with<const PLANNED: bool>(&mut self) -> Option<Attempt> {
        let event = self.pop_next()?;
        let index = event as usize;
        let events = &mut self.tables.events;
        let (cycle_attempt, manual) = match events.get_mut(index) {
            Some(record) => {
                record.attempts += 1;
                record.cycle_attempts += 1;
                (u32::from(record.cycle_attempts), record.manual_retries > 0)
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
                (1, false)
            }
        };
        self.hot.counters.deliveries += 1;

        // Chance is drawn for every delivery, whatever a plan says, so an
        // outage or a fix changes those deliveries only, never which later
        // ones fail: the streams stay aligned with the run without a plan.
        // Without a plan, chance alone, written out in full: this shape
        // measured fastest (the hot state stays in registers).
        let plan = if PLANNED { self.plan } else { None };
        let (outcome, follow) = if let Some(plan) = plan {
            let drawn_failure = self.fails();
            self.deliver_planned(plan, event, drawn_failure)
        } else if !self.fails() {
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
        let attempt = Attempt { at_ms: self.hot.now_ms, event, cycle_attempt, outcome, follow, manual };
        self.hash_attempt(&attempt);
        if self.cfg.record_trace {
            self.tables.trace.push(attempt);
        }
        Some(attempt)
    }

    /// A delivery under a plan: an outage fails it, a fix lets it through,
    /// otherwise chance decides as without a plan. Out of line: kept out of
    /// the body of `step`, which a big run inlines into its loop.
    #[cold]
    #[inline(never)]
    fn deliver_planned(&mut self, plan: &Plan, event: u32, drawn_failure: bool) -> (Outcome, Follow) {
        match (plan.condition_at(self.fixed_from_ms, self.hot.now_ms), drawn_failure) {
            (Condition::Normal, false) => self.deliver_ok(event),
            (Condition::Normal, true) => self.deliver_failed(event),
            (Condition::Fixed, drawn) => {
                if drawn {
                    self.draw_ack_lost(); // the kind draw the failure would have made
                }
                self.deliver_ok(event)
            }
            (Condition::Down, drawn) => {
                if drawn {
                    self.draw_ack_lost();
                }
                self.fail_with(event, FailureKind::RequestLost, false)
            }
        }
    }

    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn deliver_ok(&mut self, event: u32) -> (Outcome, Follow) {
        let effect = self.consume(event);
        self.acknowledge(event);
        (if effect { Outcome::Processed } else { Outcome::DiscardedAcked }, Follow::Done)
    }

    /// A failure drawn by chance: a crash after an early ack, a lost ack or
    /// a lost request.
    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn deliver_failed(&mut self, event: u32) -> (Outcome, Follow) {
        if self.cfg.ack == AckTiming::Before {
            // Acked on receipt, then the consumer crashed: the broker deleted it.
            self.acknowledge(event);
            self.hot.counters.lost += 1;
            self.tables.events[event as usize].last_failure = Some(FailureKind::CrashAfterAck);
            return (Outcome::Failed { kind: FailureKind::CrashAfterAck, effect: false }, Follow::Done);
        }
        if self.draw_ack_lost() {
            let effect = self.consume(event);
            self.fail_with(event, FailureKind::AckLost, effect)
        } else {
            self.fail_with(event, FailureKind::RequestLost, false)
        }
    }

    /// Whether a failure is a lost ack. Drawn only when the share is neither
    /// 0 nor 1, so the lesson-004 loop (share 1) keeps exactly one draw per
    /// delivery; and only with ack after processing (before, a failure is a
    /// crash after the ack).
    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn draw_ack_lost(&mut self) -> bool {
        if self.cfg.ack == AckTiming::Before {
            return false;
        }
        match self.cfg.ack_lost_share.ppm() {
            0 => false,
            Probability::SCALE_PPM => true,
            _ => crate::draws::chance_pcg(&mut self.hot.kind_rng, self.cfg.ack_lost_share),
        }
    }

    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn fail_with(&mut self, event: u32, kind: FailureKind, effect: bool) -> (Outcome, Follow) {
        self.tables.events[event as usize].last_failure = Some(kind);
        (Outcome::Failed { kind, effect }, self.retry_or_dead_letter(event))
    }

    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn acknowledge(&mut self, event: u32) {
        self.tables.set_place(event, Place::Acknowledged, self.hot.now_ms);
        self.hot.counters.acknowledged += 1;
    }

    // With `fast-loop` inlined too (out of line, the batch escaped to them
    // and its hot state stayed in memory: ~10 % on a 1M-message run); in the
    // pages, left out of line (size).
    #[cfg_attr(feature = "fast-loop", inline(always))]
    pub(super) fn retry_or_dead_letter(&mut self, event: u32) -> Follow {
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

    #[cfg_attr(feature = "fast-loop", inline(always))]
    #[cfg_attr(not(feature = "fast-loop"), inline)]
    pub(super) fn hash_attempt(&mut self, attempt: &Attempt) {
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
