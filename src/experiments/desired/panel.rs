//! Desired state, drawn: two rows over two hours (the increment, the
//! desired state), the IP's blocked time as bars, each copy's arrival as a
//! dot, the analyst's unblock as a line across both, and under the
//! increment's bar at the unblock, how many rules are left. As a scene the
//! bars grow and the copies land as the clock passes them; the unblock is
//! a handle on the figure.

use retry_lab_core::actions::desired::{Outcome, Scenario};
use yew::prelude::*;

use super::strings::{strings, Strings};
use super::AXIS_MS;
use crate::app::widgets::{about, chart_note, counter_grid, hero, percent as pct, Axis, Frame, View};

type Props<'a, F> = View<'a, super::Desired, F>;

fn permille(ms: u64) -> u64 {
    ms.min(AXIS_MS) * 1_000 / AXIS_MS
}

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let params = &props.params;
    let [inc, des] = &*props.state.styles;
    let insight = super::insight(t, params, [inc, des]);
    let yes_no = |b: bool| t.yes_no[usize::from(!b)].to_owned();
    let rows = [
        ("incremental_rules_left", format!("{} · {}", t.rules_left, t.styles[0]), inc.rules_left.to_string()),
        ("incremental_blocked", format!("{} · {}", t.blocked_at_end, t.styles[0]), yes_no(inc.blocked_at_end())),
        ("desired_rules_left", format!("{} · {}", t.rules_left, t.styles[1]), des.rules_left.to_string()),
        ("desired_blocked", format!("{} · {}", t.blocked_at_end, t.styles[1]), yes_no(des.blocked_at_end())),
    ];
    html! {
        <section class="card experiment desired" data-experiment="desired">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), insight, false, chart(props.frame, t, params, [inc, des], props.at_ms)) }
            { counter_grid(rows) }
        </section>
    }
}

/// A rule's bar, its lane and the gap under it, px: seven rules (the
/// schedule's copies) stay 14 px apart on any screen.
const RULE_PX: usize = 14;

fn chart<F: Frame>(frame: &F, t: &Strings, params: &super::Params, styles: [&Outcome; 2], at_ms: Option<u64>) -> Html {
    let now = at_ms.unwrap_or(AXIS_MS).min(AXIS_MS);
    // The run's own instants (an unblock of 0 s is none: the analyst never unblocks).
    let Scenario { unblock_ms, until_ms, .. } = params.scenario();
    let unblock = unblock_ms.map(permille);
    let row = |i: usize, outcome: &Outcome| {
        // One lane per rule: the increment's copies each write one. Each
        // lane is there from the start (the figure does not jump as it
        // plays); its bar appears and grows with the clock.
        let bars = outcome.rules.iter().filter(|r| r.0 <= now).enumerate().map(|(lane, &(from, to))| {
            let (a, b) = (permille(from), permille(to.unwrap_or(AXIS_MS).min(now)));
            let open = to.is_none().then_some("open-ended");
            let style =
                format!("left:{};width:{};top:{}px", pct(a), pct(b.saturating_sub(a).max(4)), lane * RULE_PX + 2);
            html! { <span class={class_list!("blocked-bar", open)} {style}></span> }
        });
        let lanes = outcome.rules.len().max(1);
        let dots = outcome.copies_at_ms.iter().enumerate().filter(|(_, at)| **at <= now).map(|(n, &at)| {
            let lane = if i == 0 { n.min(lanes - 1) } else { 0 };
            html! { <span class="copy-dot" style={format!("left:{};top:{}px", pct(permille(at)), lane * RULE_PX + 2)}></span> }
        });
        let below = lanes * RULE_PX + 4;
        let note = match unblock {
            Some(p) if i == 0 && outcome.blocked_at_end() && unblock_ms.is_some_and(|ms| ms <= now) => {
                chart_note(p, below, "", (t.still_blocked)(outcome.rules_left))
            }
            _ if i == 1 && outcome.blocked.last().and_then(|b| b.1) == Some(until_ms) && until_ms <= now => {
                chart_note(permille(until_ms), below, "", t.ends_at_t.to_owned())
            }
            _ => Html::default(),
        };
        html! {
            <div class="desired-row" data-style={["incremental", "desired"][i]}>
                <div class="desired-label">{ t.styles[i] }</div>
                <div class="desired-track" style={format!("height:{}px", below + 20)}>
                    { for bars }{ for dots }
                    if let Some(p) = unblock { <span class="unblock-line" style={format!("left:{}", pct(p))}></span> }
                    if i == 1 { <span class={class_list!("t-mark", (permille(until_ms) > 850).then_some("t-left"))} style={format!("left:{}", pct(permille(until_ms)))}>{ format!("T = {}", crate::format::seconds(until_ms)) }</span> }
                    if now < AXIS_MS { <span class="scene-now-mark" style={format!("left:{}", pct(permille(now)))} aria-hidden="true"></span> }
                    { note }
                </div>
            </div>
        }
    };
    html! {
        <figure class="desired-chart">
            // The unblock is grabbed above the rows, its line down across
            // both (none to grab when the analyst never unblocks).
            if unblock.is_some() { <div class="handle-strip track-inset">{ frame.handle("unblock_s", Axis::seconds(0, AXIS_MS, 30, 30)) }</div> }
            <div role="img" aria-label={t.chart_label}>{ row(0, styles[0]) }{ row(1, styles[1]) }</div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ "3,600 s" }</span><span>{ "7,200 s" }</span></div>
            <figcaption>
                <ul class="legend">
                    <li><span class="swatch blocked-bar" aria-hidden="true"></span>{ t.legend[0] }</li>
                    <li><span class="swatch copy-dot" aria-hidden="true"></span>{ t.legend[1] }</li>
                    <li><span class="swatch unblock-line" aria-hidden="true"></span>{ t.legend[2] }</li>
                </ul>
            </figcaption>
        </figure>
    }
}
