#![cfg(not(target_arch = "wasm32"))]
//! Property tests: the engine's invariants hold for any config, any seed and
//! any interleaving of steps and manual retries. A failing case prints its
//! config, seed included, which reproduces it exactly.

use proptest::prelude::*;
use retry_lab_core::{
    AckTiming, Backoff, ConsumerMode, Engine, IdScheme, Intervention, Jitter, Namespace, Outage, Plan, Probability,
    Requeue, RngKind, SimConfig, Status, Timed,
};

fn probability() -> impl Strategy<Value = Probability> {
    prop_oneof![
        Just(Probability::ZERO),
        Just(Probability::ONE),
        (0u32..=Probability::SCALE_PPM).prop_map(|ppm| Probability::from_ppm(ppm).unwrap()),
    ]
}

prop_compose! {
    fn config()(
        seed in any::<u64>(),
        python in any::<bool>(),
        facts in 1u32..120,
        publications_per_fact in 1u32..=2,
        derived in any::<bool>(),
        failure in probability(),
        ack_lost_share in probability(),
        base_s in 1u32..=120,
        retries_max in 0u32..=8,
        jitter in prop::sample::select(Jitter::ALL.to_vec()),
        immediate in any::<bool>(),
        ack_before in any::<bool>(),
        naive in any::<bool>(),
        publish_interval_ms in 0u64..=60_000,
    ) -> SimConfig {
        SimConfig {
            seed,
            rng: if python { RngKind::Python } else { RngKind::Pcg },
            facts,
            publications_per_fact,
            id_scheme: if derived { IdScheme::Derived(Namespace::Dns) } else { IdScheme::Random },
            failure,
            ack_lost_share,
            backoff: Backoff { base_s, retries_max, jitter },
            requeue: if immediate { Requeue::Immediate } else { Requeue::Backoff },
            ack: if ack_before { AckTiming::Before } else { AckTiming::After },
            consumer: if naive { ConsumerMode::Naive } else { ConsumerMode::Idempotent },
            publish_interval_ms,
            record_trace: true,
        }
    }
}

