//! Guided tasks ("Prueba esto"): each experiment declares a few, taken from
//! its lesson's exercises and common mistakes, each with a check computed
//! from the experiment's parameters and state — never from a click on
//! "done". Pure: the reducer records what a learner completed in
//! `LabState::progress`, a hook keeps it in localStorage as [`Progress`]'s
//! versioned text (`app/hooks.rs`), and the lab works the same with storage
//! blocked.

use crate::i18n::Lang;
use crate::params::Shared;

/// What a task says, in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskText {
    /// What to do.
    pub goal: &'static str,
    /// Shown after a while, for a learner who has not found it.
    pub hint: &'static str,
    /// Why it came out so, with the lesson's numbers: shown once done.
    pub why: &'static str,
}

/// One task of an experiment whose parameters are `P` and state `S`.
pub struct Task<P: 'static, S: 'static> {
    /// Unique across the lab (`tasks=` names tasks by it, and progress keeps it).
    pub code: &'static str,
    /// A lab link under which it holds (`tests/tasks.rs` checks it does,
    /// and that it does not at the defaults); native only, never in a page.
    #[cfg(not(target_arch = "wasm32"))]
    pub witness: &'static str,
    pub text: fn(Lang) -> TaskText,
    /// Whether the experiment, as it is now, shows what the task asks for.
    pub done: fn(&P, &Shared, &S) -> bool,
}

/// A number the lesson states, asked before the figure says it ("Antes de
/// mirar: ¿cuántas copias…?"). The learner's guess is kept with their
/// progress and shown beside the run's number; it is never graded.
pub struct Prediction<P: 'static, S: 'static> {
    pub question: fn(Lang) -> &'static str,
    /// The unit the guess is typed in ("s", "" for a count).
    pub unit: &'static str,
    /// The answer is the lesson's arithmetic on the run's rates, not what
    /// the run ends with (backpressure's day of growth, where the figure's
    /// process dies first): the result says «la cuenta da», not «la simulación».
    pub counted: bool,
    /// The run's number, in `unit`.
    pub answer: fn(&P, &Shared, &S) -> Option<u64>,
    /// Why it comes out so, in the lesson's terms: shown with the answer.
    pub why: fn(Lang) -> &'static str,
}

/// The question a run asks, and where its guess is kept (`""`: the
/// experiment's own; else `experiment.key`).
pub type Asked<P, S> = (&'static Prediction<P, S>, &'static str);

/// A prediction as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredictionView {
    /// Which of its experiment's questions (`""`: its own).
    pub key: &'static str,
    pub question: &'static str,
    pub unit: &'static str,
    pub counted: bool,
    pub answer: Option<u64>,
    pub why: &'static str,
}

/// A task as the page shows it: its text and whether it holds now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskView {
    pub code: &'static str,
    pub text: TaskText,
    pub holds: bool,
}

/// `tasks=` in a link: every task (absent), none (`off`), or the ones an
/// author named.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TaskFilter {
    #[default]
    All,
    Off,
    Only(Vec<&'static str>),
}

impl TaskFilter {
    pub fn shows(&self, code: &str) -> bool {
        match self {
            TaskFilter::All => true,
            TaskFilter::Off => false,
            TaskFilter::Only(codes) => codes.contains(&code),
        }
    }

    /// The link's value (`None`: absent, every task).
    pub fn encode(&self) -> Option<String> {
        match self {
            TaskFilter::All => None,
            TaskFilter::Off => Some("off".to_owned()),
            TaskFilter::Only(codes) => Some(codes.join(",")),
        }
    }
}

/// Whether this browser keeps the learner's progress (the task list says
/// when it does not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Keeping {
    #[default]
    Kept,
    /// Storage cannot be read (a sandbox, a privacy setting).
    Blocked,
    /// The store refused a write (its quota is full).
    Full,
    /// The host keeps it (`done=` in the link: an LMS's record of this
    /// learner); the browser's storage is neither read nor written.
    Host,
}

/// The tasks a learner completed in this browser, as `experiment/task`
/// words (kept as text: a set type would cost the page more than these few
/// lines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress(String);

