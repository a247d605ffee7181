//! The board seeder, driven by label.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::{NoctilucaApp, ScreenKind, SeederScreen};
use noctiluca::seeder::SeedCode;

fn seeder() -> egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp> {
    let mut h = app_on(ScreenKind::Home, fake(None));
    click(&mut h, "Board seeder");
    assert_eq!(h.state().current, ScreenKind::Seeder);
    h
}

#[test]
fn new_layout_changes_the_code_and_the_board() {
    let mut h = seeder();
    let before = h.state().seeder.layout.clone();
    assert_shows(&h, &before.code.to_string());
    click(&mut h, "New layout");
    let after = h.state().seeder.layout.clone();
    assert_ne!(after.code, before.code);
    assert_ne!(after.pool, before.pool);
    assert_shows(&h, &after.code.to_string());
    // Every space of the board is on screen with its dice.
    for sp in 0..18u8 {
        let label = noctiluca::app::board::space_label(
            sp,
            &after.pool[sp as usize],
            noctiluca::app::board::DiceDetail::Faces,
        );
        assert_shows(&h, &label);
    }
}

#[test]
fn entering_a_code_shows_that_layout() {
    let mut h = seeder();
    replace(&mut h, "Enter a code", "k7m2 qx9p");
    click(&mut h, "Show layout");
    assert_eq!(
        h.state().seeder.layout.code,
        SeedCode::parse("K7M2-QX9P").unwrap()
    );
    assert_shows(&h, "Inner space I1: orange 5, green 1, purple 6, blue 3");
    assert_shows(&h, "Blue: 23 — 1×2, 2×2, 3×6, 4×4, 5×3, 6×6");
    assert!(!shows(&h, "Refill's seed code"));
    // The field holds a whole code of wide letters (at 130 pixels a last Q read as a C).
    let field = h
        .get_by_label("Enter a code")
        .accesskit_node()
        .bounding_box()
        .unwrap();
    let wide = noctiluca::app::theme::one_line_width(
        &egui::Ui::new(h.ctx.clone(), egui::Id::unique("m"), egui::UiBuilder::new()),
        egui::RichText::new("WWWW-WWWW-W"),
    );
    assert!(field.x1 - field.x0 > wide as f64, "{field:?} for {wide}");
    // A bad code is explained, and the layout stays.
    replace(&mut h, "Enter a code", "K7M2-QX9U");
    click(&mut h, "Show layout");
    assert_shows(&h, "is not used in seed codes");
    assert_eq!(
        h.state().seeder.layout.code,
        SeedCode::parse("K7M2-QX9P").unwrap()
    );
    // A layout shown after it (here a refill from the box lid) is not the refused code's:
    // the refusal goes, and the field shows the code laid out.
    replace(&mut h, "Orange in the lid", "20");
    click(&mut h, "Lay out refill");
    assert!(!shows(&h, "is not used in seed codes"));
    assert_eq!(
        h.get_by_label("Enter a code").value().as_deref(),
        Some("K7M2-QX9P-6")
    );
    // A code mistyped in one character is refused by its check character, not laid out as
    // another board.
    replace(&mut h, "Enter a code", "K7M2-QX9Q-6");
    click(&mut h, "Show layout");
    assert_shows(&h, "does not match the others: a character was mistyped");
    assert_eq!(
        h.state().seeder.layout.code,
        SeedCode::parse("K7M2-QX9P").unwrap()
    );
    click(&mut h, "Full set (new game)");
    // Colours only: the same layout without faces.
    click(&mut h, "Colours only");
    assert_shows(&h, "Inner space I1: 1 orange, 1 green, 1 purple, 1 blue");
}

