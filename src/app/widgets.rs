//! What a panel receives and draws with: a typed view of its own
//! experiment (`View`: its parameters and state, the language, the page
//! around it as a `Frame`), and the view helpers that need nothing of the
//! lab (sliders, counters, lane charts, notes written on a chart). A panel
//! never sees the whole lab: it reads its own experiment, and the app
//! (`app::frame`) draws the controls, the figure's caption and the tasks.
//! Every control has a visible label and shows its value with its unit;
//! locked parameters are shown, not editable.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::params::{Shared, Value};
use crate::unit::Unit;

/// What a panel receives: its own experiment's parameters and state, the
/// learner's language, and the page around it; it changes the lab in two
/// ways, a parameter by its link key (`set`) or an action of its own
/// reducer (`send`).
pub struct View<'a, U: Unit, F: Frame> {
    pub lang: Lang,
    pub params: &'a U::Params,
    /// The parameters every experiment shares (the seed, playback).
    pub shared: &'a Shared,
    pub state: &'a U::State,
    /// The page around the panel (one type, the app's: calls are static,
    /// and what a page's panels never call stays out of its module).
    pub frame: &'a F,
    /// This experiment's action as one of the lab's.
    pub wrap: fn(U::Action) -> F::Action,
    /// A scene's instant (simulated ms): the figure shows the run at it.
    /// None: a still figure, or a run with a clock of its own.
    pub at_ms: Option<u64>,
}

impl<U: Unit, F: Frame> View<'_, U, F> {
    /// Sets one parameter by its link key; the reducer clamps it into its
    /// declared range.
    pub fn set(&self) -> Callback<(&'static str, Value)> {
        self.frame.setter()
    }
    /// An action of this experiment's own reducer. (Made when asked: most
    /// panels have none, and a page pays for each callback it builds.)
    pub fn send(&self) -> Callback<U::Action>
    where
        U::Action: 'static,
    {
        self.frame.sender().reform(self.wrap)
    }
}

