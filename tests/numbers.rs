//! Every number the lab prints is its true value rounded to the unit it is
//! shown in, never cut: the page's formatters over their whole range
//! (property tests), and every experiment's numbers (what `retry-lab run`,
//! `presets` and the exports print) at every preset and at every whole-number
//! parameter's extremes, each read back (`number::read_back`) against the
//! exact value it was made from, and against a twin in another unit
//! (`little_wait` in seconds, `little_wait_h` in hours).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};
use retry_lab_web::format::{decimal_bytes, duration_ms, duration_text, hours, millions, seconds};
use retry_lab_web::link::decode;
use retry_lab_web::number::{read_back, Number};
use retry_lab_web::params::Domain;
use retry_lab_web::registry::{Experiment, ParamId};

/// `text` reads back as `exact` within half of its last shown digit (a
/// hair more for the float's own error).
fn holds(text: &str, exact: f64) -> Result<(), String> {
    let readings = read_back(text).ok_or_else(|| format!("{text:?} is not a number's words"))?;
    for (shown, half) in readings {
        if (shown - exact).abs() > half + exact.abs() * 1e-12 + 1e-9 {
            return Err(format!("{text:?} reads {shown}, the true value is {exact} (at most ±{half})"));
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn seconds_and_durations_are_rounded(ms in 0u64..40_000_000_000) {
        holds(&seconds(ms), ms as f64 / 1_000.0).map_err(TestCaseError::fail)?;
        holds(&duration_ms(ms), ms as f64 / 1_000.0).map_err(TestCaseError::fail)?;
        holds(&duration_text(ms / 1_000), (ms / 1_000) as f64).map_err(TestCaseError::fail)?;
        holds(&hours(ms / 1_000), (ms / 1_000) as f64).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn millions_are_rounded(n in 0u64..100_000_000_000) {
        holds(&millions(n), n as f64).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn decimal_bytes_are_rounded(b in 0u64..1_000_000_000_000_000_000) {
        let text = decimal_bytes(b);
        let (number, unit) = text.split_once(' ').expect("a unit");
        let power = ["B", "kB", "MB", "GB", "TB", "PB", "EB"].iter().position(|u| *u == unit).expect("a known unit");
        let shown: f64 = number.parse().expect("digits");
        let exact = b as f64 / 1_000f64.powi(power as i32);
        let half = if number.contains('.') { 0.05 } else { 0.5 };
        prop_assert!((shown - exact).abs() <= half + 1e-9, "{text} for {b} B ({exact} {unit})");
    }
}

/// The formatters at the values the lessons state, and at the edges where
/// cutting and rounding differ.
#[test]
fn the_lessons_values_read_as_the_lessons_write_them() {
    assert_eq!(hours(1_800), "0.5 h", "exercise 4: 85 ÷ 170/h");
    assert_eq!(hours(900), "0.25 h", "60 waiting at 240 an hour");
    assert_eq!(seconds(1_890_000), "1,890 s");
    assert_eq!(duration_text(2_700), "45 min");
    // A cut would pass these: each sits above the half of its last digit.
    for (text, exact) in
        [(seconds(17_193), 17.193), (duration_text(32_799), 32_799.0), (millions(1_250_001), 1_250_001.0)]
    {
        holds(&text, exact).unwrap();
    }
    assert!(holds("17.1 s", 17.193).is_err(), "the checker fails on a cut value");
    assert!(holds("9 h 6 min", 32_799.0).is_err());
}

/// Every number an experiment prints, each against its own exact value;
/// and twins (the same name with a unit's suffix) against each other.
fn check(experiment: Experiment, query: &str, numbers: &[(&'static str, Number)]) -> Result<(), String> {
    let exact_of = |number: &Number| -> Option<f64> {
        match number {
            Number::Int(n, _) => Some(*n as f64),
            Number::Time(ms, _) => Some(*ms as f64 / 1_000.0),
            Number::Decimal(value, _, _) => Some(*value),
            _ => None,
        }
    };
    for (name, number) in numbers {
        for item in number.items() {
            if let Some(exact) = exact_of(item) {
                holds(&item.text(), exact).map_err(|e| format!("{} {name} at ?{query}: {e}", experiment.code()))?;
            }
        }
    }
    for (name, number) in numbers {
        let twin_of = |suffix: &str, unit: &'static str| name.strip_suffix(suffix).map(|stem| (stem, unit));
        let Some((stem, unit)) = twin_of("_h", "h").or_else(|| twin_of("_s", "s")) else { continue };
        let (Some((_, twin)), Some(value)) = (numbers.iter().find(|(n, _)| *n == stem), exact_of(number)) else {
            continue;
        };
        // Against a time only: `drain_s_after_…` and a count named `…_s` are no twins.
        if let (Some(seconds), Number::Time(..)) = (exact_of(twin), twin) {
            holds(&format!("{} {unit}", number.text()), seconds).map_err(|e| {
                format!("{} {name} ({value} {unit}) against {stem} at ?{query}: {e}", experiment.code())
            })?;
        }
    }
    Ok(())
}

#[test]
fn every_printed_number_is_its_true_value_rounded() {
    let mut checked = 0;
    for &experiment in Experiment::ALL {
        let starts: Vec<String> = std::iter::once(String::new())
            .chain(experiment.presets().iter().map(|p| format!("&preset={}", p.code)))
            .collect();
        let mut queries: Vec<String> = starts.iter().map(|s| format!("exp={}{s}", experiment.code())).collect();
        // Seeded, so a failure names a link that reproduces it.
        let mut draw = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
        for param in ParamId::of(experiment) {
            let Domain::Int { min, max, .. } = param.domain() else { continue };
            for start in &starts {
                for value in [min, max] {
                    queries.push(format!("exp={}{start}&{}={value}", experiment.code(), param.key()));
                }
            }
            // Values anywhere in the range, small ones more often (where a digit's half matters).
            for _ in 0..16 {
                let span = (max - min).min(1 << (draw.next_u32() % 40));
                let value = min + u64::from(draw.next_u32()) * 1_000 % (span + 1);
                queries.push(format!("exp={}&{}={value}", experiment.code(), param.key()));
            }
        }
        // Little's law at the issue's own point: 60 waiting at 240 an hour is 0.25 h.
        queries.push("exp=capacity&little_rate_h=240&little_waiting=60".into());
        for query in queries {
            let params = decode(&query).0.to_init(&[], Vec::new()).params;
            let numbers = experiment.run_numbers(&params, 0);
            check(experiment, &query, &numbers).unwrap_or_else(|e| panic!("{e}"));
            checked += numbers.len();
        }
    }
    assert!(checked > 5_000, "{checked} numbers");
}

#[test]
fn littles_wait_at_60_waiting_and_240_an_hour_is_a_quarter_hour() {
    let params = decode("exp=capacity&little_rate_h=240&little_waiting=60").0.to_init(&[], Vec::new()).params;
    let numbers = Experiment::Capacity.run_numbers(&params, 0);
    let text = |name: &str| numbers.iter().find(|(n, _)| *n == name).map(|(_, v)| v.text()).expect(name);
    assert_eq!((text("little_wait"), text("little_wait_h")), ("900 s (15 min)".to_owned(), "0.25".to_owned()));
}
