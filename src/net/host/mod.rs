//! The host: the only place the rules run. `Host` is a handle on a tokio runtime running on a
//! background thread (the listener, one task per connection, bots, clocks and grace periods);
//! its methods take the host's lock for one step and return.

mod conn;
mod core;
mod save;
mod seats;
pub use save::SAVE_FORMAT as HOSTED_SAVE_FORMAT;
mod undo;

use self::core::{BotSlot, Core, Game, Shared, lock};
use crate::{
    Finished, HostConfig, Invite, Lobby, LobbyPhase, NetError, Note, SaveProblem, SeatPlan,
    SeatView,
};
use noctiluca_engine::{Action, GameRecord, GameState, Match, Seat};
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::oneshot;

pub use save::{SAVE_FORMAT, SAVE_VERSION};

/// A game hosted on this machine.
pub struct Host {
    shared: Shared,
    address: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    /// The thread that runs the connections; it ends once they have said their last words.
    thread: Option<std::thread::JoinHandle<()>>,
}

/// The address to put in invite codes.
fn advertised(config: &HostConfig, bound: SocketAddr) -> String {
    if let Some(a) = &config.advertise {
        // Port 0 asked the system for any free port: the invite names the one it gave.
        return match a.strip_suffix(":0") {
            Some(host) => format!("{host}:{}", bound.port()),
            None => a.clone(),
        };
    }
    let ip = if bound.ip().is_unspecified() {
        this_machine(bound.ip()).unwrap_or(bound.ip())
    } else {
        bound.ip()
    };
    SocketAddr::new(ip, bound.port()).to_string()
}

/// This machine's address on its network: the one a datagram to an outside address would
/// leave from (no datagram is sent).
fn this_machine(like: IpAddr) -> Option<IpAddr> {
    let (bind, probe) = if like.is_ipv4() {
        ("0.0.0.0:0", "192.0.2.1:9")
    } else {
        ("[::]:0", "[2001:db8::1]:9")
    };
    let s = std::net::UdpSocket::bind(bind).ok()?;
    s.connect(probe).ok()?;
    s.local_addr().ok().map(|a| a.ip())
}

fn check(config: &HostConfig) -> Result<(), NetError> {
    if !(2..=4).contains(&config.seats.len()) {
        return Err(NetError::SeatCount {
            seats: config.seats.len(),
        });
    }
    for plan in &config.seats {
        if let SeatPlan::Bot(level) = plan
            && noctiluca_ai::make_bot(level, 0).is_none()
        {
            return Err(NetError::UnknownBot {
                level: level.clone(),
            });
        }
    }
    if let Some(c) = &config.clock
        && noctiluca_ai::make_bot(&c.bot_on_timeout, 0).is_none()
    {
        return Err(NetError::UnknownBot {
            level: c.bot_on_timeout.clone(),
        });
    }
    Ok(())
}

impl Host {
    /// Opens the lobby: binds the address and starts accepting players.
    pub fn start(config: HostConfig) -> Result<Host, NetError> {
        check(&config)?;
        Host::launch(config, |_| Ok(()))
    }

