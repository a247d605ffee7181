//! Play: the full game of Noctiluca at the table, for 1–4 seats, each a human or a bot.
//!
//! The engine's `Match` holds the game; this module only asks and shows. Everything a human
//! sees is drawn from `observation(that seat)`, so another seat's favourite or draft hand is
//! never on screen. With more than one human, a cover screen stands between their turns.
//! Bots think on a worker thread (`ai::SearchJob`) and their moves are shown one at a time.

pub mod course;
mod hint;
mod log;
mod online;
mod replay;
mod review;
mod save;
mod seats;
mod setup;
mod setup_memory;
mod table;
mod undo;

pub use hint::{HintRecord, HintState, HintTaken};
use log::*;
pub use log::{LogLine, log_lines};
pub use online::{Link, Online, online_seat};
pub use review::ReviewState;
pub use save::GameSave;
use save::*;
pub use seats::HandOver;
pub(crate) use table::jar_card;

pub use setup::{NewGameDialog, SeatForm};
pub use setup_memory::{SETUP_FILE, SeatMemory, SetupMemory};

use super::export::{
    ExportKind, FileOffer, OfferAnswer, OpenDialog, OutcomeWords, PendingExport, PendingRead,
    Picked, pick_and_read,
};
use super::{Command, Shared, theme};
use crate::ai::{BOT_LEVELS, Bot, SearchJob, make_bot};
use crate::engine::board::{PathKind, ShoreId};
use crate::engine::record::{ONCE_ROUND_PASS_VERSION, ReplayError};
use crate::engine::{
    Action, Components, Event, GameRecord, GameState, JarColour, Match, Seat, ToAct, UndoError,
};
use crate::i18n::{Said, n, tr};
use crate::trf;
use crate::words::EventWords;
use crate::words::Words;
use eframe::egui;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

const SAVE_FORMAT: &str = "noctiluca-table-game";
const SAVE_VERSION: u32 = 1;
/// The autosave's file name in the data folder.
pub const SAVE_FILE: &str = "game-autosave.ron";
/// How long a delivered token takes to fly to its new owner (seconds).
const FLIGHT_SECONDS: f64 = 1.1;

/// The bot levels as a player reads them, in the order of `ai::BOT_LEVELS`.
pub const BOT_LEVEL_NAMES: [&str; 5] =
    [n("Random"), n("Easy"), n("Normal"), n("Hard"), n("Expert")];
const _: () = assert!(BOT_LEVEL_NAMES.len() == BOT_LEVELS.len());

/// A bot level as a seat stores it (`"normal"`, or `"hard:500ms"` from a hand-made save), in
/// this thread's language; a level this app does not know is shown as it is written.
pub fn bot_level_name(level: &str) -> String {
    let base = level.split(':').next().unwrap_or(level);
    match BOT_LEVELS.iter().position(|l| l.eq_ignore_ascii_case(base)) {
        Some(k) => tr(BOT_LEVEL_NAMES[k]).to_string(),
        None => level.to_string(),
    }
}

/// The name a seat gets when nobody gave it one (`index` from 0).
pub fn default_seat_name(index: usize) -> String {
    trf!("Player {number}", number = index + 1)
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    /// A bot level (`ai::BOT_LEVELS`), or `None` for a human.
    pub ai: Option<String>,
    /// A person's seat an AI plays for them for now (its level): see `Game::hand_over`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_in: Option<String>,
}

/// The seats' names as the table shows them (see `Game::names`); the new-game dialog names its
/// first-player choices with them too.
pub fn table_names(seats: &[SeatInfo]) -> Vec<String> {
    let unnamed_ai = |i: usize| {
        let s = &seats[i];
        let default = crate::words::stored_name(&s.name, i) == format!("Player {}", i + 1);
        s.ai.as_deref()
            .filter(|_| default || s.name.trim().is_empty())
    };
    let level_of = |l: &str| l.split(':').next().unwrap_or(l).to_ascii_lowercase();
    (0..seats.len())
        .map(|i| match unnamed_ai(i) {
            Some(level) => {
                let name = trf!("AI {level}", level = bot_level_name(level));
                let twins = (0..seats.len())
                    .filter(|&j| unnamed_ai(j).is_some_and(|l| level_of(l) == level_of(level)))
                    .count();
                if twins > 1 {
                    trf!("{name} #{number}", name, number = i + 1)
                } else {
                    name
                }
            }
            None => crate::words::person_name(&crate::words::stored_name(&seats[i].name, i)),
        })
        .collect()
}

