//! The pass at the table (SPEC §4.3): dice that go round the table twice, shown and taken by
//! clicking; and an autosave from before the passing rule was corrected.

use crate::app_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::game::{GameSave, GameScreen, SeatInfo};
use noctiluca::app::{NoctilucaApp, ScreenKind, theme};
use noctiluca::engine::*;
use noctiluca::words::Words;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;

fn play_app(save: Option<&Path>) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), save.map(Path::to_path_buf));
    app.game.animate = false;
    harness(app)
}

/// A 2-player record that stops just before a dive whose left-over dice the other player
/// takes on two visits (the pass goes round twice), and that dive.
fn before_a_pass_that_goes_round_twice() -> (GameRecord, Action) {
    for seed in 0..500u64 {
        let mut m = Match::new(GameConfig::players(2), Components::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !m.state.is_over() {
            m.run_chance();
            if m.state.is_over() {
                break;
            }
            let legal = m.state.legal_actions();
            let a = match m.state.decision() {
                Decision::PassOffer { .. } => legal[0],
                _ => legal[rng.random_range(0..legal.len())],
            };
            let before = m.to_record();
            let events = m.apply(a).unwrap();
            // Two or more dice pass and the other player has room for at least two of them.
            if matches!(a, Action::Dive { .. })
                && let Decision::PassOffer { dice, lap: 1 } = m.state.decision()
            {
                let ToAct::Seat(other) = m.state.to_act() else {
                    continue;
                };
                let p = &m.state.players[other as usize];
                let room: u8 = DiceColour::ALL
                    .iter()
                    .map(|&c| dice[c.index()].min(p.empty_of(c).iter().sum()))
                    .sum();
                if room >= 2 && events.iter().all(|e| !matches!(e, Event::ToSupply { .. })) {
                    return (before, a);
                }
            }
        }
    }
    panic!("no game in 500 seeds passes two dice that fit");
}

fn take_first_offer(h: &mut Harness<'static, NoctilucaApp>) {
    let glyphs = h.state().shared.settings.glyphs;
    let legal = h
        .state()
        .game
        .game
        .as_ref()
        .unwrap()
        .m
        .state
        .legal_actions();
    let Action::Take { colour, slot } = legal[0] else {
        panic!("no die to take: {legal:?}");
    };
    click(
        h,
        &format!(
            "Take {} into jar {}",
            theme::dice_label(colour, glyphs),
            slot + 1
        ),
    );
}

#[test]
fn a_pass_that_goes_round_twice_is_shown_and_taken_by_clicking() {
    let (record, dive) = before_a_pass_that_goes_round_twice();
    let mut h = play_app(None);
    open_two_people(&mut h, record);
    // The diver dives through the screen.
    let Action::Dive {
        shore,
        path,
        number,
    } = dive
    else {
        unreachable!()
    };
    let state = h.state().game.game.as_ref().unwrap().m.state.clone();
    let diver = state.active;
    let preview = state
        .observation(None)
        .dive_options(state.active)
        .into_iter()
        .find(|o| o.shore == shore && o.path == path && o.number == number)
        .unwrap();
    assert!(preview.yields.others_can_take() >= 2 && preview.yields.passed_total() >= 2);
    if h.state().game.game.as_ref().unwrap().covered {
        click(
            &mut h,
            &format!(
                "Pass to {} — press to continue",
                ["Ada", "Bo"][diver as usize]
            ),
        );
    }
    click(&mut h, &format!("Shore S{}", shore + 1));
    click(
        &mut h,
        if path == PathKind::Short {
            "Short path"
        } else {
            "Long path"
        },
    );
    click(&mut h, &format!("Number {number}"));
    let (passed, room) = (
        preview.yields.passed_total(),
        preview.yields.others_can_take(),
    );
    assert_shows(&h, &format!("{passed} round the table"));
    // Room for them all is said as such; else how many of them, and where the rest go.
    if room >= passed {
        assert_shows(&h, "the others have room for all)");
    } else {
        assert_shows(
            &h,
            &format!("the others have room for {room}; the rest go to the box lid"),
        );
    }
    click(&mut h, "Dive");
    // The other player is handed the table, and is offered the dice the first time round.
    let taker = ["Ada", "Bo"][1 - diver as usize];
    click(&mut h, &format!("Pass to {taker} — press to continue"));
    assert_shows(&h, &format!("{taker}: passed dice"));
    assert!(!shows(&h, "Second time round"));
    // Their card says they decide (the diver's had stayed lit alone); only theirs.
    assert_eq!(h.query_all_by_label("deciding").count(), 1);
    take_first_offer(&mut h);
    // The same player, offered the dice left a second time round.
    let g = h.state().game.game.as_ref().unwrap();
    assert!(matches!(
        g.m.state.decision(),
        Decision::PassOffer { lap: 2, .. }
    ));
    assert!(!g.covered, "the same player keeps the table");
    assert_shows(&h, "Second time round: somebody placed a die last time");
    assert_shows(&h, &format!("{taker}: passed dice"));
    assert_shows(&h, "Still being passed:");
    assert_shows(&h, "Click a choice, or press its number: 1 for the first");
    take_first_offer(&mut h);
    let g = h.state().game.game.as_ref().unwrap();
    let took =
        g.m.record
            .actions
            .iter()
            .rev()
            .take_while(|e| !matches!(e.action, Action::Dive { .. }))
            .filter(|e| matches!(e.action, Action::Take { .. }))
            .count();
    assert_eq!(took, 2);
    // The log says the dice went round again.
    assert_shows(&h, "go round again (second time round)");
}

#[test]
fn an_autosave_from_before_the_passing_rule_is_kept_aside_and_explained() {
    let dir = scratch("old-rules-autosave");
    let auto = dir.join("game-autosave.ron");
    // A game in progress, written as the earlier version wrote it (log version 1).
    let mut m = Match::new(GameConfig::players(2), Components::default(), 3).unwrap();
    m.run_chance();
    let mut record = m.to_record();
    record.version = 1;
    let save = GameSave {
        format: "noctiluca-table-game".into(),
        version: 1,
        seats: vec![
            SeatInfo {
                name: "Ada".into(),
                ai: None,
                stand_in: None,
            },
            SeatInfo {
                name: "Bo".into(),
                ai: None,
                stand_in: None,
            },
        ],
        record,
        hints: Default::default(),
        tutor: None,
        handovers: Vec::new(),
    };
    let text = save.to_ron();
    std::fs::write(&auto, &text).unwrap();
    let mut h = play_app(Some(&auto));
    h.run();
    assert_shows(
        &h,
        "A game saved by an earlier version of Noctiluca Table was found",
    );
    assert!(!shows(&h, "Continue the saved game"));
    // Kept, byte for byte, under a new name the message gives.
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p != &auto)
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text);
    assert_shows(&h, &kept[0].display().to_string());
    let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("game-autosave.earlier-version-"), "{name}");
    // A new game autosaves in the usual place and leaves the old one alone.
    click(&mut h, "Start the game");
    assert!(auto.exists());
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text);
    // Opening the old file on purpose says why it cannot be replayed.
    let e = GameSave::from_ron(&text)
        .map_err(|e| e.to_string())
        .and_then(|s| s.record.replay().map_err(|e| e.words()))
        .unwrap_err();
    assert!(e.contains("earlier version"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_corrupt_autosave_is_kept_aside_and_explained() {
    let dir = scratch("corrupt-autosave");
    let auto = dir.join("game-autosave.ron");
    std::fs::write(
        &auto,
        "(format: \"noctiluca-table-game\", version: 1, seats: [",
    )
    .unwrap();
    let mut h = play_app(Some(&auto));
    h.run();
    assert_shows(&h, "The autosaved game could not be read");
    assert!(!auto.exists());
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .collect();
    assert_eq!(kept.len(), 1);
    assert!(
        kept[0]
            .file_name()
            .to_string_lossy()
            .starts_with("game-autosave.broken-")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn another_kind_of_file_as_the_autosave_is_not_taken_for_an_earlier_game() {
    let dir = scratch("foreign-autosave");
    let auto = dir.join("game-autosave.ron");
    // A component set (its own format, version 1) where the autosave should be.
    let set = noctiluca::engine::component_set::ComponentSet::new(
        &Components::default(),
        Default::default(),
    )
    .to_ron();
    std::fs::write(&auto, &set).unwrap();
    let mut h = play_app(Some(&auto));
    h.run();
    assert!(
        !shows(&h, "earlier version of Noctiluca Table"),
        "a component set is no earlier game"
    );
    assert_shows(&h, "could not be read");
    let kept = kept(&auto);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), set);
}
