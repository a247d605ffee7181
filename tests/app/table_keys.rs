//! The game table without a mouse and with a screen reader: whole games played with keys
//! alone (Tab, Shift+Tab, arrows, Enter, Space, digits), the accessible labels of the painted
//! board and jars for a known game, and every state of the table in Traditional Chinese.

use crate::app_support::*;
use eframe::egui;
use egui::accesskit::{Role, Toggled};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use noctiluca::app::board::{DiceDetail, space_label};
use noctiluca::app::game::{Game, GameScreen};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::board::{shore_name, space_name};
use noctiluca::engine::*;
use noctiluca::i18n::Lang;
use std::collections::BTreeSet;
use std::sync::Arc;

/// A game started from the set-up fields (no clicks), its seats human unless `ai` says.
pub(crate) fn table(
    players: u8,
    ai: &[Option<usize>],
    seed: &str,
) -> Harness<'static, NoctilucaApp> {
    let mut h = harness(table_app(players, ai, seed));
    h.run();
    h
}

/// The app of `table`.
pub(crate) fn table_app(players: u8, ai: &[Option<usize>], seed: &str) -> NoctilucaApp {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    let setup = &mut app.game.setup;
    setup.players = players;
    for (i, seat) in setup.seats.iter_mut().enumerate() {
        seat.name = ["Ada", "Bea", "Cyd", "Dov"][i].into();
        seat.ai = ai.get(i).copied().flatten();
    }
    setup.first = Some(0);
    setup.seed_text = seed.into();
    app.game.start().expect("the game starts");
    app
}

pub(crate) fn game<'a>(h: &'a Harness<'_, NoctilucaApp>) -> &'a Game {
    h.state()
        .game
        .game
        .as_ref()
        .expect("a game is on the table")
}

pub(crate) fn actions(h: &Harness<'_, NoctilucaApp>) -> usize {
    game(h).m.record.actions.len()
}

/// The accessible name of the widget with the keyboard focus.
pub(crate) fn focused(h: &Harness<'_, NoctilucaApp>) -> Option<String> {
    h.query_all(By::new().predicate(|n| n.is_focused()))
        .next()
        .and_then(|n| n.accesskit_node().label().or_else(|| n.value()))
}

pub(crate) fn key(h: &mut Harness<'static, NoctilucaApp>, k: egui::Key) {
    press(h, k);
}

pub(crate) fn digit(n: usize) -> egui::Key {
    noctiluca::app::DIGIT_KEYS[n - 1]
}

/// Lets a moment pass (a second, in the harness's quarter-second frames), as a person reads a
/// new question before a digit key: digits wait half a second after a question of another
/// kind comes.
pub(crate) fn read_the_question(h: &mut Harness<'static, NoctilucaApp>) {
    for _ in 0..4 {
        h.step();
    }
}

/// Lets frames pass until a human is to decide (or the game ends), for bots and chance.
pub(crate) fn settle(h: &mut Harness<'static, NoctilucaApp>) {
    wait_until(h, "somebody to decide", |h| {
        let g = game(h);
        g.m.state.is_over() || g.covered || g.human_to_act().is_some()
    });
}

/// What the keyboard tests saw happen.
#[derive(Default, Debug)]
pub(crate) struct Seen {
    dives: usize,
    kinds: BTreeSet<&'static str>,
}

