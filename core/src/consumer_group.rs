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

pub mod invariants;

use crate::limits::{check, ConfigError};

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
    /// Each partition's committed offset at the end.
    pub committed: Vec<u32>,
    /// Consumers with no partition at the start.
    pub idle_at_start: u32,
    /// Every commit, in time order: (tick, partition, offset).
    pub commits: Vec<(u64, u32, u32)>,
    /// Every assignment, in time order: (tick, partition, owner); the
    /// first `P` are the start's.
    pub assignments: Vec<(u64, u32, Option<u32>)>,
    /// The tick after the last read (the run's length).
    pub end_tick: u64,
}

/// Ticks simulated at most (a run with no live consumer left stops earlier).
pub const TICKS_MAX: u64 = 1_000_000;

impl GroupConfig {
    /// Refuses a config out of range (`limits`' policy: nothing is clamped,
    /// no crash of a consumer the group does not have is dropped).
    pub fn validate(&self) -> Result<(), ConfigError> {
        let parts = self.partitions.len() as u32;
        check(self.consumers >= 1, "consumers", || "at least 1".into())?;
        check(self.batch >= 1, "batch", || "at least 1".into())?;
        check(self.commit != Commit::Every(0), "commit-every", || "at least 1 tick".into())?;
        let consumers = || format!("a consumer of the group (0 to {})", self.consumers - 1);
        check(self.crashes.iter().all(|(c, _)| *c < self.consumers), "crash", consumers)?;
        let slow = |(p, _, ticks): &(u32, u32, u64)| *p < parts && *ticks >= 1;
        check(self.slow.iter().all(slow), "slow", || format!("a partition below {parts}, at least 1 tick"))
    }
}

/// A partition's reading position under its current owner.
#[derive(Clone, Default)]
struct Position {
    /// Next offset to process; the end of the polled batch.
    next: u32,
    batch_end: u32,
    fresh: bool,
}

struct Sim<'a> {
    cfg: &'a GroupConfig,
    alive: Vec<bool>,
    owner: Vec<Option<u32>>,
    position: Vec<Position>,
    /// Per consumer: busy with a slow event until then (its other
    /// partitions wait too: one poll loop), and where its round-robin is.
    busy_until: Vec<u64>,
    turn: Vec<usize>,
    /// Per consumer: the commit due when its slow event is done (a commit
    /// after the work happens when the work is over; a crash drops it).
    due: Vec<Option<(u64, usize, u32)>>,
    committed: Vec<u32>,
    counters: Vec<u32>,
    /// Per partition and offset: the dedup sink holds that event's id.
    stored_ids: Vec<Vec<bool>>,
    reads: Vec<Read>,
    commits: Vec<(u64, u32, u32)>,
    assignments: Vec<(u64, u32, Option<u32>)>,
}

