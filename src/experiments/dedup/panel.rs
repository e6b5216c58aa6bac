//! Where the record goes, drawn: lesson 001's steps as a strip per
//! placement (transactions boxed, the crash marked), the three rows in
//! lesson 004's columns, and two copies of one message at once.

use retry_lab_core::dedup_record::concurrent_copies;
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, controls, hero, param_control, PanelProps};
use crate::format;
use crate::registry::{Experiment, ParamId};

/// A strip: steps (indices into `Strings::steps`), transactions, the crash.
enum Part {
    Step(usize),
    Tx(&'static [usize]),
    Crash,
}

/// Lesson 001's code, then the record as a step of its own after or before the effect.
const STRIPS: [&[Part]; 3] = [
    &[Part::Tx(&[0, 1, 2, 3]), Part::Crash, Part::Step(4)],
    &[Part::Step(0), Part::Tx(&[1, 3]), Part::Crash, Part::Tx(&[2, 3]), Part::Step(4)],
    &[Part::Step(0), Part::Tx(&[2, 3]), Part::Crash, Part::Tx(&[1, 3]), Part::Step(4)],
];

pub fn panel(props: &PanelProps) -> Html {
    let state = &props.state;
    let t = strings(state.lang);
    let rows = &state.units.dedup.rows;
    let table_rows = rows.iter().enumerate().map(|(i, r)| html! {
        <tr data-placement={r.placement.code()}>
            <th scope="row">{ t.placements[i] }</th>
            <td>{ format::int(r.deliveries) }</td><td>{ format::int(r.effects) }</td>
            <td>{ format::int(r.discarded) }</td><td>{ format::int(r.lost.into()) }</td>
            <td>{ t.verdicts[i] }</td>
        </tr>
    });
    let insight = match rows.as_slice() {
        [same_tx, after, before] => (t.insight)(state.params.dedup.messages, same_tx.effects, after.effects, before.lost),
        _ => String::new(),
    };
    html! {
        <section class="card experiment dedup" data-experiment="dedup">
            <h2>{ t.heading }</h2>
            { about(props, t.intro) }
            { controls(props, Experiment::Dedup, &|key| key != "unique", &|_| None, true) }
            { hero(props, insight, true, html! {
                <div class="table-scroll"><table class="dedup-table">
                    <thead><tr>
                        <th scope="col">{ t.col_placement }</th><th scope="col">{ t.col_deliveries }</th><th scope="col">{ t.col_effects }</th>
                        <th scope="col">{ t.col_discarded }</th><th scope="col">{ t.col_lost }</th><td></td>
                    </tr></thead>
                    <tbody>{ for table_rows }</tbody>
                </table></div>
            }) }
            { strips(t) }
            { concurrent(props, t) }
        </section>
    }
}

fn strips(t: &Strings) -> Html {
    let chip = |i: usize| html! { <li class="step">{ t.steps[i] }</li> };
    let strip = |parts: &[Part]| parts.iter().map(|part| match part {
        Part::Step(i) => chip(*i),
        Part::Tx(steps) => html! {
            <li class="tx"><span class="tx-label">{ t.transaction }</span><ol>{ for steps.iter().map(|i| chip(*i)) }</ol></li>
        },
        Part::Crash => html! { <li class="crash"><span aria-hidden="true">{ "⚡ " }</span>{ t.crash_here }</li> },
    }).collect::<Html>();
    html! {
        <figure class="strips">
            <figcaption class="visually-hidden">{ t.steps_label }</figcaption>
            { for STRIPS.iter().enumerate().map(|(i, parts)| html! {
                <div class="strip"><h3>{ t.placements[i] }</h3><ol class="strip-steps">{ strip(parts) }</ol></div>
            }) }
        </figure>
    }
}

fn concurrent(props: &PanelProps, t: &Strings) -> Html {
    let unique = props.state.params.dedup.unique_constraint;
    let outcome = concurrent_copies(unique);
    let unique_param = ParamId::by_key("unique");
    html! {
        <div class="concurrent">
            <h3>{ t.concurrent_heading }</h3>
            { unique_param.map(|p| param_control(props, p, None)).unwrap_or_default() }
            <ol class="strip-steps">{ for t.concurrent_steps.iter().map(|s| html! { <li class="step">{ *s }</li> }) }</ol>
            <p class={classes!("verdict", (outcome.effects > 1).then_some("bad"))} role="status" data-effects={outcome.effects.to_string()}>
                { if unique { t.concurrent_with } else { t.concurrent_without } }
            </p>
        </div>
    }
}
