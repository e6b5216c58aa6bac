// Shared by the native test (core/tests/determinism.rs) and the wasm test
// (tests/web.rs): both assert this hash, so native and wasm traces agree.
// If an intended engine change moves it, update it here once.

/// A run that exercises every random stream: failures, failure kinds,
/// decorrelated jitter, v4 ids, double publication and a manual retry.
pub fn golden_trace_hash() -> u64 {
    use retry_lab_core::{Backoff, ConsumerMode, Engine, IdScheme, Jitter, Probability, SimConfig};
    let cfg = SimConfig {
        seed: 0xC0FFEE,
        facts: 300,
        publications_per_fact: 2,
        id_scheme: IdScheme::Random,
        failure: Probability::from_ppm(450_000).unwrap(),
        ack_lost_share: Probability::from_ppm(400_000).unwrap(),
        backoff: Backoff { base_s: 30, retries_max: 6, jitter: Jitter::Decorrelated },
        consumer: ConsumerMode::Idempotent,
        ..SimConfig::default()
    };
    let mut engine = Engine::new(cfg).unwrap();
    engine.run_to_end();
    engine.retry_all_dead_letters();
    engine.run_to_end();
    let ids: u64 = (0..10).map(|e| engine.event_id(e).as_u64_pair().0).fold(0, |a, b| a ^ b);
    engine.trace_hash() ^ ids
}

pub const GOLDEN_TRACE_HASH: u64 = 0x646c_ed0e_223a_880c;
