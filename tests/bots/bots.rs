//! Bots: only legal moves at every decision type, the same seed gives the same choices, an
//! observation hides the other seats' secrets from a bot, and a search can be cancelled.

use noctiluca_ai::{
    BOT_LEVELS, Bot, HardBot, SearchJob, SearchLimits, decide, make_bot, parse_hard, parse_search,
};
use noctiluca_engine::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

fn config(n: u8) -> GameConfig {
    if n == 1 {
        GameConfig::solo()
    } else {
        GameConfig::players(n)
    }
}

fn kind(d: &Decision) -> &'static str {
    match d {
        Decision::Draft => "draft",
        Decision::Dive => "dive",
        Decision::Store { .. } => "store",
        Decision::PassOffer { .. } => "pass",
        Decision::DeliverOrder => "deliver",
        Decision::ChoosePile => "pile",
        Decision::SoloKeep { .. } => "solo-keep",
        Decision::Chance(_) | Decision::GameOver => "other",
    }
}

/// Random games over every player count; at each seat decision (or a sample of them) asks
/// `level` for a move and checks it is legal. Returns how many positions of each type it
/// checked.
fn check_legal(level: &str, games: u64, every: u32) -> BTreeMap<&'static str, u32> {
    let mut seen = BTreeMap::new();
    for g in 0..games {
        let n = (g % 4) as u8 + 1;
        let mut s = GameState::new(config(n), Arc::new(Components::default())).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(g);
        let mut bot = make_bot(level, g).unwrap();
        let mut k = 0u32;
        while !s.is_over() {
            if let Some(a) = s.sample_chance(&mut rng) {
                s.apply_quiet(&a).unwrap();
                continue;
            }
            let legal = s.legal_actions();
            let d = s.decision();
            k += 1;
            // Ask the bot at every rare decision and at a sample of the common ones.
            let rare = !matches!(d, Decision::Dive | Decision::PassOffer { .. });
            if rare || k.is_multiple_of(every) {
                let a = decide(bot.as_mut(), &s).unwrap();
                assert!(
                    legal.contains(&a),
                    "{level} chose {a:?}, not legal at {d:?} (game {g})"
                );
                *seen.entry(kind(&d)).or_insert(0) += 1;
            }
            // Move on at random, so positions are varied.
            let a = legal[rng.random_range(0..legal.len())];
            s.apply_quiet(&a).unwrap();
        }
    }
    seen
}

fn assert_all_kinds(level: &str, seen: &BTreeMap<&'static str, u32>, min_total: u32) {
    for k in [
        "draft",
        "dive",
        "store",
        "pass",
        "deliver",
        "pile",
        "solo-keep",
    ] {
        assert!(
            seen.get(k).copied().unwrap_or(0) > 0,
            "{level}: no {k} position checked: {seen:?}"
        );
    }
    let total: u32 = seen.values().sum();
    assert!(total >= min_total, "{level}: only {total} positions");
}

#[test]
fn cheap_bots_only_play_legal_moves_at_every_decision_type() {
    for level in ["random", "easy", "normal"] {
        let seen = check_legal(level, 120, 1);
        assert_all_kinds(level, &seen, 3000);
    }
}

#[test]
fn hard_only_plays_legal_moves_at_every_decision_type() {
    let seen = check_legal("hard:12", 60, 8);
    assert_all_kinds("hard", &seen, 1000);
}

#[test]
fn expert_only_plays_legal_moves_at_every_decision_type() {
    // Every table size (games cycle through 1 to 4 seats).
    let seen = check_legal("expert:12", 60, 8);
    assert_all_kinds("expert", &seen, 1000);
}

/// Plays a whole game with `level` at every seat; the decisions made, in order.
fn game_choices(level: &str, n: u8, seed: u64) -> Vec<Action> {
    let mut m = Match::new(config(n), Components::default(), seed).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..n)
        .map(|s| make_bot(level, seed * 10 + s as u64).unwrap())
        .collect();
    let mut out = Vec::new();
    loop {
        m.run_chance_quiet();
        let ToAct::Seat(seat) = m.state.to_act() else {
            break;
        };
        let a = decide(bots[seat as usize].as_mut(), &m.state).unwrap();
        out.push(a);
        m.apply_quiet(a).unwrap();
    }
    out
}

#[test]
fn the_same_seed_gives_the_same_choices() {
    for (level, n) in [
        ("easy", 3),
        ("normal", 4),
        ("normal", 1),
        ("hard:16", 2),
        ("expert:16", 3),
        ("expert:16", 1),
    ] {
        let a = game_choices(level, n, 5);
        let b = game_choices(level, n, 5);
        assert!(a.len() > 20);
        assert_eq!(a, b, "{level} is not deterministic for a seed");
    }
    // And a different bot seed may choose differently (the seed is really used).
    let mut s = GameState::new(config(2), Arc::new(Components::default())).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while s.decision() != Decision::Dive {
        s.play_chance(&mut rng);
        if let ToAct::Seat(_) = s.to_act() {
            let legal = s.legal_actions();
            s.apply_quiet(&legal[0]).unwrap();
        }
    }
    let picks: std::collections::HashSet<_> = (0..20)
        .map(|seed| decide(make_bot("easy", seed).unwrap().as_mut(), &s).unwrap())
        .collect();
    assert!(picks.len() > 1);
}

