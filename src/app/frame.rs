//! The page around each panel (`widgets::Frame`), drawn from the whole
//! lab: a labelled control for any declared parameter, the seed, the
//! playback bar with its seek control, the figure's caption with the
//! prediction asked before it, and the tasks. A panel reaches these through
//! the frame and never the lab's state itself.

use yew::prelude::*;

use super::widgets::{
    control_label, event_value, pick, position_to_speed, set_event_value, slider, speed_to_position, Axis, Frame,
    PlaybackView, SliderProps,
};
use crate::format;
use crate::lab::{Action, LabState, Reading};
use crate::params::{int, Domain, Value};
use crate::registry::{LabParams, ParamId, UnitAction};
use crate::scene::Timeline;
use crate::unit::Transport;

/// The app's side of a panel: the lab's state and dispatcher, the
/// instance's id prefix (ids stay unique with several labs on one page),
/// and the tasks, already drawn.
pub struct LabFrame<'a> {
    pub state: &'a LabState,
    pub dispatch: UseReducerDispatcher<LabState>,
    pub id_prefix: &'a AttrValue,
    pub tasks: Html,
    /// The open scene: the instant shown and its run in time.
    pub scene: Option<(u64, Timeline)>,
}

/// The open experiment's panel, handed its own view and this frame.
pub fn panel(frame: &LabFrame) -> Html {
    let state = frame.state;
    crate::registry::panel(state.open, (&state.params, &state.units, state.lang), frame)
}

impl Frame for LabFrame<'_> {
    type Action = UnitAction;
    fn setter(&self) -> Callback<(&'static str, Value)> {
        self.dispatch.to_callback().reform(|(key, value)| Action::Set { key, value })
    }
    fn sender(&self) -> Callback<UnitAction> {
        self.dispatch.to_callback().reform(Action::Unit)
    }
    fn id(&self, name: &str) -> AttrValue {
        AttrValue::from(format!("{}-{name}", self.id_prefix))
    }
    fn locked(&self, key: &str) -> bool {
        ParamId::by_key(key).map_or_else(|| self.state.locked.contains(key), |param| self.state.is_locked(param))
    }
    fn version(&self) -> u64 {
        self.state.version
    }
    fn tasks(&self) -> Html {
        self.tasks.clone()
    }
    fn controls(&self, shown: &dyn Fn(&str) -> bool, hint: &dyn Fn(&str) -> Option<AttrValue>, seeded: bool) -> Html {
        controls(self, shown, hint, seeded)
    }
    fn param_control(&self, key: &str, hint: Option<AttrValue>) -> Html {
        ParamId::by_key(key).map(|param| param_control(self, param, hint)).unwrap_or_default()
    }
    fn text_control(&self, key: &str, hint: &str) -> Html {
        ParamId::by_key(key).map(|param| text_control(self, param, hint)).unwrap_or_default()
    }
    fn hero_figure(&self, insight: String, seeded: bool, body: Html) -> Html {
        hero_figure(self, insight, seeded, body)
    }
    fn playback(&self, view: &PlaybackView) -> Html {
        playback(self, view)
    }
    fn scene_at(&self) -> Option<u64> {
        // While a guess is asked, a scene shows its setup, not its outcome.
        let awaiting = self.state.awaiting_guess();
        self.scene.as_ref().map(|(at_ms, _)| if awaiting { 0 } else { *at_ms })
    }
    fn handle(&self, key: &str, axis: Axis) -> Html {
        ParamId::by_key(key).map(|param| grab_handle(self, param, axis)).unwrap_or_default()
    }
}

