//! The share-link format: flat query parameters (or an embed's `data-`
//! attributes), versioned. [`Link`] is what a link says; it maps explicitly
//! to the page's [`LabInit`] and back. Decoding never panics: every
//! malformed, unknown or out-of-range value falls back to its default (or is
//! clamped) and leaves a [`Notice`] the page shows.
//!
//! The keys: `v`, `preset`, `exp`, `lang`, `at` (the open experiment's clock,
//! s), `embed`, `only`, `lock`, `theme`, `tasks`, and one per parameter, as the registry
//! declares them (`failure`, `events`, `seed`, …).
//!
//! Versions: `v=2` added the retries experiment's plan (`down`, `do`) and
//! `at`; `v=3` the storm's `dependency`, whose new default (fragile) older
//! links read as what they meant (`CHANGED_DEFAULTS`); `v=4` (written now)
//! the age alert under the promise, which v3 links read as they meant.
//! `v=1` links, and links without `v` (written before there was a v2),
//! read exactly as before: `preset=consumer-down` keeps its v1 definition
//! in the registry for them. A link without `v` naming a preset v1 never
//! had is an author's, written by hand: it reads as today's.

use crate::format::{format_seconds, parse_seconds};
use crate::groups::Group;
use crate::i18n::Lang;
use crate::init::{LabInit, Theme};
pub use crate::init::{Notice, Problem};
use crate::params::{Rejected, Value};
use crate::registry::{self, Experiment, LabParams, ParamId};
use crate::tasks::{Progress, TaskFilter};
use crate::unit::{Locks, OldNote, Preset, Scenario};

/// The version `encode` writes (declared beside the presets, which are
/// open up to it).
pub use crate::unit::LINK_VERSION as VERSION;
/// Every version `decode` reads.
pub const VERSIONS: [u32; 4] = [1, 2, 3, 4];
/// Parameters whose default changed: (key, the version that changed it, the
/// default before). A link the lab wrote in an older version (it always
/// writes `v`), which never held the key, reads the old default, so it
/// opens exactly the run it always opened. A link without `v` is written by
/// hand (an author's `data-experiment="storm"`) and gets today's default:
/// the one that shows what the lesson says.
/// v3: the storm's dependency became fragile (a burst knocks it down
/// again, as lesson 003 says); v1 and v2 links meant the shedding bucket.
/// The last field names the old meaning in the scenario menu.
/// v4: the age alert went under the promise (3 min held 1 min, «Colas y
/// streams»' margin); v3 links meant the promise itself, held 5 minutes.
pub const CHANGED_DEFAULTS: [(&str, u32, &str, OldNote); 3] = [
    ("dependency", 3, "shedding", |lang| {
        lang.pick("enlace antiguo: la dependencia descarta el exceso", "old link: the dependency sheds the excess")
    }),
    ("age_alert_s", 4, "300", OLD_AGE_ALERT),
    ("alert_hold_s", 4, "300", OLD_AGE_ALERT),
];

/// The age alert as links of v3 and before set it.
const OLD_AGE_ALERT: OldNote = |lang| {
    lang.pick(
        "enlace antiguo: alerta de edad en la promesa, 5 min sostenidos 5 min",
        "old link: the age alert at the promise, 5 min held 5 min",
    )
};
/// Parameters read from one link; the rest are reported and ignored. A
/// bound against a hostile link, well above what the lab writes (every
/// parameter of every experiment, 149 today: a test keeps the margin).
pub const PARAMS_MAX: usize = 256;
/// Longer values are rejected (and shown shortened). Above the longest
/// value the lab itself writes: a plan at its bound of interventions, each
/// in its longest form (the DLQ's 100 `redrive:NNNN@TTTTTTT.TTT` and a fix;
/// the retries' 64): a test writes those plans and reads them back.
pub const VALUE_LEN_MAX: usize = 4_000;
/// The latest clock (`at=`) a link carries: past every plan's last instant
/// (30 days) by the longest retry cycle a page allows, with margin; the lab
/// writes no later clock (`Link::of` clamps, a test checks the margin).
pub const CLOCK_MS_MAX: u64 = 2 * retry_lab_core::limits::PLAN_TIME_MS_MAX;

