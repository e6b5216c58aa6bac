#![cfg(not(target_arch = "wasm32"))]
//! Outages and interventions: the numbers of the lesson-000 story (base 30 s,
//! six retries, one event, no chance failures).

use retry_lab_core::{Engine, FailureKind, Follow, Intervention, Outage, Outcome, Plan, Probability, SimConfig, Timed};

fn one_event(outage_end_s: u64, interventions: Vec<Timed>) -> Engine {
    let cfg = SimConfig { facts: 1, failure: Probability::ZERO, seed: 7, ..SimConfig::default() };
    let plan = Plan::new(vec![Outage { start_ms: 0, end_ms: outage_end_s * 1_000 }], interventions).unwrap();
    let mut engine = Engine::with_plan(cfg, plan).unwrap();
    engine.run_to_end();
    engine.check_invariants().unwrap();
    engine
}

fn times_s(engine: &Engine) -> Vec<u64> {
    engine.trace().iter().map(|a| a.at_ms / 1_000).collect()
}

#[test]
fn down_until_600_s_the_sixth_delivery_at_930_s_goes_through() {
    let engine = one_event(600, vec![]);
    assert_eq!(times_s(&engine), [0, 30, 90, 210, 450, 930]);
    let down = Outcome::Failed { kind: FailureKind::RequestLost, effect: false };
    assert!(engine.trace()[..5].iter().all(|a| a.outcome == down));
    assert_eq!(engine.trace()[5].outcome, Outcome::Processed);
    assert_eq!(engine.counters().effects, 1);
}

#[test]
fn down_until_2000_s_seven_deliveries_fail_and_it_dead_letters_at_1890_s() {
    let engine = one_event(2_000, vec![]);
    assert_eq!(times_s(&engine), [0, 30, 90, 210, 450, 930, 1_890]);
    assert_eq!(engine.trace()[6].follow, Follow::DeadLettered);
    assert_eq!(engine.dead_letters(), [0]);
}

#[test]
fn a_manual_retry_at_2100_s_is_delivered_on_the_eighth_delivery() {
    let retry = Timed { at_ms: 2_100_000, what: Intervention::RetryDeadLetter(0) };
    let engine = one_event(2_000, vec![retry]);
    assert_eq!(times_s(&engine), [0, 30, 90, 210, 450, 930, 1_890, 2_100]);
    assert_eq!(engine.trace()[7].outcome, Outcome::Processed);
    assert_eq!(engine.trace()[7].cycle_attempt, 1, "a new cycle of retries");
    assert_eq!(engine.counters().deliveries, 8);
    assert!(engine.dead_letters().is_empty());
    assert_eq!(engine.intervention_effects(), [true]);
}

#[test]
fn fixing_the_cause_ends_an_outage_and_a_retry_before_the_fix_fails_again() {
    // Fixed at 100 s: the retry due at 210 s goes through.
    let fix = Timed { at_ms: 100_000, what: Intervention::FixCause };
    let engine = one_event(2_000, vec![fix]);
    assert_eq!(times_s(&engine), [0, 30, 90, 210]);
    // Retried from dead-letter during the outage, before any fix: a new
    // cycle that fails again until the outage ends.
    let early = Timed { at_ms: 1_900_000, what: Intervention::RetryAllDeadLetters };
    let engine = one_event(2_000, vec![early]);
    assert_eq!(times_s(&engine)[7..], [1_900, 1_930, 1_990, 2_110]);
    assert_eq!(engine.trace().last().unwrap().outcome, Outcome::Processed);
}

#[test]
fn a_retry_of_an_event_not_in_dead_letter_changes_nothing() {
    let engine = one_event(600, vec![Timed { at_ms: 5_000_000, what: Intervention::RetryDeadLetter(0) }]);
    assert_eq!(times_s(&engine), [0, 30, 90, 210, 450, 930]);
    assert_eq!(engine.intervention_effects(), [false]);
}

#[test]
fn chance_stays_aligned_outside_the_outage() {
    // Outside the outage the same deliveries fail as without it: the plan
    // never shifts the random streams.
    let cfg = SimConfig { facts: 200, seed: 11, ..SimConfig::default() };
    let mut plain = Engine::new(cfg).unwrap();
    plain.run_to_end();
    let plan = Plan::new(vec![Outage { start_ms: 5_000_000, end_ms: 5_000_001 }], vec![]).unwrap();
    let mut planned = Engine::with_plan(cfg, plan).unwrap();
    planned.run_to_end();
    assert_eq!(plain.trace(), planned.trace(), "an outage after the run changes nothing");
}

/// A retry-all is one pass over the dead letters; it does exactly what
/// retrying each one in the list's order did (same trace, same counters).
#[test]
fn a_retry_all_equals_retrying_each_dead_letter_in_order() {
    let cfg = SimConfig {
        facts: 300,
        failure: Probability::from_ppm(900_000).unwrap(),
        seed: 11,
        record_trace: true,
        ..SimConfig::default()
    };
    let run = |each: bool| {
        let mut engine = Engine::new(cfg).unwrap();
        engine.run_to_end();
        assert!(engine.dead_letters().len() > 50, "the run parks many");
        if each {
            for event in engine.dead_letters().to_vec() {
                engine.retry_dead_letter(event).unwrap();
            }
        } else {
            engine.retry_all_dead_letters();
        }
        engine.run_to_end();
        engine.check_invariants().unwrap();
        (engine.trace_hash(), *engine.counters(), engine.dead_letters().to_vec())
    };
    assert_eq!(run(true), run(false));
}

/// Work over the budget is refused before the run, saying what to lower:
/// lesson 004's loop at a crash probability of 0.999999 over 10 M messages
/// (about 10^11 attempts), and a traced run with a thousand retry-alls.
#[test]
fn a_run_over_the_attempts_budget_is_refused_before_it_starts() {
    use retry_lab_core::ack_timing::AckTimingRun;
    use retry_lab_core::limits::ATTEMPTS_MAX;
    let crash = |ppm| AckTimingRun {
        messages: 10_000_000,
        crash: Probability::from_ppm(ppm).unwrap(),
        ..AckTimingRun::default()
    };
    let error = crash(999_999).validate().expect_err("refused");
    assert_eq!(error.field, "work");
    assert!(error.to_string().contains("lower crash probability"), "{error}");
    assert!(crash(999_999).loop_rows(Probability::ZERO).is_err(), "the written-out loop too");
    let lesson = crash(50_000);
    assert!(lesson.validate().is_ok());
    assert!(lesson.config(retry_lab_core::ack_timing::AckMode::After).attempts_bound(&Plan::default()) < ATTEMPTS_MAX);
    let traced = SimConfig { facts: 1_000, record_trace: true, ..SimConfig::default() };
    let retry_alls = vec![Timed { at_ms: 1, what: Intervention::RetryAllDeadLetters }; 1_000];
    assert!(Engine::with_plan(traced, Plan::new(vec![], retry_alls).unwrap()).is_err());
}
