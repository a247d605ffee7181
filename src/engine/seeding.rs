//! Filling the pool from the supply (SPEC §3 step 1 and §5's refill), one chance step at a
//! time. The game and the board seeder both fill the pool through this, so a layout the seeder
//! shows is exactly what the game would have dealt.

use super::board::{FULL_POOL, SPACE_COUNT, SpaceId, capacity};
use super::list::List;
use super::pool::SpaceDice;
use super::types::{ColourCounts, DiceColour, Die, take_dice};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A uniform integer in `0..n` (n > 0) from the generator's raw 32-bit output, by Lemire's
/// multiply-and-reject method. It is written here rather than taken from `rand` so that a seed
/// gives the same outcomes in every later version of this program.
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let n = n.max(1);
    let mut m = rng.next_u32() as u64 * n as u64;
    let mut low = m as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            m = rng.next_u32() as u64 * n as u64;
            low = m as u32;
        }
    }
    (m >> 32) as u32
}

/// The next step of a fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillStep {
    /// Short supply: the next space in the random dealing order.
    Order,
    /// The next die, for this space.
    Die(SpaceId),
    Done,
}

/// Progress of one pool fill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolFill {
    /// Dice each space will hold once the fill is done.
    pub target: [u8; SPACE_COUNT],
    /// Short supply: the dealing order chosen so far.
    pub order: List<SpaceId, SPACE_COUNT>,
    /// Bit per space already in `order`.
    pub ordered: u32,
    /// Short supply and the order is not complete yet.
    pub needs_order: bool,
    /// The first space still below its target (18 when none).
    pub cursor: u8,
}

impl Default for PoolFill {
    fn default() -> PoolFill {
        PoolFill {
            target: [0; SPACE_COUNT],
            order: List::new(),
            ordered: 0,
            needs_order: false,
            cursor: SPACE_COUNT as u8,
        }
    }
}

impl PoolFill {
    /// Starts filling an empty `pool` from `supply`. With 84 dice or more every space is
    /// filled; with fewer, a random space order is drawn first (SPEC §5).
    pub fn start(pool: &[SpaceDice; SPACE_COUNT], supply: &ColourCounts) -> PoolFill {
        let total: u32 = supply.iter().map(|&x| x as u32).sum();
        let mut f = PoolFill::default();
        if total >= FULL_POOL {
            for s in 0..SPACE_COUNT as u8 {
                f.target[s as usize] = capacity(s);
            }
        } else if total > 0 {
            f.needs_order = true;
            return f;
        }
        f.cursor = 0;
        f.advance(pool);
        f
    }

    pub fn step(&self) -> FillStep {
        if self.needs_order {
            FillStep::Order
        } else if (self.cursor as usize) < SPACE_COUNT {
            FillStep::Die(self.cursor)
        } else {
            FillStep::Done
        }
    }

    /// Spaces not yet in the dealing order.
    pub fn unordered(&self) -> u32 {
        ((1u32 << SPACE_COUNT) - 1) & !self.ordered
    }

    fn advance(&mut self, pool: &[SpaceDice; SPACE_COUNT]) {
        while (self.cursor as usize) < SPACE_COUNT
            && pool[self.cursor as usize].len() >= self.target[self.cursor as usize]
        {
            self.cursor += 1;
        }
    }

    /// Is `space` a possible next space in the order?
    pub fn order_ok(&self, space: SpaceId) -> bool {
        self.needs_order && (space as usize) < SPACE_COUNT && self.unordered() & (1 << space) != 0
    }

    /// Adds `space` to the order (checked with `order_ok`). When the order is complete the
    /// targets follow: one die at a time to each space in that order, skipping full spaces,
    /// cycle after cycle.
    pub fn apply_order(
        &mut self,
        space: SpaceId,
        pool: &[SpaceDice; SPACE_COUNT],
        supply: &ColourCounts,
    ) {
        self.order.push(space);
        self.ordered |= 1 << space;
        if self.order.len() < SPACE_COUNT {
            return;
        }
        self.needs_order = false;
        let mut left: u32 = supply.iter().map(|&x| x as u32).sum();
        let mut target = [0u8; SPACE_COUNT];
        while left > 0 {
            let mut placed = false;
            for &s in &self.order {
                if left == 0 {
                    break;
                }
                if target[s as usize] < capacity(s) {
                    target[s as usize] += 1;
                    left -= 1;
                    placed = true;
                }
            }
            if !placed {
                break;
            }
        }
        self.target = target;
        self.cursor = 0;
        self.advance(pool);
    }

