use retry_lab_core::{ConsumerMode, Engine, Intervention, Outcome, Probability};

use super::*;
use crate::experiments::retries::{self, Action as RetriesAction};
use crate::params::probability;

fn state() -> LabState {
    LabState::new(&LabInit::default())
}

fn set(s: &LabState, key: &'static str, value: Value) -> LabState {
    s.reduce(Action::Set { key, value })
}

fn transport(s: &LabState, t: Transport) -> LabState {
    s.reduce(Action::Transport(t))
}

fn retries_action(s: &LabState, a: RetriesAction) -> LabState {
    s.reduce(Action::Unit(UnitAction::Retries(a)))
}

fn run(s: &LabState) -> &retries::State {
    &s.units.retries
}

fn play_to_end(mut s: LabState) -> LabState {
    s = transport(&s, Transport::TogglePlay);
    let mut now = 0.0;
    while s.playing() {
        now += 16.0;
        s = transport(&s, Transport::Tick { elapsed_real_ms: 16.0, now_real_ms: now });
    }
    s
}

#[test]
fn playing_reaches_the_same_end_as_running_the_core() {
    let s = play_to_end(state());
    let cfg = LabParams::default().retries.sim_config(&LabParams::default().shared);
    let mut engine = Engine::new(cfg).unwrap();
    engine.run_to_end();
    assert_eq!(run(&s).pair.idempotent.trace_hash(), engine.trace_hash());
    assert_eq!(run(&s).pair.idempotent.counters(), engine.counters());
}

#[test]
fn results_never_depend_on_speed() {
    let slow = play_to_end(set(&state(), "speed", Value::Int(1)));
    let fast = play_to_end(set(&state(), "speed", Value::Int(1_000)));
    assert_eq!(run(&slow).pair.idempotent.trace(), run(&fast).pair.idempotent.trace());
    assert_eq!(run(&slow).pair.naive.counters(), run(&fast).pair.naive.counters());
}

#[test]
fn stepping_delivers_one_instant_at_a_time() {
    let s = transport(&state(), Transport::Step);
    assert_eq!(run(&s).pair.idempotent.trace().len(), 1);
    assert_eq!(run(&s).clock_ms, 0);
    let s = transport(&s, Transport::Step);
    assert!(run(&s).clock_ms > 0 && run(&s).pair.idempotent.trace().len() >= 2);
}

#[test]
fn failure_slider_changes_results_and_keeps_the_clock() {
    let s = play_to_end(state());
    let (clock_before, counters_before) = (run(&s).clock_ms, *run(&s).pair.naive.counters());
    let s = set(&s, "failure", probability(Probability::from_ppm(900_000).unwrap()));
    assert_eq!(run(&s).clock_ms, clock_before);
    assert!(
        run(&s).pair.naive.counters().deliveries > counters_before.deliveries,
        "more failures, more retries by now"
    );
    let s = play_to_end(s);
    assert!(run(&s).pair.idempotent.counters().dead_lettered > 0, "at 90 % failures some event exhausts its retries");
}

/// Bug (a): a reducer action could set 50,000,000 messages (the page's
/// maximum is 100,000) and the ack table went silently empty.
#[test]
fn every_set_is_clamped_into_its_domain() {
    let s = set(&state(), "messages", Value::Int(50_000_000));
    assert_eq!(s.params.ack.messages, crate::experiments::ack::MESSAGES_MAX);
    assert!(s.params.ack.loop_rows(&s.params.shared).is_some(), "the table is computed");
    for param in ParamId::all() {
        let s = set(&state(), param.key(), Value::Int(u64::MAX));
        if let crate::params::Domain::Int { max, .. } = param.domain() {
            assert!(crate::params::int(&param.get(&s.params)) <= max, "{}", param.key());
        }
    }
}

/// Bug (b): Space or → on another tab played or stepped the hidden retries run.
#[test]
fn a_hidden_run_never_plays() {
    let s = transport(&state(), Transport::TogglePlay);
    assert!(s.playing());
    let s = s.reduce(Action::Open(Experiment::DoublePublication));
    assert!(!s.playing() && !run(&s).playing, "opening another experiment pauses the run");
    let s = transport(&s, Transport::Step);
    let s = transport(&s, Transport::TogglePlay);
    assert!(run(&s).pair.idempotent.trace().is_empty(), "the keys went to the open experiment, not the hidden run");
    assert!(!run(&s).playing);
}

