//! Handing a person's seat to an AI mid-game ("Seats…"), and taking it back: who then plays
//! it, what the log and the seat's card say, what a save keeps, and whose game the history
//! counts it as.

use crate::app_support::*;
use crate::game::{ada_and_bea_saving, play_one};
use eframe::egui;
use egui::accesskit::Toggled;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::NoctilucaApp;
use noctiluca::app::game::{Game, GameSave};
use noctiluca::engine::Seat;
use noctiluca::engine::record::Actor;

fn game<'a>(h: &'a Harness<'_, NoctilucaApp>) -> &'a Game {
    h.state().game.game.as_ref().unwrap()
}

/// Ada and Bea, and an AI in seat 3, at a person's turn with their table shown.
fn three_at_a_persons_turn() -> Harness<'static, NoctilucaApp> {
    three_at_a_persons_turn_saving(None)
}

/// The same, the game autosaved to `save` (if given).
fn three_at_a_persons_turn_saving(
    save: Option<&std::path::Path>,
) -> Harness<'static, NoctilucaApp> {
    let mut h = ada_and_bea_saving(save);
    click(&mut h, "3 players");
    click(&mut h, "First player: seat 1");
    replace(&mut h, "Seed code (optional)", "BACK-0002");
    click(&mut h, "Start the game");
    for _ in 0..400 {
        let g = game(&h);
        if !g.covered && g.human_to_act().is_some() {
            return h;
        }
        play_one(&mut h, false);
    }
    panic!("no person's turn came");
}

/// "Seats…", then `choice`, then Done if the dialog is still up (the cover may have come up
/// for the next person).
fn hand(h: &mut Harness<'static, NoctilucaApp>, choice: &str) {
    // At a person's turn, their table shown: the game waits there.
    for _ in 0..400 {
        let g = game(h);
        if !g.covered && g.human_to_act().is_some() {
            break;
        }
        play_one(h, false);
    }
    click(h, "Seats…");
    click(h, choice);
    // The AI may have moved and the cover come up meanwhile (a bot thinks on a thread of its
    // own): looked for and pressed in one frame.
    if let Some(done) = h.query_by_label("Done") {
        done.click();
    }
    h.run();
    assert!(!shows(h, "Who plays each seat"));
}

fn toggled(h: &Harness<'_, NoctilucaApp>, label: &str) -> Option<Toggled> {
    h.get_by_label(label).accesskit_node().toggled()
}

/// Decisions seat `seat` made from the log's `from`-th entry on.
fn decisions_of(g: &Game, seat: Seat, from: usize) -> usize {
    g.m.record.actions[from..]
        .iter()
        .filter(|e| e.by == Actor::Seat(seat))
        .count()
}

