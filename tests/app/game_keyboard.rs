//! A game by keyboard alone: the set-up, then resuming, opening a saved game and the end.

use crate::app_support::*;
use crate::game::*;
use crate::game_files::play_app_with_dialog;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::NoctilucaApp;
use noctiluca::i18n::Lang;

/// Presses Tab until a widget labelled `label` has the focus; several may carry the label
/// (the table has two "New game" buttons when the game is over).
fn tab_to_one_of(h: &mut Harness<'_, NoctilucaApp>, label: &str, limit: usize) {
    for _ in 0..limit {
        if h.query_all_by_label(label).any(|n| n.is_focused()) {
            return;
        }
        press(h, egui::Key::Tab);
    }
    panic!("Tab never reached {label:?} in {limit} presses");
}

fn type_text(h: &mut Harness<'_, NoctilucaApp>, text: &str) {
    h.event(egui::Event::Text(text.into()));
    h.run();
}

#[test]
fn the_set_up_by_keyboard_alone() {
    let mut h = play_app(None);
    h.run();
    // Solo first, then back to two seats: the seat count by Tab and Space.
    tab_to(&mut h, "Solo", 30);
    press(&mut h, egui::Key::Space);
    assert_eq!(h.state().game.setup.players, 1);
    tab_to(&mut h, "2 players", 30);
    press(&mut h, egui::Key::Space);
    assert_eq!(h.state().game.setup.players, 2);
    tab_to(&mut h, "Name of seat 1", 30);
    type_text(&mut h, "Ada");
    tab_to(&mut h, "Name of seat 2", 30);
    type_text(&mut h, "Robo");
    tab_to(&mut h, "Seat 2: AI easy", 30);
    press(&mut h, egui::Key::Space);
    tab_to(&mut h, "First player: seat 1", 30);
    press(&mut h, egui::Key::Enter);
    tab_to(&mut h, "Seed code (optional)", 30);
    type_text(&mut h, "KEYS-0002");
    {
        let d = &h.state().game.setup;
        assert_eq!(d.seats[0].name, "Ada");
        assert_eq!(d.seats[0].ai, None);
        assert_eq!(d.seats[1].name, "Robo");
        assert_eq!(d.seats[1].ai, Some(1));
        assert_eq!(d.first, Some(0));
    }
    tab_to(&mut h, "Start the game", 30);
    press(&mut h, egui::Key::Enter);
    let g = h.state().game.game.as_ref().expect("the game started");
    assert_eq!(g.names(), ["Ada", "Robo"]);
    assert!(g.is_human(0) && !g.is_human(1));
    assert_eq!(g.seats[1].ai.as_deref(), Some("easy"));
    assert_eq!(g.m.record.config.first_player, Some(0));
    assert_eq!(
        g.m.record.seed,
        Some(
            noctiluca::seeder::SeedCode::parse("KEYS-0002")
                .unwrap()
                .value()
        )
    );
    // The table, with Ada to decide.
    assert_eq!(until_human(&mut h), 0);
    assert!(!shows(&h, "Start the game"));
    assert_shows(&h, "Favourite of Ada");
}

#[test]
fn resume_open_and_the_end_of_the_game_by_keyboard_alone() {
    let dir = scratch("game-keys");
    let auto = dir.join("game-autosave.ron");
    let saved = game_under_way(Lang::En, &auto, "KEYS-0003");

    // The autosave, continued with Tab and Enter.
    let mut h = play_app(Some(&auto));
    h.run();
    tab_to(&mut h, "Continue the saved game", 30);
    press(&mut h, egui::Key::Enter);
    let g = h
        .state()
        .game
        .game
        .as_ref()
        .expect("the saved game goes on");
    assert_eq!(g.m.to_record().actions, saved.record.actions);
    assert_eq!(g.seats, saved.seats);

    // A finished game, saved to a file and opened with Tab and Enter.
    let mut bots = play_app(None);
    bots.state_mut().game.setup.seats[0].ai = Some(0);
    bots.state_mut().game.setup.seats[1].ai = Some(0);
    bots.state_mut().game.setup.seed_text = "KEYS-0004".into();
    bots.state_mut().game.start().unwrap();
    run_bots_to_end(&mut bots);
    bots.run();
    assert_shows(&bots, "The game is over");
    assert!(!shows(&bots, "Hints"), "no hint line with only AI players");
    let finished = bots.state().game.game.as_ref().unwrap().save();
    let file = dir.join("finished.ron");
    std::fs::write(&file, finished.to_ron()).unwrap();
    let mut h = play_app_with_dialog(&file);
    h.run();
    tab_to(&mut h, "Open a saved game…", 30);
    press(&mut h, egui::Key::Enter);
    settle_worker(&mut h, |app| app.game.game.is_some());
    h.run();
    assert_eq!(
        h.state().game.game.as_ref().unwrap().m.state,
        finished.record.replay().unwrap()
    );
    assert_end_screen(&h);

    // The end screen's buttons: the replay, back to the scores, a new game.
    tab_to(&mut h, "Replay step by step", 60);
    press(&mut h, egui::Key::Enter);
    assert!(h.state().game.game.as_ref().unwrap().replay.is_some());
    tab_to(&mut h, "Back to the scores", 60);
    press(&mut h, egui::Key::Enter);
    assert!(h.state().game.game.as_ref().unwrap().replay.is_none());
    tab_to_one_of(&mut h, "New game", 60);
    press(&mut h, egui::Key::Enter);
    assert!(h.state().game.game.is_none(), "back at the set-up");
    assert_shows(&h, "Start the game");
}
