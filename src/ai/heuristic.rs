//! Hand-written knowledge of the game: what a jar in progress is worth, what a dive brings, and
//! a fast greedy policy. Everything here works on a `GameState`, which inside the bots is
//! always a determinization of the deciding seat's observation (never the real game), so the
//! other seats' secrets it reads are guesses.

use crate::engine::components::TOKENS_PER_STACK;
use crate::engine::{
    Action, CardId, ColourCounts, Decision, DiceColour, GameState, Jar, JarColour, Seat,
};

use crate::engine::types::{byte_sum, min_bytes};

pub use crate::engine::dive::DiveTable;

/// Dice each dive would collect from `s`'s pool (the engine's own table).
pub fn dive_table(s: &GameState) -> DiveTable {
    crate::engine::dive::dive_table(&s.pool)
}

/// The token a delivery of this jar colour would take next (0 when the stack is empty).
pub fn next_token(s: &GameState, colour: JarColour) -> f32 {
    let taken = s.stack_taken[colour.index()] as usize;
    s.comps
        .tokens
        .stack(colour)
        .get(taken)
        .map_or(0.0, |&v| v as f32)
}

/// Own turns `seat` still has (pawns in hand, plus round 2's if in round 1).
pub fn turns_left(s: &GameState, seat: Seat) -> f32 {
    let p = &s.players[seat as usize];
    let per_round = s.turns_per_round() as f32 / s.num_players().max(1) as f32;
    let mut t = p.pawns as f32;
    if s.round <= 1 {
        t += per_round;
        if !s.started || p.pawns == 0 && s.turn == 0 {
            t = 2.0 * per_round;
        }
    }
    t
}

/// Points a delivery of `card` brings `seat` (token, bonus, favourite spaces, a share of the
/// majority it strengthens).
pub fn delivery_value(s: &GameState, seat: Seat, card: CardId) -> f32 {
    let k = s.comps.card(card);
    let fav = s.secrets[seat as usize]
        .favourite
        .map_or(0.0, |f| k.needs[f.index()] as f32);
    next_token(s, k.colour) + k.bonus as f32 + fav + 0.8
}

/// What a jar in progress is worth to `seat`, given `filled` dice on it.
pub fn jar_value(s: &GameState, seat: Seat, jar: &Jar, filled: &ColourCounts, t_left: f32) -> f32 {
    let size: u32 = jar.needs.iter().map(|&x| x as u32).sum();
    let have: u32 = filled.iter().map(|&x| x as u32).sum();
    let dv = delivery_value(s, seat, jar.card);
    jar_worth(dv, size, have, t_left, s.is_solo())
}

/// `jar_value` of a jar of `size` spaces with `have` dice on it, worth `dv` once delivered.
fn jar_worth(dv: f32, size: u32, have: u32, t_left: f32, solo: bool) -> f32 {
    // What holding a jar that can still turn into points is worth (in solo the deck runs out
    // and the tempest eats cards, so less).
    let base = if solo { 0.0 } else { 0.4 };
    if have >= size {
        // Full: delivered at the end of this turn, and a new jar comes in.
        return dv + 0.4 * t_left.min(4.0);
    }
    let empty = (size - have) as f32;
    let frac = have as f32 / size as f32;
    // Can it still be finished? About two useful dice per own turn.
    let reach = (t_left * 2.0 / empty).clamp(0.0, 1.0);
    let leftover = 0.5 * have as f32;
    leftover
        + reach * frac * frac * (dv - leftover).max(0.0)
        + 0.15 * reach * have as f32
        + base * reach * t_left.min(4.0)
}

pub fn card_rate(s: &GameState, seat: Seat, card: CardId) -> f32 {
    let k = s.comps.card(card);
    delivery_value(s, seat, card) / k.size() as f32
}

/// Estimated final points of `seat` as the game stands.
pub fn seat_value(s: &GameState, seat: Seat) -> f32 {
    let p = &s.players[seat as usize];
    let mut v = 0.0;
    for c in JarColour::ALL {
        let stack = s.comps.tokens.stack(c);
        for (i, val) in stack.iter().enumerate() {
            if p.tokens[c.index()] & (1 << i) != 0 {
                v += *val as f32;
            }
        }
    }
    let mut d = p.delivered;
    while d != 0 {
        let c = d.trailing_zeros() as CardId;
        d &= d - 1;
        let k = s.comps.card(c);
        v += k.bonus as f32;
        if let Some(f) = s.secrets[seat as usize].favourite {
            v += k.needs[f.index()] as f32;
        }
    }
    v += majority_estimate(s, seat);
    let t = turns_left(s, seat);
    for j in p.jars.iter().flatten() {
        v += jar_value(s, seat, j, &j.filled, t);
    }
    v
}

