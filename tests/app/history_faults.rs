//! The history when its database is busy, when games wait beside it, and when it is exported:
//! the window never waits long, a file that can be written again is written, and the export
//! holds every game the filter finds.

use crate::app_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::history::{HistoryScreen, PAGE, Recorder};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use noctiluca::history::{GameEntry, History, Mode, WINDOW_WAIT};
use std::path::{Path, PathBuf};

fn app_with_history(
    db: &Path,
    dialog: std::sync::Arc<FakeDialog>,
) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(dialog, ScreenKind::Home);
    app.shared.recorder = Recorder::new(Some(db.to_path_buf()));
    app.history = HistoryScreen::new(Some(db.to_path_buf()));
    harness(app)
}

fn entry(names: &[&str], at: i64) -> GameEntry {
    let input = crate::history::sheet_of(names);
    GameEntry::from_score(Mode::Tabletop, &input, &score(&input), &[], at)
}

fn db_with(name: &str, games: usize) -> (Scratch, PathBuf) {
    let dir = scratch(name);
    let path = dir.join(noctiluca::history::DB_FILE);
    let mut h = History::open(&path).unwrap();
    for i in 0..games {
        h.record(&entry(&["Ann", "Ben"], 1_700_000_000 + i as i64))
            .unwrap();
    }
    (dir, path)
}

/// Another program holds the database (an exclusive lock, as a long write takes): the window
/// waits only a moment for it, says it is busy, and reads it once it is free. Read only is
/// what the player asked of that one file, and goes when it is opened again.
#[test]
fn a_busy_history_is_waited_for_briefly_and_opened_again_once_free() {
    let (_dir, path) = db_with("faults-busy", 1);
    let lock = rusqlite::Connection::open(&path).unwrap();
    lock.execute_batch(
        "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; \
         CREATE TABLE IF NOT EXISTS held (x INTEGER);",
    )
    .unwrap();
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    assert_shows(&h, "busy");
    assert_eq!(h.state().history.wait(), None, "not open while held");
    // Read without writing: held exclusively, it cannot be read either.
    click(&mut h, "Read it without writing");
    assert!(h.state().history.read_only);
    assert_shows(&h, "busy");
    // Said, so the button does not seem to do nothing.
    assert_shows(&h, "It cannot be read without writing either: ");
    drop(lock);
    click(&mut h, "Try again");
    assert!(!shows(&h, "It cannot be read without writing either"));
    assert!(!h.state().history.read_only, "open for writing again");
    assert!(!shows(&h, "Read only"));
    assert_eq!(h.state().history.wait(), Some(WINDOW_WAIT));
    assert_shows(&h, "Ann");
}

/// A game that waited beside the file (recorded while it was busy) goes in when the History
/// screen is opened again, and a game added meanwhile by another program is listed.
#[test]
fn the_history_is_read_again_when_the_screen_is_opened() {
    let (_dir, path) = db_with("faults-again", 1);
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    assert!(!shows(&h, "Cas"));
    press(&mut h, eframe::egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Home);
    let dir = path.parent().unwrap();
    noctiluca::history::queue(dir, &entry(&["Cas", "Dee"], 1_700_100_000)).unwrap();
    History::open(&path)
        .unwrap()
        .record(&entry(&["Eve", "Fay"], 1_700_200_000))
        .unwrap();
    click(&mut h, "History");
    assert_shows(
        &h,
        "Written to the history now: 1 game that waited beside it.",
    );
    assert_shows(&h, "Cas");
    assert_shows(&h, "Eve");
    assert!(noctiluca::history::read_queue(dir).is_empty());
}

/// The export holds every game the filter finds, past the page the list shows.
#[test]
fn the_csv_holds_every_game_not_only_the_page_shown() {
    let games = PAGE as usize + 3;
    let (_dir, path) = db_with("faults-csv", games);
    let out = path.parent().unwrap().join("all.csv");
    let mut h = app_with_history(&path, fake(Some(out.clone())));
    click(&mut h, "History");
    click(&mut h, "Export CSV…");
    wait_until(&mut h, "the export", |h| h.state().history.status.is_some());
    let csv = std::fs::read_to_string(&out).unwrap();
    // A header, then a row per person and game.
    assert_eq!(csv.lines().count(), 1 + 2 * games, "{}", &csv[..200]);
    let mut lines = csv.lines();
    let head = lines.next().unwrap();
    assert!(
        head.starts_with("\u{feff}game,date,time (UTC),mode,"),
        "{head}"
    );
    // The seed code and an AI's level last (the columns before them as they were).
    assert!(head.ends_with(",delivered,tempest,net_score,seed,ai_level"));
    // Each game's two rows carry its number; the newest game first.
    let first: Vec<&str> = lines.next().unwrap().split(',').collect();
    let second: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(first[0], games.to_string());
    assert_eq!(first[..3], second[..3]);
    let last_at = 1_700_000_000 + games as i64 - 1;
    assert_eq!(
        first[2],
        &noctiluca::history::date_time_utc(last_at)[11..],
        "its time of day"
    );
}

