use super::*;

const MIN: u64 = 60_000;

fn run(cfg: QueueConfig) -> QueueRun {
    QueueRun::new(cfg).expect("within the work budget")
}

#[test]
fn competing_consumers_lesson_004() {
    // 12 jobs of 0.1 s, 4 workers: done in 0.3 s, each once.
    let r = run(QueueConfig { messages: 12, job_ms: 100, workers: 4, ..QueueConfig::default() });
    assert_eq!(r.done_at_ms(), Some(300));
    assert_eq!(r.receives.len(), 12, "no job repeated");
    assert_eq!(r.naive_effects(), 12);
    // 200 pages at 1 s: 200 s with one worker, 10 s with 20.
    let pages =
        |workers| run(QueueConfig { messages: 200, job_ms: 1_000, workers, ..QueueConfig::default() }).done_at_ms();
    assert_eq!((pages(1), pages(20)), (Some(200_000), Some(10_000)));
}

#[test]
fn a_timeout_shorter_than_the_job_makes_copies() {
    // Lesson 004's error 1: a 10-minute job with 30 s → 20 copies, every one doing the whole job.
    let r = run(QueueConfig::default());
    assert_eq!(r.copies(0), 20);
    assert_eq!(r.naive_effects(), 20, "a non-idempotent consumer acts 20 times");
    assert_eq!(r.done_at_ms(), Some(10 * MIN));
    assert_eq!(r.worker_ms(), 20 * 10 * MIN);
    // Exercise 5: p99 4 minutes with 30 s → copies at 0, 30 … 210 s: 8; with 8 minutes, 1.
    let r = run(QueueConfig { job_ms: 4 * MIN, ..QueueConfig::default() });
    assert_eq!(r.copies(0), 8);
    assert_eq!(r.receives.iter().map(|c| c.at_ms / 1_000).collect::<Vec<_>>(), [0, 30, 60, 90, 120, 150, 180, 210]);
    assert_eq!(run(QueueConfig { job_ms: 4 * MIN, visibility_ms: 8 * MIN, ..QueueConfig::default() }).copies(0), 1);
}

/// «Colas y streams»: RabbitMQ closes the channel of a consumer that holds
/// a message past consumer_timeout (30 min) and requeues it. A 40-minute
/// job's ack then reaches nobody, and every copy's channel closes the same
/// way: the job is never acknowledged. On SQS the first copy to finish
/// deletes it, at 40 min.
#[test]
fn a_late_ack_on_a_closed_channel_is_refused() {
    let cfg = QueueConfig { job_ms: 40 * MIN, visibility_ms: 30 * MIN, ..QueueConfig::default() };
    let rabbit = run(QueueConfig { late_ack_refused: true, ..cfg });
    assert_eq!(rabbit.receives[0].end, ReceiveEnd::AckRefused);
    assert_eq!(rabbit.receives[1].end, ReceiveEnd::AckRefused);
    assert_eq!(rabbit.done_at_ms(), None);
    assert!(rabbit.receives.iter().all(|r| r.end != ReceiveEnd::Deleted));
    // Each refused job did its work: a consumer that is not idempotent acts each time.
    let refused = rabbit.receives.iter().filter(|r| r.end == ReceiveEnd::AckRefused).count();
    assert!(refused > 100, "{refused}");
    assert!(rabbit.naive_effects() >= refused, "{} effects", rabbit.naive_effects());
    let sqs = run(cfg);
    assert_eq!((sqs.receives[0].end, sqs.done_at_ms()), (ReceiveEnd::Deleted, Some(40 * MIN)));
    // A dead worker's delivery is requeued as its connection drops (SQS
    // keeps it hidden to its deadline); no heartbeat renews RabbitMQ's.
    let died = run(QueueConfig { worker_dies_at_ms: Some(10 * MIN), late_ack_refused: true, ..cfg });
    assert_eq!(died.receives[1].at_ms, 10 * MIN);
    let sqs_died = run(QueueConfig { worker_dies_at_ms: Some(10 * MIN), ..cfg });
    assert_eq!(sqs_died.receives[1].at_ms, 30 * MIN);
    let beating = run(QueueConfig { heartbeat_ms: Some(MIN), late_ack_refused: true, ..cfg });
    assert_eq!(beating.receives[1].at_ms, 30 * MIN, "the heartbeat does not renew it");
    // A job within the timeout acks in time on either broker.
    let quick = run(QueueConfig { job_ms: 20 * MIN, late_ack_refused: true, ..cfg });
    assert_eq!((quick.copies(0), quick.done_at_ms()), (1, Some(20 * MIN)));
}

