//! The registry is complete: an experiment registered without its strings,
//! link keys, presets or bounds fails here (its panel is a compile error,
//! and `tests/web.rs` mounts every registered panel).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;

use retry_lab_core::Pair;
use retry_lab_web::i18n::Lang;
use retry_lab_web::link::{self, decode};
use retry_lab_web::params::{Domain, Value};
use retry_lab_web::registry::{presets, Experiment, LabParams, Owner, ParamId};

/// Keys the link itself uses; no parameter may take one.
use retry_lab_web::link::SHELL_KEYS;

/// A list line's module is its experiment's code: the tools and the tests
/// find an experiment's files (`src/experiments/<code>/`) by it.
#[test]
fn every_experiments_code_is_its_modules_name() {
    for &e in Experiment::ALL {
        assert_eq!(e.code(), e.module(), "{e:?}: its code and its directory");
    }
}

#[test]
fn every_experiment_has_a_code_and_a_title_in_each_language() {
    let mut codes = HashSet::new();
    for &e in Experiment::ALL {
        assert!(codes.insert(e.code()), "{} registered twice", e.code());
        assert_eq!(Experiment::parse(e.code()), Some(e));
        let (es, en) = (e.title(Lang::Es), e.title(Lang::En));
        assert!(!es.is_empty() && !en.is_empty(), "{}: a title is missing", e.code());
        assert_ne!(es, en, "{}: the titles are not translated", e.code());
    }
}

#[test]
fn every_parameter_has_a_unique_key_a_lock_and_labels() {
    let mut keys = HashSet::new();
    for param in ParamId::all() {
        let key = param.key();
        assert!(keys.insert(key), "link key {key} declared twice");
        assert!(!SHELL_KEYS.contains(&key), "{key} is one of the link's own keys");
        assert!(!key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{key}: not a link key");
        assert!(!param.lock().is_empty(), "{key}: no lock name");
        for lang in [Lang::Es, Lang::En] {
            assert!(!param.label(lang).is_empty(), "{key}: no label in {lang:?}");
        }
        if let Domain::Choice { codes, labels } = param.domain() {
            for lang in [Lang::Es, Lang::En] {
                assert_eq!(labels(lang).len(), codes.len(), "{key}: a choice without its label in {lang:?}");
            }
        }
        if let Owner::Experiment(e) = param.owner {
            assert!(ParamId::of(e).any(|p| p == param));
        }
    }
    assert_eq!(link::lock_names().len(), ParamId::all().map(ParamId::lock).collect::<HashSet<_>>().len());
}

#[test]
fn every_default_encodes_and_reads_back() {
    let defaults = LabParams::default();
    for param in ParamId::all() {
        let text = param.encode(&defaults);
        if matches!(param.get(&defaults), Value::Text(ref t) if t.is_empty()) {
            continue; // an empty plan: absent from links
        }
        let (value, notice) = param.domain().parse(&text).unwrap_or_else(|e| panic!("{}={text}: {e:?}", param.key()));
        assert_eq!((value, notice), (param.get(&defaults), None), "{}", param.key());
    }
}

#[test]
fn every_preset_has_a_label_and_reads_without_a_notice() {
    for version in link::VERSIONS {
        let mut codes = HashSet::new();
        for (experiment, preset) in presets(version) {
            assert!(codes.insert(preset.code), "v{version}: preset {} twice", preset.code);
            assert!(!(preset.label)(Lang::Es).is_empty() && !(preset.label)(Lang::En).is_empty(), "{}", preset.code);
            let (link, notices) = decode(&format!("v={version}&preset={}", preset.code));
            assert!(notices.is_empty(), "v{version} preset {}: {notices:?}", preset.code);
            let init = link.to_init(&[], notices);
            assert_eq!(init.experiment, experiment);
            for (key, _) in preset.values {
                assert!(*key == "at" || ParamId::by_key(key).is_some(), "preset {}: unknown key {key}", preset.code);
            }
        }
    }
}

/// The page's largest values are within the core's limits: the page never
/// builds a run the core refuses.
#[test]
fn the_page_bounds_fit_the_core() {
    let mut params = LabParams::default();
    for param in ParamId::all() {
        match param.domain() {
            Domain::Int { max, .. } => assert!(param.apply(&mut params, Value::Int(max))),
            Domain::Ratio { max_ppm, .. } => {
                assert!(param.apply(&mut params, Value::Int(max_ppm.into())))
            }
            _ => {}
        }
    }
    // With the fullest plan a learner can make: every intervention a retry-all.
    let plan = vec!["retryall@1"; retry_lab_web::experiments::retries::INTERVENTIONS_MAX].join(",");
    assert!(ParamId::by_key("do").unwrap().apply(&mut params, Value::Text(plan)));
    let cfg = params.retries.sim_config(&params.shared);
    let bound = cfg.attempts_bound(&params.retries.plan);
    assert!(bound <= retry_lab_core::limits::TRACED_ATTEMPTS_MAX, "{bound}");
    assert!(Pair::new(cfg, params.retries.plan.clone()).is_ok());
    assert!(params.ack.loop_rows(&params.shared).is_some(), "the table the page runs, at its bounds");
}

/// The README's parameter table lists exactly the registry's keys (and the
/// link's own), each with its range: the text an author copies cannot drift.
#[test]
fn the_readme_lists_every_link_key() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md")).unwrap();
    let start = readme.find("## URL parameters").expect("the reference has the URL parameters section");
    // The link's own keys, then every experiment's (the generated table):
    // the rows that start with a key, up to the next section, the
    // experiments table (codes, not keys) aside.
    let mut in_experiments = false;
    let rows: Vec<&str> = readme[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| {
            in_experiments =
                (in_experiments || l.starts_with("<!-- experiments:start")) && !l.starts_with("<!-- experiments:end");
            !in_experiments && l.starts_with("| `")
        })
        .collect();
    let mut listed = HashSet::new();
    for row in &rows {
        let names = row.split('|').nth(1).unwrap();
        for name in names.split(',') {
            let name = name.trim().trim_matches('`');
            if !name.is_empty() {
                listed.insert(name.to_owned());
            }
        }
    }
    for key in ParamId::all().map(ParamId::key).chain(SHELL_KEYS) {
        assert!(listed.contains(key), "README's URL parameter table lacks `{key}`");
    }
    for name in &listed {
        assert!(
            ParamId::by_key(name).is_some() || SHELL_KEYS.contains(&name.as_str()),
            "README lists `{name}`, which no link reads"
        );
    }
    // Each parameter's row states its range as the registry declares it.
    for param in ParamId::all() {
        if let Domain::Int { min, max, .. } = param.domain() {
            if max == u64::MAX {
                continue;
            }
            let names = |r: &&&str| {
                r.split('|').nth(1).unwrap_or("").split(',').any(|n| n.trim().trim_matches('`') == param.key())
            };
            let row = rows.iter().find(names).unwrap();
            let fmt = |n: u64| retry_lab_web::format::int(n);
            assert!(
                row.contains(&format!("{}–{}", fmt(min), fmt(max))),
                "README row of `{}` lacks {min}–{max}: {row}",
                param.key()
            );
        }
    }
}