impl SeatInfo {
    pub fn is_human(&self) -> bool {
        self.ai.is_none() && self.stand_in.is_none()
    }
}

/// The dive being put together: shore, then path, then number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DivePick {
    pub shore: Option<ShoreId>,
    pub path: Option<PathKind>,
    pub number: Option<u8>,
    /// The dive collects nothing and waits for "Dive anyway".
    pub confirm_empty: bool,
    /// Enter was pressed before a number was called: the number's row says how.
    pub ask_number: bool,
}

impl DivePick {
    /// Shore, path and number as picked so far.
    pub fn key(&self) -> crate::app::tutorial::script::DiveKey {
        (self.shore, self.path, self.number)
    }
}

/// How the dive preview is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreviewSort {
    Dive,
    Dice,
    Fit,
    Passed,
}

/// A delivered token on its way from the stacks to its new owner.
#[derive(Clone, Debug)]
pub struct Flight {
    pub seat: Seat,
    pub colour: JarColour,
    pub value: u8,
    pub start: f64,
}

/// A game under way (or over, or being replayed).
pub struct Game {
    pub m: Match,
    pub seats: Vec<SeatInfo>,
    /// Idle bots by seat (a thinking bot lives in `job`).
    bots: Vec<Option<Box<dyn Bot>>>,
    job: Option<(Seat, SearchJob)>,
    /// A bot's move, waiting until the pace lets it be shown.
    ai_ready: Option<(Action, f64)>,
    /// Show the bots' moves without waiting until a human is to act again.
    pub skip_ai: bool,
    /// The human whose view the table shows.
    pub viewer: Option<Seat>,
    /// The cover screen is up, waiting for `viewer` to take the seat.
    pub covered: bool,
    /// The cover has just gone up: its button takes the keyboard (the button drawn as
    /// focused is then the one Enter presses).
    pub focus_cover: bool,
    /// The person who had the table before the cover went up: they may still take back their
    /// last decision before passing it on.
    pub passed_by: Option<Seat>,
    /// What happened, as data; worded when drawn, so a language switch re-words it all.
    pub log: Vec<LogLine>,
    pub pick: DivePick,
    pub sort: (PreviewSort, bool),
    pub show_empty_dives: bool,
    /// The dive preview's table is shown (folded, it leaves the board more room).
    pub preview_open: bool,
    /// The preview row under the mouse (spaces to highlight).
    pub preview_hover: Option<(ShoreId, PathKind)>,
    /// The log's length when the dive preview was last drawn: a new dive (a new turn, a new
    /// game) opens the preview at its top, the best dives first.
    pub preview_at: Option<usize>,
    /// The shore under the mouse last frame (its two paths light up).
    pub hover_shore: Option<ShoreId>,
    /// The last things chance did between turns (tempest, round change), for the banner.
    pub notes: Vec<Event>,
    /// The space the black die cleared last (highlighted on the board).
    pub cleared: Option<u8>,
    pub last_delivery: Option<Event>,
    pub flights: Vec<Flight>,
    /// Stepping through a finished game: the entry count shown.
    pub replay: Option<Replay>,
    /// Worded when shown, in the language of the moment.
    pub message: Option<crate::i18n::Said>,
    /// Whether hints are allowed, and who took them.
    pub hints: HintRecord,
    pub hint: HintState,
    /// The number of the hint last shown (one brought back counts again; numbered over the
    /// app's run): each takes the keyboard once as it comes, even at a position an undo came
    /// back to, and in every game.
    pub hints_shown: u64,
    /// The post-game review, once asked for.
    pub review: Option<ReviewState>,
    /// Whether the bots play every seat, the humans' too (a course playing on), and how fast.
    pub autopilot: course::Autopilot,
    /// A course's card is to be read: no seat moves until Continue.
    pub course_hold: bool,
    /// A course stops the table at the first dive of this round, for its card.
    pub course_stop_at_round: Option<u8>,
    /// A move to light on the board (a tutorial's step).
    pub guide: Option<Action>,
    /// Whether Undo is offered (not in a tutorial).
    pub undo_allowed: bool,
    /// The finished game has gone to the history (or needs not: a replay, a course).
    pub recorded: bool,
    /// The game is played on a host (this app's own or a friend's), not here.
    pub online: Option<Online>,
    /// People's seats handed to an AI and taken back, in order (see `hand_over`).
    pub handovers: Vec<HandOver>,
    /// The dialog of who plays each seat is open.
    pub seats_dialog: bool,
}

