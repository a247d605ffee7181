//! Play online, through the screens: a host's lobby, a friend joining with the code in a
//! second app, a turn played across the two, and the words of it all in Chinese. Every
//! connection stays on the loopback address.

use crate::app_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::online::Session;
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::ToAct;
use std::net::{IpAddr, Ipv4Addr};

pub(crate) fn online_app() -> Harness<'static, NoctilucaApp> {
    harness(online_app_state(None))
}

/// The app on Play online, its data (the rejoin token, a hosted game's save) in `data` if
/// given.
pub(crate) fn online_app_state(data: Option<&std::path::Path>) -> NoctilucaApp {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Online);
    if let Some(dir) = data {
        app.online = noctiluca::app::online::OnlineScreen::new(Some(dir.to_path_buf()));
    }
    app.online.play.animate = false;
    // Tests listen on the loopback address only, on a port the system picks.
    app.online.host_form.bind_ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
    app.online.host_form.port = "0".into();
    // A game of a known seed, each run the same: a seed drawn at random had given, now and
    // then, a game in which no die was ever passed.
    app.online.host_form.seed = Some(0x5EED_0001);
    app
}

/// Draws frames of both apps (the host and its friends work on their own threads) until
/// `done` holds; a bounded wait that names what it waited for.
pub(crate) fn wait_both(
    a: &mut Harness<'_, NoctilucaApp>,
    b: &mut Harness<'_, NoctilucaApp>,
    what: &str,
    done: impl Fn(&NoctilucaApp, &NoctilucaApp) -> bool,
) {
    for _ in 0..2_000 {
        if done(a.state(), b.state()) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        a.step();
        b.step();
    }
    panic!("waited 10 s for {what}");
}

/// Bea, in app `b`, joins the lobby app `a` hosts with `code`, and the host sees her there.
pub(crate) fn bea_joins(
    a: &mut Harness<'static, NoctilucaApp>,
    b: &mut Harness<'static, NoctilucaApp>,
    code: &str,
) {
    replace(b, "Invite code", code);
    replace(b, "Your name for the others", "Bea");
    click(b, "Join");
    // Both sides know it: the host sees her name, and her app the host's lobby (it could
    // still say it was connecting).
    wait_both(a, b, "Bea in the host's lobby", |a, b| {
        let seen = match &a.online.session {
            Some(Session::Hosting { host, .. }) => host.lobby().seats[1].name.is_some(),
            _ => false,
        };
        let in_lobby = match &b.online.session {
            Some(Session::Joined { client }) => {
                client.status() == noctiluca::net::ClientStatus::InLobby
            }
            _ => false,
        };
        seen && in_lobby
    });
}

/// Ann hosts a lobby in app `a`, and Bea joins it from app `b`.
fn ann_and_bea_in_the_lobby() -> (
    Harness<'static, NoctilucaApp>,
    Harness<'static, NoctilucaApp>,
) {
    let mut a = online_app();
    let mut b = online_app();
    replace(&mut a, "Your name as the host", "Ann");
    click(&mut a, "Open the lobby");
    let code = invite(&a);
    bea_joins(&mut a, &mut b, &code);
    (a, b)
}

/// Ann hosts in app `a`, Bea joins in app `b`, and the game starts on both tables.
pub(crate) fn ann_and_bea_at_the_table() -> (
    Harness<'static, NoctilucaApp>,
    Harness<'static, NoctilucaApp>,
) {
    let (mut a, mut b) = ann_and_bea_in_the_lobby();
    a.run();
    click(&mut a, "Start the game");
    wait_both(&mut a, &mut b, "the game on both tables", |a, b| {
        a.online.in_game() && b.online.in_game()
    });
    (a, b)
}

pub(crate) fn invite(h: &Harness<'_, NoctilucaApp>) -> String {
    match &h.state().online.session {
        Some(Session::Hosting { host, .. }) => host.invites()[0].code.clone(),
        _ => panic!("not hosting"),
    }
}

