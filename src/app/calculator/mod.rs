//! The score calculator: what each player won, as the user reads it off the table, turned into
//! the engine's `ScoreInput`; the engine's `score`, `check` and `describe` do all the counting.

use super::export::{ExportKind, OutcomeWords, PendingExport};
use super::{Command, ComponentData, Shared, theme};
use crate::engine::scoring::{
    self, Field, Holder, Outcome, PlayerInput, ProblemKind, ScoreInput, ScoreResult, TempestInput,
};
use crate::engine::{Components, DiceColour, JarColour, PerJar};
use crate::i18n::{Said, tr};
use crate::trf;
use crate::words::MajorityWords;
use eframe::egui;
use eframe::egui::RichText;

mod evaluate;
mod open;
mod pad;
mod people;
mod results;

pub use evaluate::*;
pub use open::read_sheet_file;
use pad::*;
use people::{Offer, People};
pub use results::score_summary;
use results::*;

/// How many are at the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TableSize {
    Solo,
    Two,
    Three,
    #[default]
    Four,
}

impl TableSize {
    pub const ALL: [TableSize; 4] = [
        TableSize::Solo,
        TableSize::Two,
        TableSize::Three,
        TableSize::Four,
    ];

    pub fn players(self) -> usize {
        match self {
            TableSize::Solo => 1,
            TableSize::Two => 2,
            TableSize::Three => 3,
            TableSize::Four => 4,
        }
    }

    /// "Solo", "2 players", … in the current language.
    pub fn label(self) -> String {
        match self {
            TableSize::Solo => tr("Solo").to_owned(),
            t => trf!("{count} players", count = t.players()),
        }
    }
}

/// One player's entries, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerForm {
    pub name: String,
    /// Token values per colour, e.g. "2, 3, 5".
    pub tokens: PerJar<String>,
    pub delivered: String,
    pub jar_bonus: String,
    pub favourite: Option<DiceColour>,
    pub favourite_spaces: String,
    pub leftover_dice: String,
    /// The delivered cards, when picked from the deck list (indices into the deck); they then
    /// stand in for the delivered count, the bonus and the favourite spaces.
    pub cards: Option<Vec<usize>>,
}

impl PlayerForm {
    /// Nothing scored is typed or picked: every count and token field blank. A typed 0 is an
    /// entry (a player can score nothing); a name or a favourite colour alone is not.
    pub fn untouched(&self) -> bool {
        let blank = |s: &String| s.trim().is_empty();
        self.tokens.iter().all(|(_, t)| blank(t))
            && self.cards.is_none()
            && [
                &self.delivered,
                &self.jar_bonus,
                &self.favourite_spaces,
                &self.leftover_dice,
            ]
            .into_iter()
            .all(blank)
    }
}

/// The tempest's entries (solo).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TempestForm {
    pub tokens: PerJar<String>,
    pub dice: String,
}

/// Everything on the calculator's form.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Sheet {
    pub table: TableSize,
    pub players: [PlayerForm; 4],
    pub tempest: TempestForm,
    /// The sheet last saved to the history, names included: saving the same again would
    /// count one game twice. Kept with the sheet, so that it holds after a restart too (the
    /// same result could be saved again then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved: Option<ScoreInput>,
}

impl Sheet {
    /// Nothing scored is typed for any player of the table, nor for the tempest.
    pub fn untouched(&self) -> bool {
        let n = self.table.players();
        self.players.iter().take(n).all(PlayerForm::untouched)
            && (self.table != TableSize::Solo
                || (self.tempest.dice.trim().is_empty()
                    && self.tempest.tokens.iter().all(|(_, t)| t.trim().is_empty())))
    }

