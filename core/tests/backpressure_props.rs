#![cfg(not(target_arch = "wasm32"))]
//! The buffer model under random configurations: every message that entered
//! is consumed, dropped from the front or still waiting; a bounded buffer
//! never holds more than its bound; a consumer at least as fast never lets
//! a queue build.

use proptest::prelude::*;
use retry_lab_core::backpressure::{check_conservation, BufferConfig, BufferRun, Policy};

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_message_is_accounted_for(in_per_s in 0u64..5_000, out_per_s in 0u64..5_000, duration_s in 1u64..20_000,
        p in 0usize..4, capacity in 1u64..100_000, message_bytes in 1u64..10_000, memory_mb in 1u64..1_000) {
        let cfg = BufferConfig { in_per_s, out_per_s, duration_s, policy: Policy::ALL[p], capacity, message_bytes, memory_bytes: memory_mb << 20 };
        let run = BufferRun::new(cfg);
        prop_assert_eq!(check_conservation(&run), Ok(()), "{:?}", cfg);
        if in_per_s <= out_per_s {
            prop_assert_eq!(run.counters.queue_max, 0, "{:?}", cfg);
        }
        prop_assert!(run.queue_samples.len() as u64 <= retry_lab_core::backpressure::SAMPLES_MAX + 1);
    }
}
