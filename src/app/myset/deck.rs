//! The jar deck: all cards in a grid drawn as the table draws them, one card edited at a time
//! by clicking its spaces and bonus or by typing its code (`gold OOGPBB 2`, Enter takes it and
//! moves to the next card), and a running count of spaces per dice colour per jar colour.

use super::{MySetScreen, card_code};
use crate::app::{Shared, theme};
use crate::engine::component_set::Part;
use crate::engine::components::{CARDS_PER_COLOUR, DataProblem};
use crate::engine::{Components, DiceColour, JarCard, JarColour};
use crate::i18n::{Lang, tr, with_lang};
use crate::trf;
use crate::words::Label;
use eframe::egui::{self, RichText, Stroke};

/// Reads a card's code: a jar colour, the spaces' letters (O G P B, or the colours'
/// characters in Chinese) and the bonus, in either language whichever is in use. Counts are not judged here: a card with 7 spaces
/// reads, and the set's problems then say what is wrong with it.
pub fn parse_card_code(text: &str) -> Result<JarCard, String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let [colour, letters, bonus] = parts[..] else {
        return Err(tr(
            "write a card as its jar colour, its spaces and its bonus, e.g. gold OOGPBB 2",
        )
        .into());
    };
    let colour = JarColour::ALL
        .into_iter()
        .find(|c| {
            colour.eq_ignore_ascii_case(c.name())
                || Lang::ALL.into_iter().any(|lang| {
                    with_lang(lang, || {
                        colour == c.label() || colour == crate::app::theme::jar_name(*c)
                    })
                })
        })
        .ok_or_else(|| {
            trf!(
                "\"{word}\" is not a jar colour (gold, brown or red)",
                word = colour
            )
        })?;
    let mut spaces = Vec::new();
    for ch in letters.chars() {
        let c = DiceColour::from_letter(ch.to_ascii_uppercase())
            .or_else(|| {
                DiceColour::ALL.into_iter().find(|d| {
                    Lang::ALL.into_iter().any(|lang| {
                        with_lang(lang, || crate::words::letter_label(*d).starts_with(ch))
                    })
                })
            })
            .ok_or_else(|| {
                trf!(
                    "'{letter}' is not a space colour (O orange, G green, P purple, B blue)",
                    letter = ch
                )
            })?;
        spaces.push(c);
    }
    let bonus: u8 = bonus
        .parse()
        .map_err(|_| trf!("\"{word}\" is not a bonus (0, 1 or 2)", word = bonus))?;
    Ok(JarCard::new(colour, spaces, bonus))
}

/// The cards a problem is about (0-based).
fn card_of(p: &DataProblem) -> Option<usize> {
    match p {
        DataProblem::CardSpaces { card, .. } | DataProblem::CardBonus { card, .. } => {
            Some(card - 1)
        }
        _ => None,
    }
}

/// Width of one card in the deck grid, with its frame.
const CARD_CELL: f32 = 130.0;

