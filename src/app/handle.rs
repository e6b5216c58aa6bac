//! A quantity grabbed on the figure itself: a mark on a chart's time axis
//! (or, across it, a level such as a queue's limit) that the learner drags
//! (pointer capture, a 44 px hit area) or moves
//! with the keys of any slider (arrows, Shift or Page for ten steps,
//! Home/End), its value said in words. What it sends is a parameter's
//! value, so it goes through the reducer's clamp and into the link like
//! any control's.

use std::cell::Cell;

use yew::prelude::*;

use super::widgets::{percent, Axis};

pub struct HandleProps {
    pub label: AttrValue,
    pub value: u64,
    pub min: u64,
    pub max: u64,
    /// Where values fall on the chart under the handle.
    pub axis: Axis,
    /// The value alone, as written beside the grip (after the label, which a
    /// narrow lab leaves out) and said after the label to a screen reader.
    pub shown: AttrValue,
    /// A word that names it where the label is left out (a narrow lab):
    /// two handles on one chart at one value read «vuelve 2,100 s» and
    /// «arreglo 2,100 s», not «2,100 s» twice. "" for a handle alone.
    /// Only lesson 000 has two handles at one instant (on other pages the
    /// field and its markup cost ~150 B gzip).
    #[cfg(feature = "lesson-000")]
    pub short: &'static str,
    pub locked: bool,
    pub on_set: Callback<u64>,
}

/// Where a key moves a handle: as `params::slider_key`, or on a log axis along a 1–2–5
/// ladder (Shift: a decade), or the clock's rungs for one of seconds.
fn key_step(axis: Axis, key: &str, shift: bool, value: u64, (min, max, step): (u64, u64, u64)) -> Option<u64> {
    #[cfg(any(feature = "lesson-003", feature = "lesson-004-ops"))]
    if axis.log {
        let rungs = if shift { 3 } else { 1 };
        let rung = if axis.clock { crate::params::clock_step } else { crate::params::rung_step };
        let next = match key {
            "ArrowRight" | "ArrowUp" => rung(value, true, rungs).unwrap_or(max),
            "ArrowLeft" | "ArrowDown" => rung(value, false, rungs).unwrap_or(min),
            "PageUp" => rung(value, true, 3).unwrap_or(max),
            "PageDown" => rung(value, false, 3).unwrap_or(min),
            "Home" => min,
            "End" => max,
            _ => return None,
        };
        return Some(next.clamp(min, max));
    }
    let _ = axis;
    crate::params::slider_key(key, shift, value, (min, max, step))
}

thread_local! {
    /// The drag under way: its pointer and the axis as it was when the drag
    /// began (the run, and its axis, change under the pointer; the value
    /// follows the pointer on the scale it grabbed). A plain function, not a
    /// component with hooks: a page's first handle cost its module ~2 KB
    /// gzip of component machinery.
    static GRABBED: Cell<Option<(i32, Axis)>> = const { Cell::new(None) };
}

/// A handle on its figure (see the module's comment).
pub fn handle(props: HandleProps) -> Html {
    let clamp = {
        let (min, max, step) = (props.min, props.max, props.axis.step.max(1));
        move |v: f64| ((v.max(0.0) / step as f64).round() as u64 * step).clamp(min, max)
    };
    let permille = (props.axis.along(props.value as f64) * 1_000.0).clamp(0.0, 1_000.0);
    let onkeydown = {
        let (value, on_set) = (props.value, props.on_set.clone());
        let (range, axis) = ((props.min, props.max, props.axis.step.max(1)), props.axis);
        Callback::from(move |e: KeyboardEvent| {
            let Some(next) = key_step(axis, &e.key(), e.shift_key(), value, range) else { return };
            // The scene's own keys (arrows step the clock) stay out of it.
            e.prevent_default();
            e.stop_propagation();
            if next != value {
                on_set.emit(next);
            }
        })
    };
    let [onpointerdown, onpointermove, onpointerup] = dragging(&props, clamp);
    // Along a time axis from the left; across a level from the bottom.
    let vertical = props.axis.vertical;
    let style = format!("{}:{}", if vertical { "bottom" } else { "left" }, percent(permille as u64));
    if props.locked {
        return html! {
            <div class={class_list!("handle", "locked", vertical.then_some("vertical"))} {style} aria-hidden="true">
                { value_words(&props) }
            </div>
        };
    }
    // Its words beside it, on the side with room (as a chart's notes).
    let class = class_list!("handle", (permille > 600.0).then_some("value-left"), vertical.then_some("vertical"));
    html! {
        <div {class} role="slider" tabindex="0" aria-label={props.label.clone()}
            aria-valuemin={props.min.to_string()} aria-valuemax={props.max.to_string()}
            aria-valuenow={props.value.to_string()} aria-valuetext={format!("{}{}", label_lead(&props.label, &props.shown), props.shown)}
            aria-orientation={vertical.then_some("vertical")} {style}
            {onkeydown} {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup}>
            <span class="handle-grip" aria-hidden="true"></span>
            { value_words(&props) }
        </div>
    }
}

