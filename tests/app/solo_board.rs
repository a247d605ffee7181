//! The solo companion's board: a space names its section and number, and the space the
//! tempest clears is lit as the app's die lands and said through the next turn.

use crate::app_support::*;
use crate::solo::{app_rolls_the_first_die, game, solo_app};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::NoctilucaApp;
use noctiluca::engine::solo::SoloInput;
use noctiluca::engine::*;

/// On the numbered side, a space tells a screen reader its section and number, as painted.
#[test]
fn a_solo_board_space_names_its_section_and_number() {
    use noctiluca::words::Label;
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    let comps = Components::default();
    let first = &comps.solo.sections[0];
    let space = noctiluca::engine::board::space_name(first.spaces[5]);
    let label = h
        .query_all_by(|_| true)
        .map(|n| spoken(&n))
        .find(|l| l.contains(&format!(" space {space}:")))
        .expect("the space's label");
    assert!(
        label.contains(&format!("{} section, number 6", first.colour.label())),
        "{label}"
    );
}

/// The app's black die tumbles before it lands: meanwhile only its changing face is shown,
/// and the space to clear (named and lit on the board) comes with the number it landed on,
/// never beside a passing face.
#[test]
fn the_app_s_die_names_the_space_only_once_it_has_landed() {
    let mut h = solo_app(None);
    h.state_mut().solo.animate = true;
    app_rolls_the_first_die(&mut h);
    assert_shows(&h, "The black die is rolling…");
    assert!(
        !shows(&h, "Clear space"),
        "a space named while the die tumbles"
    );
    assert!(
        !shows(&h, "to clear now"),
        "a space lit while the die tumbles"
    );
    // Nothing is lit on the board yet.
    let lit_before = h.state().solo.cleared.is_some();
    assert!(lit_before, "the roll is reported at once");
    for _ in 0..120 {
        if !shows(&h, "The black die is rolling…") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    // The frame the die lands in lights its space: no frame may come after it (nothing
    // moves).
    let lit_at_landing = shows(&h, "to clear now");
    h.run();
    assert!(
        lit_at_landing,
        "the space is lit only a frame after the die landed"
    );
    let g = game(&h);
    let Some(SoloInput::BlackDie { number }) = g.log.last().copied() else {
        panic!("the roll is in the log")
    };
    let c = h.state().solo.cleared.expect("a space cleared");
    assert_eq!(c.number, number);
    assert_shows(&h, &format!("Clear space {number} of the "));
    assert!(!shows(&h, "The black die is rolling…"));
    // The board lights the space (its label says so) as the card names it.
    let lit: Vec<String> = h
        .query_all_by(|_| true)
        .map(|n| spoken(&n))
        .filter(|l| l.contains("to clear now"))
        .collect();
    let space = noctiluca::engine::board::space_name(c.space);
    assert_eq!(lit.len(), 1, "{lit:?}");
    assert!(lit[0].contains(&format!(" space {space}:")), "{lit:?}");
}

/// The space the tempest cleared stays said through the turn that follows, as the last
/// tempest's once that turn is reported on: the panel does not move under the pointer at the
/// turn's first report. It goes as the next tempest starts.
#[test]
fn the_cleared_space_stays_through_the_next_turn_and_the_panel_keeps_its_place() {
    let mut h = solo_app(None);
    click(&mut h, "Start the solo game");
    click(&mut h, "Start the tempest");
    click(&mut h, "Gold card");
    click(&mut h, "I rolled 4");
    assert_shows(&h, "Clear space 4 of the ");
    let field =
        |h: &Harness<'static, NoctilucaApp>| h.get_by_label("Dice I could not store").rect();
    let before = field(&h);
    // Clicked where it is (`click` would scroll it into view first).
    h.get_by_label("Delivered a brown jar").click();
    h.run();
    assert_eq!(field(&h).min.y, before.min.y, "the panel moved");
    assert!(!shows(&h, "Clear space 4 of the "));
    assert_shows(&h, "The last tempest cleared space 4 of the ");
    click(&mut h, "Start the tempest");
    assert!(!shows(&h, "The last tempest cleared"));
    assert!(h.state().solo.cleared.is_none());
}
