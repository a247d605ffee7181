//! The History and Statistics screens opened on 10,000 recorded games (random 4-player games
//! with their full logs, spread over two years, named among a dozen people). Goal: each opens
//! in under 100 ms — the database opened, the newest page of games or a person's statistics
//! read, and the first frame drawn.
//!
//! The database is built once (about half a minute) and kept in the system's temporary folder
//! for later runs.

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::history::HistoryScreen;
use noctiluca::app::{NoctilucaApp, RfdSaveDialog, ScreenKind, theme};
use noctiluca::engine::{Components, GameConfig, Match, ToAct};
use noctiluca::history::{Filter, GameEntry, History, Mode};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const GAMES: usize = 10_000;
const PEOPLE: [&str; 12] = [
    "Adam", "Bridget", "Char", "Dov", "Elif", "Farah", "Gus", "Hana", "Ines", "Jun", "Kofi", "Lin",
];

fn database() -> PathBuf {
    let path = std::env::temp_dir().join("noctiluca-bench-history-10k.sqlite");
    let full = History::open(&path)
        .and_then(|h| {
            h.games(&Filter {
                limit: Some(GAMES as u32),
                ..Filter::default()
            })
        })
        .is_ok_and(|g| g.len() >= GAMES);
    if !full {
        build(&path);
    }
    path
}

fn build(path: &Path) {
    for f in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{f}", path.display()));
    }
    eprintln!("building {GAMES} games in {}", path.display());
    let mut h = History::open(path).expect("a new history");
    let comps = Components::default();
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let start = 1_735_689_600; // 2025-01-01
    for k in 0..GAMES {
        let mut m = Match::new(GameConfig::players(4), comps.clone(), k as u64).unwrap();
        while !m.state.is_over() {
            if m.state.to_act() == ToAct::Chance {
                m.run_chance_quiet();
                continue;
            }
            let legal = m.state.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            m.apply_quiet(a).unwrap();
        }
        let mut rec = m.to_record();
        let first = rng.random_range(0..PEOPLE.len());
        rec.names = (0..4)
            .map(|s| PEOPLE[(first + s * 5) % PEOPLE.len()].to_string())
            .collect();
        let at = start + (k as i64) * 6_300;
        let e = GameEntry::from_log(&rec, Mode::Imported, at).expect("a finished game");
        h.record(&e).unwrap();
    }
}

fn app_on(db: &Path, screen: ScreenKind) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(Arc::new(RfdSaveDialog), screen);
    app.history = HistoryScreen::new(Some(db.to_path_buf()));
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(theme::install)
        .build_ui_state(|ui, app: &mut NoctilucaApp| app.show(ui), app)
}

fn bench(c: &mut Criterion) {
    let db = database();
    let mut group = c.benchmark_group("history_10k");
    group.sample_size(20);
    // What is measured: a new screen on the file, up to its first frame drawn.
    for (name, screen, shows) in [
        ("open_history", ScreenKind::History, "Score sheet"),
        ("open_statistics", ScreenKind::Statistics, "Adam:"),
    ] {
        let h = app_on(&db, screen);
        assert!(
            h.query_all_by_label_contains(shows).next().is_some(),
            "{name}: {shows} not shown"
        );
        group.bench_function(name, |b| b.iter_with_large_drop(|| app_on(&db, screen)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
