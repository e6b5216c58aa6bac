//! Lesson 004's consumer groups: a topic of keyed events (the lesson's six,
//! then more) in P partitions; a group of consumers shares them, one
//! consumer per partition, each processing one event a second and
//! committing as its policy says; a consumer dies at a time (an
//! intervention, kept as data) and the rebalance hands its partitions to
//! another, which resumes at the last committed offset. A second group
//! (the lake sink) reads the same topic with offsets of its own. The core's
//! `consumer_group` simulates it event by event: a topic here has at most
//! 96 events, so a run is microseconds.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use std::rc::Rc;

use retry_lab_core::consumer_group::{Commit, GroupConfig, GroupRun, SinkKind};
use retry_lab_core::stream::{append, KeyHash};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Groups;

/// Kafka's auto-commit interval (auto.commit.interval.ms, 5 s), in ticks of 1 s.
pub const AUTO_COMMIT_S: u32 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommitMode {
    After,
    Before,
    Auto,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub partitions: u32,
    pub events: u32,
    pub consumers: u32,
    /// The lake sink's consumers (0: no second group).
    pub second_consumers: u32,
    pub batch: u32,
    pub commit: CommitMode,
    /// Which consumer dies (1-based; 0: none) and when.
    pub crash_consumer: u32,
    pub crash_s: u32,
    /// How long the topic's first event takes (0: one second, like the rest).
    pub slow_s: u32,
    /// The instant shown.
    pub at_s: u32,
}

impl Default for Params {
    /// The lesson's topic and groups: six events in 3 partitions, the
    /// indexer (3 consumers) and the lake sink (1), one event a poll.
    fn default() -> Self {
        Self {
            partitions: 3,
            events: 6,
            consumers: 3,
            second_consumers: 1,
            batch: 1,
            commit: CommitMode::After,
            crash_consumer: 0,
            crash_s: 2,
            slow_s: 0,
            at_s: 3,
        }
    }
}

/// The lesson's six keys, then listing-1, listing-2, … for more events.
pub fn event_key(i: u32) -> String {
    const LESSON: [u32; 6] = [42, 7, 42, 99, 42, 7];
    format!("listing-{}", LESSON.get(i as usize).copied().unwrap_or_else(|| i - 5))
}

/// The topic and what each group did with it.
pub struct Run {
    /// Each event's (partition, offset), in publication order.
    pub placed: Vec<(u32, u64)>,
    /// Each partition's length.
    pub lengths: Vec<u32>,
    pub indexer: GroupRun,
    pub sink: Option<GroupRun>,
}

impl Params {
    fn config(&self, placed: &[(u32, u64)], consumers: u32, interventions: bool) -> GroupConfig {
        let mut partitions = vec![Vec::new(); self.partitions as usize];
        for (i, (p, _)) in placed.iter().enumerate() {
            partitions[*p as usize].push(i as u32);
        }
        let commit = match self.commit {
            CommitMode::After => Commit::AfterBatch,
            CommitMode::Before => Commit::BeforeBatch,
            CommitMode::Auto => Commit::Every(AUTO_COMMIT_S),
        };
        // Consumer n of the slider is the group's n-th; one past the group's size is no one, and no crash.
        let crashes = if interventions && (1..=consumers).contains(&self.crash_consumer) {
            vec![(self.crash_consumer - 1, u64::from(self.crash_s))]
        } else {
            vec![]
        };
        let slow = match placed.first() {
            Some(&(p, _)) if self.slow_s > 1 => vec![(p, 0, u64::from(self.slow_s))],
            _ => vec![],
        };
        GroupConfig { partitions, consumers, batch: self.batch, commit, sink: SinkKind::Add, crashes, slow }
    }

    pub fn run(&self) -> Run {
        let keys: Vec<String> = (0..self.events).map(event_key).collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let placed = append(&keys, self.partitions, KeyHash::Crc32);
        let mut lengths = vec![0; self.partitions as usize];
        for (p, _) in &placed {
            lengths[*p as usize] += 1;
        }
        // The crash and the slow event are the indexer's story; the sink reads undisturbed.
        let indexer = group_run(&self.config(&placed, self.consumers, true));
        let sink = (self.second_consumers > 0).then(|| group_run(&self.config(&placed, self.second_consumers, false)));
        Run { placed, lengths, indexer, sink }
    }
}

/// A partition the crash moved: `moved_by`'s row.
pub type Moved = (u32, Option<u32>, u32, u32, u64);

/// A partition the crash moved by `at_s`: (partition, the heir (none: no
/// consumer left), the one who died, the offset it resumes from, the
/// tick), from the run's assignments. Who died is the partition's owner
/// in the assignment before this one (a crash at 0 s is at the first
/// assignment's tick).
pub fn moved_by(group: &GroupRun, parts: usize, at_s: u32) -> Vec<Moved> {
    let assignments = &group.assignments;
    (parts..assignments.len())
        .filter(|&i| assignments[i].0 < u64::from(at_s))
        .filter_map(|i| {
            let (tick, p, heir) = assignments[i];
            let dead = assignments[..i].iter().rev().find(|a| a.1 == p)?.2?;
            let from = if tick == 0 { 0 } else { group.committed_at(p, tick - 1) };
            Some((p, heir, dead, from, tick))
        })
        .collect()
}

