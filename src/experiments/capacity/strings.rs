//! The capacity experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: the deepest queue, the newest item's wait there,
    /// and when it drains, counted from what made it (`super::Drain`).
    pub insight: fn(&str, &str, Option<(super::Drain, &str)>) -> String,
    /// A wait past SQS's default retention: (the deepest queue, the longest wait).
    pub past_retention: fn(&str, &str) -> String,
    pub mean: &'static str,
    pub peak: &'static str,
    pub peak_s: &'static str,
    pub down_s: &'static str,
    pub workers: &'static str,
    pub per_worker: &'static str,
    pub promise: &'static str,
    pub sync_workers: &'static str,
    pub service: &'static str,
    pub deepest: &'static str,
    pub newest_wait: &'static str,
    pub oldest_age: &'static str,
    /// The clock's instant it empties, and that instant as said under it
    /// («a las 2 h 47 min»: the article agrees with the duration).
    pub drained: &'static str,
    pub drained_at: fn(&str) -> String,
    pub drain_after_back: &'static str,
    pub never: &'static str,
    pub after_day: &'static str,
    pub promise_kept: &'static str,
    /// The longest wait, over the promise (None: nothing is ever served).
    pub promise_broken: fn(Option<&str>) -> String,
    pub chart_label: &'static str,
    /// The y-axis's unit, after its top value.
    pub y_unit: &'static str,
    /// Written on the chart at the queue's deepest point.
    pub peak_note: fn(&str) -> String,
    /// The scene's moments: the workers down (arrivals), back (service).
    pub moment_down: fn(&str) -> String,
    pub moment_back: fn(&str) -> String,
    /// What arrives against the service (the phase: 0 a steady rate, 1
    /// the peak starts, 2 it ends; what arrives; what the workers process; what the queue does then).
    pub moment_rates: fn(u8, &str, &str, std::cmp::Ordering) -> String,
    /// The deepest point: (depth, the newest's wait).
    /// (the depth, the newest's wait; None: it is never served).
    pub moment_deepest: fn(&str, Option<&str>) -> String,
    pub moment_drained: &'static str,
    pub promise_line: fn(&str, &str) -> String,
    pub little_heading: &'static str,
    pub little_waiting: &'static str,
    pub little_rate: &'static str,
    pub little_result: &'static str,
    pub keda_heading: &'static str,
    pub keda_intro: &'static str,
    pub keda_messages: &'static str,
    pub keda_queue_length: &'static str,
    pub keda_job: &'static str,
    pub keda_max: &'static str,
    pub keda_wanted: &'static str,
    pub keda_running: &'static str,
    pub keda_last_wait: &'static str,
    /// The last one's wait against the promise, and the promise.
    pub keda_promise: fn(std::cmp::Ordering, &str) -> String,
    /// Which process the scene plays: the peak's rates, or exercise 7's burst.
    pub scene: &'static str,
    pub scene_labels: &'static [&'static str],
    /// The burst's scene: one row per worker, its jobs one after another.
    pub keda_chart_label: &'static str,
    /// Its moments: (messages, workers asked for, running) at 0; at the
    /// promise, (the promise, messages not done); (when, rounds, a job).
    pub moment_burst: fn(&str, &str, &str) -> String,
    pub moment_promise: fn(&str, &str) -> String,
    /// Between them, what is not done yet.
    pub moment_left: fn(&str) -> String,
    pub moment_last: fn(&str, &str, &str) -> String,
    /// Written on the chart at the promise's line.
    pub keda_promise_note: fn(&str) -> String,
    pub preset_c01: &'static str,
    /// C01's day as rates: (photos a day, the mean a second, the peak's
    /// factor, the peak, the peak as the lesson rounds it).
    pub c01_derivation: fn(&str, u64, u64, u64, u64) -> String,
    pub preset_day: &'static str,
    pub preset_4: &'static str,
    pub preset_6: &'static str,
    pub preset_6_slow: &'static str,
    pub preset_7: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Capacidad",
    heading: "Capacidad: picos, backlogs y autoescalado",
    intro: "Llega un ritmo medio con un pico al principio, y los workers sirven a su ritmo (o están caídos un rato). Lo que entra y no sale espera en la cola: el área es su profundidad. La espera del último en llegar es lo que tiene delante ÷ lo que sale por segundo, y la cola solo baja con capacidad de sobra.",
    insight: |deepest, wait, drain| {
        let noun = if deepest == "1" { "mensaje" } else { "mensajes" };
        match drain {
            _ if deepest == "0" => "Los workers dan abasto: no se forma cola.".to_owned(),
            Some((super::Drain::AfterWorkers, time)) => format!("La cola llega a {deepest} {noun} (el último espera {wait}) y se vacía {time} después de que vuelven los workers: la cola absorbe el atraso."),
            Some((super::Drain::AfterPeak, time)) => format!("La cola llega a {deepest} {noun} al terminar el pico (el último espera {wait}) y se vacía {time} después: la cola absorbe el pico."),
            Some((super::Drain::FromStart, time)) => format!("La cola llega a {deepest} {noun} (el último espera {wait}) y se vacía {}.", crate::format::a_los(time)),
            None => format!("La cola llega a {deepest} {noun} y no se vacía: le falta capacidad, no espacio."),
        }
    },
    past_retention: |deepest, wait| format!("La cola llega a {deepest} mensajes y hay uno que espera {wait}: más que los 4 días que SQS guarda un mensaje por omisión (14 como máximo). Lo borraría sin procesarlo: esta cola no absorbe el pico, pierde mensajes."),
    mean: "Llegan (ritmo medio)",
    peak: "Durante el pico llegan",
    peak_s: "El pico dura",
    down_s: "Workers caídos al principio",
    workers: "Workers",
    per_worker: "Cada worker procesa",
    promise: "Promesa (espera máxima)",
    sync_workers: "Workers sin cola (síncrono)",
    service: "Salen",
    deepest: "Cola más profunda",
    newest_wait: "Espera del último, en lo más profundo",
    oldest_age: "Edad del más viejo, ahí",
    drained: "En el reloj, se vacía",
    drained_at: crate::format::a_los,
    drain_after_back: "Vuelven los workers y se vacía en",
    never: "nunca",
    after_day: "Al final del gráfico esperan",
    promise_kept: "La promesa se cumple.",
    promise_broken: |w| match w {
        Some(w) => format!("La promesa no se cumple: hay un mensaje que espera {w}."),
        None => "La promesa no se cumple: sin servicio, nadie sale de la fila.".into(),
    },
    chart_label: "La profundidad de la cola a lo largo del tiempo, con la profundidad a la que el último en llegar espera justo la promesa.",
    y_unit: "mensajes en la cola",
    peak_note: |depth| format!("máximo: {depth} en cola"),
    moment_down: |rate| format!("Los workers caen: llegan {rate}/s y nadie los procesa."),
    moment_back: |rate| format!("Vuelven los workers: procesan {rate}/s y la cola empieza a bajar."),
    moment_rates: |phase, rate, service, against| {
        format!(
            "{} {rate}/s y los workers procesan {service}/s; la cola {}.",
            ["Llegan", "El pico: llegan", "Termina el pico: llegan"][usize::from(phase.min(2))],
            match against {
                std::cmp::Ordering::Greater => "crece",
                std::cmp::Ordering::Equal => "no cambia",
                std::cmp::Ordering::Less => "baja",
            }
        )
    },
    moment_deepest: |depth, wait| match wait {
        Some(wait) => format!("Lo más hondo: {depth} en cola; el último en llegar espera {wait}."),
        None => format!("Lo más hondo: {depth} en cola, y no sale ninguno."),
    },
    moment_drained: "La cola vuelve a estar vacía.",
    promise_line: |promise, depth| format!("Línea discontinua: con {depth} en cola, el último en llegar espera justo la promesa ({promise})."),
    little_heading: "Ley de Little",
    little_waiting: "Esperando",
    little_rate: "Salen por hora",
    little_result: "Espera = lo que hay adentro ÷ lo que sale",
    keda_heading: "Autoescalado por largo de cola (KEDA)",
    keda_intro: "El escalador pide un worker por cada queueLength mensajes en cola, hasta un máximo; llegan todos a la vez.",
    keda_messages: "Mensajes que llegan a la vez",
    keda_queue_length: "queueLength (mensajes por worker)",
    keda_job: "Cada trabajo tarda",
    keda_max: "Máximo de workers",
    keda_wanted: "Workers que pide",
    keda_running: "Workers que corren",
    keda_last_wait: "Espera del último",
    keda_promise: |wait, promise| match wait {
        std::cmp::Ordering::Less => format!("El último espera menos que la promesa ({promise})."),
        std::cmp::Ordering::Equal => format!("El último espera justo la promesa ({promise}): se cumple sin margen."),
        std::cmp::Ordering::Greater => format!("El último espera más que la promesa ({promise}): con ese máximo de workers, no se cumple."),
    },
    scene: "Escena",
    scene_labels: &["Un pico de llegadas (C01)", "Una ráfaga con KEDA (ejercicio 7)"],
    keda_chart_label: "Una fila por worker que KEDA pide, con sus trabajos uno tras otro; las vacías, sobre el máximo, no arrancan.",
    moment_burst: |messages, wanted, running| format!("Llegan {messages} mensajes de golpe: KEDA pide {wanted} workers y corren {running}."),
    moment_promise: |promise, left| format!("Vence la promesa ({promise}) y quedan {left} sin terminar."),
    moment_left: |left| format!("Quedan {left} sin terminar."),
    moment_last: |at, rounds, job| {
        let noun = if rounds == "1" { "ronda" } else { "rondas" };
        format!("Termina el último {}: {rounds} {noun} de {job}.", crate::format::a_los(at))
    },
    keda_promise_note: |promise| format!("promesa: {promise}"),
    preset_c01: "C01: pico de 350/s una hora, 10 workers",
    c01_derivation: |day, mean, factor, peak, rounded| format!("C01: {day} de fotos al día ÷ 86,400 s ≈ {mean} por segundo en promedio; × {factor} en la hora pico = {peak} ≈ {rounded} por segundo."),
    preset_day: "C01: entran 116/s y salen 100/s, un día",
    preset_4: "Ejercicio 4: 85 esperando, 170 por hora",
    preset_6: "Ejercicio 6: 20 minutos caído, luego 200/s",
    preset_6_slow: "Ejercicio 6 con 60/s",
    preset_7: "Ejercicio 7: 400 a la vez, queueLength 15, 8 workers",
};

