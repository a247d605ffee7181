//! The solo tempest companion: follows a physical solo game step by step. The player moves the
//! pieces; this screen remembers the turn, the tempest's three steps, the arrow and its
//! direction, the token stacks and the tempest's ledger, and hands the final score to the
//! calculator. Every rule comes from `engine::solo`; this screen only asks and shows.

use super::board::{BoardLayout, BoardView, DiceDetail, SoloOverlay};
use super::calculator::Sheet;
use super::{Command, Shared, theme};
use crate::engine::board::{SPACE_COUNT, SpaceId, space_name};
use crate::engine::scoring::PlayerInput;
use crate::engine::seeding::below;
use crate::engine::solo::{SoloCompanion, SoloEvent, SoloInput, SoloStep};
use crate::engine::state::SpaceDice;
use crate::engine::types::JarColour;
use crate::engine::{Components, Direction, RuleError};
use crate::i18n::{n, tr};
use crate::trf;
use crate::words::Words;
use crate::words::{ComponentWords, SoloEventWords};
use eframe::egui::{self, RichText};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

mod cleared;
mod step;

const SAVE_FORMAT: &str = "noctiluca-solo-companion";
const SAVE_VERSION: u32 = 1;
/// The autosave's file name in the data folder.
pub const SAVE_FILE: &str = "solo-companion.ron";
/// How long the app's black die tumbles before it shows its number (seconds).
const ROLL_SECONDS: f64 = 0.7;

/// What the autosave holds: the reports, and the seed of the app's black die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloSave {
    pub format: String,
    pub version: u32,
    pub seed: u64,
    pub log: Vec<SoloInput>,
    /// "I always roll the real black die" was ticked (a save from before has no such mark).
    #[serde(default)]
    pub own_die: bool,
}

impl SoloSave {
    pub fn read(path: &std::path::Path) -> Result<SoloSave, String> {
        use crate::engine::files::{MAX_TEXT_BYTES, read_text};
        SoloSave::from_ron(
            &read_text(path, MAX_TEXT_BYTES)
                .map_err(|e| format!("{}: {}", path.display(), e.words()))?,
        )
    }

    pub fn from_ron(text: &str) -> Result<SoloSave, String> {
        let save: SoloSave = ron::from_str(text).map_err(|e| crate::words::ron_error(&e))?;
        if save.format != SAVE_FORMAT || save.version != SAVE_VERSION {
            return Err(tr("not a solo companion save this version can read").into());
        }
        Ok(save)
    }
}

/// The scrolling column of the steps; from its top when `top`.
fn side_area(top: bool) -> egui::ScrollArea {
    let area = egui::ScrollArea::vertical().id_salt("solo_side");
    if top {
        area.vertical_scroll_offset(0.0)
    } else {
        area
    }
}

/// The space a report's events cleared (a black die), if any.
fn cleared_by(events: &[SoloEvent]) -> Option<Cleared> {
    events.iter().find_map(|e| match e {
        SoloEvent::Cleared {
            number,
            section,
            space,
        } => Some(Cleared {
            number: *number,
            section: *section,
            space: *space,
            earlier: false,
        }),
        _ => None,
    })
}

/// The space the last black die cleared, shown through the turn that follows (once that turn
/// is reported on, as done earlier) until the next tempest starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cleared {
    pub number: u8,
    pub section: u8,
    pub space: SpaceId,
    /// The turn has gone on since: said as the last tempest's, not as a step to do now.
    pub earlier: bool,
}

/// The line under the step: drawn each frame in the current language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// What the last report did, in the engine's own sentences.
    Events(Vec<SoloEvent>),
    /// A report the rules refused.
    Refused(RuleError),
    /// The "dice I could not store" field did not hold a number of dice.
    DiceCount,
    /// The real die's field did not hold 1 to 6.
    RollNumber,
    Welcome,
    /// The last report was taken back: what it was and did, and where the arrow points again.
    Undone {
        input: SoloInput,
        events: Vec<SoloEvent>,
        arrow: u8,
    },
    /// The autosave to `path` failed (the system's reason).
    NotSaved {
        path: PathBuf,
        kind: std::io::ErrorKind,
    },
}

