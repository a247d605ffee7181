//! `noctiluca join CODE --bot LEVEL`: takes a seat at a hosted game and lets a bot play it,
//! headless, until the host says its series of games is done. A dropped connection is tried
//! again with the rejoin token. A person plays in the window instead.

use crate::net::client::AutoPlayer;
use crate::net::{Client, ClientStatus, CloseReason};
use std::io::Write;
use std::time::Duration;

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
}

/// Times a lost connection is tried again before giving up.
const RETRIES: u32 = 5;

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
            ClientStatus::Closed(CloseReason::Lost) if retries < RETRIES => {
                let Some(r) = client.rejoin_token() else {
                    return Err(crate::words::close_words(&CloseReason::Lost));
                };
                retries += 1;
                std::thread::sleep(Duration::from_secs(1));
                client = Client::rejoin(&r);
            }
            ClientStatus::Closed(why) => return Err(crate::words::close_words(&why)),
            _ => {}
        }
        client.wait_change(seen, Duration::from_millis(200));
    }
}
