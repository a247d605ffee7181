//! Scenario tests from hand-built states: rounds (§5), the solo game (§7) and the scoring
//! input (§6). The set-up and the turn are in rules.rs.

use crate::common::*;
use noctiluca_engine::state::SOLO_PAWNS;
use noctiluca_engine::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use DiceColour::Purple;
use JarColour::{Brown, Gold, Red};
use PathKind::Short;

// ---------------------------------------------------------------------------------- rounds (§5)

#[test]
fn round_two_last_placer_starts_counter_clockwise_and_passes_that_way() {
    let mut s = at_first_dive(3, 10);
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    play_until(&mut s, &mut rng, |s| {
        s.decision() == Decision::Dive && s.round == 1 && s.turn == 11
    });
    let last = s.active;
    assert_eq!(s.players.iter().map(|p| p.pawns).sum::<u8>(), 1);
    play_until(&mut s, &mut rng, |s| {
        s.round == 2 && s.decision() == Decision::Dive
    });
    assert_eq!(s.first_player, last);
    assert_eq!(s.active, last);
    assert_eq!(s.direction, Direction::CounterClockwise);
    assert!(s.shores.iter().all(Option::is_none), "pawns removed");
    assert!(
        s.players.iter().all(|p| p.pawns == 4),
        "pawns shared out again"
    );
    for sp in 0..18u8 {
        assert_eq!(
            s.pool[sp as usize].len(),
            board::capacity(sp),
            "pool refilled"
        );
    }
    s.check_invariants().unwrap();

    // Passing follows round 2's direction: the seat before the active one is asked first.
    let prev = (last + 2) % 3;
    let next = (last + 1) % 3;
    set_pool(&mut s, "G6 O6 B6", &[("O2", "P3 P3")]);
    set_jars(
        &mut s,
        last,
        [(card(Gold, "OOGG"), [0; 4]), (card(Brown, "OOBB"), [0; 4])],
    );
    set_jars(
        &mut s,
        prev,
        [(card(Gold, "PPBB"), [0; 4]), (card(Brown, "PPPB"), [0; 4])],
    );
    set_jars(
        &mut s,
        next,
        [(card(Red, "GGPP"), [0; 4]), (card(Red, "OOOP"), [0; 4])],
    );
    ok(&mut s, dive("S1", Short, 3));
    assert_eq!(s.to_act(), ToAct::Seat(prev));
    ok(&mut s, Action::Decline);
    assert_eq!(s.to_act(), ToAct::Seat(next));
    ok(&mut s, Action::Decline);
    // And the next turn is the previous seat's.
    assert_eq!(s.active, prev);
}

