//! History and statistics in the app, against a real database file: a finished game in Play
//! is recorded and listed, a calculator result changes a person's statistics, and a deleted
//! game comes back with Undo.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::calculator::{CalculatorScreen, Sheet};
use noctiluca::app::history::{HistoryScreen, Recorder};
use noctiluca::app::{GameScreen, NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use noctiluca::history::{Filter, History};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(crate) fn app_with_history(db: &Path, screen: ScreenKind) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), screen);
    app.shared.recorder = Recorder::new(Some(db.to_path_buf()));
    app.history = HistoryScreen::new(Some(db.to_path_buf()));
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    harness(app)
}

/// How many games the list offers to delete.
pub(crate) fn deletes(h: &Harness<'static, NoctilucaApp>) -> usize {
    h.query_all_by_label_contains("Delete game ").count()
}

/// Presses the first game's Delete.
pub(crate) fn delete_first(h: &Harness<'static, NoctilucaApp>) {
    h.query_all_by_label_contains("Delete game ")
        .next()
        .expect("a Delete button")
        .click();
}

/// A history file in a scratch folder of its own (the folder is removed when it is dropped).
pub(crate) fn db(name: &str) -> (Scratch, PathBuf) {
    let dir = scratch(name);
    let path = dir.join(noctiluca::history::DB_FILE);
    (dir, path)
}

/// Records the game of a score sheet in the history at `path`, as the calculator does;
/// returns its result.
pub(crate) fn record_sheet(
    path: &Path,
    mode: noctiluca::history::Mode,
    input: &ScoreInput,
) -> ScoreResult {
    let result = score(input);
    let entry = noctiluca::history::GameEntry::from_score(
        mode,
        input,
        &result,
        &[],
        noctiluca::history::now(),
    );
    History::open(path).unwrap().record(&entry).unwrap();
    result
}

