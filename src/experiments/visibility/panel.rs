//! The visibility timeout, drawn: the counters, and a Gantt chart with one
//! row per receive (the time the message stayed hidden, the worker's job,
//! the delete).

use retry_lab_core::queue::{MessageEnd, QueueRun, Receive, ReceiveEnd};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, hero, lane_chart, lanes_height, percent, run_counters, Axis, Frame, View, LANE_PX};
use crate::format::{self, duration_ms};

type Props<'a, F> = View<'a, super::Visibility, F>;

use super::ROWS_SHOWN;
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
    let insight = params.insight(props.lang, run);
    let rows = [
        ("copies", t.copies, format::int(run.copies(0) as u64)),
        ("worker_time", t.worker_time, duration_ms(run.worker_ms())),
        ("effects_naive", t.effects_naive, format::int(run.naive_effects() as u64)),
        ("effects_idempotent", t.effects_idempotent, format::int(super::idempotent_effects(run))),
        ("done_at", t.done_at, at_or_never(done)),
        ("dead_letter_at", t.dead_letter_at, at_or_never(run.dead_letter_at_ms(0))),
    ];
    html! {
        <section class="card experiment visibility" data-experiment="visibility">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, controls, insight, false, gantt(props.frame, t, run, props.at_ms)) }
            { rule }
            { run_counters(props.lang, rows) }
        </section>
    }
}

/// The Gantt at the scene's instant: each receive appears when it happens,
/// its hidden band and its job grow with the clock, a copy reappears where
/// the timeout runs out.
fn gantt<F: Frame>(frame: &F, t: &Strings, run: &QueueRun, at_ms: Option<u64>) -> Html {
    let shown = &run.receives[..run.receives.len().min(ROWS_SHOWN)];
    let end_ms = super::gantt_end_ms(shown);
    let now = at_ms.unwrap_or(end_ms).min(end_ms);
    let x = |ms: u64| ms.min(end_ms).min(now) * 1_000 / end_ms;
    let reached = shown.iter().take_while(|r| r.at_ms <= now).count();
    let rows = shown[..reached].iter().enumerate().map(|(i, r)| {
        let y = i * ROW_H;
        let outcome = match r.end {
            ReceiveEnd::Deleted => t.legend_deleted,
            _ => "",
        };
        let title = (t.receive_row)(i + 1, &duration_ms(r.at_ms), outcome);
        let deleted = (r.end == ReceiveEnd::Deleted && r.until_ms <= now).then(|| html! {
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
    // The timeout, grabbed where the first receive's hidden band ends:
    // drag it past the job's end and the copies stop.
    let first_ms = shown.first().map_or(0, |r| r.at_ms);
    let axis = Axis::seconds(first_ms, end_ms, 10, 1);
    let dlq = run.ends.first().and_then(|e| match e {
        MessageEnd::DeadLettered { at_ms } => Some(*at_ms),
        _ => None,
    });
    html! {
        <figure class="gantt handled">
            { lane_chart("", &mut (1..=shown.len() as u32), html! { <>
            <div class="annotated">
            <svg viewBox={format!("0 0 1000 {}", shown.len().max(1) * ROW_H)} preserveAspectRatio="none" style={lanes_height(shown.len())} role="img" aria-label={t.gantt_label}>
                { for rows }
                if let Some(at) = dlq.filter(|at| *at <= now) { <line class="dlq-line" x1={x(at).to_string()} x2={x(at).to_string()} y1="0" y2={(shown.len() * ROW_H).to_string()} /> }
                if now < end_ms { <line class="scene-now-line" x1={x(now).to_string()} x2={x(now).to_string()} y1="0" y2={(shown.len() * ROW_H).to_string()} /> }
            </svg>
            // On the chart, once the clock reaches it: the first copy the timeout hands out, and the last one drawn.
            { for shown[..reached].get(1).map(|r| copy_note(&x, r, 1, (t.copy_note)(2), super::timeout_made_copy_two(run).then_some(t.copy_why))) }
            { for (reached > 2).then(|| copy_note(&x, &shown[reached - 1], reached - 1, (t.copy_note)(reached), None)) }
            { for died_note(&x, t, run, now) }
            { frame.handle("visibility_s", axis) }
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

/// Where the worker died, once the clock reaches it: its job's bar stops
/// there and its message stays hidden (the long deadline's 80 minutes drew
/// a short bar and a long band, and nothing said why).
fn died_note(x: &dyn Fn(u64) -> u64, t: &Strings, run: &QueueRun, now: u64) -> Option<Html> {
    let dies_ms = super::death_ms(run).filter(|ms| *ms <= now)?;
    let style = format!("left:{};top:0px", percent(x(dies_ms)));
    Some(
        html! { <span class="chart-note note-right note-copy note-died" {style} aria-hidden="true">{ t.died_note }</span> },
    )
}

/// A copy's words on its own row beside its hidden band: after the band,
/// pointing back, while they fit before the chart's right edge; else before
/// it, pointing on; else (room on neither side) on the band, from its start.
/// (On the row above, a phone's narrow chart let them cover the first job's
/// whole bar and its one deletion.)
fn copy_note(x: &dyn Fn(u64) -> u64, r: &Receive, row: usize, name: String, why: Option<&str>) -> Html {
    let (start, end) = (x(r.at_ms), x(r.hidden_until_ms));
    let top = row * LANE_PX;
    // Its why («: venció el timeout») waits for room: a phone's plot shows
    // «copia 2» alone (the line under the figure says why), never cut.
    let why = why.map(|why| html! { <span class="note-why">{ why }</span> });
    let (style, side, before, after) = if end <= 600 {
        (format!("left:{};top:{top}px", percent(end)), "note-right", "◂ ", "")
    } else if start >= 400 {
        (format!("right:{};top:{top}px", percent(1_000 - start)), "note-left", "", " ▸")
    } else {
        // A long band from near the left (the heartbeat's copy, 6 min into 46):
        // no room on either side, so its words go on it, from its start.
        (format!("left:{};top:{top}px", percent(start)), "note-on", "", "")
    };
    html! {
        <span class={class_list!("chart-note", side, "note-copy")} {style} aria-hidden="true">
            { before }{ name }{ for why }{ after }
        </span>
    }
}
