//! The lessons' words (issue: «ingenuo», «pasada», «llave» on pages whose
//! lesson says «no lo es», «pase», «clave»). Each rule names the word a
//! page's strings must not use, the lesson's own word, and the pages it
//! holds on: each page follows its own lesson's text (lesson «Colas y
//! streams» says «llave», so its pages may). The strings are read from each
//! page's experiments' sources and the shell's (`src/i18n.rs`).
#![cfg(not(target_arch = "wasm32"))]

use retry_lab_web::groups::GROUPS;

/// (word to avoid, the lesson's word, pages by their directory, whose word).
const RULES: &[(&str, &str, &[&str], &str)] = &[
    ("ingenuo", "no idempotente", ALL, "«At-least-once es la realidad»: «un consumidor idempotente contra uno que no lo es»"),
    ("pasada", "pase", ALL, "«At-least-once es la realidad»: «el mismo pase de norad_id=25544»"),
    ("llave", "clave", &["", "lesson-000-ids/", "lesson-001/", "lesson-003/", "lesson-003-actions/"], "«At-least-once es la realidad» and «Garantías de entrega exactamente una vez»: «clave»"),
    ("efectivamente una vez", "efecto de una sola vez / exactamente una vez", ALL, "neither text says it: «Colas y streams» says «efecto de una sola vez», «Garantías de entrega» «exactamente una vez»"),
    ("decorrelado", "decorrelacionado", ALL, "no text names it: one word for the lab"),
    ("calendario de reintentos", "tabla de espera", ALL, "«At-least-once es la realidad»: «la tabla de espera»"),
    ("el reintento n espera", "el intento número n espera", ALL, "«At-least-once es la realidad»: «el intento número n espera base · 2^(n-1)»"),
    // Issue 37's drift: each text's own words, so they cannot return.
    ("con heartbeat", "con latido", &["lesson-004/", "lesson-004-streams/", "lesson-004-ops/"], "«Colas y streams»: «un latido que lo renueve»"),
    ("sin heartbeat", "sin latido", &["lesson-004/", "lesson-004-streams/", "lesson-004-ops/"], "«Colas y streams»: «un latido que lo renueve»"),
    ("un heartbeat", "un latido", &["lesson-004/", "lesson-004-streams/", "lesson-004-ops/"], "«Colas y streams»: «un latido que lo renueve»"),
    ("todo el calendario", "la tabla de espera", ALL, "«At-least-once es la realidad»: «la tabla de espera»"),
    ("restricción única", "restricción de unicidad", ALL, "«Confiabilidad a escala»: «una tabla con restricción de unicidad»"),
    ("foto de 10 mib", "foto de 10 mb", &["lesson-004-ops/"], "«Colas y streams»: «fotos de 10 MB»"),
    ("el id de el", "el id del", ALL, "Spanish contracts «de el» to «del»"),
    ("\"falla\"", "fallo", &["lesson-000-ids/"], "«At-least-once es la realidad»: «fallo»; the cursor's «Fallo» and «Lote del fallo»"),
    // «fallo» and «falla» (the noun) follow each page's own text.
    ("fallas", "fallos", &["", "lesson-000-ids/"], "«At-least-once es la realidad»: «probabilidad de fallo»"),
    ("de falla", "de fallo", &["", "lesson-000-ids/"], "«At-least-once es la realidad»: «probabilidad de fallo»"),
    ("fallo", "falla", &["lesson-001/", "lesson-003/", "lesson-003-actions/", "lesson-004/", "lesson-004-streams/", "lesson-004-ops/"], "«Garantías de entrega», «Confiabilidad a escala», «Colas y streams»: «falla», «fallas»"),
];
const ALL: &[&str] = &[
    "",
    "lesson-000-ids/",
    "lesson-001/",
    "lesson-003/",
    "lesson-003-actions/",
    "lesson-004/",
    "lesson-004-streams/",
    "lesson-004-ops/",
];

fn sources(files: impl IntoIterator<Item = String>) -> String {
    files
        .into_iter()
        .map(|f| std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{f}: {e}")).to_lowercase())
        .collect()
}

/// Every string of a page: its experiments' modules and the shell's.
fn page_text(dir: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let group = GROUPS.iter().find(|g| g.dir == dir).unwrap_or_else(|| panic!("no page {dir:?}"));
    let mut files = vec![format!("{root}/src/i18n.rs")];
    for code in group.experiments.iter() {
        for entry in std::fs::read_dir(format!("{root}/src/experiments/{code}")).unwrap() {
            files.push(entry.unwrap().path().display().to_string());
        }
    }
    sources(files)
}

fn violations(rules: &[(&str, &str, &[&str], &str)], text_of: impl Fn(&str) -> String) -> Vec<String> {
    let mut found = Vec::new();
    for (avoid, word, pages, whose) in rules {
        for page in *pages {
            let count = text_of(page).matches(avoid).count();
            if count > 0 {
                found.push(format!("page {page:?}: «{avoid}» ×{count}; its lesson's word is «{word}» ({whose})"));
            }
        }
    }
    found
}

#[test]
fn each_page_uses_its_lessons_words() {
    assert_eq!(ALL.len(), GROUPS.len(), "every page has its rules");
    let found = violations(RULES, page_text);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The checker finds a listed variant where it is: the streams page's
/// «llave» (its lesson's word) would fail a rule that held there.
#[test]
fn the_checker_finds_a_variant() {
    let strict: &[(&str, &str, &[&str], &str)] =
        &[("llave", "clave", &["lesson-004-streams/"], "a rule that does not hold there")];
    let found = violations(strict, page_text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("lesson-004-streams/"));
}
