//! Probabilities as integer parts per million: exact, portable and cheap to
//! compare with an integer draw.

use std::fmt;

/// A probability in [0, 1] with a resolution of one part per million.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Probability {
    ppm: u32,
}

impl Probability {
    pub const SCALE_PPM: u32 = 1_000_000;
    pub const ZERO: Self = Self { ppm: 0 };
    pub const ONE: Self = Self { ppm: Self::SCALE_PPM };

    pub const fn from_ppm(ppm: u32) -> Option<Self> {
        if ppm <= Self::SCALE_PPM {
            Some(Self { ppm })
        } else {
            None
        }
    }

    /// Rounds to the nearest ppm; `None` for NaN or values outside [0, 1].
    pub fn from_f64(p: f64) -> Option<Self> {
        if !(0.0..=1.0).contains(&p) {
            return None;
        }
        Some(Self { ppm: (p * f64::from(Self::SCALE_PPM)).round() as u32 })
    }

    /// Parses a decimal in [0, 1] with at most six decimals (`0.05`, `1`,
    /// `.5`, `0.300000`), exactly: no float rounding, and no float parser in
    /// the wasm bundle.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) || frac.len() > 6 || whole.len() > 7
        {
            return None;
        }
        let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
        let frac_ppm: u32 = if frac.is_empty() { 0 } else { format!("{frac:0<6}").parse().ok()? };
        Self::from_ppm(whole.checked_mul(Self::SCALE_PPM)?.checked_add(frac_ppm)?)
    }

    pub const fn ppm(self) -> u32 {
        self.ppm
    }

    /// The probability scaled to 2^32, for comparing with one raw 32-bit draw:
    /// `draw < threshold` happens with probability ppm/10^6 (within 2^-33),
    /// with one draw and no rejection loop, in integer arithmetic on every target.
    pub const fn threshold_2_32(self) -> u64 {
        (self.ppm as u64 * (1u64 << 32) + Self::SCALE_PPM as u64 / 2) / Self::SCALE_PPM as u64
    }

    /// ppm / 10^6 is the correctly rounded double of the decimal, so 0.05 here
    /// equals Python's literal 0.05 bit for bit.
    pub fn as_f64(self) -> f64 {
        f64::from(self.ppm) / f64::from(Self::SCALE_PPM)
    }
}

impl fmt::Display for Probability {
    /// Shortest decimal that round-trips through [`Probability::parse`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.ppm / Self::SCALE_PPM;
        let frac = self.ppm % Self::SCALE_PPM;
        if frac == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{frac:06}");
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_decimals() {
        for (text, ppm) in [("0", 0), ("1", 1_000_000), ("0.05", 50_000), ("0.3", 300_000), ("0.000001", 1)] {
            let p = Probability::parse(text).unwrap();
            assert_eq!(p.ppm(), ppm, "{text}");
            assert_eq!(p.to_string(), text);
        }
        assert_eq!(Probability::parse("1.5"), None);
        assert_eq!(Probability::parse("-0.1"), None);
        assert_eq!(Probability::parse("NaN"), None);
        assert_eq!(Probability::parse("abc"), None);
        assert_eq!(Probability::parse("0.0000001"), None, "more than six decimals");
        assert_eq!(Probability::parse(".5").unwrap().ppm(), 500_000);
        assert_eq!(Probability::parse("1.000000").unwrap(), Probability::ONE);
        for bad in ["", ".", "1e-3", "+0.5", "0,5", "0.5.1", "99999999999"] {
            assert_eq!(Probability::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Probability::parse("0.05").unwrap().as_f64(), 0.05);
        assert_eq!(Probability::ZERO.threshold_2_32(), 0, "never below 0");
        assert_eq!(Probability::ONE.threshold_2_32(), 1 << 32, "every u32 draw is below 2^32");
        assert_eq!(Probability::parse("0.5").unwrap().threshold_2_32(), 1 << 31);
    }
}
