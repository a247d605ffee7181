//! Pages taller than the window, by keyboard: the widget Tab reaches is scrolled into sight,
//! and Page Up / Page Down, Home and End scroll a page whose text takes no focus.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use noctiluca::app::{NoctilucaApp, ScreenKind};

/// The focused widget's name and its place on the screen.
pub(crate) fn focused(h: &Harness<'_, NoctilucaApp>) -> Option<(String, egui::Rect)> {
    let n = h
        .query_all(By::new().predicate(|n| n.is_focused()))
        .next()?;
    let node = n.accesskit_node();
    let b = node.bounding_box()?;
    let r = egui::Rect::from_min_max(
        egui::pos2(b.x0 as f32, b.y0 as f32),
        egui::pos2(b.x1 as f32, b.y1 as f32),
    );
    Some((node.label().unwrap_or_default(), r))
}

/// Where the first widget labelled `label` is now, top to bottom.
fn top_of(h: &Harness<'_, NoctilucaApp>, label: &str) -> f64 {
    place(h.get_by_label(label))
}

/// Where the first widget whose label holds `text` is now, top to bottom.
fn top_of_text(h: &Harness<'_, NoctilucaApp>, text: &str) -> f64 {
    place(h.get_by_label_contains(text))
}

fn place(n: egui_kittest::Node<'_>) -> f64 {
    n.accesskit_node()
        .bounding_box()
        .expect("a place on the screen")
        .y0
}

/// Home in a window `HIGH` pixels high and too narrow for two columns of entries: the last
/// entries are below it.
const HIGH: f32 = 600.0;
fn small_home() -> Harness<'static, NoctilucaApp> {
    let app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    let mut h = harness_sized(app, 1024.0, HIGH);
    h.run();
    let about = noctiluca::i18n::tr(ScreenKind::About.title()).to_string();
    assert!(top_of(&h, &about) > HIGH as f64, "About starts in sight");
    h
}

/// Every Home entry's title and place.
fn home_entries(
    h: &Harness<'_, NoctilucaApp>,
) -> Vec<(&'static str, eframe::egui::accesskit::Rect)> {
    noctiluca::app::home::MODES
        .iter()
        .chain(noctiluca::app::home::EXTRAS)
        .map(|m| {
            let node = h.get_by_label(noctiluca::i18n::tr(m.title));
            (m.title, node.accesskit_node().bounding_box().unwrap())
        })
        .collect()
}

/// At the usual window size Home shows every entry at once (in two columns).
#[test]
fn every_home_entry_is_in_sight_at_the_usual_size() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    h.run();
    for (title, b) in home_entries(&h) {
        assert!(b.y1 <= 800.0, "{title} at {b:?}");
    }
}

/// The arrow keys move the keyboard between Home's entries too, from the first press, and the
/// page follows them (it followed Tab only, and an arrow did nothing before a Tab).
#[test]
fn the_arrows_bring_every_home_entry_into_sight() {
    let mut h = small_home();
    // The first arrow, with nothing focused yet, puts the keyboard on the first entry.
    let seen = walk_in_sight(&mut h, egui::Key::ArrowDown);
    assert_eq!(seen.first().map(String::as_str), Some("Play"), "{seen:?}");
    let about = noctiluca::i18n::tr(ScreenKind::About.title()).to_string();
    assert!(seen.iter().any(|n| n.starts_with(&about)), "{seen:?}");
}

/// Presses `key` until the keyboard comes back to an entry it was on, each entry it reaches
/// in sight; the entries reached, in order.
fn walk_in_sight(h: &mut Harness<'static, NoctilucaApp>, key: egui::Key) -> Vec<String> {
    let mut seen = Vec::new();
    for _ in 0..30 {
        press(h, key);
        let (name, r) = focused(h).expect("the key focuses an entry");
        assert!(
            r.top() >= 0.0 && r.bottom() <= HIGH,
            "{name} has the keyboard out of sight: {r:?}"
        );
        if seen.contains(&name) {
            break;
        }
        seen.push(name);
    }
    seen
}

#[test]
fn tab_brings_every_home_entry_into_sight() {
    let mut h = small_home();
    let about = noctiluca::i18n::tr(ScreenKind::About.title()).to_string();
    let seen = walk_in_sight(&mut h, egui::Key::Tab);
    assert!(seen.iter().any(|n| n.contains(&about)), "{seen:?}");
    // Shift+Tab from the top goes round to the last entry, brought into sight as well.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    let (name, r) = focused(&h).unwrap();
    assert!(r.bottom() <= HIGH, "{name}: {r:?}");
}

