//! The game log beside the table: scrolled back, it stays where it is as lines come, and says
//! how many came below (new lines went out of sight without a word).

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::NoctilucaApp;

/// The table shown to whoever is to act (two people at one window: it is covered between).
fn uncover(h: &mut Harness<'static, NoctilucaApp>) {
    let g = h.state_mut().game.game.as_mut().unwrap();
    if let Some(s) = g.to_act() {
        g.viewer = Some(s);
    }
    g.covered = false;
    h.run();
}

/// One decision of whoever is to act, and the frames after it, the table uncovered.
fn one_decision(h: &mut Harness<'static, NoctilucaApp>) {
    let g = h.state().game.game.as_ref().unwrap();
    if let Some(&a) = g.m.state.legal_actions().first()
        && g.to_act().is_some()
    {
        h.state_mut().game.act(a, 0.0);
    }
    uncover(h);
}

fn log_len(h: &Harness<'_, NoctilucaApp>) -> usize {
    h.state().game.game.as_ref().unwrap().log.len()
}

#[test]
fn a_log_scrolled_back_says_what_came_below() {
    let mut app = crate::layout::started(2, &["Ana", "Bo"]);
    app.game.show_log = true;
    // Two people (lines come only from the decisions played here).
    app.game.game.as_mut().unwrap().covered = false;
    let mut h = harness_sized(app, 1280.0, 800.0);
    uncover(&mut h);
    assert_shows(&h, "Game log");
    // Enough lines that the log scrolls.
    while log_len(&h) < 40 {
        one_decision(&mut h);
    }
    assert!(h.query_by_label_contains("new line").is_none());
    // Scrolled back by the wheel, over the log.
    scroll_back(&mut h);
    let before = log_len(&h);
    while log_len(&h) < before + 3 {
        one_decision(&mut h);
    }
    let said = h
        .query_all_by_label_contains(" new lines below")
        .next()
        .expect("the lines below are counted")
        .accesskit_node()
        .label()
        .unwrap_or_default()
        .to_string();
    let came: usize = said
        .trim_start_matches("↓ ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(came, log_len(&h) - before, "{said}");
    // Pressed: the log goes to its end, and the count goes.
    click(&mut h, &said);
    h.run();
    assert!(h.query_by_label_contains("new line").is_none());
    // At its end, it follows the game again without a word.
    one_decision(&mut h);
    assert!(h.query_by_label_contains("new line").is_none());
}

/// Scroll the log back by the wheel over it.
fn scroll_back(h: &mut Harness<'static, NoctilucaApp>) {
    let title = h.get_by_label("Game log").rect();
    let over = title.center() + egui::vec2(0.0, 60.0);
    wheel(h, over, 20.0);
}

/// The next person at the table reads the log from its newest line: scrolled back by the one
/// before, it had stayed there, what the others did out of sight below.
#[test]
fn the_log_goes_to_its_newest_line_for_the_next_person() {
    let mut app = crate::layout::started(2, &["Ana", "Bo"]);
    app.game.show_log = true;
    app.game.game.as_mut().unwrap().covered = false;
    let mut h = harness_sized(app, 1280.0, 800.0);
    uncover(&mut h);
    while log_len(&h) < 40 {
        one_decision(&mut h);
    }
    scroll_back(&mut h);
    let before = log_len(&h);
    while log_len(&h) < before + 3 {
        one_decision(&mut h);
    }
    assert!(h.query_by_label_contains("new line").is_some());
    // The table covered for the next person, who passes the cover.
    let next = {
        let g = h.state_mut().game.game.as_mut().unwrap();
        g.covered = true;
        g.name(g.viewer.unwrap())
    };
    h.run();
    click(&mut h, &format!("Pass to {next} — press to continue"));
    h.run();
    assert!(
        h.query_by_label_contains("new line").is_none(),
        "the log is at its newest line"
    );
}
