//! The lessons' claims, each over its experiment's ranges on many seeds
//! (1–20 at every point, so a failure names the link that reproduces it):
//! each claim is a checker returning where it fails, shown failing on a
//! broken model; where a claim stops for a real reason the page says so in
//! words, and the words are tested here against the engine.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use retry_lab_core::storm::StormRun;
use retry_lab_web::i18n::Lang;
use retry_lab_web::link::decode;
use retry_lab_web::registry::LabParams;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=20;
const CLIENTS: [u32; 8] = [20, 50, 100, 150, 200, 300, 500, 1_000];

fn params(query: &str) -> LabParams {
    decode(query).0.to_init(&[], Vec::new()).params
}

fn storm_runs(p: &LabParams) -> [Option<Rc<StormRun>>; 2] {
    [0, 1].map(|side| StormRun::new(p.storm.config(side, &p.shared)).ok().map(Rc::new))
}

/// «Confiabilidad a escala»: jitter spreads the calls. The jittered side's
/// busiest 100 ms after the recovery is never busier than the synchronized
/// side's.
fn jitter_spreads(sync: &StormRun, spread: &StormRun) -> Result<(), String> {
    let (s, j) = (sync.counters.peak_calls_per_s, spread.counters.peak_calls_per_s);
    (j <= s).then_some(()).ok_or_else(|| format!("jittered peak {j}/s above the synchronized {s}/s"))
}

#[test]
fn jitter_spreads_the_calls_at_every_load_and_seed() {
    for clients in CLIENTS {
        for seed in SEEDS {
            let query = format!("v=4&exp=storm&clients={clients}&seed={seed}");
            let [Some(sync), Some(spread)] = storm_runs(&params(&query)) else { panic!("?{query}: no run") };
            jitter_spreads(&sync, &spread).unwrap_or_else(|e| panic!("?{query}: {e}"));
        }
    }
    // Shown failing: the synchronized side checked as if it were the jittered one.
    let [Some(sync), Some(spread)] = storm_runs(&params("v=4&exp=storm")) else { panic!() };
    assert!(jitter_spreads(&spread, &sync).is_err());
}

/// The words on the storm's figure agree with the engine at every load: the
/// lesson's claim where it holds (100 clients), and why not where it stops
/// (20: nothing to fix; 500 and 1,000: windows too narrow).
#[test]
fn the_storms_verdict_agrees_with_the_engine_at_every_load() {
    use retry_lab_web::experiments::storm::Verdict;
    for clients in CLIENTS {
        for seed in SEEDS {
            let query = format!("v=4&exp=storm&clients={clients}&seed={seed}");
            let p = params(&query);
            let runs = storm_runs(&p);
            let [Some(sync), Some(spread)] = &runs else { panic!("?{query}") };
            let verdict = p.storm.verdict(&runs).unwrap_or_else(|| panic!("?{query}: no verdict"));
            let (s, j) = (&sync.counters, &spread.counters);
            // Each category is what the engine did.
            match verdict {
                Verdict::NobodyInTime | Verdict::SyncTooSoon { .. } => {
                    panic!("?{query}: the default recovery is in time")
                }
                Verdict::BudgetCut => panic!("?{query}: the default has no retry budget"),
                Verdict::NothingToFix { fewer } => {
                    assert!(s.collapses == 0 && fewer == s.succeeded.saturating_sub(j.succeeded), "?{query}")
                }
                Verdict::JitterSaves { sync: n, spread: m, .. } => {
                    assert!(
                        n == s.collapses && m == j.collapses && (m == 0 || (m < n && j.succeeded > s.succeeded)),
                        "?{query}"
                    )
                }
                Verdict::TooMany { .. } => assert!(
                    s.collapses > 0 && j.collapses > 0 && !(j.collapses < s.collapses && j.succeeded > s.succeeded),
                    "?{query}"
                ),
                Verdict::Sheds { .. } => panic!("?{query}: the default dependency falls, it does not shed"),
            }
            let words = p.storm.insight(Lang::Es, &runs);
            assert!(words.contains(&p.storm.verdict_text(Lang::Es, &runs).unwrap()), "?{query}: {words}");
            let expected = match clients {
                20 => Some("el jitter no tiene nada que arreglar"),
                100 => Some("sigue en pie, como dice «Confiabilidad a escala»"),
                500 | 1_000 => Some("el jitter no alcanza"),
                _ => None,
            };
            if let Some(expected) = expected {
                assert!(words.contains(expected), "?{query}: {words}");
            }
        }
    }
}

