//! While the others play (the AIs, a friend online): their moves said under whose move it is,
//! and "Skip ahead" where the pointer and the keyboard find it.

use crate::app_support::*;
use crate::table_keys::{focused, game, key, table};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::NoctilucaApp;
use noctiluca::engine::*;

/// While an AI plays, what it has done since the person at the screen last decided is said
/// under "AI Easy's move…", newest last: the log may be out of sight, and dice only vanish from
/// the board. The person's own last move is not among them, and the lines go once the person
/// is to decide again.
#[test]
fn the_ais_moves_are_said_under_whose_move_it_is() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0005");
    h.state_mut().game.animate = true;
    // Each AI move waits a little on screen, as in the window.
    h.state_mut().game.pace = 0.6;
    // The log panel shows the same lines: hidden, what is seen is the card's.
    h.state_mut().game.show_log = false;
    h.run();
    let mut said = 0;
    let mut own_last: Option<String> = None;
    let mut early = false;
    // A line of text drawn (not the screen reader's live region, which says the news too).
    let shown = |h: &Harness<'_, NoctilucaApp>, text: &str| {
        h.query_all_by_role(egui::accesskit::Role::Label)
            .any(|n| spoken(&n) == text)
    };
    for _ in 0..4000 {
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.step();
        let g = game(&h);
        if g.m.state.is_over() || said >= 3 {
            break;
        }
        let names = g.names();
        let words = |l: &noctiluca::app::game::LogLine| l.words(&g.m.state.comps, &names);
        if let Some(s) = g.human_to_act() {
            let legal = g.m.state.legal_actions();
            let a = legal[legal.len() / 2];
            let now = h.ctx.input(|i| i.time);
            assert_eq!(s, 0);
            h.state_mut().game.act(a, now);
            // The person's own move goes to the log; it is not one of the AI's.
            let g = game(&h);
            own_last = g.log.last().map(|l| l.words(&g.m.state.comps, &g.names()));
            // Once, the AI's move comes before the next frame (as online, where the host's
            // answer brings it with the person's own): it is said all the same.
            let ai = g.m.state.legal_actions().first().copied();
            let still_ai = ai.is_some_and(|ai| {
                let mut after = g.m.state.clone();
                after.apply(&ai).is_ok() && after.to_act() == ToAct::Seat(1)
            });
            if !early && g.human_to_act().is_none() && g.to_act() == Some(1) && still_ai {
                early = true;
                let ai = ai.unwrap();
                let g = h.state_mut().game.game.as_mut().unwrap();
                g.decide(ai, now).unwrap();
                let g = game(&h);
                let line = g.log.last().map(|l| l.words(&g.m.state.comps, &g.names()));
                h.step();
                let line = line.unwrap();
                assert!(shown(&h, &line), "the AI's early {line:?} is not said");
            }
            continue;
        }
        if g.to_act() != Some(1) {
            continue;
        }
        let last = g.log.last().map(words).unwrap();
        if Some(&last) != own_last.as_ref() && !last.is_empty() {
            assert!(shown(&h, &last), "the AI's {last:?} is not said");
            said += 1;
        } else if let Some(own) = &own_last {
            // Nothing of the AI's yet: the card holds only whose move it is.
            let name = format!("{}'s move…", g.name(1));
            if shows(&h, &name) {
                assert!(!shown(&h, own), "the person's own {own:?} said as the AI's");
            }
        }
    }
    assert!(said >= 3, "the AI's moves were said {said} times");
    assert!(early, "no AI move came early");
}

/// "Skip ahead" stays where it is as a delivery's card and the round's news come while the
/// AIs play: it had moved down under them, from under the pointer about to press it.
#[test]
fn skip_ahead_stays_put_as_news_comes() {
    let mut h = table(2, &[None, Some(1)], "KEYS-0005");
    h.state_mut().game.animate = true;
    h.state_mut().game.pace = 1.0e6;
    h.run();
    key(&mut h, egui::Key::Num1);
    wait_until(&mut h, "the AI's move", |h| game(h).thinking().is_none());
    assert_eq!(game(&h).to_act(), Some(1));
    let at = |h: &Harness<'_, NoctilucaApp>| h.get_by_label("Skip ahead").rect();
    let before = at(&h);
    {
        let g = h.state_mut().game.game.as_mut().unwrap();
        g.last_delivery = Some(Event::Delivered {
            seat: 1,
            slot: 0,
            card: 0,
            token: Some((JarColour::ALL[0], 2)),
        });
        g.notes.push(Event::RoundEnded { round: 1 });
        g.notes.push(Event::RoundStarted { round: 2, first: 1 });
    }
    h.run();
    assert_shows(&h, "Round 1 ends");
    assert_eq!(at(&h), before, "Skip ahead moved");
    // The first Tab, with nothing focused, goes to it (it had gone to "← Home").
    h.state_mut().game.game.as_mut().unwrap().notes.clear();
    h.ctx
        .memory_mut(|m| m.surrender_focus(m.focused().unwrap_or(egui::Id::NULL)));
    h.run();
    key(&mut h, egui::Key::Tab);
    assert_eq!(focused(&h).as_deref(), Some("Skip ahead"));
}

/// The round's news said among the AI's moves is not said again in a card under them (the
/// round's end and start had been shown twice, one card over the other); news the moves no
/// longer show still is.
#[test]
fn the_rounds_news_is_said_once_while_the_ais_play() {
    use noctiluca::app::game::LogLine;
    let mut h = table(2, &[None, Some(1)], "KEYS-0005");
    h.state_mut().game.animate = true;
    h.state_mut().game.pace = 1.0e6;
    h.state_mut().game.show_log = false;
    h.run();
    key(&mut h, egui::Key::Num1);
    wait_until(&mut h, "the AI's move", |h| game(h).thinking().is_none());
    let news = [
        Event::RoundEnded { round: 1 },
        Event::RoundStarted { round: 2, first: 1 },
    ];
    {
        let g = h.state_mut().game.game.as_mut().unwrap();
        for e in &news {
            g.notes.push(e.clone());
            g.log.push(LogLine::Event(e.clone()));
        }
    }
    h.run();
    let times = |h: &Harness<'_, NoctilucaApp>| {
        h.query_all_by_role(egui::accesskit::Role::Label)
            .filter(|n| spoken(n) == "Round 1 ends.")
            .count()
    };
    assert_eq!(times(&h), 1);
    // So is a delivery: said among the moves, not again in its card under them.
    let delivered = Event::Delivered {
        seat: 1,
        slot: 0,
        card: 0,
        token: Some((JarColour::ALL[0], 2)),
    };
    {
        let g = h.state_mut().game.game.as_mut().unwrap();
        g.last_delivery = Some(delivered.clone());
        g.log.push(LogLine::Event(delivered.clone()));
    }
    h.run();
    let said = {
        use noctiluca::words::EventWords;
        let g = game(&h);
        delivered.describe(&g.m.state.comps, &|s| g.name(s))
    };
    assert_eq!(
        h.query_all_by_role(egui::accesskit::Role::Label)
            .filter(|n| spoken(n) == said)
            .count(),
        1,
        "{said}"
    );
    // Pushed out of the moves' last lines, the news is said in its own card again.
    {
        let g = h.state_mut().game.game.as_mut().unwrap();
        for _ in 0..6 {
            g.log.push(LogLine::Hint { seat: 1 });
        }
    }
    h.run();
    assert_eq!(times(&h), 1);
}
