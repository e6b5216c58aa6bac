//! Component tests in headless Chromium (wasm-bindgen-test-runner + chromedriver).
#![cfg(target_arch = "wasm32")]

use retry_lab_core::{Engine, Probability};
use retry_lab_web::app::{App, AppProps};
use retry_lab_web::i18n::Lang;
use retry_lab_web::init::LabInit;
use retry_lab_web::lab::{Action, LabState};
use retry_lab_web::panic_banner;
use retry_lab_web::registry::{Experiment, LabParams, Transport};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

include!("../core/tests/support/golden.rs");

fn fresh_root() -> web_sys::Element {
    let document = gloo_utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}

fn texts(root: &web_sys::Element, selector: &str) -> Vec<String> {
    let nodes = root.query_selector_all(selector).unwrap();
    (0..nodes.length()).map(|i| nodes.item(i).unwrap().text_content().unwrap_or_default()).collect()
}

fn mount(init: LabInit) -> (web_sys::Element, yew::AppHandle<App>) {
    let root = fresh_root();
    let handle = yew::Renderer::<App>::with_root_and_props(
        root.clone(),
        AppProps { init: LabInit { standalone: false, ..init } },
    )
    .render();
    (root, handle)
}

fn click(root: &web_sys::Element, selector: &str) {
    let el = root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no {selector}"));
    el.unchecked_into::<web_sys::HtmlElement>().click();
}

fn type_into(root: &web_sys::Element, selector: &str, text: &str) {
    let input: web_sys::HtmlInputElement = root.query_selector(selector).unwrap().unwrap().unchecked_into();
    input.set_value(text);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(&web_sys::InputEvent::new_with_event_init_dict("input", &init.unchecked_into()).unwrap())
        .unwrap();
}

#[wasm_bindgen_test]
fn reducer_in_wasm_reaches_the_native_engine_end() {
    let mut state = LabState::new(&LabInit::default());
    state = state.reduce(Action::Transport(Transport::TogglePlay));
    let mut now = 0.0;
    while state.playing() {
        now += 16.0;
        state = state.reduce(Action::Transport(Transport::Tick { elapsed_real_ms: 16.0, now_real_ms: now }));
    }
    let params = LabParams::default();
    let mut engine = Engine::new(params.retries.sim_config(&params.shared)).unwrap();
    engine.run_to_end();
    assert_eq!(state.units.retries.pair.idempotent.trace_hash(), engine.trace_hash());
}

#[wasm_bindgen_test]
async fn dead_letter_panel_retries_an_event_with_the_same_id() {
    let mut params = LabParams::default();
    params.retries.failure = Probability::ONE;
    params.retries.events = 2;
    let (root, _app) = mount(LabInit { params, ..LabInit::default() });
    yew::scheduler::flush().await;
    assert!(root.query_selector(".dlq .empty:not([hidden])").unwrap().is_some(), "empty at first");
    for _ in 0..20 {
        if root
            .query_selector(".dlq tbody tr:not([hidden])")
            .unwrap()
            .is_some_and(|_| texts(&root, ".dlq tbody tr:not([hidden])").len() == 2)
        {
            break;
        }
        click(&root, "button.step");
        yew::scheduler::flush().await;
    }
    assert_eq!(texts(&root, ".dlq tbody tr:not([hidden])").len(), 2, "both events exhausted their 6 retries");
    assert_eq!(texts(&root, "[data-counter=dead_lettered] dd"), ["2"]);
    assert_eq!(
        texts(&root, ".dlq tbody tr[data-event='1'] .retries-used"),
        ["6 de 6"],
        "retries used, in the lesson's count"
    );
    assert_eq!(texts(&root, ".dlq tbody tr[data-event='1'] .deliveries"), ["7"]);
    let id_before =
        root.query_selector(".dlq tbody tr[data-event='1'] code").unwrap().unwrap().get_attribute("title").unwrap();
    click(&root, ".dlq tbody tr[data-event='1'] button.retry-one");
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, ".dlq tbody tr:not([hidden])").len(), 1, "the retried event left the panel");
    assert_eq!(texts(&root, "[data-counter=dead_lettered] dd"), ["1"]);
    // It fails again (100 %) and comes back with the same id.
    for _ in 0..10 {
        click(&root, "button.step");
        yew::scheduler::flush().await;
    }
    let id_after =
        root.query_selector(".dlq tbody tr[data-event='1'] code").unwrap().unwrap().get_attribute("title").unwrap();
    assert_eq!(id_before, id_after);
    click(&root, "button.retry-all");
    yew::scheduler::flush().await;
    assert!(root.query_selector(".dlq .empty:not([hidden])").unwrap().is_some());
}

