//! The solo game's tempest (SPEC §7) as rules shared by the digital game and the companion that
//! follows a physical solo game. The companion knows only what the player reports: the colour
//! of each card the tempest discards, the black die, the jars delivered and the dice that could
//! not be stored; from that it keeps the tempest's ledger, the token stacks, the arrow, the turn
//! and the round, and finally the solo score.

use super::RuleError;
use super::board::SpaceId;
use super::components::{Components, DECK_SIZE, TOKENS_PER_STACK};
use super::scoring::{PerJar, PlayerInput, ScoreInput, TempestInput};
use super::types::{Direction, JarColour};
use super::types::{SOLO_PAWNS, TOTAL_DICE};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Takes the top token of `colour` for a holder (bitmask per colour); returns its value, or
/// `None` when that stack is empty.
pub fn take_top_token(
    stack_taken: &mut [u8; 3],
    holder: &mut [u16; 3],
    colour: JarColour,
    comps: &Components,
) -> Option<u8> {
    let ci = colour.index();
    let idx = stack_taken[ci] as usize;
    if idx >= TOKENS_PER_STACK {
        return None;
    }
    stack_taken[ci] += 1;
    holder[ci] |= 1 << idx;
    Some(comps.tokens.stack(colour)[idx])
}

/// The space the black die clears: number `n` (1–6) of the section the arrow points at.
pub fn black_die_space(comps: &Components, arrow: u8, n: u8) -> SpaceId {
    comps.solo.sections[arrow as usize % comps.solo.sections.len()].spaces
        [(n.clamp(1, 6) - 1) as usize]
}

/// The section the arrow points at after turning one step in `direction` (clockwise is a fact
/// of the board's geometry, not of the order the data lists the sections in).
pub fn turn_arrow(comps: &Components, arrow: u8, direction: Direction) -> u8 {
    comps.solo.next_section(arrow, direction)
}

/// A turn of the solo game: round 1 or 2, turn 1–6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloTurn {
    pub round: u8,
    pub turn: u8,
}

pub use super::action::SoloStep;

/// A report from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SoloInput {
    /// Dice the player could not store this turn go to the tempest.
    CouldNotStore { dice: u8 },
    /// The player delivered a jar of this colour (and takes the top token of that stack).
    Delivered { colour: JarColour },
    /// The turn is over: the tempest begins.
    StartTempest,
    /// The colour of the card the tempest discarded; `None` when the deck is empty.
    Discard { colour: Option<JarColour> },
    /// The black die's number.
    BlackDie { number: u8 },
}

/// What a report did, for the screen and the tempest log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SoloEvent {
    DiceToTempest {
        dice: u8,
    },
    PlayerToken {
        colour: JarColour,
        value: Option<u8>,
    },
    TempestToken {
        colour: JarColour,
        value: Option<u8>,
    },
    DeckEmpty,
    Cleared {
        number: u8,
        section: u8,
        space: SpaceId,
    },
    ArrowTurned {
        section: u8,
    },
    /// Round 1 is over: pawns stay, the marker flips, the pool is refilled.
    RoundFlip,
    GameOver,
}

/// A physical solo game as the companion follows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SoloCompanion {
    pub comps: Arc<Components>,
    pub step: SoloStep,
    /// 1 or 2.
    pub round: u8,
    /// Turns completed in this round (0–6).
    pub turn: u8,
    pub stack_taken: [u8; 3],
    pub player_tokens: [u16; 3],
    pub tempest_tokens: [u16; 3],
    pub tempest_dice: u32,
    pub arrow: u8,
    pub arrow_direction: Direction,
    /// Every report so far (undo replays all but the last).
    pub log: Vec<SoloInput>,
    /// What each report did, in order, with the turn it was made in.
    pub history: Vec<(SoloTurn, Vec<SoloEvent>)>,
}

impl SoloCompanion {
    pub fn new(comps: Arc<Components>) -> SoloCompanion {
        SoloCompanion {
            arrow: comps.solo.start,
            comps,
            step: SoloStep::PlayerTurn,
            round: 1,
            turn: 0,
            stack_taken: [0; 3],
            player_tokens: [0; 3],
            tempest_tokens: [0; 3],
            tempest_dice: 0,
            arrow_direction: Direction::Clockwise,
            log: Vec::new(),
            history: Vec::new(),
        }
    }