    /// Resumes a game from a host's autosave, with the same seats and tokens: every person
    /// rejoins with the rejoin token their client kept (or an unused invite). The game goes on
    /// where it stopped; dropped players' grace periods start now.
    pub fn resume(record_path: &Path, mut config: HostConfig) -> Result<Host, NetError> {
        check(&config)?;
        let saved = save::read(record_path).map_err(NetError::Save)?;
        // On the port it was hosted on, whatever `config` asks: the players' rejoin tokens
        // lead there.
        if let Some(port) = saved.port {
            config.bind.set_port(port);
        }
        if saved.seats.len() != config.seats.len()
            || saved
                .seats
                .iter()
                .zip(&config.seats)
                .any(|(a, b)| a.plan != *b)
        {
            return Err(NetError::Save(SaveProblem::Seats));
        }
        let record = match &saved.record_ron {
            Some(text) => Some(
                GameRecord::from_ron(text).map_err(|e| NetError::Save(SaveProblem::Replay(e)))?,
            ),
            None => None,
        };
        // The events, as the game produced them (for the players' logs).
        let mut events = Vec::new();
        let game = match record {
            Some(rec) => {
                let mut st = GameState::new(rec.config.clone(), Arc::clone(&rec.components))
                    .map_err(NetError::Setup)?;
                for (i, e) in rec.actions.iter().enumerate() {
                    let ev = st.apply(&e.action).map_err(|r| {
                        NetError::Save(SaveProblem::Replay(noctiluca_engine::ReplayError {
                            entry: i + 1,
                            problem: noctiluca_engine::record::ReplayProblem::Rule(r),
                        }))
                    })?;
                    events.extend(ev.into_iter().map(|ev| (i, ev)));
                }
                Some(Match::from_record(rec).map_err(|e| NetError::Save(SaveProblem::Replay(e)))?)
            }
            None => None,
        };
        let clocks = save::clocks(&saved);
        let chat = save::chat(&saved);
        Host::launch(config, move |core| {
            core.games = saved.games;
            core.chat = chat;
            for (slot, s) in core.seats.iter_mut().zip(&saved.seats) {
                slot.name = s.name.clone().or(slot.name.take());
                slot.invite = s.invite.clone();
                slot.rejoin = s.rejoin.clone();
                if slot.plan == SeatPlan::Remote && slot.rejoin.is_some() {
                    slot.dropped_at = Some(Instant::now());
                }
                if let Some(level) = &s.bot {
                    slot.bot = Some(BotSlot {
                        level: level.clone(),
                        bot: noctiluca_ai::make_bot(level, core.cfg.seed ^ 0x5eed),
                    });
                }
            }
            if let Some(m) = game {
                let over = m.state.is_over();
                let finished = over.then(|| crate::Finished {
                    record_ron: m.to_record().to_ron(),
                    score: m.state.final_score(),
                });
                core.last_finished = finished.clone();
                core.game = Some(Game {
                    m,
                    events,
                    sent: vec![0; core.seats.len()],
                    step: 0,
                    thinking: None,
                    clocks,
                    clock_running: None,
                    clock_epoch: 0,
                    undo: None,
                    declined: None,
                    over: finished,
                });
                core.phase = if over {
                    LobbyPhase::Over
                } else {
                    LobbyPhase::Playing
                };
            }
            Ok(())
        })
    }

