//! Messages to the page that embeds the lab in an iframe (README,
//! "Events for the host page"): `retry-lab:ready`, `retry-lab:resize`,
//! `retry-lab:task-completed` (an xAPI-shaped statement, no actor: the lab
//! knows no learner), `retry-lab:progress` and `retry-lab:scenario`, each
//! `{ type, version: 1, … }`. Posted to `window.parent` only, never to
//! another frame; `host=off` in the link silences them. The lab listens to
//! no message: a host cannot command it.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::lab::{HostTask, LabState};
use crate::registry::Experiment;
use crate::tasks::TaskFilter;

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

/// In an iframe (`?embed=1`), tells the parent the lab's height whenever it
/// changes: `{ type: "retry-lab:resize", version: 1, height }`.
#[hook]
pub fn use_embed_height(root: NodeRef, enabled: bool) {
    use_effect_with((root, enabled), |(root, enabled)| {
        let mut observer = None;
        let parent = enabled.then(parent).flatten();
        if let (Some(element), Some(parent)) = (root.cast::<web_sys::Element>(), parent) {
            let callback =
                wasm_bindgen::closure::Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                    // A ResizeObserver's callback gets its entries, nothing else.
                    let entry = entries.get(0).unchecked_into::<web_sys::ResizeObserverEntry>();
                    let height = entry.target().get_bounding_client_rect().height().ceil();
                    post(&parent, "resize", &[("height", height.into())]);
                });
            if let Ok(resize) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
                resize.observe(&element);
                observer = Some((resize, callback));
            }
        }
        move || {
            if let Some((resize, _callback)) = observer {
                resize.disconnect();
            }
        }
    });
}

/// The statement of a task done: `object.id` is the lab's page and
/// `#experiment/task`.
fn statement(lab_url: &str, task: &HostTask) -> JsValue {
    let id = format!("{lab_url}#{}/{}", task.experiment.code(), task.code);
    let name = object(&[("es", task.goal_es.into()), ("en", task.goal_en.into())]);
    object(&[
        ("verb", object(&[("id", COMPLETED.into()), ("display", object(&[("en-US", "completed".into())]))])),
        (
            "object",
            object(&[("objectType", "Activity".into()), ("id", id.into()), ("definition", object(&[("name", name)]))]),
        ),
        ("result", object(&[("completion", true.into())])),
    ])
}

/// Tells the parent what happens; renders nothing. Off unless framed and
/// allowed (`host=off`). What it says of tasks is computed only then, in
/// the effect, when the learner's progress or the scenario changed.
#[hook]
pub fn use_host_events(
    enabled: bool,
    state: UseReducerHandle<LabState>,
    filter: TaskFilter,
    only: Option<Experiment>,
    link: AttrValue,
    lab_url: AttrValue,
) {
    let parent = use_memo(enabled, |enabled| enabled.then(parent).flatten());
    let last = use_mut_ref(|| None::<(Vec<HostTask>, AttrValue)>);
    use_effect_with((state.progress.clone(), link), move |(_, link)| {
        let Some(parent) = parent.as_ref() else { return };
        let tasks = state.host_tasks(only, &filter);
        let before = last.borrow_mut().replace((tasks.clone(), link.clone()));
        tell(parent, &state, &tasks, before, link, &lab_url);
    });
}

/// The messages for a change from `before` (none: the lab just started).
fn tell(
    parent: &web_sys::Window,
    state: &LabState,
    tasks: &[HostTask],
    before: Option<(Vec<HostTask>, AttrValue)>,
    link: &AttrValue,
    lab_url: &str,
) {
    let open = state.open.code();
    match &before {
        None => post(parent, "ready", &[("experiment", open.into()), ("lang", state.lang.code().into())]),
        Some((old, old_link)) => {
            for task in tasks.iter().filter(|t| t.done && !old.iter().any(|o| o.done && o.code == t.code)) {
                let fields = [
                    ("experiment", task.experiment.code().into()),
                    ("task", task.code.into()),
                    ("statement", statement(lab_url, task)),
                ];
                post(parent, "task-completed", &fields);
            }
            if old_link != link {
                post(parent, "scenario", &[("experiment", open.into()), ("link", link.as_str().into())]);
            }
        }
    }
    if before.as_ref().is_none_or(|(old, _)| old != tasks) {
        let done: Array = tasks
            .iter()
            .filter(|t| t.done)
            .map(|t| JsValue::from(format!("{}/{}", t.experiment.code(), t.code)))
            .collect();
        post(
            parent,
            "progress",
            &[("done", done.length().into()), ("total", (tasks.len() as u32).into()), ("tasks", done.into())],
        );
    }
}
