//! Settings: the text size (the zoom of the whole window) set on the screen, by Ctrl+Plus and
//! Ctrl+Minus, and from the settings file.

use crate::app_support::*;
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::{NoctilucaApp, ScreenKind, Settings};

fn text_size(h: &egui_kittest::Harness<'_, NoctilucaApp>) -> (u16, f32) {
    (h.state().shared.settings.text_size, h.ctx.zoom_factor())
}

#[test]
fn the_text_size_zooms_the_window_and_follows_the_zoom_keys() {
    let mut h = app_on(ScreenKind::Settings, fake(None));
    assert_eq!(text_size(&h), (100, 1.0));
    assert!(
        h.get_by_label("Back to 100%")
            .accesskit_node()
            .is_disabled()
    );
    // By keyboard on the slider, named for a screen reader.
    h.get_by_role_and_label(egui::accesskit::Role::Slider, "Text size")
        .focus();
    h.run();
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::ArrowRight);
    assert_eq!(text_size(&h), (120, 1.2));
    // Home and End: its ends.
    press(&mut h, Key::End);
    assert_eq!(text_size(&h), (200, 2.0));
    press(&mut h, Key::Home);
    assert_eq!(text_size(&h), (80, 0.8));
    for _ in 0..4 {
        press(&mut h, Key::ArrowRight);
    }
    assert_eq!(text_size(&h), (120, 1.2));
    // egui's zoom keys change the setting as well, within its range.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    h.run();
    assert_eq!(text_size(&h), (110, 1.1));
    for _ in 0..20 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
        h.run();
    }
    assert_eq!(text_size(&h), (200, 2.0));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    h.run();
    assert_eq!(text_size(&h), (100, 1.0));
    for _ in 0..5 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
        h.run();
    }
    assert_eq!(text_size(&h), (80, 0.8));
    click(&mut h, "Back to 100%");
    assert_eq!(text_size(&h), (100, 1.0));
}

#[test]
fn the_text_size_comes_from_the_settings_file_within_its_range() {
    let dir = scratch("settings-text-size");
    let file = dir.join("settings.ron");
    let mut s = Settings {
        text_size: 130,
        ..Settings::default()
    };
    noctiluca::app::settings::write_settings_file(&file, &s).unwrap();
    let back = noctiluca::app::startup_settings(Some(&file), None).settings;
    assert_eq!(back, s);
    // A later version's file with the text size among fields this one does not know.
    std::fs::write(&file, "(text_size: 150, future_option: 7)").unwrap();
    let found = noctiluca::app::startup_settings(Some(&file), None);
    assert_eq!(found.notice, None);
    assert_eq!(found.settings.text_size, 150);
    // An earlier version's file has none: 100%.
    std::fs::write(&file, "(language: En, glyphs: true, remember_window: true)").unwrap();
    assert_eq!(
        noctiluca::app::startup_settings(Some(&file), None)
            .settings
            .text_size,
        100
    );
    // Out of range (edited by hand): the nearest size offered.
    for (written, used) in [(500, 200), (10, 80), (130, 130)] {
        s.text_size = written;
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
        app.shared.settings = s.clone();
        let mut h = harness(app);
        h.run();
        assert_eq!(text_size(&h), (used, used as f32 / 100.0), "{written}");
        // Home is still drawn whole at that size.
        assert!(h.query_by_label("Settings").is_some());
    }
}

