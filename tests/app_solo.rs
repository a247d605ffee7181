//! The solo tempest companion, driven by label as a solo player would.

mod app_support;

use app_support::*;
use egui_kittest::Harness;
use noctiluca::app::{NoctilucaApp, ScreenKind, SoloScreen};
use noctiluca::engine::scoring::{PlayerInput, ScoreInput, TempestInput, score};
use noctiluca::engine::solo::SoloStep;
use noctiluca::engine::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;

/// The app on the solo screen, saving to `save` (and offering what is saved there).
fn solo_app(save: Option<&Path>) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
    app.solo = SoloScreen::new(Arc::new(Components::default()), save.map(Path::to_path_buf));
    app.solo.animate = false;
    harness(app)
}

fn game(h: &Harness<'_, NoctilucaApp>) -> noctiluca::engine::solo::SoloCompanion {
    h.state().solo.game.clone().expect("a game is under way")
}

/// One turn reported through the screen.
struct Turn {
    not_stored: u8,
    delivered: &'static [&'static str],
    discard: &'static str,
    /// `None`: the app rolls.
    die: Option<u8>,
}

fn play_turn(h: &mut Harness<'static, NoctilucaApp>, t: &Turn) {
    if t.not_stored > 0 {
        replace(h, "Dice I could not store", &t.not_stored.to_string());
        click(h, "Add to the tempest");
    }
    for colour in t.delivered {
        click(h, &format!("Delivered a {colour} jar"));
    }
    click(h, "Start the tempest");
    assert_shows(h, "Discard the top jar card. What colour is it?");
    click(h, t.discard);
    match t.die {
        Some(n) => click(h, &format!("I rolled {n}")),
        None => click(h, "Roll the black die"),
    }
}

#[test]
fn a_whole_solo_game_both_directions_to_the_net_score() {
    let mut h = solo_app(None);
    assert_shows(&h, "Set up the solo game");
    click(&mut h, "Start the solo game");
    assert_shows(&h, "Round 1, turn 1");
    assert_shows(
        &h,
        "The arrow points at the purple section and turns clockwise",
    );
    let script = [
        Turn {
            not_stored: 1,
            delivered: &[],
            discard: "Red card",
            die: Some(4),
        },
        Turn {
            not_stored: 0,
            delivered: &["red"],
            discard: "Gold card",
            die: None,
        },
        Turn {
            not_stored: 2,
            delivered: &[],
            discard: "Red card",
            die: Some(6),
        },
        Turn {
            not_stored: 0,
            delivered: &["gold"],
            discard: "Brown card",
            die: None,
        },
        Turn {
            not_stored: 0,
            delivered: &[],
            discard: "Red card",
            die: Some(1),
        },
        Turn {
            not_stored: 1,
            delivered: &["red", "brown"],
            discard: "Gold card",
            die: Some(2),
        },
        Turn {
            not_stored: 0,
            delivered: &[],
            discard: "Brown card",
            die: None,
        },
        Turn {
            not_stored: 0,
            delivered: &["red"],
            discard: "Red card",
            die: Some(3),
        },
        Turn {
            not_stored: 3,
            delivered: &[],
            discard: "Gold card",
            die: Some(5),
        },
        Turn {
            not_stored: 0,
            delivered: &["gold"],
            discard: "Deck empty",
            die: None,
        },
        Turn {
            not_stored: 0,
            delivered: &[],
            discard: "Deck empty",
            die: Some(6),
        },
        Turn {
            not_stored: 1,
            delivered: &["red"],
            discard: "Deck empty",
            die: Some(1),
        },
    ];
    let mut arrows = vec![game(&h).arrow];
    for (i, t) in script.iter().enumerate() {
        play_turn(&mut h, t);
        let g = game(&h);
        arrows.push(g.arrow);
        if i == 0 {
            // Purple section, number 4 is O2.
            assert_shows(&h, "Clear space 4 of the purple section: O2");
            assert_shows(&h, "Round 1, turn 2");
        }
        if i == 5 {
            assert_eq!(g.round, 2);
            assert_shows(&h, "Round 2, turn 1");
            assert_shows(&h, "Flip the first player marker");
            assert_shows(
                &h,
                "The arrow points at the purple section and turns counter-clockwise",
            );
        }
    }
    // Clockwise through round 1, then counter-clockwise.
    assert_eq!(arrows, vec![0, 1, 2, 0, 1, 2, 0, 2, 1, 0, 2, 1, 0]);
    let g = game(&h);
    assert_eq!(g.step, SoloStep::GameOver);
    assert_eq!(g.tempest_dice, 8);
    // Player and tempest take from the same stacks: gold 2 + 3, brown 1 + 2, red 4 + 4.
    assert_eq!(g.stack_taken, [5, 3, 8]);
    assert_eq!(g.player_tokens.map(u16::count_ones), [2, 1, 4]);
    assert_shows(&h, "The game is over");
    assert_shows(&h, "discarded red → red 2 to the tempest");

    // Final score: the calculator opens on the solo sheet; the player adds the rest.
    click(&mut h, "Final score…");
    assert_eq!(h.state().current, ScreenKind::Calculator);
    replace(&mut h, "Player 1 jar bonus", "5");
    replace(&mut h, "Player 1 favourite spaces", "6");
    replace(&mut h, "Player 1 leftover dice", "3");
    // The same arithmetic by hand, through the engine's scoring.
    let expected = score(&ScoreInput {
        players: vec![PlayerInput {
            tokens: g.player_token_values(),
            delivered: 7,
            jar_bonus: 5,
            favourite_spaces: 6,
            leftover_dice: 3,
            ..PlayerInput::default()
        }],
        stacks: None,
        tempest: Some(TempestInput {
            tokens: g.tempest_token_values(),
            dice: 8,
        }),
    });
    let Outcome::Solo { net, won } = expected.outcome else {
        panic!("a solo result")
    };
    let verdict = if won {
        format!("Net score {net}: a win")
    } else {
        format!("Net score {net}: a loss")
    };
    assert_shows(&h, &verdict);
}

