//! Every keyboard command of the app and its key, in one place: the screens read their keys
//! from here, and `?` lists them all (`KeyList`).

use super::{ScreenKind, theme};
use crate::i18n::{n, tr};
use eframe::egui::{self, Key, KeyboardShortcut, Modifiers, RichText};

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}
const fn command(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, k)
}

/// The rules at what the player is doing.
pub const HELP: KeyboardShortcut = key(Key::F1);
/// This list.
pub const KEY_LIST: KeyboardShortcut = key(Key::Questionmark);
/// Play: the keyboard to the board.
pub const TO_BOARD: KeyboardShortcut = key(Key::B);
/// Play: a hint.
pub const HINT: KeyboardShortcut = key(Key::H);
/// Play and the solo companion: take back the last decision.
pub const UNDO: KeyboardShortcut = command(Key::Z);
/// Solo: the turn is over, the tempest starts.
pub const START_TEMPEST: KeyboardShortcut = key(Key::T);
/// Solo: the app rolls the black die.
pub const ROLL: KeyboardShortcut = key(Key::R);
/// Seeder: a new layout.
pub const NEW_LAYOUT: KeyboardShortcut = key(Key::N);
/// Seeder: the printable picture; calculator: the score sheet; My set: save the set.
pub const SAVE: KeyboardShortcut = command(Key::S);

/// Notes, before anything is drawn this frame, whether Tab was pressed while nothing had the
/// keyboard (the first widget drawn would take it; the Play table gives it to the board).
pub fn note_first_tab(ctx: &egui::Context) {
    let first = ctx.memory(|m| m.focused().is_none())
        && ctx.input(|i| i.modifiers.is_none() && i.key_pressed(Key::Tab));
    ctx.data_mut(|d| d.insert_temp(first_tab_id(), first));
}

/// Notes, before anything is drawn this frame, whether a widget had the keyboard: one that
/// lets it go this frame (a search field on Enter) still took this frame's keys. `blocked`:
/// something above the screen takes the keys (the key list, a dialog, a popup list).
pub fn note_focus(ctx: &egui::Context, blocked: bool) {
    let held = ctx.memory(|m| m.focused().is_some());
    let text = ctx.text_edit_focused();
    ctx.data_mut(|d| {
        d.insert_temp(focus_held_id(), held);
        d.insert_temp(text_held_id(), text);
        d.insert_temp(blocked_id(), blocked);
    });
}

/// Whether a screen's own shortcut keys (digits, H, B, Ctrl+Z…) may act: nothing above the
/// screen takes the keys, and no text field has them, nor had them as the frame began.
pub fn shortcuts_free(ctx: &egui::Context) -> bool {
    let (text, blocked) = ctx.data(|d| {
        (
            d.get_temp(text_held_id()).unwrap_or(false),
            d.get_temp(blocked_id()).unwrap_or(false),
        )
    });
    !text && !blocked && !ctx.text_edit_focused()
}

fn text_held_id() -> egui::Id {
    egui::Id::unique("text-held")
}

fn blocked_id() -> egui::Id {
    egui::Id::unique("keys-blocked")
}

/// Whether this frame's keys are free for a screen's own use: no widget had the keyboard when
/// the frame began (see `note_focus`), and none has it now.
pub fn keys_free(ctx: &egui::Context) -> bool {
    !ctx.data(|d| d.get_temp(focus_held_id()).unwrap_or(false))
        && ctx.memory(|m| m.focused().is_none())
        && shortcuts_free(ctx)
}

fn focus_held_id() -> egui::Id {
    egui::Id::unique("focus-held")
}

/// Whether this frame's Tab was the first (see `note_first_tab`).
pub fn first_tab(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp(first_tab_id()).unwrap_or(false))
}

fn first_tab_id() -> egui::Id {
    egui::Id::unique("first-tab")
}

