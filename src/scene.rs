//! Scenes: an experiment whose lesson tells a process in time plays its run
//! on one clock. The run stays a pure function of its parameters; the clock
//! only chooses the instant the figure shows. Each scene declares its
//! `Timeline` (`Spec::timeline`): where the run ends and what happens on
//! the way, in the learner's words; the shell keeps one `SceneClock` for the
//! open experiment, and draws the same controls, keys, running caption and
//! live region under every scene. Lesson 000's timeline keeps its own clock
//! (its run is stepped by interventions), with the same keys.

/// Time and playback, for the experiment that is open (a hidden experiment
/// never receives them, so it never plays).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transport {
    TogglePlay,
    Pause,
    /// Advance to the next thing that happens.
    Step,
    /// Back to the thing that happened before.
    StepBack,
    /// Back to the start (the plan stays).
    Reset,
    /// Real time passed while playing (from the animation-frame hook).
    Tick {
        elapsed_real_ms: f64,
        now_real_ms: f64,
    },
    /// Jump to this simulated time, forward or back.
    Seek {
        clock_ms: u64,
    },
}

/// One thing that happens in a run, at its instant, in the learner's words
/// (the scene's running caption; its live region says it once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub at_ms: u64,
    pub text: String,
}

/// A run told in time: where it ends and what happens on the way, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timeline {
    pub end_ms: u64,
    pub moments: Vec<Moment>,
    /// The instant its figure's axis calls 0: the lag's «ahora», 10 min
    /// into a run that starts when the group began to fall behind. Its
    /// clock counts from there (−10 min … +15 min), as the axis does.
    pub origin_ms: u64,
    /// A run that moves in ticks (the groups' one second) steps a tick at a
    /// time, so every reading of its offsets is a stop (the lesson's «a los
    /// 3 s» among them); 0 steps from moment to moment.
    pub tick_ms: u64,
}

impl Timeline {
    /// The moments in order, ties as given; the end is at least the last of
    /// them (and 1 ms). Each is inserted where it belongs: a scene has a few
    /// dozen, pushed mostly in order, and std's stable sort linked its
    /// driftsort into every page.
    pub fn new(end_ms: u64, given: Vec<Moment>) -> Self {
        let mut moments: Vec<Moment> = Vec::with_capacity(given.len());
        for moment in given {
            let at = moments.partition_point(|m| m.at_ms <= moment.at_ms);
            moments.insert(at, moment);
        }
        let last = moments.last().map_or(0, |m| m.at_ms);
        Timeline { end_ms: end_ms.max(last).max(1), moments, origin_ms: 0, tick_ms: 0 }
    }

    /// The same run, its clock counted from `origin_ms`.
    pub fn counted_from(self, origin_ms: u64) -> Self {
        Timeline { origin_ms, ..self }
    }

    /// The same run, stepped a tick of `tick_ms` at a time.
    pub fn in_ticks_of(self, tick_ms: u64) -> Self {
        Timeline { tick_ms, ..self }
    }

    /// A time on its clock, in the run's own scale: tenths of a second for
    /// a run of seconds, minutes and hours for a longer one, whole seconds
    /// where the lesson counts in them (`in_seconds`). Signed from its
    /// origin when it has one (the lag's axis: −10 min … +15 min).
    pub fn clock_text(&self, at_ms: u64, in_seconds: bool) -> String {
        use crate::format;
        let origin_ms = self.origin_ms;
        let (sign, from_ms) = match at_ms.cmp(&origin_ms) {
            _ if origin_ms == 0 => ("", at_ms),
            std::cmp::Ordering::Less => ("−", origin_ms - at_ms),
            std::cmp::Ordering::Equal => ("", 0),
            std::cmp::Ordering::Greater => ("+", at_ms - origin_ms),
        };
        // A run shorter than a second in milliseconds: tenths of a second
        // read a restart at 150 ms as «0.2 s» and a 3 ms run as «0 s / 0 s».
        let text = if self.end_ms < 1_000 {
            format!("{} ms", format::int(from_ms))
        } else if self.end_ms < 60_000 {
            format::seconds(from_ms)
        } else if in_seconds {
            format::seconds(format::round_s(from_ms) * 1_000)
        } else {
            format::duration_ms(from_ms)
        };
        format!("{sign}{text}")
    }