/// A whole-number parameter as a handle on its figure, said as its control
/// would say it (a time in words).
fn grab_handle(p: &LabFrame, param: ParamId, axis: Axis) -> Html {
    let Domain::Int { min, max, unit } = param.domain() else { return html! {} };
    let min = min.max(axis.floor);
    let state = &p.state;
    let value = int(&param.get(&state.params));
    // A value a link set past the figure's end stays reachable (and valid).
    let max = max.min(axis.ceiling.max(value));
    let shown = match unit {
        "s" if state.open.in_seconds() => format::seconds(value.saturating_mul(1_000)),
        "s" => format::duration_text(value),
        _ => param.domain().human(&Value::Int(value), state.lang),
    };
    let key = param.key();
    let on_set = p.dispatch.to_callback().reform(move |v: u64| Action::Set { key, value: Value::Int(v) });
    super::handle::handle(super::handle::HandleProps {
        label: param.label(state.lang).into(),
        value,
        min,
        max,
        axis,
        shown: shown.into(),
        #[cfg(feature = "lesson-000")]
        short: "",
        locked: state.is_locked(param),
        on_set,
    })
}

/// Beyond this many bytes of UTF-8 (about as many letters) an option no longer fits half a phone's row.
const WIDE_CHOICE_BYTES: usize = 25;

/// The control for any declared parameter, from its domain: a percentage
/// slider, a number with its unit, or a select. What it sends goes through
/// the parameter's clamp in the reducer.
fn param_control(p: &LabFrame, param: ParamId, hint: Option<AttrValue>) -> Html {
    let state = &p.state;
    let lang = state.lang;
    let key = param.key();
    let id = p.id(&key.replace('_', "-"));
    let locked = state.is_locked(param);
    let value = int(&param.get(&state.params));
    let send = {
        let dispatch = p.dispatch.clone();
        move |value: Option<Value>| {
            if let Some(value) = value {
                dispatch.dispatch(Action::Set { key, value });
            }
        }
    };
    match param.domain() {
        Domain::Ratio { step_percent, max_ppm } => {
            let on_input = Callback::from(move |text: String| {
                send(text.parse::<u64>().ok().map(|percent| Value::Int(percent * 10_000)));
            });
            slider(
                lang,
                SliderProps {
                    id,
                    label: param.label(lang),
                    hint,
                    value: value / 10_000,
                    min: 0,
                    max: u64::from(max_ppm) / 10_000,
                    step: u64::from(step_percent),
                    shown: format::percent(lang, value as u32),
                    locked,
                    on_input,
                },
            )
        }
        Domain::Int { unit, min, max } => {
            let note = input_note(state, param);
            let c = Labelled { id, label: param.label(lang), locked, lang };
            amount_control(c, (unit, min, max), value, send, note)
        }
        Domain::Choice { codes, labels } => {
            choice_control(Labelled { id, label: param.label(lang), locked, lang }, codes, labels(lang), value, send)
        }
        // Text parameters are edited where their panels put them (`text_control`, or an editor of their own).
        Domain::Text { .. } => html! {},
    }
}

/// A control's id, label and lock, in the learner's language.
struct Labelled {
    id: AttrValue,
    label: &'static str,
    locked: bool,
    lang: crate::i18n::Lang,
}

/// What the lab made of the text last typed into this parameter's field, if
/// it says anything (`LabState::input_note`): the text as typed, then the
/// value used («90 min → 2 h.», «300: fuera de rango; se usa 120 s.»), so
/// the note never contradicts what the learner typed.
fn input_note(state: &LabState, param: ParamId) -> Option<String> {
    let note = state.input_note.as_ref().filter(|note| note.key == param.key())?;
    let lang = state.lang;
    let domain = param.domain();
    let shown = domain.human(&param.get(&state.params), lang);
    // As typed, cut as a text value is shown, and said to be cut («…»).
    let typed = domain.human(&Value::Text(note.text.clone()), lang);
    let typed = if typed.len() < note.text.len() { typed + "…" } else { typed };
    Some(match note.reading {
        Reading::Unread => format!("{}{shown}.", lang.pick("No es una cantidad; sigue ", "Not an amount; keeping ")),
        Reading::PastRange => {
            format!("{typed}: {}{shown}.", lang.pick("fuera de rango; se usa ", "out of range; using "))
        }
        Reading::Otherwise => format!("{typed} → {shown}."),
    })
}