#[wasm_bindgen_test]
async fn uuid5_panel_shows_the_lesson_value_and_keeps_it_on_bad_input() {
    let (root, _app) =
        mount(LabInit { lang: Lang::En, experiment: Experiment::DoublePublication, ..LabInit::default() });
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, "code.key"), ["25544|2026-07-29T14:00:00Z"]);
    assert_eq!(texts(&root, "code.uuid5"), ["0a0bdc21-c5ad-5109-8e6d-77d753878591"]);
    assert_eq!(texts(&root, ".by-v4 .times"), ["processed the pass 2 times"]);
    assert_eq!(texts(&root, ".by-uuid5 .times"), ["processed the pass once"]);
    type_into(&root, "input[id$='-uuid5-start']", "2026-02-30T14:00:00Z");
    yew::scheduler::flush().await;
    assert!(texts(&root, ".field-error")[0].contains("YYYY-MM-DDTHH:MM:SSZ"));
    assert_eq!(texts(&root, "code.uuid5"), ["0a0bdc21-c5ad-5109-8e6d-77d753878591"], "the last valid result stays");
    type_into(&root, "input[id$='-uuid5-start']", "2026-07-29T15:32:00Z");
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, ".field-error"), [""]);
    assert_eq!(texts(&root, "code.key"), ["25544|2026-07-29T15:32:00Z"]);
    assert_ne!(texts(&root, "code.uuid5"), ["0a0bdc21-c5ad-5109-8e6d-77d753878591"]);
}

#[wasm_bindgen_test]
async fn ack_timing_panel_shows_the_lesson_table() {
    let (root, _app) = mount(LabInit { experiment: Experiment::AckTiming, ..LabInit::default() });
    yew::scheduler::flush().await;
    let row = |mode: &str| texts(&root, &format!("tr[data-mode='{mode}'] td"));
    assert_eq!(row("before"), ["1,000", "942", "0", "58"]);
    assert_eq!(row("after"), ["1,060", "1,060", "0", "0"]);
    assert_eq!(row("after-dedup"), ["1,060", "1,000", "60", "0"]);
}

#[wasm_bindgen_test]
fn wasm_trace_hash_equals_native() {
    // core/tests/determinism.rs asserts the same constant natively.
    assert_eq!(golden_trace_hash(), GOLDEN_TRACE_HASH, "got {:#x}", golden_trace_hash());
}

#[wasm_bindgen_test]
async fn page_shows_the_lesson_schedule() {
    let root = fresh_root();
    let _app = yew::Renderer::<App>::with_root_and_props(
        root.clone(),
        AppProps { init: LabInit { lang: Lang::Es, standalone: false, ..LabInit::default() } },
    )
    .render();
    yew::scheduler::flush().await;
    let waits = texts(&root, ".schedule-table tbody td.num");
    let waits: Vec<&str> = waits.iter().map(|w| w.split(' ').next().unwrap()).collect();
    assert_eq!(waits, ["30", "60", "120", "240", "480", "960"]);
    assert_eq!(texts(&root, ".schedule-table .total"), ["1,890 s"]);
    assert!(root.text_content().unwrap().contains("Tras la entrega original, 6 intentos de reintento"));
    assert_eq!(texts(&root, ".schedule-table thead th")[0], "Intento", "the lesson's word for the table's rows");
}

#[wasm_bindgen_test]
async fn language_switch_changes_every_label() {
    let root = fresh_root();
    let _app = yew::Renderer::<App>::with_root_and_props(
        root.clone(),
        AppProps { init: LabInit { lang: Lang::Es, standalone: false, ..LabInit::default() } },
    )
    .render();
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, ".lab-title"), ["At-least-once es la realidad, exactly-once es un mito práctico"]);
    let en_button = root.query_selector(".lang-switch button:nth-child(2)").unwrap().unwrap();
    en_button.unchecked_into::<web_sys::HtmlElement>().click();
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, ".lab-title"), ["At-least-once is reality, exactly-once is a practical myth"]);
    assert!(root.text_content().unwrap().contains("After the original delivery, 6 retry attempts"));
    // An embedded lab marks its own root; only the standalone page sets <html lang>.
    assert_eq!(root.query_selector(".lab").unwrap().unwrap().get_attribute("lang").as_deref(), Some("en"));
}

