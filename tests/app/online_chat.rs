//! Talking across an online table: the chat (a friend's message reaches the host's table,
//! counted on the button while the chat is hidden and said among the news; sent by keyboard
//! alone; read by a screen reader as it comes), a request to take back (by Ctrl+Z too)
//! withdrawn, and a line said at the table gone once play goes on.

use crate::app_support::*;
use crate::online::{ann_and_bea_at_the_table, wait_both};
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::NoctilucaApp;

/// The chat messages an app's online table holds, as (seat, text).
fn chat(x: &NoctilucaApp) -> Vec<(u8, String)> {
    x.online
        .play
        .game
        .as_ref()
        .and_then(|g| g.online.as_ref())
        .map_or_else(Vec::new, |o| o.chat.clone())
}

/// The host's last view at an app's online table.
fn view(x: &NoctilucaApp) -> Option<&noctiluca::net::SeatView> {
    x.online.play.game.as_ref()?.online.as_ref()?.view.as_ref()
}

/// `from` sends `text` with the Send button; both tables then hold `count` messages.
fn send(
    from: &mut egui_kittest::Harness<'static, NoctilucaApp>,
    other: &mut egui_kittest::Harness<'static, NoctilucaApp>,
    text: &str,
    count: usize,
) {
    replace(from, "Chat message", text);
    click(from, "Send");
    wait_both(from, other, "the message at both tables", |a, b| {
        chat(a).len() == count && chat(b).len() == count
    });
    from.run();
    other.run();
}

#[test]
fn a_message_goes_round_the_table_and_is_counted_until_read() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    // Bea opens the chat, which has nothing yet, and says something by keyboard alone.
    click(&mut b, "Chat");
    assert_shows(&b, "No messages yet.");
    let field_at = |b: &egui_kittest::Harness<'_, NoctilucaApp>| {
        b.get_by_label("Chat message")
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let empty = field_at(&b);
    // Opened, its field has the keyboard (it had to be clicked first).
    assert!(b.get_by_label("Chat message").is_focused());
    b.get_by_label("Chat message").type_text("good luck, Ann!");
    b.run();
    press(&mut b, egui::Key::Enter);
    wait_both(&mut a, &mut b, "the message at both tables", |a, b| {
        chat(a).len() == 1 && chat(b).len() == 1
    });
    a.run();
    b.run();
    assert_eq!(chat(a.state()), [(1, "good luck, Ann!".to_string())]);
    // Sent and shown at Bea's table; the field is empty, and still has the keyboard.
    assert_shows(&b, "Bea: good luck, Ann!");
    assert_eq!(b.get_by_label("Chat message").value().as_deref(), Some(""));
    assert!(b.get_by_label("Chat message").is_focused());
    // Ann's chat is hidden: the button counts it, the news says it, and a screen reader is
    // told (the live region holds it).
    assert_shows(&a, "Chat (1 new)");
    assert_shows(&a, "Bea: good luck, Ann!");
    let live = a
        .query_all_by_label_contains("Bea: good luck, Ann!")
        .any(|n| n.accesskit_node().live() == egui::accesskit::Live::Polite);
    assert!(live, "no live region says the message");
    // Read: the count goes, and Ann answers with the button.
    click(&mut a, "Chat (1 new)");
    assert!(a.query_by_label("Chat (1 new)").is_none());
    send(&mut a, &mut b, "thanks", 2);
    assert_shows(&b, "Ann: thanks");
    // Bea's chat is open: nothing is counted for her.
    assert!(b.query_by_label_contains("new)").is_none());
    // Three messages take the same room as "No messages yet": the field has not moved (each
    // message coming in pushed it down a line).
    send(&mut b, &mut a, "see you", 3);
    assert_eq!(field_at(&b), empty);
}

