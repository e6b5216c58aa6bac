//! Under every scene, the same controls: play or pause, a step back or
//! forward from moment to moment, back to the start, the instant's slider
//! and its time; what happened last, written under the figure and said
//! once to a screen reader (one polite live region, at most one message
//! every two seconds, the latest winning); the keys' help («?»).

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::widgets::event_value;
use crate::lab::{Action, LabState};
use crate::scene::{Timeline, Transport};

/// A transport button's face: its sign, and its word in a `.word` that a
/// phone hides (the button keeps it for a screen reader); the same in the
/// scene's bar and lesson 000's clock. `sign_after`: «Avanzar →».
pub fn face(sign: &'static str, word: &'static str, sign_after: bool) -> Html {
    let word = html! { <span class="word">{ word }</span> };
    if sign_after {
        html! { <>{ word }{ " " }{ sign }</> }
    } else {
        html! { <>{ sign }{ " " }{ word }</> }
    }
}

/// The play button's face, playing or not.
pub fn play_face(playing: bool, t: &crate::i18n::Texts) -> Html {
    if playing {
        face("❚❚", t.pause, false)
    } else {
        face("▶", t.play, false)
    }
}

/// The live region speaks at most this often (a playing scene passes
/// moments faster than anyone can hear them).
const LIVE_EVERY_MS: u32 = 2_000;
/// The instant's slider has about this many positions.
const SLIDER_STEPS: u64 = 1_000;

/// The scene's controls for the lab `state` shows; `id` names its slider.
pub fn scene_bar(
    state: &LabState,
    dispatch: &UseReducerDispatcher<LabState>,
    id: AttrValue,
    timeline: &Timeline,
    at_ms: u64,
) -> Html {
    let t = state.lang.texts();
    let playing = state.units.scene.playing;
    let transport = |tr: Transport| dispatch.to_callback().reform(move |_: MouseEvent| Action::Transport(tr));
    let step_ms = (timeline.end_ms / SLIDER_STEPS).max(1);
    let on_seek = dispatch.to_callback().reform(|e: InputEvent| {
        let clock_ms = event_value(&e).parse().unwrap_or(0);
        Action::Transport(Transport::Seek { clock_ms })
    });
    // The keys move it by a hundredth of the run, not its fine step.
    let keys = (0, timeline.end_ms, (timeline.end_ms / 100).max(1));
    let on_key = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if let Some(clock_ms) = crate::params::slider_key(&e.key(), e.shift_key(), at_ms, keys) {
                e.prevent_default();
                dispatch.dispatch(Action::Transport(Transport::Seek { clock_ms }));
            }
        })
    };
    let keys_open = state.keys_help;
    let toggle_keys = dispatch.to_callback().reform(move |_: MouseEvent| Action::ShowKeys(!keys_open));
    let in_seconds = state.open.in_seconds();
    let now = timeline.clock_text(at_ms, in_seconds);
    let end = timeline.clock_text(timeline.end_ms, in_seconds);
    let latest = timeline.latest(at_ms);
    html! {
        <>
        <div class="scene">
            <div class="scene-bar" role="group" aria-label={t.scene_label} data-primary="">
                <button type="button" class="play" aria-pressed={playing.to_string()} onclick={transport(Transport::TogglePlay)}>{ play_face(playing, t) }</button>
                <button type="button" class="step-back" onclick={transport(Transport::StepBack)}>{ face("←", t.step_back, false) }</button>
                <button type="button" class="step" onclick={transport(Transport::Step)}>{ face("→", t.step, true) }</button>
                <button type="button" class="reset" onclick={transport(Transport::Reset)}>{ face("↺", t.reset, false) }</button>
                // Its name for a screen reader; the clock beside it says what it is to the eye.
                <label class="scene-instant visually-hidden" for={id.clone()}>{ t.scene_instant }</label>
                <input type="range" id={id} class="scene-slider" min="0" max={timeline.end_ms.to_string()} step={step_ms.to_string()}
                    value={at_ms.to_string()} aria-valuetext={now.clone()} oninput={on_seek} onkeydown={on_key} />
                // Its room is the end's width twice: the slider beside it keeps its width as the time's text grows.
                // The end on its own: a phone writes the instant alone, over the slider.
                <output class="clock-value" data-room={format!("{end} / {end}")}>{ now }<span class="clock-end">{ format!(" / {end}") }</span></output>
                <button type="button" class="keys-toggle" aria-expanded={keys_open.to_string()} onclick={toggle_keys}>{ "? " }<span class="visually-hidden">{ t.keys_title }</span></button>
            </div>
            <p class="scene-now" aria-hidden="true">{ latest.clone() }</p>
            <SceneLive text={latest} />
        </div>
        // Out of the sticky block: opened, it pushes the page down, not the
        // bar up over the figure.
        if keys_open { { keys_help(state) } }
        </>
    }
}

/// What every scene's keys do, where the «?» key or button opened it.
fn keys_help(state: &LabState) -> Html {
    let t = state.lang.texts();
    html! {
        <div class="keys-help" role="note" aria-label={t.keys_title}>
            <dl>{ for t.keys.iter().map(|(key, what)| html! { <><dt><kbd>{ *key }</kbd></dt><dd>{ *what }</dd></> }) }</dl>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct LiveProps {
    pub text: String,
    /// Say nothing of the first text (what the page opened on is read with
    /// it): only what changes after.
    #[prop_or_default]
    pub quiet_first: bool,
}

/// One polite live region: the latest moment, spoken at most every two
/// seconds (a moment passed in between is dropped, the latest wins). The
/// pending timer goes with the scene.
#[component(SceneLive)]
pub fn scene_live(props: &LiveProps) -> Html {
    let spoken = use_state(String::new);
    let pending = use_mut_ref(|| None::<Timeout>);
    let last_ms = use_mut_ref(|| f64::NEG_INFINITY);
    let opened = use_mut_ref(|| !props.quiet_first);
    {
        let spoken = spoken.clone();
        use_effect_with(props.text.clone(), move |text| {
            if !std::mem::replace(&mut *opened.borrow_mut(), true) {
                return Box::new(|| ()) as Box<dyn FnOnce()>;
            }
            let now = super::hooks::now_ms();
            let wait_ms = (f64::from(LIVE_EVERY_MS) - (now - *last_ms.borrow())).max(0.0) as u32;
            let text = text.clone();
            let at = last_ms.clone();
            *pending.borrow_mut() = Some(Timeout::new(wait_ms, move || {
                *at.borrow_mut() = super::hooks::now_ms();
                spoken.set(text);
            }));
            Box::new(move || drop(pending.borrow_mut().take()))
        });
    }
    html! { <p class="visually-hidden" aria-live="polite">{ (*spoken).clone() }</p> }
}
