//! The double-publication experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment_uuid5: &'static str,
    pub uuid5_heading: &'static str,
    pub uuid5_intro: &'static str,
    /// The figure's point: (times by v4 id, times by uuid5).
    pub insight: fn(u32, u32) -> String,
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
    pub preset: &'static str,
    pub namespace_note: &'static str,
}

pub static ES: Strings = Strings {
    experiment_uuid5: "Ids deterministas (uuid5)",
    uuid5_heading: "Doble publicación resuelta por uuid5",
    uuid5_intro: "Un error hace que el mismo pase salga publicado dos veces, y cada copia estrena un UUID v4 al azar.",
    insight: |v4, uuid5| {
        format!("El mismo pase publicado dos veces: con ids v4 al azar se procesa {v4} veces; con el uuid5 de su clave, {uuid5}.")
    },
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
    preset: "Doble publicación",
    namespace_note: "El namespace es elección del laboratorio: la lección no nombra uno.",
};

pub static EN: Strings = Strings {
    experiment_uuid5: "Deterministic ids (uuid5)",
    uuid5_heading: "Double publication solved by uuid5",
    uuid5_intro: "The same pass is published twice by mistake, each time with a different random v4 UUID.",
    insight: |v4, uuid5| {
        format!("The same pass published twice: with random v4 ids it is processed {v4} times; with the uuid5 of its key, {uuid5}.")
    },
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
    times_processed: |n| {
        if n == 1 {
            "processed the pass once".into()
        } else {
            format!("processed the pass {n} times")
        }
    },
    preset: "Double publication",
    namespace_note: "The namespace is the lab's choice: the lesson names none.",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
