//! The desktop app driven through its accessibility tree, as a user would: by the labels on
//! screen. The harness loads the app's own fonts, so a glyph the app cannot draw fails a test.

mod app_support;

use app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::calculator::{Sheet, evaluate};
use noctiluca::app::{NoctilucaApp, ScreenKind, Settings, theme};
use noctiluca::engine::{Components, ScoreInput};

fn calculator() -> Harness<'static, NoctilucaApp> {
    harness(NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator))
}

/// Clicks into the field with this accessible name and types `text` into it.
fn type_into(h: &mut Harness<'_, NoctilucaApp>, label: &str, text: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).focus();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

fn choose_favourite(h: &mut Harness<'_, NoctilucaApp>, player: usize, colour: &str) {
    click(h, &format!("Player {player} favourite colour"));
    h.get_by_label_contains(colour).click();
    h.run();
}

fn assert_not_shown(h: &Harness<'_, NoctilucaApp>, text: &str) {
    assert!(
        h.query_all_by_label_contains(text).next().is_none(),
        "did not expect {text:?} on screen"
    );
}

#[test]
fn rulebook_majority_example_shows_the_split() {
    let mut h = calculator();
    click(&mut h, "3 players");
    for (p, name, red, delivered) in [
        (1, "Bridget", "2, 3, 4", "3"),
        (2, "Char", "2, 3, 5", "3"),
        (3, "Adam", "4", "1"),
    ] {
        type_into(&mut h, &format!("Player {p} name"), name);
        type_into(&mut h, &format!("Player {p} red tokens"), red);
        type_into(&mut h, &format!("Player {p} jars delivered"), delivered);
    }
    assert_shows(
        &h,
        "Red: Bridget and Char tie with 3 tokens each; 3 left in the stack → 1 each, 1 discarded.",
    );
    assert_shows(&h, "Every entry could come from a real game.");
    // Bridget 2+3+4 and Char 2+3+5 in face values, plus 1 each from the split.
    assert_shows(&h, "Char wins with 11 points.");
    assert_shows(&h, "7 taken, 3 left");
}

#[test]
fn four_player_tie_broken_by_delivered_jars() {
    let mut h = calculator();
    click(&mut h, "4 players");
    // Ann and Ben both end on 13; Ben delivered more jars.
    let rows = [
        ("Ann", "2", "", "2", "2", "Orange", "3", "4"),
        ("Ben", "", "2, 2", "3", "1", "Green", "0", "0"),
        ("Cas", "2", "", "1", "0", "Purple", "1", "0"),
        ("Dot", "", "", "1", "1", "Blue", "2", "0"),
    ];
    for (i, (name, gold, brown, delivered, bonus, fav, spaces, left)) in rows.iter().enumerate() {
        let p = i + 1;
        type_into(&mut h, &format!("Player {p} name"), name);
        type_into(&mut h, &format!("Player {p} gold tokens"), gold);
        type_into(&mut h, &format!("Player {p} brown tokens"), brown);
        type_into(&mut h, &format!("Player {p} jars delivered"), delivered);
        type_into(&mut h, &format!("Player {p} jar bonus"), bonus);
        choose_favourite(&mut h, p, fav);
        type_into(&mut h, &format!("Player {p} favourite spaces"), spaces);
        type_into(&mut h, &format!("Player {p} leftover dice"), left);
    }
    let eval = evaluate(&h.state().calculator.sheet, &Components::default());
    let totals: Vec<i64> = eval.result.players.iter().map(|p| p.total).collect();
    assert_eq!(totals[0], totals[1], "{totals:?}");
    assert!(eval.reliable(), "{:?}", eval.problems);
    assert_shows(
        &h,
        "Ben wins on the tiebreak: tied on 13 points with Ann, with the most jars delivered (3).",
    );
    assert_shows(
        &h,
        "Gold: Ann and Cas tie with 1 token each; 8 left in the stack → 4 each, 0 discarded.",
    );
}

#[test]
fn shared_victory_when_points_and_jars_tie() {
    let mut h = calculator();
    click(&mut h, "2 players");
    for (p, name) in [(1, "Ann"), (2, "Ben")] {
        type_into(&mut h, &format!("Player {p} name"), name);
        type_into(&mut h, &format!("Player {p} jars delivered"), "3");
        type_into(&mut h, &format!("Player {p} jar bonus"), "3");
    }
    assert_shows(
        &h,
        "Ann and Ben share the victory: 3 points and 3 jars delivered each.",
    );
}

#[test]
fn solo_loss_at_exactly_zero() {
    let mut h = calculator();
    click(&mut h, "Solo");
    // You: red 2 + 3, and the red majority (7 left) → 12. The tempest: red 2 and 10 dice → 12.
    type_into(&mut h, "Player 1 red tokens", "2, 3");
    type_into(&mut h, "Player 1 jars delivered", "2");
    type_into(&mut h, "Tempest red tokens", "2");
    type_into(&mut h, "Tempest dice", "10");
    assert_shows(&h, "Net score 0: a loss (you need 1 or more to win).");
    assert_shows(&h, "Every entry could come from a real game.");
    // One die fewer in the tempest and it is a win.
    replace(&mut h, "Tempest dice", "9");
    assert_shows(&h, "Net score 1: a win");
}

#[test]
fn inconsistent_token_entry_is_flagged_until_fixed() {
    let mut h = calculator();
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 name", "Ann");
    type_into(&mut h, "Player 1 jars delivered", "2");
    // A 2 then a 4: the second red token off the stack is another 2, never a 4.
    type_into(&mut h, "Player 1 red tokens", "2, 4");
    assert_shows(
        &h,
        "the red tokens entered (2, 4) cannot all have been taken: tokens come off the top of the stack, so 2 tokens are the values 2, 2",
    );
    assert_shows(&h, "Unreliable: 1 entry cannot come from a real game.");
    assert_not_shown(&h, "Every entry could come from a real game.");

    // Fixed: the flag goes away.
    replace(&mut h, "Player 1 red tokens", "2, 2");
    assert_shows(&h, "Every entry could come from a real game.");

    // A value not in the stack, text that is not a number, and favourite spaces beyond what
    // two jars can hold are each flagged next to their field.
    type_into(&mut h, "Player 2 gold tokens", "7");
    assert_shows(
        &h,
        "Player 2 has a gold token worth 7, but the gold stack holds only",
    );
    type_into(&mut h, "Player 2 jars delivered", "lots");
    assert_shows(&h, "“lots” is not a whole number");
    type_into(&mut h, "Player 1 favourite spaces", "9");
    assert_shows(&h, "2 delivered jars hold at most");
    assert_shows(&h, "Unreliable: 4 entries cannot come from a real game.");
}

#[test]
fn picking_cards_fills_jars_bonus_and_favourite_spaces() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
    app.shared.settings.glyphs = false;
    let mut h = harness(app);
    click(&mut h, "2 players");
    choose_favourite(&mut h, 1, "Blue");
    click(&mut h, "Player 1 pick delivered cards");
    h.get_by_label("gold OOGPBB (+2)").click();
    h.run();
    h.get_by_label("red GBBB (+0)").click();
    h.run();
    click(&mut h, "Done");
    let eval = evaluate(&h.state().calculator.sheet, &Components::default());
    let p = &eval.input.players[0];
    assert_eq!((p.delivered, p.jar_bonus, p.favourite_spaces), (2, 2, 5));
    assert_eq!(h.query_all_by_label("from cards").count(), 3);
    // A card Ann delivered cannot also be Ben's.
    click(&mut h, "Player 2 pick delivered cards");
    assert!(
        h.get_by_label("gold OOGPBB (+2)")
            .accesskit_node()
            .is_disabled()
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(
        h.state().current,
        ScreenKind::Calculator,
        "Esc closes the list first"
    );
    assert_eq!(
        h.state().calculator.sheet.players[1].cards,
        None,
        "closing the list with nothing ticked keeps the typed counts"
    );
}

#[test]
fn exports_go_through_the_dialog_on_a_worker_thread() {
    let dir = std::env::temp_dir().join(format!("noct-app-export-{}", std::process::id()));
    let ron_path = dir.join("scores.ron");
    let dialog = fake(Some(ron_path.clone()));
    let mut h = harness(NoctilucaApp::for_tests(
        dialog.clone(),
        ScreenKind::Calculator,
    ));
    let sheet_text = std::fs::read_to_string("tests/data/score-4p.ron").unwrap();
    let input: ScoreInput = ron::from_str(&sheet_text).unwrap();
    h.state_mut().calculator.sheet = Sheet::from_input(&input);
    h.run();
    click(&mut h, "Export RON…");
    for _ in 0..200 {
        if h.query_by_label_contains("Saved to").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    assert_shows(&h, "Saved to");
    assert_eq!(
        dialog.asked.lock().unwrap().as_slice(),
        ["noctiluca-scores.ron"]
    );
    // The export reads back as the same score sheet (what `noctiluca score` takes).
    let back: ScoreInput = ron::from_str(&std::fs::read_to_string(&ron_path).unwrap()).unwrap();
    assert_eq!(back, input);

    // The copy happens in the frame that sees the click, so look at that frame's output.
    h.get_by_label("Copy summary").click();
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .expect("the summary goes to the clipboard");
    assert!(copied.contains("Char wins."), "{copied}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn csv_has_a_row_per_player_with_every_component() {
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    let eval = evaluate(&Sheet::from_input(&input), &Components::default());
    let csv = noctiluca::app::export::to_csv(&eval.names, &eval.result, eval.reliable());
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5, "{csv}");
    assert_eq!(
        lines[0],
        "player,token_points,majority_points,jar_bonus,favourite,leftovers,total,delivered,result"
    );
    assert_eq!(lines[2], "Char,15,7,4,4,1,31,5,winner");
}

#[test]
fn home_lists_only_built_modes_and_escape_comes_back() {
    let mut h = harness(NoctilucaApp::for_tests(fake(None), ScreenKind::Home));
    // Only modes that exist are offered.
    let built: Vec<&str> = noctiluca::app::home::MODES
        .iter()
        .map(|m| m.title)
        .collect();
    for mode in ["Play", "Board seeder", "Solo tempest", "Score calculator"] {
        assert_eq!(
            h.query_by_label(mode).is_some(),
            built.contains(&mode),
            "{mode} shown exactly when built"
        );
    }
    let entries = noctiluca::app::home::MODES
        .iter()
        .chain(noctiluca::app::home::EXTRAS)
        .map(|m| (m.title, m.screen));
    for (button, screen) in entries {
        click(&mut h, button);
        assert_eq!(h.state().current, screen);
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(h.state().current, ScreenKind::Home, "Esc from {button}");
    }
    click(&mut h, "About");
    assert_shows(&h, "Licence: MIT OR Apache-2.0");
    assert_shows(&h, "jar-deck.ron");
    click(&mut h, "← Home");
    assert_eq!(h.state().current, ScreenKind::Home);
}

#[test]
fn escape_in_a_text_field_only_leaves_the_field() {
    let mut h = calculator();
    type_into(&mut h, "Player 1 name", "Ann");
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Calculator);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Home);
    // The sheet is still there when coming back.
    assert_eq!(h.state().calculator.sheet.players[0].name, "Ann");
}