    /// A form filled from a score sheet (e.g. one read from a file); values beyond what the form
    /// has room for (a fifth player) are left out.
    pub fn from_input(input: &ScoreInput) -> Sheet {
        let list = |v: &Vec<u32>| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut sheet = Sheet {
            table: match (input.tempest.is_some(), input.players.len()) {
                (true, _) => TableSize::Solo,
                (false, 0..=2) => TableSize::Two,
                (false, 3) => TableSize::Three,
                _ => TableSize::Four,
            },
            ..Sheet::default()
        };
        for (form, p) in sheet.players.iter_mut().zip(&input.players) {
            *form = PlayerForm {
                name: crate::words::printable(&p.name).into_owned(),
                tokens: PerJar::from_fn(|c| list(&p.tokens[c])),
                delivered: p.delivered.to_string(),
                jar_bonus: p.jar_bonus.to_string(),
                favourite: p.favourite,
                favourite_spaces: p.favourite_spaces.to_string(),
                leftover_dice: p.leftover_dice.to_string(),
                cards: None,
            };
        }
        if let Some(t) = &input.tempest {
            sheet.tempest = TempestForm {
                tokens: PerJar::from_fn(|c| list(&t.tokens[c])),
                dice: t.dice.to_string(),
            };
        }
        sheet
    }
}

/// The file in the data folder where the sheet is kept from one run to the next.
pub const KEEP_FILE: &str = "calculator-sheet.ron";

/// Saves the score sheet from anywhere on the calculator, as Save does in other programs.
pub const SAVE_SHORTCUT: egui::KeyboardShortcut = crate::app::keys::SAVE;

/// The calculator screen.
pub struct CalculatorScreen {
    pub sheet: Sheet,
    /// Where the sheet is kept from one run to the next (`keep_in`), the sheet as last kept
    /// there, and when (the app's clock).
    keep: Option<std::path::PathBuf>,
    kept: Sheet,
    kept_at: f64,
    /// The player whose delivered cards are being picked.
    picking: Option<usize>,
    /// The cards ticked in the open list, not yet in the sheet.
    pick_draft: Vec<usize>,
    /// The card list has just opened: its first free card takes the keyboard focus.
    focus_picker: bool,
    export: Option<PendingExport>,
    /// What the last export or copy did.
    pub status: Option<Said>,
    /// The sheet `status` speaks of: once the sheet changes, the line is out of date and goes.
    status_of: Option<Sheet>,
    /// The sheet was saved to the history and has changed since (last frame): what the
    /// recording said at the top of the window is no longer of this sheet.
    pub changed_since_saved: bool,
    /// `status` has been scrolled into sight (below the buttons, it can be past the window's
    /// edge).
    status_seen: bool,
    /// The sheet came from a game of the history: as it is, it is in the history already.
    pub in_history: bool,
    /// That game, typed in from a sheet (number, when played): changed, the sheet can be
    /// saved in its place.
    pub from_game: Option<(i64, i64)>,
    /// The score pad's focusable cells as drawn last frame, player by player and field by
    /// field: the order Tab, Shift+Tab and Enter move in.
    pad_order: Vec<(egui::Id, usize)>,
    /// Each player's "Pick…" button as drawn last frame; the focus goes back there when the
    /// card list closes.
    pick_buttons: [Option<egui::Id>; 4],
    /// Enter in the pad's last field: the first export button takes the keyboard when drawn.
    focus_exports: FocusExports,
    /// The sheet as it was before "Clear the sheet", while the cleared one is untouched:
    /// "Undo clearing" brings it back.
    cleared_from: Option<Sheet>,
    /// Where the keyboard focus goes next frame: after Enter in a field, or once the card list
    /// has gone (egui drops the focus of a widget behind a modal, so it waits until the list no
    /// longer covers the screen).
    refocus: Option<egui::Id>,
    /// The score pad's column the keyboard is in (the tempest's is the last), if any.
    typing: Option<usize>,
    /// The people of the history, offered as names.
    people: People,
    /// The names on offer under a name field.
    offer: Option<Offer>,
    /// A score sheet file being chosen and read.
    open: Option<crate::app::export::PendingRead<Sheet>>,
    /// The score sheets offered where no file dialog could be shown.
    file_offer: Option<crate::app::export::FileOffer>,
    /// The sheet a sheet from elsewhere replaced, and that sheet as it came.
    replaced: Option<(Sheet, Sheet)>,
    /// What opening a sheet last said, and the sheet it was said of.
    open_said: Option<(Said, Sheet)>,
}