/// Beside the grip: «label: value», or in a narrow lab the value alone,
/// after its short word if it has one.
fn value_words(props: &HandleProps) -> Html {
    #[cfg(feature = "lesson-000")]
    let short = (!props.short.is_empty()).then(|| html! { <span class="handle-short">{ props.short }{ " " }</span> });
    #[cfg(not(feature = "lesson-000"))]
    let short = Html::default();
    html! {
        <span class="handle-value" aria-hidden="true"><span class="handle-label">{ label_lead(&props.label, &props.shown) }</span>{ short }{ props.shown.clone() }</span>
    }
}

/// The label as it leads into the value: «Caída a los 40 s», not «Caída a
/// los: 40 s» (a label ending on its preposition runs on), and «vuelve a
/// 1 s», not «a los 1 s»; «Tope: 5» otherwise.
fn label_lead(label: &str, shown: &str) -> String {
    if let Some(stem) = label.strip_suffix(" a los").filter(|_| shown.starts_with("1 ")) {
        return format!("{stem} a ");
    }
    let runs_on = [" a los", " at", " durante", " for"].iter().any(|end| label.ends_with(end));
    format!("{label}{} ", if runs_on { "" } else { ":" })
}

/// A drag: the pointer captured on the handle, its position read on the
/// axis it grabbed, released on up or cancel. The handle is found from the
/// event's target (Yew listens at the app's root, so the current target is
/// not it; a captured pointer's events target the handle itself).
fn dragging(props: &HandleProps, clamp: impl Fn(f64) -> u64 + 'static) -> [Callback<PointerEvent>; 3] {
    fn handle_of(e: &PointerEvent) -> Option<web_sys::Element> {
        use wasm_bindgen::JsCast;
        e.target()?.dyn_into::<web_sys::Element>().ok()?.closest(".handle").ok()?
    }
    let at_pointer = |e: &PointerEvent, axis: Axis| -> Option<f64> {
        let rect = handle_of(e)?.parent_element()?.get_bounding_client_rect();
        // How far along the axis the pointer is, 0…1 (a level counts up from the bottom).
        let along = if axis.vertical {
            (rect.height() > 0.0).then(|| (rect.bottom() - f64::from(e.client_y())) / rect.height())
        } else {
            (rect.width() > 0.0).then(|| (f64::from(e.client_x()) - rect.left()) / rect.width())
        };
        along.map(|along| axis.value_at(along))
    };
    let axis = props.axis;
    let down = Callback::from(move |e: PointerEvent| {
        if let Some(el) = handle_of(&e) {
            let _ = el.set_pointer_capture(e.pointer_id());
            GRABBED.set(Some((e.pointer_id(), axis)));
            e.prevent_default();
        }
    });
    let (on_set, value) = (props.on_set.clone(), props.value);
    let moved = Callback::from(move |e: PointerEvent| {
        let Some((_, axis)) = GRABBED.get().filter(|(id, _)| *id == e.pointer_id()) else { return };
        if let Some(next) = at_pointer(&e, axis).map(&clamp).filter(|v| *v != value) {
            on_set.emit(next);
        }
    });
    let up = Callback::from(|e: PointerEvent| {
        if GRABBED.get().is_some_and(|(id, _)| id == e.pointer_id()) {
            GRABBED.set(None);
        }
    });
    [down, moved, up]
}
