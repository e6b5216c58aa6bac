//! What the kept subcommands share: value parsers with the engine's ranges,
//! the page's presets, and the choices several of them take.

use clap::ValueEnum;
use retry_lab_core::{limits, Jitter, Namespace, Outage, Probability, RngKind};
use retry_lab_web::link;
use retry_lab_web::registry::{preset, Experiment, LabParams, Locks};
use serde_json::{json, Value};

#[derive(Clone, Copy, ValueEnum)]
pub enum JitterArg {
    None,
    Full,
    Equal,
    Decorrelated,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum RngArg {
    Pcg,
    Python,
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

impl From<RngArg> for RngKind {
    fn from(arg: RngArg) -> Self {
        match arg {
            RngArg::Pcg => RngKind::Pcg,
            RngArg::Python => RngKind::Python,
        }
    }
}

pub fn probability(text: &str) -> Result<Probability, String> {
    Probability::parse(text).ok_or_else(|| "must be a number between 0 and 1".into())
}
fn bounded_u32(text: &str, min: u32, max: u32, unit: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("must be between {min} and {max}{unit}"))
}
pub fn storm_attempts(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, retry_lab_core::storm::bounds::ATTEMPTS_MAX, "")
}
pub fn storm_base_ms(text: &str) -> Result<u64, String> {
    bounded_u32(text, 1, retry_lab_core::storm::bounds::BASE_MS_MAX as u32, " milliseconds").map(u64::from)
}
pub fn events(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, limits::EVENTS_MAX, "")
}
pub fn base_s(text: &str) -> Result<u32, String> {
    bounded_u32(text, limits::BACKOFF_BASE_S_MIN, limits::BACKOFF_BASE_S_MAX, " seconds")
}
pub fn retries_backoff(text: &str) -> Result<u32, String> {
    bounded_u32(text, 0, limits::RETRIES_MAX_BACKOFF, "")
}
pub fn ack_messages(text: &str) -> Result<u32, String> {
    bounded_u32(text, 1, limits::ACK_TIMING_MESSAGES_MAX, "")
}
/// The loop never ends at 1: every message crashes forever.
pub fn broker_dups(text: &str) -> Result<Probability, String> {
    Probability::parse(text).filter(|p| p.ppm() <= 500_000).ok_or_else(|| "must be a number from 0 to 0.5".into())
}
pub fn crash(text: &str) -> Result<Probability, String> {
    Probability::parse(text)
        .filter(|p| *p != Probability::ONE)
        .ok_or_else(|| "must be a number from 0 to below 1".into())
}
pub fn plan_time(text: &str) -> Result<u64, String> {
    let max_s = limits::PLAN_TIME_MS_MAX / 1_000;
    retry_lab_web::format::parse_seconds(text.trim()).ok_or_else(|| format!("must be between 0 and {max_s} seconds"))
}
pub fn outage(text: &str) -> Result<Outage, String> {
    let max_s = limits::PLAN_TIME_MS_MAX / 1_000;
    let message = || format!("must be START..END in seconds, 0 <= START < END <= {max_s}");
    let (start, end) = text.split_once("..").ok_or_else(message)?;
    let (start_ms, end_ms) = (plan_time(start).map_err(|_| message())?, plan_time(end).map_err(|_| message())?);
    (start_ms < end_ms).then_some(Outage { start_ms, end_ms }).ok_or_else(message)
}
pub fn namespace(text: &str) -> Result<Namespace, String> {
    Namespace::parse(text).ok_or_else(|| "must be dns, url, oid, x500 or a UUID".into())
}

/// An experiment's code, or the lab's codes in the error.
pub fn experiment_code(text: &str) -> Result<Experiment, String> {
    Experiment::parse(text).ok_or_else(|| {
        let codes: Vec<&str> = Experiment::ALL.iter().map(|e| e.code()).collect();
        format!("no experiment {text:?}; the lab's: {}", codes.join(", "))
    })
}

/// An experiment's presets in today's links, by code.
pub fn preset_codes(experiment: Experiment) -> Vec<&'static str> {
    experiment.presets().iter().filter(|p| p.in_version(link::VERSION)).map(|p| p.code).collect()
}

/// A page preset of one experiment, by its code.
pub fn preset_of(text: &str, experiment: Experiment) -> Result<&'static str, String> {
    let codes = preset_codes(experiment);
    match codes.iter().find(|c| **c == text) {
        Some(code) => Ok(code),
        None => {
            let owner = preset(link::VERSION, text).map(|(e, _)| e);
            let hint =
                owner.map_or_else(String::new, |e| format!(" ({text} is a preset of the {} experiment)", e.code()));
            Err(format!("must be one of {}{hint}", codes.join(", ")))
        }
    }
}

/// A preset's parameters as the page has them (the same decoder as its links).
pub fn preset_params(code: Option<&str>) -> LabParams {
    let preset = code.and_then(|code| preset(link::VERSION, code));
    preset.map(|(_, p)| link::preset_values(p, &LabParams::default(), &Locks::default()).0).unwrap_or_default()
}

/// A config the core refused, in one line: a flag's range (`--events must
/// be …`), or the work a run would take and what to lower.
pub fn config_error(e: retry_lab_core::ConfigError) -> String {
    match e.field {
        "work" => format!("too much work: {}", e.allowed),
        _ => format!("--{e}"),
    }
}

/// Waits in seconds: whole numbers stay integers in JSON.
pub fn seconds_value(ms: u64) -> Value {
    if ms.is_multiple_of(1_000) {
        json!(ms / 1_000)
    } else {
        json!(ms as f64 / 1_000.0)
    }
}
