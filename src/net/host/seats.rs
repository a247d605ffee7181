//! Joining and leaving: a connection given its seat (or told why not), a player gone and the
//! grace period for coming back, and a seat handed to a bot.

use super::core::*;
use crate::protocol::{ATTEMPT_WINDOW, Key, MAX_FAILED_CODES, PROTOCOL_VERSION, ToClient};
use crate::token;
use crate::{LobbyPhase, NetError, Note, Refusal, SeatPlan};
use noctiluca_engine::{Seat, ToAct};
use std::net::IpAddr;
use std::time::Instant;
use tokio::sync::mpsc;

impl Core {
    /// A connection that said `Hello`: gives it its seat, or says why not.
    pub fn join(
        &mut self,
        ip: IpAddr,
        key: Key,
        name: &str,
        tx: mpsc::Sender<Out>,
    ) -> Result<(Seat, u64), Refusal> {
        if self.closed {
            return Err(Refusal::NoGame);
        }
        let now = Instant::now();
        let found = match &key {
            Key::Invite(t) => self
                .seats
                .iter()
                .position(|s| s.invite.as_deref().is_some_and(|i| token::same(i, t))),
            Key::Rejoin { seat, token: t } => self
                .seats
                .get(*seat as usize)
                .filter(|s| s.rejoin.as_deref().is_some_and(|r| token::same(r, t)))
                .map(|_| *seat as usize),
        };
        // A right code is let in whatever the address tried before: friends behind one
        // router share an address with whoever mistyped, and a code (130 random bits) is not
        // found by trying. Wrong codes from an address are refused unread for a while.
        let Some(seat) = found else {
            if let Some((n, since)) = self.attempts.get(&ip) {
                if now.duration_since(*since) > ATTEMPT_WINDOW {
                    self.attempts.remove(&ip);
                } else if *n >= MAX_FAILED_CODES {
                    return Err(Refusal::TooManyAttempts);
                }
            }
            if self.attempts.len() >= MAX_TRACKED_ADDRESSES {
                self.attempts
                    .retain(|_, (_, since)| now.duration_since(*since) <= ATTEMPT_WINDOW);
            }
            let e = self.attempts.entry(ip).or_insert((0, now));
            e.0 += 1;
            return Err(Refusal::UnknownCode);
        };
        // The invite code of a seat whose player is away (a crash loses the rejoin token)
        // seats them again; a seat with its player connected is taken.
        let rejoining = matches!(key, Key::Rejoin { .. }) || self.seats[seat].rejoin.is_some();
        if !matches!(key, Key::Rejoin { .. }) && self.seats[seat].conn.is_some() {
            return Err(Refusal::SeatTaken { seat: seat as Seat });
        }
        self.next_conn += 1;
        let id = self.next_conn;
        let slot = &mut self.seats[seat];
        if let Some(old) = slot.conn.take() {
            // The same player again (a connection the host had not seen drop yet).
            let _ = old.tx.try_send(Out::Close);
        }
        slot.conn = Some(Conn { id, tx });
        slot.dropped_at = None;
        slot.left = false;
        slot.grace_over = false;
        let token = match &slot.rejoin {
            Some(t) => t.clone(),
            None => {
                let t = token::new_token();
                slot.rejoin = Some(t.clone());
                t
            }
        };
        if !rejoining {
            let name = clean_name(name);
            // Two seats of one name would make "Waiting for Ann…" ambiguous: a second Ann
            // is "Ann (2)".
            let taken = |n: &str| {
                self.seats.iter().enumerate().any(|(i, s)| {
                    i != seat && s.name.as_deref().is_some_and(|t| t.eq_ignore_ascii_case(n))
                })
            };
            let unique = (1..)
                .map(|k| {
                    if k == 1 {
                        name.clone()
                    } else {
                        format!("{name} ({k})")
                    }
                })
                .find(|n| !taken(n))
                .unwrap_or(name);
            self.seats[seat].name = Some(unique);
        }
        let slot = &mut self.seats[seat];
        // A person back at (or first at) a seat handed to a bot takes it back (not a
        // timed-out one).
        let mut reclaimed = false;
        if slot.bot.is_some() && !self.timed_out(seat) {
            self.seats[seat].bot = None;
            reclaimed = true;
        }
        self.send(
            seat,
            &ToClient::Welcome {
                version: PROTOCOL_VERSION,
                seat: seat as Seat,
                token,
            },
        );
        if rejoining {
            self.note(Note::Rejoined { seat: seat as Seat });
        } else {
            let name = self.seats[seat].name.clone().unwrap_or_default();
            self.note(Note::Joined {
                seat: seat as Seat,
                name,
            });
        }
        self.send_lobby();
        if self.game.is_some() {
            self.sync(seat);
            if let Some(f) = self.game.as_ref().and_then(|g| g.over.clone()) {
                self.send(seat, &ToClient::Over(Box::new(f)));
            }
        }
        // Back at their turn: their clock, kept while they were away, runs again.
        let their_turn = self.game.as_ref().is_some_and(|g| {
            g.over.is_none()
                && g.clock_running.is_none()
                && g.m.state.to_act() == ToAct::Seat(seat as Seat)
        });
        if reclaimed {
            self.next_step();
        } else {
            if their_turn && self.seats[seat].bot.is_none() {
                self.start_clock(seat as Seat);
            }
            self.update_all();
        }
        self.autosave();
        Ok((seat as Seat, id))
    }