/// One dive by the keys: Tab to the first free shore on the board, → to the wanted shore,
/// Enter (focus moves onto its short path), Space or ↓ for the path, the digit, Enter.
fn dive_by_keys(h: &mut Harness<'static, NoctilucaApp>) -> (ShoreId, PathKind, u8) {
    let state = game(h).m.state.clone();
    let seat = state.active;
    // The dive that fits most dice (one that collects something, if any does).
    let best = state
        .observation(None)
        .dive_options(state.active)
        .into_iter()
        .max_by_key(|o| {
            (
                o.yields.fit(),
                o.yields.total(),
                std::cmp::Reverse((o.shore, o.path.index())),
            )
        })
        .unwrap();
    let free: Vec<ShoreId> = (0..12)
        .filter(|&s| state.shores[s as usize].is_none())
        .collect();
    let first = format!("Shore {}", shore_name(free[0]));
    tab_to(h, &first, 40);
    let steps = free.iter().position(|&s| s == best.shore).unwrap();
    for &at in &free[1..=steps] {
        key(h, egui::Key::ArrowRight);
        // The focus and the choice move together, from free shore to free shore.
        assert_eq!(focused(h), Some(format!("Shore {}", shore_name(at))));
        assert_eq!(game(h).pick.shore, Some(at));
    }
    key(h, egui::Key::Enter);
    assert_eq!(game(h).pick.shore, Some(best.shore));
    let short = format!("Short path from {}", shore_name(best.shore));
    assert!(
        focused(h).is_some_and(|f| f.starts_with(&short)),
        "Enter on a shore moves on to its short path, not {:?}",
        focused(h)
    );
    match best.path {
        PathKind::Short => key(h, egui::Key::Space),
        PathKind::Long => {
            key(h, egui::Key::ArrowDown);
            let long = format!("Long path from {}", shore_name(best.shore));
            assert!(focused(h).is_some_and(|f| f.starts_with(&long)));
        }
    }
    assert_eq!(game(h).pick.path, Some(best.path));
    key(h, digit(best.number as usize));
    assert_eq!(game(h).pick.number, Some(best.number));
    assert_eq!(
        focused(h).as_deref(),
        Some("Dive"),
        "a digit moves on to Dive"
    );
    let before = actions(h);
    key(h, egui::Key::Enter);
    if best.yields.total() == 0 {
        // The empty-dive warning asks first, with its confirmation focused.
        assert_eq!(actions(h), before);
        assert_eq!(focused(h).as_deref(), Some("Dive anyway"));
        key(h, egui::Key::Enter);
    }
    let g = game(h);
    assert_eq!(
        g.m.record.actions[before].action,
        Action::Dive {
            shore: best.shore,
            path: best.path,
            number: best.number
        }
    );
    // The pawn is on the shore and the called dice are gone from the path.
    assert_eq!(
        g.m.state.shores[best.shore as usize].map(|p| p.seat),
        Some(seat)
    );
    for &sp in board().path(best.shore, best.path).spaces() {
        assert!(
            g.m.state.pool[sp as usize]
                .dice()
                .all(|d| d.face != best.number),
            "a {} is left on {}",
            best.number,
            space_name(sp)
        );
    }
    (best.shore, best.path, best.number)
}

/// Takes the decision in front of the table with keys alone. Returns false at the end.
fn decide_by_keys(h: &mut Harness<'static, NoctilucaApp>, seen: &mut Seen) -> bool {
    settle(h);
    let g = game(h);
    if g.m.state.is_over() {
        return false;
    }
    if g.covered {
        key(h, egui::Key::Enter);
        assert!(!game(h).covered, "Enter takes the cover away");
        return true;
    }
    let state = g.m.state.clone();
    let legal = state.legal_actions();
    let before = actions(h);
    let comps = state.comps.clone();
    match state.decision() {
        Decision::Draft => {
            seen.kinds.insert("draft");
            let Action::Draft { set_aside } = legal[legal.len() - 1] else {
                panic!()
            };
            tab_to(h, &format!("Set aside {}", comps.card(set_aside)), 60);
            key(h, egui::Key::Enter);
        }
        Decision::Dive => {
            seen.dives += 1;
            dive_by_keys(h);
        }
        Decision::Store { .. } => {
            seen.kinds.insert("store");
            let Action::Store { slot, .. } = legal[legal.len() - 1] else {
                panic!()
            };
            // A painted jar card: Tab reaches it, Space presses it. The card it shows is
            // read out too.
            let label = format!("Store in jar {}", slot + 1);
            tab_to(h, &label, 60);
            let state = &game(h).m.state;
            let jar = state.players[state.active as usize].jars[slot as usize].unwrap();
            let want = jar_text(&state.comps, &jar);
            assert_eq!(description(h, &label), Some(want));
            key(h, egui::Key::Space);
        }
        Decision::PassOffer { .. } => {
            seen.kinds.insert("pass");
            // The first choice, by its digit.
            read_the_question(h);
            key(h, egui::Key::Num1);
        }
        Decision::DeliverOrder => {
            seen.kinds.insert("deliver");
            tab_to(h, "Deliver jar 2 first", 60);
            key(h, egui::Key::Enter);
        }
        Decision::ChoosePile => {
            seen.kinds.insert("pile");
            let Action::TakePile { pile } = legal[0] else {
                panic!()
            };
            read_the_question(h);
            key(h, digit(pile as usize + 1));
        }
        Decision::SoloKeep { .. } => {
            seen.kinds.insert("keep");
            let Action::SoloKeep { card } = legal[1] else {
                panic!()
            };
            tab_to(h, &format!("Keep {}", comps.card(card)), 60);
            key(h, egui::Key::Enter);
        }
        d => panic!("unexpected decision {d:?}"),
    }
    assert!(
        actions(h) > before,
        "the keys did not decide anything ({:?})",
        state.decision()
    );
    true
}