#[test]
fn an_ack_at_the_deadline_deletes_without_a_copy() {
    let r = run(QueueConfig { job_ms: 30_000, ..QueueConfig::default() });
    assert_eq!(r.copies(0), 1);
}

#[test]
fn a_heartbeat_keeps_a_live_workers_message_and_frees_a_dead_ones() {
    let beat =
        QueueConfig { job_ms: 40 * MIN, visibility_ms: 2 * MIN, heartbeat_ms: Some(MIN), ..QueueConfig::default() };
    assert_eq!(run(beat).copies(0), 1, "a live worker keeps it as long as it needs");
    // Worker 0 dies 5 minutes in: the message shows again within 2 minutes.
    let r = run(QueueConfig { worker_dies_at_ms: Some(5 * MIN), ..beat });
    assert_eq!(r.copies(0), 2);
    assert!(r.receives[1].at_ms <= 7 * MIN, "{:?}", r.receives[1]);
    assert_eq!(r.done_at_ms(), Some(r.receives[1].at_ms + 40 * MIN));
    // An 80-minute deadline without a heartbeat: the dead worker holds it 80 minutes.
    let r = run(QueueConfig {
        job_ms: 40 * MIN,
        visibility_ms: 80 * MIN,
        worker_dies_at_ms: Some(5 * MIN),
        ..QueueConfig::default()
    });
    assert_eq!(r.receives[1].at_ms, 80 * MIN);
}

#[test]
fn renewing_never_passes_the_12_hour_ceiling() {
    let r = run(QueueConfig {
        job_ms: 13 * 60 * MIN,
        visibility_ms: 10 * MIN,
        heartbeat_ms: Some(5 * MIN),
        ..QueueConfig::default()
    });
    assert_eq!(r.copies(0), 2);
    assert_eq!(r.receives[1].at_ms, RECEIVE_CEILING_MS);
}

#[test]
fn exercise_8_poison_messages_reach_the_dlq() {
    // A hanging message, 15-minute timeout, maxReceiveCount 5: 75 minutes.
    let hang =
        QueueConfig { poison: Poison::Hang, visibility_ms: 15 * MIN, max_receives: Some(5), ..QueueConfig::default() };
    let r = run(hang);
    assert_eq!((r.copies(0), r.dead_letter_at_ms(0)), (5, Some(75 * MIN)));
    // Crashing the worker that opens it, 3 minutes with a heartbeat: 15 minutes.
    let crash = QueueConfig {
        poison: Poison::CrashOnOpen,
        visibility_ms: 3 * MIN,
        heartbeat_ms: Some(90_000),
        max_receives: Some(5),
        ..QueueConfig::default()
    };
    assert_eq!(run(crash).dead_letter_at_ms(0), Some(15 * MIN));
}

#[test]
fn without_a_limit_poison_is_redelivered_until_retention() {
    let r = run(QueueConfig { poison: Poison::Hang, workers: 1, ..QueueConfig::default() });
    assert_eq!(r.ends[0], MessageEnd::Expired { at_ms: RETENTION_DEFAULT_MS });
    assert_eq!(r.copies(0) as u64, RETENTION_DEFAULT_MS / 30_000);
    // With healthy messages behind it and one worker, the poison takes its share of the time.
    let r = run(QueueConfig {
        messages: 3,
        job_ms: 10_000,
        poison: Poison::Hang,
        workers: 1,
        max_receives: Some(3),
        ..QueueConfig::default()
    });
    assert_eq!(r.dead_letter_at_ms(0), Some(90_000 + 20_000));
    assert_eq!(r.done_at_ms(), None, "the poison was not deleted");
}

#[test]
fn every_receive_ends_once_and_copies_never_exceed_the_workers() {
    for workers in [1, 3, 20] {
        let r = run(QueueConfig { messages: 5, job_ms: 95_000, workers, ..QueueConfig::default() });
        for t in (0..600_000).step_by(5_000) {
            let busy = r.receives.iter().filter(|c| c.at_ms <= t && t < c.until_ms).count();
            assert!(busy <= workers as usize, "{workers} workers, {busy} busy at {t}");
        }
        assert!(r.ends.iter().all(|e| matches!(e, MessageEnd::Deleted { .. })));
    }
}

