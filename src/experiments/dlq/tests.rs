use retry_lab_core::queue::{invariants, DlqFate, MessageEnd, Place};

use super::*;
use crate::link;
use crate::unit::Unit;

const MIN: u64 = 60_000;
const H: u64 = 60 * MIN;

fn preset_params(code: &str) -> Params {
    link::preset_params(&PRESETS, code).dlq
}

fn deleted(run: &QueueRun) -> usize {
    run.ends.iter().filter(|e| matches!(e, MessageEnd::Deleted { .. })).count()
}

#[test]
fn actions_round_trip_and_refuse_nonsense() {
    let actions = Actions::parse("fix @7200, redrive@10800,redrive:3@10800.5,fail:6@11000,fail@12000").unwrap();
    assert_eq!(actions.fix_ms, Some(7_200_000));
    assert_eq!(actions.operations[1], DlqOperation { at_ms: 10_800_500, action: DlqAction::Redrive(2) });
    assert_eq!(actions.format(), "fix@7200,redrive@10800,redrive:3@10800.5,fail:6@11000,fail@12000");
    assert_eq!(Actions::parse(""), Some(Actions::default()));
    for bad in ["redrive:0@5", "reboot@5", "fix", "fail:x@1", "redrive@-1"] {
        assert_eq!(Actions::parse(bad), None, "{bad}");
    }
    let many = vec!["redrive@1"; OPERATIONS_MAX + 1].join(",");
    assert_eq!(Actions::parse(&many), None, "more actions than the core takes");
    // At the bound the page's buttons refuse the next one (it was dropped silently).
    let full = Actions::parse(&vec!["redrive@1"; OPERATIONS_MAX].join(",")).unwrap();
    assert!(full.is_full() && !Actions::default().is_full());
}

#[test]
fn an_action_removed_by_its_index_leaves_the_others() {
    let actions = Actions::parse("fix@7200,redrive@10800,fail:1@5400").unwrap();
    assert_eq!(actions.without(1).format(), "fix@7200,redrive@10800");
    assert_eq!(actions.without(0).format(), "fix@7200,fail:1@5400");
    assert_eq!(actions.without(0).without(0).format(), "fix@7200");
    assert_eq!(actions.without(9), actions, "past the end: nothing removed");
}

#[test]
fn the_default_fixes_then_redrives_and_delivers_every_message() {
    let p = preset_params("dlq-redrive");
    assert_eq!(p, Params::default());
    let run = p.run().unwrap();
    invariants::check(&run).unwrap();
    // Messages 1 and 6 reach the DLQ (75 min 40 s and 80 min), the alert is up at 1 h 30 min.
    assert_eq!(run.dlq.iter().map(|e| e.moved_at_ms).collect::<Vec<_>>(), [75 * MIN + 40_000, 80 * MIN]);
    assert_eq!(run.dlq_len_at(90 * MIN), 2);
    // Redriven at 3 h as messages 11 and 12, with the bug fixed at 2 h: all delivered.
    assert_eq!(run.dlq[0].fate, DlqFate::Redriven { at_ms: 3 * H, as_message: 10 });
    assert_eq!(deleted(&run), 10);
    assert_eq!(run.dlq_len_at(3 * H), 0);
}

/// The alert sounds once, as the DLQ leaves 0: the second move finds it on.
#[test]
fn only_the_first_move_sounds_the_alert() {
    let p = Params::default();
    let run = p.run().unwrap();
    let timeline = timeline(&p, &run, crate::i18n::Lang::Es).unwrap();
    let moved: Vec<&str> = timeline
        .moments
        .iter()
        .filter(|m| m.at_ms > 0)
        .map(|m| m.text.as_str())
        .filter(|t| t.contains("pasa a la DLQ"))
        .collect();
    assert_eq!(
        moved,
        [
            "El mensaje 1 agota sus recepciones y pasa a la DLQ: suena la alerta.",
            "El mensaje 6 agota sus recepciones y pasa a la DLQ: ya son 2 allí y la alerta sigue sonando.",
        ]
    );
}

