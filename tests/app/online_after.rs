//! Online play after and around a game: a table put up again mid-game, the end of a game,
//! playing again with the same seats, a friend elsewhere in the app, and the window closed
//! while a game is under way.

use crate::app_support::*;
use crate::online::{ann_and_bea_at_the_table, wait_both};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::{NoctilucaApp, ScreenKind};

/// The game on an app's online table: its number at the host, and whether it is over.
fn table_game(x: &NoctilucaApp) -> Option<(u32, bool)> {
    let g = x.online.play.game.as_ref()?;
    let v = g.online.as_ref()?.view.as_ref()?;
    Some((v.game, v.over.is_some()))
}

/// Plays the game on both tables to its end, each table deciding its own seat.
fn play_both_to_the_end(
    a: &mut Harness<'static, NoctilucaApp>,
    b: &mut Harness<'static, NoctilucaApp>,
) {
    let over = |x: &NoctilucaApp| table_game(x).is_some_and(|(_, over)| over);
    play_both_until(a, b, |a, b| over(a) && over(b));
    assert!(
        over(a.state()) && over(b.state()),
        "the game ended on both tables"
    );
}

/// Plays on both tables, each deciding its own seat, until `done` (or for a while).
fn play_both_until(
    a: &mut Harness<'static, NoctilucaApp>,
    b: &mut Harness<'static, NoctilucaApp>,
    done: impl Fn(&NoctilucaApp, &NoctilucaApp) -> bool,
) {
    let over =
        |x: &NoctilucaApp| (x.online.play.game.as_ref()).is_some_and(|g| g.m.state.is_over());
    // Bounded by the game's end rather than by a count of frames alone: on a busy machine
    // the moves cross the network more slowly, and 2,000 frames had ended before the first
    // die was passed.
    for _ in 0..30_000 {
        if done(a.state(), b.state()) || (over(a.state()) && over(b.state())) {
            break;
        }
        for h in [&mut *a, &mut *b] {
            let g = h.state().online.play.game.as_ref().unwrap();
            if g.human_to_act().is_some() && g.online.as_ref().is_some_and(|o| !o.sent) {
                let action = g.m.state.legal_actions()[0];
                h.state_mut().online.play.act(action, 0.0);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        a.step();
        b.step();
    }
}

/// A table put up afresh mid-game (a rejoin, a restarted app) shows the game as it stands:
/// round 2's start, long past, is not a banner on it.
#[test]
fn a_table_put_up_mid_game_shows_no_old_round_banner() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    let turn_two = |x: &NoctilucaApp| {
        x.online
            .play
            .game
            .as_ref()
            .is_some_and(|g| g.m.state.round == 2 && g.m.state.turn >= 1)
    };
    play_both_until(&mut a, &mut b, |a, b| turn_two(a) && turn_two(b));
    assert!(turn_two(b.state()), "round 2 under way");
    // As after a rejoin: the table is made again from the host's view.
    b.state_mut().online.play.game = None;
    b.run();
    let g = b
        .state()
        .online
        .play
        .game
        .as_ref()
        .expect("the table is back");
    assert_eq!(g.m.state.round, 2);
    assert!(g.notes.is_empty(), "{:?}", g.notes);
}

#[test]
fn after_a_game_has_ended_nobody_is_asked_to_rejoin_it() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    play_both_to_the_end(&mut a, &mut b);
    assert!(b.state().online.rejoin.is_some());
    // The host moves on: Bea is told the game is over, with no Rejoin, and the token goes.
    a.run();
    a.query_all_by_label("Close the game")
        .next()
        .expect("Close the game")
        .click();
    wait_both(&mut a, &mut b, "Bea told", |_, b| {
        b.online.message.is_some()
    });
    b.run();
    assert_shows(&b, "The game is over, and the host has closed it.");
    // As news, not as a warning.
    assert!(!shows(
        &b,
        &format!("{} The game is over", noctiluca::app::theme::WARNING_GLYPH)
    ));
    assert!(b.query_by_label("Rejoin").is_none());
    assert!(b.state().online.rejoin.is_none());
}