/// Each experiment's first preset is its defaults: a page with no link
/// names it in its scenario picker.
#[test]
fn each_experiments_first_preset_is_its_defaults() {
    use retry_lab_web::registry::Locks;
    for &e in Experiment::ALL {
        let first = e.presets().first().unwrap_or_else(|| panic!("{}: no preset", e.code()));
        let (params, clock_ms) = link::preset_values(first, &LabParams::default(), &Locks::default());
        assert_eq!(
            (params, clock_ms),
            (LabParams::default(), 0),
            "{}: preset {} is not the defaults",
            e.code(),
            first.code
        );
    }
}

/// `static/lab-registry.js`, what the plain-JS tools know of the registry
/// (`embed.js` routes each mount by it; the builder keeps only these keys
/// in a snippet), as the registry says it. Generated, never edited: when it
/// was stale this test writes it anew and fails, so the change is committed
/// (as rust-analyzer's sourcegen does).
fn lab_registry_text() -> String {
    use retry_lab_web::groups::GROUPS;
    let quote = |s: &str| format!("'{s}'");
    let map = |pairs: Vec<(String, &str)>| {
        let rows: Vec<String> =
            pairs.iter().map(|(code, dir)| format!("  [{}, {}],", quote(code), quote(dir))).collect();
        format!("new Map([\n{}\n])", rows.join("\n"))
    };
    let codes = map(GROUPS
        .iter()
        .flat_map(|g| {
            let (experiments, presets, _) = codes_of(g);
            experiments.into_iter().chain(presets).map(move |c| (c.to_owned(), g.dir))
        })
        .collect());
    let keys = map(GROUPS.iter().flat_map(|g| codes_of(g).2.into_iter().map(move |k| (k.to_owned(), g.dir))).collect());
    let shared: Vec<String> = ParamId::all().filter(|p| p.owner == Owner::Shared).map(|p| quote(p.key())).collect();
    let shell: Vec<String> = retry_lab_web::link::SHELL_KEYS.iter().map(|k| quote(k)).collect();
    let pages: Vec<String> = GROUPS.iter().map(|g| quote(g.dir)).collect();
    let styles: Vec<String> = GROUPS
        .iter()
        .map(|g| {
            let files: Vec<String> = page_styles(g).map(|css| quote(&format!("{css}.css"))).collect();
            format!("  [{}, [{}]],", quote(g.dir), files.join(", "))
        })
        .collect();
    let text = format!(
        "\
// Generated from the list of experiments (src/experiments/mod.rs) by tests/registry.rs: do not edit.
// What the plain-JS tools know of the lab: the page (directory) of every
// experiment and preset code, and of every parameter key; the keys every
// page reads (shared parameters, the link's own).
export const PAGE_OF_CODE = {codes};
export const PAGE_OF_KEY = {keys};
export const SHARED_KEYS = new Set([{}]);
export const LINK_KEYS = new Set([{}]);
// Every lesson page (the byte budget measures each), and the stylesheets
// of each page besides style.css (embed.js loads them).
export const PAGES = [{}];
export const PAGE_STYLES = new Map([
{}
]);
",
        shared.join(", "),
        shell.join(", "),
        pages.join(", "),
        styles.join("\n")
    );
    text
}

