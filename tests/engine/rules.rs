//! Scenario tests from hand-built states: the set-up (§3) and the turn (§4) of SPEC.md.
//! Rounds, the solo game and the scoring input are in rounds_solo.rs.

use crate::common::*;
use noctiluca_engine::state::Phase;
use noctiluca_engine::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use DiceColour::{Blue, Green, Orange};
use JarColour::{Brown, Gold, Red};
use PathKind::{Long, Short};

// ---------------------------------------------------------------------------------- set-up (§3)

#[test]
fn setup_seeds_84_dice_deals_pawns_favourites_draft_and_piles() {
    for (n, pawns, piles) in [
        (2u8, 6u8, [7u8, 7, 6, 6]),
        (3, 4, [6, 6, 6, 6]),
        (4, 3, [6, 6, 5, 5]),
    ] {
        let mut s = GameState::new(GameConfig::players(n), comps()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        // Seeding: 84 chance steps, 4 dice per inner and 5 per outer space.
        play_until(&mut s, &mut rng, |s| !matches!(s.phase, Phase::Seed));
        for sp in 0..18u8 {
            assert_eq!(s.pool[sp as usize].len(), board::capacity(sp));
        }
        assert_eq!(s.supply.iter().map(|&x| x as u32).sum::<u32>(), 20);
        // Favourites: distinct, one each.
        play_until(&mut s, &mut rng, |s| s.decision() == Decision::Draft);
        let favs: Vec<_> = s.secrets.iter().map(|p| p.favourite.unwrap()).collect();
        let mut dedup = favs.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), n as usize);
        for (p, secret) in s.players.iter().zip(&s.secrets) {
            assert_eq!(p.pawns, pawns);
            assert_eq!(secret.draft.iter().flatten().count(), 3);
        }
        // Draft: each seat sets one card aside, in secret; nothing is revealed until all chose.
        for seat in 0..n {
            assert_eq!(s.to_act(), ToAct::Seat(seat));
            let legal = s.legal_actions();
            assert_eq!(legal.len(), 3);
            let ev = ok(&mut s, legal[0]);
            if seat + 1 < n {
                assert_eq!(ev, vec![Event::DraftChosen { seat }]);
                assert!(s.players[seat as usize].jars.iter().all(Option::is_none));
            }
        }
        for (p, secret) in s.players.iter().zip(&s.secrets) {
            assert!(p.jars.iter().all(Option::is_some));
            assert_eq!(secret.set_aside, None);
        }
        assert_eq!(s.piles.map(|p| p.count), piles);
        // The four tops turn up (chance), then the first player (chance).
        play_until(&mut s, &mut rng, |s| s.decision() == Decision::Dive);
        assert!(s.piles.iter().all(|p| p.top.is_some()));
        assert_eq!(s.active, s.first_player);
        assert_eq!(s.direction, Direction::Clockwise);
        s.check_invariants().unwrap();
    }
}

#[test]
fn seeding_outcomes_follow_the_bag() {
    let s = GameState::new(GameConfig::players(2), comps()).unwrap();
    let outcomes = s.chance_outcomes();
    assert_eq!(outcomes.len(), 24); // 4 colours × 6 faces
    for (_, p) in &outcomes {
        assert!((p - 1.0 / 24.0).abs() < 1e-12);
    }
    // A colour missing from the bag cannot be drawn.
    let mut t = s.clone();
    t.supply = [0, 26, 26, 26];
    let a = Action::SeedDie {
        space: 0,
        die: die(Orange, 3),
    };
    let e = refused(&mut t, a);
    assert_eq!(
        e,
        RuleError::SeedDie(noctiluca_engine::action::SeedProblem::NoneLeft { colour: Orange })
    );
    assert_eq!(t.chance_outcomes().len(), 18);
}

// ---------------------------------------------------------------------------------- a turn (§4)

