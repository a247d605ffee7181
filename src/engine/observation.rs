//! What one seat may see: the table, which is the same for every seat and is carried as it
//! is, and the seat's own secrets. The other seats' secrets are in no field at all (favourite,
//! draft hand, set-aside card), nor is anything that reveals face-down cards, so code that
//! only has an `Observation` cannot read them.

use super::action::{Decision, ToAct};
use super::components::DECK_SIZE;
use super::seeding::{below, nth_bit};
use super::state::{GameState, Phase, Seats, Secret, Table};
use super::types::{CardId, DiceColour, Seat};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A seat's jar draft as everyone sees it: cards in hand, and whether one is set aside.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftView {
    pub cards: u8,
    pub chosen: bool,
}

/// The viewer's own secrets. Reads through to them: `own.favourite`, `own.draft`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnView {
    pub seat: Seat,
    pub secret: Secret,
}

impl std::ops::Deref for OwnView {
    type Target = Secret;
    fn deref(&self) -> &Secret {
        &self.secret
    }
}

/// One seat's view: the public table (read through: `obs.pool`, `obs.players[1].jars`), what
/// the table shows of each draft, who acts and what is asked, and the viewer's secrets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Observation {
    pub table: Table,
    /// Per seat.
    pub drafts: Seats<DraftView>,
    pub to_act: ToAct,
    pub decision: Decision,
    /// The viewer's secrets; `None` for a spectator.
    pub own: Option<OwnView>,
}

impl std::ops::Deref for Observation {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl GameState {
    /// The game as `viewer` sees it (`None`: a spectator, who sees only public information).
    pub fn observation(&self, viewer: Option<Seat>) -> Observation {
        Observation {
            table: self.table.clone(),
            drafts: self.draft_views(),
            to_act: self.to_act(),
            decision: self.decision(),
            own: self.own_view(viewer),
        }
    }

    /// Makes `obs` the game as `viewer` sees it, in place: the same as `observation`, without
    /// building a new one (an observation holds no allocation, so this is a copy).
    pub fn observe_into(&self, viewer: Option<Seat>, obs: &mut Observation) {
        self.observe_into_decided(viewer, self.decision(), obs);
    }

    /// `observe_into` when the decision is known already (`decision()`).
    pub fn observe_into_decided(
        &self,
        viewer: Option<Seat>,
        decision: Decision,
        obs: &mut Observation,
    ) {
        debug_assert_eq!(decision, self.decision());
        obs.table.clone_from(&self.table);
        obs.drafts = self.draft_views();
        obs.to_act = self.to_act_for(decision);
        obs.decision = decision;
        obs.own = self.own_view(viewer);
    }

    fn draft_views(&self) -> Seats<DraftView> {
        self.secrets
            .iter()
            .map(|s| DraftView {
                cards: s.draft.iter().flatten().count() as u8,
                chosen: s.set_aside.is_some(),
            })
            .collect()
    }

    fn own_view(&self, viewer: Option<Seat>) -> Option<OwnView> {
        viewer
            .filter(|&s| (s as usize) < self.secrets.len())
            .map(|s| OwnView {
                seat: s,
                secret: self.secrets[s as usize],
            })
    }
}

impl Observation {
    /// Cards this viewer has not seen anywhere: the pool any face-down card may come from.
    pub fn unseen_cards(&self) -> u32 {
        let mut seen = self.discards;
        for p in &self.players {
            seen |= p.delivered;
            for j in p.jars.iter().flatten() {
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
            let c = nth_bit(*pool, below(rng, n.max(1)));
            *pool &= !(1u32 << c);
            c
        };
        let mut secrets = Seats::new();
        for (i, draft) in self.drafts.iter().enumerate() {
            let secret = match &self.own {
                Some(o) if Some(i as Seat) == viewer => o.secret,
                _ => {
                    let mut s = Secret::default();
                    let dealt = match self.phase {
                        Phase::DealFavourite { seat } => (i as Seat) < seat,
                        Phase::Seed | Phase::RefillOrder => self.started,
                        _ => true,
                    };
                    if dealt && !free_colours.is_empty() {
                        let k = below(rng, free_colours.len() as u32) as usize;
                        s.favourite = Some(free_colours.swap_remove(k));
                    }
                    for k in 0..draft.cards as usize {
                        s.draft[k] = Some(take_card(&mut pool, rng));
                    }
                    if draft.chosen {
                        let k = below(rng, draft.cards.max(1) as u32) as usize;
                        s.set_aside = s.draft[k];
                    }
                    s
                }
            };
            secrets.push(secret);
        }
        GameState {
            table: self.table.clone(),
            secrets,
            unseen: pool,
        }
    }
}
