//! Lesson 000's polling mode: the consumer reads a log of numbered events in
//! batches and saves its cursor after each one; it loses the cursor after
//! batch k (and reads everything again) or crashes after processing batch k,
//! before saving (and reads that batch again). Naive and idempotent
//! consumers side by side on the same reads (the core's `polling` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::engine::ConsumerMode;
use retry_lab_core::polling::{CursorFault, PollingReport, PollingRun};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Cursor;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    None,
    Lost,
    CrashBeforeSave,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub events: u32,
    pub batch: u32,
    pub fault: Fault,
    /// The batch (from 1) after which the fault happens.
    pub fault_batch: u32,
}

impl Default for Params {
    /// Lesson 000's case: 100 events, batches of 10, the cursor lost after 5.
    fn default() -> Self {
        Self { events: 100, batch: 10, fault: Fault::Lost, fault_batch: 5 }
    }
}

impl Params {
    pub fn run(&self, consumer: ConsumerMode) -> PollingReport {
        let fault = match self.fault {
            Fault::None => None,
            Fault::Lost => Some(CursorFault::LostAfter(self.fault_batch)),
            Fault::CrashBeforeSave => Some(CursorFault::CrashBeforeSave(self.fault_batch)),
        };
        PollingRun { events: self.events, batch: self.batch, fault, consumer }.run()
    }
}

/// The same reads through both consumers.
#[derive(Clone)]
pub struct State {
    pub naive: std::rc::Rc<PollingReport>,
    pub idempotent: std::rc::Rc<PollingReport>,
}

