//! The lesson's double publication: the same pass published twice with two
//! random ids, against an id derived with uuid5 from `norad_id|start_utc`.

use retry_lab_core::ids::{DoublePublication, PassKeyError};
use retry_lab_core::Namespace;
use yew::prelude::*;

use super::strings::{strings, Strings};
use super::Action as Uuid5Action;
use crate::app::widgets::{about, event_value, hero, Frame, View};
use crate::params::Value;

type Props<'a, F> = View<'a, super::DoublePublication, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let input = &props.state;
    let demo = props.params.demo(props.shared);
    let error = input.error;
    let locked = props.frame.locked("pass");
    let on_norad = props.send().reform(|e: InputEvent| Uuid5Action::SetNoradInput(event_value(&e)));
    let on_start = props.send().reform(|e: InputEvent| Uuid5Action::SetStartUtcInput(event_value(&e)));
    let norad_bad = error == Some(PassKeyError::NoradId);
    let start_bad = error == Some(PassKeyError::StartUtc);
    let result = |label: &str, times: u32, class: &str| {
        let pips = "■ ".repeat(times as usize);
        html! {
        <div class={class_list!("consumer-result", class)}>
            <span class="consumer-label">{ label.to_string() }</span>
            <strong class="times" data-times={times.to_string()}>{ (t.times_processed)(times) }</strong>
            <span class="pips" aria-hidden="true">{ pips }</span>
        </div>
        }
    };
    let id = |name: &str| props.frame.id(name);
    let controls = html! { <>
            <div class="control-grid" data-primary="">
                <div class="control">
                    <label for={id("uuid5-norad")}>{ t.norad_id }</label>
                    <input id={id("uuid5-norad")} type="text" inputmode="numeric" value={input.norad_id.clone()} disabled={locked}
                        aria-invalid={norad_bad.to_string()} aria-describedby={id("uuid5-error")} oninput={on_norad} />
                </div>
                <div class="control">
                    <label for={id("uuid5-start")}>{ t.start_utc }</label>
                    <input id={id("uuid5-start")} type="text" spellcheck="false" value={input.start_utc.clone()} disabled={locked}
                        aria-invalid={start_bad.to_string()} aria-describedby={id("uuid5-error")} oninput={on_start} />
                </div>
            </div>
            { namespace_details(props, t, &demo.namespace.to_string()) }
            <p id={id("uuid5-error")} class="field-error" role="alert">
                if norad_bad { { t.norad_invalid }{ " " }{ t.kept_last_valid } }
                if start_bad { { t.start_invalid }{ " " }{ t.kept_last_valid } }
            </p>
    </> };
    html! {
        <section class="card experiment uuid5" data-experiment="uuid5">
            <h2>{ t.uuid5_heading }</h2>
            { about(props.lang, t.uuid5_intro) }
            { hero(props.frame, controls, (t.insight)(demo.processed_by_random_id, demo.processed_by_derived_id), false, html! {
                <div class="consumer-results">
                    { result(t.by_random_id, demo.processed_by_random_id, "by-v4") }
                    { result(t.by_uuid5, demo.processed_by_derived_id, "by-uuid5") }
                </div>
            }) }
            { facts(t, &demo) }
        </section>
    }
}

/// The four namespaces' names, as Python's `uuid` module calls them.
const NAMES: [&str; 4] = ["NAMESPACE_DNS", "NAMESPACE_URL", "NAMESPACE_OID", "NAMESPACE_X500"];

/// The namespace, under "Más parámetros" (open when it is not the lesson's).
fn namespace_details<F: Frame>(props: &Props<F>, t: &Strings, namespace_code: &str) -> Html {
    let id = |name: &str| props.frame.id(name);
    let locked = props.frame.locked("ns");
    let on_namespace = props.set().reform(|e: Event| ("ns", Value::Text(event_value(&e))));
    html! {
        <details class="more-params" open={props.params.namespace != super::Params::default().namespace}>
            <summary>{ props.lang.texts().more_params }</summary>
            <div class="control-grid">
            <div class="control">
                <label for={id("uuid5-namespace")}>{ t.namespace }</label>
                { crate::app::widgets::pick(html! {
                    <select id={id("uuid5-namespace")} disabled={locked} onchange={on_namespace}>
                        { for Namespace::NAMED.iter().zip(NAMES).map(|(ns, label)| {
                            let code = ns.to_string();
                            html! { <option value={code.clone()} selected={code == namespace_code}>{ label }</option> }
                        }) }
                    </select>
                }, NAMES[Namespace::NAMED.iter().position(|ns| ns.to_string() == namespace_code).unwrap_or(0)]) }
                <span class="hint">{ t.namespace_note }</span>
            </div>
            </div>
        </details>
    }
}

/// The ids themselves: the namespace, the key, the uuid5 and the two v4s.
fn facts(t: &Strings, demo: &DoublePublication) -> Html {
    // One template for the five rows (label, class, value): one copy of the markup code.
    let facts: [(String, &str, String); 5] = [
        (t.namespace.to_owned(), "namespace-uuid", demo.namespace.uuid().to_string()),
        (t.key_string.to_owned(), "key", demo.key.clone()),
        ("uuid5".to_owned(), "uuid5", demo.derived.to_string()),
        ((t.publication_random)(1), "v4", demo.random[0].to_string()),
        ((t.publication_random)(2), "v4", demo.random[1].to_string()),
    ];
    html! {
        <dl class="uuid-facts">
            { for facts.iter().map(|(label, class, value)| html! {
                <><dt>{ label.as_str() }</dt><dd><code class={*class}>{ value.as_str() }</code></dd></>
            }) }
        </dl>
    }
}
