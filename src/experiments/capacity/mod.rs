//! Lesson 004's capacity arithmetic: a queue fed by a mean rate and a peak,
//! served by workers that may be down for a while (its depth over time, the
//! wait of the newest item, when it drains); Little's law; and KEDA's
//! queue-length autoscaling. Rates are modelled, not messages simulated
//! (the core's `stream::capacity`): the lesson's scale is 10 M messages a
//! day, and a rate model answers in microseconds at any scale.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::stream::capacity::{burst_done, burst_jobs, keda, little_wait, Fluid, FluidRun};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Capacity;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub mean_per_s: u64,
    pub peak_per_s: u64,
    pub peak_s: u64,
    pub down_s: u64,
    pub workers: u64,
    pub per_worker_per_s: u64,
    pub promise_s: u64,
    pub little_waiting: u64,
    pub little_per_h: u64,
    pub keda_messages: u64,
    pub keda_queue_length: u64,
    pub keda_job_s: u64,
    pub keda_max: u64,
    /// The scene played: exercise 7's burst drained by KEDA's workers (its
    /// rounds against the promise), not the peak's rates over hours.
    pub keda_scene: bool,
}

impl Default for Params {
    /// C01's peak (≈ 116 photos/s, ×3 for an hour, 10 workers of 20/s),
    /// exercise 4's queue (85 at 170/h) and exercise 7's KEDA.
    fn default() -> Self {
        use retry_lab_core::stream::capacity::{peak_per_second, per_second, C01_PEAK_FACTOR, C01_PER_DAY};
        // Derived from C01's day (10 M photos, a peak 3 times the mean), as
        // the lesson derives them: ≈ 116/s, ≈ 350/s.
        Self {
            mean_per_s: per_second(C01_PER_DAY),
            peak_per_s: peak_per_second(C01_PER_DAY, C01_PEAK_FACTOR),
            peak_s: 3_600,
            down_s: 0,
            workers: 10,
            per_worker_per_s: 20,
            promise_s: 300,
            little_waiting: 85,
            little_per_h: 170,
            keda_messages: 400,
            keda_queue_length: 15,
            keda_job_s: 20,
            keda_max: 8,
            keda_scene: false,
        }
    }
}

/// What the panel shows, computed once per parameter change.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub fluid: FluidRun,
    pub service_per_s: u64,
    /// Workers a synchronous design needs at the highest rate.
    pub sync_workers: u64,
    /// How long the newest item waits at the deepest point (None: no service).
    pub newest_wait_s: Option<u64>,
    /// How long the oldest item there has waited already.
    pub oldest_age_s: Option<u64>,
    /// Little's law, in seconds.
    pub little_wait_s: Option<u64>,
    /// (workers wanted, workers running, the last item's wait).
    pub keda: (u64, u64, u64),
}

/// What a drain time is counted from, in the caption: what made the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drain {
    /// The workers were down: from their return (exercise 6's count).
    AfterWorkers,
    /// A peak filled it: from the peak's end, where it is deepest.
    AfterPeak,
    /// Neither: on the run's clock.
    FromStart,
}

impl State {
    /// How long the queue takes to empty once the workers are back (the
    /// lesson's count in exercise 6), not from the outage's start.
    pub fn drain_after_back_s(&self, p: &Params) -> Option<u64> {
        self.fluid.drained_at_s.map(|end| end.saturating_sub(p.down_s))
    }

    /// The longest any item waits, as far as the model sees it: the newest
    /// at the deepest point, or the oldest already there (exercise 6: the
    /// first to arrive waited the 20 min the workers were down). None: never served.
    pub fn longest_wait_s(&self) -> Option<u64> {
        self.newest_wait_s.map(|newest| newest.max(self.oldest_age_s.unwrap_or(0)))
    }

    /// The figure's point from what it draws: the deepest queue, the newest
    /// item's wait there, and the drain counted from what made the queue.
    pub fn insight(&self, lang: crate::i18n::Lang, p: &Params) -> String {
        use crate::format::duration_text;
        let t = s(lang);
        if p.keda_scene {
            return self.keda_insight(t, p);
        }
        let wait = self.newest_wait_s.map_or_else(|| t.never.to_owned(), duration_text);
        // Past SQS's default retention a queue does not absorb the peak: it
        // deletes. (`drain` is asked twice, a field read each: binding it once
        // let LLVM inline it here, +550 B gzip on the streams page, measured.)
        let longest_s = self.longest_wait_s().unwrap_or(0);
        if self.drain(p).is_some() && longest_s > retry_lab_core::queue::RETENTION_DEFAULT_MS / 1_000 {
            return (t.past_retention)(&crate::format::int(self.fluid.peak.1), &duration_text(longest_s));
        }
        let drain = self.drain(p).map(|(from, s)| (from, duration_text(s)));
        (t.insight)(
            &crate::format::int(self.fluid.peak.1),
            &wait,
            drain.as_ref().map(|(from, text)| (*from, text.as_str())),
        )
    }

