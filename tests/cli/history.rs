//! The history database against a real SQLite file: imported logs agree with totals computed
//! from the logs, nothing is doubled, an old schema is upgraded keeping every row, faults are
//! named, and two writers at once lose nothing.

use noctiluca::engine::GameRecord;
use noctiluca::history::{
    self, Filter, GameEntry, History, HistoryError, Mode, Recorded, SCHEMA_VERSION,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

pub(crate) fn scratch(name: &str) -> crate::scratch::Scratch {
    crate::scratch::scratch("noctiluca-history", name)
}

fn simulate(dir: &Path, players: &str, games: &str, seed: &str) -> Vec<PathBuf> {
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args([
            "simulate",
            "--players",
            players,
            "--games",
            games,
            "--seed",
            seed,
        ])
        .args([
            "--bots",
            "normal,easy,random,easy",
            "--log-dir",
            dir.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let mut logs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    logs.sort();
    logs
}

/// Runs the binary, which must succeed; returns what it printed.
pub(crate) fn run(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn imported_logs_agree_with_their_own_totals_and_are_never_doubled() {
    let dir = scratch("import");
    let logs = simulate(&dir.join("logs"), "3", "500", "21");
    assert_eq!(logs.len(), 500);
    let db = dir.join("h.sqlite");
    let mut args = vec!["history".to_string(), "import".into()];
    args.extend(logs.iter().map(|p| p.display().to_string()));
    args.extend(["--db".into(), db.display().to_string()]);
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(&args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("500 recorded, 0 already there"));
    // Again: nothing doubled.
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(&args)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stdout).contains("0 recorded, 500 already there"));

    // Totals straight from the logs, per person.
    let mut want: BTreeMap<String, (u32, u32, i64)> = BTreeMap::new();
    for l in &logs {
        let rec = GameRecord::from_ron(&std::fs::read_to_string(l).unwrap()).unwrap();
        let e = GameEntry::from_log(&rec, Mode::Imported, 0).unwrap();
        for r in &e.results {
            let w = want.entry(r.name.clone()).or_default();
            w.0 += 1;
            w.1 += r.winner as u32;
            w.2 += r.total;
        }
    }
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["stats", "--json", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    let stats: Vec<serde_json::Value> = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(stats.len(), want.len());
    for s in &stats {
        let (games, wins, total) = want[s["name"].as_str().unwrap()];
        assert_eq!(s["games"].as_u64().unwrap() as u32, games);
        assert_eq!(s["wins"].as_u64().unwrap() as u32, wins);
        let avg = s["average"].as_f64().unwrap();
        assert!((avg - total as f64 / games as f64).abs() < 1e-9);
        // Every figure under a name of its own.
        let scores = s["scores"].as_array().unwrap();
        assert_eq!(scores.len() as u32, games);
        assert!(
            scores
                .iter()
                .all(|g| g["played_at"].is_i64() && g["total"].is_i64())
        );
        let sum: i64 = scores.iter().map(|g| g["total"].as_i64().unwrap()).sum();
        assert_eq!(sum, total);
        for line in [
            "tokens",
            "majorities",
            "jar_bonus",
            "favourite",
            "leftovers",
        ] {
            assert!(s["average_lines"][line].is_f64(), "{line}: {s}");
        }
        let by = s["by_players"].as_array().unwrap();
        assert!(
            by.iter()
                .all(|b| b["players"].is_u64() && b["seat_wins"].is_u64())
        );
    }
    // A person with no games is not taken for an empty history.
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["stats", "--person", "nobody", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("no games recorded for nobody"), "{out}");
    let h = History::open(&db).unwrap();
    assert_eq!(h.games(&Filter::default()).unwrap().len(), 500);
    assert_eq!(h.integrity().unwrap(), "ok");
}

#[test]
fn an_old_schema_is_upgraded_keeping_every_row() {
    let dir = scratch("migrate");
    let db = dir.join("h.sqlite");
    let logs = simulate(&dir.join("logs"), "2", "5", "3");
    {
        // A file as the first release left it: schema 1, rows written with its columns.
        let h = History::open_version(&db, 1).unwrap();
        assert_eq!(h.version().unwrap(), 1);
        for (k, l) in logs.iter().enumerate() {
            let text = std::fs::read_to_string(l).unwrap();
            let c = h.conn();
            c.execute(
                "INSERT INTO games (played_at, mode, players, log, log_key) VALUES (?1, 'imported', 2, ?2, ?3)",
                rusqlite::params![k as i64, text, format!("key{k}")],
            )
            .unwrap();
            let game = c.last_insert_rowid();
            for seat in 0..2 {
                c.execute(
                    "INSERT OR IGNORE INTO people (name) VALUES (?1)",
                    [format!("P{seat}")],
                )
                .unwrap();
                c.execute(
                    "INSERT INTO results (game_id, person_id, seat, token_points, majority_points,
                     jar_bonus, favourite_points, leftovers, total, rank, winner)
                     SELECT ?1, id, ?2, 10, 2, 3, 4, 1, 20, ?2 + 1, ?2 = 0 FROM people WHERE name = ?3",
                    rusqlite::params![game, seat, format!("P{seat}")],
                )
                .unwrap();
            }
        }
    }
    let h = History::open(&db).unwrap();
    assert_eq!(h.version().unwrap(), SCHEMA_VERSION);
    let games = h.games(&Filter::default()).unwrap();
    assert_eq!(games.len(), 5);
    assert!(games.iter().all(|g| g.results.len() == 2 && g.has_log));
    assert!(
        games
            .iter()
            .all(|g| g.results[0].winner && g.results[0].total == 20)
    );
    assert!(
        games
            .iter()
            .all(|g| g.results.iter().all(|r| r.delivered == 0)),
        "the new column has its default"
    );
    assert_eq!(h.integrity().unwrap(), "ok");
}

#[test]
fn faults_are_named_and_nothing_is_deleted() {
    let dir = scratch("faults");
    // Not a database.
    let junk = dir.join("junk.sqlite");
    std::fs::write(&junk, b"this is not a database, just words in a file").unwrap();
    assert_eq!(History::open(&junk).err(), Some(HistoryError::Corrupt));
    assert!(junk.exists(), "never deleted");
    // A newer schema.
    let newer = dir.join("newer.sqlite");
    {
        let h = History::open(&newer).unwrap();
        h.conn()
            .execute(
                "UPDATE schema_version SET version = ?1",
                [SCHEMA_VERSION + 5],
            )
            .unwrap();
    }
    assert_eq!(
        History::open(&newer).err(),
        Some(HistoryError::Newer {
            found: SCHEMA_VERSION + 5
        })
    );
    // ...which can still be read.
    let ro = History::open_read_only(&newer).unwrap();
    assert!(ro.games(&Filter::default()).unwrap().is_empty());
    // The commands that only read do read it, and nothing is created for a read.
    let out = run(&["history", "list", "--db", newer.to_str().unwrap()]);
    assert!(out.contains("0 games"), "{out}");
    // A file named with --db that is not there (mistyped, likely) is said, not read as a
    // history without games; a file on the way where a folder should be is said as such.
    let none = dir.join("none-yet.sqlite");
    let on_the_way = dir.join("a-plain-file");
    std::fs::write(&on_the_way, "x").unwrap();
    // An empty file is no history, and stays empty (it had been made a database).
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    for (db, words) in [
        (none.clone(), "there is no history file there"),
        (empty.clone(), "the file is empty, not a history"),
        (
            on_the_way.join("sub").join("h.sqlite"),
            "a file stands where its folder should be",
        ),
    ] {
        for cmd in [&["stats"][..], &["history", "list"][..]] {
            let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
                .args(cmd)
                .args(["--db", db.to_str().unwrap()])
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(2), "{cmd:?} {db:?}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains(words), "{err}");
            assert!(!String::from_utf8_lossy(&o.stdout).contains("no games recorded yet"));
        }
    }
    assert!(!none.exists(), "a read creates nothing");
    assert_eq!(
        std::fs::metadata(&empty).unwrap().len(),
        0,
        "a read writes nothing"
    );
    // A read-only folder.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let ro_dir = dir.join("read-only");
        std::fs::create_dir_all(&ro_dir).unwrap();
        std::fs::set_permissions(&ro_dir, std::fs::Permissions::from_mode(0o555)).unwrap();
        let r = History::open(&ro_dir.join("h.sqlite"));
        std::fs::set_permissions(&ro_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        // (root may write anyway; then the open simply succeeds)
        if let Err(e) = r {
            assert_eq!(e, HistoryError::ReadOnly);
        }
    }
    // Locked by another writer: a write waits its turn rather than failing.
    let db = dir.join("locked.sqlite");
    let logs = simulate(&dir.join("logs"), "2", "2", "9");
    let a = History::open(&db).unwrap();
    a.conn().execute_batch("BEGIN IMMEDIATE").unwrap();
    let writer = {
        let db = db.clone();
        let log = logs[1].clone();
        std::thread::spawn(move || {
            let mut b = History::open(&db).unwrap();
            let rec = GameRecord::from_ron(&std::fs::read_to_string(log).unwrap()).unwrap();
            b.record(&GameEntry::from_log(&rec, Mode::Imported, 0).unwrap())
        })
    };
    // The other writer waits while this one holds the lock, then goes on.
    std::thread::sleep(std::time::Duration::from_millis(200));
    a.conn().execute_batch("COMMIT").unwrap();
    let b_handle = writer.join().unwrap();
    assert!(matches!(b_handle, Ok(Recorded::Added(_))), "{b_handle:?}");
}

#[test]
fn two_writers_at_once_lose_nothing() {
    let dir = scratch("concurrent");
    let db = dir.join("h.sqlite");
    let logs = simulate(&dir.join("logs"), "4", "40", "5");
    History::open(&db).unwrap();
    let halves: Vec<Vec<PathBuf>> = logs.chunks(20).map(|c| c.to_vec()).collect();
    std::thread::scope(|s| {
        for half in &halves {
            let db = db.clone();
            s.spawn(move || {
                let mut h = History::open(&db).unwrap();
                for l in half {
                    let rec = GameRecord::from_ron(&std::fs::read_to_string(l).unwrap()).unwrap();
                    let e = GameEntry::from_log(&rec, Mode::Imported, 0).unwrap();
                    assert!(matches!(h.record(&e), Ok(Recorded::Added(_))));
                }
            });
        }
    });
    let h = History::open(&db).unwrap();
    assert_eq!(h.games(&Filter::default()).unwrap().len(), 40);
    assert_eq!(h.integrity().unwrap(), "ok");
}

#[test]
fn a_deleted_game_comes_back_with_undo_and_the_queue_is_written_later() {
    let dir = scratch("delete");
    let db = dir.join("h.sqlite");
    let logs = simulate(&dir.join("logs"), "2", "5", "11");
    let mut h = History::open(&db).unwrap();
    let entries: Vec<GameEntry> = logs
        .iter()
        .map(|l| {
            let rec = GameRecord::from_ron(&std::fs::read_to_string(l).unwrap()).unwrap();
            GameEntry::from_log(&rec, Mode::Imported, 100).unwrap()
        })
        .collect();
    let Recorded::Added(id) = h.record(&entries[0]).unwrap() else {
        panic!()
    };
    let removed = h.delete(id).unwrap().expect("it was there");
    assert!(h.games(&Filter::default()).unwrap().is_empty());
    assert!(matches!(h.record(&removed).unwrap(), Recorded::Added(_)));
    let back = h.games(&Filter::default()).unwrap();
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].results, entries[0].results);
    // Put back under its own number, with a later game recorded meanwhile ("(game 1)" in the
    // records stays that game; it had come back as the next number).
    let Recorded::Added(later) = h.record(&entries[3]).unwrap() else {
        panic!()
    };
    let removed = h.delete(id).unwrap().expect("it was there");
    assert_eq!(h.record(&removed).unwrap(), Recorded::Added(id));
    // A number taken since (the last game's, deleted, then another recorded): a new one.
    let removed = h.delete(later).unwrap().unwrap();
    let Recorded::Added(next) = h.record(&entries[4]).unwrap() else {
        panic!()
    };
    assert_eq!(next, later, "the freed last number is given again");
    let Recorded::Added(again) = h.record(&removed).unwrap() else {
        panic!()
    };
    assert!(again != later && again != id, "{again}");
    for g in [later, again] {
        h.delete(g).unwrap().unwrap();
    }
    // A game that could not be written waits in the queue file and is written next time.
    history::queue(&dir, &entries[1]).unwrap();
    history::queue(&dir, &entries[2]).unwrap();
    assert_eq!(history::read_queue(&dir).len(), 2);
    assert_eq!(history::flush_queue(&dir, &mut h), 2);
    assert!(history::read_queue(&dir).is_empty());
    assert_eq!(h.games(&Filter::default()).unwrap().len(), 3);
    // Filters.
    let by_person = h
        .games(&Filter {
            person: Some("random bot".into()),
            ..Filter::default()
        })
        .unwrap();
    assert!(
        by_person
            .iter()
            .all(|g| g.results.iter().any(|r| r.name == "random bot"))
    );
}

