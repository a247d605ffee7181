//! Sheets that come into the calculator whole: a score sheet file (as `noctiluca score` reads
//! one, or as "Export RON…" wrote it), and a sheet another screen hands over (the solo
//! tempest's final score, a game of the history). The sheet it replaces can be brought back
//! until the new one is changed.

use super::*;
use crate::app::export::{OfferAnswer, OpenDialog, PendingRead, Picked, pick_and_read};
use crate::words::Words;
use std::sync::Arc;

/// What is read from a file.
type Opened = Picked<Sheet>;

/// Reads a score sheet file into the calculator's form. Blocking: a worker thread's work.
pub fn read_sheet_file(path: &std::path::Path) -> Result<Sheet, String> {
    let text = crate::engine::files::read_text(path, crate::engine::files::MAX_TEXT_BYTES)
        .map_err(|e| format!("{}: {}", path.display(), e.words()))?;
    let input = ScoreInput::from_sheet_ron(&text).map_err(|e| {
        trf!(
            "this is not a score sheet: {problem}",
            problem = crate::words::ron_error(&e)
        )
    })?;
    let count = input.players.len();
    let fits = match input.tempest {
        Some(_) => count == 1,
        None => (1..=4).contains(&count),
    };
    if !fits {
        return Err(trf!(
            "the sheet has {count} players; the calculator takes the solo game or 2 to 4 players",
            count
        ));
    }
    Ok(Sheet::from_input(&input))
}

impl CalculatorScreen {
    /// Puts `sheet` in the calculator in place of the one there, which can be brought back
    /// ("Back to the sheet before") while the new one is as it came. What the calculator keeps
    /// from one run to the next (the file, the people of the history) stays.
    pub fn open_sheet(&mut self, sheet: Sheet) {
        let before = std::mem::replace(&mut self.sheet, sheet.clone());
        let (keep, kept, kept_at) = (self.keep.take(), self.kept.clone(), self.kept_at);
        let people = std::mem::take(&mut self.people);
        let reading = self.open.take();
        *self = CalculatorScreen::with_sheet(sheet.clone());
        (self.keep, self.kept, self.kept_at) = (keep, kept, kept_at);
        self.people = people;
        self.open = reading;
        if !before.untouched() && before != sheet {
            self.replaced = Some((before, sheet));
        }
    }

    /// Asks for a score sheet file and reads it, on a worker thread (`poll_open` takes it).
    pub(super) fn start_open(&mut self, ctx: &egui::Context, dialog: Arc<dyn OpenDialog>) {
        self.start_reading(ctx, move || {
            pick_and_read(&*dialog, ExportKind::Ron, read_sheet_file)
        });
        self.said_by_open(Said::new(|| tr("Choosing a score sheet…").into()));
    }

    fn start_reading(
        &mut self,
        ctx: &egui::Context,
        read: impl FnOnce() -> Opened + Send + 'static,
    ) {
        self.open = Some(PendingRead::start(ctx, read));
    }

    /// Takes a file read on the worker thread, and shows the files offered where no file
    /// dialog could be shown.
    pub(super) fn poll_open(&mut self, ctx: &egui::Context) {
        if let Some(offer) = &mut self.file_offer
            && let Some(answer) = offer.ui(ctx)
        {
            self.file_offer = None;
            match answer {
                OfferAnswer::Open(path) => {
                    self.start_reading(ctx, move || Picked::Read(read_sheet_file(&path)));
                }
                OfferAnswer::Close => self.said_by_open(Said::new(|| tr("Nothing opened.").into())),
            }
        }
        let Some(answer) = self.open.as_ref().and_then(PendingRead::poll) else {
            return;
        };
        self.open = None;
        match answer {
            Picked::Cancelled => self.said_by_open(Said::new(|| tr("Nothing opened.").into())),
            Picked::NoDialog(offer) => self.file_offer = Some(offer),
            // Refused: the sheet in the calculator stays as it was.
            Picked::Read(Err(e)) => self.said_by_open(Said::new(move || {
                let not = trf!("Not opened: {error}", error = e);
                format!("{} {not}", theme::WARNING_GLYPH)
            })),
            Picked::Read(Ok(sheet)) => {
                self.open_sheet(sheet);
                self.said_by_open(Said::new(|| tr("Score sheet opened.").into()));
            }
        }
    }

    /// Says `said` beside "Open a sheet…", until the sheet changes (not under the exports,
    /// which scrolled the page away from the button).
    fn said_by_open(&mut self, said: Said) {
        self.open_said = Some((said, self.sheet.clone()));
    }

    /// What opening a sheet last said, beside its button, while the sheet is as it was then.
    pub(super) fn open_said_ui(&mut self, ui: &mut egui::Ui) {
        if self
            .open_said
            .as_ref()
            .is_some_and(|(_, of)| *of != self.sheet)
        {
            self.open_said = None;
        }
        if let Some((said, _)) = &self.open_said {
            theme::said_label(ui, said, true);
        }
    }

    /// A score sheet file is being chosen or read.
    pub fn reading_a_file(&self) -> bool {
        self.open.is_some() || self.file_offer.is_some()
    }

    /// "Back to the sheet before", while the sheet that replaced it is as it came.
    pub(super) fn back_to_the_sheet_before(&mut self, ui: &mut egui::Ui) {
        if self
            .replaced
            .as_ref()
            .is_some_and(|(_, opened)| *opened != self.sheet)
        {
            self.replaced = None;
        }
        if self.replaced.is_some()
            && ui
                .button(tr("Back to the sheet before"))
                .on_hover_text(tr(
                    "Put back the sheet the calculator held before this one came in",
                ))
                .clicked()
            && let Some((before, _)) = self.replaced.take()
        {
            self.sheet = before;
            self.status = None;
        }
    }
}
