//! The result card: the outcome, the breakdown, the majorities and the token stacks, and the
//! exports.

use super::*;

impl CalculatorScreen {
    /// `eval` is what the screen shows, `full` every problem (for exports and the history).
    pub(super) fn results(
        &mut self,
        ui: &mut egui::Ui,
        eval: &Evaluation,
        full: &Evaluation,
        shared: &mut Shared,
    ) {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            crate::app::theme::heading(ui, RichText::new(tr("Result")).heading().color(theme::GLOW));
            // Nothing is judged before there is something to judge, and no winner is named
            // while a player's column is still empty.
            let empty: Vec<&str> = self
                .sheet
                .players
                .iter()
                .zip(&eval.names)
                .filter(|(p, _)| p.untouched())
                .map(|(_, n)| n.as_str())
                .collect();
            let untouched = self.sheet.untouched();
            if untouched {
                ui.label(
                    RichText::new(tr(
                        "Nothing entered yet. Fill in each player's column: the result appears \
                         here once every player has something entered.",
                    ))
                    .size(17.0),
                );
            } else if eval.reliable() && self.typing.is_some() {
                // The column being typed in is not checked yet: nothing to vouch for (said
                // below).
            } else if eval.reliable() {
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
            if untouched {
                // Said above.
            } else if !eval.reliable() {
                // What must be fixed takes the winner's place.
                ui.label(
                    RichText::new(tr("To fix before the result counts:"))
                        .size(17.0)
                        .strong(),
                );
                for p in eval.problem_words() {
                    warning_note(ui, &p);
                }
                ui.add_space(6.0);
                breakdown_table(ui, eval);
                // How the majorities fall with the entries as they stand: where a flagged
                // token went wrong shows there.
                ui.add_space(8.0);
                majorities(ui, eval, shared.settings.glyphs);
            } else if let Some(c) = self.typing {
                let who = if c < eval.names.len() {
                    eval.names[c].clone()
                } else {
                    tr("The tempest").to_owned()
                };
                ui.label(
                    RichText::new(trf!(
                        "Entering {name}: the column is checked, and the result counted, once you leave it.",
                        name = who
                    ))
                    .size(17.0),
                );
            } else if !empty.is_empty() && self.sheet.table != TableSize::Solo {
                ui.label(
                    RichText::new(trf!(
                        "Still to enter: {players}. The winner is named once every column has \
                         something entered.",
                        players = crate::words::join_list(&empty)
                    ))
                    .size(17.0),
                );
            } else {
                if eval.shared_names {
                    // Told apart here; the history would take them for one person.
                    ui.label(
                        theme::warning_text(tr("Two players have the same name: they are told apart here by seat (“#2”). The history would count them as one person: give each their own name before saving.")),
                    );
                }
                score_summary(ui, eval, shared.settings.glyphs);
            }
            ui.add_space(8.0);
            let busy = self.export.is_some();
            let shortcut = self.picking.is_none()
                && !busy
                && ui.input_mut(|i| i.consume_shortcut(&SAVE_SHORTCUT));
            if shortcut {
                self.start_export(ExportKind::Ron, full, shared, ui.ctx());
            }
            // Under an id of their own: an automatic id would change with what the card shows
            // above them, which changes as the keyboard leaves the pad, and Tab from the pad's
            // last field would land on the id the button had a frame before.
            let stable = egui::UiBuilder::new().scope_id(egui::Id::unique("calculator exports"));
            ui.scope_builder(stable, |ui| ui.horizontal_wrapped(|ui| {
                let keys = ui.ctx().format_shortcut(&SAVE_SHORTCUT);
                let ron = ui
                    .add_enabled(!busy, egui::Button::new(tr("Export RON…")))
                    .on_hover_text(trf!(
                        "Save the score sheet and the result as a RON file, which the \
                         noctiluca score command reads back ({shortcut})",
                        shortcut = keys
                    ));
                // Not in the frame of the Enter that sent it here, which would press it.
                match self.focus_exports {
                    FocusExports::NextFrame => {
                        self.focus_exports = FocusExports::Now;
                        ui.ctx().request_repaint();
                    }
                    FocusExports::Now => {
                        self.focus_exports = FocusExports::No;
                        ron.request_focus();
                    }
                    FocusExports::No => {}
                }
                if ron.gained_focus() {
                    ron.scroll_to_me(None);
                }
                if ron.clicked() {
                    self.start_export(ExportKind::Ron, full, shared, ui.ctx());
                }
                if ui
                    .add_enabled(!busy, egui::Button::new(tr("Export CSV…")))
                    .on_hover_text(tr("Save one row per player, for a spreadsheet"))
                    .clicked()
                {
                    self.start_export(ExportKind::Csv, full, shared, ui.ctx());
                }
                // The sheet as saved is built only to compare with one saved before, and to
                // save.
                if std::mem::take(&mut self.in_history) {
                    self.sheet.saved = Some(named_input(eval));
                }
                let saved = self.sheet.saved.as_ref().is_some_and(|s| *s == named_input(eval));
                self.changed_since_saved = self.sheet.saved.is_some() && !saved;
                let can_save = full.problems.is_empty() && shared.recorder.db.is_some() && !saved;
                let (label, hover) = if saved {
                    (
                        tr("Saved to history"),
                        tr("This result is in the history; change the sheet to save another"),
                    )
                } else if self.sheet.saved.is_some() {
                    // Changed since it was saved (or opened from the history): saving adds a
                    // game, the one saved before stays as it was.
                    (
                        tr("Save as another game"),
                        tr(
                            "The result saved before stays in the history as it was; this adds \
                             another game with these scores",
                        ),
                    )
                } else {
                    (
                        tr("Save to history"),
                        tr(
                            "Remember this result: the players become people in the history and \
                             their statistics (entries with problems cannot be saved)",
                        ),
                    )
                };
                // A game typed in and opened from the history, changed: mended in its place
                // (first), or saved as another game (a correction had meant two games, and
                // deleting the first).
                let mend = self.from_game.filter(|_| can_save && self.sheet.saved.is_some());
                let mended = mend.is_some_and(|(game, _)| {
                    ui.button(trf!("Save the changes to game {game}", game))
                        .on_hover_text(tr(
                            "The game in the history takes these scores, keeping its number \
                             and date",
                        ))
                        .clicked()
                });
                let save = ui
                    .add_enabled(can_save, egui::Button::new(label))
                    .on_hover_text(hover)
                    .on_disabled_hover_text(hover);
                // Saved, the button can no longer be pressed: the keyboard goes on to the
                // next one (it had jumped to "Home").
                let focus_on = (save.clicked() && save.has_focus()) || mended;
                if save.clicked() || mended {
                    use crate::history::{GameEntry, Mode, now};
                    let input = named_input(eval);
                    let mode = if input.tempest.is_some() {
                        Mode::SoloCompanion
                    } else {
                        Mode::Tabletop
                    };
                    // Seats named as the app names an AI are that AI (a game's sheet from
                    // the history holds them so), never a person of that name.
                    let bots: Vec<Option<String>> =
                        input.players.iter().map(|p| crate::words::seat_bot(&p.name)).collect();
                    let mut entry =
                        GameEntry::from_score(mode, &input, &eval.result, &bots, now());
                    if let Some((game, played_at)) = mend.filter(|_| mended) {
                        entry.replaces = Some(game);
                        entry.played_at = played_at;
                    } else {
                        // Another game now: the one opened stays as it was.
                        self.from_game = None;
                    }
                    shared.recorder.record(entry, ui.ctx());
                    self.people.add(&eval.names);
                    // What the recording did is said at the top of the window.
                    self.status = None;
                    self.sheet.saved = Some(input);
                }
                let copy = ui
                    .button(tr("Copy summary"))
                    .on_hover_text(tr("Copy the scores and the majorities as plain text"));
                if focus_on {
                    copy.request_focus();
                }
                if copy.clicked() {
                    ui.ctx().copy_text(eval.summary());
                    self.say(Said::new(|| {
                        tr("Summary copied to the clipboard.").to_owned()
                    }));
                }
            }));
            if let Some(s) = &self.status {
                let line = theme::said_label(ui, s, false);
                if !self.status_seen {
                    self.status_seen = true;
                    line.scroll_to_me(None);
                }
            }
        });
    }

    /// Asks where to save and writes the file, on a worker thread.
    pub(super) fn start_export(
        &mut self,
        kind: ExportKind,
        eval: &Evaluation,
        shared: &Shared,
        ctx: &egui::Context,
    ) {
        let contents = if kind == ExportKind::Csv {
            // UTF-8 with a byte-order mark: without it, Excel reads the file in the system's
            // legacy code page and garbles names and Chinese headers.
            let csv = crate::app::export::to_csv(&eval.names, &eval.result, eval.reliable());
            format!("\u{feff}{csv}")
        } else {
            // The score sheet is data for the command line: its problems are written in
            // English whatever the screen's language.
            let messages = crate::i18n::with_lang(crate::i18n::Lang::En, || eval.problem_words());
            crate::app::export::to_ron(&eval.input, &eval.result, &messages)
        };
        self.say(Said::new(|| tr("Choosing where to save…").to_owned()));
        self.export = Some(PendingExport::start(
            shared.dialog.clone(),
            ctx.clone(),
            format!("noctiluca-scores.{}", kind.extension()),
            kind,
            contents,
        ));
    }
}

