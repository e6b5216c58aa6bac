//! Lesson 004's lag: a consumer group behind its topic, how fast it drains
//! (at most one consumer per partition), and the lag in messages and in
//! time (the core's `stream::catch_up`). Rates are modelled, not simulated.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::stream::{catch_up, CatchUp};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Lag;

/// The lesson's alert: lag in time above ≈ 60 s, held 5 minutes. (Not
/// C07's 5-minute promise, which the threshold is chosen to protect.)
pub const ALERT_S: u64 = 60;
pub const ALERT_HOLD_S: u64 = 300;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub partitions: u32,
    pub consumers: u32,
    pub per_consumer_per_s: u64,
    pub arrival_per_s: u64,
    pub behind: u64,
    /// Each consumer's rate before the fix the exercise compares (the
    /// lesson's group read 18,000/s: 12 × 1,500), which let the lag build up.
    pub before_per_consumer_per_s: u64,
}

impl Default for Params {
    /// Exercise 9 (a): 12 partitions, consumers of 1,800/s, 20,000/s arriving, 1.2 M behind.
    fn default() -> Self {
        Self {
            partitions: 12,
            consumers: 12,
            per_consumer_per_s: 1_800,
            arrival_per_s: 20_000,
            behind: 1_200_000,
            before_per_consumer_per_s: 1_500,
        }
    }
}

impl Params {
    pub fn catch_up(&self) -> CatchUp {
        catch_up(self.partitions, self.consumers, self.per_consumer_per_s, self.arrival_per_s, self.behind)
    }

    /// The lag in time: what the messages behind took to arrive (the
    /// lesson's alert watches this: lag above ≈ 60 s).
    pub fn lag_s(&self) -> Option<f64> {
        (self.arrival_per_s > 0).then(|| self.behind as f64 / self.arrival_per_s as f64)
    }

    /// The alert's line in messages: ≈ 60 s of arrivals.
    pub fn alert_line(&self) -> u64 {
        ALERT_S * self.arrival_per_s
    }

    /// The lesson's alert («lag > ≈ 60 s sostenido 5 minutos») on this lag,
    /// counting the time the lag drawn before «now» was already above the
    /// line (it grew straight from 0 over `behind_for_s`).
    pub fn alert(&self) -> retry_lab_core::stream::LagAlert {
        let threshold = self.alert_line();
        let above_for_s = match self.behind_for_s() {
            Some(past_s) if self.behind > threshold => past_s * (1.0 - threshold as f64 / self.behind as f64),
            _ => 0.0,
        };
        retry_lab_core::stream::lag_alert(
            self.behind,
            self.arrival_per_s,
            self.catch_up().consume_per_s,
            (ALERT_S, ALERT_HOLD_S),
            above_for_s,
        )
    }

    /// How long the group has been falling behind to be this far back: the
    /// backlog over the deficit before the fix (exercise 9: 1.2 M at 20,000
    /// − 18,000 = 2,000/s, 10 minutes). None if it kept up before.
    pub fn behind_for_s(&self) -> Option<f64> {
        let deficit = self.arrival_per_s.saturating_sub(self.before_per_s());
        (deficit > 0).then(|| self.behind as f64 / deficit as f64)
    }

    /// What the group read before the fix: the lesson's 12 consumers on 12
    /// partitions at `before_per_consumer_per_s` (18,000/s). The page's
    /// partitions and consumers are the fix's: counted with (b)'s 24, the
    /// history read 36,000/s, more than arrives, and its 10 minutes were gone.
    pub fn before_per_s(&self) -> u64 {
        let lesson = Params::default();
        let (reading, _) = retry_lab_core::stream::group(lesson.partitions, lesson.consumers);
        u64::from(reading) * self.before_per_consumer_per_s
    }
}

/// The scene's time, in seconds from the chart's «now» (the fix): the
/// falling behind before it, then the drain (or growth) after it.
impl Params {
    /// How far the chart reaches after «now»: the catch-up and a fifth
    /// more, or 10 minutes of a lag that never drains.
    pub fn span_s(&self) -> f64 {
        self.catch_up().catch_up_s.map_or(600.0, |s| (s * 1.2).max(1.0))
    }

