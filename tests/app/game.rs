//! Play: whole games through the table, by label, as the players would click them, and the
//! set-up, resuming, opening and the end of a game by keyboard (in Chinese: `game_zh`).

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::game::{GameSave, GameScreen};
use noctiluca::app::{NoctilucaApp, ScreenKind, theme};
use noctiluca::engine::*;
use noctiluca::i18n::Lang;
use std::path::Path;
use std::sync::Arc;

pub(crate) fn play_app(save: Option<&Path>) -> Harness<'static, NoctilucaApp> {
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
            let fav = g.m.state.secrets[s].favourite.unwrap();
            format!(
                "Favourite of {}: {}",
                g.seats[s].name,
                theme::dice_label(fav, app.shared.settings.glyphs)
            )
        })
        .collect()
}

/// Takes one decision through the screen by label. Returns false once the game is over.
pub(crate) fn play_one(h: &mut Harness<'static, NoctilucaApp>, check_privacy: bool) -> bool {
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
        // A bot is thinking or its move is waiting: with more than one person at the table,
        // nobody's secret is on screen meanwhile. Let frames pass.
        if check_privacy && h.state().game.game.as_ref().unwrap().humans() > 1 {
            for line in favourite_lines(h) {
                assert!(!shows(h, &line), "{line:?} shown while a bot plays");
            }
        }
        // The bot thinks on a thread of low priority: give it the time a frame would.
        std::thread::sleep(std::time::Duration::from_millis(1));
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
            // The preview's last column says where dice that do not fit go.
            let column = if state.is_solo() {
                "Sort by Tempest"
            } else {
                "Sort by Passed"
            };
            assert!(h.query_by_label(column).is_some(), "{column}");
            // So do its rows, for a screen reader.
            let (said, not) = if state.is_solo() {
                (" into the tempest", " passed")
            } else {
                (" passed", " into the tempest")
            };
            let rows: Vec<String> = h
                .query_all_by_label_contains("Dive at ")
                .filter_map(|n| n.accesskit_node().label())
                .collect();
            assert!(!rows.is_empty(), "the preview's rows are labelled");
            for row in &rows {
                assert!(row.ends_with(said) && !row.ends_with(not), "{row}");
            }
            // The dive that fits most dice, as the preview would suggest.
            let best = state
                .observation(None)
                .dive_options(state.active)
                .into_iter()
                .max_by_key(|o| (o.yields.fit(), std::cmp::Reverse(o.yields.passed_total())))
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
            if best.yields.total() == 0 {
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

pub(crate) fn play_to_end(h: &mut Harness<'static, NoctilucaApp>, check_privacy: bool) {
    // Bounded by far more than any game's frames, however slowly its bots are scheduled.
    for _ in 0..100_000 {
        if !play_one(h, check_privacy) {
            return;
        }
    }
    panic!("the game did not end");
}

/// The end screen shows the engine's totals for every player.
pub(crate) fn assert_end_screen(h: &Harness<'_, NoctilucaApp>) {
    assert_shows(
        h,
        &noctiluca::i18n::tr("The game is over.").replace(['.', '。'], ""),
    );
    let g = h.state().game.game.as_ref().unwrap();
    let result = g.m.state.final_score();
    for (i, p) in result.players.iter().enumerate() {
        let name = &g.name(i as Seat);
        assert_shows(h, name);
        // The total's cell, as a screen reader hears it: "Bea, Total: 31".
        let (total, t) = (noctiluca::i18n::tr("Total"), p.total);
        let said = |l: &str| {
            // A winner's name comes after the ✔ that marks them.
            l.trim_start_matches("✔ ").starts_with(name.as_str())
                && l.contains(total)
                && (l.ends_with(&format!(": {t}")) || l.ends_with(&format!("：{t}")))
        };
        assert!(
            h.query_all_by(|n| n.label().or(n.value()).is_some_and(|l| said(&l)))
                .next()
                .is_some(),
            "total {t} of seat {i} not shown"
        );
    }
    // A stack the majority shared out is shown empty, as the majorities say.
    for m in &result.majorities {
        let colour = noctiluca::app::theme::jar_name(m.colour);
        let shared_out = !m.leaders.is_empty() && m.remaining > 0;
        let template = noctiluca::i18n::tr("{colour} token stack, top first: {values}");
        let stack = template.replace("{colour}", colour).replace("{values}", "");
        let shown = h
            .query_all_by(|n| {
                n.label()
                    .or(n.value())
                    .is_some_and(|l| l.starts_with(&stack))
            })
            .next()
            .and_then(|n| n.accesskit_node().label().or(n.accesskit_node().value()))
            .unwrap_or_else(|| panic!("no {stack:?}"));
        assert_eq!(
            shown == format!("{stack}{}", noctiluca::i18n::tr("empty after the majority")),
            shared_out,
            "{shown} ({m:?})"
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
fn while_a_bot_plays_between_two_people_no_secret_is_shown() {
    let mut h = play_app(None);
    click(&mut h, "3 players");
    replace(&mut h, "Name of seat 1", "Ada");
    replace(&mut h, "Name of seat 2", "Bea");
    click(&mut h, "Seat 2: human");
    click(&mut h, "Seat 3: AI random");
    click(&mut h, "First player: seat 1");
    replace(&mut h, "Seed code (optional)", "PRIV-0003");
    click(&mut h, "Start the game");
    // The bot's move waits (as it stays on screen a while in the window), so the table is
    // drawn on the bot's turn, right after a person decided.
    h.state_mut().game.animate = true;
    h.state_mut().game.pace = 1.0e9;
    for _ in 0..100 {
        h.step();
        let g = h.state().game.game.as_ref().unwrap();
        match g.to_act() {
            Some(2) => {
                assert!(!g.covered);
                assert!(g.viewer.is_some(), "a person decided just before");
                for line in favourite_lines(&h) {
                    assert!(!shows(&h, &line), "{line:?} shown while the bot plays");
                }
                return;
            }
            Some(s) if g.covered => {
                let name = g.name(s);
                click(&mut h, &format!("Pass to {name} — press to continue"));
            }
            Some(s) => {
                // The person deciding sees their own secret (so the check above can see one).
                assert_shows(&h, &favourite_lines(&h)[s as usize]);
                let a = g.m.state.legal_actions()[0];
                let now = h.ctx.input(|i| i.time);
                h.state_mut().game.act(a, now);
            }
            None => {}
        }
    }
    panic!("the bot never came to act");
}

#[test]
fn at_the_usual_window_size_all_four_seats_are_in_view_beside_the_log() {
    let mut h = play_app(None);
    click(&mut h, "4 players");
    for seat in 2..=4 {
        click(&mut h, &format!("Seat {seat}: AI random"));
    }
    replace(&mut h, "Seed code (optional)", "VIEW-0004");
    click(&mut h, "Start the game");
    // Past the draft: every seat has its two jars (the AIs draft on threads of their own).
    for _ in 0..WAIT_FRAMES {
        let g = h.state().game.game.as_ref().unwrap();
        if g.m.state.started && g.to_act() == Some(0) {
            break;
        }
        if g.to_act() == Some(0) {
            let a = g.m.state.legal_actions()[0];
            let now = h.ctx.input(|i| i.time);
            h.state_mut().game.act(a, now);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.run();
    }
    assert!(h.state().game.game.as_ref().unwrap().m.state.started);
    assert!(h.state().game.show_log);
    assert_shows(&h, "Game log");
    let seats: Vec<_> = h
        .query_all_by_label_contains("Delivered 0 · tokens")
        .map(|n| n.accesskit_node().bounding_box().unwrap())
        .collect();
    assert_eq!(seats.len(), 4);
    // Each seat's card is above the log (not scrolled away under it), the log in the window.
    let log = h
        .get_by_label("Game log")
        .accesskit_node()
        .bounding_box()
        .unwrap();
    assert!(log.y1 <= 800.0, "{log:?}");
    for (s, r) in seats.iter().enumerate() {
        assert!(r.y1 <= log.y0, "seat {} is under the log: {r:?}", s + 1);
    }
}

#[test]
fn a_complete_solo_game_by_label() {
    let mut h = play_app(None);
    click(&mut h, "Solo");
    replace(&mut h, "Name of seat 1", "Sol");
    click(&mut h, "Seat 1: human");
    replace(&mut h, "Seed code (optional)", "AB12-CD34");
    click(&mut h, "Start the game");
    // Nothing in the tempest yet is said once, not as "tokens none; dice nothing".
    assert_shows(&h, "Tempest: no tokens or dice yet");
    assert!(!shows(&h, "Tempest: tokens"));
    play_to_end(&mut h, false);
    assert_end_screen(&h);
    assert_shows(&h, "Net score");
    assert!(!shows(&h, "Tempest: no tokens or dice yet"));
}

#[test]
fn ai_seats_play_their_turns_and_the_human_is_never_covered() {
    let mut h = play_app(None);
    click(&mut h, "3 players");
    click(&mut h, "Seat 2: AI random");
    click(&mut h, "Seat 3: AI easy");
    replace(&mut h, "Seed code (optional)", "AI00-0003");
    click(&mut h, "Start the game");
    // Room for the AI's thinking on a loaded machine (with 20,000 rounds the game once ran
    // out of them while another build took the cores).
    for _ in 0..100_000 {
        let g = h.state().game.game.as_ref().unwrap();
        assert!(!g.covered, "one human: no cover screen");
        if g.m.state.is_over() {
            break;
        }
        if g.thinking().is_some() {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        play_one(&mut h, false);
    }
    assert!(
        h.state().game.game.as_ref().unwrap().m.state.is_over(),
        "the game did not end within the rounds"
    );
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
    press(&mut h, egui::Key::ArrowUp);
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

/// Waits (a bounded time) for a file dialog's worker thread.
pub(crate) fn settle_worker(
    h: &mut Harness<'static, NoctilucaApp>,
    done: impl Fn(&NoctilucaApp) -> bool,
) {
    wait_until(h, "the file dialog's worker", |h| done(h.state()));
    h.step();
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

// ---- Traditional Chinese and the keyboard ----

/// Runs a game with no human in it until it is over (the bots think on worker threads).
pub(crate) fn run_bots_to_end(h: &mut Harness<'static, NoctilucaApp>) {
    wait_until(h, "the bots to finish the game", |h| {
        h.state().game.game.as_ref().unwrap().m.state.is_over()
    });
    h.run();
}

/// Lets frames pass until a human is to decide, with the table showing them.
pub(crate) fn until_human(h: &mut Harness<'static, NoctilucaApp>) -> Seat {
    wait_until(h, "a human to act", |h| {
        h.state()
            .game
            .game
            .as_ref()
            .unwrap()
            .human_to_act()
            .is_some()
    });
    h.state()
        .game
        .game
        .as_ref()
        .unwrap()
        .human_to_act()
        .unwrap()
}

/// A game started on the screen directly: 2 seats, seat 1 human, seat 2 a random bot, with a
/// human decision to take.
pub(crate) fn game_under_way(lang: Lang, save: &Path, seed: &str) -> GameSave {
    noctiluca::i18n::set_lang(lang);
    let mut screen = GameScreen::new(Arc::new(Components::default()), Some(save.to_path_buf()));
    screen.animate = false;
    screen.setup.players = 2;
    screen.setup.seats[1].ai = Some(0);
    screen.setup.seed_text = seed.into();
    screen.start().unwrap();
    for i in 0..50_000 {
        screen.tick(i as f64);
        if screen.game.as_ref().unwrap().human_to_act().is_some() {
            return screen.game.as_ref().unwrap().save();
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("no human came to act");
}

#[test]
fn the_home_screen_offers_to_resume_a_game_under_way() {
    let dir = scratch("game-home");
    let auto = dir.join("game-autosave.ron");
    let state = left_under_way(&auto);
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.game = GameScreen::new(Arc::new(Components::default()), Some(auto.clone()));
    app.game.animate = false;
    let mut h = harness(app);
    let line = format!(
        "Resume the game in Play — 2 players, round {}, turn {}",
        state.round,
        state.turn + 1
    );
    assert_shows(&h, &line);
    // The entries stay where they are without a game to resume: the line takes the emblem's
    // room, so a click from habit lands on the entry it means.
    let top = |h: &Harness<'_, NoctilucaApp>, label: &str| {
        h.query_all_by_label_contains(label)
            .next()
            .unwrap()
            .accesskit_node()
            .bounding_box()
            .unwrap()
            .y0
    };
    let empty = harness(NoctilucaApp::for_tests(fake(None), ScreenKind::Home));
    for entry in ["Board seeder", "Score calculator", "History"] {
        assert_eq!(top(&h, entry), top(&empty, entry), "{entry}");
    }
    h.get_by_label(&line).click();
    h.step();
    h.step();
    assert_eq!(h.state().current, ScreenKind::Play);
    assert_eq!(h.state().game.game.as_ref().unwrap().m.state, state);
}

/// The new-game dialog with Ada and Bea, two people, in seats 1 and 2.
pub(crate) fn ada_and_bea() -> Harness<'static, NoctilucaApp> {
    ada_and_bea_saving(None)
}

/// The new game dialog for Ada and Bea, the game to be autosaved to `save` (if given).
pub(crate) fn ada_and_bea_saving(save: Option<&Path>) -> Harness<'static, NoctilucaApp> {
    let mut h = play_app(save);
    replace(&mut h, "Name of seat 1", "Ada");
    replace(&mut h, "Name of seat 2", "Bea");
    click(&mut h, "Seat 2: human");
    h
}

/// Between two people, the cover lets the one who just played take their last decision back
/// before passing the table on (a misclick was final once the cover was up).
#[test]
fn the_cover_lets_the_last_player_take_back_their_decision() {
    let mut h = ada_and_bea();
    click(&mut h, "First player: seat 1");
    replace(&mut h, "Seed code (optional)", "BACK-0002");
    click(&mut h, "Start the game");
    for _ in 0..400 {
        h.run();
        let g = h.state().game.game.as_ref().unwrap();
        let entries = g.m.record.actions.len();
        match (g.covered, g.can_take_back_before_passing()) {
            (true, Some(p)) => {
                let name = g.name(p);
                let next = g.viewer;
                assert_ne!(next, Some(p));
                // The keyboard starts on passing the table on, the button Enter presses.
                let pass = format!("Pass to {} — press to continue", g.name(next.unwrap()));
                assert!(h.get_by_label(&pass).is_focused(), "{pass}");
                click(&mut h, &format!("Undo {name}'s last decision"));
                // The next person may be the one at the table: the table goes back to the
                // one who played behind its own cover, the keyboard on it.
                let g = h.state().game.game.as_ref().unwrap();
                assert!(g.covered);
                assert_eq!(g.viewer, Some(p));
                let back = format!("Pass to {name} — press to continue");
                assert!(h.get_by_label(&back).is_focused(), "{back}");
                assert!(
                    h.query_by_label(&format!("Undo {name}'s last decision"))
                        .is_none()
                );
                press(&mut h, eframe::egui::Key::Enter);
                let g = h.state().game.game.as_ref().unwrap();
                assert!(!g.covered);
                assert_eq!(g.human_to_act(), Some(p), "{name} decides again");
                assert!(g.m.record.actions.len() < entries);
                assert_shows(&h, "Your last decision was taken back.");
                return;
            }
            (true, None) => {
                assert!(
                    h.query_all_by_label_contains("last decision")
                        .next()
                        .is_none()
                );
                let name = g.name(g.viewer.unwrap());
                click(&mut h, &format!("Pass to {name} — press to continue"));
            }
            (false, _) => {
                if g.human_to_act().is_some() {
                    let a = g.m.state.legal_actions()[0];
                    h.state_mut().game.act(a, 0.0);
                }
            }
        }
    }
    panic!("no cover came up with a decision to take back");
}

/// A two-person game played ten decisions in, autosaved at `auto`, and the app closed (its
/// harness dropped): the state it was left in.
pub fn left_under_way(auto: &Path) -> GameState {
    let mut h = play_app(Some(auto));
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: human");
    click(&mut h, "Start the game");
    for _ in 0..10 {
        play_one(&mut h, false);
    }
    h.state().game.game.as_ref().unwrap().m.state.clone()
}
