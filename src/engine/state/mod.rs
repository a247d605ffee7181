//! The game state and its rules: who acts, what is legal, what an action does.
//!
//! Hidden information is modelled lazily: a jar card's identity is decided (a chance action)
//! only when it comes into someone's sight, so the state never holds a deck order that nobody
//! could know. That makes the digital game (a seeded generator picks each outcome) and the
//! companion (a person reports the real card or die) the same code path.

use super::action::{Action, ChanceKind, Decision, Event, RuleError, ToAct, Waiting};
use super::board::{PathKind, SHORE_COUNT, SPACE_COUNT, SpaceId, board, capacity};
use super::components::{Components, DECK_SIZE, TOKENS_PER_STACK};
pub use super::list::List;
use super::scoring::{self, PerJar, PlayerInput, ScoreInput, ScoreResult, TempestInput};
use super::seeding::{FillStep, PoolFill, below};
use super::solo::{black_die_space, take_top_token, turn_arrow};
use super::types::{CardId, ColourCounts, DiceColour, Direction, JarColour, Seat};
use super::types::{add_dice, bytes_at_least, take_dice};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod invariants;
pub use invariants::{Broken, CardPlace};
mod legal;
pub use legal::LegalSet;
mod play;
mod score;
pub use score::Tally;
mod turn;

pub use super::pool::SpaceDice;
pub(crate) use super::seeding::nth_bit;
pub use super::types::{DICE_PER_COLOUR, TOTAL_DICE};
pub use super::types::{SOLO_PAWNS, TOTAL_PAWNS};
pub const PILES: usize = 4;
/// The most seats at a table.
pub const MAX_SEATS: usize = 4;

/// One value per seat, inline (see `List`).
pub type Seats<T> = List<T, MAX_SEATS>;

/// Rules configuration of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// 1 for the solo game, otherwise 2–4.
    pub players: u8,
    /// The first player; `None` lets chance decide.
    #[serde(default)]
    pub first_player: Option<Seat>,
}

impl GameConfig {
    pub fn solo() -> GameConfig {
        GameConfig {
            players: 1,
            first_player: Some(0),
        }
    }

    pub fn players(n: u8) -> GameConfig {
        GameConfig {
            players: n,
            first_player: None,
        }
    }

    #[inline]
    pub fn is_solo(&self) -> bool {
        self.players == 1
    }

    pub fn validate(&self) -> Result<(), RuleError> {
        if !(1..=4).contains(&self.players) {
            return Err(RuleError::PlayerCount {
                players: self.players,
            });
        }
        if let Some(f) = self.first_player
            && f >= self.players
        {
            return Err(RuleError::NoSuchFirstPlayer {
                seat: f,
                players: self.players,
            });
        }
        Ok(())
    }
}

/// A jar card in front of a player, with the dice on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jar {
    pub card: CardId,
    /// Spaces per colour (from the card).
    pub needs: ColourCounts,
    /// Dice placed per colour.
    pub filled: ColourCounts,
}

impl Jar {
    fn new(card: CardId, comps: &Components) -> Jar {
        Jar {
            card,
            needs: comps.card(card).needs,
            filled: [0; 4],
        }
    }

    /// Empty spaces per colour, packed one byte a colour (orange in the lowest byte).
    #[inline]
    pub fn empty_packed(&self) -> u32 {
        // needs ≥ filled in every byte, so no byte borrows from the next.
        u32::from_le_bytes(self.needs) - u32::from_le_bytes(self.filled)
    }

    #[inline]
    pub fn empty(&self, c: DiceColour) -> u8 {
        self.needs[c.index()] - self.filled[c.index()]
    }

    #[inline]
    pub fn is_full(&self) -> bool {
        self.needs == self.filled
    }

    pub fn dice(&self) -> u32 {
        self.filled.iter().map(|&x| x as u32).sum()
    }
}

/// A pawn on a shore.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pawn {
    pub seat: Seat,
    pub round: u8,
}

/// A seat as everyone sees it: pawns, jars, deliveries and tokens are on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub pawns: u8,
    /// Two jar slots.
    pub jars: [Option<Jar>; 2],
    /// Bit i: card i delivered.
    pub delivered: u32,
    /// Per token colour, bit i: the i-th token from the top of that stack.
    pub tokens: [u16; 3],
}

/// What only one seat knows: its favourite colour and, during the jar draft, its hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Secret {
    pub favourite: Option<DiceColour>,
    /// Jar draft: the three cards dealt, and the one set aside.
    pub draft: [Option<CardId>; 3],
    pub set_aside: Option<CardId>,
}

impl Player {
    #[inline]
    pub fn empty_of(&self, c: DiceColour) -> [u8; 2] {
        [
            self.jars[0].map_or(0, |j| j.empty(c)),
            self.jars[1].map_or(0, |j| j.empty(c)),
        ]
    }

