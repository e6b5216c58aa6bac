//! The share-link format, its own versioned type. `LinkV1` is what a URL
//! (or an embed's `data-` attributes) says; it maps explicitly to the page's
//! `LabInit` and back. Decoding never panics: every malformed, unknown or
//! out-of-range value falls back to its default (or is clamped) and leaves a
//! `Notice` the page shows.
//!
//! Format (query string, all optional): `v=1`, `preset`, `exp`, `lang`,
//! `failure`, `ack_lost`, `events`, `base`, `retries`, `consumer`, `jitter`,
//! `seed`, `speed`, `norad`, `start`, `ns`, `crash`, `rng`, `messages`, and
//! for embeds `embed=1`, `only`, `lock` (comma-separated parameter names).

use retry_lab_core::{ConsumerMode, Jitter, Namespace, PassKey, Probability, RngKind};

use crate::i18n::Lang;
use crate::presets::Preset;
use crate::state::{self, Experiment, LabInit, LabParams, ParamName};

pub const VERSION: u32 = 1;
/// Parameters read from one link; the rest are reported and ignored.
const PARAMS_MAX: usize = 64;
/// Longer values are rejected (and shown shortened).
const VALUE_LEN_MAX: usize = 200;

/// Version 1 of the link: every field optional, `None` meaning "the default
/// (or the preset's value)".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkV1 {
    pub preset: Option<Preset>,
    pub experiment: Option<Experiment>,
    pub lang: Option<Lang>,
    pub failure: Option<Probability>,
    pub ack_lost_share: Option<Probability>,
    pub events: Option<u32>,
    pub base_s: Option<u32>,
    pub retries_max: Option<u32>,
    pub consumer: Option<ConsumerMode>,
    pub jitter: Option<Jitter>,
    pub seed: Option<u64>,
    pub speed_s_per_s: Option<u32>,
    pub norad_id: Option<u32>,
    pub start_utc: Option<String>,
    pub namespace: Option<Namespace>,
    pub crash: Option<Probability>,
    pub ack_rng: Option<RngKind>,
    pub ack_messages: Option<u32>,
    pub embed: bool,
    pub only: Option<Experiment>,
    pub lock: Vec<ParamName>,
}

/// Something in a link that was not taken as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub key: String,
    pub value: String,
    pub problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    UnknownParameter,
    /// Not a valid value; `expected` says what is, in a language-neutral
    /// notation (a range, a format or the accepted codes).
    Invalid { expected: String },
    /// Out of range; the value used instead.
    Clamped { used: String },
    UnsupportedVersion,
    TooManyParameters,
}

impl Notice {
    /// One line for the page's notice, in the learner's language.
    pub fn describe(&self, lang: Lang) -> String {
        let value: String = self.value.chars().take(40).collect();
        let value = if self.value.chars().count() > 40 { format!("{value}…") } else { value };
        let es = lang == Lang::Es;
        let field = if value.is_empty() { self.key.clone() } else { format!("{}={value}", self.key) };
        match &self.problem {
            Problem::UnknownParameter => format!("{}: {}", self.key, if es { "parámetro desconocido, ignorado." } else { "unknown parameter, ignored." }),
            Problem::Invalid { expected } => {
                format!("{field}: {} ({expected}); {}", if es { "no válido" } else { "not valid" }, if es { "se usa el valor por defecto." } else { "the default is used." })
            }
            Problem::Clamped { used } => format!("{field}: {} {used}.", if es { "fuera de rango; se usa" } else { "out of range; using" }),
            Problem::UnsupportedVersion => format!("v={value}: {} v{VERSION}.", if es { "versión desconocida, se lee como" } else { "unknown version, read as" }),
            Problem::TooManyParameters => format!("{} {PARAMS_MAX}.", if es { "Demasiados parámetros; se leyeron" } else { "Too many parameters; read" }),
        }
    }
}

