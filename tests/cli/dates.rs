//! Games are kept in UTC and dated in local time: a game played on an evening in America is
//! of that evening, not of the next day (as it was listed).

use noctiluca::engine::ScoreInput;
use noctiluca::history::{GameEntry, History, Mode};
use std::process::Command;

/// `history list` of the history at `db`, in the time zone `tz` (POSIX form: "EST5" is five
/// hours behind UTC, no time zone database needed).
fn list_in(db: &std::path::Path, tz: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["history", "list", "--db", db.to_str().unwrap()])
        .env("TZ", tz)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_game_is_listed_on_its_local_date() {
    let dir = crate::scratch::scratch("noctiluca-dates", "tz");
    let db = dir.join("history.sqlite");
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    let result = noctiluca::engine::scoring::score(&input);
    // 2026-01-02 02:30 UTC: the evening of 1 January in New York, the morning of 2 January in
    // Taipei.
    let at = 1_767_321_000;
    let entry = GameEntry::from_score(Mode::Tabletop, &input, &result, &[], at);
    History::open(&db).unwrap().record(&entry).unwrap();
    assert!(list_in(&db, "UTC0").contains("2026-01-02"));
    let evening = list_in(&db, "EST5");
    assert!(evening.contains("2026-01-01"), "{evening}");
    assert!(!evening.contains("2026-01-02"), "{evening}");
    assert!(list_in(&db, "CST-8").contains("2026-01-02"));
}

/// Local midnight to local midnight: a date typed into a filter is a day where the person is.
#[test]
fn dates_and_offsets_agree() {
    let at = 1_767_321_000;
    let off = noctiluca::history::local_offset(at);
    assert_eq!(
        noctiluca::history::date(at),
        noctiluca::history::date_utc(at + off)
    );
    let day = noctiluca::history::parse_date(&noctiluca::history::date(at)).unwrap();
    assert!(day <= at && at < day + 86_400, "{day} {at}");
    assert_eq!(
        noctiluca::history::parse_date_utc("2026-01-02"),
        Some(1_767_312_000)
    );
}
