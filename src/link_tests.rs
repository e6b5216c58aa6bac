use retry_lab_core::{ConsumerMode, Intervention, Jitter, Namespace, PassKey, Probability, RngKind};

use super::*;

fn init(query: &str) -> LabInit {
    let (link, notices) = decode(query);
    link.to_init(&["es-MX".to_string()], notices)
}

fn ppm(n: u32) -> Probability {
    Probability::from_ppm(n).unwrap()
}

/// A link that sets nothing opens lesson 000's story from its start
/// (`Unit::OPENING`); a link with any value or preset reads as before, so
/// every shared link (they carry every parameter) opens what it always did.
#[test]
fn empty_link_is_the_story_in_the_browser_language() {
    let i = init("");
    assert_eq!(i.params, link_params_of("preset=story"));
    assert_ne!(i.params, LabParams::default(), "the story, not the bare defaults");
    assert_eq!((code(&i), i.clock_ms, i.experiment), (Some("story"), 0, Experiment::Retries));
    assert_eq!(i.lang, Lang::Es);
    assert!(i.notices.is_empty());
    assert_eq!(init("?exp=retries&lang=en").params, i.params, "naming only the experiment: its story");
    // Any value, or a preset, and the link means what it always meant.
    assert_eq!(init("?v=3&events=20").params, LabParams::default());
    assert_eq!(init("?preset=lesson").params, LabParams::default());
    assert_eq!(code(&init("?preset=lesson")), Some("lesson"));
}

fn link_params_of(query: &str) -> LabParams {
    init(query).params
}

#[test]
fn preset_plus_overrides() {
    let i = init("?preset=flaky-acks&failure=0.3");
    assert_eq!(i.params.retries.failure, ppm(300_000));
    assert_eq!(i.params.retries.ack_lost_share, ppm(900_000));
    assert_eq!(i.params.retries.consumer, ConsumerMode::Naive);
    assert!(i.notices.is_empty());
    assert_eq!(init("preset=lesson-004").experiment, Experiment::AckTiming);
}

/// A preset written by hand without `v` (as an author writes `data-preset`)
/// opens, for every preset a v1 link knows: all but those that need v2's
/// plan (`outage-story`), lesson 003's and 004's included.
#[test]
fn every_preset_opens_without_a_version() {
    let v1: Vec<&str> = crate::registry::presets(1).map(|(_, p)| p.code).collect();
    for code in ["storm", "bulkheads", "backpressure", "visibility-sqs", "exercise-8-hang"] {
        assert!(v1.contains(&code), "{code}");
    }
    for (experiment, preset) in crate::registry::presets(1) {
        let i = init(&format!("preset={}", preset.code));
        assert!(i.notices.is_empty(), "preset={}: {:?}", preset.code, i.notices);
        assert_eq!(i.experiment, experiment, "preset={}", preset.code);
    }
    let i = init("preset=exercise-8-hang");
    assert_eq!((i.params.visibility.timeout_s, i.params.visibility.max_receive), (900, 5));
}

#[test]
fn bad_fields_fall_back_or_clamp_with_a_notice() {
    let i = init("v=9&failure=2&events=5000&retries=-1&jitter=wild&zzz=1&seed=abc&lang=fr&start=2026-13-01T00:00:00Z&lock=failure,bogus&down=9-3&do=reboot@5");
    let d = LabParams::default();
    assert_eq!(i.params.retries.failure, d.retries.failure, "invalid probability: default");
    assert_eq!(i.params.retries.events, 1_000, "clamped");
    assert_eq!(i.params.retries.retries_max, 6);
    assert_eq!(i.params.retries.jitter, Jitter::None);
    assert_eq!(i.params.shared.seed, 7);
    assert_eq!(i.lang, Lang::Es, "browser language when the link's is unknown");
    assert_eq!(i.params.uuid5.pass, PassKey::lesson());
    assert!(i.params.retries.plan.is_empty());
    assert_eq!(i.locked, Locks(vec!["failure"]));
    let keys: Vec<&str> = i.notices.iter().map(|n| n.key.as_str()).collect();
    for key in ["v", "failure", "events", "retries", "jitter", "zzz", "seed", "lang", "start", "lock", "down", "do"] {
        assert!(keys.contains(&key), "{key} missing from {keys:?}");
    }
    assert!(i.notices.iter().any(|n| n.problem == Problem::Clamped { used: "1000".into() }));
    assert!(i.notices[0].describe(Lang::En).contains("read as v4"));
    assert!(i.notices[1].describe(Lang::Es).contains("no válido (0–1)"), "{}", i.notices[1].describe(Lang::Es));
}

