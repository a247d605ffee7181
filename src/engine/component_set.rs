//! A whole set of component data in one file: the jar deck, the token stacks and the
//! numbering of the solo side, with a mark per part saying whether its owner has checked it
//! against their own box. What an owner saves in the app, shares with friends and installs
//! from the command line. A set may be a draft with problems; only a set without problems is
//! ever used by a game.

use crate::components::{
    Components, DataError, DataProblem, JarDeck, SoloBoard, TokenValues, parse_ron,
};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The set's file name in the config folder; present, it takes the place of the three
/// single files.
pub const SET_FILE: &str = "my-set.ron";
pub const SET_FORMAT: &str = "noctiluca-components";
pub const SET_VERSION: u32 = 1;

/// The three parts of a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Part {
    Deck,
    Tokens,
    Solo,
}

impl Part {
    pub const ALL: [Part; 3] = [Part::Deck, Part::Tokens, Part::Solo];
}

/// Which parts the owner has checked against their box.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    #[serde(default)]
    pub deck: bool,
    #[serde(default)]
    pub tokens: bool,
    #[serde(default)]
    pub solo: bool,
}

impl Checked {
    pub fn get(&self, part: Part) -> bool {
        match part {
            Part::Deck => self.deck,
            Part::Tokens => self.tokens,
            Part::Solo => self.solo,
        }
    }

    pub fn set(&mut self, part: Part, on: bool) {
        match part {
            Part::Deck => self.deck = on,
            Part::Tokens => self.tokens = on,
            Part::Solo => self.solo = on,
        }
    }

    pub fn all(&self) -> bool {
        self.deck && self.tokens && self.solo
    }
}

/// A set of component data, as the file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComponentSet {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub checked: Checked,
    pub deck: JarDeck,
    pub tokens: TokenValues,
    pub solo: SoloBoard,
}

impl ComponentSet {
    pub fn new(c: &Components, checked: Checked) -> ComponentSet {
        ComponentSet {
            format: SET_FORMAT.into(),
            version: SET_VERSION,
            checked,
            deck: c.deck.clone(),
            tokens: c.tokens.clone(),
            solo: c.solo.clone(),
        }
    }

    /// Reads a set file. The shape must be right (cards with colour letters, sections with
    /// six space names); counts and values are not checked here, so a draft reads too.
    pub fn from_ron(file: &Path, text: &str) -> Result<ComponentSet, DataError> {
        let name = file.display().to_string();
        // Editors may put a byte-order mark in front.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Another kind of file is named as such, not by the first field it lacks.
        #[derive(Deserialize)]
        struct Header {
            #[serde(default)]
            format: String,
            #[serde(default)]
            version: u32,
        }
        if let Ok(h) = ron::from_str::<Header>(text) {
            let problem = if h.format != SET_FORMAT {
                Some(DataProblem::NotASet)
            } else if h.version > SET_VERSION {
                // Said as such, not as "not a set": a later version's set is kept as it is.
                Some(DataProblem::NewerSet {
                    found: h.version,
                    supported: SET_VERSION,
                })
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(DataError {
                    file: file.to_path_buf(),
                    line: None,
                    problem,
                });
            }
        }
        let set: ComponentSet = parse_ron(&name, text)?;
        if set.format != SET_FORMAT || set.version != SET_VERSION {
            return Err(DataError {
                file: file.to_path_buf(),
                line: None,
                problem: DataProblem::NotASet,
            });
        }
        Ok(set)
    }

    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .struct_names(false);
        ron::ser::to_string_pretty(self, cfg).unwrap_or_default()
    }

    /// Every problem, with the part it is in.
    pub fn problems(&self) -> Vec<(Part, DataProblem)> {
        let deck = self.deck.problems().into_iter().map(|p| (Part::Deck, p));
        let tokens = self
            .tokens
            .problems()
            .into_iter()
            .map(|p| (Part::Tokens, p));
        let solo = self.solo.problems().into_iter().map(|p| (Part::Solo, p));
        deck.chain(tokens).chain(solo).collect()
    }

    /// The components, if the set has no problem (else the first).
    pub fn usable(&self) -> Result<Components, (Part, DataProblem)> {
        if let Some(p) = self.problems().into_iter().next() {
            return Err(p);
        }
        Ok(Components {
            deck: self.deck.clone(),
            tokens: self.tokens.clone(),
            solo: self.solo.clockwise_order(),
        })
    }
}
