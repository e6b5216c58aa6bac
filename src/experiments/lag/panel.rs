//! The lag, drawn: the group's counters, the alert, and the lag over time.

use retry_lab_core::stream::{group, CatchUp};
use yew::prelude::*;

use super::strings::strings;
use super::{lag_text, time_text, Params, Verdict};
use crate::app::widgets::{about, chart_note, counter_grid, hero, nice_up, percent, Axis, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Lag, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let p = &props.params;
    let c = p.catch_up();
    let (reading, idle) = group(p.partitions, p.consumers);
    let rows = [
        ("reading", t.reading, format::int(reading.into())),
        ("idle", t.idle, format::int(idle.into())),
        ("consume", t.consume, format!("{}/s", format::int(c.consume_per_s))),
        // «Sobra 0/s» hid a group falling 2,000/s behind: it says what is missing.
        match p.arrival_per_s.checked_sub(c.consume_per_s).filter(|short| *short > 0) {
            Some(short) => ("spare", t.short, format!("{}/s", format::int(short))),
            None => ("spare", t.spare, format!("{}/s", format::int(c.spare_per_s))),
        },
        ("catch_up", t.catch_up, c.catch_up_s.map_or_else(|| t.never.to_owned(), time_text)),
        // Exercise 9's two times: how long the backlog took to build up (10
        // min), and how long it would take to arrive (60 s, what the alert reads).
        ("behind_for", t.behind_for, p.behind_for_s().map_or_else(|| "—".to_owned(), time_text)),
        ("lag_time", t.lag_time, lag_text(p.lag_s())),
    ];
    let verdict = p.verdict();
    html! {
        <section class="card experiment lag" data-experiment="lag">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), p.insight(props.lang), false, chart(props.frame, props.lang, p, &c, props.at_ms)) }
            <p class={class_list!("dlq-alert", matches!(verdict, Verdict::Fires { .. }).then_some("on"), matches!(verdict, Verdict::AtTheLine | Verdict::Above).then_some("warn"))} role="status">{ p.verdict_text(props.lang) }</p>
            { counter_grid(rows) }
        </section>
    }
}

