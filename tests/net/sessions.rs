//! Leaving and coming back: a drop noticed and a rejoin mid-pass, the host closing and
//! resuming from its autosave, undo by consent, clocks.

use crate::common::*;
use noctiluca_engine::{Decision, ToAct};
use noctiluca_net::client::AutoPlayer;
use noctiluca_net::{
    Client, ClientStatus, ClockRule, CloseReason, Connection, Host, NetError, Note, Refusal,
    Rejoin, SeatPlan,
};
use std::time::Duration;

fn temp_path(name: &str) -> std::path::PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    std::env::temp_dir().join(format!(
        "noctiluca-net-{}-{nanos}-{name}",
        std::process::id()
    ))
}

#[test]
fn a_silent_player_is_noticed_shown_to_all_and_rejoins_mid_pass() {
    let host = Host::start(config(
        vec![SeatPlan::Remote, SeatPlan::Remote, SeatPlan::Remote],
        3,
    ))
    .unwrap();
    let inv = host.invites();
    let mut raw = Raw::join(&inv[0].code);
    let token = raw.expect(LONG, |m| match m {
        ToClient::Welcome { token, .. } => Some(token.clone()),
        _ => None,
    });
    let others: Vec<Client> = inv[1..]
        .iter()
        .map(|i| Client::join(&i.code, "o"))
        .collect();
    for c in &others {
        wait_until("seated", LONG, || c.status() == ClientStatus::InLobby);
    }
    host.start_game().unwrap();
    let mut autos: Vec<AutoPlayer> = (0..2)
        .map(|i| AutoPlayer::new("random", 40 + i).unwrap())
        .collect();
    let mut bot = noctiluca_ai::make_bot("random", 9).unwrap();
    // The raw seat plays until passed dice are offered to it.
    let mut acted = None;
    let mut offer = false;
    wait_until("passed dice offered to seat 0", LONG * 3, || {
        let mut last = None;
        while let Ok(Some(m)) = raw.recv() {
            match m {
                ToClient::Sync(v) => {
                    last = Some((v.step, v.legal, v.observation.decision, v.to_act))
                }
                ToClient::Update(u) => {
                    last = Some((u.step, u.legal, u.observation.decision, u.to_act))
                }
                _ => {}
            }
        }
        if let Some((step, legal, decision, ToAct::Seat(0))) = last
            && acted != Some(step)
        {
            if matches!(decision, Decision::PassOffer { .. }) {
                offer = true;
                return true;
            }
            let v = host.view(0).unwrap();
            raw.send(&ToHost::Act {
                seat: 0,
                action: bot.choose(&v.observation, &legal),
                step,
            });
            acted = Some(step);
        }
        for (a, c) in autos.iter_mut().zip(&others) {
            a.step(c);
        }
        assert!(
            host.last_finished().is_none(),
            "the game ended without a pass to seat 0"
        );
        false
    });
    assert!(offer);
    // Seat 0 goes silent: no reads, so no answers to the host's pings.
    host.poll();
    wait_until("the host to notice the silence", LONG, || {
        host.poll().contains(&Note::Dropped { seat: 0 })
    });
    for c in &others {
        wait_until("everyone to see it", LONG, || {
            c.view().is_some_and(|v| {
                v.connections[0]
                    == Connection::Dropped {
                        grace_over: false,
                        left: false,
                    }
            })
        });
    }
    drop(raw);
    // Back with the rejoin token, at the same decision.
    let back = Client::rejoin(&Rejoin {
        address: host.address().to_string(),
        seat: 0,
        token,
    });
    wait_until("the rejoin", LONG, || {
        back.status() == ClientStatus::Playing
    });
    let v = back.view().unwrap();
    assert_eq!(v.observation, host.view(0).unwrap().observation);
    assert!(matches!(v.observation.decision, Decision::PassOffer { .. }));
    assert!(!v.legal.is_empty());
    assert!(host.poll().contains(&Note::Rejoined { seat: 0 }));
    let mut me = AutoPlayer::new("random", 77).unwrap();
    wait_until("the game to end", LONG * 3, || {
        me.step(&back);
        for (a, c) in autos.iter_mut().zip(&others) {
            a.step(c);
        }
        back.view().is_some_and(|v| v.over.is_some())
    });
    assert_eq!(back.view().unwrap().log, host.view(0).unwrap().log);
}