    /// Rebuilds from a list of reports (a save, or undo).
    pub fn replay(comps: Arc<Components>, log: &[SoloInput]) -> Result<SoloCompanion, RuleError> {
        let mut c = SoloCompanion::new(comps);
        for (i, input) in log.iter().enumerate() {
            // Saved before a card after "deck empty" was refused: such a save still opens.
            c.check_as(*input, false)
                .map_err(|e| RuleError::SoloReport {
                    number: i + 1,
                    error: Box::new(e),
                })?;
            c.play(*input);
        }
        Ok(c)
    }

    /// Takes back the last report.
    pub fn undo(&mut self) -> bool {
        if self.log.is_empty() {
            return false;
        }
        let mut log = self.log.clone();
        log.pop();
        match SoloCompanion::replay(Arc::clone(&self.comps), &log) {
            Ok(c) => {
                *self = c;
                true
            }
            Err(_) => false,
        }
    }

    /// What the reports of the turn under way did.
    fn events_this_turn(&self) -> impl Iterator<Item = &SoloEvent> {
        let now = self.current_turn();
        self.history
            .iter()
            .rev()
            .take_while(move |(turn, _)| *turn == now)
            .flat_map(|(_, events)| events)
    }

    /// Jars reported delivered in the turn under way.
    fn deliveries_this_turn(&self) -> usize {
        self.events_this_turn()
            .filter(|e| matches!(e, SoloEvent::PlayerToken { .. }))
            .count()
    }

    /// Cards the jar deck holds by the reports so far: the deck less the two jars kept at the
    /// start (the third dealt is shuffled back), one card for each delivery (of the two drawn
    /// for a new jar one is kept, the other goes to the bottom) and one for each discard.
    pub fn deck_left(&self) -> u32 {
        let mut gone = 2u32;
        for (_, events) in &self.history {
            for e in events {
                gone += match e {
                    SoloEvent::PlayerToken { .. } | SoloEvent::TempestToken { .. } => 1,
                    _ => 0,
                };
            }
        }
        (DECK_SIZE as u32).saturating_sub(gone)
    }

    /// Dice reported for the tempest in the turn under way.
    fn tempest_dice_this_turn(&self) -> u32 {
        self.events_this_turn()
            .map(|e| match e {
                SoloEvent::DiceToTempest { dice } => *dice as u32,
                _ => 0,
            })
            .sum()
    }

    /// The round and the turn (1–6) the next report belongs to.
    pub fn current_turn(&self) -> SoloTurn {
        SoloTurn {
            round: self.round,
            turn: (self.turn + 1).min(SOLO_PAWNS),
        }
    }

    /// Pawns still in hand this round.
    pub fn pawns_left(&self) -> u8 {
        match self.step {
            SoloStep::PlayerTurn => SOLO_PAWNS - self.turn,
            SoloStep::GameOver => 0,
            _ => SOLO_PAWNS - self.turn - 1,
        }
    }

    /// When the jar deck was reported empty, if it was: it stays empty (the solo game puts
    /// no card back once the deck has run out).
    pub fn deck_reported_empty(&self) -> Option<SoloTurn> {
        self.history
            .iter()
            .find(|(_, ev)| ev.contains(&SoloEvent::DeckEmpty))
            .map(|(at, _)| *at)
    }

    /// Is this report possible now? Says why not.
    pub fn check(&self, input: SoloInput) -> Result<(), RuleError> {
        self.check_as(input, true)
    }

