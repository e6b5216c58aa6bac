//! The engine's invariants as code: one checker per property, each returning
//! a typed violation. The property tests run them after every step; the
//! tests below corrupt a state and see each one fail.

use std::fmt;

use super::config::{AckTiming, ConsumerMode};
use super::record::{Census, Counters, FailureKind};
use super::Engine;

/// A broken invariant, with what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Some published event is in no place (or the census does not add up).
    NothingLost { published: u32, placed: u32, total: u32 },
    /// The counters say otherwise than the census of places.
    CountersDisagree { counters: Counters, census: Census },
    /// The dead-letter list holds another number of events than the census.
    DeadLetterListDisagrees { listed: usize, census: u32 },
    /// An event made more attempts in one cycle than 1 + the retries allowed.
    RetriesUnbounded { event: u32, attempts: u32, bound: u32 },
    /// The per-event attempts or effects do not add up to the counters.
    TotalsDisagree { deliveries: u64, attempts: u64, effects: u64, event_effects: u64 },
    /// With an idempotent consumer, an id took effect more than once.
    DuplicateEffect { slot: u32, effects: u32 },
    /// With ack after processing, something was counted lost.
    AtLeastOnceLost { lost: u32 },
    /// An event was acknowledged though neither it nor its id took effect.
    AckedWithoutEffect { event: u32 },
    /// An event lost in a crash after its ack still took effect.
    CrashedWithEffect { event: u32 },
    /// `lost` is not the number of events that crashed after their ack.
    LostMiscounted { lost: u32, crashed: u32 },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::NothingLost { published, placed, total } => {
                write!(f, "nothing lost: published {published}, placed {placed}, total {total}")
            }
            Violation::CountersDisagree { counters, census } => {
                write!(f, "counters disagree with the census: {counters:?} vs {census:?}")
            }
            Violation::DeadLetterListDisagrees { listed, census } => {
                write!(f, "dead-letter list holds {listed}, census says {census}")
            }
            Violation::RetriesUnbounded { event, attempts, bound } => {
                write!(f, "retries bounded: event {event} made {attempts} attempts in one cycle (bound {bound})")
            }
            Violation::TotalsDisagree { deliveries, attempts, effects, event_effects } => write!(
                f,
                "totals: {deliveries} deliveries vs {attempts} attempts, {effects} effects vs {event_effects}"
            ),
            Violation::DuplicateEffect { slot, effects } => {
                write!(f, "no duplicate effect: id slot {slot} took effect {effects} times")
            }
            Violation::AtLeastOnceLost { lost } => write!(f, "at-least-once lost {lost} events"),
            Violation::AckedWithoutEffect { event } => write!(f, "event {event} acknowledged without any effect"),
            Violation::CrashedWithEffect { event } => write!(f, "event {event} lost in a crash yet took effect"),
            Violation::LostMiscounted { lost, crashed } => {
                write!(f, "lost {lost} but {crashed} events crashed after their ack")
            }
        }
    }
}

impl std::error::Error for Violation {}

/// A checker: one property of an engine's state.
pub type Check = fn(&Engine) -> Result<(), Violation>;

/// Every checker, with the name ARCHITECTURE.md gives its property.
pub const CHECKS: [(&str, Check); 6] = [
    ("nothing lost", nothing_lost),
    ("counters agree with the census", counters_agree),
    ("retries bounded", retries_bounded),
    ("totals add up", totals_add_up),
    ("no duplicate effect with an idempotent consumer", no_duplicate_effect),
    ("delivery semantics: at-least-once loses nothing, at-most-once counts its losses", delivery_semantics),
];

impl Engine {
    /// Runs every checker; `Err` is the first violation.
    pub fn check_invariants(&self) -> Result<(), Violation> {
        CHECKS.iter().try_for_each(|(_, check)| check(self))
    }
}