#[test]
fn a_friend_joins_by_code_and_a_turn_is_played_across_two_apps() {
    let mut a = online_app();
    let mut b = online_app();
    replace(&mut a, "Your name as the host", "Ann");
    // The host is told what the wait for a dropped player leads to.
    assert_shows(&a, "Once it is over, you may let an AI play the seat;");
    click(&mut a, "Open the lobby");
    assert_shows(&a, "Your lobby");
    assert_shows(&a, "not joined yet");
    // Copying a code says so on its button, and what follows it stays put.
    let ai_at = |a: &Harness<'_, NoctilucaApp>| a.get_by_label("Let an AI take this seat").rect();
    let before = ai_at(&a);
    click(&mut a, "Copy");
    assert_shows(&a, "Copied");
    assert_eq!(ai_at(&a), before, "the row moved");
    assert!(
        a.query_by_label("Copy").is_none(),
        "the button says it was copied"
    );
    // Nobody can start before the friend is there.
    assert!(
        a.get_by_label("Start the game")
            .accesskit_node()
            .is_disabled()
    );
    let code = invite(&a);
    assert!(code.starts_with("127.0.0.1:"), "{code}");

    assert_shows(&a, "Waiting for friends on port");
    bea_joins(&mut a, &mut b, &code);
    a.run();
    b.run();
    assert_shows(&a, "Bea");
    // Nobody is waited for any more.
    assert!(!shows(&a, "Waiting for friends"));
    assert_shows(&a, "every seat is taken");
    assert_shows(&b, "Waiting for the host to start the game.");
    assert_shows(&b, "You play seat 2.");

    click(&mut a, "Start the game");
    wait_both(&mut a, &mut b, "the game on both tables", |a, b| {
        a.online.in_game() && b.online.in_game()
    });
    a.run();
    b.run();
    // Each table is its own seat's, and the first decision (the jar draft) is everybody's.
    let ga = a.state().online.play.game.as_ref().unwrap();
    let gb = b.state().online.play.game.as_ref().unwrap();
    assert_eq!(ga.viewer, Some(0));
    assert_eq!(gb.viewer, Some(1));
    assert_eq!(ga.names(), vec!["Ann".to_string(), "Bea".to_string()]);
    assert_eq!(gb.names(), ga.names());

    // Play decisions on whichever table is asked until the host's log has moved on by one
    // decision of each app: what one table decides shows on the other.
    let mut decided = [0usize; 2];
    for _ in 0..200 {
        if decided[0] >= 1 && decided[1] >= 1 {
            break;
        }
        for (k, h) in [&mut a, &mut b].into_iter().enumerate() {
            let g = h.state().online.play.game.as_ref().unwrap();
            if let Some(seat) = g.human_to_act() {
                let legal = g.m.state.legal_actions();
                let v = g.online.as_ref().unwrap().view.as_ref().unwrap();
                // The table's stand-in offers exactly the host's legal decisions.
                assert_eq!(legal, v.legal, "seat {seat}");
                let action = legal[0];
                h.state_mut().online.play.act(action, 0.0);
                decided[k] += 1;
            }
        }
        wait_both(&mut a, &mut b, "the host to answer", |a, b| {
            [a, b].iter().all(|x| {
                x.online
                    .play
                    .game
                    .as_ref()
                    .and_then(|g| g.online.as_ref())
                    .is_some_and(|o| !o.sent)
            })
        });
    }
    assert!(decided[0] >= 1 && decided[1] >= 1, "{decided:?}");
    // Both tables show the same public table.
    wait_both(&mut a, &mut b, "the same step on both", |a, b| {
        let step = |x: &NoctilucaApp| {
            x.online
                .play
                .game
                .as_ref()
                .and_then(|g| g.online.as_ref()?.view.as_ref().map(|v| v.step))
        };
        step(a) == step(b)
    });
    let ga = a.state().online.play.game.as_ref().unwrap();
    let gb = b.state().online.play.game.as_ref().unwrap();
    let (va, vb) = (
        ga.online.as_ref().unwrap().view.as_ref().unwrap(),
        gb.online.as_ref().unwrap().view.as_ref().unwrap(),
    );
    assert_eq!(va.observation.table, vb.observation.table);
    assert_eq!(va.observation.own.unwrap().seat, 0);
    assert_eq!(vb.observation.own.unwrap().seat, 1);
    // Whose turn it is shows on both tables.
    if let ToAct::Seat(s) = va.to_act {
        let name = ["Ann", "Bea"][s as usize];
        let (waiting, me) = if s == 0 {
            (&mut b, &mut a)
        } else {
            (&mut a, &mut b)
        };
        waiting.run();
        me.run();
        assert_shows(waiting, &format!("Waiting for {name}"));
        assert_shows(me, "Your turn.");
        // Each table is one person's: the one waiting still sees their own favourite, and
        // neither sees the other's.
        let other = ["Ann", "Bea"][1 - s as usize];
        assert_shows(waiting, &format!("Favourite of {other}"));
        assert_shows(me, &format!("Favourite of {name}"));
        assert!(!shows(waiting, &format!("Favourite of {name}")));
        assert!(!shows(me, &format!("Favourite of {other}")));
    }

    // The friend leaves (asked once more, the keyboard on the safe answer): the host's table
    // says so, and the seat waits for them.
    click(&mut b, "Leave");
    assert_shows(&b, "Leave the game? Your seat waits for you");
    assert!(b.get_by_label("Keep playing").is_focused());
    click(&mut b, "Keep playing");
    assert!(b.state().online.in_game(), "still at the table");
    click(&mut b, "Leave");
    click(&mut b, "Leave it");
    wait_both(&mut a, &mut b, "the host to see Bea go", |a, _| {
        a.online
            .play
            .game
            .as_ref()
            .and_then(|g| g.online.as_ref()?.view.as_ref())
            .is_some_and(|v| !matches!(v.connections[1], noctiluca::net::Connection::Connected))
    });
    a.run();
    assert_shows(&a, "Bea left the table.");
    // Bea comes back with the token her app kept.
    assert!(b.state().online.rejoin.is_some());
    click(&mut b, "Rejoin that game");
    wait_both(&mut a, &mut b, "Bea back at her table", |_, b| {
        b.online.in_game()
    });
    let gb = b.state().online.play.game.as_ref().unwrap();
    assert_eq!(gb.viewer, Some(1));
}