/// Whether the first export button is to take the keyboard (after Enter in the pad's last
/// field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FocusExports {
    No,
    NextFrame,
    Now,
}

/// The score pad's column a field is in (`None`: the stacks and the table, which every column
/// feeds). The tempest's column, `tempest`, comes after the players'.
fn column_of(field: Field, tempest: usize) -> Option<usize> {
    match field {
        Field::Tokens(Holder::Player(i), _)
        | Field::Delivered(i)
        | Field::JarBonus(i)
        | Field::Favourite(i)
        | Field::FavouriteColour(i)
        | Field::Leftovers(i) => Some(i as usize),
        Field::Tokens(Holder::Tempest, _) | Field::TempestDice => Some(tempest),
        Field::Stack(_) | Field::Players => None,
    }
}

/// Width of the score pad's first column (the row names).
const ROW_LABEL_WIDTH: f32 = 150.0;
/// Narrowest the result column may be beside the score pad.
const RESULT_MIN_WIDTH: f32 = 520.0;

/// The score pad's rows, in the order a player reads them off the table (the keyboard goes
/// down one player's column in this order, then on to the next player).
mod row {
    pub const NAME: usize = 0;
    /// Gold, brown and red follow.
    pub const TOKENS: usize = 1;
    pub const DELIVERED: usize = 4;
    pub const BONUS: usize = 5;
    pub const CARDS: usize = 6;
    pub const FAVOURITE: usize = 7;
    pub const FAVOURITE_SPACES: usize = 8;
    pub const LEFTOVERS: usize = 9;
    pub const TEMPEST_DICE: usize = 10;
}

impl CalculatorScreen {
    pub fn new(_data: &ComponentData) -> CalculatorScreen {
        CalculatorScreen::with_sheet(Sheet::default())
    }

    pub fn with_sheet(sheet: Sheet) -> CalculatorScreen {
        CalculatorScreen {
            kept: sheet.clone(),
            sheet,
            keep: None,
            kept_at: f64::NEG_INFINITY,
            picking: None,
            pick_draft: Vec::new(),
            focus_picker: false,
            export: None,
            status: None,
            status_of: None,
            status_seen: false,
            in_history: false,
            from_game: None,
            pad_order: Vec::new(),
            pick_buttons: [None; 4],
            focus_exports: FocusExports::No,
            cleared_from: None,
            refocus: None,
            typing: None,
            people: People::default(),
            offer: None,
            open: None,
            file_offer: None,
            replaced: None,
            open_said: None,
            changed_since_saved: false,
        }
    }

    /// Keeps the sheet in `path` from now on (as it is typed, and when the app closes), and
    /// takes the sheet kept there last time, if any. A file there that does not read as a
    /// sheet is moved aside, never written over; what happened is returned in words.
    pub fn keep_in(&mut self, path: std::path::PathBuf) -> Option<Said> {
        let said = match crate::engine::files::read_text(
            &path,
            crate::engine::files::MAX_TEXT_BYTES,
        ) {
            Ok(text) => match ron::from_str::<Sheet>(&text) {
                Ok(sheet) => {
                    self.sheet = sheet.clone();
                    self.kept = sheet;
                    None
                }
                Err(e) => Some(match crate::paths::move_aside(&path, "broken") {
                    Ok(aside) => Said::new(move || {
                        trf!(
                            "The score sheet kept from last time did not read ({problem}); it is kept as {file}, and the calculator starts empty.",
                            problem = crate::words::ron_error(&e),
                            file = aside.display()
                        )
                    }),
                    // Not written over either: the calculator keeps nothing this run.
                    Err(_) => {
                        self.keep = None;
                        return Some(Said::new(move || {
                            trf!(
                                "The score sheet kept from last time did not read ({problem}), and {file} could not be moved aside: the calculator keeps nothing this run.",
                                problem = crate::words::ron_error(&e),
                                file = path.display()
                            )
                        }));
                    }
                }),
            },
            Err(_) => None,
        };
        self.keep = Some(path);
        said
    }

