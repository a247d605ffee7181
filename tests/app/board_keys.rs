//! The board by keyboard: B or the first Tab takes the player to it, the arrows pick the
//! shore and the path (also once the number is called, and pressed quickly), and a number
//! goes on to Dive.

use crate::table_keys::{at_first_dive, digit, focused, game, key};
use eframe::egui;
use egui_kittest::Harness;
use noctiluca::app::NoctilucaApp;
use noctiluca::engine::board::{PathKind, shore_name};
use noctiluca::engine::*;

#[test]
fn one_key_or_the_first_tab_takes_the_player_to_the_board() {
    let (mut h, _) = at_first_dive("KEYS-0005");
    // B: the keyboard is on a free shore of the board.
    h.state().game.game.as_ref().unwrap();
    key(&mut h, egui::Key::B);
    let at = focused(&h).unwrap_or_default();
    assert!(at.starts_with("Shore S"), "{at}");
    // With nothing focused, the first Tab goes there too.
    h.run();
    let ctx = h.ctx.clone();
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id)
        }
    });
    h.run();
    assert_eq!(focused(&h), None);
    key(&mut h, egui::Key::Tab);
    let at = focused(&h).unwrap_or_default();
    assert!(at.starts_with("Shore S"), "{at}");
}

#[test]
fn the_arrows_still_change_the_path_and_shore_once_the_number_is_called() {
    let (mut h, _) = at_first_dive("KEYS-0007");
    let pick = |h: &Harness<'static, NoctilucaApp>| h.state().game.game.as_ref().unwrap().pick;
    // Off the board: the arrows pick a shore and a path, a number moves to Dive.
    let ctx = h.ctx.clone();
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id)
        }
    });
    h.run();
    key(&mut h, egui::Key::ArrowRight);
    key(&mut h, egui::Key::ArrowUp);
    key(&mut h, digit(4));
    assert_eq!(focused(&h).as_deref(), Some("Dive"));
    let before = pick(&h);
    assert_eq!(before.path, Some(PathKind::Short));
    // ↓ on Dive: the long path, the number and the focus kept.
    key(&mut h, egui::Key::ArrowDown);
    let after = pick(&h);
    assert_eq!(after.path, Some(PathKind::Long));
    assert_eq!(after.number, Some(4));
    assert_eq!(after.shore, before.shore);
    assert_eq!(focused(&h).as_deref(), Some("Dive"));
    // S and L, named for the paths, pick them too (↓ had picked a path drawn going left).
    key(&mut h, egui::Key::S);
    assert_eq!(pick(&h).path, Some(PathKind::Short));
    key(&mut h, egui::Key::L);
    assert_eq!(pick(&h).path, Some(PathKind::Long));
    assert_eq!(focused(&h).as_deref(), Some("Dive"));
    // → on Dive: the same dive from the next free shore, the keyboard still on Dive (a dive
    // picked afresh took the button, and the keyboard with it).
    key(&mut h, egui::Key::ArrowRight);
    let moved = pick(&h);
    assert_ne!(moved.shore, before.shore);
    assert_eq!((moved.path, moved.number), (after.path, after.number));
    assert_eq!(focused(&h).as_deref(), Some("Dive"));
}

/// Arrows pressed in quick succession on the board's shores (one a frame, or two in one, as a
/// fast typist or a held key sends them): each steps one shore, and ↓ picks the long path, the
/// keyboard staying on the board (two presses in one frame made one step).
#[test]
fn quick_arrows_on_the_shores_stay_on_the_board() {
    let (mut h, _) = at_first_dive("KEYS-0009");
    key(&mut h, egui::Key::B);
    let free: Vec<ShoreId> = (0..12)
        .filter(|&s| game(&h).m.state.shores[s as usize].is_none())
        .collect();
    // B puts the keyboard on a free shore (not yet picked).
    let on = focused(&h).unwrap_or_default();
    let start = free
        .iter()
        .copied()
        .find(|&s| on == format!("Shore {}", shore_name(s)));
    let at = |s: Option<ShoreId>| free.iter().position(|&f| Some(f) == s);
    let quick = |h: &mut Harness<'static, NoctilucaApp>, k: egui::Key| {
        h.key_press(k);
        h.step();
    };
    for _ in 0..4 {
        quick(&mut h, egui::Key::ArrowRight);
    }
    // Two in the same frame.
    h.key_press(egui::Key::ArrowRight);
    h.key_press(egui::Key::ArrowRight);
    h.step();
    h.run();
    let now = game(&h).pick.shore;
    assert_eq!(
        at(now),
        at(start).map(|k| (k + 6) % free.len()),
        "six presses, six shores"
    );
    quick(&mut h, egui::Key::ArrowDown);
    h.run();
    assert_eq!(game(&h).pick.path, Some(PathKind::Long));
    let on = focused(&h).unwrap_or_default();
    assert!(on.starts_with("Long path from "), "{on}");
    // ↓ again keeps the long path (it does not switch back); ↑ is the short one.
    quick(&mut h, egui::Key::ArrowDown);
    h.run();
    assert_eq!(game(&h).pick.path, Some(PathKind::Long));
    quick(&mut h, egui::Key::ArrowUp);
    h.run();
    assert_eq!(game(&h).pick.path, Some(PathKind::Short));
    let on = focused(&h).unwrap_or_default();
    assert!(on.starts_with("Short path from "), "{on}");
    quick(&mut h, digit(4));
    h.run();
    assert_eq!(game(&h).pick.number, Some(4));
}