/// What the authors' tools (builder, export) show of each experiment, in
/// both languages: its title, its locks by their on-screen labels, its
/// guided tasks by their goals. Generated like `lab-registry.js`; only the
/// tools load it, so no learner's page carries these words twice.
fn tool_registry_text() -> String {
    use serde_json::json;
    let both = |f: &dyn Fn(Lang) -> String| json!({ "es": f(Lang::Es), "en": f(Lang::En) });
    let mut experiments = serde_json::Map::new();
    for &e in Experiment::ALL {
        let locks: Vec<serde_json::Value> =
            ParamId::locks_of(e).into_iter().map(|p| json!([p.lock(), both(&|l| p.label(l).to_owned())])).collect();
        let goals = |l| e.task_goals(l);
        let tasks: Vec<serde_json::Value> = goals(Lang::Es)
            .iter()
            .zip(goals(Lang::En))
            .map(|((code, es), (_, en))| json!([code, { "es": es, "en": en }]))
            .collect();
        let group = retry_lab_web::catalog::group_of(e);
        // Today's scenarios (the example deck puts one a slide).
        let presets: Vec<serde_json::Value> = e
            .presets()
            .iter()
            .filter(|p| p.in_version(retry_lab_web::link::VERSION))
            .map(|p| json!([p.code, both(&|l| (p.label)(l).to_owned())]))
            .collect();
        let mut entry = json!({ "title": both(&|l| e.title(l).to_owned()), "lesson": both(&|l| (group.lesson)(l).to_owned()), "locks": locks, "tasks": tasks, "presets": presets });
        if let Some(offer) = e.ladder() {
            // The sweep page's choices: outcomes (key, label, unit) and the
            // parameters it may vary (key, label, unit: "%" for a share).
            let outcomes: Vec<serde_json::Value> =
                offer.outcomes.iter().map(|o| json!([o.key, both(&|l| (o.label)(l).to_owned()), o.unit])).collect();
            let axes: Vec<serde_json::Value> = offer
                .axes
                .iter()
                .map(|a| {
                    let param = ParamId::of(e).find(|p| p.key() == a.key).expect("tests/sweep.rs checks the axes");
                    let unit = match param.domain() {
                        Domain::Ratio { .. } => "%",
                        Domain::Int { unit, .. } => unit,
                        _ => "",
                    };
                    json!([a.key, both(&|l| param.label(l).to_owned()), unit])
                })
                .collect();
            entry["ladder"] = json!({ "outcomes": outcomes, "axes": axes });
        }
        experiments.insert(e.code().to_owned(), entry);
    }
    let body = serde_json::to_string_pretty(&serde_json::Value::Object(experiments)).unwrap();
    let text = format!(
        "\
// Generated from the list of experiments (src/experiments/mod.rs) by tests/registry.rs: do not edit.
// What the authors' tools show of each experiment, in both languages: its
// title, its lesson's title, its locks (name, on-screen label), its guided
// tasks (code, goal), its scenarios (code, name);
// for a seeded experiment, what the sweep page may measure and vary.
export const TOOL_EXPERIMENTS = {body};
"
    );
    text
}

