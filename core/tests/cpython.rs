#![cfg(not(target_arch = "wasm32"))]
//! Python-compatible mode against CPython itself: the lesson-004 loop run by
//! `python3` and by the engine must print the same numbers for any seed.

use std::process::Command;

use retry_lab_core::ack_timing::{AckMode, AckTimingRun};
use retry_lab_core::{Probability, RngKind};

const LESSON_LOOP: &str = r#"
import random, sys
from collections import deque
def correr(modo, deduplicar, n, p_caida, semilla):
    random.seed(semilla)
    cola = deque(range(n))
    entregas, efectos, descartados = 0, 0, 0
    vistos = set()
    while cola:
        msg = cola.popleft()
        entregas += 1
        se_cae = random.random() < p_caida
        if modo == "antes":
            if not se_cae:
                efectos += 1
            continue
        if deduplicar and msg in vistos:
            descartados += 1
        else:
            efectos += 1
            vistos.add(msg)
        if se_cae:
            cola.append(msg)
    return entregas, efectos, descartados
n, p, s = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
for modo, dedup in (("antes", False), ("despues", False), ("despues", True)):
    e, f, d = correr(modo, dedup, n, p, s)
    print(e, f, d, max(0, n - f))
"#;

#[test]
fn python_mode_matches_cpython_for_other_seeds() {
    for (messages, crash, seed) in [(1_000, "0.05", 1u64), (500, "0.3", 42), (2_000, "0.5", 2_026), (300, "0.8", 12_345_678_901)] {
        let output = Command::new("python3")
            .args(["-c", LESSON_LOOP, &messages.to_string(), crash, &seed.to_string()])
            .output()
            .expect("python3 is part of this machine kind; the Python-compatible mode is checked against it");
        assert!(output.status.success(), "python3 failed: {}", String::from_utf8_lossy(&output.stderr));
        let expected = String::from_utf8(output.stdout).unwrap();
        let run = AckTimingRun { messages, crash: Probability::parse(crash).unwrap(), seed, rng: RngKind::Python };
        let got: String = AckMode::ALL
            .iter()
            .map(|&mode| {
                let row = run.run(mode).unwrap();
                format!("{} {} {} {}\n", row.deliveries, row.effects, row.duplicates_discarded, row.lost)
            })
            .collect();
        assert_eq!(got, expected, "seed {seed}, {messages} messages, crash {crash}");
    }
}
