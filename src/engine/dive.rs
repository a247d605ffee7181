//! What a dive brings (SPEC §4.1–4.3): the dice a (shore, path, number) collects, how many the
//! diver must store, how many are passed round the table and how many of those the other
//! players have room for. One definition for the rules, the bots and the dive preview; it reads
//! only what every seat sees (the pool and the jars on the table).

use super::board::{PathKind, SHORE_COUNT, SPACE_COUNT, ShoreId, board};
use super::observation::Observation;
use super::state::{Jar, SpaceDice};
use super::types::{ColourCounts, Seat};

/// Dice each dive would collect: `[shore][path][number - 1]`, per colour.
pub type DiveTable = [[[ColourCounts; 6]; 2]; SHORE_COUNT];

/// Every dive's collection from this pool, taken or not.
pub fn dive_table(pool: &[SpaceDice; SPACE_COUNT]) -> DiveTable {
    // Each space's dice per face, the four colour counts packed into the bytes of a u32 (a
    // path holds at most 4 × 5 dice, so a byte never overflows): a path is then the sum of its
    // spaces, 6 additions a space.
    let mut per_space = [[0u32; 6]; SPACE_COUNT];
    for (space, dice) in per_space.iter_mut().zip(pool) {
        for d in dice.dice() {
            space[(d.face - 1) as usize] += 1 << (8 * d.colour.index());
        }
    }
    let b = board();
    let mut t = [[[[0u8; 4]; 6]; 2]; SHORE_COUNT];
    for (shore, paths) in b.paths.iter().enumerate() {
        for (k, path) in paths.iter().enumerate() {
            let mut sum = [0u32; 6];
            for &space in path.spaces() {
                for (f, n) in sum.iter_mut().zip(&per_space[space as usize]) {
                    *f += n;
                }
            }
            t[shore][k] = sum.map(u32::to_le_bytes);
        }
    }
    t
}

/// Empty spaces per dice colour over a pair of jar slots.
pub fn room(jars: &[Option<Jar>; 2]) -> ColourCounts {
    let mut r = [0u8; 4];
    for j in jars.iter().flatten() {
        for (c, slot) in r.iter_mut().enumerate() {
            *slot += j.needs[c] - j.filled[c];
        }
    }
    r
}

/// What one dive brings its diver, per dice colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DiveYield {
    pub collected: ColourCounts,
    /// Stored in the diver's jars: for each colour as many as fit (§4.2).
    pub stored: ColourCounts,
    /// Passed round the table (solo: into the tempest) (§4.3).
    pub passed: ColourCounts,
    /// Of the passed dice, how many the other players have matching empty spaces for: the most
    /// they can take as the dice go round; the rest go to the supply.
    pub others_room: ColourCounts,
}

fn sum(c: &ColourCounts) -> u8 {
    c.iter().sum()
}

impl DiveYield {
    /// Splits `collected` by the diver's empty spaces (`own_room`) and the other players'
    /// (`others_room`).
    pub fn new(collected: ColourCounts, own_room: ColourCounts, others_room: ColourCounts) -> Self {
        let stored = std::array::from_fn(|c| collected[c].min(own_room[c]));
        let passed: ColourCounts = std::array::from_fn(|c| collected[c] - stored[c]);
        DiveYield {
            collected,
            stored,
            passed,
            others_room: std::array::from_fn(|c| passed[c].min(others_room[c])),
        }
    }

    pub fn total(&self) -> u8 {
        sum(&self.collected)
    }

    pub fn fit(&self) -> u8 {
        sum(&self.stored)
    }

    pub fn passed_total(&self) -> u8 {
        sum(&self.passed)
    }

    pub fn others_can_take(&self) -> u8 {
        sum(&self.others_room)
    }
}

/// A dive open to a seat, with what it brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiveOption {
    pub shore: ShoreId,
    pub path: PathKind,
    pub number: u8,
    pub yields: DiveYield,
}

impl Observation {
    /// Every dive open now (free shores, both paths, numbers 1–6) with what it would bring
    /// `seat`, in shore, path, number order.
    pub fn dive_options(&self, seat: Seat) -> Vec<DiveOption> {
        let mut out = Vec::with_capacity(SHORE_COUNT * 12);
        let Some(me) = self.players.get(seat as usize) else {
            return out;
        };
        let own = room(&me.jars);
        let mut others = [0u8; 4];
        for (i, s) in self.players.iter().enumerate() {
            if i != seat as usize {
                let r = room(&s.jars);
                for c in 0..4 {
                    others[c] += r[c];
                }
            }
        }
        let table = dive_table(&self.pool);
        for shore in 0..SHORE_COUNT as ShoreId {
            if self.shores[shore as usize].is_some() {
                continue;
            }
            for path in PathKind::ALL {
                for number in 1..=6u8 {
                    let collected = table[shore as usize][path.index()][number as usize - 1];
                    out.push(DiveOption {
                        shore,
                        path,
                        number,
                        yields: DiveYield::new(collected, own, others),
                    });
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::Components;
    use crate::state::{GameConfig, GameState};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    /// The table counted die by die, the plain way.
    fn counted(pool: &[SpaceDice; SPACE_COUNT]) -> DiveTable {
        let mut t = [[[[0u8; 4]; 6]; 2]; SHORE_COUNT];
        for (shore, paths) in board().paths.iter().enumerate() {
            for (k, path) in paths.iter().enumerate() {
                for &space in path.spaces() {
                    for d in pool[space as usize].dice() {
                        t[shore][k][(d.face - 1) as usize][d.colour.index()] += 1;
                    }
                }
            }
        }
        t
    }

    #[test]
    fn packed_sums_count_every_die_of_every_path() {
        let comps = Arc::new(Components::default());
        for seed in 0..40 {
            let mut s = GameState::new(GameConfig::players(2), Arc::clone(&comps)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut legal = Vec::new();
            // Pools as seeded, and as dives empty them.
            for _ in 0..60 {
                if s.is_over() {
                    break;
                }
                if s.play_chance_run(&mut rng, |_| {}) > 0 {
                    continue;
                }
                assert_eq!(dive_table(&s.pool), counted(&s.pool));
                s.legal_actions_into(&mut legal);
                let a = legal[(seed as usize * 7 + legal.len()) % legal.len()];
                s.apply_quiet(&a).unwrap();
            }
        }
    }
}