#[test]
fn a_restart_loses_an_in_memory_queue_and_a_broker_keeps_it() {
    let pages =
        QueueConfig { messages: 200, job_ms: 1_000, workers: 20, restart_at_ms: Some(5_500), ..QueueConfig::default() };
    // In the process's memory: the 100 pages done by 5 s stay done; the 20 in
    // progress and the 80 waiting are gone.
    let r = run(QueueConfig { in_memory: true, ..pages });
    let lost = r.ends.iter().filter(|e| matches!(e, MessageEnd::Lost { at_ms: 5_500 })).count();
    let deleted = r.ends.iter().filter(|e| matches!(e, MessageEnd::Deleted { .. })).count();
    assert_eq!((deleted, lost), (100, 100));
    assert_eq!(r.receives.iter().filter(|c| c.end == ReceiveEnd::Interrupted).count(), 20);
    // A broker: the 80 waiting are done by 9.5 s; the 20 cut show again at
    // their deadline (received at 5 s + 30 s) and are done at 36 s.
    let r = run(pages);
    assert_eq!(r.done_at_ms(), Some(36_000));
    assert_eq!(r.receives.len(), 220, "the 20 cut jobs are done again");
}

const H: u64 = 60 * MIN;
const DAY: u64 = 24 * H;

/// Ten messages a minute apart, every fifth one poison (hangs), SQS's
/// exercise-8 numbers (15 minutes × 5), two workers.
fn dlq_day() -> QueueConfig {
    QueueConfig {
        messages: 10,
        arrival_every_ms: MIN,
        job_ms: 10_000,
        workers: 2,
        visibility_ms: 15 * MIN,
        max_receives: Some(5),
        poison: Poison::Hang,
        poison_every: 5,
        ..QueueConfig::default()
    }
}

fn redrive_all(at_ms: u64) -> DlqOperation {
    DlqOperation { at_ms, action: DlqAction::RedriveAll }
}

#[test]
fn poison_messages_wait_in_the_dlq_until_a_person_acts() {
    let r = run(dlq_day());
    invariants::check(&r).unwrap();
    let moved: Vec<_> = r.dlq.iter().map(|e| (e.message, e.moved_at_ms, e.receive_count, e.reason)).collect();
    // 15 minutes × 5 each, but the first one's second receive waits 40 s:
    // at 15 min both workers had been hung, and messages 7–10 (10 s each,
    // waiting since 6–9 min) were ahead of it. Poison takes capacity.
    let second = r.receives.iter().filter(|c| c.message == 0).nth(1).unwrap();
    assert_eq!(second.at_ms, 15 * MIN + 40_000);
    assert_eq!(
        moved,
        [(0, 75 * MIN + 40_000, 5, DlqReason::DeadlinePassed), (5, 5 * MIN + 75 * MIN, 5, DlqReason::DeadlinePassed)]
    );
    // Nobody acts: they wait 14 days from their first enqueue, then expire.
    assert_eq!(r.dlq[0].fate, DlqFate::Expired { at_ms: RETENTION_MAX_MS });
    assert_eq!(r.ends.iter().filter(|e| matches!(e, MessageEnd::Deleted { .. })).count(), 8);
    // The alert: more than 0 in the DLQ from 75 minutes on.
    assert_eq!((r.dlq_len_at(75 * MIN + 39_999), r.dlq_len_at(75 * MIN + 40_000), r.dlq_len_at(2 * H)), (0, 1, 2));
    assert_eq!(r.place_at(0, 2 * H), Place::InDlq);
}

#[test]
fn a_redrive_before_the_fix_comes_back_and_after_it_goes_through() {
    // Redriven before the fix: new messages, receive count 0, back in the DLQ 75 minutes later.
    let r = QueueRun::with_operations(dlq_day(), &[redrive_all(2 * H)]).unwrap();
    invariants::check(&r).unwrap();
    assert_eq!(r.ends.len(), 12);
    assert_eq!(r.dlq[0].fate, DlqFate::Redriven { at_ms: 2 * H, as_message: 10 });
    assert_eq!((r.redriven_from[10], r.enqueued_at_ms[10]), (Some(0), 2 * H));
    assert_eq!(r.dead_letter_at_ms(10), Some(2 * H + 75 * MIN));
    // Fixed at 2 h, redriven at 3 h: every message is delivered.
    let fixed = QueueConfig { fix_at_ms: Some(2 * H), ..dlq_day() };
    let r = QueueRun::with_operations(fixed, &[redrive_all(3 * H)]).unwrap();
    invariants::check(&r).unwrap();
    assert_eq!(r.ends[10..], [MessageEnd::Deleted { at_ms: 3 * H + 10_000 }; 2]);
    assert_eq!(r.dlq_len_at(3 * H), 0);
    // Marked failed instead: out of the DLQ, with its reason kept.
    let r = QueueRun::with_operations(dlq_day(), &[DlqOperation { at_ms: 3 * H, action: DlqAction::MarkFailed(5) }])
        .unwrap();
    assert_eq!(r.dlq_entry(5).map(|e| e.fate), Some(DlqFate::MarkedFailed { at_ms: 3 * H }));
    assert_eq!((r.place_at(5, 3 * H), r.place_at(0, 3 * H)), (Place::LeftDlq, Place::InDlq));
}

