//! Lesson 004's partitions and keys: keyed events appended to a topic of P
//! partitions, the key's hash modulo P picking the partition, with CRC-32
//! (the lesson's Python, confluent-kafka) and murmur2 (Kafka's Java client)
//! side by side; and the keys that move when P changes (the core's `stream`
//! model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::stream::{append, partition_of, KeyHash};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Partitions;

pub const EVENTS_MAX: usize = 40;
const KEY_LEN_MAX: usize = 40;

/// The lesson's six events.
pub const LESSON_EVENTS: &str =
    "listing-42:alta,listing-7:alta,listing-42:precio 900,listing-99:alta,listing-42:vendido,listing-7:precio 450";

/// `key:payload` pairs, comma-separated; none empty, at most 40, keys ≤ 40 bytes.
pub fn parse_events(text: &str) -> Option<Vec<(String, String)>> {
    let events: Option<Vec<(String, String)>> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            let (key, payload) = item.split_once(':').unwrap_or((item, ""));
            let key = key.trim();
            (!key.is_empty() && key.len() <= KEY_LEN_MAX && payload.len() <= KEY_LEN_MAX)
                .then(|| (key.to_owned(), payload.trim().to_owned()))
        })
        .collect();
    events.filter(|e| !e.is_empty() && e.len() <= EVENTS_MAX)
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub partitions: u32,
    pub events: Vec<(String, String)>,
    /// Another partition count to compare with (0: none).
    pub resize_to: u32,
}

impl Default for Params {
    fn default() -> Self {
        Self { partitions: 3, events: parse_events(LESSON_EVENTS).unwrap_or_default(), resize_to: 0 }
    }
}

/// One hash's layout: (partition, offset) per event, and whether its key
/// moves when the topic is resized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub hash: KeyHash,
    pub placed: Vec<(u32, u64)>,
    pub moves: Vec<bool>,
}

impl Params {
    pub fn layout(&self, hash: KeyHash) -> Layout {
        let keys: Vec<&str> = self.events.iter().map(|(k, _)| k.as_str()).collect();
        let placed = append(&keys, self.partitions, hash);
        let moves = keys
            .iter()
            .zip(&placed)
            .map(|(k, (p, _))| self.resize_to > 0 && partition_of(k.as_bytes(), self.resize_to, hash) != *p)
            .collect();
        Layout { hash, placed, moves }
    }
}

#[derive(Clone)]
pub struct State {
    pub layouts: std::rc::Rc<[Layout; 2]>,
}

