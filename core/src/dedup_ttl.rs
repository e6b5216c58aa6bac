//! Lesson 003's processed-id store with expiry («Redis con expiración»),
//! against lesson 000's schedule: an event processed on its first delivery
//! whose ack is lost again and again is redelivered at the backoff's times;
//! a repeat that arrives after its id expired is processed again (and the
//! id stored again, with a new expiry). A record is valid while
//! `t <= stored_at + ttl`. No randomness: the schedule is deterministic.

use crate::Backoff;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TtlRun {
    pub backoff: Backoff,
    /// Deliveries whose ack is lost (each is followed by a redelivery, up
    /// to the backoff's retries).
    pub acks_lost: u32,
    /// None: the record never expires.
    pub ttl_ms: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Processed for the first time.
    Processed,
    /// A repeat found its id: discarded.
    Discarded,
    /// A repeat whose id had expired: processed again.
    ProcessedAgain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TtlDelivery {
    pub at_ms: u64,
    pub outcome: Outcome,
    /// The stored id's expiry after this delivery (None: never).
    pub expires_at_ms: Option<u64>,
}

impl TtlRun {
    pub fn deliveries(&self) -> Vec<TtlDelivery> {
        let redeliveries = self.acks_lost.min(self.backoff.retries_max);
        let mut at_ms = 0;
        let mut expires_at_ms: Option<u64> = None;
        let mut out = Vec::with_capacity(redeliveries as usize + 1);
        for n in 0..=redeliveries {
            if n > 0 {
                at_ms += self.backoff.deterministic_wait_ms(n);
            }
            let stored = n > 0 && expires_at_ms.is_none_or(|e| at_ms <= e);
            let outcome = match (n, stored) {
                (0, _) => Outcome::Processed,
                (_, true) => Outcome::Discarded,
                (_, false) => Outcome::ProcessedAgain,
            };
            if outcome != Outcome::Discarded {
                expires_at_ms = self.ttl_ms.map(|ttl| at_ms + ttl);
            }
            out.push(TtlDelivery {
                at_ms,
                outcome,
                expires_at_ms: if self.ttl_ms.is_some() { expires_at_ms } else { None },
            });
        }
        out
    }

    /// Business effects: one per processing.
    pub fn effects(&self) -> usize {
        self.deliveries().iter().filter(|d| d.outcome != Outcome::Discarded).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(acks_lost: u32, ttl_s: Option<u64>) -> TtlRun {
        TtlRun { backoff: Backoff::default(), acks_lost, ttl_ms: ttl_s.map(|s| s * 1_000) }
    }

    #[test]
    fn lesson_000s_schedule_against_a_ttl() {
        // Ack lost five times: redelivered at 30, 90, 210, 450 and 930 s.
        let d = run(5, Some(300)).deliveries();
        assert_eq!(d.iter().map(|d| d.at_ms / 1_000).collect::<Vec<_>>(), [0, 30, 90, 210, 450, 930]);
        let again: Vec<u64> =
            d.iter().filter(|d| d.outcome == Outcome::ProcessedAgain).map(|d| d.at_ms / 1_000).collect();
        assert_eq!(again, [450, 930], "a TTL of 300 s lets the late repeats through");
        assert_eq!(run(5, Some(300)).effects(), 3);
        // A TTL as long as the whole schedule (1,890 s) protects every repeat, even the sixth's.
        assert_eq!(run(6, Some(1_890)).effects(), 1);
        assert_eq!(run(6, Some(1_889)).effects(), 2, "one second short: the repeat at 1,890 s goes through");
        assert_eq!(run(6, None).effects(), 1, "no expiry: one effect");
    }
}
