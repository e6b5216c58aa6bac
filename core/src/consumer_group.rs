//! Lesson 004's consumer group over a partitioned log, step by step: each
//! partition is read by one consumer of the group (range assignment over the
//! live consumers, extra consumers idle); a consumer polls a batch from its
//! position, processes one event per tick and commits as its policy says;
//! a consumer dies at a given tick (interventions are data), the group
//! rebalances and each heir resumes from the last committed offset,
//! re-reading what was processed and not committed. A sink turns the events
//! it processes into counts per key: adding 1, upserting the window's total
//! (the event carries its place in the key's window), or adding 1 with the
//! event's id stored alongside (a stored id is discarded). Exercise 10 comes
//! out of it: 6 payments, A processes 3 and dies before committing, B
//! re-reads: 9, 6, 6, and 3 when the batch is committed first.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Commit {
    /// After the whole polled batch is processed.
    AfterBatch,
    /// The polled batch's offsets first, then the work.
    BeforeBatch,
    /// Every `n` ticks, whatever has been processed (Kafka's auto-commit).
    Every(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SinkKind {
    Add,
    Upsert,
    Dedup,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GroupConfig {
    /// Each partition's events, as the key each one counts for.
    pub partitions: Vec<Vec<u32>>,
    pub consumers: u32,
    /// Events per poll (max.poll.records).
    pub batch: u32,
    pub commit: Commit,
    pub sink: SinkKind,
    /// (consumer, tick): the consumer dies as that tick begins.
    pub crashes: Vec<(u32, u64)>,
    /// (partition, offset, ticks): an event that takes that long to process;
    /// its partition waits behind it (head-of-line), the others go on.
    pub slow: Vec<(u32, u32, u64)>,
}

/// One event read by a consumer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Read {
    pub tick: u64,
    pub consumer: u32,
    pub partition: u32,
    pub offset: u32,
    /// The first read after an assignment (it starts at the committed offset).
    pub resumed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupRun {
    pub reads: Vec<Read>,
    /// The sink's count per key.
    pub counters: Vec<u32>,
    pub committed: Vec<u32>,
    /// Consumers with no partition at the start.
    pub idle_at_start: u32,
}

/// Ticks simulated at most (a run with no live consumer left stops earlier).
const TICKS_MAX: u64 = 1_000_000;

#[derive(Clone, Default)]
struct Owner {
    /// Next offset to process; the end of the polled batch.
    position: u32,
    batch_end: u32,
    fresh: bool,
    /// The partition's consumer is busy with a slow event until then.
    busy_until: u64,
}

struct Sim<'a> {
    cfg: &'a GroupConfig,
    alive: Vec<bool>,
    owner: Vec<Option<u32>>,
    state: Vec<Owner>,
    committed: Vec<u32>,
    counters: Vec<u32>,
    stored_ids: std::collections::HashSet<(u32, u32)>,
    reads: Vec<Read>,
}

impl Sim<'_> {
    /// Range assignment: partitions in order, live consumers in order, the
    /// first `P mod n` consumers one partition more.
    fn rebalance(&mut self) {
        let live: Vec<u32> = (0..self.cfg.consumers).filter(|&c| self.alive[c as usize]).collect();
        let parts = self.cfg.partitions.len();
        for p in 0..parts {
            let new_owner = (!live.is_empty()).then(|| {
                let (n, extra) = (parts / live.len(), parts % live.len());
                // Consumer i owns [i·n + min(i, extra), …) of length n (+1 for the first `extra`).
                let i = (0..live.len()).find(|&i| p < (i + 1) * n + (i + 1).min(extra)).unwrap_or(live.len() - 1);
                live[i]
            });
            if new_owner != self.owner[p] || new_owner.is_none() {
                self.owner[p] = new_owner;
                self.state[p] = Owner { position: self.committed[p], batch_end: self.committed[p], fresh: true, busy_until: 0 };
            }
        }
    }

    fn apply(&mut self, partition: usize, offset: u32) {
        let key = self.cfg.partitions[partition][offset as usize];
        let counter = &mut self.counters[key as usize];
        match self.cfg.sink {
            SinkKind::Add => *counter += 1,
            // The event's place among its key's events in the partition: the window's total so far.
            SinkKind::Upsert => {
                let place = self.cfg.partitions[partition][..=offset as usize].iter().filter(|k| **k == key).count() as u32;
                *counter = (*counter).max(place);
            }
            SinkKind::Dedup => {
                if self.stored_ids.insert((partition as u32, offset)) {
                    *counter += 1;
                }
            }
        }
    }

    /// One tick of one partition's owner: poll when the batch is done, then
    /// process one event, then commit as the policy says.
    fn work(&mut self, p: usize, tick: u64) {
        let Some(consumer) = self.owner[p] else { return };
        let end = self.cfg.partitions[p].len() as u32;
        let s = &mut self.state[p];
        if s.position >= end || tick < s.busy_until {
            return;
        }
        if s.position == s.batch_end {
            s.batch_end = (s.position + self.cfg.batch.max(1)).min(end);
            if self.cfg.commit == Commit::BeforeBatch {
                self.committed[p] = s.batch_end;
            }
        }
        let (offset, resumed) = (s.position, std::mem::take(&mut s.fresh));
        let slow = self.cfg.slow.iter().find(|(q, o, _)| *q as usize == p && *o == offset).map_or(1, |(_, _, ticks)| (*ticks).max(1));
        s.busy_until = tick + slow;
        s.position += 1;
        let batch_done = s.position == s.batch_end;
        self.reads.push(Read { tick, consumer, partition: p as u32, offset, resumed });
        self.apply(p, offset);
        let position = self.state[p].position;
        match self.cfg.commit {
            Commit::AfterBatch if batch_done => self.committed[p] = position,
            Commit::Every(n) if (tick + 1).is_multiple_of(u64::from(n.max(1))) => self.committed[p] = position,
            _ => {}
        }
    }
}