#[test]
fn a_persons_seat_is_played_by_an_ai_until_they_take_it_back() {
    let mut h = three_at_a_persons_turn();
    click(&mut h, "Seats…");
    assert_shows(&h, "Who plays each seat");
    // The keyboard starts on the first seat's choice, and Tab comes round to it again past
    // Done (it had gone on to the next).
    assert!(h.get_by_label("Ada plays").is_focused());
    for _ in 0..13 {
        h.key_press(egui::Key::Tab);
        h.run();
    }
    assert!(h.get_by_label("Ada plays").is_focused());
    assert_eq!(toggled(&h, "Bea plays"), Some(Toggled::True));
    assert_eq!(toggled(&h, "Bea: AI normal"), Some(Toggled::False));
    // The seat set up for an AI is not offered.
    assert_shows(&h, "AI Normal, from the start");
    assert!(h.query_by_label("AI Normal: AI easy").is_none());

    click(&mut h, "Bea: AI normal");
    assert_eq!(toggled(&h, "Bea: AI normal"), Some(Toggled::True));
    assert_eq!(toggled(&h, "Bea plays"), Some(Toggled::False));
    let from = game(&h).m.record.actions.len();
    assert!(!game(&h).is_human(1));
    assert_eq!(game(&h).seats[1].name, "Bea", "the seat keeps its name");
    assert!(
        game(&h)
            .log_words()
            .contains(&"From here, AI Normal plays for Bea.".into())
    );
    // Escape closes the dialog.
    press(&mut h, egui::Key::Escape);
    assert!(!shows(&h, "Who plays each seat"));
    assert_eq!(
        h.state().current,
        noctiluca::app::ScreenKind::Play,
        "Escape went home"
    );
    assert_shows(&h, "AI Normal plays for now");

    // Bea's turns now pass without a cover for her: the AI plays them.
    for _ in 0..3000 {
        let g = game(&h);
        if decisions_of(g, 1, from) >= 6 {
            break;
        }
        assert_ne!(g.viewer, Some(1), "the table was handed to Bea");
        play_one(&mut h, false);
    }
    assert!(
        decisions_of(game(&h), 1, from) >= 6,
        "the AI played Bea's seat"
    );
    // A replay does not say it at its steps: "for now" is the table's now, and Bea played
    // the early steps herself.
    h.state_mut().game.game.as_mut().unwrap().start_replay();
    h.state_mut().game.game.as_mut().unwrap().replay_to(0);
    h.run();
    assert!(!shows(&h, "plays for now"));
    h.state_mut().game.game.as_mut().unwrap().replay = None;
    h.run();
    assert_shows(&h, "AI Normal plays for now");

    // She is back: her next turn is hers, behind the cover.
    let ada_to_act = {
        let mut ok = false;
        for _ in 0..400 {
            let g = game(&h);
            if !g.covered && g.human_to_act() == Some(0) {
                ok = true;
                break;
            }
            play_one(&mut h, false);
        }
        ok
    };
    assert!(ada_to_act, "Ada's turn came");
    hand(&mut h, "Bea plays");
    assert!(game(&h).is_human(1));
    assert!(
        game(&h)
            .log_words()
            .contains(&"Bea takes their seat back.".into())
    );
    let back = game(&h).m.record.actions.len();
    for _ in 0..3000 {
        let g = game(&h);
        if g.covered && g.viewer == Some(1) {
            assert_shows(&h, "Pass to Bea — press to continue");
            assert_eq!(decisions_of(g, 1, back), 0, "the AI played on for Bea");
            return;
        }
        play_one(&mut h, false);
    }
    panic!("Bea's turn did not come back to her");
}

#[test]
fn a_save_keeps_who_plays_each_seat_and_undo_keeps_the_change() {
    let mut h = three_at_a_persons_turn();
    hand(&mut h, "Bea: AI random");
    // A save made now, read again, has Bea's seat played by the AI, and says so in its log.
    let text = game(&h).save().to_ron();
    let save = GameSave::from_ron(&text).expect("the save reads");
    assert_eq!(save.seats[1].stand_in.as_deref(), Some("random"));
    h.state_mut().game.game = None;
    h.state_mut().game.open_save(save).expect("the save opens");
    h.run();
    assert!(!game(&h).is_human(1));
    assert!(
        game(&h)
            .log_words()
            .contains(&"From here, AI Random plays for Bea.".into())
    );
    assert_shows(&h, "AI Random plays for now");

    // Ada's decision and the AI's moves after it, taken back: Bea's seat stays with the AI.
    for _ in 0..400 {
        if game(&h).undo_point().is_some() {
            break;
        }
        play_one(&mut h, false);
    }
    assert!(
        game(&h).undo_point().is_some(),
        "Ada has a decision to take back"
    );
    h.state_mut().game.undo();
    h.run();
    let g = game(&h);
    assert!(!g.is_human(1));
    let len = g.m.record.actions.len();
    assert!(g.handovers.iter().all(|c| c.at <= len));
    assert!(
        g.log_words()
            .contains(&"From here, AI Random plays for Bea.".into())
    );
}