/// The keys the link itself reads (the rest are parameters, declared in the
/// registry). `hop` marks a link one page already passed on to another.
/// `done` (tasks a host recorded, e.g. an LMS's suspend data) and `host`
/// (`off`: no message to the embedding page) are for hosts.
pub const SHELL_KEYS: [&str; 14] =
    ["v", "preset", "exp", "lang", "at", "embed", "only", "lock", "theme", "view", "tasks", "hop", "done", "host"];

/// What a link says. Every field optional: `None` means "the default (or
/// the preset's value)".
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub version: u32,
    /// The link said its version (`v=`): the lab wrote it.
    pub version_given: bool,
    /// The preset's code (resolved in the link's version).
    pub preset: Option<&'static str>,
    pub experiment: Option<Experiment>,
    pub lang: Option<Lang>,
    pub values: Vec<(ParamId, Value)>,
    pub at_ms: Option<u64>,
    pub embed: bool,
    pub only: Option<Experiment>,
    pub lock: Vec<&'static str>,
    /// The directory of the page that has what the link asks for, when it
    /// is another lesson group's (the link is passed on there, untouched).
    pub elsewhere: Option<&'static str>,
    /// `hop=1`: a page passed this link on already; it is not passed again.
    pub hop: bool,
    /// `theme=light|dark` (`auto` or absent: the system's).
    pub theme: Option<Theme>,
    /// `view=projector`: larger text, thick lines, strong contrast (a
    /// class's screen); `view=page` or absent: the page's own.
    pub projector: bool,
    /// `tasks=off`, or the guided tasks to show by code (absent: all).
    pub tasks: TaskFilter,
    /// `done=experiment/task,…`: tasks a host recorded as completed (an
    /// LMS's suspend data). Present, even empty, it makes the progress the
    /// host's: the lab neither reads nor writes the browser's for this run,
    /// so a shared computer never hands one learner's tasks to the next.
    pub done: Option<Progress>,
    /// `host=off`: the lab sends its embedding page no message. Fails
    /// closed: anything but `on`/`off` (any case), or the key twice, is off.
    pub host_off: bool,
}

/// Every name `lock=` accepts, in registry order.
pub fn lock_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = ParamId::all().map(ParamId::lock).collect();
    names.dedup();
    names
}

fn experiment_codes() -> String {
    Experiment::ALL.iter().map(|e| e.code()).collect::<Vec<_>>().join(", ")
}

struct Reader {
    link: Link,
    notices: Vec<Notice>,
    /// The page reading the link; `None`: whatever is compiled in (a page's
    /// module holds exactly its group's experiments).
    here: Option<&'static Group>,
    /// The link names this page's own experiment or preset: it is read
    /// here. (Not a parameter: every link the lab wrote carries all of its
    /// page's, and a v1 link all of the lab's.)
    own: bool,
    /// Codes of other pages', in the order met: where to pass the link on
    /// when nothing is this page's own, else notices.
    other_pages: Vec<(String, String, &'static Group)>,
    /// `host=` was read once already (a second one means off).
    host_seen: bool,
}

impl Reader {
    fn note(&mut self, key: &str, value: &str, problem: Problem) {
        self.notices.push(Notice { key: key.to_owned(), value: value.to_owned(), problem });
    }

    fn invalid(&mut self, key: &str, value: &str, expected: String) {
        self.note(key, value, Problem::Invalid { expected });
    }

    fn is_here(&self, codes: impl Fn(&Group) -> crate::groups::Codes, code: &str) -> bool {
        self.here.is_none_or(|g| codes(g).contains(code))
    }

