//! The dive preview by keyboard: one Tab stop, its rows walked with ↑ and ↓, each picked and
//! brought into sight, and reached by Tab even when the picked row is scrolled out.

use crate::table_keys::{Seen, at_first_dive, focused, game, key, play_until, table};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use noctiluca::app::NoctilucaApp;
use noctiluca::app::game::Game;
use noctiluca::engine::board::{board, shore_name};
use noctiluca::engine::*;
use std::collections::BTreeSet;

/// A two-player table (seat 2 an AI) at seat 1's first dive, every dive listed, empty ones
/// included: more rows than the preview shows at once.
fn at_my_first_dive() -> (Harness<'static, NoctilucaApp>, Seen) {
    let (mut h, seen) = at_first_dive("KEYS-0008");
    h.state_mut().game.game.as_mut().unwrap().show_empty_dives = true;
    h.run();
    (h, seen)
}

#[test]
fn the_dive_preview_is_one_tab_stop_walked_with_the_arrows() {
    let (mut h, _) = at_my_first_dive();
    let free = (0..12)
        .filter(|&s| game(&h).m.state.shores[s].is_none())
        .count();
    let rows = free * 12;
    let shown = h.query_all_by_label_contains("Dive at ").count();
    assert!(shown < rows, "{shown} of {rows} rows show at once");
    // Tab reaches the list at one row; the next Tab leaves it.
    let mut first = None;
    for _ in 0..60 {
        key(&mut h, egui::Key::Tab);
        if let Some(at) = focused(&h).filter(|a| a.starts_with("Dive at ")) {
            first = Some(at);
            break;
        }
    }
    let first = first.expect("Tab reaches the dive table");
    key(&mut h, egui::Key::Tab);
    let after = focused(&h).unwrap_or_default();
    assert!(
        !after.starts_with("Dive at "),
        "Tab stays in the table: {after}"
    );
    // Back to the list: ↓ walks every row, each brought into sight and picked in turn.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some(first.as_str()));
    // (The top row, picked: ↓ then ↑.)
    key(&mut h, egui::Key::ArrowDown);
    key(&mut h, egui::Key::ArrowUp);
    assert_eq!(focused(&h).as_deref(), Some(first.as_str()));
    let top = game(&h).pick;
    let mut walked = BTreeSet::from([first.clone()]);
    for _ in 1..rows {
        key(&mut h, egui::Key::ArrowDown);
        let (at, place) = focused_place(&h).expect("a row keeps the keyboard");
        assert!(at.starts_with("Dive at "), "{at}");
        // The row picked is the dive the row names, in full.
        let pick = game(&h).pick;
        let path = match pick.path.unwrap() {
            PathKind::Short => "short",
            PathKind::Long => "long",
        };
        let named = format!(
            "Dive at {}, {path} path, number {}:",
            shore_name(pick.shore.unwrap()),
            pick.number.unwrap()
        );
        assert!(at.starts_with(&named), "{at} is picked: {pick:?}");
        assert!(
            place.y0 >= 0.0 && place.y1 <= 800.0,
            "{at} out of sight: {place:?}"
        );
        walked.insert(at);
    }
    assert_eq!(walked.len(), rows, "rows reached by ↓");
    // ↓ on the last row stays there; ↑ goes back up.
    let last = focused(&h).unwrap();
    key(&mut h, egui::Key::ArrowDown);
    assert_eq!(focused(&h).unwrap(), last);
    key(&mut h, egui::Key::ArrowUp);
    assert_ne!(focused(&h).unwrap(), last);

    // A dive picked on the board whose row is scrolled out of the list (the top one, the list
    // being at its bottom): Tab still reaches the list, at that row, brought into sight.
    h.state_mut().game.game.as_mut().unwrap().pick = top;
    let ctx = h.ctx.clone();
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id)
        }
    });
    h.run();
    let mut reached = None;
    for _ in 0..80 {
        key(&mut h, egui::Key::Tab);
        if let Some(found) = focused_place(&h).filter(|(a, _)| a.starts_with("Dive at ")) {
            reached = Some(found);
            break;
        }
    }
    let (at, place) = reached.expect("Tab reaches the list");
    assert_eq!(at, first);
    assert!(
        place.y0 >= 0.0 && place.y1 <= 800.0,
        "{at} out of sight: {place:?}"
    );
}

/// The focused widget's name and place.
fn focused_place(h: &Harness<'_, NoctilucaApp>) -> Option<(String, egui::accesskit::Rect)> {
    let n = h
        .query_all(By::new().predicate(|n| n.is_focused()))
        .next()?;
    let node = n.accesskit_node();
    Some((node.label()?, node.bounding_box()?))
}

