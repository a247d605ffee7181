//! Taking decisions back at the table: the viewer's own latest decision, and, from the cover
//! between two people, the last decision of the one who is passing the table on.

use super::*;

impl Game {
    /// How many entries "Undo" would cut the log back to: the viewer's latest decision, if no
    /// chance outcome and no other human's decision came after it (the engine's rule; bots'
    /// moves after it are taken back with it).
    pub fn undo_point(&self) -> Option<usize> {
        let me = self.viewer?;
        if self.replay.is_some() || !self.undo_allowed {
            return None;
        }
        self.m.undo_point(me, |s| !self.is_human(s))
    }

    /// Why the viewer has nothing to take back, when Undo is offered at this table at all
    /// (not in a replay or a course).
    pub fn undo_blocked(&self) -> Option<crate::engine::UndoBlock> {
        let me = self.viewer?;
        if self.replay.is_some() || !self.undo_allowed {
            return None;
        }
        self.m.undo_blocked(me, |s| !self.is_human(s))
    }

    /// Why a decision stays, worded: the viewer's own (`whose` is `None`: "your last
    /// decision"), or from the cover, the person's who passed the table (`Some(seat)`).
    pub fn undo_block_words(&self, b: crate::engine::UndoBlock, whose: Option<Seat>) -> String {
        use crate::engine::UndoBlock;
        // What chance did, as the player saw it: the draft's piles turning up had been called
        // "a die was rolled or a card turned up".
        enum Dealt {
            Card,
            BlackDie,
            Pool,
            FirstPlayer,
            Other,
        }
        let dealt = |a: Action| match a {
            Action::DealCard { .. } => Dealt::Card,
            Action::BlackDie { .. } => Dealt::BlackDie,
            Action::SeedDie { .. } | Action::RefillOrder { .. } => Dealt::Pool,
            Action::FirstPlayer { .. } => Dealt::FirstPlayer,
            _ => Dealt::Other,
        };
        let Some(seat) = whose else {
            return match b {
                UndoBlock::GameOver => tr("The game is over: nothing to take back.").to_owned(),
                UndoBlock::NothingYet => tr("You have no decision to take back yet.").to_owned(),
                UndoBlock::Chance(a) => match dealt(a) {
                    Dealt::Card => {
                        tr("A card was turned up since your last decision, so it stays.")
                    }
                    Dealt::BlackDie => {
                        tr("The black die was rolled since your last decision, so it stays.")
                    }
                    Dealt::Pool => {
                        tr("The pool was filled again since your last decision, so it stays.")
                    }
                    Dealt::FirstPlayer => {
                        tr("The first player was drawn since your last decision, so it stays.")
                    }
                    Dealt::Other => tr("Chance has dealt since your last decision, so it stays."),
                }
                .to_owned(),
                UndoBlock::Person(s) => trf!(
                    "{name} has decided since your last decision, so it stays.",
                    name = self.name(s)
                ),
            };
        };
        let name = self.name(seat);
        match b {
            UndoBlock::GameOver => tr("The game is over: nothing to take back.").to_owned(),
            UndoBlock::NothingYet => trf!("{name} has no decision to take back yet.", name),
            UndoBlock::Chance(a) => match dealt(a) {
                Dealt::Card => trf!(
                    "{name}'s last decision stays: a card was turned up since.",
                    name
                ),
                Dealt::BlackDie => {
                    trf!(
                        "{name}'s last decision stays: the black die was rolled since.",
                        name
                    )
                }
                Dealt::Pool => {
                    trf!(
                        "{name}'s last decision stays: the pool was filled again since.",
                        name
                    )
                }
                Dealt::FirstPlayer => {
                    trf!(
                        "{name}'s last decision stays: the first player was drawn since.",
                        name
                    )
                }
                Dealt::Other => trf!(
                    "{name}'s last decision stays: chance has dealt since.",
                    name
                ),
            },
            UndoBlock::Person(s) => trf!(
                "{name}'s last decision stays: {other} has decided since.",
                name,
                other = self.name(s)
            ),
        }
    }

    /// Why the person the cover is passing the table from cannot take their last decision
    /// back (`None` when they can, or when no one is passing it).
    pub fn why_not_before_passing(&self) -> Option<String> {
        let p = self
            .passed_by
            .filter(|_| self.covered && self.undo_allowed && self.replay.is_none())?;
        let b = self.m.undo_blocked(p, |s| !self.is_human(s))?;
        Some(self.undo_block_words(b, Some(p)))
    }

    /// The person the cover is passing the table from, if they can still take back their
    /// last decision (no chance outcome and no other person's decision since).
    pub fn can_take_back_before_passing(&self) -> Option<Seat> {
        let p = self
            .passed_by
            .filter(|_| self.covered && self.undo_allowed)?;
        if self.replay.is_some() {
            return None;
        }
        self.m.undo_point(p, |s| !self.is_human(s)).map(|_| p)
    }

    /// The table is come back to from another screen: between several people, whoever is
    /// at the window now may not be the one whose turn it is, so the table is covered again
    /// (as when it was left for them), with no one's decision to take back from the cover.
    pub fn cover_on_return(&mut self) {
        // People's seats an AI plays for now count: their person may be at the window.
        let people = self.seats.iter().filter(|s| s.ai.is_none()).count();
        if self.online.is_none()
            && self.replay.is_none()
            && people > 1
            && !self.m.state.is_over()
            && self.viewer.is_some_and(|v| self.is_human(v))
        {
            self.covered = true;
            self.focus_cover = true;
            self.passed_by = None;
        }
    }

    /// From the cover: the person who passed the table takes back their last decision and has
    /// the table again, once it is passed back to them: whoever pressed Undo, the next person
    /// may already be at the table, and it shows their secrets only behind its own cover.
    pub fn take_back_before_passing(&mut self) -> bool {
        let Some(p) = self.can_take_back_before_passing() else {
            return false;
        };
        let next = self.viewer;
        self.viewer = Some(p);
        if self.undo() {
            self.covered = true;
            self.focus_cover = true;
            self.passed_by = None;
            true
        } else {
            self.viewer = next;
            false
        }
    }

    /// Takes back the viewer's latest decision (and any bot moves after it). Chance is never
    /// drawn again: the cut stops at the last chance outcome.
    pub fn undo(&mut self) -> bool {
        let Some(me) = self.viewer.filter(|_| self.replay.is_none()) else {
            return false;
        };
        if self.undo_point().is_none() {
            return false;
        }
        self.stop_bots();
        let humans: Vec<bool> = (0..self.seats.len() as Seat)
            .map(|s| self.is_human(s))
            .collect();
        match self.m.undo(me, |s| !humans[s as usize]) {
            Ok(_) => {
                // A seat handed over after the point cut back to stays handed over: the
                // change is the people's, not the game's.
                let len = self.m.record.actions.len();
                for h in &mut self.handovers {
                    h.at = h.at.min(len);
                }
                self.log = self.log_upto(len);
                self.pick = DivePick::default();
                self.notes.clear();
                self.flights.clear();
                self.last_delivery = None;
                self.message = Some(crate::i18n::Said::new(|| {
                    tr("Your last decision was taken back.").into()
                }));
                true
            }
            Err(UndoError::NothingToUndo) => false,
            Err(UndoError::Replay(e)) => {
                self.message = Some(crate::i18n::Said::new(move || {
                    trf!("Undo failed: {error}", error = e.words())
                }));
                false
            }
        }
    }
}
