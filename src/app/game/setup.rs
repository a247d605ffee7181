//! The new game dialog: solo or 2–4 seats, each a human (name) or a bot (level), the first
//! player, and an optional seed code (same code, same game).

use super::{BOT_LEVEL_NAMES, GameScreen, SeatInfo, default_seat_name};
use crate::ai::BOT_LEVELS;
use crate::app::{Command, Shared, theme};
use crate::engine::{GameConfig, Seat};
use crate::i18n::tr;
use crate::seeder::SeedCode;
use crate::trf;
use eframe::egui::{self, RichText};

/// One seat in the dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatForm {
    /// Left empty, the seat is called "Player 1" (and so on) in the language of the moment.
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
    /// Whether the table offers hints.
    pub hints: bool,
    /// How long a Hard seat thinks over a move, in milliseconds (one of `HARD_THINK_MS`).
    pub hard_ms: u32,
    /// The same for an Expert seat.
    pub expert_ms: u32,
    pub error: Option<String>,
}

/// The think times a Hard (or Expert) seat can be given. The search is fast enough that a
/// quarter of a second plays about as the whole second did before it was sped up; the default
/// stays 1 s.
pub const HARD_THINK_MS: [u32; 3] = [250, 500, 1000];

/// The level a Hard seat is stored as for a think time: plain `hard` for the default second.
pub fn hard_level(ms: u32) -> String {
    search_level("hard", ms)
}

/// `level` (a searching one) with a think time: plain `level` for the default second.
fn search_level(level: &str, ms: u32) -> String {
    if ms == 1000 {
        level.to_string()
    } else {
        format!("{level}:{ms}ms")
    }
}

impl Default for NewGameDialog {
    fn default() -> NewGameDialog {
        let seat = |ai: Option<usize>| SeatForm {
            name: String::new(),
            ai,
        };
        NewGameDialog {
            players: 2,
            seats: [seat(None), seat(None), seat(Some(2)), seat(Some(2))],
            first: None,
            seed_text: String::new(),
            hints: true,
            hard_ms: 1000,
            expert_ms: 1000,
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
        let seats = self.seat_infos();
        let code = if self.seed_text.trim().is_empty() {
            SeedCode::random()
        } else {
            SeedCode::parse(&self.seed_text).map_err(|e| trf!("Seed code: {error}", error = e))?
        };
        Ok((config, seats, code.value()))
    }

    /// The seats of the table the dialog describes, as the game will have them.
    fn seat_infos(&self) -> Vec<SeatInfo> {
        let n = self.players.clamp(1, 4);
        self.seats[..n as usize]
            .iter()
            .enumerate()
            .map(|(i, f)| SeatInfo {
                name: self.seat_name(i),
                ai: f.ai.map(|l| match BOT_LEVELS[l.min(BOT_LEVELS.len() - 1)] {
                    "hard" => hard_level(self.hard_ms),
                    "expert" => search_level("expert", self.expert_ms),
                    level => level.to_string(),
                }),
                stand_in: None,
            })
            .collect()
    }

    /// The first-player choices' words, a seat each, as the table will name the seats: an
    /// unnamed AI seat is "AI Hard" (it was "Player 3", which the table never shows).
    pub fn first_player_choices(&self) -> Vec<String> {
        super::table_names(&self.seat_infos())
    }

    /// The name seat `index` (from 0) will have: the one typed, or "Player 1" and so on.
    pub fn seat_name(&self, index: usize) -> String {
        let name = self.seats[index].name.trim();
        if name.is_empty() {
            default_seat_name(index)
        } else {
            crate::words::printable(name).into_owned()
        }
    }
}

/// Gives a text field a precise accessible name (its label sits in another grid cell).
fn named(r: egui::Response, name: &str) -> egui::Response {
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, name));
    r
}

/// One option of a choice (the seat count, human or a bot level, the first player): a button
/// that reads as a radio button, checked or not, with a name that says what it chooses (several
/// "Human" buttons sit on one page).
fn option(ui: &mut egui::Ui, selected: bool, text: impl Into<String>, name: &str) -> bool {
    let r = ui.selectable_label(selected, text.into());
    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, name));
    r.clicked()
}