#[test]
fn locked_params_do_not_change() {
    let init = LabInit { locked: Locks(vec!["failure"]), ..LabInit::default() };
    let s = LabState::new(&init);
    let s = set(&s, "failure", probability(Probability::ONE));
    assert_eq!(s.params.retries.failure, LabParams::default().retries.failure);
}

/// The README's instructor link: exercise 5 with one change opens named
/// so, in the picker and in the link it writes; the change that makes it
/// exactly the rule's run names the rule; choosing exercise 5 again goes
/// back to it.
#[test]
fn a_changed_scenario_keeps_its_name_and_says_what_changed() {
    let (link, _) = crate::link::decode("v=3&preset=exercise-5&exp=visibility&lang=es&visibility_s=300");
    let s = LabState::new(&link.to_init(&[], Vec::new()));
    let (scenario, changes) = s.scenario().expect("named");
    assert_eq!(scenario.preset.code, "exercise-5");
    assert_eq!(changes.iter().map(|p| p.key()).collect::<Vec<_>>(), ["visibility_s"]);
    let label = s.scenario_label().expect("a label");
    assert!(label.starts_with("Ejercicio 5") && label.ends_with("(cambiado: Visibility timeout 300 s)"), "{label}");
    let written = link::Link::of(s.lang, &s.params, s.open, None, link::Scope::Experiment, Some("exercise-5")).encode();
    assert!(written.contains("preset=exercise-5&") && written.contains("visibility_s=300"), "{written}");
    let rule = set(&s, "visibility_s", Value::Int(480));
    assert_eq!(rule.scenario().map(|(s, c)| (s.preset.code, c.len())), Some(("exercise-5-rule", 0)));
    let back = rule.reduce(Action::ApplyPreset { code: "exercise-5" });
    assert_eq!(back.scenario().map(|(s, c)| (s.preset.code, c.len())), Some(("exercise-5", 0)));
    // Another tab's scenario names nothing on this one.
    let other = back.reduce(Action::Open(Experiment::AckTiming));
    assert!(other.scenario().is_none_or(|(s, _)| other.open.presets().contains(s.preset)));
    // A label's aside stays out of the parentheses around the changes.
    let crash = set(&state().reduce(Action::ApplyPreset { code: "kill-consumer" }), "crash_consumer", Value::Int(3));
    let label = crash.scenario_label().unwrap_or_default();
    assert!(label.ends_with("(cambiado: Se cae el consumidor n.º 3)"), "{label}");
    // A plan changed is named, not written as its link's code (fix@2100,retry:1@2625).
    let (link, _) = crate::link::decode("v=4&preset=story&lang=es&do=fix%402100%2Cretry%3A1%402625");
    let story = LabState::new(&link.to_init(&[], Vec::new()));
    let label = story.scenario_label().unwrap_or_default();
    assert!(label.ends_with("(cambiado: Intervenciones)") && !label.contains('@'), "{label}");
}

#[test]
fn presets_apply_but_locked_params_stay() {
    let init = LabInit { locked: Locks(vec!["seed"]), ..LabInit::default() };
    let s = LabState::new(&init).reduce(Action::ApplyPreset { code: "flaky-acks" });
    assert_eq!(s.params.retries.failure, Probability::from_ppm(400_000).unwrap());
    assert_eq!(s.params.shared.seed, 7, "the locked seed stays");
    assert_eq!(s.preset.map(|s| s.preset.code), Some("flaky-acks"));
    let changed = set(&s, "events", Value::Int(31));
    let (scenario, changes) = changed.scenario().expect("still named");
    assert_eq!(scenario.preset.code, "flaky-acks", "a change keeps the scenario, named as changed");
    // The locked seed is not the preset's: a change too, said as one.
    assert_eq!(changes.iter().map(|p| p.key()).collect::<Vec<_>>(), ["seed", "events"]);
    let faster = set(&s, "speed", Value::Int(500));
    assert_eq!(
        (faster.params.retries.speed_s_per_s, faster.preset),
        (500, s.preset),
        "playback speed is no scenario change"
    );
    let s = s.reduce(Action::ApplyPreset { code: "lesson-004" });
    assert_eq!(s.open, Experiment::AckTiming);
    assert_eq!(state().preset.map(|s| s.preset.code), Some("lesson"));
}

#[test]
fn narration_is_throttled_while_playing() {
    let mut s = transport(&set(&state(), "events", Value::Int(200)), Transport::TogglePlay);
    let mut changes = 0;
    let mut last = None;
    for frame in 1..=600 {
        s = transport(&s, Transport::Tick { elapsed_real_ms: 16.0, now_real_ms: f64::from(frame) * 16.0 });
        if run(&s).narration != last {
            changes += 1;
            last = run(&s).narration;
        }
    }
    // 600 frames ≈ 9.6 s of real time: at most one narration per 2 s.
    assert!((1..=5).contains(&changes), "{changes} narrations");
}