/// A number called once the shore is chosen, before the path: it takes the short path (lit on
/// the board, ↓ still takes the long one) and goes on to Dive, rather than being dropped.
#[test]
fn a_number_before_the_path_takes_the_short_one() {
    let (mut h, _) = at_first_dive("KEYS-0009");
    let pick = |h: &Harness<'static, NoctilucaApp>| h.state().game.game.as_ref().unwrap().pick;
    key(&mut h, egui::Key::B);
    key(&mut h, egui::Key::Enter);
    assert!(pick(&h).shore.is_some());
    assert_eq!(pick(&h).path, None);
    key(&mut h, digit(4));
    assert_eq!(pick(&h).path, Some(PathKind::Short));
    assert_eq!(pick(&h).number, Some(4));
    assert_eq!(focused(&h).as_deref(), Some("Dive"));
    key(&mut h, egui::Key::ArrowDown);
    assert_eq!(pick(&h).path, Some(PathKind::Long));
    assert_eq!(pick(&h).number, Some(4));
}

/// Enter on the path already chosen dives once the number is called, as the keys say; before
/// the number, it asks for it (Enter there had done nothing, and looked like a stuck game).
#[test]
fn enter_on_the_chosen_path_dives_or_asks_for_the_number() {
    let (mut h, _) = at_first_dive("KEYS-0007");
    key(&mut h, egui::Key::B);
    key(&mut h, egui::Key::ArrowDown);
    let on = focused(&h).unwrap_or_default();
    assert!(on.starts_with("Long path from "), "{on}");
    let pick = game(&h).pick;
    assert_eq!(pick.number, None);
    key(&mut h, egui::Key::Enter);
    assert!(game(&h).pick.ask_number, "the number is asked for");
    crate::app_support::assert_shows(&h, "Call the number first");
    // A number that collects dice on that path, called with the keyboard still on the path.
    let (shore, path) = (pick.shore.unwrap(), pick.path.unwrap());
    let number = {
        let obs = game(&h).m.state.observation(Some(0));
        obs.dive_options(0)
            .into_iter()
            .find(|o| o.shore == shore && o.path == path && o.yields.total() > 0)
            .expect("a dive with dice")
            .number
    };
    crate::table_keys::game_mut(&mut h).pick.number = Some(number);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some(on.as_str()));
    let before = crate::table_keys::actions(&h);
    key(&mut h, egui::Key::Enter);
    let g = game(&h);
    assert_eq!(
        g.m.record.actions[before].action,
        Action::Dive {
            shore,
            path,
            number
        }
    );
}

/// Escape with the keyboard on the board takes it off the board, the shore kept; the next
/// Escape leaves the table (one had left the game, the dive half chosen lost).
#[test]
fn escape_on_the_board_takes_the_keyboard_off_it_before_leaving() {
    let (mut h, _) = at_first_dive("KEYS-0005");
    key(&mut h, egui::Key::B);
    key(&mut h, egui::Key::ArrowRight);
    let shore = h.state().game.game.as_ref().unwrap().pick.shore;
    assert!(shore.is_some());
    key(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, noctiluca::app::ScreenKind::Play);
    assert_eq!(focused(&h), None);
    assert_eq!(h.state().game.game.as_ref().unwrap().pick.shore, shore);
    key(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, noctiluca::app::ScreenKind::Home);
}
