//! The course by keyboard: Enter on a card to read, and the keyboard on each card's main
//! button.

use crate::app_support::*;
use crate::tutorial::{course_app, entries, follow, press_button, tutor, want};
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::tutorial::script::{Skill, Want};
use noctiluca::engine::*;

#[test]
fn enter_continues_a_read_step_only_when_nothing_else_takes_it() {
    let mut h = course_app(None);
    press_button(&mut h, "The solo game");
    follow(&mut h, |t| t.tempest_pending);
    assert_shows(&h, "the tempest struck");
    // The card's Continue has the keyboard as it comes.
    assert!(h.get_by_label("Continue").is_focused());
    // A dive being put together by keyboard on this read step (the keyboard on the board, not
    // on Continue): Enter is meant for it, and the lesson stays (the dive itself is refused:
    // this step is read).
    h.ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
    });
    h.state_mut()
        .tutorial
        .play
        .game
        .as_mut()
        .unwrap()
        .pick
        .shore = Some(0);
    press(&mut h, egui::Key::Enter);
    assert!(tutor(&h).tempest_pending, "the tempest lesson was skipped");
    h.state_mut().tutorial.play.game.as_mut().unwrap().pick = Default::default();
    // Nothing focused, nothing being put together: Enter continues.
    press(&mut h, egui::Key::Enter);
    assert!(!tutor(&h).tempest_pending, "Enter continues");
    assert!(tutor(&h).has(Skill::Tempest));
}

/// The two-player course started by keyboard (Enter on its button), its first card's Continue
/// with the keyboard.
fn started_by_keyboard() -> egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp> {
    let mut h = course_app(None);
    h.get_by_label("Two players").focus();
    h.step();
    noctiluca::app::keys::mark_keyboard_in_use(&h.ctx);
    h.key_press(egui::Key::Enter);
    for _ in 0..4 {
        h.step();
    }
    assert!(h.get_by_label("Continue").is_focused());
    h
}

/// A course started by keyboard: its first card keeps the keyboard on Continue, and Enter
/// reads on. The draft's first choice under the card had taken the keyboard, and Enter made
/// the draft with its lesson unread.
#[test]
fn started_by_keyboard_the_first_card_keeps_the_keyboard() {
    let mut h = started_by_keyboard();
    let before = entries(&h);
    h.key_press(egui::Key::Enter);
    for _ in 0..4 {
        h.step();
    }
    assert_eq!(entries(&h), before, "a move was made from the reading card");
    assert!(
        h.get_by_label("Do it for me").is_focused(),
        "the next card has the keyboard"
    );
}

/// Each card gives the keyboard to its main button, whether the last was pressed by key or
/// by mouse: Continue on a read card, "Do it for me" on a move's; a refusal said above it
/// leaves it there.
#[test]
fn each_card_gives_the_keyboard_to_its_main_button() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    h.run();
    assert!(h.get_by_label("Continue").is_focused());
    // Continue pressed with the mouse: the move's card that follows has the keyboard on
    // "Do it for me" (it had been nowhere, so Enter did nothing).
    press_button(&mut h, "Continue");
    h.run();
    assert!(h.get_by_label("Do it for me").is_focused());
    // Another card than the one asked for, clicked: refused, said above the button, which
    // has the keyboard again (the clicked card had taken it, so Enter was only refused again).
    let Want::Move(Action::Draft { set_aside: right }) = want(&h) else {
        panic!("the draft's card")
    };
    let wrong = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        let own =
            g.m.state
                .observation(Some(0))
                .own
                .expect("the learner's own");
        own.draft
            .iter()
            .flatten()
            .position(|c| *c != right)
            .expect("another card")
    };
    h.query_all_by_label_contains("Set aside ")
        .nth(wrong)
        .expect("the card's button")
        .click();
    h.run();
    // The learner's card is as legal: the refusal says so, and why the course wants its own.
    let refused = tutor(&h).refused.expect("refused");
    assert!(
        refused.contains("Your choice is allowed in a real game"),
        "{refused}"
    );
    assert!(
        h.get_by_label("Do it for me").is_focused(),
        "after a refusal"
    );
    let moves = entries(&h);
    press(&mut h, egui::Key::Enter);
    let after = entries(&h);
    assert!(after > moves, "Enter did the move");
}

