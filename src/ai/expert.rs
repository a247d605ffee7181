//! Expert: Hard's search (`mcts`) with knobs set for a search that runs long. Hard's play
//! grows slowly past a few thousand iterations, while a second on two cores gives well over a
//! hundred thousand, so Expert spends them differently:
//!
//! - it explores less (a smaller UCB constant), so the visits settle on the leading moves
//!   sooner and the tree below them grows deeper;
//! - the root widens progressively: every dive of Normal's ranked list may come in, one more
//!   as the root's visits grow (`10 + 0.1 * sqrt(visits)`), where Hard keeps its top 10;
//! - that list is longer and better ranked: 40 dives by quick score (Hard: 24), judged by
//!   Normal's lookahead over 6 determinizations (Hard: 2);
//! - it plays the move with the best mean reward among those searched well enough (more than
//!   a quarter of the top visits), not simply the most visited one.

use super::mcts::{HardBot, SearchLimits, SearchParams};

/// Expert's knobs (the rest are Hard's).
pub fn expert_params() -> SearchParams {
    SearchParams {
        explore: EXPLORE,
        root_widen: 0.1,
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