/// Decides by keys until `stop` holds once bots and chance have moved (or the game is over).
/// Seat 1 is to dive.
pub(crate) fn my_dive(g: &Game) -> bool {
    g.human_to_act() == Some(0) && g.m.state.decision() == Decision::Dive
}

/// A two-player table on `seed`, seat 2 an AI, at seat 1's first dive.
pub(crate) fn at_first_dive(seed: &str) -> (Harness<'static, NoctilucaApp>, Seen) {
    let mut h = table(2, &[None, Some(1)], seed);
    let mut seen = Seen::default();
    play_until(&mut h, &mut seen, my_dive);
    (h, seen)
}

pub(crate) fn play_until(
    h: &mut Harness<'static, NoctilucaApp>,
    seen: &mut Seen,
    stop: impl Fn(&Game) -> bool,
) {
    for _ in 0..3000 {
        settle(h);
        if stop(game(h)) || game(h).m.state.is_over() {
            return;
        }
        decide_by_keys(h, seen);
    }
    panic!("never got there");
}

#[test]
fn a_whole_hotseat_game_by_keys_alone() {
    let mut h = table(2, &[], "KEYS-0002");
    let mut seen = Seen::default();
    for _ in 0..3000 {
        if !decide_by_keys(&mut h, &mut seen) {
            break;
        }
    }
    assert!(game(&h).m.state.is_over(), "the game ended");
    assert_eq!(seen.dives, 24, "every dive of both rounds by keys");
    for kind in ["draft", "store", "pass", "deliver", "pile"] {
        assert!(seen.kinds.contains(kind), "no {kind} decision in {seen:?}");
    }
    assert_shows(&h, "The game is over");
    // The replay, by keys too: Tab to its button, Enter, then → steps.
    tab_to(&mut h, "Replay step by step", 60);
    key(&mut h, egui::Key::Enter);
    let at = |h: &Harness<'_, NoctilucaApp>| game(h).replay.as_ref().unwrap().at;
    assert_eq!(at(&h), 0);
    tab_to(&mut h, "Step forward →", 60);
    key(&mut h, egui::Key::ArrowRight);
    key(&mut h, egui::Key::ArrowRight);
    assert_eq!(at(&h), 2);
    assert_eq!(
        focused(&h).as_deref(),
        Some("Step forward →"),
        "the arrows kept the focus"
    );
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(at(&h), 1);
    key(&mut h, egui::Key::Space);
    assert_eq!(at(&h), 2);
    // On to a store: what comes next is one die, named as the table names it.
    let storing = |h: &Harness<'_, NoctilucaApp>| {
        let r = game(h).replay.as_ref().unwrap();
        matches!(r.state.decision(), Decision::Store { .. })
    };
    for _ in 0..200 {
        if storing(&h) {
            break;
        }
        key(&mut h, egui::Key::ArrowRight);
    }
    assert!(storing(&h), "the replay reaches a store");
    assert!(
        h.query_all_by_label_contains("chooses the jar for a")
            .next()
            .is_some(),
        "one die, lower case"
    );
}

