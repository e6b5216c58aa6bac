//! A quantity grabbed on the figure itself: a mark on a chart's time axis
//! (or, across it, a level such as a queue's limit) that the learner drags
//! (pointer capture, a 44 px hit area) or moves
//! with the keys of any slider (arrows, Shift or Page for ten steps,
//! Home/End), its value said in words. What it sends is a parameter's
//! value, so it goes through the reducer's clamp and into the link like
//! any control's.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::widgets::{percent, Axis};

#[derive(Properties, PartialEq)]
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
    pub locked: bool,
    pub on_set: Callback<u64>,
}

/// Ten steps for Shift and Page keys, as native sliders do.
const BIG_STEPS: u64 = 10;

/// Where a key moves a slider's value within `(min, max, step)`, as a
/// native slider would; None for a key that is not a slider's.
fn keyed(key: &str, shift: bool, value: u64, (min, max, step): (u64, u64, u64)) -> Option<u64> {
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

#[component(Handle)]
pub fn handle(props: &HandleProps) -> Html {
    // The axis as it was when the drag began: the run (and its axis) changes
    // under the pointer, the value follows the pointer on the scale it grabbed.
    let grabbed = use_mut_ref(|| None::<Axis>);
    let clamp = {
        let (min, max, step) = (props.min, props.max, props.axis.step.max(1));
        move |v: f64| ((v.max(0.0) / step as f64).round() as u64 * step).clamp(min, max)
    };
    let permille = (props.axis.along(props.value as f64) * 1_000.0).clamp(0.0, 1_000.0);
    let onkeydown = {
        let (value, on_set) = (props.value, props.on_set.clone());
        let range = (props.min, props.max, props.axis.step.max(1));
        Callback::from(move |e: KeyboardEvent| {
            let Some(next) = keyed(&e.key(), e.shift_key(), value, range) else { return };
            // The scene's own keys (arrows step the clock) stay out of it.
            e.prevent_default();
            e.stop_propagation();
            if next != value {
                on_set.emit(next);
            }
        })
    };
    let node = use_node_ref();
    let [onpointerdown, onpointermove, onpointerup] = dragging(props, node.clone(), grabbed, clamp);
    // Along a time axis from the left; across a level from the bottom.
    let vertical = props.axis.vertical;
    let style = format!("{}:{}", if vertical { "bottom" } else { "left" }, percent(permille as u64));
    if props.locked {
        return html! {
            <div class={classes!("handle", "locked", vertical.then_some("vertical"))} {style} aria-hidden="true">
                { value_words(props) }
            </div>
        };
    }
    // Its words beside it, on the side with room (as a chart's notes).
    let class = classes!("handle", (permille > 600.0).then_some("value-left"), vertical.then_some("vertical"));
    html! {
        <div ref={node} {class} role="slider" tabindex="0" aria-label={props.label.clone()}
            aria-valuemin={props.min.to_string()} aria-valuemax={props.max.to_string()}
            aria-valuenow={props.value.to_string()} aria-valuetext={format!("{}: {}", props.label, props.shown)}
            aria-orientation={vertical.then_some("vertical")} {style}
            {onkeydown} {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup}>
            <span class="handle-grip" aria-hidden="true"></span>
            { value_words(props) }
        </div>
    }
}

/// Beside the grip: «label: value», or the value alone in a narrow lab.
fn value_words(props: &HandleProps) -> Html {
    html! {
        <span class="handle-value" aria-hidden="true"><span class="handle-label">{ format!("{}: ", props.label) }</span>{ props.shown.clone() }</span>
    }
}

/// A drag: the pointer captured on the handle, its position read on the
/// axis it grabbed, released on up or cancel. (By `node`, not the event's
/// current target: Yew listens at the app's root.)
fn dragging(
    props: &HandleProps,
    node: NodeRef,
    grabbed: Rc<RefCell<Option<Axis>>>,
    clamp: impl Fn(f64) -> u64 + 'static,
) -> [Callback<PointerEvent>; 3] {
    let at_pointer = move |e: &PointerEvent, axis: Axis, node: &NodeRef| -> Option<f64> {
        let box_ = node.cast::<web_sys::Element>()?.parent_element()?;
        let rect = box_.get_bounding_client_rect();
        // How far along the axis the pointer is, 0…1 (a level counts up from the bottom).
        let along = if axis.vertical {
            (rect.height() > 0.0).then(|| (rect.bottom() - f64::from(e.client_y())) / rect.height())
        } else {
            (rect.width() > 0.0).then(|| (f64::from(e.client_x()) - rect.left()) / rect.width())
        };
        along.map(|along| axis.value_at(along))
    };
    let down = {
        let (grabbed, axis, node) = (grabbed.clone(), props.axis, node.clone());
        Callback::from(move |e: PointerEvent| {
            if let Some(el) = node.cast::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
                *grabbed.borrow_mut() = Some(axis);
                e.prevent_default();
            }
        })
    };
    let moved = {
        let (grabbed, on_set, value) = (grabbed.clone(), props.on_set.clone(), props.value);
        Callback::from(move |e: PointerEvent| {
            let Some(axis) = *grabbed.borrow() else { return };
            if let Some(next) = at_pointer(&e, axis, &node).map(&clamp).filter(|v| *v != value) {
                on_set.emit(next);
            }
        })
    };
    let up = Callback::from(move |_: PointerEvent| *grabbed.borrow_mut() = None);
    [down, moved, up]
}