/// Port 0 with an address for friends: the system picks a free port, and the invite codes
/// name that port, not 0.
#[test]
fn the_invite_names_the_port_the_system_gave() {
    let mut a = online_app();
    replace(&mut a, "Address for friends", "127.0.0.1");
    click(&mut a, "Open the lobby");
    let code = invite(&a);
    let (address, _) = noctiluca::net::token::parse_code(&code).unwrap();
    let port = match &a.state().online.session {
        Some(Session::Hosting { host, .. }) => host.address().port(),
        _ => panic!("hosting"),
    };
    assert_ne!(port, 0);
    assert_eq!(address, format!("127.0.0.1:{port}"), "{code}");
}

#[test]
fn a_code_that_is_not_one_is_explained() {
    let mut h = online_app();
    // No code at all: asked for, before the name.
    click(&mut h, "Join");
    assert_shows(&h, "Type or paste the invite code the host gave you.");
    // The keyboard goes to the field to fill (it had been left on nothing).
    assert!(h.get_by_label("Invite code").is_focused());
    replace(&mut h, "Invite code", "hello there");
    replace(&mut h, "Your name for the others", "Bea");
    click(&mut h, "Join");
    wait_until(&mut h, "the refusal", |h| {
        h.state().online.message.is_some()
    });
    h.run();
    assert_shows(&h, "That is not an invite code");
    // Said above the form, the code kept and the keyboard on it, to mend there (a page of
    // its own had needed Back first).
    assert!(h.query_by_label("Back").is_none());
    assert!(h.get_by_label("Invite code").is_focused());
    assert_eq!(h.state().online.join_form.code, "hello there");
    // Typed into, the field keeps the keyboard as the refusal above it goes (the form moved
    // up, and the letters typed after the first were lost).
    // The form stays where it was (moved up, a click meant for the name field joined).
    let join = h.get_by_label("Join").rect();
    h.get_by_label("Invite code").type_text("!");
    h.run();
    assert!(!shows(&h, "That is not an invite code"));
    assert_eq!(h.get_by_label("Join").rect(), join);
    assert!(h.get_by_label("Invite code").is_focused());
    h.get_by_label("Invite code").type_text("?");
    h.run();
    assert_eq!(h.state().online.join_form.code, "hello there!?");
    // A code of the right form for a host that is not there.
    let nobody = format!("127.0.0.1:9/{}", "a".repeat(26));
    replace(&mut h, "Invite code", &nobody);
    // The refusal goes as the code it was about is edited (it had stayed over the new one).
    assert!(!shows(&h, "That is not an invite code"));
    click(&mut h, "Join");
    wait_until(&mut h, "the failure", |h| {
        h.state()
            .online
            .message
            .as_deref()
            .is_some_and(|m| m.contains("could not be reached"))
    });
    h.run();
    assert!(h.get_by_label("Invite code").is_focused());
}