/// The sheet's entries with the players' names as shown (a blank name is "Player 2").
fn named_input(eval: &Evaluation) -> crate::engine::ScoreInput {
    let mut input = eval.input.clone();
    // The names as entered (not told apart by seat: "Ann #1" would be another person).
    for (i, p) in input.players.iter_mut().enumerate() {
        p.name = crate::words::stored_name(&super::evaluate::display_name(i, &p.name), i);
    }
    input
}

/// The outcome in one sentence, the breakdown table per player and the majorities explained:
/// the result as the calculator shows it (the game's end screen shows the same).
pub fn score_summary(ui: &mut egui::Ui, eval: &Evaluation, glyphs: bool) {
    ui.label(
        RichText::new(crate::words::outcome_sentence(&eval.names, &eval.result))
            .size(19.0)
            .strong(),
    );
    if let Some(places) = crate::words::places_sentence(&eval.names, &eval.result) {
        ui.label(places);
    }
    ui.add_space(6.0);
    breakdown_table(ui, eval);
    ui.add_space(8.0);
    majorities(ui, eval, glyphs);
}

/// The majorities, a sentence each, in their colours.
fn majorities(ui: &mut egui::Ui, eval: &Evaluation, glyphs: bool) {
    ui.label(RichText::new(tr("Majorities")).strong());
    for m in &eval.result.majorities {
        let mut sentence = m.explain(&eval.names);
        if glyphs {
            sentence = format!("{} {sentence}", theme::jar_glyph(m.colour));
        }
        ui.label(RichText::new(sentence).color(theme::jar_colour(m.colour)));
    }
}

