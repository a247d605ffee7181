//! The score calculator: what each player won, as the user reads it off the table, turned into
//! the engine's `ScoreInput`; the engine's `score`, `check` and `describe` do all the counting.

use super::export::{ExportKind, ExportOutcome, PendingExport};
use super::{Command, ComponentData, Shared, theme};
use crate::engine::scoring::{
    self, Field, Holder, Outcome, PlayerInput, ProblemKind, ScoreInput, ScoreResult, TempestInput,
};
use crate::engine::{Components, DiceColour, JarColour, PerJar};
use crate::i18n::tr;
use crate::trf;
use crate::words::MajorityWords;
use eframe::egui;
use eframe::egui::RichText;

/// How many are at the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

/// The tempest's entries (solo).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TempestForm {
    pub tokens: PerJar<String>,
    pub dice: String,
}

/// Everything on the calculator's form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sheet {
    pub table: TableSize,
    pub players: [PlayerForm; 4],
    pub tempest: TempestForm,
}

impl Sheet {
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
                name: p.name.clone(),
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

/// A whole number from a count field; empty means 0.
pub fn parse_count(s: &str) -> Result<u32, Unreadable> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(0);
    }
    let text = shorten(t);
    if t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit()) && t.len() > 1 {
        return Err(Unreadable::BelowZero { text });
    }
    match t.parse::<u32>() {
        Ok(v) => Ok(v),
        Err(_) if t.chars().all(|c| c.is_ascii_digit()) => Err(Unreadable::TooLarge { text }),
        Err(_) => Err(Unreadable::NotWhole { text }),
    }
}

/// Token values as printed, separated by commas or spaces: "2, 3, 5".
pub fn parse_tokens(s: &str) -> Result<Vec<u32>, Unreadable> {
    let mut out = Vec::new();
    for part in s
        .split(|c: char| c == ',' || c == ';' || c == '+' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        match part.parse::<u32>() {
            Ok(v) => out.push(v),
            Err(_) => {
                return Err(Unreadable::NotATokenValue {
                    text: shorten(part),
                });
            }
        }
    }
    Ok(out)
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 12 {
        let head: String = s.chars().take(12).collect();
        format!("{head}…")
    } else {
        s.to_string()
    }
}

/// What the user typed into a field that cannot be read as what it asks for (the text is
/// shortened to 12 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    BelowZero { text: String },
    TooLarge { text: String },
    NotWhole { text: String },
    NotATokenValue { text: String },
}

impl Unreadable {
    pub fn words(&self) -> String {
        match self {
            Unreadable::BelowZero { text } => {
                trf!("“{value}” is below zero; enter 0 or more", value = text)
            }
            Unreadable::TooLarge { text } => trf!("“{value}” is far too large", value = text),
            Unreadable::NotWhole { text } => trf!("“{value}” is not a whole number", value = text),
            Unreadable::NotATokenValue { text } => trf!(
                "“{value}” is not a token value; enter the values as printed, e.g. 2, 3, 5",
                value = text
            ),
        }
    }
}

/// An entry that cannot be read, or one that cannot come from a real game (the engine's
/// check), tied to the field it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: Field,
    pub kind: EntryProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryProblem {
    Unreadable(Unreadable),
    Impossible(ProblemKind),
}

impl Problem {
    /// The problem in the current language; `input` names the players.
    pub fn words(&self, input: &ScoreInput) -> String {
        match &self.kind {
            EntryProblem::Unreadable(u) => u.words(),
            EntryProblem::Impossible(k) => crate::words::problem_kind(k, input),
        }
    }
}

/// The form turned into the engine's input, plus the entries that could not be read.
pub struct Evaluation {
    pub input: ScoreInput,
    pub result: ScoreResult,
    /// Unreadable entries and the engine's consistency problems, each tied to a field.
    pub problems: Vec<Problem>,
    /// Display names (the entered name, or "Player N" in the current language).
    pub names: Vec<String>,
}

impl Evaluation {
    pub fn reliable(&self) -> bool {
        self.problems.is_empty()
    }

    /// The problems with one field, in the current language.
    pub fn problems_for(&self, field: Field) -> Vec<String> {
        self.problems
            .iter()
            .filter(|p| p.field == field)
            .map(|p| p.words(&self.input))
            .collect()
    }

    /// Every problem, in the current language.
    pub fn problem_words(&self) -> Vec<String> {
        self.problems.iter().map(|p| p.words(&self.input)).collect()
    }

    /// The plain-text summary: the engine's breakdown and, when needed, the problems.
    pub fn summary(&self) -> String {
        let mut s = crate::words::describe_score(&self.input, &self.result);
        if !self.reliable() {
            s.push('\n');
            s.push_str(tr(
                "UNRELIABLE: these entries cannot come from a real game:",
            ));
            s.push('\n');
            for p in self.problem_words() {
                s.push_str(&format!("  - {p}\n"));
            }
        }
        s
    }
}

