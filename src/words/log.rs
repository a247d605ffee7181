//! The game log and actions in words: one sentence per event or action, in the reader's
//! language, worded when shown.

use crate::engine::board::{shore_name, space_name};
use crate::engine::{Action, CardId, Components, Event, Seat};
use crate::i18n::tr;
use crate::trf;
use crate::words::{ComponentWords, Label, describe_counts};

/// Actions in words.
pub trait ActionWords {
    /// A sentence without context, e.g. "dives from S5, long path, number 4".
    fn describe(&self, comps: &Components) -> String;
}

/// Events in words.
pub trait EventWords {
    /// One sentence for a game log. `name` gives a seat's display name.
    fn describe(&self, comps: &Components, name: &dyn Fn(Seat) -> String) -> String;
}

impl ActionWords for Action {
    /// A sentence without context, e.g. "dives from S5, long path, number 4", in the thread's
    /// language.
    fn describe(&self, comps: &Components) -> String {
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
                "stores {die} in jar {jar}",
                die = crate::words::a_die(*colour),
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

impl EventWords for Event {
    /// One sentence for a game log, in the thread's language. `name` gives a seat's display
    /// name.
    fn describe(&self, comps: &Components, name: &dyn Fn(Seat) -> String) -> String {
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
                "Too few dice in the box lid: {space} is next in the refill order.",
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
                "Going round the table (they did not fit): {dice}.",
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
                trf!("Back to the box lid: {dice}.", dice = describe_counts(dice))
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
        // Spelled out up to the ninth, as the first three are ("Third time round", then
        // "4th time round" read as two styles).
        4 => tr("fourth time round").to_string(),
        5 => tr("fifth time round").to_string(),
        6 => tr("sixth time round").to_string(),
        7 => tr("seventh time round").to_string(),
        8 => tr("eighth time round").to_string(),
        9 => tr("ninth time round").to_string(),
        // An English ordinal's ending goes with its number: each is its own phrase to
        // translate (the Chinese puts the plain number in 第 {number} 輪).
        n => match (n % 10, n % 100) {
            (_, 11..=13) => trf!("{number}th time round", number = n),
            (1, _) => trf!("{number}st time round", number = n),
            (2, _) => trf!("{number}nd time round", number = n),
            (3, _) => trf!("{number}rd time round", number = n),
            _ => trf!("{number}th time round", number = n),
        },
    }
}
