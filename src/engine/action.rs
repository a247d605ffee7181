//! Actions (every decision and every chance outcome), events (what happened) and rule errors.

use super::board::{PathKind, ShoreId, SpaceId};
use super::types::{CardId, ColourCounts, DiceColour, Die, JarColour, Seat};
use serde::{Deserialize, Serialize};

/// The most legal actions a decision can have: a dive from any of 12 shores, by either path,
/// for any number 1–6.
pub const MAX_LEGAL: usize = 144;

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

/// What the game waits for: a decision and the seat it belongs to (for chance, the seat is
/// meaningless).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub decision: Decision,
    pub seat: Seat,
}

/// Why an action was refused. The state is left untouched. Data only: the front ends word it
/// (the app's `words` module).
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
    /// A jar slot beyond a player's two.
    NoSuchJar {
        slot: u8,
    },
    /// A card number beyond the deck.
    NoSuchCard {
        card: CardId,
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
        dice: u32,
    },
    /// Solo companion: the tempest would hold more dice than the game has (`already` in it).
    TempestDiceTotal {
        dice: u8,
        already: u32,
    },
    /// Solo companion: more dice reported for the tempest in one turn than its one dive can
    /// collect (`most`), `already` of them reported earlier in the turn.
    TempestDiceDive {
        dice: u8,
        already: u32,
        most: u32,
    },
    /// Solo companion: the jar deck reported empty while, by the reports so far, it still
    /// holds `left` cards (the deck, less the two jars kept at the start, one card a delivery
    /// and one a discard).
    DeckNotEmpty {
        left: u32,
    },
    /// Solo companion: a third jar delivered in one turn (a player holds two, and a jar taken
    /// after a delivery is empty).
    SoloDeliveries,
    /// Solo companion: a card reported discarded after the jar deck was reported empty
    /// (`at`: the turn of that report).
    DeckReportedEmpty {
        at: super::solo::SoloTurn,
    },
    /// Solo companion: a report that does not fit the step the companion is at.
    SoloNotNow {
        step: SoloStep,
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

/// What the companion is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SoloStep {
    /// The player takes a turn (reporting dice that did not fit and jars delivered), then
    /// starts the tempest.
    PlayerTurn,
    /// Tempest step 1: which colour of card was discarded (or the deck is empty)?
    Discard,
    /// Tempest step 2: the black die.
    BlackDie,
    GameOver,
}
