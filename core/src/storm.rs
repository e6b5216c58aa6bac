//! Lesson 003: a retry storm. N clients each need one successful call to a
//! dependency that is down from 0 until it recovers, then serves at most C
//! calls per second (a token bucket of C tokens, full at the moment of
//! recovery, refilled continuously at C per second). What it does with more
//! is its [`Behaviour`]: a fragile one falls over again when a burst passes
//! what it can absorb (the lesson's «tumba la dependencia que acaba de
//! recuperarse»), a shedding one answers what it can and refuses the rest.
//! Each client retries by a strategy; a shared retry budget (gRPC's
//! retryThrottling) and a circuit breaker in front of the dependency are
//! optional.
//!
//! Time is in integer microseconds (bases go down to milliseconds and
//! jitter draws land between them); every random draw comes from a PCG
//! stream per client, so the same config gives the same run on every target.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::draws::{pcg, uniform_inclusive, Stream};
use crate::limits::{check, ConfigError};

const US_PER_S: u64 = 1_000_000;
/// The window of the peak rate, as the page's histogram bins.
pub const PEAK_WINDOW_US: u64 = 100_000;
/// Tokens are counted in millionths, so a bucket refilled at C per second
/// gains exactly C millionths per microsecond.
const MICRO: u64 = 1_000_000;
/// Budget tokens in thousandths (gRPC's `tokenRatio` has three decimals).
const MILLI: u64 = 1_000;

/// Page and CLI bounds, checked by [`StormConfig::validate`].
pub mod bounds {
    pub const CLIENTS_MAX: u32 = 1_000;
    pub const ATTEMPTS_MAX: u32 = 10;
    pub const BASE_MS_MAX: u64 = 60_000;
    pub const RECOVER_S_MAX: u64 = 3_600;
    pub const CAPACITY_MAX: u32 = 100_000;
}

/// How a client waits after a failed call (the formulas of the AWS study,
/// with lesson 003's count: the wait after failed attempt i, from 0, is
/// based on base·2^i).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// No wait at all.
    Immediate,
    /// Always `base`.
    Fixed,
    /// base·2^i, no jitter: every client retries at the same instants.
    #[default]
    Exponential,
    /// Uniform in [0, base·2^i): lesson 003's `random.uniform(0, base * 2 ** i)`.
    Full,
    /// base·2^i / 2 + uniform in [0, base·2^i / 2).
    Equal,
    /// Uniform in [base, 3 × the previous wait] (the first previous is base),
    /// capped at the largest exponential wait.
    Decorrelated,
}

impl Strategy {
    pub const ALL: [Strategy; 6] = [
        Strategy::Immediate,
        Strategy::Fixed,
        Strategy::Exponential,
        Strategy::Full,
        Strategy::Equal,
        Strategy::Decorrelated,
    ];

    /// The CLI's and the links' word for it.
    pub const fn code(self) -> &'static str {
        match self {
            Strategy::Immediate => "immediate",
            Strategy::Fixed => "fixed",
            Strategy::Exponential => "none",
            Strategy::Full => "full",
            Strategy::Equal => "equal",
            Strategy::Decorrelated => "decorrelated",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Whether the waits are drawn (the others are the same for every client).
    pub const fn is_random(self) -> bool {
        matches!(self, Strategy::Full | Strategy::Equal | Strategy::Decorrelated)
    }
}

/// What the dependency does, once back, with more calls than it serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Behaviour {
    /// Falls over again: more than `overload_factor` × C calls per second
    /// over a window of [`PEAK_WINDOW_US`] knock it down for `recovery_ms`,
    /// after which it is back with a full bucket; it may fall again, and
    /// again (a metastable failure).
    Fragile { overload_factor: u32, recovery_ms: u64 },
    /// Sheds the excess: the bucket answers what it can, the rest are
    /// refused at once, and it stays up (a load shedder in front of it).
    Shedding,
}

