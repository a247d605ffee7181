//! The card of the space the black die cleared: what to take off the real board, kept in
//! sight as the die lands.

use super::*;

impl SoloScreen {
    /// The space the last roll cleared (dimmed once the turn goes on), if any.
    pub(super) fn cleared_card(&mut self, ui: &mut egui::Ui) {
        let comps = Arc::clone(&self.comps);
        let section_name = |s: u8| comps.section_label(s);
        self.cleared_card = None;
        if let Some(c) = self.cleared {
            // While the app's die tumbles, only its changing face: the number and the space
            // it names come together once it has landed, never a passing face beside them.
            let tumbling = self.rolling_face(ui);
            // The card keeps the height it had when the space was to clear: the controls
            // below stay where they are as its words change.
            let kept = egui::Id::unique("solo-cleared-card-height");
            let height = ui.data(|d| d.get_temp::<f32>(kept)).unwrap_or(0.0);
            let card = theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                if c.earlier || tumbling.is_some() {
                    ui.set_min_height(height);
                }
                if let Some(face) = tumbling {
                    ui.label(
                        RichText::new(trf!("The black die is rolling… {number}", number = face))
                            .size(18.0)
                            .color(theme::TEXT_DIM),
                    );
                    ui.add_space(ui.text_style_height(&egui::TextStyle::Body));
                    return;
                }
                if c.earlier {
                    ui.label(
                        RichText::new(trf!(
                            "The last tempest cleared space {number} of the {section} section: {space}",
                            number = c.number,
                            section = section_name(c.section),
                            space = space_name(c.space)
                        ))
                        .color(theme::TEXT_DIM),
                    );
                    ui.label(RichText::new(tr("Its dice went to the box lid.")).color(theme::TEXT_DIM));
                    return;
                }
                ui.label(
                    RichText::new(trf!(
                        "Clear space {number} of the {section} section: {space}",
                        number = c.number,
                        section = section_name(c.section),
                        space = space_name(c.space)
                    ))
                    .size(18.0)
                    .color(theme::WARNING),
                );
                ui.label(tr("Put its dice in the box lid."));
                let inner = ui.min_rect().height();
                ui.data_mut(|d| d.insert_temp(kept, inner));
            });
            if !c.earlier {
                self.cleared_card = Some(card.response.rect);
            }
            if std::mem::take(&mut self.show_cleared) && self.focus.is_none() {
                card.response.scroll_to_me(None);
            }
            // The die has just landed: the card has grown to its words, which may have pushed
            // it or the keyboard's next place out of sight. Both are brought back.
            let landed = self.was_tumbling && tumbling.is_none();
            self.was_tumbling = tumbling.is_some();
            if landed && !c.earlier {
                let ctx = ui.ctx().clone();
                let focused = ctx
                    .memory(|m| m.focused())
                    .and_then(|id| ctx.read_response(id))
                    .map(|r| r.rect);
                let card = card.response.rect;
                // Only as far as it takes: a card in sight leaves the page where it is (it
                // went to the top at each roll, the turn's heading out of sight above it).
                match focused.map(|f| f.union(card)) {
                    Some(both) if both.height() <= ui.clip_rect().height() => {
                        ui.scroll_to_rect(both, None);
                    }
                    Some(_) => ui.scroll_to_rect(card, Some(egui::Align::TOP)),
                    None => ui.scroll_to_rect(card, None),
                }
            }
            ui.add_space(8.0);
        }
    }
}
