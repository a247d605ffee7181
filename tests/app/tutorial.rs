//! Learn to play: both courses complete by following their instructions; a move a step does
//! not ask for is refused with the rule and the course does not move on; leaving and coming
//! back resumes at the same step; every lesson comes up on the courses' seeds.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::game::HintState;
use noctiluca::app::tutorial::TutorialScreen;
use noctiluca::app::tutorial::script::{self, Course, Skill, Stage, Want};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use std::path::Path;

pub(crate) fn course_app(save: Option<&Path>) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.tutorial = TutorialScreen::new(save.map(Path::to_path_buf));
    app.tutorial.play.animate = false;
    let mut h = harness(app);
    click(&mut h, "Learn to play");
    h
}

/// Clicks a button while the game may still be moving (bots, chance): frames, not `run`.
pub(crate) fn press_button(h: &mut Harness<'static, NoctilucaApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.step();
    h.get_by_label(label).click();
    h.step();
    h.step();
}

/// Entries in the course game's log so far.
pub(crate) fn entries(h: &Harness<'_, NoctilucaApp>) -> usize {
    let g = h.state().tutorial.play.game.as_ref();
    g.expect("a course game").m.record.actions.len()
}

pub(crate) fn tutor(h: &Harness<'_, NoctilucaApp>) -> script::Tutor {
    h.state()
        .tutorial
        .play
        .tutor
        .clone()
        .expect("a course is running")
}

pub(crate) fn want(h: &Harness<'_, NoctilucaApp>) -> Want {
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    tutor(h).want(&g.m.state)
}

fn assert_not_shown(h: &Harness<'_, NoctilucaApp>, text: &str) {
    assert!(!shows(h, text), "did not expect {text:?} on screen");
}

/// The card's count of parts done is on one line, whatever the title beside it ("2 of 10"
/// went above "parts done" beside a long one).
fn assert_count_on_one_line(h: &Harness<'_, NoctilucaApp>) {
    let Some(node) = h.query_all_by_label_contains(" parts done").next() else {
        return;
    };
    let b = node.accesskit_node().bounding_box().unwrap();
    assert!(b.y1 - b.y0 < 20.0, "{b:?}: the count over two lines");
}

/// Follows the course's instructions until `stop` holds (or the course is done): Continue
/// by its button, moves as the step names them, through the screen's own path for moves.
pub(crate) fn follow(
    h: &mut Harness<'static, NoctilucaApp>,
    stop: impl Fn(&script::Tutor) -> bool,
) {
    for _ in 0..20_000 {
        let t = tutor(h);
        if stop(&t) || t.stage == Stage::Done {
            return;
        }
        match want(h) {
            Want::Continue => {
                let label = if t.stage == Stage::Scoring {
                    "Finish"
                } else {
                    "Continue"
                };
                press_button(h, noctiluca::i18n::tr(label));
            }
            Want::Move(a) => {
                assert_count_on_one_line(h);
                // The step's text names the move it asks for.
                let words = {
                    let g = h.state().tutorial.play.game.as_ref().unwrap();
                    noctiluca::words::ActionWords::describe(&a, &g.m.state.comps)
                };
                assert_shows(h, &words);
                if let Action::Store { slot, .. } = a {
                    // Which jar that is (both may be one colour), without saying the move a
                    // second time ("It puts an orange die into jar 1, your red jar").
                    assert_shows(h, &format!("Jar {} is your ", slot + 1));
                    assert_not_shown(h, "It puts");
                }
                h.state_mut().tutorial.play.act(a, 0.0);
                h.step();
            }
            Want::Wait => {
                std::thread::sleep(std::time::Duration::from_millis(1));
                h.step();
            }
            // The learner's own seat (after "Play it myself"): any legal move, here the last
            // listed, which the guide would seldom choose.
            Want::Free => {
                let legal = {
                    let g = h.state().tutorial.play.game.as_ref().unwrap();
                    g.m.state.legal_actions()
                };
                h.state_mut()
                    .tutorial
                    .play
                    .act(*legal.last().expect("a decision"), 0.0);
                h.step();
            }
        }
    }
    panic!("the course did not get there: {:?}", tutor(h));
}

