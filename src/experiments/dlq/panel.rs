//! The dead-letter queue, operated: the queues at a chosen instant (on a
//! log time axis, seconds to days), the DLQ's alert and table with each
//! message's receive count, age, reason and time left, buttons that add a
//! person's action at that instant, and one lifeline per message.

use std::fmt::Write;

use retry_lab_core::queue::{DlqAction, DlqFate, DlqOperation, DlqReason, MessageEnd, QueueRun};
use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Actions, Params};
use crate::app::widgets::{about, hero, lane_chart, lanes_height, run_counters, Axis, Frame, View};
use crate::format::{self, duration_ms, duration_text};
use crate::params::Value;

type Props<'a, F> = View<'a, super::Dlq, F>;

const DLQ_ROWS: usize = 12;
const LIFELINES: usize = 40;
const ROW_H: usize = 12;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let params = &props.params;
    let look_ms = u64::from(params.look_s) * 1_000;
    let controls = html! {
        <>
            { props.frame.controls(&|key| key != "dlq_do", &|key| (key == "look_s").then(|| t.look_hint.into()), false) }
        </>
    };
    let run = match &props.state.run {
        Ok(run) => run,
        Err(over) => {
            return crate::app::widgets::over_budget(props.frame, props.lang, "dlq", t.heading, t.intro, controls, over)
        }
    };
    let insight = super::insight(props.lang, run, look_ms);
    html! {
        <section class="card experiment dlq-ops" data-experiment="dlq">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, controls, insight, false, lifelines(props.frame, t, run, look_ms)) }
            { alert(t, run, look_ms) }
            { actions_editor(props, t, params) }
            { dlq_table(props, t, run, params, look_ms) }
            { run_counters(props.lang, counters(t, run)) }
        </section>
    }
}

/// A button that sets the run's actions to `actions` (one body for every
/// such button: each `html!` button costs the page its own code).
fn action_button<F: Frame>(
    props: &Props<F>,
    text: String,
    name: Option<String>,
    disabled: bool,
    actions: Actions,
) -> Html {
    html! { <button type="button" {disabled} aria-label={name} onclick={send_actions(props, actions)}>{ text }</button> }
}

fn send_actions<F: Frame>(props: &Props<F>, actions: Actions) -> Callback<MouseEvent> {
    props.set().reform(move |_| ("dlq_do", Value::Text(actions.format())))
}

/// The people's actions as the link writes them, editable, with buttons
/// that add one at the instant shown.
fn actions_editor<F: Frame>(props: &Props<F>, t: &Strings, params: &Params) -> Html {
    let full = params.actions.is_full();
    let locked = props.frame.locked("dlq_do");
    let at_ms = u64::from(params.look_s) * 1_000;
    let fix = Actions { fix_ms: Some(at_ms), ..params.actions.clone() };
    let redrive = params.actions.with(DlqOperation { at_ms, action: DlqAction::RedriveAll });
    let at = duration_text(params.look_s.into());
    html! {
        <>
            <div class="control-row">
                { action_button(props, (t.fix_here)(&at), None, locked, fix) }
                { action_button(props, (t.redrive_all_here)(&at), None, locked || full, redrive) }
                { action_button(props, t.clear_actions.to_owned(), None, locked, Actions::default()) }
            </div>
            if full { <p class="hint actions-full" role="status">{ (t.actions_full)(retry_lab_core::queue::OPERATIONS_MAX) }</p> }
            { action_list(props, t, &params.actions, locked) }
            // A learner adds actions with the buttons; the text (what the link
            // carries) waits under its summary.
            <details class="more-params">
                <summary>{ t.actions_as_text }</summary>
                { props.frame.text_control("dlq_do", t.actions_hint) }
            </details>
        </>
    }
}

