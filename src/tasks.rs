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
    pub text: fn(Lang) -> TaskText,
    /// Whether the experiment, as it is now, shows what the task asks for.
    pub done: fn(&P, &Shared, &S) -> bool,
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

/// The tasks a learner completed in this browser, as `experiment/task`
/// words (kept as the stored text itself: a set type would cost the page
/// more than these few lines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress(String);

/// The localStorage key; its value starts with the format's version.
pub const STORAGE_KEY: &str = "retry-lab.tasks";
const FORMAT: &str = "v1";

impl Progress {
    /// Reads a stored value; anything else than a v1 list (another
    /// version, a hand-edited value) is no progress, never an error.
    pub fn decode(stored: &str) -> Self {
        let mut words = stored.split_ascii_whitespace();
        if words.next() != Some(FORMAT) {
            return Self::default();
        }
        let mut progress = Self::default();
        for word in words.filter(|w| w.contains('/')) {
            if !progress.entries().any(|e| e == word) {
                progress.0.push(' ');
                progress.0.push_str(word);
            }
        }
        progress
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

    /// Forgets one experiment's tasks (the "clear my progress" button).
    pub fn clear(&mut self, experiment: &str) {
        let prefix = format!("{experiment}/");
        self.0 = self.entries().filter(|e| !e.starts_with(&prefix)).map(|e| format!(" {e}")).collect();
    }
}

/// One task, its texts in both languages beside its check:
/// `task!("code", |p: &Params, _: &Shared, s: &State| check, es: [goal, hint, why], en: [...])`.
macro_rules! task {
    ($code:literal, $done:expr, es: [$eg:literal, $eh:literal, $ew:literal $(,)?], en: [$ng:literal, $nh:literal, $nw:literal $(,)?] $(,)?) => {
        $crate::tasks::Task {
            code: $code,
            text: |lang| match lang {
                $crate::i18n::Lang::Es => $crate::tasks::TaskText { goal: $eg, hint: $eh, why: $ew },
                $crate::i18n::Lang::En => $crate::tasks::TaskText { goal: $ng, hint: $nh, why: $nw },
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
