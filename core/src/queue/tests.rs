use super::*;

const MIN: u64 = 60_000;

fn run(cfg: QueueConfig) -> QueueRun {
    QueueRun::new(cfg)
}

#[test]
fn competing_consumers_lesson_004() {
    // 12 jobs of 0.1 s, 4 workers: done in 0.3 s, each once.
    let r = run(QueueConfig { messages: 12, job_ms: 100, workers: 4, ..QueueConfig::default() });
    assert_eq!(r.done_at_ms(), Some(300));
    assert_eq!(r.receives.len(), 12, "no job repeated");
    assert_eq!(r.naive_effects(), 12);
    // 200 pages at 1 s: 200 s with one worker, 10 s with 20.
    let pages = |workers| run(QueueConfig { messages: 200, job_ms: 1_000, workers, ..QueueConfig::default() }).done_at_ms();
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

#[test]
fn an_ack_at_the_deadline_deletes_without_a_copy() {
    let r = run(QueueConfig { job_ms: 30_000, ..QueueConfig::default() });
    assert_eq!(r.copies(0), 1);
}

#[test]
fn a_heartbeat_keeps_a_live_workers_message_and_frees_a_dead_ones() {
    let beat = QueueConfig { job_ms: 40 * MIN, visibility_ms: 2 * MIN, heartbeat_ms: Some(MIN), ..QueueConfig::default() };
    assert_eq!(run(beat).copies(0), 1, "a live worker keeps it as long as it needs");
    // Worker 0 dies 5 minutes in: the message shows again within 2 minutes.
    let r = run(QueueConfig { worker_dies_at_ms: Some(5 * MIN), ..beat });
    assert_eq!(r.copies(0), 2);
    assert!(r.receives[1].at_ms <= 7 * MIN, "{:?}", r.receives[1]);
    assert_eq!(r.done_at_ms(), Some(r.receives[1].at_ms + 40 * MIN));
    // An 80-minute deadline without a heartbeat: the dead worker holds it 80 minutes.
    let r = run(QueueConfig { job_ms: 40 * MIN, visibility_ms: 80 * MIN, worker_dies_at_ms: Some(5 * MIN), ..QueueConfig::default() });
    assert_eq!(r.receives[1].at_ms, 80 * MIN);
}

#[test]
fn renewing_never_passes_the_12_hour_ceiling() {
    let r = run(QueueConfig { job_ms: 13 * 60 * MIN, visibility_ms: 10 * MIN, heartbeat_ms: Some(5 * MIN), ..QueueConfig::default() });
    assert_eq!(r.copies(0), 2);
    assert_eq!(r.receives[1].at_ms, RECEIVE_CEILING_MS);
}

#[test]
fn exercise_8_poison_messages_reach_the_dlq() {
    // A hanging message, 15-minute timeout, maxReceiveCount 5: 75 minutes.
    let hang = QueueConfig { poison: Poison::Hang, visibility_ms: 15 * MIN, max_receives: Some(5), ..QueueConfig::default() };
    let r = run(hang);
    assert_eq!((r.copies(0), r.dead_letter_at_ms(0)), (5, Some(75 * MIN)));
    // Crashing the worker that opens it, 3 minutes with a heartbeat: 15 minutes.
    let crash = QueueConfig { poison: Poison::CrashOnOpen, visibility_ms: 3 * MIN, heartbeat_ms: Some(90_000), max_receives: Some(5), ..QueueConfig::default() };
    assert_eq!(run(crash).dead_letter_at_ms(0), Some(15 * MIN));
}

#[test]
fn without_a_limit_poison_is_redelivered_until_retention() {
    let r = run(QueueConfig { poison: Poison::Hang, workers: 1, ..QueueConfig::default() });
    assert_eq!(r.ends[0], MessageEnd::Expired { at_ms: RETENTION_DEFAULT_MS });
    assert_eq!(r.copies(0) as u64, RETENTION_DEFAULT_MS / 30_000);
    // With healthy messages behind it and one worker, the poison takes its share of the time.
    let r = run(QueueConfig { messages: 3, job_ms: 10_000, poison: Poison::Hang, workers: 1, max_receives: Some(3), ..QueueConfig::default() });
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
    let pages = QueueConfig { messages: 200, job_ms: 1_000, workers: 20, restart_at_ms: Some(5_500), ..QueueConfig::default() };
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