/// Each action of the run in words, at its instant, with a ✕ that removes it.
fn action_list<F: Frame>(props: &Props<F>, t: &Strings, actions: &Actions, locked: bool) -> Html {
    if actions.fix_ms.is_none() && actions.operations.is_empty() {
        return html! {};
    }
    let at = duration_ms;
    let item = |text: String, without: Actions| {
        html! {
            <li>{ text.clone() }{ " " }{ action_button(props, "✕".to_owned(), Some((t.remove_action)(&text)), locked, without) }</li>
        }
    };
    let fix = actions.fix_ms.map(|ms| item((t.action_at)(t.fix, &at(ms)), Actions { fix_ms: None, ..actions.clone() }));
    let operations = actions.operations.iter().enumerate().map(|(i, op)| {
        let what = match op.action {
            DlqAction::RedriveAll => t.redrive_all.to_owned(),
            DlqAction::MarkAllFailed => t.fail_all.to_owned(),
            DlqAction::Redrive(m) => (t.redrive_n)(m + 1),
            DlqAction::MarkFailed(m) => (t.fail_n)(m + 1),
        };
        item((t.action_at)(&what, &at(op.at_ms)), actions.without(i))
    });
    html! { <ol class="action-list" aria-label={t.actions_listed}>{ for fix }{ for operations }</ol> }
}

fn alert(t: &Strings, run: &QueueRun, look_ms: u64) -> Html {
    if run.config.max_receives.is_none() {
        return html! { <p class="dlq-alert" role="status">{ t.no_dlq_alert }</p> };
    }
    // The oldest message there now has kept the DLQ above 0 since it moved.
    let waiting = run.dlq_at(look_ms);
    let (count, since) = waiting.fold((0, u64::MAX), |(n, since), e| (n + 1, since.min(e.moved_at_ms)));
    if count == 0 {
        return html! { <p class="dlq-alert" role="status">{ t.alert_off }</p> };
    }
    html! { <p class="dlq-alert on" role="status">{ (t.alert_on)(count, &duration_ms(since)) }</p> }
}

fn reason(t: &Strings, reason: DlqReason) -> &'static str {
    match reason {
        DlqReason::DeadlinePassed => t.reason_deadline,
        DlqReason::CrashedOnOpen => t.reason_crash,
    }
}

/// The DLQ at the instant shown: a row per message waiting there.
fn dlq_table<F: Frame>(props: &Props<F>, t: &Strings, run: &QueueRun, params: &Params, look_ms: u64) -> Html {
    let waiting: Vec<_> = run.dlq_at(look_ms).collect();
    // A full list of actions takes no more (the editor says so).
    let locked = props.frame.locked("dlq_do") || params.actions.is_full();
    let rows = waiting.iter().take(DLQ_ROWS).map(|e| {
        let n = e.message + 1;
        let enqueued_ms = run.enqueued_at_ms[e.message as usize];
        // Its retention there counts from its first enqueue (SQS standard).
        let left_ms = (enqueued_ms + run.config.dlq_retention_ms).saturating_sub(look_ms);
        let op = |action| params.actions.with(DlqOperation { at_ms: look_ms, action });
        html! {
            <tr>
                <th scope="row">{ (t.message_n)(n) }</th>
                <td>{ e.receive_count }</td>
                <td>{ duration_ms(look_ms - enqueued_ms) }</td>
                <td>{ reason(t, e.reason) }</td>
                <td>{ duration_ms(left_ms) }</td>
                <td class="row-actions">
                    { action_button(props, t.redrive.to_owned(), Some((t.redrive_n)(n)), locked, op(DlqAction::Redrive(e.message))) }
                    { action_button(props, t.fail.to_owned(), Some((t.fail_n)(n)), locked, op(DlqAction::MarkFailed(e.message))) }
                </td>
            </tr>
        }
    });
    html! {
        <div class="table-scroll" tabindex="0" role="region" aria-label={t.heading}><table class="dlq-table">
            <caption>{ (t.dlq_caption)(&duration_ms(look_ms)) }</caption>
            <thead><tr>
                <th scope="col">{ t.col_message }</th><th scope="col">{ t.col_receives }</th><th scope="col">{ t.col_age }</th>
                <th scope="col">{ t.col_reason }</th><th scope="col">{ t.col_left }</th><th scope="col">{ t.col_actions }</th>
            </tr></thead>
            <tbody>
                { for rows }
                if waiting.is_empty() { <tr><td colspan="6">{ t.dlq_empty }</td></tr> }
                if waiting.len() > DLQ_ROWS { <tr><td colspan="6">{ (t.rows_more)(waiting.len() - DLQ_ROWS) }</td></tr> }
            </tbody>
        </table></div>
    }
}