#[test]
fn the_online_screens_are_in_chinese() {
    let mut h = online_app();
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    assert_translated(&h, "the online start page", &[]);
    h.state_mut().online.host_form.players = 4;
    h.state_mut().online.host_form.others[2] = noctiluca::app::online::SeatChoice::Bot(2);
    h.run();
    assert_translated(&h, "the host form for four", &[]);
    click(&mut h, "開啟大廳");
    // The invite codes are random letters and digits, not English.
    let codes: Vec<String> = match &h.state().online.session {
        Some(Session::Hosting { host, .. }) => host.invites().into_iter().map(|i| i.code).collect(),
        _ => panic!("not hosting"),
    };
    let words: Vec<&str> = codes
        .iter()
        .flat_map(|c| c.split(|ch: char| !ch.is_ascii_alphabetic()))
        .collect();
    assert_translated(&h, "the host's lobby", &words);
    assert!(h.state().online.session.is_some());
    h.state_mut().online.leave();
    h.run();
    assert_translated(&h, "the start page after closing", &[]);
}

fn type_text(h: &mut Harness<'_, NoctilucaApp>, text: &str) {
    h.event(eframe::egui::Event::Text(text.into()));
    h.run();
}

#[test]
fn hosting_and_joining_by_keyboard_alone() {
    use eframe::egui::Key;
    let mut a = online_app();
    tab_to(&mut a, "Your name as the host", 40);
    type_text(&mut a, "Ann");
    tab_to(&mut a, "3 players", 40);
    press(&mut a, Key::Space);
    tab_to(&mut a, "Seat 3: AI normal", 40);
    press(&mut a, Key::Space);
    tab_to(&mut a, "Open the lobby", 60);
    press(&mut a, Key::Enter);
    assert_shows(&a, "Your lobby");
    let plans = match &a.state().online.session {
        Some(Session::Hosting { host, .. }) => host.lobby().seats,
        _ => panic!("not hosting"),
    };
    assert_eq!(plans.len(), 3);
    assert_eq!(
        plans[2].plan,
        noctiluca::net::SeatPlan::Bot("normal".into())
    );
    assert_eq!(plans[0].name.as_deref(), Some("Ann"));
    let code = invite(&a);

    let mut b = online_app();
    tab_to(&mut b, "Invite code", 60);
    type_text(&mut b, &code);
    tab_to(&mut b, "Your name for the others", 10);
    type_text(&mut b, "Bea");
    // Enter in the name field, the form's last, joins (it only left the field).
    press(&mut b, Key::Enter);
    wait_both(
        &mut a,
        &mut b,
        "Bea seated",
        |_, b| matches!(&b.online.session, Some(Session::Joined { client }) if client.seat() == Some(1)),
    );
}

/// Ann hosts a game against an Easy AI, started at once (no friend to wait for).
fn hosted_against_an_ai() -> Harness<'static, NoctilucaApp> {
    hosted_against_an_ai_by("Ann")
}

/// `host` hosts a game against an Easy AI, started at once.
fn hosted_against_an_ai_by(host: &str) -> Harness<'static, NoctilucaApp> {
    let mut h = online_app();
    h.state_mut().online.host_form.others[0] = noctiluca::app::online::SeatChoice::Bot(1);
    replace(&mut h, "Your name as the host", host);
    click(&mut h, "Open the lobby");
    click(&mut h, "Start the game");
    h
}

/// In the lobby an AI's seat is named as the table will name it, its level said once.
#[test]
fn the_lobby_names_an_ai_seat_as_the_table_does() {
    let mut h = online_app();
    h.state_mut().online.host_form.others[0] = noctiluca::app::online::SeatChoice::Bot(1);
    click(&mut h, "Open the lobby");
    // "AI Easy", as at the table (the lobby said "Player 2"), the level said once.
    assert!(!shows(&h, "Player 2"));
    let level = h.query_all_by_label_contains("AI Easy").count();
    assert_eq!(level, 1, "the level said once");
    assert_shows(&h, "■ AI seat");
}

