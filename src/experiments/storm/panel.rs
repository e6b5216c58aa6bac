//! The storm, drawn: for each of the two strategies, the counters, a
//! histogram of calls per interval by outcome with the capacity as a line,
//! the breaker's state strip, and a few clients' calls; beside them, which
//! lesson argues for jitter and which against.

use retry_lab_core::storm::{amplification, BreakerState, Call, CallOutcome, StormRun};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, chart_note, hero, lane_chart, lanes_height, run_counters, Axis, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Storm, F>;

const LANES: u32 = 8;
/// SVG user units per bin, and the height of the drawing.
const BIN_W: u64 = 10;
const PLOT_H: u64 = 100;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let params = &props.params;
    let runs = &props.state.runs;
    let shown = |key: &str| match key {
        "budget_tokens" | "budget_ratio" => params.budget_on,
        "breaker_failures" | "breaker_open" | "breaker_trials" => params.breaker_on,
        _ => true,
    };
    let horizon_us = props.state.horizon_us();
    let bin_ms = props.state.bin_ms();
    // The scene's instant: what has happened by then is drawn (both sides, one clock).
    let at_us = props.at_ms.map_or(horizon_us, |ms| (ms * 1_000).min(horizon_us));
    // Each side's bins, once; one y-scale for both: equal heights mean equal calls.
    let bins = runs.each_ref().map(|run| run.as_ref().map(|run| run.histogram(bin_ms * 1_000)).unwrap_or_default());
    let y_top = runs
        .iter()
        .zip(&bins)
        .filter_map(|(run, bins)| run.as_ref().map(|run| histogram_top(run, bins, bin_ms)))
        .max()
        .unwrap_or(1);
    let insight = params.insight(props.lang, runs);
    html! {
        <section class="card experiment storm" data-experiment="storm">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&shown, &|_| None, true), insight, true, html! {
                <div class="storm-sides">
                    { for runs.iter().enumerate().map(|(side, run)| match run {
                        Some(run) => side_view(props, side, run, &bins[side], (bin_ms, horizon_us, at_us), y_top),
                        None => html! { <p class="notice" role="alert">{ t.invalid }</p> },
                    }) }
                </div>
            }) }
            if params.breaker_on { <p class="hint">{ t.breaker_defaults }</p> }
            { lessons(t) }
        </section>
    }
}

fn side_view<F: Frame>(
    props: &Props<F>,
    side: usize,
    run: &StormRun,
    bins: &[[u32; 4]],
    (bin_ms, horizon_us, at_us): (u64, u64, u64),
    y_top: u64,
) -> Html {
    let lang = props.lang;
    let t = strings(lang);
    let c = &run.counters;
    let strategy =
        t.strategy_labels[super::STRATEGY_CODES.iter().position(|s| *s == run.config.strategy.code()).unwrap_or(0)];
    let last = c.last_success_us.map_or_else(|| t.nobody.to_owned(), |us| format::seconds(format::round_ms(us)));
    let breaker = run.config.breaker.is_some();
    // Calls first, then where every client ended (the rows add up to the
    // clients), then when the last one got through.
    let mut rows = vec![("calls", t.calls.to_owned(), format::int(c.calls))];
    if breaker {
        rows.push(("calls_to_dependency", t.calls_to_dependency.to_owned(), format::int(c.calls_to_dependency)));
        rows.push(("fallbacks", t.fallbacks.to_owned(), format::int(c.fallbacks)));
    }
    rows.push(("peak", t.peak.to_owned(), format::int(c.peak_calls_per_s)));
    rows.push(("succeeded", t.succeeded.to_owned(), format::int(c.succeeded.into())));
    rows.push(("exhausted", (t.exhausted)(run.config.attempts_max), format::int(c.exhausted.into())));
    if run.config.budget.is_some() {
        rows.push(("throttled", t.throttled.to_owned(), format::int(c.throttled.into())));
    }
    if breaker {
        rows.push(("ended_on_fallback", t.ended_on_fallback.to_owned(), format::int(c.ended_on_fallback.into())));
    }
    rows.push(("last_success", t.last_success.to_owned(), last));
    if matches!(run.config.behaviour, retry_lab_core::storm::Behaviour::Fragile { .. }) {
        rows.push(("collapses", t.collapses.to_owned(), format::int(c.collapses.into())));
    }
    html! {
        <div class="storm-side" data-side={["a", "b"][side]} data-strategy={run.config.strategy.code()}>
            <h3>{ strategy }</h3>
            { histogram(t, run, bins, (bin_ms, horizon_us, at_us), y_top, recover_handle(props, side, (bin_ms, horizon_us))) }
            // On a phone both plots come first (one screen, one clock) and
            // each side's numbers after them, named again.
            <p class="side-name" aria-hidden="true">{ strategy }</p>
            { run_counters(lang, rows) }
            if breaker { { breaker_strip(t, run, span_us(bin_ms, horizon_us), at_us) } }
            { lanes(t, run, span_us(bin_ms, horizon_us), at_us) }
        </div>
    }
}

