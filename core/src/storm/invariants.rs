//! The storm's invariants as code: one checker per property, each returning
//! a typed violation; the tests corrupt a run and see each one fail.

use std::fmt;

use super::{most_in_window, CallOutcome, ClientEnd, StormRun};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StormViolation {
    /// A client called after it had ended, or ended otherwise than its calls say.
    EndDisagrees { client: u32 },
    /// A client made more calls than `attempts_max`.
    AttemptsUnbounded { client: u32, calls: u32, bound: u32 },
    /// More successes in a window of `width_s` than the bucket allows (C·w + C).
    OverCapacity { from_us: u64, width_s: u64, succeeded: u64, bound: u64 },
    /// A call succeeded while the dependency was down (before it recovered,
    /// or while it was down again after a collapse).
    SuccessWhileDown { client: u32, at_us: u64 },
    /// The dependency fell over without a burst above what it absorbs.
    CollapseWithoutBurst { at_us: u64, calls: u64, absorbs: u64 },
    /// Calls out of time order (ties out of client order).
    OutOfOrder { index: usize },
}

impl fmt::Display for StormViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EndDisagrees { client } => write!(f, "client {client} ended otherwise than its calls say"),
            Self::AttemptsUnbounded { client, calls, bound } => {
                write!(f, "client {client} made {calls} calls (bound {bound})")
            }
            Self::OverCapacity { from_us, width_s, succeeded, bound } => {
                write!(f, "{succeeded} successes in {width_s} s from {from_us} µs (bound {bound})")
            }
            Self::SuccessWhileDown { client, at_us } => {
                write!(f, "client {client} succeeded at {at_us} µs, while down")
            }
            Self::OutOfOrder { index } => write!(f, "call {index} out of order"),
            Self::CollapseWithoutBurst { at_us, calls, absorbs } => {
                write!(f, "fell over at {at_us} µs after {calls} calls in the window (it absorbs {absorbs})")
            }
        }
    }
}

/// Every check, in order.
pub fn check(run: &StormRun) -> Result<(), StormViolation> {
    calls_in_order(run)?;
    every_client_ends(run)?;
    attempts_bounded(run)?;
    no_success_while_down(run)?;
    collapses_follow_bursts(run)?;
    for width_s in [1, 2, 5] {
        within_capacity(run, width_s)?;
    }
    Ok(())
}

pub fn calls_in_order(run: &StormRun) -> Result<(), StormViolation> {
    match run.calls.windows(2).position(|w| (w[0].at_us, w[0].client) > (w[1].at_us, w[1].client)) {
        Some(index) => Err(StormViolation::OutOfOrder { index: index + 1 }),
        None => Ok(()),
    }
}

/// Each client ends exactly once: its last call decides how, and no call
/// follows a success.
pub fn every_client_ends(run: &StormRun) -> Result<(), StormViolation> {
    let mut last = vec![None; run.config.clients as usize];
    for call in &run.calls {
        let slot = last.get_mut(call.client as usize).ok_or(StormViolation::EndDisagrees { client: call.client })?;
        if matches!(slot, Some(CallOutcome::Ok)) {
            return Err(StormViolation::EndDisagrees { client: call.client });
        }
        *slot = Some(call.outcome);
    }
    if run.ends.len() != last.len() {
        return Err(StormViolation::EndDisagrees { client: run.ends.len().min(last.len()) as u32 });
    }
    for (client, (end, last_outcome)) in run.ends.iter().zip(&last).enumerate() {
        let agrees = matches!(
            (end, last_outcome),
            (ClientEnd::Succeeded { .. }, Some(CallOutcome::Ok))
                | (ClientEnd::Fallback, Some(CallOutcome::Rejected))
                | (ClientEnd::Exhausted, Some(CallOutcome::Overloaded | CallOutcome::Down))
                | (ClientEnd::Throttled, Some(CallOutcome::Overloaded | CallOutcome::Down | CallOutcome::Rejected))
        );
        if !agrees {
            return Err(StormViolation::EndDisagrees { client: client as u32 });
        }
    }
    Ok(())
}

pub fn attempts_bounded(run: &StormRun) -> Result<(), StormViolation> {
    let mut calls = vec![0u32; run.config.clients as usize];
    for call in &run.calls {
        let n = calls.get_mut(call.client as usize).ok_or(StormViolation::EndDisagrees { client: call.client })?;
        *n += 1;
        if *n > run.config.attempts_max {
            return Err(StormViolation::AttemptsUnbounded {
                client: call.client,
                calls: *n,
                bound: run.config.attempts_max,
            });
        }
    }
    Ok(())
}

pub fn no_success_while_down(run: &StormRun) -> Result<(), StormViolation> {
    let recover_at_us = run.config.recover_at_ms * 1_000;
    // A collapse's instant is not "down" for the calls it took before the
    // one that knocked it over (ties are served in order).
    let down = |t: u64| t < recover_at_us || run.collapses.iter().any(|&(at, back)| at < t && t < back);
    match run.calls.iter().find(|c| c.outcome == CallOutcome::Ok && down(c.at_us)) {
        Some(c) => Err(StormViolation::SuccessWhileDown { client: c.client, at_us: c.at_us }),
        None => Ok(()),
    }
}

/// A fragile dependency falls over only on a burst: the calls it took in
/// the window up to the collapse, the collapsing one included, pass what it
/// absorbs (`overload_factor` × C per second over the window).
pub fn collapses_follow_bursts(run: &StormRun) -> Result<(), StormViolation> {
    let Some(absorbs) = run.config.absorbs_per_window() else {
        return match run.collapses.first() {
            Some(&(at_us, _)) => Err(StormViolation::CollapseWithoutBurst { at_us, calls: 0, absorbs: u64::MAX }),
            None => Ok(()),
        };
    };
    for &(at_us, _) in &run.collapses {
        let taken = |c: &&super::Call| matches!(c.outcome, CallOutcome::Ok | CallOutcome::Overloaded);
        let calls = run
            .calls
            .iter()
            .filter(taken)
            .filter(|c| c.at_us + super::PEAK_WINDOW_US > at_us && c.at_us <= at_us)
            .count() as u64
            + 1;
        if calls <= absorbs {
            return Err(StormViolation::CollapseWithoutBurst { at_us, calls, absorbs });
        }
    }
    Ok(())
}

/// A bucket of C tokens refilled at C per second admits at most C·w + C
/// calls in any window of w seconds, plus C for each time it came back
/// full after a collapse.
pub fn within_capacity(run: &StormRun, width_s: u64) -> Result<(), StormViolation> {
    let ok: Vec<u64> = run.calls.iter().filter(|c| c.outcome == CallOutcome::Ok).map(|c| c.at_us).collect();
    let capacity = u64::from(run.config.capacity_per_s);
    let bound = capacity * width_s + capacity * (1 + run.collapses.len() as u64);
    let width_us = width_s * 1_000_000;
    let most = most_in_window(&ok, width_us);
    if most <= bound {
        return Ok(());
    }
    let from_us = ok
        .iter()
        .copied()
        .find(|&t| ok.iter().filter(|&&u| u >= t && u < t + width_us).count() as u64 == most)
        .unwrap_or(0);
    Err(StormViolation::OverCapacity { from_us, width_s, succeeded: most, bound })
}
