//! Random full games, as fast as the engine plays them (goal: 100,000 four-player games per
//! second per core, release); the pieces of one — legal decisions with apply, an observation
//! built, an observation updated in place — and a hard:300 move (300 search iterations; goal
//! 4 ms).

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

/// A 4-player game some way in (turn 5 of round 1), seat to act a person.
fn mid_game() -> GameState {
    let comps = Arc::new(Components::default());
    let mut s = GameState::new(GameConfig::players(4), comps).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut buf = Vec::new();
    while !(s.turn >= 4 && s.decision() == noctiluca::engine::Decision::Dive) {
        if s.play_chance_run(&mut rng, |_| {}) > 0 {
            continue;
        }
        s.legal_actions_into(&mut buf);
        let a = buf[rng.random_range(0..buf.len())];
        s.apply_quiet(&a).unwrap();
    }
    s
}

fn pieces(c: &mut Criterion) {
    use noctiluca::ai::Bot;
    use noctiluca::ai::mcts::{HardBot, SearchLimits};
    let s = mid_game();
    let mut group = c.benchmark_group("engine");
    let mut buf = Vec::with_capacity(160);
    group.bench_function("legal_and_apply", |b| {
        b.iter(|| {
            let mut t = s.clone();
            t.legal_actions_into(&mut buf);
            t.apply_quiet(&buf[0]).unwrap();
            black_box(t.turn)
        })
    });
    let seat = match s.to_act() {
        noctiluca::engine::ToAct::Seat(x) => x,
        _ => 0,
    };
    group.bench_function("observation", |b| {
        b.iter(|| black_box(s.observation(Some(seat))))
    });
    // As the play loop does it: the same observation updated in place.
    let mut obs = s.observation(Some(seat));
    group.bench_function("observe_into", |b| {
        b.iter(|| {
            s.observe_into(Some(seat), &mut obs);
            black_box(obs.turn)
        })
    });
    group.finish();
    let mut group = c.benchmark_group("search");
    group.sample_size(20);
    // Criterion's throughput line is then search iterations per second (one iteration: a
    // determinization, a walk down the tree, a greedy playout of six dives and its score).
    group.throughput(Throughput::Elements(300));
    let obs = s.observation(Some(seat));
    let legal = s.legal_actions();
    group.bench_function("hard_300_move", |b| {
        b.iter(|| {
            let mut bot = HardBot::new(
                3,
                SearchLimits {
                    iterations: 300,
                    time: None,
                },
            );
            black_box(bot.choose(&obs, &legal))
        })
    });
    group.finish();
}

criterion_group!(benches, bench, pieces);
criterion_main!(benches);