/// Where the keyboard's ring goes this frame: around the widget that has the keyboard, once
/// the keyboard has moved it (Tab, Shift+Tab, an arrow), until the pointer is pressed. egui
/// shows the focus by the widget's own look, which for a checkbox or a radio button is a
/// slightly brighter edge on its little box; the ring shows it plainly. Call after the frame's
/// widgets are drawn.
pub fn focus_ring(ctx: &egui::Context) -> Option<(egui::Rect, egui::LayerId)> {
    let moved = ctx.input(|i| {
        [
            Key::Tab,
            Key::ArrowUp,
            Key::ArrowDown,
            Key::ArrowLeft,
            Key::ArrowRight,
        ]
        .iter()
        .any(|&k| i.key_pressed(k))
    });
    let pointer = ctx.input(|i| i.pointer.any_pressed());
    let id = keyboard_moved_id();
    let by_keys = ctx.data_mut(|d| {
        let v = d.get_temp_mut_or(id, false);
        if pointer {
            *v = false;
        } else if moved {
            *v = true;
        }
        *v
    });
    if !by_keys {
        return None;
    }
    let r = ctx.read_response(ctx.memory(|m| m.focused())?)?;
    // What shows of it (a widget half scrolled away gets a ring round the half that shows).
    let shown = r.interact_rect;
    shown.is_positive().then_some((shown, r.layer_id))
}

/// The one using the app is on the keyboard (a key pressed what was not focused, as Enter
/// passes the table's cover): the next question's first choice takes the keyboard, and the
/// ring shows it.
pub fn mark_keyboard_in_use(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(keyboard_moved_id(), true));
}

/// Whether the keyboard has moved the focus since the pointer was last pressed (as
/// `focus_ring` tells it, last frame): the one using the app is on the keyboard.
pub fn keyboard_in_use(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(keyboard_moved_id()).unwrap_or(false))
}

/// Draws the ring `focus_ring` finds, on the focused widget's own layer (above what the frame
/// drew there).
pub fn draw_focus_ring(ctx: &egui::Context) {
    let Some((rect, layer)) = focus_ring(ctx) else {
        return;
    };
    ctx.layer_painter(layer).rect_stroke(
        rect.expand(2.0),
        egui::CornerRadius::same(6),
        egui::Stroke::new(2.0, theme::GLOW),
        egui::StrokeKind::Outside,
    );
}

fn keyboard_moved_id() -> egui::Id {
    egui::Id::unique("keyboard-moved-focus")
}

