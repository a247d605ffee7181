//! Version, licence, and which component data is a stand-in for the printed components.

use super::{Command, ComponentData, Shared, theme};
use crate::engine::DataSource;
use crate::i18n::{n, tr};
use crate::trf;
use eframe::egui;

#[derive(Clone, Copy, Debug, Default)]
pub struct AboutScreen;

/// What each component-data file holds and how far it is a stand-in (SPEC.md's DATA items);
/// English keys, drawn translated.
const DATA_ITEMS: [(&str, &str); 3] = [
    (
        n("Jar deck"),
        n(
            "The spaces and bonus of each of the 30 jar cards. The built-in deck is a balanced \
         stand-in, not the printed deck.",
        ),
    ),
    (
        n("Point token values"),
        n(
            "The value of each token in the three stacks. The rulebook confirms only the 2 on top \
         and the 8 at the bottom; the values between are a stand-in.",
        ),
    ),
    (
        n("Solo board numbering"),
        n("Which space carries which number on the numbered side of the board. A stand-in."),
    ),
];

/// Whether part `i` of `DATA_ITEMS` in `comps` is the built-in data.
fn same_as_builtin(comps: &crate::engine::Components, i: usize) -> bool {
    // Read once: About is drawn every frame.
    static BUILTIN: std::sync::OnceLock<crate::engine::Components> = std::sync::OnceLock::new();
    let builtin = BUILTIN.get_or_init(crate::engine::Components::default);
    match i {
        0 => comps.deck == builtin.deck,
        1 => comps.tokens == builtin.tokens,
        _ => comps.solo == builtin.solo,
    }
}

impl AboutScreen {
    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let data = &shared.data;
        let mut command = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(900.0));
            crate::app::theme::heading(ui, egui::RichText::new(tr("Noctiluca Table")).heading());
            ui.label(trf!(
                "Version {version}",
                version = env!("CARGO_PKG_VERSION")
            ));
            // The package's licence expression in words ("MIT or Apache-2.0": the reader
            // chooses either).
            ui.label(trf!(
                "Licence: {licence}",
                licence = env!("CARGO_PKG_LICENSE").replace(" OR ", tr(" or "))
            ));
            ui.label(tr(
                "Fonts: Noto Sans CJK TC (cut down to the characters the app uses) and Noto \
                 Emoji, under the SIL Open Font License 1.1; Ubuntu and Hack, built into egui.",
            ));
            ui.label(
                egui::RichText::new(tr(
                    "Plays the board game Noctiluca and helps at the table with the real set. \
                     Not affiliated with its designer or publisher.",
                ))
                .color(theme::TEXT_DIM),
            );
            ui.add_space(16.0);
            crate::app::theme::heading(ui, egui::RichText::new(tr("Component data")).heading());
            ui.label(tr(
                "Some facts about the printed components are not in any published rulebook. \
                 The app ships stand-ins for them; if you own the game, correct them in My set \
                 (or by copying a file into your config folder and editing it there).",
            ));
            if ui.button(tr("My set")).clicked() {
                command = Some(Command::Open(super::ScreenKind::MySet));
            }
            if let Some(e) = &data.error {
                ui.add_space(6.0);
                theme::warning_frame().show(ui, |ui| {
                    ui.label(format!("{} {e}", theme::WARNING_GLYPH));
                });
            }
            ui.add_space(8.0);
            let folder = data
                .config_dir
                .as_ref()
                .map(|d| d.display().to_string())
                .unwrap_or_else(|| tr("(no config folder: set NOCTILUCA_CONFIG_DIR)").into());
            ui.horizontal_wrapped(|ui| {
                ui.label(tr("Config folder:"));
                ui.add(egui::Label::new(egui::RichText::new(&folder).monospace()).selectable(true));
            });
            ui.add_space(8.0);
            for (i, (title, what)) in DATA_ITEMS.iter().enumerate() {
                theme::card_frame().show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.label(egui::RichText::new(tr(title)).strong().color(theme::GLOW));
                    ui.label(tr(what));
                    let file = ComponentData::FILES[i];
                    let (status, colour) = match &data.sources[i] {
                        DataSource::Builtin => (
                            trf!("In use: the built-in stand-in (assets/data/{file}).", file),
                            theme::WARNING,
                        ),
                        // A file saved after "Reset to built-in" holds the stand-in again:
                        // said so, or an owner would take it for their box's data.
                        DataSource::File(p) if same_as_builtin(&data.comps, i) => (
                            trf!(
                                "In use: your file {path}, which holds the built-in stand-in.",
                                path = p.display()
                            ),
                            theme::WARNING,
                        ),
                        DataSource::File(p) => (
                            trf!("In use: your file {path}", path = p.display()),
                            theme::GOOD,
                        ),
                    };
                    ui.label(egui::RichText::new(status).color(colour));
                    let target = data
                        .config_dir
                        .as_ref()
                        .map(|d| d.join(file).display().to_string())
                        .unwrap_or_else(|| file.to_string());
                    ui.horizontal_wrapped(|ui| {
                        ui.label(tr("Override with:"));
                        ui.add(
                            egui::Label::new(egui::RichText::new(target).monospace())
                                .selectable(true),
                        );
                    });
                });
                ui.add_space(6.0);
            }
            ui.label(
                egui::RichText::new(tr(
                    "A file with a mistake is reported by name with the problem, and the \
                     built-in data is used until it is fixed. The app reads the files when it \
                     starts.",
                ))
                .color(theme::TEXT_DIM),
            );
            crate::app::scroll::page(ui);
        });
        command
    }
}