impl GroupRun {
    pub fn new(cfg: &GroupConfig) -> Self {
        let parts = cfg.partitions.len();
        let keys = cfg.partitions.iter().flatten().copied().max().map_or(0, |k| k as usize + 1);
        let mut sim = Sim {
            cfg,
            alive: vec![true; cfg.consumers as usize],
            owner: vec![None; parts],
            state: vec![Owner::default(); parts],
            committed: vec![0; parts],
            counters: vec![0; keys],
            stored_ids: Default::default(),
            reads: Vec::new(),
        };
        sim.rebalance();
        let idle_at_start = cfg.consumers - (0..cfg.consumers).filter(|c| sim.owner.contains(&Some(*c))).count() as u32;
        for tick in 0..TICKS_MAX {
            let dying: Vec<u32> = cfg.crashes.iter().filter(|(_, at)| *at == tick).map(|(c, _)| *c).collect();
            if dying.iter().any(|&c| sim.alive.get(c as usize).copied().unwrap_or(false)) {
                for c in dying {
                    if let Some(alive) = sim.alive.get_mut(c as usize) {
                        *alive = false;
                    }
                }
                sim.rebalance();
            }
            let pending = (0..parts).any(|p| sim.state[p].position < cfg.partitions[p].len() as u32 && sim.owner[p].is_some());
            let crashes_ahead = cfg.crashes.iter().any(|(_, at)| *at > tick);
            if !pending && !crashes_ahead {
                break;
            }
            for p in 0..parts {
                sim.work(p, tick);
            }
        }
        Self { reads: sim.reads, counters: sim.counters, committed: sim.committed, idle_at_start }
    }
}

/// Exercise 10: one partition holding a card's `payments` in one hour, two
/// consumers (A owns the partition, B waits); A polls them all and dies after
/// processing `processed`.
pub fn exercise_10(payments: u32, processed: u32, commit: Commit, sink: SinkKind) -> u32 {
    let cfg = GroupConfig {
        partitions: vec![vec![0; payments as usize]],
        consumers: 2,
        batch: payments.max(1),
        commit,
        sink,
        crashes: vec![(0, u64::from(processed.min(payments)))],
        slow: vec![],
    };
    GroupRun::new(&cfg).counters.first().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exercise_10_by_simulation() {
        assert_eq!(exercise_10(6, 3, Commit::AfterBatch, SinkKind::Add), 9, "A's 3 and B's 6");
        assert_eq!(exercise_10(6, 3, Commit::AfterBatch, SinkKind::Upsert), 6);
        assert_eq!(exercise_10(6, 3, Commit::AfterBatch, SinkKind::Dedup), 6);
        assert_eq!(exercise_10(6, 3, Commit::BeforeBatch, SinkKind::Add), 3, "a gap instead of duplicates");
    }

    #[test]
    fn idle_consumers_and_the_heirs_resume_point() {
        let cfg = |consumers| GroupConfig {
            partitions: vec![vec![0, 1]; 12],
            consumers,
            batch: 500,
            commit: Commit::AfterBatch,
            sink: SinkKind::Add,
            crashes: vec![],
            slow: vec![],
        };
        assert_eq!(GroupRun::new(&cfg(13)).idle_at_start, 1);
        assert_eq!(GroupRun::new(&cfg(20)).idle_at_start, 8);
        // The heir of a dead consumer's partition starts at its committed offset.
        let run = GroupRun::new(&GroupConfig { partitions: vec![vec![0; 4]], consumers: 2, batch: 2, crashes: vec![(0, 3)], ..cfg(2) });
        let b: Vec<(u32, bool)> = run.reads.iter().filter(|r| r.consumer == 1).map(|r| (r.offset, r.resumed)).collect();
        assert_eq!(b, [(2, true), (3, false)], "A committed 2 after its first batch; B re-reads offset 2");
    }

    #[test]
    fn a_slow_event_blocks_its_partition_only() {
        // Two partitions of 5 events; partition 0's second event takes 100 ticks.
        let cfg = GroupConfig {
            partitions: vec![vec![0; 5], vec![1; 5]],
            consumers: 2,
            batch: 500,
            commit: Commit::AfterBatch,
            sink: SinkKind::Add,
            crashes: vec![],
            slow: vec![(0, 1, 100)],
        };
        let run = GroupRun::new(&cfg);
        let done_at = |p: u32| run.reads.iter().filter(|r| r.partition == p).map(|r| r.tick).max();
        assert_eq!((done_at(0), done_at(1)), (Some(103), Some(4)), "head-of-line: offsets 2–4 wait 100 ticks");
    }
}
