//! The per-experiment subcommands that `run` replaced (`workers`, `storm`,
//! `stream lag`…), kept for one release as aliases: each old flag becomes
//! the link pair the page reads, the alias prints its `run` equivalent on
//! stderr, and `run` answers with the page's decoder, ranges and engine.
//! Nothing here runs a model or declares a range.

use crate::run::{self, RunArgs};

/// The words after a retired subcommand, taken as they are (the table
/// below reads them; clap only collects them).
#[derive(clap::Args)]
#[command(disable_help_flag = true)]
pub struct Words {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    words: Vec<String>,
}

/// How an old flag reaches the page.
enum Flag {
    /// The link pairs it becomes (`{}`: its value).
    Pairs(&'static [&'static str]),
    /// A choice `run` shows every side of (both hashes, every sink).
    Shown(&'static str),
    /// A value the page's experiment holds fixed: only that value is taken.
    Fixed(&'static str, &'static str),
}

/// One retired subcommand: its words, the experiment it runs, its flags.
struct Retired {
    command: &'static str,
    experiment: &'static str,
    flags: &'static [(&'static str, Flag)],
    /// Where bare words go (`stream partition`'s keys), joined by commas.
    words_key: Option<&'static str>,
    /// Pairs that kept the old meaning without a preset.
    bare: &'static [&'static str],
}

use Flag::{Fixed, Pairs, Shown};

const RETIRED: &[Retired] = &[
    Retired {
        command: "workers",
        experiment: "workers",
        words_key: None,
        bare: &[],
        flags: &[
            ("--jobs", Pairs(&["jobs={}"])),
            ("--job-ms", Pairs(&["job_ms={}"])),
            ("--workers", Pairs(&["job_workers={}"])),
        ],
    },
    Retired {
        command: "visibility",
        experiment: "visibility",
        words_key: None,
        bare: &[],
        flags: &[
            ("--job-s", Pairs(&["job_s={}"])),
            ("--timeout-s", Pairs(&["visibility_s={}"])),
            ("--workers", Pairs(&["consumers={}"])),
            ("--heartbeat-s", Pairs(&["heartbeat_s={}"])),
            ("--max-receive", Pairs(&["max_receive={}"])),
            ("--poison", Pairs(&["poison={}"])),
        ],
    },
    Retired {
        command: "cursor",
        experiment: "cursor",
        words_key: None,
        bare: &[],
        flags: &[
            ("--events", Pairs(&["log_events={}"])),
            ("--batch", Pairs(&["batch={}"])),
            ("--lose-cursor-after", Pairs(&["fault=lost", "fault_batch={}"])),
            ("--crash-before-save", Pairs(&["fault=crash-before-save", "fault_batch={}"])),
            ("--consumer", Shown("both consumers' effects")),
        ],
    },
    Retired {
        command: "dedup-record",
        experiment: "dedup",
        words_key: None,
        bare: &[],
        flags: &[
            ("--messages", Pairs(&["tx_messages={}"])),
            ("--crash", Pairs(&["tx_crash={}"])),
            ("--seed", Pairs(&["seed={}"])),
            ("--rng", Pairs(&["tx_rng={}"])),
        ],
    },
    Retired {
        command: "dedup-ttl",
        experiment: "ttl",
        words_key: None,
        bare: &[],
        flags: &[
            ("--ttl-s", Pairs(&["ttl_s={}"])),
            ("--acks-lost", Pairs(&["acks_lost={}"])),
            ("--base-s", Fixed("30", "the lesson's schedule")),
            ("--retries", Fixed("6", "the lesson's schedule")),
        ],
    },
    Retired {
        command: "storm",
        experiment: "storm",
        words_key: None,
        bare: &[],
        flags: &[
            ("--clients", Pairs(&["clients={}"])),
            ("--recover-at-s", Pairs(&["recover={}"])),
            ("--capacity-per-s", Pairs(&["capacity={}"])),
            ("--strategy", Pairs(&["strategy_a={}"])),
            ("--dependency", Pairs(&["dependency={}"])),
            ("--base-ms", Pairs(&["base_ms={}"])),
            ("--attempts", Pairs(&["attempts={}"])),
            ("--seed", Pairs(&["seed={}"])),
            ("--budget-tokens", Pairs(&["budget=on", "budget_tokens={}"])),
            ("--budget-ratio", Pairs(&["budget_ratio={}"])),
            ("--breaker-failures", Pairs(&["breaker=on", "breaker_failures={}"])),
            ("--breaker-open-ms", Pairs(&["breaker_open={}"])),
            ("--breaker-trials", Pairs(&["breaker_trials={}"])),
        ],
    },
    Retired {
        command: "stream partition",
        experiment: "partitions",
        words_key: Some("keyed"),
        bare: &[],
        flags: &[("--partitions", Pairs(&["partitions={}"])), ("--hash", Shown("both hashes (crc32, murmur2)"))],
    },
    Retired {
        command: "stream group",
        experiment: "groups",
        words_key: None,
        bare: &[],
        flags: &[("--partitions", Pairs(&["topic_partitions={}"])), ("--consumers", Pairs(&["group_consumers={}"]))],
    },
    Retired {
        command: "stream lag",
        experiment: "lag",
        words_key: None,
        bare: &[],
        flags: &[
            ("--partitions", Pairs(&["lag_partitions={}"])),
            ("--consumers", Pairs(&["lag_consumers={}"])),
            ("--per-consumer-per-s", Pairs(&["consumer_rate={}"])),
            ("--arrival-per-s", Pairs(&["arrival_rate={}"])),
            ("--behind", Pairs(&["behind={}"])),
        ],
    },
    Retired {
        command: "stream rebalance",
        experiment: "fraud",
        words_key: None,
        bare: &[],
        flags: &[
            ("--payments", Pairs(&["payments={}"])),
            ("--processed-before-crash", Pairs(&["processed={}"])),
            ("--sink", Shown("every sink's counter")),
        ],
    },
    // Without a preset the old backlog was the outage alone (no peak).
    Retired {
        command: "capacity backlog",
        experiment: "capacity",
        words_key: None,
        bare: &["peak_s=0"],
        flags: &[
            ("--arrival-per-s", Pairs(&["mean_rate={}"])),
            ("--down-s", Pairs(&["down_s={}"])),
            ("--service-per-s", Pairs(&["cap_workers=1", "worker_rate={}"])),
        ],
    },
    Retired {
        command: "capacity peak",
        experiment: "capacity",
        words_key: None,
        bare: &[],
        flags: &[
            ("--arrival-per-s", Pairs(&["peak_rate={}"])),
            ("--seconds", Pairs(&["peak_s={}"])),
            ("--workers", Pairs(&["cap_workers={}"])),
            ("--per-worker-per-s", Pairs(&["worker_rate={}"])),
        ],
    },
    Retired {
        command: "capacity little",
        experiment: "capacity",
        words_key: None,
        bare: &[],
        flags: &[("--arrival-per-h", Pairs(&["little_rate_h={}"])), ("--waiting", Pairs(&["little_waiting={}"]))],
    },
    Retired {
        command: "capacity keda",
        experiment: "capacity",
        words_key: None,
        bare: &[],
        flags: &[
            ("--messages", Pairs(&["keda_messages={}"])),
            ("--queue-length", Pairs(&["keda_queue_length={}"])),
            ("--job-s", Pairs(&["keda_job_s={}"])),
            ("--max-workers", Pairs(&["keda_max={}"])),
        ],
    },
];