/// The dependency's recovery grabbed on the first side's plot (one handle
/// for both: they share it), on the plot's own scale: its bins end one bin
/// past the run.
fn recover_handle<F: Frame>(props: &Props<F>, side: usize, (bin_ms, horizon_us): (u64, u64)) -> Option<Html> {
    let span_ms = span_us(bin_ms, horizon_us) / 1_000;
    (side == 0).then(|| props.frame.handle("recover", Axis::seconds(0, span_ms, 1, 0)))
}

/// The time a side's plot, strip and lanes span: whole bins, one past the
/// run, so the bin of its last calls (at the horizon itself) is drawn. At
/// the horizon, the breaker preset's 35 calls at 3 s and the strip's last
/// states fell outside the plot.
fn span_us(bin_ms: u64, horizon_us: u64) -> u64 {
    (horizon_us / (bin_ms * 1_000) + 1) * bin_ms * 1_000
}

/// One stacked path per outcome, so a bin is a few commands of a path, not
/// elements of its own.
/// The tallest bin (or the capacity line), the top of a side's y-scale.
fn histogram_top(run: &StormRun, bins: &[[u32; 4]], bin_ms: u64) -> u64 {
    let capacity_per_bin = u64::from(run.config.capacity_per_s) * bin_ms / 1_000;
    bins.iter().map(|b| b.iter().map(|n| u64::from(*n)).sum::<u64>()).max().unwrap_or(0).max(capacity_per_bin).max(1)
}

