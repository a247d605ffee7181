//! The step the solo companion waits for: the player's turn, the discarded card, the black die,
//! final scoring — with its buttons, keys and reminders.

use super::*;

impl SoloScreen {
    /// What the step asks for, and its buttons.
    pub(super) fn step_ui(&mut self, ui: &mut egui::Ui, game: &SoloCompanion) -> Option<Command> {
        let mut command = None;
        let section = self.comps.section_label(game.arrow);
        match game.step {
            SoloStep::PlayerTurn => {
                ui.label(RichText::new(tr("Your turn")).size(18.0).strong());
                ui.label(tr(
                    "Place a pawn, dive and store as usual. Tell the tempest what happened:",
                ));
                ui.horizontal(|ui| {
                    let label = ui.label(tr("Dice I could not store"));
                    let edit = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.dice_text)
                                .desired_width(48.0)
                                .hint_text("0"),
                        )
                        .labelled_by(label.id);
                    let entered =
                        edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    let add = ui
                        .button(tr("Add to the tempest"))
                        .on_hover_text(tr("Or press Enter in the field"));
                    if std::mem::take(&mut self.focus_add) {
                        add.request_focus();
                    }
                    if add.clicked() || entered {
                        let taken = match self.dice_text.trim().parse::<u32>() {
                            Ok(n) if n > 0 => {
                                match u8::try_from(n) {
                                    Ok(dice) => self.report(SoloInput::CouldNotStore { dice }),
                                    // More than a report can hold: said as the count it is.
                                    Err(_) => {
                                        self.notice = Some(Notice::Refused(
                                            crate::engine::RuleError::TempestDiceCount { dice: n },
                                        ))
                                    }
                                }
                                !matches!(self.notice, Some(Notice::Refused(_)))
                            }
                            _ => {
                                self.notice = Some(Notice::DiceCount);
                                false
                            }
                        };
                        // A count the tempest took empties the field (Enter goes on to Add);
                        // a refused one stays to be put right, the keyboard in the field.
                        if taken {
                            self.dice_text.clear();
                            self.focus_add = entered;
                        } else {
                            self.focus_add = false;
                            edit.request_focus();
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr("I delivered a jar:"));
                    for c in JarColour::ALL {
                        let name = trf!(
                            "Delivered a {colour} jar",
                            colour = theme::jar_name(c).to_lowercase()
                        );
                        let r = jar_button(ui, c, name)
                            .on_hover_text(tr("Take the top token of that colour"));
                        if r.clicked() {
                            self.report(SoloInput::Delivered { colour: c });
                        }
                    }
                });
                ui.add_space(6.0);
                let r = ui
                    .button(RichText::new(tr("Start the tempest")).size(18.0))
                    .on_hover_text(tr("Your turn is over: the tempest begins (T)"));
                self.claim_focus(SoloStep::PlayerTurn, &r);
                if r.clicked() {
                    self.report_keyed(SoloInput::StartTempest, r.has_focus());
                }
            }
            SoloStep::Discard => {
                ui.label(RichText::new(tr("Tempest 1 of 3")).color(theme::TEXT_DIM));
                // A deck reported empty stays empty: only "Deck empty" is offered.
                let ran_out = game.deck_reported_empty();
                let ask = match ran_out {
                    Some(at) => trf!(
                        "The jar deck ran out in round {round}, turn {turn}: nothing is discarded.",
                        round = at.round,
                        turn = at.turn
                    ),
                    None => tr("Discard the top jar card. What colour is it?").to_string(),
                };
                ui.label(RichText::new(ask).size(18.0));
                ui.horizontal_wrapped(|ui| {
                    for (i, (_, colour)) in DISCARD_KEYS.into_iter().enumerate() {
                        let key = i + 1;
                        if ran_out.is_some() && colour.is_some() {
                            continue;
                        }
                        let r = match colour {
                            Some(c) => {
                                let name = trf!("{colour} card", colour = theme::jar_name(c));
                                jar_button(ui, c, name).on_hover_text(trf!(
                                    "The tempest discarded a {colour} card ({key})",
                                    colour = theme::jar_name(c).to_lowercase(),
                                    key
                                ))
                            }
                            None => ui.button(tr("Deck empty")).on_hover_text(trf!(
                                "The jar deck is empty: nothing to discard ({key})",
                                key
                            )),
                        };
                        if i == 0 || ran_out.is_some() {
                            self.claim_focus(SoloStep::Discard, &r);
                        }
                        if r.clicked() {
                            self.report_keyed(SoloInput::Discard { colour }, r.has_focus());
                        }
                    }
                });
            }
            SoloStep::BlackDie => {
                ui.label(RichText::new(tr("Tempest 2 of 3")).color(theme::TEXT_DIM));
                ui.label(
                    RichText::new(trf!(
                        "Roll the black die for the {section} section.",
                        section
                    ))
                    .size(18.0),
                );
                if ui
                    .checkbox(&mut self.own_die, tr("I always roll the real black die"))
                    .on_hover_text(tr(
                        "Ticked: at every roll a field takes the real die's number, and the app's die is not offered. Unticked: the app rolls, or a number button says what the real die showed.",
                    ))
                    .changed()
                {
                    // Kept with the game: it opens again as it was left.
                    self.save();
                    // What was said of the field's number goes with the field.
                    if matches!(self.notice, Some(Notice::RollNumber)) {
                        self.notice = None;
                    }
                }
                if self.own_die {
                    // The typed number is what counts: Enter confirms it, and the app's die is
                    // not on offer to be rolled by mistake.
                    ui.horizontal(|ui| {
                        let label = ui.label(tr("The real die shows"));
                        let edit = ui
                            .add(
                                egui::TextEdit::singleline(&mut self.roll_text)
                                    .desired_width(48.0)
                                    .hint_text("1–6")
                                    .char_limit(1),
                            )
                            .labelled_by(label.id);
                        // Only a number goes in (R, the app's die key, is no number).
                        self.roll_text.retain(|c| c.is_ascii_digit());
                        self.claim_focus(SoloStep::BlackDie, &edit);
                        let entered =
                            edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                            self.roll_left = true;
                        }
                        if edit.gained_focus() {
                            self.roll_left = false;
                        }
                        if !entered && !self.roll_left && ui.memory(|m| m.focused().is_none()) {
                            edit.request_focus();
                        }
                        let ok = ui
                            .button(tr("Confirm the roll"))
                            .on_hover_text(tr("Or press Enter in the field"));
                        if entered || ok.clicked() {
                            match self.roll_text.trim().parse::<u8>() {
                                Ok(n) if (1..=6).contains(&n) => {
                                    self.roll_text.clear();
                                    // The next roll's field takes the keyboard again.
                                    self.roll_left = false;
                                    self.report_keyed(SoloInput::BlackDie { number: n }, entered);
                                }
                                _ => {
                                    self.notice = Some(Notice::RollNumber);
                                    edit.request_focus();
                                }
                            }
                        }
                    });
                }
                if !self.own_die {
                    let r = ui
                        .button(tr("Roll the black die"))
                        .on_hover_text(tr("The app rolls the black die for you (R)"));
                    self.claim_focus(SoloStep::BlackDie, &r);
                    if r.clicked() {
                        self.roll(ui, r.has_focus());
                    }
                }
                // The six numbers on a line of their own, after their words: beside the roll
                // button they wrapped as "1 2" and "3 4 5 6". Not with the real die's field,
                // which is already the way to say what it shows.
                if !self.own_die {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(tr("or, with the real die:"));
                        for n in 1..=6u8 {
                            let name = trf!("I rolled {number}", number = n);
                            let r = ui.button(n.to_string()).on_hover_text(trf!(
                                "The real black die shows {number} (key {number})",
                                number = n
                            ));
                            r.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, &name)
                            });
                            if r.clicked() {
                                self.report_keyed(SoloInput::BlackDie { number: n }, r.has_focus());
                            }
                        }
                    });
                }
                ui.label(
                    RichText::new(tr("Then the arrow turns to the next section (step 3)."))
                        .color(theme::TEXT_DIM),
                );
            }
            SoloStep::GameOver => {
                ui.label(RichText::new(tr("Final scoring")).size(18.0).strong());
                ui.label(tr(
                    "The tempest's tokens and dice and your tokens are filled in. Add your \
                     jar bonuses, favourite and leftover dice in the calculator.",
                ));
                let r = ui.button(tr("Final score…"));
                self.claim_focus(SoloStep::GameOver, &r);
                if r.clicked()
                    && let Some(sheet) = self.final_sheet()
                {
                    command = Some(Command::OpenSheet {
                        sheet: Box::new(sheet),
                        recorded: false,
                        game: None,
                    });
                }
                // The finished game goes with a new one (its tempest log, its undo): asked
                // first, the keyboard on keeping it.
                if !self.confirm_new {
                    if ui.button(tr("Start a new solo game")).clicked() {
                        self.confirm_new = true;
                    }
                } else {
                    theme::warning_frame().show(ui, |ui| {
                        ui.label(tr(
                            "The finished game leaves this screen: its tempest log and its \
                             undo go (a final score in the calculator stays).",
                        ));
                        ui.horizontal(|ui| {
                            let keep = ui.button(tr("Keep this game"));
                            if !keep.has_focus() && ui.memory(|m| m.focused().is_none()) {
                                keep.request_focus();
                            }
                            let start = ui.button(tr("Start the new game"));
                            if start.clicked() {
                                self.start_new();
                                if start.has_focus() {
                                    self.focus = Some(SoloStep::PlayerTurn);
                                }
                            }
                            if keep.clicked() {
                                self.confirm_new = false;
                            }
                        });
                    });
                }
            }
        }
        command
    }

    /// Whether the app's die (if it was rolled) has landed by `now`.
    pub(super) fn die_landed(&self, now: f64) -> bool {
        self.rolling.is_none_or(|start| now - start >= ROLL_SECONDS)
    }

    /// While the app's die tumbles, a changing face; `None` once it has landed.
    pub(super) fn rolling_face(&mut self, ui: &egui::Ui) -> Option<u8> {
        let start = self.rolling?;
        let now = ui.input(|i| i.time);
        if now - start >= ROLL_SECONDS {
            self.rolling = None;
            return None;
        }
        // A frame for each new face, and one as it lands (which shows the result).
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(
                (ROLL_SECONDS - (now - start)).clamp(0.0, 1.0 / 30.0),
            ));
        Some(((now * 14.0) as u64 % 6) as u8 + 1)
    }
}

/// A button showing a jar colour's shape and name in its colour, with its own accessible name.
fn jar_button(ui: &mut egui::Ui, c: JarColour, accessible_name: String) -> egui::Response {
    let text = RichText::new(format!("{} {}", theme::jar_glyph(c), theme::jar_name(c)))
        .color(theme::jar_colour(c));
    let r = ui.button(text);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &accessible_name));
    r
}