    /// Empty spaces per colour over both jars, packed one byte a colour (at most 12 a byte).
    #[inline]
    pub fn room_packed(&self) -> u32 {
        let [a, b] = self.jars.map(|j| j.map_or(0, |j| j.empty_packed()));
        a + b
    }

    /// Could this player place at least one die of `hand`?
    #[inline]
    pub fn can_place_any(&self, hand: &ColourCounts) -> bool {
        nonzero_bytes(self.room_packed()) & nonzero_bytes(u32::from_le_bytes(*hand)) != 0
    }
}

/// One of the four face-up piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pile {
    /// Cards in the pile, the top included.
    pub count: u8,
    /// The face-up top card, once turned up.
    pub top: Option<CardId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Short supply: building the random dealing order.
    RefillOrder,
    /// Seeding or refilling the pool, one die at a time.
    Seed,
    DealFavourite {
        seat: Seat,
    },
    DealDraft {
        seat: Seat,
        k: u8,
    },
    Draft,
    FirstPlayer,
    Dive,
    Store,
    /// Passing the dice the active player could not store (SPEC §4.3): `step` counts seats
    /// after the active one (1 = the next player), `lap` counts the times round the table
    /// (from 1), and `placed` says whether anybody placed a die in this lap.
    Pass {
        step: u8,
        lap: u8,
        placed: bool,
    },
    Deliver {
        step: u8,
    },
    NewJar {
        step: u8,
        slot: u8,
    },
    Tempest {
        step: u8,
    },
    GameOver,
}

/// The whole game: the table everyone sees, every seat's secrets, and which cards nobody has
/// seen. Use `observation` to see it as one seat does. Reads and writes of the table's fields
/// go straight through (`state.pool`), as `GameState` dereferences to its `Table`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub table: Table,
    /// Per seat.
    pub secrets: Seats<Secret>,
    /// Cards whose identity no one has seen yet (bit i: card i). Hidden: with the drafts it
    /// would tell which cards are in other seats' hands.
    pub unseen: u32,
}

impl std::ops::Deref for GameState {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl std::ops::DerefMut for GameState {
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.table
    }
}

/// Everything on the table, the same for every seat: an observation carries it as it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub comps: Arc<Components>,
    pub config: GameConfig,
    pub phase: Phase,
    /// 1 or 2.
    pub round: u8,
    /// Turns completed in this round.
    pub turn: u8,
    pub active: Seat,
    pub first_player: Seat,
    pub direction: Direction,
    pub last_placer: Seat,
    /// Set once the jar draft and piles are done and the first turn has begun.
    pub started: bool,
    pub pool: [SpaceDice; SPACE_COUNT],
    pub supply: ColourCounts,
    /// Dice collected this turn, not yet placed.
    pub hand: ColourCounts,
    pub shores: [Option<Pawn>; SHORE_COUNT],
    pub players: Seats<Player>,
    /// Tokens taken from the top of each stack so far.
    pub stack_taken: [u8; 3],
    /// Face-down cards of unknown identity: the shuffled deck during set-up, the solo deck's top.
    pub deck_unknown: u8,
    /// Solo: cards put at the bottom of the deck, in order (top first).
    pub deck_bottom: List<CardId, DECK_SIZE>,
    pub piles: [Pile; PILES],
    /// Piles whose new top card still has to be turned up (bit per pile).
    pub reveal_pending: u8,
    /// Solo: discarded by the tempest.
    pub discards: u32,
    /// Solo: the tempest's tokens (same encoding as a player's) and dice.
    pub tempest_tokens: [u16; 3],
    pub tempest_dice: ColourCounts,
    /// Solo: the section the arrow points at, and its turning direction.
    pub arrow: u8,
    pub arrow_direction: Direction,
    /// Solo: cards drawn for a new jar, and how many are to be drawn.
    pub solo_drawn: [Option<CardId>; 2],
    pub solo_to_draw: u8,
    /// Seeding or refilling the pool.
    pub fill: PoolFill,
}

impl Table {
    pub fn is_solo(&self) -> bool {
        self.config.is_solo()
    }

