//! Helpers: a host on 127.0.0.1, bounded waits, and a loop that plays every seat.

use noctiluca_net::client::AutoPlayer;
use noctiluca_net::{Client, ClientStatus, Host, HostConfig, SeatPlan, default_components};
use std::time::{Duration, Instant};

/// The longest any test waits for one thing.
pub const LONG: Duration = Duration::from_secs(20);

/// How long a dropped seat is waited for: long enough for every client of a loaded machine
/// to be told of the drop while it lasts.
pub const GRACE: Duration = Duration::from_secs(5);

pub fn config(seats: Vec<SeatPlan>, seed: u64) -> HostConfig {
    HostConfig {
        seats,
        host_name: "Host".into(),
        bind: "127.0.0.1:0".parse().unwrap(),
        advertise: None,
        seed,
        components: default_components(),
        grace: GRACE,
        clock: None,
        autosave: None,
    }
}

/// Polls `cond` every few milliseconds until it holds; panics after `max`.
pub fn wait_until(what: &str, max: Duration, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + max;
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Joins every invite of `host`, each under its own name, and waits until all are seated.
pub fn join_all(host: &Host) -> Vec<Client> {
    let clients: Vec<Client> = host
        .invites()
        .iter()
        .map(|i| Client::join(&i.code, &format!("P{}", i.seat)))
        .collect();
    for c in &clients {
        wait_until("a client to be seated", LONG, || {
            c.status() == ClientStatus::InLobby
        });
    }
    clients
}

/// Plays the host's local seats and every client with random bots until the game is over.
pub fn play_to_end(host: &Host, clients: &[Client], local: &[u8], seed: u64) {
    let mut players: Vec<AutoPlayer> = (0..clients.len())
        .map(|i| AutoPlayer::new("random", seed + i as u64).unwrap())
        .collect();
    let mut local_bot = noctiluca_ai::make_bot("random", seed ^ 99).unwrap();
    wait_until("the game to end", LONG * 3, || {
        for &s in local {
            if let Some(v) = host.view(s)
                && !v.legal.is_empty()
            {
                let a = local_bot.choose(&v.observation, &v.legal);
                host.act(s, a).expect("a legal local move is taken");
            }
        }
        for (p, c) in players.iter_mut().zip(clients) {
            p.step(c);
        }
        host.last_finished().is_some()
            && clients
                .iter()
                .all(|c| c.view().is_some_and(|v| v.over.is_some()))
    });
}

/// A client written by hand on the blocking WebSocket API: it sends whatever a test wants
/// and keeps every text frame it receives.
pub struct Raw {
    pub ws: tungstenite::WebSocket<std::net::TcpStream>,
    /// Every text frame received, in order.
    pub got: Vec<String>,
    pub seat: Option<u8>,
}

pub use noctiluca_net::protocol::{Key, ToClient, ToHost};
use tokio_tungstenite::tungstenite;

impl Raw {
    pub fn connect(address: &str) -> Raw {
        let stream = std::net::TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        let (ws, _) = tungstenite::client::client(format!("ws://{address}/"), stream).unwrap();
        Raw {
            ws,
            got: Vec::new(),
            seat: None,
        }
    }

    /// Connects and says hello with an invite code.
    pub fn join(code: &str) -> Raw {
        let (address, token) = noctiluca_net::token::parse_code(code).unwrap();
        let mut r = Raw::connect(&address);
        r.send(&ToHost::Hello {
            version: noctiluca_net::PROTOCOL_VERSION,
            key: Key::Invite(token),
            name: "raw".into(),
        });
        r
    }

    pub fn send_text(&mut self, text: &str) -> bool {
        self.ws.send(tungstenite::Message::text(text)).is_ok()
    }

    pub fn send(&mut self, msg: &ToHost) -> bool {
        self.send_text(&serde_json::to_string(msg).unwrap())
    }

    /// The next message, if one comes within a short while; `Err` once the connection is
    /// closed.
    pub fn recv(&mut self) -> Result<Option<ToClient>, ()> {
        match self.ws.read() {
            Ok(tungstenite::Message::Text(t)) => {
                self.got.push(t.to_string());
                let m: ToClient =
                    serde_json::from_str(t.as_str()).expect("the host's message parses");
                if let ToClient::Welcome { seat, .. } = &m {
                    self.seat = Some(*seat);
                }
                Ok(Some(m))
            }
            Ok(_) => Ok(None),
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Ok(None)
            }
            Err(_) => Err(()),
        }
    }

    /// Reads until `pick` returns something; panics after `max`.
    pub fn expect<T>(&mut self, max: Duration, mut pick: impl FnMut(&ToClient) -> Option<T>) -> T {
        let deadline = Instant::now() + max;
        loop {
            assert!(Instant::now() < deadline, "timed out waiting for a message");
            if let Ok(Some(m)) = self.recv()
                && let Some(t) = pick(&m)
            {
                return t;
            }
        }
    }

    /// Reads until the host closes the connection; panics after `max`.
    pub fn expect_closed(&mut self, max: Duration) {
        let deadline = Instant::now() + max;
        while self.recv().is_ok() {
            assert!(
                Instant::now() < deadline,
                "the host did not close the connection"
            );
        }
    }
}
