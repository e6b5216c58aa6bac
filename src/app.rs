//! The Yew page. Components render what the state (and through it, the core)
//! says; all changes go through the reducer.

use std::rc::Rc;

use retry_lab_core::Backoff;
use yew::prelude::*;

use crate::format;
use crate::i18n::Lang;

#[derive(Clone, Debug, PartialEq)]
pub struct PageState {
    pub lang: Lang,
    pub backoff: Backoff,
}

pub enum PageAction {
    SetLang(Lang),
}

impl Reducible for PageState {
    type Action = PageAction;
    fn reduce(self: Rc<Self>, action: PageAction) -> Rc<Self> {
        match action {
            PageAction::SetLang(lang) => Rc::new(PageState { lang, ..(*self).clone() }),
        }
    }
}

fn browser_languages() -> Vec<String> {
    let Some(window) = web_sys::window() else { return Vec::new() };
    let navigator = window.navigator();
    let list: Vec<String> = navigator.languages().iter().filter_map(|v| v.as_string()).collect();
    if list.is_empty() {
        navigator.language().into_iter().collect()
    } else {
        list
    }
}

fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    form_urlencoded::parse(search.trim_start_matches('?').as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

#[derive(Properties, PartialEq)]
pub struct AppProps {
    pub initial_lang: Lang,
}

#[component(App)]
pub fn app(props: &AppProps) -> Html {
    let state = use_reducer(|| PageState { lang: props.initial_lang, backoff: Backoff::default() });
    let lang = state.lang;
    {
        // The document's language follows the page's (screen readers, the panic banner).
        use_effect_with(lang, |lang| {
            if let Some(root) = gloo_utils::document().document_element() {
                let _ = root.set_attribute("lang", lang.code());
            }
        });
    }
    let texts = lang.texts();
    let lang_buttons = Lang::ALL.iter().map(|&option| {
        let state = state.clone();
        let onclick = Callback::from(move |_| state.dispatch(PageAction::SetLang(option)));
        html! {
            <button type="button" class="lang-option" aria-pressed={(option == lang).to_string()} {onclick}>
                { option.code().to_uppercase() }
            </button>
        }
    });
    html! {
        <div class="lab">
            <header class="lab-header">
                <div>
                    <h1>{ texts.title }</h1>
                    <p class="subtitle">{ texts.subtitle }</p>
                </div>
                <div class="lang-switch" role="group" aria-label={texts.language}>{ for lang_buttons }</div>
            </header>
            <ScheduleTable lang={lang} backoff={state.backoff} />
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ScheduleProps {
    pub lang: Lang,
    pub backoff: Backoff,
}

#[component(ScheduleTable)]
pub fn schedule_table(props: &ScheduleProps) -> Html {
    let texts = props.lang.texts();
    let backoff = props.backoff;
    let rows = (1..=backoff.retries_max).map(|n| {
        let wait_ms = backoff.deterministic_wait_ms(n);
        let hint = format::approx_minutes(wait_ms).map(|h| format!(" ({h})")).unwrap_or_default();
        html! {
            <tr key={n}>
                <td>{ n }</td>
                <td class="formula">{ backoff.base_s }{ "·2" }<sup>{ n - 1 }</sup></td>
                <td class="num">{ format::seconds(wait_ms) }{ hint }</td>
            </tr>
        }
    });
    html! {
        <section class="card schedule" aria-labelledby="schedule-heading">
            <h2 id="schedule-heading">{ texts.schedule_heading }</h2>
            <p>{ texts.schedule_rule }{ " " }{ (texts.schedule_convention)(backoff.retries_max) }</p>
            <table class="schedule-table">
                <thead><tr><th scope="col">{ texts.col_retry }</th><th scope="col">{ texts.col_formula }</th><th scope="col">{ texts.col_wait }</th></tr></thead>
                <tbody>{ for rows }</tbody>
                <tfoot><tr><th scope="row" colspan="2">{ texts.total }</th><td class="num total">{ format::seconds(backoff.total_s() * 1_000) }</td></tr></tfoot>
            </table>
        </section>
    }
}

/// Mounts the standalone page into `#lab`, or the body.
pub fn mount_page() {
    let initial_lang = Lang::choose(query_param("lang").as_deref(), &browser_languages());
    let props = AppProps { initial_lang };
    match gloo_utils::document().get_element_by_id("lab") {
        Some(root) => {
            yew::Renderer::<App>::with_root_and_props(root, props).render();
        }
        None => {
            yew::Renderer::<App>::with_props(props).render();
        }
    }
}