/// Two AIs of one level in a game are told apart in the export as in the list ("AI Normal #2",
/// "AI Normal #3"; both rows had read "AI Normal"); a filter that finds no game exports no
/// file of headers alone, and says so.
#[test]
fn the_csv_tells_two_ais_apart_and_is_not_written_empty() {
    let dir = scratch("faults-csv-ais");
    let path = dir.join(noctiluca::history::DB_FILE);
    History::open(&path)
        .unwrap()
        .record(&entry(&["Kim", "normal bot", "normal bot"], 1_700_000_000))
        .unwrap();
    let out = dir.join("ais.csv");
    let mut h = app_with_history(&path, fake(Some(out.clone())));
    click(&mut h, "History");
    click(&mut h, "Export CSV…");
    wait_until(&mut h, "the export", |h| h.state().history.status.is_some());
    let csv = std::fs::read_to_string(&out).unwrap();
    assert!(csv.contains(",AI Normal #2,2,"), "{csv}");
    assert!(csv.contains(",AI Normal #3,3,"), "{csv}");
    // Which rows are an AI's, and its level; a person's level is empty.
    let level = |who: &str| {
        let row = csv.lines().find(|l| l.contains(who)).unwrap();
        row.rsplit(',').next().unwrap().to_string()
    };
    assert_eq!(level(",AI Normal #2,"), "normal", "{csv}");
    assert_eq!(level(",Kim,"), "", "{csv}");
    std::fs::remove_file(&out).unwrap();
    // Games of a year with none.
    h.state_mut().history.status = None;
    let history = &mut h.state_mut().history;
    history.filter.from = noctiluca::history::parse_date("1990-01-01");
    history.filter.to = noctiluca::history::parse_date("1990-12-31");
    history.refresh();
    h.run();
    click(&mut h, "Export CSV…");
    assert_shows(&h, "No game matches the filter: nothing was exported.");
    assert!(!out.exists());
}

/// The Statistics person list by keyboard: Enter opens it, the arrows walk it (the item
/// reached scrolled into sight), Enter picks and closes it, and the keyboard is back on the
/// drop-down.
#[test]
fn the_person_list_is_walked_and_picked_by_keyboard() {
    let scratch_dir = scratch("faults-people");
    let path = scratch_dir.join(noctiluca::history::DB_FILE);
    let mut hist = History::open(&path).unwrap();
    let names: Vec<String> = (0..30).map(|i| format!("Person {i:02}")).collect();
    for (i, pair) in names.chunks(2).enumerate() {
        let pair: Vec<&str> = pair.iter().map(String::as_str).collect();
        hist.record(&entry(&pair, 1_700_000_000 + i as i64))
            .unwrap();
    }
    drop(hist);
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    click(&mut h, "Statistics");
    // (The drop-down is named by the label beside it: two nodes of that name.)
    let on_list =
        |h: &Harness<'static, NoctilucaApp>| h.query_all_by_label("Person").any(|n| n.is_focused());
    for _ in 0..40 {
        if on_list(&h) {
            break;
        }
        press(&mut h, eframe::egui::Key::Tab);
    }
    assert!(on_list(&h), "Tab reaches the person list");
    let before = h.state().history.person.clone();
    press(&mut h, eframe::egui::Key::Enter);
    assert!(eframe::egui::Popup::is_any_open(&h.ctx), "the list opened");
    for _ in 0..20 {
        press(&mut h, eframe::egui::Key::ArrowDown);
    }
    press(&mut h, eframe::egui::Key::Enter);
    assert!(
        !eframe::egui::Popup::is_any_open(&h.ctx),
        "Enter closed the list"
    );
    assert_ne!(h.state().history.person, before, "a person was picked");
    assert!(on_list(&h), "the keyboard is back on the drop-down");
    // A letter typed takes the keyboard to the next name that begins with it, from the one
    // chosen, where the list opens ("P" for the name after it), and again to the next one
    // (they had been walked only by the arrows).
    let chosen: u32 = h.state().history.person.as_deref().unwrap()["Person ".len()..]
        .parse()
        .unwrap();
    press(&mut h, eframe::egui::Key::Enter);
    assert!(eframe::egui::Popup::is_any_open(&h.ctx), "the list opened");
    let focused = |h: &Harness<'static, NoctilucaApp>| {
        h.query_all_by_label_contains("Person ")
            .find(|n| n.is_focused())
            .map(|n| n.accesskit_node().label().unwrap_or_default())
    };
    let mut typed = Vec::new();
    for _ in 0..2 {
        h.event(eframe::egui::Event::Text("p".into()));
        h.run();
        typed.push(focused(&h));
    }
    let after = |n: u32| Some(format!("Person {:02}", n));
    assert_eq!(typed[0], after(chosen + 1), "{typed:?}");
    assert_eq!(typed[1], after(chosen + 2), "{typed:?}");
}

