//! «Confiabilidad a escala»'s desired-state actions: a block action
//! delivered at least once (its copies on «At-least-once»'s schedule) and
//! an analyst's unblock, written as an increment («bloquea») and as a
//! desired state («la IP X está bloqueada hasta T»). The core's
//! `actions::desired` model; no randomness.

pub mod strings;

#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
pub use panel::panel;

use retry_lab_core::actions::desired::{Outcome, Scenario, Style};

use crate::params::{int, Domain, ParamSpec, Shared, Value};
use crate::unit::Preset;

pub struct Desired;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub copies: u32,
    /// 0: the analyst never unblocks.
    pub unblock_s: u32,
    pub until_s: u32,
}

impl Default for Params {
    /// Three copies (two lost acks), the analyst unblocks at 30 min, T = 1 h.
    fn default() -> Self {
        Self { copies: 3, unblock_s: 1_800, until_s: 3_600 }
    }
}

impl Params {
    pub fn scenario(&self) -> Scenario {
        Scenario {
            copies: self.copies,
            unblock_ms: (self.unblock_s > 0).then(|| u64::from(self.unblock_s) * 1_000),
            until_ms: u64::from(self.until_s) * 1_000,
        }
    }
}

/// The figure's point. The desired state's first block is the unblock's
/// doing only when it ends at the unblock: with T earlier, T lifted it (the
/// page said «el desbloqueo a los 900 s la libera» of T at 900 s).
pub fn insight(t: &strings::Strings, params: &Params, [inc, des]: [&Outcome; 2]) -> String {
    let unblock_ms = params.scenario().unblock_ms;
    let unblocked_s =
        des.blocked.first().and_then(|b| b.1).filter(|end| Some(*end) == unblock_ms).map(crate::format::round_s);
    (t.insight)(params.copies, inc.rules_left, inc.blocked_at_end(), unblocked_s, des.blocked.len() > 1)
}

/// Both styles' outcomes: [incremental, desired state].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub styles: std::rc::Rc<[Outcome; 2]>,
}

fn s(l: crate::i18n::Lang) -> &'static strings::Strings {
    strings::strings(l)
}

static PARAMS: [ParamSpec<Params>; 3] = [
    ParamSpec::keyed(
        "copies",
        Domain::int(1, 7, ""),
        |l| s(l).copies,
        |p| Value::Int(p.copies.into()),
        |p, v| p.copies = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "unblock_s",
        Domain::int(0, 7_200, "s"),
        |l| s(l).unblock,
        |p| Value::Int(p.unblock_s.into()),
        |p, v| p.unblock_s = int(&v) as u32,
    ),
    ParamSpec::keyed(
        "until_s",
        Domain::int(60, 7_200, "s"),
        |l| s(l).until,
        |p| Value::Int(p.until_s.into()),
        |p, v| p.until_s = int(&v) as u32,
    ),
];

static PRESETS: [Preset; 2] = [
    Preset {
        code: "desired-state",
        label: |l| s(l).preset_unblock,
        values: &[],
        versions: (3, crate::unit::LINK_VERSION),
    },
    Preset {
        code: "desired-no-unblock",
        label: |l| s(l).preset_no_unblock,
        values: &[("unblock_s", "0")],
        versions: (3, crate::unit::LINK_VERSION),
    },
];

fn state(params: &Params) -> State {
    let scenario = params.scenario();
    State { styles: std::rc::Rc::new([scenario.run(Style::Incremental), scenario.run(Style::DesiredState)]) }
}

