//! `retry-lab`: the lab's engine on the command line, so course authors can
//! generate the numbers of their text with the code the page runs.

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use retry_lab_core::engine::{AckTiming, ConsumerMode, Engine, IdScheme, Requeue, SimConfig};
use retry_lab_core::ids::derived_id;
use retry_lab_core::{limits, Backoff, Jitter, Namespace, Probability, RngKind};
use serde_json::{json, Value};

#[derive(Parser)]
#[command(name = "retry-lab", version, about = "Retry Lab's simulation engine: backoff schedules, delivery runs, uuid5 ids")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The retry schedule: retry n waits base·2^(n-1) (original delivery + N retries).
    Schedule {
        #[arg(long, default_value_t = 30, value_parser = base_s)]
        base_s: u32,
        #[arg(long, default_value_t = 6, value_parser = retries_backoff)]
        retries: u32,
        #[arg(long, value_enum, default_value_t = JitterArg::None)]
        jitter: JitterArg,
        /// Seed of the jitter draws.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        #[arg(long)]
        json: bool,
    },
    /// Run deliveries through the hub and a consumer; print the counters.
    Simulate {
        /// Facts published (1..=1000000).
        #[arg(long, value_parser = events)]
        events: u32,
        /// Probability that one delivery attempt fails (0..=1).
        #[arg(long, value_parser = probability)]
        failure: Probability,
        /// Share of failures where the consumer processed the event but the ack
        /// was lost (0..=1). Default: 0.5 with backoff, 1 with immediate requeue
        /// (lesson 004's crash between work and ack).
        #[arg(long, value_parser = probability)]
        ack_lost_share: Option<Probability>,
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Retries before dead-letter (0..=20 with backoff, 0..=10000 with immediate requeue).
        #[arg(long, default_value_t = 6)]
        retries: u32,
        #[arg(long, default_value_t = 30, value_parser = base_s)]
        base_s: u32,
        #[arg(long, value_enum, default_value_t = JitterArg::None)]
        jitter: JitterArg,
        #[arg(long, value_enum, default_value_t = ConsumerArg::Idempotent)]
        consumer: ConsumerArg,
        #[arg(long, value_enum, default_value_t = AckArg::After)]
        ack: AckArg,
        #[arg(long, value_enum, default_value_t = RequeueArg::Backoff)]
        requeue: RequeueArg,
        #[arg(long, value_enum, default_value_t = RngArg::Pcg)]
        rng: RngArg,
        /// Publications of each fact: 2 is the double publication.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=2))]
        publications: u32,
        /// Event ids: random v4, or uuid5 of the fact key (namespace dns).
        #[arg(long, value_enum, default_value_t = IdsArg::Random)]
        ids: IdsArg,
        /// Time between publications, ms (0..=3600000; immediate requeue publishes all at once).
        #[arg(long, default_value_t = 10_000)]
        publish_interval_ms: u64,
        #[arg(long)]
        json: bool,
    },
    /// uuid5(namespace, key), as Python's uuid.uuid5 computes it.
    Uuid5 {
        /// dns, url, oid, x500, or a custom UUID.
        #[arg(long, default_value = "dns", value_parser = namespace)]
        namespace: Namespace,
        /// The fact key, e.g. "25544|2026-07-29T14:00:00Z" (1..=1024 bytes).
        #[arg(long, value_parser = key)]
        key: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum JitterArg {
    None,
    Full,
    Equal,
    Decorrelated,
}
#[derive(Clone, Copy, ValueEnum)]
enum ConsumerArg {
    Naive,
    Idempotent,
}
#[derive(Clone, Copy, ValueEnum)]
enum AckArg {
    Before,
    After,
}
#[derive(Clone, Copy, ValueEnum)]
enum RequeueArg {
    Backoff,
    Immediate,
}
#[derive(Clone, Copy, ValueEnum)]
enum RngArg {
    Pcg,
    Python,
}
#[derive(Clone, Copy, ValueEnum)]
enum IdsArg {
    Random,
    Uuid5,
}

impl From<JitterArg> for Jitter {
    fn from(arg: JitterArg) -> Self {
        match arg {
            JitterArg::None => Jitter::None,
            JitterArg::Full => Jitter::Full,
            JitterArg::Equal => Jitter::Equal,
            JitterArg::Decorrelated => Jitter::Decorrelated,
        }
    }
}

fn probability(text: &str) -> Result<Probability, String> {
    Probability::parse(text).ok_or_else(|| "must be a number between 0 and 1".into())
}
fn bounded_u32(text: &str, min: u32, max: u32, unit: &str) -> Result<u32, String> {
    text.parse::<u32>().ok().filter(|n| (min..=max).contains(n)).ok_or_else(|| format!("must be between {min} and {max}{unit}"))
}
fn events(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, limits::EVENTS_MAX, "")
}
fn base_s(text: &str) -> Result<u32, String> {
    bounded_u32(text, limits::BACKOFF_BASE_S_MIN, limits::BACKOFF_BASE_S_MAX, " seconds")
}
fn retries_backoff(text: &str) -> Result<u32, String> {
    bounded_u32(text, 0, limits::RETRIES_MAX_BACKOFF, "")
}
fn namespace(text: &str) -> Result<Namespace, String> {
    Namespace::parse(text).ok_or_else(|| "must be dns, url, oid, x500 or a UUID".into())
}
fn key(text: &str) -> Result<String, String> {
    if (1..=1024).contains(&text.len()) {
        Ok(text.to_owned())
    } else {
        Err("must be between 1 and 1024 bytes".into())
    }
}

