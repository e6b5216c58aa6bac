//! The retries experiment: controls, playback, timeline, schedule, counters,
//! the two consumers side by side, the dead-letter queue and the log.

use retry_lab_core::{Backoff, Counters, FailureKind, Follow, Jitter, Status};
use yew::prelude::*;

use super::controls::{Controls, Playback};
use super::timeline::{marker, Timeline};
use crate::format;
use crate::i18n::Lang;
use crate::state::{Action, LabState};

/// Dead-letter rows drawn at once; "retry all" covers the rest.
const DLQ_ROWS_SHOWN: usize = 50;
const LOG_ROWS_SHOWN: usize = 30;

#[component(RetriesExperiment)]
pub fn retries_experiment(props: &super::LabViewProps) -> Html {
    let state = &props.state;
    let id_prefix = &props.id_prefix;
    let current_retry = state.shown().trace().last().and_then(|a| match a.follow {
        Follow::RetryAt { .. } => Some(a.cycle_attempt),
        _ => None,
    });
    html! {
        <div class="experiment retries">
            <LiveRegion state={state.clone()} />
            <div class="columns">
                <div class="column-main">
                    <Playback state={state.clone()} dispatch={props.dispatch.clone()} id_prefix={id_prefix.clone()} />
                    <Timeline state={state.clone()} id_prefix={id_prefix.clone()} />
                    <CountersPanel lang={state.lang} counters={*state.shown().counters()} waiting={state.shown().census().waiting} />
                    <Compare lang={state.lang} naive={*state.sim.naive.counters()} idempotent={*state.sim.idempotent.counters()} />
                    <DeadLetterPanel state={state.clone()} dispatch={props.dispatch.clone()} />
                    <DeliveryLog state={state.clone()} />
                </div>
                <div class="column-side">
                    <Controls state={state.clone()} dispatch={props.dispatch.clone()} id_prefix={id_prefix.clone()} />
                    <ScheduleTable lang={state.lang} backoff={state.params.backoff()} current_retry={current_retry} />
                </div>
            </div>
        </div>
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
    let texts = props.lang.texts();
    let backoff = props.backoff;
    let rows = (1..=backoff.retries_max).map(|n| {
        let wait_ms = backoff.deterministic_wait_ms(n);
        let hint = format::approx_minutes(wait_ms).map(|h| format!(" ({h})")).unwrap_or_default();
        let current = props.current_retry == Some(n);
        html! {
            <tr key={n} class={classes!(current.then_some("current"))} aria-current={current.then_some("step")}>
                <td>{ if current { format!("▸ {n}") } else { n.to_string() } }</td>
                <td class="formula">{ backoff.base_s }{ "·2" }<sup>{ n - 1 }</sup></td>
                <td class="num">{ format::seconds(wait_ms) }{ hint }</td>
            </tr>
        }
    });
    html! {
        <section class="card schedule">
            <h2>{ texts.schedule_heading }</h2>
            <p>{ texts.schedule_rule }{ " " }<strong>{ (texts.schedule_convention)(backoff.retries_max) }</strong></p>
            <table class="schedule-table">
                <thead><tr><th scope="col">{ texts.col_retry }</th><th scope="col">{ texts.col_formula }</th><th scope="col" class="num">{ texts.col_wait }</th></tr></thead>
                <tbody>{ for rows }</tbody>
                <tfoot><tr><th scope="row" colspan="2">{ texts.total }</th><td class="num total">{ format::seconds(backoff.total_s() * 1_000) }</td></tr></tfoot>
            </table>
            if backoff.jitter != Jitter::None { <p class="hint">{ texts.jitter_note }</p> }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct CountersProps {
    pub lang: Lang,
    pub counters: Counters,
    pub waiting: u32,
}

#[component(CountersPanel)]
pub fn counters_panel(props: &CountersProps) -> Html {
    let t = props.lang.texts();
    let c = &props.counters;
    let rows = [
        ("published", t.published, u64::from(c.published)),
        ("deliveries", t.deliveries, c.deliveries),
        ("effects", t.effects, c.effects),
        ("duplicates_discarded", t.duplicates_discarded, c.duplicates_discarded),
        ("acknowledged", t.acknowledged, u64::from(c.acknowledged)),
        ("waiting", t.waiting, u64::from(props.waiting)),
        ("dead_lettered", t.dead_lettered, u64::from(c.dead_lettered)),
        ("lost", t.lost, u64::from(c.lost)),
    ];
    html! {
        <section class="card counters">
            <h2>{ t.counters_heading }</h2>
            <dl class="counter-grid">
                { for rows.iter().map(|(key, label, value)| html! {
                    <div class="counter" data-counter={*key}><dt>{ *label }</dt><dd>{ format::int(*value) }</dd></div>
                }) }
            </dl>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub lang: Lang,
    pub naive: Counters,
    pub idempotent: Counters,
}

#[component(Compare)]
pub fn compare(props: &CompareProps) -> Html {
    let t = props.lang.texts();
    let (n, i) = (&props.naive, &props.idempotent);
    let row = |key: &str, label: &str, naive: u64, idem: u64| html! {
        <tr data-row={key.to_string()}><th scope="row">{ label.to_string() }</th><td class="num naive">{ format::int(naive) }</td><td class="num idempotent">{ format::int(idem) }</td></tr>
    };
    let extra = n.effects.saturating_sub(i.effects);
    html! {
        <section class="card compare">
            <h2>{ t.compare_heading }</h2>
            <div class="table-scroll" tabindex="0" role="region" aria-label={t.compare_heading}><table class="compare-table">
                <thead><tr><td></td><th scope="col" class="num">{ t.consumer_naive }</th><th scope="col" class="num">{ t.consumer_idempotent }</th></tr></thead>
                <tbody>
                    { row("deliveries", t.deliveries, n.deliveries, i.deliveries) }
                    { row("rows", t.rows_written, n.effects, i.effects) }
                    { row("notifications", t.notifications_sent, n.effects, i.effects) }
                    { row("discarded", t.duplicates_discarded, n.duplicates_discarded, i.duplicates_discarded) }
                </tbody>
            </table></div>
            <p class="why">{ (t.compare_why)(&format::int(extra)) }</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct DeadLetterProps {
    pub state: LabState,
    pub dispatch: UseReducerDispatcher<LabState>,
}

#[component(DeadLetterPanel)]
pub fn dead_letter_panel(props: &DeadLetterProps) -> Html {
    let state = &props.state;
    let t = state.lang.texts();
    let engine = state.shown();
    let dead = engine.dead_letters();
    let rows = dead.iter().take(DLQ_ROWS_SHOWN).map(|&event| {
        let record = engine.event(event);
        let id = engine.event_id(event).to_string();
        let entered_ms = match engine.status(event) {
            Status::DeadLettered { at_ms } => at_ms,
            _ => 0,
        };
        let reason = match record.last_failure {
            Some(FailureKind::AckLost) => t.outcome_ack_lost,
            Some(FailureKind::CrashAfterAck) => t.outcome_crash_after_ack,
            _ => t.outcome_request_lost,
        };
        let onclick = props.dispatch.to_callback().reform(move |_| Action::RetryDeadLetter(event));
        html! {
            <tr key={event} data-event={(event + 1).to_string()}>
                <td><span class="event-number">{ event + 1 }</span>{ " " }<code title={id.clone()}>{ id.get(..8).unwrap_or_default() }{ "…" }</code></td>
                <td><code>{ engine.fact_key(event) }</code></td>
                <td class="num">{ record.attempts }</td>
                <td>{ reason }</td>
                <td class="num">{ format::seconds(entered_ms) }</td>
                <td><button type="button" class="retry-one" aria-label={(t.retry_event)(event + 1)} {onclick}>{ t.retry }</button></td>
            </tr>
        }
    });
    html! {
        <section class="card dlq" aria-live="off">
            <div class="card-head">
                <h2>{ t.dlq_heading }{ format!(" ({})", format::int(dead.len() as u64)) }</h2>
                <button type="button" class="retry-all" disabled={dead.is_empty()}
                    onclick={props.dispatch.to_callback().reform(|_| Action::RetryAllDeadLetters)}>{ t.retry_all }</button>
            </div>
            if dead.is_empty() {
                <p class="empty">{ t.dlq_empty }</p>
            } else {
                <div class="table-scroll" tabindex="0" role="region" aria-label={t.dlq_heading}>
                    <table>
                        <thead><tr>
                            <th scope="col">{ t.col_id }</th><th scope="col">{ t.col_fact_key }</th><th scope="col" class="num">{ t.col_attempts }</th>
                            <th scope="col">{ t.col_last_failure }</th><th scope="col" class="num">{ t.col_entered }</th><th scope="col"></th>
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
                if dead.len() > DLQ_ROWS_SHOWN { <p class="hint">{ (t.dlq_more)(&format::int((dead.len() - DLQ_ROWS_SHOWN) as u64)) }</p> }
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct LogProps {
    pub state: LabState,
}

/// The latest attempts, newest first: delivered events stay visible here.
#[component(DeliveryLog)]
pub fn delivery_log(props: &LogProps) -> Html {
    let t = props.state.lang.texts();
    let trace = props.state.shown().trace();
    let rows = trace.iter().rev().take(LOG_ROWS_SHOWN).map(|a| {
        let (class, glyph, text) = marker(a.outcome, t);
        let dead = if matches!(a.follow, Follow::DeadLettered) { format!(" → {}", t.outcome_dead_letter) } else { String::new() };
        html! {
            <li>
                <span class={classes!("mark", "legend-mark", class)} aria-hidden="true">{ glyph }</span>
                { format!("{} · {} · {}: {text}{dead}", format::seconds(a.at_ms), (t.lane)(a.event + 1), (t.attempt_label)(a.cycle_attempt)) }
            </li>
        }
    });
    html! {
        <section class="card log">
            <h2>{ t.log_heading }{ format!(" ({})", format::int(trace.len() as u64)) }</h2>
            if trace.is_empty() { <p class="empty">{ t.log_empty }</p> } else { <ol class="log-list" reversed=true>{ for rows }</ol> }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct LiveRegionProps {
    pub state: LabState,
}

/// Narrates the run for screen readers, throttled by the reducer.
#[component(LiveRegion)]
pub fn live_region(props: &LiveRegionProps) -> Html {
    let t = props.state.lang.texts();
    let text = props.state.narration.map(|n| {
        let a = n.attempt;
        let (_, _, what) = marker(a.outcome, t);
        let what = if matches!(a.follow, Follow::DeadLettered) { format!("{what} → {}", t.outcome_dead_letter) } else { what.to_string() };
        (t.narrate)(&format::seconds(a.at_ms), a.event + 1, a.cycle_attempt, &what, n.more)
    });
    html! { <div class="visually-hidden narration" role="status" aria-live="polite" aria-atomic="true">{ text.unwrap_or_default() }</div> }
}
