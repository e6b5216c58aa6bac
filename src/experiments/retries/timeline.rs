//! The retry timeline: one lane per event on a simulated-time axis. Only the
//! lanes in view (plus a few) are in the DOM, so 1,000 events stay smooth.
//! Each attempt is a marker whose glyph and colour both say what happened;
//! each backoff wait is a bar that grows with the simulated clock.

use retry_lab_core::{Attempt, FailureKind, Follow, Outcome};
use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Action, Params, State};
use crate::app::handle::{handle, HandleProps};
use crate::app::widgets::Axis;
use crate::format;
use crate::i18n::Lang;

pub const LANE_HEIGHT_PX: u32 = 26;
const LANES_IN_VIEW: u32 = 12;
const OVERSCAN_LANES: u32 = 4;

/// How an attempt is drawn: CSS class, glyph, and its legend text.
pub fn marker(outcome: Outcome, t: &Strings) -> (&'static str, &'static str, &'static str) {
    match outcome {
        Outcome::Processed => ("mark-ok", "✓", t.outcome_processed),
        Outcome::DiscardedAcked => ("mark-dup", "○", t.outcome_discarded),
        Outcome::Failed { kind: FailureKind::RequestLost, .. } => ("mark-fail", "✕", t.outcome_request_lost),
        Outcome::Failed { kind: FailureKind::AckLost, .. } => ("mark-acklost", "▲", t.outcome_ack_lost),
        Outcome::Failed { kind: FailureKind::CrashAfterAck, .. } => ("mark-fail", "✕", t.outcome_crash_after_ack),
    }
}

/// A CSS percentage in thousandths of a percent (0..=100,000).
#[derive(Clone, Copy)]
struct Pct(u32);

impl Pct {
    /// The same position as a fraction of 1, e.g. `0.12345`.
    fn fraction(self) -> String {
        format!("{}.{:05}", self.0 / 100_000, self.0 % 100_000)
    }
}

impl std::fmt::Display for Pct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:03}%", self.0 / 1_000, self.0 % 1_000)
    }
}

/// Axis ticks at a "nice" step giving about six intervals.
fn tick_step_ms(horizon_ms: u64) -> u64 {
    const STEPS_S: [u64; 12] = [10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 14_400];
    let target_s = horizon_ms / 6_000;
    STEPS_S.iter().copied().find(|&s| s >= target_s).unwrap_or(86_400) * 1_000
}

/// Drawn through `widgets::Scrolled`, which keeps the lanes' scroll offset.
/// `heading_id`: the timeline heading's id, unique on the page.
/// How the figure edits its run's plan: the experiment's actions, unless the
/// plan is locked (an author's link fixed it).
pub struct PlanEdit {
    pub send: Callback<Action>,
    /// The outages (`down`) are locked.
    pub locked: bool,
    /// The interventions (`do`), the fix among them, are locked.
    pub interventions_locked: bool,
}

