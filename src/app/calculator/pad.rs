//! The score pad: one row per entry, one column per player, its cells and its keyboard order.

use super::*;

/// The focusable cells of the pad as they are drawn (row by row), to be put in keyboard order.
#[derive(Default)]
pub(super) struct PadCells {
    /// (column, row, widget).
    cells: Vec<(usize, usize, egui::Id)>,
    /// A text field left with Enter this frame.
    entered: Option<egui::Id>,
}

impl PadCells {
    fn add(&mut self, ui: &egui::Ui, col: usize, row: usize, r: &egui::Response) {
        self.cells.push((col, row, r.id));
        // Enter on the favourite colour opens its list (the focus goes into it): that is not
        // leaving the field.
        if row != row::FAVOURITE && r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
        {
            self.entered = Some(r.id);
        }
    }

    /// Player by player, field by field (with each cell's column).
    fn order(mut self) -> (Vec<(egui::Id, usize)>, Option<egui::Id>) {
        self.cells.sort_by_key(|&(col, row, _)| (col, row));
        (
            self.cells
                .into_iter()
                .map(|(col, _, id)| (id, col))
                .collect(),
            self.entered,
        )
    }
}

/// Tab or Shift+Tab pressed this frame (+1 or −1), as egui moves the focus for them.
pub(super) fn tab_direction(ui: &egui::Ui) -> Option<isize> {
    ui.input(|i| {
        i.events.iter().find_map(|e| match e {
            egui::Event::Key {
                key: egui::Key::Tab,
                pressed: true,
                modifiers,
                ..
            } => {
                if modifiers.is_none() {
                    Some(1)
                } else if modifiers.shift_only() {
                    Some(-1)
                } else {
                    None
                }
            }
            _ => None,
        })
    })
}

impl CalculatorScreen {
    /// Tab and Shift+Tab on the pad go down one player's column, then to the next player
    /// (egui alone would follow the drawing order, across the players row by row). The first
    /// and last cells are the same either way, so the way into and out of the pad is egui's.
    pub(super) fn steer_tab(&mut self, ui: &egui::Ui) {
        if self.picking.is_some() || egui::Popup::is_any_open(ui.ctx()) {
            return;
        }
        let Some(focused) = ui.memory(|m| m.focused()) else {
            return;
        };
        let Some(at) = self.pad_order.iter().position(|&(id, _)| id == focused) else {
            return;
        };
        let last = at + 1 == self.pad_order.len();
        if last && tab_direction(ui) == Some(1) {
            // On to the first export button, drawn later this frame (egui's own order would
            // pick the widget after the field as the frame before laid it out, and the
            // result card above the buttons changes as the keyboard leaves the pad).
            ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
            self.focus_exports = FocusExports::Now;
            return;
        }
        let target = match tab_direction(ui) {
            Some(1) => self.pad_order.get(at + 1).map(|(id, _)| id),
            Some(_) => at
                .checked_sub(1)
                .and_then(|k| self.pad_order.get(k))
                .map(|(id, _)| id),
            None => None,
        };
        if let Some(&target) = target {
            ui.memory_mut(|m| {
                m.move_focus(egui::FocusDirection::None);
                m.request_focus(target);
            });
        }
    }

