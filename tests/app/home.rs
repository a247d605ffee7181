//! Home: only the modes that are built are offered, each opens and Escape comes back, with
//! the keyboard on the entry left when the keyboard is in use.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use noctiluca::app::{NoctilucaApp, ScreenKind};

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
    // On the keyboard (a Tab moved it).
    h.key_press(egui::Key::Tab);
    h.run();
    for (button, screen) in entries.clone() {
        h.get_by_label(button).focus();
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert_eq!(h.state().current, screen);
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(h.state().current, ScreenKind::Home, "Esc from {button}");
        // Back on Home, the keyboard is on the entry it left by (Tab started at the top).
        assert!(
            h.get_by_label(button).is_focused(),
            "{button} has the keyboard"
        );
    }
    // With the mouse (a press of its button), no entry is picked out on coming back: a
    // focused entry is drawn pressed.
    let (button, _) = entries.clone().next().unwrap();
    h.event(egui::Event::PointerButton {
        pos: egui::pos2(5.0, 790.0),
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: egui::pos2(5.0, 790.0),
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    click(&mut h, button);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Home);
    assert!(!h.get_by_label(button).is_focused(), "{button} picked out");
    click(&mut h, "About");
    assert_shows(&h, "Licence: MIT or Apache-2.0");
    assert_shows(&h, "jar-deck.ron");
    click(&mut h, "← Home");
    assert_eq!(h.state().current, ScreenKind::Home);
}
