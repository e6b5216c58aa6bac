//! The expiring record, drawn: each delivery on a time line with its
//! outcome, and the stored id's validity as bands.

use retry_lab_core::dedup_ttl::{Outcome, TtlDelivery};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, hero, percent, run_counters, Axis, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Ttl, F>;

use super::AXIS_MS;

/// Closer than this to the mark before it in its row, a mark is drawn lower
/// on a phone (closer than half of it, at any width): the backoff's
/// repetitions at 30 s and 90 s are 60 s apart, about 10 px of a phone's
/// track, less than a mark.
const CROWDED_MS: u64 = 70_000;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let deliveries = &props.state.deliveries;
    let again: Vec<String> = deliveries
        .iter()
        .filter(|d| d.outcome == Outcome::ProcessedAgain)
        .map(|d| crate::format::seconds(d.at_ms))
        .collect();
    let effects = deliveries.iter().filter(|d| d.outcome != Outcome::Discarded).count() as u64;
    let rows = [("effects", t.effects, format::int(effects)), ("again", t.again, (t.again_at)(&again))];
    html! {
        <section class="card experiment ttl" data-experiment="ttl">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), (t.insight)(props.params.ttl_s, effects, deliveries.len().saturating_sub(1)), false, timeline(props.frame, t, deliveries, props.at_ms, props.params.ttl_s > 0)) }
            { run_counters(props.lang, rows) }
        </section>
    }
}

/// Drawn in HTML, not SVG: a mark keeps its size in pixels and the line
/// its height at any width, where a scaled SVG shrank to 9 px on a phone.
/// As a scene, each delivery appears when the clock reaches it and the
/// stored id's band runs with the clock until it expires; the TTL (if it
/// `expires`) is a handle at the end of the first record's band.
fn timeline<F: Frame>(frame: &F, t: &Strings, deliveries: &[TtlDelivery], at_ms: Option<u64>, expires: bool) -> Html {
    let now = at_ms.unwrap_or(AXIS_MS).min(AXIS_MS);
    let pct = |ms: u64| ms.min(AXIS_MS) * 1_000 / AXIS_MS;
    let at = |ms: u64| percent(pct(ms));
    let reached: Vec<&TtlDelivery> = deliveries.iter().filter(|d| d.at_ms <= now).collect();
    let first_ms = deliveries.first().map_or(0, |d| d.at_ms);
    let axis = Axis::seconds(first_ms, AXIS_MS, 10, 1);
    let bands = reached.iter().filter(|d| d.outcome != Outcome::Discarded).map(|d| {
        let end = d.expires_at_ms.unwrap_or(AXIS_MS).min(now);
        let width = pct(end) - pct(d.at_ms);
        let style = format!("left:{};width:{}", at(d.at_ms), percent(width));
        html! { <span class="record-band" {style}></span> }
    });
    // The backoff's first repetitions are 30 s and 60 s apart: a mark that
    // close to the one before it in its row is drawn lower (and the next
    // close one back in line), or the two read as one on a phone.
    let mut last_in_row: [Option<(u64, bool)>; 2] = [None; 2];
    let marks = reached.iter().map(|d| {
        let (class, i) = match d.outcome {
            Outcome::Processed => ("processed", 0),
            Outcome::Discarded => ("discarded", 1),
            Outcome::ProcessedAgain => ("processed-again", 2),
        };
        let row = &mut last_in_row[usize::from(i == 1)];
        let gap_ms = row.filter(|(_, dodged)| !dodged).map_or(u64::MAX, |(ms, _)| d.at_ms - ms);
        let dodged = gap_ms < CROWDED_MS;
        *row = Some((d.at_ms, dodged));
        // 30 s apart they touch at any width; 60 s apart, on a phone only.
        let crowd = if gap_ms < CROWDED_MS / 2 { Some("dodged tight") } else { dodged.then_some("dodged") };
        html! { <span class={class_list!("ttl-mark", class, crowd)} style={format!("left:{}", at(d.at_ms))} title={(t.delivery)(&crate::format::seconds(d.at_ms), t.outcomes[i])}></span> }
    });
    html! {
        <figure class="gantt ttl-line">
            <div class="ttl-track">
                <div role="img" aria-label={t.timeline_label}>{ for bands }{ for marks }</div>
                if now < AXIS_MS { <span class="scene-now-mark" style={format!("left:{}", at(now))} aria-hidden="true"></span> }
                // A record that never expires has no edge to grab (its field still sets it).
                if expires { { frame.handle("ttl_s", axis) } }
            </div>
            // Every 500 s, where each falls: 0 and 2,000 s alone left the
            // retries' 450 s and 930 s to be guessed.
            <div class="tick-axis ttl-axis" aria-hidden="true">
                { for (0..=AXIS_MS).step_by(500_000).map(|ms| html! { <span style={format!("left:{}", at(ms))}>{ format!("{} s", crate::format::int(ms / 1_000)) }</span> }) }
            </div>
            <figcaption>
                <ul class="legend">
                    <li><span class="swatch record-band" aria-hidden="true"></span>{ t.legend_record }</li>
                    <li><span class="swatch processed" aria-hidden="true"></span>{ t.outcomes[0] }</li>
                    <li><span class="swatch discarded" aria-hidden="true"></span>{ t.outcomes[1] }</li>
                    <li><span class="swatch processed-again" aria-hidden="true"></span>{ t.outcomes[2] }</li>
                </ul>
            </figcaption>
        </figure>
    }
}
