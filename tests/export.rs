//! Exports read back: every experiment's JSON parses and each of its tables'
//! CSV parses (with a real CSV reader) into the same rows; the retries' and
//! the DLQ's logs add up to the counters the lab shows for the same link.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab_web::export::{Export, Table};
use retry_lab_web::lab::LabState;
use retry_lab_web::link::decode;
use retry_lab_web::registry::Experiment;

const SHARE: &str = "https://example.org/lab/?v=2";

/// A table's CSV, parsed back: the header and the records.
fn parse(export: &Export, table: &Table) -> (Vec<String>, Vec<Vec<String>>) {
    let text = export.csv(table);
    let mut reader = csv::ReaderBuilder::new().comment(Some(b'#')).from_reader(text.as_bytes());
    let header = reader.headers().expect("a header").iter().map(str::to_owned).collect();
    let rows = reader.records().map(|r| r.expect("a record").iter().map(str::to_owned).collect()).collect();
    (header, rows)
}

fn lab(query: &str) -> LabState {
    let (link, _) = decode(query);
    LabState::new(&link.to_init(&[], Vec::new()))
}

#[test]
fn every_experiments_export_parses_back_as_written() {
    for &e in Experiment::ALL {
        let query = format!("exp={}", e.code());
        let export = Export::of_link(&query, SHARE);
        assert_eq!(export.experiment, e.code());
        assert_eq!(export.tables.last().map(|t| t.name), Some("totals"), "{}", e.code());
        let json: serde_json::Value = serde_json::from_str(&export.json()).expect("valid JSON");
        assert_eq!(json["experiment"], e.code());
        assert_eq!(json["seed"], export.seed);
        assert_eq!(json["link"], SHARE);
        assert_eq!(json["tables"].as_array().map(Vec::len), Some(export.tables.len()));
        for table in &export.tables {
            let (header, rows) = parse(&export, table);
            assert_eq!(header, table.columns, "{} {}", e.code(), table.name);
            assert_eq!(
                rows,
                table.rows,
                "{} {}: the CSV reads back as written (seed {})",
                e.code(),
                table.name,
                export.seed
            );
            let csv = export.csv(table);
            assert!(
                csv.contains(&format!("# seed: {}\n", export.seed)) && csv.contains(&format!("# link: {SHARE}\n")),
                "{csv}"
            );
        }
    }
}

#[test]
fn the_retries_log_adds_up_to_the_counters_at_the_clock() {
    let query = "v=2&exp=retries&failure=0.4&ack_lost=0.9&events=30&seed=31&at=1500";
    let export = Export::of_link(query, SHARE);
    let state = lab(query);
    let counters = state.units.retries.pair.idempotent.counters();
    let table = |name: &str| export.tables.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("{name}"));
    let (_, attempts) = parse(&export, table("attempts"));
    assert_eq!(attempts.len() as u64, counters.deliveries, "seed {}", export.seed);
    let effects: u64 = attempts.iter().map(|r| r[4].parse::<u64>().expect("0 or 1")).sum();
    assert_eq!(effects, counters.effects, "the idempotent consumer's effects (seed {})", export.seed);
    let naive = state.units.retries.pair.naive.counters().effects;
    assert!(naive > effects, "lost acks: the naive consumer applied repeats ({naive} vs {effects})");
    let (_, dead) = parse(&export, table("dead_letter"));
    assert_eq!(dead.len() as u32, counters.dead_lettered);
    assert!(attempts.iter().all(|r| r[0].parse::<f64>().is_ok_and(|s| s <= 1_500.0)), "the run at its clock");
    let (_, named) = parse(&export, table("counters"));
    let value = |k: &str| named.iter().find(|r| r[0] == k).map(|r| r[1].clone());
    assert_eq!(value("deliveries"), Some(counters.deliveries.to_string()));
    assert_eq!(value("clock_s").as_deref(), Some("1500"));
    assert!(
        export.params.contains(&("seed", "31".to_owned())) && export.params.contains(&("failure", "0.4".to_owned())),
        "{:?}",
        export.params
    );
}

#[test]
fn the_dlq_export_lists_every_stay_and_its_fate() {
    let export = Export::of_link("preset=dlq-redrive", SHARE);
    let state = lab("preset=dlq-redrive");
    let run = state.units.dlq.run.as_ref().expect("the preset is within the work budget");
    let table = export.tables.iter().find(|t| t.name == "dead_letter_queue").expect("dead_letter_queue");
    let (_, rows) = parse(&export, table);
    assert_eq!(rows.len(), run.dlq.len());
    assert!(rows.iter().all(|r| r[3] == "redriven"), "the preset redrives every one: {rows:?}");
    let (_, receives) = parse(&export, export.tables.iter().find(|t| t.name == "receives").expect("receives"));
    assert_eq!(receives.len(), run.receives.len());
}

/// Values with commas ("1,060"), quotes and line breaks survive.
#[test]
fn awkward_values_are_quoted() {
    let export = Export {
        format: 1,
        experiment: "x",
        seed: 1,
        link: "l".into(),
        params: vec![],
        numbers: vec![],
        tables: vec![],
    };
    let table = Table { name: "t", columns: &["a", "b"], rows: vec![vec!["1,060".into(), "say \"hi\"\nthere".into()]] };
    let (_, rows) = parse(&export, &table);
    assert_eq!(rows, table.rows);
}

