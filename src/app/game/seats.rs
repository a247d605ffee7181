//! Handing a person's seat to an AI mid-game, and taking it back: someone who has to leave the
//! table lets an AI play on for them. The seat keeps its name, the log says when it changed
//! hands, and the history counts the game as the person's only if they made most of the seat's
//! decisions (else as the AI's that did).

use super::*;
use crate::engine::record::Actor;

/// A seat changing hands: from the log's `at`-th entry on, the AI level `to` plays it, or its
/// person again (`None`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandOver {
    pub seat: Seat,
    pub at: usize,
    pub to: Option<String>,
}

impl Game {
    /// Whether seats may change hands: a game played at this screen and under way, not a
    /// course's, not a replay.
    pub fn can_hand_over(&self) -> bool {
        self.online.is_none()
            && self.replay.is_none()
            && self.undo_allowed
            && self.autopilot == course::Autopilot::Off
            && !self.m.state.is_over()
    }

    /// Lets the AI `level` play person's seat `seat` from now on, or (`None`) gives the seat
    /// back to its person. A seat set up for an AI stays as it is. Returns whether the seat
    /// changed hands.
    pub fn hand_over(&mut self, seat: Seat, level: Option<String>) -> bool {
        let Some(info) = self.seats.get(seat as usize) else {
            return false;
        };
        if info.ai.is_some() || info.stand_in == level || !self.can_hand_over() {
            return false;
        }
        // A search under way is for a table that changes now (and may be this seat's).
        self.stop_bots();
        let at = self.m.record.actions.len();
        let seed = self.m.record.seed.unwrap_or(0) ^ ((at as u64) << 8) ^ seat as u64;
        self.bots[seat as usize] = level.as_deref().and_then(|l| make_bot(l, seed));
        self.seats[seat as usize].stand_in = level.clone();
        self.handovers.push(HandOver {
            seat,
            at,
            to: level.clone(),
        });
        self.log.push(LogLine::HandOver { seat, to: level });
        true
    }

    /// The AI level the history records `seat` under when AIs made most of its decisions
    /// (a person's seat handed over for most of the game): the last one that played it.
    pub fn recorded_stand_in(&self, seat: Seat) -> Option<String> {
        let mut changes = self.handovers.iter().filter(|h| h.seat == seat).peekable();
        let (mut by, mut last) = (None, None);
        let (mut ai, mut all) = (0usize, 0usize);
        for (i, e) in self.m.record.actions.iter().enumerate() {
            while let Some(h) = changes.next_if(|h| h.at <= i) {
                by = h.to.as_ref();
                last = by.or(last);
            }
            if e.by == Actor::Seat(seat) {
                all += 1;
                ai += usize::from(by.is_some());
            }
        }
        last.filter(|_| 2 * ai > all).cloned()
    }

    /// The log up to the record's `upto`-th entry, with the hints taken and the seats handed
    /// over there.
    pub(super) fn log_upto(&self, upto: usize) -> Vec<LogLine> {
        log_lines_with(&self.m.record, upto, &self.hints.taken, &self.handovers)
    }
}

/// The dialog of who plays each seat, while `g.seats_dialog` is set: each person's seat
/// played by its person or by an AI of a level; Done or Escape closes it.
pub(super) fn seats_dialog(ctx: &egui::Context, g: &mut Game) {
    if !g.seats_dialog {
        return;
    }
    let opened = egui::Id::unique("who-plays-each-seat-opened");
    if !g.can_hand_over() {
        g.seats_dialog = false;
        ctx.data_mut(|d| d.remove::<bool>(opened));
        return;
    }
    let names = g.names();
    let mut change = None;
    let mut done = false;
    let modal = egui::Modal::new(egui::Id::unique("who-plays-each-seat")).show(ctx, |ui| {
        // Wide enough for a seat's choices on one line, where the window has the room.
        ui.set_width(ui.ctx().content_rect().width().min(780.0) - 48.0);
        theme::heading(ui, egui::RichText::new(tr("Who plays each seat")).heading());
        ui.label(tr(
            "Someone who has to leave can let an AI play their seat, and take it back when \
             they return. The game counts in their history only if they made most of their \
             seat's decisions.",
        ));
        ui.add_space(8.0);
        let mut first = None;
        let mut ids = Vec::new();
        egui::Grid::new("who-plays-each-seat-grid")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                for (i, seat) in g.seats.iter().enumerate() {
                    let name = seat_name(&names, i as Seat);
                    ui.label(
                        egui::RichText::new(&name)
                            .color(theme::seat_colour(i as Seat))
                            .strong(),
                    );
                    ui.horizontal_wrapped(|ui| {
                        if let Some(level) = &seat.ai {
                            ui.label(
                                egui::RichText::new(trf!(
                                    "{ai}, from the start",
                                    ai = trf!("AI {level}", level = bot_level_name(level))
                                ))
                                .color(theme::TEXT_DIM),
                            );
                            return;
                        }
                        let plays = trf!("{name} plays", name);
                        let r = choice(ui, seat.stand_in.is_none(), &plays, &plays);
                        first.get_or_insert(r.id);
                        ids.push(r.id);
                        if r.clicked() {
                            change = Some((i as Seat, None));
                        }
                        ui.label(egui::RichText::new(tr("AI:")).color(theme::TEXT_DIM));
                        for (k, level) in BOT_LEVELS.iter().enumerate() {
                            let shown = tr(BOT_LEVEL_NAMES[k]);
                            let picked = seat
                                .stand_in
                                .as_deref()
                                .is_some_and(|l| l.split(':').next() == Some(level));
                            let said =
                                trf!("{name}: AI {level}", name, level = shown.to_lowercase());
                            let r = choice(ui, picked, shown, &said);
                            ids.push(r.id);
                            if r.clicked() {
                                change = Some((i as Seat, Some(level.to_string())));
                            }
                        }
                    });
                    ui.end_row();
                }
            });
        ui.add_space(8.0);
        let ok = ui.button(tr("Done"));
        ids.push(ok.id);
        // The keyboard starts on the first seat's choice (else on Done), and comes back to it
        // from nowhere or from outside the dialog; not in the frame Tab comes round from Done,
        // when nothing has it for a moment (asked then, it had gone on past that choice).
        let focused = ui.memory(|m| m.focused());
        let new = ui.data(|d| d.get_temp::<bool>(opened).is_none());
        let tabbed = ui.input(|i| i.key_pressed(egui::Key::Tab));
        let lost = match focused {
            Some(f) => !ids.contains(&f),
            None => !tabbed,
        };
        if new || lost {
            ui.data_mut(|d| d.insert_temp(opened, true));
            ui.memory_mut(|m| m.request_focus(first.unwrap_or(ok.id)));
        }
        done = ok.clicked();
    });
    if let Some((seat, level)) = change {
        g.hand_over(seat, level);
    }
    if done || modal.should_close() {
        g.seats_dialog = false;
        ctx.data_mut(|d| d.remove::<bool>(opened));
    }
}

/// One option of a seat's row: a button that reads as a radio button, checked or not, named
/// for a screen reader with its seat (`said`).
fn choice(ui: &mut egui::Ui, selected: bool, text: &str, said: &str) -> egui::Response {
    let r = ui.selectable_label(selected, text);
    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, said));
    r
}
