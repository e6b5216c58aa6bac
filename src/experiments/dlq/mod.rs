//! Lesson 004's dead-letter queue, operated: messages arrive, poison ones
//! reach the DLQ after maxReceiveCount receives, an alert goes up, a person
//! fixes the bug and redrives them (or marks them failed); both queues have
//! a retention counted from the first enqueue. Without a DLQ, poison takes
//! the workers' time from healthy messages. The fix and the people's
//! actions are data (`dlq_do`), applied by the core's `queue` model at their
//! simulated times.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::queue::{DlqAction, DlqOperation, Poison, QueueConfig, QueueRun, OPERATIONS_MAX};

use crate::format::{format_seconds, parse_seconds};
use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::{Locks, Preset};

pub struct Dlq;

/// What people do, at simulated times: the fix, then actions on the DLQ.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Actions {
    pub fix_ms: Option<u64>,
    pub operations: Vec<DlqOperation>,
}

impl Actions {
    /// `fix@7200,redrive@10800,redrive:3@10800,fail:6@10800,fail@…`:
    /// seconds; messages numbered from 1 as the page shows them.
    pub fn parse(text: &str) -> Option<Self> {
        let mut actions = Self::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (what, at) = item.split_once('@')?;
            let (what, at_ms) = (what.trim(), parse_seconds(at.trim())?);
            let message = |n: &str| n.trim().parse::<u32>().ok()?.checked_sub(1);
            let action = match what.split_once(':') {
                None if what == "fix" => {
                    actions.fix_ms = Some(actions.fix_ms.map_or(at_ms, |fix| fix.min(at_ms)));
                    continue;
                }
                None if what == "redrive" => DlqAction::RedriveAll,
                None if what == "fail" => DlqAction::MarkAllFailed,
                Some(("redrive", n)) => DlqAction::Redrive(message(n)?),
                Some(("fail", n)) => DlqAction::MarkFailed(message(n)?),
                _ => return None,
            };
            actions.operations.push(DlqOperation { at_ms, action });
        }
        (actions.operations.len() <= OPERATIONS_MAX).then_some(actions)
    }

    pub fn format(&self) -> String {
        let fix = self.fix_ms.map(|at| format!("fix@{}", format_seconds(at)));
        let operations = self.operations.iter().map(|op| {
            let what = match op.action {
                DlqAction::RedriveAll => "redrive".to_owned(),
                DlqAction::MarkAllFailed => "fail".to_owned(),
                DlqAction::Redrive(m) => format!("redrive:{}", m + 1),
                DlqAction::MarkFailed(m) => format!("fail:{}", m + 1),
            };
            format!("{what}@{}", format_seconds(op.at_ms))
        });
        fix.into_iter().chain(operations).collect::<Vec<_>>().join(",")
    }

    /// Whether another action would pass the run's bound (the page's
    /// buttons refuse it, and say so, instead of dropping it).
    pub fn is_full(&self) -> bool {
        self.operations.len() >= OPERATIONS_MAX
    }

    /// These actions without the operation at `index` (its ✕ on the page).
    pub fn without(&self, index: usize) -> Self {
        let mut fewer = self.clone();
        if index < fewer.operations.len() {
            fewer.operations.remove(index);
        }
        fewer
    }

    /// These actions plus one more (the page's buttons).
    pub fn with(&self, op: DlqOperation) -> Self {
        let mut more = self.clone();
        more.operations.push(op);
        more
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub messages: u32,
    /// A new message every this many seconds (0: all at once).
    pub arrival_s: u32,
    pub job_s: u32,
    pub workers: u32,
    pub visibility_s: u32,
    /// 0: no limit, no DLQ.
    pub max_receive: u32,
    pub poison: Poison,
    pub poison_every: u32,
    pub retention_h: u32,
    pub dlq_retention_h: u32,
    pub actions: Actions,
    /// The instant the queues are shown at (the DLQ table, the alert).
    pub look_s: u32,
}