/// The parameter names a link may lock, as written in `lock=`.
pub fn lock_name(name: ParamName) -> &'static str {
    match name {
        ParamName::Failure => "failure",
        ParamName::AckLostShare => "ack_lost",
        ParamName::Events => "events",
        ParamName::BaseS => "base",
        ParamName::RetriesMax => "retries",
        ParamName::Consumer => "consumer",
        ParamName::Jitter => "jitter",
        ParamName::Seed => "seed",
        ParamName::Namespace => "ns",
        ParamName::Pass => "pass",
        ParamName::Crash => "crash",
        ParamName::AckRng => "rng",
        ParamName::AckMessages => "messages",
    }
}

const LOCKABLE: [ParamName; 13] = [
    ParamName::Failure,
    ParamName::AckLostShare,
    ParamName::Events,
    ParamName::BaseS,
    ParamName::RetriesMax,
    ParamName::Consumer,
    ParamName::Jitter,
    ParamName::Seed,
    ParamName::Namespace,
    ParamName::Pass,
    ParamName::Crash,
    ParamName::AckRng,
    ParamName::AckMessages,
];

fn consumer_code(c: ConsumerMode) -> &'static str {
    match c {
        ConsumerMode::Idempotent => "idempotent",
        ConsumerMode::Naive => "naive",
    }
}

struct Reader {
    link: LinkV1,
    notices: Vec<Notice>,
}

impl Reader {
    fn note(&mut self, key: &str, value: &str, problem: Problem) {
        self.notices.push(Notice { key: key.to_owned(), value: value.to_owned(), problem });
    }