/// The setup steps of a solo game, as the rulebook gives them.
const SETUP: [&str; 8] = [
    n(
        "Turn the board to its numbered side (as drawn here: three sections, spaces \
         numbered 1 to 6).",
    ),
    n("Seed the pool: four dice on each inner space, five on each outer space, at random."),
    n("Take six pawns; set the other six aside for round 2."),
    n(
        "Stack the point tokens by colour, coloured side up, in numerical order: the 8 at the \
         bottom, the 2 on top. Put the three stacks near the board.",
    ),
    n(
        "Shuffle the favourite cards, deal yourself one and look at it in secret; the others go \
         back to the box unseen.",
    ),
    n(
        "Shuffle all the jar cards into one face-down deck. Deal yourself three, keep two face \
         up, and shuffle the third back into the deck.",
    ),
    n("Put the first player marker on the island, its arrow pointing at the purple section."),
    n("Put the black die near the board: it is the tempest."),
];
/// The set-up step the Board seeder can do.
const SEED_STEP: usize = 1;

/// Takes back the last step.
const UNDO: egui::KeyboardShortcut = crate::app::keys::UNDO;
/// Ends the turn and starts the tempest.
const START_TEMPEST: egui::Key = crate::app::keys::START_TEMPEST.logical_key;
/// Rolls the app's black die.
const ROLL: egui::Key = crate::app::keys::ROLL.logical_key;
/// The discarded card's colour, in the order the buttons stand: gold, brown, red, deck empty.
const DISCARD_KEYS: [(egui::Key, Option<JarColour>); 4] = [
    (egui::Key::Num1, Some(JarColour::Gold)),
    (egui::Key::Num2, Some(JarColour::Brown)),
    (egui::Key::Num3, Some(JarColour::Red)),
    (egui::Key::Num4, None),
];

pub struct SoloScreen {
    pub(crate) comps: Arc<Components>,
    /// The game being followed; `None` on the set-up page.
    pub game: Option<SoloCompanion>,
    /// The app's black die seed for this game.
    pub seed: u64,
    /// Where the game is saved after every step (`None`: not saved).
    pub save_path: Option<PathBuf>,
    /// A saved game found when the screen was made, offered for resuming.
    pub resume: Option<SoloSave>,
    /// What was wrong with the autosave found at start-up (moved aside, or in the way).
    pub load_notice: Option<crate::i18n::Said>,
    /// The "dice I could not store" field.
    pub dice_text: String,
    /// The player rolls the real black die and types what it shows (remembered for the game).
    pub own_die: bool,
    /// The number typed for the real die.
    pub roll_text: String,
    /// The player left the black die's field with Escape: it no longer takes the keyboard back
    /// by itself (so a second Escape goes home, and ? opens the key list).
    pub(super) roll_left: bool,
    /// Show the black die tumbling (off in tests).
    pub animate: bool,
    rolling: Option<f64>,
    pub cleared: Option<Cleared>,
    /// Show the column from its top next frame (the screen has just been opened).
    pub to_top: bool,
    /// "Start a new solo game" was pressed at the end of a game: it waits to be confirmed.
    confirm_new: bool,
    /// The settings ask for no motion: the app's die lands at once.
    reduce_motion: bool,
    /// The last message (what a report did, a refused entry…).
    pub notice: Option<Notice>,
    /// After a step taken by keyboard, the step whose first action gets the keyboard focus
    /// (the button that was pressed has gone with its step).
    focus: Option<SoloStep>,
    /// Where this frame's card of the space just cleared is: the keyboard's first action is
    /// scrolled into sight together with it (at a large text size the card was left above).
    cleared_card: Option<egui::Rect>,
    /// A space has just been cleared: its card is scrolled into sight once (with the mouse;
    /// a keyboard's next action is, with it).
    show_cleared: bool,
    /// The app's die was tumbling at the last frame drawn.
    was_tumbling: bool,
    /// After the dice field is sent with Enter, its button keeps the keyboard's place.
    focus_add: bool,
    /// A set saved in My set while a game is under way: the next game takes it.
    next_comps: Option<Arc<Components>>,
}

