//! Getting a run out: every experiment's tables as CSV (one file a table)
//! and everything as one JSON, each carrying the seed, the parameters and
//! the share link that reproduce it. Pure: a run is its link, so the export
//! module (`src/export_main.rs`, loaded by `export.html` only when asked
//! for) rebuilds the lab from the link and writes the text; the tests parse
//! it back.

use serde::Serialize;

/// The export format's version (in every file).
pub const FORMAT: u32 = 1;

/// One table: named columns, rows of text (numbers as the page writes them
/// for a program: plain digits, no separators).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    pub name: &'static str,
    pub columns: &'static [&'static str],
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A two-column table of named values (an experiment's totals).
    pub fn named(name: &'static str, values: Vec<(&'static str, String)>) -> Self {
        let rows = values.into_iter().map(|(k, v)| vec![k.to_owned(), v]).collect();
        Table { name, columns: &["name", "value"], rows }
    }

    /// An experiment's numbers as a spreadsheet reads them: a list is a row
    /// per item (`item` from 1), a number is plain digits with its unit in
    /// its own column (a duration in seconds), anything else stays text.
    /// The page's numbers are its own formats (`format.rs`), read back here.
    pub fn totals(numbers: Vec<(&'static str, String)>) -> Self {
        let mut rows = Vec::new();
        for (name, text) in numbers {
            let items = list_items(&text);
            let numbered = items.len() > 1;
            for (index, item) in items.into_iter().enumerate() {
                let (value, unit) = cell(item);
                let index = if numbered { (index + 1).to_string() } else { String::new() };
                rows.push(vec![name.to_owned(), index, value, unit.to_owned()]);
            }
        }
        Table { name: "totals", columns: &["name", "item", "value", "unit"], rows }
    }
}

/// A list's items: `a, b, …` (a shortened list's `…` dropped) or numbers
/// apart by spaces (`0 2 3`); else the one value.
fn list_items(text: &str) -> Vec<&str> {
    if text.contains(", ") {
        return text.split(", ").filter(|item| *item != "…").collect();
    }
    let words: Vec<&str> = text.split(' ').collect();
    if words.len() > 1 && words.iter().all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())) {
        return words;
    }
    vec![text]
}

/// A number as written for people (`1,234`, `0.3`), without separators.
fn plain_number(text: &str) -> Option<String> {
    let digits: String = text.chars().filter(|c| *c != ',').collect();
    let valid = !digits.is_empty() && digits.parse::<f64>().is_ok() && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    valid.then_some(digits)
}

/// `2 h 31 min 40 s`, `8 d 3 h`: whole seconds.
fn duration_s(text: &str) -> Option<u64> {
    let words: Vec<&str> = text.split(' ').collect();
    if words.len() < 2 || words.len() % 2 == 1 {
        return None;
    }
    let mut total_s = 0u64;
    for pair in words.chunks(2) {
        let unit_s = match pair[1] {
            "d" => 86_400,
            "h" => 3_600,
            "min" => 60,
            "s" => 1,
            _ => return None,
        };
        total_s += pair[0].parse::<u64>().ok()? * unit_s;
    }
    Some(total_s)
}

/// One item's value and unit: `1,234 s (20 min)` is `1234`, `s`.
fn cell(item: &str) -> (String, &'static str) {
    let item = item.split(" (").next().unwrap_or(item).trim();
    if let Some(number) = plain_number(item) {
        return (number, "");
    }
    if let Some(number) = item.strip_suffix(" s").and_then(plain_number) {
        return (number, "s");
    }
    match duration_s(item) {
        Some(seconds) => (seconds.to_string(), "s"),
        None => (item.to_owned(), ""),
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
    /// The experiment's numbers as the page words them (`retry-lab
    /// presets` gives the same); `tables`' `totals` holds them as values.
    pub numbers: Vec<(&'static str, String)>,
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
            numbers: state.units.numbers(&state.params, open),
            tables: state.units.tables(&state.params, open),
        }
    }

    pub fn json(&self) -> String {
        // Only strings and integers: serialising cannot fail.
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