/// A score sheet of `names`, each with one jar delivered.
pub(crate) fn sheet_of(names: &[&str]) -> ScoreInput {
    ScoreInput {
        players: names
            .iter()
            .map(|name| noctiluca::engine::scoring::PlayerInput {
                name: name.to_string(),
                delivered: 1,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

pub(crate) fn wait_for_recording(h: &mut Harness<'static, NoctilucaApp>) {
    wait_until(h, "the recording's answer", |h| {
        h.state().history_notice.is_some()
    });
}

#[test]
fn a_finished_game_in_play_is_recorded_and_listed() {
    let (_dir, path) = db("history-play");
    let mut h = app_with_history(&path, ScreenKind::Play);
    let d = &mut h.state_mut().game.setup;
    d.players = 2;
    d.seats[0].ai = Some(1);
    d.seats[1].ai = Some(0);
    d.seed_text = "K7M2-QX9P".into();
    // The bots play on while the window draws: step, not run.
    h.get_by_label("Start the game").click();
    h.step();
    wait_until(&mut h, "the end of the bots' game", |h| {
        h.state().game.game.as_ref().unwrap().m.state.is_over()
    });
    wait_for_recording(&mut h);
    assert_eq!(
        said(&h.state().history_notice).as_deref(),
        Some("Recorded in the history.")
    );
    // A message already up is reworded when the language changes.
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    assert_shows(&h, "已記錄到歷史紀錄。");
    assert!(!shows(&h, "Recorded in the history."));
    set_language(&mut h, noctiluca::i18n::Lang::En);
    // It belongs to the screen it was said on: gone on the way home.
    click(&mut h, "← Home");
    assert_eq!(h.state().current, ScreenKind::Home);
    assert!(!shows(&h, "Recorded in the history."));
    let stored = History::open(&path)
        .unwrap()
        .games(&Filter::default())
        .unwrap();
    assert_eq!(stored.len(), 1);
    let g = h.state().game.game.as_ref().unwrap();
    let totals: Vec<i64> =
        g.m.state
            .final_score()
            .players
            .iter()
            .map(|p| p.total)
            .collect();
    assert_eq!(
        stored[0]
            .results
            .iter()
            .map(|r| r.total)
            .collect::<Vec<_>>(),
        totals
    );
    assert_eq!(stored[0].results[0].name, "easy bot");
    // The history screen lists it.
    h.state_mut().current = ScreenKind::History;
    h.run();
    assert_shows(&h, "played in the app");
    // Shown as the table names an AI beside its seat.
    assert_shows(&h, &format!("AI Easy: {}", totals[0]));
    // Its score sheet names the seats as the history does, in the reader's words.
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    h.query_all_by_label_contains("計分表：")
        .next()
        .expect("a Score sheet button named for its game")
        .click();
    h.run();
    assert_eq!(h.state().current, ScreenKind::Calculator);
    let names: Vec<String> = h.state().calculator.sheet.players[..2]
        .iter()
        .map(|p| p.name.clone())
        .collect();
    assert_eq!(names, ["電腦（簡單）", "電腦（隨機）"]);
    set_language(&mut h, noctiluca::i18n::Lang::En);
    // Escape goes back to the history the sheet was opened from, and from there home.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::History);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Home);
    // A game of two people under way in Play, which the replay does not stand in the way of.
    h.state_mut().game.game = None;
    let d = &mut h.state_mut().game.setup;
    d.seats[0].ai = None;
    d.seats[1].ai = None;
    d.seed_text = "KEPT-0001".into();
    h.state_mut().current = ScreenKind::Play;
    h.run();
    click(&mut h, "Start the game");
    let under_way = h.state().game.game.as_ref().unwrap().m.state.clone();
    assert!(!under_way.is_over());
    h.state_mut().current = ScreenKind::History;
    h.run();
    // Its replay opens in Play (which keeps drawing while the replay plays: step, not run).
    h.query_all_by_label_contains("Replay game ")
        .next()
        .expect("a Replay button named for its game")
        .click();
    h.step();
    h.step();
    assert_eq!(h.state().current, ScreenKind::Play);
    assert!(h.state().game.game.as_ref().unwrap().replay.is_some());
    // Escape from the replay goes back to the history too (stepped: the replay plays on).
    h.key_press(egui::Key::Escape);
    h.step();
    h.step();
    assert_eq!(h.state().current, ScreenKind::History);
    h.query_all_by_label_contains("Replay game ")
        .next()
        .unwrap()
        .click();
    h.step();
    h.step();
    assert_eq!(h.state().current, ScreenKind::Play);
    // Its seats are AI seats again, at their levels (the log names them, the history knows).
    let seats: Vec<Option<String>> = h
        .state()
        .game
        .game
        .as_ref()
        .unwrap()
        .seats
        .iter()
        .map(|s| s.ai.clone())
        .collect();
    assert_eq!(
        seats,
        stored[0]
            .results
            .iter()
            .map(|r| r.bot.clone())
            .collect::<Vec<_>>()
    );
    assert!(seats.iter().all(Option::is_some), "{seats:?}");
    // Play from Home sets up a new game (the replay had stood there), the one kept aside
    // offered on the page.
    h.state_mut().current = ScreenKind::Home;
    h.step();
    h.get_by_label("Play").click();
    h.step();
    h.step();
    assert_eq!(h.state().current, ScreenKind::Play);
    assert!(h.state().game.game.is_none());
    assert!(h.state().game.resume.is_some());
    // The game kept aside is offered at Home, and comes back as it was.
    h.state_mut().current = ScreenKind::Home;
    h.step();
    h.query_all_by_label_contains("Resume the game in Play — 2 players")
        .next()
        .expect("the game kept aside, offered")
        .click();
    h.step();
    h.step();
    assert_eq!(h.state().current, ScreenKind::Play);
    let g = h.state().game.game.as_ref().unwrap();
    assert!(g.replay.is_none());
    assert_eq!(g.m.state, under_way);
}

#[test]
fn a_calculator_result_changes_the_statistics_and_delete_has_undo() {
    let (_dir, path) = db("history-calc");
    let mut h = app_with_history(&path, ScreenKind::Calculator);
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    h.state_mut().calculator = CalculatorScreen::with_sheet(Sheet::from_input(&input));
    h.run();
    click(&mut h, "Save to history");
    wait_for_recording(&mut h);
    h.state_mut().current = ScreenKind::Statistics;
    h.run();
    // The first person by name is Adam.
    assert_shows(&h, "Adam: games 1");
    assert_shows(&h, "The one score: ");
    assert!(!shows(&h, "The last 1 scores"));
    h.state_mut().history_notice = None;
    h.state_mut().current = ScreenKind::Calculator;
    h.run();
    // The same result is not counted twice: the button says it is saved, and is off.
    let saved = h.get_by_label("Saved to history");
    assert!(saved.accesskit_node().is_disabled());
    assert!(h.query_by_label("Save to history").is_none());
    // Another game (one more leftover die for Adam) can be saved.
    let mut next = input.clone();
    next.players[2].leftover_dice += 1;
    h.state_mut().calculator.sheet = Sheet::from_input(&next);
    h.run();
    click(&mut h, "Save to history");
    wait_for_recording(&mut h);
    h.state_mut().current = ScreenKind::Statistics;
    h.run();
    assert_shows(&h, "Adam: games 2");
    // The plots say in words what they draw.
    assert_shows(&h, "The last 2 scores, oldest first: ");
    assert_shows(&h, "Games by score: ");

    // Delete one game, then put it back.
    let before = History::open(&path)
        .unwrap()
        .games(&Filter::default())
        .unwrap();
    assert_ne!(before[0].results, before[1].results);
    h.state_mut().current = ScreenKind::History;
    h.run();
    assert_eq!(deletes(&h), 2);
    delete_first(&h);
    h.run();
    h.run();
    assert_eq!(deletes(&h), 1);
    assert_shows(&h, "Deleted. Undo puts it back.");
    // Said under the list's buttons, so the filters and Undo did not move under the pointer.
    let said = h.get_by_label("Deleted. Undo puts it back.").rect();
    let export = h.get_by_label("Export CSV…").rect();
    assert!(said.min.y >= export.max.y, "{said:?} above {export:?}");
    // The app closed and opened again: Undo still puts it back (the deleted game is kept in
    // a file beside the history until then).
    let kept = path
        .parent()
        .unwrap()
        .join(noctiluca::history::DELETED_FILE);
    assert!(kept.exists());
    drop(h);
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    assert_eq!(deletes(&h), 1);
    let undo = h
        .query_all_by_label_contains("Undo: put back game ")
        .next()
        .expect("an undo button after a restart");
    undo.click();
    h.run();
    h.run();
    assert_eq!(deletes(&h), 2);
    assert!(!kept.exists(), "nothing left to put back");
    let back = History::open(&path)
        .unwrap()
        .games(&Filter::default())
        .unwrap();
    assert_eq!(back.len(), 2);
    for g in &before {
        // Under its own number, which the records and the list name it by.
        assert!(
            back.iter().any(|b| b.results == g.results && b.id == g.id),
            "{g:?} is back"
        );
    }
    // Both deleted, one after the other: Undo puts back each in turn.
    for left in [1, 0] {
        delete_first(&h);
        h.run();
        h.run();
        assert_eq!(deletes(&h), left);
    }
    // Nobody is left to list or to offer as a name, until a game is back.
    let people = || History::open(&path).unwrap().people().unwrap();
    assert_eq!(people(), vec![]);
    for back in [1, 2] {
        h.query_all_by_label_contains("Undo: put back game ")
            .next()
            .expect("an undo button")
            .click();
        h.run();
        h.run();
        assert_eq!(deletes(&h), back);
        assert_eq!(people().len(), input.players.len());
    }
    assert!(
        h.query_all_by_label_contains("Undo: put back")
            .next()
            .is_none()
    );
    // What it said belongs to this visit: gone after a trip home.
    assert_shows(&h, "The game is back.");
    click(&mut h, "← Home");
    click(&mut h, noctiluca::i18n::tr(ScreenKind::History.title()));
    assert_eq!(h.state().current, ScreenKind::History);
    assert!(!shows(&h, "The game is back."));

    // Both screens in Chinese.
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    h.run();
    h.state_mut().current = ScreenKind::Statistics;
    h.run();
    assert_shows(&h, "Adam：2 局");
    assert_all_translated("the history and statistics in Chinese");
}

#[test]
fn a_damaged_history_is_explained_and_kept_aside_on_request() {
    let (_dir, path) = db("history-damaged");
    std::fs::write(&path, b"not a database at all, only words").unwrap();
    let mut h = app_with_history(&path, ScreenKind::History);
    assert_shows(&h, "is not a history database, or it is damaged");
    // (Its games are looked for on a worker thread: frames are drawn as it goes.)
    h.get_by_label("Keep this file aside; start a new one with the games it still holds")
        .click();
    h.step();
    // Nothing of it reads: the new history starts empty, and says why.
    wait_until(&mut h, "the old file kept", |h| {
        shows(h, "The old file is kept as")
    });
    assert_shows(&h, "its games could not be carried over");
    // The old file is still there, beside the new history.
    let kept: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("kept-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(shows(&h, "No games yet"));
}

#[test]
fn the_calculator_offers_the_people_of_the_history_as_names() {
    let (_dir, path) = db("history-names");
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    let names: Vec<String> = input.players.iter().map(|p| p.name.clone()).collect();
    {
        let mut store = History::open(&path).unwrap();
        let result = scoring::score(&input);
        let entry = noctiluca::history::GameEntry::from_score(
            noctiluca::history::Mode::Tabletop,
            &input,
            &result,
            &[],
            1_790_000_000,
        );
        store.record(&entry).unwrap();
    }
    let mut h = app_with_history(&path, ScreenKind::Calculator);
    // The list comes from a worker thread.
    wait_until(&mut h, "the people of the history", |h| {
        h.state().calculator.offers_names()
    });
    let first = names[0].clone();
    let typed: String = first.chars().take(2).collect::<String>().to_lowercase();

    // By keyboard: type part of a name, Down, Enter.
    h.get_by_label("Player 1 name").focus();
    h.run();
    h.get_by_label("Player 1 name").type_text(&typed);
    h.run();
    assert!(shows(&h, "From the history:"), "no names offered");
    assert!(h.query_by_label(&first).is_some(), "{first} not offered");
    // A name that does not contain what was typed is not offered.
    let other = names.iter().find(|n| !n.to_lowercase().contains(&typed));
    if let Some(other) = other {
        assert!(h.query_by_label(other).is_none(), "{other} offered");
    }
    press(&mut h, egui::Key::ArrowDown);
    press(&mut h, egui::Key::Enter);
    h.run();
    assert_eq!(h.state().calculator.sheet.players[0].name, first);
    // Enter went on to the next field, and the list is gone.
    assert!(!shows(&h, "From the history:"));

    // By mouse: the second player's field, a click on the name.
    let second = names[1].clone();
    h.get_by_label("Player 2 name").focus();
    h.run();
    h.get_by_label("Player 2 name")
        .type_text(&second.chars().take(3).collect::<String>());
    h.run();
    h.get_by_label(&second).click();
    h.run();
    h.run();
    assert_eq!(h.state().calculator.sheet.players[1].name, second);

    // A new name is simply typed; it is not in the list, and nothing is offered for it.
    h.get_by_label("Player 3 name").focus();
    h.run();
    h.get_by_label("Player 3 name").type_text("Zzyzx");
    h.run();
    assert!(!shows(&h, "From the history:"));
    assert_eq!(h.state().calculator.sheet.players[2].name, "Zzyzx");
}

#[test]
fn statistics_open_on_a_person_rather_than_an_ai_player() {
    let (_dir, path) = db("history-stats-person");
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    // The AI players sort before the people by name ("easy bot" before "Zoe").
    let mut input = input;
    for (p, name) in input
        .players
        .iter_mut()
        .zip(["easy bot", "normal bot", "Zoe", "hard bot"])
    {
        p.name = name.into();
    }
    record_sheet(&path, noctiluca::history::Mode::Tabletop, &input);
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    h.run();
    assert_eq!(h.state().history.person.as_deref(), Some("Zoe"));
}

/// Records a solo game of Sol's (from the companion's score sheet) in the history at `path`;
/// returns its result and net score.
fn record_sols_solo_game(path: &Path) -> (ScoreResult, i64) {
    let input = ScoreInput {
        players: vec![noctiluca::engine::scoring::PlayerInput {
            name: "Sol".into(),
            delivered: 2,
            jar_bonus: 2,
            ..Default::default()
        }],
        tempest: Some(noctiluca::engine::scoring::TempestInput {
            dice: 5,
            ..Default::default()
        }),
        ..Default::default()
    };
    let result = record_sheet(path, noctiluca::history::Mode::SoloCompanion, &input);
    let noctiluca::engine::Outcome::Solo { net, .. } = result.outcome else {
        panic!("not solo")
    };
    (result, net)
}

#[test]
fn a_solo_game_is_listed_with_its_net_score() {
    let (_dir, path) = db("history-solo-net");
    let (result, net) = record_sols_solo_game(&path);
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    assert_shows(
        &h,
        &format!("Sol: {}, net score {net}", result.players[0].total),
    );
    // A solo game, not "1 players".
    assert_shows(&h, "Solo");
    assert!(!shows(&h, "1 players"));
}

#[test]
fn games_that_waited_beside_the_history_go_in_when_it_opens() {
    let (_dir, path) = db("history-queue");
    let input = sheet_of(&["Ann", "Ben"]);
    let result = score(&input);
    let entry = noctiluca::history::GameEntry::from_score(
        noctiluca::history::Mode::Tabletop,
        &input,
        &result,
        &[],
        noctiluca::history::now(),
    );
    // Recorded while the file could not be written: it waits in the queue beside it.
    let dir = path.parent().unwrap();
    noctiluca::history::queue(dir, &entry).unwrap();
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    assert_shows(
        &h,
        "Written to the history now: 1 game that waited beside it.",
    );
    assert!(noctiluca::history::read_queue(dir).is_empty());
    assert_eq!(
        History::open(&path)
            .unwrap()
            .games(&Filter::default())
            .unwrap()
            .len(),
        1
    );
    assert_shows(&h, "Ann");
}

#[test]
fn another_programs_database_is_named_and_can_be_kept_aside() {
    let (_dir, path) = db("history-foreign");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('x');")
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    let mut h = app_with_history(&path, ScreenKind::History);
    assert_shows(&h, "is a database of another program");
    assert_eq!(std::fs::read(&path).unwrap(), before, "left as it is");
    click(&mut h, "Keep this file aside and start a new one");
    assert_shows(&h, "The old file is kept as");
    let kept: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".kept-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read(&kept[0]).unwrap(), before);
    assert!(shows(&h, "No games yet"));
}

#[test]
fn a_very_long_name_is_shortened_in_the_list() {
    let (_dir, path) = db("history-long-name");
    let long = "Bartholomew".repeat(300);
    let input = sheet_of(&[long.as_str(), "Bea"]);
    record_sheet(&path, noctiluca::history::Mode::Tabletop, &input);
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    // The row's line (the buttons beside it name the game too).
    let row = h
        .query_all_by_label_contains("Bea: ")
        .find(|n| n.accesskit_node().role() == eframe::egui::accesskit::Role::Label)
        .expect("the game's line");
    let node = row.accesskit_node();
    let label = spoken(&row);
    assert!(label.contains("…"), "{label}");
    assert!(label.chars().count() < 80, "{label}");
    let b = node.bounding_box().unwrap();
    assert!(b.x1 <= 1280.0 && b.height() < 60.0, "{b:?}");
}

#[test]
fn every_game_can_be_reached_past_the_first_page() {
    use noctiluca::app::history::PAGE;
    let (_dir, path) = db("history-pages");
    let input = sheet_of(&["Ann", "Bo"]);
    let result = score(&input);
    let mut hist = History::open(&path).unwrap();
    for i in 0..=PAGE as i64 {
        let e = noctiluca::history::GameEntry::from_score(
            noctiluca::history::Mode::Tabletop,
            &input,
            &result,
            &[],
            1_700_000_000 + i,
        );
        hist.record(&e).unwrap();
    }
    drop(hist);
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    press(&mut h, eframe::egui::Key::End);
    let note = format!("The newest {PAGE} games are shown");
    assert_shows(&h, &note);
    click(&mut h, &format!("Show {PAGE} more"));
    assert_eq!(h.state().history.filter.limit, Some(2 * PAGE));
    press(&mut h, eframe::egui::Key::End);
    assert!(
        !shows(&h, "games are shown"),
        "all {} games listed",
        PAGE + 1
    );
}

#[test]
fn a_date_that_is_not_one_and_an_empty_filter_are_said() {
    let (_dir, path) = db("history-dates");
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Ann", "Bo"]),
    );
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    replace(&mut h, "From (date, YYYY-MM-DD)", "26/11/2026");
    assert_shows(&h, "“26/11/2026” is not a date");
    // A day the month has not had been taken as a day of the next month.
    replace(&mut h, "From (date, YYYY-MM-DD)", "2026-02-30");
    assert_shows(&h, "“2026-02-30” is not a day of the calendar.");
    assert_shows(&h, "Ann");
    replace(&mut h, "From (date, YYYY-MM-DD)", "2999-01-01");
    assert!(!shows(&h, "is not a date"));
    assert_shows(&h, "No game matches the filter.");
    assert!(!shows(&h, "No games yet"));
}

#[test]
fn statistics_say_when_the_plots_count_seats() {
    let (_dir, path) = db("history-seats");
    // One person at two seats of a game (as two bots of one level are).
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Ann", "Ann", "Bo"]),
    );
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    h.state_mut().history.person = Some("Ann".into());
    h.run();
    // Her wins count seats too (the three tie here: each seat won).
    assert_shows(&h, "Ann: games 1, seats 2, seats won 2 (100%)");
    assert_shows(&h, "the wins, the plots and the favourites count each seat");
    assert_shows(&h, "Seats by score: ");
    assert_shows(&h, "3 players: ");
    h.state_mut().history.person = Some("Bo".into());
    h.run();
    assert_shows(&h, "Bo: games 1, wins ");
    assert!(!shows(&h, "count each seat"));
}

/// A history whose folder is a file: the fault is told as a sentence, games are said not to be
/// recorded (no queue can be written beside it), and there is no file to read without writing.
#[test]
fn a_history_whose_folder_is_a_file_says_games_are_not_recorded() {
    let dir = scratch("history-folder-file");
    std::fs::write(dir.join("data"), "a file").unwrap();
    let path = dir.join("data").join(noctiluca::history::DB_FILE);
    let h = app_with_history(&path, ScreenKind::History);
    assert_shows(
        &h,
        "Games finished while the history cannot be written are not recorded.",
    );
    assert!(!shows(&h, "wait beside the file"));
    assert!(h.query_by_label("Read it without writing").is_none());
    assert!(h.query_by_label("Try again").is_some());
}

/// On Statistics a person is renamed by keyboard, and a second name merged into the first:
/// the person shown follows, and so do their games. An AI is not offered a new name.
#[test]
fn a_person_is_renamed_and_merged_on_statistics() {
    let (_dir, path) = db("history-rename");
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Zed", "Ann"]),
    );
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Zeddy", "Bo"]),
    );
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    h.state_mut().history.person = Some("Zed".into());
    h.run();
    click(&mut h, "Rename or merge…");
    assert!(
        h.get_by_label("New name").is_focused(),
        "the keyboard is on the name"
    );
    replace(&mut h, "New name", "Zoe");
    h.get_by_label("New name").focus();
    press(&mut h, eframe::egui::Key::Enter);
    assert_shows(&h, "Zed is now Zoe in the history (1 game).");
    assert_eq!(h.state().history.person.as_deref(), Some("Zoe"));
    // Zeddy was Zoe too.
    h.state_mut().history.person = Some("Zeddy".into());
    h.run();
    click(&mut h, "Rename or merge…");
    replace(&mut h, "New name", "Zoe");
    click(&mut h, "Rename");
    assert_shows(&h, "Zoe now has Zeddy's 1 game");
    assert_eq!(h.state().history.person.as_deref(), Some("Zoe"));
    assert_shows(&h, "Zoe: games 2");
    // Into a name that played Zoe: refused, and said.
    click(&mut h, "Rename or merge…");
    replace(&mut h, "New name", "Ann");
    click(&mut h, "Rename");
    assert_shows(&h, "Zoe and Ann played each other in 1 game");
    let h2 = History::open(&path).unwrap();
    let people: Vec<String> = h2.people().unwrap().into_iter().map(|(n, _)| n).collect();
    assert_eq!(people, ["Ann", "Bo", "Zoe"]);
    // The records count the merged games as one person's.
    assert_shows(&h, "Records");
    // Whose records they are is said (an AI's higher score was looked for there).
    assert_shows(&h, "AI players are left out");
    assert_shows(&h, "Most games: 2 (Zoe)");
}

/// A solo game's net score and the scores at a table can be counted apart: the statistics
/// offer all games, those at a table, or the solo ones, and say when they mix the two.
#[test]
fn statistics_keep_solo_games_apart_on_request() {
    let (_dir, path) = db("history-stats-kinds");
    let (_, net) = record_sols_solo_game(&path);
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Sol", "Bo"]),
    );
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    h.state_mut().history.person = Some("Sol".into());
    h.run();
    assert_shows(&h, "Sol: games 2, ");
    assert_shows(&h, "Solo games count here by their net score");
    click(&mut h, "Solo (net scores)");
    assert_shows(&h, "Sol: games 1, ");
    assert_shows(&h, &format!("The one score: {net}"));
    // A negative score's range reads as one ("−5 to −1", not "-5–-1").
    assert!(net < 0, "the sheet's net score is negative: {net}");
    let from = net.div_euclid(5) * 5;
    let range = format!("{} to {}: 1", from, from + 4).replace('-', "−");
    assert_shows(&h, &format!("Games by score: {range}"));
    assert!(!shows(&h, "Solo games count here"));
    click(&mut h, "At a table (2–4 players)");
    assert_shows(&h, "Sol: games 1, ");
    assert_shows(&h, "2 players: ");
    // Bo has played no solo game: said, not a blank page.
    click(&mut h, "Solo (net scores)");
    h.state_mut().history.person = Some("Bo".into());
    h.run();
    assert_shows(&h, "Bo has no solo games recorded.");
}