    /// A whole number within `min..=max`; out of range is clamped and noted.
    fn bounded(&mut self, key: &str, value: &str, min: u64, max: u64) -> Option<u64> {
        let digits = value.trim();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            self.note(key, value, Problem::Invalid { expected: format!("{min}–{max}") });
            return None;
        }
        // Too many digits for u64 is still "too large": clamp it, and say so.
        let (n, overflowed) = digits.parse::<u64>().map_or((u64::MAX, true), |n| (n, false));
        let used = n.clamp(min, max);
        if used != n || overflowed {
            self.note(key, value, Problem::Clamped { used: used.to_string() });
        }
        Some(used)
    }

    fn probability(&mut self, key: &str, value: &str) -> Option<Probability> {
        let parsed = Probability::parse(value);
        if parsed.is_none() {
            self.note(key, value, Problem::Invalid { expected: "0–1".into() });
        }
        parsed
    }

    fn choice<T>(&mut self, key: &str, value: &str, parsed: Option<T>, expected: &str) -> Option<T> {
        if parsed.is_none() {
            self.note(key, value, Problem::Invalid { expected: expected.to_owned() });
        }
        parsed
    }

    fn read(&mut self, key: &str, value: &str) {
        if value.len() > VALUE_LEN_MAX {
            self.note(key, value, Problem::Invalid { expected: format!("≤ {VALUE_LEN_MAX}") });
            return;
        }
        match key {
            "v" => {
                if value.trim() != VERSION.to_string() {
                    self.note(key, value, Problem::UnsupportedVersion);
                }
            }
            "preset" => self.link.preset = self.choice(key, value, Preset::parse(value), "lesson, consumer-down, flaky-acks, double-publication, lesson-004"),
            "exp" => self.link.experiment = self.choice(key, value, Experiment::parse(value), "retries, uuid5, ack"),
            "only" => self.link.only = self.choice(key, value, Experiment::parse(value), "retries, uuid5, ack"),
            "lang" => self.link.lang = self.choice(key, value, Lang::parse(value), "es, en"),
            "failure" => self.link.failure = self.probability(key, value),
            "ack_lost" => self.link.ack_lost_share = self.probability(key, value),
            "crash" => self.link.crash = self.probability(key, value),
            "events" => self.link.events = self.bounded(key, value, 1, u64::from(state::EVENTS_MAX)).map(|n| n as u32),
            "base" => self.link.base_s = self.bounded(key, value, 1, u64::from(state::BASE_S_MAX)).map(|n| n as u32),
            "retries" => self.link.retries_max = self.bounded(key, value, 0, u64::from(state::RETRIES_MAX)).map(|n| n as u32),
            "speed" => {
                let bounds = (u64::from(state::SPEED_MIN), u64::from(state::SPEED_MAX));
                self.link.speed_s_per_s = self.bounded(key, value, bounds.0, bounds.1).map(|n| n as u32);
            }
            "messages" => {
                self.link.ack_messages = self.bounded(key, value, 1, u64::from(state::ACK_MESSAGES_MAX)).map(|n| n as u32);
            }
            "seed" => self.link.seed = self.bounded(key, value, 0, u64::MAX),
            "norad" => {
                self.link.norad_id = self.bounded(key, value, 1, u64::from(PassKey::NORAD_ID_MAX)).map(|n| n as u32);
            }
            "start" => {
                let ok = retry_lab_core::ids::parse_utc(value.trim()).is_some();
                self.link.start_utc = self.choice(key, value, ok.then(|| value.trim().to_owned()), "YYYY-MM-DDTHH:MM:SSZ");
            }
            "consumer" => {
                let parsed = match value {
                    "idempotent" => Some(ConsumerMode::Idempotent),
                    "naive" => Some(ConsumerMode::Naive),
                    _ => None,
                };
                self.link.consumer = self.choice(key, value, parsed, "idempotent, naive");
            }
            "jitter" => self.link.jitter = self.choice(key, value, Jitter::parse(value), "none, full, equal, decorrelated"),
            "ns" => self.link.namespace = self.choice(key, value, Namespace::parse(value), "dns, url, oid, x500 or a UUID"),
            "rng" => self.link.ack_rng = self.choice(key, value, RngKind::parse(value), "python, pcg"),
            "embed" => match value {
                "1" | "true" => self.link.embed = true,
                "0" | "false" => self.link.embed = false,
                _ => self.note(key, value, Problem::Invalid { expected: "1, 0".into() }),
            },
            "lock" => {
                for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                    match LOCKABLE.iter().find(|p| lock_name(**p) == name) {
                        Some(p) if !self.link.lock.contains(p) => self.link.lock.push(*p),
                        Some(_) => {}
                        None => {
                            let names: Vec<&str> = LOCKABLE.iter().map(|p| lock_name(*p)).collect();
                            self.note("lock", name, Problem::Invalid { expected: names.join(", ") });
                        }
                    }
                }
            }
            _ => self.note(key, value, Problem::UnknownParameter),
        }
    }
}

/// Decodes key/value pairs (from a query string or `data-` attributes).
pub fn decode_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> (LinkV1, Vec<Notice>) {
    let mut reader = Reader { link: LinkV1::default(), notices: Vec::new() };
    for (i, (key, value)) in pairs.into_iter().enumerate() {
        if i == PARAMS_MAX {
            reader.note("", "", Problem::TooManyParameters);
            break;
        }
        reader.read(&key, &value);
    }
    (reader.link, reader.notices)
}

/// Decodes a query string, with or without its leading `?`. Never panics.
pub fn decode(query: &str) -> (LinkV1, Vec<Notice>) {
    let query = query.strip_prefix('?').unwrap_or(query);
    decode_pairs(form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())))
}

