//! `retry-lab sweep`: a scenario over many seeds, or over one parameter's
//! range, through the page's own `sweep::Plan` (the sweep page runs the same
//! points in a worker, a slice at a time, so its numbers are these).

use retry_lab_web::sweep::{Plan, Report, SEEDS_DEFAULT, SEEDS_MAX, SEEDS_PER_VALUE_DEFAULT};

/// `retry-lab sweep EXP [--preset P] [KEY=VALUE…] [--param KEY] [--seeds N] [--json | --csv]`.
#[derive(clap::Args)]
pub struct SweepArgs {
    /// A seeded experiment's code (retries, storm, ack), or a lab link pasted whole.
    target: String,
    /// A preset of that experiment; KEY=VALUE pairs override it.
    #[arg(long)]
    preset: Option<String>,
    /// Link parameters, as in a share link (`failure=0.5`, `clients=200`).
    values: Vec<String>,
    /// Sweep this parameter over its range too (`failure`, `clients`, `crash`…).
    #[arg(long, value_name = "KEY")]
    param: Option<String>,
    /// Seeds 1..=N per value (default 200 across seeds, 40 per value of a parameter).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(SEEDS_MAX)))]
    seeds: Option<u32>,
    /// The sweep's versioned JSON: every point's seed, link and outcomes, each value's band.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// A row per point: seed, value, outcomes, link.
    #[arg(long)]
    csv: bool,
}

pub fn sweep(args: SweepArgs) -> Result<String, String> {
    let (_, query) = super::run::link_of(&args.target, args.preset.as_deref(), &args.values)?;
    let seeds = args.seeds.unwrap_or(if args.param.is_some() { SEEDS_PER_VALUE_DEFAULT } else { SEEDS_DEFAULT });
    let plan =
        Plan::of_link(&query, args.param.as_deref(), seeds).map_err(|r| r.describe(retry_lab_web::i18n::Lang::En))?;
    let report = plan.report(plan.run());
    Ok(if args.json {
        report.json()
    } else if args.csv {
        report.csv().trim_end().to_owned()
    } else {
        text(&report, &query)
    })
}

/// Each value's median and 5th–95th percentile of each outcome.
fn text(report: &Report, query: &str) -> String {
    let mut out = format!("{} · seeds 1–{} · ?{query}\n", report.experiment, report.seeds);
    for band in &report.bands {
        if let (Some(key), Some(value)) = (report.axis, &band.value) {
            out += &format!("{key}={value}\n");
        }
        for (name, summary) in report.outcomes.iter().zip(&band.summaries) {
            let Some(s) = summary else { continue };
            out += &format!("  {:<22} median {} · 5–95 % {}–{}\n", name.key, s.median, s.p5, s.p95);
        }
    }
    out.trim_end().to_owned()
}
