//! Capacity, drawn: the queue's depth over time with the promise's line,
//! its counters, Little's law and KEDA's arithmetic.

use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Params, State};
use crate::app::widgets::{about, chart_note, counter_grid, hero, nice_up, Axis, Frame, View};
use crate::format::{self, duration_text};

type Props<'a, F> = View<'a, super::Capacity, F>;

/// C01's rates from its day, computed here as the lesson computes them.
fn c01_derivation(t: &Strings) -> String {
    use retry_lab_core::stream::capacity::{peak_per_second, per_second, C01_PEAK_FACTOR, C01_PER_DAY};
    let exact_peak = C01_PER_DAY * C01_PEAK_FACTOR / 86_400;
    (t.c01_derivation)(
        &format::millions(C01_PER_DAY),
        per_second(C01_PER_DAY),
        C01_PEAK_FACTOR,
        exact_peak,
        peak_per_second(C01_PER_DAY, C01_PEAK_FACTOR),
    )
}

/// The section each parameter's control belongs to, by key prefix.
fn section_controls<F: Frame>(props: &Props<F>, keep: fn(&str) -> bool) -> Html {
    html! {
        <div class="control-grid">
            { for super::PARAMS.iter().filter(|spec| keep(spec.meta.key)).map(|spec| props.frame.param_control(spec.meta.key, None)) }
        </div>
    }
}

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let p = &props.params;
    let c = &props.state;
    let (wanted, running, last_wait_s) = c.keda;
    let keda = p.keda_scene;
    // The hero's controls are its scene's: the burst's beside the burst.
    let beside: &dyn Fn(&str) -> bool = if keda {
        &|k| k == "scene" || k == "promise_s" || k.starts_with("keda")
    } else {
        &|k| !k.starts_with("little") && !k.starts_with("keda")
    };
    let figure =
        if keda { keda_chart(props.frame, t, (p, c), props.at_ms) } else { chart(props.frame, t, (p, c), props.at_ms) };
    html! {
        <section class="card experiment capacity" data-experiment="capacity">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            if !keda { <p class="c01-derivation">{ c01_derivation(t) }</p> }
            { hero(props.frame, props.frame.controls(beside, &|_| None, false), c.insight(props.lang, p), false, figure) }
            // The peak's counters and Little's law under the peak's scene; the
            // burst's own numbers right under its scene.
            if !keda {
                { peak_counters(t, p, c) }
                <h3>{ t.little_heading }</h3>
                { section_controls(props, |k| k.starts_with("little")) }
                // «(30 min)» whole: a phone broke it before «min)».
                { counter_grid([("little_wait", t.little_result, c.little_wait_s.map_or_else(|| "—".to_owned(), |s| format!("{} ({})", format::hours(s), duration_text(s).replace(' ', "\u{a0}"))))]) }
            }
            <h3>{ t.keda_heading }</h3>
            <p>{ t.keda_intro }</p>
            if !keda { { section_controls(props, |k| k.starts_with("keda")) } }
            { counter_grid([
                ("keda_wanted", t.keda_wanted, format::int(wanted)),
                ("keda_running", t.keda_running, format::int(running)),
                ("keda_last_wait", t.keda_last_wait, duration_text(last_wait_s)),
            ]) }
            <p class={class_list!("dlq-alert", (last_wait_s > p.promise_s).then_some("on"))} role="status">
                { (t.keda_promise)(last_wait_s.cmp(&p.promise_s), &duration_text(p.promise_s)) }
            </p>
        </section>
    }
}