pub(super) fn breakdown_table(ui: &mut egui::Ui, eval: &Evaluation) {
    let r = &eval.result;
    // Nobody is marked the winner of a sheet that cannot come from a real game.
    let winners: Vec<usize> = match &r.outcome {
        _ if !eval.reliable() => Vec::new(),
        Outcome::Winner { player, .. } => vec![*player as usize],
        Outcome::Shared { players } => players.iter().map(|&p| p as usize).collect(),
        Outcome::Solo { .. } => Vec::new(),
    };
    let (headers, rows) = breakdown_cells(eval, r, &winners);
    // A row a player where that fits; in a narrower column (the game's side panel, the Chinese
    // headers, a solo game's extra rows) a column a player, the lines of the score as rows.
    // Either way, still too wide (a very narrow window), it scrolls sideways inside its column
    // rather than pushing what stands beside it off the window.
    let (natural, down) = natural_widths(ui, &headers, &rows);
    let room = ui.available_width();
    let across = natural <= room;
    // Room to spare: the names take it, up to their whole width ("✔ AI Random #2" had been
    // cut at 100 points beside empty space); in a column a player, shared between them.
    let spare = if across {
        room - natural
    } else {
        (room - down).max(0.0) / rows.len().max(1) as f32
    };
    let name_max = (NAME_MAX_WIDTH + spare).min(NAME_ROOMY_WIDTH);
    egui::ScrollArea::horizontal()
        .id_salt("breakdown-scroll")
        .show(ui, |ui| {
            egui::Grid::new("breakdown")
                .striped(true)
                .spacing(egui::vec2(BREAKDOWN_GAP, 6.0))
                .min_col_width(30.0)
                .max_col_width(name_max)
                .show(ui, |ui| {
                    if across {
                        for h in &headers {
                            header_cell(ui, h);
                        }
                        ui.end_row();
                        for row in &rows {
                            for (k, c) in row.iter().enumerate() {
                                c.show(ui, &row[0], headers[k].0, k);
                            }
                            ui.end_row();
                        }
                    } else {
                        for (k, h) in headers.iter().enumerate() {
                            header_cell(ui, h);
                            for row in &rows {
                                row[k].show(ui, &row[0], h.0, k);
                            }
                            ui.end_row();
                        }
                    }
                });
        });
}

/// Space between the breakdown's columns.
const BREAKDOWN_GAP: f32 = 10.0;
/// Names longer than this are cut short with "…" (the whole name on hover).
const NAME_MAX_WIDTH: f32 = 100.0;
/// Names take up to this width where the row has room.
const NAME_ROOMY_WIDTH: f32 = 260.0;

/// One cell of the breakdown.
struct Cell {
    text: String,
    strong: bool,
    glow: bool,
    /// A name: cut short when long.
    name: bool,
}

