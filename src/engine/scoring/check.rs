//! The consistency check: entries that cannot come from a real game with these components.

use super::{Holder, ScoreInput};
use crate::components::Components;
use crate::types::{DiceColour, JarColour, SOLO_PAWNS, TOTAL_DICE};

/// Which entry a consistency problem is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Field {
    Tokens(Holder, JarColour),
    /// The tokens of one colour taken together.
    Stack(JarColour),
    Delivered(u8),
    JarBonus(u8),
    /// The favourite spaces entered.
    Favourite(u8),
    /// The favourite colour chosen.
    FavouriteColour(u8),
    Leftovers(u8),
    TempestDice,
    Players,
}

/// One entry that cannot come from a real game: which entry, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    pub field: Field,
    pub kind: ProblemKind,
}

/// What is wrong, with the numbers that show it. Front ends word it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
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
    /// With more tokens of a colour than the stack held, a value entered more often than the
    /// stack holds it (`held` times).
    ValueBeyondStack {
        colour: JarColour,
        value: u32,
        count: usize,
        held: usize,
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
    /// A player holds fewer tokens than jars delivered (of `colour`, when the jars' colours
    /// are entered), though no such stack is empty: each delivery takes the top token of its
    /// colour while the stack has any.
    TokensShortOfDeliveries {
        player: u8,
        colour: Option<JarColour>,
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
    /// Two players have the same favourite colour: there is one favourite card per colour,
    /// and each player is dealt one (`player` names the same colour as `first` did).
    SharedFavourite {
        player: u8,
        first: u8,
        colour: DiceColour,
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
    /// The tempest holds more tokens than it can take: one at most after each of the solo
    /// game's turns (`max`).
    TempestTokens { count: usize, max: u32 },
}

/// The solo game's turns, after each of which the tempest takes at most one token: a pawn a
/// turn, two rounds.
pub const TEMPEST_TURNS: u32 = 2 * SOLO_PAWNS as u32;

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
    // Whether a colour's stack still holds tokens at the end (`None`: its entries are wrong).
    let mut stack_left: [Option<bool>; 3] = [None; 3];
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
            for (k, &value) in vals.iter().enumerate() {
                // Each value once a holder, however often it was entered.
                if !stack.contains(&value) && !vals[..k].contains(&value) {
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
        let mut all: Vec<u32> = holders
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .collect();
        // Too many tokens is wrong whatever their values, so it is said beside a wrong value,
        // and beside each value entered more often than the stack holds it (which the check
        // against the stack's top, left out here, would have caught).
        if all.len() > stack.len() {
            push(
                Field::Stack(colour),
                ProblemKind::MoreTokensThanStack {
                    colour,
                    count: all.len(),
                    total: stack.len(),
                },
            );
            if !bad_value {
                let mut values = all.clone();
                values.sort_unstable();
                values.dedup();
                for value in values {
                    let count = all.iter().filter(|&&v| v == value).count();
                    let held = stack.iter().filter(|&&v| v == value).count();
                    if count > held {
                        push(
                            Field::Stack(colour),
                            ProblemKind::ValueBeyondStack {
                                colour,
                                value,
                                count,
                                held,
                            },
                        );
                    }
                }
            }
            continue;
        }
        if bad_value {
            continue;
        }
        stack_left[colour.index()] = Some(all.len() < stack.len());
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
            // The other entries are still checked (as if the whole deck were delivered).
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
        // Fewer tokens than deliveries: only once a stack has run out. With the jars'
        // colours, colour by colour; without them, while no stack has.
        let left = |c: JarColour| stack_left[c.index()] == Some(true);
        match &p.jars {
            Some(jars) => {
                for colour in JarColour::ALL {
                    let held = p.tokens[colour].len() as u32;
                    if held < jars[colour] && left(colour) {
                        push(
                            Field::Tokens(Holder::Player(player), colour),
                            ProblemKind::TokensShortOfDeliveries {
                                player,
                                colour: Some(colour),
                                tokens: held,
                                delivered: jars[colour],
                            },
                        );
                    }
                }
            }
            None => {
                if tokens < p.delivered && JarColour::ALL.into_iter().all(left) {
                    push(
                        Field::Delivered(player),
                        ProblemKind::TokensShortOfDeliveries {
                            player,
                            colour: None,
                            tokens,
                            delivered: p.delivered,
                        },
                    );
                }
            }
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
        let first = input.players[..i]
            .iter()
            .position(|q| q.favourite.is_some() && q.favourite == p.favourite);
        if let (Some(first), Some(colour)) = (first, p.favourite) {
            push(
                Field::FavouriteColour(player),
                ProblemKind::SharedFavourite {
                    player,
                    first: first as u8,
                    colour,
                },
            );
        }
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
    if let Some(t) = &input.tempest {
        let count: usize = JarColour::ALL.iter().map(|&c| t.tokens[c].len()).sum();
        // Said once, at the colour with the most tokens.
        let most = JarColour::ALL
            .into_iter()
            .rev()
            .max_by_key(|&c| t.tokens[c].len())
            .unwrap_or(JarColour::Gold);
        if count > TEMPEST_TURNS as usize {
            push(
                Field::Tokens(Holder::Tempest, most),
                ProblemKind::TempestTokens {
                    count,
                    max: TEMPEST_TURNS,
                },
            );
        }
    }
    out
}
