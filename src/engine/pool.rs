//! The dice on one pool space.

use super::components::{DataProblem, PieceError};
use super::types::{ColourCounts, Die};
use serde::{Deserialize, Serialize};

/// The dice on one pool space (at most 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Die>", try_from = "Vec<Die>")]
pub struct SpaceDice {
    dice: [Option<Die>; 5],
    len: u8,
}

impl SpaceDice {
    pub fn dice(&self) -> impl Iterator<Item = Die> + '_ {
        self.dice[..self.len as usize].iter().flatten().copied()
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
        self.dice[self.len as usize] = Some(d);
        self.len += 1;
    }

    /// Removes every die showing `face`; returns them per colour.
    pub(crate) fn take_face(&mut self, face: u8) -> ColourCounts {
        let mut out = [0u8; 4];
        let n = (self.len as usize).min(5);
        let mut k = 0;
        for i in 0..n {
            match self.dice[i] {
                Some(d) if d.face == face => out[d.colour.index()] += 1,
                kept => {
                    self.dice[k] = kept;
                    k += 1;
                }
            }
        }
        // The room left over stays empty, as a pool space read from a file has it.
        for slot in &mut self.dice[k..n] {
            *slot = None;
        }
        self.len = k as u8;
        out
    }

    pub(crate) fn take_all(&mut self) -> ColourCounts {
        let mut out = [0u8; 4];
        for d in self.dice() {
            out[d.colour.index()] += 1;
        }
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
            s.push(d);
        }
        Ok(s)
    }
}
