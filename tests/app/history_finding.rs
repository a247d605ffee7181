//! Finding a game of the history again: by its number (each card says it, a record's game is
//! shown from the records), a long name shown whole, and Undo that says where a game is.

use crate::app_support::*;
use crate::history::{app_with_history, db, delete_first, deletes, record_sheet, sheet_of};
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
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
    // Escape goes back to the statistics the game was shown from (it had gone Home), and the
    // games' list, opened again, shows every game (it had gone on showing the one).
    click(&mut h, "Statistics");
    h.query_all_by_label("Show game 2").next().unwrap().click();
    h.run();
    assert_shows(&h, "Only game 2 is shown.");
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::Statistics);
    // By keyboard, Escape comes back to the button pressed (Tab had started from the top).
    let on_show = |h: &egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>| {
        h.query_all_by_label("Show game 2").any(|n| n.is_focused())
    };
    for _ in 0..60 {
        if on_show(&h) {
            break;
        }
        press(&mut h, egui::Key::Tab);
    }
    press(&mut h, egui::Key::Enter);
    assert_shows(&h, "Only game 2 is shown.");
    press(&mut h, egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Statistics);
    assert!(on_show(&h), "not on Show game 2");
    click(&mut h, "Games");
    assert!(!shows(&h, "Only game 2 is shown."));
    assert_eq!(deletes(&h), 3);
    // So does the list come back to from Home.
    click(&mut h, "Statistics");
    h.query_all_by_label("Show game 2").next().unwrap().click();
    h.run();
    assert_eq!(deletes(&h), 1);
    h.state_mut()
        .run_command(Some(noctiluca::app::Command::GoHome));
    h.run();
    h.state_mut()
        .run_command(Some(noctiluca::app::Command::Open(ScreenKind::History)));
    h.run();
    assert_eq!(deletes(&h), 3);
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
    // Their two games were level: counted so (the counts had not added up to the games).
    assert!(shows(
        &h,
        "Against Bo: games together 2; Ann ahead in 0, Bo ahead in 0, level in 2;"
    ));
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

/// The games' list filtered on a person follows them when they are renamed (it had shown no
/// game, the old name gone from its box), and a person picked in the box ends "their games
/// together" (its banner had stayed over a list the box disagreed with).
#[test]
fn the_games_list_follows_a_renamed_person_and_the_person_picked() {
    let (_dir, path) = db("history-filter-follows");
    for names in [["Zed", "Ann"], ["Zed", "Bo"], ["Cy", "Ann"]] {
        record_sheet(&path, noctiluca::history::Mode::Tabletop, &sheet_of(&names));
    }
    let mut h = app_with_history(&path, ScreenKind::History);
    h.state_mut().history.filter.person = Some("Zed".into());
    h.state_mut().history.refresh();
    h.run();
    assert_eq!(deletes(&h), 2);
    click(&mut h, "Statistics");
    h.state_mut().history.person = Some("Zed".into());
    h.run();
    click(&mut h, "Rename or merge…");
    replace(&mut h, "New name", "Zoe");
    click(&mut h, "Rename");
    click(&mut h, "Games");
    assert_eq!(h.state().history.filter.person.as_deref(), Some("Zoe"));
    assert_eq!(deletes(&h), 2, "Zoe's two games");
    assert!(!shows(&h, "No game matches the filter"));

    // Ann's games with Zoe, then Ann alone picked in the box: all of Ann's games, no banner.
    click(&mut h, "Statistics");
    h.state_mut().history.person = Some("Ann".into());
    h.state_mut().history.rival = Some("Zoe".into());
    h.run();
    click(&mut h, "Show their games together");
    assert_eq!(deletes(&h), 1);
    open_person_box(&mut h);
    click(&mut h, "everyone");
    assert!(
        !shows(&h, "played together"),
        "the banner went with the filter"
    );
    assert_eq!(h.state().history.filter.with, None);
    assert_eq!(deletes(&h), 3);
}

