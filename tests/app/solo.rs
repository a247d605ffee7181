//! The solo tempest companion, driven by label as a solo player would.

use crate::common::random_action;

use crate::app_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::{NoctilucaApp, ScreenKind, SoloScreen};
use noctiluca::engine::scoring::{PlayerInput, ScoreInput, TempestInput, score};
use noctiluca::engine::solo::{SoloEvent, SoloInput, SoloStep};
use noctiluca::engine::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;

/// The app on the solo screen, saving to `save` (and offering what is saved there).
pub(crate) fn solo_app(save: Option<&Path>) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
    app.solo = SoloScreen::new(Arc::new(Components::default()), save.map(Path::to_path_buf));
    app.solo.animate = false;
    harness(app)
}

pub(crate) fn game(h: &Harness<'_, NoctilucaApp>) -> noctiluca::engine::solo::SoloCompanion {
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
    match game(h).deck_reported_empty() {
        // An empty deck stays empty: only "Deck empty" is offered.
        Some(at) => {
            assert_shows(
                h,
                &format!(
                    "The jar deck ran out in round {}, turn {}: nothing is discarded.",
                    at.round, at.turn
                ),
            );
            assert!(h.query_by_label("Gold card").is_none());
        }
        None => assert_shows(h, "Discard the top jar card. What colour is it?"),
    }
    click(h, t.discard);
    // What the discard means on the table, said as a thing to do.
    let tempest = game(h).history.last().map(|(_, e)| e.clone());
    match tempest.as_deref() {
        Some(
            [
                SoloEvent::TempestToken {
                    value: Some(v),
                    colour,
                },
            ],
        ) => assert_shows(
            h,
            &format!(
                "Put the top {} token ({v}) beside the black die, in the tempest.",
                colour.name()
            ),
        ),
        Some([SoloEvent::DeckEmpty]) => {
            assert_shows(h, "The jar deck is empty: nothing is discarded.")
        }
        _ => {}
    }
    match t.die {
        Some(n) => click(h, &format!("I rolled {n}")),
        None => click(h, "Roll the black die"),
    }
}