/// Two moves of one instant are one moment, and a DLQ emptied by a redrive
/// fires the alert again when they come back (it said «sigue sonando»).
#[test]
fn moves_of_one_instant_are_said_together_and_fire_an_emptied_dlqs_alert() {
    let p = preset_params("redrive-before-fix");
    let run = p.run().unwrap();
    let timeline = timeline(&p, &run, crate::i18n::Lang::Es).unwrap();
    let moved: Vec<(u64, &str)> = timeline
        .moments
        .iter()
        .filter(|m| m.at_ms > 0 && m.text.contains("a la DLQ"))
        .map(|m| (m.at_ms, m.text.as_str()))
        .collect();
    assert_eq!(
        moved,
        [
            (4_540_000, "El mensaje 1 agota sus recepciones y pasa a la DLQ: suena la alerta."),
            (4_800_000, "El mensaje 6 agota sus recepciones y pasa a la DLQ: ya son 2 allí y la alerta sigue sonando."),
            (11_700_000, "Los mensajes 11 y 12 agotan sus recepciones y pasan a la DLQ: suena la alerta."),
        ]
    );
    // The redrives at 2 h are one instant: both said.
    let redriven = timeline.latest(2 * H);
    assert!(redriven.contains("mensaje 1 vuelve") && redriven.contains("mensaje 6 vuelve"), "{redriven}");
}

/// With no DLQ the scene plays to the messages' retention running out in
/// the queue (after Reset it was 0 s long: its end was the instant shown).
#[test]
fn without_a_dlq_the_scene_plays_to_the_retention_in_the_queue() {
    let mut p = preset_params("no-dlq");
    p.look_s = 0;
    let run = p.run().unwrap();
    let timeline = timeline(&p, &run, crate::i18n::Lang::En).unwrap();
    let expired: Vec<u64> = run
        .ends
        .iter()
        .filter_map(|e| if let MessageEnd::Expired { at_ms } = e { Some(*at_ms) } else { None })
        .collect();
    assert!(!expired.is_empty());
    assert!(timeline.end_ms >= *expired.iter().max().unwrap(), "{} ms", timeline.end_ms);
    let said = timeline.moments.iter().filter(|m| m.text.ends_with("nothing tells anyone.")).count();
    assert_eq!(said, expired.len());
}

#[test]
fn a_redrive_before_the_fix_fills_the_dlq_again() {
    let run = preset_params("redrive-before-fix").run().unwrap();
    invariants::check(&run).unwrap();
    assert_eq!(run.dlq.len(), 4);
    assert_eq!(run.dead_letter_at_ms(10), Some(2 * H + 75 * MIN));
    assert_eq!(deleted(&run), 8);
}

#[test]
fn one_marked_failed_and_one_redriven() {
    let run = preset_params("mark-failed").run().unwrap();
    assert_eq!(run.dlq[0].fate, DlqFate::MarkedFailed { at_ms: 2 * H });
    assert_eq!(run.dlq[1].fate, DlqFate::Redriven { at_ms: 2 * H, as_message: 10 });
    assert_eq!((deleted(&run), run.place_at(0, 3 * H)), (9, Place::LeftDlq));
}

#[test]
fn without_a_dlq_poison_holds_the_workers_for_days() {
    let p = preset_params("no-dlq");
    let run = p.run().unwrap();
    invariants::check(&run).unwrap();
    let with_dlq = Params { max_receive: 5, ..p }.run().unwrap();
    // Four messages with the bug, 15 minutes a receive: 5 h of worker time
    // with a DLQ; without, both workers hang on them until their 4 days end.
    assert_eq!(with_dlq.poison_worker_ms(), 4 * 5 * 15 * MIN);
    assert!(run.poison_worker_ms() > 190 * H, "{}", run.poison_worker_ms());
    assert_eq!(run.ends.iter().filter(|e| matches!(e, MessageEnd::Expired { .. })).count(), 4);
    assert!(run.healthy_wait_max_ms() > 2 * with_dlq.healthy_wait_max_ms());
}

