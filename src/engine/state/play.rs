//! Applying actions: checking them, stepping the state and settling forced steps.

use super::*;

impl GameState {
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

    /// `apply_quiet` for a caller that has just asked for `decision()` (and passes it on, so it
    /// is not worked out twice).
    pub fn apply_quiet_decided(&mut self, a: &Action, decision: Decision) -> Result<(), RuleError> {
        debug_assert_eq!(decision, self.decision());
        self.check_for(a, decision)?;
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        self.step(a, &mut sink);
        self.settle(&mut sink);
        Ok(())
    }

    /// Applies one of the actions of `legal_set(decision())`, without checking it again: it
    /// comes from the rules themselves (checked in debug builds only). Quiet, as `apply_quiet`.
    pub(crate) fn apply_legal(&mut self, a: &Action) {
        debug_assert!(self.check(a).is_ok(), "{a:?} is not legal");
        self.step_settled(a);
    }

    /// Steps and settles a quietly, unchecked: for actions the rules produced themselves.
    pub(super) fn step_settled(&mut self, a: &Action) {
        let mut sink = Sink {
            on: false,
            events: Vec::new(),
        };
        self.step(a, &mut sink);
        self.settle(&mut sink);
    }

    /// Resolves every step that has only one possible outcome, so the state always waits for a
    /// real decision or a real chance event. Returns that decision when it had to work it out
    /// (`None`: it did not, where no step can be forced).
    #[inline]
    pub(super) fn settle(&mut self, sink: &mut Sink) -> Option<Decision> {
        let mut known = None;
        while self.may_be_forced() {
            let decision = self.decision();
            match self.forced_for(decision) {
                Some(a) => self.step(&a, sink),
                None => {
                    known = Some(decision);
                    break;
                }
            }
        }
        known
    }

    /// False where no step can be forced (the most common case, checked without a call).
    #[inline]
    fn may_be_forced(&self) -> bool {
        !(self.reveal_pending == 0
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
            ))
    }

    /// The one possible outcome of `decision` (the decision as it stands), if only one is.
    fn forced_for(&self, decision: Decision) -> Option<Action> {
        match decision {
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
                    (left.count_ones() == 1).then(|| Action::DealFavourite {
                        colour: colour_at(left.trailing_zeros() as u8),
                    })
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
        self.check_for(a, self.decision())
    }

    /// `check` against the decision the game waits for (`decision()`).
    fn check_for(&self, a: &Action, decision: Decision) -> Result<(), RuleError> {
        if matches!(decision, Decision::GameOver) {
            return Err(RuleError::GameOver);
        }
        let waiting_for_chance = matches!(decision, Decision::Chance(_));
        if a.is_chance() != waiting_for_chance {
            return Err(RuleError::WrongKind {
                waiting: self.waiting(),
            });
        }
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
                if self.decider().pawns == 0 {
                    return Err(RuleError::NoPawnsLeft);
                }
                Ok(())
            }
            (Action::Store { colour, slot }, Decision::Store { colour: want }) => {
                if colour != want {
                    return Err(RuleError::StoreColourFirst { want, got: colour });
                }
                if slot > 1 {
                    return Err(RuleError::NoSuchJar { slot });
                }
                if self.decider().empty_of(colour)[slot as usize] == 0 {
                    return Err(RuleError::NoEmptySpace { slot, colour });
                }
                Ok(())
            }
            (Action::Take { colour, slot }, Decision::PassOffer { dice, .. }) => {
                if dice[colour.index()] == 0 {
                    return Err(RuleError::NotBeingPassed { colour });
                }
                if slot > 1 {
                    return Err(RuleError::NoSuchJar { slot });
                }
                if self.decider().empty_of(colour)[slot as usize] == 0 {
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
                if card as usize >= DECK_SIZE {
                    Err(RuleError::NoSuchCard { card })
                } else if self.unseen & (1 << card) != 0 {
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
                if self.is_listed(a, decision) {
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

    /// The seat deciding now, as a player on the table.
    #[inline]
    fn decider(&self) -> &Player {
        &self.players[self.deciding_seat() as usize]
    }

    /// Is `a` among `legal_actions()`? For the decisions `check_for` does not look at
    /// field by field; the list is built only for a combination none of these covers.
    fn is_listed(&self, a: &Action, decision: Decision) -> bool {
        match (*a, decision) {
            (Action::Draft { set_aside }, Decision::Draft) => self.secrets
                [self.deciding_seat() as usize]
                .draft
                .contains(&Some(set_aside)),
            (Action::Deliver { slot }, Decision::DeliverOrder) => {
                let p = &self.players[self.deciding_seat() as usize];
                slot < 2 && p.jars[slot as usize].is_some_and(|j| j.is_full())
            }
            (Action::TakePile { pile }, Decision::ChoosePile) => {
                self.piles.get(pile as usize).is_some_and(|p| p.count > 0)
            }
            (Action::SoloKeep { card }, Decision::SoloKeep { .. }) => {
                self.solo_drawn.contains(&Some(card))
            }
            (
                Action::DealFavourite { colour },
                Decision::Chance(ChanceKind::DealFavourite { .. }),
            ) => self.undealt_favourites() & (1 << colour.index()) != 0,
            (Action::FirstPlayer { seat }, Decision::Chance(ChanceKind::FirstPlayer)) => {
                seat < self.num_players()
            }
            _ => {
                let mut v = Vec::new();
                self.legal_actions_into(&mut v);
                v.contains(a)
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
    pub(super) fn step(&mut self, a: &Action, sink: &mut Sink) {
        match *a {
            Action::SeedDie { space, die } => {
                let t = &mut self.table;
                t.fill.apply_die(die, &mut t.pool, &mut t.supply);
                sink.emit(|| Event::Seeded { space, die });
                if self.next_seed_space().is_none() {
                    self.after_seed(sink);
                }
            }
            Action::RefillOrder { space } => {
                let t = &mut self.table;
                t.fill.apply_order(space, &t.pool, &t.supply);
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
                self.secrets[seat as usize].favourite = Some(colour);
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
                self.secrets[seat as usize].set_aside = Some(set_aside);
                sink.emit(|| Event::DraftChosen { seat });
                if self.secrets.iter().all(|p| p.set_aside.is_some()) {
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
                // Three spaces on every path, a fourth on a long one: one branch, not a loop's.
                let p = board().path(shore, path);
                for &sp in &p.spaces[..3] {
                    add_counts(&mut collected, &self.pool[sp as usize].take_face(number));
                }
                if p.len == 4 {
                    add_counts(
                        &mut collected,
                        &self.pool[p.spaces[3] as usize].take_face(number),
                    );
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
                take_dice(&mut self.hand, colour, 1);
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
                take_dice(&mut self.hand, colour, 1);
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

    pub(super) fn deal_card(&mut self, card: CardId, sink: &mut Sink) {
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
                self.secrets[seat as usize].draft[k as usize] = Some(card);
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
}
