//! Every experiment's guided tasks: each has a witness (a link, and for
//! one an action) under which its check holds, none holds at its
//! experiment's defaults, and the reducer records one only once a learner's
//! action makes it hold. A task added without a witness fails here.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;

use retry_lab_web::experiments::uuid5;
use retry_lab_web::i18n::Lang;
use retry_lab_web::lab::{Action, LabState};
use retry_lab_web::link::decode;
use retry_lab_web::registry::{Experiment, UnitAction};
use retry_lab_web::tasks::{Progress, TaskFilter};

/// The lab a link opens (the seed is in the link, or the default one).
fn lab(query: &str) -> LabState {
    let (link, notices) = decode(query);
    assert!(notices.is_empty(), "{query}: {notices:?}");
    LabState::new(&link.to_init(&[], Vec::new()))
}

fn holds(state: &LabState, code: &str) -> bool {
    let tasks = state.units.tasks(&state.params, state.open, Lang::Es);
    tasks.iter().find(|t| t.code == code).unwrap_or_else(|| panic!("{code}: not a task of {}", state.open.code())).holds
}

/// A task's witness: the link, then an action if the link cannot say it.
fn witness(code: &str) -> (&'static str, Option<Action>) {
    let link = match code {
        "retries-recover" => "exp=retries&events=10&failure=0&down=0-3600&do=fix@2100,retry:1@2100,retry:2@2100,retry:3@2100,retry:4@2100,retry:5@2100,retry:6@2100,retry:7@2100,retry:8@2100,retry:9@2100,retry:10@2100&at=4000",
        "retries-naive-extra" => "exp=retries&failure=0.4&ack_lost=0.9&events=30&seed=31&at=3000",
        "retries-exhausted" => "exp=retries&failure=0.9&seed=404&at=3000",
        "uuid5-other-pass" => "exp=uuid5&norad=33591",
        "uuid5-namespace" => "exp=uuid5&ns=url",
        "uuid5-invalid" => {
            let typed = uuid5::Action::SetStartUtcInput("2026-07-29T14:00:00".into());
            return ("exp=uuid5", Some(Action::Unit(UnitAction::DoublePublication(typed))));
        }
        "publish-failing" => "exp=publish&pub_failure=0.3",
        "publish-once" => "exp=publish&pubs=1",
        "cursor-crash" => "exp=cursor&fault=crash-before-save",
        "cursor-late-loss" => "exp=cursor&fault_batch=8",
        "dedup-one-duplicate" => "exp=dedup&seq_consumer=ack-after&seq_crash=2",
        "dedup-record-first" => "exp=dedup&tx_crash=0.2",
        "dedup-unique" => "exp=dedup&unique=on",
        "ttl-cover" => "exp=ttl&acks_lost=6&ttl_s=1890",
        "ttl-never" => "exp=ttl&ttl_s=0",
        "desired-once" => "exp=desired&copies=1",
        "age-dlq" => "exp=age&age_max_receive=5",
        "waits-fast-job" => "exp=waits&waits_job_ms=50",
        "waits-long-outage" => "exp=waits&waits_down_to_s=30",
        "age-two-hours" => "exp=age&age_job_s=1440",
        "size-claim-check" => "exp=size&claim_check=on",
        "size-sqs-2025" => "exp=size&payload_kib=300",
        "retention-a-year" => "exp=retention&replay_h=8760",
        "retention-latest" => "exp=retention&reader_start=latest",
        "desired-late-copy" => "exp=desired&unblock_s=60",
        "failsafe-enrichment-down" => "exp=failsafe&enrich_failure=0.5",
        "failsafe-no-blind" => "exp=failsafe&context_failure=0",
        "storm-budget" => "exp=storm&budget=on",
        "storm-shedding" => "exp=storm&dependency=shedding",
        "storm-breaker" => "exp=storm&breaker=on",
        "timeouts-bulkheads" => "exp=timeouts&pools=separate",
        "timeouts-no-waste" => "exp=timeouts&timeout_ms=250",
        "backpressure-survive" => "exp=backpressure&policy=drop-oldest&buffer=10000",
        "backpressure-no-loss" => "exp=backpressure&policy=slow&buffer=10000",
        "ack-crash-20" => "exp=ack&crash=0.2",
        "ack-broker-dups" => "exp=ack&broker_dups=0.05",
        "workers-pdf" => "exp=workers&jobs=200&job_ms=1000&job_workers=20",
        "workers-restart" => "preset=restart-in-memory",
        "visibility-one-copy" => "exp=visibility&job_s=240&visibility_s=240",
        "visibility-heartbeat" => "exp=visibility&job_s=2400&visibility_s=120&heartbeat_s=60",
        "dlq-redrive-early" => "preset=redrive-before-fix",
        "dlq-none" => "preset=no-dlq",
        "partitions-resize" => "preset=exercise-9-resize",
        "partitions-one" => "exp=partitions&partitions=1",
        "groups-crash-rereads" => "preset=kill-consumer",
        "groups-commit-first" => "preset=commit-first",
        "fraud-late" => "preset=exercise-10-late",
        "fraud-lucky" => "exp=fraud&processed=0",
        "lag-exercise-9" => "preset=exercise-9b",
        "lag-more-consumers" => "preset=more-consumers",
        "capacity-promise" => "exp=capacity&cap_workers=18",
        "capacity-keda" => "exp=capacity&keda_max=27",
        other => panic!("{other}: a task without a witness in tests/tasks.rs"),
    };
    (link, None)
}