/// An amount typed in human units ("1.2 M", "15 min", "1 día"). One past
/// the range shows the range's end at once; what cannot be read puts the
/// field back to the value it had; `note` says which under the field.
fn amount_control(
    c: Labelled,
    (unit, min, max): (&'static str, u64, u64),
    value: u64,
    send: impl Fn(Option<Value>) + 'static,
    note: Option<String>,
) -> Html {
    let shown = format::int(value);
    let onchange = {
        let shown = shown.clone();
        Callback::from(move |e: Event| {
            let text = event_value(&e);
            let typed = format::read_amount(&text, unit);
            // The value used, at once (the run may not change: 0 typed where 1 was).
            set_event_value(&e, &typed.map_or_else(|| shown.clone(), |(n, _)| format::int(n.clamp(min, max))));
            // As typed: the reducer reads it and says what it made of it.
            send(Some(Value::Text(text)))
        })
    };
    let human = (unit == "s" && value >= 60).then(|| format!("= {}", format::duration_text(value)));
    let Labelled { id, label, locked, lang } = c;
    html! {
        <div class="control">
            { control_label(id.clone(), label, locked, lang.texts().locked) }
            <div class="control-row">
                // `data-shown`: what Escape puts back (`use_keyboard`).
                <input type="text" id={id} value={shown.clone()} data-shown={shown} inputmode="decimal" autocomplete="off" spellcheck="false"
                    disabled={locked} {onchange} />
                <span class="unit">{ unit }</span>
                if let Some(human) = human { <span class="value-human">{ human }</span> }
            </div>
            if let Some(note) = note { <p class="input-note" role="status">{ note }</p> }
        </div>
    }
}

/// One of a parameter's choices, by its label.
fn choice_control(
    c: Labelled,
    codes: &'static [&'static str],
    labels: &'static [&'static str],
    value: u64,
    send: impl Fn(Option<Value>) + 'static,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let code = event_value(&e);
        send(codes.iter().position(|c| *c == code).map(|i| Value::Int(i as u64)));
    });
    let options = codes.iter().zip(labels).enumerate().map(|(i, (code, label))| {
        html! { <option value={*code} selected={i as u64 == value}>{ *label }</option> }
    });
    // A choice whose words would be cut in half a phone's row gets the whole row.
    let wide = labels.iter().any(|l| l.len() > WIDE_CHOICE_BYTES).then_some("wide");
    let Labelled { id, label, locked, lang } = c;
    html! {
        <div class={class_list!("control", wide)}>
            { control_label(id.clone(), label, locked, lang.texts().locked) }
            { pick(html! { <select id={id} disabled={locked} {onchange}>{ for options }</select> }, labels.get(value as usize).copied().unwrap_or_default()) }
        </div>
    }
}

/// A text parameter as its link writes it, editable in one line; what is
/// typed goes through the parameter's check in the reducer.
fn text_control(p: &LabFrame, param: ParamId, hint: &str) -> Html {
    let state = &p.state;
    let key = param.key();
    let id = p.id(&key.replace('_', "-"));
    let locked = state.is_locked(param);
    let value = param.get(&state.params);
    let dispatch = p.dispatch.clone();
    let onchange =
        Callback::from(move |e: Event| dispatch.dispatch(Action::Set { key, value: Value::Text(event_value(&e)) }));
    html! {
        <div class="control text-control">
            { control_label(id.clone(), param.label(state.lang), locked, state.lang.texts().locked) }
            <input type="text" id={id} value={crate::params::text(&value).to_owned()} disabled={locked} {onchange} spellcheck="false" />
            <span class="hint">{ hint.to_owned() }</span>
        </div>
    }
}

