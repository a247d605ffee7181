//! Final scoring (SPEC.md §6, solo §7) as a pure function over plain data, so the digital game,
//! the solo companion and the score calculator all count with the very same code.

use super::components::{Components, JarCard, TOKENS_PER_STACK};
use super::types::{DiceColour, JarColour, TOTAL_DICE};
use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut};

/// One value per jar/token colour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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

/// What final scoring needs to know about one player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInput {
    #[serde(default)]
    pub name: String,
    /// Face values of the tokens won by delivering jars, per colour.
    #[serde(default)]
    pub tokens: PerJar<Vec<u32>>,
    /// Number of delivered jars.
    #[serde(default)]
    pub delivered: u32,
    /// Delivered jars per jar colour, when known (cards picked, or counted by colour). Only
    /// checked, never scored: it lets impossible counts be caught.
    #[serde(default)]
    pub jars: Option<PerJar<u32>>,
    /// Sum of the bonus points printed on the delivered jars.
    #[serde(default)]
    pub jar_bonus: u32,
    /// The favourite colour, where known (only shown in explanations).
    #[serde(default)]
    pub favourite: Option<DiceColour>,
    /// Spaces of the favourite colour on the delivered jars.
    #[serde(default)]
    pub favourite_spaces: u32,
    /// Dice on jars that were not delivered.
    #[serde(default)]
    pub leftover_dice: u32,
}

/// What a set of delivered jar cards adds up to for final scoring.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeliveredCards {
    pub delivered: u32,
    pub jar_bonus: u32,
    pub favourite_spaces: u32,
    pub jars: PerJar<u32>,
}

/// Counts delivered cards: how many, their bonuses, the favourite colour's spaces on them, and
/// how many of each jar colour.
pub fn summarise_delivered<'a>(
    cards: impl IntoIterator<Item = &'a JarCard>,
    favourite: Option<DiceColour>,
) -> DeliveredCards {
    let mut d = DeliveredCards::default();
    for card in cards {
        d.delivered += 1;
        d.jar_bonus += card.bonus as u32;
        d.favourite_spaces += favourite.map_or(0, |f| card.needs[f.index()] as u32);
        d.jars[card.colour] += 1;
    }
    d
}

/// The solo game's tempest.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TempestInput {
    #[serde(default)]
    pub tokens: PerJar<Vec<u32>>,
    #[serde(default)]
    pub dice: u32,
}

/// Everything final scoring reads.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreInput {
    pub players: Vec<PlayerInput>,
    /// Tokens left in each colour's stack. When absent, each stack is taken to have lost exactly
    /// the tokens the players (and the tempest) hold.
    #[serde(default)]
    pub stacks: Option<PerJar<u32>>,
    /// Present in a solo game.
    #[serde(default)]
    pub tempest: Option<TempestInput>,
}

/// Who can hold tokens at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Holder {
    Player(u8),
    Tempest,
}

