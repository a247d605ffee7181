//! SPEC §4.3: passed dice go round the table, lap after lap, until no more can be placed.
//! Scenarios from hand-built states.

use crate::common::*;
use noctiluca_engine::record::ReplayProblem;
use noctiluca_engine::state::Phase;
use noctiluca_engine::*;

use DiceColour::Purple;
use JarColour::{Brown, Gold, Red};
use PathKind::Short;

const TAKE_PURPLE_0: Action = Action::Take {
    colour: Purple,
    slot: 0,
};
const TAKE_PURPLE_1: Action = Action::Take {
    colour: Purple,
    slot: 1,
};

/// Seat 1 dives S1 short 3 and collects three purple dice (from O2), none of which fits its
/// own jars (gold OOGG, brown OOBB).
fn three_purple_for(n: u8, seed: u64) -> GameState {
    let mut s = at_first_dive(n, seed);
    set_pool(&mut s, "G6 O6 B6", &[("O2", "P3 P3 P3")]);
    set_jars(
        &mut s,
        0,
        [(card(Gold, "OOGG"), [0; 4]), (card(Brown, "OOBB"), [0; 4])],
    );
    s
}

fn passed(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::PassStarted { .. }
                    | Event::PassLap { .. }
                    | Event::Took { .. }
                    | Event::Declined { .. }
                    | Event::ToSupply { .. }
            )
        })
        .collect()
}

#[test]
fn two_players_the_other_takes_three_passed_dice_over_three_visits() {
    let mut s = three_purple_for(2, 11);
    // Seat 2: gold PPBB and red GGPP, four empty purple spaces.
    set_jars(
        &mut s,
        1,
        [(card(Gold, "PPBB"), [0; 4]), (card(Red, "GGPP"), [0; 4])],
    );
    let supply = s.supply[Purple.index()];
    let ev = ok(&mut s, dive("S1", Short, 3));
    assert!(ev.contains(&Event::PassStarted { dice: [0, 0, 3, 0] }));
    assert_eq!(s.to_act(), ToAct::Seat(1));
    assert_eq!(
        s.decision(),
        Decision::PassOffer {
            dice: [0, 0, 3, 0],
            lap: 1
        }
    );
    // First visit: one die, no more.
    let ev = ok(&mut s, TAKE_PURPLE_0);
    assert_eq!(
        passed(&ev),
        vec![
            &Event::Took {
                seat: 1,
                colour: Purple,
                slot: 0
            },
            &Event::PassLap {
                lap: 2,
                dice: [0, 0, 2, 0]
            }
        ]
    );
    // Second visit, second time round.
    assert_eq!(s.to_act(), ToAct::Seat(1));
    assert_eq!(
        s.decision(),
        Decision::PassOffer {
            dice: [0, 0, 2, 0],
            lap: 2
        }
    );
    let ev = ok(&mut s, TAKE_PURPLE_1);
    assert!(ev.contains(&Event::PassLap {
        lap: 3,
        dice: [0, 0, 1, 0]
    }));
    // Third visit takes the last die: the pass is over, nothing goes to the supply.
    assert_eq!(
        s.decision(),
        Decision::PassOffer {
            dice: [0, 0, 1, 0],
            lap: 3
        }
    );
    let ev = ok(&mut s, TAKE_PURPLE_0);
    assert!(!ev.iter().any(|e| matches!(e, Event::ToSupply { .. })));
    let jars = s.players[1].jars;
    assert_eq!(jars[0].unwrap().filled, [0, 0, 2, 0]);
    assert_eq!(jars[1].unwrap().filled, [0, 0, 1, 0]);
    assert_eq!(s.supply[Purple.index()], supply);
    assert_eq!(s.decision(), Decision::Dive);
    assert_eq!(s.active, 1);
    s.check_invariants().unwrap();
}

#[test]
fn two_players_one_decline_ends_the_pass() {
    let mut s = three_purple_for(2, 12);
    set_jars(
        &mut s,
        1,
        [(card(Gold, "PPBB"), [0; 4]), (card(Red, "GGPP"), [0; 4])],
    );
    let supply = s.supply[Purple.index()];
    ok(&mut s, dive("S1", Short, 3));
    ok(&mut s, TAKE_PURPLE_0);
    let ev = ok(&mut s, Action::Decline);
    assert_eq!(
        passed(&ev),
        vec![
            &Event::Declined { seat: 1 },
            &Event::ToSupply { dice: [0, 0, 2, 0] }
        ]
    );
    assert_eq!(s.players[1].jars[0].unwrap().filled, [0, 0, 1, 0]);
    assert_eq!(s.supply[Purple.index()], supply + 2);
    assert_eq!(s.decision(), Decision::Dive);
    s.check_invariants().unwrap();
}

