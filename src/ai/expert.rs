//! Expert: Hard's search (`mcts`) with knobs set for a search that runs long, and a better
//! judge of the positions it stops in. Hard's play grows slowly past a few thousand
//! iterations, so more of the same search does not help; its hand-tuned evaluation does not
//! predict who wins well (`fitted_weights.rs` and its generator compare the two). Expert:
//!
//! - scores a position after its greedy playout by every seat's final score as predicted by a
//!   linear model fitted to self-play games (`fitted`), turned into a chance of winning;
//! - explores less (a smaller UCB constant), so the visits settle on the leading moves sooner
//!   and the tree below them grows deeper;
//! - widens the root progressively: every dive of Normal's ranked list may come in, one more
//!   as the root's visits grow (`10 + 0.1 * sqrt(visits)`), where Hard keeps its top 10;
//! - ranks a longer list better: 40 dives by quick score (Hard: 24), judged by Normal's
//!   lookahead over 6 determinizations (Hard: 2);
//! - plays the move with the best mean reward among those searched well enough (more than a
//!   quarter of the top visits), not simply the most visited one.
//!
//! An iteration costs about what Hard's does, so the same budget is the same time a move. With
//! 2000 iterations each, Expert wins 64.3% of 400 two-player games against Hard (59.4-68.8%,
//! seeds 2002 and 3003). Solo, where its model also counts what the tempest already holds, it
//! wins more often than Hard at every budget measured: 99.0% of 3000 games to Hard's 98.0%
//! at 2000 iterations, 95.8% of 2000 to 93.0% at 300 (README).

use super::mcts::{Eval, HardBot, SearchLimits, SearchParams};

/// Expert's knobs (the rest are Hard's).
pub fn expert_params() -> SearchParams {
    SearchParams {
        explore: EXPLORE,
        root_widen: 0.1,
        eval: Eval::Fitted,
        root_pool: 40,
        prior_samples: 6,
        pick_by_value: true,
        ..SearchParams::default()
    }
}

/// Expert's UCB constant (Hard's is 0.5).
const EXPLORE: f64 = 0.25;

/// An Expert bot with `limits` (its name is `expert`, `expert:300ms` or `expert:2000it`).
pub fn expert_bot(seed: u64, limits: SearchLimits) -> HardBot {
    HardBot::with_params("expert", seed, limits, expert_params())
}