impl crate::unit::Spec for Desired {
    type Params = Params;
    type State = State;
    const CODE: &'static str = "desired";
    /// Its clock and handle in seconds: the copies at 0, 30, 90 and 210 s, the unblock in seconds.
    const SECONDS: bool = true;
    /// Beside the figure: the copies and the unblock; T under «Más parámetros».
    const PRIMARY: &'static [&'static str] = &["copies", "unblock_s"];
    const PARAMS: &'static [crate::params::ParamSpec<Params>] = &PARAMS;
    const PRESETS: &'static [crate::unit::Preset] = &PRESETS;
    const TASKS: &'static [crate::tasks::Task<Params, State>] = &TASKS;
    fn title(lang: crate::i18n::Lang) -> &'static str {
        s(lang).experiment
    }
    fn numbers(_: &Params, _: &Shared, state: &State) -> crate::unit::Numbers {
        let [inc, des] = &*state.styles;
        use crate::number::Number;
        let yes_no = |b: bool| Number::Text(if b { "yes" } else { "no" }.to_owned());
        let unblocked = des.blocked.first().and_then(|b| b.1).map(|ms| Number::Int(crate::format::round_s(ms), "s"));
        vec![
            ("incremental_rules_left", Number::count(inc.rules_left)),
            ("incremental_blocked_at_end", yes_no(inc.blocked_at_end())),
            ("desired_rules_left", Number::count(des.rules_left)),
            ("desired_blocked_at_end", yes_no(des.blocked_at_end())),
            ("desired_unblocked_at_s", Number::or(unblocked, "—", "s")),
        ]
    }
    /// The scene, on the figure's two hours: each copy arriving (the
    /// increment writes one more rule; the state changes only if it had
    /// lapsed), the analyst's unblock and what it leaves, T.
    fn timeline(p: &Params, _: &Shared, state: &State, lang: crate::i18n::Lang) -> Option<crate::scene::Timeline> {
        use crate::scene::{Moment, Timeline};
        let t = s(lang);
        let [inc, des] = &*state.styles;
        let starts_block = |at_ms: u64| des.blocked.iter().any(|(from, _)| *from == at_ms);
        let mut moments: Vec<Moment> = (inc.copies_at_ms.iter().enumerate())
            .map(|(n, &at_ms)| Moment {
                at_ms,
                text: (t.moment_copy)(n as u32 + 1, crate::format::round_s(at_ms), starts_block(at_ms)),
            })
            .collect();
        let Scenario { unblock_ms, until_ms, .. } = p.scenario();
        if let Some(at_ms) = unblock_ms {
            let left = inc.rules.iter().filter(|(from, to)| *from <= at_ms && to.is_none_or(|to| to > at_ms)).count();
            // T may lapse before the unblock: then the unblock frees nothing there.
            let held = des.blocked.iter().any(|(from, to)| *from < at_ms && to.is_none_or(|to| to >= at_ms));
            moments.push(Moment { at_ms, text: (t.moment_unblock)(left as u32, held) });
        }
        if des.blocked.iter().any(|(_, to)| *to == Some(until_ms)) {
            moments.push(Moment { at_ms: until_ms, text: t.moment_t.to_owned() });
        }
        Some(Timeline::new(AXIS_MS, moments))
    }
}

/// The figure's two hours: T's and the unblock's whole range.
pub const AXIS_MS: u64 = 7_200_000;

impl crate::unit::Computed for Desired {
    fn state(params: &Params, _: &Shared) -> State {
        state(params)
    }
}

