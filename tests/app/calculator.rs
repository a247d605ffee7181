//! The desktop app driven through its accessibility tree, as a user would: by the labels on
//! screen. The harness loads the app's own fonts, so a glyph the app cannot draw fails a test.

use crate::app_support::*;
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
/// Then leaves the field, as a player moving on does: the column is judged once left.
fn type_into(h: &mut Harness<'_, NoctilucaApp>, label: &str, text: &str) {
    type_and_stay(h, label, text);
    let ctx = h.ctx.clone();
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id)
        }
    });
    h.run();
}

/// Clicks into the field and types `text`, leaving the keyboard there.
fn type_and_stay(h: &mut Harness<'_, NoctilucaApp>, label: &str, text: &str) {
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
    // The leftovers' row says which dice, counted ("Dice left over" could be the pool's, or
    // the points already halved).
    assert_shows(&h, "Dice on undelivered jars");
}

#[test]
fn four_player_tie_broken_by_delivered_jars() {
    let mut h = calculator();
    click(&mut h, "4 players");
    // Ann and Ben both end on 17; Ben delivered more jars. A token a delivery (no stack ran
    // out). Ann: 2 + 2, the gold split 4, the red split 2, bonus 2, favourite 3, leftovers 2.
    // Ben: 2 + 2 + 2, all of the brown 8, the red split 2, bonus 1.
    let rows = [
        ("Ann", "2", "", "2", "2", "2", "Orange", "3", "4"),
        ("Ben", "", "2, 2", "2", "3", "1", "Green", "0", "0"),
        ("Cas", "2", "", "", "1", "0", "Purple", "1", "0"),
        ("Dot", "", "", "3", "1", "1", "Blue", "2", "0"),
    ];
    for (i, (name, gold, brown, red, delivered, bonus, fav, spaces, left)) in
        rows.iter().enumerate()
    {
        let p = i + 1;
        type_into(&mut h, &format!("Player {p} name"), name);
        type_into(&mut h, &format!("Player {p} gold tokens"), gold);
        type_into(&mut h, &format!("Player {p} brown tokens"), brown);
        type_into(&mut h, &format!("Player {p} red tokens"), red);
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
        "Ben wins on the tiebreak: tied on 17 points with Ann, with the most jars delivered (3).",
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
    // A token of each colour each: every colour ties, 8 left → 4 each.
    for (p, name) in [(1, "Ann"), (2, "Ben")] {
        type_into(&mut h, &format!("Player {p} name"), name);
        for colour in ["gold", "brown", "red"] {
            type_into(&mut h, &format!("Player {p} {colour} tokens"), "2");
        }
        type_into(&mut h, &format!("Player {p} jars delivered"), "3");
        type_into(&mut h, &format!("Player {p} jar bonus"), "3");
    }
    assert_shows(&h, "Every entry could come from a real game.");
    assert_shows(
        &h,
        "Ann and Ben share the victory: 21 points and 3 jars delivered each.",
    );
    // The table marks both winners in words, not by colour alone.
    assert_shows(&h, "✔ Ann");
    assert_shows(&h, "✔ Ben");
    // A screen reader, with no column headers, hears each number with its row and column.
    assert_shows(&h, "✔ Ben, Bonus: 3");
}

#[test]
fn solo_loss_at_exactly_zero() {
    let mut h = calculator();
    click(&mut h, "Solo");
    // You: red 2 + 3, and the red majority (7 left) → 12. The tempest: red 2 and 10 dice → 12.
    // The column is headed "You", and so its fields are called.
    assert!(h.query_by_label("Player 1 red tokens").is_none());
    type_into(&mut h, "Your red tokens", "2, 3");
    type_into(&mut h, "Your jars delivered", "2");
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
        "The red tokens entered (2, 4) cannot all have been taken: tokens come off the top of the stack, so 2 tokens are the values 2, 2",
    );
    assert_shows(&h, "Unreliable: 1 entry cannot come from a real game.");
    assert_not_shown(&h, "Every entry could come from a real game.");
    // Said in the result's list, at the stacks, and beside the field where it was typed (the
    // field had no sign).
    let said = "cannot all have been taken";
    assert_eq!(h.query_all_by_label_contains(said).count(), 3);
    // Nobody is marked the winner while the sheet cannot be right; the majorities still say
    // how they fall with the entries as they stand.
    assert!(h.query_all_by_label_contains("✔").next().is_none());
    assert_shows(&h, "Red: Ann has the majority");
    // Back in the column, its problems wait until it is left: nothing says the entries are
    // sound meanwhile.
    h.get_by_label("Player 1 jars delivered").focus();
    h.run();
    assert_shows(&h, "Entering Ann: the column is checked");
    assert_not_shown(&h, "Every entry could come from a real game.");
    let ctx = h.ctx.clone();
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id)
        }
    });
    h.run();
    assert_shows(&h, "Unreliable: 1 entry cannot come from a real game.");

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
    // Player 2's gold token beside jars delivered that do not read is not also called a token
    // beyond the deliveries: that would follow from the field read as empty.
    assert_shows(&h, "Unreliable: 3 entries cannot come from a real game.");
    assert_not_shown(&h, "Player 2 holds 1 point token");
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
    // A screen reader hears how many are picked.
    let said = h
        .get_by_label("Player 1 pick delivered cards")
        .accesskit_node()
        .description();
    assert!(
        said.as_deref().is_some_and(|d| d.starts_with("2 picked.")),
        "{said:?}"
    );
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
    wait_until(&mut h, "the export to be saved", |h| shows(h, "Saved to"));
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
    assert!(copied.contains("Char wins with 31 points."), "{copied}");
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
fn escape_in_a_text_field_only_leaves_the_field() {
    let mut h = calculator();
    type_and_stay(&mut h, "Player 1 name", "Ann");
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
fn settings_persist_in_their_own_file() {
    let mut h = harness(NoctilucaApp::for_tests(fake(None), ScreenKind::Settings));
    click(&mut h, "Colour-blind glyphs");
    click(&mut h, "Remember window size and position");
    let scratch_dir = scratch("calc-settings");
    let file = scratch_dir.join("settings.ron");
    noctiluca::app::settings::write_settings_file(&file, &h.state().shared.settings).unwrap();
    let back = noctiluca::app::startup_settings(Some(&file), None).settings;
    assert_eq!(
        back,
        Settings {
            language: noctiluca::i18n::Lang::En,
            glyphs: false,
            remember_window: false,
            last_folder: None,
            text_size: 100,
            player_name: String::new(),
            reduce_motion: false,
            ai_pace_tenths: 8,
            host_port: String::new(),
            host_address: String::new(),
            courses_done: Vec::new(),
        }
    );
    // Nothing saved yet: the defaults, in the system's language.
    let locale = noctiluca::app::system_locale();
    assert_eq!(
        noctiluca::app::load_settings(None),
        noctiluca::app::first_start_settings(locale.as_deref())
    );
    assert_eq!(
        noctiluca::app::first_start_settings(Some("C.UTF-8")),
        Settings::default()
    );
    assert_eq!(
        noctiluca::app::first_start_settings(Some("zh_TW.UTF-8")).language,
        noctiluca::i18n::Lang::ZhHant
    );
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

/// Waits for the export's worker thread and returns the status line it left.
fn wait_for_export(h: &mut Harness<'_, NoctilucaApp>) -> String {
    let text = |h: &Harness<'_, NoctilucaApp>| {
        h.state()
            .calculator
            .status
            .as_ref()
            .map(|s| s.text())
            .unwrap_or_default()
    };
    wait_until(h, "the export worker to answer", |h| {
        text(h) != noctiluca::i18n::tr("Choosing where to save…")
    });
    h.run();
    text(h)
}

#[test]
fn the_calculator_in_traditional_chinese() {
    use noctiluca::engine::DiceColour;
    use noctiluca::i18n::{Lang, tr};
    use noctiluca::trf;
    let dir = scratch("calc-zh");
    let csv_path = dir.join("分數.csv");
    let dialog = fake(Some(csv_path.clone()));
    let mut app = NoctilucaApp::for_tests(dialog.clone(), ScreenKind::Calculator);
    app.shared.settings.glyphs = false;
    let mut h = harness(app);
    set_language(&mut h, Lang::ZhHant);
    // The harness draws on this thread, so `tr` here speaks the app's language.
    assert_eq!(tr("Clear the sheet"), "清空計分表");
    assert_shows(&h, "玩家人數：");
    assert_shows(&h, "4 位玩家");
    assert_shows(&h, "分數標記堆（由上而下）：一律從最頂上拿取");
    assert_translated(&h, "an empty four-player sheet", NAMES);

    // The four-player tie of `four_player_tie_broken_by_delivered_jars`, typed in Chinese.
    let rows = [
        ("Ann", "2", "", "2", "2", "2", DiceColour::Orange, "3", "4"),
        (
            "Ben",
            "",
            "2, 2",
            "2",
            "3",
            "1",
            DiceColour::Green,
            "0",
            "0",
        ),
        ("Cas", "2", "", "", "1", "0", DiceColour::Purple, "1", "0"),
        ("Dot", "", "", "3", "1", "1", DiceColour::Blue, "2", "0"),
    ];
    let gold = theme::jar_name(noctiluca::engine::JarColour::Gold);
    let brown = theme::jar_name(noctiluca::engine::JarColour::Brown);
    let red = theme::jar_name(noctiluca::engine::JarColour::Red);
    for (i, (name, g, b, r, delivered, bonus, fav, spaces, left)) in rows.iter().enumerate() {
        let p = i + 1;
        type_into(&mut h, &trf!("Player {number} name", number = p), name);
        let tokens = |c: &str| trf!("Player {number} {colour} tokens", number = p, colour = c);
        type_into(&mut h, &tokens(gold), g);
        type_into(&mut h, &tokens(brown), b);
        type_into(&mut h, &tokens(red), r);
        type_into(
            &mut h,
            &trf!("Player {number} jars delivered", number = p),
            delivered,
        );
        type_into(
            &mut h,
            &trf!("Player {number} jar bonus", number = p),
            bonus,
        );
        click(
            &mut h,
            &trf!("Player {number} favourite colour", number = p),
        );
        assert_translated(&h, "the favourite colour list", NAMES);
        h.get_by_label_contains(theme::dice_name(*fav)).click();
        h.run();
        type_into(
            &mut h,
            &trf!("Player {number} favourite spaces", number = p),
            spaces,
        );
        type_into(
            &mut h,
            &trf!("Player {number} leftover dice", number = p),
            left,
        );
    }
    assert_shows(
        &h,
        "Ben 在平手判定中獲勝：與 Ann 同為 17 分，而交付的罐子最多（3 個）。",
    );
    assert_shows(&h, "所有輸入都可能出自真實的遊戲。");
    assert_shows(&h, "最多標記");
    assert_shows(&h, "剩餘資源");
    assert_translated(&h, "a four-player result won on the tiebreak", NAMES);

    // Entries that cannot come from a real game, flagged next to their fields.
    replace(
        &mut h,
        &trf!("Player {number} jars delivered", number = 4),
        "數量",
    );
    replace(
        &mut h,
        &trf!("Player {number} {colour} tokens", number = 3, colour = gold),
        "2, x",
    );
    replace(
        &mut h,
        &trf!("Player {number} leftover dice", number = 2),
        "-1",
    );
    assert_shows(&h, "「數量」不是整數");
    assert_shows(
        &h,
        "「x」不是分數標記的數值；請照標記上印的數值輸入，例如 2, 3, 5",
    );
    assert_shows(&h, "「-1」小於零；請輸入 0 或更大的數");
    assert_shows(&h, "不可靠：有");
    assert_not_shown(&h, "所有輸入都可能出自真實的遊戲。");
    assert_translated(&h, "unreadable entries", NAMES);
    replace(
        &mut h,
        &trf!("Player {number} {colour} tokens", number = 3, colour = gold),
        "2",
    );
    replace(
        &mut h,
        &trf!("Player {number} leftover dice", number = 2),
        "0",
    );
    replace(
        &mut h,
        &trf!("Player {number} jars delivered", number = 4),
        "1",
    );
    assert_shows(&h, "所有輸入都可能出自真實的遊戲。");
    // A value the stack cannot give (the engine words the problem itself).
    let red = theme::jar_name(noctiluca::engine::JarColour::Red);
    replace(
        &mut h,
        &trf!("Player {number} {colour} tokens", number = 1, colour = red),
        "4",
    );
    assert_shows(&h, "不可靠：有 1 項輸入不可能出自真實的遊戲。");
    assert_translated(&h, "an inconsistent entry", NAMES);

    // Player 4's cards picked from the list instead of typed.
    click(
        &mut h,
        &trf!("Player {number} pick delivered cards", number = 4),
    );
    assert_shows(&h, "Dot 交付的罐子");
    assert_translated(&h, "the card list", NAMES);
    h.get_by_label("棕色 橙綠綠綠 (+0)").click();
    h.run();
    click(&mut h, tr("Done"));
    assert_eq!(h.state().calculator.sheet.players[3].cards, Some(vec![10]));
    assert_shows(&h, "依卡牌計算");
    assert_translated(&h, "cards picked", NAMES);
    // Dot's card is not free for Cas.
    click(
        &mut h,
        &trf!("Player {number} pick delivered cards", number = 3),
    );
    assert!(
        h.get_by_label("棕色 橙綠綠綠 (+0)")
            .accesskit_node()
            .is_disabled()
    );
    assert_translated(&h, "the card list with a card taken", NAMES);
    press(&mut h, egui::Key::Escape);
    assert!(!h.state().calculator.has_open_dialog());
    // Dot's brown card came without a brown token.
    assert!(
        !evaluate(&h.state().calculator.sheet, &Components::default()).reliable(),
        "the picked card does not match the tokens"
    );

    // The CSV export: its headers and words in Chinese.
    click(&mut h, tr("Export CSV…"));
    let status = wait_for_export(&mut h);
    assert!(status.starts_with("已儲存至 "), "{status}");
    assert_shows(&h, "已儲存至 ");
    assert_translated(&h, "the CSV export saved", NAMES);
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let csv = csv
        .strip_prefix('\u{feff}')
        .expect("the CSV starts with a byte-order mark, for Excel");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "玩家,分數標記,最多標記,罐子獎勵,鐘情卡牌,剩餘資源,總分,已交付罐子,結果"
    );
    assert!(
        lines[1].starts_with("Ann,") && lines[1].ends_with(",獲勝"),
        "{csv}"
    );
    assert_eq!(lines[5], "不可靠：部分輸入不可能出自真實的遊戲,,,,,,,,");

    // The RON export is data for `noctiluca score`: English whatever the screen says.
    let ron_path = dir.join("scores.ron");
    let mut ron_app = NoctilucaApp::for_tests(fake(Some(ron_path.clone())), ScreenKind::Calculator);
    ron_app.calculator.sheet = h.state().calculator.sheet.clone();
    let mut r = harness(ron_app);
    set_language(&mut r, Lang::ZhHant);
    click(&mut r, tr("Export RON…"));
    assert!(wait_for_export(&mut r).starts_with("已儲存至 "));
    let ron_text = std::fs::read_to_string(&ron_path).unwrap();
    assert!(ron_text.contains("reliable: false"), "{ron_text}");
    assert!(
        !ron_text
            .chars()
            .any(|c| ('\u{3000}'..='\u{9fff}').contains(&c)
                || ('\u{ff00}'..='\u{ffef}').contains(&c)),
        "no Chinese in the score sheet:\n{ron_text}"
    );
    let back: ScoreInput = ron::from_str(&ron_text).unwrap();
    assert_eq!(back.players[3].name, "Dot");

    // The copied summary says in Chinese that it cannot be trusted.
    h.get_by_label(tr("Copy summary")).click();
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
    assert!(
        copied.contains("不可靠：以下輸入不可能出自真實的遊戲："),
        "{copied}"
    );
    h.run();
    assert_shows(&h, "摘要已複製到剪貼簿。");
    assert_translated(&h, "the summary copied", NAMES);

    // A solo game: the tempest's column, its dice and the net score.
    click(&mut h, tr("Clear the sheet"));
    click(&mut h, tr("Solo"));
    assert_shows(&h, "你");
    assert_shows(&h, "暴雨中的骰子");
    assert_translated(&h, "an empty solo sheet", NAMES);
    type_into(&mut h, &trf!("Your {colour} tokens", colour = red), "2, 3");
    type_into(&mut h, tr("Your jars delivered"), "2");
    type_into(&mut h, &trf!("Tempest {colour} tokens", colour = red), "2");
    type_into(&mut h, tr("Tempest dice"), "10");
    assert_shows(&h, "淨得分 0：失敗（需要 1 分或以上才能獲勝）。");
    assert_shows(&h, "−10（骰子）");
    assert_translated(&h, "a solo loss", NAMES);
    replace(&mut h, tr("Tempest dice"), "9");
    assert_shows(&h, "淨得分 1：獲勝（1 分或以上即獲勝）。");
    assert_translated(&h, "a solo win", NAMES);

    // The other ways an export ends: nothing chosen, and a file that cannot be written.
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "").unwrap();
    for (answer, expected) in [
        (None, "未儲存：沒有選擇檔案。".to_string()),
        (Some(blocker.join("x.csv")), "⚠ 匯出失敗：".to_string()),
    ] {
        let mut e = harness(NoctilucaApp::for_tests(
            fake(answer),
            ScreenKind::Calculator,
        ));
        set_language(&mut e, Lang::ZhHant);
        click(&mut e, tr("Export CSV…"));
        let status = wait_for_export(&mut e);
        assert!(status.starts_with(&expected), "{status}");
        assert_translated(&h, "an export that saved nothing", NAMES);
    }

    // The file dialog's filters are named in Chinese too.
    use noctiluca::app::export::ExportKind;
    assert_eq!(ExportKind::Csv.filter_name(), "試算表（CSV）");
    assert_eq!(ExportKind::Ron.filter_name(), "計分表（RON）");
    assert_translated(&h, "the file dialog's filters", NAMES);
    noctiluca::i18n::set_lang(Lang::En);
    std::fs::remove_dir_all(&dir).unwrap();
}

