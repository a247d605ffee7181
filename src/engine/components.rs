//! Component data that no rulebook prints (SPEC.md's DATA items): the jar deck, the point token
//! values and the solo board's numbering. The defaults are embedded from `assets/data/`; an owner
//! can override any of the three files with a copy in a folder of their own.

use super::board::{SPACE_COUNT, SpaceId, clock_step, is_inner, parse_space, space_name};
use super::types::{DiceColour, Direction, JarColour};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

pub const DECK_FILE: &str = "jar-deck.ron";
pub const TOKENS_FILE: &str = "token-values.ron";
pub const SOLO_FILE: &str = "solo-board.ron";

pub const DEFAULT_DECK_RON: &str = text(include_bytes!("../../assets/data/jar-deck.ron"));
pub const DEFAULT_TOKENS_RON: &str = text(include_bytes!("../../assets/data/token-values.ron"));
pub const DEFAULT_SOLO_RON: &str = text(include_bytes!("../../assets/data/solo-board.ron"));

/// A built-in data file as text; one that is not UTF-8 stops the build.
const fn text(bytes: &'static [u8]) -> &'static str {
    match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => panic!("a built-in data file is not UTF-8"),
    }
}

pub const DECK_SIZE: usize = 30;
pub const CARDS_PER_COLOUR: usize = 10;
pub const TOKENS_PER_STACK: usize = 10;
/// The values the rulebook prints for each stack's top and bottom token (set-up, step 4); the
/// eight between are data.
pub const TOP_TOKEN: u8 = 2;
pub const BOTTOM_TOKEN: u8 = 8;

/// One jar card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "JarCardFile", into = "JarCardFile")]
pub struct JarCard {
    pub colour: JarColour,
    /// The coloured spaces as printed, left to right.
    pub spaces: Vec<DiceColour>,
    pub bonus: u8,
    /// Spaces per dice colour (derived from `spaces`).
    pub needs: [u8; 4],
}

impl JarCard {
    pub fn new(colour: JarColour, spaces: Vec<DiceColour>, bonus: u8) -> JarCard {
        let mut needs = [0u8; 4];
        for c in &spaces {
            needs[c.index()] += 1;
        }
        JarCard {
            colour,
            spaces,
            bonus,
            needs,
        }
    }

    pub fn size(&self) -> u8 {
        self.spaces.len() as u8
    }

    /// Letters as in SPEC.md, e.g. "OOGPBB".
    pub fn letters(&self) -> String {
        self.spaces.iter().map(|c| c.letter()).collect()
    }
}

impl fmt::Display for JarCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} (+{})", self.colour, self.letters(), self.bonus)
    }
}

#[derive(Clone, Serialize, Deserialize)]
struct JarCardFile {
    colour: JarColour,
    spaces: String,
    bonus: u8,
}

impl TryFrom<JarCardFile> for JarCard {
    type Error = PieceError;
    fn try_from(f: JarCardFile) -> Result<JarCard, PieceError> {
        let mut spaces = Vec::new();
        for (i, ch) in f.spaces.chars().enumerate() {
            spaces.push(DiceColour::from_letter(ch).ok_or(PieceError(
                DataProblem::SpaceLetter {
                    letter: ch,
                    at: i + 1,
                },
            ))?);
        }
        Ok(JarCard::new(f.colour, spaces, f.bonus))
    }
}

