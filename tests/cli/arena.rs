//! The arena command, on a few quick games.

use std::process::Command;

fn arena(args: &[&str]) -> (bool, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .arg("arena")
        .args(args)
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn arena_prints_win_rates_with_intervals_and_move_times() {
    let (ok, out, err) = arena(&[
        "--players",
        "2",
        "--bots",
        "normal,random",
        "--games",
        "6",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("6 games, 2 players, seats rotated"), "{out}");
    assert!(out.contains("bot 1 (normal): wins"), "{out}");
    assert!(out.contains("95% CI"), "{out}");
    assert!(out.contains("average score"), "{out}");
    assert!(out.contains("average move time"), "{out}");
    // The same seed gives the same results, whatever the thread count.
    let (_, again, _) = arena(&[
        "--players",
        "2",
        "--bots",
        "normal,random",
        "--games",
        "6",
        "--seed",
        "3",
    ]);
    let results = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains("wins"))
            .map(String::from)
            .collect()
    };
    assert_eq!(results(&out), results(&again));
}

#[test]
fn arena_solo_and_four_seats() {
    let (ok, out, err) = arena(&["--solo", "--bots", "easy", "--games", "4", "--seed", "1"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("win rate") && out.contains("average net score"),
        "{out}"
    );
    let (ok, out, err) = arena(&[
        "--players",
        "4",
        "--bots",
        "hard:4,expert:4,normal",
        "--games",
        "1",
        "--seed",
        "1",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("bot 2 (expert:4)") && out.contains("bot 4 (normal)"),
        "{out}"
    );
    let (ok, _, err) = arena(&["--players", "2", "--bots", "genius", "--games", "1"]);
    assert!(!ok && err.contains("unknown bot"), "{err}");
    // No games, or fewer: said alike (-3 had been told "a number from 0 up", then 0 refused).
    for games in ["0", "-3"] {
        let (ok, _, err) = arena(&["--players", "2", "--bots", "easy", "--games", games]);
        assert!(!ok && err.contains("a number from 1 up"), "{games}: {err}");
    }
    let (ok, _, err) = arena(&["--players", "2", "--bots", "easy", "--games", "abc"]);
    assert!(
        !ok && err.contains("not a whole number (1, 2, 3, …)"),
        "{err}"
    );
}

/// Usage errors of a solo game are said for one seat ("2 bots for 1 seats" and "--seat must
/// be between 1 and 1" had been said).
#[test]
fn solo_usage_errors_speak_of_one_seat() {
    let o = crate::commands::noctiluca(&["arena", "--solo", "--bots", "normal,easy"]);
    let (_, err) = crate::commands::text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("2 bots for 1 seat;"), "{err}");
    let dir = crate::history::scratch("solo-seat");
    let log = crate::history::easy_solo_log(&dir.join("logs"));
    let o = crate::commands::noctiluca(&["review", log.to_str().unwrap(), "--seat", "2"]);
    let (_, err) = crate::commands::text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("--seat must be 1 in a solo game, not 2"),
        "{err}"
    );
}
