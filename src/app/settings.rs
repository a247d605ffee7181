//! Settings that persist across restarts (through eframe's storage).

use super::{Command, Shared, theme};
use eframe::egui;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Show a shape next to every colour, for colour-blind players.
    pub glyphs: bool,
    /// Reopen the window at its last size and place; otherwise at the default size.
    pub remember_window: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            glyphs: true,
            remember_window: true,
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SettingsScreen;

impl SettingsScreen {
    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let s = &mut shared.settings;
        ui.heading("Settings");
        ui.add_space(8.0);
        theme::card_frame().show(ui, |ui| {
            ui.set_max_width(640.0);
            ui.checkbox(&mut s.glyphs, "Colour-blind glyphs");
            ui.label(
                egui::RichText::new(format!(
                    "A shape beside every colour: dice {} {} {} {}, tokens and jars {} {} {}. \
                     Colour names are always written out as well.",
                    theme::dice_glyph(crate::engine::DiceColour::Orange),
                    theme::dice_glyph(crate::engine::DiceColour::Green),
                    theme::dice_glyph(crate::engine::DiceColour::Purple),
                    theme::dice_glyph(crate::engine::DiceColour::Blue),
                    theme::jar_glyph(crate::engine::JarColour::Gold),
                    theme::jar_glyph(crate::engine::JarColour::Brown),
                    theme::jar_glyph(crate::engine::JarColour::Red),
                ))
                .color(theme::TEXT_DIM)
                .small(),
            );
            ui.add_space(12.0);
            ui.checkbox(&mut s.remember_window, "Remember window size and position");
            ui.label(
                egui::RichText::new(format!(
                    "When off, the window opens at {}×{} each time.",
                    theme::DEFAULT_WINDOW[0],
                    theme::DEFAULT_WINDOW[1]
                ))
                .color(theme::TEXT_DIM)
                .small(),
            );
            if ui.button("Reset window size now").clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::InnerSize(
                    theme::DEFAULT_WINDOW.into(),
                ));
            }
            ui.add_space(12.0);
            ui.label(
                egui::RichText::new("Settings are saved when the app closes.")
                    .color(theme::TEXT_DIM)
                    .small(),
            );
        });
        None
    }
}