#[test]
fn a_whole_solo_game_by_keys_alone() {
    let mut h = table(1, &[], "KEYS-0003");
    let mut seen = Seen::default();
    for _ in 0..3000 {
        if !decide_by_keys(&mut h, &mut seen) {
            break;
        }
    }
    assert!(game(&h).m.state.is_over(), "the game ended");
    assert_eq!(seen.dives, 12, "every dive of both rounds by keys");
    assert!(seen.kinds.contains("keep"), "no new jar kept in {seen:?}");
    assert_shows(&h, "Net score");
    // Round 1's pawns block their shores, and the board says so; the arrow is read out.
    assert_eq!(
        h.query_all_by_label_contains("blocked by a pawn from round 1")
            .count(),
        6
    );
    assert_eq!(
        h.query_all_by_label_contains(", taken by seat 1").count(),
        6
    );
    assert!(
        h.query_all_by_label_contains("The arrow points at the ")
            .next()
            .is_some()
    );
}

#[test]
fn undo_and_the_ai_controls_by_keys() {
    let (mut h, mut seen) = at_first_dive("KEYS-0004");
    // A dive by keys, then Ctrl+Z (⌘Z on a Mac) takes it back after the AI has moved (when
    // no chance came in between: the first such dive of the game).
    let mut undone = false;
    for _ in 0..12 {
        let before = game(&h).m.record.clone();
        dive_by_keys(&mut h);
        play_until(&mut h, &mut seen, |g| g.human_to_act() == Some(0));
        if game(&h).undo_point() != Some(before.actions.len()) {
            play_until(&mut h, &mut seen, my_dive);
            continue;
        }
        // Ctrl+Z in the rules' search beside the table takes back typing, not the dive.
        let after = game(&h).m.record.actions.len();
        key(&mut h, egui::Key::F1);
        h.get_by_label("Search the rules").click();
        h.run();
        h.get_by_label("Search the rules").type_text("tie");
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run();
        assert_eq!(
            game(&h).m.record.actions.len(),
            after,
            "undone from a text field"
        );
        // Out of the field and the rules (Escape twice), Ctrl+Z takes the dive back.
        key(&mut h, egui::Key::Escape);
        key(&mut h, egui::Key::Escape);
        assert!(!h.state().help_open);
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run();
        let g = game(&h);
        assert_eq!(
            g.m.record.actions, before.actions,
            "back to just before the dive"
        );
        assert_eq!(g.m.state.decision(), Decision::Dive);
        undone = true;
        break;
    }
    assert!(undone, "some dive of the game could be taken back");

    // The AI pace slider (shown while moves are animated): Tab to it, → raises it.
    h.state_mut().game.animate = true;
    h.state_mut().game.pace = 1.0;
    h.run();
    // (The first Tab goes to the board; the slider is further round.)
    for _ in 0..80 {
        let on_slider = h
            .query_by_role_and_label(egui::accesskit::Role::Slider, "AI pace")
            .is_some_and(|n| n.is_focused());
        if on_slider {
            break;
        }
        key(&mut h, egui::Key::Tab);
    }
    key(&mut h, egui::Key::ArrowRight);
    assert!(h.state().game.pace > 1.0, "→ on the slider raises the pace");
}

