//! Small hooks that own a browser handle and cancel it on cleanup: the
//! animation-frame clock (only while the lab is seen), the keyboard, the
//! document's language.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_render::{request_animation_frame, AnimationFrame};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::lab::{Action, LabState};
use crate::tasks::{Progress, ITEM_PREFIX, KEYS_SCANNED_MAX, STORAGE_KEY_V1};
use crate::unit::Transport;

pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|query| query.matches())
}

/// Whether the lab can be seen: some of it on screen (IntersectionObserver)
/// in a tab that is not hidden. A lab nobody sees does not animate: several
/// labs on one course page cost nothing while scrolled away.
#[hook]
pub fn use_seen(root: NodeRef) -> bool {
    let seen = use_state(|| true);
    {
        let seen = seen.clone();
        use_effect_with(root, move |root| {
            let on_screen = Rc::new(std::cell::Cell::new(true));
            let update = Rc::new({
                let on_screen = on_screen.clone();
                move || seen.set(on_screen.get() && !gloo_utils::document().hidden())
            });
            let tab = {
                let update = update.clone();
                EventListener::new(&gloo_utils::document(), "visibilitychange", move |_| update())
            };
            let callback =
                wasm_bindgen::closure::Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                    let last: web_sys::IntersectionObserverEntry =
                        entries.get(entries.length().saturating_sub(1)).unchecked_into();
                    on_screen.set(last.is_intersecting());
                    update();
                });
            let observer = web_sys::IntersectionObserver::new(callback.as_ref().unchecked_ref()).ok();
            if let (Some(observer), Some(element)) = (&observer, root.cast::<web_sys::Element>()) {
                observer.observe(&element);
            }
            move || {
                if let Some(observer) = observer {
                    observer.disconnect();
                }
                drop((tab, callback));
            }
        });
    }
    *seen
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
                    dispatch
                        .dispatch(Action::Transport(Transport::Tick { elapsed_real_ms: now - last, now_real_ms: now }));
                    last = now;
                }));
            } else {
                fn schedule(
                    frame: Rc<RefCell<Option<AnimationFrame>>>,
                    dispatch: UseReducerDispatcher<LabState>,
                    last: Option<f64>,
                ) {
                    let next = frame.clone();
                    *frame.borrow_mut() = Some(request_animation_frame(move |now| {
                        if let Some(last) = last {
                            dispatch.dispatch(Action::Transport(Transport::Tick {
                                elapsed_real_ms: now - last,
                                now_real_ms: now,
                            }));
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

pub(crate) fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or_default()
}

/// Space plays or pauses, → steps, unless focus is in a control that uses
/// those keys itself. The reducer gives them to the open experiment only. Inside the lab always; on the whole document only for
/// the standalone page (embedded labs must not fight over the keyboard). `standalone_playing`:
/// whether the lab is its page's, and whether a scene plays (a key typed into a field pauses it).
#[hook]
pub fn use_keyboard(root: NodeRef, standalone_playing: (bool, bool), dispatch: UseReducerDispatcher<LabState>) {
    use_effect_with((root, standalone_playing), move |(root, (standalone, playing))| {
        let playing = *playing;
        let target: Option<web_sys::EventTarget> = if *standalone {
            Some(gloo_utils::document().into())
        } else {
            root.cast::<web_sys::Element>().map(Into::into)
        };
        let root = root.clone();
        let listener = target.map(|target| {
            // Not passive: Space must not also scroll the page.
            EventListener::new_with_options(
                &target,
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |event| {
                    // A keydown listener gets keyboard events only.
                    let event = event.unchecked_ref::<web_sys::KeyboardEvent>();
                    if event.alt_key() || event.ctrl_key() || event.meta_key() {
                        return;
                    }
                    let focus = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                    let in_lab = match (&focus, root.cast::<web_sys::Element>()) {
                        (Some(el), Some(root)) => root.contains(Some(el)) || el.tag_name() == "BODY",
                        _ => false,
                    };
                    if in_lab && event.key() == "Escape" {
                        // An edit is cancelled: the field shows its value again
                        // (`data-shown`), so leaving it commits nothing.
                        if let Some(el) = &focus {
                            if let Some(shown) = el.get_attribute("data-shown") {
                                let input = el.unchecked_ref::<web_sys::HtmlInputElement>();
                                input.set_value(&shown);
                                // Nor is what it said of the cancelled text
                                // (the guess's «type a number»).
                                input.set_custom_validity("");
                            }
                        }
                        give_keys_back(focus.as_ref());
                        dispatch.dispatch(Action::ShowKeys(false));
                        return;
                    }
                    // A key typed into a field while a scene plays pauses it first:
                    // each frame would put the field back to the state's value.
                    if playing && in_lab && focus.as_ref().is_some_and(|el| el.tag_name() == "INPUT") {
                        dispatch.dispatch(Action::Transport(Transport::Pause));
                    }
                    let Some(action) = scene_key(event, focus.as_ref()).filter(|_| in_lab) else { return };
                    // Taken: neither the page's scrolling nor a deck's own keys act on it too.
                    event.prevent_default();
                    event.stop_propagation();
                    dispatch.dispatch(action);
                },
            )
        });
        move || drop(listener)
    });
}

/// The scene's action for a key, where the lab takes it: never from a field,
/// a select, a link or a slider (their keys are theirs), and from a focused
/// button only what is not its own click (Space and Enter press it).
fn scene_key(event: &web_sys::KeyboardEvent, focus: Option<&web_sys::Element>) -> Option<Action> {
    let key = event.key();
    let tag = focus.map(|el| el.tag_name()).unwrap_or_default();
    let slider = focus.is_some_and(|el| el.get_attribute("role").as_deref() == Some("slider"));
    let own_keys = slider || matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA" | "A");
    if own_keys || (tag == "BUTTON" && matches!(key.as_str(), " " | "Spacebar" | "Enter")) {
        return None;
    }
    Some(match key.as_str() {
        " " | "Spacebar" => Action::Transport(Transport::TogglePlay),
        "ArrowRight" => Action::Transport(Transport::Step),
        "ArrowLeft" => Action::Transport(Transport::StepBack),
        "Home" => Action::Transport(Transport::Reset),
        "?" => Action::ToggleKeys,
        _ => return None,
    })
}

/// Escape hands the keys back to the page around the lab: focus leaves the
/// lab, and a lab in a frame (a slide deck's) hands it to its parent, so
/// the deck's own keys work again.
fn give_keys_back(focus: Option<&web_sys::Element>) {
    // `blur` is HTML's and SVG's alike: the binding calls the element's own.
    if let Some(focused) = focus.map(|el| el.unchecked_ref::<web_sys::HtmlElement>()) {
        let _ = focused.blur();
    }
    if let Some(parent) = crate::app::host::parent() {
        let _ = parent.focus();
    }
}

/// The open experiment's tab scrolled into its row: on a phone the tabs are
/// one row that scrolls sideways, and a link may open on the last one.
#[hook]
pub fn use_open_tab_shown(root: NodeRef, open: crate::registry::Experiment) {
    use_effect_with(open, move |_| {
        let root = root.cast::<web_sys::Element>();
        let nav = root.as_ref().and_then(|r| r.query_selector("nav.tabs").ok().flatten());
        let tab = nav.as_ref().and_then(|n| n.query_selector("[aria-pressed=true]").ok().flatten());
        if let (Some(nav), Some(tab)) = (nav, tab) {
            let (row, mark) = (nav.get_bounding_client_rect(), tab.get_bounding_client_rect());
            // Only when it is cut off: a tab already in view stays put.
            if mark.left() < row.left() || mark.right() > row.right() {
                let left = f64::from(nav.scroll_left()) + mark.left() - row.left() - 8.0;
                nav.set_scroll_left(left.max(0.0) as i32);
            }
        }
    });
}

/// Whether a media query holds, following it as it changes (a system
/// setting switched while the page is open). The listener goes with the lab.
#[hook]
pub fn use_media(query: &'static str) -> bool {
    let list = use_memo(query, |query| web_sys::window().and_then(|w| w.match_media(query).ok().flatten()));
    let matches = use_state(|| list.as_ref().as_ref().is_some_and(web_sys::MediaQueryList::matches));
    {
        let matches = matches.clone();
        use_effect_with(list, move |list| {
            let listener = list.as_ref().as_ref().map(|list| {
                let read = list.clone();
                EventListener::new(list, "change", move |_| matches.set(read.matches()))
            });
            move || drop(listener)
        });
    }
    *matches
}

/// False for the first render and true from a later task on, when `defer`
/// (true at once otherwise). The timer is cancelled if the lab unmounts first.
#[hook]
pub fn use_next_task(defer: bool) -> bool {
    let ready = use_state(|| !defer);
    {
        let ready = ready.clone();
        use_effect_with((), move |_| {
            let timeout = (!*ready).then(|| gloo_timers::callback::Timeout::new(0, move || ready.set(true)));
            move || drop(timeout)
        });
    }
    *ready
}

/// The document around the lab follows it, when the lab owns it
/// (`standalone`): its `lang`, for screen readers and the panic banner (an
/// embedded lab sets `lang` on its own root only); the projector view,
/// which scales from the root (every size is in `rem`: `data-view` on
/// `<html>`; an embed's `.lab.projector` still thickens and strengthens);
/// and the prerendered header (`header`). One effect for the three: each
/// effect is another copy of Yew's effect machinery in every page.
#[hook]
pub fn use_document(lang: Lang, projector: bool, owned: (bool, bool)) {
    let (standalone, header) = owned;
    use_effect_with((lang, projector, standalone, header), |&(lang, projector, standalone, header)| {
        if let (true, Some(root)) = (standalone, gloo_utils::document().document_element()) {
            let _ = root.set_attribute("lang", lang.code());
            let _ = if projector {
                root.set_attribute("data-view", "projector")
            } else {
                root.remove_attribute("data-view")
            };
        }
        if header {
            page_header(lang);
        }
    });
}

/// The page's prerendered header (`#lab-header`: title, subtitle, intro)
/// follows the learner's language. Its elements are the page's own and stay
/// in place, so what painted first stays painted.
fn page_header(lang: Lang) {
    let Some(header) = gloo_utils::document().get_element_by_id("lab-header") else { return };
    let here = crate::groups::Group::here();
    for (selector, text) in
        [(".lab-title", (here.lesson)(lang)), (".subtitle", (here.subtitle)(lang)), (".lab-intro", (here.intro)(lang))]
    {
        if let Ok(Some(el)) = header.query_selector(selector) {
            if el.text_content().as_deref() != Some(text) {
                el.set_text_content(Some(text));
            }
        }
    }
    let _ = header.set_attribute("lang", lang.code());
    // The tab's title too (the prerendered one is Spanish).
    gloo_utils::document().set_title(&format!("{} · Retry Lab", (here.title)(lang)));
}

/// Keeps the address bar in step with the lab (`replaceState`: no history
/// entry per change). Only when the lab owns its document. Debounced: a
/// slider drag or a seek changes the link many times a second, and each
/// `replaceState` costs a millisecond or two of the frame.
#[hook]
pub fn use_url_sync(query: String, enabled: bool) {
    use_effect_with((query, enabled), |(query, enabled)| {
        let query = query.clone();
        let timeout = enabled.then(|| {
            gloo_timers::callback::Timeout::new(URL_SYNC_DELAY_MS, move || {
                if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                    let _ =
                        history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("?{query}")));
                }
            })
        });
        // Dropping the timeout cancels it: only the last link is written.
        move || drop(timeout)
    });
}

/// How long the link must stay the same before the address bar follows.
const URL_SYNC_DELAY_MS: u32 = 250;

/// Keeps the guided tasks' progress in step with localStorage, shared by
/// every lab on the page and every tab. Each entry is its own item
/// (`Progress::items`), and a change here writes only what it changed
/// (items set; a learner's clear removes its keys), so two labs or tabs
/// completing tasks at the same instant never erase each other's: there is
/// no shared list to read, modify and write back. A change stored elsewhere
/// (the `storage` event of another tab, this page's own event from another
/// lab) is read in whole. A store that refuses the write (its quota full) is
/// said in the task list. Blocked storage: nothing is saved, nothing breaks.
/// Off when the host keeps the progress (`done=`): nothing read or written.
#[hook]
pub fn use_saved_progress(progress: Progress, enabled: bool, dispatch: UseReducerDispatcher<LabState>) {
    // What this lab and the store last agreed on.
    let synced = use_mut_ref(|| progress.clone());
    {
        let (synced, dispatch) = (synced.clone(), dispatch.clone());
        use_effect_with(progress, move |progress| {
            if enabled && *progress != *synced.borrow() {
                save_progress(&synced, progress, &dispatch);
            }
        });
    }
    use_effect_with(enabled, move |&enabled| {
        let window = gloo_utils::window();
        let take_in = move |_: &web_sys::Event| {
            if let Some(storage) = local_storage() {
                let stored = read_progress(&storage).0;
                *synced.borrow_mut() = stored.clone();
                dispatch.dispatch(Action::SyncProgress(stored));
            }
        };
        let listeners = enabled.then(|| {
            [
                EventListener::new(&window, "storage", take_in.clone()),
                EventListener::new(&window, PROGRESS_EVENT, take_in),
            ]
        });
        move || drop(listeners)
    });
}

/// Sent on the window when a lab stored progress (the `storage` event only
/// reaches other documents).
const PROGRESS_EVENT: &str = "retry-lab-progress";

fn save_progress(synced: &RefCell<Progress>, progress: &Progress, dispatch: &UseReducerDispatcher<LabState>) {
    let Some(storage) = local_storage() else { return };
    let (set, removed) = Progress::changes(&synced.borrow(), progress);
    *synced.borrow_mut() = progress.clone();
    for key in &removed {
        let _ = storage.remove_item(key);
    }
    if set.iter().any(|(key, value)| storage.set_item(key, value).is_err()) {
        dispatch.dispatch(Action::StorageFull);
        return;
    }
    if let Ok(event) = web_sys::Event::new(PROGRESS_EVENT) {
        let _ = gloo_utils::window().dispatch_event(&event);
    }
}

/// What the store holds: every item of `ITEM_PREFIX` (among the first
/// `KEYS_SCANNED_MAX` keys), and whether part of it was ignored. A list in
/// the format before items (`STORAGE_KEY_V1`) is read too and moved into
/// items (removed once they are written).
pub fn read_progress(storage: &web_sys::Storage) -> (Progress, bool) {
    let count = storage.length().unwrap_or(0).min(KEYS_SCANNED_MAX);
    let items = (0..count).filter_map(|i| {
        let key = storage.key(i).ok().flatten().filter(|k| k.starts_with(ITEM_PREFIX))?;
        let value = storage.get_item(&key).ok().flatten()?;
        Some((key, value))
    });
    let (mut progress, mut ignored) = Progress::from_items(items.collect::<Vec<_>>());
    if let Some(old) = storage.get_item(STORAGE_KEY_V1).ok().flatten() {
        let (old, old_ignored) = Progress::decode_counting(&old);
        ignored |= old_ignored;
        if old.items().all(|(key, value)| storage.set_item(&key, &value).is_ok()) {
            let _ = storage.remove_item(STORAGE_KEY_V1);
        }
        progress.merge(&old);
    }
    (progress, ignored)
}

/// localStorage, where it can be used (a sandbox or a privacy setting may refuse it).
pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}
