//! The age-alert experiment's strings, in Spanish and English.

use crate::i18n::Lang;

/// (depth, how far behind, the depth alert fired, the age alert's time, the
/// DLQ's, the promise, when it broke, whether the alert came after that).
pub type Insight = fn(&str, &str, bool, Option<&str>, Option<&str>, &str, Option<&str>, bool) -> String;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (depth, how long behind, the depth alert fired,
    /// when the age alert fires, when the poison went to the DLQ, the
    /// promise, when it breaks).
    pub insight: Insight,
    pub promise: &'static str,
    /// Written beside the promise's line on the age chart.
    pub promise_legend: &'static str,
    /// The promise's name on its line (the legend's, without its swatch).
    pub promise_words: &'static str,
    pub max_receive: &'static str,
    pub job: &'static str,
    pub poison: &'static str,
    pub poison_labels: &'static [&'static str],
    pub depth: &'static str,
    pub workers: &'static str,
    pub visibility: &'static str,
    pub age_alert: &'static str,
    pub depth_alert: &'static str,
    pub hold: &'static str,
    /// The two charts' titles: the depth, the oldest's age.
    pub charts: [&'static str; 2],
    pub chart_label: &'static str,
    pub messages: &'static str,
    /// Beside a chart's title: (its alert's threshold, the y-axis's top).
    /// The y-scale: (threshold, top, the knee the axis is broken at).
    pub scale: fn(&str, &str, Option<&str>) -> String,
    pub fires_note: &'static str,
    pub never_note: &'static str,
    pub dlq_note: &'static str,
    /// The scene's moments: the depth alert fires; the age alert fires; the
    /// promise broken; the poison message leaves. At 0 s, the queue's depth.
    pub moment_start: fn(u64, &str) -> String,
    pub moment_depth: &'static str,
    pub moment_age: &'static str,
    pub moment_promise: &'static str,
    pub moment_dlq: &'static str,
    /// (the job, the visibility timeout): the job outlasts it, which this
    /// model of waiting does not play (the lesson's first error).
    pub job_outlasts: fn(&str, &str) -> String,
    pub threshold_legend: &'static str,
    pub preset_poison: &'static str,
    pub preset_poison_dlq: &'static str,
    pub preset_slow: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Alertar por edad",
    heading: "La profundidad de la cola contra la edad del mensaje más viejo",
    intro: "Una cola con 50 mensajes esperando, siempre los mismos: entran tantos como salen. Si hay un mensaje venenoso, llega a los 10 minutos: cada worker que lo toma se cuelga hasta que vence su visibility timeout, y el mensaje vuelve a la cola. Arriba, cuántos mensajes esperan, con una alerta por profundidad; abajo, la edad del más viejo (en SQS, ApproximateAgeOfOldestMessage), y la promesa del sistema: ningún mensaje espera más de 5 minutos. La alerta de edad se pone por debajo de la promesa, a 3 minutos sostenidos 1 minuto, para avisar con margen: a los 3 minutos ya se gastó la mayor parte.",
    promise: "Promesa (espera máxima)",
    promise_legend: "—— la promesa",
    promise_words: "la promesa",
    insight: |depth, behind, depth_fired, age_fires, dlq, promise, broken, late| {
        let depth_part = if depth_fired { format!("La profundidad pasa el umbral ({depth} mensajes).") } else { format!("La profundidad no se mueve de {depth} {}: esa alerta nunca suena.", if depth == "1" { "mensaje" } else { "mensajes" }) };
        let age_part = match (age_fires, dlq, broken) {
            (Some(_), _, Some("0 s")) => format!("La cola va {behind} atrás desde el principio: la promesa de {promise} ya está rota, y la alerta de edad lo dice."),
            (None, _, Some("0 s")) => format!("La cola va {behind} atrás desde el principio: la promesa de {promise} ya está rota, y la alerta de edad no suena: su umbral está por encima de esa edad o pide sostenerse demasiado."),
            (Some(at), _, Some(broken)) if late => format!("La edad del más viejo sí, pero tarde: la alerta de edad suena {}, cuando la promesa de {promise} ya se rompió ({}). Su umbral debe quedar bajo la promesa.", crate::format::a_los(at), crate::format::a_los(broken)),
            (Some(at), _, Some(broken)) => format!("La edad del más viejo sí: la alerta de edad suena {}, antes de que se rompa la promesa de {promise} ({}).", crate::format::a_los(at), crate::format::a_los(broken)),
            (Some(at), _, None) => format!("La edad del más viejo sí: la alerta de edad suena {}, y la promesa de {promise} no llega a romperse.", crate::format::a_los(at)),
            (None, Some(at), _) => format!("El venenoso pasa a la DLQ {} y la edad vuelve a {behind}: avisa la alerta de la DLQ.", crate::format::a_los(at)),
            (None, None, Some(broken)) => format!("La promesa de {promise} se rompe {} y la alerta de edad no suena: su umbral está por encima de la promesa o pide sostenerse demasiado.", crate::format::a_los(broken)),
            (None, None, None) => format!("La edad del más viejo se queda en {behind}."),
        };
        format!("{depth_part} {age_part}")
    },
    max_receive: "maxReceiveCount (0: sin DLQ)",
    job: "Trabajo por mensaje",
    poison: "Mensaje venenoso a los 10 min",
    poison_labels: &["no", "sí"],
    depth: "Mensajes en cola",
    workers: "Workers",
    visibility: "Visibility timeout",
    age_alert: "Alerta de edad",
    depth_alert: "Alerta de profundidad",
    hold: "Cada alerta suena si se sostiene",
    charts: ["Mensajes en cola", "Edad del mensaje más viejo"],
    chart_label: "Dos gráficas en la misma hora: arriba los mensajes en cola, abajo la edad del más viejo, cada una con el umbral de su alerta.",
    messages: "mensajes",
    scale: |threshold, top, knee| match knee {
        Some(knee) => format!(" · umbral {threshold} · eje hasta {top}, comprimido sobre {knee}"),
        None => format!(" · umbral {threshold} · eje hasta {top}"),
    },
    fires_note: "la alerta de edad suena",
    never_note: "nunca pasa el umbral",
    dlq_note: "a la DLQ",
    moment_start: |depth, behind| format!("{depth} mensajes en cola al empezar; el más viejo ya lleva {behind} esperando."),
    moment_depth: "La alerta de profundidad suena: hay más mensajes en cola que su umbral.",
    moment_age: "La alerta de edad suena: el más viejo lleva esperando más que su umbral.",
    moment_promise: "El más viejo ya esperó más que la promesa.",
    moment_dlq: "El mensaje venenoso agota sus recepciones y pasa a la DLQ: la edad vuelve a bajar.",
    job_outlasts: |job, visible| format!("Ojo: cada trabajo dura {job} y el visibility timeout es de {visible}: en una cola real cada mensaje reaparecería mientras su worker sigue y otro lo tomaría: el primer error que cuenta «Colas y streams». Aquí solo cuenta la espera; súbelo por encima del trabajo, con margen."),
    threshold_legend: "- - - umbral de la alerta",
    preset_poison: "Un mensaje venenoso, sin DLQ",
    preset_poison_dlq: "Un mensaje venenoso, maxReceiveCount 5",
    preset_slow: "Los mismos 50 mensajes, trabajos de 24 min",
};