impl Behaviour {
    /// The lab's default: four times its capacity in a tenth of a second (20
    /// calls at 50 per second) knocks it down for one second.
    pub const FRAGILE: Behaviour = Behaviour::Fragile { overload_factor: 4, recovery_ms: 1_000 };

    pub const fn code(self) -> &'static str {
        match self {
            Behaviour::Fragile { .. } => "fragile",
            Behaviour::Shedding => "shedding",
        }
    }
}

/// gRPC's retryThrottling, shared by every client: each failure takes one
/// token, each success gives back `token_ratio`; no retry while the tokens
/// are at or below half of `max_tokens`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    pub max_tokens: u32,
    /// Thousandths of a token (gRPC's example: 0.1 → 100).
    pub token_ratio_milli: u32,
}

/// A circuit breaker in front of the dependency, shared by every client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Breaker {
    /// Consecutive failures that open it.
    pub failures_to_open: u32,
    /// How long it stays open (calls fail fast with the fallback).
    pub open_ms: u64,
    /// Trial calls let through once half-open.
    pub half_open_calls: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StormConfig {
    pub clients: u32,
    /// The dependency is down during [0, recover_at_ms).
    pub recover_at_ms: u64,
    pub capacity_per_s: u32,
    pub behaviour: Behaviour,
    pub strategy: Strategy,
    pub base_ms: u64,
    /// Calls per client at most, the first included (lesson 003's `max_attempts`).
    pub attempts_max: u32,
    pub seed: u64,
    pub budget: Option<Budget>,
    pub breaker: Option<Breaker>,
}

impl Default for StormConfig {
    /// Lesson 003's `retry()` (5 attempts, base 0.2 s) for 100 clients
    /// against a dependency back at 1 s with 50 calls per second.
    fn default() -> Self {
        Self {
            clients: 100,
            recover_at_ms: 1_000,
            capacity_per_s: 50,
            behaviour: Behaviour::FRAGILE,
            strategy: Strategy::Exponential,
            base_ms: 200,
            attempts_max: 5,
            seed: 0,
            budget: None,
            breaker: None,
        }
    }
}

impl StormConfig {
    /// Calls one run makes at most (every client, every attempt): its work.
    pub fn calls_bound(&self) -> u64 {
        u64::from(self.clients) * u64::from(self.attempts_max)
    }

    pub fn validate(&self) -> Result<(), ConfigError> {
        check((1..=bounds::CLIENTS_MAX).contains(&self.clients), "clients", || format!("1..={}", bounds::CLIENTS_MAX))?;
        check((1..=bounds::ATTEMPTS_MAX).contains(&self.attempts_max), "attempts", || {
            format!("1..={}", bounds::ATTEMPTS_MAX)
        })?;
        check((1..=bounds::BASE_MS_MAX).contains(&self.base_ms), "base-ms", || format!("1..={}", bounds::BASE_MS_MAX))?;
        check(self.recover_at_ms <= bounds::RECOVER_S_MAX * 1_000, "recover-at-s", || {
            format!("0..={}", bounds::RECOVER_S_MAX)
        })?;
        check((1..=bounds::CAPACITY_MAX).contains(&self.capacity_per_s), "capacity-per-s", || {
            format!("1..={}", bounds::CAPACITY_MAX)
        })?;
        if let Behaviour::Fragile { overload_factor, recovery_ms } = self.behaviour {
            check((1..=100).contains(&overload_factor), "overload-factor", || "1..=100".into())?;
            check((1..=bounds::RECOVER_S_MAX * 1_000).contains(&recovery_ms), "recovery-ms", || {
                format!("1..={}", bounds::RECOVER_S_MAX * 1_000)
            })?;
        }
        if let Some(b) = self.budget {
            check((1..=1_000).contains(&b.max_tokens), "budget-tokens", || "1..=1000".into())?;
            check(b.token_ratio_milli <= 1_000 * b.max_tokens, "budget-ratio", || "0..=max tokens".into())?;
        }
        if let Some(b) = self.breaker {
            check((1..=1_000).contains(&b.failures_to_open), "breaker-failures", || "1..=1000".into())?;
            check((1..=3_600_000).contains(&b.open_ms), "breaker-open-ms", || "1..=3600000".into())?;
            check((1..=100).contains(&b.half_open_calls), "breaker-trials", || "1..=100".into())?;
        }
        Ok(())
    }

