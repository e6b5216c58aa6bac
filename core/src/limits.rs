//! Documented bounds that keep memory and time bounded, and the core's one
//! bound policy: **a model refuses a config out of its range** (its
//! `validate`, called before the run starts, returns a `ConfigError` naming
//! the setting and its range); none clamps or drops what it was given. A run
//! is then always the run that was asked for: the CLI (at scales the page
//! does not reach) names the violated limit instead of computing something
//! else, and a test cannot pass on a value the model quietly changed. The
//! page clamps each parameter into its declared range on the way in (and
//! says so for a link), and its ranges lie within the core's (each queue and
//! group experiment tests its extremes), so a learner never meets a refusal.

use std::fmt;

/// A config value outside its documented range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The setting, as the CLI flag names it (`events`, `retries`, …).
    pub field: &'static str,
    /// The allowed range, human-readable.
    pub allowed: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must be {}", self.field, self.allowed)
    }
}

impl std::error::Error for ConfigError {}

/// `ok`, or the error naming `field` and what it allows.
pub fn check(ok: bool, field: &'static str, allowed: impl FnOnce() -> String) -> Result<(), ConfigError> {
    if ok {
        Ok(())
    } else {
        Err(ConfigError { field, allowed: allowed() })
    }
}

/// Published facts in one run. Each event record is 16 bytes (+8 for its time
/// where time passes), so a run at the limit holds at most 48 MiB of records
/// (with double publication).
pub const EVENTS_MAX: u32 = 1_000_000;
/// Events a run may record attempt by attempt (the trace the page draws).
/// At 32 bytes an attempt and at most `1 + RETRIES_MAX_BACKOFF` attempts per
/// cycle, a traced run stays under a few MiB.
pub const TRACED_EVENTS_MAX: u32 = 10_000;
/// Retries with exponential backoff: 2^19 · base fits comfortably in u64 ms.
pub const RETRIES_MAX_BACKOFF: u32 = 20;
/// Retries with immediate requeue (the lesson-004 loop, which has no bound of
/// its own; a large bound reproduces it at any crash probability below ~0.99).
pub const RETRIES_MAX_IMMEDIATE: u32 = 10_000;
/// Backoff base, seconds.
pub const BACKOFF_BASE_S_MIN: u32 = 1;
pub const BACKOFF_BASE_S_MAX: u32 = 3_600;
/// Spacing between publications, milliseconds (one hour at most).
pub const PUBLISH_INTERVAL_MS_MAX: u64 = 3_600_000;
// The dead-letter queue needs no limit of its own: it holds each event at
// most once, so it never exceeds the run's events (`EVENTS_MAX`, ×2 with
// double publication); `check_invariants` checks it against the census.
/// Manual retries of one event (each re-enters delivery with a full budget).
pub const MANUAL_RETRIES_MAX: u32 = 1_000;
/// Messages in one ack-timing run (the lesson-004 loop): a few seconds natively.
pub const ACK_TIMING_MESSAGES_MAX: u32 = 10_000_000;
/// Outage windows in one run's plan.
pub const OUTAGES_MAX: usize = 16;
/// Interventions (fixes, manual retries) in one run's plan.
pub const INTERVENTIONS_MAX: usize = 1_000;
/// Latest simulated time a plan may name: 30 days, in ms.
pub const PLAN_TIME_MS_MAX: u64 = 30 * 86_400_000;
/// Delivery attempts one run may make (bounded before it runs, see
/// `SimConfig::attempts_bound`): about ten seconds natively. The lesson-004
/// loop at a crash probability of 0.999999 over 10 M messages would take
/// 10^11 attempts (about 18 minutes): refused with what to lower.
pub const ATTEMPTS_MAX: u64 = 1_000_000_000;
/// Attempts a run that records its trace (a page's) may make: 32 bytes each,
/// 32 MiB at most per engine.
pub const TRACED_ATTEMPTS_MAX: u64 = 1_000_000;
