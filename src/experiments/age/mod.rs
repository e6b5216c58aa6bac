//! «Colas y streams»' «escalar por cantidad, alertar por edad»: a queue's
//! depth beside the age of its oldest message, over an hour, with a poison
//! message that comes in at 10 min (error 5b) and the jobs' length that
//! makes 50 messages two minutes or two hours behind. The core's `age`
//! model; no randomness.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::age::{AgeConfig, AgeRun};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Age;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub poison: bool,
    /// 0: no maxReceiveCount (no DLQ).
    pub max_receive: u32,
    pub job_s: u64,
    pub depth: u64,
    pub workers: u64,
    pub visibility_s: u64,
    pub age_alert_s: u64,
    pub depth_alert: u64,
    pub hold_s: u64,
    pub promise_s: u64,
}

impl Default for Params {
    /// 50 messages of 24 s jobs on 10 workers (2 minutes behind), a poison
    /// message at 10 min and no DLQ; a 5-minute promise, and alerts under
    /// it («Colas y streams»: the threshold comes from the promise and
    /// stays well below it): 3 minutes of age and 100 messages, each held
    /// 1 minute. (Links of v3 and before meant 5 minutes held 5 minutes:
    /// `link::CHANGED_DEFAULTS`.)
    fn default() -> Self {
        Self {
            poison: true,
            max_receive: 0,
            job_s: 24,
            depth: 50,
            workers: 10,
            visibility_s: 30,
            age_alert_s: 180,
            depth_alert: 100,
            hold_s: 60,
            promise_s: 300,
        }
    }
}

