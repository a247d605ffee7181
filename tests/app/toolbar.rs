//! The table's buttons: in one row where they fit, and in the "Game" menu where they would
//! take rows of their own (at 200% in 1024×700 they took three, pushing the board down).

use crate::app_support::*;
use crate::layout::{play_to, started};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::NoctilucaApp;
use noctiluca::engine::Decision;
use noctiluca::i18n::tr;

fn menu() -> String {
    format!("{} ▼", tr("Game"))
}

/// A 4-player game at its first dive, one seat an AI's, the table paced as in the window (the
/// AI pace slider is among the buttons).
fn at_a_dive() -> NoctilucaApp {
    let mut app = started(4, &[]);
    play_to(&mut app, Decision::Dive);
    let g = app.game.game.as_mut().unwrap();
    g.seats[3].ai = Some("easy".into());
    app.game.animate = true;
    app
}

/// The buttons' row at `row` is beside the round and the turn order, not on a row of its own.
fn assert_beside_the_round(h: &Harness<'_, NoctilucaApp>, row: f32) {
    let round = h
        .query_all_by_label_contains("Round 1 of 2")
        .next()
        .expect("the round")
        .rect();
    assert!(row < round.bottom(), "{row} under {round:?}");
}

fn top(h: &Harness<'_, NoctilucaApp>, label: &str) -> f32 {
    h.get_by_label(label).rect().top()
}

#[test]
fn at_the_largest_text_in_a_small_window_the_files_go_into_one_menu() {
    let mut app = at_a_dive();
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 1024.0, 700.0);
    h.run();
    // One row: Undo, the menu and Log side by side; Save… is not on the table.
    let row = top(&h, tr("Undo"));
    assert_eq!(top(&h, &menu()), row);
    assert_eq!(top(&h, tr("Log")), row);
    assert!(h.query_by_label(tr("Save…")).is_none());
    // The buttons' row is the second under the bar (the round and the turn order the first):
    // the decision starts well up the window, not under three rows of buttons.
    let round = h
        .query_all_by_label_contains("Round 1 of 2")
        .next()
        .expect("the round")
        .rect();
    assert!(
        row > round.bottom() - 1.0 && row < round.bottom() + 40.0,
        "{row} under {round:?}"
    );
    // The menu holds the files and the new game; New game works from it.
    click(&mut h, &menu());
    h.run();
    for label in [tr("Save…"), tr("Open…"), tr("New game"), tr("AI pace")] {
        assert!(
            h.query_all_by_label(label).next().is_some(),
            "{label} in the menu"
        );
    }
    click(&mut h, tr("New game"));
    h.run();
    assert!(h.query_by_label(tr("Start the game")).is_some());
}

/// A 3-player game at its first dive, one seat an AI's, paced as in the window.
fn three_at_a_dive() -> NoctilucaApp {
    let mut app = started(3, &[]);
    play_to(&mut app, Decision::Dive);
    app.game.game.as_mut().unwrap().seats[2].ai = Some("easy".into());
    app.game.animate = true;
    app
}

#[test]
fn where_they_fit_the_buttons_stay_in_one_row_without_a_menu() {
    let app = three_at_a_dive();
    let mut h = harness_sized(app, 1280.0, 800.0);
    h.run();
    assert!(h.query_by_label(&menu()).is_none());
    let row = top(&h, tr("Undo"));
    // Beside the round and the turn order, not on a row of their own.
    assert_beside_the_round(&h, row);
    for label in [
        tr("Save…"),
        tr("Open…"),
        tr("Seats…"),
        tr("New game"),
        tr("AI pace"),
        tr("Log"),
    ] {
        let at = h
            .query_all_by_label(label)
            .next()
            .expect(label)
            .rect()
            .top();
        assert_eq!(at, row, "{label}");
    }
}

