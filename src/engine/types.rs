//! Small value types shared by the whole engine: colours, dice, seats.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// Dice of each colour in the game (SPEC.md §2).
pub const DICE_PER_COLOUR: u8 = 26;
/// All the dice in the game.
pub const TOTAL_DICE: u32 = 104;
/// Pawns in a game of two to four players.
pub const TOTAL_PAWNS: u8 = 12;
/// The solo player's pawns each round.
pub const SOLO_PAWNS: u8 = 6;

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

/// `n` dice of one colour as a word of packed counts (a byte a colour, orange lowest).
#[inline]
pub(crate) fn one_colour(c: DiceColour, n: u8) -> u32 {
    (n as u32) << (8 * c.index())
}

/// Adds `n` dice of colour `c` to `counts`, writing the four bytes as one word. Counts are
/// read as one word in the hot paths (all colours at once); a single byte written just
/// before such a read would hold it up until the byte reached memory.
#[inline]
pub(crate) fn add_dice(counts: &mut ColourCounts, c: DiceColour, n: u8) {
    *counts = (u32::from_le_bytes(*counts) + one_colour(c, n)).to_le_bytes();
}

/// Takes `n` dice of colour `c` from `counts` (it holds at least `n`), as `add_dice` does.
#[inline]
pub(crate) fn take_dice(counts: &mut ColourCounts, c: DiceColour, n: u8) {
    debug_assert!(counts[c.index()] >= n);
    *counts = (u32::from_le_bytes(*counts) - one_colour(c, n)).to_le_bytes();
}

/// The sum of the four counts packed in a word (a byte a colour).
#[inline]
pub fn byte_sum(x: u32) -> u32 {
    x.to_le_bytes().iter().map(|&b| b as u32).sum()
}

/// 0xff in each byte where `a`'s byte is at least `b`'s, 0 elsewhere; every byte of both below
/// 128 (packed counts: a hand, a jar's room).
#[inline]
pub fn bytes_at_least(a: u32, b: u32) -> u32 {
    debug_assert!((a | b) & 0x8080_8080 == 0, "{a:#x} {b:#x}");
    // With the top bit set in each byte of `a`, subtracting `b` borrows from no other byte and
    // leaves the top bit set exactly where a ≥ b; that bit is then spread over its byte.
    let ge = ((a | 0x8080_8080) - b) & 0x8080_8080;
    (ge >> 7) * 0xff
}

/// The smaller of each pair of bytes of `a` and `b`, each below 128 (see `bytes_at_least`).
#[inline]
pub fn min_bytes(a: u32, b: u32) -> u32 {
    let take_b = bytes_at_least(a, b);
    (b & take_b) | (a & !take_b)
}

/// Direction of play: clockwise is seat order, counter-clockwise reverses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    Clockwise,
    CounterClockwise,
}

/// `REMAINDER[n][x]` is `x % n` (row 0 unused).
static REMAINDER: [[u8; 64]; 5] = {
    let mut t = [[0u8; 64]; 5];
    let mut n = 1;
    while n < 5 {
        let mut x = 0;
        while x < 64 {
            t[n][x] = (x % n) as u8;
            x += 1;
        }
        n += 1;
    }
    t
};

impl Direction {
    /// The seat `steps` places from `seat` in this direction, at a table of `n`.
    #[inline]
    pub fn step(self, seat: Seat, steps: u8, n: u8) -> Seat {
        let n = n.max(1);
        // At a real table (n ≤ 4, small numbers) the remainder comes from a table, in one
        // look-up: a division is slow, and seats are counted round in every pass and delivery.
        // Counting back, 48 (a multiple of 1, 2, 3 and 4) keeps the number positive.
        if n <= 4 && seat < 16 && steps < 16 {
            let x = match self {
                Direction::Clockwise => seat + steps,
                Direction::CounterClockwise => seat + 48 - steps,
            };
            return REMAINDER[n as usize][x as usize];
        }
        let steps = steps % n;
        match self {
            Direction::Clockwise => ((seat as u16 + steps as u16) % n as u16) as u8,
            Direction::CounterClockwise => {
                ((seat as u16 + n as u16 - steps as u16) % n as u16) as u8
            }
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
}

/// One value per jar/token colour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerJar<T> {
    #[serde(default)]
    pub gold: T,
    #[serde(default)]
    pub brown: T,
    #[serde(default)]
    pub red: T,
}

impl<T> PerJar<T> {
    pub fn from_fn(mut f: impl FnMut(JarColour) -> T) -> PerJar<T> {
        PerJar {
            gold: f(JarColour::Gold),
            brown: f(JarColour::Brown),
            red: f(JarColour::Red),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (JarColour, &T)> {
        JarColour::ALL.into_iter().map(move |c| (c, &self[c]))
    }
}

impl<T> Index<JarColour> for PerJar<T> {
    type Output = T;
    fn index(&self, c: JarColour) -> &T {
        match c {
            JarColour::Gold => &self.gold,
            JarColour::Brown => &self.brown,
            JarColour::Red => &self.red,
        }
    }
}

impl<T> IndexMut<JarColour> for PerJar<T> {
    fn index_mut(&mut self, c: JarColour) -> &mut T {
        match c {
            JarColour::Gold => &mut self.gold,
            JarColour::Brown => &mut self.brown,
            JarColour::Red => &mut self.red,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_round_the_table_is_counting_modulo_the_seats() {
        // The table covers small numbers; larger ones take the division. Both must agree with
        // plain arithmetic, in either direction.
        for n in 1..=6u8 {
            for seat in 0..n {
                for steps in 0..=40u8 {
                    let cw = (seat as u32 + steps as u32) % n as u32;
                    let ccw = (seat as u32 + n as u32 * 40 - steps as u32) % n as u32;
                    assert_eq!(Direction::Clockwise.step(seat, steps, n) as u32, cw);
                    assert_eq!(Direction::CounterClockwise.step(seat, steps, n) as u32, ccw);
                }
            }
        }
    }

    #[test]
    fn min_bytes_is_the_smaller_byte_of_each_pair() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..10_000 {
            let a: [u8; 4] = std::array::from_fn(|_| rng.random_range(0..128));
            let b: [u8; 4] = std::array::from_fn(|_| rng.random_range(0..128));
            let want: [u8; 4] = std::array::from_fn(|i| a[i].min(b[i]));
            let (wa, wb) = (u32::from_le_bytes(a), u32::from_le_bytes(b));
            assert_eq!(min_bytes(wa, wb).to_le_bytes(), want, "{a:?} {b:?}");
            assert_eq!(
                byte_sum(min_bytes(wa, wb)),
                want.iter().map(|&x| x as u32).sum::<u32>()
            );
            let ge: [u8; 4] = std::array::from_fn(|i| if a[i] >= b[i] { 0xff } else { 0 });
            assert_eq!(bytes_at_least(wa, wb).to_le_bytes(), ge, "{a:?} {b:?}");
        }
    }

    #[test]
    fn dice_added_and_taken_as_a_word_change_one_colour_only() {
        let mut counts: ColourCounts = [3, 0, 12, 20];
        add_dice(&mut counts, DiceColour::Green, 2);
        assert_eq!(counts, [3, 2, 12, 20]);
        take_dice(&mut counts, DiceColour::Blue, 20);
        assert_eq!(counts, [3, 2, 12, 0]);
        take_dice(&mut counts, DiceColour::Orange, 1);
        add_dice(&mut counts, DiceColour::Purple, 8);
        assert_eq!(counts, [2, 2, 20, 0]);
    }
}