    /// How many of exercise 7's burst are not done `at_s` in, on the
    /// workers that run (the scene's moments and the CLI's number).
    pub fn keda_left_at(&self, p: &Params, at_s: u64) -> u64 {
        p.keda_messages - burst_done(p.keda_messages, self.keda.1, p.keda_job_s, at_s)
    }

    /// Exercise 7's point: the rounds the workers that run make, and the
    /// last one's wait against the promise (what KEDA asks for and what the
    /// maximum lets run are written on the rows and said at the start).
    fn keda_insight(&self, t: &strings::Strings, p: &Params) -> String {
        use crate::format::{duration_text, int};
        let (_, running, last_s) = self.keda;
        let rounds = int(burst_jobs(p.keda_messages, running, 0));
        (t.moment_last)(&duration_text(last_s), &rounds, &duration_text(p.keda_job_s))
            + " "
            + &(t.keda_promise)(last_s.cmp(&p.promise_s), &duration_text(p.promise_s))
    }

    /// When it drains, counted from what made the queue: the workers' return
    /// when they were down, else the peak's end, else the start. Never «after
    /// the workers are back» when no worker was down.
    pub fn drain(&self, p: &Params) -> Option<(Drain, u64)> {
        let end = self.fluid.drained_at_s?;
        Some(if p.down_s > 0 {
            (Drain::AfterWorkers, end.saturating_sub(p.down_s))
        } else if p.peak_s > 0 && p.peak_per_s > p.mean_per_s {
            (Drain::AfterPeak, end.saturating_sub(self.fluid.peak.0))
        } else {
            (Drain::FromStart, end)
        })
    }
}

