//! Final scoring (SPEC.md §6, solo §7) as a pure function over plain data, so the digital game,
//! the solo companion and the score calculator all count with the very same code.

mod check;
/// One colour's majority: the most tokens of the colour (at least one) lead, a tie shares the
/// `remaining` tokens of its stack evenly and the rest is discarded. Each leader's share is
/// added to `points` (the players', the tempest's).
pub(crate) fn majority(
    colour: JarColour,
    counts: Vec<u32>,
    tempest_count: Option<u32>,
    remaining: u32,
    points: (&mut [u32], &mut u32),
) -> Majority {
    let shares = majority_shares(&counts, tempest_count, remaining, points);
    let mut leaders: Vec<Holder> = (0..counts.len() as u8)
        .filter(|&i| shares.players & (1 << i) != 0)
        .map(Holder::Player)
        .collect();
    if shares.tempest {
        leaders.push(Holder::Tempest);
    }
    Majority {
        colour,
        counts,
        tempest_count,
        remaining,
        leaders,
        each: shares.each,
        discarded: shares.discarded,
    }
}

/// Who leads one colour's majority and what each leader takes (see `majority`).
pub(crate) struct Shares {
    /// Bit i: player i leads.
    pub players: u32,
    pub tempest: bool,
    pub each: u32,
    pub discarded: u32,
}

/// `majority` without the record: the leaders and their shares, added to `points`.
pub(crate) fn majority_shares(
    counts: &[u32],
    tempest_count: Option<u32>,
    remaining: u32,
    (players, tempest): (&mut [u32], &mut u32),
) -> Shares {
    let top = counts
        .iter()
        .copied()
        .chain(tempest_count)
        .max()
        .unwrap_or(0);
    let mut shares = Shares {
        players: 0,
        tempest: false,
        each: 0,
        discarded: 0,
    };
    if top == 0 {
        return shares;
    }
    for (i, &c) in counts.iter().enumerate() {
        if c == top {
            shares.players |= 1 << i;
        }
    }
    shares.tempest = tempest_count == Some(top);
    let k = shares.players.count_ones() + shares.tempest as u32;
    (shares.each, shares.discarded) = (remaining / k, remaining % k);
    for (i, p) in players.iter_mut().enumerate().take(counts.len()) {
        if shares.players & (1 << i) != 0 {
            *p += shares.each;
        }
    }
    if shares.tempest {
        *tempest += shares.each;
    }
    shares
}

#[cfg(test)]
mod tests;

pub use super::types::PerJar;
pub use check::{Field, Problem, ProblemKind, check};

use super::components::{JarCard, TOKENS_PER_STACK};
use super::types::{DiceColour, JarColour};
use serde::{Deserialize, Serialize};

/// What final scoring needs to know about one player. A field it does not know is refused
/// (a misspelt one in a hand-written score sheet would otherwise count as 0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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

impl ScoreInput {
    /// A score sheet as a file holds it (`noctiluca score` reads one; the calculator opens and
    /// exports them). A field the sheet does not know is refused rather than passed over, as
    /// a misspelt one (`delivred`, `favorite_spaces`) would silently score 0. A sheet the app
    /// exported carries its result after the entries: read past, not used.
    pub fn from_sheet_ron(text: &str) -> Result<ScoreInput, ron::error::SpannedError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct SheetFile {
            players: Vec<PlayerInput>,
            #[serde(default)]
            stacks: Option<PerJar<u32>>,
            #[serde(default)]
            tempest: Option<TempestInput>,
            #[serde(default, rename = "result")]
            _result: serde::de::IgnoredAny,
            #[serde(default, rename = "reliable")]
            _reliable: serde::de::IgnoredAny,
            #[serde(default, rename = "problems")]
            _problems: serde::de::IgnoredAny,
        }
        let sheet: SheetFile = ron::from_str(text)?;
        Ok(ScoreInput {
            players: sheet.players,
            stacks: sheet.stacks,
            tempest: sheet.tempest,
        })
    }
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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

impl PlayerInput {
    /// Nothing scored is entered: no tokens, jars, bonus, favourite spaces or leftover dice
    /// (a name and a favourite colour alone score nothing).
    pub fn is_empty(&self) -> bool {
        self.tokens.iter().all(|(_, v)| v.is_empty())
            && self.delivered == 0
            && self.jar_bonus == 0
            && self.favourite_spaces == 0
            && self.leftover_dice == 0
    }
}

impl ScoreInput {
    /// A sheet with nothing entered for anyone (nor for the tempest).
    pub fn is_empty(&self) -> bool {
        self.players.iter().all(PlayerInput::is_empty)
            && self
                .tempest
                .as_ref()
                .is_none_or(|t| t.dice == 0 && t.tokens.iter().all(|(_, v)| v.is_empty()))
    }

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
        majorities.push(majority(
            colour,
            counts,
            tempest_count,
            stacks[colour],
            (&mut maj_player, &mut maj_tempest),
        ));
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
