//! Small value types shared by the whole engine: colours, dice, seats.

use crate::i18n::tr;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, 0-based, in clockwise order.
pub type Seat = u8;

/// Index of a jar card in the component deck (0..30).
pub type CardId = u8;

/// The four colours of noctiluca dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DiceColour {
    Orange,
    Green,
    Purple,
    Blue,
}

impl DiceColour {
    pub const ALL: [DiceColour; 4] = [
        DiceColour::Orange,
        DiceColour::Green,
        DiceColour::Purple,
        DiceColour::Blue,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<DiceColour> {
        Self::ALL.get(i).copied()
    }

    /// The single letter used in SPEC.md's tables and in logs.
    pub fn letter(self) -> char {
        match self {
            DiceColour::Orange => 'O',
            DiceColour::Green => 'G',
            DiceColour::Purple => 'P',
            DiceColour::Blue => 'B',
        }
    }

    pub fn from_letter(c: char) -> Option<DiceColour> {
        match c.to_ascii_uppercase() {
            'O' => Some(DiceColour::Orange),
            'G' => Some(DiceColour::Green),
            'P' => Some(DiceColour::Purple),
            'B' => Some(DiceColour::Blue),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DiceColour::Orange => "orange",
            DiceColour::Green => "green",
            DiceColour::Purple => "purple",
            DiceColour::Blue => "blue",
        }
    }

    pub fn from_name(s: &str) -> Option<DiceColour> {
        Self::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The colour's name inside a sentence, in the thread's language ("orange" in English).
    /// `name` stays the fixed English word that files and the command line read.
    pub fn label(self) -> &'static str {
        match self {
            DiceColour::Orange => tr("orange"),
            DiceColour::Green => tr("green"),
            DiceColour::Purple => tr("purple"),
            DiceColour::Blue => tr("blue"),
        }
    }

    /// The colour of one space of a jar card, as written in a card's label: the letter ("O")
    /// in English, the colour's character in Chinese.
    pub fn letter_label(self) -> &'static str {
        match self {
            DiceColour::Orange => tr("O"),
            DiceColour::Green => tr("G"),
            DiceColour::Purple => tr("P"),
            DiceColour::Blue => tr("B"),
        }
    }
}

impl fmt::Display for DiceColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three colours of jar cards and point tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum JarColour {
    Gold,
    Brown,
    Red,
}

impl JarColour {
    pub const ALL: [JarColour; 3] = [JarColour::Gold, JarColour::Brown, JarColour::Red];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<JarColour> {
        Self::ALL.get(i).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            JarColour::Gold => "gold",
            JarColour::Brown => "brown",
            JarColour::Red => "red",
        }
    }

    pub fn from_name(s: &str) -> Option<JarColour> {
        Self::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The colour's name inside a sentence, in the thread's language ("gold" in English).
    pub fn label(self) -> &'static str {
        match self {
            JarColour::Gold => tr("gold"),
            JarColour::Brown => tr("brown"),
            JarColour::Red => tr("red"),
        }
    }
}

impl fmt::Display for JarColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One noctiluca die as it lies in the pool: a colour and the face showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Die {
    pub colour: DiceColour,
    pub face: u8,
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.colour, self.face)
    }
}

/// Counts of dice per colour (orange, green, purple, blue).
pub type ColourCounts = [u8; 4];

/// Writes counts like "2 purple, 1 blue" (or "nothing"), in the thread's language.
pub fn describe_counts(counts: &ColourCounts) -> String {
    DiceColour::ALL
        .iter()
        .filter(|c| counts[c.index()] > 0)
        .map(|c| {
            crate::trf!(
                "{count} {colour}",
                count = counts[c.index()],
                colour = c.label()
            )
        })
        .reduce(|earlier, next| list_more(&earlier, &next))
        .unwrap_or_else(|| tr("nothing").to_string())
}

/// The items of a list as the thread's language writes lists: "a, b, c" (in Chinese
/// "a、b、c"); empty for no items.
pub fn join_list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    items
        .into_iter()
        .fold(None, |list: Option<String>, item| {
            Some(match list {
                None => item.as_ref().to_owned(),
                Some(list) => list_more(&list, item.as_ref()),
            })
        })
        .unwrap_or_default()
}

/// One more item of a list: "a, b" (in Chinese "a、b").
pub(crate) fn list_more(earlier: &str, next: &str) -> String {
    crate::trf!("{earlier}, {next}", earlier, next)
}

/// Direction of play: clockwise is seat order, counter-clockwise reverses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    Clockwise,
    CounterClockwise,
}

impl Direction {
    /// The seat `steps` places from `seat` in this direction, at a table of `n`.
    pub fn step(self, seat: Seat, steps: u8, n: u8) -> Seat {
        let n = n.max(1);
        let steps = steps % n;
        match self {
            Direction::Clockwise => (seat + steps) % n,
            Direction::CounterClockwise => (seat + n - steps) % n,
        }
    }

    pub fn reversed(self) -> Direction {
        match self {
            Direction::Clockwise => Direction::CounterClockwise,
            Direction::CounterClockwise => Direction::Clockwise,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::Clockwise => "clockwise",
            Direction::CounterClockwise => "counter-clockwise",
        }
    }

    /// The direction inside a sentence, in the thread's language ("clockwise" in English).
    pub fn label(self) -> &'static str {
        match self {
            Direction::Clockwise => tr("clockwise"),
            Direction::CounterClockwise => tr("counter-clockwise"),
        }
    }
}
