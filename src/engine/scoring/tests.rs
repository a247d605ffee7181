//! Scoring and the consistency check, on the rulebook's examples and hand-made sheets.

use super::*;
use crate::components::Components;

fn player(name: &str, red: &[u32]) -> PlayerInput {
    PlayerInput {
        name: name.into(),
        tokens: PerJar {
            red: red.to_vec(),
            ..Default::default()
        },
        delivered: red.len() as u32,
        ..Default::default()
    }
}

#[test]
fn rulebook_majority_example() {
    // Bridget 3 red, Char 3 red, Adam 1 red: 7 taken, 3 left → 1 each, 1 discarded.
    let input = ScoreInput {
        players: vec![
            player("Bridget", &[2, 3, 4]),
            player("Char", &[2, 3, 5]),
            player("Adam", &[4]),
        ],
        ..Default::default()
    };
    let r = score(&input);
    let red = &r.majorities[JarColour::Red.index()];
    assert_eq!(red.remaining, 3);
    assert_eq!(red.leaders, vec![Holder::Player(0), Holder::Player(1)]);
    assert_eq!((red.each, red.discarded), (1, 1));
    assert_eq!(r.players[0].majority_points, 1);
    assert_eq!(r.players[1].majority_points, 1);
    assert_eq!(r.players[2].majority_points, 0);
    assert_eq!(r.players[0].total, 2 + 3 + 4 + 1);
    assert!(check(&input, &Components::default()).is_empty());
    // The gold and brown stacks are left alone.
    assert!(r.majorities[0].leaders.is_empty());
    assert_eq!(r.majorities[0].each, 0);
}

#[test]
fn single_majority_takes_the_whole_stack() {
    let input = ScoreInput {
        players: vec![player("A", &[2, 2]), player("B", &[3])],
        ..Default::default()
    };
    let r = score(&input);
    assert_eq!(r.players[0].majority_points, 7);
    assert_eq!(r.players[0].total, 4 + 7);
    assert_eq!(r.players[1].total, 3);
}

#[test]
fn components_add_up_and_leftovers_round_down() {
    let input = ScoreInput {
        players: vec![
            PlayerInput {
                jar_bonus: 3,
                favourite_spaces: 4,
                leftover_dice: 7,
                delivered: 3,
                ..Default::default()
            },
            PlayerInput::default(),
        ],
        ..Default::default()
    };
    let r = score(&input);
    assert_eq!(r.players[0].leftovers, 3);
    assert_eq!(r.players[0].total, 3 + 4 + 3);
}

#[test]
fn tie_broken_by_delivered_jars_then_shared() {
    let mk = |delivered, bonus| PlayerInput {
        delivered,
        jar_bonus: bonus,
        ..Default::default()
    };
    let r = score(&ScoreInput {
        players: vec![mk(2, 4), mk(3, 4), mk(5, 3), mk(1, 0)],
        ..Default::default()
    });
    assert_eq!(
        r.outcome,
        Outcome::Winner {
            player: 1,
            tiebreak: true
        }
    );
    let r = score(&ScoreInput {
        players: vec![mk(3, 4), mk(3, 4), mk(5, 3)],
        ..Default::default()
    });
    assert_eq!(
        r.outcome,
        Outcome::Shared {
            players: vec![0, 1]
        }
    );
    let r = score(&ScoreInput {
        players: vec![mk(3, 5), mk(3, 4)],
        ..Default::default()
    });
    assert_eq!(
        r.outcome,
        Outcome::Winner {
            player: 0,
            tiebreak: false
        }
    );
}

fn solo(player_red: &[u32], tempest_red: &[u32], dice: u32, bonus: u32) -> ScoreResult {
    score(&ScoreInput {
        players: vec![PlayerInput {
            tokens: PerJar {
                red: player_red.to_vec(),
                ..Default::default()
            },
            delivered: player_red.len() as u32,
            jar_bonus: bonus,
            ..Default::default()
        }],
        tempest: Some(TempestInput {
            tokens: PerJar {
                red: tempest_red.to_vec(),
                ..Default::default()
            },
            dice,
        }),
        stacks: None,
    })
}

