//! Final scores straight from the state: the same result as `scoring::score` over
//! `score_input()` (a test holds the two together), without building the input sheet first.

use super::*;
use scoring::{Outcome, PlayerScore, TempestScore};

/// How many tokens `held` marks (bit i: the i-th token from the top of `stack`), and the sum
/// of their face values.
fn held(held: u16, stack: &[u8]) -> (u32, u32) {
    let mut sum = 0u32;
    let mut count = 0u32;
    for (i, &v) in stack.iter().enumerate().take(TOKENS_PER_STACK) {
        if held & (1 << i) != 0 {
            count += 1;
            sum = sum.saturating_add(v as u32);
        }
    }
    (count, sum)
}

impl GameState {
    /// Final scores (meaningful once the game is over; a running tally before): exactly
    /// `scoring::score(&self.score_input())`.
    pub fn final_score(&self) -> ScoreResult {
        let n = self.players.len();
        let tokens = &self.comps.tokens;
        // Per seat and colour: tokens held and their points.
        let mut counts = [[0u32; 3]; MAX_SEATS];
        let mut points = [0u32; MAX_SEATS];
        for (i, p) in self.players.iter().enumerate() {
            for c in JarColour::ALL {
                let (k, v) = held(p.tokens[c.index()], tokens.stack(c));
                counts[i][c.index()] = k;
                points[i] = points[i].saturating_add(v);
            }
        }
        let solo = self.is_solo();
        let mut tempest_counts = [0u32; 3];
        let mut tempest_points = 0u32;
        if solo {
            for c in JarColour::ALL {
                let (k, v) = held(self.tempest_tokens[c.index()], tokens.stack(c));
                tempest_counts[c.index()] = k;
                tempest_points = tempest_points.saturating_add(v);
            }
        }
        let mut majorities = Vec::with_capacity(3);
        let mut maj_player = [0u32; MAX_SEATS];
        let mut maj_tempest = 0u32;
        for colour in JarColour::ALL {
            let ci = colour.index();
            let tempest_count = solo.then_some(tempest_counts[ci]);
            let remaining = (TOKENS_PER_STACK as u32).saturating_sub(self.stack_taken[ci] as u32);
            majorities.push(scoring::majority(
                colour,
                (0..n).map(|i| counts[i][ci]).collect(),
                tempest_count,
                remaining,
                (&mut maj_player, &mut maj_tempest),
            ));
        }
        let players: Vec<PlayerScore> = self
            .players
            .iter()
            .zip(&self.secrets)
            .enumerate()
            .map(|(i, (p, secret))| {
                let d = scoring::summarise_delivered(
                    bits(p.delivered).map(|c| self.comps.card(c)),
                    secret.favourite,
                );
                let leftover_dice: u32 = p.jars.iter().flatten().map(|j| j.dice()).sum();
                let leftovers = leftover_dice / 2;
                PlayerScore {
                    token_points: points[i],
                    majority_points: maj_player[i],
                    jar_bonus: d.jar_bonus,
                    favourite: d.favourite_spaces,
                    leftovers,
                    total: points[i] as i64
                        + maj_player[i] as i64
                        + d.jar_bonus as i64
                        + d.favourite_spaces as i64
                        + leftovers as i64,
                    delivered: d.delivered,
                }
            })
            .collect();
        let tempest = solo.then(|| {
            let dice: u32 = self.tempest_dice.iter().map(|&x| x as u32).sum();
            TempestScore {
                token_points: tempest_points,
                majority_points: maj_tempest,
                dice,
                penalty: tempest_points as i64 + maj_tempest as i64 + dice as i64,
            }
        });
        let outcome = match &tempest {
            Some(t) => {
                let net = players.first().map_or(0, |p| p.total) - t.penalty;
                Outcome::Solo { net, won: net >= 1 }
            }
            None => winners(&players),
        };
        ScoreResult {
            players,
            tempest,
            majorities,
            outcome,
        }
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

    /// Straight from the state or through the input sheet: the same scores, at every table
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
                        assert_eq!(s.final_score(), scoring::score(&s.score_input()));
                    }
                    s.legal_actions_into(&mut legal);
                    let a = legal[below(&mut rng, legal.len() as u32) as usize];
                    s.apply_quiet(&a).unwrap();
                    step += 1;
                }
                assert_eq!(s.final_score(), scoring::score(&s.score_input()));
            }
        }
    }
}