/// How one colour's majority was resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Majority {
    pub colour: JarColour,
    /// Tokens of this colour per player (count, not value).
    pub counts: Vec<u32>,
    pub tempest_count: Option<u32>,
    /// Tokens left in the stack before the majority is resolved.
    pub remaining: u32,
    /// Holders with the highest count (empty when nobody holds a token of this colour).
    pub leaders: Vec<Holder>,
    /// Tokens each leader takes (1 point each).
    pub each: u32,
    pub discarded: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerScore {
    /// Face values of delivery tokens.
    pub token_points: u32,
    /// Tokens taken at majorities, 1 point each.
    pub majority_points: u32,
    pub jar_bonus: u32,
    pub favourite: u32,
    pub leftovers: u32,
    pub total: i64,
    pub delivered: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TempestScore {
    pub token_points: u32,
    pub majority_points: u32,
    pub dice: u32,
    /// What the tempest takes off the solo score.
    pub penalty: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// One winner; `tiebreak` when the delivered-jars tiebreak decided it.
    Winner { player: u8, tiebreak: bool },
    /// Tied on points and delivered jars.
    Shared { players: Vec<u8> },
    /// Solo: the net score and whether it wins (≥ 1).
    Solo { net: i64, won: bool },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreResult {
    pub players: Vec<PlayerScore>,
    pub tempest: Option<TempestScore>,
    pub majorities: Vec<Majority>,
    pub outcome: Outcome,
}

impl ScoreInput {
    /// Stack counts, given or derived from what is held.
    pub fn stack_counts(&self) -> PerJar<u32> {
        if let Some(s) = &self.stacks {
            return s.clone();
        }
        PerJar::from_fn(|c| {
            let held: usize = self
                .players
                .iter()
                .map(|p| p.tokens[c].len())
                .sum::<usize>()
                + self.tempest.as_ref().map_or(0, |t| t.tokens[c].len());
            (TOKENS_PER_STACK.saturating_sub(held)) as u32
        })
    }
}

fn sum(v: &[u32]) -> u32 {
    v.iter().fold(0u32, |a, &b| a.saturating_add(b))
}

/// Final scoring. Pure: the same input always gives the same result; never panics.
pub fn score(input: &ScoreInput) -> ScoreResult {
    let stacks = input.stack_counts();
    let n = input.players.len();
    let mut majorities = Vec::with_capacity(3);
    let mut maj_player = vec![0u32; n];
    let mut maj_tempest = 0u32;
    for colour in JarColour::ALL {
        let counts: Vec<u32> = input
            .players
            .iter()
            .map(|p| p.tokens[colour].len() as u32)
            .collect();
        let tempest_count = input
            .tempest
            .as_ref()
            .map(|t| t.tokens[colour].len() as u32);
        let top = counts
            .iter()
            .copied()
            .chain(tempest_count)
            .max()
            .unwrap_or(0);
        let remaining = stacks[colour];
        let mut leaders = Vec::new();
        if top >= 1 {
            for (i, &c) in counts.iter().enumerate() {
                if c == top {
                    leaders.push(Holder::Player(i as u8));
                }
            }
            if tempest_count == Some(top) {
                leaders.push(Holder::Tempest);
            }
        }
        let (each, discarded) = if leaders.is_empty() {
            (0, 0)
        } else {
            let k = leaders.len() as u32;
            (remaining / k, remaining % k)
        };
        for l in &leaders {
            match l {
                Holder::Player(i) => maj_player[*i as usize] += each,
                Holder::Tempest => maj_tempest += each,
            }
        }
        majorities.push(Majority {
            colour,
            counts,
            tempest_count,
            remaining,
            leaders,
            each,
            discarded,
        });
    }

    let players: Vec<PlayerScore> = input
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let token_points = JarColour::ALL
                .iter()
                .fold(0u32, |a, &c| a.saturating_add(sum(&p.tokens[c])));
            let leftovers = p.leftover_dice / 2;
            let total = token_points as i64
                + maj_player[i] as i64
                + p.jar_bonus as i64
                + p.favourite_spaces as i64
                + leftovers as i64;
            PlayerScore {
                token_points,
                majority_points: maj_player[i],
                jar_bonus: p.jar_bonus,
                favourite: p.favourite_spaces,
                leftovers,
                total,
                delivered: p.delivered,
            }
        })
        .collect();

    let tempest = input.tempest.as_ref().map(|t| {
        let token_points = JarColour::ALL
            .iter()
            .fold(0u32, |a, &c| a.saturating_add(sum(&t.tokens[c])));
        TempestScore {
            token_points,
            majority_points: maj_tempest,
            dice: t.dice,
            penalty: token_points as i64 + maj_tempest as i64 + t.dice as i64,
        }
    });

    let outcome = if let Some(t) = &tempest {
        let own = players.first().map_or(0, |p| p.total);
        let net = own - t.penalty;
        Outcome::Solo { net, won: net >= 1 }
    } else {
        let best = players.iter().map(|p| p.total).max().unwrap_or(0);
        let tied: Vec<usize> = (0..n).filter(|&i| players[i].total == best).collect();
        if tied.len() == 1 {
            Outcome::Winner {
                player: tied[0] as u8,
                tiebreak: false,
            }
        } else {
            let most = tied
                .iter()
                .map(|&i| players[i].delivered)
                .max()
                .unwrap_or(0);
            let still: Vec<u8> = tied
                .iter()
                .copied()
                .filter(|&i| players[i].delivered == most)
                .map(|i| i as u8)
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
    };

    ScoreResult {
        players,
        tempest,
        majorities,
        outcome,
    }
}

/// Which entry a consistency problem is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Tokens(Holder, JarColour),
    /// The tokens of one colour taken together.
    Stack(JarColour),
    Delivered(u8),
    JarBonus(u8),
    Favourite(u8),
    Leftovers(u8),
    TempestDice,
    Players,
}

