//! The lesson's double publication: the same pass published twice with two
//! random ids, against an id derived with uuid5 from `norad_id|start_utc`.

use retry_lab_core::ids::PassKeyError;
use retry_lab_core::Namespace;
use yew::prelude::*;

use super::event_value;
use crate::i18n::Lang;
use crate::state::{Action, LabParams, LabState, Param, PassInput};

#[derive(Properties, PartialEq)]
pub struct DoublePublicationProps {
    pub lang: Lang,
    pub params: LabParams,
    pub input: PassInput,
    pub locked: bool,
    pub namespace_locked: bool,
    pub dispatch: UseReducerDispatcher<LabState>,
    pub id_prefix: AttrValue,
}

#[component(DoublePublicationPanel)]
pub fn double_publication_panel(props: &DoublePublicationProps) -> Html {
    let t = props.lang.texts();
    let demo = props.params.double_publication();
    let error = props.input.error;
    let on_norad = props.dispatch.to_callback().reform(|e: InputEvent| Action::SetNoradInput(event_value(&e)));
    let on_start = props.dispatch.to_callback().reform(|e: InputEvent| Action::SetStartUtcInput(event_value(&e)));
    let on_namespace = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(ns) = Namespace::parse(&event_value(&e)) {
                dispatch.dispatch(Action::Set(Param::Namespace(ns)));
            }
        })
    };
    let norad_bad = error == Some(PassKeyError::NoradId);
    let start_bad = error == Some(PassKeyError::StartUtc);
    let result = |label: &str, times: u32, class: &str| {
        let pips = "■ ".repeat(times as usize);
        html! {
        <div class={classes!("consumer-result", class.to_string())}>
            <span class="consumer-label">{ label.to_string() }</span>
            <strong class="times" data-times={times.to_string()}>{ (t.times_processed)(times) }</strong>
            <span class="pips" aria-hidden="true">{ pips }</span>
        </div>
        }
    };
    let namespace_code = demo.namespace.to_string();
    let id = |name: &str| format!("{}-{name}", props.id_prefix);
    // One template for the five rows (label, class, value): one copy of the markup code.
    let facts: [(String, &str, String); 5] = [
        (t.namespace.to_owned(), "namespace-uuid", demo.namespace.uuid().to_string()),
        (t.key_string.to_owned(), "key", demo.key.clone()),
        ("uuid5".to_owned(), "uuid5", demo.derived.to_string()),
        ((t.publication_random)(1), "v4", demo.random[0].to_string()),
        ((t.publication_random)(2), "v4", demo.random[1].to_string()),
    ];
    html! {
        <section class="card experiment uuid5">
            <h2>{ t.uuid5_heading }</h2>
            <p>{ t.uuid5_intro }</p>
            <div class="control-grid">
                <div class="control">
                    <label for={id("uuid5-norad")}>{ t.norad_id }</label>
                    <input id={id("uuid5-norad")} type="text" inputmode="numeric" value={props.input.norad_id.clone()} disabled={props.locked}
                        aria-invalid={norad_bad.to_string()} aria-describedby={id("uuid5-error")} oninput={on_norad} />
                </div>
                <div class="control">
                    <label for={id("uuid5-start")}>{ t.start_utc }</label>
                    <input id={id("uuid5-start")} type="text" spellcheck="false" value={props.input.start_utc.clone()} disabled={props.locked}
                        aria-invalid={start_bad.to_string()} aria-describedby={id("uuid5-error")} oninput={on_start} />
                </div>
                <div class="control">
                    <label for={id("uuid5-namespace")}>{ t.namespace }</label>
                    <select id={id("uuid5-namespace")} disabled={props.namespace_locked} onchange={on_namespace}>
                        { for Namespace::NAMED.iter().zip(["NAMESPACE_DNS", "NAMESPACE_URL", "NAMESPACE_OID", "NAMESPACE_X500"]).map(|(ns, label)| {
                            let code = ns.to_string();
                            html! { <option value={code.clone()} selected={code == namespace_code}>{ label }</option> }
                        }) }
                    </select>
                </div>
            </div>
            <p id={id("uuid5-error")} class="field-error" role="alert">
                if norad_bad { { t.norad_invalid }{ " " }{ t.kept_last_valid } }
                if start_bad { { t.start_invalid }{ " " }{ t.kept_last_valid } }
            </p>
            <dl class="uuid-facts">
                { for facts.iter().map(|(label, class, value)| html! {
                    <><dt>{ label.as_str() }</dt><dd><code class={*class}>{ value.as_str() }</code></dd></>
                }) }
            </dl>
            <div class="consumer-results">
                { result(t.by_random_id, demo.processed_by_random_id, "by-v4") }
                { result(t.by_uuid5, demo.processed_by_derived_id, "by-uuid5") }
            </div>
        </section>
    }
}