    /// The score pad: one row per entry, one column per player (and the tempest in solo).
    pub(super) fn pad(&mut self, ui: &mut egui::Ui, eval: &Evaluation, col_w: f32, glyphs: bool) {
        self.steer_tab(ui);
        let n = self.sheet.table.players();
        let solo = self.sheet.table == TableSize::Solo;
        let probs = |f: Field| eval.problems_for(f);
        let mut pick = None;
        let mut cells = PadCells::default();
        theme::card_frame().show(ui, |ui| {
            egui::Grid::new("score_pad")
                .num_columns(n + 1 + usize::from(solo))
                .spacing(egui::vec2(ui.spacing().item_spacing.x, 10.0))
                .min_col_width(col_w)
                .show(ui, |ui| {
                    row_label(ui, "", None);
                    for i in 0..n {
                        let title = if solo {
                            tr("You").to_owned()
                        } else {
                            seat_name(i)
                        };
                        ui.label(RichText::new(title).strong().color(theme::GLOW));
                    }
                    if solo {
                        ui.label(RichText::new(tr("The tempest")).strong().color(theme::GLOW));
                    }
                    ui.end_row();

                    row_label(ui, tr("Name"), None);
                    for i in 0..n {
                        let f = &mut self.sheet.players[i];
                        let r = cell_field(
                            ui,
                            col_w,
                            &field_name(solo, i, Named::Name),
                            &mut f.name,
                            &seat_name(i),
                            &[],
                        );
                        let r = r.on_hover_text(tr(
                            "Type a name, or choose someone from the history with the arrow \
                             keys and Enter",
                        ));
                        if self.offer_names(ui, i, &r).is_some() && !r.lost_focus() {
                            ui.memory_mut(|m| m.request_focus(r.id));
                        }
                        cells.add(ui, i, row::NAME, &r);
                    }
                    ui.end_row();

                    for (k, c) in JarColour::ALL.into_iter().enumerate() {
                        let label = theme::jar_label(c, glyphs);
                        let label = RichText::new(trf!("{colour} tokens", colour = label.text()))
                            .color(theme::jar_colour(c))
                            .strong();
                        row_label(
                            ui,
                            label,
                            Some(tr("The values of the tokens won, as printed: 2, 3, 5")),
                        );
                        // In a sentence, the colour in lower case ("Player 1 red tokens").
                        let colour = theme::jar_name(c).to_lowercase();
                        for i in 0..n {
                            let f = &mut self.sheet.players[i];
                            let r = cell_field(
                                ui,
                                col_w,
                                &field_name(solo, i, Named::Tokens(&colour)),
                                &mut f.tokens[c],
                                tr("e.g. 2, 3"),
                                &eval.token_problems(Holder::Player(i as u8), c),
                            );
                            cells.add(ui, i, row::TOKENS + k, &r);
                        }
                        if solo {
                            let r = cell_field(
                                ui,
                                col_w,
                                &trf!("Tempest {colour} tokens", colour),
                                &mut self.sheet.tempest.tokens[c],
                                tr("e.g. 2"),
                                &eval.token_problems(Holder::Tempest, c),
                            );
                            cells.add(ui, n, row::TOKENS + k, &r);
                        }
                        ui.end_row();
                    }

                    row_label(ui, tr("Jars delivered"), None);
                    for i in 0..n {
                        let p = &probs(Field::Delivered(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(cards) => cell_computed(ui, col_w, cards.len().to_string(), p),
                            None => {
                                let r = cell_field(
                                    ui,
                                    col_w,
                                    &field_name(solo, i, Named::Delivered),
                                    &mut f.delivered,
                                    "0",
                                    p,
                                );
                                cells.add(ui, i, row::DELIVERED, &r);
                            }
                        }
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        tr("Jar bonus"),
                        Some(tr("The bonus points printed on the delivered jars")),
                    );
                    for i in 0..n {
                        let p = &probs(Field::JarBonus(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(_) => {
                                let v = eval.input.players.get(i).map_or(0, |p| p.jar_bonus);
                                cell_computed(ui, col_w, v.to_string(), p);
                            }
                            None => {
                                let r = cell_field(
                                    ui,
                                    col_w,
                                    &field_name(solo, i, Named::JarBonus),
                                    &mut f.jar_bonus,
                                    "0",
                                    p,
                                );
                                cells.add(ui, i, row::BONUS, &r);
                            }
                        }
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        tr("Delivered cards"),
                        Some(tr(
                            "Or tick the delivered cards in the deck list: jars, bonus and \
                             favourite spaces are then counted for you",
                        )),
                    );
                    for i in 0..n {
                        let (text, hint) = match &self.sheet.players[i].cards {
                            Some(c) => (
                                trf!("{count} picked…", count = c.len()),
                                // The accessible name stays the same; the count is said here.
                                trf!(
                                    "{count} picked. Tick the delivered jar cards in the deck \
                                     list",
                                    count = c.len()
                                ),
                            ),
                            None => (
                                tr("Pick…").to_owned(),
                                tr("Tick the delivered jar cards in the deck list").to_owned(),
                            ),
                        };
                        let r = ui
                            .add(egui::Button::new(text).min_size(egui::vec2(col_w, 0.0)))
                            .on_hover_text(hint)
                            .accessible_name(field_name(solo, i, Named::PickCards));
                        cells.add(ui, i, row::CARDS, &r);
                        self.pick_buttons[i] = Some(r.id);
                        if r.clicked() {
                            pick = Some(i);
                        }
                    }
                    ui.end_row();

                    row_label(ui, tr("Favourite colour"), None);
                    for i in 0..n {
                        let f = &mut self.sheet.players[i];
                        // A colour two players chose is marked at the colour itself.
                        let p = &probs(Field::FavouriteColour(i as u8));
                        let r = ui
                            .horizontal(|ui| {
                                ui.set_width(col_w);
                                ui.spacing_mut().item_spacing.x = 2.0;
                                let r = favourite_combo(
                                    ui,
                                    col_w - WARNING_SLOT - 2.0,
                                    i,
                                    field_name(solo, i, Named::Favourite),
                                    &mut f.favourite,
                                    glyphs,
                                );
                                warning_sign(ui, p);
                                r
                            })
                            .inner;
                        cells.add(ui, i, row::FAVOURITE, &r);
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        tr("Favourite spaces"),
                        Some(tr("Spaces of the favourite colour on the delivered jars")),
                    );
                    for i in 0..n {
                        let p = &probs(Field::Favourite(i as u8));
                        let f = &mut self.sheet.players[i];
                        match &f.cards {
                            Some(_) => {
                                let v = eval.input.players.get(i).map_or(0, |p| p.favourite_spaces);
                                cell_computed(ui, col_w, v.to_string(), p);
                            }
                            None => {
                                let r = cell_field(
                                    ui,
                                    col_w,
                                    &field_name(solo, i, Named::FavouriteSpaces),
                                    &mut f.favourite_spaces,
                                    "0",
                                    p,
                                );
                                cells.add(ui, i, row::FAVOURITE_SPACES, &r);
                            }
                        }
                    }
                    ui.end_row();

                    row_label(
                        ui,
                        // Which dice, and that they are counted, not halved ("Dice left
                        // over" could be the pool's, or the points already halved).
                        tr("Dice on undelivered jars"),
                        Some(tr(
                            "Count every die on the jars you could not deliver: the points, half of them rounded down, are worked out for you",
                        )),
                    );
                    for i in 0..n {
                        let p = &probs(Field::Leftovers(i as u8));
                        let f = &mut self.sheet.players[i];
                        let r = cell_field(
                            ui,
                            col_w,
                            &field_name(solo, i, Named::Leftovers),
                            &mut f.leftover_dice,
                            "0",
                            p,
                        );
                        cells.add(ui, i, row::LEFTOVERS, &r);
                    }
                    ui.end_row();

                    if solo {
                        row_label(
                            ui,
                            tr("Dice in the tempest"),
                            Some(tr("Each die in the tempest costs you 1 point")),
                        );
                        ui.label("");
                        let r = cell_field(
                            ui,
                            col_w,
                            tr("Tempest dice"),
                            &mut self.sheet.tempest.dice,
                            "0",
                            &probs(Field::TempestDice),
                        );
                        cells.add(ui, n, row::TEMPEST_DICE, &r);
                        ui.end_row();
                    }
                });
        });
        let (order, entered) = cells.order();
        self.pad_order = order;
        // Enter in a field goes on to the next one, as in a paper score pad's column; from the
        // last field on to the export buttons. Next frame, so that this Enter does not also
        // press the button it lands on.
        if let Some(from) = entered {
            self.refocus = self
                .pad_order
                .iter()
                .position(|&(id, _)| id == from)
                .and_then(|at| self.pad_order.get(at + 1).map(|&(id, _)| id));
            // From the last field: the first export button, found when it is drawn (its id
            // changes with what the result card shows above it).
            if self.refocus.is_none() {
                self.focus_exports = FocusExports::NextFrame;
            }
            ui.ctx().request_repaint();
        }
        if let Some(i) = pick {
            self.picking = pick;
            self.focus_picker = true;
            // The list works on a copy: the sheet changes only when it is confirmed.
            self.pick_draft = self.sheet.players[i].cards.clone().unwrap_or_default();
        }
    }

    pub(super) fn card_picker(
        &mut self,
        ui: &mut egui::Ui,
        i: usize,
        comps: &Components,
        glyphs: bool,
    ) {
        let n = self.sheet.table.players();
        if i >= n {
            self.picking = None;
            return;
        }
        let names: Vec<String> = self
            .sheet
            .players
            .iter()
            .enumerate()
            .map(|(j, p)| display_name(j, &p.name))
            .collect();
        let mut taken: Vec<Option<usize>> = vec![None; comps.deck.cards.len()];
        for (j, p) in self.sheet.players.iter().enumerate().take(n) {
            if j != i {
                for &k in p.cards.iter().flatten() {
                    if let Some(t) = taken.get_mut(k) {
                        *t = Some(j);
                    }
                }
            }
        }
        let mut close = false;
        // `Some(cards)` when the list is confirmed (`None` inside: back to typed counts).
        let mut confirm: Option<Option<Vec<usize>>> = None;
        let mut focus_first = std::mem::take(&mut self.focus_picker);
        // Just opened: the list starts at its top (it came back where it was last scrolled,
        // and a click aimed at a card there landed on another).
        let opened = focus_first;
        let modal = egui::Modal::new(egui::Id::unique("card_picker")).show(ui.ctx(), |ui| {
            ui.set_max_width(ui.available_width().min(900.0));
            crate::app::theme::heading(
                ui,
                RichText::new(trf!("Jars delivered by {name}", name = names[i]))
                    .heading()
                    .color(theme::GLOW),
            );
            ui.label(
                RichText::new(tr(
                    "Tick each card this player delivered. The number of jars, their bonus and \
                     the favourite-colour spaces are then counted from the cards.",
                ))
                .color(theme::TEXT_DIM),
            );
            let cards = &mut self.pick_draft;
            // The cards scroll under the heading, the buttons kept in sight: at a large text
            // size (and in Chinese, longer) the list was taller than the window, its title and
            // buttons cut off.
            let room = ui.ctx().content_rect().height() - ui.min_rect().height() - 140.0;
            let mut list = egui::ScrollArea::vertical()
                .max_height(room.max(120.0))
                .auto_shrink([false, true]);
            if opened {
                list = list.vertical_scroll_offset(0.0);
            }
            list.show(ui, |ui| {
                // Clear of the scroll bar (the last column's "(+0)" touched it).
                ui.set_max_width(ui.available_width() - 2.0 * ui.spacing().scroll.bar_width);
                ui.columns(JarColour::ALL.len(), |cols| {
                    for (col, colour) in cols.iter_mut().zip(JarColour::ALL) {
                        col.label(theme::jar_label(colour, glyphs));
                        for (k, card) in comps.deck.cards.iter().enumerate() {
                            if card.colour != colour {
                                continue;
                            }
                            let mut on = cards.contains(&k);
                            let label = card_text(card, glyphs);
                            let enabled = taken[k].is_none();
                            let r = col.add_enabled(enabled, egui::Checkbox::new(&mut on, label));
                            if enabled && focus_first {
                                r.request_focus();
                                focus_first = false;
                            }
                            let r = if let Some(j) = taken[k] {
                                r.on_disabled_hover_text(trf!(
                                    "Delivered by {name}",
                                    name = names[j]
                                ))
                            } else {
                                r
                            };
                            if r.changed() {
                                if on {
                                    cards.push(k);
                                    cards.sort_unstable();
                                } else {
                                    cards.retain(|&x| x != k);
                                }
                            }
                        }
                    }
                })
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(tr("Done")).clicked() {
                    confirm = Some(Some(std::mem::take(&mut self.pick_draft)));
                    close = true;
                }
                if ui
                    .button(tr("Type the counts instead"))
                    .on_hover_text(tr("Forget the picked cards and enter the numbers by hand"))
                    .clicked()
                {
                    confirm = Some(None);
                    close = true;
                }
                if ui
                    .button(tr("Cancel"))
                    .on_hover_text(tr("Close the list and keep the sheet as it was (Esc)"))
                    .clicked()
                {
                    close = true;
                }
            });
        });
        if close || modal.should_close() {
            self.picking = None;
            let form = &mut self.sheet.players[i];
            if let Some(cards) = confirm {
                // Nothing ticked: back to typing the counts, with whatever was typed before.
                form.cards = cards.filter(|c| !c.is_empty());
            }
            // The keyboard goes back to where it was before the list opened.
            self.refocus = self.pick_buttons[i];
        }
    }
}

/// A card as a checkbox label: its colour, its spaces (with shapes when glyphs are on) and bonus,
/// e.g. "gold OOGPBB (+2)". Each space is the first letter of its colour's name in the current
/// language (O, G, P, B in English; 橙, 綠, 紫, 藍 in Chinese).
pub(super) fn card_text(card: &crate::engine::JarCard, glyphs: bool) -> egui::WidgetText {
    let mut job = egui::text::LayoutJob::default();
    let font = egui::FontId::proportional(theme::BODY_SIZE);
    let fmt = |c| egui::TextFormat::simple(font.clone(), c);
    job.append(
        &format!("{} ", theme::jar_name(card.colour).to_lowercase()),
        0.0,
        fmt(theme::jar_colour(card.colour)),
    );
    for &s in &card.spaces {
        let initial = theme::dice_name(s).chars().next().unwrap_or(s.letter());
        let piece = if glyphs {
            format!("{}{initial}", theme::dice_glyph(s))
        } else {
            initial.to_string()
        };
        job.append(&piece, 0.0, fmt(theme::dice_colour(s)));
    }
    job.append(&format!(" (+{})", card.bonus), 0.0, fmt(theme::TEXT));
    job.into()
}

pub(super) fn warning_note(ui: &mut egui::Ui, message: &str) {
    ui.add(
        egui::Label::new(
            RichText::new(format!(
                "{} {}",
                theme::WARNING_GLYPH,
                crate::words::as_sentence(message)
            ))
            .color(theme::WARNING)
            .small(),
        )
        .wrap(),
    );
}

/// The name of a score-pad row, with an explanation on hover.
pub(super) fn row_label(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, hover: Option<&str>) {
    let r = ui
        .allocate_ui_with_layout(
            egui::vec2(ROW_LABEL_WIDTH, 26.0),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(ROW_LABEL_WIDTH);
                ui.label(text)
            },
        )
        .inner;
    if let Some(h) = hover {
        r.on_hover_text(h);
    }
}

/// Width kept beside every score-pad cell for its warning sign, so a warning never moves the
/// grid.
const WARNING_SLOT: f32 = 18.0;

/// A one-line text field in a score-pad cell, with a warning sign beside it when it has
/// problems (their words on hover, for screen readers, and in the result card).
pub(super) fn cell_field(
    ui: &mut egui::Ui,
    width: f32,
    accessible: &str,
    value: &mut String,
    hint: &str,
    problems: &[String],
) -> egui::Response {
    ui.horizontal(|ui| {
        ui.set_width(width);
        ui.spacing_mut().item_spacing.x = 2.0;
        let mut edit = egui::TextEdit::singleline(value)
            .hint_text(RichText::new(hint).color(theme::TEXT_DIM))
            .char_limit(theme::NAME_CHARS)
            .desired_width(width - WARNING_SLOT - 2.0);
        if !problems.is_empty() {
            edit = edit.text_color(theme::WARNING);
        }
        let r = ui.add(edit).accessible_name(accessible);
        warning_sign(ui, problems);
        r
    })
    .inner
}

/// The warning sign in a cell's reserved slot (an empty slot when there is no problem).
fn warning_sign(ui: &mut egui::Ui, problems: &[String]) {
    let (rect, resp) = ui.allocate_exact_size(
        egui::vec2(WARNING_SLOT, ui.spacing().interact_size.y),
        egui::Sense::hover(),
    );
    if problems.is_empty() {
        return;
    }
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        theme::WARNING_GLYPH,
        egui::FontId::proportional(theme::BODY_SIZE),
        theme::WARNING,
    );
    let text = (problems.iter())
        .map(|p| crate::words::as_sentence(p))
        .collect::<Vec<_>>()
        .join("\n");
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
    resp.on_hover_text(text);
}

