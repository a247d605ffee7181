//! A headless bot player (`AutoPlayer`, what `noctiluca join --bot` plays with) whose game
//! moves on while it thinks.

use crate::common::*;
use noctiluca_engine::{Action, Observation, ToAct};
use noctiluca_net::client::AutoPlayer;
use noctiluca_net::{Client, Host, Note, SeatPlan};
use std::sync::mpsc;
use std::time::Duration;

/// A bot that, the first time it is asked, says so and waits to be let go; then it takes the
/// first legal decision.
struct Gated {
    asked: Option<mpsc::Sender<()>>,
    go: Option<mpsc::Receiver<()>>,
}

impl noctiluca_ai::Bot for Gated {
    fn name(&self) -> &str {
        "gated"
    }
    fn choose(&mut self, _obs: &Observation, legal: &[Action]) -> Action {
        if let (Some(asked), Some(go)) = (self.asked.take(), self.go.take()) {
            asked.send(()).unwrap();
            go.recv_timeout(LONG).expect("let go");
        }
        legal[0]
    }
}

/// The other seat, let go by its player, is handed to a bot while the first seat's bot thinks:
/// the host starts a new step in the same position. The decision is made again on the new
/// view; it had gone out as the new step's, and the old view then answered that step once
/// more, a decision the host refused as against the rules (the seat could wait for ever).
#[test]
fn a_bot_player_decides_again_when_the_game_moves_on_while_it_thinks() {
    let mut cfg = config(vec![SeatPlan::Remote, SeatPlan::Remote], 8);
    cfg.grace = Duration::ZERO;
    let host = Host::start(cfg).unwrap();
    let mut clients = join_all(&host);
    host.start_game().unwrap();
    let second = clients.pop().unwrap();
    let first = &clients[0];
    let at = |c: &Client| c.view().map(|v| (v.step, v.to_act));
    wait_until("seat 1 to decide", LONG, || {
        at(first).is_some_and(|(_, to_act)| to_act == ToAct::Seat(0))
    });
    let step = first.view().unwrap().step;
    let (asked_tx, asked) = mpsc::channel();
    let (go, go_rx) = mpsc::channel();
    let mut auto = AutoPlayer::with_bot(Box::new(Gated {
        asked: Some(asked_tx),
        go: Some(go_rx),
    }));
    std::thread::scope(|s| {
        let thinking = s.spawn(|| auto.step(first));
        asked.recv_timeout(LONG).expect("the bot asked");
        // Meanwhile seat 2's player leaves, and the seat is handed to a bot.
        second.leave();
        wait_until("seat 2 free", LONG, || {
            host.hand_to_bot(1, "random").is_ok()
        });
        wait_until("the new step seen", LONG, || {
            at(first).is_some_and(|(now, _)| now > step)
        });
        go.send(()).unwrap();
        let sent = thinking.join().unwrap();
        assert!(
            !sent,
            "a decision of step {step} sent after the game moved on"
        );
    });
    let before = host.view(0).unwrap().step;
    assert!(auto.step(first), "decided on the new view");
    wait_until("the decision taken", LONG, || {
        host.view(0).unwrap().step > before
    });
    // Nothing the bot player sent was refused.
    let refused: Vec<Note> = host
        .poll()
        .into_iter()
        .filter(|n| matches!(n, Note::Misbehaved { .. }))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}