    /// Writes the sheet where it is kept if it changed since: at most once a second while it
    /// is typed (`now`: the app's clock), or at once with `now` infinite (the app closing).
    /// Returns how long to wait before the next try, when it waits.
    pub fn keep_sheet(&mut self, now: f64) -> Option<std::time::Duration> {
        let path = self.keep.as_ref()?;
        if self.sheet == self.kept {
            return None;
        }
        if now - self.kept_at < 1.0 {
            return Some(std::time::Duration::from_secs_f64(
                1.0 - (now - self.kept_at),
            ));
        }
        let text = ron::ser::to_string_pretty(&self.sheet, ron::ser::PrettyConfig::default())
            .unwrap_or_default();
        match crate::paths::write_atomic(path, text.as_bytes()) {
            Ok(()) => self.kept = self.sheet.clone(),
            Err(e) => {
                // Said once, and not tried again until the sheet changes.
                let (file, kind) = (path.clone(), e.kind());
                self.kept = self.sheet.clone();
                self.say(Said::new(move || {
                    format!(
                        "{} {}",
                        theme::WARNING_GLYPH,
                        trf!(
                            "The sheet could not be kept in {file} ({error}) for the next time the app opens.",
                            file = file.display(),
                            error = crate::words::io_error(kind)
                        )
                    )
                }));
            }
        }
        // (Closing writes at once, and leaves the clock of the last write as it was.)
        if now.is_finite() {
            self.kept_at = now;
        }
        None
    }

    /// The score pad's column whose field has the keyboard focus.
    /// Only a field being typed in: a column's button or list box with the focus holds
    /// nothing back.
    fn typing_column(&self, ui: &egui::Ui) -> Option<usize> {
        if !ui.ctx().text_edit_focused() {
            return None;
        }
        let focused = ui.memory(|m| m.focused())?;
        self.pad_order
            .iter()
            .find(|&&(id, _)| id == focused)
            .map(|&(_, col)| col)
    }

    /// The people of the history have been loaded and there is at least one to offer.
    pub fn offers_names(&self) -> bool {
        matches!(&self.people, People::Ready(list) if !list.is_empty())
    }

    /// Shows `said` under the export buttons, until the sheet changes.
    fn say(&mut self, said: Said) {
        self.status = Some(said);
        self.status_of = Some(self.sheet.clone());
        self.status_seen = false;
    }

    pub fn has_open_dialog(&self) -> bool {
        self.picking.is_some() || self.file_offer.is_some()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let command = self.sheet_ui(ui, shared);
        let now = ui.input(|i| i.time);
        if let Some(wait) = self.keep_sheet(now) {
            ui.ctx().request_repaint_after(wait);
        }
        command
    }

    fn sheet_ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        self.poll_open(ui.ctx());
        if let Some(outcome) = self.export.as_ref().and_then(|e| e.poll()) {
            self.export = None;
            self.say(outcome.said(OutcomeWords {
                saved: |p| trf!("Saved to {path}", path = p.display()),
                cancelled: || tr("Nothing saved: no file was chosen.").to_owned(),
                failed: |e| {
                    let failed = trf!("Export failed: {error}", error = e);
                    format!("{} {failed}", theme::WARNING_GLYPH)
                },
            }));
        }
        if self.export.is_none() && self.status_of.as_ref() != Some(&self.sheet) {
            self.status = None;
        }
        if let Some(id) = self.refocus
            && self.picking.is_none()
        {
            if ui.memory(|m| m.allows_interaction(ui.layer_id())) {
                ui.memory_mut(|m| m.request_focus(id));
                self.refocus = None;
            } else {
                ui.ctx().request_repaint();
            }
        }
        self.people.poll(shared.recorder.db.as_deref(), ui.ctx());
        let comps = shared.data.comps.clone();
        let glyphs = shared.settings.glyphs;
        // Exports and the history take the whole evaluation; the screen holds back what the
        // column being typed in does not yet show.
        let full = evaluate(&self.sheet, &comps);
        let mut eval = evaluate(&self.sheet, &comps);
        // The column being typed in is judged once the player leaves it: its problems (and
        // those of the stacks, which it feeds) wait until then.
        let typing = self.typing_column(ui);
        if let Some(c) = typing {
            let tempest = self.sheet.table.players();
            eval.problems.retain(|p| match column_of(p.field, tempest) {
                Some(col) => col != c,
                None => p.field == Field::Players,
            });
        }
        self.typing = typing;
        let mut link = None;