/// Two seats of one person in a game (two AIs of one level) are told apart in the list by
/// seat: "AI Normal #2", "AI Normal #3" (both read "AI Normal").
#[test]
fn two_ais_of_one_level_are_told_apart_in_the_list() {
    let (_dir, path) = db("history-two-ais");
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Kim", "normal bot", "normal bot"]),
    );
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    assert_shows(&h, "AI Normal #2: ");
    assert_shows(&h, "AI Normal #3: ");
    assert!(!shows(&h, "Kim #1"));
    // The choice of person lists the people by name, then the AI players ("normal bot" had
    // sorted after "Kim" and before "Zoe", as "AI Normal" is not).
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Zoe", "easy bot", "ann"]),
    );
    h.state_mut().history.refresh();
    h.run();
    assert_eq!(
        h.state().history.people,
        ["ann", "Kim", "Zoe", "easy bot", "normal bot"]
    );
}

/// At the largest text size the statistics' plots go one under another rather than off the
/// window's edge, and a long name does not widen the choice of person.
#[test]
fn statistics_fit_the_window_at_the_largest_text() {
    let (_dir, path) = db("history-stats-200");
    let long = "Bartholomew Featherstonehaugh-Cholmondeley";
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Ann", long]),
    );
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Statistics);
    app.history = HistoryScreen::new(Some(path.clone()));
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 1280.0, 800.0);
    h.state_mut().history.person = Some("Ann".into());
    h.run();
    let right = |h: &Harness<'_, NoctilucaApp>, label: &str| {
        h.get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap()
            .x1
    };
    let r = right(&h, "Where the points come from");
    assert!(r <= 1280.0, "{r}");
    let choice = |h: &Harness<'_, NoctilucaApp>| {
        h.query_all_by_label("Person")
            .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
            .expect("the choice of person")
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let before = choice(&h);
    h.state_mut().history.person = Some(long.into());
    h.run();
    assert_eq!(choice(&h).width(), before.width());
    // The page scrolls as one, the choices with the plots: they took half the window, and
    // the plots scrolled in the strip left under them.
    let top = choice(&h).y0;
    wheel(&mut h, egui::pos2(300.0, 300.0), -20.0);
    assert!(choice(&h).y0 < top - 100.0, "{} from {top}", choice(&h).y0);
}

