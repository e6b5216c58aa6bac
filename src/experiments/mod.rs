//! The lab's experiments, one module each (parameters, state, reducer,
//! presets, strings, panel, tests), and their list: the one line each has
//! in `registry!` below declares its module, builds it into its lesson
//! group's page (a cargo feature) and makes it an `Experiment`.

#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub mod queues;

// What the panel dispatch hands each panel: its own experiment's view.
#[cfg(target_arch = "wasm32")]
use crate::app::widgets::{Frame, View};

crate::unit::registry! {
    Retries => retries in "lesson-000",
    DoublePublication => uuid5 in "lesson-000-ids",
    Publish => publish in "lesson-000-ids",
    Cursor => cursor in "lesson-000-ids",
    Dedup => dedup in "lesson-001",
    Storm => storm in "lesson-003",
    Timeouts => timeouts in "lesson-003",
    Backpressure => backpressure in "lesson-003",
    Ttl => ttl in "lesson-003-actions",
    Desired => desired in "lesson-003-actions",
    Failsafe => failsafe in "lesson-003-actions",
    Waits => waits in "lesson-004",
    AckTiming => ack in "lesson-004",
    Workers => workers in "lesson-004",
    Visibility => visibility in "lesson-004",
    Dlq => dlq in "lesson-004-ops",
    Age => age in "lesson-004-ops",
    Size => size in "lesson-004-ops",
    Retention => retention in "lesson-004-ops",
    Partitions => partitions in "lesson-004-streams",
    Groups => groups in "lesson-004-streams",
    Fraud => fraud in "lesson-004-streams",
    Lag => lag in "lesson-004-streams",
    Capacity => capacity in "lesson-004-streams",
}