/// Four players: seat 2 has four purple spaces, seat 3 none, seat 4 four.
fn four_player_pass(seed: u64) -> GameState {
    let mut s = three_purple_for(4, seed);
    set_jars(
        &mut s,
        1,
        [(card(Gold, "PPBB"), [0; 4]), (card(Red, "GGPP"), [0; 4])],
    );
    set_jars(
        &mut s,
        2,
        [(card(Brown, "OGGG"), [0; 4]), (card(Red, "GBBB"), [0; 4])],
    );
    set_jars(
        &mut s,
        3,
        [(card(Brown, "PPPB"), [0; 4]), (card(Red, "OOOP"), [0; 4])],
    );
    s
}

#[test]
fn four_players_a_second_lap_after_a_placing_and_the_end_after_a_lap_of_declines() {
    let mut s = four_player_pass(6);
    let supply = s.supply[Purple.index()];
    ok(&mut s, dive("S1", Short, 3));
    // Lap 1: seat 2 takes one; seat 3 has no purple space and is skipped without a question
    // (and without a log entry); seat 4 takes one.
    assert_eq!(s.to_act(), ToAct::Seat(1));
    let ev = ok(&mut s, TAKE_PURPLE_1);
    assert!(!ev.iter().any(|e| matches!(e, Event::Declined { seat: 2 })));
    assert_eq!(s.to_act(), ToAct::Seat(3));
    assert_eq!(
        s.decision(),
        Decision::PassOffer {
            dice: [0, 0, 2, 0],
            lap: 1
        }
    );
    let ev = ok(&mut s, TAKE_PURPLE_0);
    // Somebody placed, and the die left still fits seats 2 and 4: round again.
    assert_eq!(
        passed(&ev),
        vec![
            &Event::Took {
                seat: 3,
                colour: Purple,
                slot: 0
            },
            &Event::PassLap {
                lap: 2,
                dice: [0, 0, 1, 0]
            }
        ]
    );
    assert_eq!(s.to_act(), ToAct::Seat(1));
    assert!(matches!(s.phase, Phase::Pass { lap: 2, .. }));
    // Lap 2: both decline, so the pass ends and the die goes to the supply.
    ok(&mut s, Action::Decline);
    assert_eq!(s.to_act(), ToAct::Seat(3));
    let ev = ok(&mut s, Action::Decline);
    assert_eq!(
        passed(&ev),
        vec![
            &Event::Declined { seat: 3 },
            &Event::ToSupply { dice: [0, 0, 1, 0] }
        ]
    );
    assert_eq!(s.players[1].jars[1].unwrap().filled, [0, 0, 1, 0]);
    assert_eq!(s.players[3].jars[0].unwrap().filled, [0, 0, 1, 0]);
    assert_eq!(s.supply[Purple.index()], supply + 1);
    assert_eq!(s.decision(), Decision::Dive);
    s.check_invariants().unwrap();
}

#[test]
fn a_lap_in_which_everyone_declines_ends_the_pass_at_once() {
    let mut s = four_player_pass(7);
    let supply = s.supply[Purple.index()];
    ok(&mut s, dive("S1", Short, 3));
    ok(&mut s, Action::Decline);
    let ev = ok(&mut s, Action::Decline);
    assert!(ev.contains(&Event::ToSupply { dice: [0, 0, 3, 0] }));
    assert!(!ev.iter().any(|e| matches!(e, Event::PassLap { .. })));
    assert_eq!(s.supply[Purple.index()], supply + 3);
    assert_eq!(s.decision(), Decision::Dive);
}

#[test]
fn a_late_placing_in_the_lap_still_sends_the_dice_round_again() {
    let mut s = four_player_pass(8);
    ok(&mut s, dive("S1", Short, 3));
    ok(&mut s, Action::Decline);
    let ev = ok(&mut s, TAKE_PURPLE_0);
    assert!(ev.contains(&Event::PassLap {
        lap: 2,
        dice: [0, 0, 2, 0]
    }));
    // Seat 2 declined in lap 1 but is asked again in lap 2.
    assert_eq!(s.to_act(), ToAct::Seat(1));
}

