//! The share-link codec: it never panics, and every valid state survives a
//! round trip. A failing case prints the state or the string that broke it.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab_core::{Intervention, Outage, Plan, Timed};
use retry_lab_web::experiments::retries::{format_interventions, format_outages};
use retry_lab_web::i18n::Lang;
use retry_lab_web::link::{decode, Link, Scope};
use retry_lab_web::params::{Domain, Value};
use retry_lab_web::registry::{Experiment, LabParams, ParamId};

/// A valid text for each text parameter, from a random number.
fn text_value(key: &str, n: u64) -> String {
    match key {
        "start" => retry_lab_core::ids::format_utc((n % 253_402_300_800) as i64),
        "ns" => match n % 5 {
            0 => "dns".into(),
            1 => "url".into(),
            2 => "oid".into(),
            3 => "x500".into(),
            _ => uuid::Uuid::from_u128(u128::from(n) * 0x9E37_79B9_7F4A_7C15).to_string(),
        },
        "down" => {
            let windows: Vec<Outage> = (0..n % 3)
                .map(|i| {
                    let start_ms = (n >> (i * 8)) % 3_000_000 + i * 3_000_000;
                    Outage { start_ms, end_ms: start_ms + 1 + (n >> 20) % 1_000_000 }
                })
                .collect();
            format_outages(Plan::new(windows, vec![]).unwrap().outages())
        }
        "do" => {
            let timed: Vec<Timed> = (0..n % 4)
                .map(|i| {
                    let at_ms = (n >> (i * 7)) % 5_000_000;
                    let what = match (n >> i) % 3 {
                        0 => Intervention::FixCause,
                        1 => Intervention::RetryAllDeadLetters,
                        _ => Intervention::RetryDeadLetter((n % 50) as u32),
                    };
                    Timed { at_ms, what }
                })
                .collect();
            format_interventions(Plan::new(vec![], timed).unwrap().interventions())
        }
        "dlq_do" => {
            use retry_lab_core::queue::{DlqAction, DlqOperation};
            let operations = (0..n % 4)
                .map(|i| {
                    let at_ms = (n >> (i * 7)) % 5_000_000;
                    let m = ((n >> 3) % 20) as u32;
                    let action = [
                        DlqAction::RedriveAll,
                        DlqAction::MarkAllFailed,
                        DlqAction::Redrive(m),
                        DlqAction::MarkFailed(m),
                    ][((n >> i) % 4) as usize];
                    DlqOperation { at_ms, action }
                })
                .collect();
            retry_lab_web::experiments::dlq::Actions {
                fix_ms: n.is_multiple_of(2).then_some(n % 9_000_000),
                operations,
            }
            .format()
        }
        "keyed" => (0..1 + n % 8).map(|i| format!("key-{}:v{}", (n >> (i * 3)) % 5, i)).collect::<Vec<_>>().join(","),
        other => panic!("no generator for text parameter {other}: add one"),
    }
}

/// Any valid parameters: each one drawn from its own domain.
fn params() -> impl Strategy<Value = LabParams> {
    let count = ParamId::all().count();
    prop::collection::vec(any::<u64>(), count).prop_map(|draws| {
        let mut params = LabParams::default();
        for (param, n) in ParamId::all().zip(draws) {
            let value = match param.domain() {
                Domain::Ratio { max_ppm, .. } => Value::Int(n % (u64::from(max_ppm) + 1)),
                Domain::Int { min, max, .. } => Value::Int(if max == u64::MAX { n } else { min + n % (max - min + 1) }),
                Domain::Choice { codes, .. } => Value::Int(n % codes.len() as u64),
                Domain::Text { .. } => Value::Text(text_value(param.key(), n)),
            };
            assert!(param.apply(&mut params, value), "{} refused a value of its domain", param.key());
        }
        params
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn decode_encode_round_trips(
        params in params(),
        lang in prop::sample::select(Lang::ALL.to_vec()),
        experiment in prop::sample::select(Experiment::ALL.to_vec()),
        clock_ms in prop_oneof![Just(0u64), 1u64..=5_000_000],
        whole_page in any::<bool>(),
    ) {
        let scope = if whole_page { Scope::Page } else { Scope::Experiment };
        let query = Link::of(lang, &params, experiment, Some(clock_ms), scope, None).encode();
        let (link, notices) = decode(&query);
        prop_assert!(notices.is_empty(), "{query}: {notices:?}");
        let init = link.to_init(&[], notices);
        prop_assert_eq!(init.lang, lang);
        if whole_page {
            prop_assert_eq!(&init.params, &params, "{}", query);
        }
        for param in ParamId::of_run(experiment) {
            prop_assert_eq!(param.get(&init.params), param.get(&params), "{} {}", query, param.key());
        }
        prop_assert_eq!(init.experiment, experiment);
        prop_assert_eq!(init.clock_ms, clock_ms);
    }

    #[test]
    fn decoding_any_string_never_panics_and_stays_in_range(query in ".*") {
        let (link, notices) = decode(&query);
        let init = link.to_init(&[], notices);
        for param in ParamId::all() {
            let value = param.get(&init.params);
            prop_assert_eq!(param.domain().clamp(value.clone()), Some(value), "{} out of its domain", param.key());
        }
    }

    #[test]
    fn decoding_known_keys_with_any_values_never_panics(
        pairs in prop::collection::vec((
            prop::sample::select(ParamId::all().map(ParamId::key)
                .chain(["v", "preset", "exp", "lang", "at", "embed", "only", "lock"]).collect::<Vec<_>>()),
            ".{0,40}",
        ), 0..30),
    ) {
        let query = form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).finish();
        let (link, notices) = decode(&query);
        for notice in &notices {
            prop_assert!(!notice.describe(Lang::Es).is_empty());
        }
        let init = link.to_init(&[], notices);
        // Whatever the values, every parameter lands inside its domain.
        for param in ParamId::all() {
            let value = param.get(&init.params);
            prop_assert_eq!(param.domain().clamp(value.clone()), Some(value), "{} out of its domain", param.key());
        }
    }
}
