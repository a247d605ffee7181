//! Random playouts over every player count: conservation, legality, observation privacy,
//! replay and serde round trips at every step.

use noctiluca_engine::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Hidden information of everyone but `viewer` is changed; the viewer's observation must not.
fn assert_no_leak(s: &GameState, viewer: Seat) {
    let before = s.observation(Some(viewer));
    let mut alt = s.clone();
    for (i, p) in alt.secrets.iter_mut().enumerate() {
        if i as Seat == viewer {
            continue;
        }
        p.favourite = match p.favourite {
            None => Some(DiceColour::Blue),
            Some(c) => DiceColour::from_index((c.index() + 1) % 4),
        };
        for d in p.draft.iter_mut().flatten() {
            *d = (*d + 7) % 30;
        }
        if let Some(a) = p.set_aside.as_mut() {
            *a = (*a + 3) % 30;
        }
    }
    alt.unseen = alt.unseen.rotate_left(5);
    assert_eq!(
        alt.observation(Some(viewer)),
        before,
        "observation of seat {viewer} leaks"
    );
    // And the type carries only the viewer's own favourite.
    assert_eq!(
        before.own.as_ref().map(|o| o.favourite),
        Some(s.secrets[viewer as usize].favourite)
    );
}

/// Follows passes through their events and checks SPEC §4.3 at the end of each: the dice
/// left go to the supply only when none fits any other player or the last lap placed nothing.
#[derive(Default)]
struct PassWatch {
    placed_this_lap: bool,
    laps: u8,
}

