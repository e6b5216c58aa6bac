//! The lag experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (how long it has been falling behind, if known;
    /// messages behind; the lag in time; spare per s; catch-up time or None).
    pub insight: fn(Option<&str>, &str, &str, &str, Option<&str>) -> String,
    pub partitions: &'static str,
    pub consumers: &'static str,
    pub per_consumer: &'static str,
    pub arrival: &'static str,
    pub behind: &'static str,
    pub reading: &'static str,
    pub idle: &'static str,
    pub consume: &'static str,
    pub spare: &'static str,
    /// The spare's place when the group reads less than arrives.
    pub short: &'static str,
    pub catch_up: &'static str,
    pub never: &'static str,
    pub lag_time: &'static str,
    pub rate_before: &'static str,
    pub behind_for: &'static str,
    /// The alert fires at …, and clears at … (if it does).
    pub alert_fires: fn(&str, Option<&str>) -> String,
    /// Below the line: (the lag now).
    pub alert_quiet: fn(&str) -> String,
    /// At or above the line now, draining before it is held 5 minutes: (the lag now).
    pub alert_at_line: fn(&str) -> String,
    /// Above the line now, not held 5 minutes: (the lag in time).
    pub alert_above: fn(&str) -> String,
    /// When it fires: after «now», or since before it.
    pub fires_after: fn(&str) -> String,
    pub fires_before: fn(&str) -> String,
    /// Written at the chart's «now», between the past and the fix.
    pub now_note: &'static str,
    pub threshold_legend: &'static str,
    /// Written on the alert's line (at exercise 9's 1.2 M the lag's own line lies on it).
    pub threshold_note: &'static str,
    pub fires_legend: fn(&str) -> String,
    pub chart_label: &'static str,
    /// The y-axis's unit, after its top value.
    pub y_unit: &'static str,
    /// Written on the chart at the alert's instant and where the lag reaches 0.
    pub fires_note: &'static str,
    pub caught_up_note: &'static str,
    /// The scene's moments: the group reads (before) while (arrivals) come.
    pub moment_behind: fn(&str, &str) -> String,
    /// The fix: the group now reads (rate); whether that drains the lag.
    /// The rate after the fix, and how it compares with the arrivals.
    pub moment_fix: fn(&str, std::cmp::Ordering) -> String,
    pub moment_caught_up: &'static str,
    /// The alert fires, and clears (the lag back at its line).
    pub moment_fires: &'static str,
    pub moment_clears: &'static str,
    /// On the chart at the clock: the lag at that instant.
    pub lag_now: fn(&str) -> String,
    pub preset_a: &'static str,
    pub preset_b: &'static str,
    pub preset_more: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Lag del grupo",
    heading: "Un grupo atrasado: cuánto tarda en ponerse al día",
    intro: "El lag es lo que falta por leer: el offset del final del log menos el offset confirmado del grupo. Dentro del grupo, una partición tiene un único lector, así que el grupo consume a lo más min(consumidores, particiones) × lo que lee cada uno; solo lo que sobra sobre lo que llega baja el lag. Mídelo en tiempo: la misma profundidad, 50 mensajes, son 2 minutos de atraso si sale uno cada 2.4 s y 2 horas si sale uno cada 2.4 min.",
    insight: |since, behind, lag, spare, catch_up| {
        let past = match since {
            Some(since) => format!("El grupo lleva {since} atrasándose: {behind} eventos atrás, {lag} de lag. "),
            None => format!("{behind} eventos atrás, {lag} de lag. "),
        };
        match catch_up {
            Some(time) => format!("{past}Sobran {spare}/s de capacidad: el atraso se vacía en {time}."),
            None => format!("{past}Sin capacidad de sobra el atraso no se vacía: crece o se queda donde está."),
        }
    },
    partitions: "Particiones",
    consumers: "Consumidores del grupo",
    per_consumer: "Lee cada consumidor",
    arrival: "Llegan",
    behind: "Lag (eventos atrás)",
    reading: "Consumidores leyendo",
    idle: "Sin partición",
    consume: "El grupo consume",
    spare: "Sobra",
    short: "Falta",
    catch_up: "Al día en",
    never: "nunca",
    lag_time: "Lag en tiempo en «ahora», el que mira la alerta (eventos atrás ÷ llegada)",
    rate_before: "Antes del arreglo, lee cada uno de los 12 consumidores",
    behind_for: "Se viene atrasando desde hace (atraso ÷ déficit de antes)",
    alert_fires: |at, clears| match clears {
        Some(clears) => format!("La alerta (lag de más de ≈ 60 s sostenido 5 minutos) suena {at} y se apaga {}, cuando el lag vuelve a ≈ 60 s.", crate::format::a_los(clears)),
        None => format!("La alerta (lag de más de ≈ 60 s sostenido 5 minutos) suena {at} y no se apaga: el grupo no recupera el atraso."),
    },
    alert_quiet: |lag| format!("En «ahora» el lag, {lag}, está por debajo de la línea de ≈ 60 s: la alerta (lag de más de ≈ 60 s sostenido 5 minutos) no suena."),
    alert_at_line: |lag| format!("En «ahora» el lag está en la línea de ≈ 60 s ({lag}): el grupo va atrasado. Con este ritmo baja desde ya y no pasa 5 minutos por encima, así que la alerta (más de ≈ 60 s sostenido 5 minutos) no llega a sonar."),
    alert_above: |lag| format!("En «ahora» el lag, {lag}, está por encima de la línea de ≈ 60 s, pero con este ritmo vuelve a bajar antes de sumar 5 minutos por encima (contando lo que ya llevaba antes de «ahora»), así que la alerta (más de ≈ 60 s sostenido 5 minutos) no llega a sonar."),
    fires_after: |at| format!("{} de «ahora»", crate::format::a_los(at)),
    fires_before: |ago| format!("desde {ago} antes de «ahora»"),
    now_note: "ahora",
    threshold_legend: "línea: ≈ 60 s de lag (el umbral de la alerta)",
    threshold_note: "umbral: ≈ 60 s",
    fires_legend: |at| format!("marca: la alerta suena {at}"),
    chart_label: "El lag en eventos a lo largo del tiempo, hasta ponerse al día.",
    y_unit: "eventos de lag",
    fires_note: "la alerta suena",
    caught_up_note: "al día",
    moment_behind: |before, arrival| format!("El grupo lee {before}/s y llegan {arrival}/s: cada segundo queda más atrás."),
    moment_fix: |rate, than_arrivals| match than_arrivals {
        std::cmp::Ordering::Greater => format!("Ahora lee {rate}/s: más de lo que llega, el atraso baja."),
        std::cmp::Ordering::Equal => format!("Ahora lee {rate}/s: justo lo que llega, el atraso se queda donde está."),
        std::cmp::Ordering::Less => format!("Ahora lee {rate}/s: no alcanza, el atraso sigue creciendo."),
    },
    moment_caught_up: "Al día: lag 0.",
    moment_fires: "Suena la alerta: el lag lleva 5 minutos por encima de ≈ 60 s.",
    moment_clears: "La alerta se apaga: el lag vuelve a ≈ 60 s.",
    lag_now: |lag| format!("lag {lag}"),
    preset_a: "Ejercicio 9 (a): consumidores de 1,800/s",
    preset_b: "Ejercicio 9 (b): 24 particiones de 1,500/s",
    preset_more: "Más consumidores que particiones",
};

