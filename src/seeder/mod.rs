//! The board seeder: a random pool layout to copy onto the physical board, reproducible from a
//! short seed code. Layouts come from the engine's own pool fill (`engine::seeding`), so they
//! follow exactly the dealing the digital game uses, short-supply rule included.

pub mod png;

use crate::engine::board::{SPACE_COUNT, SpaceId, space_name};
use crate::engine::seeding::{FillStep, PoolFill};
use crate::engine::state::SpaceDice;
use crate::engine::types::{ColourCounts, DiceColour};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// Crockford's base 32: no I, L, O or U, so a code reads aloud and types without mix-ups.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
pub const CODE_LEN: usize = 8;
/// Keeps seeder streams apart from other uses of the same number.
const DOMAIN: u64 = 0x4e6f_6374_696c_7563; // "Noctiluc"

/// A seed code: 8 characters (40 bits) and a check character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeedCode(u64);

impl SeedCode {
    pub const MAX: u64 = (1 << (5 * CODE_LEN)) - 1;

    pub fn from_value(v: u64) -> SeedCode {
        SeedCode(v & Self::MAX)
    }

    pub fn value(self) -> u64 {
        self.0
    }

    /// A fresh random code.
    pub fn random() -> SeedCode {
        SeedCode::from_value(rand::random::<u64>())
    }

    /// Reads a code: case does not matter, spaces and dashes are ignored, and the look-alikes
    /// I/L (for 1) and O (for 0) are accepted. The ninth character, the check, must match the
    /// eight before it; a code of eight (as written before there was a check) is taken as it
    /// is.
    pub fn parse(s: &str) -> Result<SeedCode, SeedCodeError> {
        let mut v: u64 = 0;
        let mut n = 0;
        let mut check = None;
        for ch in s.chars() {
            if ch == '-' || ch.is_whitespace() {
                continue;
            }
            let up = match ch.to_ascii_uppercase() {
                'I' | 'L' => '1',
                'O' => '0',
                c => c,
            };
            let Some(d) = ALPHABET.iter().position(|&a| a as char == up) else {
                return Err(SeedCodeError::Character(ch));
            };
            n += 1;
            if n <= CODE_LEN {
                v = v * 32 + d as u64;
            } else {
                check = Some(d as u8);
            }
        }
        if n != CODE_LEN && n != CODE_LEN + 1 {
            return Err(SeedCodeError::Length(n));
        }
        let code = SeedCode(v);
        match check {
            Some(c) if c != code.check() => Err(SeedCodeError::Check),
            _ => Ok(code),
        }
    }

    /// The check character's value: the eight characters weighted by the powers of a
    /// generator of the field of 32 elements and added there. A character typed wrong, or two
    /// neighbours swapped, always changes it.
    fn check(self) -> u8 {
        let mut sum = 0u8;
        let mut weight = 2u8;
        for i in (0..CODE_LEN).rev() {
            let d = ((self.0 >> (5 * i)) & 31) as u8;
            sum ^= gf32_mul(weight, d);
            weight = gf32_mul(weight, 2);
        }
        sum
    }
}

/// Multiplication in the field of 32 elements (polynomials over GF(2) modulo x⁵ + x² + 1).
fn gf32_mul(mut a: u8, mut b: u8) -> u8 {
    let mut out = 0u8;
    while b != 0 {
        if b & 1 != 0 {
            out ^= a;
        }
        b >>= 1;
        a <<= 1;
        if a & 0x20 != 0 {
            a ^= 0b10_0101;
        }
    }
    out
}

/// Why a text is not a seed code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedCodeError {
    /// A character seed codes never use.
    Character(char),
    /// Too few or too many characters (dashes and spaces aside).
    Length(usize),
    /// The check character does not match the others: one was mistyped.
    Check,
}

impl fmt::Display for SeedCodeError {
    /// In the thread's language.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            SeedCodeError::Character(character) => crate::trf!(
                "'{character}' is not used in seed codes (they use 0-9 and A-Z without U; I and L are read as 1, O as 0)",
                character
            ),
            SeedCodeError::Length(count) => crate::trf!(
                "a seed code has {length} characters and a check character; this one has {count}",
                length = CODE_LEN,
                count
            ),
            SeedCodeError::Check => crate::i18n::tr(
                "the last character, the check, does not match the others: a character was mistyped or two were swapped",
            )
            .to_string(),
        })
    }
}

impl fmt::Display for SeedCode {
    /// Two groups of four and the check character, e.g. "K7M2-QX9P-6".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = [0u8; CODE_LEN];
        let mut v = self.0;
        for i in (0..CODE_LEN).rev() {
            chars[i] = ALPHABET[(v % 32) as usize];
            v /= 32;
        }
        let s = std::str::from_utf8(&chars).unwrap_or("????????");
        let check = ALPHABET[self.check() as usize] as char;
        write!(f, "{}-{}-{check}", &s[..4], &s[4..])
    }
}

