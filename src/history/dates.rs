//! Dates of games: kept as seconds since 1970 (UTC), shown and filtered in local time.

/// The offset from UTC of this computer's time zone at `secs` (seconds since 1970), in
/// seconds; 0 where it cannot be told. Games are kept in UTC and shown in local time: a game
/// played on an evening in America is of that evening, not of the next day.
pub fn local_offset(secs: i64) -> i64 {
    #[cfg(unix)]
    {
        // A `time_t` is 64 bits wide wherever the app is built.
        let t = secs as libc::time_t;
        // SAFETY: `tm` is plain data, zeroes are a valid value of it, and both pointers are
        // to locals that outlive the call (the re-entrant form, safe across threads).
        let mut tm: libc::tm = unsafe { std::mem::zeroed() };
        if !unsafe { libc::localtime_r(&t, &mut tm) }.is_null() {
            return tm.tm_gmtoff as i64;
        }
    }
    #[cfg(not(unix))]
    let _ = secs;
    0
}

/// `YYYY-MM-DD`, in local time, of seconds since 1970.
pub fn date(secs: i64) -> String {
    date_utc(secs + local_offset(secs))
}

/// `YYYY-MM-DD HH:MM`, in local time, of seconds since 1970.
pub fn date_time(secs: i64) -> String {
    date_time_utc(secs + local_offset(secs))
}

/// `YYYY-MM-DD` (UTC) of seconds since 1970.
pub fn date_utc(secs: i64) -> String {
    let (y, m, d) = crate::paths::civil(secs.div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// `YYYY-MM-DD HH:MM` (UTC) of seconds since 1970.
pub fn date_time_utc(secs: i64) -> String {
    let in_day = secs.rem_euclid(86_400);
    format!(
        "{} {:02}:{:02}",
        date_utc(secs),
        in_day / 3600,
        in_day % 3600 / 60
    )
}

/// Seconds since 1970 of the local midnight that starts a `YYYY-MM-DD` date.
pub fn parse_date(s: &str) -> Option<i64> {
    let utc = parse_date_utc(s)?;
    Some(utc - local_offset(utc))
}

/// Seconds since 1970 of the start (UTC) of a `YYYY-MM-DD` date.
pub fn parse_date_utc(s: &str) -> Option<i64> {
    let mut it = s.trim().split('-');
    let y: i64 = it.next()?.parse().ok()?;
    let m: i64 = it.next()?.parse().ok()?;
    let d: i64 = it.next()?.parse().ok()?;
    // A day the month does not have (2026-02-30) is no date: it had been taken as the
    // days after the month's end (2026-03-02), and a filter said nothing of it.
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if it.next().is_some() || !(1..=12).contains(&m) || !(1..=days).contains(&d) {
        return None;
    }
    // Howard Hinnant's days-from-civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some((era * 146_097 + doe - 719_468) * 86_400)
}

#[cfg(test)]
mod tests {
    use super::parse_date_utc;

    #[test]
    fn a_day_the_month_has_not_is_no_date() {
        for bad in [
            "2026-02-29",
            "2026-02-30",
            "2026-04-31",
            "2100-02-29",
            "2026-13-01",
        ] {
            assert_eq!(parse_date_utc(bad), None, "{bad}");
        }
        let day = |s| parse_date_utc(s).unwrap();
        assert_eq!(day("2024-02-29") + 86_400, day("2024-03-01"));
        assert_eq!(day("2000-02-29") + 86_400, day("2000-03-01"));
        assert_eq!(day("2026-12-31") + 86_400, day("2027-01-01"));
        assert_eq!(day("1970-01-01"), 0);
    }
}
