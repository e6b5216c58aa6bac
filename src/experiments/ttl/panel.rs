//! The expiring record, drawn: each delivery on a time line with its
//! outcome, and the stored id's validity as bands.

use retry_lab_core::dedup_ttl::{Outcome, TtlDelivery};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, controls, counter_grid, hero, PanelProps};
use crate::format;
use crate::registry::Experiment;

/// The axis covers the whole schedule (1,890 s) and a little more.
const AXIS_MS: u64 = 2_000_000;

pub fn panel(props: &PanelProps) -> Html {
    let t = strings(props.state.lang);
    let deliveries = &props.state.units.ttl.deliveries;
    let again: Vec<String> = deliveries.iter().filter(|d| d.outcome == Outcome::ProcessedAgain).map(|d| format!("{} s", d.at_ms / 1_000)).collect();
    let effects = deliveries.iter().filter(|d| d.outcome != Outcome::Discarded).count() as u64;
    let rows = [("effects", t.effects, format::int(effects)), ("again", t.again, if again.is_empty() { "—".to_owned() } else { again.join(", ") })];
    html! {
        <section class="card experiment ttl" data-experiment="ttl">
            <h2>{ t.heading }</h2>
            { about(props, t.intro) }
            { controls(props, Experiment::Ttl, &|_| true, &|_| None, false) }
            { hero(props, (t.insight)(props.state.params.ttl.ttl_s, effects), false, timeline(t, deliveries)) }
            { counter_grid(rows) }
        </section>
    }
}

fn timeline(t: &Strings, deliveries: &[TtlDelivery]) -> Html {
    let x = |ms: u64| ms.min(AXIS_MS) * 1_000 / AXIS_MS;
    let bands = deliveries.iter().filter(|d| d.outcome != Outcome::Discarded).map(|d| {
        let end = d.expires_at_ms.unwrap_or(AXIS_MS);
        html! { <rect class="record-band" x={x(d.at_ms).to_string()} y="4" height="12" width={(x(end) - x(d.at_ms)).max(1).to_string()} /> }
    });
    let marks = deliveries.iter().map(|d| {
        let (class, i) = match d.outcome {
            Outcome::Processed => ("processed", 0),
            Outcome::Discarded => ("discarded", 1),
            Outcome::ProcessedAgain => ("processed-again", 2),
        };
        html! {
            <circle class={class} cx={x(d.at_ms).to_string()} cy="30" r="7"><title>{ (t.delivery)(d.at_ms / 1_000, t.outcomes[i]) }</title></circle>
        }
    });
    html! {
        <figure class="gantt ttl-line">
            <svg viewBox="-10 0 1020 40" role="img" aria-label={t.timeline_label}>{ for bands }{ for marks }</svg>
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
