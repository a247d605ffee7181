//! Component data in words: what is wrong with a data file, where data came from, and card
//! and section names for messages.

use crate::engine::Components;
use crate::engine::board::space_name;
use crate::engine::components::{
    CARDS_PER_COLOUR, DECK_SIZE, DataError, DataProblem, DataSource, TOKENS_PER_STACK,
};
use crate::i18n::tr;
use crate::trf;
use crate::words::{Label, join_list};
use crate::words::{Words, ron_error};

impl Words for DataSource {
    fn words(&self) -> String {
        match self {
            DataSource::Builtin => tr("built-in default").to_string(),
            DataSource::File(p) => p.display().to_string(),
        }
    }
}

impl Words for DataError {
    fn words(&self) -> String {
        format!("{}: {}", self.file.display(), problem_at(self))
    }
}

/// What keeps the file at `path` from reading as a component set, in words; `None` when it
/// reads as one or is not there. For writers that keep such a file aside rather than write
/// over it.
pub fn not_a_set(path: &std::path::Path) -> Option<String> {
    use crate::engine::component_set::ComponentSet;
    match crate::engine::components::read_override(path) {
        Ok(Some(text)) => ComponentSet::from_ron(path, &text)
            .err()
            .map(|e| problem_at(&e)),
        Ok(None) => None,
        Err(e) => Some(e.problem.words()),
    }
}

/// What is wrong, with the line of the file when the problem is one piece's (which card has
/// the bad letter): for messages that name the file themselves.
pub fn problem_at(e: &DataError) -> String {
    match e.line {
        Some(line) => trf!("line {line}: {problem}", line, problem = e.problem.words()),
        None => e.problem.words(),
    }
}

impl Words for DataProblem {
    fn words(&self) -> String {
        match self {
            DataProblem::File { problem } => problem.words(),
            DataProblem::Syntax { error } => ron_error(error),
            DataProblem::NotASet => {
                tr("this is not a Noctiluca component set (or one from a later version)")
                    .to_string()
            }
            DataProblem::NewerSet { found, supported } => trf!(
                "this component set is version {found}, from a later version of the app (this one reads version {supported})",
                found,
                supported
            ),
            DataProblem::SpaceLetter { letter, at } => trf!(
                "a jar card's space {number} is written '{letter}', which is not O, G, P or B",
                number = at,
                letter
            ),
            DataProblem::SectionSize { colour, count } => trf!(
                "the {colour} section lists {count} spaces; it needs exactly 6 (numbers 1 to 6)",
                colour = colour.label(),
                count
            ),
            DataProblem::SpaceName { colour, number } => trf!(
                "space {number} of the {colour} section is not a space name (use I1..I6 or O1..O12)",
                number,
                colour = colour.label()
            ),
            DataProblem::DeckSize { count } => trf!(
                "the deck has {count} cards; Noctiluca has {size} jar cards",
                count,
                size = DECK_SIZE
            ),
            DataProblem::CardsOfColour { colour, count } => trf!(
                "the deck has {count} {colour} cards; it needs {each} of each colour",
                count,
                colour = colour.label(),
                each = CARDS_PER_COLOUR
            ),
            DataProblem::CardSpaces {
                card,
                colour,
                spaces,
                count,
            } => trf!(
                "card {number} ({colour} {letters}) has {count} spaces; jar cards have 4 to 6",
                number = card,
                colour = colour.label(),
                letters = file_letters(spaces),
                count
            ),
            DataProblem::CardBonus {
                card,
                colour,
                spaces,
                bonus,
            } => trf!(
                "card {number} ({colour} {letters}) has bonus {bonus}; jar bonuses are 0, 1 or 2",
                number = card,
                colour = colour.label(),
                letters = file_letters(spaces),
                bonus
            ),
            DataProblem::StackSize { colour, count } => trf!(
                "the {colour} stack has {count} values; each stack has {size} tokens",
                colour = colour.label(),
                count,
                size = TOKENS_PER_STACK
            ),
            DataProblem::StackValue { colour, values } => trf!(
                "the {colour} stack has a value outside 1..50: {values}",
                colour = colour.label(),
                values = format!("{values:?}")
            ),
            DataProblem::StackOrder { colour, values } => trf!(
                "the {colour} stack {values} is not in numerical order from the top (lowest) to the bottom (highest)",
                colour = colour.label(),
                values = format!("{values:?}")
            ),
            DataProblem::StackEnds { colour, values } => trf!(
                "the {colour} stack {values} must have the {top} on top and the {bottom} at the bottom, as the rulebook's set-up says",
                colour = colour.label(),
                values = format!("{values:?}"),
                top = crate::engine::components::TOP_TOKEN,
                bottom = crate::engine::components::BOTTOM_TOKEN
            ),
            DataProblem::StartNotPurple { colour } => trf!(
                "the arrow starts at the {colour} section; the rulebook's solo set-up points it at the purple one",
                colour = colour.label()
            ),
            DataProblem::SectionCount { count } => {
                trf!("{count} sections listed; the numbered side has 3", count)
            }
            DataProblem::Start { start } => {
                trf!("start is {start}; it must name a section: 0, 1 or 2", start)
            }
            DataProblem::SpaceTwice { space } => trf!(
                "space {space} is listed twice; every space belongs to one section",
                space = space_name(*space)
            ),
            DataProblem::SameColour { colour } => trf!(
                "two sections are {colour}; the three sections have three different colours",
                colour = colour.label()
            ),
            DataProblem::NotAWedge { colour, spaces } => trf!(
                "the {colour} section ({spaces}) is not a 120° wedge of the pool: a section \
                 is 2 neighbouring inner spaces and the 4 outer spaces beside them",
                colour = colour.label(),
                spaces = join_list(spaces.iter().map(|&s| space_name(s)))
            ),
            DataProblem::SpaceOverfull { count } => {
                trf!("a space holds at most 5 dice, not {count}", count)
            }
            DataProblem::DieFace { face } => trf!("a die shows 1 to 6, not {face}", face),
        }
    }
}

/// Names of the game's data for messages.
pub trait ComponentWords {
    /// A card for messages, e.g. "gold OOGPBB (+2)"; never panics on a bad id.
    fn card_label(&self, id: u8) -> String;
    /// A section of the numbered side for messages, e.g. "green"; never panics.
    fn section_label(&self, section: u8) -> String;
}

impl ComponentWords for Components {
    fn card_label(&self, id: u8) -> String {
        match self.deck.cards.get(id as usize) {
            Some(k) => trf!(
                "{colour} {letters} (+{bonus})",
                colour = k.colour.label(),
                letters = k
                    .spaces
                    .iter()
                    .map(|c| crate::words::letter_label(*c))
                    .collect::<String>(),
                bonus = k.bonus
            ),
            None => trf!("card #{number}", number = id),
        }
    }

    fn section_label(&self, section: u8) -> String {
        match self.solo.sections.get(section as usize) {
            Some(x) => x.colour.label().to_string(),
            None => trf!("section {number}", number = section as u32 + 1),
        }
    }
}

/// A card's spaces as the data file writes them: "OOGG".
fn file_letters(spaces: &[crate::engine::DiceColour]) -> String {
    spaces.iter().map(|c| c.letter()).collect()
}

/// A part of a component set, as a name.
pub fn part_name(part: crate::engine::component_set::Part) -> &'static str {
    use crate::engine::component_set::Part;
    match part {
        Part::Deck => crate::i18n::tr("jar deck"),
        Part::Tokens => crate::i18n::tr("token stacks"),
        Part::Solo => crate::i18n::tr("solo numbering"),
    }
}