    /// The lag at `t_s` from «now» (negative: while it built up).
    pub fn lag_at(&self, t_s: f64) -> f64 {
        let behind = self.behind as f64;
        let past_s = self.behind_for_s().unwrap_or(0.0);
        if t_s < 0.0 {
            return if past_s > 0.0 { behind * ((t_s + past_s) / past_s).max(0.0) } else { behind };
        }
        let c = self.catch_up();
        let growth = self.arrival_per_s as f64 - c.consume_per_s as f64;
        (behind + growth * t_s).max(0.0)
    }
}

/// A time of the model's (fractional seconds) in words, to the millisecond.
pub fn time_text(s: f64) -> String {
    crate::format::duration_ms((s * 1_000.0).round() as u64)
}

/// The lag in time, in the alert's unit: «60 s», «80 s», «1,200 s» beside
/// its ≈ 60 s line (as a duration it read «1 min 0 s» there). Past an hour
/// it is a duration again.
pub fn lag_text(s: Option<f64>) -> String {
    match s {
        None => "—".to_owned(),
        Some(s) if s < 3_599.5 => format!("{} s", crate::format::int(s.round() as u64)),
        Some(s) => time_text(s),
    }
}

/// What the alert's words say now, from the numbers the figure draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// It fires (and may clear): `LagAlert`'s instants.
    Fires { at_s: f64, clears_s: Option<f64> },
    /// Exactly at the line now (exercise 9), and falling.
    AtTheLine,
    /// Above the line now, but back under it before it has been above for 5
    /// minutes, the time before «now» counted.
    Above,
    /// Below the line.
    Below,
}

impl Params {
    pub fn verdict(&self) -> Verdict {
        let alert = self.alert();
        match alert.fires_at_s {
            Some(at_s) => Verdict::Fires { at_s, clears_s: alert.clears_at_s },
            None if self.arrival_per_s == 0 => Verdict::Below,
            None => match self.behind.cmp(&self.alert_line()) {
                std::cmp::Ordering::Equal => Verdict::AtTheLine,
                std::cmp::Ordering::Greater => Verdict::Above,
                std::cmp::Ordering::Less => Verdict::Below,
            },
        }
    }

    /// The figure's point: how long the group has been falling behind (when
    /// the rate before the fix says), how far back it is in events and in
    /// time, and what the fix's spare capacity does with it.
    pub fn insight(&self, lang: crate::i18n::Lang) -> String {
        let t = s(lang);
        let c = self.catch_up();
        let since = self.behind_for_s().map(time_text);
        let lag = lag_text(self.lag_s());
        (t.insight)(
            since.as_deref(),
            &crate::format::millions(self.behind),
            &lag,
            &crate::format::int(c.spare_per_s),
            c.catch_up_s.map(time_text).as_deref(),
        )
    }

    /// When the alert fires, in words: at an instant after «now», or since
    /// one before it (the lag was already held above the line).
    pub fn fires_when(&self, lang: crate::i18n::Lang, at_s: f64) -> String {
        let t = s(lang);
        if at_s < 0.0 {
            (t.fires_before)(&time_text(-at_s))
        } else {
            (t.fires_after)(&time_text(at_s))
        }
    }

    /// The alert's words under the figure.
    pub fn verdict_text(&self, lang: crate::i18n::Lang) -> String {
        let t = s(lang);
        let lag = lag_text(self.lag_s());
        match self.verdict() {
            Verdict::Fires { at_s, clears_s } => {
                (t.alert_fires)(&self.fires_when(lang, at_s), clears_s.map(time_text).as_deref())
            }
            Verdict::AtTheLine => (t.alert_at_line)(&lag),
            Verdict::Above => (t.alert_above)(&lag),
            Verdict::Below => (t.alert_quiet)(&lag),
        }
    }
}

