//! My set: the owner's own jar deck, token stacks and solo numbering, edited in the app and
//! checked as they type. A set without problems is saved as the set in use (atomically, into
//! the config folder) and every mode takes it at once; a set with problems can be kept as a
//! draft but is never used. Export and Import move a set as one file (dialogs on a worker
//! thread). Until a part is marked as checked against the owner's box, the modes that use it
//! say that stand-in data is in use and link here.

mod deck;
mod parts;

use super::export::{
    ExportKind, FileOffer, OfferAnswer, OpenDialog, OutcomeWords, PendingExport, PendingRead,
    Picked, pick_and_read,
};
use super::{Command, ComponentData, ScreenKind, Shared, theme};
use crate::engine::component_set::{Checked, ComponentSet, Part, SET_FILE};
use crate::engine::components::DataProblem;
use crate::engine::{Components, DataSource, JarColour, SpaceId};
use crate::i18n::{Said, tr};
use crate::trf;
use crate::words::{Words, part_name, problem_at};
use eframe::egui::{self, RichText};
use std::path::PathBuf;
use std::sync::Arc;

/// A draft kept with problems (never used by a game) beside the set in use.
pub const DRAFT_FILE: &str = "my-set-draft.ron";

pub struct MySetScreen {
    /// The set being edited.
    pub draft: ComponentSet,
    pub part: Part,
    /// Deck: the jar colour shown (`None`: all).
    pub filter: Option<JarColour>,
    /// Deck: the card being edited (index into the deck).
    pub selected: usize,
    /// Deck: the selected card as a short code, as typed.
    pub code: String,
    pub code_error: Option<String>,
    /// Solo: the space whose number is being set.
    pub solo_space: Option<SpaceId>,
    /// A space chosen by keyboard: its number's button takes the keyboard next frame (the
    /// numbers were 18 Tabs away, past the other spaces).
    solo_number_focus: bool,
    pub status: Option<Said>,
    /// Focus the code field next frame.
    focus_code: bool,
    export: Option<PendingExport>,
    import: Option<PendingRead<ComponentSet>>,
    /// The set files offered where no file dialog could be shown.
    offer: Option<FileOffer>,
    /// The editor's content before Reset to built-in or an import replaced it, and what
    /// replaced it: "Take back" is offered while the editor still holds the latter.
    replaced: Option<(ComponentSet, ComponentSet)>,
    /// The draft as Save found it, while what Save said is shown: once the draft differs, that
    /// is no longer so, and the line says the changes are not saved.
    saved_as: Option<ComponentSet>,
    /// The set as read from the file the editor opened (a set file with problems, or the
    /// draft), while it is not the set in use: nothing to keep aside until it is edited.
    opened: Option<ComponentSet>,
    /// The draft as a line about it was said ("The editor holds what it held before."): once
    /// it differs, the line is said no longer.
    said_of: Option<(ComponentSet, Said)>,
}

impl MySetScreen {
    /// The editor on the set in use (or, when the config folder holds a set file with
    /// problems or a draft, on that file, so the owner can mend it).
    pub fn new(data: &ComponentData) -> MySetScreen {
        let mut draft = ComponentSet::new(&data.comps, data.checked);
        // A set file that cannot be read is said even when a draft is opened after it.
        let mut unreadable: Option<(std::path::PathBuf, crate::engine::components::DataError)> =
            None;
        let mut editing = None;
        if let Some(dir) = &data.config_dir {
            for name in [SET_FILE, DRAFT_FILE] {
                let p = dir.join(name);
                // A file there that cannot be read at all (not text, not a file) is said too.
                let text = match crate::engine::components::read_override(&p) {
                    Ok(Some(text)) => text,
                    Ok(None) => continue,
                    Err(e) => {
                        unreadable = Some((p, e));
                        continue;
                    }
                };
                match ComponentSet::from_ron(&p, &text) {
                    Ok(set) if !set.problems().is_empty() || name == DRAFT_FILE => {
                        draft = set;
                        editing = Some(p);
                        break;
                    }
                    Ok(_) => {}
                    Err(e) => unreadable = Some((p, e)),
                }
            }
        }
        let opened = editing.is_some().then(|| draft.clone());
        let status = match (unreadable, editing) {
            (None, None) => None,
            (None, Some(p)) => Some(Said::new(move || {
                trf!("Editing {file}.", file = p.display())
            })),
            (Some((bad, problem)), None) => Some(Said::new(move || {
                warning(trf!(
                    "{file} cannot be read ({error}); the editor shows the set in use.",
                    file = bad.display(),
                    error = problem_at(&problem)
                ))
            })),
            (Some((bad, problem)), Some(p)) => Some(Said::new(move || {
                warning(trf!(
                    "{file} cannot be read ({error}); the editor shows the draft {draft}.",
                    file = bad.display(),
                    error = problem_at(&problem),
                    draft = p.display()
                ))
            })),
        };
        let code = draft.deck.cards.first().map(card_code).unwrap_or_default();
        MySetScreen {
            draft,
            part: Part::Deck,
            filter: None,
            selected: 0,
            code,
            code_error: None,
            solo_space: None,
            solo_number_focus: false,
            status,
            focus_code: false,
            export: None,
            import: None,
            offer: None,
            replaced: None,
            saved_as: None,
            opened,
            said_of: None,
        }
    }