/// A searching level's think time: `title`, then one option per time of `HARD_THINK_MS`, each
/// named for a screen reader by `name` (given the seconds).
fn think_time_row(ui: &mut egui::Ui, title: &str, ms: &mut u32, name: impl Fn(f32) -> String) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).strong());
        for option_ms in HARD_THINK_MS {
            let seconds = option_ms as f32 / 1000.0;
            let text = trf!("{seconds} s", seconds);
            if option(ui, *ms == option_ms, text, &name(seconds)) {
                *ms = option_ms;
            }
        }
    });
}

/// One seat's row of the grid: its number, its name, human or a bot level.
fn seat_row(ui: &mut egui::Ui, i: usize, f: &mut SeatForm) {
    let seat = i + 1;
    // As wide in every row, so that the name fields line up.
    ui.add_sized(
        [64.0, 28.0],
        egui::Label::new(
            RichText::new(trf!("Seat {number}", number = seat))
                .color(theme::seat_colour(i as u8))
                .strong(),
        ),
    );
    let r = ui.add_sized(
        [150.0, 28.0],
        egui::TextEdit::singleline(&mut f.name)
            .hint_text(default_seat_name(i))
            .char_limit(theme::NAME_CHARS),
    );
    named(r, &trf!("Name of seat {seat}", seat));
    theme::name_limit(ui, &f.name);
    // Each choice wraps on its own in the seat's row (see `setup_page`).
    let name = trf!("Seat {seat}: human", seat);
    if option(ui, f.ai.is_none(), tr("Human"), &name) {
        f.ai = None;
    }
    ui.label(RichText::new(tr("AI:")).color(theme::TEXT_DIM));
    for (k, level) in BOT_LEVEL_NAMES.iter().enumerate() {
        let level = tr(level);
        // Inside a sentence the level is a common word: lower case in English
        // ("Seat 2: AI easy").
        let lower = level.to_lowercase();
        let name = trf!("Seat {seat}: AI {level}", seat, level = lower);
        let r = ui.selectable_label(f.ai == Some(k), level);
        r.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::RadioButton, true, f.ai == Some(k), &name)
        });
        // What each level plays like ("AI: Random" read as a level picked at random).
        if r.on_hover_text(level_about(k)).clicked() {
            f.ai = Some(k);
        }
    }
}

/// How an AI level plays, in a sentence, for the level's button (`k` in `BOT_LEVELS`).
fn level_about(k: usize) -> &'static str {
    match k {
        0 => tr("Random: plays any move the rules allow, picked at random"),
        1 => tr("Easy: takes what fills its jars now, with slips"),
        2 => tr("Normal: looks to the end of the turn and weighs the majorities"),
        3 => tr("Hard: tries many games ahead before each move, in the time you give it"),
        _ => tr("Expert: the strongest, searching further than Hard in the same time"),
    }
}