#[test]
fn settings_persist_through_eframe_storage() {
    #[derive(Default)]
    struct Memory(std::collections::HashMap<String, String>);
    impl eframe::Storage for Memory {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_string(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }
    let mut h = harness(NoctilucaApp::for_tests(fake(None), ScreenKind::Settings));
    click(&mut h, "Colour-blind glyphs");
    click(&mut h, "Remember window size and position");
    let mut storage = Memory::default();
    noctiluca::app::save_settings(&mut storage, &h.state().shared.settings);
    let back = noctiluca::app::load_settings(Some(&storage));
    assert_eq!(
        back,
        Settings {
            language: noctiluca::i18n::Lang::En,
            glyphs: false,
            remember_window: false
        }
    );
    assert_eq!(noctiluca::app::load_settings(None), Settings::default());
}

#[test]
fn every_glyph_the_app_draws_is_in_its_fonts() {
    let mut h = Harness::builder()
        .with_context_setup(theme::install)
        .build_ui(|ui| {
            for g in theme::SPECIAL_GLYPHS {
                ui.label(*g);
            }
        });
    h.run();
    let mut missing = Vec::new();
    h.ctx.fonts_mut(|f| {
        for g in theme::SPECIAL_GLYPHS {
            for c in g.chars() {
                if !f.has_glyph(&egui::FontId::proportional(theme::BODY_SIZE), c) {
                    missing.push(c);
                }
            }
        }
    });
    assert!(missing.is_empty(), "no glyph for {missing:?}");
}

#[test]
fn nothing_typed_crashes_the_calculator() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(theme::install)
        .allow_missing_glyphs()
        .build_ui_state(
            |ui, app: &mut NoctilucaApp| app.show(ui),
            NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator),
        );
    let junk = [
        "-3",
        "99999999999999999999999",
        "4294967295",
        "2,,, ,3;+8",
        "\u{1F30A} tide",
        "",
        "8 8 8 8 8 8 8 8 8 8 8 8",
    ];
    for (k, text) in junk.iter().enumerate() {
        let p = k % 4 + 1;
        for field in [
            "name",
            "gold tokens",
            "red tokens",
            "jars delivered",
            "jar bonus",
            "favourite spaces",
            "leftover dice",
        ] {
            type_into(&mut h, &format!("Player {p} {field}"), text);
        }
    }
    click(&mut h, "Solo");
    type_into(&mut h, "Tempest dice", "4294967295");
    type_into(&mut h, "Tempest gold tokens", "2 2 3 3 4 4 5 5 6 8 9");
    assert_shows(&h, "Unreliable");
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// Whatever is in the fields, the form is read and scored without a panic.
        #[test]
        fn evaluate_never_panics(
            fields in proptest::collection::vec(".{0,12}", 40),
            table in 0usize..4,
        ) {
            let mut sheet = Sheet {
                table: noctiluca::app::calculator::TableSize::ALL[table],
                ..Sheet::default()
            };
            let mut it = fields.into_iter();
            for p in sheet.players.iter_mut() {
                p.name = it.next().unwrap();
                p.tokens.gold = it.next().unwrap();
                p.tokens.brown = it.next().unwrap();
                p.tokens.red = it.next().unwrap();
                p.delivered = it.next().unwrap();
                p.jar_bonus = it.next().unwrap();
                p.favourite_spaces = it.next().unwrap();
                p.leftover_dice = it.next().unwrap();
            }
            sheet.tempest.tokens.gold = it.next().unwrap();
            sheet.tempest.dice = it.next().unwrap();
            let eval = evaluate(&sheet, &Components::default());
            let _ = eval.summary();
        }
    }
}
