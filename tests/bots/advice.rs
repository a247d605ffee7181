//! Hint and review: a hint is a legal decision that depends only on what the seat sees, and a
//! review puts a clear blunder first.

use noctiluca_ai::advice::{self, AdviceLimits, Progress, Reason};
use noctiluca_ai::{decide, make_bot};
use noctiluca_engine::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Small budgets: the tests check what advice is, not how strong it is.
const QUICK: AdviceLimits = AdviceLimits {
    search: 60,
    samples: 4,
    horizon: 3,
    compare: 3,
    recheck: false,
};

fn no_cancel() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

fn config(n: u8) -> GameConfig {
    if n == 1 {
        GameConfig::solo()
    } else {
        GameConfig::players(n)
    }
}

#[test]
fn a_hint_is_always_a_legal_decision_with_a_reason() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut hints = 0;
    for g in 0..8u64 {
        let n = (g % 4) as u8 + 1;
        let mut s = GameState::new(config(n), Arc::new(Components::default())).unwrap();
        while !s.is_over() {
            if s.play_chance(&mut rng).is_some() {
                continue;
            }
            let ToAct::Seat(me) = s.to_act() else { break };
            let legal = s.legal_actions();
            if rng.random_range(0..5) == 0 {
                let obs = s.observation(Some(me));
                let intended = legal[rng.random_range(0..legal.len())];
                let h = advice::hint(&obs, &legal, Some(intended), QUICK, g, &no_cancel())
                    .expect("a seat's decision gets a hint");
                assert!(legal.contains(&h.action), "{:?} is not legal", h.action);
                assert_eq!(h.seat, me);
                assert_ne!(h.reason, Reason::Chance, "{:?}", h.action);
                let (a, gain) = h.versus.expect("the intended move is compared");
                assert_eq!(a, intended);
                assert!(gain >= 0.0);
                assert!(h.compared.iter().any(|c| c.action == h.action));
                // The move its own comparison puts first (it had named one below another).
                assert_eq!(h.action, h.compared[0].action, "{:?}", h.compared);
                // The intended move gains nothing when it is as good as the hint's.
                assert_eq!(gain == 0.0, a == h.action || h.as_good.contains(&a));
                assert!(h.compared.iter().any(|c| c.action == intended));
                hints += 1;
            }
            s.apply_quiet(&legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
    }
    assert!(hints >= 40, "{hints}");
}

#[test]
fn a_hint_is_the_same_whatever_the_others_hold_secretly() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut checked = 0;
    for g in 0..20u64 {
        let mut s = GameState::new(config(3), Arc::new(Components::default())).unwrap();
        while !s.is_over() && checked < 25 {
            if s.play_chance(&mut rng).is_some() {
                continue;
            }
            let ToAct::Seat(me) = s.to_act() else { break };
            // The others' favourites turned, and their draft hands swapped.
            let mut alt = s.clone();
            let others: Vec<usize> = (0..3).filter(|&i| i != me as usize).collect();
            for &i in &others {
                let f = &mut alt.secrets[i].favourite;
                *f = f.map(|c| DiceColour::from_index((c.index() + 1) % 4).unwrap());
            }
            let (a, b) = (others[0], others[1]);
            if alt.secrets[a].set_aside.is_some() == alt.secrets[b].set_aside.is_some() {
                let (x, y) = (alt.secrets[a], alt.secrets[b]);
                alt.secrets[a].draft = y.draft;
                alt.secrets[a].set_aside = y.set_aside;
                alt.secrets[b].draft = x.draft;
                alt.secrets[b].set_aside = x.set_aside;
            }
            let legal = s.legal_actions();
            if legal.len() > 1 && rng.random_range(0..4) == 0 {
                let seen = s.observation(Some(me));
                assert_eq!(seen, alt.observation(Some(me)));
                assert_ne!(s.secrets, alt.secrets, "the hidden information differs");
                let h1 = advice::hint(&seen, &legal, None, QUICK, g, &no_cancel()).unwrap();
                let h2 = advice::hint(
                    &alt.observation(Some(me)),
                    &alt.legal_actions(),
                    None,
                    QUICK,
                    g,
                    &no_cancel(),
                )
                .unwrap();
                assert_eq!(h1, h2);
                checked += 1;
            }
            s.apply_quiet(&legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
    }
    assert!(checked >= 20, "{checked}");
}

#[test]
fn a_cancelled_hint_gives_nothing() {
    let mut s = GameState::new(config(2), Arc::new(Components::default())).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while s.decision() != Decision::Dive {
        if s.play_chance(&mut rng).is_none() {
            let legal = s.legal_actions();
            s.apply_quiet(&legal[0]).unwrap();
        }
    }
    let ToAct::Seat(me) = s.to_act() else {
        panic!("a seat dives")
    };
    let cancel = Arc::new(AtomicBool::new(true));
    let h = advice::hint(
        &s.observation(Some(me)),
        &s.legal_actions(),
        None,
        AdviceLimits::HINT,
        1,
        &cancel,
    );
    assert_eq!(h, None);
}

/// A 2-player game against Normal in which seat 1 plays what the review itself would (so its
/// other decisions cost nothing by the review's measure) except once, when it dives for
/// nothing although a dive filling one of its jars was open. Returns the log and that entry (1-based).
fn game_with_a_blunder(seed: u64) -> Option<(GameRecord, usize)> {
    let mut m = Match::new(config(2), Components::default(), seed).unwrap();
    let mut bots = [
        make_bot("normal", seed).unwrap(),
        make_bot("normal", seed + 1).unwrap(),
    ];
    let mut blunder = None;
    while !m.state.is_over() {
        let ToAct::Seat(seat) = m.state.to_act() else {
            m.run_chance_quiet();
            continue;
        };
        let mut action = if seat == 0 {
            let obs = m.state.observation(Some(0));
            let legal = m.state.legal_actions();
            // The review judges entry k with seed k.
            let k = m.record.actions.len() as u64 + 1;
            advice::hint(&obs, &legal, None, AdviceLimits::REVIEW, k, &no_cancel())
                .unwrap()
                .action
        } else {
            decide(bots[seat as usize].as_mut(), &m.state).unwrap()
        };
        if seat == 0 && blunder.is_none() && m.state.round == 1 && m.state.turn >= 4 {
            let obs = m.state.observation(Some(0));
            let options = obs.dive_options(0);
            let fills = options.iter().any(|o| {
                let a = Action::Dive {
                    shore: o.shore,
                    path: o.path,
                    number: o.number,
                };
                matches!(advice::reason(&obs, 0, &a), Reason::Dive { fills, .. } if !fills.is_empty())
            });
            let empty = options.iter().find(|o| o.yields.total() == 0);
            if let (true, Some(e)) = (fills, empty) {
                action = Action::Dive {
                    shore: e.shore,
                    path: e.path,
                    number: e.number,
                };
                blunder = Some(m.record.actions.len() + 1);
            }
        }
        m.apply_quiet(action).unwrap();
    }
    Some((m.to_record(), blunder?))
}

#[test]
fn a_review_ranks_a_dive_for_nothing_first() {
    let mut reviewed = 0;
    for seed in 1..=20u64 {
        let Some((record, entry)) = game_with_a_blunder(seed) else {
            continue;
        };
        let progress = Progress::default();
        let r = advice::review(
            &record,
            &[0],
            &[],
            AdviceLimits::REVIEW,
            2,
            &progress,
            &no_cancel(),
        )
        .expect("the log replays");
        let first = r.mistakes.first().expect("the blunder costs points");
        assert_eq!(first.entry, entry, "seed {seed}: {:?}", r.mistakes);
        assert_eq!(r.mistakes.len(), 1, "{:?}", r.mistakes);
        assert_eq!(first.seat, 0);
        assert!(
            matches!(first.played_reason, Reason::Dive { collected, .. } if collected == [0; 4])
        );
        assert!(
            r.mistakes
                .iter()
                .all(|m| m.seat == 0 && m.loss >= advice::MIN_LOSS)
        );
        assert!(r.mistakes.windows(2).all(|w| w[0].loss >= w[1].loss));
        // The hint at that decision (as the window and `hint --at` give it) advises the move
        // the review calls better: a review's small search had called the hint's own move a
        // mistake.
        let at = first.entry - 1;
        let state = record.replay_prefix(at).unwrap();
        let hint = advice::hint(
            &state.observation(Some(0)),
            &state.legal_actions(),
            None,
            AdviceLimits::HINT,
            advice::hint_seed(record.seed, at),
            &no_cancel(),
        )
        .unwrap();
        assert_eq!(hint.action, first.better, "seed {seed}");
        assert_eq!(r.estimates.len(), record.actions.len() + 1);
        // Every decision judged, and the costliest judged again at a hint's size.
        let done = progress.done.load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            done,
            progress.total.load(std::sync::atomic::Ordering::Relaxed)
        );
        assert!(done > r.judged, "{done} {}", r.judged);
        reviewed += 1;
        if reviewed == 3 {
            return;
        }
    }
    panic!("only {reviewed} games had a blunder to make");
}

/// A decision a hint advised is judged by that hint (its search is larger than a review's):
/// following it is no mistake, even a dive for nothing, and a move made instead is measured
/// against the hinted move.
#[test]
fn a_review_does_not_contradict_the_hints_given() {
    let (record, entry) = (1..=20u64)
        .find_map(game_with_a_blunder)
        .expect("a game with a blunder");
    let at = entry - 1;
    let played = record.actions[at].action;
    let review = |hinted: &[(usize, Action)]| {
        let p = Progress::default();
        advice::review(
            &record,
            &[0],
            hinted,
            AdviceLimits::REVIEW,
            2,
            &p,
            &no_cancel(),
        )
        .expect("the log replays")
    };
    let plain = review(&[]);
    let better = plain
        .mistakes
        .iter()
        .find(|m| m.entry == entry)
        .unwrap()
        .better;
    // Hinted there, the blunder is the advice followed.
    let followed = review(&[(at, played)]);
    assert!(followed.mistakes.iter().all(|m| m.entry != entry));
    // So it is when the log itself keeps the hint (a game from the history, reviewed there
    // or by `noctiluca review`: the hints had been forgotten, and followed ones faulted).
    let mut kept = record.clone();
    kept.advice = vec![noctiluca_engine::AdviceNote {
        seat: 0,
        at,
        advised: Some(played),
    }];
    let kept = GameRecord::from_ron(&kept.to_ron()).expect("the log reads back");
    let p = Progress::default();
    let r = advice::review(&kept, &[0], &[], AdviceLimits::REVIEW, 2, &p, &no_cancel()).unwrap();
    assert!(r.mistakes.iter().all(|m| m.entry != entry));
    // A hint advising another move that the player did not follow: the better move is it.
    let other = record
        .replay_prefix(at)
        .unwrap()
        .legal_actions()
        .into_iter()
        .find(|a| *a != played && *a != better)
        .unwrap();
    for hint in [better, other] {
        let r = review(&[(at, hint)]);
        if let Some(m) = r.mistakes.iter().find(|m| m.entry == entry) {
            assert_eq!(m.better, hint);
        } else {
            assert_ne!(hint, better, "the review's own better move is still a loss");
        }
    }
}

#[test]
fn a_review_of_a_broken_log_gives_nothing() {
    let (mut record, _) = game_with_a_blunder(1).unwrap();
    let k = record.actions.len() / 2;
    record.actions.swap(k, k + 1);
    assert!(record.replay().is_err());
    let r = advice::review(
        &record,
        &[],
        &[],
        QUICK,
        1,
        &Progress::default(),
        &no_cancel(),
    );
    assert!(r.is_none());
}

/// A dive's reason says where the dice that do not fit go: round the table, or in solo into the
/// tempest.
#[test]
fn a_dive_s_reason_says_whether_its_leftover_dice_go_to_the_tempest() {
    for n in [1u8, 2] {
        let mut found = false;
        for seed in 0..20 {
            let mut m = Match::new(config(n), Components::default(), seed).unwrap();
            let mut bots: Vec<_> = (0..n)
                .map(|s| make_bot("random", s as u64).unwrap())
                .collect();
            while !m.state.is_over() && !found {
                m.run_chance_quiet();
                let ToAct::Seat(seat) = m.state.to_act() else {
                    break;
                };
                if m.state.decision() == Decision::Dive {
                    let obs = m.state.observation(Some(seat));
                    for o in obs.dive_options(seat) {
                        let a = Action::Dive {
                            shore: o.shore,
                            path: o.path,
                            number: o.number,
                        };
                        if let Reason::Dive {
                            passed, to_tempest, ..
                        } = advice::reason(&obs, seat, &a)
                            && passed > 0
                        {
                            assert_eq!(to_tempest, n == 1, "{n} players, seed {seed}");
                            found = true;
                        }
                    }
                }
                let a = decide(bots[seat as usize].as_mut(), &m.state).unwrap();
                m.apply_quiet(a).unwrap();
            }
            if found {
                break;
            }
        }
        assert!(found, "no dive with dice left over at {n} players");
    }
}

/// The same wrong store made twice in a row is one mistake in the review, at its costlier
/// entry; a different move, or one entries apart, stays its own.
#[test]
fn a_mistake_made_again_at_once_is_one_lesson() {
    use noctiluca_engine::DiceColour::{Blue, Orange};
    let store = |colour, slot| Action::Store { colour, slot };
    let m = |entry: usize, played: Action, loss: f32| advice::Mistake {
        entry,
        seat: 0,
        played,
        better: store(Orange, 1),
        loss,
        played_reason: Reason::Chance,
        better_reason: Reason::Chance,
    };
    let merged = advice::merge_repeats([
        m(255, store(Orange, 0), 1.0),
        m(256, store(Orange, 0), 1.4),
        m(257, store(Blue, 0), 0.9),
        m(300, store(Blue, 0), 0.9),
    ]);
    let kept: Vec<(usize, f32)> = merged.iter().map(|m| (m.entry, m.loss)).collect();
    assert_eq!(kept, [(256, 1.4), (257, 0.9), (300, 0.9)]);
}

/// A new jar's reason names the spaces of the seat's favourite colour on the card and the jar
/// colour it shares with the seat's other jar, as the observation shows them.
#[test]
fn a_new_jars_reason_is_what_the_seat_sees() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut checked = 0;
    for _ in 0..6 {
        let mut s = GameState::new(config(3), Arc::new(Components::default())).unwrap();
        while !s.is_over() {
            if s.play_chance(&mut rng).is_some() {
                continue;
            }
            let ToAct::Seat(me) = s.to_act() else { break };
            let legal = s.legal_actions();
            if s.decision() == Decision::ChoosePile {
                let obs = s.observation(Some(me));
                let fav = obs.own.as_ref().unwrap().favourite.unwrap();
                let other = obs.players[me as usize]
                    .jars
                    .iter()
                    .flatten()
                    .next()
                    .copied();
                for a in &legal {
                    let Action::TakePile { pile } = *a else {
                        continue;
                    };
                    let card = obs.piles[pile as usize].top.unwrap();
                    let Reason::Card {
                        card: c,
                        favourite,
                        pair,
                    } = advice::reason(&obs, me, a)
                    else {
                        panic!("a pile's reason")
                    };
                    assert_eq!(c, card);
                    let n = obs.comps.card(card).needs[fav.index()];
                    assert_eq!(favourite, (n > 0).then_some((fav, n)));
                    let colour = obs.comps.card(card).colour;
                    let shared = other.is_some_and(|j| obs.comps.card(j.card).colour == colour);
                    assert_eq!(pair, shared.then_some(colour));
                    checked += 1;
                }
            }
            s.apply_quiet(&legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
    }
    assert!(checked >= 20, "{checked}");
}