    /// A code of another page's: remembered (see `other_pages`).
    fn other_page(&mut self, key: &str, value: &str, group: Option<&'static Group>) -> bool {
        let group = group.or_else(|| {
            let here = self.here?;
            crate::groups::GROUPS
                .iter()
                .filter(|g| !std::ptr::eq(*g, here))
                .find(|g| g.experiments.contains(value) || g.presets.contains(value))
        });
        if let Some(group) = group {
            self.other_pages.push((key.to_owned(), value.to_owned(), group));
        }
        group.is_some()
    }

    fn experiment(&mut self, key: &str, value: &str) -> Option<Experiment> {
        let parsed = Experiment::parse(value).filter(|_| self.is_here(|g| g.experiments, value));
        if parsed.is_some() {
            self.own = true;
        } else if !self.other_page(key, value, Group::elsewhere(value, false)) {
            self.invalid(key, value, experiment_codes());
        }
        parsed
    }

    fn read(&mut self, key: &str, value: &str) {
        if value.len() > VALUE_LEN_MAX {
            return self.invalid(key, value, format!("≤ {VALUE_LEN_MAX}"));
        }
        match key {
            "v" => {} // read first, see `decode_pairs`
            "preset" => {
                let version = self.link.version;
                let here = |version| {
                    registry::preset(version, value).filter(|(e, _)| self.is_here(|g| g.experiments, e.code()))
                };
                let mut ours = here(version);
                // Without `v` a link is v1's, or an author's by hand: a
                // preset v1 never had is today's (`storm-shedding`), not a
                // refusal that opens the default, the preset's opposite.
                if ours.is_none() && !self.link.version_given {
                    ours = here(VERSION);
                    self.link.version = if ours.is_some() { VERSION } else { version };
                }
                if let Some((_, preset)) = ours {
                    self.link.preset = Some(preset.code);
                    self.own = true;
                } else if !self.other_page(key, value, Group::elsewhere(value, true)) {
                    let codes: Vec<&str> = registry::presets(version).map(|(_, p)| p.code).collect();
                    self.invalid(key, value, codes.join(", "));
                }
            }
            "hop" => self.link.hop = value == "1",
            "exp" => self.link.experiment = self.experiment(key, value),
            "only" => self.link.only = self.experiment(key, value),
            "lang" => {
                self.link.lang = Lang::parse(value);
                if self.link.lang.is_none() {
                    self.invalid(key, value, "es, en".into());
                }
            }
            "at" => {
                self.link.at_ms = crate::format::parse_seconds_up_to(value.trim(), CLOCK_MS_MAX);
                if self.link.at_ms.is_none() {
                    self.invalid(key, value, format!("0–{} s", CLOCK_MS_MAX / 1_000));
                }
            }
            "embed" => match value {
                "1" | "true" => self.link.embed = true,
                "0" | "false" => self.link.embed = false,
                _ => self.invalid(key, value, "1, 0".into()),
            },
            "theme" => match value {
                "light" => self.link.theme = Some(Theme::Light),
                "dark" => self.link.theme = Some(Theme::Dark),
                "auto" => self.link.theme = None,
                _ => self.invalid(key, value, "light, dark, auto".into()),
            },
            "view" => match value {
                "projector" => self.link.projector = true,
                "page" => self.link.projector = false,
                _ => self.invalid(key, value, "projector, page".into()),
            },
            "lock" => self.read_lock(value),
            "tasks" => self.read_tasks(value),
            "done" => self.read_done(value),
            "host" => self.read_host(value),
            _ => self.read_param(key, value),
        }
    }

    fn read_lock(&mut self, value: &str) {
        let names = lock_names();
        for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match names.iter().find(|n| **n == name) {
                Some(n) if !self.link.lock.contains(n) => self.link.lock.push(n),
                Some(_) => {}
                None => self.invalid("lock", name, names.join(", ")),
            }
        }
    }

