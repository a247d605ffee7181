//! The solo companion follows a physical game from the player's reports. Played against the
//! engine's own solo games, it must keep exactly the engine's tempest ledger, token stacks,
//! arrow and round, and reach the same final score.

use crate::common::random_action;

use noctiluca_engine::solo::{SoloCompanion, SoloInput, SoloStep};
use noctiluca_engine::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn compare(c: &SoloCompanion, s: &GameState, when: &str) {
    assert_eq!(c.tempest_tokens, s.tempest_tokens, "{when}: tempest tokens");
    assert_eq!(
        c.player_tokens, s.players[0].tokens,
        "{when}: player tokens"
    );
    assert_eq!(c.stack_taken, s.stack_taken, "{when}: stacks");
    let dice: u32 = s.tempest_dice.iter().map(|&x| x as u32).sum();
    assert_eq!(c.tempest_dice, dice, "{when}: tempest dice");
    assert_eq!(c.arrow, s.arrow, "{when}: arrow");
    assert_eq!(c.arrow_direction, s.arrow_direction, "{when}: direction");
    assert_eq!(c.round, s.round, "{when}: round");
}

#[test]
fn companion_ledger_matches_the_engine_over_whole_games() {
    let comps = Arc::new(Components::default());
    let mut turns_compared = 0;
    for seed in 0..200u64 {
        let mut s = GameState::new(GameConfig::solo(), Arc::clone(&comps)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut c = SoloCompanion::new(Arc::clone(&comps));
        let mut in_tempest = false;
        while !s.is_over() {
            let a = random_action(&s, &mut rng);
            for e in s.apply(&a).unwrap() {
                // What a person at the table would report.
                let input = match e {
                    Event::ToTempest { dice } => Some(SoloInput::CouldNotStore {
                        dice: dice.iter().sum(),
                    }),
                    Event::Delivered { card, .. } => Some(SoloInput::Delivered {
                        colour: comps.card(card).colour,
                    }),
                    Event::TempestDiscard { card, .. } => {
                        in_tempest = true;
                        Some(SoloInput::Discard {
                            colour: card.map(|k| comps.card(k).colour),
                        })
                    }
                    Event::BlackDie { number, space, .. } => {
                        assert_eq!(
                            noctiluca_engine::solo::black_die_space(&comps, c.arrow, number),
                            space
                        );
                        Some(SoloInput::BlackDie { number })
                    }
                    _ => None,
                };
                if let Some(input) = input {
                    if matches!(input, SoloInput::Discard { .. }) {
                        c.apply(SoloInput::StartTempest).unwrap();
                    }
                    c.apply(input).unwrap();
                }
            }
            if in_tempest && c.step == SoloStep::PlayerTurn {
                in_tempest = false;
                compare(&c, &s, &format!("seed {seed}, {:?}", c.current_turn()));
                turns_compared += 1;
            }
        }
        assert_eq!(c.step, SoloStep::GameOver);
        compare(&c, &s, "end");
        // The same final score from the companion's ledger and the player's own side.
        let engine_input = s.score_input();
        let companion_input = c.score_input(engine_input.players[0].clone());
        assert_eq!(score(&companion_input), s.final_score(), "seed {seed}");
    }
    // Every turn but each game's last (compared at the end) was checked.
    assert_eq!(turns_compared, 200 * 11);
}

/// Once the jar deck is reported empty no card is discarded from it again: such a report is
/// refused with the turn the deck ran out, and changes nothing. A list saved before this was
/// refused still opens.
#[test]
fn a_card_after_the_deck_was_reported_empty_is_refused() {
    let comps = Arc::new(Components::default());
    let mut c = SoloCompanion::new(Arc::clone(&comps));
    let turn = |c: &mut SoloCompanion, discard: Option<JarColour>| {
        c.apply(SoloInput::StartTempest)?;
        c.apply(SoloInput::Discard { colour: discard })?;
        c.apply(SoloInput::BlackDie { number: 3 })
    };
    // The deck of 30, less the two jars kept: 28 cards. "Deck empty" is refused, with the
    // count, while the reports leave any.
    assert_eq!(c.deck_left(), 28);
    c.apply(SoloInput::StartTempest).unwrap();
    assert_eq!(
        c.apply(SoloInput::Discard { colour: None }),
        Err(RuleError::DeckNotEmpty { left: 28 })
    );
    c.apply(SoloInput::Discard {
        colour: Some(JarColour::Gold),
    })
    .unwrap();
    c.apply(SoloInput::BlackDie { number: 3 }).unwrap();
    // Two deliveries and a discard a turn: 27 cards go in 9 turns, the last with a delivery.
    let delivered = |c: &mut SoloCompanion, colour| {
        c.apply(SoloInput::Delivered { colour }).unwrap();
    };
    for (i, colour) in [JarColour::Brown, JarColour::Red, JarColour::Gold]
        .into_iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        delivered(&mut c, colour);
        delivered(&mut c, colour);
        use JarColour::{Brown, Gold, Red};
        let discard = [Gold, Brown, Red, Brown, Gold, Brown, Gold, Brown][i];
        turn(&mut c, Some(discard)).unwrap();
    }
    assert_eq!(c.deck_left(), 3);
    delivered(&mut c, JarColour::Gold);
    delivered(&mut c, JarColour::Gold);
    c.apply(SoloInput::StartTempest).unwrap();
    assert_eq!(
        c.apply(SoloInput::Discard { colour: None }),
        Err(RuleError::DeckNotEmpty { left: 1 })
    );
    c.apply(SoloInput::Discard {
        colour: Some(JarColour::Red),
    })
    .unwrap();
    c.apply(SoloInput::BlackDie { number: 3 }).unwrap();
    assert_eq!(c.deck_left(), 0);
    turn(&mut c, None).unwrap();
    assert_eq!(
        c.deck_reported_empty().map(|t| (t.round, t.turn)),
        Some((2, 5))
    );
    c.apply(SoloInput::StartTempest).unwrap();
    let before = c.clone();
    let refused = c.apply(SoloInput::Discard {
        colour: Some(JarColour::Red),
    });
    assert!(matches!(refused, Err(RuleError::DeckReportedEmpty { at }) if at.turn == 5));
    assert_eq!(c, before, "nothing changed");
    c.apply(SoloInput::Discard { colour: None }).unwrap();
    // A saved list with such a card replays as it was recorded.
    let mut old = before.log.clone();
    old.push(SoloInput::Discard {
        colour: Some(JarColour::Red),
    });
    let again = SoloCompanion::replay(Arc::clone(&comps), &old).unwrap();
    let red = |c: &SoloCompanion| c.tempest_tokens[JarColour::Red.index()].count_ones();
    assert_eq!(red(&again), red(&before) + 1);
}

