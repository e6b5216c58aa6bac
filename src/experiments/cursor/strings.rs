//! The cursor experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (effects without idempotency, with it, cursor resets).
    pub insight: fn(u64, u64, u32) -> String,
    pub convention: &'static str,
    pub events: &'static str,
    pub batch: &'static str,
    pub fault: &'static str,
    pub fault_labels: &'static [&'static str],
    pub fault_batch: &'static str,
    pub col_naive: &'static str,
    pub col_idempotent: &'static str,
    pub reads: &'static str,
    pub effects: &'static str,
    pub discarded: &'static str,
    pub log_label: &'static str,
    pub batch_row: fn(usize, u32, u32, &str) -> String,
    pub saved: fn(u32) -> String,
    pub not_saved: &'static str,
    pub reset: &'static str,
    pub legend_first: &'static str,
    pub legend_reread: &'static str,
    pub legend_cursor: &'static str,
    pub rows_more: fn(usize) -> String,
    /// The scene's moments: the reading starts; after batch n the cursor is
    /// lost, or batch n is processed and its cursor not saved; batch n reads
    /// events again (its repeats); the cursor at the end (naive, idempotent
    /// effects).
    pub moment_start: &'static str,
    pub moment_lost: fn(usize) -> String,
    pub moment_not_saved: fn(usize) -> String,
    pub moment_reread: fn(usize, u32) -> String,
    pub moment_done: fn(u32, u64, u64) -> String,
    pub preset_lost: &'static str,
    pub preset_crash: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "El cursor",
    heading: "Un consumidor que lee un log con su propio cursor",
    intro: "En modo polling el consumidor pide eventos por lotes y guarda su cursor después de cada lote. Si pierde el cursor vuelve a empezar y lee otra vez todo lo que ya había procesado; si se cae después de procesar un lote y antes de guardar el cursor, lee otra vez solo ese lote. El consumidor no idempotente repite los efectos; el idempotente descarta los repetidos.",
    insight: |naive, idem, resets| {
        let same = naive == idem;
        let (naive, idem) = (crate::format::int(naive), crate::format::int(idem));
        match resets {
            _ if same => format!("Nada se leyó dos veces (el fallo no llega a ocurrir): {idem} efectos, con idempotencia o sin ella."),
            0 => format!("El consumidor se cayó antes de guardar el cursor y releyó ese lote: sin idempotencia aplica {naive} efectos; con ella, {idem}."),
            1 => format!("El cursor se perdió una vez y el consumidor releyó lo ya leído: sin idempotencia aplica {naive} efectos; con ella, {idem}."),
            _ => format!("El cursor se perdió {resets} veces y el consumidor releyó lo ya leído: sin idempotencia aplica {naive} efectos; con ella, {idem}."),
        }
    },
    convention: "Aquí el cursor es el siguiente número a leer (el offset de «Colas y streams»). «At-least-once es la realidad» lo define como el seq hasta donde el consumidor ya procesó: ese número menos uno.",
    events: "Eventos en el log",
    batch: "Tamaño del lote",
    fault: "Fallo",
    fault_labels: &["ninguna", "pierde el cursor después del lote", "se cae antes de guardar el cursor del lote"],
    fault_batch: "Lote del fallo",
    col_naive: "No idempotente",
    col_idempotent: "Idempotente",
    reads: "Lecturas",
    effects: "Efectos",
    discarded: "Repetidos descartados",
    log_label: "Un lote por fila sobre el log de eventos: lo leído por primera vez, lo leído otra vez y el cursor guardado.",
    batch_row: |n, from, to, end| format!("lote {n}: eventos {from} a {to}, {end}"),
    saved: |c| format!("cursor guardado en {c}"),
    not_saved: "se cayó sin guardar el cursor",
    reset: "cursor perdido: vuelve a 0",
    legend_first: "leído por primera vez",
    legend_reread: "leído otra vez",
    legend_cursor: "cursor guardado",
    rows_more: |n| format!("y {n} lotes más."),
    moment_start: "El consumidor lee un lote por segundo y guarda el cursor después de cada uno.",
    moment_lost: |n| format!("Tras el lote {n} se pierde el cursor: el siguiente lote empieza en 0."),
    moment_not_saved: |n| format!("El lote {n} se procesó, pero el consumidor se cae antes de guardar el cursor: se lee otra vez."),
    moment_reread: |n, repeats| format!("El lote {n} lee {repeats} eventos ya leídos: el consumidor idempotente los descarta, el que no lo es los aplica otra vez."),
    moment_done: |cursor, naive, idem| format!("El cursor llega a {cursor}: {} efectos sin idempotencia, {} con ella.", crate::format::int(naive), crate::format::int(idem)),
    preset_lost: "Pierde el cursor después de 5 lotes",
    preset_crash: "Se cae antes de guardar el cursor del lote 5",
};

pub static EN: Strings = Strings {
    experiment: "The cursor",
    heading: "A consumer reading a log with a cursor of its own",
    intro: "In polling mode the consumer asks for events in batches and saves its cursor after each batch. If it loses the cursor it starts over and reads again everything it had processed; if it crashes after processing a batch and before saving the cursor, it reads that batch again, and only that one. The naive consumer repeats the effects; the idempotent one discards the repeats.",
    insight: |naive, idem, resets| {
        let same = naive == idem;
        let (naive, idem) = (crate::format::int(naive), crate::format::int(idem));
        match resets {
            _ if same => format!("Nothing was read twice (the fault never comes): {idem} effects, with idempotency or without."),
            0 => format!("The consumer crashed before saving the cursor and read that batch again: without idempotency it applies {naive} effects; with it, {idem}."),
            1 => format!("The cursor was lost once and the consumer read again what it had read: without idempotency it applies {naive} effects; with it, {idem}."),
            _ => format!("The cursor was lost {resets} times and the consumer read again what it had read: without idempotency it applies {naive} effects; with it, {idem}."),
        }
    },
    convention: "Here the cursor is the next number to read (the offset of “Queues and streams”). “At-least-once is reality” defines it as the seq up to which the consumer has processed: that number minus one.",
    events: "Events in the log",
    batch: "Batch size",
    fault: "Fault",
    fault_labels: &["none", "loses the cursor after the batch", "crashes before saving the batch's cursor"],
    fault_batch: "Batch of the fault",
    col_naive: "Naive",
    col_idempotent: "Idempotent",
    reads: "Reads",
    effects: "Effects",
    discarded: "Repeats discarded",
    log_label: "One batch per row over the event log: what was read for the first time, what was read again, and the cursor saved.",
    batch_row: |n, from, to, end| format!("batch {n}: events {from} to {to}, {end}"),
    saved: |c| format!("cursor saved at {c}"),
    not_saved: "crashed without saving the cursor",
    reset: "cursor lost: back to 0",
    legend_first: "read for the first time",
    legend_reread: "read again",
    legend_cursor: "cursor saved",
    rows_more: |n| format!("and {n} more batches."),
    moment_start: "The consumer reads a batch a second and saves its cursor after each.",
    moment_lost: |n| format!("After batch {n} the cursor is lost: the next batch starts at 0."),
    moment_not_saved: |n| format!("Batch {n} was processed, but the consumer dies before saving the cursor: it is read again."),
    moment_reread: |n, repeats| format!("Batch {n} reads {repeats} events read before: the idempotent consumer discards them, the naive one applies them again."),
    moment_done: |cursor, naive, idem| format!("The cursor reaches {cursor}: {naive} effects without idempotency, {idem} with it."),
    preset_lost: "Loses the cursor after 5 batches",
    preset_crash: "Crashes before saving batch 5's cursor",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