impl Sim<'_> {
    /// Range assignment: partitions in order, live consumers in order, the
    /// first `P mod n` consumers one partition more.
    fn rebalance(&mut self, tick: u64) {
        let live: Vec<u32> = (0..self.cfg.consumers).filter(|&c| self.alive[c as usize]).collect();
        let parts = self.cfg.partitions.len();
        // The first assignment records every partition; a crash's, only
        // those that change hands (also a crash at tick 0).
        let first = self.assignments.is_empty();
        for p in 0..parts {
            let new_owner = (!live.is_empty()).then(|| {
                let (n, extra) = (parts / live.len(), parts % live.len());
                // Consumer i owns [i·n + min(i, extra), …) of length n (+1 for the first `extra`).
                let i = (0..live.len()).find(|&i| p < (i + 1) * n + (i + 1).min(extra)).unwrap_or(live.len() - 1);
                live[i]
            });
            if new_owner != self.owner[p] || first {
                self.owner[p] = new_owner;
                self.assignments.push((tick, p as u32, new_owner));
                let at = self.committed[p];
                self.position[p] = Position { next: at, batch_end: at, fresh: true };
            }
        }
    }

    fn commit(&mut self, tick: u64, p: usize, offset: u32) {
        if self.committed[p] != offset {
            self.committed[p] = offset;
            self.commits.push((tick, p as u32, offset));
        }
    }

    fn apply(&mut self, partition: usize, offset: u32) {
        let key = self.cfg.partitions[partition][offset as usize];
        let counter = &mut self.counters[key as usize];
        match self.cfg.sink {
            SinkKind::Add => *counter += 1,
            // The event's place among its key's events in the partition: the window's total so far.
            SinkKind::Upsert => {
                let place =
                    self.cfg.partitions[partition][..=offset as usize].iter().filter(|k| **k == key).count() as u32;
                *counter = (*counter).max(place);
            }
            SinkKind::Dedup => {
                let stored = &mut self.stored_ids[partition][offset as usize];
                if !*stored {
                    *stored = true;
                    *counter += 1;
                }
            }
        }
    }

    fn pending(&self, p: usize) -> bool {
        self.position[p].next < self.cfg.partitions[p].len() as u32
    }

    /// One tick of one consumer: the next of its partitions with work (in
    /// turn) polls when its batch is done, processes one event, and commits
    /// as the policy says.
    fn work(&mut self, consumer: u32, tick: u64) {
        let c = consumer as usize;
        let parts = self.cfg.partitions.len();
        if let Some((at, p, offset)) = self.due[c].filter(|d| d.0 <= tick) {
            self.due[c] = None;
            self.commit(at, p, offset);
        }
        if tick < self.busy_until[c] {
            return;
        }
        let Some(p) = (0..parts)
            .map(|i| (self.turn[c] + i) % parts)
            .find(|&p| self.owner[p] == Some(consumer) && self.pending(p))
        else {
            return;
        };
        self.turn[c] = p + 1;
        let end = self.cfg.partitions[p].len() as u32;
        let s = &mut self.position[p];
        if s.next == s.batch_end {
            s.batch_end = (s.next + self.cfg.batch).min(end);
            if self.cfg.commit == Commit::BeforeBatch {
                let batch_end = s.batch_end;
                self.commit(tick, p, batch_end);
            }
        }
        let s = &mut self.position[p];
        let (offset, resumed) = (s.next, std::mem::take(&mut s.fresh));
        s.next += 1;
        let (next, batch_done) = (s.next, s.next == s.batch_end);
        let slow =
            self.cfg.slow.iter().find(|(q, o, _)| *q as usize == p && *o == offset).map_or(1, |(_, _, ticks)| *ticks);
        self.busy_until[c] = tick + slow;
        self.reads.push(Read { tick, consumer, partition: p as u32, offset, resumed });
        self.apply(p, offset);
        if self.cfg.commit == Commit::AfterBatch && batch_done {
            if slow > 1 {
                self.due[c] = Some((tick + slow - 1, p, next));
            } else {
                self.commit(tick, p, next);
            }
        }
    }

    /// Auto-commit: every `n` ticks, each live consumer commits what it has
    /// processed on each of its partitions.
    fn auto_commit(&mut self, tick: u64) {
        if let Commit::Every(n) = self.cfg.commit {
            if (tick + 1).is_multiple_of(u64::from(n)) {
                for p in 0..self.cfg.partitions.len() {
                    if self.owner[p].is_some() {
                        let next = self.position[p].next;
                        self.commit(tick, p, next);
                    }
                }
            }
        }
    }

    fn crash(&mut self, tick: u64) {
        let dying: Vec<u32> = self.cfg.crashes.iter().filter(|(_, at)| *at == tick).map(|(c, _)| *c).collect();
        if dying.iter().any(|&c| self.alive.get(c as usize).copied().unwrap_or(false)) {
            for c in dying {
                if let Some(alive) = self.alive.get_mut(c as usize) {
                    *alive = false;
                    self.due[c as usize] = None;
                }
            }
            self.rebalance(tick);
        }
    }
}