#[test]
fn placing_guide_steps_through_all_18_spaces() {
    let mut h = seeder();
    h.state_mut().seeder = SeederScreen::new(SeedCode::parse("K7M2-QX9P").unwrap());
    h.run();
    click(&mut h, "Placing guide");
    assert_shows(
        &h,
        "Space I1 (1 of 18): orange 5, green 1, purple 6, blue 3",
    );
    // By button and by keyboard.
    for i in 1..18u8 {
        if i % 2 == 0 {
            click(&mut h, "Next");
        } else {
            press(&mut h, egui::Key::ArrowRight);
        }
        assert_eq!(h.state().seeder.guide, Some(i));
        let line = h.state().seeder.guide_line(i);
        assert_shows(&h, &line);
    }
    assert_shows(
        &h,
        "Space O12 (18 of 18): orange 3, orange 5, orange 5, blue 6, blue 6",
    );
    assert_shows(&h, "All 18 spaces done");
    press(&mut h, egui::Key::ArrowLeft);
    assert_eq!(h.state().seeder.guide, Some(16));
    click(&mut h, "Close guide");
    assert_eq!(h.state().seeder.guide, None);
}

#[test]
fn refill_from_the_box_lid() {
    let mut h = seeder();
    for (label, n) in [
        ("Orange in the lid", "20"),
        ("Green in the lid", "18"),
        ("Purple in the lid", "15"),
        ("Blue in the lid", "12"),
    ] {
        replace(&mut h, label, n);
    }
    // The placing guide, open at the last space of the full layout, starts again at the
    // first space of the refill.
    click(&mut h, "Placing guide");
    h.state_mut().seeder.guide = Some(17);
    click(&mut h, "Lay out refill");
    assert_eq!(h.state().seeder.guide, Some(0));
    assert_eq!(h.state().seeder.layout.placed(), 65);
    assert_shows(&h, "65 dice to place");
    assert_shows(
        &h,
        "Round-2 refill from the box lid: orange 20, green 18, purple 15, blue 12. The code gives this layout with these counts.",
    );
    // Its code is named as the refill's (it read as the code of the layout alone).
    assert_shows(&h, "Refill's seed code");
    // A count that cannot be is said as it is typed, before the button (a Tab to the next
    // field had said nothing), and goes once mended.
    replace(&mut h, "Blue in the lid", "40");
    assert_shows(&h, "There are 26 blue dice, not 40");
    replace(&mut h, "Blue in the lid", "12");
    assert!(!shows(&h, "There are 26 blue dice"));
    replace(&mut h, "Blue in the lid", "40");
    click(&mut h, "Lay out refill");
    assert_shows(&h, "There are 26 blue dice, not 40");
    // Beside the button, and in view without scrolling.
    let said = h
        .get_by_label_contains("There are 26 blue dice, not 40")
        .accesskit_node()
        .bounding_box()
        .unwrap();
    let button = h
        .get_by_label("Lay out refill")
        .accesskit_node()
        .bounding_box()
        .unwrap();
    assert!(said.y0 >= 0.0 && said.y1 <= 800.0, "{said:?}");
    assert!(said.y0 < button.y1 + 30.0, "{said:?} vs {button:?}");
    // Every colour's problem is said, each with its colour (only the first was, and "\"abc\"
    // is not a number of dice" did not say which field).
    replace(&mut h, "Green in the lid", "abc");
    click(&mut h, "Lay out refill");
    assert_shows(
        &h,
        "Green: \"abc\" is not a number of dice; there are 26 blue dice, not 40",
    );
    replace(&mut h, "Green in the lid", "18");
    click(&mut h, "Full set (new game)");
    assert_eq!(h.state().seeder.layout.placed(), 84);
    // A code typed while a refill shows is that code's full layout, as `seed --code` gives.
    replace(&mut h, "Blue in the lid", "12");
    click(&mut h, "Lay out refill");
    assert_eq!(h.state().seeder.layout.placed(), 65);
    replace(&mut h, "Enter a code", "Z1T4-ZHCQ");
    click(&mut h, "Show layout");
    assert_eq!(h.state().seeder.layout.code.to_string(), "Z1T4-ZHCQ-F");
    assert_eq!(h.state().seeder.layout.placed(), 84);
}

/// The solo companion's round 2 asks for the refill: the seeder opens at the box lid's
/// counts, the keyboard on the first, rather than on a new full layout.
#[test]
fn the_solo_refill_opens_the_seeder_at_the_box_lid() {
    let mut h = app_on(ScreenKind::Solo, fake(None));
    h.state_mut()
        .run_command(Some(noctiluca::app::Command::Refill));
    h.run();
    h.run();
    assert_eq!(h.state().current, ScreenKind::Seeder);
    assert!(h.get_by_label("Orange in the lid").is_focused());
}

