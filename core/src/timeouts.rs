//! Lesson 003's timeouts and bulkheads. A service calls two dependencies, A
//! (slow) and B (healthy), each request on a worker from a pool; its caller
//! waits at most `deadline_ms` (lesson 004's request life: 300 ms). Each call
//! has a timeout: the worker is held for min(latency, timeout). When the
//! timeout is not shorter than the caller's deadline, work goes on after
//! nobody waits for it: that time is counted as wasted. The pool is shared
//! by both dependencies or split in two (bulkheads): a slow A starves B only
//! when they share it.
//!
//! Requests arrive evenly spaced (A first at equal times); integer
//! milliseconds; no randomness.

/// Page and CLI bounds.
pub const WORKERS_MAX: u32 = 200;
pub const RATE_MAX: u32 = 500;
pub const DURATION_S_MAX: u64 = 120;
pub const LATENCY_MS_MAX: u64 = 60_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PoolConfig {
    pub deadline_ms: u64,
    pub timeout_ms: u64,
    /// Latency of each dependency, A then B.
    pub latency_ms: [u64; 2],
    /// Requests per second to each dependency.
    pub rate_per_s: [u32; 2],
    pub workers: u32,
    /// Bulkheads: half the workers for each dependency (A gets the odd one).
    pub separate_pools: bool,
    pub duration_s: u64,
}

impl Default for PoolConfig {
    /// A slow A (2 s) and a healthy B (50 ms) behind 20 shared workers, a
    /// caller that gives up at 300 ms, and a timeout (10 s) far above it.
    fn default() -> Self {
        Self {
            deadline_ms: 300,
            timeout_ms: 10_000,
            latency_ms: [2_000, 50],
            rate_per_s: [10, 50],
            workers: 20,
            separate_pools: false,
            duration_s: 10,
        }
    }
}

/// What became of the requests to one dependency.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DependencyCounters {
    pub requests: u64,
    /// Answered within the caller's deadline.
    pub in_time: u64,
    /// The call's timeout cut it (the caller got an error, in time or not).
    pub timed_out: u64,
    /// Answered after the caller had given up.
    pub too_late: u64,
    /// No worker free: refused at once.
    pub rejected: u64,
    /// Worker time spent after the caller had given up, ms.
    pub wasted_ms: u64,
    /// When the first request found no worker free (the pool was full).
    pub first_rejected_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolRun {
    pub config: PoolConfig,
    pub counters: [DependencyCounters; 2],
    /// Busy workers per dependency, every 100 ms.
    pub busy_samples: Vec<[u32; 2]>,
}

pub const SAMPLE_MS: u64 = 100;

impl PoolRun {
    pub fn new(config: PoolConfig) -> Self {
        let workers = config.workers.clamp(1, WORKERS_MAX) as usize;
        // Each worker: (busy until, serving which dependency).
        let mut pool: Vec<(u64, usize)> = vec![(0, 0); workers];
        // With bulkheads, the first half of the workers serve A, the rest B.
        let owner = |w: usize| config.separate_pools.then(|| usize::from(w >= workers.div_ceil(2)));
        let mut counters = [DependencyCounters::default(); 2];
        let mut samples = Vec::new();
        let end_ms = config.duration_s.min(DURATION_S_MAX) * 1_000;
        for (at_ms, dep) in arrivals(&config, end_ms) {
            sample_until(&mut samples, &pool, at_ms);
            let c = &mut counters[dep];
            c.requests += 1;
            let free = (0..workers).find(|&w| pool[w].0 <= at_ms && owner(w).is_none_or(|o| o == dep));
            let Some(w) = free else {
                c.rejected += 1;
                c.first_rejected_ms.get_or_insert(at_ms);
                continue;
            };
            let latency = config.latency_ms[dep];
            let held_ms = latency.min(config.timeout_ms);
            pool[w] = (at_ms + held_ms, dep);
            if latency > config.timeout_ms {
                c.timed_out += 1;
            } else if latency <= config.deadline_ms {
                c.in_time += 1;
            } else {
                c.too_late += 1;
            }
            c.wasted_ms += held_ms.saturating_sub(config.deadline_ms);
        }
        sample_until(&mut samples, &pool, end_ms);
        Self { config, counters, busy_samples: samples }
    }
}