/// Each entry is its own storage item (`retry-lab.task:experiment/task`),
/// so two tabs or labs completing tasks at the same instant each write
/// their own key: no read-modify-write of a shared list, nothing lost.
pub const ITEM_PREFIX: &str = "retry-lab.task:";
/// The format before items: one key holding the whole list (`v1 a/b c/d`),
/// still read, and moved into items when read.
pub const STORAGE_KEY_V1: &str = "retry-lab.tasks";
const FORMAT: &str = "v1";
/// Entries read from storage at most: far above the lab's tasks (38), so
/// that any script of the origin writing a huge value costs a bounded read
/// (a 889 KB value took 119 s to decode when every word was compared with
/// every other).
pub const ENTRIES_MAX: usize = 256;
/// Storage keys looked at, at most, for items: the origin is the lab's, so
/// only a hostile script could hold more.
pub const KEYS_SCANNED_MAX: u32 = 4_096;
/// An entry's length at most (`experiment/task`: codes of a few words).
const ENTRY_LEN_MAX: usize = 64;

impl Progress {
    /// Reads a stored value; anything else than a v1 list (another
    /// version, a hand-edited value) is no progress, never an error.
    pub fn decode(stored: &str) -> Self {
        Self::decode_counting(stored).0
    }

    /// `decode`, and whether part of the value was ignored (not an entry,
    /// or past `ENTRIES_MAX`): the page says so. One pass over the value;
    /// duplicates are looked for among at most `ENTRIES_MAX` entries.
    pub fn decode_counting(stored: &str) -> (Self, bool) {
        let mut words = stored.split_ascii_whitespace();
        if words.next() != Some(FORMAT) {
            return (Self::default(), !stored.trim().is_empty());
        }
        Self::from_entries(words)
    }

    fn from_entries<'a>(words: impl Iterator<Item = &'a str>) -> (Self, bool) {
        let mut progress = Self::default();
        let (mut count, mut ignored) = (0, false);
        for word in words {
            let entry = word.len() <= ENTRY_LEN_MAX
                && word.split_once('/').is_some_and(|(e, t)| is_code(e) && is_code(t) || is_question(e) && is_guess(t));
            if !entry || count == ENTRIES_MAX {
                ignored = true;
                continue;
            }
            if !progress.has(word) {
                progress.0.push(' ');
                progress.0.push_str(word);
                count += 1;
            }
        }
        (progress, ignored)
    }

    /// Each entry as a storage item: `(key, value)`. A task's value is
    /// `1`; a guess is one key per experiment whose value is the number
    /// (empty: seen without one), so a new guess replaces the old.
    pub fn items(&self) -> impl Iterator<Item = (String, String)> + '_ {
        // Char patterns only: a `&str` pattern's searcher would cost every page its code.
        self.entries().map(|entry| {
            let guess =
                entry.split_once('/').and_then(|(experiment, task)| Some((experiment, task.strip_prefix(GUESS)?)));
            match guess {
                Some((experiment, digits)) => (format!("{ITEM_PREFIX}{experiment}/{GUESS}"), digits.to_owned()),
                None => (format!("{ITEM_PREFIX}{entry}"), "1".to_owned()),
            }
        })
    }

    /// Reads items back (`key` with its prefix, `value`); others' keys are
    /// passed over. Whether part of them was ignored, as `decode_counting`.
    pub fn from_items(items: impl IntoIterator<Item = (String, String)>) -> (Self, bool) {
        let entries: Vec<String> = items
            .into_iter()
            .filter_map(|(key, value)| {
                let entry = key.strip_prefix(ITEM_PREFIX)?;
                Some(if entry.strip_suffix(GUESS).is_some() { format!("{entry}{value}") } else { entry.to_owned() })
            })
            .collect();
        Self::from_entries(entries.iter().map(String::as_str))
    }

    /// What to write when this lab's progress went from `before` to
    /// `after`: the items to set, and the keys to remove (a learner's
    /// clear). Items another lab or tab wrote are never touched.
    pub fn changes(before: &Progress, after: &Progress) -> (Vec<(String, String)>, Vec<String>) {
        let old: Vec<(String, String)> = before.items().collect();
        let new: Vec<(String, String)> = after.items().collect();
        let set = new.iter().filter(|item| !old.contains(item)).cloned().collect();
        let removed = old.into_iter().map(|(key, _)| key).filter(|key| !new.iter().any(|(k, _)| k == key)).collect();
        (set, removed)
    }

    fn has(&self, entry: &str) -> bool {
        self.entries().any(|e| e == entry)
    }

    /// The completed tasks as `done=` writes them (`a/b,c/d`), no guesses.
    pub fn task_list(&self) -> String {
        self.entries()
            .filter(|e| !e.split_once('/').is_some_and(|(_, task)| task.starts_with(GUESS)))
            .collect::<Vec<_>>()
            .join(",")
    }

    pub fn encode(&self) -> String {
        format!("{FORMAT}{}", self.0)
    }

    fn entries(&self) -> std::str::SplitAsciiWhitespace<'_> {
        self.0.split_ascii_whitespace()
    }

    pub fn contains(&self, experiment: &str, task: &str) -> bool {
        self.entries().any(|e| e.strip_prefix(experiment).and_then(|r| r.strip_prefix('/')) == Some(task))
    }

    /// Records a completed task; returns whether it is new.
    pub fn insert(&mut self, experiment: &str, task: &str) -> bool {
        let new = !self.contains(experiment, task);
        if new {
            self.0.push_str(&format!(" {experiment}/{task}"));
        }
        new
    }

    /// Adds every entry of `other` (another lab on the page saved since).
    pub fn merge(&mut self, other: &Progress) {
        for entry in other.entries() {
            if let Some((experiment, task)) = entry.split_once('/') {
                self.insert(experiment, task);
            }
        }
    }

    /// The learner's prediction on an experiment: `Some(None)` when they
    /// chose to see the answer without guessing.
    pub fn guess(&self, experiment: &str) -> Option<Option<u64>> {
        self.entries()
            .find_map(|e| e.strip_prefix(experiment)?.strip_prefix('/')?.strip_prefix(GUESS))
            .map(|digits| digits.parse().ok())
    }

    /// Keeps a prediction (replacing an earlier one); `None`: seen without a guess.
    pub fn set_guess(&mut self, experiment: &str, guess: Option<u64>) {
        let prefix = format!("{experiment}/{GUESS}");
        self.remove_prefixed(&prefix);
        self.0.push_str(&format!(" {prefix}{}", guess.map(|g| g.to_string()).unwrap_or_default()));
    }

    /// Forgets one experiment's tasks (the "clear my progress" button).
    pub fn clear(&mut self, experiment: &str) {
        self.remove_prefixed(&format!("{experiment}/"));
        self.remove_prefixed(&format!("{experiment}."));
    }

    /// Drops every entry that starts with `prefix`.
    fn remove_prefixed(&mut self, prefix: &str) {
        self.0 = self.entries().filter(|e| !e.starts_with(prefix)).map(|e| format!(" {e}")).collect();
    }
}

