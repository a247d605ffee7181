//! Set-up and the turn: seeding, the draft, the dive, storing, passing and delivering, rounds.

use super::*;

impl GameState {
    pub(super) fn start_seeding(&mut self, sink: &mut Sink) {
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

    pub(super) fn after_seed(&mut self, sink: &mut Sink) {
        if !self.started {
            self.phase = Phase::DealFavourite { seat: 0 };
        } else {
            let (round, first) = (self.round, self.first_player);
            sink.emit(|| Event::RoundStarted { round, first });
            self.begin_turn(sink);
        }
    }

    pub(super) fn finish_draft(&mut self, sink: &mut Sink) {
        for seat in 0..self.num_players() {
            let comps = Arc::clone(&self.comps);
            let secret = &mut self.secrets[seat as usize];
            let aside = secret.set_aside.take().unwrap_or(0);
            let mut kept = [None; 2];
            let mut n = 0;
            for &c in secret.draft.iter().flatten() {
                if c != aside {
                    if n < 2 {
                        kept[n] = Some(c);
                    }
                    n += 1;
                }
            }
            secret.draft = [None; 3];
            self.players[seat as usize].jars = kept.map(|k| k.map(|c| Jar::new(c, &comps)));
            self.unseen |= 1 << aside;
            self.deck_unknown += 1;
            if let ([Some(a), Some(b)], 2) = (kept, n) {
                sink.emit(|| Event::DraftRevealed { seat, kept: [a, b] });
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
        let t = &mut self.table;
        for (i, pile) in t.piles.iter_mut().enumerate() {
            pile.count = base + u8::from((i as u8) < extra);
            pile.top = None;
            counts[i] = pile.count;
            if pile.count > 0 {
                t.reveal_pending |= 1 << i;
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

    pub(super) fn start_play(&mut self, first: Seat, sink: &mut Sink) {
        self.started = true;
        self.first_player = first;
        self.active = first;
        self.round = 1;
        self.turn = 0;
        self.direction = Direction::Clockwise;
        self.begin_turn(sink);
    }

    pub(super) fn begin_turn(&mut self, sink: &mut Sink) {
        self.phase = Phase::Dive;
        let (seat, round, turn) = (self.active, self.round, self.turn);
        sink.emit(|| Event::TurnStarted { seat, round, turn });
    }

    // ------------------------------------------------------------------ the turn

    pub(super) fn place(&mut self, seat: Seat, colour: DiceColour, slot: u8, n: u8) {
        if let Some(j) = self.players[seat as usize].jars[slot as usize].as_mut() {
            add_dice(&mut j.filled, colour, n);
        }
    }

    /// Places every die whose jar is forced; stops at the first real choice. Colour by colour:
    /// dice that fill all the room left fill both jars; fewer dice than the room, with room in
    /// one jar only, go into that jar; fewer dice with room in both are the player's choice
    /// (left in the hand for `Decision::Store`).
    pub(super) fn resolve_store(&mut self, sink: &mut Sink) {
        let seat = self.active;
        let [room0, room1] = self.players[seat as usize]
            .jars
            .map(|j| j.map_or(0, |j| j.empty_packed()));
        // All four colours at once, one byte each (see `ambiguous_store_colour`): a hand is at
        // most 20 dice and the room at most 12 a jar, so no byte borrows from the next.
        let hand = u32::from_le_bytes(self.hand);
        let room = room0 + room1;
        let full = |top_bits: u32| ((top_bits & 0x8080_8080) >> 7) * 0xff;
        let fill_both = bytes_at_least(hand, room);
        let one_jar = !fill_both & full(!nonzero_bytes(room0) | !nonzero_bytes(room1));
        let into0 = (room0 & fill_both) | (hand & one_jar & full(nonzero_bytes(room0)));
        let into1 = (room1 & fill_both) | (hand & one_jar & full(nonzero_bytes(room1)));
        if into0 | into1 != 0 {
            let jars = &mut self.players[seat as usize].jars;
            for (jar, into) in jars.iter_mut().zip([into0, into1]) {
                if let Some(j) = jar {
                    j.filled = (u32::from_le_bytes(j.filled) + into).to_le_bytes();
                }
            }
            self.hand = (hand - into0 - into1).to_le_bytes();
            if sink.on {
                for c in DiceColour::ALL {
                    for (slot, into) in [into0, into1].into_iter().enumerate() {
                        let count = (into >> (8 * c.index())) as u8;
                        if count > 0 {
                            sink.emit(|| Event::Stored {
                                seat,
                                colour: c,
                                slot: slot as u8,
                                count,
                            });
                        }
                    }
                }
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
    pub(super) fn settle_pass(&mut self, sink: &mut Sink) {
        let Phase::Pass { step, lap, placed } = self.phase else {
            return;
        };
        // Nothing here changes the dice left or anybody's jars, so who could take one is asked
        // once: bit k for the seat k steps after the active player.
        let mut able = 0u32;
        if self.hand != [0; 4] {
            for k in 1..self.num_players() {
                let p = &self.players[self.seat_at(k) as usize];
                able |= (p.can_place_any(&self.hand) as u32) << k;
            }
        }
        let ahead = able & (u32::MAX << step);
        if ahead != 0 {
            self.phase = Phase::Pass {
                step: ahead.trailing_zeros() as u8,
                lap,
                placed,
            };
            return;
        }
        if able != 0 && placed {
            let next = lap.saturating_add(1);
            let dice = self.hand;
            sink.emit(|| Event::PassLap { lap: next, dice });
            self.phase = Phase::Pass {
                step: able.trailing_zeros() as u8,
                lap: next,
                placed: false,
            };
            return;
        }
        let hand = self.hand;
        if hand != [0; 4] {
            add_counts(&mut self.supply, &hand);
            self.hand = [0; 4];
            sink.emit(|| Event::ToSupply { dice: hand });
        }
        self.start_deliveries(sink);
    }

    pub(super) fn start_deliveries(&mut self, sink: &mut Sink) {
        self.phase = Phase::Deliver { step: 0 };
        self.settle_deliver(sink);
    }

    /// Runs deliveries in turn order from the active player; stops where a decision or a
    /// card turning up is needed.
    pub(super) fn settle_deliver(&mut self, sink: &mut Sink) {
        // Most turns nobody has a full jar: then every seat is passed over at once.
        if self.reveal_pending == 0
            && matches!(self.phase, Phase::Deliver { .. })
            && !self.players.iter().any(|p| {
                p.jars[0].is_some_and(|j| j.is_full()) || p.jars[1].is_some_and(|j| j.is_full())
            })
        {
            self.phase = Phase::Deliver {
                step: self.num_players(),
            };
            self.after_deliveries(sink);
            return;
        }
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
    pub(super) fn deliver(&mut self, step: u8, slot: u8, sink: &mut Sink) {
        let seat = self.seat_at(step);
        let Some(jar) = self.players[seat as usize].jars[slot as usize].take() else {
            return;
        };
        add_counts(&mut self.supply, &jar.filled);
        let colour = self.comps.card(jar.card).colour;
        let t = &mut self.table;
        let token = take_top_token(
            &mut t.stack_taken,
            &mut t.players[seat as usize].tokens,
            colour,
            &t.comps,
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
    pub(super) fn draw_known(&mut self, sink: &mut Sink) {
        while self.solo_drawn_count() < self.solo_to_draw && self.deck_unknown == 0 {
            let Some(card) = self.deck_bottom.remove_first() else {
                self.solo_to_draw = self.solo_drawn_count();
                break;
            };
            let i = self.solo_drawn_count() as usize;
            self.solo_drawn[i] = Some(card);
            sink.emit(|| Event::SoloDrew { card });
        }
    }

    pub(super) fn after_deliveries(&mut self, sink: &mut Sink) {
        if self.is_solo() {
            self.phase = Phase::Tempest { step: 0 };
            if self.deck_unknown == 0 {
                match self.deck_bottom.remove_first() {
                    Some(card) => self.tempest_discard(card, sink),
                    None => {
                        sink.emit(|| Event::TempestDiscard {
                            card: None,
                            token: None,
                        });
                        self.phase = Phase::Tempest { step: 1 };
                    }
                }
            }
        } else {
            self.end_turn(sink);
        }
    }

    pub(super) fn tempest_discard(&mut self, card: CardId, sink: &mut Sink) {
        self.discards |= 1 << card;
        let colour = self.comps.card(card).colour;
        let t = &mut self.table;
        let token = take_top_token(&mut t.stack_taken, &mut t.tempest_tokens, colour, &t.comps)
            .map(|v| (colour, v));
        sink.emit(|| Event::TempestDiscard {
            card: Some(card),
            token,
        });
        self.phase = Phase::Tempest { step: 1 };
    }

    pub(super) fn end_turn(&mut self, sink: &mut Sink) {
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

    pub(super) fn end_round(&mut self, sink: &mut Sink) {
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
}