    fn read_tasks(&mut self, value: &str) {
        if value == "off" {
            self.link.tasks = TaskFilter::Off;
            return;
        }
        let known = known_tasks();
        let mut codes = Vec::new();
        for code in value.split(',').map(str::trim).filter(|c| !c.is_empty()) {
            match known.iter().find(|(_, k)| *k == code) {
                Some((_, k)) => codes.push(*k),
                None => {
                    let list: Vec<&str> = known.iter().map(|(_, k)| *k).collect();
                    self.invalid("tasks", code, format!("off, {}", list.join(", ")));
                }
            }
        }
        // Every code unknown: all tasks rather than none (the notice says why).
        if !codes.is_empty() {
            self.link.tasks = TaskFilter::Only(codes);
        }
    }

    /// A privacy switch fails closed: off unless the one `host=` says on.
    fn read_host(&mut self, value: &str) {
        let on = value.eq_ignore_ascii_case("on");
        if !(on || value.eq_ignore_ascii_case("off")) || self.host_seen {
            self.note("host", value, Problem::HostOff);
        }
        self.link.host_off = !on || self.host_seen;
        self.host_seen = true;
    }

    /// Only this page's tasks, by `experiment/task`: anything else is
    /// reported and left out (never stored).
    fn read_done(&mut self, value: &str) {
        let mut entries = Vec::new();
        let known = known_tasks();
        for entry in value.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let task =
                entry.split_once('/').and_then(|(e, t)| known.iter().find(|(ke, kt)| ke.code() == e && *kt == t));
            match task {
                Some((e, task)) => entries.push((e.code(), *task)),
                None => self.invalid("done", entry, "experiment/task".into()),
            }
        }
        let done = self.link.done.get_or_insert_with(Progress::default);
        for (experiment, task) in entries {
            done.insert(experiment, task);
        }
    }

    fn read_param(&mut self, key: &str, value: &str) {
        let shared = |p: &ParamId| p.owner == registry::Owner::Shared;
        let param = ParamId::by_key(key).filter(|p| shared(p) || self.is_here(|g| g.keys, key));
        let Some(param) = param else {
            // Another page's parameter (every link carries all it knows): not ours to read.
            if !Group::key_elsewhere(key) && ParamId::by_key(key).is_none() {
                self.note(key, value, Problem::UnknownParameter);
            }
            return;
        };

        match param.domain().parse(value) {
            Ok((parsed, clamped)) => {
                if let Some(Rejected::Clamped { used }) = clamped {
                    self.note(key, value, Problem::Clamped { used });
                }
                self.link.values.retain(|(p, _)| *p != param);
                self.link.values.push((param, parsed));
            }
            Err(Rejected::Invalid { expected }) | Err(Rejected::Clamped { used: expected }) => {
                self.invalid(key, value, expected)
            }
        }
    }
}

/// Every task of this page's experiments, with its experiment (`tasks=`
/// and `done=` read them).
fn known_tasks() -> Vec<(Experiment, &'static str)> {
    Experiment::ALL.iter().flat_map(|&e| e.task_codes().into_iter().map(move |t| (e, t))).collect()
}

/// Decodes key/value pairs (from a query string or `data-` attributes).
pub fn decode_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> (Link, Vec<Notice>) {
    decode_at(pairs, None, false)
}