/// What an alias's words come to: `run`'s arguments, and what to tell the
/// author about the words `run` shows another way.
#[derive(Debug, PartialEq, Eq)]
pub struct Translation {
    /// The retired command's words (`stream lag`).
    pub old: &'static str,
    pub experiment: &'static str,
    pub preset: Option<String>,
    pub values: Vec<String>,
    pub json: bool,
    pub notes: Vec<String>,
}

impl Translation {
    /// The command line that replaces the alias.
    pub fn command(&self) -> String {
        let mut words = vec!["retry-lab run".to_owned(), self.experiment.to_owned()];
        words.extend(self.preset.iter().map(|p| format!("--preset {p}")));
        words
            .extend(self.values.iter().map(|v| if v.contains([' ', '|', '&']) { format!("'{v}'") } else { v.clone() }));
        words.extend(self.json.then(|| "--json".to_owned()));
        words.join(" ")
    }
}

/// The retired command named by `first` (and, for `stream` and `capacity`,
/// the next word), and the words after it.
fn find(first: &str, words: &[String]) -> Result<(&'static Retired, usize), String> {
    let two = words.first().map(|w| format!("{first} {w}"));
    if let Some(found) = RETIRED.iter().find(|r| Some(r.command) == two.as_deref()) {
        return Ok((found, 1));
    }
    RETIRED.iter().find(|r| r.command == first).map(|r| (r, 0)).ok_or_else(|| {
        let subs: Vec<&str> = RETIRED.iter().filter_map(|r| r.command.strip_prefix(first)).map(str::trim).collect();
        format!("`retry-lab {first}` needs one of: {}", subs.join(", "))
    })
}

