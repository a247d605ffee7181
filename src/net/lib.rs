//! Playing Noctiluca with friends over the network.
//!
//! The host is the authority: only it runs the rules (`Match`) and draws chance outcomes
//! (seeded, logged). A client sends decisions and receives its own seat's observation, the
//! legal decisions when it is to act, and the public events; other seats' secrets never leave
//! the host (`filter::for_seat` decides what of the event log a seat may see).
//!
//! Transport: WebSocket over TCP (tokio + tokio-tungstenite), JSON text frames of the
//! versioned `ToHost` / `ToClient` enums (`protocol`). The host and the client each run a tokio
//! runtime on a background thread; `Host` and `Client` are plain handles that never block the
//! caller for longer than a lock held for one step of the game.
//!
//! Everything here is data: notes, refusals and errors are enums with fields, which the front
//! ends word in the reader's language.

pub mod client;
pub mod filter;
pub mod host;
pub mod protocol;
pub mod token;

pub use client::Client;
pub use host::{
    HOSTED_SAVE_FORMAT, Host, bind_ip_in_save, log_in_save, port_in_save, save_is_finished,
    saved_seats, seats_in_save,
};
pub use protocol::{PROTOCOL_VERSION, ToClient, ToHost};

pub use noctiluca_engine::Event;
use noctiluca_engine::{Action, Components, Observation, ScoreResult, Seat, ToAct};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatPlan {
    /// The host's own person, playing in the host's window (`Host::act`).
    Local,
    /// A person joining with an invite code.
    Remote,
    /// A bot of this level (`noctiluca_ai::make_bot`), playing on the host.
    Bot(String),
}

/// A per-player time bank, and the bot that plays a seat's moves once its bank is empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRule {
    pub bank: Duration,
    pub bot_on_timeout: String,
}

/// How to host a game.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// 2 to 4 seats, in seat order.
    pub seats: Vec<SeatPlan>,
    pub host_name: String,
    pub bind: SocketAddr,
    /// The address put in the invite codes; default: the bound address, or this machine's
    /// address when bound to an unspecified address (0.0.0.0 or ::).
    pub advertise: Option<String>,
    pub seed: u64,
    pub components: Arc<Components>,
    /// How long a dropped player's seat waits for them before the host may hand it to a bot.
    pub grace: Duration,
    pub clock: Option<ClockRule>,
    /// Where the game in progress is saved after every step (`Host::resume` reads it).
    pub autosave: Option<PathBuf>,
}

/// An invite for one remote seat: `ADDRESS/TOKEN`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    pub seat: Seat,
    pub code: String,
}

/// What a client keeps to come back to its seat after a drop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejoin {
    pub address: String,
    pub seat: Seat,
    pub token: String,
}

/// A seat's connection as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Connection {
    /// The host's own person.
    Local,
    /// A bot of this level plays the seat (seated as one, handed over, or after a timeout).
    Bot {
        level: String,
    },
    /// A remote seat nobody has claimed yet.
    Open,
    Connected,
    /// The player's connection dropped, or they left (`left`: on purpose, as they said);
    /// `grace_over` once the grace period has passed (the host may then hand the seat to a
    /// bot).
    Dropped {
        grace_over: bool,
        #[serde(default)]
        left: bool,
    },
}

/// One seat in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbySeat {
    pub plan: SeatPlan,
    /// The player's display name, once known.
    pub name: Option<String>,
    pub connection: Connection,
}

/// The lobby as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lobby {
    pub seats: Vec<LobbySeat>,
    /// The time bank per player, if the game has clocks.
    pub clock: Option<ClockRule>,
    /// Games started so far (1 during the first game).
    pub games: u32,
    pub phase: LobbyPhase,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyPhase {
    Waiting,
    Playing,
    /// The last game ended; the host may start another with the same seats.
    Over,
}

