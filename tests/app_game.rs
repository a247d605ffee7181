//! Play: whole games through the table, by label, as the players would click them.

mod app_support;

use app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::game::{GameSave, GameScreen, dive_options};
use noctiluca::app::{NoctilucaApp, ScreenKind, theme};
use noctiluca::engine::*;
use std::path::Path;
use std::sync::Arc;

fn play_app(save: Option<&Path>) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), save.map(Path::to_path_buf));
    app.game.animate = false;
    harness(app)
}

fn card(h: &Harness<'_, NoctilucaApp>, c: CardId) -> String {
    h.state()
        .game
        .game
        .as_ref()
        .unwrap()
        .m
        .state
        .comps
        .card(c)
        .to_string()
}

/// The favourite line of each seat, as the table would write it.
fn favourite_lines(h: &Harness<'_, NoctilucaApp>) -> Vec<String> {
    let app = h.state();
    let g = app.game.game.as_ref().unwrap();
    (0..g.seats.len())
        .map(|s| {
            let fav = g.m.state.players[s].favourite.unwrap();
            format!(
                "Favourite of {}: {}",
                g.seats[s].name,
                theme::dice_label(fav, app.shared.settings.glyphs)
            )
        })
        .collect()
}

/// Takes one decision through the screen by label. Returns false once the game is over.
fn play_one(h: &mut Harness<'static, NoctilucaApp>, check_privacy: bool) -> bool {
    let (covered, viewer, over, human) = {
        let g = h.state().game.game.as_ref().unwrap();
        (g.covered, g.viewer, g.m.state.is_over(), g.human_to_act())
    };
    if over {
        return false;
    }
    if covered {
        let name = h.state().game.game.as_ref().unwrap().name(viewer.unwrap());
        click(h, &format!("Pass to {name} — press to continue"));
        return true;
    }
    let Some(seat) = human else {
        // A bot is thinking or its move is waiting: let frames pass.
        h.step();
        return true;
    };
    if check_privacy {
        let lines = favourite_lines(h);
        for (s, line) in lines.iter().enumerate() {
            if s == seat as usize {
                assert_shows(h, line);
            } else {
                assert!(!shows(h, line), "{line:?} shown while seat {seat} plays");
            }
        }
    }
    let state = h.state().game.game.as_ref().unwrap().m.state.clone();
    let state_len = h.state().game.game.as_ref().unwrap().m.record.actions.len();
    let legal = state.legal_actions();
    let glyphs = h.state().shared.settings.glyphs;
    match state.decision() {
        Decision::Draft => {
            let Action::Draft { set_aside } = legal[legal.len() - 1] else {
                panic!()
            };
            let label = format!("Set aside {}", card(h, set_aside));
            click(h, &label);
        }
        Decision::Dive => {
            // The dive that fits most dice, as the preview would suggest.
            let best = dive_options(&state)
                .into_iter()
                .max_by_key(|o| (o.fit, std::cmp::Reverse(o.passed)))
                .unwrap();
            click(h, &format!("Shore S{}", best.shore + 1));
            let path = if best.path == PathKind::Short {
                "Short path"
            } else {
                "Long path"
            };
            click(h, path);
            click(h, &format!("Number {}", best.number));
            click(h, "Dive");
            if best.total == 0 {
                click(h, "Dive anyway");
            }
        }
        Decision::Store { .. } => {
            let Action::Store { slot, .. } = legal[0] else {
                panic!()
            };
            click(h, &format!("Store in jar {}", slot + 1));
        }
        Decision::PassOffer { .. } => match legal[0] {
            Action::Take { colour, slot } => click(
                h,
                &format!(
                    "Take {} into jar {}",
                    theme::dice_label(colour, glyphs),
                    slot + 1
                ),
            ),
            _ => click(h, "Take none"),
        },
        Decision::DeliverOrder => {
            let Action::Deliver { slot } = legal[0] else {
                panic!()
            };
            click(h, &format!("Deliver jar {} first", slot + 1));
        }
        Decision::ChoosePile => {
            let Action::TakePile { pile } = legal[legal.len() - 1] else {
                panic!()
            };
            click(h, &format!("Take pile {}", pile + 1));
        }
        Decision::SoloKeep { .. } => {
            let Action::SoloKeep { card: c } = legal[0] else {
                panic!()
            };
            let label = format!("Keep {}", card(h, c));
            click(h, &label);
        }
        d => panic!("unexpected decision {d:?}"),
    }
    let after = h.state().game.game.as_ref().unwrap().m.record.actions.len();
    assert!(
        after > state_len,
        "the click did not decide anything ({:?})",
        state.decision()
    );
    true
}

