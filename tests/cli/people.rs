//! People in the history: a name differing only in letter case is the same person, a person
//! is renamed, or merged into another's name, and what cannot be done is refused with nothing
//! changed; from the command line too.

use noctiluca::engine::scoring::PlayerInput;
use noctiluca::engine::{ScoreInput, score};
use noctiluca::history::{Filter, GameEntry, History, Mode, RenameError, Renamed, person_stats};
use std::process::Command;

fn scratch(name: &str) -> crate::scratch::Scratch {
    crate::scratch::scratch("noctiluca-people", name)
}

/// A game at the table between `names` (`(name, bot level)`), recorded at `at`.
fn game(names: &[(&str, Option<&str>)], at: i64) -> GameEntry {
    let input = ScoreInput {
        players: names
            .iter()
            .enumerate()
            .map(|(i, (name, _))| PlayerInput {
                name: name.to_string(),
                delivered: 1 + i as u32,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let mut e = GameEntry::from_score(Mode::Tabletop, &input, &score(&input), &[], at);
    for (r, (_, bot)) in e.results.iter_mut().zip(names) {
        r.bot = bot.map(str::to_string);
    }
    e
}

fn people(h: &History) -> Vec<String> {
    h.people().unwrap().into_iter().map(|(n, _)| n).collect()
}

fn games_of(h: &History, name: &str) -> usize {
    h.games(&Filter {
        person: Some(name.into()),
        ..Filter::default()
    })
    .unwrap()
    .len()
}

#[test]
fn letter_case_is_one_person_unless_both_play_one_game() {
    let dir = scratch("case");
    let mut h = History::open(&dir.join("h.sqlite")).unwrap();
    h.record(&game(&[("Alice", None), ("Bob", None)], 1))
        .unwrap();
    h.record(&game(&[("alice", None), ("bob", None)], 2))
        .unwrap();
    assert_eq!(people(&h), ["Alice", "Bob"]);
    assert_eq!(games_of(&h, "Alice"), 2);
    // Two seats whose names differ only in case are two people.
    h.record(&game(&[("Ann", None), ("ANN", None)], 3)).unwrap();
    let mut all = people(&h);
    all.sort();
    assert_eq!(all, ["ANN", "Alice", "Ann", "Bob"]);
    // A seat of the exact name keeps its person, whatever seat comes first: "alice" after
    // "Alice" had made the two seats one person (Alice, by her letters' case and then
    // exactly), who both won and lost the game.
    h.record(&game(&[("ALICE", None), ("Alice", None)], 4))
        .unwrap();
    let mut all = people(&h);
    all.sort();
    assert_eq!(all, ["ALICE", "ANN", "Alice", "Ann", "Bob"]);
    assert_eq!(games_of(&h, "Alice"), 3);
    assert_eq!(games_of(&h, "ALICE"), 1);
    drop(h);
    // Listed by their own names (they had been "ALICE #1" and "Alice #2", no one's names);
    // two AIs of one level, one person, are told apart by seat.
    assert_eq!(
        noctiluca::words::seat_people(["ALICE", "Alice"]),
        ["ALICE", "Alice"]
    );
    assert_eq!(
        noctiluca::words::seat_people(["normal bot", "normal bot"]),
        ["AI Normal #1", "AI Normal #2"]
    );
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["history", "list", "--csv", "--db"])
        .arg(dir.join("h.sqlite"))
        .output()
        .unwrap();
    let csv = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{csv}");
    assert!(csv.contains("ALICE") && !csv.contains('#'), "{csv}");
}

#[test]
fn a_person_is_renamed_or_merged_and_refusals_change_nothing() {
    let dir = scratch("rename");
    let mut h = History::open(&dir.join("h.sqlite")).unwrap();
    h.record(&game(&[("Al", None), ("Bea", None)], 1)).unwrap();
    h.record(&game(&[("Al", None), ("hard bot", Some("hard"))], 2))
        .unwrap();
    h.record(&game(&[("Alan", None), ("Cy", None)], 3)).unwrap();
    // A rename: the games go with the new name.
    assert_eq!(
        h.rename_person("Al", " Albert "),
        Ok(Renamed::Renamed { games: 2 })
    );
    assert_eq!(games_of(&h, "Albert"), 2);
    assert_eq!(games_of(&h, "Al"), 0);
    // A merge into a name that is there already: one person, with every game.
    assert_eq!(
        h.rename_person("Alan", "Albert"),
        Ok(Renamed::Merged { games: 1 })
    );
    assert_eq!(games_of(&h, "Albert"), 3);
    assert!(!people(&h).contains(&"Alan".to_string()));
    let stats = person_stats(&h, Some("Albert")).unwrap();
    assert_eq!(stats[0].games, 3);
    // Refused, and nothing changed.
    let before = h.games(&Filter::default()).unwrap();
    assert_eq!(
        h.rename_person("Albert", "Bea"),
        Err(RenameError::SameGame { games: 1 })
    );
    assert_eq!(
        h.rename_person("Nobody", "X"),
        Err(RenameError::NoSuchPerson)
    );
    assert_eq!(h.rename_person("hard bot", "Hal"), Err(RenameError::Bot));
    assert_eq!(h.rename_person("Cy", "Easy Bot"), Err(RenameError::Bot));
    assert_eq!(h.rename_person("Cy", "  "), Err(RenameError::Empty));
    assert_eq!(
        h.rename_person("Cy", &"y".repeat(41)),
        Err(RenameError::TooLong)
    );
    assert_eq!(h.rename_person("Cy", "Cy"), Ok(Renamed::Unchanged));
    assert_eq!(h.games(&Filter::default()).unwrap(), before);
}

#[test]
fn history_rename_on_the_command_line() {
    let dir = scratch("cli");
    let db = dir.join("h.sqlite");
    {
        let mut h = History::open(&db).unwrap();
        h.record(&game(&[("alice", None), ("Bob", None)], 1))
            .unwrap();
        h.record(&game(&[("Ally", None), ("Bob", None)], 2))
            .unwrap();
    }
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_noctiluca"))
            .args(["history", "rename"])
            .args(args)
            .args(["--db", db.to_str().unwrap()])
            .output()
            .unwrap()
    };
    let o = run(&["alice", "Alice"]);
    assert!(o.status.success());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "alice is now Alice in the history (1 game).\n"
    );
    let o = run(&["Ally", "Alice"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "Alice now has Ally's 1 game: the two names are one person.\n"
    );
    let o = run(&["Alice", "Bob"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "error: Alice and Bob played each other in 2 games, so they are two people; nothing was changed\n"
    );
    // An AI, named as the list and the statistics show it, is said to be one, either way.
    {
        let mut h = History::open(&db).unwrap();
        h.record(&game(&[("Bob", None), ("easy bot", Some("easy"))], 3))
            .unwrap();
    }
    // "AI Easy #2", as `history list` and the CSV tell two seats of a level apart, too.
    for args in [
        ["AI Easy", "Eddie"],
        ["Bob", "AI Easy"],
        ["AI Easy #2", "Eddie"],
        ["Bob", "ai easy #1"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("nobody called"), "{args:?}: {err}");
        assert!(err.contains("AI"), "{args:?}: {err}");
    }
    let h = History::open(&db).unwrap();
    assert_eq!(people(&h), ["Alice", "Bob", "easy bot"]);
    // Statistics asked for in another letter case name the person meant.
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["stats", "--person", "ALICE", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stdout).ends_with("; did you mean Alice?\n"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    // A history of table games asked for its solo ones says that kind is missing ("no games
    // recorded yet" had been said of it).
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["stats", "--games", "solo", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("no solo games recorded ("), "{out}");
    // So does the list (it said "0 game(s)" and nothing more), and of a name like no one's.
    let list = |name: &str| {
        Command::new(env!("CARGO_BIN_EXE_noctiluca"))
            .args([
                "history",
                "list",
                "--person",
                name,
                "--db",
                db.to_str().unwrap(),
            ])
            .output()
            .unwrap()
    };
    let o = list("ALICE");
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout), "0 games\n");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "no games recorded for ALICE; did you mean Alice?\n"
    );
    let o = list("nobody");
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout), "0 games\n");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "no games recorded for nobody\n"
    );
}

