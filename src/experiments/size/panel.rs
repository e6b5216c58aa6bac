//! Message size, drawn: one row per broker, the message as a bar and the
//! broker's limit as a mark, on a log scale (10 B to 100 MiB): a 10 MiB
//! photo runs past every mark, its 45-byte address stays near the start.

use retry_lab_core::message_size::LIMITS;
use yew::prelude::*;

use super::strings::{strings, Strings};
use crate::app::widgets::{about, counter_grid, hero, percent as pct, Frame, View};

type Props<'a, F> = View<'a, super::Size, F>;

/// A piecewise-linear log2 with sixteenths (no float code in the page):
/// 16 B is 64, 128 MiB is 432; below 16 B, 64 (the axis starts at 10 B).
fn log_units(bytes: u64) -> u64 {
    let b = bytes.max(16);
    let exp = u64::from(b.ilog2());
    exp * 16 + ((b >> (exp - 4)) & 15)
}

/// Where `bytes` falls on the axis, 0–1,000 (10 B to 100 MiB).
fn permille(bytes: u64) -> u64 {
    let (lo, hi) = (log_units(10), log_units(100 * 1_048_576));
    (log_units(bytes).clamp(lo, hi) - lo) * 1_000 / (hi - lo)
}

/// 10 MiB, 300 KiB, 45 B, 1,048,588 B: binary units where they are exact.
pub fn bytes_text(b: u64) -> String {
    match b {
        _ if b >= 1_048_576 && b.is_multiple_of(1_048_576) => format!("{} MiB", crate::format::int(b / 1_048_576)),
        _ if b >= 1_024 && b.is_multiple_of(1_024) => format!("{} KiB", crate::format::int(b / 1_024)),
        _ => format!("{} B", crate::format::int(b)),
    }
}

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let sizing = &props.state.sizing;
    let accepted = sizing.accepted();
    let refused = accepted.iter().filter(|ok| !**ok).count();
    let size = bytes_text(sizing.message_bytes());
    // A day's traffic only where some broker takes the message.
    let per_day = if refused < 3 { crate::format::decimal_bytes(sizing.bytes_per_day()) } else { "—".to_owned() };
    let rows = [("message_bytes", t.message, size.clone()), ("per_day", t.per_day_label, per_day.clone())];
    html! {
        <section class="card experiment size" data-experiment="size">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|_| true, &|_| None, false), (t.insight)(&size, refused, &per_day), false, chart(t, sizing.message_bytes(), accepted)) }
            { counter_grid(rows) }
            if props.params.claim_check { <p class="hint">{ t.claim_note }</p> }
        </section>
    }
}

fn chart(t: &Strings, message_bytes: u64, accepted: [bool; 3]) -> Html {
    let bar = permille(message_bytes).max(6);
    let rows = LIMITS.iter().zip(accepted).zip(t.brokers).map(|((&limit, ok), name)| {
        let verdict = if ok { t.accepted } else { t.refused };
        html! {
            <div class="size-row" data-accepted={ok.to_string()}>
                <div class="size-label">{ format!("{name} · {} {} · {verdict}", t.limit, bytes_text(limit)) }</div>
                <div class="size-track">
                    <span class={class_list!("size-bar", if ok { "fits" } else { "too-big" })} style={format!("width:{}", pct(bar))}></span>
                    <span class="size-limit" style={format!("left:{}", pct(permille(limit)))}></span>
                </div>
            </div>
        }
    });
    html! {
        <figure class="size-chart">
            <div role="img" aria-label={t.chart_label}>{ for rows }</div>
            <div class="size-axis" aria-hidden="true">
                { for [10, 1_024, 1_048_576, 100 * 1_048_576].map(|b| html! { <span style={format!("left:{}", pct(permille(b)))}>{ bytes_text(b) }</span> }) }
            </div>
            <figcaption><ul class="legend">
                <li><span class="swatch size-bar too-big" aria-hidden="true"></span>{ t.legend[0] }</li>
                <li><span class="swatch size-limit" aria-hidden="true"></span>{ t.legend[1] }</li>
            </ul></figcaption>
        </figure>
    }
}
