//! What a screen reader is told beyond the names the other tests find widgets by: a page's
//! headings are headings, and a Home entry's line under its title is its description.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::kittest::{By, NodeT, Queryable};
use noctiluca::app::ScreenKind;

/// The headings on the screen, by name, in order.
fn headings(h: &egui_kittest::Harness<'_, noctiluca::app::NoctilucaApp>) -> Vec<String> {
    h.query_all(By::new().role(egui::accesskit::Role::Heading))
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect()
}

#[test]
fn screen_titles_are_headings_with_their_words() {
    let h = app_on(ScreenKind::Settings, fake(None));
    assert_eq!(headings(&h), ["Settings"]);
    let h = app_on(ScreenKind::About, fake(None));
    assert_eq!(headings(&h), ["Noctiluca Table", "Component data"]);
    let mut h = app_on(ScreenKind::Play, fake(None));
    h.run();
    assert!(
        headings(&h).contains(&"New game".to_string()),
        "{:?}",
        headings(&h)
    );
}

#[test]
fn a_home_entry_is_described_by_the_line_under_its_title() {
    let h = app_on(ScreenKind::Home, fake(None));
    let node = h.get_by_label("Play");
    assert_eq!(
        node.accesskit_node().description().as_deref(),
        Some("The whole game on one computer: solo or 2–4 seats, people and AI players.")
    );
}

/// The window is named as its title bar names it (a reader announced a nameless frame).
#[test]
fn the_window_has_the_app_s_name() {
    let h = app_on(ScreenKind::Home, fake(None));
    let root = h.root();
    assert_eq!(
        root.accesskit_node().label().as_deref(),
        Some("Noctiluca Table")
    );
}
