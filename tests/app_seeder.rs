//! The board seeder, driven by label.

mod app_support;

use app_support::*;
use eframe::egui;
use noctiluca::app::{ScreenKind, SeederScreen};
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
    // A bad code is explained, and the layout stays.
    replace(&mut h, "Enter a code", "K7M2-QX9U");
    click(&mut h, "Show layout");
    assert_shows(&h, "is not used in seed codes");
    assert_eq!(
        h.state().seeder.layout.code,
        SeedCode::parse("K7M2-QX9P").unwrap()
    );
    // Colours only: the same layout without faces.
    click(&mut h, "Colours only");
    assert_shows(&h, "Inner space I1: orange, green, purple, blue");
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
    click(&mut h, "Lay out refill");
    assert_eq!(h.state().seeder.layout.placed(), 65);
    assert_shows(&h, "65 dice to place");
    assert_shows(
        &h,
        "Round-2 refill from the box lid: orange 20, green 18, purple 15, blue 12",
    );
    replace(&mut h, "Blue in the lid", "40");
    click(&mut h, "Lay out refill");
    assert_shows(&h, "there are 26 blue dice, not 40");
    click(&mut h, "Full set (new game)");
    assert_eq!(h.state().seeder.layout.placed(), 84);
}

#[test]
fn export_png_writes_a_printable_image() {
    let dir = scratch("seeder-png");
    let path = dir.join("layout.png");
    let dialog = fake(Some(path.clone()));
    let mut h = app_on(ScreenKind::Seeder, dialog.clone());
    click(&mut h, "Export PNG…");
    for _ in 0..200 {
        if path.exists() && h.state().seeder.status.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
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
}
