//! The rules in our own words, organised as a player looks things up. English keys, drawn
//! translated (`assets/i18n/zh-Hant/rules.ron`).

use crate::app::ScreenKind;
use crate::i18n::n;

/// A section of the rules reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    Overview,
    Setup,
    Dive,
    Store,
    Pass,
    Deliver,
    Rounds,
    Scoring,
    Majorities,
    Solo,
    Tempest,
}

/// A picture drawn with the app's own widgets beside a section's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// A shore with its two paths lit.
    ShorePaths,
    /// Passed dice going round the table.
    PassRound,
    /// A full jar delivered for the top token.
    Delivery,
    /// The rulebook's majority tie.
    MajorityTie,
    /// The numbered side with its sections and the arrow.
    TempestBoard,
}

pub struct Section {
    pub topic: Topic,
    pub title: &'static str,
    pub paragraphs: &'static [&'static str],
    pub picture: Option<Picture>,
    /// What the picture shows, for a screen reader (and under the picture).
    pub caption: &'static str,
    /// Where to read or do more: shown under the text as links.
    pub links: &'static [SeeAlso],
}

/// A link under a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeeAlso {
    /// Another section of the rules.
    Section(Topic),
    /// A screen of the app that does what the section describes.
    Screen(ScreenKind),
}