/// The page around a panel, drawn by the app: what needs the lab's whole
/// state (locks, the open experiment's declared parameters, the prediction
/// asked before the figure, the tasks) stays on the app's side of this.
pub trait Frame {
    /// The lab's action for one experiment's (the list's `UnitAction`).
    type Action: 'static;
    fn setter(&self) -> Callback<(&'static str, Value)>;
    fn sender(&self) -> Callback<Self::Action>;
    /// An id unique on the page (several labs may share one).
    fn id(&self, name: &str) -> AttrValue;
    /// Whether an author locked a parameter (by its link key) or a lock.
    fn locked(&self, key: &str) -> bool;
    /// Bumped on every change of the lab: what a memoized part compares.
    fn version(&self) -> u64;
    /// The guided tasks ("Prueba esto"), which the panel places beside its figure.
    fn tasks(&self) -> Html;
    /// The experiment's controls: its primary parameters (`Spec::PRIMARY`,
    /// at most four) in the first screen, the others and (`seeded`) the seed
    /// under "Más parámetros". `shown` hides parameters that do not apply;
    /// `hint` puts a line under a parameter's label. (`dyn`: one copy of
    /// the code for every panel, not one per closure: kilobytes of a page.)
    fn controls(&self, shown: &dyn Fn(&str) -> bool, hint: &dyn Fn(&str) -> Option<AttrValue>, seeded: bool) -> Html;
    /// One declared parameter's control, by its link key.
    fn param_control(&self, key: &str, hint: Option<AttrValue>) -> Html;
    /// A text parameter as its link writes it, editable in one line.
    fn text_control(&self, key: &str, hint: &str) -> Html;
    /// The figure alone, under its one-sentence caption (or, where the
    /// lesson states a number, the question asked first).
    fn hero_figure(&self, insight: String, seeded: bool, body: Html) -> Html;
    /// Play, pause, step, reset, speed, and seek over simulated time.
    fn playback(&self, view: &PlaybackView) -> Html;
    /// The open scene's instant, if the experiment is a scene.
    fn scene_at(&self) -> Option<u64>;
    /// A parameter (by link key) grabbed on the figure: a handle where its
    /// value falls on the chart's time axis (`app::handle`).
    fn handle(&self, key: &str, axis: Axis) -> Html;
}

/// The experiment's one figure first, then what turns it: its parameters
/// and the tasks about it, beside it on a wide screen and under it on a
/// phone (issue 36: parameters go around the scene, not before it). The
/// DOM order is the reading and Tab order: look, then change, then check.
pub fn hero<F: Frame>(frame: &F, controls: Html, insight: String, seeded: bool, body: Html) -> Html {
    html! {
        <div class="hero-row">
            { frame.hero_figure(insight, seeded, body) }
            <div class="hero-side">{ controls }{ frame.tasks() }</div>
        </div>
    }
}

/// A `<select>` whose chosen option is written in a box that wraps (issue
/// 36: a native select cuts its text at its width, «exponencial sin j»).
/// The select stays the control, invisible over its face: it is what a
/// tap, the keyboard and a screen reader use, and its list shows every
/// option whole; the face only shows `shown`.
pub fn pick(select: Html, shown: impl Into<AttrValue>) -> Html {
    html! {
        <span class="pick">{ select }<span class="pick-face" aria-hidden="true">{ shown.into() }</span></span>
    }
}

/// The current value of the `<input>` or `<select>` an event came from.
/// Read as an input's: the binding reads the element's `value` property,
/// which a select has too (no type checks to ship).
pub fn event_value(event: &Event) -> String {
    use wasm_bindgen::JsCast;
    event.target().map(|t| t.unchecked_into::<web_sys::HtmlInputElement>().value()).unwrap_or_default()
}

/// Puts a text field back to `text` (a value it could not read).
pub(crate) fn set_event_value(event: &Event, text: &str) {
    use wasm_bindgen::JsCast;
    // Only a text field's change calls this.
    if let Some(input) = event.target() {
        input.unchecked_into::<web_sys::HtmlInputElement>().set_value(text);
    }
}

/// A control's visible label, marked when an author locked the parameter.
pub fn control_label(for_id: AttrValue, label: &str, locked: bool, locked_text: &str) -> Html {
    html! {
        <label for={for_id}>{ label.to_string() }
            if locked { <span class="locked">{ format!(" · {locked_text}") }</span> }
        </label>
    }
}

pub struct SliderProps {
    pub id: AttrValue,
    pub label: &'static str,
    pub hint: Option<AttrValue>,
    pub value: u64,
    pub min: u64,
    pub max: u64,
    pub step: u64,
    pub shown: String,
    pub locked: bool,
    pub on_input: Callback<String>,
}

/// A labelled range input with its value and unit beside it.
pub fn slider(lang: Lang, props: SliderProps) -> Html {
    let on_input = props.on_input.clone();
    let oninput = Callback::from(move |e: InputEvent| on_input.emit(event_value(&e)));
    let output_id = format!("{}-value", props.id);
    html! {
        <div class="control">
            { control_label(props.id.clone(), props.label, props.locked, lang.texts().locked) }
            if let Some(hint) = &props.hint { <span class="hint">{ hint.clone() }</span> }
            <div class="control-row">
                <input type="range" id={props.id.clone()} min={props.min.to_string()} max={props.max.to_string()}
                    step={props.step.to_string()} value={props.value.to_string()} disabled={props.locked}
                    aria-valuetext={props.shown.clone()} aria-describedby={output_id.clone()} {oninput} />
                <output id={output_id} for={props.id.clone()} class="value">{ props.shown }</output>
            </div>
        </div>
    }
}

/// Log-scale speed: slider position 0..=300 ↔ 1..=1000 simulated s per s.
/// (JS's Math keeps libm's log and pow out of the bundle.)
pub fn speed_to_position(speed: u32) -> u64 {
    (js_sys::Math::log10(f64::from(speed.max(1))) * 100.0).round() as u64
}
pub fn position_to_speed(position: u64) -> u64 {
    js_sys::Math::pow(10.0, position.min(300) as f64 / 100.0).round() as u64
}

/// What the playback bar shows.
pub struct PlaybackView {
    pub playing: bool,
    pub finished: bool,
    /// Events still parked in dead-letter (the status never says "nothing
    /// left" while one is).
    pub parked: u64,
    pub clock_ms: u64,
    /// Where the seek control ends (simulated ms).
    pub seek_max_ms: u64,
    pub speed_s_per_s: u32,
    pub seek_label: &'static str,
}

/// Draws a view that shows only the rows in view of its scroll region (a
/// virtual list): this component keeps the region's scroll offset, `draw`
/// draws from it and hands the region this `onscroll`. One component serves
/// every such list, so each list costs the module its view alone.
#[derive(Properties)]
pub struct ScrolledProps {
    pub draw: Rc<dyn Fn(u32, Callback<Event>) -> Html>,
    /// The lab's `Frame::version` when drawn: the list redraws when it changes.
    pub version: u64,
}

impl PartialEq for ScrolledProps {
    fn eq(&self, other: &Self) -> bool {
        // A list keeps one view for its life; the lab's changes decide re-renders.
        self.version == other.version
    }
}

#[component(Scrolled)]
pub fn scrolled(props: &ScrolledProps) -> Html {
    let scroll_top_px = use_state(|| 0u32);
    let onscroll = {
        let scroll_top_px = scroll_top_px.clone();
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            if let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                scroll_top_px.set(el.scroll_top().max(0) as u32);
            }
        })
    };
    (props.draw)(*scroll_top_px, onscroll)
}

