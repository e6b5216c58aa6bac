//! Lesson 001: where the idempotent consumer writes its record of processed
//! ids — in the effect's transaction, after the effect, or before it — with
//! lesson 004's loop and its crash; and two copies of one message processed
//! at once, with or without a unique constraint on the id (the core's
//! `dedup_record` model).

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::dedup_record::{Consumer, DedupRecordRow, DedupRecordRun, OneMessage, Placement};
use retry_lab_core::{Probability, RngKind};

use crate::params::{int, probability, ratio, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Dedup;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub messages: u32,
    pub crash: Probability,
    pub rng: RngKind,
    pub unique_constraint: bool,
    /// The one message drawn in the figure: where its id is recorded and
    /// where its consumer dies.
    pub consumer: Consumer,
    /// The step its consumer never runs on the first delivery (past the
    /// last step: no crash).
    pub crash_before: u8,
}

impl Default for Params {
    /// Lesson 004's loop: 1,000 messages, 5 %, CPython's generator (seed 7
    /// is the lab's shared default); no unique constraint on the id. The
    /// figure's message: lesson 001's code and its power cut after the
    /// commit, before the ack.
    fn default() -> Self {
        Self {
            messages: 1_000,
            crash: Probability::from_ppm(50_000).unwrap_or(Probability::ZERO),
            rng: RngKind::Python,
            unique_constraint: false,
            consumer: Consumer::Recorded(Placement::SameTransaction),
            crash_before: 4,
        }
    }
}

/// The longest consumer's steps: `seq_crash` at this is "no crash" for every one.
pub const CRASH_BEFORE_MAX: u64 = 6;

impl Params {
    /// Past the consumer's last step is no crash (the core's rule).
    pub fn one_message(&self) -> OneMessage {
        OneMessage::run(self.consumer, Some(usize::from(self.crash_before)))
    }

    pub fn rows(&self, shared: &Shared) -> [DedupRecordRow; 3] {
        DedupRecordRun { messages: self.messages, crash: self.crash, seed: shared.seed, rng: self.rng }.rows()
    }
}

#[derive(Clone)]
pub struct State {
    pub rows: [DedupRecordRow; 3],
    pub one: OneMessage,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 6] = [
    ParamSpec::keyed(
        "seq_consumer",
        Domain::Choice {
            codes: &["ack-first", "ack-after", "same-tx", "effect-first", "record-first"],
            labels: |l| &s(l).consumers,
        },
        |l| s(l).consumer,
        |p| Value::Int(Consumer::ALL.iter().position(|x| *x == p.consumer).unwrap_or(0) as u64),
        |p, v| {
            p.consumer =
                Consumer::ALL.get(int(&v) as usize).copied().unwrap_or(Consumer::Recorded(Placement::SameTransaction))
        },
    ),
    ParamSpec::keyed(
        "seq_crash",
        Domain::int(0, CRASH_BEFORE_MAX, ""),
        |l| s(l).crash_point,
        |p| Value::Int(p.crash_before.into()),
        |p, v| p.crash_before = int(&v) as u8,
    ),
    ParamSpec::keyed(
        "tx_messages",
        Domain::int(1, 100_000, ""),
        |l| s(l).messages,
        |p| Value::Int(p.messages.into()),
        |p, v| p.messages = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "tx_crash",
        Domain::Ratio { step_percent: 1, max_ppm: 990_000 },
        |l| s(l).crash,
        |p| probability(p.crash),
        |p, v| p.crash = ratio(&v),
    ),
    ParamSpec::keyed(
        "tx_rng",
        Domain::Choice { codes: &["python", "pcg"], labels: |l| s(l).rng_labels },
        |l| s(l).rng,
        |p| Value::Int(u64::from(p.rng == RngKind::Pcg)),
        |p, v| p.rng = if int(&v) == 1 { RngKind::Pcg } else { RngKind::Python },
    ),
    ParamSpec::keyed(
        "unique",
        Domain::Choice { codes: &["off", "on"], labels: |l| s(l).unique_labels },
        |l| s(l).unique,
        |p| Value::Int(p.unique_constraint.into()),
        |p, v| p.unique_constraint = int(&v) == 1,
    ),
];