pub type State = ();

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 6] = [
    ParamSpec::keyed(
        "lag_partitions",
        Domain::int(1, 1_000, ""),
        |l| s(l).partitions,
        |p| Value::Int(p.partitions.into()),
        |p, v| p.partitions = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "lag_consumers",
        Domain::int(1, 1_000, ""),
        |l| s(l).consumers,
        |p| Value::Int(p.consumers.into()),
        |p, v| p.consumers = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "consumer_rate",
        Domain::int(1, 10_000_000, "/s"),
        |l| s(l).per_consumer,
        |p| Value::Int(p.per_consumer_per_s),
        |p, v| p.per_consumer_per_s = int(&v),
    ),
    ParamSpec::keyed(
        "arrival_rate",
        // From 1/s: the lesson's lag in time (backlog ÷ arrivals) and its
        // ≈ 60 s line need arrivals; at 0 the page said «—» was below the line.
        Domain::int(1, 100_000_000, "/s"),
        |l| s(l).arrival,
        |p| Value::Int(p.arrival_per_s),
        |p, v| p.arrival_per_s = int(&v),
    ),
    ParamSpec::keyed(
        "behind",
        Domain::int(0, 10_000_000_000, ""),
        |l| s(l).behind,
        |p| Value::Int(p.behind),
        |p, v| p.behind = int(&v),
    ),
    ParamSpec::keyed(
        "rate_before",
        Domain::int(0, 10_000_000, "/s"),
        |l| s(l).rate_before,
        |p| Value::Int(p.before_per_consumer_per_s),
        |p, v| p.before_per_consumer_per_s = int(&v),
    ),
];