/// The expected majority points of `seat` (tokens left in stacks, split among leaders).
fn majority_estimate(s: &GameState, seat: Seat) -> f32 {
    let mut v = 0.0;
    let progress = progress(s);
    for c in 0..3 {
        let count = |t: u16| t.count_ones();
        let mine = count(s.players[seat as usize].tokens[c]);
        if mine == 0 {
            continue;
        }
        let mut best_other = 0;
        for (i, p) in s.players.iter().enumerate() {
            if i != seat as usize {
                best_other = best_other.max(count(p.tokens[c]));
            }
        }
        if s.is_solo() {
            best_other = count(s.tempest_tokens[c]);
        }
        let left = TOKENS_PER_STACK.saturating_sub(s.stack_taken[c] as usize) as f32;
        // Future deliveries shrink the stack; a lead is worth more as the game ends.
        let expect_left = left * (0.35 + 0.65 * progress);
        let share = if mine > best_other {
            0.5 + 0.5 * progress
        } else if mine == best_other {
            0.35
        } else {
            0.1 * (1.0 - progress)
        };
        v += share * expect_left;
    }
    v
}

/// How far the game is, 0 at the start to 1 at the end.
pub fn progress(s: &GameState) -> f32 {
    let per = s.turns_per_round() as f32;
    let done = (s.round.max(1) - 1) as f32 * per + s.turn as f32;
    (done / (2.0 * per)).clamp(0.0, 1.0)
}

/// Solo: points the tempest takes off so far (tokens, dice, a share of majorities).
pub fn tempest_penalty(s: &GameState) -> f32 {
    let mut v = s.tempest_dice.iter().map(|&x| x as f32).sum::<f32>();
    for c in JarColour::ALL {
        let stack = s.comps.tokens.stack(c);
        for (i, val) in stack.iter().enumerate() {
            if s.tempest_tokens[c.index()] & (1 << i) != 0 {
                v += *val as f32;
            }
        }
    }
    v
}

/// How good the state is for `seat`: its estimated points against the best other seat (solo:
/// against the tempest's penalty, plus 1 for the win threshold).
pub fn margin(s: &GameState, seat: Seat) -> f32 {
    let me = seat_value(s, seat);
    if s.is_solo() {
        return me - tempest_penalty(s) - 1.0;
    }
    let mut best = f32::MIN;
    for o in 0..s.num_players() {
        if o != seat {
            best = best.max(seat_value(s, o));
        }
    }
    me - best
}

/// Jar slots of `seat` after storing `hand` the greedy way (fullest jar first). Returns the
/// new fill of both jars and the dice that did not fit.
pub fn store_hand(
    s: &GameState,
    seat: Seat,
    hand: &ColourCounts,
) -> ([ColourCounts; 2], ColourCounts) {
    let p = &s.players[seat as usize];
    let mut filled = [
        p.jars[0].map_or([0; 4], |j| j.filled),
        p.jars[1].map_or([0; 4], |j| j.filled),
    ];
    let mut left = *hand;
    let empties = |j: &Option<Jar>, f: &ColourCounts| -> u8 {
        j.map_or(0, |j| (0..4).map(|i| j.needs[i] - f[i]).sum::<u8>())
    };
    // Fill the jar closer to completion first.
    let order = if empties(&p.jars[1], &filled[1]) < empties(&p.jars[0], &filled[0]) {
        [1, 0]
    } else {
        [0, 1]
    };
    for slot in order {
        if let Some(j) = p.jars[slot] {
            for c in 0..4 {
                let room = j.needs[c] - filled[slot][c];
                let n = room.min(left[c]);
                filled[slot][c] += n;
                left[c] -= n;
            }
        }
    }
    (filled, left)
}

/// What collecting `hand` is worth to `seat` (jar progress, minus what is given away).
pub fn hand_gain(s: &GameState, seat: Seat, hand: &ColourCounts, t_left: f32) -> f32 {
    HandGain::new(s, seat, t_left).gain(s, hand)
}