#[test]
fn a_connection_that_never_says_hello_is_closed() {
    let host = Host::start(config(vec![SeatPlan::Remote, SeatPlan::Local], 1)).unwrap();
    let stream = std::net::TcpStream::connect(host.address()).unwrap();
    read_until_closed(&stream);
}

/// Reads what the host sends on `stream` until it closes it (within `LONG`).
fn read_until_closed(stream: &std::net::TcpStream) {
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let deadline = std::time::Instant::now() + LONG;
    let mut buf = [0u8; 256];
    loop {
        assert!(std::time::Instant::now() < deadline, "still open");
        match std::io::Read::read(&mut &*stream, &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break,
        }
    }
}

/// Bytes that are not this app's (a web request, noise) reach the host: they are closed, and
/// the host hears of it once, however many come (they had been closed without a word).
#[test]
fn connections_that_are_not_this_apps_are_noted_once() {
    let host = Host::start(config(vec![SeatPlan::Remote, SeatPlan::Local], 1)).unwrap();
    for junk in [
        &b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"[..],
        &[0xff, 0x00, 0x13, 0x37, b'\n'][..],
    ] {
        let mut stream = std::net::TcpStream::connect(host.address()).unwrap();
        std::io::Write::write_all(&mut stream, junk).unwrap();
        read_until_closed(&stream);
    }
    let mut notes = Vec::new();
    wait_until("the note", LONG, || {
        notes.extend(host.poll());
        !notes.is_empty()
    });
    std::thread::sleep(Duration::from_millis(100));
    notes.extend(host.poll());
    let strangers = notes
        .iter()
        .filter(|n| {
            **n == Note::Misbehaved {
                seat: None,
                refusal: noctiluca_net::Refusal::NoHello,
            }
        })
        .count();
    assert_eq!(strangers, 1, "{notes:?}");
    // The host carries on: a friend still joins.
    let client = Client::join(&host.invites()[0].code, "Bea");
    wait_until("seated", LONG, || client.status() == ClientStatus::InLobby);
}

#[test]
fn the_host_closes_every_client_is_told_and_it_resumes_from_its_autosave() {
    let save = temp_path("autosave.json");
    let mut cfg = config(
        vec![
            SeatPlan::Local,
            SeatPlan::Remote,
            SeatPlan::Bot("random".into()),
        ],
        12,
    );
    cfg.autosave = Some(save.clone());
    let host = Host::start(cfg.clone()).unwrap();
    let client = Client::join(&host.invites()[0].code, "Remote");
    wait_until("seated", LONG, || client.status() == ClientStatus::InLobby);
    let rejoin = client.rejoin_token().unwrap();
    host.start_game().unwrap();
    let mut auto = AutoPlayer::new("random", 5).unwrap();
    let mut local = noctiluca_ai::make_bot("random", 6).unwrap();
    // Some way into the game, stopping where it waits on the host's own seat: only this test
    // moves that seat, so nothing changes between the picture taken here and the close (a
    // move of the remote seat or the bot could otherwise still be on its way, and be in the
    // autosave but not in the picture).
    wait_until(
        "twenty decisions, then the host's seat to act",
        LONG * 3,
        || {
            let enough = host.record().is_some_and(|r| {
                r.actions
                    .iter()
                    .filter(|e| e.by != noctiluca_engine::Actor::Chance)
                    .count()
                    >= 20
            });
            if let Some(v) = host.view(0)
                && !v.legal.is_empty()
            {
                if enough {
                    return true;
                }
                host.act(0, local.choose(&v.observation, &v.legal)).unwrap();
            }
            auto.step(&client);
            false
        },
    );
    let address = host.address();
    let before = host.view(1).unwrap().observation;
    // Said since the last step, then closed: the chat is kept with the game (the tables
    // had come back to "No messages yet").
    host.say(0, "back in five").unwrap();
    host.close();
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(!noctiluca_net::save_is_finished(&text), "a game under way");
    wait_until("the client told", LONG, || {
        client.status() == ClientStatus::Closed(CloseReason::HostClosed)
    });
    assert!(client.poll().contains(&Note::HostClosed));
    // Resumed on the port it was hosted on (the rejoin token names it), whatever the port
    // asked for now (here: any free one).
    assert_eq!(cfg.bind.port(), 0);
    let mut resumed = None;
    wait_until("the port free again", LONG, || {
        match Host::resume(&save, cfg.clone()) {
            Ok(h) => {
                resumed = Some(h);
                true
            }
            Err(NetError::Bind(_)) => false,
            Err(e) => panic!("resume failed: {e:?}"),
        }
    });
    let host = resumed.unwrap();
    assert_eq!(host.address(), address);
    assert_eq!(host.invites().len(), 1);
    let lobby = host.lobby();
    assert_eq!(lobby.seats[1].name.as_deref(), Some("Remote"));
    assert_eq!(
        lobby.seats[1].connection,
        Connection::Dropped {
            grace_over: false,
            left: false
        }
    );
    let back = Client::rejoin(&rejoin);
    wait_until("the rejoin", LONG, || {
        back.status() == ClientStatus::Playing
    });
    assert_eq!(back.view().unwrap().observation, before);
    assert_eq!(
        back.view().unwrap().chat,
        [(0, "back in five".to_string())],
        "the chat came back with the game"
    );
    wait_until("the game to end", LONG * 3, || {
        if let Some(v) = host.view(0)
            && !v.legal.is_empty()
        {
            host.act(0, local.choose(&v.observation, &v.legal)).unwrap();
        }
        auto.step(&back);
        back.view().is_some_and(|v| v.over.is_some())
    });
    let f = host.last_finished().unwrap();
    assert!(
        noctiluca_engine::GameRecord::from_ron(&f.record_ron)
            .unwrap()
            .replay()
            .unwrap()
            .is_over()
    );
    // Its autosave now holds a game that has ended: not one to offer for resuming.
    wait_until("the ended game saved", LONG, || {
        std::fs::read_to_string(&save).is_ok_and(|t| noctiluca_net::save_is_finished(&t))
    });
    host.close();
    let _ = std::fs::remove_file(save);
}