#[test]
fn the_pass_ends_as_soon_as_nothing_left_fits_anyone() {
    let mut s = three_purple_for(3, 9);
    // One purple space each for seats 2 and 3.
    set_jars(
        &mut s,
        1,
        [(card(Gold, "OOPB"), [0; 4]), (card(Brown, "OGGG"), [0; 4])],
    );
    set_jars(
        &mut s,
        2,
        [(card(Red, "OOOP"), [0; 4]), (card(Red, "GBBB"), [0; 4])],
    );
    ok(&mut s, dive("S1", Short, 3));
    assert_eq!(s.to_act(), ToAct::Seat(1));
    ok(&mut s, TAKE_PURPLE_0);
    assert_eq!(s.to_act(), ToAct::Seat(2));
    let ev = ok(&mut s, TAKE_PURPLE_0);
    // The last purple die fits nobody: no second lap, no question, straight to the supply.
    assert_eq!(
        passed(&ev),
        vec![
            &Event::Took {
                seat: 2,
                colour: Purple,
                slot: 0
            },
            &Event::ToSupply { dice: [0, 0, 1, 0] }
        ]
    );
    assert_eq!(s.decision(), Decision::Dive);
    s.check_invariants().unwrap();
}

#[test]
fn no_pass_at_all_when_nothing_fits_any_other_player() {
    let mut s = three_purple_for(3, 10);
    set_jars(
        &mut s,
        1,
        [(card(Brown, "OGGG"), [0; 4]), (card(Red, "GBBB"), [0; 4])],
    );
    set_jars(
        &mut s,
        2,
        [(card(Gold, "OOOGB"), [0; 4]), (card(Red, "OGGBB"), [0; 4])],
    );
    let ev = ok(&mut s, dive("S1", Short, 3));
    assert_eq!(
        passed(&ev),
        vec![
            &Event::PassStarted { dice: [0, 0, 3, 0] },
            &Event::ToSupply { dice: [0, 0, 3, 0] }
        ]
    );
    assert_eq!(s.decision(), Decision::Dive);
    assert_eq!(s.active, 1);
}

#[test]
fn a_log_from_before_the_passing_rule_was_corrected_is_refused_with_the_reason() {
    let mut m = Match::new(GameConfig::players(3), Components::default(), 5).unwrap();
    m.run_chance();
    let mut rec = m.to_record();
    // Today's log replays; the same log marked as written under the old rule does not.
    assert!(GameRecord::from_ron(&rec.to_ron()).is_ok());
    rec.version = 1;
    assert!(rec.is_once_round_pass());
    for e in [
        GameRecord::from_ron(&rec.to_ron()).unwrap_err(),
        rec.replay().unwrap_err(),
    ] {
        assert_eq!(e.entry, 0);
        assert_eq!(e.problem, ReplayProblem::EarlierRules { version: 1 });
    }
    // Even where the rest no longer parses, the version is named.
    let broken = "(format: \"noctiluca-game\", version: 1, config: 7)";
    assert_eq!(
        GameRecord::from_ron(broken).unwrap_err().problem,
        ReplayProblem::EarlierRules { version: 1 }
    );
    // A log from a later version is refused as such.
    rec.version = 99;
    assert_eq!(
        GameRecord::from_ron(&rec.to_ron()).unwrap_err().problem,
        ReplayProblem::LaterVersion { version: 99 }
    );
}

/// The dive preview's one definition (`Observation::dive_options`) says exactly what the rules
/// then do: the dice collected, the dice passed (solo: into the tempest), and no more dice
/// taken by the others than they had room for.
#[test]
fn dive_yields_predict_what_the_rules_do() {
    use rand::SeedableRng;
    let mut checked = 0;
    for n in 1..=4u8 {
        for seed in 0..60u64 {
            let mut s = at_first_dive(n, seed);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut expect: Option<DiveYield> = None;
            let mut taken = 0u8;
            let mut saw_pass = false;
            while !s.is_over() {
                let a = random_action(&s, &mut rng);
                if let Action::Dive {
                    shore,
                    path,
                    number,
                } = a
                {
                    if let Some(y) = expect {
                        assert!(taken <= y.others_can_take());
                        assert_eq!(saw_pass, y.passed_total() > 0, "seed {seed}, {n} players");
                    }
                    let obs = s.observation(Some(s.active));
                    let o = obs
                        .dive_options(s.active)
                        .into_iter()
                        .find(|o| o.shore == shore && o.path == path && o.number == number)
                        .expect("every legal dive is an option");
                    expect = Some(o.yields);
                    taken = 0;
                    saw_pass = false;
                    checked += 1;
                }
                for e in s.apply(&a).unwrap() {
                    let y = expect.unwrap_or_default();
                    match e {
                        Event::Dived { collected, .. } => assert_eq!(collected, y.collected),
                        Event::PassStarted { dice } | Event::ToTempest { dice } => {
                            assert_eq!(dice, y.passed, "seed {seed}, {n} players");
                            saw_pass = true;
                        }
                        Event::Took { .. } => taken += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    assert!(checked > 4000);
}
