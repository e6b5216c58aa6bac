//! The retries experiment's panel: playback with seek, interventions,
//! timeline, counters, the two consumers side by side, the dead-letter
//! queue and the log; parameters, outages and the schedule beside them.

use retry_lab_core::{Backoff, Counters, FailureKind, Follow, Intervention, Jitter, Status};
use std::rc::Rc;

use yew::prelude::*;

use super::strings::{strings, Strings};
use super::timeline::{marker, timeline, PlanEdit};
use super::Action as RetriesAction;
use crate::app::widgets::{event_value, Frame, PlaybackView, Scrolled, View};
use crate::format;
use crate::i18n::Lang;

type Props<'a, F> = View<'a, super::Retries, F>;

const LOG_ROWS_SHOWN: usize = 30;

// Parts that take the whole state re-render with it anyway, so they are
// plain functions, not components: a component per part would cost the
// page's module its lifecycle code for no memoization.

fn send<F: Frame>(props: &Props<F>, action: RetriesAction) -> Callback<MouseEvent> {
    props.send().reform(move |_| action.clone())
}

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let run = &props.state;
    let params = &props.params;
    let s = strings(props.lang);
    let shown = run.pair.shown(params.consumer);
    let current_retry = shown.trace().last().and_then(|a| match a.follow {
        Follow::RetryAt { .. } => Some(a.cycle_attempt),
        _ => None,
    });
    let horizon_ms = run.pair.horizon_ms().max(run.clock_ms);
    let census = shown.census();
    // At the run's end, its story in numbers once a dead letter came back.
    let story = run.finished().then(|| super::Story::of(shown, params, run.pair.plan())).flatten();
    let insight = match story {
        Some(story) => (s.story)(&story),
        None => {
            (s.insight)(census.acknowledged, params.events, census.waiting, census.dead_lettered, params.retries_max)
        }
    };
    let hint = |key: &str| (key == "ack_lost").then(|| AttrValue::from(s.ack_lost_share_hint));
    html! {
        <div class="experiment retries" data-experiment="retries">
            { live_region(props) }
            <div class="columns">
                <div class="column-main">
                    { props.frame.playback(&PlaybackView { playing: run.playing, finished: run.finished(),
                        parked: shown.dead_letters().len() as u64, clock_ms: run.clock_ms,
                        seek_max_ms: horizon_ms + horizon_ms / 4, speed_s_per_s: params.speed_s_per_s, seek_label: s.seek }) }
                    { props.frame.hero_figure(insight, true, scrolled_timeline(props)) }
                    // Right under the figure: task 1 («reintenta tú, uno por uno») is done with the chart in view.
                    { dead_letter_panel(props) }
                    // The planned fix and retries after the figure they act on (its first screen is the figure's).
                    { interventions(props) }
                    { counters_panel(&CountersProps { lang: props.lang, counters: *shown.counters(), waiting: census.waiting }) }
                    { compare(&CompareProps { lang: props.lang, naive: *run.pair.naive.counters(), idempotent: *run.pair.idempotent.counters() }) }
                    <p class="hint three-names">{ props.lang.texts().three_names }</p>
                    { delivery_log(props) }
                </div>
                <div class="column-side">
                    { props.frame.tasks() }
                    <section class="card controls" aria-labelledby={props.frame.id("controls-heading")}>
                        <h2 id={props.frame.id("controls-heading")}>{ props.lang.texts().controls_heading }</h2>
                        { props.frame.controls(&|key| !matches!(key, "speed" | "down" | "do"), &hint, true) }
                    </section>
                    { outages(props) }
                    <ScheduleTable lang={props.lang} backoff={params.backoff()} current_retry={current_retry} />
                </div>
            </div>
        </div>
    }
}

