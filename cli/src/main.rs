//! `retry-lab`: the lab's engine on the command line, so course authors can
//! generate the numbers of their text with the code the page runs.

use std::process::ExitCode;

mod run;
mod sweep;

use clap::{Parser, Subcommand, ValueEnum};
use retry_lab_core::ack_timing::{AckMode, AckTimingRun, LoopRow};
use retry_lab_core::engine::{AckTiming, ConsumerMode, Engine, IdScheme, Requeue, SimConfig};
use retry_lab_core::dedup_record::DedupRecordRun;
use retry_lab_core::dedup_ttl::{Outcome as TtlOutcome, TtlRun};
use retry_lab_core::ids::derived_id;
use retry_lab_core::polling::{self, CursorFault, PollingRun};
use retry_lab_core::queue::{self, Poison, QueueConfig, QueueRun};
use retry_lab_core::storm::{self, Behaviour, Breaker, Budget, StormConfig, StormRun, Strategy};
use retry_lab_core::consumer_group::{exercise_10, Commit, SinkKind};
use retry_lab_core::stream::{self, KeyHash};
use retry_lab_core::{limits, Backoff, Intervention, Jitter, Namespace, Outage, Plan, Probability, RngKind, Timed};
use retry_lab_web::link;
use retry_lab_web::registry::{self, preset, Experiment, Group, LabParams, Locks, States};
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
    /// With --base-ms or --attempts, «Confiabilidad a escala»'s count: --attempts N includes
    /// the first call and the wait after failed attempt i (from 0) is base·2^i.
    Schedule {
        /// Default: the preset's, else 30.
        #[arg(long, value_parser = base_s, conflicts_with = "base_ms")]
        base_s: Option<u32>,
        /// Default: the preset's, else 6.
        #[arg(long, value_parser = retries_backoff, conflicts_with = "attempts")]
        retries: Option<u32>,
        /// Base in milliseconds («Confiabilidad a escala»'s retry() uses 200).
        #[arg(long, value_parser = storm_base_ms)]
        base_ms: Option<u64>,
        /// Calls at most, the first included («Confiabilidad a escala»'s max_attempts).
        #[arg(long, value_parser = storm_attempts)]
        attempts: Option<u32>,
        #[arg(long, value_enum)]
        jitter: Option<JitterArg>,
        /// Seed of the jitter draws.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// A page preset of the retries experiment: its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Retries))]
        preset: Option<&'static str>,
        #[arg(long)]
        json: bool,
    },
    /// Run deliveries through the hub and a consumer; print the counters.
    Simulate(Box<SimulateArgs>),
    /// «Colas y streams»'s table: ack before, after, after + dedup, with a crash probability.
    AckTable {
        #[command(flatten)]
        run: LoopArgs,
        /// The broker delivers an acknowledged message once more on its own with this chance (0..=0.5).
        #[arg(long, value_parser = broker_dups)]
        broker_dups: Option<Probability>,
        /// A page preset of the ack-timing experiment (lesson-004); the flags above override it.
        #[arg(long, value_parser = ack_preset)]
        preset: Option<&'static str>,
        #[arg(long)]
        json: bool,
    },
    /// «Confiabilidad a escala»'s retry storm: clients against a dependency that recovers.
    Storm(Box<StormArgs>),
    /// «Colas y streams»'s competing consumers: N jobs of D ms on W workers.
    Workers {
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        jobs: Option<u32>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        job_ms: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000))]
        workers: Option<u32>,
        /// A page preset of the competing consumers (its queue and restart too): its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Workers))]
        preset: Option<&'static str>,
        #[arg(long)]
        json: bool,
    },
    /// «Colas y streams»'s visibility timeout: one message, its job, copies and the DLQ.
    Visibility(Box<VisibilityArgs>),
    /// «At-least-once»'s polling mode: a log read in batches, the consumer's cursor
    /// lost after batch K or a crash before saving it.
    Cursor(Box<CursorArgs>),
    /// «Garantías de entrega»: the dedup record in the effect's transaction, after it, or
    /// before it, in «Colas y streams»'s loop.
    DedupRecord {
        #[command(flatten)]
        run: LoopArgs,
        /// A page preset of the dedup record: its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Dedup))]
        preset: Option<&'static str>,
        #[arg(long)]
        json: bool,
    },
    /// «Confiabilidad a escala»'s processed-id store with expiry, against the backoff
    /// schedule: an event processed at once whose ack is lost N times.
    DedupTtl {
        /// The record's time to live, s (0: it never expires; default: the preset's, else 300).
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=2_592_000))]
        ttl_s: Option<u64>,
        /// Default: the preset's, else 5.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(limits::RETRIES_MAX_BACKOFF)))]
        acks_lost: Option<u32>,
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(i64::from(limits::BACKOFF_BASE_S_MIN)..=i64::from(limits::BACKOFF_BASE_S_MAX)))]
        base_s: u32,
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=i64::from(limits::RETRIES_MAX_BACKOFF)))]
        retries: u32,
        /// A page preset of the expiring record: its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Ttl))]
        preset: Option<&'static str>,
        #[arg(long)]
        json: bool,
    },
    /// «Colas y streams»'s event streams: partitions and keys, groups, lag, a rebalance.
    #[command(subcommand)]
    Stream(StreamCommand),
    /// «Colas y streams»'s capacity arithmetic: backlogs, Little's law, KEDA.
    #[command(subcommand)]
    Capacity(CapacityCommand),
    /// Any experiment through the page's own link decoder and engine: its
    /// numbers, or its export (`--json`, `--csv TABLE`). `retry-lab run
    /// visibility --preset exercise-5 visibility_s=480`, or a pasted link.
    Run(run::RunArgs),
    /// A seeded experiment's scenario over many seeds (and one parameter's
    /// range): each outcome's median and 5th–95th percentile, every point's
    /// seed and link (`--json`, `--csv`). The sweep page's numbers.
    Sweep(sweep::SweepArgs),
    /// Every page preset, with its page, its parameters and the numbers its
    /// run gives (the page's own decoder and engine).
    Presets {
        #[arg(long)]
        json: bool,
    },
    /// Every parameter a link can set, read from the page's registry: its key, its
    /// experiment, its range and unit, its default and its label (one experiment's with EXP).
    Params {
        /// An experiment's code (retries, storm, age…): its own parameters only.
        #[arg(value_parser = experiment_code)]
        experiment: Option<Experiment>,
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// The README's table of them (its rows between the `params` markers).
        #[arg(long)]
        markdown: bool,
    },
    /// uuid5(namespace, key), as Python's uuid.uuid5 computes it.
    Uuid5 {
        /// dns, url, oid, x500, or a custom UUID (default: the preset's, else dns).
        #[arg(long, value_parser = namespace)]
        namespace: Option<Namespace>,
        /// The fact key, e.g. "25544|2026-07-29T14:00:00Z" (1..=1024 bytes; default: the preset's pass, else the lesson's).
        #[arg(long, value_parser = key)]
        key: Option<String>,
        /// A page preset of the double publication: its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::DoublePublication))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum StreamCommand {
    /// The partition of each key (in order).
    Partition {
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        partitions: Option<u32>,
        #[arg(long, value_enum, default_value_t = HashArg::Crc32)]
        hash: HashArg,
        /// Default: the preset's events' keys, else the lesson's six.
        keys: Vec<String>,
        /// A page preset of partitions and keys: its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Partitions))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
    /// A consumer group: consumers reading, and idle ones.
    Group {
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        partitions: Option<u32>,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        consumers: Option<u32>,
        /// A page preset of groups and offsets: its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Groups))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
    /// How a lag drains.
    Lag {
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        partitions: Option<u32>,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        consumers: Option<u32>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        per_consumer_per_s: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=100_000_000))]
        arrival_per_s: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=1_000_000_000_000))]
        behind: Option<u64>,
        /// A page preset of the lag (exercise 9): its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Lag))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
    /// Exercise 10: a consumer dies before committing; another re-reads.
    Rebalance {
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        payments: Option<u32>,
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
        processed_before_crash: Option<u32>,
        /// A page preset of the fraud counter (exercise 10): its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Fraud))]
        preset: Option<&'static str>,

        #[arg(long, value_enum)]
        sink: SinkArg,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum CapacityCommand {
    /// A consumer down for a while: the backlog and how long it takes to drain.
    Backlog {
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=100_000_000))]
        arrival_per_s: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=31_536_000))]
        down_s: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=100_000_000))]
        service_per_s: Option<u64>,
        /// A page preset of capacity (its mean rate, outage and workers): its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Capacity))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
    /// A peak against a pool of workers (the page's queue): synchronous needs, the deepest queue, its newest item's wait.
    Peak {
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=100_000_000))]
        arrival_per_s: Option<u64>,
        /// How long the peak lasts, s.
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=31_536_000))]
        seconds: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
        workers: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        per_worker_per_s: Option<u64>,
        /// A page preset of capacity (its peak and workers): its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Capacity))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
    /// Little's law: the wait W = L ÷ λ.
    Little {
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
        arrival_per_h: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=1_000_000_000))]
        waiting: Option<u64>,
        /// A page preset of capacity (its Little's law): its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Capacity))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
    /// KEDA's queue-length scaler against a burst, with a ceiling of workers.
    Keda {
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        messages: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        queue_length: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400))]
        job_s: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        max_workers: Option<u64>,
        /// A page preset of capacity (its KEDA): its parameters; the flags given override them.
        #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Capacity))]
        preset: Option<&'static str>,

        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum HashArg {
    Crc32,
    Murmur2,
}