/// Decodes pairs as the page of `here` reads them (`None`: this page).
/// A link that names nothing of this page's, and codes of another page's,
/// is for that page (`Link::elsewhere`), unless `settled` (an embed that
/// `embed.js` routed here) or a page passed it on already (`hop=1`): then,
/// as when the link also names this page's own, those codes become
/// notices. So a link is passed on at most once: no two pages bounce it.
pub fn decode_at(
    pairs: impl IntoIterator<Item = (String, String)>,
    here: Option<&'static Group>,
    settled: bool,
) -> (Link, Vec<Notice>) {
    let pairs: Vec<(String, String)> = pairs.into_iter().collect();
    let mut reader = Reader {
        link: Link::empty(1),
        notices: Vec::new(),
        here,
        own: false,
        other_pages: Vec::new(),
        host_seen: false,
    };
    // The version decides how the rest reads, wherever it stands.
    if let Some((_, v)) = pairs.iter().find(|(k, _)| k == "v") {
        reader.link.version_given = true;
        match v.trim().parse::<u32>().ok().filter(|v| VERSIONS.contains(v)) {
            Some(version) => reader.link.version = version,
            None => {
                reader.link.version = VERSION;
                reader.note("v", v, Problem::UnsupportedVersion);
            }
        }
    }
    for (i, (key, value)) in pairs.iter().enumerate() {
        if i == PARAMS_MAX {
            reader.note("", "", Problem::TooManyParameters);
            break;
        }
        reader.read(key, value);
    }
    let pass_on = !(reader.own || reader.link.hop || settled);
    let other_pages = std::mem::take(&mut reader.other_pages);
    match other_pages.first() {
        Some((_, _, group)) if pass_on => reader.link.elsewhere = Some(group.dir),
        _ => {
            for (key, value, group) in other_pages {
                reader.note(&key, &value, Problem::OtherPage { dir: group.dir });
            }
        }
    }
    (reader.link, reader.notices)
}

/// Decodes a query string, with or without its leading `?`. Never panics.
pub fn decode(query: &str) -> (Link, Vec<Notice>) {
    let query = query.strip_prefix('?').unwrap_or(query);
    decode_pairs(crate::query::parse(query))
}

/// The parameters of `experiment`'s run (how it is shown aside) whose values in
/// `params` are not `preset`'s: what the picker names as changed.
pub fn changes_from(preset: &Preset, params: &LabParams, experiment: Experiment) -> Vec<ParamId> {
    let (base, _) = preset_values(preset, &LabParams::default(), &Locks::default());
    ParamId::of_run(experiment).filter(|p| !p.is_view_of(experiment) && p.get(params) != p.get(&base)).collect()
}

/// The lab's parameters under one of these presets, nothing locked (the
/// experiments' tests read their numbers through it).
#[cfg(test)]
pub fn preset_params(presets: &[Preset], code: &str) -> LabParams {
    let preset = presets.iter().find(|p| p.code == code).unwrap_or_else(|| panic!("no preset {code}"));
    preset_values(preset, &LabParams::default(), &Locks::default()).0
}

/// A preset's values over the defaults, with locked parameters kept as in
/// `current`; and the clock it sets (its `at`).
pub fn preset_values(preset: &Preset, current: &LabParams, locks: &Locks) -> (LabParams, u64) {
    let mut params = LabParams::default();
    let mut clock_ms = 0;
    for (key, text) in preset.values {
        if *key == "at" {
            clock_ms = parse_seconds(text).unwrap_or(0);
        } else if let Some(param) = ParamId::by_key(key) {
            if let Ok((value, _)) = param.domain().parse(text) {
                param.apply(&mut params, value);
            }
        }
    }
    for param in ParamId::all().filter(|p| locks.contains(p.lock())) {
        param.apply(&mut params, param.get(current));
    }
    (params, clock_ms)
}

impl Link {
    fn empty(version: u32) -> Self {
        Link {
            version,
            version_given: false,
            preset: None,
            experiment: None,
            lang: None,
            values: Vec::new(),
            at_ms: None,
            embed: false,
            only: None,
            lock: Vec::new(),
            elsewhere: None,
            hop: false,
            theme: None,
            projector: false,
            tasks: TaskFilter::All,
            done: None,
            host_off: false,
        }
    }

    /// Applies the defaults an older link version meant (`CHANGED_DEFAULTS`)
    /// to the experiment the link names, where it sets no value of its own;
    /// returns whose they were.
    fn old_defaults(&self, named: Option<Experiment>, params: &mut LabParams) -> Vec<(Experiment, OldNote)> {
        let mut owners = Vec::new();
        for (key, since, old, note) in CHANGED_DEFAULTS {
            let Some(param) = ParamId::by_key(key).filter(|_| self.version_given && self.version < since) else {
                continue;
            };
            if self.values.iter().any(|(p, _)| *p == param) {
                continue;
            }
            if let (Ok((value, _)), registry::Owner::Experiment(owner)) = (param.domain().parse(old), param.owner) {
                if named == Some(owner) && param.get(params) != value {
                    param.apply(params, value);
                    owners.push((owner, note));
                }
            }
        }
        owners
    }

