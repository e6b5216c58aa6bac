//! The consumer groups, drawn at one instant: each partition's offsets with
//! who owns it, what was processed (and twice), and both groups' committed
//! offsets; the counters and what the rebalance did.

use yew::prelude::*;

use super::strings::{strings, Strings};
use super::{Run, Snapshot};
use crate::app::widgets::{about, counter_grid, hero, Axis, Frame, View};
use crate::format;

type Props<'a, F> = View<'a, super::Groups, F>;

pub fn panel<F: Frame>(props: &Props<F>) -> Html {
    let t = strings(props.lang);
    let p = &props.params;
    let run = &props.state.run;
    let indexer = run.snapshot(&run.indexer, p.at_s);
    let sink = run.sink.as_ref().map(|g| run.snapshot(g, p.at_s));
    let moved = super::moved_by(&run.indexer, run.lengths.len(), p.at_s);
    let (skipped, never) = super::never_processed(run, &indexer, &moved, p.at_s);
    html! {
        <section class="card experiment groups" data-experiment="groups">
            <h2>{ t.heading }</h2>
            { about(props.lang, t.intro) }
            { hero(props.frame, props.frame.controls(&|key| key != "group_at_s", &|_| None, false), super::insight(props.lang, p, run), false, html! {
                <div class="topic" aria-describedby={props.frame.id("groups-legend")}>
                    { crash_handle(props.frame, p, run) }
                    { for (0..run.lengths.len()).map(|part| partition_row(t, run, part, (&indexer, &skipped), sink.as_ref(), moved_from(&moved, part))) }
                    // Exercise 3's 8 idle consumers, named where the partitions are, not only counted.
                    if let Some(idle) = super::idle_at(p, &indexer) { <p class="idle-consumers">{ (t.idle_row)(&idle) }</p> }
                    <p id={props.frame.id("groups-legend")} class="hint">{ t.legend }</p>
                </div>
            }) }
            { counters(t, p, (&indexer, never), sink.as_ref()) }
            if p.slow_s > 1 { <p class="hint">{ t.head_of_line }</p> }
        </section>
    }
}

/// The crash's instant, grabbed on a strip over the partitions on the
/// scene's clock (0 to both groups done): earlier, less is committed and
/// more is read again by the heir; past the end, nobody dies. Only when a
/// consumer of the group dies (the crash's presets): without one there is
/// no instant to move.
fn crash_handle<F: Frame>(frame: &F, p: &super::Params, run: &Run) -> Html {
    if !(1..=p.consumers).contains(&p.crash_consumer) {
        return Html::default();
    }
    let done_s = run.done_s();
    html! {
        <>
            <div class="handle-strip">{ frame.handle("crash_s", Axis::seconds(0, done_s * 1_000, 1, 0).up_to(done_s)) }</div>
            <div class="storm-axis" aria-hidden="true"><span>{ "0 s" }</span><span>{ crate::format::duration_text(done_s) }</span></div>
        </>
    }
}

fn counters(t: &Strings, p: &super::Params, (indexer, never): (&Snapshot, u32), sink: Option<&Snapshot>) -> Html {
    let (reading, idle) = super::readers_at(p, indexer);
    let mut rows = vec![
        ("reading", t.reading, format::int(reading.into())),
        ("idle", t.idle, format::int(idle.into())),
        ("processed", t.processed, format::int(indexer.processed().into())),
        ("rereads", t.rereads, format::int(indexer.rereads().into())),
        ("gaps", t.gaps, format::int(never.into())),
        ("indexer_lag", t.indexer_lag, format::int(indexer.lag)),
    ];
    if let Some(sink) = sink {
        rows.push(("sink_lag", t.sink_lag, format::int(sink.lag)));
    }
    counter_grid(rows)
}

/// Whose a partition was before the rebalance moved it (by the instant shown).
fn moved_from(moved: &[super::Moved], part: usize) -> Option<u32> {
    moved.iter().rev().find(|(p, ..)| *p as usize == part).map(|&(_, _, dead, ..)| dead)
}

fn partition_row(
    t: &Strings,
    run: &Run,
    part: usize,
    (indexer, skipped): (&Snapshot, &[(usize, u32)]),
    sink: Option<&Snapshot>,
    from: Option<u32>,
) -> Html {
    let len = run.lengths[part];
    let mut owner = indexer.owners[part].map_or_else(|| t.no_owner.to_owned(), |c| (t.owner_n)(c + 1));
    if let Some(dead) = from {
        owner = format!("{owner} {}", (t.took_over_from)(dead + 1));
    }
    let mark = |offset: u32| {
        let i = (indexer.committed[part] == offset).then_some("▲");
        let s = sink.filter(|s| s.committed[part] == offset).map(|_| "△");
        i.into_iter().chain(s).collect::<String>()
    };
    let cells = (0..len).map(|offset| {
        let times = indexer.reads[part][offset as usize];
        let event = run.placed.iter().position(|&(p, o)| p as usize == part && o == u64::from(offset)).unwrap_or(0) as u32;
        // Committed past and never processed, its partition moved: a gap for good.
        let gap = skipped.contains(&(part, offset));
        html! {
            <li class={class_list!("cell", (times > 0).then_some("read"), (times > 1).then_some("moves"), gap.then_some("gap"))} data-offset={offset.to_string()}>
                <span class="commit-mark" aria-hidden="true">{ mark(offset) }</span>
                <span class="offset">{ offset }</span>{ format!(" {}", super::event_key(event)) }
                if times > 1 { <strong>{ format!(" ×{times}") }</strong> }
            </li>
        }
    });
    let end_mark = mark(len);
    let described = format!(
        "{} · {}: {} {}, {} {}",
        (t.partition_n)(part as u32),
        owner,
        t.indexer,
        indexer.committed[part],
        t.sink,
        sink.map_or_else(|| "—".to_owned(), |s| s.committed[part].to_string())
    );
    html! {
        <div class={class_list!("partition", from.is_some().then_some("moved"))} data-partition={part.to_string()} data-committed={indexer.committed[part].to_string()} aria-label={described}>
            <span class="partition-name">{ (t.partition_n)(part as u32) }<br />{ owner }</span>
            if len == 0 { <span class="hint">{ t.empty }</span> }
            else {
                <ol class="cells">{ for cells }
                    if !end_mark.is_empty() { <li class="cell end" aria-hidden="true">{ end_mark }</li> }
                </ol>
            }
        </div>
    }
}