/// Where the first node whose label holds `text` begins, down the window.
fn y_of(h: &Harness<'static, NoctilucaApp>, text: &str) -> f64 {
    let n = h.query_all_by_label_contains(text).next().expect(text);
    n.accesskit_node().bounding_box().unwrap().y0
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
    // Two deliveries a turn empty the deck of 30 by round 2: the two jars kept at the start,
    // 19 deliveries and 9 cards discarded.
    let script = [
        Turn {
            not_stored: 1,
            delivered: &["red", "gold"],
            discard: "Red card",
            die: Some(4),
        },
        Turn {
            not_stored: 0,
            delivered: &["brown", "gold"],
            discard: "Gold card",
            die: None,
        },
        Turn {
            not_stored: 2,
            delivered: &["gold", "red"],
            discard: "Red card",
            die: Some(6),
        },
        Turn {
            not_stored: 0,
            delivered: &["gold", "brown"],
            discard: "Brown card",
            die: None,
        },
        Turn {
            not_stored: 0,
            delivered: &["red", "brown"],
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
            delivered: &["gold", "gold"],
            discard: "Brown card",
            die: None,
        },
        Turn {
            not_stored: 0,
            delivered: &["brown", "red"],
            discard: "Red card",
            die: Some(3),
        },
        Turn {
            not_stored: 3,
            delivered: &["gold", "brown"],
            discard: "Gold card",
            die: Some(5),
        },
        Turn {
            not_stored: 0,
            delivered: &["red"],
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
            delivered: &[],
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
            // The arrow's turn is said as a thing to do on the table (it had been a grey
            // note, "arrow turns to green", read as done).
            assert_shows(
                &h,
                "Turn the first player marker's arrow to the green section.",
            );
        }
        if i == 5 {
            assert_eq!(g.round, 2);
            assert_shows(&h, "Round 2, turn 1");
            // After the tempest's last step (its space cleared before the pool is refilled).
            assert_shows(
                &h,
                "Once the tempest's steps above are done: flip the first player marker",
            );
            assert_shows(
                &h,
                "The arrow points at the purple section and turns counter-clockwise",
            );
            // The last tempest's arrow step comes before round 2's set-up, as it is done.
            assert!(
                y_of(&h, "Turn the first player marker's arrow")
                    < y_of(&h, "Once the tempest's steps above"),
                "the arrow's step is under round 2's set-up"
            );
        }
    }
    // Clockwise through round 1, then counter-clockwise.
    assert_eq!(arrows, vec![0, 1, 2, 0, 1, 2, 0, 2, 1, 0, 2, 1, 0]);
    let g = game(&h);
    assert_eq!(g.step, SoloStep::GameOver);
    assert_eq!(g.tempest_dice, 8);
    // Player and tempest take from the same stacks: gold 7 + 3, brown 6 + 2, red 6 + 4.
    assert_eq!(g.stack_taken, [10, 8, 10]);
    assert_eq!(g.player_tokens.map(u16::count_ones), [7, 6, 6]);
    assert_eq!(g.deck_left(), 0);
    assert_shows(&h, "The game is over");
    // The first card discarded, red, took the second red token (the player had the first).
    let red = Components::default().tokens.stack(JarColour::Red)[1];
    assert_shows(&h, &format!("discarded red → red {red} to the tempest"));

    // Final score: the calculator opens on the solo sheet; the player adds the rest.
    click(&mut h, "Final score…");
    assert_eq!(h.state().current, ScreenKind::Calculator);
    replace(&mut h, "Your jar bonus", "5");
    replace(&mut h, "Your favourite spaces", "6");
    replace(&mut h, "Your leftover dice", "3");
    // The same arithmetic by hand, through the engine's scoring.
    let expected = score(&ScoreInput {
        players: vec![PlayerInput {
            tokens: g.player_token_values(),
            delivered: 19,
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
    // The player is spoken to, as the column is headed "You".
    assert_shows(&h, "Gold: you have the majority with 7 tokens");
    assert!(!shows(&h, "You has"));
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

/// Closed just after the black die: the space it cleared is said again on coming back (it was
/// only in the log, and the real dice may still be on it).
#[test]
fn the_space_to_clear_is_said_again_after_a_restart() {
    let dir = scratch("solo-resume-cleared");
    let save = dir.join("solo.ron");
    let mut h = solo_app(Some(&save));
    click(&mut h, "Start the solo game");
    play_turn(
        &mut h,
        &Turn {
            not_stored: 0,
            delivered: &[],
            discard: "Gold card",
            die: Some(3),
        },
    );
    let said = h.state().solo.cleared.expect("the die cleared a space");
    drop(h);
    let mut h = solo_app(Some(&save));
    click(&mut h, "Continue the saved game");
    assert_eq!(h.state().solo.cleared, Some(said));
    assert!(shows(&h, "Clear space 3 of the"), "the instruction is back");
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
            let a = random_action(&s, &mut rng);
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

#[test]
fn the_whole_companion_in_traditional_chinese() {
    use noctiluca::i18n::{Lang, tr};
    use noctiluca::trf;
    let dir = scratch("solo-zh");
    let save = dir.join("solo.ron");
    let mut h = solo_app(Some(&save));
    set_language(&mut h, Lang::ZhHant);
    assert_shows(&h, "單人遊戲準備");
    assert_shows(&h, "將起始玩家標誌放在中央格子上，使箭頭朝向紫色區域。");
    assert_translated(&h, "the set-up page", NAMES);

    click(&mut h, tr("Start the solo game"));
    assert_shows(&h, tr("Your turn"));
    assert_shows(&h, "本輪剩餘棋子：6");
    assert_shows(&h, "順時針旋轉");
    assert_translated(&h, "the first turn", NAMES);

    // A refused number of dice, then a good one, and a jar delivered.
    replace(&mut h, tr("Dice I could not store"), "none");
    click(&mut h, tr("Add to the tempest"));
    assert_shows(&h, "請輸入無法存放的骰子數量（1 個以上）。");
    assert_translated(&h, "a refused number of dice", NAMES);
    replace(&mut h, tr("Dice I could not store"), "2");
    click(&mut h, tr("Add to the tempest"));
    assert_eq!(game(&h).tempest_dice, 2);
    let red = noctiluca::app::theme::jar_name(JarColour::Red).to_lowercase();
    click(&mut h, &trf!("Delivered a {colour} jar", colour = red));
    assert_eq!(game(&h).stack_taken, [0, 0, 1]);
    assert_translated(&h, "dice and a jar reported", NAMES);

    // A report out of turn: the engine's refusal is shown.
    h.state_mut().solo.report(SoloInput::BlackDie { number: 3 });
    h.run();
    assert!(matches!(
        h.state().solo.notice,
        Some(noctiluca::app::solo::Notice::Refused(_))
    ));
    assert_translated(&h, "a refused report", NAMES);

    // Tempest step 1: the discarded card.
    click(&mut h, tr("Start the tempest"));
    assert_shows(&h, "暴雨步驟 1／3");
    assert_shows(&h, "棄掉罐子牌堆最頂的卡牌。它是什麼顏色？");
    assert_shows(&h, tr("Deck empty"));
    assert_translated(&h, "tempest step 1", NAMES);
    click(&mut h, "紅色卡牌");

    // Tempest step 2: the black die, then the space to clear.
    assert_shows(&h, "暴雨步驟 2／3");
    assert_shows(&h, "或是用實體骰子：");
    assert_translated(&h, "tempest step 2", NAMES);
    click(&mut h, "我擲出了 4");
    assert_shows(&h, "清空");
    assert_shows(&h, "區域的第 4 格：O2");
    assert_shows(&h, "將該格的骰子全部放回遊戲盒蓋中。");
    assert_eq!(game(&h).turn, 1);
    assert_translated(&h, "a space cleared, the arrow turned", NAMES);

    // Undo, and the die again.
    click(&mut h, tr("Undo"));
    assert_shows(&h, "已復原上一步。");
    assert_eq!(game(&h).step, SoloStep::BlackDie);
    assert_translated(&h, "a step undone", NAMES);
    click(&mut h, tr("Roll the black die"));
    assert_eq!(game(&h).turn, 1);
    assert_translated(&h, "the app's die rolled", NAMES);

    // The rest of round 1: the round flips.
    let turn = |h: &mut Harness<'static, NoctilucaApp>, colour: Option<JarColour>, die: u8| {
        let solo = &mut h.state_mut().solo;
        solo.report(SoloInput::StartTempest);
        solo.report(SoloInput::Discard { colour });
        solo.report(SoloInput::BlackDie { number: die });
        h.run();
    };
    for die in [2, 6, 1, 5] {
        turn(&mut h, Some(JarColour::Gold), die);
    }
    turn(&mut h, Some(JarColour::Red), 3);
    let g = game(&h);
    assert_eq!((g.round, g.turn), (2, 0));
    assert_shows(&h, tr("Round 2"));
    assert_shows(&h, "將起始玩家標誌翻面");
    assert_shows(&h, "逆時針旋轉");
    assert_shows(&h, tr("Lay out the refill in the Board seeder"));
    assert_translated(&h, "the round flipped", NAMES);

    // Round 2 to the end, and the score handed to the calculator.
    for die in [1, 2, 3, 4, 5] {
        turn(&mut h, Some(JarColour::Brown), die);
    }
    // The deck still holds cards by the reports: "deck empty" is refused, with the count.
    h.state_mut().solo.report(SoloInput::StartTempest);
    h.state_mut()
        .solo
        .report(SoloInput::Discard { colour: None });
    h.run();
    let left = game(&h).deck_left();
    assert!(left > 0);
    assert_shows(&h, &format!("依目前的回報，罐子牌庫還有 {left} 張牌"));
    assert_translated(&h, "deck empty refused", NAMES);
    h.state_mut().solo.report(SoloInput::Discard {
        colour: Some(JarColour::Brown),
    });
    h.state_mut().solo.report(SoloInput::BlackDie { number: 6 });
    h.run();
    assert_eq!(game(&h).step, SoloStep::GameOver);
    assert_shows(&h, tr("The game is over"));
    assert_shows(&h, tr("Final scoring"));
    assert_shows(&h, "暴雨中的骰子：2（遊戲結束時每個扣 1 分）");
    assert_shows(&h, tr("Tempest log"));
    assert_translated(&h, "the game over", NAMES);
    let sheet = h.state().solo.final_sheet().unwrap();
    assert_eq!(sheet.players[0].name, "你");
    click(&mut h, tr("Final score…"));
    assert_eq!(h.state().current, ScreenKind::Calculator);
    assert_eq!(h.state().calculator.sheet, sheet);
    h.state_mut().current = ScreenKind::Solo;
    h.run();
    noctiluca::i18n::take_missing();

    // The game is saved as it goes: the screen made again offers it.
    drop(h);
    let mut h = solo_app(Some(&save));
    set_language(&mut h, Lang::ZhHant);
    assert_shows(&h, "有一局已儲存的單人遊戲");
    assert_shows(&h, tr("Start a new solo game instead"));
    assert_translated(&h, "a saved game offered", NAMES);
    click(&mut h, tr("Continue the saved game"));
    assert_shows(&h, "歡迎回來：遊戲從上次停下的地方繼續。");
    assert_translated(&h, "the saved game continued", NAMES);
    // A finished game goes only once that is confirmed, the keyboard on keeping it.
    let finished = game(&h).log.len();
    click(&mut h, tr("Start a new solo game"));
    assert_eq!(game(&h).log.len(), finished);
    assert_shows(&h, "完成的遊戲將離開這個畫面");
    assert!(h.get_by_label(tr("Keep this game")).is_focused());
    press(&mut h, eframe::egui::Key::Enter);
    assert_eq!(game(&h).log.len(), finished, "kept");
    assert!(h.query_by_label(tr("Keep this game")).is_none());
    click(&mut h, tr("Start a new solo game"));
    click(&mut h, tr("Start the new game"));
    assert_eq!(game(&h).log.len(), 0);
    assert_translated(&h, "a new game", NAMES);

    // A save that cannot be written is said.
    std::fs::write(dir.join("file"), "").unwrap();
    h.state_mut().solo.save_path = Some(dir.join("file").join("solo.ron"));
    click(&mut h, tr("Start the tempest"));
    assert_shows(&h, "無法將遊戲儲存在");
    // The path is the system's, in its own letters.
    let with_path = [NAMES, &["tmp", "noctiluca", "app", "solo", "file", "ron"]].concat();
    assert_translated(&h, "a save that failed", &with_path);
}

#[test]
fn a_tempest_by_keyboard_alone() {
    use eframe::egui::{Key, Modifiers};
    let mut h = solo_app(None);
    h.run();
    tab_to(&mut h, "Start the solo game", 10);
    press(&mut h, Key::Enter);
    assert!(h.state().solo.game.is_some());
    // The turn's main action has the focus.
    assert!(h.get_by_label("Start the tempest").is_focused());

    // Dice that did not fit, typed into the field and sent with Enter.
    tab_to(&mut h, "Dice I could not store", 20);
    h.get_by_label("Dice I could not store").type_text("2");
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(game(&h).tempest_dice, 2);
    assert!(h.get_by_label("Add to the tempest").is_focused());
    // A jar delivered: Tab on to its button, Space.
    tab_to(&mut h, "Delivered a red jar", 5);
    press(&mut h, Key::Space);
    assert_eq!(game(&h).stack_taken, [0, 0, 1]);
    assert!(h.get_by_label("Delivered a red jar").is_focused());

    // T starts the tempest; the first card has the focus; 3 says red.
    press(&mut h, Key::T);
    assert_eq!(game(&h).step, SoloStep::Discard);
    assert!(h.get_by_label("Gold card").is_focused());
    press(&mut h, Key::Num3);
    assert_eq!(game(&h).stack_taken, [0, 0, 2]);
    assert_eq!(game(&h).step, SoloStep::BlackDie);
    assert!(h.get_by_label("Roll the black die").is_focused());
    // 4 on the real die: space 4 of the purple section.
    press(&mut h, Key::Num4);
    assert_shows(&h, "Clear space 4 of the purple section: O2");
    assert_eq!((game(&h).turn, game(&h).arrow), (1, 1));
    assert!(h.get_by_label("Start the tempest").is_focused());

    // Ctrl+Z takes the die back; R lets the app roll it instead.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(game(&h).step, SoloStep::BlackDie);
    let roll = h.state().solo.app_roll();
    press(&mut h, Key::R);
    assert_eq!(
        game(&h).log.last(),
        Some(&SoloInput::BlackDie { number: roll })
    );

    // A whole tempest with Enter alone, the focus following the steps; then one by number keys.
    press(&mut h, Key::Enter);
    assert!(h.get_by_label("Gold card").is_focused());
    press(&mut h, Key::Enter);
    assert_eq!(game(&h).stack_taken, [1, 0, 2]);
    press(&mut h, Key::Enter);
    assert_eq!((game(&h).turn, game(&h).step), (2, SoloStep::PlayerTurn));
    press(&mut h, Key::T);
    // 4 says the deck is empty: refused, as it still holds cards by the reports so far.
    press(&mut h, Key::Num4);
    assert_eq!(game(&h).log.last(), Some(&SoloInput::StartTempest));
    assert_shows(
        &h,
        "By the reports so far the jar deck still holds 25 cards",
    );
    press(&mut h, Key::Num3);
    assert_eq!(
        game(&h).log.last(),
        Some(&SoloInput::Discard {
            colour: Some(JarColour::Red)
        })
    );
    press(&mut h, Key::Num6);
    assert_eq!(game(&h).turn, 3);
    // Undo by keyboard all the way back; then its button is disabled and the turn's
    // action has the focus again.
    tab_to(&mut h, "Undo", 20);
    while !game(&h).log.is_empty() {
        press(&mut h, Key::Enter);
    }
    assert!(h.get_by_label("Start the tempest").is_focused());
}

/// The operating system's own words in a failed save's message ("File exists (os error
/// 17)"), shown as it gives them.
const NAMES: &[&str] = &["File", "exists", "error"];

#[test]
fn the_history_follows_a_language_switch() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    play_turn(
        &mut h,
        &Turn {
            not_stored: 2,
            delivered: &["gold"],
            discard: "Red card",
            die: Some(3),
        },
    );
    let before = game(&h);
    assert_shows(&h, "Round 1, turn 1");
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    // The same game, its history written again in Chinese.
    assert_eq!(game(&h).log, before.log);
    assert_eq!(game(&h).tempest_tokens, before.tempest_tokens);
    assert_shows(&h, "第 1 輪，第 1 回合");
    assert!(!shows(&h, "Round 1, turn 1"));
    assert_translated(&h, "the history after a switch", NAMES);
}

#[test]
fn the_set_up_list_has_every_step_and_a_way_to_the_seeder() {
    let mut h = solo_app(None);
    assert_shows(&h, "Stack the point tokens by colour");
    assert_shows(&h, "deal yourself one and look at it in secret");
    assert_shows(&h, "keep two face up, and shuffle the third back");
    // A round-2 refill was left in the seeder: the set-up asks for a new game's pool, not it.
    let code = noctiluca::seeder::SeedCode::random();
    h.state_mut().seeder.layout = noctiluca::seeder::Layout::generate(code, [20, 18, 19, 17]);
    click(&mut h, "Lay the pool out with the Board seeder");
    assert_eq!(h.state().current, ScreenKind::Seeder);
    assert!(!h.state().seeder.layout.is_refill(), "a refill laid out");
    assert!(!shows(&h, "Round-2 refill from the box lid"));
    // Escape goes back to the solo game, not home.
    press(&mut h, eframe::egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Solo);
}

#[test]
fn undo_says_what_to_put_back_on_the_table() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    click(&mut h, "Delivered a red jar");
    // The rule for a new jar, when it is needed.
    assert_shows(
        &h,
        "draw the top two cards of the deck, keep one, and put the other at the bottom of the deck",
    );
    click(&mut h, "Undo");
    assert_shows(
        &h,
        "Undone. On the table: return your red 2 token to the top of its stack.",
    );
    // A whole tempest, taken back piece by piece.
    click(&mut h, "Start the tempest");
    click(&mut h, "Gold card");
    click(&mut h, "I rolled 4");
    let cleared = match game(&h).history.last().unwrap().1.first().unwrap() {
        noctiluca::engine::solo::SoloEvent::Cleared { space, .. } => *space,
        e => panic!("{e:?}"),
    };
    click(&mut h, "Undo");
    let space = noctiluca::engine::board::space_name(cleared);
    assert_shows(
        &h,
        &format!("put the dice you took off {space} back on {space}, turn the arrow back to"),
    );
    click(&mut h, "Undo");
    assert_shows(&h, "put the discarded gold card back on top of the deck");
    assert_shows(
        &h,
        "return the gold 2 token from the tempest to the top of its stack",
    );
}

#[test]
fn the_home_screen_offers_to_resume_a_solo_game() {
    let dir = scratch("solo-home");
    let save = dir.join("solo.ron");
    let mut h = solo_app(Some(&save));
    click(&mut h, "Start the solo game");
    click(&mut h, "Start the tempest");
    click(&mut h, "Red card");
    click(&mut h, "I rolled 2");
    drop(h);
    // A restart: the home screen names the saved game, and one click continues it.
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.solo = SoloScreen::new(Arc::new(Components::default()), Some(save.clone()));
    let mut h = harness(app);
    assert_shows(&h, "Resume the solo tempest — round 1, turn 2");
    click(&mut h, "Resume the solo tempest — round 1, turn 2");
    assert_eq!(h.state().current, ScreenKind::Solo);
    assert_eq!(game(&h).current_turn().turn, 2);
    // With a game in Play to resume as well, the two lines share the emblem's room, in two
    // columns or one under the other: the entries stay where they are.
    let auto = dir.join("game-autosave.ron");
    crate::game::left_under_way(&auto);
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.solo = SoloScreen::new(Arc::new(Components::default()), Some(save.clone()));
    app.game = noctiluca::app::GameScreen::new(Arc::new(Components::default()), Some(auto));
    let mut both = harness(app);
    let mut empty = harness(NoctilucaApp::for_tests(fake(None), ScreenKind::Home));
    let top = |h: &Harness<'_, NoctilucaApp>, label: &str| {
        let node = h.query_all_by_label_contains(label).next().unwrap();
        node.accesskit_node().bounding_box().unwrap().y0
    };
    for width in [1280.0, 900.0] {
        for h in [&mut both, &mut empty] {
            h.set_size(eframe::egui::vec2(width, 800.0));
            h.run();
        }
        assert_shows(&both, "Resume the solo tempest — round 1, turn 2");
        assert_shows(&both, "Resume the game in Play");
        for entry in ["Board seeder", "Score calculator", "History"] {
            assert_eq!(top(&both, entry), top(&empty, entry), "{entry} at {width}");
        }
    }
}

/// The real roll's field takes the keyboard as the step comes, but lets it go for good on
/// Escape: a second Escape goes home, as everywhere.
#[test]
fn escape_leaves_the_real_roll_field_and_a_second_goes_home() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    click(&mut h, "Start the tempest");
    click(&mut h, "Red card");
    click(&mut h, "I always roll the real black die");
    h.run();
    assert!(h.ctx.text_edit_focused(), "the field has the keyboard");
    press(&mut h, eframe::egui::Key::Escape);
    h.run();
    assert!(!h.ctx.text_edit_focused(), "Escape left the field");
    assert_eq!(h.state().current, ScreenKind::Solo);
    press(&mut h, eframe::egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Home);
}

/// Escape goes home at once from a focused button (only a text field keeps the first one).
#[test]
fn escape_from_a_focused_button_goes_home_at_once() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    click(&mut h, "Start the tempest");
    h.get_by_label("Red card").focus();
    h.run();
    press(&mut h, eframe::egui::Key::Num3);
    assert!(h.get_by_label("Roll the black die").is_focused());
    press(&mut h, eframe::egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Home);
}