/// A value counted from the picked cards, in place of a field.
pub(super) fn cell_computed(ui: &mut egui::Ui, width: f32, value: String, problems: &[String]) {
    ui.horizontal(|ui| {
        ui.set_width(width);
        ui.label(RichText::new(value).strong());
        ui.label(
            RichText::new(tr("from cards"))
                .color(theme::TEXT_DIM)
                .small(),
        );
        warning_sign(ui, problems);
    });
}

/// What a pad field of player `i` is called for a screen reader.
enum Named<'a> {
    Name,
    /// Tokens of a colour, its name in lower case.
    Tokens(&'a str),
    Delivered,
    JarBonus,
    PickCards,
    Favourite,
    FavouriteSpaces,
    Leftovers,
}

/// A pad field's accessible name: "Player 2 jar bonus", or in solo, where the column is headed
/// "You", "Your jar bonus".
fn field_name(solo: bool, i: usize, field: Named) -> String {
    let number = i + 1;
    match (solo, field) {
        (false, Named::Name) => trf!("Player {number} name", number),
        (false, Named::Tokens(colour)) => trf!("Player {number} {colour} tokens", number, colour),
        (false, Named::Delivered) => trf!("Player {number} jars delivered", number),
        (false, Named::JarBonus) => trf!("Player {number} jar bonus", number),
        (false, Named::PickCards) => trf!("Player {number} pick delivered cards", number),
        (false, Named::Favourite) => trf!("Player {number} favourite colour", number),
        (false, Named::FavouriteSpaces) => trf!("Player {number} favourite spaces", number),
        (false, Named::Leftovers) => trf!("Player {number} leftover dice", number),
        (true, Named::Name) => tr("Your name").to_owned(),
        (true, Named::Tokens(colour)) => trf!("Your {colour} tokens", colour),
        (true, Named::Delivered) => tr("Your jars delivered").to_owned(),
        (true, Named::JarBonus) => tr("Your jar bonus").to_owned(),
        (true, Named::PickCards) => tr("Pick your delivered cards").to_owned(),
        (true, Named::Favourite) => tr("Your favourite colour").to_owned(),
        (true, Named::FavouriteSpaces) => tr("Your favourite spaces").to_owned(),
        (true, Named::Leftovers) => tr("Your leftover dice").to_owned(),
    }
}