/// A prediction's entry: `experiment/guess=N` (`guess=`: seen without one).
const GUESS: &str = "guess=";

fn is_guess(text: &str) -> bool {
    text.strip_prefix(GUESS).is_some_and(|digits| digits.len() <= 15 && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Where a guess is kept: an experiment's code, or its code and a
/// question's (`capacity.drain`); a code has no `.`, so none is another's.
fn is_question(text: &str) -> bool {
    let (experiment, question) = text.split_once('.').unwrap_or((text, "x"));
    is_code(experiment) && is_code(question)
}

/// A code as the registry writes them: lower-case letters, digits and `-`.
fn is_code(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// One task, its texts in both languages beside its check:
/// `task!("code", |p: &Params, _: &Shared, s: &State| check, es: [goal, hint, why], en: [...])`.
macro_rules! task {
    ($code:literal, witness: $witness:literal, $done:expr, es: [$eg:literal, $eh:literal, $ew:literal $(,)?], en: [$ng:literal, $nh:literal, $nw:literal $(,)?] $(,)?) => {
        $crate::tasks::Task {
            code: $code,
            #[cfg(not(target_arch = "wasm32"))]
            witness: $witness,
            text: |lang| {
                lang.pick(
                    $crate::tasks::TaskText { goal: $eg, hint: $eh, why: $ew },
                    $crate::tasks::TaskText { goal: $ng, hint: $nh, why: $nw },
                )
            },
            done: $done,
        }
    };
}
pub(crate) use task;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_reads_nothing_from_other_formats() {
        let mut progress = Progress::default();
        assert!(progress.insert("retries", "fix-and-retry"));
        assert!(!progress.insert("retries", "fix-and-retry"));
        progress.insert("dlq", "redrive");
        assert!(!progress.contains("dl", "redrive") && !progress.contains("dlq", "redriv"));
        let text = progress.encode();
        assert_eq!(text, "v1 retries/fix-and-retry dlq/redrive");
        assert_eq!(Progress::decode("v1 a/b a/b  c/d").encode(), "v1 a/b c/d");
        assert_eq!(Progress::decode(&text), progress);
        assert!(Progress::decode(&text).contains("dlq", "redrive"));
        for other in ["", "v2 dlq/redrive", "dlq/redrive", "{\"a\":1}"] {
            assert_eq!(Progress::decode(other), Progress::default(), "{other:?}");
        }
        progress.clear("retries");
        assert_eq!(progress.encode(), "v1 dlq/redrive");
    }

    /// Two labs (or two tabs) write only their own changes, each entry
    /// its own item: what one adds and the other adds at the same instant
    /// both stay; a clear removes only the cleared experiment's keys.
    #[test]
    fn each_entry_is_an_item_and_a_save_writes_only_its_changes() {
        let p = |text: &str| Progress::decode(&format!("v1 {text}"));
        let mut store: Vec<(String, String)> = Vec::new();
        let mut write = |before: &Progress, after: &Progress| {
            let (set, removed) = Progress::changes(before, after);
            store.retain(|(k, _)| !removed.contains(k) && !set.iter().any(|(s, _)| s == k));
            store.extend(set);
            Progress::from_items(store.clone()).0
        };
        // Tab A and tab B both read nothing, then each completes a task.
        write(&p(""), &p("retries/a"));
        let both = write(&p(""), &p("retries/b"));
        assert_eq!(both, p("retries/a retries/b"), "no read-modify-write: nothing lost");
        // A guess is one item per experiment: a new one replaces the old.
        let guessed = write(&both, &p("retries/a retries/b storm/guess=120"));
        let again = write(&guessed, &p("retries/a retries/b storm/guess=90"));
        assert_eq!(again.guess("storm"), Some(Some(90)));
        assert_eq!(Progress::changes(&guessed, &again).0.len(), 1);
        // A clear of one experiment keeps the others' items.
        let mut cleared = again.clone();
        cleared.clear("retries");
        assert_eq!(write(&again, &cleared).encode(), "v1 storm/guess=90");
        // Others' keys and junk are passed over (junk is said to be ignored).
        let (read, ignored) = Progress::from_items([
            ("other-app".to_owned(), "x".to_owned()),
            (format!("{ITEM_PREFIX}dlq/redrive"), "1".to_owned()),
            (format!("{ITEM_PREFIX}<img>"), "1".to_owned()),
            (format!("{ITEM_PREFIX}storm/guess="), "".to_owned()),
        ]);
        assert!(ignored && read.contains("dlq", "redrive") && read.guess("storm") == Some(None));
        assert_eq!(Progress::from_items(read.items()), (read, false), "items round-trip");
    }

    /// A huge or hostile stored value is read in one bounded pass, its junk
    /// ignored (and said to be), its real entries kept.
    #[test]
    fn a_huge_stored_value_is_read_bounded_and_linear() {
        let mut huge = String::from("v1 retries/fix-and-retry");
        for i in 0..100_000 {
            huge.push_str(&format!(" x{i}/t{i}"));
        }
        huge.push_str(" <img/src=x> dlq/redrive");
        let (progress, ignored) = Progress::decode_counting(&huge);
        assert!(ignored);
        assert!(progress.contains("retries", "fix-and-retry"));
        assert_eq!(progress.entries().count(), ENTRIES_MAX);
        assert!(!progress.contains("dlq", "redrive"), "past the bound");
        let (clean, ignored) = Progress::decode_counting("v1 a/b c/d");
        assert!(!ignored && clean.contains("c", "d"));
        assert!(Progress::decode_counting("{junk").1, "another format is said to be ignored");
        assert!(!Progress::decode_counting("").1, "nothing stored is nothing ignored");
    }

    /// A prediction is kept with the progress, one per experiment, and
    /// read back; a malformed one is ignored like any junk.
    #[test]
    fn a_prediction_is_kept_with_the_progress() {
        let mut progress = Progress::decode("v1 storm/storm-jitter");
        assert_eq!(progress.guess("storm"), None);
        progress.set_guess("storm", Some(100));
        progress.set_guess("storm", Some(120));
        progress.set_guess("visibility", None);
        let text = progress.encode();
        assert_eq!(text, "v1 storm/storm-jitter storm/guess=120 visibility/guess=");
        let read = Progress::decode(&text);
        assert_eq!(
            (read.guess("storm"), read.guess("visibility"), read.guess("ack")),
            (Some(Some(120)), Some(None), None)
        );
        assert!(read.contains("storm", "storm-jitter") && !read.contains("storm", "guess"));
        let (junk, ignored) = Progress::decode_counting("v1 storm/guess=12x storm/guess=9999999999999999");
        assert!(ignored && junk.guess("storm").is_none());
    }

    #[test]
    fn the_filter_shows_what_the_author_named() {
        assert!(TaskFilter::All.shows("a"));
        assert!(!TaskFilter::Off.shows("a"));
        let only = TaskFilter::Only(vec!["a"]);
        assert!(only.shows("a") && !only.shows("b"));
        assert_eq!(only.encode().as_deref(), Some("a"));
        assert_eq!(TaskFilter::All.encode(), None);
    }
}
