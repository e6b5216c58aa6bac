//! Timeouts and bulkheads, drawn: per dependency, what became of its
//! requests; the workers each one holds over time.

use retry_lab_core::timeouts::PoolRun;
use yew::prelude::*;

use super::strings::strings;
use crate::app::widgets::{about, counter_grid, hero, percent, run_totals, Axis, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Timeouts, F>;

const CHART_H: u64 = 100;
const SAMPLE_W: u64 = 4;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let run = &props.state.run;
    let c = &run.counters;
    // The rule, and whether this run paid for breaking it: a timeout past
    // the deadline wastes work only when some call outlasts the deadline.
    let wasted = c.iter().any(|c| c.wasted_ms > 0);
    // Kept to the letter by a timeout so short that no call is answered (1 ms).
    let none_answered = c.iter().all(|c| c.in_time == 0);
    let rule = match (run.config.timeout_ms < run.config.deadline_ms, wasted) {
        (true, _) if none_answered => ("rule broken", t.rule_too_short),
        (true, _) => ("rule kept", t.rule_kept),
        (false, true) => ("rule broken", t.rule_broken),
        (false, false) => ("rule kept", t.rule_unpaid),
    };
    html! {
        <section class="card experiment timeouts" data-experiment="timeouts">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), (t.insight)(c[0].in_time, c[0].requests, c[1].in_time, c[1].requests), false, chart(props, run)) }
            <p class={rule.0} role="status">{ rule.1 }</p>
            { run_totals(props.lang) }
            <div class="storm-sides">
                { for (0..2).map(|dep| dependency(props, run, dep)) }
            </div>
        </section>
    }
}

fn dependency<F: Frame>(props: &Props<F>, run: &PoolRun, dep: usize) -> Html {
    let t = strings(props.lang);
    let c = &run.counters[dep];
    let rows = [
        ("requests", t.requests, format::int(c.requests)),
        ("in_time", t.in_time, format::int(c.in_time)),
        ("timed_out", t.timed_out, format::int(c.timed_out)),
        ("too_late", t.too_late, format::int(c.too_late)),
        ("rejected", t.rejected, format::int(c.rejected)),
        ("wasted", t.wasted, format::int(c.wasted_ms.div_ceil(1_000))),
    ];
    html! {
        <div class="storm-side" data-dependency={["a", "b"][dep]}>
            <h3>{ t.dependencies[dep] }</h3>
            { counter_grid(rows) }
        </div>
    }
}

/// Busy workers, A stacked under B, one column per 100 ms.
fn chart<F: Frame>(props: &Props<F>, run: &PoolRun) -> Html {
    let t = strings(props.lang);
    let workers = u64::from(run.config.workers.max(1));
    let width = run.busy_samples.len() as u64 * SAMPLE_W;
    // As a scene, the samples up to its clock (none: the whole run).
    let shown = props.at_ms.map_or(run.busy_samples.len(), |ms| (ms / retry_lab_core::timeouts::SAMPLE_MS) as usize);
    let now_x = (shown < run.busy_samples.len()).then(|| (shown as u64 * SAMPLE_W).to_string());
    let mut paths = [String::new(), String::new()];
    for (i, busy) in run.busy_samples.iter().enumerate().take(shown) {
        let (a, b) = (u64::from(busy[0]) * CHART_H / workers, u64::from(busy[1]) * CHART_H / workers);
        let x = i as u64 * SAMPLE_W;
        if a > 0 {
            paths[0] += &format!("M{x} {}h{SAMPLE_W}v{a}h-{SAMPLE_W}z", CHART_H - a);
        }
        if b > 0 {
            paths[1] += &format!("M{x} {}h{SAMPLE_W}v{b}h-{SAMPLE_W}z", CHART_H - a - b);
        }
    }
    html! {
        <figure class="storm-histogram">
            { call_strip(props, run) }
            <div class="y-top" aria-hidden="true">{ format!("{} workers", format::int(workers)) }</div>
            <svg viewBox={format!("0 0 {width} {CHART_H}")} preserveAspectRatio="none" role="img" aria-label={(t.chart_label)(&format::int(workers))}>
                <path class="bar-down" d={paths[0].clone()} />
                <path class="bar-ok" d={paths[1].clone()} />
                if let Some(x) = now_x { <line class="scene-now-line" x1={x.clone()} x2={x} y1="0" y2={CHART_H.to_string()} /> }
            </svg>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ format!("{} s", run.config.duration_s) }</span></div>
            <figcaption><ul class="legend">
                <li><span class="swatch bar-down" aria-hidden="true"></span>{ t.busy[0] }</li>
                <li><span class="swatch bar-ok" aria-hidden="true"></span>{ t.busy[1] }</li>
            </ul></figcaption>
        </figure>
    }
}

/// A call's axis: 1 ms to a minute (the timeout's and the latency's whole
/// range), on a log scale so 50 ms, 300 ms and 10 s all read.
const CALL_AXIS_MS: u64 = 60_000;
const CALL_TICKS: [(u64, &str); 4] = [(10, "10 ms"), (100, "100 ms"), (1_000, "1 s"), (10_000, "10 s")];

/// One call to A over the pool's chart: the worker held until A answers or
/// the timeout cuts it, the caller's deadline, and the timeout grabbed on
/// it. Drag it under the deadline and the pool below stops filling.
fn call_strip<F: Frame>(props: &Props<F>, run: &PoolRun) -> Html {
    let t = strings(props.lang);
    let c = &run.config;
    let axis = Axis::log(CALL_AXIS_MS as f64, 50, 50);
    let at = |ms: u64| percent((axis.along(ms.min(CALL_AXIS_MS) as f64) * 1_000.0) as u64);
    let answer_ms = c.latency_ms[0];
    let held_ms = answer_ms.min(c.timeout_ms);
    html! {
        <div class="call-strip">
            <div class="call-heading">{ t.call_heading }</div>
            <div class="handle-strip call-track">
                <span class="call-held bar-down" style={format!("width:{}", at(held_ms))}></span>
                <span class="call-answer" style={format!("left:{}", at(answer_ms))} title={t.call_answer}></span>
                <span class="call-deadline" style={format!("left:{}", at(c.deadline_ms))}>
                    <span class="call-deadline-note">{ (t.call_deadline)(&format::ms_text(c.deadline_ms)) }</span>
                </span>
                { props.frame.handle("timeout_ms", axis) }
            </div>
            <div class="tick-axis" aria-hidden="true">{ for CALL_TICKS.iter().map(|(ms, label)| html! { <span style={format!("left:{}", at(*ms))}>{ *label }</span> }) }</div>
        </div>
    }
}