/// How a command's keys are shown.
#[derive(Clone, Copy)]
pub enum Keys {
    One(KeyboardShortcut),
    /// Several keys, written out (an English key, translated when shown): "1–6", "← →".
    Named(&'static str),
}

/// A command, where it works, and its keys.
pub struct Binding {
    /// `None`: on every screen.
    pub screen: Option<ScreenKind>,
    pub keys: Keys,
    /// What it does (an English key, translated when shown).
    pub what: &'static str,
}

const fn b(screen: Option<ScreenKind>, keys: Keys, what: &'static str) -> Binding {
    Binding { screen, keys, what }
}

/// Every command with a key.
pub const ALL: &[Binding] = &[
    b(
        None,
        Keys::One(HELP),
        n("The rules, open at what you are doing"),
    ),
    b(None, Keys::One(KEY_LIST), n("This list of keys")),
    b(
        None,
        Keys::Named(n("Esc")),
        n("Close the open list, or go back: to the screen this one was opened from, or home"),
    ),
    b(
        None,
        Keys::Named(n("Tab / Shift+Tab")),
        n("Next or previous control"),
    ),
    b(
        None,
        Keys::Named(n("Page Up / Page Down")),
        n("Scroll the page (Home, End: to its top or its bottom)"),
    ),
    b(
        None,
        Keys::Named(n("Ctrl+Plus / Ctrl+Minus / Ctrl+0")),
        n("Larger or smaller text, or back to 100% (Settings keeps it)"),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::One(TO_BOARD),
        n("The keyboard to the board (the first Tab does it too)"),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("← →")),
        n("Previous or next free shore"),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("↑ ↓  S L")),
        n("The short path (↑ or S) or the long path (↓ or L) of the shore"),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("1–6")),
        n("The number to call"),
    ),
    b(Some(ScreenKind::Play), Keys::Named(n("Enter")), n("Dive")),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("↑ ↓ in the dive table")),
        n("Pick the dive above or below (Tab goes on past the table)"),
    ),
    b(Some(ScreenKind::Play), Keys::One(HINT), n("A hint")),
    b(
        Some(ScreenKind::Play),
        Keys::One(UNDO),
        n("Take back your last decision"),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("1, 2, 3…")),
        n(
            "Another decision: the choice in the order shown (draft, jar, delivery, pass, card kept); a pile by its number",
        ),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("Enter / Space")),
        n("Past the cover screen, to the next player's seat"),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("← → (replay)")),
        n("A step back or forward in a replay"),
    ),
    b(
        Some(ScreenKind::Play),
        Keys::Named(n("Home / End (replay)")),
        n("A replay's first step, or its last"),
    ),
    b(
        Some(ScreenKind::Solo),
        Keys::One(START_TEMPEST),
        n("My turn is over: the tempest"),
    ),
    b(
        Some(ScreenKind::Solo),
        Keys::Named(n("Enter in the dice field")),
        n("The dice you could not store go to the tempest"),
    ),
    b(
        Some(ScreenKind::Solo),
        Keys::Named(n("1–4")),
        n("The discarded card: gold, brown, red, deck empty"),
    ),
    b(
        Some(ScreenKind::Solo),
        Keys::One(ROLL),
        n("The app rolls the black die"),
    ),
    b(
        Some(ScreenKind::Solo),
        Keys::Named(n("1–6")),
        n("The real black die shows this number"),
    ),
    b(
        Some(ScreenKind::Solo),
        Keys::One(UNDO),
        n("Take back the last step"),
    ),
    b(
        Some(ScreenKind::Seeder),
        Keys::One(NEW_LAYOUT),
        n("A new layout"),
    ),
    b(
        Some(ScreenKind::Seeder),
        Keys::One(UNDO),
        n("Back to the layout before the new one"),
    ),
    b(
        Some(ScreenKind::Seeder),
        Keys::One(SAVE),
        n("Save the layout as a picture"),
    ),
    b(
        Some(ScreenKind::Seeder),
        Keys::Named(n("← → / Enter (placing guide)")),
        n("The previous or next space of the placing guide"),
    ),
    b(
        Some(ScreenKind::Calculator),
        Keys::Named(n("Tab / Enter")),
        n("Down the player's column, then the next player"),
    ),
    b(
        Some(ScreenKind::Calculator),
        Keys::Named(n("↑ ↓ (favourite colour)")),
        n("The previous or next colour, without opening the list"),
    ),
    b(
        Some(ScreenKind::Calculator),
        Keys::One(SAVE),
        n("Save the score sheet"),
    ),
    b(Some(ScreenKind::MySet), Keys::One(SAVE), n("Save the set")),
    b(
        Some(ScreenKind::Rules),
        Keys::Named(n("Typing")),
        n("Searches the rules"),
    ),
];

/// The list of keys, shown over any screen.
#[derive(Default)]
pub struct KeyList {
    pub open: bool,
    /// The widget the keyboard was on when the list opened: it has it back once the list
    /// closes (it had gone to nothing, and Enter did nothing).
    pub return_to: Option<(egui::Id, u8)>,
}

impl KeyList {
    /// `?` pressed with no text field taking the typing.
    pub fn asked(ctx: &egui::Context) -> bool {
        !ctx.text_edit_focused()
            && ctx.input(|i| {
                i.key_pressed(KEY_LIST.logical_key)
                    || i.events
                        .iter()
                        .any(|e| matches!(e, egui::Event::Text(t) if t == "?"))
            })
    }