/// The favourite-colour choice. Enter or Space opens it, Tab and Enter pick a colour; the list
/// then closes and the keyboard focus comes back to the choice.
pub(super) fn favourite_combo(
    ui: &mut egui::Ui,
    width: f32,
    i: usize,
    name: String,
    favourite: &mut Option<DiceColour>,
    glyphs: bool,
) -> egui::Response {
    let before = *favourite;
    let choices = FAVOURITE_CHOICES;
    let selected = match *favourite {
        Some(f) => RichText::new(theme::dice_label(f, glyphs)).color(theme::dice_colour(f)),
        None => {
            // A column too narrow for the words shows a dash rather than "not gi…" (the list
            // and the screen reader still say "not given").
            let words = theme::one_line_width(
                ui,
                RichText::new(tr("not given")).text_style(egui::TextStyle::Button),
            );
            let room = width
                - ui.spacing().icon_width
                - ui.spacing().icon_spacing
                - 2.0 * ui.spacing().button_padding.x;
            let shown = if words <= room {
                tr("not given")
            } else {
                "—"
            };
            RichText::new(shown).color(theme::TEXT_DIM)
        }
    };
    // No wider than the column: a narrow one cuts the name short ("not gi…") rather than
    // widening the column past the window.
    let (r, button_id) = ui
        .scope(|ui| {
            ui.set_max_width(width);
            // The id the combo box gives its button (it wraps the salt).
            let button_id = ui.make_persistent_id(egui::IdSalt::new(("favourite", i)));
            let r = favourite_list(ui, i, width, selected, favourite, before, button_id, glyphs);
            (r, button_id)
        })
        .inner;
    // Closed and focused: the arrow keys change the colour, as a list box does, instead of
    // moving to another field.
    favourite_keys(ui, &r, button_id, favourite, before, &choices);
    r.response.accessible_name(name)
}

