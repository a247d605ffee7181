//! SPEC §2 (solo side): "clockwise" is a fact of the board's geometry. The arrow's turning
//! order comes from where the sections lie, not from the order a data file lists them in,
//! and a file whose sections are not three 120° wedges is refused.

use crate::common::random_action;

use noctiluca_engine::components::{
    DEFAULT_DECK_RON, DEFAULT_TOKENS_RON, DataProblem, SOLO_FILE, SoloBoard,
};
use noctiluca_engine::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

const PURPLE: &str = r#"(colour: Purple, spaces: ["I1", "I2", "O1", "O2", "O3", "O4"])"#;
const GREEN: &str = r#"(colour: Green, spaces: ["I3", "I4", "O5", "O6", "O7", "O8"])"#;
const ORANGE: &str = r#"(colour: Orange, spaces: ["I5", "I6", "O9", "O10", "O11", "O12"])"#;

fn board(start: u8, sections: [&str; 3]) -> String {
    format!("(start: {start}, sections: [{}])", sections.join(", "))
}

/// The spaces the tempest clears and the sections the arrow visits over a whole solo game.
fn tempest_trail(comps: Components, seed: u64) -> Vec<(u8, SpaceId, DiceColour)> {
    let comps = Arc::new(comps);
    let mut s = GameState::new(GameConfig::solo(), Arc::clone(&comps)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut trail = Vec::new();
    while !s.is_over() {
        let a = random_action(&s, &mut rng);
        for e in s.apply(&a).unwrap() {
            if let Event::BlackDie {
                number,
                space,
                section,
                ..
            } = e
            {
                trail.push((number, space, comps.solo.sections[section as usize].colour));
            }
        }
    }
    trail
}

#[test]
fn sections_listed_in_another_order_give_the_same_board_and_tempest() {
    let listed = board(1, [ORANGE, PURPLE, GREEN]);
    let reordered = SoloBoard::from_ron(SOLO_FILE, &listed).unwrap();
    let default = Components::default();
    assert_eq!(reordered, default.solo);
    let comps = Components::from_texts(DEFAULT_DECK_RON, DEFAULT_TOKENS_RON, &listed).unwrap();
    assert_eq!(comps, default);
    for seed in 0..5 {
        assert_eq!(
            tempest_trail(comps.clone(), seed),
            tempest_trail(default.clone(), seed)
        );
    }
}

#[test]
fn the_arrow_turns_by_geometry_even_when_the_data_is_not_in_clockwise_order() {
    // Built by hand, bypassing the file reader's reordering: green, purple, orange.
    let mut comps = Components::default();
    let s = &comps.solo.sections;
    comps.solo = SoloBoard {
        start: 1,
        sections: vec![s[1].clone(), s[0].clone(), s[2].clone()],
    };
    use Direction::{Clockwise, CounterClockwise};
    let colour = |b: &SoloBoard, i: u8| b.sections[i as usize].colour;
    // Purple → green → orange → purple clockwise; the other way round counter-clockwise.
    let mut at = comps.solo.start;
    let mut seen = Vec::new();
    for _ in 0..3 {
        at = comps.solo.next_section(at, Clockwise);
        seen.push(colour(&comps.solo, at));
    }
    use DiceColour::{Green, Orange, Purple};
    assert_eq!(seen, vec![Green, Orange, Purple]);
    assert_eq!(
        colour(
            &comps.solo,
            comps.solo.next_section(comps.solo.start, CounterClockwise)
        ),
        Orange
    );
    for seed in 0..5 {
        assert_eq!(
            tempest_trail(comps.clone(), seed),
            tempest_trail(Components::default(), seed)
        );
    }
}

#[test]
fn a_rotated_set_of_wedges_is_accepted_and_turns_clockwise() {
    let text = board(
        0,
        [
            r#"(colour: Purple, spaces: ["I2", "I3", "O3", "O4", "O5", "O6"])"#,
            r#"(colour: Green, spaces: ["I4", "I5", "O7", "O8", "O9", "O10"])"#,
            r#"(colour: Orange, spaces: ["I6", "I1", "O11", "O12", "O1", "O2"])"#,
        ],
    );
    let b = SoloBoard::from_ron(SOLO_FILE, &text).unwrap();
    let next = b.next_section(b.start, Direction::Clockwise);
    assert_eq!(b.sections[b.start as usize].colour, DiceColour::Purple);
    assert_eq!(b.sections[next as usize].colour, DiceColour::Green);
}

#[test]
fn sections_that_are_not_wedges_are_refused_naming_the_file_and_the_section() {
    // O4 and O5 swapped between purple and green.
    let text = board(
        0,
        [
            r#"(colour: Purple, spaces: ["I1", "I2", "O1", "O2", "O3", "O5"])"#,
            r#"(colour: Green, spaces: ["I3", "I4", "O4", "O6", "O7", "O8"])"#,
            ORANGE,
        ],
    );
    let e = SoloBoard::from_ron("my-board.ron", &text).unwrap_err();
    assert_eq!(e.file, std::path::Path::new("my-board.ron"));
    let purple: Vec<SpaceId> = ["I1", "I2", "O1", "O2", "O3", "O5"]
        .iter()
        .map(|n| noctiluca_engine::board::parse_space(n).unwrap())
        .collect();
    assert!(
        matches!(
            &e.problem,
            DataProblem::NotAWedge {
                colour: DiceColour::Purple,
                spaces,
            } if spaces[..] == purple[..]
        ),
        "{e:?}"
    );
    // Inner spaces from the wrong side of the island.
    let text = board(
        0,
        [
            r#"(colour: Purple, spaces: ["I1", "I4", "O1", "O2", "O3", "O4"])"#,
            r#"(colour: Green, spaces: ["I3", "I2", "O5", "O6", "O7", "O8"])"#,
            ORANGE,
        ],
    );
    assert!(SoloBoard::from_ron(SOLO_FILE, &text).is_err());
    // Three sections of one colour.
    let text = board(
        0,
        [
            PURPLE,
            &GREEN.replace("Green", "Purple"),
            &ORANGE.replace("Orange", "Purple"),
        ],
    );
    let e = SoloBoard::from_ron(SOLO_FILE, &text).unwrap_err();
    assert_eq!(
        e.problem,
        DataProblem::SameColour {
            colour: DiceColour::Purple
        }
    );
}

#[test]
fn a_broken_solo_board_override_falls_back_to_the_built_in_data() {
    let dir = std::env::temp_dir().join(format!("noct-solo-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = board(
        0,
        [
            r#"(colour: Purple, spaces: ["I1", "I2", "O1", "O2", "O3", "O5"])"#,
            r#"(colour: Green, spaces: ["I3", "I4", "O4", "O6", "O7", "O8"])"#,
            ORANGE,
        ],
    );
    std::fs::write(dir.join(SOLO_FILE), text).unwrap();
    let e = Components::load(Some(&dir)).unwrap_err();
    assert!(e.file.ends_with(SOLO_FILE), "{}", e.file.display());
    assert!(matches!(e.problem, DataProblem::NotAWedge { .. }), "{e:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
