//! Retry Lab's page. The pure parts (the experiments' parameters, state,
//! reducers and presets, the registry, the share-link codec, strings and
//! number formatting) compile and test natively; the Yew components and
//! browser hooks exist only on wasm32.

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

// The panels' class attributes (panels are wasm-only).
#[cfg(any(target_arch = "wasm32", test))]
#[macro_use]
mod class_list;
#[cfg(not(target_arch = "wasm32"))]
pub mod catalog;
pub mod experiments;
pub mod export;
pub mod format;
mod group_codes;
pub mod groups;
pub mod i18n;
pub mod init;
pub mod lab;
pub mod ladder;
pub mod link;
pub mod number;
pub mod params;
pub mod query;
pub mod registry;
/// Generated from the list: every experiment's module where `cargo fmt`
/// reaches it. Never compiled.
#[cfg(any())]
mod rustfmt_reach;
pub mod scale;
pub mod scene;
pub mod sweep;
pub mod table;
pub mod tasks;
pub mod unit;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod boot;
#[cfg(target_arch = "wasm32")]
pub mod panic_banner;

#[cfg(target_arch = "wasm32")]
pub use boot::mount_all;

/// Entry point: runs when the module initialises, on the lab's page and on
/// an author's page alike; only the lab's own page is mounted here.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    panic_banner::install();
    boot::mount_page();
}
