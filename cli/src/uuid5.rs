//! `retry-lab uuid5`: the double publication's id for any fact key.

use retry_lab_core::ids::derived_id;
use retry_lab_core::Namespace;
use retry_lab_web::registry::Experiment;
use serde_json::json;

use crate::args;

/// uuid5(namespace, key), as Python's uuid.uuid5 computes it.
#[derive(clap::Args)]
pub struct Uuid5Args {
    /// dns, url, oid, x500, or a custom UUID (default: the preset's, else dns).
    #[arg(long, value_parser = args::namespace)]
    namespace: Option<Namespace>,
    /// The fact key, e.g. "25544|2026-07-29T14:00:00Z" (1..=1024 bytes; default: the preset's pass, else the lesson's).
    #[arg(long, value_parser = key)]
    key: Option<String>,
    /// A page preset of the double publication: its parameters; the flags given override them.
    #[arg(long, value_parser = |t: &str| args::preset_of(t, Experiment::DoublePublication))]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
}

fn key(text: &str) -> Result<String, String> {
    if (1..=1024).contains(&text.len()) {
        Ok(text.to_owned())
    } else {
        Err("must be between 1 and 1024 bytes".into())
    }
}

pub fn uuid5(a: Uuid5Args) -> String {
    let page = args::preset_params(a.preset).uuid5;
    let (namespace, key) = (a.namespace.unwrap_or(page.namespace), a.key.unwrap_or_else(|| page.pass.key()));
    let uuid = derived_id(namespace, &key);
    if a.json {
        return json!({ "namespace": namespace.to_string(), "key": key, "uuid": uuid.to_string() }).to_string();
    }
    format!("uuid5({namespace}, {key:?}) = {uuid}")
}