/// The shared seed: a text field and a "new seed" button.
fn seed_control(props: &LabFrame) -> Html {
    let state = &props.state;
    let t = state.lang.texts();
    let locked = state.locked.contains("seed");
    let id = props.id("seed");
    let seed = state.params.shared.seed.to_string();
    // Whole, as a link writes it (any u64); anything else goes as text,
    // which the reducer reads as an amount and says (never a silent 0).
    let on_change = props.dispatch.to_callback().reform(|e: Event| {
        let text = event_value(&e);
        Action::Set { key: "seed", value: text.trim().parse::<u64>().map_or(Value::Text(text), Value::Int) }
    });
    let new_seed = props.dispatch.to_callback().reform(|_| {
        // The page may use the browser's randomness for a new seed; the core never does.
        let seed = (js_sys::Math::random() * 1_000_000.0) as u64 + 1;
        Action::Set { key: "seed", value: Value::Int(seed) }
    });
    html! {
        <div class="control">
            { control_label(id.clone(), t.seed, locked, t.locked) }
            <div class="control-row">
                <input type="text" id={id} class="seed" inputmode="numeric" pattern="[0-9]*"
                    value={seed.clone()} data-shown={seed} disabled={locked} onchange={on_change} />
                <button type="button" class="new-seed" disabled={locked} onclick={new_seed}>{ t.new_seed }</button>
            </div>
            if let Some(note) = ParamId::by_key("seed").and_then(|param| input_note(state, param)) { <p class="input-note" role="status">{ note }</p> }
        </div>
    }
}

/// Play, pause, step, reset, speed, and seek over simulated time.
fn playback(p: &LabFrame, props: &PlaybackView) -> Html {
    let lang = p.state.lang;
    let t = lang.texts();
    let d = &p.dispatch;
    let transport = |t: Transport| d.to_callback().reform(move |_| Action::Transport(t));
    let on_speed = {
        let dispatch = d.clone();
        Callback::from(move |text: String| {
            if let Ok(position) = text.parse::<u64>() {
                dispatch.dispatch(Action::Set { key: "speed", value: Value::Int(position_to_speed(position)) });
            }
        })
    };
    let on_seek = {
        let dispatch = d.clone();
        Callback::from(move |text: String| {
            if let Ok(s) = text.parse::<u64>() {
                dispatch.dispatch(Action::Transport(Transport::Seek { clock_ms: s * 1_000 }));
            }
        })
    };
    let clock_text = format::seconds(props.clock_ms - props.clock_ms % 1_000);
    let speed_text = (t.speed_value)(&format::int(u64::from(props.speed_s_per_s)));
    html! {
        <div class="playback card" role="group" aria-label={t.clock} data-primary="">
            <div class="buttons">
                <button type="button" class="play" aria-pressed={props.playing.to_string()} disabled={props.finished && !props.playing}
                    onclick={transport(Transport::TogglePlay)}>{ super::scene::play_face(props.playing, t) }</button>
                <button type="button" class="step" disabled={props.finished} onclick={transport(Transport::Step)}>{ super::scene::face("→", t.step, true) }</button>
                <button type="button" class="reset" onclick={transport(Transport::Reset)}>{ super::scene::face("↺", t.reset, false) }</button>
            </div>
            <div class="clock">
                <span class="label">{ t.clock }</span>
                <output class="clock-value">{ clock_text.clone() }</output>
            </div>
            { slider(lang, SliderProps { id: p.id("seek"), label: props.seek_label, hint: None, value: props.clock_ms / 1_000, min: 0,
                max: props.seek_max_ms.div_ceil(1_000), step: 1, shown: clock_text, locked: false, on_input: on_seek }) }
            { slider(lang, SliderProps { id: p.id("speed"), label: t.speed, hint: None, value: speed_to_position(props.speed_s_per_s),
                min: 0, max: 300, step: 1, shown: speed_text, locked: p.state.locked.contains("speed"), on_input: on_speed }) }
            <p class="hint keyboard-hint">{ t.keyboard_hint }</p>
            if props.finished && props.parked == 0 { <p class="finished">{ t.finished }</p> }
            if props.finished && props.parked > 0 { <p class="finished parked">{ (t.finished_parked)(&format::int(props.parked)) }</p> }
        </div>
    }
}