#[test]
fn undo_restores_the_exact_previous_state_any_number_of_steps_back() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    let mut snapshots = vec![game(&h)];
    replace(&mut h, "Dice I could not store", "2");
    click(&mut h, "Add to the tempest");
    snapshots.push(game(&h));
    click(&mut h, "Delivered a brown jar");
    snapshots.push(game(&h));
    click(&mut h, "Start the tempest");
    snapshots.push(game(&h));
    click(&mut h, "Gold card");
    snapshots.push(game(&h));
    click(&mut h, "I rolled 3");
    // A mistyped die: undo it, then everything back to the start, one step at a time.
    while let Some(want) = snapshots.pop() {
        click(&mut h, "Undo");
        assert_eq!(game(&h), want);
    }
    assert!(game(&h).log.is_empty());
}

#[test]
fn resume_after_restart_reproduces_the_game() {
    let dir = scratch("solo-resume");
    let save = dir.join("solo.ron");
    let mut h = solo_app(Some(&save));
    click(&mut h, "Start the solo game");
    for t in [
        Turn {
            not_stored: 1,
            delivered: &["red"],
            discard: "Red card",
            die: None,
        },
        Turn {
            not_stored: 0,
            delivered: &[],
            discard: "Brown card",
            die: Some(2),
        },
    ] {
        play_turn(&mut h, &t);
    }
    click(&mut h, "Start the tempest");
    let before = game(&h);
    let roll_next = h.state().solo.app_roll();
    drop(h);

    // The app closes and opens again.
    let mut h = solo_app(Some(&save));
    assert_shows(&h, "A solo game was saved at Round 1, turn 3.");
    click(&mut h, "Continue the saved game");
    assert_eq!(game(&h), before);
    assert_eq!(
        h.state().solo.app_roll(),
        roll_next,
        "the app's die continues its sequence"
    );
    assert_shows(&h, "Discard the top jar card");
    // A broken save is not offered.
    std::fs::write(&save, "garbage").unwrap();
    let h = solo_app(Some(&save));
    assert!(h.state().solo.resume.is_none());
}

#[test]
fn the_screen_keeps_the_engines_ledger() {
    // An engine solo game's chance outcomes and reports, entered through the screen.
    let comps = Arc::new(Components::default());
    for seed in 0..3u64 {
        let mut s = GameState::new(GameConfig::solo(), Arc::clone(&comps)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut h = solo_app(None);
        click(&mut h, "Start the solo game");
        while !s.is_over() {
            let a = match s.sample_chance(&mut rng) {
                Some(a) => a,
                None => {
                    let legal = s.legal_actions();
                    legal[rng.random_range(0..legal.len())]
                }
            };
            for e in s.apply(&a).unwrap() {
                match e {
                    Event::ToTempest { dice } => {
                        let n: u8 = dice.iter().sum();
                        replace(&mut h, "Dice I could not store", &n.to_string());
                        click(&mut h, "Add to the tempest");
                    }
                    Event::Delivered { card, .. } => {
                        click(
                            &mut h,
                            &format!("Delivered a {} jar", comps.card(card).colour),
                        );
                    }
                    Event::TempestDiscard { card, .. } => {
                        click(&mut h, "Start the tempest");
                        match card {
                            Some(k) => {
                                let name = comps.card(k).colour.name();
                                click(
                                    &mut h,
                                    &format!("{}{} card", name[..1].to_uppercase(), &name[1..]),
                                );
                            }
                            None => click(&mut h, "Deck empty"),
                        }
                    }
                    Event::BlackDie { number, .. } => {
                        click(&mut h, &format!("I rolled {number}"));
                        let g = game(&h);
                        assert_eq!(g.tempest_tokens, s.tempest_tokens);
                        assert_eq!(g.player_tokens, s.players[0].tokens);
                        assert_eq!(g.stack_taken, s.stack_taken);
                        assert_eq!(
                            g.tempest_dice,
                            s.tempest_dice.iter().map(|&x| x as u32).sum::<u32>()
                        );
                        assert_eq!((g.arrow, g.arrow_direction), (s.arrow, s.arrow_direction));
                    }
                    _ => {}
                }
            }
        }
        let g = game(&h);
        assert_eq!(g.step, SoloStep::GameOver);
        let engine = s.score_input();
        assert_eq!(
            g.score_input(engine.players[0].clone()).tempest,
            engine.tempest
        );
        assert_eq!(g.player_token_values(), engine.players[0].tokens);
    }
}