/// The events skipped for good by `at_s` (`Snapshot::skipped`, `moved`
/// being `moved_by` then, which its callers have) and how many «Nunca
/// procesados» says: those, and once the group is done, every event nobody read.
pub fn never_processed(run: &Run, now: &Snapshot, moved: &[Moved], at_s: u32) -> (Vec<(usize, u32)>, u32) {
    let skipped = now.skipped(&run.end(), moved);
    let count = if u64::from(at_s) > run.indexer.end_tick { now.gaps() } else { skipped.len() as u32 };
    (skipped, count)
}

/// The head-of-line story, if the run has a slow first event: its
/// partition, how many events wait behind it there, and the second the
/// next of them is read.
pub fn head_of_line(p: &Params, run: &Run) -> Option<(u32, u32, u64)> {
    let part = run.placed.first().filter(|_| p.slow_s > 1)?.0;
    let behind = run.lengths[part as usize] - 1;
    let next = run.indexer.reads.iter().find(|r| r.partition == part && r.offset == 1)?;
    Some((part, behind, next.tick))
}

/// The figure's point at the instant shown: the group and its partitions,
/// then, with a crash, what the rebalance moved and what was read twice by
/// now (or that the crash is still ahead).
pub fn insight(lang: crate::i18n::Lang, p: &Params, run: &Run) -> String {
    let t = strings::strings(lang);
    let mut text = (t.insight)(p.consumers, run.lengths.len());
    if let Some((part, behind, next_s)) = head_of_line(p, run) {
        text += &(t.slow_first)(part, p.slow_s, behind, next_s);
    }
    if let Some(sink) = &run.sink {
        let behind = run.snapshot(sink, p.at_s).lag;
        text += &(t.sink_behind)(p.second_consumers, behind, sink.end_tick.saturating_sub(u64::from(p.at_s)));
    }
    if !(1..=p.consumers).contains(&p.crash_consumer) {
        return text;
    }
    let moved = moved_by(&run.indexer, run.lengths.len(), p.at_s);
    // Consumers past the partitions' count read nothing (exercise 3's 8).
    if p.crash_consumer as usize > run.lengths.len() {
        text += &(t.crash_idle)(p.crash_consumer, p.crash_s);
    } else if moved.is_empty() {
        text += &(t.crash_ahead)(p.crash_consumer, p.crash_s);
    } else {
        let list: Vec<String> = moved
            .iter()
            .map(|&(part, heir, _, from, _)| {
                heir.map_or_else(|| (t.orphaned)(part), |heir| (t.moved)(part, heir + 1, from))
            })
            .collect();
        let now = run.snapshot(&run.indexer, p.at_s);
        // Committing first trades repeats for gaps: said beside them, as
        // many as «Nunca procesados» (after processing, there are none).
        let gaps = (p.commit != CommitMode::After).then(|| never_processed(run, &now, &moved, p.at_s).1);
        text += &(t.crashed)(p.crash_s, p.crash_consumer, &list.join("; "), (now.rereads(), gaps));
    }
    text
}

/// The core refuses a config out of its range; the page's ranges lie
/// within it (`every_parameters_extremes_run_in_the_core`), so a refusal
/// here is a bug, shown as one (the panic banner), not a figure of nothing.
/// (Not `expect`: its `Debug` of the error costs the page kilobytes.)
fn group_run(cfg: &GroupConfig) -> GroupRun {
    let Ok(run) = GroupRun::new(cfg) else { panic!("the page's ranges lie within the core's") };
    run
}

/// What a group has done by the end of second `at_s` (ticks before it).
pub struct Snapshot {
    pub committed: Vec<u32>,
    pub reads: Vec<Vec<u32>>,
    pub owners: Vec<Option<u32>>,
    /// Log-end minus committed, over every partition.
    pub lag: u64,
}

/// The indexer's consumers with a partition at the instant, and the live
/// ones without: a crash and its rebalance change both (3 reading became
/// 2; with 13 for 12 partitions, the idle one takes over and none is left).
pub fn readers_at(p: &Params, indexer: &Snapshot) -> (u32, u32) {
    // No sort: std's would cost the page its code, for 20 consumers at most.
    let reading = (0..p.consumers).filter(|c| indexer.owners.contains(&Some(*c))).count() as u32;
    (reading, idle_consumers(p, indexer).count() as u32)
}

/// The live consumers with no partition at the instant, as the page
/// numbers them («13, 14, 15»); None when every one reads.
pub fn idle_at(p: &Params, indexer: &Snapshot) -> Option<String> {
    let mut idle = String::new();
    for c in idle_consumers(p, indexer) {
        // Pushed, not joined: a slice's `join` costs the page its code.
        if !idle.is_empty() {
            idle.push_str(", ");
        }
        idle.push_str(&crate::format::int(u64::from(c + 1)));
    }
    (!idle.is_empty()).then_some(idle)
}

/// The live consumers (from 0) with no partition at the instant: the
/// counter counts them, the line under the partitions names them.
fn idle_consumers<'a>(p: &'a Params, indexer: &'a Snapshot) -> impl Iterator<Item = u32> + 'a {
    let dead = move |c: u32| c + 1 == p.crash_consumer && p.at_s >= p.crash_s;
    (0..p.consumers).filter(move |c| !dead(*c) && !indexer.owners.contains(&Some(*c)))
}