impl GroupRun {
    /// The group's whole run, or why it cannot run: a config out of range,
    /// or work past [`TICKS_MAX`].
    pub fn new(cfg: &GroupConfig) -> Result<Self, ConfigError> {
        cfg.validate()?;
        let parts = cfg.partitions.len();
        let keys = cfg.partitions.iter().flatten().copied().max().map_or(0, |k| k as usize + 1);
        let consumers = cfg.consumers as usize;
        let mut sim = Sim {
            cfg,
            alive: vec![true; consumers],
            owner: vec![None; parts],
            position: vec![Position::default(); parts],
            busy_until: vec![0; consumers],
            turn: vec![0; consumers],
            due: vec![None; consumers],
            committed: vec![0; parts],
            counters: vec![0; keys],
            stored_ids: cfg.partitions.iter().map(|events| vec![false; events.len()]).collect(),
            reads: Vec::new(),
            commits: Vec::new(),
            assignments: Vec::new(),
        };
        sim.rebalance(0);
        let idle_at_start = cfg.consumers - (0..cfg.consumers).filter(|c| sim.owner.contains(&Some(*c))).count() as u32;
        let mut end_tick = None;
        for tick in 0..TICKS_MAX {
            sim.crash(tick);
            let pending = (0..parts).any(|p| sim.pending(p) && sim.owner[p].is_some());
            let busy = sim.busy_until.iter().any(|&until| until > tick) || sim.due.iter().any(Option::is_some);
            let crashes_ahead = cfg.crashes.iter().any(|(_, at)| *at > tick);
            // Auto-commit's last events are committed at its next interval:
            // the run goes on to it (ended before, the group would show all
            // read and a lag that never drains).
            let between_commits = matches!(cfg.commit, Commit::Every(n) if tick % u64::from(n) != 0);
            if !pending && !busy && !crashes_ahead && !between_commits {
                end_tick = Some(tick);
                break;
            }
            for c in 0..cfg.consumers {
                if sim.alive[c as usize] {
                    sim.work(c, tick);
                }
            }
            sim.auto_commit(tick);
        }
        // Nothing half-computed: a run not over by then is refused whole.
        let end_tick =
            end_tick.ok_or_else(|| ConfigError { field: "work", allowed: format!("at most {TICKS_MAX} ticks") })?;
        Ok(Self {
            reads: sim.reads,
            counters: sim.counters,
            committed: sim.committed,
            idle_at_start,
            commits: sim.commits,
            assignments: sim.assignments,
            end_tick,
        })
    }

    /// A partition's committed offset as `tick` ends.
    pub fn committed_at(&self, partition: u32, tick: u64) -> u32 {
        self.commits.iter().rev().find(|(t, p, _)| *p == partition && *t <= tick).map_or(0, |c| c.2)
    }

    /// A partition's owner during `tick`.
    pub fn owner_at(&self, partition: u32, tick: u64) -> Option<u32> {
        self.assignments.iter().rev().find(|(t, p, _)| *p == partition && *t <= tick).and_then(|a| a.2)
    }

    /// How many times each offset of a partition was read by `tick`.
    pub fn reads_of(&self, partition: u32, len: usize, tick: u64) -> Vec<u32> {
        let mut counts = vec![0; len];
        for r in self.reads.iter().filter(|r| r.partition == partition && r.tick <= tick) {
            if let Some(n) = counts.get_mut(r.offset as usize) {
                *n += 1;
            }
        }
        counts
    }
}

/// Exercise 10: one partition holding a card's `payments` in one hour, two
/// consumers (A owns the partition, B waits); A polls them all and dies after
/// processing `processed` (all of them, when there are fewer: the
/// exercise's words, not a bound). The whole run (who read what, when).
pub fn exercise_10_run(payments: u32, processed: u32, commit: Commit, sink: SinkKind) -> Result<GroupRun, ConfigError> {
    GroupRun::new(&GroupConfig {
        partitions: vec![vec![0; payments as usize]],
        consumers: 2,
        batch: payments.max(1),
        commit,
        sink,
        crashes: vec![(0, u64::from(processed.min(payments)))],
        slow: vec![],
    })
}