impl Cell {
    fn plain(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            strong: false,
            glow: false,
            name: false,
        }
    }

    fn strong(text: impl Into<String>) -> Cell {
        Cell {
            strong: true,
            ..Cell::plain(text)
        }
    }

    fn rich(&self) -> RichText {
        let t = RichText::new(&self.text);
        let t = if self.strong { t.strong() } else { t };
        if self.glow { t.color(theme::GLOW) } else { t }
    }

    /// Shows the cell of column `k` in the row that `row` names (its first cell). A screen
    /// reader, which reads a grid cell by cell with no column headers, hears a number with its
    /// row and column: "Bea, Tokens: 14".
    fn show(&self, ui: &mut egui::Ui, row: &Cell, column: &str, k: usize) {
        let label = egui::Label::new(self.rich());
        let r = ui.add(if self.name { label.truncate() } else { label });
        if k > 0 && !self.text.is_empty() {
            let spoken = trf!(
                "{row}, {column}: {value}",
                row = row.text,
                column = column,
                value = self.text
            );
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
        }
    }
}

fn header_cell(ui: &mut egui::Ui, (h, hover): &(&str, Option<&str>)) {
    let r = ui.label(RichText::new(*h).color(theme::TEXT_DIM).small());
    if let Some(hover) = hover {
        r.on_hover_text(*hover);
    }
}

/// The widths the breakdown takes laid out a row a player, and a column a player (names at
/// most `NAME_MAX_WIDTH`).
fn natural_widths(
    ui: &egui::Ui,
    headers: &[(&str, Option<&str>)],
    rows: &[Vec<Cell>],
) -> (f32, f32) {
    let painter = ui.painter();
    let small = egui::TextStyle::Small.resolve(ui.style());
    let body = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: &str, font: &egui::FontId| {
        painter
            .layout_no_wrap(text.to_owned(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    let heads: Vec<f32> = headers.iter().map(|(h, _)| width(h, &small)).collect();
    let cells: Vec<Vec<f32>> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| {
                    let w = width(&c.text, &body);
                    if c.name { w.min(NAME_MAX_WIDTH) } else { w }
                })
                .collect()
        })
        .collect();
    let across = (0..headers.len())
        .map(|k| {
            cells
                .iter()
                .map(|r| r[k])
                .fold(heads[k], f32::max)
                .max(30.0)
        })
        .sum::<f32>()
        + BREAKDOWN_GAP * (headers.len() as f32 - 1.0);
    let down = heads.iter().copied().fold(30.0, f32::max)
        + cells
            .iter()
            .map(|r| r.iter().copied().fold(30.0, f32::max))
            .sum::<f32>()
        + BREAKDOWN_GAP * rows.len() as f32;
    (across, down)
}

/// The breakdown's headers (with their explanations) and a row of cells a player, then the
/// tempest's and the net score's rows in solo.
#[allow(clippy::type_complexity)]
fn breakdown_cells(
    eval: &Evaluation,
    r: &ScoreResult,
    winners: &[usize],
) -> (Vec<(&'static str, Option<&'static str>)>, Vec<Vec<Cell>>) {
    let headers = vec![
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
    ];
    let mut rows = Vec::new();
    for (i, p) in r.players.iter().enumerate() {
        let won = winners.contains(&i);
        // The winner is marked in words too (a ✔), not by colour and weight alone; before
        // the name, so that a long name cut short keeps it ("AI Normal #…" lost it).
        let mut row = vec![Cell {
            text: if won {
                format!("✔ {}", eval.names[i])
            } else {
                eval.names[i].clone()
            },
            strong: won,
            glow: won,
            name: true,
        }];
        row.extend(
            [
                p.token_points,
                p.majority_points,
                p.jar_bonus,
                p.favourite,
                p.leftovers,
            ]
            .map(|v| Cell::plain(v.to_string())),
        );
        row.push(Cell::strong(p.total.to_string()));
        row.push(Cell::plain(p.delivered.to_string()));
        rows.push(row);
    }
    if let Some(t) = &r.tempest {
        let minus = |v: i64| {
            if v == 0 {
                "0".to_string()
            } else {
                format!("−{v}")
            }
        };
        rows.push(vec![
            Cell::plain(tr("Tempest")),
            Cell::plain(minus(t.token_points.into())),
            Cell::plain(minus(t.majority_points.into())),
            Cell::plain(""),
            Cell::plain(""),
            Cell::plain(trf!("{value} (dice)", value = minus(t.dice.into()))),
            Cell::strong(minus(t.penalty)),
            Cell::plain(""),
        ]);
        if let Outcome::Solo { net, .. } = r.outcome {
            let mut row = vec![Cell::strong(tr("Net"))];
            row.extend((0..5).map(|_| Cell::plain("")));
            row.push(Cell {
                glow: true,
                ..Cell::strong(net.to_string())
            });
            row.push(Cell::plain(""));
            rows.push(row);
        }
    }
    (headers, rows)
}

/// The three token stacks, top first, with the taken tokens struck through.
pub(super) fn stacks_card(ui: &mut egui::Ui, eval: &Evaluation, comps: &Components, glyphs: bool) {
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
