//! How a lab starts: the standalone page reads its URL; an author's page
//! places `<div data-retry-lab data-…>` elements that `mount_all` fills.
//! Both go through the same link codec.

use wasm_bindgen::prelude::*;

use crate::app::{App, AppProps};
use crate::init::LabInit;
use crate::link;
use crate::tasks::Progress;

/// The browser's progress; or, when the link's host keeps the progress
/// (`done=`, an LMS's record of this learner), only what the host recorded:
/// the browser's storage is then not even read, so one learner's tasks
/// never reach the next on a shared computer.
fn with_progress(init: LabInit) -> LabInit {
    if init.host_progress {
        return init;
    }
    let (progress, progress_ignored, storage) = match crate::app::hooks::local_storage() {
        Some(storage) => {
            let (progress, ignored) = crate::app::hooks::read_progress(&storage);
            (progress, ignored, true)
        }
        None => (Progress::default(), false, false),
    };
    LabInit { progress, progress_ignored, storage, ..init }
}

pub fn browser_languages() -> Vec<String> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    // `languages` holds `language` first in every browser the lab runs in
    // (it needs WebAssembly and `:is()`); empty, the lab speaks Spanish.
    window.navigator().languages().iter().filter_map(|v| v.as_string()).collect()
}

/// The standalone page (and the iframe embed): state from `location.search`.
pub fn page_init() -> LabInit {
    let location = web_sys::window().map(|w| w.location());
    let query = location.as_ref().and_then(|l| l.search().ok()).unwrap_or_default();
    // The page's address without its query or fragment.
    let href = location.as_ref().and_then(|l| l.href().ok()).unwrap_or_default();
    let share_base = href.get(..href.find(['?', '#']).unwrap_or(href.len())).unwrap_or_default().to_owned();
    let (link, notices) = link::decode(&query);
    LabInit { share_base, standalone: true, ..with_progress(link.to_init(&browser_languages(), notices)) }
}

/// Reads a mount element's `data-` attributes as link parameters:
/// `data-ack-lost` is `ack_lost`, and `data-experiment` shows that one
/// experiment only.
fn element_pairs(element: &web_sys::Element) -> Vec<(String, String)> {
    let attributes = element.attributes();
    (0..attributes.length())
        .filter_map(|i| attributes.item(i))
        .filter_map(|attr| {
            let name = attr.name();
            let key = name.strip_prefix("data-")?;
            if key.starts_with("retry-lab") {
                return None; // the mount's own marks, not link keys
            }
            let key = if key == "experiment" { "only".to_owned() } else { key.replace('-', "_") };
            Some((key, attr.value()))
        })
        .collect()
}

/// Mounts a lab into every `[data-retry-lab]` element not mounted yet. Each
/// lab is independent (its own state, ids and keyboard scope). `share_base`
/// is the URL of the lab's own page, where "copy link" points. Returns how
/// many labs were mounted.
pub fn mount_all(share_base: String) -> u32 {
    let document = gloo_utils::document();
    let Ok(nodes) = document.query_selector_all("[data-retry-lab]:not([data-retry-lab-mounted])") else {
        return 0;
    };
    let mut mounted = 0;
    for i in 0..nodes.length() {
        let Some(element) = nodes.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else {
            continue;
        };
        // embed.js routes every mount to one page's module (`data-retry-lab-dir`):
        // that module mounts it, whatever else it names (notices say what it
        // ignored); a mount routed elsewhere is another module's. Without the
        // mark (a host calling `mount_all` itself), a mount naming nothing of
        // this page's and something of another's is left to that one.
        let routed = element.get_attribute("data-retry-lab-dir");
        if routed.as_deref().is_some_and(|dir| dir != crate::groups::Group::here().dir) {
            continue;
        }
        let (link, notices) = link::decode_at(element_pairs(&element), None, routed.is_some());
        if link.elsewhere.is_some() {
            continue;
        }
        let init = LabInit {
            share_base: share_base.clone(),
            standalone: false,
            ..with_progress(link.to_init(&browser_languages(), notices))
        };
        let _ = element.set_attribute("data-retry-lab-mounted", "");
        // embed.js isolates a lab from its host's styles in a shadow root,
        // with the lab's stylesheets and an empty `.retry-lab-root` to render
        // into; a host calling this itself gets the element.
        let root = isolated_root(&element).unwrap_or_else(|| {
            element.set_inner_html("");
            element.clone()
        });
        let handle = yew::Renderer::<App>::with_root_and_props(root, AppProps { init }).render();
        MOUNTED.with(|labs| labs.borrow_mut().push((element, handle)));
        mounted += 1;
    }
    mounted
}

