//! The consumer-group experiment's strings, in Spanish and English.

use crate::i18n::Lang;

/// What a crash did by the instant shown: events read twice, and never
/// processed (`None` where the group commits after processing).
pub type Consequence = (u32, Option<u32>);

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (consumers, partitions).
    pub insight: fn(u32, usize) -> String,
    /// After the crash, at the instant shown: (when, who died, each moved
    /// partition «P → heir from offset», (events read twice by now, and
    /// never processed by now where the group commits first)).
    pub crashed: fn(u32, u32, &str, Consequence) -> String,
    /// A moved partition: (partition, heir, the offset it resumes from).
    pub moved: fn(u32, u32, u32) -> String,
    /// The lake sink at the instant: (its consumers, events behind, seconds
    /// it still needs at its pace).
    pub sink_behind: fn(u32, u64, u64) -> String,
    pub preset_sink_behind: &'static str,
    /// A partition left with no consumer (the group's last one died).
    pub orphaned: fn(u32) -> String,
    /// Before the crash: (who dies, when).
    pub crash_ahead: fn(u32, u32) -> String,
    /// A consumer with no partition died: the rebalance moves none.
    pub crash_idle: fn(u32, u32) -> String,
    /// The scene's moments: the group reading, a consumer's death and the
    /// rebalance, each group done.
    pub moment_start: fn(u32, usize) -> String,
    pub moment_crash: fn(u32, &str) -> String,
    pub moment_done: fn(&str) -> String,
    pub slow_first: fn(u32, u32, u32, u64) -> String,
    pub moment_unblocked: fn(u32) -> String,
    /// A partition's new owner, marked on the figure: (the one who died).
    pub took_over_from: fn(u32) -> String,
    pub partitions: &'static str,
    pub events: &'static str,
    pub consumers: &'static str,
    pub second_consumers: &'static str,
    pub batch: &'static str,
    pub commit: &'static str,
    pub commit_labels: &'static [&'static str],
    pub crash_consumer: &'static str,
    pub crash_s: &'static str,
    pub slow_s: &'static str,
    pub at_s: &'static str,
    pub reading: &'static str,
    pub idle: &'static str,
    pub processed: &'static str,
    pub rereads: &'static str,
    pub gaps: &'static str,
    pub indexer_lag: &'static str,
    pub sink_lag: &'static str,
    pub indexer: &'static str,
    pub sink: &'static str,
    pub partition_n: fn(u32) -> String,
    pub owner_n: fn(u32) -> String,
    pub no_owner: &'static str,
    pub empty: &'static str,
    pub legend: &'static str,
    /// The live consumers with no partition at the instant («13, 14»), under the partitions.
    pub idle_row: fn(&str) -> String,
    pub head_of_line: &'static str,
    pub preset_lesson: &'static str,
    pub preset_idle: &'static str,
    pub preset_exercise_3: &'static str,
    pub preset_kill: &'static str,
    pub preset_commit_first: &'static str,
    pub preset_auto: &'static str,
    pub preset_head_of_line: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Grupos y offsets",
    heading: "Grupos de consumidores, offsets y rebalanceo",
    intro: "Dentro del grupo, una partición tiene un único lector, que procesa un evento por segundo; el grupo confirma (commit) hasta dónde procesó. Si un consumidor se cae, el rebalanceo entrega sus particiones a otro, que sigue desde el último offset confirmado: lo procesado y no confirmado se vuelve a leer. El sink al lake es otro grupo, con sus propios offsets.",
    insight: |consumers, partitions| if consumers as usize > partitions {
        format!("Consumidores: {consumers}, particiones: {partitions}. Cada partición la lee uno solo del grupo; sin nada que leer: {}.", consumers as usize - partitions)
    } else {
        format!("Consumidores: {consumers}, particiones: {partitions}. Cada partición la lee uno solo del grupo, desde su último offset confirmado.")
    },
    partitions: "Particiones",
    events: "Eventos en el tópico",
    consumers: "Consumidores del indexador",
    second_consumers: "Consumidores del sink al lake (0: sin él)",
    batch: "Eventos por poll",
    commit: "Commit",
    commit_labels: &["después de procesar el lote", "antes de procesar el lote", "automático cada 5 s"],
    crash_consumer: "Se cae el consumidor n.º (0 o fuera del grupo: ninguno)",
    crash_s: "Caída a los",
    slow_s: "El primer evento tarda (head-of-line)",
    at_s: "Instante",
    reading: "Consumidores con partición",
    idle: "Sin partición",
    processed: "Procesados (con repetidos)",
    rereads: "Leídos otra vez",
    gaps: "Nunca procesados",
    indexer_lag: "Lag del indexador",
    sink_lag: "Lag del sink al lake",
    indexer: "indexador",
    sink: "sink al lake",
    partition_n: |p| format!("Partición {p}"),
    owner_n: |c| format!("consumidor {c}"),
    no_owner: "sin consumidor",
    empty: "vacía",
    idle_row: |idle| format!("Sin partición, esperando: {} {idle}.", if idle.contains(',') { "consumidores" } else { "consumidor" }),
    legend: "▲ offset confirmado del indexador · △ del sink al lake · azul: procesado · ×2: procesado dos veces · borde rojo punteado: confirmado sin procesar",
    crashed: |at, dead, moved, (rereads, gaps)| {
        let twice = if rereads == 1 { "1 evento se leyó dos veces".to_owned() } else { format!("{rereads} eventos se leyeron dos veces") };
        let never = match gaps {
            None => String::new(),
            Some(1) => " y 1 quedó sin procesar".to_owned(),
            Some(n) => format!(" y {n} quedaron sin procesar"),
        };
        format!(" A los {at} s muere el consumidor {dead} y el grupo se rebalancea: {moved}. Hasta este instante, {twice}{never}.")
    },
    moved: |p, heir, from| format!("la partición {p} pasa al consumidor {heir}, que sigue desde el offset {from}"),
    orphaned: |p| format!("la partición {p} queda sin nadie que la lea"),
    // Caught up or not, one shape and about one length: the caption keeps
    // its lines, and the chart under it its place, as the sink catches up.
    sink_behind: |consumers, behind, s| {
        format!(
            " El sink al lake, otro grupo con {consumers} {}, {}.",
            if consumers == 1 { "consumidor" } else { "consumidores" },
            match behind {
                0 => "ya no va atrás: leyó todos los eventos del tópico".to_owned(),
                _ => format!(
                    "va {behind} {} atrás: a su ritmo le falta{} {s} s",
                    if behind == 1 { "evento" } else { "eventos" },
                    if s == 1 { "" } else { "n" }
                ),
            }
        )
    },
    preset_sink_behind: "El sink al lake, un minuto atrás",
    crash_ahead: |dead, at| format!(" El consumidor {dead} muere a los {at} s: mueve el instante más allá para ver el rebalanceo."),
    crash_idle: |dead, at| format!(" El consumidor {dead} muere a los {at} s sin partición que leer: el rebalanceo no mueve ninguna."),
    moment_start: |consumers, parts| format!("Consumidores: {consumers}, particiones: {parts}. Cada partición se lee desde su offset confirmado."),
    moment_crash: |dead, moved| format!("Muere el consumidor {dead}: el grupo se rebalancea y {moved}."),
    moment_done: |group| format!("El {group} ha leído todo el tópico."),
    slow_first: |part, slow, behind, next| {
        let who = if behind == 1 { "el que viene detrás no se lee".to_owned() } else { format!("ninguno de los {behind} que vienen detrás se lee") };
        format!(" El evento 0 de la partición {part} tarda {slow} s: {who} antes de los {next} s.")
    },
    moment_unblocked: |part| format!("Termina el evento lento: la partición {part} sigue con el offset 1."),
    took_over_from: |dead| format!("(antes del {dead})"),
    head_of_line: "Mientras el primer evento se procesa, lo que viene detrás en su partición espera, y también las otras particiones de su consumidor: un consumidor avanza su offset, no confirma mensaje por mensaje. Por eso 50 trabajos de OCR por segundo van a una cola y no a un stream.",
    preset_lesson: "A los 3 s: el indexador en el offset 3, el sink en el 1",
    preset_idle: "12 particiones y 13 consumidores",
    preset_exercise_3: "Ejercicio 3: 20 consumidores, 12 particiones",
    preset_kill: "Se cae un consumidor (commit después): relecturas",
    preset_commit_first: "Commit antes de procesar: huecos",
    preset_auto: "Auto-commit cada 5 s y una caída",
    preset_head_of_line: "Un evento lento bloquea su partición",
};

