#![cfg(not(target_arch = "wasm32"))]
//! A consumer group under random topics, batches and crashes (at least one
//! consumer survives): each partition is read in offset order, restarting
//! only at a committed offset after a rebalance; with commit after the work,
//! every event takes effect at least once, and with an upsert or a dedup
//! sink exactly once in the counter; committing first never repeats an
//! event, only skips.

use proptest::prelude::*;
use retry_lab_core::consumer_group::{invariants, Commit, GroupConfig, GroupRun, SinkKind};

fn configs() -> impl Strategy<Value = GroupConfig> {
    (
        proptest::collection::vec(proptest::collection::vec(0u32..5, 0..30), 1..8),
        2u32..6,
        1u32..10,
        0usize..4,
        0usize..3,
        proptest::collection::vec((0u32..6, 0u64..60), 0..4),
    )
        .prop_map(|(partitions, consumers, batch, commit, sink, crashes)| GroupConfig {
            partitions,
            consumers,
            batch,
            commit: [Commit::AfterBatch, Commit::Every(3), Commit::Every(1), Commit::BeforeBatch][commit],
            sink: [SinkKind::Add, SinkKind::Upsert, SinkKind::Dedup][sink],
            // Consumer 0 never dies: someone is left to read.
            crashes: crashes.into_iter().filter(|(c, _)| *c > 0 && *c < consumers).collect(),
            slow: vec![(0, 2, 7)],
        })
}

fn events_of(cfg: &GroupConfig, key: u32) -> u32 {
    cfg.partitions.iter().flatten().filter(|k| **k == key).count() as u32
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn offsets_in_order_and_each_event_counted_as_promised(cfg in configs()) {
        let run = GroupRun::new(&cfg).unwrap();
        if let Err(violation) = invariants::check(&cfg, &run) {
            prop_assert!(false, "{:?}: {}", cfg, violation);
        }
        for p in 0..cfg.partitions.len() as u32 {
            let reads: Vec<_> = run.reads.iter().filter(|r| r.partition == p).collect();
            for pair in reads.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                // A restart begins at the committed offset: at or before the next
                // offset when commits follow the work, past it (a gap) when they precede it.
                let restart_ok = match cfg.commit {
                    Commit::BeforeBatch => b.offset > a.offset,
                    _ => b.offset <= a.offset + 1,
                };
                prop_assert!(b.offset == a.offset + 1 || (b.resumed && restart_ok), "{:?}: {:?} then {:?}", cfg, a, b);
            }
            if let Some(first) = reads.first() {
                prop_assert!(first.resumed && first.offset == 0);
            }
            let len = cfg.partitions[p as usize].len() as u32;
            let read_all = (0..len).all(|o| reads.iter().any(|r| r.offset == o));
            match cfg.commit {
                Commit::BeforeBatch => {
                    // Never twice: committed first, a read is never repeated.
                    let mut offsets: Vec<u32> = reads.iter().map(|r| r.offset).collect();
                    offsets.dedup();
                    prop_assert_eq!(offsets.len(), reads.len(), "{:?}", cfg);
                }
                _ => prop_assert!(read_all, "{:?}: partition {} not read whole", cfg, p),
            }
        }
        for (key, count) in run.counters.iter().enumerate() {
            let events = events_of(&cfg, key as u32);
            match (cfg.commit, cfg.sink) {
                (Commit::BeforeBatch, _) => prop_assert!(*count <= events),
                (_, SinkKind::Add) => prop_assert!(*count >= events),
                (_, SinkKind::Dedup) => prop_assert_eq!(*count, events),
                // The window's total: the largest place among the key's events in one partition.
                (_, SinkKind::Upsert) => {
                    let most = cfg.partitions.iter().map(|p| p.iter().filter(|k| **k == key as u32).count() as u32).max().unwrap_or(0);
                    prop_assert_eq!(*count, most);
                }
            }
        }
        prop_assert_eq!(run.clone(), GroupRun::new(&cfg).unwrap());
    }
}
