//! What the queue experiments share (workers, visibility, dlq): a run or
//! the work budget it went over, its numbers and tables, and the words for
//! what to lower.

/// A queue experiment's run, or why the core refused it (the panel then
/// says what to lower, and shows nothing half-computed).
#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub type QueueOutcome = Result<std::rc::Rc<retry_lab_core::queue::QueueRun>, retry_lab_core::queue::QueueError>;

/// Why a queue run was refused: over its work budget, what to lower (the
/// page's words, and the CLI's, which exits 2 with them); a config out of
/// range, the core's own words.
#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub fn refusal_text(lang: crate::i18n::Lang, refused: &retry_lab_core::queue::QueueError) -> String {
    let over = match refused {
        retry_lab_core::queue::QueueError::OverBudget(over) => over,
        // Never from the page, whose ranges lie within the core's (each
        // queue experiment tests its extremes): the core's own words.
        retry_lab_core::queue::QueueError::Config(e) => return e.to_string(),
    };
    let steps = crate::format::int(over.steps_max);
    let mut lower: Vec<&str> = Vec::new();
    if over.redeliveries {
        lower.extend(lang.pick(
            ["sube el visibility timeout", "pon un máximo de recepciones (DLQ)", "acorta la retención"],
            ["raise the visibility timeout", "set a maximum of receives (DLQ)", "shorten the retention"],
        ));
    }
    if over.heartbeats {
        lower.push(lang.pick("alarga el intervalo del latido", "lengthen the heartbeat interval"));
    }
    lower.push(lang.pick("usa menos mensajes o workers", "use fewer messages or workers"));
    lang.pick(format!("Esta configuración pasa de {steps} pasos de simulación: no se muestra ningún resultado a medias. Para que quepa, {}.", lower.join(", ")), format!(
            "This setting takes over {steps} simulation steps: no half-computed result is shown. To fit, {}.",
            lower.join(", ")
        ))
}

/// A queue outcome's numbers: the run's, or what to lower.
#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub fn queue_outcome_numbers(outcome: &QueueOutcome) -> crate::unit::Numbers {
    match outcome {
        Ok(run) => queue_numbers(run),
        Err(refused) => {
            let name = match refused {
                retry_lab_core::queue::QueueError::Config(_) => "refused",
                retry_lab_core::queue::QueueError::OverBudget(_) => "over_budget",
            };
            vec![(name, crate::number::Number::Text(refusal_text(crate::i18n::Lang::En, refused)))]
        }
    }
}

/// A queue outcome's export tables (none over budget).
#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub fn queue_outcome_tables(outcome: &QueueOutcome) -> Vec<crate::table::Table> {
    outcome.as_ref().map(|run| queue_tables(run)).unwrap_or_default()
}

/// What a queue run comes to (workers, visibility, dlq): `retry-lab presets`.
#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub fn queue_numbers(run: &retry_lab_core::queue::QueueRun) -> crate::unit::Numbers {
    use crate::number::{Number, TimeStyle};
    use retry_lab_core::queue::{DlqFate, MessageEnd};
    let count = |f: fn(&MessageEnd) -> bool| Number::count(run.ends.iter().filter(|e| f(e)).count() as u64);
    let received: std::collections::BTreeSet<u32> = run.receives.iter().map(|r| r.message).collect();
    let fates = |f: fn(&DlqFate) -> bool| Number::count(run.dlq.iter().filter(|e| f(&e.fate)).count() as u64);
    let at = |ms: u64| Number::Time(ms, TimeStyle::Seconds);
    let clock = |ms: u64| Number::Time(ms, TimeStyle::Clock);
    // The first eight receives, and "…" for more.
    let mut first_receives: Vec<Number> =
        run.receives.iter().filter(|r| r.message == 0).take(9).map(|r| at(r.at_ms)).collect();
    if first_receives.len() == 9 {
        first_receives[8] = Number::Missing("…", "s");
    }
    vec![
        ("messages", Number::count(run.ends.len() as u64)),
        ("done", count(|e| matches!(e, MessageEnd::Deleted { .. }))),
        ("lost", count(|e| matches!(e, MessageEnd::Lost { .. }))),
        ("repeated", Number::count((run.receives.len() - received.len()) as u64)),
        ("done_at", Number::or(run.done_at_ms().map(at), "—", "s")),
        ("message_1_copies", Number::count(run.copies(0) as u64)),
        ("message_1_received_at", Number::List(first_receives, ", ")),
        ("effects_without_idempotency", Number::count(run.naive_effects() as u64)),
        ("to_the_dlq_at", Number::List(run.dlq.iter().map(|e| clock(e.moved_at_ms)).collect(), ", ")),
        ("redriven", fates(|f| matches!(f, DlqFate::Redriven { .. }))),
        ("marked_failed", fates(|f| matches!(f, DlqFate::MarkedFailed { .. }))),
        ("expired_in_the_dlq", fates(|f| matches!(f, DlqFate::Expired { .. }))),
        ("poison_messages", Number::count(run.poison.iter().filter(|p| **p).count() as u64)),
        ("workers", Number::count(run.config.workers)),
        ("worker_time", clock(run.worker_ms())),
        ("worker_time_s", Number::Int(crate::format::round_s(run.worker_ms()), "s")),
        ("poison_worker_time", clock(run.poison_worker_ms())),
    ]
}

/// A queue run's own tables for an export (workers, visibility, dlq): every
/// receive, and every stay in the DLQ. Messages numbered from 1, as the page
/// shows them; times in seconds.
#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub fn queue_tables(run: &retry_lab_core::queue::QueueRun) -> Vec<crate::table::Table> {
    use crate::format::format_seconds as s;
    use retry_lab_core::queue::{DlqFate, ReceiveEnd};
    let receives = run.receives.iter().map(|r| {
        let end = match r.end {
            ReceiveEnd::Deleted => "deleted",
            ReceiveEnd::FinishedAfterDelete => "finished_after_delete",
            ReceiveEnd::Abandoned => "abandoned",
            ReceiveEnd::Crashed => "crashed",
            ReceiveEnd::Unfinished => "unfinished",
            ReceiveEnd::Interrupted => "interrupted",
            ReceiveEnd::AckRefused => "ack_refused",
        };
        vec![
            (r.message + 1).to_string(),
            (r.worker + 1).to_string(),
            s(r.at_ms),
            s(r.until_ms),
            s(r.hidden_until_ms),
            end.to_owned(),
        ]
    });
    let dlq = run.dlq.iter().map(|e| {
        let (fate, at_ms) = match e.fate {
            DlqFate::Redriven { at_ms, .. } => ("redriven", at_ms),
            DlqFate::MarkedFailed { at_ms } => ("marked_failed", at_ms),
            DlqFate::Expired { at_ms } => ("expired", at_ms),
        };
        vec![(e.message + 1).to_string(), s(e.moved_at_ms), e.receive_count.to_string(), fate.to_owned(), s(at_ms)]
    });
    vec![
        crate::table::Table {
            name: "receives",
            columns: &["message", "worker", "at_s", "busy_until_s", "hidden_until_s", "end"],
            rows: receives.collect(),
        },
        crate::table::Table {
            name: "dead_letter_queue",
            columns: &["message", "moved_at_s", "receives", "fate", "fate_at_s"],
            rows: dlq.collect(),
        },
    ]
}
