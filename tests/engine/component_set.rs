//! A component set in one file: every problem listed with its place, a draft with problems
//! read but never used, the set file preferred over the single files, and a log keeping the
//! set it was played with whatever set is installed later.

use noctiluca_engine::component_set::{Checked, ComponentSet, Part, SET_FILE, SET_VERSION};
use noctiluca_engine::components::{DataProblem, JarCard};
use noctiluca_engine::*;
use std::path::Path;

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("noctiluca-set-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn every_problem_is_listed_with_its_place() {
    let mut set = ComponentSet::new(&Components::default(), Checked::default());
    assert!(set.problems().is_empty());
    set.deck.cards[3] = JarCard::new(JarColour::Gold, vec![DiceColour::Orange; 7], 3);
    set.deck.cards[12].colour = JarColour::Gold;
    set.tokens.red[4] = 0;
    set.tokens.brown.pop();
    set.solo.sections[1].colour = set.solo.sections[0].colour;
    let problems = set.problems();
    let has = |part: Part, f: &dyn Fn(&DataProblem) -> bool| {
        problems.iter().any(|(p, d)| *p == part && f(d))
    };
    assert!(has(Part::Deck, &|d| matches!(
        d,
        DataProblem::CardSpaces {
            card: 4,
            count: 7,
            ..
        }
    )));
    assert!(has(Part::Deck, &|d| matches!(
        d,
        DataProblem::CardBonus {
            card: 4,
            bonus: 3,
            ..
        }
    )));
    assert!(has(Part::Deck, &|d| matches!(
        d,
        DataProblem::CardsOfColour {
            colour: JarColour::Gold,
            count: 11
        }
    )));
    assert!(has(Part::Deck, &|d| matches!(
        d,
        DataProblem::CardsOfColour {
            colour: JarColour::Brown,
            count: 9
        }
    )));
    assert!(has(Part::Tokens, &|d| matches!(
        d,
        DataProblem::StackValue {
            colour: JarColour::Red,
            ..
        }
    )));
    assert!(has(Part::Tokens, &|d| matches!(
        d,
        DataProblem::StackSize {
            colour: JarColour::Brown,
            count: 9
        }
    )));
    assert!(has(Part::Solo, &|d| matches!(
        d,
        DataProblem::SameColour { .. }
    )));
    assert_eq!(problems.len(), 7, "{problems:?}");
    assert!(set.usable().is_err(), "a set with problems is never used");
}

#[test]
fn a_set_file_reads_back_and_a_foreign_file_is_named() {
    let mut c = Components::default();
    c.tokens.gold = vec![2, 3, 3, 4, 4, 5, 5, 6, 7, 8];
    let set = ComponentSet::new(
        &c,
        Checked {
            deck: true,
            tokens: false,
            solo: true,
        },
    );
    let text = set.to_ron();
    let back = ComponentSet::from_ron(Path::new("set.ron"), &text).unwrap();
    assert_eq!(back, set);
    // With a byte-order mark, as some editors write.
    let bom = format!("\u{feff}{text}");
    assert_eq!(
        ComponentSet::from_ron(Path::new("set.ron"), &bom).unwrap(),
        set
    );
    let foreign = ComponentSet::from_ron(
        Path::new("log.ron"),
        "(format: \"noctiluca-game-log\", version: 2)",
    );
    assert_eq!(foreign.unwrap_err().problem, DataProblem::NotASet);
    // A later version's set is said to be one, not "not a set".
    let version = format!("version: {SET_VERSION}");
    assert!(text.contains(&version), "{text}");
    let later = text.replacen(&version, &format!("version: {}", SET_VERSION + 6), 1);
    assert_eq!(
        ComponentSet::from_ron(Path::new("set.ron"), &later)
            .unwrap_err()
            .problem,
        DataProblem::NewerSet {
            found: SET_VERSION + 6,
            supported: SET_VERSION
        }
    );
    // A card with a bad letter is found by its line: the problem alone does not say which.
    let third = text.replacen("\"OOPB\"", "\"OOXB\"", 1);
    let broken = ComponentSet::from_ron(Path::new("set.ron"), &third).unwrap_err();
    assert!(matches!(
        broken.problem,
        DataProblem::SpaceLetter { letter: 'X', at: 3 }
    ));
    let line = third.lines().position(|l| l.contains("OOXB")).unwrap() + 1;
    assert_eq!(broken.line, Some(line));
    // A problem of the whole file has no line of its own.
    let foreign = ComponentSet::from_ron(Path::new("set.ron"), "(format: \"other\")");
    assert_eq!(foreign.unwrap_err().line, None);
}

#[test]
fn an_installed_set_is_used_in_place_of_the_single_files_and_a_broken_one_is_refused() {
    let dir = scratch("load");
    let mut c = Components::default();
    c.tokens.red = vec![2, 2, 2, 3, 3, 4, 5, 6, 7, 8];
    std::fs::write(
        dir.join(SET_FILE),
        ComponentSet::new(&c, Checked::default()).to_ron(),
    )
    .unwrap();
    let (loaded, sources) = Components::load(Some(&dir)).unwrap();
    assert_eq!(loaded.tokens.red, c.tokens.red);
    assert!(
        sources
            .iter()
            .all(|s| matches!(s, DataSource::File(p) if p.ends_with(SET_FILE)))
    );
    // A set with a problem is not used: loading says which file and what.
    c.tokens.red.pop();
    std::fs::write(
        dir.join(SET_FILE),
        ComponentSet::new(&c, Checked::default()).to_ron(),
    )
    .unwrap();
    let e = Components::load(Some(&dir)).unwrap_err();
    assert!(e.file.ends_with(SET_FILE));
    assert!(matches!(e.problem, DataProblem::StackSize { count: 9, .. }));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_log_replays_the_same_whatever_set_is_installed_later() {
    let mut c = Components::default();
    c.tokens.gold = vec![2, 3, 4, 4, 5, 5, 6, 6, 7, 8];
    c.deck.cards.swap(0, 5);
    // A whole 3-player game played with the edited set, logged.
    let record = {
        let mut r = GameRecord::new(GameConfig::players(3), c);
        let mut s =
            GameState::new(GameConfig::players(3), std::sync::Arc::clone(&r.components)).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(4);
        while !s.is_over() {
            let a = crate::common::random_action(&s, &mut rng);
            let by = match s.to_act() {
                ToAct::Seat(x) => Actor::Seat(x),
                _ => Actor::Chance,
            };
            s.apply(&a).unwrap();
            r.actions.push(LogEntry { by, action: a });
        }
        r.final_score = Some(s.final_score());
        r
    };
    let before = record.replay().unwrap().final_score();
    // Another set installed since: the log still carries its own and replays the same.
    let dir = scratch("later");
    let mut other = Components::default();
    other.tokens.gold = vec![2, 3, 3, 4, 5, 6, 7, 8, 8, 8];
    std::fs::write(
        dir.join(SET_FILE),
        ComponentSet::new(&other, Checked::default()).to_ron(),
    )
    .unwrap();
    let (now_in_use, _) = Components::load(Some(&dir)).unwrap();
    assert_ne!(now_in_use, *record.components);
    let text = record.to_ron();
    let again = GameRecord::from_ron(&text)
        .unwrap()
        .replay()
        .unwrap()
        .final_score();
    assert_eq!(again, before);
    let _ = std::fs::remove_dir_all(&dir);
}