impl MySetScreen {
    pub(super) fn deck_ui(
        &mut self,
        ui: &mut egui::Ui,
        problems: &[(Part, DataProblem)],
        shared: &Shared,
    ) {
        let glyphs = shared.settings.glyphs;
        let bad_cards: Vec<usize> = problems
            .iter()
            .filter(|(p, _)| *p == Part::Deck)
            .filter_map(|(_, d)| card_of(d))
            .collect();
        let bad_colours: Vec<JarColour> = problems
            .iter()
            .filter_map(|(_, d)| match d {
                DataProblem::CardsOfColour { colour, .. } => Some(*colour),
                _ => None,
            })
            .collect();
        self.card_editor(ui, &bad_cards);
        ui.add_space(8.0);
        summary(ui, &self.draft.deck.cards, &bad_colours, glyphs);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.label(RichText::new(tr("Show")).color(theme::TEXT_DIM));
            if ui
                .selectable_label(self.filter.is_none(), tr("All"))
                .clicked()
            {
                self.filter = None;
            }
            for c in JarColour::ALL {
                if ui
                    .selectable_label(self.filter == Some(c), theme::jar_label(c, glyphs))
                    .clicked()
                {
                    self.filter = Some(c);
                }
            }
        });
        // The grid, drawn as the table draws jar cards.
        let comps = Components {
            deck: self.draft.deck.clone(),
            tokens: self.draft.tokens.clone(),
            solo: self.draft.solo.clone(),
        };
        let mut pick = None;
        // One row per jar colour, the cards in deck order.
        for colour in JarColour::ALL {
            if self.filter.is_some_and(|f| f != colour) {
                continue;
            }
            // As many cards a row as the width holds (ten of a colour are wider than a small
            // window; a framed card cannot be wrapped after it is drawn).
            let of_colour: Vec<usize> = (0..self.draft.deck.cards.len())
                .filter(|&i| self.draft.deck.cards[i].colour == colour)
                .collect();
            let spacing = ui.spacing().item_spacing.x;
            let per_row = (((ui.available_width() + spacing) / (CARD_CELL + spacing)).floor()
                as usize)
                .max(1);
            for row in of_colour.chunks(per_row) {
                ui.horizontal(|ui| {
                    for &i in row {
                        let card = &self.draft.deck.cards[i];
                        let mut name = trf!(
                            "Card {number}: {code}",
                            number = i + 1,
                            code = card_code(card)
                        );
                        if bad_cards.contains(&i) {
                            // A screen reader hears the highlight too.
                            name = trf!("{card} (has a problem)", card = name);
                        }
                        let stroke = if bad_cards.contains(&i) {
                            Stroke::new(2.5, theme::WARNING)
                        } else if i == self.selected {
                            Stroke::new(2.0, theme::GLOW)
                        } else {
                            Stroke::NONE
                        };
                        let r = egui::Frame::new()
                            .stroke(stroke)
                            .corner_radius(6)
                            .inner_margin(2)
                            .show(ui, |ui| {
                                ui.vertical(|ui| {
                                    ui.label(
                                        RichText::new(format!("{}", i + 1))
                                            .small()
                                            .color(theme::TEXT_DIM),
                                    );
                                    crate::app::game::jar_card(
                                        ui,
                                        &comps,
                                        i as u8,
                                        None,
                                        &name,
                                        Some(None),
                                    )
                                })
                                .inner
                            })
                            .inner;
                        if r.clicked() {
                            pick = Some(i);
                        }
                    }
                });
            }
        }
        if let Some(i) = pick {
            self.select(i);
            self.focus_code = true;
        }
    }

    fn card_editor(&mut self, ui: &mut egui::Ui, bad_cards: &[usize]) {
        let n = self.draft.deck.cards.len();
        if n == 0 {
            return;
        }
        let i = self.selected.min(n - 1);
        // The card's own code, written in another language (the language was switched): in
        // this one.
        let card = &self.draft.deck.cards[i];
        if Lang::ALL
            .into_iter()
            .any(|lang| with_lang(lang, || card_code(card)) == self.code)
        {
            self.code = card_code(card);
        }
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                crate::app::theme::heading(
                    ui,
                    RichText::new(trf!("Card {number} of {count}", number = i + 1, count = n))
                        .heading()
                        .color(theme::GLOW),
                );
                if ui.button(tr("← Previous card")).clicked() {
                    self.select((i + n - 1) % n);
                    self.focus_code = true;
                }
                if ui.button(tr("Next card →")).clicked() {
                    self.select((i + 1) % n);
                    self.focus_code = true;
                }
            });
            // The code: type it, Enter takes it and moves on.
            ui.horizontal(|ui| {
                ui.label(tr("Code"));
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.code)
                        .hint_text("gold OOGPBB 2")
                        .desired_width(220.0)
                        .font(egui::TextStyle::Monospace),
                );
                let name = tr("Card code");
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, name));
                if std::mem::take(&mut self.focus_code) {
                    r.request_focus();
                }
                if r.lost_focus() && ui.input(|k| k.key_pressed(egui::Key::Enter)) {
                    match parse_card_code(&self.code) {
                        Ok(card) => {
                            self.draft.deck.cards[i] = card;
                            if self
                                .draft
                                .problems()
                                .iter()
                                .any(|(_, p)| card_of(p) == Some(i))
                            {
                                // Stay on a card with a problem, so the owner sees it.
                                self.code_error = None;
                            } else {
                                self.select((i + 1) % n);
                            }
                        }
                        Err(e) => self.code_error = Some(e),
                    }
                    self.focus_code = true;
                }
            });
            // Under the field, where it wraps in a narrow window.
            ui.label(
                RichText::new(tr(
                    "jar colour, spaces (O G P B), bonus; Enter takes it and moves to the next \
                     card",
                ))
                .small()
                .color(theme::TEXT_DIM),
            );
            if let Some(e) = &self.code_error {
                ui.label(
                    RichText::new(format!("{} {e}", theme::WARNING_GLYPH)).color(theme::WARNING),
                );
            }
            if bad_cards.contains(&i) {
                let words: Vec<String> = self
                    .draft
                    .problems()
                    .into_iter()
                    .filter(|(_, p)| card_of(p) == Some(i))
                    .map(|(_, p)| crate::words::Words::words(&p))
                    .collect();
                for w in words {
                    ui.label(
                        RichText::new(format!("{} {w}", theme::WARNING_GLYPH))
                            .color(theme::WARNING),
                    );
                }
            }
            // Clicking: the colour, each space (cycles O → G → P → B), the bonus.
            let mut changed = false;
            let card = &mut self.draft.deck.cards[i];
            ui.horizontal(|ui| {
                for c in JarColour::ALL {
                    if ui
                        .selectable_label(card.colour == c, theme::jar_name(c))
                        .clicked()
                    {
                        card.colour = c;
                        changed = true;
                    }
                }
                ui.separator();
                ui.label(tr("Bonus"));
                for b in 0..=2u8 {
                    if ui
                        .selectable_label(card.bonus == b, b.to_string())
                        .clicked()
                    {
                        card.bonus = b;
                        changed = true;
                    }
                }
            });
            ui.horizontal(|ui| {
                ui.label(tr("Spaces"));
                let mut spaces = card.spaces.clone();
                for (k, s) in spaces.iter_mut().enumerate() {
                    let text = RichText::new(crate::words::letter_label(*s))
                        .color(theme::WATER_DEEP)
                        .strong();
                    let r = ui
                        .add(egui::Button::new(text).fill(theme::dice_colour(*s)))
                        .on_hover_text(tr("Click to change the colour"));
                    let name = trf!(
                        "Space {number}: {colour}",
                        number = k + 1,
                        colour = s.label()
                    );
                    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                    if r.clicked() {
                        *s = DiceColour::ALL[(s.index() + 1) % 4];
                        changed = true;
                    }
                }
                if ui.button(tr("+ space")).clicked() {
                    spaces.push(DiceColour::Orange);
                    changed = true;
                }
                if spaces.len() > 1 && ui.button(tr("− space")).clicked() {
                    spaces.pop();
                    changed = true;
                }
                if changed {
                    *card = JarCard::new(card.colour, spaces, card.bonus);
                }
            });
            if changed {
                self.code = card_code(&self.draft.deck.cards[i]);
            }
        });
    }
}