/// The lesson-000 story through the reducer: the consumer is down from 0 to
/// 2,000 s, the event reaches dead-letter at 1,890 s, the learner retries it
/// at 2,100 s; a later parameter change keeps all of that at its times.
#[test]
fn outage_dead_letter_and_a_retry_survive_a_parameter_change() {
    let s = set(&state(), "events", Value::Int(1));
    let s = set(&s, "failure", Value::Int(0));
    let s = set(&s, "down", Value::Text("0-2000".into()));
    let s = transport(&s, Transport::Seek { clock_ms: 2_100_000 });
    assert_eq!(run(&s).pair.idempotent.dead_letters(), [0], "in dead-letter since 1,890 s");
    let s = retries_action(&s, RetriesAction::RetryDeadLetter(0));
    let times = |s: &LabState| run(s).pair.idempotent.trace().iter().map(|a| a.at_ms / 1_000).collect::<Vec<_>>();
    assert_eq!(times(&s), [0, 30, 90, 210, 450, 930, 1_890, 2_100]);
    assert_eq!(run(&s).pair.idempotent.trace()[7].outcome, Outcome::Processed, "delivered on the 8th delivery");
    // Changing a parameter replays the history with the retry at 2,100 s.
    let s = set(&s, "ack_lost", Value::Int(1_000_000));
    assert_eq!(times(&s), [0, 30, 90, 210, 450, 930, 1_890, 2_100]);
    assert_eq!(s.params.retries.plan.interventions()[0].at_ms, 2_100_000);
    // Seeking back shows the dead letter again, and forward the delivery.
    let back = transport(&s, Transport::Seek { clock_ms: 2_000_000 });
    assert_eq!(run(&back).pair.idempotent.dead_letters(), [0]);
    let forth = transport(&back, Transport::Seek { clock_ms: 3_000_000 });
    assert_eq!(run(&forth).pair.idempotent.trace(), run(&s).pair.idempotent.trace());
}

#[test]
fn fix_now_is_recorded_at_the_clock_and_removable() {
    let s = play_to_end(state().reduce(Action::ApplyPreset { code: "consumer-down" }));
    let dead = run(&s).pair.idempotent.counters().dead_lettered;
    assert_eq!(dead, 10, "an hour down: every event reaches dead-letter");
    let s = transport(&s, Transport::Seek { clock_ms: 3_700_000 });
    let s = retries_action(&s, RetriesAction::FixNow);
    let s = retries_action(&s, RetriesAction::RetryAllDeadLetters);
    let plan = &s.params.retries.plan;
    assert_eq!(
        plan.interventions().iter().map(|t| (t.at_ms, t.what)).collect::<Vec<_>>(),
        [(3_700_000, Intervention::FixCause), (3_700_000, Intervention::RetryAllDeadLetters)]
    );
    assert_eq!(run(&s).pair.idempotent.counters().acknowledged, 10, "all delivered");
    // A retry of an event that is not in dead-letter is not recorded.
    let again = retries_action(&s, RetriesAction::RetryDeadLetter(0));
    assert_eq!(again.params.retries.plan.interventions().len(), 2);
    let s = retries_action(&s, RetriesAction::RemoveIntervention(1));
    assert_eq!(run(&s).pair.idempotent.counters().dead_lettered, 10);
}

/// The fix line, moved (the timeline's handle): before the schedule's last
/// retry (1,890 s) no event reaches dead-letter; after the retry by hand
/// (2,100 s) in an hour-long outage, that retry fails and its events go
/// round the schedule again, delivered only after the fix. An author's
/// locked plan refuses the move.
#[test]
fn the_fix_moved_changes_who_reaches_dead_letter() {
    let story = state().reduce(Action::ApplyPreset { code: "outage-story" });
    let ended = |s: &LabState| play_to_end(s.clone()).units.retries.pair.idempotent.clone();
    let early = retries_action(&story, RetriesAction::SetFix { at_s: 1_000 });
    let times: Vec<(u64, Intervention)> =
        early.params.retries.plan.interventions().iter().map(|t| (t.at_ms, t.what)).collect();
    assert_eq!(times, [(1_000_000, Intervention::FixCause), (2_100_000, Intervention::RetryAllDeadLetters)]);
    assert_eq!(ended(&early).counters().dead_lettered, 0, "fixed at 1,000 s: the retries deliver every event");
    let on_time = ended(&story).counters().deliveries;
    let late = retries_action(&story, RetriesAction::SetFix { at_s: 3_000 });
    assert_eq!(late.params.retries.plan.fixed_from_ms(), Some(3_000_000));
    let run = ended(&late);
    assert!(run.counters().deliveries > on_time, "the retry by hand failed and went round again");
    let delivered: Vec<u64> = run.trace().iter().filter(|a| a.outcome == Outcome::Processed).map(|a| a.at_ms).collect();
    assert_eq!(delivered.len(), 10);
    assert!(delivered.iter().all(|&at| at > 3_000_000), "delivered after the fix only: {delivered:?}");
    let locked = LabState { locked: Rc::new(crate::unit::Locks(vec!["do"])), ..story.clone() };
    let refused = retries_action(&locked, RetriesAction::SetFix { at_s: 1_000 });
    assert_eq!(refused.params.retries.plan, locked.params.retries.plan);
}