#[test]
fn solo_tempest_majority_and_net() {
    // Tempest holds 2 red, player 1: tempest flips the remaining 7.
    let r = solo(&[4], &[2, 3], 2, 1);
    let t = r.tempest.clone().unwrap();
    assert_eq!(t.majority_points, 7);
    assert_eq!(t.penalty, 5 + 7 + 2);
    assert_eq!(r.players[0].total, 4 + 1);
    assert_eq!(
        r.outcome,
        Outcome::Solo {
            net: 5 - 14,
            won: false
        }
    );
    // Tie 1–1: 8 left, 4 each.
    let r = solo(&[2], &[2], 0, 0);
    assert_eq!(r.players[0].majority_points, 4);
    assert_eq!(r.tempest.as_ref().unwrap().majority_points, 4);
}

#[test]
fn solo_win_at_exactly_one_and_loss_at_zero() {
    // Player: red 2 + 3 + majority (10-3=7 left, player 2 vs tempest 1 → 7) + bonus.
    // Tempest: red 2 face + dice.
    let r = solo(&[2, 3], &[2], 13, 0);
    // player 2+3+7 = 12; tempest 2 + 13 = 15 → -3
    assert_eq!(
        r.outcome,
        Outcome::Solo {
            net: -3,
            won: false
        }
    );
    let r = solo(&[2, 3], &[2], 9, 0);
    assert_eq!(r.outcome, Outcome::Solo { net: 1, won: true });
    let r = solo(&[2, 3], &[2], 10, 0);
    assert_eq!(r.outcome, Outcome::Solo { net: 0, won: false });
}

#[test]
fn check_flags_impossible_entries() {
    let comps = Components::default();
    // Tokens not from the top of the stack.
    let input = ScoreInput {
        players: vec![player("A", &[2, 4]), player("B", &[])],
        ..Default::default()
    };
    let p = check(&input, &comps);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].field, Field::Stack(JarColour::Red));
    assert_eq!(
        p[0].kind,
        ProblemKind::NotFromTop {
            colour: JarColour::Red,
            values: vec![2, 4],
            top: vec![2, 2],
        }
    );
    // A value not in the stack.
    let input = ScoreInput {
        players: vec![player("A", &[7]), player("B", &[])],
        ..Default::default()
    };
    let p = check(&input, &comps);
    assert_eq!(p[0].field, Field::Tokens(Holder::Player(0), JarColour::Red));
    // Entered twice, said once.
    let input = ScoreInput {
        players: vec![player("A", &[7, 7]), player("B", &[])],
        ..Default::default()
    };
    let bad = |p: &Problem| matches!(p.kind, ProblemKind::TokenNotInStack { value: 7, .. });
    assert_eq!(check(&input, &comps).iter().filter(|p| bad(p)).count(), 1);
    // More tokens than exist.
    let input = ScoreInput {
        players: vec![
            player("A", &[2, 2, 3, 3, 4, 4]),
            player("B", &[5, 5, 6, 8, 8]),
        ],
        ..Default::default()
    };
    let p = check(&input, &comps);
    assert!(p.iter().any(|x| x.field == Field::Stack(JarColour::Red)));
    // The second 8 is said too: the red stack holds one.
    assert!(p.iter().any(|x| x.kind
        == ProblemKind::ValueBeyondStack {
            colour: JarColour::Red,
            value: 8,
            count: 2,
            held: 1
        }));
    // Too many, one of them a value the stack does not have: both are said.
    let input = ScoreInput {
        players: vec![
            player("A", &[2, 2, 3, 3, 4, 4, 9]),
            player("B", &[5, 5, 6, 8, 8]),
        ],
        ..Default::default()
    };
    let p = check(&input, &comps);
    assert!(
        p.iter()
            .any(|x| matches!(x.kind, ProblemKind::TokenNotInStack { value: 9, .. }))
    );
    assert!(p.iter().any(|x| matches!(
        x.kind,
        ProblemKind::MoreTokensThanStack {
            count: 12,
            total: 10,
            ..
        }
    )));
    // Favourite matches beyond what delivered jars can hold; bonus too high; 31 jars.
    let mut a = player("A", &[]);
    a.delivered = 1;
    a.favourite = Some(DiceColour::Orange);
    a.favourite_spaces = 4;
    a.jar_bonus = 3;
    let mut b = player("B", &[]);
    b.delivered = 31;
    // More jars than the deck: the rest of the player's entries are still checked.
    b.leftover_dice = 99;
    let p = check(
        &ScoreInput {
            players: vec![a, b],
            ..Default::default()
        },
        &comps,
    );
    assert!(p.iter().any(|x| x.field == Field::Favourite(0)), "{p:?}");
    assert!(p.iter().any(|x| x.field == Field::JarBonus(0)), "{p:?}");
    assert!(p.iter().any(|x| x.field == Field::Delivered(1)), "{p:?}");
    assert!(p.iter().any(|x| x.field == Field::Leftovers(1)), "{p:?}");
    // One player is not a game.
    let p = check(
        &ScoreInput {
            players: vec![player("A", &[])],
            ..Default::default()
        },
        &comps,
    );
    assert_eq!(p[0].field, Field::Players);
}