/// Plays the host's first legal action whenever it is to decide, frame after frame, until
/// `done` holds for the table (at most `frames` frames).
fn play_online_until(
    h: &mut Harness<'static, NoctilucaApp>,
    frames: usize,
    done: impl Fn(&noctiluca::app::game::Game) -> bool,
) {
    for _ in 0..frames {
        if h.state().online.play.game.as_ref().is_some_and(&done) {
            return;
        }
        let act = h.state().online.play.game.as_ref().and_then(|g| {
            g.human_to_act()?;
            Some(g.m.state.legal_actions()[0])
        });
        if let Some(a) = act {
            h.state_mut().online.play.act(a, 0.0);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.step();
    }
}

#[test]
fn a_hosted_game_against_an_ai_is_played_to_the_end_screen() {
    let mut h = hosted_against_an_ai();
    play_online_until(&mut h, 100_000, |g| {
        g.online.as_ref().is_some_and(|o| o.finished)
    });
    let g = h.state().online.play.game.as_ref().unwrap();
    assert!(g.online.as_ref().unwrap().finished, "the game did not end");
    // The match is now the host's whole game: it replays, and its score is the one shown.
    assert!(g.m.state.is_over());
    assert_eq!(g.m.record.replay().unwrap(), g.m.state);
    assert!(g.recorded, "the finished game goes to the history");
    h.run();
    assert_shows(&h, "Review the game");
    assert_shows(&h, "Ann");
}

#[test]
fn damaged_online_files_are_kept_aside_and_explained() {
    use noctiluca::app::online::{HOST_SAVE_FILE, OnlineScreen, REJOIN_FILE};
    let dir = scratch("online-damaged");
    std::fs::write(dir.join(REJOIN_FILE), "not a token at all (").unwrap();
    std::fs::write(dir.join(HOST_SAVE_FILE), b"\x00\x01 binary").unwrap();
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Online);
    app.online = OnlineScreen::new(Some(dir.clone()));
    let mut h = harness(app);
    h.run();
    assert_shows(&h, "The token to rejoin an online game could not be read");
    assert_shows(&h, "The saved online game could not be read");
    // Nothing is offered from them, and both files are kept, byte for byte, beside.
    assert!(h.state().online.rejoin.is_none());
    assert!(h.state().online.resumable.is_none());
    for (file, bytes) in [
        (REJOIN_FILE, b"not a token at all (".to_vec()),
        (HOST_SAVE_FILE, b"\x00\x01 binary".to_vec()),
    ] {
        let copies = kept(&dir.join(file));
        assert_eq!(copies.len(), 1, "{file}");
        assert_eq!(std::fs::read(&copies[0]).unwrap(), bytes);
        assert!(!dir.join(file).exists());
    }
    for left in [1, 0] {
        h.query_all_by_label("Dismiss").next().unwrap().click();
        h.run();
        assert_eq!(h.state().online.notices.len(), left);
    }
}

#[test]
fn the_lobby_lists_the_connections_it_refused() {
    let mut h = online_app();
    replace(&mut h, "Your name as the host", "Ann");
    click(&mut h, "Open the lobby");
    let code = match &h.state().online.session {
        Some(Session::Hosting { host, .. }) => host.invites()[0].code.clone(),
        _ => panic!("no lobby"),
    };
    // Someone tries the address with a code of no seat.
    let (address, _) = noctiluca::net::token::parse_code(&code).unwrap();
    let wrong = format!("{address}/{}", noctiluca::net::token::new_token());
    let start = |h: &Harness<'_, NoctilucaApp>| {
        let node = h.get_by_label("Start the game");
        node.accesskit_node().bounding_box().unwrap().y0
    };
    let before = start(&h);
    let _stranger = noctiluca::net::Client::join(&wrong, "stranger");
    wait_until(&mut h, "the refusal listed", |h| {
        shows(h, "A connection without a seat was refused")
    });
    // Said under Start the game, which stays where the host is reaching for it.
    assert_eq!(start(&h), before);
    // In the host's words: nothing to "ask the host" about.
    assert_shows(&h, "without a seat was refused: its code matches no seat");
    assert!(!shows(&h, "ask the host"));
    // Read, the notes can go (they stayed until the next event).
    click(&mut h, "Clear these notes");
    assert!(!shows(&h, "A connection without a seat was refused"));
    assert_eq!(start(&h), before);
    // The seat is still open for the friend with the right code.
    let friend = noctiluca::net::Client::join(&code, "Bea");
    wait_until(&mut h, "Bea seated", |_| {
        friend.status() == noctiluca::net::ClientStatus::InLobby
    });
}

