//! The learner's controls: every one has a visible label and shows its
//! current value with its unit. Locked parameters are shown, not editable.

use retry_lab_core::{ConsumerMode, Jitter, Probability};
use yew::prelude::*;

use super::{event_value, LabViewProps};
use crate::format;
use crate::state::{self, Action, Param, ParamName};

fn percent_param(make: fn(Probability) -> Param) -> impl Fn(String) -> Option<Action> {
    move |text: String| {
        let percent = text.parse::<u32>().ok()?;
        Some(Action::Set(make(Probability::from_ppm(percent.min(100) * 10_000)?)))
    }
}

fn number_param(make: fn(u32) -> Param) -> impl Fn(String) -> Option<Action> {
    move |text: String| text.trim().parse::<u32>().ok().map(|n| Action::Set(make(n)))
}

/// A control's visible label, marked when an author locked the parameter.
fn control_label(for_id: AttrValue, label: &str, locked: bool, locked_text: &str) -> Html {
    html! {
        <label for={for_id}>{ label.to_string() }
            if locked { <span class="locked">{ format!(" · {locked_text}") }</span> }
        </label>
    }
}

#[derive(Properties, PartialEq)]
pub struct SliderProps {
    pub id: AttrValue,
    pub label: AttrValue,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    pub value: u32,
    pub min: u32,
    pub max: u32,
    pub step: u32,
    pub shown: AttrValue,
    pub locked: bool,
    pub locked_text: AttrValue,
    pub on_input: Callback<String>,
}

/// A labelled range input with its value and unit beside it.
#[component(Slider)]
pub fn slider(props: &SliderProps) -> Html {
    let on_input = props.on_input.clone();
    let oninput = Callback::from(move |e: InputEvent| on_input.emit(event_value(&e)));
    let output_id = format!("{}-value", props.id);
    html! {
        <div class="control">
            { control_label(props.id.clone(), &props.label, props.locked, &props.locked_text) }
            if let Some(hint) = &props.hint { <span class="hint">{ hint.clone() }</span> }
            <div class="control-row">
                <input type="range" id={props.id.clone()} min={props.min.to_string()} max={props.max.to_string()}
                    step={props.step.to_string()} value={props.value.to_string()} disabled={props.locked}
                    aria-valuetext={props.shown.clone()} aria-describedby={output_id.clone()} {oninput} />
                <output id={output_id} for={props.id.clone()} class="value">{ &props.shown }</output>
            </div>
        </div>
    }
}

#[component(Controls)]
pub fn controls(props: &LabViewProps) -> Html {
    let state = &props.state;
    let p = &state.params;
    let lang = state.lang;
    let t = lang.texts();
    let id = |name: &str| AttrValue::from(format!("{}-{name}", props.id_prefix));
    let send = |parse: Box<dyn Fn(String) -> Option<Action>>| {
        let dispatch = props.dispatch.clone();
        Callback::from(move |text: String| {
            if let Some(action) = parse(text) {
                dispatch.dispatch(action);
            }
        })
    };
    let number_input = |name: &str, label: &str, unit: &str, value: u32, min: u32, max: u32, param: ParamName, make: fn(u32) -> Param| {
        let on_change = send(Box::new(number_param(make)));
        let onchange = Callback::from(move |e: Event| on_change.emit(event_value(&e)));
        let locked = state.is_locked(param);
        html! {
            <div class="control">
                { control_label(id(name), label, locked, t.locked) }
                <div class="control-row">
                    <input type="number" id={id(name)} min={min.to_string()} max={max.to_string()} value={value.to_string()}
                        inputmode="numeric" disabled={locked} {onchange} />
                    <span class="unit">{ unit.to_string() }</span>
                </div>
            </div>
        }
    };
    let select = |name: &str, label: &str, value: &str, options: Vec<(&'static str, &'static str)>, param: ParamName, parse: Box<dyn Fn(String) -> Option<Action>>| {
        let on_change = send(parse);
        let onchange = Callback::from(move |e: Event| on_change.emit(event_value(&e)));
        let locked = state.is_locked(param);
        html! {
            <div class="control">
                { control_label(id(name), label, locked, t.locked) }
                <select id={id(name)} disabled={locked} {onchange}>
                    { for options.into_iter().map(|(code, text)| html! { <option value={code} selected={code == value}>{ text }</option> }) }
                </select>
            </div>
        }
    };
    let seed_locked = state.is_locked(ParamName::Seed);
    let on_seed = send(Box::new(|text: String| text.trim().parse::<u64>().ok().map(|s| Action::Set(Param::Seed(s)))));
    let on_seed_change = Callback::from(move |e: Event| on_seed.emit(event_value(&e)));
    let new_seed = props.dispatch.to_callback().reform(|_| {
        // The page may use the browser's randomness for a new seed; the core never does.
        let seed = (js_sys::Math::random() * 1_000_000.0) as u64 + 1;
        Action::Set(Param::Seed(seed))
    });
    html! {
        <section class="card controls" aria-labelledby={id("controls-heading")}>
            <h2 id={id("controls-heading")}>{ t.controls_heading }</h2>
            <div class="control-grid">
                <Slider id={id("failure")} label={t.failure} value={p.failure.ppm() / 10_000} min=0 max=100 step=1
                    shown={format::percent(lang, p.failure.ppm())} locked={state.is_locked(ParamName::Failure)} locked_text={t.locked}
                    on_input={send(Box::new(percent_param(Param::Failure)))} />
                <Slider id={id("ack-lost")} label={t.ack_lost_share} hint={Some(AttrValue::from(t.ack_lost_share_hint))}
                    value={p.ack_lost_share.ppm() / 10_000} min=0 max=100 step=5
                    shown={format::percent(lang, p.ack_lost_share.ppm())} locked={state.is_locked(ParamName::AckLostShare)}
                    locked_text={t.locked} on_input={send(Box::new(percent_param(Param::AckLostShare)))} />
                { number_input("events", t.events, "", p.events, 1, state::EVENTS_MAX, ParamName::Events, Param::Events) }
                { number_input("base", t.base, "s", p.base_s, 1, state::BASE_S_MAX, ParamName::BaseS, Param::BaseS) }
                { number_input("retries", t.retries, "", p.retries_max, 0, state::RETRIES_MAX, ParamName::RetriesMax, Param::RetriesMax) }
                { select("consumer", t.consumer, consumer_code(p.consumer),
                    vec![("idempotent", t.consumer_idempotent), ("naive", t.consumer_naive)], ParamName::Consumer,
                    Box::new(|code: String| Some(Action::Set(Param::Consumer(if code == "naive" { ConsumerMode::Naive } else { ConsumerMode::Idempotent }))))) }
                { select("jitter", t.jitter, p.jitter.name(),
                    vec![("none", t.jitter_none), ("full", t.jitter_full), ("equal", t.jitter_equal), ("decorrelated", t.jitter_decorrelated)],
                    ParamName::Jitter, Box::new(|code: String| Jitter::parse(&code).map(|j| Action::Set(Param::Jitter(j))))) }
                <div class="control">
                    { control_label(id("seed"), t.seed, seed_locked, t.locked) }
                    <div class="control-row">
                        <input type="text" id={id("seed")} class="seed" inputmode="numeric" pattern="[0-9]*" value={p.seed.to_string()}
                            disabled={seed_locked} onchange={on_seed_change} />
                        <button type="button" class="new-seed" disabled={seed_locked} onclick={new_seed}>{ t.new_seed }</button>
                    </div>
                </div>
            </div>
        </section>
    }
}