/// The menu is reached and worked by the keyboard: Tab to it, Enter opens it, Tab to Save….
#[test]
fn the_menu_opens_by_keyboard() {
    let mut app = at_a_dive();
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 1024.0, 700.0);
    h.run();
    let mut on_menu = false;
    // Round from the board (the first Tab's place) through the table to the top.
    for _ in 0..80 {
        press(&mut h, egui::Key::Tab);
        if crate::scrolling::focused(&h).is_some_and(|(name, _)| name == menu()) {
            on_menu = true;
            break;
        }
    }
    assert!(on_menu, "Tab reaches the menu");
    press(&mut h, egui::Key::Enter);
    h.run();
    press(&mut h, egui::Key::Tab);
    let (name, _) = crate::scrolling::focused(&h).expect("a control has the keyboard");
    assert_eq!(name, tr("Save…"));
}

/// The buttons stay put when the jar draft ends: the seats' line ("Ann · Bea") became the turn
/// order ("Ann → Bea ↻"), wider, and pushed Undo and the rest to the right under the pointer.
#[test]
fn the_buttons_stay_put_when_the_turn_order_is_known() {
    let mut h = harness_sized(started(2, &[]), 1280.0, 800.0);
    h.run();
    click(&mut h, "Pass to Player 1 — press to continue");
    assert!(
        h.query_all_by_label_contains("Seats: ").next().is_some(),
        "the seats as they sit"
    );
    let left = |h: &Harness<'_, NoctilucaApp>| h.get_by_label(tr("Undo")).rect().left();
    let before = left(&h);
    play_to(h.state_mut(), Decision::Dive);
    h.run();
    assert!(
        h.query_all_by_label_contains("Turn order: ")
            .next()
            .is_some(),
        "the turn order"
    );
    // (Within a rounding of the text's width.)
    assert!(
        (left(&h) - before).abs() < 0.5,
        "{} from {before}",
        left(&h)
    );
}

/// Four seats' turn order leaves the whole row no room beside it at 1280 px: the menu goes
/// there, rather than the buttons on a row of their own (the board's height).
#[test]
fn where_the_row_would_take_a_row_of_its_own_the_menu_goes_beside_the_turn_order() {
    let mut h = harness_sized(at_a_dive(), 1280.0, 800.0);
    h.run();
    let row = top(&h, &menu());
    assert_eq!(top(&h, tr("Undo")), row);
    assert_beside_the_round(&h, row);
    assert!(h.query_by_label(tr("Save…")).is_none());
    click(&mut h, &menu());
    for label in [tr("Save…"), tr("Open…"), tr("Seats…"), tr("New game")] {
        assert!(h.query_by_label(label).is_some(), "{label} in the menu");
    }
    click(&mut h, tr("Seats…"));
    assert_shows(&h, "Who plays each seat");
}

/// With the players' cards under the middle column (a narrow window), the diver's own jars and
/// favourite are shown in the dive's card, to choose by: they had been a scroll away, under
/// the long preview. Beside it, the players' column shows them.
#[test]
fn a_narrow_table_shows_the_divers_jars_in_the_dive_card() {
    let jars_of = |h: &Harness<'_, NoctilucaApp>| {
        let g = h.state().game.game.as_ref().unwrap();
        let name = g.name(g.m.state.active);
        h.query_all_by_label_contains(&format!("Jar 1 of {name}: "))
            .count()
    };
    // The diver (seat 3 in this game) a person, at the table, uncovered.
    let seated = || {
        let mut app = three_at_a_dive();
        let g = app.game.game.as_mut().unwrap();
        assert_eq!(g.to_act(), Some(2));
        g.seats[2].ai = None;
        g.seats[0].ai = Some("easy".into());
        g.viewer = g.to_act();
        g.covered = false;
        app
    };
    let mut h = harness_sized(seated(), 1024.0, 700.0);
    h.run();
    assert_shows(&h, "Your jars:");
    assert_eq!(
        jars_of(&h),
        2,
        "in the dive's card and on the player's card"
    );
    let top = h.get_by_label("Your jars:").rect().top();
    assert!(top < 700.0, "in sight: {top}");
    let mut h = harness_sized(seated(), 1280.0, 800.0);
    h.run();
    assert!(!shows(&h, "Your jars:"));
    assert_eq!(jars_of(&h), 1);
}