/// The figure's point, from this run's placement (`layout`, the first
/// hash's): where each key lands, or, resized, how many events move.
pub fn insight(lang: crate::i18n::Lang, params: &Params, layout: &Layout) -> String {
    let t = s(lang);
    if params.resize_to > 0 {
        return (t.moves)(layout.moves.iter().filter(|m| **m).count(), params.resize_to);
    }
    let mut keys: Vec<(&str, u32)> = Vec::new();
    for ((key, _), (partition, _)) in params.events.iter().zip(&layout.placed) {
        if !keys.iter().any(|(k, _)| k == key) {
            keys.push((key, *partition));
        }
    }
    const SHOWN: usize = 4;
    let mut placed: Vec<String> = keys.iter().take(SHOWN).map(|(k, p)| format!("{k} → {p}")).collect();
    if keys.len() > SHOWN {
        placed.push("…".to_owned());
    }
    (t.order_note)(keys.len(), params.partitions, &placed.join(", "))
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

fn format_events(events: &[(String, String)]) -> String {
    events.iter().map(|(k, p)| if p.is_empty() { k.clone() } else { format!("{k}:{p}") }).collect::<Vec<_>>().join(",")
}

static PARAMS: [ParamSpec<Params>; 3] = [
    ParamSpec::keyed(
        "partitions",
        Domain::int(1, 12, ""),
        |l| s(l).partitions,
        |p| Value::Int(p.partitions.into()),
        |p, v| p.partitions = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "keyed",
        Domain::Text { expected: "key:payload,… (≤ 40)", valid: |t| parse_events(t).is_some() },
        |l| s(l).events,
        |p| Value::Text(format_events(&p.events)),
        |p, v| {
            if let Value::Text(text) = v {
                p.events = parse_events(&text).unwrap_or_default();
            }
        },
    ),
    ParamSpec::keyed(
        "resize_to",
        Domain::int(0, 12, ""),
        |l| s(l).resize_to,
        |p| Value::Int(p.resize_to.into()),
        |p, v| p.resize_to = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 2] = [
    Preset {
        code: "lesson-004-keys",
        label: |l| s(l).preset_lesson,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-9-resize",
        label: |l| s(l).preset_resize,
        values: &[("resize_to", "4")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

impl crate::unit::Spec for Partitions {
    /// Still: a key's partition is its hash: nothing happens in time.
    const TIMELESS: bool = true;
    type Params = Params;
    type State = State;
    const CODE: &'static str = "partitions";
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    /// Each event's key, partition and offset under each hash, and how many move.
    fn numbers(p: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let place = |layout: &Layout| {
            let events = p
                .events
                .iter()
                .zip(&layout.placed)
                .map(|((key, _), (part, offset))| Number::Text(format!("{key} → {part}@{offset}")));
            Number::List(events.collect(), ", ")
        };
        let moves = |layout: &Layout| Number::count(layout.moves.iter().filter(|m| **m).count() as u64);
        let [crc, murmur] = &*state.layouts;
        vec![
            ("crc32", place(crc)),
            ("murmur2", place(murmur)),
            ("crc32_moves", moves(crc)),
            ("murmur2_moves", moves(murmur)),
        ]
    }
}

impl crate::unit::Computed for Partitions {
    fn state(params: &Params, _: &Shared) -> State {
        State { layouts: std::rc::Rc::new([params.layout(KeyHash::Crc32), params.layout(KeyHash::Murmur2)]) }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("partitions-resize", witness: "preset=exercise-9-resize", |p: &Params, _: &Shared, s: &State| {
            p.resize_to > 0 && p.resize_to != p.partitions && s.layouts[0].moves.iter().any(|m| *m)
        },
        es: ["Compara el tópico con otro número de particiones y mira qué llaves cambian de partición.",
            "Usa «Comparar con otro número de particiones» con otro número de particiones.",
            "La partición es el hash de la llave módulo P: otro P, otra partición para muchas llaves, y mientras conviven la vieja y la nueva se pierde el orden por llave. Por eso las particiones se eligen con margen desde el principio."],
        en: ["Compare the topic with another number of partitions and see which keys move to another partition.",
            "Use “Compare with another partition count” with another number of partitions.",
            "The partition is the key's hash modulo P: another P, another partition for many keys, and while old and new coexist the per-key order is lost. So partitions are chosen with margin from the start."]),
    crate::tasks::task!("partitions-one", witness: "exp=partitions&partitions=1", |p: &Params, _: &Shared, _: &State| p.partitions == 1,
        es: ["Deja el tópico con una sola partición y mira el orden de los eventos.",
            "Pon 1 partición.",
            "Con una partición todo el tópico está en orden, pero un grupo la lee con un solo consumidor: el paralelismo de un grupo es, como mucho, su número de particiones. La llave da orden donde importa, por llave."],
        en: ["Leave the topic with a single partition and look at the events' order.",
            "Set 1 partition.",
            "With one partition the whole topic is in order, but a group reads it with one consumer: a group's parallelism is at most its number of partitions. Keys give order where it matters, per key."]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_six_events_and_the_resize() {
        let p = Params::default();
        assert_eq!(p.layout(KeyHash::Crc32).placed, [(2, 0), (1, 0), (2, 1), (2, 2), (2, 3), (1, 1)]);
        let resized = Params { resize_to: 4, ..p.clone() }.layout(KeyHash::Crc32);
        assert!(resized.moves.iter().any(|m| *m), "some key moves from 3 to 4 partitions");
        assert_eq!(format_events(&p.events), LESSON_EVENTS);
        for bad in ["", ":x", &"k:v,".repeat(41)] {
            assert_eq!(parse_events(bad), None, "{bad:?}");
        }
    }

    /// The caption is this run's placement, and changes with it.
    #[test]
    fn the_caption_says_where_this_runs_keys_land() {
        use crate::i18n::Lang;
        let p = Params::default();
        let lesson = insight(Lang::Es, &p, &p.layout(KeyHash::Crc32));
        assert!(
            lesson.starts_with("3 llaves en 3 particiones: listing-42 → 2, listing-7 → 1, listing-99 → 2."),
            "{lesson}"
        );
        let four = Params { partitions: 4, ..p.clone() };
        let other = insight(Lang::Es, &four, &four.layout(KeyHash::Crc32));
        assert!(other.starts_with("3 llaves en 4 particiones"), "{other}");
        let resized = Params { resize_to: 4, ..p.clone() };
        assert!(insight(Lang::En, &resized, &resized.layout(KeyHash::Crc32)).starts_with("With 4 partitions, "));
        // One partition, one key: in the singular (it said «1 particiones»).
        let one = Params { partitions: 1, ..p.clone() };
        assert!(insight(Lang::Es, &one, &one.layout(KeyHash::Crc32)).starts_with("3 llaves en 1 partición:"));
        assert!((s(Lang::Es).order_note)(1, 2, "k → 0").starts_with("1 llave en 2 particiones"));
        assert!(
            (s(Lang::Es).moves)(1, 1).starts_with("Con 1 partición cambia de partición 1 evento (marcado): su llave")
        );
        assert!((s(Lang::En).moves)(1, 4).starts_with("With 4 partitions, 1 event changes partition"));
    }
}