#[test]
fn a_short_dlq_retention_loses_messages_unseen() {
    let run = preset_params("dlq-retention").run().unwrap();
    invariants::check(&run).unwrap();
    // 12-hour deadlines × 4: two days in the queue; the DLQ keeps a day from
    // the first enqueue, so each expires the moment it moves.
    assert!(run.dlq.iter().all(|e| e.fate == DlqFate::Expired { at_ms: e.moved_at_ms }), "{:?}", run.dlq);
    assert_eq!(run.dlq.len(), 2);
    assert_eq!(run.dlq_len_at(2 * 24 * H), 0);
}

/// A preset opens on an instant its story has reached: every move to the DLQ
/// is before it, so the headline counts what the counters beside it count
/// (the short retention opened at 2 d, just before its moves: «0 mensajes
/// han pasado por la DLQ» beside «Pasaron a la DLQ 2»).
#[test]
fn each_preset_opens_after_its_moves_to_the_dlq() {
    for preset in PRESETS.iter() {
        let p = preset_params(preset.code);
        let run = p.run().unwrap();
        let look_ms = u64::from(p.look_s) * 1_000;
        let late: Vec<u64> = run.dlq.iter().map(|e| e.moved_at_ms).filter(|&at| at > look_ms).collect();
        assert!(late.is_empty(), "{}: moves at {late:?} ms, after its instant {look_ms} ms", preset.code);
        if !run.dlq.is_empty() {
            let moved = format!("{} mensajes han pasado por la DLQ", run.dlq.len());
            assert!(insight(crate::i18n::Lang::Es, &run, look_ms).contains(&moved), "{}", preset.code);
        }
    }
}

/// The scene agrees with the alert beside it: a move into a DLQ whose
/// retention had already passed leaves it empty and silent (it said «ya son
/// 0 allí y la alerta sigue sonando» beside «Sin alerta»), said once.
#[test]
fn a_move_past_the_dlqs_retention_sounds_no_alert() {
    let p = preset_params("dlq-retention");
    let run = p.run().unwrap();
    for lang in [crate::i18n::Lang::Es, crate::i18n::Lang::En] {
        let timeline = timeline(&p, &run, lang).unwrap();
        for entry in &run.dlq {
            let said = timeline.latest(entry.moved_at_ms);
            assert!(
                !said.contains("sonando") && !said.contains("still firing") && !said.contains("suena la alerta."),
                "{said}"
            );
            assert!(said.contains("la DLQ queda vacía") || said.contains("the DLQ is empty again"), "{said}");
            assert!(!said.contains("Vence la retención") && !said.contains("retention runs out"), "said once: {said}");
        }
    }
}

#[test]
fn moving_the_instant_redraws_without_running_again() {
    let shared = Shared::default();
    let mut state = Dlq::init(&Params::default(), &shared, 0);
    let before = Rc::clone(state.run.as_ref().unwrap());
    Dlq::params_changed(&mut state, &Params { look_s: 60, ..Params::default() }, &shared);
    assert!(Rc::ptr_eq(&before, state.run.as_ref().unwrap()), "the same run");
    Dlq::params_changed(&mut state, &Params { workers: 3, ..Params::default() }, &shared);
    assert!(!Rc::ptr_eq(&before, state.run.as_ref().unwrap()), "a new run for new inputs");
    assert_eq!(state.run.as_ref().unwrap().config.workers, 3);
}

/// The hostile link: over the work budget the lab says what to
/// lower, in both languages, and shows no run (no numbers, no tables).
#[test]
fn the_hostile_dlq_link_is_refused_with_what_to_lower() {
    let query = "exp=dlq&dlq_do=&dlq_messages=200&poison_every=1&dlq_max_receive=0&dlq_visibility_s=1&dlq_workers=100&dlq_poison=hang&dlq_job_s=1&retention_h=336";
    let (link, _) = crate::link::decode(query);
    let init = link.to_init(&[], Vec::new());
    let state = State::new(&init.params.dlq);
    let over = state.run.as_ref().err().cloned().expect("over the budget");
    assert!(matches!(over, retry_lab_core::queue::QueueError::OverBudget(_)), "{over:?}");
    let text = crate::experiments::queues::refusal_text(crate::i18n::Lang::Es, &over);
    assert!(
        text.contains("sube el visibility timeout") && text.contains("400.000") || text.contains("400,000"),
        "{text}"
    );
    assert!(crate::experiments::queues::queue_outcome_tables(&state.run).is_empty());
    assert_eq!(crate::experiments::queues::queue_outcome_numbers(&state.run)[0].0, "over_budget");
}

