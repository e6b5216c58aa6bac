//! The ack-timing experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment_ack: &'static str,
    pub ack_heading: &'static str,
    pub ack_intro: &'static str,
    /// The figure's point: (messages, lost acking before, extra effects
    /// acking before (the broker's duplicates: 0 without them), extra
    /// effects acking after).
    /// Messages, crash rate (a percentage, empty for none), lost, the broker's extra, ack-after's extra.
    pub insight: fn(u32, &str, u32, u64, u64) -> String,
    pub crash: &'static str,
    pub messages: &'static str,
    pub rng: &'static str,
    pub rng_python: &'static str,
    pub rng_pcg: &'static str,
    pub col_mode: &'static str,
    pub mode_before: &'static str,
    pub mode_after: &'static str,
    pub mode_after_dedup: &'static str,
    pub ack_lesson_note: &'static str,
    /// The three ways to an effect once, the fixed place among them.
    pub three_ways: &'static str,
    pub rng_labels: &'static [&'static str],
    pub preset: &'static str,
    pub broker_dups: &'static str,
    pub at_most_once: &'static str,
    /// The ack-before row when the broker duplicates: once or never holds
    /// only for the consumer's own crashes.
    pub at_most_once_dups: &'static str,
    pub at_least_once: &'static str,
    pub effectively_once: &'static str,
    pub times: fn(&str, usize) -> String,
    /// The histogram's tail in one part: (messages, from this many effects on).
    pub times_or_more: fn(&str, usize) -> String,
    pub breakdown: fn(&str, &str) -> String,
    pub preset_dups: &'static str,
}

pub static ES: Strings = Strings {
    experiment_ack: "Momento del ack",
    ack_heading: "Ack antes o después de procesar",
    ack_intro: "Un consumidor que se cae en el peor momento; el broker reencola al final de la cola lo que no se confirmó.",
    insight: |messages, crash, lost, before_extra, extra| {
        use crate::format::int;
        // One message is «1 mensaje», one loss «se pierde 1», one effect «1 efecto».
        let messages = if messages == 1 { "1 mensaje".to_owned() } else { format!("{} mensajes", int(messages.into())) };
        let lost = if lost == 1 { "se pierde 1".to_owned() } else { format!("se pierden {}", int(lost.into())) };
        let extra_effects = |n: u64| if n == 1 { "1 efecto de más".to_owned() } else { format!("{} efectos de más", int(n)) };
        // At 0 % it never crashes: «a veces cae» was the opposite of the run.
        let consumer = if crash.is_empty() { "un consumidor que nunca cae".to_owned() } else { format!("un consumidor que cae en el {crash} de las entregas") };
        let before = match before_extra {
            0 => format!("con el ack antes {lost}"),
            n => format!("con el ack antes {lost} y, con los duplicados del broker, hay {}", extra_effects(n)),
        };
        format!("{messages} y {consumer}: {before}; con el ack después hay {}; con el ack después y un registro de ids, ninguno.", extra_effects(extra))
    },
    crash: "Probabilidad de caída",
    messages: "Mensajes",
    rng: "Generador",
    rng_python: "compatible con Python (MT19937)",
    rng_pcg: "PCG32",
    col_mode: "Modo",
    mode_before: "ack antes",
    mode_after: "ack después",
    mode_after_dedup: "ack después + dedup por id",
    ack_lesson_note: "Con semilla 7, 1,000 mensajes, 5 % y el generador compatible con Python, es la tabla de la lección.",
    three_ways: "La fila con dedup guarda los ids ya hechos. Hay dos maneras más de que el efecto ocurra una sola vez: escribir siempre en el mismo sitio (el trabajo 8f3a deja su resultado en results/8f3a.json, y repetirlo reescribe lo mismo) y guardar el valor en vez de sumar (el contador de fraude, en la página de streams).",
    rng_labels: &["compatible con Python (MT19937)", "PCG32"],
    preset: "Momento del ack: 1,000 mensajes, 5 % de caídas",
    broker_dups: "Duplicados del broker (sin caída)",
    at_most_once: "at-most-once: una vez o ninguna",
    at_most_once_dups: "ya no es una vez o ninguna: el broker duplica",
    at_least_once: "at-least-once: al menos una vez",
    effectively_once: "efecto de una sola vez: al menos una vez + consumidor idempotente",
    times: |n, k| match k {
        1 if n == "1" => "1 mensaje con 1 efecto".to_owned(),
        1 => format!("{n} mensajes con 1 efecto"),
        _ => format!("{n} con {k}"),
    },
    times_or_more: |n, k| format!("{n} con {k} o más"),
    breakdown: |parts, repeated| match repeated {
        "1" => format!("Ack después, efectos por mensaje: {parts}. 1 mensaje tuvo su efecto más de una vez (si manda un correo, 1 persona lo recibe repetido)."),
        _ => format!("Ack después, efectos por mensaje: {parts}. {repeated} mensajes tuvieron su efecto más de una vez (si cada uno manda un correo, {repeated} personas lo reciben repetido)."),
    },
    preset_dups: "SQS estándar duplica sin caídas",
};