/// A history read without writing (it could not be written then) is written to again when
/// the screen is opened once it can be, and the games that waited beside it go in.
#[test]
fn a_history_read_without_writing_is_written_again_once_it_can_be() {
    let (_dir, path) = db_with("faults-read-only", 1);
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    // As "Read it without writing" leaves it.
    h.state_mut().history.read_only = true;
    let dir = path.parent().unwrap();
    noctiluca::history::queue(dir, &entry(&["Cas", "Dee"], 1_700_100_000)).unwrap();
    press(&mut h, eframe::egui::Key::Escape);
    click(&mut h, "History");
    assert!(!h.state().history.read_only, "open for writing again");
    assert_shows(
        &h,
        "Written to the history now: 1 game that waited beside it.",
    );
    assert_shows(&h, "Cas");
}

/// A newer version's history is shown at once, read without writing, and the screen says why:
/// the player need not find a button to see their games.
#[test]
fn a_newer_history_is_shown_read_only_at_once() {
    let (_dir, path) = db_with("faults-newer", 2);
    {
        let h = History::open(&path).unwrap();
        h.conn()
            .execute(
                "UPDATE schema_version SET version = ?1",
                [noctiluca::history::SCHEMA_VERSION + 1],
            )
            .unwrap();
    }
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    assert!(h.state().history.read_only);
    assert_shows(&h, "Ann");
    assert_shows(&h, "was written by a newer version of the app");
    assert_shows(&h, "it is shown without writing.");
    assert_shows(&h, "Read only: new games are not added to this file.");
}

/// A damaged file that opens but whose games do not read: "Read it without writing" says it
/// failed too, rather than seem to do nothing, and the file is left as it was.
#[test]
fn a_damaged_history_read_without_writing_says_it_failed_too() {
    let (_dir, path) = db_with("faults-damaged", 300);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    for b in &mut bytes[middle..middle + 8192] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    assert_shows(&h, "is not a history database, or it is damaged");
    click(&mut h, "Read it without writing");
    assert_shows(&h, "It cannot be read without writing either:");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the file is untouched"
    );
}

/// A game recorded by another program while the list is open (the command line, another
/// window) shows at the next frame, without leaving the screen.
#[test]
fn a_game_recorded_elsewhere_shows_while_the_list_is_open() {
    let (_dir, path) = db_with("faults-elsewhere", 1);
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    assert_shows(&h, "Ann");
    assert!(!shows(&h, "Cas"));
    History::open(&path)
        .unwrap()
        .record(&entry(&["Cas", "Dee"], 1_700_200_000))
        .unwrap();
    h.run();
    assert_shows(&h, "Cas");
}

/// A 300-game history with a damaged stretch in its middle.
fn damaged(name: &str) -> (Scratch, PathBuf) {
    let (dir, path) = db_with(name, 300);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    for b in &mut bytes[middle..middle + 8192] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    (dir, path)
}

/// A damaged history's games that can still be read are carried into the new one when the
/// file is kept aside (a damaged page cost the whole history), with how many could not be.
#[test]
fn the_games_a_damaged_history_still_holds_are_carried_over() {
    let (_dir, path) = damaged("faults-rescue");
    let h = keep_aside(&path, "Games carried into the new history: ");
    let said = said(&h.state().history.status).unwrap();
    let count = |after: &str| -> usize {
        let tail = &said[said.find(after).unwrap() + after.len()..];
        tail[..tail.find(|c: char| !c.is_ascii_digit()).unwrap()]
            .parse()
            .unwrap()
    };
    let (copied, lost) = (
        count("Games carried into the new history: "),
        count("games that could not be read: "),
    );
    assert!(copied >= 200 && lost > 0 && copied + lost <= 300, "{said}");
    let new = History::open(&path).unwrap();
    let games = new.games(&noctiluca::history::Filter::default()).unwrap();
    assert_eq!(games.len(), copied);
    assert!(games.iter().all(|g| g.results.len() == 2));
    // The old file is kept as it was.
    let kept: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".kept-") && p.extension().unwrap() == "sqlite")
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
}

/// Stopped part way, the games carried by then stay, and the stop is said.
#[test]
fn carrying_the_games_over_stops_when_asked() {
    let (_dir, path) = damaged("faults-rescue-stop");
    let aside = noctiluca::history::keep_aside(&path).unwrap();
    let mut new = History::open(&path).unwrap();
    let r = noctiluca::history::rescue(&aside, &mut new, |id, _| id <= 10).unwrap();
    assert!(r.stopped);
    assert_eq!(r.copied, 10);
    let games = new.games(&noctiluca::history::Filter::default()).unwrap();
    assert_eq!(games.len(), 10);
}