    /// `check`; `strict` also refuses a card discarded once the deck was reported empty.
    fn check_as(&self, input: SoloInput, strict: bool) -> Result<(), RuleError> {
        match (self.step, input) {
            (SoloStep::GameOver, _) => Err(RuleError::GameOver),
            (SoloStep::PlayerTurn, SoloInput::CouldNotStore { dice }) => {
                if dice == 0 || dice as u32 > TOTAL_DICE {
                    Err(RuleError::TempestDiceCount { dice: dice as u32 })
                } else if strict
                    && self.tempest_dice_this_turn() + dice as u32
                        > super::board::board().most_dice_in_a_dive()
                {
                    // The dice a player could not store come from their one dive.
                    Err(RuleError::TempestDiceDive {
                        dice,
                        already: self.tempest_dice_this_turn(),
                        most: super::board::board().most_dice_in_a_dive(),
                    })
                } else if strict && self.tempest_dice + dice as u32 > TOTAL_DICE {
                    // Dice in the tempest stay there: it cannot hold more than the game has.
                    Err(RuleError::TempestDiceTotal {
                        dice,
                        already: self.tempest_dice,
                    })
                } else {
                    Ok(())
                }
            }
            (SoloStep::PlayerTurn, SoloInput::Delivered { .. })
                if strict && self.deliveries_this_turn() >= 2 =>
            {
                Err(RuleError::SoloDeliveries)
            }
            (SoloStep::PlayerTurn, SoloInput::Delivered { .. } | SoloInput::StartTempest) => Ok(()),
            (SoloStep::Discard, SoloInput::Discard { colour: Some(_) })
                if strict && let Some(at) = self.deck_reported_empty() =>
            {
                Err(RuleError::DeckReportedEmpty { at })
            }
            (SoloStep::Discard, SoloInput::Discard { colour: None })
                if strict && self.deck_left() > 0 =>
            {
                Err(RuleError::DeckNotEmpty {
                    left: self.deck_left(),
                })
            }
            (SoloStep::Discard, SoloInput::Discard { .. }) => Ok(()),
            (SoloStep::BlackDie, SoloInput::BlackDie { number }) => {
                if (1..=6).contains(&number) {
                    Ok(())
                } else {
                    Err(RuleError::BlackDieOutOfRange { number })
                }
            }
            (step, _) => Err(RuleError::SoloNotNow { step }),
        }
    }

    /// Applies a report; refused reports change nothing.
    pub fn apply(&mut self, input: SoloInput) -> Result<Vec<SoloEvent>, RuleError> {
        self.check(input)?;
        Ok(self.play(input))
    }

    /// Applies a report already checked.
    fn play(&mut self, input: SoloInput) -> Vec<SoloEvent> {
        let label = self.current_turn();
        let mut ev = Vec::new();
        match input {
            SoloInput::CouldNotStore { dice } => {
                self.tempest_dice += dice as u32;
                ev.push(SoloEvent::DiceToTempest { dice });
            }
            SoloInput::Delivered { colour } => {
                let value = take_top_token(
                    &mut self.stack_taken,
                    &mut self.player_tokens,
                    colour,
                    &self.comps,
                );
                ev.push(SoloEvent::PlayerToken { colour, value });
            }
            SoloInput::StartTempest => self.step = SoloStep::Discard,
            SoloInput::Discard { colour } => {
                match colour {
                    Some(colour) => {
                        let value = take_top_token(
                            &mut self.stack_taken,
                            &mut self.tempest_tokens,
                            colour,
                            &self.comps,
                        );
                        ev.push(SoloEvent::TempestToken { colour, value });
                    }
                    None => ev.push(SoloEvent::DeckEmpty),
                }
                self.step = SoloStep::BlackDie;
            }
            SoloInput::BlackDie { number } => {
                let section = self.arrow;
                let space = black_die_space(&self.comps, section, number);
                ev.push(SoloEvent::Cleared {
                    number,
                    section,
                    space,
                });
                self.arrow = turn_arrow(&self.comps, self.arrow, self.arrow_direction);
                ev.push(SoloEvent::ArrowTurned {
                    section: self.arrow,
                });
                self.turn += 1;
                self.step = SoloStep::PlayerTurn;
                if self.turn >= SOLO_PAWNS {
                    if self.round == 1 {
                        self.round = 2;
                        self.turn = 0;
                        self.arrow_direction = self.arrow_direction.reversed();
                        ev.push(SoloEvent::RoundFlip);
                    } else {
                        self.step = SoloStep::GameOver;
                        ev.push(SoloEvent::GameOver);
                    }
                }
            }
        }
        self.log.push(input);
        self.history.push((label, ev.clone()));
        ev
    }

