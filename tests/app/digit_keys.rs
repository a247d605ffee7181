//! Digit keys wait a moment after a question of another kind comes: a "2" meant for the next
//! die of a store had taken pile 2, the dice having gone in on their own and a jar delivered
//! between the two keys. The key of an empty pile says the pile is empty, beside the Hint button
//! (above the choices, it had pushed them down).

use crate::app_support::*;
use crate::table_keys::{actions, game, table_app};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use noctiluca::engine::*;

#[test]
fn a_digit_pressed_as_a_new_kind_of_question_comes_waits_for_it_to_be_read() {
    // Two people at one screen: the first question, a draft, is drawn.
    // Frames a sixtieth of a second apart, as on a screen.
    let mut h = harness_stepped(table_app(2, &[], "KEYS-0011"), 1280.0, 800.0, 1.0 / 60.0);
    h.state_mut().game.game.as_mut().unwrap().covered = false;
    h.run();
    assert!(matches!(game(&h).m.state.decision(), Decision::Draft));
    assert!(shows(&h, "jar draft"));
    // The game goes on, out of sight, to the next question with digits of another kind (a
    // store, a pass, a pile).
    play_on_until(&mut h, "a store, pass or pile", |d| {
        matches!(
            d,
            Decision::Store { .. } | Decision::PassOffer { .. } | Decision::ChoosePile
        )
    });
    let question = game(&h).m.state.decision();
    h.step();
    let before = actions(&h);
    // At once (in the next frame): not taken.
    tap_now(&mut h, egui::Key::Num1);
    assert_eq!(actions(&h), before, "{question:?} took a digit at once");
    assert_eq!(game(&h).m.state.decision(), question);
    // Still within half a second: not taken.
    for _ in 0..10 {
        h.step();
    }
    tap_now(&mut h, egui::Key::Num1);
    assert_eq!(actions(&h), before, "{question:?} took a digit at once");
    // Read, then pressed: taken.
    for _ in 0..30 {
        h.step();
    }
    tap_now(&mut h, egui::Key::Num1);
    assert!(actions(&h) > before, "{question:?} did not take the digit");
}

/// Plays the game on, out of sight (the last legal move at each turn), until `want` is the
/// decision; its seat's person is then at the screen.
fn play_on_until(
    h: &mut egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>,
    what: &str,
    want: impl Fn(Decision) -> bool,
) {
    loop {
        let g = h.state_mut().game.game.as_mut().unwrap();
        if want(g.m.state.decision())
            && let Some(seat) = g.to_act()
        {
            g.viewer = Some(seat);
            g.covered = false;
            return;
        }
        assert!(!g.m.state.is_over(), "no {what} came");
        match g.m.state.to_act() {
            ToAct::Chance => {
                h.state_mut().game.tick(0.0);
            }
            _ => {
                let a = *g.m.state.legal_actions().last().unwrap();
                h.state_mut().game.act(a, 0.0);
            }
        }
    }
}

/// Presses and lets go of `key` in the next two frames (the harness's own key press comes
/// with other events first, each a frame of its own).
fn tap_now(h: &mut egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>, key: egui::Key) {
    for pressed in [true, false] {
        h.event(egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        });
    }
    // A frame for each event, and one for what it did.
    for _ in 0..3 {
        h.step();
    }
}

/// The key of an empty pile says the pile is empty (it did nothing, and said nothing).
#[test]
fn the_key_of_an_empty_pile_says_so() {
    let mut h = harness_stepped(table_app(2, &[], "KEYS-0011"), 1280.0, 800.0, 1.0 / 60.0);
    play_on_until(&mut h, "a pile to choose", |d| d == Decision::ChoosePile);
    // Pile 1 has run out.
    h.state_mut().game.game.as_mut().unwrap().m.state.piles[0] = Default::default();
    for _ in 0..40 {
        h.step();
    }
    let before = actions(&h);
    let at = h.get_by_label_contains("Take pile 2").rect();
    tap_now(&mut h, egui::Key::Num1);
    assert_eq!(actions(&h), before);
    assert_shows(&h, "Pile 1 is empty: choose another.");
    // Said beside the Hint button: the piles stay where they were, under the pointer.
    let said = h.get_by_label("Pile 1 is empty: choose another.").rect();
    let hint = h.get_by_label_contains("Hint").rect();
    assert!(
        (said.center().y - hint.center().y).abs() < 4.0,
        "{said:?} {hint:?}"
    );
    let now = h.get_by_label_contains("Take pile 2").rect();
    assert_eq!(now, at, "the piles moved as the line came");
    tap_now(&mut h, egui::Key::Num2);
    assert!(actions(&h) > before, "pile 2 was not taken");
}