#[test]
fn huge_numbers_clamp_instead_of_failing() {
    let i = init("events=99999999999999999999999&seed=99999999999999999999999");
    assert_eq!(i.params.retries.events, 1_000);
    assert_eq!(i.params.shared.seed, u64::MAX);
    assert_eq!(i.notices.len(), 2);
}

fn code(i: &LabInit) -> Option<&'static str> {
    i.preset.map(|s| s.preset.code)
}

/// A link says what it means: the nearest preset and only what differs
/// from it, of the open experiment only (the issue's
/// `?exp=visibility&preset=exercise-5&visibility_s=…`).
#[test]
fn a_link_names_its_preset_and_only_what_differs() {
    let query = Link::of(Lang::En, &LabParams::default(), Experiment::Retries, None, Scope::Experiment, None).encode();
    assert_eq!(query, "v=4&preset=lesson&exp=retries&lang=en");
    let mut i = init("v=3&preset=exercise-5&lang=es");
    i.params.visibility.timeout_s = 300;
    i.params.retries.events = 99; // another experiment's: not in this experiment's link
    let query = Link::of(i.lang, &i.params, Experiment::Visibility, None, Scope::Experiment, None).encode();
    assert_eq!(query, "v=4&preset=exercise-5&exp=visibility&lang=es&visibility_s=300");
    let page = Link::of(i.lang, &i.params, Experiment::Visibility, None, Scope::Page, None).encode();
    assert_eq!(
        page, "v=4&preset=exercise-5&exp=visibility&lang=es&events=99&visibility_s=300",
        "the page's address keeps every tab"
    );
    assert_eq!(init(&page).params, i.params);
    // A clock other than the preset's is written, the preset's is not.
    let at = Link::of(i.lang, &i.params, Experiment::Visibility, Some(60_000), Scope::Experiment, None).encode();
    assert!(at.ends_with("&at=60"), "{at}");
}

/// Playback speed is not a scenario change: a preset with a speed keeps
/// its name, in a link and in the reducer.
#[test]
fn speed_leaves_the_scenario_named() {
    let i = init("v=3&preset=consumer-down&speed=500");
    assert_eq!((code(&i), i.params.retries.speed_s_per_s), (Some("consumer-down"), 500));
    assert_eq!(
        code(&init("v=3&preset=consumer-down&failure=0.5")),
        Some("consumer-down"),
        "a changed scenario keeps its name"
    );
}

/// Every preset of every version, written without `v`, with each `v`, and
/// written again by today's lab, opens the same run; an old definition is
/// named as one in the menu.
#[test]
fn every_old_link_opens_its_run_and_is_named_so() {
    for version in crate::link::VERSIONS {
        for (experiment, preset) in crate::registry::presets(version) {
            let mut queries = vec![format!("v={version}&preset={}", preset.code)];
            if version == 1 {
                queries.push(format!("preset={}", preset.code));
            }
            for query in queries {
                let i = init(&query);
                assert!(i.notices.is_empty(), "{query}: {:?}", i.notices);
                let (values, clock_ms) = preset_values(preset, &LabParams::default(), &Locks::default());
                if i.preset.is_some_and(|s| s.old_default.is_none()) {
                    assert_eq!((&i.params, i.clock_ms), (&values, clock_ms), "{query}");
                }
                let scenario = i.preset.unwrap_or_else(|| panic!("{query}: no scenario named"));
                assert_eq!(scenario.preset, preset, "{query}");
                let old = !preset.in_version(VERSION) || scenario.old_default.is_some();
                assert_eq!(scenario.is_old(VERSION), old, "{query}");
                for scope in [Scope::Experiment, Scope::Page] {
                    let again = init(
                        &Link::of(
                            i.lang,
                            &i.params,
                            experiment,
                            Some(i.clock_ms),
                            scope,
                            i.preset.map(|s| s.preset.code),
                        )
                        .encode(),
                    );
                    for param in ParamId::of_run(experiment) {
                        assert_eq!(
                            param.get(&again.params),
                            param.get(&i.params),
                            "{query} {scope:?}: {}",
                            param.key()
                        );
                    }
                    assert_eq!(again.clock_ms, i.clock_ms, "{query}");
                    if !old {
                        assert_eq!(code(&again), Some(preset.code), "{query}: today's preset, named");
                    }
                }
            }
        }
    }
    let v1 = init("preset=consumer-down").preset.expect("named");
    assert_eq!(v1.label(Lang::Es), "Consumidor caído (enlace antiguo: 90 % de fallos)");
}