/// Reads the form (never fails: unreadable entries count as empty and are listed as problems)
/// and runs the engine's scoring and consistency check.
pub fn evaluate(sheet: &Sheet, comps: &Components) -> Evaluation {
    let mut problems = Vec::new();
    let n = sheet.table.players();
    let deck = &comps.deck.cards;
    let count = |s: &str, field: Field, problems: &mut Vec<Problem>| match parse_count(s) {
        Ok(v) => v,
        Err(u) => {
            problems.push(Problem {
                field,
                kind: EntryProblem::Unreadable(u),
            });
            0
        }
    };
    let tokens = |forms: &PerJar<String>, holder: Holder, problems: &mut Vec<Problem>| {
        PerJar::from_fn(|c| match parse_tokens(&forms[c]) {
            Ok(v) => v,
            Err(u) => {
                problems.push(Problem {
                    field: Field::Tokens(holder, c),
                    kind: EntryProblem::Unreadable(u),
                });
                Vec::new()
            }
        })
    };
    let mut players = Vec::with_capacity(n);
    for (i, f) in sheet.players.iter().take(n).enumerate() {
        let i8 = i as u8;
        let toks = tokens(&f.tokens, Holder::Player(i8), &mut problems);
        let (delivered, jar_bonus, favourite_spaces, jars) = match &f.cards {
            Some(cards) => {
                let d = crate::engine::scoring::summarise_delivered(
                    cards.iter().filter_map(|&k| deck.get(k)),
                    f.favourite,
                );
                (d.delivered, d.jar_bonus, d.favourite_spaces, Some(d.jars))
            }
            None => (
                count(&f.delivered, Field::Delivered(i8), &mut problems),
                count(&f.jar_bonus, Field::JarBonus(i8), &mut problems),
                count(&f.favourite_spaces, Field::Favourite(i8), &mut problems),
                None,
            ),
        };
        players.push(PlayerInput {
            name: f.name.trim().to_string(),
            tokens: toks,
            delivered,
            jars,
            jar_bonus,
            favourite: f.favourite,
            favourite_spaces,
            leftover_dice: count(&f.leftover_dice, Field::Leftovers(i8), &mut problems),
        });
    }
    let tempest = (sheet.table == TableSize::Solo).then(|| TempestInput {
        tokens: tokens(&sheet.tempest.tokens, Holder::Tempest, &mut problems),
        dice: count(&sheet.tempest.dice, Field::TempestDice, &mut problems),
    });
    let input = ScoreInput {
        players,
        stacks: None,
        tempest,
    };
    problems.extend(scoring::check(&input, comps).into_iter().map(|p| Problem {
        field: p.field,
        kind: EntryProblem::Impossible(p.kind),
    }));
    let result = scoring::score(&input);
    let names = input
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| display_name(i, &p.name))
        .collect();
    Evaluation {
        input,
        result,
        problems,
        names,
    }
}

/// "Player 3", as a seat is called on the pad.
fn seat_name(i: usize) -> String {
    trf!("Player {number}", number = i + 1)
}

/// The name a player entered, or their seat when they entered none.
fn display_name(i: usize, entered: &str) -> String {
    let name = entered.trim();
    if name.is_empty() {
        seat_name(i)
    } else {
        name.to_string()
    }
}

/// Saves the score sheet from anywhere on the calculator, as Save does in other programs.
pub const SAVE_SHORTCUT: egui::KeyboardShortcut =
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::S);

/// The calculator screen.
pub struct CalculatorScreen {
    pub sheet: Sheet,
    /// The player whose delivered cards are being picked.
    picking: Option<usize>,
    /// The card list has just opened: its first free card takes the keyboard focus.
    focus_picker: bool,
    export: Option<PendingExport>,
    /// What the last export or copy did.
    pub status: Option<String>,
    /// The score pad's focusable cells as drawn last frame, player by player and field by
    /// field: the order Tab, Shift+Tab and Enter move in.
    pad_order: Vec<egui::Id>,
    /// Each player's "Pick…" button as drawn last frame; the focus goes back there when the
    /// card list closes.
    pick_buttons: [Option<egui::Id>; 4],
    /// The first export button as drawn last frame: Enter in the pad's last field goes there.
    first_export: Option<egui::Id>,
    /// Where the keyboard focus goes next frame: after Enter in a field, or once the card list
    /// has gone (egui drops the focus of a widget behind a modal, so it waits until the list no
    /// longer covers the screen).
    refocus: Option<egui::Id>,
}

/// Width of the score pad's first column (the row names).
const ROW_LABEL_WIDTH: f32 = 150.0;
/// Narrowest the result column may be beside the score pad.
const RESULT_MIN_WIDTH: f32 = 470.0;

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

/// The focusable cells of the pad as they are drawn (row by row), to be put in keyboard order.
#[derive(Default)]
struct PadCells {
    /// (column, row, widget).
    cells: Vec<(usize, usize, egui::Id)>,
    /// A text field left with Enter this frame.
    entered: Option<egui::Id>,
}

