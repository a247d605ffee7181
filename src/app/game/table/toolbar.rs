//! The table's buttons, after the round and the turn order: Undo, the files, a new game, the
//! AI pace and the log. Where they would not fit on one row of their own (a narrow window, a
//! large text size), the files, the new game and the pace go into one menu, "Game", so the
//! board keeps the room: in 1024×700 at 200% the buttons took three rows.

use super::*;
use crate::i18n::Said;

/// What the toolbar shows and changes, of the screen around the game.
pub(super) struct Toolbar<'a> {
    /// A course keeps itself in its own autosave: a file opened here would take its place.
    pub course: bool,
    /// Animations and the bots' pace are on (off in tests that step the bots themselves).
    pub animate: bool,
    /// A file is being saved or opened.
    pub busy: bool,
    pub pace: &'a mut f32,
    pub show_log: &'a mut bool,
    /// What saving, opening or autosaving last said.
    pub status: Option<&'a Said>,
}

impl Toolbar<'_> {
    pub(super) fn ui(self, ui: &mut egui::Ui, g: &mut Game, out: &mut Out) {
        // A replay has nothing to take back and no AI to pace (its steps are its own).
        let replay = g.replay.is_some();
        let pace_shown = g.seats.iter().any(|s| !s.is_human()) && self.animate && !replay;
        let files = !self.course;
        // Who plays each seat: a person's seat may be handed to an AI (see `Game::hand_over`).
        let seats = files && g.can_hand_over() && g.seats.iter().any(|s| s.ai.is_none());
        let full = self.full_width(ui, files, seats, pace_shown);
        // The strip's width as the window shows it (the table's row of last frame may widen it
        // past the window).
        let shown = ui
            .max_rect()
            .width()
            .min(ui.clip_rect().right() - ui.max_rect().left());
        let small = buttons_width(ui, &[tr("Undo"), tr("Log"), &menu_title()]);
        let beside = |w: f32| w + 2.0 * ui.spacing().item_spacing.x + 8.0 < row_room(ui);
        // In one menu where the row would not fit the window, or would take a row of its own
        // (the board's height) while the menu fits beside the turn order.
        let compact = full > shown || (!beside(full) && beside(small));
        // Beside the turn order when the whole row fits there; else on a row of its own,
        // without a separator at its start.
        let needs = if compact { small } else { full };
        if beside(needs) {
            ui.separator();
        } else {
            ui.end_row();
        }
        if !replay {
            undo_button(ui, g, out);
        }
        if compact {
            let menu = ui.menu_button(menu_title(), |ui| {
                self.files(ui, files, seats, out, true);
                if pace_shown {
                    ui.separator();
                    pace_slider(ui, self.pace);
                }
            });
            menu.response.on_hover_text(match (seats, pace_shown) {
                (true, true) => tr("Save, open, the seats, a new game, and the AI pace"),
                (true, false) => tr("Save, open, the seats and a new game"),
                (false, true) => tr("Save, open, a new game, and the AI pace"),
                (false, false) => tr("Save, open and a new game"),
            });
        } else {
            self.files(ui, files, seats, out, false);
            if pace_shown {
                // The label, the slider and its value go to the next line together: a slider
                // is not wrapped by itself, and its value would run past the window.
                if row_room(ui) < 260.0 {
                    ui.end_row();
                } else {
                    ui.separator();
                }
                pace_slider(ui, self.pace);
            }
        }
        ui.toggle_value(self.show_log, tr("Log"))
            .on_hover_text(tr("Show or hide the game log"));
        // What saving, opening or autosaving last said ("Saved to …", a failure): at the end
        // of the buttons' row when it fits there whole, so the table below does not move when
        // it comes; else on a row of its own, wrapped, to be read whole.
        if let Some(status) = self.status {
            let status = status.text();
            let colour = if status.starts_with(theme::WARNING_GLYPH) {
                theme::WARNING
            } else {
                theme::TEXT_DIM
            };
            let text = RichText::new(status).small().color(colour);
            let width = crate::app::theme::one_line_width(ui, text.clone());
            let spacing = ui.spacing().item_spacing.x;
            if width + 3.0 * spacing + 8.0 < row_room(ui) {
                ui.separator();
            } else {
                ui.end_row();
            }
            ui.add(egui::Label::new(text).wrap());
        }
    }

    /// Save…, Open…, Seats… and New game: in a row, or down the menu (`in_menu`), which
    /// closes once one is pressed.
    fn files(&self, ui: &mut egui::Ui, files: bool, seats: bool, out: &mut Out, in_menu: bool) {
        let mut pressed = false;
        let file_buttons = [
            (tr("Save…"), tr("Save this game to a file"), &mut out.save),
            (
                tr("Open…"),
                tr("Open a saved game from a file"),
                &mut out.load,
            ),
        ];
        for (label, tip, asked) in file_buttons.into_iter().filter(|_| files) {
            if ui
                .add_enabled(!self.busy, egui::Button::new(label))
                .on_hover_text(tip)
                .clicked()
            {
                *asked = true;
                pressed = true;
            }
        }
        if seats
            && ui
                .button(tr("Seats…"))
                .on_hover_text(tr(
                    "Who plays each seat: let an AI play for someone who has to leave, and \
                     give the seat back when they return",
                ))
                .clicked()
        {
            out.seats = true;
            pressed = true;
        }
        // In a course it goes back to the courses, the lesson kept ("New game" had said
        // otherwise).
        let (label, tip) = if self.course {
            (
                tr("Leave the lesson"),
                tr("Back to the courses; the lesson is kept, to continue where you left off"),
            )
        } else {
            (tr("New game"), tr("Leave this game and set up a new one"))
        };
        if ui.button(label).on_hover_text(tip).clicked() {
            out.new_game = true;
            pressed = true;
        }
        if pressed && in_menu {
            ui.close();
        }
    }

    /// The width of every button in one row, with the pace's slider.
    fn full_width(&self, ui: &egui::Ui, files: bool, seats: bool, pace_shown: bool) -> f32 {
        let mut texts = vec![tr("Undo")];
        if files {
            texts.extend([tr("Save…"), tr("Open…")]);
        }
        if seats {
            texts.push(tr("Seats…"));
        }
        texts.extend([
            if self.course {
                tr("Leave the lesson")
            } else {
                tr("New game")
            },
            tr("Log"),
        ]);
        let mut w = buttons_width(ui, &texts);
        if pace_shown {
            let s = ui.spacing();
            let label = crate::app::theme::one_line_width(ui, RichText::new(tr("AI pace")));
            let value =
                crate::app::theme::one_line_width(ui, RichText::new(format!("0.0{}", tr(" s"))))
                    + 2.0 * s.button_padding.x;
            w += 4.0 * s.item_spacing.x + label + s.slider_width + value.max(s.interact_size.x);
        }
        w
    }
}

