//! The page's modules form no cycle: each file (an experiment's directory
//! counts as one unit) names the modules it uses through `crate::`,
//! `super::` and `self::` paths, and those uses make a graph without a loop.
//! A loop means no module of it can be read, tested or changed alone; the
//! message names every file of each loop and one path around it.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's unit: an experiment's directory is one unit (its mod,
/// panel and strings belong together); any other file is one.
fn unit_of(module: &[String]) -> String {
    match module {
        [first, experiment, ..] if first == "experiments" => format!("experiments::{experiment}"),
        _ => module.join("::"),
    }
}

/// Every module under `src/` that has a file, by its path, with its text
/// (test-only files and the binaries' roots left out).
fn modules(src: &Path) -> BTreeMap<Vec<String>, String> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut module: Vec<String> = relative.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            let name = module.last().cloned().unwrap_or_default();
            let root = matches!(name.as_str(), "lib" | "main" | "export_main");
            if path.extension().is_some_and(|e| e == "rs") && !root && !name.ends_with("tests") {
                found.insert(module, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    found
}

/// A file's code without its inline test module (comments and literals
/// blanked by `code_only`).
fn code(text: &str) -> String {
    code_only(text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text))
}

/// The paths after `crate::`, `super::` or `self::` in a text, brace
/// groups expanded (`crate::{a::b, c}` is `crate::a::b` and `crate::c`).
fn paths(text: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in text.match_indices(start) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let head = start.trim_end_matches("::").to_owned();
            expand(&text[at + start.len()..], vec![head], &mut found);
        }
    }
    found
}

/// One path (or a brace group of them) from the start of `rest`.
fn expand(rest: &str, prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
    if let Some(inner) = rest.strip_prefix('{') {
        let mut depth = 0;
        let mut item = String::new();
        for c in inner.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(item.trim(), prefix.clone(), found);
                    item.clear();
                    continue;
                }
                _ => {}
            }
            item.push(c);
        }
        if !item.trim().is_empty() {
            expand(item.trim(), prefix, found);
        }
        return;
    }
    let mut path = prefix;
    let mut rest = rest;
    loop {
        let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if word.is_empty() {
            break;
        }
        path.push(word.clone());
        rest = &rest[word.len()..];
        match rest.strip_prefix("::") {
            Some(more) if more.starts_with('{') => return expand(more, path, found),
            Some(more) => rest = more,
            None => break,
        }
    }
    found.push(path);
}

/// The module a path names from a module: its longest prefix with a file.
fn resolve(from: &[String], path: &[String], known: &BTreeMap<Vec<String>, String>) -> Option<Vec<String>> {
    let mut absolute: Vec<String> = match path[0].as_str() {
        "crate" => Vec::new(),
        "super" => from[..from.len().saturating_sub(1)].to_vec(),
        _ => from.to_vec(),
    };
    for segment in &path[1..] {
        match segment.as_str() {
            "super" => {
                absolute.pop();
            }
            "self" => {}
            _ => absolute.push(segment.clone()),
        }
    }
    (1..=absolute.len()).rev().map(|n| absolute[..n].to_vec()).find(|m| known.contains_key(m))
}

/// Which unit uses which.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let known = modules(src);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in &known {
        let from = unit_of(module);
        let targets = edges.entry(from.clone()).or_default();
        let body = code(text);
        // The list's lines, `Variant => module in "group"` (a module is a
        // plain name: not the macro's own `$module:ident` pattern).
        let listed = body
            .lines()
            .filter_map(|l| l.trim().split_once(" => "))
            .filter_map(|(_, rest)| rest.split_once(" in "))
            .filter(|(m, _)| m.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .map(|(m, _)| vec!["crate".to_owned(), "experiments".to_owned(), m.to_owned()])
            .collect::<Vec<_>>();
        // A child module named by its own name (`hooks::use_x` in app/mod.rs).
        let children: Vec<Vec<String>> =
            known.keys().filter(|m| m.len() == module.len() + 1 && m.starts_with(module)).cloned().collect();
        let by_name = children.iter().filter(|child| {
            let name = format!("{}::", child.last().unwrap());
            body.match_indices(&name)
                .any(|(at, _)| !body[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':'))
        });
        let by_name: Vec<Vec<String>> =
            by_name.map(|child| ["self".to_owned(), child.last().unwrap().clone()].to_vec()).collect();
        for path in paths(&body).into_iter().chain(listed).chain(by_name) {
            if let Some(to) = resolve(module, &path, &known).map(|m| unit_of(&m)) {
                if to != from {
                    targets.insert(to);
                }
            }
        }
    }
    edges
}