impl PadCells {
    fn add(&mut self, ui: &egui::Ui, col: usize, row: usize, r: &egui::Response) {
        self.cells.push((col, row, r.id));
        if r.gained_focus() {
            r.scroll_to_me(None);
        }
        if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            self.entered = Some(r.id);
        }
    }

    /// Player by player, field by field.
    fn order(mut self) -> (Vec<egui::Id>, Option<egui::Id>) {
        self.cells.sort_by_key(|&(col, row, _)| (col, row));
        (
            self.cells.into_iter().map(|(_, _, id)| id).collect(),
            self.entered,
        )
    }
}

/// Tab or Shift+Tab pressed this frame (+1 or −1), as egui moves the focus for them.
fn tab_direction(ui: &egui::Ui) -> Option<isize> {
    ui.input(|i| {
        i.events.iter().find_map(|e| match e {
            egui::Event::Key {
                key: egui::Key::Tab,
                pressed: true,
                modifiers,
                ..
            } => {
                if modifiers.is_none() {
                    Some(1)
                } else if modifiers.shift_only() {
                    Some(-1)
                } else {
                    None
                }
            }
            _ => None,
        })
    })
}

impl CalculatorScreen {
    pub fn new(_data: &ComponentData) -> CalculatorScreen {
        CalculatorScreen::with_sheet(Sheet::default())
    }

    pub fn with_sheet(sheet: Sheet) -> CalculatorScreen {
        CalculatorScreen {
            sheet,
            picking: None,
            focus_picker: false,
            export: None,
            status: None,
            pad_order: Vec::new(),
            pick_buttons: [None; 4],
            first_export: None,
            refocus: None,
        }
    }