/// The table stands at the first dive of round 2, by its first player, nobody having moved in
/// round 2 yet: where the round-2 card belongs (it came up after that dive, with a passed die
/// waiting for the learner).
fn assert_at_round_two_start(h: &Harness<'_, NoctilucaApp>) {
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    let s = &g.m.state;
    assert_eq!(s.round, 2);
    assert_eq!(s.decision(), Decision::Dive);
    assert_eq!(s.to_act(), ToAct::Seat(s.first_player));
    assert_eq!(s.turn, 0, "a turn of round 2 was played before its card");
}

#[test]
fn the_two_player_course_completes_by_following_its_instructions() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    assert_shows(&h, "0 of 10 parts done");
    follow(&mut h, |t| t.stage == Stage::RoundTwo);
    assert_shows(&h, "round 2 goes counter-clockwise");
    assert_at_round_two_start(&h);
    // It stays there while the card is read.
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    assert_at_round_two_start(&h);
    follow(&mut h, |t| t.stage == Stage::Scoring);
    assert_shows(&h, "was a tie");
    let t = tutor(&h);
    for s in [
        Skill::Draft,
        Skill::Dive,
        Skill::Store,
        Skill::Take,
        Skill::NewJar,
    ] {
        assert!(t.has(s), "{s:?} was taught");
    }
    follow(&mut h, |_| false);
    assert_eq!(tutor(&h).stage, Stage::Done);
    assert_shows(&h, "You have played a whole two-player game");
    assert_shows(&h, "10 of 10 parts done");
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    assert!(g.m.state.is_over());
    assert!(!g.hints.allowed && !g.undo_allowed);
    // A lesson has no hints, and its end does not say so as of a table set up without them.
    assert!(!shows(&h, "Hints were off at this table."));
    // Learn to play, later, offers both courses again (the solo one too), not the finished
    // table, nor a lesson "under way".
    press_button(&mut h, "← Home");
    press_button(&mut h, "Learn to play");
    assert_eq!(h.state().current, ScreenKind::Tutorial);
    assert!(h.state().tutorial.play.game.is_none());
    assert_shows(&h, "The solo game");
    assert_not_shown(&h, "is under way: part");
    // The course played through is marked done (with the settings, kept), the other not.
    assert_eq!(
        h.state().shared.settings.courses_done,
        vec![script::Course::TwoPlayer]
    );
    let said = |label: &str| {
        h.get_by_label(label)
            .accesskit_node()
            .description()
            .unwrap_or_default()
    };
    assert!(said("Two players").ends_with("Done: you played it through."));
    assert!(!said("The solo game").contains("Done"));
}

#[test]
fn the_solo_course_completes_and_explains_the_tempest() {
    let mut h = course_app(None);
    press_button(&mut h, "The solo game");
    // Alone at the table: nobody else drafts, and the AI plays one seat.
    follow(&mut h, |t| t.stage == Stage::Guided);
    assert_shows(&h, "Keep two and set one aside.");
    assert_not_shown(&h, "other player");
    follow(&mut h, |t| t.tempest_pending);
    assert_shows(&h, "the tempest struck (see the box below");
    follow(&mut h, |t| matches!(t.stage, Stage::ToRoundTwo { .. }));
    assert_shows(
        &h,
        "dice you collect that fit none of your jars go to the tempest",
    );
    assert_shows(&h, "the AI plays your seat");
    assert_not_shown(&h, "both seats");
    follow(&mut h, |t| t.stage == Stage::RoundTwo);
    assert_shows(&h, "now turns counter-clockwise");
    // The AI played Ada's seat until now: nothing of it is left thinking while the lesson
    // waits to be read.
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    assert_eq!(g.thinking(), None);
    assert!(!shows(&h, "is thinking"));
    follow(&mut h, |_| false);
    assert!(tutor(&h).has(Skill::Tempest));
    assert_shows(&h, "You have played a whole solo game");
    assert_not_shown(&h, "every rule");
}

fn is_dive_step(h: &Harness<'_, NoctilucaApp>) -> bool {
    matches!(want(h), Want::Move(Action::Dive { .. }))
}