pub const SECTIONS: &[Section] = &[
    Section {
        topic: Topic::Overview,
        title: n("The game in a minute"),
        paragraphs: &[
            n(
                "Noctiluca is played round a pool of glowing dice. On your turn you put a pawn on a shore, pick one of its two paths and call a number: every die on that path showing the number is yours.",
            ),
            n(
                "You store the dice on your jar cards, colour to colour. A full jar is delivered for a point token, and you take a new jar. Dice that do not fit go round the table to the other players.",
            ),
            n(
                "The game lasts two rounds of 12 pawns. At the end, tokens, jar bonuses, your secret favourite colour and the majority in each token colour decide who wins.",
            ),
            n("Press F1 anywhere to open the section that fits what you are doing."),
        ],
        picture: None,
        caption: "",
        links: &[],
    },
    Section {
        topic: Topic::Setup,
        title: n("Setup"),
        paragraphs: &[
            n(
                "Fill the pool: draw 84 of the 104 dice, roll them, and put 4 on each inner space and 5 on each outer space. The other 20 dice go in the box lid. The board seeder lays out a random pool for you.",
            ),
            n("Share out the 12 pawns: 6 each with two players, 4 with three, 3 with four."),
            n(
                "Stack the point tokens of each colour (gold, brown, red) with the lowest value on top.",
            ),
            n(
                "Deal each player one favourite card face down. It stays secret until the end, when each space of that colour on the jars you delivered scores 1 point.",
            ),
            n(
                "Jar draft: each player gets 3 jar cards, keeps 2 in secret and sets 1 aside. The kept jars are then shown; the set-aside cards are shuffled into the rest, which are dealt into 4 face-up piles.",
            ),
            n("The first player takes the first-player marker on side 1: round 1 goes clockwise."),
        ],
        picture: None,
        caption: "",
        links: &[SeeAlso::Screen(ScreenKind::Seeder)],
    },
    Section {
        topic: Topic::Dive,
        title: n("Your turn: dive"),
        paragraphs: &[
            n(
                "Put one of your pawns on a free shore. Every shore has two paths across the pool: a short one of 3 spaces along the edge and a long one of 4 spaces across the inner ring, past the island in the centre (no path crosses the island).",
            ),
            n(
                "Choose one of the two paths and call a number from 1 to 6. You collect every die on that path's spaces that shows the number, whatever its colour.",
            ),
            n(
                "A dive may collect nothing. That is allowed, but it uses your pawn and blocks the shore for everyone until the round ends.",
            ),
            n(
                "On this app's board the shores are S1 to S12, the outer spaces O1 to O12 and the inner spaces I1 to I6; a dive is written as its shore, path and number, such as \"S5 long 3\".",
            ),
        ],
        picture: Some(Picture::ShorePaths),
        caption: n(
            "Shore S1 and its two paths: the short path O2 O3 O4 along the edge (lit softly) and the long path O1 I6 I5 O9 across the pool (outlined).",
        ),
        links: &[],
    },
    Section {
        topic: Topic::Store,
        title: n("Your turn: store"),
        paragraphs: &[
            n(
                "Put the collected dice on empty spaces of the same colour on your jars. You must store as many as fit; when both jars could take a die, you choose which one gets it.",
            ),
            n("Dice on a jar never move again. The dice you could not store are passed."),
        ],
        picture: None,
        caption: "",
        links: &[],
    },
    Section {
        topic: Topic::Pass,
        title: n("Your turn: pass"),
        paragraphs: &[
            n(
                "Dice that did not fit go round the table in turn order, starting with the next player. A player with a matching empty space may take one of them (their choice of die and jar) or decline; a player with no room is skipped.",
            ),
            n(
                "The dice keep going round, lap after lap, as long as someone takes one. Passing ends when no dice are left, when none of them fits anyone, or after a lap in which nobody took a die. What is left goes to the box lid.",
            ),
            n(
                "With two players, the other player may take every die that fits, one at a time. In the solo game nothing is passed: those dice go to the tempest.",
            ),
        ],
        picture: Some(Picture::PassRound),
        caption: n(
            "Four players, clockwise: Ada dived and could not store two dice. Bea takes one on the first lap, Cai and Dan have no room; on the second lap Bea takes the other.",
        ),
        links: &[],
    },
    Section {
        topic: Topic::Deliver,
        title: n("Your turn: deliver"),
        paragraphs: &[
            n(
                "A jar with no empty space is delivered at the end of the turn. Starting with the player whose turn it is and going in turn order, each player delivers all their full jars, one at a time, in the order they choose.",
            ),
            n(
                "Delivering: the jar's dice go to the box lid, you take the top token of the stack of the jar's colour (none if the stack is empty), and the card goes face down to your delivered pile.",
            ),
            n("Then take the top card of any pile as your new jar (none if every pile is empty)."),
        ],
        picture: Some(Picture::Delivery),
        caption: n("A full gold jar, delivered for the top gold token (2)."),
        links: &[],
    },
    Section {
        topic: Topic::Rounds,
        title: n("Rounds"),
        paragraphs: &[
            n(
                "A round ends when all 12 pawns are on shores. For round 2 the pawns come back and are shared out again, the dice left in the pool go to the box lid, and the pool is filled again from the box lid.",
            ),
            n(
                "If the box lid has fewer than 84 dice, they are dealt one by one to the spaces in a random order, so that no space has more than one die above the others.",
            ),
            n(
                "The player who placed the last pawn of round 1 starts round 2, and round 2 goes counter-clockwise. Passing and delivering follow the new direction.",
            ),
            n(
                "Jars, the dice on them, delivered cards and tokens stay as they are. The game ends after round 2.",
            ),
        ],
        picture: None,
        caption: "",
        links: &[],
    },
    Section {
        topic: Topic::Scoring,
        title: n("Final scoring"),
        paragraphs: &[
            n(
                "First settle the majorities (next section). Then add up: the values of the tokens you took by delivering; 1 point for each token taken at the majorities; the bonus printed on each jar you delivered; 1 point for each space of your favourite colour on your delivered jars; and half the dice still on your undelivered jars, rounded down.",
            ),
            n(
                "The highest total wins. On a tie, the tied player with more delivered jars wins; if they are still tied, they share the victory.",
            ),
            n(
                "The score calculator does all of this for a game played at the table, and explains each majority.",
            ),
        ],
        picture: None,
        caption: "",
        links: &[
            SeeAlso::Section(Topic::Majorities),
            SeeAlso::Screen(ScreenKind::Calculator),
        ],
    },
    Section {
        topic: Topic::Majorities,
        title: n("Majorities and ties"),
        paragraphs: &[
            n(
                "Each token colour is settled on its own. Count each player's tokens of that colour: how many, not their values. The player with the most takes every token still in that stack, each worth 1 point.",
            ),
            n(
                "Players tied for the most split the stack evenly; what cannot be split evenly is discarded. If nobody holds a token of a colour, its stack stays where it is.",
            ),
            n(
                "Worked example: Bridget and Char hold 3 red tokens each, Adam holds 1, and 3 red tokens are left in the stack. Bridget and Char tie for the most, so they take 1 each and the third is discarded. Adam takes none.",
            ),
        ],
        picture: Some(Picture::MajorityTie),
        caption: n(
            "Red tokens held: Bridget 3, Char 3, Adam 1; 3 left in the stack. Bridget +1, Char +1, 1 discarded.",
        ),
        links: &[SeeAlso::Screen(ScreenKind::Calculator)],
    },
    Section {
        topic: Topic::Solo,
        title: n("The solo game"),
        paragraphs: &[
            n(
                "Alone, you play against the tempest on the numbered side of the board, with 6 pawns in each round. Your pawns from round 1 stay on their shores and block them in round 2.",
            ),
            n(
                "After the jar draft the jar cards form one face-down deck. To take a new jar, draw two cards, keep one and put the other at the bottom of the deck.",
            ),
            n(
                "Dice you cannot store go to the tempest. At the end the tempest counts as a player for the majorities, and you lose the value of its tokens and 1 point for each of its dice. You win with 1 point or more.",
            ),
        ],
        picture: None,
        caption: "",
        links: &[
            SeeAlso::Section(Topic::Tempest),
            SeeAlso::Screen(ScreenKind::Solo),
        ],
    },
    Section {
        topic: Topic::Tempest,
        title: n("The tempest"),
        paragraphs: &[
            n(
                "After each of your turns the tempest strikes. First the top card of the deck is discarded, and the top token of that card's colour goes to the tempest.",
            ),
            n(
                "Then roll the black die: all dice on the space with that number, in the section the arrow points at, go to the box lid. Then the arrow turns to the next section.",
            ),
            n(
                "The arrow starts on the purple section and turns clockwise in round 1. For round 2 the marker is flipped: it keeps pointing where it is but turns counter-clockwise.",
            ),
            n(
                "The solo tempest companion runs these steps for you when you play with the real set.",
            ),
        ],
        picture: Some(Picture::TempestBoard),
        caption: n(
            "The numbered side: three sections of six spaces, numbered 1 to 6, and the arrow on the purple section.",
        ),
        links: &[SeeAlso::Screen(ScreenKind::Solo)],
    },
];

/// The section of a topic.
pub fn section(topic: Topic) -> &'static Section {
    SECTIONS
        .iter()
        .find(|s| s.topic == topic)
        .unwrap_or(&SECTIONS[0])
}
