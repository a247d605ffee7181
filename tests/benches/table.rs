//! Frame time of the Play table: a 4-seat game at a dive, with a shore and path chosen and the
//! dive preview open, drawn headlessly (layout and painting, without the GPU). Goal: 4 ms.

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::{NoctilucaApp, RfdSaveDialog, ScreenKind, theme};
use noctiluca::engine::board::PathKind;
use noctiluca::engine::{Components, Decision, ToAct};
use std::sync::Arc;

fn table_at_a_dive() -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(Arc::new(RfdSaveDialog), ScreenKind::Play);
    app.game = noctiluca::app::game::GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    app.game.setup.players = 4;
    for s in &mut app.game.setup.seats {
        s.ai = None;
    }
    app.game.setup.seed_text = "FAST-0001".into();
    app.game.start().expect("a new game starts");
    // Every seat is a person: take the first legal option until the first dive.
    loop {
        app.game.tick(0.0);
        let g = app.game.game.as_mut().expect("a game");
        g.covered = false;
        if g.m.state.decision() == Decision::Dive {
            break;
        }
        assert!(
            matches!(g.m.state.to_act(), ToAct::Seat(_)),
            "only people here"
        );
        let a = g.m.state.legal_actions()[0];
        app.game.act(a, 0.0);
    }
    // The seat to dive becomes the viewer; the cover screen is passed.
    app.game.tick(0.0);
    let g = app.game.game.as_mut().expect("a game");
    assert!(g.viewer.is_some());
    g.covered = false;
    g.pick.shore = Some(2);
    g.pick.path = Some(PathKind::Long);
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(theme::install)
        .build_ui_state(|ui, app: &mut NoctilucaApp| app.show(ui), app)
}

fn bench(c: &mut Criterion) {
    let mut h = table_at_a_dive();
    h.run_steps(3);
    // What is measured is the table itself, with the preview and the chosen path.
    assert!(h.query_by_label_contains("Dive preview").is_some());
    assert!(h.query_by_label_contains("Pass to").is_none());
    c.bench_function("play_table_frame", |b| b.iter(|| h.step()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