/// At the end the host plays again with the same seats: both tables move to the new game, and
/// the finished one is in each person's history as played online.
#[test]
fn the_host_plays_again_with_the_same_seats() {
    use noctiluca::history::{Filter, History, Mode};
    let (mut a, mut b) = ann_and_bea_at_the_table();
    let dirs = [scratch("online-again-a"), scratch("online-again-b")];
    let dbs = dirs.each_ref().map(|d| d.join(noctiluca::history::DB_FILE));
    for (h, db) in [&mut a, &mut b].into_iter().zip(&dbs) {
        h.state_mut().shared.recorder =
            noctiluca::app::history::Recorder::new(Some(db.to_path_buf()));
    }
    play_both_to_the_end(&mut a, &mut b);
    a.run();
    b.run();
    assert_eq!(table_game(a.state()), Some((1, true)));
    // Each window's review looks at its own seat only (the friend's draft, kept secret, had
    // been looked over in the other window).
    for (h, seat) in [(&a, 0), (&b, 1)] {
        let g = h.state().online.play.game.as_ref().unwrap();
        assert_eq!(g.viewer, Some(seat));
        assert_eq!(g.reviewed_seats(), vec![seat]);
    }
    assert_shows(
        &b,
        "The host can start another game with the same seats: it opens here. Or leave the table.",
    );
    assert!(b.query_by_label("Play again with the same seats").is_none());
    // Each side says the game was recorded, until the next one is under way.
    wait_both(&mut a, &mut b, "both recorded", |a, b| {
        a.history_notice.is_some() && b.history_notice.is_some()
    });
    a.run();
    assert_shows(&a, "Recorded in the history.");
    click(&mut a, "Play again with the same seats");
    wait_both(&mut a, &mut b, "the next game on both tables", |a, b| {
        table_game(a) == Some((2, false)) && table_game(b) == Some((2, false))
    });
    for h in [&mut a, &mut b] {
        h.run();
        let g = h.state().online.play.game.as_ref().unwrap();
        assert!(!g.m.state.is_over() && !g.recorded);
        assert!(h.query_by_label("The game is over").is_none());
        assert!(
            !shows(h, "Recorded in the history"),
            "the last game's note stays"
        );
    }
    // The first game, recorded on each side, as played online.
    for db in &dbs {
        let mut rows = Vec::new();
        for _ in 0..400 {
            rows = History::open(db)
                .and_then(|h| h.games(&Filter::default()))
                .unwrap_or_default();
            if !rows.is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(rows.len(), 1, "one game in {}", db.display());
        assert_eq!(rows[0].mode, Mode::Online);
    }
}

/// A friend who went elsewhere in the app after the game is not left behind: Home leads back
/// to the finished table, the next game the host starts is put on the table all the same,
/// and the top bar says so wherever the friend is, one click from the game.
#[test]
fn a_friend_away_from_the_table_sees_the_next_game_arrive() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    let dirs = [scratch("online-away-a"), scratch("online-away-b")];
    for (h, dir) in [&mut a, &mut b].into_iter().zip(&dirs) {
        h.state_mut().shared.recorder =
            noctiluca::app::history::Recorder::new(Some(dir.join(noctiluca::history::DB_FILE)));
    }
    play_both_to_the_end(&mut a, &mut b);
    wait_both(&mut a, &mut b, "both recorded", |a, b| {
        a.history_notice.is_some() && b.history_notice.is_some()
    });
    b.run();
    click(&mut b, "← Home");
    assert_eq!(b.state().current, ScreenKind::Home);
    assert_shows(&b, "Back to the online table — the game is over");
    assert!(!shows(&b, "● Online game"), "nothing under way to point at");
    a.run();
    click(&mut a, "Play again with the same seats");
    wait_both(&mut a, &mut b, "the next game on Bea's table", |_, b| {
        b.online
            .play
            .game
            .as_ref()
            .is_some_and(|g| !g.m.state.is_over())
    });
    b.run();
    assert_eq!(
        b.state().current,
        ScreenKind::Home,
        "Bea stays where she is"
    );
    assert_shows(&b, "Back to the online game — round");
    let note = b
        .query_all_by_label_contains("● Online game")
        .next()
        .expect("the top bar points at the game")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(
        note.contains("your turn") || note.contains("Ann's turn"),
        "{note}"
    );
    click(&mut b, &note);
    assert_eq!(b.state().current, ScreenKind::Online);
    assert!(
        !shows(&b, "● Online game"),
        "not said on the game's own screen"
    );
}

