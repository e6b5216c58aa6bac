//! How a lab starts: the standalone page reads its URL; an author's page
//! places `<div data-retry-lab data-…>` elements that `mount_all` fills.
//! Both go through the same link codec.

use wasm_bindgen::prelude::*;

use crate::app::{App, AppProps};
use crate::link;
use crate::state::LabInit;

pub fn browser_languages() -> Vec<String> {
    let Some(window) = web_sys::window() else { return Vec::new() };
    let navigator = window.navigator();
    let list: Vec<String> = navigator.languages().iter().filter_map(|v| v.as_string()).collect();
    if list.is_empty() {
        navigator.language().into_iter().collect()
    } else {
        list
    }
}

/// The standalone page (and the iframe embed): state from `location.search`.
pub fn page_init() -> LabInit {
    let location = web_sys::window().map(|w| w.location());
    let query = location.as_ref().and_then(|l| l.search().ok()).unwrap_or_default();
    let share_base = location
        .as_ref()
        .map(|l| format!("{}{}", l.origin().unwrap_or_default(), l.pathname().unwrap_or_default()))
        .unwrap_or_default();
    let (link, mut notices) = link::decode(&query);
    let init = link.to_init(&browser_languages(), &mut notices);
    LabInit { notices, share_base, standalone: true, ..init }
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
            if key == "retry-lab" || key == "retry-lab-mounted" {
                return None;
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
#[wasm_bindgen]
pub fn mount_all(share_base: String) -> u32 {
    let document = gloo_utils::document();
    let Ok(nodes) = document.query_selector_all("[data-retry-lab]:not([data-retry-lab-mounted])") else { return 0 };
    let mut mounted = 0;
    for i in 0..nodes.length() {
        let Some(element) = nodes.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
        let (link, mut notices) = link::decode_pairs(element_pairs(&element));
        let init = link.to_init(&browser_languages(), &mut notices);
        let init = LabInit { notices, share_base: share_base.clone(), standalone: false, ..init };
        let _ = element.set_attribute("data-retry-lab-mounted", "");
        element.set_inner_html("");
        yew::Renderer::<App>::with_root_and_props(element, AppProps { init }).render();
        mounted += 1;
    }
    mounted
}
