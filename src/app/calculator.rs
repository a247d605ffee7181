//! The score calculator: what each player won, as the user reads it off the table, turned into
//! the engine's `ScoreInput`; the engine's `score`, `check` and `describe` do all the counting.

use super::export::{ExportKind, ExportOutcome, PendingExport};
use super::{Command, ComponentData, Shared, theme};
use crate::engine::scoring::{
    self, Field, Holder, Outcome, PlayerInput, Problem, ScoreInput, ScoreResult, TempestInput,
};
use crate::engine::{Components, DiceColour, JarColour, PerJar};
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

    pub fn label(self) -> &'static str {
        match self {
            TableSize::Solo => "Solo",
            TableSize::Two => "2 players",
            TableSize::Three => "3 players",
            TableSize::Four => "4 players",
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
pub fn parse_count(s: &str) -> Result<u32, String> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(0);
    }
    if t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit()) && t.len() > 1 {
        return Err(format!("“{t}” is below zero; enter 0 or more"));
    }
    match t.parse::<u32>() {
        Ok(v) => Ok(v),
        Err(_) if t.chars().all(|c| c.is_ascii_digit()) => {
            Err(format!("“{}” is far too large", shorten(t)))
        }
        Err(_) => Err(format!("“{}” is not a whole number", shorten(t))),
    }
}

