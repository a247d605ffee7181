//! Final scoring input and the conservation checks of SPEC §9.

use super::*;

/// A broken conservation law or piece of bookkeeping (SPEC §9): a bug in the engine, or a
/// hand-built state that cannot happen. For tests and debugging.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    DieFace {
        face: u8,
    },
    SpaceOverfull {
        space: SpaceId,
        dice: u8,
    },
    JarOverfilled,
    /// Dice of a colour in play (pool, supply, hand, tempest, jars) not the number made.
    DiceCount {
        colour: DiceColour,
        count: u32,
    },
    CardTwice {
        place: CardPlace,
    },
    CardCount {
        count: u32,
    },
    DeckBottomTwice,
    HiddenCount {
        face_down: u32,
        unseen: u32,
    },
    TokenTwice {
        colour: JarColour,
    },
    TokenCount {
        colour: JarColour,
        held: u32,
        taken: u32,
    },
    PawnCount {
        on_shores: u32,
        in_hand: u32,
        expected: u32,
    },
    PawnsThisRound {
        placed: u8,
        round: u8,
        turn: u8,
    },
}

/// Where a jar card can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPlace {
    Unseen,
    Draft(Seat),
    Jars(Seat),
    Delivered(Seat),
    PileTops,
    Discards,
    DeckBottom,
    SoloDrawn,
}

impl GameState {
    /// The plain input final scoring reads, as the game stands now.
    pub fn score_input(&self) -> ScoreInput {
        let players = self
            .players
            .iter()
            .zip(&self.secrets)
            .map(|(p, secret)| {
                let d = scoring::summarise_delivered(
                    bits(p.delivered).map(|c| self.comps.card(c)),
                    secret.favourite,
                );
                PlayerInput {
                    // Unnamed: the front ends call an unnamed player by seat, in their language.
                    name: String::new(),
                    tokens: self.comps.held_tokens(&p.tokens),
                    delivered: d.delivered,
                    jars: Some(d.jars),
                    jar_bonus: d.jar_bonus,
                    favourite: secret.favourite,
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

    // ------------------------------------------------------------------ invariants

    /// SPEC §9 conservation, and the model's own bookkeeping. Err says what is wrong.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        // Dice.
        let mut dice = [0u32; 4];
        for s in &self.pool {
            for d in s.dice() {
                dice[d.colour.index()] += 1;
                if !(1..=6).contains(&d.face) {
                    return Err(Broken::DieFace { face: d.face });
                }
            }
        }
        for (i, s) in self.pool.iter().enumerate() {
            if s.len() > capacity(i as u8) {
                return Err(Broken::SpaceOverfull {
                    space: i as SpaceId,
                    dice: s.len(),
                });
            }
        }
        for (c, total) in dice.iter_mut().enumerate() {
            *total += self.supply[c] as u32 + self.hand[c] as u32 + self.tempest_dice[c] as u32;
            for p in &self.players {
                for j in p.jars.iter().flatten() {
                    *total += j.filled[c] as u32;
                    if j.filled[c] > j.needs[c] {
                        return Err(Broken::JarOverfilled);
                    }
                }
            }
            if *total != DICE_PER_COLOUR as u32 {
                return Err(Broken::DiceCount {
                    colour: DiceColour::ALL[c],
                    count: *total,
                });
            }
        }
        // Cards: every card in exactly one place.
        let mut places: Vec<(CardPlace, u32)> = vec![(CardPlace::Unseen, self.unseen)];
        for (i, (p, secret)) in self.players.iter().zip(&self.secrets).enumerate() {
            let mut draft = 0u32;
            for c in secret.draft.iter().flatten() {
                draft |= 1 << c;
            }
            places.push((CardPlace::Draft(i as Seat), draft));
            let mut jars = 0u32;
            for j in p.jars.iter().flatten() {
                jars |= 1 << j.card;
            }
            places.push((CardPlace::Jars(i as Seat), jars));
            places.push((CardPlace::Delivered(i as Seat), p.delivered));
        }
        let mut tops = 0u32;
        for p in &self.piles {
            if let Some(t) = p.top {
                tops |= 1 << t;
            }
        }
        places.push((CardPlace::PileTops, tops));
        places.push((CardPlace::Discards, self.discards));
        let mut bottom = 0u32;
        for c in &self.deck_bottom {
            bottom |= 1 << c;
        }
        places.push((CardPlace::DeckBottom, bottom));
        let mut drawn = 0u32;
        for c in self.solo_drawn.iter().flatten() {
            drawn |= 1 << c;
        }
        places.push((CardPlace::SoloDrawn, drawn));
        let mut all = 0u32;
        let mut count = 0u32;
        for (place, m) in &places {
            if all & m != 0 {
                return Err(Broken::CardTwice { place: *place });
            }
            all |= m;
            count += m.count_ones();
        }
        if all != (1u32 << DECK_SIZE) - 1 || count != DECK_SIZE as u32 {
            return Err(Broken::CardCount { count });
        }
        if self.deck_bottom.len() as u32 != bottom.count_ones() {
            return Err(Broken::DeckBottomTwice);
        }
        let hidden: u32 = self.deck_unknown as u32
            + self
                .piles
                .iter()
                .map(|p| p.count as u32 - u32::from(p.top.is_some()))
                .sum::<u32>();
        if hidden != self.unseen.count_ones() {
            return Err(Broken::HiddenCount {
                face_down: hidden,
                unseen: self.unseen.count_ones(),
            });
        }
        // Tokens.
        for c in JarColour::ALL {
            let ci = c.index();
            let mut union = self.tempest_tokens[ci];
            let mut n = self.tempest_tokens[ci].count_ones();
            for p in &self.players {
                if union & p.tokens[ci] != 0 {
                    return Err(Broken::TokenTwice { colour: c });
                }
                union |= p.tokens[ci];
                n += p.tokens[ci].count_ones();
            }
            let taken = self.stack_taken[ci] as u32;
            if n != taken || union != ((1u32 << taken) - 1) as u16 {
                return Err(Broken::TokenCount {
                    colour: c,
                    held: n,
                    taken,
                });
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
            return Err(Broken::PawnCount {
                on_shores,
                in_hand,
                expected,
            });
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
                return Err(Broken::PawnsThisRound {
                    placed: placed_this_round,
                    round: self.round,
                    turn: self.turn,
                });
            }
        }
        Ok(())
    }
}
