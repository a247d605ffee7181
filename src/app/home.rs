//! The home screen: one entry per built mode, plus Settings and About.

use super::{Command, ScreenKind, Shared, theme};
use crate::i18n::{n, tr};
use eframe::egui;

/// One mode on the home screen. `title` and `blurb` are English keys, drawn translated.
pub struct ModeEntry {
    pub title: &'static str,
    pub blurb: &'static str,
    pub screen: ScreenKind,
}

/// The modes that are built, in the order shown. Adding a mode is one line here (plus its
/// screen).
pub const MODES: &[ModeEntry] = &[
    ModeEntry {
        title: n("Play"),
        blurb: n("The whole game on one computer: solo or 2–4 seats, people and AI players."),
        screen: ScreenKind::Play,
    },
    ModeEntry {
        title: n("Play online"),
        blurb: n("Host a game for friends elsewhere, or join one with a code."),
        screen: ScreenKind::Online,
    },
    ModeEntry {
        title: n("Learn to play"),
        blurb: n("A real game, one rule at a time: two players, or the solo game."),
        screen: ScreenKind::Tutorial,
    },
    ModeEntry {
        title: n("Rules"),
        blurb: n(
            "Every rule, to look up as you play: F1 opens the one that fits, ? lists the keys.",
        ),
        screen: ScreenKind::Rules,
    },
    ModeEntry {
        title: n("Board seeder"),
        blurb: n("A random pool layout to copy onto the board, with its seed code."),
        screen: ScreenKind::Seeder,
    },
    ModeEntry {
        title: n("Solo tempest"),
        blurb: n("Runs the solo game's tempest for you, step by step."),
        screen: ScreenKind::Solo,
    },
    ModeEntry {
        title: n("Score calculator"),
        blurb: n("Final scores of a physical game: majorities, ties and the tiebreak, explained."),
        screen: ScreenKind::Calculator,
    },
];

/// Smaller entries below the modes.
pub const EXTRAS: &[ModeEntry] = &[
    ModeEntry {
        title: n("History"),
        blurb: n("Every game played or scored here, and each player's statistics."),
        screen: ScreenKind::History,
    },
    ModeEntry {
        title: n("My set"),
        blurb: n("Your own box's jar deck, token stacks and solo numbering, for every mode."),
        screen: ScreenKind::MySet,
    },
    ModeEntry {
        title: n("Settings"),
        blurb: n("Language, text size, motion, colour-blind glyphs, window size."),
        screen: ScreenKind::Settings,
    },
    ModeEntry {
        title: n("About"),
        blurb: n("Version, licence and the component data in use."),
        screen: ScreenKind::About,
    },
];

#[derive(Clone, Copy, Debug, Default)]
pub struct HomeScreen {
    /// The screen just left for Home: its entry takes the keyboard, where it was before
    /// (Tab started again from the top), when the keyboard is in use.
    pub back_from: Option<ScreenKind>,
}

