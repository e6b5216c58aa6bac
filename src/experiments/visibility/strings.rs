//! The visibility-timeout experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (copies of message 1, visibility timeout, job).
    /// (why, copies, the timeout, the job, the heartbeat)
    pub insight: fn(super::Cover, u64, &str, &str, &str) -> String,
    /// Why message 1 came back when the job's length is not it (`super::Again`):
    /// (why, copies, the visibility timeout or the worker's death instant).
    /// Why, copies, when (the timeout, or the worker's death), the timeout.
    pub insight_again: fn(super::Again, u64, &str, &str) -> String,
    pub job: &'static str,
    pub timeout: &'static str,
    pub consumers: &'static str,
    pub heartbeat: &'static str,
    pub max_receive: &'static str,
    pub poison: &'static str,
    pub poison_labels: &'static [&'static str],
    pub late_ack: &'static str,
    pub late_ack_labels: &'static [&'static str],
    /// A job ends after its channel was closed: its ack reaches nobody.
    pub moment_refused: &'static str,
    pub dies: &'static str,
    pub zero_is_off: &'static str,
    pub copies: &'static str,
    pub worker_time: &'static str,
    pub effects_naive: &'static str,
    pub effects_idempotent: &'static str,
    pub done_at: &'static str,
    pub dead_letter_at: &'static str,
    pub never: &'static str,
    pub gantt_label: &'static str,
    pub receive_row: fn(usize, &str, &str) -> String,
    pub legend_hidden: &'static str,
    pub legend_work: &'static str,
    pub legend_deleted: &'static str,
    pub rows_more: fn(usize) -> String,
    /// Written on the chart at a copy: its number.
    pub copy_note: fn(usize) -> String,
    /// After the first copy's name, where there is room: why it came.
    pub copy_why: &'static str,
    /// On the first row where its worker died: the job's bar stops there.
    pub died_note: &'static str,
    /// The scene's moments: the first receive (its timeout), each copy
    /// handed out while a worker still works, the delete, the DLQ.
    /// (the timeout, whether the worker crashes opening it).
    pub moment_first: fn(&str, bool) -> String,
    /// A copy handed out: after a slow job, or after its worker died.
    pub moment_copy: fn(usize, super::CopyWhy) -> String,
    pub moment_died: &'static str,
    /// The worker dies after its lease ran out: a copy is already out.
    pub moment_died_late: &'static str,
    /// The worker dies on RabbitMQ: the message is requeued at once.
    pub moment_died_dropped: &'static str,
    /// Appended when a healthy message ran out of receives: (maxReceiveCount).
    pub healthy_dlq: fn(u32) -> String,
    pub moment_deleted: &'static str,
    pub moment_dlq: &'static str,
    pub rule: &'static str,
    pub preset_sqs: &'static str,
    pub preset_ex5: &'static str,
    pub preset_ex5_rule: &'static str,
    pub preset_pubsub: &'static str,
    pub preset_heartbeat: &'static str,
    pub preset_long: &'static str,
    pub preset_pubsub_max: &'static str,
    pub preset_rabbitmq: &'static str,
    pub preset_ceiling: &'static str,
    pub preset_ex8_hang: &'static str,
    pub preset_ex8_crash: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Visibility timeout y DLQ",
    heading: "Un mensaje escondido mientras un worker lo procesa",
    intro: "Al recibir el mensaje, el broker lo esconde durante el visibility timeout; el worker lo borra al terminar. Si el plazo vence antes, el mensaje reaparece y otro worker lo toma: cada copia hace todo el trabajo y la primera que termina lo borra. Un worker vivo puede renovar el plazo con un latido; un mensaje venenoso nunca termina y, tras N recepciones sin ack, pasa a la DLQ.",
    insight: |cover, n, visibility, job, beat| {
        let n = crate::format::int(n);
        match cover {
        super::Cover::Covers => format!("Un visibility timeout de {visibility} cubre un trabajo de {job}: el mensaje se recibe una sola vez."),
        super::Cover::Renewed => format!("Un visibility timeout de {visibility} no cubre un trabajo de {job}, pero el latido cada {beat} lo renueva mientras el worker trabaja: el mensaje se recibe una sola vez."),
        super::Cover::NoFreeWorker => format!("El visibility timeout de {visibility} vence antes de que termine un trabajo de {job} y el mensaje reaparece, pero ningún otro worker está libre para recibirlo: se recibe una sola vez."),
        super::Cover::RunsOut => format!("El visibility timeout de {visibility} vence antes de que termine un trabajo de {job}: el mensaje reaparece y se recibe {n} veces."),
        super::Cover::Closed => format!("RabbitMQ cierra el canal del worker que pasa {visibility} sin ack (consumer_timeout) y reencola el mensaje: el ack de un trabajo de {job} ya no llega, y a cada copia le pasa lo mismo. Vuelve una y otra vez y nunca se confirma: el plazo tiene que superar el trabajo."),
        super::Cover::LateBeat => format!("El latido cada {beat} llega tarde: el visibility timeout de {visibility} vence antes del primero y no se renueva; el mensaje reaparece y se recibe {n} veces. El latido tiene que ser más corto que el plazo."),
        super::Cover::AllWorkers => format!("El visibility timeout de {visibility} vence antes de que termine un trabajo de {job}: el mensaje reaparece y se recibe {n} veces, una por worker libre; con más workers, más copias."),
        // A job a second past 12 h reads «12 h»: «un trabajo de 12 h pasa ese techo» beside 12 h that does not.
        super::Cover::Ceiling => format!("El latido renueva el plazo de {visibility}, pero SQS no lo extiende más allá de 12 h desde la recepción: un trabajo de {} pasa ese techo, el mensaje reaparece y se recibe {n} veces.", if job == "12 h" { "más de 12 h" } else { job }),
        }
    },
    insight_again: |why, n, at, timeout| {
        let times = if n == 1 { "1 vez".to_owned() } else { format!("{} veces", crate::format::int(n)) };
        match why {
            // Received once (maxReceiveCount 1): to the DLQ, never back.
            super::Again::Hang if n == 1 => format!("Un mensaje venenoso nunca termina: su única recepción lo esconde {at}, hasta que vence el visibility timeout; entonces pasa a la DLQ sin reaparecer."),
            super::Again::Crash if n == 1 => format!("Un mensaje venenoso tumba al worker que lo abre: cuando vence su visibility timeout de {at} pasa a la DLQ sin reaparecer."),
            super::Again::Hang => format!("Un mensaje venenoso nunca termina: cada recepción lo esconde {at}, hasta que vence el visibility timeout y reaparece; se recibe {times}."),
            super::Again::Crash => format!("Un mensaje venenoso tumba al worker que lo abre: reaparece cuando vence su visibility timeout de {at}; se recibe {times}."),
            super::Again::Died => format!("El worker muere {}: su latido deja de renovar el plazo, el visibility timeout vence y el mensaje reaparece; se recibe {times}.", crate::format::a_los(at)),
            super::Again::Held => format!("El worker muere {} y nadie borra el mensaje: sigue escondido hasta que vence su visibility timeout de {timeout} y reaparece; se recibe {times}.", crate::format::a_los(at)),
            super::Again::Dropped => format!("El worker muere {}: se corta su conexión y RabbitMQ reencola el mensaje en el acto, sin esperar el plazo; se recibe {times}.", crate::format::a_los(at)),
        }
    },
    job: "Duración del trabajo",
    timeout: "Visibility timeout",
    consumers: "Workers libres",
    heartbeat: "Latido (heartbeat) cada",
    max_receive: "maxReceiveCount (0: sin DLQ)",
    poison: "Mensaje",
    poison_labels: &["sano", "venenoso: se cuelga hasta el plazo", "venenoso: tumba al worker al abrirlo"],
    late_ack: "Un ack después del plazo",
    late_ack_labels: &["borra el mensaje (SQS)", "no llega: el canal ya se cerró (RabbitMQ)"],
    moment_refused: "Un worker termina, pero su canal ya se cerró: hizo el trabajo y su ack no llega, así que el mensaje sigue en la cola.",
    dies: "El primer worker muere a los (0: nunca)",
    zero_is_off: "0 apaga la opción.",
    copies: "Copias (recepciones)",
    worker_time: "Tiempo de worker gastado",
    effects_naive: "Efectos sin idempotencia",
    effects_idempotent: "Efectos con idempotencia",
    done_at: "Cuándo se borra",
    dead_letter_at: "Cuándo va a la DLQ",
    never: "nunca",
    gantt_label: "Una fila por recepción: la banda es el tiempo escondido, la barra el trabajo del worker.",
    // An outcome only where there is one to say (it ended in «, »).
    receive_row: |n, at, end| if end.is_empty() { format!("recepción {n}: {}", crate::format::a_los(at)) } else { format!("recepción {n}: {}, {end}", crate::format::a_los(at)) },
    legend_hidden: "escondido (visibility timeout)",
    legend_work: "trabajo del worker",
    legend_deleted: "borrado",
    rows_more: |n| format!("y {} recepciones más.", crate::format::int(n as u64)),
    copy_note: |n| format!("copia {n}"),
    copy_why: ": venció el timeout",
    died_note: "◂ el worker muere",
    moment_first: |timeout, crashes| if crashes { format!("Un worker recibe el mensaje y cae al abrirlo: el mensaje queda oculto {timeout}.") } else { format!("Un worker recibe el mensaje: queda oculto {timeout} mientras trabaja.") },
    moment_copy: |n, why| match why {
        super::CopyWhy::Died => format!("Venció el plazo del worker muerto: otro worker recibe la copia {n}."),
        super::CopyWhy::Crashed => format!("Venció el plazo del worker que cayó al abrirlo: otro worker recibe la copia {n}."),
        super::CopyWhy::Closed => format!("RabbitMQ cerró el canal sin ack y reencoló el mensaje: otro worker recibe la copia {n}."),
        super::CopyWhy::Timeout => format!("Venció el visibility timeout y el trabajo no ha terminado: otro worker recibe la copia {n}."),
    },
    moment_died: "El worker muere a mitad del trabajo: nadie borra el mensaje, que sigue escondido hasta que venza su plazo.",
    healthy_dlq: |max| format!(" Con maxReceiveCount {max} un mensaje sano pasa a la DLQ: cada copia cuenta como una recepción."),
    moment_died_dropped: "El worker muere a mitad del trabajo: se corta su conexión y RabbitMQ reencola el mensaje en el acto.",
    moment_died_late: "El primer worker muere a mitad del trabajo; su plazo ya había vencido y otra copia sigue en marcha.",
    moment_deleted: "Un trabajo termina y borra el mensaje: ya no vuelve.",
    moment_dlq: "Agotó sus recepciones: el mensaje pasa a la DLQ.",
    rule: "La regla de «Colas y streams»: un visibility timeout por encima del p99 del trabajo, con margen (el doble, por ejemplo), o un latido que lo renueve.",
    preset_sqs: "10 minutos con los 30 s de SQS",
    preset_ex5: "Ejercicio 5: p99 de 4 minutos con 30 s",
    preset_ex5_rule: "Ejercicio 5: el doble del p99",
    preset_pubsub: "Pub/Sub: 10 s por omisión",
    preset_heartbeat: "Latido: 2 minutos renovados cada minuto, el worker muere",
    preset_long: "Plazo largo: 80 minutos sin latido, el worker muere",
    preset_pubsub_max: "Pub/Sub: el máximo de 600 s, un trabajo de 20 min",
    preset_rabbitmq: "RabbitMQ: consumer timeout de 30 min, un trabajo de 40 min",
    preset_ceiling: "SQS: un latido no pasa de 12 h, un trabajo de 13 h",
    preset_ex8_hang: "Ejercicio 8: se cuelga, 15 min × 5",
    preset_ex8_crash: "Ejercicio 8: tumba al worker, 3 min con latido",
};

