//! The lab's pages, one per lesson group: which experiments each builds,
//! its titles in both languages, and where another page's codes go.

use crate::group_codes as codes;
pub use crate::group_codes::Codes;
use crate::i18n::Lang;
use crate::registry::{Experiment, ParamId};

/// The lab's entry pages, one per lesson group: each page's module holds
/// only its group's experiments (a cargo feature each), so every page stays
/// within its size budget. A page knows of the other groups only their
/// codes: enough to send a link there and to pass over their keys.
pub struct Group {
    /// The entry's directory under `dist/` ("" is the root).
    pub dir: &'static str,
    /// The cargo feature that compiles its experiments.
    pub feature: &'static str,
    /// The page's name in the course navigation (the same on every page).
    pub title: fn(Lang) -> &'static str,
    /// The title of the lesson the page serves, the page's `<h1>`: named by
    /// its title, never by its file's number. Like `subtitle` and `intro`,
    /// compiled into its own page only (another page never shows it).
    pub lesson: fn(Lang) -> &'static str,
    /// One line of the page's own under the lesson's title ("1 de 2 · …"
    /// where a lesson has two pages).
    pub subtitle: fn(Lang) -> &'static str,
    /// What the page is for, under its title (the entry HTML prerenders the
    /// Spanish one, so the page shows its content before the module runs).
    pub intro: fn(Lang) -> &'static str,
    pub experiments: Codes,
    pub presets: Codes,
    pub keys: Codes,
}

/// The Spanish intros, also prerendered in `index.html`, `lesson-003.html` and `lesson-004.html`
/// (`tests/registry.rs` keeps them equal).
pub const INTRO_000_ES: &str = "Un consumidor que a veces falla: el hub reintenta con backoff exponencial, aparta en dead-letter lo que agota sus reintentos y lo reintenta cuando se arregla la causa.";
pub const INTRO_000_IDS_ES: &str = "El mismo pase publicado dos veces: cuántas veces lo procesa el consumidor con ids v4 al azar y con un id uuid5. Y el consumidor que pierde su cursor vuelve a leer.";
pub const INTRO_001_ES: &str = "Como máximo una vez, al menos una vez, exactamente una vez: un mensaje entre la cola, el consumidor y la base de datos, y dónde escribir el registro de ids procesados.";
pub const INTRO_003_ES: &str = "Qué mantiene en pie a un servicio cuando su dependencia falla o se satura: reintentos con y sin jitter, timeouts y bulkheads, colas con límite.";
pub const INTRO_003_ACTIONS_ES: &str = "Qué hace que una acción se pueda repetir y que falle sin daño: un registro de ids procesados que expira, acciones escritas como estado deseado y una respuesta definida para «no pude decidir».";
pub const INTRO_004_STREAMS_ES: &str = "Un log partido en particiones que leen grupos de consumidores con sus offsets; y la aritmética de la capacidad: lag, backlog y la ley de Little.";
pub const INTRO_004_OPS_ES: &str = "Lo que pide operar una cola o un stream: una DLQ que alguien mira, una alerta que mira cuánto lleva esperando el primero de la fila, mensajes que llevan la referencia y no el archivo, y una retención que deja volver a leer.";
pub const INTRO_004_ES: &str = "Cuándo usar una cola (¿alguien espera la respuesta?) y qué hace un broker con lo que no se confirmó: cuándo hacer el ack, varios workers sobre una cola y el visibility timeout.";