impl SoloScreen {
    /// The set-up page, offering a game saved at `save_path` if there is one.
    pub fn new(comps: Arc<Components>, save_path: Option<PathBuf>) -> SoloScreen {
        let found = match save_path.as_deref() {
            Some(p) => {
                crate::app::state_file::load(p, crate::i18n::n("The autosaved solo game"), |text| {
                    let save = SoloSave::from_ron(text)?;
                    SoloCompanion::replay(Arc::clone(&comps), &save.log).map_err(|e| e.words())?;
                    Ok(save)
                })
            }
            None => crate::app::state_file::Found {
                value: None,
                notice: None,
                keep_saving: true,
            },
        };
        let resume = found.value;
        let load_notice = found.notice;
        let save_path = save_path.filter(|_| found.keep_saving);
        SoloScreen {
            load_notice,
            comps,
            game: None,
            seed: 0,
            save_path,
            resume,
            dice_text: String::new(),
            own_die: false,
            roll_text: String::new(),
            roll_left: false,
            animate: true,
            rolling: None,
            cleared: None,
            to_top: false,
            confirm_new: false,
            reduce_motion: false,
            notice: None,
            focus: None,
            cleared_card: None,
            show_cleared: false,
            was_tumbling: false,
            focus_add: false,
            next_comps: None,
        }
    }

    /// The set the next game is followed with (a game under way keeps its own).
    pub fn set_components(&mut self, comps: Arc<Components>) {
        if self.game.is_none() {
            self.comps = comps;
        } else {
            self.next_comps = Some(comps);
        }
    }

    pub fn start_new(&mut self) {
        self.confirm_new = false;
        if let Some(c) = self.next_comps.take() {
            self.comps = c;
        }
        self.game = Some(SoloCompanion::new(Arc::clone(&self.comps)));
        self.seed = rand::random();
        self.resume = None;
        // The game's column from its top (the set-up list may have been scrolled).
        self.to_top = true;
        self.cleared = None;
        self.notice = None;
        self.save();
    }

    pub fn continue_saved(&mut self) {
        if let Some(save) = self.resume.take()
            && let Ok(g) = SoloCompanion::replay(Arc::clone(&self.comps), &save.log)
        {
            self.seed = save.seed;
            self.own_die = save.own_die;
            // The space the last report cleared is still to be cleared at the table, perhaps:
            // said again, as before the app closed.
            self.cleared = g.history.last().and_then(|(_, events)| cleared_by(events));
            self.game = Some(g);
            self.notice = Some(Notice::Welcome);
        }
    }

