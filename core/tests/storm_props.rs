#![cfg(not(target_arch = "wasm32"))]
//! The storm model under random configurations: every client ends
//! succeeded, exhausted, throttled or served the fallback; successes never
//! exceed the bucket (C·w + C in any window of w seconds); the same seed
//! gives the same run. A failure names its seed and config.

use proptest::prelude::*;
use retry_lab_core::storm::invariants::check;
use retry_lab_core::storm::{Breaker, Budget, ClientEnd, StormConfig, StormRun, Strategy as Wait};

fn configs() -> impl Strategy<Value = StormConfig> {
    (
        (1u32..300, 0u64..5_000, 1u32..200, 0usize..6, 1u64..2_000, 1u32..8, any::<u64>()),
        proptest::option::of((1u32..50, 0u32..2_000)),
        proptest::option::of((1u32..20, 1u64..5_000, 1u32..5)),
    )
        .prop_map(|((clients, recover_at_ms, capacity_per_s, s, base_ms, attempts_max, seed), budget, breaker)| StormConfig {
            clients,
            recover_at_ms,
            capacity_per_s,
            strategy: Wait::ALL[s],
            base_ms,
            attempts_max,
            seed,
            budget: budget.map(|(max_tokens, ratio)| Budget { max_tokens, token_ratio_milli: ratio.min(max_tokens * 1_000) }),
            breaker: breaker.map(|(failures_to_open, open_ms, half_open_calls)| Breaker { failures_to_open, open_ms, half_open_calls }),
        })
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