/// Every published event is in exactly one place.
pub fn nothing_lost(engine: &Engine) -> Result<(), Violation> {
    let census = engine.census();
    let published = engine.hot.counters.published;
    let placed = census.in_flight + census.waiting + census.acknowledged + census.dead_lettered;
    let total = engine.cfg.published_total();
    if placed != published || census.unpublished + placed != total {
        return Err(Violation::NothingLost { published, placed, total });
    }
    Ok(())
}

/// The counters and the dead-letter list agree with the places.
pub fn counters_agree(engine: &Engine) -> Result<(), Violation> {
    let census = engine.census();
    let counters = engine.hot.counters;
    if census.acknowledged != counters.acknowledged || census.dead_lettered != counters.dead_lettered {
        return Err(Violation::CountersDisagree { counters, census });
    }
    let listed = engine.tables.dead_letters.len();
    if listed != census.dead_lettered as usize {
        return Err(Violation::DeadLetterListDisagrees { listed, census: census.dead_lettered });
    }
    Ok(())
}

/// No event makes more than `1 + retries_max` attempts in one cycle.
pub fn retries_bounded(engine: &Engine) -> Result<(), Violation> {
    let bound = 1 + engine.cfg.backoff.retries_max;
    let over = engine.tables.events.iter().enumerate().find(|(_, r)| u32::from(r.cycle_attempts) > bound);
    match over {
        Some((event, r)) => {
            Err(Violation::RetriesUnbounded { event: event as u32, attempts: r.cycle_attempts.into(), bound })
        }
        None => Ok(()),
    }
}

/// Per-event attempts and effects add up to the counters.
pub fn totals_add_up(engine: &Engine) -> Result<(), Violation> {
    let events = &engine.tables.events;
    let attempts: u64 = events.iter().map(|r| u64::from(r.attempts)).sum();
    let event_effects: u64 = events.iter().map(|r| u64::from(r.effects)).sum();
    let c = &engine.hot.counters;
    if attempts != c.deliveries || event_effects != c.effects {
        return Err(Violation::TotalsDisagree {
            deliveries: c.deliveries,
            attempts,
            effects: c.effects,
            event_effects,
        });
    }
    Ok(())
}

/// With an idempotent consumer the effects of all events sharing an id sum
/// to at most one.
pub fn no_duplicate_effect(engine: &Engine) -> Result<(), Violation> {
    if engine.cfg.consumer != ConsumerMode::Idempotent {
        return Ok(());
    }
    let mut per_slot = vec![0u32; engine.cfg.published_total() as usize];
    for (event, record) in engine.tables.events.iter().enumerate() {
        per_slot[engine.id_slot(event as u32) as usize] += record.effects;
    }
    match per_slot.iter().position(|&n| n > 1) {
        Some(slot) => Err(Violation::DuplicateEffect { slot: slot as u32, effects: per_slot[slot] }),
        None => Ok(()),
    }
}

/// Ack after: nothing lost and every acknowledged event's id took effect.
/// Ack before: `lost` counts exactly the crashes after an ack, which took no
/// effect; every other acknowledged event's id took effect.
pub fn delivery_semantics(engine: &Engine) -> Result<(), Violation> {
    let lost = engine.hot.counters.lost;
    if engine.cfg.ack == AckTiming::After && lost != 0 {
        return Err(Violation::AtLeastOnceLost { lost });
    }
    let mut crashed = 0;
    for (event, record) in engine.tables.events.iter().enumerate() {
        let event = event as u32;
        if !record.is_acknowledged() {
            continue;
        }
        let crash = engine.cfg.ack == AckTiming::Before && record.last_failure == Some(FailureKind::CrashAfterAck);
        if crash {
            crashed += 1;
            if record.effects != 0 {
                return Err(Violation::CrashedWithEffect { event });
            }
        } else if !id_took_effect(engine, event) {
            return Err(Violation::AckedWithoutEffect { event });
        }
    }
    if crashed != lost {
        return Err(Violation::LostMiscounted { lost, crashed });
    }
    Ok(())
}