/// The peak's verdict on the promise and its counters.
fn peak_counters(t: &Strings, p: &Params, c: &State) -> Html {
    let verdict = match c.longest_wait_s() {
        Some(w) if w <= p.promise_s => None,
        longest => Some((t.promise_broken)(longest.map(duration_text).as_deref())),
    };
    let rows = [
        ("sync_workers", t.sync_workers, format::int(c.sync_workers)),
        ("service", t.service, format!("{}/s", format::int(c.service_per_s))),
        ("deepest", t.deepest, format::int(c.fluid.peak.1)),
        ("newest_wait", t.newest_wait, c.newest_wait_s.map_or_else(|| t.never.to_owned(), duration_text)),
        ("oldest_age", t.oldest_age, c.oldest_age_s.map_or_else(|| "—".to_owned(), duration_text)),
        // As the lesson counts it (exercise 6: 400 s once the workers are
        // back), and on the run's clock (from the outage's start).
        (
            "drain_after_back",
            t.drain_after_back,
            c.drain_after_back_s(p).map_or_else(|| t.never.to_owned(), duration_text),
        ),
        (
            "drained",
            t.drained,
            c.fluid
                .drained_at_s
                .map_or_else(|| t.never.to_owned(), |s| (t.drained_at)(&duration_text(s).replace(' ', "\u{a0}"))),
        ),
        ("after", t.after_day, format::int(c.fluid.depth.last().map_or(0, |d| d.1))),
    ];
    html! { <>
        <p class={class_list!("dlq-alert", verdict.is_some().then_some("on"))} role="status">{ verdict.unwrap_or_else(|| t.promise_kept.to_owned()) }</p>
        // With no outage the drain «once the workers are back» is the drain
        // from the start: said once (C01 read «vuelven los workers» with
        // nobody down).
        { counter_grid(rows.into_iter().filter(|(key, ..)| *key != "drain_after_back" || p.down_s > 0)) }
    </> }
}

/// The depth as an area over the run's span, in whole units of the
/// viewBox (float formatting would cost the page ~7 KB), and the depth at
/// which the newest item waits exactly the promise; as a scene, as far as
/// its clock (`at_ms`; none: the whole run). The peak's end is grabbed on
/// the time axis: a longer peak, a deeper queue and a longer drain.
fn chart<F: Frame>(frame: &F, t: &Strings, (p, c): (&Params, &State), at_ms: Option<u64>) -> Html {
    // Scales on a ladder, so the peak's handle moves the area within them.
    let run_s = c.fluid.span_s.max(1);
    let span = nice_up(run_s, true);
    let now_s = at_ms.map_or(run_s, |ms| (ms / 1_000).min(run_s));
    let shown = crate::scene::cut(&c.fluid.depth, now_s);
    let promise_depth = p.promise_s.saturating_mul(c.service_per_s);
    let top = nice_up(
        c.fluid.depth.iter().map(|d| d.1).max().unwrap_or(0).max(promise_depth.min(c.fluid.peak.1.max(1) * 2)).max(1),
        false,
    );
    // In u64: the deepest queue the ranges allow (10 M/s for a week, twice)
    // times 100 is far below u64::MAX, and u128 division costs the page
    // compiler_builtins' 128-bit divider.
    let y = |depth: u64| 100 - (depth.saturating_mul(100) / top) as i64;
    let x = |t: u64| (t.saturating_mul(1_000) / span) as i64;
    let mut points: String = shown.iter().map(|&(s, d)| format!("{},{} ", x(s), y(d))).collect();
    points.push_str(&format!("{},100 0,100", x(shown.last().map_or(0, |p| p.0))));
    let now_line = (now_s < run_s).then(|| x(now_s).to_string());
    let promise_y = y(promise_depth.min(top));
    // What made this queue is what is grabbed: the workers' outage where
    // there is no peak (exercise 6: «El pico dura: 0 s» said nothing).
    let grabbed = if p.down_s > 0 && p.peak_per_s <= p.mean_per_s { "down_s" } else { "peak_s" };
    html! {
        <figure class="gantt capacity-chart">
            <div class="y-top" aria-hidden="true">{ format!("{} {}", format::int(top), t.y_unit) }</div>
            <div class="annotated">
            <svg viewBox="-6 -4 1012 108" preserveAspectRatio="none" role="img" aria-label={t.chart_label}>
                <polygon class="depth-area" points={points} />
                if promise_depth <= top { <line class="dlq-line" x1="0" x2="1000" y1={promise_y.to_string()} y2={promise_y.to_string()} /> }
                if let Some(x) = now_line { <line class="scene-now-line" x1={x.clone()} x2={x} y1="0" y2="100" /> }
            </svg>
            // The peak, where the newest to arrive waits longest, once the clock is there.
            if c.fluid.peak.0 <= now_s { { chart_note(x(c.fluid.peak.0) as u64, 24, "note-peak", (t.peak_note)(&format::int(c.fluid.peak.1))) } }
            <div class="plot-box">{ frame.handle(grabbed, Axis::seconds(0, span * 1_000, time_step(span), 0)) }</div>
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ duration_text(span) }</span></div>
            if promise_depth <= top { <figcaption>{ (t.promise_line)(&duration_text(p.promise_s), &format::int(promise_depth)) }</figcaption> }
        </figure>
    }
}