#[test]
fn a_wrong_move_is_refused_with_the_rule_and_the_course_waits() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    to_the_first_dive(&mut h);
    let Want::Move(right) = want(&h) else {
        panic!("a dive step")
    };
    let (wrong, entries, before) = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        let wrong =
            g.m.state
                .legal_actions()
                .into_iter()
                .find(|a| *a != right)
                .unwrap();
        (wrong, g.m.record.actions.len(), tutor(&h))
    };
    h.state_mut().tutorial.play.act(wrong, 0.0);
    h.step();
    h.step();
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    assert_eq!(
        g.m.record.actions.len(),
        entries,
        "the wrong dive was not played"
    );
    let t = tutor(&h);
    let why = t.refused.clone().expect("the refusal is explained");
    assert!(
        why.contains("A dive collects every die showing the number"),
        "{why}"
    );
    assert!(why.contains("This step asks for: Ada dives from"), "{why}");
    assert_shows(&h, "A dive collects every die showing the number");
    // Another dive put together on the board: the refusal was about the one before.
    let shore = match right {
        Action::Dive { shore, .. } => shore,
        _ => unreachable!(),
    };
    let g = h.state_mut().tutorial.play.game.as_mut().unwrap();
    g.pick.shore = Some(shore);
    h.run();
    assert!(!shows(&h, "A dive collects every die showing the number"));
    h.state_mut().tutorial.play.game.as_mut().unwrap().pick = Default::default();
    h.run();
    assert_eq!(
        (t.stage, t.done),
        (before.stage, before.done),
        "the course did not move on"
    );
    // A dive from another shore that collects the same dice (the lesson's spaces, reached
    // the other way round): the same dice, and said so, though the course keeps its own.
    let same = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        let obs = g.m.state.observation(Some(0));
        let reason = |a: &Action| noctiluca::ai::advice::reason(&obs, 0, a);
        let wanted = reason(&right);
        g.m.state
            .legal_actions()
            .into_iter()
            .find(|a| *a != right && reason(a) == wanted)
            .expect("the lesson's dive can be made from another shore")
    };
    h.state_mut().tutorial.play.act(same, 0.0);
    h.step();
    let why = tutor(&h).refused.clone().expect("explained");
    assert!(
        why.contains("collects the same dice as the lesson's"),
        "{why}"
    );
    // The right move is taken, and the explanation goes.
    h.state_mut().tutorial.play.act(right, 0.0);
    h.step();
    let t = tutor(&h);
    assert!(t.has(Skill::Dive));
    assert!(t.refused.is_none());
}

#[test]
fn leaving_and_coming_back_resumes_at_the_same_step() {
    let dir = scratch("tutorial-resume");
    let save = dir.join(noctiluca::app::tutorial::SAVE_FILE);
    let _ = std::fs::remove_file(&save);
    let mut h = course_app(Some(&save));
    press_button(&mut h, "Two players");
    follow(&mut h, |t| t.has(Skill::Dive));
    let (stage, done, entries, wanted) = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        let t = tutor(&h);
        (
            t.stage,
            t.done,
            g.m.record.actions.len(),
            t.want(&g.m.state),
        )
    };
    // Leave (Esc goes home), then start the app again on the same data folder.
    h.key_press(egui::Key::Escape);
    h.step();
    h.step();
    assert_eq!(h.state().current, ScreenKind::Home);
    drop(h);
    let mut h = course_app(Some(&save));
    assert_shows(&h, "is under way: part");
    press_button(&mut h, "Continue where you left off");
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    let t = tutor(&h);
    assert_eq!((t.stage, t.done), (stage, done));
    assert_eq!(g.m.record.actions.len(), entries);
    assert_eq!(
        t.want(&g.m.state),
        wanted,
        "the same step asks for the same move"
    );
    // And the course goes on to its end from there.
    follow(&mut h, |_| false);
    assert_eq!(tutor(&h).stage, Stage::Done);
    // A course played to its end is not offered as one under way.
    h.run();
    drop(h);
    let h = course_app(Some(&save));
    assert!(save.exists());
    assert_not_shown(&h, "is under way: part");
    assert_shows(&h, "Two players");
}

