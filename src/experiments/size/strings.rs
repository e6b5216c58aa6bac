//! The message-size experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (the message's size, brokers that refuse it,
    /// bytes a day through the broker).
    pub insight: fn(&str, usize, &str) -> String,
    /// With the claim check: the lesson's example message against a real one.
    pub claim_note: &'static str,
    pub payload: &'static str,
    pub claim: &'static str,
    pub claim_labels: &'static [&'static str],
    pub per_day: &'static str,
    /// The brokers, in `LIMITS`' order.
    pub brokers: [&'static str; 3],
    pub chart_label: &'static str,
    pub limit: &'static str,
    /// The figure's legend: the message, the limit; its axis' scale.
    pub legend: [&'static str; 2],
    pub accepted: &'static str,
    pub refused: &'static str,
    pub message: &'static str,
    pub per_day_label: &'static str,
    pub preset_photo: &'static str,
    pub preset_claim: &'static str,
    pub preset_pdf: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Tamaño y claim check",
    heading: "Un mensaje contra el límite de cada broker",
    intro: "Cada broker pone un tope al peso de un mensaje: en SQS es 1 MiB (256 KiB hasta agosto de 2025) y Kafka 4.2 trae por omisión message.max.bytes = 1,048,588 bytes. Con el claim check, el productor sube el archivo al almacén y mete en la cola solo su dirección, {\"job_id\": \"8f3a\", \"pdf\": \"uploads/8f3a.pdf\"}; el worker la usa para bajarlo.",
    insight: |size, refused, per_day| match refused {
        0 => format!("Un mensaje de {size} cabe en los tres límites: por la cola pasan {per_day} al día."),
        3 => format!("Un mensaje de {size} no cabe en ningún límite. Súbelo al almacén y manda su dirección."),
        1 => format!("Un mensaje de {size}: solo un límite de los tres lo rechaza."),
        n => format!("Un mensaje de {size}: {n} de los tres límites lo rechazan."),
    },
    claim_note: "Son los 45 B del JSON de ejemplo de la lección; uno real suma metadatos y pesa unos cientos de bytes: igual, miles de veces menos que cualquier tope.",
    payload: "Tamaño del archivo",
    claim: "Claim check",
    claim_labels: &["no: el archivo va en el mensaje", "sí: el mensaje lleva la dirección"],
    per_day: "Mensajes al día",
    brokers: ["SQS", "SQS antes de agosto de 2025", "Kafka 4.2 (por omisión)"],
    chart_label: "Una fila por broker: su límite como una marca y el mensaje como una barra, en escala logarítmica de 10 bytes a 100 MiB.",
    limit: "límite",
    legend: ["tamaño del mensaje (escala logarítmica)", "límite del broker"],
    accepted: "lo acepta",
    refused: "lo rechaza",
    message: "Tamaño del mensaje",
    per_day_label: "Por la cola al día",
    preset_photo: "Una foto de unos 10 MB en el mensaje",
    preset_claim: "La misma foto con claim check",
    preset_pdf: "Un PDF de 300 KiB",
};

pub static EN: Strings = Strings {
    experiment: "Size and claim check",
    heading: "A message against each broker's limit",
    intro: "Brokers cap each message's size: SQS takes up to 1 MiB since August 2025 (256 KiB before) and Kafka 4.2 defaults to message.max.bytes = 1,048,588 bytes. With the claim check, the producer uploads the file to the object store and puts only its address in the queue, {\"job_id\": \"8f3a\", \"pdf\": \"uploads/8f3a.pdf\"}; the worker uses it to download the file.",
    insight: |size, refused, per_day| match refused {
        0 => format!("A {size} message fits all three limits: {per_day} a day go through the queue."),
        3 => format!("A {size} message fits none of the limits. Upload it to the object store and send its address."),
        1 => format!("A {size} message: only one of the three limits refuses it."),
        n => format!("A {size} message: {n} of the three limits refuse it."),
    },
    claim_note: "That is the 45 B of the lesson's example JSON; a real one carries metadata and weighs a few hundred bytes: still thousands of times below any limit.",
    payload: "File size",
    claim: "Claim check",
    claim_labels: &["no: the file goes in the message", "yes: the message carries the address"],
    per_day: "Messages a day",
    brokers: ["SQS", "SQS before August 2025", "Kafka 4.2 (default)"],
    chart_label: "One row per broker: its limit as a mark and the message as a bar, on a log scale from 10 bytes to 100 MiB.",
    limit: "limit",
    legend: ["message size (log scale)", "the broker's limit"],
    accepted: "takes it",
    refused: "refuses it",
    message: "Message size",
    per_day_label: "Through the queue a day",
    preset_photo: "A 10 MiB photo in the message",
    preset_claim: "The same photo with a claim check",
    preset_pdf: "A 300 KiB PDF",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
