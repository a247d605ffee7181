//! A finished game step by step: the steps (one per decision, from the first) and the game
//! at each.

use super::*;

impl Game {
    /// Starts stepping through the game from its first decision.
    pub fn start_replay(&mut self) {
        let rec = self.m.to_record();
        let mut steps = vec![0];
        let mut state = match GameState::new(rec.config.clone(), Arc::clone(&rec.components)) {
            Ok(s) => s,
            Err(_) => return,
        };
        for (i, e) in rec.actions.iter().enumerate() {
            if state.apply_quiet(&e.action).is_err() {
                break;
            }
            // A step ends where a seat is to decide (or the game ends).
            if state.to_act() != ToAct::Chance {
                steps.push(i + 1);
            }
        }
        steps.dedup();
        // The first step is the first decision, the dice dealt: the table before the deal (an
        // empty board, "a roll or a card turned up" next) is not one (Home had gone there,
        // while the replay opened at the first decision).
        if steps.len() > 1 {
            steps.remove(0);
        }
        let r = Replay {
            steps,
            at: 0,
            state: self.m.state.clone(),
            log: Vec::new(),
            reveal: false,
            moment: None,
        };
        self.replay = Some(r);
        self.replay_to(0);
    }

    pub fn replay_to(&mut self, at: usize) {
        let rec = self.m.to_record();
        let Some(r) = &self.replay else { return };
        let at = at.min(r.steps.len().saturating_sub(1));
        let n = r.steps[at];
        let log = self.log_upto(n);
        let Some(r) = &mut self.replay else { return };
        if let Ok(s) = rec.replay_prefix(n) {
            r.state = s;
            r.at = at;
            r.log = log;
        }
    }
}