    fn preset_spec(&self) -> Option<(Experiment, &'static Preset)> {
        let code = self.preset?;
        registry::preset(self.version, code)
    }

    /// Defaults, then the preset, then the explicit values. The language:
    /// the link's, else the browser's preference.
    pub fn to_init(&self, browser_languages: &[String], notices: Vec<Notice>) -> LabInit {
        // A link that sets nothing (a bare page, or only an experiment) opens
        // the experiment's story (`Unit::OPENING`); any value or preset of a
        // link (every shared link has them) reads as it always did.
        let bare = self.preset.is_none() && self.values.is_empty();
        let opening = bare
            .then(|| self.only.or(self.experiment).unwrap_or_default())
            .and_then(|e| e.opening().filter(|p| p.in_version(VERSION)).map(|p| (e, p)));
        let preset = self.preset_spec().or(opening);
        let (mut params, preset_clock_ms) = match preset {
            Some((_, p)) => preset_values(p, &LabParams::default(), &Locks::default()),
            None => (LabParams::default(), 0),
        };
        let named = self.only.or(self.experiment).or(preset.map(|(e, _)| e));
        let old_defaults = self.old_defaults(named, &mut params);
        for (param, value) in &self.values {
            param.apply(&mut params, value.clone());
        }
        let experiment = self.only.or(self.experiment).or(preset.map(|(e, _)| e)).unwrap_or_default();
        // A preset with changes is still named (the picker says what
        // changed); playback speed is no change at all.
        let scenario_kept = self.values.iter().all(|(p, _)| p.is_playback());
        let preset = match (self.preset_spec(), scenario_kept) {
            // An old link's preset (an old definition, or read with an old
            // default) is named as what it is.
            (Some((e, p)), _) => Some(Scenario {
                preset: p,
                old_default: old_defaults.iter().find(|(owner, _)| *owner == e).map(|(_, note)| *note),
            }),
            // A link that names only an experiment shows its opening preset.
            (None, true) => opening.map(|(_, p)| Scenario::of(p)).or_else(|| experiment.default_preset()),
            _ => None,
        };
        LabInit {
            lang: self.lang.unwrap_or_else(|| Lang::choose(None, browser_languages)),
            params,
            preset,
            experiment,
            clock_ms: self.at_ms.unwrap_or(preset_clock_ms),
            locked: Locks(self.lock.clone()),
            only: self.only,
            compact: self.embed,
            notices,
            elsewhere: self.elsewhere,
            theme: self.theme,
            projector: self.projector,
            tasks: self.tasks.clone(),
            progress: self.done.clone().unwrap_or_default(),
            host_progress: self.done.is_some(),
            host_off: self.host_off,
            ..LabInit::default()
        }
    }