impl From<JarCard> for JarCardFile {
    fn from(c: JarCard) -> JarCardFile {
        JarCardFile {
            colour: c.colour,
            spaces: c.letters(),
            bonus: c.bonus,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JarDeck {
    pub cards: Vec<JarCard>,
}

/// Token values per jar colour, top of the stack first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenValues {
    pub gold: Vec<u8>,
    pub brown: Vec<u8>,
    pub red: Vec<u8>,
}

impl TokenValues {
    pub fn stack(&self, colour: JarColour) -> &[u8] {
        match colour {
            JarColour::Gold => &self.gold,
            JarColour::Brown => &self.brown,
            JarColour::Red => &self.red,
        }
    }
}

/// One section of the numbered board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SoloSectionFile", into = "SoloSectionFile")]
pub struct SoloSection {
    pub colour: DiceColour,
    /// spaces[n - 1] carries number n.
    pub spaces: [SpaceId; 6],
}

#[derive(Clone, Serialize, Deserialize)]
struct SoloSectionFile {
    colour: DiceColour,
    spaces: Vec<String>,
}

impl TryFrom<SoloSectionFile> for SoloSection {
    type Error = PieceError;
    fn try_from(f: SoloSectionFile) -> Result<SoloSection, PieceError> {
        if f.spaces.len() != 6 {
            return Err(PieceError(DataProblem::SectionSize {
                colour: f.colour,
                count: f.spaces.len(),
            }));
        }
        let mut spaces = [0u8; 6];
        for (i, s) in f.spaces.iter().enumerate() {
            spaces[i] = parse_space(s).ok_or(PieceError(DataProblem::SpaceName {
                colour: f.colour,
                number: i + 1,
            }))?;
        }
        Ok(SoloSection {
            colour: f.colour,
            spaces,
        })
    }
}

impl From<SoloSection> for SoloSectionFile {
    fn from(s: SoloSection) -> SoloSectionFile {
        SoloSectionFile {
            colour: s.colour,
            spaces: s.spaces.iter().map(|&sp| space_name(sp)).collect(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloBoard {
    /// The section the arrow points at when the game begins.
    pub start: u8,
    /// Sections in clockwise order.
    pub sections: Vec<SoloSection>,
}

impl SoloSection {
    /// The section as a 120° wedge of the pool: the clock step (see `board::clock_step`) of
    /// its first outer space, clockwise. A wedge holds the outer spaces at steps a..a+3 and
    /// the inner spaces at steps a+1 and a+3 (modulo 12). `None` if the section is no wedge.
    pub fn wedge(&self) -> Option<u8> {
        let mut outer = 0u16;
        let mut inner = 0u16;
        for &sp in &self.spaces {
            if sp as usize >= SPACE_COUNT {
                return None;
            }
            let bit = 1u16 << clock_step(sp);
            if is_inner(sp) {
                inner |= bit;
            } else {
                outer |= bit;
            }
        }
        let rot = |m: u16, a: u8| ((m << a) | (m >> (12 - a))) & 0xfff;
        (0..12u8)
            .step_by(2)
            .find(|&a| outer == rot(0b1111, a) && inner == rot(0b1010, a))
    }
}

impl SoloBoard {
    /// The section the arrow turns to from `section`, one step in `direction`: the next wedge
    /// clockwise (or counter-clockwise) round the pool, whatever order the data lists them in.
    pub fn next_section(&self, section: u8, direction: Direction) -> u8 {
        let n = self.sections.len().max(1) as u8;
        let fallback = match direction {
            Direction::Clockwise => (section + 1) % n,
            Direction::CounterClockwise => (section + n - 1) % n,
        };
        let Some(a) = self
            .sections
            .get(section as usize)
            .and_then(SoloSection::wedge)
        else {
            return fallback;
        };
        let want = match direction {
            Direction::Clockwise => (a + 4) % 12,
            Direction::CounterClockwise => (a + 8) % 12,
        };
        self.sections
            .iter()
            .position(|s| s.wedge() == Some(want))
            .map_or(fallback, |i| i as u8)
    }

    /// The same board with its sections listed clockwise from north (the one whose wedge
    /// starts first), `start` following its section: two files that list the same sections in
    /// other orders give equal boards.
    pub fn clockwise_order(&self) -> SoloBoard {
        let mut order: Vec<usize> = (0..self.sections.len()).collect();
        order.sort_by_key(|&i| self.sections[i].wedge().unwrap_or(u8::MAX));
        SoloBoard {
            start: order
                .iter()
                .position(|&i| i == self.start as usize)
                .unwrap_or(0) as u8,
            sections: order.iter().map(|&i| self.sections[i].clone()).collect(),
        }
    }

    /// (section, number 1..=6) of a space.
    pub fn locate(&self, space: SpaceId) -> Option<(u8, u8)> {
        for (si, sec) in self.sections.iter().enumerate() {
            if let Some(n) = sec.spaces.iter().position(|&s| s == space) {
                return Some((si as u8, n as u8 + 1));
            }
        }
        None
    }
}

/// All the DATA the rules need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Components {
    pub deck: JarDeck,
    pub tokens: TokenValues,
    pub solo: SoloBoard,
}

/// Where one data file came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataSource {
    Builtin,
    File(PathBuf),
}

/// Component data that could not be used: the file (a path or a built-in file's name) and
/// what is wrong with it. Data only: the front ends word it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: PathBuf,
    /// The line of the file where a piece (a jar card, a solo section, a pool space) refused
    /// what it holds, when the problem is one piece's: the piece itself does not know where in
    /// the file it is, and a problem such as a card's letter would not say which card.
    pub line: Option<usize>,
    pub problem: DataProblem,
}

/// What is wrong with a component data file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DataProblem {
    /// The file could not be read: not a regular file, too large, not text, or what the
    /// system said went wrong.
    #[serde(skip)]
    File {
        problem: crate::files::FileProblem,
    },
    /// Not RON of the expected shape: what the RON reader found, and where.
    #[serde(skip)]
    Syntax {
        error: Box<ron::error::SpannedError>,
    },
    /// A jar card's space `at` (1-based) is written with a letter that is no dice colour.
    SpaceLetter {
        letter: char,
        at: usize,
    },
    SectionSize {
        colour: DiceColour,
        count: usize,
    },
    /// Space `number` (1 to 6) of a section is not a space name.
    SpaceName {
        colour: DiceColour,
        number: usize,
    },
    DeckSize {
        count: usize,
    },
    CardsOfColour {
        colour: JarColour,
        count: usize,
    },
    CardSpaces {
        card: usize,
        colour: JarColour,
        spaces: Vec<DiceColour>,
        count: usize,
    },
    CardBonus {
        card: usize,
        colour: JarColour,
        spaces: Vec<DiceColour>,
        bonus: u8,
    },
    StackSize {
        colour: JarColour,
        count: usize,
    },
    StackValue {
        colour: JarColour,
        values: Vec<u8>,
    },
    StackOrder {
        colour: JarColour,
        values: Vec<u8>,
    },
    /// A stack without the 2 on top and the 8 at the bottom that the rulebook prints.
    StackEnds {
        colour: JarColour,
        values: Vec<u8>,
    },
    SectionCount {
        count: usize,
    },
    Start {
        start: u8,
    },
    /// The arrow starts pointing at a section that is not the purple one (the rulebook's
    /// solo set-up points it at purple).
    StartNotPurple {
        colour: DiceColour,
    },
    SpaceTwice {
        space: SpaceId,
    },
    SameColour {
        colour: DiceColour,
    },
    NotAWedge {
        colour: DiceColour,
        spaces: [SpaceId; 6],
    },
    /// A pool space listed with more dice than it holds.
    SpaceOverfull {
        count: usize,
    },
    /// A die in the pool showing no face of a die (1 to 6).
    DieFace {
        face: u8,
    },
    /// Not a component set file (another kind of file, or a later version).
    NotASet,
    /// A component set written by a later version of the program (its `version`).
    NewerSet {
        found: u32,
        supported: u32,
    },
}

/// A piece (a card, a section, a pool space) refusing what it is given. On its way through
/// the RON reader, which only carries text, the problem travels as its own RON, and
/// [`DataProblem::carried_by`] reads it back into data: this `Display` is not for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceError(pub DataProblem);

impl fmt::Display for PieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&ron::to_string(&self.0).unwrap_or_default())
    }
}

