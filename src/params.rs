//! A parameter is declared once, in its experiment's module, as a
//! [`ParamSpec`]: its link key (also its `data-` attribute), its lock name,
//! its domain (range and unit, or codes), its label, and how it reads and
//! writes the experiment's typed parameters. The link codec, `lock=`, the
//! controls, the README check and the tests all go through it; setting a
//! value always clamps it into the domain first, so an out-of-range value
//! cannot reach an experiment.

use retry_lab_core::Probability;

use crate::i18n::Lang;

/// A value as the link and the controls carry it, before it is typed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A whole number; a probability in ppm; a choice by its index.
    Int(u64),
    /// Text a `Domain::Text` checks.
    Text(String),
}

/// What values a parameter takes.
#[derive(Clone, Copy, Debug)]
pub enum Domain {
    /// A probability: 0–`max_ppm`/10⁶ in a link (up to six decimals), a
    /// percentage on the page in steps of `step_percent`.
    Ratio { step_percent: u32, max_ppm: u32 },
    /// A whole number in `min..=max`; `unit` is shown beside it ("s", or ""
    /// for a count).
    Int { min: u64, max: u64, unit: &'static str },
    /// One of these codes (the link's words), with their labels per language.
    Choice { codes: &'static [&'static str], labels: fn(Lang) -> &'static [&'static str] },
    /// Text that `valid` accepts; `expected` says what that is.
    Text { expected: &'static str, valid: fn(&str) -> bool },
}

impl Domain {
    /// A whole number in `min..=max` with its unit ("" for a count).
    pub const fn int(min: u64, max: u64, unit: &'static str) -> Self {
        Domain::Int { min, max, unit }
    }
}

/// Why a link's value was not taken as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// Not a value of the domain: the default stays.
    Invalid { expected: String },
    /// Out of range: this value is used instead.
    Clamped { used: String },
}

impl Domain {
    /// A value as the page shows it: «30 %», «300 s», «1,000», a choice's
    /// label, a text's first 24 characters.
    pub fn human(&self, value: &Value, lang: Lang) -> String {
        match (self, value) {
            (Domain::Ratio { .. }, Value::Int(ppm)) => {
                crate::format::percent(lang, u32::try_from(*ppm).unwrap_or(u32::MAX))
            }
            (Domain::Int { unit: "", .. }, Value::Int(n)) => crate::format::int(*n),
            (Domain::Int { unit, .. }, Value::Int(n)) => format!("{} {unit}", crate::format::int(*n)),
            (Domain::Choice { labels, .. }, Value::Int(i)) => {
                labels(lang).get(*i as usize).copied().unwrap_or_default().to_owned()
            }
            (_, Value::Text(text)) => text.chars().take(24).collect(),
            (_, Value::Int(n)) => crate::format::int(*n),
        }
    }

    /// What a valid value looks like, language-neutral (for notices).
    pub fn expected(&self) -> String {
        match self {
            Domain::Ratio { max_ppm, .. } => {
                format!("0–{}", Probability::from_ppm(*max_ppm).unwrap_or(Probability::ONE))
            }
            Domain::Int { min, max, .. } => format!("{min}–{max}"),
            Domain::Choice { codes, .. } => codes.join(", "),
            Domain::Text { expected, .. } => (*expected).into(),
        }
    }

    /// Brings a value into the domain (the only way values reach a setter).
    /// A text value holds no control character (a line break would split an
    /// export's `#` header, and a spreadsheet would read what follows).
    pub fn clamp(&self, value: Value) -> Option<Value> {
        match (self, value) {
            (Domain::Ratio { max_ppm, .. }, Value::Int(ppm)) => Some(Value::Int(ppm.min(u64::from(*max_ppm)))),
            (Domain::Int { min, max, .. }, Value::Int(n)) => Some(Value::Int(n.clamp(*min, *max))),
            (Domain::Choice { codes, .. }, Value::Int(i)) => (i < codes.len() as u64).then_some(Value::Int(i)),
            (Domain::Text { valid, .. }, Value::Text(text)) => text_ok(&text, *valid).then_some(Value::Text(text)),
            _ => None,
        }
    }