/// The timeline, drawn by `Scrolled` (which keeps its scroll offset) from
/// its own copy of the run: the list redraws when the lab changes.
fn scrolled_timeline<F: Frame>(props: &Props<F>) -> Html {
    let (lang, params, run) = (props.lang, props.params.clone(), props.state.clone());
    let heading_id = props.frame.id("timeline-heading");
    let edit = PlanEdit {
        send: props.send(),
        locked: props.frame.locked("down"),
        interventions_locked: props.frame.locked("do"),
    };
    let draw: Rc<dyn Fn(u32, Callback<Event>) -> Html> =
        Rc::new(move |top_px, onscroll| timeline((lang, &params, &run), (&heading_id, &edit), top_px, onscroll));
    html! { <Scrolled {draw} version={props.frame.version()} /> }
}

/// A "✕" that removes one item of a list, named for screen readers.
fn remove_button<F: Frame>(
    props: &Props<F>,
    class: &'static str,
    label: String,
    locked: bool,
    action: RetriesAction,
) -> Html {
    html! { <button type="button" {class} aria-label={label} disabled={locked} onclick={send(props, action)}>{ "✕" }</button> }
}

/// The consumer's outage windows, editable in seconds.
fn outages<F: Frame>(props: &Props<F>) -> Html {
    let s = strings(props.lang);
    let locked = props.frame.locked("down");
    let outages = props.params.plan.outages();
    let rows = outages.iter().enumerate().map(|(index, outage)| {
        let (start_s, end_s) = (outage.start_ms / 1_000, outage.end_ms / 1_000);
        let n = index as u32 + 1;
        let edit = |is_start: bool| {
            props.send().reform(move |e: Event| {
                let typed = event_value(&e).trim().parse::<u64>().unwrap_or(0);
                let (start_s, end_s) = if is_start { (typed, end_s) } else { (start_s, typed) };
                RetriesAction::SetOutage { index, start_s, end_s }
            })
        };
        let (from_id, to_id) = (props.frame.id(&format!("down-{n}-from")), props.frame.id(&format!("down-{n}-to")));
        html! {
            <div class="outage-row" key={index}>
                <div class="control">
                    <label for={from_id.clone()}>{ (s.outage_from)(n) }</label>
                    <div class="control-row"><input type="number" id={from_id} min="0" value={start_s.to_string()} disabled={locked} onchange={edit(true)} /><span class="unit">{ "s" }</span></div>
                </div>
                <div class="control">
                    <label for={to_id.clone()}>{ (s.outage_to)(n) }</label>
                    <div class="control-row"><input type="number" id={to_id} min="1" value={end_s.to_string()} disabled={locked} onchange={edit(false)} /><span class="unit">{ "s" }</span></div>
                </div>
                { remove_button(props, "remove-outage", (s.remove_outage)(n), locked, RetriesAction::RemoveOutage(index)) }
            </div>
        }
    });
    html! {
        <section class="card outages">
            <h2>{ s.outages_heading }</h2>
            <p class="hint">{ s.outage_hint }</p>
            if outages.is_empty() { <p class="empty">{ s.no_outage }</p> }
            { for rows }
            <button type="button" class="add-outage" disabled={locked || outages.len() >= retry_lab_core::limits::OUTAGES_MAX}
                onclick={send(props, RetriesAction::AddOutage)}>{ s.add_outage }</button>
        </section>
    }
}

fn describe(s: &Strings, what: Intervention) -> String {
    match what {
        Intervention::FixCause => s.intervention_fix.to_owned(),
        Intervention::RetryDeadLetter(event) => (s.intervention_retry)(event + 1),
        Intervention::RetryAllDeadLetters => s.intervention_retry_all.to_owned(),
    }
}

