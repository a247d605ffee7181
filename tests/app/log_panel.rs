//! The game log beside the table: scrolled back, it stays where it is as lines come, and says
//! how many came below (new lines went out of sight without a word).

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::NoctilucaApp;

/// One decision of whoever is to act (the table kept uncovered), and the frames after it.
fn one_decision(h: &mut Harness<'static, NoctilucaApp>) {
    let g = h.state_mut().game.game.as_mut().unwrap();
    g.covered = false;
    if let Some(&a) = g.m.state.legal_actions().first()
        && g.to_act().is_some()
    {
        h.state_mut().game.act(a, 0.0);
    }
    h.run();
}

fn log_len(h: &Harness<'_, NoctilucaApp>) -> usize {
    h.state().game.game.as_ref().unwrap().log.len()
}

#[test]
fn a_log_scrolled_back_says_what_came_below() {
    let mut app = crate::layout::started(2, &["Ana", "Bo"]);
    app.game.show_log = true;
    let g = app.game.game.as_mut().unwrap();
    g.covered = false;
    g.seats[1].ai = Some("easy".into());
    let mut h = harness_sized(app, 1280.0, 800.0);
    h.run();
    assert_shows(&h, "Game log");
    // Enough lines that the log scrolls.
    while log_len(&h) < 40 {
        one_decision(&mut h);
    }
    assert!(h.query_by_label_contains("new line").is_none());
    // Scrolled back by the wheel, over the log.
    let title = h.get_by_label("Game log").rect();
    let over = title.center() + egui::vec2(0.0, 60.0);
    h.event(egui::Event::PointerMoved(over));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, 20.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    let before = log_len(&h);
    while log_len(&h) < before + 3 {
        one_decision(&mut h);
    }
    let came = log_len(&h) - before;
    assert_shows(&h, &format!("↓ {came} new lines below"));
    // Pressed: the log goes to its end, and the count goes.
    click(&mut h, &format!("↓ {came} new lines below"));
    h.run();
    assert!(h.query_by_label_contains("new line").is_none());
    // At its end, it follows the game again without a word.
    one_decision(&mut h);
    assert!(h.query_by_label_contains("new line").is_none());
}