#[test]
fn two_players_cannot_share_a_favourite_colour() {
    // One favourite card per colour: the second and third player naming green are flagged,
    // each against the first who did; players with no favourite entered are not.
    let fav = |name: &str, f: Option<DiceColour>| PlayerInput {
        favourite: f,
        ..player(name, &[])
    };
    let input = ScoreInput {
        players: vec![
            fav("A", None),
            fav("B", Some(DiceColour::Green)),
            fav("C", None),
            fav("D", Some(DiceColour::Green)),
        ],
        ..Default::default()
    };
    let p = check(&input, &Components::default());
    assert_eq!(
        p,
        vec![Problem {
            field: Field::FavouriteColour(3),
            kind: ProblemKind::SharedFavourite {
                player: 3,
                first: 1,
                colour: DiceColour::Green,
            },
        }]
    );
    let mut distinct = input.clone();
    distinct.players[3].favourite = Some(DiceColour::Blue);
    assert!(check(&distinct, &Components::default()).is_empty());
}

#[test]
fn jars_by_colour_are_checked() {
    let comps = Components::default();
    let mut a = player("A", &[2, 2]);
    a.delivered = 11;
    a.jars = Some(PerJar {
        gold: 0,
        brown: 0,
        red: 11,
    });
    let mut b = player("B", &[]);
    b.delivered = 1;
    b.jars = Some(PerJar {
        gold: 1,
        brown: 0,
        red: 0,
    });
    b.tokens.red = vec![3];
    let p = check(
        &ScoreInput {
            players: vec![a, b],
            ..Default::default()
        },
        &comps,
    );
    assert!(
        p.iter().any(|x| x.field == Field::Stack(JarColour::Red)
            && matches!(x.kind, ProblemKind::ColourJarsBeyondDeck { total: 11, .. })),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|x| x.field == Field::Tokens(Holder::Player(1), JarColour::Red)),
        "{p:?}"
    );
    // Consistent counts raise nothing.
    let mut c = player("C", &[2, 2]);
    c.jars = Some(PerJar {
        gold: 0,
        brown: 0,
        red: 2,
    });
    assert!(
        check(
            &ScoreInput {
                players: vec![c, player("D", &[])],
                ..Default::default()
            },
            &comps
        )
        .is_empty()
    );
}

#[test]
fn no_input_panics() {
    let input = ScoreInput {
        players: vec![PlayerInput {
            tokens: PerJar {
                gold: vec![u32::MAX, u32::MAX],
                ..Default::default()
            },
            jar_bonus: u32::MAX,
            favourite_spaces: u32::MAX,
            leftover_dice: u32::MAX,
            delivered: u32::MAX,
            ..Default::default()
        }],
        stacks: Some(PerJar {
            gold: u32::MAX,
            brown: 0,
            red: 0,
        }),
        tempest: Some(TempestInput {
            tokens: PerJar::default(),
            dice: u32::MAX,
        }),
    };
    let _ = score(&input);
    let _ = check(&input, &Components::default());
    let empty = ScoreInput::default();
    let _ = score(&empty);
    let _ = check(&empty, &Components::default());
}

#[test]
fn the_tempest_takes_at_most_one_token_a_turn() {
    let comps = Components::default();
    let top = |c: JarColour, n: usize| -> Vec<u32> {
        comps.tokens.stack(c)[..n]
            .iter()
            .map(|&v| v as u32)
            .collect()
    };
    let sheet = |brown: usize| ScoreInput {
        players: vec![PlayerInput::default()],
        tempest: Some(TempestInput {
            tokens: PerJar {
                gold: top(JarColour::Gold, 4),
                brown: top(JarColour::Brown, brown),
                red: top(JarColour::Red, 4),
            },
            dice: 3,
        }),
        stacks: None,
    };
    // 12 tokens: one after each of the 12 turns.
    assert_eq!(check(&sheet(4), &comps), vec![]);
    // 13: one too many, said once, at the colour with the most.
    assert_eq!(
        check(&sheet(5), &comps),
        vec![Problem {
            field: Field::Tokens(Holder::Tempest, JarColour::Brown),
            kind: ProblemKind::TempestTokens { count: 13, max: 12 },
        }]
    );
}
