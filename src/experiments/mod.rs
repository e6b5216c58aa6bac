//! The lab's experiments, one module each (parameters, state, reducer,
//! presets, strings, panel, tests). `registry.rs` lists them.

#[cfg(feature = "lesson-004")]
pub mod ack;
#[cfg(feature = "lesson-003")]
pub mod backpressure;
#[cfg(feature = "lesson-001")]
pub mod cursor;
#[cfg(feature = "lesson-001")]
pub mod dedup;
#[cfg(feature = "lesson-004")]
pub mod dlq;
#[cfg(feature = "lesson-004")]
pub mod lag;
#[cfg(feature = "lesson-004")]
pub mod partitions;
#[cfg(feature = "lesson-001")]
pub mod publish;
#[cfg(feature = "lesson-000")]
pub mod retries;
#[cfg(feature = "lesson-003")]
pub mod storm;
#[cfg(feature = "lesson-003")]
pub mod timeouts;
#[cfg(feature = "lesson-004")]
pub mod visibility;
#[cfg(feature = "lesson-004")]
pub mod workers;
#[cfg(feature = "lesson-001")]
pub mod ttl;
#[cfg(feature = "lesson-000")]
pub mod uuid5;
