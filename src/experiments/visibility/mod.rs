//! Lesson 004's visibility timeout: one message (or a few), a job, the
//! timeout, workers; copies when the deadline passes first, heartbeats, a
//! poison message and maxReceiveCount (the core's `queue` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::queue::{Poison, QueueConfig, QueueRun};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Visibility;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub job_s: u32,
    pub timeout_s: u32,
    pub consumers: u32,
    /// 0: no heartbeat.
    pub heartbeat_s: u32,
    /// 0: no limit (no DLQ).
    pub max_receive: u32,
    pub poison: Poison,
    /// 0: the first worker never dies.
    pub dies_s: u32,
    /// An ack after the deadline is lost (RabbitMQ closed the channel).
    pub late_ack_refused: bool,
}

impl Default for Params {
    /// Lesson 004's first error: a 10-minute job, SQS's 30 s default, idle workers.
    fn default() -> Self {
        Self {
            job_s: 600,
            timeout_s: 30,
            consumers: 30,
            heartbeat_s: 0,
            max_receive: 0,
            poison: Poison::None,
            dies_s: 0,
            late_ack_refused: false,
        }
    }
}

/// Why message 1 is received again when its job's length is not the cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Again {
    /// A poison message that hangs its receive until the timeout.
    Hang,
    /// A poison message that crashes the worker opening it.
    Crash,
    /// The worker dies while its heartbeat kept the message hidden.
    Died,
    /// The worker dies with no heartbeat: the message stays hidden until
    /// its whole timeout runs out (exercise 5's 80 min for a job that sometimes takes 40).
    Held,
    /// The worker dies on RabbitMQ: its connection drops and the message is
    /// requeued at once.
    Dropped,
}

/// What made a copy, as the scene says it when it appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyWhy {
    /// The timeout ran out while the job went on.
    Timeout,
    /// The first worker died and its lease ran out.
    Died,
    /// A poison message crashed the worker that opened it: no job went on
    /// (the scene said «el trabajo no ha terminado» of a crashed worker).
    Crashed,
    /// RabbitMQ closed the worker's channel and requeued the message.
    Closed,
}

/// Why a healthy job's message is received as often as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// The timeout outlasts the job.
    Covers,
    /// Shorter than the job, but the heartbeat renews it.
    Renewed,
    /// Shorter than the job and not renewed: the copy reappears, and no
    /// other worker is free to take it («Workers libres» 1).
    NoFreeWorker,
    /// Shorter than the job: the copy reappears and is received again.
    RunsOut,
    /// As `RunsOut`, but every free worker took a copy before the first
    /// ended: fewer copies than job ÷ timeout (a 1 s timeout on exercise 5's
    /// 4 min job gave «30 veces», the workers' number, not the rule's 240).
    AllWorkers,
    /// Renewed, but SQS stops renewing 12 h after the receive.
    Ceiling,
    /// A heartbeat set, but no sooner than the timeout: the lease runs out
    /// before the first beat (the caption ignored it and still advised one).
    LateBeat,
    /// RabbitMQ closes each copy's channel at its consumer_timeout: a job
    /// longer than it is never acknowledged (the figure had the first
    /// worker delete it at 40 min, as on SQS).
    Closed,
}

impl Params {
    /// Why a healthy, living job's message was received `copies` times: the
    /// caption said «un timeout de 10 min cubre un trabajo de 40 min» when
    /// the heartbeat, or no free worker, was what kept it once.
    pub fn cover(&self, copies: u64) -> Cover {
        let renewed = self.renewed();
        match (copies, u64::from(self.timeout_s) >= u64::from(self.job_s), renewed) {
            (2.., false, false) if self.late_ack_refused => Cover::Closed,
            (1, true, _) => Cover::Covers,
            (1, false, true) => Cover::Renewed,
            (1, false, false) => Cover::NoFreeWorker,
            _ if renewed && u64::from(self.job_s) * 1_000 > retry_lab_core::queue::RECEIVE_CEILING_MS => Cover::Ceiling,
            _ if self.heartbeat_s > 0 && !renewed && !self.late_ack_refused => Cover::LateBeat,
            _ if copies >= u64::from(self.consumers) && self.job_s.div_ceil(self.timeout_s.max(1)) > self.consumers => {
                Cover::AllWorkers
            }
            _ => Cover::RunsOut,
        }
    }

    /// A beat renews the lease only if it comes before the lease runs out,
    /// and never RabbitMQ's consumer_timeout.
    fn renewed(&self) -> bool {
        self.heartbeat_s > 0 && self.heartbeat_s < self.timeout_s && !self.late_ack_refused
    }

    /// Whether a living worker's job would end within its lease: then a
    /// copy comes only from a death (with none, the timeout makes them).
    pub fn covers_job(&self) -> bool {
        self.timeout_s >= self.job_s || self.renewed()
    }

