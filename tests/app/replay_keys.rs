//! A finished game's replay by keyboard and slider: any step at once, its ends by Home and
//! End, and the keyboard kept on a replay control.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::NoctilucaApp;

/// The replay goes to any step at once: End to the last, Home to the first, and a slider
/// between (one step at a time had been the only way through some eighty).
#[test]
fn the_replay_jumps_to_its_ends_and_any_step() {
    let mut h = harness(crate::layout::finished_game(2));
    h.run();
    h.get_by_label("Replay step by step").click();
    h.run();
    fn replay<'a>(h: &'a Harness<'_, NoctilucaApp>) -> &'a noctiluca::app::game::Replay {
        let g = h.state().game.game.as_ref().unwrap();
        g.replay.as_ref().unwrap()
    }
    let at = |h: &Harness<'_, NoctilucaApp>| replay(h).at;
    let steps = replay(&h).steps.len();
    assert!(steps > 20, "{steps}");
    // Named a replay at the top (it had read "Play"), and F1's rules open at the step on the
    // screen, the jar draft here (they had opened at the final scoring whatever the step).
    assert_shows(&h, "· Replay");
    assert_eq!(h.state().help_topic(), noctiluca::app::rules::Topic::Setup);
    h.key_press(egui::Key::End);
    h.run();
    assert_eq!(at(&h), steps - 1, "End goes to the last step");
    assert_shows(&h, "The game is over: this is its last step");
    assert!(!shows(&h, "Next:"), "nothing comes next");
    assert_eq!(
        h.state().help_topic(),
        noctiluca::app::rules::Topic::Scoring
    );
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(at(&h), 0, "Home goes to the first");
    // The first step is where the replay opened: the first decision, the dice dealt (Home had
    // gone to the empty board before the deal).
    assert_shows(&h, &format!("Step 1 of {steps}"));
    assert!(!shows(&h, "Next: a roll or a card turned up"));
    // The slider, by keyboard: focused, → steps on.
    let slider = h.get_by_role_and_label(egui::accesskit::Role::Slider, "Replay step");
    slider.focus();
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(at(&h), 1, "→ on the slider");
    h.key_press(egui::Key::End);
    h.run();
    assert_eq!(at(&h), steps - 1, "End with the slider focused");
    // From the step button, greyed out at the end: the keyboard goes to the slider, not to
    // nothing.
    h.key_press(egui::Key::Home);
    h.run();
    h.get_by_label("Step forward →").focus();
    h.run();
    h.key_press(egui::Key::End);
    h.run();
    h.run();
    assert_eq!(at(&h), steps - 1);
    let on = crate::table_keys::focused(&h);
    assert_eq!(
        on.as_deref(),
        Some("Replay step"),
        "the keyboard is on {on:?}"
    );
}