pub static EN: Strings = Strings {
    experiment: "Alert on age",
    heading: "The queue's depth against the age of its oldest message",
    intro: "A queue with 50 messages waiting, a steady 50: as many arrive as leave. If there is a poison message, it arrives at 10 minutes: each worker that takes it hangs until its visibility timeout ends, and the message goes back to the queue. Above, how many messages wait, with an alert on depth; below, the age of the oldest (in SQS, ApproximateAgeOfOldestMessage), and the system's promise: no message waits more than 5 minutes. The age alert sits under the promise, at 3 minutes held for 1, to warn with margin: by 3 minutes most of it is spent.",
    promise: "Promise (longest wait)",
    promise_legend: "—— the promise",
    promise_words: "the promise",
    insight: |depth, behind, depth_fired, age_fires, dlq, promise, broken, late| {
        let depth_part = if depth_fired { format!("The depth crosses its threshold ({depth} messages).") } else { format!("The depth does not move from {depth} {}: that alert never goes off.", if depth == "1" { "message" } else { "messages" }) };
        let age_part = match (age_fires, dlq, broken) {
            (Some(_), _, Some("0 s")) => format!("The queue is {behind} behind from the start: the {promise} promise is broken already, and the age alert says so."),
            (None, _, Some("0 s")) => format!("The queue is {behind} behind from the start: the {promise} promise is broken already, and the age alert stays quiet: its threshold is above that age, or asks to be held too long."),
            (Some(at), _, Some(broken)) if late => format!("The age of the oldest does, but late: the age alert goes off at {at}, when the {promise} promise has already broken (at {broken}). Its threshold belongs under the promise."),
            (Some(at), _, Some(broken)) => format!("The age of the oldest does: the age alert goes off at {at}, before the {promise} promise breaks (at {broken})."),
            (Some(at), _, None) => format!("The age of the oldest does: the age alert goes off at {at}, and the {promise} promise never breaks."),
            (None, Some(at), _) => format!("The poison message moves to the DLQ at {at} and the age drops back to {behind}: the DLQ's alert speaks."),
            (None, None, Some(broken)) => format!("The {promise} promise breaks at {broken} and the age alert stays quiet: its threshold is above the promise, or asks to be held too long."),
            (None, None, None) => format!("The age of the oldest stays at {behind}."),
        };
        format!("{depth_part} {age_part}")
    },
    max_receive: "maxReceiveCount (0: no DLQ)",
    job: "Job per message",
    poison: "A poison message at 10 min",
    poison_labels: &["no", "yes"],
    depth: "Messages waiting",
    workers: "Workers",
    visibility: "Visibility timeout",
    age_alert: "Age alert",
    depth_alert: "Depth alert",
    hold: "Each alert fires once it has held for",
    charts: ["Messages waiting", "Age of the oldest message"],
    chart_label: "Two charts over the same hour: above the messages waiting, below the age of the oldest, each with its alert's threshold.",
    messages: "messages",
    scale: |threshold, top, knee| match knee {
        Some(knee) => format!(" · threshold {threshold} · axis up to {top}, compressed above {knee}"),
        None => format!(" · threshold {threshold} · axis up to {top}"),
    },
    fires_note: "the age alert goes off",
    never_note: "never crosses the threshold",
    dlq_note: "to the DLQ",
    moment_start: |depth, behind| format!("{depth} messages queued at the start; the oldest has waited {behind} already."),
    moment_depth: "The depth alert goes off: more messages queued than its threshold.",
    moment_age: "The age alert goes off: the oldest has waited longer than its threshold.",
    moment_promise: "The oldest has now waited longer than the promise.",
    moment_dlq: "The poison message exhausts its receives and moves to the DLQ: the age falls again.",
    job_outlasts: |job, visible| format!("Note: each job takes {job} and the visibility timeout is {visible}: in a real queue each message would reappear while its worker goes on, and another would take it: the first error «Colas y streams» tells of. Only the waiting counts here; raise it above the job, with a margin."),
    threshold_legend: "- - - alert threshold",
    preset_poison: "A poison message, no DLQ",
    preset_poison_dlq: "A poison message, maxReceiveCount 5",
    preset_slow: "The same 50 messages, 24-minute jobs",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
