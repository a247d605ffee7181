//! Where the keyboard goes at the table and what a screen reader hears there: keys that wait
//! under the key list, Enter on the dive preview, the first Tab of a decision, the turn order
//! in words; and the piles keeping their place beside the token stacks.

use crate::table_keys::{Seen, actions, digit, focused, game, key, play_until, settle, table};
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::NoctilucaApp;
use noctiluca::engine::*;
use noctiluca::words::ActionWords;

/// The key list (or a dialog) above the table takes the keys: a digit pressed while it is open
/// plays nothing.
#[test]
fn a_digit_under_the_key_list_plays_nothing() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0004");
    settle(&mut h);
    assert_eq!(game(&h).m.state.decision(), Decision::Draft);
    let before = actions(&h);
    h.state_mut().key_list.open = true;
    h.run();
    key(&mut h, digit(1));
    assert_eq!(actions(&h), before, "a digit went through the key list");
    h.state_mut().key_list.open = false;
    h.run();
    key(&mut h, digit(1));
    // The draft is played (and the AI and chance may follow at once).
    assert!(actions(&h) > before, "the digit played the draft");
}

/// A two-player table (seat 2 an AI) at seat 1's first dive.
fn at_my_first_dive() -> Harness<'static, NoctilucaApp> {
    let mut h = table(2, &[None, Some(1)], "KEYS-0004");
    let mut seen = Seen::default();
    play_until(&mut h, &mut seen, |g| {
        g.human_to_act() == Some(0) && g.m.state.decision() == Decision::Dive
    });
    h
}

/// A dive picked in the preview with Enter hands the keyboard to Dive, so a second Enter dives
/// (Dive comes before the list in the Tab order, and the row's Enter picked it again).
#[test]
fn enter_on_a_preview_row_then_enter_dives() {
    let mut h = at_my_first_dive();
    let before = actions(&h);
    // Each row tells a screen reader the dice by colour, as it shows them to the eye.
    let labels: Vec<String> = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.starts_with("Dive at S"))
        .collect();
    assert!(!labels.is_empty());
    for l in &labels {
        let by_colour = ["orange", "green", "purple", "blue"]
            .iter()
            .any(|c| l.contains(&format!(" {c}")));
        assert!(
            l.contains("no dice") || (l.contains(" dice (") && by_colour),
            "{l}"
        );
    }
    // The column the list is sorted by says so, and which way.
    let sorted = h
        .query_all_by_label_contains("(sorted ")
        .filter_map(|n| n.accesskit_node().label())
        .collect::<Vec<_>>();
    assert_eq!(sorted.len(), 1, "{sorted:?}");
    assert!(sorted[0].starts_with("Sort by "), "{sorted:?}");
    let row = h
        .query_all_by_role(Role::Button)
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("Dive at S"))
        })
        .expect("a row of the dive preview");
    row.focus();
    h.run();
    key(&mut h, egui::Key::Enter);
    assert_eq!(focused(&h).as_deref(), Some("Dive"), "Enter on the row");
    key(&mut h, egui::Key::Enter);
    assert!(actions(&h) > before, "the second Enter dives");
}

/// With nothing holding the keyboard, the first Tab goes to the decision's first choice (the
/// jar draft's first card), not to the top of the window.
#[test]
fn the_first_tab_goes_to_the_decision_s_first_choice() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0004");
    settle(&mut h);
    assert_eq!(game(&h).m.state.decision(), Decision::Draft);
    assert_eq!(focused(&h), None);
    key(&mut h, egui::Key::Tab);
    assert!(
        focused(&h).is_some_and(|l| l.starts_with("Set aside ")),
        "{:?}",
        focused(&h)
    );
    // Enter takes it.
    let before = actions(&h);
    key(&mut h, egui::Key::Enter);
    assert!(actions(&h) > before);
}

/// The turn order tells a screen reader who is diving, in words.
#[test]
fn the_turn_order_says_who_is_diving() {
    let h = at_my_first_dive();
    let said: Vec<String> = h
        .query_all_by(|_| true)
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .filter(|l| l.contains("Ada") && l.contains("Bea"))
        .collect();
    assert!(
        said.iter()
            .any(|l| l.contains("Ada") && l.contains("Bea") && l.ends_with("; Ada is diving")),
        "{said:?}"
    );
}