#[test]
fn page_keys_scroll_a_page_of_text() {
    let mut h = app_on(ScreenKind::About, fake(None));
    h.run();
    let last = "The app reads the files when it starts.";
    let start = top_of_text(&h, last);
    assert!(start > 800.0, "{last} starts in sight: {start}");
    press(&mut h, egui::Key::PageDown);
    let paged = top_of_text(&h, last);
    // The page is a little taller than the window: one page down shows its last line.
    assert!(
        paged < start && paged < 800.0,
        "Page Down: {start} → {paged}"
    );
    press(&mut h, egui::Key::End);
    assert!(top_of_text(&h, last) < 800.0, "End shows the bottom");
    press(&mut h, egui::Key::Home);
    assert_eq!(top_of_text(&h, last), start, "Home goes back to the top");
    press(&mut h, egui::Key::PageDown);
    press(&mut h, egui::Key::PageUp);
    assert_eq!(top_of_text(&h, last), start, "Page Up undoes Page Down");
}

#[test]
fn the_key_list_scrolls_by_keyboard_to_its_last_group() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Questionmark);
    h.run();
    assert!(h.state().key_list.open);
    let last = noctiluca::app::keys::ALL.last().unwrap().what;
    let start = top_of(&h, last);
    let about = noctiluca::i18n::tr(ScreenKind::About.title()).to_string();
    let page = top_of(&h, &about);
    press(&mut h, egui::Key::End);
    assert_eq!(
        top_of(&h, &about),
        page,
        "the page under the list stays put"
    );
    let end = top_of(&h, last);
    assert!(end < start, "End scrolls the list: {start} → {end}");
    assert!(end < 800.0 - 60.0, "the last key shows above Close: {end}");
}

#[test]
fn the_page_keys_work_with_a_control_focused_and_only_on_one_area() {
    // With a control of the page focused (here, by Tab), Page Down still scrolls it.
    let mut h = app_on(ScreenKind::About, fake(None));
    h.run();
    press(&mut h, egui::Key::Tab);
    assert!(focused(&h).is_some(), "Tab focuses a control");
    let last = "The app reads the files when it starts.";
    let start = top_of_text(&h, last);
    press(&mut h, egui::Key::PageDown);
    assert!(
        top_of_text(&h, last) < start,
        "Page Down with a control focused"
    );

    // The rules open beside Home: End scrolls the home page, not the rules as well.
    let mut h = app_on(ScreenKind::Home, fake(None));
    h.run();
    press(&mut h, egui::Key::F1);
    let about = noctiluca::i18n::tr(ScreenKind::About.title()).to_string();
    let page = top_of(&h, &about);
    let rules = panel_lines(&h);
    assert!(!rules.is_empty(), "the rules panel shows text");
    press(&mut h, egui::Key::End);
    assert!(top_of(&h, &about) < page, "End scrolls the page");
    assert_eq!(
        panel_lines(&h),
        rules,
        "the rules beside it stay where they were"
    );
}

/// Where the lines of the rules panel (at the window's right) are, top to bottom.
fn panel_lines(h: &Harness<'_, NoctilucaApp>) -> Vec<f64> {
    h.query_all_by_role(egui::accesskit::Role::Label)
        .filter_map(|n| n.accesskit_node().bounding_box())
        .filter(|b| b.x0 > 900.0)
        .map(|b| b.y0)
        .collect()
}

#[test]
fn each_page_keeps_its_own_scroll() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    h.run();
    let about = noctiluca::i18n::tr(ScreenKind::About.title()).to_string();
    // Home scrolled to its end, then About: About opens at its top.
    press(&mut h, egui::Key::End);
    assert!(top_of(&h, &about) < 800.0);
    click(&mut h, &about);
    assert_eq!(h.state().current, ScreenKind::About);
    let last = "The app reads the files when it starts.";
    assert!(
        top_of_text(&h, last) > 800.0,
        "About opened scrolled down as far as Home was"
    );
}

/// Settings at the largest text size in a small window: the page is taller than the window,
/// and every control Tab reaches is scrolled into sight (the page did not scroll at all, so the
/// last controls could be changed unseen).
#[test]
fn settings_at_the_largest_text_scroll_to_every_control() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Settings);
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 1024.0, HIGH);
    h.run();
    let last = noctiluca::i18n::tr("Reset window size now").to_string();
    assert!(
        top_of(&h, &last) > HIGH as f64,
        "the last control starts in sight"
    );
    // Tab by Tab (the slider and its number are both "Text size"), each control in sight.
    let mut seen = Vec::new();
    for _ in 0..20 {
        press(&mut h, egui::Key::Tab);
        let (name, r) = focused(&h).expect("Tab focuses a control");
        assert!(
            r.top() >= 0.0 && r.bottom() <= HIGH,
            "{name} has the keyboard out of sight: {r:?}"
        );
        seen.push(name);
        if seen.last() == Some(&last) {
            break;
        }
    }
    assert!(seen.contains(&last), "{seen:?}");
}

