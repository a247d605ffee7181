//! Play running a tutorial course: starting one, its scripted table (bots that decide from
//! the observation alone, no hints, no undo), its Continue, and keeping the course in step
//! with the game every frame.

use super::*;

impl GameScreen {
    /// Starts `m` with these seats, as a tutorial course when `tutor` is given.
    pub fn start_with(
        &mut self,
        m: Match,
        seats: Vec<SeatInfo>,
        tutor: Option<crate::app::tutorial::script::Tutor>,
    ) {
        let mut g = Game::new(m, seats);
        self.tutor = tutor;
        self.course_key = None;
        self.set_up_course(&mut g);
        self.game = Some(g);
        self.resume = None;
        self.status = None;
        self.autosave();
    }

    /// A course's table: its scripted bots, no hints, no undo.
    pub(super) fn set_up_course(&self, g: &mut Game) {
        use crate::app::tutorial::script::{LEARNER, Tutor};
        if self.tutor.is_none() {
            return;
        }
        g.hints.allowed = false;
        g.undo_allowed = false;
        g.set_bot(LEARNER, Box::new(Tutor::guide()));
        for s in 0..g.seats.len() as Seat {
            if s != LEARNER {
                g.set_bot(s, Box::new(Tutor::opponent()));
            }
        }
    }

    /// The course's Continue: the next step.
    pub fn tutor_next(&mut self) {
        self.tutor_step(|t, state| t.next(state));
    }

    /// The learner pressed "Play it myself": the stage starts with their seat theirs to play.
    pub fn tutor_play_myself(&mut self) {
        self.tutor_step(|t, state| t.play_it_myself(state));
    }

    /// Moves the course on by `step`; what was said at the step before goes with it.
    fn tutor_step(
        &mut self,
        step: impl FnOnce(&mut crate::app::tutorial::script::Tutor, &GameState),
    ) {
        self.status = None;
        if let (Some(t), Some(g)) = (&mut self.tutor, &mut self.game) {
            step(t, &g.m.state);
            // "The saved game continues…" and the like belong to the step they were said at.
            g.message = None;
        }
        self.autosave();
    }

    /// Keeps the course in step with the game: the stage, the autopilot, the lit move.
    pub(super) fn follow_course(&mut self) {
        use crate::app::tutorial::script::Want;
        let (Some(t), Some(g)) = (&mut self.tutor, &mut self.game) else {
            return;
        };
        let stage = t.stage;
        t.follow(&g.m.state);
        g.autopilot = t.autopilot();
        g.course_hold = t.holds_the_table();
        g.course_stop_at_round = t.stop_at_round();
        let key = (g.m.record.actions.len(), t.stage, t.tempest_pending);
        if self.course_key == Some(key) && self.course_want.is_some() {
            return;
        }
        self.course_key = Some(key);
        let want = t.want(&g.m.state);
        g.guide = match &want {
            Want::Move(a) => Some(*a),
            _ => None,
        };
        self.course_want = Some(want);
        if t.stage != stage {
            self.autosave();
        }
    }
}

/// Whether the bots play the humans' seats too (a course playing on), and how fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autopilot {
    /// Each seat as set up.
    Off,
    /// Every seat, at the AI's pace, to be watched.
    Paced,
    /// Every seat, at once.
    Fast,
}
