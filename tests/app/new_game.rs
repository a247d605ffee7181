//! The new-game dialog's choices that only some tables need.

use crate::app_support::*;
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