/// A dependency that sheds the excess: at every load no wave knocks it
/// down, and the verdict counts the jittered clients fewer through.
#[test]
fn a_shedding_dependency_never_falls_and_the_verdict_says_so_at_every_load() {
    use retry_lab_web::experiments::storm::Verdict;
    for clients in CLIENTS {
        for seed in SEEDS {
            let query = format!("v=4&exp=storm&dependency=shedding&clients={clients}&seed={seed}");
            let p = params(&query);
            let runs = storm_runs(&p);
            let [Some(sync), Some(spread)] = &runs else { panic!("?{query}") };
            let (s, j) = (&sync.counters, &spread.counters);
            assert_eq!((s.collapses, j.collapses), (0, 0), "?{query}");
            let fewer = s.succeeded.saturating_sub(j.succeeded);
            assert_eq!(p.storm.verdict(&runs), Some(Verdict::Sheds { fewer }), "?{query}");
            assert!(p.storm.insight(Lang::Es, &runs).contains("ninguna ola la tumba"), "?{query}");
        }
    }
}

/// A side whose every call came before the dependency was back.
fn spent_before_back(run: &StormRun) -> bool {
    run.calls.iter().all(|c| c.at_us < run.config.recover_at_ms * 1_000)
}

/// At every strategy without jitter and every recovery the slider offers
/// (0 s to its end), the verdict's words agree with the engine: never «la
/// dependencia aguanta la ola sincronizada» when no synchronized call
/// reached it after its return (the clients had spent their attempts).
#[test]
fn the_storms_verdict_agrees_with_the_engine_at_every_strategy_and_recovery() {
    use retry_lab_web::experiments::storm::Verdict;
    for strategy in ["immediate", "fixed", "none"] {
        for recover in [0, 1, 2, 5, 60, 3_600] {
            for seed in 1..=5 {
                let query = format!("v=4&exp=storm&strategy_a={strategy}&recover={recover}&seed={seed}");
                let p = params(&query);
                let runs = storm_runs(&p);
                let [Some(sync), Some(spread)] = &runs else { panic!("?{query}") };
                let verdict = p.storm.verdict(&runs).unwrap_or_else(|| panic!("?{query}: no verdict"));
                let (early_sync, early_spread) = (spent_before_back(sync), spent_before_back(spread));
                let words = p.storm.insight(Lang::Es, &runs);
                match verdict {
                    Verdict::NobodyInTime => assert!(early_sync && early_spread, "?{query}"),
                    Verdict::SyncTooSoon { spread_ok } => assert!(
                        early_sync
                            && !early_spread
                            && spread_ok == spread.counters.succeeded
                            && sync.counters.succeeded == 0,
                        "?{query}"
                    ),
                    _ => assert!(!early_sync, "?{query}: {words}"),
                }
                if early_sync {
                    assert!(!words.contains("aguanta la ola"), "?{query}: {words}");
                }
            }
        }
    }
    // The case the reader found: immediate retries against a 1 s outage.
    let p = params("v=4&exp=storm&strategy_a=immediate");
    let words = p.storm.insight(Lang::Es, &storm_runs(&p));
    assert!(words.contains("los 5 intentos se gastan antes de que la dependencia vuelva"), "{words}");
    // Shown failing: the checker catches a side that called after the return.
    let [Some(sync), _] = storm_runs(&params("v=4&exp=storm")) else { panic!() };
    assert!(!spent_before_back(&sync));
}

