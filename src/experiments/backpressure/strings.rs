//! The backpressure experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    pub in_rate: &'static str,
    pub out_rate: &'static str,
    pub duration: &'static str,
    pub policy: &'static str,
    pub policy_labels: &'static [&'static str],
    pub buffer: &'static str,
    pub message_kib: &'static str,
    pub memory_mib: &'static str,
    pub growth: fn(&str, &str, &str, &str) -> String,
    /// (in, out) per second when the consumer keeps up.
    pub keeps_up: fn(&str, &str) -> String,
    /// After the growth, a bounded queue's price: its limit, what it cost, how many.
    pub bounded: fn(&str, &str, &str) -> String,
    pub accepted: &'static str,
    pub consumed: &'static str,
    pub dropped_newest: &'static str,
    pub dropped_oldest: &'static str,
    pub held_back: &'static str,
    pub queue_max: &'static str,
    pub queue_end: &'static str,
    pub died: fn(&str) -> String,
    pub alive: &'static str,
    pub memory_gauge: &'static str,
    pub chart_label: fn(&str, &str) -> String,
    pub limit_line: &'static str,
    /// An unbounded queue's line: what the process's memory holds (not a limit the queue was given).
    pub memory_line: &'static str,
    /// The y-axis's unit, after its top value; written on the chart where the process dies.
    pub y_unit: &'static str,
    pub dies_note: &'static str,
    /// The scene's moments: (in, out) per second; the bound reached (the policy).
    /// (in, out, the consumer keeps up)
    pub moment_start: fn(&str, &str, bool) -> String,
    pub moment_full: fn(&str) -> String,
    pub preset_day: &'static str,
    pub preset_drop: &'static str,
    pub preset_slow: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Backpressure y colas con límite",
    heading: "Un productor más rápido que su consumidor",
    intro: "Cada segundo el productor ofrece sus mensajes y el consumidor se lleva los que alcanza. Sin límite, la cola crece hasta que la memoria se acaba y el proceso muere; con límite, el exceso se descarta a propósito o el productor se frena, y se cuenta. Los números por omisión (entran 116 por segundo, salen 100) son los de «Colas y streams», que los enmarca de otro modo: allá la fila vive en un broker y crece sin morir, y la respuesta es una alerta y más workers; aquí la fila está en la memoria de un proceso.",
    in_rate: "Entran",
    out_rate: "Salen (lo que procesa el consumidor)",
    duration: "Durante",
    policy: "Cola",
    policy_labels: &["sin límite", "con límite: el productor espera", "con límite: se descarta el nuevo", "con límite: se descarta el más viejo"],
    buffer: "Límite de la cola (mensajes)",
    message_kib: "Tamaño de cada mensaje",
    memory_mib: "Memoria del proceso",
    growth: |inp, out, diff, day| format!("{inp}/s entran, {out}/s salen: la cola crece {diff} por segundo, {day} por día (la cuenta de «Colas y streams»)."),
    keeps_up: |inp, out| format!("{inp}/s entran, {out}/s salen: el consumidor alcanza y la cola no crece."),
    bounded: |limit, what, n| format!(" Límite de {limit} {} · {what}: {n}.", if limit == "1" { "mensaje" } else { "mensajes" }),
    accepted: "Entraron a la cola",
    consumed: "Procesados",
    dropped_newest: "Descartados al llegar",
    dropped_oldest: "Descartados los más viejos",
    held_back: "No producidos (el productor esperó)",
    queue_max: "Cola máxima",
    queue_end: "En la cola al final",
    died: |at| format!("El proceso murió sin memoria {}", crate::format::a_los(at)),
    alive: "El proceso sigue vivo",
    memory_gauge: "Memoria usada por la cola",
    chart_label: |max, at| format!("Mensajes en la cola a lo largo del tiempo; máximo {max}; {at}."),
    limit_line: "límite",
    memory_line: "caben en memoria",
    y_unit: "mensajes en cola",
    dies_note: "muere sin memoria",
    moment_start: |inp, out, keeps_up| {
        let then = if keeps_up { "el consumidor da abasto y la cola no crece" } else { "lo que sobra espera en la cola, en memoria" };
        format!("Entran {inp}/s y salen {out}/s: {then}.")
    },
    moment_full: |policy| format!("La cola llega a su límite ({policy}): la memoria deja de crecer."),
    preset_day: "116/s contra 100/s, un día",
    preset_drop: "Cola con límite que descarta",
    preset_slow: "El productor espera",
};

pub static EN: Strings = Strings {
    experiment: "Backpressure and bounded queues",
    heading: "A producer faster than its consumer",
    intro: "Each second the producer offers its messages and the consumer takes what it can. Unbounded, the queue grows until memory runs out and the process dies; bounded, the excess is dropped on purpose or the producer slows down, and it is counted. The default numbers (116 a second in, 100 out) are those of “Colas y streams”, which frames them otherwise: there the line lives in a broker and grows without dying, and the answer is an alert and more workers; here the line is in one process's memory.",
    in_rate: "In",
    out_rate: "Out (what the consumer processes)",
    duration: "For",
    policy: "Queue",
    policy_labels: &["unbounded", "bounded: the producer waits", "bounded: drop the newest", "bounded: drop the oldest"],
    buffer: "Queue bound (messages)",
    message_kib: "Size of each message",
    memory_mib: "Process memory",
    growth: |inp, out, diff, day| format!("{inp}/s in, {out}/s out: the queue grows by {diff} a second, {day} a day (the arithmetic of “Queues and streams”)."),
    keeps_up: |inp, out| format!("{inp}/s in, {out}/s out: the consumer keeps up and the queue does not grow."),
    bounded: |limit, what, n| format!(" A limit of {limit} {} · {what}: {n}.", if limit == "1" { "message" } else { "messages" }),
    accepted: "Entered the queue",
    consumed: "Processed",
    dropped_newest: "Dropped on arrival",
    dropped_oldest: "Oldest dropped",
    held_back: "Not produced (the producer waited)",
    queue_max: "Longest queue",
    queue_end: "Queued at the end",
    died: |at| format!("The process died out of memory at {at}"),
    alive: "The process is still alive",
    memory_gauge: "Memory used by the queue",
    chart_label: |max, at| format!("Messages in the queue over time; at most {max}; {at}."),
    limit_line: "limit",
    memory_line: "memory holds",
    y_unit: "messages queued",
    dies_note: "dies out of memory",
    moment_start: |inp, out, keeps_up| {
        let then = if keeps_up { "the consumer keeps up and the queue does not grow" } else { "the rest waits in the queue, in memory" };
        format!("{inp}/s come in and {out}/s go out: {then}.")
    },
    moment_full: |policy| format!("The queue reaches its bound ({policy}): memory stops growing."),
    preset_day: "116/s against 100/s, one day",
    preset_drop: "A bounded queue that drops",
    preset_slow: "The producer waits",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
