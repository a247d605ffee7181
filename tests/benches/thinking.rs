//! The Play table's frames while Hard bots think on every core: two Hard seats play each
//! other (20,000 iterations a move, so a search is always running), and from the first dive
//! on 600 frames are drawn headlessly, each timed. The window must keep 60 frames a second:
//! it prints the median, the 95th percentile, the worst frame and the share of frames drawn
//! within 16.7 ms. (Not a criterion benchmark: what matters is every frame while the search
//! runs, not a mean over repeats.)

use eframe::egui;
use egui_kittest::Harness;
use noctiluca::app::{NoctilucaApp, RfdSaveDialog, ScreenKind, theme};
use noctiluca::engine::Components;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let mut app = NoctilucaApp::for_tests(Arc::new(RfdSaveDialog), ScreenKind::Play);
    app.game = noctiluca::app::game::GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    app.game.setup.players = 2;
    for s in &mut app.game.setup.seats {
        s.ai = Some(3);
    }
    app.game.setup.seed_text = "FAST-0001".into();
    app.game.start().expect("a new game starts");
    for g in app.game.game.iter_mut() {
        for i in 0..g.seats.len() {
            g.seats[i].ai = Some("hard:20000".into());
            let bot = noctiluca::ai::make_bot("hard:20000", i as u64).expect("a level");
            g.set_bot(i as u8, bot);
        }
    }
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(theme::install)
        .build_ui_state(|ui, app: &mut NoctilucaApp| app.show(ui), app);
    h.run_steps(3);
    // The dives are what the table draws most of (the draft before them is lighter).
    while !h
        .state()
        .game
        .game
        .as_ref()
        .is_some_and(|g| g.m.state.decision() == noctiluca::engine::Decision::Dive)
    {
        h.step();
    }
    let mut times = Vec::new();
    let mut thinking = 0;
    while times.len() < 600 {
        let busy = h
            .state()
            .game
            .game
            .as_ref()
            .is_some_and(|g| g.thinking().is_some());
        let t = Instant::now();
        h.step();
        let dt = t.elapsed().as_secs_f64() * 1000.0;
        if busy {
            times.push(dt);
            thinking += 1;
        }
        if h.state()
            .game
            .game
            .as_ref()
            .is_some_and(|g| g.m.state.is_over())
        {
            break;
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    let within = times.iter().filter(|&&t| t <= 1000.0 / 60.0).count();
    println!(
        "frames while a bot thinks: {thinking}; median {:.2} ms, 95th percentile {:.2} ms, worst {:.2} ms; within 16.7 ms: {:.1}%",
        at(0.5),
        at(0.95),
        at(1.0),
        100.0 * within as f64 / times.len().max(1) as f64
    );
}
