//! The board seeder: a random pool layout to copy onto the physical board, its seed code, the
//! totals to pull from the bag, a round-2 refill from the dice in the box lid, a space-by-space
//! placing guide, and a printable PNG.
//!
//! The PNG is drawn in its own small ASCII pixel font (`seeder::png`) and stays in English.

use super::board::{BoardLayout, BoardView, DiceDetail};
use super::export::{ExportKind, ExportOutcome, PendingExport};
use super::{Command, Shared, theme};
use crate::engine::board::{SPACE_COUNT, SpaceId, space_name};
use crate::engine::types::{ColourCounts, DiceColour};
use crate::i18n::tr;
use crate::seeder::{Detail, FULL_SUPPLY, Layout, SeedCode, SeedCodeError, png};
use crate::trf;
use crate::words::{describe_counts, join_list};
use eframe::egui;
use std::path::PathBuf;

mod keep;
pub use keep::KEEP_FILE;

/// A fresh random layout.
const NEW_LAYOUT: egui::Key = crate::app::keys::NEW_LAYOUT.logical_key;
/// The printable picture.
const EXPORT: egui::KeyboardShortcut = crate::app::keys::SAVE;

/// Why the box-lid counts cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LidProblem {
    NotANumber { colour: DiceColour, text: String },
    TooMany { colour: DiceColour, count: u32 },
    Empty,
}

impl LidProblem {
    fn text(&self) -> String {
        match self {
            LidProblem::NotANumber { colour, text } => trf!(
                "{colour}: \"{text}\" is not a number of dice",
                colour = theme::dice_name(*colour),
                text
            ),
            LidProblem::TooMany { colour, count } => trf!(
                "there are {total} {colour} dice, not {count}",
                total = FULL_SUPPLY[colour.index()],
                colour = theme::dice_name(*colour).to_lowercase(),
                count
            ),
            LidProblem::Empty => tr("count the dice in the box lid first").into(),
        }
    }
}

/// The line under the screen: what the last action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Copied(SeedCode),
    Saved(PathBuf),
    /// No file dialog could be shown: saved in the default folder.
    SavedWithoutDialog(PathBuf),
    Cancelled,
    /// The picture could not be written (the system's reason).
    Failed(crate::i18n::Said),
    /// The picture could not be made.
    NoPicture(String),
    /// N made a new layout in place of the one with this code (Ctrl+Z brings it back).
    Replaced(SeedCode),
    /// The layout with this code came back.
    Back(SeedCode),
    /// The layout could not be kept for the next run (`keep`).
    NotKept(crate::i18n::Said),
}

impl Status {
    fn text(&self, ctx: &egui::Context) -> String {
        match self {
            Status::Copied(code) => trf!("Copied {code}", code),
            Status::Saved(path) => trf!("Saved {path}", path = path.display()),
            Status::SavedWithoutDialog(path) => {
                crate::app::export::ExportOutcome::without_dialog(path)
            }
            Status::Cancelled => tr("Export cancelled.").into(),
            Status::Failed(e) => format!(
                "{} {}",
                theme::WARNING_GLYPH,
                trf!("Could not save: {error}", error = e)
            ),
            Status::NoPicture(e) => format!(
                "{} {}",
                theme::WARNING_GLYPH,
                trf!("Could not make the picture: {error}", error = e)
            ),
            Status::Replaced(code) => trf!(
                "A new layout. The one before, {code}, comes back with {key}.",
                code,
                key = ctx.format_shortcut(&crate::app::keys::UNDO)
            ),
            Status::Back(code) => trf!("Back to the layout {code}.", code),
            Status::NotKept(e) => format!("{} {e}", theme::WARNING_GLYPH),
        }
    }
}

/// Where the keyboard focus goes next frame, after a key made the focused button go away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GuideFocus {
    Open,
    Previous,
    Next,
    Close,
}