#[test]
fn skip_ahead_by_keys() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0005");
    h.state_mut().game.animate = true;
    // A pace no test waits out: the AI's draft waits on screen.
    h.state_mut().game.pace = 1.0e6;
    h.run();
    // The human sets aside the first draft card with its digit.
    assert_eq!(game(&h).human_to_act(), Some(0));
    assert_eq!(game(&h).m.state.decision(), Decision::Draft);
    key(&mut h, egui::Key::Num1);
    assert_eq!(game(&h).to_act(), Some(1), "the AI drafts next");
    assert!(!game(&h).skip_ai);
    // Its move is found (on a worker thread) and waits on screen.
    wait_until(&mut h, "the AI's move", |h| game(h).thinking().is_none());
    assert_eq!(
        game(&h).to_act(),
        Some(1),
        "the AI's draft waits for its pace"
    );
    // "Skip ahead" is the last stop of the Tab order: Shift+Tab reaches it at once.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some("Skip ahead"));
    key(&mut h, egui::Key::Enter);
    assert!(
        game(&h).skip_ai,
        "Enter on Skip ahead asks for the AI moves at once"
    );
}

/// The accessible description (what a screen reader adds after the name) of the node named
/// `label`.
fn description(h: &Harness<'_, NoctilucaApp>, label: &str) -> Option<String> {
    h.get_by_label(label).accesskit_node().description()
}

/// A jar card as the test reads it: "Gold jar +1: 2 of 5 filled: orange (filled), …".
fn jar_text(comps: &Components, jar: &noctiluca::engine::state::Jar) -> String {
    let card = comps.card(jar.card);
    let mut used = [0u8; 4];
    let spaces: Vec<String> = card
        .spaces
        .iter()
        .map(|&c| {
            let full = used[c.index()] < jar.filled[c.index()];
            used[c.index()] += 1;
            if full {
                format!("{c} (filled)")
            } else {
                c.to_string()
            }
        })
        .collect();
    let colour = card.colour.to_string();
    format!(
        "{}{} jar +{}: {} of {} filled: {}",
        colour[..1].to_uppercase(),
        &colour[1..],
        card.bonus,
        jar.dice(),
        card.spaces.len(),
        spaces.join(", ")
    )
}

