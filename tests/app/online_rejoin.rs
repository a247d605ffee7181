//! A friend whose connection to the host closed takes the seat back by itself once the
//! host's game is open again, without a click, or from the table by Rejoin; a game the host
//! kept no save of is said to be over.

use crate::app_support::*;
use crate::online::{bea_joins, invite, online_app, online_app_state, wait_both};
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::NoctilucaApp;
use noctiluca::app::online::Session;

/// Ann hosts in app `a`, keeping the game's save in `data` (to resume it); Bea joins from app
/// `b`; the game starts on both tables.
fn at_the_table_of_a_saved_game(
    data: &std::path::Path,
) -> (
    egui_kittest::Harness<'static, NoctilucaApp>,
    egui_kittest::Harness<'static, NoctilucaApp>,
) {
    let mut a = harness(online_app_state(Some(data)));
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
    (a, b)
}

/// Ann closes the game (confirmed), and Bea's table is told.
fn ann_closes_the_game(
    a: &mut egui_kittest::Harness<'static, NoctilucaApp>,
    b: &mut egui_kittest::Harness<'static, NoctilucaApp>,
) {
    click(a, "Close the game");
    click(a, "Close it");
    wait_both(a, b, "Bea told", |_, b| b.online.message.is_some());
    b.run();
}

