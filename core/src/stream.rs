//! Lesson 004's event streams, as arithmetic and small models: which
//! partition a key goes to (CRC-32 as Python's `zlib.crc32`, murmur2 as
//! Kafka's Java client), how a consumer group shares partitions and how fast
//! a lag drains (what a sink counts across a rebalance is `consumer_group`'s). Rates are modelled, not simulated
//! message by message: the lesson's scales (1.2 M behind at 20,000/s) then
//! cost nothing to recompute.

/// The hash a producer's client library applies to a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyHash {
    /// `zlib.crc32(key) % P` (confluent-kafka's default, the lesson's Python).
    Crc32,
    /// `toPositive(murmur2(key)) % P` (Kafka's Java client).
    Murmur2,
}

/// zlib's CRC-32 (ISO-HDLC), one 256-entry table.
const ZLIB_CRC32: crc::Crc<u32, crc::Table<1>> = crc::Crc::<u32, crc::Table<1>>::new(&crc::CRC_32_ISO_HDLC);

/// Kafka's `Utils.murmur2`, as a signed 32-bit value (its tests print it so).
pub fn kafka_murmur2(key: &[u8]) -> i32 {
    murmur2::murmur2(key, murmur2::KAFKA_SEED) as i32
}

/// The number a client takes the partition from (before `% P`): zlib's
/// CRC-32, or murmur2 with its sign bit cleared (Kafka's `toPositive`).
pub fn key_hash(key: &[u8], hash: KeyHash) -> u32 {
    match hash {
        KeyHash::Crc32 => ZLIB_CRC32.checksum(key),
        KeyHash::Murmur2 => kafka_murmur2(key) as u32 & 0x7fff_ffff,
    }
}

/// The partition of a key among `partitions` (at least 1).
pub fn partition_of(key: &[u8], partitions: u32, hash: KeyHash) -> u32 {
    key_hash(key, hash) % partitions.max(1)
}

/// Where each event of a keyed sequence lands: (partition, offset).
pub fn append(keys: &[&str], partitions: u32, hash: KeyHash) -> Vec<(u32, u64)> {
    let mut ends = vec![0u64; partitions.max(1) as usize];
    keys.iter()
        .map(|key| {
            let p = partition_of(key.as_bytes(), partitions, hash);
            let offset = ends[p as usize];
            ends[p as usize] += 1;
            (p, offset)
        })
        .collect()
}

/// A group's consumers over a topic's partitions: each partition has one
/// consumer; consumers beyond the partitions sit idle.
pub const fn group(partitions: u32, consumers: u32) -> (u32, u32) {
    let active = if consumers < partitions { consumers } else { partitions };
    (active, consumers - active)
}

/// How a lag drains: the group consumes at most one consumer per partition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CatchUp {
    pub consume_per_s: u64,
    /// Consumption above arrivals (0 when it does not keep up).
    pub spare_per_s: u64,
    /// None: it never catches up.
    pub catch_up_s: Option<f64>,
}

pub fn catch_up(partitions: u32, consumers: u32, per_consumer_per_s: u64, arrival_per_s: u64, behind: u64) -> CatchUp {
    let consume_per_s = u64::from(group(partitions, consumers).0) * per_consumer_per_s;
    let spare_per_s = consume_per_s.saturating_sub(arrival_per_s);
    let catch_up_s = match (behind, spare_per_s) {
        (0, _) => Some(0.0),
        (_, 0) => None,
        (n, spare) => Some(n as f64 / spare as f64),
    };
    CatchUp { consume_per_s, spare_per_s, catch_up_s }
}

/// Lesson 004's lag alert: the lag in time (messages behind ÷ arrivals)
/// above a threshold, held for a while before it fires («lag > ≈ 60 s
/// sostenido 5 minutos»), and clearing when the lag is back under it. The lag
/// moves in a straight line (down at the spare rate, or up at the deficit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LagAlert {
    /// When it fires, s from now; None: the lag is never above the threshold
    /// for the whole hold.
    pub fires_at_s: Option<f64>,
    /// When it clears after firing; None: it stays on.
    pub clears_at_s: Option<f64>,
}