#[test]
fn dive_collects_every_die_showing_the_number_on_the_path() {
    let mut s = at_first_dive(2, 1);
    // S1 short path: O2 O3 O4. S1 long path: O1 I6 I5 O9.
    set_pool(
        &mut s,
        "G6 P6 B6",
        &[
            ("O2", "O3 O3 B3 G1"),
            ("O3", "G3 P5"),
            ("O4", "P3"),
            ("O1", "B3"),
        ],
    );
    set_jars(
        &mut s,
        0,
        [(card(Gold, "OOGG"), [0; 4]), (card(Brown, "OOBB"), [0; 4])],
    );
    let before_o1 = s.pool[space("O1") as usize];
    let ev = ok(&mut s, dive("S1", Short, 3));
    let Event::Dived { collected, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    assert_eq!(collected, [2, 1, 1, 1]); // 2 orange, 1 green, 1 purple, 1 blue
    assert_eq!(s.pool[space("O2") as usize].counts(), [0, 1, 0, 0]); // G1 stays
    assert_eq!(s.pool[space("O3") as usize].counts(), [0, 0, 1, 0]); // P5 stays
    assert!(s.pool[space("O4") as usize].is_empty());
    assert_eq!(
        s.pool[space("O1") as usize],
        before_o1,
        "other path untouched"
    );
    assert_eq!(s.shores[shore("S1") as usize].unwrap().seat, 0);
    assert_eq!(s.players[0].pawns, 5);
}

#[test]
fn store_places_the_maximum_and_asks_only_for_real_jar_choices() {
    let mut s = at_first_dive(2, 2);
    set_pool(&mut s, "G6 P6 B6", &[("O2", "O3 O3 O3 B3 G3")]);
    let gold = card(Gold, "OOGG"); // O2 G2
    let brown = card(Brown, "OOBB"); // O2 B2
    set_jars(&mut s, 0, [(gold, [0; 4]), (brown, [0; 4])]);
    let ev = ok(&mut s, dive("S1", Short, 3));
    // Green fits only the gold jar, blue only the brown one: placed automatically.
    assert!(ev.contains(&Event::Stored {
        seat: 0,
        colour: Green,
        slot: 0,
        count: 1
    }));
    assert!(ev.contains(&Event::Stored {
        seat: 0,
        colour: Blue,
        slot: 1,
        count: 1
    }));
    // 3 orange, 2 + 2 empty orange spaces: the player chooses, one die at a time.
    assert_eq!(s.decision(), Decision::Store { colour: Orange });
    assert_eq!(s.to_act(), ToAct::Seat(0));
    assert_eq!(
        s.legal_actions(),
        vec![
            Action::Store {
                colour: Orange,
                slot: 0
            },
            Action::Store {
                colour: Orange,
                slot: 1
            }
        ]
    );
    // Passing is not an option while dice still fit.
    let e = refused(&mut s, Action::Decline);
    assert!(
        matches!(
            e,
            RuleError::NotPossibleNow {
                action: Action::Decline,
                waiting: action::Waiting {
                    decision: Decision::Store { .. },
                    ..
                },
                ..
            }
        ),
        "{e:?}"
    );
    ok(
        &mut s,
        Action::Store {
            colour: Orange,
            slot: 1,
        },
    );
    ok(
        &mut s,
        Action::Store {
            colour: Orange,
            slot: 1,
        },
    );
    // The brown jar has no orange space left: the last orange goes to gold on its own.
    assert_eq!(s.players[0].jars[0].unwrap().filled, [1, 1, 0, 0]);
    assert_eq!(s.players[0].jars[1].unwrap().filled, [2, 0, 0, 1]);
    assert_eq!(s.hand, [0; 4]);
    assert_eq!(s.decision(), Decision::Dive, "next player's turn");
    assert_eq!(s.active, 1);
    s.check_invariants().unwrap();
}

#[test]
fn dice_beyond_the_empty_spaces_fill_every_jar_then_pass() {
    let mut s = at_first_dive(2, 3);
    set_pool(&mut s, "G6 P6 B6", &[("O2", "O3 O3 O3 O3 O3")]);
    set_jars(
        &mut s,
        0,
        [
            (card(Gold, "OOGG"), [1, 0, 0, 0]),
            (card(Brown, "OOBB"), [0; 4]),
        ],
    );
    // Seat 1 has no orange space: no offer, the rest goes to the supply.
    set_jars(
        &mut s,
        1,
        [(card(Gold, "PPBB"), [0; 4]), (card(Brown, "PPPB"), [0; 4])],
    );
    let supply_before = s.supply[Orange.index()];
    let ev = ok(&mut s, dive("S1", Short, 3));
    assert_eq!(s.players[0].jars[0].unwrap().filled[0], 2);
    assert_eq!(s.players[0].jars[1].unwrap().filled[0], 2);
    assert!(ev.contains(&Event::PassStarted { dice: [2, 0, 0, 0] }));
    assert!(ev.contains(&Event::ToSupply { dice: [2, 0, 0, 0] }));
    assert_eq!(s.supply[Orange.index()], supply_before + 2);
    assert_eq!(s.active, 1);
}

#[test]
fn zero_dice_dive_is_legal_and_uses_the_pawn() {
    let mut s = at_first_dive(3, 4);
    set_pool(&mut s, "G6 P6 B6", &[]);
    let ev = ok(&mut s, dive("S7", Long, 2));
    assert!(matches!(
        ev[0],
        Event::Dived {
            collected: [0, 0, 0, 0],
            ..
        }
    ));
    assert!(s.shores[shore("S7") as usize].is_some());
    assert_eq!(s.players[0].pawns, 3);
    // The shore is now blocked for everyone.
    let e = refused(&mut s, dive("S7", Short, 1));
    assert!(
        matches!(e, RuleError::ShoreTaken { shore: s, .. } if s == shore("S7")),
        "{e:?}"
    );
}

#[test]
fn illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    let mut s = at_first_dive(2, 5);
    let e = refused(&mut s, dive("S3", Short, 7));
    assert_eq!(e, RuleError::NumberOutOfRange { number: 7 });
    let e = refused(&mut s, dive("S3", Short, 0));
    assert_eq!(e, RuleError::NumberOutOfRange { number: 0 });
    let e = refused(
        &mut s,
        Action::Dive {
            shore: 12,
            path: Short,
            number: 3,
        },
    );
    assert_eq!(e, RuleError::NoSuchShore { shore: 12 });
    let e = refused(&mut s, Action::BlackDie { number: 3 });
    assert!(matches!(e, RuleError::WrongKind { .. }), "{e:?}");
    let e = refused(&mut s, Action::TakePile { pile: 0 });
    assert!(matches!(
        e,
        RuleError::NotPossibleNow {
            action: Action::TakePile { pile: 0 },
            waiting: action::Waiting {
                decision: Decision::Dive,
                seat: 0
            },
            card: None
        }
    ));
    let e = refused(
        &mut s,
        Action::Store {
            colour: Blue,
            slot: 5,
        },
    );
    assert!(matches!(e, RuleError::NotPossibleNow { .. }), "{e:?}");
    // Chance: a card that is not hidden cannot be dealt.
    let mut t = GameState::new(GameConfig::players(2), comps()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    play_until(&mut t, &mut rng, |t| {
        matches!(
            t.decision(),
            Decision::Chance(ChanceKind::RevealPile { .. })
        )
    });
    let held = t.players[0].jars[0].unwrap().card;
    let e = refused(&mut t, Action::DealCard { card: held });
    assert_eq!(e, RuleError::CardNotFaceDown { card: held });
}

#[test]
fn deliveries_run_in_turn_order_from_the_active_player() {
    let mut s = at_first_dive(3, 7);
    set_pool(&mut s, "P6 B6", &[("O2", "O3 G3")]);
    let red_a = card(Red, "OOOP"); // O3 P1
    let red_b = card(Red, "GGPP"); // G2 P2
    set_jars(
        &mut s,
        0,
        [(red_a, [2, 0, 1, 0]), (card(Gold, "PPBB"), [0; 4])],
    );
    set_jars(
        &mut s,
        1,
        [(card(Brown, "PPPB"), [0; 4]), (card(Brown, "OPBB"), [0; 4])],
    );
    set_jars(
        &mut s,
        2,
        [(red_b, [0, 1, 2, 0]), (card(Brown, "OOBB"), [0; 4])],
    );
    ok(&mut s, dive("S1", Short, 3));
    // Orange completes seat 1's red jar; green is passed, seat 2 cannot use it, seat 3 takes
    // it and completes a red jar too.
    assert_eq!(s.to_act(), ToAct::Seat(2));
    let ev = ok(
        &mut s,
        Action::Take {
            colour: Green,
            slot: 0,
        },
    );
    // Seat 1 (the active player) delivers first and takes the top red token...
    let first = ev
        .iter()
        .position(|e| matches!(e, Event::Delivered { seat: 0, .. }))
        .expect("seat 1 delivers");
    assert_eq!(
        ev[first],
        Event::Delivered {
            seat: 0,
            slot: 0,
            card: red_a,
            token: Some((Red, 2))
        }
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Delivered { seat: 2, .. }))
    );
    // ...and picks a pile before seat 3 delivers.
    assert_eq!(s.to_act(), ToAct::Seat(0));
    assert_eq!(s.decision(), Decision::ChoosePile);
    assert_eq!(s.legal_actions().len(), 4);
    let top = s.piles[2].top.unwrap();
    let ev = ok(&mut s, Action::TakePile { pile: 2 });
    assert_eq!(s.players[0].jars[0].unwrap().card, top);
    assert!(ev.contains(&Event::NewJar {
        seat: 0,
        slot: 0,
        card: top,
        pile: Some(2)
    }));
    // The pile's next card turns up (chance) before anything else.
    assert_eq!(
        s.decision(),
        Decision::Chance(ChanceKind::RevealPile { pile: 2 })
    );
    let next = s.unseen.trailing_zeros() as u8;
    let ev = ok(&mut s, Action::DealCard { card: next });
    assert_eq!(
        ev[0],
        Event::PileTop {
            pile: 2,
            card: next
        }
    );
    assert!(ev.contains(&Event::Delivered {
        seat: 2,
        slot: 0,
        card: red_b,
        token: Some((Red, 2))
    }));
    assert_eq!(s.players[0].tokens[Red.index()], 0b01);
    assert_eq!(s.players[2].tokens[Red.index()], 0b10);
    assert_eq!(s.to_act(), ToAct::Seat(2));
    assert_eq!(s.decision(), Decision::ChoosePile);
    ok(&mut s, Action::TakePile { pile: 0 });
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    play_until(&mut s, &mut rng, |s| s.decision() == Decision::Dive);
    assert_eq!(s.active, 1);
    s.check_invariants().unwrap();
}

