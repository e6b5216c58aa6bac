//! The CLI as a course author runs it.

use std::process::{Command, Output};

use serde_json::Value;

fn retry_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_retry-lab")).args(args).output().unwrap()
}

/// A command line's words.
fn words(line: &str) -> Vec<&str> {
    line.split(' ').collect()
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
    let v = json(&words("simulate --events 1000 --failure 0.05 --seed 7 --rng python --requeue immediate --ack after --consumer idempotent --json"));
    for (key, expected) in [
        ("published", 1000),
        ("deliveries", 1060),
        ("effects", 1000),
        ("duplicates_discarded", 60),
        ("dead_lettered", 0),
        ("acknowledged", 1000),
        ("lost", 0),
    ] {
        assert_eq!(v[key], expected, "{key}");
    }
    let v = json(&words(
        "simulate --events 1000 --failure 0.05 --seed 7 --rng python --requeue immediate --ack before --json",
    ));
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
    let v = json(&[
        "uuid5",
        "--namespace",
        "6ba7b811-9dad-11d1-80b4-00c04fd430c8",
        "--key",
        "25544|2026-07-29T14:00:00Z",
        "--json",
    ]);
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

/// A bad value: one line on stderr naming the flag and its range, exit 2.
fn refused(args: &[&str], flag: &str) {
    let output = retry_lab(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(flag), "{args:?}: {stderr}");
}

const LESSON_LOOP: &str = include_str!("../../core/tests/support/lesson_004.py");

/// The table as CPython prints it for the lesson's loop (the run time left out).
fn cpython_table(messages: u32, crash: &str, seed: u64) -> Vec<Vec<u64>> {
    let output = Command::new("python3")
        .args(["-c", LESSON_LOOP, &messages.to_string(), crash, &seed.to_string()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| line.split(' ').take(4).map(|n| n.parse().unwrap()).collect())
        .collect()
}

#[test]
fn ack_table_prints_lesson_004_and_matches_cpython_for_several_seeds() {
    let v = json(&["ack-table", "--json"]);
    let row = |v: &Value, i: usize| {
        ["deliveries", "effects", "discarded", "lost"].map(|k| v["rows"][i][k].as_u64().unwrap()).to_vec()
    };
    assert_eq!((v["rows"][0]["mode"].as_str(), v["rows"][2]["mode"].as_str()), (Some("before"), Some("after_dedup")));
    assert_eq!(
        [row(&v, 0), row(&v, 1), row(&v, 2)],
        [vec![1_000, 942, 0, 58], vec![1_060, 1_060, 0, 0], vec![1_060, 1_000, 60, 0]]
    );
    for (messages, crash, seed) in [(1_000, "0.05", 7u64), (100, "0.5", 0), (2_000, "0.3", 42), (500, "0.8", 12_345)] {
        let v = json(&[
            "ack-table",
            "--messages",
            &messages.to_string(),
            "--crash",
            crash,
            "--seed",
            &seed.to_string(),
            "--json",
        ]);
        assert_eq!((0..3).map(|i| row(&v, i)).collect::<Vec<_>>(), cpython_table(messages, crash, seed), "seed {seed}");
    }
    assert_eq!(json(&["ack-table", "--preset", "lesson-004", "--json"]), json(&["ack-table", "--json"]));
    refused(&["ack-table", "--crash", "1"], "--crash");
    refused(&["ack-table", "--messages", "0"], "--messages");
}

/// Bug (d): immediate requeue kept the six-retry bound, so at high crash
/// rates it gave other numbers than the lesson's loop, which has no bound.
#[test]
fn immediate_requeue_has_no_binding_retry_bound() {
    let v = json(&[
        "simulate",
        "--events",
        "100",
        "--failure",
        "0.5",
        "--seed",
        "0",
        "--rng",
        "python",
        "--requeue",
        "immediate",
        "--consumer",
        "naive",
        "--json",
    ]);
    assert_eq!(v["deliveries"], cpython_table(100, "0.5", 0)[1][0], "the loop's 182");
    assert_eq!(v["deliveries"], 182);
    assert_eq!(v["dead_lettered"], 0);
}

#[test]
fn outages_and_interventions_reproduce_the_lesson_000_story() {
    let one = ["simulate", "--events", "1", "--failure", "0", "--json"];
    let run = |extra: &[&str]| json(&[&one[..], extra].concat());
    let v = run(&["--outage", "0..600"]);
    assert_eq!(
        (v["deliveries"].as_u64(), v["acknowledged"].as_u64(), v["end_ms"].as_u64()),
        (Some(6), Some(1), Some(930_000))
    );
    let v = run(&["--outage", "0..2000"]);
    assert_eq!(
        (v["deliveries"].as_u64(), v["dead_lettered"].as_u64(), v["end_ms"].as_u64()),
        (Some(7), Some(1), Some(1_890_000))
    );
    let v = run(&["--outage", "0..2000", "--retry-all-at", "2100"]);
    assert_eq!(
        (v["deliveries"].as_u64(), v["acknowledged"].as_u64(), v["manual_retries"].as_u64()),
        (Some(8), Some(1), Some(1))
    );
    let v = run(&["--outage", "0..2000", "--fix-at", "100"]);
    assert_eq!(v["deliveries"], 4, "fixed at 100 s: the retry at 210 s goes through");
    refused(&["simulate", "--events", "1", "--failure", "0", "--outage", "600..0"], "--outage");
    refused(&["simulate", "--events", "1", "--failure", "0", "--fix-at", "soon"], "--fix-at");
}

#[test]
fn presets_run_what_the_page_runs() {
    let v = json(&["simulate", "--preset", "outage-story", "--json"]);
    assert_eq!(
        (v["published"].as_u64(), v["acknowledged"].as_u64(), v["manual_retries"].as_u64()),
        (Some(10), Some(10), Some(10))
    );
    let v = json(&["simulate", "--preset", "consumer-down", "--json"]);
    assert_eq!(v["dead_lettered"], 10, "an hour down: every event in dead-letter");
    let v = json(&["simulate", "--preset", "flaky-acks", "--failure", "0", "--json"]);
    assert_eq!((v["events"].as_u64(), v["deliveries"].as_u64()), (Some(30), Some(30)), "a flag overrides the preset");
    refused(&["simulate", "--preset", "lesson-004"], "--preset");
    refused(&["simulate", "--events", "3"], "--failure");
}

#[test]
fn schedule_counts_attempts_as_lesson_003() {
    let v = json(&["schedule", "--base-ms", "200", "--attempts", "5", "--json"]);
    assert_eq!(v["waits_ms"], serde_json::json!([200, 400, 800, 1600]));
    assert_eq!(v["total_ms"], 3_000);
    // Full jitter: each wait below its bound.
    let v = json(&["schedule", "--base-ms", "200", "--attempts", "5", "--jitter", "full", "--seed", "9", "--json"]);
    let waits: Vec<f64> = v["waits_ms"].as_array().unwrap().iter().map(|w| w.as_f64().unwrap()).collect();
    assert_eq!(waits.len(), 4);
    for (wait, bound) in waits.iter().zip([200.0, 400.0, 800.0, 1600.0]) {
        assert!((0.0..bound).contains(wait), "seed 9: {waits:?}");
    }
    refused(&["schedule", "--base-ms", "0"], "--base-ms");
    refused(&["schedule", "--attempts", "11"], "--attempts");
}

#[test]
fn ack_table_names_its_semantics_and_breaks_effects_down_per_message() {
    let v = json(&["ack-table", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["semantics"].as_str().unwrap()).collect();
    assert_eq!(names, ["at-most-once", "at-least-once", "effect-once"]);
    // 942 messages once, 56 twice, 2 three times: 58 notified more than once.
    assert_eq!(rows[1]["effects_per_message"], serde_json::json!([0, 942, 56, 2]));
    // No crash at all: the broker's own duplicates still repeat effects, dedup keeps 1,000.
    let v = json(&["ack-table", "--crash", "0", "--broker-dups", "0.01", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    assert!(rows[1]["effects"].as_u64().unwrap() > 1_000);
    assert_eq!((rows[2]["effects"].as_u64(), rows[2]["lost"].as_u64()), (Some(1_000), Some(0)));
    refused(&["ack-table", "--broker-dups", "0.9"], "--broker-dups");
}

#[test]
fn double_publication_through_the_engine() {
    // Lesson 000: 20 facts published twice, no failure.
    let effects = |consumer: &str, ids: &str| {
        let v = json(&[
            "simulate",
            "--events",
            "20",
            "--failure",
            "0",
            "--publications",
            "2",
            "--ids",
            ids,
            "--consumer",
            consumer,
            "--json",
        ]);
        (v["effects"].as_u64().unwrap(), v["duplicates_discarded"].as_u64().unwrap())
    };
    assert_eq!(effects("naive", "uuid5"), (40, 0));
    assert_eq!(effects("idempotent", "random"), (40, 0), "two v4 ids: nothing to recognise");
    assert_eq!(effects("idempotent", "uuid5"), (20, 20));
}

/// The numbers in a text, as written ("1,890" → "1890", "0.2"), leaving
/// out what is quoted as code (ids, commands) and digits inside a word
/// ("uuid5", "v4", "CRC-32", "listing-42").
fn numbers_in(text: &str) -> Vec<String> {
    let prose: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = prose.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let before = |k: usize| k.checked_sub(1).map(|k| chars[k]);
        let in_word = before(i).is_some_and(char::is_alphabetic)
            || (before(i) == Some('-') && before(i - 1).is_some_and(char::is_alphabetic));
        let mut number = String::new();
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (matches!(chars[i], ',' | '.') && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
        {
            number.push(chars[i]);
            i += 1;
        }
        if !in_word {
            found.push(number.replace(',', ""));
        }
    }
    found
}

/// Every number the README's preset table states for a preset is one that
/// `retry-lab presets` gives for it (a result of its run, or one of its
/// parameters): an author's text cannot drift from the engine. The table is
/// prose, written where a preset deserves a sentence; the list of every
/// preset is the experiments table's (generated), so a new preset needs no
/// row here to be documented.
#[test]
fn the_readme_preset_table_states_what_the_presets_give() {
    let presets = json(&["presets", "--json"]);
    let presets = presets["presets"].as_array().unwrap();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/instructors.md")).unwrap();
    let table = readme.split("| preset | what it shows |").nth(1).expect("the instructors' preset table");
    let rows: Vec<&str> = table.lines().skip(2).take_while(|l| l.starts_with('|')).collect();
    let mut covered = Vec::new();
    for row in rows {
        let cells: Vec<&str> = row.split('|').collect();
        let codes: Vec<&str> = cells[1].split('`').skip(1).step_by(2).collect();
        let mut given = Vec::new();
        for code in &codes {
            let preset = presets
                .iter()
                .find(|p| p["preset"] == *code)
                .unwrap_or_else(|| panic!("README lists `{code}`, no such preset"));
            for field in ["numbers", "values"] {
                for value in preset[field].as_object().unwrap().values() {
                    // A parameter's value is a string; a number's words are its `text`.
                    given.extend(numbers_in(value.get("text").unwrap_or(value).as_str().unwrap_or_default()));
                }
            }
            covered.push(code.to_string());
        }
        for number in numbers_in(cells[3]) {
            assert!(
                given.contains(&number),
                "README's row for {codes:?} says {number}, which `retry-lab presets` does not give for them: {}",
                cells[3]
            );
        }
    }
    assert!(covered.len() > 50, "the table was read: {covered:?}");
}

#[test]
fn the_readme_check_fails_on_a_drifted_number() {
    // What the check above reads, shown to catch a number the engine does not give.
    assert_eq!(
        numbers_in("29 deliveries; 1,890–1,980 s; `0a0b-5109`; 0.2, 3.0 s; uuid5, v4, listing-42"),
        ["29", "1890", "1980", "0.2", "3.0"]
    );
    let given = numbers_in("deliveries 29 · effects 25");
    assert!(!numbers_in("30 deliveries").iter().all(|n| given.contains(n)));
}

/// `--preset` works on every kept subcommand, with its experiment's page
/// presets; flags given override it; another experiment's preset is refused.
#[test]
fn every_subcommand_takes_a_preset_of_its_experiment() {
    let cases: [(&[&str], &str, Value); 3] = [
        (&["schedule", "--preset", "lesson"], "total_s", 1_890.into()),
        (&["uuid5", "--preset", "double-publication"], "uuid", "0a0bdc21-c5ad-5109-8e6d-77d753878591".into()),
        (&["simulate", "--preset", "flaky-acks"], "deliveries", 50.into()),
    ];
    for (args, key, expected) in cases {
        let args: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        assert_eq!(json(&args)[key], expected, "{args:?}");
    }
    assert_eq!(json(&["ack-table", "--preset", "lesson-004", "--json"])["rows"][0]["lost"], 58);
    assert_eq!(json(&["ack-table", "--preset", "broker-duplicates", "--crash", "0", "--json"])["broker_dups"], 0.01);
    refused(&["schedule", "--preset", "storm"], "--preset");
    let err = String::from_utf8(retry_lab(&["schedule", "--preset", "storm"]).stderr).unwrap();
    assert!(err.contains("storm experiment"), "{err}");
}

/// One of `run`'s numbers, as its text output prints it.
fn run_number(args: &[&str], name: &str) -> String {
    let output = retry_lab(args);
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("{args:?}: no {name}\n{text}"));
    line[name.len()..].trim().to_owned()
}

/// `run` gives the lessons' numbers for the scenarios the retired
/// per-experiment subcommands once printed (each a link's pairs).
const RUN_CASES: [(&str, &str, &str); 13] = [
    ("run workers jobs=12 job_ms=100 job_workers=4", "done_at", "0.3 s"),
    ("run visibility job_s=600 visibility_s=30", "message_1_copies", "20"),
    ("run visibility job_s=60 visibility_s=900 max_receive=5 poison=hang", "to_the_dlq_at", "1 h 15 min"),
    ("run cursor log_events=100 batch=10 fault=crash-before-save fault_batch=5", "reads", "110"),
    ("run dedup tx_messages=1000 tx_crash=0.05 seed=7", "record_then_effect", "1,060 / 942 / 60 / 58"),
    ("run ttl --preset ttl-300", "processed_again_at", "450 s, 930 s"),
    ("run storm strategy_a=none seed=7", "a_collapses", "2"),
    (
        "run partitions partitions=3 keyed=listing-42,listing-7,listing-99",
        "crc32",
        "listing-42 → 2@0, listing-7 → 1@0, listing-99 → 2@1",
    ),
    ("run groups topic_partitions=12 group_consumers=20", "consumers_idle", "8"),
    ("run lag --preset exercise-9b", "catch_up_s", "75"),
    ("run fraud payments=6 processed=3", "add", "9"),
    (
        "run capacity peak_s=0 mean_rate=50 down_s=1200 cap_workers=1 worker_rate=60",
        "drain_s_after_the_workers_return",
        "6,000 s (1 h 40 min)",
    ),
    ("run capacity keda_messages=400 keda_queue_length=15 keda_job_s=20 keda_max=8", "keda_wanted", "27"),
];

#[test]
fn run_gives_the_lessons_numbers() {
    for (now, name, lesson) in RUN_CASES {
        let args: Vec<&str> = now.split(' ').collect();
        assert_eq!(run_number(&args, name), lesson, "{now}");
    }
    // The workers a restart loses (an earlier command once printed an underflow).
    assert_eq!(run_number(&["run", "workers", "--preset", "restart-in-memory"], "lost"), "100");
    // The subcommands `run` replaced are gone: clap names the unknown one.
    refused(&["stream", "lag"], "unrecognized subcommand");
}

/// Work the CLI would have done for minutes or aborted on (a 5 GiB
/// allocation, exit 134): refused before or within its budget, one line,
/// exit 2, in the page's words.
#[test]
fn runs_over_the_work_budget_exit_2_saying_what_to_lower() {
    refused(&["ack-table", "--crash", "0.999999", "--messages", "10000000"], "delivery attempts");
}

/// A retry-all over 100,000 dead letters, many times: one pass each (it was
/// a search per event, quadratic). The numbers: every event dead-lettered
/// at first, every one retried by each retry-all while it still fails.
#[test]
fn retry_all_takes_every_dead_letter_once() {
    let v = json(&[
        "simulate",
        "--events",
        "100000",
        "--failure",
        "1",
        "--retries",
        "0",
        "--publish-interval-ms",
        "0",
        "--retry-all-at",
        "10",
        "--retry-all-at",
        "20",
        "--json",
    ]);
    assert_eq!(v["manual_retries"], 200_000);
    assert_eq!(v["dead_lettered"], 100_000);
}

/// `retry-lab presets | head`: the reader closes the pipe before the CLI
/// writes; it exits 0 without a panic (it used to print a panic and a
/// backtrace). The pipe's read end is closed before the run starts, so the
/// write always meets a closed pipe.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_retry-lab")).args(["schedule"]).stdout(writer).output().expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
}

/// `retry-lab params` reads the page's registry: one experiment's
/// parameters with the page's ranges and defaults, every key the README's
/// URL table lists for an experiment, and a refusal naming the lab's codes.
#[test]
fn params_are_the_pages_own() {
    let age = json(&["params", "age", "--json"]);
    let age = age["params"].as_array().unwrap();
    let hold = age.iter().find(|p| p["key"] == "alert_hold_s").expect("the age alert's hold");
    assert_eq!((hold["range"].as_str(), hold["default"].as_str()), (Some("0–3,600 s"), Some("60")));
    assert!(age.iter().all(|p| p["experiment"] == "age"), "only age's");
    let all = json(&["params", "--json"]);
    let keys: std::collections::HashSet<String> =
        all["params"].as_array().unwrap().iter().map(|p| p["key"].as_str().unwrap().to_owned()).collect();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/reference.md")).unwrap();
    for key in ["keda_max", "copies", "replay_h", "waits_poll_ms", "seed"] {
        assert!(keys.contains(key) && readme.contains(&format!("`{key}`")), "{key}");
    }
    let tx = all["params"].as_array().unwrap().iter().find(|p| p["key"] == "tx_crash").unwrap();
    assert_eq!(tx["range"], "0–0.99", "a ratio's range as the link writes it");
    refused(&["params", "nonesuch"], "retries, uuid5");
}

/// `run` is the page: every preset, run through the link decoder, gives the
/// numbers `presets` gives (both from the registry, so neither can drift
/// from the page), and its export's tables.
#[test]
fn run_reproduces_every_presets_numbers() {
    let presets = json(&["presets", "--json"]);
    let presets = presets["presets"].as_array().expect("a list");
    assert!(presets.len() > 80, "{} presets", presets.len());
    for preset in presets {
        let (code, experiment) = (preset["preset"].as_str().unwrap(), preset["experiment"].as_str().unwrap());
        let run = json(&["run", experiment, "--preset", code, "--json"]);
        let numbers: serde_json::Map<String, Value> = run["numbers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| {
                let typed = serde_json::json!({ "value": n["value"], "unit": n["unit"], "text": n["text"] });
                (n["name"].as_str().unwrap().to_owned(), typed)
            })
            .collect();
        assert_eq!(Value::Object(numbers), preset["numbers"], "run {experiment} --preset {code}");
        // Typed: a count is a JSON number, a time a number of seconds.
        for n in run["numbers"].as_array().unwrap() {
            if n["unit"] == "s" && !n["value"].is_null() && !n["value"].is_array() {
                assert!(n["value"].is_number(), "{code}: {n}");
            }
        }
        assert_eq!(run["experiment"], experiment, "{code}");
        assert!(run["link"].as_str().unwrap().contains(&format!("preset={code}")), "{code}: {}", run["link"]);
        assert_eq!(run["tables"].as_array().unwrap().last().unwrap()["name"], "totals", "{code}");
    }
}

/// A link's values override the preset; a pasted link runs as the page
/// opens it; a bad value, an unknown experiment, another experiment's
/// preset or an unknown table exit 2 with one line saying why.
#[test]
fn run_takes_link_values_and_refuses_what_the_page_would_not_take() {
    let text =
        String::from_utf8(retry_lab(&["run", "visibility", "--preset", "exercise-5", "visibility_s=480"]).stdout)
            .unwrap();
    assert!(text.contains("message_1_copies             1"), "exercise 5's rule: one copy\n{text}");
    let eight = String::from_utf8(
        retry_lab(&["run", "https://host/lab/lesson-004/?v=3&preset=exercise-5&exp=visibility"]).stdout,
    )
    .unwrap();
    assert!(eight.contains("message_1_copies             8"), "the lesson's 8 copies\n{eight}");
    let csv = String::from_utf8(retry_lab(&["run", "visibility", "--preset", "exercise-5", "--csv", "totals"]).stdout)
        .unwrap();
    assert!(csv.contains("\nname,item,value,unit\r\n") && csv.contains("message_1_received_at,2,30,s"), "{csv}");
    for (args, says) in [
        (&["run", "visibility", "visibility_s=99999999"][..], "out of range"),
        (&["run", "nope"], "no experiment"),
        (&["run", "storm", "--preset", "exercise-5"], "is visibility's, not storm's"),
        (&["run", "visibility", "visibility_s=99999"], "out of range (1–43,200 s); the page would use 43200"),
        (&["run", "visibility", "--csv", "nope"], "its tables: receives"),
        (&["run", "visibility", "seed"], "not KEY=VALUE"),
        // What the CLI did, not what the page does: nothing ran, no default was used.
        (&["run", "retries", "lang=xx"], "lang=xx: not valid (es, en); nothing was run"),
        (&["run", "retries", "zzz=1"], "zzz: unknown parameter; nothing was run"),
    ] {
        let output = retry_lab(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(says) && stderr.lines().count() == 1, "{args:?}: {stderr}");
    }
}

/// `params --markdown` and `experiments --markdown` print the reference's
/// tables, from the same functions `tests/registry.rs` writes them with
/// into `docs/reference.md` (whose freshness is that generator's to check).
#[test]
fn the_markdown_tables_are_the_references() {
    use retry_lab_web::catalog::{experiments_markdown, params_markdown};
    for (args, table, probe) in [
        (&["params", "--markdown"][..], params_markdown(None), "| `visibility_s` |"),
        (&["experiments", "--markdown"], experiments_markdown(), "| `dlq` | `./lesson-004-ops/` |"),
    ] {
        let output = retry_lab(args);
        assert!(output.status.success() && table.contains(probe), "{args:?}");
        assert_eq!(String::from_utf8(output.stdout).unwrap().trim_end(), table, "{args:?}");
    }
}

/// `sweep` prints the page's sweep (`sweep::Plan`, the numbers the sweep
/// page shows): the same JSON as the library's report, a CSV row per point,
/// and the page's words for what cannot be swept.
#[test]
fn sweep_is_the_pages_sweep() {
    use retry_lab_web::sweep::Plan;
    for (args, query, axis, seeds) in [
        (&["sweep", "retries", "failure=0.5", "--seeds", "30", "--json"][..], "v=3&exp=retries&failure=0.5", None, 30),
        (&["sweep", "storm", "--param", "clients", "--seeds", "4", "--json"][..], "v=3&exp=storm", Some("clients"), 4),
        (
            &["sweep", "https://lab.example/lesson-004/?v=3&exp=ack&crash=0.1", "--seeds", "10", "--json"][..],
            "v=3&exp=ack&crash=0.1",
            None,
            10,
        ),
    ] {
        let printed = json(args);
        let plan = Plan::of_link(query, axis, seeds).unwrap();
        let expected: Value = serde_json::from_str(&plan.report(plan.run()).json()).unwrap();
        assert_eq!(printed, expected, "{args:?}");
    }
    let v = json(&["sweep", "retries", "--json"]);
    assert_eq!(v["points"].as_array().map(Vec::len), Some(200), "200 seeds by default");
    let csv =
        String::from_utf8(retry_lab(&["sweep", "ack", "--param", "crash", "--seeds", "3", "--csv"]).stdout).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "seed,crash,after_repeated,before_lost,after_dedup_discarded,link");
    assert_eq!(lines.len(), 1 + 21 * 3, "{csv}");
    assert!(lines[1].starts_with("1,0,0,0,0,v=4&") && lines[1].contains("seed=1"), "{}", lines[1]);
    for (args, said) in [
        (&["sweep", "visibility"][..], "does not depend on the seed"),
        (&["sweep", "retries", "--param", "clients"][..], "not a parameter this experiment can sweep"),
        (&["sweep", "retries", "failure=2"][..], "failure"),
    ] {
        let output = retry_lab(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(said),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// A sweep has a work budget: a plan over it is refused in one line, at
/// once (nothing runs: the refusal comes before the first point), with what
/// to lower; the page's sweep worker refuses it in the same words.
#[test]
fn a_sweep_over_its_work_budget_is_refused_before_it_runs() {
    for args in [
        &["sweep", "ack", "messages=100000", "crash=0.99", "--param", "crash", "--seeds", "1000", "--csv"][..],
        &["sweep", "retries", "events=1000", "retries=10", "base=1", "--param", "failure", "--seeds", "1000", "--csv"],
    ] {
        let output = retry_lab(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}: nothing printed but the refusal");
        assert!(
            stderr.contains("a sweep does at most 10⁸. Lower the seeds to ")
                && stderr.trim_end().ends_with("Nothing was run."),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    let ack = String::from_utf8_lossy(
        &retry_lab(&["sweep", "ack", "messages=100000", "crash=0.99", "--param", "crash", "--seeds", "1000"]).stderr,
    )
    .into_owned();
    assert!(ack.starts_with("error: 1,000 seeds × 21 values, with “Messages” at 100,000: about "), "{ack}");
}