    fn save(&mut self) {
        let (Some(path), Some(game)) = (&self.save_path, &self.game) else {
            return;
        };
        let save = SoloSave {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            seed: self.seed,
            log: game.log.clone(),
            own_die: self.own_die,
        };
        let text = ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::default())
            .unwrap_or_default();
        if let Err(e) = crate::paths::write_atomic(path, text.as_bytes()) {
            self.notice = Some(Notice::NotSaved {
                path: path.clone(),
                kind: e.kind(),
            });
        }
    }

    /// Applies a report, remembers what it did, and saves.
    pub fn report(&mut self, input: SoloInput) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match game.apply(input) {
            Ok(events) => {
                if matches!(input, SoloInput::BlackDie { .. }) {
                    // However the roll came in, the next one starts from an empty field.
                    self.roll_text.clear();
                }
                // The card stays through the turn, dimmed: gone at the turn's first report, it
                // moved the panel under the pointer as the player went on.
                self.show_cleared = cleared_by(&events).is_some();
                self.cleared = match (cleared_by(&events), self.cleared) {
                    (Some(c), _) => Some(c),
                    (None, Some(c)) if game.step == SoloStep::PlayerTurn => {
                        Some(Cleared { earlier: true, ..c })
                    }
                    _ => None,
                };
                let said: Vec<SoloEvent> = events
                    .into_iter()
                    .filter(|e| !matches!(e, SoloEvent::Cleared { .. }))
                    .collect();
                self.notice = (!said.is_empty()).then_some(Notice::Events(said));
                self.save();
            }
            Err(e) => self.notice = Some(Notice::Refused(e)),
        }
    }

    /// A report made from the keyboard: when it moves the game to another step, that step's
    /// first action takes the focus.
    fn report_keyed(&mut self, input: SoloInput, keyed: bool) {
        let before = self.game.as_ref().map(|g| g.step);
        self.report(input);
        let after = self.game.as_ref().map(|g| g.step);
        if keyed && after != before {
            self.focus = after;
        }
    }

    pub fn undo(&mut self) {
        self.confirm_new = false;
        let Some(g) = self.game.as_mut() else { return };
        let last = g.log.last().cloned();
        let events = g.history.last().map(|(_, e)| e.clone()).unwrap_or_default();
        if let Some(input) = last
            && g.undo()
        {
            self.cleared = None;
            self.notice = Some(Notice::Undone {
                input,
                events,
                arrow: g.arrow,
            });
            self.save();
        }
    }

    /// Undo from the keyboard: once nothing is left to undo (the button is then disabled),
    /// the turn's first action takes the focus.
    fn undo_keyed(&mut self, keyed: bool) {
        self.undo();
        if keyed
            && let Some(g) = &self.game
            && g.log.is_empty()
        {
            self.focus = Some(g.step);
        }
    }

    /// Rolls the app's black die and reports it.
    fn roll(&mut self, ui: &egui::Ui, keyed: bool) {
        let n = self.app_roll();
        self.report_keyed(SoloInput::BlackDie { number: n }, keyed);
        if self.animate && !self.reduce_motion {
            self.rolling = Some(ui.input(|i| i.time));
        }
    }

    /// The app's black die: the n-th roll of this game, always the same for the same seed.
    pub fn app_roll(&self) -> u8 {
        let n = self.game.as_ref().map_or(0, |g| {
            g.log
                .iter()
                .filter(|i| matches!(i, SoloInput::BlackDie { .. }))
                .count()
        });
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ (n as u64).wrapping_mul(0x9E37_79B9));
        below(&mut rng, 6) as u8 + 1
    }

    /// The calculator's sheet for this game: the tempest and the player's tokens as recorded,
    /// the delivered jars counted; the rest for the player to fill in.
    pub fn final_sheet(&self) -> Option<Sheet> {
        let game = self.game.as_ref()?;
        let delivered = game
            .log
            .iter()
            .filter(|i| matches!(i, SoloInput::Delivered { .. }))
            .count() as u32;
        let input = game.score_input(PlayerInput {
            name: tr("You").into(),
            delivered,
            ..PlayerInput::default()
        });
        let mut sheet = Sheet::from_input(&input);
        let p = &mut sheet.players[0];
        p.jar_bonus.clear();
        p.favourite_spaces.clear();
        p.leftover_dice.clear();
        Some(sheet)
    }

    /// The notice as a line in the current language.
    fn notice_text(&self, notice: &Notice) -> String {
        match notice {
            // What to do on the real table, in the order it happens (the log's past-tense
            // notes, small and grey, had read as done rather than to do).
            Notice::Events(events) => {
                let line = events
                    .iter()
                    .filter_map(|e| e.on_the_table(&self.comps))
                    .reduce(|earlier, later| format!("{earlier} {later}"))
                    .unwrap_or_default();
                // The solo rule for a new jar, at the moment it is needed.
                if events
                    .iter()
                    .any(|e| matches!(e, SoloEvent::PlayerToken { .. }))
                {
                    trf!(
                        "{line} Now take a new jar: draw the top two cards of the deck, keep one, and put the other at the bottom of the deck.",
                        line
                    )
                } else {
                    line
                }
            }
            // A sentence of its own here (the words are made to follow a file's name too).
            Notice::Refused(e) => format!(
                "{} {}",
                theme::WARNING_GLYPH,
                trf!("{problem}.", problem = theme::capitalised(&e.words()))
            ),
            Notice::DiceCount => format!(
                "{} {}",
                theme::WARNING_GLYPH,
                tr("Type how many dice you could not store (1 or more).")
            ),
            Notice::RollNumber => format!(
                "{} {}",
                theme::WARNING_GLYPH,
                tr("Type the number the black die shows: 1 to 6.")
            ),
            Notice::Welcome => tr("Welcome back: the game continues where it stopped.").into(),
            Notice::Undone {
                input,
                events,
                arrow,
            } => crate::words::undo_on_table(input, events, &self.comps, *arrow),
            Notice::NotSaved { path, kind } => format!(
                "{} {}",
                theme::WARNING_GLYPH,
                trf!(
                    "The game could not be saved in {path}: {error}",
                    path = path.display(),
                    error = crate::words::io_error(*kind)
                )
            ),
        }
    }

    /// Gives the keyboard focus to `r`, the first action of `step`, if a step taken by keyboard
    /// has just led there.
    fn claim_focus(&mut self, step: SoloStep, r: &egui::Response) {
        if self.focus == Some(step) {
            self.focus = None;
            r.request_focus();
            match self.cleared_card {
                Some(card) => crate::app::scroll::show_with_focus(&r.ctx, card),
                None => r.scroll_to_me(None),
            }
        }
    }

    /// The step's keys: digits for the discarded card and the black die, R to roll, T to start
    /// the tempest, Ctrl+Z to undo. Not while a text field takes the typing.
    fn shortcuts(&mut self, ui: &egui::Ui) {
        let Some(step) = self.game.as_ref().map(|g| g.step) else {
            return;
        };
        // The black die's field, which takes the keyboard while it waits, has nothing of its
        // own to undo while it is empty: Ctrl+Z there undoes the last step, as elsewhere.
        let typing = ui.ctx().text_edit_focused();
        // The key list or a dialog above the screen takes every key.
        let blocked = !typing && !crate::app::keys::shortcuts_free(ui.ctx());
        if blocked {
            return;
        }
        if (!typing || self.roll_text.is_empty()) && ui.input_mut(|i| i.consume_shortcut(&UNDO)) {
            self.undo_keyed(true);
            return;
        }
        if typing {
            return;
        }
        let none = egui::Modifiers::NONE;
        match step {
            SoloStep::PlayerTurn => {
                if ui.input_mut(|i| i.consume_key(none, START_TEMPEST)) {
                    self.report_keyed(SoloInput::StartTempest, true);
                }
            }
            SoloStep::Discard => {
                for (key, colour) in DISCARD_KEYS {
                    if ui.input_mut(|i| i.consume_key(none, key)) {
                        self.report_keyed(SoloInput::Discard { colour }, true);
                        return;
                    }
                }
            }
            SoloStep::BlackDie => {
                if ui.input_mut(|i| i.consume_key(none, ROLL)) {
                    self.roll(ui, true);
                    return;
                }
                // 1–6 report the real black die's number.
                for (n, key) in (1..=6u8).zip(crate::app::DIGIT_KEYS) {
                    if ui.input_mut(|i| i.consume_key(none, key)) {
                        self.report_keyed(SoloInput::BlackDie { number: n }, true);
                        return;
                    }
                }
            }
            SoloStep::GameOver => {}
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let mut command = crate::app::myset::stand_in_notice(ui, shared);
        // The board takes what the side column (450 wide) leaves; below `STACK_BELOW` (a large
        // text size, a narrow window, the rules beside) the column goes above it instead: what
        // to do this turn comes first.
        let top = std::mem::take(&mut self.to_top);
        self.reduce_motion = shared.settings.reduce_motion;
        match BoardLayout::for_space(ui.available_size(), 450.0) {
            BoardLayout::Beside { board, side } => {
                ui.horizontal_top(|ui| {
                    self.board(ui, board);
                    ui.add_space(12.0);
                    ui.vertical(|ui| {
                        side_area(top).show(ui, |ui| {
                            ui.set_width(side);
                            command = self.page(ui, shared).or(command.take());
                            crate::app::scroll::page(ui);
                        });
                    });
                });
            }
            BoardLayout::Stacked { board, side } => {
                side_area(top).show(ui, |ui| {
                    ui.scope(|ui| {
                        ui.set_width(side);
                        command = self.page(ui, shared).or(command.take());
                    });
                    ui.add_space(12.0);
                    // Narrower than the window when the height is what limits it: centred.
                    ui.vertical_centered(|ui| self.board(ui, board));
                    crate::app::scroll::page(ui);
                });
            }
        }
        command
    }

    fn page(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        if self.game.is_none() {
            self.setup_page(ui)
        } else {
            self.game_page(ui, shared)
        }
    }

    fn board(&self, ui: &mut egui::Ui, size: f32) {
        let empty = [SpaceDice::default(); SPACE_COUNT];
        let (arrow, direction) = match &self.game {
            Some(g) => (g.arrow, g.arrow_direction),
            None => (self.comps.solo.start, crate::engine::Direction::Clockwise),
        };
        BoardView {
            id: "solo",
            pool: &empty,
            detail: DiceDetail::Faces,
            // The space is lit once the app's die has landed (see the banner). Told by the
            // time, not by `rolling`: that is reset by the card, drawn after the board in the
            // frame the die lands, and no frame came after to light it.
            highlight: self
                .cleared
                .filter(|c| !c.earlier && self.die_landed(ui.input(|i| i.time)))
                .map_or(0, |c| 1u32 << c.space),
            soft_highlight: 0,
            pawns: None,
            solo: Some(SoloOverlay {
                board: &self.comps.solo,
                arrow,
                direction,
            }),
            shores_clickable: false,
            chosen_shore: None,
            take_focus: false,
            collect_face: None,
        }
        .show(ui, size);
    }

    fn setup_page(&mut self, ui: &mut egui::Ui) -> Option<Command> {
        if let Some(notice) = &self.load_notice {
            theme::warning_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(format!("{} {notice}", theme::WARNING_GLYPH));
            });
            ui.add_space(8.0);
        }
        let mut seeder = false;
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(tr("Set up the solo game"))
                    .size(22.0)
                    .color(theme::GLOW),
            );
            for (i, line) in SETUP.into_iter().enumerate() {
                ui.label(format!("{}. {}", i + 1, tr(line)));
                if i == SEED_STEP {
                    let r = ui.link(tr("Lay the pool out with the Board seeder"));
                    // A link draws no frame: the ring every other control shows with the keys.
                    if r.has_focus() {
                        crate::app::board::focus_ring_rect(ui.painter(), r.rect.expand(3.0), 3.0);
                    }
                    seeder |= r.clicked();
                }
            }
        });
        ui.add_space(10.0);
        let mut resume_clicked = None;
        if let Some(save) = &self.resume {
            let turn = SoloCompanion::replay(Arc::clone(&self.comps), &save.log)
                .map(|g| crate::words::solo_turn(g.current_turn()))
                .unwrap_or_default();
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(trf!("A solo game was saved at {turn}.", turn));
                let r = ui.button(tr("Continue the saved game"));
                if r.clicked() {
                    resume_clicked = Some(r.has_focus());
                }
            });
            ui.add_space(10.0);
        }
        if let Some(keyed) = resume_clicked {
            self.continue_saved();
            if keyed {
                self.focus = self.game.as_ref().map(|g| g.step);
            }
        }
        let start = if self.resume.is_some() {
            tr("Start a new solo game instead")
        } else {
            tr("Start the solo game")
        };
        let r = ui.button(RichText::new(start).size(18.0));
        if r.clicked() {
            self.start_new();
            if r.has_focus() {
                self.focus = Some(SoloStep::PlayerTurn);
            }
        }
        seeder.then_some(Command::SeedSetup)
    }

    fn game_page(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let mut command = None;
        // Keys first, so that this frame already draws what they did.
        self.shortcuts(ui);
        let game = self.game.clone().expect("a game");
        let comps = Arc::clone(&self.comps);
        let section_name = |s: u8| comps.section_label(s);
        // Where the game stands.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            let headline = if game.step == SoloStep::GameOver {
                tr("The game is over").to_string()
            } else {
                crate::words::solo_turn(game.current_turn())
            };
            ui.label(RichText::new(headline).size(24.0).color(theme::GLOW));
            let pawns = game.pawns_left();
            let section = section_name(game.arrow);
            ui.label(match game.arrow_direction {
                Direction::Clockwise => trf!(
                    "Pawns left this round: {pawns} · the arrow points at {section} and turns clockwise",
                    pawns,
                    section
                ),
                Direction::CounterClockwise => trf!(
                    "Pawns left this round: {pawns} · the arrow points at {section} and turns counter-clockwise",
                    pawns,
                    section
                ),
            });
        });
        ui.add_space(8.0);
        self.cleared_card(ui);
        let round_two = game.round == 2 && game.turn == 0 && game.step == SoloStep::PlayerTurn;
        // What the last tempest of round 1 asks for (the arrow to turn) comes before round 2's
        // set-up, which is done "once the tempest's steps above are done": under the step, it
        // had come after it, and the arrow was turned after the marker was flipped.
        let notice = (self.notice.as_ref())
            .map(|m| (self.notice_text(m), matches!(m, Notice::Events(_))))
            .filter(|(text, _)| !text.is_empty());
        let notice_ui = |ui: &mut egui::Ui, (text, events): &(String, bool)| {
            ui.label(if *events {
                RichText::new(text).size(16.0).color(theme::GLOW)
            } else {
                RichText::new(text).color(theme::TEXT_DIM)
            });
        };
        if round_two && let Some(n) = &notice {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                notice_ui(ui, n);
            });
            ui.add_space(8.0);
        }
        if round_two {
            theme::warning_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new(tr("Round 2")).strong());
                ui.label(tr(
                    "Once the tempest's steps above are done: flip the first player marker: the \
                     arrow keeps pointing where it is but turns counter-clockwise from now on. Your round-1 pawns stay and block \
                     their shores; take the six set-aside pawns and use the other six shores. \
                     Move the dice left in the pool to the box lid and refill the pool from it.",
                ));
                if ui
                    .button(tr("Lay out the refill in the Board seeder"))
                    .clicked()
                {
                    command = Some(Command::Refill);
                }
            });
            ui.add_space(8.0);
        }

        // The step. Its widgets keep their ids whatever the cards above show, so that the
        // keyboard focus stays where it is from one report to the next.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            let scope = egui::Id::unique(("solo_step", game.step as u8));
            ui.scope_builder(egui::UiBuilder::new().scope_id(scope), |ui| {
                if let Some(c) = self.step_ui(ui, &game) {
                    command = Some(c);
                }
            });
            // What to do, as plainly as the space to clear says its step.
            if let Some(n) = notice.as_ref().filter(|_| !round_two) {
                ui.add_space(6.0);
                notice_ui(ui, n);
            }
            ui.add_space(6.0);
            ui.scope_builder(
                egui::UiBuilder::new().scope_id(egui::Id::unique("solo_undo")),
                |ui| {
                    let hint = trf!(
                        "Take back the last step, as many times as needed ({shortcut})",
                        shortcut = ui.ctx().format_shortcut(&UNDO)
                    );
                    let r = ui
                        .add_enabled(!game.log.is_empty(), egui::Button::new(tr("Undo")))
                        .on_hover_text(hint);
                    if r.clicked() {
                        self.undo_keyed(r.has_focus());
                    }
                },
            );
        });
        ui.add_space(8.0);
        self.ledger(ui, &game, shared.settings.glyphs);
        ui.add_space(8.0);
        // The tempest log.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr("Tempest log")).color(theme::GLOW));
            for (turn, events) in game.history.iter().rev() {
                if events.is_empty() {
                    continue;
                }
                let text = events
                    .iter()
                    .map(|e| e.describe(&self.comps))
                    .reduce(|earlier, later| trf!("{earlier}; {later}", earlier, later))
                    .unwrap_or_default();
                ui.label(trf!(
                    "{turn}: {events}",
                    turn = crate::words::solo_turn(*turn),
                    events = text
                ));
            }
        });
        command
    }

    fn ledger(&self, ui: &mut egui::Ui, game: &SoloCompanion, glyphs: bool) {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr("The tempest")).color(theme::GLOW));
            let tempest = game.tempest_token_values();
            let mine = game.player_token_values();
            egui::Grid::new("solo_ledger")
                .num_columns(4)
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(RichText::new(tr("tempest")).color(theme::TEXT_DIM));
                    ui.label(RichText::new(tr("yours")).color(theme::TEXT_DIM));
                    ui.label(RichText::new(tr("left in stack")).color(theme::TEXT_DIM));
                    ui.end_row();
                    for c in JarColour::ALL {
                        ui.label(theme::jar_label(c, glyphs));
                        let list = |v: &Vec<u32>| {
                            if v.is_empty() {
                                "–".to_string()
                            } else {
                                v.iter()
                                    .map(|x| x.to_string())
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            }
                        };
                        ui.label(list(&tempest[c]));
                        ui.label(list(&mine[c]));
                        ui.label((10 - game.stack_taken[c.index()] as u32).to_string());
                        ui.end_row();
                    }
                });
            ui.label(trf!(
                "Dice in the tempest: {dice} (each costs a point at the end)",
                dice = game.tempest_dice
            ));
        });
    }
}