fn play_to_end(h: &mut Harness<'static, NoctilucaApp>, check_privacy: bool) {
    for _ in 0..2000 {
        if !play_one(h, check_privacy) {
            return;
        }
    }
    panic!("the game did not end");
}

/// The end screen shows the engine's totals for every player.
fn assert_end_screen(h: &Harness<'_, NoctilucaApp>) {
    assert_shows(h, "The game is over");
    let g = h.state().game.game.as_ref().unwrap();
    let result = g.m.state.final_score();
    for (i, p) in result.players.iter().enumerate() {
        assert_shows(h, &g.seats[i].name);
        assert!(
            h.query_all_by_label(&p.total.to_string()).next().is_some(),
            "total {} of seat {i} not shown",
            p.total
        );
    }
}

#[test]
fn a_complete_two_player_hotseat_game_by_label() {
    let mut h = play_app(None);
    assert_shows(&h, "New game");
    click(&mut h, "2 players");
    replace(&mut h, "Name of seat 1", "Ada");
    replace(&mut h, "Name of seat 2", "Bea");
    click(&mut h, "Seat 2: human");
    click(&mut h, "First player: seat 1");
    replace(&mut h, "Seed code (optional)", "K7M2-QX9P");
    click(&mut h, "Start the game");
    assert!(h.state().game.game.is_some());
    play_to_end(&mut h, true);
    assert_end_screen(&h);
    let g = h.state().game.game.as_ref().unwrap();
    // The record replays to the very state on screen.
    let replayed = g.m.to_record().replay().unwrap();
    assert_eq!(replayed.final_score(), g.m.state.final_score());
}

#[test]
fn a_complete_solo_game_by_label() {
    let mut h = play_app(None);
    click(&mut h, "Solo");
    replace(&mut h, "Name of seat 1", "Sol");
    click(&mut h, "Seat 1: human");
    replace(&mut h, "Seed code (optional)", "AB12-CD34");
    click(&mut h, "Start the game");
    play_to_end(&mut h, false);
    assert_end_screen(&h);
    assert_shows(&h, "Net score");
}

#[test]
fn save_load_and_autosave_resume() {
    let dir = scratch("game-save");
    let auto = dir.join("game-autosave.ron");
    let mut h = play_app(Some(&auto));
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: human");
    replace(&mut h, "Seed code (optional)", "SAVE-0001");
    click(&mut h, "Start the game");
    for _ in 0..25 {
        play_one(&mut h, false);
    }
    let save = h.state().game.game.as_ref().unwrap().save();
    let state = h.state().game.game.as_ref().unwrap().m.state.clone();
    // Save → load: the same state.
    let text = save.to_ron();
    let back = GameSave::from_ron(&text).unwrap();
    assert_eq!(back, save);
    assert_eq!(back.record.replay().unwrap(), state);
    // A crash: the harness is dropped without closing; a new app finds the autosave.
    drop(h);
    let mut h = play_app(Some(&auto));
    assert_shows(&h, "Continue the saved game");
    click(&mut h, "Continue the saved game");
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.m.state, state);
    assert_eq!(g.seats, save.seats);
    // And the game goes on from there.
    play_one(&mut h, false);
}

