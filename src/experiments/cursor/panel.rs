//! The cursor, drawn: a row per batch over the log (read for the first
//! time, read again), the cursor saved after it, and the two consumers'
//! counters side by side.

use retry_lab_core::polling::PollingReport;
use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{BATCH_MS, ROWS_SHOWN};
use crate::app::widgets::{about, hero, lane_chart, lanes_height, Axis, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Cursor, F>;

const ROW_H: usize = 14;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let units = &props.state;
    let (naive, idem) = (&units.naive, &units.idempotent);
    let row = |key: &'static str, label: &'static str, f: fn(&PollingReport) -> u64| {
        html! {
            <tr data-row={key}><th scope="row">{ label }</th><td>{ format::int(f(naive)) }</td><td>{ format::int(f(idem)) }</td></tr>
        }
    };
    html! {
        <section class="card experiment cursor" data-experiment="cursor">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), (t.insight)(naive.effects, idem.effects, idem.cursor_resets), false, batches(props.frame, t, (props.params, idem), props.at_ms)) }
            <p class="hint">{ t.convention }</p>
            <table class="compare-table cursor-table">
                <thead><tr><td></td><th scope="col">{ t.col_naive }</th><th scope="col">{ t.col_idempotent }</th></tr></thead>
                <tbody>
                    { row("reads", t.reads, |r| r.reads) }
                    { row("effects", t.effects, |r| r.effects) }
                    { row("discarded", t.discarded, |r| r.duplicates_discarded) }
                </tbody>
            </table>
        </section>
    }
}

/// As a scene, a batch a second: a row appears as it is read, its cursor
/// mark once it is saved (or lost). The faulty batch is grabbed on its
/// row's lower edge: move it and the log read again grows or shrinks.
fn batches<F: Frame>(
    frame: &F,
    t: &Strings,
    (p, report): (&super::Params, &PollingReport),
    at_ms: Option<u64>,
) -> Html {
    let events = report.cursor.max(1) as usize;
    let now = at_ms.unwrap_or(u64::MAX);
    let read = |i: usize| i as u64 * BATCH_MS <= now;
    let saved = |i: usize| (i as u64 + 1) * BATCH_MS <= now;
    let x = |seq: u32| seq as usize * 1_000 / events;
    let mut high = 0;
    let rows = report.batches.iter().take(ROWS_SHOWN).enumerate().take_while(|(i, _)| read(*i)).map(|(i, b)| {
        // Events below the highest read so far were read before.
        let again_to = b.to.min(high).max(b.from);
        high = high.max(b.to);
        let y = i * ROW_H;
        let rect = |class: &'static str, from: u32, to: u32| (to > from).then(|| html! {
            <rect class={class} x={x(from).to_string()} y={y.to_string()} width={(x(to) - x(from)).max(1).to_string()} height={(ROW_H - 3).to_string()} />
        });
        let end = match b.saved_cursor {
            _ if b.cursor_lost => t.reset.to_owned(),
            Some(cursor) => (t.saved)(cursor),
            None => t.not_saved.to_owned(),
        };
        // Where the next batch starts: the saved cursor, 0 once it is lost.
        let marker = b.saved_cursor.filter(|_| saved(i)).map(|c| if b.cursor_lost { 0 } else { c }).map(|c| html! {
            <line class={class_list!("cursor-mark", b.cursor_lost.then_some("lost"))} x1={x(c).to_string()} x2={x(c).to_string()} y1={y.to_string()} y2={(y + ROW_H - 3).to_string()} />
        });
        html! {
            <g>
                <title>{ (t.batch_row)(i + 1, b.from, b.to.saturating_sub(1), &end) }</title>
                { rect("reread", b.from, again_to).unwrap_or_default() }
                { rect("first-read", again_to, b.to).unwrap_or_default() }
                { marker.unwrap_or_default() }
            </g>
        }
    });
    let shown = report.batches.len().min(ROWS_SHOWN);
    html! {
        <figure class="gantt cursor-log">
            { lane_chart("", &mut (1..=shown as u32), html! { <>
            <div class="annotated">
            <svg viewBox={format!("-6 0 1012 {}", shown.max(1) * ROW_H)} preserveAspectRatio="none" style={lanes_height(shown)} role="img" aria-label={t.log_label}>{ for rows }</svg>
            // A row's lower edge sits at its number from the top: the axis counts down.
            if p.fault != super::Fault::None {
                { frame.handle("fault_batch", Axis::level(shown.max(1) as f64, 0.0, 1).up_to(shown.max(1) as u64)) }
            }
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0" }</span><span>{ report.cursor }</span></div>
            </> }) }
            <figcaption>
                <ul class="legend">
                    <li><span class="swatch first-read" aria-hidden="true"></span>{ t.legend_first }</li>
                    <li><span class="swatch reread" aria-hidden="true"></span>{ t.legend_reread }</li>
                    <li><span class="swatch cursor-mark" aria-hidden="true"></span>{ t.legend_cursor }</li>
                    if report.batches.iter().any(|b| b.cursor_lost) { <li><span class="swatch cursor-mark lost" aria-hidden="true"></span>{ t.reset }</li> }
                </ul>
                if report.batches.len() > ROWS_SHOWN { <p class="hint">{ (t.rows_more)(report.batches.len() - ROWS_SHOWN) }</p> }
            </figcaption>
        </figure>
    }
}