/// How much of each die the layout fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Which colours go on each space; the person rolls them onto it.
    ColoursOnly,
    /// Every die's colour and face: a fully reproducible board.
    ColoursAndFaces,
}

/// A pool layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub code: SeedCode,
    /// The dice the layout was drawn from (per colour): 26 each for a new game, or what the
    /// person counted in the box lid for a round-2 refill.
    pub supply: ColourCounts,
    pub pool: [SpaceDice; SPACE_COUNT],
    /// Short supply: the random order the spaces were dealt in.
    pub order: Vec<SpaceId>,
    /// Dice left in the box lid afterwards.
    pub left: ColourCounts,
}

pub const FULL_SUPPLY: ColourCounts = [26; 4];

/// "84 dice placed" ("1 die placed").
pub fn dice_placed(count: u32) -> String {
    if count == 1 {
        crate::i18n::tr("1 die placed").to_owned()
    } else {
        crate::trf!("{count} dice placed", count)
    }
}

impl Layout {
    /// The layout for `code` drawn from `supply`, by the engine's fill procedure.
    pub fn generate(code: SeedCode, supply: ColourCounts) -> Layout {
        let mut rng = ChaCha8Rng::seed_from_u64(code.value() ^ DOMAIN);
        // A refill draws from a stream of its own, set by the box lid's counts: on the code's
        // first stream a lid of 84 dice or more took the same draws as the code's new-game
        // board and laid out nearly the same pool again in round 2.
        if supply != FULL_SUPPLY {
            rng.set_stream(1 + u64::from(u32::from_le_bytes(supply)));
        }
        let mut pool = [SpaceDice::default(); SPACE_COUNT];
        let mut left = supply;
        let mut fill = PoolFill::start(&pool, &left);
        loop {
            match fill.step() {
                FillStep::Order => {
                    let space = fill.sample_order(&mut rng);
                    fill.apply_order(space, &pool, &left);
                }
                FillStep::Die(_) => {
                    let die = PoolFill::sample_die(&left, &mut rng);
                    fill.apply_die(die, &mut pool, &mut left);
                }
                FillStep::Done => break,
            }
        }
        Layout {
            code,
            supply,
            pool,
            order: fill.order.to_vec(),
            left,
        }
    }

    pub fn is_refill(&self) -> bool {
        self.supply != FULL_SUPPLY
    }

    /// Dice placed, per colour and face: `[colour][face - 1]`.
    pub fn totals(&self) -> [[u32; 6]; 4] {
        let mut t = [[0u32; 6]; 4];
        for s in &self.pool {
            for d in s.dice() {
                t[d.colour.index()][d.face as usize - 1] += 1;
            }
        }
        t
    }

    pub fn placed(&self) -> u32 {
        self.pool.iter().map(|s| s.len() as u32).sum()
    }

    /// The dice of one space in a fixed order (by colour, then face) for reading out.
    pub fn space_dice(&self, space: SpaceId) -> Vec<crate::engine::Die> {
        let mut v: Vec<_> = self.pool[space as usize].dice().collect();
        v.sort_by_key(|d| (d.colour, d.face));
        v
    }

    /// "O7: orange 3, blue 3, blue 6" (or colours only: "O7: 1 orange, 2 blue").
    pub fn describe_space(&self, space: SpaceId, detail: Detail) -> String {
        let dice = match crate::words::space_dice(
            &self.pool[space as usize],
            detail == Detail::ColoursAndFaces,
        ) {
            words if words.is_empty() => crate::i18n::tr("empty").to_string(),
            words => words,
        };
        format!("{}: {dice}", space_name(space))
    }

    /// "orange: 21 — 1×4, 2×3, 3×5, 4×2, 5×4, 6×3" (colours only: "orange: 21").
    pub fn describe_totals(&self, colour: DiceColour, detail: Detail) -> String {
        let t = self.totals()[colour.index()];
        let n: u32 = t.iter().sum();
        match detail {
            Detail::ColoursOnly => format!("{colour}: {n}"),
            Detail::ColoursAndFaces if n == 0 => format!("{colour}: 0"),
            Detail::ColoursAndFaces => {
                let faces: Vec<String> = (0..6)
                    .filter(|&f| t[f] > 0)
                    .map(|f| format!("{}×{}", f + 1, t[f]))
                    .collect();
                format!("{colour}: {n} — {}", faces.join(", "))
            }
        }
    }