#[derive(Clone, Copy, ValueEnum)]
enum SinkArg {
    Add,
    Upsert,
    Dedup,
    CommitFirst,
}

/// «Colas y streams»'s loop (the ack table, the dedup record): each flag left out
/// takes the preset's value, else the page's (1000 messages, 0.05, seed 7, python).
#[derive(clap::Args)]
struct LoopArgs {
    /// Messages in the queue (1..=10000000).
    #[arg(long, value_parser = ack_messages)]
    messages: Option<u32>,
    /// Probability that the consumer crashes in the middle of a message: between its work and
    /// its ack, or between the dedup record's two writes (0..=1, below 1).
    #[arg(long, value_parser = crash)]
    crash: Option<Probability>,
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long, value_enum)]
    rng: Option<RngArg>,
}

#[derive(clap::Args)]
/// Every flag defaults to the preset's value (its left side's strategy), else the page's.
struct StormArgs {
    /// Default 100.
    #[arg(long, value_parser = storm_clients)]
    clients: Option<u32>,
    /// The dependency is down from 0 until this time, in seconds (up to three decimals; default 1).
    #[arg(long = "recover-at-s", value_name = "SECONDS", value_parser = recover_at)]
    recover_at_ms: Option<u64>,
    /// Default 50.
    #[arg(long, value_parser = capacity)]
    capacity_per_s: Option<u32>,
    /// Default none.
    #[arg(long, value_enum)]
    strategy: Option<StrategyArg>,
    /// What the dependency does with more calls than it serves (default fragile:
    /// over 4x its capacity in 0.1 s knocks it down again for 1 s).
    #[arg(long, value_enum)]
    dependency: Option<DependencyArg>,
    /// Default 200.
    #[arg(long, value_parser = storm_base_ms)]
    base_ms: Option<u64>,
    /// Calls per client at most, the first included (default 5).
    #[arg(long, value_parser = storm_attempts)]
    attempts: Option<u32>,
    /// Default 7 (jitter draws only).
    #[arg(long)]
    seed: Option<u64>,
    /// A shared retry budget of this many tokens (gRPC retryThrottling's maxTokens).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    budget_tokens: Option<u32>,
    /// Tokens a success gives back (tokenRatio, 0..=max tokens, three decimals; default 0.1).
    #[arg(long, value_parser = token_ratio)]
    budget_ratio: Option<u32>,
    /// A circuit breaker that opens after this many consecutive failures.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    breaker_failures: Option<u32>,
    /// Default 1000.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    breaker_open_ms: Option<u64>,
    /// Default 1.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    breaker_trials: Option<u32>,
    /// A page preset of the retry storm: its parameters; the flags given override them.
    #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Storm))]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
/// Every flag defaults to the preset's value, else the page's.
struct VisibilityArgs {
    /// The job's duration, s (up to three decimals).
    #[arg(long = "job-s", value_name = "SECONDS", value_parser = queue_seconds)]
    job_ms: Option<u64>,
    /// The visibility timeout, s.
    #[arg(long = "timeout-s", value_name = "SECONDS", value_parser = queue_seconds)]
    timeout_ms: Option<u64>,
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    workers: Option<u32>,
    /// A live worker renews the deadline this often, s.
    #[arg(long = "heartbeat-s", value_name = "SECONDS", value_parser = queue_seconds)]
    heartbeat_ms: Option<u64>,
    /// maxReceiveCount: receives without an ack before the DLQ.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    max_receive: Option<u32>,
    #[arg(long, value_enum)]
    poison: Option<PoisonArg>,
    /// A page preset of the visibility timeout: its parameters; the flags given override them.
    #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Visibility))]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("fault").args(["lose_cursor_after", "crash_before_save"])))]
/// Every flag defaults to the preset's value, else the page's (100 events
/// in batches of 10, the cursor lost after batch 5, the idempotent consumer).
struct CursorArgs {
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(polling::EVENTS_MAX)))]
    events: Option<u32>,
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(polling::EVENTS_MAX)))]
    batch: Option<u32>,
    /// The saved cursor is lost after batch K (from 1).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    lose_cursor_after: Option<u32>,
    /// Batch K (from 1) is processed, then the consumer crashes before saving the cursor.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    crash_before_save: Option<u32>,
    #[arg(long, value_enum)]
    consumer: Option<ConsumerArg>,
    /// A page preset of the cursor: its parameters; the flags given override them.
    #[arg(long, value_parser = |t: &str| preset_of(t, Experiment::Cursor))]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum PoisonArg {
    Hang,
    CrashOnOpen,
}