/// A request to take back a decision, waiting for every person's consent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoRequest {
    /// Whose latest decision would be taken back.
    pub by: Seat,
    /// The people whose answer is still awaited.
    pub waiting_for: Vec<Seat>,
    /// Those who agreed so far (the proposer included).
    pub agreed: Vec<Seat>,
}

/// A finished game: its whole log (every secret included, now that it is over) and scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    pub record_ron: String,
    pub score: ScoreResult,
}

/// The game as one seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub names: Vec<String>,
    pub observation: Observation,
    /// Empty unless this seat is to act.
    pub legal: Vec<Action>,
    pub to_act: ToAct,
    /// A seat whose bot is working out its move.
    pub thinking: Option<Seat>,
    pub connections: Vec<Connection>,
    /// Time left per seat when this view was made, if the game has clocks (the seat to act is
    /// the one whose time runs).
    pub clocks: Option<Vec<Duration>>,
    /// The seat whose time bank runs down now (a person's, while the game waits for them).
    #[serde(default)]
    pub running: Option<Seat>,
    /// Per seat: how long a dropped player's seat is still waited for, when this view was
    /// made, before the host may hand it to a bot (`None`: not waiting).
    #[serde(default)]
    pub grace_left: Vec<Option<Duration>>,
    /// The events of the game so far that this seat may see (`filter::for_seat`).
    pub log: Vec<Event>,
    pub undo_request: Option<UndoRequest>,
    /// The seat has a decision it may ask to take back (none before its first, nor while a
    /// request stands or once the game is over).
    #[serde(default)]
    pub can_take_back: bool,
    /// The seat's request to take back was declined, and the game has not moved on since.
    #[serde(default)]
    pub take_back_refused: bool,
    pub over: Option<Finished>,
    /// Games started so far on this host (1 during the first).
    pub game: u32,
    /// The host's count of moves asked for in this game: a decision answers one step.
    pub step: u64,
    /// The chat so far (the latest `CHAT_KEPT` messages), for a table put up again after a
    /// rejoin: the messages said while it was away are there.
    #[serde(default)]
    pub chat: Vec<(Seat, String)>,
}

/// Why something a player sent was refused. Sent to the player; data only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// The first message was not `Hello`, or came too late.
    NoHello,
    /// The protocol versions differ.
    Version { host: u32, client: u32 },
    /// No seat has this invite code or rejoin token.
    UnknownCode,
    /// Too many wrong codes from this address lately; try again later.
    TooManyAttempts,
    /// The seat is already taken by someone connected.
    SeatTaken { seat: Seat },
    /// A decision for a seat that is not the sender's.
    NotYourSeat { seat: Seat },
    /// Not the sender's turn.
    NotYourTurn,
    /// A decision for a step of the game that has passed.
    Stale,
    /// The rules do not allow this action now.
    Illegal { action: Action },
    /// No game is being played.
    NoGame,
    /// Not a message of this protocol.
    Malformed,
    /// Larger than the protocol allows.
    TooLarge,
    /// More messages than the protocol allows per second: disconnected.
    Flood,
    /// Nothing to take back, or an undo request already pending.
    NoUndo,
    /// The seat is played by a bot.
    BotSeat { seat: Seat },
}

/// Why a client's connection ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloseReason {
    /// The invite code is not of the form `ADDRESS/TOKEN`.
    BadCode,
    /// The address's name is not known to the network (no computer could be found by it).
    UnknownHost,
    /// Could not reach the host.
    Unreachable(std::io::ErrorKind),
    /// The WebSocket handshake failed.
    Handshake,
    /// The host refused the connection.
    Refused(Refusal),
    /// The host speaks another protocol version.
    Version { host: u32, client: u32 },
    /// The host closed (it can resume the game from its autosave; rejoin then).
    HostClosed,
    /// The host closed a game under way that it kept no save of: it cannot go on.
    HostGone,
    /// The host finished its series of games.
    Done,
    /// The connection was lost (the host stopped answering).
    Lost,
    /// This client left.
    Left,
}

/// A client's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientStatus {
    Connecting,
    InLobby,
    Playing,
    Over,
    Closed(CloseReason),
}