    /// The whole layout as text, for the terminal.
    pub fn to_text(&self, detail: Detail) -> String {
        let mut s = format!("Seed code {}", self.code);
        if self.is_refill() {
            s.push_str(&format!(
                " (refill from orange {}, green {}, purple {}, blue {})",
                self.supply[0], self.supply[1], self.supply[2], self.supply[3]
            ));
        }
        s.push('\n');
        for sp in 0..SPACE_COUNT as u8 {
            s.push_str(&self.describe_space(sp, detail));
            s.push('\n');
        }
        s.push_str(&format!("{}:\n", dice_placed(self.placed())));
        for c in DiceColour::ALL {
            s.push_str("  ");
            s.push_str(&self.describe_totals(c, detail));
            s.push('\n');
        }
        if self.left != [0; 4] {
            s.push_str(&format!(
                "Left in the box lid: {}\n",
                crate::words::describe_counts(&self.left)
            ));
        }
        s
    }
}

/// Where the `i`-th of `n` dice sits on a space, as the board and the PNG draw it: three on
/// the top row, two below. Returns (row, column, dice in that row).
pub fn space_slot(i: usize, n: usize) -> (usize, usize, usize) {
    if i < 3 {
        (0, i, n.min(3))
    } else {
        (1, i - 3, n.saturating_sub(3))
    }
}

/// The pips of a face, as fractions of the die's side (from its top-left corner).
pub fn pip_positions(face: u8) -> &'static [(f32, f32)] {
    const L: f32 = 0.26;
    const M: f32 = 0.5;
    const H: f32 = 0.74;
    match face {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
    }
}

