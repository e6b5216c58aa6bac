//! Retry Lab's simulation core: pure and deterministic.
//!
//! The core knows no clock, no DOM and no OS randomness. Simulated time is an
//! integer number of milliseconds and every random choice comes from streams
//! seeded by one `u64` seed, so the same [`SimConfig`] gives the same trace on
//! 64-bit native and on 32-bit wasm. The page and the CLI only render what the
//! core says.

pub mod ack_timing;
pub mod actions;
pub mod age;
pub mod backoff;
pub mod backpressure;
pub mod consumer_group;
pub mod dedup_record;
pub mod dedup_ttl;
pub mod draws;
pub mod engine;
pub mod ids;
pub mod limits;
pub mod message_size;
pub mod pair;
pub mod polling;
pub mod probability;
pub mod queue;
pub mod storm;
pub mod stream;
pub mod timeouts;
pub mod waits;

pub use backoff::{Backoff, Jitter};
pub use draws::RngKind;
pub use engine::{
    AckTiming, Attempt, Census, ConfigError, ConsumerMode, Counters, Engine, EventRecord, FailureKind, Follow,
    IdScheme, Intervention, Outage, Outcome, Plan, Requeue, RetryError, SimConfig, Status, Timed, Violation,
};
pub use ids::{Namespace, PassKey};
pub use pair::Pair;
pub use probability::Probability;
