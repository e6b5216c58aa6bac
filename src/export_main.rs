//! The export module of a lesson group's page: given the lab's link, the
//! run's files as text (`export::Export`). `export.html` loads it on
//! demand; the learner's page never does. No Yew, no DOM: the page does
//! the download.

fn main() {}

#[cfg(target_arch = "wasm32")]
mod exports {
    use retry_lab_web::export::Export;
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Everything, as JSON (tables, seed, parameters, link).
    #[wasm_bindgen]
    pub fn export_json(query: &str, share_url: &str) -> String {
        Export::of_link(query, share_url).json()
    }

    /// Table `index` as CSV; its file name first, on a line of its own.
    #[wasm_bindgen]
    pub fn export_csv(query: &str, share_url: &str, index: usize) -> String {
        let export = Export::of_link(query, share_url);
        match export.tables.get(index) {
            Some(table) => format!("{}\n{}", export.file_name(Some(table)), export.csv(table)),
            None => String::new(),
        }
    }
}