/// `hand_gain` for many hands of one seat: the jars' values as they stand are worked out once,
/// and the jars' part of each distinct hand once (a pool offers the same hand through many
/// dives). The values are the very numbers `hand_gain` gives.
pub struct HandGain {
    t_left: f32,
    solo: bool,
    /// The other seats (passed dice help them a little).
    others: f32,
    jars: [Option<JarNow>; 2],
    /// The jar filled first (the one closer to completion).
    first: usize,
    /// Empty spaces per dice colour over both jars.
    room: ColourCounts,
    /// Each colour's step in the memo (indexed by the counts a hand leaves in the jars); `None`
    /// when the jars' room is too large for it, and every hand is worked out.
    stride: Option<[usize; 4]>,
    /// Taken from the thread, given back when dropped.
    memo: Option<Box<Memo>>,
}

/// What the jars gain per hand, reused from one `HandGain` to the next on a thread: an entry
/// counts only if it was written under the current `generation`, so nothing is cleared.
struct Memo {
    generation: u32,
    written: [u32; MEMO_SLOTS],
    gains: [f32; MEMO_SLOTS],
}

const MEMO_SLOTS: usize = 4096;

thread_local! {
    static MEMO: std::cell::Cell<Option<Box<Memo>>> = const { std::cell::Cell::new(None) };
}

/// A jar as it stands, with what it is worth.
#[derive(Clone, Copy)]
struct JarNow {
    needs: ColourCounts,
    filled: ColourCounts,
    size: u32,
    delivery: f32,
    value: f32,
}

impl HandGain {
    pub fn new(s: &GameState, seat: Seat, t_left: f32) -> HandGain {
        let p = &s.players[seat as usize];
        let solo = s.is_solo();
        let jars = p.jars.map(|j| {
            j.map(|j| {
                let size = j.needs.iter().map(|&x| x as u32).sum();
                let have = j.filled.iter().map(|&x| x as u32).sum();
                let delivery = delivery_value(s, seat, j.card);
                JarNow {
                    needs: j.needs,
                    filled: j.filled,
                    size,
                    delivery,
                    value: jar_worth(delivery, size, have, t_left, solo),
                }
            })
        });
        // As `store_hand` orders them.
        let empties = |j: &Option<JarNow>| j.map_or(0, |j| j.size - sum(&j.filled));
        let first = if empties(&jars[1]) < empties(&jars[0]) {
            1
        } else {
            0
        };
        let room = crate::engine::dive::room(&p.jars);
        let mut stride = [0usize; 4];
        let mut size = 1usize;
        for c in 0..4 {
            stride[c] = size;
            size *= room[c] as usize + 1;
        }
        let mut memo = MEMO.with(|m| m.take()).unwrap_or_else(|| {
            Box::new(Memo {
                generation: 0,
                written: [0; MEMO_SLOTS],
                gains: [0.0; MEMO_SLOTS],
            })
        });
        memo.generation = memo.generation.wrapping_add(1);
        if memo.generation == 0 {
            memo.written = [0; MEMO_SLOTS];
            memo.generation = 1;
        }
        HandGain {
            t_left,
            solo,
            others: s.num_players().saturating_sub(1) as f32,
            jars,
            first,
            room,
            stride: (size <= MEMO_SLOTS).then_some(stride),
            memo: Some(memo),
        }
    }

    pub fn gain(&mut self, _s: &GameState, hand: &ColourCounts) -> f32 {
        // What the jars take depends only on the hand cut down to their room; the rest is
        // passed on. So the jars' part is remembered per cut-down hand. The counts are worked
        // on a word at a time (see `min_bytes`), in registers.
        let hand = u32::from_le_bytes(*hand);
        let kept = min_bytes(hand, u32::from_le_bytes(self.room));
        let lost = byte_sum(hand - kept);
        let g = self.jars_part(kept.to_le_bytes());
        // (A sum of small whole numbers is exact in f32, as adding them one by one was.)
        let lost = lost as f32;
        if self.solo {
            g - lost
        } else {
            // Passed dice help the others a little.
            g - 0.12 * lost * self.others
        }
    }

