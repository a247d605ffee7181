//! The hint at the table: asked by key or button, shown with its reason and played by a
//! click; counted per seat, in the log, on the end screen and in the save; off when the table
//! is set up without hints.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;
use noctiluca::app::game::{GameSave, GameScreen, HintState};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use noctiluca::words::ActionWords;
use std::sync::Arc;

/// Ada (human, seat 1) against a Normal bot, Ada first, on a fixed seed, at Ada's first
/// decision.
fn table(hints: bool) -> Harness<'static, NoctilucaApp> {
    table_sized(hints, egui::vec2(1280.0, 800.0))
}

/// `table` in a window of `size` points.
fn table_sized(hints: bool, size: egui::Vec2) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    let d = &mut app.game.setup;
    d.players = 2;
    d.seats[0].name = "Ada".into();
    d.seats[0].ai = None;
    d.seats[1].ai = Some(2);
    d.first = Some(0);
    d.seed_text = "K7M2-QX9P".into();
    d.hints = hints;
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(16)
        .with_context_setup(noctiluca::app::theme::install)
        .build_ui_state(|ui, app: &mut NoctilucaApp| app.show(ui), app);
    click(&mut h, "Start the game");
    wait_until(&mut h, "Ada's first decision", |h| {
        h.state().game.game.as_ref().unwrap().human_to_act() == Some(0)
    });
    h
}

/// The move of the hint shown.
fn hinted_move(h: &Harness<'_, NoctilucaApp>) -> Action {
    let g = h.state().game.game.as_ref().unwrap();
    g.shown_hint().expect("a hint shown").action
}

/// Presses H and waits for the hint.
fn ask_by_key(h: &mut Harness<'static, NoctilucaApp>) {
    h.key_press(egui::Key::H);
    h.step();
    wait_until(h, "the hint", hint_shown);
    h.run();
}

fn hint_shown(h: &Harness<'_, NoctilucaApp>) -> bool {
    matches!(
        h.state().game.game.as_ref().unwrap().hint,
        HintState::Shown { .. }
    )
}

/// With the keyboard on a choice of the decision as H is pressed, Play it takes it as the
/// hint comes, and Enter plays the hint (it pressed that choice, another move); a choice the
/// keyboard moves to while the hint is worked out keeps it.
#[test]
fn after_h_enter_plays_the_hint_wherever_the_keyboard_was() {
    let mut h = table(true);
    let choices: Vec<String> = h
        .query_all_by_label_contains("Set aside ")
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect();
    assert_eq!(choices.len(), 3, "{choices:?}");
    // The keyboard on a choice (which may or may not be the hint's).
    h.get_by_label(&choices[2]).focus();
    h.run();
    assert!(h.get_by_label(&choices[2]).is_focused());
    ask_by_key(&mut h);
    assert!(
        h.get_by_label("Play it").is_focused(),
        "the choice kept the keyboard"
    );
    let before = h.state().game.game.as_ref().unwrap().m.record.actions.len();
    enter_plays_the_hint(&mut h, before);
    // At the next decision, the keyboard moved on while the hint is worked out stays put.
    wait_until(&mut h, "Ada's next decision", |h| {
        h.state().game.game.as_ref().unwrap().human_to_act() == Some(0)
    });
    h.run();
    h.key_press(egui::Key::H);
    h.step();
    if !hint_shown(&h) {
        let moved_to = "Save…";
        h.get_by_label(moved_to).focus();
        h.step();
        wait_until(&mut h, "the next hint", hint_shown);
        h.run();
        assert!(
            h.get_by_label(moved_to).is_focused(),
            "{moved_to} lost the keyboard"
        );
    }
}