pub static EN: Strings = Strings {
    experiment: "Visibility timeout and the DLQ",
    heading: "A message hidden while a worker processes it",
    intro: "On receive the broker hides the message for the visibility timeout; the worker deletes it when done. If the deadline passes first, the message shows again and another worker takes it: every copy does the whole job and the first to finish deletes it. A live worker can renew the deadline (a heartbeat); a poison message never finishes and, after N receives without an ack, moves to the DLQ.",
    insight: |cover, n, visibility, job, beat| {
        let n = crate::format::int(n);
        match cover {
        super::Cover::Covers => format!("A {visibility} visibility timeout covers a {job} job: the message is received once."),
        super::Cover::Renewed => format!("A {visibility} visibility timeout does not cover a {job} job, but the heartbeat every {beat} renews it while the worker works: the message is received once."),
        super::Cover::NoFreeWorker => format!("The {visibility} visibility timeout runs out before a {job} job ends and the message reappears, but no other worker is free to receive it: it is received once."),
        super::Cover::RunsOut => format!("The {visibility} visibility timeout runs out before a {job} job ends: the message reappears and is received {n} times."),
        super::Cover::Closed => format!("RabbitMQ closes the channel of a worker that holds the message {visibility} without an ack (consumer_timeout) and requeues it: a {job} job's ack reaches nobody, and every copy meets the same fate. It comes back again and again and is never acknowledged: the timeout must outlast the job."),
        super::Cover::LateBeat => format!("The heartbeat every {beat} comes too late: the {visibility} visibility timeout runs out before the first beat and is never renewed; the message reappears and is received {n} times. The beat must be shorter than the lease."),
        super::Cover::AllWorkers => format!("The {visibility} visibility timeout runs out before a {job} job ends: the message reappears and is received {n} times, once per free worker; more workers, more copies."),
        super::Cover::Ceiling => format!("The heartbeat renews the {visibility} lease, but SQS extends it no further than 12 h from the receive: a {} job passes that ceiling, the message reappears and is received {n} times.", if job == "12 h" { "longer than 12 h" } else { job }),
        }
    },
    insight_again: |why, n, at, timeout| {
        let times = if n == 1 { "once".to_owned() } else { format!("{} times", crate::format::int(n)) };
        match why {
            super::Again::Hang if n == 1 => format!("A poison message never finishes: its one receive hides it {at}, until the visibility timeout runs out; then it moves to the DLQ without reappearing."),
            super::Again::Crash if n == 1 => format!("A poison message crashes the worker that opens it: when its {at} visibility timeout runs out it moves to the DLQ without reappearing."),
            super::Again::Hang => format!("A poison message never finishes: each receive hides it {at}, until the visibility timeout runs out and it reappears; it is received {times}."),
            super::Again::Crash => format!("A poison message crashes the worker that opens it: it reappears when its {at} visibility timeout runs out; it is received {times}."),
            super::Again::Died => format!("The worker dies at {at}: its heartbeat stops renewing the lease, the visibility timeout runs out and the message reappears; it is received {times}."),
            super::Again::Held => format!("The worker dies at {at} and nobody deletes the message: it stays hidden until its {timeout} visibility timeout runs out and reappears; it is received {times}."),
            super::Again::Dropped => format!("The worker dies at {at}: its connection drops and RabbitMQ requeues the message at once, without waiting for the deadline; it is received {times}."),
        }
    },
    job: "Job duration",
    timeout: "Visibility timeout",
    consumers: "Idle workers",
    heartbeat: "Heartbeat every",
    max_receive: "maxReceiveCount (0: no DLQ)",
    poison: "Message",
    poison_labels: &["healthy", "poison: hangs until the deadline", "poison: crashes the worker on open"],
    late_ack: "An ack after the deadline",
    late_ack_labels: &["deletes the message (SQS)", "is lost: the channel was closed (RabbitMQ)"],
    moment_refused: "A worker finishes, but its channel was closed: it did the job and its ack reaches nobody, so the message stays in the queue.",
    dies: "The first worker dies at (0: never)",
    zero_is_off: "0 turns the option off.",
    copies: "Copies (receives)",
    worker_time: "Worker time spent",
    effects_naive: "Effects without idempotency",
    effects_idempotent: "Effects with idempotency",
    done_at: "When it is deleted",
    dead_letter_at: "When it goes to the DLQ",
    never: "never",
    gantt_label: "One row per receive: the band is the time hidden, the bar the worker's job.",
    receive_row: |n, at, end| if end.is_empty() { format!("receive {n}: at {at}") } else { format!("receive {n}: at {at}, {end}") },
    legend_hidden: "hidden (visibility timeout)",
    legend_work: "the worker's job",
    legend_deleted: "deleted",
    rows_more: |n| format!("and {} more receives.", crate::format::int(n as u64)),
    copy_note: |n| format!("copy {n}"),
    copy_why: ": the timeout ran out",
    died_note: "◂ the worker dies",
    moment_first: |timeout, crashes| if crashes { format!("A worker receives the message and crashes opening it: the message stays hidden for {timeout}.") } else { format!("A worker receives the message: it stays hidden for {timeout} while it works.") },
    moment_copy: |n, why| match why {
        super::CopyWhy::Died => format!("The dead worker's lease ran out: another worker receives copy {n}."),
        super::CopyWhy::Crashed => format!("The lease of the worker that crashed opening it ran out: another worker receives copy {n}."),
        super::CopyWhy::Closed => format!("RabbitMQ closed the channel without an ack and requeued the message: another worker receives copy {n}."),
        super::CopyWhy::Timeout => format!("The visibility timeout ran out before the job finished: another worker receives copy {n}."),
    },
    moment_died: "The worker dies halfway through the job: nobody deletes the message, which stays hidden until its lease runs out.",
    healthy_dlq: |max| format!(" With maxReceiveCount {max} a healthy message moves to the DLQ: every copy counts as a receive."),
    moment_died_dropped: "The worker dies halfway through the job: its connection drops and RabbitMQ requeues the message at once.",
    moment_died_late: "The first worker dies halfway through the job; its lease had already run out and another copy is under way.",
    moment_deleted: "A job finishes and deletes the message: it comes back no more.",
    moment_dlq: "Out of receives: the message moves to the DLQ.",
    rule: "The rule of “Queues and streams”: a visibility timeout above the job's p99, with margin (twice it, say), or a heartbeat that renews it.",
    preset_sqs: "10 minutes with SQS's 30 s",
    preset_ex5: "Exercise 5: p99 of 4 minutes with 30 s",
    preset_ex5_rule: "Exercise 5: twice the p99",
    preset_pubsub: "Pub/Sub: its 10 s default",
    preset_heartbeat: "Heartbeat: 2 minutes renewed every minute, the worker dies",
    preset_long: "Long deadline: 80 minutes without a heartbeat, the worker dies",
    preset_pubsub_max: "Pub/Sub: its 600 s maximum, a 20-minute job",
    preset_rabbitmq: "RabbitMQ: a 30-minute consumer timeout, a 40-minute job",
    preset_ceiling: "SQS: a heartbeat stops at 12 h, a 13-hour job",
    preset_ex8_hang: "Exercise 8: hangs, 15 min × 5",
    preset_ex8_crash: "Exercise 8: crashes the worker, 3 min with a heartbeat",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
