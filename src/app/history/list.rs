//! The games' list of the history: a card per game, newest first, and "Show N more".

use super::*;

impl HistoryScreen {
    /// Over the games' list showing a record's game, or two people's games together: which
    /// they are, and the way back to all.
    pub(super) fn only_game_ui(&mut self, ui: &mut egui::Ui) {
        let said = match (&self.filter.game, &self.filter.person, &self.filter.with) {
            (Some(game), ..) => trf!("Only game {game} is shown.", game),
            (None, Some(person), Some(with)) => trf!(
                "Only the games {name} and {rival} played together are shown.",
                name = crate::words::person_name(person),
                rival = crate::words::person_name(with)
            ),
            (None, None, Some(with)) => trf!(
                "Only the games {name} played are shown.",
                name = crate::words::person_name(with)
            ),
            _ => return,
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(said).strong());
            if ui.button(tr("Show every game")).clicked() {
                self.show_every_game();
            }
        });
    }

    /// The cards of `rows`, and "Show N more" under them: what was pressed on them (a
    /// screen to open), and the game to delete.
    pub(super) fn game_cards(
        &mut self,
        ui: &mut egui::Ui,
        rows: &[GameRow],
    ) -> (Option<Command>, Option<i64>) {
        let mut command = None;
        let mut delete = None;
        let mut more = false;
        let mut list = egui::ScrollArea::vertical().id_salt("history-list");
        if std::mem::take(&mut self.to_top) {
            list = list.vertical_scroll_offset(0.0);
        }
        list.show(ui, |ui| {
            for g in rows {
                theme::card_frame().show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal_wrapped(|ui| {
                        ui.label(
                            RichText::new(format!(
                                "{} · {} · {} · {}",
                                // Its number, as the records name it: "(game 12)".
                                trf!("Game {game}", game = g.id),
                                // To the minute: five games of one evening differ.
                                crate::history::date_time(g.played_at),
                                mode_name(g.mode),
                                if g.players == 1 {
                                    tr("Solo").to_string()
                                } else {
                                    trf!("{count} players", count = g.players)
                                }
                            ))
                            .strong(),
                        );
                        if let Some(s) = &g.seed {
                            ui.label(RichText::new(s).monospace().color(theme::TEXT_DIM));
                        }
                    });
                    let names = crate::words::seat_people(g.results.iter().map(|r| &*r.name));
                    let line: Vec<String> = g
                        .results
                        .iter()
                        .zip(&names)
                        .map(|(r, name)| {
                            let mark = if r.winner { " ✔" } else { "" };
                            // A name imported from elsewhere may be of any length.
                            let name = crate::words::shorten_to(name, NAME_COLUMNS);
                            match r.tempest {
                                // Solo: the result is the score less the tempest's.
                                Some(t) => {
                                    trf!(
                                        "{name}: {total}, net score {net}",
                                        name,
                                        total = r.total,
                                        net = r.total - t
                                    ) + mark
                                }
                                None => trf!("{name}: {total}", name, total = r.total) + mark,
                            }
                        })
                        .collect();
                    // A screen reader hears which game each button is for: the same three
                    // words on every row would not say.
                    let game = trf!(
                        "game {game}, of {when}: {results}",
                        game = g.id,
                        when = crate::history::date_time(g.played_at),
                        results = crate::words::join_list(line.iter())
                    );
                    let results = line.join(" · ");
                    let mut buttons = |ui: &mut egui::Ui| {
                        let sheet = ui
                            .button(tr("Score sheet"))
                            .accessible_name(trf!("Score sheet of {game}", game = &game));
                        self.focus_again(&sheet, Pressed::Sheet(g.id));
                        if sheet.clicked()
                            && let Some(c) = self.open_sheet(g.id)
                        {
                            self.keep_focus(&sheet, Pressed::Sheet(g.id));
                            command = Some(c);
                        }
                        if g.has_log {
                            let replay = ui
                                .button(tr("Replay"))
                                .accessible_name(trf!("Replay {game}", game = &game));
                            self.focus_again(&replay, Pressed::Replay(g.id));
                            if replay.clicked() {
                                self.keep_focus(&replay, Pressed::Replay(g.id));
                                command = self.open_replay(g.id);
                            }
                        }
                        // At the row's far end, on every row: where Replay is on a
                        // logged game's row, a typed-in game's row had Delete.
                        if !self.read_only {
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    let r = ui
                                        .button(tr("Delete"))
                                        .accessible_name(trf!("Delete {game}", game = &game));
                                    self.focus_again(&r, Pressed::Delete(g.id));
                                    // The next game's Delete comes up under the pointer: a
                                    // double-click had deleted two games.
                                    if theme::first_click(&r) {
                                        // Pressed by keyboard: the keyboard goes to Undo (the
                                        // button is gone with its game).
                                        self.keep_focus(&r, Pressed::Undo);
                                        delete = Some(g.id);
                                    }
                                },
                            );
                        }
                    };
                    // The results and the buttons on one row where they fit (a card of three
                    // rows let five games show in a window).
                    let room = ui.available_width();
                    let one_row = theme::one_line_width(ui, RichText::new(&results))
                        + buttons_width(ui)
                        < room;
                    let shortened = names
                        .iter()
                        .any(|n| crate::words::shorten_to(n, NAME_COLUMNS) != *n);
                    let results_label = |ui: &mut egui::Ui| {
                        let r = ui.label(&results);
                        if shortened {
                            r.on_hover_text(names.join("\n"));
                        }
                    };
                    if one_row {
                        ui.horizontal(|ui| {
                            results_label(ui);
                            ui.add_space(8.0);
                            buttons(ui);
                        });
                    } else {
                        results_label(ui);
                        ui.horizontal(|ui| buttons(ui));
                    }
                });
            }
            let shown = self.filter.limit.unwrap_or(PAGE);
            if rows.len() as u32 >= shown {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(trf!(
                            "The newest {count} games are shown; narrow the filter to see others.",
                            count = shown
                        ))
                        .color(theme::TEXT_DIM),
                    );
                    if ui.button(trf!("Show {count} more", count = PAGE)).clicked() {
                        more = true;
                    }
                });
            }
            crate::app::scroll::page(ui);
        });
        if more {
            self.filter.limit = Some(self.filter.limit.unwrap_or(PAGE).saturating_add(PAGE));
            self.refresh();
        }
        (command, delete)
    }
}

/// The width of a game's buttons side by side (Score sheet, Replay, Delete), with room
/// between them and the results.
fn buttons_width(ui: &egui::Ui) -> f32 {
    let s = ui.spacing();
    [tr("Score sheet"), tr("Replay"), tr("Delete")]
        .iter()
        .map(|t| {
            theme::one_line_width(ui, RichText::new(*t))
                + 2.0 * s.button_padding.x
                + s.item_spacing.x
        })
        .sum::<f32>()
        + 48.0
}