#[test]
fn the_online_table_fits_the_window() {
    // A long name, which has to wrap in its card.
    let mut h = hosted_against_an_ai_by("Bartholomew the Long-Named of Noctiluca");
    // Into the game, past the draft, with notes in the strip (however long the AI takes on a
    // busy machine).
    let ready = |g: &noctiluca::app::game::Game| g.m.state.started && g.human_to_act().is_some();
    play_online_until(&mut h, 100_000, ready);
    assert!(
        h.state().online.play.game.as_ref().is_some_and(ready),
        "the first turn never came"
    );
    for _ in 0..5 {
        h.step();
    }
    // Each seat's card ("Delivered 0 · tokens none", or more once the AI, playing first,
    // has delivered a jar on its first turn).
    let seats: Vec<_> = h
        .query_all_by_label_contains("Delivered ")
        .filter(|n| {
            let node = n.accesskit_node();
            node.label()
                .or_else(|| node.value())
                .is_some_and(|l| l.contains(" · tokens"))
        })
        .map(|n| n.accesskit_node().bounding_box().unwrap())
        .collect();
    assert_eq!(seats.len(), 2);
    for r in &seats {
        // Inside the screen's 16-point margin, where the window clips.
        assert!(r.x1 <= 1265.0, "a seat's card runs past the window: {r:?}");
    }
    let outside = h
        .query_all_by(|_| true)
        .filter_map(|n| {
            let node = n.accesskit_node();
            let b = node.bounding_box()?;
            (b.x1 > 1265.0 && b.width() >= 1.0).then(|| format!("{:?} {b:?}", node.label()))
        })
        .collect::<Vec<_>>();
    assert!(outside.is_empty(), "past the window: {outside:?}");
    // The AI's seat is named for its level, as the history names it: not by the level's key,
    // which the host sends as its name. It reads the same on its card as in the lobby and the
    // strip.
    let g = h.state().online.play.game.as_ref().unwrap();
    assert_eq!(g.name(1), "AI Easy");
    assert!(h.query_by_label("easy").is_none());
    assert!(h.query_by_label("AI Easy").is_some());
    assert!(h.query_by_label_contains("AI easy").is_none());
    // The strip says the level once ("AI Easy ■ AI Easy" had said it twice).
    assert!(h.query_by_label("AI Easy ■ AI seat").is_some());
    assert!(h.query_by_label_contains("■ AI Easy").is_none());
}

#[test]
fn a_new_lobby_asks_before_it_replaces_a_saved_game() {
    let mut h = online_app();
    // A game hosted earlier was saved when it closed.
    h.state_mut().online.resumable = Some(vec![
        noctiluca::net::SeatPlan::Local,
        noctiluca::net::SeatPlan::Remote,
    ]);
    h.run();
    assert_shows(&h, "A game you hosted for 2 seats was saved");
    click(&mut h, "Open the lobby");
    assert!(h.state().online.session.is_none(), "not on the first press");
    assert_shows(&h, "Opening a new lobby replaces this saved game.");
    click(&mut h, "Open the lobby");
    assert!(matches!(
        &h.state().online.session,
        Some(Session::Hosting { .. })
    ));
}

/// A seat kept from an online game the app left (a crash, a lost connection) is offered on
/// the home screen, and taken back from there.
#[test]
fn home_offers_to_rejoin_a_kept_seat() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.online.rejoin = Some(noctiluca::net::Rejoin {
        address: "127.0.0.1:9".into(),
        seat: 1,
        token: noctiluca::net::token::new_token(),
    });
    let mut h = harness(app);
    let offer = "Rejoin your online game: seat 2, at 127.0.0.1:9";
    assert_shows(&h, offer);
    click(&mut h, offer);
    assert_eq!(h.state().current, ScreenKind::Online);
    assert!(matches!(
        &h.state().online.session,
        Some(Session::Joined { .. })
    ));
}

/// The name a person hosted or joined with is kept with the settings and offered in both
/// forms next time; a name typed in by then is not replaced.
#[test]
fn the_name_used_online_is_offered_next_time() {
    let h = hosted_against_an_ai_by("Ann");
    assert_eq!(h.state().shared.settings.player_name, "Ann");
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Online);
    app.shared.settings.player_name = "Ann".into();
    app.online.join_form.name = "Bea".into();
    let mut next = harness(app);
    next.run();
    assert_eq!(next.state().online.host_form.name, "Ann");
    assert_eq!(next.state().online.join_form.name, "Bea");
    // Kept in the settings file, and read back.
    let scratch_dir = scratch("online-name");
    let file = scratch_dir.join("settings.ron");
    noctiluca::app::settings::write_settings_file(&file, &h.state().shared.settings).unwrap();
    let back = noctiluca::app::startup_settings(Some(&file), None).settings;
    assert_eq!(back.player_name, "Ann");
}