/// A line break in a value (or the link) never splits the `#` header: a
/// `=HYPERLINK(…)` line could otherwise land as the header row.
#[test]
fn the_header_stays_one_line_per_field() {
    let params = vec![("do", "fix@1\n=HYPERLINK(\"x\")".to_owned()), ("seed", "7".to_owned())];
    let export =
        Export { format: 1, experiment: "x", seed: 1, link: "l\n=1+1".into(), params, numbers: vec![], tables: vec![] };
    let table = Table { name: "t", columns: &["a"], rows: vec![vec!["1".into()]] };
    let csv = export.csv(&table);
    let header: Vec<&str> = csv.lines().take_while(|l| l.starts_with('#')).collect();
    assert_eq!(header.len(), 4, "{csv}");
    assert!(header[3].starts_with("# params: do=fix%401%0A%3DHYPERLINK"), "{}", header[3]);
    assert_eq!(csv.lines().nth(4), Some("a"), "the first row after the header is the table's");
    // And the lab refuses such a value in the first place.
    let (_, notices) = retry_lab_web::link::decode("do=fix%401%0A%3DHYPERLINK(1)");
    assert_eq!(notices.len(), 1);
}

/// The totals a spreadsheet sums: every preset's numbers, a list a row per
/// item, numbers plain (no separators, durations in seconds, the unit in
/// its column), text only where the page says words.
#[test]
fn totals_are_numbers_with_units_and_lists_are_rows() {
    let rows = |query: &str| {
        let export = Export::of_link(query, SHARE);
        let totals = export.tables.iter().find(|t| t.name == "totals").expect("totals").clone();
        assert_eq!(totals.columns, ["name", "item", "value", "unit"]);
        totals.rows
    };
    let find = |rows: &[Vec<String>], name: &str| -> Vec<(String, String, String)> {
        rows.iter().filter(|r| r[0] == name).map(|r| (r[1].clone(), r[2].clone(), r[3].clone())).collect()
    };
    let received = find(&rows("v=3&preset=exercise-5"), "message_1_received_at");
    assert_eq!(
        received[..3],
        [
            ("1".into(), "0".into(), "s".into()),
            ("2".into(), "30".into(), "s".into()),
            ("3".into(), "60".into(), "s".into())
        ]
    );
    assert_eq!(
        find(&rows("v=3&preset=exercise-4"), "little_wait"),
        [(String::new(), "1800".into(), "s".into())],
        "1,800 s (30 min)"
    );
    assert_eq!(find(&rows("v=3&preset=dlq-redrive"), "worker_time")[0].2, "s");
    for (_, preset) in retry_lab_web::registry::presets(retry_lab_web::link::VERSION) {
        for row in rows(&format!("v=3&preset={}", preset.code)) {
            let value = &row[2];
            // A time is seconds, or empty where there is none ("never").
            if !value.is_empty() && (row[3] == "s" || value.bytes().all(|b| b.is_ascii_digit())) {
                assert!(value.parse::<f64>().is_ok(), "{}: {row:?}", preset.code);
            }
            assert!(
                !(value.contains(',') && value.bytes().all(|b| b.is_ascii_digit() || b == b',')),
                "a separator left: {}: {row:?}",
                preset.code
            );
            assert!(!value.ends_with(" s"), "a unit left in a value: {}: {row:?}", preset.code);
        }
    }
}

/// The storm's export names each side's strategy (the totals' `a_`/`b_`
/// are sides) and carries the figure's histogram: per side, its bins' calls
/// add up to the side's calls, and the rate is the bin's calls per second.
#[test]
fn the_storm_export_names_its_strategies_and_carries_the_histogram() {
    let query = "exp=storm&clients=100&strategy_a=none&strategy_b=full&seed=7";
    let export = Export::of_link(query, SHARE);
    let names: Vec<&str> = export.tables.iter().map(|t| t.name).collect();
    assert_eq!(names, ["strategies", "histogram", "totals"], "{query}");
    let (_, strategies) = parse(&export, &export.tables[0]);
    assert_eq!(
        strategies.iter().map(|r| (r[0].as_str(), r[1].as_str())).collect::<Vec<_>>(),
        [("a", "none"), ("b", "full")]
    );
    assert!(strategies.iter().all(|r| !r[2].is_empty() && !r[3].is_empty()), "named in both languages: {strategies:?}");
    let (header, rows) = parse(&export, &export.tables[1]);
    assert_eq!(header, ["side", "strategy", "from_s", "to_s", "ok", "overloaded", "down", "rejected", "calls_per_s"]);
    let total = |name: &str| export.numbers.iter().find(|n| n.name == name).and_then(|n| n.value.as_u64()).expect(name);
    for (side, calls) in [("a", total("a_calls")), ("b", total("b_calls"))] {
        let bins: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == side).collect();
        let sum: u64 =
            bins.iter().map(|r| r[4..8].iter().map(|n| n.parse::<u64>().expect("a count")).sum::<u64>()).sum();
        assert_eq!(sum, calls, "{query}: side {side}'s bins against its calls");
        for row in bins {
            let width_s: f64 = row[3].parse::<f64>().expect("to_s") - row[2].parse::<f64>().expect("from_s");
            let in_bin: u64 = row[4..8].iter().map(|n| n.parse::<u64>().expect("a count")).sum();
            let rate: f64 = row[8].parse().expect("calls_per_s");
            assert!((rate - in_bin as f64 / width_s).abs() < 0.001, "{query}: {row:?}");
        }
    }
}