pub static GROUPS: [Group; 8] = [
    Group {
        dir: "",
        feature: "lesson-000",
        title: |lang| lang.pick("At-least-once: reintentos y dead-letter", "At-least-once: retries and dead-letter"),
        #[cfg(feature = "lesson-000")]
        lesson: |lang| {
            lang.pick(
                "At-least-once es la realidad, exactly-once es un mito práctico",
                "At-least-once is reality, exactly-once is a practical myth",
            )
        },
        #[cfg(not(feature = "lesson-000"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-000")]
        subtitle: |lang| {
            lang.pick(
                "1 de 2 · Reintentos con backoff, dead-letter e idempotencia",
                "1 of 2 · Retries with backoff, dead-letter and idempotency",
            )
        },
        #[cfg(not(feature = "lesson-000"))]
        subtitle: |_| "",
        // Each page holds only its own group's intro.
        #[cfg(feature = "lesson-000")]
        intro: |lang| {
            lang.pick(INTRO_000_ES, "A consumer that sometimes fails: the hub retries with exponential backoff, moves events that exhaust their retries to dead-letter, and retries them once the cause is fixed.")
        },
        #[cfg(not(feature = "lesson-000"))]
        intro: |_| "",
        experiments: codes::LESSON_000.experiments,
        presets: codes::LESSON_000.presets,
        keys: codes::LESSON_000.keys,
    },
    // Lesson 000's double publication, a page of its own: uuid5 and SHA-1
    // cost lesson 000's page 17 KB, which its guided tasks needed.
    Group {
        dir: "lesson-000-ids/",
        feature: "lesson-000-ids",
        title: |lang| lang.pick("At-least-once: ids y cursor", "At-least-once: ids and cursor"),
        #[cfg(feature = "lesson-000-ids")]
        lesson: |lang| {
            lang.pick(
                "At-least-once es la realidad, exactly-once es un mito práctico",
                "At-least-once is reality, exactly-once is a practical myth",
            )
        },
        #[cfg(not(feature = "lesson-000-ids"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-000-ids")]
        subtitle: |lang| {
            lang.pick(
                "2 de 2 · Ids deterministas, la doble publicación y el cursor",
                "2 of 2 · Deterministic ids, the double publication and the cursor",
            )
        },
        #[cfg(not(feature = "lesson-000-ids"))]
        subtitle: |_| "",
        #[cfg(feature = "lesson-000-ids")]
        intro: |lang| {
            lang.pick(INTRO_000_IDS_ES, "The same pass published twice: how many times the consumer processes it with random v4 ids and with a uuid5 id. And the consumer that loses its polling cursor reads again.")
        },
        #[cfg(not(feature = "lesson-000-ids"))]
        intro: |_| "",
        experiments: codes::LESSON_000_IDS.experiments,
        presets: codes::LESSON_000_IDS.presets,
        keys: codes::LESSON_000_IDS.keys,
    },
    Group {
        dir: "lesson-001/",
        feature: "lesson-001",
        title: |lang| lang.pick("Garantías de entrega", "Delivery guarantees"),
        #[cfg(feature = "lesson-001")]
        lesson: |lang| lang.pick("Garantías de entrega exactamente una vez", "Exactly-once delivery guarantees"),
        #[cfg(not(feature = "lesson-001"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-001")]
        subtitle: |lang| {
            lang.pick(
                "Los tres niveles de entrega y el registro de ids procesados",
                "The three delivery levels and the record of processed ids",
            )
        },
        #[cfg(not(feature = "lesson-001"))]
        subtitle: |_| "",
        #[cfg(feature = "lesson-001")]
        intro: |lang| {
            lang.pick(INTRO_001_ES, "At most once, at least once, exactly once: one message between the queue, the consumer and the database, and where to write the record of processed ids.")
        },
        #[cfg(not(feature = "lesson-001"))]
        intro: |_| "",
        experiments: codes::LESSON_001.experiments,
        presets: codes::LESSON_001.presets,
        keys: codes::LESSON_001.keys,
    },
    Group {
        dir: "lesson-003/",
        feature: "lesson-003",
        title: |lang| lang.pick("Confiabilidad: reintentos y backpressure", "Reliability: retries and backpressure"),
        #[cfg(feature = "lesson-003")]
        lesson: |lang| {
            lang.pick(
                "Confiabilidad a escala: idempotencia, reintentos y backpressure",
                "Reliability at scale: idempotency, retries and backpressure",
            )
        },
        #[cfg(not(feature = "lesson-003"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-003")]
        subtitle: |lang| {
            lang.pick(
                "1 de 2 · Tormentas de reintentos, timeouts y bulkheads, backpressure",
                "1 of 2 · Retry storms, timeouts and bulkheads, backpressure",
            )
        },
        #[cfg(not(feature = "lesson-003"))]
        subtitle: |_| "",
        #[cfg(feature = "lesson-003")]
        intro: |lang| {
            lang.pick(INTRO_003_ES, "What keeps a service standing when its dependency fails or saturates: retries with and without jitter, timeouts and bulkheads, bounded queues.")
        },
        #[cfg(not(feature = "lesson-003"))]
        intro: |_| "",
        experiments: codes::LESSON_003.experiments,
        presets: codes::LESSON_003.presets,
        keys: codes::LESSON_003.keys,
    },
    // The actions half of «Confiabilidad a escala», a page of its own: the
    // storm's page had 3 KB of its budget left.
    Group {
        dir: "lesson-003-actions/",
        feature: "lesson-003-actions",
        title: |lang| lang.pick("Confiabilidad: acciones idempotentes", "Reliability: idempotent actions"),
        #[cfg(feature = "lesson-003-actions")]
        lesson: |lang| {
            lang.pick(
                "Confiabilidad a escala: idempotencia, reintentos y backpressure",
                "Reliability at scale: idempotency, retries and backpressure",
            )
        },
        #[cfg(not(feature = "lesson-003-actions"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-003-actions")]
        subtitle: |lang| {
            lang.pick(
                "2 de 2 · Ids con expiración, acciones por estado deseado, fallar de forma segura",
                "2 of 2 · Ids that expire, desired-state actions, failing safely",
            )
        },
        #[cfg(not(feature = "lesson-003-actions"))]
        subtitle: |_| "",
        #[cfg(feature = "lesson-003-actions")]
        intro: |lang| {
            lang.pick(INTRO_003_ACTIONS_ES, "What makes an action safe to repeat and safe when something fails: a record of processed ids that expires, actions written as a desired state, and a defined answer for “I could not decide”.")
        },
        #[cfg(not(feature = "lesson-003-actions"))]
        intro: |_| "",
        experiments: codes::LESSON_003_ACTIONS.experiments,
        presets: codes::LESSON_003_ACTIONS.presets,
        keys: codes::LESSON_003_ACTIONS.keys,
    },
    Group {
        dir: "lesson-004/",
        feature: "lesson-004",
        title: |lang| lang.pick("Colas y streams: colas", "Queues and streams: queues"),
        #[cfg(feature = "lesson-004")]
        lesson: |lang| lang.pick("Colas y streams: mensajes que esperan", "Queues and streams: messages that wait"),
        #[cfg(not(feature = "lesson-004"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-004")]
        subtitle: |lang| {
            lang.pick(
                "1 de 3 · Colas: ¿alguien espera?, el ack, workers que compiten y el visibility timeout",
                "1 of 3 · Queues: does anyone wait?, the ack, competing workers and the visibility timeout",
            )
        },
        #[cfg(not(feature = "lesson-004"))]
        subtitle: |_| "",
        #[cfg(feature = "lesson-004")]
        intro: |lang| {
            lang.pick(INTRO_004_ES, "When to use a queue (does anyone wait for the answer?) and what a broker does with what was not acknowledged: when to ack, several workers on one queue and the visibility timeout.")
        },
        #[cfg(not(feature = "lesson-004"))]
        intro: |_| "",
        experiments: codes::LESSON_004.experiments,
        presets: codes::LESSON_004.presets,
        keys: codes::LESSON_004.keys,
    },
    Group {
        dir: "lesson-004-streams/",
        feature: "lesson-004-streams",
        title: |lang| lang.pick("Colas y streams: streams", "Queues and streams: streams"),
        #[cfg(feature = "lesson-004-streams")]
        lesson: |lang| lang.pick("Colas y streams: mensajes que esperan", "Queues and streams: messages that wait"),
        #[cfg(not(feature = "lesson-004-streams"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-004-streams")]
        subtitle: |lang| {
            lang.pick(
                "2 de 3 · Streams: particiones, grupos de consumidores, lag y capacidad",
                "2 of 3 · Streams: partitions, consumer groups, lag and capacity",
            )
        },
        #[cfg(not(feature = "lesson-004-streams"))]
        subtitle: |_| "",
        #[cfg(feature = "lesson-004-streams")]
        intro: |lang| {
            lang.pick(INTRO_004_STREAMS_ES, "A log split into partitions that consumer groups read with their own offsets; and the arithmetic of capacity: lag, backlog and Little's law.")
        },
        #[cfg(not(feature = "lesson-004-streams"))]
        intro: |_| "",
        experiments: codes::LESSON_004_STREAMS.experiments,
        presets: codes::LESSON_004_STREAMS.presets,
        keys: codes::LESSON_004_STREAMS.keys,
    },
    // Operating queues and streams, a page of its own: lesson 004's first
    // page had 111 bytes of its budget left.
    Group {
        dir: "lesson-004-ops/",
        feature: "lesson-004-ops",
        title: |lang| lang.pick("Colas y streams: operar", "Queues and streams: operating"),
        #[cfg(feature = "lesson-004-ops")]
        lesson: |lang| lang.pick("Colas y streams: mensajes que esperan", "Queues and streams: messages that wait"),
        #[cfg(not(feature = "lesson-004-ops"))]
        lesson: |_| "",
        #[cfg(feature = "lesson-004-ops")]
        subtitle: |lang| {
            lang.pick(
                "3 de 3 · Operar: la DLQ, la edad del más viejo, el tamaño de un mensaje y la retención",
                "3 of 3 · Operating: the DLQ, the age of the oldest, a message's size and the retention",
            )
        },
        #[cfg(not(feature = "lesson-004-ops"))]
        subtitle: |_| "",
        #[cfg(feature = "lesson-004-ops")]
        intro: |lang| {
            lang.pick(INTRO_004_OPS_ES, "What running a queue or a stream asks for: a DLQ that someone looks at, an alert on the age of the oldest message, messages that carry a reference instead of the file, and a retention that lets you read again.")
        },
        #[cfg(not(feature = "lesson-004-ops"))]
        intro: |_| "",
        experiments: codes::LESSON_004_OPS.experiments,
        presets: codes::LESSON_004_OPS.presets,
        keys: codes::LESSON_004_OPS.keys,
    },
];

