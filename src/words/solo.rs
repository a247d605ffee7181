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
    /// What to do on the real table now, as a sentence (`None` where a card of its own says
    /// it: the space to clear, the new round).
    fn on_the_table(&self, comps: &Components) -> Option<String>;
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

    fn on_the_table(&self, comps: &Components) -> Option<String> {
        Some(match self {
            SoloEvent::DiceToTempest { dice } => {
                if *dice == 1 {
                    tr("Put the die you could not store beside the black die, in the tempest.")
                        .to_string()
                } else {
                    trf!(
                        "Put the {count} dice you could not store beside the black die, in the tempest.",
                        count = dice
                    )
                }
            }
            SoloEvent::PlayerToken { colour, value } => match value {
                Some(v) => trf!(
                    "Take the top {colour} token ({value}).",
                    colour = colour.label(),
                    value = v
                ),
                None => trf!(
                    "The {colour} stack is empty: there is no token to take.",
                    colour = colour.label()
                ),
            },
            SoloEvent::TempestToken { colour, value } => match value {
                Some(v) => trf!(
                    "Put the top {colour} token ({value}) beside the black die, in the tempest.",
                    colour = colour.label(),
                    value = v
                ),
                None => trf!(
                    "The {colour} stack is empty: no token goes to the tempest.",
                    colour = colour.label()
                ),
            },
            SoloEvent::DeckEmpty => tr("The jar deck is empty: nothing is discarded.").to_string(),
            SoloEvent::ArrowTurned { section } => trf!(
                "Turn the first player marker's arrow to the {section} section.",
                section = comps.section_label(*section)
            ),
            SoloEvent::Cleared { .. } | SoloEvent::RoundFlip | SoloEvent::GameOver => {
                return None;
            }
        })
    }
}

/// What to put back on the real table when the report `input`, which did `events`, is undone
/// (`arrow` is the section the arrow points at again). "Undone." and one sentence per piece.
pub fn undo_on_table(
    input: &crate::engine::solo::SoloInput,
    events: &[SoloEvent],
    comps: &Components,
    arrow: u8,
) -> String {
    use crate::engine::solo::SoloInput;
    let mut steps: Vec<String> = Vec::new();
    if let SoloInput::Discard {
        colour: Some(colour),
    } = input
    {
        steps.push(trf!(
            "put the discarded {colour} card back on top of the deck",
            colour = colour.label()
        ));
    }
    for e in events {
        match e {
            SoloEvent::DiceToTempest { dice } => steps.push(if *dice == 1 {
                tr("take the die back from the tempest").to_string()
            } else {
                trf!("take the {count} dice back from the tempest", count = dice)
            }),
            SoloEvent::PlayerToken {
                colour,
                value: Some(v),
            } => steps.push(trf!(
                "return your {colour} {value} token to the top of its stack",
                colour = colour.label(),
                value = v
            )),
            SoloEvent::TempestToken {
                colour,
                value: Some(v),
            } => steps.push(trf!(
                "return the {colour} {value} token from the tempest to the top of its stack",
                colour = colour.label(),
                value = v
            )),
            SoloEvent::Cleared { space, .. } => steps.push(trf!(
                "put the dice you took off {space} back on {space}",
                space = space_name(*space)
            )),
            SoloEvent::ArrowTurned { .. } => steps.push(trf!(
                "turn the arrow back to {section}",
                section = comps.section_label(arrow)
            )),
            SoloEvent::RoundFlip => steps.push(
                tr("flip the first player marker back and set the round-2 pawns aside again")
                    .to_string(),
            ),
            SoloEvent::PlayerToken { value: None, .. }
            | SoloEvent::TempestToken { value: None, .. }
            | SoloEvent::DeckEmpty
            | SoloEvent::GameOver => {}
        }
    }
    if steps.is_empty() {
        return tr("Undone. Nothing to change on the table.").to_string();
    }
    trf!(
        "Undone. On the table: {steps}.",
        steps = crate::words::join_list(steps)
    )
}