impl LinkV1 {
    /// Defaults, then the preset, then the explicit values. The language:
    /// the link's, else the browser's preference.
    pub fn to_init(&self, browser_languages: &[String], notices: &mut Vec<Notice>) -> LabInit {
        let preset_params = self.preset.map(Preset::params).unwrap_or_default();
        let p = preset_params.clone();
        let mut pass = p.pass.clone();
        if self.norad_id.is_some() || self.start_utc.is_some() {
            let norad = self.norad_id.unwrap_or(pass.norad_id).to_string();
            let start = self.start_utc.clone().unwrap_or_else(|| pass.start_utc());
            match PassKey::parse(&norad, &start) {
                Ok(valid) => pass = valid,
                Err(_) => notices.push(Notice { key: "start".into(), value: String::new(), problem: Problem::Invalid { expected: "YYYY-MM-DDTHH:MM:SSZ".into() } }),
            }
        }
        let params = LabParams {
            failure: self.failure.unwrap_or(p.failure),
            ack_lost_share: self.ack_lost_share.unwrap_or(p.ack_lost_share),
            events: self.events.unwrap_or(p.events),
            base_s: self.base_s.unwrap_or(p.base_s),
            retries_max: self.retries_max.unwrap_or(p.retries_max),
            consumer: self.consumer.unwrap_or(p.consumer),
            jitter: self.jitter.unwrap_or(p.jitter),
            seed: self.seed.unwrap_or(p.seed),
            pass,
            namespace: self.namespace.unwrap_or(p.namespace),
            crash: self.crash.unwrap_or(p.crash),
            ack_rng: self.ack_rng.unwrap_or(p.ack_rng),
            ack_messages: self.ack_messages.unwrap_or(p.ack_messages),
        }
        .clamped();
        let experiment = self.only.or(self.experiment).or(self.preset.map(Preset::experiment)).unwrap_or_default();
        LabInit {
            lang: self.lang.unwrap_or_else(|| Lang::choose(None, browser_languages)),
            params,
            experiment,
            speed_s_per_s: self.speed_s_per_s.unwrap_or(100),
            locked: self.lock.clone(),
            only: self.only,
            compact: self.embed,
            ..LabInit::default()
        }
    }

    /// The link that reproduces a lab: every value explicit, so the link
    /// means the same even if a preset or a default changes later.
    #[inline(never)]
    pub fn of(lang: Lang, params: &LabParams, experiment: Experiment, speed_s_per_s: u32) -> Self {
        LinkV1 {
            preset: None,
            experiment: Some(experiment),
            lang: Some(lang),
            failure: Some(params.failure),
            ack_lost_share: Some(params.ack_lost_share),
            events: Some(params.events),
            base_s: Some(params.base_s),
            retries_max: Some(params.retries_max),
            consumer: Some(params.consumer),
            jitter: Some(params.jitter),
            seed: Some(params.seed),
            speed_s_per_s: Some(speed_s_per_s),
            norad_id: Some(params.pass.norad_id),
            start_utc: Some(params.pass.start_utc()),
            namespace: Some(params.namespace),
            crash: Some(params.crash),
            ack_rng: Some(params.ack_rng),
            ack_messages: Some(params.ack_messages),
            embed: false,
            only: None,
            lock: Vec::new(),
        }
    }

    /// The query string, without `?`. (Not inlined: the page calls it twice
    /// per render, and one copy keeps the bundle smaller.)
    #[inline(never)]
    pub fn encode(&self) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        out.append_pair("v", &VERSION.to_string());
        let mut put = |key: &str, value: Option<String>| {
            if let Some(value) = value {
                out.append_pair(key, &value);
            }
        };
        put("preset", self.preset.map(|p| p.code().to_owned()));
        put("exp", self.experiment.map(|e| e.code().to_owned()));
        put("lang", self.lang.map(|l| l.code().to_owned()));
        put("failure", self.failure.map(|p| p.to_string()));
        put("ack_lost", self.ack_lost_share.map(|p| p.to_string()));
        put("events", self.events.map(|n| n.to_string()));
        put("base", self.base_s.map(|n| n.to_string()));
        put("retries", self.retries_max.map(|n| n.to_string()));
        put("consumer", self.consumer.map(|c| consumer_code(c).to_owned()));
        put("jitter", self.jitter.map(|j| j.name().to_owned()));
        put("seed", self.seed.map(|n| n.to_string()));
        put("speed", self.speed_s_per_s.map(|n| n.to_string()));
        put("norad", self.norad_id.map(|n| n.to_string()));
        put("start", self.start_utc.clone());
        put("ns", self.namespace.map(|n| n.to_string()));
        put("crash", self.crash.map(|p| p.to_string()));
        put("rng", self.ack_rng.map(|r| r.name().to_owned()));
        put("messages", self.ack_messages.map(|n| n.to_string()));
        if self.embed {
            put("embed", Some("1".into()));
        }
        put("only", self.only.map(|e| e.code().to_owned()));
        if !self.lock.is_empty() {
            put("lock", Some(self.lock.iter().map(|p| lock_name(*p)).collect::<Vec<_>>().join(",")));
        }
        out.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn init(query: &str) -> (LabInit, Vec<Notice>) {
        let (link, mut notices) = decode(query);
        let init = link.to_init(&["es-MX".to_string()], &mut notices);
        (init, notices)
    }