/// An experiment's controls: its primary parameters (`Spec::PRIMARY`, at
/// most four) in the first screen, the others and the seed under "Más
/// parámetros" — open when one of them is not at its default, so that a
/// link or a scenario that set one shows it. `shown` hides parameters that
/// do not apply (a breaker's settings with the breaker off); `hint` puts a
/// line under a parameter's label. (`dyn`: one copy of this code for every
/// panel, not one per closure: kilobytes of each page.)
fn controls(
    p: &LabFrame,
    shown: &dyn Fn(&str) -> bool,
    hint: &dyn Fn(&str) -> Option<AttrValue>,
    seeded: bool,
) -> Html {
    let state = &p.state;
    let t = state.lang.texts();
    let experiment = state.open;
    let primary = experiment.primary();
    let is_primary = |param: &ParamId| primary.is_empty() || primary.contains(&param.key());
    let params: Vec<ParamId> = ParamId::of(experiment).filter(|param| shown(param.key())).collect();
    let defaults = LabParams::default();
    // A moved parameter opens the list, so the learner sees what differs.
    let moved = params
        .iter()
        .filter(|param| !is_primary(param) && !param.is_view_of(experiment))
        .any(|param| param.get(&state.params) != param.get(&defaults))
        || (seeded && state.params.shared != defaults.shared);
    let more: Vec<Html> = params
        .iter()
        .filter(|param| !is_primary(param))
        .map(|&param| param_control(p, param, hint(param.key())))
        .collect();
    let has_more = !more.is_empty() || seeded;
    html! {
        <>
            <div class="control-grid primary-controls" data-primary="">
                { for params.iter().filter(|param| is_primary(param)).map(|&param| param_control(p, param, hint(param.key()))) }
            </div>
            if has_more {
                <details class="more-params" open={moved}>
                    <summary>{ t.more_params }</summary>
                    <div class="control-grid">
                        { for more }
                        if seeded { { seed_control(p) } }
                    </div>
                </details>
            }
        </>
    }
}

/// The figure alone: above it, what it shows in one sentence of this run's
/// numbers (its `figcaption`); on a seeded run, the seed that reproduces it.
/// Where the lesson states a number, the caption first asks for it and says
/// the point once the learner has guessed (or chose not to).
fn hero_figure(p: &LabFrame, insight: String, seeded: bool, body: Html) -> Html {
    let t = p.state.lang.texts();
    let prediction = p.state.prediction();
    // Until the learner guesses (or chooses not to), the figure that would
    // give the answer away waits, faded and out of the tab order.
    let waiting = matches!(prediction, Some((_, None)));
    // What a change (a field, a handle) made of the run, said once as the
    // new caption; a playing scene says its moments instead, and a run with
    // a clock of its own narrates itself.
    let state = p.state;
    let speaks = !waiting && !state.units.scene.playing && state.units.clock_ms(state.open).is_none();
    let spoken = speaks.then(|| insight.clone());
    let caption = match prediction {
        Some((view, None)) => prediction_form(p, &view),
        Some((view, Some(guess))) => html! {
            <>
                { insight }
                <span class="prediction-result" role="status" tabindex="-1">
                    // A count again with its question: «0» alone does not say
                    // what it counts (a time or a rate says it with its unit);
                    // nor does «eso no llega a pasar» after the caption's last words.
                    if view.unit.is_empty() || view.answer.is_none() { { " " }{ crate::format::as_sentence(view.question) } }
                    { " " }
                    { (t.predict_result)(guess.map(|g| format::with_unit(g, view.unit)).as_deref(), view.answer.map(|a| format::with_unit(a, view.unit)).as_deref(), view.counted) }
                    { " " }{ view.why }
                </span>
            </>
        },
        None => html! { { insight } },
    };
    html! {
        // Focusable by a click (not by Tab): in a deck, clicking the figure
        // gives the scene the keys; Escape gives them back.
        <figure class={class_list!("hero", waiting.then_some("hero-waiting"))} tabindex="-1">
            <figcaption class="insight">
                { caption }
                if seeded && !waiting { <span class="seed-shown">{ format!(" · {} {}", t.seed_shown, p.state.params.shared.seed) }</span> }
            </figcaption>
            // Which scenario this is (a class sees which exercise it changed):
            // its own small line, so the caption stays the figure's point.
            if let Some(label) = p.state.scenario_label().filter(|_| !waiting) {
                <p class="scenario-shown">{ label }</p>
            }
            <div class="hero-body" inert={waiting}>{ body }</div>
            if let Some(text) = spoken { <super::scene::SceneLive {text} quiet_first=true /> }
            if !waiting { { for p.scene.as_ref().map(|(at_ms, timeline)| super::scene::scene_bar(p.state, &p.dispatch, p.id("instant"), timeline, *at_ms)) } }
            if state.open.timeless() { <p class="timeless">{ t.timeless }</p> }
        </figure>
    }
}

