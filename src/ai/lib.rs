//! Bots. A bot decides from a seat's `Observation` and the list of legal actions only: it never
//! sees the full `GameState`, so it cannot read another seat's secrets. The observation's other
//! seats carry no favourite at all, so this does not compile:
//!
//! ```compile_fail,E0609
//! fn peek(obs: &noctiluca_engine::Observation) -> Option<noctiluca_engine::DiceColour> {
//!     obs.players[1].favourite
//! }
//! ```
//!
//! Levels: `random`; `easy` (greedy with noise); `normal` (a turn of lookahead judged by a
//! heuristic); `hard` (information-set Monte Carlo tree search, 1 s per move by default);
//! `expert` (the same search, tuned to make use of the time, judging positions by a model
//! fitted to self-play: see `expert` and `fitted`). Hard and Expert take a budget: `hard:300ms`
//! (time, plus the default iteration cap) or `expert:2000` (iterations only: deterministic for
//! a seed).

/// The rules, the only crate the bots build on.
pub(crate) use noctiluca_engine as engine;

pub mod advice;
pub mod expert;
pub mod fitted;
mod fitted_weights;
pub mod heuristic;
pub mod mcts;
pub mod policy;
pub mod worker;

pub use mcts::{Eval, HardBot, SearchLimits, SearchParams, SearchStats};
pub use policy::{EasyBot, NormalBot};
pub use worker::SearchJob;

use crate::engine::{Action, Components, GameConfig, GameState, LegalSet, Match, Observation};
use crate::engine::{RuleError, ToAct};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Something that picks one of the legal actions for the seat it plays.
pub trait Bot: Send {
    fn name(&self) -> &str;
    /// `legal` is never empty.
    fn choose(&mut self, obs: &Observation, legal: &[Action]) -> Action;
    /// A bot that decides from the legal actions alone, reading nothing of the observation,
    /// answers here with the position of its choice in `legal` (the action `choose` would
    /// return is `legal.nth(i)`), and `play_out` then builds neither the observation nor the
    /// list of actions, and plays the choice without checking it again. `None`, the default,
    /// without changing anything: this bot needs to see the game, so ask `choose`.
    fn choose_blind(&mut self, _legal: &LegalSet) -> Option<usize> {
        None
    }
    /// A flag that, once set, makes a running (or later) `choose` return promptly with its
    /// best move so far. Bots that answer at once ignore it.
    fn set_cancel(&mut self, _flag: Arc<AtomicBool>) {}
    /// Makes this bot play on as a new one of its level made with `seed` would (`make_bot`),
    /// for the next game, keeping what it has allocated. False, the default, where it cannot
    /// (nothing changed: make a new bot).
    fn reseed(&mut self, _seed: u64) -> bool {
        false
    }
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
        legal[index_below(&mut self.rng, legal.len())]
    }

    fn choose_blind(&mut self, legal: &LegalSet) -> Option<usize> {
        Some(index_below(&mut self.rng, legal.len()))
    }

    fn reseed(&mut self, seed: u64) -> bool {
        *self = RandomBot::new(seed);
        true
    }
}

/// `rng.random_range(0..n)` for `1 <= n <= u32::MAX`, drawing what `rand` 0.10 draws and
/// giving what it gives (Canon's method: one 32-bit draw, a second only when the first lands
/// in the biased sliver), worked out here where it is used rather than in a call through
/// `rand`'s general range sampler. The random bot's logs depend on every draw, so a test holds
/// this to `random_range` itself.
#[inline]
pub fn index_below(rng: &mut impl rand::Rng, n: usize) -> usize {
    debug_assert!(n >= 1 && n <= u32::MAX as usize);
    let range = n as u32 as u64;
    let m = rng.next_u32() as u64 * range;
    let (hi, lo) = ((m >> 32) as u32, m as u32);
    if lo <= (range as u32).wrapping_neg() {
        return hi as usize;
    }
    let carry = lo.checked_add(((rng.next_u32() as u64 * range) >> 32) as u32);
    (hi + carry.is_none() as u32) as usize
}

/// Makes a bot by level name (see `BOT_LEVELS`; Hard and Expert also as `hard:<N>ms` or
/// `expert:<N>` iterations). `None` for an unknown name.
pub fn make_bot(level: &str, seed: u64) -> Option<Box<dyn Bot>> {
    let level = level.trim();
    let is = |name: &str| level.eq_ignore_ascii_case(name);
    if is("random") {
        Some(Box::new(RandomBot::new(seed)))
    } else if is("easy") {
        Some(Box::new(EasyBot::new(seed)))
    } else if is("normal") {
        Some(Box::new(NormalBot::new(seed)))
    } else {
        let level = level.to_ascii_lowercase();
        if let Some(l) = parse_search("expert", &level) {
            return Some(Box::new(expert::expert_bot(seed, l)));
        }
        parse_hard(&level).map(|l| Box::new(HardBot::new(seed, l)) as Box<dyn Bot>)
    }
}

/// `hard`, `hard:250ms`, `hard:2000` / `hard:2000it`.
pub fn parse_hard(level: &str) -> Option<SearchLimits> {
    parse_search("hard", level)
}

