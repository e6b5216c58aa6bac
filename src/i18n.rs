//! Every string of the page, in Spanish and English. `Texts` is a struct, so
//! a string missing in one language is a compile error, not a blank label.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Es, Lang::En];

    pub const fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }

    /// The switch's label, in the language itself.
    pub const fn label(self) -> &'static str {
        match self {
            Lang::Es => "ES",
            Lang::En => "EN",
        }
    }

    /// Accepts a BCP 47 tag (`es`, `es-MX`, `en-GB`, case-insensitive).
    pub fn parse(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "es" => Some(Lang::Es),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// `?lang=` wins; then Spanish if the browser prefers it; English otherwise.
    pub fn choose(query: Option<&str>, browser_preferences: &[String]) -> Self {
        if let Some(lang) = query.and_then(Lang::parse) {
            return lang;
        }
        match browser_preferences.first().and_then(|tag| Lang::parse(tag)) {
            Some(Lang::Es) => Lang::Es,
            _ => Lang::En,
        }
    }

    pub const fn texts(self) -> &'static Texts {
        match self {
            Lang::Es => &ES,
            Lang::En => &EN,
        }
    }
}

pub struct Texts {
    pub title: &'static str,
    pub subtitle: &'static str,
    pub language: &'static str,
    pub experiments_label: &'static str,
    pub experiment_retries: &'static str,
    pub experiment_uuid5: &'static str,
    pub experiment_ack: &'static str,
    // Schedule
    pub schedule_heading: &'static str,
    pub schedule_rule: &'static str,
    pub schedule_convention: fn(u32) -> String,
    pub col_retry: &'static str,
    pub col_formula: &'static str,
    pub col_wait: &'static str,
    pub total: &'static str,
    pub jitter_note: &'static str,
    // Controls
    pub controls_heading: &'static str,
    pub failure: &'static str,
    pub ack_lost_share: &'static str,
    pub ack_lost_share_hint: &'static str,
    pub events: &'static str,
    pub base: &'static str,
    pub retries: &'static str,
    pub consumer: &'static str,
    pub consumer_idempotent: &'static str,
    pub consumer_naive: &'static str,
    pub jitter: &'static str,
    pub jitter_none: &'static str,
    pub jitter_full: &'static str,
    pub jitter_equal: &'static str,
    pub jitter_decorrelated: &'static str,
    pub seed: &'static str,
    pub new_seed: &'static str,
    pub locked: &'static str,
    // Playback
    pub play: &'static str,
    pub pause: &'static str,
    pub step: &'static str,
    pub reset: &'static str,
    pub speed: &'static str,
    pub speed_value: fn(&str) -> String,
    pub clock: &'static str,
    pub keyboard_hint: &'static str,
    pub finished: &'static str,
    // Timeline
    pub timeline_heading: &'static str,
    pub timeline_label: &'static str,
    pub lane: fn(u32) -> String,
    pub lanes_shown: fn(&str, &str, &str) -> String,
    pub outcome_processed: &'static str,
    pub outcome_discarded: &'static str,
    pub outcome_request_lost: &'static str,
    pub outcome_ack_lost: &'static str,
    pub outcome_crash_after_ack: &'static str,
    pub outcome_dead_letter: &'static str,
    pub backoff_wait: &'static str,
    pub attempt_label: fn(u32) -> String,
    // Counters
    pub counters_heading: &'static str,
    pub published: &'static str,
    pub deliveries: &'static str,
    pub effects: &'static str,
    pub duplicates_discarded: &'static str,
    pub acknowledged: &'static str,
    pub waiting: &'static str,
    pub dead_lettered: &'static str,
    pub lost: &'static str,
    // Dead-letter
    pub dlq_heading: &'static str,
    pub dlq_empty: &'static str,
    pub dlq_more: fn(&str) -> String,
    pub col_id: &'static str,
    pub col_fact_key: &'static str,
    pub col_attempts: &'static str,
    pub col_last_failure: &'static str,
    pub col_entered: &'static str,
    pub retry: &'static str,
    pub retry_all: &'static str,
    pub retry_event: fn(u32) -> String,
    // Log
    pub log_heading: &'static str,
    pub log_empty: &'static str,
    // Comparison
    pub compare_heading: &'static str,
    pub rows_written: &'static str,
    pub notifications_sent: &'static str,
    pub compare_why: fn(&str) -> String,
    // uuid5
    pub uuid5_heading: &'static str,
    pub uuid5_intro: &'static str,
    pub norad_id: &'static str,
    pub start_utc: &'static str,
    pub namespace: &'static str,
    pub norad_invalid: &'static str,
    pub start_invalid: &'static str,
    pub kept_last_valid: &'static str,
    pub key_string: &'static str,
    pub publication_random: fn(u32) -> String,
    pub by_random_id: &'static str,
    pub by_uuid5: &'static str,
    pub times_processed: fn(u32) -> String,
    // Ack timing
    pub ack_heading: &'static str,
    pub ack_intro: &'static str,
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
    // Narration (live region)
    pub narrate: fn(&str, u32, u32, &str, u32) -> String,
    // Share
    pub copy_link: &'static str,
    pub link_copied: &'static str,
    pub link_copy_failed: &'static str,
    pub notice_ignored: &'static str,
    pub dismiss: &'static str,
    pub preset: &'static str,
    pub preset_custom: &'static str,
    // Panic
    pub panic_title: &'static str,
    pub panic_hint: &'static str,
    pub panic_reload: &'static str,
}

