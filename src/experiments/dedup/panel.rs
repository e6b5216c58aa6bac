//! Where the record goes, drawn: one message between the queue, the
//! consumer and the database (lesson 001's code or the record moved, the
//! crash where the learner puts it), then the same over many messages in
//! lesson 004's columns, and two copies of one message at once.

use retry_lab_core::dedup_record::{concurrent_copies, Consumer, Event, OneMessage, Step};
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, hero, slider, Frame, SliderProps, View};
use crate::format;
use crate::params::Value;

type Props<'a, F> = View<'a, super::Dedup, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let one = &props.state.one;
    // The crash slider shows under the consumer, before "more parameters" (style: order).
    let controls = html! {
        <div class="seq-controls">
            { props.frame.controls(&|key| !matches!(key, "unique" | "seq_crash" | "tx_crash"), &|_| None, true) }
            { crash_slider(props, t) }
        </div>
    };
    html! {
        <section class="card experiment dedup" data-experiment="dedup">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, controls, t.outcomes[outcome(one)].to_owned(), false, sequence(t, one)) }
            { table(props, t) }
            { concurrent(props, t) }
            <p class="hint three-names">{ props.lang.texts().three_names }</p>
        </section>
    }
}

/// The crash point, moved along the consumer's steps: a slider from
/// "before its first step" to "no crash".
fn crash_slider<F: Frame>(props: &Props<F>, t: &Strings) -> Html {
    let params = &props.params;
    let steps = params.consumer.steps();
    let at = usize::from(params.crash_before).min(steps.len());
    let shown = if at < steps.len() { (t.crash_before)(step_name(t, steps, at)) } else { t.no_crash.to_owned() };
    let set = props.set();
    let on_input = Callback::from(move |text: String| {
        if let Ok(n) = text.parse::<u64>() {
            set.emit(("seq_crash", Value::Int(n)));
        }
    });
    html! {
        <div class="control-grid crash-point">
            { slider(props.lang, SliderProps { id: props.frame.id("seq-crash"), label: t.crash_point, hint: None, value: at as u64, min: 0,
                max: steps.len() as u64, step: 1, shown, locked: props.frame.locked("seq_crash"), on_input }) }
        </div>
    }
}

/// A step's name on the slider; a commit of a single write says whose.
fn step_name(t: &Strings, steps: &[Step], at: usize) -> &'static str {
    if steps[at] != Step::Commit {
        return t.step_names[steps[at] as usize];
    }
    // The writes this commit makes durable: those since the previous commit.
    let mut open = steps[..at]
        .iter()
        .rev()
        .take_while(|s| **s != Step::Commit)
        .filter(|s| matches!(s, Step::Effect | Step::Record));
    match (open.next(), open.next()) {
        (Some(Step::Effect), None) => t.commit_of[0],
        (Some(Step::Record), None) => t.commit_of[1],
        _ => t.step_names[3],
    }
}

/// Which of `Strings::outcomes` a message's run ended in.
fn outcome(one: &OneMessage) -> usize {
    let crashed = one.events.contains(&Event::Crash);
    let discarded = one.events.contains(&Event::Discarded);
    let again = one.events.contains(&Event::Delivered { delivery: 2 });
    match (crashed, one.effects, discarded) {
        (false, ..) => 0,
        (_, 2.., _) => 3,
        (_, 0, _) if again => 4,
        (_, 0, _) => 5,
        (_, _, true) => 1,
        _ => 2,
    }
}

