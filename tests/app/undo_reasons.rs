//! The table's Undo, greyed out, says why: nothing decided yet, a roll or a draw since the
//! last decision, or another person's decision since.

use crate::app_support::*;
use crate::game::{ada_and_bea, play_one};
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::engine::{Action, UndoBlock};

#[test]
fn a_greyed_out_undo_says_why() {
    let mut h = ada_and_bea();
    // A seed of its own, so that each run plays the same game.
    replace(&mut h, "Seed code (optional)", "BACK-0002");
    click(&mut h, "Start the game");
    let mut seen = Vec::new();
    for _ in 0..3000 {
        let g = h.state().game.game.as_ref().unwrap();
        if g.m.state.is_over() {
            break;
        }
        if !g.covered && g.human_to_act().is_some() {
            let why = g.undo_blocked();
            let expected = why.map(|b| match b {
                UndoBlock::GameOver => "The game is over: nothing to take back.".to_string(),
                UndoBlock::NothingYet => "You have no decision to take back yet.".to_string(),
                // What chance did, by name: the draft's piles turning up had been called "a
                // die was rolled or a card turned up".
                UndoBlock::Chance(Action::DealCard { .. }) => {
                    "A card was turned up since your last decision, so it stays.".to_string()
                }
                UndoBlock::Chance(Action::SeedDie { .. } | Action::RefillOrder { .. }) => {
                    "The pool was filled again since your last decision, so it stays.".to_string()
                }
                UndoBlock::Chance(Action::FirstPlayer { .. }) => {
                    "The first player was drawn since your last decision, so it stays.".to_string()
                }
                UndoBlock::Chance(a) => panic!("{a:?} after a person's decision"),
                UndoBlock::Person(s) => {
                    format!(
                        "{} has decided since your last decision, so it stays.",
                        g.name(s)
                    )
                }
            });
            assert_eq!(why.is_none(), g.undo_point().is_some());
            let node = h.get_by_label("Undo");
            let node = node.accesskit_node();
            assert_eq!(node.is_disabled(), why.is_some());
            if expected.is_some() {
                assert_eq!(node.description(), expected, "{why:?}");
            }
            if let Some(b) = why {
                let b = match b {
                    UndoBlock::Chance(Action::DealCard { .. }) => "card",
                    UndoBlock::Chance(_) => "pool",
                    UndoBlock::Person(0) => "person 0",
                    UndoBlock::Person(_) => "person 1",
                    UndoBlock::NothingYet => "nothing yet",
                    UndoBlock::GameOver => "over",
                };
                if !seen.contains(&b) {
                    seen.push(b);
                }
            }
        }
        if !play_one(&mut h, false) {
            break;
        }
    }
    for b in ["nothing yet", "card", "pool", "person 0", "person 1"] {
        assert!(seen.contains(&b), "{b:?} never seen: {seen:?}");
    }
}