thread_local! {
    /// Every lab this module mounted, by its element: what `unmount_removed` ends.
    static MOUNTED: std::cell::RefCell<Vec<(web_sys::Element, yew::AppHandle<App>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The root embed.js prepared in the element's shadow root, if any.
fn isolated_root(element: &web_sys::Element) -> Option<web_sys::Element> {
    element.shadow_root()?.query_selector(".retry-lab-root").ok().flatten()
}

/// Ends every lab whose element left the document (a host that changes
/// pages without reloading removed it): its app is destroyed, so every hook
/// cancels what it owns (animation frames, timers, listeners, observers).
/// The element may come back: it is no longer marked mounted. Returns how
/// many ended.
pub fn unmount_removed() -> u32 {
    MOUNTED.with(|labs| {
        let mut labs = labs.borrow_mut();
        let (gone, kept): (Vec<_>, Vec<_>) = labs.drain(..).partition(|(element, _)| !element.is_connected());
        *labs = kept;
        let count = gone.len() as u32;
        for (element, handle) in gone {
            let _ = element.remove_attribute("data-retry-lab-mounted");
            handle.destroy();
        }
        count
    })
}

/// Mounts the lab's own page into `<main id="lab" data-retry-lab-page>`
/// (its `#lab-app`, below the prerendered `#lab-header`). On any other page
/// (an author's, loading `embed.js`) it does nothing: there `mount_all`
/// mounts the labs the author placed.
pub fn mount_page() {
    let document = gloo_utils::document();
    let Some(main) = document.get_element_by_id("lab") else {
        return;
    };
    if !main.has_attribute("data-retry-lab-page") {
        return;
    }
    let init = page_init();
    // A link for another lesson group's experiment goes to that group's
    // page, query and all (a v1 link to the ack table, say).
    if let (Some(dir), Some(location)) = (init.elsewhere, web_sys::window().map(|w| w.location())) {
        let target =
            crate::groups::GROUPS.iter().find(|g| g.dir == dir).map(|g| g.path_from(crate::groups::Group::here()));
        // Marked as passed on: the page there reads it whatever it names (a
        // link naming two pages' codes never bounces between them).
        let query = location.search().unwrap_or_default();
        if let Some(target) = target {
            if location.replace(&format!("{target}{query}&hop=1")).is_ok() {
                return;
            }
        }
    }
    // The compact view (an iframe embed) has no page chrome: the prerendered
    // header goes, and the lab shows its own small title.
    let header = document.get_element_by_id("lab-header");
    if let Some(header) = header.as_ref().filter(|_| init.compact) {
        header.remove();
    }
    // A forced theme covers the page too (its background, the prerendered header).
    if let (Some(theme), Some(html)) = (init.theme, document.document_element()) {
        let _ = html.set_attribute("data-theme", theme.code());
    }
    let prerendered_header = header.is_some() && !init.compact;
    let root = document.get_element_by_id("lab-app").unwrap_or(main);
    let init = LabInit { prerendered_header, ..init };
    // After the prerendered first screen has painted: the learner sees the
    // page's content while the lab builds itself.
    let render = move || {
        root.set_inner_html("");
        yew::Renderer::<App>::with_root_and_props(root, AppProps { init }).render();
    };
    // The frame may never come (a tab hidden or starved of frames), so a
    // timer mounts the lab too; whichever fires first renders, once.
    let render = std::rc::Rc::new(std::cell::Cell::new(Some(render)));
    let once = move || {
        if let Some(render) = render.take() {
            gloo_timers::callback::Timeout::new(0, render).forget();
        }
    };
    let fallback = once.clone();
    let after_paint = wasm_bindgen::closure::Closure::once_into_js(once);
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(after_paint.unchecked_ref());
    }
    gloo_timers::callback::Timeout::new(NO_FRAME_MOUNT_MS, fallback).forget();
}

/// How long the page waits for a first frame before mounting without one:
/// past a paint at 60 Hz (or 30 Hz) many times over.
const NO_FRAME_MOUNT_MS: u32 = 250;