pub static EN: Strings = Strings {
    experiment: "Capacity",
    heading: "Capacity: peaks, backlogs and autoscaling",
    intro: "A mean rate arrives with a peak at the start, and the workers serve at their rate (or are down for a while). What comes in and does not go out waits in the queue: the area is its depth. The newest item's wait is what is ahead of it ÷ what leaves per second, and the queue only shrinks with spare capacity.",
    insight: |deepest, wait, drain| {
        let noun = if deepest == "1" { "message" } else { "messages" };
        match drain {
            _ if deepest == "0" => "The workers keep up: no queue forms.".to_owned(),
            Some((super::Drain::AfterWorkers, time)) => format!("The queue reaches {deepest} {noun} (the newest waits {wait}) and drains {time} after the workers are back: the queue absorbs the backlog."),
            Some((super::Drain::AfterPeak, time)) => format!("The queue reaches {deepest} {noun} as the peak ends (the newest waits {wait}) and drains {time} later: the queue absorbs the peak."),
            Some((super::Drain::FromStart, time)) => format!("The queue reaches {deepest} {noun} (the newest waits {wait}) and is empty at {time}."),
            None => format!("The queue reaches {deepest} {noun} and never drains: it lacks capacity, not room."),
        }
    },
    past_retention: |deepest, wait| format!("The queue reaches {deepest} messages and one of them waits {wait}: longer than the 4 days SQS keeps a message by default (14 at most). It would be deleted unprocessed: this queue does not absorb the peak, it loses messages."),
    mean: "Arriving (mean rate)",
    peak: "Arriving during the peak",
    peak_s: "The peak lasts",
    down_s: "Workers down at the start",
    workers: "Workers",
    per_worker: "Each worker processes",
    promise: "Promise (longest wait)",
    sync_workers: "Workers without a queue (synchronous)",
    service: "Leaving",
    deepest: "Deepest queue",
    newest_wait: "The newest item's wait, at the deepest",
    oldest_age: "How long the oldest has waited by then",
    drained: "On the clock, it empties",
    drained_at: |at| format!("at {at}"),
    drain_after_back: "Once the workers are back, it empties in",
    never: "never",
    after_day: "Waiting at the chart's end",
    promise_kept: "The promise holds.",
    promise_broken: |w| match w {
        Some(w) => format!("The promise fails: a message waits {w}."),
        None => "The promise fails: with no service, nothing leaves the queue.".into(),
    },
    chart_label: "The queue's depth over time, with the depth at which the newest item waits exactly the promise.",
    y_unit: "messages in the queue",
    peak_note: |depth| format!("deepest: {depth} queued"),
    moment_down: |rate| format!("The workers go down: {rate}/s arrive and nobody processes them."),
    moment_back: |rate| format!("The workers are back: {rate}/s processed, the queue starts to fall."),
    moment_rates: |phase, rate, service, against| {
        format!(
            "{}{rate}/s arrive and the workers process {service}/s; the queue {}.",
            ["", "The peak: ", "The peak ends: "][usize::from(phase.min(2))],
            match against {
                std::cmp::Ordering::Greater => "grows",
                std::cmp::Ordering::Equal => "holds",
                std::cmp::Ordering::Less => "falls",
            }
        )
    },
    moment_deepest: |depth, wait| match wait {
        Some(wait) => format!("Deepest: {depth} queued; the newest to arrive waits {wait}."),
        None => format!("Deepest: {depth} queued, and none gets out."),
    },
    moment_drained: "The queue is empty again.",
    promise_line: |promise, depth| format!("Dashed line: with {depth} waiting, the newest item waits exactly the promise ({promise})."),
    little_heading: "Little's law",
    little_waiting: "Waiting",
    little_rate: "Leaving per hour",
    little_result: "Wait = what is inside ÷ what leaves",
    keda_heading: "Autoscaling on queue length (KEDA)",
    keda_intro: "The scaler asks for one worker per queueLength messages waiting, up to a maximum; they all arrive at once.",
    keda_messages: "Messages arriving at once",
    keda_queue_length: "queueLength (messages per worker)",
    keda_job: "Each job takes",
    keda_max: "Most workers",
    keda_wanted: "Workers it asks for",
    keda_running: "Workers running",
    keda_last_wait: "The last one's wait",
    keda_promise: |wait, promise| match wait {
        std::cmp::Ordering::Less => format!("The last one waits less than the promise ({promise})."),
        std::cmp::Ordering::Equal => format!("The last one waits exactly the promise ({promise}): kept with no margin."),
        std::cmp::Ordering::Greater => format!("The last one waits longer than the promise ({promise}): with at most that many workers, it is not kept."),
    },
    scene: "Scene",
    scene_labels: &["A peak of arrivals (C01)", "A burst with KEDA (exercise 7)"],
    keda_chart_label: "One row per worker KEDA asks for, its jobs one after another; the empty ones, over the maximum, never start.",
    moment_burst: |messages, wanted, running| format!("{messages} messages arrive at once: KEDA asks for {wanted} workers and {running} run."),
    moment_promise: |promise, left| format!("The promise ({promise}) runs out with {left} not yet done."),
    moment_left: |left| format!("{left} not yet done."),
    moment_last: |at, rounds, job| {
        let noun = if rounds == "1" { "round" } else { "rounds" };
        format!("The last one is done at {at}: {rounds} {noun} of {job}.")
    },
    keda_promise_note: |promise| format!("promise: {promise}"),
    preset_c01: "C01: a 350/s peak for an hour, 10 workers",
    c01_derivation: |day, mean, factor, peak, rounded| format!("C01: {day} photos a day ÷ 86,400 s ≈ {mean} a second on average; × {factor} in the peak hour = {peak} ≈ {rounded} a second."),
    preset_day: "C01: 116/s in, 100/s out, for a day",
    preset_4: "Exercise 4: 85 waiting, 170 an hour",
    preset_6: "Exercise 6: down 20 minutes, then 200/s",
    preset_6_slow: "Exercise 6 at 60/s",
    preset_7: "Exercise 7: 400 at once, queueLength 15, 8 workers",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