pub fn timeline(
    (lang, params, run): (Lang, &Params, &State),
    (heading_id, edit): (&AttrValue, &PlanEdit),
    scroll_top_px: u32,
    onscroll: Callback<Event>,
) -> Html {
    let t = strings(lang);
    let engine = run.pair.shown(params.consumer);
    let lanes_total = engine.config().published_total();
    let clock_ms = run.clock_ms;
    // Fixed for the run (it only grows when the learner seeks past its
    // end): the axis never rescales during play. A sixteenth more than the
    // run: the last marks, drawn just right of their instant, stay inside.
    let horizon_ms = run.pair.horizon_ms().max(clock_ms);
    let scale = Scale { horizon_ms: horizon_ms + horizon_ms / 16 };
    let fixed_ms = run.pair.plan().fixed_from_ms();
    let first = (scroll_top_px / LANE_HEIGHT_PX).saturating_sub(OVERSCAN_LANES);
    let end = (first + LANES_IN_VIEW + 2 * OVERSCAN_LANES).min(lanes_total);
    let mut lanes: Vec<Vec<Attempt>> = vec![Vec::new(); (end - first) as usize];
    for attempt in engine.trace() {
        if (first..end).contains(&attempt.event) {
            lanes[(attempt.event - first) as usize].push(*attempt);
        }
    }
    let lane_html = lanes.iter().enumerate().map(|(offset, attempts)| {
        let event = first + offset as u32;
        lane(t, (scale, fixed_ms), clock_ms, event, engine.event(event), attempts)
    });
    let step_ms = tick_step_ms(scale.horizon_ms);
    let ticks = (0..=scale.horizon_ms / step_ms).map(|i| {
        let at = i * step_ms;
        // Only a value at the axis's end ends there; one before it is centred
        // on its place (1,800 s of 2,270 s read 20 px early, right-aligned).
        let end = (i > 0 && at * 10 >= scale.horizon_ms * 9).then_some("tick-end");
        html! { <span class={class_list!("tick", end)} style={format!("left:{}", scale.pct(at))}>{ format::seconds(at) }</span> }
    });
    let plan = run.pair.plan();
    let view_height = lanes_total.min(LANES_IN_VIEW) * LANE_HEIGHT_PX;
    let shown_first = (scroll_top_px / LANE_HEIGHT_PX + 1).min(lanes_total);
    let shown_last = (shown_first + LANES_IN_VIEW - 1).min(lanes_total);
    html! {
        <section class="card timeline" aria-labelledby={heading_id.clone()}>
            <h2 id={heading_id.clone()}>{ t.timeline_heading }</h2>
            { legend(t, !plan.outages().is_empty()) }
            { outage_handles(t, scale, plan, edit, view_height) }
            { fix_handle(t, scale, plan, edit, view_height) }
            <div class="axis" aria-hidden="true">{ for ticks }</div>
            <div class="timeline-scroll" tabindex="0" role="region" aria-label={t.timeline_label}
                style={format!("height:{view_height}px")} {onscroll}>
                <div class="timeline-inner" style={format!("height:{}px", lanes_total * LANE_HEIGHT_PX)}>
                    { plan_marks(t, scale, plan) }
                    // At the run's end the whole picture, without a clock line on the fix's.
                    if !run.finished() {
                        <div class="now" style={format!("left:calc(var(--lane-label) + (100% - var(--lane-label) - var(--track-end)) * {})", scale.pct(clock_ms).fraction())} aria-hidden="true"></div>
                    }
                    { for lane_html }
                </div>
            </div>
            if lanes_total > LANES_IN_VIEW {
                <p class="hint">{ (t.lanes_shown)(&shown_first.to_string(), &shown_last.to_string(), &format::int(u64::from(lanes_total))) }</p>
            }
        </section>
    }
}

/// The time axis of one run: positions in thousandths of a percent,
/// printed without float formatting (which would cost the bundle ~20 KB).
#[derive(Clone, Copy)]
struct Scale {
    horizon_ms: u64,
}

impl Scale {
    fn pct(self, ms: u64) -> Pct {
        Pct((ms.min(self.horizon_ms) * 100_000 / self.horizon_ms) as u32)
    }

    /// A band from one time to another, across the lanes' tracks.
    fn across(self, from_ms: u64, to_ms: u64) -> String {
        format!(
            "left:calc(var(--lane-label) + (100% - var(--lane-label) - var(--track-end)) * {});width:calc((100% - var(--lane-label) - var(--track-end)) * {})",
            self.pct(from_ms).fraction(),
            Pct(self.pct(to_ms).0 - self.pct(from_ms).0).fraction()
        )
    }
}

/// Half a mark and a gap, in px: how far a mark stands from the fix's line.
const BESIDE_FIX_PX: u32 = 11;
/// A mark's width and a gap: where dead-letter's ■ follows the last ✕.
const AFTER_MARK_PX: u32 = 18;

/// Where a mark goes on its track: at its instant, or just right of the
/// fix's line when it happens at the fix (lesson 000's retry by hand: the ✓
/// never sits on the line).
fn mark_left(scale: Scale, fixed_ms: Option<u64>, at_ms: u64) -> String {
    match fixed_ms {
        Some(fix) if fix == at_ms => format!("left:calc({} + {BESIDE_FIX_PX}px)", scale.pct(at_ms)),
        _ => format!("left:{}", scale.pct(at_ms)),
    }
}

/// Dead-letter's ■ right after the ✕ that put it there, but always left of
/// a later fix's line: at any width the ■, the line and the ✓ after it stand
/// apart (on a narrow track the ■ overlaps its ✕ instead).
fn dead_letter_left(scale: Scale, fixed_ms: Option<u64>, at_ms: u64) -> String {
    let after = format!("calc({} + {AFTER_MARK_PX}px)", scale.pct(at_ms));
    match fixed_ms {
        Some(fix) if fix >= at_ms => format!("left:min({after}, calc({} - {BESIDE_FIX_PX}px))", scale.pct(fix)),
        _ => format!("left:{after}"),
    }
}

