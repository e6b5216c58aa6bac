//! «Confiabilidad a escala»'s two rules for the actions a detection takes:
//! write them as a desired state, not as an increment (a repeated desired
//! state changes nothing); and give every component a defined answer for
//! "I could not decide" (emit without the field, ask a human) instead of
//! dropping the event or acting blind.

/// A block action delivered at least once: its copies arrive on lesson
/// «At-least-once»'s schedule (0, 30, 90, 210… s), and an analyst who finds
/// the block was a false positive undoes it once. No randomness.
pub mod desired {
    use crate::Backoff;

    /// How the action is written.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Style {
        /// «bloquea la IP X»: each copy adds a rule; the unblock removes one.
        Incremental,
        /// «la IP X está bloqueada hasta T»: each copy sets the same state;
        /// the unblock sets "not blocked".
        DesiredState,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Scenario {
        /// Copies of the action delivered (1 = exactly once).
        pub copies: u32,
        /// When the analyst unblocks (None: never).
        pub unblock_ms: Option<u64>,
        /// The desired state's end, T.
        pub until_ms: u64,
    }

    /// What the firewall did with one style.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Outcome {
        /// When each copy arrived.
        pub copies_at_ms: Vec<u64>,
        /// Intervals in which the IP was blocked (an end of None: still
        /// blocked, forever for all the firewall knows).
        pub blocked: Vec<(u64, Option<u64>)>,
        /// Block rules left in the firewall at the end.
        pub rules_left: u32,
        /// Each rule's life in the firewall (the desired state's one rule
        /// per period), in the order they were written.
        pub rules: Vec<(u64, Option<u64>)>,
    }

    impl Outcome {
        pub fn blocked_at_end(&self) -> bool {
            self.blocked.last().is_some_and(|(_, end)| end.is_none())
        }
    }

    impl Scenario {
        /// The copies' arrival times: the first delivery, then one repeat
        /// per backoff wait (at most the schedule's six retries).
        pub fn copies_at_ms(&self) -> Vec<u64> {
            let backoff = Backoff::default();
            let mut at_ms = 0;
            (0..self.copies.clamp(1, backoff.retries_max + 1))
                .map(|n| {
                    if n > 0 {
                        at_ms += backoff.deterministic_wait_ms(n);
                    }
                    at_ms
                })
                .collect()
        }

        pub fn run(&self, style: Style) -> Outcome {
            let copies_at_ms = self.copies_at_ms();
            // Events in time order: copies, then the unblock (a copy at the
            // unblock's instant arrives first).
            let mut events: Vec<(u64, bool)> = copies_at_ms.iter().map(|&t| (t, true)).collect();
            events.extend(self.unblock_ms.map(|t| (t, false)));
            events.sort_by_key(|&(t, copy)| (t, !copy));
            let mut blocked: Vec<(u64, Option<u64>)> = Vec::new();
            let mut lives: Vec<(u64, Option<u64>)> = Vec::new();
            let (mut rules, mut until_ms) = (0u32, None::<u64>);
            for (t, copy) in events {
                // The state lapses at T between events too: an unblock or a
                // copy after T finds it over (it stayed «blocked» forever).
                if let (Style::DesiredState, Some(end)) = (style, until_ms) {
                    if end <= t {
                        if blocked.last().is_some_and(|b| b.1.is_none()) {
                            close(&mut blocked, end);
                        }
                        (rules, until_ms) = (0, None);
                    }
                }
                let was = Self::is_blocked(style, rules, until_ms, t);
                match (style, copy) {
                    (Style::Incremental, true) => {
                        rules += 1;
                        lives.push((t, None));
                    }
                    // The unblock deletes one rule: the oldest still there.
                    (Style::Incremental, false) => {
                        rules = rules.saturating_sub(1);
                        if let Some(life) = lives.iter_mut().find(|l| l.1.is_none()) {
                            life.1 = Some(t);
                        }
                    }
                    (Style::DesiredState, true) => (rules, until_ms) = (1, Some(self.until_ms)),
                    (Style::DesiredState, false) => (rules, until_ms) = (0, None),
                }
                let now = Self::is_blocked(style, rules, until_ms, t);
                match (was, now) {
                    (false, true) => blocked.push((t, None)),
                    (true, false) => close(&mut blocked, t),
                    _ => {}
                }
            }
            if let (Style::DesiredState, Some(end), Some(last)) = (style, until_ms, blocked.last_mut()) {
                // The state's own end: the rule lapses at T.
                if last.1.is_none() {
                    last.1 = Some(end.max(last.0));
                    rules = 0;
                }
            }
            if style == Style::DesiredState {
                lives = blocked.clone();
            }
            Outcome { copies_at_ms, blocked, rules_left: rules, rules: lives }
        }

        fn is_blocked(style: Style, rules: u32, until_ms: Option<u64>, t: u64) -> bool {
            match style {
                Style::Incremental => rules > 0,
                Style::DesiredState => until_ms.is_some_and(|end| t < end),
            }
        }
    }

    fn close(blocked: &mut [(u64, Option<u64>)], t: u64) {
        if let Some(last) = blocked.last_mut() {
            last.1 = Some(t);
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        const MIN: u64 = 60_000;

        #[test]
        fn three_copies_and_one_unblock() {
            let s = Scenario { copies: 3, unblock_ms: Some(30 * MIN), until_ms: 60 * MIN };
            assert_eq!(s.copies_at_ms(), [0, 30_000, 90_000]);
            let inc = s.run(Style::Incremental);
            assert_eq!(
                (inc.rules_left, inc.blocked.clone()),
                (2, vec![(0, None)]),
                "the unblock removes one rule of three"
            );
            assert_eq!(inc.rules, [(0, Some(30 * MIN)), (30_000, None), (90_000, None)], "the oldest rule deleted");
            assert!(inc.blocked_at_end());
            let des = s.run(Style::DesiredState);
            assert_eq!(
                (des.rules_left, des.blocked.clone()),
                (0, vec![(0, Some(30 * MIN))]),
                "the unblock sets the state"
            );
        }

        #[test]
        fn a_repeated_desired_state_changes_nothing() {
            for copies in 1..=7 {
                let s = Scenario { copies, unblock_ms: None, until_ms: 60 * MIN };
                assert_eq!(s.run(Style::DesiredState).blocked, [(0, Some(60 * MIN))], "{copies} copies");
                assert_eq!(s.run(Style::Incremental).rules_left, copies, "{copies} copies, {copies} rules");
            }
            let once = Scenario { copies: 1, unblock_ms: Some(30 * MIN), until_ms: 60 * MIN };
            assert_eq!(once.run(Style::Incremental).blocked, [(0, Some(30 * MIN))], "exactly once, both styles agree");
        }

        /// «bloqueada hasta T» ends at T whatever comes after it: an unblock
        /// at or after T, or a copy past T, finds the state already over
        /// (it stayed blocked to the end, with no rule left).
        #[test]
        fn the_desired_state_lapses_at_t_before_a_later_unblock() {
            for unblock_min in [60, 90, 120] {
                let s = Scenario { copies: 3, unblock_ms: Some(unblock_min * MIN), until_ms: 60 * MIN };
                let des = s.run(Style::DesiredState);
                assert_eq!(des.blocked, [(0, Some(60 * MIN))], "unblock at {unblock_min} min");
                assert!(!des.blocked_at_end() && des.rules_left == 0, "unblock at {unblock_min} min");
            }
            // T at 1 min, before the third copy (90 s) and the unblock (30 min).
            let s = Scenario { copies: 3, unblock_ms: Some(30 * MIN), until_ms: MIN };
            let des = s.run(Style::DesiredState);
            assert_eq!(des.blocked, [(0, Some(MIN))]);
            assert!(!des.blocked_at_end() && des.rules_left == 0);
        }

        #[test]
        fn a_copy_after_the_unblock_blocks_again_in_both_styles() {
            // The desired state is idempotent, not ordered: a late copy of
            // an old state still applies (a version or the detection's id
            // would tell it apart).
            let s = Scenario { copies: 3, unblock_ms: Some(60_000), until_ms: 60 * MIN };
            assert_eq!(s.run(Style::DesiredState).blocked, [(0, Some(60_000)), (90_000, Some(60 * MIN))]);
            let inc = s.run(Style::Incremental);
            assert_eq!(
                (inc.blocked, inc.rules_left),
                (vec![(0, None)], 2),
                "two rules, one removed, one more: never unblocked"
            );
        }
    }
}

