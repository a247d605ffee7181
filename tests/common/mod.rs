//! Helpers shared by the engine test files.
#![allow(dead_code)]

use noctiluca_engine::state::SpaceDice;
use noctiluca_engine::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

pub fn comps() -> Arc<Components> {
    Arc::new(Components::default())
}

/// One random step from `s`: a chance outcome drawn with its probabilities, or a uniformly
/// random legal decision.
pub fn random_action(s: &GameState, rng: &mut ChaCha8Rng) -> Action {
    s.sample_chance(rng).unwrap_or_else(|| {
        let legal = s.legal_actions();
        legal[rng.random_range(0..legal.len())]
    })
}

/// Plays chance and decisions at random (seeded) until `stop` says so or the game ends.
pub fn play_until(s: &mut GameState, rng: &mut ChaCha8Rng, stop: impl Fn(&GameState) -> bool) {
    while !s.is_over() && !stop(s) {
        let a = random_action(s, rng);
        s.apply(&a).expect("a legal action applies");
    }
}

/// A game of `n` players (1 = solo) at its first dive, set up at random from `seed`.
pub fn at_first_dive(n: u8, seed: u64) -> GameState {
    let mut cfg = if n == 1 {
        GameConfig::solo()
    } else {
        GameConfig::players(n)
    };
    cfg.first_player = Some(0);
    let mut s = GameState::new(cfg, comps()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_until(&mut s, &mut rng, |s| s.decision() == Decision::Dive);
    s
}

pub fn die(colour: DiceColour, face: u8) -> Die {
    Die { colour, face }
}

pub fn parse_dice(spec: &str) -> Vec<Die> {
    // "O3 B3 G1" → orange 3, blue 3, green 1
    spec.split_whitespace()
        .map(|t| {
            let mut ch = t.chars();
            let c = DiceColour::from_letter(ch.next().unwrap()).unwrap();
            die(c, ch.as_str().parse().unwrap())
        })
        .collect()
}

/// Replaces the pool: every space gets `fill` unless listed in `spaces`; the supply is
/// recomputed so that 104 dice stay in play.
pub fn set_pool(s: &mut GameState, fill: &str, spaces: &[(&str, &str)]) {
    for i in 0..18u8 {
        let mut dice = parse_dice(fill);
        dice.truncate(board::capacity(i) as usize);
        s.pool[i as usize] = SpaceDice::try_from(dice).unwrap();
    }
    for (name, spec) in spaces {
        let id = board::parse_space(name).unwrap();
        s.pool[id as usize] = SpaceDice::try_from(parse_dice(spec)).unwrap();
    }
    recompute_supply(s);
}

pub fn recompute_supply(s: &mut GameState) {
    let mut used = [0i32; 4];
    let mut add = |counts: [u8; 4]| {
        for (u, c) in used.iter_mut().zip(counts) {
            *u += c as i32;
        }
    };
    for sp in &s.pool {
        add(sp.counts());
    }
    for p in &s.players {
        for j in p.jars.iter().flatten() {
            add(j.filled);
        }
    }
    add(s.hand);
    add(s.tempest_dice);
    for (supply, u) in s.supply.iter_mut().zip(used) {
        let left = 26 - u;
        assert!(left >= 0, "scenario uses more than 26 dice of a colour");
        *supply = left as u8;
    }
}

/// The id of the first deck card with these letters and colour.
pub fn card(colour: JarColour, letters: &str) -> CardId {
    let c = Components::default();
    c.deck
        .cards
        .iter()
        .position(|k| k.colour == colour && k.letters() == letters)
        .unwrap() as CardId
}

/// Gives `seat` these two jars (with dice already on them). Each card swaps places with the
/// card the seat held in that slot, so every card stays in exactly one place.
pub fn set_jars(s: &mut GameState, seat: Seat, jars: [(CardId, [u8; 4]); 2]) {
    let comps = Arc::clone(&s.comps);
    for (slot, (id, filled)) in jars.into_iter().enumerate() {
        let old = s.players[seat as usize].jars[slot].map(|j| j.card);
        if old != Some(id) {
            swap_card(s, id, old);
        }
        s.players[seat as usize].jars[slot] = Some(Jar {
            card: id,
            needs: comps.card(id).needs,
            filled,
        });
    }
    recompute_supply(s);
}

/// Puts `old` (or nothing) wherever `id` is now.
fn swap_card(s: &mut GameState, id: CardId, old: Option<CardId>) {
    let comps = Arc::clone(&s.comps);
    let bit = 1u32 << id;
    if s.unseen & bit != 0 {
        s.unseen &= !bit;
        if let Some(o) = old {
            s.unseen |= 1 << o;
        }
        return;
    }
    for pile in s.piles.iter_mut() {
        if pile.top == Some(id) {
            pile.top = old;
            return;
        }
    }
    for p in s.players.iter_mut() {
        for slot in 0..2 {
            if p.jars[slot].is_some_and(|j| j.card == id) {
                p.jars[slot] = old.map(|o| Jar {
                    card: o,
                    needs: comps.card(o).needs,
                    filled: [0; 4],
                });
                return;
            }
        }
    }
    for p in s.players.iter_mut() {
        if p.delivered & bit != 0 {
            p.delivered &= !bit;
            if let Some(o) = old {
                p.delivered |= 1 << o;
            }
            return;
        }
    }
    if s.discards & bit != 0 {
        s.discards &= !bit;
        if let Some(o) = old {
            s.discards |= 1 << o;
        }
        return;
    }
    panic!("card {id} is not somewhere a scenario can take it from");
}

/// Applies an action that must be legal; returns its events.
pub fn ok(s: &mut GameState, a: Action) -> Vec<Event> {
    s.apply(&a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e:?} (waiting for {:?})", s.waiting()))
}

/// Applies an action that must be refused, and checks the state did not change.
pub fn refused(s: &mut GameState, a: Action) -> RuleError {
    let before = s.clone();
    let e = s.apply(&a).expect_err("action should be refused");
    assert_eq!(*s, before, "a refused action changed the state");
    e
}

pub fn space(name: &str) -> SpaceId {
    board::parse_space(name).unwrap()
}

pub fn shore(name: &str) -> ShoreId {
    board::parse_shore(name).unwrap()
}

pub fn dive(shore_name: &str, path: PathKind, number: u8) -> Action {
    Action::Dive {
        shore: shore(shore_name),
        path,
        number,
    }
}

/// An unseen card of this jar colour.
pub fn unseen_of(s: &GameState, colour: JarColour) -> CardId {
    (0..30u8)
        .find(|&c| s.unseen & (1 << c) != 0 && s.comps.card(c).colour == colour)
        .expect("an unseen card of that colour")
}
