//! Final scoring input and the conservation checks of SPEC §9.

use super::*;

impl GameState {
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
