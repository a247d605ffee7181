//! Closing the window while an online game is under way: it ends the player's connection (and,
//! for the host, the game for everyone), so the window asks once before it closes. A request
//! to end from outside (SIGTERM, a session ending) is not asked about.

use super::{NoctilucaApp, theme};
use crate::i18n::tr;
use eframe::egui;

/// Where the question stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuitAsk {
    #[default]
    No,
    /// The window's close was held back: asked now.
    Asking,
    /// The player said to close: the next close goes through.
    Confirmed,
}

impl NoctilucaApp {
    /// Holds back a close of the window while an online game is under way, and asks.
    pub(super) fn ask_before_closing(&mut self, ctx: &egui::Context) {
        let close = ctx.input(|i| i.viewport().close_requested());
        if close
            && self.quit != QuitAsk::Confirmed
            && self.online.game_under_way()
            && !super::native::asked_to_end()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.quit = QuitAsk::Asking;
        }
        if self.quit != QuitAsk::Asking {
            return;
        }
        let host = self.online.is_hosting();
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("quit-online")).show(ctx, |ui| {
            ui.set_max_width(ui.available_width().min(520.0));
            crate::app::theme::heading(ui,
                egui::RichText::new(tr("An online game is under way"))
                    .heading()
                    .color(theme::WARNING),
            );
            ui.label(if host {
                tr("You host it: closing the window closes the game for everyone. It can be resumed later from Play online.")
            } else {
                tr("Closing the window leaves the game: your seat waits for you, then an AI may play it. You can rejoin from Play online.")
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(tr("Close the window")).clicked() {
                    answer = Some(true);
                }
                let keep = ui.button(tr("Keep playing"));
                // The keyboard waits on the safe answer.
                if ui.memory(|m| m.focused().is_none()) {
                    keep.request_focus();
                }
                if keep.clicked() {
                    answer = Some(false);
                }
            });
        });
        if modal.should_close() && answer.is_none() {
            answer = Some(false);
        }
        match answer {
            Some(true) => {
                self.quit = QuitAsk::Confirmed;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Some(false) => self.quit = QuitAsk::No,
            None => {}
        }
    }
}