impl Params {
    pub fn state(&self) -> State {
        let service_per_s = self.workers * self.per_worker_per_s;
        let fluid = Fluid {
            mean_per_s: self.mean_per_s,
            peak_per_s: self.peak_per_s,
            peak_s: self.peak_s,
            down_s: self.down_s,
            service_per_s,
        }
        .run();
        let top_rate = if self.peak_s > 0 { self.peak_per_s.max(self.mean_per_s) } else { self.mean_per_s };
        let (wanted, last_wait_s) = keda(self.keda_messages, self.keda_queue_length, self.keda_job_s, self.keda_max);
        State {
            newest_wait_s: (service_per_s > 0).then(|| fluid.peak.1.div_ceil(service_per_s)),
            oldest_age_s: fluid.oldest_age_at(fluid.peak.0),
            fluid,
            service_per_s,
            sync_workers: top_rate.div_ceil(self.per_worker_per_s.max(1)),
            little_wait_s: little_wait(self.little_per_h as f64, self.little_waiting as f64)
                .map(|h| (h * 3_600.0).round() as u64),
            keda: (wanted, wanted.min(self.keda_max).max(1), last_wait_s),
        }
    }
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

/// A week, the longest span the queue's times take.
const WEEK_S: u64 = 604_800;

static PARAMS: [ParamSpec<Params>; 14] = [
    ParamSpec::keyed(
        "scene",
        Domain::Choice { codes: &["peak", "keda"], labels: |l| s(l).scene_labels },
        |l| s(l).scene,
        |p| Value::Int(p.keda_scene.into()),
        |p, v| p.keda_scene = int(&v) % 2 == 1,
    ),
    ParamSpec::keyed(
        "mean_rate",
        Domain::int(0, 10_000_000, "/s"),
        |l| s(l).mean,
        |p| Value::Int(p.mean_per_s),
        |p, v| p.mean_per_s = int(&v),
    ),
    ParamSpec::keyed(
        "peak_rate",
        Domain::int(0, 10_000_000, "/s"),
        |l| s(l).peak,
        |p| Value::Int(p.peak_per_s),
        |p, v| p.peak_per_s = int(&v),
    ),
    ParamSpec::keyed(
        "peak_s",
        Domain::int(0, WEEK_S, "s"),
        |l| s(l).peak_s,
        |p| Value::Int(p.peak_s),
        |p, v| p.peak_s = int(&v),
    ),
    ParamSpec::keyed(
        "down_s",
        Domain::int(0, WEEK_S, "s"),
        |l| s(l).down_s,
        |p| Value::Int(p.down_s),
        |p, v| p.down_s = int(&v),
    ),
    ParamSpec::keyed(
        "cap_workers",
        Domain::int(0, 100_000, ""),
        |l| s(l).workers,
        |p| Value::Int(p.workers),
        |p, v| p.workers = int(&v),
    ),
    ParamSpec::keyed(
        "worker_rate",
        Domain::int(1, 1_000_000, "/s"),
        |l| s(l).per_worker,
        |p| Value::Int(p.per_worker_per_s),
        |p, v| p.per_worker_per_s = int(&v),
    ),
    ParamSpec::keyed(
        "promise_s",
        Domain::int(1, WEEK_S, "s"),
        |l| s(l).promise,
        |p| Value::Int(p.promise_s),
        |p, v| p.promise_s = int(&v),
    ),
    ParamSpec::keyed(
        "little_waiting",
        Domain::int(0, 1_000_000_000, ""),
        |l| s(l).little_waiting,
        |p| Value::Int(p.little_waiting),
        |p, v| p.little_waiting = int(&v),
    ),
    ParamSpec::keyed(
        "little_rate_h",
        Domain::int(1, 1_000_000_000, "/h"),
        |l| s(l).little_rate,
        |p| Value::Int(p.little_per_h),
        |p, v| p.little_per_h = int(&v),
    ),
    ParamSpec::keyed(
        "keda_messages",
        Domain::int(0, 10_000_000, ""),
        |l| s(l).keda_messages,
        |p| Value::Int(p.keda_messages),
        |p, v| p.keda_messages = int(&v),
    ),
    ParamSpec::keyed(
        "keda_queue_length",
        Domain::int(1, 1_000_000, ""),
        |l| s(l).keda_queue_length,
        |p| Value::Int(p.keda_queue_length),
        |p, v| p.keda_queue_length = int(&v),
    ),
    ParamSpec::keyed(
        "keda_job_s",
        Domain::int(1, 86_400, "s"),
        |l| s(l).keda_job,
        |p| Value::Int(p.keda_job_s),
        |p, v| p.keda_job_s = int(&v),
    ),
    ParamSpec::keyed(
        "keda_max",
        Domain::int(1, 10_000, ""),
        |l| s(l).keda_max,
        |p| Value::Int(p.keda_max),
        |p, v| p.keda_max = int(&v),
    ),
];

static PRESETS: [Preset; 6] = [
    Preset { code: "c01-peak", label: |l| s(l).preset_c01, values: &[], versions: (1, crate::unit::LINK_VERSION) },
    Preset {
        code: "c01-day",
        label: |l| s(l).preset_day,
        values: &[("peak_rate", "0"), ("peak_s", "0"), ("cap_workers", "5")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-4",
        label: |l| s(l).preset_4,
        values: &[("little_waiting", "85"), ("little_rate_h", "170")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-6",
        label: |l| s(l).preset_6,
        values: &[("mean_rate", "50"), ("peak_rate", "0"), ("peak_s", "0"), ("down_s", "1200")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-6-slow",
        label: |l| s(l).preset_6_slow,
        values: &[("mean_rate", "50"), ("peak_rate", "0"), ("peak_s", "0"), ("down_s", "1200"), ("cap_workers", "3")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-7",
        label: |l| s(l).preset_7,
        values: &[
            ("keda_messages", "400"),
            ("keda_queue_length", "15"),
            ("keda_job_s", "20"),
            ("keda_max", "8"),
            ("scene", "keda"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// The number its lesson states, asked before the figure says it.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "cuando la cola está en su punto más hondo, ¿cuánto espera el último mensaje en llegar?",
            "when the queue is at its deepest, how long does the last message to arrive wait?",
        )
    },
    unit: "s",
    counted: false,
    answer: |_, _, s: &State| s.newest_wait_s,
    why: |lang| {
        lang.pick(
            "W = L ÷ λ (la ley de Little): lo acumulado entre el ritmo de salida.",
            "W = L ÷ λ (Little's law): the backlog divided by the rate out.",
        )
    },
};

/// Exercise 6's question, asked when the workers were down: how long the
/// queue takes to empty once they are back (the lesson's 400 s at 200/s),
/// counted as the caption counts it.
static PREDICTION_DRAIN: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "cuando vuelven los workers, ¿en cuánto se vacía la fila?",
            "once the workers are back, how long does the queue take to empty?",
        )
    },
    unit: "s",
    counted: false,
    answer: |p, _, s: &State| s.drain_after_back_s(p),
    why: |lang| {
        lang.pick(
            "La fila baja al ritmo neto, lo que sale menos lo que sigue entrando: en el ejercicio 6, 60,000 ÷ (200 − 50) = 400 s a 200/s y 60,000 ÷ (60 − 50) = 6,000 s a 60/s; 60,000 ÷ 200 = 300 s olvida las 50 por segundo que no dejan de llegar.",
            "The queue falls at the net rate, what leaves minus what still arrives: in exercise 6, 60,000 ÷ (200 − 50) = 400 s at 200/s and 60,000 ÷ (60 − 50) = 6,000 s at 60/s; 60,000 ÷ 200 = 300 s forgets the 50 a second still arriving.",
        )
    },
};

/// Exercise 4's question, asked in its preset: Little's law on its box's
/// numbers (85 waiting, 170 out an hour: half an hour), not C01's wait.
static PREDICTION_LITTLE: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "ejercicio 4 (ley de Little): ¿cuánto espera cada mensaje?",
            "exercise 4 (Little's law): how long does each message wait?",
        )
    },
    unit: "s",
    counted: true,
    answer: |_, _, s: &State| s.little_wait_s,
    why: |lang| {
        lang.pick(
            "W = L ÷ λ: en el ejercicio 4, 85 ÷ 170 por hora = 0.5 h.",
            "W = L ÷ λ: in exercise 4, 85 ÷ 170 an hour = 0.5 h.",
        )
    },
};

