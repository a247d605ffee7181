//! Logs from outside are untrusted: random, mutated and tampered logs must end in a result or
//! a clear error, never a panic.

use noctiluca_ai::{RandomBot, play_out};
use noctiluca_engine::record::ReplayProblem;
use noctiluca_engine::*;
use proptest::prelude::*;
use std::sync::OnceLock;

fn sample_record(players: u8) -> GameRecord {
    let cfg = if players == 1 {
        GameConfig::solo()
    } else {
        GameConfig::players(players)
    };
    let mut m = Match::new(cfg, Components::default(), 77 + players as u64).unwrap();
    let mut bots: Vec<Box<dyn noctiluca_ai::Bot>> = (0..players)
        .map(|s| Box::new(RandomBot::new(s as u64)) as Box<dyn noctiluca_ai::Bot>)
        .collect();
    play_out(&mut m, &mut bots);
    assert!(m.state.is_over());
    m.to_record()
}

fn records() -> &'static Vec<(GameRecord, String)> {
    static R: OnceLock<Vec<(GameRecord, String)>> = OnceLock::new();
    R.get_or_init(|| {
        [1u8, 2, 3, 4]
            .into_iter()
            .map(|n| {
                let r = sample_record(n);
                let t = r.to_ron();
                (r, t)
            })
            .collect()
    })
}

/// Loads and replays; must not panic. Returns whether it replayed.
fn load_and_replay(text: &str) -> bool {
    match GameRecord::from_ron(text) {
        Ok(rec) => match rec.replay() {
            Ok(state) => {
                let _ = state.final_score();
                true
            }
            Err(e) => {
                assert!(e.entry <= rec.actions.len());
                false
            }
        },
        Err(e) => {
            // A text that does not read as a log is named at its header.
            assert_eq!(e.entry, 0, "{e:?}");
            false
        }
    }
}

fn any_action() -> impl Strategy<Value = Action> {
    let colour = prop_oneof![
        Just(DiceColour::Orange),
        Just(DiceColour::Green),
        Just(DiceColour::Purple),
        Just(DiceColour::Blue)
    ];
    let path = prop_oneof![Just(PathKind::Short), Just(PathKind::Long)];
    prop_oneof![
        (any::<u8>(), colour.clone(), any::<u8>()).prop_map(|(space, colour, face)| {
            Action::SeedDie {
                space,
                die: Die { colour, face },
            }
        }),
        any::<u8>().prop_map(|space| Action::RefillOrder { space }),
        colour
            .clone()
            .prop_map(|colour| Action::DealFavourite { colour }),
        any::<u8>().prop_map(|card| Action::DealCard { card }),
        any::<u8>().prop_map(|seat| Action::FirstPlayer { seat }),
        any::<u8>().prop_map(|number| Action::BlackDie { number }),
        any::<u8>().prop_map(|set_aside| Action::Draft { set_aside }),
        (any::<u8>(), path, any::<u8>()).prop_map(|(shore, path, number)| Action::Dive {
            shore,
            path,
            number
        }),
        (colour.clone(), any::<u8>()).prop_map(|(colour, slot)| Action::Store { colour, slot }),
        (colour, any::<u8>()).prop_map(|(colour, slot)| Action::Take { colour, slot }),
        Just(Action::Decline),
        any::<u8>().prop_map(|slot| Action::Deliver { slot }),
        any::<u8>().prop_map(|pile| Action::TakePile { pile }),
        any::<u8>().prop_map(|card| Action::SoloKeep { card }),
    ]
}

#[derive(Debug, Clone)]
enum Mutation {
    Replace(usize, Action),
    Insert(usize, Action),
    Remove(usize),
    Swap(usize, usize),
    Actor(usize, u8),
    Players(u8),
    FirstPlayer(Option<u8>),
    Truncate(usize),
    TokenValue(usize, u8),
    DeckBonus(usize, u8),
}

fn any_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any_action()).prop_map(|(i, a)| Mutation::Replace(i, a)),
        (any::<usize>(), any_action()).prop_map(|(i, a)| Mutation::Insert(i, a)),
        any::<usize>().prop_map(Mutation::Remove),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, s)| Mutation::Actor(i, s)),
        any::<u8>().prop_map(Mutation::Players),
        proptest::option::of(any::<u8>()).prop_map(Mutation::FirstPlayer),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), any::<u8>()).prop_map(|(i, v)| Mutation::TokenValue(i, v)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, v)| Mutation::DeckBonus(i, v)),
    ]
}

