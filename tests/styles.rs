//! The style sheets keep `:has()` off large subtrees. A `:has()` whose
//! subject is the lab or an experiment makes every node a playing scene
//! inserts re-check that ancestor and restyle what the rule names: lesson
//! 000's 1,000 events restyled its tables each frame (about 1,000 style
//! invalidations in 4 s at 4× CPU), and its load on a phone had a 300–500 ms
//! task. State the app knows goes on the lab as a class (`guess-waiting`).
#![cfg(not(target_arch = "wasm32"))]

/// Where a `:has()` may stand: on one control, whose subtree is its label
/// and its input.
const SMALL_SUBJECTS: &[&str] = &[".control"];

/// Each `:has(` of a sheet with the selector text before it (from the rule's start).
fn has_selectors(css: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = css;
    while let Some(at) = rest.find(":has(") {
        let start = rest[..at].rfind(['{', '}', ';', ',']).map_or(0, |i| i + 1);
        found.push(rest[start..at + 5].trim().to_owned());
        rest = &rest[at + 5..];
    }
    found
}

/// A `:has()` is on a small subject when the compound selector it is
/// attached to names one.
fn on_small_subject(selector: &str) -> bool {
    let compound = selector.trim_end_matches(":has(").rsplit([' ', '>']).next().unwrap_or("");
    SMALL_SUBJECTS.iter().any(|subject| compound.contains(subject))
}

#[test]
fn no_style_sheet_has_a_has_on_a_large_subtree() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let mut sheets: Vec<_> = std::fs::read_dir(&dir)
        .expect("static/")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "css"))
        .collect();
    sheets.sort();
    assert!(sheets.len() > 3, "the sheets were not found in {}", dir.display());
    for path in sheets {
        let css = std::fs::read_to_string(&path).expect("a sheet");
        let uncommented = strip_comments(&css);
        for selector in has_selectors(&uncommented) {
            assert!(on_small_subject(&selector), "{}: `{selector}`: a `:has()` on a large subtree", path.display());
        }
    }
}

fn strip_comments(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..].find("*/").map_or("", |end| &rest[start + end + 2..]);
    }
    out.push_str(rest);
    out
}

/// The checker fails on the rule this test was written against.
#[test]
fn the_checker_finds_a_has_on_the_lab() {
    let old = ".lab .experiment:has(.hero-waiting) :is(.log-list) { visibility: hidden; }\n\
               .lab:has(.hero-waiting) .schedule-table td { visibility: hidden; }";
    let found = has_selectors(old);
    assert_eq!(found, [".lab .experiment:has(", ".lab:has("]);
    assert!(found.iter().all(|s| !on_small_subject(s)));
    let fine = has_selectors(".lab .primary-controls .control:has(input[type=\"range\"]) { grid-column: 1 / -1; }");
    assert!(fine.iter().all(|s| on_small_subject(s)), "{fine:?}");
}