/// The graph's loops: its strongly connected parts of more than one unit
/// (Tarjan's algorithm), each with one path around it.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w.as_str()]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w.as_str()) {
                    let low = self.low[v].min(self.index[w.as_str()]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self.stack.iter().position(|u| *u == v).unwrap();
                let part: Vec<String> = self.stack.drain(at..).map(str::to_owned).collect();
                if part.len() > 1 {
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk { edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

/// A path from a unit back to itself inside one loop (breadth first).
fn around(edges: &BTreeMap<String, BTreeSet<String>>, part: &[String]) -> String {
    let start = &part[0];
    let mut previous: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.as_str()]);
    while let Some(v) = queue.pop_front() {
        for w in edges.get(v).into_iter().flatten().filter(|w| part.contains(w)) {
            if w == start {
                let mut path = vec![start.as_str(), v];
                while let Some(p) = previous.get(path.last().unwrap()) {
                    path.push(p);
                }
                path.reverse();
                return path.join(" → ");
            }
            if !previous.contains_key(w.as_str()) {
                previous.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    String::new()
}

#[test]
fn the_page_modules_form_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = graph(&src);
    assert!(
        edges.len() > 20 && edges.contains_key("experiments::retries"),
        "the graph read the sources: {:?}",
        edges.keys()
    );
    let found = cycles(&edges);
    let said: Vec<String> = found
        .iter()
        .map(|part| {
            let inside: Vec<String> = part
                .iter()
                .map(|u| format!("  {u} uses {:?}", edges[u].iter().filter(|w| part.contains(w)).collect::<Vec<_>>()))
                .collect();
            format!("{} units: {}\n  e.g. {}\n{}", part.len(), part.join(", "), around(&edges, part), inside.join("\n"))
        })
        .collect();
    assert!(found.is_empty(), "import cycles in src/:\n{}", said.join("\n"));
}

/// The checker finds a loop where there is one and none where there is
/// none, reads brace groups and `super::`, and names a path around.
#[test]
fn the_cycle_checker_can_fail() {
    let edges = |pairs: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in pairs {
            g.entry((*a).to_owned()).or_default().insert((*b).to_owned());
            g.entry((*b).to_owned()).or_default();
        }
        g
    };
    let looped = edges(&[("app", "lab"), ("lab", "registry"), ("registry", "app"), ("lab", "format")]);
    let found = cycles(&looped);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].iter().collect::<BTreeSet<_>>(),
        ["app", "lab", "registry"].iter().map(|s| s.to_string()).collect::<Vec<_>>().iter().collect()
    );
    assert_eq!(around(&looped, &found[0]).matches(" → ").count(), 3, "{}", around(&looped, &found[0]));
    assert!(cycles(&edges(&[("app", "lab"), ("lab", "registry"), ("app", "registry")])).is_empty());
    let read = paths("use crate::{lab::{Action, LabState}, format};\nlet x = super::super::widgets::f();");
    assert_eq!(
        read,
        [
            vec!["crate", "lab", "Action"],
            vec!["crate", "lab", "LabState"],
            vec!["crate", "format"],
            vec!["super", "super", "widgets", "f"]
        ]
    );
    let known: BTreeMap<Vec<String>, String> = [vec!["app"], vec!["app", "widgets"], vec!["experiments", "retries"]]
        .into_iter()
        .map(|m| (m.into_iter().map(String::from).collect(), String::new()))
        .collect();
    let from: Vec<String> = vec!["experiments".into(), "retries".into(), "panel".into()];
    let to = resolve(&from, &["crate", "app", "widgets", "Props"].map(String::from), &known);
    assert_eq!(to.map(|m| unit_of(&m)).as_deref(), Some("app::widgets"));
}

