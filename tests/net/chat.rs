//! The chat: what one person says reaches everyone at the table, the host's own person
//! included, cleaned of what a hostile peer could slip into it.

use crate::common::*;
use noctiluca_net::protocol::MAX_SAY;
use noctiluca_net::{Host, NetError, Note, Refusal, SeatPlan};

/// The `Said` notes among `notes`, as (seat, text).
fn said(notes: &[Note]) -> Vec<(u8, String)> {
    notes
        .iter()
        .filter_map(|n| match n {
            Note::Said { seat, text } => Some((*seat, text.clone())),
            _ => None,
        })
        .collect()
}

/// Polls `poll` until it has given `count` chat messages; returns every note it gave.
fn notes_until(what: &str, count: usize, mut poll: impl FnMut() -> Vec<Note>) -> Vec<Note> {
    let mut all = Vec::new();
    wait_until(what, LONG, || {
        all.extend(poll());
        said(&all).len() >= count
    });
    all
}

#[test]
fn a_message_reaches_everyone_at_the_table_cleaned() {
    let host = Host::start(config(
        vec![SeatPlan::Local, SeatPlan::Remote, SeatPlan::Remote],
        3,
    ))
    .unwrap();
    let clients = join_all(&host);
    // In the lobby already, and during the game.
    clients[0].say("  good luck\n\tall \u{1b}[31m ");
    // (Each waits for the one before to reach the host, so that the order is known.)
    let mut at_host = notes_until("the first message at the host", 1, || host.poll());
    host.start_game().unwrap();
    host.say(0, "thanks!").unwrap();
    let long = "é".repeat(MAX_SAY + 50);
    clients[1].say(&long);
    let want = vec![
        (1, "good luck  all [31m".to_string()),
        (0, "thanks!".to_string()),
        (2, "é".repeat(MAX_SAY)),
    ];
    // Everyone, the senders too, in the host's order.
    at_host.extend(notes_until("the host's notes", 2, || host.poll()));
    assert_eq!(said(&at_host), want);
    for (i, c) in clients.iter().enumerate() {
        let got = said(&notes_until("a client's notes", 3, || c.poll()));
        assert_eq!(got, want, "client {i}");
    }
    // A player back after leaving finds what was said in the game they come back to (their
    // table, put up again, had lost the chat).
    let mut clients = clients;
    let token = clients[1].rejoin_token().unwrap();
    clients.remove(1).leave();
    let back = noctiluca_net::Client::rejoin(&token);
    wait_until("the chat in the view", LONG, || {
        back.view().is_some_and(|v| v.chat == want)
    });
}

#[test]
fn an_empty_message_or_one_for_a_seat_played_elsewhere_is_refused() {
    let host = Host::start(config(vec![SeatPlan::Local, SeatPlan::Remote], 4)).unwrap();
    let clients = join_all(&host);
    assert_eq!(host.say(0, " \n\t "), Err(NetError::EmptyMessage));
    // The host speaks for its own seat only, not for a friend's.
    assert_eq!(host.say(1, "hi"), Err(NetError::NotLocal { seat: 1 }));
    clients[0].say("\u{7}\u{1b}");
    let mut notes = Vec::new();
    wait_until("the host to note the refusal", LONG, || {
        notes.extend(host.poll());
        notes.contains(&Note::Misbehaved {
            seat: Some(1),
            refusal: Refusal::Malformed,
        })
    });
    // Nobody was told anything was said.
    assert!(said(&notes).is_empty(), "{notes:?}");
    assert!(said(&clients[0].poll()).is_empty());
}
