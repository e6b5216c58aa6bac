//! Named scenarios an instructor can pick in the page or with `?preset=`.
//! Explicit link parameters override a preset's values.

use retry_lab_core::{ConsumerMode, Probability, RngKind};

use crate::state::{Experiment, LabParams};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Lesson 000's lab: 20 events, 30 % failures, half of them lost acks.
    Lesson,
    /// A consumer that is down: 90 % of attempts fail with no effect, and
    /// events pile into the dead-letter queue.
    ConsumerDown,
    /// A flaky network losing acks: 40 % failures, 90 % of them processed but
    /// unconfirmed, shown through the naive consumer: duplicates everywhere.
    FlakyAcks,
    /// The uuid5 double publication of the lesson's pass.
    DoublePublication,
    /// Lesson 004's ack-timing table: seed 7, 1,000 messages, 5 %, Python RNG.
    AckTiming,
}

impl Preset {
    pub const ALL: [Preset; 5] =
        [Preset::Lesson, Preset::ConsumerDown, Preset::FlakyAcks, Preset::DoublePublication, Preset::AckTiming];

    pub const fn code(self) -> &'static str {
        match self {
            Preset::Lesson => "lesson",
            Preset::ConsumerDown => "consumer-down",
            Preset::FlakyAcks => "flaky-acks",
            Preset::DoublePublication => "double-publication",
            Preset::AckTiming => "lesson-004",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.code() == text)
    }

    pub fn experiment(self) -> Experiment {
        match self {
            Preset::Lesson | Preset::ConsumerDown | Preset::FlakyAcks => Experiment::Retries,
            Preset::DoublePublication => Experiment::DoublePublication,
            Preset::AckTiming => Experiment::AckTiming,
        }
    }

    pub fn params(self) -> LabParams {
        let p = |ppm| Probability::from_ppm(ppm).expect("preset probabilities are in range");
        let lesson = LabParams::default();
        match self {
            Preset::Lesson | Preset::DoublePublication => lesson,
            Preset::ConsumerDown => LabParams { failure: p(900_000), ack_lost_share: Probability::ZERO, seed: 404, ..lesson },
            Preset::FlakyAcks => LabParams {
                failure: p(400_000),
                ack_lost_share: p(900_000),
                events: 30,
                consumer: ConsumerMode::Naive,
                seed: 31,
                ..lesson
            },
            Preset::AckTiming => LabParams { seed: 7, crash: p(50_000), ack_rng: RngKind::Python, ack_messages: 1_000, ..lesson },
        }
    }

    pub fn label(self, lang: crate::i18n::Lang) -> &'static str {
        use crate::i18n::Lang::*;
        match (self, lang) {
            (Preset::Lesson, Es) => "Lección (por defecto)",
            (Preset::Lesson, En) => "Lesson (default)",
            (Preset::ConsumerDown, Es) => "Consumidor caído",
            (Preset::ConsumerDown, En) => "Consumer down",
            (Preset::FlakyAcks, Es) => "Red inestable: acks perdidos",
            (Preset::FlakyAcks, En) => "Flaky network: lost acks",
            (Preset::DoublePublication, Es) => "Doble publicación",
            (Preset::DoublePublication, En) => "Double publication",
            (Preset::AckTiming, Es) => "Lección 004: momento del ack",
            (Preset::AckTiming, En) => "Lesson 004: ack timing",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use retry_lab_core::Engine;

    #[test]
    fn consumer_down_fills_the_dead_letter_queue_and_flaky_acks_duplicates() {
        let down = Preset::ConsumerDown.params();
        let mut engine = Engine::new(down.sim_config(ConsumerMode::Idempotent)).unwrap();
        engine.run_to_end();
        assert!(engine.counters().dead_lettered >= 8, "{:?}", engine.counters());
        assert_eq!(engine.counters().duplicates_discarded, 0, "no ack is lost: nothing is processed twice");

        let flaky = Preset::FlakyAcks.params();
        let mut engine = Engine::new(flaky.sim_config(ConsumerMode::Naive)).unwrap();
        engine.run_to_end();
        assert!(engine.counters().effects >= u64::from(flaky.events) + 8, "{:?}", engine.counters());
    }

    #[test]
    fn codes_round_trip() {
        for preset in Preset::ALL {
            assert_eq!(Preset::parse(preset.code()), Some(preset));
        }
    }
}