/// The menu's button: the word and a triangle pointing down, as a menu's.
fn menu_title() -> String {
    format!("{} ▼", tr("Game"))
}

/// The width of these buttons side by side.
fn buttons_width(ui: &egui::Ui, texts: &[&str]) -> f32 {
    let s = ui.spacing();
    texts
        .iter()
        .map(|t| {
            crate::app::theme::one_line_width(ui, RichText::new(*t))
                + 2.0 * s.button_padding.x
                + s.item_spacing.x
        })
        .sum()
}

/// What is left of the row, as the window shows it (the room may reach past it, widened by
/// the table's row of last frame).
fn row_room(ui: &egui::Ui) -> f32 {
    ui.available_size_before_wrap()
        .x
        .min(ui.clip_rect().right() - ui.cursor().min.x)
}

/// Undo, greyed out with the reason when there is nothing to take back; Ctrl+Z presses it.
fn undo_button(ui: &mut egui::Ui, g: &mut Game, out: &mut Out) {
    let can_undo = g.undo_point().is_some();
    let undo_key = crate::app::keys::UNDO;
    // Not while a text field has the keys: there Ctrl+Z takes back typing.
    let undo_by_key = can_undo
        && crate::app::keys::shortcuts_free(ui.ctx())
        && ui.input_mut(|i| i.consume_shortcut(&undo_key));
    // Greyed out, it says why: a roll or a draw since, another person's decision.
    let why_not = g.undo_blocked().map(|b| g.undo_block_words(b, None));
    let undo = ui
        .add_enabled(can_undo, egui::Button::new(tr("Undo")))
        .on_hover_text(trf!(
            "Take back your last decision (back to the last roll or draw). Key: {key}",
            key = ui.ctx().format_shortcut(&undo_key)
        ));
    let undo = match why_not {
        Some(why) => {
            // A screen reader hears the reason with the greyed-out button.
            ui.ctx()
                .accesskit_node_builder(undo.id, |node| node.set_description(why.clone()));
            undo.on_disabled_hover_text(why)
        }
        None => undo,
    };
    if undo.clicked() || undo_by_key {
        out.undo = true;
    }
}

/// The seconds each AI move stays on screen.
fn pace_slider(ui: &mut egui::Ui, pace: &mut f32) {
    let l = ui.label(RichText::new(tr("AI pace")).color(theme::TEXT_DIM));
    ui.add(
        egui::Slider::new(pace, 0.0..=3.0)
            .clamping(egui::SliderClamping::Edits)
            .suffix(tr(" s"))
            .max_decimals(1),
    )
    .labelled_by(l.id)
    .on_hover_text(tr(
        "Seconds each AI move stays on screen. With the keyboard: Tab to it, then ←/→ to \
         change it.",
    ));
}
