//! Lesson 003: a retry storm against a dependency that recovers, two wait
//! strategies side by side on the same seed, with an optional retry budget
//! and circuit breaker (the core's `storm` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::storm::{Behaviour, Breaker, Budget, Call, CallOutcome, StormConfig, StormRun, Strategy};
use retry_lab_core::Probability;

use crate::format::format_seconds;
use crate::i18n::Lang;
use crate::params::{int, probability, ratio, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

/// The page's bounds (the core's are wider; a page draws at most this).
pub const CLIENTS_MAX: u64 = 1_000;
pub const RECOVER_S_MAX: u64 = 60;
pub const CAPACITY_MAX: u64 = 1_000;
pub const BASE_MS_MAX: u64 = 5_000;

pub struct Storm;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub clients: u32,
    pub recover_s: u32,
    pub capacity_per_s: u32,
    /// Whether a burst knocks the dependency down again (the lesson's
    /// claim) or it sheds the excess and stays up.
    pub behaviour: Behaviour,
    /// The two strategies compared, left and right.
    pub strategies: [Strategy; 2],
    pub base_ms: u32,
    pub attempts_max: u32,
    pub budget_on: bool,
    pub budget_tokens: u32,
    /// gRPC's tokenRatio, a fraction of a token per success.
    pub budget_ratio: Probability,
    pub breaker_on: bool,
    pub breaker_failures: u32,
    pub breaker_open_ms: u32,
    pub breaker_trials: u32,
}

impl Default for Params {
    /// Lesson 003's retry() (5 attempts, base 0.2 s) for 100 clients, the
    /// dependency back at 1 s with 50 calls per second and fragile (a burst
    /// knocks it down again); without jitter on the left, full jitter (the
    /// lesson's) on the right. Budget: gRPC's example (10 tokens, 0.1 per
    /// success).
    fn default() -> Self {
        Self {
            clients: 100,
            recover_s: 1,
            capacity_per_s: 50,
            behaviour: Behaviour::FRAGILE,
            strategies: [Strategy::Exponential, Strategy::Full],
            base_ms: 200,
            attempts_max: 5,
            budget_on: false,
            budget_tokens: 10,
            budget_ratio: Probability::from_ppm(100_000).expect("in range"),
            breaker_on: false,
            breaker_failures: 5,
            breaker_open_ms: 1_000,
            breaker_trials: 1,
        }
    }
}

impl Params {
    /// The core's config for one side.
    pub fn config(&self, side: usize, shared: &Shared) -> StormConfig {
        StormConfig {
            clients: self.clients,
            recover_at_ms: u64::from(self.recover_s) * 1_000,
            capacity_per_s: self.capacity_per_s,
            behaviour: self.behaviour,
            strategy: self.strategies[side],
            base_ms: u64::from(self.base_ms),
            attempts_max: self.attempts_max,
            seed: shared.seed,
            budget: self.budget_on.then(|| Budget {
                max_tokens: self.budget_tokens,
                token_ratio_milli: (self.budget_ratio.ppm() / 1_000).min(self.budget_tokens * 1_000),
            }),
            breaker: self.breaker_on.then_some(Breaker {
                failures_to_open: self.breaker_failures,
                open_ms: u64::from(self.breaker_open_ms),
                half_open_calls: self.breaker_trials,
            }),
        }
    }
}

/// Both sides' runs, recomputed when a parameter changes (a run is at most
/// 1,000 clients × 10 calls).
#[derive(Clone)]
pub struct State {
    pub runs: [Option<Rc<StormRun>>; 2],
}

fn runs(params: &Params, shared: &Shared) -> [Option<Rc<StormRun>>; 2] {
    [0, 1].map(|side| StormRun::new(params.config(side, shared)).ok().map(Rc::new))
}

/// Where the lesson's claim («reintentar todo al mismo tiempo tumba la
/// dependencia»; jitter spreads the calls) stands at this setting, from the
/// two runs the figure draws: one synchronized side, one jittered. None
/// when the sides are not that pair, or the dependency sheds the excess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every client spent its attempts before the dependency came back, on
    /// both sides: nobody gets through, with or without jitter.
    NobodyInTime,
    /// A side gave up before the dependency came back because the retry
    /// budget ran out, not its attempts: the budget decides, and more
    /// attempts would change nothing (it said «todos ya gastaron sus 5
    /// intentos… más intentos estiran la espera» beside «agotaron 0»).
    BudgetCut,
    /// The synchronized side spent its attempts before the dependency came
    /// back (`spread_ok` jittered clients waited long enough): how long
    /// the waits are decides here, not the wave.
    SyncTooSoon { spread_ok: u32 },
    /// The synchronized wave does not knock it down: jitter has nothing to
    /// fix; `fewer` jittered clients got through than synchronized ones
    /// (full jitter waits half as long on average and runs out of attempts).
    NothingToFix { fewer: u32 },
    /// Jitter helps the dependency: it stays up (`spread` 0), or falls
    /// fewer times with more clients through; `fewer` jittered clients ran
    /// out of attempts that synchronized ones did not (full jitter's
    /// shorter mean wait).
    JitterSaves { sync: u32, spread: u32, fewer: u32 },
    /// Jitter does no better: its windows are too narrow for this many
    /// clients (about `per_window` calls per 100 ms in the widest).
    TooMany { per_window: u64 },
    /// The dependency sheds what passes its capacity instead of falling: no
    /// wave knocks it down, jitter has nothing to fix, and `fewer` jittered
    /// clients get through (the shedding preset showed 100 of 100 without
    /// jitter, 78 with it, and no word why; with the breaker most of the
    /// rest end on its fallback, not out of attempts).
    Sheds { fewer: u32 },
}