impl Params {
    pub fn config(&self) -> AgeConfig {
        AgeConfig {
            depth: self.depth,
            job_s: self.job_s,
            workers: self.workers,
            poison: self.poison,
            visibility_s: self.visibility_s,
            max_receive: (self.max_receive > 0).then_some(self.max_receive),
            age_alert_s: self.age_alert_s,
            depth_alert: self.depth_alert,
            hold_s: self.hold_s,
            promise_s: self.promise_s,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub config: AgeConfig,
    pub run: AgeRun,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 10] = [
    ParamSpec::keyed(
        "age_max_receive",
        Domain::int(0, 20, ""),
        |l| s(l).max_receive,
        |p| Value::Int(p.max_receive.into()),
        |p, v| p.max_receive = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "age_job_s",
        Domain::int(1, 86_400, "s"),
        |l| s(l).job,
        |p| Value::Int(p.job_s),
        |p, v| p.job_s = int(&v),
    ),
    ParamSpec::keyed(
        "age_poison",
        Domain::Choice { codes: &["off", "on"], labels: |l| s(l).poison_labels },
        |l| s(l).poison,
        |p| Value::Int(p.poison.into()),
        |p, v| p.poison = int(&v) == 1,
    ),
    ParamSpec::keyed(
        "age_depth",
        Domain::int(1, 10_000, ""),
        |l| s(l).depth,
        |p| Value::Int(p.depth),
        |p, v| p.depth = int(&v),
    ),
    ParamSpec::keyed(
        "age_workers",
        Domain::int(1, 1_000, ""),
        |l| s(l).workers,
        |p| Value::Int(p.workers),
        |p, v| p.workers = int(&v),
    ),
    ParamSpec::keyed(
        "age_visibility_s",
        Domain::int(1, 43_200, "s"),
        |l| s(l).visibility,
        |p| Value::Int(p.visibility_s),
        |p, v| p.visibility_s = int(&v),
    ),
    ParamSpec::keyed(
        "age_alert_s",
        Domain::int(1, 86_400, "s"),
        |l| s(l).age_alert,
        |p| Value::Int(p.age_alert_s),
        |p, v| p.age_alert_s = int(&v),
    ),
    ParamSpec::keyed(
        "depth_alert",
        Domain::int(1, 100_000, ""),
        |l| s(l).depth_alert,
        |p| Value::Int(p.depth_alert),
        |p, v| p.depth_alert = int(&v),
    ),
    ParamSpec::keyed(
        "alert_hold_s",
        Domain::int(0, 3_600, "s"),
        |l| s(l).hold,
        |p| Value::Int(p.hold_s),
        |p, v| p.hold_s = int(&v),
    ),
    ParamSpec::keyed(
        "age_promise_s",
        Domain::int(1, 86_400, "s"),
        |l| s(l).promise,
        |p| Value::Int(p.promise_s),
        |p, v| p.promise_s = int(&v),
    ),
];

static PRESETS: [Preset; 3] = [
    Preset { code: "age-poison", label: |l| s(l).preset_poison, values: &[], versions: (3, crate::unit::LINK_VERSION) },
    Preset {
        code: "age-poison-dlq",
        label: |l| s(l).preset_poison_dlq,
        values: &[("age_max_receive", "5")],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "age-slow-jobs",
        label: |l| s(l).preset_slow,
        // Its timeout twice the job, as the lesson advises (no poison: nothing else reads it).
        values: &[("age_poison", "off"), ("age_job_s", "1440"), ("age_visibility_s", "2880")],
        versions: (3, crate::unit::LINK_VERSION),
    },
];

/// The figure's point: what the depth alert and the age alert say, and when
/// the promise breaks, from the run the charts draw.
pub fn insight(lang: crate::i18n::Lang, st: &State) -> String {
    use crate::format::duration_text;
    let (c, run) = (&st.config, &st.run);
    let mut words = (s(lang).insight)(
        &crate::format::int(c.depth),
        &duration_text(run.healthy_age_s),
        run.depth_alert_at_s.is_some(),
        run.age_alert_at_s.map(duration_text).as_deref(),
        run.to_dlq_at_s.map(duration_text).as_deref(),
        &duration_text(c.promise_s),
        run.promise_broken_at_s.map(duration_text).as_deref(),
        matches!((run.age_alert_at_s, run.promise_broken_at_s), (Some(alert), Some(broken)) if alert > broken),
    );
    // Slow jobs under a 30 s timeout are the lesson's first error: said, not
    // drawn as a clean 2 h behind.
    if c.job_s > c.visibility_s {
        words = format!("{words} {}", (s(lang).job_outlasts)(&duration_text(c.job_s), &duration_text(c.visibility_s)));
    }
    words
}

/// The age chart's y-scale: its top, and where it bends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgeScale {
    /// The oldest age in the hour, twice the alert's threshold (room to
    /// drag it past the line) or a quarter over the promise: the highest.
    pub top_s: u64,
    /// Twice the promise, rounded up («10 min»), when the top is three
    /// times that or more: the minutes the alert and the promise are set
    /// in fill the chart's lower `KNEE_ALONG`. Evenly from 0 to an hour,
    /// 3 min and 5 min lay 4 px apart at the chart's foot under a poison
    /// message's 50 min; the rest of the hour is drawn above the knee, so
    /// its climb stays a straight line and the handle still reaches it.
    pub knee_s: Option<u64>,
}

/// How much of the age chart's height the minutes under its knee fill
/// (0.7 of its 104 px: the alert's 3 min and the promise's 5 min 15 px
/// apart, room for the handle's words on its own line between them).
pub const KNEE_ALONG: f64 = 0.7;

/// One point every 10 s: 361 per line.
pub const STEP_S: u64 = 10;

pub fn age_scale(c: &AgeConfig) -> AgeScale {
    let top_s = (0..=retry_lab_core::age::HORIZON_S / STEP_S)
        .map(|i| c.oldest_age_at(i * STEP_S))
        .max()
        .unwrap_or(0)
        .max(c.age_alert_s * 2)
        .max(c.promise_s * 5 / 4)
        .max(1);
    let knee_s = crate::scale::nice_up(c.promise_s * 2, true);
    AgeScale { top_s, knee_s: (top_s >= knee_s * 3).then_some(knee_s) }
}

impl AgeScale {
    /// Where an age falls on the chart's height, 0…1.
    pub fn along(&self, age_s: u64) -> f64 {
        let (value, top) = (age_s.min(self.top_s) as f64, self.top_s as f64);
        match self.knee_s {
            Some(knee_s) => crate::scale::along(value, (0.0, top), (knee_s as f64, KNEE_ALONG)),
            None => value / top,
        }
    }
}

fn state(params: &Params) -> State {
    let config = params.config();
    State { config, run: config.run() }
}

impl crate::unit::Spec for Age {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "age";
    /// Beside the figure: the DLQ and the jobs' length.
    const PRIMARY: &'static [&'static str] = &["age_max_receive", "age_job_s"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, st: &State) -> crate::unit::Numbers {
        use crate::number::Number;
        let at = |t: Option<u64>| Number::or(t.map(|t| Number::Int(t, "s")), "never", "s");
        vec![
            ("healthy_age_s", Number::Int(st.run.healthy_age_s, "s")),
            ("depth_alert_at_s", at(st.run.depth_alert_at_s)),
            ("age_alert_at_s", at(st.run.age_alert_at_s)),
            ("to_the_dlq_at_s", at(st.run.to_dlq_at_s)),
            ("promise_broken_at_s", at(st.run.promise_broken_at_s)),
        ]
    }
    /// The scene: the hour on one clock; the alerts as they go off, the promise
    /// broken, the poison message leaving for the DLQ.
    fn timeline(p: &Params, _: &Shared, st: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        let t = s(lang);
        let run = &st.run;
        // From 0 s the line under the chart says something (it was blank
        // until the first alert), and first: how old the oldest already is
        // (it said «empieza a contar» after «ya esperó más que la promesa»).
        let behind = crate::format::duration_text(run.healthy_age_s);
        let start = Moment { at_ms: 0, text: (t.moment_start)(p.depth, &behind) };
        let moments = [
            (run.depth_alert_at_s, t.moment_depth),
            (run.age_alert_at_s, t.moment_age),
            (run.promise_broken_at_s, t.moment_promise),
            (run.to_dlq_at_s, t.moment_dlq),
        ]
        .into_iter()
        .filter_map(|(at_s, text)| at_s.map(|at_s| Moment { at_ms: at_s * 1_000, text: text.to_owned() }));
        let moments = std::iter::once(start).chain(moments).collect();
        Some(Timeline::new(retry_lab_core::age::HORIZON_S * 1_000, moments))
    }
}