    /// Calls a fragile dependency takes in one window of [`PEAK_WINDOW_US`]
    /// without falling over (`overload_factor` × C per second over the
    /// window, at least 1); None for one that sheds the excess.
    pub fn absorbs_per_window(&self) -> Option<u64> {
        let Behaviour::Fragile { overload_factor, .. } = self.behaviour else { return None };
        Some((u64::from(overload_factor) * u64::from(self.capacity_per_s) * PEAK_WINDOW_US / US_PER_S).max(1))
    }

    /// The longest exponential wait, base·2^(attempts−2): decorrelated
    /// jitter's cap (the others never exceed it).
    pub fn cap_us(&self) -> u64 {
        (self.base_ms * 1_000) << self.attempts_max.saturating_sub(2)
    }

    /// The wait after failed attempt `i` (from 0), given the previous wait.
    fn wait_us(&self, i: u32, previous_us: u64, rng: &mut rand_pcg::Pcg32) -> u64 {
        let base_us = self.base_ms * 1_000;
        let exp_us = base_us << i;
        match self.strategy {
            Strategy::Immediate => 0,
            Strategy::Fixed => base_us,
            Strategy::Exponential => exp_us,
            Strategy::Full => uniform_inclusive(rng, exp_us - 1),
            Strategy::Equal => exp_us / 2 + uniform_inclusive(rng, (exp_us / 2).max(1) - 1),
            Strategy::Decorrelated => {
                let high = (previous_us * 3).max(base_us);
                (base_us + uniform_inclusive(rng, high - base_us)).min(self.cap_us())
            }
        }
    }

    /// One client's waits if every call failed: `attempts_max − 1` of them.
    pub fn waits_us(&self, client: u32) -> Vec<u64> {
        let mut rng = pcg(self.seed, Stream::Storm, u64::from(client));
        let mut previous_us = self.base_ms * 1_000;
        (0..self.attempts_max.saturating_sub(1))
            .map(|i| {
                previous_us = self.wait_us(i, previous_us, &mut rng);
                previous_us
            })
            .collect()
    }
}

/// What became of one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallOutcome {
    Ok,
    /// Up, but no token was left.
    Overloaded,
    /// During the outage.
    Down,
    /// The breaker was open: the fallback answered, the dependency never saw it.
    Rejected,
}

impl CallOutcome {
    pub const ALL: [CallOutcome; 4] =
        [CallOutcome::Ok, CallOutcome::Overloaded, CallOutcome::Down, CallOutcome::Rejected];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    pub at_us: u64,
    pub client: u32,
    /// From 0 (the first call).
    pub attempt: u32,
    pub outcome: CallOutcome,
}