fn counters(t: &Strings, run: &QueueRun) -> [(&'static str, &'static str, String); 9] {
    let count = |f: &dyn Fn(&MessageEnd) -> bool| format::int(run.ends.iter().filter(|e| f(e)).count() as u64);
    let fates = |f: &dyn Fn(&DlqFate) -> bool| run.dlq.iter().filter(|e| f(&e.fate)).count() as u64;
    let unseen = run.dlq.iter().filter(|e| e.fate == DlqFate::Expired { at_ms: e.moved_at_ms }).count() as u64;
    [
        ("delivered", t.delivered, count(&|e| matches!(e, MessageEnd::Deleted { .. }))),
        ("dead_lettered", t.dead_lettered, format::int(run.dlq.len() as u64)),
        ("redriven", t.redriven, format::int(fates(&|f| matches!(f, DlqFate::Redriven { .. })))),
        ("marked_failed", t.marked_failed, format::int(fates(&|f| matches!(f, DlqFate::MarkedFailed { .. })))),
        ("expired_source", t.expired_source, count(&|e| matches!(e, MessageEnd::Expired { .. }))),
        ("expired_dlq", t.expired_dlq, format::int(fates(&|f| matches!(f, DlqFate::Expired { .. })))),
        ("expired_unseen", t.expired_unseen, format::int(unseen)),
        ("poison_time", t.poison_time, duration_ms(run.poison_worker_ms())),
        ("healthy_wait", t.healthy_wait, duration_ms(run.healthy_wait_max_ms())),
    ]
}

/// The lifelines' log axis of 0 s…`end_ms` in seconds: the marks and the
/// visibility timeout's handle placed by one mapping.
fn log_axis(end_ms: u64) -> Axis {
    Axis::log(end_ms.max(1_000) as f64 / 1_000.0, 60, 60).on_clock()
}

/// x on the log axis of 0 s…`end_ms`, 0…1,000.
fn log_x(ms: u64, end_ms: u64) -> u64 {
    (log_axis(end_ms).along(ms.min(end_ms) as f64 / 1_000.0) * 1_000.0).round() as u64
}