/// Plays the local seat (0) and the client until seat 0 has just decided and may ask to take
/// it back; asks.
fn play_until_undo_proposed(
    host: &Host,
    client: &Client,
    auto: &mut AutoPlayer,
    local: &mut Box<dyn noctiluca_ai::Bot>,
) {
    let mut proposed = false;
    wait_until("an undo proposed", LONG * 3, || {
        if let Some(v) = host.view(0)
            && !v.legal.is_empty()
        {
            host.act(0, local.choose(&v.observation, &v.legal)).unwrap();
            // The view says beforehand what asking will find.
            let can = host.view(0).is_some_and(|v| v.can_take_back);
            match host.propose_undo(0) {
                Ok(()) => {
                    assert!(
                        can,
                        "asked, but the view said there was nothing to take back"
                    );
                    proposed = true;
                    return true;
                }
                Err(NetError::NoUndo) => assert!(!can, "the view offered what was refused"),
                Err(e) => panic!("{e:?}"),
            }
        }
        auto.step(client);
        assert!(host.last_finished().is_none(), "no undo could be asked");
        false
    });
    assert!(proposed);
    wait_until("the request shown", LONG, || {
        client
            .view()
            .and_then(|v| v.undo_request)
            .is_some_and(|u| u.by == 0 && u.waiting_for == vec![1])
    });
}

