//! The games under way that the home screen offers to go back to.

use super::{NoctilucaApp, ScreenKind};
use crate::i18n::tr;
use crate::trf;
use std::sync::Arc;

impl NoctilucaApp {
    /// The games the home screen offers to go back to: (screen, "round 1, turn 3" line).
    pub fn resumable(&self) -> Vec<(ScreenKind, String)> {
        let mut out = Vec::new();
        let play = match (&self.game.game, &self.game.resume) {
            (Some(g), _) if !g.m.state.is_over() && g.replay.is_none() => {
                Some((g.m.state.round, g.m.state.turn, g.m.state.num_players()))
            }
            // None, or a replay opened while a game was under way: the game kept aside.
            (None, Some(save)) | (Some(_), Some(save)) => save
                .record
                .replay()
                .ok()
                .map(|s| (s.round, s.turn, s.num_players())),
            _ => None,
        };
        if let Some((round, turn, players)) = play {
            out.push((
                ScreenKind::Play,
                trf!(
                    "Resume the game in Play — {players} players, round {round}, turn {turn}",
                    players,
                    round,
                    turn = turn + 1
                ),
            ));
        }
        // A lesson under way, at the course's table or in its save.
        let course = &self.tutorial.play;
        let lesson = match (&course.game, &course.resume) {
            (Some(_), _) => course.tutor.as_ref(),
            (None, Some(save)) => save.tutor.as_ref(),
            _ => None,
        };
        if let Some(t) = lesson.filter(|t| !t.finished()) {
            let (done, total) = t.parts_done();
            // Which course: "3 of 8 parts done" alone did not say it was the solo one.
            let course = match t.course {
                super::tutorial::script::Course::TwoPlayer => tr("two players"),
                super::tutorial::script::Course::Solo => tr("the solo game"),
            };
            out.push((
                ScreenKind::Tutorial,
                trf!(
                    "Continue Learn to play ({course}) — {done} of {total} parts done",
                    course,
                    done,
                    total
                ),
            ));
        }
        if let Some(g) = &self.online.play.game {
            if !g.m.state.is_over() {
                out.push((
                    ScreenKind::Online,
                    trf!(
                        "Back to the online game — round {round}, turn {turn}",
                        round = g.m.state.round.max(1),
                        turn = g.m.state.turn + 1
                    ),
                ));
            } else if self.online.session.is_some() {
                // Its end screen, where the host plays again with the same seats and where
                // a friend sees the next game arrive.
                out.push((
                    ScreenKind::Online,
                    tr("Back to the online table — the game is over").to_string(),
                ));
            }
        }
        // An online game left (a crash, a lost connection, a closed app): its seat can be
        // taken back, or the game hosted here resumed, from the Play online screen.
        if self.online.session.is_none() && self.online.play.game.is_none() {
            if let Some(r) = &self.online.rejoin {
                out.push((
                    ScreenKind::Online,
                    // What it is first, the address last: a narrow entry cuts the end off.
                    trf!(
                        "Rejoin your online game: seat {number}, at {address}",
                        address = crate::words::printable(&r.address),
                        number = r.seat + 1
                    ),
                ));
            } else if let Some(seats) = &self.online.resumable {
                out.push((
                    ScreenKind::Online,
                    trf!(
                        "Resume the online game you hosted — {count} seats",
                        count = seats.len()
                    ),
                ));
            }
        }
        let solo = match (&self.solo.game, &self.solo.resume) {
            (Some(g), _) if g.step != crate::engine::solo::SoloStep::GameOver => {
                Some(g.current_turn())
            }
            // A saved game that was played to its end is not offered for resuming.
            (None, Some(save)) => {
                crate::engine::solo::SoloCompanion::replay(Arc::clone(&self.solo.comps), &save.log)
                    .ok()
                    .filter(|g| g.step != crate::engine::solo::SoloStep::GameOver)
                    .map(|g| g.current_turn())
            }
            _ => None,
        };
        if let Some(t) = solo {
            out.push((
                ScreenKind::Solo,
                trf!(
                    "Resume the solo tempest — round {round}, turn {turn}",
                    round = t.round,
                    turn = t.turn
                ),
            ));
        }
        out
    }
}
