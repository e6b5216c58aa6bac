//! The lag experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    pub partitions: &'static str,
    pub consumers: &'static str,
    pub per_consumer: &'static str,
    pub arrival: &'static str,
    pub behind: &'static str,
    pub reading: &'static str,
    pub idle: &'static str,
    pub consume: &'static str,
    pub spare: &'static str,
    pub catch_up: &'static str,
    pub never: &'static str,
    pub lag_time: &'static str,
    pub alert_on: &'static str,
    pub alert_off: &'static str,
    pub chart_label: &'static str,
    pub preset_a: &'static str,
    pub preset_b: &'static str,
    pub preset_more: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Lag del grupo",
    heading: "Un grupo atrasado: cuánto tarda en ponerse al día",
    intro: "El lag es lo que falta por leer: el offset del final del log menos el offset confirmado del grupo. Cada partición la lee un solo consumidor del grupo, así que el grupo consume a lo más min(consumidores, particiones) × lo que lee cada uno; solo lo que sobra sobre lo que llega baja el lag. Mídelo en tiempo: la misma profundidad, 50 mensajes, son 2 minutos de atraso si sale uno cada 2.4 s y 2 horas si sale uno cada 2.4 min.",
    partitions: "Particiones",
    consumers: "Consumidores del grupo",
    per_consumer: "Lee cada consumidor",
    arrival: "Llegan",
    behind: "Lag (mensajes atrás)",
    reading: "Consumidores leyendo",
    idle: "Sin partición",
    consume: "El grupo consume",
    spare: "Sobra",
    catch_up: "Al día en",
    never: "nunca",
    lag_time: "Lag en tiempo (mensajes atrás ÷ llegada)",
    alert_on: "Alerta: el lag pasa de ≈ 60 s. Sostenido 5 minutos, la promesa de 5 minutos está en peligro.",
    alert_off: "El lag está bajo ≈ 60 s.",
    chart_label: "El lag en mensajes a lo largo del tiempo, hasta ponerse al día.",
    preset_a: "Ejercicio 9 (a): consumidores de 1,800/s",
    preset_b: "Ejercicio 9 (b): 24 particiones de 1,500/s",
    preset_more: "Más consumidores que particiones",
};

pub static EN: Strings = Strings {
    experiment: "Consumer lag",
    heading: "A group behind: how long it takes to catch up",
    intro: "The lag is what is left to read: the log's end offset minus the group's committed offset. Each partition is read by one consumer of the group, so the group consumes at most min(consumers, partitions) × what each reads; only what it reads above what arrives brings the lag down. Measure it in time: the same depth, 50 messages, is 2 minutes behind if one leaves every 2.4 s and 2 hours if one leaves every 2.4 min.",
    partitions: "Partitions",
    consumers: "Consumers in the group",
    per_consumer: "Each consumer reads",
    arrival: "Arriving",
    behind: "Lag (messages behind)",
    reading: "Consumers reading",
    idle: "Without a partition",
    consume: "The group consumes",
    spare: "Spare",
    catch_up: "Caught up in",
    never: "never",
    lag_time: "Lag in time (messages behind ÷ arrivals)",
    alert_on: "Alert: the lag is above ≈ 60 s. Held for 5 minutes, the 5-minute promise is at risk.",
    alert_off: "The lag is under ≈ 60 s.",
    chart_label: "The lag in messages over time, until caught up.",
    preset_a: "Exercise 9 (a): consumers of 1,800/s",
    preset_b: "Exercise 9 (b): 24 partitions at 1,500/s",
    preset_more: "More consumers than partitions",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
