//! The host's state: the seats, the game, and every step that changes them. Everything here is
//! synchronous and runs under one lock (`Shared`), held for one step at a time; what takes
//! time (a bot's search, a clock, a grace period) runs as a task that takes the lock again
//! when it is done and checks that the game has not moved on meanwhile (`Game::step`).

use super::save;
use crate::filter;
use crate::protocol::{MAX_NAME, ToClient, Update, encode};
use crate::token;
use crate::{
    Connection, Finished, HostConfig, Lobby, LobbyPhase, LobbySeat, NetError, Note, Refusal,
    SeatPlan, SeatView, UndoRequest,
};
use noctiluca_ai::Bot;
use noctiluca_engine::{Action, Event, GameConfig, Match, Seat, ToAct};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The lock every part of the host shares.
pub(crate) type Shared = Arc<Mutex<Core>>;

pub(crate) fn lock(shared: &Mutex<Core>) -> MutexGuard<'_, Core> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a connection's task is told to do.
pub(crate) enum Out {
    Text(String),
    /// Close the connection (after what was sent before).
    Close,
}

/// Addresses whose wrong codes are counted before the old counts are cleared out.
pub(super) const MAX_TRACKED_ADDRESSES: usize = 4096;

/// Messages waiting for a slow connection before the host gives up on it.
pub(crate) const OUT_QUEUE: usize = 512;

pub(crate) struct Conn {
    pub id: u64,
    pub tx: mpsc::Sender<Out>,
}

/// A bot playing a seat; `bot` is away while it thinks.
pub(crate) struct BotSlot {
    pub level: String,
    pub bot: Option<Box<dyn Bot>>,
}

pub(crate) struct SeatSlot {
    pub plan: SeatPlan,
    pub name: Option<String>,
    /// Remote seats: the invite token.
    pub invite: Option<String>,
    /// Given at the first join.
    pub rejoin: Option<String>,
    pub conn: Option<Conn>,
    pub dropped_at: Option<Instant>,
    /// The player left on purpose (rather than losing their connection).
    pub left: bool,
    pub grace_over: bool,
    /// A bot playing the seat (a bot seat, one handed over, or after a timeout).
    pub bot: Option<BotSlot>,
}

impl SeatSlot {
    /// A friend's seat whose connection is lost (or not made yet), with no bot playing it.
    pub(crate) fn connection_lost(&self) -> bool {
        self.plan == SeatPlan::Remote && self.conn.is_none() && self.bot.is_none()
    }

    pub(crate) fn is_person(&self) -> bool {
        !matches!(self.plan, SeatPlan::Bot(_))
    }

    fn connection(&self) -> Connection {
        match (&self.plan, &self.conn, &self.bot) {
            (SeatPlan::Local, _, None) => Connection::Local,
            // An AI plays the seat of a player out of time, connected or not: they are told.
            (_, _, Some(b)) => Connection::Bot {
                level: b.level.clone(),
            },
            (SeatPlan::Remote, Some(_), None) => Connection::Connected,
            (SeatPlan::Remote, None, None) if self.rejoin.is_none() => Connection::Open,
            _ => Connection::Dropped {
                grace_over: self.grace_over,
                left: self.left,
            },
        }
    }
}

/// Whether `seat` may ask to take back a decision now: it has one, no request stands, and the
/// game is not over.
pub(crate) fn can_take_back(g: &Game, seat: Seat) -> bool {
    g.undo.is_none()
        && g.over.is_none()
        && !take_back_refused(g, seat)
        && g.m.undo_point(seat, |_| true).is_some()
}

/// The seat's request to take back was declined and the game has not moved on since: it may
/// not ask again for the same decision (the others would be asked over and over).
pub(crate) fn take_back_refused(g: &Game, seat: Seat) -> bool {
    g.declined == Some((seat, g.m.record.actions.len()))
}