#[test]
fn a_friend_is_back_at_the_table_when_the_host_opens_the_game_again() {
    let dir = scratch("online-retry");
    let (mut a, mut b) = at_the_table_of_a_saved_game(&dir);
    // Ann closes the game: Bea's table says the seat is being taken back.
    ann_closes_the_game(&mut a, &mut b);
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
    // She is told (the table had come back without a word).
    wait_both(&mut a, &mut b, "Bea told she is back", |_, b| {
        b.online.play.game.as_ref().is_some_and(|g| {
            g.online.as_ref().is_some_and(|o| {
                o.notes
                    .iter()
                    .any(|(n, _)| *n == noctiluca::net::Note::Rejoined { seat: 1 })
            })
        })
    });
    b.run();
    assert_shows(&b, "You are back at your seat.");
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

/// A host that keeps no save of the game (no data folder) closes it: the friend is told it
/// cannot go on, and is not sent waiting ten minutes to take the seat back.
#[test]
fn a_friend_is_told_a_game_kept_nowhere_cannot_go_on() {
    let (mut a, mut b) = crate::online::ann_and_bea_at_the_table();
    ann_closes_the_game(&mut a, &mut b);
    assert_shows(
        &b,
        "The host closed the game without keeping a save of it, so it cannot go on.",
    );
    assert!(!shows(&b, "Taking your seat back"));
    assert!(b.query_by_label("Rejoin").is_none());
    // Nobody's move is coming: none is said to be under way (the turn's had stayed).
    assert!(!shows(&b, "'s move…") && !shows(&b, "is thinking…"));
}

#[test]
fn a_friend_whose_host_went_away_can_rejoin_from_the_table() {
    let data = scratch("online-host-away");
    let (mut a, mut b) = at_the_table_of_a_saved_game(&data);
    // The host goes away (asked once more, as it ends the game for everyone; the keyboard
    // waits on the safe answer): Bea's table says so, with the way back beside it.
    click(&mut a, "Close the game");
    assert_shows(&a, "Close the game for everyone?");
    assert!(a.get_by_label("Keep playing").is_focused());
    click(&mut a, "Keep playing");
    assert!(a.state().online.in_game(), "nothing closed");
    ann_closes_the_game(&mut a, &mut b);
    assert!(b.state().online.in_game(), "the table stays as it was");
    // The seat is taken back by itself once the host's game is open again; Bea may stop
    // that, and Rejoin is then on offer.
    assert_shows(
        &b,
        "Taking your seat back as soon as the host's game is open again",
    );
    click(&mut b, "Stop trying");
    b.run();
    assert_shows(&b, "Rejoin to take your seat back");
    assert!(b.query_by_label("Try now").is_none());
    // Nobody is waited for, and nothing is offered that could not be sent.
    assert_shows(&b, "Disconnected from the host.");
    assert!(!shows(&b, "Waiting for"));
    assert!(b.query_by_label("Ask to take back").is_none());
    // No decision is offered (it could not reach the host), and the others' connections,
    // no longer known, are not shown as they were.
    assert_eq!(
        b.state().online.play.game.as_ref().unwrap().human_to_act(),
        None
    );
    assert!(!shows(&b, "hosting"), "the host's connection as it was");
    // Rejoin takes the seat back now, and tries again until the host answers (a try that
    // found nothing again had changed nothing on the screen). A new connection with the kept
    // token; the table stays meanwhile.
    click(&mut b, "Rejoin");
    assert!(b.state().online.in_game());
    assert!(matches!(
        &b.state().online.session,
        Some(Session::Joined { .. })
    ));
    wait_both(&mut a, &mut b, "the first try", |_, b| {
        b.online
            .message
            .as_deref()
            .is_some_and(|m| m.contains("(tries so far: 1)"))
    });
    b.run();
    assert!(b.query_by_label("Stop trying").is_some());
    // Stopped again: nothing answers at the host's address, said as a game not open again
    // yet, not as a wrong address or a firewall (the host answered there before).
    click(&mut b, "Stop trying");
    // Said once the try under way has found nothing (on a busy machine it had not yet, a
    // frame later).
    wait_both(&mut a, &mut b, "the try's answer", |_, b| {
        (b.online.message.as_deref())
            .is_some_and(|m| m.contains("The host's game is not open at the moment ("))
    });
    b.run();
    assert_shows(&b, "The host's game is not open at the moment (");
    assert_shows(
        &b,
        "When the host has opened it again (Resume hosting it), use Rejoin",
    );
    assert!(!shows(&b, "firewall"));
    // And Rejoin is there to try again.
    assert!(b.query_by_label("Rejoin").is_some());
}

/// The lobby closed by keyboard, the keyboard is on "Open the lobby" of the form that comes
/// back (it had landed on the time bank's "none", the control that took the button's place).
#[test]
fn closing_the_lobby_by_keyboard_leaves_it_on_open_the_lobby() {
    let mut a = online_app();
    replace(&mut a, "Your name as the host", "Ann");
    click(&mut a, "Open the lobby");
    a.run();
    a.get_by_label("Close the lobby").focus();
    a.run();
    a.key_press(eframe::egui::Key::Enter);
    a.run();
    a.run();
    assert!(a.state().online.session.is_none(), "the lobby is closed");
    assert_eq!(
        crate::table_keys::focused(&a).as_deref(),
        Some("Open the lobby")
    );
}

/// The host opens a new lobby where its game was: the friend's tries to take their seat back
/// end with the game said to be gone (its own code had been said to be mistyped), and the
/// host reads that the code may be a seat of an earlier game.
#[test]
fn a_friend_whose_host_opened_another_game_is_told_so() {
    let dir = scratch("online-another-game");
    let (mut a, mut b) = at_the_table_of_a_saved_game(&dir);
    let port = match &a.state().online.session {
        Some(Session::Hosting { host, .. }) => host.address().port(),
        _ => panic!("not hosting"),
    };
    ann_closes_the_game(&mut a, &mut b);
    assert_shows(&b, "Taking your seat back");
    // A new lobby on the same port, the saved game replaced (the second press).
    a.state_mut().online.host_form.port = port.to_string();
    click(&mut a, "Open the lobby");
    click(&mut a, "Open the lobby");
    assert!(matches!(
        a.state().online.session,
        Some(Session::Hosting { .. })
    ));
    wait_both(&mut a, &mut b, "Bea's try refused", |_, b| {
        b.online
            .message
            .as_deref()
            .is_some_and(|m| m.contains("no longer has the game"))
    });
    b.run();
    assert_shows(
        &b,
        "The host no longer has the game you were in: it has opened another. Ask the host for a new invite code.",
    );
    assert!(!shows(&b, "check it"));
    assert!(!shows(&b, "Taking your seat back"));
    for _ in 0..400 {
        if shows(&a, "a seat of an earlier game") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        a.step();
    }
    assert_shows(&a, "a seat of an earlier game");
}
