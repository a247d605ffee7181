//! The new-game dialog's choices that only some tables need.

use crate::app_support::*;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::game::GameScreen;
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::Components;
use std::sync::Arc;

fn play_app() -> egui_kittest::Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    harness(app)
}

#[test]
fn a_hard_seat_can_be_given_a_shorter_think_time() {
    let mut h = play_app();
    click(&mut h, "2 players");
    // Only asked when a seat is Hard.
    assert!(!shows(&h, "Hard AI thinks"));
    click(&mut h, "Seat 2: AI hard");
    assert_shows(&h, "Hard AI thinks");
    assert!(
        h.state().game.setup.hard_ms == 1000,
        "a second by default, as before"
    );
    click(&mut h, "Hard AI thinks 0.25 s a move");
    click(&mut h, "First player: seat 1");
    click(&mut h, "Start the game");
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.seats[1].ai.as_deref(), Some("hard:250ms"));
    assert_eq!(g.seats[0].ai, None);
    // The seat still reads as Hard.
    assert_shows(&h, "AI Hard");
    // And a new dialog keeps the choice; back to a second, the seat is plain "hard".
    let mut d = h.state().game.setup.clone();
    assert_eq!(d.hard_ms, 250);
    d.hard_ms = 1000;
    let (_, seats, _) = d.game_spec().unwrap();
    assert_eq!(seats[1].ai.as_deref(), Some("hard"));
}

#[test]
fn a_seat_can_be_expert_with_its_own_think_time() {
    let mut h = play_app();
    click(&mut h, "2 players");
    assert!(!shows(&h, "Expert AI thinks"));
    click(&mut h, "Seat 2: AI expert");
    // Expert's think time is asked, Hard's is not (no seat is Hard).
    assert_shows(&h, "Expert AI thinks");
    assert!(!shows(&h, "Hard AI thinks"));
    assert!(
        h.state().game.setup.expert_ms == 1000,
        "a second by default"
    );
    click(&mut h, "Expert AI thinks 0.5 s a move");
    click(&mut h, "First player: seat 1");
    click(&mut h, "Start the game");
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.seats[1].ai.as_deref(), Some("expert:500ms"));
    assert_eq!(g.seats[0].ai, None);
    // The seat reads as Expert, without its think time.
    assert_shows(&h, "AI Expert");
    assert!(!shows(&h, "expert:500ms"));
    let mut d = h.state().game.setup.clone();
    d.expert_ms = 1000;
    let (_, seats, _) = d.game_spec().unwrap();
    assert_eq!(seats[1].ai.as_deref(), Some("expert"));
}

#[test]
fn hints_are_offered_only_to_a_table_with_a_person() {
    use egui_kittest::kittest::{NodeT, Queryable};
    let mut h = play_app();
    click(&mut h, "Solo");
    let enabled = |h: &egui_kittest::Harness<'_, NoctilucaApp>| {
        !h.get_by_label("Hints at this table")
            .accesskit_node()
            .is_disabled()
    };
    assert!(enabled(&h));
    click(&mut h, "Seat 1: AI easy");
    assert!(!enabled(&h), "nobody at the table to ask for a hint");
}

/// Play with its dialog kept in `file`, as the app keeps it beside its autosave.
fn play_app_keeping(file: &std::path::Path) -> egui_kittest::Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    app.game.remember_setup_in(file.to_path_buf());
    harness(app)
}

/// The dialog comes back as it started the last game: the table's size, names, levels, the
/// first player, hints and think times (not the seed code: the next game is a new one).
#[test]
fn the_dialog_comes_back_as_it_started_the_last_game() {
    let scratch_dir = scratch("new-game-kept");
    let file = scratch_dir.join(noctiluca::app::game::SETUP_FILE);
    let _ = std::fs::remove_file(&file);
    let mut h = play_app_keeping(&file);
    click(&mut h, "3 players");
    replace(&mut h, "Name of seat 1", "Mira");
    click(&mut h, "Seat 2: AI normal");
    click(&mut h, "Seat 3: AI hard");
    click(&mut h, "Hard AI thinks 0.5 s a move");
    click(&mut h, "First player: seat 2");
    click(&mut h, "Hints at this table");
    replace(&mut h, "Seed code (optional)", "K7M2-QX9P");
    click(&mut h, "Start the game");
    assert!(h.state().game.game.is_some());
    let used = h.state().game.setup.clone();
    drop(h);
    let h = play_app_keeping(&file);
    let back = &h.state().game.setup;
    assert_eq!(back.seed_text, "");
    assert_eq!(
        noctiluca::app::game::NewGameDialog {
            seed_text: used.seed_text.clone(),
            ..back.clone()
        },
        used
    );
    assert_eq!((back.players, back.seats[0].name.as_str()), (3, "Mira"));
    assert!(!back.hints);
    let field = h.get_by_label("Name of seat 1");
    assert_eq!(field.accesskit_node().value().as_deref(), Some("Mira"));
}

