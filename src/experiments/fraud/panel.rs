//! The fraud counter, drawn: who processed each payment, then each sink's
//! counter against the real number of payments.

use yew::prelude::*;

use super::strings::strings;
use crate::app::widgets::{about, hero, Frame, View};

type Props<'a, F> = View<'a, super::Fraud, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let p = &props.params;
    let run = &props.state;
    let by = |offset: u32| -> String {
        run.reads
            .iter()
            .filter(|r| r.offset == offset)
            .map(|r| if r.consumer == 0 { t.consumer_a } else { t.consumer_b })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rows = (0..4).map(|i| {
        let counter = run.counters[i];
        let verdict = match counter.cmp(&p.payments) {
            std::cmp::Ordering::Equal => t.exact.to_owned(),
            std::cmp::Ordering::Greater => (t.duplicates)(counter - p.payments),
            std::cmp::Ordering::Less => (t.gaps)(p.payments - counter),
        };
        html! {
            <tr data-sink={["add", "upsert", "dedup", "commit-first"][i]} class={class_list!((counter != p.payments).then_some("wrong"))}>
                <th scope="row">{ t.sinks[i] }</th><td>{ t.writes[i] }</td>
                <td class="num counter-value">{ counter }</td><td>{ verdict }</td>
            </tr>
        }
    });
    html! {
        <section class="card experiment fraud" data-experiment="fraud">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), (t.insight)(p.payments, run.counters.iter().filter(|c| **c == p.payments).count()), false, html! {
                <div class="table-scroll" tabindex="0" role="region" aria-label={t.heading}>
                    <table class="sinks-table">
                        <thead><tr><th scope="col">{ t.col_sink }</th><th scope="col">{ t.col_writes }</th><th scope="col" class="num">{ t.col_counter }</th><th scope="col">{ t.col_verdict }</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }) }
            <figure class="topic">
                <figcaption>{ t.reads_label }</figcaption>
                <ol class="cells">
                    { for (0..p.payments).map(|o| html! {
                        <li class="cell" data-offset={o.to_string()}><span class="offset">{ o }</span>{ format!(" {} · {}", (t.payment_n)(o + 1), by(o)) }</li>
                    }) }
                </ol>
            </figure>

            <h3>{ t.state_heading }</h3>
            <p>{ t.state_note }</p>
        </section>
    }
}
