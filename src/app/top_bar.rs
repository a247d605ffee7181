//! The bar across the top of the window: Home, the screen's name, an online game under way
//! elsewhere, and what recording the last game said.

use super::{Command, NoctilucaApp, ScreenKind, theme};
use crate::i18n::tr;
use eframe::egui;

impl NoctilucaApp {
    pub(super) fn top_bar(&mut self, ui: &mut egui::Ui) -> Option<Command> {
        let mut command = None;
        let online_note = self
            .online
            .background(ui.ctx(), self.current == ScreenKind::Online);
        egui::Panel::top("top_bar")
            .frame(
                egui::Frame::new()
                    .fill(theme::WATER)
                    .inner_margin(egui::Margin::symmetric(16, 8)),
            )
            .show(ui, |ui| {
                let mut notice_below = false;
                ui.horizontal_wrapped(|ui| {
                    if self.current != ScreenKind::Home
                        && ui
                            .button(format!("← {}", tr("Home")))
                            .on_hover_text(tr("Back to the home screen (Esc)"))
                            .clicked()
                    {
                        command = Some(Command::GoHome);
                    }
                    ui.label(
                        egui::RichText::new(tr("Noctiluca"))
                            .color(theme::GLOW)
                            .size(20.0)
                            .strong(),
                    );
                    if self.current != ScreenKind::Home {
                        ui.label(
                            egui::RichText::new(format!("· {}", self.screen_title()))
                                .color(theme::TEXT_DIM)
                                .size(20.0),
                        );
                    }
                    // Away from Play online: its game, a click (or Tab and Enter) away.
                    if let Some(note) = &online_note
                        && ui
                            .button(format!("● {note}"))
                            .on_hover_text(tr("Back to the online game"))
                            .clicked()
                    {
                        command = Some(Command::Open(ScreenKind::Online));
                    }
                    // What recording said: beside the title when it fits there whole, else on
                    // a row of its own below, wrapped, to be read whole.
                    if let Some(m) = &self.history_notice {
                        let text = egui::RichText::new(m.text()).small();
                        if theme::one_line_width(ui, text) <= ui.available_width() {
                            theme::said_label(ui, m, true);
                        } else {
                            notice_below = true;
                        }
                    }
                });
                if let Some(m) = self.history_notice.as_ref().filter(|_| notice_below) {
                    theme::said_label(ui, m, true);
                }
            });
        command
    }
}
