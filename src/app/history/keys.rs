//! The History screen by keyboard: the lists of people (opened at the choice, walked by
//! letter, closed back onto their drop-down), and the buttons a press takes the keyboard
//! from, which get it back.

use super::{HistoryScreen, View};
use eframe::egui;

/// A button of the History screen that a press takes the keyboard from (see `refocus`), by
/// what it is: its widget's id changes with what is drawn above it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Pressed {
    Export,
    Sheet(i64),
    Replay(i64),
    /// Undo, after a game's Delete (its button is gone with the game).
    Undo,
    /// A game put back by Undo (the button is gone once nothing is left to put back): its
    /// Delete.
    Delete(i64),
    /// Games or Statistics, the other screen of the two.
    View(View),
    /// A record's "Show game N" (by the record's place: two records can be of one game),
    /// and "Show their games together", in the statistics: the keyboard is back on them
    /// after Escape from the games shown.
    ShowRecord(usize),
    ShowTogether,
}

impl HistoryScreen {
    /// `r`, the button `which`, pressed: it gets the keyboard back once drawn with no dialog
    /// open (see `refocus`), if it had it.
    pub(super) fn keep_focus(&mut self, r: &egui::Response, which: Pressed) {
        if r.has_focus() {
            self.refocus = Some(which);
        }
    }

    /// `r`, the button `which`, drawn: it gets the keyboard back if `keep_focus` kept it and
    /// no dialog is open (a widget not drawn in a frame cannot keep the keyboard).
    pub(super) fn focus_again(&mut self, r: &egui::Response, which: Pressed) {
        if self.refocus == Some(which) && !self.has_open_dialog() {
            self.refocus = None;
            r.request_focus();
        }
    }
}

/// A drop-down's list as the keyboard uses it: the item the arrows reach is scrolled into
/// sight (a long list of people), and Enter or Space on one closes the list, as a click does.
/// True when the keyboard picked, or closed the list by Escape (see `back_to_list`).
pub(super) fn keyboard_list(ui: &mut egui::Ui, picked: &egui::Response) -> bool {
    crate::app::scroll::follow_focus(ui);
    let by_key = picked.clicked()
        && ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
    if picked.clicked() {
        ui.close();
    }
    // Closed by Escape, the list leaves the keyboard on its drop-down too (it had left it
    // nowhere, and Tab started again from the top of the window).
    by_key || ui.input(|i| i.key_pressed(egui::Key::Escape))
}

/// The rows of a list of people that chooses into `chosen`: `nobody`'s row first, if given
/// (the choice of no one), then `people`, shown by name. The list opens at the choice and is
/// walked by letter (`open_at_choice`, `type_ahead`). Returns every row's response together
/// (a pick is theirs), `None` for a list of no rows.
pub(super) fn people_rows<'a>(
    ui: &mut egui::Ui,
    chosen: &mut Option<String>,
    nobody: Option<&str>,
    people: impl IntoIterator<Item = &'a String>,
) -> Option<egui::Response> {
    let mut picked: Option<egui::Response> = None;
    let mut at_choice = None;
    let mut rows = Vec::new();
    if let Some(nobody) = nobody {
        let was = chosen.is_none();
        let r = ui.selectable_value(chosen, None, nobody);
        if was {
            at_choice = Some(r.clone());
        }
        picked = Some(r);
    }
    for p in people {
        let shown = crate::words::person_name(p);
        let was = chosen.as_ref() == Some(p);
        let r = ui.selectable_value(chosen, Some(p.clone()), &shown);
        if was {
            at_choice = Some(r.clone());
        }
        rows.push((r.clone(), shown));
        picked = Some(picked.map_or(r.clone(), |a| a | r));
    }
    open_at_choice(ui, at_choice.as_ref());
    type_ahead(ui, &rows);
    picked
}

/// A list opened by keyboard starts at the choice it shows (the arrows had started from its
/// top, and Enter after one Down had picked "everyone" instead).
fn open_at_choice(ui: &egui::Ui, chosen: Option<&egui::Response>) {
    let key = ui.scope_id().with("opened-at-pass");
    let pass = ui.ctx().cumulative_pass_nr();
    let last: Option<u64> = ui.data(|d| d.get_temp(key));
    ui.data_mut(|d| d.insert_temp(key, pass));
    // Not drawn the pass before: the list has just opened.
    let fresh = last.is_none_or(|l| l + 1 < pass);
    if fresh
        && ui.ctx().memory(|m| m.focused().is_some())
        && let Some(r) = chosen
    {
        r.request_focus();
    }
}

/// A letter typed in a list of people takes the keyboard to the next one whose name begins
/// with it (a long list had been walked only by the arrows).
fn type_ahead(ui: &egui::Ui, rows: &[(egui::Response, String)]) {
    let typed = ui.input(|i| {
        i.events.iter().find_map(|e| match e {
            egui::Event::Text(t) => t.chars().next(),
            _ => None,
        })
    });
    let Some(typed) = typed.map(|c| c.to_lowercase().collect::<String>()) else {
        return;
    };
    let starts = |name: &str| name.to_lowercase().starts_with(&typed);
    let at = rows.iter().position(|(r, _)| r.has_focus());
    let next = rows
        .iter()
        .enumerate()
        .skip(at.map_or(0, |a| a + 1))
        .chain(rows.iter().enumerate())
        .find(|(_, (_, name))| starts(name));
    if let Some((_, (r, _))) = next {
        r.request_focus();
    }
}

/// After a pick by keyboard the keyboard goes back to the drop-down (its list, and the item
/// that had it, are gone).
pub(super) fn back_to_list(r: &egui::InnerResponse<Option<bool>>) {
    if r.inner == Some(true) {
        r.response.request_focus();
    }
}

/// Gives a drop-down its accessible name (the label beside it).
pub(super) fn named(r: &egui::Response, name: &str) {
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name));
}
