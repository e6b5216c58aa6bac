//! Partitions and keys, drawn: for each hash, one row of offset cells per
//! partition; events whose key would move under another partition count
//! are marked.

use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Layout, Params};
use crate::app::widgets::{control_label, event_value, param_control, PanelProps};
use crate::lab::Action;
use crate::params::Value;
use crate::registry::{Experiment, ParamId};

pub fn panel(props: &PanelProps) -> Html {
    let state = &props.state;
    let t = strings(state.lang);
    let params = &state.params.partitions;
    let layouts = &state.units.partitions.layouts;
    html! {
        <section class="card experiment partitions" data-experiment="partitions">
            <h2>{ t.heading }</h2>
            <p>{ t.intro }</p>
            <div class="control-grid">
                { for ParamId::of(Experiment::Partitions).map(|param| param_control(props, param, None)) }
            </div>
            { events_editor(props, t) }
            <div class="topics">{ for layouts.iter().enumerate().map(|(i, layout)| topic(t, t.hashes[i], params, layout)) }</div>
            <p class="hint">{ t.order_note }</p>
        </section>
    }
}

fn events_editor(props: &PanelProps, t: &Strings) -> Html {
    let param = ParamId::of(Experiment::Partitions).find(|p| p.key() == "keyed");
    let Some(param) = param else { return html! {} };
    let id = props.id("keyed");
    let locked = props.state.is_locked(param);
    let dispatch = props.dispatch.clone();
    let onchange = Callback::from(move |e: Event| dispatch.dispatch(Action::Set { key: "keyed", value: Value::Text(event_value(&e)) }));
    let value = param.get(&props.state.params);
    let text = crate::params::text(&value).to_owned();
    html! {
        <div class="control keyed-events">
            { control_label(id.clone(), t.events, locked, props.state.lang.texts().locked) }
            <input type="text" id={id} value={text} disabled={locked} {onchange} spellcheck="false" />
            <span class="hint">{ t.events_hint }</span>
        </div>
    }
}

fn topic(t: &Strings, title: &'static str, params: &Params, layout: &Layout) -> Html {
    let rows = (0..params.partitions).map(|p| {
        let cells: Vec<Html> = layout.placed.iter().enumerate().filter(|(_, (q, _))| *q == p).map(|(i, (_, offset))| {
            let (key, payload) = &params.events[i];
            html! {
                <li class={classes!("cell", layout.moves[i].then_some("moves"))} data-key={key.clone()}>
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
    html! {
        <figure class="topic" data-hash={if layout.hash == retry_lab_core::stream::KeyHash::Crc32 { "crc32" } else { "murmur2" }}>
            <figcaption>{ title }</figcaption>
            { for rows }
            if params.resize_to > 0 { <p class="hint">{ (t.moves)(moved, params.resize_to) }</p> }
        </figure>
    }
}
