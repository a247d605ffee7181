//! Scrolling by keyboard. egui scrolls neither to the widget Tab moves to nor with the page
//! keys, so a page taller than the window would hide what the keyboard reaches. The screens
//! call these last inside their scroll areas.

use eframe::egui::{self, Key, Ui};

/// For a page's scroll area: `follow_focus`, and Page Up / Page Down (Home / End: the top and
/// the bottom) scroll it while no text field has the keys.
pub fn page(ui: &Ui) {
    follow_focus(ui);
    page_keys(ui);
}

/// The widget Tab has just moved to, if it is in this scroll area, is scrolled into sight.
pub fn follow_focus(ui: &Ui) {
    let ctx = ui.ctx();
    let Some(id) = ctx.memory(|m| m.focused()) else {
        return;
    };
    let Some(r) = ctx.read_response(id) else {
        return;
    };
    if r.gained_focus() && ui.min_rect().intersects(r.rect) {
        ui.scroll_to_rect(r.rect.expand(4.0), None);
    }
}

/// Page Up / Page Down scroll by most of what shows; Home / End go to the top and the bottom.
/// Not while a text field has the keys (they move its cursor), nor with a modifier held, nor
/// under a dialog.
pub fn page_keys(ui: &Ui) {
    let ctx = ui.ctx();
    // Under an open dialog (the key list, a file offer), the keys are the dialog's.
    if ctx.egui_wants_keyboard_input() || !ctx.memory(|m| m.allows_interaction(ui.layer_id())) {
        return;
    }
    let step = (ui.clip_rect().height() * 0.85).max(40.0);
    let whole = ui.min_rect().height() + step;
    let dy = ctx.input(|i| {
        if !i.modifiers.is_none() {
            return 0.0;
        }
        let pressed = |k| i.key_pressed(k);
        if pressed(Key::PageDown) {
            -step
        } else if pressed(Key::PageUp) {
            step
        } else if pressed(Key::End) {
            -whole
        } else if pressed(Key::Home) {
            whole
        } else {
            0.0
        }
    });
    if dy != 0.0 {
        ui.scroll_with_delta_animation(egui::vec2(0.0, dy), egui::style::ScrollAnimation::none());
    }
}
