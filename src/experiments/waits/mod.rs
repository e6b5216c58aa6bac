//! «Colas y streams»' first question, «¿alguien espera la respuesta?»
//! (exercise 1, error 6): 20 requests a second apart, served synchronously,
//! through a job queue, and as a stream read by two groups, with the
//! workers down for a while. The core's `waits` model; no randomness.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::waits::{Request, WaitsConfig};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Waits;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub job_ms: u64,
    /// The workers are down from `down_from_s` to `down_to_s` (none when
    /// the end is not after the start).
    pub down_from_s: u64,
    pub down_to_s: u64,
    pub workers: u32,
    pub timeout_ms: u64,
    pub poll_ms: u64,
}

impl Default for Params {
    /// A 2 s job (a PDF) on 4 workers, down from 5 to 12 s; callers give
    /// up after 3 s and poll the queue every second.
    fn default() -> Self {
        Self { job_ms: 2_000, down_from_s: 5, down_to_s: 12, workers: 4, timeout_ms: 3_000, poll_ms: 1_000 }
    }
}

impl Params {
    /// How long a synchronous caller waits: the job, or its timeout when
    /// the job is longer (then it gives up and falls back).
    pub fn sync_wait_ms(&self) -> u64 {
        self.job_ms.min(self.timeout_ms)
    }

    pub fn config(&self) -> WaitsConfig {
        let down_ms = (self.down_to_s > self.down_from_s).then(|| (self.down_from_s * 1_000, self.down_to_s * 1_000));
        WaitsConfig {
            requests: 20,
            every_ms: 1_000,
            job_ms: self.job_ms,
            workers: self.workers,
            down_ms,
            timeout_ms: self.timeout_ms,
            poll_ms: self.poll_ms,
        }
    }
}

/// The requests' fates, and what the panel and the numbers read of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub requests: std::rc::Rc<Vec<Request>>,
    pub sync_failed: u32,
    /// The longest a caller waits for the queue's result (polling).
    pub queue_worst_seen_ms: u64,
    pub queue_last_done_ms: u64,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 6] = [
    ParamSpec::keyed(
        "waits_job_ms",
        Domain::int(1, 60_000, "ms"),
        |l| s(l).job,
        |p| Value::Int(p.job_ms),
        |p, v| p.job_ms = int(&v),
    ),
    ParamSpec::keyed(
        "waits_down_to_s",
        Domain::int(0, 60, "s"),
        |l| s(l).down_to,
        |p| Value::Int(p.down_to_s),
        |p, v| p.down_to_s = int(&v),
    ),
    ParamSpec::keyed(
        "waits_down_from_s",
        Domain::int(0, 60, "s"),
        |l| s(l).down_from,
        |p| Value::Int(p.down_from_s),
        |p, v| p.down_from_s = int(&v),
    ),
    ParamSpec::keyed(
        "waits_workers",
        Domain::int(1, 100, ""),
        |l| s(l).workers,
        |p| Value::Int(p.workers.into()),
        |p, v| p.workers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "waits_timeout_ms",
        Domain::int(1, 60_000, "ms"),
        |l| s(l).timeout,
        |p| Value::Int(p.timeout_ms),
        |p, v| p.timeout_ms = int(&v),
    ),
    ParamSpec::keyed(
        "waits_poll_ms",
        Domain::int(1, 60_000, "ms"),
        |l| s(l).poll,
        |p| Value::Int(p.poll_ms),
        |p, v| p.poll_ms = int(&v),
    ),
];

static PRESETS: [Preset; 2] = [
    Preset { code: "pdf-job", label: |l| s(l).preset_pdf, values: &[], versions: (3, crate::unit::LINK_VERSION) },
    Preset {
        code: "ana-request",
        label: |l| s(l).preset_ana,
        values: &[("waits_job_ms", "50"), ("waits_down_to_s", "0"), ("waits_timeout_ms", "300")],
        versions: (3, crate::unit::LINK_VERSION),
    },
];

fn state(p: &Params) -> State {
    let requests = p.config().run();
    State {
        sync_failed: requests.iter().filter(|r| r.sync_answered_ms.is_none()).count() as u32,
        queue_worst_seen_ms: requests.iter().map(|r| r.queue_seen_ms - r.sent_ms).max().unwrap_or(0),
        queue_last_done_ms: requests.iter().map(|r| r.queue_done_ms).max().unwrap_or(0),
        requests: std::rc::Rc::new(requests),
    }
}