    /// The figure's point: the copies, and what made them (the job outliving
    /// the timeout, a poison message, or a dead worker's lease running out).
    pub fn insight(&self, lang: crate::i18n::Lang, run: &QueueRun) -> String {
        use crate::format::duration_text;
        let t = strings::strings(lang);
        let visibility = duration_text(self.timeout_s.into());
        let copies = run.copies(0) as u64;
        match self.poison {
            Poison::Hang => (t.insight_again)(Again::Hang, copies, &visibility, &visibility),
            Poison::CrashOnOpen => (t.insight_again)(Again::Crash, copies, &visibility, &visibility),
            // A dead worker's copy: never «vence antes de que termine» a job
            // the timeout covers twice over. Only when the death made it: a
            // worker dying after its job was done, or after its lease had
            // already run out, was blamed for copies the timeout made.
            Poison::None if self.covers_job() && copy_from_death(run) => {
                let why = match (self.late_ack_refused, self.heartbeat_s > 0) {
                    (true, _) => Again::Dropped,
                    (false, true) => Again::Died,
                    (false, false) => Again::Held,
                };
                (t.insight_again)(why, copies, &duration_text(self.dies_s.into()), &visibility)
            }
            Poison::None => {
                let beat = duration_text(self.heartbeat_s.into());
                let mut words =
                    (t.insight)(self.cover(copies), copies, &visibility, &duration_text(self.job_s.into()), &beat);
                // Copies count as receives: a healthy message can run out of them.
                if run.dead_letter_at_ms(0).is_some() {
                    words.push_str(&(t.healthy_dlq)(self.max_receive));
                }
                words
            }
        }
    }

    pub fn config(&self) -> QueueConfig {
        let some = |n: u32| (n > 0).then_some(n);
        QueueConfig {
            messages: 1,
            job_ms: u64::from(self.job_s) * 1_000,
            workers: self.consumers,
            visibility_ms: u64::from(self.timeout_s) * 1_000,
            heartbeat_ms: some(self.heartbeat_s).map(|s| u64::from(s) * 1_000),
            max_receives: some(self.max_receive),
            poison: self.poison,
            worker_dies_at_ms: some(self.dies_s).map(|s| u64::from(s) * 1_000),
            late_ack_refused: self.late_ack_refused,
            ..QueueConfig::default()
        }
    }
}

#[derive(Clone)]
pub struct State {
    pub run: crate::experiments::queues::QueueOutcome,
}

const POISON_CODES: &[&str] = &["none", "hang", "crash-on-open"];
const POISONS: [Poison; 3] = [Poison::None, Poison::Hang, Poison::CrashOnOpen];

const fn seconds(min: u64, max: u64) -> Domain {
    Domain::int(min, max, "s")
}