/// The caption tells the DLQ at the instant shown, as the view and its
/// table do: at 1 h 30 min of the default run, what had moved by then and
/// is still there; at the end, what the redrive did.
#[test]
fn the_caption_is_the_dlq_at_the_instant_shown() {
    use crate::i18n::Lang;
    let run = preset_params("dlq-redrive").run().unwrap();
    let end_ms = run.dlq.iter().map(|e| e.moved_at_ms).max().unwrap() + 30 * 86_400_000;
    let at = |ms: u64| super::insight(Lang::En, &run, ms);
    let moved_by = |ms: u64| run.dlq.iter().filter(|e| e.moved_at_ms <= ms).count();
    let middle_ms = 5_400_000;
    let middle = at(middle_ms);
    assert!(middle.starts_with("At 1 h 30 min, "), "{middle}");
    assert!(middle.contains(&format!("{} messages have passed through", moved_by(middle_ms))), "{middle}");
    assert!(middle.ends_with("2 are still there, 0 redriven."), "not yet redriven at 1 h 30 min: {middle}");
    let end = at(end_ms);
    assert!(end.contains(&format!("{} messages have passed through", run.dlq.len())), "{end}");
    assert!(end.contains(": 0 are still there, 2 redriven."), "redriven by the end: {end}");
    assert_ne!(middle, end);
    assert!(
        at(0).starts_with("At 0 s, 0 messages have passed through the DLQ: 0 are still there, 0 redriven."),
        "{}",
        at(0)
    );
    let none = Params { poison: Poison::None, ..preset_params("dlq-redrive") }.run().unwrap();
    assert!(super::insight(Lang::En, &none, 0).starts_with("At 0 s, no message"));
}

/// «Redrive antes del arreglo»: the two messages redriven at 2 h fail
/// again and expire in the DLQ 14 d after their redrive; the scene plays
/// to that instant and says it (it stopped at 14 d, «vence en 2 h»).
#[test]
fn the_scene_reaches_the_redriven_messages_expiry() {
    let p = preset_params("redrive-before-fix");
    let run = p.run().unwrap();
    let expiries: Vec<u64> = run
        .dlq
        .iter()
        .filter_map(|e| if let DlqFate::Expired { at_ms } = e.fate { Some(at_ms) } else { None })
        .collect();
    let last = *expiries.iter().max().expect("expiries in the DLQ");
    assert_eq!(last, (14 * 86_400 + 7_200) * 1_000, "14 d after the redrive at 2 h");
    let timeline = timeline(&p, &run, crate::i18n::Lang::Es).unwrap();
    assert_eq!(timeline.end_ms, last, "the scene ends on the expiry");
    assert_eq!(run.dlq_len_at(last), 0, "nothing left in the DLQ at the end");
    let words = insight(crate::i18n::Lang::Es, &run, last);
    assert!(words.contains("expirado"), "{words}");
}

/// The caption keeps one shape as the scene plays (issue 36: at the 3 h
/// redrive it gained a clause, a line, and moved the chart 22 px): every
/// fate the run has is said from 0 s, so at every moment its length is
/// within a few characters (the clock's words, the digits, a plural).
#[test]
fn the_caption_keeps_one_length_as_the_scene_plays() {
    use crate::i18n::Lang;
    for code in ["dlq-redrive", "redrive-before-fix", "mark-failed", "dlq-retention"] {
        let p = preset_params(code);
        let run = p.run().unwrap();
        for lang in [Lang::Es, Lang::En] {
            let timeline = timeline(&p, &run, lang).unwrap();
            let instants = timeline.moments.iter().map(|m| m.at_ms).chain([0, timeline.end_ms]);
            let lengths: Vec<usize> = instants.map(|ms| super::insight(lang, &run, ms).chars().count()).collect();
            let (short, long) = (lengths.iter().min().unwrap(), lengths.iter().max().unwrap());
            let texts: Vec<String> = timeline.moments.iter().map(|m| super::insight(lang, &run, m.at_ms)).collect();
            assert!(long - short <= 10, "{code} {lang:?}: {short}–{long} characters {texts:#?}");
        }
    }
}

