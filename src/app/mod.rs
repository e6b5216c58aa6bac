//! The Yew page. Components render what the state (and through it, the core)
//! says; every change is an `Action` through the one reducer.

mod ack_panel;
mod controls;
mod hooks;
mod panels;
mod timeline;
mod uuid_panel;

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::state::{Action, Experiment, LabState, ParamName};
pub use crate::state::LabInit;

pub use panels::ScheduleTable;

impl Reducible for LabState {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(LabState::reduce(&self, action))
    }
}

#[derive(Properties, PartialEq)]
pub struct AppProps {
    pub init: LabInit,
}

#[component(App)]
pub fn app(props: &AppProps) -> Html {
    let init = &props.init;
    let state = use_reducer(|| {
        LabState::new(init.lang, init.params.clone(), init.only.unwrap_or(init.experiment), init.speed_s_per_s, init.locked.clone())
    });
    let dispatch = state.dispatcher();
    let root = use_node_ref();
    let lang = state.lang;
    let texts = lang.texts();

    hooks::use_document_lang(lang, init.standalone);
    hooks::use_playback_clock(state.playing, dispatch.clone());
    hooks::use_keyboard(root.clone(), init.standalone, dispatch.clone());

    let lang_buttons = Lang::ALL.iter().map(|&option| {
        let onclick = dispatch.to_callback().reform(move |_| Action::SetLang(option));
        html! {
            <button type="button" class="lang-option" lang={option.code()} aria-pressed={(option == lang).to_string()} {onclick}>
                { option.label() }
            </button>
        }
    });
    let tabs = init.only.is_none().then(|| {
        let buttons = Experiment::ALL.iter().map(|&experiment| {
            let label = match experiment {
                Experiment::Retries => texts.experiment_retries,
                Experiment::DoublePublication => texts.experiment_uuid5,
                Experiment::AckTiming => texts.experiment_ack,
            };
            let onclick = dispatch.to_callback().reform(move |_| Action::SetExperiment(experiment));
            html! {
                <button type="button" class="tab" aria-pressed={(experiment == state.experiment).to_string()}
                    data-experiment={experiment.code()} {onclick}>{ label }</button>
            }
        });
        html! { <nav class="tabs" aria-label={texts.experiments_label}>{ for buttons }</nav> }
    });
    let body = match state.experiment {
        Experiment::Retries => html! { <panels::RetriesExperiment state={(*state).clone()} dispatch={dispatch.clone()} /> },
        Experiment::DoublePublication => html! {
            <uuid_panel::DoublePublicationPanel lang={lang} params={state.params.clone()} input={state.pass_input.clone()}
                locked={state.is_locked(ParamName::Pass)} namespace_locked={state.is_locked(ParamName::Namespace)}
                dispatch={dispatch.clone()} />
        },
        Experiment::AckTiming => html! {
            <ack_panel::AckTimingPanel lang={lang} params={state.params.clone()} locked={state.locked.clone()} dispatch={dispatch.clone()} />
        },
    };
    let class = classes!("lab", init.compact.then_some("lab-compact"));
    html! {
        <div class={class} ref={root} lang={lang.code()}>
            <header class="lab-header">
                <div>
                    if init.compact { <h2 class="lab-title">{ texts.title }</h2> } else { <h1 class="lab-title">{ texts.title }</h1> }
                    <p class="subtitle">{ texts.subtitle }</p>
                </div>
                <div class="lang-switch" role="group" aria-label={texts.language}>{ for lang_buttons }</div>
            </header>
            { tabs.unwrap_or_default() }
            { body }
        </div>
    }
}

/// Mounts the standalone page into `#lab`, or the body.
pub fn mount_page() {
    let init = crate::boot::page_init();
    let props = AppProps { init };
    match gloo_utils::document().get_element_by_id("lab") {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<App>::with_root_and_props(root, props).render();
        }
        None => {
            yew::Renderer::<App>::with_props(props).render();
        }
    }
}
