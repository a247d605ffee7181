//! Misbehaving or unlucky clients: each gets a refusal or is disconnected, and the game goes
//! on for everyone else.

use crate::common::*;
use noctiluca_engine::{Action, ToAct};
use noctiluca_net::client::AutoPlayer;
use noctiluca_net::protocol::{MAX_FAILED_CODES, MAX_TO_HOST};
use noctiluca_net::{
    Client, ClientStatus, CloseReason, Connection, Host, Note, PROTOCOL_VERSION, Refusal, SeatPlan,
};
use std::time::Duration;

fn two_remote() -> Host {
    Host::start(config(
        vec![
            SeatPlan::Remote,
            SeatPlan::Remote,
            SeatPlan::Bot("random".into()),
        ],
        5,
    ))
    .unwrap()
}

/// Joins seat 0 by hand and seat 1 as a client; starts the game.
fn raw_and_client(host: &Host) -> (Raw, Client) {
    let inv = host.invites();
    let mut raw = Raw::join(&inv[0].code);
    raw.expect(LONG, |m| {
        matches!(m, ToClient::Welcome { .. }).then_some(())
    });
    let c = Client::join(&inv[1].code, "C");
    wait_until("the client seated", LONG, || {
        c.status() == ClientStatus::InLobby
    });
    host.start_game().unwrap();
    (raw, c)
}

fn refusal(m: &ToClient) -> Option<Refusal> {
    match m {
        ToClient::Rejected(r) | ToClient::Refused(r) => Some(r.clone()),
        _ => None,
    }
}

/// The raw seat's latest step, legal decisions and who acts, from what it was sent.
#[derive(Default)]
struct Seen {
    last: Option<(u64, Vec<Action>, ToAct)>,
    acted: Option<u64>,
    refusals: Vec<Refusal>,
}

impl Seen {
    /// Reads what has arrived; `false` once the connection is closed.
    fn pump(&mut self, raw: &mut Raw) -> bool {
        loop {
            match raw.recv() {
                Ok(Some(ToClient::Sync(v))) => {
                    self.last = Some((v.step, v.legal.clone(), v.to_act))
                }
                Ok(Some(ToClient::Update(u))) => {
                    self.last = Some((u.step, u.legal.clone(), u.to_act))
                }
                Ok(Some(ToClient::Rejected(r) | ToClient::Refused(r))) => self.refusals.push(r),
                Ok(Some(_)) => {}
                Ok(None) => return true,
                Err(()) => return false,
            }
        }
    }

    /// The step and legal decisions when it is the raw seat's turn.
    fn turn(&self, seat: u8) -> Option<(u64, Vec<Action>)> {
        match &self.last {
            Some((step, legal, ToAct::Seat(s))) if *s == seat && !legal.is_empty() => {
                Some((*step, legal.clone()))
            }
            _ => None,
        }
    }
}

/// Plays the client until it is the raw seat's turn.
fn raw_turn(
    raw: &mut Raw,
    seen: &mut Seen,
    client: &Client,
    auto: &mut AutoPlayer,
) -> (u64, Vec<Action>) {
    let seat = raw.seat.unwrap();
    let mut turn = None;
    wait_until("the raw seat's turn", LONG, || {
        assert!(seen.pump(raw), "connection closed");
        auto.step(client);
        turn = seen.turn(seat);
        turn.is_some()
    });
    turn.unwrap()
}

/// The next refusal the raw seat is sent.
fn next_refusal(raw: &mut Raw, seen: &mut Seen) -> Refusal {
    wait_until("a refusal", LONG, || {
        seen.pump(raw);
        !seen.refusals.is_empty()
    });
    seen.refusals.remove(0)
}

