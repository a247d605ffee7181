//! A player's side: connects to a host in the background, keeps the lobby and the seat's view
//! up to date, and sends the player's decisions. `Client` is a handle on a tokio runtime
//! running on its own thread; its methods never wait for the network.

use crate::protocol::{Key, MAX_TO_CLIENT, PROTOCOL_VERSION, ToClient, ToHost, encode, ws_config};
use crate::{
    ClientStatus, CloseReason, DEAD_AFTER, Lobby, LobbyPhase, Note, PING_EVERY, Rejoin, SeatView,
    token,
};
use futures_util::{SinkExt, StreamExt};
use noctiluca_engine::{Action, Seat};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;

struct State {
    status: ClientStatus,
    lobby: Option<Lobby>,
    view: Option<SeatView>,
    notes: Vec<Note>,
    rejoin: Option<Rejoin>,
    /// Messages received that changed the view (for callers that wait for a change).
    changes: u64,
}

struct Inner {
    state: Mutex<State>,
    changed: Condvar,
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A connection to a host, for one seat.
pub struct Client {
    inner: Arc<Inner>,
    tx: mpsc::UnboundedSender<Cmd>,
}

enum Cmd {
    Send(ToHost),
    Leave,
}

impl Client {
    /// Joins with an invite code (`ADDRESS/TOKEN`) under a display name; connects in the
    /// background (`status` says how it goes).
    pub fn join(code: &str, name: &str) -> Client {
        match token::parse_code(code) {
            Some((address, tok)) => Client::spawn(address, Key::Invite(tok), name.to_string()),
            None => Client::closed(CloseReason::BadCode),
        }
    }

    /// Comes back to a seat with the token the first join gave.
    pub fn rejoin(saved: &Rejoin) -> Client {
        Client::spawn(
            saved.address.clone(),
            Key::Rejoin {
                seat: saved.seat,
                token: saved.token.clone(),
            },
            String::new(),
        )
    }

    fn new_inner(status: ClientStatus) -> Arc<Inner> {
        Arc::new(Inner {
            state: Mutex::new(State {
                status,
                lobby: None,
                view: None,
                notes: Vec::new(),
                rejoin: None,
                changes: 0,
            }),
            changed: Condvar::new(),
        })
    }

    fn closed(why: CloseReason) -> Client {
        let (tx, _) = mpsc::unbounded_channel();
        Client {
            inner: Client::new_inner(ClientStatus::Closed(why)),
            tx,
        }
    }

    fn spawn(address: String, key: Key, name: String) -> Client {
        let inner = Client::new_inner(ClientStatus::Connecting);
        let (tx, rx) = mpsc::unbounded_channel();
        let task = Arc::clone(&inner);
        let started = std::thread::Builder::new()
            .name("noctiluca-client".into())
            .spawn(move || {
                let rt = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt,
                    Err(e) => {
                        finish(&task, CloseReason::Unreachable(e.kind()));
                        return;
                    }
                };
                let why = rt.block_on(run(&task, address, key, name, rx));
                finish(&task, why);
            });
        if let Err(e) = started {
            finish(&inner, CloseReason::Unreachable(e.kind()));
        }
        Client { inner, tx }
    }

    /// What to keep to come back to this seat (once the host has seated this client).
    pub fn rejoin_token(&self) -> Option<Rejoin> {
        self.inner.lock().rejoin.clone()
    }

    pub fn status(&self) -> ClientStatus {
        self.inner.lock().status.clone()
    }

    pub fn lobby(&self) -> Option<Lobby> {
        self.inner.lock().lobby.clone()
    }

    pub fn view(&self) -> Option<SeatView> {
        self.inner.lock().view.clone()
    }

    /// The seat this client plays, once seated.
    pub fn seat(&self) -> Option<Seat> {
        self.inner.lock().rejoin.as_ref().map(|r| r.seat)
    }