impl Params {
    pub fn verdict(&self, runs: &[Option<Rc<StormRun>>; 2]) -> Option<Verdict> {
        let [Some(a), Some(b)] = runs else { return None };
        let (sync, spread) = match (a.config.strategy.is_random(), b.config.strategy.is_random()) {
            (false, true) => (a, b),
            (true, false) => (b, a),
            _ => return None,
        };
        let (s, j) = (&sync.counters, &spread.counters);
        let cut = |run: &StormRun| spent_before_back(run) && run.counters.throttled > run.counters.exhausted;
        Some(if cut(sync) || cut(spread) {
            Verdict::BudgetCut
        } else if spent_before_back(sync) && spent_before_back(spread) {
            Verdict::NobodyInTime
        } else if spent_before_back(sync) {
            Verdict::SyncTooSoon { spread_ok: j.succeeded }
        } else if self.behaviour == Behaviour::Shedding {
            Verdict::Sheds { fewer: s.succeeded.saturating_sub(j.succeeded) }
        } else if s.collapses == 0 {
            Verdict::NothingToFix { fewer: s.succeeded.saturating_sub(j.succeeded) }
        } else if j.collapses == 0 || (j.collapses < s.collapses && j.succeeded > s.succeeded) {
            Verdict::JitterSaves {
                sync: s.collapses,
                spread: j.collapses,
                fewer: s.succeeded.saturating_sub(j.succeeded),
            }
        } else {
            Verdict::TooMany {
                per_window: u64::from(self.clients) * retry_lab_core::storm::PEAK_WINDOW_US
                    / spread.config.cap_us().max(1),
            }
        })
    }

    /// The figure's point: each side's clients through and collapses, then
    /// where the lesson's claim stands at this setting.
    pub fn insight(&self, lang: crate::i18n::Lang, runs: &[Option<Rc<StormRun>>; 2]) -> String {
        let t = strings::strings(lang);
        let sides = runs.iter().flatten().map(|run| {
            let strategy = &side_name(t, run);
            let c = &run.counters;
            if spent_before_back(run) {
                // Cut by the budget, not out of attempts: 0 «agotaron» beside 100 cut read as lost.
                (t.insight_too_soon)(strategy, run.config.clients, c.throttled > c.exhausted)
            } else {
                (t.insight)(strategy, c.succeeded, run.config.clients, c.collapses, c.ended_on_fallback)
            }
        });
        sides.chain(self.verdict_text(lang, runs)).collect::<Vec<_>>().join(" ")
    }

    /// The verdict in words, with this setting's numbers.
    pub fn verdict_text(&self, lang: crate::i18n::Lang, runs: &[Option<Rc<StormRun>>; 2]) -> Option<String> {
        let t = strings::strings(lang);
        let absorbs = runs.iter().flatten().next()?.config.absorbs_per_window().unwrap_or(0);
        let window = crate::format::seconds(u64::from(self.base_ms) << self.attempts_max.saturating_sub(2));
        Some(match self.verdict(runs)? {
            Verdict::NobodyInTime => (t.verdict_nobody_in_time)(self.attempts_max),
            Verdict::BudgetCut => t.verdict_budget_cut.to_owned(),
            Verdict::SyncTooSoon { spread_ok } => (t.verdict_sync_too_soon)(self.attempts_max, spread_ok),
            Verdict::NothingToFix { fewer } => (t.verdict_nothing_to_fix)(self.clients, fewer, self.attempts_max),
            // The sides' sentences already count the waves without jitter.
            Verdict::JitterSaves { spread, fewer, .. } => (t.verdict_jitter_saves)(spread, fewer, self.attempts_max),
            Verdict::TooMany { per_window } => (t.verdict_too_many)(self.clients, &window, per_window, absorbs),
            Verdict::Sheds { fewer } => (t.verdict_sheds)(fewer),
        })
    }
}

/// A side's strategy as the start of a sentence: «Jitter total: …», never
/// «… 2 veces. jitter total: …».
fn side_name(t: &strings::Strings, run: &StormRun) -> String {
    crate::format::as_sentence(
        t.strategy_labels[STRATEGY_CODES.iter().position(|s| *s == run.config.strategy.code()).unwrap_or(0)],
    )
}

/// Every call of the run came before the dependency was back: its clients
/// ran out of attempts first (none got through, none knocked it down).
fn spent_before_back(run: &StormRun) -> bool {
    run.calls.last().is_none_or(|c| c.at_us < run.config.recover_at_ms * 1_000)
}

const STRATEGY_CODES: &[&str] = &["immediate", "fixed", "none", "full", "equal", "decorrelated"];
const OFF_ON: &[&str] = &["off", "on"];
/// `dependency=`: the core's behaviours, by code.
const DEPENDENCY_CODES: &[&str] = &["fragile", "shedding"];
const DEPENDENCY: Domain =
    Domain::Choice { codes: DEPENDENCY_CODES, labels: |l| strings::strings(l).dependency_labels };

fn behaviour(v: &Value) -> Behaviour {
    if int(v) == 1 {
        Behaviour::Shedding
    } else {
        Behaviour::FRAGILE
    }
}

fn strategy(v: &Value) -> Strategy {
    Strategy::parse(STRATEGY_CODES[int(v) as usize % STRATEGY_CODES.len()]).unwrap_or_default()
}
fn strategy_value(s: Strategy) -> Value {
    Value::Int(STRATEGY_CODES.iter().position(|c| *c == s.code()).unwrap_or(2) as u64)
}
const STRATEGY: Domain = Domain::Choice { codes: STRATEGY_CODES, labels: |l| strings::strings(l).strategy_labels };
const SWITCH: Domain = Domain::Choice { codes: OFF_ON, labels: |l| strings::strings(l).off_on };

