#![cfg(not(target_arch = "wasm32"))]
//! The job queue under random configurations and people acting on its DLQ:
//! every checker of `queue::invariants` holds (each message in one place at
//! a time and accounted for, busy workers within the pool, receives within
//! maxReceiveCount, nothing received past its retention); the same config,
//! the same run.

use proptest::prelude::*;
use retry_lab_core::queue::{
    invariants, DlqAction, DlqOperation, Place, Poison, QueueConfig, QueueError, QueueRun, STEPS_MAX,
};

fn configs() -> impl Strategy<Value = QueueConfig> {
    (
        (
            1u32..30,
            1u64..600_000,
            1u32..10,
            1_000u64..300_000,
            proptest::option::of(1u64..200_000),
            proptest::option::of(1u32..6),
        ),
        (0usize..3, proptest::option::of(0u64..600_000), proptest::option::of(0u64..900_000), any::<bool>()),
        (0u64..120_000, 1u32..6, proptest::option::of(0u64..3_600_000), 60_000u64..7_200_000, any::<bool>()),
    )
        .prop_map(
            |(
                (messages, job_ms, workers, visibility_ms, heartbeat_ms, max_receives),
                (poison, dies, restart_at_ms, in_memory),
                (arrival_every_ms, poison_every, fix_at_ms, dlq_retention_ms, late_ack_refused),
            )| QueueConfig {
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
                arrival_every_ms,
                poison_every,
                fix_at_ms,
                dlq_retention_ms,
                late_ack_refused,
            },
        )
}

fn operations() -> impl Strategy<Value = Vec<DlqOperation>> {
    let action = prop_oneof![
        (0u32..40).prop_map(DlqAction::Redrive),
        Just(DlqAction::RedriveAll),
        (0u32..40).prop_map(DlqAction::MarkFailed),
        Just(DlqAction::MarkAllFailed),
    ];
    proptest::collection::vec(
        (0u64..7_200_000, action).prop_map(|(at_ms, action)| DlqOperation { at_ms, action }),
        0..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_invariant_holds(cfg in configs(), ops in operations()) {
        // Over the work budget, a run is refused whole (and the same each time).
        let Ok(r) = QueueRun::with_operations(cfg, &ops) else {
            let again = QueueRun::with_operations(cfg, &ops).err();
            prop_assert!(matches!(again, Some(QueueError::OverBudget(o)) if o.steps_max == STEPS_MAX), "{:?}", again);
            return Ok(());
        };
        if let Err(violation) = invariants::check(&r) {
            prop_assert!(false, "{:?} {:?}: {}", cfg, ops, violation);
        }
        prop_assert_eq!(r.ends.len(), cfg.messages as usize + r.redriven_from.iter().flatten().count());
        // Sampled instants: a message is never in the DLQ before it ended in
        // the source, and one in flight has a receive covering it.
        for m in 0..r.ends.len() as u32 {
            for t in (0..8_000_000).step_by(250_000) {
                match r.place_at(m, t) {
                    Place::InDlq => prop_assert!(r.dlq_entry(m).is_some_and(|e| e.moved_at_ms <= t)),
                    Place::InFlight => prop_assert!(r.receives.iter().any(|c| c.message == m && c.at_ms <= t)),
                    _ => {}
                }
            }
        }
        prop_assert_eq!(Ok(r.clone()), QueueRun::with_operations(cfg, &ops));
    }

    #[test]
    fn dlq_at_is_place_at_in_dlq(cfg in configs(), ops in operations()) {
        let Ok(r) = QueueRun::with_operations(cfg, &ops) else { return Ok(()) };
        // Every instant where the answer can change, and one before each.
        let mut instants: Vec<u64> = r.dlq.iter().flat_map(|e| [e.moved_at_ms, e.fate.at_ms()]).collect();
        instants.extend(instants.clone().iter().map(|t| t.saturating_sub(1)));
        instants.extend((0..8_000_000).step_by(500_000));
        for t in instants {
            let fast: Vec<u32> = r.dlq_at(t).map(|e| e.message).collect();
            let slow: Vec<u32> =
                r.dlq.iter().map(|e| e.message).filter(|&m| r.place_at(m, t) == Place::InDlq).collect();
            prop_assert_eq!(&fast, &slow, "{:?} {:?} at {} ms", cfg, ops, t);
        }
    }
}