    /// Sends a decision for this client's seat.
    pub fn act(&self, action: Action) {
        let step = self.inner.lock().view.as_ref().map(|v| v.step);
        if let Some(step) = step {
            self.act_at(action, step);
        }
    }

    /// Sends a decision made on the view of the host's `step` (`SeatView::step`): the host
    /// refuses it as stale if the game has moved on since, where `act`, which sends the step
    /// of the latest view, would have it judged against a view it was not made on.
    pub fn act_at(&self, action: Action, step: u64) {
        let seat = self.inner.lock().rejoin.as_ref().map(|r| r.seat);
        if let Some(seat) = seat {
            let _ = self.tx.send(Cmd::Send(ToHost::Act { seat, action, step }));
        }
    }

    /// Asks to take back this seat's latest decision (every other person must agree).
    pub fn propose_undo(&self) {
        let _ = self.tx.send(Cmd::Send(ToHost::ProposeUndo));
    }

    pub fn answer_undo(&self, yes: bool) {
        let _ = self.tx.send(Cmd::Send(ToHost::AnswerUndo { yes }));
    }

    /// Withdraws this seat's request to take back a decision.
    pub fn withdraw_undo(&self) {
        let _ = self.tx.send(Cmd::Send(ToHost::WithdrawUndo));
    }

    /// A chat message to everyone at the table; it comes back as a note (`Note::Said`) once
    /// the host has passed it on.
    pub fn say(&self, text: &str) {
        let _ = self.tx.send(Cmd::Send(ToHost::Say {
            text: text.to_string(),
        }));
    }

    /// Sends a message as it is (for tests of the host's defences).
    pub fn send_raw(&self, msg: ToHost) {
        let _ = self.tx.send(Cmd::Send(msg));
    }

    pub fn poll(&self) -> Vec<Note> {
        std::mem::take(&mut self.inner.lock().notes)
    }

    /// How many messages that changed the lobby or the view have arrived so far.
    pub fn changes(&self) -> u64 {
        self.inner.lock().changes
    }

    /// Waits (blocking: for headless players, not a window) until more than `seen` changes
    /// have arrived, the connection closed, or `max` passed. Returns the change count.
    pub fn wait_change(&self, seen: u64, max: Duration) -> u64 {
        let deadline = Instant::now() + max;
        let mut st = self.inner.lock();
        while st.changes <= seen && !matches!(st.status, ClientStatus::Closed(_)) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            st = self
                .inner
                .changed
                .wait_timeout(st, left)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        st.changes
    }

    /// Leaves the game (the seat stays reserved for the rejoin token).
    pub fn leave(self) {
        let _ = self.tx.send(Cmd::Leave);
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.tx.send(Cmd::Leave);
    }
}

fn finish(inner: &Inner, why: CloseReason) {
    let mut st = inner.lock();
    if !matches!(st.status, ClientStatus::Closed(_)) {
        st.status = ClientStatus::Closed(why);
    }
    st.changes += 1;
    inner.changed.notify_all();
}