impl HomeScreen {
    /// `resume`: games under way, offered first (screen, what to say).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &mut Shared,
        resume: &[(ScreenKind, String)],
    ) -> Option<Command> {
        let mut command = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(16.0);
                // A game to resume takes the emblem's room (below), so that the entries stay
                // where they always are: a click from habit lands on the entry it means.
                let sp = ui.spacing().item_spacing.y;
                let emblem_room = EMBLEM_H + sp;
                if resume.is_empty() {
                    emblem(ui);
                }
                ui.label(
                    egui::RichText::new(tr("Noctiluca Table"))
                        .size(40.0)
                        .color(theme::GLOW),
                );
                ui.label(
                    egui::RichText::new(tr("The board game Noctiluca, on screen and at the table"))
                        .color(theme::TEXT_DIM),
                );
                ui.add_space(18.0);
                let mut dismissed = None;
                for (k, notice) in shared.notices.iter().enumerate() {
                    theme::warning_frame().show(ui, |ui| {
                        ui.set_max_width(ui.available_width().min(640.0));
                        ui.label(format!("{} {notice}", theme::WARNING_GLYPH));
                        if ui.button(tr("Dismiss")).clicked() {
                            dismissed = Some(k);
                        }
                    });
                    ui.add_space(12.0);
                }
                if let Some(k) = dismissed {
                    shared.notices.remove(k);
                }
                if let Some(e) = &shared.data.error {
                    theme::warning_frame().show(ui, |ui| {
                        ui.label(format!("{} {e}", theme::WARNING_GLYPH));
                        if ui.button(tr("Open it in My set")).clicked() {
                            command = Some(Command::Open(ScreenKind::MySet));
                        }
                    });
                    ui.add_space(12.0);
                }
                // The entries' columns, as wide as the resume lines go too.
                let columns = if ui.available_width() >= WIDE { 2 } else { 1 };
                // One column narrows to a narrow window (a small one at a large text size).
                let entry_w = if columns == 1 {
                    ENTRY_W.min(ui.available_width())
                } else {
                    ENTRY_W
                };
                let block = entry_w * columns as f32 + GAP * (columns - 1) as f32;
                let resume_top = ui.cursor().top();
                if let Some(s) = resume_lines(ui, resume, columns, block, emblem_room) {
                    command = Some(Command::Resume(s));
                }
                if !resume.is_empty() {
                    let taken = ui.cursor().top() - resume_top;
                    ui.add_space((emblem_room - taken).max(0.0));
                }
                // An arrow with nothing focused puts the keyboard on the first entry (egui's
                // arrows move only a keyboard already somewhere).
                let arrow = ui.input(|i| {
                    [egui::Key::ArrowDown, egui::Key::ArrowRight]
                        .iter()
                        .any(|&k| i.key_pressed(k))
                });
                let to_first = arrow
                    && crate::app::keys::keys_free(ui.ctx())
                    && ui.memory(|m| m.focused().is_none());
                // Two columns where the window is wide enough, so that every entry is in sight
                // at the usual size; one under another otherwise.
                // Only for the keyboard: a focused entry is drawn pressed, which a mouse user
                // would take for a click of their own.
                let back = self.back_from.take().filter(|_| {
                    ui.memory(|m| m.focused().is_none())
                        && crate::app::keys::keyboard_in_use(ui.ctx())
                });
                let first = to_first.then_some(MODES[0].screen);
                if let Some(s) = entries(ui, MODES, columns, entry_w, 26.0, 8.0, first.or(back)) {
                    command = Some(Command::Open(s));
                }
                ui.add_space(10.0);
                if let Some(s) = entries(ui, EXTRAS, columns, entry_w, 18.0, 6.0, back) {
                    command = Some(Command::Open(s));
                }
            });
            crate::app::scroll::page(ui);
        });
        command
    }
}

/// The lines to resume games under way, in `room` (the emblem's) where they fit: one line
/// as wide as the entries, two or three side by side in the entries' columns and lower, so
/// that the entries below stay where they are. The screen of the one clicked.
fn resume_lines(
    ui: &mut egui::Ui,
    resume: &[(ScreenKind, String)],
    columns: usize,
    block: f32,
    room: f32,
) -> Option<ScreenKind> {
    let mut picked = None;
    let n = resume.len();
    if n == 0 {
        return None;
    }
    let per_row = if n == 1 { 1 } else { columns };
    let rows = n.div_ceil(per_row);
    let sp = ui.spacing().item_spacing.y;
    let (height, size, after) = if rows == 1 {
        (RESUME_H, if n == 1 { 17.0 } else { 15.0 }, 8.0)
    } else {
        let h = (room - sp * rows as f32) / rows as f32;
        (h.clamp(22.0, RESUME_H), 14.0, 0.0)
    };
    for row in resume.chunks(per_row) {
        let k = row.len();
        let width = if k == 1 {
            block
        } else {
            (block - GAP * (k - 1) as f32) / k as f32
        };
        ui.allocate_ui_with_layout(
            egui::vec2(block, height),
            egui::Layout::left_to_right(egui::Align::Min),
            |ui| {
                ui.spacing_mut().item_spacing.x = GAP;
                for (screen, line) in row {
                    let text = egui::RichText::new(line).size(size).color(theme::GLOW);
                    // No tooltip repeating it: it covered the line beside.
                    let r = ui.add_sized([width, height], egui::Button::new(text).truncate());
                    if r.clicked() {
                        picked = Some(*screen);
                    }
                }
            },
        );
        ui.add_space(after);
    }
    picked
}