    pub fn has_open_dialog(&self) -> bool {
        self.picking.is_some()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        if let Some(outcome) = self.export.as_ref().and_then(|e| e.poll()) {
            self.export = None;
            self.status = Some(match outcome {
                ExportOutcome::Saved(p) => trf!("Saved to {path}", path = p.display()),
                ExportOutcome::Cancelled => tr("Nothing saved: no file was chosen.").to_owned(),
                ExportOutcome::Failed(e) => trf!("Export failed: {error}", error = e),
            });
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
        let comps = shared.data.comps.clone();
        let glyphs = shared.settings.glyphs;
        let eval = evaluate(&self.sheet, &comps);

        if let Some(i) = self.picking {
            self.card_picker(ui, i, &comps, glyphs);
        }

        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if let Some(e) = &shared.data.error {
                    theme::warning_frame().show(ui, |ui| {
                        ui.label(format!("{} {e}", theme::WARNING_GLYPH));
                    });
                }
                self.table_row(ui, &eval);
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
                            self.results(ui, &eval, shared);
                        });
                    });
                } else {
                    let col_w = ((avail - fixed) / columns as f32).clamp(100.0, 220.0);
                    self.pad(ui, &eval, col_w, glyphs);
                    ui.add_space(8.0);
                    stacks_card(ui, &eval, &comps, glyphs);
                    ui.add_space(8.0);
                    self.results(ui, &eval, shared);
                }
            });
        None
    }

    fn table_row(&mut self, ui: &mut egui::Ui, eval: &Evaluation) {
        ui.horizontal(|ui| {
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
                self.sheet = Sheet {
                    table,
                    ..Sheet::default()
                };
                self.status = None;
            }
        });
        for p in eval.problems_for(Field::Players) {
            warning_note(ui, &p);
        }
    }

    /// Tab and Shift+Tab on the pad go down one player's column, then to the next player
    /// (egui alone would follow the drawing order, across the players row by row). The first
    /// and last cells are the same either way, so the way into and out of the pad is egui's.
    fn steer_tab(&self, ui: &egui::Ui) {
        if self.picking.is_some() || egui::Popup::is_any_open(ui.ctx()) {
            return;
        }
        let Some(focused) = ui.memory(|m| m.focused()) else {
            return;
        };
        let Some(at) = self.pad_order.iter().position(|&id| id == focused) else {
            return;
        };
        let target = match tab_direction(ui) {
            Some(1) => self.pad_order.get(at + 1),
            Some(_) => at.checked_sub(1).and_then(|k| self.pad_order.get(k)),
            None => None,
        };
        if let Some(&target) = target {
            ui.memory_mut(|m| {
                m.move_focus(egui::FocusDirection::None);
                m.request_focus(target);
            });
        }
    }

    /// The score pad: one row per entry, one column per player (and the tempest in solo).
    fn pad(&mut self, ui: &mut egui::Ui, eval: &Evaluation, col_w: f32, glyphs: bool) {
        self.steer_tab(ui);
        let n = self.sheet.table.players();
        let solo = self.sheet.table == TableSize::Solo;
        let probs = |f: Field| eval.problems_for(f);
        let mut pick = None;
        let mut cells = PadCells::default();
        theme::card_frame().show(ui, |ui| {
            egui::Grid::new("score_pad")
                .num_columns(n + 1 + usize::from(solo))
                .spacing(egui::vec2(ui.spacing().item_spacing.x, 10.0))
                .min_col_width(col_w)
                .show(ui, |ui| {
                    row_label(ui, "", None);
                    for i in 0..n {
                        let title = if solo {
                            tr("You").to_owned()
                        } else {
                            seat_name(i)
                        };
                        ui.label(RichText::new(title).strong().color(theme::GLOW));
                    }
                    if solo {
                        ui.label(RichText::new(tr("The tempest")).strong().color(theme::GLOW));
                    }
                    ui.end_row();

                    row_label(ui, tr("Name"), None);
                    for i in 0..n {
                        let f = &mut self.sheet.players[i];
                        let r = cell_field(
                            ui,
                            col_w,
                            &trf!("Player {number} name", number = i + 1),
                            &mut f.name,
                            &seat_name(i),
                            &[],
                        );
                        cells.add(ui, i, row::NAME, &r);
                    }
                    ui.end_row();

                    for (k, c) in JarColour::ALL.into_iter().enumerate() {
                        let label = theme::jar_label(c, glyphs);
                        let label = RichText::new(trf!("{colour} tokens", colour = label.text()))
                            .color(theme::jar_colour(c))
                            .strong();
                        row_label(
                            ui,
                            label,
                            Some(tr("The values of the tokens won, as printed: 2, 3, 5")),
                        );
                        // In a sentence, the colour in lower case ("Player 1 red tokens").
                        let colour = theme::jar_name(c).to_lowercase();
                        for i in 0..n {
                            let f = &mut self.sheet.players[i];
                            let r = cell_field(
                                ui,
                                col_w,
                                &trf!("Player {number} {colour} tokens", number = i + 1, colour),
                                &mut f.tokens[c],
                                tr("e.g. 2, 3"),
                                &probs(Field::Tokens(Holder::Player(i as u8), c)),
                            );
                            cells.add(ui, i, row::TOKENS + k, &r);
                        }
                        if solo {
                            let r = cell_field(
                                ui,
                                col_w,
                                &trf!("Tempest {colour} tokens", colour),
                                &mut self.sheet.tempest.tokens[c],
                                tr("e.g. 2"),
                                &probs(Field::Tokens(Holder::Tempest, c)),
                            );
                            cells.add(ui, n, row::TOKENS + k, &r);
                        }
                        ui.end_row();
                    }

                    row_label(ui, tr("Jars delivered"), None);
                    for i in 0..n {
                        let p = &probs(Field::Delivered(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(cards) => cell_computed(ui, col_w, cards.len().to_string(), p),
                            None => {
                                let r = cell_field(
                                    ui,
                                    col_w,
                                    &trf!("Player {number} jars delivered", number = i + 1),
                                    &mut f.delivered,
                                    "0",
                                    p,
                                );
                                cells.add(ui, i, row::DELIVERED, &r);
                            }
                        }
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        tr("Jar bonus"),
                        Some(tr("The bonus points printed on the delivered jars")),
                    );
                    for i in 0..n {
                        let p = &probs(Field::JarBonus(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(_) => {
                                let v = eval.input.players.get(i).map_or(0, |p| p.jar_bonus);
                                cell_computed(ui, col_w, v.to_string(), p);
                            }
                            None => {
                                let r = cell_field(
                                    ui,
                                    col_w,
                                    &trf!("Player {number} jar bonus", number = i + 1),
                                    &mut f.jar_bonus,
                                    "0",
                                    p,
                                );
                                cells.add(ui, i, row::BONUS, &r);
                            }
                        }
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        tr("Delivered cards"),
                        Some(tr(
                            "Or tick the delivered cards in the deck list: jars, bonus and \
                             favourite spaces are then counted for you",
                        )),
                    );
                    for i in 0..n {
                        let (text, hint) = match &self.sheet.players[i].cards {
                            Some(c) => (
                                trf!("{count} picked…", count = c.len()),
                                // The accessible name stays the same; the count is said here.
                                trf!(
                                    "{count} picked. Tick the delivered jar cards in the deck \
                                     list",
                                    count = c.len()
                                ),
                            ),
                            None => (
                                tr("Pick…").to_owned(),
                                tr("Tick the delivered jar cards in the deck list").to_owned(),
                            ),
                        };
                        let r = ui
                            .add(egui::Button::new(text).min_size(egui::vec2(col_w, 0.0)))
                            .on_hover_text(hint)
                            .accessible_name(trf!(
                                "Player {number} pick delivered cards",
                                number = i + 1
                            ));
                        cells.add(ui, i, row::CARDS, &r);
                        self.pick_buttons[i] = Some(r.id);
                        if r.clicked() {
                            pick = Some(i);
                        }
                    }
                    ui.end_row();

                    row_label(ui, tr("Favourite colour"), None);
                    for i in 0..n {
                        let f = &mut self.sheet.players[i];
                        let r = favourite_combo(ui, col_w, i, &mut f.favourite, glyphs);
                        cells.add(ui, i, row::FAVOURITE, &r);
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        tr("Favourite spaces"),
                        Some(tr("Spaces of the favourite colour on the delivered jars")),
                    );
                    for i in 0..n {
                        let p = &probs(Field::Favourite(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(_) => {
                                let v = eval.input.players.get(i).map_or(0, |p| p.favourite_spaces);
                                cell_computed(ui, col_w, v.to_string(), p);
                            }
                            None => {
                                let r = cell_field(
                                    ui,
                                    col_w,
                                    &trf!("Player {number} favourite spaces", number = i + 1),
                                    &mut f.favourite_spaces,
                                    "0",
                                    p,
                                );
                                cells.add(ui, i, row::FAVOURITE_SPACES, &r);
                            }
                        }
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        tr("Dice left over"),
                        Some(tr("Dice on the jars that were not delivered")),
                    );
                    for i in 0..n {
                        let p = &probs(Field::Leftovers(i as u8));
                        let f = &mut self.sheet.players[i];
                        let r = cell_field(
                            ui,
                            col_w,
                            &trf!("Player {number} leftover dice", number = i + 1),
                            &mut f.leftover_dice,
                            "0",
                            p,
                        );
                        cells.add(ui, i, row::LEFTOVERS, &r);
                    }
                    ui.end_row();

                    if solo {
                        row_label(
                            ui,
                            tr("Dice in the tempest"),
                            Some(tr("Each die in the tempest costs you 1 point")),
                        );
                        ui.label("");
                        let r = cell_field(
                            ui,
                            col_w,
                            tr("Tempest dice"),
                            &mut self.sheet.tempest.dice,
                            "0",
                            &probs(Field::TempestDice),
                        );
                        cells.add(ui, n, row::TEMPEST_DICE, &r);
                        ui.end_row();
                    }
                });
        });
        let (order, entered) = cells.order();
        self.pad_order = order;
        // Enter in a field goes on to the next one, as in a paper score pad's column; from the
        // last field on to the export buttons. Next frame, so that this Enter does not also
        // press the button it lands on.
        if let Some(from) = entered {
            self.refocus = self
                .pad_order
                .iter()
                .position(|&id| id == from)
                .and_then(|at| self.pad_order.get(at + 1).copied())
                .or(self.first_export);
            ui.ctx().request_repaint();
        }
        if pick.is_some() {
            self.picking = pick;
            self.focus_picker = true;
        }
    }

    fn results(&mut self, ui: &mut egui::Ui, eval: &Evaluation, shared: &mut Shared) {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr("Result")).heading().color(theme::GLOW));
            if eval.reliable() {
                ui.label(
                    RichText::new(format!(
                        "{} {}",
                        theme::OK_GLYPH,
                        tr("Every entry could come from a real game.")
                    ))
                    .color(theme::GOOD),
                );
            } else {
                let n = eval.problems.len();
                let text = if n == 1 {
                    tr(
                        "Unreliable: 1 entry cannot come from a real game. Fix the flagged \
                        field; until then the scores below may be wrong.",
                    )
                    .to_owned()
                } else {
                    trf!(
                        "Unreliable: {count} entries cannot come from a real game. Fix the \
                         flagged fields; until then the scores below may be wrong.",
                        count = n
                    )
                };
                warning_note(ui, &text);
            }
            ui.add_space(4.0);
            score_summary(ui, eval, shared.settings.glyphs);
            ui.add_space(8.0);
            let busy = self.export.is_some();
            let shortcut = self.picking.is_none()
                && !busy
                && ui.input_mut(|i| i.consume_shortcut(&SAVE_SHORTCUT));
            if shortcut {
                self.start_export(ExportKind::Ron, eval, shared, ui.ctx());
            }
            ui.horizontal_wrapped(|ui| {
                let keys = ui.ctx().format_shortcut(&SAVE_SHORTCUT);
                let ron = ui
                    .add_enabled(!busy, egui::Button::new(tr("Export RON…")))
                    .on_hover_text(trf!(
                        "Save the score sheet and the result as a RON file, which the \
                         noctiluca score command reads back ({shortcut})",
                        shortcut = keys
                    ));
                self.first_export = Some(ron.id);
                if ron.gained_focus() {
                    ron.scroll_to_me(None);
                }
                if ron.clicked() {
                    self.start_export(ExportKind::Ron, eval, shared, ui.ctx());
                }
                if ui
                    .add_enabled(!busy, egui::Button::new(tr("Export CSV…")))
                    .on_hover_text(tr("Save one row per player, for a spreadsheet"))
                    .clicked()
                {
                    self.start_export(ExportKind::Csv, eval, shared, ui.ctx());
                }
                if ui
                    .button(tr("Copy summary"))
                    .on_hover_text(tr("Copy the scores and the majorities as plain text"))
                    .clicked()
                {
                    ui.ctx().copy_text(eval.summary());
                    self.status = Some(tr("Summary copied to the clipboard.").to_owned());
                }
            });
            if let Some(s) = &self.status {
                ui.label(RichText::new(s).color(theme::TEXT_DIM));
            }
        });
    }

    /// Asks where to save and writes the file, on a worker thread.
    fn start_export(
        &mut self,
        kind: ExportKind,
        eval: &Evaluation,
        shared: &Shared,
        ctx: &egui::Context,
    ) {
        let contents = if kind == ExportKind::Csv {
            // UTF-8 with a byte-order mark: without it, Excel reads the file in the system's
            // legacy code page and garbles names and Chinese headers.
            let csv = super::export::to_csv(&eval.names, &eval.result, eval.reliable());
            format!("\u{feff}{csv}")
        } else {
            // The score sheet is data for the command line: its problems are written in
            // English whatever the screen's language.
            let messages = crate::i18n::with_lang(crate::i18n::Lang::En, || eval.problem_words());
            super::export::to_ron(&eval.input, &eval.result, &messages)
        };
        self.status = Some(tr("Choosing where to save…").to_owned());
        self.export = Some(PendingExport::start(
            shared.dialog.clone(),
            ctx.clone(),
            format!("noctiluca-scores.{}", kind.extension()),
            kind,
            contents,
        ));
    }

    fn card_picker(&mut self, ui: &mut egui::Ui, i: usize, comps: &Components, glyphs: bool) {
        let n = self.sheet.table.players();
        if i >= n {
            self.picking = None;
            return;
        }
        let names: Vec<String> = self
            .sheet
            .players
            .iter()
            .enumerate()
            .map(|(j, p)| display_name(j, &p.name))
            .collect();
        let mut taken: Vec<Option<usize>> = vec![None; comps.deck.cards.len()];
        for (j, p) in self.sheet.players.iter().enumerate().take(n) {
            if j != i {
                for &k in p.cards.iter().flatten() {
                    if let Some(t) = taken.get_mut(k) {
                        *t = Some(j);
                    }
                }
            }
        }
        let mut close = false;
        let mut focus_first = std::mem::take(&mut self.focus_picker);
        let modal = egui::Modal::new(egui::Id::unique("card_picker")).show(ui.ctx(), |ui| {
            ui.set_max_width(900.0);
            ui.label(
                RichText::new(trf!("Jars delivered by {name}", name = names[i]))
                    .heading()
                    .color(theme::GLOW),
            );
            ui.label(
                RichText::new(tr(
                    "Tick each card this player delivered. The number of jars, their bonus and \
                     the favourite-colour spaces are then counted from the cards.",
                ))
                .color(theme::TEXT_DIM),
            );
            let form = &mut self.sheet.players[i];
            let mut cards = form.cards.clone().unwrap_or_default();
            ui.columns(JarColour::ALL.len(), |cols| {
                for (col, colour) in cols.iter_mut().zip(JarColour::ALL) {
                    col.label(theme::jar_label(colour, glyphs));
                    for (k, card) in comps.deck.cards.iter().enumerate() {
                        if card.colour != colour {
                            continue;
                        }
                        let mut on = cards.contains(&k);
                        let label = card_text(card, glyphs);
                        let enabled = taken[k].is_none();
                        let r = col.add_enabled(enabled, egui::Checkbox::new(&mut on, label));
                        if enabled && focus_first {
                            r.request_focus();
                            focus_first = false;
                        }
                        if r.gained_focus() {
                            r.scroll_to_me(None);
                        }
                        let r = if let Some(j) = taken[k] {
                            r.on_disabled_hover_text(trf!("Delivered by {name}", name = names[j]))
                        } else {
                            r
                        };
                        if r.changed() {
                            if on {
                                cards.push(k);
                                cards.sort_unstable();
                            } else {
                                cards.retain(|&x| x != k);
                            }
                        }
                    }
                }
            });
            form.cards = Some(cards);
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(tr("Done")).clicked() {
                    close = true;
                }
                if ui
                    .button(tr("Type the counts instead"))
                    .on_hover_text(tr("Forget the picked cards and enter the numbers by hand"))
                    .clicked()
                {
                    form.cards = None;
                    close = true;
                }
            });
        });
        if close || modal.should_close() {
            self.picking = None;
            // Nothing ticked: back to typing the counts, with whatever was typed before.
            let form = &mut self.sheet.players[i];
            if form.cards.as_ref().is_some_and(|c| c.is_empty()) {
                form.cards = None;
            }
            // The keyboard goes back to where it was before the list opened.
            self.refocus = self.pick_buttons[i];
        }
    }
}