static PRESETS: [Preset; 3] = [
    Preset { code: "exercise-9a", label: |l| s(l).preset_a, values: &[], versions: (1, crate::unit::LINK_VERSION) },
    Preset {
        code: "exercise-9b",
        label: |l| s(l).preset_b,
        values: &[("lag_partitions", "24"), ("lag_consumers", "24"), ("consumer_rate", "1500")],
        versions: (1, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "more-consumers",
        label: |l| s(l).preset_more,
        values: &[("lag_consumers", "20"), ("consumer_rate", "1500")],
        versions: (1, crate::unit::LINK_VERSION),
    },
];

/// The number its lesson states, asked before the figure says it.
static PREDICTION: crate::tasks::Prediction<Params, State> = crate::tasks::Prediction {
    question: |lang| {
        lang.pick("¿cuánto tarda el grupo en ponerse al día?", "how long does the group take to catch up?")
    },
    unit: "s",
    counted: false,
    answer: |p: &Params, _, _: &State| p.catch_up().catch_up_s.map(|s| s.round() as u64),
    why: |lang| {
        lang.pick("El atraso baja solo con lo que sobra: consumo del grupo − llegadas. Más consumidores que particiones no consumen más.", "The backlog falls only by what is spare: the group's consumption − arrivals. More consumers than partitions consume no more.")
    },
};

impl crate::unit::Spec for Lag {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "lag";
    /// Beside the figure (the others under "Más parámetros").
    const PRIMARY: &'static [&'static str] = &["arrival_rate", "consumer_rate", "behind", "lag_consumers"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    const PREDICTION: Option<&'static crate::tasks::Prediction<Params, State>> = Some(&PREDICTION);
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(p: &Params, _: &Shared, _: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let (c, (reading, idle), alert) =
            (p.catch_up(), retry_lab_core::stream::group(p.partitions, p.consumers), p.alert());
        let s = |s: Option<f64>, none| Number::or(s.map(|s| Number::Int(s.round() as u64, "s")), none, "s");
        vec![
            ("consume_per_s", Number::Int(c.consume_per_s, "/s")),
            ("spare_per_s", Number::Int(c.spare_per_s, "/s")),
            ("catch_up_s", s(c.catch_up_s, "never")),
            ("reading", Number::count(reading)),
            ("idle", Number::count(idle)),
            ("lag_s", s(p.lag_s(), "—")),
            ("behind_for_s", s(p.behind_for_s(), "—")),
            ("alert_fires_at_s", s(alert.fires_at_s, "never")),
            ("alert_clears_at_s", s(alert.clears_at_s, "—")),
        ]
    }
    /// The scene: the group falling behind, the fix, the alert if it fires,
    /// the lag back to 0; on one clock from the start of the falling behind.
    fn timeline(p: &Params, _: &Shared, _: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        let t = s(lang);
        let c = p.catch_up();
        let past_s = p.behind_for_s().unwrap_or(0.0);
        let ms = |at_s: f64| ((at_s + past_s) * 1_000.0).round() as u64;
        let int = crate::format::int;
        let mut moments = Vec::new();
        if past_s > 0.0 {
            moments.push(Moment { at_ms: 0, text: (t.moment_behind)(&int(p.before_per_s()), &int(p.arrival_per_s)) });
        }
        moments.push(Moment {
            at_ms: ms(0.0),
            text: (t.moment_fix)(&int(c.consume_per_s), c.consume_per_s.cmp(&p.arrival_per_s)),
        });
        let alert = p.alert();
        let span_s = p.span_s();
        if let Some(at_s) = alert.fires_at_s.filter(|s| *s <= span_s) {
            moments.push(Moment { at_ms: ms(at_s), text: t.moment_fires.to_owned() });
        }
        if let Some(at_s) = alert.clears_at_s.filter(|s| *s <= span_s) {
            moments.push(Moment { at_ms: ms(at_s), text: t.moment_clears.to_owned() });
        }
        if let Some(at_s) = c.catch_up_s {
            moments.push(Moment { at_ms: ms(at_s), text: t.moment_caught_up.to_owned() });
        }
        // Counted from «ahora», as the chart's axis is.
        Some(Timeline::new(ms(span_s), moments).counted_from(ms(0.0)))
    }
}

impl crate::unit::Computed for Lag {
    /// Lag is arithmetic on its parameters: nothing to keep.
    fn state(_: &Params, _: &Shared) -> State {}
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("lag-exercise-9", witness: "preset=exercise-9b", |p: &Params, _: &Shared, _: &State| {
            p.behind >= 1_200_000 && p.arrival_per_s >= 20_000 && p.catch_up().catch_up_s.is_some_and(|s| s <= 120.0)
        },
        es: ["Con 1.2 M eventos de atraso y 20,000 llegando por segundo, recupera el atraso en menos de 2 minutos.",
            "Compara un consumidor más rápido con más particiones y más consumidores.",
            "Lo que vacía el atraso es lo que sobra: (a) 12 × 1,800 = 21,600/s, sobran 1,600/s: 750 s. (b) 24 × 1,500 = 36,000/s, sobran 16,000/s: 75 s. Diez veces más rápido, pero cambiar particiones mueve llaves."],
        en: ["With 1.2 M events behind and 20,000 arriving per second, catch up in under 2 minutes.",
            "Compare a faster consumer with more partitions and more consumers.",
            "What drains the lag is the spare rate: (a) 12 × 1,800 = 21,600 per second, 1,600 spare: 750 s. (b) 24 × 1,500 = 36,000, 16,000 spare: 75 s. Ten times faster, but changing partitions moves keys."]),
    crate::tasks::task!("lag-more-consumers", witness: "preset=more-consumers", |p: &Params, _: &Shared, _: &State| p.consumers > p.partitions,
        es: ["Agrega más consumidores que particiones y mira qué pasa con el ritmo.",
            "Sube los consumidores por encima de 12.",
            "Una partición tiene un único lector en el grupo: los consumidores que sobran no reciben nada y el ritmo sigue igual. Lo que sí sube el ritmo: más particiones, o consumidores que lean más rápido."],
        en: ["Add more consumers than partitions and see what happens to the rate.",
            "Raise the consumers above 12.",
            "Each partition is read by one consumer of the group: the extra ones get nothing and the rate does not change. To really scale: faster consumers, or more partitions."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    fn preset(code: &str) -> Params {
        link::preset_params(&PRESETS, code).lag
    }

    /// Arrivals start at 1/s: a link with 0 opens at 1/s, where the lag has
    /// a time and the alert a line (at 0 the page called «—» below it).
    #[test]
    fn arrivals_start_at_one_per_second() {
        let p = link::decode("v=4&exp=lag&arrival_rate=0").0.to_init(&[], Vec::new()).params.lag;
        assert_eq!(p.arrival_per_s, 1);
        assert!(p.lag_s().is_some());
        assert_ne!(p.verdict(), Verdict::Below, "1.2 M behind at 1/s is far above a 60-message line");
    }

    #[test]
    fn exercise_9() {
        let a = preset("exercise-9a").catch_up();
        assert_eq!((a.consume_per_s, a.spare_per_s, a.catch_up_s), (21_600, 1_600, Some(750.0)));
        // (b) fell behind as (a) did: the same group before the fix, 10 minutes.
        assert_eq!(preset("exercise-9b").behind_for_s(), Some(600.0));
        let b = preset("exercise-9b").catch_up();
        assert_eq!((b.consume_per_s, b.spare_per_s, b.catch_up_s), (36_000, 16_000, Some(75.0)));
        // 20 consumers on 12 partitions: 8 idle, 18,000/s, never catches up.
        assert_eq!(preset("more-consumers").catch_up().catch_up_s, None);
        assert_eq!(Params::default().lag_s(), Some(60.0));
        // The lesson's "10 minutos atrasado (1.2 M)": 1.2 M at a 2,000/s deficit
        // (12 × 1,500 = 18,000 against 20,000), beside the 60 s the alert reads.
        assert_eq!(Params::default().behind_for_s(), Some(600.0));
        assert_eq!(Params { before_per_consumer_per_s: 2_000, ..Params::default() }.behind_for_s(), None, "it kept up");
    }

    /// Its clock counts from «ahora», as the chart's axis (−10 min … +15 min).
    #[test]
    fn the_clock_counts_from_now_as_the_axis() {
        use crate::unit::Spec;
        let a = preset("exercise-9a");
        let timeline = Lag::timeline(&a, &Shared::default(), &(), crate::i18n::Lang::Es).unwrap();
        assert_eq!(timeline.clock_text(0, false), "−10 min");
        assert_eq!(timeline.clock_text(600_000, false), "0 s");
        assert!(timeline.clock_text(timeline.end_ms, false).starts_with('+'));
        // 12 M behind: the alert fires and clears, both moments a step stops at.
        let far = Params { behind: 12_000_000, ..a };
        let alert = far.alert();
        let (fires_s, clears_s) = (alert.fires_at_s.unwrap(), alert.clears_at_s.unwrap());
        let timeline = Lag::timeline(&far, &Shared::default(), &(), crate::i18n::Lang::Es).unwrap();
        let at = |text: &str| timeline.moments.iter().find(|m| m.text.starts_with(text)).map(|m| m.at_ms);
        let past_s = far.behind_for_s().unwrap();
        assert_eq!(at("Suena la alerta"), Some(((fires_s + past_s) * 1_000.0).round() as u64));
        assert_eq!(at("La alerta se apaga"), Some(((clears_s + past_s) * 1_000.0).round() as u64));
        assert_eq!(timeline.clock_text(at("La alerta se apaga").unwrap(), false), "+1 h 53 min");
    }

    /// The lag in time is said in the alert's unit beside its ≈ 60 s line.
    #[test]
    fn lag_is_said_in_seconds_beside_the_line() {
        assert_eq!(lag_text(Some(60.0)), "60 s");
        assert_eq!(lag_text(Some(1_199.6)), "1,200 s");
        assert_eq!(lag_text(Some(7_200.0)), "2 h");
        assert_eq!(lag_text(None), "—");
    }

    /// Exercise 9's group is 10 minutes behind and at the ≈ 60 s line: the
    /// words say so (never a green «all quiet»), and they change with the
    /// numbers the figure draws.
    #[test]
    fn exercise_9s_verdict_says_the_group_is_behind() {
        use crate::i18n::Lang;
        let a = preset("exercise-9a");
        assert_eq!(a.verdict(), Verdict::AtTheLine);
        let caption = a.insight(Lang::Es);
        assert!(
            caption.starts_with("El grupo lleva 10 min atrasándose: 1.2 M eventos atrás, 60 s de lag."),
            "{caption}"
        );
        assert!(caption.ends_with("el atraso se vacía en 12 min 30 s."), "{caption}");
        assert!(a
            .verdict_text(Lang::En)
            .starts_with("At “now” the lag is at the ≈ 60 s line (60 s): the group is behind."));
        let below = Params { behind: 600_000, ..a.clone() };
        assert_eq!(below.verdict(), Verdict::Below);
        assert!(below.verdict_text(Lang::En).starts_with("At “now” the lag, 30 s, is below the ≈ 60 s line"));
        let never = preset("more-consumers");
        assert!(matches!(never.verdict(), Verdict::Fires { clears_s: None, .. }), "{:?}", never.verdict());
        // The lag drawn before «now» counts toward the 5 minutes: 1.6 M (80 s)
        // has been above the line for 200 s of its 800 s of falling behind,
        // and stays above for 250 s more: the alert fires at +100 s.
        let held = Params { behind: 1_600_000, ..a.clone() };
        assert_eq!(held.verdict(), Verdict::Fires { at_s: 100.0, clears_s: Some(250.0) });
        // 2.4 M: above for 10 minutes at «now», firing since 5 minutes before it.
        let firing = Params { behind: 2_400_000, ..a.clone() };
        assert!(
            firing.verdict_text(Lang::En).contains("fires since 5 min before now"),
            "{}",
            firing.verdict_text(Lang::En)
        );
        // 1.25 M: above, but for 25 s before «now» and 31 s after: never 5 minutes.
        let above = Params { behind: 1_250_000, ..a.clone() };
        assert_eq!(above.verdict(), Verdict::Above);
        assert!(
            above.verdict_text(Lang::Es).starts_with("En «ahora» el lag, 63 s, está por encima de la línea"),
            "{}",
            above.verdict_text(Lang::Es)
        );
        assert!(never.insight(Lang::En).ends_with("the backlog never drains: it grows or stays where it is."));
    }

    /// Exercise 9 (a) in time: 10 minutes falling behind, the fix, 750 s
    /// of drain; the lag the chart draws at each instant.
    #[test]
    fn exercise_9_plays_from_the_falling_behind_to_caught_up() {
        use crate::i18n::Lang;
        let a = preset("exercise-9a");
        let timeline = <Lag as crate::unit::Spec>::timeline(&a, &Shared::default(), &(), Lang::En).expect("a scene");
        let at: Vec<u64> = timeline.moments.iter().map(|m| m.at_ms).collect();
        assert_eq!(at, [0, 600_000, 1_350_000], "{timeline:?}");
        assert_eq!(timeline.end_ms, 1_500_000, "the catch-up and a fifth more");
        assert_eq!(a.lag_at(-600.0), 0.0);
        assert_eq!(a.lag_at(-300.0), 600_000.0);
        assert_eq!(a.lag_at(375.0), 600_000.0, "1,600/s spare");
        assert_eq!(a.lag_at(800.0), 0.0);
        let never = preset("more-consumers");
        assert!(never.lag_at(600.0) > never.lag_at(0.0), "18,000/s against 20,000/s: it grows");
    }

    /// The fix's moment says what the line does: reading exactly what
    /// arrives, the lag stays flat (it said «sigue creciendo» beside a flat line).
    #[test]
    fn the_fix_says_whether_the_lag_falls_stays_or_grows() {
        use crate::i18n::Lang;
        let said = |arrival_per_s| {
            let p = Params { arrival_per_s, ..preset("exercise-9a") };
            let timeline =
                <Lag as crate::unit::Spec>::timeline(&p, &Shared::default(), &(), Lang::Es).expect("a scene");
            let fix = timeline.moments.iter().find(|m| m.text.starts_with("Ahora lee")).expect("the fix's moment");
            (fix.text.clone(), p.lag_at(0.0) == p.lag_at(600.0))
        };
        assert!(said(20_000).0.ends_with("el atraso baja."));
        let (flat, stays) = said(21_600);
        assert!(stays && flat.ends_with("se queda donde está."), "{flat}");
        assert!(said(22_000).0.ends_with("sigue creciendo."));
    }
}