    /// Why `die` cannot be the next die on `space`, if it cannot.
    pub fn die_problem(
        &self,
        space: SpaceId,
        die: Die,
        supply: &ColourCounts,
    ) -> Option<super::action::SeedProblem> {
        use super::action::SeedProblem;
        let FillStep::Die(want) = self.step() else {
            return Some(SeedProblem::NotFilling);
        };
        if space != want {
            return Some(SeedProblem::WrongSpace { want, got: space });
        }
        if !(1..=6).contains(&die.face) {
            return Some(SeedProblem::Face { face: die.face });
        }
        if supply[die.colour.index()] == 0 {
            return Some(SeedProblem::NoneLeft { colour: die.colour });
        }
        None
    }

    /// Places a die (checked with `die_problem`).
    pub fn apply_die(
        &mut self,
        die: Die,
        pool: &mut [SpaceDice; SPACE_COUNT],
        supply: &mut ColourCounts,
    ) {
        take_dice(supply, die.colour, 1);
        pool[self.cursor as usize].push(die);
        self.advance(pool);
    }

    /// Every next die with its probability: colour in proportion to the supply, face uniform.
    pub fn for_each_die(supply: &ColourCounts, mut f: impl FnMut(Die, f64)) {
        let total: u32 = supply.iter().map(|&x| x as u32).sum();
        for c in DiceColour::ALL {
            let n = supply[c.index()];
            if n == 0 {
                continue;
            }
            let p = n as f64 / total as f64 / 6.0;
            for face in 1..=6 {
                f(Die { colour: c, face }, p);
            }
        }
    }

    /// Draws the next die from the supply: one draw picks the colour (weighted by the supply)
    /// and the face.
    pub fn sample_die<R: Rng + ?Sized>(supply: &ColourCounts, rng: &mut R) -> Die {
        let total: u32 = supply.iter().map(|&x| x as u32).sum();
        let r = below(rng, total * 6);
        let (k, face) = (r / 6, (r % 6) as u8 + 1);
        Die {
            colour: pick_colour(supply, k),
            face,
        }
    }

    /// Deals every die still to come of a fill whose order is known, drawing each as
    /// `sample_die` does and placing it as `apply_die` does (the same draws from `rng`, in the
    /// same order), and passes each to `log`. Returns how many were dealt.
    ///
    /// Kept out of line: it runs twice a game, and inlined into a whole-program-optimised
    /// playout its loop came out differently with each change around it (up to 1,300
    /// instructions a random 4-player game apart for the same code).
    #[inline(never)]
    pub fn deal_rest<R: Rng + ?Sized>(
        &mut self,
        pool: &mut [SpaceDice; SPACE_COUNT],
        supply: &mut ColourCounts,
        rng: &mut R,
        mut log: impl FnMut(SpaceId, Die),
    ) -> usize {
        if self.needs_order {
            return 0;
        }
        // The supply stays in a register, a byte a colour, until the last die: a byte written
        // back to memory and the four read again as one word for the next die would wait for
        // the write to land.
        let mut left = *supply;
        let mut total: u32 = left.iter().map(|&x| x as u32).sum();
        let mut dealt = 0;
        let spaces = pool.iter_mut().zip(self.target).enumerate();
        for (space, (dice, target)) in spaces.skip(self.cursor as usize) {
            while dice.len() < target {
                debug_assert!(total > 0, "a fill wants more dice than the supply holds");
                let r = below(rng, total * 6);
                let (k, face) = (r / 6, (r % 6) as u8 + 1);
                let colour = pick_colour(&left, k);
                take_dice(&mut left, colour, 1);
                total -= 1;
                let die = Die { colour, face };
                dice.push(die);
                log(space as SpaceId, die);
                dealt += 1;
            }
        }
        *supply = left;
        self.cursor = SPACE_COUNT as u8;
        dealt
    }