#[test]
fn dates_read_back_as_written() {
    for secs in [0i64, 951_782_400, 1_795_000_000, -86_400] {
        let day = secs.div_euclid(86_400) * 86_400;
        assert_eq!(
            history::parse_date(&history::date(secs)),
            Some(day),
            "{secs}"
        );
    }
    assert_eq!(history::date(951_782_400), "2000-02-29");
    assert_eq!(history::parse_date("2026-13-01"), None);
}

/// Writes the log of one solo game of an easy AI (seed 4) into `logs`; returns its path.
pub(crate) fn easy_solo_log(logs: &Path) -> PathBuf {
    one_game_log(logs, &["--solo", "--seed", "4", "--bots", "easy"])
}

/// Records the log `log` in the history at `db` with `history import`.
pub(crate) fn import(log: &Path, db: &Path) {
    run(&[
        "history",
        "import",
        log.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
}

/// Writes the log of one game that `simulate` plays with `table` (the table, seed and bots)
/// into `logs`; returns its path.
pub(crate) fn one_game_log(logs: &Path, table: &[&str]) -> PathBuf {
    let mut args = vec![
        "simulate",
        "--games",
        "1",
        "--log-dir",
        logs.to_str().unwrap(),
    ];
    args.extend_from_slice(table);
    run(&args);
    logs.join("game-00001.ron")
}

#[test]
fn a_solo_game_is_listed_with_its_net_score() {
    let dir = scratch("solo-net");
    let logs = dir.join("logs");
    let log = easy_solo_log(&logs);
    let db = dir.join("h.sqlite");
    import(&log, &db);
    let rec = GameRecord::from_ron(&std::fs::read_to_string(&log).unwrap()).unwrap();
    let score = rec.replay().unwrap().final_score();
    let noctiluca::engine::Outcome::Solo { net, .. } = score.outcome else {
        panic!("not a solo outcome")
    };
    let out = run(&["history", "list", "--db", db.to_str().unwrap()]);
    assert!(
        out.contains(&format!(": {} (net {net})", score.players[0].total)),
        "{out}"
    );
    // As JSON: the same game, its seat's total and the tempest's points apart.
    let out = run(&["history", "list", "--json", "--db", db.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let games = v.as_array().unwrap();
    assert_eq!(games.len(), 1, "{out}");
    assert_eq!(games[0]["mode"], "imported");
    assert_eq!(games[0]["players"], 1);
    let seat = &games[0]["results"][0];
    assert_eq!(seat["total"].as_i64(), Some(score.players[0].total));
    assert_eq!(
        seat["total"].as_i64().unwrap() - seat["tempest"].as_i64().unwrap(),
        net
    );
    assert_eq!(seat["won"].as_bool(), Some(net >= 1));
    // Its place, and a time to order games of one day by (seconds, as the history keeps it).
    assert_eq!(seat["place"], 1);
    let row = &History::open(&db)
        .unwrap()
        .games(&Filter::default())
        .unwrap()[0];
    assert_eq!(games[0]["time"].as_i64(), Some(row.played_at));
    // Statistics score it by its net too.
    let h = History::open(&db).unwrap();
    let stats = history::person_stats(&h, None).unwrap();
    assert_eq!(stats.len(), 1);
    assert_eq!(stats[0].best, net);
    assert_eq!(stats[0].average, net as f64);
    assert_eq!(
        stats[0].scores.iter().map(|s| s.1).collect::<Vec<_>>(),
        [net]
    );
}

/// An AI player is listed as the app names it ("AI Easy", where the list said the stored
/// "easy bot"), and is found by that name, in any case.
#[test]
fn an_ai_player_is_listed_and_found_as_the_app_names_it() {
    let dir = scratch("ai-names");
    let logs = dir.join("logs");
    let db = dir.join("h.sqlite");
    let db = db.to_str().unwrap();
    let log = easy_solo_log(&logs);
    run(&["history", "import", log.to_str().unwrap(), "--db", db]);
    let out = run(&["history", "list", "--db", db]);
    assert!(out.contains("AI Easy: "), "{out}");
    assert!(!out.contains("easy bot"), "{out}");
    for name in ["AI Easy", "ai easy", "easy bot"] {
        let out = run(&["history", "list", "--person", name, "--db", db]);
        assert!(out.ends_with("1 game\n"), "{name}: {out}");
        let out = run(&["stats", "--person", name, "--db", db]);
        assert!(out.starts_with("AI Easy: games 1"), "{name}: {out}");
    }
    let out = run(&["history", "list", "--person", "AI Hard", "--db", db]);
    assert!(out.ends_with("0 games\n"), "{out}");
}

/// A raw SQLite file with `sql` in it (another program's database).
fn other_program(path: &Path, sql: &str) {
    let c = rusqlite::Connection::open(path).unwrap();
    c.execute_batch(sql).unwrap();
}

fn journal_mode(path: &Path) -> String {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn other_programs_databases_and_wrong_paths_are_named_and_left_alone() {
    let dir = scratch("foreign");
    for (name, sql) in [
        ("bookmarks.sqlite", "CREATE TABLE bookmarks (url TEXT);"),
        (
            "games.sqlite",
            "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT);",
        ),
    ] {
        let path = dir.join(name);
        other_program(&path, sql);
        let before = std::fs::read(&path).unwrap();
        assert_eq!(History::open(&path).err(), Some(HistoryError::Foreign));
        assert!(matches!(
            History::open_read_only(&path).err(),
            Some(HistoryError::Foreign)
        ));
        let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
            .args(["history", "list", "--db", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("a database of another program"), "{err}");
        // Not a byte changed, no table added, the journal mode as it was.
        assert_eq!(std::fs::read(&path).unwrap(), before, "{name}");
        assert_eq!(journal_mode(&path), "delete");
    }
    // A folder where the file should be, and a file where the folder should be.
    let folder = dir.join("a-folder.sqlite");
    std::fs::create_dir_all(&folder).unwrap();
    assert_eq!(History::open(&folder).err(), Some(HistoryError::NotAFile));
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let inside = file.join("history.sqlite");
    assert_eq!(History::open(&inside).err(), Some(HistoryError::NotAFile));
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["history", "list"])
        .env("NOCTILUCA_DATA_DIR", &file)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "not 'no games recorded yet'");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("a file stands where its folder should be"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn reading_takes_no_write_lock_and_a_kept_file_keeps_its_log() {
    let dir = scratch("no-lock");
    let db = dir.join("h.sqlite");
    let logs = simulate(&dir.join("logs"), "2", "2", "13");
    let entry = |l: &Path| {
        let rec = GameRecord::from_ron(&std::fs::read_to_string(l).unwrap()).unwrap();
        GameEntry::from_log(&rec, Mode::Imported, 0).unwrap()
    };
    History::open(&db)
        .unwrap()
        .record(&entry(&logs[0]))
        .unwrap();
    // Another program writes, and holds its lock: a reader opens and lists all the same.
    let writer = rusqlite::Connection::open(&db).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    let reader = History::open(&db).unwrap();
    reader.set_wait(std::time::Duration::ZERO).unwrap();
    assert_eq!(reader.games(&Filter::default()).unwrap().len(), 1);
    // A write does wait for it, and with no wait at all says the file is busy.
    let mut second = History::open(&db).unwrap();
    second.set_wait(std::time::Duration::ZERO).unwrap();
    assert_eq!(
        second.record(&entry(&logs[1])).err(),
        Some(HistoryError::Locked)
    );
    writer.execute_batch("COMMIT").unwrap();
    drop((reader, writer));
    // A game still in the write-ahead log moves aside with the file.
    let mut h = History::open(&db).unwrap();
    h.conn()
        .execute_batch("PRAGMA wal_autocheckpoint = 0")
        .unwrap();
    h.record(&entry(&logs[1])).unwrap();
    let aside = history::keep_aside(&db).unwrap();
    assert!(!db.exists());
    let name = aside.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("h.kept-") && name.ends_with(".sqlite"),
        "{name}"
    );
    let kept = History::open_read_only(&aside).unwrap();
    assert_eq!(kept.games(&Filter::default()).unwrap().len(), 2);
    drop(h);
}

#[test]
fn games_queued_while_the_queue_is_written_out_are_never_lost() {
    let dir = scratch("queue-race");
    let db = dir.join("h.sqlite");
    let logs = simulate(&dir.join("logs"), "2", "24", "17");
    let entries: Vec<GameEntry> = logs
        .iter()
        .map(|l| {
            let rec = GameRecord::from_ron(&std::fs::read_to_string(l).unwrap()).unwrap();
            GameEntry::from_log(&rec, Mode::Imported, 0).unwrap()
        })
        .collect();
    History::open(&db).unwrap();
    // Two writers queue games one by one while a third keeps writing the queue out.
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        for half in entries.chunks(12) {
            let dir = &dir;
            s.spawn(move || {
                for e in half {
                    history::queue(dir, e).unwrap();
                }
            });
        }
        s.spawn(|| {
            let mut h = History::open(&db).unwrap();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                history::flush_queue(&dir, &mut h);
            }
        });
        // The queueing threads end first; then the flusher is let go.
        std::thread::sleep(std::time::Duration::from_millis(300));
        while !history::read_queue(&dir).is_empty() {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let mut h = History::open(&db).unwrap();
    history::flush_queue(&dir, &mut h);
    assert_eq!(h.games(&Filter::default()).unwrap().len(), 24);
}

#[test]
fn only_simulate_s_seat_names_are_taken_for_bots() {
    let dir = scratch("bot-names");
    let logs = simulate(&dir, "3", "1", "4");
    let mut rec = GameRecord::from_ron(&std::fs::read_to_string(&logs[0]).unwrap()).unwrap();
    let bots = |rec: &GameRecord| -> Vec<Option<String>> {
        GameEntry::from_log(rec, Mode::Imported, 0)
            .unwrap()
            .results
            .iter()
            .map(|r| r.bot.clone())
            .collect()
    };
    // As simulate names them: "<level> <seat>".
    rec.names = vec!["easy 1".into(), "random 2".into(), "hard 3".into()];
    assert_eq!(
        bots(&rec),
        [
            Some("easy".into()),
            Some("random".into()),
            Some("hard".into())
        ]
    );
    // People whose names begin with a level's word stay people.
    rec.names = vec!["easy Eddie".into(), "random Rita".into(), "hard 2".into()];
    assert_eq!(bots(&rec), [None, None, None]);
}

#[test]
fn head_to_head_counts_each_game_once() {
    // Four seats, two of them easy bots: "easy bot" holds two seats in every game.
    let dir = scratch("versus");
    let logs = simulate(&dir.join("logs"), "4", "6", "5");
    let mut h = History::open(&dir.join("h.sqlite")).unwrap();
    let mut ahead = 0;
    for l in &logs {
        let rec = GameRecord::from_ron(&std::fs::read_to_string(l).unwrap()).unwrap();
        let e = GameEntry::from_log(&rec, Mode::Imported, 100).unwrap();
        let best = |bot: &str| {
            e.results
                .iter()
                .filter(|r| r.bot.as_deref() == Some(bot))
                .map(|r| r.rank)
                .min()
                .unwrap()
        };
        ahead += u32::from(best("easy") < best("normal"));
        h.record(&e).unwrap();
    }
    let v = history::head_to_head(&h, "easy bot", "normal bot").unwrap();
    assert_eq!(v.games, 6);
    assert_eq!(v.first_ahead, ahead);
    assert_eq!(v.first_ahead + v.second_ahead, 6);
}

/// Bots of one level are one person in the history: in games among themselves they win every
/// game, so their record counts seats (three seats a game, one of them the winner's).
#[test]
fn a_bot_level_holding_every_seat_is_counted_by_seat() {
    let dir = scratch("bot-seats");
    let logs = dir.join("logs");
    run(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "2",
        "--log-dir",
        logs.to_str().unwrap(),
    ]);
    let db = dir.join("h.sqlite");
    let mut import = vec!["history", "import", "--db", db.to_str().unwrap()];
    let files: Vec<String> = (1..=4)
        .map(|i| logs.join(format!("game-{i:05}.ron")).display().to_string())
        .collect();
    import.extend(files.iter().map(String::as_str));
    run(&import);
    let h = History::open(&db).unwrap();
    let stats = history::person_stats(&h, None).unwrap();
    assert_eq!(stats.len(), 1);
    let s = &stats[0];
    assert_eq!(
        (s.name.as_str(), s.games, s.wins, s.seats),
        ("random bot", 4, 4, 12)
    );
    assert!(s.several_seats());
    // A tie shares the win: at least one winning seat a game, never all three.
    assert!((4..12).contains(&s.seat_wins), "{s:?}");
    assert!(s.win_rate() < 1.0, "{s:?}");
    assert_eq!(s.by_players, [(3, 12, s.seat_wins)]);
    let out = run(&["stats", "--db", db.to_str().unwrap()]);
    assert!(
        out.contains(&format!(
            "AI Random: games 4, seats 12, seats won {}",
            s.seat_wins
        )),
        "{out}"
    );
    assert!(out.contains("wins by table size (seats): 3p"), "{out}");
}

/// A log that cannot be recorded says why, as `replay` does: a move the rules refuse is named
/// with its entry.
#[test]
fn an_import_refused_says_why() {
    let dir = scratch("import-why");
    let logs = dir.join("logs");
    run(&[
        "simulate",
        "--players",
        "2",
        "--games",
        "1",
        "--log-dir",
        logs.to_str().unwrap(),
    ]);
    let good = std::fs::read_to_string(logs.join("game-00001.ron")).unwrap();
    let bad = dir.join("bad.ron");
    // The first die dealt shows 9.
    let bad_face = good.replacen(
        &good[good.find("face: ").unwrap()..good.find("face: ").unwrap() + 7],
        "face: 9",
        1,
    );
    std::fs::write(&bad, bad_face).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["history", "import", bad.to_str().unwrap()])
        .args(["--db", dir.join("h.sqlite").to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let said = String::from_utf8_lossy(&o.stdout) + String::from_utf8_lossy(&o.stderr);
    assert!(said.contains("it does not replay: entry 1:"), "{said}");
    assert!(said.contains("a die shows 1 to 6, not 9"), "{said}");
}

/// Deleted games kept for Undo after a restart: the latest twenty; a file there that does not
/// read is kept aside, never written over; none left, no file.
#[test]
fn deleted_games_are_kept_beside_the_history() {
    use noctiluca::history::{DELETED_FILE, DELETED_KEPT, keep_deleted, read_deleted};
    let dir = scratch("deleted-kept");
    let game = |i: i64| history::GameEntry {
        played_at: i,
        mode: history::Mode::Tabletop,
        players: 2,
        seed: None,
        log: None,
        components: None,
        sheet: None,
        log_key: None,
        results: Vec::new(),
        was_id: None,
        replaces: None,
    };
    let games: Vec<_> = (0..25).map(game).collect();
    keep_deleted(&dir, &games).unwrap();
    let back = read_deleted(&dir);
    assert_eq!(back.len(), DELETED_KEPT);
    assert_eq!(back.last(), games.last(), "the latest kept, last");
    assert_eq!(back[0].played_at, 5);
    std::fs::write(dir.join(DELETED_FILE), "not a list of games").unwrap();
    assert!(read_deleted(&dir).is_empty());
    keep_deleted(&dir, &games[..1]).unwrap();
    assert_eq!(read_deleted(&dir), games[..1]);
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("broken"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(&aside[0])).unwrap(),
        "not a list of games"
    );
    keep_deleted(&dir, &[]).unwrap();
    assert!(!dir.join(DELETED_FILE).exists());
}

/// `stats --games` counts the solo games (by their net score) or those at a table apart.
#[test]
fn stats_count_solo_games_apart_on_request() {
    let dir = scratch("stats-kinds");
    let db = dir.join("h.sqlite");
    let db = db.to_str().unwrap();
    let solo = dir.join("solo");
    let table = dir.join("table");
    let logs = [
        easy_solo_log(&solo),
        one_game_log(
            &table,
            &["--players", "2", "--seed", "4", "--bots", "easy,normal"],
        ),
    ];
    for log in logs {
        run(&["history", "import", log.to_str().unwrap(), "--db", db]);
    }
    let easy = |games: &str| run(&["stats", "--person", "AI Easy", "--games", games, "--db", db]);
    assert!(
        easy("all").starts_with("AI Easy: games 2, "),
        "{}",
        easy("all")
    );
    let out = easy("solo");
    assert!(out.starts_with("AI Easy: games 1, "), "{out}");
    assert!(out.contains("wins by table size: 1p "), "{out}");
    let out = easy("table");
    assert!(out.starts_with("AI Easy: games 1, "), "{out}");
    assert!(out.contains("wins by table size: 2p "), "{out}");
    // Nobody else played solo.
    let out = run(&["stats", "--games", "solo", "--db", db]);
    assert!(!out.contains("AI Normal"), "{out}");
}

/// `history list` tells two seats of one person apart by seat, as the window does.
#[test]
fn two_ais_of_one_level_are_told_apart_in_the_list() {
    let dir = scratch("two-ais");
    let logs = dir.join("logs");
    let db = dir.join("h.sqlite");
    let db = db.to_str().unwrap();
    let table = [
        "--players",
        "3",
        "--seed",
        "2",
        "--bots",
        "easy,normal,normal",
    ];
    let log = one_game_log(&logs, &table);
    run(&["history", "import", log.to_str().unwrap(), "--db", db]);
    let out = run(&["history", "list", "--db", db]);
    assert!(
        out.contains("AI Normal #2: ") && out.contains("AI Normal #3: "),
        "{out}"
    );
    assert!(!out.contains("AI Easy #1"), "{out}");
}