pub static ES: Texts = Texts {
    title: "Laboratorio de reintentos",
    subtitle: "Entrega at-least-once, backoff exponencial, dead-letter e idempotencia",
    language: "Idioma",
    experiments_label: "Experimentos",
    experiment_retries: "Reintentos y dead-letter",
    experiment_uuid5: "Doble publicación (uuid5)",
    experiment_ack: "Momento del ack",
    schedule_heading: "Calendario de reintentos",
    schedule_rule: "El reintento n espera base · 2^(n-1).",
    schedule_convention: |retries| format!("Entrega original + {retries} reintentos; después, dead-letter."),
    col_retry: "Reintento",
    col_formula: "Fórmula",
    col_wait: "Espera",
    total: "Total",
    jitter_note: "Con jitter, cada espera se sortea dentro de este límite.",
    controls_heading: "Parámetros",
    failure: "Probabilidad de fallo por intento",
    ack_lost_share: "Fallos con ack perdido",
    ack_lost_share_hint: "procesado por el consumidor, sin confirmar al hub",
    events: "Eventos",
    base: "Base del backoff",
    retries: "Reintentos máximos",
    consumer: "Consumidor mostrado",
    consumer_idempotent: "idempotente",
    consumer_naive: "ingenuo",
    jitter: "Jitter",
    jitter_none: "ninguno (determinista)",
    jitter_full: "total",
    jitter_equal: "igual",
    jitter_decorrelated: "decorrelacionado",
    seed: "Semilla",
    new_seed: "Nueva semilla",
    locked: "bloqueado",
    play: "Reproducir",
    pause: "Pausa",
    step: "Paso",
    reset: "Reiniciar",
    speed: "Velocidad",
    speed_value: |n| format!("{n} s simulados por segundo"),
    clock: "Reloj simulado",
    keyboard_hint: "Teclado: Espacio reproduce o pausa; → avanza un paso.",
    finished: "Terminado: no queda nada por entregar.",
    timeline_heading: "Línea de tiempo de reintentos",
    timeline_label: "Línea de tiempo: un carril por evento",
    lane: |n| format!("Evento {n}"),
    lanes_shown: |a, b, n| format!("Eventos {a}–{b} de {n}; desplázate para ver el resto."),
    outcome_processed: "entregado y confirmado",
    outcome_discarded: "repetido descartado por id",
    outcome_request_lost: "falló: petición perdida o consumidor caído",
    outcome_ack_lost: "procesado, pero el ack se perdió",
    outcome_crash_after_ack: "confirmado antes y perdido en una caída",
    outcome_dead_letter: "a dead-letter",
    backoff_wait: "espera de backoff",
    attempt_label: |n| if n == 1 { "entrega original".into() } else { format!("reintento {}", n - 1) },
    counters_heading: "Contadores",
    published: "Publicados",
    deliveries: "Entregas",
    effects: "Efectos",
    duplicates_discarded: "Repetidos descartados",
    acknowledged: "Confirmados",
    waiting: "Esperando reintento",
    dead_lettered: "En dead-letter",
    lost: "Perdidos",
    dlq_heading: "Cola de dead-letter",
    dlq_empty: "Vacía: ningún evento agotó sus reintentos. Sube la probabilidad de fallo para ver uno llegar.",
    dlq_more: |n| format!("y {n} más (Reintentar todos los incluye)."),
    col_id: "Id",
    col_fact_key: "Clave del hecho",
    col_attempts: "Intentos",
    col_last_failure: "Último fallo",
    col_entered: "Entró",
    retry: "Reintentar",
    retry_all: "Reintentar todos",
    retry_event: |n| format!("Reintentar el evento {n}"),
    log_heading: "Registro de entregas",
    log_empty: "Aún no hay entregas: pulsa Reproducir o Paso.",
    compare_heading: "Idempotente contra ingenuo",
    rows_written: "Filas escritas",
    notifications_sent: "Notificaciones enviadas",
    compare_why: |n| format!("Mismas entregas, mismos fallos: el consumidor ingenuo convirtió {n} entregas repetidas en {n} filas y notificaciones de más; el idempotente las descartó por id."),
    uuid5_heading: "Doble publicación resuelta por uuid5",
    uuid5_intro: "El mismo pase se publica dos veces por error, cada vez con un UUID v4 aleatorio distinto.",
    norad_id: "norad_id",
    start_utc: "Inicio del pase (UTC)",
    namespace: "Namespace",
    norad_invalid: "Debe ser un entero entre 1 y 999,999.",
    start_invalid: "Usa AAAA-MM-DDTHH:MM:SSZ con una fecha y hora válidas (desde 1970).",
    kept_last_valid: "Se muestra el último valor válido.",
    key_string: "Clave",
    publication_random: |n| format!("Publicación {n}: id v4 aleatorio"),
    by_random_id: "Consumidor que deduplica por el id v4",
    by_uuid5: "Consumidor que deduplica por el uuid5",
    times_processed: |n| if n == 1 { "procesó el pase 1 vez".into() } else { format!("procesó el pase {n} veces") },
    ack_heading: "Ack antes o después de procesar",
    ack_intro: "Un consumidor que se cae en el peor momento; el broker reencola al final de la cola lo que no se confirmó.",
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
    narrate: |time, event, attempt, what, more| {
        let attempt = if attempt == 1 { "entrega original".to_string() } else { format!("reintento {}", attempt - 1) };
        let more = if more > 0 { format!(" (y {more} intentos más)") } else { String::new() };
        format!("{time}: evento {event}, {attempt}: {what}{more}.")
    },
    copy_link: "Copiar enlace",
    link_copied: "Enlace copiado.",
    link_copy_failed: "No se pudo copiar; selecciona el enlace y cópialo:",
    notice_ignored: "Partes del enlace se ignoraron:",
    dismiss: "Cerrar",
    preset: "Escenario",
    preset_custom: "personalizado",
    panic_title: "El laboratorio se detuvo por un error.",
    panic_hint: "Tu configuración está en el enlace: recarga la página para seguir.",
    panic_reload: "Recargar",
};