    /// What the jars gain from `kept` (which fits them), remembered.
    fn jars_part(&mut self, kept: ColourCounts) -> f32 {
        let (Some(stride), Some(memo)) = (self.stride, self.memo.as_ref()) else {
            return self.work_out(kept);
        };
        let i = (0..4).map(|c| kept[c] as usize * stride[c]).sum::<usize>();
        if memo.written[i] == memo.generation {
            return memo.gains[i];
        }
        let g = self.work_out(kept);
        if let Some(memo) = self.memo.as_mut() {
            memo.written[i] = memo.generation;
            memo.gains[i] = g;
        }
        g
    }

    /// The jars' part of `hand_gain`, step for step as `store_hand` and `jar_value` do it.
    fn work_out(&self, kept: ColourCounts) -> f32 {
        // A word a jar, a byte a colour: written a byte at a time and read back whole, the
        // counts would stall the read.
        let mut left = u32::from_le_bytes(kept);
        let mut filled = [0u32; 2];
        for slot in [self.first, 1 - self.first] {
            if let Some(j) = &self.jars[slot] {
                let had = u32::from_le_bytes(j.filled);
                // needs ≥ filled in every byte, so no byte borrows from the next.
                let n = min_bytes(u32::from_le_bytes(j.needs) - had, left);
                filled[slot] = had + n;
                left -= n;
            }
        }
        let mut g = 0.0;
        for (j, &f) in self.jars.iter().zip(&filled) {
            if let Some(j) = j
                && f != u32::from_le_bytes(j.filled)
            {
                g += jar_worth(j.delivery, j.size, byte_sum(f), self.t_left, self.solo) - j.value;
            }
        }
        g
    }
}

impl Drop for HandGain {
    fn drop(&mut self) {
        // The memo goes back for the thread's next `HandGain`.
        let memo = self.memo.take();
        MEMO.with(|m| m.set(memo));
    }
}

fn sum(c: &ColourCounts) -> u32 {
    c.iter().map(|&x| x as u32).sum()
}

/// Every dive with its greedy score, best first, at most `k` of them.
pub fn ranked_dives(s: &GameState, seat: Seat, legal: &[Action], k: usize) -> Vec<(Action, f32)> {
    let t = dive_table(s);
    let t_left = turns_left(s, seat) - 1.0;
    let mut gains = HandGain::new(s, seat, t_left.max(0.0));
    let mut v: Vec<(Action, f32)> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Dive {
                shore,
                path,
                number,
            } => {
                let hand = t[shore as usize][path.index()][(number - 1) as usize];
                Some((*a, gains.gain(s, &hand)))
            }
            _ => None,
        })
        .collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v.truncate(k);
    v
}

/// A quick score for every legal action of the seat to act (higher is better). Used as the
/// greedy policy, as Easy's base and to order candidates in search.
pub fn quick_scores(s: &GameState, seat: Seat, legal: &[Action], out: &mut Vec<f32>) {
    out.clear();
    let p = &s.players[seat as usize];
    let t_left = turns_left(s, seat);
    match s.decision() {
        Decision::Dive => {
            let t = dive_table(s);
            let tl = (t_left - 1.0).max(0.0);
            let mut gains = HandGain::new(s, seat, tl);
            for a in legal {
                let sc = match *a {
                    Action::Dive {
                        shore,
                        path,
                        number,
                    } => {
                        let hand = t[shore as usize][path.index()][(number - 1) as usize];
                        gains.gain(s, &hand)
                    }
                    _ => f32::MIN,
                };
                out.push(sc);
            }
        }
        Decision::Store { .. } | Decision::PassOffer { .. } => {
            for a in legal {
                let sc = match *a {
                    Action::Store { colour, slot } | Action::Take { colour, slot } => {
                        add_one_gain(s, seat, colour, slot, t_left)
                    }
                    _ => 0.0,
                };
                out.push(sc);
            }
        }
        Decision::DeliverOrder => {
            // Deliver the jar whose token is worth more first (it cannot get cheaper).
            for a in legal {
                let sc = match *a {
                    Action::Deliver { slot } => p.jars[slot as usize]
                        .map_or(0.0, |j| next_token(s, s.comps.card(j.card).colour)),
                    _ => 0.0,
                };
                out.push(sc);
            }
        }
        Decision::ChoosePile => {
            for a in legal {
                let sc = match *a {
                    Action::TakePile { pile } => s.piles[pile as usize]
                        .top
                        .map_or(0.0, |c| card_fit(s, seat, c)),
                    _ => 0.0,
                };
                out.push(sc);
            }
        }
        Decision::SoloKeep { .. } => {
            for a in legal {
                let sc = match *a {
                    Action::SoloKeep { card } => card_fit(s, seat, card),
                    _ => 0.0,
                };
                out.push(sc);
            }
        }
        Decision::Draft => {
            // The action names the card set aside: the worse that card, the better.
            for a in legal {
                let sc = match *a {
                    Action::Draft { set_aside } => -card_fit(s, seat, set_aside),
                    _ => 0.0,
                };
                out.push(sc);
            }
        }
        _ => out.extend(legal.iter().map(|_| 0.0)),
    }
}