#[test]
fn the_board_and_the_jars_read_out_for_a_known_game() {
    let mut h = table(2, &[], "READ-0001");
    let mut seen = Seen::default();
    // Both drafts, to the first dive.
    while game(&h).covered || game(&h).m.state.decision() != Decision::Dive {
        decide_by_keys(&mut h, &mut seen);
    }
    let state = game(&h).m.state.clone();
    // Every space, once, with its dice in words.
    for sp in 0..18u8 {
        let label = space_label(sp, &state.pool[sp as usize], DiceDetail::Faces);
        assert_eq!(h.query_all_by_label(&label).count(), 1, "{label:?}");
    }
    // One of them in full, as this seed lays the pool.
    assert_shows(
        &h,
        "Outer space O8: green 3, green 3, green 3, blue 1, blue 2",
    );
    // Every shore: free, a radio button of the dive, its keys in the description.
    for s in 0..12u8 {
        let name = format!("Shore {}", shore_name(s));
        let node = h.get_by_label(&name);
        assert_eq!(node.accesskit_node().role(), Role::RadioButton);
        assert_eq!(node.accesskit_node().toggled(), Some(Toggled::False));
        let d = description(&h, &name).unwrap();
        assert!(d.starts_with("Free. Enter or Space chooses it"), "{d:?}");
    }
    // The jars of both seats, and the piles' top cards.
    h.get_by_label("Jar 1 of Ada: Red jar +1: 0 of 5 filled: orange, orange, green, blue, blue");
    for (seat, name) in [(0usize, "Ada"), (1, "Bea")] {
        for (slot, jar) in state.players[seat].jars.iter().enumerate() {
            let jar = jar.as_ref().unwrap();
            let label = format!(
                "Jar {} of {name}: {}",
                slot + 1,
                jar_text(&state.comps, jar)
            );
            h.get_by_label(&label);
        }
    }
    for (i, pile) in state.piles.iter().enumerate() {
        let card = state.comps.card(pile.top.unwrap());
        let spaces: Vec<String> = card.spaces.iter().map(|c| c.to_string()).collect();
        let colour = card.colour.to_string();
        let label = format!(
            "Top of pile {}: {}{} jar +{}: {}",
            i + 1,
            colour[..1].to_uppercase(),
            &colour[1..],
            card.bonus,
            spaces.join(", ")
        );
        h.get_by_label(&label);
    }
    assert_shows(&h, "Gold token stack, top first: ");

    // A shore chosen by keys: it reads as chosen, and its two paths appear as radio buttons.
    tab_to(&mut h, "Shore S1", 40);
    // ← from the first shore goes round to the last, → back again.
    key(&mut h, egui::Key::ArrowLeft);
    assert_eq!(focused(&h).as_deref(), Some("Shore S12"));
    key(&mut h, egui::Key::ArrowRight);
    assert_eq!(focused(&h).as_deref(), Some("Shore S1"));
    key(&mut h, egui::Key::Enter);
    let chosen = h.get_by_label("Shore S1");
    assert_eq!(chosen.accesskit_node().toggled(), Some(Toggled::True));
    let short = path_text(0, PathKind::Short);
    let long = path_text(0, PathKind::Long);
    assert_eq!(short, "Short path from S1: O2, O3, O4");
    assert_eq!(long, "Long path from S1: O1, I6, I5, O9");
    for label in [&short, &long] {
        let node = h.get_by_label(label);
        assert_eq!(node.accesskit_node().role(), Role::RadioButton);
        assert!(
            description(&h, label)
                .unwrap()
                .starts_with("Enter or Space chooses this path")
        );
    }
    assert_eq!(focused(&h), Some(short.clone()));
    key(&mut h, egui::Key::ArrowDown);
    assert_eq!(focused(&h), Some(long.clone()));
    assert_eq!(
        h.get_by_label(&long).accesskit_node().toggled(),
        Some(Toggled::True)
    );
    // The number: the dice it collects, read in words.
    let o = state
        .observation(None)
        .dive_options(state.active)
        .into_iter()
        .filter(|o| o.shore == 0 && o.path == PathKind::Long && o.yields.total() > 0)
        .max_by_key(|o| o.yields.total())
        .unwrap();
    key(&mut h, digit(o.number as usize));
    let words: Vec<String> = DiceColour::ALL
        .iter()
        .filter(|c| o.yields.collected[c.index()] > 0)
        .map(|c| format!("{} {c}", o.yields.collected[c.index()]))
        .collect();
    assert_eq!(words.join(", "), "2 green, 2 purple");
    h.get_by_label(&words.join(", "));
    key(&mut h, egui::Key::Enter);
    // The shore is taken now, and says by whom.
    while game(&h).covered || game(&h).m.state.active == 0 {
        decide_by_keys(&mut h, &mut seen);
    }
    assert_shows(&h, "Shore S1, taken by seat 1");
    let state = game(&h).m.state.clone();
    let filled = state.players[0]
        .jars
        .iter()
        .flatten()
        .find(|j| j.dice() > 0)
        .expect("the dive filled a jar space");
    let slot = state.players[0]
        .jars
        .iter()
        .position(|j| j.as_ref() == Some(filled))
        .unwrap();
    let label = format!(
        "Jar {} of Ada: {}",
        slot + 1,
        jar_text(&state.comps, filled)
    );
    assert_eq!(
        label,
        "Jar 2 of Ada: Brown jar +0: 2 of 4 filled: orange, green (filled), green (filled), green"
    );
    h.get_by_label(&label);
}

/// "Long path from S1: O1, I1, I4, O7", from the board's geometry.
fn path_text(shore: ShoreId, path: PathKind) -> String {
    let spaces: Vec<String> = board()
        .path(shore, path)
        .spaces()
        .iter()
        .map(|&sp| space_name(sp))
        .collect();
    let kind = if path == PathKind::Short {
        "Short"
    } else {
        "Long"
    };
    format!(
        "{kind} path from {}: {}",
        shore_name(shore),
        spaces.join(", ")
    )
}

