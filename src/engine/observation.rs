//! What one seat may see. The types hold no field for another seat's secrets (favourite, draft
//! hand, set-aside card) and nothing that reveals face-down cards, so code that only has an
//! `Observation` cannot read them.

use super::action::{Decision, ToAct};
use super::board::{SHORE_COUNT, SPACE_COUNT};
use super::components::{Components, DECK_SIZE};
use super::state::{GameState, Jar, Pawn, SpaceDice};
use super::types::{CardId, ColourCounts, DiceColour, Direction, Seat};
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
    /// Solo: the two cards drawn for a new jar (seen by the solo player).
    pub solo_drawn: [Option<CardId>; 2],
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
