//! A game as config + component data + seed + the full action log, and the `Match` that plays
//! one. Replaying the log reproduces the state exactly; a log is self-contained so another
//! program can check it without this code.

use super::action::{Action, Decision, Event, RuleError, ToAct, Waiting};
use super::components::{Components, DataError, DataProblem};
use super::scoring::{ScoreInput, ScoreResult};
use super::state::{GameConfig, GameState, LegalSet};
use super::types::Seat;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub const LOG_FORMAT: &str = "noctiluca-game";
/// The log format and the rules it was played under. Version 2: passed dice go round the
/// table lap after lap until no more can be placed (SPEC §4.3, as the rulebook says).
/// Version 1 passed them once round only; such a log cannot be replayed faithfully here.
pub const LOG_VERSION: u32 = 2;
/// The last log version written under the old "once round" passing rule.
pub const ONCE_ROUND_PASS_VERSION: u32 = 1;

/// Who took an action in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    Chance,
    Seat(Seat),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub by: Actor,
    pub action: Action,
}

/// A saved or logged game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub config: GameConfig,
    /// Display names per seat (may be empty).
    #[serde(default)]
    pub names: Vec<String>,
    /// The seed of the generator that picked chance outcomes, if one did.
    #[serde(default)]
    pub seed: Option<u64>,
    /// How far that generator had run (so a resumed game draws the same outcomes next).
    #[serde(default)]
    pub rng_word_pos: u64,
    /// The component data the game was played with (shared with the game's state).
    pub components: Arc<Components>,
    pub actions: Vec<LogEntry>,
    /// Present once the game is over: what final scoring read, and its result.
    #[serde(default)]
    pub final_input: Option<ScoreInput>,
    #[serde(default)]
    pub final_score: Option<ScoreResult>,
    /// The decisions a seat asked for advice on, with the move advised: a review of the log,
    /// wherever it is opened, measures those decisions by it. Absent when none was asked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advice: Vec<AdviceNote>,
}

/// Advice asked for by `seat` when the log had `at` entries (so for entry `at + 1`), and the
/// move it advised, once worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdviceNote {
    pub seat: Seat,
    pub at: usize,
    #[serde(default)]
    pub advised: Option<Action>,
}

/// A log that does not replay: which entry (1-based; 0 for the header) and why. Data only:
/// the front ends word it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub entry: usize,
    pub problem: ReplayProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayProblem {
    /// Not RON of a game log: what the RON reader found, and where.
    Unreadable {
        error: Box<ron::error::SpannedError>,
    },
    /// Another kind of file (its header names another format).
    WrongFormat,
    /// Recorded under the old "once round" passing rule.
    EarlierRules {
        version: u32,
    },
    /// From a later version of the program.
    LaterVersion {
        version: u32,
    },
    /// The component data it carries does not hold together.
    Components(DataError),
    /// A piece of it (a pool space, say) cannot be.
    Piece(DataProblem),
    /// Its table cannot be set up.
    Config(RuleError),
    AlreadyOver,
    /// Recorded as one actor's move while it was another's.
    WrongActor {
        recorded: Actor,
        expected: Actor,
        waiting: Waiting,
    },
    /// The rules refuse the entry.
    Rule(RuleError),
    FinalScoreWithoutEnd,
    FinalScoreMismatch,
    FinalInputMismatch,
}

fn header(problem: ReplayProblem) -> ReplayError {
    ReplayError { entry: 0, problem }
}

fn check_header(format: &str, version: u32) -> Result<(), ReplayError> {
    if format != LOG_FORMAT {
        return Err(header(ReplayProblem::WrongFormat));
    }
    if version <= ONCE_ROUND_PASS_VERSION {
        return Err(header(ReplayProblem::EarlierRules { version }));
    }
    if version != LOG_VERSION {
        return Err(header(ReplayProblem::LaterVersion { version }));
    }
    Ok(())
}

/// Whether the reader failed on the last line of a `text` whose brackets are not all closed,
/// as in a file cut short.
fn ends_at_the_end(text: &str, e: &ron::error::SpannedError) -> bool {
    let body = text.trim_end();
    let last_line = 1 + body.matches('\n').count();
    let (mut depth, mut in_string, mut escaped) = (0i64, false, false);
    for c in body.chars() {
        match (in_string, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => in_string = false,
            (true, false, _) => {}
            (false, _, '"') => in_string = true,
            (false, _, '(' | '[' | '{') => depth += 1,
            (false, _, ')' | ']' | '}') => depth -= 1,
            _ => {}
        }
    }
    !body.is_empty() && (depth > 0 || in_string) && e.span.start.line >= last_line
}