/// The host plays on for everyone else: the client seat and the bot bring the game to its
/// end once the misbehaving raw seat plays properly.
fn finish_with_raw_playing(
    host: &Host,
    raw: &mut Raw,
    seen: &mut Seen,
    client: &Client,
    auto: &mut AutoPlayer,
) {
    let mut bot = noctiluca_ai::make_bot("random", 2).unwrap();
    let seat = raw.seat.unwrap();
    wait_until("the game to end", LONG * 3, || {
        seen.pump(raw);
        if let Some((step, legal)) = seen.turn(seat)
            && seen.acted != Some(step)
        {
            let v = host.view(seat).unwrap();
            let a = bot.choose(&v.observation, &legal);
            raw.send(&ToHost::Act {
                seat,
                action: a,
                step,
            });
            seen.acted = Some(step);
        }
        auto.step(client);
        client.view().is_some_and(|v| v.over.is_some())
    });
    assert!(host.last_finished().is_some());
}

#[test]
fn a_decision_for_another_seat_or_an_illegal_one_is_refused_and_the_game_goes_on() {
    let host = two_remote();
    let (mut raw, client) = raw_and_client(&host);
    let (mut seen, mut auto) = (Seen::default(), AutoPlayer::new("random", 1).unwrap());
    let (step, legal) = raw_turn(&mut raw, &mut seen, &client, &mut auto);
    // For another seat.
    raw.send(&ToHost::Act {
        seat: 1,
        action: legal[0],
        step,
    });
    assert_eq!(
        next_refusal(&mut raw, &mut seen),
        Refusal::NotYourSeat { seat: 1 }
    );
    // Not among the legal ones (a pile to take during a dive, say).
    let illegal = [
        Action::TakePile { pile: 9 },
        Action::Decline,
        Action::Deliver { slot: 7 },
    ]
    .into_iter()
    .find(|a| !legal.contains(a))
    .unwrap();
    raw.send(&ToHost::Act {
        seat: 0,
        action: illegal,
        step,
    });
    assert_eq!(
        next_refusal(&mut raw, &mut seen),
        Refusal::Illegal { action: illegal }
    );
    // A chance outcome is never a seat's to give.
    raw.send(&ToHost::Act {
        seat: 0,
        action: Action::BlackDie { number: 3 },
        step,
    });
    assert_eq!(next_refusal(&mut raw, &mut seen), Refusal::NotYourTurn);
    // A decision for a step gone by.
    raw.send(&ToHost::Act {
        seat: 0,
        action: legal[0],
        step: step + 100,
    });
    assert_eq!(next_refusal(&mut raw, &mut seen), Refusal::Stale);
    let notes = host.poll();
    assert!(notes.contains(&Note::Misbehaved {
        seat: Some(0),
        refusal: Refusal::NotYourSeat { seat: 1 }
    }));
    finish_with_raw_playing(&host, &mut raw, &mut seen, &client, &mut auto);
}

#[test]
fn a_malformed_message_is_refused_and_an_oversized_one_disconnects() {
    let host = two_remote();
    let (mut raw, client) = raw_and_client(&host);
    let (mut seen, mut auto) = (Seen::default(), AutoPlayer::new("random", 1).unwrap());
    raw.send_text("{\"Act\": 12}");
    assert_eq!(next_refusal(&mut raw, &mut seen), Refusal::Malformed);
    raw.send_text("not json at all");
    assert_eq!(next_refusal(&mut raw, &mut seen), Refusal::Malformed);
    let _ = raw
        .ws
        .send(tokio_tungstenite::tungstenite::Message::binary(vec![
            1u8, 2, 3,
        ]));
    assert_eq!(next_refusal(&mut raw, &mut seen), Refusal::Malformed);
    // Still seated: it plays a proper move.
    let (step, legal) = raw_turn(&mut raw, &mut seen, &client, &mut auto);
    raw.send(&ToHost::Act {
        seat: 0,
        action: legal[0],
        step,
    });
    // Then far too much at once.
    let big = format!("\"{}\"", "x".repeat(MAX_TO_HOST * 4));
    raw.send_text(&big);
    raw.expect_closed(LONG);
    wait_until("the others to see the drop", LONG, || {
        client.view().is_some_and(|v| {
            v.connections[0]
                == Connection::Dropped {
                    grace_over: false,
                    left: false,
                }
        })
    });
    // The game goes on: the seat is handed to a bot after its grace period.
    wait_until("grace over", LONG, || host.hand_to_bot(0, "random").is_ok());
    wait_until("the game to end", LONG * 3, || {
        auto.step(&client);
        client.view().is_some_and(|v| v.over.is_some())
    });
    assert!(host.poll().contains(&Note::HandedToBot {
        seat: 0,
        level: "random".into()
    }));
}

