//! Up the ladder of abstraction: one scenario over many seeds, or over one
//! parameter's range, each point a run a link reopens. An experiment says
//! what it can be swept for in its own module ([`Ladder`]: its key
//! outcomes, the parameters worth sweeping with the lesson's value, and how
//! a whole run measures); this module runs the points. Pure: the sweep page
//! (`sweep.html`, through the lesson group's export module) and `retry-lab
//! sweep` call the same [`Plan::point`], so their numbers are one.

use serde::Serialize;

use crate::i18n::Lang;
use crate::ladder::SweepAxis;
use crate::link::{Link, Scope};
use crate::params::Value;
use crate::registry::{Experiment, LabParams, ParamId};

/// Seeds a sweep runs when none is asked for (the "how often").
pub const SEEDS_DEFAULT: u32 = 200;
/// Seeds per parameter value when sweeping a parameter: enough for a
/// 5th–95th band, small enough to be done in a second.
pub const SEEDS_PER_VALUE_DEFAULT: u32 = 40;
/// The most seeds a sweep runs (a page's work must stay a page's).
pub const SEEDS_MAX: u32 = 1_000;
/// The most values of a parameter a sweep visits.
pub const STEPS_MAX: u32 = 21;
/// The most work one sweep may do, in the core's measure (`Ladder::work`:
/// an engine's delivery attempts, the storm's calls): a tenth of what the
/// core lets one run do (`limits::ATTEMPTS_MAX`), a second or two natively.
/// Each run alone is within the core's bounds; a sweep multiplies it by up
/// to 21 values × 1,000 seeds, so it has a budget of its own.
pub const WORK_MAX: u64 = 100_000_000;

/// The lab's link to the sweep page, beside the seed under a seeded
/// experiment's figure. Here, not in the shell's strings: a page without
/// a seeded experiment never links it, so its module holds none of it.
pub fn link_words(lang: Lang) -> &'static str {
    lang.pick("¿la semilla o el parámetro? Ver 200 semillas ↗", "the seed or the parameter? See 200 seeds ↗")
}

/// A sweep asked for: the scenario (a link), what varies, how many seeds.
#[derive(Debug)]
pub struct Plan {
    pub experiment: Experiment,
    pub lang: Lang,
    pub base: LabParams,
    /// `None`: across seeds only.
    pub axis: Option<(ParamId, &'static SweepAxis, Vec<Value>)>,
    pub seeds: u32,
    /// Its work before it runs (within `WORK_MAX`, or it is refused).
    pub estimate: Estimate,
}

/// Why a sweep cannot be run, in the learner's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The experiment has no seed-dependent outcome to sweep.
    NotSeeded(&'static str),
    /// The parameter is not one this experiment sweeps.
    UnknownAxis(String),
    /// The sweep would do more than `WORK_MAX`: what it would cost, and
    /// what would bring it within.
    OverBudget(Box<Estimate>),
}

/// A sweep's work before it runs, and what to lower when it is too much.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub seeds: u32,
    /// Values of the swept parameter (1 across seeds only).
    pub values: usize,
    /// The parameter the work grows with, and its value in the scenario
    /// (`None` where it is the swept one).
    pub size: Option<(ParamId, u64)>,
    pub work: u64,
    /// The work's unit, in the learner's words: Spanish, English.
    pub unit: [&'static str; 2],
    /// The most seeds within `WORK_MAX` (0: none would do).
    pub seeds_within: u32,
    /// The largest value of `size` within `WORK_MAX` with these seeds.
    pub size_within: Option<u64>,
}

impl Refusal {
    pub fn describe(&self, lang: Lang) -> String {
        match (self, lang) {
            (Refusal::NotSeeded(code), Lang::Es) => {
                format!("El experimento «{code}» no depende de la semilla: no hay nada que barrer.")
            }
            (Refusal::NotSeeded(code), Lang::En) => {
                format!("The experiment “{code}” does not depend on the seed: nothing to sweep.")
            }
            (Refusal::UnknownAxis(key), Lang::Es) => {
                format!("«{key}» no es un parámetro que este experimento pueda barrer.")
            }
            (Refusal::UnknownAxis(key), Lang::En) => format!("“{key}” is not a parameter this experiment can sweep."),
            (Refusal::OverBudget(estimate), lang) => estimate.refusal(lang),
        }
    }
}

impl Estimate {
    /// «1,000 semillas × 21 valores, con «Mensajes» en 100,000: unos
    /// 2·10⁹ intentos de entrega; un barrido hace a lo sumo 10⁸. Baja las
    /// semillas a 40 o «Mensajes» a 5,000. No se corrió nada.»
    fn refusal(&self, lang: Lang) -> String {
        let int = crate::format::int;
        let mut plan =
            lang.pick(format!("{} semillas", int(self.seeds.into())), format!("{} seeds", int(self.seeds.into())));
        if self.values > 1 {
            plan += &lang.pick(format!(" × {} valores", self.values), format!(" × {} values", self.values));
        }
        if let Some((param, value)) = self.size {
            plan += &lang.pick(
                format!(", con «{}» en {}", param.label(lang), int(value)),
                format!(", with “{}” at {}", param.label(lang), int(value)),
            );
        }
        let cost = lang.pick(
            format!(
                "unos {} {}; un barrido hace a lo sumo {}",
                magnitude(self.work),
                self.unit[usize::from(lang == Lang::En)],
                magnitude(WORK_MAX)
            ),
            format!(
                "about {} {}; a sweep does at most {}",
                magnitude(self.work),
                self.unit[usize::from(lang == Lang::En)],
                magnitude(WORK_MAX)
            ),
        );
        let mut lower = Vec::new();
        if self.seeds_within > 0 {
            lower.push(lang.pick(
                format!("las semillas a {}", int(self.seeds_within.into())),
                format!("the seeds to {}", int(self.seeds_within.into())),
            ));
        }
        if let (Some((param, _)), Some(value)) = (self.size, self.size_within) {
            lower.push(lang.pick(
                format!("«{}» a {}", param.label(lang), int(value)),
                format!("“{}” to {}", param.label(lang), int(value)),
            ));
        }
        let or = lang.pick(" o ", " or ");
        let advice = match lower.is_empty() {
            true => String::new(),
            false => lang.pick(format!(" Baja {}.", lower.join(or)), format!(" Lower {}.", lower.join(or))),
        };
        let nothing = lang.pick(" No se corrió nada.", " Nothing was run.");
        format!("{plan}: {cost}.{advice}{nothing}")
    }