impl GameRecord {
    pub fn new(config: GameConfig, components: impl Into<Arc<Components>>) -> GameRecord {
        GameRecord {
            format: LOG_FORMAT.to_string(),
            version: LOG_VERSION,
            config,
            names: Vec::new(),
            seed: None,
            rng_word_pos: 0,
            components: components.into(),
            actions: Vec::new(),
            final_input: None,
            final_score: None,
            advice: Vec::new(),
        }
    }

    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .struct_names(false)
            .compact_arrays(true);
        ron::ser::to_string_pretty(self, cfg).unwrap_or_else(|e| format!("// {e}"))
    }

    /// Parses a record; a malformed text is a `ReplayError` naming the problem.
    pub fn from_ron(text: &str) -> Result<GameRecord, ReplayError> {
        // The header first, so a log of another version is named as such even where the rest
        // of it no longer parses.
        if let Some((format, version)) = GameRecord::peek_version(text) {
            check_header(&format, version)?;
        }
        let rec: GameRecord = ron::from_str(text).map_err(|mut e| {
            // A log cut short (a copy or download that stopped) fails on whatever word it
            // stops in ("Seed" for "SeedDie"): it is said as a file that ends too early.
            if ends_at_the_end(text, &e) {
                e.code = ron::Error::Eof;
            }
            header(match DataProblem::carried_by(&e) {
                Some(problem) => ReplayProblem::Piece(problem),
                None => ReplayProblem::Unreadable { error: Box::new(e) },
            })
        })?;
        rec.check_header()?;
        Ok(rec)
    }

    /// Refuses a record of another format, or of a version this program does not replay
    /// (a log from before the passing rule was corrected says so).
    pub fn check_header(&self) -> Result<(), ReplayError> {
        check_header(&self.format, self.version)
    }

    /// The format and version a text claims, if it reads as a record's header at all.
    pub fn peek_version(text: &str) -> Option<(String, u32)> {
        #[derive(Deserialize)]
        struct Header {
            format: String,
            version: u32,
        }
        ron::from_str::<Header>(text)
            .ok()
            .map(|h| (h.format, h.version))
    }

    /// Was this record played under the old "once round" passing rule?
    pub fn is_once_round_pass(&self) -> bool {
        self.format == LOG_FORMAT && self.version <= ONCE_ROUND_PASS_VERSION
    }

    /// Re-applies every entry, checking whose turn it was and that the action was legal, and
    /// compares the recorded final score, if any.
    pub fn replay(&self) -> Result<GameState, ReplayError> {
        self.replay_prefix(self.actions.len())
    }

    /// Replays the first `n` entries (for stepping through a finished game).
    pub fn replay_prefix(&self, n: usize) -> Result<GameState, ReplayError> {
        self.check_header()?;
        self.components
            .validate()
            .map_err(|e| header(ReplayProblem::Components(e)))?;
        let mut state = GameState::new(self.config.clone(), Arc::clone(&self.components))
            .map_err(|e| header(ReplayProblem::Config(e)))?;
        for (i, entry) in self.actions.iter().take(n).enumerate() {
            let at = |problem: ReplayProblem| ReplayError {
                entry: i + 1,
                problem,
            };
            let expected = match state.to_act() {
                ToAct::Chance => Actor::Chance,
                ToAct::Seat(s) => Actor::Seat(s),
                ToAct::Nobody => return Err(at(ReplayProblem::AlreadyOver)),
            };
            if entry.by != expected {
                return Err(at(ReplayProblem::WrongActor {
                    recorded: entry.by,
                    expected,
                    waiting: state.waiting(),
                }));
            }
            state
                .apply_quiet(&entry.action)
                .map_err(|e| at(ReplayProblem::Rule(e)))?;
        }
        if n == self.actions.len() {
            if let Some(recorded) = &self.final_score {
                if !state.is_over() {
                    return Err(header(ReplayProblem::FinalScoreWithoutEnd));
                }
                if *recorded != state.final_score() {
                    return Err(header(ReplayProblem::FinalScoreMismatch));
                }
            }
            if let Some(input) = &self.final_input
                && state.is_over()
                && *input != state.score_input()
            {
                return Err(header(ReplayProblem::FinalInputMismatch));
            }
        }
        Ok(state)
    }
}