/// The question, a number field and two buttons: compare, or see without
/// a guess. The guess is kept when the field changes (Enter, or leaving it),
/// read as every number field of the lab reads its unit (`read_amount`:
/// "1,890", or "30 min" where the unit is seconds).
/// The control that revealed the figure goes with the form: focus moves to
/// the result it revealed (in the same figure), never to the page's body.
fn focus_result_after(e: &Event) {
    use wasm_bindgen::JsCast;
    let Some(figure) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest(".hero").ok().flatten())
    else {
        return;
    };
    gloo_timers::callback::Timeout::new(0, move || {
        let result = figure.query_selector(".prediction-result").ok().flatten();
        if let Some(result) = result {
            let _ = result.unchecked_into::<web_sys::HtmlElement>().focus();
        }
    })
    .forget();
}

/// Text `format::read_amount` may read as a guess: a digit before anything
/// but separators («1,890», «.5») or a minus («-3» reads as 0, and the
/// result says so), then a unit or nothing (a unit it does not know stays
/// unmarked).
const GUESS_PATTERN: &str = r"-?[\d.,\s]*\d.*";

fn prediction_form(p: &LabFrame, view: &crate::tasks::PredictionView) -> Html {
    let t = p.state.lang.texts();
    let id = p.id("guess");
    let on_change = {
        let (dispatch, unit) = (p.dispatch.clone(), view.unit);
        // What cannot be read is not a guess yet.
        Callback::from(move |e: Event| {
            if let Some((guess, _)) = format::read_amount(&event_value(&e), unit) {
                dispatch.dispatch(Action::Predict(Some(guess)));
                focus_result_after(&e);
            }
        })
    };
    let skip = {
        let dispatch = p.dispatch.clone();
        Callback::from(move |e: MouseEvent| {
            dispatch.dispatch(Action::Predict(None));
            focus_result_after(&e);
        })
    };
    let onsubmit = Callback::from(|e: SubmitEvent| e.prevent_default());
    // The pattern's refusal in the lab's words: cleared as the field is
    // typed in, set again while what is there still misses the pattern.
    let not_amount = t.predict_not_amount;
    let oninput = Callback::from(move |e: InputEvent| {
        use wasm_bindgen::JsCast;
        if let Some(field) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
            field.set_custom_validity("");
            if !field.check_validity() {
                field.set_custom_validity(not_amount);
            }
        }
    });
    html! {
        <form class="prediction" {onsubmit}>
            <span class="prediction-question"><strong>{ t.predict_before }</strong>{ " " }{ view.question }</span>
            <span class="prediction-input">
                <label for={id.clone()} class="visually-hidden">{ t.predict_guess }</label>
                // Escape empties it (`data-shown`): a guess half typed is not sent.
                // The usual slip («abc», «x2») is marked where it is
                // typed (`:user-invalid`), and the submit says why in the
                // lab's words, instead of the field ignoring them.
                <input type="text" id={id} inputmode="numeric" autocomplete="off" placeholder={t.predict_guess} data-shown="" pattern={GUESS_PATTERN} onchange={on_change} {oninput} />
                if !view.unit.is_empty() { <span class="unit">{ view.unit }</span> }
                <button type="submit">{ t.predict_submit }</button>
                <button type="button" class="link-button" onclick={skip}>{ t.predict_skip }</button>
            </span>
        </form>
    }
}