static PARAMS: [ParamSpec<Params>; 15] = [
    ParamSpec::keyed(
        "clients",
        Domain::int(1, CLIENTS_MAX, ""),
        |l| strings::strings(l).clients,
        |p| Value::Int(p.clients.into()),
        |p, v| p.clients = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "recover",
        Domain::int(0, RECOVER_S_MAX, "s"),
        |l| strings::strings(l).recover,
        |p| Value::Int(p.recover_s.into()),
        |p, v| p.recover_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "capacity",
        Domain::int(1, CAPACITY_MAX, "/s"),
        |l| strings::strings(l).capacity,
        |p| Value::Int(p.capacity_per_s.into()),
        |p, v| p.capacity_per_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dependency",
        DEPENDENCY,
        |l| strings::strings(l).dependency,
        |p| Value::Int(u64::from(p.behaviour == Behaviour::Shedding)),
        |p, v| p.behaviour = behaviour(&v),
    ),
    ParamSpec::keyed(
        "strategy_a",
        STRATEGY,
        |l| strings::strings(l).strategy_a,
        |p| strategy_value(p.strategies[0]),
        |p, v| p.strategies[0] = strategy(&v),
    ),
    ParamSpec::keyed(
        "strategy_b",
        STRATEGY,
        |l| strings::strings(l).strategy_b,
        |p| strategy_value(p.strategies[1]),
        |p, v| p.strategies[1] = strategy(&v),
    ),
    ParamSpec::keyed(
        "base_ms",
        Domain::int(1, BASE_MS_MAX, "ms"),
        |l| strings::strings(l).base_ms,
        |p| Value::Int(p.base_ms.into()),
        |p, v| p.base_ms = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "attempts",
        Domain::int(1, 10, ""),
        |l| strings::strings(l).attempts,
        |p| Value::Int(p.attempts_max.into()),
        |p, v| p.attempts_max = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "budget",
        SWITCH,
        |l| strings::strings(l).budget,
        |p| Value::Int(p.budget_on.into()),
        |p, v| p.budget_on = int(&v) == 1,
    ),
    ParamSpec::new(
        "budget_tokens",
        "budget",
        Domain::int(1, 1_000, ""),
        |l| strings::strings(l).budget_tokens,
        |p| Value::Int(p.budget_tokens.into()),
        |p, v| p.budget_tokens = int(&v) as u32,
    ),
    ParamSpec::new(
        "budget_ratio",
        "budget",
        Domain::Ratio { step_percent: 1, max_ppm: 1_000_000 },
        |l| strings::strings(l).budget_ratio,
        |p| probability(p.budget_ratio),
        |p, v| p.budget_ratio = ratio(&v),
    ),
    ParamSpec::keyed(
        "breaker",
        SWITCH,
        |l| strings::strings(l).breaker,
        |p| Value::Int(p.breaker_on.into()),
        |p, v| p.breaker_on = int(&v) == 1,
    ),
    ParamSpec::new(
        "breaker_failures",
        "breaker",
        Domain::int(1, 100, ""),
        |l| strings::strings(l).breaker_failures,
        |p| Value::Int(p.breaker_failures.into()),
        |p, v| p.breaker_failures = int(&v) as u32,
    ),
    ParamSpec::new(
        "breaker_open",
        "breaker",
        Domain::int(1, 60_000, "ms"),
        |l| strings::strings(l).breaker_open,
        |p| Value::Int(p.breaker_open_ms.into()),
        |p, v| p.breaker_open_ms = int(&v) as u32,
    ),
    ParamSpec::new(
        "breaker_trials",
        "breaker",
        Domain::int(1, 10, ""),
        |l| strings::strings(l).breaker_trials,
        |p| Value::Int(p.breaker_trials.into()),
        |p, v| p.breaker_trials = int(&v) as u32,
    ),
];

