//! The solo tempest companion: follows a physical solo game step by step. The player moves the
//! pieces; this screen remembers the turn, the tempest's three steps, the arrow and its
//! direction, the token stacks and the tempest's ledger, and hands the final score to the
//! calculator. Every rule comes from `engine::solo`; this screen only asks and shows.

use super::board::{BoardView, DiceDetail, SoloOverlay};
use super::calculator::Sheet;
use super::{Command, Shared, theme};
use crate::engine::Components;
use crate::engine::board::{SPACE_COUNT, SpaceId, space_name};
use crate::engine::scoring::PlayerInput;
use crate::engine::seeding::below;
use crate::engine::solo::{SoloCompanion, SoloEvent, SoloInput, SoloStep};
use crate::engine::state::SpaceDice;
use crate::engine::types::JarColour;
use eframe::egui::{self, RichText};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

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
}

impl SoloSave {
    pub fn read(path: &std::path::Path) -> Result<SoloSave, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let save: SoloSave = ron::from_str(&text).map_err(|e| e.to_string())?;
        if save.format != SAVE_FORMAT || save.version != SAVE_VERSION {
            return Err("not a solo companion save this version can read".into());
        }
        Ok(save)
    }
}

/// The space the last black die cleared, shown until the next report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cleared {
    pub number: u8,
    pub section: u8,
    pub space: SpaceId,
}

pub struct SoloScreen {
    comps: Arc<Components>,
    /// The game being followed; `None` on the set-up page.
    pub game: Option<SoloCompanion>,
    /// The app's black die seed for this game.
    pub seed: u64,
    /// Where the game is saved after every step (`None`: not saved).
    pub save_path: Option<PathBuf>,
    /// A saved game found when the screen was made, offered for resuming.
    pub resume: Option<SoloSave>,
    /// The "dice I could not store" field.
    pub dice_text: String,
    /// Show the black die tumbling (off in tests).
    pub animate: bool,
    rolling: Option<f64>,
    pub cleared: Option<Cleared>,
    /// The last message (a token to take, a refused entry…).
    pub message: Option<String>,
}

impl SoloScreen {
    /// The set-up page, offering a game saved at `save_path` if there is one.
    pub fn new(comps: Arc<Components>, save_path: Option<PathBuf>) -> SoloScreen {
        let resume = save_path
            .as_deref()
            .and_then(|p| SoloSave::read(p).ok())
            .filter(|s| SoloCompanion::replay(Arc::clone(&comps), &s.log).is_ok());
        SoloScreen {
            comps,
            game: None,
            seed: 0,
            save_path,
            resume,
            dice_text: String::new(),
            animate: true,
            rolling: None,
            cleared: None,
            message: None,
        }
    }

    pub fn start_new(&mut self) {
        self.game = Some(SoloCompanion::new(Arc::clone(&self.comps)));
        self.seed = rand::random();
        self.resume = None;
        self.cleared = None;
        self.message = None;
        self.save();
    }