#[test]
fn a_v2_link_carries_the_plan_and_the_clock() {
    let i = init("v=2&preset=outage-story");
    let plan = &i.params.retries.plan;
    assert_eq!(plan.outages()[0].end_ms, 3_600_000);
    assert_eq!(plan.interventions()[0].what, Intervention::FixCause);
    assert_eq!(i.clock_ms, 2_100_000);
    let query = Link::of(i.lang, &i.params, i.experiment, Some(i.clock_ms), Scope::Page, None).encode();
    assert_eq!(query, "v=4&preset=outage-story&exp=retries&lang=es", "the same preset today: its name");
    let mut changed = i.params.clone();
    changed.retries.events = 12;
    let query = Link::of(i.lang, &changed, i.experiment, Some(1_000_000), Scope::Page, None).encode();
    assert_eq!(query, "v=4&preset=outage-story&exp=retries&lang=es&events=12&at=1000");
    let again = init(&query);
    assert_eq!(again.params, changed);
    assert_eq!(again.clock_ms, 1_000_000);
    assert!(again.notices.is_empty());
}

#[test]
fn consumer_down_means_what_it_meant_in_each_version() {
    // v1 (and links without v, all written before v2): 90 % failures, seed 404.
    for query in ["preset=consumer-down", "v=1&preset=consumer-down"] {
        let i = init(query);
        assert_eq!(i.params.retries.failure, ppm(900_000), "{query}");
        assert_eq!(i.params.shared.seed, 404, "{query}");
        assert!(i.params.retries.plan.is_empty(), "{query}");
    }
    // v2: a real outage.
    let i = init("v=2&preset=consumer-down");
    assert_eq!(i.params.retries.failure, Probability::ZERO);
    assert_eq!(i.params.retries.events, 10);
    assert_eq!(i.params.retries.plan.outages().len(), 1);
    assert!(init("v=1&preset=outage-story").notices.iter().any(|n| n.key == "preset"), "v1 knew no outage story");
}

/// A link without `v` naming a preset v1 never had is an author's, by
/// hand (`?exp=storm&preset=storm-shedding`): it opens today's preset. It
/// opened the default with «no válido», the preset's opposite. A code v1
/// knew keeps its v1 meaning, and `v=1` still refuses the new one.
#[test]
fn a_link_without_v_opens_a_preset_v1_never_had() {
    let codes = ["outage-story", "storm-shedding", "desired-no-unblock", "enrichment-down", "exercise-8-crash"];
    for code_now in codes.into_iter().chain(["ana-request", "pubsub-600s", "rabbitmq-30min", "sqs-12h-ceiling"]) {
        let i = init(&format!("preset={code_now}"));
        assert_eq!(code(&i), Some(code_now), "{code_now}: {:?}", i.notices);
        assert!(i.notices.is_empty(), "{code_now}: {:?}", i.notices);
        let today = init(&format!("v=4&preset={code_now}"));
        assert_eq!(i.params, today.params, "{code_now}: as the lab writes it today");
    }
    assert_eq!(init("preset=consumer-down").params.retries.failure, ppm(900_000), "v1's own code, v1's meaning");
    assert!(init("v=1&preset=storm-shedding").notices.iter().any(|n| n.key == "preset"));
    assert!(init("preset=no-such-preset").notices.iter().any(|n| n.key == "preset"));
}