#[test]
fn a_flood_disconnects_the_sender_only() {
    let host = two_remote();
    let (mut raw, client) = raw_and_client(&host);
    for _ in 0..500 {
        if !raw.send(&ToHost::ProposeUndo) {
            break;
        }
    }
    let mut flood = false;
    let deadline = std::time::Instant::now() + LONG;
    loop {
        assert!(std::time::Instant::now() < deadline);
        match raw.recv() {
            Ok(Some(ToClient::Refused(Refusal::Flood))) => flood = true,
            Ok(_) => {}
            Err(()) => break,
        }
    }
    assert!(flood, "told why before being disconnected");
    assert!(host.poll().contains(&Note::Misbehaved {
        seat: Some(0),
        refusal: Refusal::Flood
    }));
    // The flooder can come back with its token; here the host hands the seat on instead.
    wait_until("grace over", LONG, || host.hand_to_bot(0, "random").is_ok());
    let mut auto = noctiluca_net::client::AutoPlayer::new("random", 4).unwrap();
    wait_until("the game to end", LONG * 3, || {
        auto.step(&client);
        client.view().is_some_and(|v| v.over.is_some())
    });
}

#[test]
fn nobody_joins_without_an_invite_and_codes_cannot_be_tried_in_bulk_yet_the_right_one_gets_in() {
    let host = two_remote();
    let good = host.invites()[0].code.clone();
    let address = host.address().to_string();
    let wrong = format!("{address}/{}", noctiluca_net::token::new_token());
    let c = Client::join(&wrong, "guess");
    wait_until("refused", LONG, || {
        c.status() == ClientStatus::Closed(CloseReason::Refused(Refusal::UnknownCode))
    });
    for _ in 1..MAX_FAILED_CODES {
        let mut r = Raw::join(&wrong);
        assert_eq!(r.expect(LONG, refusal), Refusal::UnknownCode);
    }
    // Now wrong codes from this address are refused unread for a while.
    let mut r = Raw::join(&wrong);
    assert_eq!(r.expect(LONG, refusal), Refusal::TooManyAttempts);
    // The right code still gets in (a friend behind the same router as whoever mistyped).
    let friend = Client::join(&good, "friend");
    wait_until("the friend in the lobby", LONG, || {
        friend.status() == ClientStatus::InLobby
    });
    // A malformed code never reaches the host.
    assert_eq!(
        Client::join("127.0.0.1:1/short", "x").status(),
        ClientStatus::Closed(CloseReason::BadCode)
    );
    let names: Vec<_> = host.lobby().seats[..2]
        .iter()
        .filter_map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["friend"], "only the right code got in");
}

#[test]
fn a_client_of_another_protocol_version_is_refused_with_both_versions_named() {
    let host = two_remote();
    let code = host.invites()[0].code.clone();
    let (address, token) = noctiluca_net::token::parse_code(&code).unwrap();
    let mut r = Raw::connect(&address);
    // A later client whose Hello has grown a field this host does not know.
    let hello = format!(
        "{{\"Hello\":{{\"version\":{},\"key\":{{\"Invite\":\"{token}\"}},\"name\":\"n\",\"colour\":3}}}}",
        PROTOCOL_VERSION + 1
    );
    r.send_text(&hello);
    assert_eq!(
        r.expect(LONG, refusal),
        Refusal::Version {
            host: PROTOCOL_VERSION,
            client: PROTOCOL_VERSION + 1
        }
    );
    r.expect_closed(LONG);
    // The seat is still open for the right client.
    let c = Client::join(&code, "ok");
    wait_until("seated", LONG, || c.status() == ClientStatus::InLobby);
    // Something that is not Hello first.
    let mut r = Raw::connect(&address);
    r.send(&ToHost::ProposeUndo);
    assert_eq!(r.expect(LONG, refusal), Refusal::NoHello);
}

