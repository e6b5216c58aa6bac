//! Lesson 004's competing consumers: a queue of jobs, W workers, one worker
//! per message; and what a restart does to a queue in the process's memory
//! against one in a broker (the core's `queue` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::queue::{QueueConfig, QueueRun};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Workers;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub jobs: u32,
    pub job_ms: u32,
    pub workers: u32,
    pub in_memory: bool,
    /// 0: no restart.
    pub restart_ms: u32,
}

impl Default for Params {
    /// Lesson 004's run: 12 jobs of 0.1 s on 4 workers.
    fn default() -> Self {
        Self { jobs: 12, job_ms: 100, workers: 4, in_memory: false, restart_ms: 0 }
    }
}

impl Params {
    /// Whether the restart comes while jobs remain: after the last job of
    /// a run without it (rounds of `workers` jobs), it changes nothing, and
    /// «what does the restart take?» has no answer but 0.
    pub fn restarts_mid_run(&self) -> bool {
        let end_ms = u64::from(self.jobs.div_ceil(self.workers.max(1))) * u64::from(self.job_ms);
        self.restart_ms > 0 && u64::from(self.restart_ms) < end_ms
    }

    pub fn config(&self) -> QueueConfig {
        QueueConfig {
            messages: self.jobs,
            job_ms: self.job_ms.into(),
            workers: self.workers,
            // SQS's default; a job longer than it is the visibility
            // experiment's subject, not this one's.
            visibility_ms: 30_000,
            restart_at_ms: (self.restart_ms > 0).then_some(self.restart_ms.into()),
            in_memory: self.in_memory,
            ..QueueConfig::default()
        }
    }
}

#[derive(Clone)]
pub struct State {
    pub run: crate::experiments::queues::QueueOutcome,
}