/// One entry that cannot come from a real game: which entry, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: Field,
    pub kind: ProblemKind,
}

/// What is wrong, with the numbers that show it. Front ends word it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// A solo game (one with a tempest) lists `count` players instead of one.
    SoloPlayers { count: usize },
    /// A multiplayer game lists `count` players, outside 2 to 4.
    Players { count: usize },
    /// `holder` has a token of a value the colour's stack does not hold.
    TokenNotInStack {
        holder: Holder,
        colour: JarColour,
        value: u32,
        stack: Vec<u32>,
    },
    /// More tokens of a colour than the stack ever held.
    MoreTokensThanStack {
        colour: JarColour,
        count: usize,
        total: usize,
    },
    /// The values taken are not the top of the stack (`top`, as many as were taken).
    NotFromTop {
        colour: JarColour,
        values: Vec<u32>,
        top: Vec<u32>,
    },
    /// The stack is said to hold `said` tokens; with `taken` gone it holds `left`.
    StackCount {
        colour: JarColour,
        said: u32,
        taken: usize,
        left: u32,
    },
    /// A player delivered more jars than the deck has cards.
    MoreJarsThanDeck { player: u8, count: u32, deck: usize },
    /// A player holds more tokens than jars delivered (each token is won by a delivery).
    TokensBeyondDeliveries {
        player: u8,
        tokens: u32,
        delivered: u32,
    },
    /// A player's jars by colour do not add up to the jars delivered.
    JarColoursSum {
        player: u8,
        sum: u32,
        delivered: u32,
    },
    /// A player holds more tokens of a colour than jars of that colour delivered.
    ColourTokensBeyondJars {
        player: u8,
        colour: JarColour,
        tokens: usize,
        jars: u32,
    },
    /// The delivered jars cannot carry that many bonus points.
    BonusTooHigh {
        delivered: u32,
        max: u32,
        bonus: u32,
    },
    /// The delivered jars cannot hold that many spaces of the favourite colour (`colour` when
    /// it is known, else of any one colour).
    FavouriteTooHigh {
        delivered: u32,
        colour: Option<DiceColour>,
        max: u32,
        spaces: u32,
    },
    /// More dice on undelivered jars than two unfinished jars can hold.
    TooManyLeftovers { max: u32, count: u32 },
    /// More jars of a colour delivered, all players together, than the deck has.
    ColourJarsBeyondDeck {
        colour: JarColour,
        total: u32,
        deck: u32,
    },
    /// More jars delivered, all players together, than the deck has.
    JarsBeyondDeck { total: u32, deck: usize },
    /// The tempest holds more dice than the game has.
    TempestDice { count: u32 },
}

