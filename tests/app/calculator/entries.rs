//! What the calculator takes as entered (typed zeros), what it says after an export, and the
//! solo CSV.

use super::*;

#[test]
fn a_player_who_scored_nothing_is_entered_by_typing_zeros() {
    let mut h = calculator();
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 name", "Ann");
    type_into(&mut h, "Player 1 red tokens", "2, 2");
    type_into(&mut h, "Player 1 jars delivered", "2");
    // A name alone is not an entry.
    type_into(&mut h, "Player 2 name", "Dee");
    assert_shows(&h, "Still to enter: Dee.");
    // Typed zeros are: Dee delivered nothing and kept no dice, and Ann wins.
    type_into(&mut h, "Player 2 jars delivered", "0");
    type_into(&mut h, "Player 2 leftover dice", "0");
    assert_not_shown(&h, "Still to enter");
    assert_shows(&h, "Ann wins");
}

#[test]
fn what_an_export_or_copy_did_goes_once_the_sheet_changes() {
    let mut h = calculator();
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 red tokens", "2, 2");
    click(&mut h, "Copy summary");
    assert_shows(&h, "Summary copied to the clipboard.");
    // Still true while nothing changes…
    h.run();
    assert_shows(&h, "Summary copied to the clipboard.");
    // …and out of date once the sheet does.
    type_into(&mut h, "Player 2 jars delivered", "1");
    assert_not_shown(&h, "Summary copied");
}

#[test]
fn the_solo_csv_gives_the_tempest_points_as_the_player_s() {
    use noctiluca::engine::scoring::{self, PerJar, PlayerInput, TempestInput};
    let input = ScoreInput {
        players: vec![PlayerInput {
            name: "Ada".into(),
            tokens: PerJar {
                red: vec![2, 3],
                ..Default::default()
            },
            delivered: 2,
            ..Default::default()
        }],
        tempest: Some(TempestInput {
            tokens: PerJar {
                gold: vec![2, 3, 4],
                ..Default::default()
            },
            dice: 3,
        }),
        stacks: None,
    };
    let result = scoring::score(&input);
    let t = result.tempest.clone().unwrap();
    let csv = noctiluca::app::export::to_csv(&["Ada".into()], &result, true);
    let row = csv.lines().find(|l| l.starts_with("tempest,")).unwrap();
    assert_eq!(
        row,
        format!(
            "tempest,{},{},,,3,{},,subtracted from your total",
            t.token_points, t.majority_points, t.penalty
        )
    );
    assert_eq!(
        t.penalty,
        (t.token_points + t.majority_points + 3) as i64,
        "the row adds up"
    );
    // No cell a spreadsheet could take for a formula.
    for cell in csv.lines().flat_map(|l| l.split(',')) {
        assert!(!cell.starts_with(['=', '+', '-', '@']), "{cell:?} in {csv}");
    }
}

/// "Clear the sheet" asks nothing, so a sheet cleared by mistake comes back with "Undo
/// clearing", until the cleared sheet is written in.
#[test]
fn a_cleared_sheet_comes_back_until_the_new_one_is_written_in() {
    let mut h = calculator();
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 name", "Ann");
    type_into(&mut h, "Player 1 red tokens", "2, 2");
    let full = h.state().calculator.sheet.clone();
    assert!(h.query_by_label("Undo clearing").is_none());
    click(&mut h, "Clear the sheet");
    assert_eq!(h.state().calculator.sheet.players[0].name, "");
    click(&mut h, "Undo clearing");
    assert_eq!(h.state().calculator.sheet, full);
    assert!(h.query_by_label("Undo clearing").is_none());
    // Cleared again, then written in: the old sheet is gone for good.
    click(&mut h, "Clear the sheet");
    type_into(&mut h, "Player 1 name", "Bea");
    assert!(h.query_by_label("Undo clearing").is_none());
    assert_eq!(h.state().calculator.sheet.players[0].name, "Bea");
}

/// A favourite colour two players chose is marked at the second one's colour, not at its
/// favourite spaces.
#[test]
fn a_shared_favourite_is_marked_at_the_colour() {
    let mut h = calculator();
    click(&mut h, "2 players");
    choose_favourite(&mut h, 1, "Orange");
    choose_favourite(&mut h, 2, "Orange");
    let mark = h
        .get_by_label_contains("the same favourite colour")
        .accesskit_node()
        .bounding_box()
        .expect("a mark");
    let row = |label: &str| {
        let b = h
            .get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap();
        (b.y0, b.y1)
    };
    let (top, bottom) = row("Player 2 favourite colour");
    assert!(
        mark.y0 >= top - 2.0 && mark.y1 <= bottom + 2.0,
        "{mark:?} not by the colour"
    );
    let (top, _) = row("Player 2 favourite spaces");
    assert!(mark.y1 <= top, "{mark:?} by the spaces");
}

