//! Rule errors, replay problems and what the game waits for, in words.

use crate::engine::action::{SeedProblem, Waiting};
use crate::engine::board::{SPACE_COUNT, shore_name, space_name};
use crate::engine::record::{LOG_FORMAT, LOG_VERSION, ReplayProblem};
use crate::engine::solo::SoloStep;
use crate::engine::{Actor, ChanceKind, Decision, ReplayError, RuleError};
use crate::i18n::tr;
use crate::trf;
use crate::words::{ActionWords, Label, Words, ron_error};

/// "chance" or "seat 2".
pub fn actor(a: Actor) -> String {
    match a {
        Actor::Chance => tr("chance").to_string(),
        Actor::Seat(s) => trf!("seat {number}", number = s as u32 + 1),
    }
}

/// What the game waits for: "seat 2 to dive", "the black die (chance)".
pub fn waiting(w: &Waiting) -> String {
    let seat = w.seat + 1;
    match w.decision {
        Decision::GameOver => tr("nothing: the game is over").to_string(),
        Decision::Chance(k) => match k {
            ChanceKind::SeedDie { space } => trf!(
                "the next die on {space} (chance)",
                space = space_name(space)
            ),
            ChanceKind::RefillOrder => {
                tr("the next space in the refill order (chance)").to_string()
            }
            ChanceKind::DealFavourite { seat } => {
                trf!("seat {seat}'s favourite card (chance)", seat = seat + 1)
            }
            ChanceKind::DealDraftCard { seat } => {
                trf!("a draft card for seat {seat} (chance)", seat = seat + 1)
            }
            ChanceKind::RevealPile { pile } => {
                trf!("pile {pile}'s new top card (chance)", pile = pile + 1)
            }
            ChanceKind::SoloDraw => tr("a card drawn from the deck (chance)").to_string(),
            ChanceKind::TempestDiscard => tr("the card the tempest discards (chance)").to_string(),
            ChanceKind::FirstPlayer => tr("the first player (chance)").to_string(),
            ChanceKind::BlackDie { .. } => tr("the black die (chance)").to_string(),
        },
        Decision::Draft => trf!("seat {seat} to set aside one draft card", seat),
        Decision::Dive => trf!("seat {seat} to dive", seat),
        Decision::Store { colour } => trf!(
            "seat {seat} to choose the jar for {die}",
            seat,
            die = crate::words::a_die(colour)
        ),
        Decision::PassOffer { .. } => trf!("seat {seat} to take one passed die or none", seat),
        Decision::DeliverOrder => trf!("seat {seat} to choose which full jar to deliver", seat),
        Decision::ChoosePile => trf!("seat {seat} to choose a pile for a new jar", seat),
        Decision::SoloKeep { .. } => tr("the solo player to keep one of two cards").to_string(),
    }
}

fn action_card(a: &crate::engine::Action) -> Option<crate::engine::CardId> {
    use crate::engine::Action;
    match *a {
        Action::Draft { set_aside: c }
        | Action::DealCard { card: c }
        | Action::SoloKeep { card: c } => Some(c),
        _ => None,
    }
}

fn seed_problem(p: &SeedProblem) -> String {
    match *p {
        SeedProblem::NotFilling => tr("the pool is not being filled").to_string(),
        SeedProblem::WrongSpace { want, got } => trf!(
            "the next die goes on {want}, not {space}",
            want = space_name(want),
            space = if (got as usize) < SPACE_COUNT {
                space_name(got)
            } else {
                trf!("space #{number}", number = got)
            }
        ),
        SeedProblem::Face { face } => trf!("a die shows 1 to 6, not {face}", face),
        SeedProblem::NoneLeft { colour } => trf!(
            "no {colour} die is left in the box lid",
            colour = colour.label()
        ),
    }
}