/// A card as a checkbox label: its colour, its spaces (with shapes when glyphs are on) and bonus,
/// e.g. "gold OOGPBB (+2)". Each space is the first letter of its colour's name in the current
/// language (O, G, P, B in English; 橙, 綠, 紫, 藍 in Chinese).
fn card_text(card: &crate::engine::JarCard, glyphs: bool) -> egui::WidgetText {
    let mut job = egui::text::LayoutJob::default();
    let font = egui::FontId::proportional(theme::BODY_SIZE);
    let fmt = |c| egui::TextFormat::simple(font.clone(), c);
    job.append(
        &format!("{} ", theme::jar_name(card.colour).to_lowercase()),
        0.0,
        fmt(theme::jar_colour(card.colour)),
    );
    for &s in &card.spaces {
        let initial = theme::dice_name(s).chars().next().unwrap_or(s.letter());
        let piece = if glyphs {
            format!("{}{initial}", theme::dice_glyph(s))
        } else {
            initial.to_string()
        };
        job.append(&piece, 0.0, fmt(theme::dice_colour(s)));
    }
    job.append(&format!(" (+{})", card.bonus), 0.0, fmt(theme::TEXT));
    job.into()
}

/// The outcome in one sentence, the breakdown table per player and the majorities explained:
/// the result as the calculator shows it (the game's end screen shows the same).
pub fn score_summary(ui: &mut egui::Ui, eval: &Evaluation, glyphs: bool) {
    ui.label(RichText::new(outcome_sentence(eval)).size(19.0).strong());
    ui.add_space(6.0);
    breakdown_table(ui, eval);
    ui.add_space(8.0);
    ui.label(RichText::new(tr("Majorities")).strong());
    for m in &eval.result.majorities {
        let mut sentence = m.explain(&eval.names);
        if glyphs {
            sentence = format!("{} {sentence}", theme::jar_glyph(m.colour));
        }
        ui.label(RichText::new(sentence).color(theme::jar_colour(m.colour)));
    }
}