/// A finished game shown step by step.
pub struct Replay {
    /// Entry counts after each step (decisions, with the chance that follows each), from the
    /// first decision.
    pub steps: Vec<usize>,
    pub at: usize,
    pub state: GameState,
    pub log: Vec<LogLine>,
    /// Bring the replay's controls into view on the next frame (after a jump from the
    /// review).
    pub reveal: bool,
    /// A moment of the review shown: at step `at`, the decision played and the better one
    /// (drawn on the board while the replay stands there).
    pub moment: Option<Moment>,
}

/// A decision of the review, at the replay's step before it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moment {
    pub at: usize,
    pub played: Action,
    pub better: Action,
}

impl Game {
    fn new(m: Match, seats: Vec<SeatInfo>) -> Game {
        let seed = m.record.seed.unwrap_or(0);
        let bots = seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                (s.ai.as_deref().or(s.stand_in.as_deref()))
                    .and_then(|level| make_bot(level, seed ^ (0x9e37_79b9 * (i as u64 + 1))))
            })
            .collect();
        let log = log_lines(&m.record, m.record.actions.len(), &[]);
        Game {
            m,
            seats,
            bots,
            job: None,
            ai_ready: None,
            skip_ai: false,
            viewer: None,
            covered: false,
            focus_cover: false,
            passed_by: None,
            log,
            pick: DivePick::default(),
            sort: (PreviewSort::Fit, true),
            show_empty_dives: false,
            preview_open: true,
            preview_hover: None,
            preview_at: None,
            hover_shore: None,
            notes: Vec::new(),
            cleared: None,
            last_delivery: None,
            flights: Vec::new(),
            replay: None,
            message: None,
            hints: HintRecord::default(),
            hint: HintState::None,
            hints_shown: 0,
            review: None,
            autopilot: course::Autopilot::Off,
            course_hold: false,
            course_stop_at_round: None,
            guide: None,
            undo_allowed: true,
            recorded: false,
            online: None,
            handovers: Vec::new(),
            seats_dialog: false,
        }
    }

    /// The seats' names as shown now: a seat left unnamed ("Player 2", given in the language
    /// of its day) reads in the current language, so switching language renames it too. An
    /// AI seat nobody named is named for its level, "AI Easy", as the history names it
    /// ("Player 2" at the table was "AI Easy" in the history); two such at one level carry
    /// their seats, "AI Easy #3".
    pub fn names(&self) -> Vec<String> {
        table_names(&self.seats)
    }

    pub fn name(&self, s: Seat) -> String {
        seat_name(&self.names(), s)
    }

    /// The seats' names as files keep them: a seat left unnamed in English ("Player 2"),
    /// whatever the language, so that a log or the history reads it in its reader's.
    fn stored_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| crate::words::stored_name(&s.name, i))
            .collect()
    }

    /// The log shown (the replay's while stepping through), in the current language.
    pub fn log_words(&self) -> Vec<String> {
        let names = self.names();
        let lines = self.replay.as_ref().map_or(&self.log, |r| &r.log);
        lines
            .iter()
            .map(|l| l.words(&self.m.state.comps, &names))
            .collect()
    }

    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| s.is_human()).count()
    }

    pub fn is_human(&self, s: Seat) -> bool {
        self.seats.get(s as usize).is_some_and(|x| x.is_human())
    }

    pub fn save(&self) -> GameSave {
        let mut record = self.m.to_record();
        record.names = self.stored_names();
        GameSave {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            seats: self.seats.clone(),
            record,
            hints: self.hints.clone(),
            tutor: None,
            handovers: self.handovers.clone(),
        }
    }

    /// The seat whose decision the game waits for, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.m.state.to_act() {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// Is a human to decide now, with the table showing their view?
    pub fn human_to_act(&self) -> Option<Seat> {
        if self.online.is_some() {
            return self.online_to_act();
        }
        self.to_act()
            .filter(|&s| self.is_human(s) && self.viewer == Some(s) && !self.covered)
    }

    /// A lesson's table: not online, and no undo (see `set_up_course`).
    pub fn is_lesson(&self) -> bool {
        !self.undo_allowed && self.online.is_none()
    }

    pub fn thinking(&self) -> Option<Seat> {
        if let Some(o) = &self.online {
            return o
                .view
                .as_ref()
                .and_then(|v| v.thinking)
                .filter(|_| !o.finished);
        }
        self.job.as_ref().map(|(s, _)| *s)
    }

    /// The finished game as the history records it: people by their seat's name, bots by
    /// level.
    pub fn history_entry(&self) -> Option<crate::history::GameEntry> {
        use crate::history::{GameEntry, Mode, bot_person, now};
        let mut record = self.m.to_record();
        record.names = self.stored_names();
        record.advice = self.hints.advice_notes();
        let mode = if self.online.is_some() {
            Mode::Online
        } else {
            Mode::Digital
        };
        let mut e = GameEntry::from_log(&record, mode, now())?;
        for r in &mut e.results {
            let seat = &self.seats[r.seat as usize];
            // A person's seat an AI played most of is the AI's game.
            let by = seat.ai.clone().or_else(|| self.recorded_stand_in(r.seat));
            r.bot = by.clone();
            r.name = match &by {
                Some(level) => bot_person(level.split(':').next().unwrap_or(level)),
                None => crate::words::stored_name(&seat.name, r.seat as usize),
            };
        }
        Some(e)
    }

    /// Lets `bot` play `seat` (a scripted opponent, or a human seat on autopilot).
    pub fn set_bot(&mut self, seat: Seat, bot: Box<dyn Bot>) {
        if let Some(b) = self.bots.get_mut(seat as usize) {
            *b = Some(bot);
        }
    }

    /// Records what happened: log lines, banners, token flights.
    fn absorb(&mut self, events: &[Event], now: f64) {
        let mut seeding = false;
        push_events(&mut self.log, &mut seeding, events);
        for e in events {
            match e {
                Event::TurnStarted { .. } => {
                    self.last_delivery = None;
                }
                Event::TempestDiscard { .. } | Event::ArrowRotated { .. } => {
                    self.notes.push(e.clone());
                }
                Event::BlackDie { space, .. } => {
                    self.cleared = Some(*space);
                    self.notes.push(e.clone());
                }
                Event::RoundEnded { .. } | Event::RoundStarted { .. } => {
                    self.notes.push(e.clone());
                }
                Event::Delivered { seat, token, .. } => {
                    self.last_delivery = Some(e.clone());
                    if let Some((colour, value)) = token {
                        self.flights.push(Flight {
                            seat: *seat,
                            colour: *colour,
                            value: *value,
                            start: now,
                        });
                    }
                }
                _ => {}
            }
        }
    }

    /// Applies a decision of the seat to act.
    pub fn decide(&mut self, action: Action, now: f64) -> Result<(), String> {
        if self.online.is_some() {
            return self.decide_online(action);
        }
        if let Some(s) = self.to_act()
            && self.is_human(s)
        {
            // A human's decision ends the banner of what chance did before it.
            self.notes.clear();
            self.cleared = None;
        }
        let events = self.m.apply(action).map_err(|e| e.words())?;
        self.absorb(&events, now);
        self.pick = DivePick::default();
        self.preview_hover = None;
        Ok(())
    }

    /// Moves the game on as far as it goes without a human: chance, and bots (at `pace`
    /// seconds per move). Returns whether anything changed.
    pub fn advance(&mut self, now: f64, pace: f64) -> bool {
        if self.replay.is_some() {
            return false;
        }
        if self.online.is_some() {
            return self.advance_online(now);
        }
        let mut changed = false;
        for _ in 0..10_000 {
            let events = self.m.run_chance();
            if !events.is_empty() {
                self.absorb(&events, now);
                changed = true;
            }
            let Some(s) = self.to_act() else {
                self.viewer = None;
                self.covered = false;
                break;
            };
            if self.is_human(s) && self.autopilot == course::Autopilot::Off {
                // A search still running for this seat (a course's AI played it until a
                // moment ago) is no longer wanted, and must not show as "thinking…".
                self.stop_bots();
                self.skip_ai = false;
                let legal = self.m.state.legal_actions();
                if legal.len() == 1 {
                    // Nothing to choose (e.g. no passed die fits): the rules decide.
                    let _ = self.decide(legal[0], now);
                    changed = true;
                    continue;
                }
                if self.viewer != Some(s) {
                    // Covered between people, and for the one left at the table after the
                    // person who was at it handed their seat to an AI.
                    let left = self
                        .viewer
                        .and_then(|v| self.seats.get(v as usize))
                        .is_some_and(|v| v.stand_in.is_some());
                    self.covered = self.humans() > 1 || left;
                    self.focus_cover = self.covered;
                    self.passed_by = self.viewer.filter(|&v| self.is_human(v));
                    self.viewer = Some(s);
                    self.pick = DivePick::default();
                    changed = true;
                }
                break;
            }
            // A course's card waits to be read (see `course_hold`).
            let state = &self.m.state;
            let at_stop = self.course_stop_at_round.is_some_and(|r| {
                state.round >= r && state.decision() == crate::engine::Decision::Dive
            });
            if self.course_hold || at_stop {
                break;
            }
            // A bot's seat.
            let pace = if self.skip_ai || self.autopilot == course::Autopilot::Fast {
                0.0
            } else {
                pace
            };
            if let Some((a, at)) = self.ai_ready {
                if now + 1e-9 >= at {
                    self.ai_ready = None;
                    if self.decide(a, now).is_err() {
                        break;
                    }
                    changed = true;
                    continue;
                }
                break;
            }
            if let Some((_, job)) = &mut self.job {
                match job.try_take() {
                    Some((bot, a)) => {
                        self.bots[s as usize] = Some(bot);
                        self.job = None;
                        self.ai_ready = Some((a, now + pace));
                        changed = true;
                        continue;
                    }
                    None if !job.is_finished() => break,
                    None => {
                        // The bot stopped without an answer: play the first legal move.
                        self.job = None;
                        let a = self.m.state.legal_actions()[0];
                        self.ai_ready = Some((a, now + pace));
                        continue;
                    }
                }
            }
            let legal = self.m.state.legal_actions();
            let bot = self.bots[s as usize]
                .take()
                .or_else(|| make_bot("random", s as u64));
            match bot {
                Some(bot) if !legal.is_empty() => {
                    let obs = self.m.state.observation(Some(s));
                    self.job = Some((s, SearchJob::spawn_with(bot, obs, legal, lower_priority)));
                    changed = true;
                }
                _ => break,
            }
            break;
        }
        changed
    }

    /// Is something still moving by itself (a bot thinking or waiting, a token flying)?
    pub fn busy(&self, now: f64) -> bool {
        self.job.is_some()
            || matches!(self.hint, HintState::Thinking(_))
            || matches!(self.review, Some(ReviewState::Working { .. }))
            || self.ai_ready.is_some()
            || self.flights.iter().any(|f| now - f.start < FLIGHT_SECONDS)
    }

    fn stop_bots(&mut self) {
        if let Some((s, mut job)) = self.job.take() {
            job.cancel();
            if let Some((bot, _)) = job.join() {
                self.bots[s as usize] = Some(bot);
            }
        }
        self.ai_ready = None;
    }
}