#[test]
fn an_undo_needs_every_persons_consent() {
    let host = Host::start(config(
        vec![
            SeatPlan::Local,
            SeatPlan::Remote,
            SeatPlan::Bot("random".into()),
        ],
        8,
    ))
    .unwrap();
    let client = Client::join(&host.invites()[0].code, "R");
    wait_until("seated", LONG, || client.status() == ClientStatus::InLobby);
    host.start_game().unwrap();
    let mut auto = AutoPlayer::new("random", 5).unwrap();
    let mut local = noctiluca_ai::make_bot("random", 6).unwrap();
    play_until_undo_proposed(&host, &client, &mut auto, &mut local);
    let entries = host.record().unwrap().actions.len();
    // Nothing moves while the answer is awaited (a bot's move waits too).
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(host.record().unwrap().actions.len(), entries);
    // Granted: seat 0 is to decide again, and the client sees the same game.
    client.answer_undo(true);
    wait_until("the undo", LONG, || {
        host.record().unwrap().actions.len() < entries
    });
    assert_eq!(host.view(0).unwrap().to_act, ToAct::Seat(0));
    assert!(
        host.poll()
            .iter()
            .any(|n| matches!(n, Note::UndoDone { by: 0, .. }))
    );
    wait_until("the client synced", LONG, || {
        client
            .view()
            .is_some_and(|v| v.to_act == ToAct::Seat(0) && v.log == host.view(1).unwrap().log)
    });
    assert_eq!(host.answer_undo(0, true), Err(NetError::NoUndo));
    // Declined: the game goes on from where it was, to the end.
    play_until_undo_proposed(&host, &client, &mut auto, &mut local);
    let entries = host.record().unwrap().actions.len();
    client.answer_undo(false);
    wait_until("the answer", LONG, || {
        host.poll().contains(&Note::UndoDeclined {
            by: 0,
            declined_by: 1,
        })
    });
    assert!(host.record().unwrap().actions.len() >= entries);
    // Declined, it cannot be asked again at once (the friend would be asked over and over):
    // not until the game has moved on.
    let moved = host.record().unwrap().actions.len();
    // (In this game a person, not the AI, is to move next.)
    assert_eq!(moved, entries);
    let v = host.view(0).unwrap();
    assert!(v.take_back_refused && !v.can_take_back);
    assert_eq!(host.propose_undo(0), Err(NetError::UndoRefused));
    assert!(!host.view(1).unwrap().take_back_refused);
    wait_until("the game to move on", LONG, || {
        if let Some(v) = host.view(0)
            && !v.legal.is_empty()
        {
            host.act(0, local.choose(&v.observation, &v.legal)).unwrap();
        }
        auto.step(&client);
        host.record().unwrap().actions.len() > entries
    });
    assert!(!host.view(0).unwrap().take_back_refused);
    wait_until("the game to end", LONG * 3, || {
        if let Some(v) = host.view(0)
            && !v.legal.is_empty()
        {
            host.act(0, local.choose(&v.observation, &v.legal)).unwrap();
        }
        auto.step(&client);
        client.view().is_some_and(|v| v.over.is_some())
    });
}

/// A host playing seat 0 here and a friend's seat 1 (played by the returned bot when asked),
/// the game under way and seat 0's request to take back its last decision waiting for the
/// friend; with the number of decisions recorded then.
fn a_request_pending(seed: u64) -> (Host, Client, AutoPlayer, usize) {
    let host = Host::start(config(vec![SeatPlan::Local, SeatPlan::Remote], seed)).unwrap();
    let client = Client::join(&host.invites()[0].code, "Friend");
    wait_until("seated", LONG, || client.status() == ClientStatus::InLobby);
    host.start_game().unwrap();
    let mut auto = AutoPlayer::new("random", seed + 1).unwrap();
    let mut local = noctiluca_ai::make_bot("random", seed + 2).unwrap();
    play_until_undo_proposed(&host, &client, &mut auto, &mut local);
    let entries = host.record().unwrap().actions.len();
    (host, client, auto, entries)
}

/// A seat joined by a bot (`noctiluca join --bot`) looks like a person's to the host, which
/// waits for its answer to a request to take back: the bot agrees (the request stood until
/// the game moved on).
#[test]
fn a_bot_at_a_joined_seat_agrees_to_take_back() {
    let (host, client, mut auto, entries) = a_request_pending(12);
    wait_until("the bot's answer and the undo", LONG, || {
        auto.step(&client);
        host.record().unwrap().actions.len() < entries
    });
    let notes = host.poll();
    assert!(notes.contains(&Note::UndoAnswered { seat: 1, yes: true }));
    assert!(
        notes
            .iter()
            .any(|n| matches!(n, Note::UndoDone { by: 0, .. }))
    );
    // Answered once: the host refused nothing.
    assert!(
        !notes.iter().any(|n| matches!(n, Note::Misbehaved { .. })),
        "{notes:?}"
    );
}