impl DataProblem {
    /// The problem a RON reader's error carries, when a piece refused its contents.
    pub fn carried_by(e: &ron::error::SpannedError) -> Option<DataProblem> {
        match &e.code {
            ron::Error::Message(m) => ron::from_str(m).ok(),
            _ => None,
        }
    }
}

fn err(file: &str, problem: DataProblem) -> DataError {
    DataError {
        file: PathBuf::from(file),
        line: None,
        problem,
    }
}

pub(crate) fn parse_ron<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<T, DataError> {
    ron::from_str(text).map_err(|e| match DataProblem::carried_by(&e) {
        Some(problem) => DataError {
            line: Some(e.span.start.line),
            ..err(file, problem)
        },
        None => err(file, DataProblem::Syntax { error: Box::new(e) }),
    })
}

impl JarDeck {
    pub fn from_ron(file: &str, text: &str) -> Result<JarDeck, DataError> {
        let deck: JarDeck = parse_ron(file, text)?;
        deck.validate().map_err(|p| err(file, p))?;
        Ok(deck)
    }

    /// The first problem, if any.
    pub fn validate(&self) -> Result<(), DataProblem> {
        first(self.problems())
    }

    /// Every problem of the deck, each with its place (the card, the colour).
    pub fn problems(&self) -> Vec<DataProblem> {
        let mut out = Vec::new();
        if self.cards.len() != DECK_SIZE {
            out.push(DataProblem::DeckSize {
                count: self.cards.len(),
            });
        }
        for colour in JarColour::ALL {
            let n = self.cards.iter().filter(|c| c.colour == colour).count();
            if n != CARDS_PER_COLOUR {
                out.push(DataProblem::CardsOfColour { colour, count: n });
            }
        }
        for (i, c) in self.cards.iter().enumerate() {
            if !(4..=6).contains(&c.spaces.len()) {
                out.push(DataProblem::CardSpaces {
                    card: i + 1,
                    colour: c.colour,
                    spaces: c.spaces.clone(),
                    count: c.spaces.len(),
                });
            }
            if c.bonus > 2 {
                out.push(DataProblem::CardBonus {
                    card: i + 1,
                    colour: c.colour,
                    spaces: c.spaces.clone(),
                    bonus: c.bonus,
                });
            }
        }
        out
    }
}

