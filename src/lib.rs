//! Retry Lab's page. The pure parts (language tables, number formatting, the
//! reducer, the share-link codec, presets) compile and test natively; the Yew
//! components and browser hooks exist only on wasm32.

pub mod format;
pub mod i18n;
pub mod link;
pub mod presets;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod boot;
#[cfg(target_arch = "wasm32")]
pub mod panic_banner;

/// Entry point of the standalone page.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    panic_banner::install();
    app::mount_page();
}