fn histogram(
    t: &Strings,
    run: &StormRun,
    bins: &[[u32; 4]],
    (bin_ms, horizon_us, at_us): (u64, u64, u64),
    top: u64,
    handle: Option<Html>,
) -> Html {
    let bin_us = bin_ms * 1_000;
    let width = span_us(bin_ms, horizon_us) / bin_us * BIN_W;
    let capacity_per_bin = u64::from(run.config.capacity_per_s) * bin_ms / 1_000;
    let scale = |n: u64| n * PLOT_H / top;
    let mut paths = [String::new(), String::new(), String::new(), String::new()];
    // The bins the clock has reached (the wave arrives as it plays).
    for (i, bin) in bins.iter().enumerate().take_while(|(i, _)| *i as u64 * bin_us <= at_us) {
        let mut base = 0;
        for (slot, n) in bin.iter().enumerate().filter(|(_, n)| **n > 0) {
            let (y0, y1) = (scale(base), scale(base + u64::from(*n)));
            paths[slot] += &format!("M{} {}h{}v{}h-{}z", i as u64 * BIN_W, PLOT_H - y1, BIN_W - 1, y1 - y0, BIN_W - 1);
            base += u64::from(*n);
        }
    }
    let recover_x = run.config.recover_at_ms * BIN_W / bin_ms;
    let x = |us: u64| (us * BIN_W / bin_us).to_string();
    // The dependency down again (a synchronized wave knocked it over), and back.
    // What the clock has reached of them.
    let seen = run.collapses.iter().filter(|(down_us, _)| *down_us <= at_us);
    let collapses = seen.clone().map(|&(down_us, back_us)| {
        html! {
            <>
                <line class="mark-collapse" x1={x(down_us)} x2={x(down_us)} y1="0" y2={PLOT_H.to_string()} />
                if back_us <= at_us { <line class="mark-back" x1={x(back_us)} x2={x(back_us)} y1="0" y2={PLOT_H.to_string()} /> }
            </>
        }
    });
    let back = run.config.recover_at_ms * 1_000 <= at_us;
    let collapse_list: Vec<String> = run
        .collapses
        .iter()
        .map(|&(at_us, back_us)| {
            format!("{} → {}", format::seconds(format::round_ms(at_us)), format::seconds(format::round_ms(back_us)))
        })
        .collect();
    let capacity_y = PLOT_H - scale(capacity_per_bin);
    let bin_text = format::seconds(bin_ms);
    let label = (t.histogram_label)(
        &bin_text,
        &format::int(run.counters.peak_calls_per_s),
        &format::int(run.config.capacity_per_s.into()),
    );
    html! {
        <figure class="storm-histogram">
            // The colours' key over the drawing: under it, the scene's bar covered it at 1,280 × 900.
            { outcome_legend(t, run) }
            <div class="storm-plot">
            // The y-scale in calls per second (each bin's count × bins per second), as the prediction asks.
            <div class="y-scale" aria-hidden="true"><span>{ format!("{}/s", format::int(top * 1_000 / bin_ms)) }</span><span>{ "0" }</span></div>
            <div class="annotated">
            <svg viewBox={format!("0 0 {width} {PLOT_H}")} preserveAspectRatio="none" role="img" aria-label={label}>
                // Where the dependency is down: the outage, then each time it falls again.
                <rect class="band-down" x="0" y="0" width={recover_x.min(at_us * BIN_W / bin_us).to_string()} height={PLOT_H.to_string()} />
                { for seen.map(|&(down_us, back_us)| html! {
                    <rect class="band-down" x={x(down_us)} y="0" width={(back_us.min(at_us).saturating_sub(down_us) * BIN_W / bin_us).max(1).to_string()} height={PLOT_H.to_string()} />
                }) }
                { for paths.iter().zip(OUTCOME_CLASSES).map(|(d, class)| html! { <path class={class} d={d.clone()} /> }) }
                <line class="capacity" x1={recover_x.to_string()} x2={width.to_string()} y1={capacity_y.to_string()} y2={capacity_y.to_string()} />
                if back { <line class="mark-back" x1={recover_x.to_string()} x2={recover_x.to_string()} y1="0" y2={PLOT_H.to_string()} /> }
                { for collapses }
                if at_us < horizon_us { <line class="scene-now-line" x1={x(at_us)} x2={x(at_us)} y1="0" y2={PLOT_H.to_string()} /> }
            </svg>
            // Where it happens, once it has: the dependency back (or its handle, which says it), and the first wave that knocks it down again.
            if back && handle.is_none() { { chart_note(recover_x * 1_000 / width, 0, "note-back", t.back_mark.to_owned()) } }
            { handle.unwrap_or_default() }
            { for run.collapses.first().filter(|(down_us, _)| *down_us <= at_us).map(|&(down_us, _)| chart_note(down_us * BIN_W / bin_us * 1_000 / width, 16, "note-collapse", t.collapse_mark.to_owned())) }
            </div>
            // Under the drawing, in the y-scale's column's neighbour: «0 s» at the origin.
            { axis(t, span_us(bin_ms, horizon_us)) }
            </div>
            <figcaption>
                <p class="storm-marks">
                    <span class="legend-back">{ format!("{} {}", t.back_mark, format::seconds(run.config.recover_at_ms)) }</span>
                    if !collapse_list.is_empty() {
                        { " · " }<span class="legend-collapse">{ format!("{}: {}", t.collapse_mark, collapse_list.join(", ")) }</span>
                    }
                </p>
                { (t.per_bin)(&bin_text) }{ " · " }<span class="legend-capacity">{ (t.capacity_line)(&format::int(run.config.capacity_per_s.into())) }</span>
            </figcaption>
        </figure>
    }
}

/// Each outcome's colour: the histogram's bars and the lanes' dots.
const OUTCOME_CLASSES: [&str; 4] = ["bar-ok", "bar-overloaded", "bar-down", "bar-rejected"];

/// The outcomes' key, beside each drawing that uses their colours (a refusal
/// only where a breaker refuses).
fn outcome_legend(t: &Strings, run: &StormRun) -> Html {
    html! {
        <ul class="legend">{ for CallOutcome::ALL.iter().zip(OUTCOME_CLASSES).zip(t.outcomes)
            .filter(|((o, _), _)| **o != CallOutcome::Rejected || run.config.breaker.is_some())
            .map(|((_, class), text)| html! {
                <li><span class={class_list!("swatch", class)} aria-hidden="true"></span>{ text }</li>
            }) }</ul>
    }
}

/// Round instants of the plot's span (whole bins, one past the run; both
/// sides share it), each where it falls, under each drawing.
fn axis(t: &Strings, span_us: u64) -> Html {
    let ticks = super::axis_ticks_ms(span_us).map(|ms| {
        let left = format!("left:{}", crate::app::widgets::percent(x_of(ms * 1_000, span_us)));
        html! { <span style={left}>{ format::seconds(ms) }</span> }
    });
    html! { <div class="storm-axis tick-axis" aria-label={t.time_axis} role="group">{ for ticks }</div> }
}

