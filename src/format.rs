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

/// Millions as the lessons write them: 86,400,000 → "86.4 M", rounded to
/// the tenth shown (1,250,001 → "1.3 M"); below a million, grouped digits.
pub fn millions(n: u64) -> String {
    if n < 1_000_000 {
        return int(n);
    }
    let tenths = n / 100_000 + u64::from(n % 100_000 >= 50_000);
    match tenths % 10 {
        0 => format!("{} M", int(tenths / 10)),
        tenth => format!("{}.{tenth} M", int(tenths / 10)),
    }
}

/// A percentage with up to one decimal: "30 %" (es) or "30%" (en).
pub fn percent(lang: Lang, ppm: u32) -> String {
    let tenths = (u64::from(ppm) + 500) / 1_000; // ppm → tenths of a percent, rounded
    let number =
        if tenths.is_multiple_of(10) { int(tenths / 10) } else { format!("{}.{}", int(tenths / 10), tenths % 10) };
    lang.pick(format!("{number} %"), format!("{number}%"))
}

/// A duration as a millisecond field shows it: milliseconds under a
/// second («300 ms»), `seconds` from one up.
pub fn ms_text(ms: u64) -> String {
    if ms < 1_000 {
        format!("{ms} ms")
    } else {
        seconds(ms)
    }
}

/// Seconds with the unit: "1,890 s"; fractional seconds keep one decimal,
/// rounded (17,193 ms → "17.2 s"; 1,960 ms → "2 s").
pub fn seconds(ms: u64) -> String {
    let tenths = ms / 100 + u64::from(ms % 100 >= 50);
    match tenths % 10 {
        0 => format!("{} s", int(tenths / 10)),
        tenth => format!("{}.{tenth} s", int(tenths / 10)),
    }
}

/// Milliseconds to the nearest whole second.
pub fn round_s(ms: u64) -> u64 {
    ms / 1_000 + u64::from(ms % 1_000 >= 500)
}

