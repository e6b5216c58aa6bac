//! Random streams. One seed feeds several independent streams, one per kind
//! of choice, so that changing one knob (the jitter strategy, the id scheme,
//! the consumer) never changes which deliveries fail. That is what lets the
//! page show "the same run through both consumers".

use rand::{Rng, RngCore};
use rand_mt::Mt;
use rand_pcg::Pcg32;

use crate::probability::Probability;

/// Which generator decides whether a delivery fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RngKind {
    /// PCG32 with integer draws: the lab's default.
    #[default]
    Pcg,
    /// MT19937 seeded exactly like CPython's `random.seed(int)`, one
    /// `random()` per delivery: replays the lesson-004 loop bit for bit.
    Python,
}

impl RngKind {
    pub const fn name(self) -> &'static str {
        match self {
            RngKind::Pcg => "pcg",
            RngKind::Python => "python",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "pcg" => Some(RngKind::Pcg),
            "python" => Some(RngKind::Python),
            _ => None,
        }
    }
}

/// Tags that separate the streams derived from one seed.
#[derive(Clone, Copy)]
#[repr(u64)]
pub(crate) enum Stream {
    Failure = 1,
    FailureKind = 2,
    Jitter = 3,
    EventId = 4,
    /// Lesson 003's storm: one stream per client.
    Storm = 5,
    /// Lesson 004's broker duplicating a message on its own.
    Duplicate = 6,
    /// «Confiabilidad a escala»'s failing safely: one stream per event.
    FailSafe = 7,
}

/// SplitMix64 finaliser: spreads nearby seeds (1, 2, 3…) over the PCG state
/// space so that neighbouring seeds give unrelated runs.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(crate) fn pcg(seed: u64, stream: Stream, index: u64) -> Pcg32 {
    let tag = stream as u64;
    Pcg32::new(mix(seed ^ mix(tag.wrapping_mul(0x1000_0000_0000_0001) ^ index)), tag)
}

/// One raw 32-bit draw against the probability's threshold: monotone in `p`
/// for the same draw, so a higher probability only adds outcomes.
#[inline]
pub(crate) fn chance_pcg(rng: &mut Pcg32, p: Probability) -> bool {
    draw_below(rng, p.threshold_2_32())
}

/// [`chance_pcg`] with the threshold worked out beforehand (once per run for
/// the failure draw, which happens on every delivery).
#[inline]
pub(crate) fn draw_below(rng: &mut Pcg32, threshold_2_32: u64) -> bool {
    u64::from(rng.next_u32()) < threshold_2_32
}

/// CPython's `random.seed(n)` for a non-negative int: init_by_array over the
/// 32-bit little-endian words of n (a single 0 word for n = 0).
pub fn python_seeded(seed: u64) -> Mt {
    let low = seed as u32;
    let high = (seed >> 32) as u32;
    if high == 0 {
        Mt::new_with_key([low])
    } else {
        Mt::new_with_key([low, high])
    }
}

/// CPython's `random.random()`: 53 bits from two 32-bit outputs.
#[inline]
pub fn python_random(mt: &mut Mt) -> f64 {
    let a = f64::from(mt.next_u32() >> 5);
    let b = f64::from(mt.next_u32() >> 6);
    (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
}

/// Uniform integer in `0..=max` from a PCG stream (u64 arithmetic on every
/// target, so wasm32 and x86_64 agree).
pub(crate) fn uniform_inclusive(rng: &mut Pcg32, max: u64) -> u64 {
    rng.random_range(0..=max)
}

/// Sixteen bytes for a v4 id, drawn from the id stream of one event.
pub(crate) fn id_bytes(seed: u64, slot: u64) -> [u8; 16] {
    let mut rng = pcg(seed, Stream::EventId, slot);
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `python3 -c "import random; random.seed(7); print([random.random() for _ in range(3)])"`
    #[test]
    fn python_random_matches_cpython_seed_7() {
        let mut mt = python_seeded(7);
        let got: Vec<f64> = (0..3).map(|_| python_random(&mut mt)).collect();
        assert_eq!(got, [0.32383276483316237, 0.15084917392450192, 0.6509344730398537]);
    }

    /// Seeds above 2^32 use two key words, as CPython does.
    #[test]
    fn python_random_matches_cpython_large_seed() {
        let mut mt = python_seeded(12_345_678_901);
        assert_eq!(python_random(&mut mt), PY_LARGE_SEED_FIRST);
    }
    const PY_LARGE_SEED_FIRST: f64 = 0.9460118159397316;

    #[test]
    fn python_random_matches_cpython_seed_0() {
        let mut mt = python_seeded(0);
        assert_eq!(python_random(&mut mt), 0.8444218515250481);
    }
}
