//! «Colas y streams»' retention and replay: a log that keeps `retention_h`
//! (Kafka 7 days by default; Kinesis 24 hours, up to 365 days), a group
//! that rewinds its offset to read again, a new reader from the start or
//! the end. The core's `stream::retention`; no randomness.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::stream::retention::{Backlog, Log, Start};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Retention;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub retention_h: u64,
    pub replay_h: u64,
    pub from_latest: bool,
    pub arrival_per_s: u64,
    pub read_per_s: u64,
}

impl Default for Params {
    /// Kafka's default week, yesterday's bad features read again, a new
    /// reader from the start; 1,000 events/s, read at 5,000/s.
    fn default() -> Self {
        Self { retention_h: 168, replay_h: 24, from_latest: false, arrival_per_s: 1_000, read_per_s: 5_000 }
    }
}

impl Params {
    pub fn log(&self) -> Log {
        Log { retention_h: self.retention_h, arrival_per_s: self.arrival_per_s, read_per_s: self.read_per_s }
    }
}

/// The scene's time: the readers reading toward «now» while events keep
/// arriving (each second a reader gains read − arrival events on the log).
impl Params {
    /// Until the slower reader reaches the log's end and a tenth more; a
    /// day when no reader has anything to catch up (or never does).
    pub fn scene_s(&self, st: &State) -> u64 {
        let times = [st.replay.and_then(|b| b.catch_up_s), st.new_reader.catch_up_s];
        times.into_iter().flatten().max().filter(|s| *s > 0).map_or(86_400, |s| s + s / 10)
    }

    /// How far behind «now», in hours of the log, a reader that started
    /// `from_h` back is `t_s` later (never past the retention: what is
    /// older is deleted).
    pub fn behind_h_at(&self, from_h: u64, t_s: f64) -> f64 {
        let arrival = self.arrival_per_s.max(1) as f64;
        let gained_h = (self.read_per_s as f64 - arrival) / arrival * t_s / 3_600.0;
        (from_h as f64 - gained_h).clamp(0.0, self.retention_h.max(from_h) as f64)
    }
}

/// Where the chart draws each thing at `clock_s` into the run, in hours
/// before «now» (the axis's right end). The log's events age as the clock
/// passes: the event the group rewound to drifts left, up to the
/// retention's edge, which stays (older is deleted).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marks {
    pub kept_from_h: f64,
    /// The event the group rewound to.
    pub rewind_h: f64,
    /// The new reader's first event (the oldest kept at 0, or «now» at 0).
    pub reader_h: f64,
    /// Where the group reads (None: its events were deleted).
    pub group_h: Option<f64>,
    /// Where the new reader reads (None: it reads from the latest).
    pub newcomer_h: Option<f64>,
}