    pub fn has_open_dialog(&self) -> bool {
        self.export.is_some() || self.import.is_some() || self.offer.is_some()
    }

    /// Every problem of the draft, with its part.
    pub fn problems(&self) -> Vec<(Part, DataProblem)> {
        self.draft.problems()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        self.poll_files();
        if let Some(offer) = &mut self.offer
            && let Some(answer) = offer.ui(ui.ctx())
        {
            self.offer = None;
            match answer {
                OfferAnswer::Open(path) => {
                    self.start_reading(ui.ctx(), move || Picked::Read(read_set(&path)));
                }
                OfferAnswer::Close => {
                    self.status = Some(Said::new(|| tr("Nothing imported.").into()));
                }
            }
        }
        let mut command = None;
        // What Save said ("Kept as a draft…", "Saved…") had stayed on after the next edit,
        // above "A complete set", as if the edit were in use.
        if let Some((draft, said)) = &self.said_of
            && *draft != self.draft
        {
            if self.status.as_ref() == Some(said) {
                self.status = None;
            }
            self.said_of = None;
        }
        if self.saved_as.as_ref().is_some_and(|d| *d != self.draft) {
            self.saved_as = None;
            self.status = Some(Said::new(|| {
                tr("Changed since it was saved: Save (Ctrl+S) to keep the changes.").into()
            }));
        }
        let problems = self.problems();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for part in Part::ALL {
                        let bad = problems.iter().any(|(p, _)| *p == part);
                        let mut text = part_title(part).to_string();
                        if bad {
                            text = format!("{} {text}", theme::WARNING_GLYPH);
                        } else if self.draft.checked.get(part) {
                            text = format!("{} {text}", theme::OK_GLYPH);
                        }
                        // As wide as with a mark before it, whether or not it has one: the
                        // buttons after it had moved some 20 pixels as a problem came.
                        let widest = theme::one_line_width(
                            ui,
                            RichText::new(format!("{} {}", theme::WARNING_GLYPH, part_title(part))),
                        ) + 2.0 * ui.spacing().button_padding.x;
                        let tab = egui::Button::selectable(self.part == part, text)
                            .min_size(egui::vec2(widest, 0.0));
                        if ui.add(tab).clicked() {
                            self.part = part;
                        }
                    }
                    ui.separator();
                    command = self.file_buttons(ui, shared);
                });
                // A row kept for what the buttons say, said or not: the fields below had
                // moved down under the pointer as Save's words came.
                ui.horizontal_wrapped(|ui| {
                    let line = ui.text_style_height(&egui::TextStyle::Body);
                    ui.set_min_height(ui.spacing().interact_size.y.max(line));
                    if let Some(s) = &self.status {
                        let s = s.text();
                        let colour = if s.starts_with(theme::WARNING_GLYPH) {
                            theme::WARNING
                        } else {
                            theme::TEXT_DIM
                        };
                        ui.label(RichText::new(s).color(colour));
                        self.take_back_button(ui);
                    }
                });
                // One line whatever the problems: the fields below stay where they are as a
                // value makes a problem or mends it (a box of them here had pushed the grid
                // down and up under the pointer, and the next click edited another row). The
                // problems are listed in full under the editor.
                self.problem_line(ui, &problems);
                ui.add_space(6.0);
                // The part's fields keep their ids whatever comes and goes above them (the
                // problems, a line said): counted from the top, they changed as a value made a
                // problem, and the next Tab went to "Home".
                let scope = egui::UiBuilder::new().scope_id(ui.scope_id().with("myset-part"));
                ui.scope_builder(scope, |ui| self.part_ui(ui, &problems, shared));
                if !problems.is_empty() {
                    ui.add_space(8.0);
                    self.problem_list(ui, &problems);
                }
                crate::app::scroll::page(ui);
            });
        command
    }

    /// The part chosen: whether it is checked against the box, and its editor.
    fn part_ui(
        &mut self,
        ui: &mut egui::Ui,
        problems: &[(Part, DataProblem)],
        shared: &mut Shared,
    ) {
        let mut checked = self.draft.checked.get(self.part);
        if ui
            .checkbox(&mut checked, tr("Checked against my box"))
            .on_hover_text(tr(
                "Mark this part once it matches your own copy of the game; until all \
                 three are marked, the modes that use them say stand-in data is in use.",
            ))
            .changed()
        {
            self.draft.checked.set(self.part, checked);
        }
        ui.add_space(6.0);
        match self.part {
            Part::Deck => self.deck_ui(ui, problems, shared),
            Part::Tokens => self.tokens_ui(ui, problems),
            Part::Solo => self.solo_ui(ui, problems),
        }
    }

    /// The set's state in one line: complete, or how many problems (listed under the editor).
    fn problem_line(&self, ui: &mut egui::Ui, problems: &[(Part, DataProblem)]) {
        let (text, colour) = match problems.len() {
            0 => (
                format!(
                    "{} {}",
                    theme::OK_GLYPH,
                    tr("A complete set: every count and value as the game needs.")
                ),
                theme::GOOD,
            ),
            1 => (
                format!(
                    "{} {}",
                    theme::WARNING_GLYPH,
                    tr(
                        "This set has a problem (said under the editor): no game uses it until it is mended."
                    )
                ),
                theme::WARNING,
            ),
            n => (
                format!(
                    "{} {}",
                    theme::WARNING_GLYPH,
                    trf!(
                        "This set has {count} problems (listed under the editor): no game uses it until they are mended.",
                        count = n
                    )
                ),
                theme::WARNING,
            ),
        };
        ui.add(egui::Label::new(RichText::new(text).color(colour)).truncate());
    }

    /// Every problem of the set, in words.
    fn problem_list(&self, ui: &mut egui::Ui, problems: &[(Part, DataProblem)]) {
        theme::warning_frame().show(ui, |ui| {
            ui.label(
                RichText::new(tr(
                    "This set has problems. It can be kept as a draft, but no game uses it until \
                     they are mended:",
                ))
                .strong(),
            );
            for (part, p) in problems {
                ui.label(format!(
                    "{} {}: {}",
                    theme::WARNING_GLYPH,
                    part_name(*part),
                    p.words()
                ));
            }
        });
    }

    fn file_buttons(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let busy = self.has_open_dialog();
        let mut command = None;
        if ui
            .button(tr("Save"))
            .on_hover_text(tr(
                "A set without problems becomes the set in use at once; one with problems is \
                 kept as a draft. Key: Ctrl+S",
            ))
            .clicked()
            || ui.input_mut(|i| i.consume_shortcut(&crate::app::keys::SAVE))
        {
            command = self.save(shared);
        }
        // Editing a draft (or a set file with problems): the set in use, a click away.
        if self.opened.is_some()
            && self.draft != ComponentSet::new(&shared.data.comps, shared.data.checked)
            && ui
                .button(tr("Edit the set in use"))
                .on_hover_text(tr(
                    "Put the set every mode uses in the editor, in place of this draft",
                ))
                .clicked()
        {
            self.replace_draft(ComponentSet::new(&shared.data.comps, shared.data.checked));
            let said = Said::new(|| {
                tr("The set in use is in the editor; Take back returns to the draft.").into()
            });
            self.status = Some(said.clone());
            self.said_of = Some((self.draft.clone(), said));
        }
        if ui
            .button(tr("Reset to built-in"))
            .on_hover_text(tr(
                "Start again from the built-in stand-in data (then Save)",
            ))
            .clicked()
        {
            self.replace_draft(ComponentSet::new(
                &Components::default(),
                Checked::default(),
            ));
            self.status = Some(Said::new(|| {
                tr("The built-in data is in the editor; Save to use it.").into()
            }));
        }
        if ui
            .add_enabled(!busy, egui::Button::new(tr("Export…")))
            .on_hover_text(tr("Save this set as one file to share"))
            .clicked()
        {
            self.export = Some(PendingExport::start(
                shared.dialog.clone(),
                ui.ctx().clone(),
                "noctiluca-set.ron".into(),
                ExportKind::Set,
                self.draft.to_ron(),
            ));
            self.status = Some(Said::new(|| tr("Choosing where to export…").into()));
        }
        if ui
            .add_enabled(!busy, egui::Button::new(tr("Import…")))
            .on_hover_text(tr("Open a set file someone shared"))
            .clicked()
        {
            self.start_import(ui.ctx(), shared.open_dialog.clone());
        }
        command
    }

    /// Edits not saved yet are kept as the draft file (the set in use stays as it is), so that
    /// closing the app loses none of them: the editor opens the draft next time. Called as
    /// the app saves its state (on closing, and now and then). A file in the draft's place
    /// that is not a set is somebody's: it is left alone.
    /// A draft that cannot be written is said on the screen (written every half minute while
    /// the app runs, so the player hears of it before closing).
    pub fn keep_unsaved(&mut self, data: &ComponentData) {
        let Some(dir) = &data.config_dir else { return };
        let path = dir.join(DRAFT_FILE);
        if self.draft == ComponentSet::new(&data.comps, data.checked) {
            // Mended back to the set in use: a draft of ours there is of no more use, and is
            // set aside (it had stayed, and the editor opened its problems again).
            if path.exists() && crate::words::not_a_set(&path).is_none() {
                let _ = crate::paths::move_aside(&path, "replaced");
            }
            self.opened = None;
            return;
        }
        // Unedited since it was read: the file it came from holds it (a set file with
        // problems had been copied to a draft on every run).
        if self.opened.as_ref() == Some(&self.draft) {
            return;
        }
        let text = self.draft.to_ron();
        if std::fs::read_to_string(&path).is_ok_and(|t| t == text)
            || (path.exists() && crate::words::not_a_set(&path).is_some())
        {
            return;
        }
        if let Err(e) = crate::paths::write_atomic(&path, text.as_bytes()) {
            let kind = e.kind();
            self.status = Some(Said::new(move || {
                warning(trf!(
                    "Your changes could not be kept aside for next time ({error}): save them, or they are lost when the app closes.",
                    error = crate::words::io_error(kind)
                ))
            }));
        }
    }

    /// Saves the draft: as the set in use when it has no problem, else as a draft.
    pub fn save(&mut self, shared: &mut Shared) -> Option<Command> {
        let Some(dir) = shared.data.config_dir.clone() else {
            self.status = Some(Said::new(|| {
                warning(tr(
                    "There is no config folder to save into (set NOCTILUCA_CONFIG_DIR).",
                ))
            }));
            return None;
        };
        let problems = self.problems();
        let name = if problems.is_empty() {
            SET_FILE
        } else {
            DRAFT_FILE
        };
        let path = dir.join(name);
        // A file there that does not read as a set is the owner's too: it is kept aside, not
        // written over.
        let mut kept = None;
        if crate::words::not_a_set(&path).is_some() {
            let what = if name == DRAFT_FILE {
                crate::i18n::n("The draft file")
            } else {
                crate::i18n::n("The set file")
            };
            let problem =
                Said::in_each_language(|| crate::words::not_a_set(&path).unwrap_or_default());
            let found: crate::app::state_file::Found<()> =
                crate::app::state_file::set_aside(&path, what, problem);
            if !found.keep_saving {
                self.status = found.notice.map(|n| Said::new(move || warning(n.text())));
                return None;
            }
            kept = found.notice;
        }
        if let Err(e) = crate::paths::write_atomic(&path, self.draft.to_ron().as_bytes()) {
            let (file, kind) = (path.clone(), e.kind());
            self.status = Some(Said::new(move || {
                warning(trf!(
                    "Not saved to {file}: {error}",
                    file = file.display(),
                    error = crate::words::io_error(kind)
                ))
            }));
            return None;
        }
        if !problems.is_empty() {
            let file = path.clone();
            self.status = Some(Said::new(move || {
                trf!(
                    "Kept as a draft in {file}; the set in use is unchanged until the problems are mended.",
                    file = file.display()
                )
            }));
            self.saved_as = Some(self.draft.clone());
            return None;
        }
        // A mended draft is no longer needed; a file there that is no draft of ours is the
        // owner's, and is kept aside rather than deleted.
        let draft = dir.join(DRAFT_FILE);
        match crate::words::not_a_set(&draft) {
            None => {
                let _ = std::fs::remove_file(&draft);
            }
            Some(_) => {
                let problem =
                    Said::in_each_language(|| crate::words::not_a_set(&draft).unwrap_or_default());
                let found: crate::app::state_file::Found<()> = crate::app::state_file::set_aside(
                    &draft,
                    crate::i18n::n("The draft file"),
                    problem,
                );
                kept = [kept, found.notice]
                    .into_iter()
                    .flatten()
                    .reduce(|a, b| Said::new(move || format!("{a} {b}")));
            }
        }
        let Ok(comps) = self.draft.usable() else {
            return None;
        };
        shared.data = ComponentData {
            comps: Arc::new(comps),
            sources: std::array::from_fn(|_| DataSource::File(path.clone())),
            config_dir: Some(dir),
            error: None,
            checked: self.draft.checked,
        };
        self.status = Some(Said::new(move || {
            let saved = trf!(
                "Saved to {file}: every mode now uses this set.",
                file = path.display()
            );
            match &kept {
                Some(k) => format!("{saved} {k}"),
                None => saved,
            }
        }));
        self.saved_as = Some(self.draft.clone());
        Some(Command::ComponentsChanged)
    }

    fn start_import(&mut self, ctx: &egui::Context, dialog: Arc<dyn OpenDialog>) {
        self.start_reading(ctx, move || {
            pick_and_read(&*dialog, ExportKind::Set, read_set)
        });
        self.status = Some(Said::new(|| tr("Choosing a set file…").into()));
    }

    /// Runs `read` on a worker thread; `poll_files` takes its answer.
    fn start_reading(
        &mut self,
        ctx: &egui::Context,
        read: impl FnOnce() -> Picked<ComponentSet> + Send + 'static,
    ) {
        self.import = Some(PendingRead::start(ctx, read));
    }

    fn poll_files(&mut self) {
        if let Some(e) = &self.export
            && let Some(outcome) = e.poll()
        {
            self.export = None;
            self.status = Some(outcome.said(OutcomeWords {
                saved: |p| trf!("Exported to {path}.", path = p.display()),
                cancelled: || tr("Not exported.").into(),
                failed: |e| warning(trf!("Not exported: {error}", error = e)),
            }));
        }
        if let Some(answer) = self.import.as_ref().and_then(PendingRead::poll) {
            self.import = None;
            self.status = Some(match answer {
                Picked::Cancelled => Said::new(|| tr("Nothing imported.").into()),
                Picked::NoDialog(offer) => {
                    self.offer = Some(offer);
                    Said::new(|| tr("Choosing a set file…").into())
                }
                // Refused: the editor keeps what it had.
                Picked::Read(Err(e)) => {
                    Said::new(move || warning(trf!("Not imported: {error}", error = e)))
                }
                Picked::Read(Ok(set)) => {
                    let problems = set.problems();
                    if problems.is_empty() {
                        self.replace_draft(set);
                        Said::new(|| tr("Imported. Save to use it.").into())
                    } else {
                        // Refused with every problem named; the editor keeps what it had.
                        Said::new(move || {
                            let list: Vec<String> = problems
                                .iter()
                                .map(|(part, p)| format!("{}: {}", part_name(*part), p.words()))
                                .collect();
                            // One a line, as `components check` prints them (run
                            // together, six filled five lines of the card).
                            let head = match problems.len() {
                                1 => tr("Not imported: the file has a problem:").to_string(),
                                count => {
                                    trf!("Not imported: the file has {count} problems:", count)
                                }
                            };
                            let lines: Vec<String> =
                                list.iter().map(|l| format!("– {l}")).collect();
                            warning(format!("{head}\n{}", lines.join("\n")))
                        })
                    }
                }
            });
        }
    }

    /// Selects deck card `i` and puts its code in the field.
    /// Puts `set` in the editor in place of what it held, which "Take back" can restore.
    fn replace_draft(&mut self, set: ComponentSet) {
        let before = std::mem::replace(&mut self.draft, set);
        self.replaced = (before != self.draft).then(|| (before, self.draft.clone()));
        self.select(0);
    }

    /// "Take back" after Reset to built-in or an import, while nothing was edited since.
    fn take_back_button(&mut self, ui: &mut egui::Ui) {
        let Some((before, after)) = &self.replaced else {
            return;
        };
        if *after != self.draft {
            return;
        }
        if ui
            .button(tr("Take back"))
            .on_hover_text(tr("Put back what the editor held before"))
            .clicked()
        {
            self.draft = before.clone();
            self.replaced = None;
            self.select(0);
            let said = Said::new(|| tr("The editor holds what it held before.").into());
            self.status = Some(said.clone());
            self.said_of = Some((self.draft.clone(), said));
        }
    }

    fn select(&mut self, i: usize) {
        // A code typed for the card being left, and not taken (refused, or Enter not
        // pressed), is said rather than dropped without a word.
        let left = self.selected;
        let typed = self.code.trim().to_string();
        let taken = deck::parse_card_code(&typed)
            .ok()
            .is_some_and(|card| self.draft.deck.cards.get(left) == Some(&card));
        if !typed.is_empty() && i != left && !taken {
            self.status = Some(Said::new(move || {
                warning(trf!(
                    "The code typed for card {number}, “{code}”, was not taken; the card is as it was. Enter in the code field takes a code.",
                    number = left + 1,
                    code = crate::words::printable(&typed)
                ))
            }));
        }
        self.selected = i.min(self.draft.deck.cards.len().saturating_sub(1));
        self.code = self
            .draft
            .deck
            .cards
            .get(self.selected)
            .map(card_code)
            .unwrap_or_default();
        self.code_error = None;
    }
}