/// Exercise 10's counter for the card.
pub fn exercise_10(payments: u32, processed: u32, commit: Commit, sink: SinkKind) -> Result<u32, ConfigError> {
    Ok(exercise_10_run(payments, processed, commit, sink)?.counters.first().copied().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exercise_10_by_simulation() {
        assert_eq!(exercise_10(6, 3, Commit::AfterBatch, SinkKind::Add).unwrap(), 9, "A's 3 and B's 6");
        assert_eq!(exercise_10(6, 3, Commit::AfterBatch, SinkKind::Upsert).unwrap(), 6);
        assert_eq!(exercise_10(6, 3, Commit::AfterBatch, SinkKind::Dedup).unwrap(), 6);
        assert_eq!(exercise_10(6, 3, Commit::BeforeBatch, SinkKind::Add).unwrap(), 3, "a gap instead of duplicates");
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
        assert_eq!(GroupRun::new(&cfg(13)).unwrap().idle_at_start, 1);
        assert_eq!(GroupRun::new(&cfg(20)).unwrap().idle_at_start, 8);
        // The heir of a dead consumer's partition starts at its committed offset.
        let run = GroupRun::new(&GroupConfig {
            partitions: vec![vec![0; 4]],
            consumers: 2,
            batch: 2,
            crashes: vec![(0, 3)],
            ..cfg(2)
        })
        .unwrap();
        let b: Vec<(u32, bool)> = run.reads.iter().filter(|r| r.consumer == 1).map(|r| (r.offset, r.resumed)).collect();
        assert_eq!(b, [(2, true), (3, false)], "A committed 2 after its first batch; B re-reads offset 2");
    }

    #[test]
    fn the_lessons_two_groups_read_at_their_own_pace() {
        // The lesson's topic: listing-42 and listing-99 in partition 2 (4 events),
        // listing-7 in partition 1 (2), partition 0 empty. The indexer has three
        // consumers, the lake sink one (it takes turns between its partitions).
        let cfg = |consumers| GroupConfig {
            partitions: vec![vec![], vec![1, 1], vec![0, 0, 2, 0]],
            consumers,
            batch: 1,
            commit: Commit::AfterBatch,
            sink: SinkKind::Add,
            crashes: vec![],
            slow: vec![],
        };
        let (indexer, sink) = (GroupRun::new(&cfg(3)).unwrap(), GroupRun::new(&cfg(1)).unwrap());
        assert_eq!((indexer.committed_at(2, 2), sink.committed_at(2, 2)), (3, 1), "after 3 ticks: offsets 3 and 1");
        assert_eq!(indexer.owner_at(2, 0), Some(2));
        assert_eq!(sink.reads_of(2, 4, 2), [1, 0, 0, 0]);
    }

    #[test]
    fn an_heir_with_two_partitions_takes_turns_and_a_slow_event_stalls_its_consumer() {
        let cfg = GroupConfig {
            partitions: vec![vec![0; 4], vec![1; 4]],
            consumers: 2,
            batch: 1,
            commit: Commit::AfterBatch,
            sink: SinkKind::Add,
            crashes: vec![(1, 2)],
            slow: vec![],
        };
        let run = GroupRun::new(&cfg).unwrap();
        assert_eq!(run.owner_at(1, 2), Some(0), "consumer 0 inherits partition 1 at tick 2");
        assert_eq!(run.assignments.last(), Some(&(2, 1, Some(0))));
        // From tick 2 on, consumer 0 alternates: both partitions done at tick 5 (2 + 4 events left).
        assert_eq!(run.end_tick, 6);
        let slow =
            GroupRun::new(&GroupConfig { crashes: vec![], consumers: 1, slow: vec![(0, 0, 10)], ..cfg }).unwrap();
        assert_eq!(
            slow.reads.iter().find(|r| r.partition == 1).map(|r| r.tick),
            Some(10),
            "one poll loop: partition 1 waits too"
        );
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
        let run = GroupRun::new(&cfg).unwrap();
        let done_at = |p: u32| run.reads.iter().filter(|r| r.partition == p).map(|r| r.tick).max();
        assert_eq!((done_at(0), done_at(1)), (Some(103), Some(4)), "head-of-line: offsets 2–4 wait 100 ticks");
    }

    /// Out of range is refused, named (`limits`' one policy): a crash of a
    /// consumer the group does not have is not quietly dropped, a batch of
    /// 0 not read as 1, and a run past `TICKS_MAX` not cut short.
    #[test]
    fn a_config_out_of_range_is_refused_not_clamped() {
        let base = GroupConfig {
            partitions: vec![vec![0; 6], vec![1; 6]],
            consumers: 2,
            batch: 3,
            commit: Commit::AfterBatch,
            sink: SinkKind::Add,
            crashes: vec![(1, 2)],
            slow: vec![(0, 0, 5)],
        };
        assert!(GroupRun::new(&base).is_ok());
        let refused = |cfg: GroupConfig| GroupRun::new(&cfg).map(|r| r.end_tick).unwrap_err().field;
        assert_eq!(refused(GroupConfig { consumers: 0, crashes: vec![], ..base.clone() }), "consumers");
        assert_eq!(refused(GroupConfig { batch: 0, ..base.clone() }), "batch");
        assert_eq!(refused(GroupConfig { commit: Commit::Every(0), ..base.clone() }), "commit-every");
        assert_eq!(refused(GroupConfig { crashes: vec![(2, 1)], ..base.clone() }), "crash");
        assert_eq!(refused(GroupConfig { slow: vec![(2, 0, 5)], ..base.clone() }), "slow");
        assert_eq!(refused(GroupConfig { slow: vec![(0, 0, 0)], ..base.clone() }), "slow");
        assert_eq!(refused(GroupConfig { slow: vec![(0, 0, TICKS_MAX + 1)], ..base }), "work");
    }
}
