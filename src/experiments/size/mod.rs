//! «Colas y streams»' message-size limits and the claim check: a file
//! sent through the broker against each broker's limit, or its address in
//! the object store instead. The core's `message_size`; no randomness.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::message_size::Sizing;

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Size;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub payload_kib: u64,
    pub claim_check: bool,
    pub per_day: u64,
}

impl Default for Params {
    /// A 10 MiB photo through the queue, C01's 10 million a day.
    fn default() -> Self {
        Self { payload_kib: 10_240, claim_check: false, per_day: 10_000_000 }
    }
}

impl Params {
    pub fn sizing(&self) -> Sizing {
        Sizing { payload_bytes: self.payload_kib * 1_024, claim_check: self.claim_check, per_day: self.per_day }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub sizing: Sizing,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 3] = [
    ParamSpec::keyed(
        "payload_kib",
        Domain::int(1, 102_400, "KiB"),
        |l| s(l).payload,
        |p| Value::Int(p.payload_kib),
        |p, v| p.payload_kib = int(&v),
    ),
    ParamSpec::keyed(
        "claim_check",
        Domain::Choice { codes: &["off", "on"], labels: |l| s(l).claim_labels },
        |l| s(l).claim,
        |p| Value::Int(p.claim_check.into()),
        |p, v| p.claim_check = int(&v) == 1,
    ),
    ParamSpec::keyed(
        "per_day",
        Domain::int(1, 1_000_000_000, ""),
        |l| s(l).per_day,
        |p| Value::Int(p.per_day),
        |p, v| p.per_day = int(&v),
    ),
];

static PRESETS: [Preset; 3] = [
    Preset { code: "photo-10mb", label: |l| s(l).preset_photo, values: &[], versions: (3, crate::unit::LINK_VERSION) },
    Preset {
        code: "claim-check",
        label: |l| s(l).preset_claim,
        values: &[("claim_check", "on")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "pdf-300kib",
        label: |l| s(l).preset_pdf,
        values: &[("payload_kib", "300")],
        versions: (3, crate::unit::LINK_VERSION),
    },
];

impl crate::unit::Spec for Size {
    /// Still: a message's size against a broker's limit: nothing happens in time.
    const TIMELESS: bool = true;
    type Params = Params;
    type State = State;
    const CODE: &'static str = "size";
    /// Beside the figure: the file's size and the claim check.
    const PRIMARY: &'static [&'static str] = &["payload_kib", "claim_check"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, st: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let [sqs, sqs_before, kafka] =
            st.sizing.accepted().map(|ok| Number::Text(if ok { "accepted" } else { "refused" }.to_owned()));
        vec![
            ("message_bytes", Number::Int(st.sizing.message_bytes(), "B")),
            ("sqs", sqs),
            ("sqs_before_august_2025", sqs_before),
            ("kafka", kafka),
            ("bytes_per_day", Number::Int(st.sizing.bytes_per_day(), "B")),
        ]
    }
}

impl crate::unit::Computed for Size {
    fn state(params: &Params, _: &Shared) -> State {
        State { sizing: params.sizing() }
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("size-claim-check", witness: "exp=size&claim_check=on", |p: &Params, _: &Shared, s: &State| p.payload_kib >= 10_240 && s.sizing.accepted() == [true; 3],
        es: ["Haz que la foto de unos 10 MB quepa en los tres límites sin achicarla.",
            "Usa el claim check.",
            "El archivo va al almacén y el mensaje lleva solo su dirección: 45 bytes en vez de 10 MiB, lo mismo en cualquier broker."],
        en: ["Get the 10 MiB photo under all three limits without shrinking it.",
            "Use the claim check.",
            "The file goes to the object store and the message carries only its address: 45 bytes instead of 10 MiB, the same in any broker."]),
    crate::tasks::task!("size-sqs-2025", witness: "exp=size&payload_kib=300", |_: &Params, _: &Shared, s: &State| s.sizing.accepted()[..2] == [true, false],
        es: ["Encuentra un archivo que SQS acepta hoy y que antes de agosto de 2025 rechazaba.",
            "Entre 256 KiB y 1 MiB.",
            "El límite de SQS subió de 256 KiB a 1 MiB en agosto de 2025. Un diseño que dependa del tope del broker se rompe cuando el archivo crece; el claim check no depende de él."],
        en: ["Find a file SQS takes today and refused before August 2025.",
            "Between 256 KiB and 1 MiB.",
            "SQS's limit went from 256 KiB to 1 MiB in August 2025. A design that depends on the broker's cap breaks when the file grows; the claim check does not depend on it."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    #[test]
    fn the_presets_give_the_lessons_numbers() {
        let at = |code| link::preset_params(&PRESETS, code).size.sizing();
        assert_eq!(at("photo-10mb").accepted(), [false; 3]);
        assert_eq!((at("claim-check").message_bytes(), at("claim-check").bytes_per_day()), (45, 450_000_000));
        assert_eq!(at("pdf-300kib").accepted(), [true, false, true]);
    }
}
