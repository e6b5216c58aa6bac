//! A run's numbers as values with units. An experiment's `numbers` says
//! what a whole run comes to; each reader formats it: `text` as the page
//! writes it (`retry-lab run`, `presets`), `value` and `unit` for a program
//! (an export's JSON, its `totals` table). The pages never call it: only
//! the export module and the CLI link it.

use crate::format::{duration_ms, int, round_s, seconds};

/// One of a run's numbers.
#[derive(Clone, Debug, PartialEq)]
pub enum Number {
    /// A whole amount in a unit ("" for a count): `1,234`.
    Int(u64, &'static str),
    /// A time or a duration, in milliseconds, written in one of the page's styles.
    Time(u64, TimeStyle),
    /// An amount with decimals, rounded to `decimals` places (`3.0` s, `0.5` h).
    Decimal(f64, u8, &'static str),
    /// Several of one kind, written with a separator (`", "`, `" / "`, `" "`).
    List(Vec<Number>, &'static str),
    /// Words or an identifier (a uuid, `accepted`, `listing-42 → 2@0`).
    Text(String),
    /// No value, the page's word for that (`never`, `—`), and the unit a
    /// value would have had (a program reads one unit per name).
    Missing(&'static str, &'static str),
}

/// How the page writes a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeStyle {
    /// `10 s`, `0.3 s`.
    Seconds,
    /// `2,700 s (45 min)`: the seconds and the same in words.
    Words,
    /// `1 h 15 min 40 s`: every unit that is not zero.
    Clock,
}

impl Number {
    /// A count.
    pub fn count(n: impl Into<u64>) -> Self {
        Number::Int(n.into(), "")
    }

    /// Whole seconds, written with their words (`2,700 s (45 min)`).
    pub fn seconds_in_words(s: u64) -> Self {
        Number::Time(s.saturating_mul(1_000), TimeStyle::Words)
    }

    /// A value, or the page's word for none (in the value's unit).
    pub fn or(value: Option<Number>, none: &'static str, unit: &'static str) -> Self {
        value.unwrap_or(Number::Missing(none, unit))
    }

    /// As the page writes it.
    pub fn text(&self) -> String {
        match self {
            Number::Int(n, _) => int(*n),
            Number::Time(ms, TimeStyle::Seconds) => seconds(*ms),
            Number::Time(ms, TimeStyle::Words) => format!("{} s ({})", int(round_s(*ms)), duration_ms(*ms)),
            Number::Time(ms, TimeStyle::Clock) => clock(*ms),
            Number::Decimal(value, decimals, _) => format!("{value:.*}", usize::from(*decimals)),
            Number::List(items, _) if items.is_empty() => "—".to_owned(),
            Number::List(items, separator) => items.iter().map(Number::text).collect::<Vec<_>>().join(separator),
            Number::Text(text) => text.clone(),
            Number::Missing(word, _) => (*word).to_owned(),
        }
    }

    /// Its unit: `s` for a time (its value in seconds), else the amount's own.
    pub fn unit(&self) -> &'static str {
        match self {
            Number::Int(_, unit) | Number::Decimal(_, _, unit) | Number::Missing(_, unit) => unit,
            Number::Time(..) => "s",
            Number::List(items, _) => items.first().map_or("", Number::unit),
            Number::Text(_) => "",
        }
    }

    /// What a program reads: a number (a time in seconds), a list, a
    /// string, or null for none.
    pub fn value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Number::Int(n, _) => Value::from(*n),
            Number::Time(ms, _) if ms % 1_000 == 0 => Value::from(ms / 1_000),
            Number::Time(ms, _) => Value::from(*ms as f64 / 1_000.0),
            Number::Decimal(value, _, _) => Value::from(*value),
            // A shortened list's "…" is no value.
            Number::List(items, _) => {
                Value::Array(items.iter().filter(|n| !matches!(n, Number::Missing(..))).map(Number::value).collect())
            }
            Number::Text(text) => Value::from(text.as_str()),
            Number::Missing(..) => Value::Null,
        }
    }

    /// The value as a spreadsheet cell: plain digits (a time in seconds),
    /// words where the value is words, empty where there is none.
    pub fn cell(&self) -> String {
        match self.value() {
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Null => String::new(),
            _ => self.text(),
        }
    }

    /// Its items (a list's, a shortened list's "…" aside), or itself.
    pub fn items(&self) -> Vec<&Number> {
        match self {
            Number::List(items, _) => items.iter().filter(|n| !matches!(n, Number::Missing(..))).collect(),
            one => vec![one],
        }
    }
}

