//! Easy and Normal, and the playout helpers the search shares with them.

use super::Bot;
use super::heuristic::{argmax, margin, quick_scores, ranked_dives};
use crate::engine::seeding::below;
use crate::engine::{Action, Decision, GameState, Observation, Phase, Seat, ToAct};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Reusable buffers for a greedy playout.
#[derive(Default)]
pub struct Scratch {
    pub legal: Vec<Action>,
    pub scores: Vec<f32>,
    /// Indices into `legal`, for ranking.
    pub order: Vec<usize>,
}

/// The greedy move for the seat to act in `s`; with probability `eps` one of the best three
/// instead.
pub fn greedy_action<R: Rng + ?Sized>(
    s: &GameState,
    seat: Seat,
    rng: &mut R,
    eps: f32,
    sc: &mut Scratch,
) -> Action {
    s.legal_actions_into(&mut sc.legal);
    if sc.legal.len() == 1 {
        return sc.legal[0];
    }
    quick_scores(s, seat, &sc.legal, &mut sc.scores);
    let best = argmax(&sc.scores);
    if eps > 0.0 && rng.random::<f32>() < eps {
        // One of the top three.
        let (top, k) = top_three(&sc.scores);
        return sc.legal[top[below(rng, k as u32) as usize]];
    }
    sc.legal[best]
}

/// The indices of the three best scores, best first, an earlier index first among equals
/// (the order a stable sort gives), and how many there are (fewer for a shorter list).
pub fn top_three(scores: &[f32]) -> ([usize; 3], usize) {
    let mut top = [0usize; 3];
    let mut k = 0;
    for (i, v) in scores.iter().enumerate() {
        // Where this one goes: after every kept score at least as high.
        let mut at = k;
        while at > 0 && scores[top[at - 1]].total_cmp(v).is_lt() {
            at -= 1;
        }
        if at >= 3 {
            continue;
        }
        let end = (k + 1).min(3);
        for j in (at + 1..end).rev() {
            top[j] = top[j - 1];
        }
        top[at] = i;
        k = end;
    }
    (top, k)
}

/// Plays on from `s` with the greedy policy for every seat and sampled chance, until the next
/// turn starts (a dive decision in a different turn) or the game ends.
pub fn finish_turn<R: Rng + ?Sized>(s: &mut GameState, rng: &mut R, sc: &mut Scratch) {
    let start = (s.round, s.turn);
    loop {
        match s.to_act() {
            ToAct::Nobody => return,
            ToAct::Chance => {
                // The tempest's draws are noise to a one-turn judgement: stop before them.
                if matches!(s.phase, Phase::Tempest { .. }) {
                    return;
                }
                s.play_chance(rng);
            }
            ToAct::Seat(seat) => {
                if s.decision() == Decision::Dive && (s.round, s.turn) != start {
                    return;
                }
                let a = greedy_action(s, seat, rng, 0.0, sc);
                if s.apply_quiet(&a).is_err() {
                    return;
                }
            }
        }
    }
}

/// Normal's judgement of each candidate: the average margin after playing the rest of the turn
/// greedily, over `samples` determinizations (the same random draws for every candidate).
pub fn lookahead_scores(
    obs: &Observation,
    cands: &[Action],
    rng: &mut ChaCha8Rng,
    samples: u32,
) -> Vec<f32> {
    let me = obs.own.as_ref().map_or(0, |o| o.seat);
    let mut total = vec![0.0f32; cands.len()];
    let mut sc = Scratch::default();
    for _ in 0..samples {
        let det = obs.determinize(rng);
        let seed = rng.next_u64();
        for (i, a) in cands.iter().enumerate() {
            let mut s = det.clone();
            if s.apply_quiet(a).is_err() {
                total[i] = f32::MIN;
                continue;
            }
            let mut r = ChaCha8Rng::seed_from_u64(seed);
            finish_turn(&mut s, &mut r, &mut sc);
            total[i] += margin(&s, me);
        }
    }
    total
}

/// The candidate actions worth judging: the best `k` dives by quick score, or every legal
/// action for the other decisions.
pub fn candidates(
    obs: &Observation,
    legal: &[Action],
    rng: &mut ChaCha8Rng,
    k: usize,
) -> Vec<Action> {
    if obs.decision == Decision::Dive && legal.len() > k {
        let me = obs.own.as_ref().map_or(0, |o| o.seat);
        let det = obs.determinize(rng);
        ranked_dives(&det, me, legal, k)
            .into_iter()
            .map(|(a, _)| a)
            .collect()
    } else {
        legal.to_vec()
    }
}

/// Easy: the greedy choice with noise.
pub struct EasyBot {
    rng: ChaCha8Rng,
    sc: Scratch,
}

impl EasyBot {
    pub fn new(seed: u64) -> EasyBot {
        EasyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            sc: Scratch::default(),
        }
    }
}

impl Bot for EasyBot {
    fn name(&self) -> &str {
        "easy"
    }

    fn choose(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let me = obs.own.as_ref().map_or(0, |o| o.seat);
        let det = obs.determinize(&mut self.rng);
        quick_scores(&det, me, legal, &mut self.sc.scores);
        // Noise of about a die's worth, and now and then a clearly weaker move.
        let mut best = 0;
        let mut best_v = f32::MIN;
        for (i, v) in self.sc.scores.iter().enumerate() {
            let noisy = v + 1.2 * self.rng.random::<f32>();
            if noisy > best_v {
                best_v = noisy;
                best = i;
            }
        }
        if self.rng.random::<f32>() < 0.1 {
            return legal[below(&mut self.rng, legal.len() as u32) as usize];
        }
        legal[best]
    }

    fn reseed(&mut self, seed: u64) -> bool {
        // The scratch lists carry nothing from one choice to the next.
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        true
    }
}

/// Normal: judges each candidate by a short lookahead (the rest of the turn, every seat
/// playing greedily) and a heuristic margin over the best other seat.
pub struct NormalBot {
    rng: ChaCha8Rng,
    pub samples: u32,
    pub dive_candidates: usize,
}

impl NormalBot {
    pub fn new(seed: u64) -> NormalBot {
        NormalBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            samples: 3,
            dive_candidates: 24,
        }
    }
}

impl Bot for NormalBot {
    fn name(&self) -> &str {
        "normal"
    }

    fn choose(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let cands = candidates(obs, legal, &mut self.rng, self.dive_candidates);
        let scores = lookahead_scores(obs, &cands, &mut self.rng, self.samples);
        cands[argmax(&scores)]
    }

    fn reseed(&mut self, seed: u64) -> bool {
        *self = NormalBot::new(seed);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::top_three;

    #[test]
    fn top_three_is_the_head_of_a_stable_sort() {
        let lists: [&[f32]; 6] = [
            &[],
            &[1.0],
            &[2.0, 5.0],
            &[1.0, 3.0, 3.0, 2.0, 3.0],
            &[0.5, -1.0, 7.0, 7.0, 0.5, 9.0, f32::MIN],
            &[4.0, 4.0, 4.0, 4.0],
        ];
        for scores in lists {
            let mut idx: Vec<usize> = (0..scores.len()).collect();
            idx.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
            idx.truncate(3);
            let (top, k) = top_three(scores);
            assert_eq!(&top[..k], &idx[..], "{scores:?}");
        }
    }
}
