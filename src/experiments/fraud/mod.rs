//! Lesson 004's exercise 10, the fraud counter: a sink counts a card's
//! payments in one hour; consumer A processes some of them and dies before
//! committing, B inherits the partition and reads again from the last
//! committed offset. The same run through four sinks: add 1, write the
//! window's total (upsert), add 1 discarding stored event ids, and commit
//! before processing. The core's `consumer_group` simulates it.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::consumer_group::{exercise_10_run, Commit, Read, SinkKind};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Fraud;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub payments: u32,
    /// Payments A processes before it dies (at most all of them).
    pub processed: u32,
}

impl Default for Params {
    /// Exercise 10: 6 payments, A processes 3.
    fn default() -> Self {
        Self { payments: 6, processed: 3 }
    }
}

/// The four sinks, in the order the panel shows them.
pub const SINKS: [(Commit, SinkKind); 4] = [
    (Commit::AfterBatch, SinkKind::Add),
    (Commit::AfterBatch, SinkKind::Upsert),
    (Commit::AfterBatch, SinkKind::Dedup),
    (Commit::BeforeBatch, SinkKind::Add),
];

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Each sink's counter.
    pub counters: [u32; 4],
    /// Who read which payment, when (commit after the work).
    pub reads: Vec<Read>,
}

impl Params {
    pub fn state(&self) -> State {
        // More processed than payments is all of them (the exercise's
        // words); the page's ranges lie within the core's (tests), so a
        // refusal is a bug, shown as one. The reads shown are the first
        // sink's (commit after the work).
        let runs = SINKS.map(|(commit, sink)| {
            let Ok(run) = exercise_10_run(self.payments, self.processed, commit, sink) else {
                panic!("the page's ranges lie within the core's")
            };
            run
        });
        State {
            counters: runs.each_ref().map(|run| run.counters.first().copied().unwrap_or(0)),
            reads: runs[0].reads.clone(),
        }
    }
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 2] = [
    ParamSpec::keyed(
        "payments",
        Domain::int(1, 50, ""),
        |l| s(l).payments,
        |p| Value::Int(p.payments.into()),
        |p, v| p.payments = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "processed",
        Domain::int(0, 50, ""),
        |l| s(l).processed,
        |p| Value::Int(p.processed.into()),
        |p, v| p.processed = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 2] = [
    Preset {
        code: "exercise-10",
        label: |l| s(l).preset_exercise,
        values: &[],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "exercise-10-late",
        label: |l| s(l).preset_late,
        values: &[("processed", "5")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// Exercise 10's question: what the adding counter shows.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿cuánto marca el contador que suma 1 por pago?",
            "what does the counter that adds 1 per payment show?",
        )
    },
    unit: "",
    counted: false,
    answer: |_: &Params, _, s: &State| Some(s.counters[0].into()),
    why: |lang| {
        lang.pick(
            "B relee desde el último offset confirmado: los pagos que A procesó sin commit se suman otra vez.",
            "B reads again from the last committed offset: the payments A processed without a commit are added again.",
        )
    },
};

impl crate::unit::Spec for Fraud {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "fraud";
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        ["add", "upsert", "dedup", "commit_first"]
            .into_iter()
            .zip(state.counters)
            .map(|(k, n)| (k, crate::number::Number::count(n)))
            .collect()
    }
}

impl crate::unit::Computed for Fraud {
    fn state(params: &Params, _: &Shared) -> State {
        params.state()
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("fraud-late", witness: "preset=exercise-10-late", |p: &Params, _: &Shared, s: &State| {
            p.processed >= 5 && s.counters[0] == p.payments + p.processed && s.counters[1] == p.payments
        },
        es: ["Haz que el consumidor caído alcance a procesar 5 pagos o más antes de morir. ¿Cuánto marca el contador que suma?",
            "Sube «A procesa antes de caerse».",
            "Cada pago procesado sin commit se relee y se suma otra vez: con 5, el contador marca 11 para 6 pagos. Escribir el valor de la ventana (upsert) o descartar por id deja 6, se relea lo que se relea."],
        en: ["Let the dead consumer process 5 payments or more before it dies. What does the adding counter show?",
            "Raise “A processes before dying”.",
            "Each payment processed without a commit is read again and added again: with 5, the counter shows 11 for 6 payments. Writing the window's value (upsert) or discarding by id leaves 6, however much is re-read."]),
    // Right when A left nothing processed without a commit: dead before
    // reading (0), or after its batch's commit (all of them).
    crate::tasks::task!("fraud-lucky", witness: "exp=fraud&processed=0", |p: &Params, _: &Shared, s: &State| s.counters[0] == p.payments,
        es: ["Encuentra el caso en que el contador que suma da bien.",
            "¿Y si el consumidor muere justo después de su último commit?",
            "Si no quedó nada procesado sin confirmar, no hay nada que releer y el contador cuadra. El error aparece solo cuando la caída cae en el momento justo: por eso pasa las pruebas y falla en producción."],
        en: ["Find the case where the adding counter is right.",
            "What if the consumer dies right after its last commit?",
            "With nothing processed but uncommitted, nothing is re-read and the counter adds up. The bug shows only when the crash falls at the wrong moment: that is why it passes the tests and fails in production."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    #[test]
    fn exercise_10_nine_six_six_and_fewer() {
        let state = link::preset_params(&PRESETS, "exercise-10").fraud.state();
        assert_eq!(state.counters, [9, 6, 6, 3], "add, upsert, dedup, commit first");
        let by = |c: u32| state.reads.iter().filter(|r| r.consumer == c).count();
        assert_eq!((by(0), by(1)), (3, 6), "A processed 3, B re-read all 6");
        let late = link::preset_params(&PRESETS, "exercise-10-late").fraud.state();
        assert_eq!(late.counters, [11, 6, 6, 5]);
        // More processed than payments is all of them: nothing to re-read after the fact.
        assert_eq!(Params { payments: 2, processed: 9 }.state().counters, [2, 2, 2, 2]);
    }

    /// Where nothing is re-read (A died before reading, or after its
    /// batch's commit) the caption does not say «releídos» nor «solo 4 de
    /// las 4», and the task «find the case where it is right» counts it.
    #[test]
    fn nothing_re_read_is_said_so_and_counts_for_the_task() {
        use crate::i18n::Lang;
        for processed in [0, 6, 9] {
            let p = Params { payments: 6, processed };
            let state = p.state();
            assert_eq!(state.counters, [6, 6, 6, 6], "A processed {processed}");
            let said = (strings::strings(Lang::Es).insight)(6, 4);
            assert!(said.starts_with("6 pagos y nada que releer") && !said.contains("solo 4"), "{said}");
            assert!((TASKS[1].done)(&p, &Shared::default(), &state), "A processed {processed}");
        }
        assert!(!(TASKS[1].done)(&Params::default(), &Shared::default(), &Params::default().state()));
        assert!((strings::strings(Lang::Es).insight)(1, 4).starts_with("1 pago y"));
        // The verdicts in the lesson's words («repetidos», never «duplicados»), one in the singular.
        let es = strings::strings(Lang::Es);
        assert_eq!(((es.gaps)(1), (es.duplicates)(3)), ("1 de menos (un hueco)".into(), "3 de más (repetidos)".into()));
        assert_eq!((strings::strings(Lang::En).duplicates)(1), "1 too many (a duplicate)");
    }
}