#[test]
fn export_png_writes_a_printable_image() {
    let dir = scratch("seeder-png");
    let path = dir.join("layout.png");
    let dialog = fake(Some(path.clone()));
    let mut h = app_on(ScreenKind::Seeder, dialog.clone());
    click(&mut h, "Export PNG…");
    wait_until(&mut h, "the PNG to be written", |h| {
        path.exists() && h.state().seeder.status.is_some()
    });
    h.step();
    let img = image::open(&path).expect("a PNG was written");
    assert_eq!(
        (img.width(), img.height()),
        (
            noctiluca::seeder::png::WIDTH,
            noctiluca::seeder::png::HEIGHT
        )
    );
    let code = h.state().seeder.layout.code;
    assert_eq!(
        dialog.asked.lock().unwrap().as_slice(),
        [format!("noctiluca-layout-{code}.png")]
    );
    assert_shows(&h, "Saved");
    // Another layout shown: what was said of the saved one goes with it.
    replace(&mut h, "Enter a code", "K7M2-QX9P");
    click(&mut h, "Show layout");
    assert!(h.state().seeder.status.is_none());
    assert!(!shows(&h, "Saved"));
    // A refill's picture is offered under another name than the code's own layout.
    replace(&mut h, "Blue in the lid", "12");
    click(&mut h, "Lay out refill");
    click(&mut h, "Export PNG…");
    wait_until(&mut h, "the refill's PNG to be written", |h| {
        h.state().seeder.status.is_some()
    });
    assert_eq!(
        dialog.asked.lock().unwrap().last(),
        Some(&"noctiluca-refill-K7M2-QX9P-6.png".to_string())
    );
}

/// Steps until the export worker has answered.
fn wait_for_status(h: &mut egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>) {
    wait_until(h, "the export worker to answer", |h| {
        h.state().seeder.status.is_some()
    });
    h.run();
}