fn outcome_sentence(eval: &Evaluation) -> String {
    let r = &eval.result;
    let name = |i: u8| eval.names.get(i as usize).cloned().unwrap_or_default();
    match &r.outcome {
        Outcome::Winner { player, tiebreak } => {
            let p = &r.players[*player as usize];
            if *tiebreak {
                let others: Vec<String> = r
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(j, q)| *j != *player as usize && q.total == p.total)
                    .map(|(j, _)| name(j as u8))
                    .collect();
                trf!(
                    "{winner} wins on the tiebreak: tied on {points} points with {others}, with \
                     the most jars delivered ({jars}).",
                    winner = name(*player),
                    points = p.total,
                    others = crate::words::join_names(&others),
                    jars = p.delivered
                )
            } else {
                trf!(
                    "{winner} wins with {points} points.",
                    winner = name(*player),
                    points = p.total
                )
            }
        }
        Outcome::Shared { players } => {
            let names: Vec<String> = players.iter().map(|&i| name(i)).collect();
            let first = players
                .first()
                .and_then(|&i| r.players.get(i as usize))
                .cloned()
                .unwrap_or_default();
            trf!(
                "{names} share the victory: {points} points and {jars} jars delivered each.",
                names = crate::words::join_names(&names),
                points = first.total,
                jars = first.delivered
            )
        }
        Outcome::Solo { net, won } => {
            if *won {
                trf!("Net score {net}: a win (1 or more wins).", net)
            } else {
                trf!("Net score {net}: a loss (you need 1 or more to win).", net)
            }
        }
    }
}