#[test]
fn every_experiment_has_two_to_five_tasks_in_both_languages() {
    let mut codes = HashSet::new();
    for &e in Experiment::ALL {
        let state = lab(&format!("exp={}", e.code()));
        let (es, en) = (state.units.tasks(&state.params, e, Lang::Es), state.units.tasks(&state.params, e, Lang::En));
        assert!((2..=5).contains(&es.len()), "{}: {} tasks", e.code(), es.len());
        for (t_es, t_en) in es.iter().zip(&en) {
            assert!(codes.insert(t_es.code), "{}: task code used twice", t_es.code);
            for (a, b) in [(t_es.text.goal, t_en.text.goal), (t_es.text.hint, t_en.text.hint), (t_es.text.why, t_en.text.why)] {
                assert!(!a.is_empty() && !b.is_empty() && a != b, "{}: a text is missing or untranslated", t_es.code);
            }
        }
    }
}

#[test]
fn each_task_holds_under_its_witness_and_not_at_the_defaults() {
    for &e in Experiment::ALL {
        let defaults = lab(&format!("exp={}", e.code()));
        for task in defaults.units.tasks(&defaults.params, e, Lang::Es) {
            assert!(!task.holds, "{}: holds at {}'s defaults (seed {})", task.code, e.code(), defaults.params.shared.seed);
            let (link, action) = witness(task.code);
            let mut state = lab(link);
            assert_eq!(state.open, e, "{}: the witness opens {}", task.code, e.code());
            if let Some(action) = action {
                assert!(!holds(&state, task.code), "{}: holds before its action", task.code);
                state = state.reduce(action);
            }
            assert!(holds(&state, task.code), "{}: does not hold under {link} (seed {})", task.code, state.params.shared.seed);
        }
    }
}

/// Tasks that ask for "the shortest" hold there and not above it.
#[test]
fn the_shortest_is_the_shortest() {
    assert!(!holds(&lab("exp=ttl&acks_lost=6&ttl_s=1950"), "ttl-cover"), "a minute above 1,890 s is not the shortest");
    assert!(!holds(&lab("exp=ttl&acks_lost=6&ttl_s=1889"), "ttl-cover"), "1,889 s lets the last retry through");
}