    /// The link that reproduces a lab, as a reader would write it: the open
    /// experiment's preset nearest to it and the parameters that differ
    /// (`?exp=visibility&preset=exercise-5&visibility_s=480`), in this
    /// version, whose presets and defaults keep their meaning (an older
    /// version's are kept for its links). `Scope::Experiment` holds the open
    /// experiment's run only; `Scope::Page` every experiment's parameters
    /// (the page's own address, so no tab's changes are lost). `clock_ms`:
    /// `None` is the preset's instant. A preset the run is exactly wins
    /// (`named`, the scenario the menu shows, among equals: two presets can
    /// be one run); else `named` itself, with its changes, so a class keeps
    /// seeing which exercise it changed; else the nearest.
    pub fn of(
        lang: Lang,
        params: &LabParams,
        experiment: Experiment,
        clock_ms: Option<u64>,
        scope: Scope,
        named: Option<&'static str>,
    ) -> Self {
        let kept: Vec<ParamId> = match scope {
            Scope::Experiment => ParamId::of_run(experiment).collect(),
            Scope::Page => ParamId::all().collect(),
        };
        let differing = |base: &LabParams| -> Vec<(ParamId, crate::params::Value)> {
            kept.iter().filter(|p| p.get(params) != p.get(base)).map(|&p| (p, p.get(params))).collect()
        };
        let candidates: Vec<_> = experiment
            .presets()
            .iter()
            .filter(|p| p.in_version(VERSION))
            .map(|p| {
                let (base, clock_ms) = preset_values(p, &LabParams::default(), &Locks::default());
                (Some(p.code), differing(&base), clock_ms)
            })
            .collect();
        let exact =
            candidates.iter().filter(|(_, values, _)| values.is_empty()).min_by_key(|(code, ..)| *code != named);
        let named_one = candidates.iter().find(|(code, ..)| named.is_some() && *code == named);
        let nearest = exact
            .or(named_one)
            .or_else(|| candidates.iter().min_by_key(|(code, values, _)| (values.len(), *code != named)))
            .cloned();
        // An experiment without presets: every value explicit.
        let (preset, values, preset_clock_ms) =
            nearest.unwrap_or_else(|| (None, kept.iter().map(|&p| (p, p.get(params))).collect(), 0));
        Link {
            preset,
            experiment: Some(experiment),
            lang: Some(lang),
            values,
            at_ms: clock_ms.map(|ms| ms.min(CLOCK_MS_MAX)).filter(|&ms| ms != preset_clock_ms),
            ..Link::empty(VERSION)
        }
    }

    /// The query string, without `?`. Empty plans are left out (absent
    /// means none).
    pub fn encode(&self) -> String {
        let mut out = crate::query::Query::new();
        out.append_pair("v", &self.version.to_string());
        if let Some(code) = self.preset {
            out.append_pair("preset", code);
        }
        if let Some(e) = self.experiment {
            out.append_pair("exp", e.code());
        }
        if let Some(lang) = self.lang {
            out.append_pair("lang", lang.code());
        }
        for (param, value) in &self.values {
            let text = param.domain().encode(value);
            // An empty plan is the default's: absent says so, unless a
            // preset that has one is what it differs from.
            if self.preset.is_some() || !(text.is_empty() && matches!(value, Value::Text(_))) {
                out.append_pair(param.key(), &text);
            }
        }
        if let Some(ms) = self.at_ms {
            out.append_pair("at", &format_seconds(ms));
        }
        if self.embed {
            out.append_pair("embed", "1");
        }
        if let Some(e) = self.only {
            out.append_pair("only", e.code());
        }
        if let Some(theme) = self.theme {
            out.append_pair("theme", theme.code());
        }
        if self.projector {
            out.append_pair("view", "projector");
        }
        if !self.lock.is_empty() {
            out.append_pair("lock", &self.lock.join(","));
        }
        if let Some(tasks) = self.tasks.encode() {
            out.append_pair("tasks", &tasks);
        }
        if self.host_off {
            out.append_pair("host", "off");
        }
        if let Some(done) = &self.done {
            out.append_pair("done", &done.task_list());
        }
        out.finish()
    }
}

/// What a link the lab writes holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The open experiment's run: a shared link, an embed.
    Experiment,
    /// Every experiment's parameters: the page's own address.
    Page,
}