/// Home in an 800×600 window at the largest text size: every entry fits the window's width
/// (they kept their usual width and were cut off on both sides).
#[test]
fn home_entries_fit_a_small_window_at_the_largest_text() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 800.0, 600.0);
    h.run();
    for (title, b) in home_entries(&h) {
        assert!(b.x0 >= 0.0 && b.x1 <= 800.0, "{title} at {b:?}");
    }
}

/// The solo tempest at the largest text size in a small window: the space the black die
/// clears, to be emptied on the real board, is in sight once the die is rolled, by mouse or
/// by keyboard (the page stayed on the roll's button, or went to the next step's, with the
/// space's card above the window).
#[test]
fn the_space_to_clear_is_in_sight_after_the_roll_at_the_largest_text() {
    const LOW: f32 = 480.0;
    // With the die tumbling first (the card grows as it lands) and without.
    for (keyed, animate) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
        app.solo = noctiluca::app::SoloScreen::new(
            std::sync::Arc::new(noctiluca::engine::Components::default()),
            None,
        );
        app.solo.animate = animate;
        app.shared.settings.text_size = 200;
        // Low enough that the card and the next step's button are not in sight together.
        let mut h = harness_sized(app, 1024.0, LOW);
        h.run();
        click(&mut h, "Start the solo game");
        // The first turn's roll, and the second's (with the last one's card above).
        for turn in 1..=2 {
            click(&mut h, "Start the tempest");
            click(&mut h, "Red card");
            if keyed {
                h.get_by_label("Roll the black die").scroll_to_me();
                h.run();
                h.get_by_label("Roll the black die").focus();
                h.run();
                press(&mut h, egui::Key::Enter);
            } else {
                click(&mut h, "Roll the black die");
            }
            for _ in 0..200 {
                h.step();
                if h.query_by_label_contains("Clear space").is_some() {
                    break;
                }
            }
            for _ in 0..4 {
                h.step();
            }
            let card = h.get_by_label_contains("Clear space");
            let b = card.accesskit_node().bounding_box().unwrap();
            // Below the bar at the top of the window, which stays put.
            let home = h.get_by_label("← Home");
            let bar = home.accesskit_node().bounding_box().unwrap().y1;
            assert!(
                b.y0 >= bar && b.y1 <= LOW as f64,
                "turn {turn}, keyed {keyed}, animated {animate}: the space to clear is at {b:?}"
            );
        }
    }
}

/// Play online at the largest text size in a 1024-pixel window: the host's and the join
/// forms stand one under the other, none of the host's choices under the join form (they
/// ran under it, focused there unseen).
#[test]
fn the_online_forms_do_not_overlap_at_the_largest_text() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Online);
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 1024.0, 700.0);
    h.run();
    let rect = |label: &str| {
        let b = h
            .get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap();
        egui::Rect::from_min_max(
            egui::pos2(b.x0 as f32, b.y0 as f32),
            egui::pos2(b.x1 as f32, b.y1 as f32),
        )
    };
    // The join form: from its heading down, right of its left edge.
    let join = rect("Join a game").union(rect("Invite code"));
    for option in ["4 players", "Seat 2: AI expert", "Open the lobby"] {
        let r = rect(option);
        assert!(r.right() <= 1024.0, "{option} runs off at {r:?}");
        assert!(
            r.right() <= join.left() || r.bottom() <= join.top(),
            "{option} at {r:?} runs under the join form at {join:?}"
        );
    }
}