impl DataProblem {
    /// Whether the rules cannot run on data with this problem. The stacks' printed ends and
    /// the arrow's purple start are the rulebook's, but a game plays (and a game saved with
    /// such data replays) without them.
    pub fn blocks_play(&self) -> bool {
        !matches!(
            self,
            DataProblem::StackEnds { .. } | DataProblem::StartNotPurple { .. }
        )
    }
}

/// `Ok` for no problems, else the first.
fn first(problems: Vec<DataProblem>) -> Result<(), DataProblem> {
    problems.into_iter().next().map_or(Ok(()), Err)
}

impl TokenValues {
    pub fn from_ron(file: &str, text: &str) -> Result<TokenValues, DataError> {
        let t: TokenValues = parse_ron(file, text)?;
        t.validate().map_err(|p| err(file, p))?;
        Ok(t)
    }

    /// The first problem, if any.
    pub fn validate(&self) -> Result<(), DataProblem> {
        first(self.problems())
    }

    /// Every problem of the stacks, each with its colour.
    pub fn problems(&self) -> Vec<DataProblem> {
        let mut out = Vec::new();
        for colour in JarColour::ALL {
            let s = self.stack(colour);
            if s.len() != TOKENS_PER_STACK {
                out.push(DataProblem::StackSize {
                    colour,
                    count: s.len(),
                });
            }
            if s.iter().any(|&v| v == 0 || v > 50) {
                out.push(DataProblem::StackValue {
                    colour,
                    values: s.to_vec(),
                });
            } else if s.windows(2).any(|w| w[0] > w[1]) {
                out.push(DataProblem::StackOrder {
                    colour,
                    values: s.to_vec(),
                });
            } else if s.len() == TOKENS_PER_STACK
                && (s.first() != Some(&TOP_TOKEN) || s.last() != Some(&BOTTOM_TOKEN))
            {
                out.push(DataProblem::StackEnds {
                    colour,
                    values: s.to_vec(),
                });
            }
        }
        out
    }
}

impl SoloBoard {
    pub fn from_ron(file: &str, text: &str) -> Result<SoloBoard, DataError> {
        let s: SoloBoard = parse_ron(file, text)?;
        s.validate().map_err(|p| err(file, p))?;
        Ok(s.clockwise_order())
    }

    /// The first problem, if any.
    pub fn validate(&self) -> Result<(), DataProblem> {
        first(self.problems())
    }

