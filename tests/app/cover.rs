//! Between several people at one window, the table is covered whenever it could be seen by
//! someone other than the person to play: here, on coming back to it from another screen.

use crate::app_support::*;
use crate::game::{ada_and_bea, play_one};
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::ScreenKind;

/// Home, then "Resume the game in Play" there.
pub(crate) fn resume_from_home(
    h: &mut egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>,
) {
    click(h, "← Home");
    assert_eq!(h.state().current, ScreenKind::Home);
    let resume = h
        .query_all_by_label_contains("Resume the game in Play")
        .next()
        .expect("the game is offered")
        .accesskit_node()
        .label()
        .unwrap();
    click(h, &resume);
    h.run();
}

#[test]
fn coming_back_to_the_table_covers_it() {
    let mut h = ada_and_bea();
    click(&mut h, "3 players");
    click(&mut h, "Start the game");
    // On to a person's turn, their table shown.
    for _ in 0..200 {
        let g = h.state().game.game.as_ref().unwrap();
        if !g.covered && g.human_to_act().is_some() {
            break;
        }
        play_one(&mut h, false);
    }
    let g = h.state().game.game.as_ref().unwrap();
    let seat = g.human_to_act().expect("a person's turn");
    assert!(!g.covered);
    let name = g.name(seat);
    let secret = format!("Favourite of {name}");
    assert!(shows(&h, &secret), "{secret}");
    resume_from_home(&mut h);
    assert_eq!(h.state().current, ScreenKind::Play);
    assert!(!shows(&h, &secret), "{secret} shown before the cover");
    let pass = format!("Pass to {name} — press to continue");
    assert_shows(&h, &pass);
    assert!(
        h.get_by_label(&pass).is_focused(),
        "the keyboard is on {pass}"
    );
    // No one's decision is offered to be taken back from this cover.
    assert!(
        h.query_all_by_label_contains("last decision")
            .next()
            .is_none()
    );
    click(&mut h, &pass);
    assert_shows(&h, &secret);
}

/// The cover comes up under the pointer as a decision is made: the second click of a
/// double-click does not press its buttons (it took back the decision just made, or showed
/// the next person's secrets before they sat down). A click of its own does.
#[test]
fn the_second_click_of_a_double_click_does_not_press_the_cover() {
    use eframe::egui;
    let mut h = crate::game::ada_and_bea();
    click(&mut h, "First player: seat 1");
    replace(&mut h, "Seed code (optional)", "BACK-0002");
    click(&mut h, "Start the game");
    // A test's click takes three frames of a quarter of a second each: one click follows
    // another 0.75 s later. Within a second, the second is a double-click's here.
    h.ctx
        .options_mut(|o| o.input_options.max_double_click_delay = 1.0);
    for _ in 0..400 {
        h.run();
        let g = h.state().game.game.as_ref().unwrap();
        match (g.covered, g.can_take_back_before_passing()) {
            (true, Some(p)) => {
                let undo = format!("Undo {}'s last decision", g.name(p));
                let entries = g.m.record.actions.len();
                // A click where the decision was made, and at once another there, on the cover
                // come up under it: the second of a double-click, not taken. (The first is
                // made with the other button, which presses nothing: what counts is that the
                // next click is a double-click's second.)
                h.get_by_label(&undo).click_secondary();
                h.step();
                h.get_by_label(&undo).click();
                h.run();
                let g = h.state().game.game.as_ref().unwrap();
                assert!(g.covered);
                assert_eq!(
                    g.m.record.actions.len(),
                    entries,
                    "the decision was taken back"
                );
                // Later, a click of its own.
                for _ in 0..6 {
                    h.step();
                }
                h.get_by_label(&undo).click();
                h.run();
                let g = h.state().game.game.as_ref().unwrap();
                assert!(g.m.record.actions.len() < entries, "not taken back");
                return;
            }
            (true, None) => press(&mut h, egui::Key::Enter),
            (false, _) => {
                if g.human_to_act().is_some() {
                    let a = g.m.state.legal_actions()[0];
                    h.state_mut().game.act(a, 0.0);
                }
            }
        }
    }
    panic!("no cover offered to take a decision back");
}

/// Enter pressed twice (or held) on the cover does not press the choice the keyboard comes to
/// behind it: the first draft card had been set aside unseen. A moment later, Enter presses
/// it.
#[test]
fn a_second_enter_on_the_cover_does_not_press_the_first_choice() {
    use eframe::egui::Key;
    let mut h = crate::game::ada_and_bea();
    click(&mut h, "First player: seat 1");
    replace(&mut h, "Seed code (optional)", "BACK-0002");
    click(&mut h, "Start the game");
    h.run();
    let entries = |h: &egui_kittest::Harness<'_, noctiluca::app::NoctilucaApp>| {
        h.state().game.game.as_ref().unwrap().m.record.actions.len()
    };
    assert!(h.state().game.game.as_ref().unwrap().covered);
    assert_shows(&h, "Pass to Ada — press to continue");
    let before = entries(&h);
    // Enter, and Enter again in the next frame. (Enter on the cover puts the player on the
    // keyboard: the first choice behind it takes the keyboard.)
    h.key_press(Key::Enter);
    h.step();
    assert!(!h.state().game.game.as_ref().unwrap().covered);
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(entries(&h), before, "the second Enter set a card aside");
    let focused = h
        .query_all_by_label_contains("Set aside")
        .find(|n| n.is_focused())
        .map(|n| n.accesskit_node().label().unwrap_or_default());
    let focused = focused.expect("the keyboard is on the first card");
    // Later, Enter presses the card the keyboard is on.
    for _ in 0..4 {
        h.step();
    }
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(entries(&h), before + 1, "Enter on {focused}");
}

/// A cover that offers no Undo to the person passing the table says why, as the table's
/// greyed Undo does (the button had only been left out).
#[test]
fn a_cover_without_undo_says_why() {
    use eframe::egui;
    let mut h = crate::game::ada_and_bea();
    // A game of its own seed: with a seed drawn at random, some games had no such cover.
    replace(&mut h, "Seed code (optional)", "BACK-0002");
    click(&mut h, "Start the game");
    let (mut said, mut offered) = (0, 0);
    for _ in 0..600 {
        h.run();
        let g = h.state().game.game.as_ref().unwrap();
        if g.m.state.is_over() {
            break;
        }
        match (g.covered, g.passed_by, g.can_take_back_before_passing()) {
            (true, Some(p), None) => {
                let name = g.name(p);
                let why = g.why_not_before_passing().expect("a reason");
                assert!(
                    why.starts_with(&format!("{name}'s last decision stays: "))
                        || why == format!("{name} has no decision to take back yet."),
                    "{why}"
                );
                assert_shows(&h, &why);
                assert!(!shows(&h, &format!("Undo {name}'s last decision")));
                said += 1;
                press(&mut h, egui::Key::Enter);
            }
            (true, _, Some(_)) => {
                assert!(g.why_not_before_passing().is_none());
                offered += 1;
                press(&mut h, egui::Key::Enter);
            }
            (true, None, None) => press(&mut h, egui::Key::Enter),
            (false, _, _) => {
                if g.human_to_act().is_some() {
                    let a = g.m.state.legal_actions()[0];
                    h.state_mut().game.act(a, 0.0);
                }
            }
        }
        if said > 0 && offered > 2 {
            return;
        }
    }
    panic!("covers with a reason: {said}, with Undo: {offered}");
}
