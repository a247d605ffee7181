//! The board seeder: a random pool layout to copy onto the physical board, its seed code, the
//! totals to pull from the bag, a round-2 refill from the dice in the box lid, a space-by-space
//! placing guide, and a printable PNG.

use super::board::{BoardView, DiceDetail};
use super::export::{ExportKind, ExportOutcome, PendingExport};
use super::{Command, Shared, theme};
use crate::engine::board::{SPACE_COUNT, space_name};
use crate::engine::types::DiceColour;
use crate::seeder::{Detail, FULL_SUPPLY, Layout, SeedCode, parse_supply, png};
use eframe::egui;

pub struct SeederScreen {
    pub layout: Layout,
    pub detail: Detail,
    /// The code field's text.
    pub code_text: String,
    pub code_error: Option<String>,
    /// Dice counted in the box lid, per colour, as typed.
    pub lid: [String; 4],
    pub lid_error: Option<String>,
    /// The placing guide's current space, when the guide is open.
    pub guide: Option<u8>,
    export: Option<PendingExport>,
    pub status: Option<String>,
}

impl SeederScreen {
    pub fn new(code: SeedCode) -> SeederScreen {
        SeederScreen {
            layout: Layout::generate(code, FULL_SUPPLY),
            detail: Detail::ColoursAndFaces,
            code_text: code.to_string(),
            code_error: None,
            lid: Default::default(),
            lid_error: None,
            guide: None,
            export: None,
            status: None,
        }
    }

    /// Shows the layout for `code` from the current supply.
    pub fn show_code(&mut self, code: SeedCode) {
        self.layout = Layout::generate(code, self.layout.supply);
        self.code_text = code.to_string();
        self.code_error = None;
        if self.guide.is_some() {
            self.guide = Some(0);
        }
    }

    fn new_layout(&mut self) {
        self.show_code(SeedCode::random());
        self.status = None;
    }

    fn apply_code_text(&mut self) {
        match SeedCode::parse(&self.code_text) {
            Ok(c) => self.show_code(c),
            Err(e) => self.code_error = Some(e),
        }
    }

    fn apply_lid(&mut self) {
        let joined = self
            .lid
            .iter()
            .map(|s| if s.trim().is_empty() { "0" } else { s.trim() })
            .collect::<Vec<_>>()
            .join(",");
        match parse_supply(&joined) {
            Ok(supply) if supply == [0; 4] => {
                self.lid_error = Some("count the dice in the box lid first".into())
            }
            Ok(supply) => {
                self.lid_error = None;
                self.layout = Layout::generate(self.layout.code, supply);
            }
            Err(e) => self.lid_error = Some(e),
        }
    }

    fn detail_view(&self) -> DiceDetail {
        match self.detail {
            Detail::ColoursAndFaces => DiceDetail::Faces,
            Detail::ColoursOnly => DiceDetail::ColoursOnly,
        }
    }

    /// The guide's line for a space: "Space O7 (9 of 18): orange 3, blue 3".
    pub fn guide_line(&self, space: u8) -> String {
        let d = self.layout.describe_space(space, self.detail);
        let rest = d.split_once(": ").map_or("", |(_, r)| r);
        format!(
            "Space {} ({} of {}): {rest}",
            space_name(space),
            space + 1,
            SPACE_COUNT
        )
    }

