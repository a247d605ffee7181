//! Logs imported into the history: dated by their files, a bot with a budget the AI of its
//! level, and a person's average lines adding up to their average with solo games.

use crate::history::{easy_solo_log, import, one_game_log, run, scratch};
use noctiluca::engine::GameRecord;
use noctiluca::history::{self, GameEntry, History, Mode};

/// A bot given a budget ("hard:20") is the AI of its level, as one without is: it had become a
/// person of its own, "hard:20 bot", beside "hard bot". Its seat keeps the level it played at.
#[test]
fn a_bot_with_a_budget_is_the_ai_of_its_level() {
    let dir = scratch("budget-bot");
    let log = one_game_log(
        &dir.join("logs"),
        &["--players", "2", "--seed", "3", "--bots", "hard:20,easy"],
    );
    let rec = GameRecord::from_ron(&std::fs::read_to_string(&log).unwrap()).unwrap();
    let e = GameEntry::from_log(&rec, Mode::Imported, 100).unwrap();
    let people: Vec<&str> = e.results.iter().map(|r| &*r.name).collect();
    assert_eq!(people, ["hard bot", "easy bot"]);
    let levels: Vec<Option<&str>> = e.results.iter().map(|r| r.bot.as_deref()).collect();
    assert_eq!(levels, [Some("hard:20"), Some("easy")]);
    assert_eq!(history::bot_person("Normal:300ms"), "normal bot");
}

/// An imported log is dated by its file's last change, when the game was played as near as
/// is known: every game imported at once had the minute of the import.
#[test]
fn an_imported_log_is_dated_by_its_file() {
    let dir = scratch("import-dated");
    let log = easy_solo_log(&dir.join("logs"));
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
    std::fs::File::options()
        .write(true)
        .open(&log)
        .unwrap()
        .set_modified(when)
        .unwrap();
    let db = dir.join("h.sqlite");
    import(&log, &db);
    let out = run(&["history", "list", "--json", "--db", db.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[0]["time"].as_i64(), Some(1_700_000_000), "{out}");
}

/// A person's average lines add up to their average when solo games are among their games:
/// the tempest's share is one of them (the average counts a solo game by its net score, and
/// the lines had added up to more).
#[test]
fn the_average_lines_add_up_to_the_average_with_solo_games() {
    let dir = scratch("lines-add-up");
    let db = dir.join("h.sqlite");
    let solo = easy_solo_log(&dir.join("solo"));
    let table = one_game_log(
        &dir.join("table"),
        &["--players", "2", "--seed", "5", "--bots", "easy,random"],
    );
    for log in [&solo, &table] {
        import(log, &db);
    }
    let h = History::open(&db).unwrap();
    let easy = history::person_stats(&h, Some("easy bot"))
        .unwrap()
        .remove(0);
    assert_eq!(easy.games, 2);
    assert!(
        easy.tempest > 0.0,
        "the solo game's tempest took nothing: {easy:?}"
    );
    let sum: f64 = easy.lines.iter().sum();
    assert!(
        (sum - easy.tempest - easy.average).abs() < 1e-9,
        "lines {:?} less {} against {}",
        easy.lines,
        easy.tempest,
        easy.average
    );
    // In words and JSON too.
    let out = run(&[
        "stats",
        "--person",
        "easy bot",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert!(
        out.contains(&format!(", tempest -{:.1}", easy.tempest)),
        "{out}"
    );
    let out = run(&[
        "stats",
        "--person",
        "easy bot",
        "--json",
        "--db",
        db.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let v = if v.is_array() { v[0].clone() } else { v };
    assert_eq!(
        v["average_lines"]["tempest"].as_f64(),
        Some(easy.tempest),
        "{out}"
    );
}

/// The seats of a game hosted by `serve` and joined by `join --bot` are told apart: an AI's
/// seat ("normal 2", as `serve` writes it) and a joined bot without a name ("bot:hard:200ms")
/// are the AIs of their levels, a person's name stays a person's. They had been people called
/// "normal" and "bot:hard:200ms", counted in the records and open to renaming.
#[test]
fn a_hosted_games_ais_are_ais_in_the_history() {
    let dir = scratch("hosted-ais");
    let log = one_game_log(
        &dir.join("logs"),
        &["--players", "4", "--seed", "5", "--bots", "random"],
    );
    let mut rec = GameRecord::from_ron(&std::fs::read_to_string(&log).unwrap()).unwrap();
    rec.names = ["Alice", "normal 2", "bot:hard:200ms", "Bot:Nobody"]
        .map(String::from)
        .to_vec();
    let e = GameEntry::from_log(&rec, Mode::Imported, 100).unwrap();
    let people: Vec<&str> = e.results.iter().map(|r| &*r.name).collect();
    assert_eq!(people, ["Alice", "normal bot", "hard bot", "Bot:Nobody"]);
    let levels: Vec<Option<&str>> = e.results.iter().map(|r| r.bot.as_deref()).collect();
    assert_eq!(levels, [None, Some("normal"), Some("hard:200ms"), None]);
}

/// `history list --with` lists the games two people played together, as head to head counts
/// them in the window.
#[test]
fn history_list_finds_two_peoples_games_together() {
    let dir = scratch("list-with");
    let db = dir.join("h.sqlite");
    for (i, bots) in ["easy,random", "easy,normal", "normal,random"]
        .iter()
        .enumerate()
    {
        let log = one_game_log(
            &dir.join(format!("logs{i}")),
            &["--players", "2", "--seed", "9", "--bots", bots],
        );
        import(&log, &db);
    }
    let db = db.to_str().unwrap();
    let list = |args: &[&str]| {
        let mut all = vec!["history", "list", "--db", db];
        all.extend_from_slice(args);
        run(&all)
    };
    let out = list(&["--person", "AI Easy", "--with", "AI Normal"]);
    assert!(out.ends_with("\n1 game\n"), "{out}");
    assert!(
        out.contains("AI Easy: ") && out.contains("AI Normal: "),
        "{out}"
    );
    assert!(!out.contains("AI Random"), "{out}");
    assert!(list(&["--with", "AI Random"]).ends_with("\n2 games\n"));
    assert!(list(&[]).ends_with("\n3 games\n"));
    // As CSV, as the window exports it: a row per person and game, with the filters.
    let csv = list(&["--csv"]);
    assert!(
        csv.starts_with("game,date,time (UTC),mode,players,person,seat,"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 1 + 6, "{csv}");
    let csv = list(&["--csv", "--person", "AI Easy", "--with", "AI Normal"]);
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(
        rows.iter()
            .all(|r| r.contains(",AI Easy,") || r.contains(",AI Normal,")),
        "{csv}"
    );
}
