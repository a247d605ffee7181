//! The calculator by keyboard alone: Tab and Enter down each column, the favourite colour as
//! a list box.

use super::*;

/// The label of the widget with the keyboard focus.
fn focused(h: &Harness<'_, NoctilucaApp>) -> String {
    h.query_all_by(|n| n.is_focused())
        .filter_map(|n| n.accesskit_node().label())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Presses a key and checks where the focus went.
fn key_to(h: &mut Harness<'_, NoctilucaApp>, key: egui::Key, expected: &str) {
    press(h, key);
    assert_eq!(focused(h), expected, "after {key:?}");
}

/// Types into the focused field (the keyboard is already there).
fn type_here(h: &mut Harness<'_, NoctilucaApp>, label: &str, text: &str) {
    assert_eq!(focused(h), label);
    h.get_by_label(label).type_text(text);
    h.run();
}

#[test]
fn a_two_player_game_entered_with_the_keyboard_alone() {
    let dir = scratch("calc-keys");
    let path = dir.join("keys.ron");
    let dialog = fake(Some(path.clone()));
    let mut h = harness(NoctilucaApp::for_tests(
        dialog.clone(),
        ScreenKind::Calculator,
    ));
    h.run();
    tab_to(&mut h, "2 players", 10);
    press(&mut h, egui::Key::Enter);
    assert_eq!(
        h.state().calculator.sheet.table,
        noctiluca::app::calculator::TableSize::Two
    );

    // Player 1, down the column: Tab and Enter both go to the next field of the same player.
    tab_to(&mut h, "Player 1 name", 10);
    type_here(&mut h, "Player 1 name", "Ann");
    key_to(&mut h, egui::Key::Enter, "Player 1 gold tokens");
    type_here(&mut h, "Player 1 gold tokens", "2");
    key_to(&mut h, egui::Key::Tab, "Player 1 brown tokens");
    key_to(&mut h, egui::Key::Tab, "Player 1 red tokens");
    type_here(&mut h, "Player 1 red tokens", "2, 2");
    key_to(&mut h, egui::Key::Tab, "Player 1 jars delivered");
    type_here(&mut h, "Player 1 jars delivered", "3");
    key_to(&mut h, egui::Key::Enter, "Player 1 jar bonus");
    type_here(&mut h, "Player 1 jar bonus", "2");
    key_to(&mut h, egui::Key::Tab, "Player 1 pick delivered cards");
    key_to(&mut h, egui::Key::Tab, "Player 1 favourite colour");
    // The favourite colour: Enter opens the list, Tab goes through it, Enter picks, and the
    // focus comes back to the choice.
    press(&mut h, egui::Key::Enter);
    let mut found = false;
    for _ in 0..8 {
        press(&mut h, egui::Key::Tab);
        if focused(&h).contains("Orange") {
            found = true;
            break;
        }
    }
    assert!(found, "Tab reaches the colours in the open list");
    key_to(&mut h, egui::Key::Enter, "Player 1 favourite colour");
    assert_eq!(
        h.state().calculator.sheet.players[0].favourite,
        Some(noctiluca::engine::DiceColour::Orange)
    );
    key_to(&mut h, egui::Key::Tab, "Player 1 favourite spaces");
    type_here(&mut h, "Player 1 favourite spaces", "4");
    key_to(&mut h, egui::Key::Tab, "Player 1 leftover dice");
    type_here(&mut h, "Player 1 leftover dice", "3");

    // On to player 2, and Shift+Tab goes back up the way it came.
    key_to(&mut h, egui::Key::Tab, "Player 2 name");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert_eq!(focused(&h), "Player 1 leftover dice");
    key_to(&mut h, egui::Key::Enter, "Player 2 name");
    type_here(&mut h, "Player 2 name", "Ben");
    key_to(&mut h, egui::Key::Tab, "Player 2 gold tokens");
    type_here(&mut h, "Player 2 gold tokens", "2");
    for next in [
        "Player 2 brown tokens",
        "Player 2 red tokens",
        "Player 2 jars delivered",
        "Player 2 jar bonus",
        "Player 2 pick delivered cards",
    ] {
        key_to(&mut h, egui::Key::Tab, next);
    }
    // Ben's delivered card, picked from the list: the first free card has the focus, Space
    // ticks it, Tab goes on to Done.
    press(&mut h, egui::Key::Enter);
    assert!(h.state().calculator.has_open_dialog());
    let first = focused(&h);
    assert!(first.starts_with("gold "), "the first gold card: {first:?}");
    press(&mut h, egui::Key::Space);
    let mut done = false;
    for _ in 0..40 {
        press(&mut h, egui::Key::Tab);
        if focused(&h) == "Done" {
            done = true;
            break;
        }
    }
    assert!(done, "Tab reaches Done");
    key_to(&mut h, egui::Key::Enter, "Player 2 pick delivered cards");
    assert!(!h.state().calculator.has_open_dialog());
    assert_eq!(h.state().calculator.sheet.players[1].cards, Some(vec![0]));
    // The fields the cards fill in are skipped; the favourite colour is left as it is.
    key_to(&mut h, egui::Key::Tab, "Player 2 favourite colour");
    // On a button or a list box, nothing is being typed: the result is not held back.
    assert!(!shows(&h, "once you leave it"));
    key_to(&mut h, egui::Key::Tab, "Player 2 leftover dice");
    assert_shows(&h, "once you leave it");
    type_here(&mut h, "Player 2 leftover dice", "1");
    // Enter in the last field goes on to the export buttons.
    key_to(&mut h, egui::Key::Enter, "Export RON…");

    let eval = evaluate(&h.state().calculator.sheet, &Components::default());
    assert!(eval.reliable(), "{:?}", eval.problems);
    let totals: Vec<i64> = eval.result.players.iter().map(|p| p.total).collect();
    assert_eq!(totals, [25, 6]);
    assert_shows(&h, "Ann wins with 25 points.");
    assert_shows(&h, "Every entry could come from a real game.");

    // Ctrl+S saves the score sheet, from anywhere on the screen (here: a text field).
    tab_to(&mut h, "Player 1 name", 40);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    wait_until(&mut h, "the sheet to be saved", |h| shows(h, "Saved to"));
    assert_shows(&h, "Saved to");
    assert_eq!(
        dialog.asked.lock().unwrap().as_slice(),
        ["noctiluca-scores.ron"]
    );
    let back: ScoreInput = ron::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(back, eval.input);
    assert!(
        h.get_by_label("Export RON…")
            .accesskit_node()
            .description()
            .is_some_and(|d| d.contains("(Ctrl+S)")),
        "the shortcut is named in the button's tooltip"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn arrow_keys_change_the_favourite_colour_as_a_list_box_does() {
    use noctiluca::engine::DiceColour;
    let mut h = calculator();
    click(&mut h, "2 players");
    h.get_by_label("Player 1 favourite colour").focus();
    h.run();
    // Closed: Down and Up step through the colours, and the focus stays on the choice.
    press(&mut h, egui::Key::ArrowDown);
    assert_eq!(
        h.state().calculator.sheet.players[0].favourite,
        Some(DiceColour::Orange)
    );
    press(&mut h, egui::Key::ArrowDown);
    assert_eq!(
        h.state().calculator.sheet.players[0].favourite,
        Some(DiceColour::Green)
    );
    assert!(
        focused(&h).contains("Player 1 favourite colour"),
        "{}",
        focused(&h)
    );
    press(&mut h, egui::Key::ArrowUp);
    assert_eq!(
        h.state().calculator.sheet.players[0].favourite,
        Some(DiceColour::Orange)
    );
    // Open: the keyboard starts on the current colour, so one Down is the next one.
    press(&mut h, egui::Key::Enter);
    h.run();
    assert!(focused(&h).contains("Orange"), "{}", focused(&h));
    press(&mut h, egui::Key::ArrowDown);
    assert!(focused(&h).contains("Green"), "{}", focused(&h));
    press(&mut h, egui::Key::Enter);
    assert_eq!(
        h.state().calculator.sheet.players[0].favourite,
        Some(DiceColour::Green)
    );
}

#[test]
fn tab_from_the_last_field_goes_on_to_the_exports() {
    let mut h = calculator();
    click(&mut h, "3 players");
    h.get_by_label("Player 3 leftover dice").focus();
    h.run();
    type_here(&mut h, "Player 3 leftover dice", "1");
    key_to(&mut h, egui::Key::Tab, "Export RON…");
    // And back.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert_eq!(focused(&h), "Player 3 leftover dice");
}