    /// Every problem of the numbered side, each with its section or space.
    pub fn problems(&self) -> Vec<DataProblem> {
        let mut out = Vec::new();
        if self.sections.len() != 3 {
            out.push(DataProblem::SectionCount {
                count: self.sections.len(),
            });
        }
        match self.sections.get(self.start as usize) {
            None => out.push(DataProblem::Start { start: self.start }),
            Some(sec) if sec.colour != DiceColour::Purple => {
                out.push(DataProblem::StartNotPurple { colour: sec.colour })
            }
            Some(_) => {}
        }
        let mut seen = [false; SPACE_COUNT];
        for sec in &self.sections {
            for &sp in &sec.spaces {
                if seen[sp as usize] {
                    out.push(DataProblem::SpaceTwice { space: sp });
                }
                seen[sp as usize] = true;
            }
        }
        for (i, sec) in self.sections.iter().enumerate() {
            if self.sections[..i].iter().any(|o| o.colour == sec.colour) {
                out.push(DataProblem::SameColour { colour: sec.colour });
            }
            if sec.wedge().is_none() {
                out.push(DataProblem::NotAWedge {
                    colour: sec.colour,
                    spaces: sec.spaces,
                });
            }
        }
        out
    }
}

impl Default for Components {
    fn default() -> Components {
        Components::from_texts(DEFAULT_DECK_RON, DEFAULT_TOKENS_RON, DEFAULT_SOLO_RON)
            .expect("the built-in component data is valid")
    }
}

/// The text of a file that takes the place of built-in data, `None` when there is none. Anything
/// else at that path (a directory, a FIFO, a device, a link to nothing, a link loop, a file too
/// large) is an error naming it, never silently passed over.
pub fn read_override(p: &Path) -> Result<Option<String>, DataError> {
    use crate::files::{FileProblem, MAX_TEXT_BYTES, read_text};
    match read_text(p, MAX_TEXT_BYTES) {
        Ok(text) => Ok(Some(text)),
        Err(FileProblem::Missing) if std::fs::symlink_metadata(p).is_err() => Ok(None),
        Err(problem) => Err(DataError {
            file: p.to_path_buf(),
            line: None,
            problem: DataProblem::File { problem },
        }),
    }
}

impl Components {
    pub fn from_texts(deck: &str, tokens: &str, solo: &str) -> Result<Components, DataError> {
        Ok(Components {
            deck: JarDeck::from_ron(DECK_FILE, deck)?,
            tokens: TokenValues::from_ron(TOKENS_FILE, tokens)?,
            solo: SoloBoard::from_ron(SOLO_FILE, solo)?,
        })
    }

    /// Checks data that arrived some other way (for instance inside a saved game) for what
    /// the rules need to run. What only the rulebook's print asks (`DataProblem::blocks_play`
    /// is false) is held where a set is installed, not here: a game saved with such a set
    /// still opens and replays.
    pub fn validate(&self) -> Result<(), DataError> {
        let playable =
            |ps: Vec<DataProblem>| first(ps.into_iter().filter(|p| p.blocks_play()).collect());
        playable(self.deck.problems()).map_err(|p| err(DECK_FILE, p))?;
        playable(self.tokens.problems()).map_err(|p| err(TOKENS_FILE, p))?;
        playable(self.solo.problems()).map_err(|p| err(SOLO_FILE, p))?;
        Ok(())
    }