/// Exercise 8: 15 minutes × 5 receives; a 3-minute timeout, 15 minutes.
#[test]
fn the_prediction_is_exercise_8s_75_minutes() {
    use crate::unit::Spec;
    let prediction = Dlq::PREDICTION.expect("the DLQ asks exercise 8");
    let answer = |params: &Params| (prediction.answer)(params, &Shared::default(), &State::new(params));
    assert_eq!(answer(&Params::default()), Some(75));
    assert_eq!(answer(&Params { visibility_s: 180, ..Params::default() }), Some(15));
    // Exercise 8's second half: the worker crashes on opening (it held 0
    // minutes of workers, which the question asked before), 5 × 3 = 15 min.
    let crashing = Params { visibility_s: 180, poison: Poison::CrashOnOpen, ..Params::default() };
    assert_eq!(answer(&crashing), Some(15));
    assert_eq!(answer(&Params { max_receive: 0, ..Params::default() }), None, "no DLQ, no answer");
    // Asked in minutes only where the first reaches the DLQ after a minute
    // or more: 5 receives of 1 s said «Resultado de la simulación: 0 min».
    let asked = |params: &Params| Dlq::prediction(params, None).is_some();
    assert!(asked(&Params::default()) && asked(&Params { max_receive: 0, ..Params::default() }));
    assert!(asked(&Params { visibility_s: 12, ..Params::default() }), "5 × 12 s = 1 min");
    assert!(!asked(&Params { visibility_s: 1, ..Params::default() }));
    assert!(!asked(&Params { visibility_s: 11, ..Params::default() }), "55 s");
}

/// One receive is one: «1 recepción × 15 min», never «1 recepciones».
#[test]
fn one_receive_is_said_in_the_singular() {
    let params = Params { max_receive: 1, ..Params::default() };
    let run = params.run().unwrap();
    for lang in crate::i18n::Lang::ALL {
        let start = super::timeline(&params, &run, lang).unwrap().latest(0);
        assert!(start.contains("1 recepción × 15 min") || start.contains("1 receive × 15 min"), "{start}");
    }
}

/// Without a DLQ the caption says so (the lesson: a poison message then
/// holds workers for ever, or until its retention), never «la DLQ está
/// vacía»; the first to the DLQ, asked by the prediction, never happens.
#[test]
fn without_a_dlq_the_caption_says_there_is_none() {
    let p = preset_params("no-dlq");
    let run = p.run().unwrap();
    let words = insight(crate::i18n::Lang::Es, &run, u64::from(p.look_s) * 1_000);
    assert!(words.starts_with("Sin DLQ (maxReceiveCount 0)"), "{words}");
    assert!(!words.contains("la DLQ está vacía"), "{words}");
    assert_eq!(first_to_the_dlq_min(&run), None);
    let with = preset_params("dlq-redrive");
    let words = insight(crate::i18n::Lang::Es, &with.run().unwrap(), u64::from(with.look_s) * 1_000);
    assert!(!words.starts_with("Sin DLQ"), "{words}");
}

/// One message is one: «1 mensaje ha pasado … 1 sigue allí», never «1
/// mensajes han pasado … 1 siguen» (at 1 h 16 min only the first has moved).
#[test]
fn one_message_in_the_dlq_is_said_in_the_singular() {
    use crate::i18n::Lang;
    let run = preset_params("dlq-redrive").run().unwrap();
    let first_ms = run.dlq.iter().map(|e| e.moved_at_ms).min().unwrap();
    assert_eq!(run.dlq.iter().filter(|e| e.moved_at_ms <= first_ms).count(), 1, "one moved first");
    let es = insight(Lang::Es, &run, first_ms);
    assert!(es.contains(", 1 mensaje ha pasado por la DLQ: 1 sigue allí, 0 con redrive."), "{es}");
    let en = insight(Lang::En, &run, first_ms);
    assert!(en.contains(", 1 message has passed through the DLQ: 1 is still there, 0 redriven."), "{en}");
}

