//! The double-publication experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (facts, effects by v4 id, effects by uuid5).
    /// (facts, published twice, effects by the v4 id, by the uuid5).
    pub insight: fn(u32, bool, u64, u64) -> String,
    pub namespace_note: &'static str,
    pub facts: &'static str,
    pub pubs: &'static str,
    pub pubs_labels: &'static [&'static str],
    pub failure: &'static str,
    pub columns: [&'static str; 3],
    pub deliveries: &'static str,
    pub effects: &'static str,
    pub discarded: &'static str,
    pub dead_lettered: &'static str,
    pub ids_caption: &'static str,
    pub col_fact: &'static str,
    pub col_publication: &'static str,
    pub col_v4: &'static str,
    pub col_uuid5: &'static str,
    pub invalid: &'static str,
    pub preset_twice: &'static str,
    pub preset_failing: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Doble publicación",
    heading: "El mismo hecho publicado dos veces, por el motor de entregas",
    intro: "El productor publica cada hecho una o dos veces. Con un id v4 al azar por publicación, las dos copias tienen ids distintos y ni el consumidor idempotente las reconoce; con un uuid5 de la clave del hecho, las dos copias comparten id y la segunda se descarta. Las mismas entregas pasan por los tres consumidores.",
    insight: |facts, twice, by_v4, by_uuid5| format!("{facts} {} {}: deduplicando por un id v4 al azar, efectos aplicados: {by_v4}; por el uuid5 de su clave: {by_uuid5}.", if facts == 1 { "hecho publicado" } else { "hechos publicados" }, if twice { "dos veces" } else { "una vez" }),
    namespace_note: "El namespace del uuid5 (DNS) es elección del laboratorio, no de la lección: lo que importa es que productor y consumidor usen el mismo.",
    facts: "Hechos",
    pubs: "Cada hecho se publica",
    pubs_labels: &["1 vez", "2 veces"],
    failure: "Probabilidad de fallo por entrega",
    columns: ["No idempotente", "Idempotente, id v4 al azar", "Idempotente, id uuid5 de la clave"],
    deliveries: "Entregas",
    effects: "Efectos",
    discarded: "Repetidos descartados",
    dead_lettered: "En dead-letter",
    ids_caption: "Los ids de los primeros hechos",
    col_fact: "Clave del hecho",
    col_publication: "Publicación",
    col_v4: "id v4",
    col_uuid5: "id uuid5",
    invalid: "Esta combinación no se puede simular.",
    preset_twice: "20 hechos publicados dos veces",
    preset_failing: "Dos veces, con 30 % de fallos",
};

pub static EN: Strings = Strings {
    experiment: "Double publication",
    heading: "The same fact published twice, through the delivery engine",
    intro: "The producer publishes each fact once or twice. With a random v4 id per publication the two copies carry different ids and not even the idempotent consumer recognises them; with a uuid5 of the fact's key the copies share an id and the second is discarded. The same deliveries go through all three consumers.",
    insight: |facts, twice, by_v4, by_uuid5| format!("{facts} {} {}: deduplicating by a random v4 id, effects applied: {by_v4}; by the uuid5 of their key: {by_uuid5}.", if facts == 1 { "fact published" } else { "facts published" }, if twice { "twice" } else { "once" }),
    namespace_note: "The uuid5 namespace (DNS) is the lab's choice, not the lesson's: what matters is that producer and consumer use the same one.",
    facts: "Facts",
    pubs: "Each fact is published",
    pubs_labels: &["once", "twice"],
    failure: "Failure probability per delivery",
    columns: ["Naive", "Idempotent, random v4 id", "Idempotent, uuid5 of the key"],
    deliveries: "Deliveries",
    effects: "Effects",
    discarded: "Repeats discarded",
    dead_lettered: "In dead-letter",
    ids_caption: "The first facts' ids",
    col_fact: "Fact key",
    col_publication: "Publication",
    col_v4: "v4 id",
    col_uuid5: "uuid5 id",
    invalid: "This combination cannot be simulated.",
    preset_twice: "20 facts published twice",
    preset_failing: "Twice, with 30 % failures",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