/// Gives the calling thread (a bot's search) a lower scheduling priority than the window's,
/// so that a search on every core still leaves the window its frames. Threads it starts
/// inherit the priority.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; on Linux, PRIO_PROCESS with 0 is the
    // calling thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// A message marked as a warning (the sign, then the already translated text).
pub(super) fn warning(text: impl std::fmt::Display) -> String {
    format!("{} {text}", theme::WARNING_GLYPH)
}

/// The Play screen: the new game dialog, then the table.
pub struct GameScreen {
    comps: Arc<Components>,
    pub setup: NewGameDialog,
    pub game: Option<Game>,
    /// Where the game is saved after every move (`None`: it is not).
    pub save_path: Option<PathBuf>,
    /// A game found at `save_path` when the screen was made, offered for resuming.
    pub resume: Option<GameSave>,
    /// Animations and the bots' pace (off in tests).
    pub animate: bool,
    /// Seconds each bot move stays on screen before the next.
    pub pace: f32,
    pub show_log: bool,
    export: Option<PendingExport>,
    load: Option<PendingRead<GameSave>>,
    /// The saved games offered where no file dialog could be shown.
    offer: Option<FileOffer>,
    pub status: Option<Said>,
    /// What became of an autosave that could not be continued (shown above the dialog).
    pub autosave_notice: Option<crate::i18n::Said>,
    /// Where the new game dialog is kept for next time (Play's own screen only).
    pub setup_file: Option<PathBuf>,
    /// The tutorial course this screen runs, if it runs one.
    pub tutor: Option<crate::app::tutorial::script::Tutor>,
    /// What the course's step wants, worked out once a frame (the guide's move costs a
    /// search).
    course_want: Option<crate::app::tutorial::script::Want>,
    /// The log length, stage and pending lesson `course_want` was worked out for.
    course_key: Option<(usize, crate::app::tutorial::script::Stage, bool)>,
}