/// A friend who left after the game keeps the host from dealing another: the host is told
/// which seat is empty and what to do.
#[test]
fn playing_again_without_a_friend_who_left_is_explained() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    play_both_to_the_end(&mut a, &mut b);
    b.run();
    b.query_all_by_label("Leave").next().expect("Leave").click();
    b.run();
    assert!(!b.state().online.in_game());
    wait_both(&mut a, &mut b, "the host told Bea left", |a, _| {
        table_game(a).is_some()
            && a.online
                .play
                .game
                .as_ref()
                .unwrap()
                .online
                .as_ref()
                .unwrap()
                .notes
                .iter()
                .any(|(n, _)| matches!(n, noctiluca::net::Note::Left { .. }))
    });
    a.run();
    click(&mut a, "Play again with the same seats");
    a.run();
    assert_shows(
        &a,
        "⚠ Another game cannot start: Still waiting for: seat 2. Close the game and open a new lobby to play with someone else.",
    );
    assert_eq!(table_game(a.state()), Some((1, true)));
}

/// The window's close button, as the system sends it.
fn close_window(h: &mut Harness<'static, NoctilucaApp>) {
    h.input_mut()
        .viewports
        .entry(eframe::egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(eframe::egui::ViewportEvent::Close);
    h.run();
}

/// Closing the window during an online game is asked about first (it leaves the seat, or for
/// the host closes the game for everyone); once the game is over it closes at once.
#[test]
fn closing_the_window_during_an_online_game_is_asked_first() {
    use noctiluca::app::quit::QuitAsk;
    let (mut a, mut b) = ann_and_bea_at_the_table();
    close_window(&mut b);
    assert_eq!(b.state().quit, QuitAsk::Asking);
    assert_shows(&b, "Closing the window leaves the game");
    assert!(b.get_by_label("Keep playing").is_focused());
    click(&mut b, "Keep playing");
    assert_eq!(b.state().quit, QuitAsk::No);
    assert!(b.state().online.game_under_way(), "nothing was left");
    // The host is told what closing means for everyone.
    close_window(&mut a);
    assert_shows(&a, "closing the window closes the game for everyone");
    click(&mut a, "Close the window");
    assert_eq!(a.state().quit, QuitAsk::Confirmed);
    // After the game, nothing is asked.
    let (mut a, mut b) = ann_and_bea_at_the_table();
    play_both_to_the_end(&mut a, &mut b);
    close_window(&mut b);
    assert_eq!(b.state().quit, QuitAsk::No);
}

/// Offered a passed die in the other's turn, a friend is not told it is their turn.
#[test]
fn a_passed_die_is_offered_as_a_choice_not_a_turn() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    let offered = |x: &NoctilucaApp| {
        x.online.play.game.as_ref().is_some_and(|g| {
            g.human_to_act().is_some()
                && g.online.as_ref().is_some_and(|o| !o.sent)
                && matches!(
                    g.m.state.decision(),
                    noctiluca::engine::Decision::PassOffer { .. }
                )
        })
    };
    play_both_until(&mut a, &mut b, |a, b| offered(a) || offered(b));
    let h = if offered(a.state()) { &mut a } else { &mut b };
    assert!(offered(h.state()), "no die was passed");
    h.run();
    assert_shows(h, "Your choice: a die passed to you.");
    assert!(!shows(h, "Your turn."));
}

/// Each table lists its own seat first: the second seat's own card (its favourite) is above
/// the host's, where a fourth seat's had been below the fold on its own turn.
#[test]
fn each_table_lists_its_own_seat_first() {
    let (mut a, mut b) = ann_and_bea_at_the_table();
    a.run();
    b.run();
    for (h, me) in [(&a, "Ann"), (&b, "Bea")] {
        let own = h
            .get_by_label_contains(&format!("Favourite of {me}:"))
            .rect()
            .min
            .y;
        let mut cards: Vec<f32> = h
            .query_all_by_label_contains("Delivered ")
            .map(|n| n.rect().min.y)
            .collect();
        cards.sort_by(f32::total_cmp);
        assert_eq!(cards.len(), 2);
        assert!(
            own < cards[1],
            "{me}'s favourite at {own}, the cards at {cards:?}"
        );
    }
}