        if let Some(i) = self.picking {
            self.card_picker(ui, i, &comps, glyphs);
        }

        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if let Some(c) = crate::app::myset::stand_in_notice(ui, shared) {
                    link = Some(c);
                }
                if let Some(e) = &shared.data.error {
                    theme::warning_frame().show(ui, |ui| {
                        ui.label(format!("{} {e}", theme::WARNING_GLYPH));
                    });
                }
                self.table_row(ui, &eval, shared);
                ui.add_space(4.0);
                let columns =
                    self.sheet.table.players() + usize::from(self.sheet.table == TableSize::Solo);
                let sp = ui.spacing().item_spacing.x;
                let avail = ui.available_width() - 12.0;
                let fixed = ROW_LABEL_WIDTH + 32.0 + sp * (columns as f32 + 1.0);
                let beside = (avail - fixed - RESULT_MIN_WIDTH - 16.0) / columns as f32;
                if beside >= 112.0 {
                    let col_w = beside.min(200.0);
                    let pad_w = fixed + col_w * columns as f32;
                    ui.horizontal_top(|ui| {
                        ui.vertical(|ui| {
                            ui.set_width(pad_w);
                            self.pad(ui, &eval, col_w, glyphs);
                        });
                        ui.add_space(16.0 - sp);
                        ui.vertical(|ui| {
                            stacks_card(ui, &eval, &comps, glyphs);
                            ui.add_space(8.0);
                            self.results(ui, &eval, &full, shared);
                        });
                    });
                } else {
                    // Narrow (the rules beside it at the smallest window): down to 84 a
                    // column, which still holds "2, 3, 5" and a colour's name.
                    let col_w = ((avail - fixed) / columns as f32).clamp(84.0, 220.0);
                    self.pad(ui, &eval, col_w, glyphs);
                    ui.add_space(8.0);
                    stacks_card(ui, &eval, &comps, glyphs);
                    ui.add_space(8.0);
                    self.results(ui, &eval, &full, shared);
                }
                crate::app::scroll::page(ui);
            });
        link
    }

    fn table_row(&mut self, ui: &mut egui::Ui, eval: &Evaluation, shared: &Shared) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr("At the table:")).strong());
            for t in TableSize::ALL {
                ui.selectable_value(&mut self.sheet.table, t, t.label());
            }
            ui.add_space(20.0);
            if ui
                .button(tr("Clear the sheet"))
                .on_hover_text(tr("Empty every field (the number of players stays)"))
                .clicked()
            {
                let table = self.sheet.table;
                let empty = Sheet {
                    table,
                    ..Sheet::default()
                };
                if self.sheet != empty {
                    self.cleared_from = Some(std::mem::replace(&mut self.sheet, empty));
                    // An empty sheet is no longer that game's.
                    self.from_game = None;
                }
                self.status = None;
            }
            // A sheet cleared by mistake comes back, until the cleared one is written in.
            let untouched = Sheet {
                table: self.sheet.table,
                ..Sheet::default()
            };
            if self.sheet != untouched {
                self.cleared_from = None;
            }
            if self.cleared_from.is_some()
                && ui
                    .button(tr("Undo clearing"))
                    .on_hover_text(tr("Bring back the sheet as it was before it was cleared"))
                    .clicked()
            {
                self.sheet = self.cleared_from.take().unwrap_or_default();
            }
            if ui
                .add_enabled(
                    !self.reading_a_file(),
                    egui::Button::new(tr("Open a sheet…")),
                )
                .on_hover_text(tr(
                    "Open a score sheet file: one exported here, or one written for the \
                     noctiluca score command",
                ))
                .clicked()
            {
                self.start_open(ui.ctx(), shared.open_dialog.clone());
            }
            self.back_to_the_sheet_before(ui);
            self.open_said_ui(ui);
        });
        for p in eval.problems_for(Field::Players) {
            warning_note(ui, &p);
        }
    }
}