    #[inline]
    pub fn num_players(&self) -> u8 {
        self.config.players
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    pub fn turns_per_round(&self) -> u8 {
        if self.is_solo() {
            SOLO_PAWNS
        } else {
            TOTAL_PAWNS
        }
    }
}

/// Collects events when asked to; does nothing otherwise (fast playouts).
pub(crate) struct Sink {
    pub on: bool,
    pub events: Vec<Event>,
}

impl Sink {
    fn emit(&mut self, f: impl FnOnce() -> Event) {
        if self.on {
            self.events.push(f());
        }
    }
}

/// Every dive in order: shore, then path, then number (worked out when compiling).
const ALL_DIVES: [Action; SHORE_COUNT * 12] = {
    let mut v = [Action::Decline; SHORE_COUNT * 12];
    let mut i = 0;
    while i < SHORE_COUNT * 12 {
        v[i] = Action::Dive {
            shore: (i / 12) as u8,
            path: if i % 12 < 6 {
                PathKind::Short
            } else {
                PathKind::Long
            },
            number: (i % 6) as u8 + 1,
        };
        i += 1;
    }
    v
};

/// Adds dice counts colour by colour.
fn add_counts(into: &mut ColourCounts, from: &ColourCounts) {
    // As one word (see `add_dice`): the dice of a colour are at most its 20 or so, so no byte
    // carries into the next.
    *into = (u32::from_le_bytes(*into) + u32::from_le_bytes(*from)).to_le_bytes();
}

/// 0x80 in each byte of `x` that is not zero, 0 elsewhere.
#[inline]
pub(crate) fn nonzero_bytes(x: u32) -> u32 {
    // Adding 0x7f to the low seven bits carries into the top bit when any of them is set.
    (((x & 0x7f7f_7f7f) + 0x7f7f_7f7f) | x) & 0x8080_8080
}

/// Checks component data, once per thread for data shared by game after game (a simulation
/// starts thousands of games with the same `Arc`). The weak pointer kept keeps the allocation:
/// no other data can come to live at that address while it is remembered, and data behind an
/// `Arc` with a weak pointer cannot be changed in place (`Arc::get_mut` refuses, and
/// `Arc::make_mut` moves it elsewhere).
fn validate_shared(comps: &Arc<Components>) -> Result<(), super::components::DataError> {
    use std::cell::RefCell;
    use std::sync::Weak;
    thread_local! {
        static CHECKED: RefCell<Weak<Components>> = const { RefCell::new(Weak::new()) };
    }
    if CHECKED.with_borrow(|w| std::ptr::eq(w.as_ptr(), Arc::as_ptr(comps))) {
        return Ok(());
    }
    comps.validate()?;
    CHECKED.with_borrow_mut(|w| *w = Arc::downgrade(comps));
    Ok(())
}

/// The dice colour of index `i` (0..4).
fn colour_at(i: u8) -> DiceColour {
    DiceColour::ALL[i as usize & 3]
}

/// The positions of `mask`'s set bits, lowest first: a step for each set bit, not one for
/// each of the 32.
fn bits(mask: u32) -> impl Iterator<Item = u8> {
    let mut left = mask;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let i = left.trailing_zeros() as u8;
            left &= left - 1;
            i
        })
    })
}

impl GameState {
    /// A new game, at its first chance step (seeding the pool).
    pub fn new(config: GameConfig, comps: Arc<Components>) -> Result<GameState, RuleError> {
        config.validate()?;
        validate_shared(&comps).map_err(RuleError::Components)?;
        let n = config.players;
        let solo = config.is_solo();
        let pawns = if solo { SOLO_PAWNS } else { TOTAL_PAWNS / n };
        let players = Seats::filled(
            Player {
                pawns,
                ..Player::default()
            },
            n as usize,
        );
        let table = Table {
            arrow: comps.solo.start,
            comps,
            config,
            phase: Phase::Seed,
            round: 1,
            turn: 0,
            active: 0,
            first_player: 0,
            direction: Direction::Clockwise,
            last_placer: 0,
            started: false,
            pool: [SpaceDice::default(); SPACE_COUNT],
            supply: [DICE_PER_COLOUR; 4],
            hand: [0; 4],
            shores: [None; SHORE_COUNT],
            players,
            stack_taken: [0; 3],
            deck_unknown: DECK_SIZE as u8,
            deck_bottom: List::new(),
            piles: [Pile::default(); PILES],
            reveal_pending: 0,
            discards: 0,
            tempest_tokens: [0; 3],
            tempest_dice: [0; 4],
            arrow_direction: Direction::Clockwise,
            solo_drawn: [None; 2],
            solo_to_draw: 0,
            fill: PoolFill::default(),
        };
        let mut s = GameState {
            table,
            secrets: Seats::filled(Secret::default(), n as usize),
            unseen: (1u32 << DECK_SIZE) - 1,
        };
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        s.start_seeding(&mut sink);
        s.settle(&mut sink);
        Ok(s)
    }

    #[inline]
    fn seat_at(&self, step: u8) -> Seat {
        self.direction.step(self.active, step, self.num_players())
    }
}

#[cfg(test)]
mod tests {
    use super::bits;

    #[test]
    fn bits_lists_every_set_bit_lowest_first() {
        let masks = [0, 1, 0x8000_0000, u32::MAX, 0x0f0f_0001, 0xdead_beef];
        for mask in masks
            .into_iter()
            .chain((0..2000u32).map(|k| k.wrapping_mul(0x9e37_79b9)))
        {
            let want: Vec<u8> = (0..32u8).filter(|&i| mask & (1 << i) != 0).collect();
            assert_eq!(bits(mask).collect::<Vec<u8>>(), want, "{mask:#x}");
        }
    }
}
