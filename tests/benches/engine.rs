//! Random full games, as fast as the engine plays them. Goal: 100,000 four-player games per
//! second per core (release).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use noctiluca::engine::{Components, GameConfig, GameState};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::Arc;

/// One random game: chance by its probabilities, decisions uniformly at random.
fn random_game(
    base: &GameState,
    rng: &mut ChaCha8Rng,
    buf: &mut Vec<noctiluca::engine::Action>,
) -> i64 {
    let mut s = base.clone();
    while !s.is_over() {
        if s.play_chance_run(rng, |_| {}) > 0 {
            continue;
        }
        s.legal_actions_into(buf);
        let a = buf[rng.random_range(0..buf.len())];
        s.apply_quiet(&a).expect("legal");
    }
    s.final_score().players[0].total
}

fn bench(c: &mut Criterion) {
    let comps = Arc::new(Components::default());
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    for (name, cfg) in [
        ("4_players", GameConfig::players(4)),
        ("2_players", GameConfig::players(2)),
        ("solo", GameConfig::solo()),
    ] {
        let base = GameState::new(cfg, Arc::clone(&comps)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut buf = Vec::with_capacity(160);
        group.bench_function(name, |b| {
            b.iter(|| black_box(random_game(&base, &mut rng, &mut buf)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