#[test]
fn new_game_in_a_course_keeps_it_on_offer_and_files_stay_out_of_it() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    follow(&mut h, |t| t.has(Skill::Dive));
    // The course keeps itself: no Save… or Open… (a file opened here would take its place).
    assert!(!shows(&h, "Save…") && !shows(&h, "Open…"));
    let (done, entries) = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        (tutor(&h).done, g.m.record.actions.len())
    };
    // "Leave the lesson" (it had been called "New game"): back to the courses, with the one
    // under way offered.
    assert!(!shows(&h, "New game"));
    press_button(&mut h, "Leave the lesson");
    assert!(h.state().tutorial.play.game.is_none());
    assert_shows(&h, "is under way: part");
    press_button(&mut h, "Continue where you left off");
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    assert_eq!(g.m.record.actions.len(), entries);
    assert_eq!(tutor(&h).done, done);
}

#[test]
fn every_lesson_comes_up_on_the_courses_seeds() {
    assert!(script::good_seed(
        Course::TwoPlayer,
        script::TWO_PLAYER_SEED
    ));
    assert!(script::good_seed(Course::Solo, script::SOLO_SEED));
}

#[test]
fn the_course_speaks_chinese() {
    let mut h = course_app(None);
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    press_button(&mut h, "雙人遊戲");
    assert_shows(&h, "學習遊戲");
    follow(&mut h, |t| t.has(Skill::Dive));
    assert_shows(&h, "第");
    assert_all_translated("the two-player course in Chinese");
}

/// "Do it for me" makes the step's move for the learner, and the course goes on as if they
/// had made it; a step that is read offers no such button.
#[test]
fn do_it_for_me_makes_the_steps_move() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    h.run();
    assert!(
        h.query_by_label("Do it for me").is_none(),
        "Welcome is read"
    );
    follow(&mut h, |t| t.stage == Stage::Guided);
    for _ in 0..200 {
        if matches!(want(&h), Want::Move(_)) {
            break;
        }
        h.step();
    }
    let Want::Move(first) = want(&h) else {
        panic!("no move asked for")
    };
    assert!(matches!(first, Action::Draft { .. }), "{first:?}");
    let before = entries(&h);
    press_button(&mut h, "Do it for me");
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    assert_eq!(
        g.m.record.actions[before].action, first,
        "the step's own move"
    );
    assert!(tutor(&h).has(Skill::Draft), "counted as done");
    assert!(tutor(&h).refused.is_none());
}

/// "The saved game continues where it stopped." belongs to the step it was said at: Continue
/// takes it away with the step.
#[test]
fn the_resumed_line_goes_with_its_step() {
    let dir = scratch("tutorial-resume-line");
    let save = dir.join(noctiluca::app::tutorial::SAVE_FILE);
    let _ = std::fs::remove_file(&save);
    let mut h = course_app(Some(&save));
    press_button(&mut h, "Two players");
    assert_eq!(tutor(&h).stage, Stage::Welcome);
    h.key_press(egui::Key::Escape);
    h.step();
    drop(h);
    let mut h = course_app(Some(&save));
    press_button(&mut h, "Continue where you left off");
    h.run();
    assert_shows(&h, "The saved game continues where it stopped.");
    // Worded in the language of the moment (it stayed in English after a switch).
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    assert_shows(&h, "存檔的遊戲從上次停下的地方繼續。");
    set_language(&mut h, noctiluca::i18n::Lang::En);
    press_button(&mut h, "Continue");
    h.run();
    assert_eq!(tutor(&h).stage, Stage::Guided);
    assert!(!shows(&h, "The saved game continues where it stopped."));
}

/// H, the hint's key elsewhere, says why there is no hint in a lesson (it did nothing).
#[test]
fn the_hint_key_says_a_lesson_has_no_hints() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    follow(&mut h, |t| t.stage == Stage::Guided);
    for _ in 0..200 {
        if matches!(want(&h), Want::Move(_)) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.step();
    }
    assert!(matches!(want(&h), Want::Move(_)), "the learner's move");
    h.key_press(egui::Key::H);
    h.run();
    assert_shows(
        &h,
        "No hints while learning to play: the card above says what to do.",
    );
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    assert!(matches!(g.hint, HintState::None), "no hint asked for");
}

