//! Component tests in headless Chromium (wasm-bindgen-test-runner + chromedriver).
#![cfg(target_arch = "wasm32")]

use retry_lab_web::app::{App, AppProps, LabInit};
use retry_lab_web::i18n::Lang;
use retry_lab_web::panic_banner;
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

#[wasm_bindgen_test]
fn wasm_trace_hash_equals_native() {
    // core/tests/determinism.rs asserts the same constant natively.
    assert_eq!(golden_trace_hash(), GOLDEN_TRACE_HASH, "got {:#x}", golden_trace_hash());
}

#[wasm_bindgen_test]
async fn page_shows_the_lesson_schedule() {
    let root = fresh_root();
    let _app = yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps { init: LabInit { lang: Lang::Es, standalone: false, ..LabInit::default() } }).render();
    yew::scheduler::flush().await;
    let waits = texts(&root, ".schedule-table tbody td.num");
    let waits: Vec<&str> = waits.iter().map(|w| w.split(' ').next().unwrap()).collect();
    assert_eq!(waits, ["30", "60", "120", "240", "480", "960"]);
    assert_eq!(texts(&root, ".schedule-table .total"), ["1,890 s"]);
    assert!(root.text_content().unwrap().contains("Entrega original + 6 reintentos"));
}

#[wasm_bindgen_test]
async fn language_switch_changes_every_label() {
    let root = fresh_root();
    let _app = yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps { init: LabInit { lang: Lang::Es, standalone: false, ..LabInit::default() } }).render();
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, "h1"), ["Laboratorio de reintentos"]);
    let en_button = root.query_selector(".lang-switch button:nth-child(2)").unwrap().unwrap();
    en_button.unchecked_into::<web_sys::HtmlElement>().click();
    yew::scheduler::flush().await;
    assert_eq!(texts(&root, "h1"), ["Retry Lab"]);
    assert!(root.text_content().unwrap().contains("Original delivery + 6 retries"));
    assert_eq!(gloo_utils::document().document_element().unwrap().get_attribute("lang").as_deref(), Some("en"));
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
    assert!(banner.query_selector("a.panic-reload").unwrap().is_some());
}
