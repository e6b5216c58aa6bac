#![cfg(not(target_arch = "wasm32"))]
//! Delivery guarantees under random runs: at-least-once loses nothing; an
//! idempotent consumer whose record shares the effect's transaction takes
//! effect exactly once per message; a record written first turns every
//! repeat into a gap, never a duplicate; the cursor's idempotent consumer
//! takes one effect per event whatever it re-reads; the broker's own
//! duplicates never reach an idempotent consumer's effects.

use proptest::prelude::*;
use retry_lab_core::ack_timing::AckTimingRun;
use retry_lab_core::dedup_record::DedupRecordRun;
use retry_lab_core::engine::ConsumerMode;
use retry_lab_core::polling::{CursorFault, PollingRun};
use retry_lab_core::{Probability, RngKind};

fn rng(python: bool) -> RngKind {
    if python {
        RngKind::Python
    } else {
        RngKind::Pcg
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn placements_keep_their_promises(messages in 1u32..400, ppm in 0u32..900_000, seed in any::<u64>(), python in any::<bool>()) {
        let run = DedupRecordRun { messages, crash: Probability::from_ppm(ppm).unwrap(), seed, rng: rng(python) };
        let [same, effect_first, record_first] = run.rows();
        let n = u64::from(messages);
        prop_assert_eq!((same.effects, same.lost), (n, 0), "one transaction: once each ({:?})", run);
        prop_assert_eq!(effect_first.lost, 0, "effect first: nothing lost ({:?})", run);
        prop_assert_eq!(effect_first.effects, effect_first.deliveries, "effect first: every delivery acts ({:?})", run);
        prop_assert_eq!(record_first.effects + u64::from(record_first.lost), n, "record first: gaps, never duplicates ({:?})", run);
        prop_assert!(same.deliveries == effect_first.deliveries && same.deliveries == record_first.deliveries);
    }

    #[test]
    fn at_least_once_loses_nothing_and_dedup_acts_once(messages in 1u32..400, ppm in 0u32..900_000, dup_ppm in 0u32..500_000, seed in any::<u64>(), python in any::<bool>()) {
        let run = AckTimingRun { messages, crash: Probability::from_ppm(ppm).unwrap(), seed, rng: rng(python) };
        let [_, after, dedup] = run.loop_rows(Probability::from_ppm(dup_ppm).unwrap()).unwrap();
        prop_assert_eq!(after.row.lost, 0);
        prop_assert_eq!((dedup.row.effects, dedup.row.lost), (u64::from(messages), 0));
        prop_assert_eq!(dedup.row.deliveries, dedup.row.effects + dedup.row.duplicates_discarded);
        prop_assert_eq!(after.effects_histogram.iter().sum::<u64>(), u64::from(messages));
    }

    #[test]
    fn the_cursors_idempotent_consumer_acts_once_per_event(events in 1u32..500, batch in 1u32..60, k in 1u32..20, lost in any::<bool>()) {
        let fault = Some(if lost { CursorFault::LostAfter(k) } else { CursorFault::CrashBeforeSave(k) });
        let naive = PollingRun { events, batch, fault, consumer: ConsumerMode::Naive }.run();
        let idem = PollingRun { events, batch, fault, consumer: ConsumerMode::Idempotent }.run();
        prop_assert_eq!(idem.effects, u64::from(events));
        prop_assert_eq!(naive.effects, naive.reads);
        prop_assert_eq!(idem.reads, naive.reads);
        prop_assert_eq!(idem.duplicates_discarded, idem.reads - u64::from(events));
    }
}