    /// While a permitted sweep runs: its size and its work, in words.
    pub fn text(&self, lang: Lang) -> String {
        let unit = lang.pick(self.unit[0], self.unit[1]);
        lang.pick(format!("unos {} {unit}", magnitude(self.work)), format!("about {} {unit}", magnitude(self.work)))
    }
}

/// A count as an order of magnitude once it is large: 2,000,000,000 →
/// "2·10⁹", 100,000,000 → "10⁸"; below a million, its digits.
pub fn magnitude(n: u64) -> String {
    if n < 1_000_000 {
        return crate::format::int(n);
    }
    let mut exponent = n.ilog10();
    let power = 10u64.pow(exponent);
    let mut lead = n / power + u64::from(n % power >= power / 2);
    if lead == 10 {
        (lead, exponent) = (1, exponent + 1);
    }
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = exponent.to_string().bytes().map(|b| SUPERSCRIPT[usize::from(b - b'0')]).collect();
    if lead == 1 {
        format!("10{digits}")
    } else {
        format!("{lead}·10{digits}")
    }
}

/// One run of a sweep.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    pub seed: u64,
    /// The swept parameter's value as a link writes it (`None` across seeds).
    pub value: Option<String>,
    /// The link (query, no `?`) that opens this run in the lab.
    pub link: String,
    pub outcomes: Vec<f64>,
}

/// A distribution's middle and spread: nearest-rank percentiles, so each is
/// a value some run had.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub p5: f64,
    pub median: f64,
    pub p95: f64,
}

impl Summary {
    pub fn of(values: &[f64]) -> Option<Summary> {
        let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        sorted.sort_by(f64::total_cmp);
        let rank = |q: usize| sorted[((q * sorted.len()).div_ceil(100)).max(1) - 1];
        (!sorted.is_empty()).then(|| Summary { p5: rank(5), median: rank(50), p95: rank(95) })
    }
}

/// Values from `from` to `to` at a round step (1, 2, 2.5 or 5 times a
/// power of ten, at most `STEPS_MAX` values: 10, 50, 100 … 1,000 clients;
/// 0 %, 5 % … 100 %), so a learner's round value is one of them; as the
/// parameter's domain reads them (a share in ppm).
fn axis_values(param: ParamId, axis: &SweepAxis) -> Vec<Value> {
    let domain = param.domain();
    let read = |text| match domain.parse(text) {
        Ok((Value::Int(n), _)) => n,
        _ => 0,
    };
    let (from, to) = (read(axis.from), read(axis.to));
    let wanted = to.saturating_sub(from).div_ceil(u64::from(STEPS_MAX) - 1).max(1);
    let step = (0..19)
        .map(|power| 10u64.pow(power))
        .flat_map(|unit| [unit, 2 * unit, 5 * unit / 2, 5 * unit])
        .find(|&step| step >= wanted)
        .unwrap_or(wanted);
    let mut values = vec![from];
    values.extend((from / step + 1..).map(|i| i * step).take_while(|&v| v < to));
    values.push(to);
    values.dedup();
    values.into_iter().filter_map(|n| domain.clamp(Value::Int(n))).collect()
}