/// "1 h 15 min 40 s": every unit that is not zero (seconds with their
/// decimals, or "0 s" alone), rounded to the tenth of a second shown.
fn clock(ms: u64) -> String {
    let ms = (ms + 50) / 100 * 100;
    let s = ms / 1_000;
    let parts = [(s / 86_400, "d"), (s % 86_400 / 3_600, "h"), (s % 3_600 / 60, "min")];
    let mut text: Vec<String> = parts.iter().filter(|(n, _)| *n > 0).map(|(n, u)| format!("{n} {u}")).collect();
    if !s.is_multiple_of(60) || !ms.is_multiple_of(1_000) || text.is_empty() {
        text.push(seconds(ms % 60_000));
    }
    text.join(" ")
}

/// What a reader reads back from a number as the page writes it: each
/// reading (`2,700 s (45 min)` holds two) as its value (a time in
/// seconds, `M` a million) and half of its last shown digit, the most that
/// rounding to it may move the true value. `None`: not a number's words.
/// Native only: the tests hold every printed number to it.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_back(text: &str) -> Option<Vec<(f64, f64)>> {
    let (outer, inner) = match text.split_once(" (") {
        Some((outer, rest)) => (outer, Some(rest.strip_suffix(')')?)),
        None => (text, None),
    };
    std::iter::once(outer).chain(inner).map(read_one).collect()
}

#[cfg(not(target_arch = "wasm32"))]
fn read_one(text: &str) -> Option<(f64, f64)> {
    let mut words = text.split_whitespace().peekable();
    let (mut value, mut half) = (0.0, 0.0);
    while let Some(word) = words.next() {
        let digits = word.replace(',', "");
        let decimals = digits.split_once('.').map_or(0, |(_, f)| f.len());
        let amount: f64 = digits.parse().ok()?;
        let factor = match words.peek().copied() {
            Some("d") => 86_400.0,
            Some("h") => 3_600.0,
            Some("min") => 60.0,
            Some("s") => 1.0,
            Some("M") => 1_000_000.0,
            _ => 1.0,
        };
        if factor != 1.0 || words.peek() == Some(&"s") {
            words.next();
        }
        value += amount * factor;
        half = 0.5 * factor / 10f64.powi(decimals as i32);
    }
    Some((value, half))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reader_gets_its_form() {
        let wait = Number::seconds_in_words(2_700);
        assert_eq!(
            (wait.text(), wait.value(), wait.unit(), wait.cell()),
            ("2,700 s (45 min)".into(), 2_700.into(), "s", "2700".into())
        );
        let row = Number::List([1_060u64, 942, 60, 58].map(Number::count).to_vec(), " / ");
        assert_eq!(row.text(), "1,060 / 942 / 60 / 58");
        assert_eq!(row.value(), serde_json::json!([1060, 942, 60, 58]));
        assert_eq!(Number::Time(300, TimeStyle::Seconds).value(), serde_json::json!(0.3));
        assert_eq!(Number::Time(4_500_000, TimeStyle::Clock).text(), "1 h 15 min");
        assert_eq!(Number::Decimal(3.0, 1, "s").text(), "3.0");
        assert_eq!(Number::Decimal(0.249, 2, "h").text(), "0.25");
        let never = Number::or(None, "never", "s");
        assert_eq!(
            (never.value(), never.cell(), never.unit(), never.text()),
            (serde_json::Value::Null, String::new(), "s", "never".into())
        );
        assert_eq!(Number::List(Vec::new(), ", ").text(), "—");
    }
}