impl GameScreen {
    pub(super) fn setup_page(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let resumable = self.resume.is_some();
        let busy = self.has_open_dialog();
        let status = self.status.clone();
        let autosave_notice = self.autosave_notice.clone();
        let d = &mut self.setup;
        let mut start = false;
        let mut load = false;
        let mut resume = false;
        let mut save_left = false;
        let mut command = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                // Wide enough for a seat's row, its name and every level, on one line.
                ui.set_max_width(ui.available_width().min(800.0));
                crate::app::theme::heading(ui, RichText::new(tr("New game")).heading().color(theme::GLOW));
                command = crate::app::myset::stand_in_notice(ui, shared);
                ui.add_space(6.0);
                if let Some(notice) = &autosave_notice {
                    theme::warning_frame().show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.label(format!("{} {notice}", theme::WARNING_GLYPH));
                    });
                    ui.add_space(8.0);
                }
                if resumable {
                    theme::card_frame().show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        // Read from the left, as the dialog below it is.
                        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                        ui.label(tr(
                            "A game was left under way; it is kept until you start another.",
                        ));
                        ui.horizontal_wrapped(|ui| {
                            let r = ui.button(tr("Continue the saved game"));
                            if r.clicked() {
                                resume = true;
                            }
                            // To come back to it after another game: a file keeps it.
                            let r = ui
                                .add_enabled(!busy, egui::Button::new(tr("Save it to a file…")))
                                .on_hover_text(tr(
                                    "Keep the game under way in a file, to open it again after another game",
                                ));
                            if r.clicked() {
                                save_left = true;
                            }
                        });
                        });
                    });
                    ui.add_space(8.0);
                }
                theme::card_frame().show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(tr("Players")).strong());
                        for n in 1..=4u8 {
                            let text = if n == 1 {
                                tr("Solo").to_string()
                            } else {
                                trf!("{count} players", count = n)
                            };
                            if option(ui, d.players == n, text.clone(), &text) {
                                d.players = n;
                            }
                        }
                    });
                    ui.add_space(6.0);
                    // A row a seat, wrapping where the window is narrow (a large text size):
                    // a grid would not let its last column wrap.
                    for i in 0..d.players as usize {
                        ui.horizontal_wrapped(|ui| seat_row(ui, i, &mut d.seats[i]));
                        ui.add_space(4.0);
                    }
                    let seated = |level: &str| {
                        let k = BOT_LEVELS.iter().position(|&l| l == level);
                        d.seats[..d.players as usize]
                            .iter()
                            .any(|f| f.ai.is_some() && f.ai == k)
                    };
                    if seated("hard") {
                        think_time_row(ui, tr("Hard AI thinks"), &mut d.hard_ms, |seconds| {
                            trf!("Hard AI thinks {seconds} s a move", seconds)
                        });
                    }
                    if seated("expert") {
                        think_time_row(ui, tr("Expert AI thinks"), &mut d.expert_ms, |seconds| {
                            trf!("Expert AI thinks {seconds} s a move", seconds)
                        });
                    }
                    ui.add_space(6.0);
                    if d.players > 1 {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(RichText::new(tr("First player")).strong());
                            let name = tr("First player: random");
                            if option(ui, d.first.is_none(), tr("Random"), name) {
                                d.first = None;
                            }
                            let names = d.first_player_choices();
                            for s in 0..d.players {
                                let text = names[s as usize].clone();
                                let name = trf!("First player: seat {number}", number = s + 1);
                                if option(ui, d.first == Some(s), text, &name) {
                                    d.first = Some(s);
                                }
                            }
                        });
                    } else {
                        let text =
                            tr("Solo: you against the tempest, on the numbered side of the board.");
                        ui.label(RichText::new(text).color(theme::TEXT_DIM));
                    }
                    ui.add_space(6.0);
                    // Wrapped: in a narrow window the note goes under the field, not off the
                    // page.
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(tr("Seed code")).strong());
                        let r = ui.add(
                            egui::TextEdit::singleline(&mut d.seed_text)
                                .hint_text(tr("optional, e.g. K7M2-QX9P-6"))
                                .desired_width(220.0),
                        );
                        named(r, tr("Seed code (optional)"));
                        ui.label(
                            RichText::new(tr("Same code, same dice and cards."))
                                .color(theme::TEXT_DIM)
                                .small(),
                        );
                    });
                    // Only a person asks for hints: with AI players alone there is nobody to.
                    let people = d.seats[..d.players as usize].iter().any(|s| s.ai.is_none());
                    ui.horizontal(|ui| {
                        ui.add_enabled(
                            people,
                            egui::Checkbox::new(&mut d.hints, tr("Hints at this table")),
                        )
                        .on_hover_text(tr(
                            "Players may ask the Hard AI what it would do (key H). The end \
                                 screen and the log say who took hints.",
                        ));
                    });
                    if let Some(e) = &d.error {
                        theme::warning_frame().show(ui, |ui| {
                            ui.label(format!("{} {e}", theme::WARNING_GLYPH));
                        });
                    }
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        let r = ui.add(egui::Button::new(
                            RichText::new(tr("Start the game")).size(19.0).strong(),
                        ));
                        if r.clicked() {
                            start = true;
                        }
                        let r = ui.add_enabled(!busy, egui::Button::new(tr("Open a saved game…")));
                        if r.clicked() {
                            load = true;
                        }
                    });
                });
                if let Some(s) = &status {
                    ui.label(RichText::new(s.text()).color(theme::TEXT_DIM));
                }
            });
            crate::app::scroll::page(ui);
        });
        if resume {
            self.continue_saved();
        }
        if save_left {
            self.start_save_left(ui.ctx(), shared);
        }
        if start && let Err(e) = self.start() {
            self.setup.error = Some(e);
        }
        if load {
            let dialog = shared.open_dialog.clone();
            self.start_load(ui.ctx(), dialog);
        }
        command
    }
}
