//! How outages and interventions are written in a link (format v2):
//! `down=0-600,1000-1200` (seconds, from included, to excluded) and
//! `do=fix@2000,retry:3@2100,retryall@2500` (event numbers as the page shows
//! them, from 1; times in seconds, up to three decimals).

use retry_lab_core::{Intervention, Outage, Plan, Timed};

use crate::format::{format_seconds, parse_seconds};

pub fn parse_outages(text: &str) -> Option<Vec<Outage>> {
    let items = text.split(',').map(str::trim).filter(|s| !s.is_empty());
    let outages: Option<Vec<Outage>> = items
        .map(|item| {
            let (start, end) = item.split_once('-')?;
            Some(Outage { start_ms: parse_seconds(start.trim())?, end_ms: parse_seconds(end.trim())? })
        })
        .collect();
    let outages = outages?;
    Plan::new(outages.clone(), Vec::new()).ok().map(|_| outages)
}

pub fn format_outages(outages: &[Outage]) -> String {
    let items: Vec<String> =
        outages.iter().map(|o| format!("{}-{}", format_seconds(o.start_ms), format_seconds(o.end_ms))).collect();
    items.join(",")
}

pub fn parse_interventions(text: &str) -> Option<Vec<Timed>> {
    let items = text.split(',').map(str::trim).filter(|s| !s.is_empty());
    let timed: Option<Vec<Timed>> = items
        .map(|item| {
            let (what, at) = item.split_once('@')?;
            let what = match what.split_once(':') {
                None if what == "fix" => Intervention::FixCause,
                None if what == "retryall" => Intervention::RetryAllDeadLetters,
                Some(("retry", n)) => Intervention::RetryDeadLetter(n.parse::<u32>().ok()?.checked_sub(1)?),
                _ => return None,
            };
            Some(Timed { at_ms: parse_seconds(at)?, what })
        })
        .collect();
    let timed = timed.filter(|t| t.len() <= super::INTERVENTIONS_MAX)?;
    Plan::new(Vec::new(), timed.clone()).ok().map(|_| timed)
}

pub fn format_interventions(interventions: &[Timed]) -> String {
    let items: Vec<String> = interventions
        .iter()
        .map(|t| {
            let what = match t.what {
                Intervention::FixCause => "fix".to_owned(),
                Intervention::RetryDeadLetter(event) => format!("retry:{}", event + 1),
                Intervention::RetryAllDeadLetters => "retryall".to_owned(),
            };
            format!("{what}@{}", format_seconds(t.at_ms))
        })
        .collect();
    items.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_nonsense() {
        let outages = parse_outages("0-600, 1000-1200").unwrap();
        assert_eq!(format_outages(&outages), "0-600,1000-1200");
        assert_eq!(parse_outages(""), Some(vec![]));
        assert_eq!(parse_outages("600-0"), None, "an empty window");
        let timed = parse_interventions("fix@2000,retry:3@2100,retryall@2500.25").unwrap();
        assert_eq!(timed[1], Timed { at_ms: 2_100_000, what: Intervention::RetryDeadLetter(2) });
        assert_eq!(format_interventions(&timed), "fix@2000,retry:3@2100,retryall@2500.25");
        assert_eq!(parse_interventions("retry:0@5"), None, "events count from 1");
        assert_eq!(parse_interventions("reboot@5"), None);
    }
}
