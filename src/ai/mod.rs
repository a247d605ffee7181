//! Bots. A bot decides from a seat's `Observation` and the list of legal actions only: it never
//! sees the full `GameState`, so it cannot read another seat's secrets.

use crate::engine::{Action, GameState, Observation, ToAct};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Something that picks one of the legal actions for the seat it plays.
pub trait Bot: Send {
    fn name(&self) -> &str;
    /// `legal` is never empty.
    fn choose(&mut self, obs: &Observation, legal: &[Action]) -> Action;
}

/// Uniformly random legal moves (deterministic for a seed).
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _obs: &Observation, legal: &[Action]) -> Action {
        legal[self.rng.random_range(0..legal.len())]
    }
}

/// Makes a bot by level name ("random"). `None` for an unknown name.
pub fn make_bot(level: &str, seed: u64) -> Option<Box<dyn Bot>> {
    match level.trim().to_ascii_lowercase().as_str() {
        "random" => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

pub const BOT_LEVELS: &[&str] = &["random"];

/// Asks `bot` for the move of the seat to act in `state` (which must be a seat's decision).
pub fn decide(bot: &mut dyn Bot, state: &GameState) -> Option<Action> {
    let ToAct::Seat(seat) = state.to_act() else {
        return None;
    };
    let legal = state.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let obs = state.observation(Some(seat));
    Some(bot.choose(&obs, &legal))
}

/// Plays `m` to the end: the match's generator picks chance outcomes, `bots[seat]` decides for
/// each seat. Returns the number of decisions made.
pub fn play_out(m: &mut crate::engine::Match, bots: &mut [Box<dyn Bot>]) -> usize {
    let mut decisions = 0;
    loop {
        m.run_chance_quiet();
        let Some(a) = (match m.state.to_act() {
            ToAct::Seat(seat) => bots
                .get_mut(seat as usize)
                .and_then(|b| decide(b.as_mut(), &m.state)),
            _ => None,
        }) else {
            return decisions;
        };
        if m.apply_quiet(a).is_err() {
            return decisions;
        }
        decisions += 1;
    }
}
