//! The score breakdown gives long names the room it has: a winner's "✔ Christopher
//! Robinson" had been cut to 100 points beside empty space.

use crate::app_support::*;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::calculator::{CalculatorScreen, Sheet};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::ScoreInput;

/// The width of the breakdown's cell that holds `name` (with its winner's mark, if any).
fn name_cell_width(h: &egui_kittest::Harness<'_, NoctilucaApp>, name: &str) -> f64 {
    h.query_all_by_value(name)
        .chain(h.query_all_by_value(&format!("✔ {name}")))
        .filter(|n| n.accesskit_node().role() == eframe::egui::accesskit::Role::Label)
        .filter_map(|n| n.accesskit_node().bounding_box())
        .map(|b| b.width())
        .fold(0.0, f64::max)
}

#[test]
fn a_long_name_is_whole_where_the_row_has_room() {
    let mut input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    input.players.truncate(2);
    input.players[0].name = "Christopher Robinson".into();
    input.players[1].name = "Bo".into();
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
    app.calculator = CalculatorScreen::with_sheet(Sheet::from_input(&input));
    let mut h = harness_sized(app, 1280.0, 2400.0);
    h.run();
    let name = &input.players[0].name;
    let whole = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(
            format!("✔ {name}"),
            eframe::egui::FontId::proportional(14.0),
            Default::default(),
        )
        .size()
        .x
    });
    let w = name_cell_width(&h, name);
    assert!(w > 100.0, "the name's cell is {w} wide, cut at 100");
    assert!(
        w + 1.0 >= whole as f64 * 0.95,
        "the name's cell is {w} wide, the name {whole}"
    );
}