#[test]
fn a_hint_is_asked_by_key_shown_with_its_reason_and_played_by_a_click() {
    let mut h = table(true);
    assert_shows(&h, "💡 Hint");
    h.key_press(egui::Key::H);
    h.step();
    assert_shows(&h, "The Hard AI is looking for a hint");
    wait_until(&mut h, "the hint", hint_shown);
    h.run();
    let (action, label, legal) = {
        let g = h.state().game.game.as_ref().unwrap();
        let hint = g.shown_hint().expect("a hint for this position");
        let label = format!("Hint: Ada {}", hint.action.describe(&g.m.state.comps));
        (hint.action, label, g.m.state.legal_actions())
    };
    assert!(legal.contains(&action));
    assert_shows(&h, &label);
    // Why, in a sentence under it (the draft's: the two cards it keeps).
    assert_shows(&h, "It keeps ");
    // The figures behind it: the best moves compared, each with the lead it is expected to
    // end with, and how many more were weighed.
    let (compared, comps) = {
        let g = h.state().game.game.as_ref().unwrap();
        let hint = g.shown_hint().unwrap();
        (hint.compared.clone(), g.m.state.comps.clone())
    };
    assert!(compared.len() >= 2, "a draft has three moves to compare");
    assert_shows(
        &h,
        "Points you would finish ahead of the best other player after each move, as the Hard AI expects (below 0: behind):",
    );
    for a in compared.iter().take(3) {
        let line = format!(
            "{}: {}",
            a.action.describe(&comps),
            noctiluca::words::signed_points(a.points)
        );
        assert!(
            shows(&h, &line) || shows(&h, &format!("≈ {line}")),
            "{line}"
        );
    }
    assert_eq!(
        shows(
            &h,
            &format!("and {} more", compared.len().saturating_sub(3))
        ),
        compared.len() > 3
    );
    // The keyboard went to Play it as the hint came.
    assert!(
        h.get_by_label("Play it").is_focused(),
        "Play it has not the keyboard"
    );
    // A move the play-outs cannot tell from the hint's is marked as about as good, and said
    // why, so a close figure does not read as a slip of the hint.
    let close = "≈ about as good as the hint: the play-outs cannot tell them apart.";
    let set_as_good = |h: &mut Harness<'static, NoctilucaApp>, tied: bool| {
        if let HintState::Shown { hint, .. } = &mut h.state_mut().game.game.as_mut().unwrap().hint {
            hint.as_good = if tied {
                vec![hint.compared[1].action]
            } else {
                Vec::new()
            };
        }
        h.run();
    };
    set_as_good(&mut h, true);
    assert_shows(&h, close);
    assert_eq!(h.query_all_by_label_contains("≈ ").count(), 2);
    set_as_good(&mut h, false);
    assert!(!shows(&h, close));
    let before = h.state().game.game.as_ref().unwrap().m.record.actions.len();
    click(&mut h, "Play it");
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(
        g.m.record.actions[before].action, action,
        "the hint was played"
    );
    assert_eq!(g.hints.count(0), 1);
    assert_eq!(g.hints.count(1), 0);
    // The move it advised is kept with it: the review judges that decision by it.
    assert_eq!(g.hints.taken[0].action, Some(action));
    assert!(g.shown_hint().is_none(), "the hint goes with its position");
    assert!(g.log_words().iter().any(|l| l == "Ada takes a hint."));
    // The save keeps who took hints, and a resumed game shows it in the log.
    let save = GameSave::from_ron(&g.save().to_ron()).unwrap();
    assert_eq!(save.hints, g.hints);
    // So does a bare game log, as the history keeps it: a review of the game opened from
    // History had not known the hints, and faulted the moves they advised.
    let mut log = g.m.to_record();
    log.advice = g.hints.advice_notes();
    let from_log = GameSave::from_ron(&log.to_ron()).unwrap();
    assert_eq!(from_log.hints.taken, g.hints.taken);
    assert!(!from_log.hints.unknown);
    let mut again = GameScreen::new(Arc::new(Components::default()), None);
    again.open_save(save).unwrap();
    let resumed = again.game.as_ref().unwrap();
    assert!(resumed.log_words().iter().any(|l| l == "Ada takes a hint."));
}

/// The log as it reads back at the position a hint was asked (after an undo to it): the hint
/// is its last line.
#[test]
fn a_hint_asked_where_the_log_stops_is_in_it() {
    use noctiluca::app::game::{HintTaken, LogLine, log_lines};
    let mut m = Match::new(GameConfig::players(2), Components::default(), 7).unwrap();
    m.run_chance_quiet();
    let at = m.record.actions.len();
    let hints = [HintTaken {
        seat: 0,
        at,
        action: None,
    }];
    let lines = log_lines(&m.record, at, &hints);
    assert_eq!(lines.last(), Some(&LogLine::Hint { seat: 0 }));
    // Made, the decision comes after its hint.
    let a = m.state.legal_actions()[0];
    m.apply(a).unwrap();
    let lines = log_lines(&m.record, m.record.actions.len(), &hints);
    let hint = lines.iter().position(|l| *l == LogLine::Hint { seat: 0 });
    assert!(hint.is_some_and(|k| k + 1 < lines.len()), "{lines:?}");
}