#[test]
fn a_bot_decides_the_same_whatever_the_others_hold_secretly() {
    // Two real games that differ only in the other seats' favourites and draft hands give the
    // deciding seat the same observation, so a seeded bot must choose the same.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut checked = 0;
    for g in 0..30u64 {
        let mut s = GameState::new(config(3), Arc::new(Components::default())).unwrap();
        while !s.is_over() && checked < 40 {
            if s.play_chance(&mut rng).is_some() {
                continue;
            }
            let ToAct::Seat(me) = s.to_act() else { break };
            let mut alt = s.clone();
            for (i, p) in alt.secrets.iter_mut().enumerate() {
                if i as Seat != me {
                    p.favourite = p
                        .favourite
                        .map(|c| DiceColour::from_index((c.index() + 1) % 4).unwrap());
                }
            }
            assert_eq!(s.observation(Some(me)), alt.observation(Some(me)));
            if rng.random_range(0..6) == 0 {
                let a = decide(make_bot("hard:8", g).unwrap().as_mut(), &s);
                let b = decide(make_bot("hard:8", g).unwrap().as_mut(), &alt);
                assert_eq!(a, b);
                checked += 1;
            }
            let legal = s.legal_actions();
            s.apply_quiet(&legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
    }
    assert!(checked >= 20);
}

#[test]
fn a_cancelled_search_stops_and_answers_with_a_legal_move() {
    let mut s = GameState::new(config(4), Arc::new(Components::default())).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    while s.decision() != Decision::Dive {
        if s.play_chance(&mut rng).is_none() {
            let legal = s.legal_actions();
            s.apply_quiet(&legal[0]).unwrap();
        }
    }
    let ToAct::Seat(seat) = s.to_act() else {
        panic!("a seat dives")
    };
    // No time limit and more iterations than could ever run: only the cancel flag can end it.
    let bot = HardBot::new(
        1,
        SearchLimits {
            iterations: u32::MAX,
            time: None,
        },
    );
    let legal = s.legal_actions();
    let mut job = SearchJob::spawn(Box::new(bot), s.observation(Some(seat)), legal.clone());
    job.cancel();
    let (_, a) = job.join().expect("the search answers");
    assert!(legal.contains(&a));
}

#[test]
fn hard_budgets_parse() {
    assert_eq!(parse_hard("hard"), Some(SearchLimits::DEFAULT));
    assert_eq!(
        parse_hard("hard:250ms").and_then(|l| l.time),
        Some(Duration::from_millis(250))
    );
    assert_eq!(
        parse_hard("hard:2000"),
        Some(SearchLimits {
            iterations: 2000,
            time: None
        })
    );
    assert_eq!(parse_hard("hard:2000it").map(|l| l.iterations), Some(2000));
    assert!(parse_hard("hard:0").is_none() && parse_hard("harder").is_none());
    assert!(make_bot("HARD:300ms", 1).is_some() && make_bot("genius", 1).is_none());
}

#[test]
fn expert_is_a_level_with_the_same_budgets() {
    assert_eq!(
        parse_search("expert", "expert"),
        Some(SearchLimits::DEFAULT)
    );
    assert_eq!(
        parse_search("expert", "expert:500ms").and_then(|l| l.time),
        Some(Duration::from_millis(500))
    );
    assert_eq!(
        parse_search("expert", "expert:3000"),
        Some(SearchLimits {
            iterations: 3000,
            time: None
        })
    );
    assert!(parse_search("expert", "expert:0").is_none());
    assert!(parse_search("expert", "hard:300").is_none());
    assert_eq!(BOT_LEVELS.last(), Some(&"expert"));
    let names: Vec<String> = ["expert", "Expert:250ms", "expert:300"]
        .iter()
        .map(|l| make_bot(l, 1).unwrap().name().to_string())
        .collect();
    assert_eq!(names, ["expert", "expert:250ms", "expert:300it"]);
    assert_eq!(make_bot("hard:300", 1).unwrap().name(), "hard:300it");
}

#[test]
fn the_random_bots_draw_is_rands_own_range_draw() {
    // Small lists as play makes them, and lists so long that the first draw often lands in
    // the biased sliver (a second draw then decides): the same index, and the generators left
    // at the same place.
    let mut sizes: Vec<usize> = (1..=160).collect();
    sizes.extend([1 << 20, 3_000_000_000, 4_000_000_000, u32::MAX as usize]);
    for (k, &n) in sizes.iter().enumerate() {
        let mut ours = ChaCha8Rng::seed_from_u64(k as u64);
        let mut theirs = ours.clone();
        for _ in 0..200 {
            let want = theirs.random_range(0..n);
            assert_eq!(noctiluca_ai::index_below(&mut ours, n), want, "n = {n}");
        }
        assert_eq!(ours.get_word_pos(), theirs.get_word_pos(), "n = {n}");
    }
}