pub fn consumer_code(consumer: ConsumerMode) -> &'static str {
    match consumer {
        ConsumerMode::Idempotent => "idempotent",
        ConsumerMode::Naive => "naive",
    }
}

/// Log-scale speed: slider position 0..=300 ↔ 1..=1000 simulated s per s.
/// (JS's Math keeps libm's log and pow out of the bundle.)
pub fn speed_to_position(speed: u32) -> u32 {
    (js_sys::Math::log10(f64::from(speed.max(1))) * 100.0).round() as u32
}
pub fn position_to_speed(position: u32) -> u32 {
    js_sys::Math::pow(10.0, f64::from(position.min(300)) / 100.0).round() as u32
}

#[component(Playback)]
pub fn playback(props: &LabViewProps) -> Html {
    let state = &props.state;
    let t = state.lang.texts();
    let d = &props.dispatch;
    let finished = state.finished();
    let on_speed = {
        let dispatch = d.clone();
        Callback::from(move |text: String| {
            if let Ok(position) = text.parse::<u32>() {
                dispatch.dispatch(Action::SetSpeed(position_to_speed(position)));
            }
        })
    };
    let speed_text = (t.speed_value)(&format::int(u64::from(state.speed_s_per_s)));
    html! {
        <div class="playback card" role="group" aria-label={t.clock}>
            <div class="buttons">
                <button type="button" class="play" aria-pressed={state.playing.to_string()} disabled={finished && !state.playing}
                    onclick={d.to_callback().reform(|_| Action::TogglePlay)}>
                    { if state.playing { format!("❚❚ {}", t.pause) } else { format!("▶ {}", t.play) } }
                </button>
                <button type="button" class="step" disabled={finished} onclick={d.to_callback().reform(|_| Action::Step)}>{ format!("{} →", t.step) }</button>
                <button type="button" class="reset" onclick={d.to_callback().reform(|_| Action::Reset)}>{ format!("↺ {}", t.reset) }</button>
            </div>
            <div class="clock">
                <span class="label">{ t.clock }</span>
                <output class="clock-value">{ format::seconds(state.clock_ms - state.clock_ms % 1_000) }</output>
            </div>
            <Slider id={AttrValue::from(format!("{}-speed", props.id_prefix))} label={t.speed} value={speed_to_position(state.speed_s_per_s)}
                min=0 max=300 step=1 shown={speed_text} locked=false locked_text={t.locked} on_input={on_speed} />
            <p class="hint keyboard-hint">{ t.keyboard_hint }</p>
            if finished { <p class="finished">{ t.finished }</p> }
        </div>
    }
}