/// Plays a game of `n` to the last dive of round 1, then loads the jars with `per_player`
/// dice each (undelivered), empties the pool, and makes the last dive.
fn end_round_one_with_jar_dice(n: u8, jars: &[[(CardId, [u8; 4]); 2]], seed: u64) -> GameState {
    let mut s = at_first_dive(n, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_until(&mut s, &mut rng, |s| {
        s.decision() == Decision::Dive && s.round == 1 && s.turn == 11
    });
    set_pool(&mut s, "", &[]);
    for (seat, j) in jars.iter().enumerate() {
        set_jars(&mut s, seat as Seat, *j);
    }
    s.check_invariants().unwrap();
    let free = s.legal_actions()[0];
    ok(&mut s, free);
    s
}

#[test]
fn short_supply_refill_spreads_dice_evenly_in_the_random_order() {
    // 8 jars with 38 dice between them: 66 dice go back into the pool.
    let six = |c, l, f: [u8; 4]| (card(c, l), f);
    let jars = [
        [
            six(Gold, "OOGPBB", [2, 1, 1, 1]),
            six(Gold, "OGGPPB", [1, 2, 2, 0]),
        ],
        [
            six(Brown, "OOOGPP", [3, 1, 1, 0]),
            six(Brown, "GGGPBB", [0, 3, 1, 1]),
        ],
        [
            six(Red, "OOGGGB", [2, 3, 0, 0]),
            six(Red, "OPPPBB", [1, 0, 3, 1]),
        ],
        [
            six(Gold, "OOOGB", [3, 1, 0, 0]),
            six(Brown, "OOGGP", [2, 2, 0, 0]),
        ],
    ];
    let mut s = end_round_one_with_jar_dice(4, &jars, 11);
    let total: u32 = s.supply.iter().map(|&x| x as u32).sum();
    assert_eq!(total, 104 - 38);
    assert_eq!(s.decision(), Decision::Chance(ChanceKind::RefillOrder));
    assert_eq!(s.chance_outcomes().len(), 18);
    // Report the order O12, O11, ..., O1, I6, ..., I2; the last space (I1) follows by itself.
    for sp in (1..18u8).rev() {
        ok(&mut s, Action::RefillOrder { space: sp });
    }
    assert_eq!(s.fill.order.len(), 18);
    // 66 = 3 full cycles of 18 + 12: the first twelve in the order get a fourth die.
    for sp in 0..18u8 {
        let want = if sp >= 6 { 4 } else { 3 };
        assert_eq!(
            s.fill.target[sp as usize],
            want,
            "{}",
            board::space_name(sp)
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    play_until(&mut s, &mut rng, |s| s.decision() == Decision::Dive);
    for sp in 0..18u8 {
        assert_eq!(s.pool[sp as usize].len(), s.fill.target[sp as usize]);
    }
    assert_eq!(s.supply, [0; 4]);
    s.check_invariants().unwrap();
}

#[test]
fn short_supply_skips_full_spaces_on_later_cycles() {
    // 24 dice on jars: 80 in the supply. Four cycles fill the inner spaces; the eight dice
    // left go to the first eight outer spaces in the order, skipping the full inner ones.
    let jars = [
        [
            (card(Gold, "OOGPBB"), [2, 1, 1, 1]),
            (card(Gold, "OGGPPB"), [1, 2, 0, 0]),
        ],
        [
            (card(Brown, "OOOGPP"), [3, 1, 1, 0]),
            (card(Brown, "GGGPBB"), [0, 3, 0, 0]),
        ],
        [
            (card(Red, "OOGGGB"), [2, 3, 0, 0]),
            (card(Red, "OPPPBB"), [1, 0, 0, 0]),
        ],
        [
            (card(Gold, "OOOGB"), [1, 0, 0, 0]),
            (card(Brown, "OOGGP"), [0, 0, 1, 0]),
        ],
    ];
    let mut s = end_round_one_with_jar_dice(4, &jars, 12);
    assert_eq!(s.supply.iter().map(|&x| x as u32).sum::<u32>(), 80);
    for sp in 0..17u8 {
        ok(&mut s, Action::RefillOrder { space: sp });
    }
    for sp in 0..18u8 {
        let want = match sp {
            0..=5 => 4,
            6..=13 => 5,
            _ => 4,
        };
        assert_eq!(
            s.fill.target[sp as usize],
            want,
            "{}",
            board::space_name(sp)
        );
    }
    let counts: Vec<u8> = s.fill.target.to_vec();
    let even = 80.0 / 18.0;
    assert!(counts.iter().all(|&c| (c as f64 - even).abs() <= 1.0));
}

// ---------------------------------------------------------------------------------- solo (§7)

#[test]
fn solo_setup_one_deck_six_pawns_arrow_on_purple() {
    let s = at_first_dive(1, 13);
    assert_eq!(s.players[0].pawns, SOLO_PAWNS);
    assert!(s.piles.iter().all(|p| p.count == 0));
    assert_eq!(s.deck_unknown, 28, "30 cards, 2 kept after the draft");
    assert_eq!(s.comps.solo.sections[s.arrow as usize].colour, Purple);
    assert_eq!(s.arrow_direction, Direction::Clockwise);
    assert!(s.secrets[0].favourite.is_some());
}

#[test]
fn solo_leftover_dice_go_to_the_tempest_then_every_tempest_step() {
    let mut s = at_first_dive(1, 14);
    set_pool(
        &mut s,
        "G6 P6 B6",
        &[("O2", "O3 O3 O3 O3 B3"), ("O3", "G1 P2 B4")],
    );
    set_jars(
        &mut s,
        0,
        [(card(Gold, "OOGG"), [0; 4]), (card(Brown, "OPBB"), [0; 4])],
    );
    let ev = ok(&mut s, dive("S1", Short, 3));
    // 4 orange, 3 empty orange spaces: one orange goes to the tempest, nothing is passed.
    assert!(ev.contains(&Event::ToTempest { dice: [1, 0, 0, 0] }));
    assert_eq!(s.tempest_dice, [1, 0, 0, 0]);
    // Tempest 1: the top card of the deck is discarded (chance: the person reports it).
    assert_eq!(s.decision(), Decision::Chance(ChanceKind::TempestDiscard));
    let red = unseen_of(&s, Red);
    let ev = ok(&mut s, Action::DealCard { card: red });
    assert_eq!(
        ev[0],
        Event::TempestDiscard {
            card: Some(red),
            token: Some((Red, 2))
        }
    );
    assert_eq!(s.tempest_tokens[Red.index()], 1);
    assert_eq!(s.deck_unknown, 27);
    // Tempest 2: the black die in the pointed (purple) section; number 5 is O3.
    assert_eq!(
        s.decision(),
        Decision::Chance(ChanceKind::BlackDie { section: 0 })
    );
    let ev = ok(&mut s, Action::BlackDie { number: 5 });
    assert_eq!(
        ev[0],
        Event::BlackDie {
            number: 5,
            section: 0,
            space: space("O3"),
            cleared: [0, 1, 1, 1]
        }
    );
    assert!(s.pool[space("O3") as usize].is_empty());
    // Tempest 3: the arrow turns clockwise, to green.
    assert_eq!(ev[1], Event::ArrowRotated { section: 1 });
    assert_eq!(s.decision(), Decision::Dive);
    assert_eq!(s.turn, 1);
    s.check_invariants().unwrap();
}

#[test]
fn solo_round_flip_pawns_stay_and_arrow_reverses() {
    let mut s = at_first_dive(1, 15);
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let mut arrows = vec![s.arrow];
    while s.round == 1 {
        play_until(&mut s, &mut rng, |s| {
            matches!(s.decision(), Decision::Chance(ChanceKind::BlackDie { .. }))
        });
        ok(&mut s, Action::BlackDie { number: 1 });
        arrows.push(s.arrow);
        play_until(&mut s, &mut rng, |s| s.decision() == Decision::Dive);
    }
    // Six tempests in round 1, clockwise: purple → green → orange → purple ...
    assert_eq!(arrows, vec![0, 1, 2, 0, 1, 2, 0]);
    assert_eq!(s.arrow_direction, Direction::CounterClockwise);
    // Round 1's pawns stay and block their shores; six fresh pawns.
    assert_eq!(s.shores.iter().flatten().count(), 6);
    assert!(s.shores.iter().flatten().all(|p| p.round == 1));
    assert_eq!(s.players[0].pawns, 6);
    let legal = s.legal_actions();
    assert_eq!(legal.len(), 6 * 2 * 6);
    for a in &legal {
        let Action::Dive { shore, .. } = a else {
            panic!()
        };
        assert!(s.shores[*shore as usize].is_none());
    }
    // Pool refilled.
    let pooled: u32 = s.pool.iter().map(|p| p.len() as u32).sum();
    assert!(pooled > 0);
    // Round 2 turns counter-clockwise: purple → orange.
    play_until(&mut s, &mut rng, |s| {
        matches!(s.decision(), Decision::Chance(ChanceKind::BlackDie { .. }))
    });
    ok(&mut s, Action::BlackDie { number: 1 });
    assert_eq!(s.arrow, 2);
    s.check_invariants().unwrap();
    // The game ends after round 2's sixth tempest.
    play_until(&mut s, &mut rng, |_| false);
    assert!(s.is_over());
    assert_eq!(s.shores.iter().flatten().count(), 12);
}

#[test]
fn solo_new_jar_draw_two_keep_one_other_to_the_bottom() {
    let mut s = at_first_dive(1, 16);
    set_pool(&mut s, "G6 P6 B6", &[("O2", "O3")]);
    let a = card(Red, "OOOP");
    set_jars(&mut s, 0, [(a, [2, 0, 1, 0]), (card(Gold, "PPBB"), [0; 4])]);
    ok(&mut s, dive("S1", Short, 3));
    assert_eq!(s.decision(), Decision::Chance(ChanceKind::SoloDraw));
    let c1 = unseen_of(&s, Gold);
    ok(&mut s, Action::DealCard { card: c1 });
    let c2 = unseen_of(&s, Brown);
    ok(&mut s, Action::DealCard { card: c2 });
    assert_eq!(s.decision(), Decision::SoloKeep { cards: [c1, c2] });
    assert_eq!(
        s.legal_actions(),
        vec![Action::SoloKeep { card: c1 }, Action::SoloKeep { card: c2 }]
    );
    let ev = ok(&mut s, Action::SoloKeep { card: c2 });
    assert_eq!(
        ev[0],
        Event::SoloKept {
            card: c2,
            to_bottom: c1
        }
    );
    assert_eq!(s.players[0].jars[0].unwrap().card, c2);
    assert_eq!(&s.deck_bottom[..], &[c1]);
    assert_eq!(s.deck_unknown, 26);
    s.check_invariants().unwrap();
}

#[test]
fn solo_draws_from_the_known_bottom_and_an_empty_deck() {
    let mut s = at_first_dive(1, 17);
    // Every hidden card but three is out of the game (discarded); the three sit at the bottom.
    let hidden: Vec<CardId> = (0..30u8).filter(|c| s.unseen & (1 << c) != 0).collect();
    let (keep, gone) = hidden.split_at(3);
    for &c in gone {
        s.discards |= 1 << c;
    }
    s.unseen = 0;
    s.deck_unknown = 0;
    s.deck_bottom = List::from_slice(keep).unwrap();
    s.check_invariants().unwrap();
    set_pool(&mut s, "G6 P6 B6", &[("O2", "O3")]);
    let a = card(Red, "OOOP");
    let b = card(Gold, "PPBB");
    if keep.contains(&a) || keep.contains(&b) {
        return; // this seed put a wanted card in the bottom; nothing to test
    }
    set_jars(&mut s, 0, [(a, [2, 0, 1, 0]), (b, [0; 4])]);
    ok(&mut s, dive("S1", Short, 3));
    // No chance needed: the two top cards are known.
    assert_eq!(
        s.decision(),
        Decision::SoloKeep {
            cards: [keep[0], keep[1]]
        }
    );
    let ev = ok(&mut s, Action::SoloKeep { card: keep[0] });
    assert_eq!(
        ev[0],
        Event::SoloKept {
            card: keep[0],
            to_bottom: keep[1]
        }
    );
    // The tempest then discards the known top card (keep[2]) without chance.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TempestDiscard { card: Some(c), .. } if *c == keep[2]
    )));
    assert_eq!(&s.deck_bottom[..], &[keep[1]]);
    ok(&mut s, Action::BlackDie { number: 2 });
    // Empty the deck: the tempest discards nothing, a delivery finds no jar.
    s.discards |= 1 << keep[1];
    s.deck_bottom.clear();
    set_pool(&mut s, "G6 P6 B6", &[("O6", "P4 P4 B4 B4")]);
    set_jars(&mut s, 0, [(card(Gold, "OOGG"), [0; 4]), (b, [0; 4])]);
    ok(&mut s, dive("S3", Short, 4));
    assert!(
        s.players[0].jars[1].is_none(),
        "delivered, and no card to replace it"
    );
    assert_eq!(
        s.decision(),
        Decision::Chance(ChanceKind::BlackDie { section: 1 })
    );
    s.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------- scoring (§6)

#[test]
fn score_input_reads_the_table() {
    let mut s = at_first_dive(2, 18);
    let fav = s.secrets[0].favourite.unwrap();
    set_jars(
        &mut s,
        0,
        [
            (card(Brown, "OOBB"), [1, 0, 0, 2]),
            (card(Red, "OOOP"), [1, 0, 0, 0]),
        ],
    );
    // Deliver two hidden cards by hand: the bookkeeping final scoring reads.
    let d1 = unseen_of(&s, Gold);
    let d2 = unseen_of(&s, Red);
    for c in [d1, d2] {
        s.unseen &= !(1 << c);
        s.players[0].delivered |= 1 << c;
        // One face-down card fewer in some pile.
        let pile = s.piles.iter_mut().find(|p| p.count > 1).unwrap();
        pile.count -= 1;
    }
    s.check_invariants().unwrap();
    s.stack_taken = [1, 0, 1];
    s.players[0].tokens = [1, 0, 1];
    let input = s.score_input();
    let p = &input.players[0];
    let k = |c: CardId| s.comps.card(c);
    assert_eq!(p.delivered, 2);
    assert_eq!(p.jar_bonus, (k(d1).bonus + k(d2).bonus) as u32);
    assert_eq!(p.leftover_dice, 4);
    assert_eq!(p.tokens.gold, vec![2]);
    assert_eq!(p.tokens.red, vec![2]);
    assert_eq!(
        p.favourite_spaces,
        (k(d1).needs[fav.index()] + k(d2).needs[fav.index()]) as u32
    );
    assert_eq!(input.stacks.as_ref().unwrap().gold, 9);
    let r = s.final_score();
    // Gold and red: seat 1 alone holds a token, so takes the 9 left of each.
    assert_eq!(r.players[0].majority_points, 18);
    assert_eq!(r.players[0].leftovers, 2);
}
