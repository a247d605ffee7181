//! Whole games over the network.

use crate::common::*;
use noctiluca_engine::{GameRecord, ToAct};
use noctiluca_net::{ClientStatus, Connection, Host, Note, SeatPlan};

#[test]
fn a_host_and_three_clients_play_a_game_and_agree_on_the_end() {
    let host = Host::start(config(
        vec![
            SeatPlan::Local,
            SeatPlan::Remote,
            SeatPlan::Remote,
            SeatPlan::Bot("random".into()),
        ],
        7,
    ))
    .unwrap();
    assert_eq!(host.invites().len(), 2);
    assert!(host.start_game().is_err(), "remote seats are open");
    let clients = join_all(&host);
    let lobby = host.lobby();
    assert_eq!(lobby.seats[1].name.as_deref(), Some("P1"));
    assert_eq!(lobby.seats[2].connection, Connection::Connected);
    assert_eq!(
        lobby.seats[3].connection,
        Connection::Bot {
            level: "random".into()
        }
    );
    host.start_game().unwrap();
    play_to_end(&host, &clients, &[0], 11);
    let finished = host.last_finished().unwrap();
    let record = GameRecord::from_ron(&finished.record_ron).unwrap();
    let replayed = record.replay().unwrap();
    assert!(replayed.is_over());
    // The AI's seat as `simulate` names it, so that the history takes it for an AI (the
    // table calls it "random").
    assert_eq!(record.names, vec!["Host", "P1", "P2", "random 4"]);
    assert_eq!(host.view(0).unwrap().names[3], "random");
    for c in &clients {
        let v = c.view().unwrap();
        let at_host = host.view(v.seat).unwrap();
        assert_eq!(v.observation, at_host.observation);
        assert_eq!(v.observation, replayed.observation(Some(v.seat)));
        assert_eq!(v.log, at_host.log);
        assert_eq!(v.over.as_ref(), Some(&finished));
        assert_eq!(v.to_act, ToAct::Nobody);
        assert_eq!(c.status(), ClientStatus::Over);
    }
    assert!(host.poll().contains(&Note::GameOver { game: 1 }));
    host.close();
    for c in &clients {
        wait_until("clients to hear the host closed", LONG, || {
            c.status() == ClientStatus::Closed(noctiluca_net::CloseReason::HostClosed)
        });
    }
}

/// What a hand-written client knows of its seat, from the host's messages.
#[derive(Default)]
struct RawSeat {
    step: u64,
    legal: Vec<noctiluca_engine::Action>,
    mine: bool,
    over: bool,
}

impl RawSeat {
    fn read(&mut self, seat: u8, m: &ToClient) {
        match m {
            ToClient::Sync(v) => {
                self.step = v.step;
                self.legal = v.legal.clone();
                self.mine = v.to_act == ToAct::Seat(seat);
                self.over |= v.over.is_some();
            }
            ToClient::Update(u) => {
                self.step = u.step;
                self.legal = u.legal.clone();
                self.mine = u.to_act == ToAct::Seat(seat);
            }
            ToClient::Over(_) => self.over = true,
            _ => {}
        }
    }
}

/// Every observation and event in a message, as a seat received it.
fn check_message(seat: u8, text: &str, m: &ToClient) {
    use crate::filter::{cards_named, seen};
    assert!(
        !text.contains("secrets") && !text.contains("unseen"),
        "{text}"
    );
    assert!(
        !text.contains("DealFavourite") && !text.contains("DealCard"),
        "a chance outcome that names a secret reached seat {seat}"
    );
    let (obs, events, legal) = match m {
        ToClient::Sync(v) => (&v.observation, &v.log, &v.legal),
        ToClient::Update(u) => (&u.observation, &u.events, &u.legal),
        _ => return,
    };
    assert_eq!(
        obs.own.map(|o| o.seat),
        Some(seat),
        "another seat's own view"
    );
    assert_eq!(
        text.matches("\"favourite\"").count(),
        1,
        "one favourite: the seat's own"
    );
    assert!(legal.iter().all(|a| !a.is_chance()));
    for e in events {
        for c in cards_named(e) {
            assert!(
                seen(obs) & (1 << c) != 0,
                "seat {seat} shown card {c} unseen"
            );
        }
    }
}

