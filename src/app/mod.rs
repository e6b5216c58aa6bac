//! The Yew page. Components render what the state (and through it, the core)
//! says; every change is an `Action` through the one reducer.

mod ack_panel;
mod controls;
mod hooks;
mod panels;
mod share;
mod timeline;
mod uuid_panel;

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::link::LinkV1;
use crate::state::{Action, Experiment, LabState, ParamName};
pub use crate::state::LabInit;

pub use panels::ScheduleTable;

impl Reducible for LabState {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(LabState::reduce(&self, action))
    }
}

/// What the lab's views take: the state, the reducer's dispatcher, and the
/// instance's id prefix (ids stay unique with several labs on one page).
#[derive(Properties, PartialEq)]
pub struct LabViewProps {
    pub state: LabState,
    pub dispatch: UseReducerDispatcher<LabState>,
    pub id_prefix: AttrValue,
}

/// The current value of the `<input>` or `<select>` an event came from.
pub fn event_value(event: &Event) -> String {
    use wasm_bindgen::JsCast;
    let target = event.target();
    target
        .as_ref()
        .and_then(|t| t.dyn_ref::<web_sys::HtmlInputElement>().map(|i| i.value()))
        .or_else(|| target.as_ref().and_then(|t| t.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value())))
        .unwrap_or_default()
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
    // Ids must be unique when several labs share a page.
    let id_prefix = use_memo((), |_| AttrValue::from(format!("lab{}", next_instance())));
    let id_prefix = (*id_prefix).clone();
    let lang = state.lang;
    let texts = lang.texts();

    // The link that reproduces this lab; the page's own URL also keeps the
    // embed settings it was opened with. Memoized: renders come every frame
    // while playing, the link changes only with these four.
    let links = use_memo((lang, state.params.clone(), state.experiment, state.speed_s_per_s), |(lang, params, experiment, speed)| {
        let link = LinkV1::of(*lang, params, *experiment, *speed);
        let share_url = format!("{}?{}", init.share_base, link.encode());
        let own_query = LinkV1 { embed: init.compact, only: init.only, lock: init.locked.clone(), ..link }.encode();
        (share_url, own_query)
    });
    let (share_url, own_query) = (*links).clone();

    hooks::use_document_lang(lang, init.standalone);
    hooks::use_playback_clock(state.playing, dispatch.clone());
    hooks::use_keyboard(root.clone(), init.standalone, dispatch.clone());
    hooks::use_url_sync(own_query, init.standalone);
    hooks::use_embed_height(root.clone(), init.compact);

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
        Experiment::Retries => html! { <panels::RetriesExperiment state={(*state).clone()} dispatch={dispatch.clone()} id_prefix={id_prefix.clone()} /> },
        Experiment::DoublePublication => html! {
            <uuid_panel::DoublePublicationPanel lang={lang} params={state.params.clone()} input={state.pass_input.clone()}
                locked={state.is_locked(ParamName::Pass)} namespace_locked={state.is_locked(ParamName::Namespace)}
                dispatch={dispatch.clone()} id_prefix={id_prefix.clone()} />
        },
        Experiment::AckTiming => html! {
            <ack_panel::AckTimingPanel lang={lang} params={state.params.clone()} locked={state.locked.clone()} dispatch={dispatch.clone()} id_prefix={id_prefix.clone()} />
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
            <share::LinkNotice lang={lang} notices={init.notices.clone()} />
            { tabs.unwrap_or_default() }
            <share::ShareBar lang={lang} params={state.params.clone()} url={share_url} id_prefix={id_prefix.clone()} dispatch={dispatch.clone()} />
            { body }
        </div>
    }
}

fn next_instance() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Mounts the lab's own page into `<main id="lab" data-retry-lab-page>`.
/// On any other page (an author's, loading `embed.js`) it does nothing:
/// there `mount_all` mounts the labs the author placed.
pub fn mount_page() {
    let Some(root) = gloo_utils::document().get_element_by_id("lab") else { return };
    if !root.has_attribute("data-retry-lab-page") {
        return;
    }
    root.set_inner_html("");
    yew::Renderer::<App>::with_root_and_props(root, AppProps { init: crate::boot::page_init() }).render();
}