static PRESETS: [Preset; 2] = [
    Preset {
        code: "dedup-record",
        label: |l| s(l).preset_record,
        values: &[("seed", "7")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "unique-constraint",
        label: |l| s(l).preset_unique,
        values: &[("seed", "7"), ("unique", "on")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// The text's own case: the consumer dies after the commit, before the ack.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick(
            "¿cuántos efectos deja este mensaje en la base de datos?",
            "how many effects does this message leave in the database?",
        )
    },
    unit: "",
    counted: false,
    answer: |_: &Params, _, s: &State| Some(s.one.effects.into()),
    why: |lang| {
        lang.pick("Cuenta las filas de negocio con commit: una caída deshace lo que no lo tuvo, la cola entrega otra vez lo que no recibió su ack, y la consulta descarta la copia solo si el id ya tuvo commit.", "Count the committed business rows: a crash undoes what was not committed, the queue delivers again what it got no ack for, and the check discards the copy only if the id was committed.")
    },
};

/// What this run did with a placement, as `Strings::verdicts` index: lost
/// messages (gaps), more effects than messages (duplicates), exactly once
/// (the transaction), or once with no guarantee. The run's outcome (with no
/// crash no placement duplicates: the column said «duplicados» beside 0),
/// but never «exactamente una vez» for an order outside the transaction:
/// there it only means no crash fell between the effect and the id.
pub fn verdict(row: &DedupRecordRow, messages: u32) -> usize {
    if row.lost > 0 {
        2
    } else if row.effects > u64::from(messages) {
        1
    } else if row.placement == Placement::SameTransaction {
        0
    } else {
        3
    }
}

impl crate::unit::Spec for Dedup {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "dedup";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["seq_consumer", "seq_crash"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    const LADDER: Option<&'static crate::ladder::Ladder<Params>> = Some(&LADDER);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(p: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        // Deliveries / effects / discarded / lost, per placement (Placement::ALL's order).
        use crate::number::Number;
        let row = |r: &retry_lab_core::dedup_record::DedupRecordRow| {
            Number::List([r.deliveries, r.effects, r.discarded, u64::from(r.lost)].map(Number::count).to_vec(), " / ")
        };
        vec![
            ("same_transaction", row(&state.rows[0])),
            ("effect_then_record", row(&state.rows[1])),
            ("record_then_effect", row(&state.rows[2])),
            ("one_message_effects", Number::count(state.one.effects)),
            (
                "two_copies_at_once_effects",
                Number::count(retry_lab_core::dedup_record::concurrent_copies(p.unique_constraint).effects),
            ),
        ]
    }
}

impl crate::unit::Computed for Dedup {
    fn state(params: &Params, shared: &Shared) -> State {
        State { rows: params.rows(shared), one: params.one_message() }
    }
}