/// Links the v1 page wrote (`LinkV1::of(..).encode()`, one per preset) open
/// exactly as they did.
#[test]
fn links_written_by_the_v1_page_open_as_before() {
    let v1 = [
        "v=1&exp=retries&lang=es&failure=0.3&ack_lost=0.5&events=20&base=30&retries=6&consumer=idempotent&jitter=none&seed=7&speed=10&norad=25544&start=2026-07-29T14%3A00%3A00Z&ns=dns&crash=0.05&rng=python&messages=1000",
        "v=1&exp=uuid5&lang=en&failure=0.9&ack_lost=0&events=20&base=30&retries=6&consumer=idempotent&jitter=none&seed=404&speed=110&norad=25544&start=2026-07-29T14%3A00%3A00Z&ns=dns&crash=0.05&rng=python&messages=1000",
        "v=1&exp=ack&lang=es&failure=0.4&ack_lost=0.9&events=30&base=30&retries=6&consumer=naive&jitter=none&seed=31&speed=210&norad=25544&start=2026-07-29T14%3A00%3A00Z&ns=dns&crash=0.05&rng=python&messages=1000",
        "v=1&exp=retries&lang=en&failure=0.25&ack_lost=1&events=1000&base=120&retries=10&consumer=naive&jitter=decorrelated&seed=18446744073709551615&speed=1000&norad=1&start=1970-01-01T00%3A00%3A00Z&ns=6ba7b811-9dad-11d1-80b4-00c04fd430c8&crash=0.000001&rng=pcg&messages=100000",
    ];
    let i = init(v1[0]);
    assert!(i.notices.is_empty(), "{:?}", i.notices);
    assert_eq!((i.lang, i.experiment, i.params.retries.speed_s_per_s), (Lang::Es, Experiment::Retries, 10));
    assert_eq!(
        i.params,
        LabParams {
            retries: crate::experiments::retries::Params { speed_s_per_s: 10, ..Default::default() },
            ..LabParams::default()
        }
    );
    let i = init(v1[1]);
    assert_eq!(
        (i.experiment, i.params.retries.failure, i.params.retries.ack_lost_share, i.params.shared.seed),
        (Experiment::DoublePublication, ppm(900_000), Probability::ZERO, 404)
    );
    let i = init(v1[2]);
    assert_eq!(
        (i.experiment, i.params.retries.events, i.params.retries.consumer, i.params.shared.seed),
        (Experiment::AckTiming, 30, ConsumerMode::Naive, 31)
    );
    let i = init(v1[3]);
    assert!(i.notices.is_empty(), "{:?}", i.notices);
    let r = &i.params.retries;
    assert_eq!(
        (r.failure, r.ack_lost_share, r.events, r.base_s, r.retries_max, r.jitter),
        (ppm(250_000), Probability::ONE, 1_000, 120, 10, Jitter::Decorrelated)
    );
    assert_eq!(
        (i.params.shared.seed, i.params.uuid5.pass.norad_id, i.params.uuid5.pass.start_unix_s),
        (u64::MAX, 1, 0)
    );
    assert_eq!(i.params.uuid5.namespace.uuid(), Namespace::Url.uuid(), "a custom namespace, by its UUID");
    assert_eq!((i.params.ack.crash, i.params.ack.rng, i.params.ack.messages), (ppm(1), RngKind::Pcg, 100_000));
    // Re-encoded, they are the same lab in v2.
    for query in v1 {
        let i = init(query);
        let again = init(&Link::of(i.lang, &i.params, i.experiment, None, Scope::Page, None).encode());
        assert_eq!(again.params, i.params, "{query}");
    }
}

