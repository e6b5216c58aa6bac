//! The DLQ experiment's strings, in Spanish and English.

use crate::i18n::Lang;

/// Numbers as a sentence lists them: «1», «11 y 12», «1, 2 y 3».
fn listed(numbers: &[u32], and: &str) -> String {
    match numbers {
        [] => String::new(),
        [only] => only.to_string(),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u32::to_string).collect();
            format!("{} {and} {last}", rest.join(", "))
        }
    }
}

/// A list of messages a sentence can hold: past four, the first three and
/// how many («1, 6, 11 … (8)»).
fn few(numbers: &[u32], and: &str) -> String {
    match numbers {
        [a, b, c, _, _, ..] => format!("{a}, {b}, {c} … ({})", numbers.len()),
        _ => listed(numbers, and),
    }
}

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The people's actions as the link writes them, behind one summary (authors edit them there).
    pub actions_as_text: &'static str,
    /// The DLQ at the instant shown: (the instant, moved there by then
    /// (`None`: none ever is), of them still waiting, redriven, marked
    /// failed, expired). A fate is `None` when the run never has it; what
    /// the run has is said from 0 s on, so the sentence keeps one shape and
    /// about one length as the scene plays.
    pub insight: fn(&str, Option<u64>, u64, Fates) -> String,
    pub messages: &'static str,
    pub arrival: &'static str,
    pub job: &'static str,
    pub workers: &'static str,
    pub visibility: &'static str,
    pub max_receive: &'static str,
    pub poison: &'static str,
    pub poison_labels: &'static [&'static str],
    pub poison_every: &'static str,
    pub retention: &'static str,
    pub dlq_retention: &'static str,
    pub actions: &'static str,
    pub actions_hint: &'static str,
    pub fix_here: fn(&str) -> String,
    pub redrive_all_here: fn(&str) -> String,
    pub clear_actions: &'static str,
    /// The actions of this run, listed: (what, at) and the ✕'s name.
    pub action_at: fn(&str, &str) -> String,
    pub fail_all: &'static str,
    pub redrive_all: &'static str,
    pub fix: &'static str,
    pub remove_action: fn(&str) -> String,
    pub actions_listed: &'static str,
    /// The actions' list is full.
    pub actions_full: fn(usize) -> String,
    pub look: &'static str,
    pub look_hint: &'static str,
    /// The scene's moments: a message moves to the DLQ, the cause is fixed,
    /// one is redriven, marked failed or expires there.
    /// (the messages moved at that instant, numbered from 1; how many are
    /// there now, 0 when their retention had already run out; whether the
    /// DLQ was empty before and is not now, so the alert fires).
    pub moment_moved: fn(&[u32], usize, bool) -> String,
    pub moment_fixed: &'static str,
    pub moment_redriven: fn(u32, u32) -> String,
    pub moment_failed: fn(u32) -> String,
    pub moment_expired: fn(u32) -> String,
    /// A message's retention runs out in the queue itself (no DLQ took it).
    pub moment_expired_queue: fn(u32) -> String,
    /// The start, so the figure says at 0 s what the run is: (the poison
    /// messages, numbered from 1; the visibility timeout; after how many
    /// receives (0: no DLQ) and how long: exercise 8's 5 × 15 min = 75 min).
    pub moment_start: fn(&[u32], &str, u32, &str) -> String,
    /// A failing message received again: (message, receive, of
    /// maxReceiveCount, how long it waited in the queue once back: behind
    /// the messages queued before it, 40 s for message 1).
    pub moment_received: fn(u32, u32, u32, Option<&str>) -> String,
    /// Without a DLQ: a failing message's 10th, 100th… receive.
    pub moment_again: fn(u32, u32) -> String,
    pub alert_on: fn(usize, &str) -> String,
    pub alert_off: &'static str,
    /// With maxReceiveCount 0 there is no DLQ: the caption and the alert say so.
    pub no_dlq: &'static str,
    pub no_dlq_alert: &'static str,
    pub dlq_caption: fn(&str) -> String,
    pub col_message: &'static str,
    pub col_receives: &'static str,
    pub col_age: &'static str,
    pub col_reason: &'static str,
    pub col_left: &'static str,
    pub col_actions: &'static str,
    pub message_n: fn(u32) -> String,
    pub reason_deadline: &'static str,
    pub reason_crash: &'static str,
    pub redrive: &'static str,
    pub redrive_n: fn(u32) -> String,
    pub fail: &'static str,
    pub fail_n: fn(u32) -> String,
    pub dlq_empty: &'static str,
    pub rows_more: fn(usize) -> String,
    pub delivered: &'static str,
    pub dead_lettered: &'static str,
    pub redriven: &'static str,
    pub marked_failed: &'static str,
    pub expired_source: &'static str,
    pub expired_dlq: &'static str,
    pub expired_unseen: &'static str,
    pub poison_time: &'static str,
    pub healthy_wait: &'static str,
    pub lifelines_label: &'static str,
    pub legend_waiting: &'static str,
    pub legend_in_flight: &'static str,
    pub legend_dlq: &'static str,
    pub log_axis: fn(&str) -> String,
    pub lifelines_more: fn(usize) -> String,
    pub lifeline: fn(u32, &str, &str) -> String,
    pub end_deleted: &'static str,
    pub end_expired: &'static str,
    pub end_lost: &'static str,
    pub end_redriven: fn(u32) -> String,
    pub end_failed: &'static str,
    pub end_dlq_expired: &'static str,
    pub preset_redrive: &'static str,
    pub preset_before_fix: &'static str,
    pub preset_mark_failed: &'static str,
    pub preset_no_dlq: &'static str,
    pub preset_retention: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Operar la DLQ",
    heading: "La DLQ: alerta, redrive y retención",
    intro: "Llegan mensajes; algunos traen un bug y fallan en cada recepción. Tras maxReceiveCount recepciones sin ack pasan a la DLQ y se enciende la alerta. Una persona arregla el bug y hace redrive (cada mensaje vuelve a la cola como uno nuevo, con 0 recepciones) o lo marca como fallido. Cada cola tiene su retención, contada desde la llegada original del mensaje. Sin DLQ, el mensaje venenoso ocupa workers hasta que vence.",
    actions_as_text: "Las acciones como texto (para autores)",
    insight: |at, moved, waiting, [redriven, failed, expired]| match moved {
        None => format!("{}, ningún mensaje agotó sus recepciones: la DLQ está vacía.", crate::format::as_sentence(&crate::format::a_los(at))),
        // One shape at every instant; only the fates that happen in the run
        // (short enough that a phone's largest paint stays the page's header).
        Some(n) => format!(
            "{}, {n} {} por la DLQ: {waiting} {} allí{}{}{}.",
            crate::format::as_sentence(&crate::format::a_los(at)),
            if n == 1 { "mensaje ha pasado" } else { "mensajes han pasado" },
            if waiting == 1 { "sigue" } else { "siguen" },
            said(redriven, ["con redrive"; 2]),
            said(failed, ["marcado como fallido", "marcados como fallidos"]),
            said(expired, ["expirado", "expirados"])
        ),
    },
    messages: "Mensajes",
    arrival: "Llega uno cada (0: todos juntos)",
    job: "Trabajo de un mensaje sano",
    workers: "Workers",
    visibility: "Visibility timeout",
    max_receive: "maxReceiveCount (0: sin DLQ)",
    poison: "Los mensajes con bug",
    poison_labels: &["no hay", "se cuelgan hasta el plazo", "tumban al worker al abrirlos"],
    poison_every: "Uno con bug cada (desde el primero)",
    retention: "Retención de la cola",
    dlq_retention: "Retención de la DLQ",
    actions: "Lo que hacen las personas (segundos)",
    actions_hint: "fix@T arregla el bug; redrive@T reenvía toda la DLQ y redrive:N@T el mensaje N; fail@T y fail:N@T los marcan como fallidos.",
    fix_here: |at| format!("Arreglar el bug {}", crate::format::a_los(at)),
    redrive_all_here: |at| format!("Redrive de toda la DLQ {}", crate::format::a_los(at)),
    clear_actions: "Quitar todas las acciones",
    action_at: |what, at| format!("{what}, {}", crate::format::a_los(at)),
    fail_all: "Marcar fallida toda la DLQ",
    redrive_all: "Redrive de toda la DLQ",
    fix: "Arreglar el bug",
    remove_action: |what| format!("Quitar: {what}"),
    actions_listed: "Acciones de esta ejecución",
    actions_full: |n| format!("Ya hay {n} acciones sobre la DLQ, las que caben en una ejecución: quita alguna para añadir otra."),
    look: "Instante mostrado",
    look_hint: "De segundos a días: la tabla y la alerta muestran las colas en ese instante.",
    moment_moved: |ms, n, fires| {
        let who = match ms {
            [m] => format!("El mensaje {m} agota sus recepciones y pasa"),
            _ => format!("Los mensajes {} agotan sus recepciones y pasan", listed(ms, "y")),
        };
        match (n, fires) {
            (0, _) => format!("{who} a la DLQ, pero ya pasó la retención de la DLQ (contada desde la llegada a la cola): la DLQ queda vacía en el acto, sin alerta y sin que nadie mire."),
            (_, true) => format!("{who} a la DLQ: suena la alerta."),
            _ => format!("{who} a la DLQ: ya son {n} allí y la alerta sigue sonando."),
        }
    },
    moment_fixed: "Se arregla la causa: los mensajes nuevos ya no fallan.",
    moment_received: |m, n, k, wait| match wait {
        Some(w) => format!("El mensaje {m} reaparece, espera {w} en la cola y se recibe: recepción {n} de {k}."),
        None => format!("El mensaje {m} reaparece y se recibe otra vez: recepción {n} de {k}."),
    },
    moment_again: |m, n| {
        format!("El mensaje {m} se recibe por {}.ª vez: sin DLQ sigue volviendo, y ocupa un worker cada vez.", crate::format::int(n.into()))
    },
    moment_start: |ms, visible, k, total| {
        let who = match ms {
            [] => return "Ningún mensaje falla.".into(),
            [m] => format!("El mensaje {m} falla"),
            _ => format!("Los mensajes {} fallan", few(ms, "y")),
        };
        match k {
            0 => format!("{who} siempre. Sin DLQ, la cola reintenta hasta que vence la retención."),
            1 => format!("{who} siempre: 1 recepción × {visible} = al menos {total} hasta la DLQ."),
            _ => format!("{who} siempre: {k} recepciones × {visible} = al menos {total} hasta la DLQ."),
        }
    },
    moment_redriven: |m, new| format!("Redrive: el mensaje {m} vuelve a la cola como el {new}."),
    moment_failed: |m| format!("El mensaje {m} se marca como fallido: sale de la DLQ."),
    moment_expired: |m| format!("Vence la retención del mensaje {m}: se pierde sin que nadie lo mire."),
    moment_expired_queue: |m| format!("Vence la retención del mensaje {m} en la cola: se pierde sin procesarse y nada avisa."),
    alert_on: |n, since| format!("Alerta: {n} en la DLQ (más de 0 {}). Alguien tiene que revisarla.", crate::format::desde_los(since)),
    alert_off: "Sin alerta: la DLQ está vacía en este instante.",
    no_dlq: "Sin DLQ (maxReceiveCount 0): un mensaje venenoso vuelve una y otra vez, ocupando workers, hasta que vence su retención, y nadie se entera.",
    no_dlq_alert: "Sin DLQ no hay alerta: nada avisa del mensaje venenoso.",
    dlq_caption: |at| format!("La DLQ {}", crate::format::a_los(at)),
    col_message: "Mensaje",
    col_receives: "Recepciones",
    col_age: "Edad",
    col_reason: "Motivo",
    col_left: "Vence en",
    col_actions: "Acción en este instante",
    message_n: |n| format!("#{n}"),
    reason_deadline: "el plazo venció sin ack",
    reason_crash: "tumbó al worker al abrirlo",
    redrive: "Redrive",
    redrive_n: |n| format!("Redrive del mensaje {n}"),
    fail: "Marcar fallido",
    fail_n: |n| format!("Marcar fallido el mensaje {n}"),
    dlq_empty: "Vacía.",
    rows_more: |n| format!("y {n} más."),
    delivered: "Entregados (borrados)",
    dead_lettered: "Pasaron a la DLQ",
    redriven: "Con redrive",
    marked_failed: "Marcados fallidos",
    expired_source: "Vencidos en la cola",
    expired_dlq: "Vencidos en la DLQ",
    expired_unseen: "De ellos, vencidos al llegar, sin que nadie los viera",
    poison_time: "Tiempo de worker en mensajes con bug",
    healthy_wait: "Espera máxima de un mensaje sano",
    lifelines_label: "Una fila por mensaje, en escala logarítmica de tiempo: esperando, en vuelo, en la DLQ.",
    legend_waiting: "en la cola",
    legend_in_flight: "en vuelo (escondido)",
    legend_dlq: "en la DLQ",
    log_axis: |end| format!("Tiempo en escala logarítmica, de 0 a {end}; la línea roja es el instante mostrado."),
    lifelines_more: |n| format!("y {n} mensajes más."),
    lifeline: |n, at, end| format!("mensaje {n}: {end}, {}", crate::format::a_los(at)),
    end_deleted: "borrado",
    end_expired: "vencido en la cola",
    end_lost: "perdido",
    end_redriven: |n| format!("a la DLQ, luego redrive como mensaje {n}"),
    end_failed: "a la DLQ, luego marcado fallido",
    end_dlq_expired: "a la DLQ, donde venció",
    preset_redrive: "DLQ, arreglo a las 2 h, redrive a las 3 h",
    preset_before_fix: "Redrive antes del arreglo: vuelven a la DLQ",
    preset_mark_failed: "Uno marcado fallido, otro con redrive",
    preset_no_dlq: "Error 3: cola sin DLQ",
    preset_retention: "DLQ con retención corta: vence sin que nadie lo vea",
};