/// The favourite's combo box and its list.
#[allow(clippy::too_many_arguments)]
fn favourite_list(
    ui: &mut egui::Ui,
    i: usize,
    width: f32,
    selected: RichText,
    favourite: &mut Option<DiceColour>,
    before: Option<DiceColour>,
    button_id: egui::Id,
    glyphs: bool,
) -> egui::InnerResponse<Option<()>> {
    let choices = FAVOURITE_CHOICES;
    egui::ComboBox::from_id_salt(("favourite", i))
        .selected_text(selected)
        .width(width)
        .truncate()
        .show_ui(ui, |ui| {
            for choice in choices {
                let text = match choice {
                    None => RichText::new(tr("not given")),
                    Some(c) => {
                        RichText::new(theme::dice_label(c, glyphs)).color(theme::dice_colour(c))
                    }
                };
                let item = ui.selectable_value(favourite, choice, text);
                // The list opens with the keyboard on the current colour, so the first arrow
                // key moves from there.
                if choice == before && ui.memory(|m| m.focused().is_none_or(|f| f == button_id)) {
                    item.request_focus();
                }
            }
        })
}

/// The favourite choices, in the list's order.
const FAVOURITE_CHOICES: [Option<DiceColour>; 5] = [
    None,
    Some(DiceColour::Orange),
    Some(DiceColour::Green),
    Some(DiceColour::Purple),
    Some(DiceColour::Blue),
];

/// The arrow keys on the closed, focused choice; and a choice made in the list closes it.
fn favourite_keys(
    ui: &mut egui::Ui,
    r: &egui::InnerResponse<Option<()>>,
    button_id: egui::Id,
    favourite: &mut Option<DiceColour>,
    before: Option<DiceColour>,
    choices: &[Option<DiceColour>],
) {
    if r.response.has_focus() && !egui::ComboBox::is_open(ui.ctx(), button_id) {
        ui.memory_mut(|m| {
            m.set_focus_lock_filter(
                r.response.id,
                egui::EventFilter {
                    vertical_arrows: true,
                    ..Default::default()
                },
            )
        });
        let (down, up) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
            )
        });
        let at = choices.iter().position(|c| *c == *favourite).unwrap_or(0);
        if down && at + 1 < choices.len() {
            *favourite = choices[at + 1];
        }
        if up && at > 0 {
            *favourite = choices[at - 1];
        }
    }
    if r.inner.is_some() && *favourite != before {
        // A choice made with the keyboard does not close the list by itself (a click does).
        egui::Popup::close_all(ui.ctx());
        r.response.request_focus();
    }
}