    /// Reads a link's text. Out-of-range numbers are clamped: the value is
    /// used, and the second part says so.
    pub fn parse(&self, text: &str) -> Result<(Value, Option<Rejected>), Rejected> {
        let invalid = || Rejected::Invalid { expected: self.expected() };
        match self {
            Domain::Ratio { max_ppm, .. } => {
                let p = Probability::parse(text).ok_or_else(invalid)?;
                let clamped = (p.ppm() > *max_ppm)
                    .then(|| Rejected::Clamped { used: self.encode(&Value::Int((*max_ppm).into())) });
                Ok((Value::Int(p.ppm().min(*max_ppm).into()), clamped))
            }
            Domain::Int { min, max, .. } => {
                let digits = text.trim();
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(invalid());
                }
                // Too many digits for u64 is still "too large": clamp it.
                let (n, overflowed) = digits.parse::<u64>().map_or((u64::MAX, true), |n| (n, false));
                let used = n.clamp(*min, *max);
                let clamped = (used != n || overflowed).then(|| Rejected::Clamped { used: used.to_string() });
                Ok((Value::Int(used), clamped))
            }
            Domain::Choice { codes, .. } => {
                codes.iter().position(|c| *c == text).map(|i| (Value::Int(i as u64), None)).ok_or_else(invalid)
            }
            Domain::Text { valid, .. } => {
                let text = text.trim();
                text_ok(text, *valid).then(|| (Value::Text(text.to_owned()), None)).ok_or_else(invalid)
            }
        }
    }

    /// The link's text for a value of this domain.
    pub fn encode(&self, value: &Value) -> String {
        match (self, value) {
            (Domain::Ratio { .. }, Value::Int(ppm)) => {
                Probability::from_ppm(*ppm as u32).map(|p| p.to_string()).unwrap_or_default()
            }
            (Domain::Choice { codes, .. }, Value::Int(i)) => {
                codes.get(*i as usize).copied().unwrap_or_default().to_owned()
            }
            (_, Value::Int(n)) => n.to_string(),
            (_, Value::Text(text)) => text.clone(),
        }
    }
}

/// What a parameter is, whatever its experiment's parameter type.
pub struct ParamMeta {
    /// The link key and `data-` attribute (`ack_lost` is `data-ack-lost`).
    pub key: &'static str,
    /// The name in `lock=`; several keys may share one (the pass).
    pub lock: &'static str,
    pub domain: Domain,
    /// The control's label, per language.
    pub label: fn(Lang) -> &'static str,
}

/// One parameter of an experiment whose typed parameters are `P`.
pub struct ParamSpec<P: 'static> {
    pub meta: ParamMeta,
    get: fn(&P) -> Value,
    set: fn(&mut P, Value),
}

impl<P> ParamSpec<P> {
    pub const fn new(
        key: &'static str,
        lock: &'static str,
        domain: Domain,
        label: fn(Lang) -> &'static str,
        get: fn(&P) -> Value,
        set: fn(&mut P, Value),
    ) -> Self {
        Self { meta: ParamMeta { key, lock, domain, label }, get, set }
    }

    /// A parameter locked by its own key (`lock=key`): most are.
    pub const fn keyed(
        key: &'static str,
        domain: Domain,
        label: fn(Lang) -> &'static str,
        get: fn(&P) -> Value,
        set: fn(&mut P, Value),
    ) -> Self {
        Self::new(key, key, domain, label, get, set)
    }

    pub fn get(&self, params: &P) -> Value {
        (self.get)(params)
    }

    /// Sets a value, clamped into the domain first; a value of the wrong
    /// kind changes nothing. Returns whether it was taken.
    pub fn apply(&self, params: &mut P, value: Value) -> bool {
        match self.meta.domain.clamp(value) {
            Some(value) => {
                (self.set)(params, value);
                true
            }
            None => false,
        }
    }

    pub fn encode(&self, params: &P) -> String {
        self.meta.domain.encode(&self.get(params))
    }
}

/// Parameters every experiment may read: one seed reproduces everything.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shared {
    pub seed: u64,
}

impl Default for Shared {
    /// Seed 7, the lesson-004 loop's `random.seed(7)`.
    fn default() -> Self {
        Self { seed: 7 }
    }
}

pub static SHARED_PARAMS: [ParamSpec<Shared>; 1] = [ParamSpec::keyed(
    "seed",
    Domain::int(0, u64::MAX, ""),
    |lang| lang.pick("Semilla", "Seed"),
    |p| Value::Int(p.seed),
    |p, v| {
        if let Value::Int(seed) = v {
            p.seed = seed;
        }
    },
)];

