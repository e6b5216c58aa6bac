#![cfg(not(target_arch = "wasm32"))]
//! The job queue under random configurations: every message ends in exactly
//! one place (deleted, dead-lettered, expired or lost); busy workers never exceed
//! the pool; a message is never received more than its receive limit; the
//! same config, the same run.

use proptest::prelude::*;
use retry_lab_core::queue::{MessageEnd, Poison, QueueConfig, QueueRun};

fn configs() -> impl Strategy<Value = QueueConfig> {
    (
        (1u32..30, 1u64..600_000, 1u32..10, 1_000u64..300_000, proptest::option::of(1u64..200_000), proptest::option::of(1u32..6)),
        (0usize..3, proptest::option::of(0u64..600_000), proptest::option::of(0u64..900_000), any::<bool>()),
    )
        .prop_map(|((messages, job_ms, workers, visibility_ms, heartbeat_ms, max_receives), (poison, dies, restart_at_ms, in_memory))| QueueConfig {
            messages,
            job_ms,
            workers,
            visibility_ms,
            heartbeat_ms,
            max_receives,
            poison: [Poison::None, Poison::Hang, Poison::CrashOnOpen][poison],
            worker_dies_at_ms: dies,
            // An hour keeps a never-ending poison's redeliveries short.
            retention_ms: 3_600_000,
            restart_at_ms,
            in_memory,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn every_message_ends_once_and_workers_suffice(cfg in configs()) {
        let r = QueueRun::new(cfg);
        prop_assert_eq!(r.ends.len(), cfg.messages as usize);
        for (m, end) in r.ends.iter().enumerate() {
            let copies = r.copies(m as u32);
            if let Some(n) = cfg.max_receives {
                prop_assert!(copies <= n as usize, "{:?}: message {} received {} times", cfg, m, copies);
            }
            if let MessageEnd::Deleted { at_ms } = end {
                prop_assert!(r.receives.iter().any(|c| c.message == m as u32 && c.until_ms == *at_ms), "{:?}", cfg);
            }
        }
        for c in &r.receives {
            let busy = r.receives.iter().filter(|o| o.at_ms <= c.at_ms && c.at_ms < o.until_ms).count();
            prop_assert!(busy <= cfg.workers as usize, "{:?}: {} busy", cfg, busy);
        }
        prop_assert_eq!(r.clone(), QueueRun::new(cfg));
    }
}