impl GameScreen {
    pub fn new(comps: Arc<Components>, save_path: Option<PathBuf>) -> GameScreen {
        let (resume, autosave_notice, keep_saving) = match save_path.as_deref() {
            Some(p) => find_autosave(p),
            None => (None, None, true),
        };
        let save_path = save_path.filter(|_| keep_saving);
        GameScreen {
            autosave_notice,
            setup_file: None,
            comps,
            setup: NewGameDialog::default(),
            game: None,
            save_path,
            resume,
            animate: true,
            pace: 0.8,
            show_log: true,
            export: None,
            load: None,
            offer: None,
            status: None,
            tutor: None,
            course_want: None,
            course_key: None,
        }
    }

    /// The Play screen is come back to from another screen.
    pub fn entered(&mut self) {
        if let Some(g) = &mut self.game {
            g.cover_on_return();
        }
    }

    pub fn has_open_dialog(&self) -> bool {
        self.export.is_some()
            || self.load.is_some()
            || self.offer.is_some()
            || self.game.as_ref().is_some_and(|g| g.seats_dialog)
    }

    /// The set new games are played with (a game under way keeps its own).
    pub fn set_components(&mut self, comps: Arc<Components>) {
        self.comps = comps;
    }

    /// Starts the game the dialog describes.
    pub fn start(&mut self) -> Result<(), String> {
        let (config, seats, seed) = self.setup.game_spec()?;
        // A game of one's own is never a course.
        self.tutor = None;
        let m = Match::new(config, (*self.comps).clone(), seed).map_err(|e| e.words())?;
        let mut g = Game::new(m, seats);
        g.hints.allowed = self.setup.hints;
        self.game = Some(g);
        self.resume = None;
        self.status = None;
        self.keep_setup();
        self.autosave();
        Ok(())
    }

