//! «Colas y streams»' first question, «¿alguien espera la respuesta?»: the
//! same requests served synchronously, through a job queue and as a
//! stream read by two groups, with the workers down for a while. Requests
//! come one every `every_ms`; a job takes `job_ms` on one of `workers`.
//! No randomness; milliseconds.

/// What a queue or a stream answers the producer with (202 Accepted).
pub const ACCEPT_MS: u64 = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WaitsConfig {
    pub requests: u32,
    pub every_ms: u64,
    pub job_ms: u64,
    pub workers: u32,
    /// The workers (and the stream's first group) are down in [from, to).
    pub down_ms: Option<(u64, u64)>,
    /// How long a synchronous caller waits before it gives up (its fallback).
    pub timeout_ms: u64,
    /// How often a caller who wants the queue's result asks for it.
    pub poll_ms: u64,
}

/// One request's fate in each design.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    pub sent_ms: u64,
    /// Synchronous: the answer's instant, or None: it failed at
    /// `sent_ms + timeout_ms` and the caller fell back.
    pub sync_answered_ms: Option<u64>,
    /// Through the queue: when a worker finished the job, and when a caller
    /// polling for it sees the result.
    pub queue_done_ms: u64,
    pub queue_seen_ms: u64,
    /// Through the stream: when each group processed the event (the first
    /// group shares the workers' outage, the second does not).
    pub stream_done_ms: [u64; 2],
}

impl WaitsConfig {
    fn in_outage(&self, from: u64, until: u64, down: Option<(u64, u64)>) -> bool {
        down.is_some_and(|(a, b)| from < b && until > a)
    }

    /// First-come workers over jobs ready at `ready`: each job starts when
    /// a worker is free and runs `job_ms`; a job that would overlap the
    /// outage starts (again) when it ends.
    fn serve(&self, ready: &[u64], down: Option<(u64, u64)>) -> Vec<u64> {
        let mut free = vec![0u64; self.workers.max(1) as usize];
        ready
            .iter()
            .map(|&r| {
                let w = (0..free.len()).min_by_key(|&w| free[w]).unwrap_or(0);
                let mut start = r.max(free[w]);
                if self.in_outage(start, start + self.job_ms, down) {
                    start = start.max(down.map_or(start, |(_, b)| b));
                }
                free[w] = start + self.job_ms;
                free[w]
            })
            .collect()
    }

    fn sync(&self, sent: &[u64]) -> Vec<Option<u64>> {
        let mut free = vec![0u64; self.workers.max(1) as usize];
        sent.iter()
            .map(|&t| {
                let w = (0..free.len()).find(|&w| free[w] <= t)?;
                if self.in_outage(t, t + self.job_ms, self.down_ms) || self.job_ms > self.timeout_ms {
                    return None;
                }
                free[w] = t + self.job_ms;
                Some(free[w])
            })
            .collect()
    }

    pub fn run(&self) -> Vec<Request> {
        let sent: Vec<u64> = (0..u64::from(self.requests)).map(|i| i * self.every_ms).collect();
        // The job is in the queue as the request arrives (the 202 is the
        // answer that it is): a free worker starts it then, as a synchronous
        // server would. Ready at the 202's 10 ms, a job sent 2 s before the
        // outage was cut in the queue's row and served in the synchronous one.
        let ready = &sent;
        let sync = self.sync(&sent);
        // The stream's first group shares the queue's workers and outage,
        // so its events end when the queue's jobs do.
        let queue = self.serve(ready, self.down_ms);
        let stream_up = self.serve(ready, None);
        let poll = self.poll_ms.max(1);
        (0..sent.len())
            .map(|i| Request {
                sent_ms: sent[i],
                sync_answered_ms: sync[i],
                queue_done_ms: queue[i],
                queue_seen_ms: sent[i] + (queue[i] - sent[i]).div_ceil(poll) * poll,
                stream_done_ms: [queue[i], stream_up[i]],
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PDF: WaitsConfig = WaitsConfig {
        requests: 20,
        every_ms: 1_000,
        job_ms: 2_000,
        workers: 4,
        down_ms: Some((5_000, 12_000)),
        timeout_ms: 3_000,
        poll_ms: 1_000,
    };

    #[test]
    fn the_workers_down_fail_the_callers_not_the_queue() {
        let run = PDF.run();
        let failed: Vec<u64> = run.iter().filter(|r| r.sync_answered_ms.is_none()).map(|r| r.sent_ms / 1_000).collect();
        assert_eq!(failed, [4, 5, 6, 7, 8, 9, 10, 11], "every call that would overlap the outage falls back");
        assert!(
            run.iter().filter_map(|r| r.sync_answered_ms.map(|a| a - r.sent_ms)).all(|w| w == 2_000),
            "the caller waits the whole job"
        );
        // The queue loses nothing: the jobs wait and are done after 12 s.
        assert_eq!(run[5].queue_done_ms, 14_000);
        // The call sent 2 s before the outage is served in both designs (the
        // queue's job, ready at the 202's 10 ms, was cut and done at 14 s).
        assert_eq!((run[3].sync_answered_ms, run[3].queue_done_ms), (Some(5_000), 5_000));
        assert!(run.iter().all(|r| r.queue_done_ms >= r.sent_ms + PDF.job_ms));
        // The stream's second group never sees the outage.
        assert!(run.iter().all(|r| r.stream_done_ms[1] == r.sent_ms + PDF.job_ms));
        assert_eq!(
            run.iter().map(|r| r.stream_done_ms[0]).collect::<Vec<_>>(),
            run.iter().map(|r| r.queue_done_ms).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_job_of_milliseconds_is_slower_through_a_queue() {
        // Error 6: someone waits for a 50 ms answer; a queue adds polling.
        let ana = WaitsConfig { job_ms: 50, down_ms: None, ..PDF }.run();
        assert!(ana.iter().all(|r| r.sync_answered_ms == Some(r.sent_ms + 50)));
        assert!(
            ana.iter().all(|r| r.queue_seen_ms - r.sent_ms == 1_000),
            "the result seen at the next poll, a second later"
        );
    }
}
