//! Conditions and interventions in simulated time: what happens to a run
//! besides chance. They are plain data, applied by the engine at their
//! simulated times, so a run with them is replayed, linked and tested like
//! any other (same config, same plan, same trace).

use super::config::ConfigError;
use crate::limits;

/// The consumer is down from `start_ms` (included) to `end_ms` (excluded):
/// every delivery attempt in that window fails as "request lost / consumer
/// down", with no effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outage {
    pub start_ms: u64,
    pub end_ms: u64,
}

impl Outage {
    #[inline]
    pub fn contains(&self, at_ms: u64) -> bool {
        self.start_ms <= at_ms && at_ms < self.end_ms
    }
}

/// Something a person does to the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intervention {
    /// The root cause is fixed: from then on no attempt fails and no outage
    /// starts (one already under way ends).
    FixCause,
    /// This dead letter goes back into delivery: same id, a new cycle of retries.
    RetryDeadLetter(u32),
    /// Every event in the dead-letter queue at that moment, likewise.
    RetryAllDeadLetters,
}

/// An intervention and its simulated time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timed {
    pub at_ms: u64,
    pub what: Intervention,
}

/// Everything besides chance that shapes a run. Interventions are kept in
/// time order (ties in the order they were made): the engine applies them at
/// their times, after every delivery due at the same instant, which is what
/// a learner clicking at that clock saw.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plan {
    outages: Vec<Outage>,
    interventions: Vec<Timed>,
}

impl Plan {
    /// Validates against `limits` and sorts the interventions by time.
    pub fn new(outages: Vec<Outage>, mut interventions: Vec<Timed>) -> Result<Self, ConfigError> {
        use limits::check;
        check(outages.len() <= limits::OUTAGES_MAX, "outage", || format!("at most {} windows", limits::OUTAGES_MAX))?;
        check(outages.iter().all(|o| o.start_ms < o.end_ms && o.end_ms <= limits::PLAN_TIME_MS_MAX), "outage", || {
            format!("START..END with START < END ≤ {} s", limits::PLAN_TIME_MS_MAX / 1_000)
        })?;
        check(interventions.len() <= limits::INTERVENTIONS_MAX, "intervention", || {
            format!("at most {}", limits::INTERVENTIONS_MAX)
        })?;
        check(interventions.iter().all(|t| t.at_ms <= limits::PLAN_TIME_MS_MAX), "intervention", || {
            format!("at a time ≤ {} s", limits::PLAN_TIME_MS_MAX / 1_000)
        })?;
        sort_by_time(&mut interventions);
        Ok(Self { outages, interventions })
    }

    pub fn is_empty(&self) -> bool {
        self.outages.is_empty() && self.interventions.is_empty()
    }

    pub fn outages(&self) -> &[Outage] {
        &self.outages
    }

    pub fn interventions(&self) -> &[Timed] {
        &self.interventions
    }

    /// From this time on the cause is fixed (the earliest fix), if ever.
    pub fn fixed_from_ms(&self) -> Option<u64> {
        self.interventions.iter().find(|t| t.what == Intervention::FixCause).map(|t| t.at_ms)
    }

    /// The latest time the plan names: where a timeline must reach to show it.
    /// An outage ends where the cause is fixed (nothing fails after it), so a
    /// fixed run's axis ends with its story, not with the outage it cut.
    pub fn last_ms(&self) -> u64 {
        let fixed = self.fixed_from_ms().unwrap_or(u64::MAX);
        let outage_end = self.outages.iter().map(|o| o.end_ms.min(fixed.max(o.start_ms))).max().unwrap_or(0);
        let intervention = self.interventions.last().map_or(0, |t| t.at_ms);
        outage_end.max(intervention)
    }

    /// The same plan with one more intervention (rejected past the limits).
    pub fn with(&self, timed: Timed) -> Result<Self, ConfigError> {
        let mut interventions = self.interventions.clone();
        interventions.push(timed);
        Self::new(self.outages.clone(), interventions)
    }

    /// The same plan without the intervention at `index`.
    pub fn without(&self, index: usize) -> Self {
        let mut plan = self.clone();
        if index < plan.interventions.len() {
            plan.interventions.remove(index);
        }
        plan
    }
}

/// A stable insertion sort by time: ties keep the order they were made in.
/// Plans are short and almost always already sorted (a learner records
/// interventions at a clock that only moves forward), where this is one
/// pass; the standard library's stable sort would add about 5 KB to the
/// page's module for nothing.
fn sort_by_time(interventions: &mut [Timed]) {
    for i in 1..interventions.len() {
        let mut j = i;
        while j > 0 && interventions[j - 1].at_ms > interventions[j].at_ms {
            interventions.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// What the batch checks per delivery, computed once from the plan.
#[derive(Clone, Copy, Debug)]
pub(super) enum Condition {
    /// Chance alone decides.
    Normal,
    /// Inside an outage before any fix: the attempt fails, no effect.
    Down,
    /// At or after the fix: the attempt succeeds.
    Fixed,
}

impl Plan {
    #[inline]
    pub(super) fn condition_at(&self, fixed_from_ms: u64, at_ms: u64) -> Condition {
        if at_ms >= fixed_from_ms {
            Condition::Fixed
        } else if self.outages.iter().any(|o| o.contains(at_ms)) {
            Condition::Down
        } else {
            Condition::Normal
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_by_time_is_stable() {
        let t = |at_ms, event| Timed { at_ms, what: Intervention::RetryDeadLetter(event) };
        let mut timed = [t(5, 0), t(1, 1), t(5, 2), t(0, 3), t(1, 4)];
        sort_by_time(&mut timed);
        assert_eq!(timed, [t(0, 3), t(1, 1), t(1, 4), t(5, 0), t(5, 2)]);
    }

    #[test]
    fn rejects_empty_or_inverted_windows_and_sorts_interventions() {
        assert!(Plan::new(vec![Outage { start_ms: 5, end_ms: 5 }], vec![]).is_err());
        assert!(Plan::new(vec![Outage { start_ms: 6, end_ms: 5 }], vec![]).is_err());
        let plan = Plan::new(
            vec![Outage { start_ms: 0, end_ms: 600_000 }],
            vec![
                Timed { at_ms: 2_100_000, what: Intervention::RetryAllDeadLetters },
                Timed { at_ms: 2_000_000, what: Intervention::FixCause },
            ],
        )
        .unwrap();
        assert_eq!(plan.interventions()[0].what, Intervention::FixCause);
        assert_eq!(plan.fixed_from_ms(), Some(2_000_000));
        assert_eq!(plan.last_ms(), 2_100_000);
        // An outage the fix cuts: the plan ends with the story (lesson 000's
        // `outage-story`: down 0–3,600 s, fixed and retried at 2,100 s).
        let cut = Plan::new(
            vec![Outage { start_ms: 0, end_ms: 3_600_000 }],
            vec![
                Timed { at_ms: 2_100_000, what: Intervention::FixCause },
                Timed { at_ms: 2_100_000, what: Intervention::RetryAllDeadLetters },
            ],
        )
        .unwrap();
        assert_eq!(cut.last_ms(), 2_100_000);
        let unfixed = Plan::new(vec![Outage { start_ms: 0, end_ms: 3_600_000 }], vec![]).unwrap();
        assert_eq!(unfixed.last_ms(), 3_600_000);
        assert!(matches!(plan.condition_at(2_000_000, 10), Condition::Down));
        assert!(matches!(plan.condition_at(2_000_000, 600_000), Condition::Normal));
        assert!(matches!(plan.condition_at(2_000_000, 2_000_000), Condition::Fixed));
    }
}