/// The bytes of a Rust text that are code: comments, string and char
/// literals blanked out (their braces are not the code's).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let find = |from: usize, what: &[u8]| b[from..].windows(what.len()).position(|w| w == what).map(|p| from + p);
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        let end = match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => find(i, b"\n").unwrap_or(b.len()),
            b'/' if b.get(i + 1) == Some(&b'*') => find(i, b"*/").map_or(b.len(), |e| e + 2),
            b'r' if !b[..i].last().is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                && matches!(b.get(i + 1), Some(b'"' | b'#')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
                let mut close = vec![b'"'];
                close.extend(std::iter::repeat_n(b'#', hashes));
                find(i + 2 + hashes, &close).map_or(b.len(), |e| e + close.len())
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                j + 1
            }
            // A char literal ('{', '\n', '«'), not a lifetime ('a).
            b'\'' if b.get(i + 1) == Some(&b'\\') => find(i + 3, b"'").map_or(i + 1, |e| e + 1),
            b'\'' => {
                let width = b.get(i + 1).map_or(1, |c| match c.leading_ones() {
                    0 => 1,
                    n => n as usize,
                });
                if b.get(i + 1 + width) == Some(&b'\'') {
                    i + 2 + width
                } else {
                    i + 1
                }
            }
            _ => i + 1,
        };
        let end = end.min(b.len());
        if end > i + 1 || matches!(b[i], b'"' | b'\'') {
            for c in &mut out[i..end] {
                if *c != b'\n' {
                    *c = b' ';
                }
            }
        }
        i = end.max(i + 1);
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Every function's name and length in lines (its signature to its
/// closing brace).
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let code = code_only(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else { continue };
        let Some(name) = words.get(at + 1).map(|w| w.split(['(', '<']).next().unwrap_or(w)) else { continue };
        let mut depth = 0i32;
        let mut opened = false;
        for (j, body) in lines.iter().enumerate().skip(i) {
            for c in body.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    ';' if !opened && depth == 0 => break,
                    _ => {}
                }
            }
            if !opened && body.contains(';') {
                break;
            }
            if opened && depth == 0 {
                found.push((name.to_owned(), j - i + 1));
                break;
            }
        }
    }
    found
}

/// No function is over 70 lines (TigerStyle's ceiling): a longer one does
/// several things, each of which wants a name.
#[test]
fn no_function_is_over_70_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for dir in ["src", "tests", "cli/src", "cli/tests", "core/src", "core/tests"] {
        let mut dirs = vec![root.join(dir)];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for (name, lines) in function_lengths(&text).into_iter().filter(|(_, n)| *n > 70) {
                        long.push(format!("{} {name}: {lines} lines", path.strip_prefix(root).unwrap().display()));
                    }
                }
            }
        }
    }
    assert!(long.is_empty(), "functions over 70 lines:\n{}", long.join("\n"));
}

/// The length checker reads what is code: a brace in a string or a comment
/// does not end a function, a declaration without a body is no function,
/// and a long one is found.
#[test]
fn the_length_checker_can_fail() {
    let text = "fn a() {\n    let s = \"}\"; // }\n    let c = '}';\n    let r = r#\"}\"#;\n}\nfn b();\nfn long() {\n"
        .to_owned()
        + &"    x();\n".repeat(80)
        + "}\n";
    let found = function_lengths(&text);
    assert_eq!(found, [("a".to_owned(), 5), ("long".to_owned(), 82)]);
    assert_eq!(function_lengths("impl X { fn f<'a>(x: &'a str) -> &'a str { x } }"), [("f".to_owned(), 1)]);
}