pub static EN: Strings = Strings {
    experiment: "Consumer lag",
    heading: "A group behind: how long it takes to catch up",
    intro: "The lag is what is left to read: the log's end offset minus the group's committed offset. Each partition is read by one consumer of the group, so the group consumes at most min(consumers, partitions) × what each reads; only what it reads above what arrives brings the lag down. Measure it in time: the same depth, 50 messages, is 2 minutes behind if one leaves every 2.4 s and 2 hours if one leaves every 2.4 min.",
    insight: |since, behind, lag, spare, catch_up| {
        let past = match since {
            Some(since) => format!("The group has been falling behind for {since}: {behind} events behind, {lag} of lag. "),
            None => format!("{behind} events behind, {lag} of lag. "),
        };
        match catch_up {
            Some(time) => format!("{past}{spare}/s of spare capacity: the backlog drains in {time}."),
            None => format!("{past}Without spare capacity the backlog never drains: it grows or stays where it is."),
        }
    },
    partitions: "Partitions",
    consumers: "Consumers in the group",
    per_consumer: "Each consumer reads",
    arrival: "Arriving",
    behind: "Lag (events behind)",
    reading: "Consumers reading",
    idle: "Without a partition",
    consume: "The group consumes",
    spare: "Spare",
    short: "Short by",
    catch_up: "Caught up in",
    never: "never",
    lag_time: "Lag in time at “now”, what the alert watches (events behind ÷ arrivals)",
    rate_before: "Before the fix, each of the 12 consumers reads",
    behind_for: "Falling behind for (backlog ÷ the deficit before)",
    alert_fires: |at, clears| match clears {
        Some(clears) => format!("The alert (lag above ≈ 60 s held for 5 minutes) fires {at} and clears at {clears}, when the lag is back to ≈ 60 s."),
        None => format!("The alert (lag above ≈ 60 s held for 5 minutes) fires {at} and stays on: the group does not catch up."),
    },
    alert_quiet: |lag| format!("At “now” the lag, {lag}, is below the ≈ 60 s line: the alert (lag above ≈ 60 s held for 5 minutes) stays quiet."),
    alert_at_line: |lag| format!("At “now” the lag is at the ≈ 60 s line ({lag}): the group is behind. At this rate it falls from now on and is never held above the line for 5 minutes, so the alert (above ≈ 60 s held for 5 minutes) does not get to fire."),
    alert_above: |lag| format!("At “now” the lag, {lag}, is above the ≈ 60 s line, but at this rate it falls back under before adding up 5 minutes above (counting what it had before now), so the alert (above ≈ 60 s held for 5 minutes) does not get to fire."),
    fires_after: |at| format!("at {at} after now"),
    fires_before: |ago| format!("since {ago} before now"),
    now_note: "now",
    threshold_legend: "line: ≈ 60 s of lag (the alert's threshold)",
    threshold_note: "threshold: ≈ 60 s",
    fires_legend: |at| format!("mark: the alert fires {at}"),
    chart_label: "The lag in events over time, until caught up.",
    y_unit: "events of lag",
    fires_note: "the alert fires",
    caught_up_note: "caught up",
    moment_behind: |before, arrival| format!("The group reads {before}/s while {arrival}/s arrive: every second it falls further behind."),
    moment_fix: |rate, than_arrivals| match than_arrivals {
        std::cmp::Ordering::Greater => format!("Now it reads {rate}/s: more than arrives, the lag falls."),
        std::cmp::Ordering::Equal => format!("Now it reads {rate}/s: just what arrives, the lag stays where it is."),
        std::cmp::Ordering::Less => format!("Now it reads {rate}/s: not enough, the lag keeps growing."),
    },
    moment_caught_up: "Caught up: lag 0.",
    moment_fires: "The alert fires: the lag has been above ≈ 60 s for 5 minutes.",
    moment_clears: "The alert clears: the lag is back at ≈ 60 s.",
    lag_now: |lag| format!("lag {lag}"),
    preset_a: "Exercise 9 (a): consumers of 1,800/s",
    preset_b: "Exercise 9 (b): 24 partitions at 1,500/s",
    preset_more: "More consumers than partitions",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
