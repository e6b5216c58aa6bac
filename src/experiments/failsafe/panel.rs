//! Failing safely, drawn: the same events as two grids of squares, one per
//! pipeline, each square coloured by what became of its event; the counts
//! that differ under each grid.

use retry_lab_core::actions::fail_safe::Fate;
use yew::prelude::*;

use super::strings::strings;
use super::{State, PIPELINES};
use crate::app::widgets::{about, counter_grid, hero, Frame, View};

type Props<'a, F> = View<'a, super::Failsafe, F>;

/// Each fate's class, in `Fate`'s order (its colour and glyph in CSS).
const FATE_CLASSES: [&str; 6] = ["fs-emitted", "fs-marked", "fs-dropped", "fs-acted", "fs-blind", "fs-asked"];

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let st = &props.state;
    let insight = (t.insight)(
        st.count(0, Fate::Dropped),
        st.lost[0],
        st.count(0, Fate::ActedBlind),
        st.marked[1],
        st.count(1, Fate::AskedHuman),
    );
    let figure = html! {
        <figure class="fs-figure">
            <div class="fs-sides">{ for (0..2).map(|side| grid(props, st, side)) }</div>
            <figcaption><ul class="legend">
                { for FATE_CLASSES.iter().zip(t.fates).map(|(class, fate)| html! {
                    <li><span class={class_list!("swatch", "fs-cell", *class)} aria-hidden="true"></span>{ fate }</li>
                }) }
                <li><span class="swatch fs-cell fs-dropped fs-lost" aria-hidden="true"></span>{ t.lost }</li>
            </ul></figcaption>
        </figure>
    };
    html! {
        <section class="card experiment failsafe" data-experiment="failsafe">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, true), insight, true, figure) }
        </section>
    }
}

fn grid<F: Frame>(props: &Props<F>, st: &State, side: usize) -> Html {
    let t = strings(props.lang);
    let cells = st.events.iter().map(|e| {
        let fate = e.fate(PIPELINES[side]);
        let lost = (fate == Fate::Dropped && e.malicious).then_some("fs-lost");
        // Emitted without the field: a dashed edge, whatever came after.
        let unenriched = (side == 1 && e.enrich_failed).then_some("fs-unenriched");
        html! { <span class={class_list!("fs-cell", FATE_CLASSES[fate as usize], lost, unenriched)}></span> }
    });
    let rows = match side {
        0 => [
            ("detections_lost", t.lost, st.lost[0]),
            ("dropped", t.fates[2], st.count(0, Fate::Dropped)),
            ("acted_blind", t.fates[4], st.count(0, Fate::ActedBlind)),
        ],
        _ => [
            ("detections_lost", t.lost, st.lost[1]),
            ("emitted_marked", t.fates[1], st.marked[1]),
            ("asked_a_human", t.fates[5], st.count(1, Fate::AskedHuman)),
        ],
    };
    html! {
        <div class="fs-side" data-side={["unsafe", "safe"][side]}>
            <h3>{ t.sides[side] }</h3>
            <p class="fs-rule">{ t.side_rules[side] }</p>
            <div class="fs-grid" role="img" aria-label={(t.grid_label)(t.sides[side])}>{ for cells }</div>
            { counter_grid(rows.map(|(key, label, n)| (key, label, n.to_string()))) }
        </div>
    }
}