#[test]
fn a_player_out_of_time_has_the_bot_play_and_the_clocks_are_shown() {
    let cfg = config(vec![SeatPlan::Remote, SeatPlan::Bot("random".into())], 4);
    let host = Host::start(cfg).unwrap();
    let client = Client::join(&host.invites()[0].code, "Slow");
    wait_until("seated", LONG, || client.status() == ClientStatus::InLobby);
    assert_eq!(client.lobby().unwrap().clock, None);
    // Set in the lobby, and shown to the players there.
    let rule = ClockRule {
        bank: Duration::from_millis(300),
        bot_on_timeout: "random".into(),
    };
    assert!(matches!(
        host.set_clock(Some(ClockRule {
            bank: rule.bank,
            bot_on_timeout: "grandmaster".into()
        })),
        Err(NetError::UnknownBot { .. })
    ));
    host.set_clock(Some(rule.clone())).unwrap();
    wait_until("the clock shown in the lobby", LONG, || {
        client.lobby().unwrap().clock == Some(rule.clone())
    });
    host.start_game().unwrap();
    assert_eq!(host.set_clock(None), Err(NetError::NotInLobby));
    wait_until("clocks shown", LONG, || {
        client
            .view()
            .is_some_and(|v| v.clocks.as_ref().is_some_and(|c| c.len() == 2))
    });
    // The client never decides: its bank runs out and the bot plays on to the end.
    wait_until("the game to end", LONG * 3, || {
        client.view().is_some_and(|v| v.over.is_some())
    });
    let v = client.view().unwrap();
    assert_eq!(v.clocks.unwrap()[0], Duration::ZERO);
    assert!(client.poll().contains(&Note::TimeOut { seat: 0 }));
}

/// Every player is told whose time bank runs, and how long a dropped player's seat is still
/// waited for, so each screen can count both down between the host's messages.
#[test]
fn players_are_told_whose_clock_runs_and_how_long_a_dropped_seat_waits() {
    let mut cfg = config(vec![SeatPlan::Remote, SeatPlan::Remote], 6);
    cfg.clock = Some(ClockRule {
        bank: Duration::from_secs(600),
        bot_on_timeout: "random".into(),
    });
    let host = Host::start(cfg).unwrap();
    let mut clients = join_all(&host);
    host.start_game().unwrap();
    // Nobody moves: the seat to act is the one whose time runs, as both players are told.
    let mut first = None;
    wait_until("the first decision", LONG, || {
        first = clients[0].view().and_then(|v| match v.to_act {
            ToAct::Seat(s) => Some(s),
            _ => None,
        });
        first.is_some()
    });
    let first = first.unwrap();
    for c in &clients {
        wait_until("the running clock", LONG, || {
            c.view().is_some_and(|v| v.running == Some(first))
        });
    }
    assert!(
        clients[0]
            .view()
            .unwrap()
            .grace_left
            .iter()
            .all(Option::is_none)
    );
    // The other player drops out: the one left is told how long the seat is waited for.
    let gone = 1 - first as usize;
    drop(clients.remove(gone));
    let stays = &clients[0];
    let mut left = None;
    wait_until("the grace period told", LONG, || {
        left = stays.view().and_then(|v| v.grace_left[gone]);
        left.is_some()
    });
    assert!(left.unwrap() <= GRACE, "{left:?}");
    // Once it is over, nothing is counted down any more.
    wait_until("the grace period over", LONG, || {
        stays.view().is_some_and(|v| {
            v.grace_left[gone].is_none()
                // (A client let go leaves the table on purpose.)
                && v.connections[gone] == Connection::Dropped { grace_over: true, left: true }
        })
    });
}

/// A host closed while a player's time runs keeps the time spent in its save: resumed, the
/// bank is not given back.
#[test]
fn a_host_closed_mid_turn_keeps_the_time_spent() {
    let save = temp_path("clock-save.json");
    let mut cfg = config(vec![SeatPlan::Local, SeatPlan::Remote], 7);
    cfg.autosave = Some(save.clone());
    cfg.clock = Some(ClockRule {
        bank: Duration::from_secs(600),
        bot_on_timeout: "random".into(),
    });
    let host = Host::start(cfg).unwrap();
    let clients = join_all(&host);
    host.start_game().unwrap();
    let mut running = None;
    wait_until("a clock running", LONG, || {
        running = host.view(0).and_then(|v| v.running);
        running.is_some()
    });
    // Some time passes on the running clock.
    let before = host.view(0).unwrap().clocks.unwrap()[running.unwrap() as usize];
    wait_until("the clock to move", LONG, || {
        host.view(0).unwrap().clocks.unwrap()[running.unwrap() as usize] < before
    });
    host.close();
    let text = std::fs::read_to_string(&save).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&text).unwrap();
    let ms = saved["clocks_ms"][running.unwrap() as usize]
        .as_u64()
        .unwrap();
    assert!(ms < 600_000, "{ms} ms kept of 600 000");
    drop(clients);
    let _ = std::fs::remove_file(save);
}

