//! Actions (every decision and every chance outcome), events (what happened) and rule errors.

use super::board::{PathKind, ShoreId, SpaceId, shore_name, space_name};
use super::components::Components;
use super::types::{CardId, ColourCounts, DiceColour, Die, JarColour, Seat};
use crate::i18n::tr;
use crate::trf;
use crate::words::{Label, describe_counts};
use serde::{Deserialize, Serialize};

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

    /// A sentence without context, e.g. "dives from S5, long path, number 4", in the thread's
    /// language.
    pub fn describe(&self, comps: &Components) -> String {
        let card = |c: &CardId| comps.card_label(*c);
        let jar = |slot: &u8| *slot as u32 + 1;
        match self {
            Action::SeedDie { space, die } => trf!(
                "{space} gets {colour} {face}",
                space = space_name(*space),
                colour = die.colour.label(),
                face = die.face
            ),
            Action::RefillOrder { space } => {
                trf!("refill order: {space} next", space = space_name(*space))
            }
            Action::DealFavourite { colour } => {
                trf!("favourite dealt: {colour}", colour = colour.label())
            }
            Action::DealCard { card: c } => trf!("card turned up: {card}", card = card(c)),
            Action::FirstPlayer { seat } => trf!("seat {seat} starts", seat = *seat as u32 + 1),
            Action::BlackDie { number } => trf!("black die shows {number}", number),
            Action::Draft { set_aside } => trf!("sets aside {card}", card = card(set_aside)),
            Action::Dive {
                shore,
                path,
                number,
            } => trf!(
                "dives from {shore}, {path} path, number {number}",
                shore = shore_name(*shore),
                path = path.label(),
                number
            ),
            Action::Store { colour, slot } => trf!(
                "stores a {colour} die in jar {jar}",
                colour = colour.label(),
                jar = jar(slot)
            ),
            Action::Take { colour, slot } => trf!(
                "takes a passed {colour} die into jar {jar}",
                colour = colour.label(),
                jar = jar(slot)
            ),
            Action::Decline => tr("takes none of the passed dice").to_string(),
            Action::Deliver { slot } => trf!("delivers jar {jar} first", jar = jar(slot)),
            Action::TakePile { pile } => {
                trf!("takes the top card of pile {pile}", pile = *pile as u32 + 1)
            }
            Action::SoloKeep { card: c } => trf!("keeps {card}", card = card(c)),
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
    Store {
        colour: DiceColour,
    },
    /// Passed dice are offered to the seat to act: take one that fits, or decline. `lap` is
    /// 1 the first time round the table, 2 the second, and so on.
    PassOffer {
        dice: ColourCounts,
        lap: u8,
    },
    DeliverOrder,
    ChoosePile,
    SoloKeep {
        cards: [CardId; 2],
    },
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
    /// Somebody placed a passed die in the last lap and some of the dice still left fit
    /// another player: they go round the table again (`lap` 2 is the second time round).
    PassLap {
        lap: u8,
        dice: ColourCounts,
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
    /// One sentence for a game log, in the thread's language. `name` gives a seat's display
    /// name.
    pub fn describe(&self, comps: &Components, name: &dyn Fn(Seat) -> String) -> String {
        let card = |c: &CardId| comps.card_label(*c);
        let section = |s: &u8| comps.section_label(*s);
        let jar = |slot: &u8| *slot as u32 + 1;
        match self {
            Event::Seeded { space, die } => trf!(
                "{space} gets {colour} {face}.",
                space = space_name(*space),
                colour = die.colour.label(),
                face = die.face
            ),
            Event::RefillSpace { space } => trf!(
                "Short supply: {space} is next in the refill order.",
                space = space_name(*space)
            ),
            Event::FavouriteDealt { seat } => {
                trf!("{name} is dealt a secret favourite.", name = name(*seat))
            }
            Event::DraftCardDealt { seat } => {
                trf!("{name} is dealt a draft card.", name = name(*seat))
            }
            Event::DraftChosen { seat } => {
                trf!("{name} has chosen which jars to keep.", name = name(*seat))
            }
            Event::DraftRevealed { seat, kept } => trf!(
                "{name} keeps {first} and {second}.",
                name = name(*seat),
                first = card(&kept[0]),
                second = card(&kept[1])
            ),
            Event::PilesDealt { counts } => trf!(
                "The jar cards are dealt into four piles of {a}, {b}, {c} and {d}.",
                a = counts[0],
                b = counts[1],
                c = counts[2],
                d = counts[3]
            ),
            Event::PileTop { pile, card: c } => trf!(
                "Pile {pile} shows {card}.",
                pile = *pile as u32 + 1,
                card = card(c)
            ),
            Event::FirstPlayer { seat } => {
                trf!("{name} is first player.", name = name(*seat))
            }
            Event::TurnStarted { seat, round, turn } => trf!(
                "Round {round}, turn {turn}: {name}.",
                round,
                turn = *turn as u32 + 1,
                name = name(*seat)
            ),
            Event::Dived {
                seat,
                shore,
                path,
                number,
                collected,
            } => trf!(
                "{name} dives from {shore}, {path} path, number {number}: collects {dice}.",
                name = name(*seat),
                shore = shore_name(*shore),
                path = path.label(),
                number,
                dice = describe_counts(collected)
            ),
            Event::Stored {
                seat,
                colour,
                slot,
                count,
            } => trf!(
                "{name} stores {count} {colour} in jar {jar}.",
                name = name(*seat),
                count,
                colour = colour.label(),
                jar = jar(slot)
            ),
            Event::PassStarted { dice } => trf!(
                "Passed around the table (did not fit): {dice}.",
                dice = describe_counts(dice)
            ),
            Event::Took { seat, colour, slot } => trf!(
                "{name} takes a passed {colour} die into jar {jar}.",
                name = name(*seat),
                colour = colour.label(),
                jar = jar(slot)
            ),
            Event::Declined { seat } => {
                trf!("{name} takes none of the passed dice.", name = name(*seat))
            }
            Event::PassLap { lap, dice } => trf!(
                "Somebody placed a die, so the dice left go round again ({lap}): {dice}.",
                lap = lap_words(*lap),
                dice = describe_counts(dice)
            ),
            Event::ToSupply { dice } => {
                trf!("Back to the supply: {dice}.", dice = describe_counts(dice))
            }
            Event::ToTempest { dice } => trf!(
                "Into the tempest (did not fit): {dice}.",
                dice = describe_counts(dice)
            ),
            Event::Delivered {
                seat,
                card: c,
                token,
                ..
            } => match token {
                Some((col, v)) => trf!(
                    "{name} delivers {card} and takes the {colour} {value} token.",
                    name = name(*seat),
                    card = card(c),
                    colour = col.label(),
                    value = v
                ),
                None => trf!(
                    "{name} delivers {card}; the stack is empty, no token.",
                    name = name(*seat),
                    card = card(c)
                ),
            },
            Event::NewJar {
                seat,
                card: c,
                pile,
                ..
            } => match pile {
                Some(p) => trf!(
                    "{name} takes {card} from pile {pile} as a new jar.",
                    name = name(*seat),
                    card = card(c),
                    pile = p + 1
                ),
                None => trf!(
                    "{name} keeps {card} as a new jar.",
                    name = name(*seat),
                    card = card(c)
                ),
            },
            Event::NoJarLeft { seat } => {
                trf!(
                    "No jar card is left for {name} to take.",
                    name = name(*seat)
                )
            }
            Event::SoloDrew { card: c } => trf!("Drawn from the deck: {card}.", card = card(c)),
            Event::SoloKept { card: c, to_bottom } => trf!(
                "Keeps {card}; {other} goes to the bottom of the deck.",
                card = card(c),
                other = card(to_bottom)
            ),
            Event::TempestDiscard { card: c, token } => match (c, token) {
                (Some(c), Some((col, v))) => trf!(
                    "Tempest: discards {card} → the {colour} {value} token goes to the tempest.",
                    card = card(c),
                    colour = col.label(),
                    value = v
                ),
                (Some(c), None) => trf!(
                    "Tempest: discards {card}; its token stack is empty.",
                    card = card(c)
                ),
                (None, _) => tr("Tempest: the deck is empty, nothing is discarded.").to_string(),
            },
            Event::BlackDie {
                number,
                section: s,
                space,
                cleared,
            } => trf!(
                "Tempest: the black die shows {number} in the {section} section → {space} cleared ({dice}).",
                number,
                section = section(s),
                space = space_name(*space),
                dice = describe_counts(cleared)
            ),
            Event::ArrowRotated { section: s } => trf!(
                "Tempest: the arrow turns to the {section} section.",
                section = section(s)
            ),
            Event::RoundEnded { round } => trf!("Round {round} ends.", round),
            Event::RoundStarted { round, first } => trf!(
                "Round {round} begins; {name} goes first.",
                round,
                name = name(*first)
            ),
            Event::GameOver => tr("The game is over.").to_string(),
        }
    }
}

/// "first time round", "second time round", … for the laps of a pass, in the thread's
/// language.
pub fn lap_words(lap: u8) -> String {
    match lap {
        0 | 1 => tr("first time round").to_string(),
        2 => tr("second time round").to_string(),
        3 => tr("third time round").to_string(),
        n => trf!("time {number} round", number = n),
    }
}

/// What the game waits for: a decision and the seat it belongs to (for chance, the seat is
/// meaningless).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub decision: Decision,
    pub seat: Seat,
}

/// Why an action was refused. The state is left untouched. Data only: the front ends word it
/// (`crate::words`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    /// A decision was given where a chance outcome is due, or the other way round.
    WrongKind {
        waiting: Waiting,
    },
    /// Not a table the game is played at.
    PlayerCount {
        players: u8,
    },
    /// The first player named does not sit at the table.
    NoSuchFirstPlayer {
        seat: Seat,
        players: u8,
    },
    /// The component data does not hold together.
    Components(super::components::DataError),
    NoSuchShore {
        shore: ShoreId,
    },
    ShoreTaken {
        shore: ShoreId,
        by: Seat,
    },
    NumberOutOfRange {
        number: u8,
    },
    NoPawnsLeft,
    /// A store decision for another colour than the one asked about.
    StoreColourFirst {
        want: DiceColour,
        got: DiceColour,
    },
    NoEmptySpace {
        slot: u8,
        colour: DiceColour,
    },
    NotBeingPassed {
        colour: DiceColour,
    },
    /// A reported seeding die that cannot be next.
    SeedDie(SeedProblem),
    RefillOrder {
        space: SpaceId,
    },
    CardNotFaceDown {
        card: CardId,
    },
    BlackDieOutOfRange {
        number: u8,
    },
    /// The action is of the right kind but not among the legal ones now (`card`: the jar card
    /// it names, if any, as the game's data describes it).
    NotPossibleNow {
        action: Action,
        waiting: Waiting,
        card: Option<super::components::JarCard>,
    },
    /// Solo companion: more dice reported for the tempest than can be.
    TempestDiceCount {
        dice: u8,
    },
    /// Solo companion: a report that does not fit the step the companion is at.
    SoloNotNow {
        step: super::solo::SoloStep,
    },
    /// Solo companion: report `number` (1-based) of a saved list was refused.
    SoloReport {
        number: usize,
        error: Box<RuleError>,
    },
}

/// Why a die cannot be the next one placed while seeding or refilling the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeedProblem {
    NotFilling,
    WrongSpace { want: SpaceId, got: SpaceId },
    Face { face: u8 },
    NoneLeft { colour: DiceColour },
}

impl std::error::Error for RuleError {}