/// `above_for_s`: how long the lag has already been above the threshold at
/// «now» (the time it took to build up counts toward the hold; 0: not
/// above before now). Its instants may then be negative: before «now».
pub fn lag_alert(
    behind: u64,
    arrival_per_s: u64,
    consume_per_s: u64,
    (threshold_s, hold_s): (u64, u64),
    above_for_s: f64,
) -> LagAlert {
    let quiet = LagAlert { fires_at_s: None, clears_at_s: None };
    if arrival_per_s == 0 {
        return quiet;
    }
    let (behind, threshold) = (behind as f64, threshold_s as f64 * arrival_per_s as f64);
    let shrink_per_s = consume_per_s as f64 - arrival_per_s as f64;
    // [from, until) is when the lag is above the threshold.
    let (from_s, until_s) = if shrink_per_s > 0.0 {
        if behind <= threshold {
            return quiet;
        }
        (-above_for_s, Some((behind - threshold) / shrink_per_s))
    } else if behind > threshold {
        (-above_for_s, None)
    } else if shrink_per_s < 0.0 {
        ((threshold - behind) / -shrink_per_s, None)
    } else {
        return quiet;
    };
    let fires_at_s = from_s + hold_s as f64;
    match until_s {
        Some(until) if until <= fires_at_s => quiet,
        clears_at_s => LagAlert { fires_at_s: Some(fires_at_s), clears_at_s },
    }
}

/// Lesson 004's capacity arithmetic.
pub mod capacity {
    /// C01's traffic as the units lesson counted it: photos a day, and the
    /// factor of the peak hour (20 h) over the mean.
    pub const C01_PER_DAY: u64 = 10_000_000;
    pub const C01_PEAK_FACTOR: u64 = 3;

    /// A day's count as a rate, to the nearest unit: 10 M → 116/s.
    pub fn per_second(per_day: u64) -> u64 {
        (per_day + 43_200) / 86_400
    }

    /// The peak the lesson quotes: the mean rate times the factor, to the
    /// nearest ten (≈ 347 → 350/s), its «≈».
    pub fn peak_per_second(per_day: u64, factor: u64) -> u64 {
        (per_day * factor / 86_400 + 5) / 10 * 10
    }

    /// A consumer down `down_s` while `arrival_per_s` keep coming: the backlog,
    /// and how long `service_per_s` takes to drain it (None: never).
    pub fn backlog(arrival_per_s: u64, down_s: u64, service_per_s: u64) -> (u64, Option<f64>) {
        let backlog = arrival_per_s * down_s;
        let spare = service_per_s.saturating_sub(arrival_per_s);
        (backlog, (spare > 0).then(|| backlog as f64 / spare as f64))
    }

