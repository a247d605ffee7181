//! Language and keyboard across the whole app: every screen in Traditional Chinese with every
//! string translated and every glyph in the app's fonts, and every mode reached without a mouse.

mod app_support;

use app_support::*;
use eframe::egui;
use noctiluca::app::ScreenKind;
use noctiluca::app::home::{EXTRAS, MODES};

#[test]
fn every_mode_is_reached_by_keyboard_alone() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    h.run();
    for m in MODES.iter().chain(EXTRAS) {
        tab_to(&mut h, m.title, 20);
        press(&mut h, egui::Key::Enter);
        assert_eq!(h.state().current, m.screen, "Enter on {:?}", m.title);
        // Escape goes back (a first press may only leave a focused field).
        for _ in 0..3 {
            if h.state().current == ScreenKind::Home {
                break;
            }
            press(&mut h, egui::Key::Escape);
        }
        assert_eq!(h.state().current, ScreenKind::Home, "Esc from {:?}", m.title);
    }
}
