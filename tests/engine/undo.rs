//! Undo is a rule of the engine: a seat takes back its latest real choice, never across chance
//! (a card turning up, a die, a refill) and never across another person's decision.

use noctiluca_engine::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn new_match(n: u8, seed: u64) -> Match {
    let cfg = if n == 1 {
        GameConfig::solo()
    } else {
        GameConfig::players(n)
    };
    Match::new(cfg, Components::default(), seed).unwrap()
}

#[test]
fn a_real_choice_is_undone_exactly_and_chance_or_another_person_stops_an_undo() {
    let (mut undone, mut after_chance, mut after_other) = (0, 0, 0);
    for n in 1..=4u8 {
        for seed in 0..25u64 {
            let mut m = new_match(n, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed + 99);
            // Before anyone's first decision there is nothing to take back.
            m.run_chance();
            for s in 0..n {
                assert_eq!(m.undo_blocked(s, |_| true), Some(UndoBlock::NothingYet));
            }
            loop {
                m.run_chance();
                let ToAct::Seat(seat) = m.state.to_act() else {
                    break;
                };
                let legal = m.state.legal_actions();
                // The rules settle single-option steps themselves: a seat is only ever asked
                // a real choice, so an undo never needs to skip a forced one.
                assert!(
                    legal.len() > 1,
                    "seat {seat} asked to choose from {legal:?}"
                );
                let a = legal[rng.random_range(0..legal.len())];
                let before = (m.state.clone(), m.record.actions.len());
                m.apply(a).unwrap();
                if !m.state.is_over() {
                    // Right after a real choice: undone exactly.
                    let mut u = m.clone();
                    assert_eq!(u.undo_point(seat, |_| false), Some(before.1));
                    assert_eq!(u.undo_blocked(seat, |_| false), None);
                    assert_eq!(u.undo(seat, |_| false), Ok(1));
                    assert_eq!(u.state, before.0);
                    assert_eq!(u.record.actions.len(), before.1);
                    undone += 1;
                    // Nobody else can undo it.
                    for other in (0..n).filter(|&o| o != seat) {
                        assert_eq!(m.undo_point(other, |_| false), None);
                        // Said as the seat's decision since theirs, once they have one.
                        let theirs = m.record.actions.iter().any(|e| e.by == Actor::Seat(other));
                        let why = match theirs {
                            true => UndoBlock::Person(seat),
                            false => UndoBlock::NothingYet,
                        };
                        assert_eq!(m.undo_blocked(other, |_| false), Some(why));
                    }
                    // Once chance has moved, it cannot be undone.
                    let mut c = m.clone();
                    let len = c.record.actions.len();
                    c.run_chance();
                    if c.record.actions.len() > len {
                        assert_eq!(c.undo_point(seat, |_| true), None);
                        let why = match c.state.is_over() {
                            true => UndoBlock::GameOver,
                            false => UndoBlock::Chance(c.record.actions.last().unwrap().action),
                        };
                        assert_eq!(c.undo_blocked(seat, |_| true), Some(why));
                        assert_eq!(c.undo(seat, |_| true), Err(UndoError::NothingToUndo));
                        after_chance += 1;
                    } else if let ToAct::Seat(next) = c.state.to_act()
                        && next != seat
                    {
                        // Another seat decides: that blocks the undo unless it may be taken
                        // back with it (a bot's move).
                        let l = c.state.legal_actions();
                        c.apply(l[0]).unwrap();
                        assert_eq!(c.undo_point(seat, |_| false), None);
                        let why = match c.state.is_over() {
                            true => UndoBlock::GameOver,
                            false => UndoBlock::Person(next),
                        };
                        assert_eq!(c.undo_blocked(seat, |_| false), Some(why));
                        let with_bot = c.undo_point(seat, |s| s == next);
                        assert!(with_bot.is_none_or(|p| p <= before.1));
                        if with_bot == Some(before.1) {
                            c.undo(seat, |s| s == next).unwrap();
                            assert_eq!(c.state, before.0);
                        }
                        after_other += 1;
                    }
                }
                if m.state.is_over() {
                    break;
                }
            }
            assert_eq!(
                m.undo_point(0, |_| true),
                None,
                "nothing is undone after the end"
            );
            assert_eq!(m.undo_blocked(0, |_| true), Some(UndoBlock::GameOver));
        }
    }
    assert!(undone > 1000 && after_chance > 100 && after_other > 100);
}
