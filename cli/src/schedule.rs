//! `retry-lab schedule`: the backoff waits, in «At-least-once»'s count
//! (retry n waits base·2^(n-1)) or «Confiabilidad a escala»'s (attempts,
//! the first call included).

use retry_lab_core::storm::{StormConfig, Strategy};
use retry_lab_core::{Backoff, Jitter};
use retry_lab_web::registry::Experiment;
use serde_json::{json, Value};

use crate::args::{self, seconds_value, JitterArg};

/// The retry schedule: retry n waits base·2^(n-1) (original delivery + N retries).
/// With --base-ms or --attempts, «Confiabilidad a escala»'s count: --attempts N includes
/// the first call and the wait after failed attempt i (from 0) is base·2^i.
#[derive(clap::Args)]
pub struct ScheduleArgs {
    /// Default: the preset's, else 30.
    #[arg(long, value_parser = args::base_s, conflicts_with = "base_ms")]
    base_s: Option<u32>,
    /// Default: the preset's, else 6.
    #[arg(long, value_parser = args::retries_backoff, conflicts_with = "attempts")]
    retries: Option<u32>,
    /// Base in milliseconds («Confiabilidad a escala»'s retry() uses 200).
    #[arg(long, value_parser = args::storm_base_ms)]
    base_ms: Option<u64>,
    /// Calls at most, the first included («Confiabilidad a escala»'s max_attempts).
    #[arg(long, value_parser = args::storm_attempts)]
    attempts: Option<u32>,
    #[arg(long, value_enum)]
    jitter: Option<JitterArg>,
    /// Seed of the jitter draws.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// A page preset of the retries experiment: its parameters; the flags given override them.
    #[arg(long, value_parser = |t: &str| args::preset_of(t, Experiment::Retries))]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
}

pub fn schedule(a: ScheduleArgs) -> String {
    let page = args::preset_params(a.preset).retries;
    let jitter = a.jitter.map_or(page.jitter, Jitter::from);
    if a.base_ms.is_some() || a.attempts.is_some() {
        let cfg = StormConfig {
            base_ms: a.base_ms.unwrap_or(u64::from(a.base_s.unwrap_or(page.base_s)) * 1_000),
            attempts_max: a.attempts.unwrap_or(a.retries.unwrap_or(page.retries_max) + 1),
            strategy: strategy_of(jitter),
            seed: a.seed,
            ..StormConfig::default()
        };
        return attempt_schedule(cfg, a.json);
    }
    let backoff =
        Backoff { base_s: a.base_s.unwrap_or(page.base_s), retries_max: a.retries.unwrap_or(page.retries_max), jitter };
    retry_schedule(backoff, a.seed, a.json)
}

/// «At-least-once»'s jitter as «Confiabilidad a escala»'s strategy (no jitter: plain exponential).
fn strategy_of(j: Jitter) -> Strategy {
    match j {
        Jitter::None => Strategy::Exponential,
        Jitter::Full => Strategy::Full,
        Jitter::Equal => Strategy::Equal,
        Jitter::Decorrelated => Strategy::Decorrelated,
    }
}

/// «At-least-once»'s count: the original delivery, then N retries.
fn retry_schedule(backoff: Backoff, seed: u64, json: bool) -> String {
    let (base_s, retries) = (backoff.base_s, backoff.retries_max);
    let waits_ms = backoff.sample_waits_ms(seed);
    let convention = format!("original delivery + {retries} retries, then dead-letter");
    if json {
        let waits_s: Vec<Value> = waits_ms.iter().map(|&ms| seconds_value(ms)).collect();
        return json!({
            "base_s": base_s, "retries": retries, "jitter": backoff.jitter.name(), "seed": seed,
            "convention": convention, "waits_s": waits_s, "waits_ms": waits_ms,
            "total_s": seconds_value(waits_ms.iter().sum()),
        })
        .to_string();
    }
    let mut out = format!("retry n waits {base_s}·2^(n-1) s ({convention}; jitter {})\n", backoff.jitter.name());
    out += &format!("{:>5}  {:<10} {:>10}\n", "retry", "formula", "wait_s");
    for (i, ms) in waits_ms.iter().enumerate() {
        let formula = format!("{base_s}·2^{i}");
        out += &format!("{:>5}  {formula:<10} {:>10}\n", i + 1, seconds_value(*ms));
    }
    out + &format!("{:>5}  {:<10} {:>10}", "total", "", seconds_value(waits_ms.iter().sum()))
}

/// «Confiabilidad a escala»'s count: the attempts include the first call.
fn attempt_schedule(cfg: StormConfig, json: bool) -> String {
    let seed = cfg.seed;
    // One client's waits; with jitter, client 0's draws for this seed.
    let waits_us = cfg.waits_us(0);
    let ms = |us: u64| if us.is_multiple_of(1_000) { json!(us / 1_000) } else { json!(us as f64 / 1_000.0) };
    let convention = format!(
        "{} attempts, the first call included; the wait after failed attempt i (from 0) is base·2^i",
        cfg.attempts_max
    );
    if json {
        return json!({
            "base_ms": cfg.base_ms, "attempts": cfg.attempts_max, "jitter": cfg.strategy.code(), "seed": seed,
            "convention": convention, "waits_ms": waits_us.iter().map(|&us| ms(us)).collect::<Vec<_>>(),
            "total_ms": ms(waits_us.iter().sum()),
        })
        .to_string();
    }
    let mut out = format!("{convention} (jitter {})\n{:>7}  {:>10}\n", cfg.strategy.code(), "after", "wait_ms");
    for (i, us) in waits_us.iter().enumerate() {
        out += &format!("{:>7}  {:>10}\n", i, ms(*us));
    }
    out + &format!("{:>7}  {:>10}", "total", ms(waits_us.iter().sum()))
}
