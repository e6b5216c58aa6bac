fn main() {
    #[cfg(target_arch = "wasm32")]
    retry_lab_web::start();
}

/// `embed.js` mounts an author's labs through this. Exported by the page's
/// binary, not by the library: the export module links the library too and
/// must not carry the Yew app.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn mount_all(share_base: String) -> u32 {
    retry_lab_web::boot::mount_all(share_base)
}

/// `embed.js` ends the labs a host removed from its page through this.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn unmount_removed() -> u32 {
    retry_lab_web::boot::unmount_removed()
}
