//! `retry-lab ack-table`: «Colas y streams»'s loop at any scale (ten
//! million messages, CPython's generator): ack before, after, after + dedup.

use retry_lab_core::ack_timing::{AckMode, AckTimingRun, LoopRow};
use retry_lab_core::Probability;
use retry_lab_web::registry::Experiment;
use serde_json::{json, Value};

use crate::args::{self, config_error, RngArg};

/// «Colas y streams»'s table: ack before, after, after + dedup, with a crash
/// probability. Each flag left out takes the preset's value, else the page's
/// (1000 messages, 0.05, seed 7, python).
#[derive(clap::Args)]
pub struct AckTableArgs {
    /// Messages in the queue (1..=10000000).
    #[arg(long, value_parser = args::ack_messages)]
    messages: Option<u32>,
    /// Probability that the consumer crashes in the middle of a message,
    /// between its work and its ack (0..=1, below 1).
    #[arg(long, value_parser = args::crash)]
    crash: Option<Probability>,
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long, value_enum)]
    rng: Option<RngArg>,
    /// The broker delivers an acknowledged message once more on its own with this chance (0..=0.5).
    #[arg(long, value_parser = args::broker_dups)]
    broker_dups: Option<Probability>,
    /// A page preset of the ack-timing experiment (lesson-004); the flags above override it.
    #[arg(long, value_parser = |t: &str| args::preset_of(t, Experiment::AckTiming))]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
}

pub fn ack_table(a: AckTableArgs) -> Result<String, String> {
    let page = args::preset_params(a.preset);
    let run = AckTimingRun {
        messages: a.messages.unwrap_or(page.ack.messages),
        crash: a.crash.unwrap_or(page.ack.crash),
        seed: a.seed.unwrap_or(page.shared.seed),
        rng: a.rng.map_or(page.ack.rng, Into::into),
    };
    let dups = a.broker_dups.unwrap_or(page.ack.broker_dups);
    let rows = run.loop_rows(dups).map_err(config_error)?;
    Ok(table(&run, dups, &rows, a.json))
}

/// «Colas y streams»'s three rows, as the page shows them.
fn table(run: &AckTimingRun, dups: Probability, rows: &[LoopRow; 3], json: bool) -> String {
    let (mode, semantics) = (
        |m: AckMode| match m {
            AckMode::Before => "before",
            AckMode::After => "after",
            AckMode::AfterDedup => "after_dedup",
        },
        |m: AckMode| match m {
            AckMode::Before => "at-most-once",
            AckMode::After => "at-least-once",
            AckMode::AfterDedup => "effect-once",
        },
    );
    if json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|LoopRow { row: r, effects_histogram }| {
                json!({ "mode": mode(r.mode), "semantics": semantics(r.mode),
                "deliveries": r.deliveries, "effects": r.effects, "discarded": r.duplicates_discarded, "lost": r.lost,
                "effects_per_message": effects_histogram })
            })
            .collect();
        return json!({ "messages": run.messages, "crash": run.crash.as_f64(), "seed": run.seed, "rng": run.rng.name(),
            "broker_dups": dups.as_f64(), "rows": rows })
        .to_string();
    }
    let mut out = format!(
        "{} messages · crash {} · seed {} · rng {} · broker duplicates {}\n",
        run.messages,
        run.crash,
        run.seed,
        run.rng.name(),
        dups
    );
    out += &format!(
        "{:<12}{:<18}{:>12}{:>12}{:>12}{:>12}  effects per message (0, 1, 2…)\n",
        "mode", "semantics", "deliveries", "effects", "discarded", "lost"
    );
    let lines: Vec<String> = rows
        .iter()
        .map(|LoopRow { row: r, effects_histogram }| {
            let per: Vec<String> = effects_histogram.iter().map(u64::to_string).collect();
            format!(
                "{:<12}{:<18}{:>12}{:>12}{:>12}{:>12}  {}",
                mode(r.mode),
                semantics(r.mode),
                r.deliveries,
                r.effects,
                r.duplicates_discarded,
                r.lost,
                per.join(" ")
            )
        })
        .collect();
    out + &lines.join("\n")
}
