//! Lesson 003's backpressure (with lesson 004's figure): a producer faster
//! than its consumer, and a buffer between them that is unbounded or bounded
//! with a policy. Unbounded, the buffer grows until the process's memory is
//! gone; bounded, the excess is dropped (newest or oldest) or the producer
//! is slowed, and each is counted.
//!
//! Second by second, in whole messages: each second the producer offers
//! `in_per_s` messages (the policy decides what enters), then the consumer
//! takes up to `out_per_s`. No randomness: the same config, the same run.

/// What a bounded buffer does with a message that does not fit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Policy {
    /// No bound: memory grows until the process dies.
    #[default]
    Unbounded,
    /// The producer waits for room (it produces less).
    SlowProducer,
    /// The arriving message is dropped.
    DropNewest,
    /// The oldest waiting message is dropped to make room.
    DropOldest,
}

impl Policy {
    pub const ALL: [Policy; 4] = [Policy::Unbounded, Policy::SlowProducer, Policy::DropNewest, Policy::DropOldest];

    pub const fn code(self) -> &'static str {
        match self {
            Policy::Unbounded => "unbounded",
            Policy::SlowProducer => "slow",
            Policy::DropNewest => "drop-newest",
            Policy::DropOldest => "drop-oldest",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferConfig {
    pub in_per_s: u64,
    pub out_per_s: u64,
    pub duration_s: u64,
    pub policy: Policy,
    /// The bound, in messages (ignored when unbounded).
    pub capacity: u64,
    pub message_bytes: u64,
    /// The process dies when the buffer needs more than this.
    pub memory_bytes: u64,
}

/// Page and CLI bounds.
pub const DURATION_S_MAX: u64 = 7 * 86_400;
pub const RATE_MAX: u64 = 1_000_000;

impl Default for BufferConfig {
    /// Lesson 004's figure: 116 messages a second in, 100 out, for a day,
    /// unbounded, 1 KiB a message, 512 MiB of memory.
    fn default() -> Self {
        Self {
            in_per_s: 116,
            out_per_s: 100,
            duration_s: 86_400,
            policy: Policy::Unbounded,
            capacity: 10_000,
            message_bytes: 1_024,
            memory_bytes: 512 << 20,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BufferCounters {
    /// Messages that entered the buffer.
    pub accepted: u64,
    pub consumed: u64,
    pub dropped_newest: u64,
    pub dropped_oldest: u64,
    /// Messages the producer did not produce while it waited for room.
    pub held_back: u64,
    pub queue_max: u64,
    /// Left in the buffer at the end (or at the crash).
    pub queue_end: u64,
    /// The second the buffer outgrew the memory: the process died there.
    pub died_at_s: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferRun {
    pub config: BufferConfig,
    pub counters: BufferCounters,
    /// The queue length at the end of each second, sampled down to at most
    /// `SAMPLES_MAX` points (each the largest length in its stretch).
    pub queue_samples: Vec<u64>,
    /// Seconds per sample.
    pub sample_s: u64,
}

pub const SAMPLES_MAX: u64 = 240;

impl BufferRun {
    pub fn new(config: BufferConfig) -> Self {
        let duration_s = config.duration_s.clamp(1, DURATION_S_MAX);
        let sample_s = duration_s.div_ceil(SAMPLES_MAX);
        let mut c = BufferCounters::default();
        let mut queue = 0u64;
        let mut samples = Vec::with_capacity(SAMPLES_MAX as usize);
        let mut sample_max = 0;
        for second in 0..duration_s {
            queue = arrive(&config, queue, &mut c);
            let served = queue.min(config.out_per_s);
            queue -= served;
            c.consumed += served;
            c.queue_max = c.queue_max.max(queue);
            sample_max = sample_max.max(queue);
            if (second + 1) % sample_s == 0 || second + 1 == duration_s {
                samples.push(sample_max);
                sample_max = 0;
            }
            if queue.saturating_mul(config.message_bytes) > config.memory_bytes {
                c.died_at_s = Some(second + 1);
                if samples.len() as u64 * sample_s <= second {
                    samples.push(sample_max.max(queue));
                }
                break;
            }
        }
        c.queue_end = queue;
        Self { config, counters: c, queue_samples: samples, sample_s }
    }

    /// Net growth per second while the consumer keeps up at its rate.
    pub fn growth_per_s(&self) -> i64 {
        self.config.in_per_s as i64 - self.config.out_per_s as i64
    }
}

/// One second's arrivals through the policy; returns the new queue length.
/// The consumer takes its share while they arrive, so a bound holds what
/// waits after it: a second has room for the bound and the consumer's rate
/// (a bound under that rate never starves the consumer: 50 slots and 100/s
/// out still pass 100 a second).
fn arrive(config: &BufferConfig, queue: u64, c: &mut BufferCounters) -> u64 {
    let offered = config.in_per_s;
    let bound = config.capacity.saturating_add(config.out_per_s);
    let room = bound.saturating_sub(queue);
    match config.policy {
        Policy::Unbounded => {
            c.accepted += offered;
            queue + offered
        }
        Policy::SlowProducer | Policy::DropNewest => {
            let accepted = offered.min(room);
            c.accepted += accepted;
            if config.policy == Policy::SlowProducer {
                c.held_back += offered - accepted;
            } else {
                c.dropped_newest += offered - accepted;
            }
            queue + accepted
        }
        Policy::DropOldest => {
            c.accepted += offered;
            let over = (queue + offered).saturating_sub(bound);
            c.dropped_oldest += over;
            queue + offered - over
        }
    }
}

/// Checks that every message is accounted for: what entered was consumed,
/// dropped from the front, or is still waiting.
pub fn check_conservation(run: &BufferRun) -> Result<(), String> {
    let c = &run.counters;
    if c.accepted != c.consumed + c.dropped_oldest + c.queue_end {
        return Err(format!(
            "accepted {} ≠ consumed {} + dropped oldest {} + waiting {}",
            c.accepted, c.consumed, c.dropped_oldest, c.queue_end
        ));
    }
    if run.config.policy != Policy::Unbounded && c.queue_max > run.config.capacity {
        return Err(format!("queue reached {} over its bound {}", c.queue_max, run.config.capacity));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lesson_004_sixteen_a_second_is_about_1_4_million_a_day() {
        let run = BufferRun::new(BufferConfig { memory_bytes: u64::MAX, ..BufferConfig::default() });
        assert_eq!(run.growth_per_s(), 16);
        assert_eq!(run.counters.queue_end, 1_382_400);
        assert_eq!(run.counters.died_at_s, None);
        assert_eq!(check_conservation(&run), Ok(()));
    }

    #[test]
    fn unbounded_dies_when_memory_runs_out() {
        // 512 MiB of 1 KiB messages: 524,288 fit; at +16 a second the
        // 524,289th arrives in second 32,769.
        let run = BufferRun::new(BufferConfig::default());
        assert_eq!(run.counters.died_at_s, Some(32_769));
        assert_eq!(check_conservation(&run), Ok(()));
    }

    #[test]
    fn bounded_policies_count_what_they_refuse() {
        let bounded = |policy| {
            BufferRun::new(BufferConfig { policy, capacity: 1_000, duration_s: 3_600, ..BufferConfig::default() })
        };
        for policy in [Policy::SlowProducer, Policy::DropNewest, Policy::DropOldest] {
            let run = bounded(policy);
            assert_eq!(check_conservation(&run), Ok(()), "{policy:?}");
            assert_eq!(run.counters.died_at_s, None);
            assert_eq!(run.counters.consumed, 360_000, "{policy:?}: the consumer never idles");
            // 16 a second over the hour, less the 1,000 waiting at the end
            // (the buffer full, the consumer taking 100 a second).
            let refused = run.counters.held_back + run.counters.dropped_newest + run.counters.dropped_oldest;
            assert_eq!(refused, 16 * 3_600 - 1_000, "{policy:?}");
            assert_eq!((run.counters.queue_max, run.counters.queue_end), (1_000, 1_000));
        }
        assert_eq!(bounded(Policy::SlowProducer).counters.accepted, 361_000);
        assert_eq!(bounded(Policy::DropOldest).counters.accepted, 417_600);
    }

    #[test]
    fn a_day_bounded_at_ten_thousand() {
        for policy in [Policy::DropOldest, Policy::SlowProducer] {
            let c = BufferRun::new(BufferConfig { policy, capacity: 10_000, ..BufferConfig::default() }).counters;
            assert_eq!(
                (c.dropped_oldest + c.held_back, c.queue_end, c.died_at_s),
                (1_372_400, 10_000, None),
                "{policy:?}"
            );
        }
    }

    /// A bound smaller than what the consumer takes a second bounds what
    /// waits, never the throughput: 116 in, 100 out, 50 slots still pass
    /// 100 a second (they passed 50, and the consumer idled half the time).
    #[test]
    fn a_small_bound_never_starves_the_consumer() {
        for policy in [Policy::SlowProducer, Policy::DropNewest, Policy::DropOldest] {
            for capacity in [1, 50, 99, 100] {
                let run =
                    BufferRun::new(BufferConfig { policy, capacity, duration_s: 3_600, ..BufferConfig::default() });
                assert_eq!(run.counters.consumed, 360_000, "{policy:?}, {capacity} slots");
                assert_eq!(run.counters.queue_end, capacity, "{policy:?}, {capacity} slots");
                assert_eq!(check_conservation(&run), Ok(()));
            }
        }
    }

    #[test]
    fn a_consumer_that_keeps_up_leaves_nothing() {
        let run = BufferRun::new(BufferConfig { in_per_s: 90, ..BufferConfig::default() });
        assert_eq!((run.counters.queue_max, run.counters.queue_end), (0, 0));
    }

    #[test]
    fn the_checker_fails_on_a_lost_message() {
        let mut run = BufferRun::new(BufferConfig { duration_s: 10, ..BufferConfig::default() });
        run.counters.consumed -= 1;
        assert!(check_conservation(&run).is_err());
        let mut run = BufferRun::new(BufferConfig {
            policy: Policy::DropNewest,
            capacity: 5,
            duration_s: 10,
            ..BufferConfig::default()
        });
        run.counters.queue_max = 6;
        assert!(check_conservation(&run).is_err());
    }

    #[test]
    fn samples_cover_the_run() {
        let run = BufferRun::new(BufferConfig { memory_bytes: u64::MAX, ..BufferConfig::default() });
        assert_eq!(run.sample_s, 360);
        assert_eq!(run.queue_samples.len(), 240);
        assert_eq!(run.queue_samples.last(), Some(&1_382_400));
    }
}