/// A game between `(name, bot, total)` seats, the highest total winning (ties shared).
fn scored(seats: &[(&str, Option<&str>, i64)], id: i64) -> noctiluca::history::GameRow {
    let best = seats.iter().map(|s| s.2).max().unwrap();
    noctiluca::history::GameRow {
        id,
        played_at: 1_000 + id,
        mode: Mode::Tabletop,
        players: seats.len() as u8,
        seed: None,
        has_log: false,
        results: seats
            .iter()
            .enumerate()
            .map(|(i, &(name, bot, total))| noctiluca::history::ResultEntry {
                name: name.into(),
                bot: bot.map(str::to_string),
                seat: i as u8,
                total,
                tempest: (seats.len() == 1).then_some(10),
                winner: total == best,
                rank: 1 + seats.iter().filter(|s| s.2 > total).count() as u32,
                ..Default::default()
            })
            .collect(),
    }
}

#[test]
fn records_are_people_s_and_stay_with_whoever_set_them_first() {
    let hard = Some("hard");
    let games = [
        scored(&[("Ann", None, 50), ("Bo", None, 40)], 1),
        // A bot's score and win are no record.
        scored(&[("Ann", None, 30), ("hard bot", hard, 90)], 2),
        scored(&[("Bo", None, 60), ("Ann", None, 35)], 3),
        scored(&[("Bo", None, 60), ("Cy", None, 20)], 4),
        // Bo ties his best and his margin: the records stay with game 3 and game 4.
        scored(&[("Bo", None, 60), ("Ann", None, 20)], 5),
        scored(&[("Ann", None, 25)], 6),
        scored(&[("Cy", None, 33), ("Ann", None, 33)], 7),
    ];
    let r = noctiluca::history::records_of(&games);
    let rec = |r: &Option<noctiluca::history::Record>| {
        let r = r.as_ref().unwrap();
        (r.name.clone(), r.value, r.game)
    };
    assert_eq!(rec(&r.best_score), ("Bo".into(), 60, 3));
    assert_eq!(rec(&r.biggest_win), ("Bo".into(), 40, 4));
    // Solo: the total less the tempest's 10.
    assert_eq!(rec(&r.best_solo), ("Ann".into(), 15, 6));
    assert_eq!(rec(&r.most_games), ("Ann".into(), 6, 7));
    // Ann won games 1, 6 and 7 (shared): 3 wins, as many as Bo, who got there first (game 5):
    // the record is theirs both.
    assert_eq!(rec(&r.most_wins), ("Bo".into(), 3, 5));
    assert_eq!(r.most_wins.as_ref().unwrap().shared_with, ["Ann"]);
    assert!(r.most_games.as_ref().unwrap().shared_with.is_empty());
    assert_eq!(rec(&r.longest_run), ("Bo".into(), 3, 5));
    assert!(noctiluca::history::records_of(&[]).is_empty());
}

