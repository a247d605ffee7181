//! Who acts and what is legal: decisions, legal actions, chance outcomes and their sampling.

use super::*;

/// The most options of a decision other than a dive: passed dice of four colours, each into
/// either jar, or none.
const MAX_LISTED: usize = 9;

/// A seat's legal decisions, without writing each one out: a dive may be from any free shore,
/// by either path, with any number (up to 144 actions), so a dive keeps only the free shores;
/// every other decision has a handful of options, kept inline. It reads as the list
/// `legal_actions` gives, in the same order (`len`, `nth`, `write_into`), so a bot that picks
/// by position picks the same action from either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalSet {
    seat: Seat,
    options: Options,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Options {
    /// Bit i: shore i is free. Its dives are `ALL_DIVES[12 i..12 i + 12]`.
    Dives {
        free: u16,
    },
    Listed(Listed),
}

/// At most `MAX_LISTED` actions, inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Listed {
    actions: [Action; MAX_LISTED],
    len: u8,
}

impl Listed {
    /// No actions (the room filled with a constant, copied in a few moves).
    const EMPTY: Listed = Listed {
        actions: [Action::Decline; MAX_LISTED],
        len: 0,
    };

    #[inline]
    fn push(&mut self, a: Action) {
        self.actions[self.len as usize] = a;
        self.len += 1;
    }

    #[inline]
    fn as_slice(&self) -> &[Action] {
        &self.actions[..self.len as usize]
    }
}

impl LegalSet {
    /// No options (a game that is over, or chance to act).
    pub const NONE: LegalSet = LegalSet {
        seat: 0,
        options: Options::Listed(Listed::EMPTY),
    };

