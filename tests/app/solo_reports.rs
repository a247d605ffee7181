//! The solo companion refuses reports that cannot come from a real game, saying why, and
//! keeps what was reported before.

use crate::app_support::*;
use crate::solo::{game, solo_app};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use noctiluca::app::{NoctilucaApp, ScreenKind, SoloScreen};
use noctiluca::engine::Components;
use noctiluca::engine::solo::SoloStep;
use std::sync::Arc;

#[test]
fn impossible_reports_are_refused_with_the_reason() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
    app.solo = SoloScreen::new(Arc::new(Components::default()), None);
    app.solo.animate = false;
    let mut h = harness(app);
    click(&mut h, "Start the solo game");
    // More dice than a report holds: said as typed (it had asked for "1 or more").
    replace(&mut h, "Dice I could not store", "999");
    click(&mut h, "Add to the tempest");
    assert_shows(&h, "999 dice cannot go to the tempest: the game has 104.");
    // More than the turn's one dive collects, at once or in two reports.
    replace(&mut h, "Dice I could not store", "50");
    click(&mut h, "Add to the tempest");
    assert_shows(
        &h,
        "One dive collects at most 18 dice: 50 cannot all be ones you could not store.",
    );
    assert_eq!(h.state().solo.game.as_ref().unwrap().tempest_dice, 0);
    replace(&mut h, "Dice I could not store", "12");
    click(&mut h, "Add to the tempest");
    replace(&mut h, "Dice I could not store", "7");
    click(&mut h, "Add to the tempest");
    assert_shows(
        &h,
        "One dive collects at most 18 dice, and 12 were reported this turn already: 7 more",
    );
    assert_eq!(h.state().solo.game.as_ref().unwrap().tempest_dice, 12);
    // A third jar in one turn.
    click(&mut h, "Delivered a gold jar");
    click(&mut h, "Delivered a gold jar");
    let tokens = h.state().solo.game.as_ref().unwrap().player_tokens;
    click(&mut h, "Delivered a gold jar");
    assert_shows(
        &h,
        "You hold two jars, and a jar taken after a delivery is empty: no more than two deliveries a turn.",
    );
    assert_eq!(h.state().solo.game.as_ref().unwrap().player_tokens, tokens);
}

/// "I always roll the real black die" is kept with the game; R, the app's die key, types nothing
/// into the real die's field.
#[test]
fn the_real_die_choice_is_kept_and_r_types_nothing() {
    let dir = scratch("solo-own-die");
    let save = dir.join("solo.ron");
    let open = |save: &std::path::Path| {
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
        app.solo = SoloScreen::new(Arc::new(Components::default()), Some(save.to_path_buf()));
        app.solo.animate = false;
        harness(app)
    };
    let mut h = open(&save);
    click(&mut h, "Start the solo game");
    click(&mut h, "Start the tempest");
    click(&mut h, "Gold card");
    click(&mut h, "I always roll the real black die");
    assert!(h.state().solo.own_die);
    // The field has the keyboard: R and then 4.
    h.key_press(egui::Key::R);
    h.run();
    h.event(egui::Event::Text("r".into()));
    h.run();
    assert!(
        !h.get_by_label("The real die shows")
            .value()
            .unwrap_or_default()
            .contains('r')
    );
    drop(h);
    let mut h = open(&save);
    assert!(!h.state().solo.own_die);
    click(&mut h, "Continue the saved game");
    assert!(h.state().solo.own_die, "the choice was not kept");
    assert_shows(&h, "The real die shows");
}

#[test]
fn enter_after_typing_the_real_roll_takes_that_roll() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    click(&mut h, "Start the tempest");
    click(&mut h, "Red card");
    click(&mut h, "I always roll the real black die");
    // The app's die is not on offer, and the field has the keyboard.
    assert!(h.query_by_label("Roll the black die").is_none());
    h.get_by_label("The real die shows").type_text("5");
    h.run();
    press(&mut h, eframe::egui::Key::Enter);
    let g = game(&h);
    let cleared = g.history.last().unwrap().1.iter().find_map(|e| match e {
        noctiluca::engine::solo::SoloEvent::Cleared { number, .. } => Some(*number),
        _ => None,
    });
    assert_eq!(cleared, Some(5), "the typed roll was taken");
    // A number the die does not have is refused and said.
    click(&mut h, "Start the tempest");
    click(&mut h, "Red card");
    h.get_by_label("The real die shows").type_text("9");
    h.run();
    press(&mut h, eframe::egui::Key::Enter);
    assert_shows(&h, "Type the number the black die shows: 1 to 6.");
    assert_eq!(game(&h).step, SoloStep::BlackDie);
    // Ctrl+Z in the empty field undoes the last step (the red card), as its button says.
    replace(&mut h, "The real die shows", "");
    assert!(h.ctx.text_edit_focused(), "the field has the keyboard");
    h.key_press_modifiers(eframe::egui::Modifiers::COMMAND, eframe::egui::Key::Z);
    h.run();
    assert_eq!(game(&h).step, SoloStep::Discard, "the card was taken back");
}

/// A count the tempest refuses (more dice than a turn can leave) stays in the field to be put
/// right, the keyboard in it; a count it takes empties the field.
#[test]
fn a_refused_dice_count_stays_to_be_put_right() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    let field = "Dice I could not store";
    replace(&mut h, field, "200");
    h.get_by_label(field).click();
    h.run();
    press(&mut h, eframe::egui::Key::Enter);
    h.run();
    assert_shows(&h, "200 dice cannot go to the tempest");
    assert_eq!(game(&h).tempest_dice, 0);
    let node = h.get_by_label(field);
    assert_eq!(node.value().as_deref(), Some("200"), "the count is kept");
    assert!(node.is_focused(), "the keyboard stays in the field");
    replace(&mut h, field, "3");
    click(&mut h, "Add to the tempest");
    assert_eq!(game(&h).tempest_dice, 3);
    assert_eq!(h.get_by_label(field).value().as_deref(), Some(""));
}

/// The real die's field starts empty at every roll, however the last roll came in (a refused
/// number left in it took no new one), and its six buttons are not offered beside it.
#[test]
fn the_real_roll_field_starts_empty_at_each_roll() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    click(&mut h, "Start the tempest");
    click(&mut h, "Red card");
    click(&mut h, "I always roll the real black die");
    assert!(
        h.query_by_label("I rolled 4").is_none(),
        "the field is the way in"
    );
    h.get_by_label("The real die shows").type_text("9");
    h.run();
    press(&mut h, eframe::egui::Key::Enter);
    assert_shows(&h, "Type the number the black die shows: 1 to 6.");
    // The app's die this once: the refused 9 goes with the roll, and so does its refusal.
    click(&mut h, "I always roll the real black die");
    assert!(!shows(&h, "Type the number the black die shows"));
    click(&mut h, "I rolled 4");
    assert_ne!(game(&h).step, SoloStep::BlackDie);
    click(&mut h, "Start the tempest");
    click(&mut h, "Red card");
    click(&mut h, "I always roll the real black die");
    let field = h.get_by_label("The real die shows");
    assert_eq!(field.value().unwrap_or_default(), "");
    field.type_text("3");
    h.run();
    press(&mut h, eframe::egui::Key::Enter);
    assert_ne!(game(&h).step, SoloStep::BlackDie, "the 3 was taken");
}
