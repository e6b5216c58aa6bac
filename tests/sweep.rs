//! Sweeps across seeds and a parameter (`src/sweep.rs`): the lesson's exact
//! numbers hold over them, every point reopens its own run, and what a
//! sweep refuses it says. Seeds are 1..=N, so every failure message names
//! the link and the seeds that reproduce it.

#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab_web::registry::{Experiment, ParamId};
use retry_lab_web::sweep::{Plan, Refusal, Summary};

fn plan(query: &str, axis: Option<&str>, seeds: u32) -> Plan {
    Plan::of_link(query, axis, seeds).unwrap_or_else(|r| panic!("?{query}: {r:?}"))
}

/// The lesson's claim: an event reaches dead-letter when its original
/// delivery and all `retries` retries fail, with probability p^(retries+1).
/// `count` entries among `events` events must lie within five standard
/// deviations of that (plus one for the rounding of small expectations).
fn dead_letter_share_holds(p: f64, retries: i32, count: f64, events: f64) -> Result<(), String> {
    let q = p.powi(retries + 1);
    let (mean, sd) = (events * q, (events * q * (1.0 - q)).sqrt());
    let ok = (count - mean).abs() <= 5.0 * sd + 1.0;
    ok.then_some(()).ok_or_else(|| {
        format!("{count} of {events} events in dead-letter; p^{} = {q} expects {mean:.1} ± {sd:.1}", retries + 1)
    })
}

fn total(points: &[retry_lab_web::sweep::Point], outcome: usize) -> f64 {
    points.iter().map(|p| p.outcomes[outcome]).sum()
}

#[test]
fn one_in_128_events_reaches_dead_letter_at_half_failures() {
    let query = "v=3&exp=retries&failure=0.5&retries=6&events=20";
    let sweep = plan(query, None, 1_000);
    let points = sweep.run();
    let entries = total(&points, 0);
    dead_letter_share_holds(0.5, 6, entries, 20_000.0).unwrap_or_else(|e| panic!("?{query}, seeds 1–1000: {e}"));
    // The per-run expectation, 20/128, lies within the band of the runs.
    let band = sweep.bands(&points)[0].summaries[0].expect("200 runs");
    assert!(band.p5 <= 20.0 / 128.0 && 20.0 / 128.0 <= band.p95, "?{query}: {band:?}");
}

