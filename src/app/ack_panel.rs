//! Lesson 004: ack before / after / after + dedup, with a crash probability.

use std::rc::Rc;

use retry_lab_core::ack_timing::AckMode;
use retry_lab_core::{Probability, RngKind};
use yew::prelude::*;

use super::controls::Slider;
use super::event_value;
use crate::format;
use crate::i18n::Lang;
use crate::state::{self, Action, LabParams, LabState, Param, ParamName};

#[derive(Properties, PartialEq)]
pub struct AckTimingProps {
    pub lang: Lang,
    pub params: LabParams,
    pub locked: Rc<Vec<ParamName>>,
    pub dispatch: UseReducerDispatcher<LabState>,
    pub id_prefix: AttrValue,
}

#[component(AckTimingPanel)]
pub fn ack_timing_panel(props: &AckTimingProps) -> Html {
    let lang = props.lang;
    let t = lang.texts();
    let p = &props.params;
    let run = p.ack_timing();
    let table = use_memo(run, |run| run.table().ok());
    let locked = |name| props.locked.contains(&name);
    let id = |name: &str| format!("{}-{name}", props.id_prefix);
    let on_crash = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |text: String| {
            if let Some(p) = text.parse::<u32>().ok().and_then(|pct| Probability::from_ppm(pct.min(100) * 10_000)) {
                dispatch.dispatch(Action::Set(Param::Crash(p)));
            }
        })
    };
    let on_rng = props.dispatch.to_callback().reform(|e: Event| {
        Action::Set(Param::AckRng(RngKind::parse(&event_value(&e)).unwrap_or_default()))
    });
    let on_messages = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: Event| {
            if let Ok(n) = event_value(&e).trim().parse::<u32>() {
                dispatch.dispatch(Action::Set(Param::AckMessages(n)));
            }
        })
    };
    let rows = (*table).iter().flatten().map(|row| {
        let (code, label) = match row.mode {
            AckMode::Before => ("before", t.mode_before),
            AckMode::After => ("after", t.mode_after),
            AckMode::AfterDedup => ("after-dedup", t.mode_after_dedup),
        };
        let cells = [("num deliveries", row.deliveries), ("num effects", row.effects),
            ("num discarded", row.duplicates_discarded), ("num lost", u64::from(row.lost))];
        html! {
            <tr data-mode={code}>
                <th scope="row">{ label }</th>
                { for cells.iter().map(|(class, n)| html! { <td class={*class}>{ format::int(*n) }</td> }) }
            </tr>
        }
    });
    html! {
        <section class="card experiment ack-timing">
            <h2>{ t.ack_heading }</h2>
            <p>{ t.ack_intro }</p>
            <div class="control-grid">
                <Slider id={AttrValue::from(id("ack-crash"))} label={t.crash} value={p.crash.ppm() / 10_000} min=0 max=50 step=1
                    shown={format::percent(lang, p.crash.ppm())} locked={locked(ParamName::Crash)} locked_text={t.locked} on_input={on_crash} />
                <div class="control">
                    <label for={id("ack-messages")}>{ t.messages }</label>
                    <input id={id("ack-messages")} type="number" min="1" max={state::ACK_MESSAGES_MAX.to_string()} value={p.ack_messages.to_string()}
                        disabled={locked(ParamName::AckMessages)} onchange={on_messages} />
                </div>
                <div class="control">
                    <label for={id("ack-rng")}>{ t.rng }</label>
                    <select id={id("ack-rng")} disabled={locked(ParamName::AckRng)} onchange={on_rng}>
                        <option value="python" selected={p.ack_rng == RngKind::Python}>{ t.rng_python }</option>
                        <option value="pcg" selected={p.ack_rng == RngKind::Pcg}>{ t.rng_pcg }</option>
                    </select>
                </div>
                <div class="control"><span class="label">{ t.seed }</span><output class="value seed-value">{ p.seed }</output></div>
            </div>
            <div class="table-scroll" tabindex="0" role="region" aria-label={t.ack_heading}>
            <table class="ack-table">
                <thead><tr>
                    <th scope="col">{ t.col_mode }</th><th scope="col" class="num">{ t.deliveries }</th><th scope="col" class="num">{ t.effects }</th>
                    <th scope="col" class="num">{ t.duplicates_discarded }</th><th scope="col" class="num">{ t.lost }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            </div>
            <p class="hint">{ t.ack_lesson_note }</p>
        </section>
    }
}
