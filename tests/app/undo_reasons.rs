//! The table's Undo, greyed out, says why: nothing decided yet, a roll or a draw since the
//! last decision, or another person's decision since.

use crate::app_support::*;
use crate::game::{ada_and_bea, play_one};
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::engine::UndoBlock;

#[test]
fn a_greyed_out_undo_says_why() {
    let mut h = ada_and_bea();
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
                UndoBlock::Chance => "A die was rolled or a card turned up since your last \
                                      decision, so it stays."
                    .to_string(),
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
            if let Some(b) = why
                && !seen.contains(&b)
            {
                seen.push(b);
            }
        }
        if !play_one(&mut h, false) {
            break;
        }
    }
    for b in [
        UndoBlock::NothingYet,
        UndoBlock::Chance,
        UndoBlock::Person(0),
        UndoBlock::Person(1),
    ] {
        assert!(seen.contains(&b), "{b:?} never seen: {seen:?}");
    }
}