/// Enter pressed after H, before the hint comes, waits for it: it had pressed the choice the
/// keyboard was on, a move the player had not meant. Once the hint is shown, Enter plays it.
#[test]
fn enter_before_the_hint_comes_plays_nothing() {
    let mut h = table(true);
    let choice = h
        .query_all_by_label_contains("Set aside ")
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .next()
        .expect("a choice of the draft");
    h.get_by_label(&choice).focus();
    h.run();
    h.key_press(egui::Key::H);
    h.step();
    let before = h.state().game.game.as_ref().unwrap().m.record.actions.len();
    assert!(h.state().game.game.as_ref().unwrap().hint_thinking());
    h.key_press(egui::Key::Enter);
    h.step();
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.m.record.actions.len(), before, "Enter pressed {choice}");
    if g.hint_thinking() {
        assert_shows(&h, "Enter plays the hint once it is shown.");
    }
    wait_until(&mut h, "the hint", hint_shown);
    h.run();
    enter_plays_the_hint(&mut h, before);
}

/// Enter plays the hint shown: it is the log's entry `at`.
fn enter_plays_the_hint(h: &mut Harness<'static, NoctilucaApp>, at: usize) {
    let action = hinted_move(h);
    h.key_press(egui::Key::Enter);
    h.run();
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.m.record.actions.get(at).map(|e| e.action), Some(action));
}

#[test]
fn a_hint_being_worked_out_can_be_cancelled() {
    let mut h = table(true);
    let g = h.state_mut().game.game.as_mut().unwrap();
    g.ask_hint(0.0);
    assert!(matches!(g.hint, HintState::Thinking(_)));
    assert!(!g.can_hint(), "one hint at a time");
    g.cancel_hint();
    assert!(matches!(g.hint, HintState::None));
    assert_eq!(
        g.hints.count(0),
        1,
        "a cancelled hint still counts as taken"
    );
    h.run();
    assert_shows(&h, "💡 Hint");
}

#[test]
fn a_table_without_hints_offers_none() {
    let mut h = table(false);
    assert!(!shows(&h, "💡 Hint"));
    h.key_press(egui::Key::H);
    h.run();
    // Said as this table's set-up, not as a lesson's (it had been told it was learning).
    assert_shows(&h, "Hints are off at this table");
    assert!(!shows(&h, "learning to play"));
    let g = h.state().game.game.as_ref().unwrap();
    assert!(matches!(g.hint, HintState::None));
    assert_eq!(g.hints.count(0), 0);
}

#[test]
fn a_dismissed_hint_comes_back_without_counting_again() {
    let mut h = table(true);
    ask_by_key(&mut h);
    click(&mut h, "Dismiss");
    assert!(!hint_shown(&h));
    assert!(!shows(&h, "Play it"));
    press(&mut h, egui::Key::H);
    assert!(
        hint_shown(&h),
        "the same position's hint is shown again at once"
    );
    assert_eq!(h.state().game.game.as_ref().unwrap().hints.count(0), 1);
}

/// At a dive too, the keyboard goes to Play it as the hint comes (Enter then plays it).
#[test]
fn a_hint_asked_by_key_at_a_dive_has_the_keyboard_on_play_it() {
    let mut h = table(true);
    // Ada's first dive (the AI plays its own seat).
    to_first_dive(&mut h);
    h.run();
    ask_by_key(&mut h);
    let focused: Vec<String> = h
        .query_all_by(|n| n.is_focused())
        .map(|n| {
            format!(
                "{:?} {:?}",
                n.accesskit_node().label(),
                n.accesskit_node().value()
            )
        })
        .collect();
    assert!(
        h.get_by_label("Play it").is_focused(),
        "Play it has not the keyboard; {focused:?} has"
    );
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(!hint_shown(&h));
    // Taken back, and asked again at the same position: the keyboard goes to Play it again
    // (it stayed nowhere, as the first hint there had had it).
    h.state_mut().game.undo();
    h.run();
    assert_eq!(
        h.state().game.game.as_ref().unwrap().m.state.decision(),
        noctiluca::engine::Decision::Dive
    );
    h.key_press(egui::Key::H);
    h.step();
    wait_until(&mut h, "the hint again", hint_shown);
    h.run();
    assert!(h.get_by_label("Play it").is_focused(), "not after an undo");
}

/// At 200% (640×400 points, the table one scrolling column), a hint asked with the keyboard
/// on the board comes into sight with Play it, which has the keyboard.
#[test]
fn in_one_column_a_hint_asked_from_the_board_comes_into_sight() {
    let mut h = table_sized(true, egui::vec2(640.0, 400.0));
    to_first_dive(&mut h);
    h.run();
    h.key_press(egui::Key::B);
    h.run();
    ask_by_key(&mut h);
    let play = h.get_by_label("Play it");
    assert!(play.is_focused(), "Play it has not the keyboard");
    let r = play.rect();
    assert!(
        r.min.y >= 0.0 && r.max.y <= 400.0,
        "Play it out of sight: {r:?}"
    );
}