/// Every lesson page is named after its lesson's title (the four texts'
/// own titles), never by a file's number; a lesson with two pages says
/// which part each is.
#[test]
fn every_page_names_its_lesson_by_title() {
    use retry_lab_web::groups::GROUPS;
    let titles = [
        "At-least-once es la realidad, exactly-once es un mito práctico",
        "Garantías de entrega exactamente una vez",
        "Confiabilidad a escala: idempotencia, reintentos y backpressure",
        "Colas y streams: mensajes que esperan",
    ];
    for group in &GROUPS {
        let lesson = (group.lesson)(Lang::Es);
        assert!(titles.contains(&lesson), "{}: {lesson}", group.dir);
        let pages = GROUPS.iter().filter(|g| (g.lesson)(Lang::Es) == lesson).count();
        for lang in Lang::ALL {
            let (title, subtitle) = ((group.title)(lang), (group.subtitle)(lang));
            for text in [title, subtitle, (group.lesson)(lang)] {
                assert!(
                    !["000", "001", "003", "004", "lección 0", "lesson 0"].iter().any(|n| text.contains(n)),
                    "{text}"
                );
            }
            let part = if lang == Lang::Es { " de 2 · " } else { " of 2 · " };
            assert_eq!(pages == 2, subtitle.contains(part), "{}: {subtitle}", group.dir);
        }
    }
    let names: HashSet<&str> = GROUPS.iter().map(|g| (g.title)(Lang::Es)).collect();
    assert_eq!(names.len(), GROUPS.len(), "one name per page in the course navigation");
}

/// A scenario's name says what it is, not which text it came from: no
/// lesson's title in front of it (a page's scenario menu cited other
/// pages'), and no file number.
#[test]
fn scenario_names_cite_no_lesson() {
    use retry_lab_web::groups::GROUPS;
    for &e in Experiment::ALL {
        for preset in e.presets() {
            for lang in Lang::ALL {
                let label = (preset.label)(lang);
                for group in &GROUPS {
                    let lesson = (group.lesson)(lang);
                    let short = lesson.split(':').next().unwrap_or(lesson);
                    assert!(!label.starts_with(short), "{}: «{label}» cites «{short}»", preset.code);
                }
                assert!(!["ección 0", "esson 0"].iter().any(|n| label.contains(n)), "{}: «{label}»", preset.code);
            }
        }
    }
}