#[test]
fn the_outage_story_preset_is_already_played() {
    let s = state().reduce(Action::ApplyPreset { code: "outage-story" });
    assert_eq!(run(&s).clock_ms, 2_100_000);
    let c = run(&s).pair.idempotent.counters();
    assert_eq!((c.published, c.acknowledged, c.dead_lettered), (10, 10, 0));
    assert_eq!(c.manual_retries, 10);
    // Everything is delivered and the cause was fixed at 2,100 s: the
    // outage (down to 3,600 s) ends where the fix cut it, so the run is over
    // there, and its axis ends with the story, not 1,500 s of nothing after.
    assert!(run(&s).finished());
    assert_eq!(run(&play_to_end(s)).clock_ms, 2_100_000);
}

/// The story's climax, said as it is: a manual retry is logged as one
/// (not as an original delivery) and comes after the dead-letter mark.
#[test]
fn a_manual_retry_is_an_attempt_of_its_own_kind() {
    let s = state().reduce(Action::ApplyPreset { code: "outage-story" });
    let trace = run(&s).pair.idempotent.trace();
    let first_manual = trace.iter().position(|a| a.manual).expect("a manual retry");
    let a = trace[first_manual];
    assert_eq!((a.cycle_attempt, a.at_ms), (1, 2_100_000));
    let parked = trace
        .iter()
        .position(|p| p.event == a.event && matches!(p.follow, retry_lab_core::Follow::DeadLettered))
        .unwrap();
    assert!(parked < first_manual && trace[parked].at_ms < a.at_ms, "■ before ✓");
    assert!(trace[..first_manual].iter().all(|a| !a.manual), "nothing before it was manual");
    let es = crate::experiments::retries::strings::strings(Lang::Es);
    assert_eq!((es.attempt_label)(a.cycle_attempt, a.manual), "reintento manual desde dead-letter");
    assert_eq!((es.attempt_label)(1, false), "entrega original");
}

#[test]
fn both_consumers_are_one_run() {
    let s = play_to_end(set(&state(), "consumer", Value::Int(1)));
    assert_eq!(s.params.retries.consumer, ConsumerMode::Naive);
    let (n, i) = (run(&s).pair.naive.counters(), run(&s).pair.idempotent.counters());
    assert_eq!(n.deliveries, i.deliveries);
    assert_eq!(n.effects, i.effects + i.duplicates_discarded);
}

/// Another lab's or tab's progress comes in as data: taken as is, never a
/// learner's try, never a task recorded; a full store is said once.
#[test]
fn stored_progress_from_elsewhere_is_taken_in_and_a_full_store_is_said() {
    use crate::tasks::{Keeping, Progress};
    let s = state();
    let elsewhere = Progress::decode("v1 dlq/dlq-none retries/x");
    let synced = s.reduce(Action::SyncProgress(elsewhere.clone()));
    assert_eq!(synced.progress, elsewhere);
    assert_eq!(synced.tries, 0, "not the learner's action");
    let again = synced.reduce(Action::SyncProgress(elsewhere));
    assert_eq!(again.version, synced.version, "the same progress changes nothing");
    assert_eq!(s.keeping, Keeping::Blocked, "LabInit::default keeps nothing");
    let full = LabState::new(&LabInit { storage: true, ..LabInit::default() }).reduce(Action::StorageFull);
    assert_eq!(full.keeping, Keeping::Full);
}