/// Esc to Home, and the two-player course taken up again from Home's line for it.
fn take_up_from_home(h: &mut egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>) {
    press(h, egui::Key::Escape);
    assert_eq!(h.state().current, noctiluca::app::ScreenKind::Home);
    let offer = h
        .query_all_by_label_contains("Continue Learn to play (two players)")
        .next()
        .and_then(|n| n.accesskit_node().label())
        .expect("the course offered on Home");
    click(h, &offer);
    h.run();
}

/// A course taken up again (Esc to Home, then Home's "Continue Learn to play") gives the
/// keyboard to its card's main button, as a new card does: it had been nowhere, a dozen Tabs
/// round the shores from it.
#[test]
fn a_course_taken_up_again_has_the_keyboard_on_its_card() {
    let mut h = course_app(None);
    press_button(&mut h, "Two players");
    h.run();
    assert!(h.get_by_label("Continue").is_focused());
    take_up_from_home(&mut h);
    assert_eq!(h.state().current, noctiluca::app::ScreenKind::Tutorial);
    assert!(
        h.get_by_label("Continue").is_focused(),
        "the keyboard is nowhere"
    );
}

/// At a large text size the page is one column, scrolled down to reach the board: a course
/// taken up again shows its card from its title (only its last line and button had shown).
#[test]
fn a_course_taken_up_again_shows_its_card_from_its_title() {
    let mut app =
        noctiluca::app::NoctilucaApp::for_tests(fake(None), noctiluca::app::ScreenKind::Home);
    app.shared.settings.text_size = 200;
    app.tutorial = noctiluca::app::tutorial::TutorialScreen::new(None);
    app.tutorial.play.animate = false;
    let mut h = harness_sized(app, 1280.0, 600.0);
    click(&mut h, "Learn to play");
    press_button(&mut h, "Two players");
    h.run();
    press_button(&mut h, "Continue");
    h.run();
    let title_y = |h: &egui_kittest::Harness<'_, noctiluca::app::NoctilucaApp>| {
        let n = h
            .query_all_by_label_contains(" parts done")
            .next()
            .expect("the card's count");
        n.accesskit_node().bounding_box().unwrap().y0
    };
    // Scrolled down to the board below the card.
    wheel(&mut h, egui::pos2(300.0, 150.0), -40.0);
    assert!(
        title_y(&h) < 0.0,
        "the page did not scroll: {}",
        title_y(&h)
    );
    // Home, and back to the course.
    h.ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
    });
    take_up_from_home(&mut h);
    assert!(h.get_by_label("Do it for me").is_focused());
    assert!(
        title_y(&h) >= 0.0,
        "the card's title is out of sight: {}",
        title_y(&h)
    );
}

/// Escape from a course played by keyboard: Home has the keyboard on "Learn to play", and
/// Enter takes the course up again (a review found Enter doing nothing there, after a pointer
/// press: then no entry is picked out, by design).
#[test]
fn escape_from_a_course_leaves_the_keyboard_on_its_entry() {
    let mut h = started_by_keyboard();
    let entries_before = entries(&h);
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, noctiluca::app::ScreenKind::Home);
    h.run();
    let focused: Vec<String> = h
        .query_all_by(|n| n.is_focused())
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(
        focused.iter().any(|l| l.starts_with("Learn to play")),
        "{focused:?}"
    );
    press(&mut h, egui::Key::Enter);
    assert_eq!(h.state().current, noctiluca::app::ScreenKind::Tutorial);
    assert_eq!(entries(&h), entries_before, "the same lesson, taken up");
}

/// A refused move's explanation is gone when the course is taken up again: the step's own
/// text is read (the old warning had stood in its place).
#[test]
fn a_refusal_is_gone_when_the_course_is_taken_up_again() {
    let mut h = course_app(None);
    let right = crate::tutorial::to_the_draft(&mut h);
    let wrong = {
        let g = h.state().tutorial.play.game.as_ref().unwrap();
        let legal = g.m.state.legal_actions();
        legal.into_iter().find(|a| *a != right).unwrap()
    };
    h.state_mut().tutorial.play.act(wrong, 0.0);
    for _ in 0..4 {
        h.step();
    }
    assert!(tutor(&h).refused.is_some(), "refused");
    assert_shows(&h, "This step asks for");
    take_up_from_home(&mut h);
    assert!(tutor(&h).refused.is_none());
    assert!(!shows(&h, "This step asks for"));
    assert_shows(&h, "Keep two of these three jar cards");
}
