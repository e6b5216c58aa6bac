//! The failing-safely experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (dropped, detections lost, acted blind on the
    /// unsafe side; emitted without the field, asked a human on the safe side).
    pub insight: fn(u32, u32, u32, u32, u32) -> String,
    pub enrich_failure: &'static str,
    pub context_failure: &'static str,
    pub attacks: &'static str,
    pub events: &'static str,
    /// The two pipelines' headings.
    pub sides: [&'static str; 2],
    /// What each side does when it cannot decide.
    pub side_rules: [&'static str; 2],
    pub grid_label: fn(&str) -> String,
    /// Each fate, in `Fate`'s order.
    pub fates: [&'static str; 6],
    pub lost: &'static str,
    pub preset_default: &'static str,
    pub preset_enrichment_down: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Fallar de forma segura",
    heading: "Cuando un componente no pudo decidir",
    intro: "Los mismos eventos pasan por dos cadenas. Cada evento se enriquece (por ejemplo, la reputación de la IP), y si es un ataque se dispara una detección con una respuesta automática que necesita confirmar el contexto (¿es un servidor crítico?). En la primera, sin respuesta definida para «no pude decidir»: el evento que no se pudo enriquecer se descarta, y la respuesta actúa sin confirmar. La segunda falla de forma segura: el evento sale sin el campo y con una marca, y la respuesta pide aprobación humana.",
    insight: |dropped, lost, blind, marked, asked| format!(
        "Sin respuesta definida: {}, {}, {}. Fallando de forma segura: {}, ninguna perdida, {}.",
        counted(dropped, "evento descartado", "eventos descartados"),
        counted(lost, "detección perdida", "detecciones perdidas"),
        counted(blind, "respuesta a ciegas", "respuestas a ciegas"),
        counted(marked, "marcado", "marcados"),
        counted(asked, "espera a una persona", "esperan a una persona")),
    enrich_failure: "Falla del enriquecimiento",
    context_failure: "Contexto sin confirmar",
    attacks: "Eventos que son ataques",
    events: "Eventos",
    sides: ["Sin respuesta para «no pude decidir»", "Falla de forma segura"],
    side_rules: ["descarta el evento; actúa a ciegas", "emite sin el campo, marcado; pide aprobación humana"],
    grid_label: |side| format!("{side}: un cuadro por evento, en el orden en que llegan, con lo que pasó con él."),
    fates: ["emitido", "sin el campo (marcado)", "descartado", "ataque: respuesta automática", "ataque: respuesta a ciegas", "ataque: espera aprobación humana"],
    lost: "Detecciones perdidas",
    preset_default: "Enriquecimiento 10 %, contexto 20 %",
    preset_enrichment_down: "El enriquecimiento falla la mitad de las veces",
};

pub static EN: Strings = Strings {
    experiment: "Failing safely",
    heading: "When a component could not decide",
    intro: "The same events go through two pipelines. Each event is enriched (say, the IP's reputation), and an attack fires a detection with an automatic response that must confirm the context (is this a critical server?). In the first, with no defined answer for “I could not decide”: an event that could not be enriched is dropped, and the response acts without confirming. The second fails safely: the event goes on without the field and with a mark, and the response asks for human approval.",
    insight: |dropped, lost, blind, marked, asked| format!(
        "With no defined answer: {}, {}, {}. Failing safely: {} marked, none lost, {}.",
        counted(dropped, "event dropped", "events dropped"),
        counted(lost, "detection lost", "detections lost"),
        counted(blind, "blind response", "blind responses"),
        marked,
        counted(asked, "waits for a person", "wait for a person")),
    enrich_failure: "Enrichment failure",
    context_failure: "Context not confirmed",
    attacks: "Events that are attacks",
    events: "Events",
    sides: ["No answer for “I could not decide”", "Failing safely"],
    side_rules: ["drops the event; acts blind", "emits without the field, marked; asks a human"],
    grid_label: |side| format!("{side}: one square per event, in arrival order, with what became of it."),
    fates: ["emitted", "without the field (marked)", "dropped", "attack: automatic response", "attack: blind response", "attack: waits for human approval"],
    lost: "Detections lost",
    preset_default: "Enrichment 10 %, context 20 %",
    preset_enrichment_down: "The enrichment fails half the time",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}

/// «1 respuesta a ciegas», «2 respuestas a ciegas».
fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