/// A person in two seats of one game (two names the history took for one) has played one game
/// more, not two, and won it if either seat did.
#[test]
fn records_count_a_person_once_a_game() {
    let games = [
        scored(
            &[("Bob", None, 50), ("Bob", None, 40), ("Ann", None, 45)],
            1,
        ),
        scored(&[("Ann", None, 30), ("Cy", None, 20)], 2),
    ];
    let r = noctiluca::history::records_of(&games);
    let most = r.most_games.as_ref().unwrap();
    assert_eq!((most.value, most.name.as_str()), (2, "Ann"));
    assert_eq!(
        most.shared_with,
        Vec::<String>::new(),
        "Bob played 1 game, not 2"
    );
    let wins = r.most_wins.as_ref().unwrap();
    assert_eq!((wins.value, wins.name.as_str()), (1, "Bob"));
    assert_eq!(wins.shared_with, ["Ann"]);
}

#[test]
fn stats_records_on_the_command_line() {
    let dir = scratch("records");
    let db = dir.join("h.sqlite");
    let stats = |extra: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
            .args(["stats", "--records", "--db", db.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    History::open(&db).unwrap();
    assert!(stats(&[]).starts_with("no records yet"));
    History::open(&db)
        .unwrap()
        .record(&game(&[("Ann", None), ("Bo", None)], 86_400))
        .unwrap();
    let out = stats(&[]);
    assert!(out.contains("Most games: 1 (Ann, Bo)\n"), "{out}");
    assert!(out.contains("(game 1)"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&stats(&["--json"])).unwrap();
    assert_eq!(json["most_games"]["value"], 1);
    assert_eq!(json["most_games"]["shared_with"][0], "Bo");
    assert_eq!(json["best_solo"], serde_json::Value::Null);
}

/// `stats` lists the people by name, then the AI players, as the window does ("easy bot"
/// had come between the people, as "AI Easy").
#[test]
fn stats_lists_the_people_then_the_ai_players() {
    let dir = scratch("stats-order");
    let db = dir.join("h.sqlite");
    let mut h = History::open(&db).unwrap();
    h.record(&game(&[("Zed", None), ("easy bot", Some("easy"))], 86_400))
        .unwrap();
    h.record(&game(&[("ann", None), ("Bo", None)], 2 * 86_400))
        .unwrap();
    drop(h);
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["stats", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    let names: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split(':').next())
        .collect();
    assert_eq!(names, ["ann", "Bo", "Zed", "AI Easy"], "{out}");
}

/// The games a filter finds are counted whatever the list's limit.
#[test]
fn the_games_a_filter_finds_are_counted_whatever_the_limit() {
    let dir = scratch("count");
    let mut h = History::open(&dir.join("h.sqlite")).unwrap();
    for k in 0..7 {
        let other = if k % 2 == 0 { "Bo" } else { "Cy" };
        h.record(&game(&[("Ann", None), (other, None)], 86_400 * (k + 1)))
            .unwrap();
    }
    let all = noctiluca::history::Filter {
        limit: Some(3),
        ..Default::default()
    };
    assert_eq!(h.games(&all).unwrap().len(), 3);
    assert_eq!(h.count_games(&all).unwrap(), 7);
    let bo = noctiluca::history::Filter {
        person: Some("Bo".into()),
        ..all.clone()
    };
    assert_eq!(h.count_games(&bo).unwrap(), 4);
}
