//! Messages to the page that embeds the lab in an iframe (README,
//! "Events for the host page"): `retry-lab:ready`, `retry-lab:resize`,
//! `retry-lab:task-completed` (an xAPI-shaped statement, no actor: the lab
//! knows no learner), `retry-lab:progress` and `retry-lab:scenario`, each
//! `{ type, version: 1, … }`. Posted to `window.parent` only, never to
//! another frame; `host=off` in the link silences them. The lab listens to
//! no message: a host cannot command it.

use std::rc::Rc;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::lab::HostTask;
use crate::registry::Experiment;

/// The messages' format version.
const VERSION: u32 = 1;
const COMPLETED: &str = "http://adlnet.gov/expapi/verbs/completed";

/// The embedding page, when the lab is in a frame.
pub fn parent() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (!Object::is(&window, &parent)).then_some(parent)
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in pairs {
        let _ = Reflect::set(&object, &(*key).into(), value);
    }
    object.into()
}

/// Posts `{ type: "retry-lab:<kind>", version, …fields }` to the parent.
/// Only what the lab shows is sent, so any parent origin may read it.
pub fn post(parent: &web_sys::Window, kind: &str, fields: &[(&str, JsValue)]) {
    let message = object(fields);
    let _ = Reflect::set(&message, &"type".into(), &format!("retry-lab:{kind}").into());
    let _ = Reflect::set(&message, &"version".into(), &VERSION.into());
    let _ = parent.post_message(&message, "*");
}

/// The statement of a task done: `object.id` is the lab's page and
/// `#experiment/task`.
fn statement(lab_url: &str, task: &HostTask) -> JsValue {
    let id = format!("{lab_url}#{}/{}", task.experiment.code(), task.code);
    let name = object(&[("es", task.goal_es.into()), ("en", task.goal_en.into())]);
    object(&[
        ("verb", object(&[("id", COMPLETED.into()), ("display", object(&[("en-US", "completed".into())]))])),
        ("object", object(&[("objectType", "Activity".into()), ("id", id.into()), ("definition", object(&[("name", name)]))])),
        ("result", object(&[("completion", true.into())])),
    ])
}

/// What the host hears of.
pub struct HostProps {
    pub open: Experiment,
    pub lang: Lang,
    pub tasks: Rc<Vec<HostTask>>,
    /// The scenario's link (the open experiment's).
    pub link: AttrValue,
    pub lab_url: AttrValue,
}

/// Tells the parent what happens; renders nothing. Off unless framed and
/// allowed (`host=off`).
#[hook]
pub fn use_host_events(enabled: bool, props: HostProps) {
    let parent = use_memo(enabled, |enabled| enabled.then(parent).flatten());
    let last = use_mut_ref(|| None::<(Rc<Vec<HostTask>>, AttrValue)>);
    use_effect_with((props.tasks.clone(), props.link.clone()), move |(tasks, link)| {
        let Some(parent) = parent.as_ref() else { return };
        let before = last.borrow_mut().replace((tasks.clone(), link.clone()));
        let done: Array = tasks.iter().filter(|t| t.done).map(|t| JsValue::from(format!("{}/{}", t.experiment.code(), t.code))).collect();
        match &before {
            None => post(parent, "ready", &[("experiment", props.open.code().into()), ("lang", props.lang.code().into())]),
            Some((old, old_link)) => {
                for task in tasks.iter().filter(|t| t.done && !old.iter().any(|o| o.done && o.code == t.code)) {
                    let fields = [("experiment", task.experiment.code().into()), ("task", task.code.into()), ("statement", statement(&props.lab_url, task))];
                    post(parent, "task-completed", &fields);
                }
                if old_link != link {
                    post(parent, "scenario", &[("experiment", props.open.code().into()), ("link", link.as_str().into())]);
                }
            }
        }
        if before.as_ref().is_none_or(|(old, _)| old != tasks) {
            let total = tasks.len() as u32;
            post(parent, "progress", &[("done", done.length().into()), ("total", total.into()), ("tasks", done.into())]);
        }
    });
}
