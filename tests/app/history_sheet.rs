//! The history's games: dated to the minute, Delete at the far end of every row, a person's
//! name as long as its box allows. The AIs' names are theirs: a game's score sheet opened from
//! the history is saved already as it is, and as another game once changed, its AI seats kept
//! as those AIs; a person is not renamed to an AI's name.

use crate::app_support::*;
use crate::history::{app_with_history, db, record_sheet, wait_for_recording};
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::ScreenKind;
use noctiluca::app::calculator::Sheet;
use noctiluca::engine::*;
use noctiluca::history::{Filter, GameEntry, History, Mode};

#[test]
fn a_score_sheet_opened_from_the_history_is_not_saved_to_it_again() {
    let (_dir, path) = db("history-sheet");
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    record_sheet(&path, noctiluca::history::Mode::Tabletop, &input);
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    h.query_all_by_label_contains("Score sheet of game ")
        .next()
        .expect("a Score sheet button named for its game")
        .click();
    h.run();
    assert_eq!(h.state().current, ScreenKind::Calculator);
    // It is the history's own game: saved already, until the sheet is changed.
    assert!(h.query_by_label("Save to history").is_none());
    assert!(
        h.get_by_label("Saved to history")
            .accesskit_node()
            .is_disabled()
    );
    let mut next = input.clone();
    next.players[2].leftover_dice += 1;
    h.state_mut().calculator.sheet = Sheet::from_input(&next);
    h.run();
    assert!(h.query_by_label("Save to history").is_some());
}

/// A game of two AIs and a person, its sheet opened from the history and one entry changed:
/// "Save as another game" adds a game whose AI seats are those AIs, not people called "AI
/// Easy", and the person's name in the reader's words is kept.
#[test]
fn a_changed_sheet_of_a_game_with_ais_is_saved_as_another_game_of_those_ais() {
    let (_dir, path) = db("history-sheet-ais");
    let mut input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    for (p, name) in input
        .players
        .iter_mut()
        .zip(["Mira", "easy 2", "normal 3", "Bo"])
    {
        p.name = name.into();
    }
    let result = score(&input);
    let bots = [
        None,
        Some("easy".to_string()),
        Some("normal".to_string()),
        None,
    ];
    let entry = GameEntry::from_score(Mode::Digital, &input, &result, &bots, 0);
    History::open(&path).unwrap().record(&entry).unwrap();
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    h.query_all_by_label_contains("Score sheet of game ")
        .next()
        .expect("a Score sheet button")
        .click();
    h.run();
    assert_eq!(h.state().current, ScreenKind::Calculator);
    let names: Vec<String> = h
        .state()
        .calculator
        .sheet
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect();
    assert_eq!(names, ["Mira", "AI Easy", "AI Normal", "Bo"]);
    // One more leftover die for AI Easy, typed into the sheet as opened.
    let more = input.players[1].leftover_dice + 1;
    h.state_mut().calculator.sheet.players[1].leftover_dice = more.to_string();
    h.run();
    assert!(h.query_by_label("Save to history").is_none());
    click(&mut h, "Save as another game");
    wait_for_recording(&mut h);
    let games = History::open(&path)
        .unwrap()
        .games(&Filter::default())
        .unwrap();
    assert_eq!(games.len(), 2, "the game opened stays, another is added");
    for g in &games {
        let people: Vec<(&str, Option<&str>)> = g
            .results
            .iter()
            .map(|r| (r.name.as_str(), r.bot.as_deref()))
            .collect();
        assert_eq!(
            people,
            [
                ("Mira", None),
                ("easy bot", Some("easy")),
                ("normal bot", Some("normal")),
                ("Bo", None)
            ],
            "game {}",
            g.id
        );
    }
}

/// Renaming a person to "AI Hard" (as the window names that AI, in either language) is
/// refused, as the command line refuses it: the person had become one nobody could find.
#[test]
fn a_person_is_not_renamed_to_an_ai_s_name() {
    let (_dir, path) = db("history-rename-ai");
    record_sheet(
        &path,
        Mode::Tabletop,
        &crate::history::sheet_of(&["Zed", "Ann"]),
    );
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    h.state_mut().history.person = Some("Zed".into());
    h.run();
    for name in ["AI Hard", "ai hard", "電腦（困難）"] {
        click(&mut h, "Rename or merge…");
        replace(&mut h, "New name", name);
        click(&mut h, "Rename");
        assert_shows(&h, "an AI is kept under its level");
        click(&mut h, "Cancel");
    }
    let people: Vec<String> = History::open(&path)
        .unwrap()
        .people()
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(people, ["Ann", "Zed"]);
}