/// A result saved to the history stays saved after a restart: the sheet kept for the next run
/// says so, and the button stays off (it came back on, and the same game went in twice).
#[test]
fn a_saved_result_stays_saved_after_a_restart() {
    let (dir, path) = db("history-calc-restart");
    let keep = dir.join(noctiluca::app::calculator::KEEP_FILE);
    let open = |keep: &Path| {
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
        app.shared.recorder = Recorder::new(Some(path.to_path_buf()));
        app.history = HistoryScreen::new(Some(path.to_path_buf()));
        assert_eq!(app.calculator.keep_in(keep.to_path_buf()), None);
        harness(app)
    };
    let mut h = open(&keep);
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    h.state_mut().calculator.sheet = Sheet::from_input(&input);
    h.run();
    click(&mut h, "Save to history");
    wait_for_recording(&mut h);
    h.state_mut().calculator.keep_sheet(f64::INFINITY);
    drop(h);
    let h = open(&keep);
    let saved = h.get_by_label("Saved to history");
    assert!(saved.accesskit_node().is_disabled());
    assert!(h.query_by_label("Save to history").is_none());
    let games = History::open(&path)
        .unwrap()
        .games(&noctiluca::history::Filter::default())
        .unwrap();
    assert_eq!(games.len(), 1);
}