/// Outages and interventions anywhere in the first hour or so: before,
/// during and after the deliveries, some aimed at events that are never
/// dead-lettered (they must change nothing).
fn plan() -> impl Strategy<Value = Plan> {
    let outage = (0u64..3_000_000, 1u64..2_000_000)
        .prop_map(|(start_ms, len_ms)| Outage { start_ms, end_ms: start_ms + len_ms });
    let what = prop_oneof![
        Just(Intervention::FixCause),
        Just(Intervention::RetryAllDeadLetters),
        (0u32..240).prop_map(Intervention::RetryDeadLetter),
    ];
    let timed = (0u64..4_000_000, what).prop_map(|(at_ms, what)| Timed { at_ms, what });
    (prop::collection::vec(outage, 0..3), prop::collection::vec(timed, 0..5))
        .prop_map(|(outages, interventions)| Plan::new(outages, interventions).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The invariants hold under any plan, checked after every step.
    #[test]
    fn invariants_hold_under_any_plan(cfg in config(), plan in plan()) {
        let seed = cfg.seed;
        let mut engine = Engine::with_plan(cfg, plan.clone()).unwrap();
        while engine.step().is_some() {
            if let Err(broken) = engine.check_invariants() {
                prop_assert!(false, "seed {seed}, plan {plan:?}: {broken}");
            }
        }
        // Every intervention was applied by the end, and a fix before the
        // end means no attempt failed after it.
        prop_assert_eq!(engine.intervention_effects().len(), plan.interventions().len(), "seed {}", seed);
        if let Some(fixed_ms) = plan.fixed_from_ms() {
            let failed_after_fix = engine.trace().iter().any(|a| a.at_ms >= fixed_ms && a.follow != retry_lab_core::Follow::Done);
            prop_assert!(!failed_after_fix, "seed {seed}, plan {plan:?}: a failure after the fix");
        }
    }

    /// Nothing lost, no duplicate effect with an idempotent consumer, retries
    /// bounded: checked after every single step and every manual retry.
    #[test]
    fn invariants_hold_at_every_step(cfg in config(), retry_plan in prop::collection::vec(any::<u8>(), 0..4)) {
        let seed = cfg.seed;
        let mut engine = Engine::new(cfg).unwrap();
        let mut steps = 0u64;
        for retry_round in retry_plan.iter().map(|r| *r % 3).chain([3]) {
            while engine.step().is_some() {
                steps += 1;
                prop_assert!(steps < 10_000_000, "seed {seed}: run does not end");
                if let Err(broken) = engine.check_invariants() {
                    prop_assert!(false, "seed {seed}, step {steps}: {broken}");
                }
            }
            // At rest nothing is in flight or waiting.
            let census = engine.census();
            prop_assert_eq!(census.in_flight + census.waiting + census.unpublished, 0, "seed {}", seed);
            match retry_round {
                0 => { engine.retry_all_dead_letters(); }
                1 => if let Some(&event) = engine.dead_letters().first() {
                    prop_assert!(engine.retry_dead_letter(event).is_ok(), "seed {}", seed);
                    let rescheduled = matches!(engine.status(event), Status::Scheduled { .. });
                    prop_assert!(rescheduled, "seed {}: retried event not scheduled", seed);
                },
                _ => {}
            }
            if let Err(broken) = engine.check_invariants() {
                prop_assert!(false, "seed {seed} after manual retry: {broken}");
            }
        }
        let c = engine.counters();
        prop_assert_eq!(c.acknowledged + c.dead_lettered, c.published, "seed {}", seed);
        if cfg.ack == AckTiming::After {
            prop_assert_eq!(c.lost, 0, "seed {}", seed);
        }
        if cfg.failure == Probability::ZERO {
            prop_assert_eq!(c.deliveries, u64::from(c.published), "seed {}", seed);
        }
    }

    /// Same config, same trace; the consumer never changes which attempts fail.
    #[test]
    fn runs_are_reproducible_and_consumer_independent(cfg in config()) {
        let run = |cfg: SimConfig| {
            let mut engine = Engine::new(cfg).unwrap();
            engine.run_to_end();
            (engine.trace().to_vec(), engine.trace_hash(), *engine.counters())
        };
        let (trace_a, hash_a, counters_a) = run(cfg);
        let (trace_b, hash_b, _) = run(cfg);
        prop_assert_eq!(&trace_a, &trace_b, "seed {}", cfg.seed);
        prop_assert_eq!(hash_a, hash_b);
        let other = if cfg.consumer == ConsumerMode::Naive { ConsumerMode::Idempotent } else { ConsumerMode::Naive };
        let (trace_c, _, counters_c) = run(SimConfig { consumer: other, ..cfg });
        prop_assert_eq!(counters_a.deliveries, counters_c.deliveries, "seed {}", cfg.seed);
        let schedule = |t: &[retry_lab_core::Attempt]| t.iter().map(|a| (a.at_ms, a.event, a.follow)).collect::<Vec<_>>();
        prop_assert_eq!(schedule(&trace_a), schedule(&trace_c), "seed {}", cfg.seed);
        // The naive consumer never has fewer effects.
        let (naive, idem) = if cfg.consumer == ConsumerMode::Naive { (counters_a, counters_c) } else { (counters_c, counters_a) };
        prop_assert!(naive.effects >= idem.effects, "seed {}", cfg.seed);
        prop_assert_eq!(naive.effects, idem.effects + idem.duplicates_discarded, "seed {}", cfg.seed);
    }

    /// One attempt at a time, the clock advanced in slices (as the page does)
    /// and one run to the end are the same computation: each call works on
    /// its own copy of the engine's hot state, so a copy not written back
    /// would show here as a different trace or different counters.
    #[test]
    fn stepping_slicing_and_running_to_the_end_agree(cfg in config(), plan in plan(), slice_ms in 1u64..=600_000) {
        let make = || Engine::with_plan(cfg, plan.clone()).unwrap();
        let mut whole = make();
        whole.run_to_end();
        let mut stepped = make();
        while stepped.step().is_some() {}
        let mut sliced = make();
        let mut clock_ms = 0;
        while let Some(due_ms) = sliced.next_due_ms() {
            // At least one attempt or intervention per slice, however far off the next one is.
            clock_ms = (clock_ms + slice_ms).max(due_ms);
            let applied_before = sliced.intervention_effects().len();
            let attempts = sliced.run_until(clock_ms);
            let progressed = attempts > 0 || sliced.intervention_effects().len() > applied_before;
            prop_assert!(progressed, "seed {}: a slice did nothing", cfg.seed);
            prop_assert_eq!(sliced.now_ms(), clock_ms, "seed {}", cfg.seed);
        }
        prop_assert_eq!(stepped.intervention_effects(), whole.intervention_effects(), "seed {}", cfg.seed);
        prop_assert_eq!(sliced.intervention_effects(), whole.intervention_effects(), "seed {}", cfg.seed);
        for (how, engine) in [("stepped", &stepped), ("sliced", &sliced)] {
            prop_assert_eq!(engine.trace(), whole.trace(), "seed {}, {}", cfg.seed, how);
            prop_assert_eq!(engine.trace_hash(), whole.trace_hash(), "seed {}, {}", cfg.seed, how);
            prop_assert_eq!(engine.counters(), whole.counters(), "seed {}, {}", cfg.seed, how);
            prop_assert_eq!(engine.census(), whole.census(), "seed {}, {}", cfg.seed, how);
        }
    }

    /// Ids are interned correctly: two events share an id slot exactly when
    /// their UUIDs are equal.
    #[test]
    fn id_slots_match_uuid_equality(cfg in config()) {
        let engine = Engine::new(SimConfig { facts: cfg.facts.min(40), ..cfg }).unwrap();
        let n = engine.config().published_total();
        for a in 0..n {
            for b in 0..n {
                prop_assert_eq!(engine.id_slot(a) == engine.id_slot(b), engine.event_id(a) == engine.event_id(b));
            }
        }
    }
}

/// The lesson's uuid5 demo through the engine: the same fact published twice
/// is processed twice when ids are random, once when they are derived.
#[test]
fn double_publication_random_vs_derived_ids() {
    for failure_ppm in [0, 300_000] {
        let base = SimConfig {
            facts: 50,
            publications_per_fact: 2,
            consumer: ConsumerMode::Idempotent,
            failure: Probability::from_ppm(failure_ppm).unwrap(),
            backoff: Backoff { retries_max: 20, ..Backoff::default() },
            ..SimConfig::default()
        };
        let mut random = Engine::new(SimConfig { id_scheme: IdScheme::Random, ..base }).unwrap();
        random.run_to_end();
        let mut derived = Engine::new(SimConfig { id_scheme: IdScheme::Derived(Namespace::Dns), ..base }).unwrap();
        derived.run_to_end();
        assert!(random.effects_per_fact().iter().all(|&n| n == 2), "random ids: every fact twice");
        assert!(derived.effects_per_fact().iter().all(|&n| n == 1), "derived ids: every fact once");
    }
}

/// Retry n waits base·2^(n-1): the trace of an always-failing event follows
/// the lesson's table, then lands in the dead-letter queue.
#[test]
fn always_failing_event_follows_the_lesson_schedule_then_dead_letters() {
    let cfg = SimConfig { facts: 1, failure: Probability::ONE, ..SimConfig::default() };
    let mut engine = Engine::new(cfg).unwrap();
    engine.run_to_end();
    let times_s: Vec<u64> = engine.trace().iter().map(|a| a.at_ms / 1_000).collect();
    assert_eq!(times_s, [0, 30, 90, 210, 450, 930, 1_890]);
    assert_eq!(engine.dead_letters(), [0]);
    assert_eq!(engine.counters().deliveries, 7);
    // A manual retry keeps the id and re-enters delivery at the current time.
    let id = engine.event_id(0);
    engine.retry_dead_letter(0).unwrap();
    assert_eq!(engine.dead_letters(), &[] as &[u32]);
    assert_eq!(engine.event_id(0), id);
    assert_eq!(engine.next_due_ms(), Some(1_890_000));
}

/// The ack-lost case: an idempotent consumer drops the manual retry of an
/// event it had in fact processed.
#[test]
fn manual_retry_of_a_processed_event_is_discarded_by_the_idempotent_consumer() {
    let cfg =
        SimConfig { facts: 1, failure: Probability::ONE, ack_lost_share: Probability::ONE, ..SimConfig::default() };
    let mut engine = Engine::new(cfg).unwrap();
    engine.run_to_end();
    assert_eq!(engine.counters().effects, 1);
    assert_eq!(engine.counters().duplicates_discarded, 6);
    let mut engine = Engine::new(SimConfig { failure: Probability::ZERO, ..cfg }).unwrap();
    engine.run_to_end();
    assert_eq!(engine.counters().effects, 1);
}