#[test]
fn ai_seats_play_their_turns_and_the_human_is_never_covered() {
    let mut h = play_app(None);
    click(&mut h, "3 players");
    click(&mut h, "Seat 2: AI random");
    click(&mut h, "Seat 3: AI easy");
    replace(&mut h, "Seed code (optional)", "AI00-0003");
    click(&mut h, "Start the game");
    for _ in 0..20_000 {
        let g = h.state().game.game.as_ref().unwrap();
        assert!(!g.covered, "one human: no cover screen");
        if g.m.state.is_over() {
            break;
        }
        if g.thinking().is_some() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        play_one(&mut h, false);
    }
    assert_end_screen(&h);
}

#[test]
fn undo_takes_back_the_last_dive_without_new_chance() {
    let mut h = play_app(None);
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: AI random");
    click(&mut h, "First player: seat 1");
    replace(&mut h, "Seed code (optional)", "BACK-0001");
    click(&mut h, "Start the game");
    let g = |h: &Harness<'static, NoctilucaApp>| {
        let gs = h.state().game.game.as_ref().unwrap();
        (gs.m.state.decision(), gs.human_to_act(), gs.m.to_record())
    };
    while !(g(&h).0 == Decision::Dive && g(&h).1 == Some(0)) {
        play_one(&mut h, false);
    }
    let before = g(&h).2;
    play_one(&mut h, false);
    // Until the human is to decide again (the bot's dive and any passing in between).
    while g(&h).1.is_none() {
        play_one(&mut h, false);
    }
    let after = g(&h).2;
    let chance_since = after.actions[before.actions.len()..]
        .iter()
        .any(|e| e.by == Actor::Chance);
    let undo = h.state().game.game.as_ref().unwrap().undo_point();
    assert_eq!(undo.is_some(), !chance_since);
    if !chance_since {
        click(&mut h, "Undo");
        let now = g(&h).2;
        assert_eq!(now.actions, before.actions, "back to just before the dive");
        assert_eq!(now.rng_word_pos, after.rng_word_pos, "nothing re-rolled");
        assert_eq!(g(&h).0, Decision::Dive);
    }
}

#[test]
fn the_dive_by_keyboard() {
    let mut h = play_app(None);
    click(&mut h, "Solo");
    click(&mut h, "Seat 1: human");
    replace(&mut h, "Seed code (optional)", "KEYS-0001");
    click(&mut h, "Start the game");
    while h.state().game.game.as_ref().unwrap().m.state.decision() != Decision::Dive {
        play_one(&mut h, false);
    }
    let n = h.state().game.game.as_ref().unwrap().m.record.actions.len();
    press(&mut h, egui::Key::ArrowRight);
    press(&mut h, egui::Key::ArrowDown);
    press(&mut h, egui::Key::Num3);
    let pick = h.state().game.game.as_ref().unwrap().pick;
    assert_eq!(pick.shore, Some(0));
    assert_eq!(pick.path, Some(PathKind::Short));
    assert_eq!(pick.number, Some(3));
    press(&mut h, egui::Key::Enter);
    let g = h.state().game.game.as_ref().unwrap();
    if g.pick.confirm_empty {
        // Nothing to collect: the warning asks first.
        assert_shows(&h, "Dive anyway");
        press(&mut h, egui::Key::Enter);
    }
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(
        g.m.record.actions[n].action,
        Action::Dive {
            shore: 0,
            path: PathKind::Short,
            number: 3
        }
    );
}

/// Like `play_app`, with a file dialog that answers `path`.
fn play_app_with_dialog(path: &Path) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(Some(path.to_path_buf())), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    harness(app)
}

