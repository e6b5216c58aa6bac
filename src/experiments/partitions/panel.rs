//! Partitions and keys, drawn: for each hash, one row of offset cells per
//! partition; events whose key would move under another partition count
//! are marked.

use retry_lab_core::stream::key_hash;
use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Layout, Params};
use crate::app::widgets::{about, hero, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Partitions, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let params = &props.params;
    let layouts = &props.state.layouts;
    let insight = super::insight(props.lang, params, &layouts[0]);
    html! {
        <section class="card experiment partitions" data-experiment="partitions">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, html! { <>
                { props.frame.controls(&|_| true, &|_| None, false) }
                { props.frame.text_control("keyed", t.events_hint) }
            </> }, insight, false, html! {
                <div class="topics">{ for layouts.iter().enumerate().map(|(i, layout)| topic(t, t.hashes[i], params, layout)) }</div>
            }) }
            <p class="hint">{ t.order_only }</p>
        </section>
    }
}

fn topic(t: &Strings, title: &'static str, params: &Params, layout: &Layout) -> Html {
    let rows = (0..params.partitions).map(|p| {
        let cells: Vec<Html> = layout.placed.iter().enumerate().filter(|(_, (q, _))| *q == p).map(|(i, (_, offset))| {
            let (key, payload) = &params.events[i];
            html! {
                <li class={class_list!("cell", layout.moves[i].then_some("moves"))} data-key={key.clone()}>
                    <span class="offset">{ offset }</span>{ format!(" {key}: {payload}") }
                </li>
            }
        }).collect();
        html! {
            <div class="partition" data-partition={p.to_string()}>
                <span class="partition-name">{ (t.partition_n)(p) }</span>
                if cells.is_empty() { <span class="hint">{ t.empty }</span> } else { <ol class="cells">{ for cells }</ol> }
            </div>
        }
    });
    let moved = layout.moves.iter().filter(|m| **m).count();
    // Each key's arithmetic, in order of first appearance.
    let mut keys: Vec<&str> = Vec::new();
    for (key, _) in &params.events {
        if !keys.contains(&key.as_str()) {
            keys.push(key);
        }
    }
    let arithmetic = keys.iter().map(|key| {
        let h = key_hash(key.as_bytes(), layout.hash);
        html! { <li>{ (t.arithmetic)(key, &format::int(h.into()), params.partitions, h % params.partitions.max(1)) }</li> }
    });
    html! {
        <figure class="topic" data-hash={if layout.hash == retry_lab_core::stream::KeyHash::Crc32 { "crc32" } else { "murmur2" }}>
            <figcaption>{ title }</figcaption>
            { for rows }
            <ul class="hint arithmetic">{ for arithmetic }</ul>
            if params.resize_to > 0 { <p class="hint">{ (t.moves)(moved, params.resize_to) }</p> }
        </figure>
    }
}