impl Default for Params {
    /// Ten messages a minute apart, every fifth one hangs; exercise 8's 15
    /// minutes × 5; the bug fixed at 2 h, the DLQ redriven at 3 h; seen at
    /// 1 h 30 min, with the alert up.
    fn default() -> Self {
        Self {
            messages: 10,
            arrival_s: 60,
            job_s: 10,
            workers: 2,
            visibility_s: 900,
            max_receive: 5,
            poison: Poison::Hang,
            poison_every: 5,
            retention_h: 96,
            dlq_retention_h: 336,
            actions: Actions {
                fix_ms: Some(7_200_000),
                operations: vec![DlqOperation { at_ms: 10_800_000, action: DlqAction::RedriveAll }],
            },
            look_s: 5_400,
        }
    }
}

impl Params {
    /// Receives × timeout: the least a failing message takes to reach the
    /// DLQ (exercise 8's 5 × 15 min); 0 with no DLQ.
    fn least_to_dlq_s(&self) -> u64 {
        u64::from(self.max_receive) * u64::from(self.visibility_s)
    }

    pub fn config(&self) -> QueueConfig {
        const HOUR_MS: u64 = 3_600_000;
        QueueConfig {
            messages: self.messages,
            arrival_every_ms: u64::from(self.arrival_s) * 1_000,
            job_ms: u64::from(self.job_s) * 1_000,
            workers: self.workers,
            visibility_ms: u64::from(self.visibility_s) * 1_000,
            max_receives: (self.max_receive > 0).then_some(self.max_receive),
            poison: self.poison,
            poison_every: self.poison_every,
            fix_at_ms: self.actions.fix_ms,
            retention_ms: u64::from(self.retention_h) * HOUR_MS,
            dlq_retention_ms: u64::from(self.dlq_retention_h) * HOUR_MS,
            ..QueueConfig::default()
        }
    }

    pub fn run(&self) -> Result<QueueRun, retry_lab_core::queue::QueueError> {
        QueueRun::with_operations(self.config(), &self.actions.operations)
    }
}

#[derive(Clone)]
pub struct State {
    pub run: crate::experiments::queues::QueueOutcome,
    /// The parameters the run was made with, the instant shown aside:
    /// moving the instant only redraws.
    ran_for: Params,
}

