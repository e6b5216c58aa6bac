//! The age alert, drawn: the queue's depth and the oldest message's age
//! over the same hour, one chart above the other, each with its alert's
//! threshold dashed, and where the age alert fires or the poison message
//! leaves for the DLQ written on the chart.

use retry_lab_core::age::{AgeConfig, AgeRun, HORIZON_S};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, chart_note, hero, Axis, Frame, View};
use crate::format::{self, duration_text};

type Props<'a, F> = View<'a, super::Age, F>;

/// One point every 10 s: 361 per line, whole viewBox units.
const STEP_S: u64 = 10;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let st = &props.state;
    let (c, run) = (&st.config, &st.run);
    let insight = super::insight(props.lang, st);
    let (depth_max, age_max) = (depth_top(c), age_top(c));
    // As a scene, the hour as far as its clock (none: the whole hour).
    let now_s = props.at_ms.map_or(HORIZON_S, |ms| (ms / 1_000).min(HORIZON_S));
    let figure = html! {
        <figure class="age-figure">
            { line_chart(t, 0, (run, now_s), &|t| c.depth_at(t), &Scale { threshold: c.depth_alert, promise: None, top: depth_max,
                threshold_label: format!("{} {}", format::int(c.depth_alert), t.messages), top_label: format::int(depth_max), grab: Html::default() }) }
            { line_chart(t, 1, (run, now_s), &|t| c.oldest_age_at(t), &Scale { threshold: c.age_alert_s, promise: Some(c.promise_s), top: age_max,
                threshold_label: duration_text(c.age_alert_s), top_label: duration_text(age_max), grab: alert_handle(props.frame, age_max) }) }
            <div class="storm-axis" aria-hidden="true"><span>{ "0" }</span><span>{ "30 min" }</span><span>{ "1 h" }</span></div>
            <figcaption><span class="legend-threshold">{ t.threshold_legend }</span>{ " · " }<span class="legend-promise">{ format!("{} {}", t.promise_legend, duration_text(c.promise_s)) }</span></figcaption>
        </figure>
    };
    html! {
        <section class="card experiment age" data-experiment="age">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), insight, false, figure) }
        </section>
    }
}

/// The depth chart's top: a quarter above the threshold or the depth.
fn depth_top(c: &AgeConfig) -> u64 {
    c.depth_alert.max(c.depth + 1) * 5 / 4
}

/// The age chart's top: the alert's threshold doubled, or the oldest age
/// in the hour if higher.
fn age_top(c: &AgeConfig) -> u64 {
    (0..=HORIZON_S / STEP_S)
        .map(|i| c.oldest_age_at(i * STEP_S))
        .max()
        .unwrap_or(0)
        .max(c.age_alert_s * 2)
        .max(c.promise_s * 5 / 4)
        .max(1)
}

/// The age alert's threshold, grabbed on its dashed line: lower it and the
/// alert fires sooner, raise it past what the poison message reaches and
/// it never fires. Inset as the chart's lines are (its viewBox has 4 units
/// of margin over and under its 100).
fn alert_handle<F: Frame>(frame: &F, top_s: u64) -> Html {
    let step = if top_s > 3_600 { 60 } else { 10 };
    let axis = Axis::level(0.0, top_s as f64, step);
    html! { <div class="level-box">{ frame.handle("age_alert_s", axis) }</div> }
}

/// One of the two charts (0: depth, 1: age): `value` over the hour against
/// (its alert's threshold, the y-axis's top).
/// A chart's y-scale: its alert's threshold, the promise (the age's), the
/// axis's top, and their words.
struct Scale {
    threshold: u64,
    promise: Option<u64>,
    top: u64,
    threshold_label: String,
    top_label: String,
    /// A handle on the threshold's line, if the chart has one.
    grab: Html,
}

fn line_chart(
    t: &Strings,
    which: usize,
    (run, now_s): (&AgeRun, u64),
    value: &dyn Fn(u64) -> u64,
    scale: &Scale,
) -> Html {
    let Scale { threshold, promise, top, .. } = *scale;
    let (threshold_label, top_label) = (scale.threshold_label.as_str(), scale.top_label.as_str());
    let y = |v: u64| 100 - (v.min(top) * 100 / top) as i64;
    let points: String = (0..=HORIZON_S / STEP_S)
        .take_while(|i| i * STEP_S <= now_s)
        .map(|i| format!("{},{} ", i * 1_000 / (HORIZON_S / STEP_S), y(value(i * STEP_S))))
        .collect();
    let permille = |s: u64| s.min(HORIZON_S) * 1_000 / HORIZON_S;
    let reached = |at: &u64| *at <= now_s;
    let note = match which {
        0 if run.depth_alert_at_s.is_none() && now_s >= HORIZON_S => chart_note(1_000, 2, "", t.never_note.to_owned()),
        1 => match (run.age_alert_at_s.filter(reached), run.to_dlq_at_s.filter(reached)) {
            (Some(at), _) => chart_note(permille(at), 2, "note-fires", t.fires_note.to_owned()),
            (None, Some(at)) => chart_note(permille(at), 2, "", t.dlq_note.to_owned()),
            _ => Html::default(),
        },
        _ => Html::default(),
    };
    let ty = y(threshold).to_string();
    let fires = if which == 1 { run.age_alert_at_s } else { run.depth_alert_at_s }
        .filter(reached)
        .map(|at| (permille(at) as i64).to_string());
    let now_x = (now_s < HORIZON_S).then(|| permille(now_s).to_string());
    html! {
        <div class="age-chart" data-chart={["depth", "age"][which]}>
            <div class="age-chart-title">{ t.charts[which] }<span class="y-top">{ (t.scale)(threshold_label, top_label) }</span></div>
            <div class="annotated">
                <svg viewBox="-4 -4 1008 108" preserveAspectRatio="none" role="img" aria-label={t.chart_label}>
                    <line class="alert-threshold" x1="0" x2="1000" y1={ty.clone()} y2={ty} />
                    if let Some(promise) = promise { <line class="promise-line" x1="0" x2="1000" y1={y(promise).to_string()} y2={y(promise).to_string()} /> }
                    if let Some(x) = fires { <line class="alert-fires" x1={x.clone()} x2={x} y1="0" y2="100" /> }
                    <polyline class="age-line" points={points} />
                    if let Some(x) = now_x { <line class="scene-now-line" x1={x.clone()} x2={x} y1="0" y2="100" /> }
                </svg>
                { note }
                { scale.grab.clone() }
            </div>
        </div>
    }
}