#[test]
fn the_whole_seeder_in_traditional_chinese() {
    use noctiluca::i18n::{Lang, tr};
    let dir = scratch("seeder-zh");
    let path = dir.join("layout.png");
    let mut h = app_on(ScreenKind::Seeder, fake(Some(path.clone())));
    set_language(&mut h, Lang::ZhHant);
    assert_shows(&h, "種子碼");
    assert_shows(&h, "要擺放 84 個骰子");
    assert_shows(&h, "留在遊戲盒蓋中：");
    assert_shows(&h, "第二輪補滿");
    assert_translated(&h, "a layout", NAMES);

    let before = h.state().seeder.layout.code;
    click(&mut h, tr("New layout"));
    assert_ne!(h.state().seeder.layout.code, before);
    assert_translated(&h, "a new layout", NAMES);

    // A typed code, then two that are not codes.
    replace(&mut h, tr("Enter a code"), "k7m2 qx9p");
    click(&mut h, tr("Show layout"));
    let code = SeedCode::parse("K7M2-QX9P").unwrap();
    assert_eq!(h.state().seeder.layout.code, code);
    assert_shows(&h, "藍色：23 個——1×2、2×2、3×6、4×4、5×3、6×6");
    assert_shows(&h, "留在遊戲盒蓋中：");
    assert_translated(&h, "a typed code", NAMES);
    replace(&mut h, tr("Enter a code"), "K7M2-QX9U");
    click(&mut h, tr("Show layout"));
    assert_shows(
        &h,
        "種子碼不使用「U」（種子碼由 0–9 與 A–Z 中除了 U 以外的字元組成；I、L 讀作 1，O 讀作 0）",
    );
    assert_eq!(h.state().seeder.layout.code, code);
    assert_translated(&h, "a code with a wrong character", NAMES);
    replace(&mut h, tr("Enter a code"), "K7M2");
    click(&mut h, tr("Show layout"));
    assert_shows(&h, "種子碼有 8 個字元和一個檢查字元，這裡有 4 個");
    assert_translated(&h, "a code too short", NAMES);

    click(&mut h, tr("Colours only"));
    assert_shows(&h, "藍色：23");
    assert_translated(&h, "colours only", NAMES);
    click(&mut h, tr("Colours and faces"));

    // The placing guide from the first space to the last.
    click(&mut h, tr("Placing guide"));
    assert_shows(
        &h,
        "格子 I1（第 1 格，共 18 格）：橙色 5、綠色 1、紫色 6、藍色 3",
    );
    assert_translated(&h, "the placing guide", NAMES);
    for _ in 1..18 {
        click(&mut h, tr("Next"));
    }
    assert_shows(&h, "格子 O12（第 18 格，共 18 格）：");
    assert_shows(&h, "全部 18 個格子都已完成");
    assert_translated(&h, "the placing guide's last space", NAMES);
    click(&mut h, tr("Close guide"));

    // The round-2 refill, with each mistake it explains.
    for (colour, n) in [
        ("橙色", "20"),
        ("綠色", "18"),
        ("紫色", "15"),
        ("藍色", "x"),
    ] {
        replace(&mut h, &format!("盒蓋中的{colour}骰子"), n);
    }
    click(&mut h, tr("Lay out refill"));
    assert_shows(&h, "「x」不是骰子數量");
    assert_translated(&h, "a count that is not a number", NAMES);
    replace(&mut h, "盒蓋中的藍色骰子", "40");
    click(&mut h, tr("Lay out refill"));
    assert_shows(&h, "藍色骰子只有 26 個，不是 40 個");
    assert_translated(&h, "too many dice", NAMES);
    replace(&mut h, "盒蓋中的藍色骰子", "12");
    click(&mut h, tr("Lay out refill"));
    assert_eq!(h.state().seeder.layout.placed(), 65);
    assert_shows(&h, "要擺放 65 個骰子");
    assert_shows(
        &h,
        "第二輪以遊戲盒蓋中的骰子補滿：橙色 20、綠色 18、紫色 15、藍色 12",
    );
    assert_translated(&h, "a refill", NAMES);
    click(&mut h, tr("Full set (new game)"));
    assert_eq!(h.state().seeder.layout.placed(), 84);
    for colour in ["橙色", "綠色", "紫色", "藍色"] {
        replace(&mut h, &format!("盒蓋中的{colour}骰子"), "");
    }
    click(&mut h, tr("Lay out refill"));
    assert_shows(&h, "請先數一數遊戲盒蓋中的骰子");
    assert_translated(&h, "an empty box lid", NAMES);

    // Copy, and the picture through the file dialog: saved, then cancelled.
    click(&mut h, tr("Copy code"));
    assert_shows(&h, "已複製 K7M2-QX9P");
    assert_translated(&h, "the code copied", NAMES);
    h.state_mut().seeder.status = None;
    click(&mut h, tr("Export PNG…"));
    wait_for_status(&mut h);
    assert!(path.exists());
    assert_shows(&h, "已儲存 ");
    assert_translated(&h, "the picture saved", NAMES);
    h.state_mut().seeder.status = None;
    h.state_mut().shared.dialog = fake(None);
    click(&mut h, tr("Export PNG…"));
    wait_for_status(&mut h);
    assert_shows(&h, "已取消匯出。");
    assert_translated(&h, "the picture cancelled", NAMES);
    // A folder where the picture should go cannot be written over.
    h.state_mut().seeder.status = None;
    h.state_mut().shared.dialog = fake(Some(dir.clone()));
    click(&mut h, tr("Export PNG…"));
    wait_for_status(&mut h);
    assert_shows(&h, "無法儲存：");
    assert_translated(&h, "the picture failed", NAMES);
}

