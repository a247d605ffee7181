//! A friend whose connection to the host closed takes the seat back by itself once the
//! host's game is open again, without a click.

use crate::app_support::*;
use crate::online::{bea_joins, invite, online_app, online_app_state, wait_both};
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::NoctilucaApp;
use noctiluca::app::online::Session;

#[test]
fn a_friend_is_back_at_the_table_when_the_host_opens_the_game_again() {
    let dir = scratch("online-retry");
    // Ann keeps her hosted game in a data folder, to resume it.
    let mut a = harness(online_app_state(Some(&dir)));
    let mut b = online_app();
    replace(&mut a, "Your name as the host", "Ann");
    click(&mut a, "Open the lobby");
    let code = invite(&a);
    bea_joins(&mut a, &mut b, &code);
    a.run();
    click(&mut a, "Start the game");
    wait_both(&mut a, &mut b, "the game on both tables", |a, b| {
        a.online.in_game() && b.online.in_game()
    });
    // Ann closes the game: Bea's table says the seat is being taken back.
    click(&mut a, "Close the game");
    click(&mut a, "Close it");
    wait_both(&mut a, &mut b, "Bea told", |_, b| {
        b.online.message.is_some()
    });
    b.run();
    assert_shows(
        &b,
        "The host closed the game. Taking your seat back as soon as the host's game is open again: trying every 3 seconds, for up to 10 minutes",
    );
    assert!(b.query_by_label("Try now").is_some());
    assert!(b.query_by_label("Stop trying").is_some());
    assert!(
        !b.state().online.game_under_way(),
        "its connection is closed"
    );
    // A try finds nothing at the host's address: the count goes up, and the words and the
    // buttons stay where they were (the words had changed, moving the buttons under the
    // pointer).
    let stop_at = |b: &egui_kittest::Harness<'_, NoctilucaApp>| {
        b.get_by_label("Stop trying")
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let before = stop_at(&b);
    wait_both(&mut a, &mut b, "a try that found nothing", |_, b| {
        b.online
            .message
            .as_deref()
            .is_some_and(|m| m.contains("(tries so far: 1)"))
    });
    b.run();
    assert!(b.state().online.in_game(), "the table stays while trying");
    assert_shows(&b, "The host closed the game. Taking your seat back");
    assert_eq!(stop_at(&b), before);
    // Ann opens it again; Bea is back at her seat, clicking nothing.
    click(&mut a, "Resume hosting it");
    wait_both(&mut a, &mut b, "Bea back at the table", |a, b| {
        a.online.in_game() && b.online.game_under_way()
    });
    b.run();
    assert!(
        b.state().online.message.is_none(),
        "{:?}",
        b.state().online.message
    );
    assert!(b.query_by_label("Stop trying").is_none());
    assert!(matches!(
        &b.state().online.session,
        Some(Session::Joined { .. })
    ));
    // The host sees her connected.
    match &a.state().online.session {
        Some(Session::Hosting { host, .. }) => {
            let seat = &host.lobby().seats[1];
            assert_eq!(seat.name.as_deref(), Some("Bea"));
            assert_eq!(seat.connection, noctiluca::net::Connection::Connected);
        }
        _ => panic!("not hosting"),
    }
}