#[wasm_bindgen_test]
fn a_real_panic_shows_the_banner() {
    panic_banner::install();
    // Panic inside a closure called from JS: the hook runs, the trap comes
    // back to us as a JS error, and the test inspects the page afterwards.
    let boom = Closure::<dyn Fn()>::new(|| panic!("boom: a deliberate test panic"));
    let function: &js_sys::Function = boom.as_ref().unchecked_ref();
    assert!(function.call0(&JsValue::NULL).is_err(), "the panic surfaces as a JS error");
    let banner = gloo_utils::document().get_element_by_id(panic_banner::BANNER_ID).expect("banner shown");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    let text = banner.text_content().unwrap();
    assert!(text.contains("boom: a deliberate test panic"), "{text}");
    // The page's whole address, query and all: a reload without script (an
    // empty `href` would follow a host page's `<base>` elsewhere).
    let reload = banner.query_selector("a.panic-reload").unwrap().expect("a reload link");
    let here = web_sys::window().unwrap().location().href().unwrap();
    assert_eq!(reload.get_attribute("href"), Some(here));
}

/// A panic before the first render (the document still in the page's
/// Spanish) speaks the link's language.
#[wasm_bindgen_test]
fn the_panic_banner_speaks_the_links_language() {
    let window = web_sys::window().unwrap();
    let history = window.history().unwrap();
    let before = window.location().href().unwrap();
    let html = gloo_utils::document().document_element().unwrap();
    let lang_before = html.get_attribute("lang");
    html.set_attribute("lang", "es").unwrap();
    history.replace_state_with_url(&JsValue::NULL, "", Some("?lang=en&exp=retries")).unwrap();
    panic_banner::show("early");
    let banner = gloo_utils::document().get_element_by_id(panic_banner::BANNER_ID).unwrap();
    let title = banner.query_selector(".panic-title").unwrap().unwrap().text_content().unwrap();
    history.replace_state_with_url(&JsValue::NULL, "", Some(&before)).unwrap();
    match lang_before {
        Some(lang) => html.set_attribute("lang", &lang).unwrap(),
        None => html.remove_attribute("lang").unwrap(),
    }
    banner.remove();
    assert_eq!(title, Lang::En.texts().panic_title);
}

/// Every registered experiment has a panel that renders, alone (`only=`),
/// with its own `data-experiment` root.
#[wasm_bindgen_test]
async fn every_registered_experiment_renders_its_panel() {
    for &experiment in Experiment::ALL {
        let (root, _app) = mount(LabInit { experiment, only: Some(experiment), ..LabInit::default() });
        yew::scheduler::flush().await;
        let selector = format!(".experiment[data-experiment='{}']", experiment.code());
        assert!(root.query_selector(&selector).unwrap().is_some(), "{} has no panel", experiment.code());
        assert!(root.query_selector(".tabs").unwrap().is_none(), "only= shows no tabs");
    }
}

/// The outage story through the page: the event waits in dead-letter, the
/// learner fixes the cause and retries it, and it is delivered.
#[wasm_bindgen_test]
async fn fix_now_and_retry_deliver_a_dead_letter() {
    let (link, notices) = retry_lab_web::link::decode("v=2&events=1&failure=0&down=0-2000&at=2100");
    let (root, _app) = mount(link.to_init(&[], notices));
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, "[data-counter=dead_lettered] dd"), ["1"]);
    assert!(root.query_selector(".outage-band").unwrap().is_some(), "the outage is drawn on the timeline");
    click(&root, "button.fix-now");
    yew::scheduler::flush().await;
    click(&root, ".dlq tbody tr[data-event='1'] button.retry-one");
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, "[data-counter=dead_lettered] dd"), ["0"]);
    assert_eq!(texts(&root, "[data-counter=acknowledged] dd"), ["1"]);
    assert_eq!(texts(&root, ".intervention-list li").len(), 2);
}
