//! `retry-lab`: the lab's engine on the command line, so course authors can
//! generate the numbers of their text with the code the page runs. Each
//! subcommand is a module that owns its arguments; `run`, `sweep`, `presets`
//! and `params` read the page's registry.

use std::process::ExitCode;

mod ack_table;
mod args;
mod catalog;
mod run;
mod schedule;
mod simulate;
mod sweep;
mod uuid5;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "retry-lab",
    version,
    about = "Retry Lab's simulation engine: backoff schedules, delivery runs, uuid5 ids"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The retry schedule: retry n waits base·2^(n-1) (original delivery + N retries).
    /// With --base-ms or --attempts, «Confiabilidad a escala»'s count: --attempts N includes
    /// the first call and the wait after failed attempt i (from 0) is base·2^i.
    Schedule(schedule::ScheduleArgs),
    /// Run deliveries through the hub and a consumer; print the counters.
    Simulate(Box<simulate::SimulateArgs>),
    /// «Colas y streams»'s table: ack before, after, after + dedup, with a crash probability.
    AckTable(ack_table::AckTableArgs),
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
    Params(catalog::ParamsArgs),
    /// Every experiment, read from the page's registry: its code, its page,
    /// its title and its locks (`--markdown`: the README's table of them).
    Experiments {
        #[arg(long)]
        markdown: bool,
    },
    /// uuid5(namespace, key), as Python's uuid.uuid5 computes it.
    Uuid5(uuid5::Uuid5Args),
}

fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Schedule(a) => Ok(schedule::schedule(a)),
        Command::Simulate(a) => simulate::simulate(*a),
        Command::AckTable(a) => ack_table::ack_table(a),
        Command::Run(a) => run::run(a),
        Command::Sweep(a) => sweep::sweep(a),
        Command::Presets { json } => Ok(catalog::presets(json)),
        Command::Params(a) => Ok(catalog::params_command(a)),
        Command::Experiments { markdown } => Ok(catalog::experiments(markdown)),
        Command::Uuid5(a) => Ok(uuid5::uuid5(a)),
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
            // One line: clap's first paragraph names the flag and the allowed
            // range (a missing argument's names follow on lines of their own).
            let rendered = err.to_string();
            let first: Vec<&str> =
                rendered.lines().map(str::trim).take_while(|l| !l.is_empty() && !l.starts_with("Usage:")).collect();
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