/// A message-sequence diagram: the three lifelines, one row per step, an
/// arrow from who acts to whom (the rows are a list: a screen reader reads
/// each as "from → to: step").
fn sequence(t: &Strings, one: &OneMessage) -> Html {
    let [queue, consumer, db] = t.actors;
    let rows = one.events.iter().enumerate().map(|(i, event)| {
        let (class, from, to, label) = match *event {
            Event::Delivered { delivery } => ("qc", queue, consumer, t.delivered[usize::from(delivery > 1)].to_owned()),
            Event::Ran { step: Step::Ack, .. } => ("cq", consumer, queue, t.steps[4].to_owned()),
            Event::Ran { step, rolled_back } => {
                let found = one.events.get(i + 1) == Some(&Event::Discarded);
                // `Strings::steps` is in `Step`'s order.
                let text = if step == Step::Check && found { t.check_found } else { t.steps[step as usize] };
                let class = if rolled_back { "cd rolled-back" } else if step == Step::Commit { "cd commit" } else { "cd" };
                (class, consumer, db, if rolled_back { format!("{text} · {}", t.rolled_back) } else { text.to_owned() })
            }
            Event::Discarded => ("c discard", consumer, consumer, t.discard.to_owned()),
            Event::Crash => ("c crash", consumer, consumer, t.crashes.to_owned()),
        };
        let who = if from == to { format!("{from}: ") } else { format!("{from} → {to}: ") };
        html! { <li class={class_list!("seq-row", class)}><span class="seq-step"><span class="visually-hidden">{ who }</span>{ label }</span></li> }
    });
    html! {
        <figure class="sequence">
            <div class="seq-actors" aria-hidden="true">{ for t.actors.iter().map(|a| html! { <span>{ *a }</span> }) }</div>
            <ol class="seq" aria-label={t.sequence_label}>{ for rows }</ol>
            <p class="seq-effects" data-effects={one.effects.to_string()}>{ (t.effects_total)(one.effects) }</p>
        </figure>
    }
}

/// The same consumer over many messages: lesson 004's columns, one row per placement.
fn table<F: Frame>(props: &Props<F>, t: &Strings) -> Html {
    let rows = &props.state.rows;
    let table_rows = rows.iter().enumerate().map(|(i, r)| html! {
        <tr data-placement={r.placement.code()} class={(Consumer::Recorded(r.placement) == props.params.consumer).then_some("chosen")}>
            <th scope="row">{ t.placements[i] }</th>
            <td>{ format::int(r.deliveries) }</td><td>{ format::int(r.effects) }</td>
            <td>{ format::int(r.discarded) }</td><td>{ format::int(r.lost.into()) }</td>
            <td>{ t.verdicts[super::verdict(r, props.params.messages)] }</td>
        </tr>
    });
    let summary = match rows.as_slice() {
        [same_tx, after, before] => (t.insight)(props.params.messages, same_tx.effects, after.effects, before.lost),
        _ => String::new(),
    };
    html! {
        <>
            <h3>{ t.table_heading }</h3>
            // Its own parameter: the crash probability moves only this table.
            { props.frame.param_control("tx_crash", None) }
            <div class="many-messages">
            <p>{ summary }</p>
            <div class="table-scroll"><table class="dedup-table">
                <thead><tr>
                    <th scope="col">{ t.col_placement }</th><th scope="col">{ t.col_deliveries }</th><th scope="col">{ t.col_effects }</th>
                    <th scope="col">{ t.col_discarded }</th><th scope="col">{ t.col_lost }</th><td></td>
                </tr></thead>
                <tbody>{ for table_rows }</tbody>
            </table></div>
            </div>
        </>
    }
}

fn concurrent<F: Frame>(props: &Props<F>, t: &Strings) -> Html {
    let unique = props.params.unique_constraint;
    let outcome = concurrent_copies(unique);
    html! {
        <div class="concurrent">
            <h3>{ t.concurrent_heading }</h3>
            { props.frame.param_control("unique", None) }
            <ol class="strip-steps">{ for t.concurrent_steps.iter().map(|s| html! { <li class="step">{ *s }</li> }) }</ol>
            <p class={class_list!("verdict", (outcome.effects > 1).then_some("bad"))} role="status" data-effects={outcome.effects.to_string()}>
                { if unique { t.concurrent_with } else { t.concurrent_without } }
            </p>
        </div>
    }
}