impl PassWatch {
    fn check(&mut self, before: &GameState, a: &Action, events: &[Event], seed: u64) {
        if let (Decision::PassOffer { lap, .. }, ToAct::Seat(seat)) =
            (before.decision(), before.to_act())
        {
            assert_ne!(
                seat, before.active,
                "the active player is offered passed dice"
            );
            assert_eq!(lap, self.laps, "the offer names the lap (seed {seed})");
            assert!(
                before.players[seat as usize].can_place_any(&before.hand),
                "a seat with nothing that fits is asked (seed {seed})"
            );
        }
        for e in events {
            match e {
                Event::PassStarted { .. } => {
                    *self = PassWatch {
                        placed_this_lap: false,
                        laps: 1,
                    }
                }
                Event::PassLap { lap, .. } => {
                    assert!(
                        self.placed_this_lap,
                        "a new lap after a lap with no placing"
                    );
                    assert_eq!(*lap, self.laps + 1);
                    *self = PassWatch {
                        placed_this_lap: false,
                        laps: *lap,
                    };
                }
                Event::Took { .. } => self.placed_this_lap = true,
                Event::ToSupply { dice } if self.placed_this_lap => {
                    // Ended mid-lap or after a lap with a placing: nothing may fit anyone.
                    let mut after = before.clone();
                    if let Action::Take { colour, slot } = *a
                        && let ToAct::Seat(s) = before.to_act()
                    {
                        let jar = after.players[s as usize].jars[slot as usize]
                            .as_mut()
                            .unwrap();
                        jar.filled[colour.index()] += 1;
                    }
                    for (i, p) in after.players.iter().enumerate() {
                        assert!(
                            i == before.active as usize || !p.can_place_any(dice),
                            "seed {seed}: {dice:?} went to the supply though seat {} could \
                             place one and the last lap placed a die",
                            i + 1
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

fn playout(n: u8, seed: u64, deep_checks: bool) -> GameState {
    let cfg = if n == 1 {
        GameConfig::solo()
    } else {
        GameConfig::players(n)
    };
    let mut m = Match::new(cfg, Components::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xdead_beef);
    let mut steps = 0;
    let mut passes = PassWatch::default();
    while !m.state.is_over() {
        m.state
            .check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed}, step {steps}: {e:?}"));
        let legal = m.state.legal_actions();
        assert!(
            !legal.is_empty(),
            "no legal action before the end (seed {seed})"
        );
        // The compact legal set reads as the list, position by position.
        let set = m.state.legal_set(m.state.decision());
        match m.state.to_act() {
            ToAct::Seat(s) => {
                assert_eq!(set.seat(), s);
                assert_eq!(set.len(), legal.len());
                for (i, a) in legal.iter().enumerate() {
                    assert_eq!(set.nth(i), Some(*a), "seed {seed}");
                }
                assert_eq!(set.nth(legal.len()), None);
                let mut written = vec![Action::Decline];
                set.write_into(&mut written);
                assert_eq!(written[1..], legal[..]);
            }
            _ => assert!(set.is_empty()),
        }
        if deep_checks {
            // Every legal action applies (a sample of them when there are many).
            let probe: Vec<&Action> = if legal.len() <= 16 {
                legal.iter().collect()
            } else {
                (0..8)
                    .map(|_| &legal[rng.random_range(0..legal.len())])
                    .collect()
            };
            for a in probe {
                let mut c = m.state.clone();
                c.apply(a)
                    .unwrap_or_else(|e| panic!("legal {a:?} refused: {e:?} (seed {seed})"));
                c.check_invariants().unwrap();
            }
            for v in 0..n {
                assert_no_leak(&m.state, v);
                // A state sampled from the observation agrees with it and plays on.
                let obs = m.state.observation(Some(v));
                let mut d = obs.determinize(&mut rng);
                d.check_invariants()
                    .unwrap_or_else(|e| panic!("determinized state broken: {e:?} (seed {seed})"));
                assert_eq!(d.observation(Some(v)), obs, "seed {seed}");
                assert_eq!(d.to_act(), m.state.to_act());
                if let Some(a) = d.sample_chance(&mut rng) {
                    d.apply(&a).unwrap();
                } else {
                    let legal = d.legal_actions();
                    d.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
                }
            }
        }
        let a = match m.state.to_act() {
            ToAct::Chance => {
                let outcomes = m.state.chance_outcomes();
                let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                assert!(
                    (total - 1.0).abs() < 1e-9,
                    "chance probabilities sum to {total}"
                );
                assert_eq!(outcomes.len(), legal.len());
                m.sample_chance().unwrap()
            }
            ToAct::Seat(_) => legal[rng.random_range(0..legal.len())],
            ToAct::Nobody => unreachable!(),
        };
        assert!(
            legal.contains(&a),
            "sampled chance outcome {a:?} is not listed"
        );
        let before = m.state.clone();
        let events = m.apply(a).unwrap();
        passes.check(&before, &a, &events, seed);
        steps += 1;
    }
    m.state.check_invariants().unwrap();
    assert!(m.state.legal_actions().is_empty());
    assert_eq!(m.state.apply(&Action::Decline), Err(RuleError::GameOver));

    // Replay and round trips.
    let rec = m.to_record();
    let replayed = rec.replay().unwrap();
    assert_eq!(replayed, m.state, "replay differs (seed {seed})");
    let text = rec.to_ron();
    let back = GameRecord::from_ron(&text).unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.replay().unwrap(), m.state);
    let st = ron::to_string(&m.state).unwrap();
    let st_back: GameState = ron::from_str(&st).unwrap();
    assert_eq!(st_back, m.state);
    m.state
}

fn many(n: u8, games: u64) {
    let mut deep = 0;
    for seed in 0..games {
        let deep_checks = seed % 10 == 0;
        deep += deep_checks as u32;
        let s = playout(n, seed * 7919 + n as u64, deep_checks);
        let r = s.final_score();
        assert_eq!(r.players.len(), n as usize);
        // A real game's final sheet is one the consistency check finds nothing wrong with.
        let problems = scoring::check(&s.score_input(), &Components::default());
        assert_eq!(problems, vec![], "seed {seed}");
        if n == 1 {
            assert!(matches!(r.outcome, Outcome::Solo { .. }));
        }
    }
    assert!(deep > 0);
}

#[test]
fn solo_playouts() {
    many(1, 1000);
}

#[test]
fn two_player_playouts() {
    many(2, 1000);
}

#[test]
fn three_player_playouts() {
    many(3, 1000);
}

#[test]
fn four_player_playouts() {
    many(4, 1000);
}

#[test]
fn same_seed_same_game() {
    let a = playout(3, 42, false);
    let b = playout(3, 42, false);
    assert_eq!(a, b);
    let c = playout(3, 43, false);
    assert_ne!(a, c);
}

#[test]
fn batched_chance_plays_the_same_outcomes_as_one_at_a_time() {
    for (n, seed) in [(1u8, 3u64), (2, 4), (3, 5), (4, 6)] {
        let cfg = if n == 1 {
            GameConfig::solo()
        } else {
            GameConfig::players(n)
        };
        let comps = std::sync::Arc::new(Components::default());
        let mut one = GameState::new(cfg.clone(), std::sync::Arc::clone(&comps)).unwrap();
        let mut batch = one.clone();
        let (mut r1, mut r2) = (
            ChaCha8Rng::seed_from_u64(seed),
            ChaCha8Rng::seed_from_u64(seed),
        );
        let mut pick = ChaCha8Rng::seed_from_u64(seed + 100);
        let (mut log1, mut log2) = (Vec::new(), Vec::new());
        while !one.is_over() {
            while let Some(a) = one.play_chance(&mut r1) {
                log1.push(a);
            }
            batch.play_chance_run(&mut r2, |a| log2.push(a));
            assert_eq!(batch, one);
            if one.is_over() {
                break;
            }
            let legal = one.legal_actions();
            let a = legal[pick.random_range(0..legal.len())];
            one.apply(&a).unwrap();
            batch.apply(&a).unwrap();
        }
        assert_eq!(log1, log2);
        assert!(log1.len() > 168);
    }
}

/// A match restarted after a whole game is the match `Match::new` makes with that seed, and
/// goes on to play the same game.
#[test]
fn a_restarted_match_is_a_new_one() {
    let comps = std::sync::Arc::new(Components::default());
    for n in 1..=4u8 {
        let config = if n == 1 {
            GameConfig::solo()
        } else {
            GameConfig::players(n)
        };
        let play = |m: &mut Match| {
            let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
            loop {
                m.run_chance_quiet();
                let legal = m.state.legal_actions();
                if legal.is_empty() {
                    break;
                }
                m.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            }
        };
        let mut kept = Match::new(config.clone(), comps.clone(), 1).unwrap();
        kept.record.names = vec!["someone".into(); n as usize];
        play(&mut kept);
        assert!(kept.state.is_over());
        kept.restart(2);
        let mut fresh = Match::new(config, comps.clone(), 2).unwrap();
        assert_eq!(kept.state, fresh.state);
        assert_eq!(kept.to_record(), fresh.to_record());
        play(&mut kept);
        play(&mut fresh);
        assert_eq!(kept.to_record(), fresh.to_record());
        assert!(fresh.state.is_over());
    }
}
