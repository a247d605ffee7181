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
            ui.label(RichText::new(tr("Result")).heading().color(theme::GLOW));
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
                let saved = self.saved.as_ref().is_some_and(|s| *s == named_input(eval));
                let can_save = full.problems.is_empty() && shared.recorder.db.is_some() && !saved;
                let (label, hover) = if saved {
                    (
                        tr("Saved to history"),
                        tr("This result is in the history; change the sheet to save another"),
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
                if ui
                    .add_enabled(can_save, egui::Button::new(label))
                    .on_hover_text(hover)
                    .on_disabled_hover_text(hover)
                    .clicked()
                {
                    use crate::history::{GameEntry, Mode, now};
                    let input = named_input(eval);
                    let mode = if input.tempest.is_some() {
                        Mode::SoloCompanion
                    } else {
                        Mode::Tabletop
                    };
                    let entry = GameEntry::from_score(mode, &input, &eval.result, &[], now());
                    shared.recorder.record(entry, ui.ctx());
                    self.people.add(&eval.names);
                    // What the recording did is said at the top of the window.
                    self.status = None;
                    self.saved = Some(input);
                }
                if ui
                    .button(tr("Copy summary"))
                    .on_hover_text(tr("Copy the scores and the majorities as plain text"))
                    .clicked()
                {
                    ui.ctx().copy_text(eval.summary());
                    self.say(Said::new(|| {
                        tr("Summary copied to the clipboard.").to_owned()
                    }));
                }
            }));
            if let Some(s) = &self.status {
                let line = ui.label(RichText::new(s.text()).color(theme::TEXT_DIM));
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
    for (i, (p, name)) in input.players.iter_mut().zip(&eval.names).enumerate() {
        p.name = crate::words::stored_name(name, i);
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

pub(super) fn breakdown_table(ui: &mut egui::Ui, eval: &Evaluation) {
    let r = &eval.result;
    let winners: Vec<usize> = match &r.outcome {
        Outcome::Winner { player, .. } => vec![*player as usize],
        Outcome::Shared { players } => players.iter().map(|&p| p as usize).collect(),
        Outcome::Solo { .. } => Vec::new(),
    };
    // Wider than its column (a narrow window, a long name, the Chinese headers), the table
    // scrolls sideways inside it rather than pushing what stands beside it off the window.
    egui::ScrollArea::horizontal()
        .id_salt("breakdown-scroll")
        .show(ui, |ui| breakdown_grid(ui, eval, r, &winners));
}

fn breakdown_grid(ui: &mut egui::Ui, eval: &Evaluation, r: &ScoreResult, winners: &[usize]) {
    // Names longer than a column's most are cut short with "…" (the whole name on hover), so
    // that Total and Jars fit beside the pad at 1280 px with four players, in either language.
    egui::Grid::new("breakdown")
        .striped(true)
        .spacing(egui::vec2(10.0, 6.0))
        .min_col_width(30.0)
        .max_col_width(100.0)
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
                let name = if winners.contains(&i) {
                    name.color(theme::GLOW).strong()
                } else {
                    name
                };
                ui.add(egui::Label::new(name).truncate());
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