static PARAMS: [ParamSpec<Params>; 8] = [
    ParamSpec::keyed(
        "job_s",
        seconds(1, 86_400),
        |l| strings::strings(l).job,
        |p| Value::Int(p.job_s.into()),
        |p, v| p.job_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "visibility_s",
        seconds(1, 43_200),
        |l| strings::strings(l).timeout,
        |p| Value::Int(p.timeout_s.into()),
        |p, v| p.timeout_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "consumers",
        Domain::int(1, 100, ""),
        |l| strings::strings(l).consumers,
        |p| Value::Int(p.consumers.into()),
        |p, v| p.consumers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "heartbeat_s",
        seconds(0, 43_200),
        |l| strings::strings(l).heartbeat,
        |p| Value::Int(p.heartbeat_s.into()),
        |p, v| p.heartbeat_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "max_receive",
        Domain::int(0, 1_000, ""),
        |l| strings::strings(l).max_receive,
        |p| Value::Int(p.max_receive.into()),
        |p, v| p.max_receive = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "poison",
        Domain::Choice { codes: POISON_CODES, labels: |l| strings::strings(l).poison_labels },
        |l| strings::strings(l).poison,
        |p| Value::Int(POISONS.iter().position(|x| *x == p.poison).unwrap_or(0) as u64),
        |p, v| p.poison = POISONS[int(&v) as usize % POISONS.len()],
    ),
    ParamSpec::keyed(
        "late_ack",
        Domain::Choice { codes: &["deletes", "refused"], labels: |l| strings::strings(l).late_ack_labels },
        |l| strings::strings(l).late_ack,
        |p| Value::Int(p.late_ack_refused.into()),
        |p, v| p.late_ack_refused = int(&v) % 2 == 1,
    ),
    ParamSpec::keyed(
        "dies_s",
        seconds(0, 86_400),
        |l| strings::strings(l).dies,
        |p| Value::Int(p.dies_s.into()),
        |p, v| p.dies_s = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 11] = [
    Preset {
        code: "visibility-sqs",
        label: |l| strings::strings(l).preset_sqs,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-5",
        label: |l| strings::strings(l).preset_ex5,
        values: &[("job_s", "240")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-5-rule",
        label: |l| strings::strings(l).preset_ex5_rule,
        values: &[("job_s", "240"), ("visibility_s", "480")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "pubsub-10s",
        label: |l| strings::strings(l).preset_pubsub,
        values: &[("visibility_s", "10"), ("consumers", "100")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "heartbeat",
        label: |l| strings::strings(l).preset_heartbeat,
        values: &[("job_s", "2400"), ("visibility_s", "120"), ("heartbeat_s", "60"), ("dies_s", "300")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "long-deadline",
        label: |l| strings::strings(l).preset_long,
        values: &[("job_s", "2400"), ("visibility_s", "4800"), ("dies_s", "300")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    // Each system's own ceiling (lesson 004's visibility defaults):
    // Pub/Sub's ack deadline at its 600 s maximum, RabbitMQ's 30-minute
    // consumer timeout, SQS's 12 hours from a receive even with a heartbeat.
    Preset {
        code: "pubsub-600s",
        label: |l| strings::strings(l).preset_pubsub_max,
        values: &[("job_s", "1200"), ("visibility_s", "600")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "rabbitmq-30min",
        label: |l| strings::strings(l).preset_rabbitmq,
        values: &[("job_s", "2400"), ("visibility_s", "1800"), ("late_ack", "refused")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "sqs-12h-ceiling",
        label: |l| strings::strings(l).preset_ceiling,
        values: &[("job_s", "46800"), ("visibility_s", "600"), ("heartbeat_s", "300")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-8-hang",
        label: |l| strings::strings(l).preset_ex8_hang,
        values: &[("job_s", "60"), ("visibility_s", "900"), ("max_receive", "5"), ("poison", "hang")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-8-crash",
        label: |l| strings::strings(l).preset_ex8_crash,
        values: &[
            ("job_s", "60"),
            ("visibility_s", "180"),
            ("heartbeat_s", "90"),
            ("max_receive", "5"),
            ("poison", "crash-on-open"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// The number its lesson states, asked before the figure says it.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿cuántas veces reciben los workers el mensaje 1?",
            "how many times do the workers receive message 1?",
        )
    },
    unit: "",
    counted: false,
    answer: |_, _, s: &State| s.run.as_ref().ok().map(|run| run.copies(0) as u64),
    why: |lang| {
        lang.pick("Si el plazo vence antes de que termine el trabajo, el mensaje vuelve a la cola y otro worker lo toma. La regla: un timeout que supere el p99 del trabajo con holgura, o un latido.", "When the timeout runs out before the job ends, the message is back in the queue and another worker takes it. The rule: a timeout above the job's p99 with a margin, or a heartbeat.")
    },
};

/// The same question when the worker dies: its copy comes from the death,
/// not from a timeout shorter than the job (the rule's why, beside the long
/// deadline's 80 minutes, blamed a timeout twice the job).
static PREDICTION_DIES: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    why: |lang| {
        lang.pick("Un worker muerto no borra el mensaje: vuelve cuando vence su plazo. Sin latido es el visibility timeout entero (80 min para un trabajo de 40); con latido, el último plazo renovado, minutos después de la muerte.", "A dead worker never deletes the message: it is back when its lease runs out. With no heartbeat that is the whole visibility timeout (80 min for a 40-minute job); with one, the last renewed lease, minutes after the death.")
    },
    ..PREDICTION
};

/// The same question for a poison message: its copies come from a job that
/// never ends, and no timeout fixes that (exercise 8 was told the 2 × p99 rule).
static PREDICTION_POISON: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    why: |lang| {
        lang.pick("Un mensaje venenoso nunca termina bien: cada recepción acaba en su plazo y el mensaje vuelve, hasta maxReceiveCount recepciones; después pasa a la DLQ. Ningún timeout lo arregla: lo para la DLQ.", "A poison message never ends well: each receive ends at its deadline and the message comes back, up to maxReceiveCount receives; then it moves to the DLQ. No timeout fixes it: the DLQ stops it.")
    },
    ..PREDICTION
};

/// The same with no DLQ (maxReceiveCount 0): nothing stops it but its
/// retention (the why promised a DLQ that was off).
static PREDICTION_POISON_NO_DLQ: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    why: |lang| {
        lang.pick("Un mensaje venenoso nunca termina bien: cada recepción acaba en su plazo y el mensaje vuelve. Sin DLQ (maxReceiveCount 0) vuelve hasta que vence su retención: ningún timeout lo arregla, y nada avisa.", "A poison message never ends well: each receive ends at its deadline and the message comes back. With no DLQ (maxReceiveCount 0) it comes back until its retention runs out: no timeout fixes it, and nothing tells anyone.")
    },
    ..PREDICTION
};

/// Exercise 8's own question, asked in its two presets: when the poison
/// message reaches the DLQ (75 min hung for 15 min × 5; 15 min crashing
/// on open), not its receives, which the preset's name already says.
static PREDICTION_DLQ_AT: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "ejercicio 8: ¿cuánto tarda el mensaje 1 en llegar a la DLQ?",
            "exercise 8: how long does message 1 take to reach the DLQ?",
        )
    },
    unit: "s",
    counted: false,
    answer: |_, _, s: &State| s.run.as_ref().ok().and_then(|run| run.dead_letter_at_ms(0)).map(|ms| ms / 1_000),
    why: |lang| {
        lang.pick("maxReceiveCount recepciones, y cada una acaba cuando vence su plazo (se cuelga: el visibility timeout) o cuando el worker cae: en el ejercicio 8, 5 × 15 min = 75 min si se cuelga, 5 × 3 min = 15 min si lo tumba al abrirlo.", "maxReceiveCount receives, each ending when its deadline runs out (hung: the visibility timeout) or when the worker falls over: in exercise 8, 5 × 15 min = 75 min if it hangs, 5 × 3 min = 15 min if it crashes its worker on opening.")
    },
};

impl crate::unit::Spec for Visibility {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "visibility";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["job_s", "visibility_s", "heartbeat_s", "poison"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn prediction(p: &Params, preset: Option<&str>) -> Option<crate::tasks::Asked<Params, State>> {
        // A job RabbitMQ never acknowledges comes back until the queue drops
        // it: how often is the model's retention (SQS's 4 days), not the lesson's.
        if p.late_ack_refused && p.job_s > p.timeout_s && p.poison == Poison::None {
            return None;
        }
        Some(match p.poison {
            _ if matches!(preset, Some("exercise-8-hang" | "exercise-8-crash")) => (&PREDICTION_DLQ_AT, "dlq"),
            // RabbitMQ requeues a dead worker's message at once: the why of
            // either question (a lease running out) would not be its.
            Poison::None if p.dies_s > 0 && p.late_ack_refused => return None,
            // The death's why only where the death made the copy (a run of
            // one message, at most a few dozen receives).
            Poison::None
                if p.dies_s > 0
                    && p.covers_job()
                    && QueueRun::new(p.config()).is_ok_and(|run| copy_from_death(&run)) =>
            {
                (&PREDICTION_DIES, "dies")
            }
            Poison::None => (&PREDICTION, ""),
            _ if p.max_receive == 0 => (&PREDICTION_POISON_NO_DLQ, "poison"),
            _ => (&PREDICTION_POISON, "poison"),
        })
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
    /// The scene: the first receive, each copy handed out while a worker still
    /// works, the delete or the DLQ, on the Gantt's own time axis.
    fn timeline(params: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        let t = strings::strings(lang);
        let run = state.run.as_ref().ok()?;
        let shown = &run.receives[..run.receives.len().min(ROWS_SHOWN)];
        // The first receive's worker died: the copy after it is the death's,
        // not a slow job's, unless its lease had already run out (then the
        // death comes after that copy, and nothing is hidden any more).
        let died = death_ms(run);
        let from_death = copy_from_death(run);
        let why = match params.poison {
            Poison::CrashOnOpen => CopyWhy::Crashed,
            Poison::None if params.late_ack_refused => CopyWhy::Closed,
            _ => CopyWhy::Timeout,
        };
        let mut moments: Vec<Moment> = shown
            .iter()
            .enumerate()
            .map(|(i, r)| Moment {
                at_ms: r.at_ms,
                text: if i == 0 {
                    (t.moment_first)(
                        &crate::format::duration_text(params.timeout_s.into()),
                        params.poison == Poison::CrashOnOpen,
                    )
                } else {
                    (t.moment_copy)(
                        i + 1,
                        if i == 1 && from_death && !params.late_ack_refused { CopyWhy::Died } else { why },
                    )
                },
            })
            .collect();
        let died_text = match (from_death, params.late_ack_refused) {
            (true, false) => t.moment_died,
            (true, true) => t.moment_died_dropped,
            (false, _) => t.moment_died_late,
        };
        moments.extend(died.map(|at_ms| Moment { at_ms, text: died_text.to_owned() }));
        if let Some(refused) = shown.iter().find(|r| r.end == retry_lab_core::queue::ReceiveEnd::AckRefused) {
            moments.push(Moment { at_ms: refused.until_ms, text: t.moment_refused.to_owned() });
        }
        if let Some(deleted) = shown.iter().find(|r| r.end == retry_lab_core::queue::ReceiveEnd::Deleted) {
            moments.push(Moment { at_ms: deleted.until_ms, text: t.moment_deleted.to_owned() });
        }
        if let Some(at_ms) = run.dead_letter_at_ms(0) {
            moments.push(Moment { at_ms, text: t.moment_dlq.to_owned() });
        }
        Some(Timeline::new(gantt_end_ms(shown), moments))
    }
}

impl crate::unit::Computed for Visibility {
    fn state(params: &Params, _: &Shared) -> State {
        State { run: QueueRun::new(params.config()).map(Rc::new) }
    }
}

/// Effects with an idempotent consumer: one if any receive's job finished,
/// whoever deleted the message (a DLQ can take it while its workers are
/// still on it: 3 finished jobs were 0 effects, not 1).
pub fn idempotent_effects(run: &QueueRun) -> u64 {
    u64::from(run.naive_effects() > 0)
}

/// The Gantt's rows drawn at most (a poison message redelivered for days
/// has thousands): the scene's run is those rows'.
pub const ROWS_SHOWN: usize = 40;

/// Where the Gantt's time axis ends: the last row's hidden or busy end.
pub fn gantt_end_ms(shown: &[retry_lab_core::queue::Receive]) -> u64 {
    shown.iter().map(|r| r.hidden_until_ms.max(r.until_ms)).max().unwrap_or(1).max(1)
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    // Exercise 5: any timeout from the job's length up to the lesson's rule
    // (twice the p99, 480 s) leaves one copy and is an answer the lesson gives.
    crate::tasks::task!("visibility-one-copy", witness: "exp=visibility&job_s=240&visibility_s=480", |p: &Params, _: &Shared, s: &State| {
            p.job_s == 240 && p.heartbeat_s == 0 && p.timeout_s > p.job_s && p.timeout_s <= 2 * p.job_s && s.run.as_ref().is_ok_and(|r| r.copies(0) == 1)
        },
        es: ["Con un trabajo de 4 minutos (240 s), encuentra un visibility timeout que deje una sola copia: por encima del trabajo, y con un margen que no pase del doble del p99, el ejemplo de la lección.",
            "Empieza en 30 s: ¿cuántas copias hay? Sube el plazo hasta que quede una.",
            "El mensaje reaparece al vencer el plazo aunque el worker siga trabajando: a 30 s, hasta 8 copias en 4 minutos. El plazo tiene que pasar la duración del trabajo; la regla de la lección pone el doble del p99, 8 minutos, por margen."],
        en: ["With a 4-minute job (240 s), find a visibility timeout that leaves one copy: above the job, with a margin no larger than twice the p99, the lesson's example.",
            "Start at 30 s: how many copies? Raise the timeout until one is left.",
            "The message reappears when the timeout runs out even if the worker is still on it: at 30 s, up to 8 copies in 4 minutes. The timeout must exceed the job; the lesson's rule is twice the p99, 8 minutes, for margin."]),
    crate::tasks::task!("visibility-heartbeat", witness: "exp=visibility&job_s=2400&visibility_s=120&heartbeat_s=60", |p: &Params, _: &Shared, s: &State| {
            p.job_s >= 2_400 && p.heartbeat_s > 0 && p.timeout_s <= 600 && s.run.as_ref().is_ok_and(|r| r.copies(0) == 1)
        },
        es: ["Un trabajo de 40 minutos o más, una sola copia, y un plazo de 10 minutos o menos.",
            "Con un plazo corto, activa el latido: renueva el plazo mientras el worker vive.",
            "Un plazo de 80 minutos daría una copia, pero un worker muerto retendría el mensaje 80 minutos. Con un latido el plazo es corto y se renueva: si el worker muere, el mensaje vuelve en minutos."],
        en: ["A job of 40 minutes or more, a single copy, and a timeout of 10 minutes or less.",
            "With a short timeout, turn on the heartbeat: it renews the timeout while the worker lives.",
            "An 80-minute timeout would give one copy, but a dead worker would hold the message for 80 minutes. With a heartbeat the timeout is short and renewed: if the worker dies, the message is back in minutes."]),
];

/// When the first receive's worker died, if it did: its job stops there and
/// its message stays hidden until its lease runs out (the scene's moment and
/// the chart's words). Inlined: called from two places, it cost the page
/// 476 B gzip out of line (measured), the same code in each.
#[inline(always)]
pub fn death_ms(run: &QueueRun) -> Option<u64> {
    let dies_ms = run.config.worker_dies_at_ms?;
    let first = run.receives.first()?;
    (first.end == retry_lab_core::queue::ReceiveEnd::Abandoned && first.at_ms <= dies_ms).then_some(dies_ms)
}

/// Whether message 1 was received again because its first worker died: the
/// death ended the first receive, and the next receive came after it (one
/// before it came from the timeout).
pub fn copy_from_death(run: &QueueRun) -> bool {
    death_ms(run).is_some_and(|dies_ms| run.receives.get(1).is_some_and(|next| next.at_ms >= dies_ms))
}

/// Whether a timeout ran out before copy 2 (its words on the chart say
/// so): not where RabbitMQ requeued a dead worker's message at once.
pub fn timeout_made_copy_two(run: &QueueRun) -> bool {
    !(run.config.late_ack_refused && copy_from_death(run))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::link;

    fn preset(code: &str) -> Params {
        link::preset_params(&PRESETS, code).visibility
    }

    fn preset_run(code: &str) -> QueueRun {
        QueueRun::new(link::preset_params(&PRESETS, code).visibility.config()).unwrap()
    }

    #[test]
    fn each_preset_gives_the_lessons_number() {
        assert_eq!(preset_run("visibility-sqs").copies(0), 20);
        assert_eq!(preset_run("exercise-5").copies(0), 8);
        assert_eq!(preset_run("exercise-5-rule").copies(0), 1);
        assert_eq!(preset_run("pubsub-10s").copies(0), 60);
        // Each system's ceiling: a second copy at 600 s, at 30 min, at 12 h.
        for (code, second_at_s) in [("pubsub-600s", 600), ("sqs-12h-ceiling", 43_200)] {
            let run = preset_run(code);
            let at: Vec<u64> = run.receives.iter().map(|r| r.at_ms / 1_000).collect();
            assert_eq!(at, [0, second_at_s], "{code}");
        }
        // RabbitMQ closes the channel at 30 min: the 40-minute job's ack is
        // lost, every copy's too, and nothing deletes it.
        let rabbit = preset_run("rabbitmq-30min");
        assert_eq!(rabbit.receives[1].at_ms, 1_800_000);
        assert_eq!(
            (rabbit.receives[0].end, rabbit.done_at_ms()),
            (retry_lab_core::queue::ReceiveEnd::AckRefused, None)
        );
        let beat = preset_run("heartbeat");
        assert_eq!(beat.copies(0), 2);
        assert!(beat.receives[1].at_ms <= 420_000, "a dead worker frees it within 2 minutes of its death");
        assert_eq!(preset_run("long-deadline").receives[1].at_ms, 4_800_000, "a dead worker holds it 80 minutes");
        assert_eq!(preset_run("exercise-8-hang").dead_letter_at_ms(0), Some(75 * 60_000));
        assert_eq!(preset_run("exercise-8-crash").dead_letter_at_ms(0), Some(15 * 60_000));
    }

    /// A dead worker's scene says the death when it happens, and its copy
    /// is the death's, not «el trabajo no ha terminado» (heartbeat, at 18:24).
    #[test]
    fn the_scene_tells_the_death_before_its_copy() {
        for code in ["heartbeat", "long-deadline"] {
            let p = link::preset_params(&PRESETS, code).visibility;
            let state = <Visibility as crate::unit::Computed>::state(&p, &Shared::default());
            let t = <Visibility as crate::unit::Spec>::timeline(&p, &Shared::default(), &state, crate::i18n::Lang::Es)
                .expect("a scene");
            let died = t.moments.iter().position(|m| m.text.starts_with("El worker muere")).expect("the death");
            assert_eq!(t.moments[died].at_ms, 300_000, "{code}: {t:?}");
            let copy = t.moments.iter().position(|m| m.text.contains("copia 2")).expect("the copy");
            assert!(died < copy, "{code}: {t:?}");
            assert!(t.moments[copy].text.starts_with("Venció el plazo del worker muerto"), "{code}: {t:?}");
        }
    }

    /// The caption names what made the copies: never «vence antes de que
    /// termine un trabajo de 1 min» for a poison message whose job never
    /// ends, nor the timeout for the worker's death under a heartbeat.
    #[test]
    fn the_caption_names_what_made_the_copies() {
        use crate::i18n::Lang;
        let words = |code: &str| {
            let p = link::preset_params(&PRESETS, code).visibility;
            p.insight(Lang::Es, &preset_run(code))
        };
        for code in ["exercise-8-hang", "exercise-8-crash", "heartbeat", "long-deadline"] {
            assert!(!words(code).contains("antes de que termine un trabajo"), "{code}: {}", words(code));
        }
        assert!(
            words("exercise-8-hang").starts_with("Un mensaje venenoso nunca termina"),
            "{}",
            words("exercise-8-hang")
        );
        assert!(words("exercise-8-hang").ends_with("se recibe 5 veces."), "{}", words("exercise-8-hang"));
        assert!(words("exercise-8-crash").starts_with("Un mensaje venenoso tumba al worker"));
        assert!(words("heartbeat").starts_with("El worker muere a los 5 min"), "{}", words("heartbeat"));
        assert!(words("visibility-sqs").contains("vence antes de que termine un trabajo de 10 min"));
        // No heartbeat: the dead worker's message waits out the whole 80 minutes.
        // Its question's why names the death, with its own guess.
        let asked = |code: &str| {
            let p = link::preset_params(&PRESETS, code).visibility;
            <Visibility as crate::unit::Spec>::prediction(&p, None).map(|(pr, key)| (key, (pr.why)(Lang::Es)))
        };
        for code in ["long-deadline", "heartbeat"] {
            let (key, why) = asked(code).expect("asked");
            assert_eq!(key, "dies", "{code}");
            assert!(why.starts_with("Un worker muerto no borra el mensaje"), "{code}: {why}");
        }
        assert_eq!(asked("visibility-sqs").map(|(key, _)| key), Some(""));
        for code in ["exercise-8-hang", "exercise-8-crash"] {
            let (key, why) = asked(code).expect("asked");
            assert_eq!(key, "poison", "{code}");
            assert!(why.contains("lo para la DLQ") && !why.contains("p99"), "{code}: {why}");
        }
        let held = words("long-deadline");
        assert!(held.starts_with("El worker muere a los 5 min y nadie borra el mensaje"), "{held}");
        assert!(held.contains("visibility timeout de 1 h 20 min"), "{held}");
    }

    /// The caption, the scene's moments and the question a run asks, in Spanish.
    fn words(p: &Params) -> String {
        p.insight(Lang::Es, &QueueRun::new(p.config()).expect("a run"))
    }
    fn scene(p: &Params) -> Vec<(u64, String)> {
        let state = <Visibility as crate::unit::Unit>::init(p, &Shared::default(), 0);
        let timeline = <Visibility as crate::unit::Spec>::timeline(p, &Shared::default(), &state, Lang::Es);
        timeline.expect("a scene").moments.into_iter().map(|m| (m.at_ms, m.text)).collect()
    }
    fn asked(p: &Params) -> Option<&'static str> {
        <Visibility as crate::unit::Spec>::prediction(p, None).map(|(_, key)| key)
    }

    /// A death is named only where it made the copy: a worker dying after
    /// its job was done (10 min, dying at 11 min 40 s), after its 30 s
    /// lease had already run out, or before a timeout shorter than the job
    /// (which makes the copies anyway) was blamed for the timeout's copies.
    #[test]
    fn the_caption_blames_a_death_only_for_the_copies_it_made() {
        for p in [
            Params { dies_s: 700, ..Params::default() },
            Params { dies_s: 45, ..Params::default() },
            Params { dies_s: 15, ..Params::default() },
            Params { job_s: 2_400, timeout_s: 1_800, dies_s: 600, ..Params::default() },
        ] {
            let caption = words(&p);
            assert!(caption.contains("vence antes de que termine") && !caption.contains("muere"), "{caption}");
            assert_eq!(asked(&p), Some(""), "{p:?}: the question's why is the timeout's");
        }
        assert_eq!(asked(&preset("long-deadline")), Some("dies"));
        // The scene: the copy before the death is the timeout's; the death says so.
        let early = scene(&Params { dies_s: 45, ..Params::default() });
        let at = |at_ms: u64, words: &str| early.iter().any(|(at, text)| *at == at_ms && text.contains(words));
        assert!(at(30_000, "Venció el visibility timeout") && at(45_000, "su plazo ya había vencido"), "{early:?}");
        assert!(!early.iter().any(|(_, text)| text.contains("worker muerto") || text.contains("sigue escondido")));
    }

    /// A poison message received once goes to the DLQ, never «reaparece»;
    /// one that crashes its worker is not «mientras trabaja»; counts carry
    /// separators; a heartbeat no sooner than the timeout comes too late; a
    /// healthy message out of receives goes to the DLQ; past 12 h is «más de».
    #[test]
    fn each_cause_of_copies_is_named_in_its_own_words() {
        let once = words(&Params { poison: Poison::Hang, max_receive: 1, timeout_s: 600, ..Params::default() });
        assert!(once.ends_with("pasa a la DLQ sin reaparecer.") && !once.contains("1 vez"), "{once}");
        let crash = Params { poison: Poison::CrashOnOpen, max_receive: 1, ..Params::default() };
        assert!(words(&crash).ends_with("pasa a la DLQ sin reaparecer."), "{}", words(&crash));
        let first = &scene(&crash)[0].1;
        assert!(first.contains("cae al abrirlo") && !first.contains("mientras trabaja"), "{first}");
        let crashed = scene(&Params { poison: Poison::CrashOnOpen, max_receive: 3, ..Params::default() });
        assert!(crashed.iter().any(|(_, text)| text.contains("cayó al abrirlo")), "{crashed:?}");
        assert!(!crashed.iter().any(|(_, text)| text.contains("no ha terminado")), "{crashed:?}");
        let hung = words(&Params { poison: Poison::Hang, max_receive: 0, ..Params::default() });
        assert!(hung.contains("se recibe 11,520 veces"), "{hung}");
        let past = Params { job_s: 43_201, timeout_s: 600, heartbeat_s: 300, ..Params::default() };
        assert!(words(&past).contains("un trabajo de más de 12 h pasa ese techo"), "{}", words(&past));
        let late_beat = words(&Params { heartbeat_s: 45, ..Params::default() });
        assert!(late_beat.starts_with("El latido cada 45 s llega tarde"), "{late_beat}");
        let spent = words(&Params { max_receive: 5, ..Params::default() });
        let dlq = "Con maxReceiveCount 5 un mensaje sano pasa a la DLQ: cada copia cuenta como una recepción.";
        assert!(spent.ends_with(dlq), "{spent}");
    }

    /// RabbitMQ closes the channel at consumer_timeout: no copy's ack
    /// arrives, no heartbeat renews it, a death requeues at once, and no
    /// count is asked (it would be the model's retention).
    #[test]
    fn rabbitmq_closes_the_channel_of_a_late_ack() {
        let rabbit = preset("rabbitmq-30min");
        let closed = words(&rabbit);
        assert!(closed.starts_with("RabbitMQ cierra el canal del worker que pasa 30 min sin ack"), "{closed}");
        assert!(!closed.contains("veces"), "how often is the model's retention: {closed}");
        assert!(<Visibility as crate::unit::Spec>::prediction(&rabbit, Some("rabbitmq-30min")).is_none());
        let moments = scene(&rabbit);
        assert!(moments.iter().any(|(at, text)| *at == 2_400_000 && text.contains("su ack no llega")), "{moments:?}");
        assert!(!moments.iter().any(|(_, text)| text.contains("borra el mensaje")), "{moments:?}");
        let beating = Params { heartbeat_s: 10, ..rabbit };
        assert!(words(&beating).starts_with("RabbitMQ cierra el canal"), "{}", words(&beating));
        let dropped =
            Params { job_s: 1_200, timeout_s: 1_800, dies_s: 600, late_ack_refused: true, ..Params::default() };
        assert!(words(&dropped).contains("RabbitMQ reencola el mensaje en el acto"), "{}", words(&dropped));
        assert!(scene(&dropped).iter().any(|(at, text)| *at == 600_000 && text.contains("RabbitMQ reencola")));
        let requeued = QueueRun::new(dropped.config()).expect("a run");
        assert!(!timeout_made_copy_two(&requeued), "no «venció el timeout» on the chart");
        assert!(timeout_made_copy_two(&QueueRun::new(preset("rabbitmq-30min").config()).expect("a run")));
    }

    /// The caption credits what kept the message to one receive: the
    /// timeout, the heartbeat, or no free worker; and SQS's 12 h ceiling
    /// when renewing stops (it blamed the 10 min timeout for a 13 h job).
    #[test]
    fn the_caption_says_what_kept_the_message_once() {
        let whole = |p: &Params| QueueRun::new(p.config()).expect("a run");
        let run = |p: &Params| whole(p).copies(0) as u64;
        let sqs = Params { job_s: 2_400, timeout_s: 600, ..Params::default() };
        let cases = [
            (Params { timeout_s: 480, job_s: 240, ..Params::default() }, Cover::Covers, 1),
            (Params { heartbeat_s: 300, ..sqs.clone() }, Cover::Renewed, 1),
            (Params { consumers: 1, ..sqs.clone() }, Cover::NoFreeWorker, 1),
            (sqs.clone(), Cover::RunsOut, 4),
            (Params { heartbeat_s: 900, ..sqs.clone() }, Cover::LateBeat, 4),
            (preset("sqs-12h-ceiling"), Cover::Ceiling, 2),
            (Params { timeout_s: 1, ..preset("exercise-5") }, Cover::AllWorkers, 30),
        ];
        for (p, cover, copies) in cases {
            assert_eq!((p.cover(run(&p)), run(&p)), (cover, copies), "{p:?}");
        }
        let ceiling = preset("sqs-12h-ceiling");
        let words = ceiling.insight(Lang::Es, &whole(&ceiling));
        assert!(words.contains("más allá de 12 h desde la recepción"), "{words}");
        let swamped = Params { timeout_s: 1, ..preset("exercise-5") };
        let words = swamped.insight(Lang::Es, &whole(&swamped));
        assert!(words.contains("se recibe 30 veces, una por worker libre"), "{words}");
        let renewed = Params { heartbeat_s: 300, ..sqs };
        let words = renewed.insight(Lang::Es, &whole(&renewed));
        assert!(
            words.starts_with(
                "Un visibility timeout de 10 min no cubre un trabajo de 40 min, pero el latido cada 5 min lo renueva"
            ),
            "{words}"
        );
    }

    /// Exercise 5's task wants a timeout above the job (240 s = 240 s
    /// ticked it), within twice its p99.
    #[test]
    fn the_one_copy_task_wants_a_timeout_above_the_job() {
        let done = |timeout_s: u32| {
            let p = Params { job_s: 240, timeout_s, ..Params::default() };
            let state = <Visibility as crate::unit::Unit>::init(&p, &Shared::default(), 0);
            (TASKS[0].done)(&p, &Shared::default(), &state)
        };
        assert_eq!((done(240), done(300), done(480), done(481)), (false, true, true, false));
    }

    /// A poison message with no DLQ is told so after the guess: nothing
    /// stops it but its retention (the why promised a DLQ that was off).
    #[test]
    fn a_poison_message_without_a_dlq_is_not_promised_one() {
        let p = Params { max_receive: 0, ..preset("exercise-8-hang") };
        let (asked, _) = <Visibility as crate::unit::Spec>::prediction(&p, None).expect("asked");
        let why = (asked.why)(Lang::Es);
        assert!(why.contains("Sin DLQ") && !why.contains("lo para la DLQ"), "{why}");
    }

    /// A DLQ that takes the message while its workers finish: each finished
    /// job is an effect without idempotency, one with it.
    #[test]
    fn finished_jobs_are_one_idempotent_effect_whoever_deleted_the_message() {
        let p = Params { max_receive: 3, ..preset("visibility-sqs") };
        let run = QueueRun::new(p.config()).expect("a run");
        assert!(run.dead_letter_at_ms(0).is_some(), "the DLQ takes it");
        assert_eq!((run.naive_effects(), idempotent_effects(&run)), (3, 1));
        let hung = QueueRun::new(preset("exercise-8-hang").config()).expect("a run");
        assert_eq!(idempotent_effects(&hung), 0, "a job that never ends has no effect");
    }
}
