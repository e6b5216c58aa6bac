//! `retry-lab simulate`: deliveries through the hub and a consumer at any
//! scale (a million events, «Colas y streams»'s Python generator), with the
//! consumer's outages and the operators' interventions as data.

use clap::ValueEnum;
use retry_lab_core::engine::{AckTiming, ConsumerMode, Engine, IdScheme, Requeue, SimConfig};
use retry_lab_core::{limits, Backoff, Intervention, Jitter, Namespace, Outage, Plan, Probability, Timed};
use serde_json::json;

use crate::args::{self, config_error, JitterArg, RngArg};

/// Run deliveries through the hub and a consumer; print the counters.
#[derive(clap::Args)]
pub struct SimulateArgs {
    /// Facts published (1..=1000000).
    #[arg(long, value_parser = args::events)]
    events: Option<u32>,
    /// Probability that one delivery attempt fails (0..=1).
    #[arg(long, value_parser = args::probability)]
    failure: Option<Probability>,
    /// Share of failures where the consumer processed the event but the ack
    /// was lost (0..=1). Default: 0.5 with backoff, 1 with immediate requeue
    /// («Colas y streams»'s crash between work and ack).
    #[arg(long, value_parser = args::probability)]
    ack_lost_share: Option<Probability>,
    #[arg(long)]
    seed: Option<u64>,
    /// Retries before dead-letter (0..=20 with backoff, 0..=10000 with
    /// immediate requeue). Default: 6 with backoff; with immediate requeue
    /// 10000, which never binds below ~99 % failures («Colas y streams»'s loop has
    /// no bound).
    #[arg(long)]
    retries: Option<u32>,
    #[arg(long, value_parser = args::base_s)]
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
    #[arg(long, value_parser = args::outage)]
    outage: Vec<Outage>,
    /// The root cause is fixed at this time, s: from then on nothing fails.
    #[arg(long, value_parser = args::plan_time)]
    fix_at: Option<u64>,
    /// Every dead letter is retried at this time, s; repeatable.
    #[arg(long, value_parser = args::plan_time)]
    retry_all_at: Vec<u64>,
    /// A page preset of the retries experiment (lesson, consumer-down, outage-story, flaky-acks):
    /// its parameters and plan; the flags above override them.
    #[arg(long, value_parser = |t: &str| args::preset_of(t, retry_lab_web::registry::Experiment::Retries))]
    preset: Option<&'static str>,
    #[arg(long)]
    json: bool,
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
enum IdsArg {
    Random,
    Uuid5,
}

/// The config of a `simulate` run: the preset's (or the page's defaults),
/// then every flag given.
fn simulate_config(a: &SimulateArgs) -> Result<(SimConfig, Plan), String> {
    let base = args::preset_params(a.preset);
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

pub fn simulate(a: SimulateArgs) -> Result<String, String> {
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