// Presets apply over the defaults, which are the lesson's storm against
// the fragile dependency. The overloaded, budget and breaker scenarios were
// measured on the shedding one, and keep it: there, the wave costs refused
// calls, and what the budget or the breaker saves is plain to see.
static PRESETS: [Preset; 5] = [
    Preset {
        code: "storm",
        label: |l| strings::strings(l).preset_storm,
        values: &[("capacity", "50")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "storm-shedding",
        label: |l| strings::strings(l).preset_shedding,
        values: &[("dependency", "shedding")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "storm-overloaded",
        label: |l| strings::strings(l).preset_overloaded,
        values: &[("capacity", "30"), ("dependency", "shedding")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "retry-budget",
        label: |l| strings::strings(l).preset_budget,
        values: &[
            ("capacity", "30"),
            ("dependency", "shedding"),
            ("budget", "on"),
            ("budget_tokens", "10"),
            ("budget_ratio", "0.1"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "breaker",
        label: |l| strings::strings(l).preset_breaker,
        values: &[
            ("capacity", "30"),
            ("dependency", "shedding"),
            ("breaker", "on"),
            ("breaker_failures", "5"),
            ("breaker_open", "1000"),
            ("breaker_trials", "1"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// The number its lesson states, asked before the figure says it.
/// The side the prediction asks about, «sin jitter»: the lesson's
/// exponential one if either side has it, else one with no jitter at all
/// (none: the run has no such side, and the answer says so). Not always
/// the left: a learner may swap the two.
fn no_jitter_side(p: &Params) -> Option<usize> {
    let plain = |wanted: &dyn Fn(Strategy) -> bool| p.strategies.iter().position(|&s| wanted(s));
    plain(&|s| s == Strategy::Exponential).or_else(|| plain(&|s| matches!(s, Strategy::Immediate | Strategy::Fixed)))
}

static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "sin jitter, tras volver, ¿a cuántas llamadas por segundo llega la dependencia en sus 100 ms más cargados?",
            "without jitter, once it is back, how many calls per second reach the dependency in its busiest 100 ms?",
        )
    },
    unit: "/s",
    counted: false,
    answer: |p, _, s: &State| {
        // No call after the return (the budget cut them all): no peak to
        // name, said as «eso no llega a pasar», not «0/s» beside «cada ola».
        no_jitter_side(p)
            .and_then(|side| s.runs[side].as_ref())
            .map(|run| run.counters.peak_calls_per_s)
            .filter(|&peak| peak > 0)
    },
    why: |lang| {
        lang.pick("Sin jitter, los clientes que fallaron a la vez esperan lo mismo y vuelven a la vez: cada ola junta a todos los que siguen intentando.", "Without jitter, clients that failed together wait the same and come back together: each wave gathers everyone still trying.")
    },
};

impl crate::unit::Spec for Storm {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "storm";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["clients", "dependency", "strategy_a", "strategy_b"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    const LADDER: Option<&'static crate::ladder::Ladder<Params>> = Some(&LADDER);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        strings::strings(lang).experiment_storm
    }
    /// Each side's counters, and client 0's call times if every call failed.
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let mut out = Vec::new();
        for (run, [calls, reached, succeeded, exhausted, fallbacks, ended_on_fallback, last, times, collapses]) in
            state.runs.iter().zip([
                [
                    "a_calls",
                    "a_reached_dependency",
                    "a_succeeded",
                    "a_exhausted",
                    "a_fallbacks",
                    "a_ended_on_fallback",
                    "a_last_success_s",
                    "a_client_0_calls_at_s",
                    "a_collapses",
                ],
                [
                    "b_calls",
                    "b_reached_dependency",
                    "b_succeeded",
                    "b_exhausted",
                    "b_fallbacks",
                    "b_ended_on_fallback",
                    "b_last_success_s",
                    "b_client_0_calls_at_s",
                    "b_collapses",
                ],
            ])
        {
            let Some(run) = run else { continue };
            let c = &run.counters;
            let mut at_us = 0;
            let mut calls_at = vec![tenths(0)];
            for wait in run.config.waits_us(0) {
                at_us += wait;
                calls_at.push(tenths(at_us));
            }
            out.extend([
                (calls, Number::count(c.calls)),
                (reached, Number::count(c.calls_to_dependency)),
                (succeeded, Number::count(c.succeeded)),
                (exhausted, Number::count(c.exhausted)),
                (fallbacks, Number::count(c.fallbacks)),
                (ended_on_fallback, Number::count(c.ended_on_fallback)),
                (last, Number::or(c.last_success_us.map(tenths), "—", "s")),
                (times, Number::List(calls_at, ", ")),
                (collapses, Number::count(c.collapses)),
            ]);
        }
        out
    }
    /// The export's tables: which strategy each side is (the totals' `a_`/`b_`
    /// name the sides), and the histogram the figure draws, a row per side and
    /// bin, by outcome and in calls per second, to plot again.
    fn tables(_: &Params, _: &Shared, state: &State) -> Vec<crate::table::Table> {
        let name = |strategy: Strategy, lang| {
            let labels = strings::strings(lang).strategy_labels;
            labels[STRATEGY_CODES.iter().position(|c| *c == strategy.code()).unwrap_or(0)].to_owned()
        };
        let sides = state.runs.iter().zip(["a", "b"]).filter_map(|(run, side)| run.as_ref().map(|run| (side, run)));
        let strategies = sides
            .clone()
            .map(|(side, run)| {
                let strategy = run.config.strategy;
                vec![side.to_owned(), strategy.code().to_owned(), name(strategy, Lang::Es), name(strategy, Lang::En)]
            })
            .collect();
        let bin_ms = state.bin_ms();
        let mut histogram = Vec::new();
        for (side, run) in sides {
            for (i, bin) in run.histogram(bin_ms * 1_000).iter().enumerate() {
                let from_ms = i as u64 * bin_ms;
                let total: u64 = bin.iter().map(|n| u64::from(*n)).sum();
                let mut row = vec![side.to_owned(), run.config.strategy.code().to_owned()];
                row.extend([format_seconds(from_ms), format_seconds(from_ms + bin_ms)]);
                row.extend(bin.iter().map(|n| n.to_string()));
                row.push(format_seconds(total * 1_000_000 / bin_ms)); // to the thousandth
                histogram.push(row);
            }
        }
        vec![
            crate::table::Table {
                name: "strategies",
                columns: &["side", "strategy", "name_es", "name_en"],
                rows: strategies,
            },
            crate::table::Table {
                name: "histogram",
                columns: &["side", "strategy", "from_s", "to_s", "ok", "overloaded", "down", "rejected", "calls_per_s"],
                rows: histogram,
            },
        ]
    }
    /// The scene: the outage, the dependency back, each wave that knocks it
    /// down again, each side's last client through, on one clock for both.
    fn timeline(params: &Params, _: &Shared, state: &State, lang: Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        let t = strings::strings(lang);
        let moment = |at_ms: u64, text: String| Moment { at_ms, text };
        let mut moments = vec![
            moment(0, (t.moment_down)(&crate::format::int(params.clients.into()))),
            moment(
                u64::from(params.recover_s) * 1_000,
                (t.moment_back)(&crate::format::int(params.capacity_per_s.into())),
            ),
        ];
        for run in state.runs.iter().flatten() {
            let side = &side_name(t, run);
            for &(at_us, _) in &run.collapses {
                let wave = wave_at(run, at_us);
                let per_s = crate::format::int(wave * 1_000_000 / retry_lab_core::storm::PEAK_WINDOW_US);
                moments
                    .push(moment(at_us.div_ceil(1_000), (t.moment_collapse)(side, &crate::format::int(wave), &per_s)));
            }
            if let Some(last_us) = run.counters.last_success_us {
                let got = crate::format::int(run.counters.succeeded.into());
                moments.push(moment(
                    last_us.div_ceil(1_000),
                    (t.moment_last)(side, &got, &crate::format::int(params.clients.into())),
                ));
            }
        }
        Some(Timeline::new(state.horizon_us().div_ceil(1_000), moments))
    }
}

impl crate::unit::Computed for Storm {
    fn state(params: &Params, shared: &Shared) -> State {
        State { runs: runs(params, shared) }
    }
}

/// Histogram bins drawn at most: the bin grows (100 ms, 200 ms, 500 ms…)
/// so that a long run stays a few hundred shapes.
const BINS_MAX: u64 = 120;
const BIN_STEPS_MS: [u64; 9] = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

impl State {
    /// To the last call, the last return of the dependency or its first
    /// recovery, whichever is later: a collapse at the end is drawn with its
    /// way back, and a recovery after everyone gave up is still on the plot.
    pub fn horizon_us(&self) -> u64 {
        // The dependency's return is drawn (and grabbed) even when every
        // client gave up before it: its handle stood at the plot's end,
        // 3 s, saying «1 min 0 s».
        self.runs
            .iter()
            .flatten()
            .flat_map(|r| {
                let back_us = r.config.recover_at_ms * 1_000;
                r.calls.last().map(|c| c.at_us).into_iter().chain(r.collapses.iter().map(|c| c.1)).chain([back_us])
            })
            .max()
            .unwrap_or(0)
    }

    /// The histogram's bin, the figure's and the export's.
    pub fn bin_ms(&self) -> u64 {
        let horizon_us = self.horizon_us();
        BIN_STEPS_MS.iter().copied().find(|b| horizon_us / (b * 1_000) < BINS_MAX).unwrap_or(60_000)
    }
}

/// Across seeds (the jitter's draws) and clients: how many clients get
/// through on each side, and the right side's peak load.
static LADDER: crate::ladder::Ladder<Params> = crate::ladder::Ladder {
    outcomes: &[
        crate::ladder::outcome!("b_succeeded", "", es: "Clientes que pasan (estrategia de la derecha)", en: "Clients through (the right strategy)"),
        crate::ladder::outcome!("a_succeeded", "", es: "Clientes que pasan (estrategia de la izquierda)", en: "Clients through (the left strategy)"),
        crate::ladder::outcome!("b_peak_calls_per_s", "/s", es: "Pico de llamadas por segundo (estrategia de la derecha)", en: "Peak calls per second (the right strategy)"),
    ],
    axes: &[
        crate::ladder::SweepAxis { key: "clients", from: "10", to: "1000", lesson: None },
        crate::ladder::SweepAxis { key: "attempts", from: "1", to: "10", lesson: None },
    ],
    measure: |params, shared| {
        let [a, b] = runs(params, shared);
        let (Some(a), Some(b)) = (a, b) else { return Default::default() };
        let outcomes =
            vec![f64::from(b.counters.succeeded), f64::from(a.counters.succeeded), b.counters.peak_calls_per_s as f64];
        crate::ladder::Measure { outcomes, end_ms: None }
    },
    // Both strategies, every client's every attempt.
    work: |params, shared| (0..2).map(|side| params.config(side, shared).calls_bound()).sum(),
    size: "clients",
    work_unit: |lang| lang.pick("llamadas", "calls"),
    compare: Some([1, 0]),
};

/// Seconds to one decimal from microseconds: the exact value, which the
/// reader rounds to the decimal shown.
fn tenths(us: u64) -> crate::number::Number {
    crate::number::Number::Decimal(us as f64 / 1_000_000.0, 1, "s")
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 4] = [
    crate::tasks::task!("storm-too-many", witness: "exp=storm&clients=500&base_ms=3000", |p: &Params, _: &Shared, s: &State| {
            p.clients >= 300 && p.strategies == [Strategy::Exponential, Strategy::Full]
                && matches!(p.verdict(&s.runs), Some(Verdict::JitterSaves { .. }))
                && s.runs[1].as_ref().is_some_and(|j| j.counters.succeeded * 10 >= p.clients * 9)
        },
        es: ["Con 300 clientes o más, ni con jitter pasa la mayoría. Haz que pasen 9 de cada 10.",
            "Sube «Clientes» a 500 y mira el veredicto; después sube la base del backoff.",
            "El jitter reparte cada reintento en una ventana de 0 a base · 2^i. Con 500 clientes y base 200 ms, la ventana más ancha es de 1.6 s: unas 31 llamadas cada 100 ms, más de las 20 que aguanta. Con base 3 s las ventanas son 15 veces más anchas: la más ancha recibe unas 2 llamadas cada 100 ms. Las primeras, más estrechas, aún pueden tumbarla alguna vez, pero pasan 9 de cada 10."],
        en: ["With 300 clients or more, not even jitter gets most of them through. Get 9 in 10 through.",
            "Raise “Clients” to 500 and read the verdict; then raise the backoff's base.",
            "Jitter spreads each retry over a window from 0 to base · 2^i. With 500 clients and a 200 ms base the widest window is 1.6 s: about 31 calls every 100 ms, more than the 20 it absorbs. With a 3 s base the windows are 15 times wider: the widest gets about 2 calls every 100 ms. The first, narrower ones may still knock it down now and then, but 9 in 10 get through."]),
    crate::tasks::task!("storm-shedding", witness: "exp=storm&dependency=shedding", |p: &Params, _: &Shared, s: &State| {
            let [Some(none), Some(jitter)] = &s.runs else { return false };
            p.behaviour == Behaviour::Shedding && p.strategies == [Strategy::Exponential, Strategy::Full]
                && none.counters.succeeded >= jitter.counters.succeeded
        },
        es: ["Encuentra una dependencia contra la que el jitter no hace que pasen más clientes.",
            "Cambia «Si recibe más de lo que atiende» a «descarta el exceso y sigue en pie».",
            "Si la dependencia descarta lo que sobra y sigue en pie, la ola sincronizada solo cuesta llamadas rechazadas: sin jitter pasan los 100 clientes. El jitter salva a la dependencia que se cae con una ráfaga; contra la que aguanta, solo reparte la carga."],
        en: ["Find a dependency against which jitter does not get more clients through.",
            "Switch “When it gets more than it serves” to “it sheds the excess and stays up”.",
            "If the dependency drops what it cannot serve and stays up, the synchronized wave costs only refused calls: without jitter all 100 clients get through. Jitter saves a dependency that falls over under a burst; against one that holds, it only spreads the load."]),
    crate::tasks::task!("storm-budget", witness: "exp=storm&budget=on", |p: &Params, _: &Shared, s: &State| {
            p.budget_on && s.runs[0].as_ref().is_some_and(|run| run.counters.throttled > 0)
        },
        es: ["Activa el presupuesto de reintentos y mira cuántos reintentos corta en el cliente.",
            "Enciende «Presupuesto de reintentos»: 10 fichas para empezar y 0.1 por cada éxito.",
            "Cada reintento gasta una ficha y cada éxito devuelve una fracción. Con la dependencia caída no hay éxitos: las fichas se acaban y los clientes dejan de reintentar, en vez de multiplicar la carga justo cuando vuelve."],
        en: ["Turn on the retry budget and see how many retries it stops in the client.",
            "Switch on “Retry budget”: 10 tokens to start, 0.1 for each success.",
            "Each retry spends a token and each success gives back a fraction. With the dependency down there are no successes: the tokens run out and the clients stop retrying, instead of multiplying the load just as it comes back."]),
    crate::tasks::task!("storm-breaker", witness: "exp=storm&breaker=on", |p: &Params, _: &Shared, s: &State| {
            p.breaker_on && s.runs[0].as_ref().is_some_and(|run| run.counters.fallbacks > 0)
        },
        es: ["Activa el circuit breaker y encuentra las llamadas que responde el fallback sin tocar la dependencia.",
            "Enciende el breaker: se abre tras 5 fallas seguidas.",
            "Abierto, el breaker contesta con el fallback al instante durante el tiempo abierto y después deja pasar una llamada de prueba. La dependencia que se recupera recibe pocas llamadas, no la ola entera."],
        en: ["Turn on the circuit breaker and find the calls the fallback answers without touching the dependency.",
            "Switch on the breaker: it opens after 5 failures in a row.",
            "Open, the breaker answers with the fallback at once for its open time, then lets one trial call through. The recovering dependency gets a few calls, not the whole wave."]),
];

/// The wave that felled the dependency at `at_us`: every call arriving in
/// the engine's window (0.1 s) from the first one it took in the window that
/// felled it, those refused once it fell included. A second's count, refused
/// calls of the outage and all, said «200 en un segundo» of 100 clients.
fn wave_at(run: &StormRun, at_us: u64) -> u64 {
    let window_us = retry_lab_core::storm::PEAK_WINDOW_US;
    let taken = |c: &&Call| matches!(c.outcome, CallOutcome::Ok | CallOutcome::Overloaded);
    let in_window = |c: &&Call| c.at_us <= at_us && c.at_us + window_us > at_us;
    let from_us = run.calls.iter().filter(taken).filter(in_window).map(|c| c.at_us).min().unwrap_or(at_us);
    // The calls that reach it: the open breaker's fallback answers the rest
    // (with the breaker on it said «una ola de 100 llamadas» beside 55
    // calls to the dependency in the whole run).
    let reached = |c: &&Call| c.outcome != CallOutcome::Rejected;
    run.calls.iter().filter(reached).filter(|c| c.at_us >= from_us && c.at_us < from_us + window_us).count() as u64
}

/// The least width of a state on the strip, of 1,000: a trial's half-open
/// lasts a few milliseconds of a 3-s run, under a pixel; 12 is 3 px on a phone.
pub const STRIP_MIN: u64 = 12;

/// Each state from where it starts to where it ends, at least `STRIP_MIN`
/// wide, and never over the one before it: a short half-open and the
/// closed after it are pushed right, in turn, so both show (drawn where
/// they were, the open that followed covered them and the strip read
/// «abierto» the whole run while 60 calls got through). Pushed past
/// `width`, the last ones are pulled back in, the long state before them
/// giving up the room.
pub fn strip_layout<S: Copy>(spans: &[(S, u64, u64)], width: u64) -> Vec<(S, u64, u64)> {
    let mut end = 0;
    let mut laid: Vec<(S, u64, u64)> = spans
        .iter()
        .map(|&(state, from, to)| {
            let x = from.max(end);
            end = to.max(x + STRIP_MIN);
            (state, x, end - x)
        })
        .collect();
    let mut limit = width;
    for (_, x, w) in laid.iter_mut().rev() {
        let end = (*x + *w).min(limit);
        *x = (*x).min(end.saturating_sub(STRIP_MIN));
        *w = end - *x;
        limit = *x;
    }
    laid
}

/// A plot's time ticks (ms), at round instants: at most six, a «nice»
/// step apart (0.5, 1, 2, 5 s…), each drawn where it falls. Its half,
/// «2.1 s» of a 4.1 s span, was no instant of the run.
pub fn axis_ticks_ms(span_us: u64) -> impl Iterator<Item = u64> {
    let span_ms = span_us / 1_000;
    let step_ms = crate::scale::nice_up(span_ms.div_ceil(5).max(1), false);
    (0..=span_ms).step_by(step_ms as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The capacity under the chart says what a full bucket lets through at
    /// once: a green bar above the 50/s line had nothing to say why.
    #[test]
    fn the_capacity_says_its_burst() {
        let es = strings::strings(crate::i18n::Lang::Es);
        assert_eq!((es.capacity_line)("50"), "capacidad 50/s (con el cubo lleno, 50 fichas pasan de golpe)");
        assert_eq!((es.capacity_line)("1"), "capacidad 1/s (con el cubo lleno, 1 ficha pasa de golpe)");
    }

    #[test]
    fn axis_ticks_fall_on_round_instants() {
        let ticks = |span_ms: u64| axis_ticks_ms(span_ms * 1_000).collect::<Vec<_>>();
        assert_eq!(ticks(4_100), [0, 1_000, 2_000, 3_000, 4_000], "the default's plot");
        assert_eq!(ticks(1_500), [0, 500, 1_000, 1_500]);
        assert_eq!(ticks(12_000), [0, 5_000, 10_000]);
        assert_eq!(ticks(0), [0]);
    }

    /// The lesson's claim, on the lesson's parameters (seed 7): without
    /// jitter the synchronized retries knock the fragile dependency down
    /// twice and 40 clients get through; the lesson's full jitter none, 78.
    /// With the shedding dependency the same wave costs only refused calls
    /// and no jitter gets all 100 through: jitter helps when a burst can
    /// knock the dependency over.
    #[test]
    fn defaults_are_the_lessons_storm() {
        let state = Storm::init_for_test();
        let [none, full] = state.runs.map(|r| r.unwrap().counters);
        assert_eq!((none.calls, none.succeeded, none.exhausted, none.collapses), (480, 40, 60, 2));
        assert_eq!(none.last_success_us, Some(3_000_000));
        assert_eq!((full.calls, full.succeeded, full.collapses), (486, 78, 0));
        assert_eq!(full.last_success_us.map(|us| us / 100_000), Some(22), "about 2.2 s");
        let shedding = Params { behaviour: Behaviour::Shedding, ..Params::default() };
        let [none, _] = runs(&shedding, &Shared::default()).map(|r| r.unwrap().counters);
        assert_eq!((none.calls, none.succeeded, none.collapses), (450, 100, 0));
    }

    /// A dependency that sheds the excess never falls: the verdict says jitter
    /// has nothing to fix there and why the jittered side gets fewer through
    /// (the preset showed 100 of 100 beside 78 of 100 and said nothing); and
    /// one attempt is «su único intento», never «sus 1 intentos».
    #[test]
    fn shedding_says_why_jitter_gets_fewer_through() {
        let shedding = Params { behaviour: Behaviour::Shedding, ..Params::default() };
        let both = runs(&shedding, &Shared::default());
        assert_eq!(shedding.verdict(&both), Some(Verdict::Sheds { fewer: 22 }));
        let words = shedding.insight(Lang::Es, &both);
        assert!(words.contains("ninguna ola la tumba") && words.contains("con él pasan 22 clientes menos"), "{words}");
        // With the breaker most of the jittered side's rest end on its fallback, not out of
        // attempts: the words count who gets through, nothing else.
        let breaker = crate::link::preset_params(&PRESETS, "breaker").storm;
        let both = runs(&breaker, &Shared::default());
        let words = breaker.insight(Lang::Es, &both);
        assert!(words.contains("con él pasan 12 clientes menos") && !words.contains("gastan"), "{words}");
        let once = Params { behaviour: Behaviour::Shedding, attempts_max: 1, ..Params::default() };
        let words = once.insight(Lang::Es, &runs(&once, &Shared::default()));
        assert!(!words.contains("sus 1 intentos") && !words.contains("los 1 intentos"), "{words}");
    }

    /// Each collapse's moment counts the wave the engine's rule saw: at
    /// most the 100 clients, past the 20 calls a 0.1 s window absorbs (it
    /// said «200 llamadas en un segundo», counting the refused ones).
    #[test]
    fn a_collapse_names_the_wave_that_felled_it() {
        use crate::unit::Spec;
        let (params, shared) = (Params::default(), Shared::default());
        let state = Storm::init_for_test();
        let timeline = Storm::timeline(&params, &shared, &state, Lang::Es).expect("the storm plays");
        let waves: Vec<&str> =
            timeline.moments.iter().map(|m| m.text.as_str()).filter(|t| t.contains("ola de")).collect();
        assert_eq!(waves.len(), 2, "{waves:?}");
        for text in waves {
            let calls: u64 = text.split("ola de ").nth(1).and_then(|t| t.split(' ').next()?.parse().ok()).unwrap();
            assert!(calls > 20 && calls <= u64::from(params.clients), "{text}");
            assert!(text.contains(&format!("en 0.1 s ({}/s)", crate::format::int(calls * 10))), "{text}");
        }
    }

    /// The breaker on: a wave counts the calls that reached the dependency,
    /// never those its fallback answered (it said «una ola de 100 llamadas
    /// en 0.1 s» where 55 calls reached it in the whole run).
    #[test]
    fn with_the_breaker_a_wave_counts_only_the_calls_that_reach_it() {
        use crate::unit::Spec;
        let mut params = crate::link::preset_params(&PRESETS, "storm");
        params.storm.breaker_on = true;
        let state = <Storm as crate::unit::Computed>::state(&params.storm, &params.shared);
        let timeline = Storm::timeline(&params.storm, &params.shared, &state, Lang::Es).expect("the storm plays");
        let reached = state.runs.iter().flatten().map(|run| run.counters.calls_to_dependency).max().unwrap_or(0);
        let absorbs = state.runs[0].as_ref().and_then(|run| run.config.absorbs_per_window()).unwrap_or(0);
        let waves: Vec<u64> = timeline
            .moments
            .iter()
            .filter_map(|m| m.text.split("ola de ").nth(1)?.split(' ').next()?.parse().ok())
            .collect();
        assert!(!waves.is_empty(), "the breaker does not stop every wave here: {:?}", timeline.moments);
        for wave in waves {
            assert!(wave > absorbs && wave <= reached, "a wave of {wave}: {absorbs} absorbed, {reached} reached it");
        }
    }

    /// A capacity of 1/s absorbs one call a window (the engine's floor):
    /// «más de la única que aguanta», never «más de las 1».
    #[test]
    fn one_call_a_window_is_said_in_the_singular() {
        let params = Params { capacity_per_s: 1, ..Params::default() };
        let both = runs(&params, &Shared::default());
        assert!(matches!(params.verdict(&both), Some(Verdict::TooMany { .. })), "{:?}", params.verdict(&both));
        let words = params.insight(Lang::Es, &both);
        assert!(words.contains("más de la única que aguanta") && !words.contains("las 1 "), "{words}");
    }

    /// The budget on the storm's own preset: every side cut by it before the
    /// dependency is back, and the verdict names the budget, not spent
    /// attempts (it said «todos ya gastaron sus 5 intentos… más intentos
    /// o una base más larga estiran la espera» beside «agotaron 0»).
    #[test]
    fn a_budget_cut_is_not_called_spent_attempts() {
        let mut params = crate::link::preset_params(&PRESETS, "storm");
        params.storm.budget_on = true;
        let runs = runs(&params.storm, &params.shared);
        assert_eq!(params.storm.verdict(&runs), Some(Verdict::BudgetCut));
        let state = State { runs: runs.clone() };
        assert_eq!((PREDICTION.answer)(&params.storm, &params.shared, &state), None, "no peak after the return");
        for lang in Lang::ALL {
            let words = params.storm.insight(lang, &runs);
            assert!(!words.contains("gastaron") && !words.contains("has spent"), "{words}");
            assert!(
                words.contains("presupuesto de reintentos, no la ola") || words.contains("retry budget, not the wave"),
                "{words}"
            );
        }
    }

    /// The retry budget's preset: cut by the budget, no client ran out of
    /// attempts, and the headline says so and where their events go (it said
    /// «todos gastan sus intentos» beside «agotaron 0»).
    #[test]
    fn the_budget_preset_says_the_budget_stopped_them() {
        let params = crate::link::preset_params(&PRESETS, "retry-budget");
        let runs = runs(&params.storm, &params.shared);
        let first = runs[0].as_ref().unwrap();
        assert!(first.counters.throttled > first.counters.exhausted, "{:?}", first.counters);
        let words = params.storm.insight(Lang::Es, &runs);
        assert!(words.contains("el presupuesto de reintentos se acaba"), "{words}");
        assert!(words.contains("sus eventos van a la DLQ"), "{words}");
    }

    /// The breaker preset's headline says where the clients who did not get
    /// through went: the fallback, not lost (it said «pasan 60 de 100» alone).
    #[test]
    fn the_breaker_preset_says_who_ended_on_the_fallback() {
        let params = crate::link::preset_params(&PRESETS, "breaker");
        let runs = runs(&params.storm, &params.shared);
        let c = runs[0].as_ref().unwrap().counters;
        assert_eq!((c.succeeded, c.ended_on_fallback), (60, 35), "{c:?}");
        let words = params.storm.insight(Lang::Es, &runs);
        assert!(words.starts_with("Exponencial sin jitter: pasan 60 de 100 clientes, 35 terminan con el fallback del breaker y la dependencia sigue en pie."), "{words}");
        let words = params.storm.insight(Lang::En, &runs);
        assert!(words.contains("60 of 100 clients get through, 35 end on the breaker's fallback and"), "{words}");
        let plain = Params::default();
        assert!(
            !plain.insight(Lang::Es, &super::runs(&plain, &Shared::default())).contains("fallback"),
            "no breaker, no fallback"
        );
    }

    #[test]
    fn the_links_dependency_codes_are_the_cores() {
        assert_eq!(DEPENDENCY_CODES, [Behaviour::FRAGILE.code(), Behaviour::Shedding.code()]);
    }

    #[test]
    fn the_links_strategy_codes_are_the_cores() {
        let core: Vec<&str> = Strategy::ALL.iter().map(|s| s.code()).collect();
        assert_eq!(STRATEGY_CODES, core.as_slice());
    }

    #[test]
    fn the_budget_ratio_reaches_the_core_in_thousandths() {
        let p = Params { budget_on: true, ..Params::default() };
        assert_eq!(p.config(0, &Shared::default()).budget, Some(Budget { max_tokens: 10, token_ratio_milli: 100 }));
    }

    /// A recovery after every client gave up is still on the plot (and its
    /// handle where it says): the horizon reaches it.
    #[test]
    fn the_plot_reaches_a_late_recovery() {
        let p = Params { recover_s: 60, ..Params::default() };
        let state = State { runs: runs(&p, &Shared::default()) };
        assert!(state.runs.iter().flatten().all(|run| spent_before_back(run)), "everyone gave up first");
        assert_eq!(state.horizon_us(), 60_000_000);
        assert_eq!(
            State { runs: runs(&Params::default(), &Shared::default()) }.horizon_us(),
            4_000_000,
            "the default: unchanged, its last return"
        );
    }

    /// One client is one «cliente», in the sides' sentences and the verdict.
    #[test]
    fn one_client_is_counted_in_the_singular() {
        let p = Params { clients: 1, ..Params::default() };
        let runs = runs(&p, &Shared::default());
        for lang in [Lang::Es, Lang::En] {
            let text = p.insight(lang, &runs);
            assert!(text.contains(lang.pick("de 1 cliente", "of 1 client")), "{text}");
            assert!(!text.contains(lang.pick("1 clientes", "1 clients")), "{text}");
        }
        assert_eq!((strings::strings(Lang::Es).verdict_nothing_to_fix)(1, 1, 5), "Con 1 cliente la dependencia aguanta la ola sincronizada: el jitter no tiene nada que arreglar, y como el jitter total espera en promedio la mitad, 1 cliente más gasta sus 5 intentos antes de que vuelva.");
    }

    /// Each side's sentence starts with a capital (the second read
    /// «… 2 veces. jitter total: …»).
    #[test]
    fn each_side_is_a_sentence() {
        let p = Params::default();
        let text = p.insight(Lang::Es, &runs(&p, &Shared::default()));
        assert!(text.starts_with("Exponencial sin jitter: pasan 40 de 100 clientes"), "{text}");
        assert!(text.contains(" veces. Jitter total: pasan "), "{text}");
    }

    impl Storm {
        fn init_for_test() -> State {
            <Storm as crate::unit::Unit>::init(&Params::default(), &Shared::default(), 0)
        }
    }

    #[test]
    fn short_states_on_the_strip_show_one_after_another() {
        // The breaker preset's no-jitter side: open from 0, a trial at 466
        // (half-open, then closed, a millisecond each), open again at once.
        let spans =
            [("closed", 0, 0), ("open", 0, 466), ("half-open", 466, 466), ("closed", 466, 466), ("open", 466, 1_000)];
        let laid = strip_layout(&spans, 1_000);
        for pair in laid.windows(2) {
            let ((a, x, w), (b, next, _)) = (pair[0], pair[1]);
            assert!(x + w <= next, "{a} at {x}+{w} covers {b} at {next}");
        }
        assert!(laid.iter().all(|(_, _, w)| *w >= STRIP_MIN), "{laid:?}");
        assert_eq!(laid[1], ("open", 12, 454), "a long state keeps its end");
        // Its last states at the strip's end, pushed past it, come back in.
        let end = [("open", 0, 967), ("half-open", 967, 967), ("closed", 967, 967), ("open", 967, 967)];
        let laid = strip_layout(&end, 1_000);
        assert!(laid.windows(2).all(|p| p[0].1 + p[0].2 <= p[1].1), "{laid:?}");
        assert!(laid.iter().all(|(_, x, w)| *w >= STRIP_MIN && x + w <= 1_000), "{laid:?}");
    }

    /// The prediction asks about the side without jitter, wherever it is:
    /// swapped to the right, the answer is the right's peak (it was the
    /// left's, full jitter's 160/s beside the chart's 1,000/s).
    #[test]
    fn the_prediction_answers_for_the_side_without_jitter() {
        let answer = |p: &Params| {
            let state = <Storm as crate::unit::Unit>::init(p, &Shared::default(), 0);
            (PREDICTION.answer)(p, &Shared::default(), &state)
        };
        let lesson = Params::default();
        let swapped = Params { strategies: [lesson.strategies[1], lesson.strategies[0]], ..lesson.clone() };
        assert_eq!(lesson.strategies[0], Strategy::Exponential);
        assert_eq!(answer(&swapped), answer(&lesson));
        let peak = |p: &Params, side: usize| {
            let state = <Storm as crate::unit::Unit>::init(p, &Shared::default(), 0);
            state.runs[side].as_ref().map(|run| run.counters.peak_calls_per_s)
        };
        assert_eq!(answer(&swapped), peak(&swapped, 1));
        assert_ne!(peak(&swapped, 0), peak(&swapped, 1), "the sides differ, so the test tells them apart");
        let both_jittered = Params { strategies: [Strategy::Full, Strategy::Full], ..lesson };
        assert_eq!(answer(&both_jittered), None, "no side without jitter: «eso no llega a pasar»");
    }

    /// The task's premise holds at every client count it names: from 300
    /// up, at the lesson's base, not even full jitter gets most through
    /// (it said «el jitter deja de ayudar», and at 300 jitter still helps).
    #[test]
    fn from_300_clients_not_even_jitter_gets_most_through() {
        for clients in [300, 350, 400, 500, 750, 1_000] {
            let p = Params { clients, ..Params::default() };
            let state = <Storm as crate::unit::Unit>::init(&p, &Shared::default(), 0);
            let through = state.runs[1].as_ref().map(|run| run.counters.succeeded).expect("the jitter side");
            assert!(through * 2 < clients, "{clients} clients: {through} through with jitter");
        }
    }
}