/// Parses "o,g,p,b" dice counts (orange, green, purple, blue), each 0..=26.
pub fn parse_supply(s: &str) -> Result<ColourCounts, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() != 4 {
        return Err(format!(
            "give four numbers, orange,green,purple,blue (e.g. 20,18,22,19), not \"{s}\""
        ));
    }
    let mut out = [0u8; 4];
    for (i, p) in parts.iter().enumerate() {
        let n: u8 = p
            .parse()
            .map_err(|_| format!("{}: \"{p}\" is not a number of dice", DiceColour::ALL[i]))?;
        if n > 26 {
            return Err(format!("there are 26 {} dice, not {n}", DiceColour::ALL[i]));
        }
        out[i] = n;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::capacity;

    #[test]
    fn codes_round_trip_and_forgive_look_alikes() {
        for v in [0, 1, 31, 32, 123_456_789, SeedCode::MAX] {
            let c = SeedCode::from_value(v);
            let text = c.to_string();
            assert_eq!(text.len(), 11);
            assert_eq!(SeedCode::parse(&text).unwrap(), c);
            assert_eq!(SeedCode::parse(&text.to_lowercase()).unwrap(), c);
            // Without its check character, as codes were written before it: the same code.
            assert_eq!(SeedCode::parse(&text[..9]).unwrap(), c);
        }
        assert_eq!(
            SeedCode::parse("IOLO-0000").unwrap(),
            SeedCode::parse("1010-0000").unwrap()
        );
        assert!(SeedCode::parse("ABCD-EFGU").is_err());
        assert!(SeedCode::parse("ABC").is_err());
        assert!(SeedCode::parse("ABCD-EFGHJ").is_err());
        assert!(SeedCode::parse("ABCD-EF!H").is_err());
        assert!(SeedCode::parse("ABCD-EFGH-JK").is_err());
    }

    /// Every code with one character typed wrong, or two neighbours swapped, is refused by
    /// its check character rather than read as another code.
    #[test]
    fn a_mistyped_code_is_refused_by_its_check() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let alphabet: Vec<char> = ALPHABET.iter().map(|&b| b as char).collect();
        for _ in 0..2_000 {
            let code = SeedCode::from_value(rng.random_range(0..=SeedCode::MAX));
            let text: Vec<char> = code.to_string().chars().filter(|&c| c != '-').collect();
            for at in 0..text.len() {
                for &other in alphabet.iter().filter(|&&a| a != text[at]) {
                    let mut typo = text.clone();
                    typo[at] = other;
                    let typo: String = typo.into_iter().collect();
                    assert_eq!(SeedCode::parse(&typo), Err(SeedCodeError::Check), "{typo}");
                }
                if at + 1 < text.len() && text[at] != text[at + 1] {
                    let mut swapped = text.clone();
                    swapped.swap(at, at + 1);
                    let swapped: String = swapped.into_iter().collect();
                    assert_eq!(
                        SeedCode::parse(&swapped),
                        Err(SeedCodeError::Check),
                        "{swapped}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_layout_uses_84_dice_within_the_supply() {
        for v in 0..300u64 {
            let l = Layout::generate(SeedCode::from_value(v * 7_919), FULL_SUPPLY);
            assert_eq!(l.placed(), 84);
            for sp in 0..SPACE_COUNT as u8 {
                assert_eq!(l.pool[sp as usize].len(), capacity(sp));
            }
            let t = l.totals();
            for (faces, left) in t.iter().zip(l.left) {
                let placed: u32 = faces.iter().sum();
                assert!(placed <= 26);
                assert_eq!(placed + left as u32, 26);
            }
            for s in &l.pool {
                assert!(s.dice().all(|d| (1..=6).contains(&d.face)));
            }
        }
    }

    #[test]
    fn a_code_reproduces_its_layout() {
        let code = SeedCode::parse("K7M2-QX9P").unwrap();
        assert_eq!(
            Layout::generate(code, FULL_SUPPLY),
            Layout::generate(code, FULL_SUPPLY)
        );
        assert_ne!(
            Layout::generate(code, FULL_SUPPLY),
            Layout::generate(SeedCode::parse("K7M2-QX9Q").unwrap(), FULL_SUPPLY)
        );
    }

    #[test]
    fn short_supply_is_spread_evenly() {
        let supply = [20, 18, 15, 12]; // 65 dice
        let l = Layout::generate(SeedCode::from_value(99), supply);
        assert_eq!(l.placed(), 65);
        assert_eq!(l.left, [0; 4]);
        assert_eq!(l.order.len(), 18);
        let counts: Vec<u8> = l.pool.iter().map(|s| s.len()).collect();
        let (min, max) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        assert!(max - min <= 1, "{counts:?}");
        // 65 = 3 × 18 + 11: the first 11 spaces of the order get the fourth die.
        for (i, &sp) in l.order.iter().enumerate() {
            assert_eq!(l.pool[sp as usize].len(), if i < 11 { 4 } else { 3 });
        }
        // More than 84 in the lid: 84 placed, the rest stay.
        let l = Layout::generate(SeedCode::from_value(5), [26, 26, 26, 10]);
        assert_eq!(l.placed(), 84);
        assert_eq!(l.left.iter().map(|&x| x as u32).sum::<u32>(), 4);
        assert!(l.order.is_empty());
    }

    /// Golden values: a code must give this layout on every machine and in every later
    /// version. If this test fails, seed codes people wrote down no longer work.
    #[test]
    fn golden_layouts() {
        let l = Layout::generate(SeedCode::parse("K7M2-QX9P").unwrap(), FULL_SUPPLY);
        let d = Detail::ColoursAndFaces;
        assert_eq!(
            l.describe_space(0, d),
            "I1: orange 5, green 1, purple 6, blue 3"
        );
        assert_eq!(
            l.describe_space(17, d),
            "O12: orange 3, orange 5, orange 5, blue 6, blue 6"
        );
        assert_eq!(
            l.describe_totals(DiceColour::Blue, d),
            "blue: 23 — 1×2, 2×2, 3×6, 4×4, 5×3, 6×6"
        );
        assert_eq!(l.left, [6, 6, 5, 3]);
        // A refill (these counts in the box lid), on a stream of its own (since the refill
        // that nearly repeated the code's first board).
        let r = Layout::generate(SeedCode::parse("3D9H-ZP2X").unwrap(), [20, 18, 15, 12]);
        assert_eq!(r.order[..4], [7, 10, 17, 15]);
        assert_eq!(
            r.describe_space(0, Detail::ColoursOnly),
            "I1: 1 orange, 1 green, 1 blue"
        );
        assert_eq!(
            r.describe_space(1, Detail::ColoursOnly),
            "I2: 2 green, 1 purple"
        );
    }

    /// A refill from a box lid of 84 dice or more is not the code's new-game board again
    /// (on the same stream, it took the same draws and laid out nearly the same pool), and two
    /// lids a die apart give boards apart.
    #[test]
    fn a_refill_is_not_the_first_board_again() {
        let code = SeedCode::parse("W9BX-JG7W").unwrap();
        let first = Layout::generate(code, FULL_SUPPLY);
        let same_colours = |a: &Layout, b: &Layout| {
            (0..SPACE_COUNT)
                .filter(|&s| a.pool[s].counts() == b.pool[s].counts())
                .count()
        };
        for lid in [[24, 25, 26, 20], [26, 26, 26, 25], [21, 21, 21, 21]] {
            let refill = Layout::generate(code, lid);
            assert_eq!(refill.placed(), 84);
            assert!(same_colours(&first, &refill) <= 4, "{lid:?}");
            assert_eq!(refill, Layout::generate(code, lid), "the same code and lid");
        }
        let a = Layout::generate(code, [24, 25, 26, 20]);
        let b = Layout::generate(code, [24, 25, 26, 21]);
        assert!(same_colours(&a, &b) <= 4);
    }

    #[test]
    fn supply_parsing() {
        assert_eq!(parse_supply("20, 18,22,19").unwrap(), [20, 18, 22, 19]);
        assert!(parse_supply("20,18,22").is_err());
        assert!(parse_supply("20,18,22,27").is_err());
        assert!(parse_supply("a,b,c,d").is_err());
    }
}
