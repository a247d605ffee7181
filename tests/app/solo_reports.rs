//! The solo companion refuses reports that cannot come from a real game, saying why, and
//! keeps what was reported before.

use crate::app_support::*;
use noctiluca::app::{NoctilucaApp, ScreenKind, SoloScreen};
use noctiluca::engine::Components;
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
    // More than the game has, in all.
    replace(&mut h, "Dice I could not store", "100");
    click(&mut h, "Add to the tempest");
    replace(&mut h, "Dice I could not store", "5");
    click(&mut h, "Add to the tempest");
    assert_shows(
        &h,
        "The tempest holds 100 dice already, and the game has 104",
    );
    assert_eq!(h.state().solo.game.as_ref().unwrap().tempest_dice, 100);
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