/// Rows drawn at most: a burst that wants more draws its first workers.
const KEDA_ROWS: u64 = 30;

/// Exercise 7's burst, one row per worker KEDA asks for, worker 1 at the
/// foot: the rows the maximum lets run fill with their jobs, a dash each, as
/// the clock passes; the rows over the maximum stay pale, workers asked for
/// that never start. The maximum is grabbed on the rows' edge (up for more
/// workers: every row ends sooner), against the promise's line.
fn keda_chart<F: Frame>(frame: &F, t: &Strings, (p, c): (&Params, &State), at_ms: Option<u64>) -> Html {
    use retry_lab_core::stream::capacity::burst_jobs;
    let (wanted, running, last_s) = c.keda;
    let rows = wanted.clamp(1, KEDA_ROWS);
    // Past both the last job and the promise, so the axis's end is neither.
    let span = nice_up(last_s.max(p.promise_s).max(1) * 6 / 5, true);
    let now_s = at_ms.map_or(last_s, |ms| ms / 1_000);
    // Drawn in the run's seconds (the viewBox is `span` wide), so a dash is
    // exactly a job: a fifth of it left as the gap before the next.
    let job = p.keda_job_s;
    let (mut lanes, mut idle) = (String::new(), String::new());
    for lane in 0..rows {
        let (path, end_s) = if lane < running {
            (&mut lanes, (burst_jobs(p.keda_messages, running, lane) * job).min(now_s))
        } else {
            (&mut idle, span)
        };
        path.push_str(&format!("M0 {}H{end_s}", (rows - 1 - lane) * 14 + 7));
    }
    // Many rows thinner, so the scene and its bar share a laptop's screen.
    let height_px = rows * (280 / rows).clamp(6, 14);
    let promise = p.promise_s.min(span);
    // No clock line: the rows' growing ends are the clock, as far as the last.
    html! {
        <figure class="gantt keda-chart">
            <div class="annotated">
            <svg viewBox={format!("0 0 {span} {}", rows * 14)} preserveAspectRatio="none" style={format!("height:{height_px}px")} role="img" aria-label={t.keda_chart_label}>
                <path class="keda-idle" d={idle} />
                <path class="keda-lane" d={lanes} stroke-dasharray={format!("{} {}", job - job / 5, job / 5)} />
                <path class="dlq-line" d={format!("M{promise} 0V{}", rows * 14)} />
            </svg>
            // The rows' count at their top, the promise where its line meets the axis.
            if running < rows { { chart_note(0, 0, "note-idle", format!("{}: {}", t.keda_wanted, format::int(wanted))) } }
            { chart_note(promise * 1_000 / span, height_px as usize + 2, "note-promise", (t.keda_promise_note)(&duration_text(p.promise_s))) }
            { frame.handle("keda_max", Axis::level(0.0, rows as f64, 1).up_to(rows)) }
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ duration_text(span) }</span></div>
        </figure>
    }
}

/// The peak handle's step: a minute on a chart of hours, ten seconds under one.
fn time_step(span_s: u64) -> u64 {
    match span_s {
        0..=3_600 => 10,
        3_601..=86_400 => 60,
        _ => 600,
    }
}