    /// Resumes a saved game.
    pub fn open_save(&mut self, save: GameSave) -> Result<(), ReplayError> {
        let m = Match::from_record(save.record)?;
        let mut g = Game::new(m, save.seats);
        g.hints = save.hints;
        g.handovers = save.handovers;
        g.log = g.log_upto(g.m.record.actions.len());
        self.tutor = save.tutor;
        self.course_key = None;
        self.set_up_course(&mut g);
        g.message = Some(crate::i18n::Said::new(|| {
            tr("The saved game continues where it stopped.").into()
        }));
        self.game = Some(g);
        self.resume = None;
        Ok(())
    }

    pub fn continue_saved(&mut self) {
        if let Some(save) = self.resume.take()
            && let Err(e) = self.open_save(save)
        {
            self.status = Some(Said::new(move || {
                trf!(
                    "The saved game could not be read: {error}",
                    error = e.words()
                )
            }));
        }
    }

    /// One frame's housekeeping: chance, bots, autosave. Returns whether the game changed.
    pub fn tick(&mut self, now: f64) -> bool {
        let pace = if self.animate { self.pace as f64 } else { 0.0 };
        let hint = self
            .game
            .as_mut()
            .is_some_and(|g| g.poll_hint() | g.poll_review());
        let changed = self.game.as_mut().is_some_and(|g| g.advance(now, pace));
        if hint && !changed {
            return true;
        }
        if changed {
            self.autosave();
        }
        changed
    }