/// Clearing asks first: the first action only asks, the second clears the
/// open experiment's tasks (and only those), or the learner keeps them. A
/// host's `done=` makes the progress the host's, handed-in tasks included.
#[test]
fn clearing_asks_first_and_clears_only_the_open_experiment() {
    use crate::tasks::{Keeping, Progress};
    let init = LabInit {
        progress: Progress::decode("v1 retries/retries-recover dlq/dlq-none"),
        host_progress: true,
        storage: true,
        ..LabInit::default()
    };
    let s = LabState::new(&init);
    assert_eq!(s.keeping, Keeping::Host, "the host keeps it, whatever the browser could");
    let asked = s.reduce(Action::AskClearTasks);
    assert!(asked.confirming_clear && asked.progress == s.progress, "asking clears nothing");
    let kept = asked.reduce(Action::KeepTasks);
    assert!(!kept.confirming_clear && kept.progress == s.progress);
    let cleared = asked.reduce(Action::ClearTasks);
    assert!(!cleared.confirming_clear);
    assert_eq!(cleared.progress, Progress::decode("v1 dlq/dlq-none"), "another experiment's tasks stay");
    let moved = asked.reduce(Action::Open(Experiment::Dlq));
    assert!(!moved.confirming_clear, "a question about one experiment does not follow to another");
    assert_eq!((asked.tries, cleared.tries), (0, 0), "not a try at a task");
}

/// The plan holds `retries::INTERVENTIONS_MAX` interventions: the next
/// action is refused (the panel says so) rather than written into a link
/// that would not read back or a run over the core's work budget.
#[test]
fn a_full_plan_refuses_the_next_intervention() {
    let plan = vec!["retryall@1"; retries::INTERVENTIONS_MAX].join(",");
    let s = set(&state(), "do", Value::Text(plan));
    assert_eq!(s.params.retries.plan.interventions().len(), retries::INTERVENTIONS_MAX);
    let after = retries_action(&s, RetriesAction::FixNow);
    assert_eq!(after.params.retries.plan, s.params.retries.plan);
    let one_less = set(&state(), "do", Value::Text(vec!["retryall@1"; retries::INTERVENTIONS_MAX - 1].join(",")));
    let fixed = retries_action(&one_less, RetriesAction::FixNow);
    assert_eq!(fixed.params.retries.plan.interventions().len(), retries::INTERVENTIONS_MAX, "one more fits");
}

/// Six edits of one field used to open every task's hint: each task counts
/// its own tries now. The hint that shows is the task the learner is on
/// (the first not done), and a completed task starts the next one's count.
#[test]
fn each_task_counts_its_own_tries_for_its_hint() {
    let mut s = state();
    for base_s in 31..37 {
        s = set(&s, "base", Value::Int(base_s));
    }
    let open: Vec<&str> = s.task_list(&TaskFilter::All).iter().filter(|(_, done)| !done).map(|(t, _)| t.code).collect();
    assert!(open.len() >= 2, "several tasks open: {open:?}");
    assert_eq!(
        s.hinted_task(&s.task_list(&TaskFilter::All)),
        Some(open[0]),
        "one hint, for the task the learner is on"
    );
    // Seed 7: at 99 % failures with no outage, an event exhausts its retries.
    s = set(&s, "failure", probability(Probability::from_ppm(990_000).unwrap()));
    let s = play_to_end(s);
    assert!(s.progress.contains("retries", "retries-exhausted"), "seed {}", s.params.shared.seed);
    assert_eq!(s.tries, 0, "a task completed: the next one starts its own count");
    assert_eq!(s.hinted_task(&s.task_list(&TaskFilter::All)), None);
}

