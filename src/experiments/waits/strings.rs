//! The «¿alguien espera?» experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (job, failed synchronous calls, the queue's last
    /// job done, the worst wait for the queue's result, the caller's timeout
    /// when that wait outlives it).
    pub insight: fn(&str, u32, &str, &str, Option<&str>) -> String,
    pub job: &'static str,
    pub down_from: &'static str,
    pub down_to: &'static str,
    pub workers: &'static str,
    pub timeout: &'static str,
    pub poll: &'static str,
    /// The four rows: synchronous, the queue, the stream's two groups.
    pub lanes: [&'static str; 4],
    pub chart_label: &'static str,
    /// The scene's moments: the requests start (the job's length), the
    /// workers fall, the first synchronous caller gives up (its timeout),
    /// the workers are back, the queue's last job is done.
    pub moment_start: fn(&str) -> String,
    pub moment_down: &'static str,
    pub moment_sync_fails: fn(&str) -> String,
    pub moment_back: &'static str,
    pub moment_queue_done: &'static str,
    pub legend: [&'static str; 4],
    pub result_wait: &'static str,
    pub sync_failed: &'static str,
    pub sync_wait: &'static str,
    pub queue_accept: &'static str,
    pub queue_seen: &'static str,
    pub queue_last: &'static str,
    pub preset_pdf: &'static str,
    pub preset_ana: &'static str,
    /// «Colas y streams»' exercise 1: four jobs to sort, each answered on demand.
    pub exercise_1: &'static str,
    pub exercise_1_ask: &'static str,
    pub exercise_1_show: &'static str,
    pub exercise_1_cases: [(&'static str, &'static str); 4],
}

pub static ES: Strings = Strings {
    experiment: "¿Alguien espera?",
    heading: "El mismo trabajo: síncrono, con una cola de trabajos o como stream",
    intro: "La primera pregunta de diseño: ¿hay alguien detenido hasta tener el resultado? Llegan 20 requests, una por segundo. Síncrono, el que pide espera a un worker y, si no hay, cae a su fallback. Con una cola de trabajos, la API responde 202 Accepted en 10 ms y un worker lo hace después; quien quiera el resultado pregunta cada tanto. En un stream, cada grupo de consumidores lee todos los eventos a su ritmo: aquí la búsqueda comparte la caída de los workers y la analítica no.",
    insight: |job, failed, last, seen, outlives| {
        // Ana's request lives 300 ms: a result 1 s later is no use to her.
        let late = outlives.map(|timeout| format!(": más que los {timeout} que vive la request, ya nadie lo espera")).unwrap_or_default();
        format!("Síncrono: espera {job} y fallan {failed} de 20. Cola: ninguna perdida, la última {}, el resultado hasta {seen} después{late}.", crate::format::a_los(last))
    },
    job: "Cada trabajo tarda",
    down_from: "Los workers se caen a los",
    down_to: "Los workers vuelven a los",
    workers: "Workers",
    timeout: "Timeout de quien llama",
    poll: "Quien espera el resultado pregunta cada",
    lanes: ["Síncrono: el que pide espera", "Cola de trabajos", "Stream · búsqueda", "Stream · analítica"],
    chart_label: "Cuatro filas en el tiempo: cuánto espera cada request síncrona o si falla, y cuándo termina cada trabajo en la cola y en cada grupo del stream; la caída de los workers sombreada.",
    legend: ["el que pide espera", "falla (fallback)", "trabajo hecho", "workers caídos"],
    moment_start: |job| format!("Llega una request por segundo; cada trabajo tarda {job}."),
    moment_down: "Los workers se caen: el síncrono no tiene quién atienda; la cola guarda lo que llega.",
    moment_sync_fails: |timeout| format!("El primero que pide en síncrono se rinde tras {timeout} y cae a su fallback."),
    moment_back: "Los workers vuelven: la cola entrega lo que guardó.",
    moment_queue_done: "La cola termina su último trabajo: ninguna request perdida.",
    result_wait: "quien quiere el resultado espera (sondeo)",
    sync_failed: "Requests síncronas que fallan",
    sync_wait: "Espera síncrona",
    queue_accept: "Respuesta de la cola (202)",
    queue_seen: "Peor espera por el resultado",
    queue_last: "Último trabajo de la cola",
    preset_pdf: "Un PDF de 2 s, workers caídos de 5 a 12 s",
    preset_ana: "La request de Ana: 50 ms, 300 ms de vida, nadie caído",
    exercise_1: "Ejercicio 1 de «Colas y streams»",
    exercise_1_ask: "¿Síncrono, cola de trabajos o stream? Decide antes de abrir cada respuesta.",
    exercise_1_show: "Ver la respuesta",
    exercise_1_cases: [
        ("(a) Elegir la categoría de los tenis que Ana está publicando.", "Síncrono: Ana sigue en el formulario mirando la pantalla."),
        ("(b) Pasar a texto una grabación de una hora.", "Cola de trabajos: lleva minutos y nadie la mira; la API contesta 202 y un worker la hace después."),
        ("(c) Avisar de cada venta al índice, al data lake y al monitoreo.", "Stream: tres lectores del mismo evento, cada uno a su paso; en una cola, el primero que confirma se lo lleva."),
        ("(d) Escribirle a un vendedor «tu publicación tiene 20 vistas».", "Cola de trabajos: cada correo es un trabajo que toma algún worker; el consumidor, idempotente, evita que el vendedor lo reciba repetido."),
    ],
};

pub static EN: Strings = Strings {
    experiment: "Does anyone wait?",
    heading: "The same work: synchronous, through a job queue or as a stream",
    intro: "The first design question: does anyone wait for the answer before going on? 20 requests arrive, one a second. Synchronously, the caller waits for a worker and, if there is none, falls back. With a job queue, the API answers 202 Accepted in 10 ms and a worker does it later; whoever wants the result asks now and then. In a stream, each consumer group reads every event at its own pace: here search shares the workers' outage and analytics does not.",
    insight: |job, failed, last, seen, outlives| {
        let late = outlives.map(|timeout| format!(": longer than the {timeout} the request lives, nobody is waiting any more")).unwrap_or_default();
        format!("Synchronous: waits {job}, {failed} of 20 fail. Queue: none lost, the last at {last}, the result up to {seen} later{late}.")
    },
    job: "Each job takes",
    down_from: "The workers go down at",
    down_to: "The workers are back at",
    workers: "Workers",
    timeout: "The caller's timeout",
    poll: "Whoever waits for the result asks every",
    lanes: ["Synchronous: the caller waits", "Job queue", "Stream · search", "Stream · analytics"],
    chart_label: "Four rows over time: how long each synchronous request waits or whether it fails, and when each job ends in the queue and in each of the stream's groups; the workers' outage shaded.",
    legend: ["the caller waits", "fails (fallback)", "job done", "workers down"],
    moment_start: |job| format!("One request arrives a second; each job takes {job}."),
    moment_down: "The workers go down: the synchronous caller has nobody to serve it; the queue keeps what arrives.",
    moment_sync_fails: |timeout| format!("The first synchronous caller gives up after {timeout} and falls back."),
    moment_back: "The workers are back: the queue hands out what it kept.",
    moment_queue_done: "The queue finishes its last job: no request lost.",
    result_wait: "whoever wants the result waits (polling)",
    sync_failed: "Synchronous requests that fail",
    sync_wait: "Synchronous wait",
    queue_accept: "Queue response (202)",
    queue_seen: "Worst wait for the result",
    queue_last: "The queue's last job",
    preset_pdf: "A 2 s PDF, workers down from 5 to 12 s",
    preset_ana: "Ana's request: 50 ms, 300 ms to live, nothing down",
    exercise_1: "Exercise 1 of “Queues and streams”",
    exercise_1_ask: "Synchronous, a job queue or a stream? Decide before opening each answer.",
    exercise_1_show: "Show the answer",
    exercise_1_cases: [
        ("(a) Choosing the category of the sneakers Ana is listing.", "Synchronous: Ana is still on the form, looking at the screen."),
        ("(b) Turning an hour-long recording into text.", "A job queue: it takes minutes and nobody is watching; the API answers 202 and a worker does it later."),
        ("(c) Telling the index, the data lake and monitoring about every sale.", "A stream: three readers of one event, each at its own pace; in a queue, the first to ack takes it away."),
        ("(d) Writing to a seller «your listing has 20 views».", "A job queue: one email per job, shared among workers, with an idempotent consumer so it is not sent twice."),
    ],
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