/// Microseconds to the nearest millisecond.
pub fn round_ms(us: u64) -> u64 {
    us / 1_000 + u64::from(us % 1_000 >= 500)
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

/// 32,769 s → "9 h 6 min"; 630 s → "10 min 30 s"; 45 s → "45 s";
/// 345,600 s → "4 d" (queues keep messages for days). The last unit shown
/// is rounded, never cut: 32,799 s → "9 h 7 min", 86,399 s → "1 d". A zero
/// last unit is left out, as a person writes it: 600 s → "10 min" (the
/// number reads back the same, to half a minute).
pub fn duration_text(s: u64) -> String {
    duration_ms(s.saturating_mul(1_000))
}

/// `duration_text` of milliseconds, rounded once, straight to the last unit
/// shown (rounding to the second first could round twice).
pub fn duration_ms(ms: u64) -> String {
    match ms {
        0..59_500 => format!("{} s", round_s(ms)),
        59_500..3_599_500 => {
            let s = round_s(ms);
            two_units((s / 60, "min"), (s % 60, "s"))
        }
        // Past this, the minutes round up to a whole day.
        3_599_500..86_370_000 => {
            let min = (ms + 30_000) / 60_000;
            two_units((min / 60, "h"), (min % 60, "min"))
        }
        _ => {
            let h = ms / 3_600_000 + u64::from(ms % 3_600_000 >= 1_800_000);
            two_units((h / 24, "d"), (h % 24, "h"))
        }
    }
}

/// A span as a run's end reads: tenths of a second under a minute (300 ms
/// reads «0.3 s», 1,200 ms «1.2 s»), milliseconds under a tenth (a run of
/// 1 ms jobs read «a los 0 s» beside «3 ms»), the largest fitting units
/// past a minute.
pub fn span_ms(ms: u64) -> String {
    match ms {
        0..100 => format!("{ms} ms"),
        100..60_000 => seconds(ms),
        _ => duration_ms(ms),
    }
}

/// A guess or an answer in its unit; seconds past a minute also in words
/// («6,250,000 s (72 d 8 h)»: the lag's catch-up reaches months).
pub fn with_unit(n: u64, unit: &str) -> String {
    match unit {
        "" => int(n),
        "s" if n >= 60 => format!("{} s ({})", int(n), duration_text(n)),
        // «10,000 ms (10 s)»: the lesson says «200 s → 10 s», not 10,000 ms;
        // and «en serie serían 1.2 s», which whole seconds read «(1 s)».
        "ms" if n >= 1_000 => format!("{} ms ({})", int(n), span_ms(n)),
        // A rate reads as one word: «1,560/s».
        _ if unit.starts_with('/') => format!("{}{unit}", int(n)),
        _ => format!("{} {unit}", int(n)),
    }
}

/// Spanish «a los 30 min», «a las 2 h», «a la 1 h 30 min», «al 1 min»: the
/// article agrees with the duration's first unit (la hora; el minuto, el
/// segundo, el día), where «a los 2 h» and «a los 1 h 30 min» did not.
pub fn a_los(duration: &str) -> String {
    ["a la ", "a las ", "al ", "a los "][article(duration)].to_owned() + duration
}

/// «desde las 2 h», «desde el 1 min»: as `a_los`.
pub fn desde_los(duration: &str) -> String {
    "desde ".to_owned() + ["la ", "las ", "el ", "los "][article(duration)] + duration
}

/// `text` as the start of a sentence: its first letter a capital, after
/// an opening «¿» («¿Cuántos…?», «A las 2 h, …», «Jitter total: …»).
/// ASCII only: every such text starts with an ASCII letter, and
/// `char::to_uppercase` would bring Unicode's case tables into every page
/// (+11 KB gzip, measured).
pub fn as_sentence(text: &str) -> String {
    let mut sentence = text.to_owned();
    let first = sentence.find(|c: char| c != '¿').unwrap_or(0);
    if let Some(letter) = sentence.get_mut(first..first + 1) {
        letter.make_ascii_uppercase();
    }
    sentence
}

/// The article's index (la, las, el, los): feminine for hours, singular
/// for a first number 1. Bytes, not `split`: a page pays for each searcher
/// it links.
fn article(duration: &str) -> usize {
    let bytes = duration.as_bytes();
    let space = bytes.iter().position(|&b| b == b' ').unwrap_or(bytes.len());
    let one = &bytes[..space] == b"1";
    let hours = bytes.get(space + 1) == Some(&b'h');
    usize::from(!hours) * 2 + usize::from(!one)
}

/// "9 h 6 min", or "9 h" where the second is zero.
fn two_units((big, big_unit): (u64, &str), (small, small_unit): (u64, &str)) -> String {
    match small {
        0 => format!("{} {big_unit}", int(big)),
        _ => format!("{} {big_unit} {small} {small_unit}", int(big)),
    }
}

/// Whole seconds as hours to the hundredth, rounded, trailing zeros
/// dropped: 900 → "0.25 h", 1,800 → "0.5 h", 7,200 → "2 h".
pub fn hours(s: u64) -> String {
    let hundredths = s.saturating_mul(100).saturating_add(1_800) / 3_600;
    let fraction = format!("{:02}", hundredths % 100);
    match fraction.trim_end_matches('0') {
        "" => format!("{} h", int(hundredths / 100)),
        digits => format!("{}.{digits} h", int(hundredths / 100)),
    }
}

/// A day's traffic in decimal units, one decimal, rounded: 450 MB, 104.9 TB.
pub fn decimal_bytes(b: u64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB", "PB", "EB"];
    let (mut unit, mut tenths) = (0, b.saturating_mul(10));
    // Tenths of the unit shown, rounded; the next unit once they reach 1,000.
    while tenths >= 10_000 && unit < units.len() - 1 {
        unit += 1;
        let per_tenth = 10u64.pow(3 * unit as u32 - 1);
        tenths = b / per_tenth + u64::from(b % per_tenth >= per_tenth / 2);
    }
    match tenths % 10 {
        0 => format!("{} {}", tenths / 10, units[unit]),
        tenth => format!("{}.{tenth} {}", tenths / 10, units[unit]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A guess or an answer: the lesson's 1.2 s read «1,200 ms (1 s)».
    #[test]
    fn a_guess_in_its_unit_keeps_the_lessons_tenths() {
        assert_eq!(with_unit(1_200, "ms"), "1,200 ms (1.2 s)");
        assert_eq!(with_unit(10_000, "ms"), "10,000 ms (10 s)");
        assert_eq!(with_unit(30_200, "ms"), "30,200 ms (30.2 s)");
        assert_eq!(with_unit(90_000, "ms"), "90,000 ms (1 min 30 s)");
        assert_eq!(with_unit(300, "ms"), "300 ms");
        assert_eq!(with_unit(6_250_000, "s"), "6,250,000 s (72 d 8 h)");
        assert_eq!(with_unit(1_560, "/s"), "1,560/s");
        assert_eq!((span_ms(3), span_ms(300), span_ms(30_200)), ("3 ms".into(), "0.3 s".into(), "30.2 s".into()));
    }

    #[test]
    fn the_spanish_article_agrees_with_the_first_unit() {
        assert_eq!(a_los("30 min"), "a los 30 min");
        assert_eq!(a_los("2 h"), "a las 2 h");
        assert_eq!(a_los("1 h 30 min"), "a la 1 h 30 min");
        assert_eq!(a_los("1 min 30 s"), "al 1 min 30 s");
        assert_eq!(a_los("1,890 s"), "a los 1,890 s");
        assert_eq!(a_los("1 d 18 h"), "al 1 d 18 h");
        assert_eq!(desde_los("12 h"), "desde las 12 h");
        assert_eq!(desde_los("1 s"), "desde el 1 s");
        assert_eq!(as_sentence(&a_los("2 h")), "A las 2 h");
        assert_eq!(as_sentence("¿cuántos?"), "¿Cuántos?");
    }

    #[test]
    fn formats_like_the_lesson() {
        assert_eq!(int(0), "0");
        assert_eq!(int(999), "999");
        assert_eq!(int(1_890), "1,890");
        assert_eq!(int(1_234_567), "1,234,567");
        assert_eq!(
            [millions(86_400_000), millions(604_800_000), millions(10_000_000), millions(999_999)],
            ["86.4 M", "604.8 M", "10 M", "999,999"]
        );
        assert_eq!(percent(Lang::Es, 50_000), "5 %");
        assert_eq!(percent(Lang::En, 300_000), "30%");
        assert_eq!(percent(Lang::En, 125_000), "12.5%");
        assert_eq!(seconds(1_890_000), "1,890 s");
        assert_eq!(seconds(17_193), "17.2 s");
        assert_eq!(seconds(17_149), "17.1 s");
        assert_eq!(seconds(1_960), "2 s");
        assert_eq!([millions(1_250_001), millions(1_949_999), millions(1_950_000)], ["1.3 M", "1.9 M", "2 M"]);
        assert_eq!(
            [duration_text(32_799), duration_text(86_399), duration_text(3_599)],
            ["9 h 7 min", "1 d", "59 min 59 s"]
        );
        assert_eq!([hours(900), hours(1_800), hours(7_200), hours(1_789)], ["0.25 h", "0.5 h", "2 h", "0.5 h"]);
        assert_eq!(duration_ms(900_499), "15 min");
        assert_eq!(
            [decimal_bytes(450_000_000), decimal_bytes(104_960_000_000_000), decimal_bytes(999_960), decimal_bytes(45)],
            ["450 MB", "105 TB", "1 MB", "45 B"]
        );
        assert_eq!(duration_ms(900_500), "15 min 1 s");
        assert_eq!(approx_minutes(480_000).as_deref(), Some("≈ 8 min"));
        assert_eq!(approx_minutes(960_000).as_deref(), Some("≈ 16 min"));
        assert_eq!(approx_minutes(240_000), None);
        assert_eq!(duration_text(32_769), "9 h 6 min");
        assert_eq!(duration_text(4 * 86_400 + 40), "4 d");
        assert_eq!(duration_text(2_083 * 86_400 + 7 * 3_600), "2,083 d 7 h", "days grouped as every count");
        assert_eq!(parse_seconds("2100.5"), Some(2_100_500));
        assert_eq!(format_seconds(2_100_500), "2100.5");
        assert_eq!(format_seconds(2_100_025), "2100.025");
        assert_eq!(parse_seconds("1.2345"), None);
        assert_eq!(parse_seconds("-1"), None);
    }
}

/// A number as a learner from Spain writes it, the lab's way: dots between
/// thousands («1.000», «1.382.400» → «1,000», «1,382,400») and a decimal
/// comma («1,5» → «1.5»). A group of three digits after one dot is
/// thousands unless the number starts with 0 («0.125» stays a fraction);
/// one comma before three digits stays the lab's thousands («86,400»),
/// unless after a lone 0 («0,250» is a quarter).
fn as_lab_number(number: &str) -> String {
    // One pass over its bytes (digits, marks and spaces, all ASCII): `str`
    // searchers from the end (`rsplit`, `trim_end`) cost the page a kilobyte.
    let (mut dots, mut commas, mut group, mut first) = (0, 0, 0, None);
    let mut prev_mark = None;
    let mut thousands = true;
    for b in number.bytes().chain([b'|']) {
        if !matches!(b, b'.' | b',' | b'|') {
            group += u32::from(b.is_ascii_digit());
            continue;
        }
        // Every dot's group has three digits, and no dot follows a comma.
        thousands &= prev_mark != Some(b'.') || group == 3;
        thousands &= !(b == b'.' && commas > 0);
        first = first.or(Some(group));
        dots += u32::from(b == b'.');
        commas += u32::from(b == b',');
        prev_mark = Some(b).filter(|&b| b != b'|').or(prev_mark);
        group = if b == b'|' { group } else { 0 };
    }
    let leading_zero = number.bytes().find(|b| *b != b' ') == Some(b'0');
    let dotted = dots > 0 && thousands && first.unwrap_or(0) > 0 && !leading_zero;
    // «0,250» is a quarter: no number's thousands start with a lone 0.
    let decimal_comma = commas == 1 && (dotted || (dots == 0 && (group != 3 || leading_zero)));
    if !dotted && !decimal_comma {
        return number.to_owned();
    }
    let mark = |b: u8| match b {
        b'.' if dotted => None,
        b',' if decimal_comma => Some('.'),
        b => Some(char::from(b)),
    };
    number.bytes().filter_map(mark).collect()
}

/// Units of time as a learner writes them, in milliseconds. A unit is any
/// start of one of these words, the first that has it («m» is minutes,
/// «mil» milliseconds, «se» seconds, «sem» weeks), or such a start with an
/// «s» after it («mins», «hrs», «segs»). Spanish first: the course is.
const TIME_UNITS_MS: [(&str, u64); 15] = [
    ("minutos", 60_000),
    ("minutes", 60_000),
    ("ms", 1),
    ("milisegundos", 1),
    ("milliseconds", 1),
    ("segundos", 1_000),
    ("seconds", 1_000),
    ("semanas", 604_800_000),
    ("weeks", 604_800_000),
    ("horas", 3_600_000),
    ("hours", 3_600_000),
    ("hr", 3_600_000),
    ("días", 86_400_000),
    ("dias", 86_400_000),
    ("days", 86_400_000),
];

/// A unit of time's length in milliseconds (`TIME_UNITS_MS`), if `word` is one.
fn time_unit_ms(word: &str) -> Option<u64> {
    let find =
        |word: &str| TIME_UNITS_MS.iter().find(|(unit, _)| !word.is_empty() && unit.starts_with(word)).map(|u| u.1);
    find(word).or_else(|| find(word.strip_suffix('s')?))
}

/// Reads an amount as a learner types it, in the control's unit: digits
/// with `,` or spaces between thousands ("86,400"), `.` for decimals with
/// a multiplier ("1.2 M", "10 k"; «M» a million even in a field of time), the
/// field's own unit ("5/s", "256 KiB"), and, for a
/// duration, another unit of time in Spanish or English, whole or cut short
/// ("15 min", "2 horas", "1 día", "1 semana", "90 segundos", "1.5 h"; "300
/// ms" in seconds rounds).
/// A minus reads as below any range («-5» is 0). With the amount, whether it
/// is the number as typed (`false`: another unit, a multiplier, a fraction
/// rounded or a minus, which the field then says). Past `u64` it saturates:
/// far past any range, not unreadable.
/// `None` when it is none of these: the control keeps its value.
pub fn read_amount(text: &str, unit: &str) -> Option<(u64, bool)> {
    // «M» is a million in any field; «m» is minutes where time is typed.
    let mega = text.contains('M');
    // ASCII lower case: Unicode's tables would cost the page kilobytes ("DÍA" stays unread).
    let (text, unit) = (text.trim().to_ascii_lowercase(), unit.to_ascii_lowercase());
    let unit = unit.as_str();
    let (negative, text) = text.strip_prefix('-').map_or((false, text.as_str()), |rest| (true, rest));
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.' || c == ' ' || c == '_'))
        .unwrap_or(text.len());
    // Checked, though `find` gives a char boundary: `split_at`'s panic path (Debug for
    // chars, Unicode tables) would cost the page kilobytes.
    let (number, suffix) = text.split_at_checked(split)?;
    let number = as_lab_number(number);
    let number: String = number.chars().filter(|c| !matches!(c, ',' | ' ' | '_')).collect();
    let (whole, fraction) = number.split_once('.').unwrap_or((&number, ""));
    if (whole.is_empty() && fraction.is_empty())
        || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit())
        || fraction.len() > 6
    {
        return None;
    }
    // The amount in millionths, so that "1.2 M" and "1.5 h" stay exact;
    // digits past u64 are far past any range, not unreadable.
    let whole = if whole.is_empty() { 0 } else { whole.parse::<u64>().unwrap_or(u64::MAX) };
    let millionths = whole.saturating_mul(1_000_000).saturating_add(format!("{fraction:0<6}").parse::<u64>().ok()?);
    // The field's own unit said again: «256 KiB», «5/s», «10 k/s».
    let suffix = suffix.trim();
    let suffix = match suffix.strip_suffix(unit) {
        Some(rest) if rest.is_empty() || unit.starts_with('/') => rest.trim(),
        _ => suffix,
    };
    let scale = match (suffix, unit) {
        ("", _) => Some((1u64, 1u64)),
        ("k", _) => Some((1_000, 1)),
        ("m", "" | "/s" | "/h") => Some((1_000_000, 1)),
        ("m", _) if mega => Some((1_000_000, 1)),
        // A time in another unit of time, both in milliseconds.
        _ => time_unit_ms(suffix).zip(time_unit_ms(unit)),
    };
    let (times, per) = scale?;
    // Rounded to the nearest whole unit (u64: 128-bit division would cost the page its routines).
    let scaled = millionths.saturating_mul(times) / per;
    let exact = !negative && times == per && scaled % 1_000_000 == 0;
    Some((if negative { 0 } else { scaled.saturating_add(500_000) / 1_000_000 }, exact))
}

#[cfg(test)]
mod amount_tests {
    use super::read_amount;

    /// Each `(typed, field's unit, read)` as the field reads it.
    fn reads(cases: &[(&str, &str, Option<u64>)]) {
        for &(text, unit, expected) in cases {
            assert_eq!(read_amount(text, unit).map(|(n, _)| n), expected, "{text:?} in {unit:?}");
        }
    }

    #[test]
    fn amounts_read_as_a_learner_types_them() {
        reads(&[
            ("86400", "s", Some(86_400)),
            ("86,400", "s", Some(86_400)),
            ("1 día", "s", Some(86_400)),
            ("1 day", "s", Some(86_400)),
            ("15 min", "s", Some(900)),
            ("2 h", "s", Some(7_200)),
            ("1.5 h", "s", Some(5_400)),
            ("1200 ms", "s", Some(1)),
            ("1.2 M", "", Some(1_200_000)),
            ("1.2M", "", Some(1_200_000)),
            ("10 k", "/s", Some(10_000)),
            ("350", "/s", Some(350)),
            ("0.5 s", "ms", Some(500)),
            ("2 min", "ms", Some(120_000)),
            ("1 d", "h", Some(24)),
            ("30 min", "h", Some(1)),
            ("", "s", None),
            ("abc", "", None),
            ("1 parsec", "s", None),
            ("1 min", "", None),
            ("-5", "", Some(0)),
            ("1.2.3", "", None),
            // As a learner from Spain writes them.
            ("1.000", "/s", Some(1_000)),
            ("1.382.400", "", Some(1_382_400)),
            ("1.382.400,4", "", Some(1_382_400)),
            ("1,5", "h", Some(2)),
            ("1,5 h", "s", Some(5_400)),
            ("2.500 s", "ms", Some(2_500_000)),
            ("0.125", "s", Some(0)),
            ("1,000.5", "", Some(1_001)),
            ("10.5", "", Some(11)),
            ("1.000.5", "", None),
        ]);
    }

    /// Whether a field says what it made of the text: not when the amount is
    /// the number as typed (in its own unit, said or not); when it was read
    /// otherwise (another unit, a multiplier, a fraction rounded, a minus).
    /// Digits past `u64` saturate: far past any range, not unreadable.
    #[test]
    fn an_amount_read_otherwise_than_typed_is_told_apart() {
        for (text, unit, read) in [
            ("1,000", "", (1_000, true)),
            ("256 KiB", "KiB", (256, true)),
            ("60 segundos", "s", (60, true)),
            ("2.0", "", (2, true)),
            (".5", "", (1, false)),
            ("5 minutos", "s", (300, false)),
            ("10 k", "/s", (10_000, false)),
            ("2.5", "", (3, false)),
            ("90 min", "h", (2, false)),
            ("2 m", "h", (0, false)),
            ("-5", "s", (0, false)),
            ("99999999999999", "", (u64::MAX / 1_000_000, false)),
            ("123456789012345678901234567890", "s", (u64::MAX / 1_000_000, false)),
        ] {
            assert_eq!(read_amount(text, unit), Some(read), "{text:?} in {unit:?}");
        }
    }

    /// The course's words for units, a field's own unit, a Spanish decimal
    /// comma and the two «m»s.
    #[test]
    fn units_as_the_course_writes_them() {
        reads(&[
            // Units in words, Spanish first, whole, cut short or plural.
            ("5 minutos", "s", Some(300)),
            ("1 minuto", "ms", Some(60_000)),
            ("90 segundos", "s", Some(90)),
            ("2 segs", "ms", Some(2_000)),
            ("2 horas", "s", Some(7_200)),
            ("1 hora", "h", Some(1)),
            ("3 hrs", "h", Some(3)),
            ("2 días", "h", Some(48)),
            ("2 dias", "h", Some(48)),
            ("1 semana", "h", Some(168)),
            ("2 weeks", "h", Some(336)),
            ("5 mins", "s", Some(300)),
            ("250 milisegundos", "ms", Some(250)),
            ("1500 milliseconds", "s", Some(2)),
            ("15 min", "min", Some(15)),
            ("2 h", "min", Some(120)),
            ("5 sombreros", "s", None),
            ("5 minutos", "", None),
            // A rate with its own unit, or thousands of it.
            ("5/s", "/s", Some(5)),
            ("10 k/s", "/s", Some(10_000)),
            ("5/h", "/s", None),
            // A field's own unit, in any case.
            ("256 KiB", "KiB", Some(256)),
            ("256 kib", "KiB", Some(256)),
            ("50 s/s", "s/s", Some(50)),
            ("2 min", "KiB", None),
            // A Spanish decimal comma after a lone 0 («0,250» is no thousands).
            ("0,250 s", "ms", Some(250)),
            ("0,5", "s", Some(1)),
            ("1,500", "ms", Some(1_500)),
            // «M» is a million anywhere; «m» is minutes where time is typed.
            ("1.2 M", "s", Some(1_200_000)),
            ("1.2 m", "s", Some(72)),
            ("1.2 m", "/s", Some(1_200_000)),
            // Past u64: far past any range (saturated), not unreadable.
            ("99999999999999999999", "", Some(u64::MAX / 1_000_000)),
        ]);
    }
}
