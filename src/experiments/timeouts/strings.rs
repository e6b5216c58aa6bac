//! The timeouts experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (A in time, A requests, B in time, B requests).
    pub insight: fn(u64, u64, u64, u64) -> String,
    pub deadline: &'static str,
    pub timeout: &'static str,
    pub slow: &'static str,
    pub fast: &'static str,
    pub rate_slow: &'static str,
    pub rate_fast: &'static str,
    pub workers: &'static str,
    pub pools: &'static str,
    pub pool_labels: &'static [&'static str],
    pub window: &'static str,
    pub dependencies: [&'static str; 2],
    pub requests: &'static str,
    pub in_time: &'static str,
    pub timed_out: &'static str,
    pub too_late: &'static str,
    pub rejected: &'static str,
    pub wasted: &'static str,
    pub rule_broken: &'static str,
    pub rule_kept: &'static str,
    /// The rule broken, with no call past the deadline in this run.
    pub rule_unpaid: &'static str,
    pub rule_too_short: &'static str,
    pub chart_label: fn(&str) -> String,
    pub busy: [&'static str; 2],
    /// Over the pool's chart, one call to A on a log axis of milliseconds:
    /// its heading, and the caller's deadline (its time) and A's answer.
    pub call_heading: &'static str,
    pub call_deadline: fn(&str) -> String,
    pub call_answer: &'static str,
    /// The scene's moments: the pool of (workers) starts serving; (a
    /// dependency)'s first request refused, (workers held by A).
    pub moment_start: fn(u32) -> String,
    pub moment_full: fn(&str, u32) -> String,
    /// The run's end: each dependency's requests answered in time, of all.
    pub moment_end: fn([(u64, u64); 2]) -> String,
    pub preset_shared: &'static str,
    pub preset_bulkheads: &'static str,
    pub preset_short: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Timeouts y bulkheads",
    heading: "Un llamador con plazo, una dependencia lenta y un pool de workers",
    intro: "Cada petición ocupa un worker mientras dura la llamada, cortada por su timeout. Quien llama espera hasta su plazo y luego se va; si el timeout no es menor que ese plazo, el trabajo sigue cuando ya nadie lo espera. Con el pool compartido, la dependencia lenta acapara los workers de la sana.",
    insight: |a_in, a_all, b_in, b_all| format!("A, la lenta: {a_in} de {a_all} peticiones respondidas a tiempo; B, la sana: {b_in} de {b_all}."),
    deadline: "Plazo del llamador",
    timeout: "Timeout de la llamada",
    slow: "Latencia de A (la lenta)",
    fast: "Latencia de B (la sana)",
    rate_slow: "Peticiones a A",
    rate_fast: "Peticiones a B",
    workers: "Workers",
    pools: "Pool",
    pool_labels: &["compartido por A y B", "bulkheads: mitad y mitad"],
    window: "Durante",
    dependencies: ["A, la lenta", "B, la sana"],
    call_heading: "Una llamada a A: el worker queda ocupado hasta la respuesta o el timeout",
    call_deadline: |ms| format!("el llamador se va: {ms}"),
    call_answer: "A respondería aquí",
    requests: "Peticiones",
    in_time: "Respondidas a tiempo",
    timed_out: "Cortadas por el timeout",
    too_late: "Respondidas cuando nadie esperaba",
    rejected: "Sin worker libre",
    wasted: "Trabajo desperdiciado (worker·s)",
    rule_broken: "El timeout no es menor que el plazo del llamador: el trabajo sigue cuando ya nadie lo espera.",
    rule_kept: "El timeout es menor que el plazo del llamador: nadie trabaja para quien ya se fue.",
    rule_unpaid: "El timeout no es menor que el plazo del llamador, pero en esta corrida ninguna llamada pasa del plazo: nadie trabajó para quien ya se fue.",
    rule_too_short: "El timeout corta hasta las respuestas de la dependencia sana: nadie trabaja para quien ya se fue, pero nadie recibe respuesta.",
    chart_label: |workers| format!("Workers ocupados por A y por B cada 100 ms, de {workers}."),
    moment_start: |workers| format!("Llegan peticiones para A y para B; {workers} workers las atienden."),
    moment_full: |dep, a| format!("{dep}: primera petición rechazada, no queda ningún worker libre ({a} esperan a A)."),
    moment_end: |[(a, of_a), (b, of_b)]| {
        let n = crate::format::int;
        format!("Fin: A respondió a tiempo {} de {} peticiones; B, {} de {}.", n(a), n(of_a), n(b), n(of_b))
    },
    busy: ["ocupados por A", "ocupados por B"],
    preset_shared: "Pool compartido, timeout largo",
    preset_bulkheads: "Bulkheads",
    preset_short: "Timeout menor que el plazo",
};

pub static EN: Strings = Strings {
    experiment: "Timeouts and bulkheads",
    heading: "A caller with a deadline, a slow dependency and a worker pool",
    intro: "Each request holds a worker while its call lasts, cut by its timeout. The caller waits until its deadline and then leaves; when the timeout is not shorter than that deadline, the work goes on after nobody waits for it. With a shared pool, the slow dependency takes the healthy one's workers.",
    insight: |a_in, a_all, b_in, b_all| format!("A, the slow one: {a_in} of {a_all} requests answered in time; B, the healthy one: {b_in} of {b_all}."),
    deadline: "Caller's deadline",
    timeout: "Call timeout",
    slow: "Latency of A (the slow one)",
    fast: "Latency of B (the healthy one)",
    rate_slow: "Requests to A",
    rate_fast: "Requests to B",
    workers: "Workers",
    pools: "Pool",
    pool_labels: &["shared by A and B", "bulkheads: half each"],
    window: "For",
    dependencies: ["A, the slow one", "B, the healthy one"],
    call_heading: "One call to A: the worker is held until the answer or the timeout",
    call_deadline: |ms| format!("the caller leaves: {ms}"),
    call_answer: "A would answer here",
    requests: "Requests",
    in_time: "Answered in time",
    timed_out: "Cut by the timeout",
    too_late: "Answered when nobody waited",
    rejected: "No free worker",
    wasted: "Wasted work (worker·s)",
    rule_broken: "The timeout is not shorter than the caller's deadline: work goes on after nobody waits for it.",
    rule_kept: "The timeout is shorter than the caller's deadline: nobody works for a caller who has left.",
    rule_unpaid: "The timeout is not shorter than the caller's deadline, but in this run no call outlasts the deadline: nobody worked for a caller who had left.",
    rule_too_short: "The timeout cuts even the healthy dependency's answers: nobody works for a caller who has left, but nobody gets an answer either.",
    chart_label: |workers| format!("Workers busy with A and with B every 100 ms, out of {workers}."),
    moment_start: |workers| format!("Requests for A and for B arrive; {workers} workers serve them."),
    moment_full: |dep, a| format!("{dep}: first request refused, no worker is free ({a} are waiting on A)."),
    moment_end: |[(a, of_a), (b, of_b)]| {
        let n = crate::format::int;
        format!("End: A answered {} of {} requests in time; B, {} of {}.", n(a), n(of_a), n(b), n(of_b))
    },
    busy: ["busy with A", "busy with B"],
    preset_shared: "Shared pool, long timeout",
    preset_bulkheads: "Bulkheads",
    preset_short: "Timeout below the deadline",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