#[test]
fn no_message_a_client_receives_holds_another_seats_secret() {
    let host = Host::start(config(
        vec![
            SeatPlan::Remote,
            SeatPlan::Remote,
            SeatPlan::Remote,
            SeatPlan::Bot("random".into()),
        ],
        21,
    ))
    .unwrap();
    let mut raws: Vec<Raw> = host.invites().iter().map(|i| Raw::join(&i.code)).collect();
    for r in &mut raws {
        r.expect(LONG, |m| {
            matches!(m, ToClient::Welcome { .. }).then_some(())
        });
    }
    wait_until("seats filled", LONG, || host.start_game().is_ok());
    let mut seats: Vec<RawSeat> = (0..raws.len()).map(|_| RawSeat::default()).collect();
    let mut bot = noctiluca_ai::make_bot("random", 3).unwrap();
    let mut acted = vec![None; raws.len()];
    wait_until("the game to end", LONG * 3, || {
        for (i, r) in raws.iter_mut().enumerate() {
            let seat = r.seat.unwrap();
            while let Ok(Some(m)) = r.recv() {
                seats[i].read(seat, &m);
            }
            let s = &seats[i];
            if s.mine && !s.legal.is_empty() && acted[i] != Some(s.step) {
                let v = host.view(seat).unwrap();
                let a = bot.choose(&v.observation, &s.legal);
                r.send(&ToHost::Act {
                    seat,
                    action: a,
                    step: s.step,
                });
                acted[i] = Some(s.step);
            }
        }
        seats.iter().all(|s| s.over)
    });
    for r in &raws {
        let seat = r.seat.unwrap();
        let mut messages = 0;
        for text in &r.got {
            let m: ToClient = serde_json::from_str(text).unwrap();
            if matches!(m, ToClient::Over(_)) {
                break;
            }
            check_message(seat, text, &m);
            messages += 1;
        }
        assert!(
            messages > 50,
            "seat {seat} got {messages} messages before the end"
        );
    }
}

#[test]
fn an_open_seat_can_go_to_a_bot_before_the_game_and_a_person_takes_it_back() {
    let host = Host::start(config(
        vec![SeatPlan::Local, SeatPlan::Remote, SeatPlan::Remote],
        17,
    ))
    .unwrap();
    let inv = host.invites();
    host.hand_to_bot(2, "random").unwrap();
    assert_eq!(
        host.lobby().seats[2].connection,
        Connection::Bot {
            level: "random".into()
        }
    );
    assert!(host.start_game().is_err(), "seat 1 is still open");
    let c = noctiluca_net::Client::join(&inv[0].code, "P1");
    wait_until("seated", LONG, || c.status() == ClientStatus::InLobby);
    host.start_game().unwrap();
    play_to_end(&host, std::slice::from_ref(&c), &[0], 5);
    let rec = GameRecord::from_ron(&host.last_finished().unwrap().record_ron).unwrap();
    assert_eq!(rec.names, vec!["Host", "P1", "random"]);
    // A bot seat's invite still seats a person, who takes the seat over.
    let late = noctiluca_net::Client::join(&inv[1].code, "Late");
    wait_until("seated", LONG, || late.status() == ClientStatus::Over);
    assert_eq!(host.lobby().seats[2].connection, Connection::Connected);
}

/// A seat an AI was let take in the lobby is given back before the game: open again, with its
/// name gone; not a seat no AI took, and not once the game is on.
#[test]
fn a_seat_an_ai_took_in_the_lobby_is_given_back_until_the_game_starts() {
    use noctiluca_net::NetError;
    let host = Host::start(config(vec![SeatPlan::Local, SeatPlan::Remote], 19)).unwrap();
    let inv = host.invites();
    assert!(matches!(
        host.reopen_seat(1),
        Err(NetError::NoAiAtSeat { seat: 1 })
    ));
    assert!(matches!(
        host.reopen_seat(0),
        Err(NetError::NoAiAtSeat { seat: 0 })
    ));
    host.hand_to_bot(1, "random").unwrap();
    host.reopen_seat(1).unwrap();
    let seat = &host.lobby().seats[1];
    assert_eq!((&seat.connection, &seat.name), (&Connection::Open, &None));
    assert!(host.start_game().is_err(), "seat 1 is open again");
    let c = noctiluca_net::Client::join(&inv[0].code, "P1");
    wait_until("seated", LONG, || c.status() == ClientStatus::InLobby);
    host.start_game().unwrap();
    assert!(matches!(host.reopen_seat(1), Err(NetError::NotInLobby)));
}

#[test]
fn a_game_over_ipv6_loopback_and_handles_that_move_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Host>();
    send_sync::<noctiluca_net::Client>();
    let mut cfg = config(vec![SeatPlan::Remote, SeatPlan::Remote], 31);
    cfg.bind = "[::1]:0".parse().unwrap();
    let host = Host::start(cfg).unwrap();
    for i in host.invites() {
        assert!(i.code.starts_with("[::1]:"), "{}", i.code);
    }
    let clients = join_all(&host);
    host.start_game().unwrap();
    play_to_end(&host, &clients, &[], 2);
    for c in &clients {
        let v = c.view().unwrap();
        assert_eq!(v.observation, host.view(v.seat).unwrap().observation);
    }
}
