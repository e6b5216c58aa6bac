//! The registry is complete: an experiment registered without its strings,
//! link keys, presets or bounds fails here (its panel is a compile error,
//! and `tests/web.rs` mounts every registered panel).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;

use retry_lab_core::Pair;
use retry_lab_web::i18n::Lang;
use retry_lab_web::link::{self, decode, Link};
use retry_lab_web::params::{Domain, Value};
use retry_lab_web::registry::{presets, Experiment, LabParams, Owner, ParamId};

/// Keys the link itself uses; no parameter may take one.
const SHELL_KEYS: [&str; 8] = ["v", "preset", "exp", "lang", "at", "embed", "only", "lock"];

#[test]
fn every_experiment_has_a_code_and_a_title_in_each_language() {
    let mut codes = HashSet::new();
    for &e in Experiment::ALL {
        assert!(codes.insert(e.code()), "{} registered twice", e.code());
        assert_eq!(Experiment::parse(e.code()), Some(e));
        let (es, en) = (e.title(Lang::Es), e.title(Lang::En));
        assert!(!es.is_empty() && !en.is_empty(), "{}: a title is missing", e.code());
        assert_ne!(es, en, "{}: the titles are not translated", e.code());
    }
}

#[test]
fn every_parameter_has_a_unique_key_a_lock_and_labels() {
    let mut keys = HashSet::new();
    for param in ParamId::all() {
        let key = param.key();
        assert!(keys.insert(key), "link key {key} declared twice");
        assert!(!SHELL_KEYS.contains(&key), "{key} is one of the link's own keys");
        assert!(!key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{key}: not a link key");
        assert!(!param.lock().is_empty(), "{key}: no lock name");
        for lang in [Lang::Es, Lang::En] {
            assert!(!param.label(lang).is_empty(), "{key}: no label in {lang:?}");
        }
        if let Domain::Choice { codes, labels } = param.domain() {
            for lang in [Lang::Es, Lang::En] {
                assert_eq!(labels(lang).len(), codes.len(), "{key}: a choice without its label in {lang:?}");
            }
        }
        if let Owner::Experiment(e) = param.owner {
            assert!(ParamId::of(e).any(|p| p == param));
        }
    }
    assert_eq!(link::lock_names().len(), ParamId::all().map(ParamId::lock).collect::<HashSet<_>>().len());
}

#[test]
fn every_default_encodes_and_reads_back() {
    let defaults = LabParams::default();
    for param in ParamId::all() {
        let text = param.encode(&defaults);
        if matches!(param.get(&defaults), Value::Text(ref t) if t.is_empty()) {
            continue; // an empty plan: absent from links
        }
        let (value, notice) = param.domain().parse(&text).unwrap_or_else(|e| panic!("{}={text}: {e:?}", param.key()));
        assert_eq!((value, notice), (param.get(&defaults), None), "{}", param.key());
    }
}

#[test]
fn every_preset_has_a_label_and_reads_without_a_notice() {
    for version in link::VERSIONS {
        let mut codes = HashSet::new();
        for (experiment, preset) in presets(version) {
            assert!(codes.insert(preset.code), "v{version}: preset {} twice", preset.code);
            assert!(!(preset.label)(Lang::Es).is_empty() && !(preset.label)(Lang::En).is_empty(), "{}", preset.code);
            let (link, notices) = decode(&format!("v={version}&preset={}", preset.code));
            assert!(notices.is_empty(), "v{version} preset {}: {notices:?}", preset.code);
            let init = link.to_init(&[], notices);
            assert_eq!(init.experiment, experiment);
            for (key, _) in preset.values {
                assert!(*key == "at" || ParamId::by_key(key).is_some(), "preset {}: unknown key {key}", preset.code);
            }
        }
    }
}

/// The page's largest values are within the core's limits: the page never
/// builds a run the core refuses.
#[test]
fn the_page_bounds_fit_the_core() {
    let mut params = LabParams::default();
    for param in ParamId::all() {
        match param.domain() {
            Domain::Int { max, .. } => assert!(param.apply(&mut params, Value::Int(max))),
            Domain::Ratio { max_ppm, .. } => assert!(param.apply(&mut params, Value::Int(max_ppm.into()))),
            _ => {}
        }
    }
    let cfg = params.retries.sim_config(&params.shared);
    assert!(Pair::new(cfg, params.retries.plan.clone()).is_ok());
    assert!(params.ack.table(&params.shared).is_some());
}

/// The README's parameter table lists exactly the registry's keys (and the
/// link's own), each with its range: the text an author copies cannot drift.
#[test]
fn the_readme_lists_every_link_key() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme.find("### URL parameters").expect("README has the URL parameters section");
    let table = &readme[start..];
    let table = &table[..table.find("\n\n").map_or(table.len(), |n| n)];
    let table = &readme[start..start + table.len() + readme[start + table.len()..].find("\n\n").unwrap_or(0)];
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| `")).collect();
    let mut listed = HashSet::new();
    for row in &rows {
        let names = row.split('|').nth(1).unwrap();
        for name in names.split(',') {
            let name = name.trim().trim_matches('`');
            if !name.is_empty() {
                listed.insert(name.to_owned());
            }
        }
    }
    for key in ParamId::all().map(ParamId::key).chain(SHELL_KEYS) {
        assert!(listed.contains(key), "README's URL parameter table lacks `{key}`");
    }
    for name in &listed {
        assert!(ParamId::by_key(name).is_some() || SHELL_KEYS.contains(&name.as_str()), "README lists `{name}`, which no link reads");
    }
    // Each parameter's row states its range as the registry declares it.
    for param in ParamId::all() {
        if let Domain::Int { min, max, .. } = param.domain() {
            if max == u64::MAX {
                continue;
            }
            let row = rows.iter().find(|r| r.contains(&format!("`{}`", param.key()))).unwrap();
            let fmt = |n: u64| retry_lab_web::format::int(n);
            assert!(row.contains(&format!("{}–{}", fmt(min), fmt(max))), "README row of `{}` lacks {min}–{max}: {row}", param.key());
        }
    }
    let _ = Link::of;
}