pub struct SeederScreen {
    pub layout: Layout,
    pub detail: Detail,
    /// The code field's text.
    pub code_text: String,
    pub code_error: Option<SeedCodeError>,
    /// Dice counted in the box lid, per colour, as typed.
    pub lid: [String; 4],
    pub lid_error: Option<Vec<LidProblem>>,
    /// The placing guide's current space, when the guide is open.
    pub guide: Option<u8>,
    export: Option<PendingExport>,
    pub status: Option<Status>,
    guide_focus: Option<GuideFocus>,
    /// The placing guide's buttons last frame: the arrow keys step the guide while one of them
    /// (or nothing) has the keyboard focus.
    guide_buttons: Vec<egui::Id>,
    /// The box lid's first count takes the keyboard next frame (`ask_for_refill`).
    lid_focus: bool,
    /// The layout a new one replaced, with the placing guide's space: one key (N) had lost a
    /// board half laid out.
    before: Option<(Layout, Option<u8>)>,
    /// Where the layout is kept from one run to the next (`keep_in`), and what was last
    /// kept there.
    keep: Option<PathBuf>,
    kept: Option<keep::Kept>,
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
            guide_focus: None,
            guide_buttons: Vec::new(),
            lid_focus: false,
            before: None,
            keep: None,
            kept: None,
        }
    }

    /// Shows the layout for `code`: the full set of dice, as `noctiluca seed --code` gives it
    /// (a refill is laid out from the box lid's counts, `apply_lid`).
    pub fn show_code(&mut self, code: SeedCode) {
        self.set_layout(Layout::generate(code, FULL_SUPPLY));
    }

    /// Shows `layout` in place of the last: what was said of the last one (copied, saved as a
    /// picture) is not of this one, and an open placing guide starts again at its first space.
    fn set_layout(&mut self, layout: Layout) {
        // The code field shows the layout's code: a code typed and refused before is not
        // this layout's, nor is what was said of it.
        self.code_text = layout.code.to_string();
        self.code_error = None;
        self.layout = layout;
        self.status = None;
        self.before = None;
        if self.guide.is_some() {
            self.guide = Some(0);
        }
    }

    /// Asked for the round-2 refill (the solo companion's round 2): the box lid's counts are
    /// brought into sight with the keyboard on the first, and the layout waits for them.
    pub fn ask_for_refill(&mut self) {
        self.lid_focus = true;
        self.status = None;
    }

    /// Asked for a new game's pool (the solo companion's set-up): a round-2 refill left on
    /// the screen is not that, and a full layout takes its place (one had been laid out from
    /// the refill's 74 dice).
    pub fn for_setup(&mut self) {
        self.lid_focus = false;
        if self.layout.is_refill() {
            self.new_layout();
        }
    }

    fn new_layout(&mut self) {
        let before = (self.layout.clone(), self.guide);
        self.show_code(SeedCode::random());
        self.status = Some(Status::Replaced(before.0.code));
        self.before = Some(before);
    }

    /// The layout a new one replaced comes back, the placing guide at its space.
    fn back_to_before(&mut self) {
        if let Some((layout, guide)) = self.before.take() {
            self.code_text = layout.code.to_string();
            self.code_error = None;
            self.status = Some(Status::Back(layout.code));
            self.layout = layout;
            self.guide = guide;
        }
    }

    fn apply_code_text(&mut self) {
        match SeedCode::parse(&self.code_text) {
            Ok(c) => self.show_code(c),
            Err(e) => self.code_error = Some(e),
        }
    }

    /// The box-lid counts as typed (an empty field is none), or everything wrong with them
    /// (each colour's, not only the first found).
    fn lid_counts(&self) -> Result<ColourCounts, Vec<LidProblem>> {
        let mut out = [0u8; 4];
        let mut problems = Vec::new();
        for (i, c) in DiceColour::ALL.into_iter().enumerate() {
            let text = self.lid[i].trim();
            if text.is_empty() {
                continue;
            }
            match text.parse::<u32>() {
                Err(_) => problems.push(LidProblem::NotANumber {
                    colour: c,
                    text: text.to_string(),
                }),
                Ok(count) if count > FULL_SUPPLY[i] as u32 => {
                    problems.push(LidProblem::TooMany { colour: c, count })
                }
                Ok(count) => out[i] = count as u8,
            }
        }
        if problems.is_empty() && out == [0; 4] {
            problems.push(LidProblem::Empty);
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(problems)
        }
    }

    fn apply_lid(&mut self) {
        match self.lid_counts() {
            Ok(supply) => {
                self.lid_error = None;
                self.set_layout(Layout::generate(self.layout.code, supply));
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

    /// The dice of a space for reading out: "orange 3, blue 3, blue 6" (or colours only).
    fn space_dice_text(&self, space: SpaceId) -> String {
        match crate::words::space_dice(
            &self.layout.pool[space as usize],
            self.detail == Detail::ColoursAndFaces,
        ) {
            words if words.is_empty() => tr("no dice").into(),
            words => words,
        }
    }

    /// The guide's line for a space: "Space O7 (9 of 18): orange 3, blue 3".
    pub fn guide_line(&self, space: u8) -> String {
        trf!(
            "Space {space} ({number} of {count}): {dice}",
            space = space_name(space),
            number = space + 1,
            count = SPACE_COUNT,
            dice = self.space_dice_text(space)
        )
    }

    /// One colour's dice to pull from the bag: "Orange: 21 — 1×4, 2×3, …" (or "Orange: 21").
    fn totals_line(&self, c: DiceColour) -> String {
        let t = self.layout.totals()[c.index()];
        let count: u32 = t.iter().sum();
        match self.detail {
            // No faces to list for a colour with no dice.
            Detail::ColoursOnly | Detail::ColoursAndFaces if count == 0 => {
                trf!("{colour}: {count}", colour = theme::dice_name(c), count)
            }
            Detail::ColoursOnly => trf!("{colour}: {count}", colour = theme::dice_name(c), count),
            Detail::ColoursAndFaces => trf!(
                "{colour}: {count} — {faces}",
                colour = theme::dice_name(c),
                count,
                faces = join_list((0..6).filter(|&f| t[f] > 0).map(|f| format!(
                    "{}×{}",
                    f + 1,
                    t[f]
                )))
            ),
        }
    }

    pub fn has_open_dialog(&self) -> bool {
        self.export.is_some()
    }

    fn export_png(&mut self, shared: &Shared, ctx: &egui::Context) {
        if self.export.is_some() {
            return;
        }
        match png::to_png(&self.layout, self.detail) {
            Ok(bytes) => {
                self.export = Some(PendingExport::start_bytes(
                    shared.dialog.clone(),
                    ctx.clone(),
                    // A refill's picture is not the layout its code gives.
                    if self.layout.is_refill() {
                        format!("noctiluca-refill-{}.png", self.layout.code)
                    } else {
                        format!("noctiluca-layout-{}.png", self.layout.code)
                    },
                    ExportKind::Png,
                    bytes,
                ));
            }
            Err(e) => self.status = Some(Status::NoPicture(e)),
        }
    }

    /// The screen's keys: N for a new layout, Ctrl+S for the picture, and in the placing guide
    /// ← and → (and Enter, when no button has the focus).
    fn shortcuts(&mut self, ui: &egui::Ui, shared: &Shared) {
        if !crate::app::keys::shortcuts_free(ui.ctx()) {
            return;
        }
        if ui.input_mut(|i| i.consume_shortcut(&EXPORT)) {
            self.export_png(shared, ui.ctx());
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, NEW_LAYOUT)) {
            self.new_layout();
        }
        if ui.input_mut(|i| i.consume_shortcut(&crate::app::keys::UNDO)) {
            self.back_to_before();
        }
        let Some(g) = self.guide else {
            return;
        };
        let focused = ui.memory(|m| m.focused());
        let on_guide = focused.is_none_or(|id| self.guide_buttons.contains(&id));
        if !on_guide {
            return;
        }
        let (next, prev) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowRight)
                    || (focused.is_none() && i.key_pressed(egui::Key::Enter)),
                i.key_pressed(egui::Key::ArrowLeft),
            )
        });
        if next && (g as usize) + 1 < SPACE_COUNT {
            self.guide = Some(g + 1);
            if focused.is_some() && g as usize + 2 == SPACE_COUNT {
                // "Next" goes at the last space: the keyboard goes to closing the guide, the
                // way on (on Previous, the next Enter had gone back a space).
                self.guide_focus = Some(GuideFocus::Close);
            }
        } else if prev && g > 0 {
            self.guide = Some(g - 1);
            if focused.is_some() && g == 1 {
                // "Previous" is disabled at the first space.
                self.guide_focus = Some(GuideFocus::Next);
            }
        }
    }

    /// Gives the keyboard focus to `r` if a key has just sent it there.
    fn claim_focus(&mut self, which: GuideFocus, r: &egui::Response) {
        if self.guide_focus == Some(which) {
            self.guide_focus = None;
            r.request_focus();
            r.scroll_to_me(None);
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        if let Some(p) = &self.export
            && let Some(outcome) = p.poll()
        {
            self.status = Some(match outcome {
                ExportOutcome::Saved(path) => Status::Saved(path),
                ExportOutcome::SavedWithoutDialog(path) => Status::SavedWithoutDialog(path),
                ExportOutcome::Cancelled => Status::Cancelled,
                ExportOutcome::Failed(e) => Status::Failed(e),
            });
            self.export = None;
        }
        self.shortcuts(ui, shared);

        // The board takes what the side column (400 wide) leaves; below `STACK_BELOW` (a large
        // text size, a narrow window, the rules beside) the column goes under it instead.
        match BoardLayout::for_space(ui.available_size(), 400.0) {
            BoardLayout::Beside { board, side } => {
                ui.horizontal_top(|ui| {
                    self.board(ui, board);
                    ui.add_space(12.0);
                    ui.vertical(|ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("seeder_side")
                            .show(ui, |ui| {
                                self.side_panel(ui, shared, side);
                                crate::app::scroll::page(ui);
                            });
                    });
                });
            }
            BoardLayout::Stacked { board, side } => {
                egui::ScrollArea::vertical()
                    .id_salt("seeder_side")
                    .show(ui, |ui| {
                        // Narrower than the window when the height is what limits it: centred.
                        ui.vertical_centered(|ui| self.board(ui, board));
                        ui.add_space(12.0);
                        self.side_panel(ui, shared, side);
                        crate::app::scroll::page(ui);
                    });
            }
        }
        self.keep_layout();
        None
    }

    fn board(&self, ui: &mut egui::Ui, size: f32) {
        BoardView {
            id: "seeder",
            pool: &self.layout.pool,
            detail: self.detail_view(),
            highlight: self.guide.map_or(0, |g| 1u32 << g),
            soft_highlight: 0,
            pawns: None,
            solo: None,
            shores_clickable: false,
            chosen_shore: None,
            take_focus: false,
            collect_face: None,
        }
        .show(ui, size);
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, shared: &mut Shared, width: f32) {
        ui.set_width(width);
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                // A refill's code gives this layout only with the counts under it: said so in
                // its name (as "Seed code" it read as the code of the layout alone).
                let name = if self.layout.is_refill() {
                    tr("Refill's seed code")
                } else {
                    tr("Seed code")
                };
                ui.label(egui::RichText::new(name).color(theme::TEXT_DIM));
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
                    egui::RichText::new(trf!(
                        "Round-2 refill from the box lid: orange {orange}, green {green}, \
                         purple {purple}, blue {blue}. The code gives this layout with these \
                         counts.",
                        orange = s[0],
                        green = s[1],
                        purple = s[2],
                        blue = s[3]
                    ))
                    .color(theme::TEXT_DIM),
                );
            }
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button(tr("New layout"))
                    .on_hover_text(tr("A fresh random layout with a new code (N)"))
                    .clicked()
                {
                    self.new_layout();
                }
                if ui
                    .button(tr("Copy code"))
                    .on_hover_text(tr("Put the code on the clipboard"))
                    .clicked()
                {
                    ui.ctx().copy_text(self.layout.code.to_string());
                    self.status = Some(Status::Copied(self.layout.code));
                }
                let hint = trf!(
                    "A printable picture of this layout ({shortcut})",
                    shortcut = ui.ctx().format_shortcut(&EXPORT)
                );
                if ui.button(tr("Export PNG…")).on_hover_text(hint).clicked() {
                    self.export_png(shared, ui.ctx());
                }
            });
            // What copying or exporting did, beside their buttons.
            if let Some(s) = &self.status {
                ui.label(egui::RichText::new(s.text(ui.ctx())).color(theme::TEXT_DIM));
            }
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(tr("Enter a code"));
                // A whole code of wide letters in sight: at 130 pixels the last one was cut (a
                // Q read as a C).
                let width = theme::one_line_width(ui, egui::RichText::new("WWWW-WWWW-WW"));
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.code_text)
                            .desired_width(width.max(130.0))
                            .hint_text("K7M2-QX9P-6"),
                    )
                    .labelled_by(label.id)
                    .on_hover_text(tr("Type the code and press Enter"));
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button(tr("Show layout")).clicked() || enter {
                    self.apply_code_text();
                }
                // Enter shows the layout and leaves the keyboard where it was, so the next
                // Tab goes on from the field rather than from the top of the window.
                if enter {
                    edit.request_focus();
                }
            });
            if let Some(e) = &self.code_error {
                ui.colored_label(
                    theme::WARNING,
                    format!(
                        "{} {}",
                        theme::WARNING_GLYPH,
                        crate::words::as_sentence(&e.to_string())
                    ),
                );
            }
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                ui.label(tr("Show"));
                ui.selectable_value(
                    &mut self.detail,
                    Detail::ColoursAndFaces,
                    tr("Colours and faces"),
                )
                .on_hover_text(tr("Every die's face: a fully reproducible board"));
                ui.selectable_value(&mut self.detail, Detail::ColoursOnly, tr("Colours only"))
                    .on_hover_text(tr("Which colours go on each space; roll them onto it"));
            });
        });
        ui.add_space(10.0);

        // Totals to pull from the bag.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                egui::RichText::new(trf!("{count} dice to place", count = self.layout.placed()))
                    .color(theme::GLOW),
            );
            for c in DiceColour::ALL {
                ui.label(
                    egui::RichText::new(format!(
                        "{} {}",
                        theme::dice_glyph(c),
                        self.totals_line(c)
                    ))
                    .color(theme::dice_colour(c)),
                );
            }
            if self.layout.left != [0; 4] {
                let left = describe_counts(&self.layout.left);
                ui.label(
                    egui::RichText::new(trf!("Left in the box lid: {dice}", dice = left))
                        .color(theme::TEXT_DIM),
                );
            }
        });
        ui.add_space(10.0);

        // Placing guide. Its buttons keep their ids whatever the cards above show, so that the
        // keyboard focus stays on them.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            let scope = egui::UiBuilder::new().scope_id(egui::Id::unique("seeder_guide"));
            ui.scope_builder(scope, |ui| self.guide_card(ui));
        });
        ui.add_space(10.0);

        // Round-2 refill.
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(egui::RichText::new(tr("Round-2 refill")).color(theme::GLOW));
            ui.label(
                egui::RichText::new(tr(
                    "Count the dice of each colour in the box lid; the refill is laid out from \
                     exactly those (spread evenly over the spaces if there are fewer than 84).",
                ))
                .color(theme::TEXT_DIM)
                .size(theme::SMALL_SIZE),
            );
            egui::Grid::new("lid").num_columns(4).show(ui, |ui| {
                for (i, c) in DiceColour::ALL.into_iter().enumerate() {
                    // The shape and the colour on screen (short, so the panel keeps the width
                    // of the others in every language); the field is "Orange in the lid".
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 4.0;
                        ui.label(
                            egui::RichText::new(theme::dice_glyph(c)).color(theme::dice_colour(c)),
                        );
                        ui.label(
                            egui::RichText::new(theme::dice_name(c)).color(theme::dice_colour(c)),
                        );
                    });
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.lid[i])
                                .desired_width(48.0)
                                .hint_text("0"),
                        )
                        .accessible_name(trf!("{colour} in the lid", colour = theme::dice_name(c)));
                    if i == 0 && std::mem::take(&mut self.lid_focus) {
                        field.request_focus();
                        field.scroll_to_me(Some(egui::Align::Center));
                    }
                    // A count that cannot be is said as it is typed (it had waited for the
                    // button, and a Tab to the next field said nothing).
                    if field.changed() {
                        self.lid_error = self.lid_counts().err().and_then(|e| {
                            let e: Vec<_> =
                                e.into_iter().filter(|p| *p != LidProblem::Empty).collect();
                            (!e.is_empty()).then_some(e)
                        });
                    }
                    if i % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
            // The refused count is said beside the button that was pressed, in view.
            ui.horizontal_wrapped(|ui| {
                let lay = ui.button(tr("Lay out refill"));
                if lay.clicked() {
                    self.apply_lid();
                }
                if self.layout.is_refill() && ui.button(tr("Full set (new game)")).clicked() {
                    self.set_layout(Layout::generate(self.layout.code, FULL_SUPPLY));
                }
                if let Some(e) = &self.lid_error {
                    let said: Vec<String> = e.iter().map(LidProblem::text).collect();
                    let r = ui.colored_label(
                        theme::WARNING,
                        format!(
                            "{} {}",
                            theme::WARNING_GLYPH,
                            crate::words::as_sentence(&said.join(tr("; ")))
                        ),
                    );
                    if lay.clicked() {
                        r.scroll_to_me(None);
                    }
                }
            });
        });
    }

    fn guide_card(&mut self, ui: &mut egui::Ui) {
        // ← and → belong to the guide while its buttons have the focus (not to moving it).
        let arrows = egui::EventFilter {
            horizontal_arrows: true,
            ..Default::default()
        };
        let mut buttons = Vec::new();
        match self.guide {
            None => {
                let r = ui
                    .button(tr("Placing guide"))
                    .on_hover_text(tr("Seed the pool one space at a time"));
                self.claim_focus(GuideFocus::Open, &r);
                if r.clicked() {
                    self.guide = Some(0);
                    if r.has_focus() {
                        self.guide_focus = Some(GuideFocus::Next);
                    }
                }
            }
            Some(g) => {
                ui.label(egui::RichText::new(self.guide_line(g)).size(18.0));
                ui.horizontal(|ui| {
                    let r = ui
                        .add_enabled(g > 0, egui::Button::new(tr("Previous")))
                        .on_hover_text(tr("Previous space (←)"));
                    self.claim_focus(GuideFocus::Previous, &r);
                    buttons.push(r.id);
                    if r.clicked() {
                        self.guide = Some(g - 1);
                        if g == 1 && r.has_focus() {
                            self.guide_focus = Some(GuideFocus::Next);
                        }
                    }
                    if (g as usize) + 1 < SPACE_COUNT {
                        let r = ui
                            .button(tr("Next"))
                            .on_hover_text(tr("Next space (→ or Enter)"));
                        self.claim_focus(GuideFocus::Next, &r);
                        buttons.push(r.id);
                        if r.clicked() {
                            self.guide = Some(g + 1);
                            if g as usize + 2 == SPACE_COUNT && r.has_focus() {
                                self.guide_focus = Some(GuideFocus::Close);
                            }
                        }
                    } else {
                        ui.label(
                            egui::RichText::new(format!(
                                "{} {}",
                                theme::OK_GLYPH,
                                trf!("All {count} spaces done", count = SPACE_COUNT)
                            ))
                            .color(theme::GOOD),
                        );
                    }
                    let r = ui.button(tr("Close guide"));
                    self.claim_focus(GuideFocus::Close, &r);
                    buttons.push(r.id);
                    if r.clicked() {
                        self.guide = None;
                        if r.has_focus() {
                            self.guide_focus = Some(GuideFocus::Open);
                        }
                    }
                });
            }
        }
        for id in &buttons {
            ui.memory_mut(|m| m.set_focus_lock_filter(*id, arrows));
        }
        self.guide_buttons = buttons;
    }
}
