//! The engine's sentences in Traditional Chinese: the game log, actions, decisions, chance
//! outcomes, rule errors, scoring explanations and problems, the solo companion's log, and the
//! errors of component data and saved games. Every one must come from the catalogue (nothing
//! missing, real Chinese), and English must read exactly as before once the language is back.

use noctiluca::engine::components::{
    DEFAULT_DECK_RON, DEFAULT_SOLO_RON, DEFAULT_TOKENS_RON, JarDeck, SoloBoard, TokenValues,
};
use noctiluca::engine::scoring::{self, PlayerInput};
use noctiluca::engine::solo::{SoloCompanion, SoloInput, SoloStep};
use noctiluca::engine::state::SpaceDice;
use noctiluca::engine::*;
use noctiluca::i18n::{self, Lang};
use noctiluca::words::Words;
use noctiluca::words::{
    ActionWords, ComponentWords, EventWords, Label, MajorityWords, SoloEventWords,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Seat names without a Latin letter, so that any English left in a sentence shows.
const NAMES: [&str; 4] = ["小明", "阿美", "志豪", "淑芬"];

fn names() -> Vec<String> {
    NAMES.iter().map(|n| n.to_string()).collect()
}

fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

/// Runs of two or more Latin letters: English words (space and shore codes have one letter).
fn latin_words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .map(str::to_string)
        .collect()
}

fn random_colour(rng: &mut ChaCha8Rng) -> DiceColour {
    DiceColour::ALL[rng.random_range(0..4)]
}

/// Any action at all, legal or not, with values a little out of range now and then.
fn random_action(rng: &mut ChaCha8Rng) -> Action {
    match rng.random_range(0..14) {
        0 => Action::SeedDie {
            space: rng.random_range(0..20),
            die: Die {
                colour: random_colour(rng),
                face: rng.random_range(0..8),
            },
        },
        1 => Action::RefillOrder {
            space: rng.random_range(0..20),
        },
        2 => Action::DealFavourite {
            colour: random_colour(rng),
        },
        3 => Action::DealCard {
            card: rng.random_range(0..32),
        },
        4 => Action::FirstPlayer {
            seat: rng.random_range(0..5),
        },
        5 => Action::BlackDie {
            number: rng.random_range(0..8),
        },
        6 => Action::Draft {
            set_aside: rng.random_range(0..32),
        },
        7 => Action::Dive {
            shore: rng.random_range(0..13),
            path: PathKind::ALL[rng.random_range(0..2)],
            number: rng.random_range(0..8),
        },
        8 => Action::Store {
            colour: random_colour(rng),
            slot: rng.random_range(0..3),
        },
        9 => Action::Take {
            colour: random_colour(rng),
            slot: rng.random_range(0..3),
        },
        10 => Action::Decline,
        11 => Action::Deliver {
            slot: rng.random_range(0..3),
        },
        12 => Action::TakePile {
            pile: rng.random_range(0..5),
        },
        _ => Action::SoloKeep {
            card: rng.random_range(0..32),
        },
    }
}

/// Plays `games` random games at every table size and writes down everything the engine says
/// along the way: each decision awaited, every legal action or chance outcome, a few refused
/// actions, every event, and at the end the score breakdown and the majority sentences.
fn random_games(games: u64) -> Vec<String> {
    let names = names();
    let seat_name = |s: Seat| names[s as usize].clone();
    let mut out = Vec::new();
    for n in 1..=4u8 {
        for seed in 0..games {
            let cfg = if n == 1 {
                GameConfig::solo()
            } else {
                GameConfig::players(n)
            };
            let mut m = Match::new(cfg, Components::default(), seed * 31 + n as u64).unwrap();
            let comps = Arc::clone(&m.state.comps);
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x1_8e4);
            while !m.state.is_over() {
                out.push(noctiluca::words::waiting(&m.state.waiting()));
                let legal = m.state.legal_actions();
                out.extend(legal.iter().map(|a| a.describe(&comps)));
                for _ in 0..2 {
                    if let Err(e) = m.state.check(&random_action(&mut rng)) {
                        out.push(e.words());
                    }
                }
                let a = match m.state.to_act() {
                    ToAct::Chance => m.sample_chance().unwrap(),
                    _ => legal[rng.random_range(0..legal.len())],
                };
                for e in m.apply(a).unwrap() {
                    out.push(e.describe(&comps, &seat_name));
                }
            }
            out.push(noctiluca::words::waiting(&m.state.waiting()));
            out.push(m.apply(Action::Decline).unwrap_err().words());
            let mut input = m.state.score_input();
            for (p, name) in input.players.iter_mut().zip(&names) {
                p.name = name.clone();
            }
            let result = scoring::score(&input);
            out.push(noctiluca::words::describe_score(&input, &result));
            out.extend(result.majorities.iter().map(|mj| mj.explain(&names)));
            assert!(scoring::check(&input, &comps).is_empty());
        }
    }
    out
}

