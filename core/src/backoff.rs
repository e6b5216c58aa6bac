//! Retry waits. The lesson's rule is deterministic: retry n waits
//! `base · 2^(n-1)`. The AWS jitter strategies are offered for comparison.

use rand_pcg::Pcg32;

use crate::draws::uniform_inclusive;

/// How a retry's wait is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Jitter {
    /// `base · 2^(n-1)`, the lesson's rule: every wait can be predicted from a log.
    #[default]
    None,
    /// Uniform in `[0, base · 2^(n-1)]` (AWS "full jitter").
    Full,
    /// Half the deterministic wait plus uniform in `[0, half]` (AWS "equal jitter").
    Equal,
    /// Uniform in `[base, 3 · previous wait]`, capped at the deterministic
    /// wait of the last retry (AWS "decorrelated jitter").
    Decorrelated,
}

impl Jitter {
    pub const ALL: [Jitter; 4] = [Jitter::None, Jitter::Full, Jitter::Equal, Jitter::Decorrelated];

    pub const fn name(self) -> &'static str {
        match self {
            Jitter::None => "none",
            Jitter::Full => "full",
            Jitter::Equal => "equal",
            Jitter::Decorrelated => "decorrelated",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|j| j.name() == text)
    }
}

/// The retry policy: original delivery plus up to `retries_max` retries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Backoff {
    pub base_s: u32,
    pub retries_max: u32,
    pub jitter: Jitter,
}

impl Default for Backoff {
    /// The lesson's table: base 30 s, six retries, no jitter.
    fn default() -> Self {
        Self { base_s: 30, retries_max: 6, jitter: Jitter::None }
    }
}

impl Backoff {
    /// Deterministic wait before retry `retry_n` (1-based), in ms.
    pub fn deterministic_wait_ms(&self, retry_n: u32) -> u64 {
        debug_assert!(retry_n >= 1);
        u64::from(self.base_s) * 1_000 * (1u64 << (retry_n - 1).min(62))
    }

    /// The deterministic schedule, one wait per retry, in seconds.
    pub fn schedule_s(&self) -> Vec<u64> {
        (1..=self.retries_max).map(|n| self.deterministic_wait_ms(n) / 1_000).collect()
    }

    /// Sum of the deterministic schedule, seconds (1,890 s for the lesson).
    pub fn total_s(&self) -> u64 {
        self.schedule_s().iter().sum()
    }

    /// One sampled wait per retry, ms, from the jitter stream of `seed`
    /// (equal to the deterministic schedule when there is no jitter).
    pub fn sample_waits_ms(&self, seed: u64) -> Vec<u64> {
        let mut rng = crate::draws::pcg(seed, crate::draws::Stream::Jitter, 0);
        let mut previous_ms = 0;
        (1..=self.retries_max)
            .map(|n| {
                previous_ms = self.wait_ms(n, previous_ms, &mut rng);
                previous_ms
            })
            .collect()
    }

    /// The wait before retry `retry_n`, in ms. `previous_wait_ms` feeds the
    /// decorrelated strategy; the other strategies ignore it.
    pub(crate) fn wait_ms(&self, retry_n: u32, previous_wait_ms: u64, rng: &mut Pcg32) -> u64 {
        let exp_ms = self.deterministic_wait_ms(retry_n);
        match self.jitter {
            Jitter::None => exp_ms,
            Jitter::Full => uniform_inclusive(rng, exp_ms),
            Jitter::Equal => exp_ms / 2 + uniform_inclusive(rng, exp_ms - exp_ms / 2),
            Jitter::Decorrelated => {
                let base_ms = u64::from(self.base_s) * 1_000;
                let cap_ms = self.deterministic_wait_ms(self.retries_max.max(1));
                let previous_ms = previous_wait_ms.max(base_ms);
                let upper_ms = previous_ms.saturating_mul(3).max(base_ms);
                (base_ms + uniform_inclusive(rng, upper_ms - base_ms)).min(cap_ms)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draws::{pcg, Stream};

    #[test]
    fn lesson_schedule_is_30_to_960_seconds() {
        let backoff = Backoff::default();
        assert_eq!(backoff.schedule_s(), [30, 60, 120, 240, 480, 960]);
        assert_eq!(backoff.total_s(), 1_890);
    }

    #[test]
    fn jitter_stays_within_its_envelope() {
        let mut rng = pcg(99, Stream::Jitter, 0);
        for jitter in Jitter::ALL {
            let backoff = Backoff { jitter, ..Backoff::default() };
            let mut previous_ms = 0;
            for n in 1..=6 {
                let wait_ms = backoff.wait_ms(n, previous_ms, &mut rng);
                let exp_ms = backoff.deterministic_wait_ms(n);
                match jitter {
                    Jitter::None => assert_eq!(wait_ms, exp_ms),
                    Jitter::Full => assert!(wait_ms <= exp_ms),
                    Jitter::Equal => assert!((exp_ms / 2..=exp_ms).contains(&wait_ms)),
                    Jitter::Decorrelated => assert!((30_000..=960_000).contains(&wait_ms)),
                }
                previous_ms = wait_ms;
            }
        }
    }

    #[test]
    fn jitter_names_round_trip() {
        for jitter in Jitter::ALL {
            assert_eq!(Jitter::parse(jitter.name()), Some(jitter));
        }
        assert_eq!(Jitter::parse("sometimes"), None);
    }
}