/// Reports that cannot come from a real game are refused, with what makes them impossible:
/// a third delivery in one turn (a player holds two jars, and one taken after a delivery is
/// empty), more dice for the tempest in a turn than a dive collects, and more dice in the
/// tempest than the game has. A saved list that holds them still opens.
#[test]
fn impossible_reports_are_refused() {
    let comps = Arc::new(Components::default());
    let mut c = SoloCompanion::new(Arc::clone(&comps));
    let gold = SoloInput::Delivered {
        colour: JarColour::Gold,
    };
    c.apply(gold).unwrap();
    c.apply(SoloInput::Delivered {
        colour: JarColour::Red,
    })
    .unwrap();
    let before = c.clone();
    assert_eq!(c.apply(gold), Err(RuleError::SoloDeliveries));
    assert_eq!(c, before, "a refused report changes nothing");
    // The next turn delivers again.
    c.apply(SoloInput::StartTempest).unwrap();
    c.apply(SoloInput::Discard {
        colour: Some(JarColour::Brown),
    })
    .unwrap();
    c.apply(SoloInput::BlackDie { number: 3 }).unwrap();
    assert_eq!(c.step, SoloStep::PlayerTurn);
    c.apply(gold).unwrap();
    // The dice that could not be stored come from the turn's one dive, which collects 18 at
    // most (a path of two inner spaces of 4 dice and two outer ones of 5).
    let most = noctiluca_engine::board::board().most_dice_in_a_dive();
    assert_eq!(most, 18);
    c.apply(SoloInput::CouldNotStore { dice: 10 }).unwrap();
    assert_eq!(
        c.apply(SoloInput::CouldNotStore { dice: 9 }),
        Err(RuleError::TempestDiceDive {
            dice: 9,
            already: 10,
            most
        })
    );
    assert_eq!(
        c.apply(SoloInput::CouldNotStore { dice: 19 }),
        Err(RuleError::TempestDiceDive {
            dice: 19,
            already: 10,
            most
        })
    );
    c.apply(SoloInput::CouldNotStore { dice: 8 }).unwrap();
    let next_turn = |c: &mut SoloCompanion| {
        c.apply(SoloInput::StartTempest).unwrap();
        c.apply(SoloInput::Discard {
            colour: Some(JarColour::Brown),
        })
        .unwrap();
        c.apply(SoloInput::BlackDie { number: 3 }).unwrap();
    };
    // The tempest keeps its dice: 104 in all at most.
    for _ in 0..4 {
        next_turn(&mut c);
        c.apply(SoloInput::CouldNotStore { dice: 18 }).unwrap();
    }
    next_turn(&mut c);
    c.apply(SoloInput::CouldNotStore { dice: 10 }).unwrap();
    assert_eq!(c.tempest_dice, 100);
    assert_eq!(
        c.apply(SoloInput::CouldNotStore { dice: 5 }),
        Err(RuleError::TempestDiceTotal {
            dice: 5,
            already: 100
        })
    );
    c.apply(SoloInput::CouldNotStore { dice: 4 }).unwrap();
    assert_eq!(c.tempest_dice, noctiluca_engine::state::TOTAL_DICE);
    assert_eq!(
        c.apply(SoloInput::CouldNotStore { dice: 200 }),
        Err(RuleError::TempestDiceCount { dice: 200 })
    );
    // Saved before these checks: still opens.
    let old = [gold, gold, gold, SoloInput::CouldNotStore { dice: 104 }];
    let back = SoloCompanion::replay(comps, &old).unwrap();
    assert!(back.player_tokens.iter().sum::<u16>() > 0);
    assert_eq!(back.tempest_dice, 104);
}