impl State {
    fn new(params: &Params) -> Self {
        let ran_for = Params { look_s: 0, ..params.clone() };
        Self { run: ran_for.run().map(Rc::new), ran_for }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {}

const POISON_CODES: &[&str] = &["none", "hang", "crash-on-open"];
const POISONS: [Poison; 3] = [Poison::None, Poison::Hang, Poison::CrashOnOpen];
/// Retention bounds, hours: SQS's 1 minute rounds up to 1 h here; 14 days.
const fn hours() -> Domain {
    Domain::int(1, 336, "h")
}
const fn seconds(min: u64, max: u64) -> Domain {
    Domain::int(min, max, "s")
}
/// The figure's point at the instant it shows (`look_ms`), never the run's
/// end: what had moved to the DLQ by then, and what had become of it.
pub fn insight(lang: crate::i18n::Lang, run: &QueueRun, look_ms: u64) -> String {
    use retry_lab_core::queue::DlqFate;
    if run.config.max_receives.is_none() {
        return s(lang).no_dlq.to_owned();
    }
    let moved = (!run.dlq.is_empty()).then(|| run.dlq.iter().filter(|e| e.moved_at_ms <= look_ms).count() as u64);
    // A fate the scene reaches is counted from 0 s on (none by then: 0);
    // one past the scene's bound is never said (it said «0 expirados» to the end).
    let by = |f: &dyn Fn(&DlqFate) -> Option<u64>| {
        let ever = run.dlq.iter().filter_map(|e| f(&e.fate)).filter(|&at| at <= LOOK_S_MAX * 1_000);
        ever.clone().next().map(|_| ever.filter(|&at| at <= look_ms).count() as u64)
    };
    let fates = [
        by(&|f| if let DlqFate::Redriven { at_ms, .. } = f { Some(*at_ms) } else { None }),
        by(&|f| if let DlqFate::MarkedFailed { at_ms } = f { Some(*at_ms) } else { None }),
        by(&|f| if let DlqFate::Expired { at_ms } = f { Some(*at_ms) } else { None }),
    ];
    // As the table counts its rows: where each message is at that instant.
    let waiting = run.dlq_len_at(look_ms) as u64;
    (s(lang).insight)(&crate::format::duration_ms(look_ms), moved, waiting, fates)
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 12] = [
    ParamSpec::keyed(
        "dlq_messages",
        Domain::int(1, 200, ""),
        |l| s(l).messages,
        |p| Value::Int(p.messages.into()),
        |p, v| p.messages = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "arrival_s",
        seconds(0, 86_400),
        |l| s(l).arrival,
        |p| Value::Int(p.arrival_s.into()),
        |p, v| p.arrival_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dlq_job_s",
        seconds(1, 3_600),
        |l| s(l).job,
        |p| Value::Int(p.job_s.into()),
        |p, v| p.job_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dlq_workers",
        Domain::int(1, 100, ""),
        |l| s(l).workers,
        |p| Value::Int(p.workers.into()),
        |p, v| p.workers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dlq_visibility_s",
        seconds(1, 43_200),
        |l| s(l).visibility,
        |p| Value::Int(p.visibility_s.into()),
        |p, v| p.visibility_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dlq_max_receive",
        Domain::int(0, 1_000, ""),
        |l| s(l).max_receive,
        |p| Value::Int(p.max_receive.into()),
        |p, v| p.max_receive = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dlq_poison",
        Domain::Choice { codes: POISON_CODES, labels: |l| s(l).poison_labels },
        |l| s(l).poison,
        |p| Value::Int(POISONS.iter().position(|x| *x == p.poison).unwrap_or(0) as u64),
        |p, v| p.poison = POISONS[int(&v) as usize % POISONS.len()],
    ),
    ParamSpec::keyed(
        "poison_every",
        Domain::int(1, 200, ""),
        |l| s(l).poison_every,
        |p| Value::Int(p.poison_every.into()),
        |p, v| p.poison_every = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "retention_h",
        hours(),
        |l| s(l).retention,
        |p| Value::Int(p.retention_h.into()),
        |p, v| p.retention_h = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dlq_retention_h",
        hours(),
        |l| s(l).dlq_retention,
        |p| Value::Int(p.dlq_retention_h.into()),
        |p, v| p.dlq_retention_h = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "dlq_do",
        Domain::Text {
            expected: "fix@T, redrive@T, redrive:N@T, fail@T, fail:N@T (s)",
            valid: |t| Actions::parse(t).is_some(),
        },
        |l| s(l).actions,
        |p| Value::Text(p.actions.format()),
        |p, v| {
            if let Value::Text(text) = v {
                p.actions = Actions::parse(&text).unwrap_or_default();
            }
        },
    ),
    ParamSpec::keyed(
        "look_s",
        seconds(0, LOOK_S_MAX),
        |l| s(l).look,
        |p| Value::Int(p.look_s.into()),
        |p, v| p.look_s = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 5] = [
    Preset {
        code: "dlq-redrive",
        label: |l| s(l).preset_redrive,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "redrive-before-fix",
        label: |l| s(l).preset_before_fix,
        values: &[("dlq_do", "redrive@7200"), ("look_s", "12000")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "mark-failed",
        label: |l| s(l).preset_mark_failed,
        values: &[("dlq_do", "fix@7200,fail:1@7200,redrive:6@7200"), ("look_s", "7200")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "no-dlq",
        label: |l| s(l).preset_no_dlq,
        values: &[
            ("dlq_messages", "200"),
            ("poison_every", "50"),
            ("dlq_max_receive", "0"),
            ("dlq_do", ""),
            ("look_s", "10800"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "dlq-retention",
        label: |l| s(l).preset_retention,
        values: &[
            ("dlq_visibility_s", "43200"),
            ("dlq_max_receive", "4"),
            ("dlq_retention_h", "24"),
            ("dlq_do", ""),
            // 2 d 2 h: after both moves (4 × 12 h from their arrivals, at 2 d
            // and 2 d 5 min), which its story is about; the run is the same.
            ("look_s", "180000"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// Exercise 8 of «Colas y streams»: a message that hangs every attempt until
/// its 15 minutes, five receives; asked before the figure says it.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿cuántos minutos tarda el primer mensaje venenoso en llegar a la DLQ, sin contar sus esperas en la cola?",
            "how many minutes does the first poison message take to reach the DLQ, not counting its waits in the queue?",
        )
    },
    unit: "min",
    counted: false,
    answer: |_, _, s: &State| s.run.as_ref().ok().and_then(|run| first_to_the_dlq_min(run)),
    why: |lang| {
        // Exercise 8, both halves: one that hangs holds its worker the whole
        // timeout; one that crashes its worker on opening holds none, and
        // still stays hidden each timeout before it reappears.
        lang.pick("Cada recepción lo esconde un plazo, cuelgue a su worker o lo tumbe al abrirlo; tras la última recepción pasa a la DLQ: recepciones × plazo (ejercicio 8: 5 × 15 = 75 min o 5 × 3 = 15 min).", "Each receive hides it for a timeout, whether it hangs its worker or crashes it on opening; after the last receive allowed it moves to the DLQ: receives × timeout, 5 × 15 = 75 min or 5 × 3 = 15 min.")
    },
};

/// The first message to reach the DLQ: how long its receives hid it (each
/// to its timeout, whether it held a worker or crashed it), in minutes,
/// rounded; None when none does. Exercise 8 counts that (5 × 15 min, or
/// 5 × 3 min): not the time from its first receive to its move, since a
/// copy that reappears may wait for a free worker (message 1's 40 s).
fn first_to_the_dlq_min(run: &QueueRun) -> Option<u64> {
    let (message, _) =
        (0..run.ends.len() as u32).filter_map(|m| Some((m, run.dead_letter_at_ms(m)?))).min_by_key(|&(_, at)| at)?;
    let hidden_ms: u64 =
        run.receives.iter().filter(|r| r.message == message).map(|r| r.hidden_until_ms - r.at_ms).sum();
    Some((hidden_ms + 30_000) / 60_000)
}

impl crate::unit::Spec for Dlq {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "dlq";
    const PRIMARY: &'static [&'static str] = &["dlq_max_receive", "dlq_poison"];
    const INSTANT: Option<&'static str> = Some("look_s");
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    const PARAMS: &'static [ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [Preset] = &PRESETS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn timeline(params: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        timeline(params, state.run.as_ref().ok()?, lang)
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        crate::experiments::queues::queue_outcome_numbers(&state.run)
    }
    fn tables(_: &Params, _: &Shared, state: &State) -> Vec<crate::table::Table> {
        crate::experiments::queues::queue_outcome_tables(&state.run)
    }
    /// Exercise 8's question in minutes, unless the DLQ takes its first
    /// message within a minute (1 s timeouts): «0 min» beside the caption's
    /// «5 × 1 s = al menos 5 s» said the opposite. Asked with no DLQ too: it
    /// never comes, and the result says so.
    fn prediction(p: &Params, _: Option<&str>) -> Option<crate::tasks::Asked<Params, State>> {
        (p.max_receive == 0 || p.least_to_dlq_s() >= 60).then_some((&PREDICTION, ""))
    }
}

impl crate::unit::Unit for Dlq {
    type Action = Action;
    fn init(params: &Params, _: &Shared, _clock_ms: u64) -> State {
        State::new(params)
    }
    fn params_changed(state: &mut State, params: &Params, _: &Shared) {
        if state.ran_for != (Params { look_s: 0, ..params.clone() }) {
            *state = State::new(params);
        }
    }
    fn reduce(_: &mut State, _: &mut Params, _: &Shared, _: &Locks, action: Action) {
        match action {}
    }
}

/// The scene: each message moved to the DLQ, the fix, each stay's end
/// (redriven, marked failed, expired); its instant is `look_s`, so the run
/// ends where the last of these happens (within the slider's 14 days).
fn timeline(params: &Params, run: &QueueRun, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
    use crate::scene::{Moment, Timeline};
    use retry_lab_core::queue::DlqFate;
    let t = s(lang);
    let mut moments = vec![start_moment(params, run, lang)];
    moments.extend(receive_moments(params, run, lang));
    // Moves of one instant are one moment: the alert fires as the DLQ
    // leaves 0 (two messages at once at 3 h 15 min both start it).
    for moved in run.dlq.chunk_by(|a, b| a.moved_at_ms == b.moved_at_ms) {
        let at_ms = moved[0].moved_at_ms;
        let numbers: Vec<u32> = moved.iter().map(|e| e.message + 1).collect();
        let there = run.dlq_len_at(at_ms);
        let before = at_ms.checked_sub(1).map_or(0, |just_before_ms| run.dlq_len_at(just_before_ms));
        moments.push(Moment { at_ms, text: (t.moment_moved)(&numbers, there, before == 0 && there > 0) });
    }
    for entry in &run.dlq {
        let m = entry.message + 1;
        let (at_ms, text) = match entry.fate {
            // Past its retention as it moved: its move already says so.
            DlqFate::Expired { at_ms } if at_ms == entry.moved_at_ms => continue,
            DlqFate::Redriven { at_ms, as_message } => (at_ms, (t.moment_redriven)(m, as_message + 1)),
            DlqFate::MarkedFailed { at_ms } => (at_ms, (t.moment_failed)(m)),
            DlqFate::Expired { at_ms } => (at_ms, (t.moment_expired)(m)),
        };
        moments.push(Moment { at_ms, text });
    }
    // Without a DLQ (or with one too short) a message's retention runs out in the queue.
    for (m, end) in run.ends.iter().enumerate() {
        if let retry_lab_core::queue::MessageEnd::Expired { at_ms } = *end {
            moments.push(Moment { at_ms, text: (t.moment_expired_queue)(m as u32 + 1) });
        }
    }
    if let Some(at_ms) = params.actions.fix_ms {
        moments.push(Moment { at_ms, text: t.moment_fixed.to_owned() });
    }
    // To the run's last end: a run with nothing to say still plays (no DLQ
    // and no poison ended at the instant shown, 0 s after Reset).
    let last_end_ms = (0..run.ends.len() as u32).map(|m| run.end_at_ms(m)).max().unwrap_or(0);
    let end_ms =
        moments.iter().map(|m| m.at_ms).max().unwrap_or(0).max(last_end_ms).max(u64::from(params.look_s) * 1_000);
    Some(Timeline::new(
        end_ms.min(LOOK_S_MAX * 1_000),
        moments.into_iter().filter(|m| m.at_ms <= LOOK_S_MAX * 1_000).collect(),
    ))
}

/// At 0 s: which messages fail and how long until the DLQ takes them.
fn start_moment(params: &Params, run: &QueueRun, lang: crate::i18n::Lang) -> crate::scene::Moment {
    use crate::format::duration_text;
    let poison: Vec<u32> = (0..params.messages).filter(|&m| run.poison[m as usize]).map(|m| m + 1).collect();
    let k = params.max_receive;
    let total = duration_text(params.least_to_dlq_s());
    crate::scene::Moment {
        at_ms: 0,
        text: (s(lang).moment_start)(&poison, &duration_text(params.visibility_s.into()), k, &total),
    }
}

/// Each time a failing message comes back and is received again, up to
/// maxReceiveCount: the steps a learner counts (5 × 15 min), with its wait
/// in the queue behind others that makes the DLQ's 1 h 15 min 40 s. Without a DLQ
/// they go on for days, a moment each: the first failing message's 10th,
/// 100th and 1,000th receive say it instead (its scene would otherwise say
/// its 0 s line until the retention ends).
fn receive_moments<'a>(
    params: &Params,
    run: &'a QueueRun,
    lang: crate::i18n::Lang,
) -> impl Iterator<Item = crate::scene::Moment> + 'a {
    let (k, said, again) = (params.max_receive, s(lang).moment_received, s(lang).moment_again);
    let first_poison: Option<usize> = run.poison.iter().position(|&poison| poison);
    let mut last: Vec<(u32, u64)> = vec![(0, 0); run.ends.len()];
    run.receives.iter().filter_map(move |r| {
        let (n, back_ms) = &mut last[r.message as usize];
        let wait_ms = r.at_ms.saturating_sub(*back_ms);
        *n += 1;
        *back_ms = r.hidden_until_ms;
        let m = r.message + 1;
        let text = match (k, *n) {
            _ if !r.poisoned => return None,
            (0, 10 | 100 | 1_000 | 10_000) if first_poison == Some(r.message as usize) => again(m, *n),
            (0, _) | (_, 1) => return None,
            _ => said(m, *n, k, (wait_ms >= 1_000).then(|| crate::format::duration_ms(wait_ms)).as_deref()),
        };
        Some(crate::scene::Moment { at_ms: r.at_ms, text })
    })
}

/// The instant's bound: the slider's. Twice the DLQ's longest retention
/// (14 d): a message redriven as late as 14 d expires there 14 d after its
/// redrive, its new enqueue. At 14 d the scene ended 2 h before «Redrive
/// antes del arreglo»'s two messages expired, the table saying «vence en 2 h».
const LOOK_S_MAX: u64 = 28 * 86_400;

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("dlq-redrive-early", witness: "preset=redrive-before-fix", |_: &Params, _: &Shared, s: &State| {
            let Ok(run) = &s.run else { return false };
            let redriven = |m: u32| run.dlq.iter().any(|e| matches!(e.fate, retry_lab_core::queue::DlqFate::Redriven { as_message, .. } if as_message == m));
            run.dlq.iter().any(|e| redriven(e.message))
        },
        es: ["Devuelve los mensajes de la DLQ antes de arreglar la causa y mira adónde vuelven.",
            "Mueve el redrive antes del arreglo (o quita el arreglo).",
            "El mensaje venenoso sigue siendo venenoso: otras 5 recepciones colgadas y de vuelta a la DLQ, con otra ronda de workers ocupados. Primero el arreglo, después el redrive."],
        en: ["Redrive the DLQ before the cause is fixed and see where the messages go back to.",
            "Move the redrive before the fix (or remove the fix).",
            "The poison message is still poison: 5 more hung receives and back to the DLQ, with another round of busy workers. Fix first, redrive after."]),
    crate::tasks::task!("dlq-none", witness: "preset=no-dlq", |p: &Params, _: &Shared, s: &State| {
            p.max_receive == 0 && p.poison != Poison::None && s.run.as_ref().is_ok_and(|r| r.ends.iter().any(|e| matches!(e, retry_lab_core::queue::MessageEnd::Expired { .. })))
        },
        es: ["Quita la DLQ y sigue a un mensaje venenoso hasta el final.",
            "Pon maxReceiveCount en 0 (sin DLQ).",
            "Sin DLQ el mensaje venenoso vuelve una y otra vez hasta que vence su retención: horas de workers ocupados y nadie se entera. Con maxReceiveCount 5 va a la DLQ, suena la alerta y alguien lo revisa."],
        en: ["Remove the DLQ and follow a poison message to its end.",
            "Set maxReceiveCount to 0 (no DLQ).",
            "Without a DLQ the poison message comes back again and again until its retention runs out: hours of busy workers, and nobody knows. With maxReceiveCount 5 it goes to the DLQ, the alert goes off and someone looks."]),
];

#[cfg(test)]
mod tests;
