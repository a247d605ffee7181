//! Time at an online table: each screen counts the running time bank and a dropped
//! player's grace period down between the host's messages, and news leaves the strip after a
//! while. Every connection stays on the loopback address.

use crate::app_support::*;
use crate::online::online_app;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::NoctilucaApp;

/// A friend's table counts down between the host's messages: the time bank of the seat to
/// act, and how long a player who dropped out is still waited for.
#[test]
fn a_friend_sees_the_running_clock_and_a_dropped_seat_counted_down() {
    use noctiluca::net::{Client, ClockRule, Host, HostConfig, SeatPlan, default_components};
    use std::time::Duration;
    let host = Host::start(HostConfig {
        seats: vec![SeatPlan::Remote; 3],
        host_name: "Ann".into(),
        bind: "127.0.0.1:0".parse().unwrap(),
        advertise: None,
        seed: 8,
        components: default_components(),
        grace: Duration::from_secs(60),
        clock: Some(ClockRule {
            bank: Duration::from_secs(600),
            bot_on_timeout: "random".into(),
        }),
        autosave: None,
    })
    .unwrap();
    let invites = host.invites();
    let mut b = online_app();
    replace(&mut b, "Invite code", &invites[0].code);
    replace(&mut b, "Your name for the others", "Bea");
    click(&mut b, "Join");
    let others: Vec<Client> = invites[1..]
        .iter()
        .map(|i| Client::join(&i.code, "Cy"))
        .collect();
    let frames = |b: &mut Harness<'_, NoctilucaApp>,
                  what: &str,
                  done: &dyn Fn(&Harness<'_, NoctilucaApp>) -> bool| {
        for _ in 0..2_000 {
            if done(b) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
            b.step();
        }
        panic!("waited 10 s for {what}");
    };
    frames(&mut b, "everyone seated", &|_| {
        host.lobby().seats.iter().all(|s| s.name.is_some())
    });
    // A host with nobody at it (as `noctiluca serve`) starts by itself: not said to be waited
    // for.
    frames(&mut b, "the lobby full", &|b| {
        shows(b, "Every seat is taken: the game starts by itself.")
    });
    assert!(!shows(&b, "Waiting for the host to start the game."));
    // Half a minute in the lobby first: not counted off anyone's bank.
    for _ in 0..120 {
        b.step();
    }
    host.start_game().unwrap();
    frames(&mut b, "the game", &|b| b.state().online.in_game());
    let clocks: Vec<String> = b
        .query_all_by_label_contains(" · ")
        .filter_map(|n| n.accesskit_node().value())
        .filter(|l| l.contains("connected"))
        .collect();
    assert_eq!(clocks.len(), 3, "{clocks:?}");
    assert!(
        clocks
            .iter()
            .all(|l| l.ends_with(" · 10:00") || l.ends_with(" · 9:59")),
        "{clocks:?}"
    );
    // Nobody moves: each frame's quarter second comes off the running bank on Bea's screen.
    frames(&mut b, "the bank running down", &|b| shows(b, " · 9:4"));
    // Cy's second seat drops out (one seat only: a second drop would start its own wait).
    let mut others = others;
    drop(others.pop());
    frames(&mut b, "the wait said", &|b| {
        shows(b, "(an AI may take the seat in ")
    });
    let seconds = |b: &Harness<'_, NoctilucaApp>| -> u64 {
        let label = b
            .query_all_by_label_contains("(an AI may take the seat in ")
            .next()
            .unwrap()
            .accesskit_node()
            .value()
            .unwrap()
            .to_string();
        label
            .split_whitespace()
            .rev()
            .nth(1)
            .unwrap()
            .parse()
            .unwrap()
    };
    let at_first = seconds(&b);
    assert!(at_first <= 60, "{at_first}");
    // Counted down within a few frames; a news of the host's between them starts the count
    // from its own figure again, so the frames are bounded, not fixed.
    for _ in 0..200 {
        if seconds(&b) < at_first {
            break;
        }
        b.step();
    }
    assert!(seconds(&b) < at_first, "{at_first} then {}", seconds(&b));
}

/// News in the strip (who came back, who agreed to an undo) goes after half a minute: it had
/// stayed for the rest of the game, lines piling up and squeezing the board.
#[test]
fn news_at_an_online_table_goes_after_a_while() {
    let (mut a, _b) = crate::online::ann_and_bea_at_the_table();
    let now = a.ctx.input(|i| i.time);
    let online = a.state_mut().online.play.game.as_mut().unwrap();
    let online = online.online.as_mut().unwrap();
    online
        .notes
        .push((noctiluca::net::Note::Rejoined { seat: 1 }, now));
    a.run();
    assert_shows(&a, "Bea is back.");
    // A frame is a quarter of a second here: 25 s on, still there; 31 s on, gone.
    for _ in 0..100 {
        a.step();
    }
    assert_shows(&a, "Bea is back.");
    for _ in 0..24 {
        a.step();
    }
    assert!(!shows(&a, "Bea is back."));
}