#[test]
fn the_next_dive_opens_the_preview_at_its_top() {
    let (mut h, mut seen) = at_my_first_dive();
    // Scrolled to the bottom: the keyboard on the last row.
    let mut on_row = false;
    for _ in 0..60 {
        key(&mut h, egui::Key::Tab);
        if focused(&h).is_some_and(|a| a.starts_with("Dive at ")) {
            on_row = true;
            break;
        }
    }
    assert!(on_row, "Tab reaches the dive table");
    for _ in 0..150 {
        key(&mut h, egui::Key::ArrowDown);
    }
    // This turn's dive, then the next: the preview starts at its top again, where the best
    // dives are, and its Tab stop is in sight.
    let dive = game(&h).m.state.legal_actions()[0];
    h.state_mut().game.act(dive, 0.0);
    h.run();
    let next = |g: &Game| {
        g.human_to_act() == Some(0) && g.m.state.decision() == Decision::Dive && g.m.state.turn > 0
    };
    play_until(&mut h, &mut seen, next);
    h.run();
    // Only the rows in sight are drawn, and the first row (the Tab stop) where it would be
    // if it is scrolled out: every row drawn is in the window.
    let rows: Vec<_> = h
        .query_all_by_label_contains("Dive at ")
        .filter_map(|n| n.accesskit_node().bounding_box())
        .collect();
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|b| b.y0 >= 0.0),
        "the preview is still scrolled down: {:?}",
        rows.first()
    );
    let mut stop = None;
    for _ in 0..60 {
        key(&mut h, egui::Key::Tab);
        if let Some((at, place)) = focused_place(&h).filter(|(a, _)| a.starts_with("Dive at ")) {
            stop = Some((at, place));
            break;
        }
    }
    let (at, place) = stop.expect("Tab reaches the dive table");
    assert!(
        place.y0 >= 0.0 && place.y1 <= 800.0,
        "{at} out of sight: {place:?}"
    );
}

/// The line under a picked dive says what becomes of its dice, and says nothing of dice that
/// do not go round: "Dice 3: all fit your jars", "No dice".
#[test]
fn the_picked_dive_s_line_speaks_only_of_dice_it_has() {
    let (mut h, _) = at_my_first_dive();
    let options = game(&h).m.state.observation(Some(0)).dive_options(0);
    let mut seen = [false; 3];
    for o in &options {
        let y = &o.yields;
        let kind = match (y.total(), y.passed_total()) {
            (0, _) => 0,
            (_, 0) => 1,
            _ => 2,
        };
        if seen[kind] {
            continue;
        }
        seen[kind] = true;
        let g = h.state_mut().game.game.as_mut().unwrap();
        g.pick.shore = Some(o.shore);
        g.pick.path = Some(o.path);
        g.pick.number = Some(o.number);
        h.run();
        let line = match kind {
            0 => "No dice".to_string(),
            1 => format!("Dice {}: all fit your jars", y.total()),
            _ => format!("{} round the table", y.passed_total()),
        };
        assert!(
            h.query_all_by_label_contains(&line).next().is_some(),
            "{o:?}: {line}"
        );
        assert!(
            h.query_all_by_label_contains(" 0 round the table")
                .next()
                .is_none()
        );
    }
    assert_eq!(seen, [true; 3], "every kind of dive came up");
}

/// A dive put together on the board rings the dice it collects, and each space of its path
/// says how many it collects there: together, the dive's own count.
#[test]
fn the_dice_a_dive_collects_are_shown_on_its_path() {
    let (mut h, _) = at_my_first_dive();
    let g = game(&h);
    let obs = g.m.state.observation(Some(0));
    let o = obs
        .dive_options(0)
        .into_iter()
        .max_by_key(|o| o.yields.total())
        .unwrap();
    let pick = &mut h.state_mut().game.game.as_mut().unwrap().pick;
    pick.shore = Some(o.shore);
    pick.path = Some(o.path);
    h.run();
    assert_eq!(
        h.query_all_by_label_contains("the dive collects").count(),
        0,
        "no number yet"
    );
    h.state_mut().game.game.as_mut().unwrap().pick.number = Some(o.number);
    h.run();
    let said: usize = h
        .query_all_by_label_contains("the dive collects")
        .map(|n| {
            let node = n.accesskit_node();
            let label = node.label().or(node.value()).unwrap_or_default();
            let tail = label
                .rsplit("the dive collects ")
                .next()
                .unwrap_or_default();
            tail.trim_end_matches(" here").parse::<usize>().unwrap()
        })
        .sum();
    assert_eq!(said, o.yields.total() as usize);
    let spaces = h.query_all_by_label_contains("the dive collects").count();
    assert_eq!(
        spaces,
        board().path(o.shore, o.path).mask.count_ones() as usize
    );
}

