//! The rules of Noctiluca: board, components, turn procedure, rounds, solo tempest, scoring.
//!
//! Shaped like an extensive-form game: `GameState::to_act` says whether a seat or chance moves,
//! `legal_actions` lists the options (for chance, the outcomes; `chance_outcomes` adds their
//! probabilities), `apply` plays one and returns what happened or a `RuleError` that leaves the
//! state untouched, and `observation` gives one seat's view.
//!
//! This crate (`noctiluca-engine`) depends on serde, rand and ron only: no user-interface
//! crate. It returns data: rule errors, replay problems, component-data problems and the score
//! sheet's consistency problems (`scoring::Problem`) are enums with fields, and the game log is
//! a list of `Event`s. The front ends word them in the reader's language (the app's `words`
//! module). Names that files and the command line read (`DiceColour::name`, `Direction::name`,
//! space and shore codes) are fixed English words.

pub mod action;
pub mod board;
pub mod component_set;
pub mod components;
pub mod dive;
pub mod files;
pub mod list;
pub mod observation;
pub mod pool;
pub mod record;
pub mod scoring;
pub mod seeding;
pub mod solo;
pub mod state;
pub mod types;

pub use action::{Action, ChanceKind, Decision, Event, RuleError, ToAct};
pub use board::{PathKind, ShoreId, SpaceId, board};
pub use components::{Components, DataError, DataSource, JarCard};
pub use dive::{DiveOption, DiveYield};
pub use list::List;
pub use observation::Observation;
pub use record::{
    Actor, AdviceNote, GameRecord, LogEntry, Match, ReplayError, UndoBlock, UndoError,
};
pub use scoring::{Outcome, PerJar, ScoreInput, ScoreResult, score};
pub use state::{GameConfig, GameState, Jar, LegalSet, Phase, Tally};
pub use types::{CardId, ColourCounts, DiceColour, Die, Direction, JarColour, Seat};