/// Follows random solo games with the companion, reports out of turn included.
fn companion_games(games: u64) -> Vec<String> {
    let comps = Arc::new(Components::default());
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut c = SoloCompanion::new(Arc::clone(&comps));
        let mut reports = 0;
        loop {
            let input = match rng.random_range(0..6) {
                0 => SoloInput::CouldNotStore {
                    dice: [0, 1, 2, 3, 105][rng.random_range(0..5)],
                },
                1 => SoloInput::Delivered {
                    colour: JarColour::ALL[rng.random_range(0..3)],
                },
                2 => SoloInput::StartTempest,
                3 => SoloInput::Discard {
                    colour: [None, Some(JarColour::Gold), Some(JarColour::Red)]
                        [rng.random_range(0..3)],
                },
                _ => SoloInput::BlackDie {
                    number: rng.random_range(0..8),
                },
            };
            out.push(noctiluca::words::solo_turn(c.current_turn()));
            match c.apply(input) {
                Ok(events) => out.extend(events.iter().map(|e| e.describe(&comps))),
                Err(e) => out.push(e.words()),
            }
            reports += 1;
            if c.step == SoloStep::GameOver {
                out.push(c.apply(SoloInput::StartTempest).unwrap_err().words());
                break;
            }
            assert!(reports < 10_000, "the companion never reached the end");
        }
        let player = PlayerInput {
            name: NAMES[0].to_string(),
            delivered: c
                .player_token_values()
                .iter()
                .map(|(_, v)| v.len() as u32)
                .sum(),
            ..Default::default()
        };
        let input = c.score_input(player);
        let result = scoring::score(&input);
        out.push(noctiluca::words::describe_score(&input, &result));
        out.extend(result.majorities.iter().map(|mj| mj.explain(&names())));
        // Undo, and a saved list of reports that no longer replays.
        assert!(c.undo());
        let mut log = c.log.clone();
        log.insert(0, SoloInput::BlackDie { number: 3 });
        out.push(
            SoloCompanion::replay(Arc::clone(&comps), &log)
                .unwrap_err()
                .words(),
        );
    }
    out
}

/// Events, actions and labels that random play rarely or never reaches, built directly.
fn rare_sentences() -> Vec<String> {
    let comps = Components::default();
    let names = names();
    let seat_name = |s: Seat| names[s as usize].clone();
    let events = [
        Event::Delivered {
            seat: 1,
            slot: 0,
            card: 4,
            token: None,
        },
        Event::NewJar {
            seat: 2,
            slot: 1,
            card: 5,
            pile: None,
        },
        Event::NoJarLeft { seat: 3 },
        Event::TempestDiscard {
            card: Some(6),
            token: None,
        },
        Event::TempestDiscard {
            card: None,
            token: None,
        },
        Event::RefillSpace { space: 7 },
        Event::ToSupply { dice: [0; 4] },
        Event::BlackDie {
            number: 2,
            section: 9,
            space: 4,
            cleared: [0, 0, 0, 0],
        },
        Event::ArrowRotated { section: 9 },
        Event::PassStarted { dice: [1, 0, 2, 1] },
        Event::PileTop { pile: 1, card: 99 },
    ];
    let mut out: Vec<String> = events
        .iter()
        .map(|e| e.describe(&comps, &seat_name))
        .collect();
    out.push(Action::RefillOrder { space: 3 }.describe(&comps));
    out.push(comps.section_label(7));
    out.push(noctiluca::words::join_names(&names[..3]));
    out.push(noctiluca::words::join_names(&names[..2]));
    out
}