impl crate::unit::Spec for Waits {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "waits";
    /// Beside the figure: the job's length and when the workers come back.
    const PRIMARY: &'static [&'static str] = &["waits_job_ms", "waits_down_to_s"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn timeline(p: &Params, _: &Shared, st: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        Some(timeline(p, st, lang))
    }
    fn numbers(p: &Params, _: &Shared, st: &State) -> crate::unit::Numbers {
        vec![
            ("sync_failed", crate::number::Number::count(st.sync_failed)),
            ("sync_wait_ms", crate::number::Number::Int(p.sync_wait_ms(), "ms")),
            ("queue_accept_ms", crate::number::Number::Int(retry_lab_core::waits::ACCEPT_MS, "ms")),
            ("queue_worst_seen_ms", crate::number::Number::Int(st.queue_worst_seen_ms, "ms")),
            ("queue_last_done_ms", crate::number::Number::Int(st.queue_last_done_ms, "ms")),
        ]
    }
}

/// The chart's span: the last thing to end, at least the 20 s of requests.
pub fn end_ms(p: &Params, st: &State) -> u64 {
    let ends = st.requests.iter().map(|r| r.queue_done_ms.max(r.stream_done_ms[0]).max(r.sent_ms + p.timeout_ms));
    ends.max().unwrap_or(1).max(20_000)
}

/// The scene: the requests arriving, the workers falling, the first
/// synchronous caller giving up, the workers back, the queue done.
fn timeline(p: &Params, st: &State, lang: crate::i18n::Lang) -> crate::scene::Timeline {
    use crate::scene::{Moment, Timeline};
    let t = s(lang);
    let mut moments = vec![Moment { at_ms: 0, text: (t.moment_start)(&crate::format::ms_text(p.job_ms)) }];
    if let Some((down_ms, back_ms)) = p.config().down_ms {
        moments.push(Moment { at_ms: down_ms, text: t.moment_down.to_owned() });
        moments.push(Moment { at_ms: back_ms, text: t.moment_back.to_owned() });
    }
    let failed = st.requests.iter().filter(|r| r.sync_answered_ms.is_none()).map(|r| r.sent_ms + p.timeout_ms).min();
    if let Some(at_ms) = failed {
        moments.push(Moment { at_ms, text: (t.moment_sync_fails)(&crate::format::ms_text(p.timeout_ms)) });
    }
    moments.push(Moment { at_ms: st.queue_last_done_ms, text: t.moment_queue_done.to_owned() });
    Timeline::new(end_ms(p, st), moments)
}

