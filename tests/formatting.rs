//! Every Rust file of the repository is as rustfmt (with `rustfmt.toml`)
//! writes it. `cargo fmt` walks the module trees (the experiments' through
//! the generated `src/rustfmt_reach.rs`), and misses a file no tree declares
//! (an `include!`d test support file), so this runs rustfmt on every file by
//! its path; `./lab fmt` formats them all.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::Command;

fn rust_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = ["src", "core", "cli", "tests"].iter().map(|d| root.join(d)).collect();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() && name != "target" && name != "node_modules" {
                stack.push(path);
            } else if name.ends_with(".rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The files rustfmt would change (its `--check` names each).
fn unformatted(files: &[PathBuf]) -> Vec<String> {
    let output = Command::new("rustfmt")
        .args(["--edition", "2021", "--check", "--config-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("rustfmt.toml"))
        .args(files)
        .output()
        .expect("rustfmt (rust-toolchain.toml installs it)");
    let text = String::from_utf8_lossy(&output.stdout);
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("Diff in "))
        .map(|l| {
            l.rsplit_once(':')
                .map_or(l, |(file, _)| file)
                .trim_end_matches(|c: char| c == ':' || c.is_ascii_digit())
                .to_owned()
        })
        .collect();
    names.dedup();
    names
}

#[test]
fn every_rust_file_is_as_rustfmt_writes_it() {
    let files = rust_files();
    assert!(files.len() > 150, "{} files", files.len());
    assert!(files.iter().any(|f| f.ends_with("src/experiments/storm/panel.rs")), "the experiments' modules are read");
    let found = unformatted(&files);
    assert!(found.is_empty(), "not as rustfmt writes them (run ./lab fmt):\n{}", found.join("\n"));
}

/// The check fails on a file rustfmt would change.
#[test]
fn the_check_finds_an_unformatted_file() {
    let file = std::env::temp_dir().join(format!("retry-lab-unformatted-{}.rs", std::process::id()));
    std::fs::write(&file, "fn  main( ){let x=1;}\n").unwrap();
    let found = unformatted(std::slice::from_ref(&file));
    std::fs::remove_file(&file).ok();
    assert_eq!(found.len(), 1, "{found:?}");
}
