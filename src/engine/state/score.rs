//! Final scores straight from the state: the same result as `scoring::score` over
//! `score_input()` (a test holds the two together), without building the input sheet first.

use super::*;
use scoring::{Outcome, PlayerScore, TempestScore};

/// How many tokens `held` marks (bit i: the i-th token from the top of `stack`), and the sum
/// of their face values.
fn held(held: u16, stack: &[u8]) -> (u32, u32) {
    let n = stack.len().min(TOKENS_PER_STACK);
    let mut m = held as u32 & ((1 << n) - 1);
    let count = m.count_ones();
    let mut sum = 0u32;
    while m != 0 {
        sum = sum.saturating_add(stack[m.trailing_zeros() as usize] as u32);
        m &= m - 1;
    }
    (count, sum)
}

/// What final scoring counts before the majorities: per seat and jar colour, the tokens held;
/// per seat, their points; the same for the tempest (solo); and what is left of each stack.
struct Counted {
    counts: [[u32; 3]; MAX_SEATS],
    points: [u32; MAX_SEATS],
    tempest_counts: [u32; 3],
    tempest_points: u32,
    remaining: [u32; 3],
}

/// A game's final totals and outcome, without the breakdown (`GameState::final_tally`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Per seat, the final score.
    pub totals: Seats<i64>,
    pub outcome: Outcome,
}

impl GameState {
    fn counted(&self) -> Counted {
        let tokens = &self.comps.tokens;
        let mut c = Counted {
            counts: [[0; 3]; MAX_SEATS],
            points: [0; MAX_SEATS],
            tempest_counts: [0; 3],
            tempest_points: 0,
            remaining: [0; 3],
        };
        for (i, p) in self.players.iter().enumerate() {
            for colour in JarColour::ALL {
                let (k, v) = held(p.tokens[colour.index()], tokens.stack(colour));
                c.counts[i][colour.index()] = k;
                c.points[i] = c.points[i].saturating_add(v);
            }
        }
        if self.is_solo() {
            for colour in JarColour::ALL {
                let (k, v) = held(self.tempest_tokens[colour.index()], tokens.stack(colour));
                c.tempest_counts[colour.index()] = k;
                c.tempest_points = c.tempest_points.saturating_add(v);
            }
        }
        for (r, &taken) in c.remaining.iter_mut().zip(&self.stack_taken) {
            *r = (TOKENS_PER_STACK as u32).saturating_sub(taken as u32);
        }
        c
    }

    /// Seat `i`'s score, given its token points and majority points.
    fn seat_score(&self, i: usize, token_points: u32, majority_points: u32) -> PlayerScore {
        let p = &self.players[i];
        let d = scoring::summarise_delivered(
            bits(p.delivered).map(|c| self.comps.card(c)),
            self.secrets[i].favourite,
        );
        let leftover_dice: u32 = p.jars.iter().flatten().map(|j| j.dice()).sum();
        let leftovers = leftover_dice / 2;
        PlayerScore {
            token_points,
            majority_points,
            jar_bonus: d.jar_bonus,
            favourite: d.favourite_spaces,
            leftovers,
            total: token_points as i64
                + majority_points as i64
                + d.jar_bonus as i64
                + d.favourite_spaces as i64
                + leftovers as i64,
            delivered: d.delivered,
        }
    }

    fn tempest_score(&self, c: &Counted, majority_points: u32) -> TempestScore {
        let dice: u32 = self.tempest_dice.iter().map(|&x| x as u32).sum();
        TempestScore {
            token_points: c.tempest_points,
            majority_points,
            dice,
            penalty: c.tempest_points as i64 + majority_points as i64 + dice as i64,
        }
    }

    /// Final scores (meaningful once the game is over; a running tally before): exactly
    /// `scoring::score(&self.score_input())`.
    pub fn final_score(&self) -> ScoreResult {
        let n = self.players.len();
        let c = self.counted();
        let solo = self.is_solo();
        let mut majorities = Vec::with_capacity(3);
        let mut maj_player = [0u32; MAX_SEATS];
        let mut maj_tempest = 0u32;
        for colour in JarColour::ALL {
            let ci = colour.index();
            majorities.push(scoring::majority(
                colour,
                (0..n).map(|i| c.counts[i][ci]).collect(),
                solo.then_some(c.tempest_counts[ci]),
                c.remaining[ci],
                (&mut maj_player, &mut maj_tempest),
            ));
        }
        let players: Vec<PlayerScore> = (0..n)
            .map(|i| self.seat_score(i, c.points[i], maj_player[i]))
            .collect();
        let tempest = solo.then(|| self.tempest_score(&c, maj_tempest));
        let outcome = outcome(&players, tempest.as_ref());
        ScoreResult {
            players,
            tempest,
            majorities,
            outcome,
        }
    }

