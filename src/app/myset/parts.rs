//! The token stacks (ten values a colour, top first, edited in place) and the numbering of the
//! solo side (the real board widget: click a space, then its number; a section's numbers are
//! swapped, so each stays numbered 1 to 6 once).

use super::MySetScreen;
use crate::app::board::{BoardView, DiceDetail, SoloOverlay};
use crate::app::theme;
use crate::engine::board::{SPACE_COUNT, space_name};
use crate::engine::component_set::Part;
use crate::engine::components::{DataProblem, TOKENS_PER_STACK};
use crate::engine::state::SpaceDice;
use crate::engine::{DiceColour, Direction, JarColour};
use crate::i18n::tr;
use crate::trf;
use crate::words::Label;
use eframe::egui::{self, RichText};

impl MySetScreen {
    pub(super) fn tokens_ui(&mut self, ui: &mut egui::Ui, problems: &[(Part, DataProblem)]) {
        ui.label(
            RichText::new(tr(
                "The ten tokens of each stack, from the top of the stack to the bottom. Tokens \
                 are stacked in order, so the values never go down.",
            ))
            .color(theme::TEXT_DIM),
        );
        let bad: Vec<JarColour> = problems
            .iter()
            .filter_map(|(_, d)| match d {
                DataProblem::StackSize { colour, .. }
                | DataProblem::StackValue { colour, .. }
                | DataProblem::StackOrder { colour, .. }
                | DataProblem::StackEnds { colour, .. } => Some(*colour),
                _ => None,
            })
            .collect();
        egui::Grid::new("token-stacks")
            .spacing([6.0, 8.0])
            .show(ui, |ui| {
                ui.label("");
                for k in 1..=TOKENS_PER_STACK {
                    let text = if k == 1 {
                        tr("top").to_string()
                    } else if k == TOKENS_PER_STACK {
                        tr("bottom").to_string()
                    } else {
                        // A place in the stack, marked as one: a bare "2" over the fields read
                        // as a value.
                        format!("#{k}")
                    };
                    ui.label(RichText::new(text).small().color(theme::TEXT_DIM));
                }
                ui.end_row();
                for c in JarColour::ALL {
                    let mut label = theme::jar_label(c, true);
                    if bad.contains(&c) {
                        label = label.underline();
                        ui.label(
                            theme::warning_text(theme::jar_name(c)),
                        );
                    } else {
                        ui.label(label);
                    }
                    let stack = match c {
                        JarColour::Gold => &mut self.draft.tokens.gold,
                        JarColour::Brown => &mut self.draft.tokens.brown,
                        JarColour::Red => &mut self.draft.tokens.red,
                    };
                    // A file's stack of another length is shown as the ten a stack holds, and
                    // the change is said (nothing is written until Save).
                    if stack.len() != TOKENS_PER_STACK {
                        let (colour, count) = (c, stack.len());
                        stack.resize(TOKENS_PER_STACK, 1);
                        self.status = Some(crate::i18n::Said::new(move || {
                            trf!(
                                "The {colour} stack had {count} values; a stack holds 10, so the editor shows 10 (nothing is written until you press Save).",
                                colour = crate::words::Label::label(&colour),
                                count
                            )
                        }));
                    }
                    for (k, v) in stack.iter_mut().enumerate() {
                        // ↑ and ↓ step a value by one: the field's own step is a drag's
                        // tenth, which a whole number never showed (the keys did nothing).
                        let id = ui.next_auto_id();
                        if ui.memory(|m| m.has_focus(id)) {
                            let step = ui.input_mut(|i| {
                                i.count_and_consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp)
                                    as i32
                                    - i.count_and_consume_key(
                                        egui::Modifiers::NONE,
                                        egui::Key::ArrowDown,
                                    ) as i32
                            });
                            *v = (*v as i32 + step).clamp(1, 50) as u8;
                        }
                        let r = ui.add(egui::DragValue::new(v).range(1..=50).speed(0.1));
                        let name = trf!(
                            "{colour} token {number} from the top",
                            colour = theme::jar_name(c),
                            number = k + 1
                        );
                        r.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::SpinButton, true, &name)
                        });
                    }
                    ui.end_row();
                }
            });
    }

    pub(super) fn solo_ui(&mut self, ui: &mut egui::Ui, problems: &[(Part, DataProblem)]) {
        ui.label(
            RichText::new(tr(
                "Click a space on the numbered side (or choose it from the list), then its number: the space that had that \
                 number in the section takes the old one, so every section stays numbered 1 to 6.",
            ))
            .color(theme::TEXT_DIM),
        );
        let mut lit = 0u32;
        for (_, d) in problems {
            if let DataProblem::NotAWedge { spaces, .. } = d {
                for &s in spaces {
                    lit |= 1 << s;
                }
            }
            if let DataProblem::SpaceTwice { space } = d {
                lit |= 1 << space;
            }
        }
        if let Some(s) = self.solo_space {
            lit |= 1 << s;
        }
        let empty = [SpaceDice::default(); SPACE_COUNT];
        let board = self.draft.solo.clone();
        let size = (ui.available_height() - 40.0).clamp(320.0, 460.0);
        ui.horizontal_top(|ui| {
            let r = BoardView {
                id: "my-set-solo",
                pool: &empty,
                detail: DiceDetail::ColoursOnly,
                highlight: lit,
                soft_highlight: 0,
                pawns: None,
                solo: (board.sections.len() == 3).then_some(SoloOverlay {
                    board: &board,
                    arrow: board.start.min(2),
                    direction: Direction::Clockwise,
                }),
                shores_clickable: false,
                chosen_shore: None,
                take_focus: false,
                collect_face: None,
            }
            .show(ui, size);
            if let Some(s) = r.hovered_space
                && ui.input(|i| i.pointer.primary_clicked())
            {
                self.solo_space = Some(s);
            }
            ui.vertical(|ui| {
                // Keyboard: the spaces as buttons too.
                ui.label(RichText::new(tr("Space")).strong());
                ui.horizontal_wrapped(|ui| {
                    for s in 0..SPACE_COUNT as u8 {
                        let name = space_name(s);
                        let r = ui.selectable_label(self.solo_space == Some(s), &name);
                        if r.clicked() {
                            self.solo_space = Some(s);
                            self.solo_number_focus = r.has_focus();
                        }
                    }
                });
                if let Some(s) = self.solo_space
                    && let Some((si, number)) = self.draft.solo.locate(s)
                {
                    let colour = self.draft.solo.sections[si as usize].colour;
                    ui.label(trf!(
                        "{space}: number {number} of the {colour} section",
                        space = space_name(s),
                        number,
                        colour = colour.label()
                    ));
                    ui.horizontal(|ui| {
                        ui.label(tr("Number"));
                        for n in 1..=6u8 {
                            let r = ui.selectable_label(n == number, n.to_string());
                            if n == number && std::mem::take(&mut self.solo_number_focus) {
                                r.request_focus();
                            }
                            if r.clicked() {
                                let sec = &mut self.draft.solo.sections[si as usize];
                                sec.spaces.swap((number - 1) as usize, (n - 1) as usize);
                            }
                        }
                    });
                }
                ui.add_space(10.0);
                ui.label(RichText::new(tr("Sections")).strong());
                let count = self.draft.solo.sections.len();
                for si in 0..count {
                    // Wrapped: at a large text size the spaces' names had run off the window,
                    // and the column's last line with them.
                    ui.horizontal_wrapped(|ui| {
                        let sec = &mut self.draft.solo.sections[si];
                        let names: Vec<String> =
                            sec.spaces.iter().map(|&s| space_name(s)).collect();
                        for c in DiceColour::ALL {
                            if ui
                                .selectable_label(sec.colour == c, theme::dice_name(c))
                                .clicked()
                            {
                                sec.colour = c;
                            }
                        }
                        // Not monospaced: its O and 0 look alike, and "O1" read as "01".
                        ui.label(RichText::new(names.join(" ")).color(theme::TEXT_DIM));
                    });
                }
                // The rulebook points the arrow at the purple section: it follows purple.
                if let Some(si) = self.draft.solo.sections[..count]
                    .iter()
                    .position(|s| s.colour == DiceColour::Purple)
                {
                    self.draft.solo.start = si as u8;
                }
                ui.label(
                    RichText::new(tr(
                        "The arrow starts pointing at the purple section, as the rulebook's set-up says.",
                    ))
                    .color(theme::TEXT_DIM),
                );
            });
        });
    }
}