/// Room for the log of a whole game, reserved when it begins: a 4-player game takes about 300
/// entries.
const LOG_ROOM: usize = 512;

/// Records the final score of a game that is over, unless it is there already.
fn add_final_score(state: &GameState, r: &mut GameRecord) {
    if state.is_over() && r.final_score.is_none() {
        r.final_input = Some(state.score_input());
        r.final_score = Some(state.final_score());
    }
}

/// A game being played: the state, its log, and the seeded generator for chance.
#[derive(Clone, Debug)]
pub struct Match {
    pub record: GameRecord,
    pub state: GameState,
    rng: ChaCha8Rng,
}

impl Match {
    pub fn new(
        config: GameConfig,
        comps: impl Into<Arc<Components>>,
        seed: u64,
    ) -> Result<Match, RuleError> {
        let comps = comps.into();
        let state = GameState::new(config.clone(), Arc::clone(&comps))?;
        let mut record = GameRecord::new(config, comps);
        // A whole game's log, so that it never grows in the middle of one.
        record.actions.reserve(LOG_ROOM);
        record.seed = Some(seed);
        Ok(Match {
            record,
            state,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    /// Starts a new game in place, of the same configuration and components, with `seed`: the
    /// same as `Match::new`, but the log keeps its room (a simulation plays game after game).
    pub fn restart(&mut self, seed: u64) {
        let r = &mut self.record;
        self.state = GameState::new(r.config.clone(), Arc::clone(&r.components))
            .expect("the configuration and components were checked when the match was made");
        r.names.clear();
        r.seed = Some(seed);
        r.rng_word_pos = 0;
        r.actions.clear();
        r.final_input = None;
        r.final_score = None;
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    /// Resumes a saved game: replays its log and restores the generator.
    pub fn from_record(mut record: GameRecord) -> Result<Match, ReplayError> {
        let state = record.replay()?;
        let mut rng = ChaCha8Rng::seed_from_u64(record.seed.unwrap_or(0));
        rng.set_word_pos(record.rng_word_pos as u128);
        record.final_input = None;
        record.final_score = None;
        let mut m = Match { record, state, rng };
        m.finish_if_over();
        Ok(m)
    }

    /// The record as it stands, ready to save (with the final score once the game is over).
    pub fn to_record(&self) -> GameRecord {
        let mut r = self.record.clone();
        r.rng_word_pos = self.rng.get_word_pos() as u64;
        add_final_score(&self.state, &mut r);
        r
    }

    fn finish_if_over(&mut self) {
        add_final_score(&self.state, &mut self.record);
    }

    /// Applies a decision or a reported chance outcome and logs it.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let by = match self.state.to_act() {
            ToAct::Chance => Actor::Chance,
            ToAct::Seat(s) => Actor::Seat(s),
            ToAct::Nobody => return Err(RuleError::GameOver),
        };
        let events = self.state.apply(&action)?;
        self.record.actions.push(LogEntry { by, action });
        self.finish_if_over();
        Ok(events)
    }

    /// Like `apply`, without collecting events (simulations). The final score is worked out
    /// when the record is taken (`to_record`), not here.
    pub fn apply_quiet(&mut self, action: Action) -> Result<(), RuleError> {
        self.apply_quiet_decided(action, self.state.decision())
    }

    /// `apply_quiet` when the decision the game waits for is known already
    /// (`state.decision()`).
    pub fn apply_quiet_decided(
        &mut self,
        action: Action,
        decision: Decision,
    ) -> Result<(), RuleError> {
        let by = match self.state.to_act_for(decision) {
            ToAct::Chance => Actor::Chance,
            ToAct::Seat(s) => Actor::Seat(s),
            ToAct::Nobody => return Err(RuleError::GameOver),
        };
        self.state.apply_quiet_decided(&action, decision)?;
        self.record.actions.push(LogEntry { by, action });
        Ok(())
    }

    /// Plays the `i`-th action of `legal`, which must be the game's legal set as it stands
    /// (`state.legal_set(state.decision())`), and logs it. The action comes from the rules, so
    /// it is not checked again as `apply_quiet` checks (a debug build does check it): the
    /// fast path of a playout whose bot picks by position (`Bot::choose_blind`). Returns the
    /// action, or `None` (nothing played) when `i` is past the end.
    pub fn apply_legal(&mut self, legal: &LegalSet, i: usize) -> Option<Action> {
        debug_assert_eq!(*legal, self.state.legal_set(self.state.decision()));
        let action = legal.nth(i)?;
        self.state.apply_legal(&action);
        self.record.actions.push(LogEntry {
            by: Actor::Seat(legal.seat()),
            action,
        });
        Some(action)
    }

    /// Like `run_chance`, without collecting events (simulations).
    pub fn run_chance_quiet(&mut self) {
        self.run_chance_quiet_decided();
    }

    /// `run_chance_quiet` that returns the decision the game then waits for (a seat's, or
    /// `GameOver`).
    #[inline]
    pub fn run_chance_quiet_decided(&mut self) -> Decision {
        let actions = &mut self.record.actions;
        self.state
            .play_chance_run_decided(&mut self.rng, |a| {
                actions.push(LogEntry {
                    by: Actor::Chance,
                    action: a,
                })
            })
            .1
    }

    /// Lets the generator pick chance outcomes until a seat must decide or the game ends.
    pub fn run_chance(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        while let Some(a) = self.state.sample_chance(&mut self.rng) {
            match self.apply(a) {
                Ok(mut e) => events.append(&mut e),
                Err(_) => break,
            }
        }
        events
    }

    /// Picks one chance outcome with the generator, without applying it.
    pub fn sample_chance(&mut self) -> Option<Action> {
        self.state.sample_chance(&mut self.rng)
    }

    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }

    /// Where undoing `seat`'s latest decision would cut the log back to (the entry count
    /// kept), or `None` if it cannot be undone. An undo never reaches back across a chance
    /// outcome (a card turning up, a die, a refill) nor across a decision of a seat that
    /// `with` does not allow to be taken back along with it (another person's choice). Every
    /// logged decision is a real choice: the rules settle single-option steps themselves.
    pub fn undo_point(&self, seat: Seat, with: impl Fn(Seat) -> bool) -> Option<usize> {
        if self.state.is_over() {
            return None;
        }
        let actions = &self.record.actions;
        let cut = actions.iter().rposition(|e| match e.by {
            Actor::Chance => true,
            Actor::Seat(s) => s == seat || !with(s),
        })?;
        (actions[cut].by == Actor::Seat(seat)).then_some(cut)
    }

    /// Why `seat` has nothing `undo_point` would take back (`None` when it has).
    pub fn undo_blocked(&self, seat: Seat, with: impl Fn(Seat) -> bool) -> Option<UndoBlock> {
        if self.state.is_over() {
            return Some(UndoBlock::GameOver);
        }
        let actions = &self.record.actions;
        let Some(cut) = actions.iter().rposition(|e| match e.by {
            Actor::Chance => true,
            Actor::Seat(s) => s == seat || !with(s),
        }) else {
            return Some(UndoBlock::NothingYet);
        };
        match actions[cut].by {
            Actor::Seat(s) if s == seat => None,
            // Chance or someone else before the seat's first decision: nothing of theirs to
            // take back yet.
            _ if !actions[..cut].iter().any(|e| e.by == Actor::Seat(seat)) => {
                Some(UndoBlock::NothingYet)
            }
            Actor::Seat(s) => Some(UndoBlock::Person(s)),
            Actor::Chance => Some(UndoBlock::Chance(actions[cut].action)),
        }
    }

    /// Takes back `seat`'s latest decision (and the allowed seats' decisions after it), as
    /// `undo_point` describes. Returns how many log entries were removed.
    pub fn undo(&mut self, seat: Seat, with: impl Fn(Seat) -> bool) -> Result<usize, UndoError> {
        let cut = self
            .undo_point(seat, with)
            .ok_or(UndoError::NothingToUndo)?;
        let mut record = self.to_record();
        let removed = record.actions.len() - cut;
        record.actions.truncate(cut);
        record.final_input = None;
        record.final_score = None;
        *self = Match::from_record(record).map_err(UndoError::Replay)?;
        Ok(removed)
    }
}

/// Why a seat has no decision to take back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoBlock {
    GameOver,
    /// The seat has made no decision yet.
    NothingYet,
    /// A chance outcome (a die, a card turned up) came after the seat's last decision: the
    /// latest such.
    Chance(Action),
    /// This other person decided after the seat's last decision.
    Person(Seat),
}

/// Why a decision could not be taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UndoError {
    /// The seat has no decision that may be undone (none yet, or chance or another person
    /// acted since).
    NothingToUndo,
    /// The shortened log did not replay (a broken record).
    Replay(ReplayError),
}