impl Snapshot {
    /// Reads of every event, repeats included.
    pub fn processed(&self) -> u32 {
        self.reads.iter().flatten().sum()
    }
    /// Reads beyond each event's first.
    pub fn rereads(&self) -> u32 {
        self.reads.iter().flatten().map(|n| n.saturating_sub(1)).sum()
    }
    /// Events not read (final once the group is done).
    pub fn gaps(&self) -> u32 {
        self.reads.iter().flatten().filter(|n| **n == 0).count() as u32
    }
    /// The events skipped for good by now, as (partition, offset): committed
    /// past by the consumer that died, on a partition the rebalance has
    /// moved (`moved`), and never processed in the run (`end`). Before the
    /// rebalance a batch committed first is still its consumer's to process.
    pub fn skipped(&self, end: &Snapshot, moved: &[Moved]) -> Vec<(usize, u32)> {
        // Plain loops: a flat_map of filters cost the page 0.4 KB more.
        let mut skipped = Vec::new();
        for &(part, ..) in moved {
            let part = part as usize;
            for offset in 0..self.committed[part] {
                if end.reads[part][offset as usize] == 0 {
                    skipped.push((part, offset));
                }
            }
        }
        skipped
    }
}

impl Run {
    /// When both groups are done: the tick after each one's last commit.
    pub fn done_s(&self) -> u64 {
        self.sink.as_ref().map_or(0, |sink| sink.end_tick + 1).max(self.indexer.end_tick + 1)
    }

    /// The indexer once it is done.
    pub fn end(&self) -> Snapshot {
        self.snapshot(&self.indexer, self.indexer.end_tick as u32 + 1)
    }

    pub fn snapshot(&self, group: &GroupRun, at_s: u32) -> Snapshot {
        // Nothing has happened at 0 s; at n s, ticks 0 … n-1 are done.
        let done = |p: u32| if at_s == 0 { 0 } else { group.committed_at(p, u64::from(at_s) - 1) };
        let tick = u64::from(at_s.saturating_sub(1));
        let parts = 0..self.lengths.len() as u32;
        let committed: Vec<u32> = parts.clone().map(done).collect();
        let reads = parts
            .clone()
            .map(|p| {
                if at_s == 0 {
                    vec![0; self.lengths[p as usize] as usize]
                } else {
                    group.reads_of(p, self.lengths[p as usize] as usize, tick)
                }
            })
            .collect();
        let owners = parts.map(|p| group.owner_at(p, u64::from(at_s))).collect();
        let lag = self.lengths.iter().zip(&committed).map(|(l, c)| u64::from(l.saturating_sub(*c))).sum();
        Snapshot { committed, reads, owners, lag }
    }
}

