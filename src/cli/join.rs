//! `noctiluca join CODE --bot LEVEL`: takes a seat at a hosted game and lets a bot play it,
//! headless, until the host says its series of games is done. A dropped connection is tried
//! again with the rejoin token. A person plays in the window instead.

use crate::net::client::AutoPlayer;
use crate::net::{Client, ClientStatus, CloseReason, Refusal};
use std::io::Write;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The invite code the host gave (ADDRESS/TOKEN)
    pub code: String,
    /// Let a bot of this level play the seat, headless
    #[arg(long, value_name = "LEVEL")]
    pub bot: Option<String>,
    /// The name the others see
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The bot's seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

/// Times a lost connection is tried again before giving up.
const RETRIES: u32 = 5;

/// The English the command line prints for why a connection ended.
pub fn close_words(why: &CloseReason) -> String {
    match why {
        CloseReason::BadCode => "that is not an invite code (ADDRESS/TOKEN)".into(),
        CloseReason::Unreachable(kind) => format!("cannot reach the host: {kind}"),
        CloseReason::Handshake => "the host did not answer as a Noctiluca host".into(),
        CloseReason::Refused(r) => format!("the host refused: {}", refusal_words(r)),
        CloseReason::Version { host, client } => format!(
            "the host speaks protocol version {host}, this program version {client}: use the same release"
        ),
        CloseReason::HostClosed => "the host closed the game".into(),
        CloseReason::Done => "the host's games are over".into(),
        CloseReason::Lost => "the connection to the host was lost".into(),
        CloseReason::Left => "left the game".into(),
    }
}

pub fn refusal_words(r: &Refusal) -> String {
    match r {
        Refusal::UnknownCode => "no seat has this code".into(),
        Refusal::TooManyAttempts => {
            "too many wrong codes from this address; try again later".into()
        }
        Refusal::SeatTaken { seat } => format!("seat {seat} is taken"),
        Refusal::Version { host, client } => {
            format!("protocol version {client}, the host's is {host}")
        }
        Refusal::NoHello => "the connection did not start with a greeting in time".into(),
        Refusal::NotYourSeat { seat } => {
            format!("a decision for seat {seat}, which is not its own")
        }
        Refusal::NotYourTurn => "a decision out of turn".into(),
        Refusal::Stale => "a decision for a moment of the game gone by".into(),
        Refusal::Illegal { action } => {
            format!("a decision the rules do not allow now ({action:?})")
        }
        Refusal::NoGame => "no game is being played".into(),
        Refusal::Malformed => "a message that is not of the protocol".into(),
        Refusal::TooLarge => "a message too large".into(),
        Refusal::Flood => "too many messages".into(),
        Refusal::NoUndo => "nothing to take back".into(),
        Refusal::BotSeat { seat } => format!("seat {seat} is played by a bot"),
    }
}

pub fn run(a: &JoinArgs) -> Result<(), String> {
    let Some(level) = &a.bot else {
        return Err(
            "a person joins in the window (run noctiluca, then Join); `join CODE --bot LEVEL` plays headless"
                .into(),
        );
    };
    super::bot_levels(Some(level), None)?;
    let name = a.name.clone().unwrap_or_else(|| format!("bot:{level}"));
    let mut auto = AutoPlayer::new(level, a.seed).ok_or("unknown bot")?;
    let mut client = Client::join(&a.code, &name);
    let mut printed_game = 0;
    let mut retries = 0;
    let mut seated = false;
    let mut out = std::io::stdout();
    loop {
        let seen = client.changes();
        auto.step(&client);
        // Notes (who joined, dropped…) are for a window; here they are only let go.
        client.poll();
        if !seated && let Some(r) = client.rejoin_token() {
            println!("seat: {}", r.seat);
            let _ = out.flush();
            seated = true;
        }
        if let Some(v) = client.view()
            && let Some(f) = &v.over
            && v.game > printed_game
        {
            printed_game = v.game;
            let totals: Vec<String> = f
                .score
                .players
                .iter()
                .map(|p| p.total.to_string())
                .collect();
            let mine = f.score.players.get(v.seat as usize).map_or(0, |p| p.total);
            println!(
                "game {}: seat {} scored {mine}; scores {}",
                v.game,
                v.seat,
                totals.join(" ")
            );
            let _ = out.flush();
        }
        match client.status() {
            ClientStatus::Closed(CloseReason::Done) => return Ok(()),
            ClientStatus::Closed(CloseReason::Lost) if retries < RETRIES => {
                let Some(r) = client.rejoin_token() else {
                    return Err(close_words(&CloseReason::Lost));
                };
                retries += 1;
                std::thread::sleep(Duration::from_secs(1));
                client = Client::rejoin(&r);
            }
            ClientStatus::Closed(why) => return Err(close_words(&why)),
            _ => {}
        }
        client.wait_change(seen, Duration::from_millis(200));
    }
}