/// The solo tempest rolled by the mouse in a window where the whole panel does not fit: the
/// space to clear, in sight already, leaves the page where it was, the turn's heading at the
/// top (it went to the top at each roll, the heading out of sight above it).
#[test]
fn a_roll_by_mouse_leaves_the_turns_heading_in_sight() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
    app.solo = noctiluca::app::SoloScreen::new(
        std::sync::Arc::new(noctiluca::engine::Components::default()),
        None,
    );
    app.solo.animate = true;
    let mut h = harness_sized(app, 1280.0, 800.0);
    h.run();
    click(&mut h, "Start the solo game");
    for turn in 1..=5 {
        click(&mut h, "Start the tempest");
        click(&mut h, "Red card");
        click(&mut h, "Roll the black die");
        // Until the die has landed and the card says what to clear.
        for _ in 0..300 {
            h.step();
        }
        // The roll ends the turn: the next one's heading.
        let heading = format!("Round 1, turn {}", turn + 1);
        let b = h.get_by_label(&heading).rect();
        let card = h.get_by_label_contains("Clear space").rect();
        // Below the bar at the top of the window, which stays put.
        let bar = h.get_by_label("← Home").rect().bottom();
        assert!(
            b.top() >= bar && card.bottom() <= 800.0,
            "turn {turn}: the heading at {b:?}, the card at {card:?}"
        );
    }
}

/// In columns (1024×700: the players under the decision), Page Down scrolls the middle column
/// with the pointer and the keyboard nowhere in particular (it did nothing: only an area with
/// the pointer or the keyboard took the keys), and the board's column with the pointer on it.
#[test]
fn in_columns_the_page_keys_scroll_the_middle_and_the_board() {
    let (w, hgt) = (1024.0, 700.0);
    let mut app = crate::layout::started(4, &["Ada", "Bea", "Cy", "Dee"]);
    crate::layout::play_to(&mut app, noctiluca::engine::Decision::Dive);
    let mut h = harness_sized(app, w, hgt);
    h.run();
    let top = |h: &Harness<'_, NoctilucaApp>, label: &str| {
        let mut all = h.query_all_by_label_contains(label);
        let n = all
            .next()
            .unwrap_or_else(|| panic!("nothing labelled {label:?}"));
        n.rect().min.y
    };
    // The last seat's card is under the decision, below the window.
    let card = "Jar 1 of Dee";
    let before = top(&h, card);
    assert!(before > hgt, "{card} starts in sight: {before}");
    let shore = top(&h, "Shore S1");
    h.key_press(egui::Key::PageDown);
    h.run();
    let paged = top(&h, card);
    assert!(paged < before, "Page Down did nothing: {before} → {paged}");
    assert_eq!(
        top(&h, "Shore S1"),
        shore,
        "the board moved with the middle"
    );
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(top(&h, card), before, "Home goes back to the top");
    // Over the board, its column scrolls (it is taller than the window with the piles under
    // it) and the middle stays.
    h.query_all_by_label_contains("Shore S1")
        .next()
        .unwrap()
        .hover();
    h.key_press(egui::Key::End);
    h.run();
    assert!(
        top(&h, "Shore S1") < shore,
        "End over the board did nothing"
    );
    assert_eq!(top(&h, card), before, "the middle moved with the board");
}

/// In columns, a new decision of the person at the screen brings the middle column back to
/// its top, where the decision is: after a dive scrolled down to its number, the store that
/// followed had been out of sight, with nothing to say it was waiting.
#[test]
fn in_columns_a_new_decision_is_in_sight() {
    use noctiluca::engine::{Action, Decision};
    let (w, hgt) = (1024.0, 700.0);
    let mut app = crate::layout::started(4, &["Ada", "Bea", "Cy", "Dee"]);
    // A dive after which the diver has a jar to choose for a colour: a decision of theirs.
    let mut found = None;
    for _ in 0..40 {
        crate::layout::play_to(&mut app, Decision::Dive);
        let g = app.game.game.as_ref().unwrap();
        found = g.m.state.legal_actions().into_iter().find(|a| {
            let mut s = g.m.state.clone();
            s.apply_quiet(a).is_ok() && matches!(s.decision(), Decision::Store { .. })
        });
        if found.is_some() {
            break;
        }
        let legal = g.m.state.legal_actions();
        app.game.act(legal[0], 0.0);
    }
    let dive: Action = found.expect("a dive that leaves a store to decide");
    let mut h = harness_sized(app, w, hgt);
    h.run();
    let card = "Jar 1 of Dee";
    let top = |h: &Harness<'_, NoctilucaApp>| {
        h.query_all_by_label_contains(card)
            .next()
            .unwrap()
            .rect()
            .min
            .y
    };
    let before = top(&h);
    h.key_press(egui::Key::End);
    h.run();
    assert!(top(&h) < before, "End did not scroll the middle");
    h.state_mut().game.act(dive, 0.0);
    h.run();
    h.run();
    let g = h.state().game.game.as_ref().unwrap();
    assert!(matches!(g.m.state.decision(), Decision::Store { .. }));
    // At the top already: Home moves nothing.
    let shown = top(&h);
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(shown, top(&h), "the middle stayed scrolled down");
}