static PARAMS: [ParamSpec<Params>; 5] = [
    ParamSpec::keyed(
        "jobs",
        Domain::int(1, 1_000, ""),
        |l| strings::strings(l).jobs,
        |p| Value::Int(p.jobs.into()),
        |p, v| p.jobs = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "job_ms",
        Domain::int(1, 600_000, "ms"),
        |l| strings::strings(l).job_ms,
        |p| Value::Int(p.job_ms.into()),
        |p, v| p.job_ms = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "job_workers",
        Domain::int(1, 100, ""),
        |l| strings::strings(l).workers,
        |p| Value::Int(p.workers.into()),
        |p, v| p.workers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "queue",
        Domain::Choice { codes: &["broker", "memory"], labels: |l| strings::strings(l).queue_labels },
        |l| strings::strings(l).queue,
        |p| Value::Int(p.in_memory.into()),
        |p, v| p.in_memory = int(&v) == 1,
    ),
    ParamSpec::keyed(
        "restart_ms",
        Domain::int(0, 3_600_000, "ms"),
        |l| strings::strings(l).restart,
        |p| Value::Int(p.restart_ms.into()),
        |p, v| p.restart_ms = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 4] = [
    Preset {
        code: "competing-consumers",
        label: |l| strings::strings(l).preset_lesson,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "pdf-pages",
        label: |l| strings::strings(l).preset_pdf,
        values: &[("jobs", "200"), ("job_ms", "1000"), ("job_workers", "20")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "restart-in-memory",
        label: |l| strings::strings(l).preset_memory,
        values: &[
            ("jobs", "200"),
            ("job_ms", "1000"),
            ("job_workers", "20"),
            ("queue", "memory"),
            ("restart_ms", "5500"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "restart-broker",
        label: |l| strings::strings(l).preset_broker,
        values: &[
            ("jobs", "200"),
            ("job_ms", "1000"),
            ("job_workers", "20"),
            ("queue", "broker"),
            ("restart_ms", "5500"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// No number of its lesson to predict here.
/// When the last job is done: «Colas y streams»' 200 pages take 200 s on
/// one worker and 10 s on 20; asked first at any setting.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿en cuántos milisegundos termina el último trabajo?",
            "in how many milliseconds is the last job done?",
        )
    },
    unit: "ms",
    counted: false,
    answer: |_: &Params, _, s: &State| s.run.as_ref().ok().and_then(|r| r.done_at_ms()),
    why: |lang| {
        lang.pick("Cada mensaje lo toma un solo worker: los trabajos se reparten en rondas, trabajos ÷ workers, de un trabajo cada una.", "Each message goes to one worker only: the jobs are shared out in rounds, jobs ÷ workers, of one job each.")
    },
};

/// «Colas y streams»' restart with the queue in the process's memory: what
/// it asks is what is lost, not when the last job is done (it never is:
/// «en esta corrida eso no llega a pasar» answered the learner's guess).
static PREDICTION_LOST: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "si el proceso se reinicia con la cola en su memoria, ¿cuántos mensajes se pierden?",
            "if the process restarts with the queue in its memory, how many messages are lost?",
        )
    },
    unit: "",
    counted: false,
    answer: |_: &Params, _, s: &State| {
        use retry_lab_core::queue::MessageEnd;
        s.run.as_ref().ok().map(|r| r.ends.iter().filter(|e| matches!(e, MessageEnd::Lost { .. })).count() as u64)
    },
    why: |lang| {
        lang.pick("Todo lo que esperaba en la cola y lo que los workers tenían a medias vive en la memoria del proceso: el reinicio se lo lleva. Un broker lo guarda aparte y, tras el reinicio, los trabajos siguen.", "Everything waiting in the queue and what the workers had half done lives in the process's memory: the restart takes it. A broker keeps it apart and, after the restart, the jobs go on.")
    },
};

impl crate::unit::Spec for Workers {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "workers";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["jobs", "job_workers", "queue", "restart_ms"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn prediction(p: &Params, _: Option<&str>) -> Option<crate::tasks::Asked<Params, State>> {
        Some(if p.in_memory && p.restarts_mid_run() { (&PREDICTION_LOST, "lost") } else { (&PREDICTION, "") })
    }
    fn title(lang: crate::i18n::Lang) -> &'static str {
        strings::strings(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        crate::experiments::queues::queue_outcome_numbers(&state.run)
    }
    fn tables(_: &Params, _: &Shared, state: &State) -> Vec<crate::table::Table> {
        crate::experiments::queues::queue_outcome_tables(&state.run)
    }
    /// The scene: the workers taking jobs from one queue, the restart if there
    /// is one (what the queue keeps), the last job done.
    fn timeline(p: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        let t = strings::strings(lang);
        let run = state.run.as_ref().ok()?;
        let mut moments = vec![Moment { at_ms: 0, text: (t.moment_start)(p.workers, p.jobs) }];
        let end_ms = run.receives.iter().map(|r| r.until_ms).max().unwrap_or(1).max(1);
        // A restart after the last job changes nothing: no moment, and the
        // clock ends with the work (it ran to «5 s / 5 s» over a 0.3 s axis,
        // saying the queue was lost with what was waiting: nothing was).
        if p.restarts_mid_run() {
            moments.push(Moment {
                at_ms: p.restart_ms.into(),
                text: t.moment_restart[usize::from(!p.in_memory)].to_owned(),
            });
        }
        if let Some(done_ms) = run.done_at_ms() {
            moments.push(Moment { at_ms: done_ms, text: t.moment_done.to_owned() });
        }
        Some(Timeline::new(end_ms, moments))
    }
}

impl crate::unit::Computed for Workers {
    fn state(params: &Params, _: &Shared) -> State {
        State { run: QueueRun::new(params.config()).map(Rc::new) }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("workers-pdf", witness: "exp=workers&jobs=200&job_ms=1000&job_workers=20", |p: &Params, _: &Shared, s: &State| {
            p.jobs >= 200 && p.job_ms >= 1_000 && s.run.as_ref().is_ok_and(|r| r.done_at_ms().is_some_and(|ms| ms <= 10_000))
        },
        es: ["Procesa 200 páginas de 1 s cada una en 10 s o menos.",
            "Pon 200 trabajos de 1,000 ms y sube los workers.",
            "Los workers compiten por la misma cola: cada mensaje lo toma uno solo. 200 trabajos de 1 s entre 20 workers son 10 rondas de 1 s; con uno solo, 200 s."],
        en: ["Process 200 pages of 1 s each in 10 s or less.",
            "Set 200 jobs of 1,000 ms and add workers.",
            "The workers compete for one queue: each message goes to one of them. 200 one-second jobs over 20 workers are 10 rounds of 1 s; with one worker, 200 s."]),
    crate::tasks::task!("workers-restart", witness: "preset=restart-in-memory", |p: &Params, _: &Shared, s: &State| {
            // «A mitad del trabajo»: some done before the restart, some lost
            // (a restart at 1 ms lost everything and did nothing).
            use retry_lab_core::queue::MessageEnd;
            let ended = |wanted: fn(&MessageEnd) -> bool| s.run.as_ref().is_ok_and(|r| r.ends.iter().any(wanted));
            p.in_memory && ended(|e| matches!(e, MessageEnd::Lost { .. })) && ended(|e| matches!(e, MessageEnd::Deleted { .. }))
        },
        es: ["Reinicia una cola en memoria a mitad del trabajo y cuenta lo que se pierde.",
            "Elige la cola en memoria y un reinicio antes de que terminen.",
            "Una cola en memoria muere con su proceso: lo que esperaba adentro desaparece. Un broker guarda los mensajes fuera del proceso y los workers retoman al volver."],
        en: ["Restart an in-memory queue in the middle of the work and count what is lost.",
            "Pick the in-memory queue and a restart before they finish.",
            "An in-memory queue dies with its process: what waited inside is gone. A broker keeps the messages outside the process, and the workers go on when it is back."]),
];

/// When the last message was deleted, if any was.
pub fn finished_ms(run: &QueueRun) -> Option<u64> {
    run.ends
        .iter()
        .filter_map(|e| match e {
            retry_lab_core::queue::MessageEnd::Deleted { at_ms } => Some(*at_ms),
            _ => None,
        })
        .max()
}

/// How many times sooner than one worker alone (its jobs one after another)
/// everything was done: to a tenth (200 s ÷ 36 s is 5.6×, not 5×); under
/// once (a broker's restart made the end wait out a timeout), to a
/// hundredth, never «0×». None when not everything was done.
pub fn speedup(run: &QueueRun) -> Option<String> {
    let alone_ms = alone_ms(run);
    let ms = run.done_at_ms()?.max(1);
    let tenths = (alone_ms * 10 + ms / 2) / ms;
    let hundredths = (alone_ms * 100 + ms / 2) / ms;
    Some(match (tenths, hundredths) {
        (10.., _) if tenths.is_multiple_of(10) => format!("{}×", crate::format::int(tenths / 10)),
        (10.., _) => format!("{}.{}×", crate::format::int(tenths / 10), tenths % 10),
        (_, 0) => "< 0.01×".to_owned(),
        (_, h) if h % 10 == 0 => format!("0.{}×", h / 10),
        (_, h) => format!("0.{h:02}×"),
    })
}

/// One worker alone, its jobs one after another.
fn alone_ms(run: &QueueRun) -> u64 {
    u64::from(run.config.messages) * run.config.job_ms
}

/// Messages lost with the process that held the queue in memory.
pub fn lost(run: &QueueRun) -> u64 {
    run.ends.iter().filter(|e| matches!(e, retry_lab_core::queue::MessageEnd::Lost { .. })).count() as u64
}

/// Receives beyond the first of each message: jobs started again.
fn restarted(run: &QueueRun) -> u64 {
    let mut received = vec![false; run.ends.len()];
    let firsts = run.receives.iter().filter(|r| !std::mem::replace(&mut received[r.message as usize], true)).count();
    (run.receives.len() - firsts) as u64
}

/// The figure's point: when everything was done and how much sooner than
/// one worker, or what a restart lost; after a broker's restart, why the
/// end waited (and, when that made it later than one worker alone, so).
pub fn insight(lang: crate::i18n::Lang, run: &QueueRun) -> String {
    let t = strings::strings(lang);
    let lost = lost(run);
    let done_at = finished_ms(run).map_or_else(|| t.never.to_owned(), crate::format::span_ms);
    let mut insight = match run.done_at_ms() {
        Some(ms) if lost == 0 && ms > alone_ms(run) && run.config.workers > 1 => {
            (t.insight_later)(run.config.workers, &done_at, &crate::format::span_ms(alone_ms(run)))
        }
        _ => (t.insight)(run.config.workers, &done_at, speedup(run).as_deref().unwrap_or("—"), lost),
    };
    // Why a broker's restart ends 30 s late.
    let again = restarted(run);
    if again > 0 && lost == 0 {
        insight.push_str(&(t.again)(again, &crate::format::duration_ms(run.config.visibility_ms)));
    }
    insight
}

/// Jobs done more than once, as the lesson counts «repetidos»
/// (`len(hechos) - len(set(hechos))`): a job cut by a restart and done
/// again is done once.
pub fn done_twice(run: &QueueRun) -> u64 {
    use retry_lab_core::queue::ReceiveEnd;
    let mut done = vec![false; run.ends.len()];
    let finished =
        run.receives.iter().filter(|r| matches!(r.end, ReceiveEnd::Deleted | ReceiveEnd::FinishedAfterDelete));
    finished.filter(|r| std::mem::replace(&mut done[r.message as usize], true)).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use retry_lab_core::queue::MessageEnd;

    /// The PDF's 200 pages on 20 workers in time: taken at 0, the last
    /// done at 10 s, where the scene ends; a restart is a moment of its own.
    #[test]
    fn the_scene_ends_with_the_last_job() {
        let scene = |p: &Params| {
            let state = State { run: QueueRun::new(p.config()).map(Rc::new) };
            <Workers as crate::unit::Spec>::timeline(p, &Shared::default(), &state, crate::i18n::Lang::En)
                .expect("a scene")
        };
        let pdf = Params { jobs: 200, job_ms: 1_000, workers: 20, ..Params::default() };
        let t = scene(&pdf);
        assert_eq!(t.moments.iter().map(|m| m.at_ms).collect::<Vec<_>>(), [0, 10_000]);
        assert_eq!(t.end_ms, 10_000);
        let memory = scene(&Params { in_memory: true, restart_ms: 5_500, ..pdf });
        assert!(
            memory.moments.iter().any(|m| m.at_ms == 5_500 && m.text.contains("in-memory queue is lost")),
            "{memory:?}"
        );
    }

    #[test]
    fn the_lessons_runs() {
        let run = |p: Params| QueueRun::new(p.config()).unwrap();
        assert_eq!(run(Params::default()).done_at_ms(), Some(300));
        let pdf = Params { jobs: 200, job_ms: 1_000, workers: 20, ..Params::default() };
        assert_eq!(run(pdf.clone()).done_at_ms(), Some(10_000));
        assert_eq!(run(Params { workers: 1, ..pdf.clone() }).done_at_ms(), Some(200_000));
        let memory = run(Params { in_memory: true, restart_ms: 5_500, ..pdf.clone() });
        assert_eq!(memory.ends.iter().filter(|e| matches!(e, MessageEnd::Lost { .. })).count(), 100);
        assert_eq!(run(Params { restart_ms: 5_500, ..pdf }).done_at_ms(), Some(36_000));
    }

    /// The in-memory restart asks what it loses (100 of the 200 pages), with
    /// its own guess; the broker's restart asks when the last job is done.
    #[test]
    fn the_in_memory_restart_asks_what_is_lost() {
        use crate::unit::Spec;
        let view = |code: &str| {
            let p = crate::link::preset_params(&PRESETS, code).workers;
            let state = State { run: QueueRun::new(p.config()).map(Rc::new) };
            let (asked, key) = Workers::prediction(&p, None).expect("a question");
            (key, (asked.answer)(&p, &Shared::default(), &state))
        };
        assert_eq!(view("restart-in-memory"), ("lost", Some(100)));
        assert_eq!(view("restart-broker"), ("", Some(36_000)));
    }

    /// One worker is the reference, not «1 workers … 1× más rápido que uno solo».
    #[test]
    fn one_worker_is_the_reference() {
        let es = strings::strings(crate::i18n::Lang::Es);
        let one = (es.insight)(1, "3 s", "1×", 0);
        assert!(one.starts_with("Un solo worker sobre la cola: todo hecho a los 3 s"), "{one}");
        assert!(!one.contains("más rápido que uno solo"), "{one}");
        assert!((es.insight)(4, "1 s", "3×", 0).contains("4 workers sobre la misma cola"));
        assert!((es.insight)(1, "1 s", "1×", 5).starts_with("1 worker sobre la misma cola"));
    }

    /// A broker's restart made 12 jobs of 0.1 s end at 30.2 s: «0× más
    /// rápido que uno solo» for a run 25 times slower. A 1 ms job's run
    /// ended «a los 0 s» beside «3 ms». A restart after the last job is no
    /// moment of the scene, and the clock ends with the work.
    #[test]
    fn the_caption_says_sooner_or_later_in_the_runs_own_units() {
        use crate::unit::Spec;
        let run = |p: &Params| QueueRun::new(p.config()).expect("a run");
        let slow = run(&Params { restart_ms: 150, ..Params::default() });
        assert_eq!(speedup(&slow).as_deref(), Some("0.04×"));
        let words = insight(crate::i18n::Lang::Es, &slow);
        assert!(
            words.starts_with(
                "4 workers sobre la misma cola: todo hecho a los 30.2 s, más tarde que uno solo sin reinicio (1.2 s)."
            ),
            "{words}"
        );
        assert!(!words.contains("0×"), "{words}");
        assert_eq!(speedup(&run(&Params::default())).as_deref(), Some("4×"));
        let pdf = crate::link::preset_params(&PRESETS, "pdf-pages").workers;
        assert_eq!(speedup(&run(&Params { restart_ms: 5_500, ..pdf })).as_deref(), Some("5.6×"));
        let quick = insight(crate::i18n::Lang::Es, &run(&Params { job_ms: 1, ..Params::default() }));
        assert!(quick.contains("todo hecho a los 3 ms"), "{quick}");
        let after = Params { in_memory: true, restart_ms: 5_000, ..Params::default() };
        let state = State { run: QueueRun::new(after.config()).map(Rc::new) };
        let timeline = Workers::timeline(&after, &Shared::default(), &state, crate::i18n::Lang::Es).expect("a scene");
        assert_eq!(timeline.end_ms, 300, "{timeline:?}");
        assert!(timeline.moments.iter().all(|m| !m.text.contains("reinicia")), "{timeline:?}");
        assert_eq!(Workers::prediction(&after, None).map(|(_, key)| key), Some(""), "nothing to lose: not asked");
        let mid = Params { restart_ms: 150, ..after };
        assert_eq!(Workers::prediction(&mid, None).map(|(_, key)| key), Some("lost"));
        let es = strings::strings(crate::i18n::Lang::Es);
        assert_eq!((es.moment_start)(1, 12), "Un worker toma 12 trabajos de la cola, de a uno.");
        assert_eq!((es.moment_start)(1, 1), "Un worker toma 1 trabajo de la cola.");
    }

    /// «Repetidos» is the lesson's: a job done twice. A broker's restart cuts
    /// 20 jobs and they are done again, once each: 0, not 20.
    #[test]
    fn a_job_cut_and_done_again_is_not_repeated() {
        let p = crate::link::preset_params(&PRESETS, "restart-broker").workers;
        let run = QueueRun::new(p.config()).unwrap();
        assert_eq!(done_twice(&run), 0);
        assert!(run.receives.len() > run.ends.len(), "some were received twice");
    }

    /// «A mitad del trabajo»: a restart that did nothing first (1 ms) loses
    /// everything but is not the task.
    #[test]
    fn the_restart_task_wants_some_work_done_first() {
        let done = |p: &Params| {
            let state = State { run: QueueRun::new(p.config()).map(Rc::new) };
            (TASKS[1].done)(p, &Shared::default(), &state)
        };
        let p = crate::link::preset_params(&PRESETS, "restart-in-memory").workers;
        assert!(done(&p));
        assert!(!done(&Params { restart_ms: 1, ..p }));
    }
}
