//! A chart's scales, pure, so natively tested: `nice_up` rounds a top so
//! it holds still while a handle moves, and a broken axis lays two even
//! scales on one axis, parted at a knee. A chart whose key levels are
//! minutes under a run that reaches an hour (the age alert's 3 min and the
//! promise's 5 min under a poison message's 50 min) gives the minutes most
//! of its height and the rest of the hour what is left; a log scale would
//! do the same but bend a straight climb into a curve. The page's handles
//! and the charts' marks place values with the same functions, so a
//! handle sits on its line.

/// Where `value` falls along `from..to` (0…1, not clamped), values up to
/// `knee.0` filling the first `knee.1` of it.
pub fn along(value: f64, (from, to): (f64, f64), (knee_value, knee_along): (f64, f64)) -> f64 {
    if value <= knee_value {
        knee_along * (value - from) / (knee_value - from)
    } else {
        knee_along + (1.0 - knee_along) * (value - knee_value) / (to - knee_value)
    }
}

/// The value at `at` (0…1) of the axis: `along`'s inverse.
pub fn value_at(at: f64, (from, to): (f64, f64), (knee_value, knee_along): (f64, f64)) -> f64 {
    if at <= knee_along {
        from + at / knee_along * (knee_value - from)
    } else {
        knee_value + (at - knee_along) / (1.0 - knee_along) * (to - knee_value)
    }
}

/// The smallest «nice» value at or above `v`: a chart's scale holds still
/// while a handle moves within it, and the marks move (a scale fitted to
/// the run would rescale with the handle and draw the same shape). Counts
/// climb 1, 2, 5, 10…; times in seconds 1, 2, 5, 10, 20, 30 min, 1, 2, 3,
/// 6, 12 h, 1, 2, 4, 7, 14 d (then as counts).
pub fn nice_up(v: u64, seconds: bool) -> u64 {
    // 15 min, 45 min, 4 h and 8 h too: a run of 3 h 29 min drawn on 6 h
    // left 40 % of the chart empty (one of 33 min on 1 h, 45 %).
    const TIMES_S: [u64; 20] = [
        60, 120, 300, 600, 900, 1_200, 1_800, 2_700, 3_600, 7_200, 10_800, 14_400, 21_600, 28_800, 43_200, 86_400,
        172_800, 345_600, 604_800, 1_209_600,
    ];
    if let Some(t) = TIMES_S.iter().find(|t| seconds && **t >= v) {
        return *t;
    }
    let mut power = 1u64;
    loop {
        for mantissa in [1, 2, 5] {
            if mantissa * power >= v {
                return mantissa * power;
            }
        }
        match power.checked_mul(10) {
            Some(next) if next <= u64::MAX / 5 => power = next,
            _ => return v,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: (f64, f64) = (0.0, 3_000.0);
    const TEN_MIN: (f64, f64) = (600.0, 0.6);

    #[test]
    fn the_knee_parts_the_axis_where_it_says() {
        assert_eq!(along(0.0, HOUR, TEN_MIN), 0.0);
        assert_eq!(along(600.0, HOUR, TEN_MIN), 0.6);
        assert_eq!(along(3_000.0, HOUR, TEN_MIN), 1.0);
        // 3 min and 5 min, 6 % and 10 % of an even axis, are 18 % and 30 %.
        assert!((along(180.0, HOUR, TEN_MIN) - 0.18).abs() < 1e-9);
        assert!((along(300.0, HOUR, TEN_MIN) - 0.30).abs() < 1e-9);
        // Above the knee, each minute is a sixth as tall.
        assert!((along(1_800.0, HOUR, TEN_MIN) - 0.8).abs() < 1e-9);
    }

    #[test]
    fn nice_up_rounds_counts_and_times() {
        assert_eq!(nice_up(655_380, false), 1_000_000);
        assert_eq!(nice_up(600, true), 600, "10 min is a time's rung");
        assert_eq!(nice_up(601, true), 900);
        assert_eq!(nice_up(12_540, true), 14_400, "3 h 29 min: on 4 h, not 6 h");
        assert_eq!(nice_up(601, false), 1_000);
        assert_eq!(nice_up(u64::MAX, false), u64::MAX, "past the last rung: itself");
    }

    #[test]
    fn value_at_reads_back_what_along_placed() {
        for value in [0.0, 59.0, 180.0, 599.0, 600.0, 601.0, 1_234.0, 3_000.0] {
            let back = value_at(along(value, HOUR, TEN_MIN), HOUR, TEN_MIN);
            assert!((back - value).abs() < 1e-6, "{value} came back as {back}");
        }
    }
}