/// Delete is at the far end of every row: a typed-in game has no Replay, and its Delete had
/// taken the place where the other rows have Replay (a click there deleted the game).
#[test]
fn delete_is_at_the_same_far_place_on_every_row() {
    let (_dir, path) = db("history-delete-place");
    let input = crate::history::sheet_of(&["Ann", "Bo"]);
    let result = score(&input);
    let mut logged = GameEntry::from_score(Mode::Digital, &input, &result, &[], 10);
    logged.log = Some("(a log)".into());
    let mut h2 = History::open(&path).unwrap();
    h2.record(&logged).unwrap();
    h2.record(&GameEntry::from_score(
        Mode::Tabletop,
        &input,
        &result,
        &[],
        20,
    ))
    .unwrap();
    let h = app_with_history(&path, ScreenKind::History);
    // Each game to the minute, in local time.
    assert!(shows(&h, &noctiluca::history::date_time(20)));
    let replay = h.get_by_label_contains("Replay game ").rect();
    let deletes: Vec<egui::Rect> = h
        .query_all_by_label_contains("Delete game ")
        .map(|n| n.rect())
        .collect();
    assert_eq!(deletes.len(), 2);
    assert_eq!(deletes[0].min.x, deletes[1].min.x, "{deletes:?}");
    for d in &deletes {
        assert!(
            d.min.x > replay.max.x + 100.0,
            "{d:?} beside Replay {replay:?}"
        );
    }
}

/// A choice of person shows a name whole where the box has room for it ("Bartholomew Fair…"
/// had been cut at 16 characters, well short of the box's edge), and cuts a longer one.
#[test]
fn a_choice_of_person_shows_a_name_as_far_as_its_box_allows() {
    let (_dir, path) = db("history-person-box");
    let long = "Bartholomew Featherstonehaugh-Cholmondeley";
    let input = crate::history::sheet_of(&["Bartholomew Fairweather", long]);
    record_sheet(&path, Mode::Tabletop, &input);
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    let shown = |h: &mut egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>,
                 person: &str| {
        h.state_mut().history.person = Some(person.into());
        h.run();
        h.query_all_by_label("Person")
            .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
            .and_then(|n| n.accesskit_node().value())
            .expect("the choice of person says who")
    };
    assert_eq!(
        shown(&mut h, "Bartholomew Fairweather"),
        "Bartholomew Fairweather"
    );
    let cut = shown(&mut h, long);
    assert!(cut.ends_with('…') && cut.chars().count() > 17, "{cut}");
}

/// Head to head offers only the people the person played with: "games together 0" against
/// someone never met said nothing. A rival chosen for another person is let go.
#[test]
fn head_to_head_offers_only_the_people_played_with() {
    let (_dir, path) = db("history-rivals");
    for names in [["Ann", "Bo"], ["Cy", "Dee"]] {
        record_sheet(&path, Mode::Tabletop, &crate::history::sheet_of(&names));
    }
    let h2 = History::open(&path).unwrap();
    assert_eq!(noctiluca::history::rivals(&h2, "Ann").unwrap(), ["Bo"]);
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    h.state_mut().history.person = Some("Ann".into());
    h.state_mut().history.rival = Some("Cy".into());
    h.run();
    assert_eq!(h.state().history.rival, None, "Cy never played Ann");
    assert!(!shows(&h, "Against Cy"));
    h.query_all_by_label("Head to head with")
        .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
        .expect("the choice of rival")
        .click();
    h.run();
    assert!(h.query_by_label("Bo").is_some(), "Bo is offered");
    for never in ["Cy", "Dee"] {
        assert!(h.query_by_label(never).is_none(), "{never} is offered");
    }
    h.get_by_label("Bo").click();
    h.run();
    assert!(shows(&h, "Against Bo: games together 1"));
}

/// Saved by the keyboard, the score sheet's button can no longer be pressed: the keyboard goes
/// on to the next button, not to "Home" at the top of the window.
#[test]
fn saving_a_score_sheet_by_keyboard_leaves_the_keyboard_beside_it() {
    let (_dir, mut h, _) = four_player_sheet("history-save-focus");
    tab_to(&mut h, "Save to history", 120);
    press(&mut h, egui::Key::Enter);
    crate::history::wait_for_recording(&mut h);
    assert!(
        h.get_by_label("Saved to history")
            .accesskit_node()
            .is_disabled()
    );
    assert!(h.get_by_label("Copy summary").is_focused());
}