pub(crate) struct Game {
    pub m: Match,
    /// Every event, with the index of the log entry that caused it.
    pub events: Vec<(usize, Event)>,
    /// Per seat: events already sent to its connection.
    pub sent: Vec<usize>,
    /// Bumped at every change of who acts: a bot's move or a clock task of an earlier step is
    /// dropped.
    pub step: u64,
    pub thinking: Option<Seat>,
    pub clocks: Option<Vec<Duration>>,
    /// The seat whose time runs, since when.
    pub clock_running: Option<(Seat, Instant)>,
    /// Bumped each time a clock starts: the task that runs it out is of one start only (a
    /// clock stopped while its player's connection was lost, then started again, is not run
    /// out by the first start's task).
    pub clock_epoch: u64,
    pub undo: Option<UndoRequest>,
    /// The seat whose request to take back was last declined, and the length of the log then.
    pub declined: Option<(Seat, usize)>,
    pub over: Option<Finished>,
}

pub(crate) struct Core {
    pub cfg: HostConfig,
    pub address: String,
    pub phase: LobbyPhase,
    pub seats: Vec<SeatSlot>,
    pub game: Option<Game>,
    pub games: u32,
    pub notes: Vec<Note>,
    /// The chat so far, the latest `CHAT_KEPT` messages.
    pub chat: Vec<(Seat, String)>,
    pub last_finished: Option<Finished>,
    pub(super) attempts: HashMap<IpAddr, (u32, Instant)>,
    pub(super) next_conn: u64,
    /// When a connection that was not this app's (plain bytes, a web request, nothing) was
    /// last noted: one note a while, however many come.
    pub(super) stranger_noted: Option<Instant>,
    pub rt: tokio::runtime::Handle,
    pub me: Weak<Mutex<Core>>,
    pub closed: bool,
}

pub(super) fn bot_seed(seed: u64, seat: Seat, game: u32) -> u64 {
    seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(seat as u64 + 1 + ((game as u64) << 8)))
}

impl Core {
    pub fn new(cfg: HostConfig, address: String, rt: tokio::runtime::Handle) -> Core {
        let seats = cfg
            .seats
            .iter()
            .enumerate()
            .map(|(i, plan)| SeatSlot {
                plan: plan.clone(),
                name: match plan {
                    SeatPlan::Local => Some(cfg.host_name.clone()),
                    SeatPlan::Remote => None,
                    SeatPlan::Bot(level) => Some(level.clone()),
                },
                invite: matches!(plan, SeatPlan::Remote).then(token::new_token),
                rejoin: None,
                conn: None,
                dropped_at: None,
                left: false,
                grace_over: false,
                bot: match plan {
                    SeatPlan::Bot(level) => Some(BotSlot {
                        level: level.clone(),
                        bot: noctiluca_ai::make_bot(level, bot_seed(cfg.seed, i as Seat, 0)),
                    }),
                    _ => None,
                },
            })
            .collect();
        Core {
            cfg,
            address,
            phase: LobbyPhase::Waiting,
            seats,
            game: None,
            games: 0,
            notes: Vec::new(),
            chat: Vec::new(),
            last_finished: None,
            attempts: HashMap::new(),
            next_conn: 0,
            stranger_noted: None,
            rt,
            me: Weak::new(),
            closed: false,
        }
    }

    // ---- sending ----

    pub(super) fn send(&mut self, seat: usize, msg: &ToClient) {
        let text = encode(msg);
        self.send_text(seat, text);
    }

    fn send_text(&mut self, seat: usize, text: String) {
        let Some(conn) = &self.seats[seat].conn else {
            return;
        };
        if conn.tx.try_send(Out::Text(text)).is_err() {
            // Too slow to keep up (or gone): drop it; the player can rejoin.
            let id = conn.id;
            self.gone(seat as Seat, id, false);
        }
    }