fn breakdown_table(ui: &mut egui::Ui, eval: &Evaluation) {
    let r = &eval.result;
    let winners: Vec<usize> = match &r.outcome {
        Outcome::Winner { player, .. } => vec![*player as usize],
        Outcome::Shared { players } => players.iter().map(|&p| p as usize).collect(),
        Outcome::Solo { .. } => Vec::new(),
    };
    egui::Grid::new("breakdown")
        .striped(true)
        .spacing(egui::vec2(12.0, 6.0))
        .min_col_width(30.0)
        .show(ui, |ui| {
            for (h, hover) in [
                (tr("Player"), None),
                (
                    tr("Tokens"),
                    Some(tr("Face values of the tokens won by delivering jars")),
                ),
                (
                    tr("Majority"),
                    Some(tr("Tokens taken at the majorities, 1 point each")),
                ),
                (
                    tr("Bonus"),
                    Some(tr("Bonus points printed on the delivered jars")),
                ),
                (
                    tr("Favourite"),
                    Some(tr("1 point per favourite-colour space on delivered jars")),
                ),
                (
                    tr("Leftovers"),
                    Some(tr("Half the dice on undelivered jars, rounded down")),
                ),
                (tr("Total"), None),
                (tr("Jars"), Some(tr("Jars delivered (breaks a tie)"))),
            ] {
                let r = ui.label(RichText::new(h).color(theme::TEXT_DIM).small());
                if let Some(hover) = hover {
                    r.on_hover_text(hover);
                }
            }
            ui.end_row();
            for (i, p) in r.players.iter().enumerate() {
                let name = RichText::new(&eval.names[i]);
                ui.label(if winners.contains(&i) {
                    name.color(theme::GLOW).strong()
                } else {
                    name
                });
                for v in [
                    p.token_points,
                    p.majority_points,
                    p.jar_bonus,
                    p.favourite,
                    p.leftovers,
                ] {
                    ui.label(v.to_string());
                }
                ui.label(RichText::new(p.total.to_string()).strong());
                ui.label(p.delivered.to_string());
                ui.end_row();
            }
            if let Some(t) = &r.tempest {
                let minus = |v: i64| {
                    if v == 0 {
                        "0".to_string()
                    } else {
                        format!("−{v}")
                    }
                };
                ui.label(tr("Tempest"));
                ui.label(minus(t.token_points.into()));
                ui.label(minus(t.majority_points.into()));
                ui.label("");
                ui.label("");
                ui.label(trf!("{value} (dice)", value = minus(t.dice.into())));
                ui.label(RichText::new(minus(t.penalty)).strong());
                ui.label("");
                ui.end_row();
                if let Outcome::Solo { net, .. } = r.outcome {
                    ui.label(RichText::new(tr("Net")).strong());
                    for _ in 0..5 {
                        ui.label("");
                    }
                    ui.label(RichText::new(net.to_string()).strong().color(theme::GLOW));
                    ui.label("");
                    ui.end_row();
                }
            }
        });
}

