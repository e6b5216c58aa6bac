//! «Colas y streams»' message-size limits and the claim check: a broker
//! refuses a message over its limit (SQS 1 MiB since August 2025, 256 KiB
//! before; Kafka 4.2's message.max.bytes 1,048,588 B by default). The claim
//! check puts the file in the object store and sends only its address.

/// The lesson's message: the reference, not the file.
pub const REFERENCE: &str = r#"{"job_id": "8f3a", "pdf": "uploads/8f3a.pdf"}"#;

/// Limits in bytes, as the lesson states them: SQS today, SQS before
/// August 2025, Kafka 4.2's default (the page names them).
pub const LIMITS: [u64; 3] = [1_048_576, 262_144, 1_048_588];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sizing {
    pub payload_bytes: u64,
    pub claim_check: bool,
    pub per_day: u64,
}

impl Sizing {
    /// What goes through the broker for one job.
    pub fn message_bytes(&self) -> u64 {
        if self.claim_check {
            REFERENCE.len() as u64
        } else {
            self.payload_bytes
        }
    }

    /// Whether each broker of `LIMITS` takes the message.
    pub fn accepted(&self) -> [bool; 3] {
        LIMITS.map(|limit| self.message_bytes() <= limit)
    }

    /// Bytes through the broker in a day.
    pub fn bytes_per_day(&self) -> u64 {
        self.message_bytes().saturating_mul(self.per_day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_photo_is_refused_its_address_is_not() {
        let photo = Sizing { payload_bytes: 10 * 1_048_576, claim_check: false, per_day: 10_000_000 };
        assert_eq!(photo.accepted(), [false; 3]);
        let check = Sizing { claim_check: true, ..photo };
        assert_eq!((check.message_bytes(), check.accepted()), (45, [true; 3]));
        assert_eq!(check.bytes_per_day(), 450_000_000, "tens of bytes a job: 450 MB a day instead of 100 TiB");
        let pdf = Sizing { payload_bytes: 300 * 1_024, ..photo };
        assert_eq!(pdf.accepted(), [true, false, true], "300 KiB: SQS today, not before August 2025");
        assert_eq!(
            Sizing { payload_bytes: 1_048_588, ..photo }.accepted(),
            [false, false, true],
            "Kafka's default is 12 bytes over a MiB"
        );
    }
}