/// Choosing the jar for a die, the player sees what the dive brought that is still to be
/// placed (it said only "store one green die").
#[test]
fn a_store_shows_the_dive_s_dice_not_placed_yet() {
    let h = at_my_first_store();
    assert!(
        h.query_by_label("The dive's dice not placed yet:")
            .is_some()
    );
    let hand = game(&h).m.state.hand;
    let words = noctiluca::words::describe_counts(&hand);
    assert!(hand.iter().any(|&n| n > 0));
    assert!(
        h.query_all_by_label(&words).next().is_some(),
        "{words} not said"
    );
}

/// Enter before the number is called says how to call it, rather than doing nothing; the
/// number then called, Enter dives.
#[test]
fn enter_before_the_number_says_how_to_call_it() {
    let (mut h, _) = at_my_first_dive();
    let before = game(&h).m.record.actions.len();
    let ask = "Call the number first: press 1–6 (or click one), then Enter dives.";
    key(&mut h, egui::Key::ArrowRight);
    key(&mut h, egui::Key::ArrowDown);
    assert!(game(&h).pick.shore.is_some());
    assert!(h.query_by_label(ask).is_none());
    key(&mut h, egui::Key::Enter);
    assert_eq!(game(&h).m.record.actions.len(), before, "nothing dived");
    assert!(h.query_by_label(ask).is_some(), "Enter said nothing");
    key(&mut h, egui::Key::Num3);
    assert!(h.query_by_label(ask).is_none());
    key(&mut h, egui::Key::Enter);
    // The dive may collect nothing: then Enter confirms it once more.
    if game(&h).pick.confirm_empty {
        key(&mut h, egui::Key::Enter);
    }
    assert!(game(&h).m.record.actions.len() > before, "Enter dived");
}

/// Clicking a row of the preview picks its dive and leaves the preview where it was: the
/// path, the number and the Dive button are there, greyed out, before a shore is picked (they
/// came in above it and pushed it down, so a second click landed on another dive).
#[test]
fn picking_a_dive_in_the_preview_leaves_the_preview_in_place() {
    let (mut h, _) = at_my_first_dive();
    assert!(game(&h).pick.shore.is_none());
    let dive = h.get_by_label("Dive");
    assert!(dive.accesskit_node().is_disabled(), "Dive waits for a pick");
    let row = |h: &Harness<'static, NoctilucaApp>| {
        let n = h
            .query_all_by_label_contains("Dive at ")
            .nth(2)
            .expect("a row");
        (n.accesskit_node().label().unwrap_or_default(), n.rect())
    };
    let (label, before) = row(&h);
    h.query_all_by_label_contains("Dive at ")
        .nth(2)
        .unwrap()
        .click();
    h.run();
    assert!(game(&h).pick.number.is_some(), "the row picked its dive");
    assert!(!h.get_by_label("Dive").accesskit_node().is_disabled());
    let (still, after) = row(&h);
    assert_eq!(still, label, "the same row under the pointer");
    assert_eq!(after.top(), before.top(), "the preview moved");
    // Nor as one dive after another is picked, their lines one row of words or two.
    let options = game(&h).m.state.observation(Some(0)).dive_options(0);
    assert!(options.iter().any(|o| o.yields.passed_total() > 0));
    for k in [0, 5, 1, 7, 3] {
        h.query_all_by_label_contains("Dive at ")
            .nth(k)
            .unwrap()
            .click();
        h.run();
        assert_eq!(
            row(&h).1.top(),
            before.top(),
            "the preview moved at row {k}"
        );
    }
}

/// A dive made by keys brings the store's question with the keyboard on its first choice: the
/// Dive button gone, nothing had it, and Enter or Space did nothing until Tab.
#[test]
fn after_a_dive_by_keys_the_store_has_the_keyboard() {
    let mut h = at_my_first_store();
    let on = focused(&h).unwrap_or_default();
    assert!(on.starts_with("Store in jar"), "the keyboard is on {on:?}");
    let before = game(&h).m.record.actions.len();
    key(&mut h, egui::Key::Space);
    assert!(game(&h).m.record.actions.len() > before, "Space stored");
}

/// A two-player table, seat 2 an AI, played by keys to seat 1's first store (its dive made by
/// keys).
fn at_my_first_store() -> Harness<'static, NoctilucaApp> {
    let mut h = table(2, &[None, Some(1)], "KEYS-0010");
    let mut seen = Seen::default();
    let my_store = |g: &Game| {
        g.human_to_act() == Some(0) && matches!(g.m.state.decision(), Decision::Store { .. })
    };
    play_until(&mut h, &mut seen, my_store);
    assert!(my_store(game(&h)), "no store to choose in this game");
    h.run();
    h
}