/// One event's lane: its status, each attempt's mark, the backoff waits
/// growing with the clock, and dead-letter.
fn lane(
    t: &Strings,
    (scale, fixed_ms): (Scale, Option<u64>),
    clock_ms: u64,
    event: u32,
    record: retry_lab_core::EventRecord,
    attempts: &[Attempt],
) -> Html {
    let top = event * LANE_HEIGHT_PX;
    let status = if record.is_dead_lettered() {
        ("lane-dlq", "■")
    } else if record.is_acknowledged() {
        ("lane-ok", "✓")
    } else if record.is_waiting_to_retry() {
        ("lane-wait", "…")
    } else {
        ("lane-pending", "")
    };
    let items = attempts.iter().map(|a| {
        let (class, glyph, text) = marker(a.outcome, t);
        let label = format!("{} · {}: {}", format::seconds(a.at_ms), (t.attempt_label)(a.cycle_attempt, a.manual), text);
        let wait = match a.follow {
            Follow::RetryAt { due_ms } => {
                let grown_ms = clock_ms.min(due_ms).saturating_sub(a.at_ms);
                let style = format!("left:{};width:{}", scale.pct(a.at_ms), scale.pct(grown_ms));
                let done = if clock_ms >= due_ms { "wait done" } else { "wait" };
                html! { <span class={done} style={style} title={format!("{}: {}", t.backoff_wait, format::seconds(due_ms - a.at_ms))}></span> }
            }
            _ => html! {},
        };
        let dead = matches!(a.follow, Follow::DeadLettered).then(|| html! {
            <span class="mark mark-dlq" style={dead_letter_left(scale, fixed_ms, a.at_ms)}
                role="img" aria-label={t.outcome_dead_letter} title={t.outcome_dead_letter}>{ "■" }</span>
        });
        html! {
            <>
                { wait }
                <span class={class_list!("mark", class)} style={mark_left(scale, fixed_ms, a.at_ms)}
                    role="img" aria-label={label.clone()} title={label}>{ glyph }</span>
                { dead.unwrap_or_default() }
            </>
        }
    });
    html! {
        <div class={class_list!("lane", status.0)} key={event} style={format!("top:{top}px")} data-event={(event + 1).to_string()}>
            <span class="lane-label">{ format!("{} {}", event + 1, status.1) }</span>
            <span class="track">{ for items }</span>
        </div>
    }
}

/// The plan drawn behind the lanes: the consumer's outages (cut where the
/// cause is fixed) and the fix's line.
fn plan_marks(t: &Strings, scale: Scale, plan: &retry_lab_core::Plan) -> Html {
    let fixed_ms = plan.fixed_from_ms();
    let bands = plan.outages().iter().map(|o| {
        let end_ms = fixed_ms.map_or(o.end_ms, |fix| fix.clamp(o.start_ms, o.end_ms));
        let title = format!("{}: {} – {}", t.outage_band, format::seconds(o.start_ms), format::seconds(o.end_ms));
        html! { <div class="outage-band" style={scale.across(o.start_ms, end_ms)} {title} aria-hidden="true"></div> }
    });
    let fix_line = fixed_ms.map(|at| html! {
        <div class="fix-line" style={format!("left:calc(var(--lane-label) + (100% - var(--lane-label) - var(--track-end)) * {})", scale.pct(at).fraction())}
            title={format!("{} · {}", format::seconds(at), t.intervention_fix)} aria-hidden="true"></div>
    });
    html! { <>{ for bands }{ fix_line.unwrap_or_default() }</> }
}