/// Typed reads of a clamped value (setters receive only clamped values of
/// their own domain, so the fallbacks never apply).
pub fn ratio(value: &Value) -> Probability {
    match value {
        Value::Int(ppm) => {
            Probability::from_ppm((*ppm).min(u64::from(Probability::SCALE_PPM)) as u32).unwrap_or(Probability::ZERO)
        }
        Value::Text(_) => Probability::ZERO,
    }
}

pub fn int(value: &Value) -> u64 {
    match value {
        Value::Int(n) => *n,
        Value::Text(_) => 0,
    }
}

pub fn text(value: &Value) -> &str {
    match value {
        Value::Text(text) => text,
        Value::Int(_) => "",
    }
}

pub fn probability(p: Probability) -> Value {
    Value::Int(u64::from(p.ppm()))
}

fn text_ok(text: &str, valid: fn(&str) -> bool) -> bool {
    !text.chars().any(char::is_control) && valid(text)
}

/// Ten steps for Shift and Page keys, as native sliders do.
const BIG_STEPS: u64 = 10;

/// Where a key moves a slider's value within `(min, max, step)`, as a
/// native slider would, Shift for ten steps; None for a key that is not a
/// slider's. The handles' keys, and the scene's instant's by a hundredth of
/// its run (its own step, a thousandth for a pointer's drag, moved the
/// groups' 18 s run 18 ms a press).
pub fn slider_key(key: &str, shift: bool, value: u64, (min, max, step): (u64, u64, u64)) -> Option<u64> {
    let big = step * BIG_STEPS;
    let small = if shift { big } else { step };
    let next = match key {
        "ArrowRight" | "ArrowUp" => value.saturating_add(small),
        "ArrowLeft" | "ArrowDown" => value.saturating_sub(small),
        "PageUp" => value.saturating_add(big),
        "PageDown" => value.saturating_sub(big),
        "Home" => min,
        "End" => max,
        _ => return None,
    };
    Some(next.clamp(min, max))
}

/// The durations a person sets a timer to, in seconds: 1, 2, 5, 10, 15,
/// 30 s; 1, 2, 3, 5, 10, 15, 30 min; 1, 2, 3, 6, 12 h; 1, 2, 4, 7, 14 d.
const CLOCK_RUNGS_S: [u64; 24] = [
    1, 2, 5, 10, 15, 30, 60, 120, 180, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200, 86_400, 172_800,
    345_600, 604_800, 1_209_600, 2_419_200,
];

/// `rung_step` for a duration in seconds, along the clock's rungs: the
/// DLQ's visibility timeout goes from 15 min to exercise 8's 3 min in three
/// presses (10, 5, 3 min), where the 1–2–5 ladder went 500 s, 200 s.
pub fn clock_step(value_s: u64, up: bool, rungs: usize) -> Option<u64> {
    let n = rungs.checked_sub(1)?;
    match up {
        true => CLOCK_RUNGS_S.iter().copied().filter(|&r| r > value_s).nth(n),
        false => CLOCK_RUNGS_S.iter().rev().copied().filter(|&r| r < value_s).nth(n),
    }
}

