//! The dice on one pool space.

use super::components::{DataProblem, PieceError};
use super::types::{ColourCounts, DiceColour, Die};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The dice on one pool space (at most 5).
#[derive(Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Die>", try_from = "Vec<Die>")]
pub struct SpaceDice {
    /// A byte a die, in order: the colour's index in the high half, the face in the low half;
    /// 0 past the last die.
    dice: [u8; 5],
    len: u8,
}

/// A die as a byte of `SpaceDice`.
#[inline]
fn pack(d: Die) -> u8 {
    (d.colour.index() as u8) << 4 | d.face
}

#[inline]
fn unpack(b: u8) -> Die {
    Die {
        colour: DiceColour::ALL[(b >> 4) as usize & 3],
        face: b & 0x0f,
    }
}

impl SpaceDice {
    pub fn dice(&self) -> impl Iterator<Item = Die> + '_ {
        self.dice[..self.len as usize].iter().map(|&b| unpack(b))
    }

    #[inline]
    pub fn len(&self) -> u8 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn push(&mut self, d: Die) {
        self.dice[self.len as usize] = pack(d);
        self.len += 1;
    }

    /// Removes every die showing `face`; returns them per colour.
    pub(crate) fn take_face(&mut self, face: u8) -> ColourCounts {
        // The five dice as one word, a byte each. A byte whose low half equals `face` is found
        // for all five at once: `x` is zero exactly there, and `(x & 0x7f) + 0x7f` sets a
        // byte's top bit unless its low seven bits are zero, carrying into no other byte.
        // Each die taken is counted and cut out, the dice above it moving down a byte, so the
        // rest keep their order; from the highest down, so the places below stay put.
        const ONES: u64 = 0x01_0101_0101;
        const LOW7: u64 = 0x7f * ONES;
        let n = self.len.min(5) as u32;
        let mut bytes = [0u8; 8];
        bytes[..5].copy_from_slice(&self.dice);
        let mut w = u64::from_le_bytes(bytes);
        let x = (w & (0x0f * ONES)) ^ (face as u64 * ONES);
        let mut hits = !(((x & LOW7) + LOW7) | x | LOW7) & ((1u64 << (8 * n)) - 1);
        // Cuts the highest die flagged in `hits` out of `w`: the word without it, the flags
        // below it, and the die counted under its colour.
        let cut = |w: u64, hits: u64| {
            let at = (63 - (hits | 1).leading_zeros()) & !7;
            let below = (1u64 << at) - 1;
            let counted = 1u32 << (8 * ((w >> (at + 4)) as u32 & 3));
            ((w & below) | ((w >> 8) & !below), hits & below, counted)
        };
        // Whether a space has no die, one or more showing the number is a toss-up, so a loop
        // alone would be mispredicted at most spaces: the first die is cut without a branch
        // (with none, `one` is 0 and the word and count are kept), and only a second one loops.
        let one = (hits != 0) as u32;
        let (cut_w, below, counted) = cut(w, hits);
        w ^= (w ^ cut_w) & (one as u64).wrapping_neg();
        hits = below;
        let mut out = counted & one.wrapping_neg();
        let mut left = n - one;
        while hits != 0 {
            let (cut_w, below, counted) = cut(w, hits);
            (w, hits) = (cut_w, below);
            out += counted;
            left -= 1;
        }
        self.dice.copy_from_slice(&w.to_le_bytes()[..5]);
        self.len = left as u8;
        out.to_le_bytes()
    }

    pub(crate) fn take_all(&mut self) -> ColourCounts {
        let out = self.counts();
        *self = SpaceDice::default();
        out
    }

    pub fn counts(&self) -> ColourCounts {
        let mut out = [0u8; 4];
        for d in self.dice() {
            out[d.colour.index()] += 1;
        }
        out
    }
}

impl fmt::Debug for SpaceDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.dice()).finish()
    }
}

impl From<SpaceDice> for Vec<Die> {
    fn from(s: SpaceDice) -> Vec<Die> {
        s.dice().collect()
    }
}

impl TryFrom<Vec<Die>> for SpaceDice {
    type Error = PieceError;
    fn try_from(v: Vec<Die>) -> Result<SpaceDice, PieceError> {
        if v.len() > 5 {
            return Err(PieceError(DataProblem::SpaceOverfull { count: v.len() }));
        }
        let mut s = SpaceDice::default();
        for d in v {
            if !(1..=6).contains(&d.face) {
                return Err(PieceError(DataProblem::DieFace { face: d.face }));
            }
            s.push(d);
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Taking a face keeps the other dice in order, hands back the taken ones per colour, and
    /// leaves the space as if its dice had been put there one by one.
    #[test]
    fn take_face_keeps_the_rest_in_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..5_000 {
            let n = rng.random_range(0..=5);
            let dice: Vec<Die> = (0..n)
                .map(|_| Die {
                    colour: DiceColour::ALL[rng.random_range(0..4)],
                    face: rng.random_range(1..=6),
                })
                .collect();
            let mut space = SpaceDice::try_from(dice.clone()).unwrap();
            let face = rng.random_range(1..=6);
            let got = space.take_face(face);
            let kept: Vec<Die> = dice.iter().copied().filter(|d| d.face != face).collect();
            let mut want = [0u8; 4];
            for d in dice.iter().filter(|d| d.face == face) {
                want[d.colour.index()] += 1;
            }
            assert_eq!(got, want);
            assert_eq!(space, SpaceDice::try_from(kept.clone()).unwrap());
            assert_eq!(space.dice().collect::<Vec<_>>(), kept);
            assert_eq!(space.len() as usize, kept.len());
        }
    }

    #[test]
    fn a_die_from_a_file_shows_one_to_six() {
        for face in [0, 7, 17, 255] {
            let die = Die {
                colour: DiceColour::Green,
                face,
            };
            assert_eq!(
                SpaceDice::try_from(vec![die]),
                Err(PieceError(DataProblem::DieFace { face }))
            );
        }
        let ok: SpaceDice = ron::from_str("[(colour: Blue, face: 6)]").unwrap();
        assert_eq!(ok.counts(), [0, 0, 0, 1]);
        assert!(ron::from_str::<SpaceDice>("[(colour: Blue, face: 22)]").is_err());
    }
}
