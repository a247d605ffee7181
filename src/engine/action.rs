//! Actions (every decision and every chance outcome), events (what happened) and rule errors.

use super::board::{PathKind, ShoreId, SpaceId, shore_name, space_name};
use super::components::Components;
use super::types::{CardId, ColourCounts, DiceColour, Die, JarColour, Seat, describe_counts};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything that can move the game on: a seat's decision or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    // ---- chance outcomes ----
    /// The next die placed while seeding or refilling the pool.
    SeedDie { space: SpaceId, die: Die },
    /// Short-supply refill: the next space in the random dealing order.
    RefillOrder { space: SpaceId },
    /// The favourite card dealt to the seat being dealt to.
    DealFavourite { colour: DiceColour },
    /// A jar card coming out of hiding: a draft card dealt, a pile's new top card turned up,
    /// a solo draw, or the card the tempest discards.
    DealCard { card: CardId },
    /// The first player, when the table lets chance decide.
    FirstPlayer { seat: Seat },
    /// The solo black die.
    BlackDie { number: u8 },

    // ---- decisions ----
    /// Jar draft: keep two of the three cards by setting this one aside.
    Draft { set_aside: CardId },
    /// Place a pawn on a free shore, choose one of its paths and announce a number 1–6.
    Dive {
        shore: ShoreId,
        path: PathKind,
        number: u8,
    },
    /// Store one collected die of this colour in jar slot `slot` (asked only when both jars
    /// could take it and not all such dice fit).
    Store { colour: DiceColour, slot: u8 },
    /// Passed dice: take one of this colour into jar slot `slot`.
    Take { colour: DiceColour, slot: u8 },
    /// Passed dice: take none.
    Decline,
    /// Deliver this full jar first (asked when two jars are full).
    Deliver { slot: u8 },
    /// Take the top card of this pile as the new jar.
    TakePile { pile: u8 },
    /// Solo: keep this one of the two drawn cards; the other goes to the bottom of the deck.
    SoloKeep { card: CardId },
}

impl Action {
    pub fn is_chance(&self) -> bool {
        matches!(
            self,
            Action::SeedDie { .. }
                | Action::RefillOrder { .. }
                | Action::DealFavourite { .. }
                | Action::DealCard { .. }
                | Action::FirstPlayer { .. }
                | Action::BlackDie { .. }
        )
    }

    /// A sentence without context, e.g. "dives from S5, long path, number 4".
    pub fn describe(&self, comps: &Components) -> String {
        let card = |c: &CardId| comps.card_label(*c);
        match self {
            Action::SeedDie { space, die } => format!("{} gets {die}", space_name(*space)),
            Action::RefillOrder { space } => format!("refill order: {} next", space_name(*space)),
            Action::DealFavourite { colour } => format!("favourite dealt: {colour}"),
            Action::DealCard { card: c } => format!("card turned up: {}", card(c)),
            Action::FirstPlayer { seat } => format!("seat {} starts", *seat as u32 + 1),
            Action::BlackDie { number } => format!("black die shows {number}"),
            Action::Draft { set_aside } => format!("sets aside {}", card(set_aside)),
            Action::Dive {
                shore,
                path,
                number,
            } => format!(
                "dives from {}, {path} path, number {number}",
                shore_name(*shore)
            ),
            Action::Store { colour, slot } => {
                format!("stores a {colour} die in jar {}", *slot as u32 + 1)
            }
            Action::Take { colour, slot } => {
                format!("takes a passed {colour} die into jar {}", *slot as u32 + 1)
            }
            Action::Decline => "takes none of the passed dice".to_string(),
            Action::Deliver { slot } => format!("delivers jar {} first", *slot as u32 + 1),
            Action::TakePile { pile } => format!("takes the top card of pile {}", *pile as u32 + 1),
            Action::SoloKeep { card: c } => format!("keeps {}", card(c)),
        }
    }
}

/// Whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToAct {
    Seat(Seat),
    Chance,
    /// The game is over.
    Nobody,
}

