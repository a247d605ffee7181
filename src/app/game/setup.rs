//! The new game dialog: solo or 2–4 seats, each a human (name) or a bot (level), the first
//! player, and an optional seed code (same code, same game).

use super::{GameScreen, SeatInfo};
use crate::ai::BOT_LEVELS;
use crate::app::{Command, Shared, theme};
use crate::engine::{GameConfig, Seat};
use crate::seeder::SeedCode;
use eframe::egui::{self, RichText};

/// One seat in the dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatForm {
    pub name: String,
    /// `None`: a human; otherwise an index into `BOT_LEVELS`.
    pub ai: Option<usize>,
}

/// The dialog's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameDialog {
    /// 1 (solo) to 4.
    pub players: u8,
    pub seats: [SeatForm; 4],
    /// `None`: chance picks the first player.
    pub first: Option<Seat>,
    pub seed_text: String,
    pub error: Option<String>,
}

impl Default for NewGameDialog {
    fn default() -> NewGameDialog {
        let seat = |name: &str, ai: Option<usize>| SeatForm {
            name: name.into(),
            ai,
        };
        NewGameDialog {
            players: 2,
            seats: [
                seat("Ada", None),
                seat("Bea", None),
                seat("Cyd", Some(2)),
                seat("Dov", Some(2)),
            ],
            first: None,
            seed_text: String::new(),
            error: None,
        }
    }
}

impl NewGameDialog {
    /// The rules configuration, the seats and the seed the dialog describes.
    pub fn game_spec(&self) -> Result<(GameConfig, Vec<SeatInfo>, u64), String> {
        let n = self.players.clamp(1, 4);
        let config = if n == 1 {
            GameConfig::solo()
        } else {
            GameConfig {
                players: n,
                first_player: self.first.filter(|&f| f < n),
            }
        };
        let seats = self.seats[..n as usize]
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = f.name.trim();
                SeatInfo {
                    name: if name.is_empty() {
                        format!("Player {}", i + 1)
                    } else {
                        name.to_string()
                    },
                    ai: f
                        .ai
                        .map(|l| BOT_LEVELS[l.min(BOT_LEVELS.len() - 1)].to_string()),
                }
            })
            .collect();
        let code = if self.seed_text.trim().is_empty() {
            SeedCode::random()
        } else {
            SeedCode::parse(&self.seed_text).map_err(|e| format!("Seed code: {e}"))?
        };
        Ok((config, seats, code.value()))
    }
}

/// Gives a widget a precise accessible name (several "Human" buttons sit on one page).
fn named(r: egui::Response, role: egui::Role, name: &str) -> egui::Response {
    r.widget_info(|| egui::WidgetInfo::labeled(role, true, name));
    r
}

impl GameScreen {
    pub(super) fn setup_page(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let resumable = self.resume.is_some();
        let busy = self.has_open_dialog();
        let status = self.status.clone();
        let d = &mut self.setup;
        let mut start = false;
        let mut load = false;
        let mut resume = false;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.set_max_width(720.0);
                ui.label(RichText::new("New game").heading().color(theme::GLOW));
                ui.add_space(6.0);
                if resumable {
                    theme::card_frame().show(ui, |ui| {
                        ui.label("A game was under way when the app last closed.");
                        if ui.button("Continue the saved game").clicked() {
                            resume = true;
                        }
                    });
                    ui.add_space(8.0);
                }
                theme::card_frame().show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new("Players").strong());
                        for (n, label) in [
                            (1, "Solo"),
                            (2, "2 players"),
                            (3, "3 players"),
                            (4, "4 players"),
                        ] {
                            if ui.selectable_label(d.players == n, label).clicked() {
                                d.players = n;
                            }
                        }
                    });
                    ui.add_space(6.0);
                    egui::Grid::new("seats")
                        .spacing(egui::vec2(8.0, 8.0))
                        .show(ui, |ui| {
                            for i in 0..d.players as usize {
                                let seat = i + 1;
                                let f = &mut d.seats[i];
                                ui.label(
                                    RichText::new(format!("Seat {seat}"))
                                        .color(theme::seat_colour(i as u8))
                                        .strong(),
                                );
                                let r = ui.add_sized(
                                    [150.0, 28.0],
                                    egui::TextEdit::singleline(&mut f.name),
                                );
                                named(r, egui::Role::TextInput, &format!("Name of seat {seat}"));
                                ui.horizontal(|ui| {
                                    let r = ui.selectable_label(f.ai.is_none(), "Human");
                                    if named(r, egui::Role::Button, &format!("Seat {seat}: human"))
                                        .clicked()
                                    {
                                        f.ai = None;
                                    }
                                    ui.label(RichText::new("AI:").color(theme::TEXT_DIM));
                                    for (k, level) in BOT_LEVELS.iter().enumerate() {
                                        let r = ui.selectable_label(
                                            f.ai == Some(k),
                                            theme::capitalised(level),
                                        );
                                        if named(
                                            r,
                                            egui::Role::Button,
                                            &format!("Seat {seat}: AI {level}"),
                                        )
                                        .clicked()
                                        {
                                            f.ai = Some(k);
                                        }
                                    }
                                });
                                ui.end_row();
                            }
                        });
                    ui.add_space(6.0);
                    if d.players > 1 {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(RichText::new("First player").strong());
                            let r = ui.selectable_label(d.first.is_none(), "Random");
                            if named(r, egui::Role::Button, "First player: random").clicked() {
                                d.first = None;
                            }
                            for s in 0..d.players {
                                let name = d.seats[s as usize].name.trim().to_string();
                                let text = if name.is_empty() {
                                    format!("Seat {}", s + 1)
                                } else {
                                    name
                                };
                                let r = ui.selectable_label(d.first == Some(s), text);
                                if named(
                                    r,
                                    egui::Role::Button,
                                    &format!("First player: seat {}", s + 1),
                                )
                                .clicked()
                                {
                                    d.first = Some(s);
                                }
                            }
                        });
                    } else {
                        ui.label(
                            RichText::new(
                                "Solo: you against the tempest, on the numbered side of the board.",
                            )
                            .color(theme::TEXT_DIM),
                        );
                    }
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        ui.label(RichText::new("Seed code").strong());
                        let r = ui.add(
                            egui::TextEdit::singleline(&mut d.seed_text)
                                .hint_text("optional, e.g. K7M2-QX9P")
                                .desired_width(220.0),
                        );
                        named(r, egui::Role::TextInput, "Seed code (optional)");
                        ui.label(
                            RichText::new("Same code, same dice and cards.")
                                .color(theme::TEXT_DIM)
                                .small(),
                        );
                    });
                    if let Some(e) = &d.error {
                        theme::warning_frame().show(ui, |ui| {
                            ui.label(format!("{} {e}", theme::WARNING_GLYPH));
                        });
                    }
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui
                            .add(egui::Button::new(
                                RichText::new("Start the game").size(19.0).strong(),
                            ))
                            .clicked()
                        {
                            start = true;
                        }
                        if ui
                            .add_enabled(!busy, egui::Button::new("Open a saved game…"))
                            .clicked()
                        {
                            load = true;
                        }
                    });
                });
                if let Some(s) = &status {
                    ui.label(RichText::new(s).color(theme::TEXT_DIM));
                }
            });
        });
        if resume {
            self.continue_saved();
        }
        if start && let Err(e) = self.start() {
            self.setup.error = Some(e);
        }
        if load {
            let dialog = shared.open_dialog.clone();
            self.start_load(ui.ctx(), dialog);
        }
        None
    }
}