#[test]
fn a_seed_code_typed_by_keyboard_alone() {
    use egui::{Key, Modifiers};
    use egui_kittest::kittest::Queryable;
    let dir = scratch("seeder-keys");
    let path = dir.join("layout.png");
    let dialog = fake(Some(path.clone()));
    let mut h = app_on(ScreenKind::Seeder, dialog.clone());
    h.run();

    // Tab to the field, select what is there, type a code, Enter.
    tab_to(&mut h, "Enter a code", 20);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("Enter a code").type_text("k7m2 qx9p");
    h.run();
    press(&mut h, Key::Enter);
    let code = SeedCode::parse("K7M2-QX9P").unwrap();
    assert_eq!(h.state().seeder.layout.code, code);
    // The keyboard stays in the field (a Space after it had changed what the board shows).
    h.run();
    assert!(h.get_by_label("Enter a code").is_focused());
    assert_shows(&h, "Blue: 23 — 1×2, 2×2, 3×6, 4×4, 5×3, 6×6");
    assert_shows(&h, "Inner space I1: orange 5, green 1, purple 6, blue 3");

    // The placing guide: Enter opens it with "Next" focused; → and Enter step it.
    tab_to(&mut h, "Placing guide", 20);
    press(&mut h, Key::Enter);
    assert_eq!(h.state().seeder.guide, Some(0));
    assert!(h.get_by_label("Next").is_focused());
    press(&mut h, Key::Enter);
    assert_eq!(h.state().seeder.guide, Some(1));
    press(&mut h, Key::ArrowRight);
    assert_eq!(h.state().seeder.guide, Some(2));
    // The arrows stepped the guide and left the focus where it was.
    assert!(h.get_by_label("Next").is_focused());
    press(&mut h, Key::ArrowLeft);
    assert_eq!(h.state().seeder.guide, Some(1));
    while h.state().seeder.guide != Some(17) {
        press(&mut h, Key::Enter);
    }
    assert_shows(&h, "All 18 spaces done");
    // The way on has the keyboard: on Previous, the next Enter had gone back a space.
    assert!(h.get_by_label("Close guide").is_focused());
    press(&mut h, Key::ArrowLeft);
    assert_eq!(h.state().seeder.guide, Some(16));
    press(&mut h, Key::ArrowRight);
    assert!(h.get_by_label("Close guide").is_focused());
    press(&mut h, Key::Enter);
    assert_eq!(h.state().seeder.guide, None);
    assert!(h.get_by_label("Placing guide").is_focused());

    // Colours only, by Tab and Space.
    tab_to(&mut h, "Colours only", 20);
    press(&mut h, Key::Space);
    assert_shows(&h, "Blue: 23");
    assert!(!shows(&h, "Blue: 23 —"));

    // Ctrl+S: the picture, through the file dialog.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    wait_for_status(&mut h);
    assert!(path.exists());
    assert_eq!(
        dialog.asked.lock().unwrap().as_slice(),
        [format!("noctiluca-layout-{code}.png")]
    );
    assert_shows(&h, "Saved");

    // N: a new layout; the same by Tab and Enter on its button.
    press(&mut h, Key::N);
    let next = h.state().seeder.layout.code;
    assert_ne!(next, code);
    tab_to(&mut h, "New layout", 20);
    press(&mut h, Key::Enter);
    assert_ne!(h.state().seeder.layout.code, next);

    // A stray N, half-way through the guide: said, and Ctrl+Z brings the board back, the
    // guide at its space (one key had lost the layout on the table).
    let laid = h.state().seeder.layout.code;
    h.state_mut().seeder.guide = Some(5);
    h.run();
    press(&mut h, Key::N);
    assert_ne!(h.state().seeder.layout.code, laid);
    assert_eq!(h.state().seeder.guide, Some(0));
    assert_shows(
        &h,
        &format!("A new layout. The one before, {laid}, comes back with"),
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().seeder.layout.code, laid);
    assert_eq!(h.state().seeder.guide, Some(5));
    assert_shows(&h, &format!("Back to the layout {laid}."));
}

/// The words of the scratch file's path, and the operating system's message for a failed
/// write ("Is a directory (os error 21)"), shown as they are.
const NAMES: &[&str] = &[
    "tmp",
    "noctiluca",
    "app",
    "seeder",
    "layout",
    "png",
    "directory",
    "error",
];