/// Each prediction's answer is the run's number, and where the lesson
/// states one, the lesson's: 1,890 s of waiting (base 30 s, 6 retries),
/// 2 for random v4 ids, C01's 45 min at the peak, exercise 9's 750 s
/// and 75 s, exercise 10's 9, lesson 001's one effect.
#[test]
fn predictions_answer_with_the_lessons_numbers() {
    use crate::registry::Experiment as E;
    let answer = |experiment: E, preset: Option<&'static str>| {
        let mut s = LabState::new(&LabInit { experiment, ..LabInit::default() });
        if let Some(code) = preset {
            s = s.reduce(Action::ApplyPreset { code });
        }
        let (view, guess) = s.prediction().unwrap_or_else(|| panic!("{experiment:?} asks for a prediction"));
        assert_eq!(guess, None, "nothing guessed yet");
        view.answer
    };
    assert_eq!(answer(E::Retries, None), Some(1_890));
    assert_eq!(answer(E::DoublePublication, None), Some(2));
    assert_eq!(answer(E::Capacity, None), Some(2_700), "C01's peak: the last in waits 45 min");
    assert_eq!(answer(E::Capacity, Some("exercise-6")), Some(400), "exercise 6: 60,000 ÷ (200 − 50)");
    assert_eq!(answer(E::Capacity, Some("exercise-4")), Some(1_800), "exercise 4: 85 ÷ 170 an hour = 0.5 h");
    assert_eq!(answer(E::Visibility, Some("exercise-8-hang")), Some(4_500), "exercise 8: 5 × 15 min hung");
    assert_eq!(answer(E::Visibility, Some("exercise-8-crash")), Some(900), "exercise 8: crashing on open, 15 min");
    assert_eq!(answer(E::Capacity, Some("exercise-7")), Some(1_000), "exercise 7: 400 ÷ 8 × 20 s");
    assert_eq!(answer(E::Capacity, Some("exercise-6-slow")), Some(6_000), "exercise 6 at 60/s: 100 min");
    assert_eq!(answer(E::Lag, Some("exercise-9a")), Some(750));
    assert_eq!(answer(E::Lag, Some("exercise-9b")), Some(75));
    assert_eq!(answer(E::Fraud, None), Some(9), "exercise 10: 6 payments, 3 of them added again");
    assert_eq!(answer(E::Dedup, None), Some(1), "lesson 001: the redelivery is discarded");
    for experiment in [E::AckTiming, E::Storm, E::Visibility, E::Ttl] {
        assert!(answer(experiment, None).is_some(), "{experiment:?}");
    }
    // A guess is kept with the progress, per experiment; never graded.
    let s = LabState::new(&LabInit::default()).reduce(Action::Predict(Some(2_000)));
    assert_eq!(s.prediction().map(|(_, guess)| guess), Some(Some(Some(2_000))));
    assert_eq!(s.progress.guess("retries"), Some(Some(2_000)));
}

/// A run of another shape asks another of its lesson's numbers (capacity:
/// C01's wait, or exercise 6's drain once workers were down); each keeps
/// its own guess, and both go with the experiment's progress when cleared.
#[test]
fn each_question_keeps_its_own_guess() {
    use crate::registry::Experiment as E;
    let guess = |s: &LabState| s.prediction().and_then(|(_, guess)| guess);
    let opened = LabState::new(&LabInit { experiment: E::Capacity, ..LabInit::default() });
    let peak = opened.reduce(Action::Predict(Some(2_000)));
    let drain = peak.reduce(Action::ApplyPreset { code: "exercise-6" });
    assert_eq!(guess(&drain), None, "the drain's question is asked, not answered with the wait's guess");
    let drain = drain.reduce(Action::Predict(Some(300)));
    let key = "capacity.drain-exercise-6";
    assert_eq!((guess(&drain), drain.progress.guess(key)), (Some(Some(300)), Some(Some(300))));
    assert_eq!(drain.progress.guess("capacity"), Some(Some(2_000)));
    // Kept and read back as storage items.
    let (read, ignored) = crate::tasks::Progress::from_items(drain.progress.items());
    assert_eq!((read, ignored), (drain.progress.clone(), false));
    let cleared = drain.reduce(Action::ClearTasks);
    assert_eq!((cleared.progress.guess("capacity"), cleared.progress.guess(key)), (None, None));
}

/// A guess belongs to the scenario it was made in: another preset asks its
/// own question (a guess of the default's 36 s is never set beside a
/// preset's 300 ms), and going back shows the first guess again. Every
/// key is one the stored progress reads back.
#[test]
fn a_guess_stays_with_its_preset() {
    let guess = |s: &LabState| s.prediction().and_then(|(_, guess)| guess);
    let mut asked = 0;
    for (experiment, preset) in crate::registry::presets(link::VERSION) {
        if link::changes_from(preset, &LabParams::default(), experiment).is_empty() {
            continue; // the default's own preset: the experiment's question
        }
        let opened = LabState::new(&LabInit { experiment, ..LabInit::default() });
        if opened.prediction().is_none() {
            continue;
        }
        let default = opened.reduce(Action::Predict(Some(7)));
        let other = default.reduce(Action::ApplyPreset { code: preset.code });
        if other.prediction().is_none() {
            continue;
        }
        assert_eq!(guess(&other), None, "{} asks again, not with the default's guess", preset.code);
        let guessed = other.reduce(Action::Predict(Some(123_456_789_012_345)));
        assert_eq!(guess(&guessed), Some(Some(123_456_789_012_345)));
        let (read, ignored) = crate::tasks::Progress::from_items(guessed.progress.items());
        assert!(!ignored && read == guessed.progress, "{}: {:?}", preset.code, guessed.progress);
        let reopened = LabState::new(&LabInit { experiment, progress: read, ..LabInit::default() });
        assert_eq!(guess(&reopened), Some(Some(7)), "{}: the default's guess is kept", preset.code);
        asked += 1;
    }
    assert!(asked >= 20, "presets with a question of their own: {asked}");
    // A knob that makes the run another preset's keeps the question where
    // the learner answered it: the figure is not hidden again.
    let opened =
        LabState::new(&LabInit { experiment: crate::registry::Experiment::Backpressure, ..LabInit::default() });
    let guessed = opened.reduce(Action::Predict(Some(5)));
    let dropping = guessed.reduce(Action::Set { key: "policy", value: Value::Int(3) });
    assert_eq!(
        dropping.scenario().map(|(s, changes)| (s.preset.code, changes.is_empty())),
        Some(("drop-oldest", true))
    );
    assert_eq!(guess(&dropping), Some(Some(5)));
}