/// The README's v1 examples.
#[test]
fn readme_v1_examples_open() {
    let i = init("embed=1&preset=flaky-acks&lang=es&lock=failure");
    assert!(i.compact && i.notices.is_empty());
    assert_eq!(i.locked, Locks(vec!["failure"]));
    assert_eq!(i.params.retries.events, 30);
}
#[test]
fn the_lab_writes_well_under_the_links_parameter_bound() {
    let i = init("");
    let query = Link::of(i.lang, &i.params, i.experiment, Some(1_000), Scope::Page, None).encode();
    let pairs = query.split('&').count();
    assert!(pairs * 3 / 2 <= crate::link::PARAMS_MAX, "{pairs} pairs: raise PARAMS_MAX, keeping a margin");
}

#[test]
fn a_forced_theme_is_read_and_kept() {
    use crate::init::Theme;
    assert_eq!(init("theme=dark").theme, Some(Theme::Dark));
    assert_eq!(init("theme=light").theme, Some(Theme::Light));
    let auto = init("theme=auto");
    assert_eq!((auto.theme, auto.notices.len()), (None, 0));
    let bad = init("theme=purple");
    assert_eq!(bad.theme, None);
    assert_eq!(bad.notices.len(), 1, "a notice, the system's theme");
    let link = Link { theme: Some(Theme::Dark), ..crate::link::decode("").0 };
    assert!(link.encode().contains("theme=dark"));
}

#[test]
fn the_tasks_an_author_shows_are_read_and_kept() {
    use crate::tasks::TaskFilter;
    assert_eq!(init("").tasks, TaskFilter::All);
    assert_eq!(init("tasks=off").tasks, TaskFilter::Off);
    let some = init("tasks=retries-recover,nonsense");
    assert_eq!(some.tasks, TaskFilter::Only(vec!["retries-recover"]));
    assert_eq!(some.notices.len(), 1, "the unknown code is reported");
    assert_eq!(init("tasks=nonsense").tasks, TaskFilter::All, "no known code: every task, and a notice");
    for filter in [TaskFilter::Off, TaskFilter::Only(vec!["retries-recover", "uuid5-namespace"])] {
        let link = Link { tasks: filter.clone(), ..crate::link::decode("").0 };
        assert_eq!(crate::link::decode(&link.encode()).0.tasks, filter);
    }
}

#[test]
fn the_embed_builder_gets_the_link_the_page_and_the_scenario() {
    let links = ("v=2&exp=retries", "v=2&exp=retries&events=3");
    let href = crate::link::tool_href("embed-builder.html", "https://h/lab/index.html", links, "Historia");
    let (page, query) = href.split_once('?').expect("a query");
    assert_eq!(page, "https://h/lab/embed-builder.html", "at the lab's root");
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let get = |k: &str| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
    assert_eq!(get("exp").as_deref(), Some("retries"), "the lab's own link");
    assert_eq!(get("dir").as_deref(), Some(""), "the root page's group");
    assert_eq!(get("page").as_deref(), Some(links.1), "the whole page's link");
    assert_eq!(get("scenario").as_deref(), Some("Historia"));
}

/// How a page reads a query (`dir`: its directory), as its module would.
fn read_on(dir: &str, query: &str) -> (Link, Vec<Notice>) {
    let page = crate::groups::GROUPS.iter().find(|g| g.dir == dir).unwrap();
    let pairs = form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned()));
    decode_at(pairs, Some(page), false)
}

