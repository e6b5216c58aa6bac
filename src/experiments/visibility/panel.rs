//! The visibility timeout, drawn: the counters, and a Gantt chart with one
//! row per receive (the time the message stayed hidden, the worker's job,
//! the delete).

use retry_lab_core::queue::{MessageEnd, QueueRun, ReceiveEnd};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, chart_note, counter_grid, hero, lane_chart, lanes_height, Frame, View, LANE_PX};
use crate::format::{self, duration_ms, duration_text};

type Props<'a, F> = View<'a, super::Visibility, F>;

/// Rows drawn at most (a poison message redelivered for days has thousands).
const ROWS_SHOWN: usize = 40;
const ROW_H: usize = 14;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let controls = props.frame.controls(&|_| true, &|_| None, false);
    let rule = html! { <p class="hint">{ t.zero_is_off }{ " " }{ t.rule }</p> };
    let run = match &props.state.run {
        Ok(run) => run,
        Err(over) => {
            return crate::app::widgets::over_budget(
                props.frame,
                props.lang,
                "visibility",
                t.heading,
                t.intro,
                html! { <>{ controls }{ rule }</> },
                over,
            )
        }
    };
    let at_or_never = |ms: Option<u64>| ms.map_or_else(|| t.never.to_owned(), duration_ms);
    let done = run.done_at_ms();
    let params = &props.params;
    let insight =
        (t.insight)(run.copies(0) as u64, &duration_text(params.timeout_s.into()), &duration_text(params.job_s.into()));
    let rows = [
        ("copies", t.copies, format::int(run.copies(0) as u64)),
        ("worker_time", t.worker_time, duration_ms(run.worker_ms())),
        ("effects_naive", t.effects_naive, format::int(run.naive_effects() as u64)),
        ("effects_idempotent", t.effects_idempotent, format::int(u64::from(done.is_some()))),
        ("done_at", t.done_at, at_or_never(done)),
        ("dead_letter_at", t.dead_letter_at, at_or_never(run.dead_letter_at_ms(0))),
    ];
    html! {
        <section class="card experiment visibility" data-experiment="visibility">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { controls }
            { hero(props.frame, insight, false, gantt(t, run)) }
            { rule }
            { counter_grid(rows) }
        </section>
    }
}

fn gantt(t: &Strings, run: &QueueRun) -> Html {
    let shown = &run.receives[..run.receives.len().min(ROWS_SHOWN)];
    let end_ms = shown.iter().map(|r| r.hidden_until_ms.max(r.until_ms)).max().unwrap_or(1).max(1);
    let x = |ms: u64| ms.min(end_ms) * 1_000 / end_ms;
    let rows = shown.iter().enumerate().map(|(i, r)| {
        let y = i * ROW_H;
        let outcome = match r.end {
            ReceiveEnd::Deleted => t.legend_deleted,
            _ => "",
        };
        let title = (t.receive_row)(i + 1, &duration_ms(r.at_ms), outcome);
        let deleted = (r.end == ReceiveEnd::Deleted).then(|| html! {
            <line class="deleted" x1={x(r.until_ms).to_string()} x2={x(r.until_ms).to_string()} y1={y.to_string()} y2={(y + ROW_H - 2).to_string()} />
        });
        html! {
            <g>
                <title>{ title }</title>
                <rect class="hidden-band" x={x(r.at_ms).to_string()} y={y.to_string()} height={(ROW_H - 2).to_string()}
                    width={(x(r.hidden_until_ms) - x(r.at_ms)).max(1).to_string()} />
                <rect class="work-bar" x={x(r.at_ms).to_string()} y={(y + 4).to_string()} height="4"
                    width={(x(r.until_ms) - x(r.at_ms)).max(1).to_string()} />
                { deleted.unwrap_or_default() }
            </g>
        }
    });
    let dlq = run.ends.first().and_then(|e| match e {
        MessageEnd::DeadLettered { at_ms } => Some(*at_ms),
        _ => None,
    });
    html! {
        <figure class="gantt">
            { lane_chart("", &mut (1..=shown.len() as u32), html! { <>
            <div class="annotated">
            <svg viewBox={format!("0 0 1000 {}", shown.len().max(1) * ROW_H)} preserveAspectRatio="none" style={lanes_height(shown.len())} role="img" aria-label={t.gantt_label}>
                { for rows }
                if let Some(at) = dlq { <line class="dlq-line" x1={x(at).to_string()} x2={x(at).to_string()} y1="0" y2={(shown.len() * ROW_H).to_string()} /> }
            </svg>
            // On the chart: the first copy the timeout hands out, and the last one drawn.
            { for shown.get(1).map(|r| chart_note(x(r.at_ms), LANE_PX, "note-copy", (t.copy_note)(2, true))) }
            { for (shown.len() > 2).then(|| chart_note(x(shown[shown.len() - 1].at_ms), (shown.len() - 1) * LANE_PX, "note-copy", (t.copy_note)(shown.len(), false))) }
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ duration_ms(end_ms) }</span></div>
            </> }) }
            <figcaption>
                <ul class="legend">
                    <li><span class="swatch hidden-band" aria-hidden="true"></span>{ t.legend_hidden }</li>
                    <li><span class="swatch work-bar" aria-hidden="true"></span>{ t.legend_work }</li>
                    <li><span class="swatch deleted" aria-hidden="true"></span>{ t.legend_deleted }</li>
                </ul>
                if run.receives.len() > ROWS_SHOWN { <p class="hint">{ (t.rows_more)(run.receives.len() - ROWS_SHOWN) }</p> }
            </figcaption>
        </figure>
    }
}