/// "Fix the root cause now", and every intervention with its time.
fn interventions<F: Frame>(props: &Props<F>) -> Html {
    let s = strings(props.lang);
    let run = &props.state;
    let plan = &props.params.plan;
    let full = plan.interventions().len() >= super::INTERVENTIONS_MAX;
    let locked = props.frame.locked("do");
    let fixed = plan.fixed_from_ms().is_some_and(|at| at <= run.clock_ms);
    let effects = run.pair.idempotent.intervention_effects();
    let items = plan.interventions().iter().enumerate().map(|(index, timed)| {
        let no_effect = effects.get(index) == Some(&false);
        let n = index as u32 + 1;
        html! {
            <li key={index} class={class_list!(no_effect.then_some("no-effect"))}>
                <span>{ format!("{} · {}", format::seconds(timed.at_ms), describe(s, timed.what)) }
                    if no_effect { <span class="hint">{ format!(" ({})", s.intervention_no_effect) }</span> }
                </span>
                { remove_button(props, "remove-intervention", (s.remove_intervention)(n), locked, RetriesAction::RemoveIntervention(index)) }
            </li>
        }
    });
    html! {
        <section class="card interventions">
            <div class="card-head">
                <h2>{ s.interventions_heading }</h2>
                <button type="button" class="fix-now" disabled={locked || fixed || full} onclick={send(props, RetriesAction::FixNow)}>{ s.fix_now }</button>
            </div>
            if fixed { <p class="fixed-note">{ s.fixed }</p> }
            if full { <p class="hint plan-full" role="status">{ (s.plan_full)(super::INTERVENTIONS_MAX) }</p> }
            if plan.interventions().is_empty() {
                <p class="empty">{ s.interventions_empty }</p>
            } else {
                <ol class="intervention-list">{ for items }</ol>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct ScheduleProps {
    pub lang: Lang,
    pub backoff: Backoff,
    /// The retry the latest failure scheduled, highlighted.
    #[prop_or_default]
    pub current_retry: Option<u32>,
}

#[component(ScheduleTable)]
pub fn schedule_table(props: &ScheduleProps) -> Html {
    let s = strings(props.lang);
    let backoff = props.backoff;
    let rows = (1..=backoff.retries_max).map(|n| {
        let wait_ms = backoff.deterministic_wait_ms(n);
        let hint = format::approx_minutes(wait_ms).map(|h| format!(" ({h})")).unwrap_or_default();
        let current = props.current_retry == Some(n);
        html! {
            <tr key={n} class={class_list!(current.then_some("current"))} aria-current={current.then_some("step")}>
                <td>{ if current { format!("▸ {n}") } else { n.to_string() } }</td>
                <td class="formula">{ backoff.base_s }{ "·2" }<sup>{ n - 1 }</sup></td>
                <td class="num">{ format::seconds(wait_ms) }{ hint }</td>
            </tr>
        }
    });
    let jitter_note = s.jitter_notes[Jitter::ALL.iter().position(|j| *j == backoff.jitter).unwrap_or(0)];
    html! {
        <section class="card schedule">
            <h2>{ s.schedule_heading }</h2>
            <p>{ s.schedule_rule }{ " " }<strong>{ (s.schedule_convention)(backoff.retries_max) }</strong></p>
            <table class="schedule-table">
                <thead><tr><th scope="col">{ s.col_retry }</th><th scope="col">{ s.col_formula }</th><th scope="col" class="num">{ s.col_wait }</th></tr></thead>
                <tbody>{ for rows }</tbody>
                <tfoot><tr><th scope="row" colspan="2">{ s.total }</th><td class="num total">{ format::seconds(backoff.total_s() * 1_000) }</td></tr></tfoot>
            </table>
            if !jitter_note.is_empty() { <p class="hint jitter-note">{ jitter_note }</p> }
        </section>
    }
}

pub struct CountersProps {
    pub lang: Lang,
    pub counters: Counters,
    pub waiting: u32,
}

fn counters_panel(props: &CountersProps) -> Html {
    let (s, t) = (strings(props.lang), props.lang.texts());
    let c = &props.counters;
    let rows = [
        ("published", s.published, u64::from(c.published)),
        ("deliveries", t.deliveries, c.deliveries),
        ("effects", t.effects, c.effects),
        ("duplicates_discarded", t.duplicates_discarded, c.duplicates_discarded),
        ("acknowledged", s.acknowledged, u64::from(c.acknowledged)),
        ("waiting", s.waiting, u64::from(props.waiting)),
        ("dead_lettered", s.dead_lettered, u64::from(c.dead_lettered)),
        // No "lost": this hub acks after the consumer answers (at-least-once),
        // so it never loses an event; losses are the ack-before case, on
        // the ack-timing experiment of «Colas y streams».
    ];
    html! {
        <section class="card counters">
            <h2>{ s.counters_heading }</h2>
            <dl class="counter-grid">
                { for rows.iter().map(|(key, label, value)| html! {
                    <div class="counter" data-counter={*key}><dt>{ *label }</dt><dd>{ format::int(*value) }</dd></div>
                }) }
            </dl>
        </section>
    }
}

pub struct CompareProps {
    pub lang: Lang,
    pub naive: Counters,
    pub idempotent: Counters,
}

fn compare(props: &CompareProps) -> Html {
    let (s, t) = (strings(props.lang), props.lang.texts());
    let (n, i) = (&props.naive, &props.idempotent);
    let row = |key: &str, label: &str, naive: u64, idem: u64| {
        html! {
            <tr data-row={key.to_string()}><th scope="row">{ label.to_string() }</th><td class="num naive">{ format::int(naive) }</td><td class="num idempotent">{ format::int(idem) }</td></tr>
        }
    };
    let extra = n.effects.saturating_sub(i.effects);
    html! {
        <section class="card compare">
            <h2>{ s.compare_heading }</h2>
            <div class="table-scroll" tabindex="0" role="region" aria-label={s.compare_heading}><table class="compare-table">
                <thead><tr><td></td><th scope="col" class="num">{ s.consumer_naive }</th><th scope="col" class="num">{ s.consumer_idempotent }</th></tr></thead>
                <tbody>
                    { row("deliveries", t.deliveries, n.deliveries, i.deliveries) }
                    { row("rows", s.rows_written, n.effects, i.effects) }
                    { row("notifications", s.notifications_sent, n.effects, i.effects) }
                    { row("discarded", t.duplicates_discarded, n.duplicates_discarded, i.duplicates_discarded) }
                </tbody>
            </table></div>
            <p class="why">{ (s.compare_why)(&format::int(extra)) }</p>
        </section>
    }
}

/// What an empty dead-letter queue says: never "no event exhausted its
/// retries" after a person retried some from here (lesson 000's climax).
fn dlq_empty_text(engine: &retry_lab_core::Engine, s: &super::strings::Strings) -> String {
    let retried = engine.counters().manual_retries;
    if retried == 0 && engine.census().waiting > 0 {
        return s.dlq_empty_yet.to_owned();
    }
    if retried == 0 {
        return s.dlq_empty.to_owned();
    }
    let retried_events: Vec<u32> =
        (0..engine.config().published_total()).filter(|&e| engine.event(e).manual_retries > 0).collect();
    let delivered = retried_events
        .iter()
        .filter(|&&e| matches!(engine.status(e), retry_lab_core::Status::Acknowledged { .. }))
        .count() as u64;
    let retried_events = retried_events.len() as u64;
    (s.dlq_emptied)(&format::int(retried_events), &format::int(delivered))
}

/// Dead-letter rows drawn at once, in a region that scrolls; "retry all"
/// covers the rest. Drawing 50 (before) made a seek into a run with many
/// dead letters miss its frame.
const DLQ_ROWS_SHOWN: usize = 12;

/// The dead-letter card of the run as it stands: a component, so that a
/// frame of the clock that leaves the queue as it was (nearly all of them)
/// skips its table, a third of the page's nodes, instead of comparing it.
fn dead_letter_panel<F: Frame>(props: &Props<F>) -> Html {
    let s = strings(props.lang);
    let engine = props.state.pair.shown(props.params.consumer);
    let dead = engine.dead_letters();
    let rows: Vec<DeadRow> = dead.iter().take(DLQ_ROWS_SHOWN).map(|&event| dead_row(engine, event, s)).collect();
    // Said only when the queue is empty: after a retry by hand it walks every
    // event, and while dead letters are shown it is hidden anyway.
    let empty_text = if dead.is_empty() { dlq_empty_text(engine, s) } else { String::new() };
    html! {
        <DeadLetters lang={props.lang} {rows} total={dead.len()} {empty_text}
            retries_max={props.params.retries_max}
            // A full plan takes no more interventions (the interventions card says so).
            locked={props.frame.locked("do") || props.params.plan.interventions().len() >= super::INTERVENTIONS_MAX}
            send={props.send()} />
    }
}

/// One dead letter as its row shows it.
#[derive(Clone, PartialEq)]
struct DeadRow {
    event: u32,
    id: String,
    fact_key: String,
    /// The cycle's first delivery is not a retry: "6 of 6" retries used.
    retries_used: u32,
    deliveries: u32,
    reason: &'static str,
    entered_ms: u64,
}

fn dead_row(engine: &retry_lab_core::Engine, event: u32, s: &Strings) -> DeadRow {
    let record = engine.event(event);
    DeadRow {
        event,
        id: engine.event_id(event).to_string(),
        fact_key: engine.fact_key(event),
        retries_used: u32::from(record.cycle_attempts).saturating_sub(1),
        deliveries: record.attempts,
        reason: match record.last_failure {
            Some(FailureKind::AckLost) => s.outcome_ack_lost,
            Some(FailureKind::CrashAfterAck) => s.outcome_crash_after_ack,
            _ => s.outcome_request_lost,
        },
        entered_ms: match engine.status(event) {
            Status::DeadLettered { at_ms } => at_ms,
            _ => 0,
        },
    }
}

#[derive(Properties)]
struct DeadLettersProps {
    lang: Lang,
    /// The first `DLQ_ROWS_SHOWN` dead letters, of `total`.
    rows: Vec<DeadRow>,
    total: usize,
    empty_text: String,
    retries_max: u32,
    locked: bool,
    send: Callback<RetriesAction>,
}

impl PartialEq for DeadLettersProps {
    fn eq(&self, other: &Self) -> bool {
        // `send` is made anew each render and reaches the same lab each time.
        (self.lang, &self.rows, self.total, &self.empty_text, self.retries_max, self.locked)
            == (other.lang, &other.rows, other.total, &other.empty_text, other.retries_max, other.locked)
    }
}

#[component(DeadLetters)]
fn dead_letters(props: &DeadLettersProps) -> Html {
    let s = strings(props.lang);
    let empty = props.rows.is_empty();
    // A fixed set of row slots, filled or hidden, so that a seek changes
    // text in rows that exist instead of building and dropping rows (which
    // cost a seek into a run with dead letters its frame).
    let rows = (0..DLQ_ROWS_SHOWN).map(|slot| dead_letter_row(props, props.rows.get(slot)));
    html! {
        <section class="card dlq" aria-live="off">
            <div class="card-head">
                <h2>{ s.dlq_heading }{ format!(" ({})", format::int(props.total as u64)) }</h2>
                <button type="button" class="retry-all" disabled={empty || props.locked}
                    onclick={props.send.reform(|_| RetriesAction::RetryAllDeadLetters)}>{ s.retry_all }</button>
            </div>
            <p class="empty" hidden={!empty}>{ props.empty_text.clone() }</p>
            <div class="table-scroll dlq-scroll" tabindex="0" role="region" aria-label={s.dlq_heading} hidden={empty}>
                <table>
                    <thead><tr>
                        <th scope="col">{ s.col_id }</th><th scope="col">{ s.col_fact_key }</th>
                        <th scope="col" class="num">{ s.col_retries_used }</th><th scope="col" class="num">{ s.col_deliveries }</th>
                        <th scope="col">{ s.col_last_failure }</th><th scope="col" class="num">{ s.col_entered }</th><th scope="col"></th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            if props.total > DLQ_ROWS_SHOWN { <p class="hint">{ (s.dlq_more)(&format::int((props.total - DLQ_ROWS_SHOWN) as u64)) }</p> }
        </section>
    }
}

/// One slot of the dead-letter table: a dead letter's row, or a hidden row
/// of the very same shape (so filling it later only changes text).
fn dead_letter_row(props: &DeadLettersProps, row: Option<&DeadRow>) -> Html {
    let s = strings(props.lang);
    let event = row.map_or(0, |r| r.event);
    let (id, fact_key, reason) = row.map_or(("", "", ""), |r| (r.id.as_str(), r.fact_key.as_str(), r.reason));
    let (used, deliveries, entered_ms) = row.map_or((0, 0, 0), |r| (r.retries_used, r.deliveries, r.entered_ms));
    html! {
        <tr hidden={row.is_none()} data-event={row.map(|r| (r.event + 1).to_string())}>
            <td><span class="event-number">{ event + 1 }</span>{ " " }<code title={id.to_owned()}>{ id.get(..8).unwrap_or_default() }{ "…" }</code></td>
            <td class="wrap"><code class="clamp">{ fact_key.to_owned() }</code></td>
            <td class="num retries-used">{ (s.retries_used)(used, props.retries_max) }</td>
            <td class="num deliveries">{ deliveries }</td>
            <td class="wrap"><span class="clamp">{ reason }</span></td>
            <td class="num">{ format::seconds(entered_ms) }</td>
            <td><button type="button" class="retry-one" aria-label={(s.retry_event)(event + 1)} disabled={props.locked || row.is_none()}
                onclick={props.send.reform(move |_| RetriesAction::RetryDeadLetter(event))}>{ s.retry }</button></td>
        </tr>
    }
}

/// The latest attempts, newest first: delivered events stay visible here.
fn delivery_log<F: Frame>(props: &Props<F>) -> Html {
    let s = strings(props.lang);
    let trace = props.state.pair.shown(props.params.consumer).trace();
    // Keyed by the attempt's place in the trace: a new attempt inserts one
    // row and drops the last, where unkeyed rows each rewrote their text
    // (30 rows a frame while playing, the most of a frame's DOM writes).
    let rows = trace.iter().enumerate().rev().take(LOG_ROWS_SHOWN).map(|(index, a)| {
        let (class, glyph, text) = marker(a.outcome, s);
        let dead = if matches!(a.follow, Follow::DeadLettered) { format!(" → {}", s.outcome_dead_letter) } else { String::new() };
        html! {
            <li key={index}>
                <span class={class_list!("mark", "legend-mark", class)} aria-hidden="true">{ glyph }</span>
                { format!("{} · {} · {}: {text}{dead}", format::seconds(a.at_ms), (s.lane)(a.event + 1), (s.attempt_label)(a.cycle_attempt, a.manual)) }
            </li>
        }
    });
    html! {
        <section class="card log">
            <h2>{ s.log_heading }{ format!(" ({})", format::int(trace.len() as u64)) }</h2>
            if trace.is_empty() { <p class="empty">{ s.log_empty }</p> } else { <ol class="log-list" reversed=true>{ for rows }</ol> }
            if trace.len() > LOG_ROWS_SHOWN { <p class="hint">{ (s.log_older)(&format::int((trace.len() - LOG_ROWS_SHOWN) as u64)) }</p> }
        </section>
    }
}

/// Narrates the run for screen readers, throttled by the reducer, as the
/// consumer shown saw it.
fn live_region<F: Frame>(props: &Props<F>) -> Html {
    let s = strings(props.lang);
    let run = &props.state;
    let trace = run.pair.shown(props.params.consumer).trace();
    let text = run.narration.and_then(|n| {
        let a = trace.get(n.index)?;
        let (_, _, what) = marker(a.outcome, s);
        let what = if matches!(a.follow, Follow::DeadLettered) {
            format!("{what} → {}", s.outcome_dead_letter)
        } else {
            what.to_string()
        };
        Some((s.narrate)(
            &format::seconds(a.at_ms),
            a.event + 1,
            &(s.attempt_label)(a.cycle_attempt, a.manual),
            &what,
            n.more,
        ))
    });
    html! { <div class="visually-hidden narration" role="status" aria-live="polite" aria-atomic="true">{ text.unwrap_or_default() }</div> }
}