    /// What has happened last at `at_ms`: every moment of that instant, in
    /// order (the DLQ's fix and a message marked failed at 2 h, or two
    /// redrives at 3 h, are one instant; only the last one was said).
    pub fn latest(&self, at_ms: u64) -> String {
        let reached = self.moments.partition_point(|m| m.at_ms <= at_ms);
        let Some(last) = reached.checked_sub(1).map(|i| self.moments[i].at_ms) else { return String::new() };
        let first = self.moments[..reached].partition_point(|m| m.at_ms < last);
        let texts: Vec<&str> = self.moments[first..reached].iter().map(|m| m.text.as_str()).collect();
        texts.join(" ")
    }

    /// How long a play holds on each of its moments (`HOLD_REAL_MS`, less
    /// when they are many); the start and the end hold no play.
    fn hold_real_ms(&self) -> u32 {
        let inside = self.moments.iter().filter(|m| m.at_ms > 0 && m.at_ms < self.end_ms).count();
        HOLD_REAL_MS.min(HOLDS_REAL_MS / inside.max(1) as u32)
    }

    /// Where a step forward from `at_ms` stops: the next moment or tick,
    /// else the end.
    pub fn next_after(&self, at_ms: u64) -> u64 {
        let moment = self.moments.iter().map(|m| m.at_ms).find(|&t| t > at_ms).unwrap_or(self.end_ms);
        match self.tick_ms {
            0 => moment,
            tick => moment.min((at_ms / tick + 1) * tick).min(self.end_ms),
        }
    }

    /// Where a step back from `at_ms` stops: the moment or tick before,
    /// else the start.
    pub fn previous_before(&self, at_ms: u64) -> u64 {
        let moment = self.moments.iter().map(|m| m.at_ms).rfind(|&t| t < at_ms).unwrap_or(0);
        match self.tick_ms {
            0 => moment,
            tick => moment.max(at_ms.saturating_sub(1) / tick * tick),
        }
    }
}

/// A piecewise-linear series `(t, value)` as far as `at`: its points up to
/// it and, between two points, the value at it (a line drawn to the clock).
pub fn cut(series: &[(u64, u64)], at: u64) -> Vec<(u64, u64)> {
    let mut shown: Vec<(u64, u64)> = series.iter().copied().take_while(|(t, _)| *t <= at).collect();
    if let (Some(&(t0, v0)), Some(&(t1, v1))) = (shown.last(), series.get(shown.len())) {
        if t0 < at && t1 > t0 {
            let v = v0 as f64 + (v1 as f64 - v0 as f64) * ((at - t0) as f64 / (t1 - t0) as f64);
            shown.push((at, v.round() as u64));
        }
    }
    shown
}

/// Real time a whole run takes to play: long enough to watch it happen,
/// short enough to wait for (a default scene reaches its point in 15–40 s).
pub const PLAY_REAL_MS: f64 = 25_000.0;
/// A frame's advance is capped (a background tab's long pause is no jump).
const TICK_REAL_MS_MAX: f64 = 250.0;
/// Real time a playing scene holds on each moment it reaches, so that what
/// happens there (a consumer dies, the lag crosses its line) is seen and
/// read where it happens; a run with many moments holds each less, so its
/// holds add at most `HOLDS_REAL_MS` to a play.
pub const HOLD_REAL_MS: u32 = 1_500;
const HOLDS_REAL_MS: u32 = 12_000;

/// A playing clock's hold on the moment it reached, as both clocks keep it
/// (the scenes' and lesson 000's): any other transport ends it; a tick
/// while it plays and holds is spent on it, and the clock stays (true).
pub fn spend_hold(hold_real_ms: &mut u32, playing: bool, transport: &Transport) -> bool {
    match *transport {
        Transport::Tick { elapsed_real_ms, .. } if playing && *hold_real_ms > 0 => {
            *hold_real_ms = hold_real_ms.saturating_sub(elapsed_real_ms.clamp(0.0, TICK_REAL_MS_MAX) as u32);
            true
        }
        Transport::Tick { .. } => false,
        _ => {
            *hold_real_ms = 0;
            false
        }
    }
}

/// The open scene's clock: the instant shown and whether it plays. No
/// instant: the run's end, the whole picture, which is how a scene opens
/// (and what its link says by saying nothing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SceneClock {
    pub at_ms: Option<u64>,
    pub playing: bool,
    /// Real time the playing clock still holds on the moment it reached.
    pub hold_real_ms: u32,
}

impl SceneClock {
    /// A link's clock (`at`); 0 or none opens the whole run.
    pub fn opened_at(clock_ms: u64) -> Self {
        SceneClock { at_ms: (clock_ms > 0).then_some(clock_ms), playing: false, hold_real_ms: 0 }
    }

    /// The instant shown, within the run.
    pub fn at(&self, timeline: &Timeline) -> u64 {
        self.at_ms.map_or(timeline.end_ms, |at| at.min(timeline.end_ms))
    }

