//! The history's file cannot be used: what is wrong, and what can be done about it (try
//! again, read it without writing, keep it aside and start a new one).

use super::{HistoryScreen, folder_takes_files, history_words};
use crate::app::theme;
use crate::history::{History, HistoryError, WINDOW_WAIT};
use crate::i18n::{Said, tr};
use crate::trf;
use eframe::egui;

impl HistoryScreen {
    /// The database cannot be used: what is wrong, and what can be done.
    pub(super) fn fault(&mut self, ui: &mut egui::Ui, path: &std::path::Path) {
        let Some(Err(e)) = &self.opened else { return };
        let e = e.clone();
        theme::warning_frame().show(ui, |ui| {
            ui.label(format!(
                "{} {}",
                theme::WARNING_GLYPH,
                trf!("{problem}.", problem = history_words(&e, path))
            ));
            // Finished games wait beside the file, unless its folder cannot take them either.
            let folder_blocked = match e {
                // A file made read-only may sit in a folder that takes files.
                // So may a file that failed to read or write, or a folder in its place: the
                // folder is what says (they had been said "not recorded", and were queued).
                HistoryError::ReadOnly | HistoryError::NotAFile | HistoryError::Io => {
                    !path.parent().is_some_and(folder_takes_files)
                }
                HistoryError::Full => true,
                _ => false,
            };
            ui.label(if folder_blocked {
                tr("Games finished while the history cannot be written are not recorded.")
            } else {
                tr(
                    "Games keep being played; those finished now wait beside the file and are \
                     written once the history can be used again.",
                )
            });
            let exists = path.is_file();
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr("Try again")).clicked() {
                    // Opened for writing if it can be now (a read-only opening is asked anew).
                    self.status = None;
                    self.opened = None;
                    self.read_only = false;
                    self.rows = None;
                }
                // A damaged file often still reads, all but a page or two: what can be read
                // of it is shown.
                if matches!(
                    e,
                    HistoryError::Newer { .. }
                        | HistoryError::Locked
                        | HistoryError::ReadOnly
                        | HistoryError::Full
                        | HistoryError::Io
                        | HistoryError::Corrupt
                ) && exists
                    && ui.button(tr("Read it without writing")).clicked()
                {
                    let tried = History::open_read_only_waiting(path, WINDOW_WAIT);
                    // Not even that: said, or the button would seem to do nothing.
                    self.status = tried.as_ref().err().map(|e| {
                        let (e, path) = (e.clone(), path.to_path_buf());
                        Said::warning(Said::new(move || {
                            trf!(
                                "It cannot be read without writing either: {problem}.",
                                problem = history_words(&e, &path)
                            )
                        }))
                    });
                    self.opened = Some(tried);
                    self.read_only = true;
                    self.rows = None;
                }
                // Not a newer version's file: moved aside, its games would be missing from
                // that version's history too (it reads without writing here).
                let keep = if e == HistoryError::Corrupt {
                    tr("Keep this file aside; start a new one with the games it still holds")
                } else {
                    tr("Keep this file aside and start a new one")
                };
                if matches!(e, HistoryError::Corrupt | HistoryError::Foreign)
                    && ui.button(keep).clicked()
                {
                    self.status = match crate::history::keep_aside(path) {
                        // A damaged history's games that still read go into the new one.
                        Ok(aside) if e == HistoryError::Corrupt => {
                            self.rescuing =
                                Some(super::rescue::Rescuing::start(ui.ctx(), path, aside));
                            None
                        }
                        Ok(aside) => Some(Said::new(move || {
                            trf!(
                                "The old file is kept as {file}; a new history starts.",
                                file = aside.display()
                            )
                        })),
                        Err(err) => {
                            let kind = err.kind();
                            Some(Said::warning(Said::new(move || {
                                trf!(
                                    "The old file could not be moved aside ({error}); nothing was changed.",
                                    error = crate::words::io_error(kind)
                                )
                            })))
                        }
                    };
                    self.opened = None;
                    self.read_only = false;
                    self.rows = None;
                }
            });
        });
        // What the last button did (a read that failed again, a file kept aside).
        if let Some(s) = &self.status {
            theme::said_label(ui, s, false);
        }
    }
}
