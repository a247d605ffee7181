//! The hint at the table: Hard's advice for the seated human, worked out on a worker thread
//! from that seat's observation only, shown on the board with its reason. A game remembers
//! who took hints (the save keeps it), and a table can be set up without them.

use super::*;
use crate::ai::advice::{self, AdviceLimits, Hint};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// Whether the table allows hints, and the hints taken so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintRecord {
    #[serde(default = "allowed_by_default")]
    pub allowed: bool,
    #[serde(default)]
    pub taken: Vec<HintTaken>,
    /// Read from a bare game log (the history's, a simulation's), which does not say who
    /// took hints: none are counted as taken, and none said to be. Kept in a save made of it
    /// (the history's replay goes through one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unknown: bool,
}

fn allowed_by_default() -> bool {
    true
}

impl Default for HintRecord {
    fn default() -> HintRecord {
        HintRecord {
            allowed: true,
            taken: Vec::new(),
            unknown: false,
        }
    }
}

impl HintRecord {
    /// Hints `seat` took.
    pub fn count(&self, seat: Seat) -> usize {
        self.taken.iter().filter(|t| t.seat == seat).count()
    }

    /// The hints taken, as a game log keeps them (the history's, for its review).
    pub fn advice_notes(&self) -> Vec<crate::engine::AdviceNote> {
        (self.taken.iter())
            .map(|t| crate::engine::AdviceNote {
                seat: t.seat,
                at: t.at,
                advised: t.action,
            })
            .collect()
    }

    /// What a bare game log says of hints: the ones it keeps, or, keeping none, that who took
    /// hints is not known (a simulation's log, one from an earlier version).
    pub fn of_log(advice: &[crate::engine::AdviceNote]) -> HintRecord {
        HintRecord {
            taken: (advice.iter())
                .map(|n| HintTaken {
                    seat: n.seat,
                    at: n.at,
                    action: n.advised,
                })
                .collect(),
            unknown: advice.is_empty(),
            ..HintRecord::default()
        }
    }
}

/// A hint asked for by `seat` when the log had `at` entries, and the move it advised (once
/// worked out; the review measures that decision against it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintTaken {
    pub seat: Seat,
    pub at: usize,
    #[serde(default)]
    pub action: Option<Action>,
}

/// A number for a hint as it is shown, new each time over the app's run: each hint takes the
/// keyboard once as it comes (`Game::hints_shown`). Counted per game, the next game's first
/// hints had been taken for ones offered already, and Play it did not get the keyboard.
fn next_hint_shown() -> u64 {
    static SHOWN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    SHOWN.fetch_add(1, Ordering::Relaxed) + 1
}

/// A hint being worked out.
pub struct HintJob {
    pub seat: Seat,
    pub at: usize,
    pub started: f64,
    /// Enter was pressed while it was worked out, and held back (the row says so).
    pub enter_held: bool,
    cancel: Arc<AtomicBool>,
    handle: Option<JoinHandle<Option<Hint>>>,
}

impl Drop for HintJob {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Where the hint of the decision in front of the player stands.
#[derive(Default)]
pub enum HintState {
    #[default]
    None,
    Thinking(HintJob),
    /// The hint for the position after `at` entries.
    Shown {
        at: usize,
        hint: Hint,
    },
    /// A hint put away; asked again for the same position and move, it comes back at once
    /// (and is not counted again).
    Dismissed {
        at: usize,
        hint: Hint,
    },
}

impl Game {
    /// Can the seated human ask for a hint now?
    pub fn can_hint(&self) -> bool {
        self.hints.allowed
            && self.replay.is_none()
            && !self.m.state.is_over()
            && self.human_to_act().is_some()
            && !matches!(self.hint, HintState::Thinking(_))
    }

    /// The dive the player has put together, if it is complete: what the hint is measured
    /// against.
    pub(crate) fn intended(&self) -> Option<Action> {
        let p = self.pick;
        Some(Action::Dive {
            shore: p.shore?,
            path: p.path?,
            number: p.number?,
        })
    }

