#![cfg(not(target_arch = "wasm32"))]
//! Python-compatible mode against CPython itself: the lesson-004 loop run by
//! `python3` and by the engine must print the same numbers for any seed.

use std::process::Command;

use retry_lab_core::ack_timing::{AckMode, AckTimingRun};
use retry_lab_core::{Probability, RngKind};

/// The lesson's loop, shared with the bench (`cli/src/bench.rs`).
const LESSON_LOOP: &str = include_str!("support/lesson_004.py");

#[test]
fn python_mode_matches_cpython_for_other_seeds() {
    for (messages, crash, seed) in
        [(1_000, "0.05", 1u64), (500, "0.3", 42), (2_000, "0.5", 2_026), (300, "0.8", 12_345_678_901)]
    {
        let output = Command::new("python3")
            .args(["-c", LESSON_LOOP, &messages.to_string(), crash, &seed.to_string()])
            .output()
            .expect("python3 is part of this machine kind; the Python-compatible mode is checked against it");
        assert!(output.status.success(), "python3 failed: {}", String::from_utf8_lossy(&output.stderr));
        // Each line ends with the run's time, which is not compared.
        let expected: String = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| format!("{}\n", line.rsplit_once(' ').unwrap().0))
            .collect();
        let run = AckTimingRun { messages, crash: Probability::parse(crash).unwrap(), seed, rng: RngKind::Python };
        let got: String = AckMode::ALL
            .iter()
            .map(|&mode| {
                let row = run.run(mode).unwrap();
                format!("{} {} {} {}\n", row.deliveries, row.effects, row.duplicates_discarded, row.lost)
            })
            .collect();
        assert_eq!(got, expected, "seed {seed}, {messages} messages, crash {crash}");
    }
}

/// Lesson 001's placements of the dedup record, in the lesson-004 loop.
const DEDUP_RECORD_LOOP: &str = include_str!("support/dedup_record.py");

#[test]
fn dedup_record_placements_match_cpython() {
    use retry_lab_core::dedup_record::{DedupRecordRun, Placement};
    for (messages, crash, seed) in [(1_000, "0.05", 7u64), (1_000, "0.05", 1), (500, "0.3", 42), (800, "0.6", 2_026)] {
        let output = Command::new("python3")
            .args(["-c", DEDUP_RECORD_LOOP, &messages.to_string(), crash, &seed.to_string()])
            .output()
            .expect("python3 is part of this machine kind");
        assert!(output.status.success(), "python3 failed: {}", String::from_utf8_lossy(&output.stderr));
        let expected = String::from_utf8(output.stdout).unwrap();
        let run = DedupRecordRun { messages, crash: Probability::parse(crash).unwrap(), seed, rng: RngKind::Python };
        let got: String = Placement::ALL
            .iter()
            .map(|&p| {
                let row = run.run(p);
                format!("{} {} {} {}\n", row.deliveries, row.effects, row.discarded, row.lost)
            })
            .collect();
        assert_eq!(got, expected, "seed {seed}, {messages} messages, crash {crash}");
    }
}

/// The CRC-32 partitioner against Python's own `zlib.crc32(key) % P`.
#[test]
fn crc32_partitions_match_zlib() {
    use retry_lab_core::stream::{partition_of, KeyHash};
    let keys = ["listing-42", "listing-7", "listing-99", "", "card-4242|2026-11-30T10", "ñandú"];
    let script = "import sys, zlib\nfor k in sys.argv[1:]: print(zlib.crc32(k.encode()) % 7)";
    let output = Command::new("python3").args(["-c", script]).args(keys).output().expect("python3");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let expected: Vec<u32> = String::from_utf8(output.stdout).unwrap().lines().map(|l| l.parse().unwrap()).collect();
    let got: Vec<u32> = keys.iter().map(|k| partition_of(k.as_bytes(), 7, KeyHash::Crc32)).collect();
    assert_eq!(got, expected);
}