/// Cards and spaces per dice colour for each jar colour, so that a slip shows.
fn summary(ui: &mut egui::Ui, cards: &[JarCard], bad: &[JarColour], glyphs: bool) {
    egui::Grid::new("deck-summary")
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            ui.label(RichText::new(tr("Jar colour")).strong());
            ui.label(RichText::new(tr("Cards")).strong());
            for d in DiceColour::ALL {
                ui.label(RichText::new(theme::dice_label(d, glyphs)).strong());
            }
            ui.label(RichText::new(tr("Spaces")).strong());
            ui.end_row();
            for c in JarColour::ALL {
                let of: Vec<&JarCard> = cards.iter().filter(|k| k.colour == c).collect();
                ui.label(theme::jar_label(c, glyphs));
                let count = RichText::new(format!("{} / {CARDS_PER_COLOUR}", of.len()));
                ui.label(if bad.contains(&c) {
                    count.color(theme::WARNING).strong()
                } else {
                    count
                });
                for d in DiceColour::ALL {
                    let n: u32 = of.iter().map(|k| k.needs[d.index()] as u32).sum();
                    ui.label(n.to_string());
                }
                let total: usize = of.iter().map(|k| k.spaces.len()).sum();
                ui.label(total.to_string());
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card's code is written in the language in use and read back in either: the default
    /// deck's 30 cards, in English and in Chinese (whose codes hold no Latin letter).
    #[test]
    fn a_card_code_reads_back_in_both_languages() {
        for card in &crate::engine::Components::default().deck.cards {
            let en = with_lang(Lang::En, || card_code(card));
            let zh = with_lang(Lang::ZhHant, || card_code(card));
            assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
            for lang in Lang::ALL {
                for code in [&en, &zh] {
                    let read = with_lang(lang, || parse_card_code(code));
                    assert_eq!(read.as_ref(), Ok(card), "{code} in {lang:?}");
                }
            }
        }
    }
}
