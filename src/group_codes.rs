//! Generated from the list of experiments (`src/experiments/mod.rs`) by
//! `tests/registry.rs`: do not edit. Each lesson group's experiment, preset
//! and key codes, so that every page knows which page another page's codes
//! belong to (a page compiles only its own group's experiments).

/// A group's codes.
pub struct GroupCodes {
    pub experiments: Codes,
    pub presets: Codes,
    pub keys: Codes,
}

/// Codes written as one space-separated string: a list of `&str` would cost
/// every page eight bytes of pointers per entry, for every group (size).
#[derive(Clone, Copy, Debug)]
pub struct Codes(pub &'static str);

impl Codes {
    pub fn iter(self) -> std::str::SplitAsciiWhitespace<'static> {
        self.0.split_ascii_whitespace()
    }
    pub fn contains(self, code: &str) -> bool {
        self.iter().any(|c| c == code)
    }
}

pub const LESSON_000: GroupCodes = GroupCodes {
    experiments: Codes("retries"),
    presets: Codes("lesson consumer-down outage-story story flaky-acks"),
    keys: Codes("failure ack_lost events base retries consumer jitter speed down do"),
};

pub const LESSON_000_IDS: GroupCodes = GroupCodes {
    experiments: Codes("uuid5 publish cursor"),
    presets: Codes("double-publication publish-twice publish-twice-failing cursor-lost cursor-crash"),
    keys: Codes("norad start ns facts pubs pub_failure log_events batch fault fault_batch"),
};

pub const LESSON_001: GroupCodes = GroupCodes {
    experiments: Codes("dedup"),
    presets: Codes("dedup-record unique-constraint"),
    keys: Codes("seq_consumer seq_crash tx_messages tx_crash tx_rng unique"),
};

pub const LESSON_003: GroupCodes = GroupCodes {
    experiments: Codes("storm timeouts backpressure"),
    presets: Codes("storm storm-shedding storm-overloaded retry-budget breaker shared-pool bulkheads short-timeout backpressure drop-oldest slow-producer"),
    keys: Codes("clients recover capacity dependency strategy_a strategy_b base_ms attempts budget budget_tokens budget_ratio breaker breaker_failures breaker_open breaker_trials deadline_ms timeout_ms slow_ms fast_ms rate_slow rate_fast workers pools window in_rate out_rate duration policy buffer message_kib memory_mib"),
};

pub const LESSON_003_ACTIONS: GroupCodes = GroupCodes {
    experiments: Codes("ttl desired failsafe"),
    presets: Codes("ttl-300 ttl-schedule desired-state desired-no-unblock fail-safe enrichment-down"),
    keys: Codes("ttl_s acks_lost copies unblock_s until_s enrich_failure context_failure attacks fs_events"),
};

pub const LESSON_004: GroupCodes = GroupCodes {
    experiments: Codes("waits ack workers visibility"),
    presets: Codes("pdf-job ana-request lesson-004 broker-duplicates competing-consumers pdf-pages restart-in-memory restart-broker visibility-sqs exercise-5 exercise-5-rule pubsub-10s heartbeat long-deadline pubsub-600s rabbitmq-30min sqs-12h-ceiling exercise-8-hang exercise-8-crash"),
    keys: Codes("waits_job_ms waits_down_to_s waits_down_from_s waits_workers waits_timeout_ms waits_poll_ms crash rng messages broker_dups jobs job_ms job_workers queue restart_ms job_s visibility_s consumers heartbeat_s max_receive poison late_ack dies_s"),
};

pub const LESSON_004_STREAMS: GroupCodes = GroupCodes {
    experiments: Codes("partitions groups fraud lag capacity"),
    presets: Codes("lesson-004-keys exercise-9-resize lesson-004-groups idle-consumer exercise-3 kill-consumer commit-first auto-commit sink-behind head-of-line exercise-10 exercise-10-late exercise-9a exercise-9b more-consumers c01-peak c01-day exercise-4 exercise-6 exercise-6-slow exercise-7"),
    keys: Codes("partitions keyed resize_to topic_partitions topic_events group_consumers second_consumers poll_batch commit crash_consumer crash_s slow_s group_at_s payments processed lag_partitions lag_consumers consumer_rate arrival_rate behind rate_before scene mean_rate peak_rate peak_s down_s cap_workers worker_rate promise_s little_waiting little_rate_h keda_messages keda_queue_length keda_job_s keda_max"),
};

pub const LESSON_004_OPS: GroupCodes = GroupCodes {
    experiments: Codes("dlq age size retention"),
    presets: Codes("dlq-redrive redrive-before-fix mark-failed no-dlq dlq-retention age-poison age-poison-dlq age-slow-jobs photo-10mb claim-check pdf-300kib replay-yesterday kinesis-24h replay-a-year"),
    keys: Codes("dlq_messages arrival_s dlq_job_s dlq_workers dlq_visibility_s dlq_max_receive dlq_poison poison_every retention_h dlq_retention_h dlq_do look_s age_max_receive age_job_s age_poison age_depth age_workers age_visibility_s age_alert_s depth_alert alert_hold_s age_promise_s payload_kib claim_check per_day log_retention_h replay_h reader_start log_rate read_rate"),
};