    /// Applies a human decision from the table.
    pub fn act(&mut self, action: Action, now: f64) {
        // What the screen said last (a save, nothing opened) is done with once play goes on.
        self.status = None;
        if let Some(g) = &mut self.game {
            // A course refuses a move its step does not ask for, and says why.
            let before = g.m.state.decision();
            if let Some(t) = &mut self.tutor
                && t.check(&g.m.state, &action).is_err()
            {
                t.refused_pick = Some(g.pick.key());
                return;
            }
            if let Err(e) = g.decide(action, now) {
                g.message = Some(crate::i18n::Said::new(move || warning(&e)));
            } else {
                g.message = None;
                if let Some(t) = &mut self.tutor {
                    t.learnt(&before);
                    t.follow(&g.m.state);
                }
            }
        }
        self.autosave();
    }

    pub fn undo(&mut self) {
        if self.game.as_mut().is_some_and(|g| g.undo()) {
            self.autosave();
        }
    }

    /// The rules section for what the table asks now (F1).
    pub fn help_topic(&self) -> crate::app::rules::Topic {
        use crate::app::rules::Topic;
        use crate::engine::Decision;
        let Some(g) = &self.game else {
            return Topic::Setup;
        };
        // In a replay, the step on the screen (the final scoring had been opened whatever
        // the step).
        let state = g.replay.as_ref().map_or(&g.m.state, |r| &r.state);
        if state.is_over() {
            return Topic::Scoring;
        }
        match state.decision() {
            Decision::Draft => Topic::Setup,
            Decision::Dive => Topic::Dive,
            Decision::Store { .. } => Topic::Store,
            Decision::PassOffer { .. } => Topic::Pass,
            Decision::DeliverOrder | Decision::ChoosePile => Topic::Deliver,
            Decision::SoloKeep { .. } => Topic::Solo,
            Decision::Chance(_) if state.is_solo() => Topic::Tempest,
            Decision::Chance(_) => Topic::Rounds,
            Decision::GameOver => Topic::Scoring,
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        self.poll_files();
        if let Some(offer) = &mut self.offer
            && let Some(answer) = offer.ui(ui.ctx())
        {
            self.offer = None;
            match answer {
                OfferAnswer::Open(path) => self.start_load_path(ui.ctx(), path),
                // Closed by the player: nothing to say (a line saying so stayed above the
                // table, and could push it down).
                OfferAnswer::Close => self.status = None,
            }
        }
        // The course first sets the autopilot for this frame's moves, then looks again at
        // the game they leave.
        self.follow_course();
        let now = ui.input(|i| i.time);
        if self.tick(now) {
            ui.ctx().request_repaint();
        }
        self.follow_course();
        // A finished game goes to the history once (not a course's).
        if let Some(g) = &mut self.game
            && g.m.state.is_over()
            && !g.recorded
            && g.online.as_ref().is_none_or(|o| o.finished)
        {
            g.recorded = true;
            if self.tutor.is_none()
                && let Some(entry) = g.history_entry()
            {
                shared.recorder.record(entry, ui.ctx());
            }
        }
        if self.game.is_none() {
            return self.setup_page(ui, shared);
        }
        let before = self.game.as_ref().map(|g| g.m.record.actions.len());
        self.table_page(ui, shared, now);
        if self.game.as_ref().map(|g| g.m.record.actions.len()) != before {
            ui.ctx().request_repaint();
        }
        if let Some(g) = &self.game
            && (g.busy(now) || self.has_open_dialog())
        {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(30));
        }
        None
    }
}