/// One seed's work over every value of the axis, with the size parameter
/// at `size` (`None`: as in `base`). Saturating: an estimate past `u64` is
/// over any budget.
fn work_per_seed(
    experiment: Experiment,
    base: &LabParams,
    axis: Option<&(ParamId, &'static SweepAxis, Vec<Value>)>,
    size: Option<(ParamId, u64)>,
) -> u64 {
    let mut params = base.clone();
    if let Some((param, value)) = size {
        param.apply(&mut params, Value::Int(value));
    }
    let Some((param, _, values)) = axis else { return experiment.work(&params) };
    values.iter().fold(0u64, |sum, value| {
        let mut at = params.clone();
        param.apply(&mut at, value.clone());
        sum.saturating_add(experiment.work(&at))
    })
}

/// What a sweep would cost, and the most seeds, or the largest size, that
/// would keep it within `WORK_MAX` (found with the work function itself:
/// it need not grow in proportion).
fn estimate(
    experiment: Experiment,
    base: &LabParams,
    axis: Option<&(ParamId, &'static SweepAxis, Vec<Value>)>,
    seeds: u32,
) -> Estimate {
    let offer = experiment.ladder();
    let per_seed = work_per_seed(experiment, base, axis, None);
    let size = offer
        .and_then(|o| ParamId::of(experiment).find(|p| p.key() == o.size))
        .filter(|p| axis.is_none_or(|(swept, _, _)| swept != p))
        .and_then(|p| match (p.get(base), p.domain()) {
            (Value::Int(value), crate::params::Domain::Int { min, .. }) => Some((p, value, min)),
            _ => None,
        });
    let fits = |value: u64| {
        let (param, _, _) = size.expect("a size parameter");
        work_per_seed(experiment, base, axis, Some((param, value))).saturating_mul(u64::from(seeds)) <= WORK_MAX
    };
    let size_within = size.filter(|&(_, _, min)| fits(min)).map(|(_, value, min)| {
        // The largest value that fits, between the smallest (fits) and the scenario's.
        let (mut low, mut high) = (min, value);
        while low < high {
            let mid = low + (high - low).div_ceil(2);
            if fits(mid) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        low
    });
    Estimate {
        seeds,
        values: axis.map_or(1, |(_, _, values)| values.len()),
        size: size.map(|(param, value, _)| (param, value)),
        work: per_seed.saturating_mul(u64::from(seeds)),
        unit: [Lang::Es, Lang::En]
            .map(offer.map_or(crate::ladder::attempts as fn(Lang) -> &'static str, |o| o.work_unit)),
        seeds_within: u32::try_from(WORK_MAX / per_seed.max(1)).unwrap_or(u32::MAX).min(SEEDS_MAX),
        size_within,
    }
}

impl Plan {
    /// The sweep of a lab's link: its open experiment's scenario, over
    /// `seeds` seeds (1 to `SEEDS_MAX`), and over `axis_key`'s range if given.
    pub fn of_link(query: &str, axis_key: Option<&str>, seeds: u32) -> Result<Plan, Refusal> {
        let (link, notices) = crate::link::decode(query);
        let init = link.to_init(&[], notices);
        let experiment = init.only.unwrap_or(init.experiment);
        let ladder = experiment.ladder().ok_or(Refusal::NotSeeded(experiment.code()))?;
        let axis = match axis_key.filter(|k| !k.is_empty()) {
            None => None,
            Some(key) => {
                let axis =
                    ladder.axes.iter().find(|a| a.key == key).ok_or_else(|| Refusal::UnknownAxis(key.to_owned()))?;
                let param = ParamId::of(experiment)
                    .find(|p| p.key() == key)
                    .ok_or_else(|| Refusal::UnknownAxis(key.to_owned()))?;
                Some((param, axis, axis_values(param, axis)))
            }
        };
        let seeds = seeds.clamp(1, SEEDS_MAX);
        let estimate = estimate(experiment, &init.params, axis.as_ref(), seeds);
        if estimate.work > WORK_MAX {
            return Err(Refusal::OverBudget(Box::new(estimate)));
        }
        Ok(Plan { experiment, lang: init.lang, base: init.params, axis, seeds, estimate })
    }

    /// Runs in the sweep: seeds × values.
    pub fn len(&self) -> usize {
        let values = self.axis.as_ref().map_or(1, |(_, _, values)| values.len());
        values * self.seeds as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Point `index`: value `index / seeds`, seed `index % seeds + 1`.
    pub fn point(&self, index: usize) -> Point {
        let seeds = self.seeds as usize;
        let mut params = self.base.clone();
        params.shared.seed = (index % seeds) as u64 + 1;
        let value = self.axis.as_ref().map(|(param, _, values)| {
            let value = values[(index / seeds).min(values.len() - 1)].clone();
            param.apply(&mut params, value);
            param.encode(&params)
        });
        let measure = self.experiment.measure(&params);
        let link = Link::of(self.lang, &params, self.experiment, measure.end_ms, Scope::Experiment, None).encode();
        Point { seed: params.shared.seed, value, link, outcomes: measure.outcomes }
    }

    /// Every point, in order (the CLI; the page's worker steps them a slice at a time).
    pub fn run(&self) -> Vec<Point> {
        (0..self.len()).map(|i| self.point(i)).collect()
    }

    /// The scenario's own run: what the chart marks as "this run".
    pub fn current(&self) -> Vec<f64> {
        self.experiment.measure(&self.base).outcomes
    }
}

/// The sweep format's version (in the CLI's JSON and the page's download).
pub const FORMAT: u32 = 1;

/// One value's distribution of each outcome (across seeds only: one group).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Band {
    pub value: Option<String>,
    /// Per outcome, in `outcomes`' order.
    pub summaries: Vec<Option<Summary>>,
}

/// An outcome as a report names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeName {
    pub key: &'static str,
    pub unit: &'static str,
    pub label: &'static str,
}

/// A finished sweep: what `retry-lab sweep --json` prints and the page
/// downloads, with every point's seed and link.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub format: u32,
    pub experiment: &'static str,
    /// The swept parameter's key (`None`: across seeds only).
    pub axis: Option<&'static str>,
    pub seeds: u32,
    pub outcomes: Vec<OutcomeName>,
    /// The scenario's own run (its seed, its outcomes), and its value of
    /// the swept parameter.
    pub current_seed: u64,
    pub current: Vec<f64>,
    pub current_value: Option<String>,
    pub lesson_value: Option<&'static str>,
    /// Two outcomes that are one comparison's two sides (indices into
    /// `outcomes`), drawn on one axis.
    pub compare: Option<[usize; 2]>,
    pub bands: Vec<Band>,
    pub points: Vec<Point>,
}

impl Plan {
    /// Each value's bands over the points given (a whole sweep's, or the
    /// part the page has run so far).
    pub fn bands(&self, points: &[Point]) -> Vec<Band> {
        let outcomes = self.experiment.ladder().map_or(0, |l| l.outcomes.len());
        points
            .chunks(self.seeds as usize)
            .map(|group| Band {
                value: group[0].value.clone(),
                summaries: (0..outcomes)
                    .map(|i| {
                        Summary::of(&group.iter().filter_map(|p| p.outcomes.get(i).copied()).collect::<Vec<f64>>())
                    })
                    .collect(),
            })
            .collect()
    }

    pub fn report(&self, points: Vec<Point>) -> Report {
        let offer = self.experiment.ladder();
        let names = offer.map_or(&[][..], |l| l.outcomes);
        Report {
            format: FORMAT,
            experiment: self.experiment.code(),
            axis: self.axis.as_ref().map(|(param, _, _)| param.key()),
            seeds: self.seeds,
            outcomes: names
                .iter()
                .map(|o| OutcomeName { key: o.key, unit: o.unit, label: (o.label)(self.lang) })
                .collect(),
            current_seed: self.base.shared.seed,
            current: self.current(),
            current_value: self.axis.as_ref().map(|(param, _, _)| param.encode(&self.base)),
            lesson_value: self.axis.as_ref().and_then(|(_, axis, _)| axis.lesson),
            compare: offer.and_then(|o| o.compare),
            bands: self.bands(&points),
            points,
        }
    }
}

impl Report {
    pub fn json(&self) -> String {
        // Numbers and strings only (no NaN: measures divide by at least 1).
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// A row per point: `seed,value,<outcome keys…>,link` (RFC 4180: no
    /// field here holds a comma or a quote; a link is percent-encoded).
    pub fn csv(&self) -> String {
        let keys: Vec<&str> = self.outcomes.iter().map(|o| o.key).collect();
        let mut out = format!("seed,{},{},link\r\n", self.axis.unwrap_or("value"), keys.join(","));
        for p in &self.points {
            let values: Vec<String> = p.outcomes.iter().map(f64::to_string).collect();
            out += &format!("{},{},{},{}\r\n", p.seed, p.value.as_deref().unwrap_or(""), values.join(","), p.link);
        }
        out
    }
}