    /// A peak of `arrival_per_s` for `seconds` against `workers` of
    /// `per_worker_per_s`: the workers a synchronous design needs (one per
    /// request in flight), what a queue holds at the peak's end, and how long
    /// the last one in it waits.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Peak {
        pub sync_workers: u64,
        pub backlog: u64,
        /// None: nobody serves the queue.
        pub last_wait_s: Option<u64>,
    }

    pub fn peak(arrival_per_s: u64, seconds: u64, workers: u64, per_worker_per_s: u64) -> Peak {
        let service_per_s = workers * per_worker_per_s;
        let backlog = arrival_per_s.saturating_sub(service_per_s) * seconds;
        Peak {
            sync_workers: arrival_per_s.div_ceil(per_worker_per_s.max(1)),
            backlog,
            last_wait_s: (service_per_s > 0).then(|| backlog.div_ceil(service_per_s)),
        }
    }

    /// Little's law: the wait W = L ÷ λ, in the units of λ's time.
    pub fn little_wait(arrival_per_unit: f64, waiting: f64) -> Option<f64> {
        (arrival_per_unit > 0.0).then(|| waiting / arrival_per_unit)
    }

    /// KEDA's queue-length scaler: workers wanted for `messages` at
    /// `queue_length` per worker, capped at `max_workers`; and how long the
    /// last of `messages` arriving at once waits for its turn, at `job_s` a job.
    pub fn keda(messages: u64, queue_length: u64, job_s: u64, max_workers: u64) -> (u64, u64) {
        let wanted = messages.div_ceil(queue_length.max(1));
        let workers = wanted.min(max_workers.max(1)).max(1);
        (wanted, messages.div_ceil(workers) * job_s)
    }

    /// The same burst as the workers take it, in rounds: worker `lane`
    /// (from 0) takes messages lane, lane + workers, …, so it runs
    /// ⌈(messages − lane) ÷ workers⌉ jobs, and the first lane the most.
    pub fn burst_jobs(messages: u64, workers: u64, lane: u64) -> u64 {
        messages.saturating_sub(lane).div_ceil(workers.max(1))
    }

    /// How many of the burst are finished `at_s` in: whole rounds of
    /// `workers` jobs, `job_s` each.
    pub fn burst_done(messages: u64, workers: u64, job_s: u64, at_s: u64) -> u64 {
        (at_s / job_s.max(1)).saturating_mul(workers).min(messages)
    }

    /// A queue as a fluid (rates, not messages: a day at 116/s is 10 M
    /// messages, and a rate model answers in microseconds whatever the
    /// scale): `peak_per_s` arrive during the first `peak_s`, `mean_per_s`
    /// after; the workers serve `service_per_s`, except while they are down
    /// (the first `down_s`). Time is in whole seconds.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Fluid {
        pub mean_per_s: u64,
        pub peak_per_s: u64,
        pub peak_s: u64,
        pub down_s: u64,
        pub service_per_s: u64,
    }

    /// What the fluid queue does.
    #[derive(Clone, Debug, PartialEq)]
    pub struct FluidRun {
        /// (second, depth) where the rates change, then where it empties or
        /// the span ends: depth is linear between them.
        pub depth: Vec<(u64, u64)>,
        /// The deepest point (second, depth).
        pub peak: (u64, u64),
        /// When the queue empties after its deepest point (None: never).
        pub drained_at_s: Option<u64>,
        pub span_s: u64,
        pub fluid: Fluid,
    }

    impl Fluid {
        fn arrivals_at(&self, t: u64) -> u64 {
            if t < self.peak_s {
                self.peak_per_s
            } else {
                self.mean_per_s
            }
        }
        fn service_at(&self, t: u64) -> u64 {
            if t < self.down_s {
                0
            } else {
                self.service_per_s
            }
        }

        /// The depth over time, until it empties (and a quarter more) or,
        /// if it never does, for a day after the last change.
        pub fn run(&self) -> FluidRun {
            let changes = self.peak_s.max(self.down_s);
            let mut depth = vec![(0u64, 0u64)];
            let mut marks: Vec<u64> = [self.peak_s.min(self.down_s), changes].into_iter().filter(|&t| t > 0).collect();
            marks.dedup();
            let mut q: u64 = 0;
            let mut t = 0;
            for &mark in &marks {
                q = step(q, self.arrivals_at(t), self.service_at(t), mark - t);
                t = mark;
                depth.push((t, q));
            }
            let (arrive, serve) = (self.arrivals_at(t), self.service_at(t));
            let drained_at_s = match (q, serve.checked_sub(arrive)) {
                (0, Some(_)) => Some(t),
                (_, Some(spare)) if spare > 0 => Some(t + q.div_ceil(spare)),
                _ => None,
            };
            let span_s = match drained_at_s {
                Some(end) => (end + end / 4).max(t + 60).max(1),
                None => t + 86_400,
            };
            if let Some(end) = drained_at_s.filter(|&end| end > t) {
                depth.push((end, 0));
            }
            let last = *depth.last().unwrap_or(&(0, 0));
            depth.push((span_s, step(last.1, self.arrivals_at(last.0), self.service_at(last.0), span_s - last.0)));
            let peak = depth.iter().copied().fold((0, 0), |best, point| if point.1 > best.1 { point } else { best });
            let drained_at_s = if peak.1 == 0 { Some(0) } else { drained_at_s };
            FluidRun { depth, peak, drained_at_s, span_s, fluid: *self }
        }
    }

    /// The depth after `seconds` at these rates (never below 0).
    fn step(depth: u64, arrive: u64, serve: u64, seconds: u64) -> u64 {
        (depth + arrive * seconds).saturating_sub(serve * seconds)
    }

    /// ⌊a·b / c⌋ for b ≤ c without overflow: with a = q·c + r, a·b / c is
    /// q·b plus r·b / c exactly, and r·b < c² (a span of seconds: c²
    /// overflows past 136 years, where the product saturates).
    fn mul_div(a: u64, b: u64, c: u64) -> u64 {
        (a / c) * b + (a % c).saturating_mul(b) / c
    }

    impl FluidRun {
        /// The depth at second `t` (linear between the points).
        pub fn depth_at(&self, t: u64) -> u64 {
            let after = self.depth.iter().position(|&(s, _)| s >= t).unwrap_or(self.depth.len() - 1);
            let (t1, d1) = self.depth[after];
            let (t0, d0) = if after == 0 { (t1, d1) } else { self.depth[after - 1] };
            if t1 == t0 {
                return d1;
            }
            let (dt, span) = (t - t0, t1 - t0);
            // Truncated toward d0, as the signed product over the span would
            // be, in u64 (i128's divider costs a page ~0.5 KB gzip).
            if d1 >= d0 {
                d0 + mul_div(d1 - d0, dt, span)
            } else {
                d0 - mul_div(d0 - d1, dt, span)
            }
        }

        /// How long the oldest item waiting at second `t` has waited (first
        /// in, first out): it arrived when the arrivals reached what has
        /// left by `t`. None: nothing waits.
        pub fn oldest_age_at(&self, t: u64) -> Option<u64> {
            let f = &self.fluid;
            let peak_total = f.peak_per_s * f.peak_s;
            let arrived = |s: u64| f.peak_per_s * s.min(f.peak_s) + f.mean_per_s * s.saturating_sub(f.peak_s);
            let left = arrived(t).checked_sub(self.depth_at(t)).filter(|_| self.depth_at(t) > 0)?;
            let head_arrived_s = if left < peak_total {
                left / f.peak_per_s.max(1)
            } else {
                f.peak_s + (left - peak_total) / f.mean_per_s.max(1)
            };
            Some(t.saturating_sub(head_arrived_s))
        }
    }
}