fn x_of(at_us: u64, span_us: u64) -> u64 {
    at_us * 1_000 / span_us.max(1)
}

fn breaker_strip(t: &Strings, run: &StormRun, span_us: u64, at_us: u64) -> Html {
    let strip = &run.breaker_strip;
    let spans: Vec<(BreakerState, u64, u64)> = strip
        .iter()
        .enumerate()
        .take_while(|(_, (from_us, _))| *from_us <= at_us)
        .map(|(i, (from_us, state))| {
            let to_us = strip.get(i + 1).map_or(span_us, |(t, _)| *t).min(at_us);
            (*state, x_of(*from_us, span_us), x_of(to_us, span_us))
        })
        .collect();
    let rects = super::strip_layout(&spans, 1_000).into_iter().map(|(state, x, width)| {
        let class = match state {
            BreakerState::Closed => "closed",
            BreakerState::Open => "open",
            BreakerState::HalfOpen => "half-open",
        };
        html! { <rect class={class} x={x.to_string()} width={width.to_string()} y="0" height="10" /> }
    });
    let summary = strip
        .iter()
        .map(|(at, s)| format!("{} {}", format::seconds(format::round_ms(*at)), t.breaker_states[*s as usize]))
        .collect::<Vec<_>>()
        .join(", ");
    html! {
        <figure class="breaker-strip">
            <figcaption>{ t.breaker_strip }</figcaption>
            <svg viewBox="0 0 1000 10" preserveAspectRatio="none" role="img" aria-label={format!("{}: {summary}", t.breaker_strip)}>{ for rects }</svg>
            <ul class="legend">{ for ["closed", "open", "half-open"].iter().zip(t.breaker_states).map(|(class, text)| html! {
                <li><span class={class_list!("swatch", *class)} aria-hidden="true"></span>{ text }</li>
            }) }</ul>
        </figure>
    }
}

/// A few clients spread over the range, each a row of its calls (gathered
/// in one pass over the run's calls).
fn lanes(t: &Strings, run: &StormRun, span_us: u64, at_us: u64) -> Html {
    let clients = run.config.clients;
    let lanes = LANES.min(clients);
    let sample: Vec<u32> = (0..lanes).map(|i| i * clients / lanes).collect();
    let mut calls: Vec<Vec<&Call>> = vec![Vec::new(); sample.len()];
    for call in run.calls.iter().take_while(|c| c.at_us <= at_us) {
        if let Ok(row) = sample.binary_search(&call.client) {
            calls[row].push(call);
        }
    }
    let rows = calls.iter().zip(&sample).enumerate().map(|(row, (calls, &client))| {
        let dots = calls.iter().map(|c| {
            let class = ["dot-ok", "dot-overloaded", "dot-down", "dot-rejected"]
                [CallOutcome::ALL.iter().position(|o| *o == c.outcome).unwrap_or(0)];
            // A dot is a zero-length line with round caps: its stroke keeps
            // its size in pixels while the chart stretches to its box.
            let (x, y) = (x_of(c.at_us, span_us).to_string(), (row * 12 + 6).to_string());
            html! { <line class={class_list!("dot", class)} x1={x.clone()} x2={x} y1={y.clone()} y2={y} /> }
        });
        let times = calls.iter().map(|c| format::seconds(format::round_ms(c.at_us))).collect::<Vec<_>>().join(", ");
        html! { <g><title>{ format!("{}: {times}", (t.client)(client + 1)) }</title>{ for dots }</g> }
    });
    html! {
        <figure class="storm-lanes">
            <figcaption>{ t.lanes_heading }</figcaption>
            { lane_chart("#", &mut sample.iter().map(|c| c + 1), html! { <>
            <svg viewBox={format!("-6 0 1012 {}", sample.len() * 12)} preserveAspectRatio="none" style={lanes_height(sample.len())} role="img" aria-label={t.lanes_heading}>{ for rows }</svg>
            // The histogram's time, under the dots, and their colours' key.
            { axis(t, span_us) }
            </> }) }
            { outcome_legend(t, run) }
        </figure>
    }
}

fn lessons(t: &Strings) -> Html {
    html! {
        <aside class="storm-lessons">
            <h3>{ t.lessons_heading }</h3>
            <p>{ t.lesson_003_says }</p>
            <p>{ t.lesson_000_says }</p>
            <p class="hint">{ t.measured }</p>
            <p>{ (t.amplification)("3", "5") }{ format!(" 4^5 = {}.", crate::format::int(amplification(3, 5))) }</p>
        </aside>
    }
}
