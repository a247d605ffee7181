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
    let mut h = app_on(ScreenKind::Home, fake(None));
    let root = h.root();
    assert_eq!(
        root.accesskit_node().label().as_deref(),
        Some("Noctiluca Table")
    );
    // In Chinese the name is the Chinese one, as on Home.
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    h.run();
    assert_eq!(
        h.root().accesskit_node().label().as_deref(),
        Some("繽紛夜光蟲桌面版")
    );
}

/// The live region's words: the status node a reader speaks as it changes.
fn announced(h: &egui_kittest::Harness<'_, noctiluca::app::NoctilucaApp>) -> String {
    let nodes: Vec<_> = h
        .query_all(By::new().role(egui::accesskit::Role::Status))
        .filter(|n| n.accesskit_node().live() == egui::accesskit::Live::Polite)
        .collect();
    assert_eq!(nodes.len(), 1, "one live region at the table");
    nodes[0].accesskit_node().label().unwrap_or_default()
}

/// What happens at the table is said as it happens, with the log shown or hidden: a polite
/// live region holds the lines the log gained last (a reader heard nothing of the AI's moves
/// unless it went looking in the log). A game opened says nothing of its past.
#[test]
fn what_happens_at_the_table_is_said_as_it_happens() {
    let mut app = crate::layout::started(2, &["Ana", "Bo"]);
    app.game.show_log = false;
    let g = app.game.game.as_mut().unwrap();
    g.covered = false;
    g.seats[1].ai = Some("easy".into());
    let mut h = harness(app);
    h.run();
    assert_eq!(announced(&h), "", "nothing of the game's past");
    // The jar draft's decision, then the chance it brings: the newest lines are said.
    let g = h.state().game.game.as_ref().unwrap();
    let a = g.m.state.legal_actions()[0];
    let before = g.log.len();
    h.state_mut().game.act(a, 0.0);
    h.run();
    // The AI's answer is worked out on another thread: until it is in, lines may still come.
    crate::game::until_human(&mut h);
    h.run();
    let g = h.state().game.game.as_ref().unwrap();
    assert!(g.log.len() > before, "the decision was logged");
    let names = g.names();
    let newest = g.log.last().unwrap().words(&g.m.state.comps, &names);
    let said = announced(&h);
    assert!(
        said.ends_with(&newest),
        "{said:?} does not end with {newest:?}"
    );
    // Nothing new, nothing changes (a reader says it once).
    h.run();
    assert_eq!(announced(&h), said);
}
