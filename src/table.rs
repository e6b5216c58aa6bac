//! A run's table, as an export writes it and a spreadsheet reads it: named
//! columns, rows of text; and an experiment's numbers as a `totals` table.

use serde::Serialize;

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
    let valid =
        !digits.is_empty() && digits.parse::<f64>().is_ok() && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.');
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