/// The storm's footnote states what the engine gives at the default over
/// seeds 1–20 (clients through with full jitter, and the last success).
#[test]
fn the_storms_footnote_is_the_engines_sweep() {
    let (mut through, mut last) = (Vec::new(), Vec::new());
    for seed in SEEDS {
        let [_, Some(spread)] = storm_runs(&params(&format!("v=4&exp=storm&seed={seed}"))) else { panic!() };
        through.push(spread.counters.succeeded);
        last.push(spread.counters.last_success_us.unwrap_or(0));
    }
    let tenth = |us: u64| retry_lab_web::format::seconds(retry_lab_web::format::round_ms(us));
    let (lo, hi) = (through.iter().min().unwrap(), through.iter().max().unwrap());
    let (first, latest) = (tenth(*last.iter().min().unwrap()), tenth(*last.iter().max().unwrap()));
    let es = retry_lab_web::experiments::storm::strings::strings(Lang::Es).measured;
    let fragment = format!(
        "pasan {lo} a {hi}, el último entre {} y {first_end}",
        first.trim_end_matches(" s"),
        first_end = latest
    );
    assert!(es.contains(&fragment), "the footnote should say «{fragment}»: {es}");
    let en = retry_lab_web::experiments::storm::strings::strings(Lang::En).measured;
    let fragment = format!("{lo} to {hi} get through, the last between {} and {latest}", first.trim_end_matches(" s"));
    assert!(en.contains(&fragment), "the footnote should say «{fragment}»: {en}");
}

/// «Colas y streams»: ack after loses nothing; ack before loses exactly the
/// crashes after the ack; dedup leaves one effect per message. Over crash
/// probabilities 0–90 % and 20 seeds.
fn ack_claims(rows: &[retry_lab_core::ack_timing::LoopRow; 3], messages: u64) -> Result<(), String> {
    let [before, after, dedup] = rows;
    if after.row.lost != 0 {
        return Err(format!("ack after lost {}", after.row.lost));
    }
    if dedup.row.effects != messages || dedup.row.lost != 0 {
        return Err(format!("ack after + dedup: {} effects for {messages}", dedup.row.effects));
    }
    if before.row.effects + u64::from(before.row.lost) != messages {
        return Err(format!("ack before: {} effects + {} lost ≠ {messages}", before.row.effects, before.row.lost));
    }
    Ok(())
}

#[test]
fn ack_after_loses_nothing_and_dedup_makes_the_effect_once() {
    for crash in [0, 5, 20, 50, 90] {
        for seed in SEEDS {
            let query = format!("v=4&exp=ack&crash=0.{crash:02}&seed={seed}&messages=500");
            let p = params(&query);
            let rows = p.ack.loop_rows(&p.shared).unwrap_or_else(|| panic!("?{query}: refused"));
            ack_claims(&rows, 500).unwrap_or_else(|e| panic!("?{query}: {e}"));
        }
    }
    // Shown failing: rows read in the wrong order (ack before as if after).
    let p = params("v=4&exp=ack&crash=0.2");
    let [before, after, dedup] = p.ack.loop_rows(&p.shared).unwrap();
    assert!(ack_claims(&[after.clone(), before, dedup], 1_000).is_err());
}

/// «Colas y streams»: more consumers than partitions read no faster.
#[test]
fn more_consumers_than_partitions_read_no_faster() {
    for partitions in [1, 3, 12, 50] {
        for extra in [1, 5, 100] {
            let at = |consumers: u32| {
                params(&format!("v=4&exp=lag&lag_partitions={partitions}&lag_consumers={consumers}"))
                    .lag
                    .catch_up()
                    .consume_per_s
            };
            assert_eq!(at(partitions + extra), at(partitions), "{partitions} partitions, +{extra} consumers");
            // Up to one per partition, each consumer adds its rate (the checker can fail).
            assert!(partitions == 1 || at(partitions) > at(partitions - 1), "{partitions} partitions");
        }
    }
}

/// «Confiabilidad a escala»: a bounded queue keeps the process alive where
/// an unbounded one lets memory grow until it dies.
fn stays_alive(policy: &str, in_per_s: u32) -> Option<u64> {
    let p = params(&format!("v=4&exp=backpressure&in_rate={in_per_s}&policy={policy}"));
    retry_lab_core::backpressure::BufferRun::new(p.backpressure.config()).counters.died_at_s
}

#[test]
fn a_bounded_queue_keeps_the_process_alive() {
    for in_per_s in [117, 200, 1_000, 10_000] {
        assert!(stays_alive("unbounded", in_per_s).is_some(), "unbounded at {in_per_s}/s: memory grows until it dies");
        for policy in ["slow", "drop-newest", "drop-oldest"] {
            assert_eq!(stays_alive(policy, in_per_s), None, "{policy} at {in_per_s}/s");
        }
    }
}
