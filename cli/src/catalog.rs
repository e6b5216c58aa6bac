//! `retry-lab presets` and `retry-lab params`: the page's registry as a
//! course author reads it (and the README's parameter table).

use retry_lab_web::link;
use retry_lab_web::registry::{self, Experiment, LabParams, Locks};
use serde_json::{json, Value};

/// Every parameter a link can set, read from the page's registry: its key, its
/// experiment, its range and unit, its default and its label (one experiment's with EXP).
#[derive(clap::Args)]
pub struct ParamsArgs {
    /// An experiment's code (retries, storm, age…): its own parameters only.
    #[arg(value_parser = crate::args::experiment_code)]
    experiment: Option<Experiment>,
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// The README's table of them (its rows between the `params` markers).
    #[arg(long)]
    markdown: bool,
}

pub fn params_command(a: ParamsArgs) -> String {
    if a.markdown {
        retry_lab_web::catalog::params_markdown(a.experiment)
    } else {
        params(a.experiment, a.json)
    }
}

pub(crate) use retry_lab_web::catalog::range_text;

/// The page's parameters, from its registry: nothing here is declared again.
fn params(only: Option<Experiment>, json: bool) -> String {
    use retry_lab_web::i18n::Lang;
    use retry_lab_web::registry::{Owner, ParamId};
    let defaults = LabParams::default();
    let rows: Vec<(ParamId, &str)> = ParamId::all()
        .filter_map(|p| {
            let owner = match p.owner {
                Owner::Shared => "shared",
                Owner::Experiment(e) => e.code(),
            };
            let keep = only.is_none_or(|e| p.owner == Owner::Experiment(e));
            keep.then_some((p, owner))
        })
        .collect();
    if json {
        let list: Vec<Value> = rows.iter().map(|(p, owner)| json!({
            "key": p.key(), "experiment": owner, "range": range_text(&p.domain()), "default": p.encode(&defaults),
            "label_es": p.label(Lang::Es), "label_en": p.label(Lang::En),
        })).collect();
        return json!({ "params": list }).to_string();
    }
    rows.iter()
        .map(|(p, owner)| {
            format!(
                "{:<20} {:<13} {:<28} default {:<12} {}",
                p.key(),
                owner,
                range_text(&p.domain()),
                p.encode(&defaults),
                p.label(Lang::En)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every preset of the current link version, in the registry's order.
pub fn presets(json: bool) -> String {
    let rows: Vec<(Experiment, &registry::Preset, registry::Numbers)> = registry::presets(link::VERSION)
        .map(|(e, p)| {
            let (params, clock_ms) = link::preset_values(p, &LabParams::default(), &Locks::default());
            let numbers = e.run_numbers(&params, clock_ms);
            (e, p, numbers)
        })
        .collect();
    let page = |e: Experiment| retry_lab_web::catalog::group_of(e).dir;
    if json {
        let list: Vec<Value> = rows
            .iter()
            .map(|(e, p, numbers)| {
                let values: serde_json::Map<String, Value> =
                    p.values.iter().map(|(k, v)| ((*k).to_owned(), json!(v))).collect();
                let numbers: serde_json::Map<String, Value> = numbers
                    .iter()
                    .map(|(k, n)| ((*k).to_owned(), json!({ "value": n.value(), "unit": n.unit(), "text": n.text() })))
                    .collect();
                json!({ "preset": p.code, "experiment": e.code(), "page": page(*e),
                    "label": (p.label)(retry_lab_web::i18n::Lang::En), "values": values, "numbers": numbers })
            })
            .collect();
        return json!({ "presets": list }).to_string();
    }
    rows.iter()
        .map(|(e, p, numbers)| {
            let numbers: Vec<String> = numbers.iter().map(|(k, n)| format!("{k} {}", n.text())).collect();
            format!("{} ({}, ./{}): {}", p.code, e.code(), page(*e), numbers.join(" · "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every experiment in the list's order: its code (`exp=`, `only=`), its
/// page, its title in both languages and the lock names of its parameters
/// (`lock=`), as text or as the README's table.
pub fn experiments(markdown: bool) -> String {
    if markdown {
        return retry_lab_web::catalog::experiments_markdown();
    }
    retry_lab_web::catalog::experiment_rows()
        .iter()
        .map(|r| format!("{:<13} {:<22} {} (locks: {}; presets: {})", r[0], r[1], r[2], r[3], r[4]))
        .collect::<Vec<_>>()
        .join("\n")
}