/// Exercise 5's task takes every answer the lesson gives: from the job's
/// length (240 s) to the rule's twice the p99 (480 s); not a timeout that
/// still makes copies, nor one past the rule.
#[test]
fn exercise_5_accepts_the_lessons_answers() {
    for ok in [240, 300, 480] {
        assert!(holds(&lab(&format!("exp=visibility&job_s=240&visibility_s={ok}")), "visibility-one-copy"), "{ok} s");
    }
    for no in [239, 481, 30] {
        assert!(!holds(&lab(&format!("exp=visibility&job_s=240&visibility_s={no}")), "visibility-one-copy"), "{no} s");
    }
}

#[test]
fn the_reducer_records_a_task_when_a_learners_action_makes_it_hold_and_keeps_it() {
    let state = lab("exp=dedup");
    assert!(state.task_list(&TaskFilter::All).iter().all(|(_, done)| !done));
    let on = state.reduce(Action::Set { key: "unique", value: retry_lab_web::params::Value::Int(1) });
    assert!(on.progress.contains("dedup", "dedup-unique"), "recorded when it holds");
    let off = on.reduce(Action::Set { key: "unique", value: retry_lab_web::params::Value::Int(0) });
    assert!(!holds(&off, "dedup-unique"), "the condition no longer holds");
    assert!(off.progress.contains("dedup", "dedup-unique"), "but the task stays done");
    assert_eq!(off.task_list(&TaskFilter::All).iter().filter(|(_, done)| *done).count(), 1);
    let cleared = off.reduce(Action::ClearTasks);
    assert!(!cleared.progress.contains("dedup", "dedup-unique"));
    // A link that already satisfies a task records nothing until the learner acts.
    let given = lab("exp=dedup&unique=on");
    assert_eq!(given.progress, Progress::default());
    // The filter an author set: only the named task, or none.
    let only = TaskFilter::Only(vec!["dedup-unique"]);
    assert_eq!(on.task_list(&only).len(), 1);
    assert!(on.task_list(&TaskFilter::Off).is_empty());
}

#[test]
fn hints_wait_for_a_few_tries_on_the_open_experiment() {
    use retry_lab_web::lab::HINT_AFTER_TRIES;
    let mut state = lab("exp=ttl");
    for n in 0..HINT_AFTER_TRIES {
        assert_eq!(state.tries, n);
        state = state.reduce(Action::Set { key: "acks_lost", value: retry_lab_web::params::Value::Int(u64::from(n % 3)) });
    }
    assert!(state.tries >= HINT_AFTER_TRIES);
    let state = state.reduce(Action::SetLang(Lang::En));
    assert!(state.tries >= HINT_AFTER_TRIES, "the language is not a try");
    let state = state.reduce(Action::Open(Experiment::parse("dedup").expect("dedup")));
    assert_eq!(state.tries, 0, "another experiment starts again");
}

#[test]
fn a_language_or_a_tab_completes_nothing() {
    let given = lab("exp=dedup&unique=on");
    let state = given.reduce(Action::SetLang(Lang::En));
    assert_eq!(state.progress, Progress::default(), "the language is not the learner's doing");
    let state = state.reduce(Action::Open(Experiment::parse("ttl").expect("ttl"))).reduce(Action::Open(Experiment::parse("dedup").expect("dedup")));
    assert_eq!(state.progress, Progress::default(), "nor is opening a tab");
}

/// No task completes on an untouched default run played to its end (lesson
/// 000's task 2 did, by pressing Play: the default already loses acks).
#[test]
fn playing_the_default_run_completes_no_task() {
    // The bare page opens the story (outage, dead-letter, fix, retry all); the lesson's defaults too.
    for (experiment, query) in [("retries", "exp=retries&at=100000"), ("retries", "exp=retries&v=3&events=20&at=100000")] {
        let state = lab(query);
        for code in ["retries-recover", "retries-naive-extra", "retries-exhausted"] {
            assert!(!holds(&state, code), "{experiment}: {code} holds on the default run at its end");
        }
    }
    assert!(holds(&lab("exp=retries&ack_lost=0.6&at=100000"), "retries-naive-extra"), "raised by the learner, it does");
}