#[test]
fn a_dlq_no_longer_lived_than_its_source_loses_messages_unseen() {
    // Moved messages keep their enqueue time: with 4 days in both queues
    // the DLQ keeps them 4 days minus their time in the source. A message
    // that spent 2 days in the source (12-hour deadlines × 4) has 2 left;
    // with a 1-day DLQ it expires the moment it moves, unseen.
    let slow =
        QueueConfig { poison: Poison::Hang, visibility_ms: 12 * H, max_receives: Some(4), ..QueueConfig::default() };
    let r = run(slow);
    assert_eq!(r.dlq[0].moved_at_ms, 2 * DAY);
    assert_eq!(r.dlq[0].fate, DlqFate::Expired { at_ms: RETENTION_MAX_MS });
    let r = run(QueueConfig { dlq_retention_ms: RETENTION_DEFAULT_MS, ..slow });
    assert_eq!(r.dlq[0].fate, DlqFate::Expired { at_ms: 4 * DAY }, "two days in the DLQ, not four");
    let r = run(QueueConfig { dlq_retention_ms: DAY, ..slow });
    assert_eq!(r.dlq[0].fate, DlqFate::Expired { at_ms: 2 * DAY }, "expired as it moved");
    assert_eq!(r.dlq_len_at(2 * DAY), 0, "never seen in the DLQ");
    invariants::check(&r).unwrap();
}

#[test]
fn without_a_dlq_poison_takes_capacity_from_healthy_messages() {
    // No limit: the two poison messages hang a worker 15 minutes per receive
    // until their 4 days run out; the eight healthy ones wait their turn.
    let r = run(QueueConfig { max_receives: None, ..dlq_day() });
    invariants::check(&r).unwrap();
    let with_dlq = run(dlq_day());
    assert_eq!(with_dlq.poison_worker_ms(), 10 * 15 * MIN, "5 receives × 15 minutes, twice");
    assert!(
        r.poison_worker_ms() >= 2 * (4 * DAY - 15 * MIN),
        "both workers held about 4 days: {}",
        r.poison_worker_ms()
    );
    // In flight when its 4 days ended: gone at that receive's deadline.
    assert_eq!(r.ends[0], MessageEnd::Expired { at_ms: RETENTION_DEFAULT_MS + 40_000 });
}

#[test]
fn messages_are_in_one_place_at_every_instant() {
    let r =
        QueueRun::with_operations(QueueConfig { fix_at_ms: Some(2 * H), ..dlq_day() }, &[redrive_all(3 * H)]).unwrap();
    assert_eq!(r.place_at(3, 0), Place::NotYetSent);
    assert_eq!(r.place_at(0, 0), Place::InFlight);
    assert_eq!(r.place_at(0, 2 * H), Place::InDlq);
    assert_eq!(r.place_at(0, 3 * H), Place::LeftDlq);
    assert_eq!(r.place_at(10, 3 * H), Place::InFlight);
    assert_eq!(r.place_at(10, 4 * H), Place::Deleted);
}

#[test]
fn each_checker_fails_on_a_corrupted_run() {
    use invariants::*;
    let good = QueueRun::with_operations(dlq_day(), &[redrive_all(2 * H)]).unwrap();
    check(&good).unwrap();
    let mut bad = good.clone();
    bad.dlq.pop();
    assert!(matches!(every_message_accounted(&bad), Err(QueueViolation::Unaccounted { .. })));
    let mut bad = good.clone();
    bad.redriven_from[10] = None;
    assert_eq!(every_message_accounted(&bad), Err(QueueViolation::Unaccounted { message: 0 }));
    let mut bad = good.clone();
    let first = bad.receives.iter().position(|r| r.message == 0).unwrap();
    bad.receives[first].hidden_until_ms += 16 * MIN;
    assert!(matches!(one_place_at_a_time(&bad), Err(QueueViolation::TwoPlaces { message: 0, .. })));
    let mut bad = good.clone();
    bad.config.workers = 1;
    assert!(matches!(within_workers(&bad), Err(QueueViolation::Overbooked { .. })));
    let mut bad = good.clone();
    bad.config.max_receives = Some(4);
    assert!(matches!(within_receive_limit(&bad), Err(QueueViolation::OverReceived { receives: 5, limit: 4, .. })));
    let mut bad = good.clone();
    bad.config.retention_ms = MIN;
    assert!(matches!(within_retention(&bad), Err(QueueViolation::PastRetention { .. })));
}

