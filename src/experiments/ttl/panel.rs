//! The expiring record, drawn: each delivery on a time line with its
//! outcome, and the stored id's validity as bands.

use retry_lab_core::dedup_ttl::{Outcome, TtlDelivery};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, counter_grid, hero, percent, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Ttl, F>;

/// The axis covers the whole schedule (1,890 s) and a little more.
const AXIS_MS: u64 = 2_000_000;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let deliveries = &props.state.deliveries;
    let again: Vec<String> = deliveries
        .iter()
        .filter(|d| d.outcome == Outcome::ProcessedAgain)
        .map(|d| crate::format::seconds(d.at_ms))
        .collect();
    let effects = deliveries.iter().filter(|d| d.outcome != Outcome::Discarded).count() as u64;
    let rows = [
        ("effects", t.effects, format::int(effects)),
        ("again", t.again, if again.is_empty() { "—".to_owned() } else { again.join(", ") }),
    ];
    html! {
        <section class="card experiment ttl" data-experiment="ttl">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { props.frame.controls(&|_| true, &|_| None, false) }
            { hero(props.frame, (t.insight)(props.params.ttl_s, effects), false, timeline(t, deliveries)) }
            { counter_grid(rows) }
        </section>
    }
}

/// Drawn in HTML, not SVG: a mark keeps its size in pixels and the line
/// its height at any width, where a scaled SVG shrank to 9 px on a phone.
fn timeline(t: &Strings, deliveries: &[TtlDelivery]) -> Html {
    let pct = |ms: u64| ms.min(AXIS_MS) * 1_000 / AXIS_MS;
    let at = |ms: u64| percent(pct(ms));
    let bands = deliveries.iter().filter(|d| d.outcome != Outcome::Discarded).map(|d| {
        let end = d.expires_at_ms.unwrap_or(AXIS_MS);
        let width = pct(end) - pct(d.at_ms);
        let style = format!("left:{};width:{}", at(d.at_ms), percent(width));
        html! { <span class="record-band" {style}></span> }
    });
    let marks = deliveries.iter().map(|d| {
        let (class, i) = match d.outcome {
            Outcome::Processed => ("processed", 0),
            Outcome::Discarded => ("discarded", 1),
            Outcome::ProcessedAgain => ("processed-again", 2),
        };
        html! { <span class={classes!("ttl-mark", class)} style={format!("left:{}", at(d.at_ms))} title={(t.delivery)(crate::format::round_s(d.at_ms), t.outcomes[i])}></span> }
    });
    html! {
        <figure class="gantt ttl-line">
            <div class="ttl-track" role="img" aria-label={t.timeline_label}>{ for bands }{ for marks }</div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ "2,000 s" }</span></div>
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