/// A player whose connection is lost at their turn keeps their time while the seat waits for
/// them (the host ran it down, and once it was out an AI played the seat for the rest of the
/// game); back, their clock runs again from where it stopped.
#[test]
fn a_lost_connection_keeps_the_players_time() {
    let cfg = config(vec![SeatPlan::Remote, SeatPlan::Bot("random".into())], 6);
    let host = Host::start(cfg).unwrap();
    let client = Client::join(&host.invites()[0].code, "Away");
    wait_until("seated", LONG, || client.status() == ClientStatus::InLobby);
    // Long enough that the host notices the leaving before the bank could run out.
    let bank = Duration::from_secs(3);
    host.set_clock(Some(ClockRule {
        bank,
        bot_on_timeout: "random".into(),
    }))
    .unwrap();
    host.start_game().unwrap();
    // The first turn of the client's seat: its clock runs.
    let running = |h: &Host| h.view(1).and_then(|v| v.running);
    wait_until("the client's turn", LONG, || running(&host) == Some(0));
    let token = client.rejoin_token().unwrap();
    client.leave();
    wait_until("the clock stopped", LONG, || running(&host).is_none());
    let kept = host.view(1).unwrap().clocks.unwrap()[0];
    assert!(kept > Duration::ZERO);
    // Longer than the whole bank: still theirs, with the same time.
    std::thread::sleep(bank + Duration::from_millis(300));
    let notes = host.poll();
    assert!(
        !notes.iter().any(|n| matches!(n, Note::TimeOut { .. })),
        "{notes:?}"
    );
    assert_eq!(host.view(1).unwrap().clocks.unwrap()[0], kept);
    assert!(running(&host).is_none());
    // Back: the clock runs again, and runs out as it would have.
    let back = Client::rejoin(&token);
    wait_until("the clock running again", LONG, || {
        running(&host) == Some(0)
    });
    wait_until("the time out", LONG, || {
        host.poll()
            .iter()
            .any(|n| matches!(n, Note::TimeOut { seat: 0 }))
    });
    // Connected, and told that an AI plays the seat now: nothing is offered to decide, and
    // nobody counts down a wait for it.
    let bot = Connection::Bot {
        level: "random".into(),
    };
    wait_until("the AI's seat shown", LONG, || {
        back.view().is_some_and(|v| v.connections[0] == bot)
    });
    let v = back.view().unwrap();
    assert!(v.legal.is_empty());
    assert_eq!(v.grace_left[0], None);
    assert_eq!(host.lobby().seats[0].connection, bot);
}

/// The one who asked to take back a decision may withdraw the request (nobody answering
/// held them there until they played on); nobody else may.
#[test]
fn the_one_who_asked_may_withdraw_a_request_to_take_back() {
    let (host, client, mut auto, entries) = a_request_pending(14);
    // Not the other player's to withdraw.
    client.withdraw_undo();
    let mut notes = Vec::new();
    wait_until("the refusal", LONG, || {
        notes.extend(host.poll());
        notes.contains(&Note::Misbehaved {
            seat: Some(1),
            refusal: Refusal::NoUndo,
        })
    });
    assert!(host.view(0).unwrap().undo_request.is_some());
    host.withdraw_undo(0).unwrap();
    assert!(host.poll().contains(&Note::UndoWithdrawn { by: 0 }));
    assert_eq!(
        host.record().unwrap().actions.len(),
        entries,
        "nothing taken back"
    );
    wait_until("the request gone for the friend", LONG, || {
        client.view().is_some_and(|v| v.undo_request.is_none())
    });
    assert_eq!(host.withdraw_undo(0), Err(NetError::NoUndo));
    // The game goes on.
    wait_until("the friend's next decision", LONG, || {
        auto.step(&client) || host.record().unwrap().actions.len() > entries
    });
}

/// A host that keeps no save of the game under way (`serve` without `--autosave`) says so as
/// it closes: the game cannot go on, and the friend is not sent waiting ten minutes for it.
#[test]
fn a_host_without_a_save_tells_its_players_the_game_cannot_go_on() {
    let cfg = config(vec![SeatPlan::Local, SeatPlan::Remote], 3);
    assert!(cfg.autosave.is_none());
    let host = Host::start(cfg).unwrap();
    let client = Client::join(&host.invites()[0].code, "Remote");
    wait_until("seated", LONG, || client.status() == ClientStatus::InLobby);
    host.start_game().unwrap();
    wait_until("the game", LONG, || client.view().is_some());
    host.close();
    wait_until("the client told", LONG, || {
        client.status() == ClientStatus::Closed(CloseReason::HostGone)
    });
}