/// What a message does to the client's state; `Some` when the connection must end.
fn receive(inner: &Inner, msg: ToClient, address: &str) -> Option<CloseReason> {
    let mut st = inner.lock();
    let mut end = None;
    match msg {
        ToClient::Welcome {
            version,
            seat,
            token,
        } => {
            if version != PROTOCOL_VERSION {
                end = Some(CloseReason::Version {
                    host: version,
                    client: PROTOCOL_VERSION,
                });
            } else {
                st.rejoin = Some(Rejoin {
                    address: address.to_string(),
                    seat,
                    token,
                });
                st.status = ClientStatus::InLobby;
            }
        }
        ToClient::Refused(r) => {
            end = Some(match r {
                crate::Refusal::Version { host, client } => CloseReason::Version { host, client },
                r => CloseReason::Refused(r),
            });
        }
        ToClient::Lobby(l) => {
            if st.view.is_none() || l.phase == LobbyPhase::Waiting {
                st.status = ClientStatus::InLobby;
            }
            st.lobby = Some(l);
        }
        ToClient::Sync(v) => {
            st.status = if v.over.is_some() {
                ClientStatus::Over
            } else {
                ClientStatus::Playing
            };
            st.view = Some(*v);
        }
        ToClient::Update(u) => {
            if let Some(v) = &mut st.view {
                v.step = u.step;
                v.observation = u.observation;
                v.legal = u.legal;
                v.to_act = u.to_act;
                v.thinking = u.thinking;
                v.connections = u.connections;
                v.clocks = u.clocks;
                v.running = u.running;
                v.grace_left = u.grace_left;
                v.log.extend(u.events);
                v.undo_request = u.undo_request;
                v.can_take_back = u.can_take_back;
                v.take_back_refused = u.take_back_refused;
            }
        }
        ToClient::Rejected(r) => st.notes.push(Note::Refused(r)),
        ToClient::Over(f) => {
            if let Some(v) = &mut st.view {
                v.over = Some(*f);
                v.legal.clear();
            }
            st.status = ClientStatus::Over;
        }
        ToClient::Note(n) => st.notes.push(n),
        ToClient::Closing { done, unsaved } => {
            st.notes.push(if done {
                Note::SeriesDone
            } else {
                Note::HostClosed
            });
            end = Some(match (done, unsaved) {
                (true, _) => CloseReason::Done,
                (false, true) => CloseReason::HostGone,
                (false, false) => CloseReason::HostClosed,
            });
        }
    }
    st.changes += 1;
    inner.changed.notify_all();
    end
}

async fn run(
    inner: &Inner,
    address: String,
    key: Key,
    name: String,
    mut rx: mpsc::UnboundedReceiver<Cmd>,
) -> CloseReason {
    // The name first, so that a name no computer answers to is said as such (the system's
    // own reason for it has no kind of its own).
    let found: Vec<std::net::SocketAddr> =
        match timeout(DEAD_AFTER, tokio::net::lookup_host(address.as_str())).await {
            Ok(Ok(found)) => found.collect(),
            Ok(Err(e)) if e.kind() == std::io::ErrorKind::InvalidInput => {
                return CloseReason::Unreachable(e.kind());
            }
            Ok(Err(_)) => return CloseReason::UnknownHost,
            Err(_) => return CloseReason::Unreachable(std::io::ErrorKind::TimedOut),
        };
    if found.is_empty() {
        return CloseReason::UnknownHost;
    }
    let stream = match timeout(DEAD_AFTER, tokio::net::TcpStream::connect(found.as_slice())).await {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => return CloseReason::Unreachable(e.kind()),
        Err(_) => return CloseReason::Unreachable(std::io::ErrorKind::TimedOut),
    };
    let _ = stream.set_nodelay(true);
    let url = format!("ws://{address}/");
    let handshake =
        tokio_tungstenite::client_async_with_config(url, stream, Some(ws_config(MAX_TO_CLIENT)));
    let ws = match timeout(DEAD_AFTER, handshake).await {
        Ok(Ok((ws, _))) => ws,
        _ => return CloseReason::Handshake,
    };
    let (mut sink, mut stream) = ws.split();
    let hello = ToHost::Hello {
        version: PROTOCOL_VERSION,
        key,
        name,
    };
    if sink.send(Message::text(encode(&hello))).await.is_err() {
        return CloseReason::Lost;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            cmd = rx.recv() => match cmd {
                Some(Cmd::Send(m)) => {
                    if !matches!(timeout(DEAD_AFTER, sink.send(Message::text(encode(&m)))).await, Ok(Ok(()))) {
                        return CloseReason::Lost;
                    }
                }
                Some(Cmd::Leave) | None => {
                    let leave = Message::text(encode(&ToHost::Leave));
                    let _ = timeout(PING_EVERY, sink.send(leave)).await;
                    let _ = timeout(PING_EVERY, sink.close()).await;
                    return CloseReason::Left;
                }
            },
            msg = stream.next() => {
                last_heard = Instant::now();
                match msg {
                    Some(Ok(Message::Text(t))) => {
                        let Ok(m) = serde_json::from_str::<ToClient>(t.as_str()) else {
                            continue;
                        };
                        if let Some(why) = receive(inner, m, &address) {
                            let _ = timeout(PING_EVERY, sink.close()).await;
                            return why;
                        }
                    }
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => return CloseReason::Lost,
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > DEAD_AFTER {
                    return CloseReason::Lost;
                }
                if !matches!(timeout(DEAD_AFTER, sink.send(Message::Ping(Vec::new().into()))).await, Ok(Ok(()))) {
                    return CloseReason::Lost;
                }
            }
        }
    }
}