#[test]
fn without_a_file_dialog_the_picture_goes_to_the_default_folder_and_says_so() {
    let dir = scratch("seeder-no-dialog");
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Seeder);
    app.shared.dialog = std::sync::Arc::new(NoDialog {
        fallback: dir.clone(),
    });
    let mut h = harness(app);
    click(&mut h, "Export PNG…");
    wait_until(&mut h, "the export's answer", |h| {
        std::fs::read_dir(&dir).unwrap().next().is_some() && shows(h, "No file dialog")
    });
    let saved: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1);
    assert!(
        saved[0].extension().is_some_and(|e| e == "png"),
        "{saved:?}"
    );
    assert_shows(&h, &format!("so it was saved in {}", saved[0].display()));
    // Not "cancelled", and said beside the button, in view.
    assert!(!shows(&h, "Export cancelled."));
    let said = h
        .get_by_label_contains("No file dialog")
        .accesskit_node()
        .bounding_box()
        .unwrap();
    assert!(said.y1 <= 800.0, "{said:?}");
    // A second export does not overwrite the first.
    click(&mut h, "Export PNG…");
    wait_until(&mut h, "the second export", |_| {
        std::fs::read_dir(&dir).unwrap().count() == 2
    });
}

/// Enter in the code field shows the layout and leaves the keyboard in the field.
#[test]
fn enter_in_the_code_field_keeps_the_keyboard_there() {
    let mut h = seeder();
    replace(&mut h, "Enter a code", "k7m2 qx9p");
    h.get_by_label("Enter a code").focus();
    h.run();
    press(&mut h, eframe::egui::Key::Enter);
    h.run();
    assert_eq!(
        h.state().seeder.layout.code,
        SeedCode::parse("K7M2-QX9P").unwrap()
    );
    assert!(
        h.get_by_label("Enter a code").is_focused(),
        "the field lost the keyboard"
    );
}

/// The layout on the screen is kept from one run to the next, a refill with its box-lid
/// counts and the placing guide at its space (a restart had dealt a new layout under someone
/// halfway through laying out the board); a kept file that does not read is moved aside and
/// said, not written over.
#[test]
fn the_layout_is_kept_for_the_next_run() {
    let dir = scratch("seeder-keep");
    let file = dir.join(noctiluca::app::seeder::KEEP_FILE);
    let open = |file: &std::path::Path| {
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Seeder);
        let said = app.seeder.keep_in(file.to_path_buf());
        (harness(app), said)
    };
    let (h, said) = open(&file);
    assert_eq!(said, None);
    // The first layout shown is kept as it is, before anything is done to it.
    let first = h.state().seeder.layout.clone();
    drop(h);
    let (mut h, _) = open(&file);
    assert_eq!(
        h.state().seeder.layout,
        first,
        "the first layout was not kept"
    );
    click(&mut h, "New layout");
    replace(&mut h, "Orange in the lid", "20");
    click(&mut h, "Lay out refill");
    click(&mut h, "Placing guide");
    click(&mut h, "Next");
    click(&mut h, "Next");
    let layout = h.state().seeder.layout.clone();
    assert!(layout.is_refill());
    drop(h);
    let (h, said) = open(&file);
    assert_eq!(said, None);
    assert_eq!(h.state().seeder.layout, layout);
    assert_eq!(h.state().seeder.guide, Some(2));
    assert_shows(&h, &layout.code.to_string());
    assert_shows(&h, "Refill's seed code");
    assert_eq!(h.state().seeder.lid[0], "20");
    drop(h);
    // Another program's file there, text or not: moved aside, said, and a layout is dealt as
    // before (bytes that were not text had been taken for no file, and written over).
    for (n, junk) in [&b"not a layout at all"[..], &[0xff, 0xfe, 0x00, 0x9c][..]]
        .into_iter()
        .enumerate()
    {
        std::fs::write(&file, junk).unwrap();
        let (h, said) = open(&file);
        let said = said.expect("the broken file is said").text();
        assert!(said.contains("could not be read"), "{said}");
        assert!(!h.state().seeder.layout.is_refill());
        drop(h);
        let aside: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name() != noctiluca::app::seeder::KEEP_FILE)
            .collect();
        assert_eq!(aside.len(), n + 1, "the broken file is kept aside");
    }
}