/// A friend waiting in a lobby the host closed is told, with Rejoin beside it: the host may
/// open it again (its seats and codes kept).
#[test]
fn a_friend_in_a_closed_lobby_is_offered_to_rejoin() {
    let (mut a, mut b) = ann_and_bea_in_the_lobby();
    wait_both(&mut a, &mut b, "Bea seated", |_, b| {
        b.online.rejoin.is_some()
    });
    a.run();
    click(&mut a, "Close the lobby");
    wait_both(&mut a, &mut b, "Bea told", |_, b| {
        b.online.message.is_some()
    });
    b.run();
    assert!(!b.state().online.in_game());
    assert_shows(&b, "The host closed the game.");
    assert_shows(
        &b,
        "Taking your seat back as soon as the host's game is open again",
    );
    click(&mut b, "Stop trying");
    click(&mut b, "Rejoin");
    assert!(matches!(
        &b.state().online.session,
        Some(Session::Joined { .. })
    ));
}

/// The host sees how long a friend who dropped out is still waited for before an AI may take
/// the seat.
#[test]
fn the_host_sees_how_long_a_dropped_seat_is_waited_for() {
    let (mut a, b) = ann_and_bea_at_the_table();
    drop(b);
    let waiting = |a: &NoctilucaApp| {
        let Some(Session::Hosting { host, .. }) = &a.online.session else {
            return None;
        };
        host.grace_left(1)
    };
    for _ in 0..2_000 {
        if waiting(a.state()).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        a.step();
    }
    let left = waiting(a.state()).expect("Bea's seat waits for her");
    let grace = a.state().online.host_form.grace_secs as u64;
    assert!(left.as_secs() < grace, "{left:?} of {grace} s");
    a.step();
    assert!(shows(&a, "(an AI may take the seat in "));
}

/// What the page said of a failed attempt (a port in use) is gone on coming back to it.
#[test]
fn a_failed_attempt_is_not_said_again_on_coming_back() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let mut a = online_app();
    a.state_mut().online.host_form.port = taken.local_addr().unwrap().port().to_string();
    replace(&mut a, "Your name as the host", "Ann");
    click(&mut a, "Open the lobby");
    assert!(
        a.state().online.message.is_some(),
        "the port in use is said"
    );
    click(&mut a, "← Home");
    click(&mut a, "Play online");
    assert_eq!(a.state().online.message, None);
}

/// The lobby at the largest text size in a 1024-pixel window: each invite's row wraps, its
/// Copy button in the window (it ran off it, cut to "Cop").
#[test]
fn the_lobby_fits_a_small_window_at_the_largest_text() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Online);
    app.online.host_form.bind_ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
    app.online.host_form.port = "0".into();
    app.shared.settings.text_size = 200;
    let mut h = harness_sized(app, 1024.0, 700.0);
    h.run();
    click(&mut h, "Open the lobby");
    assert_shows(&h, "Your lobby");
    for label in ["Copy", "Let an AI take this seat"] {
        let b = h
            .get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap();
        assert!(b.x0 >= 0.0 && b.x1 <= 1024.0, "{label} at {b:?}");
    }
}

/// A friend's seat handed to an AI in the lobby is named as the table names it, "AI Normal"
/// (it was named "normal", the level's key).
#[test]
fn a_seat_handed_to_an_ai_in_the_lobby_is_named_as_at_the_table() {
    let mut h = online_app();
    click(&mut h, "Open the lobby");
    click(&mut h, "Let an AI take this seat");
    h.run();
    assert_shows(&h, "AI Normal");
    assert!(
        h.query_by_label("normal").is_none(),
        "the level's key shown"
    );
}