/// Escape puts a hint away, or stops one being worked out, and stays at the table; the next
/// Escape goes home (it had left the table with the hint open).
#[test]
fn escape_puts_a_hint_away_before_it_leaves_the_table() {
    let mut h = table(true);
    ask_by_key(&mut h);
    press(&mut h, egui::Key::Escape);
    assert!(!hint_shown(&h));
    assert_eq!(h.state().current, ScreenKind::Play);
    // One being worked out: stopped (or, done by then, put away), still at the table.
    let g = h.state_mut().game.game.as_mut().unwrap();
    g.hint = HintState::None;
    g.ask_hint(0.0);
    press(&mut h, egui::Key::Escape);
    let g = h.state().game.game.as_ref().unwrap();
    assert!(!g.hint_thinking() && !hint_shown(&h));
    assert_eq!(h.state().current, ScreenKind::Play);
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Home);
}

/// The hint's comparison with the dive being put together is said while that dive is still
/// the player's: changed (to the hint's own, say), the comparison goes.
#[test]
fn the_comparison_with_the_player_s_dive_goes_when_they_change_it() {
    let mut h = table(true);
    to_first_dive(&mut h);
    h.run();
    let options = {
        let g = h.state().game.game.as_ref().unwrap();
        g.m.state.observation(Some(0)).dive_options(0)
    };
    let mine = options.last().expect("a dive");
    let g = h.state_mut().game.game.as_mut().unwrap();
    g.pick.shore = Some(mine.shore);
    g.pick.path = Some(mine.path);
    g.pick.number = Some(mine.number);
    h.run();
    ask_by_key(&mut h);
    let compared = |h: &Harness<'_, NoctilucaApp>| {
        shows(h, "than your choice") || shows(h, "is about as good.")
    };
    assert!(compared(&h), "the comparison with the player's dive");
    let hinted = hinted_move(&h);
    let noctiluca::engine::Action::Dive {
        shore,
        path,
        number,
    } = hinted
    else {
        panic!("a dive's hint: {hinted:?}")
    };
    let g = h.state_mut().game.game.as_mut().unwrap();
    g.pick.shore = Some(shore);
    g.pick.path = Some(path);
    g.pick.number = Some(number);
    h.run();
    assert!(hint_shown(&h));
    assert!(!compared(&h), "the comparison stayed");
}

/// A hint that is the very dive being put together says so, rather than weighing it against
/// itself ("Your choice (…) is about as good.").
#[test]
fn a_hint_of_the_dive_put_together_says_it_is_that_dive() {
    let mut h = table(true);
    to_first_dive(&mut h);
    h.run();
    ask_by_key(&mut h);
    let noctiluca::engine::Action::Dive {
        shore,
        path,
        number,
    } = hinted_move(&h)
    else {
        panic!("a dive's hint")
    };
    // The player had put the hint's dive together as they asked.
    let g = h.state_mut().game.game.as_mut().unwrap();
    g.pick.shore = Some(shore);
    g.pick.path = Some(path);
    g.pick.number = Some(number);
    if let HintState::Shown { hint, .. } = &mut g.hint {
        hint.versus = Some((hint.action, 0.0));
    }
    h.run();
    assert!(shows(&h, "That is the dive you are putting together."));
    assert!(!shows(&h, "is about as good."));
    // One path, lit: not the hint's shaded beside the player's outlined.
    assert!(shows(&h, "The path is lit on the board."));
    assert!(!shows(
        &h,
        "the outlined one is the dive you are putting together"
    ));
}

/// In the next game too, the first hint gives Play it the keyboard (hints counted per game had
/// been taken for the last game's, offered already: H then Enter did nothing).
#[test]
fn the_next_games_hint_has_the_keyboard_on_play_it() {
    let mut h = table(true);
    ask_by_key(&mut h);
    assert!(h.get_by_label("Play it").is_focused());
    h.key_press(egui::Key::Enter);
    h.run();
    h.state_mut().game.start().expect("another game starts");
    wait_until(&mut h, "Ada's first decision", |h| {
        h.state().game.game.as_ref().unwrap().human_to_act() == Some(0)
    });
    ask_by_key(&mut h);
    assert!(
        h.get_by_label("Play it").is_focused(),
        "Play it has not the keyboard in the next game"
    );
}
