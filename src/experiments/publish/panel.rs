//! Double publication, drawn: the three consumers' counters side by side
//! and the first facts' two ids under each scheme.

use retry_lab_core::engine::{Counters, Engine};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, hero, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Publish, F>;

/// Facts whose ids are listed.
const FACTS_LISTED: u32 = 3;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let unit = &props.state;
    html! {
        <section class="card experiment publish" data-experiment="publish">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { match (unit.counters(), &unit.engines) {
                (Some(counters), Some(engines)) => html! { <>
                    { hero(props.frame, props.frame.controls(&|_| true, &|_| None, true), (t.insight)(props.params.facts, props.params.twice, counters[1].effects, counters[2].effects), true, counters_table(t, &counters)) }
                    { ids_table(t, &engines[1], &engines[2]) }
                </> },
                _ => html! { <>{ props.frame.controls(&|_| true, &|_| None, true) }<p class="notice" role="alert">{ t.invalid }</p></> },
            } }
            <p class="hint">{ t.namespace_note }</p>
        </section>
    }
}

fn counters_table(t: &Strings, counters: &[Counters; 3]) -> Html {
    let row = |key: &'static str, label: &'static str, f: fn(&Counters) -> u64| {
        html! {
            <tr data-row={key}><th scope="row">{ label }</th>{ for counters.iter().map(|c| html! { <td>{ format::int(f(c)) }</td> }) }</tr>
        }
    };
    html! {
        <div class="table-scroll"><table class="compare-table publish-table">
            <thead><tr><td></td>{ for t.columns.iter().map(|c| html! { <th scope="col">{ *c }</th> }) }</tr></thead>
            <tbody>
                { row("deliveries", t.deliveries, |c| c.deliveries) }
                { row("effects", t.effects, |c| c.effects) }
                { row("discarded", t.discarded, |c| c.duplicates_discarded) }
                { row("dead_lettered", t.dead_lettered, |c| c.dead_lettered.into()) }
            </tbody>
        </table></div>
    }
}

/// A fact's publications are consecutive events (`fact_of` is the event
/// number divided by the publications per fact).
fn ids_table(t: &Strings, by_v4: &Engine, by_uuid5: &Engine) -> Html {
    let per_fact = by_v4.config().publications_per_fact;
    let listed = by_v4.counters().published.min(FACTS_LISTED * per_fact);
    let rows = (0..listed).map(|event| {
        let publication = event % per_fact + 1;
        html! {
            <tr>
                <td><code>{ by_v4.fact_key(event) }</code></td><td>{ publication }</td>
                <td><code>{ by_v4.event_id(event).to_string() }</code></td><td><code>{ by_uuid5.event_id(event).to_string() }</code></td>
            </tr>
        }
    });
    html! {
        <div class="table-scroll"><table class="publish-ids">
            <caption>{ t.ids_caption }</caption>
            <thead><tr>
                <th scope="col">{ t.col_fact }</th><th scope="col">{ t.col_publication }</th>
                <th scope="col">{ t.col_v4 }</th><th scope="col">{ t.col_uuid5 }</th>
            </tr></thead>
            <tbody>{ for rows }</tbody>
        </table></div>
    }
}
