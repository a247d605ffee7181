//! What the calculator takes as entered: typed zeros, and numbers typed the Chinese way.

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
