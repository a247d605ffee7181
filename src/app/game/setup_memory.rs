//! The new game dialog as last used, kept for next time in the data folder: how many play,
//! each seat's name and level, the first player, hints and think times. The seed code is not
//! kept: the next game is a new one.

use super::GameScreen;
use super::setup::{HARD_THINK_MS, NewGameDialog};
use crate::ai::BOT_LEVELS;
use crate::engine::Seat;
use crate::i18n::Said;
use crate::trf;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The file, in the data folder.
pub const SETUP_FILE: &str = "new-game.ron";

/// What is kept of the dialog. A level is kept by its name ("normal"), so that a later list
/// of levels still reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SetupMemory {
    pub players: u8,
    pub seats: Vec<SeatMemory>,
    pub first: Option<Seat>,
    pub hints: bool,
    pub hard_ms: u32,
    pub expert_ms: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SeatMemory {
    pub name: String,
    /// `None`: a person.
    pub ai: Option<String>,
}

impl Default for SetupMemory {
    fn default() -> SetupMemory {
        NewGameDialog::default().memory()
    }
}

impl NewGameDialog {
    /// What is kept of the dialog for next time.
    pub fn memory(&self) -> SetupMemory {
        SetupMemory {
            players: self.players,
            seats: self
                .seats
                .iter()
                .map(|s| SeatMemory {
                    name: s.name.clone(),
                    ai: s.ai.and_then(|k| BOT_LEVELS.get(k)).map(|l| l.to_string()),
                })
                .collect(),
            first: self.first,
            hints: self.hints,
            hard_ms: self.hard_ms,
            expert_ms: self.expert_ms,
        }
    }

    /// The dialog as `m` left it. What does not fit (a table size, level or think time this
    /// version does not have, a first player beyond the table) keeps the default.
    pub fn remembered(m: &SetupMemory) -> NewGameDialog {
        let mut d = NewGameDialog::default();
        if (1..=4).contains(&m.players) {
            d.players = m.players;
        }
        for (f, s) in d.seats.iter_mut().zip(&m.seats) {
            f.name = s
                .name
                .chars()
                .filter(|c| !c.is_control())
                .take(crate::app::theme::NAME_CHARS)
                .collect();
            f.ai = match &s.ai {
                None => None,
                Some(level) => BOT_LEVELS.iter().position(|l| l == level).or(f.ai),
            };
        }
        d.first = m.first.filter(|&s| s < d.players);
        d.hints = m.hints;
        if HARD_THINK_MS.contains(&m.hard_ms) {
            d.hard_ms = m.hard_ms;
        }
        if HARD_THINK_MS.contains(&m.expert_ms) {
            d.expert_ms = m.expert_ms;
        }
        d
    }
}

impl GameScreen {
    /// Keeps the dialog in `file` from now on, and fills it from there now. A file that does
    /// not read is moved aside and said on the dialog.
    pub fn remember_setup_in(&mut self, file: PathBuf) {
        let found = crate::app::state_file::load(
            &file,
            crate::i18n::n("The last new game's set-up"),
            |t| ron::from_str::<SetupMemory>(t).map_err(|e| crate::words::ron_error(&e)),
        );
        if let Some(m) = &found.value {
            self.setup = NewGameDialog::remembered(m);
        }
        if let Some(n) = found.notice {
            self.autosave_notice = Some(match self.autosave_notice.take() {
                Some(other) => crate::i18n::Said::new(move || format!("{other}\n{n}")),
                None => n,
            });
        }
        self.setup_file = found.keep_saving.then_some(file);
    }

    /// Writes the dialog as it started a game to its file (atomically); a failure is said.
    pub(super) fn keep_setup(&mut self) {
        let Some(file) = &self.setup_file else { return };
        let text = ron::ser::to_string_pretty(&self.setup.memory(), Default::default())
            .unwrap_or_default();
        if let Err(e) = crate::paths::write_atomic(file, text.as_bytes()) {
            let (file, kind) = (file.clone(), e.kind());
            self.status = Some(Said::new(move || {
                super::warning(trf!(
                    "This table's set-up could not be kept for next time in {path}: {error}",
                    path = file.display(),
                    error = crate::words::io_error(kind)
                ))
            }));
        }
    }
}
