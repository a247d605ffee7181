//! Who acts and what is legal: decisions, legal actions, chance outcomes and their sampling.

use super::*;

impl GameState {
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
        self.to_act_for(self.decision())
    }

    /// `to_act` when the decision is known already (`decision()`).
    pub fn to_act_for(&self, decision: Decision) -> ToAct {
        match decision {
            Decision::GameOver => ToAct::Nobody,
            Decision::Chance(_) => ToAct::Chance,
            _ => ToAct::Seat(self.deciding_seat()),
        }
    }

    /// The seat a decision belongs to (meaningful when `to_act` is a seat).
    #[inline]
    pub(super) fn deciding_seat(&self) -> Seat {
        match self.phase {
            Phase::Draft => self
                .secrets
                .iter()
                .position(|p| p.set_aside.is_none())
                .unwrap_or(0) as Seat,
            Phase::Pass { step, .. } | Phase::Deliver { step } | Phase::NewJar { step, .. } => {
                self.seat_at(step)
            }
            _ => self.active,
        }
    }

    pub(super) fn solo_drawn_count(&self) -> u8 {
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
        self.legal_actions_for(self.decision(), out);
    }

    /// `legal_actions_into` when the decision is known already (`decision()`).
    pub fn legal_actions_for(&self, decision: Decision, out: &mut Vec<Action>) {
        debug_assert_eq!(decision, self.decision());
        out.clear();
        match decision {
            Decision::GameOver => {}
            Decision::Chance(_) => {
                self.for_each_chance(|a, _| out.push(a));
            }
            Decision::Draft => {
                let p = &self.secrets[self.deciding_seat() as usize];
                for c in p.draft.iter().flatten() {
                    out.push(Action::Draft { set_aside: *c });
                }
            }
            Decision::Dive => {
                for (shore, dives) in ALL_DIVES.chunks_exact(12).enumerate() {
                    if self.shores[shore].is_none() {
                        out.extend_from_slice(dives);
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

    pub(super) fn for_each_chance(&self, mut f: impl FnMut(Action, f64)) {
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
                let p = 1.0 / left.count_ones() as f64;
                for c in bits(left) {
                    f(
                        Action::DealFavourite {
                            colour: colour_at(c),
                        },
                        p,
                    );
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
        self.sample_chance_for(self.decision(), rng)
    }

    fn sample_chance_for<R: Rng + ?Sized>(
        &self,
        decision: Decision,
        rng: &mut R,
    ) -> Option<Action> {
        let Decision::Chance(kind) = decision else {
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
                    colour: colour_at(nth_bit(left, below(rng, left.count_ones()))),
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
        log: impl FnMut(Action),
    ) -> usize {
        self.play_chance_run_decided(rng, log).0
    }

    /// `play_chance_run` that also returns the decision the game then waits for (a seat's, or
    /// `GameOver`), so the caller need not work it out again.
    pub fn play_chance_run_decided<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        mut log: impl FnMut(Action),
    ) -> (usize, Decision) {
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        let mut played = 0;
        loop {
            if matches!(self.phase, Phase::Seed) && self.reveal_pending == 0 {
                let t = &mut self.table;
                played += t
                    .fill
                    .deal_rest(&mut t.pool, &mut t.supply, rng, |space, die| {
                        log(Action::SeedDie { space, die })
                    });
                self.after_seed(&mut sink);
                self.settle(&mut sink);
                continue;
            }
            let decision = self.decision();
            if !matches!(decision, Decision::Chance(_)) {
                return (played, decision);
            }
            let Some(a) = self.sample_chance_for(decision, rng) else {
                return (played, decision);
            };
            debug_assert!(self.check(&a).is_ok(), "sampled {a:?} is illegal");
            self.step(&a, &mut sink);
            self.settle(&mut sink);
            log(a);
            played += 1;
        }
    }

    /// The favourite colours not dealt yet: bit i for `DiceColour::ALL[i]`.
    pub(super) fn undealt_favourites(&self) -> u32 {
        let mut left = 0b1111;
        for p in &self.secrets {
            if let Some(c) = p.favourite {
                left &= !(1 << c.index());
            }
        }
        left
    }

    pub(super) fn ambiguous_store_colour(&self) -> Option<DiceColour> {
        // Both jars must have room for the colour, so a seat with fewer jars is never asked.
        let [Some(a), Some(b)] = self.players[self.active as usize].jars else {
            return None;
        };
        let (ea, eb) = (
            a.empty_packed().to_le_bytes(),
            b.empty_packed().to_le_bytes(),
        );
        (0..4).find_map(|c| {
            let h = self.hand[c];
            (h > 0 && ea[c] > 0 && eb[c] > 0 && h < ea[c] + eb[c]).then(|| colour_at(c as u8))
        })
    }

    pub(super) fn next_seed_space(&self) -> Option<SpaceId> {
        match self.fill.step() {
            FillStep::Die(space) => Some(space),
            _ => None,
        }
    }
}