impl crate::unit::Computed for Age {
    fn state(params: &Params, _: &Shared) -> State {
        state(params)
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("age-dlq", witness: "exp=age&age_max_receive=5", |p: &Params, _: &Shared, s: &State| p.poison && s.run.to_dlq_at_s.is_some() && s.run.age_alert_at_s.is_none(),
        es: ["Saca al mensaje venenoso del camino antes de que suene la alerta de edad.",
            "Pon un máximo de recepciones (maxReceiveCount); la lección sugiere 5.",
            "Con 5 recepciones de 30 s, el mensaje pasa a la DLQ 2 min 30 s después de llegar y la edad vuelve a 2 minutos. Ahora avisa la alerta de la DLQ: con un solo mensaje allí, alguien debe revisarlo."],
        en: ["Get the poison message out of the way before the age alert goes off.",
            "Set a maximum of receives (maxReceiveCount); the lesson suggests 5.",
            "With 5 receives of 30 s, the message moves to the DLQ after 2 min 30 s and the age drops back to 2 minutes. Now the DLQ's alert is the one that speaks: more than 0 messages is already something someone has to look at."]),
    crate::tasks::task!("age-two-hours", witness: "exp=age&age_job_s=1440", |p: &Params, _: &Shared, s: &State| p.depth == 50 && s.run.healthy_age_s >= 7_200,
        es: ["Sin cambiar los 50 mensajes en cola, haz que vayan 2 horas atrasados.",
            "Alarga el trabajo de cada mensaje: 1,440 s con 10 workers, y su visibility timeout por encima (la lección: el doble).",
            "La profundidad es la misma; la edad no. Contar 50 mensajes en la fila no distingue 2 minutos de atraso de 2 horas: la cantidad sirve para escalar, y la edad para alertar."],
        en: ["Without changing the 50 messages waiting, make them 2 hours behind.",
            "Make each message's job longer: 1,440 s with 10 workers, and its visibility timeout above it (the lesson: twice).",
            "The depth is the same; the age is not. “There are 50 messages” does not say whether that is 2 minutes or 2 hours: so you scale on the count and alert on the age."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    /// The poison hour in time: the age alert at 14 min (the depth one
    /// never), the scene's moment where the run has it, before the promise's.
    #[test]
    fn the_scene_fires_the_age_alert_where_the_run_does() {
        let st = state(&link::preset_params(&PRESETS, "age-poison").age);
        let t =
            <Age as crate::unit::Spec>::timeline(&Params::default(), &Shared::default(), &st, crate::i18n::Lang::En)
                .expect("a scene");
        let age = t.moments.iter().position(|m| m.text.starts_with("The age alert")).unwrap_or_else(|| panic!("{t:?}"));
        assert_eq!(t.moments[age].at_ms, 840_000);
        assert!(!t.moments.iter().any(|m| m.text.starts_with("The depth alert")), "{t:?}");
        if let Some(promise) = t.moments.iter().position(|m| m.text.starts_with("The oldest")) {
            assert!(age < promise, "the alert before the promise breaks: {t:?}");
        }
        assert_eq!(
            t.latest(0),
            "50 messages queued at the start; the oldest has waited 2 min already.",
            "said from 0 s"
        );
    }

    /// The poison hour's age chart: the alert's 3 min and the promise's
    /// 5 min a tenth of the chart apart (on an even scale to 50 min, 4 %:
    /// 4 px), the climb to 50 min still on it; a queue that stays at its
    /// 2 minutes draws evenly.
    #[test]
    fn the_age_charts_minutes_are_apart_and_its_hour_on_it() {
        let scale = age_scale(&Params::default().config());
        assert_eq!(scale.knee_s, Some(600), "{scale:?}");
        assert!(scale.along(300) - scale.along(180) >= 0.1, "{scale:?}");
        assert_eq!(scale.along(scale.top_s), 1.0);
        assert!(scale.top_s >= 3_000, "the handle reaches past the poison message's 50 min: {scale:?}");
        let calm = age_scale(&Params { poison: false, ..Params::default() }.config());
        assert_eq!(calm.knee_s, None, "{calm:?}");
        assert!((calm.along(180) - 180.0 / 375.0).abs() < 1e-9, "3 min of 6 min 15 s: {calm:?}");
    }

    #[test]
    fn the_presets_give_the_lessons_numbers() {
        let run = |code| state(&link::preset_params(&PRESETS, code).age).run;
        let poison = run("age-poison");
        assert_eq!(
            (poison.depth_alert_at_s, poison.age_alert_at_s),
            (None, Some(840)),
            "depth never; age past 3 min at 13 min, held 1 min: 14 min"
        );
        assert_eq!(poison.promise_broken_at_s, Some(901), "the 5-minute promise breaks at 15 min, after the alert");
        let dlq = run("age-poison-dlq");
        assert_eq!((dlq.to_dlq_at_s, dlq.age_alert_at_s), (Some(750), None));
        assert_eq!(run("age-slow-jobs").healthy_age_s, 7_200, "the same 50 messages, 2 hours behind");
    }

    /// A job longer than its visibility timeout is the lesson's first error:
    /// the words say so where this model draws only the wait (a 24 min job
    /// under 30 s read as a clean 2 h behind); the slow-jobs preset sets the
    /// timeout the lesson advises, twice the job, and has no such note.
    #[test]
    fn a_job_past_its_timeout_is_called_the_lessons_error() {
        use crate::i18n::Lang;
        let note = "el primer error que cuenta «Colas y streams»";
        let slow = Params { job_s: 1_440, poison: false, ..Params::default() };
        let words = insight(Lang::Es, &state(&slow));
        assert!(
            words.contains("cada trabajo dura 24 min y el visibility timeout es de 30 s") && words.contains(note),
            "{words}"
        );
        let preset = link::preset_params(&PRESETS, "age-slow-jobs").age;
        assert!(!insight(Lang::Es, &state(&preset)).contains(note));
        assert!(!insight(Lang::Es, &state(&Params::default())).contains(note), "24 s jobs under 30 s");
    }

    /// The age alert fires before the promise breaks, on the default and
    /// every preset where the queue starts within it (slow jobs start 2 h
    /// behind: broken from 0 s, said so).
    #[test]
    fn the_age_alert_fires_before_the_promise_breaks() {
        use crate::i18n::Lang;
        for preset in PRESETS.iter() {
            let st = state(&link::preset_params(&PRESETS, preset.code).age);
            let (alert, broken) = (st.run.age_alert_at_s, st.run.promise_broken_at_s);
            match broken {
                Some(0) => {
                    assert!(insight(Lang::En, &st).contains("the 5 min promise is broken already"), "{}", preset.code)
                }
                Some(broken) => assert!(
                    alert.is_some_and(|a| a < broken),
                    "{}: alert {alert:?}, promise broken {broken}",
                    preset.code
                ),
                None => {}
            }
        }
        let at_promise = Params { age_alert_s: 300, hold_s: 300, ..Params::default() };
        let late = state(&at_promise);
        assert!(
            late.run.age_alert_at_s > late.run.promise_broken_at_s,
            "the old threshold fires after the promise broke"
        );
        assert!(insight(Lang::Es, &state(&Params::default()))
            .contains("antes de que se rompa la promesa de 5 min (a los 15 min 1 s)"));
        // A threshold close to the promise fires after it broke: said so, never «antes».
        let late = insight(Lang::Es, &state(&Params { age_alert_s: 290, ..Params::default() }));
        assert!(late.contains("pero tarde") && !late.contains("antes"), "{late}");
    }

    /// Behind the promise from the start with an alert that never fires (a
    /// day's threshold): the words say it stays quiet, and the scene's
    /// first line how old the oldest already is (they said «la alerta de
    /// edad lo dice» with no alert on the chart, and «la edad empieza a
    /// contar» after «ya esperó más que la promesa»).
    #[test]
    fn broken_from_the_start_says_whether_the_alert_fires() {
        use crate::i18n::Lang;
        let quiet = Params { age_alert_s: 86_400, promise_s: 1, ..link::preset_params(&PRESETS, "age-poison").age };
        let st = state(&quiet);
        assert_eq!((st.run.promise_broken_at_s, st.run.age_alert_at_s), (Some(0), None));
        let words = insight(Lang::Es, &st);
        assert!(words.contains("ya está rota, y la alerta de edad no suena") && !words.contains("lo dice"), "{words}");
        let t = <Age as crate::unit::Spec>::timeline(&quiet, &Shared::default(), &st, Lang::Es).expect("a scene");
        assert_eq!(t.latest(0), "50 mensajes en cola al empezar; el más viejo ya lleva 2 min esperando. El más viejo ya esperó más que la promesa.");
        let fires = Params { age_alert_s: 60, hold_s: 0, ..quiet };
        let st = state(&fires);
        assert!(st.run.age_alert_at_s.is_some(), "{:?}", st.run);
        assert!(insight(Lang::Es, &st).contains("ya está rota, y la alerta de edad lo dice"));
    }
}