/// One row per message: waiting (thin), in flight (bands), in the DLQ, and
/// how it ended; the future under a veil from the instant shown. The veil
/// is HTML over the chart moved by a transform, so the clock moves it on
/// the compositor (no layout, no paint), and the rows are one raw SVG
/// string, which Yew compares as text: a frame where only the clock moved
/// leaves the 40 rows' nodes alone (their tree was rebuilt and diffed each
/// frame). The visibility timeout is grabbed on the log axis at its
/// length: each receive hides the message that long, so maxReceiveCount
/// of them is when it reaches the DLQ.
fn lifelines<F: Frame>(frame: &F, t: &Strings, run: &QueueRun, look_ms: u64) -> Html {
    let shown = run.ends.len().min(LIFELINES);
    let end_ms = (0..shown as u32).map(|m| last_ms(run, m)).max().unwrap_or(1_000).max(look_ms).max(1_000);
    let x = |ms: u64| log_x(ms, end_ms);
    let ticks = [(1_000, "1 s"), (60_000, "1 min"), (3_600_000, "1 h"), (86_400_000, "1 d")];
    let ticks = ticks.iter().filter(|(ms, _)| *ms <= end_ms);
    let height = shown.max(1) * ROW_H;
    let mut marks = rows_svg(t, run, shown, &x);
    for (ms, _) in ticks.clone() {
        let _ = write!(marks, r#"<line class="axis-tick" x1="{0}" x2="{0}" y1="0" y2="{height}"/>"#, x(*ms));
    }
    // Tick labels are HTML under the chart: SVG text would stretch with it.
    let at = |ms: u64| format!("left:{}", crate::app::widgets::percent(x(ms)));
    html! {
        <figure class="gantt lifelines handled">
            { lane_chart("#", &mut (1..=shown as u32), html! { <>
            <div class="annotated">
            <svg viewBox={format!("0 0 1000 {height}")} preserveAspectRatio="none" style={lanes_height(shown)} role="img" aria-label={t.lifelines_label}>
                { Html::from_html_unchecked(marks.into()) }
            </svg>
            <div class="dlq-veil" aria-hidden="true">
                <div class="dlq-now" style={format!("transform:translateX({})", crate::app::widgets::percent(x(look_ms)))}></div>
            </div>
            // A length, not an instant: a bracket from 0 to the handle.
            <div class="visibility-span" style={format!("width:{}", crate::app::widgets::percent(x(run.config.visibility_ms)))} aria-hidden="true"></div>
            { frame.handle("dlq_visibility_s", log_axis(end_ms)) }
            </div>
            <div class="tick-axis" aria-hidden="true">{ for ticks.map(|(ms, label)| html! { <span style={at(*ms)}>{ *label }</span> }) }</div>
            </> }) }
            <figcaption>
                <ul class="legend">
                    <li><span class="swatch wait-line" aria-hidden="true"></span>{ t.legend_waiting }</li>
                    <li><span class="swatch hidden-band" aria-hidden="true"></span>{ t.legend_in_flight }</li>
                    <li><span class="swatch dlq-band" aria-hidden="true"></span>{ t.legend_dlq }</li>
                </ul>
                <p class="hint">{ (t.log_axis)(&duration_ms(end_ms)) }</p>
                if run.ends.len() > LIFELINES { <p class="hint">{ (t.lifelines_more)(run.ends.len() - LIFELINES) }</p> }
            </figcaption>
        </figure>
    }
}

/// The first `shown` messages' rows as SVG text, `x` mapping an instant to
/// 0…1,000: a group each, with its story as its title.
fn rows_svg(t: &Strings, run: &QueueRun, shown: usize, x: &dyn Fn(u64) -> u64) -> String {
    let mut svg = String::new();
    // A band at least 8 ‰ wide, inside the plot: a receive seconds long
    // late in the run (the redriven copies at 3 h) is 1 ‰ on a log axis,
    // and it lay at its right edge.
    let span = |svg: &mut String, class: &str, from: u64, to: u64, y: usize, h: usize| {
        let width = (x(to) - x(from)).max(if class == "wait-line" { 1 } else { 8 });
        let left = x(from).min(1_000 - width);
        let _ = write!(svg, r#"<rect class="{class}" x="{left}" y="{y}" height="{h}" width="{width}"/>"#);
    };
    for m in 0..shown as u32 {
        let y = m as usize * ROW_H;
        let (from, end) = (run.enqueued_at_ms[m as usize], run.end_at_ms(m));
        // The title is the only text here, and ours; `<` and `&` would
        // still open markup in it.
        let title = lifeline_title(t, run, m).replace('&', "&amp;").replace('<', "&lt;");
        let _ = write!(svg, "<g><title>{title}</title>");
        span(&mut svg, "wait-line", from, end, y + ROW_H / 2 - 1, 2);
        for r in run.receives.iter().filter(|r| r.message == m) {
            span(&mut svg, "hidden-band", r.at_ms, r.hidden_until_ms.min(end), y, ROW_H - 2);
        }
        if let Some(e) = run.dlq_entry(m) {
            span(&mut svg, "dlq-band", e.moved_at_ms, e.fate.at_ms(), y + 2, ROW_H - 6);
        }
        svg.push_str("</g>");
    }
    svg
}

fn last_ms(run: &QueueRun, m: u32) -> u64 {
    run.dlq_entry(m).map_or_else(|| run.end_at_ms(m), |e| e.fate.at_ms())
}

fn lifeline_title(t: &Strings, run: &QueueRun, m: u32) -> String {
    let end = match (run.ends[m as usize], run.dlq_entry(m).map(|e| e.fate)) {
        (_, Some(DlqFate::Redriven { as_message, .. })) => (t.end_redriven)(as_message + 1),
        (_, Some(DlqFate::MarkedFailed { .. })) => t.end_failed.to_owned(),
        (_, Some(DlqFate::Expired { .. })) => t.end_dlq_expired.to_owned(),
        (MessageEnd::Deleted { .. }, _) => t.end_deleted.to_owned(),
        (MessageEnd::Expired { .. }, _) => t.end_expired.to_owned(),
        (MessageEnd::Lost { .. } | MessageEnd::DeadLettered { .. }, _) => t.end_lost.to_owned(),
    };
    (t.lifeline)(m + 1, &duration_ms(run.end_at_ms(m)), &end)
}
