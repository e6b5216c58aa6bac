//! Event ids: random (v4, from the seeded stream) or derived (v5 from a fact
//! key such as `25544|2026-07-29T14:00:00Z`).

use std::fmt;

use uuid::{Builder, Uuid};

use crate::draws::id_bytes;

/// The namespace of a derived (v5) id: one of RFC 4122's four, or custom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Namespace {
    #[default]
    Dns,
    Url,
    Oid,
    X500,
    Custom(Uuid),
}

impl Namespace {
    pub const NAMED: [Namespace; 4] = [Namespace::Dns, Namespace::Url, Namespace::Oid, Namespace::X500];

    pub fn uuid(self) -> Uuid {
        match self {
            Namespace::Dns => Uuid::NAMESPACE_DNS,
            Namespace::Url => Uuid::NAMESPACE_URL,
            Namespace::Oid => Uuid::NAMESPACE_OID,
            Namespace::X500 => Uuid::NAMESPACE_X500,
            Namespace::Custom(uuid) => uuid,
        }
    }

    /// `dns`, `url`, `oid`, `x500` or the custom UUID in hyphenated form.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dns" => Some(Namespace::Dns),
            "url" => Some(Namespace::Url),
            "oid" => Some(Namespace::Oid),
            "x500" => Some(Namespace::X500),
            other => Uuid::try_parse(other).ok().map(Namespace::Custom),
        }
    }
}

impl fmt::Display for Namespace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Namespace::Dns => f.write_str("dns"),
            Namespace::Url => f.write_str("url"),
            Namespace::Oid => f.write_str("oid"),
            Namespace::X500 => f.write_str("x500"),
            Namespace::Custom(uuid) => write!(f, "{uuid}"),
        }
    }
}

/// uuid5(namespace, key): the same key gives the same id, from any process.
pub fn derived_id(namespace: Namespace, key: &str) -> Uuid {
    Uuid::new_v5(&namespace.uuid(), key.as_bytes())
}

/// A random (v4) id built from the seeded id stream: reproducible, yet
/// indistinguishable from an OS-random v4 to the consumer.
pub fn random_id(seed: u64, slot: u64) -> Uuid {
    Builder::from_random_bytes(id_bytes(seed, slot)).into_uuid()
}

/// The lesson's double publication: one fact, published twice by mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoublePublication {
    pub key: String,
    pub namespace: Namespace,
    /// uuid5(namespace, key): the same for both publications.
    pub derived: Uuid,
    /// The two random ids the producer generated, one per publication.
    pub random: [Uuid; 2],
    /// Times a consumer deduplicating by the random ids processed the fact.
    pub processed_by_random_id: u32,
    /// Times a consumer deduplicating by the derived id processed the fact.
    pub processed_by_derived_id: u32,
}

/// Runs both publications through two idempotent consumers, each keeping a
/// set of processed ids: one keyed by the random id, one by the derived id.
pub fn double_publication(namespace: Namespace, pass: &PassKey, seed: u64) -> DoublePublication {
    use std::collections::HashSet;
    let key = pass.key();
    let derived = derived_id(namespace, &key);
    let random = [random_id(seed, 0), random_id(seed, 1)];
    let process = |ids: [Uuid; 2]| {
        let mut processed = HashSet::new();
        ids.into_iter().filter(|id| processed.insert(*id)).count() as u32
    };
    DoublePublication {
        processed_by_random_id: process(random),
        processed_by_derived_id: process([derived, derived]),
        key,
        namespace,
        derived,
        random,
    }
}

/// A satellite pass, the lesson's example of "one fact of the real world".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PassKey {
    pub norad_id: u32,
    /// Seconds since the Unix epoch, UTC.
    pub start_unix_s: i64,
}

/// Why a pass key was rejected, for a clear message next to the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassKeyError {
    NoradId,
    StartUtc,
}

impl PassKey {
    /// The lesson's pass: ISS (25544) at 2026-07-29T14:00:00Z.
    pub const LESSON_NORAD_ID: u32 = 25_544;
    pub const LESSON_START_UTC: &'static str = "2026-07-29T14:00:00Z";
    /// NORAD catalogue numbers are positive and (today) below a million.
    pub const NORAD_ID_MAX: u32 = 999_999;
    /// An ISS orbit is about 92 minutes: synthetic runs space passes by it.
    const PASS_SPACING_S: i64 = 92 * 60;

    pub fn lesson() -> Self {
        // No `expect`: formatting the error would pull `Debug` into the page.
        match Self::parse(&Self::LESSON_NORAD_ID.to_string(), Self::LESSON_START_UTC) {
            Ok(pass) => pass,
            Err(_) => unreachable!("the lesson's pass key is valid"),
        }
    }

    /// Parses `norad_id` (1..=999999) and `start_utc` (`YYYY-MM-DDTHH:MM:SSZ`).
    pub fn parse(norad_id: &str, start_utc: &str) -> Result<Self, PassKeyError> {
        let norad_id = norad_id
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|id| (1..=Self::NORAD_ID_MAX).contains(id))
            .ok_or(PassKeyError::NoradId)?;
        let start_unix_s = parse_utc(start_utc.trim()).ok_or(PassKeyError::StartUtc)?;
        Ok(Self { norad_id, start_unix_s })
    }

    /// The key string hashed by uuid5: `norad_id|start_utc`.
    pub fn key(&self) -> String {
        format!("{}|{}", self.norad_id, self.start_utc())
    }

    /// The pass start as `YYYY-MM-DDTHH:MM:SSZ`.
    pub fn start_utc(&self) -> String {
        format_utc(self.start_unix_s)
    }

    /// The pass of fact number `fact` in a synthetic run: the lesson's pass,
    /// then one every orbit.
    pub fn of_fact(fact: u32) -> Self {
        let lesson = Self::lesson();
        Self { start_unix_s: lesson.start_unix_s + i64::from(fact) * Self::PASS_SPACING_S, ..lesson }
    }
}

/// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Inverse of [`days_from_civil`].
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// `YYYY-MM-DDTHH:MM:SSZ`, years 1970..=9999; rejects impossible dates.
pub fn parse_utc(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    if bytes.len() != 20 || !text.is_ascii() {
        return None;
    }
    let shape_ok = bytes.iter().enumerate().all(|(i, b)| match i {
        4 | 7 => *b == b'-',
        10 => *b == b'T',
        13 | 16 => *b == b':',
        19 => *b == b'Z',
        _ => b.is_ascii_digit(),
    });
    if !shape_ok {
        return None;
    }
    let num = |range: std::ops::Range<usize>| text.get(range)?.parse::<i64>().ok();
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if year < 1970 || !(1..=12).contains(&month) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let days = days_from_civil(year, month, day);
    // An impossible day (Feb 30) lands on another date when converted back.
    if day < 1 || civil_from_days(days) != (year, month, day) {
        return None;
    }
    Some(days * 86_400 + hour * 3_600 + minute * 60 + second)
}

pub fn format_utc(unix_s: i64) -> String {
    let (year, month, day) = civil_from_days(unix_s.div_euclid(86_400));
    let secs = unix_s.rem_euclid(86_400);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", secs / 3_600, secs / 60 % 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values from CPython 3.11:
    /// `python3 -c "import uuid; print(uuid.uuid5(uuid.NAMESPACE_DNS, '25544|2026-07-29T14:00:00Z'))"`
    /// (and likewise for the other namespaces).
    #[test]
    fn uuid5_matches_cpython() {
        for (namespace, expected) in CPYTHON_UUID5 {
            let got = derived_id(Namespace::parse(namespace).unwrap(), "25544|2026-07-29T14:00:00Z");
            assert_eq!(got.to_string(), *expected, "namespace {namespace}");
            assert_eq!(got.get_version_num(), 5);
        }
    }
    const CPYTHON_UUID5: &[(&str, &str)] = &[
        ("dns", "0a0bdc21-c5ad-5109-8e6d-77d753878591"),
        ("url", "d6fc3515-1720-5163-b227-01b44e75ea96"),
        ("oid", "ed752820-694c-5056-8bb4-be3cca79c2fe"),
        ("x500", "52bc5109-eabc-5759-b61a-900a748bd2bf"),
    ];

    #[test]
    fn double_publication_is_processed_twice_by_random_id_once_by_uuid5() {
        let demo = double_publication(Namespace::Dns, &PassKey::lesson(), 7);
        assert_eq!(demo.key, "25544|2026-07-29T14:00:00Z");
        assert_eq!(demo.derived.to_string(), "0a0bdc21-c5ad-5109-8e6d-77d753878591");
        assert_ne!(demo.random[0], demo.random[1]);
        assert_eq!((demo.processed_by_random_id, demo.processed_by_derived_id), (2, 1));
    }

    #[test]
    fn lesson_pass_key() {
        assert_eq!(PassKey::lesson().key(), "25544|2026-07-29T14:00:00Z");
        assert_eq!(PassKey::of_fact(1).key(), "25544|2026-07-29T15:32:00Z");
        assert_eq!(PassKey::of_fact(10).key(), "25544|2026-07-30T05:20:00Z");
    }

    #[test]
    fn rejects_bad_pass_keys() {
        assert_eq!(PassKey::parse("0", PassKey::LESSON_START_UTC), Err(PassKeyError::NoradId));
        assert_eq!(PassKey::parse("ISS", PassKey::LESSON_START_UTC), Err(PassKeyError::NoradId));
        assert_eq!(PassKey::parse("1000000", PassKey::LESSON_START_UTC), Err(PassKeyError::NoradId));
        for bad in [
            "2026-02-30T14:00:00Z",
            "2026-07-29 14:00:00Z",
            "2026-07-29T24:00:00Z",
            "2026-7-29T14:00:00Z",
            "",
            "2026-07-29T14:00:00",
        ] {
            assert_eq!(PassKey::parse("25544", bad), Err(PassKeyError::StartUtc), "{bad}");
        }
        assert!(PassKey::parse(" 25544 ", "2028-02-29T00:00:00Z").is_ok());
    }

    #[test]
    fn utc_round_trips() {
        for unix_s in [0, 86_399, 951_782_400, 1_785_333_600, 4_102_444_800] {
            assert_eq!(parse_utc(&format_utc(unix_s)), Some(unix_s));
        }
    }

    #[test]
    fn random_ids_are_v4_and_reproducible() {
        let a = random_id(7, 0);
        assert_eq!(a.get_version_num(), 4);
        assert_eq!(a, random_id(7, 0));
        assert_ne!(a, random_id(7, 1));
        assert_ne!(a, random_id(8, 0));
    }

    #[test]
    fn namespaces_parse() {
        for ns in Namespace::NAMED {
            assert_eq!(Namespace::parse(&ns.to_string()), Some(ns));
        }
        let custom = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
        assert_eq!(Namespace::parse(custom), Some(Namespace::Custom(Uuid::try_parse(custom).unwrap())));
        assert_eq!(Namespace::parse("mars"), None);
    }
}
