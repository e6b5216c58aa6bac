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

    #[test]
    fn the_presets_give_the_lessons_numbers() {
        let at = |code| state(&link::preset_params(&PRESETS, code).retention);
        let kafka = at("replay-yesterday");
        assert_eq!(kafka.replay, Some(Backlog { events: 86_400_000, catch_up_s: Some(21_600) }), "a day again in 6 h");
        assert_eq!(kafka.new_reader.events, 604_800_000, "a week from the start");
        assert_eq!(at("kinesis-24h").replay, None, "two days back is past Kinesis' default day");
        assert_eq!(at("replay-a-year").replay, None);
    }
}