/// How a client ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClientEnd {
    Succeeded {
        at_us: u64,
    },
    /// «se agotaron los N intentos».
    Exhausted,
    /// The retry budget refused its next retry.
    Throttled,
    /// Its last attempt was refused by the open breaker: the fallback answered.
    Fallback,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BreakerState {
    Closed,
    Open,
    HalfOpen,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StormCounters {
    /// Every call a client made, fast-failed ones included.
    pub calls: u64,
    /// Calls that reached the dependency (not answered by the open breaker).
    pub calls_to_dependency: u64,
    pub succeeded: u32,
    pub exhausted: u32,
    pub throttled: u32,
    /// Clients whose last attempt got the fallback.
    pub ended_on_fallback: u32,
    /// Calls the open breaker answered with the fallback.
    pub fallbacks: u64,
    /// The peak load on the dependency once it is back: calls per second
    /// over the busiest 100 ms window [t, t + 100 ms) from the recovery on
    /// (the histogram's bin): a synchronized spike of 100 calls is 1,000
    /// per second. (Every client's first call is at 0, jitter or not.)
    pub peak_calls_per_s: u64,
    pub last_success_us: Option<u64>,
    /// Times the dependency fell over again once back (fragile only).
    pub collapses: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StormRun {
    pub config: StormConfig,
    /// In time order; ties in client order.
    pub calls: Vec<Call>,
    pub ends: Vec<ClientEnd>,
    /// The breaker's state changes, from `Closed` at 0 (one entry without a breaker).
    pub breaker_strip: Vec<(u64, BreakerState)>,
    /// Each time the dependency fell over again: (when, back at), µs.
    pub collapses: Vec<(u64, u64)>,
    pub counters: StormCounters,
}

/// The dependency: down until it recovers, then a token bucket; a fragile
/// one falls over again under a burst.
struct Dependency {
    recover_at_us: u64,
    capacity_micro: u64,
    refill_micro_per_us: u64,
    tokens_micro: u64,
    refilled_at_us: u64,
    behaviour: Behaviour,
    /// `StormConfig::absorbs_per_window`.
    absorbs: Option<u64>,
    /// Calls it took within the last window (fragile), oldest first.
    recent_us: std::collections::VecDeque<u64>,
    collapses: Vec<(u64, u64)>,
}

impl Dependency {
    fn new(cfg: &StormConfig) -> Self {
        let capacity_micro = u64::from(cfg.capacity_per_s) * MICRO;
        let recover_at_us = cfg.recover_at_ms * 1_000;
        Self {
            recover_at_us,
            capacity_micro,
            refill_micro_per_us: u64::from(cfg.capacity_per_s),
            tokens_micro: capacity_micro,
            refilled_at_us: recover_at_us,
            behaviour: cfg.behaviour,
            absorbs: cfg.absorbs_per_window(),
            recent_us: std::collections::VecDeque::new(),
            collapses: Vec::new(),
        }
    }

    /// A fragile dependency taking a call at `at_us`: whether it falls over
    /// (more calls in the window than it absorbs), and then until when.
    fn falls_over(&mut self, at_us: u64) -> bool {
        let (Behaviour::Fragile { recovery_ms, .. }, Some(absorbs)) = (self.behaviour, self.absorbs) else {
            return false;
        };
        while self.recent_us.front().is_some_and(|&t| t + PEAK_WINDOW_US <= at_us) {
            self.recent_us.pop_front();
        }
        self.recent_us.push_back(at_us);
        if (self.recent_us.len() as u64) <= absorbs {
            return false;
        }
        let back_us = at_us + recovery_ms * 1_000;
        self.collapses.push((at_us, back_us));
        self.recent_us.clear();
        // Back with a full bucket, as after the first outage.
        self.recover_at_us = back_us;
        self.tokens_micro = self.capacity_micro;
        self.refilled_at_us = back_us;
        true
    }

    fn call(&mut self, at_us: u64) -> CallOutcome {
        if at_us < self.recover_at_us || self.falls_over(at_us) {
            return CallOutcome::Down;
        }
        let gained = (at_us - self.refilled_at_us).saturating_mul(self.refill_micro_per_us);
        self.tokens_micro = self.tokens_micro.saturating_add(gained).min(self.capacity_micro);
        self.refilled_at_us = at_us;
        if self.tokens_micro >= MICRO {
            self.tokens_micro -= MICRO;
            CallOutcome::Ok
        } else {
            CallOutcome::Overloaded
        }
    }
}

/// The breaker's state machine (Fowler's): closed → open after K
/// consecutive failures; open fails fast until its wait ends; half-open
/// lets trial calls through: a success closes it, a failure reopens it.
struct BreakerRun {
    cfg: Breaker,
    state: BreakerState,
    consecutive_failures: u32,
    open_until_us: u64,
    trials_left: u32,
}

impl BreakerRun {
    /// Whether this call may go to the dependency; records state changes.
    fn admit(&mut self, at_us: u64, strip: &mut Vec<(u64, BreakerState)>) -> bool {
        if self.state == BreakerState::Open && at_us >= self.open_until_us {
            self.set(BreakerState::HalfOpen, at_us, strip);
            self.trials_left = self.cfg.half_open_calls;
        }
        match self.state {
            BreakerState::Closed => true,
            BreakerState::Open => false,
            BreakerState::HalfOpen if self.trials_left > 0 => {
                self.trials_left -= 1;
                true
            }
            BreakerState::HalfOpen => false,
        }
    }

    fn record(&mut self, at_us: u64, ok: bool, strip: &mut Vec<(u64, BreakerState)>) {
        if ok {
            self.consecutive_failures = 0;
            if self.state == BreakerState::HalfOpen {
                self.set(BreakerState::Closed, at_us, strip);
            }
            return;
        }
        self.consecutive_failures += 1;
        if self.state == BreakerState::HalfOpen || self.consecutive_failures >= self.cfg.failures_to_open {
            self.open_until_us = at_us + self.cfg.open_ms * 1_000;
            self.consecutive_failures = 0;
            self.set(BreakerState::Open, at_us, strip);
        }
    }

    fn set(&mut self, state: BreakerState, at_us: u64, strip: &mut Vec<(u64, BreakerState)>) {
        if self.state != state {
            self.state = state;
            strip.push((at_us, state));
        }
    }
}

/// The shared retry budget, in thousandths of a token.
struct BudgetRun {
    max_milli: u64,
    ratio_milli: u64,
    tokens_milli: u64,
}

impl BudgetRun {
    fn record(&mut self, ok: bool) {
        self.tokens_milli = if ok {
            (self.tokens_milli + self.ratio_milli).min(self.max_milli)
        } else {
            self.tokens_milli.saturating_sub(MILLI)
        };
    }

    fn allows_retry(&self) -> bool {
        self.tokens_milli > self.max_milli / 2
    }
}

impl StormRun {
    /// Runs the storm to its end (every client succeeded or gave up).
    pub fn new(config: StormConfig) -> Result<Self, ConfigError> {
        config.validate()?;
        let clients = config.clients as usize;
        let mut dependency = Dependency::new(&config);
        let mut breaker = config.breaker.map(|cfg| BreakerRun {
            cfg,
            state: BreakerState::Closed,
            consecutive_failures: 0,
            open_until_us: 0,
            trials_left: 0,
        });
        let mut budget = config.budget.map(|b| BudgetRun {
            max_milli: u64::from(b.max_tokens) * MILLI,
            ratio_milli: u64::from(b.token_ratio_milli),
            tokens_milli: u64::from(b.max_tokens) * MILLI,
        });
        let mut rngs: Vec<_> = (0..config.clients).map(|c| pcg(config.seed, Stream::Storm, u64::from(c))).collect();
        let mut previous_wait_us = vec![config.base_ms * 1_000; clients];
        let mut ends = vec![ClientEnd::Exhausted; clients];
        let mut calls = Vec::new();
        let mut strip = vec![(0, BreakerState::Closed)];
        // (time, client, attempt): ties are served in client order.
        let mut agenda: BinaryHeap<Reverse<(u64, u32, u32)>> =
            (0..config.clients).map(|c| Reverse((0, c, 0))).collect();
        while let Some(Reverse((at_us, client, attempt))) = agenda.pop() {
            let admitted = breaker.as_mut().is_none_or(|b| b.admit(at_us, &mut strip));
            let outcome = if admitted { dependency.call(at_us) } else { CallOutcome::Rejected };
            calls.push(Call { at_us, client, attempt, outcome });
            let c = client as usize;
            if admitted {
                let ok = outcome == CallOutcome::Ok;
                if let Some(b) = breaker.as_mut() {
                    b.record(at_us, ok, &mut strip);
                }
                if let Some(b) = budget.as_mut() {
                    b.record(ok);
                }
            }
            // A call the open breaker refused is answered by the fallback
            // and counts as a failed attempt: the client retries as after
            // any failure, and ends on the fallback if it has no attempt left.
            ends[c] = match outcome {
                CallOutcome::Ok => ClientEnd::Succeeded { at_us },
                CallOutcome::Rejected if attempt + 1 >= config.attempts_max => ClientEnd::Fallback,
                _ if attempt + 1 >= config.attempts_max => ClientEnd::Exhausted,
                _ if budget.as_ref().is_some_and(|b| !b.allows_retry()) => ClientEnd::Throttled,
                _ => {
                    let wait_us = config.wait_us(attempt, previous_wait_us[c], &mut rngs[c]);
                    previous_wait_us[c] = wait_us;
                    agenda.push(Reverse((at_us + wait_us, client, attempt + 1)));
                    continue;
                }
            };
        }
        let mut counters = count(&calls, &ends, config.recover_at_ms * 1_000);
        counters.collapses = dependency.collapses.len() as u32;
        Ok(Self { config, calls, ends, breaker_strip: strip, collapses: dependency.collapses, counters })
    }

    /// Calls per bin of `bin_us`, by outcome (in [`CallOutcome::ALL`]'s order),
    /// from 0 to the last call.
    pub fn histogram(&self, bin_us: u64) -> Vec<[u32; 4]> {
        let bins = self.calls.last().map_or(0, |c| c.at_us / bin_us + 1) as usize;
        let mut histogram = vec![[0u32; 4]; bins];
        for call in &self.calls {
            let slot = CallOutcome::ALL.iter().position(|o| *o == call.outcome).unwrap_or(0);
            histogram[(call.at_us / bin_us) as usize][slot] += 1;
        }
        histogram
    }

    /// The breaker's state at a time.
    pub fn breaker_at(&self, at_us: u64) -> BreakerState {
        self.breaker_strip.iter().take_while(|(t, _)| *t <= at_us).last().map_or(BreakerState::Closed, |(_, s)| *s)
    }
}

fn count(calls: &[Call], ends: &[ClientEnd], recover_at_us: u64) -> StormCounters {
    let mut counters = StormCounters { calls: calls.len() as u64, ..StormCounters::default() };
    for end in ends {
        match end {
            ClientEnd::Succeeded { at_us } => {
                counters.succeeded += 1;
                counters.last_success_us = Some(counters.last_success_us.map_or(*at_us, |t| t.max(*at_us)));
            }
            ClientEnd::Exhausted => counters.exhausted += 1,
            ClientEnd::Throttled => counters.throttled += 1,
            ClientEnd::Fallback => counters.ended_on_fallback += 1,
        }
    }
    let reaching: Vec<u64> = calls.iter().filter(|c| c.outcome != CallOutcome::Rejected).map(|c| c.at_us).collect();
    counters.calls_to_dependency = reaching.len() as u64;
    counters.fallbacks = counters.calls - counters.calls_to_dependency;
    let recovered = reaching.partition_point(|&t| t < recover_at_us);
    counters.peak_calls_per_s = most_in_window(&reaching[recovered..], PEAK_WINDOW_US) * (US_PER_S / PEAK_WINDOW_US);
    counters
}

/// Most times in any window [t, t + width) (times sorted).
pub fn most_in_window(times_us: &[u64], width_us: u64) -> u64 {
    let mut start = 0;
    let mut most = 0;
    for (end, &t) in times_us.iter().enumerate() {
        while times_us[start] + width_us <= t {
            start += 1;
        }
        most = most.max((end + 1 - start) as u64);
    }
    most
}

/// Retries at every layer: `retries` retries (so 1 + retries attempts) at
/// each of `layers` layers make (1 + retries)^layers calls at the bottom
/// one for a single request, in the worst case.
pub fn amplification(retries: u32, layers: u32) -> u64 {
    (1 + u64::from(retries)).saturating_pow(layers)
}

pub mod invariants;

#[cfg(test)]
mod tests;
