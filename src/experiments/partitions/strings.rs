//! The partitions experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    pub partitions: &'static str,
    pub events: &'static str,
    pub events_hint: &'static str,
    pub resize_to: &'static str,
    pub hashes: [&'static str; 2],
    pub partition_n: fn(u32) -> String,
    pub empty: &'static str,
    pub moves: fn(usize, u32) -> String,
    /// This run's placement: (events, keys, partitions, each key → its
    /// partition under the first hash).
    /// (keys, partitions, where each key lands)
    pub order_note: fn(usize, u32, &str) -> String,
    /// Under the figure (the caption stays short enough that a phone's
    /// largest paint is the page's header).
    pub order_only: &'static str,
    pub arithmetic: fn(&str, &str, u32, u32) -> String,
    pub preset_lesson: &'static str,
    pub preset_resize: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Particiones y llaves",
    heading: "Una llave elige la partición",
    intro: "Cada evento lleva una llave; el hash de la llave módulo el número de particiones da la partición, y el evento se agrega al final de esa partición con el siguiente offset. Dos productores con bibliotecas distintas pueden usar hashes distintos: CRC-32 (el Python de la lección, confluent-kafka) y murmur2 (el cliente de Java). Un hash de 10 con 3 particiones: 10 ÷ 3 = 3, resto 1 → partición 1.",
    partitions: "Particiones",
    events: "Eventos (llave:contenido, separados por coma)",
    events_hint: "Los eventos de una misma llave quedan en orden dentro de su partición; entre particiones no hay orden.",
    resize_to: "Comparar con otro número de particiones (0: no)",
    hashes: ["CRC-32 (Python, confluent-kafka)", "murmur2 (cliente de Java)"],
    partition_n: |p| format!("partición {p}"),
    empty: "vacía",
    // Words in number with their counts: «1 partición», «1 evento» (it said «1 particiones»).
    moves: |n, to| {
        let partitions = if to == 1 { "partición" } else { "particiones" };
        match n {
            1 => format!("Con {to} {partitions} cambia de partición 1 evento (marcado): su llave pierde el orden con lo ya escrito."),
            _ => format!("Con {to} {partitions} cambian de partición {n} eventos (marcados): sus llaves pierden el orden con lo ya escrito."),
        }
    },
    order_note: |keys, partitions, placed| {
        format!("{keys} {} en {partitions} {}: {placed}.", if keys == 1 { "llave" } else { "llaves" }, if partitions == 1 { "partición" } else { "particiones" })
    },
    order_only: "El orden vale solo dentro de cada partición: dos llaves distintas pueden intercalarse.",
    arithmetic: |key, hash, p, r| format!("{key}: {hash} ÷ {p}, resto {r}"),
    preset_lesson: "Los seis eventos con 3 particiones",
    preset_resize: "Ejercicio 9 (b): cambiar las particiones mueve llaves",
};

pub static EN: Strings = Strings {
    experiment: "Partitions and keys",
    heading: "A key picks the partition",
    intro: "Every event carries a key; the key's hash modulo the partition count gives the partition, and the event is appended to its end at the next offset. Two producers with different libraries may use different hashes: CRC-32 (the lesson's Python, confluent-kafka) and murmur2 (the Java client). A hash of 10 with 3 partitions: 10 ÷ 3 = 3, remainder 1 → partition 1.",
    partitions: "Partitions",
    events: "Events (key:payload, comma-separated)",
    events_hint: "A key's events stay in order within its partition; across partitions there is no order.",
    resize_to: "Compare with another partition count (0: none)",
    hashes: ["CRC-32 (Python, confluent-kafka)", "murmur2 (Java client)"],
    partition_n: |p| format!("partition {p}"),
    empty: "empty",
    moves: |n, to| {
        let partitions = if to == 1 { "partition" } else { "partitions" };
        match n {
            1 => format!("With {to} {partitions}, 1 event changes partition (marked): its key loses its order with what was already written."),
            _ => format!("With {to} {partitions}, {n} events change partition (marked): their keys lose their order with what was already written."),
        }
    },
    order_note: |keys, partitions, placed| {
        format!("{keys} {} over {partitions} {}: {placed}.", if keys == 1 { "key" } else { "keys" }, if partitions == 1 { "partition" } else { "partitions" })
    },
    order_only: "Order holds only within each partition: two different keys may interleave.",
    arithmetic: |key, hash, p, r| format!("{key}: {hash} ÷ {p}, remainder {r}"),
    preset_lesson: "The six events with 3 partitions",
    preset_resize: "Exercise 9 (b): changing the partitions moves keys",
};

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