/// The bouncing links: a page passes a link on only when nothing in
/// it is its own, and the page it reaches (with `hop=1`) reads it whatever
/// it names, with a notice for each code it ignored.
#[test]
fn a_link_naming_two_pages_is_passed_on_at_most_once() {
    let (link, _) = read_on("", "preset=storm&exp=ack");
    assert_eq!(link.elsewhere, Some("lesson-003/"), "nothing of the root's: passed on");
    let (link, notices) = read_on("lesson-003/", "preset=storm&exp=ack&hop=1");
    assert_eq!(link.elsewhere, None);
    assert_eq!(link.preset, Some("storm"));
    assert_eq!(
        notices,
        vec![Notice { key: "exp".into(), value: "ack".into(), problem: Problem::OtherPage { dir: "lesson-004/" } }]
    );
    assert!(notices[0].describe(Lang::Es).contains("«Colas y streams: colas»"), "{}", notices[0].describe(Lang::Es));
    // Without the mark too: the storm is lesson 003's own.
    assert_eq!(read_on("lesson-003/", "exp=ack&preset=storm").0.elsewhere, None);
    // Passed on once, a link naming nothing of the page it reached stays there.
    let (link, notices) = read_on("lesson-004/", "exp=storm&hop=1");
    assert_eq!((link.elsewhere, link.experiment), (None, None));
    assert_eq!(notices.len(), 1);
    // Parameters do not keep a link here: a v1 link carried every one of the
    // lab's (and a link the lab writes all of its page's).
    assert_eq!(read_on("", "v=1&exp=ack&failure=0.4&seed=31&crash=0.05").0.elsewhere, Some("lesson-004/"));
}

/// Every link naming an experiment or preset of one page and one of
/// another, in either order, opened on any page: following the pages'
/// redirects renders within one hop.
#[test]
fn no_link_bounces_between_pages() {
    use crate::groups::GROUPS;
    let codes: Vec<(&str, &str)> = GROUPS
        .iter()
        .flat_map(|g| g.experiments.iter().map(|c| ("exp", c)).chain(g.presets.iter().map(|c| ("preset", c))).take(4))
        .collect();
    for (ka, a) in &codes {
        for (kb, b) in &codes {
            let query = format!("{ka}={a}&{kb}={b}");
            for start in GROUPS.iter() {
                let mut dir = start.dir;
                let mut query = query.clone();
                let mut hops = 0;
                while let Some(next) = read_on(dir, &query).0.elsewhere {
                    hops += 1;
                    assert!(hops <= 1, "{query} bounces from {} to {next}", start.dir);
                    dir = next;
                    query.push_str("&hop=1");
                }
            }
        }
    }
}

/// `embed.js` routed a mount to this page: it mounts here, with notices.
#[test]
fn a_settled_mount_is_read_here() {
    let page = crate::groups::GROUPS.iter().find(|g| g.dir == "lesson-004/").unwrap();
    let pairs = vec![("only".to_owned(), "ack".to_owned()), ("preset".to_owned(), "storm".to_owned())];
    let (link, notices) = decode_at(pairs.clone(), Some(page), true);
    assert_eq!((link.elsewhere, link.only), (None, Some(Experiment::AckTiming)));
    assert_eq!(notices.len(), 1);
    let root = &crate::groups::GROUPS[0];
    assert_eq!(decode_at(pairs, Some(root), false).0.elsewhere, Some("lesson-004/"));
}

/// The longest plans the lab writes (every intervention at the page's
/// bound, each in its longest form) are values a link reads back.
#[test]
fn the_longest_plans_the_lab_writes_read_back() {
    use crate::experiments::retries;
    use retry_lab_core::limits::PLAN_TIME_MS_MAX;
    let at = format!("{}.999", PLAN_TIME_MS_MAX / 1_000 - 1);
    let retries_plan = vec![format!("retry:{}@{at}", retries::EVENTS_MAX); retries::INTERVENTIONS_MAX].join(",");
    // Redriven messages are numbered after the originals: five digits at most.
    let dlq_most = 99_999;
    let mut dlq_plan = vec![format!("redrive:{dlq_most}@{at}"); retry_lab_core::queue::OPERATIONS_MAX];
    dlq_plan.push(format!("fix@{at}"));
    for (key, plan, one_more) in [("do", retries_plan, "fix@1"), ("dlq_do", dlq_plan.join(","), "redrive@1")] {
        assert!(plan.len() <= VALUE_LEN_MAX, "{key}: {} > {VALUE_LEN_MAX}", plan.len());
        let (link, notices) = decode(&format!("{key}={plan}"));
        assert!(notices.is_empty(), "{key}: {:?}", notices.first());
        assert_eq!(link.values.len(), 1);
        // One more intervention than the bound: refused (the lab never writes it).
        let (_, notices) = decode(&format!("{key}={plan},{one_more}"));
        assert_eq!(notices.len(), 1, "{key}");
    }
}

