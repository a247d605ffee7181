//! `noctiluca join CODE --bot LEVEL`: takes a seat at a hosted game and lets a bot play it,
//! headless, until the host says its series of games is done. A dropped connection is tried
//! again with the rejoin token. A person plays in the window instead.

use crate::net::client::AutoPlayer;
use crate::net::{Client, ClientStatus, CloseReason};
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The invite code the host gave (ADDRESS/TOKEN)
    pub code: String,
    /// Let a bot of this level play the seat, headless (required here: a person joins in the
    /// window, with Play online)
    #[arg(long, value_name = "LEVEL")]
    pub bot: Option<String>,
    /// The name the others see
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The bot's seed
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = super::whole)]
    pub seed: u64,
    /// Seconds to keep trying to take the seat back after the host closed the game or the
    /// connection was lost (a host that resumes its game opens it on the same port)
    #[arg(long, value_name = "SECONDS", default_value_t = 600, value_parser = super::whole)]
    pub wait: u64,
}

/// Between two tries to take the seat back.
const RETRY_EVERY: Duration = Duration::from_secs(2);

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
    // Since when the seat has been out of reach (the host closed, the connection was lost),
    // while it is.
    let mut away_since: Option<Instant> = None;
    let mut seated = false;
    // The seat's rejoin token, kept across tries (a try not yet let in has none of its own).
    let mut token = None;
    let mut out = std::io::stdout();
    loop {
        let seen = client.changes();
        auto.step(&client);
        // Notes (who joined, dropped…) are for a window; here they are only let go.
        client.poll();
        if let Some(r) = client.rejoin_token() {
            token = Some(r);
        }
        if !seated && let Some(r) = &token {
            println!("seat: {}", r.seat + 1);
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
                v.seat + 1,
                totals.join(" ")
            );
            let _ = out.flush();
        }
        match client.status() {
            ClientStatus::Closed(CloseReason::Done) => return Ok(()),
            // A closed game over: nothing left to play.
            ClientStatus::Closed(CloseReason::HostClosed)
                if client.view().is_some_and(|v| v.over.is_some()) =>
            {
                return Ok(());
            }
            // Out of reach, with the seat to take back (a host not open again yet is out of
            // reach too): tried again until `--wait` runs out.
            ClientStatus::Closed(
                why @ (CloseReason::Lost
                | CloseReason::HostClosed
                | CloseReason::Unreachable(_)
                | CloseReason::UnknownHost),
            ) if token.is_some() => {
                let since = *away_since.get_or_insert_with(|| {
                    eprintln!(
                        "{}; trying to take the seat back for up to {} s",
                        away_words(&why),
                        a.wait
                    );
                    Instant::now()
                });
                if since.elapsed() >= Duration::from_secs(a.wait) {
                    return Err(format!(
                        "{}; the seat was not taken back within {} s",
                        away_words(&why),
                        a.wait
                    ));
                }
                std::thread::sleep(RETRY_EVERY);
                client = Client::rejoin(token.as_ref().expect("checked above"));
                auto.reconnected();
                continue;
            }
            ClientStatus::Closed(why) => {
                return Err(super::clause(crate::words::close_words(&why)));
            }
            ClientStatus::InLobby | ClientStatus::Playing | ClientStatus::Over
                if away_since.is_some() =>
            {
                eprintln!("seat taken back");
                away_since = None;
            }
            _ => {}
        }
        client.wait_change(seen, Duration::from_millis(200));
    }
}

/// Why the seat is out of reach, for a headless player (the window's words send a person to
/// its Rejoin button).
fn away_words(why: &CloseReason) -> String {
    match why {
        CloseReason::HostClosed => "the host closed the game".into(),
        CloseReason::Lost => "the connection to the host was lost".into(),
        other => super::clause(crate::words::close_words(other)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_sentence_becomes_a_clause() {
        assert_eq!(
            crate::cli::clause("The host could not be reached. Check the port.".into()),
            "the host could not be reached. Check the port"
        );
        assert_eq!(
            crate::cli::clause("AI players left.".into()),
            "AI players left"
        );
        assert_eq!(crate::cli::clause(String::new()), "");
    }
}