    /// The final totals and outcome alone: `final_score()`'s, without building its breakdown
    /// (nothing is allocated unless several seats share the victory). For simulations.
    pub fn final_tally(&self) -> Tally {
        let n = self.players.len();
        let c = self.counted();
        let solo = self.is_solo();
        let mut maj_player = [0u32; MAX_SEATS];
        let mut maj_tempest = 0u32;
        for ci in 0..3 {
            let mut counts = [0u32; MAX_SEATS];
            for (k, seat) in counts.iter_mut().zip(&c.counts) {
                *k = seat[ci];
            }
            scoring::majority_shares(
                &counts[..n],
                solo.then_some(c.tempest_counts[ci]),
                c.remaining[ci],
                (&mut maj_player, &mut maj_tempest),
            );
        }
        let mut players = [PlayerScore::default(); MAX_SEATS];
        for (i, p) in players.iter_mut().enumerate().take(n) {
            *p = self.seat_score(i, c.points[i], maj_player[i]);
        }
        let players = &players[..n];
        let tempest = solo.then(|| self.tempest_score(&c, maj_tempest));
        Tally {
            totals: players.iter().map(|p| p.total).collect(),
            outcome: outcome(players, tempest.as_ref()),
        }
    }
}

/// The solo game's net result, or the winners.
fn outcome(players: &[PlayerScore], tempest: Option<&TempestScore>) -> Outcome {
    match tempest {
        Some(t) => {
            let net = players.first().map_or(0, |p| p.total) - t.penalty;
            Outcome::Solo { net, won: net >= 1 }
        }
        None => winners(players),
    }
}

/// The winner by points, then by delivered jars; still tied, a shared victory.
fn winners(players: &[PlayerScore]) -> Outcome {
    let best = players.iter().map(|p| p.total).max().unwrap_or(0);
    let mut tied = 0u32;
    for (i, p) in players.iter().enumerate() {
        if p.total == best {
            tied |= 1 << i;
        }
    }
    if tied.count_ones() == 1 {
        return Outcome::Winner {
            player: tied.trailing_zeros() as u8,
            tiebreak: false,
        };
    }
    let most = bits(tied)
        .map(|i| players[i as usize].delivered)
        .max()
        .unwrap_or(0);
    let still: Vec<u8> = bits(tied)
        .filter(|&i| players[i as usize].delivered == most)
        .collect();
    if still.len() == 1 {
        Outcome::Winner {
            player: still[0],
            tiebreak: true,
        }
    } else {
        Outcome::Shared { players: still }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Straight from the state (in full or as a tally) or through the input sheet: the same scores, at every table
    /// size, all through random games (a running tally) and at their end.
    #[test]
    fn the_same_as_scoring_the_input_sheet() {
        let comps = Arc::new(Components::default());
        let mut legal = Vec::new();
        for players in 1..=4u8 {
            let config = if players == 1 {
                GameConfig::solo()
            } else {
                GameConfig::players(players)
            };
            for seed in 0..30u64 {
                let mut s = GameState::new(config.clone(), Arc::clone(&comps)).unwrap();
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 10 + players as u64);
                let mut step = 0usize;
                while !s.is_over() {
                    if s.play_chance_run(&mut rng, |_| {}) > 0 {
                        continue;
                    }
                    if step.is_multiple_of(7) {
                        assert_same_scores(&s);
                    }
                    s.legal_actions_into(&mut legal);
                    let a = legal[below(&mut rng, legal.len() as u32) as usize];
                    s.apply_quiet(&a).unwrap();
                    step += 1;
                }
                assert_same_scores(&s);
            }
        }
    }

    /// The three ways of scoring agree: the input sheet, the full result, the tally.
    fn assert_same_scores(s: &GameState) {
        let full = s.final_score();
        assert_eq!(full, scoring::score(&s.score_input()));
        let tally = s.final_tally();
        let totals: Vec<i64> = full.players.iter().map(|p| p.total).collect();
        assert_eq!(&tally.totals[..], &totals[..]);
        assert_eq!(tally.outcome, full.outcome);
    }
}