/// A clock the lab writes reads back: `Link::of` never writes past
/// `CLOCK_MS_MAX`, and the latest a retries run can reach (a manual retry at
/// the plan's last instant, then the longest retry cycle) stays within it.
#[test]
fn every_clock_the_lab_writes_reads_back() {
    use crate::experiments::retries::{BASE_S_MAX, RETRIES_MAX};
    let cycle_ms = u64::from(BASE_S_MAX) * 1_000 * ((1 << RETRIES_MAX) - 1);
    assert!(retry_lab_core::limits::PLAN_TIME_MS_MAX + 2 * cycle_ms < CLOCK_MS_MAX);
    let link =
        Link::of(Lang::Es, &LabParams::default(), Experiment::default(), Some(u64::MAX), Scope::Experiment, None);
    let (back, notices) = decode(&link.encode());
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(back.at_ms, Some(CLOCK_MS_MAX));
    let (_, notices) = decode(&format!("at={}", CLOCK_MS_MAX / 1_000 + 1));
    assert_eq!(notices.len(), 1);
}

/// v3 changed the storm's default dependency to the fragile one (lesson
/// 003's claim). A storm link the lab wrote before (v1, v2) opens the run it
/// always opened, the shedding bucket, and its scenario is not called
/// today's preset; a v3 link, or one written by hand without `v`, gets the
/// fragile one.
#[test]
fn storm_links_of_older_versions_keep_their_dependency() {
    use retry_lab_core::storm::Behaviour;
    for old in ["v=2&exp=storm&clients=100", "v=1&preset=storm"] {
        let i = init(old);
        assert_eq!(i.params.storm.behaviour, Behaviour::Shedding, "{old}");
        assert!(i.preset.is_none_or(|s| s.is_old(crate::link::VERSION)), "{old}: not today's preset");
        assert!(i.notices.is_empty(), "{old}: {:?}", i.notices);
    }
    // The overloaded scenario was and is the shedding one: still its preset.
    let i = init("v=2&preset=storm-overloaded");
    assert_eq!((i.params.storm.behaviour, code(&i)), (Behaviour::Shedding, Some("storm-overloaded")));
    for new in ["v=3&preset=storm", "preset=storm", "exp=storm", "v=2&exp=storm&dependency=fragile"] {
        assert_eq!(init(new).params.storm.behaviour, Behaviour::FRAGILE, "{new}");
    }
    assert_eq!(code(&init("v=3&preset=storm")), Some("storm"));
    // The v1 storm preset is named as what it was.
    let old = init("v=1&preset=storm").preset.expect("a scenario");
    assert!(old.label(Lang::Es).contains("enlace antiguo"), "{}", old.label(Lang::Es));
    // Written again by today's lab, the old run keeps its dependency.
    let i = init("v=2&exp=storm");
    let again = Link::of(Lang::Es, &i.params, Experiment::Storm, None, Scope::Page, None).encode();
    assert_eq!(init(&again).params.storm.behaviour, Behaviour::Shedding, "{again}");
    // Another experiment's v1 link is untouched.
    assert_eq!(init("v=1&exp=retries").params.storm.behaviour, Behaviour::FRAGILE);
}

/// A host's `done=` adds only this page's tasks (the rest are reported);
/// `host=off` silences the messages and stays in the lab's own address.
#[test]
fn a_host_passes_done_tasks_and_may_silence_the_lab() {
    let i = init("v=3&done=retries/retries-recover,retries/nope,nope/x,dlq/dlq-none&host=off");
    assert!(i.progress.contains("retries", "retries-recover"));
    assert!(!i.progress.contains("retries", "nope"));
    assert!(i.progress.contains("dlq", "dlq-none"), "natively every page's experiments are here");
    assert!(i.host_off);
    let rejected: Vec<&str> = i.notices.iter().map(|n| n.value.as_str()).collect();
    assert_eq!(rejected, ["retries/nope", "nope/x"], "unknown tasks are reported, known ones of any page kept");
    assert!(!init("v=3").host_off);
    let link = Link { host_off: true, ..decode("").0 };
    assert!(decode(&link.encode()).0.host_off);
    assert_eq!(init("host=maybe").notices.len(), 1);
}