    #[test]
    fn empty_link_is_the_lesson_in_the_browser_language() {
        let (i, notices) = init("");
        assert_eq!(i.params, LabParams::default());
        assert_eq!(i.lang, Lang::Es);
        assert!(notices.is_empty());
    }

    #[test]
    fn preset_plus_overrides() {
        let (i, notices) = init("?preset=flaky-acks&failure=0.3");
        assert_eq!(i.params.failure.ppm(), 300_000);
        assert_eq!(i.params.ack_lost_share, Preset::FlakyAcks.params().ack_lost_share);
        assert_eq!(i.params.consumer, ConsumerMode::Naive);
        assert!(notices.is_empty());
        let (i, _) = init("preset=lesson-004");
        assert_eq!(i.experiment, Experiment::AckTiming);
    }

    #[test]
    fn bad_fields_fall_back_or_clamp_with_a_notice() {
        let (i, notices) = init("v=9&failure=2&events=5000&retries=-1&jitter=wild&zzz=1&seed=abc&lang=fr&start=2026-13-01T00:00:00Z&lock=failure,bogus");
        assert_eq!(i.params.failure, LabParams::default().failure, "invalid probability: default");
        assert_eq!(i.params.events, state::EVENTS_MAX, "clamped");
        assert_eq!(i.params.retries_max, 6);
        assert_eq!(i.params.jitter, Jitter::None);
        assert_eq!(i.params.seed, 7);
        assert_eq!(i.lang, Lang::Es, "browser language when the link's is unknown");
        assert_eq!(i.params.pass, PassKey::lesson());
        assert_eq!(i.locked, vec![ParamName::Failure]);
        let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
        for key in ["v", "failure", "events", "retries", "jitter", "zzz", "seed", "lang", "start", "lock"] {
            assert!(keys.contains(&key), "{key} missing from {keys:?}");
        }
        assert!(notices.iter().any(|n| n.problem == Problem::Clamped { used: "1000".into() }));
        assert!(notices[0].describe(Lang::En).contains("read as v1"));
        assert!(notices[1].describe(Lang::Es).contains("no válido (0–1)"), "{}", notices[1].describe(Lang::Es));
    }

    #[test]
    fn huge_numbers_clamp_instead_of_failing() {
        let (i, notices) = init("events=99999999999999999999999&seed=99999999999999999999999");
        assert_eq!(i.params.events, state::EVENTS_MAX);
        assert_eq!(i.params.seed, u64::MAX);
        assert_eq!(notices.len(), 2);
    }

    #[test]
    fn encodes_every_value_with_a_version() {
        let link = LinkV1::of(Lang::En, &LabParams::default(), Experiment::Retries, 100);
        let query = link.encode();
        assert!(query.starts_with("v=1&exp=retries&lang=en&failure=0.3&ack_lost=0.5&events=20&base=30&retries=6"), "{query}");
        assert!(query.contains("start=2026-07-29T14%3A00%3A00Z"), "{query}");
    }
}