/// Fails, naming them, if anything of the table or the board drawn since the last check had
/// no translation. The engine's sentences (log lines, card labels, decision descriptions) and
/// the other screens are translated in other parts of this work, so this check is narrowed to
/// the keys of the table's and the board's own source; once every part is in, the integrator
/// replaces it with `assert_all_translated`.
fn assert_table_translated(h: &mut Harness<'static, NoctilucaApp>, what: &str) {
    h.run();
    // The seats' names are the players' own.
    assert_translated(h, what, &["Ada", "Bea", "Cyd", "Dov"]);
}

pub fn game_mut<'a>(h: &'a mut Harness<'static, NoctilucaApp>) -> &'a mut Game {
    h.state_mut().game.game.as_mut().unwrap()
}

/// Plays a whole game in Traditional Chinese by the engine's legal actions (through the
/// screen's own `act`), checking the table after every step and in every state it reaches.
fn play_in_chinese(h: &mut Harness<'static, NoctilucaApp>, seen: &mut BTreeSet<&'static str>) {
    use noctiluca::i18n::tr;
    for _ in 0..3000 {
        settle(h);
        let g = game(h);
        if g.m.state.is_over() {
            break;
        }
        if g.covered {
            seen.insert("cover");
            assert_table_translated(h, "the cover");
            game_mut(h).covered = false;
            continue;
        }
        let state = g.m.state.clone();
        if !g.notes.is_empty() {
            seen.insert("notes");
        }
        if g.last_delivery.is_some() {
            seen.insert("delivery");
        }
        let legal = state.legal_actions();
        let what = match state.decision() {
            Decision::Draft => "draft",
            Decision::Dive => "dive",
            Decision::Store { .. } => "store",
            Decision::PassOffer { .. } => "pass",
            Decision::DeliverOrder => "deliver",
            Decision::ChoosePile => "pile",
            Decision::SoloKeep { .. } => "keep",
            d => panic!("unexpected decision {d:?}"),
        };
        seen.insert(what);
        assert_table_translated(h, what);
        let action = if what == "dive" {
            let options = state.observation(None).dive_options(state.active);
            let best = *options
                .iter()
                .max_by_key(|o| (o.yields.fit(), o.yields.total()))
                .unwrap();
            // The dive panel at each step of the pick, and the empty-dive warning.
            if let Some(empty) = options.iter().find(|o| o.yields.total() == 0) {
                let g = game_mut(h);
                g.show_empty_dives = true;
                g.pick.shore = Some(empty.shore);
                g.pick.path = Some(empty.path);
                g.pick.number = Some(empty.number);
                g.pick.confirm_empty = true;
                assert_table_translated(h, "an empty dive");
                assert_shows(h, tr("Dive anyway"));
                game_mut(h).show_empty_dives = false;
            }
            let g = game_mut(h);
            g.pick = Default::default();
            g.pick.shore = Some(best.shore);
            assert_table_translated(h, "a shore chosen");
            game_mut(h).pick.path = Some(best.path);
            assert_table_translated(h, "a path chosen");
            game_mut(h).pick.number = Some(best.number);
            assert_table_translated(h, "a number called");
            assert_shows(h, tr("Dive"));
            Action::Dive {
                shore: best.shore,
                path: best.path,
                number: best.number,
            }
        } else {
            legal[legal.len() - 1]
        };
        h.state_mut().game.act(action, 0.0);
        assert_table_translated(h, "after a decision");
    }
    assert!(game(h).m.state.is_over());
    assert_table_translated(h, "the end");
    assert_shows(h, tr("The game is over"));
}

/// The finished game's replay, in Traditional Chinese.
fn replay_in_chinese(h: &mut Harness<'static, NoctilucaApp>) {
    use noctiluca::i18n::tr;
    game_mut(h).start_replay();
    assert_table_translated(h, "the replay");
    assert_shows(h, tr("Replay"));
    key(h, egui::Key::ArrowRight);
    assert_table_translated(h, "a replay step");
}

