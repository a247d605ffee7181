//! Play's files: saving and opening a game (through the dialog, and where none can be shown),
//! the autosave, and the replay of a finished game.

use crate::app_support::*;
use crate::game::{play_app, play_one, play_to_end, settle_worker};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::game::{GameSave, GameScreen};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use std::path::Path;
use std::sync::Arc;

#[test]
fn save_load_and_autosave_resume() {
    let dir = scratch("game-save");
    let auto = dir.join("game-autosave.ron");
    let mut h = play_app(Some(&auto));
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: human");
    replace(&mut h, "Seed code (optional)", "SAVE-0001");
    click(&mut h, "Start the game");
    for _ in 0..25 {
        play_one(&mut h, false);
    }
    let save = h.state().game.game.as_ref().unwrap().save();
    let state = h.state().game.game.as_ref().unwrap().m.state.clone();
    // Save → load: the same state.
    let text = save.to_ron();
    let back = GameSave::from_ron(&text).unwrap();
    assert_eq!(back, save);
    assert_eq!(back.record.replay().unwrap(), state);
    // A crash: the harness is dropped without closing; a new app finds the autosave.
    drop(h);
    let mut h = play_app(Some(&auto));
    assert_shows(&h, "Continue the saved game");
    click(&mut h, "Continue the saved game");
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.m.state, state);
    assert_eq!(g.seats, save.seats);
    // And the game goes on from there.
    play_one(&mut h, false);
}

/// Play where no file dialog can be shown: files saved go to `dir`.
fn without_a_dialog(dir: &Path) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    let no_dialog = Arc::new(NoDialog {
        fallback: dir.to_path_buf(),
    });
    app.shared.dialog = no_dialog.clone();
    app.shared.open_dialog = no_dialog;
    harness(app)
}

#[test]
fn without_a_file_dialog_open_offers_the_games_saved_without_one() {
    let dir = scratch("game-no-dialog");
    let mut h = without_a_dialog(&dir);
    click(&mut h, "Solo");
    click(&mut h, "Seat 1: human");
    replace(&mut h, "Seed code (optional)", "OFFR-0001");
    click(&mut h, "Start the game");
    for _ in 0..10 {
        play_one(&mut h, false);
    }
    let state = h.state().game.game.as_ref().unwrap().m.state.clone();
    let shore = |h: &Harness<'static, NoctilucaApp>| {
        let node = h
            .query_all_by_label_contains("Shore ")
            .next()
            .expect("a shore");
        node.accesskit_node().bounding_box().unwrap()
    };
    let place = |h: &Harness<'static, NoctilucaApp>, label: &str| {
        h.get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let before = shore(&h);
    click(&mut h, "Save…");
    settle_worker(&mut h, |app| !app.game.has_open_dialog());
    let saved = dir.join("noctiluca-game.ron");
    assert!(saved.exists());
    // Saving with no dialog says where the file went, whole: too long for the end of the
    // buttons' row, on a row of its own under them, inside the window.
    h.run();
    let status = said(&h.state().game.status).expect("saving says where");
    assert!(status.contains(&saved.display().to_string()), "{status}");
    let (line, log) = (place(&h, &status), place(&h, "Log"));
    assert!(line.y0 >= log.y1, "{line:?} beside the buttons ({log:?})");
    assert!(line.x1 <= 1280.0, "{line:?}");
    // A short one ends the buttons' row, and the table below stays where it was.
    h.state_mut().game.status = Some(noctiluca::i18n::Said::new(|| "Saved.".into()));
    h.run();
    let (line, log) = (place(&h, "Saved."), place(&h, "Log"));
    assert!(
        line.x0 >= log.x1 && line.y0 < log.y1,
        "{line:?} not after the buttons ({log:?})"
    );
    assert_eq!(shore(&h), before, "the table moved when saving said where");
    // Another file of another kind in that folder is not offered.
    std::fs::write(dir.join("notes.txt"), "not a game").unwrap();
    for _ in 0..4 {
        play_one(&mut h, false);
    }
    assert_ne!(h.state().game.game.as_ref().unwrap().m.state, state);
    // Open: no dialog can be shown, so the games in that folder are offered, by name.
    click(&mut h, "Open…");
    wait_until(&mut h, "the offer", |h| shows(h, "No file dialog"));
    // (The folder of the last file opened, set by other tests, may be listed too.)
    assert_shows(&h, &dir.display().to_string());
    assert!(h.query_by_label("notes.txt").is_none());
    // Escape closes it, and nothing is said of it above the table (a line saying nothing
    // was opened stayed there, and could push the table down).
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shows(&h, "No file dialog could be shown"));
    assert_eq!(said(&h.state().game.status), None);
    assert_eq!(
        h.state().current,
        ScreenKind::Play,
        "Escape closed only the offer"
    );
    click(&mut h, "Open…");
    wait_until(&mut h, "the offer", |h| shows(h, "No file dialog"));
    click(&mut h, "noctiluca-game.ron");
    settle_worker(&mut h, |app| !app.game.has_open_dialog());
    h.run();
    assert_eq!(
        said(&h.state().game.status).as_deref(),
        Some("Game opened.")
    );
    assert_eq!(h.state().game.game.as_ref().unwrap().m.state, state);
    // What Play said stays behind when the screen is left, and goes with the next decision.
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Home);
    assert!(h.state().game.status.is_none());
    h.state_mut()
        .run_command(Some(noctiluca::app::Command::Open(ScreenKind::Play)));
    h.run();
    assert!(!shows(&h, "Game opened."));
    h.state_mut().game.status = Some(noctiluca::i18n::Said::new(|| "Saved.".into()));
    play_one(&mut h, false);
    assert!(h.state().game.status.is_none());
}

