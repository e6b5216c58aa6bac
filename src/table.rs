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
    /// per item (`item` from 1), a value is plain digits (a time in seconds)
    /// with its unit in its own column, words stay words.
    pub fn totals(numbers: &[(&'static str, crate::number::Number)]) -> Self {
        let mut rows = Vec::new();
        for (name, number) in numbers {
            let listed = matches!(number, crate::number::Number::List(..));
            let items = number.items();
            if items.is_empty() {
                rows.push(vec![(*name).to_owned(), String::new(), String::new(), number.unit().to_owned()]);
            }
            for (index, item) in items.into_iter().enumerate() {
                let index = if listed { (index + 1).to_string() } else { String::new() };
                rows.push(vec![(*name).to_owned(), index, item.cell(), item.unit().to_owned()]);
            }
        }
        Table { name: "totals", columns: &["name", "item", "value", "unit"], rows }
    }
}
