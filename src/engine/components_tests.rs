//! Tests of the component data: the built-in files, bad files and the rulebook's checks.

use super::*;

#[test]
fn default_deck_is_spec_table() {
    let c = Components::default();
    assert_eq!(c.deck.cards.len(), 30);
    // SPEC §8: per jar colour four 4-space/0, four 5-space/1, two 6-space/2, and exactly
    // 12 spaces of each dice colour.
    for jc in JarColour::ALL {
        let cards: Vec<&JarCard> = c.deck.cards.iter().filter(|k| k.colour == jc).collect();
        for (size, bonus, n) in [(4, 0, 4), (5, 1, 4), (6, 2, 2)] {
            let got = cards
                .iter()
                .filter(|k| k.spaces.len() == size && k.bonus == bonus)
                .count();
            assert_eq!(got, n, "{jc}: {size}-space cards with bonus {bonus}");
        }
        for dc in DiceColour::ALL {
            let total: u32 = cards.iter().map(|k| k.needs[dc.index()] as u32).sum();
            assert_eq!(total, 12, "{jc} jars: {dc} spaces");
        }
    }
    assert_eq!(c.deck.cards[0].letters(), "OOGG");
    assert_eq!(c.deck.cards[29].letters(), "OPPPBB");
}

#[test]
fn default_tokens_and_solo_board() {
    let c = Components::default();
    for jc in JarColour::ALL {
        assert_eq!(c.tokens.stack(jc), &[2, 2, 3, 3, 4, 4, 5, 5, 6, 8]);
    }
    assert_eq!(
        c.solo.sections[c.solo.start as usize].colour,
        DiceColour::Purple
    );
    assert_eq!(c.solo.locate(parse_space("I1").unwrap()), Some((0, 1)));
    assert_eq!(c.solo.locate(parse_space("O4").unwrap()), Some((0, 6)));
    assert_eq!(c.solo.locate(parse_space("O6").unwrap()), Some((1, 4)));
    assert_eq!(c.solo.locate(parse_space("O12").unwrap()), Some((2, 6)));
}

#[test]
fn serde_round_trip() {
    let c = Components::default();
    let text = ron::to_string(&c).unwrap();
    let back: Components = ron::from_str(&text).unwrap();
    assert_eq!(back, c);
}

/// The rulebook prints a 2 on top of every stack and an 8 at the bottom, and points the
/// solo arrow at the purple section: data saying otherwise is refused, ordered or not.
#[test]
fn the_rulebooks_stack_ends_and_solo_start_are_held() {
    for gold in [
        "3,3,3,4,4,5,5,6,6,9",
        "2,2,3,3,4,4,5,5,6,9",
        "1,2,3,3,4,4,5,5,6,8",
    ] {
        let rest = "brown: [2,2,3,3,4,4,5,5,6,8], red: [2,2,3,3,4,4,5,5,6,8]";
        let e = TokenValues::from_ron("t.ron", &format!("(gold: [{gold}], {rest})"));
        let e = e.unwrap_err().problem;
        assert!(matches!(
            e,
            DataProblem::StackEnds {
                colour: JarColour::Gold,
                ..
            }
        ));
    }
    let green_first = DEFAULT_SOLO_RON.replacen("start: 0", "start: 1", 1);
    let e = SoloBoard::from_ron("s.ron", &green_first)
        .unwrap_err()
        .problem;
    let colour = DiceColour::Green;
    assert_eq!(e, DataProblem::StartNotPurple { colour });
    // Purple listed second, and the start naming it: accepted.
    let moved = DEFAULT_SOLO_RON
        .replacen("start: 0", "start: 1", 1)
        .replacen("colour: Purple", "colour: X", 1)
        .replacen("colour: Green", "colour: Purple", 1)
        .replacen("colour: X", "colour: Green", 1);
    assert!(SoloBoard::from_ron("s.ron", &moved).is_ok());
    // A game saved with such data (before these were held) still plays and replays.
    let mut c = Components::default();
    c.tokens.gold = vec![3, 3, 3, 4, 4, 5, 5, 6, 6, 9];
    c.solo.start = 1;
    assert!(c.tokens.validate().is_err() && c.solo.validate().is_err());
    assert_eq!(c.validate(), Ok(()));
}

#[test]
fn bad_files_name_file_and_problem() {
    let e = JarDeck::from_ron("deck.ron", "(cards: [])").unwrap_err();
    assert_eq!(e.file, Path::new("deck.ron"));
    assert_eq!(e.problem, DataProblem::DeckSize { count: 0 });

    let bad_letter = DEFAULT_DECK_RON.replacen("\"OOGG\"", "\"OOXG\"", 1);
    let e = JarDeck::from_ron("deck.ron", &bad_letter).unwrap_err();
    assert!(
        matches!(e.problem, DataProblem::SpaceLetter { letter: 'X', at: 3 }),
        "{e:?}"
    );

    let too_many_gold = DEFAULT_DECK_RON.replacen("colour: Brown", "colour: Gold", 1);
    let e = JarDeck::from_ron("deck.ron", &too_many_gold).unwrap_err();
    assert_eq!(
        e.problem,
        DataProblem::CardsOfColour {
            colour: JarColour::Gold,
            count: 11
        }
    );

    let e = TokenValues::from_ron(
        "t.ron",
        "(gold: [8,2,3,3,4,4,5,5,6,2], brown: [2,2,3,3,4,4,5,5,6,8], red: [2,2,3,3,4,4,5,5,6,8])",
    )
    .unwrap_err();
    assert!(matches!(e.problem, DataProblem::StackOrder { .. }), "{e:?}");

    let dup = DEFAULT_SOLO_RON.replacen("\"O12\"", "\"O1\"", 1);
    let e = SoloBoard::from_ron("s.ron", &dup).unwrap_err();
    assert_eq!(
        e.problem,
        DataProblem::SpaceTwice {
            space: parse_space("O1").unwrap()
        }
    );

    let e = SoloBoard::from_ron("s.ron", "not ron at all").unwrap_err();
    assert_eq!(e.file, Path::new("s.ron"));
}

#[test]
fn overrides_come_from_the_folder() {
    let dir = std::env::temp_dir().join(format!("noct-comp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let custom = DEFAULT_TOKENS_RON.replace(
        "[2, 2, 3, 3, 4, 4, 5, 5, 6, 8],\n    brown",
        "[2, 3, 3, 4, 4, 5, 5, 6, 7, 8],\n    brown",
    );
    std::fs::write(dir.join(TOKENS_FILE), custom).unwrap();
    let (c, src) = Components::load(Some(&dir)).unwrap();
    assert_eq!(c.tokens.gold, vec![2, 3, 3, 4, 4, 5, 5, 6, 7, 8]);
    assert_eq!(src[0], DataSource::Builtin);
    assert_eq!(src[1], DataSource::File(dir.join(TOKENS_FILE)));
    std::fs::write(
        dir.join(DECK_FILE),
        "(cards: [(colour: Gold, spaces: \"OO\", bonus: 0)])",
    )
    .unwrap();
    let e = Components::load(Some(&dir)).unwrap_err();
    assert!(e.file.ends_with(DECK_FILE), "{e:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