/// A filter changed starts the list again at its top, its newest game: scrolled to its end,
/// the list had stayed there, at the person's oldest games.
#[test]
fn a_filter_changed_starts_the_list_at_its_top() {
    let (_dir, path) = db("history-filter-top");
    for k in 0..24 {
        let names = if k % 2 == 0 {
            ["Ann", "Bo"]
        } else {
            ["Cy", "Bo"]
        };
        record_sheet(&path, noctiluca::history::Mode::Tabletop, &sheet_of(&names));
    }
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    // The list's first Delete (its newest game) and its last (its oldest).
    let ends = |h: &egui_kittest::Harness<'_, noctiluca::app::NoctilucaApp>| {
        let tops: Vec<f32> = h
            .query_all_by_label_contains("Delete game ")
            .map(|n| n.rect().top())
            .collect();
        (tops[0], tops[tops.len() - 1])
    };
    h.query_all_by_label_contains("Delete game ")
        .last()
        .unwrap()
        .scroll_to_me();
    h.run();
    assert!(ends(&h).0 < 0.0, "scrolled to the end");
    // How many the filter finds is said above the list.
    assert_shows(&h, "24 games");
    open_person_box(&mut h);
    click(&mut h, "Ann");
    assert_eq!(deletes(&h), 12);
    assert_shows(&h, "12 games");
    let newest = ends(&h).0;
    assert!(
        newest > 0.0 && newest < 800.0,
        "Ann's newest game in sight: {newest}"
    );
    // Statistics shows the person picked on Games (it had kept another).
    open_person_box(&mut h);
    click(&mut h, "Cy");
    click(&mut h, "Statistics");
    assert_eq!(h.state().history.person.as_deref(), Some("Cy"));
}

/// A double-click on Delete deletes one game: the next game's Delete comes up under the
/// pointer, and the second click had deleted it too.
#[test]
fn a_double_click_on_delete_deletes_one_game() {
    let (_dir, path) = db("history-double-delete");
    for names in [["Ann", "Bo"], ["Cy", "Bo"], ["Dee", "Bo"]] {
        record_sheet(&path, noctiluca::history::Mode::Tabletop, &sheet_of(&names));
    }
    let mut h = app_with_history(&path, ScreenKind::History);
    h.ctx
        .options_mut(|o| o.input_options.max_double_click_delay = 1.0);
    h.run();
    assert_eq!(deletes(&h), 3);
    // A first click (with the other button, which presses nothing), then one that is a
    // double-click's second, on the first game's Delete.
    let first = || "Delete game ";
    h.query_all_by_label_contains(first())
        .next()
        .unwrap()
        .click_secondary();
    h.step();
    delete_first(&h);
    h.run();
    assert_eq!(
        deletes(&h),
        3,
        "a double-click's second click deleted a game"
    );
    // A click of its own, later: one game goes.
    for _ in 0..6 {
        h.step();
    }
    delete_first(&h);
    h.run();
    assert_eq!(deletes(&h), 2);
    delete_first(&h);
    h.step();
    delete_first(&h);
    h.run();
    assert_eq!(
        deletes(&h),
        1,
        "the second of a double-click deleted the next game too"
    );
}

/// Opens the games' list's Person box (a label beside it has its word too).
fn open_person_box(h: &mut egui_kittest::Harness<'_, noctiluca::app::NoctilucaApp>) {
    h.query_all_by_label("Person")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::ComboBox)
        .expect("the Person box")
        .click();
    h.run();
}

/// A game's results and its buttons share a row where they fit: a card of three rows let five
/// games show in a window of 800 pixels.
#[test]
fn a_games_results_and_buttons_share_a_row() {
    let (_dir, path) = db("history-one-row");
    for _ in 0..12 {
        record_sheet(
            &path,
            noctiluca::history::Mode::Tabletop,
            &sheet_of(&["Ann", "Bo"]),
        );
    }
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    let results = h
        .query_all_by_label_contains("Ann: ")
        .next()
        .unwrap()
        .rect();
    let sheet = h
        .query_all_by_label_contains("Score sheet of game 12")
        .next()
        .unwrap()
        .rect();
    assert!(
        (results.center().y - sheet.center().y).abs() < 6.0,
        "{results:?} and {sheet:?}"
    );
    assert!(sheet.left() > results.right());
    // Six cards or more in sight (five had).
    let shown = h
        .query_all_by_label_contains("Delete game ")
        .filter(|n| n.rect().bottom() < 800.0)
        .count();
    assert!(shown >= 6, "{shown} cards in sight");
}

/// A game deleted by keyboard leaves the keyboard on Undo, and Undo on the game put back;
/// the Games and Statistics tabs keep it too. It had been left on a button gone, and the
/// next Tab went to the top of the window.
#[test]
fn the_keyboard_stays_with_delete_undo_and_the_tabs() {
    let (_dir, mut h) = two_games("history-delete-keys");
    let label = whole_label(&h, "Delete game ");
    tab_to(&mut h, &label, 60);
    press(&mut h, egui::Key::Enter);
    h.run();
    assert_eq!(deletes(&h), 1);
    let undo = h
        .query_by_label_contains("Undo: put back game")
        .expect("Undo");
    assert!(undo.is_focused(), "the keyboard is not on Undo");
    // Enter there puts the game back, and the keyboard goes to its Delete (Undo, with
    // nothing left to put back, is gone: the keyboard had gone with it).
    press(&mut h, egui::Key::Enter);
    h.run();
    assert_eq!(deletes(&h), 2);
    assert!(h.get_by_label(&label).is_focused(), "not on {label}");
    // The tabs keep the keyboard from one view to the other.
    for tab in ["Statistics", "Games"] {
        tab_to(&mut h, tab, 40);
        press(&mut h, egui::Key::Enter);
        h.run();
        assert!(h.get_by_label(tab).is_focused(), "not on {tab}");
    }
    assert_eq!(h.state().current, ScreenKind::History);
}