/// A searching level's budget: `level`, `level:250ms`, `level:2000` / `level:2000it`.
pub fn parse_search(name: &str, level: &str) -> Option<SearchLimits> {
    let rest = level.strip_prefix(name)?;
    if rest.is_empty() {
        return Some(SearchLimits::DEFAULT);
    }
    let spec = rest.strip_prefix(':')?;
    if let Some(ms) = spec.strip_suffix("ms") {
        let ms: u64 = ms.parse().ok().filter(|&m| m > 0)?;
        return Some(SearchLimits {
            iterations: SearchLimits::DEFAULT.iterations,
            time: Some(Duration::from_millis(ms)),
        });
    }
    let n: u32 = spec
        .strip_suffix("it")
        .unwrap_or(spec)
        .parse()
        .ok()
        .filter(|&n| n > 0)?;
    Some(SearchLimits {
        iterations: n,
        time: None,
    })
}

pub const BOT_LEVELS: &[&str] = &["random", "easy", "normal", "hard", "expert"];

/// A bot whose every choice depends only on what it is shown: each decision is made by a
/// fresh bot of `level`, seeded from `seed` and the observation. It decides the same after a
/// game is saved and resumed, which a scripted game (the tutorial) needs. Use an
/// iteration-limited level (`hard:N`, not a time budget) for that.
pub struct StatelessBot {
    level: String,
    seed: u64,
}

impl StatelessBot {
    /// `None` for an unknown level.
    pub fn new(level: &str, seed: u64) -> Option<StatelessBot> {
        make_bot(level, seed)?;
        Some(StatelessBot {
            level: level.to_string(),
            seed,
        })
    }
}

/// FNV-1a, for seeding from a position.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Bot for StatelessBot {
    fn name(&self) -> &str {
        &self.level
    }

    fn choose(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let seed = self.seed ^ fnv(&format!("{obs:?}{legal:?}"));
        match make_bot(&self.level, seed) {
            Some(mut bot) => bot.choose(obs, legal),
            None => legal[0],
        }
    }
}

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

/// A match and a bot for each of its seats.
pub type BotGame = (Match, Vec<Box<dyn Bot>>);

/// A match and its bots, kept from one game to the next (`start_game`).
pub type KeptGame = Option<BotGame>;

/// Sets `kept` up for the game of `game_seed` as `noctiluca simulate` plays it: the match of
/// `config` and `comps` with that seed, and at seat `s` a bot of `level(s)` seeded with
/// `game_seed ^ (s + 1) << 32`. A kept match is restarted and kept bots reseeded (a bot that
/// cannot be is made anew), so game after game makes and frees nothing; new ones the first time.
/// A kept game must be of `config` and `comps`; the levels must be ones `make_bot` knows
/// (callers check them first).
#[inline]
pub fn start_game<'k, 'l>(
    kept: &'k mut KeptGame,
    config: &GameConfig,
    comps: &Arc<Components>,
    level: impl Fn(usize) -> &'l str,
    game_seed: u64,
) -> Result<&'k mut BotGame, RuleError> {
    let bot_seed = |s: usize| game_seed ^ (s as u64 + 1) << 32;
    let new_bot = |s: usize| make_bot(level(s), bot_seed(s)).expect("a level make_bot knows");
    Ok(match kept {
        Some(k) => {
            k.0.restart(game_seed);
            for (s, bot) in k.1.iter_mut().enumerate() {
                if !bot.reseed(bot_seed(s)) {
                    *bot = new_bot(s);
                }
            }
            k
        }
        None => {
            let m = Match::new(config.clone(), Arc::clone(comps), game_seed)?;
            let bots = (0..config.players as usize).map(new_bot).collect();
            kept.insert((m, bots))
        }
    })
}

/// Plays `m` to the end: the match's generator picks chance outcomes, `bots[seat]` decides for
/// each seat. Returns the number of decisions made. The decision the game waits for is worked
/// out once a step. A bot that decides without looking (`Bot::choose_blind`) picks from the
/// legal set as it is (a dive's 144 actions are not written out) and is shown no observation;
/// its pick is played unchecked, as it names one of the set. For the others the legal actions
/// and the observation are written into the same two buffers at every decision (the list is
/// allocated once, when first needed).
pub fn play_out(m: &mut Match, bots: &mut [Box<dyn Bot>]) -> usize {
    let mut decisions = 0;
    let mut legal = Vec::new();
    let mut obs: Option<Observation> = None;
    let mut set = LegalSet::NONE;
    loop {
        let decision = m.run_chance_quiet_decided();
        m.state.legal_set_into(decision, &mut set);
        if set.is_empty() {
            return decisions;
        }
        let seat = set.seat();
        let Some(bot) = bots.get_mut(seat as usize) else {
            return decisions;
        };
        match bot.choose_blind(&set) {
            Some(i) => {
                if m.apply_legal(&set, i).is_none() {
                    return decisions;
                }
            }
            None => {
                legal.clear();
                set.write_into(&mut legal);
                let obs = match &mut obs {
                    Some(o) => {
                        m.state.observe_into_decided(Some(seat), decision, o);
                        o
                    }
                    None => obs.insert(m.state.observation(Some(seat))),
                };
                let a = bot.choose(obs, &legal);
                if m.apply_quiet_decided(a, decision).is_err() {
                    return decisions;
                }
            }
        }
        decisions += 1;
    }
}
