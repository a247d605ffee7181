//! Between several people at one window, the table is covered whenever it could be seen by
//! someone other than the person to play: here, on coming back to it from another screen.

use crate::app_support::*;
use crate::game::{ada_and_bea, play_one};
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::ScreenKind;

#[test]
fn coming_back_to_the_table_covers_it() {
    let mut h = ada_and_bea();
    click(&mut h, "3 players");
    click(&mut h, "Start the game");
    // On to a person's turn, their table shown.
    for _ in 0..200 {
        let g = h.state().game.game.as_ref().unwrap();
        if !g.covered && g.human_to_act().is_some() {
            break;
        }
        play_one(&mut h, false);
    }
    let g = h.state().game.game.as_ref().unwrap();
    let seat = g.human_to_act().expect("a person's turn");
    assert!(!g.covered);
    let name = g.name(seat);
    let secret = format!("Favourite of {name}");
    assert!(shows(&h, &secret), "{secret}");
    click(&mut h, "← Home");
    assert_eq!(h.state().current, ScreenKind::Home);
    let resume = h
        .query_all_by_label_contains("Resume the game in Play")
        .next()
        .expect("the game is offered")
        .accesskit_node()
        .label()
        .unwrap();
    click(&mut h, &resume);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Play);
    assert!(!shows(&h, &secret), "{secret} shown before the cover");
    let pass = format!("Pass to {name} — press to continue");
    assert_shows(&h, &pass);
    assert!(
        h.get_by_label(&pass).is_focused(),
        "the keyboard is on {pass}"
    );
    // No one's decision is offered to be taken back from this cover.
    assert!(
        h.query_all_by_label_contains("last decision")
            .next()
            .is_none()
    );
    click(&mut h, &pass);
    assert_shows(&h, &secret);
}