    pub fn transport(&mut self, timeline: &Timeline, transport: Transport) {
        let now = self.at(timeline);
        let end = timeline.end_ms;
        if spend_hold(&mut self.hold_real_ms, self.playing, &transport) {
            return;
        }
        match transport {
            Transport::TogglePlay => {
                // Play from the end plays the run again, from its start.
                if !self.playing && now >= end {
                    self.at_ms = Some(0);
                }
                self.playing = !self.playing;
            }
            Transport::Pause => self.playing = false,
            Transport::Step => self.stop_at(timeline.next_after(now)),
            Transport::StepBack => self.stop_at(timeline.previous_before(now)),
            Transport::Reset => self.stop_at(0),
            Transport::Tick { elapsed_real_ms, .. } if self.playing => {
                let elapsed = elapsed_real_ms.clamp(0.0, TICK_REAL_MS_MAX);
                let advance_ms = (elapsed * end as f64 / PLAY_REAL_MS).ceil() as u64;
                let to = now.saturating_add(advance_ms.max(1));
                // A moment passed on the way: the clock stops on it, and holds.
                if let Some(moment) = timeline.moments.iter().map(|m| m.at_ms).find(|&t| t > now && t < to.min(end)) {
                    self.at_ms = Some(moment);
                    self.hold_real_ms = timeline.hold_real_ms();
                    return;
                }
                self.at_ms = Some(to.min(end));
                self.playing = to < end;
            }
            Transport::Tick { .. } => {}
            Transport::Seek { clock_ms } => self.at_ms = Some(clock_ms.min(end)),
        }
        // Paused at the end is the whole picture again.
        if !self.playing && self.at_ms == Some(end) {
            self.at_ms = None;
        }
    }