/// Value of placing one die of `colour` into jar `slot`.
fn add_one_gain(s: &GameState, seat: Seat, colour: DiceColour, slot: u8, t_left: f32) -> f32 {
    let p = &s.players[seat as usize];
    let Some(j) = p.jars[slot as usize] else {
        return 0.0;
    };
    let mut f = j.filled;
    f[colour.index()] += 1;
    jar_value(s, seat, &j, &f, t_left) - jar_value(s, seat, &j, &j.filled, t_left)
}

/// How good a card is as a new jar for `seat`: its points per space, and how well the dice
/// in the pool match it.
pub fn card_fit(s: &GameState, seat: Seat, card: CardId) -> f32 {
    let k = s.comps.card(card);
    let mut pool = [0u32; 4];
    for sp in &s.pool {
        for d in sp.dice() {
            pool[d.colour.index()] += 1;
        }
    }
    let total: u32 = pool.iter().sum::<u32>().max(1);
    let mut avail = 0.0;
    for (need, have) in k.needs.iter().zip(&pool) {
        avail += *need as f32 * *have as f32 / total as f32;
    }
    let size = k.size() as f32;
    let t = turns_left(s, seat);
    let reach = (t * 2.0 / size).clamp(0.2, 1.0);
    reach * card_rate(s, seat, card) * 4.0 + 0.5 * avail / size
}

/// Index of the best action by quick score (first on ties).
pub fn argmax(scores: &[f32]) -> usize {
    let mut best = 0;
    for (i, &v) in scores.iter().enumerate() {
        if v > scores[best] {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Components, GameConfig};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    /// `hand_gain` the plain way: store the hand, value both jars before and after.
    fn plain(s: &GameState, seat: Seat, hand: &ColourCounts, t_left: f32) -> f32 {
        let p = &s.players[seat as usize];
        let (filled, left) = store_hand(s, seat, hand);
        let mut g = 0.0;
        for (j, f) in p.jars.iter().zip(&filled) {
            if let Some(j) = j
                && *f != j.filled
            {
                g += jar_value(s, seat, j, f, t_left) - jar_value(s, seat, j, &j.filled, t_left);
            }
        }
        let lost: f32 = left.iter().map(|&x| x as f32).sum();
        if s.is_solo() {
            g - lost
        } else {
            g - 0.12 * lost * (s.num_players() - 1) as f32
        }
    }

    #[test]
    fn remembered_gains_are_the_plain_gains_to_the_bit() {
        let comps = Arc::new(Components::default());
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut legal = Vec::new();
        let mut checked = 0;
        for players in [1u8, 2, 4] {
            let cfg = if players == 1 {
                GameConfig::solo()
            } else {
                GameConfig::players(players)
            };
            let mut s = GameState::new(cfg, Arc::clone(&comps)).unwrap();
            while !s.is_over() {
                if s.play_chance_run(&mut rng, |_| {}) > 0 {
                    continue;
                }
                if let crate::engine::ToAct::Seat(seat) = s.to_act() {
                    let t_left = rng.random_range(0.0..8.0f32);
                    let mut gains = HandGain::new(&s, seat, t_left);
                    for _ in 0..40 {
                        let hand: ColourCounts = std::array::from_fn(|_| rng.random_range(0..7u8));
                        let want = plain(&s, seat, &hand, t_left);
                        assert_eq!(gains.gain(&s, &hand).to_bits(), want.to_bits());
                        checked += 1;
                    }
                }
                s.legal_actions_into(&mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                s.apply_quiet(&a).unwrap();
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