/// Waits (a bounded time) for a file dialog's worker thread.
fn settle_worker(h: &mut Harness<'static, NoctilucaApp>, done: impl Fn(&NoctilucaApp) -> bool) {
    for _ in 0..200 {
        if done(h.state()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    h.step();
}

#[test]
fn save_through_the_dialog_open_it_again_and_replay_step_by_step() {
    let dir = scratch("game-open");
    let file = dir.join("finished.ron");
    let mut h = play_app_with_dialog(&file);
    click(&mut h, "Solo");
    click(&mut h, "Seat 1: human");
    replace(&mut h, "Seed code (optional)", "OPEN-0001");
    click(&mut h, "Start the game");
    play_to_end(&mut h, false);
    let finished = h.state().game.game.as_ref().unwrap().m.state.clone();
    click(&mut h, "Save…");
    settle_worker(&mut h, |_| file.exists());
    assert!(file.exists(), "the save was written where the dialog said");

    // Another session opens the file through the dialog.
    let mut h = play_app_with_dialog(&file);
    click(&mut h, "Open a saved game…");
    settle_worker(&mut h, |app| app.game.game.is_some());
    let g = h
        .state()
        .game
        .game
        .as_ref()
        .expect("the saved game is open");
    assert_eq!(g.m.state, finished);
    assert_shows(&h, "Net score");

    // The finished game, step by step, by button and by keyboard.
    click(&mut h, "Replay step by step");
    let at = |h: &Harness<'static, NoctilucaApp>| {
        h.state()
            .game
            .game
            .as_ref()
            .unwrap()
            .replay
            .as_ref()
            .unwrap()
            .at
    };
    assert_eq!(at(&h), 1);
    assert_shows(&h, "Step 1 of");
    click(&mut h, "Step forward →");
    assert_eq!(at(&h), 2);
    press(&mut h, egui::Key::ArrowRight);
    assert_eq!(at(&h), 3);
    press(&mut h, egui::Key::ArrowLeft);
    click(&mut h, "← Step back");
    assert_eq!(at(&h), 1);
    // Each step is the recorded game at that point.
    let g = h.state().game.game.as_ref().unwrap();
    let r = g.replay.as_ref().unwrap();
    assert_eq!(
        r.state,
        g.m.to_record().replay_prefix(r.steps[r.at]).unwrap()
    );
    click(&mut h, "Back to the scores");
    assert!(h.state().game.game.as_ref().unwrap().replay.is_none());
}

#[test]
fn a_dive_that_collects_nothing_asks_first() {
    let mut h = play_app(None);
    click(&mut h, "Solo");
    click(&mut h, "Seat 1: human");
    replace(&mut h, "Seed code (optional)", "ZERO-0001");
    click(&mut h, "Start the game");
    while h.state().game.game.as_ref().unwrap().m.state.decision() != Decision::Dive {
        play_one(&mut h, false);
    }
    let state = h.state().game.game.as_ref().unwrap().m.state.clone();
    let empty = (1..=6u8)
        .flat_map(|n| {
            (0..12u8).flat_map(move |s| [(s, PathKind::Short, n), (s, PathKind::Long, n)])
        })
        .find(|&(s, p, n)| {
            board()
                .path(s, p)
                .spaces()
                .iter()
                .all(|&sp| state.pool[sp as usize].dice().all(|d| d.face != n))
        })
        .expect("some dive collects nothing");
    let (shore, path, number) = empty;
    pick_dive(&mut h, shore, path, number);
    // Nothing happened yet: the player is asked.
    assert_eq!(h.state().game.game.as_ref().unwrap().m.state.turn, 0);
    assert!(h.state().game.game.as_ref().unwrap().m.state.shores[shore as usize].is_none());
    click(&mut h, "Choose again");
    assert!(h.state().game.game.as_ref().unwrap().m.state.shores[shore as usize].is_none());
    pick_dive(&mut h, shore, path, number);
    click(&mut h, "Dive anyway");
    let s = &h.state().game.game.as_ref().unwrap().m.state;
    assert!(s.shores[shore as usize].is_some(), "the pawn is placed");
    assert_eq!(s.players[0].pawns, 5);
}

/// Shore, path, number and "Dive", by label.
fn pick_dive(h: &mut Harness<'static, NoctilucaApp>, shore: ShoreId, path: PathKind, number: u8) {
    click(h, &format!("Shore S{}", shore + 1));
    let path = if path == PathKind::Short {
        "Short path"
    } else {
        "Long path"
    };
    click(h, path);
    click(h, &format!("Number {number}"));
    click(h, "Dive");
}
