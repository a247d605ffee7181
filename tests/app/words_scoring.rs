//! The score sheet's consistency problems in words: every kind the check can find, in English
//! and in Traditional Chinese.

use crate::words::assert_chinese;
use noctiluca::engine::scoring::{self, Field, Holder, PlayerInput, TempestInput};
use noctiluca::engine::*;
use noctiluca::i18n::{self, Lang};

/// Every problem `scoring::check` can find, each with the English it must contain.
/// Each case: the problems found (field and words), the field expected, the English expected.
type ProblemCase = (Vec<(Field, String)>, Field, &'static str);

fn score_problems() -> Vec<ProblemCase> {
    let comps = Components::default();
    let red = |name: &str, red: &[u32], delivered: u32| PlayerInput {
        name: name.into(),
        tokens: scoring::PerJar {
            red: red.to_vec(),
            ..Default::default()
        },
        delivered,
        ..Default::default()
    };
    let two = |a: PlayerInput, b: PlayerInput| ScoreInput {
        players: vec![a, b],
        ..Default::default()
    };
    let solo = |players: Vec<PlayerInput>, tempest_red: &[u32], dice: u32| ScoreInput {
        players,
        tempest: Some(TempestInput {
            tokens: scoring::PerJar {
                red: tempest_red.to_vec(),
                ..Default::default()
            },
            dice,
        }),
        stacks: None,
    };
    let jars = |gold, red| {
        Some(scoring::PerJar {
            gold,
            brown: 0,
            red,
        })
    };
    let with = |mut p: PlayerInput, change: &dyn Fn(&mut PlayerInput)| {
        change(&mut p);
        two(p, red("B", &[], 0))
    };
    let mut said = two(red("A", &[2], 1), red("B", &[], 0));
    said.stacks = Some(scoring::PerJar {
        gold: 10,
        brown: 10,
        red: 5,
    });
    let red_token = Field::Tokens(Holder::Player(0), JarColour::Red);
    let red_stack = Field::Stack(JarColour::Red);
    let cases: Vec<(ScoreInput, Field, &'static str)> = vec![
        (
            solo(vec![red("A", &[], 0), red("B", &[], 0)], &[], 0),
            Field::Players,
            "a solo game has one player",
        ),
        (
            ScoreInput {
                players: vec![red("A", &[], 0)],
                ..Default::default()
            },
            Field::Players,
            "one player is the solo game",
        ),
        (
            ScoreInput {
                players: (0..5).map(|_| red("A", &[], 0)).collect(),
                ..Default::default()
            },
            Field::Players,
            "2 to 4 players",
        ),
        (
            two(red("A", &[7], 1), red("", &[], 0)),
            red_token,
            "worth 7",
        ),
        (
            solo(vec![red("A", &[2], 1)], &[9], 0),
            Field::Tokens(Holder::Tempest, JarColour::Red),
            "the tempest has a red token worth 9",
        ),
        (
            two(
                red("A", &[2, 2, 3, 3, 4, 4], 6),
                red("B", &[5, 5, 6, 8, 8], 5),
            ),
            red_stack,
            "there are only 10 red tokens",
        ),
        (
            two(red("A", &[2, 4], 2), red("B", &[], 0)),
            red_stack,
            "cannot all have been taken",
        ),
        (said, red_stack, "is said to hold 5"),
        (
            two(red("A", &[], 31), red("B", &[], 0)),
            Field::Delivered(0),
            "delivered 31 jars",
        ),
        (
            two(red("A", &[2, 2], 1), red("B", &[], 0)),
            Field::Delivered(0),
            "holds 2 point tokens but delivered only 1 jar; every token is won by delivering a jar",
        ),
        (
            two(red("A", &[2], 3), red("B", &[], 0)),
            Field::Delivered(0),
            "delivered 3 jars but holds 1 point token, and no stack is empty",
        ),
        (
            with(red("A", &[2], 2), &|p| p.jars = jars(0, 2)),
            red_token,
            "delivered 2 red jars but holds 1 red token, and the red stack is not empty",
        ),
        (
            with(red("A", &[], 1), &|p| p.jar_bonus = 3),
            Field::JarBonus(0),
            "A: 1 delivered jar carries at most",
        ),
        (
            with(red("A", &[2], 2), &|p| p.jars = jars(1, 0)),
            Field::Delivered(0),
            "add up to 1, not the 2 delivered",
        ),
        (
            with(red("A", &[2], 1), &|p| p.jars = jars(1, 0)),
            red_token,
            "holds 1 red token but delivered no red jar; a red token comes from delivering a red jar",
        ),
        (
            with(red("A", &[], 1), &|p| p.jar_bonus = 3),
            Field::JarBonus(0),
            "1 delivered jar carries at most",
        ),
        (
            with(red("A", &[], 1), &|p| {
                p.favourite = Some(DiceColour::Orange);
                p.favourite_spaces = 10;
            }),
            Field::Favourite(0),
            "1 delivered jar holds at most 3 spaces of orange",
        ),
        (
            with(red("A", &[], 1), &|p| p.favourite_spaces = 10),
            Field::Favourite(0),
            "1 delivered jar holds at most 3 spaces of one colour",
        ),
        (
            with(red("A", &[], 0), &|p| p.leftover_dice = 11),
            Field::Leftovers(0),
            "at most 10 dice",
        ),
        (
            with(red("A", &[], 11), &|p| p.jars = jars(0, 11)),
            red_stack,
            "11 red jars delivered in all",
        ),
        (
            two(red("A", &[], 20), red("B", &[], 20)),
            Field::Players,
            "40 jars delivered in all",
        ),
        (
            solo(vec![red("A", &[], 0)], &[], 105),
            Field::TempestDice,
            "cannot hold 105 dice",
        ),
        (
            ScoreInput {
                tempest: Some(TempestInput {
                    tokens: scoring::PerJar {
                        gold: vec![2, 3, 3, 4, 4],
                        brown: vec![2, 3, 3, 4],
                        red: vec![2, 2, 3, 3],
                    },
                    dice: 0,
                }),
                ..solo(vec![red("A", &[], 0)], &[], 0)
            },
            Field::Tokens(Holder::Tempest, JarColour::Gold),
            "cannot hold 13 tokens: it takes at most one after each of your 12 turns",
        ),
    ];
    cases
        .into_iter()
        .map(|(input, field, english)| {
            let worded = scoring::check(&input, &comps)
                .iter()
                .map(|p| (p.field, noctiluca::words::score_problem(p, &input)))
                .collect();
            (worded, field, english)
        })
        .collect()
}

#[test]
fn every_score_problem_reads_in_chinese() {
    i18n::set_lang(Lang::En);
    let english = score_problems();
    for (problems, field, want) in &english {
        assert!(
            problems
                .iter()
                .any(|(f, text)| f == field && text.contains(want)),
            "expected {field:?} saying {want:?}, got {problems:#?}"
        );
    }
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let zh = score_problems();
    for ((en, ..), (zh, ..)) in english.iter().zip(&zh) {
        assert_eq!(en.len(), zh.len());
        for (a, b) in en.iter().zip(zh) {
            assert_eq!(a.0, b.0);
        }
    }
    let texts: Vec<String> = zh
        .iter()
        .flat_map(|(p, ..)| p.iter().map(|(_, text)| text.clone()))
        .collect();
    assert_chinese("score problems", &texts);
    i18n::set_lang(Lang::En);
    assert_eq!(score_problems(), english);
}

/// A name too long for the breakdown's name column is cut with an ellipsis, and the columns
/// still line up, wide characters and all.
#[test]
fn the_breakdown_s_columns_line_up_whatever_the_names() {
    i18n::set_lang(Lang::En);
    let names = [
        "A very long player name indeed, longer than any column",
        "布莉姬",
        "Ann",
    ];
    let input = ScoreInput {
        players: names
            .iter()
            .map(|n| PlayerInput {
                name: n.to_string(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let text = noctiluca::words::describe_score(&input, &scoring::score(&input));
    let rows: Vec<&str> = text.lines().take(1 + names.len()).collect();
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    for row in &rows {
        assert_eq!(width(row), width(rows[0]), "{text}");
    }
    assert!(
        rows[1].starts_with("A very long player name indeed,… "),
        "{text}"
    );
    assert!(rows[2].starts_with("布莉姬 "), "{text}");
}

/// A dive's hint says which jars its dice can fill (where each die goes is the next
/// decision); a die's hint that fills a jar says it does, in both languages.
#[test]
fn a_dive_can_fill_a_jar_and_a_die_fills_it() {
    use noctiluca::ai::advice::{Fill, Reason};
    let comps = Components::default();
    let fill = Fill {
        slot: 1,
        colour: JarColour::Gold,
        token: 4,
    };
    let dive = Reason::Dive {
        collected: [0, 0, 3, 0],
        stored: [0, 0, 3, 0],
        passed: 0,
        to_tempest: false,
        fills: vec![fill],
    };
    let place = Reason::Place {
        colour: DiceColour::Purple,
        slot: 1,
        jar: JarColour::Gold,
        fill: Some(fill),
        twin: None,
    };
    i18n::set_lang(Lang::En);
    let words = noctiluca::words::reason_words(&dive, &comps);
    assert!(
        words.ends_with("; can fill your gold jar → token 4"),
        "{words}"
    );
    let words = noctiluca::words::reason_words(&place, &comps);
    assert!(
        words.ends_with("; fills your gold jar → token 4"),
        "{words}"
    );
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let words = noctiluca::words::reason_words(&dive, &comps);
    assert!(words.contains("可裝滿你的"), "{words}");
    assert_chinese("a dive's reason", &[words]);
    i18n::set_lang(Lang::En);
}

/// Two gold jars either of which a dive can fill are said once, with their numbers: the same
/// line twice had read as a slip.
#[test]
fn a_dive_that_can_fill_either_of_two_jars_of_a_colour_says_so_once() {
    use noctiluca::ai::advice::{Fill, Reason};
    let comps = Components::default();
    let gold = |slot| Fill {
        slot,
        colour: JarColour::Gold,
        token: 3,
    };
    let dive = Reason::Dive {
        collected: [0, 0, 3, 0],
        stored: [0, 0, 3, 0],
        passed: 0,
        to_tempest: false,
        fills: vec![gold(1), gold(0)],
    };
    i18n::set_lang(Lang::En);
    let words = noctiluca::words::reason_words(&dive, &comps);
    assert!(
        words.ends_with("; can fill your gold jar 1 or 2 → token 3"),
        "{words}"
    );
    assert_eq!(words.matches("can fill").count(), 1, "{words}");
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let words = noctiluca::words::reason_words(&dive, &comps);
    assert_chinese("a dive's reason", &[words]);
    i18n::set_lang(Lang::En);
}

/// A die placed in one of two jars of the same colour is told apart by the jar's card: "your
/// brown jar" said nothing of which.
#[test]
fn a_die_placed_in_one_of_two_jars_of_a_colour_names_its_card() {
    use noctiluca::ai::advice::Reason;
    use noctiluca::words::ComponentWords;
    let comps = Components::default();
    let card = comps
        .deck
        .cards
        .iter()
        .position(|k| k.colour == JarColour::Brown)
        .unwrap() as CardId;
    let place = |twin| Reason::Place {
        colour: DiceColour::Orange,
        slot: 0,
        jar: JarColour::Brown,
        fill: None,
        twin,
    };
    i18n::set_lang(Lang::En);
    let after = |r: &Reason| noctiluca::words::reason_after_move(r, &comps);
    assert_eq!(after(&place(None)), "Jar 1 is your brown jar.");
    let label = comps.card_label(card);
    assert_eq!(after(&place(Some(card))), format!("Jar 1 is your {label}."));
    assert!(label.starts_with("brown "), "{label}");
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let words = after(&place(Some(card)));
    assert!(words.starts_with("罐子 1 是你的棕色"), "{words}");
    assert!(i18n::take_missing().is_empty());
    i18n::set_lang(Lang::En);
}

/// A draft's reason says what two jars of one colour are for, and the favourite colour's
/// spaces given up, one or several, in both languages.
#[test]
fn a_draft_s_reason_says_the_pair_and_the_favourite_given_up() {
    use noctiluca::ai::advice::Reason;
    let comps = Components::default();
    let draft = |pair, favourite_given_up| Reason::Draft {
        keep: vec![0, 1],
        pair,
        favourite_given_up,
    };
    i18n::set_lang(Lang::En);
    let words = |r: &Reason| noctiluca::words::reason_words(r, &comps);
    let plain = words(&draft(None, None));
    assert!(
        plain.starts_with("keeps ") && !plain.contains(';'),
        "{plain}"
    );
    let both = words(&draft(Some(JarColour::Gold), Some((DiceColour::Green, 2))));
    assert!(
        both.contains(": two gold jars, whose tokens both count toward the gold majority; gives up 2 spaces of your favourite colour, green"),
        "{both}"
    );
    let one = words(&draft(None, Some((DiceColour::Blue, 1))));
    assert!(
        one.ends_with(
            "; gives up a space of your favourite colour, blue (a point on a delivered jar)"
        ),
        "{one}"
    );
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let zh = vec![
        words(&draft(Some(JarColour::Gold), Some((DiceColour::Green, 2)))),
        words(&draft(None, Some((DiceColour::Blue, 1)))),
    ];
    assert_chinese("a draft's reason", &zh);
    i18n::set_lang(Lang::En);
}

/// After the winner, the places, a shared one said as such (two players tied on points and
/// jars had been left for the reader to work out), in the sheet and in its summary.
#[test]
fn the_places_after_the_winner_say_a_shared_one() {
    i18n::set_lang(Lang::En);
    let mut input: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    // Bridget, 21 points and 4 jars, six more in leftovers: level with Adam on both.
    input.players[0].leftover_dice += 12;
    let result = score(&input);
    let names: Vec<String> = input.players.iter().map(|p| p.name.clone()).collect();
    assert_eq!(
        noctiluca::words::places_sentence(&names, &result).as_deref(),
        Some("Then: 2. Bridget and Adam, tied on 27 points and 4 jars each; 4. Dee (12 points).")
    );
    let summary = noctiluca::words::describe_score(&input, &result);
    assert!(summary.ends_with("4. Dee (12 points).\n"), "{summary}");
    // One jar each: "1 jar each" ("1 jars" had been said).
    let one_jar = |name: &str, leftover_dice| PlayerInput {
        name: name.into(),
        delivered: 1,
        leftover_dice,
        ..Default::default()
    };
    let few = ScoreInput {
        players: vec![one_jar("Ana", 20), one_jar("Bo", 4), one_jar("Cy", 4)],
        ..Default::default()
    };
    let few_names: Vec<String> = few.players.iter().map(|p| p.name.clone()).collect();
    assert_eq!(
        noctiluca::words::places_sentence(&few_names, &score(&few)).as_deref(),
        Some("Then: 2. Bo and Cy, tied on 2 points and 1 jar each.")
    );
    // Two players: the winner's line says it all.
    let mut two = input.clone();
    two.players.truncate(2);
    assert_eq!(
        noctiluca::words::places_sentence(&names, &score(&two)),
        None
    );
}

/// A new jar's reason says what the card brings: the spaces of the favourite colour on it, and
/// a second jar of one colour toward its majority (it had named the card alone).
#[test]
fn a_new_jars_reason_says_what_it_brings() {
    use noctiluca::ai::advice::Reason;
    use noctiluca::words::ComponentWords;
    let comps = Components::default();
    let card = Reason::Card {
        card: 0,
        favourite: Some((DiceColour::Green, 2)),
        pair: Some(JarColour::Gold),
    };
    i18n::set_lang(Lang::En);
    let words = noctiluca::words::reason_words(&card, &comps);
    assert_eq!(
        words,
        format!(
            "takes {}; 2 spaces of your favourite colour, green (a point each once delivered); a second gold jar, whose token counts toward the gold majority too",
            comps.card_label(0)
        )
    );
    i18n::set_lang(Lang::ZhHant);
    i18n::take_missing();
    let words = noctiluca::words::reason_words(&card, &comps);
    assert_chinese("a new jar's reason", &[words]);
    i18n::set_lang(Lang::En);
}