pub static EN: Strings = Strings {
    experiment: "Groups and offsets",
    heading: "Consumer groups, offsets and rebalance",
    intro: "Each partition is read by one consumer of the group, one event a second; the group commits how far it has processed. If a consumer dies, the rebalance hands its partitions to another, which resumes from the last committed offset: what was processed and not committed is read again. The lake sink is another group, with offsets of its own.",
    insight: |consumers, partitions| if consumers as usize > partitions {
        format!("Consumers: {consumers}, partitions: {partitions}. Each partition is read by one member of the group; with nothing to read: {}.", consumers as usize - partitions)
    } else {
        format!("Consumers: {consumers}, partitions: {partitions}. Each partition is read by one member of the group, from its last committed offset.")
    },
    partitions: "Partitions",
    events: "Events in the topic",
    consumers: "Indexer consumers",
    second_consumers: "Lake sink consumers (0: none)",
    batch: "Events per poll",
    commit: "Commit",
    commit_labels: &["after processing the batch", "before processing the batch", "automatic every 5 s"],
    crash_consumer: "Consumer that crashes (0 or past the group: none)",
    crash_s: "Crash at",
    slow_s: "The first event takes (head-of-line)",
    at_s: "Instant",
    reading: "Consumers with a partition",
    idle: "Without a partition",
    processed: "Processed (with repeats)",
    rereads: "Read again",
    gaps: "Never processed",
    indexer_lag: "Indexer lag",
    sink_lag: "Lake sink lag",
    indexer: "indexer",
    sink: "lake sink",
    partition_n: |p| format!("Partition {p}"),
    owner_n: |c| format!("consumer {c}"),
    no_owner: "no consumer",
    empty: "empty",
    idle_row: |idle| format!("No partition, waiting: {} {idle}.", if idle.contains(',') { "consumers" } else { "consumer" }),
    legend: "▲ the indexer's committed offset · △ the lake sink's · blue: processed · ×2: processed twice · red dashed border: committed, not processed",
    crashed: |at, dead, moved, (rereads, gaps)| {
        let twice = if rereads == 1 { "1 event has been read twice".to_owned() } else { format!("{rereads} events have been read twice") };
        let never = gaps.map_or_else(String::new, |n| format!(" and {n} never processed"));
        format!(" At {at} s consumer {dead} dies and the group rebalances: {moved}. By this instant, {twice}{never}.")
    },
    moved: |p, heir, from| format!("partition {p} goes to consumer {heir}, which resumes from offset {from}"),
    orphaned: |p| format!("partition {p} is left with no one to read it"),
    sink_behind: |consumers, behind, s| {
        format!(
            " The lake sink, another group with {consumers} {}, {}.",
            if consumers == 1 { "consumer" } else { "consumers" },
            match behind {
                0 => "is no longer behind: it has read it all".to_owned(),
                _ => format!("is {behind} {} behind: {s} s more at its pace", if behind == 1 { "event" } else { "events" }),
            }
        )
    },
    preset_sink_behind: "The lake sink, a minute behind",
    crash_ahead: |dead, at| format!(" Consumer {dead} dies at {at} s: move the instant past it to see the rebalance."),
    crash_idle: |dead, at| format!(" Consumer {dead} dies at {at} s with no partition to read: the rebalance moves none."),
    moment_start: |consumers, parts| format!("Consumers: {consumers}, partitions: {parts}. Each partition is read from its committed offset."),
    moment_crash: |dead, moved| format!("Consumer {dead} dies: the group rebalances and {moved}."),
    moment_done: |group| format!("The {group} has read the whole topic."),
    slow_first: |part, slow, behind, next| {
        let who = if behind == 1 { "the one behind it is not read".to_owned() } else { format!("none of the {behind} behind it is read") };
        format!(" Event 0 of partition {part} takes {slow} s: {who} before {next} s.")
    },
    moment_unblocked: |part| format!("The slow event ends: partition {part} goes on with offset 1."),
    took_over_from: |dead| format!("(was {dead}'s)"),
    head_of_line: "While the first event is processed, whatever comes after it in its partition waits, and so do its consumer's other partitions: a consumer advances its offset, it does not acknowledge message by message. That is why 50 OCR jobs a second go to a queue, not a stream.",
    preset_lesson: "At 3 s: the indexer at offset 3, the sink at 1",
    preset_idle: "12 partitions, 13 consumers",
    preset_exercise_3: "Exercise 3: 20 consumers, 12 partitions",
    preset_kill: "A consumer dies (commit after): re-reads",
    preset_commit_first: "Commit before processing: gaps",
    preset_auto: "Auto-commit every 5 s and a crash",
    preset_head_of_line: "A slow event blocks its partition",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