/// Processed: by this event (naive), or by any event with its id (idempotent).
fn id_took_effect(engine: &Engine, event: u32) -> bool {
    match engine.cfg.consumer {
        ConsumerMode::Naive => engine.tables.events[event as usize].effects > 0,
        ConsumerMode::Idempotent => {
            let slot = engine.id_slot(event) as usize;
            engine.tables.processed_ids[slot / 64] & (1 << (slot % 64)) != 0
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each checker passes on a real run and fails on a state corrupted in
    //! exactly the way it guards against.
    use super::*;
    use crate::engine::record::Place;
    use crate::engine::SimConfig;
    use crate::probability::Probability;

    fn finished(cfg: SimConfig) -> Engine {
        let mut engine = Engine::new(cfg).unwrap();
        engine.run_to_end();
        engine.check_invariants().unwrap_or_else(|v| panic!("seed {}: {v}", cfg.seed));
        engine
    }

    fn lesson() -> Engine {
        finished(SimConfig { seed: 7, ..SimConfig::default() })
    }

    #[test]
    fn nothing_lost_fails_when_an_event_leaves_every_place() {
        let mut e = lesson();
        e.tables.events[3].place = Place::Unpublished;
        assert!(matches!(nothing_lost(&e), Err(Violation::NothingLost { .. })));
    }

    #[test]
    fn counters_agree_fails_on_a_miscount_and_on_a_stray_dead_letter() {
        let mut e = lesson();
        e.hot.counters.acknowledged += 1;
        assert!(matches!(counters_agree(&e), Err(Violation::CountersDisagree { .. })));
        let mut e = lesson();
        e.tables.dead_letters.push(0);
        assert!(matches!(counters_agree(&e), Err(Violation::DeadLetterListDisagrees { listed: 1, census: 0 })));
    }

    #[test]
    fn retries_bounded_fails_past_the_budget() {
        let mut e = lesson();
        e.tables.events[0].cycle_attempts = 8;
        assert_eq!(retries_bounded(&e), Err(Violation::RetriesUnbounded { event: 0, attempts: 8, bound: 7 }));
    }

    #[test]
    fn totals_add_up_fails_when_an_attempt_goes_uncounted() {
        let mut e = lesson();
        e.tables.events[5].attempts += 1;
        assert!(matches!(totals_add_up(&e), Err(Violation::TotalsDisagree { .. })));
    }

    #[test]
    fn no_duplicate_effect_fails_when_an_id_takes_effect_twice() {
        let mut e = lesson();
        e.tables.events[2].effects += 1;
        e.hot.counters.effects += 1;
        assert_eq!(no_duplicate_effect(&e), Err(Violation::DuplicateEffect { slot: 2, effects: 2 }));
    }

    #[test]
    fn delivery_semantics_fails_on_each_kind_of_loss() {
        let mut e = lesson();
        e.hot.counters.lost = 1;
        assert_eq!(delivery_semantics(&e), Err(Violation::AtLeastOnceLost { lost: 1 }));

        let mut e = lesson();
        e.tables.events[4].effects = 0;
        e.tables.processed_ids[0] &= !(1 << 4);
        assert_eq!(delivery_semantics(&e), Err(Violation::AckedWithoutEffect { event: 4 }));

        let before = SimConfig {
            ack: AckTiming::Before,
            failure: Probability::from_ppm(300_000).unwrap(),
            seed: 7,
            ..SimConfig::default()
        };
        let mut e = finished(before);
        assert!(e.counters().lost > 0, "30 % crashes after the ack lose some of 20 events");
        let crashed = e.tables.events.iter().position(|r| r.last_failure == Some(FailureKind::CrashAfterAck)).unwrap();
        e.tables.events[crashed].effects = 1;
        assert_eq!(delivery_semantics(&e), Err(Violation::CrashedWithEffect { event: crashed as u32 }));

        let mut e = finished(before);
        e.hot.counters.lost += 1;
        assert!(matches!(delivery_semantics(&e), Err(Violation::LostMiscounted { .. })));
    }
}