pub static EN: Strings = Strings {
    experiment_ack: "Ack timing",
    ack_heading: "Ack before or after processing",
    ack_intro: "A consumer that crashes at the worst moment; the broker puts what was not acknowledged back at the end of the queue.",
    insight: |messages, crash, lost, before_extra, extra| {
        use crate::format::int;
        let messages = if messages == 1 { "1 message".to_owned() } else { format!("{} messages", int(messages.into())) };
        let lost = if lost == 1 { "1 is lost".to_owned() } else { format!("{} are lost", int(lost.into())) };
        let there_are = |n: u64| if n == 1 { "there is 1 extra effect".to_owned() } else { format!("there are {} extra effects", int(n)) };
        let consumer = if crash.is_empty() { "a consumer that never crashes".to_owned() } else { format!("a consumer that crashes on {crash} of deliveries") };
        let before = match before_extra {
            0 => format!("ack before and {lost}"),
            n => format!("ack before and {lost} and, with the broker's duplicates, {}", there_are(n)),
        };
        format!("{messages} and {consumer}: {before}; ack after and {}; ack after with a record of ids, none.", there_are(extra))
    },
    crash: "Crash probability",
    messages: "Messages",
    rng: "Generator",
    rng_python: "Python-compatible (MT19937)",
    rng_pcg: "PCG32",
    col_mode: "Mode",
    mode_before: "ack before",
    mode_after: "ack after",
    mode_after_dedup: "ack after + dedup by id",
    ack_lesson_note: "With seed 7, 1,000 messages, 5% and the Python-compatible generator, this is the lesson's table.",
    three_ways: "The row with dedup keeps the ids already done. Two more ways give an effect once: always write to the same place (job 8f3a leaves its result at results/8f3a.json, and a repeat rewrites the same) and store the value instead of adding (the fraud counter, on the streams page).",
    rng_labels: &["Python-compatible (MT19937)", "PCG32"],
    preset: "Ack timing: 1,000 messages, 5 % crashes",
    broker_dups: "Broker duplicates (no crash)",
    at_most_once: "at-most-once",
    at_most_once_dups: "no longer once or never: the broker duplicates",
    at_least_once: "at-least-once",
    effectively_once: "the effect once: at-least-once + an idempotent consumer",
    times: |n, k| match k {
        1 if n == "1" => "1 message with 1 effect".to_owned(),
        1 => format!("{n} messages with 1 effect"),
        _ => format!("{n} with {k}"),
    },
    times_or_more: |n, k| format!("{n} with {k} or more"),
    breakdown: |parts, repeated| match repeated {
        "1" => format!("Ack after, effects per message: {parts}. 1 message took effect more than once (if it sends an email, 1 person gets it twice or more)."),
        _ => format!("Ack after, effects per message: {parts}. {repeated} messages took effect more than once (if each sends an email, {repeated} people get it twice or more)."),
    },
    preset_dups: "Standard SQS duplicates with no crash",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