/// Instead of watching the AI play their seat to round 2, the learner plays it: any legal
/// move is taken (none is refused), nothing is played for them, and the course goes on at
/// round 2 as before, where the choice is offered again.
#[test]
fn the_learner_can_play_the_watched_part_themselves() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    follow(&mut h, |t| t.stage == Stage::ToRoundTwo { started: false });
    assert_shows(&h, "Every part of a turn");
    press_button(&mut h, "Play it myself");
    let t = tutor(&h);
    assert!(t.self_play && t.autopilot() == noctiluca::app::game::course::Autopilot::Off);
    assert_eq!(t.stage, Stage::ToRoundTwo { started: true });
    // The AI does not play Ada's seat: the game waits for her.
    let mut free = 0;
    for _ in 0..20_000 {
        if tutor(&h).stage != (Stage::ToRoundTwo { started: true }) {
            break;
        }
        if want(&h) == Want::Free {
            assert_shows(&h, "Your seat is yours");
            let g = h.state().tutorial.play.game.as_ref().unwrap();
            assert_eq!(g.human_to_act(), Some(0), "Ada's decision waits for her");
            let a = *g.m.state.legal_actions().last().unwrap();
            let mut t = tutor(&h);
            assert_eq!(t.check(&g.m.state, &a), Ok(()));
            h.state_mut().tutorial.play.act(a, 0.0);
            free += 1;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.step();
    }
    assert!(free > 0, "Ada played none of round 1's rest");
    let t = tutor(&h);
    assert_eq!(t.stage, Stage::RoundTwo);
    assert_at_round_two_start(&h);
    assert!(
        !t.self_play,
        "the choice is offered again for the next part"
    );
    // And the course still runs to its end.
    follow(&mut h, |_| false);
    assert_eq!(tutor(&h).stage, Stage::Done);
}

/// "Watch the board and the log": the AI plays the rest of round 1 at the AI's pace, to be
/// watched (it had played it out in three seconds).
#[test]
fn the_watched_part_goes_at_the_ais_pace() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    follow(&mut h, |t| t.stage == Stage::ToRoundTwo { started: false });
    assert_shows(&h, "watch the board and the log");
    let play = &mut h.state_mut().tutorial.play;
    play.animate = true;
    play.pace = 0.8;
    let decisions = |h: &Harness<'_, NoctilucaApp>| {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        g.m.record
            .actions
            .iter()
            .filter(|e| !e.action.is_chance())
            .count()
    };
    let before = decisions(&h);
    press_button(&mut h, "Continue");
    assert_eq!(
        tutor(&h).autopilot(),
        noctiluca::app::game::course::Autopilot::Paced
    );
    // The card says the AI is playing, no longer to press the Continue that has gone.
    assert_shows(&h, "The AI is playing both seats to the end of round 1");
    assert_not_shown(&h, "Press Continue");
    assert_not_shown(&h, "Continue");
    // Two seconds of frames (a quarter of a second each), the bots given time to answer.
    for _ in 0..8 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    let played = decisions(&h) - before;
    assert!(
        (1..=3).contains(&played),
        "{played} decisions in two seconds"
    );
}

/// The two-player course from its start to its first jar-draft step; the draft the step
/// asks for.
pub(crate) fn to_the_draft(h: &mut Harness<'static, NoctilucaApp>) -> Action {
    press_button(h, "Two players");
    for _ in 0..200 {
        if matches!(want(h), Want::Move(Action::Draft { .. })) {
            break;
        }
        match want(h) {
            Want::Continue => press_button(h, "Continue"),
            _ => h.step(),
        }
    }
    let Want::Move(right) = want(h) else {
        panic!("a draft step")
    };
    right
}