/// Moves every hidden card and pile top except `keep` into seat `seat`'s delivered pile, and
/// leaves one pile holding `keep` alone.
fn only_one_card_left(s: &mut GameState, seat: usize, keep: CardId, pile: usize) {
    let mut gone = s.unseen;
    for p in &s.piles {
        if let Some(t) = p.top {
            gone |= 1 << t;
        }
    }
    gone &= !(1u32 << keep);
    s.players[seat].delivered |= gone;
    s.unseen = 0;
    for (i, p) in s.piles.iter_mut().enumerate() {
        if i == pile {
            p.count = 1;
            p.top = Some(keep);
        } else {
            p.count = 0;
            p.top = None;
        }
    }
}

#[test]
fn a_pile_running_empty_and_no_jar_left() {
    let mut s = at_first_dive(2, 8);
    set_pool(&mut s, "P6 B6", &[("O2", "O3 O3")]);
    let a = card(Red, "OOOP");
    let b = card(Gold, "OOGG");
    set_jars(&mut s, 0, [(a, [2, 0, 1, 0]), (b, [1, 2, 0, 0])]);
    let last = s.piles[1].top.unwrap();
    only_one_card_left(&mut s, 1, last, 1);
    s.check_invariants().unwrap();
    ok(&mut s, dive("S1", Short, 3));
    // Both jars are full: the player chooses which to deliver first.
    assert_eq!(s.decision(), Decision::DeliverOrder);
    assert_eq!(
        s.legal_actions(),
        vec![Action::Deliver { slot: 0 }, Action::Deliver { slot: 1 }]
    );
    let ev = ok(&mut s, Action::Deliver { slot: 1 });
    // One pile left with one card: taken without a question; the pile is then empty.
    assert!(ev.contains(&Event::NewJar {
        seat: 0,
        slot: 1,
        card: last,
        pile: Some(1)
    }));
    assert_eq!(s.piles[1].count, 0);
    assert_eq!(s.reveal_pending, 0);
    // The second delivery finds every pile empty: no new jar.
    assert!(ev.contains(&Event::NoJarLeft { seat: 0 }));
    assert_eq!(s.players[0].jars[0], None);
    assert_eq!(s.players[0].delivered.count_ones(), 2);
    assert_eq!(s.decision(), Decision::Dive);
    s.check_invariants().unwrap();
}

#[test]
fn an_empty_token_stack_gives_no_token() {
    let mut s = at_first_dive(2, 9);
    set_pool(&mut s, "P6 B6", &[("O2", "O3")]);
    let a = card(Red, "OOOP");
    set_jars(&mut s, 0, [(a, [2, 0, 1, 0]), (card(Gold, "PPBB"), [0; 4])]);
    // Seat 2 took all ten red tokens already.
    s.stack_taken[Red.index()] = 10;
    s.players[1].tokens[Red.index()] = 0x3ff;
    let ev = ok(&mut s, dive("S1", Short, 3));
    assert!(ev.contains(&Event::Delivered {
        seat: 0,
        slot: 0,
        card: a,
        token: None
    }));
    assert_eq!(s.players[0].tokens, [0, 0, 0]);
}