/// Across seeds (where the crashes fall) and the crash share: what each
/// place of the id's record repeats or loses of the same messages.
static LADDER: crate::ladder::Ladder<Params> = crate::ladder::Ladder {
    outcomes: &[
        crate::ladder::outcome!("effect_then_record_repeated", "", es: "Efectos repetidos (efecto, luego registro)", en: "Repeated effects (effect, then record)"),
        crate::ladder::outcome!("record_then_effect_lost", "", es: "Mensajes perdidos (registro, luego efecto)", en: "Messages lost (record, then effect)"),
        crate::ladder::outcome!("same_transaction_wrong", "", es: "Repetidos o perdidos (misma transacción)", en: "Repeated or lost (same transaction)"),
    ],
    axes: &[crate::ladder::SweepAxis { key: "tx_crash", from: "0", to: "0.5", lesson: None }],
    measure: |params, shared| {
        let messages = u64::from(params.messages);
        // Effects beyond one per message that took effect.
        let repeated = |r: &DedupRecordRow| r.effects.saturating_sub(messages - u64::from(r.lost));
        let [same, effect_first, record_first] = params.rows(shared);
        let outcomes = vec![
            repeated(&effect_first) as f64,
            f64::from(record_first.lost),
            (repeated(&same) + u64::from(same.lost)) as f64,
        ];
        crate::ladder::Measure { outcomes, end_ms: None }
    },
    work: |params, shared| {
        DedupRecordRun { messages: params.messages, crash: params.crash, seed: shared.seed, rng: params.rng }
            .attempts_bound()
    },
    size: "tx_messages",
    work_unit: crate::ladder::attempts,
    compare: None,
};

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 3] = [
    crate::tasks::task!("dedup-one-duplicate", witness: "exp=dedup&seq_consumer=ack-after&seq_crash=2", |_: &Params, _: &Shared, s: &State| s.one.effects == 2,
        es: ["Mueve el registro y la caída hasta que este mensaje tenga dos efectos.",
            "Elige «al menos una vez: ack después del efecto» en «El consumidor» y mueve «Dónde cae el consumidor» hasta justo antes del ack.",
            "El efecto ya tuvo commit y nada lo recuerda: la nueva entrega lo procesa otra vez. Con el id en la misma transacción que el efecto, la nueva entrega se descarta."],
        en: ["Move the record and the crash until this message has two effects.",
            "Choose “at least once: ack after the effect” in “The consumer” and move “Where the consumer crashes” to just before the ack.",
            "The effect was committed and nothing remembers it: the new delivery processes it again. With the id in the effect's transaction, the new delivery is discarded."]),
    crate::tasks::task!("dedup-record-first", witness: "exp=dedup&tx_crash=0.2", |p: &Params, _: &Shared, s: &State| {
            p.crash.ppm() >= 200_000 && s.rows[2].lost > 0 && s.rows[0].lost == 0 && s.rows[0].effects == u64::from(p.messages)
        },
        es: ["Sube la probabilidad de caída al 20 % o más y encuentra el orden que pierde mensajes.",
            "Mira la columna de perdidos de cada fila.",
            "Guardar el id antes del efecto y caerse entre los dos deja el id sin efecto: el reintento lo descarta y el efecto no ocurre nunca. Guardarlo después repite efectos; en la misma transacción, ni pierde ni repite."],
        en: ["Raise the crash probability to 20 % or more and find the order that loses messages.",
            "Look at each row's lost column.",
            "Recording the id before the effect and crashing between the two leaves an id without its effect: the retry discards it and the effect never happens. Recording it after repeats effects; in the same transaction, nothing is lost or repeated."]),
    crate::tasks::task!("dedup-unique", witness: "exp=dedup&unique=on", |p: &Params, _: &Shared, _: &State| p.unique_constraint,
        es: ["Haz que dos copias del mismo mensaje procesadas a la vez den un solo efecto.",
            "Activa la restricción de unicidad sobre el id.",
            "Las dos copias consultan «¿ya lo procesé?» antes de que ninguna escriba, y las dos responden que no. La restricción de unicidad en la base de datos hace que la segunda escritura falle: un efecto."],
        en: ["Make two copies of the same message processed at once give one effect.",
            "Turn on the unique constraint on the id.",
            "Both copies ask “did I process it?” before either writes, and both hear no. A unique constraint in the database makes the second write fail: one effect."]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_lessons_three_rows() {
        let rows = Params::default().rows(&Shared::default());
        let tuples = rows.map(|r| (r.deliveries, r.effects, r.discarded, r.lost));
        assert_eq!(tuples, [(1_060, 1_000, 60, 0), (1_060, 1_060, 0, 0), (1_060, 942, 60, 58)]);
        assert_eq!(rows.each_ref().map(|r| verdict(r, 1_000)), [0, 1, 2], "the lesson's three verdicts");
    }

    /// With no crash no placement duplicates or loses, and its row says so;
    /// only the transaction is «exactamente una vez» (the lesson's point), the
    /// others once in this run, with no guarantee.
    #[test]
    fn without_crashes_only_the_transaction_is_exactly_once() {
        let p = Params { crash: Probability::ZERO, ..Params::default() };
        assert_eq!(p.rows(&Shared::default()).each_ref().map(|r| verdict(r, p.messages)), [0, 3, 3]);
        let words = |lang| p.rows(&Shared::default()).map(|r| s(lang).verdicts[verdict(&r, p.messages)]);
        assert_eq!(words(crate::i18n::Lang::Es)[1], "una vez en esta corrida, sin garantía");
    }
}
