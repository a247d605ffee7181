//! What every reader of user files must do with any input: never panic, and whatever it
//! accepts must come back the same after writing it out and reading it again. Shared by the
//! stable property test (`tests/engine/readers.rs`) and the fuzz targets (`tests/fuzz`).
#![allow(dead_code)]

use noctiluca_engine::component_set::ComponentSet;
use noctiluca_engine::components::{JarDeck, SoloBoard, TokenValues};
use noctiluca_engine::scoring::{self, ScoreInput};
use noctiluca_engine::{Components, GameRecord};

/// A game log: read, replayed when it reads; an accepted log round-trips.
pub fn check_log(text: &str) -> bool {
    let Ok(rec) = GameRecord::from_ron(text) else {
        return false;
    };
    let replayed = rec.replay();
    let again = GameRecord::from_ron(&rec.to_ron()).expect("a log written out reads back");
    assert_eq!(again, rec, "a log round-trips");
    if let Ok(state) = replayed {
        assert_eq!(again.replay().ok(), Some(state), "and replays the same");
        return true;
    }
    false
}

/// A score sheet: read, checked and scored; an accepted sheet round-trips.
pub fn check_sheet(text: &str) -> bool {
    let Ok(input) = ron::from_str::<ScoreInput>(text) else {
        return false;
    };
    let result = scoring::score(&input);
    let _ = scoring::check(&input, &Components::default());
    let written = ron::to_string(&input).expect("a sheet is written out");
    let again: ScoreInput = ron::from_str(&written).expect("a sheet written out reads back");
    assert_eq!(again, input, "a sheet round-trips");
    assert_eq!(scoring::score(&again), result, "and scores the same");
    true
}

/// Component data of the four kinds (`kind` picks one): an accepted file round-trips.
pub fn check_components(kind: u8, text: &str) -> bool {
    match kind % 4 {
        0 => JarDeck::from_ron("deck.ron", text).is_ok_and(|d| {
            let w = ron::to_string(&d).unwrap();
            assert_eq!(JarDeck::from_ron("deck.ron", &w).unwrap(), d);
            true
        }),
        1 => TokenValues::from_ron("tokens.ron", text).is_ok_and(|t| {
            let w = ron::to_string(&t).unwrap();
            assert_eq!(TokenValues::from_ron("tokens.ron", &w).unwrap(), t);
            true
        }),
        2 => SoloBoard::from_ron("solo.ron", text).is_ok_and(|b| {
            let w = ron::to_string(&b).unwrap();
            assert_eq!(SoloBoard::from_ron("solo.ron", &w).unwrap(), b);
            true
        }),
        _ => ComponentSet::from_ron(std::path::Path::new("my-set.ron"), text).is_ok_and(|s| {
            let _ = s.problems();
            let _ = s.usable();
            let back = ComponentSet::from_ron(std::path::Path::new("my-set.ron"), &s.to_ron())
                .expect("a set written out reads back");
            assert_eq!(back, s, "a set round-trips");
            true
        }),
    }
}