/// One of the tools at the lab's root (`embed-builder.html`, "Embed this",
/// and `export.html`, the run's files; both plain JS, loaded only when
/// opened): the open experiment's link, the whole page's (`page`), its
/// page's directory and the scenario's name as the learner sees it. What
/// the tools show of the experiment (title, locks, tasks, in both
/// languages) they read from `tool-registry.js`, generated from the
/// registry: the page carries none of it.
pub fn tool_href(tool: &str, page_url: &str, links: (&str, &str), scenario: &str) -> String {
    // `rsplit_once`, not a byte-index slice: a slice's panic path (char
    // boundaries, Debug for chars, Unicode tables) cost the page 5 KB gzip.
    let folder = page_url.rsplit_once('/').map_or("", |(folder, _)| folder);
    let root = match folder.strip_suffix(Group::here().dir.trim_end_matches('/')) {
        Some(root) if root.ends_with('/') => root.to_owned(),
        _ => format!("{folder}/"),
    };
    let extra = crate::query::Query::new()
        .append_pair("page", links.1)
        .append_pair("dir", Group::here().dir)
        .append_pair("scenario", scenario)
        .finish();
    format!("{root}{tool}?{}&{extra}", links.0)
}

#[cfg(test)]
#[path = "link_tests.rs"]
mod tests;

/// A notice in the learner's words (the types are `init`'s: a lab starts
/// with them; what they say is the link's).
impl Notice {
    /// One line for the page's notice, in the learner's language: what is
    /// wrong, then what the page did instead.
    pub fn describe(&self, lang: Lang) -> String {
        let (fault, consequence) = self.parts(lang);
        match consequence {
            Some(consequence) => format!("{fault}; {consequence}"),
            None => fault,
        }
    }

    /// What is wrong alone, without what the page did about it: the CLI,
    /// which runs nothing then, says its own consequence.
    pub fn fault(&self, lang: Lang) -> String {
        self.parts(lang).0
    }

    fn parts(&self, lang: Lang) -> (String, Option<&'static str>) {
        let value: String = self.value.chars().take(40).collect();
        let value = if self.value.chars().count() > 40 { format!("{value}…") } else { value };
        let field = if value.is_empty() { self.key.clone() } else { format!("{}={value}", self.key) };
        let ignored = Some(lang.pick("ignorado.", "ignored."));
        match &self.problem {
            Problem::UnknownParameter => {
                (format!("{}: {}", self.key, lang.pick("parámetro desconocido", "unknown parameter")), ignored)
            }
            Problem::Invalid { expected } => (
                format!("{field}: {} ({expected})", lang.pick("no válido", "not valid")),
                Some(lang.pick("se usa el valor por defecto.", "the default is used.")),
            ),
            Problem::Clamped { used } => {
                (format!("{field}: {} {used}.", lang.pick("fuera de rango; se usa", "out of range; using")), None)
            }
            Problem::UnsupportedVersion => (
                format!(
                    "v={value}: {} v{VERSION}.",
                    lang.pick("versión desconocida, se lee como", "unknown version, read as")
                ),
                None,
            ),
            Problem::OtherPage { dir } => {
                let title = crate::groups::GROUPS.iter().find(|g| g.dir == *dir).map_or("", |g| (g.title)(lang));
                let whose = lang.pick("es de otra página del laboratorio,", "belongs to another page of the lab,");
                (format!("{field}: {whose} «{title}»"), ignored)
            }
            Problem::HostOff => (
                format!("{field}: {}", lang.pick("solo se acepta una vez, on u off", "only one on or off is accepted")),
                Some(lang.pick(
                    "ante la duda, el laboratorio no envía nada a la página que lo contiene.",
                    "in doubt, the lab sends nothing to the page that contains it.",
                )),
            ),
            Problem::TooManyParameters => (
                format!(
                    "{} {PARAMS_MAX}.",
                    lang.pick("Demasiados parámetros; se leyeron", "Too many parameters; read")
                ),
                None,
            ),
        }
    }
}

/// What a link that sets nothing means for an experiment: today's version's.
impl Experiment {
    /// The preset that is this experiment's defaults: its first
    /// (tests/registry.rs), what the scenario picker names when a link
    /// sets nothing else.
    pub fn default_preset(self) -> Option<Scenario> {
        self.presets().iter().find(|p| p.in_version(VERSION)).map(Scenario::of)
    }
}
