//! The CLI as a course author runs it.

use std::process::{Command, Output};

use serde_json::Value;

fn retry_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_retry-lab")).args(args).output().unwrap()
}

fn json(args: &[&str]) -> Value {
    let output = retry_lab(args);
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn schedule_prints_the_lesson_table() {
    let v = json(&["schedule", "--json"]);
    assert_eq!(v["waits_s"], serde_json::json!([30, 60, 120, 240, 480, 960]));
    assert_eq!(v["total_s"], 1_890);
    let text = String::from_utf8(retry_lab(&["schedule"]).stdout).unwrap();
    assert!(text.contains("original delivery + 6 retries"), "{text}");
    assert!(text.contains("30·2^5") && text.contains("960"), "{text}");
}

#[test]
fn simulate_reproduces_the_lesson_004_row() {
    let v = json(&[
        "simulate", "--events", "1000", "--failure", "0.05", "--seed", "7", "--rng", "python", "--requeue",
        "immediate", "--ack", "after", "--consumer", "idempotent", "--json",
    ]);
    for (key, expected) in [("published", 1000), ("deliveries", 1060), ("effects", 1000), ("duplicates_discarded", 60), ("dead_lettered", 0), ("acknowledged", 1000), ("lost", 0)] {
        assert_eq!(v[key], expected, "{key}");
    }
    let v = json(&["simulate", "--events", "1000", "--failure", "0.05", "--seed", "7", "--rng", "python", "--requeue", "immediate", "--ack", "before", "--json"]);
    assert_eq!((v["effects"].as_u64(), v["lost"].as_u64()), (Some(942), Some(58)));
}

#[test]
fn simulate_dead_letters_when_everything_fails() {
    let v = json(&["simulate", "--events", "5", "--failure", "1", "--ack-lost-share", "0", "--json"]);
    assert_eq!(v["dead_lettered"], 5);
    assert_eq!(v["deliveries"], 35);
    assert_eq!(v["effects"], 0);
}

#[test]
fn same_seed_same_run() {
    let args = ["simulate", "--events", "200", "--failure", "0.4", "--jitter", "full", "--seed", "99", "--json"];
    assert_eq!(json(&args), json(&args));
}

#[test]
fn uuid5_matches_python() {
    let v = json(&["uuid5", "--namespace", "dns", "--key", "25544|2026-07-29T14:00:00Z", "--json"]);
    assert_eq!(v["uuid"], "0a0bdc21-c5ad-5109-8e6d-77d753878591");
    let v = json(&["uuid5", "--namespace", "6ba7b811-9dad-11d1-80b4-00c04fd430c8", "--key", "25544|2026-07-29T14:00:00Z", "--json"]);
    assert_eq!(v["uuid"], "d6fc3515-1720-5163-b227-01b44e75ea96", "the URL namespace given as a custom UUID");
}

#[test]
fn bad_input_is_one_line_exit_2_naming_the_flag() {
    for (args, flag) in [
        (vec!["simulate", "--events", "10", "--failure", "1.5"], "--failure"),
        (vec!["simulate", "--events", "0", "--failure", "0.5"], "--events"),
        (vec!["simulate", "--events", "99999999", "--failure", "0.5"], "--events"),
        (vec!["simulate", "--events", "10", "--failure", "0.5", "--retries", "50"], "--retries"),
        (vec!["schedule", "--base-s", "0"], "--base-s"),
        (vec!["uuid5", "--namespace", "mars", "--key", "x"], "--namespace"),
        (vec!["uuid5", "--key", ""], "--key"),
    ] {
        let output = retry_lab(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(flag) && stderr.contains("must be"), "{args:?}: {stderr}");
    }
}