/// News coming and going does not move the board: the strip keeps one line for it, with
/// the newest said and the others counted (each line had pushed the board down, and taken
/// it back up half a minute later, under the player's pointer).
#[test]
fn news_coming_and_going_does_not_move_the_board() {
    let (mut a, _b) = crate::online::ann_and_bea_at_the_table();
    let shore = |a: &Harness<'_, NoctilucaApp>| {
        a.query_all_by_label_contains("Shore ")
            .next()
            .expect("a shore on the board")
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let before = shore(&a);
    fn tell(a: &mut Harness<'_, NoctilucaApp>, note: noctiluca::net::Note) {
        let now = a.ctx.input(|i| i.time);
        let game = a.state_mut().online.play.game.as_mut().unwrap();
        game.online.as_mut().unwrap().notes.push((note, now));
    }
    tell(&mut a, noctiluca::net::Note::Rejoined { seat: 1 });
    a.run();
    assert_shows(&a, "Bea is back.");
    assert_eq!(shore(&a), before);
    // Two more: the newest is said, the others counted and told to a screen reader.
    let said = |text: &str| noctiluca::net::Note::Said {
        seat: 1,
        text: text.into(),
    };
    tell(&mut a, said("hi"));
    a.run();
    // One earlier is one note, a chat message or not ("(and 1 earlier news)" had read
    // oddly, and "message" beside "Chat (1 new)" had counted a line saying who came back).
    assert!(shows(&a, "(and 1 earlier note)"));
    tell(&mut a, said("ready?"));
    a.run();
    assert_shows(&a, "Bea: ready?");
    assert!(!shows(&a, "Bea: hi"));
    let more = a.get_by_label("(and 2 earlier notes)");
    let told = more.accesskit_node().description().unwrap_or_default();
    assert!(
        told.contains("Bea: hi") && told.contains("Bea is back."),
        "{told}"
    );
    assert_eq!(shore(&a), before);
    // Many more at once: every one is counted (the count had stopped at two), the latest
    // few said. (One frame: `run` draws until nothing waits, and news waits half a minute.)
    for i in 1..=6 {
        tell(&mut a, said(&format!("m{i}")));
    }
    a.step();
    assert_shows(&a, "Bea: m6");
    let more = a.get_by_label("(and 8 earlier notes)");
    let told = more.accesskit_node().description().unwrap_or_default();
    assert!(told.starts_with("Bea: m5; "), "{told}");
    assert_eq!(told.matches("; ").count(), 4, "five said: {told}");
    assert_eq!(shore(&a), before);
    // A very long newest item is cut short, and the count keeps its place in the window.
    tell(&mut a, said(&"a long message ".repeat(40)));
    a.step();
    let window = a.ctx.content_rect();
    let more = a.get_by_label("(and 9 earlier notes)");
    let at = more.accesskit_node().bounding_box().unwrap();
    assert!(
        at.x1 <= window.max.x as f64 && at.x0 > window.min.x as f64,
        "{at:?} in {window:?}"
    );
    assert_eq!(shore(&a), before);
    // Half a minute on, the news has gone and the board is where it was.
    for _ in 0..124 {
        a.step();
    }
    assert!(!shows(&a, "Bea: m6"));
    assert_eq!(shore(&a), before);
}

/// Choosing a clock for the game does not move the host's fields below it: a line came in
/// with it, and a click aimed at the address landed there.
#[test]
fn choosing_a_clock_moves_nothing_below_it() {
    let mut a = online_app();
    let address = |a: &Harness<'_, NoctilucaApp>| {
        a.get_by_label("Address for friends")
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let before = address(&a);
    click(&mut a, "Time bank per player: 5 min");
    assert_shows(&a, "their time stands still");
    assert_eq!(address(&a), before);
}

/// Messages read in the chat are no longer counted among the news once it is closed: the
/// line had said "(and 6 earlier messages)" with one unread.
#[test]
fn messages_read_in_the_chat_are_not_counted_as_news() {
    let (mut a, _b) = crate::online::ann_and_bea_at_the_table();
    let tell = |a: &mut Harness<'_, NoctilucaApp>, text: &str| {
        let now = a.ctx.input(|i| i.time);
        let game = a.state_mut().online.play.game.as_mut().unwrap();
        let o = game.online.as_mut().unwrap();
        o.notes.push((
            noctiluca::net::Note::Said {
                seat: 1,
                text: text.into(),
            },
            now,
        ));
    };
    tell(&mut a, "one");
    tell(&mut a, "two");
    a.step();
    assert!(shows(&a, "(and 1 earlier note)"));
    // Read in the chat, which is then closed.
    click(&mut a, "Chat");
    click(&mut a, "Chat");
    tell(&mut a, "three");
    a.step();
    assert_shows(&a, "Bea: three");
    assert!(!shows(&a, "earlier note"), "read messages counted as news");
}
