//! The messages between host and client: JSON text frames of `ToHost` and `ToClient`.
//! `Hello` comes first; its `version` is read before anything else, so a client of another
//! version is told so (both versions named) even if the rest of its messages changed shape.

use super::{Event, Finished, Lobby, Refusal, SeatView, UndoRequest};
use noctiluca_engine::{Action, Seat};
use serde::{Deserialize, Serialize};

/// Bumped whenever a message changes shape.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest message a client may send (its messages are small).
pub const MAX_TO_HOST: usize = 16 * 1024;
/// The largest message the host sends (a finished game's log is the largest).
pub const MAX_TO_CLIENT: usize = 8 * 1024 * 1024;
/// Messages a client may send per second on average, and in a burst.
pub const RATE_PER_SECOND: f64 = 20.0;
pub const RATE_BURST: f64 = 60.0;
/// Wrong codes one address may try within `ATTEMPT_WINDOW` before it is refused for the rest
/// of that window.
pub const MAX_FAILED_CODES: u32 = 5;
pub const ATTEMPT_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);
/// Longest display name kept (characters).
pub const MAX_NAME: usize = 40;
/// Longest chat message kept (characters); the rest is cut.
pub const MAX_SAY: usize = 300;
/// Chat messages the host keeps for a table put up again.
pub const CHAT_KEPT: usize = 200;

/// How a client claims its seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Key {
    /// The token of an invite code.
    Invite(String),
    /// The rejoin token the host gave at the first join.
    Rejoin { seat: Seat, token: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToHost {
    Hello {
        version: u32,
        key: Key,
        name: String,
    },
    /// A decision for `seat` (which must be the sender's), answering the host's `step` (a
    /// decision sent for an earlier step is refused as stale, never applied twice).
    Act {
        seat: Seat,
        action: Action,
        step: u64,
    },
    ProposeUndo,
    AnswerUndo {
        yes: bool,
    },
    /// The one who asked to take back a decision withdraws the request (from version 2).
    WithdrawUndo,
    /// Leaving on purpose (the seat stays reserved for the rejoin token).
    Leave,
    /// A chat message to everyone at the table (from protocol version 2).
    Say {
        text: String,
    },
}

/// What the host sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToClient {
    /// The seat is the client's: keep `token` to rejoin.
    Welcome {
        version: u32,
        seat: Seat,
        token: String,
    },
    /// The connection is refused and will close.
    Refused(Refusal),
    Lobby(Lobby),
    /// The whole game as the seat sees it (at the start, on rejoin, after an undo).
    Sync(Box<SeatView>),
    /// What changed since the last `Sync` or `Update`.
    Update(Box<Update>),
    /// Something the client sent was refused; the game goes on.
    Rejected(Refusal),
    Over(Box<Finished>),
    /// Something that happened at the table (a player joined, dropped, a clock ran out…).
    Note(super::Note),
    /// The host closes every connection (`done`: it finished its series of games;
    /// `unsaved`: a game under way that it keeps no save of, so it cannot go on).
    Closing {
        done: bool,
        #[serde(default)]
        unsaved: bool,
    },
}

/// A change of the game as a seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update {
    pub step: u64,
    pub observation: noctiluca_engine::Observation,
    pub legal: Vec<Action>,
    pub to_act: noctiluca_engine::ToAct,
    pub thinking: Option<Seat>,
    pub connections: Vec<super::Connection>,
    pub clocks: Option<Vec<std::time::Duration>>,
    #[serde(default)]
    pub running: Option<Seat>,
    #[serde(default)]
    pub grace_left: Vec<Option<std::time::Duration>>,
    /// Events to add to the log.
    pub events: Vec<Event>,
    pub undo_request: Option<UndoRequest>,
    #[serde(default)]
    pub can_take_back: bool,
    #[serde(default)]
    pub take_back_refused: bool,
}

/// The WebSocket limits of a side that accepts messages of at most `max` bytes.
pub fn ws_config(max: usize) -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
    tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .max_message_size(Some(max))
        .max_frame_size(Some(max))
}

/// The message as a text frame.
pub fn encode<T: Serialize>(msg: &T) -> String {
    serde_json::to_string(msg).unwrap_or_default()
}

/// The protocol version a first message claims, if it is a `Hello` at all.
pub fn hello_version(text: &str) -> Option<u32> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v.get("Hello")?.get("version")?.as_u64().map(|n| n as u32)
}

/// A token bucket: `RATE_PER_SECOND` on average, `RATE_BURST` at once.
pub struct RateLimit {
    tokens: f64,
    last: std::time::Instant,
}

impl Default for RateLimit {
    fn default() -> RateLimit {
        RateLimit {
            tokens: RATE_BURST,
            last: std::time::Instant::now(),
        }
    }
}

impl RateLimit {
    /// Gives back the token of a message that turned out welcome.
    pub fn give_back(&mut self) {
        self.tokens = (self.tokens + 1.0).min(RATE_BURST);
    }

    /// Takes one message; `false` when the sender is over its limit.
    pub fn take(&mut self) -> bool {
        let now = std::time::Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * RATE_PER_SECOND).min(RATE_BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