/// The guided tasks ("Prueba esto"), checked on the state.
static TASKS: [crate::tasks::Task<Params, State>; 2] = [
    crate::tasks::task!("desired-once", witness: "exp=desired&copies=1", |p: &Params, _: &Shared, s: &State| p.copies == 1 && p.unblock_s > 0 && !s.styles[0].blocked_at_end(),
        es: ["Haz que el desbloqueo también funcione con «bloquea».",
            "Deja llegar una sola copia de la acción.",
            "Con una sola entrega las dos formas hacen lo mismo: el daño viene de la repetición, y at-least-once siempre puede repetir. El estado deseado no depende de cuántas copias lleguen."],
        en: ["Make the unblock work with “block” too.",
            "Let a single copy of the action arrive.",
            "Delivered once, both forms do the same: the harm comes from the repetition, and at-least-once can always repeat. The desired state does not depend on how many copies arrive."]),
    crate::tasks::task!("desired-late-copy", witness: "exp=desired&unblock_s=60", |_: &Params, _: &Shared, s: &State| s.styles[1].blocked.len() > 1,
        es: ["Encuentra cuándo una copia vuelve a bloquear la IP aun con el estado deseado.",
            "Desbloquea antes de que llegue la última copia (la tercera llega a los 90 s).",
            "El estado deseado es idempotente, pero no ordena: una copia atrasada de un estado viejo vuelve a aplicarse. Por eso la acción lleva una versión o el id de la detección, y se ignora lo que es más viejo que lo aplicado."],
        en: ["Find when a copy blocks the IP again even with the desired state.",
            "Unblock before the last copy arrives (the third arrives at 90 s).",
            "The desired state is idempotent, not ordered: a late copy of an old state applies again. So the action carries a version or the detection's id, and anything older than what was applied is ignored."]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;

    #[test]
    fn the_presets_show_the_difference() {
        let at = |code| state(&link::preset_params(&PRESETS, code).desired);
        let unblock = at("desired-state");
        assert_eq!(
            (unblock.styles[0].rules_left, unblock.styles[0].blocked_at_end()),
            (2, true),
            "three «bloquea», one unblock: two rules left"
        );
        assert_eq!(unblock.styles[1].blocked, [(0, Some(1_800_000))], "the desired state unblocked at 30 min");
        let never = at("desired-no-unblock");
        assert_eq!(
            (never.styles[0].rules_left, never.styles[1].blocked.clone()),
            (3, vec![(0, Some(3_600_000))]),
            "no end for «bloquea»; T for the state"
        );
    }

    /// The scene tells the preset's run in order: three copies (0, 30, 90
    /// s), the unblock at 30 min leaving two rules, and nothing at T (the
    /// state was already lifted); an unblock before the last copy makes that
    /// copy block again.
    #[test]
    fn the_scene_tells_the_copies_the_unblock_and_what_is_left() {
        use crate::i18n::Lang;
        let scene = |p: &Params| {
            let timeline = <Desired as crate::unit::Spec>::timeline(p, &Shared::default(), &state(p), Lang::Es);
            timeline.expect("a scene").moments.into_iter().map(|m| (m.at_ms, m.text)).collect::<Vec<_>>()
        };
        let story = scene(&link::preset_params(&PRESETS, "desired-state").desired);
        let at: Vec<u64> = story.iter().map(|m| m.0).collect();
        assert_eq!(at, [0, 30_000, 90_000, 1_800_000], "{story:?}");
        assert!(story[1].1.contains("regla 2") && story[1].1.ends_with("no cambia"), "{story:?}");
        assert!(story[3].1.contains("quedan 2 reglas"), "{story:?}");
        let never = scene(&link::preset_params(&PRESETS, "desired-no-unblock").desired);
        assert_eq!(never.last().map(|m| m.0), Some(3_600_000), "the state lapses at T: {never:?}");
        let early = scene(&Params { unblock_s: 60, ..Params::default() });
        assert!(early[3].1.contains("vuelve a bloquear"), "the copy at 90 s, after the unblock at 60 s: {early:?}");
        assert!(story[3].1.ends_with("«bloqueada hasta T» la libera"), "{story:?}");
        // T at 600 s, the unblock at 1,800 s: T had lifted the state first.
        let t_first = scene(&Params { until_s: 600, ..Params::default() });
        let unblock = t_first.iter().find(|m| m.1.starts_with("El analista")).expect("the unblock");
        assert!(unblock.1.ends_with("«bloqueada hasta T» ya había vencido en T"), "{t_first:?}");
        let once = scene(&Params { copies: 1, ..Params::default() });
        let unblock = once.iter().find(|m| m.1.starts_with("El analista")).expect("the unblock");
        assert!(unblock.1.contains("no queda ninguna regla y la IP queda libre"), "{once:?}");
    }

    /// The unblock frees the desired state only when it comes before T;
    /// with T first, the point says the state lapsed at T.
    #[test]
    fn the_point_credits_the_unblock_only_when_it_came_first() {
        let es = super::strings::strings(crate::i18n::Lang::Es);
        let point = |p: &Params| {
            let s = state(p);
            let [inc, des] = &*s.styles;
            insight(es, p, [inc, des])
        };
        let unblocked = point(&Params::default());
        assert!(unblocked.ends_with("el desbloqueo a los 1,800 s la libera."), "{unblocked}");
        let t_first = point(&Params { until_s: 900, ..Params::default() });
        assert!(!t_first.contains("desbloqueo"), "{t_first}");
        assert!(t_first.ends_with("un solo estado, que vence en T."), "{t_first}");
        let two = point(&Params { copies: 2, ..Params::default() });
        assert!(two.contains("al final queda 1 regla y la IP sigue bloqueada"), "{two}");
    }
}
