//! Benchmark: deliveries per second of the ack-after + dedup workload at 1M
//! messages (lesson 004's loop at scale), natively, against the lesson's own
//! Python loop run by `python3` on the same machine in the same run. The wasm
//! figure is measured in headless Chromium by `./lab bench` and passed in
//! with `--wasm-deliveries-per-s`. A benchmark, not a test: it asserts nothing.

use std::process::Command;
use std::time::Instant;

use retry_lab_core::ack_timing::{AckMode, AckTimingRun};
use retry_lab_core::{Probability, RngKind};

const MESSAGES: u32 = 1_000_000;
/// Best of N on every side. A native run lasts ~7 ms, so one scheduler hiccup
/// on a shared machine costs it 10-20 %; the minimum of many short runs is
/// stable where the minimum of a few is not. Python's ~190 ms runs are
/// steadier, and 5 of them already take ~3 s for the three modes.
const NATIVE_RUNS: usize = 30;
const PYTHON_RUNS: usize = 5;

/// The lesson's own loop, shared with the CPython cross-check test.
const PYTHON_LOOP: &str = include_str!("../../core/tests/support/lesson_004.py");

/// The best (fastest) of the runs: the same statistic the Python side
/// reports, so the ratio compares like with like.
fn best(xs: Vec<f64>) -> f64 {
    xs.into_iter().fold(f64::INFINITY, f64::min)
}

fn native(rng: RngKind) -> (u64, f64) {
    let run = AckTimingRun { messages: MESSAGES, crash: Probability::from_ppm(50_000).unwrap(), seed: 7, rng };
    let mut deliveries = 0;
    let times: Vec<f64> = (0..NATIVE_RUNS)
        .map(|_| {
            let start = Instant::now();
            deliveries = run.run(AckMode::AfterDedup).expect("valid run").deliveries;
            start.elapsed().as_secs_f64()
        })
        .collect();
    (deliveries, best(times))
}

fn main() {
    let wasm_per_s: Option<f64> =
        std::env::args().skip_while(|a| a != "--wasm-deliveries-per-s").nth(1).and_then(|v| v.parse().ok());
    let (deliveries_python_mode, native_python_mode_s) = native(RngKind::Python);
    let (deliveries_pcg, native_pcg_s) = native(RngKind::Pcg);
    if std::env::var_os("BENCH_NATIVE_ONLY").is_some() {
        println!("native only: {:.1} ms (python mode), {:.1} ms (pcg)", native_python_mode_s * 1e3, native_pcg_s * 1e3);
        return;
    }
    // The ack-after + dedup row (the third line): deliveries and best time.
    let python = Command::new("python3")
        .args(["-c", PYTHON_LOOP, &MESSAGES.to_string(), "0.05", "7", &PYTHON_RUNS.to_string()])
        .output();
    let python = python.ok().filter(|o| o.status.success()).and_then(|o| {
        let text = String::from_utf8(o.stdout).ok()?;
        let row: Vec<&str> = text.lines().nth(2)?.split_whitespace().collect();
        Some((row.first()?.parse::<u64>().ok()?, row.last()?.parse::<f64>().ok()?))
    });

    let per_s = |deliveries: u64, s: f64| deliveries as f64 / s;
    // The lab's default generator; the wasm bench runs the same one.
    let native_per_s = per_s(deliveries_pcg, native_pcg_s);
    let native_python_mode_per_s = per_s(deliveries_python_mode, native_python_mode_s);
    println!("workload: ack after + dedup, {MESSAGES} messages, 5 % crashes, seed 7 (best of {NATIVE_RUNS} runs; python best of {PYTHON_RUNS})");
    println!(
        "native, Python-compatible RNG: {deliveries_python_mode} deliveries in {:.1} ms = {:.1} M deliveries/s",
        native_python_mode_s * 1e3,
        native_python_mode_per_s / 1e6
    );
    println!(
        "native, PCG RNG:               {deliveries_pcg} deliveries in {:.1} ms = {:.1} M deliveries/s",
        native_pcg_s * 1e3,
        per_s(deliveries_pcg, native_pcg_s) / 1e6
    );
    match python {
        Some((deliveries, s)) => {
            let python_per_s = per_s(deliveries, s);
            let same = if deliveries == deliveries_python_mode { "same deliveries" } else { "DIFFERENT deliveries" };
            println!(
                "python3, the lesson's loop:    {deliveries} deliveries in {:.1} ms = {:.2} M deliveries/s ({same})",
                s * 1e3,
                python_per_s / 1e6
            );
            println!(
                "ratio native (pcg, the lab's default) / python: {:.1}x (goal >= 25x)",
                native_per_s / python_per_s
            );
            println!(
                "ratio native (python-compatible MT19937) / python: {:.1}x",
                native_python_mode_per_s / python_per_s
            );
        }
        None => println!("python3: not available, no ratio"),
    }
    if let Some(wasm) = wasm_per_s {
        println!("wasm (headless Chromium):      {:.1} M deliveries/s", wasm / 1e6);
        println!("ratio native (pcg) / wasm (pcg): {:.2}x (goal <= 2x)", native_per_s / wasm);
    }
}
