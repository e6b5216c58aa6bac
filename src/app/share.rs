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
    /// The scenario the lab's parameters are, if any.
    pub current: Option<crate::unit::Scenario>,
    pub url: AttrValue,
    pub id_prefix: AttrValue,
    pub dispatch: UseReducerDispatcher<LabState>,
}

pub fn share_bar(props: ShareBarProps, status: &UseStateHandle<CopyStatus>) -> Html {
    let t = props.lang.texts();
    let current = props.current;
    let current_code = current.filter(|s| !s.is_old(VERSION)).map(|s| s.preset.code);
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
    html! {
        <div class="share card">
            <label for={preset_id.clone()}>{ t.preset }</label>
            <select id={preset_id} onchange={on_preset}>
                if current.is_none() { <option value="" selected=true disabled=true>{ t.preset_custom }</option> }
                // An old link's scenario, named as what it is (choosing
                // today's of the same name applies today's).
                if let Some(old) = current.filter(|s| s.is_old(VERSION)) {
                    <option value="" selected=true disabled=true>{ old.label(props.lang) }</option>
                }
                { for presets(VERSION).map(|(_, p)| html! {
                    <option value={p.code} selected={Some(p.code) == current_code}>{ (p.label)(props.lang) }</option>
                }) }
            </select>
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