/// What the game is waiting for, in more detail than `ToAct`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    Draft,
    Dive,
    Store { colour: DiceColour },
    PassOffer { dice: ColourCounts },
    DeliverOrder,
    ChoosePile,
    SoloKeep { cards: [CardId; 2] },
    Chance(ChanceKind),
    GameOver,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChanceKind {
    SeedDie { space: SpaceId },
    RefillOrder,
    DealFavourite { seat: Seat },
    DealDraftCard { seat: Seat },
    RevealPile { pile: u8 },
    SoloDraw,
    TempestDiscard,
    FirstPlayer,
    BlackDie { section: u8 },
}

/// What happened, in order, including steps the rules resolved on their own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Seeded {
        space: SpaceId,
        die: Die,
    },
    RefillSpace {
        space: SpaceId,
    },
    FavouriteDealt {
        seat: Seat,
    },
    DraftCardDealt {
        seat: Seat,
    },
    DraftChosen {
        seat: Seat,
    },
    DraftRevealed {
        seat: Seat,
        kept: [CardId; 2],
    },
    PilesDealt {
        counts: [u8; 4],
    },
    PileTop {
        pile: u8,
        card: CardId,
    },
    FirstPlayer {
        seat: Seat,
    },
    TurnStarted {
        seat: Seat,
        round: u8,
        turn: u8,
    },
    Dived {
        seat: Seat,
        shore: ShoreId,
        path: PathKind,
        number: u8,
        collected: ColourCounts,
    },
    Stored {
        seat: Seat,
        colour: DiceColour,
        slot: u8,
        count: u8,
    },
    PassStarted {
        dice: ColourCounts,
    },
    Took {
        seat: Seat,
        colour: DiceColour,
        slot: u8,
    },
    Declined {
        seat: Seat,
    },
    ToSupply {
        dice: ColourCounts,
    },
    ToTempest {
        dice: ColourCounts,
    },
    Delivered {
        seat: Seat,
        slot: u8,
        card: CardId,
        token: Option<(JarColour, u8)>,
    },
    NewJar {
        seat: Seat,
        slot: u8,
        card: CardId,
        pile: Option<u8>,
    },
    NoJarLeft {
        seat: Seat,
    },
    SoloDrew {
        card: CardId,
    },
    SoloKept {
        card: CardId,
        to_bottom: CardId,
    },
    TempestDiscard {
        card: Option<CardId>,
        token: Option<(JarColour, u8)>,
    },
    BlackDie {
        number: u8,
        section: u8,
        space: SpaceId,
        cleared: ColourCounts,
    },
    ArrowRotated {
        section: u8,
    },
    RoundEnded {
        round: u8,
    },
    RoundStarted {
        round: u8,
        first: Seat,
    },
    GameOver,
}

