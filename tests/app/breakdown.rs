//! The score breakdown gives long names the room it has: a winner's "✔ Christopher
//! Robinson" had been cut to 100 points beside empty space.

use crate::app_support::*;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::{NoctilucaApp, ScreenKind};

/// The width of the breakdown's cell that holds `name` (with its winner's mark, if any):
/// from the breakdown's "Player" down to the "Majorities" under it, left of the game log (the
/// players' column at a table).
fn name_cell_width(h: &egui_kittest::Harness<'_, NoctilucaApp>, name: &str) -> f64 {
    let at = |label: &str| {
        h.query_all_by_value(label)
            .filter_map(|n| n.accesskit_node().bounding_box())
            .next()
    };
    let player = at("Player").unwrap();
    let (top, bottom) = (player.y0, at("Majorities").unwrap().y0);
    let edge = at("Game log").map_or(f64::MAX, |b| b.x0);
    let won = format!("✔ {name}");
    h.query_all_by_value(name)
        .chain(h.query_all_by_value(&won))
        .filter(|n| n.accesskit_node().role() == eframe::egui::accesskit::Role::Label)
        .filter_map(|n| n.accesskit_node().bounding_box())
        .filter(|b| b.y1 > top && b.y0 < bottom && b.x0 >= player.x0 && b.x1 < edge)
        .map(|b| b.width())
        .fold(0.0, f64::max)
}

/// At the end of a game (the table's middle column, a column a player): a winner's long name
/// takes the room beside it ("✔ Christop…" beside 200 empty points, an AI's seat named).
#[test]
fn at_the_end_of_a_game_a_long_name_takes_the_room_beside_it() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game.animate = false;
    let setup = &mut app.game.setup;
    setup.players = 2;
    setup.seats[0].name = "Christopher Robinson".into();
    setup.seats[0].ai = Some(1);
    setup.seats[1].ai = Some(0);
    setup.seed_text = "K7M2-QX9P".into();
    app.game.start().unwrap();
    let mut h = harness_sized(app, 1280.0, 800.0);
    for _ in 0..3000 {
        let g = h.state_mut().game.game.as_mut().unwrap();
        if g.m.state.is_over() {
            break;
        }
        g.skip_ai = true;
        h.step();
    }
    h.run();
    assert!(h.state().game.game.as_ref().unwrap().m.state.is_over());
    let w = name_cell_width(&h, "Christopher Robinson");
    assert!(w > 150.0, "the name's cell is {w} wide");
}

/// At the end each seat shows what its majorities took from the stacks (the stacks said
/// "empty after the majority", and no seat showed where those tokens went).
#[test]
fn at_the_end_each_seat_shows_what_its_majorities_took() {
    let mut h = crate::game::ada_and_bea();
    // A seed of its own, so that each run plays the same game.
    replace(&mut h, "Seed code (optional)", "BACK-0002");
    click(&mut h, "Start the game");
    for _ in 0..3000 {
        if !crate::game::play_one(&mut h, false) {
            break;
        }
    }
    h.run();
    let g = h.state().game.game.as_ref().unwrap();
    assert!(g.m.state.is_over());
    let mut lines = 0;
    for m in g.m.state.final_score().majorities {
        for leader in &m.leaders {
            let noctiluca::engine::scoring::Holder::Player(_) = leader else {
                continue;
            };
            let colour = noctiluca::app::theme::jar_name(m.colour);
            let line = match m.each {
                0 => continue,
                1 => format!("{colour} majority: 1 token from the stack, 1 point"),
                n => format!("{colour} majority: {n} tokens from the stack, 1 point each"),
            };
            // Once under each leader's tokens.
            assert!(shows(&h, &line), "{line}");
            lines += 1;
        }
    }
    let shown = h
        .query_all_by_label_contains(" from the stack, 1 point")
        .count();
    assert_eq!(shown, lines);
    assert!(lines > 0, "no majority took a token");
}
