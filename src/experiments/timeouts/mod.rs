//! Lesson 003's timeouts and bulkheads: a caller that gives up at its
//! deadline, a call timeout, a slow and a healthy dependency behind one
//! worker pool or two (the core's `timeouts` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::timeouts::{PoolConfig, PoolRun};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Timeouts;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub deadline_ms: u32,
    pub timeout_ms: u32,
    /// Latency of the slow dependency (A) and the healthy one (B).
    pub latency_ms: [u32; 2],
    pub rate_per_s: [u32; 2],
    pub workers: u32,
    pub separate_pools: bool,
    pub window_s: u32,
}

impl Default for Params {
    /// A caller that gives up at 300 ms (lesson 004's request life), a 10 s
    /// timeout, A at 2 s and B at 50 ms, 10 and 50 requests a second, 20
    /// shared workers, 10 s.
    fn default() -> Self {
        let c = PoolConfig::default();
        Self {
            deadline_ms: c.deadline_ms as u32,
            timeout_ms: c.timeout_ms as u32,
            latency_ms: c.latency_ms.map(|ms| ms as u32),
            rate_per_s: c.rate_per_s,
            workers: c.workers,
            separate_pools: c.separate_pools,
            window_s: c.duration_s as u32,
        }
    }
}

impl Params {
    pub fn config(&self) -> PoolConfig {
        PoolConfig {
            deadline_ms: self.deadline_ms.into(),
            timeout_ms: self.timeout_ms.into(),
            latency_ms: self.latency_ms.map(u64::from),
            rate_per_s: self.rate_per_s,
            workers: self.workers,
            separate_pools: self.separate_pools,
            duration_s: self.window_s.into(),
        }
    }
}

#[derive(Clone)]
pub struct State {
    pub run: Rc<PoolRun>,
}

const fn ms(max: u64) -> Domain {
    Domain::int(1, max, "ms")
}
const fn per_s() -> Domain {
    Domain::int(0, 500, "/s")
}