#[derive(Clone)]
pub struct State {
    pub run: Rc<Run>,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

const COMMIT_CODES: &[&str] = &["after", "before", "auto"];
const COMMITS: [CommitMode; 3] = [CommitMode::After, CommitMode::Before, CommitMode::Auto];

static PARAMS: [ParamSpec<Params>; 10] = [
    ParamSpec::keyed(
        "topic_partitions",
        Domain::int(1, 24, ""),
        |l| s(l).partitions,
        |p| Value::Int(p.partitions.into()),
        |p, v| p.partitions = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "topic_events",
        Domain::int(1, 96, ""),
        |l| s(l).events,
        |p| Value::Int(p.events.into()),
        |p, v| p.events = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "group_consumers",
        Domain::int(1, 30, ""),
        |l| s(l).consumers,
        |p| Value::Int(p.consumers.into()),
        |p, v| p.consumers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "second_consumers",
        Domain::int(0, 30, ""),
        |l| s(l).second_consumers,
        |p| Value::Int(p.second_consumers.into()),
        |p, v| p.second_consumers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "poll_batch",
        Domain::int(1, 50, ""),
        |l| s(l).batch,
        |p| Value::Int(p.batch.into()),
        |p, v| p.batch = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "commit",
        Domain::Choice { codes: COMMIT_CODES, labels: |l| s(l).commit_labels },
        |l| s(l).commit,
        |p| Value::Int(COMMITS.iter().position(|c| *c == p.commit).unwrap_or(0) as u64),
        |p, v| p.commit = COMMITS[int(&v) as usize % COMMITS.len()],
    ),
    ParamSpec::new(
        "crash_consumer",
        "group_crash",
        Domain::int(0, 30, ""),
        |l| s(l).crash_consumer,
        |p| Value::Int(p.crash_consumer.into()),
        |p, v| p.crash_consumer = int(&v) as u32,
    ),
    ParamSpec::new(
        "crash_s",
        "group_crash",
        Domain::int(0, 600, "s"),
        |l| s(l).crash_s,
        |p| Value::Int(p.crash_s.into()),
        |p, v| p.crash_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "slow_s",
        Domain::int(0, 600, "s"),
        |l| s(l).slow_s,
        |p| Value::Int(p.slow_s.into()),
        |p, v| p.slow_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "group_at_s",
        Domain::int(0, 10_000, "s"),
        |l| s(l).at_s,
        |p| Value::Int(p.at_s.into()),
        |p, v| p.at_s = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 8] = [
    Preset {
        code: "lesson-004-groups",
        label: |l| s(l).preset_lesson,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "idle-consumer",
        label: |l| s(l).preset_idle,
        values: &[
            ("topic_partitions", "12"),
            ("topic_events", "48"),
            ("group_consumers", "13"),
            ("second_consumers", "0"),
            ("group_at_s", "2"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-3",
        label: |l| s(l).preset_exercise_3,
        values: &[
            ("topic_partitions", "12"),
            ("topic_events", "48"),
            ("group_consumers", "20"),
            ("second_consumers", "0"),
            ("group_at_s", "2"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "kill-consumer",
        label: |l| s(l).preset_kill,
        values: &[
            ("topic_events", "30"),
            ("second_consumers", "0"),
            ("poll_batch", "4"),
            ("crash_consumer", "2"),
            ("crash_s", "6"),
            ("group_at_s", "12"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "commit-first",
        label: |l| s(l).preset_commit_first,
        values: &[
            ("topic_events", "30"),
            ("second_consumers", "0"),
            ("poll_batch", "4"),
            ("commit", "before"),
            ("crash_consumer", "2"),
            ("crash_s", "6"),
            ("group_at_s", "12"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "auto-commit",
        label: |l| s(l).preset_auto,
        values: &[
            ("topic_events", "30"),
            ("second_consumers", "0"),
            ("poll_batch", "50"),
            ("commit", "auto"),
            ("crash_consumer", "2"),
            ("crash_s", "8"),
            ("group_at_s", "14"),
        ],
        versions: (1, crate::unit::LINK_VERSION),
    },
    // «Colas y streams»: the indexer keeps up while the lake sink, another
    // group reading the same topic, runs a minute behind.
    Preset {
        code: "sink-behind",
        label: |l| s(l).preset_sink_behind,
        values: &[("topic_events", "90"), ("group_at_s", "30")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "head-of-line",
        label: |l| s(l).preset_head_of_line,
        values: &[("topic_events", "30"), ("second_consumers", "0"), ("slow_s", "20"), ("group_at_s", "12")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// Exercise 3's count (12 partitions, 20 consumers: 8 idle), asked first
/// at any setting of the lesson's scenarios about it.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿cuántos consumidores del indexador se quedan sin partición?",
            "how many of the indexer's consumers get no partition?",
        )
    },
    unit: "",
    counted: false,
    answer: |_: &Params, _, s: &State| Some(s.run.indexer.idle_at_start.into()),
    why: |lang| {
        lang.pick("En un grupo, cada partición la lee un solo consumidor: los que pasan del número de particiones esperan sin nada.", "In a group each partition is read by one consumer: those beyond the number of partitions wait with nothing.")
    },
};

impl crate::unit::Spec for Groups {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "groups";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["topic_partitions", "group_consumers", "commit", "crash_consumer"];
    const INSTANT: Option<&'static str> = Some("group_at_s");
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    /// Who reads what is the question of the scenarios about it; the others
    /// are about a crash, a commit or a slow event, where no consumer waits
    /// idle (it asked them all, answer 0).
    fn prediction(_: &Params, preset: Option<&str>) -> Option<crate::tasks::Asked<Params, State>> {
        matches!(preset, None | Some("idle-consumer" | "exercise-3")).then_some((&PREDICTION, ""))
    }
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    /// The indexer at the instant shown and at the end, the lake sink at the instant.
    fn numbers(p: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let run = &state.run;
        let at = run.snapshot(&run.indexer, p.at_s);
        let end = run.end();
        let committed = |s: &Snapshot| Number::List(s.committed.iter().map(|&n| Number::count(n)).collect(), " ");
        let mut out = vec![
            ("at_s", Number::Int(p.at_s.into(), "s")),
            ("indexer_committed_by_partition", committed(&at)),
            ("consumers_reading", Number::count(p.consumers - run.indexer.idle_at_start)),
            ("consumers_idle", Number::count(run.indexer.idle_at_start)),
            ("rereads", Number::count(end.rereads() as u64)),
            ("gaps", Number::count(end.gaps() as u64)),
        ];
        if let Some(sink) = &run.sink {
            out.push(("sink_committed_by_partition", committed(&run.snapshot(sink, p.at_s))));
        }
        out
    }
    /// The scene, one second a tick: the group reading, a consumer's death and
    /// the partitions moving, each group done. Its instant is `group_at_s`.
    fn timeline(p: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        let t = strings::strings(lang);
        let run = &state.run;
        let parts = run.lengths.len();
        let mut moments = vec![Moment { at_ms: 0, text: (t.moment_start)(p.consumers, parts) }];
        let mut by_tick: Vec<(u64, Vec<String>)> = Vec::new();
        for (part, heir, _, from, tick) in moved_by(&run.indexer, parts, u32::MAX) {
            let text = heir.map_or_else(|| (t.orphaned)(part), |heir| (t.moved)(part, heir + 1, from));
            match by_tick.last_mut() {
                Some((at, list)) if *at == tick => list.push(text),
                _ => by_tick.push((tick, vec![text])),
            }
        }
        // Who dies is the crash's consumer: a partition the rebalance moves
        // may have been a survivor's (3 dies, and 2's partition 2 goes to 1).
        for (tick, list) in by_tick {
            moments.push(Moment { at_ms: tick * 1_000, text: (t.moment_crash)(p.crash_consumer, &list.join("; ")) });
        }
        // A group is done the tick after its last commit (`Run::end`'s snapshot).
        moments.push(Moment { at_ms: (run.indexer.end_tick + 1) * 1_000, text: (t.moment_done)(t.indexer) });
        if let Some(sink) = &run.sink {
            moments.push(Moment { at_ms: (sink.end_tick + 1) * 1_000, text: (t.moment_done)(t.sink) });
        }
        if let Some((part, behind, next_s)) = head_of_line(p, run) {
            moments[0].text += &(t.slow_first)(part, p.slow_s, behind, next_s);
            moments.push(Moment { at_ms: next_s * 1_000, text: (t.moment_unblocked)(part) });
        }
        Some(Timeline::new(run.done_s() * 1_000, moments).in_ticks_of(1_000))
    }
}

impl crate::unit::Computed for Groups {
    fn state(params: &Params, _: &Shared) -> State {
        State { run: Rc::new(params.run()) }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("groups-crash-rereads", witness: "preset=kill-consumer", |p: &Params, _: &Shared, s: &State| {
            p.commit == CommitMode::After && p.crash_consumer > 0 && s.run.end().rereads() > 0
        },
        es: ["Haz que un consumidor muera antes de confirmar su offset y encuentra los eventos que se leen dos veces.",
            "Elige un consumidor que muere y un momento; confirma después de procesar.",
            "El rebalanceo le da sus particiones a otro, que retoma desde el último offset confirmado: lo procesado sin confirmar se lee otra vez. Es at-least-once: el consumidor tiene que aguantar repetidos."],
        en: ["Make a consumer die before committing its offset and find the events read twice.",
            "Pick a consumer that dies and a time; commit after processing.",
            "The rebalance gives its partitions to another, which resumes at the last committed offset: what was processed but not committed is read again. At-least-once: the consumer must withstand repeats."]),
    crate::tasks::task!("groups-commit-first", witness: "preset=commit-first", |p: &Params, _: &Shared, s: &State| {
            p.commit == CommitMode::Before && p.crash_consumer > 0 && s.run.end().gaps() > 0
        },
        es: ["Confirma antes de procesar, deja morir a un consumidor y encuentra los eventos que nadie procesa.",
            "Cambia el commit a «antes» con un consumidor que muere.",
            "Confirmar primero cambia repetidos por huecos: el heredero empieza después de eventos que el caído confirmó y nunca terminó. Si ese grupo cuenta pagos para detectar fraude, cada pago saltado es un ataque que nadie ve."],
        en: ["Commit before processing, let a consumer die, and find the events nobody processes.",
            "Switch the commit to “before” with a consumer that dies.",
            "Committing first trades repeats for gaps: the heir starts after events the dead consumer committed and never finished. In a fraud counter, a lost payment is an attack nobody sees."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::link;

    fn preset(code: &str) -> Params {
        link::preset_params(&PRESETS, code).groups
    }

    #[test]
    fn the_lessons_two_groups_at_3_s() {
        let p = preset("lesson-004-groups");
        let run = p.run();
        assert_eq!(run.placed, [(2, 0), (1, 0), (2, 1), (2, 2), (2, 3), (1, 1)]);
        let (indexer, sink) = (run.snapshot(&run.indexer, 3), run.snapshot(&run.indexer, 0));
        assert_eq!(indexer.committed[2], 3, "the indexer at offset 3");
        assert_eq!(sink.lag, 6, "nothing read at 0 s");
        let sink = run.snapshot(run.sink.as_ref().unwrap(), 3);
        assert_eq!(sink.committed[2], 1, "the lake sink at offset 1");
    }

    #[test]
    fn idle_consumers() {
        let idle = |code: &str| preset(code).run().indexer.idle_at_start;
        assert_eq!(idle("idle-consumer"), 1, "12 partitions, 13 consumers");
        assert_eq!(idle("exercise-3"), 8, "20 consumers: 12 read, 8 idle");
    }

    /// The idle count is asked where a scenario is about who reads what, and
    /// its answer there is never 0; a crash's, a commit's or a slow event's
    /// scenario asks nothing (it asked each «how many idle?», answer 0).
    #[test]
    fn the_idle_question_is_asked_where_someone_idles() {
        use crate::unit::Spec;
        for preset in PRESETS.iter() {
            let code = (!preset.values.is_empty()).then_some(preset.code);
            let asked = Groups::prediction(&self::preset(preset.code), code).is_some();
            let idle = self::preset(preset.code).run().indexer.idle_at_start;
            // The lesson's own setup (no values) asks it too: exercise 3 is its question.
            assert_eq!(asked, idle > 0 || code.is_none(), "{}: asked {asked}, {idle} idle", preset.code);
        }
    }

    /// The counters of readers follow the crash: 3 read, then 2; with 13
    /// consumers for 12 partitions, the idle one takes over, none is idle.
    #[test]
    fn the_readers_follow_the_crash_and_the_rebalance() {
        let at = |p: &Params, at_s: u32| {
            let p = Params { at_s, ..p.clone() };
            readers_at(&p, &p.run().snapshot(&p.run().indexer, at_s))
        };
        let kill = preset("kill-consumer");
        assert_eq!((at(&kill, 3), at(&kill, 16)), ((3, 0), (2, 0)), "{kill:?}");
        let spare = Params { crash_consumer: 1, crash_s: 2, ..preset("idle-consumer") };
        assert_eq!((at(&spare, 1), at(&spare, 8)), ((12, 1), (12, 0)));
        // And the idle ones are named under the partitions: exercise 3's 13 to 20.
        let idle = |p: &Params, at_s: u32| {
            let p = Params { at_s, ..p.clone() };
            idle_at(&p, &p.run().snapshot(&p.run().indexer, at_s))
        };
        assert_eq!(idle(&preset("exercise-3"), 0).as_deref(), Some("13, 14, 15, 16, 17, 18, 19, 20"));
        assert_eq!((idle(&spare, 1).as_deref(), idle(&spare, 8)), (Some("13"), None));
    }

    /// An idle consumer's death moves nothing, and the caption says so at
    /// every instant (it asked to move the instant past a crash long gone).
    #[test]
    fn an_idle_consumers_death_moves_no_partition() {
        use crate::i18n::Lang;
        let p = Params { crash_consumer: 13, crash_s: 2, ..preset("idle-consumer") };
        let run = p.run();
        for at_s in [0, 2, 8] {
            assert!(moved_by(&run.indexer, run.lengths.len(), at_s).is_empty());
            let said = insight(Lang::Es, &Params { at_s, ..p.clone() }, &run);
            assert!(
                said.ends_with(
                    "El consumidor 13 muere a los 2 s sin partición que leer: el rebalanceo no mueve ninguna."
                ),
                "{said}"
            );
        }
    }

    /// With a crash the caption is the run at the instant shown: before the
    /// crash it says it is ahead; after it, which partitions moved to whom,
    /// from which offset, and the re-reads so far, which the figure marks.
    #[test]
    fn the_caption_tells_the_crash_and_the_rebalance_at_the_instant() {
        use crate::i18n::Lang;
        let p = preset("kill-consumer");
        let run = p.run();
        let at = |at_s: u32| insight(Lang::En, &Params { at_s, ..p.clone() }, &run);
        let before = at(3);
        assert!(before.ends_with("Consumer 2 dies at 6 s: move the instant past it to see the rebalance."), "{before}");
        let after = at(12);
        let moved = moved_by(&run.indexer, run.lengths.len(), 12);
        assert!(
            !moved.is_empty() && moved.iter().all(|&(_, heir, dead, ..)| dead == 1 && heir.is_some_and(|h| h != 1)),
            "{moved:?}"
        );
        let (part, heir, _, from, _) = moved[0];
        assert!(after.contains(&format!("At 6 s consumer 2 dies and the group rebalances: partition {part} goes to consumer {}, which resumes from offset {from}", heir.unwrap() + 1)), "{after}");
        let rereads = run.snapshot(&run.indexer, 12).rereads();
        assert!(
            rereads > 0 && after.ends_with(&format!("By this instant, {rereads} events have been read twice.")),
            "{after}"
        );
        assert!(!insight(Lang::En, &preset("lesson-004-groups"), &preset("lesson-004-groups").run()).contains("dies"));
        // Dead at 0 s, at the first assignment's tick: consumer 2 is who died,
        // and only its partition moves (a handle's Home put the crash there).
        let at_zero = Params { crash_s: 0, ..p.clone() };
        let zero_run = at_zero.run();
        let moved = moved_by(&zero_run.indexer, zero_run.lengths.len(), 5);
        assert!(matches!(moved[..], [(1, Some(heir), 1, 0, 0)] if heir != 1), "{moved:?}");
        // The group's last consumer dies: its partitions are left unread, said so.
        let alone = Params { consumers: 1, crash_consumer: 1, ..p };
        assert!(insight(Lang::En, &alone, &alone.run()).contains("is left with no one to read it"));
    }

    /// A crash named past the group's size kills nobody, as its field says
    /// («0 o fuera del grupo: ninguno»); the counts are written as values
    /// («Consumidores: 1»), never «1 consumidores».
    #[test]
    fn a_crash_past_the_group_and_singulars_are_said() {
        use crate::i18n::Lang;
        let p = Params { consumers: 3, crash_consumer: 30, ..preset("kill-consumer") };
        let text = insight(Lang::Es, &p, &p.run());
        assert!(text.ends_with("desde su último offset confirmado."), "{text}");
        assert_eq!(rereads_and_gaps(&p), (0, 0), "nobody dies: nothing is read twice");
        assert!(strings::strings(Lang::Es).crash_consumer.ends_with("(0 o fuera del grupo: ninguno)"));
        let one = Params { consumers: 2, partitions: 1, crash_consumer: 0, second_consumers: 0, ..p };
        let text = insight(Lang::Es, &one, &one.run());
        assert!(
            text.starts_with(
                "Consumidores: 2, particiones: 1. Cada partición la lee uno solo del grupo; sin nada que leer: 1."
            ),
            "{text}"
        );
        let text = insight(Lang::En, &Params { consumers: 1, ..one.clone() }, &one.run());
        assert!(text.starts_with("Consumers: 1, partitions: 1. "), "{text}");
    }

    /// «el sink al lake va un minuto atrás»: at 30 s the indexer has read
    /// 88 of the 90 events, the sink (one consumer) 30: 60 behind, 60 s to go.
    #[test]
    fn the_lake_sink_runs_a_minute_behind() {
        use crate::i18n::Lang;
        let p = preset("sink-behind");
        let run = p.run();
        assert!(run.snapshot(&run.indexer, 30).lag <= 2, "the indexer all but caught up");
        assert_eq!(run.snapshot(run.sink.as_ref().unwrap(), 30).lag, 60);
        assert!(
            insight(Lang::Es, &p, &run)
                .ends_with("otro grupo con 1 consumidor, va 60 eventos atrás: a su ritmo le faltan 60 s."),
            "{}",
            insight(Lang::Es, &p, &run)
        );
        // Words in number with their count, never «consumidor(es)».
        let sink = |lang| (strings::strings(lang).sink_behind)(2, 1, 1);
        assert!(sink(Lang::Es).contains("con 2 consumidores, va 1 evento atrás"), "{}", sink(Lang::Es));
        assert!(sink(Lang::En).contains("with 2 consumers, is 1 event behind"), "{}", sink(Lang::En));
        assert!(sink(Lang::Es).ends_with("le falta 1 s."), "one second, in the singular: {}", sink(Lang::Es));
        // Caught up, the same shape: the caption keeps its length (and its
        // lines) as the sink catches up while the scene plays.
        let caught_up = (strings::strings(Lang::Es).sink_behind)(1, 0, 0);
        assert_eq!(
            caught_up,
            " El sink al lake, otro grupo con 1 consumidor, ya no va atrás: leyó todos los eventos del tópico."
        );
        let far = (strings::strings(Lang::Es).sink_behind)(1, 60, 60);
        assert!(caught_up.len().abs_diff(far.len()) <= 8, "{caught_up} / {far}");
    }

    /// Events processed more than once, and never, by the end of the run.
    fn rereads_and_gaps(p: &Params) -> (u32, u32) {
        let end = p.run().end();
        (end.rereads(), end.gaps())
    }

    /// The moment names the consumer that dies, not the first moved
    /// partition's owner before: with consumer 3 dying, consumer 2's
    /// partition 2 moves too, and the line said «Muere el consumidor 2».
    #[test]
    fn the_crash_moment_names_the_consumer_that_dies() {
        use crate::i18n::Lang;
        for dying in 1..=3 {
            let p = Params { crash_consumer: dying, ..preset("kill-consumer") };
            let timeline = <Groups as crate::unit::Spec>::timeline(
                &p,
                &Shared::default(),
                &<Groups as crate::unit::Computed>::state(&p, &Shared::default()),
                Lang::Es,
            )
            .unwrap();
            let crash: Vec<&str> =
                timeline.moments.iter().map(|m| m.text.as_str()).filter(|t| t.starts_with("Muere")).collect();
            assert_eq!(crash.len(), 1, "{crash:?}");
            assert!(crash[0].starts_with(&format!("Muere el consumidor {dying}:")), "consumer {dying}: {}", crash[0]);
        }
    }

    /// «Nunca procesados» at every instant: the events committed past that
    /// the run never processes, once the rebalance has moved their
    /// partition. None before it, never fewer later, every gap at the end;
    /// a batch the consumer committed first and has yet to process is not one.
    #[test]
    fn skipped_events_are_counted_once_the_rebalance_moves_them() {
        let p = preset("commit-first");
        let run = p.run();
        let end = run.end();
        let skipped = |at: u32| {
            let moved = moved_by(&run.indexer, run.lengths.len(), at);
            (run.snapshot(&run.indexer, at).skipped(&end, &moved).len(), moved.is_empty())
        };
        let counts: Vec<(usize, bool)> = (0..=run.done_s() as u32).map(skipped).collect();
        assert!(counts.windows(2).all(|w| w[0].0 <= w[1].0), "{counts:?}");
        assert!(counts.iter().filter(|c| c.1).all(|c| c.0 == 0), "none before the rebalance: {counts:?}");
        assert_eq!(counts.last().map(|c| c.0 as u32), Some(end.gaps()));
        assert!(end.gaps() > 0);
        let committed_unread = |at: u32| {
            let s = run.snapshot(&run.indexer, at);
            (0..s.committed.len()).any(|part| (0..s.committed[part]).any(|o| s.reads[part][o as usize] == 0))
        };
        let before: Vec<u32> = (0..=run.done_s() as u32).filter(|&at| counts[at as usize].1).collect();
        assert!(before.into_iter().any(committed_unread), "commit first: committed before it is read");
        // The caption says them where it says the re-reads (it said «0
        // eventos se leyeron dos veces» beside «Nunca procesados 2»).
        let at_end = Params { at_s: run.done_s() as u32, ..p.clone() };
        let words = insight(crate::i18n::Lang::Es, &at_end, &run);
        let said =
            format!("Hasta este instante, 0 eventos se leyeron dos veces y {} quedaron sin procesar.", end.gaps());
        assert!(words.contains(&said), "{words}");
        let after = preset("kill-consumer");
        let words = insight(crate::i18n::Lang::Es, &Params { at_s: 20, ..after.clone() }, &after.run());
        assert!(!words.contains("sin procesar"), "committing after processing skips nothing: {words}");
    }

    #[test]
    fn a_crash_rereads_with_commit_after_and_skips_with_commit_first() {
        let (rereads, gaps) = rereads_and_gaps(&preset("kill-consumer"));
        assert!(rereads > 0 && gaps == 0, "commit after: re-reads {rereads}, gaps {gaps}");
        let (rereads, gaps) = rereads_and_gaps(&preset("commit-first"));
        assert!(rereads == 0 && gaps > 0, "commit first: re-reads {rereads}, gaps {gaps}");
        let (rereads, gaps) = rereads_and_gaps(&preset("auto-commit"));
        assert!(rereads > 0 && gaps == 0, "auto-commit: re-reads {rereads}, gaps {gaps}");
        let (rereads, gaps) = rereads_and_gaps(&preset("lesson-004-groups"));
        assert_eq!((rereads, gaps), (0, 0), "no crash");
    }

    /// Auto-commit commits its last events at its next interval, and the
    /// run lasts until then: at its end nothing is left uncommitted (it
    /// ended with everything read, 6 behind and no ▲ on the partitions).
    #[test]
    fn auto_commit_runs_to_its_last_commit() {
        for consumers in [1, 2, 3, 12] {
            let p = Params { consumers, commit: CommitMode::Auto, ..preset("lesson-004-groups") };
            let run = p.run();
            assert_eq!(run.end().lag, 0, "{consumers} consumers");
            assert_eq!(run.indexer.end_tick % u64::from(AUTO_COMMIT_S), 0, "ends on the commit's tick");
        }
        assert_eq!(preset("auto-commit").run().end().lag, 0, "with its crash");
    }

    /// The scene ends where the run is done: its last instant shows the
    /// end's snapshot (the gaps are final there), and the crash is a moment.
    #[test]
    fn the_scene_ends_where_the_group_is_done() {
        let p = preset("kill-consumer");
        let state = State { run: std::rc::Rc::new(p.run()) };
        let timeline = <Groups as crate::unit::Spec>::timeline(&p, &Shared::default(), &state, crate::i18n::Lang::En)
            .expect("a scene");
        let last_s = (timeline.end_ms / 1_000) as u32;
        assert!(u64::from(last_s) > state.run.indexer.end_tick, "the panel's `done` holds at the end");
        assert_eq!(state.run.snapshot(&state.run.indexer, last_s).gaps(), state.run.end().gaps());
        assert!(timeline.moments.iter().any(|m| m.at_ms == 6_000 && m.text.contains("dies")), "{timeline:?}");
    }

    #[test]
    fn a_slow_event_holds_its_partition_back() {
        let slow = preset("head-of-line").run();
        let fast = Params { slow_s: 0, ..preset("head-of-line") }.run();
        let p = slow.placed[0].0;
        let at = |run: &Run| run.snapshot(&run.indexer, 12).committed[p as usize];
        assert_eq!(at(&slow), 0, "still on the slow event at 12 s");
        assert!(at(&fast) > 5);
        // The other partitions go on.
        let other = (p + 1) % 3;
        assert_eq!(
            slow.snapshot(&slow.indexer, 12).committed[other as usize],
            fast.snapshot(&fast.indexer, 12).committed[other as usize]
        );
    }

    fn timeline_of(p: &Params, lang: crate::i18n::Lang) -> crate::scene::Timeline {
        let state = State { run: std::rc::Rc::new(p.run()) };
        <Groups as crate::unit::Spec>::timeline(p, &Shared::default(), &state, lang).expect("a scene")
    }

    /// The slow event's story is told where it happens: from the start, in
    /// the caption and the scene's first moment (the second the queue
    /// behind it moves on, from the run), and a moment when it ends.
    #[test]
    fn the_slow_event_is_a_moment_and_in_the_caption() {
        let p = preset("head-of-line");
        let run = p.run();
        let (part, behind, next_s) = head_of_line(&p, &run).expect("a slow first event");
        assert_eq!((behind, run.lengths[part as usize]), (run.lengths[part as usize] - 1, 15));
        assert!(next_s >= u64::from(p.slow_s), "nothing behind it is read while it runs: {next_s}");
        assert_eq!(run.snapshot(&run.indexer, next_s as u32 - 1).committed[part as usize], 0);
        let caption = insight(Lang::Es, &p, &run);
        assert!(
            caption.contains(&format!("ninguno de los 14 que vienen detrás se lee antes de los {next_s} s")),
            "{caption}"
        );
        let timeline = timeline_of(&p, Lang::En);
        assert!(timeline.moments[0].text.contains("none of the 14 behind it"), "{timeline:?}");
        assert!(timeline
            .moments
            .iter()
            .any(|m| m.at_ms == next_s * 1_000 && m.text.starts_with("The slow event ends")));
        assert_eq!(head_of_line(&Params { slow_s: 0, ..p }, &run), None, "no slow event, no story");
    }

    /// The group moves a tick a second, and Step stops on each: the lesson's
    /// «a los 3 s» (the indexer at offset 3, the sink at 1) is a stop.
    #[test]
    fn steps_stop_on_every_second_the_lesson_s_3_s_among_them() {
        use crate::scene::{SceneClock, Transport};
        let p = preset("lesson-004-groups");
        let timeline = timeline_of(&p, Lang::Es);
        let mut clock = SceneClock::opened_at(0);
        clock.transport(&timeline, Transport::Reset);
        let mut stops = Vec::new();
        while clock.at_ms.is_some() {
            clock.transport(&timeline, Transport::Step);
            stops.push(clock.at(&timeline) / 1_000);
        }
        let all: Vec<u64> = (1..=timeline.end_ms / 1_000).collect();
        assert_eq!(stops, all);
        let run = p.run();
        let sink = run.sink.as_ref().expect("the lesson's sink");
        let (indexer_at, sink_at) = (run.snapshot(&run.indexer, 3), run.snapshot(sink, 3));
        assert_eq!((indexer_at.committed[2], sink_at.committed[2]), (3, 1), "the lesson's partition 2 at 3 s");
    }
}