/// A stream of events through an enrichment and an automatic response, each
/// of which sometimes cannot decide. The same events (one seed) through two
/// pipelines: one that drops what it could not enrich and acts without
/// confirming the context, one that fails safely.
pub mod fail_safe {
    use crate::draws::{chance_pcg, pcg, Stream};
    use crate::Probability;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Config {
        pub events: u32,
        /// Share of events that are an attack (a detection should fire).
        pub malicious: Probability,
        /// The enrichment (the asset's owner, the IP's reputation) fails.
        pub enrich_failure: Probability,
        /// The response cannot confirm the context (is this host critical?).
        pub context_failure: Probability,
        pub seed: u64,
    }

    /// One event's draws: the same for both pipelines.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Event {
        pub malicious: bool,
        pub enrich_failed: bool,
        pub context_failed: bool,
    }

    /// What became of an event in one pipeline.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Fate {
        /// Benign, enriched, emitted.
        Emitted,
        /// Benign, emitted without the field and marked.
        EmittedMarked,
        /// Dropped because the enrichment failed (an attack among these is a
        /// detection that never fires).
        Dropped,
        /// An attack detected and answered automatically, context confirmed.
        Acted,
        /// An attack answered without confirming the context.
        ActedBlind,
        /// An attack whose context could not be confirmed: sent to a human.
        AskedHuman,
    }

    /// Whether a pipeline has a defined answer for "I could not decide".
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Pipeline {
        Unsafe,
        Safe,
    }

    impl Config {
        pub fn events(&self) -> Vec<Event> {
            (0..u64::from(self.events))
                .map(|i| {
                    let mut rng = pcg(self.seed, Stream::FailSafe, i);
                    Event {
                        malicious: chance_pcg(&mut rng, self.malicious),
                        enrich_failed: chance_pcg(&mut rng, self.enrich_failure),
                        context_failed: chance_pcg(&mut rng, self.context_failure),
                    }
                })
                .collect()
        }
    }

    impl Event {
        pub fn fate(&self, pipeline: Pipeline) -> Fate {
            let safe = pipeline == Pipeline::Safe;
            match (self.enrich_failed, self.malicious, self.context_failed) {
                (true, _, _) if !safe => Fate::Dropped,
                (enrich_failed, false, _) => {
                    if enrich_failed {
                        Fate::EmittedMarked
                    } else {
                        Fate::Emitted
                    }
                }
                (_, true, false) => Fate::Acted,
                (_, true, true) => {
                    if safe {
                        Fate::AskedHuman
                    } else {
                        Fate::ActedBlind
                    }
                }
            }
        }
    }

    /// Counts of each fate, in `Fate`'s order.
    pub fn census(events: &[Event], pipeline: Pipeline) -> [u32; 6] {
        let mut counts = [0; 6];
        for e in events {
            counts[e.fate(pipeline) as usize] += 1;
        }
        counts
    }

    /// Events that go on without the enrichment's field, marked (attacks
    /// among them too): none where they are dropped.
    pub fn emitted_without_field(events: &[Event], pipeline: Pipeline) -> u32 {
        match pipeline {
            Pipeline::Unsafe => 0,
            Pipeline::Safe => events.iter().filter(|e| e.enrich_failed).count() as u32,
        }
    }

    /// Attacks dropped with their event: detections that never fire.
    pub fn lost_detections(events: &[Event], pipeline: Pipeline) -> u32 {
        events.iter().filter(|e| e.malicious && e.fate(pipeline) == Fate::Dropped).count() as u32
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn config(seed: u64) -> Config {
            let p = |ppm| Probability::from_ppm(ppm).unwrap();
            Config { events: 100, malicious: p(200_000), enrich_failure: p(100_000), context_failure: p(200_000), seed }
        }

        #[test]
        fn the_safe_pipeline_loses_nothing_and_never_acts_blind() {
            for seed in 1..=50 {
                let events = config(seed).events();
                let safe = census(&events, Pipeline::Safe);
                assert_eq!((safe[Fate::Dropped as usize], safe[Fate::ActedBlind as usize]), (0, 0), "seed {seed}");
                let attacks = events.iter().filter(|e| e.malicious).count() as u32;
                assert_eq!(
                    safe[Fate::Acted as usize] + safe[Fate::AskedHuman as usize],
                    attacks,
                    "seed {seed}: every attack answered"
                );
                let unsafe_ = census(&events, Pipeline::Unsafe);
                assert_eq!(
                    unsafe_[Fate::Dropped as usize],
                    events.iter().filter(|e| e.enrich_failed).count() as u32,
                    "seed {seed}"
                );
                assert_eq!(
                    lost_detections(&events, Pipeline::Unsafe)
                        + unsafe_[Fate::Acted as usize]
                        + unsafe_[Fate::ActedBlind as usize],
                    attacks,
                    "seed {seed}"
                );
            }
        }

        #[test]
        fn the_default_run_is_pinned_and_the_draws_are_monotone() {
            let events = config(7).events();
            let unsafe_ = census(&events, Pipeline::Unsafe);
            let safe = census(&events, Pipeline::Safe);
            assert_eq!(
                (
                    lost_detections(&events, Pipeline::Unsafe),
                    unsafe_[Fate::ActedBlind as usize],
                    safe[Fate::AskedHuman as usize],
                    emitted_without_field(&events, Pipeline::Safe)
                ),
                PINNED
            );
            assert_eq!(
                emitted_without_field(&events, Pipeline::Safe),
                unsafe_[Fate::Dropped as usize],
                "what one drops, the other marks"
            );
            // A higher failure probability only adds failures (same draws).
            let worse = Config { enrich_failure: Probability::from_ppm(300_000).unwrap(), ..config(7) }.events();
            assert!(events.iter().zip(&worse).all(|(a, b)| !a.enrich_failed || b.enrich_failed));
        }

        /// Seed 7, 100 events, 20 % attacks, the enrichment failing 10 % and
        /// the context 20 %: (detections lost, acted blind; asked a human,
        /// emitted without the field). The page's defaults.
        const PINNED: (u32, u32, u32, u32) = (4, 3, 4, 14);
    }
}