    /// Built-in data, with each file present in `dir` taking the place of its default.
    /// Returns where each of (deck, tokens, solo) came from.
    pub fn load(dir: Option<&Path>) -> Result<(Components, [DataSource; 3]), DataError> {
        let read = |name: &str, builtin: &'static str| -> Result<(String, DataSource), DataError> {
            if let Some(dir) = dir {
                let p = dir.join(name);
                if let Some(text) = read_override(&p)? {
                    return Ok((text, DataSource::File(p)));
                }
            }
            Ok((builtin.to_string(), DataSource::Builtin))
        };
        // A whole set saved by the app (or installed) takes the place of all three files.
        if let Some(dir) = dir {
            let p = dir.join(crate::component_set::SET_FILE);
            if let Some(text) = read_override(&p)? {
                let set = crate::component_set::ComponentSet::from_ron(&p, &text)?;
                let comps = set.usable().map_err(|(_, problem)| DataError {
                    file: p.clone(),
                    line: None,
                    problem,
                })?;
                let src = DataSource::File(p);
                return Ok((comps, [src.clone(), src.clone(), src]));
            }
        }
        let (deck_t, deck_s) = read(DECK_FILE, DEFAULT_DECK_RON)?;
        let (tok_t, tok_s) = read(TOKENS_FILE, DEFAULT_TOKENS_RON)?;
        let (solo_t, solo_s) = read(SOLO_FILE, DEFAULT_SOLO_RON)?;
        let name = |s: &DataSource, dflt: &str| match s {
            DataSource::File(p) => p.display().to_string(),
            DataSource::Builtin => dflt.to_string(),
        };
        let comps = Components {
            deck: JarDeck::from_ron(&name(&deck_s, DECK_FILE), &deck_t)?,
            tokens: TokenValues::from_ron(&name(&tok_s, TOKENS_FILE), &tok_t)?,
            solo: SoloBoard::from_ron(&name(&solo_s, SOLO_FILE), &solo_t)?,
        };
        Ok((comps, [deck_s, tok_s, solo_s]))
    }

    /// `load` for a front end that goes on with what it can: each single file that cannot be
    /// used gives way to its built-in data alone, the others staying in use, and every problem
    /// is returned, not only the first. (A whole set that cannot be used gives way to the
    /// built-in data for all three parts, as it stands for all three.)
    pub fn load_each(dir: Option<&Path>) -> (Components, [DataSource; 3], Vec<DataError>) {
        let builtin = || {
            (
                Components::default(),
                std::array::from_fn(|_| DataSource::Builtin),
            )
        };
        let Some(dir) = dir else {
            let (c, s) = builtin();
            return (c, s, Vec::new());
        };
        let set = dir.join(crate::component_set::SET_FILE);
        if !matches!(read_override(&set), Ok(None)) {
            return match Components::load(Some(dir)) {
                Ok((c, s)) => (c, s, Vec::new()),
                Err(e) => {
                    let (c, s) = builtin();
                    (c, s, vec![e])
                }
            };
        }
        let mut errors = Vec::new();
        let mut part = |name: &str| -> Option<(String, PathBuf)> {
            let p = dir.join(name);
            match read_override(&p) {
                Ok(Some(text)) => Some((text, p)),
                Ok(None) => None,
                Err(e) => {
                    errors.push(e);
                    None
                }
            }
        };
        let (deck_f, tok_f, solo_f) = (part(DECK_FILE), part(TOKENS_FILE), part(SOLO_FILE));
        let mut comps = Components::default();
        let mut sources: [DataSource; 3] = std::array::from_fn(|_| DataSource::Builtin);
        if let Some((text, p)) = deck_f {
            match JarDeck::from_ron(&p.display().to_string(), &text) {
                Ok(d) => (comps.deck, sources[0]) = (d, DataSource::File(p)),
                Err(e) => errors.push(e),
            }
        }
        if let Some((text, p)) = tok_f {
            match TokenValues::from_ron(&p.display().to_string(), &text) {
                Ok(t) => (comps.tokens, sources[1]) = (t, DataSource::File(p)),
                Err(e) => errors.push(e),
            }
        }
        if let Some((text, p)) = solo_f {
            match SoloBoard::from_ron(&p.display().to_string(), &text) {
                Ok(b) => (comps.solo, sources[2]) = (b, DataSource::File(p)),
                Err(e) => errors.push(e),
            }
        }
        (comps, sources, errors)
    }

    pub fn card(&self, id: u8) -> &JarCard {
        &self.deck.cards[id as usize]
    }

    /// Face values per colour of the tokens in `held` (bit i of a colour: the i-th token from
    /// the top of that colour's stack).
    pub fn held_tokens(&self, held: &[u16; 3]) -> crate::types::PerJar<Vec<u32>> {
        crate::types::PerJar::from_fn(|c| {
            let stack = self.tokens.stack(c);
            (0..TOKENS_PER_STACK)
                .filter(|i| held[c.index()] & (1 << i) != 0)
                .map(|i| stack[i] as u32)
                .collect()
        })
    }
}

#[cfg(test)]
#[path = "components_tests.rs"]
mod tests;