impl crate::unit::Computed for Waits {
    fn state(params: &Params, _: &Shared) -> State {
        state(params)
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("waits-fast-job", witness: "exp=waits&waits_job_ms=50&waits_down_to_s=0", |p: &Params, _: &Shared, s: &State| {
            // With nothing down, as Ana's request: an outage makes the queue
            // the better choice, the task's opposite.
            p.job_ms <= 100 && s.sync_failed == 0 && s.queue_worst_seen_ms >= 5 * p.job_ms
        },
        es: ["Encuentra cuándo la cola empeora las cosas para quien espera la respuesta.",
            "Baja el trabajo a 50 ms y quita la caída (los workers vuelven a los 0 s), como la request de Ana.",
            "Con un trabajo de milisegundos, la cola agrega latencia, polling y piezas: el resultado llega en el siguiente sondeo. Si alguien aguarda la respuesta, mejor una llamada directa con plazo y respuesta de reserva; la cola queda para el trabajo que admite demora."],
        en: ["Find when the queue makes things worse for whoever waits for the answer.",
            "Lower the job to 50 ms and remove the outage (the workers are back at 0 s), like Ana's request.",
            "With a job of milliseconds, the queue adds latency, polling and moving parts: the result arrives at the next poll. If someone waits, go synchronous with a timeout and a fallback; the queue is for what can wait."]),
    crate::tasks::task!("waits-long-outage", witness: "exp=waits&waits_down_to_s=30", |p: &Params, _: &Shared, s: &State| p.down_to_s >= 30 && p.down_from_s < p.down_to_s && s.sync_failed > 10,
        es: ["Deja caídos los workers hasta los 30 s y compara: ¿cuántas requests síncronas fallan, cuántos trabajos de la cola se pierden?",
            "Sube «Los workers vuelven a los» a 30 s.",
            "La cola desacopla: guarda los trabajos mientras los workers no están y los hace al volver; ninguno se pierde, aunque su resultado llega tarde. Lo síncrono falla mientras están caídos y depende de su fallback."],
        en: ["Keep the workers down until 30 s and compare: how many synchronous requests fail, how many queued jobs are lost?",
            "Raise “The workers are back at” to 30 s.",
            "The queue decouples: it keeps the jobs while the workers are gone and they are done on return; none is lost, though its result comes late. Synchronous fails while they are down and depends on its fallback."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    #[test]
    fn the_presets_give_the_lessons_answers() {
        let at = |code| state(&link::preset_params(&PRESETS, code).waits);
        let pdf = at("pdf-job");
        assert_eq!((pdf.sync_failed, pdf.queue_last_done_ms), (8, 21_000), "8 calls fall back; the queue loses none");
        let ana = at("ana-request");
        assert_eq!(
            (ana.sync_failed, ana.queue_worst_seen_ms),
            (0, 1_000),
            "50 ms directly, a second through the queue"
        );
    }

    /// A synchronous caller never waits past its timeout: a minute's job
    /// with the 3 s timeout is 3 s of waiting, then the fallback, for all 20.
    #[test]
    fn the_synchronous_wait_stops_at_the_timeout() {
        let p = Params { job_ms: 60_000, ..Params::default() };
        assert_eq!(p.sync_wait_ms(), 3_000);
        assert_eq!(state(&p).sync_failed, 20);
        assert_eq!(Params::default().sync_wait_ms(), 2_000, "a 2 s job within the 3 s timeout waits the job");
    }
}

#[cfg(test)]
mod scene_tests {
    use super::*;
    use crate::unit::{Computed, Spec};

    /// The default (a 2 s PDF, the workers down from 5 to 12 s, callers
    /// giving up after 3 s) as a scene: start, down, the first synchronous
    /// caller's failure, back, the queue's last job; each moment on the run.
    #[test]
    fn the_scene_is_the_outage_told_in_time() {
        let p = Params::default();
        let st = Waits::state(&p, &Shared::default());
        let timeline = Waits::timeline(&p, &Shared::default(), &st, crate::i18n::Lang::En).expect("a scene");
        let at: Vec<u64> = timeline.moments.iter().map(|m| m.at_ms).collect();
        let first_failed = st.requests.iter().find(|r| r.sync_answered_ms.is_none()).expect("a caller fails");
        assert_eq!(at, [0, 5_000, first_failed.sent_ms + 3_000, 12_000, st.queue_last_done_ms]);
        assert!(first_failed.sent_ms >= 5_000 - 2_000, "the first to fail asked around the outage");
        assert!(st.queue_last_done_ms > 12_000, "the queue's last job after the workers are back");
        assert_eq!(timeline.end_ms, end_ms(&p, &st));
        assert!(timeline.moments[2].text.contains("3 s"), "{}", timeline.moments[2].text);
        // No outage: no fall, no failure; the queue still finishes.
        let calm = Params { down_to_s: 0, ..Params::default() };
        let st = Waits::state(&calm, &Shared::default());
        let timeline = Waits::timeline(&calm, &Shared::default(), &st, crate::i18n::Lang::Es).unwrap();
        assert_eq!(timeline.moments.len(), 2, "start and the queue's last job");
    }

    /// «Cuándo la cola empeora las cosas» is Ana's case, nothing down: with
    /// the workers down to 30 s the queue loses nothing where the synchronous
    /// call fails 15 of 20, and the task does not tick.
    #[test]
    fn the_fast_job_task_wants_nothing_down() {
        let done = |p: &Params| {
            let state = <Waits as crate::unit::Unit>::init(p, &Shared::default(), 0);
            (TASKS[0].done)(p, &Shared::default(), &state)
        };
        let fast = Params { job_ms: 50, ..Params::default() };
        let down = Params { down_from_s: 0, down_to_s: 30, ..fast.clone() };
        let state = <Waits as crate::unit::Unit>::init(&down, &Shared::default(), 0);
        assert!(state.sync_failed > 0, "the outage fails synchronous calls");
        assert!(!done(&down));
        assert!(done(&Params { down_to_s: 0, down_from_s: 0, ..fast }));
    }
}
