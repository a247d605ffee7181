//! The review on the end screen: started by a button, with progress, it lists the costliest
//! decisions with what was better, jumps the replay to one, and draws the estimates.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::ai::{decide, make_bot};
use noctiluca::app::game::{GameSave, GameScreen, ReviewState};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use std::sync::Arc;

/// A finished two-player game between an Easy and a Random bot, opened from its log (so both
/// seats show as people, and both are reviewed).
fn finished_game() -> Harness<'static, NoctilucaApp> {
    let mut m = Match::new(GameConfig::players(2), Components::default(), 21).unwrap();
    let mut bots = [make_bot("easy", 1).unwrap(), make_bot("random", 2).unwrap()];
    while !m.state.is_over() {
        match m.state.to_act() {
            ToAct::Seat(s) => {
                let a = decide(bots[s as usize].as_mut(), &m.state).unwrap();
                m.apply_quiet(a).unwrap();
            }
            _ => m.run_chance_quiet(),
        }
    }
    let mut record = m.to_record();
    record.names = vec!["Ada".into(), "Bea".into()];
    let save = GameSave::from_ron(&record.to_ron()).unwrap();
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    app.game.open_save(save).unwrap();
    let mut h = harness(app);
    h.run();
    h
}

#[test]
fn the_review_lists_the_costliest_decisions_and_jumps_the_replay_to_one() {
    let mut h = finished_game();
    assert_shows(&h, "The game is over");
    // Both people's sides, named as a sentence names two ("Ada, Bea" before).
    assert_shows(&h, "from the side of Ada and Bea, decision by decision");
    h.get_by_label("Review the game").click();
    h.step();
    h.step();
    let g = h.state_mut().game.game.as_mut().unwrap();
    assert!(g.review.is_some(), "the review started");
    g.wait_for_review();
    h.run();
    let (entry, seat, turn, count, played, better) = {
        let g = h.state().game.game.as_ref().unwrap();
        let Some(ReviewState::Done(r)) = &g.review else {
            panic!("the review finished")
        };
        assert!(
            !r.mistakes.is_empty(),
            "a random player loses points somewhere"
        );
        assert!(r.mistakes.len() <= noctiluca::ai::advice::MISTAKES);
        let m = &r.mistakes[0];
        (
            m.entry,
            m.seat,
            r.turn_of(m.entry),
            r.mistakes.len(),
            m.played,
            m.better,
        )
    };
    assert_shows(&h, "decisions judged");
    assert_shows(&h, "points lost");
    assert_shows(&h, "Played:");
    assert_shows(&h, "Better:");
    assert_shows(&h, "Estimated final lead at each quarter of the game: Ada:");
    assert_shows(
        &h,
        "The thin orange lines mark the turns of the costly decisions",
    );
    // One button a mistake, each named for its decision.
    let names: Vec<String> = h
        .query_all_by_label_contains("Show moment ")
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert_eq!(names.len(), count);
    assert!(names[0].starts_with("Show moment 1: "), "{names:?}");
    h.query_all_by_label_contains("Show moment 1: ")
        .next()
        .unwrap()
        .click();
    h.run();
    let g = h.state().game.game.as_ref().unwrap();
    let r = g.replay.as_ref().expect("the replay opened");
    // The replay shows the position just before the costly decision, that seat to act.
    assert_eq!(r.steps[r.at], entry - 1);
    assert_eq!(r.state.to_act(), ToAct::Seat(seat));
    assert!(turn <= 24);
    assert_shows(&h, "Replay");
    // The board draws the moment: the dive played lit, its dice counted on each space of its
    // path (a decision that is no dive draws nothing of its own).
    let moment = r.moment.expect("the moment kept");
    assert_eq!(
        (moment.at, moment.played, moment.better),
        (r.at, played, better)
    );
    let counted = h.query_all_by_label_contains("the dive collects").count();
    match played {
        Action::Dive { shore, path, .. } => {
            let spaces = noctiluca::engine::board::board()
                .path(shore, path)
                .mask
                .count_ones();
            assert_eq!(counted, spaces as usize);
            assert_shows(&h, "On the board: the dive played is lit");
        }
        _ => assert_eq!(counted, 0),
    }
    // The keyboard is on the replay's step buttons: → steps on.
    let on_step = |h: &Harness<'_, NoctilucaApp>| {
        ["Step forward →", "← Step back"]
            .iter()
            .any(|l| h.get_by_label(l).is_focused())
    };
    assert!(on_step(&h), "the replay's buttons have not the keyboard");
    let step = |h: &Harness<'_, NoctilucaApp>| {
        let g = h.state().game.game.as_ref().unwrap();
        g.replay.as_ref().unwrap().at
    };
    let at = step(&h);
    press(&mut h, eframe::egui::Key::ArrowRight);
    assert_eq!(step(&h), at + 1);
}

#[test]
fn a_review_under_way_can_be_cancelled() {
    let mut h = finished_game();
    let g = h.state_mut().game.game.as_mut().unwrap();
    g.start_review();
    assert!(matches!(g.review, Some(ReviewState::Working { .. })));
    g.cancel_review();
    assert!(g.review.is_none());
    h.run();
    assert_shows(&h, "Review the game");
}

/// By keyboard: Enter on "Review the game" gives the keyboard to Cancel, which takes its
/// place, and the finished review to its first "Show this moment"; Tab then goes down the
/// review with the column following it, to the plot's last seat. (The button went away with
/// the keyboard on it, and nothing below the window could be reached.)
#[test]
fn the_review_is_read_by_keyboard_to_its_end() {
    let mut h = finished_game();
    let review = h.get_by_label("Review the game");
    review.focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.step();
    h.step();
    assert!(
        h.state().game.game.as_ref().unwrap().review.is_some(),
        "the review started"
    );
    assert!(
        h.get_by_label("Cancel").is_focused(),
        "Cancel took the keyboard"
    );
    h.state_mut().game.game.as_mut().unwrap().wait_for_review();
    h.run();
    assert!(
        h.get_by_label_contains("Show moment 1:").is_focused(),
        "the first moment took the keyboard"
    );
    // Tab down to the plot's last seat: each widget reached is in the window.
    let window = h.ctx.content_rect();
    let mut reached = Vec::new();
    for _ in 0..40 {
        h.key_press(egui::Key::Tab);
        h.run();
        let Some(node) = h.query_all_by(|n| n.is_focused()).next() else {
            panic!("Tab lost the keyboard after {reached:?}")
        };
        let label = node.accesskit_node().label().unwrap_or_default();
        let b = node.accesskit_node().bounding_box().unwrap();
        assert!(
            b.y0 >= window.top() as f64 - 1.0 && b.y1 <= window.bottom() as f64 + 1.0,
            "{label} at {b:?}, out of the window {window:?}"
        );
        reached.push(label.clone());
        if label == "Bea" {
            break;
        }
    }
    assert_eq!(
        reached.last().map(String::as_str),
        Some("Bea"),
        "{reached:?}"
    );
}