/// A refused draft card's explanation takes the place of the step's text (it says again what
/// the step asks for): the cards to choose from stay about where they were, rather than
/// moving down by the explanation's height under the pointer.
#[test]
fn a_refusal_takes_the_step_text_s_place() {
    let mut h = course_app(None);
    let right = to_the_draft(&mut h);
    let choices = |h: &Harness<'_, NoctilucaApp>| -> Vec<f64> {
        h.query_all_by_label_contains("Set aside")
            .map(|n| n.accesskit_node().bounding_box().unwrap().y0)
            .collect()
    };
    let before = choices(&h);
    assert_eq!(before.len(), 3);
    let wrong = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        g.m.state
            .legal_actions()
            .into_iter()
            .find(|a| *a != right)
            .unwrap()
    };
    h.state_mut().tutorial.play.act(wrong, 0.0);
    h.step();
    h.step();
    let why = tutor(&h).refused.clone().expect("explained");
    assert!(why.contains("This step asks for"), "{why}");
    let after = choices(&h);
    for (b, a) in before.iter().zip(&after) {
        assert!((a - b).abs() < 60.0, "a choice moved from {b} to {a}");
    }
}

/// At the largest text size in a small window, a refusal is brought into sight: it appears
/// above the choices, where the page had been scrolled down to (nothing seemed to happen).
#[test]
fn a_refusal_is_in_sight_at_the_largest_text() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.tutorial = TutorialScreen::new(None);
    app.tutorial.play.animate = false;
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 1024.0, 600.0);
    h.run();
    click(&mut h, "Learn to play");
    let right = to_the_draft(&mut h);
    // Down to the last choice, as a player reaching for it.
    let last = h.query_all_by_label_contains("Set aside").count() - 1;
    h.query_all_by_label_contains("Set aside")
        .nth(last)
        .unwrap()
        .scroll_to_me();
    h.step();
    h.step();
    let wrong = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        let legal = g.m.state.legal_actions();
        legal.into_iter().rfind(|a| *a != right).unwrap()
    };
    h.state_mut().tutorial.play.act(wrong, 0.0);
    for _ in 0..4 {
        h.step();
    }
    assert!(tutor(&h).refused.is_some(), "refused");
    let b = h
        .get_by_label_contains("This step asks for")
        .accesskit_node()
        .bounding_box()
        .unwrap();
    assert!(b.y0 >= 0.0 && b.y1 <= 600.0, "the refusal is at {b:?}");
}

/// The text of the course's step, found by `start` in it.
fn step_text(h: &Harness<'_, NoctilucaApp>, start: &str) -> String {
    h.query_all_by(|n| n.value().is_some_and(|v| v.contains(start)))
        .find_map(|n| n.accesskit_node().value())
        .expect("the step's text")
}

/// Follows the two-player course to its first dive step.
fn to_the_first_dive(h: &mut Harness<'static, NoctilucaApp>) {
    for _ in 0..2000 {
        if is_dive_step(h) {
            return;
        }
        follow(h, |_| true);
        match want(h) {
            Want::Continue => press_button(h, "Continue"),
            Want::Move(a) if !matches!(a, Action::Dive { .. }) => {
                h.state_mut().tutorial.play.act(a, 0.0);
                h.step();
            }
            _ => h.step(),
        }
    }
}

/// The draft step says why its choice is good when it looks wrong: the course sets aside the
/// card with two spaces of the learner's favourite colour (green), and says what keeping the
/// two red jars is for and what the green spaces were worth (it said only which cards it kept).
#[test]
fn the_draft_step_says_why_it_gives_up_the_favourite_colour() {
    let mut h = course_app(None);
    to_the_draft(&mut h);
    let text = step_text(&h, "Your move: Ada sets aside");
    assert!(
        text.contains("two red jars, whose tokens both count toward the red majority"),
        "{text}"
    );
    assert!(
        text.contains("gives up 2 spaces of your favourite colour, green"),
        "{text}"
    );
}