    pub(super) fn timed_out(&self, seat: usize) -> bool {
        self.game
            .as_ref()
            .and_then(|g| g.clocks.as_ref())
            .is_some_and(|c| c[seat].is_zero())
    }

    /// A connection ended (`left`: the player said so).
    pub fn gone(&mut self, seat: Seat, conn: u64, left: bool) {
        let s = seat as usize;
        let Some(slot) = self.seats.get_mut(s) else {
            return;
        };
        if slot.conn.as_ref().map(|c| c.id) != Some(conn) {
            return;
        }
        if let Some(c) = slot.conn.take() {
            let _ = c.tx.try_send(Out::Close);
        }
        let at = Instant::now();
        slot.dropped_at = Some(at);
        slot.left = left;
        slot.grace_over = false;
        if self.closed {
            return;
        }
        // Their time is kept while the seat waits for them.
        self.stop_clock(seat);
        self.note(if left {
            Note::Left { seat }
        } else {
            Note::Dropped { seat }
        });
        self.send_lobby();
        self.update_all();
        self.start_grace(s, at);
    }

    pub(super) fn start_grace(&self, s: usize, at: Instant) {
        let grace = self.cfg.grace.saturating_sub(at.elapsed());
        let me = self.me.clone();
        self.rt.spawn(async move {
            tokio::time::sleep(grace).await;
            if let Some(shared) = me.upgrade() {
                lock(&shared).grace_ended(s, at);
            }
        });
    }

    /// A resumed host's first step: the dropped players' grace periods start, and the game
    /// goes on (a bot to move, a clock to run).
    pub fn resumed(&mut self) {
        for s in 0..self.seats.len() {
            if let Some(at) = self.seats[s].dropped_at {
                self.start_grace(s, at);
            }
        }
        if self.phase == LobbyPhase::Playing {
            self.next_step();
        }
    }

    pub fn close_if_open(&mut self) {
        self.close(false);
    }

    pub(super) fn grace_ended(&mut self, s: usize, at: Instant) {
        if self.closed || self.seats[s].dropped_at != Some(at) {
            return;
        }
        self.seats[s].grace_over = true;
        self.note(Note::GraceOver { seat: s as Seat });
        self.send_lobby();
        self.update_all();
    }

    /// Hands a dropped seat whose grace period is over, or a seat nobody has claimed yet, to
    /// a bot.
    pub fn hand_to_bot(&mut self, seat: Seat, level: &str) -> Result<(), NetError> {
        let s = seat as usize;
        let slot = self.seats.get(s).ok_or(NetError::NoSuchSeat { seat })?;
        let free = slot.grace_over || slot.rejoin.is_none();
        if slot.plan != SeatPlan::Remote || slot.conn.is_some() || !free {
            return Err(NetError::SeatNotDropped { seat });
        }
        let bot = noctiluca_ai::make_bot(level, bot_seed(self.cfg.seed, seat, self.games))
            .ok_or_else(|| NetError::UnknownBot {
                level: level.to_string(),
            })?;
        self.seats[s].bot = Some(BotSlot {
            level: level.to_string(),
            bot: Some(bot),
        });
        if self.seats[s].name.is_none() {
            self.seats[s].name = Some(level.to_string());
        }
        self.note(Note::HandedToBot {
            seat,
            level: level.to_string(),
        });
        self.send_lobby();
        self.next_step();
        Ok(())
    }

    /// Gives back to a friend a seat an AI took in the lobby, before the first game: the seat
    /// is open again and its invite code lets the friend in (the choice could not be undone).
    pub fn reopen_seat(&mut self, seat: Seat) -> Result<(), NetError> {
        if self.phase != LobbyPhase::Waiting || self.game.is_some() {
            return Err(NetError::NotInLobby);
        }
        let slot = self
            .seats
            .get_mut(seat as usize)
            .ok_or(NetError::NoSuchSeat { seat })?;
        let Some(bot) = slot.bot.take_if(|_| slot.plan == SeatPlan::Remote) else {
            return Err(NetError::NoAiAtSeat { seat });
        };
        // The AI's name, given with it, goes with it.
        if slot.name.as_deref() == Some(bot.level.as_str()) {
            slot.name = None;
        }
        self.send_lobby();
        Ok(())
    }
}