impl Event {
    /// One sentence for a game log. `name` gives a seat's display name.
    pub fn describe(&self, comps: &Components, name: &dyn Fn(Seat) -> String) -> String {
        let card = |c: &CardId| comps.card_label(*c);
        let section = |s: &u8| format!("the {} section", comps.section_label(*s));
        match self {
            Event::Seeded { space, die } => format!("{} gets {die}.", space_name(*space)),
            Event::RefillSpace { space } => {
                format!(
                    "Short supply: {} is next in the refill order.",
                    space_name(*space)
                )
            }
            Event::FavouriteDealt { seat } => {
                format!("{} is dealt a secret favourite.", name(*seat))
            }
            Event::DraftCardDealt { seat } => format!("{} is dealt a draft card.", name(*seat)),
            Event::DraftChosen { seat } => {
                format!("{} has chosen which jars to keep.", name(*seat))
            }
            Event::DraftRevealed { seat, kept } => format!(
                "{} keeps {} and {}.",
                name(*seat),
                card(&kept[0]),
                card(&kept[1])
            ),
            Event::PilesDealt { counts } => format!(
                "The jar cards are dealt into four piles of {}, {}, {} and {}.",
                counts[0], counts[1], counts[2], counts[3]
            ),
            Event::PileTop { pile, card: c } => {
                format!("Pile {} shows {}.", *pile as u32 + 1, card(c))
            }
            Event::FirstPlayer { seat } => format!("{} is first player.", name(*seat)),
            Event::TurnStarted { seat, round, turn } => {
                format!("Round {round}, turn {}: {}.", *turn as u32 + 1, name(*seat))
            }
            Event::Dived {
                seat,
                shore,
                path,
                number,
                collected,
            } => format!(
                "{} dives from {}, {path} path, number {number}: collects {}.",
                name(*seat),
                shore_name(*shore),
                describe_counts(collected)
            ),
            Event::Stored {
                seat,
                colour,
                slot,
                count,
            } => format!(
                "{} stores {count} {colour} in jar {}.",
                name(*seat),
                *slot as u32 + 1
            ),
            Event::PassStarted { dice } => {
                format!(
                    "Passed around the table (did not fit): {}.",
                    describe_counts(dice)
                )
            }
            Event::Took { seat, colour, slot } => format!(
                "{} takes a passed {colour} die into jar {}.",
                name(*seat),
                *slot as u32 + 1
            ),
            Event::Declined { seat } => format!("{} takes none of the passed dice.", name(*seat)),
            Event::ToSupply { dice } => {
                format!("Back to the supply: {}.", describe_counts(dice))
            }
            Event::ToTempest { dice } => {
                format!("Into the tempest (did not fit): {}.", describe_counts(dice))
            }
            Event::Delivered {
                seat,
                card: c,
                token,
                ..
            } => match token {
                Some((col, v)) => format!(
                    "{} delivers {} and takes the {col} {v} token.",
                    name(*seat),
                    card(c)
                ),
                None => format!(
                    "{} delivers {}; the stack is empty, no token.",
                    name(*seat),
                    card(c)
                ),
            },
            Event::NewJar {
                seat,
                card: c,
                pile,
                ..
            } => match pile {
                Some(p) => format!(
                    "{} takes {} from pile {} as a new jar.",
                    name(*seat),
                    card(c),
                    p + 1
                ),
                None => format!("{} keeps {} as a new jar.", name(*seat), card(c)),
            },
            Event::NoJarLeft { seat } => {
                format!("No jar card is left for {} to take.", name(*seat))
            }
            Event::SoloDrew { card: c } => format!("Drawn from the deck: {}.", card(c)),
            Event::SoloKept { card: c, to_bottom } => format!(
                "Keeps {}; {} goes to the bottom of the deck.",
                card(c),
                card(to_bottom)
            ),
            Event::TempestDiscard { card: c, token } => match (c, token) {
                (Some(c), Some((col, v))) => format!(
                    "Tempest: discards {} → the {col} {v} token goes to the tempest.",
                    card(c)
                ),
                (Some(c), None) => {
                    format!("Tempest: discards {}; its token stack is empty.", card(c))
                }
                (None, _) => "Tempest: the deck is empty, nothing is discarded.".to_string(),
            },
            Event::BlackDie {
                number,
                section: s,
                space,
                cleared,
            } => format!(
                "Tempest: the black die shows {number} in {} → {} cleared ({}).",
                section(s),
                space_name(*space),
                describe_counts(cleared)
            ),
            Event::ArrowRotated { section: s } => {
                format!("Tempest: the arrow turns to {}.", section(s))
            }
            Event::RoundEnded { round } => format!("Round {round} ends."),
            Event::RoundStarted { round, first } => {
                format!("Round {round} begins; {} goes first.", name(*first))
            }
            Event::GameOver => "The game is over.".to_string(),
        }
    }
}

/// Why an action was refused. The state is left untouched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    GameOver,
    /// A decision was given where a chance outcome is due, or the other way round.
    WrongKind {
        expected: String,
    },
    /// The action is of the right kind but the rules do not allow it here.
    Illegal {
        reason: String,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::WrongKind { expected } => write!(f, "the game is waiting for {expected}"),
            RuleError::Illegal { reason } => f.write_str(reason),
        }
    }
}

impl std::error::Error for RuleError {}
