//! The age alert, drawn: the queue's depth and the oldest message's age
//! over the same hour, one chart above the other, each with its alert's
//! threshold dashed, and where the age alert fires or the poison message
//! leaves for the DLQ written on the chart.

use retry_lab_core::age::{AgeConfig, AgeRun, HORIZON_S};
use yew::prelude::*;

use super::strings::{strings, Strings};
use super::STEP_S;
use crate::app::widgets::{about, chart_note, hero, percent, Axis, Frame, View};
use crate::format::{self, duration_text};

type Props<'a, F> = View<'a, super::Age, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let st = &props.state;
    let (c, run) = (&st.config, &st.run);
    let insight = super::insight(props.lang, st);
    let depth_max = depth_top(c);
    let age = super::age_scale(c);
    let even = Axis::level(0.0, age.top_s as f64, step_s(age.top_s));
    let age_axis = age.knee_s.map_or(even, |knee_s| even.bent(knee_s as f64, super::KNEE_ALONG));
    // As a scene, the hour as far as its clock (none: the whole hour).
    let now_s = props.at_ms.map_or(HORIZON_S, |ms| (ms / 1_000).min(HORIZON_S));
    let figure = html! {
        <figure class="age-figure">
            { line_chart(t, 0, (run, now_s), &|t| c.depth_at(t), &Scale { threshold: c.depth_alert, promise: None, top: depth_max,
                axis: Axis::level(0.0, depth_max as f64, 1),
                threshold_label: format!("{} {}", format::int(c.depth_alert), t.messages), top_label: format::int(depth_max), grab: Html::default() }) }
            { line_chart(t, 1, (run, now_s), &|t| c.oldest_age_at(t), &Scale { threshold: c.age_alert_s, promise: Some(c.promise_s), top: age.top_s,
                axis: age_axis,
                threshold_label: duration_text(c.age_alert_s), top_label: duration_text(age.top_s), grab: alert_handle(props.frame, age_axis) }) }
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

/// The age alert's threshold, grabbed on its dashed line: lower it and the
/// alert fires sooner, raise it past what the poison message reaches and
/// it never fires. Inset as the chart's lines are (its viewBox has 4 units
/// of margin over and under its 100).
fn alert_handle<F: Frame>(frame: &F, axis: Axis) -> Html {
    html! { <div class="level-box">{ frame.handle("age_alert_s", axis) }</div> }
}

/// The alert handle's keyboard step: 10 s, a minute on a chart over an hour.
fn step_s(top_s: u64) -> u64 {
    if top_s > 3_600 {
        60
    } else {
        10
    }
}

/// One of the two charts (0: depth, 1: age): `value` over the hour against
/// (its alert's threshold, the y-axis's top).
/// A chart's y-scale: its alert's threshold, the promise (the age's), the
/// axis's top, and their words.
struct Scale {
    threshold: u64,
    promise: Option<u64>,
    top: u64,
    /// Where its values are placed (the age's is broken at its knee).
    axis: Axis,
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
    let axis = scale.axis;
    let y = |v: u64| 100 - (axis.along(v.min(top) as f64) * 100.0).round() as i64;
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
    let knee_text = knee_s(scale).map(duration_text);
    let (knee_marks, level_words) = levels(t, scale, &y);
    html! {
        <div class="age-chart" data-chart={["depth", "age"][which]}>
            <div class="age-chart-title">{ t.charts[which] }<span class="y-top">{ (t.scale)(threshold_label, top_label, knee_text.as_deref()) }</span></div>
            <div class="annotated">
                <svg viewBox="-4 -4 1008 108" preserveAspectRatio="none" role="img" aria-label={t.chart_label}>
                    { knee_marks }
                    <line class="alert-threshold" x1="0" x2="1000" y1={ty.clone()} y2={ty} />
                    if let Some(promise) = promise { <line class="promise-line" x1="0" x2="1000" y1={y(promise).to_string()} y2={y(promise).to_string()} /> }
                    if let Some(x) = fires { <line class="alert-fires" x1={x.clone()} x2={x} y1="0" y2="100" /> }
                    <polyline class="age-line" points={points} />
                    if let Some(x) = now_x { <line class="scene-now-line" x1={x.clone()} x2={x} y1="0" y2="100" /> }
                </svg>
                { note }
                { level_words }
                { scale.grab.clone() }
            </div>
        </div>
    }
}

/// The age chart's levels beyond its lines: above the knee, where each
/// second is drawn shorter, the band shaded and its edge named at the axis
/// (in the SVG); and the words on the levels, the knee's and the promise's
/// on its red line (its legend is under the chart).
fn levels(t: &Strings, scale: &Scale, y: &dyn Fn(u64) -> i64) -> (Html, Html) {
    let knee_marks = knee_s(scale).map(|knee_s| {
        let knee_y = y(knee_s).to_string();
        html! { <>
            <rect class="axis-compressed" x="0" y="0" width="1000" height={knee_y.clone()} />
            <line class="axis-knee" x1="0" x2="1000" y1={knee_y.clone()} y2={knee_y} />
        </> }
    });
    // The viewBox keeps 4 units over and under its 100: a level's height
    // in the box, in permille.
    let words = |value: u64, class: &'static str, text: String| {
        let style = format!("bottom:{}", percent((40 + (100 - y(value)) as u64 * 10) * 1_000 / 1_080));
        html! { <span class={class_list!("y-knee", class)} {style} aria-hidden="true">{ text }</span> }
    };
    let knee = knee_s(scale).map(|knee_s| words(knee_s, "", duration_text(knee_s)));
    let promise = scale.promise.map(|p| words(p, "promise-words", format!("{} {}", t.promise_words, duration_text(p))));
    (knee_marks.unwrap_or_default(), html! { <>{ knee.unwrap_or_default() }{ promise.unwrap_or_default() }</> })
}

/// The second the scale's axis is broken at, if it is.
fn knee_s(scale: &Scale) -> Option<u64> {
    scale.axis.knee.map(|(value, _)| value as u64)
}
