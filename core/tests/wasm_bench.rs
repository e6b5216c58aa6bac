//! Benchmark (run by `./lab bench`, not by the tests): the ack-after + dedup
//! workload at 1M messages in wasm, in headless Chromium. Prints a line the
//! bench script picks up; asserts nothing about time.
#![cfg(target_arch = "wasm32")]

use retry_lab_core::ack_timing::{AckMode, AckTimingRun};
use retry_lab_core::{Probability, RngKind};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn now_ms() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| js_sys::Reflect::get(&p, &"now".into()).ok().map(|f| (p, f)))
        .and_then(|(p, f)| js_sys::Function::from(f).call0(&p).ok())
        .and_then(|v| v.as_f64())
        .unwrap_or_default()
}

/// One run per call, never inlined into the loop below: V8 swaps in its
/// optimising tier (TurboFan) when a function is entered again, never in the
/// middle of a running call, so a single function holding all the runs would
/// be timed in the baseline tier throughout. The page calls the engine afresh
/// on every input, so it gets the optimised code after the first few runs.
#[inline(never)]
fn deliveries_of(run: &AckTimingRun) -> u64 {
    run.run(AckMode::AfterDedup).unwrap().deliveries
}

#[wasm_bindgen_test]
fn ack_after_dedup_one_million() {
    let run =
        AckTimingRun { messages: 1_000_000, crash: Probability::from_ppm(50_000).unwrap(), seed: 7, rng: RngKind::Pcg };
    let mut times = Vec::new();
    let mut deliveries = 0;
    for _ in 0..30 {
        let start = now_ms();
        deliveries = deliveries_of(std::hint::black_box(&run));
        times.push(now_ms() - start);
    }
    // Best of 30, like the native figure (see cli/src/bench.rs for why).
    let best_ms = times.iter().copied().fold(f64::INFINITY, f64::min);
    let per_s = deliveries as f64 / (best_ms / 1_000.0);
    web_sys_log(&format!("wasm: {deliveries} deliveries, best {best_ms:.1} ms; wasm_deliveries_per_s={per_s:.0}"));
}

fn web_sys_log(line: &str) {
    wasm_bindgen_test::console_log!("{}", line);
}
