//! Finding a game of the history again: by its number (each card says it, a record's game is
//! shown from the records), a long name shown whole, and Undo that says where a game is.

use crate::app_support::*;
use crate::history::{app_with_history, db, delete_first, deletes, record_sheet, sheet_of};
use egui_kittest::kittest::Queryable;
use noctiluca::app::ScreenKind;

use noctiluca::history::History;

/// A record's game is found: "Show game N" beside it lists that game alone, numbered as the
/// record numbers it ("(game 2)" was a number shown nowhere), and "Show every game" brings the
/// others back.
#[test]
fn a_records_game_is_shown_from_the_records() {
    let (_dir, path) = db("records-show");
    let mut low = sheet_of(&["Ann", "Ben"]);
    low.players[0].delivered = 2;
    record_sheet(&path, noctiluca::history::Mode::Tabletop, &low);
    let mut high = sheet_of(&["Ann", "Cy"]);
    high.players[1].tokens.red = vec![8, 6];
    high.players[1].delivered = 2;
    let result = record_sheet(&path, noctiluca::history::Mode::Tabletop, &high);
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&["Dee", "Ann"]),
    );
    let best = result.players[1].total;
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    assert_eq!(deletes(&h), 3);
    click(&mut h, "Statistics");
    let line = format!("Highest score: {best}, Cy,");
    assert!(shows(&h, &line), "{line}");
    assert!(shows(&h, "(game 2)"));
    // (Its highest score and its biggest win: either shows it.)
    h.query_all_by_label("Show game 2").next().unwrap().click();
    h.run();
    assert_eq!(deletes(&h), 1, "only the record's game is listed");
    assert_shows(&h, "Only game 2 is shown.");
    assert!(shows(&h, "Game 2 · "), "its card says its number");
    assert!(shows(&h, "Cy: "));
    click(&mut h, "Show every game");
    assert_eq!(deletes(&h), 3);
    assert!(shows(&h, "Game 3 · ") && shows(&h, "Game 1 · "));
}

/// A name as long as a name typed in this app (40 letters) shows whole in the list: it had
/// been cut at 32 with half the row to spare.
#[test]
fn a_name_typed_in_the_app_shows_whole_in_the_list() {
    let (_dir, path) = db("history-forty");
    let name = "Maximiliana Featherstonehaugh-Cholmondel";
    assert_eq!(name.chars().count(), noctiluca::app::theme::NAME_CHARS);
    record_sheet(
        &path,
        noctiluca::history::Mode::Tabletop,
        &sheet_of(&[name, "Bea"]),
    );
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    assert!(shows(&h, &format!("{name}: ")), "the whole name");
}

/// A deleted logged game imported again before its Undo is pressed: Undo says it is there
/// already, and as which game, rather than "The game is back." of a number not back.
#[test]
fn undo_of_a_game_imported_again_says_where_it_is() {
    let (_dir, path) = db("history-undo-again");
    let app = crate::layout::finished_game(2);
    let record = &app.game.game.as_ref().unwrap().m.record;
    let entry = noctiluca::history::GameEntry::from_log(
        record,
        noctiluca::history::Mode::Imported,
        1_700_000_000,
    )
    .unwrap();
    History::open(&path).unwrap().record(&entry).unwrap();
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    delete_first(&h);
    h.run();
    assert_eq!(deletes(&h), 0);
    // The command line imports its log again meanwhile.
    History::open(&path).unwrap().record(&entry).unwrap();
    h.state_mut().history.refresh();
    h.run();
    h.query_all_by_label_contains("Undo: put back game 1")
        .next()
        .expect("an undo button")
        .click();
    h.run();
    h.run();
    assert_shows(&h, "It is in the history already, as game 1.");
    assert!(!shows(&h, "The game is back."));
    assert_eq!(deletes(&h), 1, "not doubled");
}

/// Head to head lists the two people's games: "Show their games together" shows them alone in
/// the list (a count had been all), said so above it, and "Show every game" brings the others
/// back.
#[test]
fn head_to_head_shows_the_games_together() {
    let (_dir, path) = db("history-together");
    for names in [["Ann", "Bo"], ["Ann", "Cy"], ["Bo", "Ann"], ["Cy", "Dee"]] {
        record_sheet(&path, noctiluca::history::Mode::Tabletop, &sheet_of(&names));
    }
    let mut h = app_with_history(&path, ScreenKind::Statistics);
    h.state_mut().history.person = Some("Ann".into());
    h.state_mut().history.rival = Some("Bo".into());
    h.run();
    assert!(shows(&h, "Against Bo: games together 2"));
    click(&mut h, "Show their games together");
    assert_eq!(h.state().current, ScreenKind::History);
    assert_eq!(deletes(&h), 2, "the two games of Ann with Bo");
    assert_shows(&h, "Only the games Ann and Bo played together are shown.");
    assert!(shows(&h, "Game 1 · ") && shows(&h, "Game 3 · "));
    assert!(!shows(&h, "Cy: "));
    click(&mut h, "Show every game");
    assert_eq!(deletes(&h), 4);
    assert!(!shows(&h, "played together"));
}