impl Group {
    /// The group of this page: the first whose experiments are compiled in
    /// (with every feature, as native tests build, the root's).
    pub fn here() -> &'static Group {
        GROUPS.iter().find(|g| g.experiments.iter().any(|c| Experiment::parse(c).is_some())).unwrap_or(&GROUPS[0])
    }

    /// The group that has this experiment or preset code, if this page has not.
    pub fn elsewhere(code: &str, presets: bool) -> Option<&'static Group> {
        let here = Group::here();
        let list = |g: &'static Group| if presets { g.presets } else { g.experiments };
        let ours = if presets {
            Experiment::ALL.iter().any(|e| e.presets().iter().any(|p| p.code == code))
        } else {
            Experiment::parse(code).is_some()
        };
        if ours {
            return None;
        }
        GROUPS.iter().filter(|g| !std::ptr::eq(*g, here)).find(|g| list(g).contains(code))
    }

    /// The group that lists this experiment code.
    pub fn of(code: &str) -> Option<&'static Group> {
        GROUPS.iter().find(|g| g.experiments.contains(code))
    }

    /// Whether a link key belongs to another page's experiments.
    pub fn key_elsewhere(key: &str) -> bool {
        ParamId::by_key(key).is_none() && GROUPS.iter().any(|g| g.keys.contains(key))
    }

    /// The relative URL of this group's page from the page of `from`.
    pub fn path_from(&self, from: &Group) -> String {
        let up = "../".repeat(from.dir.matches('/').count());
        let path = format!("{up}{}", self.dir);
        if path.is_empty() {
            "./".into()
        } else {
            path
        }
    }
}