/// During the jar draft nobody is said to dive (nor underlined as diving; the card lit is the
/// drafting player's, where the first player's had stayed lit while another drafted).
#[test]
fn during_the_draft_the_drafting_player_is_the_one_lit() {
    let mut h = table(2, &[None, None], "KEYS-0004");
    settle(&mut h);
    assert_eq!(game(&h).m.state.decision(), Decision::Draft);
    // Past the "pass the device" cover.
    h.state_mut().game.game.as_mut().unwrap().covered = false;
    h.run();
    let labels = |h: &Harness<'_, NoctilucaApp>| -> Vec<String> {
        h.query_all_by(|_| true)
            .filter_map(|n| {
                let node = n.accesskit_node();
                node.label().or_else(|| node.value())
            })
            .collect()
    };
    let order: Vec<String> = labels(&h)
        .into_iter()
        .filter(|l| l.starts_with("Turn order:") || l.starts_with("Seats:"))
        .collect();
    assert_eq!(order.len(), 1, "{order:?}");
    assert!(!order[0].contains("is diving"), "{order:?}");
    // Nor is a turn order given before the first player is drawn.
    assert!(order[0].starts_with("Seats:"), "{order:?}");
}

/// The keyboard stays on the choice it is on when something appears above the decision (a
/// message, a hint): the decision's controls keep their ids, so the next key still goes there.
/// (Asked for with H from a choice, the hint takes the keyboard to its Play it: here the
/// keyboard moves on to another choice while the hint is worked out.)
#[test]
fn the_keyboard_stays_on_a_choice_when_a_message_or_a_hint_appears_above() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0004");
    settle(&mut h);
    assert_eq!(game(&h).m.state.decision(), Decision::Draft);
    key(&mut h, egui::Key::Tab);
    key(&mut h, egui::Key::Tab);
    let on = focused(&h).expect("the keyboard on a choice");
    assert!(on.starts_with("Set aside "), "{on}");
    crate::table_keys::game_mut(&mut h).message =
        Some(noctiluca::i18n::Said::new(|| "Saved.".into()));
    h.run();
    assert_eq!(focused(&h).as_deref(), Some(on.as_str()), "after a message");
    h.key_press(egui::Key::H);
    h.step();
    assert!(game(&h).shown_hint().is_none(), "the hint came at once");
    // Stepped: the hint's spinner turns while it is worked out.
    h.key_press(egui::Key::Tab);
    h.step();
    let on = focused(&h).expect("the keyboard on a choice");
    assert!(on.starts_with("Set aside "), "{on}");
    crate::app_support::wait_until(&mut h, "the hint", |h| game(h).shown_hint().is_some());
    assert!(game(&h).shown_hint().is_some(), "no hint came");
    h.run();
    assert_eq!(focused(&h).as_deref(), Some(on.as_str()), "after the hint");
    // And the choice it is on is what Enter plays.
    let before = actions(&h);
    key(&mut h, egui::Key::Enter);
    let g = game(&h);
    let played = g.m.record.actions[before].action.describe(&g.m.state.comps);
    let card = on.trim_start_matches("Set aside ");
    assert!(
        played.ends_with(card),
        "played {played}, the keyboard was on {on}"
    );
}

/// The piles stay where they are as tokens are taken: the stacks beside them keep the width
/// of a full stack (the piles moved left under the pointer as the stacks' rows shortened).
#[test]
fn the_piles_keep_their_place_as_tokens_are_taken() {
    let mut h = at_my_first_dive();
    let piles_at = |h: &Harness<'static, NoctilucaApp>| {
        h.get_by_label("Piles (top card)")
            .accesskit_node()
            .bounding_box()
            .expect("drawn")
            .x0
    };
    let before = piles_at(&h);
    for taken in [3, 6, 9, 10] {
        h.state_mut()
            .game
            .game
            .as_mut()
            .unwrap()
            .m
            .state
            .stack_taken = [taken; 3];
        h.run();
        assert_eq!(piles_at(&h), before, "with {taken} taken from each stack");
    }
}

/// A draft button's name keeps the card's letters, as shown; a screen reader is then told
/// the card's spaces in words ("O O G P B B" alone had been all it heard).
#[test]
fn a_draft_button_says_the_card_in_words() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0004");
    settle(&mut h);
    assert_eq!(game(&h).m.state.decision(), Decision::Draft);
    // What the letters on the buttons stand for is said above them (in Chinese each "letter"
    // is the start of the colour's name, and nothing is added).
    let legend = h
        .query_all_by_label_contains("The letters are the spaces' colours: O orange, G green")
        .count();
    assert_eq!(legend, 1);
    let buttons: Vec<_> = h.query_all_by_label_contains("Set aside ").collect();
    assert_eq!(buttons.len(), 3);
    for b in buttons {
        let node = b.accesskit_node();
        let told = node.description().unwrap_or_default();
        assert!(told.contains(" jar +"), "{:?}: {told:?}", node.label());
        let colours = ["orange", "green", "purple", "blue"];
        assert!(colours.iter().any(|c| told.contains(c)), "{told:?}");
    }
    crate::app_support::set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    assert!(h.query_all_by_label_contains("字母代表").next().is_none());
    assert!(
        h.query_all_by_label_contains("The letters are")
            .next()
            .is_none()
    );
}