/// Reduce motion: the window's panels and scrolling move at once, a delivered token does not
/// fly, and the solo companion's die lands at once; off again, the theme's motion is back.
#[test]
fn reduce_motion_stills_the_window() {
    let mut h = app_on(ScreenKind::Settings, fake(None));
    // The test context starts without motion: give it the window's.
    let own = 0.25;
    h.ctx.all_styles_mut(|s| s.animation_time = own);
    h.state_mut().settings_screen = noctiluca::app::SettingsScreen::default();
    h.run();
    assert_eq!(h.ctx.global_style().animation_time, own);
    click(&mut h, "Reduce motion");
    assert!(h.state().shared.settings.reduce_motion);
    assert_eq!(h.ctx.global_style().animation_time, 0.0);
    // The solo companion's die, with its animation on, lands at once.
    h.state_mut().solo.animate = true;
    h.state_mut()
        .run_command(Some(noctiluca::app::Command::Open(ScreenKind::Solo)));
    h.run();
    crate::solo::app_rolls_the_first_die(&mut h);
    assert!(!shows(&h, "The black die is rolling"));
    assert_shows(&h, "Clear space ");
    // A token delivered at the table does not fly.
    let mut game = noctiluca::app::GameScreen::new(
        std::sync::Arc::new(noctiluca::engine::Components::default()),
        None,
    );
    game.setup.players = 2;
    game.setup.seats[1].ai = Some(1);
    h.state_mut().game = game;
    h.state_mut()
        .run_command(Some(noctiluca::app::Command::Open(ScreenKind::Play)));
    h.run();
    click(&mut h, "Start the game");
    if let Some(g) = h.state_mut().game.game.as_mut() {
        g.flights.push(noctiluca::app::game::Flight {
            seat: 0,
            colour: noctiluca::engine::JarColour::Gold,
            value: 2,
            start: 0.0,
        });
    }
    h.step();
    assert!(h.state().game.game.as_ref().unwrap().flights.is_empty());
    // Back on: the theme's own motion.
    h.state_mut().shared.settings.reduce_motion = false;
    h.run();
    assert_eq!(h.ctx.global_style().animation_time, own);
}

/// The AI pace set at one table is kept with the settings (and so from one run to the next)
/// and is the pace at every table.
#[test]
fn the_ai_pace_is_kept_and_shared_by_the_tables() {
    let mut s = Settings {
        ai_pace_tenths: 15,
        ..Settings::default()
    };
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.shared.settings = s.clone();
    let mut h = harness(app);
    h.run();
    assert_eq!(h.state().game.pace, 1.5, "the kept pace at the table");
    assert_eq!(h.state().online.play.pace, 1.5);
    // Moved at the tutorial's table: the setting, and every table, follow.
    h.state_mut().tutorial.play.pace = 2.3;
    h.run();
    assert_eq!(h.state().shared.settings.ai_pace_tenths, 23);
    assert_eq!(h.state().game.pace, 2.3);
    // Written and read back with the other settings.
    s = Settings::from_ron(&h.state().shared.settings.to_ron()).unwrap();
    assert_eq!(s.ai_pace_tenths, 23);
}

/// "Reset window size now" asks for 1280×800 pixels whatever the text size: a size in points
/// is multiplied by it, and at 150% the window had become 1920×1200, past the screen.
#[test]
fn reset_window_size_asks_for_the_same_pixels_at_any_text_size() {
    let mut h = app_on(ScreenKind::Settings, fake(None));
    h.state_mut().shared.settings.text_size = 150;
    h.run();
    assert_eq!(text_size(&h), (150, 1.5));
    h.get_by_label("Reset window size now").scroll_to_me();
    h.run();
    h.get_by_label("Reset window size now").click();
    h.step();
    let asked: Vec<egui::Vec2> = h.output().viewport_output[&egui::ViewportId::ROOT]
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::ViewportCommand::InnerSize(size) => Some(*size),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "{asked:?}");
    let pixels = asked[0] * h.ctx.zoom_factor();
    assert!(
        (pixels - egui::vec2(1280.0, 800.0)).length() < 0.5,
        "{pixels:?}"
    );
}

/// The glyphs setting says what it changes: the shapes on the board and the cards are always
/// there (turned off, it had seemed to change nothing).
#[test]
fn the_glyphs_setting_says_what_it_changes() {
    let h = app_on(ScreenKind::Settings, fake(None));
    assert_shows(
        &h,
        "Dice, jars and tokens always show their shape on the board and the cards. On, colour words in the text show it too",
    );
}