#[derive(Clone, Copy, ValueEnum)]
enum DependencyArg {
    Fragile,
    Shedding,
}

#[derive(Clone, Copy, ValueEnum)]
enum StrategyArg {
    Immediate,
    Fixed,
    None,
    Full,
    Equal,
    Decorrelated,
}

impl From<StrategyArg> for Strategy {
    fn from(s: StrategyArg) -> Self {
        match s {
            StrategyArg::Immediate => Strategy::Immediate,
            StrategyArg::Fixed => Strategy::Fixed,
            StrategyArg::None => Strategy::Exponential,
            StrategyArg::Full => Strategy::Full,
            StrategyArg::Equal => Strategy::Equal,
            StrategyArg::Decorrelated => Strategy::Decorrelated,
        }
    }
}

impl From<JitterArg> for Strategy {
    fn from(j: JitterArg) -> Self {
        strategy_of(j.into())
    }
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

#[derive(clap::Args)]
struct SimulateArgs {
    /// Facts published (1..=1000000).
    #[arg(long, value_parser = events)]
    events: Option<u32>,
    /// Probability that one delivery attempt fails (0..=1).
    #[arg(long, value_parser = probability)]
    failure: Option<Probability>,
    /// Share of failures where the consumer processed the event but the ack
    /// was lost (0..=1). Default: 0.5 with backoff, 1 with immediate requeue
    /// («Colas y streams»'s crash between work and ack).
    #[arg(long, value_parser = probability)]
    ack_lost_share: Option<Probability>,
    #[arg(long)]
    seed: Option<u64>,
    /// Retries before dead-letter (0..=20 with backoff, 0..=10000 with
    /// immediate requeue). Default: 6 with backoff; with immediate requeue
    /// 10000, which never binds below ~99 % failures («Colas y streams»'s loop has
    /// no bound).
    #[arg(long)]
    retries: Option<u32>,
    #[arg(long, value_parser = base_s)]
    base_s: Option<u32>,
    #[arg(long, value_enum)]
    jitter: Option<JitterArg>,
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
    #[arg(long)]
    publish_interval_ms: Option<u64>,
    /// The consumer is down from START to END seconds (END excluded); repeatable.
    #[arg(long, value_parser = outage)]
    outage: Vec<Outage>,
    /// The root cause is fixed at this time, s: from then on nothing fails.
    #[arg(long, value_parser = plan_time)]
    fix_at: Option<u64>,
    /// Every dead letter is retried at this time, s; repeatable.
    #[arg(long, value_parser = plan_time)]
    retry_all_at: Vec<u64>,
    /// A page preset of the retries experiment (lesson, consumer-down, outage-story, flaky-acks):
    /// its parameters and plan; the flags above override them.
    #[arg(long, value_parser = retries_preset)]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
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
fn storm_clients(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, storm::bounds::CLIENTS_MAX, "")
}
fn storm_attempts(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, storm::bounds::ATTEMPTS_MAX, "")
}
fn capacity(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, storm::bounds::CAPACITY_MAX, " calls per second")
}
fn storm_base_ms(text: &str) -> Result<u64, String> {
    bounded_u32(text, 1, storm::bounds::BASE_MS_MAX as u32, " milliseconds").map(u64::from)
}
/// A queue's durations: seconds with up to three decimals, 0.001 s to 14 days.
fn queue_seconds(text: &str) -> Result<u64, String> {
    retry_lab_web::format::parse_seconds(text.trim())
        .filter(|ms| (1..=queue::RETENTION_MAX_MS).contains(ms))
        .ok_or_else(|| format!("must be between 0.001 and {} seconds", queue::RETENTION_MAX_MS / 1_000))
}
/// Seconds with up to three decimals, as milliseconds.
fn recover_at(text: &str) -> Result<u64, String> {
    let max_s = storm::bounds::RECOVER_S_MAX;
    retry_lab_web::format::parse_seconds(text.trim()).filter(|ms| *ms <= max_s * 1_000).ok_or_else(|| format!("must be between 0 and {max_s} seconds"))
}
/// Thousandths of a token.
fn token_ratio(text: &str) -> Result<u32, String> {
    retry_lab_web::format::parse_seconds(text.trim()).filter(|m| *m <= 1_000_000).map(|m| m as u32).ok_or_else(|| "must be a number from 0 to 1000 (three decimals)".into())
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
fn ack_messages(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, limits::ACK_TIMING_MESSAGES_MAX, "")
}
/// The loop never ends at 1: every message crashes forever.
fn broker_dups(text: &str) -> Result<Probability, String> {
    Probability::parse(text).filter(|p| p.ppm() <= 500_000).ok_or_else(|| "must be a number from 0 to 0.5".into())
}
fn crash(text: &str) -> Result<Probability, String> {
    Probability::parse(text).filter(|p| *p != Probability::ONE).ok_or_else(|| "must be a number from 0 to below 1".into())
}
fn plan_time(text: &str) -> Result<u64, String> {
    let max_s = limits::PLAN_TIME_MS_MAX / 1_000;
    retry_lab_web::format::parse_seconds(text.trim()).ok_or_else(|| format!("must be between 0 and {max_s} seconds"))
}
fn outage(text: &str) -> Result<Outage, String> {
    let max_s = limits::PLAN_TIME_MS_MAX / 1_000;
    let message = || format!("must be START..END in seconds, 0 <= START < END <= {max_s}");
    let (start, end) = text.split_once("..").ok_or_else(message)?;
    let (start_ms, end_ms) = (plan_time(start).map_err(|_| message())?, plan_time(end).map_err(|_| message())?);
    (start_ms < end_ms).then_some(Outage { start_ms, end_ms }).ok_or_else(message)
}
/// A page preset of one experiment, by its code.
fn preset_of(text: &str, experiment: Experiment) -> Result<&'static str, String> {
    let codes: Vec<&'static str> = experiment.presets().iter().filter(|p| p.in_version(link::VERSION)).map(|p| p.code).collect();
    match codes.iter().find(|c| **c == text) {
        Some(code) => Ok(code),
        None => {
            let owner = preset(link::VERSION, text).map(|(e, _)| e);
            let hint = owner.map_or_else(String::new, |e| format!(" ({text} is a preset of the {} experiment)", e.code()));
            Err(format!("must be one of {}{hint}", codes.join(", ")))
        }
    }
}
fn retries_preset(text: &str) -> Result<&'static str, String> {
    preset_of(text, Experiment::Retries)
}
fn ack_preset(text: &str) -> Result<&'static str, String> {
    preset_of(text, Experiment::AckTiming)
}
/// A preset's parameters as the page has them (the same decoder as its links).
fn preset_params(code: Option<&str>) -> LabParams {
    let preset = code.and_then(|code| preset(link::VERSION, code));
    preset.map(|(_, p)| link::preset_values(p, &LabParams::default(), &Locks::default()).0).unwrap_or_default()
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

/// `schedule` in «Confiabilidad a escala»'s count: the attempts include the first call.
fn attempt_schedule(cfg: StormConfig, json: bool) -> String {
    let seed = cfg.seed;
    // One client's waits; with jitter, client 0's draws for this seed.
    let waits_us = cfg.waits_us(0);
    let ms = |us: u64| if us.is_multiple_of(1_000) { json!(us / 1_000) } else { json!(us as f64 / 1_000.0) };
    let convention = format!("{} attempts, the first call included; the wait after failed attempt i (from 0) is base·2^i", cfg.attempts_max);
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

/// The page's storm (the preset's, left side), then every flag given.
fn storm_config(args: &StormArgs) -> StormConfig {
    let base = preset_params(args.preset);
    let page = base.storm.config(0, &base.shared);
    let ratio = args.budget_ratio.or(page.budget.map(|b| b.token_ratio_milli)).unwrap_or(100);
    let budget = match args.budget_tokens {
        Some(max_tokens) => Some(Budget { max_tokens, token_ratio_milli: ratio }),
        None => page.budget.map(|b| Budget { token_ratio_milli: ratio, ..b }),
    };
    let breaker = match args.breaker_failures {
        Some(failures_to_open) => Some(Breaker { failures_to_open, ..page.breaker.unwrap_or(Breaker { failures_to_open, open_ms: 1_000, half_open_calls: 1 }) }),
        None => page.breaker,
    }
    .map(|b| Breaker { open_ms: args.breaker_open_ms.unwrap_or(b.open_ms), half_open_calls: args.breaker_trials.unwrap_or(b.half_open_calls), ..b });
    StormConfig {
        clients: args.clients.unwrap_or(page.clients),
        recover_at_ms: args.recover_at_ms.unwrap_or(page.recover_at_ms),
        capacity_per_s: args.capacity_per_s.unwrap_or(page.capacity_per_s),
        behaviour: match args.dependency {
            None => page.behaviour,
            Some(DependencyArg::Fragile) => Behaviour::FRAGILE,
            Some(DependencyArg::Shedding) => Behaviour::Shedding,
        },
        strategy: args.strategy.map_or(page.strategy, Strategy::from),
        base_ms: args.base_ms.unwrap_or(page.base_ms),
        attempts_max: args.attempts.unwrap_or(page.attempts_max),
        seed: args.seed.unwrap_or(page.seed),
        budget,
        breaker,
    }
}

fn run_storm(args: StormArgs) -> Result<String, String> {
    let cfg = storm_config(&args);
    let run = StormRun::new(cfg).map_err(|e| format!("--{}: must be {}", e.field, e.allowed))?;
    let c = run.counters;
    let last_success_s = c.last_success_us.map(|us| json!(us as f64 / 1e6));
    if args.json {
        return Ok(json!({
            "clients": cfg.clients, "recover_at_s": cfg.recover_at_ms as f64 / 1e3, "capacity_per_s": cfg.capacity_per_s,
            "strategy": cfg.strategy.code(), "dependency": cfg.behaviour.code(), "collapses": c.collapses, "base_ms": cfg.base_ms, "attempts": cfg.attempts_max, "seed": cfg.seed,
            "calls": c.calls, "calls_to_dependency": c.calls_to_dependency, "succeeded": c.succeeded, "exhausted": c.exhausted,
            "throttled": c.throttled, "fallbacks": c.fallbacks, "ended_on_fallback": c.ended_on_fallback,
            "peak_calls_per_s": c.peak_calls_per_s,
            "last_success_s": last_success_s,
        })
        .to_string());
    }
    let last = c.last_success_us.map_or("none".into(), |us| format!("{} s", us as f64 / 1e6));
    Ok(format!(
        "{} clients, dependency down until {} s then {} calls/s, strategy {}, base {} ms, {} attempts, seed {}\n\
         calls {} (to the dependency {}), succeeded {}, exhausted {}, throttled {}, fallbacks served {} (clients ending on one {}), peak {} calls/s, last success {last}",
        cfg.clients, cfg.recover_at_ms as f64 / 1e3, cfg.capacity_per_s, cfg.strategy.code(), cfg.base_ms, cfg.attempts_max, cfg.seed,
        c.calls, c.calls_to_dependency, c.succeeded, c.exhausted, c.throttled, c.fallbacks, c.ended_on_fallback, c.peak_calls_per_s
    ))
}

/// A config the core refused, in one line: a flag's range (`--events must
/// be …`), or the work a run would take and what to lower.
fn config_error(e: retry_lab_core::ConfigError) -> String {
    match e.field {
        "work" => format!("too much work: {}", e.allowed),
        _ => format!("--{e}"),
    }
}

/// A queue run within the work budget, or the page's words for what to lower.
fn queue_run(config: QueueConfig) -> Result<QueueRun, String> {
    QueueRun::new(config).map_err(|over| retry_lab_web::experiments::over_budget_text(retry_lab_web::i18n::Lang::En, &over))
}

fn run_workers(jobs: Option<u32>, job_ms: Option<u64>, workers: Option<u32>, preset: Option<&str>, json: bool) -> Result<String, String> {
    let page = preset_params(preset).workers.config();
    let (jobs, job_ms, workers) = (jobs.unwrap_or(page.messages), job_ms.unwrap_or(page.job_ms), workers.unwrap_or(page.workers));
    let run = queue_run(QueueConfig { messages: jobs, job_ms, workers, ..page })?;
    let makespan_ms = run.done_at_ms().unwrap_or(0);
    let speedup = (u64::from(jobs) * job_ms) as f64 / makespan_ms.max(1) as f64;
    // Receives beyond each message's first (a restart can lose messages
    // never received: receives may be fewer than messages).
    let received: std::collections::BTreeSet<u32> = run.receives.iter().map(|r| r.message).collect();
    let repeated = run.receives.len() - received.len();
    let done = run.ends.iter().filter(|e| matches!(e, queue::MessageEnd::Deleted { .. })).count();
    let lost = run.ends.iter().filter(|e| matches!(e, queue::MessageEnd::Lost { .. })).count();
    if json {
        return Ok(json!({ "jobs": jobs, "job_ms": job_ms, "workers": workers, "makespan_ms": run.done_at_ms(), "speedup": speedup,
            "done": done, "lost": lost, "repeated": repeated }).to_string());
    }
    let makespan = run.done_at_ms().map_or("not all done".to_owned(), |ms| format!("done in {ms} ms ({speedup:.2}x one worker)"));
    Ok(format!("{jobs} jobs of {job_ms} ms on {workers} workers: {makespan}; {done} done, {lost} lost, {repeated} repeated"))
}

fn run_visibility(args: VisibilityArgs) -> Result<String, String> {
    let page = preset_params(args.preset).visibility.config();
    let run = queue_run(QueueConfig {
        job_ms: args.job_ms.unwrap_or(page.job_ms),
        workers: args.workers.unwrap_or(page.workers),
        visibility_ms: args.timeout_ms.unwrap_or(page.visibility_ms),
        heartbeat_ms: args.heartbeat_ms.or(page.heartbeat_ms),
        max_receives: args.max_receive.or(page.max_receives),
        poison: match args.poison {
            None => page.poison,
            Some(PoisonArg::Hang) => Poison::Hang,
            Some(PoisonArg::CrashOnOpen) => Poison::CrashOnOpen,
        },
        ..page
    })?;
    let seconds = |ms: u64| json!(ms as f64 / 1e3);
    let copies = run.copies(0);
    let dead_letter_at_s = run.dead_letter_at_ms(0).map(seconds);
    let done_at_s = run.done_at_ms().map(seconds);
    if args.json {
        return Ok(json!({ "copies": copies, "receives": run.receives.len(), "worker_s": seconds(run.worker_ms()),
            "dead_letter_at_s": dead_letter_at_s, "done_at_s": done_at_s, "naive_effects": run.naive_effects() }).to_string());
    }
    let at = |v: Option<Value>| v.map_or("never".into(), |s| format!("at {s} s"));
    Ok(format!("{copies} copies ({} effects without idempotency), {} s of worker time; done {}; dead-letter {}",
        run.naive_effects(), run.worker_ms() as f64 / 1e3, at(done_at_s), at(dead_letter_at_s)))
}

fn run_cursor(args: CursorArgs) -> String {
    use retry_lab_web::experiments::cursor::Fault;
    let page = preset_params(args.preset).cursor;
    let fault = match (args.lose_cursor_after, args.crash_before_save, page.fault) {
        (Some(k), _, _) => Some(CursorFault::LostAfter(k)),
        (_, Some(k), _) => Some(CursorFault::CrashBeforeSave(k)),
        (None, None, Fault::None) => None,
        (None, None, Fault::Lost) => Some(CursorFault::LostAfter(page.fault_batch)),
        (None, None, Fault::CrashBeforeSave) => Some(CursorFault::CrashBeforeSave(page.fault_batch)),
    };
    let consumer = match args.consumer {
        Some(ConsumerArg::Naive) => ConsumerMode::Naive,
        _ => ConsumerMode::Idempotent,
    };
    let (events, batch) = (args.events.unwrap_or(page.events), args.batch.unwrap_or(page.batch));
    let r = PollingRun { events, batch, fault, consumer }.run();
    if args.json {
        return json!({ "events": events, "batch": batch, "reads": r.reads, "effects": r.effects,
            "duplicates_discarded": r.duplicates_discarded, "batches": r.batches.len(), "cursor": r.cursor }).to_string();
    }
    format!("{events} events in batches of {batch}: {} reads in {} batches, {} effects, {} duplicates discarded (the cursor is the next sequence number to read)",
        r.reads, r.batches.len(), r.effects, r.duplicates_discarded)
}

fn dedup_record(run: DedupRecordRun, json: bool) -> String {
    let rows = run.rows();
    if json {
        let rows: Vec<Value> = rows.iter().map(|r| json!({ "placement": r.placement.code(), "deliveries": r.deliveries,
            "effects": r.effects, "discarded": r.discarded, "lost": r.lost })).collect();
        return json!({ "messages": run.messages, "crash": run.crash.to_string(), "seed": run.seed, "rng": run.rng.name(), "rows": rows }).to_string();
    }
    let mut out = format!("{} messages, crash {}, seed {}, rng {}\n{:<20} {:>10} {:>10} {:>10} {:>6}",
        run.messages, run.crash, run.seed, run.rng.name(), "placement", "deliveries", "effects", "discarded", "lost");
    for r in rows {
        out += &format!("\n{:<20} {:>10} {:>10} {:>10} {:>6}", r.placement.code(), r.deliveries, r.effects, r.discarded, r.lost);
    }
    out
}

fn dedup_ttl(run: TtlRun, json: bool) -> String {
    let deliveries = run.deliveries();
    let name = |o: TtlOutcome| match o {
        TtlOutcome::Processed => "processed",
        TtlOutcome::Discarded => "discarded",
        TtlOutcome::ProcessedAgain => "processed_again",
    };
    if json {
        let rows: Vec<Value> = deliveries.iter().map(|d| json!({ "at_s": seconds_value(d.at_ms), "outcome": name(d.outcome) })).collect();
        return json!({ "ttl_s": run.ttl_ms.map(seconds_value), "effects": run.effects(), "deliveries": rows }).to_string();
    }
    let rows: Vec<String> = deliveries.iter().map(|d| format!("{} s {}", seconds_value(d.at_ms), name(d.outcome))).collect();
    format!("{} effects: {}", run.effects(), rows.join(", "))
}

/// The JSON or the sentence, as `--json` asks.
fn out(json: bool, value: Value, text: String) -> String {
    if json { value.to_string() } else { text }
}

fn run_stream(command: StreamCommand) -> String {
    match command {
        StreamCommand::Partition { partitions, hash, keys, preset, json } => {
            let page = preset_params(preset).partitions;
            let partitions = partitions.unwrap_or(page.partitions);
            let keys = if keys.is_empty() { page.events.into_iter().map(|(key, _)| key).collect() } else { keys };
            let hash = match hash {
                HashArg::Crc32 => KeyHash::Crc32,
                HashArg::Murmur2 => KeyHash::Murmur2,
            };
            let ps: Vec<u32> = keys.iter().map(|k| stream::partition_of(k.as_bytes(), partitions, hash)).collect();
            let text = keys.iter().zip(&ps).map(|(k, p)| format!("{k} -> partition {p}")).collect::<Vec<_>>().join("\n");
            out(json, json!({ "partitions": ps }), text)
        }
        StreamCommand::Group { partitions, consumers, preset, json } => {
            let page = preset_params(preset).groups;
            let (partitions, consumers) = (partitions.unwrap_or(page.partitions), consumers.unwrap_or(page.consumers));
            let (active, idle) = stream::group(partitions, consumers);
            out(json, json!({ "active": active, "idle": idle }), format!("{active} consumers read, {idle} idle"))
        }
        StreamCommand::Lag { partitions, consumers, per_consumer_per_s, arrival_per_s, behind, preset, json } => {
            let page = preset_params(preset).lag;
            let (partitions, consumers) = (partitions.unwrap_or(page.partitions), consumers.unwrap_or(page.consumers));
            let per_consumer_per_s = per_consumer_per_s.unwrap_or(page.per_consumer_per_s);
            let (arrival_per_s, behind) = (arrival_per_s.unwrap_or(page.arrival_per_s), behind.unwrap_or(page.behind));
            let c = stream::catch_up(partitions, consumers, per_consumer_per_s, arrival_per_s, behind);
            let text = format!("consumes {}/s, spare {}/s, caught up {}", c.consume_per_s, c.spare_per_s,
                c.catch_up_s.map_or("never".into(), |s| format!("in {s} s")));
            out(json, json!({ "consume_per_s": c.consume_per_s, "spare_per_s": c.spare_per_s, "catch_up_s": c.catch_up_s }), text)
        }
        StreamCommand::Rebalance { payments, processed_before_crash, sink, preset, json } => {
            let page = preset_params(preset).fraud;
            let (payments, processed_before_crash) = (payments.unwrap_or(page.payments), processed_before_crash.unwrap_or(page.processed));
            let (commit, sink) = match sink {
                SinkArg::Add => (Commit::AfterBatch, SinkKind::Add),
                SinkArg::Upsert => (Commit::AfterBatch, SinkKind::Upsert),
                SinkArg::Dedup => (Commit::AfterBatch, SinkKind::Dedup),
                SinkArg::CommitFirst => (Commit::BeforeBatch, SinkKind::Add),
            };
            let counter = exercise_10(payments, processed_before_crash, commit, sink);
            out(json, json!({ "counter": counter }), format!("the counter says {counter} (payments: {payments})"))
        }
    }
}

fn run_capacity(command: CapacityCommand) -> String {
    match command {
        CapacityCommand::Backlog { arrival_per_s, down_s, service_per_s, preset, json } => {
            // The page's own queue (its fluid model): with a preset, its peak
            // too, so the backlog is the page's deepest point; without one,
            // the outage alone (the subcommand's question).
            let mut page = preset_params(preset).capacity;
            if preset.is_none() {
                page.peak_s = 0;
            }
            page.mean_per_s = arrival_per_s.unwrap_or(page.mean_per_s);
            page.down_s = down_s.unwrap_or(page.down_s);
            if let Some(service_per_s) = service_per_s {
                (page.workers, page.per_worker_per_s) = (1, service_per_s);
            }
            let state = page.state();
            let (backlog, drain_s) = (state.fluid.peak.1, state.drain_after_back_s(&page));
            let text = format!("{backlog} waiting at the deepest; drained {}", drain_s.map_or("never".into(), |s| format!("{s} s after the workers return")));
            out(json, json!({ "backlog": backlog, "drain_s": drain_s }), text)
        }
        CapacityCommand::Peak { arrival_per_s, seconds, workers, per_worker_per_s, preset, json } => {
            // The page's numbers for the same parameters (its mean, peak and
            // outage): what a synchronous design needs at the highest rate,
            // the deepest queue and how long its newest item waits.
            let mut page = preset_params(preset).capacity;
            page.peak_per_s = arrival_per_s.unwrap_or(page.peak_per_s);
            page.peak_s = seconds.unwrap_or(page.peak_s);
            page.workers = workers.unwrap_or(page.workers);
            page.per_worker_per_s = per_worker_per_s.unwrap_or(page.per_worker_per_s);
            let state = page.state();
            let (sync_workers, backlog, last_wait_s) = (state.sync_workers, state.fluid.peak.1, state.newest_wait_s);
            let text = format!("synchronous: {sync_workers} workers; with a queue and {}: {backlog} waiting at the deepest, the newest there waits {}",
                page.workers, last_wait_s.map_or("forever".into(), |s| format!("{s} s")));
            out(json, json!({ "sync_workers": sync_workers, "backlog": backlog, "last_wait_s": last_wait_s }), text)
        }
        CapacityCommand::Little { arrival_per_h, waiting, preset, json } => {
            let page = preset_params(preset).capacity;
            let (arrival_per_h, waiting) = (arrival_per_h.unwrap_or(page.little_per_h), waiting.unwrap_or(page.little_waiting));
            let wait_h = stream::capacity::little_wait(arrival_per_h as f64, waiting as f64);
            out(json, json!({ "wait_h": wait_h }), format!("W = L / λ = {waiting} / {arrival_per_h} = {} h", wait_h.unwrap_or(0.0)))
        }
        CapacityCommand::Keda { messages, queue_length, job_s, max_workers, preset, json } => {
            let page = preset_params(preset).capacity;
            let (messages, queue_length) = (messages.unwrap_or(page.keda_messages), queue_length.unwrap_or(page.keda_queue_length));
            let (job_s, max_workers) = (job_s.unwrap_or(page.keda_job_s), max_workers.unwrap_or(page.keda_max));
            let (wanted, last_wait_s) = stream::capacity::keda(messages, queue_length, job_s, max_workers);
            out(json, json!({ "workers_wanted": wanted, "last_wait_s": last_wait_s }),
                format!("{wanted} workers wanted (at most {max_workers}); the last waits {last_wait_s} s"))
        }
    }
}

fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Schedule { base_s, retries, base_ms, attempts, jitter, seed, preset, json } if base_ms.is_some() || attempts.is_some() => {
            let page = preset_params(preset).retries;
            let cfg = StormConfig {
                base_ms: base_ms.unwrap_or(u64::from(base_s.unwrap_or(page.base_s)) * 1_000),
                attempts_max: attempts.unwrap_or(retries.unwrap_or(page.retries_max) + 1),
                strategy: strategy_of(jitter.map_or(page.jitter, Jitter::from)),
                seed,
                ..StormConfig::default()
            };
            Ok(attempt_schedule(cfg, json))
        }
        Command::Schedule { base_s, retries, jitter, seed, preset, json, .. } => {
            let page = preset_params(preset).retries;
            let (base_s, retries) = (base_s.unwrap_or(page.base_s), retries.unwrap_or(page.retries_max));
            let backoff = Backoff { base_s, retries_max: retries, jitter: jitter.map_or(page.jitter, Jitter::from) };
            let waits_ms = backoff.sample_waits_ms(seed);
            let convention = format!("original delivery + {retries} retries, then dead-letter");
            if json {
                let waits_s: Vec<Value> = waits_ms.iter().map(|&ms| seconds_value(ms)).collect();
                return Ok(json!({
                    "base_s": base_s, "retries": retries, "jitter": backoff.jitter.name(), "seed": seed,
                    "convention": convention, "waits_s": waits_s, "waits_ms": waits_ms,
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
        Command::Simulate(args) => simulate(*args),
        Command::Storm(args) => run_storm(*args),
        Command::Workers { jobs, job_ms, workers, preset, json } => run_workers(jobs, job_ms, workers, preset, json),
        Command::Visibility(args) => run_visibility(*args),
        Command::Cursor(args) => Ok(run_cursor(*args)),
        Command::Stream(command) => Ok(run_stream(command)),
        Command::Capacity(command) => Ok(run_capacity(command)),
        Command::DedupTtl { ttl_s, acks_lost, base_s, retries, preset, json } => {
            let page = preset_params(preset).ttl;
            let backoff = Backoff { base_s, retries_max: retries, jitter: Jitter::None };
            let ttl_s = ttl_s.unwrap_or(page.ttl_s.into());
            let acks_lost = acks_lost.unwrap_or(page.acks_lost);
            Ok(dedup_ttl(TtlRun { backoff, acks_lost, ttl_ms: (ttl_s > 0).then(|| ttl_s * 1_000) }, json))
        }
        Command::DedupRecord { run, preset, json } => {
            let base = preset_params(preset);
            let (messages, crash, seed, rng) = run.over((base.dedup.messages, base.dedup.crash, base.shared.seed, base.dedup.rng));
            Ok(dedup_record(DedupRecordRun { messages, crash, seed, rng }, json))
        }
        Command::AckTable { run, broker_dups, preset, json } => {
            let base = preset_params(preset);
            let (messages, crash, seed, rng) = run.over((base.ack.messages, base.ack.crash, base.shared.seed, base.ack.rng));
            let run = AckTimingRun { messages, crash, seed, rng };
            let dups = broker_dups.unwrap_or(base.ack.broker_dups);
            let rows = run.loop_rows(dups).map_err(config_error)?;
            Ok(ack_table(&run, dups, &rows, json))
        }
        Command::Run(args) => run::run(args),
        Command::Sweep(args) => sweep::sweep(args),
        Command::Presets { json } => Ok(presets(json)),
        Command::Params { experiment, markdown: true, .. } => Ok(params_markdown(experiment)),
        Command::Params { experiment, json, .. } => Ok(params(experiment, json)),
        Command::Uuid5 { namespace, key, preset, json } => {
            let page = preset_params(preset).uuid5;
            let (namespace, key) = (namespace.unwrap_or(page.namespace), key.unwrap_or_else(|| page.pass.key()));
            let uuid = derived_id(namespace, &key);
            if json {
                return Ok(json!({ "namespace": namespace.to_string(), "key": key, "uuid": uuid.to_string() }).to_string());
            }
            Ok(format!("uuid5({namespace}, {key:?}) = {uuid}"))
        }
    }
}

/// An experiment's code, or the lab's codes in the error.
fn experiment_code(text: &str) -> Result<Experiment, String> {
    Experiment::parse(text).ok_or_else(|| {
        let codes: Vec<&str> = Experiment::ALL.iter().map(|e| e.code()).collect();
        format!("no experiment {text:?}; the lab's: {}", codes.join(", "))
    })
}

/// A parameter's range as the page declares it: "1–86,400 s", "0–1", "off, on".
fn range_text(domain: &retry_lab_web::params::Domain) -> String {
    use retry_lab_web::format::int;
    use retry_lab_web::params::Domain;
    match domain {
        Domain::Ratio { max_ppm, .. } => format!("0–{}", Probability::from_ppm(*max_ppm).unwrap_or(Probability::ONE)),
        Domain::Int { min, max, unit } => format!("{}–{}{}{unit}", int(*min), int(*max), if unit.is_empty() { "" } else { " " }),
        Domain::Choice { codes, .. } => codes.join(", "),
        Domain::Text { expected, .. } => (*expected).to_owned(),
    }
}

/// The page's parameters, from its registry: nothing here is declared again.
fn params(only: Option<Experiment>, json: bool) -> String {
    use retry_lab_web::i18n::Lang;
    use retry_lab_web::registry::{Owner, ParamId};
    let defaults = LabParams::default();
    let rows: Vec<(ParamId, &str)> = ParamId::all()
        .filter_map(|p| {
            let owner = match p.owner { Owner::Shared => "shared", Owner::Experiment(e) => e.code() };
            let keep = only.is_none_or(|e| p.owner == Owner::Experiment(e));
            keep.then_some((p, owner))
        })
        .collect();
    if json {
        let list: Vec<Value> = rows.iter().map(|(p, owner)| json!({
            "key": p.key(), "experiment": owner, "range": range_text(&p.domain()), "default": p.encode(&defaults),
            "label_es": p.label(Lang::Es), "label_en": p.label(Lang::En),
        })).collect();
        return json!({ "params": list }).to_string();
    }
    rows.iter()
        .map(|(p, owner)| format!("{:<20} {:<13} {:<28} default {:<12} {}", p.key(), owner, range_text(&p.domain()), p.encode(&defaults), p.label(Lang::En)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The README's parameter table: one row a parameter, its experiment's page,
/// its label as the page shows it (English, Spanish), its range and default.
fn params_markdown(only: Option<Experiment>) -> String {
    use retry_lab_web::i18n::Lang;
    use retry_lab_web::registry::{Owner, ParamId};
    let defaults = LabParams::default();
    let mut out = String::from("| key | experiment | label (en · es) | range | default |\n| --- | --- | --- | --- | --- |\n");
    for p in ParamId::all().filter(|p| only.is_none_or(|e| p.owner == Owner::Experiment(e))) {
        let owner = match p.owner {
            Owner::Shared => "every experiment".to_owned(),
            Owner::Experiment(e) => format!("`{}` (`./{}`)", e.code(), Group::of(e.code()).map_or("", |g| g.dir)),
        };
        let default = match p.encode(&defaults) {
            text if text.is_empty() => "none".to_owned(),
            text => format!("`{text}`"),
        };
        let cell = |text: String| text.replace('|', "\\|");
        out += &format!(
            "| `{}` | {owner} | {} · {} | {} | {default} |\n",
            p.key(),
            cell(p.label(Lang::En).to_owned()),
            cell(p.label(Lang::Es).to_owned()),
            cell(range_text(&p.domain()))
        );
    }
    out.trim_end().to_owned()
}

/// Every preset of the current link version, in the registry's order.
fn presets(json: bool) -> String {
    let rows: Vec<(Experiment, &registry::Preset, registry::Numbers)> = registry::presets(link::VERSION)
        .map(|(e, p)| {
            let (params, clock_ms) = link::preset_values(p, &LabParams::default(), &Locks::default());
            let numbers = States::init(&params, e, clock_ms).numbers(&params, e);
            (e, p, numbers)
        })
        .collect();
    let page = |e: Experiment| Group::of(e.code()).map_or("", |g| g.dir);
    if json {
        let list: Vec<Value> = rows
            .iter()
            .map(|(e, p, numbers)| {
                let values: serde_json::Map<String, Value> = p.values.iter().map(|(k, v)| ((*k).to_owned(), json!(v))).collect();
                let numbers: serde_json::Map<String, Value> = numbers.iter().map(|(k, v)| ((*k).to_owned(), json!(v))).collect();
                json!({ "preset": p.code, "experiment": e.code(), "page": page(*e),
                    "label": (p.label)(retry_lab_web::i18n::Lang::En), "values": values, "numbers": numbers })
            })
            .collect();
        return json!({ "presets": list }).to_string();
    }
    rows.iter()
        .map(|(e, p, numbers)| {
            let numbers: Vec<String> = numbers.iter().map(|(k, v)| format!("{k} {v}")).collect();
            format!("{} ({}, ./{}): {}", p.code, e.code(), page(*e), numbers.join(" · "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl LoopArgs {
    /// The flags given, over the page's (messages, crash, seed, generator).
    fn over(&self, page: (u32, Probability, u64, RngKind)) -> (u32, Probability, u64, RngKind) {
        (self.messages.unwrap_or(page.0), self.crash.unwrap_or(page.1), self.seed.unwrap_or(page.2), self.rng.map_or(page.3, RngKind::from))
    }
}

impl From<RngArg> for RngKind {
    fn from(arg: RngArg) -> Self {
        match arg {
            RngArg::Pcg => RngKind::Pcg,
            RngArg::Python => RngKind::Python,
        }
    }
}

/// The config of a `simulate` run: the preset's (or the page's defaults),
/// then every flag given.
fn simulate_config(a: &SimulateArgs) -> Result<(SimConfig, Plan), String> {
    let base = preset_params(a.preset);
    let requeue = match a.requeue {
        RequeueArg::Backoff => Requeue::Backoff,
        RequeueArg::Immediate => Requeue::Immediate,
    };
    if a.preset.is_none() && (a.events.is_none() || a.failure.is_none()) {
        return Err("--events and --failure are required (or --preset NAME)".into());
    }
    let immediate = requeue == Requeue::Immediate;
    let default_share = if immediate { Probability::ONE } else { base.retries.ack_lost_share };
    // «Colas y streams»'s loop has no retry bound: immediate requeue gets the
    // largest, which never binds below ~99 % failures.
    let default_retries = if immediate { limits::RETRIES_MAX_IMMEDIATE } else { base.retries.retries_max };
    let cfg = SimConfig {
        seed: a.seed.unwrap_or(base.shared.seed),
        rng: a.rng.into(),
        facts: a.events.unwrap_or(base.retries.events),
        publications_per_fact: a.publications,
        id_scheme: match a.ids {
            IdsArg::Random => IdScheme::Random,
            IdsArg::Uuid5 => IdScheme::Derived(Namespace::Dns),
        },
        failure: a.failure.unwrap_or(base.retries.failure),
        ack_lost_share: a.ack_lost_share.unwrap_or(default_share),
        backoff: Backoff {
            base_s: a.base_s.unwrap_or(base.retries.base_s),
            retries_max: a.retries.unwrap_or(default_retries),
            jitter: a.jitter.map_or(base.retries.jitter, Jitter::from),
        },
        requeue,
        ack: match a.ack {
            AckArg::Before => AckTiming::Before,
            AckArg::After => AckTiming::After,
        },
        consumer: match a.consumer {
            ConsumerArg::Naive => ConsumerMode::Naive,
            ConsumerArg::Idempotent => ConsumerMode::Idempotent,
        },
        publish_interval_ms: a.publish_interval_ms.unwrap_or(retry_lab_web::experiments::retries::PUBLISH_INTERVAL_MS),
        record_trace: false,
    };
    let mut outages = base.retries.plan.outages().to_vec();
    outages.extend(&a.outage);
    let mut interventions = base.retries.plan.interventions().to_vec();
    interventions.extend(a.fix_at.map(|at_ms| Timed { at_ms, what: Intervention::FixCause }));
    interventions.extend(a.retry_all_at.iter().map(|&at_ms| Timed { at_ms, what: Intervention::RetryAllDeadLetters }));
    let plan = Plan::new(outages, interventions).map_err(|e| format!("--{e}"))?;
    Ok((cfg, plan))
}

fn simulate(a: SimulateArgs) -> Result<String, String> {
    let (cfg, plan) = simulate_config(&a)?;
    let mut engine = Engine::with_plan(cfg, plan).map_err(config_error)?;
    engine.run_to_end();
    let c = engine.counters();
    let (seed, failure, retries) = (cfg.seed, cfg.failure, cfg.backoff.retries_max);
    if a.json {
        return Ok(json!({
            "seed": seed, "rng": cfg.rng.name(), "events": cfg.facts, "failure": failure.as_f64(),
            "ack_lost_share": cfg.ack_lost_share.as_f64(), "retries": retries, "base_s": cfg.backoff.base_s,
            "published": c.published, "deliveries": c.deliveries, "effects": c.effects,
            "duplicates_discarded": c.duplicates_discarded, "dead_lettered": c.dead_lettered,
            "acknowledged": c.acknowledged, "lost": c.lost, "manual_retries": c.manual_retries, "end_ms": engine.now_ms(),
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
        ("retried by hand", c.manual_retries.to_string()),
        ("simulated time (s)", (engine.now_ms() / 1_000).to_string()),
    ];
    let mut out = format!("seed {seed} · rng {} · failure {failure} · retries {retries}\n", cfg.rng.name());
    out += &rows.iter().map(|(k, v)| format!("{k:<22}{v:>12}")).collect::<Vec<_>>().join("\n");
    Ok(out)
}

/// «Colas y streams»'s three rows, as the page shows them.
fn ack_table(run: &AckTimingRun, dups: Probability, rows: &[LoopRow; 3], json: bool) -> String {
    let (mode, semantics) = (|m: AckMode| match m {
        AckMode::Before => "before",
        AckMode::After => "after",
        AckMode::AfterDedup => "after_dedup",
    }, |m: AckMode| match m {
        AckMode::Before => "at-most-once",
        AckMode::After => "at-least-once",
        AckMode::AfterDedup => "effectively-once",
    });
    if json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|LoopRow { row: r, effects_histogram }| json!({ "mode": mode(r.mode), "semantics": semantics(r.mode),
                "deliveries": r.deliveries, "effects": r.effects, "discarded": r.duplicates_discarded, "lost": r.lost,
                "effects_per_message": effects_histogram }))
            .collect();
        return json!({ "messages": run.messages, "crash": run.crash.as_f64(), "seed": run.seed, "rng": run.rng.name(),
            "broker_dups": dups.as_f64(), "rows": rows })
            .to_string();
    }
    let mut out = format!("{} messages · crash {} · seed {} · rng {} · broker duplicates {}\n", run.messages, run.crash, run.seed, run.rng.name(), dups);
    out += &format!("{:<12}{:<18}{:>12}{:>12}{:>12}{:>12}  effects per message (0, 1, 2…)\n", "mode", "semantics", "deliveries", "effects", "discarded", "lost");
    let lines: Vec<String> = rows
        .iter()
        .map(|LoopRow { row: r, effects_histogram }| {
            let per: Vec<String> = effects_histogram.iter().map(u64::to_string).collect();
            format!("{:<12}{:<18}{:>12}{:>12}{:>12}{:>12}  {}", mode(r.mode), semantics(r.mode), r.deliveries, r.effects, r.duplicates_discarded, r.lost, per.join(" "))
        })
        .collect();
    out + &lines.join("\n")
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
            // One line: clap's first paragraph names the flag and the allowed
            // range (a missing argument's names follow on lines of their own).
            let rendered = err.to_string();
            let first: Vec<&str> = rendered.lines().map(str::trim).take_while(|l| !l.is_empty() && !l.starts_with("Usage:")).collect();
            eprintln!("{}", if first.is_empty() { "error: invalid arguments".to_owned() } else { first.join(" ") });
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(out) => {
            use std::io::Write;
            // A reader that stops early (`| head`) closes the pipe: not an
            // error of ours, and never a panic (println! panics on it).
            match writeln!(std::io::stdout().lock(), "{out}") {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