/// A queue file that does not read (damaged, or from a later version) is said, with its name,
/// when the History screen opens and when a game is recorded; a game that must wait then
/// moves it aside whole and says where. Its games had been set aside without a word.
#[test]
fn games_waiting_in_a_queue_file_that_does_not_read_are_told_of() {
    let (_dir, path) = db_with("faults-queue-damaged", 1);
    let dir = path.parent().unwrap().to_path_buf();
    let queue = dir.join(noctiluca::history::QUEUE_FILE);
    let damaged = b"[(format: 99, truncated".to_vec();
    std::fs::write(&queue, &damaged).unwrap();
    let mut h = app_with_history(&path, fake(None));
    click(&mut h, "History");
    assert_shows(
        &h,
        "history-queue.ron holds games waiting to go into the history",
    );
    assert_eq!(std::fs::read(&queue).unwrap(), damaged, "left as it is");
    // A game recorded meanwhile goes in, and the file is said again.
    let said = noctiluca::app::history::record_now(&path, &entry(&["Gil", "Hal"], 1_700_300_000));
    let words = said.text();
    assert!(words.contains("Recorded in the history."), "{words}");
    assert!(words.contains("does not read"), "{words}");
    assert_eq!(std::fs::read(&queue).unwrap(), damaged, "left as it is");
    // A game that must wait (the history cannot be opened) moves it aside, and says where.
    let not_a_db = dir.join("folder.sqlite");
    std::fs::create_dir(&not_a_db).unwrap();
    let said =
        noctiluca::app::history::record_now(&not_a_db, &entry(&["Ivy", "Jo"], 1_700_400_000));
    let words = said.text();
    let aside = words
        .split("that file is kept as ")
        .nth(1)
        .and_then(|s| s.strip_suffix('.'))
        .unwrap_or_else(|| panic!("no kept file said: {words}"));
    assert_eq!(std::fs::read(aside).unwrap(), damaged, "kept whole");
    assert_eq!(noctiluca::history::read_queue(&dir).len(), 1);
}

/// A file that is no database at all, kept aside: the problem carrying its games over names the
/// kept file, not the new history's (which had been said "is not a history database").
#[test]
fn a_file_kept_aside_that_does_not_read_is_the_one_named() {
    let (_dir, path) = db_with("faults-rescue-none", 1);
    std::fs::write(
        &path,
        b"\x89PNG\r\n\x1a\n not a database at all, but long enough to be read as one...",
    )
    .unwrap();
    let h = keep_aside(&path, "its games could not be carried over");
    let said = said(&h.state().history.status).unwrap();
    let problem = said.split("could not be carried over: ").nth(1).unwrap();
    assert!(problem.contains(".kept-"), "{said}");
}

/// Opens the History on the damaged file at `path`, keeps it aside for a new one with the
/// games it still holds, and waits for `said` (carried over on a worker thread: frames are
/// drawn as it goes).
fn keep_aside(path: &Path, said: &str) -> Harness<'static, NoctilucaApp> {
    let mut h = app_with_history(path, fake(None));
    click(&mut h, "History");
    assert_shows(&h, "is not a history database, or it is damaged");
    h.get_by_label("Keep this file aside; start a new one with the games it still holds")
        .click();
    h.step();
    wait_until(&mut h, "the rescue's end", |h| shows(h, said));
    h
}

/// A file damaged past its first pages is said as History opens, on its Games tab: its first
/// games had been listed as if all were well (the count missing), the damage said only on
/// Statistics.
#[test]
fn a_history_damaged_past_its_first_pages_is_said_on_the_games_tab() {
    let (_dir, path) = db_with("history-damaged-middle", 600);
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    // (The older games' pages: the newest, listed first, still read.)
    for b in &mut bytes[n / 5..n * 2 / 5] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    let mut h = app_with_history(&path, fake(None));
    h.state_mut().current = ScreenKind::History;
    h.run();
    assert_shows(&h, "is not a history database, or it is damaged");
}

/// Home's word of a damaged history goes once History reads a file there (started afresh,
/// the damaged one kept aside): it had called the new file damaged still.
#[test]
fn home_s_word_of_a_damaged_history_goes_once_history_reads_it() {
    let (_dir, path) = db_with("history-damaged-word", 2);
    let mut h = app_with_history(&path, fake(None));
    let word = noctiluca::app::startup::damaged_history_notice(&path);
    h.state_mut().shared.notices.push(word);
    h.run();
    assert_shows(&h, "is damaged. Open History");
    h.state_mut().current = ScreenKind::History;
    h.run();
    h.state_mut().current = ScreenKind::Home;
    h.run();
    assert!(!shows(&h, "is damaged. Open History"));
}
