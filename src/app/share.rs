//! The share bar (scenario picker, copy link) and the notice about a link's
//! ignored parts. Plain functions over state the app keeps (`ShareState`),
//! not components: a component costs every page about a kilobyte of its own
//! lifecycle code, and these re-render with the lab anyway.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::lab::{Action, LabState};
use crate::link::{Notice, VERSION};
use crate::registry::presets;

#[derive(Clone, Copy, PartialEq)]
pub enum CopyStatus {
    Idle,
    Copied,
    Failed,
}

/// What the share bar and the notice remember between renders: whether
/// the link was copied, whether the notice was dismissed.
#[derive(Clone)]
pub struct ShareState {
    pub copy: UseStateHandle<CopyStatus>,
    pub notice_shown: UseStateHandle<bool>,
}

#[hook]
pub fn use_share_state() -> ShareState {
    ShareState { copy: use_state(|| CopyStatus::Idle), notice_shown: use_state(|| true) }
}

pub struct ShareBarProps {
    pub lang: Lang,
    /// The open experiment: the picker offers its scenarios (the tabs lead
    /// to the others').
    pub open: crate::registry::Experiment,
    /// The scenario the run is or started from, and whether it changed since.
    pub current: Option<(crate::unit::Scenario, bool)>,
    /// Its name, with what changed: «Ejercicio 5 (cambiado: …)».
    pub current_label: Option<String>,
    pub url: AttrValue,
    pub id_prefix: AttrValue,
    pub dispatch: UseReducerDispatcher<LabState>,
}

impl ShareBarProps {
    /// The bar of this lab: its open experiment, its scenario and the link.
    pub fn of(
        state: &LabState,
        url: AttrValue,
        id_prefix: AttrValue,
        dispatch: UseReducerDispatcher<LabState>,
    ) -> Self {
        ShareBarProps {
            lang: state.lang,
            open: state.open,
            current: state.scenario().map(|(s, changes)| (s, !changes.is_empty())),
            current_label: state.scenario_label(),
            url,
            id_prefix,
            dispatch,
        }
    }
}

pub fn share_bar(props: ShareBarProps, status: &UseStateHandle<CopyStatus>) -> Html {
    let t = props.lang.texts();
    let current = props.current;
    // A changed scenario is named as such, its preset still one choice
    // (choosing it goes back to it).
    let named = current.filter(|(s, changed)| !s.is_old(VERSION) && !changed).map(|(s, _)| s.preset.code);
    let own_name = current.filter(|(s, changed)| s.is_old(VERSION) || *changed).and(props.current_label.clone());
    let on_preset = props.dispatch.to_callback().reform(|e: Event| {
        let code = super::widgets::event_value(&e);
        let code = presets(VERSION).map(|(_, p)| p.code).find(|c| *c == code).unwrap_or("lesson");
        Action::ApplyPreset { code }
    });
    let on_copy = {
        let status = status.clone();
        let url = props.url.to_string();
        Callback::from(move |_| {
            let status = status.clone();
            let clipboard = web_sys::window().map(|w| w.navigator().clipboard());
            let url = url.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let copied = match clipboard {
                    Some(clipboard) => wasm_bindgen_futures::JsFuture::from(clipboard.write_text(&url)).await.is_ok(),
                    None => false,
                };
                status.set(if copied { CopyStatus::Copied } else { CopyStatus::Failed });
            });
        })
    };
    let preset_id = format!("{}-preset", props.id_prefix);
    // What the picker's face shows: the option chosen below.
    let shown = match (&own_name, named) {
        _ if current.is_none() => t.preset_custom.to_owned(),
        (Some(label), _) => label.clone(),
        (None, code) => {
            presets(VERSION).find(|(_, p)| Some(p.code) == code).map_or("", |(_, p)| (p.label)(props.lang)).to_owned()
        }
    };
    html! {
        <div class="share card">
            <label for={preset_id.clone()}>{ t.preset }</label>
            { super::widgets::pick(html! {
                <select id={preset_id} onchange={on_preset}>
                    if current.is_none() { <option value="" selected=true disabled=true>{ t.preset_custom }</option> }
                    // A changed scenario, or an old link's, named as what it is
                    // (choosing today's of the same name applies today's).
                    if let Some(label) = own_name {
                        <option value="" selected=true disabled=true>{ label }</option>
                    }
                    { for presets(VERSION).filter(|(e, _)| *e == props.open).map(|(_, p)| html! {
                        <option value={p.code} selected={Some(p.code) == named}>{ (p.label)(props.lang) }</option>
                    }) }
                </select>
            }, shown) }
            <button type="button" class="copy-link" onclick={on_copy}>{ t.copy_link }</button>
            <span class="copy-status" role="status">
                { match **status { CopyStatus::Idle => "", CopyStatus::Copied => t.link_copied, CopyStatus::Failed => t.link_copy_failed } }
            </span>
            // Without clipboard access the link is shown, ready to select.
            if **status == CopyStatus::Failed {
                <input class="share-url" type="text" readonly=true value={props.url.clone()} aria-label={t.copy_link} />
            }
        </div>
    }
}

/// What a link asked for that was ignored or clamped; dismissible.
pub fn link_notice(lang: Lang, notices: &[Notice], visible: &UseStateHandle<bool>) -> Html {
    if notices.is_empty() || !**visible {
        return html! {};
    }
    let t = lang.texts();
    let dismiss = {
        let visible = visible.clone();
        Callback::from(move |_| visible.set(false))
    };
    html! {
        <div class="notice" role="status">
            <div>
                <strong>{ t.notice_ignored }</strong>
                <ul>{ for notices.iter().map(|n| html! { <li>{ n.describe(lang) }</li> }) }</ul>
            </div>
            <button type="button" class="dismiss" onclick={dismiss}>{ t.dismiss }</button>
        </div>
    }
}