/// Each outage's end, grabbed above the axis, its line down over the lanes:
/// the instant the consumer is back, which the lesson turns on (shorter than
/// the schedule's 1,890 s, no event reaches dead-letter). Up to the fix,
/// which ends any outage anyway.
fn outage_handles(t: &Strings, scale: Scale, plan: &retry_lab_core::Plan, edit: &PlanEdit, lanes_px: u32) -> Html {
    let outages = plan.outages();
    if outages.is_empty() {
        return html! {};
    }
    // Their lines go down across the fix's row too, when it has one.
    let lanes_px = lanes_px + if plan.fixed_from_ms().is_some() { HANDLE_ROW_PX } else { 0 };
    let horizon_s = scale.horizon_ms / 1_000;
    let axis = Axis::seconds(0, scale.horizon_ms, 10, 0);
    let handles = outages.iter().enumerate().map(|(index, o)| {
        let (start_s, end_s) = (o.start_ms / 1_000, o.end_ms / 1_000);
        // Up to the next outage's start (windows never overlap), the fix, or the axis's end.
        let next_s = outages.get(index + 1).map(|n| (n.start_ms / 1_000).saturating_sub(1));
        let fix_s = plan.fixed_from_ms().map(|ms| ms / 1_000).filter(|fix| *fix > start_s);
        // A fix inside the outage ends it (the preset's 0–3,600 s with the fix
        // at 2,100 s): the handle is where the consumer is back, the band's
        // end, never the window's 3,600 s beside a band ending at 2,100 s.
        let cut_s = fix_s.filter(|fix| *fix < end_s);
        let back_s = cut_s.unwrap_or(end_s);
        let max = [next_s, fix_s].into_iter().flatten().min().unwrap_or(horizon_s).max(start_s + 1).max(back_s);
        let on_set = edit.send.reform(move |end_s| Action::SetOutage { index, start_s, end_s });
        let label = (t.outage_back)(index as u32 + 1);
        // In seconds, as the axis, the caption and the lesson (1,890 s) count.
        let shown = format::seconds(back_s * 1_000);
        let shown = if cut_s.is_some() { format!("{shown} {}", t.with_fix) } else { shown };
        let (label, shown) = (label.into(), shown.into());
        let short = t.outage_back_short;
        handle(HandleProps {
            label,
            value: back_s,
            min: start_s + 1,
            max,
            axis,
            shown,
            short,
            locked: edit.locked,
            on_set,
        })
    });
    html! { <div class="handle-strip plan-handles" style={format!("--lanes:{lanes_px}px")}>{ for handles }</div> }
}

/// A handle strip's height (`.handle-strip`): the fix's row under the outages'.
const HANDLE_ROW_PX: u32 = 44;

/// The fix line, grabbed in a row of its own under the outages' ends (in
/// the story both are at 2,100 s): the instant the cause is fixed, which
/// ends any outage. Earlier than the schedule's last retry, no event reaches
/// dead-letter; later than a retry by hand, that retry fails and its events
/// go round the schedule again.
fn fix_handle(t: &Strings, scale: Scale, plan: &retry_lab_core::Plan, edit: &PlanEdit, lanes_px: u32) -> Html {
    let Some(fixed_ms) = plan.fixed_from_ms() else { return html! {} };
    let at_s = fixed_ms / 1_000;
    let max = (scale.horizon_ms / 1_000).max(at_s);
    let on_set = edit.send.reform(|at_s| Action::SetFix { at_s });
    let shown = format::seconds(at_s * 1_000);
    html! {
        <div class="handle-strip plan-handles fix-handle" style={format!("--lanes:{lanes_px}px")}>
            { handle(HandleProps {
                label: t.fix_at.into(),
                value: at_s,
                min: 0,
                max,
                axis: Axis::seconds(0, scale.horizon_ms, 10, 0),
                shown: shown.into(),
                short: t.fix_at_short,
                locked: edit.interventions_locked,
                on_set,
            }) }
        </div>
    }
}

/// What each mark means, next to the marks.
fn legend(t: &Strings, outages: bool) -> Html {
    let marks = [
        Outcome::Processed,
        Outcome::DiscardedAcked,
        Outcome::Failed { kind: FailureKind::RequestLost, effect: false },
        Outcome::Failed { kind: FailureKind::AckLost, effect: true },
    ]
    .map(|o| {
        let (class, glyph, text) = marker(o, t);
        html! { <li><span class={class_list!("mark", "legend-mark", class)} aria-hidden="true">{ glyph }</span>{ text }</li> }
    });
    html! {
        <ul class="legend">
            { for marks }
            <li><span class="legend-wait" aria-hidden="true"></span>{ t.backoff_wait }</li>
            <li><span class="mark legend-mark mark-dlq" aria-hidden="true">{ "■" }</span>{ t.outcome_dead_letter }</li>
            if outages { <li><span class="legend-outage" aria-hidden="true"></span>{ t.outage_band }</li> }
        </ul>
    }
}