impl Words for RuleError {
    fn words(&self) -> String {
        match self {
            RuleError::GameOver => tr("the game is over").to_string(),
            RuleError::WrongKind { waiting: w } => {
                trf!("the game is waiting for {expected}", expected = waiting(w))
            }
            RuleError::PlayerCount { players } => trf!(
                "Noctiluca is played by 1 to 4 players, not {count}",
                count = players
            ),
            RuleError::NoSuchFirstPlayer { seat, players } => trf!(
                "first player {seat} does not exist at a table of {count}",
                seat = *seat as u32 + 1,
                count = players
            ),
            RuleError::Components(e) => trf!("component data: {error}", error = e.words()),
            RuleError::NoSuchShore { shore } => trf!(
                "there is no shore S{number}: the shores are S1 to S{last}",
                number = *shore as u32 + 1,
                last = crate::engine::board::SHORE_COUNT
            ),
            RuleError::NoSuchJar { slot } => trf!(
                "there is no jar {number}: each player has jars 1 and 2",
                number = *slot as u32 + 1
            ),
            RuleError::NoSuchCard { card } => trf!(
                "there is no card #{number}: the deck's cards are #0 to #{last}",
                number = card,
                last = crate::engine::components::DECK_SIZE - 1
            ),
            RuleError::ShoreTaken { shore, by } => trf!(
                "{shore} is taken by a pawn of seat {seat}",
                shore = shore_name(*shore),
                seat = by + 1
            ),
            RuleError::NumberOutOfRange { number } => {
                trf!("the number must be 1 to 6, not {number}", number)
            }
            RuleError::NoPawnsLeft => tr("no pawns left").to_string(),
            RuleError::StoreColourFirst { want, got } => trf!(
                "first decide where {die} goes; {colour} dice are stored automatically",
                die = crate::words::a_die(*want),
                colour = got.label()
            ),
            RuleError::NoEmptySpace { slot, colour } => trf!(
                "jar {jar} has no empty {colour} space",
                jar = *slot as u32 + 1,
                colour = colour.label()
            ),
            RuleError::NotBeingPassed { colour } => {
                trf!("no {colour} die is being passed", colour = colour.label())
            }
            RuleError::SeedDie(p) => seed_problem(p),
            RuleError::RefillOrder { space } if (*space as usize) < SPACE_COUNT => trf!(
                "space {space} cannot be next in the refill order",
                space = space_name(*space)
            ),
            RuleError::RefillOrder { space } => trf!(
                "there is no space #{number}: the pool has {count} spaces",
                number = space,
                count = SPACE_COUNT
            ),
            RuleError::CardNotFaceDown { card } => trf!(
                "card #{number} is not face down: it cannot be the card that turns up",
                number = card
            ),
            RuleError::BlackDieOutOfRange { number } => {
                trf!("the black die shows 1 to 6, not {number}", number)
            }
            RuleError::NotPossibleNow {
                action,
                waiting: w,
                card,
            } => {
                // The action in words, with the card it names as the game's own data has it.
                let mut comps = crate::engine::Components::default();
                if let (Some(k), Some(id)) = (card, action_card(action))
                    && let Some(slot) = comps.deck.cards.get_mut(id as usize)
                {
                    *slot = k.clone();
                }
                trf!(
                    "\"{action}\" is not possible now; the game is waiting for {decision}",
                    action = action.describe(&comps),
                    decision = waiting(w)
                )
            }
            RuleError::TempestDiceCount { dice } => trf!(
                "{count} dice cannot go to the tempest: the game has {total}",
                count = dice,
                total = crate::engine::state::TOTAL_DICE
            ),
            RuleError::TempestDiceTotal { dice, already } => trf!(
                "the tempest holds {already} dice already, and the game has {total}: {count} more cannot go to it",
                already,
                total = crate::engine::state::TOTAL_DICE,
                count = dice
            ),
            RuleError::TempestDiceDive {
                dice,
                already: 0,
                most,
            } => trf!(
                "one dive collects at most {most} dice: {count} cannot all be ones you could not store",
                most,
                count = dice
            ),
            RuleError::TempestDiceDive {
                dice,
                already,
                most,
            } => trf!(
                "one dive collects at most {most} dice, and {already} were reported this turn already: {count} more cannot be ones you could not store",
                most,
                already,
                count = dice
            ),
            RuleError::DeckNotEmpty { left } => trf!(
                "by the reports so far the jar deck still holds {left} cards ({deck}, less the two jars kept at the start, one for each delivery and one for each card discarded): look again, or undo back to a report that was wrong",
                left,
                deck = crate::engine::components::DECK_SIZE
            ),
            RuleError::SoloDeliveries => tr(
                "you hold two jars, and a jar taken after a delivery is empty: no more than two deliveries a turn",
            )
            .to_string(),
            RuleError::DeckReportedEmpty { at } => trf!(
                "the jar deck was reported empty in round {round}, turn {turn}, and no card goes back into it; if it was not empty then, undo back to that report",
                round = at.round,
                turn = at.turn
            ),
            RuleError::SoloNotNow { step } => match step {
                SoloStep::PlayerTurn => {
                    tr("not now: finish your turn first, then start the tempest")
                }
                SoloStep::Discard => tr("not now: first say which card the tempest discarded"),
                SoloStep::BlackDie => tr("not now: first roll the black die"),
                SoloStep::GameOver => tr("not now: the game is over"),
            }
            .to_string(),
            RuleError::SoloReport { number, error } => {
                trf!("report {number}: {error}", number, error = error.words())
            }
        }
    }
}