/// Entries that cannot come from a real game with these components. An empty list means the
/// input is consistent (the score is then reliable).
pub fn check(input: &ScoreInput, comps: &Components) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut push = |field: Field, kind: ProblemKind| out.push(Problem { field, kind });
    let n = input.players.len();
    let solo = input.tempest.is_some();
    if solo && n != 1 {
        push(Field::Players, ProblemKind::SoloPlayers { count: n });
    } else if !solo && !(2..=4).contains(&n) {
        push(Field::Players, ProblemKind::Players { count: n });
    }

    // Tokens: each colour's tokens, all holders together, must be the top of the stack.
    for colour in JarColour::ALL {
        let stack: Vec<u32> = comps
            .tokens
            .stack(colour)
            .iter()
            .map(|&v| v as u32)
            .collect();
        let mut holders: Vec<(Holder, &Vec<u32>)> = input
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (Holder::Player(i as u8), &p.tokens[colour]))
            .collect();
        if let Some(t) = &input.tempest {
            holders.push((Holder::Tempest, &t.tokens[colour]));
        }
        let mut bad_value = false;
        for (h, vals) in &holders {
            for &value in vals.iter() {
                if !stack.contains(&value) {
                    bad_value = true;
                    push(
                        Field::Tokens(*h, colour),
                        ProblemKind::TokenNotInStack {
                            holder: *h,
                            colour,
                            value,
                            stack: stack.clone(),
                        },
                    );
                }
            }
        }
        if bad_value {
            continue;
        }
        let mut all: Vec<u32> = holders
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .collect();
        if all.len() > stack.len() {
            push(
                Field::Stack(colour),
                ProblemKind::MoreTokensThanStack {
                    colour,
                    count: all.len(),
                    total: stack.len(),
                },
            );
            continue;
        }
        all.sort_unstable();
        let mut top: Vec<u32> = stack[..all.len()].to_vec();
        top.sort_unstable();
        if all != top {
            push(
                Field::Stack(colour),
                ProblemKind::NotFromTop {
                    colour,
                    values: all.clone(),
                    top: stack[..all.len()].to_vec(),
                },
            );
        }
        if let Some(stacks) = &input.stacks {
            let expect = stack.len().saturating_sub(all.len()) as u32;
            if stacks[colour] != expect {
                push(
                    Field::Stack(colour),
                    ProblemKind::StackCount {
                        colour,
                        said: stacks[colour],
                        taken: all.len(),
                        left: expect,
                    },
                );
            }
        }
    }

    // Jars: what the delivered jars could possibly hold, from the deck.
    let deck = &comps.deck.cards;
    let best_sum = |k: u32, f: &dyn Fn(usize) -> u32| -> u32 {
        let mut v: Vec<u32> = (0..deck.len()).map(f).collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v.iter().take(k as usize).sum()
    };
    let max_leftover = 2 * deck
        .iter()
        .map(|c| c.size() as u32)
        .max()
        .unwrap_or(0)
        .saturating_sub(1);
    let mut delivered_total = 0u32;
    for (i, p) in input.players.iter().enumerate() {
        let player = i as u8;
        delivered_total = delivered_total.saturating_add(p.delivered);
        if p.delivered as usize > deck.len() {
            push(
                Field::Delivered(player),
                ProblemKind::MoreJarsThanDeck {
                    player,
                    count: p.delivered,
                    deck: deck.len(),
                },
            );
            continue;
        }
        let tokens: u32 = JarColour::ALL
            .iter()
            .map(|&c| p.tokens[c].len() as u32)
            .sum();
        if tokens > p.delivered {
            push(
                Field::Delivered(player),
                ProblemKind::TokensBeyondDeliveries {
                    player,
                    tokens,
                    delivered: p.delivered,
                },
            );
        }
        if let Some(jars) = &p.jars {
            let sum: u32 = JarColour::ALL.iter().map(|&c| jars[c]).sum();
            if sum != p.delivered {
                push(
                    Field::Delivered(player),
                    ProblemKind::JarColoursSum {
                        player,
                        sum,
                        delivered: p.delivered,
                    },
                );
            }
            for colour in JarColour::ALL {
                if p.tokens[colour].len() as u32 > jars[colour] {
                    push(
                        Field::Tokens(Holder::Player(player), colour),
                        ProblemKind::ColourTokensBeyondJars {
                            player,
                            colour,
                            tokens: p.tokens[colour].len(),
                            jars: jars[colour],
                        },
                    );
                }
            }
        }
        let max_bonus = best_sum(p.delivered, &|k| deck[k].bonus as u32);
        if p.jar_bonus > max_bonus {
            push(
                Field::JarBonus(player),
                ProblemKind::BonusTooHigh {
                    delivered: p.delivered,
                    max: max_bonus,
                    bonus: p.jar_bonus,
                },
            );
        }
        let max_fav = match p.favourite {
            Some(f) => best_sum(p.delivered, &|k| deck[k].needs[f.index()] as u32),
            None => DiceColour::ALL
                .iter()
                .map(|f| best_sum(p.delivered, &|k| deck[k].needs[f.index()] as u32))
                .max()
                .unwrap_or(0),
        };
        if p.favourite_spaces > max_fav {
            push(
                Field::Favourite(player),
                ProblemKind::FavouriteTooHigh {
                    delivered: p.delivered,
                    colour: p.favourite,
                    max: max_fav,
                    spaces: p.favourite_spaces,
                },
            );
        }
        if p.leftover_dice > max_leftover {
            push(
                Field::Leftovers(player),
                ProblemKind::TooManyLeftovers {
                    max: max_leftover,
                    count: p.leftover_dice,
                },
            );
        }
    }
    for colour in JarColour::ALL {
        let in_deck = deck.iter().filter(|k| k.colour == colour).count() as u32;
        let total: u32 = input
            .players
            .iter()
            .filter_map(|p| p.jars.as_ref().map(|j| j[colour]))
            .fold(0u32, |a, b| a.saturating_add(b));
        if total > in_deck {
            push(
                Field::Stack(colour),
                ProblemKind::ColourJarsBeyondDeck {
                    colour,
                    total,
                    deck: in_deck,
                },
            );
        }
    }
    if delivered_total as usize > deck.len() {
        push(
            Field::Players,
            ProblemKind::JarsBeyondDeck {
                total: delivered_total,
                deck: deck.len(),
            },
        );
    }
    if let Some(t) = &input.tempest
        && t.dice > TOTAL_DICE
    {
        push(
            Field::TempestDice,
            ProblemKind::TempestDice { count: t.dice },
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name: &str, red: &[u32]) -> PlayerInput {
        PlayerInput {
            name: name.into(),
            tokens: PerJar {
                red: red.to_vec(),
                ..Default::default()
            },
            delivered: red.len() as u32,
            ..Default::default()
        }
    }

    #[test]
    fn rulebook_majority_example() {
        // Bridget 3 red, Char 3 red, Adam 1 red: 7 taken, 3 left → 1 each, 1 discarded.
        let input = ScoreInput {
            players: vec![
                player("Bridget", &[2, 3, 4]),
                player("Char", &[2, 3, 5]),
                player("Adam", &[4]),
            ],
            ..Default::default()
        };
        let r = score(&input);
        let red = &r.majorities[JarColour::Red.index()];
        assert_eq!(red.remaining, 3);
        assert_eq!(red.leaders, vec![Holder::Player(0), Holder::Player(1)]);
        assert_eq!((red.each, red.discarded), (1, 1));
        assert_eq!(r.players[0].majority_points, 1);
        assert_eq!(r.players[1].majority_points, 1);
        assert_eq!(r.players[2].majority_points, 0);
        assert_eq!(r.players[0].total, 2 + 3 + 4 + 1);
        assert!(check(&input, &Components::default()).is_empty());
        // The gold and brown stacks are left alone.
        assert!(r.majorities[0].leaders.is_empty());
        assert_eq!(r.majorities[0].each, 0);
    }

    #[test]
    fn single_majority_takes_the_whole_stack() {
        let input = ScoreInput {
            players: vec![player("A", &[2, 2]), player("B", &[3])],
            ..Default::default()
        };
        let r = score(&input);
        assert_eq!(r.players[0].majority_points, 7);
        assert_eq!(r.players[0].total, 4 + 7);
        assert_eq!(r.players[1].total, 3);
    }

    #[test]
    fn components_add_up_and_leftovers_round_down() {
        let input = ScoreInput {
            players: vec![
                PlayerInput {
                    jar_bonus: 3,
                    favourite_spaces: 4,
                    leftover_dice: 7,
                    delivered: 3,
                    ..Default::default()
                },
                PlayerInput::default(),
            ],
            ..Default::default()
        };
        let r = score(&input);
        assert_eq!(r.players[0].leftovers, 3);
        assert_eq!(r.players[0].total, 3 + 4 + 3);
    }

    #[test]
    fn tie_broken_by_delivered_jars_then_shared() {
        let mk = |delivered, bonus| PlayerInput {
            delivered,
            jar_bonus: bonus,
            ..Default::default()
        };
        let r = score(&ScoreInput {
            players: vec![mk(2, 4), mk(3, 4), mk(5, 3), mk(1, 0)],
            ..Default::default()
        });
        assert_eq!(
            r.outcome,
            Outcome::Winner {
                player: 1,
                tiebreak: true
            }
        );
        let r = score(&ScoreInput {
            players: vec![mk(3, 4), mk(3, 4), mk(5, 3)],
            ..Default::default()
        });
        assert_eq!(
            r.outcome,
            Outcome::Shared {
                players: vec![0, 1]
            }
        );
        let r = score(&ScoreInput {
            players: vec![mk(3, 5), mk(3, 4)],
            ..Default::default()
        });
        assert_eq!(
            r.outcome,
            Outcome::Winner {
                player: 0,
                tiebreak: false
            }
        );
    }

    fn solo(player_red: &[u32], tempest_red: &[u32], dice: u32, bonus: u32) -> ScoreResult {
        score(&ScoreInput {
            players: vec![PlayerInput {
                tokens: PerJar {
                    red: player_red.to_vec(),
                    ..Default::default()
                },
                delivered: player_red.len() as u32,
                jar_bonus: bonus,
                ..Default::default()
            }],
            tempest: Some(TempestInput {
                tokens: PerJar {
                    red: tempest_red.to_vec(),
                    ..Default::default()
                },
                dice,
            }),
            stacks: None,
        })
    }

    #[test]
    fn solo_tempest_majority_and_net() {
        // Tempest holds 2 red, player 1: tempest flips the remaining 7.
        let r = solo(&[4], &[2, 3], 2, 1);
        let t = r.tempest.clone().unwrap();
        assert_eq!(t.majority_points, 7);
        assert_eq!(t.penalty, 5 + 7 + 2);
        assert_eq!(r.players[0].total, 4 + 1);
        assert_eq!(
            r.outcome,
            Outcome::Solo {
                net: 5 - 14,
                won: false
            }
        );
        // Tie 1–1: 8 left, 4 each.
        let r = solo(&[2], &[2], 0, 0);
        assert_eq!(r.players[0].majority_points, 4);
        assert_eq!(r.tempest.as_ref().unwrap().majority_points, 4);
    }

    #[test]
    fn solo_win_at_exactly_one_and_loss_at_zero() {
        // Player: red 2 + 3 + majority (10-3=7 left, player 2 vs tempest 1 → 7) + bonus.
        // Tempest: red 2 face + dice.
        let r = solo(&[2, 3], &[2], 13, 0);
        // player 2+3+7 = 12; tempest 2 + 13 = 15 → -3
        assert_eq!(
            r.outcome,
            Outcome::Solo {
                net: -3,
                won: false
            }
        );
        let r = solo(&[2, 3], &[2], 9, 0);
        assert_eq!(r.outcome, Outcome::Solo { net: 1, won: true });
        let r = solo(&[2, 3], &[2], 10, 0);
        assert_eq!(r.outcome, Outcome::Solo { net: 0, won: false });
    }

    #[test]
    fn check_flags_impossible_entries() {
        let comps = Components::default();
        // Tokens not from the top of the stack.
        let input = ScoreInput {
            players: vec![player("A", &[2, 4]), player("B", &[])],
            ..Default::default()
        };
        let p = check(&input, &comps);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(p[0].field, Field::Stack(JarColour::Red));
        assert_eq!(
            p[0].kind,
            ProblemKind::NotFromTop {
                colour: JarColour::Red,
                values: vec![2, 4],
                top: vec![2, 2],
            }
        );
        // A value not in the stack.
        let input = ScoreInput {
            players: vec![player("A", &[7]), player("B", &[])],
            ..Default::default()
        };
        let p = check(&input, &comps);
        assert_eq!(p[0].field, Field::Tokens(Holder::Player(0), JarColour::Red));
        // More tokens than exist.
        let input = ScoreInput {
            players: vec![
                player("A", &[2, 2, 3, 3, 4, 4]),
                player("B", &[5, 5, 6, 8, 8]),
            ],
            ..Default::default()
        };
        let p = check(&input, &comps);
        assert!(p.iter().any(|x| x.field == Field::Stack(JarColour::Red)));
        // Favourite matches beyond what delivered jars can hold; bonus too high; 31 jars.
        let mut a = player("A", &[]);
        a.delivered = 1;
        a.favourite = Some(DiceColour::Orange);
        a.favourite_spaces = 4;
        a.jar_bonus = 3;
        let mut b = player("B", &[]);
        b.delivered = 31;
        let p = check(
            &ScoreInput {
                players: vec![a, b],
                ..Default::default()
            },
            &comps,
        );
        assert!(p.iter().any(|x| x.field == Field::Favourite(0)), "{p:?}");
        assert!(p.iter().any(|x| x.field == Field::JarBonus(0)), "{p:?}");
        assert!(p.iter().any(|x| x.field == Field::Delivered(1)), "{p:?}");
        // One player is not a game.
        let p = check(
            &ScoreInput {
                players: vec![player("A", &[])],
                ..Default::default()
            },
            &comps,
        );
        assert_eq!(p[0].field, Field::Players);
    }

    #[test]
    fn jars_by_colour_are_checked() {
        let comps = Components::default();
        let mut a = player("A", &[2, 2]);
        a.delivered = 11;
        a.jars = Some(PerJar {
            gold: 0,
            brown: 0,
            red: 11,
        });
        let mut b = player("B", &[]);
        b.delivered = 1;
        b.jars = Some(PerJar {
            gold: 1,
            brown: 0,
            red: 0,
        });
        b.tokens.red = vec![3];
        let p = check(
            &ScoreInput {
                players: vec![a, b],
                ..Default::default()
            },
            &comps,
        );
        assert!(
            p.iter().any(|x| x.field == Field::Stack(JarColour::Red)
                && matches!(x.kind, ProblemKind::ColourJarsBeyondDeck { total: 11, .. })),
            "{p:?}"
        );
        assert!(
            p.iter()
                .any(|x| x.field == Field::Tokens(Holder::Player(1), JarColour::Red)),
            "{p:?}"
        );
        // Consistent counts raise nothing.
        let mut c = player("C", &[2, 2]);
        c.jars = Some(PerJar {
            gold: 0,
            brown: 0,
            red: 2,
        });
        assert!(
            check(
                &ScoreInput {
                    players: vec![c, player("D", &[])],
                    ..Default::default()
                },
                &comps
            )
            .is_empty()
        );
    }

    #[test]
    fn no_input_panics() {
        let input = ScoreInput {
            players: vec![PlayerInput {
                tokens: PerJar {
                    gold: vec![u32::MAX, u32::MAX],
                    ..Default::default()
                },
                jar_bonus: u32::MAX,
                favourite_spaces: u32::MAX,
                leftover_dice: u32::MAX,
                delivered: u32::MAX,
                ..Default::default()
            }],
            stacks: Some(PerJar {
                gold: u32::MAX,
                brown: 0,
                red: 0,
            }),
            tempest: Some(TempestInput {
                tokens: PerJar::default(),
                dice: u32::MAX,
            }),
        };
        let _ = score(&input);
        let _ = check(&input, &Components::default());
        let empty = ScoreInput::default();
        let _ = score(&empty);
        let _ = check(&empty, &Components::default());
    }
}