/// At 0 s the scene says what the run is: which messages fail and exercise
/// 8's 5 receives × 15 min before the DLQ (after Reset the line was empty).
#[test]
fn the_start_says_which_messages_fail_and_when_the_dlq_takes_them() {
    let start = |p: &Params, lang| timeline(p, &p.run().unwrap(), lang).unwrap().latest(0);
    let p = Params::default();
    assert_eq!(
        start(&p, crate::i18n::Lang::Es),
        "Los mensajes 1 y 6 fallan siempre: 5 recepciones × 15 min = al menos 1 h 15 min hasta la DLQ."
    );
    // «At least»: the 5th receive may wait its turn behind other messages
    // (message 1 waits 40 s), so the move comes at 1 h 15 min 40 s (the
    // clock's and the alert's «1 h 16 min»), never before 1 h 15 min.
    let first_ms = p.run().unwrap().dlq.iter().map(|e| e.moved_at_ms).min().unwrap();
    assert_eq!(first_ms, 4_540_000);
    let no_dlq = Params { max_receive: 0, ..p.clone() };
    assert!(
        start(&no_dlq, crate::i18n::Lang::En).ends_with("With no DLQ, the queue retries until the retention runs out.")
    );
    let all = Params { poison_every: 1, ..p.clone() };
    assert!(
        start(&all, crate::i18n::Lang::En).contains("Messages 1, 2, 3 … (10) always fail"),
        "{}",
        start(&all, crate::i18n::Lang::En)
    );
    let none = Params { poison: Poison::None, ..p };
    assert_eq!(start(&none, crate::i18n::Lang::Es), "Ningún mensaje falla.");
}

/// Each time a failing message is received again is a step: exercise 8's
/// five receives, 15 min apart, and the 40 s message 1 waited behind the
/// messages queued before it (the DLQ takes it at 1 h 15 min 40 s, not 1 h 15 min).
#[test]
fn each_receive_again_is_a_moment_with_its_wait() {
    let p = Params::default();
    let run = p.run().unwrap();
    let timeline = timeline(&p, &run, crate::i18n::Lang::Es).unwrap();
    let first: Vec<(u64, &str)> = timeline
        .moments
        .iter()
        .filter(|m| m.text.contains("El mensaje 1 reaparece"))
        .map(|m| (m.at_ms, m.text.as_str()))
        .collect();
    assert_eq!(first.len(), 4, "receives 2 to 5: {first:?}");
    assert_eq!(first[0], (940_000, "El mensaje 1 reaparece, espera 40 s en la cola y se recibe: recepción 2 de 5."));
    assert_eq!(first[3], (3_640_000, "El mensaje 1 reaparece y se recibe otra vez: recepción 5 de 5."));
    // Without a DLQ they go on for days: not each, but the first failing
    // message's 10th and 100th receive, so the scene's line moves on.
    let no_dlq = Params { max_receive: 0, ..p };
    let t = timeline_of(&no_dlq);
    assert!(!t.moments.iter().any(|m| m.text.contains("reaparece")), "{t:?}");
    let t = timeline_of(&preset_params("no-dlq"));
    let again: Vec<&str> = t.moments.iter().map(|m| m.text.as_str()).filter(|m| m.contains("se recibe por")).collect();
    assert_eq!(
        again[..2],
        [
            "El mensaje 1 se recibe por 10.ª vez: sin DLQ sigue volviendo, y ocupa un worker cada vez.",
            "El mensaje 1 se recibe por 100.ª vez: sin DLQ sigue volviendo, y ocupa un worker cada vez."
        ],
        "{t:?}"
    );
    let tenth_ms = t.moments.iter().find(|m| m.text.contains("10.ª")).unwrap().at_ms;
    let visibility_ms = u64::from(preset_params("no-dlq").visibility_s) * 1_000;
    assert!(tenth_ms >= 9 * visibility_ms, "nine visibility timeouts first: {tenth_ms}");
}

fn timeline_of(p: &Params) -> crate::scene::Timeline {
    timeline(p, &p.run().unwrap(), crate::i18n::Lang::Es).unwrap()
}
