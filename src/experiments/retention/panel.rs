//! Retention and replay, drawn: the log as one bar from the oldest (left)
//! to now (right): what the retention deleted hatched, what it keeps as a
//! band, where the group rewinds to and where the new reader starts; as a
//! scene, each reader reading toward now. The retention's edge is a handle.

use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Params, State};
use crate::app::widgets::{about, chart_note, counter_grid, hero, percent as pct, Axis, Frame, View};
use crate::format::{self, duration_text};

type Props<'a, F> = View<'a, super::Retention, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let p = &props.params;
    let st = &props.state;
    let hours = t.hours;
    let time = |s: Option<u64>| s.map_or_else(|| t.never.to_owned(), duration_text);
    let replay = st.replay.map(|b| (format::millions(b.events), b.catch_up_s.map(duration_text)));
    let insight = (t.insight)(
        &hours(p.retention_h),
        &hours(p.replay_h),
        replay.as_ref().map(|(events, caught_up)| (events.as_str(), caught_up.as_deref())),
    );
    let rows = [
        ("replay_events", t.replay_events, replay.as_ref().map_or_else(|| t.gone_note.to_owned(), |r| r.0.clone())),
        (
            "replay_time",
            t.replay_time,
            replay.as_ref().map_or_else(|| "—".to_owned(), |r| r.1.clone().unwrap_or_else(|| t.never.to_owned())),
        ),
        ("reader_events", t.reader_events, format::millions(st.new_reader.events)),
        ("reader_time", t.reader_time, time(st.new_reader.catch_up_s)),
    ];
    html! {
        <section class="card experiment retention" data-experiment="retention">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), insight, false, chart(props.frame, t, p, st, props.at_ms)) }
            { counter_grid(rows) }
        </section>
    }
}

/// The log on an «hours ago» axis: what the retention deleted, what it
/// keeps (its edge a handle), where the group rewinds and the new reader
/// starts. As a scene each reader moves toward «now» as the clock passes,
/// what it has read behind it.
fn chart<F: Frame>(frame: &F, t: &Strings, p: &Params, st: &State, at_ms: Option<u64>) -> Html {
    // The axis reaches a quarter past the older of the retention and the
    // rewind, in whole days (the lesson counts retention in days).
    let span_h = (p.retention_h.max(p.replay_h) * 5 / 4).div_ceil(24).max(1) * 24;
    let permille = |hours_ago: f64| (1_000.0 - hours_ago.min(span_h as f64) * 1_000.0 / span_h as f64).round() as u64;
    // Where each thing is at the clock (the whole run: at its end).
    let clock_s = at_ms.map_or(p.scene_s(st), |ms| ms / 1_000) as f64;
    let marks = p.marks(st.replay.is_some(), clock_s);
    let kept_from = permille(marks.kept_from_h);
    let (rewind, reader) = (permille(marks.rewind_h), permille(marks.reader_h));
    let (rewind_class, rewind_text) =
        if st.replay.is_some() { ("", t.rewind_note) } else { ("note-gone", t.gone_note) };
    let group = marks.group_h.map(permille);
    let newcomer = marks.newcomer_h.map(permille);
    // What a reader has read so far, and where it is reading.
    let read_band = |from: u64, to: u64, class: &'static str| {
        html! { <>
            <span class={class_list!("log-read", class)} style={format!("left:{};width:{}", pct(from), pct(to.saturating_sub(from)))}></span>
            <span class={class_list!("log-at", class)} style={format!("left:{}", pct(to))}></span>
        </> }
    };
    html! {
        <figure class="retention-chart">
            <div class="annotated retention-track">
                <div role="img" aria-label={t.chart_label}>
                <span class="log-deleted" style={format!("width:{}", pct(kept_from))}></span>
                <span class="log-kept" style={format!("left:{};width:{}", pct(kept_from), pct(1_000 - kept_from))}></span>
                { for group.map(|at| read_band(rewind, at, "group")) }
                { for newcomer.map(|at| read_band(reader, at, "newcomer")) }
                <span class={class_list!("log-mark", "rewind", rewind_class)} style={format!("left:{}", pct(rewind))}></span>
                <span class="log-mark reader" style={format!("left:{}", pct(reader))}></span>
                { chart_note(rewind, 2, rewind_class, rewind_text.to_owned()) }
                { chart_note(reader, 46, "note-reader", t.reader_note.to_owned()) }
                </div>
                { frame.handle("log_retention_h", Axis::hours_ago(span_h, 24)) }
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ (t.ago)(&(t.hours)(span_h)) }</span><span>{ t.now }</span></div>
            <figcaption><ul class="legend">
                <li><span class="swatch log-deleted" aria-hidden="true"></span>{ t.deleted }</li>
                <li><span class="swatch log-kept" aria-hidden="true"></span>{ t.kept }</li>
                <li><span class="swatch log-read" aria-hidden="true"></span>{ t.read_so_far }</li>
            </ul></figcaption>
        </figure>
    }
}
