//! Scrolling by keyboard. egui scrolls neither to the widget Tab moves to nor with the page
//! keys, so a page taller than the window would hide what the keyboard reaches. The screens
//! call these last inside their scroll areas.

use eframe::egui::{self, Key, Ui};

/// For a screen's own page: `follow_focus`, and the page keys (see `page_keys`), which it
/// takes when no area beside it (drawn before it) has.
pub fn page(ui: &Ui) {
    follow_focus(ui);
    page_keys(ui, true);
}

/// For an area beside the page (the rules panel): `follow_focus`, and the page keys only
/// while the keyboard's control or the pointer is in it.
pub fn side(ui: &Ui) {
    follow_focus(ui);
    page_keys(ui, false);
}

/// The focused widget, if it was drawn in this scroll area this frame: on its layer, and
/// clipped to what the area shows (nothing of it shows when it is scrolled out of sight).
fn focused_here(ui: &Ui) -> Option<egui::Response> {
    let ctx = ui.ctx();
    let id = ctx.memory(|m| m.focused())?;
    let r = ctx.read_response(id)?;
    let clipped = !r.interact_rect.is_positive() || ui.clip_rect().contains_rect(r.interact_rect);
    (r.layer_id == ui.layer_id() && clipped && ui.min_rect().intersects(r.rect)).then_some(r)
}

/// For the rules beside the page: as `side`, and the page keys while the keyboard is on
/// nothing too when the text is longer than the area shows (F1 opens them with the keyboard
/// nowhere; at a large text size the keys had scrolled the page behind them, and the rule
/// could not be read on by keyboard).
pub fn side_or_unfocused(ui: &Ui) {
    follow_focus(ui);
    let nowhere = ui.ctx().memory(|m| m.focused().is_none());
    let longer = ui.min_rect().height() > ui.clip_rect().height() + 1.0;
    page_keys(ui, nowhere && longer);
}

/// The widget the keyboard has just moved to (by Tab or an arrow), if it is in this scroll
/// area, is scrolled into sight. An arrow's move does not show as `gained_focus` here, so the
/// area remembers the widget it last followed.
pub fn follow_focus(ui: &Ui) {
    let Some(r) = focused_here(ui) else { return };
    let key = ui.scope_id().with("followed-focus");
    let followed = ui.data(|d| d.get_temp::<egui::Id>(key));
    // Only what was asked for in this pass (not a leftover of one that gave no focus).
    let pass = ui.ctx().cumulative_pass_nr();
    let take = |key: egui::Id| {
        ui.data_mut(|d| d.remove_temp::<Option<(egui::Rect, u64)>>(key))
            .flatten()
            .filter(|&(_, at)| at == pass)
            .map(|(w, _)| w)
    };
    let with = take(show_with_focus_key()).or(take(show_with_focus_key().with(r.id)));
    if r.gained_focus() || followed != Some(r.id) {
        ui.data_mut(|d| d.insert_temp(key, r.id));
        let rect = r.rect.expand(4.0);
        match with {
            // Both, where they fit; where they do not, what the player must see first, at
            // the top (the widget is below it, the next thing to do).
            Some(w) if rect.union(w).height() > ui.clip_rect().height() => {
                ui.scroll_to_rect(w, Some(egui::Align::TOP));
            }
            Some(w) => ui.scroll_to_rect(rect.union(w), None),
            None => ui.scroll_to_rect(rect, None),
        }
    }
}

/// Where a screen, giving the keyboard to a widget this frame, has something the widget's
/// user must see with it (what their last action did, above it): `follow_focus` brings both
/// into sight.
pub fn show_with_focus(ctx: &egui::Context, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(show_with_focus_key(), Some((rect, pass))));
}

/// As `show_with_focus`, only if the keyboard is still on `widget` (another widget taking it
/// later in the frame is not brought into sight with `rect`).
pub fn show_with_focus_of(ctx: &egui::Context, rect: egui::Rect, widget: egui::Id) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(show_with_focus_key().with(widget), Some((rect, pass))));
}

fn show_with_focus_key() -> egui::Id {
    egui::Id::unique("scroll-show-with-focus")
}

/// Page Up / Page Down scroll by most of what shows; Home / End go to the top and the bottom.
/// Not while a text field has the keys (they move its cursor), nor with a modifier held, nor
/// under a dialog. One area takes each press: the one holding the keyboard's control or the
/// pointer, else (`fallback`) the screen's page.
fn page_keys(ui: &Ui, fallback: bool) {
    let ctx = ui.ctx();
    if ctx.text_edit_focused() || !ctx.memory(|m| m.allows_interaction(ui.layer_id())) {
        return;
    }
    let claims = fallback || focused_here(ui).is_some() || ui.ui_contains_pointer();
    if !claims {
        return;
    }
    let step = (ui.clip_rect().height() * 0.85).max(40.0);
    let whole = ui.min_rect().height() + step;
    let dy = ctx.input_mut(|i| {
        let mut take = |k| i.consume_key(egui::Modifiers::NONE, k);
        if take(Key::PageDown) {
            -step
        } else if take(Key::PageUp) {
            step
        } else if take(Key::End) {
            -whole
        } else if take(Key::Home) {
            whole
        } else {
            0.0
        }
    });
    if dy != 0.0 {
        ui.scroll_with_delta_animation(egui::vec2(0.0, dy), egui::style::ScrollAnimation::none());
    }
}