    /// Opens the list, or closes it.
    pub fn toggle(&mut self, ctx: &egui::Context) {
        self.open = !self.open;
        if self.open {
            self.return_to = ctx.memory(|m| m.focused()).map(|id| (id, 3));
        }
    }

    pub fn ui(&mut self, ctx: &egui::Context) {
        if !self.open {
            // Asked for over the next few frames, until it holds: the screen under the list
            // takes the Esc that closed it too, and lets go of the keyboard.
            if let Some((id, frames)) = self.return_to.take()
                && ctx.memory(|m| m.focused()) != Some(id)
                && frames > 0
            {
                if ctx.memory(|m| m.focused().is_none()) {
                    ctx.memory_mut(|m| m.request_focus(id));
                }
                self.return_to = Some((id, frames - 1));
                ctx.request_repaint();
            }
            return;
        }
        // Inside the window at any text size: its title and Close in sight, the list
        // scrolling between them, and each key's words wrapped beside it.
        let room = ctx.content_rect().size();
        let modal = egui::Modal::new(egui::Id::unique("key-list")).show(ctx, |ui| {
            let width = (room.x - 64.0).clamp(200.0, 640.0);
            ui.set_width(width);
            crate::app::theme::heading(ui, RichText::new(tr("Keys")).heading().color(theme::GLOW));
            egui::ScrollArea::vertical()
                .max_height((room.y - 150.0).clamp(80.0, 520.0))
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
                .show(ui, |ui| {
                    let groups = [
                        None,
                        Some(ScreenKind::Play),
                        Some(ScreenKind::Solo),
                        Some(ScreenKind::Seeder),
                        Some(ScreenKind::Calculator),
                        Some(ScreenKind::MySet),
                        Some(ScreenKind::Rules),
                    ];
                    let ctx = ui.ctx().clone();
                    let keys_of = |bd: &Binding| match bd.keys {
                        // egui writes this one out as "Questionmark".
                        Keys::One(k) if k == KEY_LIST => "?".to_string(),
                        Keys::One(k) => ctx.format_shortcut(&k),
                        Keys::Named(k) => tr(k).to_string(),
                    };
                    // One width for the keys' column in every section, so the sections line up.
                    let font = egui::TextStyle::Monospace.resolve(ui.style());
                    let widest = ALL
                        .iter()
                        .map(|bd| {
                            let text = keys_of(bd);
                            ctx.fonts_mut(|f| {
                                f.layout_no_wrap(text, font.clone(), theme::GLOW).size().x
                            })
                        })
                        .fold(0.0, f32::max);
                    for screen in groups {
                        let title = screen.map_or(tr("Everywhere"), ScreenKind::title);
                        ui.add_space(6.0);
                        ui.label(RichText::new(title).strong());
                        // The keys' column at most a third of the list: a longer name wraps.
                        let keys_w = widest.min(width / 3.0);
                        for bd in ALL.iter().filter(|bd| bd.screen == screen) {
                            let keys = keys_of(bd);
                            ui.horizontal_top(|ui| {
                                ui.allocate_ui_with_layout(
                                    egui::vec2(keys_w, 0.0),
                                    egui::Layout::top_down(egui::Align::Min),
                                    |ui| {
                                        ui.set_width(keys_w);
                                        ui.add(
                                            egui::Label::new(
                                                RichText::new(keys).monospace().color(theme::GLOW),
                                            )
                                            .wrap(),
                                        );
                                    },
                                );
                                ui.add(egui::Label::new(tr(bd.what)).wrap());
                            });
                        }
                    }
                    crate::app::scroll::page(ui);
                });
            ui.add_space(8.0);
            if ui.button(tr("Close")).clicked() {
                self.open = false;
            }
        });
        if modal.should_close() {
            self.open = false;
        }
    }
}