/// «Colas y streams»' retention and replay: the log deletes from its start
/// what is older than its retention, read or not. A group that rewinds its
/// offset can read again only what is still there; a new reader starts at
/// the start of the retention or at its end.
pub mod retention {
    /// Where a new reader starts.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Start {
        Earliest,
        Latest,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Log {
        pub retention_h: u64,
        pub arrival_per_s: u64,
        /// How fast a reader reads when it has a backlog.
        pub read_per_s: u64,
    }

    /// A backlog to read: its events and how long a reader takes to reach
    /// the end while events keep arriving (None: never, or none to read).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Backlog {
        pub events: u64,
        pub catch_up_s: Option<u64>,
    }

    impl Log {
        fn backlog(&self, hours: u64) -> Backlog {
            let events = self.arrival_per_s * hours * 3_600;
            let spare = self.read_per_s.saturating_sub(self.arrival_per_s);
            Backlog { events, catch_up_s: (spare > 0).then(|| events.div_ceil(spare)) }
        }

        /// Rewinding a group `hours` back: what it reads again, or None
        /// when those events were already deleted.
        pub fn replay(&self, hours: u64) -> Option<Backlog> {
            (hours <= self.retention_h).then(|| self.backlog(hours))
        }

        /// A new reader: from the start of the retention, everything kept;
        /// from the end, nothing but what comes next.
        pub fn new_reader(&self, start: Start) -> Backlog {
            match start {
                Start::Earliest => self.backlog(self.retention_h),
                Start::Latest => Backlog { events: 0, catch_up_s: Some(0) },
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn c01_is_derived_from_its_day() {
            use crate::stream::capacity::*;
            assert_eq!((per_second(C01_PER_DAY), peak_per_second(C01_PER_DAY, C01_PEAK_FACTOR)), (116, 350));
            assert_eq!(C01_PER_DAY * C01_PEAK_FACTOR / 86_400, 347, "the unrounded peak the page shows beside it");
        }

        #[test]
        fn a_day_back_fits_a_week_not_a_year() {
            let kafka = Log { retention_h: 168, arrival_per_s: 1_000, read_per_s: 5_000 };
            assert_eq!(
                kafka.replay(24),
                Some(Backlog { events: 86_400_000, catch_up_s: Some(21_600) }),
                "a day at 1,000/s, 4,000/s spare: 6 h"
            );
            assert_eq!(kafka.replay(8_760), None, "a year is past a week's retention: the data lake");
            let kinesis = Log { retention_h: 24, ..kafka };
            assert_eq!(kinesis.replay(25), None);
            assert_eq!(kafka.new_reader(Start::Earliest).events, 604_800_000);
            assert_eq!(kafka.new_reader(Start::Latest).events, 0);
            assert_eq!(Log { read_per_s: 1_000, ..kafka }.replay(1).unwrap().catch_up_s, None, "no spare: never");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The depth between two points is the signed interpolation it was in
    /// i128, rising and falling, over the page's widest ranges.
    #[test]
    fn depth_between_points_is_the_wide_interpolation() {
        use capacity::{Fluid, FluidRun};
        let wide = |d0: u64, d1: u64, dt: u64, span: u64| {
            (d0 as i128 + (d1 as i128 - d0 as i128) * dt as i128 / span as i128) as u64
        };
        let fluid = Fluid { mean_per_s: 0, peak_per_s: 0, peak_s: 0, down_s: 0, service_per_s: 0 };
        let deepest = 10_000_000 * 604_800 * 2;
        for &(d0, d1) in &[(0, 270_000), (270_000, 0), (deepest, 3), (7, deepest), (1_382_400, 1_382_399)] {
            for &span in &[1, 7, 3_600, 604_800, 1_209_600] {
                let run = FluidRun {
                    depth: vec![(0, d0), (span, d1)],
                    peak: (0, d0),
                    drained_at_s: None,
                    span_s: span,
                    fluid,
                };
                for dt in [0, 1, span / 3, span / 2, span - 1, span] {
                    assert_eq!(run.depth_at(dt), wide(d0, d1, dt, span), "{d0} → {d1}, {dt} of {span} s");
                }
            }
        }
    }

    /// «lag > ≈ 60 s sostenido 5 minutos»: fires only after 5 minutes above,
    /// clears when back under; a spike that recovers within 5 min stays quiet.
    #[test]
    fn the_lag_alert_waits_for_its_hold_and_clears() {
        let alert = |behind, consume| lag_alert(behind, 20_000, consume, (60, 300), 0.0);
        // Exercise 9 (a): exactly 60 s behind, catching up: never above 60 s.
        assert_eq!(alert(1_200_000, 21_600), LagAlert { fires_at_s: None, clears_at_s: None });
        // 20 consumers on 12 partitions (18,000/s): the lag grows from 60 s.
        assert_eq!(alert(1_200_000, 18_000), LagAlert { fires_at_s: Some(300.0), clears_at_s: None });
        // 120 s behind, catching up at 1,600/s: above until 750 s, so it fires at 300 s and clears at 750 s.
        assert_eq!(alert(2_400_000, 21_600), LagAlert { fires_at_s: Some(300.0), clears_at_s: Some(750.0) });
        // 75 s behind at 16,000/s spare: back under 60 s in 18.75 s, no alert.
        assert_eq!(alert(1_500_000, 36_000), LagAlert { fires_at_s: None, clears_at_s: None });
        // Under 60 s but falling behind by 2,000/s: above from 300 s, fires at 600 s.
        assert_eq!(alert(600_000, 18_000), LagAlert { fires_at_s: Some(600.0), clears_at_s: None });
        // The time above the line before «now» counts: 80 s behind, above for
        // 200 s already and for 250 s more at 1,600/s spare: it fires at +100 s.
        let held = lag_alert(1_600_000, 20_000, 21_600, (60, 300), 200.0);
        assert_eq!(held, LagAlert { fires_at_s: Some(100.0), clears_at_s: Some(250.0) });
        // Above for 10 minutes already: it has been firing since 5 minutes before «now».
        let firing = lag_alert(2_400_000, 20_000, 21_600, (60, 300), 600.0);
        assert_eq!(firing, LagAlert { fires_at_s: Some(-300.0), clears_at_s: Some(750.0) });
        // Under the line at «now»: the past does not count (it was not above).
        assert_eq!(
            lag_alert(600_000, 20_000, 21_600, (60, 300), 500.0),
            LagAlert { fires_at_s: None, clears_at_s: None }
        );
    }

    #[test]
    fn murmur2_passes_kafkas_utils_test() {
        // Kafka's UtilsTest.testMurmur2 (all six), then values of Kafka's
        // Utils.murmur2 that Akka's Murmur2Spec pins.
        let cases: [(&[u8], i32); 11] = [
            (b"21", -973_932_308),
            (b"foobar", -790_332_482),
            (b"a-little-bit-long-string", -985_981_536),
            (b"a-little-bit-longer-string", -1_486_304_829),
            (b"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8", -58_897_971),
            (b"abc", 479_470_107), // new byte[] {'a', 'b', 'c'} in Kafka's test
            (b"1", -1_993_445_489),
            (b"12", 126_087_238),
            (b"123", -267_702_483),
            (b"1234", -1_614_185_708),
            (b"12345", -1_188_365_604),
        ];
        for (key, expected) in cases {
            assert_eq!(kafka_murmur2(key), expected, "{:?}", String::from_utf8_lossy(key));
        }
    }

    #[test]
    fn the_lessons_six_events_with_crc32() {
        let keys = ["listing-42", "listing-7", "listing-42", "listing-99", "listing-42", "listing-7"];
        assert_eq!(append(&keys, 3, KeyHash::Crc32), [(2, 0), (1, 0), (2, 1), (2, 2), (2, 3), (1, 1)]);
        // The arithmetic the page shows: the hash, then the remainder.
        assert_eq!(key_hash(b"listing-42", KeyHash::Crc32) % 3, 2);
        assert_eq!(key_hash(b"listing-7", KeyHash::Crc32) % 3, 1);
        // Changing P moves keys: with 4 partitions listing-42 and listing-99 part.
        let four = append(&keys, 4, KeyHash::Crc32);
        assert_ne!(four[0].0, four[3].0);
    }

    #[test]
    fn groups_and_lag() {
        assert_eq!(group(12, 13), (12, 1));
        assert_eq!(group(12, 20), (12, 8), "exercise 3");
        // Exercise 9: 12 partitions, 20,000/s arriving, 1.2 M behind.
        let a = catch_up(12, 12, 1_800, 20_000, 1_200_000);
        assert_eq!((a.consume_per_s, a.spare_per_s, a.catch_up_s), (21_600, 1_600, Some(750.0)));
        let b = catch_up(24, 24, 1_500, 20_000, 1_200_000);
        assert_eq!((b.consume_per_s, b.spare_per_s, b.catch_up_s), (36_000, 16_000, Some(75.0)));
        assert_eq!(catch_up(12, 24, 1_500, 20_000, 1_200_000).catch_up_s, None, "12 × 1,500 < 20,000: never");
        // Exercise 10 is the consumer-group model's (`consumer_group::exercise_10`).
    }

    #[test]
    fn the_fluid_queue_reproduces_the_lessons_backlogs() {
        use capacity::Fluid;
        // C01: 350/s for an hour against 10 workers of 20/s: 540,000 at the peak's end,
        // then 116/s in and 200/s out drain it at 84/s.
        let c01 = Fluid { mean_per_s: 116, peak_per_s: 350, peak_s: 3_600, down_s: 0, service_per_s: 200 }.run();
        assert_eq!(c01.peak, (3_600, 540_000));
        assert_eq!(c01.drained_at_s, Some(3_600 + 540_000u64.div_ceil(84)));
        assert_eq!(c01.depth_at(1_800), 270_000);
        // At the deepest point the oldest has waited 720,000 ÷ 350 s less than the hour.
        assert_eq!(c01.oldest_age_at(3_600), Some(3_600 - 720_000 / 350));
        // 116/s in, 100/s out: never drains, 1,382,400 after a day.
        let day = Fluid { mean_per_s: 116, peak_per_s: 0, peak_s: 0, down_s: 0, service_per_s: 100 }.run();
        assert_eq!((day.drained_at_s, day.depth_at(86_400)), (None, 1_382_400));
        // Exercise 6: down 20 minutes at 50/s: 60,000; 400 s to drain at 200/s, 6,000 s at 60/s.
        let ex6 =
            |service| Fluid { mean_per_s: 50, peak_per_s: 0, peak_s: 0, down_s: 1_200, service_per_s: service }.run();
        assert_eq!((ex6(200).peak, ex6(200).drained_at_s), ((1_200, 60_000), Some(1_600)));
        assert_eq!(ex6(60).drained_at_s, Some(7_200));
        assert_eq!(ex6(200).oldest_age_at(1_200), Some(1_200), "the first to arrive has waited the whole outage");
        assert_eq!(ex6(200).oldest_age_at(1_700), None, "drained");
        assert_eq!(ex6(50).drained_at_s, None);
        // No load, no queue.
        assert_eq!(Fluid { mean_per_s: 10, peak_per_s: 0, peak_s: 0, down_s: 0, service_per_s: 20 }.run().peak, (0, 0));
    }

    #[test]
    fn capacity_exercises() {
        // Exercise 6: down 20 minutes at 50/s → 60,000; drained in 400 s at 200/s, 6,000 s at 60/s.
        assert_eq!(capacity::backlog(50, 1_200, 200), (60_000, Some(400.0)));
        assert_eq!(capacity::backlog(50, 1_200, 60), (60_000, Some(6_000.0)));
        assert_eq!(capacity::backlog(50, 1_200, 50).1, None);
        // C01: a peak of 350/s for an hour, 20/s a worker: 18 workers synchronous; a
        // queue with 10 holds 540,000 at the peak's end, the last waits 2,700 s (45 min).
        let c01 = capacity::peak(350, 3_600, 10, 20);
        assert_eq!((c01.sync_workers, c01.backlog, c01.last_wait_s), (18, 540_000, Some(2_700)));
        // 116/s in, 100/s out: +16/s, 1,382,400 a day.
        assert_eq!(capacity::peak(116, 86_400, 1, 100).backlog, 1_382_400);
        // Exercise 4: 85 waiting at 170/h → 0.5 h.
        assert_eq!(capacity::little_wait(170.0, 85.0), Some(0.5));
        // Exercise 7: 400 at once, queueLength 15, 20 s a job, at most 8 workers.
        assert_eq!(capacity::keda(400, 15, 20, 8), (27, 1_000));
        // Its rounds: each of the 8 runs 50 jobs; 300 s in, 15 rounds are
        // done (120) and 280 wait; the last round ends at 1,000 s. KEDA's
        // own 27 would finish by 300 s (15 rounds of 27, the last lanes 14).
        assert_eq!((capacity::burst_jobs(400, 8, 0), capacity::burst_jobs(400, 8, 7)), (50, 50));
        assert_eq!(capacity::burst_done(400, 8, 20, 300), 120);
        assert_eq!((capacity::burst_done(400, 8, 20, 999), capacity::burst_done(400, 8, 20, 1_000)), (392, 400));
        assert_eq!((capacity::burst_jobs(400, 27, 0), capacity::burst_jobs(400, 27, 26)), (15, 14));
        assert_eq!(capacity::burst_done(400, 27, 20, 300), 400);
        // Every message has one lane: the lanes' jobs add up to the burst.
        for (messages, workers) in [(400, 8), (400, 27), (7, 3), (0, 5), (1, 1)] {
            let total: u64 = (0..workers).map(|lane| capacity::burst_jobs(messages, workers, lane)).sum();
            assert_eq!(total, messages, "{messages} on {workers}");
        }
    }
}
