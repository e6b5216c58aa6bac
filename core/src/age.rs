//! «Colas y streams»' error 5: watching only a queue's depth. A queue that
//! holds a steady `depth` of healthy messages (each waits `depth × job_s ÷
//! workers`: 50 messages are 2 minutes or 2 hours behind, depending on the
//! job), and a poison message that hangs every worker that takes it until
//! its visibility timeout, forever or until `max_receive` sends it to the
//! DLQ. The depth barely moves; the age of the oldest message climbs. No
//! randomness; whole seconds.

/// Where the poison message comes in: ten minutes into the hour shown.
pub const POISON_AT_S: u64 = 600;
/// The hour the page draws.
pub const HORIZON_S: u64 = 3_600;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AgeConfig {
    pub depth: u64,
    pub job_s: u64,
    pub workers: u64,
    pub poison: bool,
    pub visibility_s: u64,
    /// None: no maxReceiveCount, the poison message never leaves.
    pub max_receive: Option<u32>,
    /// Alert when the oldest message is this old (CloudWatch's
    /// GreaterThanOrEqualToThreshold).
    pub age_alert_s: u64,
    /// Alert when this many messages are waiting.
    pub depth_alert: u64,
    /// Either alert fires once its condition has held this long (the
    /// lesson's «sostenido unos minutos»: a blip wakes nobody).
    pub hold_s: u64,
    /// The system's promise: no message waits longer. The age alert's
    /// threshold is chosen below it, so the alert fires before it breaks.
    pub promise_s: u64,
}

/// When each thing happens within the hour (None: not in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AgeRun {
    pub healthy_age_s: u64,
    pub to_dlq_at_s: Option<u64>,
    pub age_alert_at_s: Option<u64>,
    pub depth_alert_at_s: Option<u64>,
    /// When the oldest message first waits longer than the promise.
    pub promise_broken_at_s: Option<u64>,
}

impl AgeConfig {
    /// How long the oldest healthy message has waited: Little's law with the
    /// workers' throughput (`workers ÷ job_s`).
    pub fn healthy_age_s(&self) -> u64 {
        (self.depth * self.job_s).div_ceil(self.workers.max(1))
    }

    /// Every receive hangs a worker until the visibility timeout ends; the
    /// `max_receive`-th one's end moves it to the DLQ.
    pub fn to_dlq_at_s(&self) -> Option<u64> {
        let receives = u64::from(self.max_receive?);
        self.poison.then(|| POISON_AT_S + receives * self.visibility_s.max(1))
    }

    fn poison_waiting(&self, t: u64) -> bool {
        self.poison && t >= POISON_AT_S && self.to_dlq_at_s().is_none_or(|out| t < out)
    }

    pub fn depth_at(&self, t: u64) -> u64 {
        self.depth + u64::from(self.poison_waiting(t))
    }

    pub fn oldest_age_at(&self, t: u64) -> u64 {
        let poison = if self.poison_waiting(t) { t - POISON_AT_S } else { 0 };
        self.healthy_age_s().max(poison)
    }

    pub fn run(&self) -> AgeRun {
        // The first second at which the condition has held for `hold_s`.
        let first = |f: &dyn Fn(u64) -> bool| {
            let mut since = None;
            (0..=HORIZON_S).find(|&t| {
                since = if f(t) { since.or(Some(t)) } else { None };
                since.is_some_and(|s| t - s >= self.hold_s)
            })
        };
        AgeRun {
            healthy_age_s: self.healthy_age_s(),
            to_dlq_at_s: self.to_dlq_at_s().filter(|&t| t <= HORIZON_S),
            age_alert_at_s: first(&|t| self.oldest_age_at(t) >= self.age_alert_s),
            depth_alert_at_s: first(&|t| self.depth_at(t) >= self.depth_alert),
            promise_broken_at_s: (0..=HORIZON_S).find(|&t| self.oldest_age_at(t) > self.promise_s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LESSON: AgeConfig = AgeConfig {
        depth: 50,
        job_s: 24,
        workers: 10,
        poison: true,
        visibility_s: 30,
        max_receive: None,
        age_alert_s: 300,
        depth_alert: 100,
        hold_s: 0,
        promise_s: 300,
    };

    #[test]
    fn fifty_messages_are_two_minutes_or_two_hours() {
        assert_eq!(AgeConfig { poison: false, ..LESSON }.healthy_age_s(), 120);
        assert_eq!(AgeConfig { poison: false, job_s: 1_440, ..LESSON }.healthy_age_s(), 7_200);
    }

    #[test]
    fn a_poison_message_ages_the_queue_and_not_its_depth() {
        let run = LESSON.run();
        assert_eq!((run.depth_alert_at_s, run.age_alert_at_s, run.to_dlq_at_s), (None, Some(POISON_AT_S + 300), None));
        assert_eq!((LESSON.depth_at(0), LESSON.depth_at(HORIZON_S)), (50, 51), "one more message in 50");
        // maxReceiveCount 5 at 30 s: in the DLQ after 150 s, before the age alert.
        let dlq = AgeConfig { max_receive: Some(5), ..LESSON }.run();
        assert_eq!((dlq.to_dlq_at_s, dlq.age_alert_at_s), (Some(POISON_AT_S + 150), None));
        // Slow jobs: the same 50 messages, two hours behind from the start.
        let slow = AgeConfig { poison: false, job_s: 1_440, ..LESSON }.run();
        assert_eq!((slow.age_alert_at_s, slow.depth_alert_at_s), (Some(0), None));
    }

    /// «Colas y streams»: the threshold comes from the promise and stays
    /// under it. At 3 minutes held 1 minute, the alert fires at 14 min, a
    /// minute before the 5-minute promise breaks (15 min); at the promise
    /// itself, held 5 minutes, it would fire 5 minutes after.
    #[test]
    fn an_alert_under_the_promise_fires_before_it_breaks() {
        let under = AgeConfig { age_alert_s: 180, hold_s: 60, ..LESSON }.run();
        assert_eq!(
            (under.age_alert_at_s, under.promise_broken_at_s),
            (Some(POISON_AT_S + 240), Some(POISON_AT_S + 301))
        );
        let at_promise = AgeConfig { age_alert_s: 300, hold_s: 300, ..LESSON }.run();
        assert!(at_promise.age_alert_at_s.unwrap() > at_promise.promise_broken_at_s.unwrap());
    }

    #[test]
    fn an_alert_fires_once_its_condition_has_held() {
        let held = AgeConfig { hold_s: 300, ..LESSON };
        assert_eq!(held.run().age_alert_at_s, Some(POISON_AT_S + 300 + 300), "5 min past the threshold, held 5 min");
        assert_eq!(AgeConfig { poison: false, job_s: 1_440, ..held }.run().age_alert_at_s, Some(300));
        // Above the threshold for less than the hold: it never fires.
        let blip = AgeConfig { max_receive: Some(12), ..held };
        assert_eq!(
            (blip.to_dlq_at_s(), blip.run().age_alert_at_s),
            (Some(POISON_AT_S + 360), None),
            "60 s above 300 s, then the DLQ"
        );
    }
}