/// Reads a set file for import: a file of another kind, or one that does not read, is
/// refused with the reason.
fn read_set(path: &std::path::Path) -> Result<ComponentSet, String> {
    use crate::engine::files::{MAX_TEXT_BYTES, read_text};
    let text = read_text(path, MAX_TEXT_BYTES)
        .map_err(|e| format!("{}: {}", path.display(), e.words()))?;
    ComponentSet::from_ron(path, &text).map_err(|e| e.words())
}

fn warning(text: impl std::fmt::Display) -> String {
    format!("{} {text}", theme::WARNING_GLYPH)
}

/// A part's tab title.
pub fn part_title(part: Part) -> &'static str {
    match part {
        Part::Deck => tr("Jar deck"),
        Part::Tokens => tr("Token stacks"),
        Part::Solo => tr("Solo numbering"),
    }
}

/// A card as a short code in the current language: `gold OOGPBB 2` (in Chinese the colours'
/// characters, `金色 橙橙綠紫藍藍 2`); `parse_card_code` reads either language's.
pub fn card_code(c: &crate::engine::JarCard) -> String {
    use crate::words::Label;
    let letters: String = c
        .spaces
        .iter()
        .map(|&d| crate::words::letter_label(d))
        .collect();
    format!("{} {} {}", c.colour.label(), letters, c.bonus)
}