fn replay_problem(p: &ReplayProblem) -> String {
    match p {
        ReplayProblem::Unreadable { error } => {
            trf!("not a readable game log: {error}", error = ron_error(error))
        }
        ReplayProblem::WrongFormat => trf!(
            "not a Noctiluca game log (its format is not \"{expected}\")",
            expected = LOG_FORMAT
        ),
        ReplayProblem::EarlierRules { version } => trf!(
            "this log was recorded by an earlier version of the program (log version {found}), \
             which passed left-over dice round the table only once; this version follows the \
             rulebook (they go round until no more can be placed), so the log cannot be \
             replayed faithfully",
            found = version
        ),
        ReplayProblem::LaterVersion { version } => trf!(
            "log version {found} is not supported (this program reads version {expected})",
            found = version,
            expected = LOG_VERSION
        ),
        // The data is the log's own, not a file's: its problem without a file or a line.
        ReplayProblem::Components(e) => trf!(
            "the component data in the log: {error}",
            error = e.problem.words()
        ),
        ReplayProblem::Piece(p) => trf!("not a readable game log: {error}", error = p.words()),
        ReplayProblem::Config(e) => trf!("config: {error}", error = e.words()),
        ReplayProblem::AlreadyOver => tr("the game was already over").to_string(),
        ReplayProblem::WrongActor {
            recorded,
            expected,
            waiting: w,
        } => trf!(
            "recorded as {by}, but it was {expected}'s move ({decision})",
            by = actor(*recorded),
            expected = actor(*expected),
            decision = waiting(w)
        ),
        // Said as the log's fault (the reason alone read as advice to a player).
        ReplayProblem::Rule(e) => trf!(
            "the rules do not allow this move here ({reason}): the log does not match its game",
            reason = e.words()
        ),
        ReplayProblem::FinalScoreWithoutEnd => {
            tr("a final score is recorded but the log stops before the end of the game").to_string()
        }
        ReplayProblem::FinalScoreMismatch => {
            tr("the recorded final score does not match the game the log describes").to_string()
        }
        ReplayProblem::FinalInputMismatch => {
            tr("the recorded final scoring input does not match the game the log describes")
                .to_string()
        }
    }
}

impl Words for ReplayError {
    fn words(&self) -> String {
        let message = replay_problem(&self.problem);
        if self.entry == 0 {
            message
        } else {
            trf!("entry {entry}: {message}", entry = self.entry, message)
        }
    }
}
