//! The competing-consumers experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (workers, when all are done, speed-up, lost).
    pub insight: fn(u32, &str, &str, u64) -> String,
    /// All done later than one worker alone would be: (workers, when, one alone's time).
    pub insight_later: fn(u32, &str, &str) -> String,
    /// After a broker's restart: the jobs it had half done, back when their visibility timeout runs out.
    pub again: fn(u64, &str) -> String,
    /// The scene's moments: (workers) take (jobs) from one queue; the
    /// restart [in memory, on a broker]; the last job done.
    pub moment_start: fn(u32, u32) -> String,
    pub moment_restart: [&'static str; 2],
    pub moment_done: &'static str,
    pub jobs: &'static str,
    pub job_ms: &'static str,
    pub workers: &'static str,
    pub queue: &'static str,
    pub queue_labels: &'static [&'static str],
    pub restart: &'static str,
    pub done_at: &'static str,
    pub speedup: &'static str,
    pub done: &'static str,
    pub repeated: &'static str,
    pub lost: &'static str,
    pub never: &'static str,
    pub chart_label: &'static str,
    pub worker_row: fn(u32) -> String,
    pub rows_more: fn(u32) -> String,
    pub preset_lesson: &'static str,
    pub preset_pdf: &'static str,
    pub preset_memory: &'static str,
    pub preset_broker: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Consumidores en competencia",
    heading: "Varios workers sobre una misma cola",
    intro: "Cada mensaje lo toma un solo worker; con más workers la cola se vacía antes. Si la cola vive en la memoria del proceso, reiniciarlo pierde lo que esperaba; un broker lo conserva y lo que estaba en curso reaparece al vencer su plazo.",
    moment_start: |workers, jobs| match (workers, jobs) {
        (1, 1) => "Un worker toma 1 trabajo de la cola.".to_owned(),
        (1, _) => format!("Un worker toma {jobs} trabajos de la cola, de a uno."),
        (_, 1) => format!("{workers} workers esperan en una misma cola con 1 trabajo: lo toma uno."),
        _ => format!("{workers} workers toman {jobs} trabajos de una misma cola: cada uno, de a uno."),
    },
    moment_restart: ["El proceso se reinicia: la cola en memoria se pierde con lo que esperaba.", "El proceso se reinicia: el broker guarda la cola y los trabajos siguen."],
    moment_done: "Termina el último trabajo.",
    insight: |workers, done_at, speedup, lost| match (workers, lost) {
        (1, 0) => format!("Un solo worker sobre la cola: todo hecho {}; súmale workers y mira cuánto antes termina.", crate::format::a_los(done_at)),
        (_, 0) => format!("{workers} workers sobre la misma cola: todo hecho {}, {speedup} más rápido que uno solo.", crate::format::a_los(done_at)),
        (_, n) => format!("{workers} {} sobre la misma cola: el reinicio pierde {n} mensajes que solo estaban en memoria.", if workers == 1 { "worker" } else { "workers" }),
    },
    insight_later: |workers, done_at, alone| format!("{workers} workers sobre la misma cola: todo hecho {}, más tarde que uno solo sin reinicio ({alone}).", crate::format::a_los(done_at)),
    again: |n, visibility| format!(" El reinicio deja {n} trabajos a medias: el broker los entrega otra vez cuando vence su visibility timeout de {visibility}, y el final espera ese plazo."),
    jobs: "Trabajos",
    job_ms: "Duración de cada uno",
    workers: "Workers",
    queue: "La cola vive en",
    queue_labels: &["un broker", "la memoria del proceso"],
    restart: "El proceso se reinicia a los (0: nunca)",
    done_at: "Último trabajo terminado",
    speedup: "Veces más rápido que un worker",
    done: "Hechos",
    repeated: "Repetidos",
    lost: "Perdidos",
    never: "nunca",
    chart_label: "Una fila por worker; cada barra es un trabajo.",
    worker_row: |n| format!("worker {n}"),
    rows_more: |n| format!("y {n} workers más."),
    preset_lesson: "12 trabajos de 0.1 s, 4 workers",
    preset_pdf: "Un PDF de 200 páginas, 20 workers",
    preset_memory: "Reinicio con la cola en memoria",
    preset_broker: "Reinicio con un broker",
};

pub static EN: Strings = Strings {
    experiment: "Competing consumers",
    heading: "Several workers on one queue",
    intro: "Each message goes to one worker only; with more workers the queue empties sooner. If the queue lives in the process's memory, restarting the process loses what was waiting; a broker keeps it, and what was in progress shows again when its deadline passes.",
    moment_start: |workers, jobs| match (workers, jobs) {
        (1, 1) => "A worker takes 1 job from the queue.".to_owned(),
        (1, _) => format!("A worker takes {jobs} jobs from the queue, one at a time."),
        (_, 1) => format!("{workers} workers wait on one queue with 1 job: one of them takes it."),
        _ => format!("{workers} workers take {jobs} jobs from one queue: each, one at a time."),
    },
    moment_restart: ["The process restarts: the in-memory queue is lost with what was waiting.", "The process restarts: the broker keeps the queue and the jobs go on."],
    moment_done: "The last job is done.",
    insight: |workers, done_at, speedup, lost| match (workers, lost) {
        (1, 0) => format!("A single worker on the queue: everything done at {done_at}; add workers and see how much sooner it ends."),
        (_, 0) => format!("{workers} workers on the same queue: everything done at {done_at}, {speedup} faster than one alone."),
        (_, n) => format!("{workers} {} on the same queue: the restart loses {n} messages that were only in memory.", if workers == 1 { "worker" } else { "workers" }),
    },
    insight_later: |workers, done_at, alone| format!("{workers} workers on the same queue: everything done at {done_at}, later than one alone with no restart ({alone})."),
    again: |n, visibility| format!(" The restart leaves {n} jobs half done: the broker delivers them again when their {visibility} visibility timeout runs out, and the end waits for it."),
    jobs: "Jobs",
    job_ms: "Each one takes",
    workers: "Workers",
    queue: "The queue lives in",
    queue_labels: &["a broker", "the process's memory"],
    restart: "The process restarts at (0: never)",
    done_at: "Last job finished",
    speedup: "Times faster than one worker",
    done: "Done",
    repeated: "Repeated",
    lost: "Lost",
    never: "never",
    chart_label: "One row per worker; each bar is a job.",
    worker_row: |n| format!("worker {n}"),
    rows_more: |n| format!("and {n} more workers."),
    preset_lesson: "12 jobs of 0.1 s, 4 workers",
    preset_pdf: "A 200-page PDF, 20 workers",
    preset_memory: "Restart with the queue in memory",
    preset_broker: "Restart with a broker",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