/// A request to take back a decision that nobody answers can be withdrawn by the one who
/// asked (they were held at "Waiting for Bea to agree" until they played on).
#[test]
fn a_request_to_take_back_can_be_withdrawn() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    let request = |x: &NoctilucaApp| view(x).and_then(|v| v.undo_request.clone());
    let bea_to_act =
        |x: &NoctilucaApp| view(x).is_some_and(|v| v.to_act == noctiluca::engine::ToAct::Seat(1));
    // Before a decision of hers, Ann has nothing to take back: not offered (it was, and was
    // refused when pressed).
    a.run();
    let ask = |a: &egui_kittest::Harness<'_, NoctilucaApp>| {
        a.get_by_label("Ask to take back")
            .accesskit_node()
            .is_disabled()
    };
    assert!(ask(&a), "offered before any decision of Ann's");
    // Ctrl+Z, as Undo at one computer, asks; with nothing to take back, it says so (it had
    // done nothing and said nothing).
    let ctrl_z = |a: &mut egui_kittest::Harness<'_, NoctilucaApp>| {
        a.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        a.run();
    };
    ctrl_z(&mut a);
    assert_shows(&a, "Nothing of yours to take back yet");
    // Ann decides (Bea waits for her turn), until it is Bea's turn after one of Ann's.
    let mut ann_decided = false;
    for _ in 0..200 {
        if ann_decided && bea_to_act(a.state()) {
            break;
        }
        let act = a.state().online.play.game.as_ref().and_then(|g| {
            g.human_to_act()?;
            Some(g.m.state.legal_actions()[0])
        });
        if let Some(x) = act {
            a.state_mut().online.play.act(x, 0.0);
            ann_decided = true;
        } else if bea_to_act(b.state()) && !ann_decided {
            // Bea's turn first: she plays, and Ann's comes.
            let x = b
                .state()
                .online
                .play
                .game
                .as_ref()
                .unwrap()
                .m
                .state
                .legal_actions()[0];
            b.state_mut().online.play.act(x, 0.0);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        a.step();
        b.step();
    }
    assert!(
        ann_decided && bea_to_act(a.state()),
        "never Bea's turn after Ann's"
    );
    a.run();
    b.run();
    assert!(!ask(&a), "not offered after Ann's decision");
    // Where the board is, at both tables: the request comes in the news's line, not as a
    // row of its own above it (it moved the board under the pointer).
    let shore = |x: &egui_kittest::Harness<'_, NoctilucaApp>| {
        x.query_all_by_label_contains("S12")
            .next()
            .expect("shore S12")
            .rect()
    };
    let (board_a, board_b) = (shore(&a), shore(&b));
    ctrl_z(&mut a);
    wait_both(&mut a, &mut b, "the request at both tables", |a, b| {
        request(a).is_some() && request(b).is_some()
    });
    a.run();
    b.run();
    assert_shows(&a, "Waiting for Bea to agree");
    assert_shows(&b, "Ann asks to take back their last decision.");
    assert_eq!(shore(&a), board_a, "Ann's board moved");
    assert_eq!(shore(&b), board_b, "Bea's board moved");
    click(&mut a, "Withdraw the request");
    wait_both(&mut a, &mut b, "the request gone", |a, b| {
        request(a).is_none() && request(b).is_none()
    });
    b.run();
    assert_shows(&b, "Ann withdrew their request to take back.");
    assert!(a.query_by_label("Withdraw the request").is_none());
}

/// A line said at an online table (H's "no hints here", a move refused) goes once play goes
/// on, whoever plays: it stayed for the rest of the game, pushing the choices down. H while
/// another decides says it too (it did nothing).
#[test]
fn a_line_said_at_the_table_goes_once_play_goes_on() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    a.run();
    b.run();
    let decides = |x: &NoctilucaApp| {
        x.online
            .play
            .game
            .as_ref()
            .is_some_and(|g| g.human_to_act().is_some())
    };
    // H at the table of whoever decides: said.
    let (player, waiter) = if decides(a.state()) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    press(player, egui::Key::H);
    assert_shows(player, "No hints in a game played online.");
    // H at the other table, while the player decides: said there too (it did nothing), and
    // gone once the player has decided.
    press(waiter, egui::Key::H);
    assert_shows(waiter, "No hints in a game played online.");
    let step = view(waiter.state()).unwrap().step;
    let game = player.state().online.play.game.as_ref().unwrap();
    let x = game.m.state.legal_actions()[0];
    player.state_mut().online.play.act(x, 0.0);
    wait_both(player, waiter, "the next step", |_, w| {
        view(w).is_some_and(|v| v.step != step)
    });
    waiter.run();
    assert!(!shows(waiter, "No hints in a game played online."));
}

/// With the chat open above a four-seat table, the players' column scrolls as one, each card
/// whole above the log: the last seat's card had been cut to a sliver behind the log.
#[test]
fn with_the_chat_open_every_seat_card_is_whole() {
    let mut h = crate::online::online_app();
    {
        let form = &mut h.state_mut().online.host_form;
        form.players = 4;
        for s in &mut form.others {
            *s = noctiluca::app::online::SeatChoice::Bot(1);
        }
    }
    replace(&mut h, "Your name as the host", "Ann");
    click(&mut h, "Open the lobby");
    click(&mut h, "Start the game");
    h.run();
    click(&mut h, "Chat");
    h.run();
    assert_shows(&h, "No messages yet.");
    let log_top = h.get_by_label("Game log").rect().min.y;
    let cards: Vec<f32> = h
        .query_all_by_label_contains("Delivered ")
        .map(|n| n.rect().max.y)
        .collect();
    assert_eq!(cards.len(), 4);
    assert!(
        cards.iter().all(|&bottom| bottom <= log_top),
        "the cards end at {cards:?}, the log starts at {log_top}"
    );
}
