//! What one seat may see. The types hold no field for another seat's secrets (favourite, draft
//! hand, set-aside card) and nothing that reveals face-down cards, so code that only has an
//! `Observation` cannot read them.

use super::action::{Decision, ToAct};
use super::board::{SHORE_COUNT, SPACE_COUNT};
use super::components::{Components, DECK_SIZE};
use super::seeding::{PoolFill, below};
use super::state::{GameConfig, GameState, Jar, Pawn, Phase, Player, SpaceDice};
use super::types::{CardId, ColourCounts, DiceColour, Direction, Seat};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Another seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub pawns: u8,
    pub jars: [Option<Jar>; 2],
    /// Delivered cards (they were face up as jars before delivery).
    pub delivered: u32,
    /// Tokens per colour, bit i = i-th token from the top of that stack.
    pub tokens: [u16; 3],
    /// During the draft: cards in hand (count only) and whether a choice has been made.
    pub draft_cards: u8,
    pub draft_chosen: bool,
}

/// The viewer's own secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnView {
    pub seat: Seat,
    pub favourite: Option<DiceColour>,
    pub draft: [Option<CardId>; 3],
    pub set_aside: Option<CardId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileView {
    pub count: u8,
    pub top: Option<CardId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Observation {
    pub comps: Arc<Components>,
    pub config: GameConfig,
    /// Where the rules are (public).
    pub phase: Phase,
    pub players: u8,
    pub solo: bool,
    pub round: u8,
    pub turn: u8,
    pub active: Seat,
    pub first_player: Seat,
    pub direction: Direction,
    pub last_placer: Seat,
    pub started: bool,
    pub over: bool,
    pub to_act: ToAct,
    pub decision: Decision,
    pub pool: [SpaceDice; SPACE_COUNT],
    pub supply: ColourCounts,
    /// Dice collected this turn and not yet placed (being stored or passed).
    pub hand: ColourCounts,
    pub shores: [Option<Pawn>; SHORE_COUNT],
    pub seats: Vec<SeatView>,
    pub stack_taken: [u8; 3],
    pub piles: [PileView; 4],
    /// Face-down cards: the set-up deck, or the solo deck's unknown top part.
    pub deck_unknown: u8,
    /// Solo: cards the player put at the bottom of the deck, top first.
    pub deck_bottom: Vec<CardId>,
    pub discards: u32,
    pub tempest_tokens: [u16; 3],
    pub tempest_dice: ColourCounts,
    pub arrow: u8,
    pub arrow_direction: Direction,
    /// Solo: the two cards drawn for a new jar (seen by the solo player), and how many are
    /// being drawn.
    pub solo_drawn: [Option<CardId>; 2],
    pub solo_to_draw: u8,
    /// Piles whose new top card is about to turn up.
    pub reveal_pending: u8,
    /// The pool fill under way (seeding and refills are public).
    pub fill: PoolFill,
    /// The viewer's secrets; `None` for a spectator.
    pub own: Option<OwnView>,
}

impl GameState {
    /// The game as `viewer` sees it (`None`: a spectator, who sees only public information).
    pub fn observation(&self, viewer: Option<Seat>) -> Observation {
        let seats = self
            .players
            .iter()
            .map(|p| SeatView {
                pawns: p.pawns,
                jars: p.jars,
                delivered: p.delivered,
                tokens: p.tokens,
                draft_cards: p.draft.iter().flatten().count() as u8,
                draft_chosen: p.set_aside.is_some(),
            })
            .collect();
        let own = viewer
            .filter(|&s| (s as usize) < self.players.len())
            .map(|s| {
                let p = &self.players[s as usize];
                OwnView {
                    seat: s,
                    favourite: p.favourite,
                    draft: p.draft,
                    set_aside: p.set_aside,
                }
            });
        let mut piles = [PileView {
            count: 0,
            top: None,
        }; 4];
        for (i, p) in self.piles.iter().enumerate() {
            piles[i] = PileView {
                count: p.count,
                top: p.top,
            };
        }
        Observation {
            comps: Arc::clone(&self.comps),
            config: self.config.clone(),
            phase: self.phase,
            players: self.num_players(),
            solo: self.is_solo(),
            round: self.round,
            turn: self.turn,
            active: self.active,
            first_player: self.first_player,
            direction: self.direction,
            last_placer: self.last_placer,
            started: self.started,
            over: self.is_over(),
            to_act: self.to_act(),
            decision: self.decision(),
            pool: self.pool,
            supply: self.supply,
            hand: self.hand,
            shores: self.shores,
            seats,
            stack_taken: self.stack_taken,
            piles,
            deck_unknown: self.deck_unknown,
            deck_bottom: self.deck_bottom.clone(),
            discards: self.discards,
            tempest_tokens: self.tempest_tokens,
            tempest_dice: self.tempest_dice,
            arrow: self.arrow,
            arrow_direction: self.arrow_direction,
            solo_drawn: self.solo_drawn,
            solo_to_draw: self.solo_to_draw,
            reveal_pending: self.reveal_pending,
            fill: self.fill.clone(),
            own,
        }
    }
}

impl Observation {
    /// Cards this viewer has not seen anywhere: the pool any face-down card may come from.
    pub fn unseen_cards(&self) -> u32 {
        let mut seen = self.discards;
        for s in &self.seats {
            seen |= s.delivered;
            for j in s.jars.iter().flatten() {
                seen |= 1 << j.card;
            }
        }
        for p in &self.piles {
            if let Some(t) = p.top {
                seen |= 1 << t;
            }
        }
        for c in self
            .deck_bottom
            .iter()
            .chain(self.solo_drawn.iter().flatten())
        {
            seen |= 1 << c;
        }
        if let Some(o) = &self.own {
            for c in o.draft.iter().flatten() {
                seen |= 1 << c;
            }
        }
        ((1u32 << DECK_SIZE) - 1) & !seen
    }
}

impl Observation {
    /// A full game state consistent with everything this viewer has seen, with the hidden
    /// parts drawn at random: the other seats' favourites (from the colours the viewer does not
    /// hold) and, during the jar draft, their hands and set-aside cards (from the cards the
    /// viewer has not seen). Face-down cards need no drawing: the rules decide them by chance
    /// when they turn up. For search (determinized Monte Carlo) and for tests.
    pub fn determinize<R: Rng + ?Sized>(&self, rng: &mut R) -> GameState {
        let viewer = self.own.as_ref().map(|o| o.seat);
        let mut free_colours: Vec<DiceColour> = DiceColour::ALL
            .into_iter()
            .filter(|c| self.own.as_ref().and_then(|o| o.favourite) != Some(*c))
            .collect();
        let mut pool = self.unseen_cards();
        let take_card = |pool: &mut u32, rng: &mut R| -> CardId {
            let n = pool.count_ones();
            let c = super::state::nth_bit(*pool, below(rng, n.max(1)));
            *pool &= !(1u32 << c);
            c
        };
        let mut players = Vec::with_capacity(self.seats.len());
        for (i, sv) in self.seats.iter().enumerate() {
            let mut p = Player {
                pawns: sv.pawns,
                favourite: None,
                jars: sv.jars,
                delivered: sv.delivered,
                tokens: sv.tokens,
                draft: [None; 3],
                set_aside: None,
            };
            if Some(i as Seat) == viewer {
                let o = self.own.as_ref().expect("viewer has an own view");
                p.favourite = o.favourite;
                p.draft = o.draft;
                p.set_aside = o.set_aside;
            } else {
                let dealt = match self.phase {
                    Phase::DealFavourite { seat } => (i as Seat) < seat,
                    Phase::Seed | Phase::RefillOrder => self.started,
                    _ => true,
                };
                if dealt && !free_colours.is_empty() {
                    let k = below(rng, free_colours.len() as u32) as usize;
                    p.favourite = Some(free_colours.swap_remove(k));
                }
                for k in 0..sv.draft_cards as usize {
                    p.draft[k] = Some(take_card(&mut pool, rng));
                }
                if sv.draft_chosen {
                    let k = below(rng, sv.draft_cards.max(1) as u32) as usize;
                    p.set_aside = p.draft[k];
                }
            }
            players.push(p);
        }
        GameState {
            comps: Arc::clone(&self.comps),
            config: self.config.clone(),
            phase: self.phase,
            round: self.round,
            turn: self.turn,
            active: self.active,
            first_player: self.first_player,
            direction: self.direction,
            last_placer: self.last_placer,
            started: self.started,
            pool: self.pool,
            supply: self.supply,
            hand: self.hand,
            shores: self.shores,
            players,
            stack_taken: self.stack_taken,
            unseen: pool,
            deck_unknown: self.deck_unknown,
            deck_bottom: self.deck_bottom.clone(),
            piles: self.piles.map(|p| super::state::Pile {
                count: p.count,
                top: p.top,
            }),
            reveal_pending: self.reveal_pending,
            discards: self.discards,
            tempest_tokens: self.tempest_tokens,
            tempest_dice: self.tempest_dice,
            arrow: self.arrow,
            arrow_direction: self.arrow_direction,
            solo_drawn: self.solo_drawn,
            solo_to_draw: self.solo_to_draw,
            fill: self.fill.clone(),
        }
    }
}