#[test]
fn the_table_in_traditional_chinese() {
    let mut h = table(2, &[], "ZHTW-0001");
    set_language(&mut h, Lang::ZhHant);
    let mut seen = BTreeSet::new();
    play_in_chinese(&mut h, &mut seen);
    for state in [
        "cover", "draft", "dive", "store", "pass", "deliver", "pile", "notes", "delivery",
    ] {
        assert!(seen.contains(state), "{state} never shown: {seen:?}");
    }
    // The board read out in Chinese.
    assert!(
        h.query_all_by_label_contains("外圈格子 O1：")
            .next()
            .is_some()
    );
    assert!(h.query_all_by_label_contains("已被座位").next().is_some());
    replay_in_chinese(&mut h);
}

#[test]
fn the_solo_table_in_traditional_chinese() {
    let mut h = table(1, &[], "ZHTW-0002");
    set_language(&mut h, Lang::ZhHant);
    let mut seen = BTreeSet::new();
    play_in_chinese(&mut h, &mut seen);
    for state in ["dive", "keep", "notes"] {
        assert!(seen.contains(state), "{state} never shown: {seen:?}");
    }
    assert!(h.query_all_by_label_contains("箭頭指向").next().is_some());
    assert!(
        h.query_all_by_label_contains("被第 1 輪的棋子阻擋")
            .next()
            .is_some()
    );
    replay_in_chinese(&mut h);
}

#[test]
fn the_ai_seats_in_traditional_chinese() {
    let mut h = table(3, &[None, Some(0), Some(1)], "ZHTW-0003");
    set_language(&mut h, Lang::ZhHant);
    // Moves shown at a pace: the pace slider is on the table.
    h.state_mut().game.animate = true;
    h.state_mut().game.pace = 3.0;
    assert_table_translated(&mut h, "a human's draft, AI seats at the table");
    assert_shows(&h, noctiluca::i18n::tr("AI pace"));
    let first = game(&h).m.state.legal_actions()[0];
    h.state_mut().game.act(first, 0.0);
    // One frame later an AI seat is to move: the table waits for it (or for "Skip ahead").
    h.step();
    assert_eq!(game(&h).to_act(), Some(1));
    assert_translated(&h, "waiting for an AI seat", &["Ada", "Bea", "Cyd", "Dov"]);
    assert_shows(&h, noctiluca::i18n::tr("Skip ahead"));
    h.state_mut().game.animate = false;
    let mut seen = BTreeSet::new();
    play_in_chinese(&mut h, &mut seen);
}

#[test]
fn question_mark_lists_every_key() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0006");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Questionmark);
    h.run();
    assert!(h.state().key_list.open);
    assert!(shows(&h, "?"), "the key is shown as people type it");
    assert!(!shows(&h, "Questionmark"));
    for bd in noctiluca::app::keys::ALL {
        assert!(
            h.query_all_by_label(bd.what).next().is_some(),
            "{} is listed",
            bd.what
        );
    }
    // What each key does starts at one place in every section (each section's column of keys
    // had the width of its own longest).
    let lefts: std::collections::BTreeSet<i64> = noctiluca::app::keys::ALL
        .iter()
        .filter_map(|bd| h.query_all_by_label(bd.what).next())
        .map(|n| n.rect().min.x.round() as i64)
        .collect();
    assert_eq!(lefts.len(), 1, "{lefts:?}");
    // Esc closes it, and only it.
    key(&mut h, egui::Key::Escape);
    assert!(!h.state().key_list.open);
    assert_eq!(h.state().current, ScreenKind::Play);
    // In Chinese.
    set_language(&mut h, Lang::ZhHant);
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Questionmark);
    h.run();
    assert!(h.query_all_by_label("這份按鍵清單").next().is_some());
    assert_all_translated("the list of keys in Chinese");
}