/// The history counts a game as the person's only if they made most of their seat's
/// decisions.
#[test]
fn the_history_counts_the_game_for_whoever_made_most_of_the_seats_decisions() {
    let mut h = three_at_a_persons_turn();
    hand(&mut h, "Bea: AI random");
    // Bea's seat given back after a few of its decisions: most of them are still to come.
    let from = game(&h).m.record.actions.len();
    for _ in 0..3000 {
        if decisions_of(game(&h), 1, from) >= 2 {
            break;
        }
        play_one(&mut h, false);
    }
    assert_eq!(game(&h).recorded_stand_in(1).as_deref(), Some("random"));
    hand(&mut h, "Bea plays");
    let g = game(&h);
    assert_eq!(g.recorded_stand_in(0), None);
    // Ada's seat to the AI from here to the end: most of her decisions are the AI's; Bea
    // makes most of hers.
    hand(&mut h, "Ada: AI random");
    crate::game::play_to_end(&mut h, false);
    let g = game(&h);
    assert!(g.m.state.is_over());
    assert_eq!(g.recorded_stand_in(0).as_deref(), Some("random"));
    let e = g.history_entry().expect("the game is recorded");
    let ada = e.results.iter().find(|r| r.seat == 0).unwrap();
    assert_eq!(ada.bot.as_deref(), Some("random"));
    assert_eq!(ada.name, "random bot");
    let bea = e.results.iter().find(|r| r.seat == 1).unwrap();
    assert_eq!((bea.bot.as_deref(), bea.name.as_str()), (None, "Bea"));
    // The game over, the seats stay as they are: the button is gone.
    assert!(h.query_by_label("Seats…").is_none());
}

/// The person who hands their seat over leaves the table: the next person's secrets wait
/// behind the cover for them, though only one person is left to play.
#[test]
fn the_table_is_covered_for_the_next_person_after_a_seat_is_handed_over() {
    let mut h = three_at_a_persons_turn();
    let me = game(&h).viewer.expect("a person at the table");
    let other = 1 - me;
    let (mine, next) = (game(&h).name(me), game(&h).name(other));
    click(&mut h, "Seats…");
    click(&mut h, &format!("{mine}: AI random"));
    for _ in 0..400 {
        if game(&h).viewer == Some(other) {
            break;
        }
        h.step();
    }
    let g = game(&h);
    assert_eq!(g.viewer, Some(other));
    assert!(
        g.covered,
        "{next}'s table shown to whoever handed their seat over"
    );
    // The dialog stays over the cover until closed (it had gone, and an Escape meant for it
    // went Home).
    assert_shows(&h, "Who plays each seat");
    press(&mut h, egui::Key::Escape);
    assert!(!shows(&h, "Who plays each seat"));
    assert_eq!(h.state().current, noctiluca::app::ScreenKind::Play);
    assert_shows(&h, &format!("Pass to {next} — press to continue"));
    click(&mut h, &format!("Pass to {next} — press to continue"));
    assert_shows(&h, &format!("Favourite of {next}"));
    // From then on, the one person left plays without a cover.
    let at = game(&h).m.record.actions.len();
    for _ in 0..2000 {
        let g = game(&h);
        if g.human_to_act() == Some(other) && g.m.record.actions.len() > at + 3 {
            assert!(!g.covered);
            return;
        }
        assert!(!g.covered, "covered again with one person at the table");
        play_one(&mut h, false);
    }
    panic!("{next}'s turn did not come again");
}

/// Back at the table from Home, it is covered while two people have seats, one of them played
/// by an AI for now: either may be at the window.
#[test]
fn coming_back_to_a_table_with_a_seat_handed_over_covers_it() {
    let mut h = three_at_a_persons_turn();
    let me = game(&h).viewer.unwrap();
    let other = game(&h).name(1 - me);
    hand(&mut h, &format!("{other}: AI random"));
    crate::cover::resume_from_home(&mut h);
    assert!(
        game(&h).covered,
        "shown at once to whoever is at the window"
    );
}

/// A seat that changes hands is saved at once, also from the dialog over the cover: closed
/// then, the app had come back with the seat as it was.
#[test]
fn a_seat_changing_hands_is_saved_at_once() {
    let dir = scratch("seats-autosave");
    let file = dir.join("game-autosave.ron");
    let mut h = three_at_a_persons_turn_saving(Some(&file));
    let me = game(&h).viewer.expect("a person at the table");
    let mine = game(&h).name(me);
    let saved = || GameSave::from_ron(&std::fs::read_to_string(&file).unwrap()).unwrap();
    click(&mut h, "Seats…");
    click(&mut h, &format!("{mine}: AI random"));
    assert_eq!(
        saved().seats[me as usize].stand_in.as_deref(),
        Some("random")
    );
    // Over the cover that comes for the other person, taken back.
    for _ in 0..400 {
        if game(&h).covered {
            break;
        }
        h.step();
    }
    assert!(game(&h).covered);
    click(&mut h, &format!("{mine} plays"));
    assert_eq!(saved().seats[me as usize].stand_in, None);
}