/// Like `play_app`, with a file dialog that answers `path`.
pub(crate) fn play_app_with_dialog(path: &Path) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(Some(path.to_path_buf())), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    harness(app)
}

#[test]
fn save_through_the_dialog_open_it_again_and_replay_step_by_step() {
    let dir = scratch("game-open");
    let file = dir.join("finished.ron");
    let mut h = play_app_with_dialog(&file);
    click(&mut h, "Solo");
    click(&mut h, "Seat 1: human");
    replace(&mut h, "Seed code (optional)", "OPEN-0001");
    click(&mut h, "Start the game");
    play_to_end(&mut h, false);
    let finished = h.state().game.game.as_ref().unwrap().m.state.clone();
    click(&mut h, "Save…");
    settle_worker(&mut h, |_| file.exists());
    assert!(file.exists(), "the save was written where the dialog said");

    // Another session opens the file through the dialog.
    let mut h = play_app_with_dialog(&file);
    click(&mut h, "Open a saved game…");
    settle_worker(&mut h, |app| app.game.game.is_some());
    let g = h
        .state()
        .game
        .game
        .as_ref()
        .expect("the saved game is open");
    assert_eq!(g.m.state, finished);
    assert_shows(&h, "Net score");

    // The finished game, step by step, by button and by keyboard.
    click(&mut h, "Replay step by step");
    let at = |h: &Harness<'static, NoctilucaApp>| {
        h.state()
            .game
            .game
            .as_ref()
            .unwrap()
            .replay
            .as_ref()
            .unwrap()
            .at
    };
    assert_eq!(at(&h), 0);
    assert_shows(&h, "Step 1 of");
    // Nothing to take back in a replay (Undo was there, greyed out, beside its steps).
    assert!(h.query_by_label("Undo").is_none());
    // At its first step the token stacks are full, not shared out as at the end.
    let stacks: Vec<String> = h
        .query_all_by_label_contains("token stack, top first:")
        .map(|n| spoken(&n))
        .collect();
    assert_eq!(stacks.len(), 3, "{stacks:?}");
    assert!(
        stacks.iter().all(|s| s.ends_with("2 2 3 3 4 4 5 5 6 8")),
        "{stacks:?}"
    );
    click(&mut h, "Step forward →");
    assert_eq!(at(&h), 1);
    press(&mut h, egui::Key::ArrowRight);
    assert_eq!(at(&h), 2);
    press(&mut h, egui::Key::ArrowLeft);
    click(&mut h, "← Step back");
    assert_eq!(at(&h), 0);
    // Each step is the recorded game at that point.
    let g = h.state().game.game.as_ref().unwrap();
    let r = g.replay.as_ref().unwrap();
    assert_eq!(
        r.state,
        g.m.to_record().replay_prefix(r.steps[r.at]).unwrap()
    );
    click(&mut h, "Back to the scores");
    assert!(h.state().game.game.as_ref().unwrap().replay.is_none());
    // Escape in the replay goes back to the scores too (it went home).
    click(&mut h, "Replay step by step");
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Play);
    assert!(h.state().game.game.as_ref().unwrap().replay.is_none());
}

