//! Expert's evaluation: every seat's final score predicted by a linear model of features of the
//! position, fitted by least squares to self-play games (`examples/fit_eval.rs` plays them and
//! writes the weights into `fitted_weights.rs`). Hard scores with the hand-tuned `margin`
//! instead.
//!
//! Each feature comes twice, as it is and times the game's progress (0..1), so that a weight
//! can change over the game (a lead in a majority is worth more near the end, a half-full jar
//! less). There is one table per table size (solo, 2, 3, 4 players): passing, majorities and
//! the tempest weigh differently at each. The solo table predicts the net score (the tempest's
//! penalty taken off): what the tempest holds so far (its dice and tokens) is a feature of its
//! own there, so a move that feeds the tempest is judged the worse for it before the game ends.

use super::fitted_weights::{WEIGHTS, WIN_SCALE};
use super::heuristic::{
    DiveTable, delivery_value, dive_table, progress, seat_value, tempest_penalty, turns_left,
};
use crate::engine::components::TOKENS_PER_STACK;
use crate::engine::dive::room;
use crate::engine::{CardId, GameState, JarColour, Seat};

/// Features of a seat before the progress interactions.
pub const BASE: usize = 18;

/// The model's inputs: `BASE` features, then the same times progress.
pub const FEATURES: usize = 2 * BASE;

/// What the features are, in order (for the generator's report).
pub const NAMES: [&str; BASE] = [
    "one",
    "token points",
    "delivered bonus and favourite",
    "delivered jars",
    "majority lead (tokens left)",
    "majority tie (tokens left)",
    "majority behind (tokens left)",
    "tokens held",
    "dice on jars",
    "jars: delivery x fill^2",
    "jars: delivery x fill",
    "jars: empty spaces",
    "jars: delivery value",
    "jars: reachable delivery value",
    "own turns left",
    "best dive's storable dice",
    "hand-tuned seat value",
    "solo: the tempest's penalty so far",
];

/// The most dice any one dive in `table` would let `seat` store right away.
fn best_fit(s: &GameState, seat: Seat, table: &DiveTable) -> f32 {
    let r = room(&s.players[seat as usize].jars);
    let mut best = 0u32;
    for shore in table {
        for path in shore {
            for hand in path {
                let n: u32 = (0..4).map(|c| hand[c].min(r[c]) as u32).sum();
                best = best.max(n);
            }
        }
    }
    best as f32
}

/// The model's inputs for `seat` in `s`; `table` is the dives of `s`'s pool.
pub fn features(s: &GameState, seat: Seat, table: &DiveTable) -> [f32; FEATURES] {
    let p = &s.players[seat as usize];
    let fav = s.secrets[seat as usize].favourite;
    let mut x = [0.0f32; FEATURES];
    x[0] = 1.0;
    let mut tokens_held = 0u32;
    for c in JarColour::ALL {
        let stack = s.comps.tokens.stack(c);
        let mine = p.tokens[c.index()];
        tokens_held += mine.count_ones();
        for (i, val) in stack.iter().enumerate() {
            if mine & (1 << i) != 0 {
                x[1] += *val as f32;
            }
        }
    }
    let mut d = p.delivered;
    while d != 0 {
        let k = s.comps.card(d.trailing_zeros() as CardId);
        d &= d - 1;
        x[2] += k.bonus as f32 + fav.map_or(0.0, |f| k.needs[f.index()] as f32);
        x[3] += 1.0;
    }
    for c in 0..3 {
        let mine = p.tokens[c].count_ones();
        if mine == 0 {
            continue;
        }
        let best_other = if s.is_solo() {
            s.tempest_tokens[c].count_ones()
        } else {
            (0..s.players.len())
                .filter(|&o| o != seat as usize)
                .map(|o| s.players[o].tokens[c].count_ones())
                .max()
                .unwrap_or(0)
        };
        let left = TOKENS_PER_STACK.saturating_sub(s.stack_taken[c] as usize) as f32;
        let at = match mine.cmp(&best_other) {
            std::cmp::Ordering::Greater => 4,
            std::cmp::Ordering::Equal => 5,
            std::cmp::Ordering::Less => 6,
        };
        x[at] += left;
    }
    x[7] = tokens_held as f32;
    let t_left = turns_left(s, seat);
    for j in p.jars.iter().flatten() {
        let size: u32 = j.needs.iter().map(|&n| n as u32).sum();
        let have: u32 = j.filled.iter().map(|&n| n as u32).sum();
        let frac = have as f32 / size.max(1) as f32;
        let empty = (size - have) as f32;
        // The hand-tuned value counts a favour to the majority on top; the fit weighs it.
        let dv = delivery_value(s, seat, j.card) - 0.8;
        x[8] += have as f32;
        x[9] += dv * frac * frac;
        x[10] += dv * frac;
        x[11] += empty;
        x[12] += dv;
        x[13] += dv * (t_left * 2.0 / empty.max(1.0)).min(1.0);
    }
    x[14] = t_left;
    x[15] = best_fit(s, seat, table);
    x[16] = seat_value(s, seat);
    if s.is_solo() {
        x[17] = tempest_penalty(s);
    }
    let g = progress(s);
    for i in 0..BASE {
        x[BASE + i] = x[i] * g;
    }
    x
}