/// The sheet is kept from one run to the next (written as it is typed, at most once a second,
/// and as the app closes); a kept file that does not read is moved aside, not written over.
#[test]
fn the_sheet_is_kept_for_the_next_run() {
    let dir = scratch("calculator-keep");
    let file = dir.join(noctiluca::app::calculator::KEEP_FILE);
    let open = |file: &std::path::Path| {
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
        let said = app.calculator.keep_in(file.to_path_buf());
        (harness(app), said)
    };
    let (mut h, said) = open(&file);
    assert_eq!(said, None);
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 name", "Ann");
    type_into(&mut h, "Player 1 red tokens", "2, 3");
    // The closing write (a second may not have passed).
    h.state_mut().calculator.keep_sheet(f64::INFINITY);
    let sheet = h.state().calculator.sheet.clone();
    drop(h);
    let (h, said) = open(&file);
    assert_eq!(said, None);
    assert_eq!(h.state().calculator.sheet, sheet);
    assert_shows(&h, "Ann");
    drop(h);
    // Another program's file there: moved aside, said, and the sheet starts empty.
    std::fs::write(&file, "not a sheet at all").unwrap();
    let (h, said) = open(&file);
    let said = said.expect("the broken file is said").text();
    assert!(said.contains("did not read"), "{said}");
    assert_eq!(h.state().calculator.sheet, Default::default());
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name() != noctiluca::app::calculator::KEEP_FILE)
        .collect();
    assert_eq!(aside.len(), 1, "the broken file is kept aside");
    assert_eq!(
        std::fs::read_to_string(aside[0].path()).unwrap(),
        "not a sheet at all"
    );
}

#[test]
fn csv_cells_a_spreadsheet_would_run_are_written_as_text() {
    use noctiluca::app::export::csv_field;
    assert_eq!(csv_field("=1+1"), "'=1+1");
    assert_eq!(csv_field("+Ada"), "'+Ada");
    assert_eq!(csv_field("-3"), "'-3");
    assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
    assert_eq!(csv_field("\t=1"), "'\t=1");
    assert_eq!(csv_field("\r=1"), "\"'\r=1\"");
    assert_eq!(
        csv_field("=HYPERLINK(\"x\",\"y\")"),
        "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""
    );
    assert_eq!(csv_field("Ada"), "Ada");
    assert_eq!(csv_field("Ada, Bea"), "\"Ada, Bea\"");
    // A player's name in the export.
    let input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    let mut eval = evaluate(&Sheet::from_input(&input), &Components::default());
    eval.names[0] = "=cmd|' /C calc'!A0".into();
    let csv = noctiluca::app::export::to_csv(&eval.names, &eval.result, eval.reliable());
    let row = csv.lines().nth(1).unwrap();
    assert!(row.starts_with("'=cmd|' /C calc'!A0,"), "{row}");
}

#[test]
fn no_winner_is_named_before_the_sheet_is_filled_in() {
    let mut h = calculator();
    click(&mut h, "2 players");
    // Empty: nothing is judged, nobody "shares the victory".
    assert_shows(&h, "Nothing entered yet.");
    assert_not_shown(&h, "share the victory");
    assert_not_shown(&h, "Every entry could come from a real game.");
    // Half filled: what is missing, not a winner.
    type_into(&mut h, "Player 1 name", "Ann");
    type_into(&mut h, "Player 1 red tokens", "2, 2");
    type_into(&mut h, "Player 1 jars delivered", "2");
    assert_shows(&h, "Still to enter: Player 2.");
    assert_not_shown(&h, "Ann wins");
    // Filled: the winner.
    type_into(&mut h, "Player 2 gold tokens", "2");
    type_into(&mut h, "Player 2 jars delivered", "1");
    assert_shows(&h, "Ann wins");
    // An impossible entry: what to fix takes the winner's place.
    replace(&mut h, "Player 2 gold tokens", "-2");
    assert_shows(&h, "To fix before the result counts:");
    assert_not_shown(&h, "Ann wins");
    // The list says whose entry it is.
    assert_shows(&h, "Player 2: “-2” is not a token value");
}

/// Two players of one name are told apart by seat in the result, with a word that the history
/// would take them for one person (it said "Ann and Ann share the victory").
#[test]
fn two_players_of_one_name_are_told_apart_and_warned_of() {
    let mut h = calculator();
    click(&mut h, "2 players");
    for p in [1, 2] {
        type_into(&mut h, &format!("Player {p} name"), "Ann");
        type_into(&mut h, &format!("Player {p} jars delivered"), "0");
        type_into(&mut h, &format!("Player {p} leftover dice"), "0");
    }
    assert_shows(&h, "Ann #1 and Ann #2 share the victory");
    assert_not_shown(&h, "Ann and Ann");
    assert_shows(&h, "Two players have the same name");
    // The names saved are the ones entered.
    let eval = noctiluca::app::calculator::evaluate(
        &h.state().calculator.sheet,
        &noctiluca::engine::Components::default(),
    );
    assert!(eval.input.players.iter().all(|p| p.name == "Ann"));
    assert_eq!(eval.names, ["Ann #1", "Ann #2"]);
    replace(&mut h, "Player 2 name", "Bo");
    h.run();
    assert_not_shown(&h, "Two players have the same name");
    assert_shows(&h, "Ann and Bo share the victory");
}
