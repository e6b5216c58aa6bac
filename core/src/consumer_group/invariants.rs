//! The consumer group's invariants as code: one checker per property, each
//! returning a typed violation; the tests corrupt a run and see each fail.

use std::fmt;

use super::{Commit, GroupConfig, GroupRun, SinkKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupViolation {
    /// A partition's reads jumped, or restarted anywhere but at the
    /// committed offset of a new owner.
    OutOfOrder { partition: u32, offset: u32 },
    /// A read by a consumer that did not own the partition then, or a
    /// partition given to a dead consumer.
    NotTheOwner { partition: u32, tick: u64 },
    /// With commits after the work, an event never read.
    Skipped { partition: u32, offset: u32 },
    /// With commits first, an event read twice.
    ReadTwice { partition: u32, offset: u32 },
    /// A sink's count that is not what its kind promises.
    WrongCount { key: u32, count: u32 },
}

impl fmt::Display for GroupViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfOrder { partition, offset } => {
                write!(f, "partition {partition} read out of order at offset {offset}")
            }
            Self::NotTheOwner { partition, tick } => {
                write!(f, "partition {partition} read by a consumer not its owner at tick {tick}")
            }
            Self::Skipped { partition, offset } => {
                write!(f, "partition {partition} offset {offset} never read with commits after the work")
            }
            Self::ReadTwice { partition, offset } => {
                write!(f, "partition {partition} offset {offset} read twice with commits first")
            }
            Self::WrongCount { key, count } => write!(f, "key {key} counted {count}, not what its sink promises"),
        }
    }
}

/// Every check, in order.
pub fn check(cfg: &GroupConfig, run: &GroupRun) -> Result<(), GroupViolation> {
    in_offset_order(cfg, run)?;
    read_by_the_owner(cfg, run)?;
    as_the_commit_promises(cfg, run)?;
    counted_as_the_sink_promises(cfg, run)
}

/// Each partition is read offset after offset; a restart (the first read
/// after an assignment) begins at the offset committed before it.
pub fn in_offset_order(cfg: &GroupConfig, run: &GroupRun) -> Result<(), GroupViolation> {
    for p in 0..cfg.partitions.len() as u32 {
        let mut next: Option<u32> = None;
        for r in run.reads.iter().filter(|r| r.partition == p) {
            let expected =
                if r.resumed { r.tick.checked_sub(1).map_or(0, |t| run.committed_at(p, t)) } else { next.unwrap_or(0) };
            if r.offset != expected {
                return Err(GroupViolation::OutOfOrder { partition: p, offset: r.offset });
            }
            next = Some(r.offset + 1);
        }
    }
    Ok(())
}

/// Every read is by the partition's owner at that tick, and no partition
/// is given to a consumer that has died.
pub fn read_by_the_owner(cfg: &GroupConfig, run: &GroupRun) -> Result<(), GroupViolation> {
    let dead_at = |c: u32| cfg.crashes.iter().filter(|(d, _)| *d == c).map(|(_, at)| *at).min();
    for r in &run.reads {
        if run.owner_at(r.partition, r.tick) != Some(r.consumer) {
            return Err(GroupViolation::NotTheOwner { partition: r.partition, tick: r.tick });
        }
    }
    // The owner a tick ends with (a crash at tick 0 reassigns what the start assigned).
    for &(tick, partition, _) in &run.assignments {
        if run.owner_at(partition, tick).and_then(dead_at).is_some_and(|dead| dead <= tick) {
            return Err(GroupViolation::NotTheOwner { partition, tick });
        }
    }
    Ok(())
}