/// Which weight table `s` uses: 0 solo, else the number of players minus one.
pub fn table_index(s: &GameState) -> usize {
    if s.is_solo() {
        0
    } else {
        (s.num_players() as usize - 1).min(3)
    }
}

/// The predicted final score (solo: net score) from `x` at table `t`.
pub fn predict(t: usize, x: &[f32; FEATURES]) -> f32 {
    WEIGHTS[t].iter().zip(x).map(|(w, v)| w * v).sum()
}

/// Every seat's reward in 0..1 for a position the search stops in, on the scale of a finished
/// game's reward (0.7 for a win, 0.3 for the margin): the predicted margin (solo: the net
/// score against the threshold of 1) turned into a chance of winning by the logistic fitted
/// with the weights.
pub fn rewards(s: &GameState, rewards: &mut [f64]) {
    let sig = |x: f64| 1.0 / (1.0 + (-x).exp());
    let t = table_index(s);
    let table = dive_table(s);
    let scale = WIN_SCALE[t] as f64;
    if s.is_solo() {
        let net = predict(t, &features(s, 0, &table)) as f64;
        rewards[0] = 0.7 * sig((net - 0.5) / scale) + 0.3 * sig(net / 6.0);
        return;
    }
    let n = s.num_players() as usize;
    let mut pred = [0.0f64; 4];
    for (i, v) in pred.iter_mut().enumerate().take(n) {
        *v = predict(t, &features(s, i as Seat, &table)) as f64;
    }
    for (i, rw) in rewards.iter_mut().enumerate().take(n) {
        let best_other = (0..n)
            .filter(|&o| o != i)
            .map(|o| pred[o])
            .fold(f64::MIN, f64::max);
        let m = pred[i] - best_other;
        *rw = 0.7 * sig(m / scale) + 0.3 * sig(m / 6.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Components, GameConfig};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    /// A new game at a table of `players` (1: solo).
    fn new_game(players: u8, comps: &Arc<Components>) -> GameState {
        let cfg = if players == 1 {
            GameConfig::solo()
        } else {
            GameConfig::players(players)
        };
        GameState::new(cfg, Arc::clone(comps)).unwrap()
    }

    #[test]
    fn rewards_are_chances_at_every_table_size() {
        let comps = Arc::new(Components::default());
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut legal = Vec::new();
        for players in [1u8, 2, 3, 4] {
            let mut s = new_game(players, &comps);
            let mut got = vec![0.0; players as usize];
            let mut judged = 0;
            while !s.is_over() {
                if s.play_chance_run(&mut rng, |_| {}) > 0 {
                    continue;
                }
                if s.started {
                    rewards(&s, &mut got);
                    assert!(got.iter().all(|r| (0.0..=1.0).contains(r)), "{got:?}");
                    judged += 1;
                }
                s.legal_actions_into(&mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                s.apply_quiet(&a).unwrap();
            }
            assert!(judged >= 12, "{players}: {judged}");
        }
    }

    #[test]
    fn the_tempest_takes_its_penalty_off_the_solo_prediction() {
        // Two dice and a 5-point token in the tempest cost 7 points at the end: the solo
        // prediction falls by about that at any point of the game, and a table with players
        // does not look at the tempest at all.
        let comps = Arc::new(Components::default());
        for (round, turn) in [(1, 1), (1, 5), (2, 3)] {
            let mut s = new_game(1, &comps);
            s.round = round;
            s.turn = turn;
            let table = dive_table(&s);
            let before = predict(0, &features(&s, 0, &table));
            s.tempest_dice[0] += 2;
            let stack = s.comps.tokens.stack(JarColour::ALL[1]);
            let five = stack
                .iter()
                .position(|&v| v == 5)
                .expect("a 5 in the stack");
            s.tempest_tokens[1] |= 1 << five;
            let drop = before - predict(0, &features(&s, 0, &table));
            assert!((5.0..9.0).contains(&drop), "{round}/{turn}: {drop}");
        }
        let mut s = new_game(2, &comps);
        let table = dive_table(&s);
        let before = features(&s, 0, &table);
        s.tempest_dice[0] += 2;
        assert_eq!(before, features(&s, 0, &table));
    }

    #[test]
    fn banked_points_raise_the_prediction_late_in_the_game() {
        // Near the end, a token in hand is worth about its face value, whatever the table.
        let comps = Arc::new(Components::default());
        for players in [1u8, 2, 3, 4] {
            let mut s = new_game(players, &comps);
            s.round = 2;
            s.turn = s.turns_per_round() - 1;
            let table = dive_table(&s);
            let t = table_index(&s);
            let before = predict(t, &features(&s, 0, &table));
            // The bottom token of the gold stack (an 8 by default) in seat 0's hand.
            s.players[0].tokens[0] |= 1 << (TOKENS_PER_STACK - 1);
            let after = predict(t, &features(&s, 0, &table));
            assert!(after - before > 4.0, "{players}: {before} -> {after}");
        }
    }
}