/// An AI let take a friend's seat in the lobby can be sent away before the game: the seat is
/// open again, Start waits for it, and the friend gets in with the same code (the choice could
/// not be undone).
#[test]
fn a_seat_handed_to_an_ai_in_the_lobby_can_be_given_back_to_a_friend() {
    let mut a = online_app();
    let mut b = online_app();
    replace(&mut a, "Your name as the host", "Ann");
    click(&mut a, "Open the lobby");
    let code = invite(&a);
    click(&mut a, "Let an AI take this seat");
    assert_shows(&a, "AI Normal");
    assert!(
        !a.get_by_label("Start the game")
            .accesskit_node()
            .is_disabled()
    );
    click(&mut a, "Keep the seat for a friend");
    assert!(!shows(&a, "AI Normal"));
    assert!(a.query_by_label("Keep the seat for a friend").is_none());
    assert!(
        a.get_by_label("Start the game")
            .accesskit_node()
            .is_disabled()
    );
    assert_shows(&a, "Let an AI take this seat");
    bea_joins(&mut a, &mut b, &code);
    a.run();
    assert_shows(&a, "Bea");
    assert!(
        !a.get_by_label("Start the game")
            .accesskit_node()
            .is_disabled()
    );
}

/// A game hosted here and closed is resumed from the home screen in one click: its entry opens
/// it again, on its port, at the table (it led to Play online, to press "Resume hosting it").
#[test]
fn home_resumes_a_game_hosted_here_in_one_click() {
    let dir = scratch("online-resume-home");
    let mut app = online_app_state(Some(&dir));
    app.online.host_form.others[0] = noctiluca::app::online::SeatChoice::Bot(1);
    let mut h = harness(app);
    replace(&mut h, "Your name as the host", "Ann");
    click(&mut h, "Open the lobby");
    click(&mut h, "Start the game");
    // A few of Ann's own decisions in (the host's log says; the table's own is whole at the
    // end).
    let ann_decided = |h: &Harness<'_, NoctilucaApp>| match &h.state().online.session {
        Some(Session::Hosting { host, .. }) => host.record().map_or(0, |r| {
            let ann = noctiluca::engine::Actor::Seat(0);
            r.actions.iter().filter(|e| e.by == ann).count()
        }),
        _ => 0,
    };
    for _ in 0..5_000 {
        if ann_decided(&h) >= 3 {
            break;
        }
        play_online_until(&mut h, 1, |_| false);
    }
    assert!(ann_decided(&h) >= 3, "Ann did not get to decide");
    let played = |h: &Harness<'_, NoctilucaApp>| match &h.state().online.session {
        Some(Session::Hosting { host, .. }) => host.record().map_or(0, |r| r.actions.len()),
        _ => 0,
    };
    let before = played(&h);
    h.state_mut().online.leave();
    assert!(
        h.state().online.resumable.is_some(),
        "the game was kept: {:?} {before}",
        std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect::<Vec<_>>()
    );
    h.state_mut().current = ScreenKind::Home;
    h.run();
    click(&mut h, "Resume the online game you hosted — 2 seats");
    assert_eq!(h.state().current, ScreenKind::Online);
    assert!(
        h.state().online.is_hosting(),
        "not resumed by the one click"
    );
    wait_until(&mut h, "the table of the resumed game", |h| {
        h.state().online.in_game()
    });
    assert!(played(&h) >= before, "{} of {before}", played(&h));
}

/// In a 1280-pixel window each seat's choices are one row, Expert beside Hard (it had wrapped
/// to a row of its own under every seat).
#[test]
fn each_seats_choices_are_one_row() {
    let mut h = online_app();
    h.state_mut().online.host_form.players = 4;
    h.run();
    for seat in 2..=4 {
        let top = |label: &str| h.get_by_label(label).rect().min.y;
        let friend = top(&format!("Seat {seat}: a friend"));
        let expert = top(&format!("Seat {seat}: AI expert"));
        assert_eq!(friend, expert, "seat {seat}: Expert on another row");
    }
}

/// The port and the address for friends a game was hosted with are offered the next time the
/// app runs (a forwarded port had to be typed again at every game).
#[test]
fn the_host_port_and_address_are_remembered() {
    let mut h = online_app();
    h.state_mut().online.host_form.address = "198.51.100.7".into();
    click(&mut h, "Open the lobby");
    assert_shows(&h, "Your lobby");
    let settings = h.state().shared.settings.clone();
    assert_eq!(settings.host_address, "198.51.100.7");
    assert_eq!(settings.host_port, "0");
    h.state_mut().online.leave();
    drop(h);
    // The settings as written and read back, in a new run of the app.
    let text = settings.to_ron();
    let read = noctiluca::app::settings::Settings::from_ron(&text).unwrap();
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Online);
    app.shared.settings = read;
    let mut h = harness(app);
    h.run();
    assert_eq!(h.state().online.host_form.port, "0");
    assert_eq!(h.state().online.host_form.address, "198.51.100.7");
}