/// A 4-player game at its refill from a short supply: round 1 ends with many dice on jars.
fn short_supply_refill() -> Vec<String> {
    let comps = Arc::new(Components::default());
    for seed in 0..2000u64 {
        let mut s = GameState::new(GameConfig::players(4), Arc::clone(&comps)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !s.is_over() {
            if s.decision() == Decision::Chance(ChanceKind::RefillOrder) {
                let mut out = vec![noctiluca::words::waiting(&s.waiting())];
                for a in s.legal_actions() {
                    out.push(a.describe(&comps));
                }
                let a = s.sample_chance(&mut rng).unwrap();
                let names = names();
                for e in s.apply(&a).unwrap() {
                    out.push(e.describe(&comps, &|x| names[x as usize].clone()));
                }
                // The space just ordered cannot come next again.
                let again = s.check(&a).unwrap_err().words();
                let Action::RefillOrder { space } = a else {
                    unreachable!("a refill order")
                };
                let name = noctiluca::engine::board::space_name(space);
                assert!(
                    again.contains(&name),
                    "a refill space was ordered twice, named by its name {name}: {again}"
                );
                out.push(again);
                return out;
            }
            let a = match s.sample_chance(&mut rng) {
                Some(a) => a,
                None => {
                    let legal = s.legal_actions();
                    legal[rng.random_range(0..legal.len())]
                }
            };
            s.apply(&a).unwrap();
        }
    }
    panic!("no random 4-player game needed a refill order");
}

/// Every kind of rule error, with the English it must contain.
fn rule_errors() -> Vec<(String, &'static str)> {
    let comps = Arc::new(Components::default());
    let mut out = Vec::new();
    let push = |out: &mut Vec<(String, &'static str)>, r: Result<(), RuleError>, english| {
        out.push((r.expect_err(english).words(), english));
    };
    push(&mut out, Err(RuleError::GameOver), "the game is over");
    let s = GameState::new(GameConfig::players(2), Arc::clone(&comps)).unwrap();
    push(
        &mut out,
        s.check(&Action::Decline),
        "the game is waiting for",
    );
    push(
        &mut out,
        s.check(&Action::SeedDie {
            space: 30,
            die: Die {
                colour: DiceColour::Blue,
                face: 3,
            },
        }),
        "space #30",
    );
    push(
        &mut out,
        GameConfig {
            players: 5,
            first_player: None,
        }
        .validate(),
        "1 to 4 players",
    );
    push(
        &mut out,
        GameConfig {
            players: 2,
            first_player: Some(3),
        }
        .validate(),
        "does not exist",
    );
    let mut short_deck = (*comps).clone();
    short_deck.deck.cards.pop();
    push(
        &mut out,
        GameState::new(GameConfig::players(2), Arc::new(short_deck)).map(|_| ()),
        "component data",
    );
    out.push((
        SpaceDice::try_from(vec![
            Die {
                colour: DiceColour::Orange,
                face: 1
            };
            6
        ])
        .unwrap_err()
        .0
        .words(),
        "at most 5 dice",
    ));
    // At the first dive: shores, numbers, taken shores, pawns.
    let mut s = GameState::new(GameConfig::players(2), Arc::clone(&comps)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while s.decision() != Decision::Dive {
        let a = match s.sample_chance(&mut rng) {
            Some(a) => a,
            None => s.legal_actions()[0],
        };
        s.apply(&a).unwrap();
    }
    let dive = |shore, number| Action::Dive {
        shore,
        path: PathKind::Long,
        number,
    };
    push(
        &mut out,
        s.check(&dive(12, 3)),
        "there is no shore S13: the shores are S1 to S12",
    );
    push(
        &mut out,
        s.check(&dive(99, 3)),
        "there is no shore S100: the shores are S1 to S12",
    );
    push(&mut out, s.check(&dive(0, 9)), "1 to 6");
    push(&mut out, s.check(&Action::Decline), "is not possible now");
    let mut taken = s.clone();
    let seat = match taken.to_act() {
        ToAct::Seat(x) => x,
        _ => unreachable!(),
    };
    taken.shores[0] = Some(noctiluca::engine::state::Pawn { seat, round: 1 });
    push(&mut out, taken.check(&dive(0, 3)), "is taken by a pawn");
    let mut no_pawns = s.clone();
    no_pawns.players[seat as usize].pawns = 0;
    push(&mut out, no_pawns.check(&dive(1, 3)), "no pawns left");
    let blue = Die {
        colour: DiceColour::Blue,
        face: 3,
    };
    out.push((
        RuleError::SeedDie(s.fill.die_problem(0, blue, &s.supply).unwrap()).words(),
        "the pool is not being filled",
    ));
    push(
        &mut out,
        s.check(&Action::BlackDie { number: 9 }),
        "the game is waiting for",
    );
    // Jars and cards beyond what there is are named in the numbering players see.
    let until = |mut st: GameState, want: &dyn Fn(Decision) -> bool| {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        while !want(st.decision()) {
            let a = match st.sample_chance(&mut rng) {
                Some(a) => a,
                None => st.legal_actions()[0],
            };
            st.apply(&a).unwrap();
        }
        st
    };
    let store = until(s.clone(), &|d| matches!(d, Decision::Store { .. }));
    let Decision::Store { colour } = store.decision() else {
        unreachable!()
    };
    push(
        &mut out,
        store.check(&Action::Store { colour, slot: 7 }),
        "there is no jar 8: each player has jars 1 and 2",
    );
    let fresh = GameState::new(GameConfig::players(2), Arc::clone(&comps)).unwrap();
    let deal = until(fresh, &|d| {
        matches!(
            d,
            Decision::Chance(ChanceKind::DealDraftCard { .. } | ChanceKind::RevealPile { .. })
        )
    });
    push(
        &mut out,
        deal.check(&Action::DealCard { card: 255 }),
        "there is no card #255: the deck's cards are #0 to #29",
    );
    out.push((
        RuleError::StoreColourFirst {
            want: DiceColour::Orange,
            got: DiceColour::Blue,
        }
        .words(),
        "first decide where an orange die goes",
    ));
    out
}

/// Broken component data files and broken game logs, each with the English it must contain.
fn data_and_log_errors() -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = Vec::new();
    let mut deck = |text: String, english| {
        out.push((
            JarDeck::from_ron("deck.ron", &text).unwrap_err().words(),
            english,
        ))
    };
    deck("(cards: [])".into(), "0 cards");
    deck(
        DEFAULT_DECK_RON.replacen("colour: Brown", "colour: Gold", 1),
        "11 gold cards",
    );
    deck(
        DEFAULT_DECK_RON.replacen("\"OOGG\"", "\"OOG\"", 1),
        "has 3 spaces",
    );
    deck(
        DEFAULT_DECK_RON.replacen("bonus: 0", "bonus: 3", 1),
        "has bonus 3",
    );
    deck(
        DEFAULT_DECK_RON.replacen("\"OOGG\"", "\"OOXG\"", 1),
        "space 3 is written 'X'",
    );
    let tokens = |text: &str| TokenValues::from_ron("t.ron", text).unwrap_err().words();
    let good = "[2, 2, 3, 3, 4, 4, 5, 5, 6, 8]";
    let three = |gold: &str| format!("(gold: {gold}, brown: {good}, red: {good})");
    out.push((tokens(&three("[2, 2, 3]")), "3 values"));
    out.push((
        tokens(&three("[0, 2, 3, 3, 4, 4, 5, 5, 6, 8]")),
        "outside 1..50",
    ));
    out.push((
        tokens(&three("[8, 2, 3, 3, 4, 4, 5, 5, 6, 2]")),
        "numerical order",
    ));
    let solo = |text: String| SoloBoard::from_ron("s.ron", &text).unwrap_err().words();
    out.push((
        solo(DEFAULT_SOLO_RON.replacen("\"O12\"", "\"O1\"", 1)),
        "O1 is listed twice",
    ));
    out.push((
        solo(DEFAULT_SOLO_RON.replacen("\"O12\"", "\"X9\"", 1)),
        "not a space name",
    ));
    out.push((
        solo(DEFAULT_SOLO_RON.replacen(", \"O12\"", "", 1)),
        "lists 5 spaces",
    ));
    out.push((
        solo(DEFAULT_SOLO_RON.replacen("start: 0", "start: 5", 1)),
        "start is 5",
    ));
    // Text that is not in the file's shape, in words rather than the reader's type names.
    for (text, english) in [
        (
            "(start: 0, sections: [(colour: Purple, spaces: [\"I1",
            "text in double quotes",
        ),
        ("(start: 0, sections: 5)", "a “[” was expected"),
        ("(start: x, sections: [])", "a number was expected"),
        (
            "(start: 0 sections: [])",
            "a comma, or a closing bracket, was expected",
        ),
        ("[]", "a “(” was expected here"),
    ] {
        let e = solo(text.to_string());
        assert!(!e.contains("Expected"), "{e}");
        out.push((e, english));
    }
    let mut board = SoloBoard::from_ron("s.ron", DEFAULT_SOLO_RON).unwrap();
    board.sections.pop();
    out.push((board.validate().unwrap_err().words(), "2 sections listed"));
    let dir = std::env::temp_dir().join(format!("noct-i18n-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("jar-deck.ron"), [0x28, 0xc3, 0x28]).unwrap();
    out.push((
        Components::load(Some(&dir)).unwrap_err().words(),
        "it is not UTF-8 text",
    ));
    std::fs::write(dir.join("jar-deck.ron"), [0xff, 0xfe, 0x28, 0x00]).unwrap();
    out.push((
        Components::load(Some(&dir)).unwrap_err().words(),
        "save it again as UTF-8",
    ));
    std::fs::remove_dir_all(&dir).unwrap();
    out.push((DataSource::Builtin.words(), "built-in default"));
    assert!(
        DEFAULT_TOKENS_RON.contains(good),
        "the token file still reads as this test expects"
    );

    // Game logs.
    let mut m = Match::new(GameConfig::players(2), Components::default(), 7).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    while !m.state.is_over() {
        let a = match m.sample_chance() {
            Some(a) => a,
            None => {
                let legal = m.state.legal_actions();
                legal[rng.random_range(0..legal.len())]
            }
        };
        m.apply(a).unwrap();
    }
    let done = m.to_record();
    let mut log = |rec: &GameRecord, english| {
        let e = GameRecord::from_ron(&rec.to_ron())
            .and_then(|r| r.replay().map(|_| ()))
            .unwrap_err();
        out.push((e.words(), english));
    };
    let mut r = done.clone();
    r.format = "chess".into();
    log(&r, "not a Noctiluca game log");
    let mut r = done.clone();
    r.version = 9;
    log(&r, "log version 9");
    let mut r = done.clone();
    std::sync::Arc::make_mut(&mut r.components).deck.cards.pop();
    log(&r, "component data");
    let mut r = done.clone();
    r.config.players = 6;
    log(&r, "config");
    let mut r = done.clone();
    r.actions[0].by = Actor::Seat(1);
    log(&r, "entry 1: recorded as seat 2");
    let mut r = done.clone();
    r.actions[0].action = Action::Decline;
    log(
        &r,
        "entry 1: the rules do not allow this move here (the game is waiting for",
    );
    let mut r = done.clone();
    r.actions.push(r.actions[r.actions.len() - 1].clone());
    r.final_score = None;
    r.final_input = None;
    log(&r, "already over");
    let mut r = done.clone();
    r.actions.pop();
    log(&r, "stops before the end");
    let mut r = done.clone();
    r.final_score.as_mut().unwrap().players[0].total += 1;
    log(&r, "recorded final score does not match");
    let mut r = done.clone();
    r.final_input.as_mut().unwrap().players[0].name = "?".into();
    log(&r, "final scoring input does not match");
    out.push((
        GameRecord::from_ron("not a log").unwrap_err().words(),
        "not a readable game log",
    ));
    out
}

pub(crate) fn assert_chinese(what: &str, texts: &[String]) {
    let missing = i18n::take_missing();
    assert!(missing.is_empty(), "{what}: no Chinese for {missing:#?}");
    for t in texts {
        assert!(has_cjk(t), "{what}: not translated: {t:?}");
    }
}

#[test]
fn random_games_at_every_table_size_read_in_chinese() {
    i18n::set_lang(Lang::En);
    let english = random_games(20);
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let mut texts = random_games(200);
    texts.extend(companion_games(60));
    texts.extend(rare_sentences());
    texts.extend(short_supply_refill());
    assert_chinese("random games", &texts);
    for t in &texts {
        let words = latin_words(t);
        assert!(words.is_empty(), "English {words:?} left in {t:?}");
    }
    i18n::set_lang(Lang::En);
    assert_eq!(random_games(20), english, "English changed after Chinese");
    assert!(i18n::take_missing().is_empty());
}

#[test]
fn every_rule_error_reads_in_chinese() {
    i18n::set_lang(Lang::En);
    let english: Vec<String> = rule_errors().into_iter().map(|(e, _)| e).collect();
    for (e, want) in rule_errors() {
        assert!(e.contains(want), "{e:?} should say {want:?}");
    }
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let zh: Vec<String> = rule_errors().into_iter().map(|(e, _)| e).collect();
    assert_chinese("rule errors", &zh);
    assert_eq!(
        zh[0], "遊戲已結束",
        "RuleError::GameOver reads as the rulebook would say it"
    );
    i18n::set_lang(Lang::En);
    let again: Vec<String> = rule_errors().into_iter().map(|(e, _)| e).collect();
    assert_eq!(again, english);
}

#[test]
fn component_data_and_game_log_errors_read_in_chinese() {
    i18n::set_lang(Lang::En);
    let english = data_and_log_errors();
    for (e, want) in &english {
        assert!(e.contains(want), "{e:?} should say {want:?}");
    }
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let zh: Vec<String> = data_and_log_errors().into_iter().map(|(e, _)| e).collect();
    assert_chinese("data and log errors", &zh);
    i18n::set_lang(Lang::En);
    assert_eq!(data_and_log_errors(), english);
}

#[test]
fn the_rulebook_majority_example_in_chinese() {
    // Bridget and Char hold 3 red tokens each, Adam 1: 3 are left, 1 each, 1 discarded.
    let player = |name: &str, red: &[u32]| PlayerInput {
        name: name.into(),
        tokens: scoring::PerJar {
            red: red.to_vec(),
            ..Default::default()
        },
        delivered: red.len() as u32,
        ..Default::default()
    };
    let input = ScoreInput {
        players: vec![
            player("Bridget", &[2, 3, 4]),
            player("Char", &[2, 3, 5]),
            player("Adam", &[4]),
        ],
        ..Default::default()
    };
    let names: Vec<String> = input.players.iter().map(|p| p.name.clone()).collect();
    let result = scoring::score(&input);
    let red = &result.majorities[JarColour::Red.index()];
    let gold = &result.majorities[JarColour::Gold.index()];
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    assert_eq!(
        red.explain(&names),
        "紅色：Bridget 和 Char 平手，各有 3 個標記；標記堆剩下 3 個 → 每人拿取 1 個，棄掉 1 個。"
    );
    assert_eq!(
        gold.explain(&names),
        "金色：沒有人持有金色分數標記；標記堆（剩下 10 個）保持不動。"
    );
    let all = noctiluca::words::describe_score(&input, &result);
    assert!(all.starts_with("玩家"), "{all}");
    assert!(
        all.ends_with(
            "\nChar 以 11 分獲勝。\n其後：第 2 名 Bridget（10 分）；第 3 名 Adam（4 分）。\n"
        ),
        "{all}"
    );
    assert!(i18n::take_missing().is_empty());
    i18n::set_lang(Lang::En);
    assert_eq!(
        red.explain(&names),
        "Red: Bridget and Char tie with 3 tokens each; 3 left in the stack → 1 each, 1 discarded."
    );
}

#[test]
fn labels_for_colours_paths_and_directions() {
    let comps = Components::default();
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let dice: Vec<&str> = DiceColour::ALL.iter().map(|c| c.label()).collect();
    assert_eq!(dice, ["橙色", "綠色", "紫色", "藍色"]);
    let jars: Vec<&str> = JarColour::ALL.iter().map(|c| c.label()).collect();
    assert_eq!(jars, ["金色", "棕色", "紅色"]);
    assert_eq!(PathKind::Long.label(), "長");
    assert_eq!(Direction::CounterClockwise.label(), "逆時針");
    assert_eq!(Direction::Clockwise.label(), "順時針");
    assert_eq!(comps.card_label(0), "金色罐子 橙橙綠綠（+0）");
    assert_eq!(comps.section_label(comps.solo.start), "紫色");
    assert_eq!(
        noctiluca::words::describe_counts(&[2, 0, 1, 0]),
        "2 個橙色、1 個紫色"
    );
    assert_eq!(noctiluca::words::describe_counts(&[0; 4]), "無");
    assert!(i18n::take_missing().is_empty());
    // The names files and the command line read stay English.
    assert_eq!(DiceColour::Orange.name(), "orange");
    assert_eq!(DiceColour::from_name("orange"), Some(DiceColour::Orange));
    assert_eq!(JarColour::Gold.to_string(), "gold");
    assert_eq!(Direction::Clockwise.name(), "clockwise");
    assert_eq!(PathKind::Short.name(), "short");
    i18n::set_lang(Lang::En);
    assert_eq!(comps.card_label(0), "gold OOGG (+0)");
    assert_eq!(PathKind::Long.label(), "long");
    assert_eq!(Direction::CounterClockwise.label(), "counter-clockwise");
    assert_eq!(
        noctiluca::words::describe_counts(&[2, 0, 1, 0]),
        "2 orange, 1 purple"
    );
}

#[test]
fn the_names_the_app_gives_are_kept_in_english_and_shown_in_the_readers_language() {
    use noctiluca::i18n::{Lang, with_lang};
    use noctiluca::words::{person_name, stored_name};
    // A seat left unnamed in a Chinese game is the same person as in an English one.
    let zh_default = with_lang(Lang::ZhHant, || noctiluca::words::player_name("", 0));
    assert_eq!(zh_default, "玩家 1");
    assert_eq!(stored_name(&zh_default, 0), "Player 1");
    assert_eq!(stored_name("Player 2", 1), "Player 2");
    assert_eq!(
        stored_name("玩家 1", 1),
        "玩家 1",
        "another seat's default name is a name someone typed"
    );
    assert_eq!(stored_name("Ada", 0), "Ada");
    with_lang(Lang::ZhHant, || {
        assert_eq!(person_name("Player 3"), "玩家 3");
        assert_eq!(person_name("easy bot"), "電腦（簡單）");
        assert_eq!(person_name("Ada"), "Ada");
    });
    assert_eq!(person_name("easy bot"), "AI Easy");
    assert_eq!(person_name("Player 3"), "Player 3");
    assert!(noctiluca::words::is_bot_person("expert bot"));
    assert!(!noctiluca::words::is_bot_person("Ada"));
}

#[test]
fn laps_are_spelled_out_to_the_ninth_then_read_as_ordinals() {
    use noctiluca::words::lap_words;
    i18n::set_lang(Lang::En);
    let want = [
        (1, "first time round"),
        (3, "third time round"),
        (4, "fourth time round"),
        (9, "ninth time round"),
        (10, "10th time round"),
        (11, "11th time round"),
        (12, "12th time round"),
        (13, "13th time round"),
        (21, "21st time round"),
        (22, "22nd time round"),
        (23, "23rd time round"),
    ];
    for (lap, words) in want {
        assert_eq!(lap_words(lap), words);
    }
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    assert_eq!(lap_words(4), "第四圈傳遞");
    assert_eq!(lap_words(10), "第 10 圈傳遞");
    assert_eq!(lap_words(21), "第 21 圈傳遞");
    assert_eq!(lap_words(22), "第 22 圈傳遞");
    assert!(i18n::take_missing().is_empty());
    i18n::set_lang(Lang::En);
}
