//! The fraud counter's strings (exercise 10), in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (payments, sinks whose counter is exact).
    pub insight: fn(u32, usize) -> String,
    pub payments: &'static str,
    pub processed: &'static str,
    pub reads_label: &'static str,
    pub consumer_a: &'static str,
    pub consumer_b: &'static str,
    pub payment_n: fn(u32) -> String,
    pub col_sink: &'static str,
    pub col_writes: &'static str,
    pub col_counter: &'static str,
    pub col_verdict: &'static str,
    pub sinks: [&'static str; 4],
    pub writes: [&'static str; 4],
    pub exact: &'static str,
    pub duplicates: fn(u32) -> String,
    pub gaps: fn(u32) -> String,
    pub state_heading: &'static str,
    pub state_note: &'static str,
    pub preset_exercise: &'static str,
    pub preset_late: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Contador de fraude",
    heading: "Ejercicio 10: pagos por tarjeta por hora",
    intro: "Un sink cuenta los pagos de una tarjeta en la ventana de una hora. El consumidor A procesa algunos y se cae antes del commit; B hereda la partición y vuelve a leer desde el último offset confirmado. La misma ejecución, con cuatro sinks.",
    // All 4 right only when A left nothing processed without a commit (it
    // died before reading, or after its batch's commit): nothing is re-read.
    insight: |payments, exact| match exact {
        4 => format!("{payments} {} y nada que releer tras la caída: A no dejó nada procesado sin commit, y las 4 formas de escribir dejan el contador en {payments}.", if payments == 1 { "pago" } else { "pagos" }),
        _ => format!("{payments} pagos, releídos tras la caída: solo {exact} de las 4 formas de escribir dejan el contador en {payments}."),
    },
    payments: "Pagos de la tarjeta en la hora",
    processed: "A procesa antes de caerse",
    reads_label: "Quién procesó cada pago",
    consumer_a: "A",
    consumer_b: "B",
    payment_n: |n| format!("Pago {n}"),
    col_sink: "Sink",
    col_writes: "Qué escribe",
    col_counter: "Contador",
    col_verdict: "Frente a los pagos reales",
    sinks: ["Suma 1", "Upsert", "Dedup por id", "Commit antes"],
    writes: [
        "«súmale 1» por evento",
        "«el total de la ventana es N», por tarjeta y ventana",
        "«súmale 1» y el id del evento, en la misma transacción",
        "«súmale 1», pero el offset se confirma antes de procesar",
    ],
    exact: "exacto",
    duplicates: |n| format!("{n} de más ({})", if n == 1 { "un repetido" } else { "repetidos" }),
    gaps: |n| format!("{n} de menos ({})", if n == 1 { "un hueco" } else { "huecos" }),
    state_heading: "Estado deseado frente a incremento",
    state_note: "Escribir el estado deseado se puede repetir sin cambiar el resultado; un incremento no. Así, «IP X: bloqueada hasta T» en vez de «bloquea la IP X» (Confiabilidad a escala), y «el total de la ventana es 7» en vez de «súmale 1» (Colas y streams).",
    preset_exercise: "Ejercicio 10: 6 pagos, A procesa 3",
    preset_late: "A procesa 5 de 6 antes de caerse",
};

pub static EN: Strings = Strings {
    experiment: "Fraud counter",
    heading: "Exercise 10: payments per card per hour",
    intro: "A sink counts a card's payments in a one-hour window. Consumer A processes some and dies before committing; B inherits the partition and reads again from the last committed offset. The same run, through four sinks.",
    insight: |payments, exact| match exact {
        4 => format!("{payments} {} and nothing to read again after the crash: A left nothing processed without a commit, and all 4 ways of writing leave the counter at {payments}.", if payments == 1 { "payment" } else { "payments" }),
        _ => format!("{payments} payments, read again after the crash: only {exact} of the 4 ways of writing leave the counter at {payments}."),
    },
    payments: "The card's payments in the hour",
    processed: "A processes before dying",
    reads_label: "Who processed each payment",
    consumer_a: "A",
    consumer_b: "B",
    payment_n: |n| format!("Payment {n}"),
    col_sink: "Sink",
    col_writes: "What it writes",
    col_counter: "Counter",
    col_verdict: "Against the real payments",
    sinks: ["Add 1", "Upsert", "Dedup by id", "Commit first"],
    writes: [
        "“add 1” per event",
        "“the window's total is N”, per card and window",
        "“add 1” and the event's id, in one transaction",
        "“add 1”, but the offset is committed before the work",
    ],
    exact: "exact",
    duplicates: |n| format!("{n} too many ({})", if n == 1 { "a duplicate" } else { "duplicates" }),
    gaps: |n| format!("{n} too few ({})", if n == 1 { "a gap" } else { "gaps" }),
    state_heading: "Desired state against increment",
    state_note: "Writing the desired state can be repeated without changing the result; an increment cannot. Hence “IP X is blocked until T” rather than “block IP X” (Reliability at scale), and “the window's total is 7” rather than “add 1” (Queues and streams).",
    preset_exercise: "Exercise 10: 6 payments, A processes 3",
    preset_late: "A processes 5 of 6 before dying",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