/// A grid of counters: (key for `data-counter`, label, value shown).
pub fn counter_grid<L: Into<AttrValue>>(rows: impl IntoIterator<Item = (&'static str, L, String)>) -> Html {
    // Generic only as far as the rows' list: the markup is built once, not
    // once per call site's iterator type (three grids in one panel were
    // three copies of it).
    counter_list(rows.into_iter().map(|(key, label, value)| counter(key, label.into(), value)).collect())
}

fn counter_list(rows: Vec<Html>) -> Html {
    html! { <dl class="counter-grid">{ for rows }</dl> }
}

fn counter(key: &'static str, label: AttrValue, value: String) -> Html {
    html! { <div class="counter" data-counter={key}><dt>{ label }</dt><dd>{ value }</dd></div> }
}

/// Counters of the whole run beside a scene at an instant, said over them:
/// the figure and its caption show the instant, these do not.
pub fn run_counters<L: Into<AttrValue>>(lang: Lang, rows: impl IntoIterator<Item = (&'static str, L, String)>) -> Html {
    html! { <>{ run_totals(lang) }{ counter_grid(rows) }</> }
}

/// The words over counters of the whole run (`run_counters`), alone: over
/// several grids at once (the pools' two dependencies).
pub fn run_totals(lang: Lang) -> Html {
    html! { <p class="totals">{ lang.texts().run_totals }</p> }
}

/// A queue experiment whose run went over its work budget: its heading and
/// controls (to lower what the message names), the message, no figure.
#[cfg(any(feature = "lesson-004", feature = "lesson-004-ops"))]
pub fn over_budget(
    frame: &impl Frame,
    lang: Lang,
    code: &'static str,
    heading: &'static str,
    intro: &'static str,
    controls: Html,
    over: &retry_lab_core::queue::QueueError,
) -> Html {
    let text = crate::experiments::queues::refusal_text(lang, over);
    html! {
        <section class={class_list!("card", "experiment", code)} data-experiment={code}>
            <h2>{ heading }</h2>
            <p>{ intro }</p>
            { controls }
            <p class="over-budget" role="alert">{ text }</p>
            { frame.tasks() }
        </section>
    }
}

/// The experiment's explanation, one summary line under its heading: the
/// figure's caption says the point, this says the rest.
pub fn about(lang: Lang, text: &'static str) -> Html {
    html! {
        <details class="more-about">
            <summary>{ lang.texts().more_about }</summary>
            <p>{ text }</p>
        </details>
    }
}

/// Each lane of a lane chart, in CSS pixels: drawn with
/// `preserveAspectRatio="none"`, a chart is as wide as its box and
/// `rows` × this tall at any width, so a phone's lanes stay readable
/// (12 px and more) instead of shrinking with the width.
pub const LANE_PX: usize = 14;

/// The inline height of a lane chart of `rows` lanes (`LANE_PX` each, or
/// the chart's `--lane`: the DLQ's lifelines are a pixel shorter a lane on
/// a laptop, so their axis clears the scene's sticky bar).
pub fn lanes_height(rows: usize) -> String {
    format!("height:calc({}*var(--lane,{LANE_PX}px))", rows.max(1))
}

/// A chart's axis in a parameter's units: its value at the chart's left
/// and right edges (or, `vertical`, its bottom and top; linear), the
/// handle's step, and the least value that is a place on the axis (a TTL of
/// 0 means «never expires», not «at once»: the handle stops at 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Axis {
    pub from: f64,
    pub to: f64,
    pub step: u64,
    pub floor: u64,
    /// The highest value the handle offers (below its parameter's maximum
    /// when the figure ends sooner: a crash past the run's end is no crash).
    pub ceiling: u64,
    pub vertical: bool,
    /// Values placed as ln(1 + value) of ln(1 + `to`), `from` being 0 (the
    /// DLQ's lifelines, a call's timeout: scales of 1,000× on one axis).
    /// Only on the pages that draw one: libm's `exp` and `ln` would cost
    /// every other page ~0.5–0.9 KB.
    #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
    pub log: bool,
    /// A log axis of seconds whose keys step along the clock's rungs
    /// (`params::clock_step`: 15, 10, 5, 3 min), not 1–2–5 (500 s, 200 s).
    #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
    pub clock: bool,
    /// A broken axis (`crate::scale`): values up to the knee's value fill
    /// the first part of it its fraction says, the rest the remainder. Only
    /// the age chart draws one.
    #[cfg(feature = "lesson-004-ops")]
    pub knee: Option<(f64, f64)>,
}

impl Axis {
    /// A chart's time axis in seconds: its left edge at `origin_ms` of the
    /// run counted as 0 (a duration measured from the first delivery), its
    /// right edge at `end_ms`.
    pub fn seconds(origin_ms: u64, end_ms: u64, step: u64, floor: u64) -> Self {
        let s = |ms: u64| ms as f64 / 1_000.0;
        Self::linear(-s(origin_ms), s(end_ms) - s(origin_ms), (step, floor), false)
    }

    /// `from` to `to` on an even scale (the one place the log switch is off).
    fn linear(from: f64, to: f64, (step, floor): (u64, u64), vertical: bool) -> Self {
        Self {
            from,
            to,
            step,
            floor,
            ceiling: u64::MAX,
            vertical,
            #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
            log: false,
            #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
            clock: false,
            #[cfg(feature = "lesson-004-ops")]
            knee: None,
        }
    }

    /// The same axis parted at `value`, which falls at `along` (0…1) of it.
    #[cfg(feature = "lesson-004-ops")]
    pub fn bent(self, value: f64, along: f64) -> Self {
        Self { knee: Some((value, along)), ..self }
    }

    /// A log axis from 0 to `to`, in the parameter's own unit (the DLQ's
    /// seconds to days, a call's milliseconds to a minute).
    #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
    pub fn log(to: f64, step: u64, floor: u64) -> Self {
        Self { log: true, ..Self::linear(0.0, to, (step, floor), false) }
    }

    /// The same log axis, of seconds, its keys on the clock's rungs.
    #[cfg(feature = "lesson-004-ops")]
    pub fn on_clock(self) -> Self {
        Self { clock: true, ..self }
    }

    /// A level across a chart, counted from its bottom (`from`) to its top
    /// (`to`): a queue's limit, an alert's threshold, a count of rows.
    pub fn level(from: f64, to: f64, step: u64) -> Self {
        Self::linear(from, to, (step, 1), true)
    }

    /// A level from 0 to `top`, stepped by a power of ten about a hundredth
    /// of the chart's height or less (a 12,500-message chart moves its
    /// level by 100; 2 M messages, by 10,000), down to the parameter's
    /// own minimum (a lag of 0 is none behind).
    pub fn level_to(top: u64) -> Self {
        let mut step = 1;
        while step * 1_000 <= top {
            step *= 10;
        }
        Self::linear(0.0, top as f64, (step, 0), true)
    }

    /// Where `value` falls along the axis, 0…1 (not clamped).
    pub fn along(&self, value: f64) -> f64 {
        #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
        if self.log && self.to > 0.0 {
            return (value.max(0.0) + 1.0).ln() / (self.to + 1.0).ln();
        }
        #[cfg(feature = "lesson-004-ops")]
        if let Some(knee) = self.knee {
            return crate::scale::along(value, (self.from, self.to), knee);
        }
        let span = self.to - self.from;
        if span != 0.0 {
            (value - self.from) / span
        } else {
            0.0
        }
    }

    /// The value at `along` (0…1) of the axis.
    pub fn value_at(&self, along: f64) -> f64 {
        #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
        if self.log {
            return (along * (self.to.max(0.0) + 1.0).ln()).exp() - 1.0;
        }
        #[cfg(feature = "lesson-004-ops")]
        if let Some(knee) = self.knee {
            return crate::scale::value_at(along, (self.from, self.to), knee);
        }
        self.from + along * (self.to - self.from)
    }

    /// A log's «hours ago» axis: `span_h` back at its left edge, now at its
    /// right (a value grows leftwards: `from` > `to`).
    pub fn hours_ago(span_h: u64, step: u64) -> Self {
        Self::linear(span_h as f64, 0.0, (step, step), false)
    }

    /// The same axis, its handle going no higher than `ceiling`.
    pub fn up_to(self, ceiling: u64) -> Self {
        Self { ceiling, ..self }
    }
}

pub use crate::scale::nice_up;

/// A permille of a chart's width as a CSS percentage, "12.5%": whole
/// numbers only (formatting a float costs a page ~7 KB).
pub fn percent(permille: u64) -> String {
    format!("{}.{}%", permille / 10, permille % 10)
}

/// A word written on a chart where its mark is (`permille` of the plot's
/// width, 0…1,000), `top_px` below the chart's top. A note past
/// the middle hangs to the mark's left so it stays inside the chart (on a
/// phone's 320 px plot a note is half its width: «máximo: 11,282,400 en cola»
/// at 54 % ran off its edge when only notes past 60 % turned). The
/// figure's caption says the same for a screen reader.
pub fn chart_note(permille: u64, top_px: usize, class: &'static str, text: String) -> Html {
    let p = permille.min(1_000);
    // Past the middle: placed by its right edge, its border on its right.
    let (edge, at, side) = if p > 500 { ("right", 1_000 - p, "note-left") } else { ("left", p, "note-right") };
    let style = format!("{edge}:{};top:{top_px}px", percent(at));
    html! { <span class={class_list!("chart-note", side, class)} {style} aria-hidden="true">{ text }</span> }
}

/// A lane chart: its row labels (`prefix` and a number, a lane each,
/// `LANE_PX` tall) in a first column, the drawing and its axis (`body`) in
/// the second.
pub fn lane_chart(prefix: &'static str, numbers: &mut dyn Iterator<Item = u32>, body: Html) -> Html {
    html! {
        <div class="lane-chart">
            <ol class="lane-labels" aria-hidden="true">{ for numbers.map(|n| html! { <li>{ format!("{prefix}{n}") }</li> }) }</ol>
            { body }
        </div>
    }
}