    /// The player's tokens as the companion recorded them (face values per colour).
    pub fn player_token_values(&self) -> PerJar<Vec<u32>> {
        self.comps.held_tokens(&self.player_tokens)
    }

    pub fn tempest_token_values(&self) -> PerJar<Vec<u32>> {
        self.comps.held_tokens(&self.tempest_tokens)
    }

    /// Final scoring input: the player's side as entered (its tokens are replaced by the ones
    /// the companion recorded), the tempest as recorded, and the stacks as they stand.
    pub fn score_input(&self, mut player: PlayerInput) -> ScoreInput {
        player.tokens = self.player_token_values();
        ScoreInput {
            players: vec![player],
            stacks: Some(PerJar::from_fn(|c| {
                (TOKENS_PER_STACK as u32).saturating_sub(self.stack_taken[c.index()] as u32)
            })),
            tempest: Some(TempestInput {
                tokens: self.tempest_token_values(),
                dice: self.tempest_dice,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comps() -> Arc<Components> {
        Arc::new(Components::default())
    }

    #[test]
    fn a_turn_of_reports() {
        let mut c = SoloCompanion::new(comps());
        assert_eq!(c.current_turn(), SoloTurn { round: 1, turn: 1 });
        assert_eq!(c.pawns_left(), 6);
        c.apply(SoloInput::CouldNotStore { dice: 2 }).unwrap();
        let ev = c
            .apply(SoloInput::Delivered {
                colour: JarColour::Red,
            })
            .unwrap();
        assert_eq!(
            ev,
            vec![SoloEvent::PlayerToken {
                colour: JarColour::Red,
                value: Some(2)
            }]
        );
        assert!(c.apply(SoloInput::BlackDie { number: 3 }).is_err());
        c.apply(SoloInput::StartTempest).unwrap();
        let ev = c
            .apply(SoloInput::Discard {
                colour: Some(JarColour::Red),
            })
            .unwrap();
        assert_eq!(
            ev,
            vec![SoloEvent::TempestToken {
                colour: JarColour::Red,
                value: Some(2)
            }]
        );
        assert!(c.apply(SoloInput::BlackDie { number: 7 }).is_err());
        let ev = c.apply(SoloInput::BlackDie { number: 4 }).unwrap();
        assert_eq!(
            ev[0],
            SoloEvent::Cleared {
                number: 4,
                section: 0,
                space: crate::board::parse_space("O2").unwrap()
            }
        );
        assert_eq!(ev[1], SoloEvent::ArrowTurned { section: 1 });
        assert_eq!(c.current_turn(), SoloTurn { round: 1, turn: 2 });
        assert_eq!(c.tempest_dice, 2);
        assert_eq!(c.stack_taken, [0, 0, 2]);
    }

    #[test]
    fn rounds_flip_and_undo_restores_exactly() {
        let mut c = SoloCompanion::new(comps());
        let mut arrows = vec![c.arrow];
        for turn in 0..12 {
            c.apply(SoloInput::StartTempest).unwrap();
            let colour = JarColour::ALL[turn % 3];
            c.apply(SoloInput::Discard {
                colour: Some(colour),
            })
            .unwrap();
            let before = c.clone();
            c.apply(SoloInput::BlackDie { number: 6 }).unwrap();
            arrows.push(c.arrow);
            let after = c.clone();
            assert!(c.undo());
            assert_eq!(c, before);
            c = after;
        }
        assert_eq!(arrows, vec![0, 1, 2, 0, 1, 2, 0, 2, 1, 0, 2, 1, 0]);
        assert_eq!(c.step, SoloStep::GameOver);
        assert_eq!(c.apply(SoloInput::StartTempest), Err(RuleError::GameOver));
        let back = SoloCompanion::replay(comps(), &c.log).unwrap();
        assert_eq!(back, c);
    }
}