    /// The seat the decision belongs to.
    #[inline]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    #[inline]
    pub fn len(&self) -> usize {
        match &self.options {
            Options::Dives { free } => free.count_ones() as usize * 12,
            Options::Listed(l) => l.len as usize,
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th action, as `legal_actions()[i]`; `None` past the end.
    #[inline]
    pub fn nth(&self, i: usize) -> Option<Action> {
        match &self.options {
            Options::Dives { free } => {
                let shore = i / 12;
                if shore >= free.count_ones() as usize {
                    return None;
                }
                let shore = nth_bit(*free as u32, shore as u32) as usize;
                Some(ALL_DIVES[shore * 12 + i % 12])
            }
            Options::Listed(l) => l.as_slice().get(i).copied(),
        }
    }

    /// Writes the actions out after what `out` holds, in order.
    pub fn write_into(&self, out: &mut Vec<Action>) {
        match &self.options {
            Options::Dives { free } => {
                for (shore, dives) in ALL_DIVES.chunks_exact(12).enumerate() {
                    if free & (1 << shore) != 0 {
                        out.extend_from_slice(dives);
                    }
                }
            }
            Options::Listed(l) => out.extend_from_slice(l.as_slice()),
        }
    }
}

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
            Decision::Chance(_) => self.for_each_chance(|a, _| out.push(a)),
            _ => self.legal_set(decision).write_into(out),
        }
    }

    /// The legal decisions of the seat to decide, as a `LegalSet` (nothing written out); empty
    /// when chance is to act or the game is over. `decision` is `decision()`.
    pub fn legal_set(&self, decision: Decision) -> LegalSet {
        let mut set = LegalSet::NONE;
        self.legal_set_into(decision, &mut set);
        set
    }

    /// `legal_set` written into `out` in place. Building the options elsewhere and copying
    /// them over would read them back in wide pieces right after they were written a few bytes
    /// at a time, and such a read waits until the writes reach memory.
    pub fn legal_set_into(&self, decision: Decision, out: &mut LegalSet) {
        debug_assert_eq!(decision, self.decision());
        if decision == Decision::Dive {
            let mut free = 0u16;
            for (shore, pawn) in self.shores.iter().enumerate() {
                free |= u16::from(pawn.is_none()) << shore;
            }
            *out = LegalSet {
                seat: self.active,
                options: Options::Dives { free },
            };
            return;
        }
        out.options = Options::Listed(Listed::EMPTY);
        let Options::Listed(list) = &mut out.options else {
            unreachable!("just set")
        };
        let seat = match decision {
            Decision::GameOver | Decision::Chance(_) | Decision::Dive => 0,
            Decision::Draft => {
                let seat = self.deciding_seat();
                for c in self.secrets[seat as usize].draft.iter().flatten() {
                    list.push(Action::Draft { set_aside: *c });
                }
                seat
            }
            Decision::Store { colour } => {
                let e = self.players[self.active as usize].empty_of(colour);
                for slot in 0..2u8 {
                    if e[slot as usize] > 0 {
                        list.push(Action::Store { colour, slot });
                    }
                }
                self.active
            }
            Decision::PassOffer { .. } => {
                let seat = self.deciding_seat();
                let p = &self.players[seat as usize];
                for c in DiceColour::ALL {
                    if self.hand[c.index()] == 0 {
                        continue;
                    }
                    let e = p.empty_of(c);
                    for slot in 0..2u8 {
                        if e[slot as usize] > 0 {
                            list.push(Action::Take { colour: c, slot });
                        }
                    }
                }
                list.push(Action::Decline);
                seat
            }
            Decision::DeliverOrder => {
                let seat = self.deciding_seat();
                let p = &self.players[seat as usize];
                for slot in 0..2u8 {
                    if p.jars[slot as usize].is_some_and(|j| j.is_full()) {
                        list.push(Action::Deliver { slot });
                    }
                }
                seat
            }
            Decision::ChoosePile => {
                for (i, pile) in self.piles.iter().enumerate() {
                    if pile.count > 0 {
                        list.push(Action::TakePile { pile: i as u8 });
                    }
                }
                self.deciding_seat()
            }
            Decision::SoloKeep { .. } => {
                for c in self.solo_drawn.iter().flatten() {
                    list.push(Action::SoloKeep { card: *c });
                }
                self.deciding_seat()
            }
        };
        out.seat = seat;
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
        self.step_settled(&a);
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
        // Most calls find a seat's decision waiting (a store, a pass): answered before the run
        // is set up.
        let mut decision = self.decision();
        if !matches!(decision, Decision::Chance(_)) {
            return (0, decision);
        }
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        let mut played = 0;
        loop {
            let known;
            if matches!(self.phase, Phase::Seed) && self.reveal_pending == 0 {
                let t = &mut self.table;
                played += t
                    .fill
                    .deal_rest(&mut t.pool, &mut t.supply, rng, |space, die| {
                        log(Action::SeedDie { space, die })
                    });
                self.after_seed(&mut sink);
                known = self.settle(&mut sink);
            } else {
                let Some(a) = self.sample_chance_for(decision, rng) else {
                    return (played, decision);
                };
                debug_assert!(self.check(&a).is_ok(), "sampled {a:?} is illegal");
                self.step(&a, &mut sink);
                known = self.settle(&mut sink);
                log(a);
                played += 1;
            }
            decision = known.unwrap_or_else(|| self.decision());
            if !matches!(decision, Decision::Chance(_)) {
                return (played, decision);
            }
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
        // Colour by colour, one byte each: the hand holds some, both jars have room, and not
        // all fit (hand < room). Room is at most 12 a byte and a hand at most 20, so
        // `(room | 0x80) - (hand + 1)` borrows from no other byte, and keeps its top bit
        // exactly when hand + 1 ≤ room.
        let (ea, eb) = (a.empty_packed(), b.empty_packed());
        let hand = u32::from_le_bytes(self.hand);
        let fewer = ((ea + eb) | 0x8080_8080) - (hand + 0x0101_0101);
        let m = nonzero_bytes(hand) & nonzero_bytes(ea) & nonzero_bytes(eb) & fewer & 0x8080_8080;
        (m != 0).then(|| colour_at((m.trailing_zeros() / 8) as u8))
    }

    pub(super) fn next_seed_space(&self) -> Option<SpaceId> {
        match self.fill.step() {
            FillStep::Die(space) => Some(space),
            _ => None,
        }
    }
}