/// The hostile DLQ link: 200 poison messages, all hanging, a 1 s
/// timeout, no maximum of receives and a day (or two weeks) of retention
/// made 17 M receives (7.3 GB) or a capacity overflow. Now refused at the
/// budget, saying what kept it busy, in bounded time and memory.
#[test]
fn a_run_over_the_work_budget_is_refused_whole() {
    let hostile = |retention_h: u64| QueueConfig {
        messages: 200,
        job_ms: 1_000,
        workers: 100,
        visibility_ms: 1_000,
        max_receives: None,
        poison: Poison::Hang,
        poison_every: 1,
        retention_ms: retention_h * H,
        ..QueueConfig::default()
    };
    for retention_h in [24, 336] {
        let over = QueueRun::new(hostile(retention_h)).unwrap_err();
        assert_eq!(
            over,
            QueueError::OverBudget(OverBudget { steps_max: STEPS_MAX, redeliveries: true, heartbeats: false })
        );
    }
    // A heartbeat every millisecond on a day's job: renewals, not receives.
    let renewing =
        QueueConfig { job_ms: 86_400_000, heartbeat_ms: Some(1), visibility_ms: 10, ..QueueConfig::default() };
    let over = QueueRun::new(renewing).unwrap_err();
    assert!(matches!(over, QueueError::OverBudget(o) if o.heartbeats && !o.redeliveries), "{over:?}");
    // With a maximum of receives the same poison goes to the DLQ within budget.
    assert!(QueueRun::new(QueueConfig { max_receives: Some(5), ..hostile(336) }).is_ok());
}

/// Out of range is refused, named, before anything runs (`limits`' one
/// policy): the run never quietly becomes another (10,000 messages for
/// 50,000, 100 actions of 101).
#[test]
fn a_config_out_of_range_is_refused_not_clamped() {
    let refused = |cfg: QueueConfig, ops: &[DlqOperation]| match QueueRun::with_operations(cfg, ops) {
        Err(QueueError::Config(e)) => e.field,
        other => panic!("{cfg:?} ran: {:?}", other.map(|r| r.ends.len())),
    };
    let base = QueueConfig::default();
    assert_eq!(refused(QueueConfig { messages: 0, ..base }, &[]), "messages");
    assert_eq!(refused(QueueConfig { messages: MESSAGES_MAX + 1, ..base }, &[]), "messages");
    assert_eq!(refused(QueueConfig { workers: 0, ..base }, &[]), "workers");
    assert_eq!(refused(QueueConfig { workers: WORKERS_MAX + 1, ..base }, &[]), "workers");
    assert_eq!(refused(QueueConfig { visibility_ms: 0, ..base }, &[]), "visibility-ms");
    assert_eq!(refused(QueueConfig { job_ms: 0, ..base }, &[]), "job-ms");
    assert_eq!(refused(QueueConfig { heartbeat_ms: Some(0), ..base }, &[]), "heartbeat-ms");
    assert_eq!(refused(QueueConfig { retention_ms: RETENTION_MAX_MS + 1, ..base }, &[]), "retention-ms");
    assert_eq!(refused(QueueConfig { dlq_retention_ms: 0, ..base }, &[]), "dlq-retention-ms");
    assert_eq!(refused(QueueConfig { poison_every: 0, ..base }, &[]), "poison-every");
    let ops = vec![redrive_all(H); OPERATIONS_MAX + 1];
    assert_eq!(refused(base, &ops), "operations");
    // The bounds themselves run.
    let edges = QueueConfig { messages: MESSAGES_MAX, workers: WORKERS_MAX, retention_ms: RETENTION_MAX_MS, ..base };
    assert!(QueueRun::with_operations(edges, &ops[..OPERATIONS_MAX]).is_ok());
}
