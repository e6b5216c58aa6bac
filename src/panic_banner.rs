//! A panic must never leave a blank page. The hook writes a visible banner
//! straight into the DOM (the Yew app is dead by then), in the page's
//! language, with the message and a way to reload.

use crate::i18n::Lang;

pub const BANNER_ID: &str = "retry-lab-panic";

/// Replaces Yew's default hook (console only) with console + banner.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&message.clone().into());
        show(&message);
    }));
}

/// Shows (or updates) the banner. Uses only the DOM: no allocation-heavy work,
/// no Yew, since the app may be in any state.
pub fn show(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    // The link's language first: a panic before the first render finds the
    // document still in the page's Spanish (`use_document` sets it
    // once the lab renders, and keeps the link's `lang` in step after).
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let asked = crate::query::parse(search.trim_start_matches('?'))
        .into_iter()
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| Lang::parse(&v));
    let lang = asked
        .or_else(|| {
            document.document_element().and_then(|root| Lang::parse(&root.get_attribute("lang").unwrap_or_default()))
        })
        .unwrap_or_default();
    let texts = lang.texts();
    let banner = match document.get_element_by_id(BANNER_ID) {
        Some(existing) => existing,
        None => {
            let Ok(banner) = document.create_element("div") else { return };
            let _ = banner.set_attribute("id", BANNER_ID);
            let _ = banner.set_attribute("role", "alert");
            let _ = banner.set_attribute("class", "panic-banner");
            if let Some(body) = document.body() {
                let _ = body.insert_before(&banner, body.first_child().as_ref());
            }
            banner
        }
    };
    banner.set_text_content(None);
    let append = |tag: &str, class: &str, text: &str| {
        if let Ok(el) = document.create_element(tag) {
            let _ = el.set_attribute("class", class);
            el.set_text_content(Some(text));
            let _ = banner.append_child(&el);
            Some(el)
        } else {
            None
        }
    };
    append("strong", "panic-title", texts.panic_title);
    append("code", "panic-message", message);
    append("span", "panic-hint", texts.panic_hint);
    // A plain link reloads without any script: wasm is unusable after a panic.
    // The address whole: an empty `href` would go to a host page's `<base>`.
    if let Some(link) = append("a", "panic-reload", texts.panic_reload) {
        let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
        let _ = link.set_attribute("href", &href);
    }
}