/// Waits in seconds: whole numbers stay integers in JSON.
fn seconds_value(ms: u64) -> Value {
    if ms.is_multiple_of(1_000) {
        json!(ms / 1_000)
    } else {
        json!(ms as f64 / 1_000.0)
    }
}

fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Schedule { base_s, retries, jitter, seed, json } => {
            let backoff = Backoff { base_s, retries_max: retries, jitter: jitter.into() };
            let waits_ms = backoff.sample_waits_ms(seed);
            let convention = format!("original delivery + {retries} retries, then dead-letter");
            if json {
                let waits_s: Vec<Value> = waits_ms.iter().map(|&ms| seconds_value(ms)).collect();
                return Ok(json!({
                    "base_s": base_s, "retries": retries, "jitter": backoff.jitter.name(), "seed": seed,
                    "convention": convention, "waits_s": waits_s,
                    "total_s": seconds_value(waits_ms.iter().sum()),
                })
                .to_string());
            }
            let mut out = format!("retry n waits {base_s}·2^(n-1) s ({convention}; jitter {})\n", backoff.jitter.name());
            out += &format!("{:>5}  {:<10} {:>10}\n", "retry", "formula", "wait_s");
            for (i, ms) in waits_ms.iter().enumerate() {
                let formula = format!("{base_s}·2^{i}");
                out += &format!("{:>5}  {formula:<10} {:>10}\n", i + 1, seconds_value(*ms));
            }
            out += &format!("{:>5}  {:<10} {:>10}", "total", "", seconds_value(waits_ms.iter().sum()));
            Ok(out)
        }
        Command::Simulate {
            events, failure, ack_lost_share, seed, retries, base_s, jitter, consumer, ack, requeue, rng,
            publications, ids, publish_interval_ms, json,
        } => {
            let requeue = match requeue {
                RequeueArg::Backoff => Requeue::Backoff,
                RequeueArg::Immediate => Requeue::Immediate,
            };
            let default_share = if requeue == Requeue::Immediate { Probability::ONE } else { Probability::from_ppm(500_000).unwrap() };
            let cfg = SimConfig {
                seed,
                rng: match rng {
                    RngArg::Pcg => RngKind::Pcg,
                    RngArg::Python => RngKind::Python,
                },
                facts: events,
                publications_per_fact: publications,
                id_scheme: match ids {
                    IdsArg::Random => IdScheme::Random,
                    IdsArg::Uuid5 => IdScheme::Derived(Namespace::Dns),
                },
                failure,
                ack_lost_share: ack_lost_share.unwrap_or(default_share),
                backoff: Backoff { base_s, retries_max: retries, jitter: jitter.into() },
                requeue,
                ack: match ack {
                    AckArg::Before => AckTiming::Before,
                    AckArg::After => AckTiming::After,
                },
                consumer: match consumer {
                    ConsumerArg::Naive => ConsumerMode::Naive,
                    ConsumerArg::Idempotent => ConsumerMode::Idempotent,
                },
                publish_interval_ms,
                record_trace: false,
            };
            let mut engine = Engine::new(cfg).map_err(|e| format!("--{e}"))?;
            engine.run_to_end();
            let c = engine.counters();
            if json {
                return Ok(json!({
                    "seed": seed, "rng": cfg.rng.name(), "events": events, "failure": failure.as_f64(),
                    "ack_lost_share": cfg.ack_lost_share.as_f64(), "retries": retries, "base_s": base_s,
                    "published": c.published, "deliveries": c.deliveries, "effects": c.effects,
                    "duplicates_discarded": c.duplicates_discarded, "dead_lettered": c.dead_lettered,
                    "acknowledged": c.acknowledged, "lost": c.lost, "end_ms": engine.now_ms(),
                    "trace_hash": format!("{:016x}", engine.trace_hash()),
                })
                .to_string());
            }
            let rows = [
                ("published", c.published.to_string()),
                ("deliveries", c.deliveries.to_string()),
                ("effects", c.effects.to_string()),
                ("duplicates discarded", c.duplicates_discarded.to_string()),
                ("dead-lettered", c.dead_lettered.to_string()),
                ("acknowledged", c.acknowledged.to_string()),
                ("lost", c.lost.to_string()),
                ("simulated time (s)", (engine.now_ms() / 1_000).to_string()),
            ];
            let mut out = format!("seed {seed} · rng {} · failure {failure} · retries {retries}\n", cfg.rng.name());
            out += &rows.iter().map(|(k, v)| format!("{k:<22}{v:>12}")).collect::<Vec<_>>().join("\n");
            Ok(out)
        }
        Command::Uuid5 { namespace, key, json } => {
            let uuid = derived_id(namespace, &key);
            if json {
                return Ok(json!({ "namespace": namespace.to_string(), "key": key, "uuid": uuid.to_string() }).to_string());
            }
            Ok(format!("uuid5({namespace}, {key:?}) = {uuid}"))
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => {
            // --help and --version
            print!("{err}");
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            // One line: clap's first line names the flag and the allowed range.
            let rendered = err.to_string();
            eprintln!("{}", rendered.lines().next().unwrap_or("error: invalid arguments"));
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