    fn stop_at(&mut self, at_ms: u64) {
        self.playing = false;
        self.at_ms = Some(at_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timeline() -> Timeline {
        let moment = |at_ms: u64, text: &str| Moment { at_ms, text: text.to_owned() };
        Timeline::new(10_000, vec![moment(6_000, "b"), moment(2_000, "a")])
    }

    /// Moments of one instant are said together, in the order given.
    #[test]
    fn the_latest_instant_says_all_its_moments() {
        let moment = |at_ms: u64, text: &str| Moment { at_ms, text: text.to_owned() };
        let t = Timeline::new(
            10_000,
            vec![moment(2_000, "a."), moment(6_000, "b."), moment(6_000, "c."), moment(9_000, "d.")],
        );
        assert_eq!(t.latest(6_000), "b. c.");
        assert_eq!(t.latest(8_999), "b. c.");
        assert_eq!(t.latest(9_000), "d.");
    }

    /// A clock in the run's scale; counted from an origin, signed as the
    /// axis it moves along.
    #[test]
    fn a_clock_says_its_time_in_the_runs_scale_and_from_its_origin() {
        assert_eq!(timeline().clock_text(2_500, false), "2.5 s");
        let short = Timeline::new(400, Vec::new());
        assert_eq!((short.clock_text(150, false), short.clock_text(400, true)), ("150 ms".into(), "400 ms".into()));
        let long = Timeline::new(1_500_000, Vec::new());
        assert_eq!(long.clock_text(600_000, false), "10 min");
        assert_eq!(long.clock_text(600_400, true), "600 s");
        let from_now = long.counted_from(600_000);
        assert_eq!(from_now.clock_text(0, false), "−10 min");
        assert_eq!(from_now.clock_text(600_000, false), "0 s");
        assert_eq!(from_now.clock_text(1_500_000, false), "+15 min");
    }

    #[test]
    fn a_scene_opens_whole_plays_from_its_start_and_stops_whole() {
        let t = timeline();
        let mut clock = SceneClock::opened_at(0);
        assert_eq!(clock.at(&t), 10_000, "the whole run");
        clock.transport(&t, Transport::TogglePlay);
        assert_eq!((clock.at(&t), clock.playing), (0, true), "play from the end starts again");
        clock.transport(&t, Transport::Tick { elapsed_real_ms: 100.0, now_real_ms: 0.0 });
        assert_eq!(clock.at(&t), 40, "a whole run in PLAY_REAL_MS: 10 s in 25 s");
        clock.transport(&t, Transport::Tick { elapsed_real_ms: 10_000.0, now_real_ms: 0.0 });
        assert_eq!(clock.at(&t), 140, "a long pause advances one capped frame (250 ms)");
        for _ in 0..200 {
            clock.transport(&t, Transport::Tick { elapsed_real_ms: 250.0, now_real_ms: 0.0 });
        }
        assert_eq!((clock, clock.at(&t)), (SceneClock::default(), 10_000), "stopped at the end: the whole picture");
    }

    /// Playing, the clock stops on each moment it reaches and holds there
    /// (it ran through a consumer's death in 0.4 s); a pause or a seek ends
    /// the hold, and many moments hold less each.
    #[test]
    fn a_playing_scene_holds_on_its_moments() {
        let t = timeline();
        let mut clock = SceneClock::opened_at(1_990);
        clock.transport(&t, Transport::TogglePlay);
        let tick = Transport::Tick { elapsed_real_ms: 100.0, now_real_ms: 0.0 };
        clock.transport(&t, tick);
        assert_eq!((clock.at(&t), clock.hold_real_ms), (2_000, 1_500), "stopped on the moment at 2 s");
        for _ in 0..14 {
            clock.transport(&t, tick);
        }
        assert_eq!((clock.at(&t), clock.hold_real_ms, clock.playing), (2_000, 100, true), "1.4 s later, still there");
        clock.transport(&t, tick);
        clock.transport(&t, tick);
        assert_eq!(clock.at(&t), 2_040, "and on");
        clock.transport(&t, Transport::Seek { clock_ms: 5_990 });
        clock.transport(&t, tick);
        assert_eq!((clock.at(&t), clock.hold_real_ms), (6_000, 1_500));
        clock.transport(&t, Transport::Pause);
        assert_eq!(clock.hold_real_ms, 0);
        let moment = |at_ms: u64| Moment { at_ms, text: String::new() };
        let busy = Timeline::new(100_000, (1..=40).map(|i| moment(i * 2_000)).collect());
        assert_eq!(busy.hold_real_ms(), 300, "40 moments share 12 s");
    }

    #[test]
    fn moments_are_in_time_order_ties_as_given() {
        let moment = |at_ms: u64, text: &str| Moment { at_ms, text: text.to_owned() };
        let given = [(6, "d"), (2, "a"), (4, "b"), (4, "c"), (9, "e"), (2, "a2")];
        let t = Timeline::new(0, given.iter().map(|&(at, text)| moment(at, text)).collect());
        let order: Vec<&str> = t.moments.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(order, ["a", "a2", "b", "c", "d", "e"]);
        assert_eq!(t.end_ms, 9, "the end reaches the last moment");
    }

    #[test]
    fn a_series_is_cut_at_the_clock() {
        let series = [(0, 0), (10, 100), (20, 40)];
        assert_eq!(cut(&series, 5), [(0, 0), (5, 50)]);
        assert_eq!(cut(&series, 10), [(0, 0), (10, 100)]);
        assert_eq!(cut(&series, 15), [(0, 0), (10, 100), (15, 70)]);
        assert_eq!(cut(&series, 99), series, "past its end: the whole series");
        assert_eq!(cut(&[], 5), []);
    }

    #[test]
    fn steps_go_from_moment_to_moment_both_ways() {
        let t = timeline();
        let mut clock = SceneClock::opened_at(0);
        clock.transport(&t, Transport::Reset);
        let mut forward = Vec::new();
        for _ in 0..4 {
            clock.transport(&t, Transport::Step);
            forward.push(clock.at(&t));
        }
        assert_eq!(forward, [2_000, 6_000, 10_000, 10_000]);
        let mut back = Vec::new();
        for _ in 0..4 {
            clock.transport(&t, Transport::StepBack);
            back.push(clock.at(&t));
        }
        assert_eq!(back, [6_000, 2_000, 0, 0]);
        assert_eq!(t.latest(5_999), "a");
        assert_eq!(t.latest(1_999), "", "nothing yet");
        clock.transport(&t, Transport::Seek { clock_ms: 99_999 });
        assert_eq!(clock.at(&t), 10_000, "a seek stays within the run");
    }

    /// A run in ticks stops on every tick and on each moment between two.
    #[test]
    fn a_run_in_ticks_steps_a_tick_and_stops_on_its_moments() {
        let t = timeline().in_ticks_of(3_000);
        let mut clock = SceneClock::opened_at(0);
        clock.transport(&t, Transport::Reset);
        let mut forward = Vec::new();
        for _ in 0..6 {
            clock.transport(&t, Transport::Step);
            forward.push(clock.at(&t));
        }
        assert_eq!(forward, [2_000, 3_000, 6_000, 9_000, 10_000, 10_000]);
        let mut back = Vec::new();
        for _ in 0..6 {
            clock.transport(&t, Transport::StepBack);
            back.push(clock.at(&t));
        }
        assert_eq!(back, [9_000, 6_000, 3_000, 2_000, 0, 0]);
    }
}