/// A lesson is named by its title on screen, never by its file's number
/// ("lección 004"): every string literal of the page's code is read (comments
/// and tests aside, where the numbers name files for developers).
#[test]
fn no_string_names_a_lesson_by_a_file_number() {
    fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.to_string_lossy().ends_with("tests.rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    rust_files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for literal in line.split('"').skip(1).step_by(2) {
                let lower = literal.to_lowercase();
                if ["lección 00", "leccion 00", "lesson 00"].iter().any(|n| lower.contains(n)) {
                    found.push(format!("{}:{}: {literal}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "strings that name a lesson by its file's number:\n{}", found.join("\n"));
}

/// Beside each figure, at most four parameters (`Spec::PRIMARY`); the rest
/// wait under "Más parámetros". Each key named there is a parameter of its
/// experiment, and an experiment that names none has four at most.
#[test]
fn at_most_four_parameters_beside_each_figure() {
    use retry_lab_web::registry::{Experiment, ParamId};
    for &experiment in Experiment::ALL {
        let keys: Vec<&str> = ParamId::of(experiment).map(|p| p.key()).collect();
        let primary = experiment.primary();
        for key in primary {
            assert!(keys.contains(key), "{}: {key} is not one of its parameters {keys:?}", experiment.code());
        }
        let shown = if primary.is_empty() { keys.len() } else { primary.len() };
        assert!(shown <= 4, "{}: {shown} parameters beside the figure", experiment.code());
    }
}

/// What a hint quotes («…» in Spanish, “…” in English) is a label the
/// learner can find: a string of that experiment's own strings or of the
/// shell's, in that language's quotes. Hints used to name controls that did
/// not exist («acks perdidos», «Paso» for the button «Avanzar»).
#[test]
fn every_label_a_hint_quotes_exists() {
    use retry_lab_web::registry::States;
    let root = env!("CARGO_MANIFEST_DIR");
    let shell = std::fs::read_to_string(format!("{root}/src/i18n.rs")).unwrap();
    let params = LabParams::default();
    let states = States::init(&params, Experiment::first(), 0);
    let (mut quoted, mut missing) = (0, Vec::new());
    for &experiment in Experiment::ALL {
        let dir = format!("{root}/src/experiments/{}", experiment.code());
        let own: String =
            std::fs::read_dir(&dir).unwrap().map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap()).collect();
        for (lang, open, close) in [(Lang::Es, '«', '»'), (Lang::En, '“', '”')] {
            for task in states.tasks(&params, experiment, lang) {
                let mut rest = task.text.hint;
                while let Some(start) = rest.find(open) {
                    let after = &rest[start + open.len_utf8()..];
                    let end = after
                        .find(close)
                        .unwrap_or_else(|| panic!("{}: unclosed quote in {:?}", task.code, task.text.hint));
                    let label = &after[..end];
                    let literal = |text: &str| {
                        text.contains(&format!("\"{label}\""))
                            || text.contains(&format!("\"{label} "))
                            || text.contains(&format!(" {label}\""))
                    };
                    if !(literal(&own) || literal(&shell)) {
                        missing.push(format!(
                            "{} ({lang:?}) quotes «{label}», which is no label of {} or of the shell",
                            task.code,
                            experiment.code()
                        ));
                    }
                    quoted += 1;
                    rest = &after[end + close.len_utf8()..];
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(quoted > 20, "the hints quote labels ({quoted})");
}

/// Every experiment's registry line names a lesson group that exists, and
/// every group is a cargo feature of the page's crate (an experiment in a
/// group of its own would be built into no page).
#[test]
fn every_experiment_is_built_into_a_lesson_page() {
    use retry_lab_web::groups::GROUPS;
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    for group in &GROUPS {
        assert!(
            manifest.contains(&format!("\n{} = []", group.feature)),
            "{} is a feature of Cargo.toml",
            group.feature
        );
    }
    for &e in Experiment::ALL {
        assert!(
            GROUPS.iter().any(|g| g.feature == e.feature()),
            "{}'s registry line names {}, which no lesson group builds",
            e.code(),
            e.feature()
        );
    }
}

/// Each lesson group's experiment, preset and key codes (what a page knows
/// of the other pages) come from the list of experiments: the group an
/// experiment's registry line names, its presets of every link version,
/// its parameters' keys.
fn group_codes_text() -> String {
    use retry_lab_web::groups::GROUPS;
    let mut text = String::from(
        "\
//! Generated from the list of experiments (`src/experiments/mod.rs`) by
//! `tests/registry.rs`: do not edit. Each lesson group's experiment, preset
//! and key codes, so that every page knows which page another page's codes
//! belong to (a page compiles only its own group's experiments).

/// A group's codes.
pub struct GroupCodes {
    pub experiments: Codes,
    pub presets: Codes,
    pub keys: Codes,
}

/// Codes written as one space-separated string: a list of `&str` would cost
/// every page eight bytes of pointers per entry, for every group (size).
#[derive(Clone, Copy, Debug)]
pub struct Codes(pub &'static str);

impl Codes {
    pub fn iter(self) -> std::str::SplitAsciiWhitespace<'static> {
        self.0.split_ascii_whitespace()
    }
    pub fn contains(self, code: &str) -> bool {
        self.iter().any(|c| c == code)
    }
}
",
    );
    for group in &GROUPS {
        let (experiments, presets, keys) = codes_of(group);
        text += &format!(
            "\npub const {}: GroupCodes = GroupCodes {{\n    experiments: Codes(\"{}\"),\n    presets: Codes(\"{}\"),\n    keys: Codes(\"{}\"),\n}};\n",
            group.feature.to_uppercase().replace('-', "_"),
            experiments.join(" "),
            presets.join(" "),
            keys.join(" ")
        );
    }
    rustfmt(&text)
}

/// A lesson group's experiment, preset and key codes, from the compiled
/// list (each experiment's feature), never from the generated codes: a new
/// experiment is placed right in the very run that writes them.
fn codes_of(group: &retry_lab_web::groups::Group) -> (Vec<&'static str>, Vec<&'static str>, Vec<&'static str>) {
    let members: Vec<Experiment> = Experiment::ALL.iter().copied().filter(|e| e.feature() == group.feature).collect();
    let experiments = members.iter().map(|e| e.code()).collect();
    let mut presets: Vec<&str> = Vec::new();
    for preset in members.iter().flat_map(|e| e.presets()) {
        if !presets.contains(&preset.code) {
            presets.push(preset.code);
        }
    }
    let keys = members.iter().flat_map(|&e| ParamId::of(e)).map(|p| p.key()).collect();
    (experiments, presets, keys)
}

/// Every experiment's module declared where `cargo fmt` finds it: the list
/// declares them inside `registry!`, a macro rustfmt does not enter, and
/// `lib.rs` declares this file under `cfg(any())`, which rustc never
/// compiles and rustfmt still follows.
fn rustfmt_reach_text() -> String {
    let mut text = String::from(
        "\
//! Generated from the list of experiments (`src/experiments/mod.rs`) by
//! `tests/registry.rs`: do not edit. Never compiled (`lib.rs` declares it
//! under `cfg(any())`): it shows `cargo fmt` every experiment's module,
//! which the list declares inside a macro rustfmt does not enter.
",
    );
    for e in Experiment::ALL {
        text += &format!("\n#[path = \"experiments/{0}/mod.rs\"]\nmod {0};\n", e.module());
    }
    rustfmt(&text)
}

/// Rust source as rustfmt writes it (with the repository's `rustfmt.toml`):
/// a generated file passes `cargo fmt --check` the moment it is written.
fn rustfmt(text: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout", "--config-path"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/rustfmt.toml"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rustfmt (rust-toolchain.toml installs it)");
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "rustfmt refused the generated code");
    String::from_utf8(output.stdout).unwrap()
}

/// Stylesheets a page shares with another lesson page (before its own):
/// operating queues draws the queue charts of «Colas y streams»' first page.
const SHARED_STYLES: &[(&str, &str)] = &[("lesson-004-ops", "lesson-004")];

/// A lesson page's own stylesheets besides `style.css`, by name: what it
/// shares with another page, then its own, named by its feature (the root
/// page's is lesson-000.css) (the entry page links them, `embed.js` loads
/// them). What only one page draws lives in its own sheet, so another
/// page does not load it.
fn page_styles(group: &retry_lab_web::groups::Group) -> impl Iterator<Item = &'static str> {
    let name = group.feature;
    SHARED_STYLES.iter().filter(move |(page, _)| *page == name).map(|(_, other)| *other).chain([name])
}

/// The authors' tools, copied next to the root page (not part of any
/// lesson page's load).
const TOOL_FILES: &[&str] = &[
    "embed.js",
    "retry-lab-frame.js",
    "lab-registry.js",
    "course.html",
    "course.css",
    "course-lrs.js",
    "embed-builder.html",
    "embed-builder.js",
    "embed-builder.css",
    "export.html",
    "export.js",
    "sweep.html",
    "sweep.js",
    "sweep-worker.js",
    "sweep.css",
    "tool-link.js",
    "tool-registry.js",
    "scorm-package.js",
    "h5p-package.js",
    "deck-package.js",
    "package-zip.js",
];

/// The authors' folders, copied whole: the SCORM launch page's files and
/// the H5P library the builder packs.
const TOOL_DIRS: &[&str] = &["scorm", "h5p"];

/// A lesson group's entry page, from the one template every page shares:
/// the CSP (Trunk's loader pinned by its hash), the module of the group's
/// feature, and its header prerendered in Spanish from the registry.
fn entry_html(group: &retry_lab_web::groups::Group) -> String {
    let mut links = vec!["<link data-trunk rel=\"css\" href=\"static/style.css\" />".to_owned()];
    if group.dir.is_empty() {
        links.extend(TOOL_FILES.iter().map(|f| format!("<link data-trunk rel=\"copy-file\" href=\"static/{f}\" />")));
        links.extend(TOOL_DIRS.iter().map(|d| format!("<link data-trunk rel=\"copy-dir\" href=\"static/{d}\" />")));
    }
    links.extend(page_styles(group).map(|css| format!("<link data-trunk rel=\"css\" href=\"static/{css}.css\" />")));
    let built_into = if group.dir.is_empty() { "dist/".to_owned() } else { format!("dist/{}", group.dir) };
    let text = |f: fn(Lang) -> &'static str| f(Lang::Es);
    ENTRY_TEMPLATE
        .replace("{title}", text(group.title))
        .replace("{links}", &links.join("\n    "))
        .replace("{built_into}", &built_into)
        .replace("{feature}", group.feature)
        .replace("{lesson}", text(group.lesson))
        .replace("{subtitle}", text(group.subtitle))
        .replace("{intro}", text(group.intro))
}

const ENTRY_TEMPLATE: &str = r#"<!doctype html>
<!-- Generated from the registry's lesson groups by tests/registry.rs (entry_html): do not edit. -->
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!-- No network beyond the lab's own files, no inline handlers. The one inline
         script is the loader Trunk.toml's pattern_script writes, allowed by its hash (stable:
         file names are not hashed; the hash is of the minified loader); tests/e2e/embed.test.mjs fails if it ever changes. -->
    <meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'sha256-kVYYdZDSpLvv3IAS5P/dJJZ7pgSsyELoNF9PQxn85x8='; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'" />
    <title>{title} · Retry Lab</title>
    <meta name="description" content="Retry Lab: at-least-once delivery, exponential backoff, dead-letter and idempotency, simulated in your browser." />
    <link rel="icon" href="favicon.svg" type="image/svg+xml" />
    <link data-trunk rel="copy-file" href="static/favicon.svg" />
    {links}
    <!-- «{lesson}»: {subtitle}. Built into {built_into} with the {feature} feature: one
         module per lesson group keeps every page within its budget.
         wasm-opt -Os: larger than -Oz but 1.1 KB smaller gzipped (streams, measured);
         without binaryen's inlining and local CSE (LLVM has inlined already), whose copies
         and locals compress worse: 1.5-3.1 KB gzip less a page, and no slower to repaint;
         never -all (Chromium rejects the result). Memory starts zeroed on
         the web and Rust keeps its data far above the first KiB, so these two are safe. The
         producers and target-features sections are metadata no browser reads: 0.18 KB gzip. -->
    <link data-trunk rel="rust" data-bin="retry-lab-web" data-cargo-profile-release="page" data-cargo-no-default-features data-cargo-features="{feature}" data-wasm-opt="s"
      data-wasm-opt-params="--skip-pass=inlining-optimizing --skip-pass=local-cse --converge --low-memory-unused --zero-filled-memory --strip-producers --strip-target-features" />
  </head>
  <body class="retry-lab-page">
    <!-- The page's header, prerendered (Spanish, as lang="es"): the learner sees the
         page's content before the module runs; the lab then keeps it in their language. -->
    <main id="lab" data-retry-lab-page>
      <header id="lab-header" class="lab lab-page-header"><h1 class="lab-title">{lesson}</h1><p class="subtitle">{subtitle}</p><p class="lab-intro">{intro}</p></header>
      <div id="lab-app"><p class="lab-fallback" role="alert">El laboratorio no pudo arrancar: necesita JavaScript, WebAssembly y leer sus propios archivos (dentro de un iframe con sandbox: allow-scripts y allow-same-origin). · Retry Lab could not start: it needs JavaScript, WebAssembly and to read its own files (in a sandboxed iframe: allow-scripts and allow-same-origin).</p></div>
    </main>
  </body>
</html>
"#;

/// A region of a document between `<!-- NAME:start -->` and `<!-- NAME:end -->`,
/// replaced by `table`.
fn with_region(document: &str, name: &str, table: &str) -> String {
    let (start, end) = (format!("<!-- {name}:start -->\n"), format!("\n<!-- {name}:end -->"));
    let from = document.find(&start).unwrap_or_else(|| panic!("the {name}:start marker")) + start.len();
    let to = from + document[from..].find(&end).unwrap_or_else(|| panic!("the {name}:end marker"));
    format!("{}{table}{}", &document[..from], &document[to..])
}

/// Everything generated from the list of experiments, in one pass from the
/// compiled registry: (path from the repository's root, its text).
fn generated_files() -> Vec<(String, String)> {
    use retry_lab_web::groups::GROUPS;
    let mut files = vec![
        ("src/group_codes.rs".to_owned(), group_codes_text()),
        ("src/rustfmt_reach.rs".to_owned(), rustfmt_reach_text()),
        ("static/lab-registry.js".to_owned(), lab_registry_text()),
        ("static/tool-registry.js".to_owned(), tool_registry_text()),
    ];
    for group in &GROUPS {
        let file = if group.dir.is_empty() {
            "index.html".to_owned()
        } else {
            format!("{}.html", group.dir.trim_end_matches('/'))
        };
        files.push((file, entry_html(group)));
    }
    let reference = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md")).unwrap();
    let reference = with_region(&reference, "params", &retry_lab_web::catalog::params_markdown(None));
    let reference = with_region(&reference, "experiments", &retry_lab_web::catalog::experiments_markdown());
    files.push(("docs/reference.md".to_owned(), reference));
    files
}

/// The files generated from the list (each group's codes, the entry pages,
/// the tools' registries, the reference's tables) are what the list says:
/// a stale one is written anew, and this fails once naming every file it
/// wrote, so the change is committed (rust-analyzer's sourcegen). The next
/// run is green: nothing generated reads another generated file.
#[test]
fn the_generated_files_are_fresh() {
    let mut written = Vec::new();
    for (relative, text) in generated_files() {
        let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
        if std::fs::read_to_string(&path).unwrap_or_default() != text {
            std::fs::write(&path, &text).unwrap();
            written.push(relative);
        }
    }
    assert!(written.is_empty(), "generated from the list of experiments and written anew, commit them: {written:?}");
}

/// The page's ranges lie within the core's. The core's one bound policy
/// (`retry_lab_core::limits`) is to refuse a config out of range; the page
/// clamps each parameter into its declared range on the way in. So every
/// experiment's run builds at each of its whole-number parameters' extremes,
/// from its defaults and from each of its presets: no queue run is refused
/// for its config (an `over_budget` is the work budget, which the page
/// explains), no group run panics.
#[test]
fn every_parameters_extremes_run_in_the_core() {
    let mut runs = 0;
    for &experiment in Experiment::ALL {
        let starts: Vec<String> = std::iter::once(String::new())
            .chain(experiment.presets().iter().map(|p| format!("&preset={}", p.code)))
            .collect();
        for param in ParamId::of(experiment) {
            let Domain::Int { min, max, .. } = param.domain() else { continue };
            for (value, start) in [min, max].into_iter().flat_map(|v| starts.iter().map(move |s| (v, s))) {
                let query = format!("exp={}{start}&{}={value}", experiment.code(), param.key());
                let params = decode(&query).0.to_init(&[], Vec::new()).params;
                let numbers = std::panic::catch_unwind(|| experiment.run_numbers(&params, 0))
                    .unwrap_or_else(|_| panic!("the core refused the page's ?{query}"));
                let refused = numbers.iter().find(|(name, _)| *name == "refused");
                assert!(refused.is_none(), "the core refused the page's ?{query}: {refused:?}");
                runs += 1;
            }
        }
    }
    assert!(runs > 500, "{runs} runs");
}

/// A panel names parameters to its frame by link key (`param_control`,
/// `text_control`, `locked`): each name is one of its own experiment's keys
/// or locks, so a typo or another experiment's key (which the frame would
/// draw as nothing, or as a stranger's control) fails here, not on a page.
#[test]
fn a_panel_names_only_its_own_parameters_to_its_frame() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/experiments");
    let mut named = 0;
    for &experiment in Experiment::ALL {
        let module = experiment.module();
        let panel = std::fs::read_to_string(root.join(module).join("panel.rs"))
            .unwrap_or_else(|e| panic!("{}: its panel.rs: {e}", experiment.code()));
        let mut own: Vec<&str> = ParamId::of(experiment).flat_map(|p| [p.key(), p.lock()]).collect();
        own.sort_unstable();
        own.dedup();
        for call in ["frame.param_control(\"", "frame.text_control(\"", "frame.locked(\"", "frame.handle(\""] {
            for rest in panel.split(call).skip(1) {
                let key = rest.split('"').next().unwrap_or_default();
                assert!(own.contains(&key), "{module}/panel.rs names {key:?} to its frame, not one of {own:?}");
                named += 1;
            }
        }
    }
    assert!(named >= 10, "the panels were read ({named} names)");
}

/// `./lab test` also builds every test file for wasm32 (its component tests
/// run in Chromium): a native-only file that forgets its gate compiles there
/// without its dev-dependencies and turns CI red after every native check
/// passed. Each file says which target it is for.
#[test]
fn every_test_file_names_its_target() {
    let gates = ["#![cfg(not(target_arch = \"wasm32\"))]", "#![cfg(target_arch = \"wasm32\")]"];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut ungated = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/") {
        let path = entry.expect("an entry of tests/").path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a test file");
            if !text.lines().any(|line| gates.contains(&line.trim())) {
                ungated.push(path.display().to_string());
            }
        }
    }
    assert!(ungated.is_empty(), "no target gate in {ungated:?}");
}
