//! Generated from the list of experiments (`src/experiments/mod.rs`) by
//! `tests/registry.rs`: do not edit. Never compiled (`lib.rs` declares it
//! under `cfg(any())`): it shows `cargo fmt` every experiment's module,
//! which the list declares inside a macro rustfmt does not enter.

#[path = "experiments/retries/mod.rs"]
mod retries;

#[path = "experiments/uuid5/mod.rs"]
mod uuid5;

#[path = "experiments/publish/mod.rs"]
mod publish;

#[path = "experiments/cursor/mod.rs"]
mod cursor;

#[path = "experiments/dedup/mod.rs"]
mod dedup;

#[path = "experiments/storm/mod.rs"]
mod storm;

#[path = "experiments/timeouts/mod.rs"]
mod timeouts;

#[path = "experiments/backpressure/mod.rs"]
mod backpressure;

#[path = "experiments/ttl/mod.rs"]
mod ttl;

#[path = "experiments/desired/mod.rs"]
mod desired;

#[path = "experiments/failsafe/mod.rs"]
mod failsafe;

#[path = "experiments/waits/mod.rs"]
mod waits;

#[path = "experiments/ack/mod.rs"]
mod ack;

#[path = "experiments/workers/mod.rs"]
mod workers;

#[path = "experiments/visibility/mod.rs"]
mod visibility;

#[path = "experiments/dlq/mod.rs"]
mod dlq;

#[path = "experiments/age/mod.rs"]
mod age;

#[path = "experiments/size/mod.rs"]
mod size;

#[path = "experiments/retention/mod.rs"]
mod retention;

#[path = "experiments/partitions/mod.rs"]
mod partitions;

#[path = "experiments/groups/mod.rs"]
mod groups;

#[path = "experiments/fraud/mod.rs"]
mod fraud;

#[path = "experiments/lag/mod.rs"]
mod lag;

#[path = "experiments/capacity/mod.rs"]
mod capacity;