/// No task completes on an experiment as it opens, nor by playing its
/// untouched default (lesson 000's story) to the end: each asks for the
/// learner's own change.
#[test]
fn no_task_completes_on_an_untouched_default() {
    for &experiment in crate::registry::Experiment::ALL {
        // As a bare link to it opens it (lesson 000's: its story).
        let (link, notices) = crate::link::decode(&format!("exp={}", experiment.code()));
        let opened = LabState::new(&link.to_init(&[], notices));
        let played = play_to_end(opened.clone());
        for s in [&opened, &played] {
            let done: Vec<&str> =
                s.units.tasks(&s.params, experiment, Lang::Es).iter().filter(|t| t.holds).map(|t| t.code).collect();
            assert!(done.is_empty(), "{experiment:?} (seed {}): {done:?} hold on the default", s.params.shared.seed);
        }
    }
}

/// The host hears of every task the lab shows, in both languages, and of
/// which are done: only the embedded experiment's, filtered as shown.
#[test]
fn the_host_hears_of_the_shown_tasks() {
    let mut s = state();
    s.progress.insert("retries", "retries-recover");
    let all = s.host_tasks(None, &TaskFilter::All);
    let only = s.host_tasks(Some(Experiment::Retries), &TaskFilter::All);
    assert!(all.len() > only.len(), "every tab's tasks, or the one experiment's");
    assert!(only.iter().all(|t| t.experiment == Experiment::Retries));
    let recover = only.iter().find(|t| t.code == "retries-recover").expect("listed");
    assert!(recover.done && recover.goal_es != recover.goal_en);
    assert_eq!(only.iter().filter(|t| t.done).count(), 1);
    let filtered = s.host_tasks(Some(Experiment::Retries), &TaskFilter::Only(vec!["retries-exhausted"]));
    assert_eq!(filtered.iter().map(|t| t.code).collect::<Vec<_>>(), ["retries-exhausted"]);
    assert!(s.host_tasks(None, &TaskFilter::Off).is_empty());
}

/// The view (the keys' help, the projector) and a guess are no try: a
/// task's hint counts what the learner did to the run.
#[test]
fn the_view_and_a_guess_are_no_try() {
    let s = set(&state(), "failure", Value::Int(500_000));
    assert_eq!(s.tries, 1, "a change of the run is a try");
    let viewed = s
        .reduce(Action::ToggleKeys)
        .reduce(Action::ShowKeys(false))
        .reduce(Action::SetProjector(true))
        .reduce(Action::Predict(Some(1_890)));
    assert_eq!(viewed.tries, 1);
    assert!(viewed.projector && !viewed.keys_help);
    assert_eq!(viewed.params, s.params, "nothing of the run changed");
}

/// A scene whose instant is a parameter moves it as it plays; the links
/// keep its default while it plays (not rewritten at every frame) and
/// carry the instant once it pauses.
#[test]
fn a_playing_instant_stays_out_of_the_links_until_paused() {
    let s = state().reduce(Action::Open(Experiment::Dlq));
    let playing = transport(
        &transport(&s, Transport::TogglePlay),
        Transport::Tick { elapsed_real_ms: 2_000.0, now_real_ms: 0.0 },
    );
    assert!(playing.playing());
    let default_s = LabParams::default().dlq.look_s;
    assert_ne!(playing.params.dlq.look_s, default_s, "the scene moved its instant");
    assert_eq!(playing.link_params().dlq.look_s, default_s, "the links did not follow it");
    let later = transport(&playing, Transport::Tick { elapsed_real_ms: 500.0, now_real_ms: 0.0 });
    assert_eq!(later.link_params(), playing.link_params(), "the same links, frame after frame");
    let paused = transport(&later, Transport::Pause);
    assert_eq!(paused.link_params().dlq.look_s, paused.params.dlq.look_s, "paused: the instant in the link");
}

