//! Lesson 004: ack before / after / after + dedup, with a crash probability.

use retry_lab_core::ack_timing::{AckMode, LoopRow};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, hero, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::AckTiming, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let lang = props.lang;
    let (t, shell) = (strings(lang), lang.texts());
    let rows = props.state.iter().flat_map(|rows| rows.iter()).map(|LoopRow { row, .. }| {
        let (code, label, semantics) = match row.mode {
            AckMode::Before if props.params.repeats_acking_before(row) > 0 => {
                ("before", t.mode_before, t.at_most_once_dups)
            }
            AckMode::Before => ("before", t.mode_before, t.at_most_once),
            AckMode::After => ("after", t.mode_after, t.at_least_once),
            AckMode::AfterDedup => ("after-dedup", t.mode_after_dedup, t.effectively_once),
        };
        // Each cell carries its column's name: a phone shows the rows as
        // cards, each number under its name (five columns ran off its width).
        let cells = [
            ("num deliveries", shell.deliveries, row.deliveries),
            ("num effects", shell.effects, row.effects),
            ("num discarded", shell.duplicates_discarded, row.duplicates_discarded),
            ("num lost", shell.lost, u64::from(row.lost)),
        ];
        html! {
            <tr data-mode={code}>
                <th scope="row">{ label }<span class="semantics">{ semantics }</span></th>
                { for cells.iter().map(|(class, name, n)| html! { <td class={*class} data-label={*name}>{ format::int(*n) }</td> }) }
            </tr>
        }
    });
    let insight = props.state.as_deref().map(|rows| props.params.insight(lang, rows)).unwrap_or_default();
    html! {
        <section class="card experiment ack-timing" data-experiment="ack">
            <h2>{ t.ack_heading }</h2>
            { about(props.lang, t.ack_intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, true), insight, true, html! {
                <div class="table-scroll" tabindex="0" role="region" aria-label={t.ack_heading}>
                <table class="ack-table">
                    <thead><tr>
                        <th scope="col">{ t.col_mode }</th><th scope="col" class="num">{ shell.deliveries }</th><th scope="col" class="num">{ shell.effects }</th>
                        <th scope="col" class="num">{ shell.duplicates_discarded }</th><th scope="col" class="num">{ shell.lost }</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
                </div>
            }) }
            if let Some(rows) = props.state.as_deref() { <p class="breakdown" data-breakdown="after">{ breakdown(t, &rows[1].effects_histogram) }</p> }
            // Only where it is true: at 20 % it said «es la tabla de la lección» beside 277.
            if *props.params == super::Params::default() && *props.shared == crate::params::Shared::default() { <p class="hint">{ t.ack_lesson_note }</p> }
            <p class="hint">{ t.three_ways }</p>
            <p class="hint three-names">{ props.lang.texts().three_names }</p>
        </section>
    }
}

/// "942 messages took effect once, 56 twice, 2 three times: 58 more than once."
/// The parts shown one by one; the rest of the histogram in one (at 99 %
/// crashes it had about 300 of them, a paragraph).
const PARTS_SHOWN: usize = 4;

fn breakdown(t: &Strings, histogram: &[u64]) -> String {
    let counted: Vec<(usize, u64)> =
        histogram.iter().enumerate().skip(1).filter(|(_, n)| **n > 0).map(|(k, n)| (k, *n)).collect();
    let mut parts: Vec<String> =
        counted.iter().take(PARTS_SHOWN).map(|(k, n)| (t.times)(&format::int(*n), *k)).collect();
    if let Some(&(from, _)) = counted.get(PARTS_SHOWN) {
        let rest: u64 = counted[PARTS_SHOWN..].iter().map(|(_, n)| n).sum();
        parts.push((t.times_or_more)(&format::int(rest), from));
    }
    let repeated: u64 = histogram.iter().skip(2).sum();
    (t.breakdown)(&parts.join(", "), &format::int(repeated))
}