/// Something that happened since the last `poll`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Note {
    Joined {
        seat: Seat,
        name: String,
    },
    Rejoined {
        seat: Seat,
    },
    /// A player's connection dropped.
    Dropped {
        seat: Seat,
    },
    /// A player left on purpose.
    Left {
        seat: Seat,
    },
    /// A dropped player's grace period is over: the host may hand the seat to a bot.
    GraceOver {
        seat: Seat,
    },
    HandedToBot {
        seat: Seat,
        level: String,
    },
    GameStarted {
        game: u32,
    },
    GameOver {
        game: u32,
    },
    /// A seat's time bank ran out; the bot plays its moves.
    TimeOut {
        seat: Seat,
    },
    UndoProposed {
        by: Seat,
    },
    UndoAnswered {
        seat: Seat,
        yes: bool,
    },
    UndoDone {
        by: Seat,
        removed: usize,
    },
    UndoDeclined {
        by: Seat,
        declined_by: Seat,
    },
    /// The game moved on before everyone agreed.
    UndoCancelled {
        by: Seat,
    },
    /// The one who asked withdrew the request.
    UndoWithdrawn {
        by: Seat,
    },
    /// Something this client sent was refused.
    Refused(Refusal),
    /// The host refused a message from a seat (or from a connection not seated yet).
    Misbehaved {
        seat: Option<Seat>,
        refusal: Refusal,
    },
    /// The host is closing every connection.
    HostClosed,
    /// The host finished its series of games.
    SeriesDone,
    /// The game could not be saved (autosave).
    AutosaveFailed,
    /// A chat message from the person at `seat`, to everyone at the table (control
    /// characters dropped, at most `MAX_SAY` characters).
    Said {
        seat: Seat,
        text: String,
    },
}

/// Why a host operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// 2 to 4 seats.
    SeatCount {
        seats: usize,
    },
    UnknownBot {
        level: String,
    },
    Bind(std::io::ErrorKind),
    /// The background thread could not be started.
    Runtime(std::io::ErrorKind),
    /// The saved game could not be read.
    Save(SaveProblem),
    /// Remote seats not filled yet.
    SeatsOpen {
        seats: Vec<Seat>,
    },
    AlreadyPlaying,
    NoGame,
    NoSuchSeat {
        seat: Seat,
    },
    NotLocal {
        seat: Seat,
    },
    NotYourTurn {
        seat: Seat,
    },
    Rule(noctiluca_engine::RuleError),
    /// The seat is connected, or its grace period is not over.
    SeatNotDropped {
        seat: Seat,
    },
    NoUndo,
    /// The seat's request to take back was declined, and the game has not moved on since.
    UndoRefused,
    /// The game's rules could not be set up (the component data, say).
    Setup(noctiluca_engine::RuleError),
    /// Only in the lobby (before a game, or between games).
    NotInLobby,
    /// A chat message with nothing in it once cleaned.
    EmptyMessage,
    /// No AI took this friend's seat (`Host::reopen_seat`).
    NoAiAtSeat {
        seat: Seat,
    },
}

/// What was wrong with a saved hosted game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    /// The file could not be read: missing, not a file, too large, not text, or what the
    /// system said.
    File(noctiluca_engine::files::FileProblem),
    /// Not a saved hosted game (or of another version).
    Format,
    /// Its log does not replay.
    Replay(noctiluca_engine::record::ReplayError),
    /// Its seats are not those of the configuration.
    Seats,
}

/// The built-in component data (the engine's defaults).
pub fn default_components() -> Arc<Components> {
    Arc::new(Components::default())
}

/// The connection's timing: each side pings every `PING_EVERY`; a peer silent
/// for `DEAD_AFTER` is dropped.
pub const PING_EVERY: Duration = Duration::from_secs(1);
pub const DEAD_AFTER: Duration = Duration::from_secs(5);
/// The time a connection has to complete the WebSocket handshake and say `Hello`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(5);