/// An alias's words as `run`'s arguments.
pub fn translate(first: &str, words: &[String]) -> Result<Translation, String> {
    let (retired, skip) = find(first, words)?;
    let mut t = Translation {
        old: retired.command,
        experiment: retired.experiment,
        preset: None,
        values: Vec::new(),
        json: false,
        notes: Vec::new(),
    };
    let mut bare_words = Vec::new();
    let mut rest = words[skip..].iter();
    while let Some(word) = rest.next() {
        let (flag, inline) = match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_owned())),
            _ => (word.as_str(), None),
        };
        if flag == "--json" {
            t.json = true;
            continue;
        }
        if !flag.starts_with("--") {
            bare_words.push(word.clone());
            continue;
        }
        let mut value =
            || inline.clone().or_else(|| rest.next().cloned()).ok_or_else(|| format!("{flag} needs a value"));
        if flag == "--preset" {
            t.preset = Some(value()?);
            continue;
        }
        let Some((_, how)) = retired.flags.iter().find(|(f, _)| *f == flag) else {
            let known: Vec<&str> = retired.flags.iter().map(|(f, _)| *f).collect();
            return Err(format!(
                "retry-lab {}: no flag {flag} (its flags: {}, --preset, --json)",
                retired.command,
                known.join(", ")
            ));
        };
        let value = value()?;
        match how {
            Pairs(pairs) => t.values.extend(pairs.iter().map(|p| p.replace("{}", &value))),
            Shown(what) => t.notes.push(format!("{flag} {value}: `run` shows {what}")),
            Fixed(only, why) if value == *only => {
                t.notes.push(format!("{flag} {value} is {why}, which the page keeps"))
            }
            Fixed(only, why) => {
                return Err(format!("{flag} {value}: the page's experiment keeps {why} ({flag} {only})"))
            }
        }
    }
    match (retired.words_key, bare_words.is_empty()) {
        (_, true) => {}
        (Some(key), false) => t.values.push(format!("{key}={}", bare_words.join(","))),
        (None, false) => return Err(format!("retry-lab {}: unexpected {:?}", retired.command, bare_words[0])),
    }
    if t.preset.is_none() {
        t.values.splice(0..0, retired.bare.iter().map(|p| (*p).to_owned()));
    }
    Ok(t)
}

/// What `--help` on an alias says: what replaces it, and each old flag's pairs.
fn help(first: &str, words: &[String]) -> Result<String, String> {
    let (retired, _) = find(first, words)?;
    let mut out = format!("`retry-lab {}` is deprecated: use `retry-lab run {exp}` (its parameters: `retry-lab params {exp}`).\nIts flags become (and --preset P, --json, as they were):",
        retired.command, exp = retired.experiment);
    for (flag, how) in retired.flags {
        out += &match how {
            Pairs(pairs) => format!("\n  {flag:<26} {}", pairs.join(" ").replace("{}", "VALUE")),
            Shown(what) => format!("\n  {flag:<26} (run shows {what})"),
            Fixed(only, why) => format!("\n  {flag:<26} only {only} ({why})"),
        };
    }
    Ok(out)
}

/// Runs a retired subcommand as `run`, saying on stderr what it is now.
pub fn alias(first: &str, words: Words) -> Result<String, String> {
    if words.words.iter().any(|w| w == "--help" || w == "-h") {
        return help(first, &words.words);
    }
    let t = translate(first, &words.words)?;
    let command = t.command();
    // A refusal is one line that names the `run` it was; an answer comes
    // with the notes (the answer itself is printed by `main`, after them).
    let answer = run::run(RunArgs::new(t.experiment, t.preset.clone(), t.values.clone(), t.json))
        .map_err(|e| format!("{e} (as `{command}`)"))?;
    eprintln!("note: `retry-lab {}` is deprecated and goes in the next release; it is now `{command}`", t.old);
    for note in &t.notes {
        eprintln!("note: {note}");
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn old_flags_become_the_pages_pairs() {
        let t =
            translate("stream", &words("lag --partitions 24 --consumers=24 --per-consumer-per-s 1500 --json")).unwrap();
        assert_eq!(t.command(), "retry-lab run lag lag_partitions=24 lag_consumers=24 consumer_rate=1500 --json");
        let t = translate("storm", &words("--budget-tokens 10 --preset storm-budget")).unwrap();
        assert_eq!(
            (t.preset.as_deref(), t.values),
            (Some("storm-budget"), vec!["budget=on".to_owned(), "budget_tokens=10".to_owned()])
        );
        let t = translate("stream", &words("partition --hash murmur2 listing-42 listing-7")).unwrap();
        assert_eq!((t.values, t.notes.len()), (vec!["keyed=listing-42,listing-7".to_owned()], 1));
        let t = translate("capacity", &words("backlog --service-per-s 60")).unwrap();
        assert_eq!(t.values, ["peak_s=0", "cap_workers=1", "worker_rate=60"]);
    }

    #[test]
    fn what_the_page_cannot_take_is_refused_naming_it() {
        for (first, text, says) in [
            ("workers", "--nope 3", "no flag --nope"),
            ("stream", "sideways", "needs one of: partition, group, lag, rebalance"),
            ("dedup-ttl", "--base-s 60", "the lesson's schedule (--base-s 30)"),
            ("workers", "--jobs", "--jobs needs a value"),
            ("workers", "stray", "unexpected \"stray\""),
        ] {
            let err = translate(first, &words(text)).unwrap_err();
            assert!(err.contains(says), "{first} {text}: {err}");
        }
    }
}