#[test]
fn the_dead_letter_check_fails_on_the_wrong_exponent() {
    // The same runs against p^6 (the original delivery not counted), or
    // with twice the entries: rejected.
    let points = plan("v=3&exp=retries&failure=0.5&retries=6&events=20", None, 1_000).run();
    let entries = total(&points, 0);
    assert!(dead_letter_share_holds(0.5, 5, entries, 20_000.0).is_err());
    assert!(dead_letter_share_holds(0.5, 6, entries * 2.0, 20_000.0).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Over failure probabilities and retry limits, with no outage.
    #[test]
    fn dead_letter_share_is_p_to_the_attempts(failure_percent in 20u32..=90, retries in 0i32..=6) {
        let query = format!("v=3&exp=retries&failure=0.{failure_percent:02}&retries={retries}&events=20");
        let points = plan(&query, None, 100).run();
        let entries = total(&points, 0);
        let check = dead_letter_share_holds(f64::from(failure_percent) / 100.0, retries, entries, 2_000.0);
        prop_assert!(check.is_ok(), "?{}, seeds 1–100: {:?}", query, check);
    }

    /// «Colas y streams»: with ack after the work, each crash between the
    /// effect and the ack repeats an effect: about the crash probability per
    /// message (exactly c/(1−c), the crashes' geometric tail).
    #[test]
    fn ack_after_repeats_about_the_crash_share(crash_percent in 1u32..=30) {
        let query = format!("v=3&exp=ack&crash=0.{crash_percent:02}&messages=1000");
        let points = plan(&query, None, 40).run();
        let c = f64::from(crash_percent) / 100.0;
        let messages = 40_000.0;
        let (mean, sd) = (messages * c / (1.0 - c), (messages * c).sqrt() / (1.0 - c));
        let repeated = total(&points, 0);
        prop_assert!((repeated - mean).abs() <= 5.0 * sd, "?{}, seeds 1–40: {} repeats, expected {:.0} ± {:.0}", query, repeated, mean, sd);
        // And ack before loses what ack after repeats, near enough.
        let lost = total(&points, 1);
        prop_assert!((lost - messages * c).abs() <= 5.0 * (messages * c).sqrt(), "?{}: {} lost", query, lost);
    }
}

#[test]
fn every_point_reopens_its_own_run() {
    let mut sweeps = vec![
        ("v=3&exp=retries&failure=0.5".to_owned(), None),
        ("v=3&exp=storm&preset=storm-shedding".to_owned(), None),
    ];
    for &experiment in Experiment::ALL {
        let Some(offer) = experiment.ladder() else { continue };
        let query = format!("v=3&exp={}", experiment.code());
        sweeps.push((query.clone(), None));
        sweeps.extend(offer.axes.iter().map(|a| (query.clone(), Some(a.key))));
    }
    for (query, axis) in &sweeps {
        let (query, axis) = (query.as_str(), *axis);
        let sweep = plan(query, axis, 3);
        for index in (0..sweep.len()).step_by(7) {
            let point = sweep.point(index);
            assert!(point.link.contains(&format!("seed={}", point.seed)), "?{query} point {index}: {}", point.link);
            let reopened = plan(&point.link, None, 1);
            assert_eq!(
                reopened.current(),
                point.outcomes,
                "?{query} point {index} (seed {}): ?{}",
                point.seed,
                point.link
            );
            assert_eq!(sweep.point(index), point, "?{query} point {index}: not deterministic");
        }
    }
}

#[test]
fn a_parameter_sweep_visits_its_range_as_the_domain_reads_it() {
    let sweep = plan("v=3&exp=retries", Some("failure"), 2);
    let values: Vec<String> = sweep.run().iter().step_by(2).filter_map(|p| p.value.clone()).collect();
    assert_eq!(values.first().map(String::as_str), Some("0"));
    assert_eq!(values.last().map(String::as_str), Some("1"));
    assert_eq!(values.len(), 21, "{values:?}");
    assert!(values.contains(&"0.3".to_owned()), "the lesson's 30 %: {values:?}");
    let retries = plan("v=3&exp=retries", Some("retries"), 1).run();
    let retries: Vec<&str> = retries.iter().filter_map(|p| p.value.as_deref()).collect();
    assert_eq!(retries, ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    // Round steps: a learner's round value is one of the points.
    let clients = plan("v=3&exp=storm", Some("clients"), 1).run();
    let clients: Vec<&str> = clients.iter().filter_map(|p| p.value.as_deref()).collect();
    assert_eq!(clients[..4], ["10", "50", "100", "150"], "{clients:?}");
    assert_eq!((clients.len(), clients.last()), (21, Some(&"1000")));
    let report = plan("v=3&exp=retries", Some("retries"), 1).report(Vec::new());
    assert_eq!(
        (report.current_value.as_deref(), report.lesson_value),
        (Some("6"), Some("6")),
        "lesson 000's six retries"
    );
    // A value the lesson does not state is not marked as the lesson's.
    assert_eq!(plan("v=3&exp=storm", Some("clients"), 1).report(Vec::new()).lesson_value, None);
}

#[test]
fn what_cannot_be_swept_is_said() {
    assert_eq!(Plan::of_link("v=3&exp=visibility", None, 10).unwrap_err(), Refusal::NotSeeded("visibility"));
    assert_eq!(
        Plan::of_link("v=3&exp=retries", Some("clients"), 10).unwrap_err(),
        Refusal::UnknownAxis("clients".into())
    );
    assert!(Refusal::NotSeeded("visibility").describe(retry_lab_web::i18n::Lang::Es).contains("semilla"));
    // Seeds are clamped to 1..=1,000.
    assert_eq!(plan("v=3&exp=ack", None, 50_000).seeds, 1_000);
    assert_eq!(plan("v=3&exp=ack", None, 0).len(), 1);
}

#[test]
fn each_ladder_is_declared_whole() {
    for &experiment in Experiment::ALL {
        let Some(offer) = experiment.ladder() else { continue };
        let params = retry_lab_web::registry::LabParams::default();
        assert_eq!(experiment.measure(&params).outcomes.len(), offer.outcomes.len(), "{}", experiment.code());
        // Its work grows with its size parameter, one of its own.
        let size = ParamId::of(experiment).find(|p| p.key() == offer.size);
        let size = size.unwrap_or_else(|| panic!("{}: size {}", experiment.code(), offer.size));
        let retry_lab_web::params::Domain::Int { max, .. } = size.domain() else {
            panic!("{}: size", experiment.code())
        };
        let mut larger = params.clone();
        size.apply(&mut larger, retry_lab_web::params::Value::Int(max));
        assert!(
            experiment.work(&larger) > experiment.work(&params),
            "{}: work at {} {max}",
            experiment.code(),
            offer.size
        );
        for axis in offer.axes {
            let param = ParamId::of(experiment)
                .find(|p| p.key() == axis.key)
                .unwrap_or_else(|| panic!("{}: {}", experiment.code(), axis.key));
            for text in [Some(axis.from), Some(axis.to), axis.lesson].into_iter().flatten() {
                assert!(
                    matches!(param.domain().parse(text), Ok((_, None))),
                    "{}.{}: {text}",
                    experiment.code(),
                    axis.key
                );
            }
        }
    }
}

#[test]
fn percentiles_are_values_some_run_had() {
    let values: Vec<f64> = (1..=100).map(f64::from).collect();
    assert_eq!(Summary::of(&values), Some(Summary { p5: 5.0, median: 50.0, p95: 95.0 }));
    assert_eq!(Summary::of(&[3.0]), Some(Summary { p5: 3.0, median: 3.0, p95: 3.0 }));
    assert_eq!(Summary::of(&[]), None);
    assert_eq!(Summary::of(&[2.0, 1.0]).map(|s| (s.p5, s.median, s.p95)), Some((1.0, 1.0, 2.0)));
}

/// An experiment without a ladder is one the seed changes nothing in: for
/// every preset, seeds 1 to 12 give the same numbers. (One whose numbers
/// moved with the seed would need a ladder: a learner could not tell the
/// seed from the parameter.)
#[test]
fn every_experiment_the_seed_changes_has_a_ladder() {
    use retry_lab_web::lab::LabState;
    for &experiment in Experiment::ALL.iter().filter(|e| e.ladder().is_none()) {
        for preset in experiment.presets().iter().filter(|p| p.in_version(retry_lab_web::link::VERSION)) {
            let numbers = |seed: u64| {
                let query = format!("v=3&exp={}&preset={}&seed={seed}", experiment.code(), preset.code);
                let (link, notices) = retry_lab_web::link::decode(&query);
                let state = LabState::new(&link.to_init(&[], notices));
                state.units.numbers(&state.params, experiment)
            };
            let first = numbers(1);
            for seed in 2..=12 {
                assert_eq!(
                    numbers(seed),
                    first,
                    "{} preset {}: seed {seed} differs from seed 1",
                    experiment.code(),
                    preset.code
                );
            }
        }
    }
}

/// «Garantías de entrega exactamente una vez»: with the id recorded in the
/// effect's own transaction, no crash share and no seed repeats or loses a
/// message; with the record apart, some do.
#[test]
fn the_same_transaction_never_repeats_nor_loses() {
    let query = "v=3&exp=dedup&tx_messages=500";
    let points = plan(query, Some("tx_crash"), 10).run();
    for p in &points {
        assert_eq!(p.outcomes[2], 0.0, "?{}: the same transaction went wrong", p.link);
    }
    assert!(total(&points, 0) > 0.0 && total(&points, 1) > 0.0, "?{query}: the records apart never went wrong");
}

/// The lab's link to the sweep page (`tool_href`, as the page writes its
/// tools' links) carries the open experiment's run, and the sweep page's
/// plan reads back that run (its seed, its parameters).
#[test]
fn the_labs_link_to_the_sweep_page_carries_its_run() {
    use retry_lab_web::lab::LabState;
    use retry_lab_web::link::{tool_href, Link, Scope};
    let query = "v=3&exp=ack&crash=0.2&seed=9&lang=es";
    let (link, notices) = retry_lab_web::link::decode(query);
    let state = LabState::new(&link.to_init(&[], notices));
    let run = Link::of(state.lang, &state.params, state.open, None, Scope::Experiment, None).encode();
    let href = tool_href("sweep.html", "https://lab.example/course/index.html", (&run, ""), "personalizado");
    let (page, sweep_query) = href.split_once('?').expect("a query");
    assert!(page.ends_with("/sweep.html"), "{href}");
    let lab_query: String = form_urlencoded::parse(sweep_query.as_bytes())
        .filter(|(k, _)| !["dir", "scenario", "page"].contains(&k.as_ref()))
        .fold(form_urlencoded::Serializer::new(String::new()), |mut s, (k, v)| {
            s.append_pair(&k, &v);
            s
        })
        .finish();
    let plan = plan(&lab_query, None, 5);
    assert_eq!((plan.experiment, plan.base.shared.seed), (Experiment::AckTiming, 9), "{href}");
    assert_eq!(plan.base, state.params, "{href}: the sweep's scenario is the lab's");
}

/// A sweep has a work budget of its own: the plan (1,000 seeds × 21
/// values × 100,000 messages) is refused before anything runs, saying what
/// to lower and by how much; what it suggests fits, and one more does not.
#[test]
fn a_sweep_over_its_work_budget_is_refused_in_words() {
    use retry_lab_web::i18n::Lang;
    use retry_lab_web::sweep::WORK_MAX;
    let query = "v=3&exp=ack&messages=100000&crash=0.99";
    let Err(Refusal::OverBudget(estimate)) = Plan::of_link(query, Some("crash"), 1_000) else {
        panic!("?{query} over crash, 1,000 seeds: not refused");
    };
    assert!(estimate.work > WORK_MAX && (estimate.seeds, estimate.values) == (1_000, 21), "{estimate:?}");
    let es = Refusal::OverBudget(estimate.clone()).describe(Lang::Es);
    assert!(es.starts_with("1,000 semillas × 21 valores, con «Mensajes» en 100,000: unos "), "{es}");
    assert!(es.contains("intentos de entrega; un barrido hace a lo sumo 10⁸. Baja las semillas a "), "{es}");
    assert!(es.ends_with(". No se corrió nada."), "{es}");
    let en = Refusal::OverBudget(estimate.clone()).describe(Lang::En);
    assert!(
        en.contains("delivery attempts; a sweep does at most 10⁸. Lower the seeds to ")
            && en.ends_with("Nothing was run."),
        "{en}"
    );
    // What it suggests fits; one more seed, or one more message, does not.
    let seeds = estimate.seeds_within;
    assert!(seeds >= 1 && Plan::of_link(query, Some("crash"), seeds).is_ok(), "{seeds} seeds");
    assert!(Plan::of_link(query, Some("crash"), seeds + 1).is_err(), "{} seeds", seeds + 1);
    let messages = estimate.size_within.expect("a number of messages that fits");
    let lower = format!("v=3&exp=ack&messages={messages}&crash=0.99");
    assert!(Plan::of_link(&lower, Some("crash"), 1_000).is_ok(), "?{lower}");
    let over = format!("v=3&exp=ack&messages={}&crash=0.99", messages + 1);
    assert!(Plan::of_link(&over, Some("crash"), 1_000).is_err(), "?{over}");
    assert!(
        es.contains(&format!("Baja las semillas a {seeds} o «Mensajes» a {}", retry_lab_web::format::int(messages))),
        "{es}"
    );
    // The second plan, lesson 000's engine at 1,000 events × 11 attempts.
    let retries = "v=3&exp=retries&events=1000&retries=10&base=1";
    assert!(matches!(Plan::of_link(retries, Some("failure"), 1_000), Err(Refusal::OverBudget(_))), "?{retries}");
}

/// Every scenario a learner can open sweeps within the budget with the
/// page's defaults (200 seeds, or 40 a value over each axis).
#[test]
fn every_presets_default_sweep_is_within_the_budget() {
    let mut plans = 0;
    for &experiment in Experiment::ALL.iter().filter(|e| e.sweepable()) {
        let offer = experiment.ladder().expect("sweepable");
        for preset in experiment.presets() {
            let query = format!("v=3&exp={}&preset={}", experiment.code(), preset.code);
            plan(&query, None, retry_lab_web::sweep::SEEDS_DEFAULT);
            for axis in offer.axes {
                let p = plan(&query, Some(axis.key), retry_lab_web::sweep::SEEDS_PER_VALUE_DEFAULT);
                assert!(p.estimate.work <= retry_lab_web::sweep::WORK_MAX, "?{query} over {}", axis.key);
                plans += 1;
            }
        }
    }
    assert!(plans > 20, "{plans} plans");
}

#[test]
fn large_counts_read_as_orders_of_magnitude() {
    use retry_lab_web::sweep::magnitude;
    assert_eq!(
        [
            magnitude(2_000_000_000),
            magnitude(100_000_000),
            magnitude(1_949_999_999),
            magnitude(9_600_000),
            magnitude(999_999)
        ],
        ["2·10⁹", "10⁸", "2·10⁹", "10⁷", "999,999"]
    );
}