    fn broadcast(&mut self, msg: &ToClient) {
        let text = encode(msg);
        for s in 0..self.seats.len() {
            self.send_text(s, text.clone());
        }
    }

    /// A note for the host and for every player.
    pub(crate) fn note(&mut self, note: Note) {
        self.broadcast(&ToClient::Note(note.clone()));
        self.notes.push(note);
    }

    pub fn lobby(&self) -> Lobby {
        Lobby {
            seats: self
                .seats
                .iter()
                .map(|s| LobbySeat {
                    plan: s.plan.clone(),
                    name: s.name.clone(),
                    connection: s.connection(),
                })
                .collect(),
            clock: self.cfg.clock.clone(),
            games: self.games,
            phase: self.phase,
        }
    }

    pub(super) fn send_lobby(&mut self) {
        let lobby = ToClient::Lobby(self.lobby());
        self.broadcast(&lobby);
    }

    fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| s.name.clone().unwrap_or_default())
            .collect()
    }

    /// The seats' names as the game's log keeps them: an AI's seat as `simulate` names it,
    /// "<level> <seat>", so that the history takes it for the AI it is (it had been a person
    /// called "normal").
    fn record_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.plan {
                SeatPlan::Bot(level) => format!("{level} {}", i + 1),
                _ => s.name.clone().unwrap_or_default(),
            })
            .collect()
    }

    /// The whole game as `seat` sees it.
    pub fn view(&self, seat: Seat) -> Option<SeatView> {
        let g = self.game.as_ref()?;
        if seat as usize >= self.seats.len() {
            return None;
        }
        let to_act = g.m.state.to_act();
        Some(SeatView {
            seat,
            names: self.names(),
            observation: g.m.state.observation(Some(seat)),
            legal: self.legal_for(seat),
            to_act,
            thinking: g.thinking,
            connections: self.seats.iter().map(SeatSlot::connection).collect(),
            clocks: self.clocks_now(),
            running: g.clock_running.map(|(s, _)| s),
            grace_left: self.grace_left(),
            log: filter::log_for_seat(g.events.iter().map(|(_, e)| e), seat),
            undo_request: g.undo.clone(),
            can_take_back: can_take_back(g, seat),
            take_back_refused: take_back_refused(g, seat),
            over: g.over.clone(),
            chat: self.chat.clone(),
            game: self.games,
            step: g.step,
        })
    }

    fn legal_for(&self, seat: Seat) -> Vec<Action> {
        match &self.game {
            // A seat an AI plays (its player out of time) is offered nothing to decide.
            Some(g)
                if g.m.state.to_act() == ToAct::Seat(seat)
                    && self.seats[seat as usize].bot.is_none() =>
            {
                g.m.state.legal_actions()
            }
            _ => Vec::new(),
        }
    }

    /// Per seat: how long a dropped player is still waited for (see `Host::grace_left`).
    pub(crate) fn grace_left(&self) -> Vec<Option<Duration>> {
        self.seats
            .iter()
            .map(|slot| match slot.dropped_at {
                // Nobody waits for a seat an AI plays (a player out of time).
                Some(at) if !slot.grace_over && slot.bot.is_none() => {
                    Some(self.cfg.grace.saturating_sub(at.elapsed()))
                }
                _ => None,
            })
            .collect()
    }

    /// The banks with the running seat's time taken off.
    pub(crate) fn clocks_now(&self) -> Option<Vec<Duration>> {
        let g = self.game.as_ref()?;
        let mut c = g.clocks.clone()?;
        if let Some((s, since)) = g.clock_running {
            c[s as usize] = c[s as usize].saturating_sub(since.elapsed());
        }
        Some(c)
    }

    pub(super) fn sync(&mut self, seat: usize) {
        if let Some(v) = self.view(seat as Seat) {
            let n = self.game.as_ref().map_or(0, |g| g.events.len());
            self.send(seat, &ToClient::Sync(Box::new(v)));
            if let Some(g) = &mut self.game {
                g.sent[seat] = n;
            }
        }
    }

    pub(crate) fn sync_all(&mut self) {
        for s in 0..self.seats.len() {
            self.sync(s);
        }
    }

    /// Sends every connected seat what changed.
    pub(crate) fn update_all(&mut self) {
        let Some(g) = &self.game else {
            return;
        };
        let connections: Vec<Connection> = self.seats.iter().map(SeatSlot::connection).collect();
        let clocks = self.clocks_now();
        let running = g.clock_running.map(|(s, _)| s);
        let grace_left = self.grace_left();
        let mut out = Vec::new();
        for s in 0..self.seats.len() {
            if self.seats[s].conn.is_none() {
                continue;
            }
            let seat = s as Seat;
            let u = Update {
                step: g.step,
                observation: g.m.state.observation(Some(seat)),
                legal: self.legal_for(seat),
                to_act: g.m.state.to_act(),
                thinking: g.thinking,
                connections: connections.clone(),
                clocks: clocks.clone(),
                running,
                grace_left: grace_left.clone(),
                events: filter::log_for_seat(g.events[g.sent[s]..].iter().map(|(_, e)| e), seat),
                undo_request: g.undo.clone(),
                can_take_back: can_take_back(g, seat),
                take_back_refused: take_back_refused(g, seat),
            };
            out.push((s, encode(&ToClient::Update(Box::new(u)))));
        }
        let n = g.events.len();
        if let Some(g) = &mut self.game {
            for s in 0..g.sent.len() {
                if self.seats[s].conn.is_some() {
                    g.sent[s] = n;
                }
            }
        }
        for (s, text) in out {
            self.send_text(s, text);
        }
    }

    // ---- the game ----

    pub fn set_clock(&mut self, clock: Option<crate::ClockRule>) -> Result<(), NetError> {
        if self.phase == LobbyPhase::Playing {
            return Err(NetError::NotInLobby);
        }
        if let Some(c) = &clock
            && noctiluca_ai::make_bot(&c.bot_on_timeout, 0).is_none()
        {
            return Err(NetError::UnknownBot {
                level: c.bot_on_timeout.clone(),
            });
        }
        self.cfg.clock = clock;
        self.send_lobby();
        Ok(())
    }

    /// Starts a game (the first, or the next one with the same seats).
    pub fn start_game(&mut self) -> Result<(), NetError> {
        if self.phase == LobbyPhase::Playing {
            return Err(NetError::AlreadyPlaying);
        }
        let open: Vec<Seat> = (0..self.seats.len())
            .filter(|&s| {
                let slot = &self.seats[s];
                slot.plan == SeatPlan::Remote && slot.conn.is_none() && slot.bot.is_none()
            })
            .map(|s| s as Seat)
            .collect();
        if !open.is_empty() {
            return Err(NetError::SeatsOpen { seats: open });
        }
        let n = self.seats.len() as u8;
        let seed = self.cfg.seed.wrapping_add(self.games as u64);
        let mut m = Match::new(
            GameConfig::players(n),
            Arc::clone(&self.cfg.components),
            seed,
        )
        .map_err(NetError::Setup)?;
        m.record.names = self.record_names();
        self.games += 1;
        for (i, slot) in self.seats.iter_mut().enumerate() {
            if let SeatPlan::Bot(level) = &slot.plan {
                slot.bot = Some(BotSlot {
                    level: level.clone(),
                    bot: noctiluca_ai::make_bot(
                        level,
                        bot_seed(self.cfg.seed, i as Seat, self.games),
                    ),
                });
            } else if slot.bot.is_some() && slot.conn.is_some() {
                // A person who timed out last game plays again.
                slot.bot = None;
            }
        }
        self.game = Some(Game {
            m,
            events: Vec::new(),
            sent: vec![0; self.seats.len()],
            step: 0,
            thinking: None,
            clocks: self
                .cfg
                .clock
                .as_ref()
                .map(|c| vec![c.bank; self.seats.len()]),
            clock_running: None,
            clock_epoch: 0,
            undo: None,
            declined: None,
            over: None,
        });
        self.phase = LobbyPhase::Playing;
        self.note(Note::GameStarted { game: self.games });
        self.send_lobby();
        self.next_step_syncing(true);
        Ok(())
    }

    /// Lets the generator play chance until a seat decides, logging each outcome's events.
    fn run_chance(&mut self) {
        let Some(g) = &mut self.game else {
            return;
        };
        while let Some(a) = g.m.sample_chance() {
            let at = g.m.record.actions.len();
            match g.m.apply(a) {
                Ok(events) => g.events.extend(events.into_iter().map(|e| (at, e))),
                Err(_) => break,
            }
        }
    }

    /// After any change: chance, then whoever acts next is asked (a bot starts thinking, a
    /// clock starts running), and everyone is told.
    pub(crate) fn next_step(&mut self) {
        self.next_step_syncing(false);
    }

    /// `next_step`, sending every seat the whole game (`sync`) rather than what changed.
    pub(crate) fn next_step_syncing(&mut self, sync: bool) {
        self.run_chance();
        let Some(g) = &mut self.game else {
            return;
        };
        g.step += 1;
        g.thinking = None;
        // The time that ran until now is spent, whatever moved the game on.
        if let (Some(c), Some((s, since))) = (&mut g.clocks, g.clock_running.take()) {
            c[s as usize] = c[s as usize].saturating_sub(since.elapsed());
        }
        if g.m.state.is_over() {
            if g.over.is_none() {
                let rec = g.m.to_record();
                let score = g.m.state.final_score();
                let f = Finished {
                    record_ron: rec.to_ron(),
                    score,
                };
                g.over = Some(f.clone());
                g.undo = None;
                self.phase = LobbyPhase::Over;
                self.last_finished = Some(f.clone());
                if sync {
                    self.sync_all();
                } else {
                    self.update_all();
                }
                self.broadcast(&ToClient::Over(Box::new(f)));
                self.note(Note::GameOver { game: self.games });
                self.send_lobby();
                self.autosave();
            }
            return;
        }
        let ToAct::Seat(seat) = g.m.state.to_act() else {
            return;
        };
        let step = g.step;
        let s = seat as usize;
        if self.seats[s].bot.is_some() {
            self.start_bot(seat, step);
        } else if !self.seats[s].connection_lost() {
            // A player whose connection is lost has their time kept while the seat waits for
            // them (it runs again when they are back).
            self.start_clock(seat);
        }
        if sync {
            self.sync_all();
        } else {
            self.update_all();
        }
        self.autosave();
    }

    fn start_bot(&mut self, seat: Seat, step: u64) {
        let s = seat as usize;
        let Some(g) = &mut self.game else {
            return;
        };
        let Some(mut bot) = self.seats[s].bot.as_mut().and_then(|b| b.bot.take()) else {
            return;
        };
        g.thinking = Some(seat);
        let obs = g.m.state.observation(Some(seat));
        let legal = g.m.state.legal_actions();
        let me = self.me.clone();
        let rt = self.rt.clone();
        self.rt.spawn(async move {
            let chosen = rt
                .spawn_blocking(move || {
                    let a = bot.choose(&obs, &legal);
                    (bot, a)
                })
                .await;
            if let (Ok((bot, a)), Some(shared)) = (chosen, me.upgrade()) {
                lock(&shared).bot_chose(seat, step, bot, a);
            }
        });
    }

    fn bot_chose(&mut self, seat: Seat, step: u64, bot: Box<dyn Bot>, a: Action) {
        let s = seat as usize;
        if let Some(b) = &mut self.seats[s].bot
            && b.bot.is_none()
        {
            b.bot = Some(bot);
        }
        let current = self.game.as_ref().is_some_and(|g| g.step == step);
        // While an undo waits for answers, a bot's move waits too (it is asked again after).
        let undo_pending = self.game.as_ref().is_some_and(|g| g.undo.is_some());
        if current && self.seats[s].bot.is_some() && !self.closed && !undo_pending {
            let _ = self.apply(seat, a);
        }
    }

    /// Starts `seat`'s clock, in a game with clocks: it runs out after the time it has left.
    pub(crate) fn start_clock(&mut self, seat: Seat) {
        let Some(g) = &mut self.game else {
            return;
        };
        let Some(c) = &g.clocks else {
            return;
        };
        let left = c[seat as usize];
        g.clock_running = Some((seat, Instant::now()));
        g.clock_epoch += 1;
        let epoch = g.clock_epoch;
        let me = self.me.clone();
        self.rt.spawn(async move {
            tokio::time::sleep(left).await;
            if let Some(shared) = me.upgrade() {
                lock(&shared).time_out(seat, epoch);
            }
        });
    }

    /// Stops `seat`'s clock if it runs, the time it ran spent.
    pub(crate) fn stop_clock(&mut self, seat: Seat) {
        let Some(g) = &mut self.game else {
            return;
        };
        if let (Some(c), Some((s, since))) = (&mut g.clocks, g.clock_running)
            && s == seat
        {
            c[s as usize] = c[s as usize].saturating_sub(since.elapsed());
            g.clock_running = None;
        }
    }

    fn time_out(&mut self, seat: Seat, epoch: u64) {
        let Some(g) = &mut self.game else {
            return;
        };
        let running = g.clock_running.map(|(s, _)| s) == Some(seat);
        if g.clock_epoch != epoch || !running || self.closed {
            return;
        }
        if let Some(c) = &mut g.clocks {
            c[seat as usize] = Duration::ZERO;
        }
        g.clock_running = None;
        let level = self
            .cfg
            .clock
            .as_ref()
            .map_or("random".to_string(), |c| c.bot_on_timeout.clone());
        let bot = noctiluca_ai::make_bot(&level, bot_seed(self.cfg.seed, seat, self.games))
            .or_else(|| noctiluca_ai::make_bot("random", 0));
        self.seats[seat as usize].bot = Some(BotSlot { level, bot });
        self.note(Note::TimeOut { seat });
        self.next_step();
    }

    /// A decision for `seat`, from whoever plays it.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), NetError> {
        let Some(g) = &mut self.game else {
            return Err(NetError::NoGame);
        };
        if g.over.is_some() {
            return Err(NetError::NoGame);
        }
        if g.m.state.to_act() != ToAct::Seat(seat) || action.is_chance() {
            return Err(NetError::NotYourTurn { seat });
        }
        let at = g.m.record.actions.len();
        let events = g.m.apply(action).map_err(NetError::Rule)?;
        g.events.extend(events.into_iter().map(|e| (at, e)));
        if let (Some(c), Some((s, since))) = (&mut g.clocks, g.clock_running) {
            c[s as usize] = c[s as usize].saturating_sub(since.elapsed());
        }
        g.clock_running = None;
        if let Some(u) = g.undo.take() {
            self.note(Note::UndoCancelled { by: u.by });
        }
        self.next_step();
        Ok(())
    }

    /// A message from a seated connection.
    /// Returns whether it was a decision the game took (which the rate limit does not count:
    /// a fast bot's decisions are no flood).
    pub fn on_message(&mut self, seat: Seat, conn: u64, msg: crate::ToHost) -> bool {
        let s = seat as usize;
        if self.seats[s].conn.as_ref().map(|c| c.id) != Some(conn) {
            return false;
        }
        let mut taken = false;
        let refusal = match msg {
            crate::ToHost::Hello { .. } => Some(Refusal::Malformed),
            crate::ToHost::Act {
                seat: claimed,
                action,
                step,
            } => {
                if claimed != seat {
                    Some(Refusal::NotYourSeat { seat: claimed })
                } else if self.game.as_ref().is_some_and(|g| g.step != step) {
                    Some(Refusal::Stale)
                } else if self.seats[s].bot.is_some() {
                    Some(Refusal::BotSeat { seat })
                } else {
                    match self.apply(seat, action) {
                        Ok(()) => {
                            taken = true;
                            None
                        }
                        Err(NetError::NoGame) => Some(Refusal::NoGame),
                        Err(NetError::NotYourTurn { .. }) => Some(Refusal::NotYourTurn),
                        Err(_) => Some(Refusal::Illegal { action }),
                    }
                }
            }
            crate::ToHost::ProposeUndo => self.propose_undo(seat).err().map(|_| Refusal::NoUndo),
            crate::ToHost::AnswerUndo { yes } => {
                self.answer_undo(seat, yes).err().map(|_| Refusal::NoUndo)
            }
            crate::ToHost::WithdrawUndo => self.withdraw_undo(seat).err().map(|_| Refusal::NoUndo),
            crate::ToHost::Leave => {
                self.gone(seat, conn, true);
                None
            }
            crate::ToHost::Say { text } => self.say(seat, &text).err().map(|_| Refusal::Malformed),
        };
        match refusal {
            Some(r) => {
                self.refuse(Some(seat), s, r);
                false
            }
            None => taken,
        }
    }

    /// A chat message from the person at `seat`, to everyone (the sender too: what every
    /// table shows is what the host kept). Counted by the rate limit like any message.
    pub fn say(&mut self, seat: Seat, text: &str) -> Result<(), NetError> {
        let text = clean_say(text);
        if text.is_empty() {
            return Err(NetError::EmptyMessage);
        }
        self.chat.push((seat, text.clone()));
        let excess = self.chat.len().saturating_sub(crate::protocol::CHAT_KEPT);
        self.chat.drain(..excess);
        self.note(Note::Said { seat, text });
        Ok(())
    }

    /// Tells a seat its message was refused, and notes it for the host.
    pub fn refuse(&mut self, seat: Option<Seat>, s: usize, refusal: Refusal) {
        self.send(s, &ToClient::Rejected(refusal.clone()));
        self.notes.push(Note::Misbehaved { seat, refusal });
    }

    // ---- saving ----

    pub fn autosave(&mut self) {
        let Some(path) = self.cfg.autosave.clone() else {
            return;
        };
        if save::write(self, &path).is_err() {
            self.notes.push(Note::AutosaveFailed);
        }
    }

    /// Tells every connection the host is closing, and closes them.
    pub fn close(&mut self, done: bool) {
        if self.closed {
            return;
        }
        self.notes.push(if done {
            Note::SeriesDone
        } else {
            Note::HostClosed
        });
        // Kept for resuming: the time the seat to move has spent since the last move, and
        // the chat since the last step.
        if !done && self.game.is_some() {
            self.autosave();
        }
        let under_way = self.game.as_ref().is_some_and(|g| !g.m.state.is_over());
        let unsaved = !done && under_way && self.cfg.autosave.is_none();
        self.broadcast(&ToClient::Closing { done, unsaved });
        self.closed = true;
        for slot in &mut self.seats {
            if let Some(c) = slot.conn.take() {
                let _ = c.tx.try_send(Out::Close);
            }
        }
    }
}

/// A chat message as kept: on one line (line breaks and tabs become spaces, other control
/// characters are dropped), trimmed, at most `MAX_SAY` characters.
pub(crate) fn clean_say(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    one_line
        .trim()
        .chars()
        .take(crate::protocol::MAX_SAY)
        .collect()
}

/// A display name as kept: trimmed, control characters dropped, at most `MAX_NAME` characters.
pub(crate) fn clean_name(name: &str) -> String {
    name.trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect()
}
