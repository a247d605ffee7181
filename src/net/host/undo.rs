//! Taking back a decision online: only with every person's consent (bots do not vote).

use super::core::Core;
use crate::{NetError, Note, UndoRequest};
use noctiluca_engine::Seat;

impl Core {
    /// The people who must agree to take back `by`'s decision (`by` agrees by asking).
    fn undo_voters(&self, by: Seat) -> Vec<Seat> {
        (0..self.seats.len())
            .filter(|&s| {
                s != by as usize && self.seats[s].is_person() && self.seats[s].bot.is_none()
            })
            .map(|s| s as Seat)
            .collect()
    }

    pub fn propose_undo(&mut self, by: Seat) -> Result<(), NetError> {
        let Some(g) = &self.game else {
            return Err(NetError::NoGame);
        };
        if super::core::take_back_refused(g, by) {
            return Err(NetError::UndoRefused);
        }
        if !super::core::can_take_back(g, by) {
            return Err(NetError::NoUndo);
        }
        let voters = self.undo_voters(by);
        if voters.is_empty() {
            return self.do_undo(by);
        }
        if let Some(g) = &mut self.game {
            g.undo = Some(UndoRequest {
                by,
                waiting_for: voters,
                agreed: vec![by],
            });
        }
        self.note(Note::UndoProposed { by });
        self.update_all();
        Ok(())
    }

    pub fn answer_undo(&mut self, seat: Seat, yes: bool) -> Result<(), NetError> {
        let Some(g) = &mut self.game else {
            return Err(NetError::NoGame);
        };
        let Some(u) = &mut g.undo else {
            return Err(NetError::NoUndo);
        };
        let Some(i) = u.waiting_for.iter().position(|&s| s == seat) else {
            return Err(NetError::NoUndo);
        };
        u.waiting_for.remove(i);
        let by = u.by;
        self.note(Note::UndoAnswered { seat, yes });
        if !yes {
            if let Some(g) = &mut self.game {
                g.undo = None;
                g.declined = Some((by, g.m.record.actions.len()));
            }
            self.note(Note::UndoDeclined {
                by,
                declined_by: seat,
            });
            // The game goes on from where it waited (a bot held back moves now).
            self.next_step();
            return Ok(());
        }
        let done = match &mut self.game.as_mut().and_then(|g| g.undo.as_mut()) {
            Some(u) => {
                u.agreed.push(seat);
                u.waiting_for.is_empty()
            }
            None => false,
        };
        if done {
            return self.do_undo(by);
        }
        self.update_all();
        Ok(())
    }

    /// The one who asked withdraws the request: the game goes on from where it waited.
    pub fn withdraw_undo(&mut self, by: Seat) -> Result<(), NetError> {
        let Some(g) = &mut self.game else {
            return Err(NetError::NoGame);
        };
        if g.undo.as_ref().map(|u| u.by) != Some(by) {
            return Err(NetError::NoUndo);
        }
        g.undo = None;
        self.note(Note::UndoWithdrawn { by });
        // A bot held back its move while the request stood.
        self.next_step();
        Ok(())
    }

    fn do_undo(&mut self, by: Seat) -> Result<(), NetError> {
        let Some(g) = &mut self.game else {
            return Err(NetError::NoGame);
        };
        g.undo = None;
        let removed = g.m.undo(by, |_| true).map_err(|_| NetError::NoUndo)?;
        let kept = g.m.record.actions.len();
        g.events.retain(|(at, _)| *at < kept);
        g.thinking = None;
        g.clock_running = None;
        self.note(Note::UndoDone { by, removed });
        self.next_step_syncing(true);
        Ok(())
    }
}