static PARAMS: [ParamSpec<Params>; 9] = [
    ParamSpec::keyed(
        "deadline_ms",
        ms(10_000),
        |l| strings::strings(l).deadline,
        |p| Value::Int(p.deadline_ms.into()),
        |p, v| p.deadline_ms = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "timeout_ms",
        ms(60_000),
        |l| strings::strings(l).timeout,
        |p| Value::Int(p.timeout_ms.into()),
        |p, v| p.timeout_ms = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "slow_ms",
        ms(60_000),
        |l| strings::strings(l).slow,
        |p| Value::Int(p.latency_ms[0].into()),
        |p, v| p.latency_ms[0] = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "fast_ms",
        ms(60_000),
        |l| strings::strings(l).fast,
        |p| Value::Int(p.latency_ms[1].into()),
        |p, v| p.latency_ms[1] = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "rate_slow",
        per_s(),
        |l| strings::strings(l).rate_slow,
        |p| Value::Int(p.rate_per_s[0].into()),
        |p, v| p.rate_per_s[0] = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "rate_fast",
        per_s(),
        |l| strings::strings(l).rate_fast,
        |p| Value::Int(p.rate_per_s[1].into()),
        |p, v| p.rate_per_s[1] = int(&v) as u32,
    ),
    // From 2: split into two bulkheads, 1 worker left B with none, as the
    // shared pool does (the lesson's bulkheads give each dependency its own).
    ParamSpec::keyed(
        "workers",
        Domain::int(2, 200, ""),
        |l| strings::strings(l).workers,
        |p| Value::Int(p.workers.into()),
        |p, v| p.workers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "pools",
        Domain::Choice { codes: &["shared", "separate"], labels: |l| strings::strings(l).pool_labels },
        |l| strings::strings(l).pools,
        |p| Value::Int(p.separate_pools.into()),
        |p, v| p.separate_pools = int(&v) == 1,
    ),
    ParamSpec::keyed(
        "window",
        Domain::int(1, 120, "s"),
        |l| strings::strings(l).window,
        |p| Value::Int(p.window_s.into()),
        |p, v| p.window_s = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 3] = [
    Preset {
        code: "shared-pool",
        label: |l| strings::strings(l).preset_shared,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "bulkheads",
        label: |l| strings::strings(l).preset_bulkheads,
        values: &[("pools", "separate")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "short-timeout",
        label: |l| strings::strings(l).preset_short,
        values: &[("timeout_ms", "250")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

impl crate::unit::Spec for Timeouts {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "timeouts";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["deadline_ms", "timeout_ms", "slow_ms", "pools"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        strings::strings(lang).experiment
    }
    /// Each dependency's counters; how late a slow answer comes after its caller left.
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        use crate::number::{Number, TimeStyle};
        let cfg = &state.run.config;
        let late_ms = cfg.latency_ms[0].min(cfg.timeout_ms).saturating_sub(cfg.deadline_ms);
        let mut out = vec![
            ("workers_per_pool", Number::count(if cfg.separate_pools { cfg.workers / 2 } else { cfg.workers })),
            ("a_answered_after_its_caller_left", Number::Time(late_ms, TimeStyle::Seconds)),
        ];
        for (c, names) in state.run.counters.iter().zip([
            ["a_requests", "a_in_time", "a_timed_out", "a_too_late", "a_refused", "a_wasted_worker_s"],
            ["b_requests", "b_in_time", "b_timed_out", "b_too_late", "b_refused", "b_wasted_worker_s"],
        ]) {
            let values = [c.requests, c.in_time, c.timed_out, c.too_late, c.rejected, c.wasted_ms.div_ceil(1_000)];
            out.extend(names.into_iter().zip(values.map(Number::count)));
        }
        out
    }
    /// The scene: the pool as the requests come, and the first request each
    /// dependency has refused because no worker was free (who held them).
    fn timeline(_: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        use retry_lab_core::timeouts::SAMPLE_MS;
        let t = strings::strings(lang);
        let run = &state.run;
        let workers = run.config.workers.max(1);
        let mut moments = vec![Moment { at_ms: 0, text: (t.moment_start)(workers) }];
        for (dep, c) in run.counters.iter().enumerate() {
            if let Some(at_ms) = c.first_rejected_ms {
                // Who held the workers: the sample at or just before the refusal.
                let held_by_a = run.busy_samples.get((at_ms / SAMPLE_MS) as usize).map_or(0, |b| b[0]);
                moments.push(Moment { at_ms, text: (t.moment_full)(t.dependencies[dep], held_by_a) });
            }
        }
        // The end says how it came out: the last refusal, seconds before, read as news.
        let end_ms = run.config.duration_s.max(1) * 1_000;
        let [a, b] = &run.counters;
        moments
            .push(Moment { at_ms: end_ms, text: (t.moment_end)([(a.in_time, a.requests), (b.in_time, b.requests)]) });
        Some(Timeline::new(end_ms, moments))
    }
}

impl crate::unit::Computed for Timeouts {
    fn state(params: &Params, _: &Shared) -> State {
        State { run: Rc::new(PoolRun::new(params.config())) }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("timeouts-bulkheads", witness: "exp=timeouts&pools=separate", |p: &Params, _: &Shared, s: &State| {
            let b = &s.run.counters[1];
            p.separate_pools && b.requests > 0 && b.in_time == b.requests
        },
        es: ["Haz que todas las llamadas de B, la dependencia sana, respondan a tiempo mientras A sigue lenta.",
            "Separa los workers en dos pools (bulkheads).",
            "Con un pool compartido, las llamadas de A (2 s cada una) ocupan los 20 workers y B, que responde en 50 ms, se queda sin ninguno. Con un pool para cada una, la lentitud de A se queda en su mitad."],
        en: ["Make every call to B, the healthy dependency, answer in time while A stays slow.",
            "Split the workers into two pools (bulkheads).",
            "With one shared pool, A's calls (2 s each) hold all 20 workers and B, which answers in 50 ms, gets none. With a pool each, A's slowness stays in its half."]),
    crate::tasks::task!("timeouts-no-waste", witness: "exp=timeouts&timeout_ms=250", |p: &Params, _: &Shared, s: &State| {
            // And calls are still answered: a 1 ms timeout wasted nothing and served nobody.
            let answered = s.run.counters.iter().any(|c| c.in_time > 0);
            p.timeout_ms < p.deadline_ms && s.run.counters[0].too_late == 0 && s.run.counters[0].wasted_ms == 0 && answered
        },
        es: ["Ajusta el timeout para que ningún worker trabaje para una llamada cuyo cliente ya se fue.",
            "El cliente se rinde a los 300 ms; el timeout está en 10 s.",
            "Un timeout mayor que el plazo de quien llama hace trabajar para nadie: la respuesta llega cuando el cliente ya se fue, y ese worker no atendió a otro. El timeout va por debajo del plazo."],
        en: ["Set the timeout so that no worker works for a call whose caller has left.",
            "The caller gives up at 300 ms; the timeout is 10 s.",
            "A timeout above the caller's deadline works for nobody: the answer arrives after the caller left, and that worker served no one else. The timeout goes below the deadline."]),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The default's scene reaches B's first refusal where the run has it,
    /// with A holding the workers.
    #[test]
    fn the_scene_finds_the_pool_full() {
        let p = Params::default();
        let state = State { run: Rc::new(PoolRun::new(p.config())) };
        let t = <Timeouts as crate::unit::Spec>::timeline(&p, &Shared::default(), &state, crate::i18n::Lang::En)
            .expect("a scene");
        let refused =
            t.moments.iter().find(|m| m.text.starts_with("B, the healthy one")).unwrap_or_else(|| panic!("{t:?}"));
        assert_eq!(Some(refused.at_ms), state.run.counters[1].first_rejected_ms, "{t:?}");
        // Just before it, the pool held no request of B's it could have freed in time: A holds nearly all of it.
        let i = (refused.at_ms / retry_lab_core::timeouts::SAMPLE_MS) as usize;
        assert!(state.run.busy_samples[i][0] * 10 >= p.config().workers * 8, "{:?}", state.run.busy_samples[i]);
        // The end tells the outcome, not the refusal seconds before.
        let end = t.moments.last().unwrap_or_else(|| panic!("{t:?}"));
        let b = &state.run.counters[1];
        assert_eq!(end.at_ms, t.end_ms);
        assert!(end.text.ends_with(&format!("B, {} of {}.", b.in_time, b.requests)), "{}", end.text);
    }

    #[test]
    fn defaults_are_the_cores_and_starve_b() {
        assert_eq!(Params::default().config(), PoolConfig::default());
        let state = <Timeouts as crate::unit::Unit>::init(&Params::default(), &Shared::default(), 0);
        assert!(state.run.counters[1].rejected > 0);
    }

    /// Bulkheads at the fewest workers the page offers still give B its
    /// own: from 2 (at 1, «half» a worker left B with none, as shared).
    #[test]
    fn the_fewest_workers_still_make_two_bulkheads() {
        let min = PARAMS.iter().find(|s| s.meta.key == "workers").map(|s| s.meta.domain);
        assert!(matches!(min, Some(Domain::Int { min: 2, .. })), "{min:?}");
        let p = Params { workers: 2, separate_pools: true, ..Params::default() };
        let run = PoolRun::new(p.config());
        assert!(run.counters[1].in_time > 0, "B served by its own worker");
    }

    /// The rule is «a timeout below the caller's deadline»: equal to it
    /// wastes nothing in the model, yet the verdict says the rule is broken,
    /// and the task agrees with the verdict.
    #[test]
    fn the_no_waste_task_wants_the_timeout_below_the_deadline() {
        let done = |timeout_ms: u32| {
            let p = Params { timeout_ms, ..Params::default() };
            let state = <Timeouts as crate::unit::Unit>::init(&p, &Shared::default(), 0);
            (TASKS[1].done)(&p, &Shared::default(), &state)
        };
        let deadline_ms = Params::default().deadline_ms;
        assert!(done(deadline_ms - 50));
        assert!(!done(deadline_ms), "equal is not below");
        // A timeout that cuts every answer wastes nothing and serves nobody: not the task.
        let cut = Params { timeout_ms: 1, ..Params::default() };
        assert!(PoolRun::new(cut.config()).counters.iter().all(|c| c.in_time == 0));
        assert!(!done(1), "1 ms answers nobody");
    }
}
