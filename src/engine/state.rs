//! The game state and its rules: who acts, what is legal, what an action does.
//!
//! Hidden information is modelled lazily: a jar card's identity is decided (a chance action)
//! only when it comes into someone's sight, so the state never holds a deck order that nobody
//! could know. That makes the digital game (a seeded generator picks each outcome) and the
//! companion (a person reports the real card or die) the same code path.

use super::action::{Action, ChanceKind, Decision, Event, RuleError, ToAct, Waiting};
use super::board::{PathKind, SHORE_COUNT, SPACE_COUNT, SpaceId, board, capacity, space_name};
use super::components::{Components, DECK_SIZE, DataProblem, TOKENS_PER_STACK};
use super::scoring::{self, PerJar, PlayerInput, ScoreInput, ScoreResult, TempestInput};
use super::seeding::{FillStep, PoolFill, below};
use super::solo::{black_die_space, take_top_token, turn_arrow};
use super::types::{CardId, ColourCounts, DiceColour, Die, Direction, JarColour, Seat};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub const DICE_PER_COLOUR: u8 = 26;
pub const TOTAL_DICE: u32 = 104;
pub const TOTAL_PAWNS: u8 = 12;
pub const SOLO_PAWNS: u8 = 6;
pub const PILES: usize = 4;

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

/// The dice on one pool space (at most 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Die>", try_from = "Vec<Die>")]
pub struct SpaceDice {
    dice: [Option<Die>; 5],
    len: u8,
}

impl SpaceDice {
    pub fn dice(&self) -> impl Iterator<Item = Die> + '_ {
        self.dice[..self.len as usize].iter().flatten().copied()
    }

    pub fn len(&self) -> u8 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn push(&mut self, d: Die) {
        self.dice[self.len as usize] = Some(d);
        self.len += 1;
    }

    /// Removes every die showing `face`; returns them per colour.
    fn take_face(&mut self, face: u8) -> ColourCounts {
        let mut out = [0u8; 4];
        let mut kept = [None; 5];
        let mut k = 0;
        for d in self.dice() {
            if d.face == face {
                out[d.colour.index()] += 1;
            } else {
                kept[k] = Some(d);
                k += 1;
            }
        }
        self.dice = kept;
        self.len = k as u8;
        out
    }

    fn take_all(&mut self) -> ColourCounts {
        let mut out = [0u8; 4];
        for d in self.dice() {
            out[d.colour.index()] += 1;
        }
        *self = SpaceDice::default();
        out
    }

    pub fn counts(&self) -> ColourCounts {
        let mut out = [0u8; 4];
        for d in self.dice() {
            out[d.colour.index()] += 1;
        }
        out
    }
}

impl From<SpaceDice> for Vec<Die> {
    fn from(s: SpaceDice) -> Vec<Die> {
        s.dice().collect()
    }
}

impl TryFrom<Vec<Die>> for SpaceDice {
    type Error = DataProblem;
    fn try_from(v: Vec<Die>) -> Result<SpaceDice, DataProblem> {
        if v.len() > 5 {
            return Err(DataProblem::SpaceOverfull { count: v.len() });
        }
        let mut s = SpaceDice::default();
        for d in v {
            s.push(d);
        }
        Ok(s)
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

    pub fn empty(&self, c: DiceColour) -> u8 {
        self.needs[c.index()] - self.filled[c.index()]
    }

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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub pawns: u8,
    pub favourite: Option<DiceColour>,
    /// Two jar slots.
    pub jars: [Option<Jar>; 2],
    /// Bit i: card i delivered.
    pub delivered: u32,
    /// Per token colour, bit i: the i-th token from the top of that stack.
    pub tokens: [u16; 3],
    /// Jar draft: the three cards dealt, and the one set aside.
    pub draft: [Option<CardId>; 3],
    pub set_aside: Option<CardId>,
}

impl Player {
    fn new() -> Player {
        Player {
            pawns: 0,
            favourite: None,
            jars: [None, None],
            delivered: 0,
            tokens: [0; 3],
            draft: [None; 3],
            set_aside: None,
        }
    }

    pub fn empty_of(&self, c: DiceColour) -> [u8; 2] {
        [
            self.jars[0].map_or(0, |j| j.empty(c)),
            self.jars[1].map_or(0, |j| j.empty(c)),
        ]
    }

    /// Could this player place at least one die of `hand`?
    pub fn can_place_any(&self, hand: &ColourCounts) -> bool {
        DiceColour::ALL
            .iter()
            .any(|&c| hand[c.index()] > 0 && self.empty_of(c) != [0, 0])
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

/// The whole game: public state and every seat's secrets. Use `observation` to see it as one
/// seat does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
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
    pub players: Vec<Player>,
    /// Tokens taken from the top of each stack so far.
    pub stack_taken: [u8; 3],
    /// Cards whose identity no one has seen yet (bit i: card i).
    pub unseen: u32,
    /// Face-down cards of unknown identity: the shuffled deck during set-up, the solo deck's top.
    pub deck_unknown: u8,
    /// Solo: cards put at the bottom of the deck, in order (top first).
    pub deck_bottom: Vec<CardId>,
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

/// Every dive in order: shore, then path, then number.
fn all_dives() -> &'static [Action; SHORE_COUNT * 12] {
    static DIVES: std::sync::OnceLock<[Action; SHORE_COUNT * 12]> = std::sync::OnceLock::new();
    DIVES.get_or_init(|| {
        let mut v = [Action::Decline; SHORE_COUNT * 12];
        let mut i = 0;
        for shore in 0..SHORE_COUNT as u8 {
            for path in PathKind::ALL {
                for number in 1..=6 {
                    v[i] = Action::Dive {
                        shore,
                        path,
                        number,
                    };
                    i += 1;
                }
            }
        }
        v
    })
}

/// Adds dice counts colour by colour.
fn add_counts(into: &mut ColourCounts, from: &ColourCounts) {
    for (a, b) in into.iter_mut().zip(from) {
        *a += b;
    }
}

fn bits(mask: u32) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |i| mask & (1 << i) != 0)
}

pub(crate) fn nth_bit(mask: u32, n: u32) -> u8 {
    let mut m = mask;
    for _ in 0..n {
        m &= m - 1;
    }
    m.trailing_zeros() as u8
}