pub static EN: Texts = Texts {
    title: "Retry Lab",
    subtitle: "At-least-once delivery, exponential backoff, dead-letter and idempotency",
    language: "Language",
    experiments_label: "Experiments",
    experiment_retries: "Retries and dead-letter",
    experiment_uuid5: "Double publication (uuid5)",
    experiment_ack: "Ack timing",
    schedule_heading: "Retry schedule",
    schedule_rule: "Retry n waits base · 2^(n-1).",
    schedule_convention: |retries| format!("Original delivery + {retries} retries, then dead-letter."),
    col_retry: "Retry",
    col_formula: "Formula",
    col_wait: "Wait",
    total: "Total",
    jitter_note: "With jitter, each wait is drawn within this bound.",
    controls_heading: "Parameters",
    failure: "Failure probability per attempt",
    ack_lost_share: "Failures that are lost acks",
    ack_lost_share_hint: "processed by the consumer, never confirmed to the hub",
    events: "Events",
    base: "Backoff base",
    retries: "Maximum retries",
    consumer: "Consumer shown",
    consumer_idempotent: "idempotent",
    consumer_naive: "naive",
    jitter: "Jitter",
    jitter_none: "none (deterministic)",
    jitter_full: "full",
    jitter_equal: "equal",
    jitter_decorrelated: "decorrelated",
    seed: "Seed",
    new_seed: "New seed",
    locked: "locked",
    play: "Play",
    pause: "Pause",
    step: "Step",
    reset: "Reset",
    speed: "Speed",
    speed_value: |n| format!("{n} simulated s per second"),
    clock: "Simulated clock",
    keyboard_hint: "Keyboard: Space plays or pauses; → steps.",
    finished: "Finished: nothing left to deliver.",
    timeline_heading: "Retry timeline",
    timeline_label: "Timeline: one lane per event",
    lane: |n| format!("Event {n}"),
    lanes_shown: |a, b, n| format!("Events {a}–{b} of {n}; scroll for the rest."),
    outcome_processed: "delivered and acknowledged",
    outcome_discarded: "repeat discarded by id",
    outcome_request_lost: "failed: request lost or consumer down",
    outcome_ack_lost: "processed, but the ack was lost",
    outcome_crash_after_ack: "acknowledged first, lost in a crash",
    outcome_dead_letter: "to dead-letter",
    backoff_wait: "backoff wait",
    attempt_label: |n| if n == 1 { "original delivery".into() } else { format!("retry {}", n - 1) },
    counters_heading: "Counters",
    published: "Published",
    deliveries: "Deliveries",
    effects: "Effects",
    duplicates_discarded: "Repeats discarded",
    acknowledged: "Acknowledged",
    waiting: "Waiting to retry",
    dead_lettered: "In dead-letter",
    lost: "Lost",
    dlq_heading: "Dead-letter queue",
    dlq_empty: "Empty: no event has exhausted its retries. Raise the failure probability to see one arrive.",
    dlq_more: |n| format!("and {n} more (Retry all includes them)."),
    col_id: "Id",
    col_fact_key: "Fact key",
    col_attempts: "Attempts",
    col_last_failure: "Last failure",
    col_entered: "Entered",
    retry: "Retry",
    retry_all: "Retry all",
    retry_event: |n| format!("Retry event {n}"),
    log_heading: "Delivery log",
    log_empty: "No deliveries yet: press Play or Step.",
    compare_heading: "Idempotent vs naive",
    rows_written: "Rows written",
    notifications_sent: "Notifications sent",
    compare_why: |n| format!("Same deliveries, same failures: the naive consumer turned {n} repeated deliveries into {n} extra rows and notifications; the idempotent one discarded them by id."),
    uuid5_heading: "Double publication solved by uuid5",
    uuid5_intro: "The same pass is published twice by mistake, each time with a different random v4 UUID.",
    norad_id: "norad_id",
    start_utc: "Pass start (UTC)",
    namespace: "Namespace",
    norad_invalid: "Must be a whole number from 1 to 999,999.",
    start_invalid: "Use YYYY-MM-DDTHH:MM:SSZ with a valid date and time (1970 or later).",
    kept_last_valid: "The last valid value is shown.",
    key_string: "Key",
    publication_random: |n| format!("Publication {n}: random v4 id"),
    by_random_id: "Consumer deduplicating by the v4 id",
    by_uuid5: "Consumer deduplicating by the uuid5",
    times_processed: |n| if n == 1 { "processed the pass once".into() } else { format!("processed the pass {n} times") },
    ack_heading: "Ack before or after processing",
    ack_intro: "A consumer that crashes at the worst moment; the broker puts what was not acknowledged back at the end of the queue.",
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
    narrate: |time, event, attempt, what, more| {
        let attempt = if attempt == 1 { "original delivery".to_string() } else { format!("retry {}", attempt - 1) };
        let more = if more > 0 { format!(" (and {more} more attempts)") } else { String::new() };
        format!("{time}: event {event}, {attempt}: {what}{more}.")
    },
    copy_link: "Copy link",
    link_copied: "Link copied.",
    link_copy_failed: "Could not copy; select the link and copy it:",
    notice_ignored: "Parts of the link were ignored:",
    dismiss: "Dismiss",
    preset: "Scenario",
    preset_custom: "custom",
    panic_title: "The lab stopped because of an error.",
    panic_hint: "Your settings are in the link: reload the page to continue.",
    panic_reload: "Reload",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_wins_then_browser_then_english() {
        let es = vec!["es-MX".to_string(), "en".to_string()];
        let fr = vec!["fr-FR".to_string(), "es".to_string()];
        assert_eq!(Lang::choose(Some("en"), &es), Lang::En);
        assert_eq!(Lang::choose(Some("ES"), &[]), Lang::Es);
        assert_eq!(Lang::choose(None, &es), Lang::Es);
        assert_eq!(Lang::choose(Some("klingon"), &es), Lang::Es);
        assert_eq!(Lang::choose(None, &fr), Lang::En);
        assert_eq!(Lang::choose(None, &[]), Lang::En);
    }

    #[test]
    fn languages_differ() {
        assert_ne!(ES.title, EN.title);
        assert!((ES.schedule_convention)(6).contains("6 reintentos"));
        assert!((EN.schedule_convention)(6).contains("6 retries"));
    }
}