/// Requests to A and B, evenly spaced from 0, in time order (A first at equal times).
fn arrivals(config: &PoolConfig, end_ms: u64) -> Vec<(u64, usize)> {
    let mut all: Vec<(u64, usize)> = (0..2)
        .flat_map(|dep| {
            let rate = u64::from(config.rate_per_s[dep].min(RATE_MAX));
            (0..rate * end_ms / 1_000).map(move |k| (k * 1_000 / rate.max(1), dep))
        })
        .collect();
    all.sort_unstable();
    all
}

/// Samples the busy workers every `SAMPLE_MS` up to and including `t_ms`.
fn sample_until(samples: &mut Vec<[u32; 2]>, pool: &[(u64, usize)], t_ms: u64) {
    while samples.len() as u64 * SAMPLE_MS <= t_ms {
        samples.push(busy_at(pool, samples.len() as u64 * SAMPLE_MS));
    }
}

fn busy_at(pool: &[(u64, usize)], t_ms: u64) -> [u32; 2] {
    let mut busy = [0u32; 2];
    for &(until, dep) in pool {
        if until > t_ms {
            busy[dep] += 1;
        }
    }
    busy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_dependency_starves_the_healthy_one_in_a_shared_pool() {
        let run = PoolRun::new(PoolConfig::default());
        let [a, b] = run.counters;
        // A: 10 a second for 10 s, each holding a worker 2 s: 20 workers are
        // all A's from 1.9 s on; every answer comes after the 300 ms deadline.
        assert_eq!((a.requests, a.in_time, a.too_late), (100, 0, a.requests - a.rejected));
        assert_eq!(a.wasted_ms, (a.requests - a.rejected) * 1_700);
        assert_eq!((b.requests, b.in_time, b.rejected), (500, 89, 411), "B starves");
        // At 3 s (sampled before that instant's arrivals) A holds 19 or 20 of them, B none.
        assert!(run.busy_samples[30][0] >= 19 && run.busy_samples[30][1] == 0, "{:?}", run.busy_samples[30]);
    }

    #[test]
    fn bulkheads_keep_the_healthy_dependency_served() {
        let run = PoolRun::new(PoolConfig { separate_pools: true, ..PoolConfig::default() });
        let [a, b] = run.counters;
        assert_eq!((b.requests, b.in_time, b.rejected), (500, 500, 0));
        assert_eq!((a.rejected, a.wasted_ms), (50, 85_000), "A waits on its own 10 workers");
    }

    #[test]
    fn a_timeout_below_the_deadline_wastes_nothing_and_frees_the_pool() {
        let run = PoolRun::new(PoolConfig { timeout_ms: 250, ..PoolConfig::default() });
        let [a, b] = run.counters;
        assert_eq!((a.timed_out, a.wasted_ms), (100, 0));
        assert_eq!((b.in_time, b.rejected), (500, 0));
    }

    #[test]
    fn every_request_has_one_outcome() {
        for separate_pools in [false, true] {
            for timeout_ms in [100, 300, 1_000, 10_000] {
                let run = PoolRun::new(PoolConfig { separate_pools, timeout_ms, ..PoolConfig::default() });
                for c in run.counters {
                    assert_eq!(
                        c.in_time + c.timed_out + c.too_late + c.rejected,
                        c.requests,
                        "{timeout_ms} {separate_pools}"
                    );
                }
                let workers = run.config.workers;
                assert!(run.busy_samples.iter().all(|[a, b]| a + b <= workers));
            }
        }
    }
}