#[test]
fn new_game_keeps_the_game_left_under_way_on_offer() {
    let mut h = play_app(None);
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: human");
    h.state_mut().game.setup.seed_text = "K7M2-QX9P".into();
    click(&mut h, "Start the game");
    for _ in 0..6 {
        play_one(&mut h, false);
    }
    // (Between two people's turns the table may be covered, its buttons with it.)
    h.state_mut().game.game.as_mut().unwrap().covered = false;
    h.run();
    let state = h.state().game.game.as_ref().unwrap().m.state.clone();
    click(&mut h, "New game");
    assert!(h.state().game.game.is_none(), "at the new game dialog");
    assert_shows(&h, "A game was left under way");
    click(&mut h, "Continue the saved game");
    assert_eq!(h.state().game.game.as_ref().unwrap().m.state, state);
}

/// The game left under way, offered on the new game page until another starts, can be kept in
/// a file first, and opened again from it.
#[test]
fn the_game_left_under_way_can_be_saved_to_a_file_before_another() {
    let dir = scratch("game-left");
    let auto = dir.join("game-autosave.ron");
    let file = dir.join("kept.ron");
    let state = crate::game::left_under_way(&auto);
    // The next session finds it under way, and keeps it in a file.
    let mut app = NoctilucaApp::for_tests(fake(Some(file.clone())), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), Some(auto.clone()));
    app.game.animate = false;
    let mut h = harness(app);
    assert_shows(&h, "A game was left under way");
    click(&mut h, "Save it to a file…");
    settle_worker(&mut h, |_| file.exists());
    let kept = GameSave::read(&file).expect("the file reads as a game");
    assert_eq!(kept.record.replay().unwrap(), state);
    // (The file is there a frame or so before the screen hears back from the worker.)
    wait_until(&mut h, "the save to be said", |h| shows(h, "Saved"));
}

/// The round and turn at the top of the table keep one width as the turns go by, so the turn
/// order and the buttons after them stay under the pointer.
#[test]
fn the_turn_counter_keeps_its_width() {
    let mut h = play_app(None);
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: AI random");
    replace(&mut h, "Seed code (optional)", "TRNS-0001");
    click(&mut h, "Start the game");
    // During the jar draft the first player is not drawn yet: the seats, not a turn order.
    let order_of = |h: &Harness<'static, NoctilucaApp>, start: &str| {
        let node = h
            .query_all_by(|n| {
                let text = n.label().or_else(|| n.value()).unwrap_or_default();
                text.starts_with(start)
            })
            .next()
            .unwrap_or_else(|| panic!("no {start:?}"));
        node.accesskit_node().bounding_box().unwrap().x0
    };
    let order = |h: &Harness<'static, NoctilucaApp>| order_of(h, "Turn order: ");
    h.run();
    assert!(!h.state().game.game.as_ref().unwrap().m.state.started);
    let seats = order_of(&h, "Seats: ");
    while !h.state().game.game.as_ref().unwrap().m.state.started {
        assert!(play_one(&mut h, false), "the game ended in the draft");
    }
    h.run();
    let first = order(&h);
    assert_eq!(
        first, seats,
        "the seats and the turn order start at one place"
    );
    let turn = |h: &Harness<'static, NoctilucaApp>| {
        let s = &h.state().game.game.as_ref().unwrap().m.state;
        (s.round, s.turn)
    };
    // Turn 1, then turn 10 or later of round 1 (two digits).
    while turn(&h) < (1, 9) {
        assert!(play_one(&mut h, false), "the game ended before turn 10");
    }
    h.run();
    let (round, done) = turn(&h);
    assert_eq!(round, 1);
    assert_shows(&h, &format!("Round 1 of 2 · turn {} of 12", done + 1));
    assert_eq!(order(&h), first, "the turn order moved");
}