const FAULTS: [Fault; 3] = [Fault::None, Fault::Lost, Fault::CrashBeforeSave];

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 4] = [
    ParamSpec::keyed(
        "log_events",
        Domain::int(1, 1_000, ""),
        |l| s(l).events,
        |p| Value::Int(p.events.into()),
        |p, v| p.events = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "batch",
        Domain::int(1, 1_000, ""),
        |l| s(l).batch,
        |p| Value::Int(p.batch.into()),
        |p, v| p.batch = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "fault",
        Domain::Choice { codes: &["none", "lost", "crash-before-save"], labels: |l| s(l).fault_labels },
        |l| s(l).fault,
        |p| Value::Int(FAULTS.iter().position(|f| *f == p.fault).unwrap_or(0) as u64),
        |p, v| p.fault = FAULTS[int(&v) as usize % FAULTS.len()],
    ),
    ParamSpec::keyed(
        "fault_batch",
        Domain::int(1, 1_000, ""),
        |l| s(l).fault_batch,
        |p| Value::Int(p.fault_batch.into()),
        |p, v| p.fault_batch = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 2] = [
    Preset { code: "cursor-lost", label: |l| s(l).preset_lost, values: &[], versions: (1, crate::unit::LINK_VERSION) },
    Preset {
        code: "cursor-crash",
        label: |l| s(l).preset_crash,
        values: &[("fault", "crash-before-save")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

impl crate::unit::Spec for Cursor {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "cursor";
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn timeline(_: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        Some(timeline(state, lang))
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        vec![
            ("reads", crate::number::Number::count(state.naive.reads)),
            ("effects_naive", crate::number::Number::count(state.naive.effects)),
            ("effects_idempotent", crate::number::Number::count(state.idempotent.effects)),
            ("discarded_idempotent", crate::number::Number::count(state.idempotent.duplicates_discarded)),
        ]
    }
}

/// The scene's clock: a batch a second, as many as the figure draws.
pub const BATCH_MS: u64 = 1_000;
pub const ROWS_SHOWN: usize = 40;

/// The scene: the reading, the cursor lost (or not saved), the first batch
/// read again, the cursor at the end; on the idempotent consumer's reads,
/// which the figure draws (the naive one reads the same).
fn timeline(st: &State, lang: crate::i18n::Lang) -> crate::scene::Timeline {
    use crate::scene::{Moment, Timeline};
    let t = s(lang);
    let report = &st.idempotent;
    let shown = report.batches.len().min(ROWS_SHOWN);
    let at = |i: usize| i as u64 * BATCH_MS;
    let mut moments = vec![Moment { at_ms: 0, text: t.moment_start.to_owned() }];
    for (i, b) in report.batches.iter().take(shown).enumerate() {
        if b.cursor_lost {
            moments.push(Moment { at_ms: at(i + 1), text: (t.moment_lost)(i + 1) });
        } else if b.saved_cursor.is_none() {
            moments.push(Moment { at_ms: at(i + 1), text: (t.moment_not_saved)(i + 1) });
        }
    }
    if let Some(i) = report.batches.iter().take(shown).position(|b| b.repeats > 0) {
        moments.push(Moment { at_ms: at(i), text: (t.moment_reread)(i + 1, report.batches[i].repeats) });
    }
    let done = (t.moment_done)(report.cursor, st.naive.effects, report.effects);
    moments.push(Moment { at_ms: at(shown), text: done });
    Timeline::new(at(shown), moments)
}

impl crate::unit::Computed for Cursor {
    fn state(params: &Params, _: &Shared) -> State {
        State {
            naive: std::rc::Rc::new(params.run(ConsumerMode::Naive)),
            idempotent: std::rc::Rc::new(params.run(ConsumerMode::Idempotent)),
        }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("cursor-crash", witness: "exp=cursor&fault=crash-before-save", |p: &Params, _: &Shared, s: &State| {
            p.fault == Fault::CrashBeforeSave && s.naive.effects > s.idempotent.effects
        },
        es: ["Haz que el consumidor se caiga después de procesar un lote y antes de guardar su cursor.",
            "Elige el fallo «se cae antes de guardar».",
            "Al volver lee desde el último cursor guardado: el lote que ya procesó llega otra vez. El no idempotente lo aplica dos veces; el idempotente reconoce los ids. Es at-least-once dentro del propio consumidor."],
        en: ["Make the consumer crash after processing a batch and before saving its cursor.",
            "Pick the fault “crashes before saving”.",
            "Back up, it reads from the last saved cursor: the batch it already processed comes again. The naive consumer applies it twice; the idempotent one knows the ids. At-least-once, inside the consumer itself."]),
    crate::tasks::task!("cursor-late-loss", witness: "exp=cursor&fault_batch=8", |p: &Params, _: &Shared, s: &State| {
            p.fault == Fault::Lost && s.naive.effects >= u64::from(p.events) + 80
        },
        es: ["Pierde el cursor tan tarde que el consumidor no idempotente repita al menos 80 efectos.",
            "Con lotes de 10, pierde el cursor después del lote 8 o más tarde.",
            "Perder el cursor después del lote N vuelve a leer N lotes desde el principio: el costo crece con lo ya procesado. El idempotente descarta todos esos repetidos, pero igual los lee."],
        en: ["Lose the cursor so late that the naive consumer repeats at least 80 effects.",
            "With batches of 10, lose the cursor after batch 8 or later.",
            "Losing the cursor after batch N reads N batches again from the start: the cost grows with what was already processed. The idempotent consumer discards all those repeats, but still reads them."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    fn preset(code: &str) -> Params {
        link::preset_params(&PRESETS, code).cursor
    }

    #[test]
    fn the_presets_give_lesson_000s_numbers() {
        let lost = preset("cursor-lost");
        let (naive, idem) = (lost.run(ConsumerMode::Naive), lost.run(ConsumerMode::Idempotent));
        assert_eq!((naive.reads, naive.effects), (150, 150));
        assert_eq!((idem.effects, idem.duplicates_discarded), (100, 50));
        let crash = preset("cursor-crash").run(ConsumerMode::Idempotent);
        assert_eq!((crash.reads, crash.effects, crash.duplicates_discarded), (110, 100, 10));
    }

    /// The figure's caption says what happened: a lost cursor, a crash
    /// before the save, or (the faulty batch past the log's ten) nothing
    /// read twice, never «lost 0 times and read again».
    #[test]
    fn the_caption_says_which_fault_happened() {
        let caption = |p: &Params| {
            let (naive, idem) = (p.run(ConsumerMode::Naive), p.run(ConsumerMode::Idempotent));
            (strings::strings(crate::i18n::Lang::Es).insight)(naive.effects, idem.effects, idem.cursor_resets)
        };
        assert!(caption(&preset("cursor-lost")).starts_with("El cursor se perdió una vez"));
        assert!(caption(&preset("cursor-crash")).starts_with("El consumidor se cayó antes de guardar el cursor"));
        let never = caption(&Params { fault_batch: 1_000, ..Params::default() });
        assert!(never.starts_with("Nada se leyó dos veces"), "{never}");
    }
}

#[cfg(test)]
mod scene_tests {
    use super::*;
    use crate::unit::{Computed, Spec};

    /// Lesson 000's case (100 events, batches of 10, the cursor lost after
    /// batch 5) as a scene: the loss after 5 s, batch 6 reading 10 events
    /// again at 5 s, the cursor at 100 after the last batch, 15 s.
    #[test]
    fn the_scene_loses_the_cursor_and_reads_again() {
        let p = Params::default();
        let st = Cursor::state(&p, &Shared::default());
        let timeline = Cursor::timeline(&p, &Shared::default(), &st, crate::i18n::Lang::En).expect("a scene");
        let at: Vec<u64> = timeline.moments.iter().map(|m| m.at_ms).collect();
        assert_eq!(at, [0, 5_000, 5_000, 15_000]);
        assert_eq!(timeline.end_ms, 15_000);
        assert!(timeline.moments[1].text.starts_with("After batch 5 the cursor is lost"));
        assert!(
            timeline.moments[2].text.starts_with("Batch 6 reads 10 events read before"),
            "{}",
            timeline.moments[2].text
        );
        assert!(
            timeline.moments[3].text.contains("150 effects without idempotency, 100 with it"),
            "{}",
            timeline.moments[3].text
        );
    }
}