mod entries;
mod fuzz;
mod keys;
mod open;

/// Names the players typed, and the words of a scratch file's path, left as they are on a
/// Chinese screen.
const NAMES: &[&str] = &[
    "Ann",
    "Ben",
    "Cas",
    "Dot",
    "tmp",
    "noctiluca",
    "app",
    "calc",
    "csv",
];

#[test]
fn the_card_list_changes_nothing_until_it_is_confirmed() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
    app.shared.settings.glyphs = false;
    let mut h = harness(app);
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 jars delivered", "3");
    type_into(&mut h, "Player 1 jar bonus", "4");
    let before = h.state().calculator.sheet.clone();
    // Opening the list, and ticking, leave the sheet and its result alone.
    click(&mut h, "Player 1 pick delivered cards");
    assert_eq!(h.state().calculator.sheet, before);
    h.get_by_label("gold OOGPBB (+2)").click();
    h.run();
    assert_eq!(h.state().calculator.sheet, before);
    // Cancel (or Esc) keeps the sheet as it was.
    click(&mut h, "Cancel");
    assert_eq!(h.state().calculator.sheet, before);
    click(&mut h, "Player 1 pick delivered cards");
    h.get_by_label("gold OOGPBB (+2)").click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().calculator.sheet, before);
    // Done puts the ticked card in.
    click(&mut h, "Player 1 pick delivered cards");
    h.get_by_label("gold OOGPBB (+2)").click();
    h.run();
    click(&mut h, "Done");
    let eval = evaluate(&h.state().calculator.sheet, &Components::default());
    assert_eq!(
        (
            eval.input.players[0].delivered,
            eval.input.players[0].jar_bonus
        ),
        (1, 2)
    );
}