pub static EN: Strings = Strings {
    experiment: "Operating the DLQ",
    heading: "The DLQ: alert, redrive and retention",
    intro: "Messages arrive; some carry a bug and fail on every receive. After maxReceiveCount receives without an ack they move to the DLQ and the alert goes up. A person fixes the bug and redrives them (each goes back to the queue as a new message, with 0 receives) or marks them failed. Each queue has its retention, counted from the message's original arrival. Without a DLQ, the poison message holds workers until it expires.",
    actions_as_text: "The actions as text (for authors)",
    insight: |at, moved, waiting, [redriven, failed, expired]| match moved {
        None => format!("At {at}, no message has exhausted its receives: the DLQ is empty."),
        Some(n) => format!(
            "At {at}, {n} {} through the DLQ: {waiting} {} still there{}{}{}.",
            if n == 1 { "message has passed" } else { "messages have passed" },
            if waiting == 1 { "is" } else { "are" },
            said(redriven, ["redriven"; 2]),
            said(failed, ["marked failed"; 2]),
            said(expired, ["expired"; 2])
        ),
    },
    messages: "Messages",
    arrival: "One arrives every (0: all at once)",
    job: "A healthy message's job",
    workers: "Workers",
    visibility: "Visibility timeout",
    max_receive: "maxReceiveCount (0: no DLQ)",
    poison: "Messages with the bug",
    poison_labels: &["none", "hang until the deadline", "crash the worker on open"],
    poison_every: "One with the bug every (from the first)",
    retention: "The queue's retention",
    dlq_retention: "The DLQ's retention",
    actions: "What people do (seconds)",
    actions_hint: "fix@T fixes the bug; redrive@T redrives the whole DLQ and redrive:N@T message N; fail@T and fail:N@T mark them failed.",
    fix_here: |at| format!("Fix the bug at {at}"),
    redrive_all_here: |at| format!("Redrive the whole DLQ at {at}"),
    clear_actions: "Remove every action",
    action_at: |what, at| format!("{what}, at {at}"),
    fail_all: "Mark the whole DLQ failed",
    redrive_all: "Redrive the whole DLQ",
    fix: "Fix the bug",
    remove_action: |what| format!("Remove: {what}"),
    actions_listed: "This run's actions",
    actions_full: |n| format!("There are {n} actions on the DLQ already, as many as one run takes: remove some to add another."),
    look: "Instant shown",
    look_hint: "Seconds to days: the table and the alert show the queues at that instant.",
    moment_moved: |ms, n, fires| {
        let who = match ms {
            [m] => format!("Message {m} runs out of receives and moves"),
            _ => format!("Messages {} run out of receives and move", listed(ms, "and")),
        };
        match (n, fires) {
            (0, _) => format!("{who} to the DLQ, but the DLQ's retention (counted from the arrival in the queue) has already passed: the DLQ is empty again at once, no alert, nobody looking."),
            (_, true) => format!("{who} to the DLQ: the alert fires."),
            _ => format!("{who} to the DLQ: {n} there now, the alert still firing."),
        }
    },
    moment_fixed: "The cause is fixed: new messages no longer fail.",
    moment_received: |m, n, k, wait| match wait {
        Some(w) => format!("Message {m} reappears, waits {w} in the queue and is received: receive {n} of {k}."),
        None => format!("Message {m} reappears and is received again: receive {n} of {k}."),
    },
    moment_again: |m, n| {
        format!("Message {m} is received for the {}th time: with no DLQ it keeps coming back, holding a worker each time.", crate::format::int(n.into()))
    },
    moment_start: |ms, visible, k, total| {
        let who = match ms {
            [] => return "No message fails.".into(),
            [m] => format!("Message {m} always fails"),
            _ => format!("Messages {} always fail", few(ms, "and")),
        };
        match k {
            0 => format!("{who}. With no DLQ, the queue retries until the retention runs out."),
            1 => format!("{who}: 1 receive × {visible} = at least {total} to the DLQ."),
            _ => format!("{who}: {k} receives × {visible} = at least {total} to the DLQ."),
        }
    },
    moment_redriven: |m, new| format!("Redrive: message {m} goes back to the queue as {new}."),
    moment_failed: |m| format!("Message {m} is marked failed: it leaves the DLQ."),
    moment_expired: |m| format!("Message {m}'s retention runs out: it is lost with nobody looking."),
    moment_expired_queue: |m| format!("Message {m}'s retention runs out in the queue: it is lost unprocessed, and nothing tells anyone."),
    alert_on: |n, since| format!("Alert: {n} in the DLQ (more than 0 since {since}). Someone has to look at it."),
    alert_off: "No alert: the DLQ is empty at this instant.",
    no_dlq: "No DLQ (maxReceiveCount 0): a poison message comes back again and again, holding workers, until its retention runs out, and nobody knows.",
    no_dlq_alert: "Without a DLQ there is no alert: nothing tells anyone about the poison message.",
    dlq_caption: |at| format!("The DLQ at {at}"),
    col_message: "Message",
    col_receives: "Receives",
    col_age: "Age",
    col_reason: "Reason",
    col_left: "Expires in",
    col_actions: "Action at this instant",
    message_n: |n| format!("#{n}"),
    reason_deadline: "the deadline passed without an ack",
    reason_crash: "crashed the worker on open",
    redrive: "Redrive",
    redrive_n: |n| format!("Redrive message {n}"),
    fail: "Mark failed",
    fail_n: |n| format!("Mark failed: message {n}"),
    dlq_empty: "Empty.",
    rows_more: |n| format!("and {n} more."),
    delivered: "Delivered (deleted)",
    dead_lettered: "Moved to the DLQ",
    redriven: "Redriven",
    marked_failed: "Marked failed",
    expired_source: "Expired in the queue",
    expired_dlq: "Expired in the DLQ",
    expired_unseen: "Of those, expired as they arrived, unseen by anyone",
    poison_time: "Worker time on messages with the bug",
    healthy_wait: "Longest wait of a healthy message",
    lifelines_label: "One row per message, on a log time scale: waiting, in flight, in the DLQ.",
    legend_waiting: "in the queue",
    legend_in_flight: "in flight (hidden)",
    legend_dlq: "in the DLQ",
    log_axis: |end| format!("Time on a log scale, from 0 to {end}; the red line is the instant shown."),
    lifelines_more: |n| format!("and {n} more messages."),
    lifeline: |n, at, end| format!("message {n}: {end}, at {at}"),
    end_deleted: "deleted",
    end_expired: "expired in the queue",
    end_lost: "lost",
    end_redriven: |n| format!("to the DLQ, then redriven as message {n}"),
    end_failed: "to the DLQ, then marked failed",
    end_dlq_expired: "to the DLQ, where it expired",
    preset_redrive: "A DLQ, fixed at 2 h, redriven at 3 h",
    preset_before_fix: "Redrive before the fix: back in the DLQ",
    preset_mark_failed: "One marked failed, one redriven",
    preset_no_dlq: "Error 3: a queue without a DLQ",
    preset_retention: "A DLQ with a short retention: expires unseen",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}

/// «, N what» in a caption's list of fates, or nothing when none did.
/// «, N what» for the fates that happened: `what` for one, then for many.
/// Of the DLQ's messages by then: redriven, marked failed, expired (`None`:
/// never in this run).
pub type Fates = [Option<u64>; 3];

fn said(count: Option<u64>, [one, many]: [&str; 2]) -> String {
    match count {
        None => String::new(),
        Some(1) => format!(", 1 {one}"),
        Some(n) => format!(", {n} {many}"),
    }
}
