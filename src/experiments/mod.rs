//! The lab's experiments, one module each (parameters, state, reducer,
//! presets, strings, panel, tests). `registry.rs` lists them.

pub mod ack;
pub mod retries;
pub mod uuid5;
