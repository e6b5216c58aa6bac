//! How a lab starts: what a link (or an embed's `data-` attributes) asked
//! for, decoded by `link.rs`, read by `LabState::new`.

use crate::i18n::Lang;
use crate::registry::{Experiment, LabParams};
use crate::unit::Locks;

#[derive(Clone, Debug, PartialEq)]
pub struct LabInit {
    pub lang: Lang,
    pub params: LabParams,
    /// The preset the parameters are, when the link named one and nothing
    /// else (or nothing at all: the lesson's).
    pub preset: Option<crate::unit::Scenario>,
    pub experiment: Experiment,
    /// The open experiment's simulated clock (`at=`), for experiments with one.
    pub clock_ms: u64,
    pub locked: Locks,
    /// Show only this experiment (no tabs).
    pub only: Option<Experiment>,
    /// Compact view without page chrome (`?embed=1`).
    pub compact: bool,
    /// The lab owns the whole page: it may listen for keys on the document
    /// and keep the address bar in step with its state.
    pub standalone: bool,
    /// What the link asked for that could not be honoured.
    pub notices: Vec<Notice>,
    /// Where share links point (the standalone page of this lab).
    pub share_base: String,
    /// The page prerendered the lab's header (title, subtitle, intro): the
    /// lab keeps it, in the learner's language, instead of rendering its own.
    pub prerendered_header: bool,
    /// The link belongs to another lesson group's page: its directory.
    pub elsewhere: Option<&'static str>,
    /// A theme the host page forces (`theme=`); none: the system's.
    pub theme: Option<Theme>,
    /// Opened in the projector view (`view=projector`).
    pub projector: bool,
    /// Which guided tasks the lab shows (`tasks=`).
    pub tasks: crate::tasks::TaskFilter,
    /// The tasks this browser completed before (localStorage), if it could
    /// be read; or, when the host keeps the progress, those it recorded.
    pub progress: crate::tasks::Progress,
    /// The link carried `done=`: the host (an LMS) keeps this learner's
    /// progress, and the browser's storage is neither read nor written.
    pub host_progress: bool,
    /// `host=off`: no message to the embedding page.
    pub host_off: bool,
    /// Whether the browser keeps progress (storage readable).
    pub storage: bool,
    /// Part of the stored progress could not be read and was ignored.
    pub progress_ignored: bool,
}

/// Light or dark, when the page that embeds the lab forces one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub fn code(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

impl Default for LabInit {
    fn default() -> Self {
        Self {
            lang: Lang::default(),
            params: LabParams::default(),
            preset: Experiment::default().default_preset(),
            experiment: Experiment::default(),
            clock_ms: 0,
            locked: Locks::default(),
            only: None,
            compact: false,
            standalone: true,
            notices: Vec::new(),
            share_base: String::new(),
            prerendered_header: false,
            elsewhere: None,
            theme: None,
            projector: false,
            tasks: crate::tasks::TaskFilter::All,
            progress: crate::tasks::Progress::default(),
            host_progress: false,
            storage: false,
            progress_ignored: false,
            host_off: false,
        }
    }
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
    Invalid {
        expected: String,
    },
    /// Out of range; the value used instead.
    Clamped {
        used: String,
    },
    UnsupportedVersion,
    TooManyParameters,
    /// `host=` neither `on` nor `off`, or given twice: off (a privacy
    /// switch fails closed).
    HostOff,
    /// A code of another page's, in a link that also names this page's
    /// (or that a page passed on already): not followed.
    OtherPage {
        dir: &'static str,
    },
}
