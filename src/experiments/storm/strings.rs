//! The storm experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment_storm: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point, one side: (strategy, clients through, clients,
    /// re-collapses, clients who ended on the breaker's fallback).
    pub insight: fn(&str, u32, u32, u32, u32) -> String,
    /// One side whose clients all ran out of attempts before the
    /// dependency came back: (strategy, clients, whether the retry budget
    /// stopped them rather than their attempts).
    pub insight_too_soon: fn(&str, u32, bool) -> String,
    /// Where the lesson's claim holds at this setting, and where it stops
    /// (`super::Verdict`): (clients, clients fewer through with jitter, the
    /// attempts) / (collapses with jitter, clients fewer through with
    /// jitter, the attempts; the sides' sentences count the collapses
    /// without) / (clients, the widest jittered window, calls per 100 ms in
    /// it, what it absorbs in 100 ms).
    pub verdict_nothing_to_fix: fn(u32, u32, u32) -> String,
    /// (the attempts) / (the attempts, jittered clients through).
    pub verdict_nobody_in_time: fn(u32) -> String,
    pub verdict_budget_cut: &'static str,
    pub verdict_sync_too_soon: fn(u32, u32) -> String,
    pub verdict_jitter_saves: fn(u32, u32, u32) -> String,
    pub verdict_too_many: fn(u32, &str, u64, u64) -> String,
    /// (jittered clients fewer through).
    pub verdict_sheds: fn(u32) -> String,
    pub clients: &'static str,
    pub recover: &'static str,
    pub capacity: &'static str,
    pub dependency: &'static str,
    pub dependency_labels: &'static [&'static str],
    /// On the histogram: the dependency knocked down again, and back.
    pub collapse_mark: &'static str,
    /// The counter: times the dependency fell over again.
    pub collapses: &'static str,
    pub back_mark: &'static str,
    /// The scene's moments: the outage, the dependency back, a wave that
    /// knocks it down again (its side, the calls in that second), the last
    /// client through.
    pub moment_down: fn(&str) -> String,
    pub moment_back: fn(&str) -> String,
    /// Side, calls in the window that felled it, their rate per second.
    pub moment_collapse: fn(&str, &str, &str) -> String,
    pub moment_last: fn(&str, &str, &str) -> String,
    pub strategy_a: &'static str,
    pub strategy_b: &'static str,
    pub base_ms: &'static str,
    pub attempts: &'static str,
    pub budget: &'static str,
    pub budget_tokens: &'static str,
    pub budget_ratio: &'static str,
    pub breaker: &'static str,
    pub breaker_failures: &'static str,
    pub breaker_open: &'static str,
    pub breaker_trials: &'static str,
    pub strategy_labels: &'static [&'static str],
    pub off_on: &'static [&'static str],
    /// In `CallOutcome::ALL`'s order: ok, overloaded, down, rejected.
    pub outcomes: [&'static str; 4],
    pub calls: &'static str,
    pub calls_to_dependency: &'static str,
    pub peak: &'static str,
    pub succeeded: &'static str,
    pub exhausted: fn(u32) -> String,
    pub throttled: &'static str,
    pub fallbacks: &'static str,
    pub ended_on_fallback: &'static str,
    pub last_success: &'static str,
    pub nobody: &'static str,
    pub per_bin: fn(&str) -> String,
    pub histogram_label: fn(&str, &str, &str) -> String,
    /// The capacity under the chart: a rate held over time, and the burst a
    /// full bucket lets through at once (a green bar stood above the 50/s
    /// line with nothing to say why).
    pub capacity_line: fn(&str) -> String,
    pub lanes_heading: &'static str,
    pub client: fn(u32) -> String,
    pub breaker_states: [&'static str; 3],
    pub breaker_strip: &'static str,
    pub breaker_defaults: &'static str,
    pub time_axis: &'static str,
    pub lessons_heading: &'static str,
    pub lesson_003_says: &'static str,
    pub lesson_000_says: &'static str,
    pub amplification: fn(&str, &str) -> String,
    pub measured: &'static str,
    pub invalid: &'static str,
    pub preset_storm: &'static str,
    pub preset_overloaded: &'static str,
    pub preset_shedding: &'static str,
    pub preset_budget: &'static str,
    pub preset_breaker: &'static str,
}

pub static ES: Strings = Strings {
    experiment_storm: "Tormenta de reintentos",
    heading: "Muchos clientes contra una dependencia que se recupera",
    insight: |strategy, ok, clients, collapses, fallback| {
        let mut through = format!("{strategy}: {} {} de {}", if ok == 1 { "pasa" } else { "pasan" }, crate::format::int(ok.into()), clientes(clients));
        if fallback > 0 {
            through += &format!(", {} terminan con el fallback del breaker", crate::format::int(fallback.into()));
        }
        match collapses {
            0 => format!("{through} y la dependencia sigue en pie."),
            1 => format!("{through}; la ola la vuelve a tumbar 1 vez."),
            n => format!("{through}; las olas la vuelven a tumbar {n} veces."),
        }
    },
    insight_too_soon: |strategy, clients, budget| {
        let why = if budget { "el presupuesto de reintentos se acaba antes de que la dependencia vuelva y dejan de reintentar" } else { "todos gastan sus intentos antes de que la dependencia vuelva" };
        format!("{strategy}: no pasa ninguno de {}: {why}; sus eventos van a la DLQ.", clientes(clients))
    },
    intro: "Cada cliente necesita una llamada con éxito. La dependencia está caída hasta que vuelve y entonces atiende un número fijo de llamadas por segundo (un token bucket lleno al volver). Si de golpe le llega mucho más de lo que atiende, se vuelve a caer; si descarta el exceso, rechaza esas llamadas y sigue en pie. Los mismos clientes y la misma semilla, con dos estrategias de espera lado a lado.",
    clients: "Clientes",
    recover: "La dependencia vuelve a los",
    capacity: "Capacidad al volver",
    dependency: "Si recibe más de lo que atiende",
    dependency_labels: &["se vuelve a caer (más de 4× su capacidad en 0.1 s la tumba 1 s)", "descarta el exceso y sigue en pie"],
    collapse_mark: "se cae otra vez",
    collapses: "Caídas tras volver",
    back_mark: "vuelve",
    moment_down: |n| format!("La dependencia está caída: los {n} clientes fallan a la vez y esperan su reintento."),
    moment_back: |capacity| format!("La dependencia vuelve: atiende {capacity} llamadas por segundo."),
    moment_collapse: |side, calls, per_s| format!("{side}: llega una ola de {calls} llamadas en 0.1 s ({per_s}/s) y la dependencia se cae otra vez."),
    moment_last: |side, got, n| format!("{side}: el último cliente lo consigue; {got} de {n} en total."),
    strategy_a: "Estrategia, izquierda",
    strategy_b: "Estrategia, derecha",
    base_ms: "Base del backoff",
    attempts: "Tope de intentos (con la primera llamada)",
    budget: "Presupuesto de reintentos (como retryThrottling de gRPC)",
    budget_tokens: "Fichas (maxTokens)",
    budget_ratio: "Devuelve cada éxito (tokenRatio, en % de ficha)",
    breaker: "Circuit breaker",
    breaker_failures: "Fallas seguidas que lo abren",
    breaker_open: "Abierto durante",
    breaker_trials: "Llamadas de prueba al quedar semiabierto",
    strategy_labels: &["inmediato, sin espera", "espera fija (la base)", "exponencial sin jitter", "jitter total", "jitter igual", "jitter decorrelacionado"],
    off_on: &["no", "sí"],
    outcomes: ["con éxito", "sobrecargada: sin ficha", "caída", "fallback del breaker"],
    calls: "Llamadas",
    calls_to_dependency: "Llegaron a la dependencia",
    peak: "Los 100 ms más cargados tras volver, en llamadas por segundo",
    succeeded: "Con éxito",
    exhausted: |n| if n == 1 { "Se agotó su único intento: su evento va a la DLQ".to_owned() } else { format!("Se agotaron los {n} intentos: su evento va a la DLQ") },
    throttled: "Sin presupuesto para reintentar: su evento va a la DLQ",
    fallbacks: "Respondidos por el fallback",
    ended_on_fallback: "Terminaron con el fallback (su último intento)",
    last_success: "Último éxito",
    nobody: "ninguno",
    per_bin: |bin| format!("altura: llamadas por segundo, contadas cada {bin}; sombreado: la dependencia caída"),
    histogram_label: |bin, peak, capacity| format!("Histograma de llamadas cada {bin} por resultado; pico tras volver {peak} por segundo; capacidad {capacity} por segundo."),
    capacity_line: |cap| match cap {
        "1" => "capacidad 1/s (con el cubo lleno, 1 ficha pasa de golpe)".to_owned(),
        _ => format!("capacidad {cap}/s (con el cubo lleno, {cap} fichas pasan de golpe)"),
    },
    lanes_heading: "Algunos clientes, llamada a llamada",
    client: |n| format!("cliente {n}"),
    breaker_states: ["cerrado", "abierto", "semiabierto"],
    breaker_strip: "Estado del breaker",
    breaker_defaults: "Este breaker se abre tras fallas seguidas. Los valores por omisión de resilience4j (abrir con 50 % de fallas en una ventana de 100 llamadas, con al menos 100 llamadas, y quedar abierto 60 s) no alcanzarían a abrirlo en una demostración tan chica.",
    time_axis: "tiempo simulado",
    lessons_heading: "¿Jitter sí o no? Depende de quién reintenta",
    lesson_003_says: "«Confiabilidad a escala»: muchos clientes contra una dependencia compartida. Sin jitter todos reintentan en el mismo instante y cada pico choca con la capacidad; con jitter las llamadas se reparten.",
    lesson_000_says: "«At-least-once es la realidad»: un solo hub que reintenta sus propias entregas. Sin jitter la espera es determinista y un log dice exactamente cuándo tocaba el próximo intento.",
    amplification: |r, l| format!("Reintentar en cada capa multiplica: con {r} reintentos (es decir, {r} + 1 intentos) en cada una de {l} capas, la de abajo recibe hasta ({r} + 1)^{l} llamadas por cada pedido. Reintenta en una sola capa."),
    verdict_budget_cut: "Aquí decide el presupuesto de reintentos, no la ola ni los intentos: los corta mientras la dependencia está caída, antes de que vuelva.",
    verdict_nobody_in_time: |attempts| format!("Vuelve cuando todos ya gastaron {}: no pasa nadie, con o sin jitter. Más intentos o una base más larga estiran la espera hasta después de la vuelta.", sus_intentos(attempts)),
    verdict_sync_too_soon: |attempts, ok| format!("Sin jitter, {} antes de que la dependencia vuelva y no pasa nadie; con jitter los intentos se estiran más allá de la vuelta y pasan {ok}. Aquí decide cuánto se espera antes de rendirse, no la ola.", if attempts == 1 { "el único intento se gasta".to_owned() } else { format!("los {attempts} intentos se gastan") }),
    verdict_nothing_to_fix: |clients, fewer, attempts| match fewer {
        0 => format!("Con {} la dependencia aguanta la ola sincronizada: el jitter no tiene nada que arreglar.", clientes(clients)),
        n => format!("Con {} la dependencia aguanta la ola sincronizada: el jitter no tiene nada que arreglar, y como el jitter total espera en promedio la mitad, {} {} antes de que vuelva.", clientes(clients), more_spend(n), sus_intentos(attempts)),
    },
    verdict_jitter_saves: |spread, fewer, attempts| match (spread, fewer) {
        (0, 0) => "Con jitter las llamadas se reparten y sigue en pie, como dice «Confiabilidad a escala».".to_owned(),
        (0, fewer) => format!("Con jitter sigue en pie, como dice «Confiabilidad a escala», aunque como el jitter total espera en promedio la mitad, {} {} antes de que vuelva.", more_spend(fewer), sus_intentos(attempts)),
        _ => "Con jitter la tumban menos olas y pasan más clientes: repartir las llamadas ayuda, como dice «Confiabilidad a escala».".to_owned(),
    },
    verdict_too_many: |clients, window, per_window, absorbs| format!("Con {} el jitter no alcanza: reparte los reintentos en ventanas de hasta {window}, y ahí siguen cayendo unas {per_window} llamadas cada 100 ms, más de {} que aguanta. Con ventanas más anchas (más base o más intentos) o más capacidad, el jitter vuelve a salvarla.", clientes(clients), if absorbs == 1 { "la única".to_owned() } else { format!("las {absorbs}") }),
    verdict_sheds: |fewer| match fewer {
        0 => "Esta dependencia descarta lo que pasa de su capacidad en vez de caerse: ninguna ola la tumba y el jitter no tiene nada que arreglar.".to_owned(),
        n => format!("Esta dependencia descarta lo que pasa de su capacidad en vez de caerse: ninguna ola la tumba y el jitter no tiene nada que arreglar; con él {}, porque el jitter total espera en promedio la mitad que el exponencial.", if n == 1 { "pasa 1 cliente menos".to_owned() } else { format!("pasan {n} clientes menos") }),
    },
    measured: "Medido por el laboratorio en el escenario por defecto (100 clientes, vuelve a 1 s con 50/s, base 200 ms, 5 intentos; dependencia que se vuelve a caer), semillas 1 a 20: sin jitter la ola la tumba 2 veces y pasan 40 clientes, el último a 3 s; con jitter total ninguna caída y pasan 74 a 88, el último entre 2.2 y 2.6 s. Con la dependencia que descarta el exceso, sin jitter pasan los 100.",
    invalid: "Esta combinación no se puede simular.",
    preset_storm: "100 clientes, 50/s",
    preset_overloaded: "100 clientes, 30/s",
    preset_shedding: "Una dependencia que descarta el exceso",
    preset_budget: "Presupuesto de reintentos",
    preset_breaker: "Circuit breaker",
};

pub static EN: Strings = Strings {
    experiment_storm: "Retry storm",
    heading: "Many clients against a dependency that recovers",
    insight: |strategy, ok, clients, collapses, fallback| {
        let mut through = format!("{strategy}: {} of {} {}", crate::format::int(ok.into()), clients_en(clients), if ok == 1 { "gets through" } else { "get through" });
        if fallback > 0 {
            through += &format!(", {} end on the breaker's fallback", crate::format::int(fallback.into()));
        }
        match collapses {
            0 => format!("{through} and the dependency stays up."),
            1 => format!("{through}; the wave knocks it down again once."),
            n => format!("{through}; the waves knock it down again {n} times."),
        }
    },
    insight_too_soon: |strategy, clients, budget| {
        let why = if budget { "the retry budget runs out before the dependency is back and they stop retrying" } else { "they all spend their attempts before the dependency is back" };
        format!("{strategy}: none of {} gets through: {why}; their events go to the DLQ.", clients_en(clients))
    },
    intro: "Each client needs one successful call. The dependency is down until it comes back, then serves a fixed number of calls per second (a token bucket, full when it returns). If far more than it serves arrives at once, it falls over again; if it sheds the excess, it refuses those calls and stays up. The same clients and the same seed, with two wait strategies side by side.",
    clients: "Clients",
    recover: "The dependency is back at",
    capacity: "Capacity once back",
    dependency: "When it gets more than it serves",
    dependency_labels: &["it falls over again (over 4× its capacity in 0.1 s knocks it down for 1 s)", "it sheds the excess and stays up"],
    collapse_mark: "down again",
    collapses: "Down again after coming back",
    back_mark: "back",
    moment_down: |n| format!("The dependency is down: all {n} clients fail at once and wait for their retry."),
    moment_back: |capacity| format!("The dependency is back: it serves {capacity} calls a second."),
    moment_collapse: |side, calls, per_s| format!("{side}: a wave of {calls} calls in 0.1 s ({per_s}/s) knocks the dependency down again."),
    moment_last: |side, got, n| format!("{side}: the last client gets through; {got} of {n} in all."),
    strategy_a: "Strategy, left",
    strategy_b: "Strategy, right",
    base_ms: "Backoff base",
    attempts: "Attempts at most (first call included)",
    budget: "Retry budget (like gRPC's retryThrottling)",
    budget_tokens: "Tokens (maxTokens)",
    budget_ratio: "Each success gives back (tokenRatio, % of a token)",
    breaker: "Circuit breaker",
    breaker_failures: "Consecutive failures that open it",
    breaker_open: "Open for",
    breaker_trials: "Trial calls when half-open",
    strategy_labels: &["immediate, no wait", "fixed wait (the base)", "exponential, no jitter", "full jitter", "equal jitter", "decorrelated jitter"],
    off_on: &["off", "on"],
    outcomes: ["succeeded", "overloaded: no token", "down", "breaker fallback"],
    calls: "Calls",
    calls_to_dependency: "Reached the dependency",
    peak: "Busiest 100 ms after the recovery, as calls per second",
    succeeded: "Succeeded",
    exhausted: |n| format!("All {n} attempts used up: the event goes to the DLQ"),
    throttled: "No budget left to retry: the event goes to the DLQ",
    fallbacks: "Answered by the fallback",
    ended_on_fallback: "Ended on the fallback (their last attempt)",
    last_success: "Last success",
    nobody: "none",
    per_bin: |bin| format!("height: calls per second, counted every {bin}; shaded: the dependency down"),
    histogram_label: |bin, peak, capacity| format!("Histogram of calls per {bin} by outcome; busiest 100 ms after the recovery {peak} calls per second; capacity {capacity} per second."),
    capacity_line: |cap| match cap {
        "1" => "capacity 1/s (with its bucket full, 1 token passes at once)".to_owned(),
        _ => format!("capacity {cap}/s (with its bucket full, {cap} tokens pass at once)"),
    },
    lanes_heading: "Some clients, call by call",
    client: |n| format!("client {n}"),
    breaker_states: ["closed", "open", "half-open"],
    breaker_strip: "Breaker state",
    breaker_defaults: "This breaker opens after consecutive failures. resilience4j's defaults (open at 50 % failures over a window of 100 calls, with at least 100 calls, and stay open 60 s) could not trip it in a demo this small.",
    time_axis: "simulated time",
    lessons_heading: "Jitter or not? It depends on who retries",
    lesson_003_says: "“Reliability at scale”: many clients against a shared dependency. Without jitter they all retry at the same instant and every spike hits the capacity; with jitter the calls spread out.",
    lesson_000_says: "“At-least-once is reality”: one hub retrying its own deliveries. Without jitter the wait is deterministic, and a log tells exactly when the next attempt was due.",
    amplification: |r, l| format!("Retrying at every layer multiplies: with {r} retries ({r} + 1 attempts) at each of {l} layers, the bottom one gets up to ({r} + 1)^{l} calls for one request. Retry at one layer only."),
    verdict_budget_cut: "What decides here is the retry budget, not the wave or the attempts: it cuts the retries while the dependency is down, before it is back.",
    verdict_nobody_in_time: |attempts| format!("It comes back when everyone has spent {}: nobody gets through, with or without jitter. More attempts or a longer base stretch the wait past its return.", their_attempts(attempts)),
    verdict_sync_too_soon: |attempts, ok| format!("Without jitter, the {attempts} attempts are spent before the dependency is back and nobody gets through; with jitter the attempts stretch past its return and {ok} get through. What decides here is how long clients wait before giving up, not the wave."),
    verdict_nothing_to_fix: |clients, fewer, attempts| match fewer {
        0 => format!("With {} the dependency withstands the synchronized wave: jitter has nothing to fix.", clients_en(clients)),
        n => format!("With {} the dependency withstands the synchronized wave: jitter has nothing to fix, and since full jitter waits half as long on average, {} {} before it is back.", clients_en(clients), more_spend_en(n), their_attempts(attempts)),
    },
    verdict_jitter_saves: |spread, fewer, attempts| match (spread, fewer) {
        (0, 0) => "With jitter the calls spread out and it stays up, as “Reliability at scale” says.".to_owned(),
        (0, fewer) => format!("With jitter it stays up, as “Reliability at scale” says, though since full jitter waits half as long on average, {} {} before it is back.", more_spend_en(fewer), their_attempts(attempts)),
        _ => "With jitter fewer waves knock it down and more clients get through: spreading the calls helps, as “Reliability at scale” says.".to_owned(),
    },
    verdict_too_many: |clients, window, per_window, absorbs| format!("With {} jitter is not enough: it spreads the retries over windows of up to {window}, and about {per_window} calls still land in every 100 ms of them, more than the {absorbs} it absorbs. With wider windows (a longer base or more attempts) or more capacity, jitter saves it again.", clients_en(clients)),
    verdict_sheds: |fewer| match fewer {
        0 => "This dependency sheds what passes its capacity instead of falling: no wave knocks it down and jitter has nothing to fix.".to_owned(),
        n => format!("This dependency sheds what passes its capacity instead of falling: no wave knocks it down and jitter has nothing to fix; with it {}, since full jitter waits half as long as the exponential on average.", if n == 1 { "1 client fewer gets through".to_owned() } else { format!("{n} fewer clients get through") }),
    },
    measured: "Measured by the lab on the default scenario (100 clients, back at 1 s with 50/s, base 200 ms, 5 attempts; a dependency that falls over again), seeds 1 to 20: without jitter the wave knocks it down twice and 40 clients get through, the last at 3 s; with full jitter it never falls and 74 to 88 get through, the last between 2.2 and 2.6 s. With the dependency that sheds the excess, no jitter gets all 100 through.",
    invalid: "This combination cannot be simulated.",
    preset_storm: "100 clients, 50/s",
    preset_overloaded: "100 clients, 30/s",
    preset_shedding: "A dependency that sheds the excess",
    preset_budget: "Retry budget",
    preset_breaker: "Circuit breaker",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}

/// «1 cliente», «100 clientes»: a run may have one client.
fn clientes(n: u32) -> String {
    if n == 1 {
        "1 cliente".into()
    } else {
        format!("{} clientes", crate::format::int(n.into()))
    }
}

fn clients_en(n: u32) -> String {
    if n == 1 {
        "1 client".into()
    } else {
        format!("{} clients", crate::format::int(n.into()))
    }
}

/// «sus 5 intentos», and with one «su único intento» (it said «sus 1 intentos»).
fn sus_intentos(n: u32) -> String {
    if n == 1 {
        "su único intento".into()
    } else {
        format!("sus {n} intentos")
    }
}

fn their_attempts(n: u32) -> String {
    if n == 1 {
        "their only attempt".into()
    } else {
        format!("their {n} attempts")
    }
}

/// How many more clients run out of attempts: «1 cliente más gasta».
fn more_spend(n: u32) -> String {
    if n == 1 {
        "1 cliente más gasta".into()
    } else {
        format!("{n} clientes más gastan")
    }
}

fn more_spend_en(n: u32) -> String {
    if n == 1 {
        "1 more client spends".into()
    } else {
        format!("{n} more clients spend")
    }
}
