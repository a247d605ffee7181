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
    }
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