/// The three token stacks, top first, with the taken tokens struck through.
fn stacks_card(ui: &mut egui::Ui, eval: &Evaluation, comps: &Components, glyphs: bool) {
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(tr(
                "Token stacks, top first: tokens always come off the top",
            ))
            .color(theme::TEXT_DIM)
            .small(),
        );
        let remaining = eval.input.stack_counts();
        for colour in JarColour::ALL {
            let stack = comps.tokens.stack(colour);
            let taken = stack.len().saturating_sub(remaining[colour] as usize);
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 6.0;
                ui.allocate_ui_with_layout(
                    egui::vec2(84.0, 20.0),
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.set_min_width(84.0);
                        ui.label(theme::jar_label(colour, glyphs));
                    },
                );
                for (k, v) in stack.iter().enumerate() {
                    let t = RichText::new(v.to_string()).monospace();
                    ui.label(if k < taken {
                        t.strikethrough().color(theme::TEXT_DIM)
                    } else {
                        t.color(theme::jar_colour(colour))
                    });
                }
                ui.label(
                    RichText::new(trf!(
                        "{taken} taken, {left} left",
                        taken,
                        left = remaining[colour]
                    ))
                    .color(theme::TEXT_DIM)
                    .small(),
                );
            });
            for p in eval.problems_for(Field::Stack(colour)) {
                warning_note(ui, &p);
            }
        }
    });
}

fn warning_note(ui: &mut egui::Ui, message: &str) {
    ui.add(
        egui::Label::new(
            RichText::new(format!("{} {message}", theme::WARNING_GLYPH))
                .color(theme::WARNING)
                .small(),
        )
        .wrap(),
    );
}

/// The name of a score-pad row, with an explanation on hover.
fn row_label(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, hover: Option<&str>) {
    let r = ui
        .allocate_ui_with_layout(
            egui::vec2(ROW_LABEL_WIDTH, 26.0),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(ROW_LABEL_WIDTH);
                ui.label(text)
            },
        )
        .inner;
    if let Some(h) = hover {
        r.on_hover_text(h);
    }
}

/// A one-line text field in a score-pad cell, with its problems under it.
fn cell_field(
    ui: &mut egui::Ui,
    width: f32,
    accessible: &str,
    value: &mut String,
    hint: &str,
    problems: &[String],
) -> egui::Response {
    ui.vertical(|ui| {
        ui.set_width(width);
        let mut edit = egui::TextEdit::singleline(value)
            .hint_text(RichText::new(hint).color(theme::TEXT_DIM))
            .desired_width(width);
        if !problems.is_empty() {
            edit = edit.text_color(theme::WARNING);
        }
        let r = ui.add(edit).accessible_name(accessible);
        for p in problems {
            warning_note(ui, p);
        }
        r
    })
    .inner
}

/// A value counted from the picked cards, in place of a field.
fn cell_computed(ui: &mut egui::Ui, width: f32, value: String, problems: &[String]) {
    ui.vertical(|ui| {
        ui.set_width(width);
        ui.horizontal(|ui| {
            ui.label(RichText::new(value).strong());
            ui.label(
                RichText::new(tr("from cards"))
                    .color(theme::TEXT_DIM)
                    .small(),
            );
        });
        for p in problems {
            warning_note(ui, p);
        }
    });
}

/// The favourite-colour choice. Enter or Space opens it, Tab and Enter pick a colour; the list
/// then closes and the keyboard focus comes back to the choice.
fn favourite_combo(
    ui: &mut egui::Ui,
    width: f32,
    i: usize,
    favourite: &mut Option<DiceColour>,
    glyphs: bool,
) -> egui::Response {
    let before = *favourite;
    let selected = match *favourite {
        Some(f) => RichText::new(theme::dice_label(f, glyphs)).color(theme::dice_colour(f)),
        None => RichText::new(tr("not given")).color(theme::TEXT_DIM),
    };
    let r = egui::ComboBox::from_id_salt(("favourite", i))
        .selected_text(selected)
        .width(width)
        .show_ui(ui, |ui| {
            ui.selectable_value(favourite, None, tr("not given"));
            for c in DiceColour::ALL {
                ui.selectable_value(
                    favourite,
                    Some(c),
                    RichText::new(theme::dice_label(c, glyphs)).color(theme::dice_colour(c)),
                );
            }
        });
    if r.inner.is_some() && *favourite != before {
        // A choice made with the keyboard does not close the list by itself (a click does).
        egui::Popup::close_all(ui.ctx());
        r.response.request_focus();
    }
    r.response
        .accessible_name(trf!("Player {number} favourite colour", number = i + 1))
}