impl GameState {
    /// A new game, at its first chance step (seeding the pool).
    pub fn new(config: GameConfig, comps: Arc<Components>) -> Result<GameState, RuleError> {
        config.validate()?;
        comps.validate().map_err(RuleError::Components)?;
        let n = config.players;
        let solo = config.is_solo();
        let pawns = if solo { SOLO_PAWNS } else { TOTAL_PAWNS / n };
        let mut players: Vec<Player> = (0..n).map(|_| Player::new()).collect();
        for p in &mut players {
            p.pawns = pawns;
        }
        let mut s = GameState {
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
            unseen: (1u32 << DECK_SIZE) - 1,
            deck_unknown: DECK_SIZE as u8,
            deck_bottom: Vec::new(),
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
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        s.start_seeding(&mut sink);
        s.settle(&mut sink);
        Ok(s)
    }

    pub fn is_solo(&self) -> bool {
        self.config.is_solo()
    }

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

    fn seat_at(&self, step: u8) -> Seat {
        self.direction.step(self.active, step, self.num_players())
    }

    // ------------------------------------------------------------------ who acts, what is legal

    /// What the game is waiting for.
    pub fn decision(&self) -> Decision {
        if self.phase == Phase::GameOver {
            return Decision::GameOver;
        }
        if self.reveal_pending != 0 {
            return Decision::Chance(ChanceKind::RevealPile {
                pile: self.reveal_pending.trailing_zeros() as u8,
            });
        }
        match self.phase {
            Phase::RefillOrder => Decision::Chance(ChanceKind::RefillOrder),
            Phase::Seed => Decision::Chance(ChanceKind::SeedDie {
                space: self.next_seed_space().unwrap_or(0),
            }),
            Phase::DealFavourite { seat } => Decision::Chance(ChanceKind::DealFavourite { seat }),
            Phase::DealDraft { seat, .. } => Decision::Chance(ChanceKind::DealDraftCard { seat }),
            Phase::Draft => Decision::Draft,
            Phase::FirstPlayer => Decision::Chance(ChanceKind::FirstPlayer),
            Phase::Dive => Decision::Dive,
            Phase::Store => Decision::Store {
                colour: self.ambiguous_store_colour().unwrap_or(DiceColour::Orange),
            },
            Phase::Pass { lap, .. } => Decision::PassOffer {
                dice: self.hand,
                lap,
            },
            Phase::Deliver { .. } => Decision::DeliverOrder,
            Phase::NewJar { .. } => {
                if self.is_solo() {
                    if self.solo_drawn_count() < self.solo_to_draw {
                        Decision::Chance(ChanceKind::SoloDraw)
                    } else {
                        Decision::SoloKeep {
                            cards: [
                                self.solo_drawn[0].unwrap_or(0),
                                self.solo_drawn[1].or(self.solo_drawn[0]).unwrap_or(0),
                            ],
                        }
                    }
                } else {
                    Decision::ChoosePile
                }
            }
            Phase::Tempest { step: 0 } => Decision::Chance(ChanceKind::TempestDiscard),
            Phase::Tempest { .. } => Decision::Chance(ChanceKind::BlackDie {
                section: self.arrow,
            }),
            Phase::GameOver => Decision::GameOver,
        }
    }

    /// Whose move it is: a seat, chance, or nobody (game over).
    pub fn to_act(&self) -> ToAct {
        match self.decision() {
            Decision::GameOver => ToAct::Nobody,
            Decision::Chance(_) => ToAct::Chance,
            _ => ToAct::Seat(self.deciding_seat()),
        }
    }

    /// The seat a decision belongs to (meaningful when `to_act` is a seat).
    fn deciding_seat(&self) -> Seat {
        match self.phase {
            Phase::Draft => self
                .players
                .iter()
                .position(|p| p.set_aside.is_none())
                .unwrap_or(0) as Seat,
            Phase::Pass { step, .. } | Phase::Deliver { step } | Phase::NewJar { step, .. } => {
                self.seat_at(step)
            }
            _ => self.active,
        }
    }

    fn solo_drawn_count(&self) -> u8 {
        self.solo_drawn.iter().flatten().count() as u8
    }

    /// Every legal action (for chance: every possible outcome).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// Like `legal_actions`, into a buffer the caller reuses.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.decision() {
            Decision::GameOver => {}
            Decision::Chance(_) => {
                self.for_each_chance(|a, _| out.push(a));
            }
            Decision::Draft => {
                let p = &self.players[self.deciding_seat() as usize];
                for c in p.draft.iter().flatten() {
                    out.push(Action::Draft { set_aside: *c });
                }
            }
            Decision::Dive => {
                let all = all_dives();
                for shore in 0..SHORE_COUNT {
                    if self.shores[shore].is_none() {
                        out.extend_from_slice(&all[shore * 12..shore * 12 + 12]);
                    }
                }
            }
            Decision::Store { colour } => {
                let p = &self.players[self.active as usize];
                let e = p.empty_of(colour);
                for slot in 0..2u8 {
                    if e[slot as usize] > 0 {
                        out.push(Action::Store { colour, slot });
                    }
                }
            }
            Decision::PassOffer { .. } => {
                let p = &self.players[self.deciding_seat() as usize];
                for c in DiceColour::ALL {
                    if self.hand[c.index()] == 0 {
                        continue;
                    }
                    let e = p.empty_of(c);
                    for slot in 0..2u8 {
                        if e[slot as usize] > 0 {
                            out.push(Action::Take { colour: c, slot });
                        }
                    }
                }
                out.push(Action::Decline);
            }
            Decision::DeliverOrder => {
                let p = &self.players[self.deciding_seat() as usize];
                for slot in 0..2u8 {
                    if p.jars[slot as usize].is_some_and(|j| j.is_full()) {
                        out.push(Action::Deliver { slot });
                    }
                }
            }
            Decision::ChoosePile => {
                for (i, pile) in self.piles.iter().enumerate() {
                    if pile.count > 0 {
                        out.push(Action::TakePile { pile: i as u8 });
                    }
                }
            }
            Decision::SoloKeep { .. } => {
                for c in self.solo_drawn.iter().flatten() {
                    out.push(Action::SoloKeep { card: *c });
                }
            }
        }
    }

    /// The possible chance outcomes with their probabilities (empty unless chance is to act).
    pub fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        let mut v = Vec::new();
        self.for_each_chance(|a, p| v.push((a, p)));
        v
    }

    fn for_each_chance(&self, mut f: impl FnMut(Action, f64)) {
        let Decision::Chance(kind) = self.decision() else {
            return;
        };
        match kind {
            ChanceKind::SeedDie { space } => {
                PoolFill::for_each_die(&self.supply, |die, p| f(Action::SeedDie { space, die }, p));
            }
            ChanceKind::RefillOrder => {
                let left = self.fill.unordered();
                let p = 1.0 / left.count_ones() as f64;
                for space in bits(left) {
                    f(Action::RefillOrder { space }, p);
                }
            }
            ChanceKind::DealFavourite { .. } => {
                let left = self.undealt_favourites();
                let p = 1.0 / left.len() as f64;
                for colour in left {
                    f(Action::DealFavourite { colour }, p);
                }
            }
            ChanceKind::DealDraftCard { .. }
            | ChanceKind::RevealPile { .. }
            | ChanceKind::SoloDraw
            | ChanceKind::TempestDiscard => {
                let p = 1.0 / self.unseen.count_ones() as f64;
                for card in bits(self.unseen) {
                    f(Action::DealCard { card }, p);
                }
            }
            ChanceKind::FirstPlayer => {
                let n = self.num_players();
                for seat in 0..n {
                    f(Action::FirstPlayer { seat }, 1.0 / n as f64);
                }
            }
            ChanceKind::BlackDie { .. } => {
                for number in 1..=6 {
                    f(Action::BlackDie { number }, 1.0 / 6.0);
                }
            }
        }
    }

    /// Picks a chance outcome with the right probabilities. `None` unless chance is to act.
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let Decision::Chance(kind) = self.decision() else {
            return None;
        };
        Some(match kind {
            ChanceKind::SeedDie { space } => Action::SeedDie {
                space,
                die: PoolFill::sample_die(&self.supply, rng),
            },
            ChanceKind::RefillOrder => Action::RefillOrder {
                space: self.fill.sample_order(rng),
            },
            ChanceKind::DealFavourite { .. } => {
                let left = self.undealt_favourites();
                Action::DealFavourite {
                    colour: left[below(rng, left.len() as u32) as usize],
                }
            }
            ChanceKind::DealDraftCard { .. }
            | ChanceKind::RevealPile { .. }
            | ChanceKind::SoloDraw
            | ChanceKind::TempestDiscard => {
                let n = self.unseen.count_ones();
                Action::DealCard {
                    card: nth_bit(self.unseen, below(rng, n)),
                }
            }
            ChanceKind::FirstPlayer => Action::FirstPlayer {
                seat: below(rng, self.num_players() as u32) as Seat,
            },
            ChanceKind::BlackDie { .. } => Action::BlackDie {
                number: below(rng, 6) as u8 + 1,
            },
        })
    }

    /// Picks a chance outcome with `rng` and applies it, skipping the legality check (the
    /// outcome comes from the rules themselves). Returns the action, or `None` when chance is
    /// not to act.
    pub fn play_chance<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        let a = self.sample_chance(rng)?;
        debug_assert!(self.check(&a).is_ok(), "sampled {a:?} is illegal");
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        self.step(&a, &mut sink);
        self.settle(&mut sink);
        Some(a)
    }

    /// Plays chance outcomes picked by `rng` until a seat must decide (or the game ends),
    /// passing each to `log`. The same outcomes, in the same order, as calling `play_chance`
    /// repeatedly; a pool fill is dealt straight through, without a dispatch per die.
    /// Returns how many outcomes were played.
    pub fn play_chance_run<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        mut log: impl FnMut(Action),
    ) -> usize {
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        let mut played = 0;
        loop {
            if self.phase == Phase::Seed && self.reveal_pending == 0 {
                while let FillStep::Die(space) = self.fill.step() {
                    let die = PoolFill::sample_die(&self.supply, rng);
                    self.fill.apply_die(die, &mut self.pool, &mut self.supply);
                    log(Action::SeedDie { space, die });
                    played += 1;
                }
                self.after_seed(&mut sink);
                self.settle(&mut sink);
                continue;
            }
            let Some(a) = self.sample_chance(rng) else {
                return played;
            };
            debug_assert!(self.check(&a).is_ok(), "sampled {a:?} is illegal");
            self.step(&a, &mut sink);
            self.settle(&mut sink);
            log(a);
            played += 1;
        }
    }

    fn undealt_favourites(&self) -> Vec<DiceColour> {
        DiceColour::ALL
            .into_iter()
            .filter(|c| !self.players.iter().any(|p| p.favourite == Some(*c)))
            .collect()
    }

    fn ambiguous_store_colour(&self) -> Option<DiceColour> {
        let p = &self.players[self.active as usize];
        DiceColour::ALL.into_iter().find(|&c| {
            let h = self.hand[c.index()];
            let e = p.empty_of(c);
            h > 0 && e[0] > 0 && e[1] > 0 && h < e[0] + e[1]
        })
    }

    fn next_seed_space(&self) -> Option<SpaceId> {
        match self.fill.step() {
            FillStep::Die(space) => Some(space),
            _ => None,
        }
    }

    // ------------------------------------------------------------------ applying actions

    /// Applies an action. An illegal one is refused with the reason; the state is untouched.
    pub fn apply(&mut self, a: &Action) -> Result<Vec<Event>, RuleError> {
        let mut sink = Sink {
            on: true,
            events: Vec::new(),
        };
        self.apply_with(a, &mut sink)?;
        Ok(sink.events)
    }

    /// Like `apply`, without collecting events (for fast playouts and search).
    pub fn apply_quiet(&mut self, a: &Action) -> Result<(), RuleError> {
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        self.apply_with(a, &mut sink)
    }

    pub(crate) fn apply_with(&mut self, a: &Action, sink: &mut Sink) -> Result<(), RuleError> {
        self.check(a)?;
        self.step(a, sink);
        self.settle(sink);
        Ok(())
    }

    /// Resolves every step that has only one possible outcome, so the state always waits for a
    /// real decision or a real chance event.
    fn settle(&mut self, sink: &mut Sink) {
        while let Some(a) = self.forced() {
            self.step(&a, sink);
        }
    }

    fn forced(&self) -> Option<Action> {
        if self.reveal_pending == 0
            && matches!(
                self.phase,
                Phase::Seed
                    | Phase::Dive
                    | Phase::Draft
                    | Phase::Store
                    | Phase::Pass { .. }
                    | Phase::Deliver { .. }
                    | Phase::Tempest { step: 1 }
                    | Phase::FirstPlayer
                    | Phase::GameOver
            )
        {
            return None;
        }
        match self.decision() {
            Decision::GameOver | Decision::Dive | Decision::Draft | Decision::PassOffer { .. } => {
                None
            }
            Decision::Chance(kind) => match kind {
                ChanceKind::RefillOrder if self.fill.order.len() == SPACE_COUNT - 1 => {
                    Some(Action::RefillOrder {
                        space: self.fill.unordered().trailing_zeros() as u8,
                    })
                }
                ChanceKind::DealFavourite { seat } if seat + 1 == 4 => {
                    let left = self.undealt_favourites();
                    (left.len() == 1).then(|| Action::DealFavourite { colour: left[0] })
                }
                ChanceKind::DealDraftCard { .. }
                | ChanceKind::RevealPile { .. }
                | ChanceKind::SoloDraw
                | ChanceKind::TempestDiscard
                    if self.unseen.count_ones() == 1 =>
                {
                    Some(Action::DealCard {
                        card: self.unseen.trailing_zeros() as u8,
                    })
                }
                _ => None,
            },
            Decision::Store { .. } => None,
            Decision::ChoosePile => {
                let mut open = self.piles.iter().enumerate().filter(|(_, p)| p.count > 0);
                match (open.next(), open.next()) {
                    (Some((i, _)), None) => Some(Action::TakePile { pile: i as u8 }),
                    _ => None,
                }
            }
            Decision::SoloKeep { .. } => match self.solo_drawn {
                [Some(c), None] | [None, Some(c)] => Some(Action::SoloKeep { card: c }),
                _ => None,
            },
            // Asked only when two jars are full.
            Decision::DeliverOrder => None,
        }
    }

    /// Is `a` legal now? Says why not.
    pub fn check(&self, a: &Action) -> Result<(), RuleError> {
        let decision = self.decision();
        if decision == Decision::GameOver {
            return Err(RuleError::GameOver);
        }
        let waiting_for_chance = matches!(decision, Decision::Chance(_));
        if a.is_chance() != waiting_for_chance {
            return Err(RuleError::WrongKind {
                waiting: self.waiting(),
            });
        }
        let me = || &self.players[self.deciding_seat() as usize];
        match (*a, decision) {
            (Action::Dive { shore, number, .. }, Decision::Dive) => {
                if shore as usize >= SHORE_COUNT {
                    return Err(RuleError::NoSuchShore { shore });
                }
                if let Some(p) = self.shores[shore as usize] {
                    return Err(RuleError::ShoreTaken { shore, by: p.seat });
                }
                if !(1..=6).contains(&number) {
                    return Err(RuleError::NumberOutOfRange { number });
                }
                if me().pawns == 0 {
                    return Err(RuleError::NoPawnsLeft);
                }
                Ok(())
            }
            (Action::Store { colour, slot }, Decision::Store { colour: want }) => {
                if colour != want {
                    return Err(RuleError::StoreColourFirst { want, got: colour });
                }
                if slot > 1 || me().empty_of(colour)[slot as usize] == 0 {
                    return Err(RuleError::NoEmptySpace { slot, colour });
                }
                Ok(())
            }
            (Action::Take { colour, slot }, Decision::PassOffer { dice, .. }) => {
                if dice[colour.index()] == 0 {
                    return Err(RuleError::NotBeingPassed { colour });
                }
                if slot > 1 || me().empty_of(colour)[slot as usize] == 0 {
                    return Err(RuleError::NoEmptySpace { slot, colour });
                }
                Ok(())
            }
            (Action::Decline, Decision::PassOffer { .. }) => Ok(()),
            (Action::SeedDie { space, die }, Decision::Chance(ChanceKind::SeedDie { .. })) => {
                match self.fill.die_problem(space, die, &self.supply) {
                    Some(p) => Err(RuleError::SeedDie(p)),
                    None => Ok(()),
                }
            }
            (Action::RefillOrder { space }, Decision::Chance(ChanceKind::RefillOrder)) => {
                if self.fill.order_ok(space) {
                    Ok(())
                } else {
                    Err(RuleError::RefillOrder { space })
                }
            }
            (
                Action::DealCard { card },
                Decision::Chance(
                    ChanceKind::DealDraftCard { .. }
                    | ChanceKind::RevealPile { .. }
                    | ChanceKind::SoloDraw
                    | ChanceKind::TempestDiscard,
                ),
            ) => {
                if (card as usize) < DECK_SIZE && self.unseen & (1 << card) != 0 {
                    Ok(())
                } else {
                    Err(RuleError::CardNotFaceDown { card })
                }
            }
            (Action::BlackDie { number }, Decision::Chance(ChanceKind::BlackDie { .. })) => {
                if (1..=6).contains(&number) {
                    Ok(())
                } else {
                    Err(RuleError::BlackDieOutOfRange { number })
                }
            }
            _ => {
                let mut v = Vec::new();
                self.legal_actions_into(&mut v);
                if v.contains(a) {
                    Ok(())
                } else {
                    let card = match *a {
                        Action::Draft { set_aside: c }
                        | Action::DealCard { card: c }
                        | Action::SoloKeep { card: c } => self.comps.deck.cards.get(c as usize),
                        _ => None,
                    };
                    Err(RuleError::NotPossibleNow {
                        action: *a,
                        waiting: self.waiting(),
                        card: card.cloned(),
                    })
                }
            }
        }
    }

    /// What the game waits for, and from which seat.
    pub fn waiting(&self) -> Waiting {
        Waiting {
            decision: self.decision(),
            seat: self.deciding_seat(),
        }
    }

    /// Applies a checked action.
    fn step(&mut self, a: &Action, sink: &mut Sink) {
        match *a {
            Action::SeedDie { space, die } => {
                self.fill.apply_die(die, &mut self.pool, &mut self.supply);
                sink.emit(|| Event::Seeded { space, die });
                if self.next_seed_space().is_none() {
                    self.after_seed(sink);
                }
            }
            Action::RefillOrder { space } => {
                self.fill.apply_order(space, &self.pool, &self.supply);
                sink.emit(|| Event::RefillSpace { space });
                match self.fill.step() {
                    FillStep::Order => {}
                    FillStep::Die(_) => self.phase = Phase::Seed,
                    FillStep::Done => {
                        self.phase = Phase::Seed;
                        self.after_seed(sink);
                    }
                }
            }
            Action::DealFavourite { colour } => {
                let Phase::DealFavourite { seat } = self.phase else {
                    return;
                };
                self.players[seat as usize].favourite = Some(colour);
                sink.emit(|| Event::FavouriteDealt { seat });
                self.phase = if seat + 1 < self.num_players() {
                    Phase::DealFavourite { seat: seat + 1 }
                } else {
                    Phase::DealDraft { seat: 0, k: 0 }
                };
            }
            Action::DealCard { card } => self.deal_card(card, sink),
            Action::FirstPlayer { seat } => {
                sink.emit(|| Event::FirstPlayer { seat });
                self.start_play(seat, sink);
            }
            Action::BlackDie { number } => {
                let section = self.arrow;
                let space = black_die_space(&self.comps, section, number);
                let cleared = self.pool[space as usize].take_all();
                add_counts(&mut self.supply, &cleared);
                sink.emit(|| Event::BlackDie {
                    number,
                    section,
                    space,
                    cleared,
                });
                self.arrow = turn_arrow(&self.comps, self.arrow, self.arrow_direction);
                let to = self.arrow;
                sink.emit(|| Event::ArrowRotated { section: to });
                self.end_turn(sink);
            }
            Action::Draft { set_aside } => {
                let seat = self.deciding_seat();
                self.players[seat as usize].set_aside = Some(set_aside);
                sink.emit(|| Event::DraftChosen { seat });
                if self.players.iter().all(|p| p.set_aside.is_some()) {
                    self.finish_draft(sink);
                }
            }
            Action::Dive {
                shore,
                path,
                number,
            } => {
                let seat = self.active;
                self.shores[shore as usize] = Some(Pawn {
                    seat,
                    round: self.round,
                });
                self.players[seat as usize].pawns -= 1;
                self.last_placer = seat;
                let mut collected = [0u8; 4];
                for &sp in board().path(shore, path).spaces() {
                    let got = self.pool[sp as usize].take_face(number);
                    add_counts(&mut collected, &got);
                }
                self.hand = collected;
                sink.emit(|| Event::Dived {
                    seat,
                    shore,
                    path,
                    number,
                    collected,
                });
                self.phase = Phase::Store;
                self.resolve_store(sink);
            }
            Action::Store { colour, slot } => {
                let seat = self.active;
                self.place(seat, colour, slot, 1);
                self.hand[colour.index()] -= 1;
                sink.emit(|| Event::Stored {
                    seat,
                    colour,
                    slot,
                    count: 1,
                });
                self.resolve_store(sink);
            }
            Action::Take { colour, slot } => {
                let Phase::Pass { step, lap, .. } = self.phase else {
                    return;
                };
                let seat = self.seat_at(step);
                self.place(seat, colour, slot, 1);
                self.hand[colour.index()] -= 1;
                sink.emit(|| Event::Took { seat, colour, slot });
                self.phase = Phase::Pass {
                    step: step + 1,
                    lap,
                    placed: true,
                };
                self.settle_pass(sink);
            }
            Action::Decline => {
                let Phase::Pass { step, lap, placed } = self.phase else {
                    return;
                };
                let seat = self.seat_at(step);
                sink.emit(|| Event::Declined { seat });
                self.phase = Phase::Pass {
                    step: step + 1,
                    lap,
                    placed,
                };
                self.settle_pass(sink);
            }
            Action::Deliver { slot } => {
                let Phase::Deliver { step } = self.phase else {
                    return;
                };
                self.deliver(step, slot, sink);
                self.settle_deliver(sink);
            }
            Action::TakePile { pile } => {
                let Phase::NewJar { step, slot } = self.phase else {
                    return;
                };
                let seat = self.seat_at(step);
                let p = &mut self.piles[pile as usize];
                let card = p.top.take().unwrap_or(0);
                p.count -= 1;
                if p.count > 0 {
                    self.reveal_pending |= 1 << pile;
                }
                self.players[seat as usize].jars[slot as usize] = Some(Jar::new(card, &self.comps));
                sink.emit(|| Event::NewJar {
                    seat,
                    slot,
                    card,
                    pile: Some(pile),
                });
                self.phase = Phase::Deliver { step };
                if self.reveal_pending == 0 {
                    self.settle_deliver(sink);
                }
            }
            Action::SoloKeep { card } => {
                let Phase::NewJar { step, slot } = self.phase else {
                    return;
                };
                let other = self
                    .solo_drawn
                    .iter()
                    .flatten()
                    .copied()
                    .find(|&c| c != card);
                self.solo_drawn = [None; 2];
                self.solo_to_draw = 0;
                self.players[0].jars[slot as usize] = Some(Jar::new(card, &self.comps));
                if let Some(o) = other {
                    self.deck_bottom.push(o);
                    sink.emit(|| Event::SoloKept { card, to_bottom: o });
                }
                sink.emit(|| Event::NewJar {
                    seat: 0,
                    slot,
                    card,
                    pile: None,
                });
                self.phase = Phase::Deliver { step };
                self.settle_deliver(sink);
            }
        }
    }

    fn deal_card(&mut self, card: CardId, sink: &mut Sink) {
        self.unseen &= !(1u32 << card);
        if self.reveal_pending != 0 {
            let pile = self.reveal_pending.trailing_zeros() as u8;
            self.reveal_pending &= !(1 << pile);
            self.piles[pile as usize].top = Some(card);
            sink.emit(|| Event::PileTop { pile, card });
            if self.reveal_pending == 0 {
                // Resume whatever was waiting for the card to turn up.
                if let Phase::Deliver { .. } = self.phase {
                    self.settle_deliver(sink);
                }
            }
            return;
        }
        match self.phase {
            Phase::DealDraft { seat, k } => {
                self.deck_unknown -= 1;
                self.players[seat as usize].draft[k as usize] = Some(card);
                sink.emit(|| Event::DraftCardDealt { seat });
                self.phase = if k < 2 {
                    Phase::DealDraft { seat, k: k + 1 }
                } else if seat + 1 < self.num_players() {
                    Phase::DealDraft {
                        seat: seat + 1,
                        k: 0,
                    }
                } else {
                    Phase::Draft
                };
            }
            Phase::NewJar { .. } => {
                self.deck_unknown -= 1;
                let i = self.solo_drawn_count() as usize;
                self.solo_drawn[i] = Some(card);
                sink.emit(|| Event::SoloDrew { card });
                self.draw_known(sink);
            }
            Phase::Tempest { .. } => {
                self.deck_unknown -= 1;
                self.tempest_discard(card, sink);
            }
            _ => {}
        }
    }

    // ------------------------------------------------------------------ set-up

    fn start_seeding(&mut self, sink: &mut Sink) {
        self.fill = PoolFill::start(&self.pool, &self.supply);
        match self.fill.step() {
            FillStep::Order => self.phase = Phase::RefillOrder,
            FillStep::Die(_) => self.phase = Phase::Seed,
            FillStep::Done => {
                self.phase = Phase::Seed;
                self.after_seed(sink);
            }
        }
    }

    fn after_seed(&mut self, sink: &mut Sink) {
        if !self.started {
            self.phase = Phase::DealFavourite { seat: 0 };
        } else {
            let (round, first) = (self.round, self.first_player);
            sink.emit(|| Event::RoundStarted { round, first });
            self.begin_turn(sink);
        }
    }

    fn finish_draft(&mut self, sink: &mut Sink) {
        for seat in 0..self.num_players() {
            let comps = Arc::clone(&self.comps);
            let p = &mut self.players[seat as usize];
            let aside = p.set_aside.take().unwrap_or(0);
            let kept: Vec<CardId> = p
                .draft
                .iter()
                .flatten()
                .copied()
                .filter(|&c| c != aside)
                .collect();
            p.jars = [
                kept.first().map(|&c| Jar::new(c, &comps)),
                kept.get(1).map(|&c| Jar::new(c, &comps)),
            ];
            p.draft = [None; 3];
            self.unseen |= 1 << aside;
            self.deck_unknown += 1;
            if kept.len() == 2 {
                let kept = [kept[0], kept[1]];
                sink.emit(|| Event::DraftRevealed { seat, kept });
            }
        }
        if self.is_solo() {
            self.start_play(0, sink);
            return;
        }
        let remaining = self.deck_unknown;
        let base = remaining / PILES as u8;
        let extra = remaining % PILES as u8;
        let mut counts = [0u8; PILES];
        for (i, pile) in self.piles.iter_mut().enumerate() {
            pile.count = base + u8::from((i as u8) < extra);
            pile.top = None;
            counts[i] = pile.count;
            if pile.count > 0 {
                self.reveal_pending |= 1 << i;
            }
        }
        self.deck_unknown = 0;
        sink.emit(|| Event::PilesDealt { counts });
        match self.config.first_player {
            Some(f) => {
                sink.emit(|| Event::FirstPlayer { seat: f });
                self.start_play(f, sink);
            }
            None => self.phase = Phase::FirstPlayer,
        }
    }

    fn start_play(&mut self, first: Seat, sink: &mut Sink) {
        self.started = true;
        self.first_player = first;
        self.active = first;
        self.round = 1;
        self.turn = 0;
        self.direction = Direction::Clockwise;
        self.begin_turn(sink);
    }

    fn begin_turn(&mut self, sink: &mut Sink) {
        self.phase = Phase::Dive;
        let (seat, round, turn) = (self.active, self.round, self.turn);
        sink.emit(|| Event::TurnStarted { seat, round, turn });
    }

    // ------------------------------------------------------------------ the turn

    fn place(&mut self, seat: Seat, colour: DiceColour, slot: u8, n: u8) {
        if let Some(j) = self.players[seat as usize].jars[slot as usize].as_mut() {
            j.filled[colour.index()] += n;
        }
    }

    /// Places every die whose jar is forced; stops at the first real choice.
    fn resolve_store(&mut self, sink: &mut Sink) {
        let seat = self.active;
        for c in DiceColour::ALL {
            let h = self.hand[c.index()];
            if h == 0 {
                continue;
            }
            let e = self.players[seat as usize].empty_of(c);
            let total = e[0] + e[1];
            if total == 0 {
                continue;
            }
            if h >= total {
                for slot in 0..2u8 {
                    let n = e[slot as usize];
                    if n > 0 {
                        self.place(seat, c, slot, n);
                        sink.emit(|| Event::Stored {
                            seat,
                            colour: c,
                            slot,
                            count: n,
                        });
                    }
                }
                self.hand[c.index()] -= total;
            } else if e[0] == 0 || e[1] == 0 {
                let slot = if e[0] > 0 { 0 } else { 1 };
                self.place(seat, c, slot, h);
                self.hand[c.index()] = 0;
                sink.emit(|| Event::Stored {
                    seat,
                    colour: c,
                    slot,
                    count: h,
                });
            }
        }
        if self.ambiguous_store_colour().is_some() {
            self.phase = Phase::Store;
            return;
        }
        let hand = self.hand;
        if hand == [0; 4] {
            self.start_deliveries(sink);
        } else if self.is_solo() {
            add_counts(&mut self.tempest_dice, &hand);
            self.hand = [0; 4];
            sink.emit(|| Event::ToTempest { dice: hand });
            self.start_deliveries(sink);
        } else {
            sink.emit(|| Event::PassStarted { dice: hand });
            self.phase = Phase::Pass {
                step: 1,
                lap: 1,
                placed: false,
            };
            self.settle_pass(sink);
        }
    }

    /// Moves the pass on to the next seat that could place one of the dice left (SPEC §4.3):
    /// round the table in turn order, lap after lap, skipping the active player and anybody
    /// with no matching empty space. Ends the pass (what is left goes to the supply) once no
    /// die is left, none fits any other player, or a whole lap went by with nobody placing.
    fn settle_pass(&mut self, sink: &mut Sink) {
        loop {
            let Phase::Pass { step, lap, placed } = self.phase else {
                return;
            };
            if !self.pass_can_go_on() {
                break;
            }
            if step >= self.num_players() {
                if !placed {
                    break;
                }
                let next = lap.saturating_add(1);
                let dice = self.hand;
                sink.emit(|| Event::PassLap { lap: next, dice });
                self.phase = Phase::Pass {
                    step: 1,
                    lap: next,
                    placed: false,
                };
                continue;
            }
            if self.players[self.seat_at(step) as usize].can_place_any(&self.hand) {
                return;
            }
            self.phase = Phase::Pass {
                step: step + 1,
                lap,
                placed,
            };
        }
        let hand = self.hand;
        if hand != [0; 4] {
            add_counts(&mut self.supply, &hand);
            self.hand = [0; 4];
            sink.emit(|| Event::ToSupply { dice: hand });
        }
        self.start_deliveries(sink);
    }

    /// Could any player other than the active one place one of the dice being passed?
    fn pass_can_go_on(&self) -> bool {
        self.hand != [0; 4]
            && self
                .players
                .iter()
                .enumerate()
                .any(|(i, p)| i != self.active as usize && p.can_place_any(&self.hand))
    }

    fn start_deliveries(&mut self, sink: &mut Sink) {
        self.phase = Phase::Deliver { step: 0 };
        self.settle_deliver(sink);
    }

    /// Runs deliveries in turn order from the active player; stops where a decision or a
    /// card turning up is needed.
    fn settle_deliver(&mut self, sink: &mut Sink) {
        loop {
            if self.reveal_pending != 0 {
                return;
            }
            let Phase::Deliver { step } = self.phase else {
                return;
            };
            if step >= self.num_players() {
                self.after_deliveries(sink);
                return;
            }
            let seat = self.seat_at(step);
            let p = &self.players[seat as usize];
            let full = [0usize, 1].map(|s| p.jars[s].is_some_and(|j| j.is_full()));
            match full {
                [false, false] => self.phase = Phase::Deliver { step: step + 1 },
                [true, false] | [false, true] => {
                    let slot = if full[0] { 0 } else { 1 };
                    self.deliver(step, slot, sink);
                    if !matches!(self.phase, Phase::Deliver { .. }) {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Delivers one jar and sets up taking the new one.
    fn deliver(&mut self, step: u8, slot: u8, sink: &mut Sink) {
        let seat = self.seat_at(step);
        let Some(jar) = self.players[seat as usize].jars[slot as usize].take() else {
            return;
        };
        add_counts(&mut self.supply, &jar.filled);
        let colour = self.comps.card(jar.card).colour;
        let token = take_top_token(
            &mut self.stack_taken,
            &mut self.players[seat as usize].tokens,
            colour,
            &self.comps,
        )
        .map(|v| (colour, v));
        self.players[seat as usize].delivered |= 1 << jar.card;
        sink.emit(|| Event::Delivered {
            seat,
            slot,
            card: jar.card,
            token,
        });
        // The new jar.
        if self.is_solo() {
            let deck = self.deck_unknown + self.deck_bottom.len() as u8;
            if deck == 0 {
                sink.emit(|| Event::NoJarLeft { seat });
                return;
            }
            self.solo_to_draw = deck.min(2);
            self.solo_drawn = [None; 2];
            self.phase = Phase::NewJar { step, slot };
            self.draw_known(sink);
        } else {
            if self.piles.iter().all(|p| p.count == 0) {
                sink.emit(|| Event::NoJarLeft { seat });
                return;
            }
            self.phase = Phase::NewJar { step, slot };
        }
    }

    /// Solo: cards drawn from the known bottom part of the deck need no chance.
    fn draw_known(&mut self, sink: &mut Sink) {
        while self.solo_drawn_count() < self.solo_to_draw && self.deck_unknown == 0 {
            if self.deck_bottom.is_empty() {
                self.solo_to_draw = self.solo_drawn_count();
                break;
            }
            let card = self.deck_bottom.remove(0);
            let i = self.solo_drawn_count() as usize;
            self.solo_drawn[i] = Some(card);
            sink.emit(|| Event::SoloDrew { card });
        }
    }

    fn after_deliveries(&mut self, sink: &mut Sink) {
        if self.is_solo() {
            self.phase = Phase::Tempest { step: 0 };
            if self.deck_unknown == 0 {
                if self.deck_bottom.is_empty() {
                    sink.emit(|| Event::TempestDiscard {
                        card: None,
                        token: None,
                    });
                    self.phase = Phase::Tempest { step: 1 };
                } else {
                    let card = self.deck_bottom.remove(0);
                    self.tempest_discard(card, sink);
                }
            }
        } else {
            self.end_turn(sink);
        }
    }

    fn tempest_discard(&mut self, card: CardId, sink: &mut Sink) {
        self.discards |= 1 << card;
        let colour = self.comps.card(card).colour;
        let token = take_top_token(
            &mut self.stack_taken,
            &mut self.tempest_tokens,
            colour,
            &self.comps,
        )
        .map(|v| (colour, v));
        sink.emit(|| Event::TempestDiscard {
            card: Some(card),
            token,
        });
        self.phase = Phase::Tempest { step: 1 };
    }

    fn end_turn(&mut self, sink: &mut Sink) {
        self.turn += 1;
        if self.turn >= self.turns_per_round() {
            self.end_round(sink);
            return;
        }
        if !self.is_solo() {
            self.active = self.direction.step(self.active, 1, self.num_players());
        }
        self.begin_turn(sink);
    }

    fn end_round(&mut self, sink: &mut Sink) {
        let round = self.round;
        sink.emit(|| Event::RoundEnded { round });
        if self.round >= 2 {
            self.phase = Phase::GameOver;
            sink.emit(|| Event::GameOver);
            return;
        }
        self.round = 2;
        self.turn = 0;
        if self.is_solo() {
            self.players[0].pawns = SOLO_PAWNS;
            self.arrow_direction = self.arrow_direction.reversed();
        } else {
            self.shores = [None; SHORE_COUNT];
            let each = TOTAL_PAWNS / self.num_players();
            for p in &mut self.players {
                p.pawns = each;
            }
            self.first_player = self.last_placer;
            self.active = self.last_placer;
            self.direction = Direction::CounterClockwise;
        }
        for s in 0..SPACE_COUNT {
            let d = self.pool[s].take_all();
            add_counts(&mut self.supply, &d);
        }
        self.start_seeding(sink);
    }

    // ------------------------------------------------------------------ scoring

    /// The plain input final scoring reads, as the game stands now.
    pub fn score_input(&self) -> ScoreInput {
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let d = scoring::summarise_delivered(
                    bits(p.delivered).map(|c| self.comps.card(c)),
                    p.favourite,
                );
                PlayerInput {
                    name: format!("Player {}", i + 1),
                    tokens: self.comps.held_tokens(&p.tokens),
                    delivered: d.delivered,
                    jars: Some(d.jars),
                    jar_bonus: d.jar_bonus,
                    favourite: p.favourite,
                    favourite_spaces: d.favourite_spaces,
                    leftover_dice: p.jars.iter().flatten().map(|j| j.dice()).sum(),
                }
            })
            .collect();
        ScoreInput {
            players,
            stacks: Some(PerJar::from_fn(|c| {
                (TOKENS_PER_STACK as u32).saturating_sub(self.stack_taken[c.index()] as u32)
            })),
            tempest: self.is_solo().then(|| TempestInput {
                tokens: self.comps.held_tokens(&self.tempest_tokens),
                dice: self.tempest_dice.iter().map(|&x| x as u32).sum(),
            }),
        }
    }

    /// Final scores (meaningful once the game is over; a running tally before).
    pub fn final_score(&self) -> ScoreResult {
        scoring::score(&self.score_input())
    }

    // ------------------------------------------------------------------ invariants

    /// SPEC §9 conservation, and the model's own bookkeeping. Err says what is wrong.
    pub fn check_invariants(&self) -> Result<(), String> {
        // Dice.
        let mut dice = [0u32; 4];
        for s in &self.pool {
            for d in s.dice() {
                dice[d.colour.index()] += 1;
                if !(1..=6).contains(&d.face) {
                    return Err(format!("die with face {}", d.face));
                }
            }
        }
        for (i, s) in self.pool.iter().enumerate() {
            if s.len() > capacity(i as u8) {
                return Err(format!("{} holds {} dice", space_name(i as u8), s.len()));
            }
        }
        for (c, total) in dice.iter_mut().enumerate() {
            *total += self.supply[c] as u32 + self.hand[c] as u32 + self.tempest_dice[c] as u32;
            for p in &self.players {
                for j in p.jars.iter().flatten() {
                    *total += j.filled[c] as u32;
                    if j.filled[c] > j.needs[c] {
                        return Err("a jar is overfilled".into());
                    }
                }
            }
            if *total != DICE_PER_COLOUR as u32 {
                return Err(format!(
                    "{} {} dice in play, not {}",
                    total,
                    DiceColour::ALL[c],
                    DICE_PER_COLOUR
                ));
            }
        }
        // Cards: every card in exactly one place.
        let mut places: Vec<(String, u32)> = vec![("unseen".into(), self.unseen)];
        for (i, p) in self.players.iter().enumerate() {
            let mut draft = 0u32;
            for c in p.draft.iter().flatten() {
                draft |= 1 << c;
            }
            places.push((format!("seat {} draft", i + 1), draft));
            let mut jars = 0u32;
            for j in p.jars.iter().flatten() {
                jars |= 1 << j.card;
            }
            places.push((format!("seat {} jars", i + 1), jars));
            places.push((format!("seat {} delivered", i + 1), p.delivered));
        }
        let mut tops = 0u32;
        for p in &self.piles {
            if let Some(t) = p.top {
                tops |= 1 << t;
            }
        }
        places.push(("pile tops".into(), tops));
        places.push(("discards".into(), self.discards));
        let mut bottom = 0u32;
        for c in &self.deck_bottom {
            bottom |= 1 << c;
        }
        places.push(("deck bottom".into(), bottom));
        let mut drawn = 0u32;
        for c in self.solo_drawn.iter().flatten() {
            drawn |= 1 << c;
        }
        places.push(("solo drawn".into(), drawn));
        let mut all = 0u32;
        let mut count = 0u32;
        for (name, m) in &places {
            if all & m != 0 {
                return Err(format!("a card in {name} is also somewhere else"));
            }
            all |= m;
            count += m.count_ones();
        }
        if all != (1u32 << DECK_SIZE) - 1 || count != DECK_SIZE as u32 {
            return Err(format!("{count} jar cards accounted for, not {DECK_SIZE}"));
        }
        if self.deck_bottom.len() as u32 != bottom.count_ones() {
            return Err("a card is twice in the deck bottom".into());
        }
        let hidden: u32 = self.deck_unknown as u32
            + self
                .piles
                .iter()
                .map(|p| p.count as u32 - u32::from(p.top.is_some()))
                .sum::<u32>();
        if hidden != self.unseen.count_ones() {
            return Err(format!(
                "{hidden} face-down places but {} unseen cards",
                self.unseen.count_ones()
            ));
        }
        // Tokens.
        for c in JarColour::ALL {
            let ci = c.index();
            let mut union = self.tempest_tokens[ci];
            let mut n = self.tempest_tokens[ci].count_ones();
            for p in &self.players {
                if union & p.tokens[ci] != 0 {
                    return Err(format!("a {c} token is held twice"));
                }
                union |= p.tokens[ci];
                n += p.tokens[ci].count_ones();
            }
            let taken = self.stack_taken[ci] as u32;
            if n != taken || union != ((1u32 << taken) - 1) as u16 {
                return Err(format!(
                    "{c} tokens: {n} held but {taken} taken from the top"
                ));
            }
        }
        // Pawns.
        let on_shores = self.shores.iter().flatten().count() as u32;
        let in_hand: u32 = self.players.iter().map(|p| p.pawns as u32).sum();
        let expected = if self.is_solo() {
            SOLO_PAWNS as u32 * self.round as u32
        } else {
            TOTAL_PAWNS as u32
        };
        if on_shores + in_hand != expected {
            return Err(format!(
                "{on_shores} pawns on shores + {in_hand} in hand, not {expected}"
            ));
        }
        if self.started && !self.is_over() {
            let placed_this_round = if self.is_solo() {
                self.shores
                    .iter()
                    .flatten()
                    .filter(|p| p.round == self.round)
                    .count() as u8
            } else {
                on_shores as u8
            };
            let between_turns =
                matches!(self.phase, Phase::Dive | Phase::Seed | Phase::RefillOrder);
            let want = self.turn + u8::from(!between_turns);
            if placed_this_round != want {
                return Err(format!(
                    "{placed_this_round} pawns placed in round {} after {} turns",
                    self.round, self.turn
                ));
            }
        }
        Ok(())
    }
}