    /// Draws the next space of the dealing order.
    pub fn sample_order<R: Rng + ?Sized>(&self, rng: &mut R) -> SpaceId {
        let left = self.unordered();
        nth_bit(left, below(rng, left.count_ones()))
    }
}

/// The colour of the `k`-th die of the supply, counting orange, green, purple, blue.
fn pick_colour(supply: &ColourCounts, k: u32) -> DiceColour {
    // Counted without branches: the colour is random, so a branch on it is mispredicted about
    // half the time.
    let [o, g, p, _] = supply.map(u32::from);
    let i = (k >= o) as usize + (k >= o + g) as usize + (k >= o + g + p) as usize;
    DiceColour::ALL[i]
}

/// The position of the `n`-th set bit of `mask` (counting from 0, lowest first); 32 when
/// `mask` has `n` or fewer set bits. Without a loop or branch on `n` (which is random where it
/// is asked): the byte that holds the bit is found from the bytes' bit counts, and the bit in it
/// from a table.
pub(crate) fn nth_bit(mask: u32, n: u32) -> u8 {
    let b = mask.to_le_bytes();
    let c0 = BITS_IN[b[0] as usize] as u32;
    let c1 = c0 + BITS_IN[b[1] as usize] as u32;
    let c2 = c1 + BITS_IN[b[2] as usize] as u32;
    let c3 = c2 + BITS_IN[b[3] as usize] as u32;
    let byte = (n >= c0) as usize + (n >= c1) as usize + (n >= c2) as usize;
    let before = [0, c0, c1, c2][byte];
    let at = NTH_IN[b[byte] as usize][((n - before) & 7) as usize];
    if n >= c3 { 32 } else { byte as u8 * 8 + at }
}

/// Set bits per byte value.
static BITS_IN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

/// Per byte value, the position of its k-th set bit (8 past its last).
static NTH_IN: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut i = 0;
    while i < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if i & (1 << bit) != 0 {
                t[i][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_picked_colour_is_the_kth_die_of_the_supply() {
        // The supply laid out in colour order: the k-th die's colour, for every k and many
        // supplies (empty colours included), is what the branch-free count gives.
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..500 {
            let supply: ColourCounts = std::array::from_fn(|_| below(&mut rng, 4) as u8 * 4);
            let laid_out: Vec<DiceColour> = DiceColour::ALL
                .iter()
                .flat_map(|&c| std::iter::repeat_n(c, supply[c.index()] as usize))
                .collect();
            for (k, &c) in laid_out.iter().enumerate() {
                assert_eq!(pick_colour(&supply, k as u32), c, "{supply:?} k={k}");
            }
        }
    }

    #[test]
    fn below_is_uniform_and_in_range() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut hist = [0u32; 6];
        for _ in 0..60_000 {
            let x = below(&mut rng, 6);
            hist[x as usize] += 1;
        }
        for h in hist {
            assert!((9_400..10_600).contains(&h), "{hist:?}");
        }
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn nth_bit_is_the_nth_set_bit() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        for _ in 0..20_000 {
            let mask = rng.next_u32() >> below(&mut rng, 32);
            let set: Vec<u8> = (0..32).filter(|&i| mask & (1 << i) != 0).collect();
            for n in 0..34 {
                let want = set.get(n as usize).copied().unwrap_or(32);
                assert_eq!(nth_bit(mask, n), want, "{mask:#x} {n}");
            }
        }
        assert_eq!(nth_bit(0, 0), 32);
        assert_eq!(nth_bit(u32::MAX, 31), 31);
    }

    #[test]
    fn below_is_pinned() {
        // The portable stream: these values must never change.
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let v: Vec<u32> = (0..8).map(|_| below(&mut rng, 104 * 6)).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let raw: Vec<u32> = (0..8)
            .map(|_| ((rng.next_u32() as u64 * 624) >> 32) as u32)
            .collect();
        assert_eq!(v, raw);
    }
}
