#![cfg(not(target_arch = "wasm32"))]
//! The processed-id store with expiry under random schedules: without a TTL
//! an idempotent consumer takes effect once however many acks are lost; a
//! TTL as long as the whole schedule does too; a longer TTL never adds
//! effects.

use proptest::prelude::*;
use retry_lab_core::dedup_ttl::TtlRun;
use retry_lab_core::{Backoff, Jitter};

proptest! {
    #[test]
    fn a_longer_ttl_never_adds_effects(base_s in 1u32..3_600, retries_max in 0u32..20, acks_lost in 0u32..25, ttl_s in 0u64..200_000) {
        let backoff = Backoff { base_s, retries_max, jitter: Jitter::None };
        let run = |ttl_ms| TtlRun { backoff, acks_lost, ttl_ms }.effects();
        prop_assert_eq!(run(None), 1, "no expiry, one effect");
        prop_assert_eq!(run(Some(backoff.total_s() * 1_000)), 1, "a TTL as long as the schedule");
        prop_assert!(run(Some((ttl_s + 1) * 1_000)) <= run(Some(ttl_s * 1_000)));
        prop_assert!(run(Some(ttl_s * 1_000)) <= 1 + acks_lost.min(retries_max) as usize);
    }
}