/// Committing after the work reads every event at least once (someone is
/// left alive); committing first never reads one twice.
pub fn as_the_commit_promises(cfg: &GroupConfig, run: &GroupRun) -> Result<(), GroupViolation> {
    let survivors = (0..cfg.consumers).any(|c| !cfg.crashes.iter().any(|(d, _)| *d == c));
    for (p, events) in cfg.partitions.iter().enumerate() {
        let reads = run.reads_of(p as u32, events.len(), u64::MAX);
        for (offset, n) in reads.iter().enumerate() {
            let (partition, offset) = (p as u32, offset as u32);
            match cfg.commit {
                Commit::BeforeBatch if *n > 1 => return Err(GroupViolation::ReadTwice { partition, offset }),
                Commit::AfterBatch | Commit::Every(_) if *n == 0 && survivors => {
                    return Err(GroupViolation::Skipped { partition, offset })
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Add counts every read; upsert holds each key's window total (the most
/// events of the key in one partition, once read); dedup counts each event
/// read once.
pub fn counted_as_the_sink_promises(cfg: &GroupConfig, run: &GroupRun) -> Result<(), GroupViolation> {
    for (key, &count) in run.counters.iter().enumerate() {
        let key = key as u32;
        let reads_of_key = |distinct: bool| -> u32 {
            cfg.partitions
                .iter()
                .enumerate()
                .map(|(p, events)| {
                    let reads = run.reads_of(p as u32, events.len(), u64::MAX);
                    events
                        .iter()
                        .zip(reads)
                        .filter(|(k, _)| **k == key)
                        .map(|(_, n)| if distinct { n.min(1) } else { n })
                        .sum::<u32>()
                })
                .sum()
        };
        let expected = match cfg.sink {
            SinkKind::Add => reads_of_key(false),
            SinkKind::Dedup => reads_of_key(true),
            SinkKind::Upsert => cfg
                .partitions
                .iter()
                .enumerate()
                .map(|(p, events)| {
                    let reads = run.reads_of(p as u32, events.len(), u64::MAX);
                    // The place of the key's last event read in this partition.
                    let places = events.iter().zip(&reads).scan(0, |place, (k, n)| {
                        if *k == key {
                            *place += 1;
                        }
                        Some((*k == key && *n > 0).then_some(*place))
                    });
                    places.flatten().max().unwrap_or(0)
                })
                .max()
                .unwrap_or(0),
        };
        if count != expected {
            return Err(GroupViolation::WrongCount { key, count });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consumer_group::Read;

    fn cfg(commit: Commit, sink: SinkKind) -> GroupConfig {
        GroupConfig {
            partitions: vec![vec![0, 1, 0, 0], vec![1, 1, 2]],
            consumers: 2,
            batch: 2,
            commit,
            sink,
            crashes: vec![(1, 2)],
            slow: vec![(0, 1, 3)],
        }
    }

    #[test]
    fn a_run_passes_every_check() {
        for commit in [Commit::AfterBatch, Commit::BeforeBatch, Commit::Every(2)] {
            for sink in [SinkKind::Add, SinkKind::Upsert, SinkKind::Dedup] {
                let c = cfg(commit, sink);
                assert_eq!(check(&c, &GroupRun::new(&c).unwrap()), Ok(()), "{commit:?} {sink:?}");
            }
        }
    }

    #[test]
    fn each_checker_fails_on_a_corrupted_run() {
        let c = cfg(Commit::AfterBatch, SinkKind::Add);
        let run = GroupRun::new(&c).unwrap();
        // A read that jumps an offset.
        let mut jumped = run.clone();
        let i = jumped.reads.iter().position(|r| r.partition == 0 && r.offset == 1).unwrap();
        jumped.reads[i].offset = 2;
        assert!(matches!(in_offset_order(&c, &jumped), Err(GroupViolation::OutOfOrder { partition: 0, .. })));
        // A read by the other consumer.
        let mut stolen = run.clone();
        stolen.reads[0] = Read { consumer: 1 - stolen.reads[0].consumer, ..stolen.reads[0] };
        assert!(matches!(read_by_the_owner(&c, &stolen), Err(GroupViolation::NotTheOwner { .. })));
        // A partition handed to the dead consumer.
        let mut haunted = run.clone();
        haunted.assignments.push((5, 0, Some(1)));
        assert!(matches!(read_by_the_owner(&c, &haunted), Err(GroupViolation::NotTheOwner { partition: 0, tick: 5 })));
        // A read lost.
        let mut lost = run.clone();
        let last = lost.reads.iter().rposition(|r| r.partition == 1).unwrap();
        let gone = lost.reads.remove(last);
        assert_eq!(
            as_the_commit_promises(&c, &lost),
            Err(GroupViolation::Skipped { partition: 1, offset: gone.offset })
        );
        // A read repeated under commit-first.
        let first = cfg(Commit::BeforeBatch, SinkKind::Add);
        let mut twice = GroupRun::new(&first).unwrap();
        let copy = twice.reads[0];
        twice.reads.push(copy);
        assert!(matches!(as_the_commit_promises(&first, &twice), Err(GroupViolation::ReadTwice { .. })));
        // A counter off by one.
        let mut miscounted = run;
        miscounted.counters[2] += 1;
        assert_eq!(
            counted_as_the_sink_promises(&c, &miscounted),
            Err(GroupViolation::WrongCount { key: 2, count: miscounted.counters[2] })
        );
    }
}
