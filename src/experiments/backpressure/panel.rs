//! Backpressure, drawn: the arithmetic, the counters, a memory gauge and
//! the queue's length over time with its limit.

use retry_lab_core::backpressure::{BufferRun, Policy};
use yew::prelude::*;

use super::strings::strings;
use crate::app::widgets::{about, chart_note, hero, nice_up, percent, run_counters, Axis, Frame, View};
use crate::format::{self, duration_text};

type Props<'a, F> = View<'a, super::Backpressure, F>;

const CHART_W: u64 = 1_000;
const CHART_H: u64 = 100;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let params = &props.params;
    let run = &props.state.run;
    let c = &run.counters;
    let bounded = params.policy != Policy::Unbounded;
    let growth = run.growth_per_s();
    let day = growth.max(0) as u64 * 86_400;
    let mut rows: Vec<(&'static str, &'static str, u64)> =
        vec![("accepted", t.accepted, c.accepted), ("consumed", t.consumed, c.consumed)];
    // What the bound costs, in the counters and in the caption: a handle
    // moved on the limit changes (and says) it.
    let price = match params.policy {
        Policy::Unbounded => None,
        Policy::SlowProducer => Some(("held_back", t.held_back, c.held_back)),
        Policy::DropNewest => Some(("dropped_newest", t.dropped_newest, c.dropped_newest)),
        Policy::DropOldest => Some(("dropped_oldest", t.dropped_oldest, c.dropped_oldest)),
    };
    rows.extend(price);
    let (in_s, out_s) = (format::int(run.config.in_per_s), format::int(run.config.out_per_s));
    // A consumer that keeps up: no growth to count («crece -99 por segundo»).
    let mut insight = if growth > 0 {
        (t.growth)(&in_s, &out_s, &format!("+{}", format::int(growth as u64)), &format::int(day))
    } else {
        (t.keeps_up)(&in_s, &out_s)
    };
    if let Some((_, what, n)) = price {
        insight += &(t.bounded)(&format::int(run.config.capacity), what, &format::int(n));
    }
    rows.extend([("queue_max", t.queue_max, c.queue_max), ("queue_end", t.queue_end, c.queue_end)]);
    let fate = c.died_at_s.map_or_else(|| t.alive.to_owned(), |s| (t.died)(&duration_text(s)));
    let memory = run.config.memory_bytes;
    let used = c.queue_end.saturating_mul(run.config.message_bytes).min(memory);
    html! {
        <section class="card experiment backpressure" data-experiment="backpressure">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|key| bounded || key != "buffer", &|_| None, false), insight, false, html! {
                <>
                    <p class={class_list!("fate", c.died_at_s.map(|_| "died"))} role="status">{ fate.clone() }</p>
                    { chart(props, run, &fate) }
                </>
            }) }
            { run_counters(props.lang, rows.into_iter().map(|(key, label, value)| (key, label, format::int(value)))) }
            <div class="control">
                <label for={props.frame.id("memory-gauge")}>{ t.memory_gauge }</label>
                <meter id={props.frame.id("memory-gauge")} min="0" max={memory.to_string()} high={(memory / 10 * 8).to_string()} value={used.to_string()}></meter>
            </div>
        </section>
    }
}

fn chart<F: Frame>(props: &Props<F>, run: &BufferRun, fate: &str) -> Html {
    let t = strings(props.lang);
    let samples = &run.queue_samples;
    let c = &run.counters;
    // The line the queue runs into: its bound (a handle), or what fits in memory.
    let bounded = run.config.policy != Policy::Unbounded;
    let limit = if bounded { run.config.capacity } else { run.config.memory_bytes / run.config.message_bytes.max(1) };
    // A quarter above the highest of the queue and its line, up to a round
    // value: a bounded queue's limit (which the queue never passes) is not
    // the chart's edge, its handle has room to be dragged up, and the axis
    // reads as a scale («20,000»), not as a count («655,380»).
    let top = nice_up(samples.iter().copied().max().unwrap_or(0).max(limit).max(1) * 5 / 4, false);
    let total_s = run.config.duration_s.max(1);
    // As a scene, as far as its clock (none: the whole run).
    let now_s = props.at_ms.map_or(total_s, |ms| (ms / 1_000).min(total_s));
    let points: String = samples
        .iter()
        .enumerate()
        .map(|(i, &q)| (((i as u64 + 1) * run.sample_s).min(total_s), q))
        .take_while(|(s, _)| *s <= now_s)
        .map(|(s, q)| format!("{},{} ", s * CHART_W / total_s, CHART_H - q * CHART_H / top))
        .collect();
    let now_line = (now_s < total_s).then(|| (now_s * CHART_W / total_s).to_string());
    let limit_y = CHART_H - limit * CHART_H / top;
    let label = (t.chart_label)(&format::int(c.queue_max), fate);
    // Unbounded, the line is memory's, not a limit («Cola: sin límite» beside «límite 524,288» contradicted it).
    let limit_words = format!("{} {}", if bounded { t.limit_line } else { t.memory_line }, format::int(limit));
    html! {
        <figure class="queue-chart">
            <div class="y-top" aria-hidden="true">{ format!("{} {}", format::int(top), t.y_unit) }</div>
            <div class="annotated">
            <svg viewBox={format!("0 0 {CHART_W} {CHART_H}")} preserveAspectRatio="none" role="img" aria-label={label}>
                <polyline class="queue-line" points={format!("0,{CHART_H} {points}")} />
                <line class="capacity" x1="0" x2={CHART_W.to_string()} y1={limit_y.to_string()} y2={limit_y.to_string()} />
                if let Some(x) = now_line { <line class="scene-now-line" x1={x.clone()} x2={x} y1="0" y2={CHART_H.to_string()} /> }
            </svg>
            { for c.died_at_s.filter(|s| *s <= now_s).map(|s| chart_note(s.min(total_s) * 1_000 / total_s, 16, "note-dies", t.dies_note.to_owned())) }
            // The bounded queue's limit, grabbed on its line: lower it and more is dropped or held back.
            if bounded {
                { props.frame.handle("buffer", Axis::level_to(top)) }
            } else {
                // What fits in memory, named on its line (under the axis it read as the axis's).
                <span class="level-note" style={format!("bottom:{}", percent(limit.min(top) * 1_000 / top))} aria-hidden="true">{ &limit_words }</span>
            }
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ duration_text(total_s) }</span></div>
            <figcaption class="visually-hidden">{ limit_words }</figcaption>
        </figure>
    }
}