/// The width from which Home lays its entries out in two columns.
const WIDE: f32 = 1100.0;
/// An entry's width, and the room between two columns.
const ENTRY_W: f32 = 480.0;
const GAP: f32 = 16.0;

/// `list`'s entries in `columns` columns `entry_w` wide (row by row, as the keyboard goes);
/// the screen of the one clicked. `focus`: the keyboard goes to this screen's entry.
fn entries(
    ui: &mut egui::Ui,
    list: &[ModeEntry],
    columns: usize,
    entry_w: f32,
    title_size: f32,
    space: f32,
    focus: Option<ScreenKind>,
) -> Option<ScreenKind> {
    let mut picked = None;
    for row in list.chunks(columns) {
        let width = entry_w * columns as f32 + GAP * (columns - 1) as f32;
        // Centred as a block: a short last row starts where the others do.
        ui.allocate_ui_with_layout(
            egui::vec2(width, 0.0),
            egui::Layout::left_to_right(egui::Align::Min),
            |ui| {
                ui.spacing_mut().item_spacing.x = GAP;
                for m in row {
                    // An id of its own: the keyboard stays on the entry when the columns
                    // change (the rules opened beside Home narrow it to one).
                    let scope =
                        egui::UiBuilder::new().scope_id(egui::Id::unique(("home", m.title)));
                    let r = ui.scope_builder(scope, |ui| mode_button(ui, m, entry_w, title_size));
                    if r.inner.clicked() {
                        picked = Some(m.screen);
                    }
                    if focus == Some(m.screen) {
                        r.inner.request_focus();
                        // The press lands the keyboard here rather than also moving it on.
                        ui.memory_mut(|mem| mem.move_focus(egui::FocusDirection::None));
                    }
                }
            },
        );
        ui.add_space(space);
    }
    picked
}

/// A large button: the title, and a line saying what the mode does.
fn mode_button(ui: &mut egui::Ui, m: &ModeEntry, width: f32, title_size: f32) -> egui::Response {
    big_button(ui, tr(m.title), tr(m.blurb), width, title_size)
}

/// A large button with a title and a line under it (already in the reader's language); its
/// accessible name is the title alone.
pub(crate) fn big_button(
    ui: &mut egui::Ui,
    title: &str,
    blurb: &str,
    width: f32,
    title_size: f32,
) -> egui::Response {
    let mut job = egui::text::LayoutJob::default();
    job.append(
        title,
        0.0,
        egui::TextFormat::simple(egui::FontId::proportional(title_size), theme::TEXT),
    );
    job.append(
        &format!("\n{blurb}"),
        0.0,
        egui::TextFormat::simple(
            egui::FontId::proportional(theme::SMALL_SIZE),
            theme::TEXT_DIM,
        ),
    );
    job.wrap.max_width = width - 32.0;
    let button = egui::Button::new(())
        .left_text(job)
        .wrap()
        .min_size(egui::vec2(width, 0.0))
        .corner_radius(egui::CornerRadius::same(theme::CARD_RADIUS));
    let r = ui.add(button);
    // The accessible name is the title alone, so "Score calculator" finds it; the line under
    // it is its description.
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, title));
    let blurb = blurb.to_string();
    ui.ctx()
        .accesskit_node_builder(r.id, |node| node.set_description(blurb));
    r
}

/// Four dice glowing in dark water: the game's picture, painted.
/// The emblem's height, and a resume line's.
const EMBLEM_H: f32 = 64.0;
const RESUME_H: f32 = 40.0;

fn emblem(ui: &mut egui::Ui) {
    use crate::engine::DiceColour;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(220.0, EMBLEM_H), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let step = rect.width() / 4.0;
    for (k, c) in DiceColour::ALL.into_iter().enumerate() {
        let centre = egui::pos2(
            rect.left() + step * (k as f32 + 0.5),
            rect.center().y + if k % 2 == 0 { -6.0 } else { 6.0 },
        );
        let colour = theme::dice_colour(c);
        for (radius, alpha) in [(26.0, 18u8), (19.0, 34), (13.0, 70)] {
            painter.circle_filled(centre, radius, colour.gamma_multiply_u8(alpha));
        }
        painter.circle_filled(centre, 8.0, colour);
    }
}