/// The lists of people by keyboard: opened, the keyboard is on the name chosen (the arrows had
/// started from the top, and Enter after one Down picked "everyone"); a letter takes it to the
/// next name beginning with it, in "Head to head with" too (a letter had done nothing there).
#[test]
fn the_lists_of_people_open_at_the_choice_and_take_a_letter() {
    let (_dir, path) = db("history-lists-keys");
    for rival in ["Ben", "Cy", "Dee"] {
        record_sheet(
            &path,
            noctiluca::history::Mode::Tabletop,
            &sheet_of(&["Ann", rival]),
        );
    }
    let mut h = app_with_history(&path, ScreenKind::History);
    h.state_mut().history.filter.person = Some("Cy".into());
    h.state_mut().history.refresh();
    h.run();
    tab_to_list(&mut h, "Person");
    press(&mut h, egui::Key::Enter);
    h.run();
    let cy = h
        .query_all_by_label("Cy")
        .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
        .expect("Cy in the open list");
    assert!(cy.is_focused(), "the open list's keyboard is not on Cy");
    // Escape closes the list and leaves the keyboard on its drop-down.
    press(&mut h, egui::Key::Escape);
    h.run();
    assert!(!egui::Popup::is_any_open(&h.ctx), "the list is still open");
    let on_list = h
        .query_all_by_label("Person")
        .any(|n| n.is_focused() && n.accesskit_node().role() == egui::accesskit::Role::ComboBox);
    assert!(on_list, "the keyboard is not on the list of people");
    assert_eq!(h.state().current, ScreenKind::History);
    // Statistics: Ann, then a rival by its letter.
    h.state_mut().history.filter.person = None;
    click(&mut h, "Statistics");
    h.state_mut().history.person = Some("Ann".into());
    h.run();
    tab_to_list(&mut h, "Head to head with");
    press(&mut h, egui::Key::Enter);
    h.run();
    h.event(egui::Event::Text("d".into()));
    h.run();
    press(&mut h, egui::Key::Enter);
    h.run();
    assert_eq!(h.state().history.rival.as_deref(), Some("Dee"));
}

/// Tab to the drop-down called `name` (a label beside it has its words).
fn tab_to_list(h: &mut egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>, name: &str) {
    for _ in 0..60 {
        let on = h.query_all_by_label(name).any(|n| {
            n.is_focused() && n.accesskit_node().role() == egui::accesskit::Role::ComboBox
        });
        if on {
            return;
        }
        press(h, egui::Key::Tab);
    }
    panic!("Tab never reached the list {name:?}");
}

/// The keyboard comes back to the button that took it away: Export CSV… (greyed while its
/// dialog is open) and a game's Score sheet (shown, then left by Escape). Tab had started
/// again from the top of the window, the list to be walked down once more.
#[test]
fn the_keyboard_comes_back_to_export_and_to_a_games_sheet() {
    let (_dir, mut h) = two_games("history-refocus");
    tab_to(&mut h, "Export CSV…", 40);
    press(&mut h, egui::Key::Enter);
    wait_until(&mut h, "the dialog's answer", |h| {
        !h.state().history.has_open_dialog()
    });
    h.run();
    assert_shows(&h, "Not exported.");
    assert!(h.get_by_label("Export CSV…").is_focused(), "not on Export");
    let label = whole_label(&h, "Score sheet of ");
    tab_to(&mut h, &label, 60);
    press(&mut h, egui::Key::Enter);
    assert_eq!(h.state().current, ScreenKind::Calculator);
    press(&mut h, egui::Key::Escape);
    assert_eq!(h.state().current, ScreenKind::History);
    h.run();
    assert!(h.get_by_label(&label).is_focused(), "not on {label}");
}

/// The History screen over a history of two games (the folder goes when the first is
/// dropped).
fn two_games(
    name: &str,
) -> (
    Scratch,
    egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>,
) {
    let (dir, path) = db(name);
    for names in [["Ann", "Ben"], ["Cy", "Dee"]] {
        record_sheet(&path, noctiluca::history::Mode::Tabletop, &sheet_of(&names));
    }
    let mut h = app_with_history(&path, ScreenKind::History);
    h.run();
    (dir, h)
}

/// The whole label of the first widget whose label holds `part`.
fn whole_label(
    h: &egui_kittest::Harness<'static, noctiluca::app::NoctilucaApp>,
    part: &str,
) -> String {
    let node = h.query_all_by_label_contains(part).next().expect(part);
    node.accesskit_node().label().unwrap()
}