/// Exercise 7's question, asked in its preset: the last of the messages
/// that arrive at once, with KEDA's workers capped (the lesson's ≈ 1,000 s).
static PREDICTION_KEDA: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "ejercicio 7 (KEDA): ¿cuánto espera el último mensaje?",
            "exercise 7 (KEDA): how long does the last message wait?",
        )
    },
    unit: "s",
    counted: true,
    answer: |_, _, s: &State| Some(s.keda.2),
    why: |lang| {
        lang.pick(
            "KEDA pide ⌈mensajes ÷ queueLength⌉ workers, pero el máximo manda: en el ejercicio 7, 400 ÷ 8 = 50 rondas de 20 s.",
            "KEDA asks for ⌈messages ÷ queueLength⌉ workers, but the maximum rules: in exercise 7, 400 ÷ 8 = 50 rounds of 20 s.",
        )
    },
};

impl crate::unit::Spec for Capacity {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "capacity";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["scene", "peak_rate", "cap_workers", "keda_max"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn prediction(p: &Params, preset: Option<&str>) -> Option<crate::tasks::Asked<Params, State>> {
        Some(match preset {
            Some("exercise-4") => (&PREDICTION_LITTLE, "little"),
            _ if p.keda_scene => (&PREDICTION_KEDA, "keda"),
            _ if p.down_s > 0 => (&PREDICTION_DRAIN, "drain"),
            _ => (&PREDICTION, ""),
        })
    }
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(p: &Params, _: &Shared, c: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let opt = |s: Option<u64>, none| Number::or(s.map(Number::seconds_in_words), none, "s");
        vec![
            ("sync_workers", Number::count(c.sync_workers)),
            ("service_per_s", Number::Int(c.service_per_s, "/s")),
            ("deepest", Number::count(c.fluid.peak.1)),
            ("deepest_at_s", Number::Int(c.fluid.peak.0, "s")),
            ("newest_wait", opt(c.newest_wait_s, "never")),
            ("oldest_age", opt(c.oldest_age_s, "—")),
            ("drained_at", opt(c.fluid.drained_at_s, "never")),
            ("drain_s_after_the_deepest", opt(c.fluid.drained_at_s.map(|end| end - c.fluid.peak.0), "never")),
            ("drain_s_after_the_workers_return", opt(c.drain_after_back_s(p), "never")),
            ("promise", Number::Time(p.promise_s.saturating_mul(1_000), crate::number::TimeStyle::Seconds)),
            ("waiting_at_the_end", Number::count(c.fluid.depth.last().map_or(0, |d| d.1))),
            ("little_wait", opt(c.little_wait_s, "—")),
            ("little_wait_h", Number::or(c.little_wait_s.map(little_wait_h), "—", "h")),
            ("keda_wanted", Number::count(c.keda.0)),
            ("keda_running", Number::count(c.keda.1)),
            ("keda_last_wait", Number::seconds_in_words(c.keda.2)),
            ("keda_not_done_at_the_promise", Number::count(c.keda_left_at(p, p.promise_s))),
        ]
    }
    /// The scene: the workers down or the peak filling the queue, the workers
    /// back, the deepest point (the newest's wait), empty again.
    fn timeline(p: &Params, _: &Shared, c: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::format::{duration_text, int};
        use crate::scene::{Moment, Timeline};
        if p.keda_scene {
            return Some(keda_timeline(p, c, lang));
        }
        let t = s(lang);
        let moment = |at_s: u64, text: String| Moment { at_ms: at_s * 1_000, text };
        let mut moments = Vec::new();
        if p.down_s > 0 {
            moments.push(moment(0, (t.moment_down)(&int(p.mean_per_s))));
            moments.push(moment(p.down_s, (t.moment_back)(&int(c.service_per_s))));
        } else {
            // What arrives against what is served, whenever that changes: at
            // the start, and where a peak ends (the queue may keep growing).
            let rates = |phase, rate: u64| {
                (t.moment_rates)(phase, &int(rate), &int(c.service_per_s), rate.cmp(&c.service_per_s))
            };
            if p.peak_s > 0 && p.peak_per_s > c.service_per_s {
                moments.push(moment(0, rates(1, p.peak_per_s)));
                moments.push(moment(p.peak_s, rates(2, p.mean_per_s)));
            } else if p.mean_per_s > c.service_per_s {
                moments.push(moment(0, rates(0, p.mean_per_s)));
            }
        }
        let (peak_s, depth) = c.fluid.peak;
        if depth > 0 {
            let wait = c.newest_wait_s.map(duration_text);
            moments.push(moment(peak_s, (t.moment_deepest)(&int(depth), wait.as_deref())));
        }
        if let Some(at_s) = c.fluid.drained_at_s.filter(|_| depth > 0) {
            moments.push(moment(at_s, t.moment_drained.to_owned()));
        }
        Some(Timeline::new(c.fluid.span_s.max(1) * 1_000, moments))
    }
}

/// Exercise 7's scene: the burst arrives and KEDA's workers start, the
/// promise runs out with some not done, the last round ends.
fn keda_timeline(p: &Params, c: &State, lang: crate::i18n::Lang) -> crate::scene::Timeline {
    use crate::format::{duration_text, int};
    use crate::scene::{Moment, Timeline};
    let t = s(lang);
    let (wanted, running, last_s) = c.keda;
    let moment = |at_s: u64, text: String| Moment { at_ms: at_s * 1_000, text };
    let mut moments = vec![moment(0, (t.moment_burst)(&int(p.keda_messages), &int(wanted), &int(running)))];
    let left = |at_s| int(c.keda_left_at(p, at_s));
    if p.promise_s < last_s {
        moments.push(moment(p.promise_s, (t.moment_promise)(&duration_text(p.promise_s), &left(p.promise_s))));
    }
    // What is left, every tenth of the rounds or so: the line under the
    // scene kept saying «280 left» from the promise to the end.
    let rounds = burst_jobs(p.keda_messages, running, 0);
    let every = rounds.div_ceil(10).max(1);
    let mut round = every;
    while round < rounds {
        let at_s = round * p.keda_job_s;
        if at_s != p.promise_s {
            moments.push(moment(at_s, (t.moment_left)(&left(at_s))));
        }
        round += every;
    }
    if last_s > 0 {
        moments
            .push(moment(last_s, (t.moment_last)(&duration_text(last_s), &int(rounds), &duration_text(p.keda_job_s))));
    }
    Timeline::new(last_s.max(p.promise_s).max(1) * 1_000, moments)
}

impl crate::unit::Computed for Capacity {
    fn state(params: &Params, _: &Shared) -> State {
        params.state()
    }
}

/// Little's wait in hours, rounded: to the hundredth where a tenth would be
/// too coarse (15 min is 0.25 h), else to the tenth the lesson writes (0.5 h).
fn little_wait_h(s: u64) -> crate::number::Number {
    let hundredths = s.saturating_mul(100).saturating_add(1_800) / 3_600;
    let decimals = if hundredths.is_multiple_of(10) { 1 } else { 2 };
    crate::number::Number::Decimal(s as f64 / 3_600.0, decimals, "h")
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("capacity-promise", witness: "exp=capacity&cap_workers=18", |p: &Params, _: &Shared, s: &State| {
            // The lesson's promise, not a longer one (3,000 s «kept» 45 min).
            p.peak_per_s >= 350 && p.peak_s >= 3_600 && p.promise_s <= 300 && s.longest_wait_s().is_some_and(|w| w <= p.promise_s)
        },
        es: ["En el pico de C01 (350 por segundo durante una hora), cumple la promesa de 300 s.",
            "Sube los workers o lo que procesa cada uno.",
            "La fila crece a la diferencia entre lo que llega y lo que sale: con 200 por segundo contra 350, 150 por segundo durante la hora. Para cumplir la promesa el servicio tiene que acercarse a la llegada."],
        en: ["At C01's peak (350 per second for an hour), keep the 300 s promise.",
            "Add workers, or make each one faster.",
            "The queue grows at the difference between arrivals and service: 200 per second against 350 is 150 per second for the hour. To keep the promise the service must come close to the arrivals."]),
    crate::tasks::task!("capacity-keda", witness: "exp=capacity&keda_max=27", |p: &Params, _: &Shared, s: &State| {
            p.keda_messages >= 400 && p.keda_job_s >= 20 && s.keda.2 <= 300
        },
        es: ["Ejercicio 7: con 400 mensajes de golpe, de 20 s cada uno, haz que el último espere 300 s o menos.",
            "KEDA pide ⌈400 ÷ 15⌉ workers; el máximo los limita.",
            "Sin tope KEDA pediría 27 workers; con 8, a cada uno le tocan 50 mensajes y el último espera 1,000 s. El tope se decide por lo que cuesta: subirlo, o aceptar la demora y dejar que la avise la alerta por edad."],
        en: ["Exercise 7: with 400 messages at once, 20 s each, make the last one wait 300 s or less.",
            "KEDA asks for ⌈400 ÷ 15⌉ workers; the maximum caps them.",
            "Without a cap KEDA would ask for 27 workers; with 8, each gets 50 messages and the last waits 1,000 s. The cap is a cost decision: raise it, or accept the delay and let the age alert speak."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    fn preset(code: &str) -> State {
        link::preset_params(&PRESETS, code).capacity.state()
    }

    /// C01's peak in time: the peak, the deepest point at 1 h (540,000
    /// queued, the newest waits 45 min), empty again; exercise 6's outage
    /// starts with the workers down and their return.
    #[test]
    fn the_scenes_moments_are_the_runs() {
        use crate::i18n::Lang;
        let scene = |code: &str| {
            let p = link::preset_params(&PRESETS, code).capacity;
            <Capacity as crate::unit::Spec>::timeline(&p, &Shared::default(), &p.state(), Lang::En).expect("a scene")
        };
        let c01 = scene("c01-peak");
        let deepest = c01.moments.iter().find(|m| m.text.starts_with("Deepest")).expect("the deepest point");
        assert_eq!(deepest.at_ms, 3_600_000);
        assert!(deepest.text.contains("540,000") && deepest.text.contains("45 min"), "{deepest:?}");
        assert!(c01.moments.last().is_some_and(|m| m.text == "The queue is empty again."), "{c01:?}");
        let outage = scene("exercise-6");
        assert!(outage.moments[0].text.starts_with("The workers go down"), "{outage:?}");
        assert_eq!(outage.moments[1].at_ms, 1_200_000, "back after 20 min");
        // The peak's end is said where it happens: the queue falls from there.
        let end = c01.moments.iter().find(|m| m.text.starts_with("The peak ends")).expect("the peak's end");
        assert_eq!(end.at_ms, 3_600_000);
        assert!(end.text.contains("116/s arrive") && end.text.ends_with("the queue falls."), "{end:?}");
        // Too few workers after the peak: the queue keeps growing, said so
        // (the peak's words stayed up to the end of a 12 h run).
        let p = Params { workers: 5, ..link::preset_params(&PRESETS, "c01-peak").capacity };
        let few = <Capacity as crate::unit::Spec>::timeline(&p, &Shared::default(), &p.state(), Lang::Es).unwrap();
        let said = few.latest(p.peak_s * 1_000 + 1);
        assert!(said.starts_with("Termina el pico") && said.ends_with("la cola crece."), "{said}");
        // A day with no peak, more arriving than served: said from 0 s
        // (the line under the chart was blank until its end).
        let day = scene("c01-day");
        assert!(day.latest(0).starts_with("116/s arrive") && day.latest(0).ends_with("the queue grows."), "{day:?}");
    }

    #[test]
    fn c01_and_its_day() {
        let c01 = preset("c01-peak");
        assert_eq!(
            (c01.sync_workers, c01.fluid.peak, c01.newest_wait_s),
            (18, (3_600, 540_000), Some(2_700)),
            "17.5 → 18; 45 min"
        );
        assert_eq!(c01.oldest_age_s, Some(1_543), "the oldest there has waited ≈ 26 min");
        let day = preset("c01-day");
        assert_eq!((day.service_per_s, day.fluid.drained_at_s, day.fluid.depth_at(86_400)), (100, None, 1_382_400));
    }

    /// A peak as long as the handle reaches (a week): the newest would wait
    /// days past SQS's default 4-day retention, so the caption says the
    /// queue loses them, never that it absorbs the peak.
    #[test]
    fn a_wait_past_the_retention_is_not_absorbed() {
        let p = Params { peak_s: WEEK_S, ..Params::default() };
        let caption = p.state().insight(crate::i18n::Lang::En, &p);
        assert!(caption.contains("longer than the 4 days SQS keeps a message"), "{caption}");
        assert!(!caption.contains("absorbs the peak."), "{caption}");
        let c01 = Params::default();
        assert!(c01.state().insight(crate::i18n::Lang::En, &c01).ends_with("the queue absorbs the peak."));
    }

    #[test]
    fn exercises_4_6_and_7() {
        assert_eq!(preset("exercise-4").little_wait_s, Some(1_800), "85 ÷ 170/h = 0.5 h");
        let six = preset("exercise-6");
        assert_eq!(
            (six.fluid.peak.1, six.fluid.drained_at_s, six.oldest_age_s),
            (60_000, Some(1_200 + 400), Some(1_200))
        );
        assert_eq!(preset("exercise-6-slow").fluid.drained_at_s, Some(1_200 + 6_000));
        // The promise is every message's: the first in waited the 20 min the
        // workers were down, so 300 s fails though the newest waits 300 s.
        assert_eq!((six.newest_wait_s, six.longest_wait_s()), (Some(300), Some(1_200)));
        // The lesson counts from the workers' return: 400 s ≈ 7 min, 6,000 s = 100 min.
        let params = |code| link::preset_params(&PRESETS, code).capacity;
        assert_eq!(preset("exercise-6").drain_after_back_s(&params("exercise-6")), Some(400));
        assert_eq!(preset("exercise-6-slow").drain_after_back_s(&params("exercise-6-slow")), Some(6_000));
        assert_eq!(preset("exercise-7").keda, (27, 8, 1_000));
    }

    /// The drain question's reason quotes the answer of each of exercise
    /// 6's presets (it quoted 400 s only, beside the 60/s run's 6,000 s).
    #[test]
    fn the_drains_reason_quotes_each_exercise_6_answer() {
        use crate::i18n::Lang;
        for code in ["exercise-6", "exercise-6-slow"] {
            let params = link::preset_params(&PRESETS, code).capacity;
            let answer = (PREDICTION_DRAIN.answer)(&params, &Shared::default(), &preset(code)).unwrap();
            for lang in [Lang::Es, Lang::En] {
                let why = (PREDICTION_DRAIN.why)(lang);
                assert!(why.contains(&format!("= {} s", crate::format::int(answer))), "{code}: {answer} s in {why}");
            }
        }
    }

    /// «En el reloj, se vacía» over «a las 2 h 47 min» or «nunca», where the
    /// label ended «a los» and read «se vacía a los nunca» (and «a los 2 h»).
    #[test]
    fn the_clocks_drain_is_said_with_its_article_or_never() {
        use crate::format::duration_text;
        use crate::i18n::Lang;
        let es = strings::strings(Lang::Es);
        assert!(!es.drained.ends_with("a los"), "{}", es.drained);
        assert_eq!((es.drained_at)(&duration_text(10_020)), "a las 2 h 47 min");
        assert_eq!((es.drained_at)(&duration_text(1_600)), "a los 26 min 40 s");
        assert_eq!((strings::strings(Lang::En).drained_at)(&duration_text(1_600)), "at 26 min 40 s");
    }

    /// The caption counts a drain from what made the queue: C01's peak has
    /// no worker down, so never «after the workers are back»; exercise 6's
    /// outage does; and it states the figure's 45-minute wait.
    #[test]
    fn the_caption_counts_the_drain_from_what_made_the_queue() {
        use crate::i18n::Lang;
        let caption = |code: &str, lang| preset(code).insight(lang, &link::preset_params(&PRESETS, code).capacity);
        let c01 = caption("c01-peak", Lang::Es);
        assert!(c01.contains("540,000 mensajes al terminar el pico (el último espera 45 min)"), "{c01}");
        assert!(!c01.contains("vuelven los workers"), "no worker was down: {c01}");
        let after_peak = preset("c01-peak").fluid.drained_at_s.unwrap() - 3_600;
        assert!(c01.contains(&crate::format::duration_text(after_peak)), "{c01}");
        let six = caption("exercise-6", Lang::En);
        assert!(six.contains("drains 6 min 40 s after the workers are back"), "400 s, the lesson's count: {six}");
        assert!(caption("c01-day", Lang::En).contains("never drains"));
        let quiet = Params { peak_per_s: 0, mean_per_s: 10, ..Params::default() };
        assert_eq!(quiet.state().insight(Lang::En, &quiet), "The workers keep up: no queue forms.");
        // One over the 200/s the workers serve, for a second: one message.
        let one = Params { peak_per_s: 201, peak_s: 1, ..Params::default() };
        assert!(one.state().insight(Lang::Es, &one).starts_with("La cola llega a 1 mensaje al terminar"));
        assert!(one.state().insight(Lang::En, &one).starts_with("The queue reaches 1 message as the peak ends"));
    }

    /// Exercise 7 as a scene of its own: the burst arrives and 8 of KEDA's
    /// 27 start; at the promise (300 s) 280 are not done; the last of 50
    /// rounds of 20 s ends at 1,000 s; the caption says so. With the
    /// maximum at 27 all start and the last is done at the promise.
    #[test]
    fn exercise_7_plays_its_burst_in_rounds() {
        use crate::i18n::Lang;
        let p = link::preset_params(&PRESETS, "exercise-7").capacity;
        assert!(p.keda_scene, "the preset plays the burst");
        let scene = |p: &Params, lang| {
            <Capacity as crate::unit::Spec>::timeline(p, &Shared::default(), &p.state(), lang).unwrap()
        };
        let burst = scene(&p, Lang::En);
        let said: Vec<(u64, &str)> = burst.moments.iter().map(|m| (m.at_ms, m.text.as_str())).collect();
        assert_eq!(
            said,
            [
                (0, "400 messages arrive at once: KEDA asks for 27 workers and 8 run."),
                (100_000, "360 not yet done."),
                (200_000, "320 not yet done."),
                (300_000, "The promise (5 min) runs out with 280 not yet done."),
                (400_000, "240 not yet done."),
                (500_000, "200 not yet done."),
                (600_000, "160 not yet done."),
                (700_000, "120 not yet done."),
                (800_000, "80 not yet done."),
                (900_000, "40 not yet done."),
                (1_000_000, "The last one is done at 16 min 40 s: 50 rounds of 20 s."),
            ]
        );
        let caption = p.state().insight(Lang::Es, &p);
        assert!(
            caption.starts_with(
                "Termina el último a los 16 min 40 s: 50 rondas de 20 s. El último espera más que la promesa (5 min)"
            ),
            "{caption}"
        );
        let all = Params { keda_max: 27, ..p };
        let burst = scene(&all, Lang::Es);
        assert_eq!(burst.moments.len(), 2 + 7, "no promise runs out; 15 rounds, said every second one: {burst:?}");
        assert!(burst.moments[0].text.ends_with("KEDA pide 27 workers y corren 27."), "{burst:?}");
        assert_eq!(burst.moments.last().unwrap().at_ms, 300_000, "15 rounds of 27");
        assert!(all.state().insight(Lang::En, &all).ends_with("exactly the promise (5 min): kept with no margin."));
        // The peak's scene is another process: its moments are the peak's.
        let peak = Params { keda_scene: false, ..p };
        assert!(scene(&peak, Lang::En).moments.iter().all(|m| !m.text.contains("KEDA")));
    }

    #[test]
    fn no_workers_no_service() {
        let p = Params { workers: 0, ..Params::default() };
        let none = p.state();
        assert_eq!((none.newest_wait_s, none.fluid.drained_at_s), (None, None));
        // The scene's deepest moment says none gets out, not «espera nunca».
        let scene =
            <Capacity as crate::unit::Spec>::timeline(&p, &Shared::default(), &none, crate::i18n::Lang::Es).unwrap();
        let texts: Vec<&str> = scene.moments.iter().map(|m| m.text.as_str()).collect();
        assert!(texts.iter().any(|t| t.ends_with("en cola, y no sale ninguno.")), "{texts:?}");
        assert!(!texts.iter().any(|t| t.contains("espera nunca")), "{texts:?}");
    }
}