/// Token values as printed, separated by commas or spaces: "2, 3, 5".
pub fn parse_tokens(s: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for part in s
        .split(|c: char| c == ',' || c == ';' || c == '+' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        match part.parse::<u32>() {
            Ok(v) => out.push(v),
            Err(_) => {
                return Err(format!(
                    "“{}” is not a token value; enter the values as printed, e.g. 2, 3, 5",
                    shorten(part)
                ));
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

/// The form turned into the engine's input, plus the entries that could not be read.
pub struct Evaluation {
    pub input: ScoreInput,
    pub result: ScoreResult,
    /// Unreadable entries and the engine's consistency problems, each tied to a field.
    pub problems: Vec<Problem>,
    /// Display names (the entered name, or "Player N").
    pub names: Vec<String>,
}

impl Evaluation {
    pub fn reliable(&self) -> bool {
        self.problems.is_empty()
    }

    pub fn problems_for(&self, field: Field) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(move |p| p.field == field)
    }

    /// The plain-text summary: the engine's breakdown and, when needed, the problems.
    pub fn summary(&self) -> String {
        let mut s = scoring::describe(&self.input, &self.result);
        if !self.reliable() {
            s.push_str("\nUNRELIABLE: these entries cannot come from a real game:\n");
            for p in &self.problems {
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
        Err(message) => {
            problems.push(Problem { field, message });
            0
        }
    };
    let tokens = |forms: &PerJar<String>, holder: Holder, problems: &mut Vec<Problem>| {
        PerJar::from_fn(|c| match parse_tokens(&forms[c]) {
            Ok(v) => v,
            Err(message) => {
                problems.push(Problem {
                    field: Field::Tokens(holder, c),
                    message,
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
    problems.extend(scoring::check(&input, comps));
    let result = scoring::score(&input);
    let names = input
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if p.name.is_empty() {
                format!("Player {}", i + 1)
            } else {
                p.name.clone()
            }
        })
        .collect();
    Evaluation {
        input,
        result,
        problems,
        names,
    }
}

/// The calculator screen.
pub struct CalculatorScreen {
    pub sheet: Sheet,
    /// The player whose delivered cards are being picked.
    picking: Option<usize>,
    export: Option<PendingExport>,
    /// What the last export or copy did.
    pub status: Option<String>,
}

/// Width of the score pad's first column (the row names).
const ROW_LABEL_WIDTH: f32 = 150.0;
/// Narrowest the result column may be beside the score pad.
const RESULT_MIN_WIDTH: f32 = 470.0;

impl CalculatorScreen {
    pub fn new(_data: &ComponentData) -> CalculatorScreen {
        CalculatorScreen::with_sheet(Sheet::default())
    }

    pub fn with_sheet(sheet: Sheet) -> CalculatorScreen {
        CalculatorScreen {
            sheet,
            picking: None,
            export: None,
            status: None,
        }
    }

    pub fn has_open_dialog(&self) -> bool {
        self.picking.is_some()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        if let Some(outcome) = self.export.as_ref().and_then(|e| e.poll()) {
            self.export = None;
            self.status = Some(match outcome {
                ExportOutcome::Saved(p) => format!("Saved to {}", p.display()),
                ExportOutcome::Cancelled => "Nothing saved: no file was chosen.".into(),
                ExportOutcome::Failed(e) => format!("Export failed: {e}"),
            });
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
            ui.label(RichText::new("At the table:").strong());
            for t in TableSize::ALL {
                ui.selectable_value(&mut self.sheet.table, t, t.label());
            }
            ui.add_space(20.0);
            if ui
                .button("Clear the sheet")
                .on_hover_text("Empty every field (the number of players stays)")
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
            warning_note(ui, &p.message);
        }
    }

    /// The score pad: one row per entry, one column per player (and the tempest in solo).
    fn pad(&mut self, ui: &mut egui::Ui, eval: &Evaluation, col_w: f32, glyphs: bool) {
        let n = self.sheet.table.players();
        let solo = self.sheet.table == TableSize::Solo;
        let probs = |f: Field| eval.problems_for(f).collect::<Vec<_>>();
        let who = |i: usize| format!("Player {}", i + 1);
        let mut pick = None;
        theme::card_frame().show(ui, |ui| {
            egui::Grid::new("score_pad")
                .num_columns(n + 1 + usize::from(solo))
                .spacing(egui::vec2(ui.spacing().item_spacing.x, 10.0))
                .min_col_width(col_w)
                .show(ui, |ui| {
                    row_label(ui, "", None);
                    for i in 0..n {
                        let title = if solo { "You".to_string() } else { who(i) };
                        ui.label(RichText::new(title).strong().color(theme::GLOW));
                    }
                    if solo {
                        ui.label(RichText::new("The tempest").strong().color(theme::GLOW));
                    }
                    ui.end_row();

                    row_label(ui, "Name", None);
                    for i in 0..n {
                        let f = &mut self.sheet.players[i];
                        cell_field(ui, col_w, &format!("{} name", who(i)), &mut f.name, &who(i), &[]);
                    }
                    ui.end_row();

                    for c in JarColour::ALL {
                        let mut label = theme::jar_label(c, glyphs);
                        label = RichText::new(format!("{} tokens", label.text()))
                            .color(theme::jar_colour(c))
                            .strong();
                        row_label(ui, label, Some("The values of the tokens won, as printed: 2, 3, 5"));
                        for i in 0..n {
                            let f = &mut self.sheet.players[i];
                            cell_field(
                                ui,
                                col_w,
                                &format!("{} {c} tokens", who(i)),
                                &mut f.tokens[c],
                                "e.g. 2, 3",
                                &probs(Field::Tokens(Holder::Player(i as u8), c)),
                            );
                        }
                        if solo {
                            cell_field(
                                ui,
                                col_w,
                                &format!("Tempest {c} tokens"),
                                &mut self.sheet.tempest.tokens[c],
                                "e.g. 2",
                                &probs(Field::Tokens(Holder::Tempest, c)),
                            );
                        }
                        ui.end_row();
                    }

                    row_label(ui, "Jars delivered", None);
                    for i in 0..n {
                        let p = &probs(Field::Delivered(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(cards) => cell_computed(ui, col_w, cards.len().to_string(), p),
                            None => cell_field(
                                ui,
                                col_w,
                                &format!("{} jars delivered", who(i)),
                                &mut f.delivered,
                                "0",
                                p,
                            ),
                        }
                    }
                    ui.end_row();

                    row_label(ui, "Jar bonus", Some("The bonus points printed on the delivered jars"));
                    for i in 0..n {
                        let p = &probs(Field::JarBonus(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(_) => {
                                let v = eval.input.players.get(i).map_or(0, |p| p.jar_bonus);
                                cell_computed(ui, col_w, v.to_string(), p);
                            }
                            None => cell_field(
                                ui,
                                col_w,
                                &format!("{} jar bonus", who(i)),
                                &mut f.jar_bonus,
                                "0",
                                p,
                            ),
                        }
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        "Delivered cards",
                        Some("Or tick the delivered cards in the deck list: jars, bonus and favourite spaces are then counted for you"),
                    );
                    for i in 0..n {
                        let text = match &self.sheet.players[i].cards {
                            Some(c) => format!("{} picked…", c.len()),
                            None => "Pick…".to_string(),
                        };
                        let r = ui
                            .add(egui::Button::new(text).min_size(egui::vec2(col_w, 0.0)))
                            .on_hover_text("Tick the delivered jar cards in the deck list")
                            .accessible_name(format!("{} pick delivered cards", who(i)));
                        if r.clicked() {
                            pick = Some(i);
                        }
                    }
                    ui.end_row();

                    row_label(ui, "Favourite colour", None);
                    for i in 0..n {
                        let f = &mut self.sheet.players[i];
                        favourite_combo(ui, col_w, i, &who(i), &mut f.favourite, glyphs);
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        "Favourite spaces",
                        Some("Spaces of the favourite colour on the delivered jars"),
                    );
                    for i in 0..n {
                        let p = &probs(Field::Favourite(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(_) => {
                                let v = eval
                                    .input
                                    .players
                                    .get(i)
                                    .map_or(0, |p| p.favourite_spaces);
                                cell_computed(ui, col_w, v.to_string(), p);
                            }
                            None => cell_field(
                                ui,
                                col_w,
                                &format!("{} favourite spaces", who(i)),
                                &mut f.favourite_spaces,
                                "0",
                                p,
                            ),
                        }
                    }
                    ui.end_row();

                    row_label(ui, "Dice left over", Some("Dice on the jars that were not delivered"));
                    for i in 0..n {
                        let p = &probs(Field::Leftovers(i as u8));
                        let f = &mut self.sheet.players[i];
                        cell_field(
                            ui,
                            col_w,
                            &format!("{} leftover dice", who(i)),
                            &mut f.leftover_dice,
                            "0",
                            p,
                        );
                    }
                    ui.end_row();

                    if solo {
                        row_label(
                            ui,
                            "Dice in the tempest",
                            Some("Each die in the tempest costs you 1 point"),
                        );
                        ui.label("");
                        cell_field(
                            ui,
                            col_w,
                            "Tempest dice",
                            &mut self.sheet.tempest.dice,
                            "0",
                            &probs(Field::TempestDice),
                        );
                        ui.end_row();
                    }
                });
        });
        if pick.is_some() {
            self.picking = pick;
        }
    }

    fn results(&mut self, ui: &mut egui::Ui, eval: &Evaluation, shared: &mut Shared) {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Result").heading().color(theme::GLOW));
            if eval.reliable() {
                ui.label(
                    RichText::new(format!(
                        "{} Every entry could come from a real game.",
                        theme::OK_GLYPH
                    ))
                    .color(theme::GOOD),
                );
            } else {
                let n = eval.problems.len();
                warning_note(
                    ui,
                    &format!(
                        "Unreliable: {n} {} cannot come from a real game. Fix the flagged fields; \
                         until then the scores below may be wrong.",
                        if n == 1 { "entry" } else { "entries" }
                    ),
                );
            }
            ui.add_space(4.0);
            score_summary(ui, eval, shared.settings.glyphs);
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                let busy = self.export.is_some();
                for (kind, label) in [
                    (ExportKind::Ron, "Export RON…"),
                    (ExportKind::Csv, "Export CSV…"),
                ] {
                    if ui.add_enabled(!busy, egui::Button::new(label)).clicked() {
                        let messages: Vec<String> =
                            eval.problems.iter().map(|p| p.message.clone()).collect();
                        let contents = if kind == ExportKind::Csv {
                            super::export::to_csv(&eval.names, &eval.result, eval.reliable())
                        } else {
                            super::export::to_ron(&eval.input, &eval.result, &messages)
                        };
                        self.status = Some("Choosing where to save…".into());
                        self.export = Some(PendingExport::start(
                            shared.dialog.clone(),
                            ui.ctx().clone(),
                            format!("noctiluca-scores.{}", kind.extension()),
                            kind,
                            contents,
                        ));
                    }
                }
                if ui.button("Copy summary").clicked() {
                    ui.ctx().copy_text(eval.summary());
                    self.status = Some("Summary copied to the clipboard.".into());
                }
            });
            if let Some(s) = &self.status {
                ui.label(RichText::new(s).color(theme::TEXT_DIM));
            }
        });
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
            .map(|(j, p)| {
                if p.name.trim().is_empty() {
                    format!("Player {}", j + 1)
                } else {
                    p.name.trim().to_string()
                }
            })
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
        let modal = egui::Modal::new(egui::Id::unique("card_picker")).show(ui.ctx(), |ui| {
            ui.set_max_width(900.0);
            ui.label(
                RichText::new(format!("Jars delivered by {}", names[i]))
                    .heading()
                    .color(theme::GLOW),
            );
            ui.label(
                RichText::new(
                    "Tick each card this player delivered. The number of jars, their bonus and \
                     the favourite-colour spaces are then counted from the cards.",
                )
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
                        let r = if let Some(j) = taken[k] {
                            r.on_disabled_hover_text(format!("Delivered by {}", names[j]))
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
                if ui.button("Done").clicked() {
                    close = true;
                }
                if ui
                    .button("Type the counts instead")
                    .on_hover_text("Forget the picked cards and enter the numbers by hand")
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
        }
    }
}

/// A card as a checkbox label: its colour, its spaces (with shapes when glyphs are on) and bonus.
fn card_text(card: &crate::engine::JarCard, glyphs: bool) -> egui::WidgetText {
    let mut job = egui::text::LayoutJob::default();
    let font = egui::FontId::proportional(theme::BODY_SIZE);
    let fmt = |c| egui::TextFormat::simple(font.clone(), c);
    job.append(
        &format!("{} ", card.colour),
        0.0,
        fmt(theme::jar_colour(card.colour)),
    );
    for &s in &card.spaces {
        let piece = if glyphs {
            format!("{}{}", theme::dice_glyph(s), s.letter())
        } else {
            s.letter().to_string()
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
    ui.label(RichText::new("Majorities").strong());
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
                format!(
                    "{} wins on the tiebreak: tied on {} points with {}, with the most jars \
                     delivered ({}).",
                    name(*player),
                    p.total,
                    crate::engine::scoring::join_names(&others),
                    p.delivered
                )
            } else {
                format!("{} wins with {} points.", name(*player), p.total)
            }
        }
        Outcome::Shared { players } => {
            let names: Vec<String> = players.iter().map(|&i| name(i)).collect();
            let first = players
                .first()
                .and_then(|&i| r.players.get(i as usize))
                .cloned()
                .unwrap_or_default();
            format!(
                "{} share the victory: {} points and {} jars delivered each.",
                crate::engine::scoring::join_names(&names),
                first.total,
                first.delivered
            )
        }
        Outcome::Solo { net, won } => {
            if *won {
                format!("Net score {net}: a win (1 or more wins).")
            } else {
                format!("Net score {net}: a loss (you need 1 or more to win).")
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
                ("Player", ""),
                ("Tokens", "Face values of the tokens won by delivering jars"),
                ("Majority", "Tokens taken at the majorities, 1 point each"),
                ("Bonus", "Bonus points printed on the delivered jars"),
                (
                    "Favourite",
                    "1 point per favourite-colour space on delivered jars",
                ),
                (
                    "Leftovers",
                    "Half the dice on undelivered jars, rounded down",
                ),
                ("Total", ""),
                ("Jars", "Jars delivered (breaks a tie)"),
            ] {
                let r = ui.label(RichText::new(h).color(theme::TEXT_DIM).small());
                if !hover.is_empty() {
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
                ui.label("Tempest");
                ui.label(minus(t.token_points.into()));
                ui.label(minus(t.majority_points.into()));
                ui.label("");
                ui.label("");
                ui.label(format!("{} (dice)", minus(t.dice.into())));
                ui.label(RichText::new(minus(t.penalty)).strong());
                ui.label("");
                ui.end_row();
                if let Outcome::Solo { net, .. } = r.outcome {
                    ui.label(RichText::new("Net").strong());
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
            RichText::new("Token stacks, top first: tokens always come off the top")
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
                    RichText::new(format!("{taken} taken, {} left", remaining[colour]))
                        .color(theme::TEXT_DIM)
                        .small(),
                );
            });
            for p in eval.problems_for(Field::Stack(colour)) {
                warning_note(ui, &p.message);
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
    problems: &[&Problem],
) {
    ui.vertical(|ui| {
        ui.set_width(width);
        let mut edit = egui::TextEdit::singleline(value)
            .hint_text(RichText::new(hint).color(theme::TEXT_DIM))
            .desired_width(width);
        if !problems.is_empty() {
            edit = edit.text_color(theme::WARNING);
        }
        ui.add(edit).accessible_name(accessible);
        for p in problems {
            warning_note(ui, &p.message);
        }
    });
}

/// A value counted from the picked cards, in place of a field.
fn cell_computed(ui: &mut egui::Ui, width: f32, value: String, problems: &[&Problem]) {
    ui.vertical(|ui| {
        ui.set_width(width);
        ui.horizontal(|ui| {
            ui.label(RichText::new(value).strong());
            ui.label(RichText::new("from cards").color(theme::TEXT_DIM).small());
        });
        for p in problems {
            warning_note(ui, &p.message);
        }
    });
}

fn favourite_combo(
    ui: &mut egui::Ui,
    width: f32,
    i: usize,
    who: &str,
    favourite: &mut Option<DiceColour>,
    glyphs: bool,
) {
    let selected = match *favourite {
        Some(f) => RichText::new(theme::dice_label(f, glyphs)).color(theme::dice_colour(f)),
        None => RichText::new("not given").color(theme::TEXT_DIM),
    };
    let r = egui::ComboBox::from_id_salt(("favourite", i))
        .selected_text(selected)
        .width(width)
        .show_ui(ui, |ui| {
            ui.selectable_value(favourite, None, "not given");
            for c in DiceColour::ALL {
                ui.selectable_value(
                    favourite,
                    Some(c),
                    RichText::new(theme::dice_label(c, glyphs)).color(theme::dice_colour(c)),
                );
            }
        });
    r.response
        .accessible_name(format!("{who} favourite colour"));
}