/// `host=` is a privacy switch: it fails closed. Exactly `on` or `off`
/// (any case); anything else, or the key twice, is off, with a notice.
#[test]
fn host_fails_closed() {
    for (query, off, notices) in [
        ("host=on", false, 0),
        ("host=ON", false, 0),
        ("host=off", true, 0),
        ("host=OFF", true, 0),
        ("host=Off", true, 0),
        ("host=0", true, 1),
        ("host=", true, 1),
        ("host=no", true, 1),
        ("host=off&host=on", true, 1),
        ("host=on&host=on", true, 1),
        ("host=on&host=off", true, 1),
        ("", false, 0),
    ] {
        let i = init(query);
        assert_eq!((i.host_off, i.notices.len()), (off, notices), "{query}");
        if notices == 1 {
            assert_eq!(i.notices[0].problem, Problem::HostOff, "{query}");
            assert!(i.notices[0].describe(Lang::En).contains("sends nothing"), "{query}");
        }
    }
}

/// `done=` present, even empty, makes the progress the host's (an LMS's
/// record of this learner): the lab's own address keeps it, with what the
/// learner has done since; a share link never carries it.
#[test]
fn done_makes_the_progress_the_hosts() {
    assert!(!init("v=3").host_progress);
    let empty = init("v=3&done=");
    assert!(empty.host_progress && empty.progress == Progress::default());
    let junk = init("v=3&done=nope/x");
    assert!(junk.host_progress, "an unreadable entry is dropped; the host still keeps the progress");
    let two = init("done=retries/retries-recover&done=dlq/dlq-none");
    assert!(two.progress.contains("retries", "retries-recover") && two.progress.contains("dlq", "dlq-none"));
    let mut done = two.progress.clone();
    done.set_guess("storm", Some(5));
    let link = Link { done: Some(done), ..decode("v=3").0 };
    let query = link.encode();
    assert!(query.ends_with("done=retries%2Fretries-recover%2Cdlq%2Fdlq-none"), "no guesses: {query}");
    assert_eq!(init(&query).progress, two.progress);
    let share = Link::of(Lang::Es, &two.params, Experiment::Retries, None, Scope::Experiment, None).encode();
    assert!(!share.contains("done"), "{share}");
}

/// v4 put the age alert under the promise; a v3 link the lab wrote (it
/// always writes `v`) reads the alert it meant, named so in the menu; a
/// link without `v` (an author's) gets today's.
#[test]
fn a_v3_age_link_keeps_its_alert_at_the_promise() {
    let old = init("v=3&exp=age");
    assert_eq!((old.params.age.age_alert_s, old.params.age.hold_s), (300, 300));
    let named = init("v=3&preset=age-poison");
    assert_eq!(named.params.age.age_alert_s, 300);
    assert!(named.preset.expect("a scenario").label(Lang::En).contains("old link"), "named as what it meant");
    let today = init("v=4&exp=age");
    assert_eq!((today.params.age.age_alert_s, today.params.age.hold_s), (180, 60));
    assert_eq!(init("exp=age").params.age.age_alert_s, 180);
    // What a v3 link set itself stays as it said.
    assert_eq!(init("v=3&exp=age&age_alert_s=240").params.age.age_alert_s, 240);
}

/// `view=projector` opens the projector view and the page's own link keeps
/// it; `page` is the usual view; anything else is noted and ignored.
#[test]
fn the_projector_view_is_read_and_kept() {
    assert!(init("view=projector").projector);
    assert!(!init("view=page").projector);
    let bad = init("view=huge");
    assert_eq!((bad.projector, bad.notices.len()), (false, 1));
    let link = Link { projector: true, ..crate::link::decode("").0 };
    assert!(link.encode().contains("view=projector"));
    assert!(!crate::link::decode("").0.encode().contains("view="));
}
