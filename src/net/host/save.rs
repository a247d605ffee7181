//! The hosted game saved after every step, so that a host that closed can resume it with the
//! same seats (and the same invite and rejoin tokens): the game's log as the engine writes it,
//! and the seats beside it.

use super::core::Core;
use crate::{SaveProblem, SeatPlan};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Duration;

pub const SAVE_FORMAT: &str = "noctiluca-hosted";
pub const SAVE_VERSION: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SavedSeat {
    pub plan: SeatPlan,
    pub name: Option<String>,
    pub invite: Option<String>,
    pub rejoin: Option<String>,
    /// A bot playing the seat in place of its person (handed over or after a timeout).
    pub bot: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Saved {
    pub format: String,
    pub version: u32,
    pub seats: Vec<SavedSeat>,
    pub games: u32,
    /// The game in progress or last played (the engine's log format).
    pub record_ron: Option<String>,
    pub clocks_ms: Option<Vec<u64>>,
    /// The port it was hosted on: the players' rejoin tokens name it (a save from before
    /// this was kept has none).
    #[serde(default)]
    pub port: Option<u16>,
    /// The address it listened on (`0.0.0.0`: every network; `127.0.0.1`: this computer
    /// only), for a resumed game to listen on the same (a save from before this was kept has
    /// none).
    #[serde(default)]
    pub bind_ip: Option<std::net::IpAddr>,
    /// The chat so far, as the tables show it (a save from before this was kept has none).
    #[serde(default)]
    pub chat: Vec<(noctiluca_engine::Seat, String)>,
}

pub(crate) fn snapshot(core: &Core) -> Saved {
    let g = core.game.as_ref();
    Saved {
        format: SAVE_FORMAT.to_string(),
        version: SAVE_VERSION,
        seats: core
            .seats
            .iter()
            .map(|s| SavedSeat {
                plan: s.plan.clone(),
                name: s.name.clone(),
                invite: s.invite.clone(),
                rejoin: s.rejoin.clone(),
                bot: match (&s.plan, &s.bot) {
                    (SeatPlan::Bot(_), _) | (_, None) => None,
                    (_, Some(b)) => Some(b.level.clone()),
                },
            })
            .collect(),
        games: core.games,
        record_ron: g.map(|g| g.m.to_record().to_ron()),
        // With the running seat's time taken off (a host closed mid-turn resumes with it
        // spent).
        clocks_ms: core
            .clocks_now()
            .map(|c| c.iter().map(|d| d.as_millis() as u64).collect()),
        port: Some(core.cfg.bind.port()),
        bind_ip: Some(core.cfg.bind.ip()),
        chat: core.chat.clone(),
    }
}

/// The chat of a save, as a host keeps it: each message on one line and short, of a seat at
/// the table, the latest `CHAT_KEPT` (a save is a file anyone could have edited).
pub(crate) fn chat(saved: &Saved) -> Vec<(noctiluca_engine::Seat, String)> {
    let seats = saved.seats.len();
    let kept: Vec<_> = saved
        .chat
        .iter()
        .filter(|(seat, _)| (*seat as usize) < seats)
        .map(|(seat, text)| (*seat, super::core::clean_say(text)))
        .filter(|(_, text)| !text.is_empty())
        .collect();
    let excess = kept.len().saturating_sub(crate::protocol::CHAT_KEPT);
    kept[excess..].to_vec()
}

/// Writes the save atomically (a crash or a full disk leaves the last one whole).
pub(crate) fn write(core: &Core, path: &Path) -> std::io::Result<()> {
    let text = serde_json::to_string(&snapshot(core)).map_err(std::io::Error::other)?;
    noctiluca_engine::files::write_atomic(path, text.as_bytes())
}

pub(crate) fn read(path: &Path) -> Result<Saved, SaveProblem> {
    let limit = noctiluca_engine::files::MAX_TEXT_BYTES;
    let text = noctiluca_engine::files::read_text(path, limit).map_err(SaveProblem::File)?;
    parse(&text)
}

/// A save from its text.
pub(crate) fn parse(text: &str) -> Result<Saved, SaveProblem> {
    let saved: Saved = serde_json::from_str(text).map_err(|_| SaveProblem::Format)?;
    if saved.format != SAVE_FORMAT || saved.version != SAVE_VERSION {
        return Err(SaveProblem::Format);
    }
    Ok(saved)
}

pub(crate) fn clocks(saved: &Saved) -> Option<Vec<Duration>> {
    saved
        .clocks_ms
        .as_ref()
        .map(|c| c.iter().map(|&ms| Duration::from_millis(ms)).collect())
}

#[cfg(test)]
mod tests {
    /// A save's chat is taken as a host keeps its own: of a seat at the table, on one line,
    /// short, the latest ones (the file may have been edited by anyone).
    #[test]
    fn a_saved_chat_is_cleaned_as_the_host_keeps_chat() {
        let seat = super::SavedSeat {
            plan: crate::SeatPlan::Remote,
            name: None,
            invite: None,
            rejoin: None,
            bot: None,
        };
        let mut chat = vec![
            (0, "hi\nthere".to_string()),
            (7, "from nowhere".to_string()),
            (1, "\u{7}".to_string()),
            (1, "x".repeat(10_000)),
        ];
        chat.extend((0..300).map(|i| (0, format!("m{i}"))));
        let saved = super::Saved {
            format: super::SAVE_FORMAT.into(),
            version: super::SAVE_VERSION,
            seats: vec![seat.clone(), seat],
            games: 1,
            record_ron: None,
            clocks_ms: None,
            port: None,
            bind_ip: None,
            chat,
        };
        let kept = super::chat(&saved);
        assert_eq!(kept.len(), crate::protocol::CHAT_KEPT);
        assert_eq!(kept.last().unwrap(), &(0, "m299".to_string()));
        let mut few = saved.clone();
        few.chat.truncate(4);
        let kept = super::chat(&few);
        assert_eq!(kept[0], (0, "hi there".to_string()));
        assert_eq!(kept.len(), 2, "{kept:?}");
        assert_eq!(kept[1].1.chars().count(), crate::protocol::MAX_SAY);
    }
}
