//! Competing consumers, drawn: the counters and one row per worker with
//! its jobs.

use retry_lab_core::queue::{MessageEnd, QueueRun, ReceiveEnd};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, hero, lane_chart, lanes_height, run_counters, Axis, Frame, View};
use crate::format::{self, duration_ms};

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
    let lost = run.ends.iter().filter(|e| matches!(e, MessageEnd::Lost { .. })).count() as u64;
    let finished = run
        .ends
        .iter()
        .filter_map(|e| match e {
            MessageEnd::Deleted { at_ms } => Some(*at_ms),
            _ => None,
        })
        .max();
    let one_worker_ms = u64::from(run.config.messages) * run.config.job_ms;
    // To a tenth (200 s ÷ 36 s is 5.6×, not 5×); none when not all was done.
    let speedup = run.done_at_ms().map_or_else(
        || "—".to_owned(),
        |ms| {
            let tenths = (one_worker_ms * 10 + ms / 2) / ms.max(1);
            match tenths % 10 {
                0 => format!("{}×", format::int(tenths / 10)),
                tenth => format!("{}.{tenth}×", format::int(tenths / 10)),
            }
        },
    );
    let done_text = finished.map_or_else(|| t.never.to_owned(), format_ms);
    let mut insight = (t.insight)(run.config.workers, &done_text, &speedup, lost);
    // Why a broker's restart ends 30 s late.
    let again = restarted(run);
    if again > 0 && lost == 0 {
        insight.push_str(&(t.again)(again, &format::duration_ms(run.config.visibility_ms)));
    }
    let rows = [
        ("done_at", t.done_at, finished.map_or_else(|| t.never.to_owned(), format_ms)),
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

/// Receives beyond the first of each message: jobs started again.
fn restarted(run: &QueueRun) -> u64 {
    let mut received = vec![false; run.ends.len()];
    let firsts = run.receives.iter().filter(|r| !std::mem::replace(&mut received[r.message as usize], true)).count();
    (run.receives.len() - firsts) as u64
}

/// 300 ms → "0.3 s"; longer spans in the largest fitting unit.
fn format_ms(ms: u64) -> String {
    if ms < 60_000 {
        format::seconds(ms)
    } else {
        duration_ms(ms)
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
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ format_ms(end_ms) }</span></div>
            </> }) }
            if run.config.workers > ROWS_SHOWN { <p class="hint">{ (t.rows_more)(run.config.workers - ROWS_SHOWN) }</p> }
        </figure>
    }
}
