//! Reads how the page starts: the language (`?lang=` first, then the
//! browser's preference) and the rest of the initial state.

use crate::app::LabInit;
use crate::i18n::Lang;

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

pub fn query_string() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

pub fn page_init() -> LabInit {
    let query = query_string();
    let lang_param = form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .find(|(key, _)| key == "lang")
        .map(|(_, value)| value.into_owned());
    LabInit { lang: Lang::choose(lang_param.as_deref(), &browser_languages()), ..LabInit::default() }
}