    pub fn has_open_dialog(&self) -> bool {
        self.export.is_some()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        if let Some(p) = &self.export
            && let Some(outcome) = p.poll()
        {
            self.status = Some(match outcome {
                ExportOutcome::Saved(path) => format!("Saved {}", path.display()),
                ExportOutcome::Cancelled => "Export cancelled.".into(),
                ExportOutcome::Failed(e) => format!("{} Could not save: {e}", theme::WARNING_GLYPH),
            });
            self.export = None;
        }
        // Placing guide keys.
        if let Some(g) = self.guide
            && !ui.ctx().text_edit_focused()
        {
            let (next, prev) = ui.input(|i| {
                (
                    i.key_pressed(egui::Key::ArrowRight) || i.key_pressed(egui::Key::Enter),
                    i.key_pressed(egui::Key::ArrowLeft),
                )
            });
            if next && (g as usize) + 1 < SPACE_COUNT {
                self.guide = Some(g + 1);
            } else if prev && g > 0 {
                self.guide = Some(g - 1);
            }
        }

        let avail = ui.available_size();
        let board_size = avail.y.min(avail.x - 420.0).max(360.0);
        ui.horizontal_top(|ui| {
            let highlight = self.guide.map_or(0, |g| 1u32 << g);
            BoardView {
                id: "seeder",
                pool: &self.layout.pool,
                detail: self.detail_view(),
                highlight,
                soft_highlight: 0,
                pawns: None,
                solo: None,
                shores_clickable: false,
                chosen_shore: None,
            }
            .show(ui, board_size);
            ui.add_space(12.0);
            ui.vertical(|ui| {
                egui::ScrollArea::vertical()
                    .id_salt("seeder_side")
                    .show(ui, |ui| self.side_panel(ui, shared));
            });
        });
        None
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        ui.set_width(400.0);
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("Seed code").color(theme::TEXT_DIM));
                ui.label(
                    egui::RichText::new(self.layout.code.to_string())
                        .size(26.0)
                        .monospace()
                        .color(theme::GLOW),
                );
            });
            if self.layout.is_refill() {
                let s = self.layout.supply;
                ui.label(
                    egui::RichText::new(format!(
                        "Round-2 refill from the box lid: orange {}, green {}, purple {}, blue {}",
                        s[0], s[1], s[2], s[3]
                    ))
                    .color(theme::TEXT_DIM),
                );
            }
            ui.horizontal(|ui| {
                if ui
                    .button("New layout")
                    .on_hover_text("A fresh random layout with a new code")
                    .clicked()
                {
                    self.new_layout();
                }
                if ui
                    .button("Copy code")
                    .on_hover_text("Put the code on the clipboard")
                    .clicked()
                {
                    ui.ctx().copy_text(self.layout.code.to_string());
                    self.status = Some(format!("Copied {}", self.layout.code));
                }
                if ui
                    .button("Export PNG…")
                    .on_hover_text("A printable picture of this layout")
                    .clicked()
                    && self.export.is_none()
                {
                    match png::to_png(&self.layout, self.detail) {
                        Ok(bytes) => {
                            self.export = Some(PendingExport::start_bytes(
                                shared.dialog.clone(),
                                ui.ctx().clone(),
                                format!("noctiluca-layout-{}.png", self.layout.code),
                                ExportKind::Png,
                                bytes,
                            ));
                        }
                        Err(e) => self.status = Some(e),
                    }
                }
            });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let label = ui.label("Enter a code");
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.code_text)
                            .desired_width(130.0)
                            .hint_text("K7M2-QX9P"),
                    )
                    .labelled_by(label.id);
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Show layout").clicked() || enter {
                    self.apply_code_text();
                }
            });
            if let Some(e) = &self.code_error {
                ui.colored_label(theme::WARNING, format!("{} {e}", theme::WARNING_GLYPH));
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.label("Show");
                ui.selectable_value(
                    &mut self.detail,
                    Detail::ColoursAndFaces,
                    "Colours and faces",
                )
                .on_hover_text("Every die's face: a fully reproducible board");
                ui.selectable_value(&mut self.detail, Detail::ColoursOnly, "Colours only")
                    .on_hover_text("Which colours go on each space; roll them onto it");
            });
        });
        ui.add_space(10.0);

        // Totals to pull from the bag.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                egui::RichText::new(format!("{} dice to place", self.layout.placed()))
                    .color(theme::GLOW),
            );
            for c in DiceColour::ALL {
                ui.label(
                    egui::RichText::new(format!(
                        "{} {}",
                        theme::dice_glyph(c),
                        theme::capitalised(&self.layout.describe_totals(c, self.detail))
                    ))
                    .color(theme::dice_colour(c)),
                );
            }
            if self.layout.left != [0; 4] {
                ui.label(
                    egui::RichText::new(format!(
                        "Left in the box lid: {}",
                        crate::engine::types::describe_counts(&self.layout.left)
                    ))
                    .color(theme::TEXT_DIM),
                );
            }
        });
        ui.add_space(10.0);

        // Placing guide.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            match self.guide {
                None => {
                    if ui
                        .button("Placing guide")
                        .on_hover_text("Seed the pool one space at a time")
                        .clicked()
                    {
                        self.guide = Some(0);
                    }
                }
                Some(g) => {
                    ui.label(egui::RichText::new(self.guide_line(g)).size(18.0));
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(g > 0, egui::Button::new("Previous"))
                            .on_hover_text("Previous space (←)")
                            .clicked()
                        {
                            self.guide = Some(g - 1);
                        }
                        if (g as usize) + 1 < SPACE_COUNT {
                            if ui
                                .button("Next")
                                .on_hover_text("Next space (→ or Enter)")
                                .clicked()
                            {
                                self.guide = Some(g + 1);
                            }
                        } else {
                            ui.label(
                                egui::RichText::new(format!(
                                    "{} All 18 spaces done",
                                    theme::OK_GLYPH
                                ))
                                .color(theme::GOOD),
                            );
                        }
                        if ui.button("Close guide").clicked() {
                            self.guide = None;
                        }
                    });
                }
            }
        });
        ui.add_space(10.0);

        // Round-2 refill.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(egui::RichText::new("Round-2 refill").color(theme::GLOW));
            ui.label(
                egui::RichText::new(
                    "Count the dice of each colour in the box lid; the refill is laid out from \
                     exactly those (spread evenly over the spaces if there are fewer than 84).",
                )
                .color(theme::TEXT_DIM)
                .size(theme::SMALL_SIZE),
            );
            egui::Grid::new("lid").num_columns(4).show(ui, |ui| {
                for (i, c) in DiceColour::ALL.into_iter().enumerate() {
                    // The shape and the name are separate labels, so the field's accessible
                    // name is the plain "Orange in the lid".
                    let label = ui
                        .horizontal(|ui| {
                            ui.spacing_mut().item_spacing.x = 4.0;
                            ui.label(
                                egui::RichText::new(theme::dice_glyph(c))
                                    .color(theme::dice_colour(c)),
                            );
                            ui.label(
                                egui::RichText::new(format!(
                                    "{} in the lid",
                                    theme::capitalised(c.name())
                                ))
                                .color(theme::dice_colour(c)),
                            )
                        })
                        .inner;
                    ui.add(
                        egui::TextEdit::singleline(&mut self.lid[i])
                            .desired_width(48.0)
                            .hint_text("0"),
                    )
                    .labelled_by(label.id);
                    if i % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Lay out refill").clicked() {
                    self.apply_lid();
                }
                if self.layout.is_refill() && ui.button("Full set (new game)").clicked() {
                    self.layout = Layout::generate(self.layout.code, FULL_SUPPLY);
                }
            });
            if let Some(e) = &self.lid_error {
                ui.colored_label(theme::WARNING, format!("{} {e}", theme::WARNING_GLYPH));
            }
        });
        if let Some(s) = &self.status {
            ui.add_space(6.0);
            ui.label(egui::RichText::new(s).color(theme::TEXT_DIM));
        }
    }
}
