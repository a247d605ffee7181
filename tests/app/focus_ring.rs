//! The keyboard's ring: drawn round the widget that has the keyboard once Tab or an arrow has
//! moved it there, gone when the pointer is pressed.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use noctiluca::app::{ScreenKind, keys};

#[test]
fn the_ring_goes_round_the_checkbox_tab_reached_and_leaves_with_the_pointer() {
    let mut h = app_on(ScreenKind::Settings, fake(None));
    assert_eq!(
        keys::focus_ring(&h.ctx),
        None,
        "nothing has the keyboard yet"
    );
    let label = "Colour-blind glyphs";
    tab_to(&mut h, label, 30);
    let (ring, _) = keys::focus_ring(&h.ctx).expect("Tab put the keyboard on the checkbox");
    let checkbox = h.get_by_label(label).rect();
    assert!(
        ring.expand(0.5).contains_rect(checkbox),
        "the ring {ring:?} goes round the whole checkbox, its words too: {checkbox:?}"
    );
    assert!(ring_drawn(&h, ring), "the frame draws the ring");
    // A press of the pointer elsewhere: the ring goes, whatever keeps the keyboard.
    let away = egui::pos2(5.0, 790.0);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: away,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run();
    assert_eq!(keys::focus_ring(&h.ctx), None);
    // Tab brings it back.
    press(&mut h, egui::Key::Tab);
    assert!(keys::focus_ring(&h.ctx).is_some());
}

/// Whether the frame's shapes hold the ring's stroke round `ring`.
fn ring_drawn(
    h: &egui_kittest::Harness<'_, noctiluca::app::NoctilucaApp>,
    ring: egui::Rect,
) -> bool {
    h.output().shapes.iter().any(|c| match &c.shape {
        egui::Shape::Rect(r) => {
            r.rect == ring.expand(2.0)
                && r.stroke.width == 2.0
                && r.fill == egui::Color32::TRANSPARENT
        }
        _ => false,
    })
}

/// An option with the keyboard on it is not filled as the chosen one is: egui fills a control
/// with the keyboard on it as a pressed one, and that fill was the chosen option's teal, so
/// two options of one choice looked chosen.
#[test]
fn a_focused_option_is_not_filled_as_the_chosen_one() {
    let h = app_on(ScreenKind::Play, fake(None));
    let visuals = h.ctx.global_style().visuals.clone();
    let chosen = visuals.selection.bg_fill;
    assert_ne!(visuals.widgets.active.weak_bg_fill, chosen);
    assert_ne!(visuals.widgets.active.bg_fill, chosen);
    // Nor as one merely under the pointer.
    assert_ne!(
        visuals.widgets.active.weak_bg_fill,
        visuals.widgets.hovered.weak_bg_fill
    );
}

/// The key list closed (Esc), the keyboard is back on the choice it was on: it had gone to
/// nothing, and Enter did nothing.
#[test]
fn the_key_list_gives_the_keyboard_back() {
    let mut h = crate::table_keys::table(2, &[None, Some(1)], "KEYS-0005");
    assert_eq!(
        crate::table_keys::game(&h).m.state.decision(),
        noctiluca::engine::Decision::Draft
    );
    press(&mut h, egui::Key::Tab);
    let on = crate::table_keys::focused(&h).expect("Tab reaches the first choice");
    assert!(on.starts_with("Set aside"), "{on}");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Questionmark);
    h.run();
    assert!(h.state().key_list.open);
    press(&mut h, egui::Key::Escape);
    h.run();
    assert!(!h.state().key_list.open);
    assert_eq!(crate::table_keys::focused(&h).as_deref(), Some(on.as_str()));
    let before = crate::table_keys::actions(&h);
    press(&mut h, egui::Key::Enter);
    assert!(
        crate::table_keys::actions(&h) > before,
        "Enter sets the card aside"
    );
}