/// A one-point win is "by 1 point" ("by 1 points" had been said), in both languages.
#[test]
fn a_one_point_win_is_by_one_point() {
    use noctiluca::history::{Record, Records};
    let win = |value| Records {
        biggest_win: Some(Record {
            name: "Ann".into(),
            value,
            game: 3,
            played_at: 1_700_000_000,
            shared_with: Vec::new(),
        }),
        ..Records::default()
    };
    noctiluca::i18n::set_lang(noctiluca::i18n::Lang::En);
    let one = noctiluca::words::records_words(&win(1));
    assert!(
        one[0].starts_with("Biggest win: by 1 point, Ann"),
        "{one:?}"
    );
    let two = noctiluca::words::records_words(&win(2));
    assert!(
        two[0].starts_with("Biggest win: by 2 points, Ann"),
        "{two:?}"
    );
}

/// What the recording said at the top of the window goes once the sheet is changed into
/// another game ("Recorded in the history." had stayed over it).
#[test]
fn the_recording_s_line_goes_once_the_sheet_is_changed() {
    let (_dir, mut h, input) = four_player_sheet("history-sheet-line");
    click(&mut h, "Save to history");
    crate::history::wait_for_recording(&mut h);
    assert_shows(&h, "Recorded in the history.");
    let mut next = input.clone();
    next.players[2].leftover_dice += 1;
    // Changed as typing would change it: the sheet keeps what it was saved as.
    let saved = h.state().calculator.sheet.saved.clone();
    assert!(saved.is_some());
    h.state_mut().calculator.sheet = Sheet::from_input(&next);
    h.state_mut().calculator.sheet.saved = saved;
    h.run();
    h.run();
    assert!(!shows(&h, "Recorded in the history."));
    assert!(h.query_by_label("Save as another game").is_some());
}

/// The calculator on the rulebook's four-player sheet, over a history of its own.
fn four_player_sheet(
    name: &str,
) -> (
    crate::app_support::Scratch,
    egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>,
    ScoreInput,
) {
    let (dir, path) = db(name);
    let mut h = app_with_history(&path, ScreenKind::Calculator);
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    h.state_mut().calculator =
        noctiluca::app::calculator::CalculatorScreen::with_sheet(Sheet::from_input(&input));
    h.run();
    (dir, h, input)
}

/// A game typed in from a sheet, opened from the history and mended: "Save the changes to
/// game 1" puts the mended scores in its place, under its number and date (a correction had
/// meant a second game, and deleting the first); the list keeps one game for it.
#[test]
fn a_mended_sheet_takes_its_games_place() {
    let (_dir, path) = db("history-sheet-mend");
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    let played_at = 1_700_000_000;
    let first = GameEntry::from_score(Mode::Tabletop, &input, &score(&input), &[], played_at);
    let mut hist = History::open(&path).unwrap();
    hist.record(&first).unwrap();
    let later = GameEntry::from_score(Mode::Tabletop, &input, &score(&input), &[], played_at + 9);
    hist.record(&later).unwrap();
    drop(hist);
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    h.get_by_label_contains("Score sheet of game 1,").click();
    h.run();
    assert_eq!(h.state().current, ScreenKind::Calculator);
    // Unchanged, nothing to save.
    assert!(h.query_by_label("Save the changes to game 1").is_none());
    let more = input.players[2].leftover_dice + 3;
    h.state_mut().calculator.sheet.players[2].leftover_dice = more.to_string();
    h.run();
    click(&mut h, "Save the changes to game 1");
    wait_for_recording(&mut h);
    assert_shows(&h, "The changes to game 1 are saved in the history.");
    assert!(
        h.get_by_label("Saved to history")
            .accesskit_node()
            .is_disabled()
    );
    let games = History::open(&path)
        .unwrap()
        .games(&Filter::default())
        .unwrap();
    assert_eq!(games.len(), 2, "mended in place, not another game");
    let mended = games.iter().find(|g| g.id == 1).expect("game 1 is there");
    assert_eq!(mended.played_at, played_at, "its date kept");
    let mut want = input.clone();
    want.players[2].leftover_dice = more;
    let totals: Vec<i64> = score(&want).players.iter().map(|p| p.total).collect();
    let got: Vec<i64> = mended.results.iter().map(|r| r.total).collect();
    assert_eq!(got, totals);
    let other = games.iter().find(|g| g.id == 2).unwrap();
    assert_eq!(other.results, later.results, "the other game as it was");
}