#[test]
fn a_warning_appears_beside_its_field_and_the_grid_does_not_move() {
    let mut h = calculator();
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 jars delivered", "2");
    let rect = |h: &Harness<'_, NoctilucaApp>, label: &str| {
        h.get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let below = rect(&h, "Player 1 leftover dice");
    let field = rect(&h, "Player 1 red tokens");
    type_into(&mut h, "Player 1 red tokens", "15");
    let warning = h
        .query_all_by_label_contains("Player 1 has a red token worth 15")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Label)
        .expect("a warning beside the field");
    let w = warning.accesskit_node().bounding_box().unwrap();
    // Beside the field: on its line, just to its right.
    assert!(w.y0 < field.y1 && w.y1 > field.y0, "{w:?} vs {field:?}");
    assert!(
        w.x0 >= field.x1 - 1.0 && w.x0 < field.x1 + 30.0,
        "{w:?} vs {field:?}"
    );
    assert_eq!(
        rect(&h, "Player 1 leftover dice"),
        below,
        "the rows below stay put"
    );
}

#[test]
fn a_column_is_judged_once_the_player_leaves_it() {
    let mut h = calculator();
    click(&mut h, "2 players");
    type_into(&mut h, "Player 2 gold tokens", "2");
    type_into(&mut h, "Player 2 jars delivered", "1");
    // Halfway through player 1: a red token typed, the jars not yet.
    type_and_stay(&mut h, "Player 1 name", "Ann");
    type_and_stay(&mut h, "Player 1 red tokens", "2");
    assert_shows(&h, "Entering Ann: the column is checked");
    assert_not_shown(&h, "Ann holds 1 point token but delivered 0 jars");
    assert_not_shown(&h, "Unreliable");
    assert_not_shown(&h, "wins");
    // Left (to the other player's column): judged.
    h.get_by_label("Player 2 name").focus();
    h.run();
    assert_shows(&h, "To fix before the result counts:");
    assert!(
        shows(&h, "Ann holds 1 point token but delivered 0 jars"),
        "the token without a jar is flagged"
    );
    // Back to finish it: held back again while typing, and fine once left.
    type_into(&mut h, "Player 1 jars delivered", "1");
    assert_shows(&h, "Every entry could come from a real game.");
}

/// A token field that does not read ("2, x") is said as such, and not also as too few tokens
/// for the jars delivered: that only followed from the field read as empty.
#[test]
fn an_unreadable_token_field_is_not_also_too_few_tokens() {
    let mut h = calculator();
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 name", "Cat");
    type_into(&mut h, "Player 1 jars delivered", "2");
    type_into(&mut h, "Player 1 red tokens", "2, x");
    assert_shows(&h, "Unreliable: 1 entry cannot come from a real game.");
    assert_not_shown(&h, "each delivery takes the top token");
    // Read again, the count is checked against the jars.
    replace(&mut h, "Player 1 red tokens", "2");
    h.run();
    assert_shows(&h, "Unreliable: 1 entry cannot come from a real game.");
    assert_shows(&h, "Cat delivered 2 jars but holds 1 point token");
}
