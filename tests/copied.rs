//! The lab quotes the lessons' figures and names, never their sentences:
//! every string the page and the CLI can show (Rust string literals of
//! `src/` and `cli/src/`, the quoted text of `static/`'s scripts and the
//! text of its pages) is read, and a run of `RUN` or more consecutive words
//! that also stands in a text of `../shared/lesson/` fails, named with its
//! file. Figures, names and quoted code the lab must repeat as the lessons
//! write them are an explicit, short allow-list (`ALLOWED`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Consecutive words that make a copied sentence.
const RUN: usize = 8;

/// Runs the lab repeats on purpose: code and names as the lessons write
/// them (a run here is allowed wherever it appears).
const ALLOWED: &[&str] = &[
    // «At-least-once»'s formula, its words kept (tests/glossary.rs asks for them).
    "el intento número n espera base 2 n 1",
    // The lessons' titles: names, as the course writes them.
    "at least once es la realidad exactly once es un mito práctico",
    // «Colas y streams»' six events, the partitions experiment's data.
    "listing 42 alta listing 7 alta listing 42 precio 900 listing 99 alta listing 42 vendido listing 7 precio 450",
    // Lesson 003's retry() signature and its comment, quoted as code.
    "backoff exponencial con jitter total espera en 0 base 2",
    // The uuid5 key and pass, as «At-least-once» writes them.
    "norad id 25544 pass at 2026 07 29t14 00 00z",
];

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/lesson")
}

/// Every `RUN`-word window of the lessons.
fn lesson_runs() -> HashSet<String> {
    let mut runs = HashSet::new();
    for entry in std::fs::read_dir(lessons_dir()).expect("../shared/lesson") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let w = words(&std::fs::read_to_string(&path).unwrap());
            for window in w.windows(RUN) {
                runs.insert(window.join(" "));
            }
        }
    }
    runs
}

/// The string literals of a Rust file (plain and raw), comments skipped.
fn rust_strings(source: &str) -> Vec<String> {
    let bytes = source.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'\'' => {
                // A char literal ('"', '\'') or a lifetime: step over it.
                let end = source[i + 1..].find('\'').map_or(i + 1, |e| i + 1 + e);
                i = if end - i <= 4 { end + 1 } else { i + 1 };
            }
            b'"' => {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                out.push(source[i + 1..j.min(bytes.len())].replace("\\n", " "));
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The text a script or a page can show: quoted segments, and for a page
/// its text between tags.
fn web_strings(source: &str, html: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for quote in ['\'', '"', '`'] {
        out.extend(source.split(quote).skip(1).step_by(2).map(str::to_owned));
    }
    if html {
        out.extend(source.split('<').filter_map(|s| s.split_once('>').map(|(_, text)| text.to_owned())));
    }
    out
}

fn files(dir: &str, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| extensions.iter().any(|x| e == *x)) {
                out.push(path);
            }
        }
    }
    out
}

/// Each string of `texts` with a run of the lessons, as «file: run».
fn copied(file: &Path, texts: &[String], lessons: &HashSet<String>) -> Vec<String> {
    let allowed: Vec<Vec<String>> = ALLOWED.iter().map(|a| words(a)).collect();
    let mut found = Vec::new();
    for text in texts {
        let w = words(text);
        for window in w.windows(RUN) {
            let run = window.join(" ");
            let permitted = allowed.iter().any(|a| a.windows(RUN).any(|aw| aw == window));
            if lessons.contains(&run) && !permitted {
                found.push(format!("{}: «{run}» in «{}»", file.display(), text.chars().take(120).collect::<String>()));
                break;
            }
        }
    }
    found
}

fn all_copied() -> Vec<String> {
    let lessons = lesson_runs();
    let mut found = Vec::new();
    for file in files("src", &["rs"]).into_iter().chain(files("cli/src", &["rs"])) {
        found.extend(copied(&file, &rust_strings(&std::fs::read_to_string(&file).unwrap()), &lessons));
    }
    for file in files("static", &["js", "html"]) {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains("registry") {
            continue; // generated from the strings above
        }
        let source = std::fs::read_to_string(&file).unwrap();
        found.extend(copied(&file, &web_strings(&source, name.ends_with(".html")), &lessons));
    }
    found
}

#[test]
fn no_string_copies_a_lessons_sentence() {
    let found = all_copied();
    assert!(found.is_empty(), "{} strings copy {RUN} or more words of a lesson:\n{}", found.len(), found.join("\n"));
}

/// The checker fails on a sentence restored from a lesson («Colas y streams»).
#[test]
fn the_checker_finds_a_restored_sentence() {
    let lessons = lesson_runs();
    let restored =
        words("Cómo evitarlo: alertar por la edad del mensaje más viejo, o por el lag en segundos").join(" ");
    let found = copied(Path::new("restored.rs"), &[restored], &lessons);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(copied(Path::new("own.rs"), &["La edad del más viejo dice cuánto espera el primero".into()], &lessons)
        .is_empty());
}