    fn launch(
        config: HostConfig,
        setup: impl FnOnce(&mut Core) -> Result<(), NetError> + Send + 'static,
    ) -> Result<Host, NetError> {
        let listener =
            std::net::TcpListener::bind(config.bind).map_err(|e| NetError::Bind(e.kind()))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| NetError::Bind(e.kind()))?;
        let address = listener
            .local_addr()
            .map_err(|e| NetError::Bind(e.kind()))?;
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| NetError::Runtime(e.kind()))?;
        let adv = advertised(&config, address);
        // The port the system chose for port 0 (the save keeps it).
        let mut config = config;
        config.bind.set_port(address.port());
        let core = Core::new(config, adv, rt.handle().clone());
        let shared: Shared = Arc::new(Mutex::new(core));
        {
            let mut c = lock(&shared);
            c.me = Arc::downgrade(&shared);
            setup(&mut c)?;
        }
        let (stop, stopped) = oneshot::channel::<()>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(), std::io::ErrorKind>>();
        let inner = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("noctiluca-host".into())
            .spawn(move || {
                rt.block_on(async move {
                    let listener = match tokio::net::TcpListener::from_std(listener) {
                        Ok(l) => l,
                        Err(e) => {
                            let _ = ready_tx.send(Err(e.kind()));
                            return;
                        }
                    };
                    let _ = ready_tx.send(Ok(()));
                    let alive = Arc::new(());
                    let accept = tokio::spawn(self::conn::accept_loop(
                        listener,
                        Arc::clone(&inner),
                        Arc::clone(&alive),
                    ));
                    // A resumed game's first step (a bot to move, a clock to run, grace periods).
                    lock(&inner).resumed();
                    let _ = stopped.await;
                    accept.abort();
                    lock(&inner).close_if_open();
                    // The connections send their last words (the host is closing, and why)
                    // and close, each within `PING_EVERY`; a runtime dropped before then
                    // would cut them off, and a player would take the host for lost and try
                    // to rejoin a host that is gone. The aborted accept loop lets its clone
                    // go, and so does each connection as it ends.
                    let deadline = tokio::time::Instant::now() + 2 * crate::PING_EVERY;
                    while Arc::strong_count(&alive) > 1 && tokio::time::Instant::now() < deadline {
                        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                    }
                });
                drop(rt);
            })
            .map_err(|e| NetError::Runtime(e.kind()))?;
        match ready_rx.recv() {
            Ok(Ok(())) => {}
            Ok(Err(kind)) => return Err(NetError::Bind(kind)),
            Err(_) => return Err(NetError::Runtime(std::io::ErrorKind::Other)),
        }
        Ok(Host {
            shared,
            address,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The address the host listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// One invite code per remote seat.
    pub fn invites(&self) -> Vec<Invite> {
        let c = lock(&self.shared);
        c.seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                s.invite.as_ref().map(|t| Invite {
                    seat: i as Seat,
                    code: crate::token::invite_code(&c.address, t),
                })
            })
            .collect()
    }

    pub fn lobby(&self) -> Lobby {
        lock(&self.shared).lobby()
    }

    /// Starts the game (or the next one, with the same seats); refused while a remote seat is
    /// not filled.
    pub fn start_game(&self) -> Result<(), NetError> {
        lock(&self.shared).start_game()
    }

    /// Sets the clocks for the next game (`None`: no clocks); in the lobby only.
    pub fn set_clock(&self, clock: Option<crate::ClockRule>) -> Result<(), NetError> {
        lock(&self.shared).set_clock(clock)
    }

    /// A decision of a local seat (the host's own person).
    pub fn act(&self, seat: Seat, action: Action) -> Result<(), NetError> {
        let mut c = lock(&self.shared);
        match c.seats.get(seat as usize) {
            None => return Err(NetError::NoSuchSeat { seat }),
            Some(s) if s.plan != SeatPlan::Local || s.bot.is_some() => {
                return Err(NetError::NotLocal { seat });
            }
            _ => {}
        }
        c.apply(seat, action)
    }

    /// The game as `seat` sees it.
    pub fn view(&self, seat: Seat) -> Option<SeatView> {
        lock(&self.shared).view(seat)
    }

    /// How long a dropped seat still waits for its player before it may be handed to a bot;
    /// `None` for a seat not waiting (connected, a bot's, or its wait over).
    pub fn grace_left(&self, seat: Seat) -> Option<std::time::Duration> {
        lock(&self.shared)
            .grace_left()
            .get(seat as usize)
            .copied()
            .flatten()
    }

    /// Hands a dropped seat whose grace period is over, or a seat nobody has claimed yet, to a
    /// bot of `level` (the player, back with their rejoin token, takes it back).
    pub fn hand_to_bot(&self, seat: Seat, level: &str) -> Result<(), NetError> {
        lock(&self.shared).hand_to_bot(seat, level)
    }

    /// Gives back to a friend, in the lobby before the first game, a seat an AI was let take.
    pub fn reopen_seat(&self, seat: Seat) -> Result<(), NetError> {
        lock(&self.shared).reopen_seat(seat)
    }

    /// A local seat asks to take back its latest decision; every other person must agree.
    pub fn propose_undo(&self, seat: Seat) -> Result<(), NetError> {
        let mut c = lock(&self.shared);
        if c.seats.get(seat as usize).map(|s| &s.plan) != Some(&SeatPlan::Local) {
            return Err(NetError::NotLocal { seat });
        }
        c.propose_undo(seat)
    }

    /// A local seat's answer to the pending undo request.
    pub fn answer_undo(&self, seat: Seat, yes: bool) -> Result<(), NetError> {
        let mut c = lock(&self.shared);
        if c.seats.get(seat as usize).map(|s| &s.plan) != Some(&SeatPlan::Local) {
            return Err(NetError::NotLocal { seat });
        }
        c.answer_undo(seat, yes)
    }

    /// A chat message from a local seat (the host's own person) to everyone at the table.
    pub fn say(&self, seat: Seat, text: &str) -> Result<(), NetError> {
        let mut c = lock(&self.shared);
        if c.seats.get(seat as usize).map(|s| &s.plan) != Some(&SeatPlan::Local) {
            return Err(NetError::NotLocal { seat });
        }
        c.say(seat, text)
    }

    /// A local seat withdraws its request to take back a decision.
    pub fn withdraw_undo(&self, seat: Seat) -> Result<(), NetError> {
        let mut c = lock(&self.shared);
        if c.seats.get(seat as usize).map(|s| &s.plan) != Some(&SeatPlan::Local) {
            return Err(NetError::NotLocal { seat });
        }
        c.withdraw_undo(seat)
    }

    /// What happened since the last poll.
    pub fn poll(&self) -> Vec<Note> {
        std::mem::take(&mut lock(&self.shared).notes)
    }

    /// How many notes wait for `poll` (a watcher wakes the window for them).
    pub fn pending_notes(&self) -> usize {
        lock(&self.shared).notes.len()
    }

    /// The last game finished on this host, if any.
    pub fn last_finished(&self) -> Option<Finished> {
        lock(&self.shared).last_finished.clone()
    }

    /// The game's log as it stands (every secret in it: for the host's own saving only).
    pub fn record(&self) -> Option<GameRecord> {
        lock(&self.shared).game.as_ref().map(|g| g.m.to_record())
    }

    /// Tells every player the host is closing and stops (the autosave is kept: `resume`).
    pub fn close(mut self) {
        self.shutdown(false);
    }

    /// `close`, returning once every player has been told (or after at most two seconds for
    /// a connection that does not answer): for a program about to end.
    pub fn close_and_wait(mut self) {
        self.shutdown(false);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Tells every player the host's series of games is done and stops, once every
    /// connection has been told (or after at most two seconds for one that does not answer).
    pub fn finish(mut self) {
        self.shutdown(true);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    fn shutdown(&mut self, done: bool) {
        lock(&self.shared).close(done);
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.shutdown(false);
    }
}

/// The seats of a saved hosted game, to resume it with the same ones (`Host::resume`).
pub fn saved_seats(path: &Path) -> Result<Vec<SeatPlan>, SaveProblem> {
    Ok(save::read(path)?
        .seats
        .into_iter()
        .map(|s| s.plan)
        .collect())
}

/// Whether the game in a hosted save's text has ended (a save without a game has not).
pub fn save_is_finished(text: &str) -> bool {
    save::parse(text)
        .ok()
        .and_then(|saved| saved.record_ron)
        .and_then(|r| GameRecord::from_ron(&r).ok())
        .and_then(|rec| rec.replay().ok())
        .is_some_and(|state| state.is_over())
}

/// The game log inside a hosted game's save (`None` when the game had not started, or the
/// text is no such save).
pub fn log_in_save(text: &str) -> Option<String> {
    save::parse(text).ok().and_then(|saved| saved.record_ron)
}

/// The port a saved hosted game was hosted on, if the save says (it is resumed on it).
pub fn port_in_save(text: &str) -> Option<u16> {
    save::parse(text).ok().and_then(|saved| saved.port)
}

/// The address a saved hosted game listened on, from the save's text (`None` for a save
/// from before it was kept).
pub fn bind_ip_in_save(text: &str) -> Option<IpAddr> {
    save::parse(text).ok().and_then(|saved| saved.bind_ip)
}

/// The seats of a saved hosted game, from the save's text.
pub fn seats_in_save(text: &str) -> Result<Vec<SeatPlan>, SaveProblem> {
    Ok(save::parse(text)?
        .seats
        .into_iter()
        .map(|s| s.plan)
        .collect())
}