/// Without a file dialog, a game saved elsewhere, under another name, is opened by typing its
/// path in the offer (only the files in the save folder were offered, and nothing else could
/// be reached); a path to nothing says why it was not opened, naming it, and keeps the game.
#[test]
fn without_a_file_dialog_a_game_elsewhere_opens_by_its_path() {
    let dir = scratch("game-no-dialog-typed");
    let elsewhere = scratch("game-no-dialog-elsewhere");
    let mut h = without_a_dialog(&dir);
    click(&mut h, "Solo");
    click(&mut h, "Seat 1: human");
    click(&mut h, "Start the game");
    for _ in 0..6 {
        play_one(&mut h, false);
    }
    let kept = h.state().game.game.as_ref().unwrap().save();
    let kept_state = h.state().game.game.as_ref().unwrap().m.state.clone();
    let path = elsewhere.join("Friday night.game");
    std::fs::write(&path, kept.to_ron()).unwrap();
    for _ in 0..4 {
        play_one(&mut h, false);
    }
    let now = h.state().game.game.as_ref().unwrap().m.state.clone();
    assert_ne!(now, kept_state);
    let field = "Or the path of another file:";
    // A path to nothing: not opened, and why; the game stays as it was.
    click(&mut h, "Open…");
    wait_until(&mut h, "the offer", |h| shows(h, "No file dialog"));
    replace(
        &mut h,
        field,
        &elsewhere.join("nothing.ron").display().to_string(),
    );
    click(&mut h, "Open");
    settle_worker(&mut h, |app| !app.game.has_open_dialog());
    h.run();
    let status = said(&h.state().game.status).unwrap_or_default();
    assert!(
        status.starts_with(noctiluca::app::theme::WARNING_GLYPH),
        "{status}"
    );
    assert!(status.contains("no such file"), "{status}");
    // The file is named: a path typed by hand may be the wrong one.
    assert!(status.contains("nothing.ron"), "{status}");
    assert_eq!(h.state().game.game.as_ref().unwrap().m.state, now);
    // Its path, pasted with quotes around it as a file manager copies it.
    click(&mut h, "Open…");
    wait_until(&mut h, "the offer", |h| shows(h, "No file dialog"));
    replace(&mut h, field, &format!("'{}' ", path.display()));
    click(&mut h, "Open");
    settle_worker(&mut h, |app| !app.game.has_open_dialog());
    h.run();
    assert_eq!(
        said(&h.state().game.status).as_deref(),
        Some("Game opened.")
    );
    assert_eq!(h.state().game.game.as_ref().unwrap().m.state, kept_state);
}

/// A game's own file says who took hints, and its end says so; a bare log (what the history
/// keeps) does not, and its end says nothing of hints (it said "Hints taken: Ana: 0" of a
/// game where Ana had taken one).
#[test]
fn the_end_of_a_bare_log_says_nothing_of_hints() {
    let mut h = play_app(None);
    click(&mut h, "Solo");
    click(&mut h, "Seat 1: human");
    click(&mut h, "Start the game");
    play_to_end(&mut h, false);
    h.run();
    assert_shows(&h, "Hints taken");
    let save = h.state().game.game.as_ref().unwrap().save();
    let bare = save.record.to_ron();
    // Passed on as a save, as the history's replay passes it (the "0" came back that way).
    let opened = GameSave::from_ron(&bare).unwrap();
    let opened = GameSave::from_ron(&opened.to_ron()).unwrap();
    h.state_mut().game.open_save(opened).unwrap();
    h.run();
    assert_shows(&h, "The game is over");
    assert!(!shows(&h, "Hints taken"));
    // The same game from its own file says it again.
    h.state_mut().game.open_save(save).unwrap();
    h.run();
    assert_shows(&h, "Hints taken");
}