/// Where a run is looked at is not what it is: moving the DLQ's instant or
/// lesson 000's playback rate leaves a named scenario unchanged (and the
/// list of more parameters shut); moving one of its parameters names it.
#[test]
fn the_instant_and_the_playback_rate_change_no_scenario() {
    let s = state().reduce(Action::ApplyPreset { code: "redrive-before-fix" });
    assert_eq!(s.scenario().map(|(s, c)| (s.preset.code, c.len())), Some(("redrive-before-fix", 0)));
    let looked = set(&s, "look_s", Value::Int(60));
    assert_ne!(looked.params.dlq.look_s, s.params.dlq.look_s, "the instant moved");
    assert_eq!(looked.scenario().map(|(s, c)| (s.preset.code, c.len())), Some(("redrive-before-fix", 0)));
    let changed = set(&looked, "dlq_workers", Value::Int(3));
    let keys: Vec<&str> = changed.scenario().map(|(_, c)| c.iter().map(|p| p.key()).collect()).unwrap_or_default();
    assert_eq!(keys, ["dlq_workers"], "a parameter of the run is named, the instant is not");
    let views: Vec<&str> =
        ParamId::of_run(Experiment::Dlq).filter(|p| p.is_view_of(Experiment::Dlq)).map(|p| p.key()).collect();
    assert_eq!(views, ["look_s"]);
    let retries: Vec<&str> =
        ParamId::of_run(Experiment::Retries).filter(|p| p.is_view_of(Experiment::Retries)).map(|p| p.key()).collect();
    assert_eq!(retries, ["speed"]);
}

/// A number past its range is used at the range's end and said under its
/// field, even when the value stays where it was; text that is no amount is
/// said too, and so is an amount read otherwise than its digits (another
/// unit, a fraction rounded); the learner's next change clears the note, a
/// frame does not.
#[test]
fn a_typed_number_out_of_range_or_unread_is_said_until_the_next_change() {
    let s = state();
    let events = |s: &LabState| s.params.retries.events;
    let typed = |s: &LabState, text: &str| set(s, "events", Value::Text(text.into()));
    let note = |text: &str, reading| Some(InputNote { key: "events", text: text.into(), reading });
    let lowest = typed(&s, "1");
    assert_eq!((events(&lowest), &lowest.input_note), (1, &None));
    // 0 typed where 1 is the least and 1 it was: nothing moves, it is said.
    let zero = typed(&lowest, " 0 ");
    assert_eq!(events(&zero), 1);
    assert_eq!(zero.input_note, note("0", Reading::PastRange), "as typed, trimmed");
    assert_ne!(zero.version, lowest.version, "the field's note is drawn");
    // Past the top, even past u64: used at the top, said.
    let huge = typed(&s, "99999999999999999999999");
    assert_eq!(huge.input_note, note("99999999999999999999999", Reading::PastRange));
    assert_eq!(u64::from(events(&huge)), u64::from(retries::EVENTS_MAX), "used at the top");
    let unread = typed(&s, "abc");
    assert_eq!((unread.input_note.clone(), events(&unread)), (note("abc", Reading::Unread), events(&s)));
    // Read otherwise than typed: a fraction rounded is used, and said.
    let rounded = typed(&s, "2.5");
    assert_eq!((events(&rounded), rounded.input_note), (3, note("2.5", Reading::Otherwise)));
    // A frame keeps it; the next change clears it.
    let played = transport(
        &transport(&unread, Transport::TogglePlay),
        Transport::Tick { elapsed_real_ms: 16.0, now_real_ms: 16.0 },
    );
    assert!(played.input_note.is_some());
    let fixed = typed(&zero, "20");
    assert_eq!((events(&fixed), fixed.input_note), (20, None));
    // A value in range earns no note, nor a handle's number, nor a text parameter's text.
    assert_eq!(typed(&s, "1,000").input_note, None);
    assert_eq!(set(&s, "events", Value::Int(u64::MAX)).input_note, None);
    // The seed's field sends text only when it is no whole number: said, the seed kept.
    let seed = set(&s, "seed", Value::Text("abc".into()));
    assert_eq!(
        (seed.input_note, seed.params.shared.seed),
        (Some(InputNote { key: "seed", text: "abc".into(), reading: Reading::Unread }), 7)
    );
    assert_eq!(set(&s, "down", Value::Text("junk".into())).input_note, None);
}
