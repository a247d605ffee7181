//! The solo companion in words: its tempest log and turn labels.

use crate::engine::Components;
use crate::engine::board::space_name;
use crate::engine::solo::{SoloEvent, SoloTurn};
use crate::i18n::tr;
use crate::trf;
use crate::words::{ComponentWords, Label};

/// "Round 1, turn 3".
pub fn solo_turn(t: SoloTurn) -> String {
    trf!("Round {round}, turn {turn}", round = t.round, turn = t.turn)
}

/// The solo companion's events in words.
pub trait SoloEventWords {
    /// One line of the tempest log.
    fn describe(&self, comps: &Components) -> String;
}

impl SoloEventWords for SoloEvent {
    /// One line of the tempest log, in the thread's language.
    fn describe(&self, comps: &Components) -> String {
        let section = |s: &u8| comps.section_label(*s);
        match self {
            SoloEvent::DiceToTempest { dice } => {
                if *dice == 1 {
                    trf!("{count} die could not be stored → tempest", count = dice)
                } else {
                    trf!("{count} dice could not be stored → tempest", count = dice)
                }
            }
            SoloEvent::PlayerToken { colour, value } => match value {
                Some(v) => trf!(
                    "delivered a {colour} jar → take the {colour} {value} token",
                    colour = colour.label(),
                    value = v
                ),
                None => trf!(
                    "delivered a {colour} jar → the {colour} stack is empty",
                    colour = colour.label()
                ),
            },
            SoloEvent::TempestToken { colour, value } => match value {
                Some(v) => trf!(
                    "discarded {colour} → {colour} {value} to the tempest",
                    colour = colour.label(),
                    value = v
                ),
                None => trf!(
                    "discarded {colour} → the {colour} stack is empty",
                    colour = colour.label()
                ),
            },
            SoloEvent::DeckEmpty => tr("the deck is empty: nothing discarded").to_string(),
            SoloEvent::Cleared {
                number,
                section: s,
                space,
            } => trf!(
                "rolled {number} in {section} → {space} cleared",
                number,
                section = section(s),
                space = space_name(*space)
            ),
            SoloEvent::ArrowTurned { section: s } => {
                trf!("arrow turns to {section}", section = section(s))
            }
            SoloEvent::RoundFlip => tr("round 1 over: flip the marker; pawns stay, use the other 6 shores; refill the pool").to_string(),
            SoloEvent::GameOver => tr("the game is over: final scoring").to_string(),
        }
    }
}