    /// Starts working out a hint for the seated human (on a worker thread).
    pub fn ask_hint(&mut self, now: f64) {
        if !self.can_hint() {
            return;
        }
        let Some(seat) = self.human_to_act() else {
            return;
        };
        let at = self.m.record.actions.len();
        let intended = self.intended();
        if let HintState::Dismissed { at: was, hint } = &self.hint
            && *was == at
            && hint.versus.map(|v| v.0) == intended
        {
            let hint = hint.clone();
            self.hint = HintState::Shown { at, hint };
            self.hints_shown = next_hint_shown();
            return;
        }
        let obs = self.m.state.observation(Some(seat));
        let legal = self.m.state.legal_actions();
        let seed = advice::hint_seed(self.m.record.seed, at);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let handle = std::thread::Builder::new()
            .name("noctiluca-hint".into())
            .spawn(move || advice::hint(&obs, &legal, intended, AdviceLimits::HINT, seed, &flag))
            .ok();
        if handle.is_none() {
            self.message = Some(crate::i18n::Said::new(|| {
                warning(tr("The hint could not be started."))
            }));
            return;
        }
        self.hints.taken.push(HintTaken {
            seat,
            at,
            action: None,
        });
        self.log.push(LogLine::Hint { seat });
        self.hint = HintState::Thinking(HintJob {
            seat,
            at,
            started: now,
            enter_held: false,
            cancel,
            handle,
        });
    }

    /// What Escape does at the table before it leaves it: puts a hint away, takes the
    /// keyboard off the board (one Escape there had left the game, the dive half chosen
    /// lost), or, when `to_scores`, ends a replay at the game's scores (it went home from the
    /// replay of the game just played). Whether it did any.
    pub fn escape_at_table(&mut self, ctx: &eframe::egui::Context, to_scores: bool) -> bool {
        if to_scores && self.replay.take().is_some() {
            return true;
        }
        let had = self.shown_hint().is_some() || self.hint_thinking();
        // Each leaves a hint in the other state alone.
        self.dismiss_hint();
        self.cancel_hint();
        // (egui has already taken the keyboard off the board; the board said last frame
        // whether it had it.)
        let id = eframe::egui::Id::unique(crate::app::board::KEYBOARD_ON_BOARD);
        let on_board = ctx.data_mut(|d| d.remove_temp::<bool>(id)).unwrap_or(false);
        had || on_board
    }

    /// Is a hint being worked out?
    pub fn hint_thinking(&self) -> bool {
        matches!(self.hint, HintState::Thinking(_))
    }

    /// Stops a hint being worked out (it still counts as taken).
    pub fn cancel_hint(&mut self) {
        if matches!(self.hint, HintState::Thinking(_)) {
            self.hint = HintState::None;
        }
    }

    /// Puts the hint shown away.
    pub fn dismiss_hint(&mut self) {
        if let HintState::Shown { at, hint } = std::mem::take(&mut self.hint) {
            self.hint = HintState::Dismissed { at, hint };
        }
    }

    /// Picks up a finished hint; forgets one whose position has passed.
    pub fn poll_hint(&mut self) -> bool {
        let at_now = self.m.record.actions.len();
        match &mut self.hint {
            HintState::Thinking(job) if job.at != at_now => {
                self.hint = HintState::None;
                true
            }
            HintState::Thinking(job) if job.handle.as_ref().is_some_and(|h| h.is_finished()) => {
                let at = job.at;
                let result = job.handle.take().and_then(|h| h.join().ok()).flatten();
                if let Some(hint) = &result
                    && let Some(t) = self
                        .hints
                        .taken
                        .iter_mut()
                        .rev()
                        .find(|t| t.at == at && t.seat == hint.seat)
                {
                    t.action = Some(hint.action);
                }
                self.hint = match result {
                    Some(hint) => {
                        self.hints_shown = next_hint_shown();
                        HintState::Shown { at, hint }
                    }
                    None => HintState::None,
                };
                true
            }
            HintState::Shown { at, .. } | HintState::Dismissed { at, .. } if *at != at_now => {
                self.hint = HintState::None;
                true
            }
            _ => false,
        }
    }

    /// The hint shown for the position on the table, if any.
    pub fn shown_hint(&self) -> Option<&Hint> {
        match &self.hint {
            HintState::Shown { at, hint } if *at == self.m.record.actions.len() => Some(hint),
            _ => None,
        }
    }
}