fn mutate(rec: &mut GameRecord, m: &Mutation) {
    let n = rec.actions.len().max(1);
    match m {
        Mutation::Replace(i, a) => {
            if let Some(e) = rec.actions.get_mut(i % n) {
                e.action = *a;
            }
        }
        Mutation::Insert(i, a) => {
            let by = rec.actions.get(i % n).map_or(Actor::Chance, |e| e.by);
            rec.actions.insert(i % n, LogEntry { by, action: *a });
        }
        Mutation::Remove(i) => {
            if !rec.actions.is_empty() {
                rec.actions.remove(i % n);
            }
        }
        Mutation::Swap(a, b) => {
            if !rec.actions.is_empty() {
                rec.actions.swap(a % n, b % n);
            }
        }
        Mutation::Actor(i, s) => {
            if let Some(e) = rec.actions.get_mut(i % n) {
                e.by = if *s == 255 {
                    Actor::Chance
                } else {
                    Actor::Seat(*s)
                };
            }
        }
        Mutation::Players(p) => rec.config.players = *p,
        Mutation::FirstPlayer(f) => rec.config.first_player = *f,
        Mutation::Truncate(i) => rec.actions.truncate(i % n),
        Mutation::TokenValue(i, v) => {
            let s = &mut std::sync::Arc::make_mut(&mut rec.components).tokens.gold;
            let k = i % s.len();
            s[k] = *v;
        }
        Mutation::DeckBonus(i, v) => {
            let k = i % rec.components.deck.cards.len();
            std::sync::Arc::make_mut(&mut rec.components).deck.cards[k].bonus = *v;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(s in "\\PC{0,400}") {
        load_and_replay(&s);
    }

    #[test]
    fn byte_edits_of_a_real_log_never_panic(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0usize..40), 1..6),
    ) {
        let mut bytes = records()[which].1.clone().into_bytes();
        for (pos, byte, len) in edits {
            let at = pos % bytes.len();
            match byte % 3 {
                0 => bytes[at] = byte.max(b' '),
                1 => { let end = (at + len).min(bytes.len()); bytes.drain(at..end); }
                _ => { let end = (at + len).min(bytes.len()); let dup = bytes[at..end].to_vec(); bytes.splice(at..at, dup); }
            }
            if bytes.is_empty() { bytes.push(b'('); }
        }
        load_and_replay(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn structural_mutations_end_in_a_result_or_an_entry_error(
        which in 0usize..4,
        muts in proptest::collection::vec(any_mutation(), 1..5),
    ) {
        let mut rec = records()[which].0.clone();
        for m in &muts {
            mutate(&mut rec, m);
        }
        // Straight replay, and through the RON text.
        let direct = rec.replay();
        let text = rec.to_ron();
        prop_assert_eq!(direct.is_ok(), load_and_replay(&text));
        // Applying any action to any reachable state never panics.
        let mut state = rec.replay_prefix(rec.actions.len() / 2).ok();
        if let Some(s) = state.as_mut() {
            for m in &muts {
                if let Mutation::Replace(_, a) | Mutation::Insert(_, a) = m {
                    let before = s.clone();
                    if s.apply(a).is_err() {
                        prop_assert_eq!(&*s, &before);
                    }
                }
            }
        }
    }
}

#[test]
fn a_tampered_dive_names_its_entry() {
    let mut rec = records()[2].0.clone();
    // Find the second dive and move it onto the shore of the first.
    let dives: Vec<usize> = rec
        .actions
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.action, Action::Dive { .. }))
        .map(|(i, _)| i)
        .collect();
    let Action::Dive { shore, .. } = rec.actions[dives[0]].action else {
        unreachable!()
    };
    if let Action::Dive { shore: s, .. } = &mut rec.actions[dives[1]].action {
        *s = shore;
    }
    let e = rec.replay().unwrap_err();
    assert_eq!(e.entry, dives[1] + 1);
    assert!(
        matches!(
            e.problem,
            ReplayProblem::Rule(RuleError::ShoreTaken { shore: s, .. }) if s == shore
        ),
        "{e:?}"
    );
}

#[test]
fn a_changed_final_score_is_caught() {
    let mut rec = records()[1].0.clone();
    if let Some(s) = rec.final_score.as_mut() {
        s.players[0].total += 1;
    }
    let e = rec.replay().unwrap_err();
    assert_eq!(e.problem, ReplayProblem::FinalScoreMismatch, "{e:?}");
}

#[test]
fn logs_are_self_contained() {
    // Component data, every chance outcome and decision, and the final breakdown are in the
    // text itself.
    let (rec, text) = &records()[3];
    assert!(text.contains("cards:"));
    assert!(text.contains("gold:"));
    assert!(text.contains("sections:"));
    assert!(text.contains("SeedDie"));
    assert!(text.contains("Dive"));
    assert!(rec.final_score.is_some());
    assert!(text.contains("final_score"));
    assert!(rec.actions.iter().any(|e| e.by == Actor::Chance));
    assert!(rec.actions.iter().any(|e| matches!(e.by, Actor::Seat(_))));
}
