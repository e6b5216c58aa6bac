//! «¿Alguien espera?», drawn: four rows over the same seconds. The
//! synchronous caller's wait as a bar (or its failure), each queued job's
//! end as a dot, each stream group's as a dot, the outage shaded across.

use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Params, State};
use crate::app::widgets::{about, counter_grid, hero, percent, Axis, Frame, View};
use crate::format::seconds;

type Props<'a, F> = View<'a, super::Waits, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let p = &props.params;
    let st = &props.state;
    let ms = crate::format::ms_text;
    // Only where the caller is served synchronously (Ana's request, no outage):
    // the PDF's caller has gone and asks later, as it should.
    let outlives = (st.sync_failed == 0 && st.queue_worst_seen_ms > p.timeout_ms).then(|| ms(p.timeout_ms));
    let insight = (t.insight)(
        &ms(p.sync_wait_ms()),
        st.sync_failed,
        &ms(st.queue_last_done_ms),
        &ms(st.queue_worst_seen_ms),
        outlives.as_deref(),
    );
    let rows = [
        ("sync_failed", t.sync_failed, st.sync_failed.to_string()),
        ("sync_wait", t.sync_wait, ms(p.sync_wait_ms())),
        ("queue_accept", t.queue_accept, ms(retry_lab_core::waits::ACCEPT_MS)),
        ("queue_seen", t.queue_seen, ms(st.queue_worst_seen_ms)),
        ("queue_last", t.queue_last, ms(st.queue_last_done_ms)),
    ];
    html! {
        <section class="card experiment waits" data-experiment="waits">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), insight, false, chart(props.frame, t, (p, st), props.at_ms)) }
            { counter_grid(rows) }
            { exercise_1(t) }
        </section>
    }
}

/// «Colas y streams»' exercise 1: each case asked, its answer behind a click.
fn exercise_1(t: &Strings) -> Html {
    html! {
        <section class="exercise-1">
            <h3>{ t.exercise_1 }</h3>
            <p>{ t.exercise_1_ask }</p>
            <ul class="exercise-cases">
                { for t.exercise_1_cases.iter().map(|(case, answer)| html! {
                    <li>{ *case }<details><summary>{ t.exercise_1_show }</summary><p>{ *answer }</p></details></li>
                }) }
            </ul>
        </section>
    }
}

/// As a scene, what has happened by the clock (`at_ms`; none: the whole
/// run): the bars grow to it, a request appears when sent and a job's dot
/// when it is done. The workers' return is grabbed above the rows: bring
/// it closer and the queue's jobs end sooner; the caller who waits fails all
/// the same while they are down.
fn chart<F: Frame>(frame: &F, t: &Strings, (p, st): (&Params, &State), at_ms: Option<u64>) -> Html {
    let end_ms = super::end_ms(p, st);
    let back = (p.down_to_s > p.down_from_s).then(|| {
        let axis = Axis::seconds(0, end_ms, 1, p.down_from_s + 1);
        html! { <div class="handle-strip track-inset">{ frame.handle("waits_down_to_s", axis) }</div> }
    });
    let now = at_ms.unwrap_or(end_ms).min(end_ms);
    let reqs: Vec<&retry_lab_core::waits::Request> = st.requests.iter().filter(|r| r.sent_ms <= now).collect();
    let at = |ms: u64| percent(ms.min(end_ms) * 1_000 / end_ms);
    let span = |a: u64, b: u64, class: &'static str| {
        let b = b.min(now);
        html! { <span class={class} style={format!("left:{};width:{}", at(a), at(b.saturating_sub(a)))}></span> }
    };
    // Four jobs can end at once (four workers): a sub-lane each.
    let dot = |n: usize, ms: u64| {
        (ms <= now).then(
            || html! { <span class="done-dot" style={format!("left:{};top:{}px", at(ms), n % 4 * 6 + 1)}></span> },
        )
    };
    // Whoever waits for the queue's result: from the request to the poll
    // that finds it (thin, under the job's dot).
    let result_wait = |n: usize, a: u64, b: u64| {
        let b = b.min(now);
        html! {
            <span class="result-wait" style={format!("left:{};width:{};top:{}px", at(a), at(b.saturating_sub(a)), n % 4 * 6 + 4)}></span>
        }
    };
    let outage = p.config().down_ms.filter(|(a, _)| *a <= now).map(|(a, b)| span(a, b, "waits-outage"));
    let now_mark = (now < end_ms)
        .then(|| html! { <span class="scene-now-mark" style={format!("left:{}", at(now))} aria-hidden="true"></span> });
    let lane = |i: usize, body: Html| {
        html! {
            <div class="waits-row">
                <div class="waits-label">{ t.lanes[i] }</div>
                // The analytics group does not share the workers' outage: no band on its row.
                <div class="waits-track">if i < 3 { { outage.clone() } }{ body }{ now_mark.clone() }</div>
            </div>
        }
    };
    let sync = reqs.iter().enumerate().map(|(n, r)| {
        // A caller who will give up waits like the others until the timeout says so.
        let bar = match r.sync_answered_ms {
            Some(done) => span(r.sent_ms, done, "caller-wait"),
            None if r.sent_ms + p.timeout_ms <= now => span(r.sent_ms, r.sent_ms + p.timeout_ms, "caller-failed"),
            None => span(r.sent_ms, r.sent_ms + p.timeout_ms, "caller-wait"),
        };
        html! { <div class="waits-lane" style={format!("top:{}px", n % 4 * 5)}>{ bar }</div> }
    });
    html! {
        <figure class="waits-chart">
            { back.unwrap_or_default() }
            <div role="img" aria-label={t.chart_label}>
                { lane(0, sync.collect()) }
                { lane(1, reqs.iter().enumerate().map(|(n, r)| html! { <>{ result_wait(n, r.sent_ms, r.queue_seen_ms) }{ dot(n, r.queue_done_ms).unwrap_or_default() }</> }).collect()) }
                { lane(2, reqs.iter().enumerate().filter_map(|(n, r)| dot(n, r.stream_done_ms[0])).collect()) }
                { lane(3, reqs.iter().enumerate().filter_map(|(n, r)| dot(n, r.stream_done_ms[1])).collect()) }
            </div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ seconds(end_ms) }</span></div>
            <figcaption><ul class="legend">
                <li><span class="swatch caller-wait" aria-hidden="true"></span>{ t.legend[0] }</li>
                <li><span class="swatch caller-failed" aria-hidden="true"></span>{ t.legend[1] }</li>
                <li><span class="swatch done-dot" aria-hidden="true"></span>{ t.legend[2] }</li>
                <li><span class="swatch result-wait" aria-hidden="true"></span>{ t.result_wait }</li>
                <li><span class="swatch waits-outage" aria-hidden="true"></span>{ t.legend[3] }</li>
            </ul></figcaption>
        </figure>
    }
}
