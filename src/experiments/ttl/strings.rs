//! The TTL experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (TTL in s, effects of the one event, repeats delivered).
    pub insight: fn(u32, u64, usize) -> String,
    pub ttl: &'static str,
    pub acks_lost: &'static str,
    pub effects: &'static str,
    pub again: &'static str,
    /// The moments the event was processed again, or that it never was.
    pub again_at: fn(&[String]) -> String,
    pub timeline_label: &'static str,
    pub delivery: fn(&str, &str) -> String,
    pub outcomes: [&'static str; 3],
    /// A scene's moment: the stored id expires (at, «1,890 s»).
    pub expired: fn(&str) -> String,
    pub legend_record: &'static str,
    pub preset_short: &'static str,
    pub preset_schedule: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Registro con expiración",
    heading: "Un registro de ids procesados que expira",
    intro: "El consumidor idempotente guarda el id con un TTL (como en Redis con expiración). El evento se procesa en su primera entrega, pero su ack se pierde y el hub lo reentrega con el backoff de «At-least-once es la realidad»: las esperas de su tabla (30, 60, 120, 240, 480, 960 s) sumadas ponen cada entrega a los 30, 90, 210, 450, 930 y 1,890 s de la primera. Una repetición que llega después de que el id expiró se procesa otra vez. 0 s: el id no expira.",
    insight: |ttl_s, effects, repeats| match (ttl_s, effects) {
        _ if repeats == 0 => "Sin acks perdidos no llega ninguna repetición: un solo efecto, expire o no el id.".to_owned(),
        (0, _) => "El id no expira: cada repetición se descarta y el evento tiene un solo efecto.".to_owned(),
        (ttl, 1) => format!("Con un TTL de {} s, el id sigue vigente en cada repetición: un solo efecto.", crate::format::int(ttl.into())),
        (ttl, n) => format!("Con un TTL de {} s, el id expira antes de que llegue una repetición: el mismo evento tiene {n} efectos.", crate::format::int(ttl.into())),
    },
    ttl: "TTL del id",
    acks_lost: "Acks perdidos",
    effects: "Efectos",
    again: "Procesado otra vez",
    again_at: |at| if at.is_empty() { "nunca".to_owned() } else { crate::format::a_los(&at.join(", ")) },
    timeline_label: "Las entregas en el tiempo y, como banda, el tiempo en que el id guardado sigue vigente.",
    delivery: |at, outcome| format!("{at}: {outcome}"),
    outcomes: ["procesado", "descartado (el id sigue vigente)", "procesado otra vez (el id había expirado)"],
    expired: |at| format!("{at}: el id guardado expira; una repetición que llegue después se procesa otra vez."),
    legend_record: "id vigente",
    preset_short: "TTL de 300 s, 5 acks perdidos",
    preset_schedule: "TTL de 1,890 s: toda la tabla de espera",
};

pub static EN: Strings = Strings {
    experiment: "An expiring record",
    heading: "A record of processed ids that expires",
    intro: "The idempotent consumer stores the id with a TTL (as with Redis and an expiry). The event is processed on its first delivery, but its ack is lost and the hub redelivers it on the backoff of “At-least-once is reality”: its table's waits (30, 60, 120, 240, 480, 960 s) added up put each delivery 30, 90, 210, 450, 930 and 1,890 s after the first. A repeat arriving after the id expired is processed again. 0 s: the id never expires.",
    insight: |ttl_s, effects, repeats| match (ttl_s, effects) {
        _ if repeats == 0 => "With no ack lost no repeat arrives: one effect, whether the id expires or not.".to_owned(),
        (0, _) => "The id never expires: every repeat is discarded and the event takes effect once.".to_owned(),
        (ttl, 1) => format!("With a {} s TTL, the id is still there at every repeat: one effect.", crate::format::int(ttl.into())),
        (ttl, n) => format!("With a {} s TTL, the id expires before a repeat arrives: the same event takes effect {n} times.", crate::format::int(ttl.into())),
    },
    ttl: "The id's TTL",
    acks_lost: "Acks lost",
    effects: "Effects",
    again: "Processed again",
    again_at: |at| if at.is_empty() { "never".to_owned() } else { format!("at {}", at.join(", ")) },
    timeline_label: "The deliveries over time and, as a band, the time the stored id stays valid.",
    delivery: |at, outcome| format!("{at}: {outcome}"),
    outcomes: ["processed", "discarded (the id is still valid)", "processed again (the id had expired)"],
    expired: |at| format!("{at}: the stored id expires; a repeat that arrives after it is processed again."),
    legend_record: "id valid",
    preset_short: "A 300 s TTL, 5 acks lost",
    preset_schedule: "A 1,890 s TTL: the whole schedule",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