/// A kept dialog from a later version (a level and a field this one does not know) keeps what
/// it can; one that does not read is moved aside, said, and the defaults are used.
#[test]
fn a_kept_dialog_from_elsewhere_gives_way_to_the_defaults() {
    let dir = scratch("new-game-foreign");
    let file = dir.join(noctiluca::app::game::SETUP_FILE);
    std::fs::write(
        &file,
        "(players: 4, seats: [(name: \"Ann\", ai: None), (name: \"\", ai: Some(\"grandmaster\"))], \
         first: Some(3), hints: false, hard_ms: 7, table_colour: \"teal\")",
    )
    .unwrap();
    let h = play_app_keeping(&file);
    let d = &h.state().game.setup;
    assert_eq!(
        (d.players, d.seats[0].name.as_str(), d.first),
        (4, "Ann", Some(3))
    );
    let default = noctiluca::app::game::NewGameDialog::default();
    assert_eq!(d.seats[1].ai, default.seats[1].ai, "an unknown level");
    assert_eq!(d.hard_ms, default.hard_ms, "a think time not offered");
    std::fs::write(&file, "not a set-up at all").unwrap();
    let h = play_app_keeping(&file);
    assert_eq!(h.state().game.setup, default);
    assert_shows(&h, "The last new game's set-up");
    let aside = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".broken"))
        .count();
    assert_eq!(aside, 1, "the unreadable file is kept aside, not deleted");
}

/// A seat's name stops at 40 characters as it is typed, so the table, the history and the
/// scores stay readable; the game then starts under that name.
#[test]
fn a_seat_name_stops_at_forty_characters() {
    let mut h = play_app();
    click(&mut h, "2 players");
    click(&mut h, "Name of seat 1");
    h.event(eframe::egui::Event::Text("Ada".repeat(30)));
    h.run();
    let typed = h.state().game.setup.seats[0].name.clone();
    assert_eq!(typed.chars().count(), noctiluca::app::theme::NAME_CHARS);
    assert!(typed.starts_with("AdaAda"));
    click(&mut h, "Seat 2: human");
    click(&mut h, "Start the game");
    let g = h.state().game.game.as_ref().expect("a game");
    assert_eq!(g.seats[0].name, typed);
}

/// An AI seat nobody named is named for its level at the table, as the history names it
/// ("Player 2" at the table was "AI Normal" in the history); two at one level, with their
/// seats; a name someone gave stays, its level beside it.
#[test]
fn an_unnamed_ai_seat_is_named_for_its_level_as_in_the_history() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    let d = &mut app.game.setup;
    d.players = 4;
    let levels = [None, Some(2), Some(1), Some(1)];
    for (s, level) in d.seats.iter_mut().zip(levels) {
        s.ai = level;
    }
    d.seats[0].name = "Ana".into();
    d.seats[3].name = "Robo".into();
    app.game.start().expect("a game starts");
    let mut h = harness(app);
    h.run();
    let g = h.state().game.game.as_ref().unwrap();
    let names: Vec<String> = (0..4).map(|s| g.name(s)).collect();
    assert_eq!(names, ["Ana", "AI Normal", "AI Easy", "Robo"]);
    // Robo's card says its level; AI Normal's does not say it twice.
    assert_eq!(h.query_all_by_label("AI Easy").count(), 2);
    assert_eq!(h.query_all_by_label("AI Normal").count(), 1);
    // Two unnamed at one level: their seats tell them apart.
    h.state_mut().game.game.as_mut().unwrap().seats[3].name = String::new();
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.name(2), "AI Easy #3");
    assert_eq!(g.name(3), "AI Easy #4");
}

#[test]
fn the_first_player_choices_name_the_seats_as_the_table_will() {
    let mut h = play_app();
    click(&mut h, "4 players");
    click(&mut h, "Seat 2: AI hard");
    let d = &h.state().game.setup;
    // Seats 3 and 4 are Normal by default: two of a level carry their seats.
    assert_eq!(
        d.first_player_choices(),
        ["Player 1", "AI Hard", "AI Normal #3", "AI Normal #4"]
    );
    click(&mut h, "First player: seat 3");
    click(&mut h, "Start the game");
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.names()[2], "AI Normal #3");
}

/// Each AI level says how it plays ("AI: Random" read as a level picked at random).
#[test]
fn each_ai_level_says_how_it_plays() {
    let mut h = play_app();
    click(&mut h, "2 players");
    h.get_by_label("Seat 2: AI random").hover();
    h.run();
    assert_shows(&h, "plays any move the rules allow, picked at random");
    h.get_by_label("Seat 2: AI normal").hover();
    h.run();
    assert_shows(&h, "looks to the end of the turn");
}

/// A name as long as a name may be is said to be so beside its field (the letters typed past
/// it had gone without a word).
#[test]
fn a_name_at_its_longest_says_so() {
    let mut h = play_app();
    click(&mut h, "2 players");
    assert!(!shows(&h, "at most 40 characters"));
    replace(&mut h, "Name of seat 1", &"Bartholomew ".repeat(5));
    assert_eq!(h.state().game.setup.seats[0].name.chars().count(), 40);
    assert_shows(&h, "at most 40 characters");
}