/// The lag over time: when the rate before the fix says how it built up,
/// the minutes it has been falling behind (from 0 to now), then the fix:
/// it falls at the spare rate until it reaches 0, or keeps growing. The
/// alert's line (≈ 60 s of arrivals) always sits inside the axis. The
/// scene draws it up to its clock (`at_ms` from the start; none: whole).
/// The lag at «now» is grabbed on its level: raise it past the line and
/// the alert fires; below it, the same group catches up unnoticed.
fn chart<F: Frame>(frame: &F, lang: crate::i18n::Lang, p: &Params, c: &CatchUp, at_ms: Option<u64>) -> Html {
    let t = strings(lang);
    let alert = p.alert();
    let past_s = p.behind_for_s().unwrap_or(0.0);
    let span_s = p.span_s();
    // After «ahora» on a ladder (the handle moves the line within it); laddered
    // whole, the axis ran past the run's end (+20 min for a run to +15 min).
    let whole_s = past_s + nice_up(span_s.ceil() as u64, true) as f64;
    // The clock, from «now» (the fix): the whole run when none.
    let clock_s = at_ms.map_or(span_s, |ms| (ms as f64 / 1_000.0 - past_s).min(span_s));
    let threshold = p.alert_line() as f64;
    // Headroom above the highest of the lag and the line: the line never lies on the axis's top.
    let top =
        nice_up(((p.behind as f64).max(p.lag_at(span_s)).max(threshold).max(1.0) * 1.15).ceil() as u64, false) as f64;
    // Whole units of the viewBox: formatting floats would pull ~10 KB of
    // float-printing code into the page.
    let y = |lag: f64| (100.0 - lag / top * 100.0).round() as i64;
    let permille = |s: f64| (((s + past_s) / whole_s * 1_000.0).round() as i64).clamp(0, 1_000);
    let now_x = permille(0.0);
    // The line's corners (start, now, caught up, end), cut at the clock.
    let corners = [-past_s, 0.0, c.catch_up_s.unwrap_or(span_s), span_s];
    let points: Vec<String> = corners
        .iter()
        .map(|&s| s.min(clock_s))
        .chain(std::iter::once(clock_s))
        .map(|s| format!("{},{}", permille(s), y(p.lag_at(s))))
        .collect();
    let threshold_y = y(threshold).to_string();
    let reached = |s: &f64| *s <= span_s && *s <= clock_s;
    // The run's alert within the span, drawn or not yet: «ahora» makes room for its note.
    let fires_in_span = alert.fires_at_s.filter(|s| *s <= span_s);
    let fires = fires_in_span.filter(reached);
    let caught_up = c.catch_up_s.filter(reached);
    let playing = at_ms.is_some() && clock_s < span_s;
    let clock_x = permille(clock_s);
    // The line's head at the clock: where its note stands, and what it says.
    let lag_now = p.lag_at(clock_s);
    html! {
        <figure class="gantt lag-chart">
            <div class="y-top" aria-hidden="true">{ format!("{} {}", format::int(top.round() as u64), t.y_unit) }</div>
            <div class="annotated">
            <svg viewBox="-6 -4 1012 108" preserveAspectRatio="none" role="img" aria-label={t.chart_label}>
                <line class="alert-threshold" x1="0" x2="1000" y1={threshold_y.clone()} y2={threshold_y} />
                if past_s > 0.0 && clock_s >= 0.0 { <line class="lag-now" x1={now_x.to_string()} x2={now_x.to_string()} y1="0" y2="100" /> }
                if let Some(s) = fires { <line class="alert-fires" x1={permille(s).to_string()} x2={permille(s).to_string()} y1="0" y2="100" /> }
                <polyline class="lag-line" points={points.join(" ")} />
                if playing { <line class="scene-now-line" x1={clock_x.to_string()} x2={clock_x.to_string()} y1="0" y2="100" /> }
            </svg>
            // «ahora» at the top, clear of the level's words; under the alert's
            // note when the run has one (5 min after «ahora», they would meet).
            if past_s > 0.0 && clock_s >= 0.0 { { chart_note(now_x as u64, if fires_in_span.is_some() { 32 } else { 0 }, "note-now", t.now_note.to_owned()) } }
            { for fires.map(|s| chart_note(permille(s) as u64, 0, "note-fires", t.fires_note.to_owned())) }
            { for caught_up.map(|s| chart_note(permille(s) as u64, 16, "note-done", t.caught_up_note.to_owned())) }
            if playing { { clock_note(clock_x as u64, y(lag_now), (t.lag_now)(&format::millions(lag_now.round() as u64))) } }
            <div class="plot-box">
                { threshold_note(t, p, threshold, top) }
                { frame.handle("behind", Axis::level_to(top.round() as u64)) }
            </div>
            </div>
            <div class="storm-axis" aria-hidden="true">
                <span>{ if past_s > 0.0 { format!("−{}", time_text(past_s)) } else { "0 s".to_owned() } }</span>
                <span>{ format!("+{}", time_text(whole_s - past_s)) }</span>
            </div>
            <figcaption>
                <span class="legend-threshold">{ t.threshold_legend }</span>
                if let Some(s) = fires_in_span { { " · " }<span class="legend-fires">{ (t.fires_legend)(&p.fires_when(lang, s)) }</span> }
            </figcaption>
        </figure>
    }
}

/// The alert's line named on it, left of the level's grip, on the side away
/// from the level's own line (at exercise 9's 1.2 M they are one); above it
/// when it lies near the axis (12 M behind: its words covered the axis's end).
fn threshold_note(t: &super::strings::Strings, p: &Params, threshold: f64, top: f64) -> Html {
    let below = p.behind as f64 > threshold && threshold * 5.0 > top;
    html! {
        <span class={class_list!("level-note", below.then_some("below"))} style={format!("bottom:{}", percent((threshold / top * 1_000.0) as u64))} aria-hidden="true">{ t.threshold_note }</span>
    }
}

/// The clock's «lag N» beside the line's head (`head_y`, in the viewBox's
/// units), where it never hides the newest stretch (at a fixed height it
/// covered the line as it drained past it): ahead of the clock, where
/// nothing is drawn yet (kept inside the chart near its end), under the
/// head where there is room, clear of the alert's line above. The chart is
/// 7rem: 112 px for 108 units.
fn clock_note(clock_permille: u64, head_y: i64, text: String) -> Html {
    const CHART_PX: i64 = 112;
    const NOTE_PX: i64 = 18;
    let head_px = (head_y + 4) * CHART_PX / 108;
    let below = head_px + 6;
    let top = if below + NOTE_PX <= CHART_PX { below } else { head_px - 6 - NOTE_PX };
    let style = format!("left:min({}, 100% - 7rem);top:{top}px", percent(clock_permille));
    html! { <span class="chart-note note-clock" {style} aria-hidden="true">{ text }</span> }
}
