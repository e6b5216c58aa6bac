#![cfg(not(target_arch = "wasm32"))]
//! The storm model under random configurations: every client ends
//! succeeded, exhausted, throttled or served the fallback; successes never
//! exceed the bucket (C·w + C in any window of w seconds); the same seed
//! gives the same run. A failure names its seed and config.

use proptest::prelude::*;
use retry_lab_core::storm::invariants::check;
use retry_lab_core::storm::{Behaviour, Breaker, Budget, ClientEnd, StormConfig, StormRun, Strategy as Wait};

fn configs() -> impl Strategy<Value = StormConfig> {
    (
        (1u32..300, 0u64..5_000, 1u32..200, 0usize..6, 1u64..2_000, 1u32..8, any::<u64>()),
        proptest::option::of((1u32..50, 0u32..2_000)),
        proptest::option::of((1u32..20, 1u64..5_000, 1u32..5)),
        proptest::option::of((1u32..10, 1u64..3_000)),
    )
        .prop_map(
            |((clients, recover_at_ms, capacity_per_s, s, base_ms, attempts_max, seed), budget, breaker, fragile)| {
                StormConfig {
                    clients,
                    recover_at_ms,
                    capacity_per_s,
                    behaviour: fragile.map_or(Behaviour::Shedding, |(overload_factor, recovery_ms)| {
                        Behaviour::Fragile { overload_factor, recovery_ms }
                    }),
                    strategy: Wait::ALL[s],
                    base_ms,
                    attempts_max,
                    seed,
                    budget: budget.map(|(max_tokens, ratio)| Budget {
                        max_tokens,
                        token_ratio_milli: ratio.min(max_tokens * 1_000),
                    }),
                    breaker: breaker.map(|(failures_to_open, open_ms, half_open_calls)| Breaker {
                        failures_to_open,
                        open_ms,
                        half_open_calls,
                    }),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_run_keeps_its_invariants(cfg in configs()) {
        let run = StormRun::new(cfg).unwrap();
        prop_assert_eq!(check(&run), Ok(()), "seed {}: {:?}", cfg.seed, cfg);
        let c = run.counters;
        prop_assert_eq!(c.succeeded + c.exhausted + c.throttled + c.ended_on_fallback, cfg.clients, "seed {}", cfg.seed);
        prop_assert_eq!(run.ends.iter().filter(|e| matches!(e, ClientEnd::Succeeded { .. })).count() as u32, c.succeeded);
        prop_assert_eq!(c.fallbacks + c.calls_to_dependency, c.calls);
    }

    #[test]
    fn same_seed_same_run(cfg in configs()) {
        prop_assert_eq!(StormRun::new(cfg).unwrap(), StormRun::new(cfg).unwrap(), "seed {}", cfg.seed);
    }
}

/// Lesson 003's claim on its own parameters (100 clients, back at 1 s with
/// 50 calls per second, base 200 ms, 5 attempts), for seeds 1–20: against a
/// fragile dependency the synchronized retries knock it down again at least
/// once, and the lesson's full jitter gets more clients through than no
/// jitter, sooner (it reaches no jitter's count earlier), with fewer wasted
/// calls. Against the shedding dependency no jitter gets every client
/// through: there, jitter only spreads the load.
#[test]
fn jitter_beats_a_synchronized_wave_against_a_fragile_dependency() {
    let time_to = |run: &StormRun, n: usize| {
        let mut times: Vec<u64> = run
            .ends
            .iter()
            .filter_map(|e| match e {
                ClientEnd::Succeeded { at_us } => Some(*at_us),
                _ => None,
            })
            .collect();
        times.sort_unstable();
        times.get(n.max(1) - 1).copied()
    };
    for seed in 1..=20 {
        let cfg = |strategy| StormConfig { strategy, seed, ..StormConfig::default() };
        let none = StormRun::new(cfg(Wait::Exponential)).unwrap();
        let full = StormRun::new(cfg(Wait::Full)).unwrap();
        let (n, f) = (none.counters, full.counters);
        assert!(n.collapses >= 1, "seed {seed}: {n:?}");
        assert!(f.succeeded > n.succeeded, "seed {seed}: full {} vs none {}", f.succeeded, n.succeeded);
        let k = n.succeeded as usize;
        assert!(time_to(&full, k) < time_to(&none, k), "seed {seed}: the {k}th success");
        assert!(f.calls - u64::from(f.succeeded) < n.calls - u64::from(n.succeeded), "seed {seed}: wasted calls");
        for strategy in [Wait::Equal, Wait::Decorrelated] {
            let other = StormRun::new(cfg(strategy)).unwrap().counters;
            assert!(other.succeeded > n.succeeded, "seed {seed}: {strategy:?} {other:?}");
        }
        let shedding = StormRun::new(StormConfig { behaviour: Behaviour::Shedding, ..cfg(Wait::Exponential) }).unwrap();
        assert_eq!((shedding.counters.succeeded, shedding.counters.collapses), (100, 0), "seed {seed}");
    }
}