#[test]
fn an_invite_already_used_cannot_take_the_seat() {
    let host = two_remote();
    let code = host.invites()[1].code.clone();
    let c = Client::join(&code, "first");
    wait_until("seated", LONG, || c.status() == ClientStatus::InLobby);
    let mut r = Raw::join(&code);
    assert_eq!(r.expect(LONG, refusal), Refusal::SeatTaken { seat: 1 });
    assert_eq!(host.lobby().seats[1].name.as_deref(), Some("first"));
    let _ = Duration::ZERO;
}

#[test]
fn a_player_whose_app_crashed_takes_the_seat_back_with_the_invite_and_refusals_are_noted() {
    let host = two_remote();
    let code = host.invites()[1].code.clone();
    // Seated by a connection that then dies without a word (an app killed): its rejoin token
    // is gone with it.
    let mut first = Raw::join(&code);
    assert!(matches!(
        first.recv(),
        Ok(Some(noctiluca_net::protocol::ToClient::Welcome { .. }))
    ));
    wait_until("seated", LONG, || {
        host.lobby().seats[1].connection == Connection::Connected
    });
    drop(first);
    wait_until("dropped", LONG, || {
        matches!(host.lobby().seats[1].connection, Connection::Dropped { .. })
    });
    // The invite code seats them again, as the same player.
    let c = Client::join(&code, "again");
    wait_until("seated again", LONG, || c.status() == ClientStatus::InLobby);
    assert_eq!(host.lobby().seats[1].connection, Connection::Connected);
    // A connection refused before it had a seat reaches the host's notes.
    let mut bad = Raw::connect(&host.address().to_string());
    bad.send_text("not a hello");
    assert_eq!(bad.expect(LONG, refusal), Refusal::NoHello);
    wait_until("the refusal noted", LONG, || {
        host.poll().iter().any(|n| {
            matches!(
                n,
                Note::Misbehaved {
                    seat: None,
                    refusal: Refusal::NoHello
                }
            )
        })
    });
}

/// Another address holds forty connections open without a word: it takes a few places among
/// the connections waiting to be seated, not all of them, and a player still gets in.
#[test]
fn connections_held_open_from_one_address_do_not_keep_a_player_out() {
    let host = two_remote();
    let good = host.invites()[0].code.clone();
    let to = host.address();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // From 127.0.0.2 (loopback too), so that the player's 127.0.0.1 is another address.
    let held: Vec<tokio::net::TcpStream> = rt.block_on(async {
        let mut held = Vec::new();
        for _ in 0..40 {
            let s = tokio::net::TcpSocket::new_v4().unwrap();
            s.bind("127.0.0.2:0".parse().unwrap()).unwrap();
            held.push(s.connect(to).await.unwrap());
        }
        held
    });
    let friend = Client::join(&good, "friend");
    wait_until("the friend in the lobby", LONG, || {
        friend.status() == ClientStatus::InLobby
    });
    drop(held);
}

/// Two players who give the same name are told apart: the second is "Ann (2)".
#[test]
fn a_second_player_of_the_same_name_is_numbered() {
    let host = two_remote();
    let codes: Vec<String> = host.invites().into_iter().map(|i| i.code).collect();
    let first = Client::join(&codes[0], "Ann");
    wait_until("Ann in the lobby", LONG, || {
        first.status() == ClientStatus::InLobby
    });
    let second = Client::join(&codes[1], "ann");
    wait_until("the second in the lobby", LONG, || {
        second.status() == ClientStatus::InLobby
    });
    let names: Vec<_> = host
        .lobby()
        .seats
        .iter()
        .filter_map(|s| s.name.clone())
        .collect();
    assert!(names.contains(&"Ann".to_string()), "{names:?}");
    assert!(names.contains(&"ann (2)".to_string()), "{names:?}");
}