/// The notice a mode shows while some part of the set in use is not checked against the
/// owner's box, with a link to My set. Returns the link's command when it is followed.
pub fn stand_in_notice(ui: &mut egui::Ui, shared: &Shared) -> Option<Command> {
    let checked = shared.data.checked;
    if checked.all() {
        return None;
    }
    // A part the owner changed is theirs, not the app's guess (the notice had stayed after
    // My set was saved with a token changed): only the unchecked parts still as built in
    // are named.
    static BUILT_IN: std::sync::OnceLock<crate::engine::Components> = std::sync::OnceLock::new();
    let built_in = BUILT_IN.get_or_init(crate::engine::Components::default);
    let comps = &shared.data.comps;
    let as_built_in = |p: Part| match p {
        Part::Deck => comps.deck == built_in.deck,
        Part::Tokens => comps.tokens == built_in.tokens,
        Part::Solo => comps.solo == built_in.solo,
    };
    let parts: Vec<&str> = Part::ALL
        .into_iter()
        .filter(|&p| !checked.get(p) && as_built_in(p))
        .map(part_name)
        .collect();
    if parts.is_empty() {
        return None;
    }
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(match parts[..] {
                [part] => trf!(
                    "The {part} is this app's best guess: if your box differs, enter yours in My set.",
                    part
                ),
                _ => trf!(
                    "The {parts} are this app's best guess: if your box differs, enter yours in My set.",
                    parts = crate::words::join_and(parts)
                ),
            })
            .small()
            .color(theme::TEXT_DIM),
        );
        if ui.small_button(tr("My set")).clicked() {
            command = Some(Command::Open(ScreenKind::MySet));
        }
    });
    command
}

/// Where the set in use is, for messages.
pub fn set_path(shared: &Shared) -> Option<PathBuf> {
    shared.data.config_dir.as_ref().map(|d| d.join(SET_FILE))
}
