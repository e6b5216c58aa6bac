//! Numbers for the learner's language. Spanish follows the course's own
//! (Latin American) conventions: `1,890` and `0.5`, and a space before `%`.

use crate::i18n::Lang;

/// Groups thousands with commas: 1890 → "1,890".
pub fn int(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A percentage with up to one decimal: "30 %" (es) or "30%" (en).
pub fn percent(lang: Lang, ppm: u32) -> String {
    let tenths = (u64::from(ppm) + 500) / 1_000; // ppm → tenths of a percent, rounded
    let number = if tenths.is_multiple_of(10) { int(tenths / 10) } else { format!("{}.{}", int(tenths / 10), tenths % 10) };
    match lang {
        Lang::Es => format!("{number} %"),
        Lang::En => format!("{number}%"),
    }
}

/// Seconds with the unit: "1,890 s"; fractional seconds keep one decimal.
pub fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1_000) {
        format!("{} s", int(ms / 1_000))
    } else {
        format!("{}.{} s", int(ms / 1_000), (ms % 1_000) / 100)
    }
}

/// A duration in the largest fitting unit for the schedule's hints: "≈ 8 min".
pub fn approx_minutes(ms: u64) -> Option<String> {
    (ms >= 300_000).then(|| format!("≈ {} min", (ms + 30_000) / 60_000))
}

/// Seconds as links write them, "2100", "2100.5" or "2100.125" → ms (at
/// most the core's plan horizon).
pub fn parse_seconds(text: &str) -> Option<u64> {
    parse_seconds_up_to(text, retry_lab_core::limits::PLAN_TIME_MS_MAX)
}

/// `parse_seconds` with another bound, ms.
pub fn parse_seconds_up_to(text: &str, max_ms: u64) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || fraction.len() > 3 || !(whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit())) {
        return None;
    }
    let whole: u64 = whole.parse().ok()?;
    let fraction_ms: u64 = format!("{fraction:0<3}").parse().ok()?;
    let ms = whole.checked_mul(1_000)?.checked_add(fraction_ms)?;
    (ms <= max_ms).then_some(ms)
}

/// ms → "2100" or "2100.5": the shortest text that reads back the same.
pub fn format_seconds(ms: u64) -> String {
    match ms % 1_000 {
        0 => (ms / 1_000).to_string(),
        fraction => format!("{}.{}", ms / 1_000, format!("{fraction:03}").trim_end_matches('0')),
    }
}

/// 32,769 s → "9 h 6 min"; 600 s → "10 min 0 s"; 45 s → "45 s";
/// 345,600 s → "4 d 0 h" (queues keep messages for days).
pub fn duration_text(s: u64) -> String {
    match s {
        0..60 => format!("{s} s"),
        60..3_600 => format!("{} min {} s", s / 60, s % 60),
        3_600..86_400 => format!("{} h {} min", s / 3_600, s % 3_600 / 60),
        _ => format!("{} d {} h", s / 86_400, s % 86_400 / 3_600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_the_lesson() {
        assert_eq!(int(0), "0");
        assert_eq!(int(999), "999");
        assert_eq!(int(1_890), "1,890");
        assert_eq!(int(1_234_567), "1,234,567");
        assert_eq!(percent(Lang::Es, 50_000), "5 %");
        assert_eq!(percent(Lang::En, 300_000), "30%");
        assert_eq!(percent(Lang::En, 125_000), "12.5%");
        assert_eq!(seconds(1_890_000), "1,890 s");
        assert_eq!(seconds(17_193), "17.1 s");
        assert_eq!(approx_minutes(480_000).as_deref(), Some("≈ 8 min"));
        assert_eq!(approx_minutes(960_000).as_deref(), Some("≈ 16 min"));
        assert_eq!(approx_minutes(240_000), None);
        assert_eq!(duration_text(32_769), "9 h 6 min");
        assert_eq!(duration_text(4 * 86_400 + 40), "4 d 0 h");
        assert_eq!(parse_seconds("2100.5"), Some(2_100_500));
        assert_eq!(format_seconds(2_100_500), "2100.5");
        assert_eq!(format_seconds(2_100_025), "2100.025");
        assert_eq!(parse_seconds("1.2345"), None);
        assert_eq!(parse_seconds("-1"), None);
    }
}