/// A step along a 1–2–5 ladder (1, 2, 5, 10, 20, 50…), `rungs` rungs up or
/// down from `value`: how the keys move a value on a log axis, where an
/// even step would crawl (50 ms at a time from 10 s to the caller's 300 ms).
/// None past the ladder's ends.
pub fn rung_step(value: u64, up: bool, rungs: usize) -> Option<u64> {
    // Up the ladder once, keeping the last three rungs under `value` (a
    // plain loop: an iterator chain cost the page's module ~1 KB gzip).
    let (mut mantissa, mut power, mut passed) = (1u64, 1u64, 0);
    let mut below = [None; 3];
    while let Some(rung) = mantissa.checked_mul(power) {
        if rung < value {
            below = [below[1], below[2], Some(rung)];
        } else if !up {
            break;
        } else if rung > value {
            passed += 1;
            if passed == rungs {
                return Some(rung);
            }
        }
        (mantissa, power) = match mantissa {
            1 => (2, power),
            2 => (5, power),
            _ => (1, power.checked_mul(10)?),
        };
    }
    if up {
        None
    } else {
        below.get(3usize.checked_sub(rungs)?).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_always_clamps() {
        let mut shared = Shared::default();
        let spec = ParamSpec::<(u64,)>::new(
            "n",
            "n",
            Domain::int(1, 100_000, ""),
            |_| "n",
            |p| Value::Int(p.0),
            |p, v| p.0 = int(&v),
        );
        let mut p = (0,);
        assert!(spec.apply(&mut p, Value::Int(50_000_000)));
        assert_eq!(p.0, 100_000, "a reducer action cannot set 50,000,000 messages");
        assert!(!spec.apply(&mut p, Value::Text("x".into())), "a value of another kind is refused");
        assert!(SHARED_PARAMS[0].apply(&mut shared, Value::Int(u64::MAX)));
        assert_eq!(shared.seed, u64::MAX);
    }

    #[test]
    fn parses_and_encodes_each_domain() {
        let ratio = Domain::Ratio { step_percent: 1, max_ppm: 1_000_000 };
        assert_eq!(ratio.parse("0.3"), Ok((Value::Int(300_000), None)));
        assert_eq!(ratio.encode(&Value::Int(300_000)), "0.3");
        assert!(matches!(ratio.parse("2"), Err(Rejected::Invalid { .. })));
        let below_one = Domain::Ratio { step_percent: 1, max_ppm: 990_000 };
        assert_eq!(below_one.parse("1"), Ok((Value::Int(990_000), Some(Rejected::Clamped { used: "0.99".into() }))));
        let int = Domain::int(1, 1_000, "");
        let clamped = Ok((Value::Int(1_000), Some(Rejected::Clamped { used: "1000".into() })));
        assert_eq!(int.parse("5000"), clamped);
        assert_eq!(int.parse("99999999999999999999999"), clamped);
        assert!(matches!(int.parse("-1"), Err(Rejected::Invalid { .. })));
        let choice = Domain::Choice { codes: &["none", "full"], labels: |_| &["none", "full"] };
        assert_eq!(choice.parse("full"), Ok((Value::Int(1), None)));
        assert_eq!(choice.encode(&Value::Int(1)), "full");
        assert_eq!(choice.clamp(Value::Int(2)), None);
    }

    /// The timeout's keys: from 10 s down the ladder to the caller's 300 ms
    /// in four presses (5, 2, 1, 0.5 s, 200 ms is the fifth); a value off
    /// the ladder goes to its neighbours; three rungs are a decade.
    #[test]
    fn a_log_axis_steps_along_a_ladder() {
        let down = |v| rung_step(v, false, 1);
        assert_eq!(
            std::iter::successors(Some(10_000), |v| down(*v)).take(6).collect::<Vec<_>>(),
            [10_000, 5_000, 2_000, 1_000, 500, 200]
        );
        assert_eq!((rung_step(900, false, 1), rung_step(900, true, 1)), (Some(500), Some(1_000)));
        assert_eq!(rung_step(50, true, 3), Some(500));
        assert_eq!(rung_step(1, false, 1), None);
    }

    #[test]
    fn a_key_moves_a_slider_a_step_or_ten() {
        let hundredth = (0, 18_000, 180);
        assert_eq!(slider_key("ArrowRight", false, 3_000, hundredth), Some(3_180));
        assert_eq!(slider_key("ArrowLeft", false, 3_000, hundredth), Some(2_820));
        assert_eq!(slider_key("ArrowUp", true, 3_000, hundredth), Some(4_800));
        assert_eq!(slider_key("PageDown", false, 1_000, hundredth), Some(0));
        assert_eq!(slider_key("ArrowRight", true, 17_000, hundredth), Some(18_000));
        assert_eq!(
            (slider_key("Home", false, 9, (5, 20, 1)), slider_key("End", false, 9, (5, 20, 1))),
            (Some(5), Some(20))
        );
        assert_eq!(slider_key("a", false, 9, hundredth), None);
    }

    #[test]
    fn a_duration_steps_along_the_clock() {
        let down = |v| clock_step(v, false, 1);
        assert_eq!(std::iter::successors(Some(900), |v| down(*v)).take(4).collect::<Vec<_>>(), [900, 600, 300, 180]);
        assert_eq!((clock_step(500, false, 1), clock_step(500, true, 1)), (Some(300), Some(600)));
        assert_eq!(clock_step(900, true, 3), Some(7_200), "Shift: three rungs");
        assert_eq!((clock_step(1, false, 1), clock_step(2_419_200, true, 1)), (None, None));
    }
}
