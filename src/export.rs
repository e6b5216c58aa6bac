//! Getting a run out: every experiment's tables as CSV (one file a table)
//! and everything as one JSON, each carrying the seed, the parameters and
//! the share link that reproduce it. Pure: a run is its link, so the export
//! module (`src/export_main.rs`, loaded by `export.html` only when asked
//! for) rebuilds the lab from the link and writes the text; the tests parse
//! it back.

use serde::Serialize;

pub use crate::table::Table;

/// The export format's version (in every file). 2: the numbers are values
/// with their units (1 had the page's words only).
pub const FORMAT: u32 = 2;

/// One of the run's numbers: its value for a program (a time in seconds,
/// null for none), its unit, and the page's words for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedNumber {
    pub name: &'static str,
    pub value: serde_json::Value,
    pub unit: &'static str,
    pub text: String,
}

impl NamedNumber {
    pub fn of((name, number): &(&'static str, crate::number::Number)) -> Self {
        NamedNumber { name, value: number.value(), unit: number.unit(), text: number.text() }
    }
}

/// What a download holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Export {
    pub format: u32,
    pub experiment: &'static str,
    pub seed: u64,
    /// The link that reproduces the run.
    pub link: String,
    /// Every parameter of the experiment (and the shared ones), as in links.
    pub params: Vec<(&'static str, String)>,
    /// The experiment's numbers (`retry-lab presets` gives the same);
    /// `tables`' `totals` holds them as rows.
    pub numbers: Vec<NamedNumber>,
    pub tables: Vec<Table>,
}

impl Export {
    /// The run a link describes (its `at` clock included), as the page
    /// would show it. Links are read as the page reads them: what cannot
    /// be read falls back to its default.
    pub fn of_link(query: &str, share_url: &str) -> Self {
        let (link, notices) = crate::link::decode(query);
        let state = crate::lab::LabState::new(&link.to_init(&[], notices));
        let open = state.open;
        let params = crate::registry::ParamId::of_run(open).map(|p| (p.key(), p.encode(&state.params))).collect();
        Export {
            format: FORMAT,
            experiment: open.code(),
            seed: state.params.shared.seed,
            link: share_url.to_owned(),
            params,
            numbers: state.units.numbers(&state.params, open).iter().map(NamedNumber::of).collect(),
            tables: state.units.tables(&state.params, open),
        }
    }

    pub fn json(&self) -> String {
        // Strings, integers and finite numbers: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// One table as CSV (RFC 4180), after `#` lines with what reproduces
    /// it (pandas: `read_csv(path, comment="#")`).
    pub fn csv(&self, table: &Table) -> String {
        // The `#` lines hold one line each whatever a value holds: the link
        // and the parameters are written as a query (percent-encoded), so no
        // value can end the header and start a row of its own.
        let params = form_urlencoded::Serializer::new(String::new()).extend_pairs(self.params.iter()).finish();
        let link: String = self.link.chars().filter(|c| !c.is_control()).collect();
        let mut out = format!(
            "# retry-lab export v{}: {} {}\n# seed: {}\n# link: {link}\n# params: {params}\n",
            self.format, self.experiment, table.name, self.seed
        );
        csv_row(&mut out, table.columns.iter().copied());
        for row in &table.rows {
            csv_row(&mut out, row.iter().map(String::as_str));
        }
        out
    }

    /// The file name a download gets: `retry-lab-retries-seed-7-deliveries.csv`.
    pub fn file_name(&self, table: Option<&Table>) -> String {
        match table {
            Some(t) => format!("retry-lab-{}-seed-{}-{}.csv", self.experiment, self.seed, t.name),
            None => format!("retry-lab-{}-seed-{}.json", self.experiment, self.seed),
        }
    }
}

/// One CSV record. Fields with a comma, a quote or a line break are quoted,
/// quotes doubled (RFC 4180 §2); the `csv` crate parses them back in the
/// tests. Written here: the page writes a few small tables, and a CSV
/// library's writer would cost the page's budget more than these lines.
fn csv_row<'a>(out: &mut String, fields: impl Iterator<Item = &'a str>) {
    for (i, field) in fields.enumerate() {
        if i > 0 {
            out.push(',');
        }
        if field.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(field);
        }
    }
    out.push_str("\r\n");
}