/// Plays a seat with a bot: each time the view asks this seat for a decision, the bot picks
/// one. For headless players (`noctiluca join --bot`) and tests.
pub struct AutoPlayer {
    bot: Box<dyn noctiluca_ai::Bot>,
    /// The host's step the last decision answered (see `SeatView::step`).
    acted_at: Option<(u32, u64)>,
    /// The client's count of changes (`Client::changes`) when a request to take back a
    /// decision was last agreed to: answered once a view.
    agreed_at: Option<u64>,
}

impl AutoPlayer {
    /// `None` for an unknown level.
    pub fn new(level: &str, seed: u64) -> Option<AutoPlayer> {
        Some(AutoPlayer::with_bot(noctiluca_ai::make_bot(level, seed)?))
    }

    /// Plays the seat with a bot of the caller's making.
    pub fn with_bot(bot: Box<dyn noctiluca_ai::Bot>) -> AutoPlayer {
        AutoPlayer {
            bot,
            acted_at: None,
            agreed_at: None,
        }
    }

    /// Forgets what it answered on an earlier connection: a host that resumes its game counts
    /// its steps anew, so a step answered before could be asked again (the seat then waited
    /// for a decision that never came).
    pub fn reconnected(&mut self) {
        self.acted_at = None;
        self.agreed_at = None;
    }

    /// Decides if the client's seat is asked to (once per change of the view). Returns
    /// whether it sent a decision.
    pub fn step(&mut self, client: &Client) -> bool {
        let Some(v) = client.view() else {
            return false;
        };
        // A request to take back a decision waits for every seat a person may play, this
        // one too: a bot agrees (the host had waited for its answer until the game moved on).
        if v.undo_request
            .as_ref()
            .is_some_and(|u| u.waiting_for.contains(&v.seat))
            && self.agreed_at != Some(client.changes())
        {
            client.answer_undo(true);
            self.agreed_at = Some(client.changes());
        }
        if self.acted_at == Some((v.game, v.step)) {
            return false;
        }
        // Nor does it decide while a request to take back stands: the game waits for the
        // answers, and a decision sent meanwhile would be refused as stale once it is granted.
        if v.legal.is_empty()
            || v.undo_request.is_some()
            || v.over.is_some()
            || v.to_act != noctiluca_engine::ToAct::Seat(v.seat)
        {
            return false;
        }
        let a = self.bot.choose(&v.observation, &v.legal);
        // The host may have moved on while the bot thought (a seat handed to a bot, or taken
        // back, starts a new step with the same position): the decision is then made again on
        // the new view. It had been sent as the new step's, and the step then answered once
        // more with the old view's decision, which the host refused as against the rules.
        if client.view().map(|n| (n.game, n.step)) != Some((v.game, v.step)) {
            return false;
        }
        client.act_at(a, v.step);
        self.acted_at = Some((v.game, v.step));
        true
    }

    /// Plays until the connection closes or `max` passes; returns the client's last status.
    pub fn play(&mut self, client: &Client, max: Duration) -> ClientStatus {
        let deadline = Instant::now() + max;
        let mut seen = 0;
        loop {
            self.step(client);
            if let ClientStatus::Closed(why) = client.status() {
                return ClientStatus::Closed(why);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return client.status();
            }
            seen = client.wait_change(seen, left.min(Duration::from_millis(500)));
        }
    }
}