/// Coming back to the solo companion, its column opens at the top (the round and what to do
/// now), not scrolled as it was left.
#[test]
fn the_solo_column_opens_at_its_top() {
    let app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
    let mut h = harness_sized(app, 1024.0, 700.0);
    h.state_mut().solo.animate = false;
    click(&mut h, "Start the solo game");
    let heading =
        |h: &Harness<'static, NoctilucaApp>| h.get_by_label("Round 1, turn 1").rect().min.y;
    let top = heading(&h);
    h.get_by_label("The tempest").scroll_to_me();
    h.run();
    assert!(heading(&h) < top - 20.0, "the column did not scroll");
    press(&mut h, eframe::egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Home);
    h.state_mut()
        .run_command(Some(noctiluca::app::Command::Open(ScreenKind::Solo)));
    h.run();
    assert_eq!(heading(&h), top);
    // A new game, started from the bottom of a scrolled set-up list, opens at the top too.
    h.state_mut().solo.game = None;
    h.set_size(eframe::egui::vec2(1024.0, 420.0));
    h.run();
    h.get_by_label("Start the solo game").scroll_to_me();
    h.run();
    h.get_by_label("Start the solo game").click();
    h.run();
    assert_eq!(heading(&h), top);
}

/// From the solo companion's start: the first turn, a gold card, and the app's black die
/// rolled, two frames drawn since (its tumble, if animated, under way).
pub fn app_rolls_the_first_die(h: &mut Harness<'static, NoctilucaApp>) {
    click(h, "Start the solo game");
    click(h, "Start the tempest");
    click(h, "Gold card");
    h.get_by_label("Roll the black die").click();
    h.step();
    h.step();
}
