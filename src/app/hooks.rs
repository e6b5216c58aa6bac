//! Small hooks that own a browser handle and cancel it on cleanup: the
//! animation-frame clock, the keyboard, the document's language.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_render::{request_animation_frame, AnimationFrame};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::state::{Action, LabState};

pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|query| query.matches())
}

/// While `playing`, dispatches one `Tick` per animation frame (at most one
/// render per frame). With reduced motion, ticks come four times a second
/// instead: the run is the same, only the motion is calmer.
#[hook]
pub fn use_playback_clock(playing: bool, dispatch: UseReducerDispatcher<LabState>) {
    use_effect_with(playing, move |&playing| {
        let frame: Rc<RefCell<Option<AnimationFrame>>> = Rc::default();
        let mut interval = None;
        if playing {
            if prefers_reduced_motion() {
                let mut last = now_ms();
                interval = Some(gloo_timers::callback::Interval::new(250, move || {
                    let now = now_ms();
                    dispatch.dispatch(Action::Tick { elapsed_real_ms: now - last, now_real_ms: now });
                    last = now;
                }));
            } else {
                fn schedule(frame: Rc<RefCell<Option<AnimationFrame>>>, dispatch: UseReducerDispatcher<LabState>, last: Option<f64>) {
                    let next = frame.clone();
                    *frame.borrow_mut() = Some(request_animation_frame(move |now| {
                        if let Some(last) = last {
                            dispatch.dispatch(Action::Tick { elapsed_real_ms: now - last, now_real_ms: now });
                        }
                        schedule(next, dispatch, Some(now));
                    }));
                }
                schedule(frame.clone(), dispatch, None);
            }
        }
        move || {
            // Dropping the handles cancels the frame request and the interval.
            frame.borrow_mut().take();
            drop(interval);
        }
    });
}

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or_default()
}

/// Space plays or pauses, → steps, unless focus is in a control that uses
/// those keys itself. Inside the lab always; on the whole document only for
/// the standalone page (embedded labs must not fight over the keyboard).
#[hook]
pub fn use_keyboard(root: NodeRef, standalone: bool, dispatch: UseReducerDispatcher<LabState>) {
    use_effect_with((root, standalone), move |(root, standalone)| {
        let target: Option<web_sys::EventTarget> = if *standalone {
            Some(gloo_utils::document().into())
        } else {
            root.cast::<web_sys::Element>().map(Into::into)
        };
        let root = root.clone();
        let listener = target.map(|target| {
            // Not passive: Space must not also scroll the page.
            EventListener::new_with_options(&target, "keydown", EventListenerOptions::enable_prevent_default(), move |event| {
                let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                if event.alt_key() || event.ctrl_key() || event.meta_key() {
                    return;
                }
                let focus = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                let in_control = focus.as_ref().is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA" | "BUTTON" | "A")
                });
                let in_lab = match (&focus, root.cast::<web_sys::Element>()) {
                    (Some(el), Some(root)) => root.contains(Some(el)) || el.tag_name() == "BODY",
                    _ => false,
                };
                if in_control || !in_lab {
                    return;
                }
                let action = match event.key().as_str() {
                    " " | "Spacebar" => Action::TogglePlay,
                    "ArrowRight" => Action::Step,
                    _ => return,
                };
                event.prevent_default();
                dispatch.dispatch(action);
            })
        });
        move || drop(listener)
    });
}

/// The document's `lang` follows the page's, for screen readers and the panic
/// banner; an embedded lab sets `lang` on its own root only.
#[hook]
pub fn use_document_lang(lang: Lang, standalone: bool) {
    use_effect_with((lang, standalone), |(lang, standalone)| {
        if *standalone {
            if let Some(root) = gloo_utils::document().document_element() {
                let _ = root.set_attribute("lang", lang.code());
            }
        }
    });
}