    pub fn continue_saved(&mut self) {
        if let Some(save) = self.resume.take()
            && let Ok(g) = SoloCompanion::replay(Arc::clone(&self.comps), &save.log)
        {
            self.seed = save.seed;
            self.game = Some(g);
            self.cleared = None;
            self.message = Some("Welcome back: the game continues where it stopped.".into());
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
        };
        let text = ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::default())
            .unwrap_or_default();
        if let Err(e) = crate::paths::write_atomic(path, text.as_bytes()) {
            self.message = Some(format!(
                "{} The game could not be saved: {e}",
                theme::WARNING_GLYPH
            ));
        }
    }

    /// Applies a report, remembers what it did, and saves.
    pub fn report(&mut self, input: SoloInput) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match game.apply(input) {
            Ok(events) => {
                self.cleared = events.iter().find_map(|e| match e {
                    SoloEvent::Cleared {
                        number,
                        section,
                        space,
                    } => Some(Cleared {
                        number: *number,
                        section: *section,
                        space: *space,
                    }),
                    _ => None,
                });
                self.message = events
                    .iter()
                    .filter(|e| !matches!(e, SoloEvent::Cleared { .. }))
                    .map(|e| e.describe(&self.comps))
                    .reduce(|a, b| format!("{a}; {b}"))
                    .map(|m| theme::capitalised(&m));
                self.save();
            }
            Err(e) => self.message = Some(format!("{} {e}", theme::WARNING_GLYPH)),
        }
    }

    pub fn undo(&mut self) {
        if let Some(g) = self.game.as_mut()
            && g.undo()
        {
            self.cleared = None;
            self.message = Some("Undone.".into());
            self.save();
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
            name: "You".into(),
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

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let mut command = None;
        let avail = ui.available_size();
        let board_size = avail.y.min(avail.x - 470.0).max(360.0);
        let empty = [SpaceDice::default(); SPACE_COUNT];
        let (arrow, direction) = match &self.game {
            Some(g) => (g.arrow, g.arrow_direction),
            None => (self.comps.solo.start, crate::engine::Direction::Clockwise),
        };
        ui.horizontal_top(|ui| {
            BoardView {
                id: "solo",
                pool: &empty,
                detail: DiceDetail::Faces,
                highlight: self.cleared.map_or(0, |c| 1u32 << c.space),
                soft_highlight: 0,
                pawns: None,
                solo: Some(SoloOverlay {
                    board: &self.comps.solo,
                    arrow,
                    direction,
                }),
                shores_clickable: false,
                chosen_shore: None,
            }
            .show(ui, board_size);
            ui.add_space(12.0);
            ui.vertical(|ui| {
                egui::ScrollArea::vertical()
                    .id_salt("solo_side")
                    .show(ui, |ui| {
                        ui.set_width(450.0);
                        command = if self.game.is_none() {
                            self.setup_page(ui)
                        } else {
                            self.game_page(ui, shared)
                        };
                    });
            });
        });
        command
    }

    fn setup_page(&mut self, ui: &mut egui::Ui) -> Option<Command> {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Set up the solo game").size(22.0).color(theme::GLOW));
            for (i, line) in [
                "Turn the board to its numbered side (as drawn here: three sections, spaces numbered 1 to 6).",
                "Seed the pool as usual (the Board seeder can lay it out).",
                "Take six pawns; set the other six aside for round 2.",
                "Shuffle the jar cards into one face-down deck; deal yourself three and keep two.",
                "Put the first player marker on the island, its arrow pointing at the purple section.",
                "Keep the black die at hand: it is the tempest.",
            ]
            .iter()
            .enumerate()
            {
                ui.label(format!("{}. {line}", i + 1));
            }
        });
        ui.add_space(10.0);
        let mut resume_clicked = false;
        if let Some(save) = &self.resume {
            let label = SoloCompanion::replay(Arc::clone(&self.comps), &save.log)
                .map(|g| g.turn_label())
                .unwrap_or_default();
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(format!("A solo game was saved at {label}."));
                if ui.button("Continue the saved game").clicked() {
                    resume_clicked = true;
                }
            });
            ui.add_space(10.0);
        }
        if resume_clicked {
            self.continue_saved();
        }
        let start = if self.resume.is_some() {
            "Start a new solo game instead"
        } else {
            "Start the solo game"
        };
        if ui.button(RichText::new(start).size(18.0)).clicked() {
            self.start_new();
        }
        None
    }

    fn game_page(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let mut command = None;
        let game = self.game.clone().expect("a game");
        let comps = Arc::clone(&self.comps);
        let section_name = |s: u8| {
            comps
                .solo
                .sections
                .get(s as usize)
                .map_or("?".to_string(), |x| x.colour.to_string())
        };
        // Where the game stands.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            let headline = if game.step == SoloStep::GameOver {
                "The game is over".to_string()
            } else {
                game.turn_label()
            };
            ui.label(RichText::new(headline).size(24.0).color(theme::GLOW));
            ui.label(format!(
                "Pawns left this round: {} · the arrow points at {} and turns {}",
                game.pawns_left(),
                section_name(game.arrow),
                game.arrow_direction.name()
            ));
        });
        ui.add_space(8.0);
        if let Some(c) = self.cleared {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                let shown = self.rolling_face(ui).unwrap_or(c.number);
                ui.label(
                    RichText::new(format!(
                        "Clear space {shown} of the {} section: {}",
                        section_name(c.section),
                        space_name(c.space)
                    ))
                    .size(18.0)
                    .color(theme::WARNING),
                );
                ui.label("Put its dice in the box lid.");
            });
            ui.add_space(8.0);
        }
        if game.round == 2 && game.turn == 0 && game.step == SoloStep::PlayerTurn {
            theme::warning_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new("Round 2").strong());
                ui.label(
                    "Flip the first player marker: the arrow keeps pointing where it is but \
                     turns counter-clockwise from now on. Your round-1 pawns stay and block \
                     their shores; take the six set-aside pawns and use the other six shores. \
                     Move the dice left in the pool to the box lid and refill the pool from it.",
                );
                if ui
                    .button("Lay out the refill in the Board seeder")
                    .clicked()
                {
                    command = Some(Command::Open(super::ScreenKind::Seeder));
                }
            });
            ui.add_space(8.0);
        }

        // The step.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            match game.step {
                SoloStep::PlayerTurn => {
                    ui.label(RichText::new("Your turn").size(18.0).strong());
                    ui.label(
                        "Place a pawn, dive and store as usual. Tell the tempest what happened:",
                    );
                    ui.horizontal(|ui| {
                        let label = ui.label("Dice I could not store");
                        ui.add(
                            egui::TextEdit::singleline(&mut self.dice_text)
                                .desired_width(48.0)
                                .hint_text("0"),
                        )
                        .labelled_by(label.id);
                        if ui.button("Add to the tempest").clicked() {
                            match self.dice_text.trim().parse::<u8>() {
                                Ok(n) if n > 0 => {
                                    self.report(SoloInput::CouldNotStore { dice: n });
                                    self.dice_text.clear();
                                }
                                _ => {
                                    self.message = Some(format!(
                                        "{} Type how many dice you could not store (1 or more).",
                                        theme::WARNING_GLYPH
                                    ))
                                }
                            }
                        }
                    });
                    ui.horizontal_wrapped(|ui| {
                        ui.label("I delivered a jar:");
                        for c in JarColour::ALL {
                            let r = jar_button(ui, c, format!("Delivered a {} jar", c.name()))
                                .on_hover_text("Take the top token of that colour");
                            if r.clicked() {
                                self.report(SoloInput::Delivered { colour: c });
                            }
                        }
                    });
                    ui.add_space(6.0);
                    if ui
                        .button(RichText::new("Start the tempest").size(18.0))
                        .clicked()
                    {
                        self.report(SoloInput::StartTempest);
                    }
                }
                SoloStep::Discard => {
                    ui.label(RichText::new("Tempest 1 of 3").color(theme::TEXT_DIM));
                    ui.label(
                        RichText::new("Discard the top jar card. What colour is it?").size(18.0),
                    );
                    ui.horizontal_wrapped(|ui| {
                        for c in JarColour::ALL {
                            let name = format!("{} card", theme::capitalised(c.name()));
                            if jar_button(ui, c, name).clicked() {
                                self.report(SoloInput::Discard { colour: Some(c) });
                            }
                        }
                        if ui.button("Deck empty").clicked() {
                            self.report(SoloInput::Discard { colour: None });
                        }
                    });
                }
                SoloStep::BlackDie => {
                    ui.label(RichText::new("Tempest 2 of 3").color(theme::TEXT_DIM));
                    ui.label(
                        RichText::new(format!(
                            "Roll the black die for the {} section.",
                            section_name(game.arrow)
                        ))
                        .size(18.0),
                    );
                    ui.horizontal_wrapped(|ui| {
                        if ui.button("Roll the black die").clicked() {
                            let n = self.app_roll();
                            self.report(SoloInput::BlackDie { number: n });
                            if self.animate {
                                self.rolling = Some(ui.input(|i| i.time));
                            }
                        }
                        ui.label("or, with the real die:");
                        for n in 1..=6u8 {
                            let r = ui.button(n.to_string());
                            let name = format!("I rolled {n}");
                            r.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, &name)
                            });
                            if r.clicked() {
                                self.report(SoloInput::BlackDie { number: n });
                            }
                        }
                    });
                    ui.label(
                        RichText::new("Then the arrow turns to the next section (step 3).")
                            .color(theme::TEXT_DIM),
                    );
                }
                SoloStep::GameOver => {
                    ui.label(RichText::new("Final scoring").size(18.0).strong());
                    ui.label(
                        "The tempest's tokens and dice and your tokens are filled in. Add your \
                         jar bonuses, favourite and leftover dice in the calculator.",
                    );
                    if ui.button("Final score…").clicked()
                        && let Some(sheet) = self.final_sheet()
                    {
                        command = Some(Command::OpenSheet(Box::new(sheet)));
                    }
                    if ui.button("Start a new solo game").clicked() {
                        self.start_new();
                    }
                }
            }
            if let Some(m) = &self.message {
                ui.add_space(6.0);
                ui.label(RichText::new(m).color(theme::TEXT_DIM));
            }
            ui.add_space(6.0);
            if ui
                .add_enabled(!game.log.is_empty(), egui::Button::new("Undo"))
                .on_hover_text("Take back the last step (as many times as needed)")
                .clicked()
            {
                self.undo();
            }
        });
        ui.add_space(8.0);
        self.ledger(ui, &game, shared.settings.glyphs);
        ui.add_space(8.0);
        // The tempest log.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Tempest log").color(theme::GLOW));
            for (label, events) in game.history.iter().rev() {
                if events.is_empty() {
                    continue;
                }
                let text: Vec<String> = events.iter().map(|e| e.describe(&self.comps)).collect();
                ui.label(format!("{label}: {}", text.join("; ")));
            }
        });
        command
    }

    /// While the app's die tumbles, a changing face; `None` once it has landed.
    fn rolling_face(&mut self, ui: &egui::Ui) -> Option<u8> {
        let start = self.rolling?;
        let now = ui.input(|i| i.time);
        if now - start >= ROLL_SECONDS {
            self.rolling = None;
            return None;
        }
        ui.ctx().request_repaint();
        Some(((now * 14.0) as u64 % 6) as u8 + 1)
    }

    fn ledger(&self, ui: &mut egui::Ui, game: &SoloCompanion, glyphs: bool) {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("The tempest").color(theme::GLOW));
            let tempest = game.tempest_token_values();
            let mine = game.player_token_values();
            egui::Grid::new("solo_ledger")
                .num_columns(4)
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(RichText::new("tempest").color(theme::TEXT_DIM));
                    ui.label(RichText::new("yours").color(theme::TEXT_DIM));
                    ui.label(RichText::new("left in stack").color(theme::TEXT_DIM));
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
            ui.label(format!(
                "Dice in the tempest: {} (each costs a point at the end)",
                game.tempest_dice
            ));
        });
    }
}

/// A button showing a jar colour's shape and name in its colour, with its own accessible name.
fn jar_button(ui: &mut egui::Ui, c: JarColour, accessible_name: String) -> egui::Response {
    let text = RichText::new(format!(
        "{} {}",
        theme::jar_glyph(c),
        theme::capitalised(c.name())
    ))
    .color(theme::jar_colour(c));
    let r = ui.button(text);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &accessible_name));
    r
}