/// The first dive step says how to dive by keyboard, and its keys work from the course's
/// card: B takes the keyboard from "Do it for me" to the board (Tab took a dozen presses).
#[test]
fn the_first_dive_step_says_how_to_dive_by_keyboard() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    to_the_first_dive(&mut h);
    h.run();
    let text = step_text(&h, "Your move: Ada dives");
    assert!(
        text.contains("By keyboard: B takes you to the board"),
        "{text}"
    );
    assert_eq!(
        crate::table_keys::focused(&h).as_deref(),
        Some("Do it for me")
    );
    // The card's long title and its count wrap: nothing is pushed off the window (the
    // players' cards and the log had run off its right edge).
    assert_eq!(crate::layout::outside(&h, 1280.0), Vec::<String>::new());
    crate::table_keys::key(&mut h, egui::Key::B);
    let on = crate::table_keys::focused(&h).unwrap_or_default();
    assert!(on.starts_with("Shore S"), "{on}");
}

/// A two-player lesson followed to its first dive, then left (Escape) and the app closed: its
/// scratch folder, the course's save in it, and the log entries played.
fn a_lesson_left_at_its_first_dive(name: &str) -> (Scratch, std::path::PathBuf, usize) {
    let dir = scratch(name);
    let save = dir.join(noctiluca::app::tutorial::SAVE_FILE);
    let _ = std::fs::remove_file(&save);
    let mut h = course_app(Some(&save));
    press_button(&mut h, "Two players");
    follow(&mut h, |t| t.has(Skill::Dive));
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    let entries = g.m.record.actions.len();
    h.key_press(egui::Key::Escape);
    h.step();
    h.step();
    (dir, save, entries)
}

/// A course pressed while a lesson is under way asks before it replaces it: the first press
/// says so, the lesson is still there to continue; a second press starts it again.
#[test]
fn starting_a_course_again_asks_before_it_replaces_the_lesson_under_way() {
    let (_dir, save, entries) = a_lesson_left_at_its_first_dive("tutorial-restart");
    let mut h = course_app(Some(&save));
    // Named: which course a press of the other would replace.
    assert_shows(&h, "A lesson of “Two players” is under way: part");
    press_button(&mut h, "The solo game");
    assert_shows(
        &h,
        "Starting “The solo game” replaces the lesson of “Two players” under way.",
    );
    let at = |h: &Harness<'_, NoctilucaApp>| {
        h.query_all_by_label_contains("Two players")
            .next()
            .unwrap()
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let before = at(&h);
    press_button(&mut h, "Two players");
    assert!(h.state().tutorial.play.game.is_none(), "replaced at once");
    assert_shows(&h, "Starting again replaces the lesson under way.");
    // The button stays where it was for the second press (the warning had pushed it down).
    assert_eq!(at(&h), before);
    // Changed their mind: the lesson is where it was.
    press_button(&mut h, "Continue where you left off");
    let g = h.state().tutorial.play.game.as_ref().unwrap();
    assert_eq!(g.m.record.actions.len(), entries);
    h.key_press(egui::Key::Escape);
    h.step();
    h.step();
    drop(h);
    // Asked, and pressed again: the course starts from its beginning.
    let mut h = course_app(Some(&save));
    press_button(&mut h, "Two players");
    press_button(&mut h, "Two players");
    let g = h
        .state()
        .tutorial
        .play
        .game
        .as_ref()
        .expect("started again");
    assert!(g.m.record.actions.len() < entries);
    assert!(
        !tutor(&h).has(Skill::Dive),
        "the course starts from its beginning"
    );
}

/// A lesson under way is offered on the home screen, and taken up from there at its step (it
/// was offered only on the course's own page).
#[test]
fn home_offers_the_lesson_under_way() {
    let (_dir, save, entries) = a_lesson_left_at_its_first_dive("tutorial-home");
    // The app started again on the same data folder.
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.tutorial = TutorialScreen::new(Some(save.clone()));
    app.tutorial.play.animate = false;
    let mut h = harness(app);
    h.run();
    let offer = h
        .query_all_by_label_contains("Continue Learn to play (two players) — ")
        .next()
        .and_then(|n| n.accesskit_node().label())
        .expect("the lesson offered on Home");
    assert!(offer.ends_with(" of 10 parts done"), "{offer}");
    click(&mut h, &offer);
    assert_eq!(h.state().current, ScreenKind::Tutorial);
    let g = h.state().tutorial.play.game.as_ref().expect("taken up");
    assert_eq!(g.m.record.actions.len(), entries);
}
