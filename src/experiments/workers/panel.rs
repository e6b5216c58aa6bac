//! Competing consumers, drawn: the counters and one row per worker with
//! its jobs.

use retry_lab_core::queue::{MessageEnd, QueueRun, ReceiveEnd};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, hero, lane_chart, lanes_height, run_counters, Axis, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Workers, F>;

const ROWS_SHOWN: u32 = 20;
const ROW_H: u32 = 14;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let controls = props.frame.controls(&|_| true, &|_| None, false);
    let run = match &props.state.run {
        Ok(run) => run,
        Err(over) => {
            return crate::app::widgets::over_budget(
                props.frame,
                props.lang,
                "workers",
                t.heading,
                t.intro,
                controls,
                over,
            )
        }
    };
    let done = run.ends.iter().filter(|e| matches!(e, MessageEnd::Deleted { .. })).count() as u64;
    let lost = super::lost(run);
    let speedup = super::speedup(run).unwrap_or_else(|| "—".to_owned());
    let insight = super::insight(props.lang, run);
    let rows = [
        ("done_at", t.done_at, super::finished_ms(run).map_or_else(|| t.never.to_owned(), format::span_ms)),
        ("speedup", t.speedup, speedup),
        ("done", t.done, format::int(done)),
        ("repeated", t.repeated, format::int(super::done_twice(run))),
        ("lost", t.lost, format::int(lost)),
    ];
    html! {
        <section class="card experiment workers" data-experiment="workers">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, controls, insight, false, chart(props.frame, t, run, props.at_ms)) }
            { run_counters(props.lang, rows) }
        </section>
    }
}

/// The workers' lanes; as a scene, each job appears when taken and grows
/// with the clock (`at_ms`; none: the whole run).
fn chart<F: Frame>(frame: &F, t: &Strings, run: &QueueRun, at_ms: Option<u64>) -> Html {
    let workers = run.config.workers.min(ROWS_SHOWN);
    let end_ms = run.receives.iter().map(|r| r.until_ms).max().unwrap_or(1).max(1);
    let now = at_ms.unwrap_or(end_ms).min(end_ms);
    let x = |ms: u64| ms.min(now) * 1_000 / end_ms;
    let bars = run.receives.iter().filter(|r| r.worker < workers && r.at_ms <= now).map(|r| {
        let class = if r.end == ReceiveEnd::Interrupted { "job-bar cut" } else { "job-bar" };
        html! { <rect class={class} x={x(r.at_ms).to_string()} y={(r.worker * ROW_H + 2).to_string()}
        width={(x(r.until_ms) - x(r.at_ms)).saturating_sub(2).max(1).to_string()} height={(ROW_H - 4).to_string()} /> }
    });
    // The pool's size, grabbed on the lanes' lower edge (a row per worker):
    // pull it down for more workers and watch the same jobs end sooner. A
    // row's edge sits at its count from the top, so the axis counts down.
    let pool = Axis::level(f64::from(workers), 0.0, 1);
    html! {
        <figure class="gantt">
            { lane_chart("w", &mut (1..=workers), html! { <>
            <div class="annotated">
            <svg viewBox={format!("0 0 1000 {}", workers * ROW_H)} preserveAspectRatio="none" style={lanes_height(workers as usize)} role="img" aria-label={t.chart_label}>
                { for bars }
                if now < end_ms { <line class="scene-now-line" x1={x(now).to_string()} x2={x(now).to_string()} y1="0" y2={(workers * ROW_H).to_string()} /> }
            </svg>
            { frame.handle("job_workers", pool) }
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ format::span_ms(end_ms) }</span></div>
            </> }) }
            if run.config.workers > ROWS_SHOWN { <p class="hint">{ (t.rows_more)(run.config.workers - ROWS_SHOWN) }</p> }
        </figure>
    }
}