impl Params {
    pub fn marks(&self, replayable: bool, clock_s: f64) -> Marks {
        // An event aged past the retention's edge is deleted: its mark
        // stays on the edge, where its reader's band starts (the new
        // reader's drifted into the hatched past, its band at the edge).
        let kept_from_h = self.retention_h as f64;
        let aged_h = |hours: u64| (hours as f64 + clock_s / 3_600.0).min(kept_from_h);
        Marks {
            kept_from_h,
            // A rewind past the retention asked for what was gone already: it stays there.
            rewind_h: if replayable { aged_h(self.replay_h) } else { self.replay_h as f64 },
            reader_h: aged_h(if self.from_latest { 0 } else { self.retention_h }),
            group_h: replayable.then(|| self.behind_h_at(self.replay_h, clock_s)),
            newcomer_h: (!self.from_latest).then(|| self.behind_h_at(self.retention_h, clock_s)),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// None: the events to read again were already deleted.
    pub replay: Option<Backlog>,
    pub new_reader: Backlog,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 5] = [
    ParamSpec::keyed(
        "log_retention_h",
        Domain::int(1, 8_760, "h"),
        |l| s(l).retention,
        |p| Value::Int(p.retention_h),
        |p, v| p.retention_h = int(&v),
    ),
    ParamSpec::keyed(
        "replay_h",
        Domain::int(0, 8_760, "h"),
        |l| s(l).replay,
        |p| Value::Int(p.replay_h),
        |p, v| p.replay_h = int(&v),
    ),
    ParamSpec::keyed(
        "reader_start",
        Domain::Choice { codes: &["earliest", "latest"], labels: |l| s(l).start_labels },
        |l| s(l).start,
        |p| Value::Int(p.from_latest.into()),
        |p, v| p.from_latest = int(&v) == 1,
    ),
    ParamSpec::keyed(
        "log_rate",
        Domain::int(1, 1_000_000, "/s"),
        |l| s(l).arrival,
        |p| Value::Int(p.arrival_per_s),
        |p, v| p.arrival_per_s = int(&v),
    ),
    ParamSpec::keyed(
        "read_rate",
        Domain::int(1, 10_000_000, "/s"),
        |l| s(l).read,
        |p| Value::Int(p.read_per_s),
        |p, v| p.read_per_s = int(&v),
    ),
];

static PRESETS: [Preset; 3] = [
    Preset {
        code: "replay-yesterday",
        label: |l| s(l).preset_kafka,
        values: &[],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "kinesis-24h",
        label: |l| s(l).preset_kinesis,
        values: &[("log_retention_h", "24"), ("replay_h", "48")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "replay-a-year",
        label: |l| s(l).preset_year,
        values: &[("replay_h", "8760")],
        versions: (3, crate::unit::LINK_VERSION),
    },
];

fn state(p: &Params) -> State {
    let log = p.log();
    State {
        replay: log.replay(p.replay_h),
        new_reader: log.new_reader(if p.from_latest { Start::Latest } else { Start::Earliest }),
    }
}

impl crate::unit::Spec for Retention {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "retention";
    /// Beside the figure: the retention and how far back to read again.
    const PRIMARY: &'static [&'static str] = &["log_retention_h", "replay_h"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, st: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let opt = |n: Option<u64>| Number::or(n.map(|n| Number::Int(n, "s")), "never", "s");
        vec![
            ("replay_events", Number::or(st.replay.map(|b| Number::count(b.events)), "deleted", "")),
            ("replay_catch_up_s", st.replay.map_or(Number::Missing("—", "s"), |b| opt(b.catch_up_s))),
            ("new_reader_events", Number::count(st.new_reader.events)),
            ("new_reader_catch_up_s", opt(st.new_reader.catch_up_s)),
        ]
    }
    /// The scene: the group rewinding (or finding its events deleted),
    /// then each reader reaching the log's end, on one clock.
    fn timeline(p: &Params, _: &Shared, st: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::format::{duration_text, millions};
        use crate::scene::{Moment, Timeline};
        let t = s(lang);
        let back = (t.hours)(p.replay_h);
        let start = match st.replay {
            Some(_) => (t.moment_rewind)(&back),
            None => (t.moment_gone)(&back),
        };
        let mut moments = vec![Moment { at_ms: 0, text: start }];
        let done = |b: Backlog, said: fn(&str, &str) -> String| {
            b.catch_up_s
                .filter(|s| *s > 0)
                .map(|s| Moment { at_ms: s * 1_000, text: said(&millions(b.events), &duration_text(s)) })
        };
        moments.extend(st.replay.and_then(|b| done(b, t.moment_replayed)));
        moments.extend(done(st.new_reader, t.moment_reader_done));
        Some(Timeline::new(p.scene_s(st) * 1_000, moments))
    }
}

impl crate::unit::Computed for Retention {
    fn state(params: &Params, _: &Shared) -> State {
        state(params)
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("retention-a-year", witness: "exp=retention&replay_h=8760", |p: &Params, _: &Shared, s: &State| p.replay_h >= 8_760 && s.replay.is_none(),
        es: ["Con la retención de Kafka por omisión, intenta reprocesar un año.",
            "Lleva «Volver a leer desde hace» a 8,760 h.",
            "Lo que pasa de la retención se borró, se haya leído o no. Para reprocesar un año hay que ir al data lake, la fuente de verdad: el stream transporta, no archiva."],
        en: ["With Kafka's default retention, try to reprocess a year.",
            "Take “Replay from (hours ago)” to 8,760 h.",
            "What is past the retention was deleted, read or not. To reprocess a year the source of truth is the data lake: the stream is transport, not an archive."]),
    crate::tasks::task!("retention-latest", witness: "exp=retention&reader_start=latest", |p: &Params, _: &Shared, s: &State| p.from_latest && s.new_reader.events == 0,
        es: ["Agrega un lector nuevo que no tenga nada atrasado.",
            "Haz que empiece desde el final.",
            "Un lector nuevo elige: desde el principio de la retención (lee todo lo que queda) o desde el final (solo lo que llegue). El productor ni se entera."],
        en: ["Add a new reader with nothing behind.",
            "Make it start from the end.",
            "A new reader chooses: from the start of the retention (it reads all that is kept) or from the end (only what comes next). The producer never notices."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    /// The lesson's replay with a reader slower than the arrivals: as the
    /// scene plays, the event the group rewound to ages with the log and
    /// the group always reads newer than it (the mark stayed at «hace
    /// 24 h» while the group's dot drifted to two days ago, past it).
    #[test]
    fn the_rewind_point_ages_and_the_group_reads_after_it() {
        let p = Params { read_per_s: 1, ..link::preset_params(&PRESETS, "replay-yesterday").retention };
        let st = state(&p);
        let end_s = p.scene_s(&st) as f64;
        let (start, end) = (p.marks(st.replay.is_some(), 0.0), p.marks(st.replay.is_some(), end_s));
        assert_eq!(start.rewind_h, p.replay_h as f64);
        assert_eq!(end.rewind_h, p.replay_h as f64 + end_s / 3_600.0, "the event rewound to is older by the run");
        assert_eq!(end.kept_from_h, start.kept_from_h, "the retention's edge stays");
        for t_s in [0.0, end_s / 3.0, end_s / 2.0, end_s] {
            let m = p.marks(true, t_s);
            let group = m.group_h.expect("yesterday is kept");
            assert!(group <= m.rewind_h && m.rewind_h <= m.kept_from_h, "at {t_s} s: {m:?}");
            assert_eq!(m.reader_h, m.kept_from_h, "the new reader's start stays on the edge");
        }
        // Eight days on, yesterday's event is past a week's retention: on the edge.
        assert_eq!(p.marks(true, 8.0 * 86_400.0).rewind_h, p.retention_h as f64);
    }

    #[test]
    fn the_presets_give_the_lessons_numbers() {
        let at = |code| state(&link::preset_params(&PRESETS, code).retention);
        let kafka = at("replay-yesterday");
        assert_eq!(kafka.replay, Some(Backlog { events: 86_400_000, catch_up_s: Some(21_600) }), "a day again in 6 h");
        assert_eq!(kafka.new_reader.events, 604_800_000, "a week from the start");
        assert_eq!(at("kinesis-24h").replay, None, "two days back is past Kinesis' default day");
        assert_eq!(at("replay-a-year").replay, None);
    }

    /// The scene plays the lesson's replay: the rewind at 0, the group at
    /// the log's end after its 6 h, the new reader after its week's 42 h;
    /// half way through its 6 h the group is 12 h behind.
    #[test]
    fn the_scene_reads_a_day_again_then_a_week() {
        use crate::i18n::Lang;
        let p = link::preset_params(&PRESETS, "replay-yesterday").retention;
        let st = state(&p);
        let timeline =
            <Retention as crate::unit::Spec>::timeline(&p, &Shared::default(), &st, Lang::En).expect("a scene");
        let at: Vec<u64> = timeline.moments.iter().map(|m| m.at_ms).collect();
        assert_eq!(at, [0, 21_600_000, 151_200_000], "{timeline:?}");
        assert_eq!(timeline.end_ms, 166_320_000, "42 h and a tenth");
        assert_eq!(p.behind_h_at(24, 10_800.0), 12.0);
        assert_eq!(p.behind_h_at(24, 21_600.0), 0.0);
        assert_eq!(p.behind_h_at(168, 0.0), 168.0);
        let slow = Params { read_per_s: 500, ..p.clone() };
        assert_eq!(slow.behind_h_at(24, 1e9), 168.0, "a reader slower than the log falls back to the retention's edge");
        let gone = at_code("replay-a-year");
        assert!(gone[0].contains("deleted"), "{gone:?}");
    }

    fn at_code(code: &str) -> Vec<String> {
        let p = link::preset_params(&PRESETS, code).retention;
        let timeline =
            <Retention as crate::unit::Spec>::timeline(&p, &Shared::default(), &state(&p), crate::i18n::Lang::En);
        timeline.expect("a scene").moments.into_iter().map(|m| m.text).collect()
    }
}
