//! The retention experiment's strings, in Spanish and English.

use crate::i18n::Lang;

/// A replay's events, and when the group is caught up (None: never).
pub type Replay<'a> = (&'a str, Option<&'a str>);

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (retention, how far back, events to read again
    /// and the time it takes, None if never; None when deleted).
    pub insight: fn(&str, &str, Option<Replay>) -> String,
    pub retention: &'static str,
    pub replay: &'static str,
    pub start: &'static str,
    pub start_labels: &'static [&'static str],
    pub arrival: &'static str,
    pub read: &'static str,
    pub chart_label: &'static str,
    pub deleted: &'static str,
    pub kept: &'static str,
    /// The scene's bands: what each reader has read so far.
    pub read_so_far: &'static str,
    pub now: &'static str,
    /// "hace 7 d 12 h" at the axis' left end.
    pub ago: fn(&str) -> String,
    pub rewind_note: &'static str,
    pub gone_note: &'static str,
    pub reader_note: &'static str,
    pub replay_events: &'static str,
    pub replay_time: &'static str,
    pub reader_events: &'static str,
    pub reader_time: &'static str,
    pub never: &'static str,
    /// A span in hours: "24 h", "7 días".
    pub hours: fn(u64) -> String,
    pub preset_kafka: &'static str,
    pub preset_kinesis: &'static str,
    pub preset_year: &'static str,
    /// The scene's moments: the rewind (how far back), or its events
    /// deleted; a reader at the log's end (the events it had behind at the
    /// start, time taken: it also read what arrived meanwhile).
    pub moment_rewind: fn(&str) -> String,
    pub moment_gone: fn(&str) -> String,
    pub moment_replayed: fn(&str, &str) -> String,
    pub moment_reader_done: fn(&str, &str) -> String,
}

pub static ES: Strings = Strings {
    experiment: "Retención y replay",
    heading: "Volver a leer lo que sigue en el log",
    intro: "Leer un stream no borra nada: el log se borra solo por tiempo o por tamaño (aquí, por tiempo), desde el principio, se haya leído o no. Por omisión Kafka conserva 7 días (log.retention.hours=168); Kinesis, 24 horas, y se puede llevar hasta 365 días. Cuando un error dejó mal calculadas las features del día anterior, el grupo mueve su offset hacia atrás y lo procesa de nuevo (replay), siempre que siga dentro de la retención. Un sistema que llega después elige dónde empezar: lo más viejo que queda retenido, o lo que se escriba de aquí en adelante; el productor no lo nota.",
    insight: |retention, back, replay| match replay {
        Some((events, Some(time))) => format!("Con {retention} de retención, se puede volver {back} atrás: {events} eventos otra vez, al día en {time}."),
        Some((events, None)) => format!("Con {retention} de retención, se puede volver {back} atrás: {events} eventos otra vez, pero a ese ritmo de lectura el grupo nunca se pone al día."),
        None => format!("Con {retention} de retención, lo de hace {back} ya se borró: para reprocesarlo hay que volver al data lake, que es la fuente de verdad."),
    },
    retention: "Retención del log",
    replay: "Volver a leer desde hace",
    start: "Un lector nuevo empieza",
    start_labels: &["desde el principio", "desde el final"],
    arrival: "Eventos que llegan",
    read: "Lectura de un consumidor",
    chart_label: "El log en el tiempo, de izquierda (lo más viejo) a derecha (ahora): lo borrado por la retención, lo que se guarda, hasta dónde rebobina el grupo y dónde empieza el lector nuevo.",
    deleted: "borrado por la retención",
    kept: "en el log",
    read_so_far: "lo que ya leyó cada lector",
    now: "ahora",
    ago: |span| format!("hace {span}"),
    rewind_note: "el grupo rebobina aquí",
    gone_note: "ya se borró",
    reader_note: "lector nuevo",
    replay_events: "Eventos a releer",
    replay_time: "El grupo vuelve a estar al día en",
    reader_events: "El lector nuevo tiene por leer",
    reader_time: "El lector nuevo está al día en",
    never: "nunca",
    hours: |h| if h >= 48 && h % 24 == 0 { format!("{} días", crate::format::int(h / 24)) } else { format!("{} h", crate::format::int(h)) },
    preset_kafka: "Kafka, 7 días: releer las features de ayer",
    preset_kinesis: "Kinesis, 24 h: releer dos días",
    preset_year: "Kafka, 7 días: reprocesar un año",
    moment_rewind: |back| format!("El grupo mueve su offset a hace {back} y lee otra vez; los eventos siguen llegando."),
    moment_gone: |back| format!("Volver a hace {back}: esos eventos ya se borraron, se hayan leído o no."),
    moment_replayed: |events, time| format!("El grupo vuelve a estar al día en {time}: releyó sus {events} eventos y los que llegaron mientras tanto."),
    moment_reader_done: |events, time| format!("El lector nuevo llega al final del log en {time}: los {events} eventos que tenía atrás y los que llegaron mientras tanto."),
};

pub static EN: Strings = Strings {
    experiment: "Retention and replay",
    heading: "Replaying what the log still holds",
    intro: "Reading a stream deletes nothing: the log is deleted only by time or by size (here, by time), from its start, read or not. Kafka keeps 7 days by default (log.retention.hours=168); Kinesis, 24 hours, extendable to 365 days. If a bug wrote yesterday's features wrong, the group moves its offset back and processes again (replay), within the retention. And a new system reads from the start of the retention or from the end, without the producer noticing.",
    insight: |retention, back, replay| match replay {
        Some((events, Some(time))) => format!("With {retention} of retention, going {back} back works: {events} events again, caught up in {time}."),
        Some((events, None)) => format!("With {retention} of retention, going {back} back works: {events} events again, but at that reading rate the group never catches up."),
        None => format!("With {retention} of retention, what is {back} old was already deleted: to reprocess it, the source of truth is the data lake."),
    },
    retention: "The log's retention",
    replay: "Replay from (hours ago)",
    start: "A new reader starts",
    start_labels: &["from the start", "from the end"],
    arrival: "Events arriving",
    read: "One consumer reads",
    chart_label: "The log over time, from left (the oldest) to right (now): what the retention deleted, what is kept, how far back the group rewinds and where the new reader starts.",
    deleted: "deleted by the retention",
    kept: "in the log",
    read_so_far: "what each reader has read",
    now: "now",
    ago: |span| format!("{span} ago"),
    rewind_note: "the group rewinds here",
    gone_note: "already deleted",
    reader_note: "new reader",
    replay_events: "Events to read again",
    replay_time: "The group is caught up in",
    reader_events: "The new reader has to read",
    reader_time: "The new reader is caught up in",
    never: "never",
    hours: |h| if h >= 48 && h % 24 == 0 { format!("{} days", crate::format::int(h / 24)) } else { format!("{} h", crate::format::int(h)) },
    preset_kafka: "Kafka, 7 days: read yesterday's features again",
    preset_kinesis: "Kinesis, 24 h: read two days again",
    preset_year: "Kafka, 7 days: reprocess a year",
    moment_rewind: |back| format!("The group moves its offset {back} back and reads again; events keep arriving."),
    moment_gone: |back| format!("Going {back} back: those events were already deleted, read or not."),
    moment_replayed: |events, time| format!("The group is caught up again in {time}: its {events} events read again, and those that arrived meanwhile."),
    moment_reader_done: |events, time| format!("The new reader reaches the log's end in {time}: the {events} events it had behind, and those that arrived meanwhile."),
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
