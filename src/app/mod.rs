//! The Yew page's shell: header, language, tabs, share bar, and the open
//! experiment's panel (from the registry). Components render what the state
//! (and through it, the core) says; every change is an `Action` through the
//! one reducer.

mod frame;
pub(crate) mod handle;
pub(crate) mod hooks;
mod host;
mod scene;
mod share;
mod tasks;
pub mod widgets;

use std::rc::Rc;

use yew::prelude::*;

use crate::groups::{Group, GROUPS};
use crate::i18n::Lang;
use crate::init::LabInit;
use crate::lab::{Action, LabState};
use crate::link::{Link, Scope};
use crate::registry::Experiment;

impl Reducible for LabState {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(LabState::reduce(&self, action))
    }
}

/// The links a lab writes of itself.
#[derive(Clone)]
struct Links {
    /// "Copy link": the open experiment's run.
    share_url: String,
    /// The address bar: every tab's changes, and the embed settings the
    /// page was opened with.
    own_query: String,
    /// The run's files, the "Embed this" builder and, for a seeded
    /// experiment, the scenario over many seeds (not inside an embed).
    tools: Option<(String, String, String)>,
    /// What the host hears of: the scenario, without its clock or language.
    scenario_url: String,
}

/// Everything a lab writes of itself, when its run changes.
fn links(
    init: &LabInit,
    lang: Lang,
    params: &crate::registry::LabParams,
    open: Experiment,
    clock_ms: Option<u64>,
    (named, scenario): (Option<&'static str>, Option<&str>),
    (host_progress, projector): (Option<crate::tasks::Progress>, bool),
) -> Links {
    let link = Link::of(lang, params, open, clock_ms, Scope::Experiment, named);
    let query = link.encode();
    let page_link = Link::of(lang, params, open, clock_ms, Scope::Page, named);
    let page_query = page_link.clone().encode();
    let scenario = scenario.unwrap_or(lang.texts().preset_custom);
    let tool = |file: &str| crate::link::tool_href(file, &init.share_base, (&query, &page_query), scenario);
    let own_query = Link {
        embed: init.compact,
        only: init.only,
        lock: init.locked.0.clone(),
        theme: init.theme,
        projector,
        tasks: init.tasks.clone(),
        host_off: init.host_off,
        // A host's record stays the frame's own (a reload keeps it, and
        // keeps the browser's storage out), with what was done since.
        done: host_progress,
        ..page_link
    };
    Links {
        share_url: format!("{}?{query}", init.share_base),
        own_query: own_query.encode(),
        // `sweepable` is false for every experiment of a page without a
        // seeded one: there the sweep's link (and its code) is not built.
        tools: (!init.compact).then(|| {
            let sweep = if open.sweepable() { tool("sweep.html") } else { String::new() };
            (tool("export.html"), tool("embed-builder.html"), sweep)
        }),
        scenario_url: format!("{}?{}", init.share_base, Link { at_ms: None, lang: None, ..link }.encode()),
    }
}

#[derive(Properties, PartialEq)]
pub struct AppProps {
    pub init: LabInit,
}

#[component(App)]
pub fn app(props: &AppProps) -> Html {
    let init = &props.init;
    let state =
        use_reducer(|| LabState::new(&LabInit { experiment: init.only.unwrap_or(init.experiment), ..init.clone() }));
    let dispatch = state.dispatcher();
    let root = use_node_ref();
    let share_state = share::use_share_state();
    // Ids must be unique when several labs share a page.
    let id_prefix = use_memo((), |_| AttrValue::from(format!("lab{}", next_instance())));
    let id_prefix = (*id_prefix).clone();
    let lang = state.lang;
    let texts = lang.texts();
    let Links { share_url, own_query, tools, scenario_url } = use_links(init, &state);
    use_lab_effects(init, &state, root.clone(), own_query, scenario_url);

    // The course: every lesson page, the same names in the same order on each,
    // this one marked. Only on the lab's own page (an embed is one experiment).
    let course = (init.standalone && !init.compact && init.only.is_none()).then(|| course_nav(lang));
    let experiment_id = format!("{id_prefix}-experiment");
    // The tasks go beside the experiment's figure, where the panel puts them.
    let frame = frame::LabFrame {
        tasks: tasks::task_list(&state, &init.tasks, &id_prefix, &dispatch),
        state: &state,
        dispatch: dispatch.clone(),
        id_prefix: &id_prefix,
        scene: state.scene(),
    };
    // The standalone page paints its header first and the experiment in the
    // next task: two shorter tasks instead of one long one at start-up.
    let panel_ready = hooks::use_next_task(init.standalone);
    let contrast = hooks::use_media("(prefers-contrast: more)");
    let class = class_list!(
        "lab",
        init.compact.then_some("lab-compact"),
        state.projector.then_some("projector"),
        contrast.then_some("contrast"),
        // The style sheet hides the answers while a guess waits. A class,
        // not `:has(.hero-waiting)`: with `:has()` every node a playing
        // scene inserts re-checked the lab and restyled its tables.
        state.awaiting_guess().then_some("guess-waiting")
    );
    html! {
        <div class={class} ref={root} lang={lang.code()} data-theme={init.theme.map(|t| t.code())}>
            // First in the tab order (WCAG 2.4.1): straight to the experiment.
            <a class="skip-link" href={format!("#{experiment_id}")}>{ texts.skip_to_experiment }</a>
            { lab_header(init, lang, state.projector, &dispatch) }
            if !init.compact && !init.prerendered_header { <p class="lab-intro">{ (Group::here().intro)(lang) }</p> }
            { course.unwrap_or_default() }
            { share::link_notice(lang, &init.notices, &share_state.notice_shown) }
            if init.only.is_none() { { experiment_tabs(state.open, lang, &dispatch) } }
            // With the experiment, not before it: on a phone the scenario's bar
            // stands after the experiment, and shown first it would jump
            // there when the experiment came (a layout shift of 0.17).
            if panel_ready {
                { share::share_bar(share::ShareBarProps::of(&state, share_url.into(), id_prefix.clone(), dispatch.clone()), &share_state.copy) }
                <div id={experiment_id} class="experiment-anchor" tabindex="-1">{ frame::panel(&frame) }</div>
            }
            // After the experiment, never before it: the way up to many seeds (a seeded
            // experiment), then the tools for authors.
            if let Some(tools) = tools.filter(|_| panel_ready) { { tools_line(tools, state.open.sweepable(), lang) } }
        </div>
    }
}

/// What the lab does to the page around it: the document's language and
/// view, the playback clock (held while unseen), the keys, the address, the
/// host's messages and the stored progress. Each hook owns and cancels its handles.
#[hook]
fn use_lab_effects(
    init: &LabInit,
    state: &UseReducerHandle<LabState>,
    root: NodeRef,
    own_query: String,
    scenario_url: String,
) {
    let dispatch = state.dispatcher();
    hooks::use_document(state.lang, state.projector, (init.standalone, init.prerendered_header));
    // Unseen (scrolled away, or a hidden tab), a playing lab holds its clock
    // and goes on from there when seen again.
    let seen = hooks::use_seen(root.clone());
    hooks::use_playback_clock(state.playing() && seen, dispatch.clone());
    hooks::use_keyboard(root.clone(), (init.standalone, state.playing()), dispatch.clone());
    hooks::use_open_tab_shown(root.clone(), state.open);
    hooks::use_url_sync(own_query, init.standalone && !state.playing());
    host::use_embed_height(root, init.compact && !init.host_off);
    host::use_host_events(
        !init.host_off,
        state.clone(),
        init.tasks.clone(),
        init.only,
        scenario_url.into(),
        init.share_base.clone().into(),
    );
    hooks::use_saved_progress(state.progress.clone(), !init.host_progress, dispatch);
}

/// The links that reproduce this lab; the page's own URL also keeps the
/// embed settings it was opened with. Memoized: renders come every frame
/// while playing, and the clock goes in the link only when paused.
#[hook]
fn use_links(init: &LabInit, state: &LabState) -> Links {
    // A scene whose instant is a parameter has it in the link already.
    let clock_ms =
        if state.playing() || state.open.instant_key().is_some() { None } else { state.units.clock_ms(state.open) };
    let host_progress = init.host_progress.then(|| state.progress.clone());
    let named = state.scenario().map(|(s, _)| s.preset.code);
    let links = use_memo(
        (
            state.lang,
            state.link_params(),
            state.open,
            clock_ms,
            named,
            state.scenario_label(),
            (host_progress, state.projector),
        ),
        |(lang, params, open, clock_ms, named, label, (host_progress, projector))| {
            links(
                init,
                *lang,
                params,
                *open,
                *clock_ms,
                (*named, label.as_deref()),
                (host_progress.clone(), *projector),
            )
        },
    );
    (*links).clone()
}

/// The lab's header: its lesson's title (unless the page prerendered it)
/// and the language switch.
fn lab_header(init: &LabInit, lang: Lang, projector: bool, dispatch: &UseReducerDispatcher<LabState>) -> Html {
    let texts = lang.texts();
    let lang_buttons = Lang::ALL.iter().map(|&option| {
        let onclick = dispatch.to_callback().reform(move |_| Action::SetLang(option));
        html! {
            <button type="button" class="lang-option" lang={option.code()} aria-pressed={(option == lang).to_string()} {onclick}>
                { option.label() }
            </button>
        }
    });
    html! {
        <header class="lab-header">
            if !init.prerendered_header {
                <div>
                    // An embed names its lesson too (a queues lab is no "retry lab"),
                    // under the host page's own heading.
                    if init.standalone && !init.compact {
                        <h1 class="lab-title">{ (Group::here().lesson)(lang) }</h1>
                        <p class="subtitle">{ (Group::here().subtitle)(lang) }</p>
                    } else {
                        <h2 class="lab-title">{ (Group::here().lesson)(lang) }</h2>
                        <p class="subtitle">{ (Group::here().subtitle)(lang) }</p>
                    }
                </div>
            }
            <div class="lang-switch" role="group" aria-label={texts.language}>
                { for lang_buttons }
                // For a class's screen: larger, thicker, stronger (`view=projector`).
                <button type="button" class="view-projector" aria-pressed={projector.to_string()}
                    onclick={dispatch.to_callback().reform(move |_| Action::SetProjector(!projector))}>{ texts.projector }</button>
            </div>
        </header>
    }
}

/// A tab per experiment of the page (none where the page has one).
fn experiment_tabs(open: Experiment, lang: Lang, dispatch: &UseReducerDispatcher<LabState>) -> Html {
    if Experiment::ALL.len() < 2 {
        return Html::default();
    }
    let buttons = Experiment::ALL.iter().map(|&experiment| {
        let onclick = dispatch.to_callback().reform(move |_| Action::Open(experiment));
        html! {
            <button type="button" class="tab" aria-pressed={(experiment == open).to_string()}
                data-experiment={experiment.code()} {onclick}>{ experiment.title(lang) }</button>
        }
    });
    html! { <nav class="tabs" aria-label={lang.texts().experiments_label}>{ for buttons }</nav> }
}

/// Under the experiment, drawn with it (painted before it, the line stood
/// where the experiment goes, on a phone the largest paint, and was pushed
/// down when it came): the way up to many seeds (a seeded experiment), then
/// the authors' tools.
fn tools_line((export, embed, sweep): (String, String, String), sweep_shown: bool, lang: Lang) -> Html {
    let texts = lang.texts();
    html! {
        <p class="embed-this">
            if sweep_shown { <a class="sweep-link" href={sweep}>{ crate::sweep::link_words(lang) }</a>{ " · " } }
            <a href={export}>{ texts.export_run }</a>{ " · " }<a href={embed}>{ texts.embed_this }</a>
        </p>
    }
}

/// Every lesson page by its name, this one marked `aria-current="page"`.
/// A `<details>`: one button on a phone; on a wide screen the list shows
/// and its summary does not (style.css). No state of the lab's.
fn course_nav(lang: Lang) -> Html {
    let texts = lang.texts();
    let here = Group::here();
    let items = GROUPS.iter().map(|g| {
        let href = format!("{}?lang={}", g.path_from(here), lang.code());
        let current = std::ptr::eq(g, here).then_some("page");
        html! { <li><a {href} aria-current={current}>{ (g.title)(lang) }</a></li> }
    });
    html! {
        <nav class="course-nav" aria-label={texts.course_label}>
            <details class="course-menu"><summary class="course-toggle">{ texts.course_short }</summary><ol>{ for items }</ol></details>
        </nav>
    }
}

fn next_instance() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
