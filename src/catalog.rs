//! The registry as an author reads it, native only (the pages never link
//! it): each parameter's range in words, each experiment's page by its
//! lesson group's feature (the list's, never the generated codes', so a new
//! experiment is placed right in the very run that generates them), and the
//! reference's two tables, which `retry-lab` prints and `tests/registry.rs`
//! writes into `docs/reference.md`.

use crate::groups::{Group, GROUPS};
use crate::i18n::Lang;
use crate::link;
use crate::params::Domain;
use crate::registry::{self, Experiment, LabParams, Owner, ParamId};

/// The page an experiment is built into: its list line's lesson group.
pub fn group_of(e: Experiment) -> &'static Group {
    GROUPS.iter().find(|g| g.feature == e.feature()).expect("every list line names a lesson group")
}

/// A parameter's range as the page declares it: "1–86,400 s", "0–1", "off, on".
pub fn range_text(domain: &Domain) -> String {
    use crate::format::int;
    match domain {
        Domain::Ratio { max_ppm, .. } => {
            format!("0–{}", retry_lab_core::Probability::from_ppm(*max_ppm).unwrap_or(retry_lab_core::Probability::ONE))
        }
        Domain::Int { min, max, unit } => {
            format!("{}–{}{}{unit}", int(*min), int(*max), if unit.is_empty() { "" } else { " " })
        }
        Domain::Choice { codes, .. } => codes.join(", "),
        Domain::Text { expected, .. } => (*expected).to_owned(),
    }
}

/// The reference's parameter table: one row a parameter, its experiment's
/// page, its label as the page shows it (English, Spanish), its range and default.
pub fn params_markdown(only: Option<Experiment>) -> String {
    let defaults = LabParams::default();
    let mut out =
        String::from("| key | experiment | label (en · es) | range | default |\n| --- | --- | --- | --- | --- |\n");
    for p in ParamId::all().filter(|p| only.is_none_or(|e| p.owner == Owner::Experiment(e))) {
        let owner = match p.owner {
            Owner::Shared => "every experiment".to_owned(),
            Owner::Experiment(e) => format!("`{}` (`./{}`)", e.code(), group_of(e).dir),
        };
        let default = match p.encode(&defaults) {
            text if text.is_empty() => "none".to_owned(),
            text => format!("`{text}`"),
        };
        let cell = |text: String| text.replace('|', "\\|");
        out += &format!(
            "| `{}` | {owner} | {} · {} | {} | {default} |\n",
            p.key(),
            cell(p.label(Lang::En).to_owned()),
            cell(p.label(Lang::Es).to_owned()),
            cell(range_text(&p.domain()))
        );
    }
    out.trim_end().to_owned()
}

/// Each experiment in the list's order: its code, page, titles, lock names
/// and today's presets.
pub fn experiment_rows() -> Vec<[String; 5]> {
    Experiment::ALL
        .iter()
        .map(|&e| {
            let locks: Vec<&str> = ParamId::locks_of(e).into_iter().map(ParamId::lock).collect();
            let page = format!("./{}", group_of(e).dir);
            let title = format!("{} · {}", e.title(Lang::En), e.title(Lang::Es));
            let presets: Vec<&str> =
                registry::presets(link::VERSION).filter(|(of, _)| *of == e).map(|(_, p)| p.code).collect();
            [e.code().to_owned(), page, title, locks.join(", "), presets.join(", ")]
        })
        .collect()
}

/// The reference's experiments table: what `exp=`, `only=`, `lock=` and `preset=` take.
pub fn experiments_markdown() -> String {
    let mut out = String::from(
        "| experiment (`exp`, `only`) | page | title (en · es) | locks (`lock`) | presets (`preset`) |\n| --- | --- | --- | --- | --- |\n",
    );
    let codes = |list: &str| list.split(", ").map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ");
    for [code, page, title, locks, presets] in experiment_rows() {
        out += &format!(
            "| `{code}` | `{page}` | {} | {} | {} |\n",
            title.replace('|', "\\|"),
            codes(&locks),
            codes(&presets)
        );
    }
    out.trim_end().to_owned()
}
