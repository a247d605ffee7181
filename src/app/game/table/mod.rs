//! The table: the board, the players' jars and tokens, the piles and stacks, the decision in
//! front of the seated human, the dive preview, the log, and the end screen. Everything is
//! drawn from one `Observation`, so nothing secret of another seat can reach the screen.

use super::{Game, GameSave, GameScreen, PreviewSort};
use crate::app::board::{BoardView, DiceDetail, SoloOverlay, focus_ring_rect, paint_die};
use crate::app::calculator::{Evaluation, score_summary};
use crate::app::{Shared, theme};
use crate::engine::DiveOption;
use crate::engine::board::{PathKind, SHORE_COUNT, ShoreId, board, shore_name};
use crate::engine::observation::Observation;
use crate::engine::state::Jar;
use crate::engine::{Action, CardId, Components, Decision, DiceColour, Die, JarColour, Seat};
use crate::i18n::tr;
use crate::trf;
use crate::words::EventWords;
use crate::words::{ComponentWords, Label, describe_counts, join_list, lap_words};
use eframe::egui::{self, Color32, Rect, RichText, Sense, Stroke, Vec2, pos2, vec2};

mod chat;
mod decisions;
mod dive;
mod end;
mod hint;
mod online;
mod review;
mod toolbar;
mod widgets;

use decisions::*;
use dive::*;
use end::*;
use hint::*;
use online::*;
use review::*;
use toolbar::*;
use widgets::*;

/// A jar card as the table draws it (the rules reference draws with it too).
pub(crate) use widgets::jar_card;

const SPACE: f32 = 15.0;

/// The digit keys, for choosing the n-th choice of a decision.
const DIGITS: [egui::Key; 9] = crate::app::DIGIT_KEYS;

/// Which digit 1–9 was pressed this frame, if any (none while a text field or a dialog has
/// the keys).
fn digit_pressed(ui: &egui::Ui) -> Option<usize> {
    if !crate::app::keys::shortcuts_free(ui.ctx()) {
        return None;
    }
    ui.input(|i| DIGITS.iter().position(|k| i.key_pressed(*k)).map(|k| k + 1))
}

/// "Key 2": the shortcut of a choice, for its tooltip.
fn key_hint(digit: usize) -> String {
    trf!("Key {key}", key = digit)
}

/// What the human at the table decided this frame.
#[derive(Default)]
struct Out {
    action: Option<Action>,
    undo: bool,
    save: bool,
    load: bool,
    new_game: bool,
    /// "Seats…": the dialog of who plays each seat.
    seats: bool,
    /// What was pressed on the course's card.
    tutor: Option<crate::app::tutorial::CardPress>,
    /// The course's card asks to read it and press Continue first: the keyboard stays on
    /// Continue, not on the decision's first choice (Enter had made the draft unread).
    card_first: bool,
}

impl GameScreen {
    pub(super) fn table_page(&mut self, ui: &mut egui::Ui, shared: &mut Shared, now: f64) {
        let glyphs = shared.settings.glyphs;
        let mut out = Out::default();
        let show_log = self.show_log;
        let busy = self.has_open_dialog();
        let tutor = self.tutor.clone().zip(self.course_want.clone());
        out.card_first = tutor
            .as_ref()
            .is_some_and(|(_, want)| *want == crate::app::tutorial::script::Want::Continue);
        let Some(g) = self.game.as_mut() else { return };

        if g.covered {
            cover(ui, g);
            // Over the cover, the dialog of who plays each seat stays until closed (it had
            // gone as the cover came, and an Escape meant for it went Home).
            self.seats_ui(ui.ctx());
            let Some(g) = self.game.as_mut() else { return };
            if !g.covered {
                // The next person reads the log from its newest line, not where the last one
                // had scrolled back to.
                ui.data_mut(|d| {
                    d.insert_temp(egui::Id::unique(UNCOVERED_AT), now);
                    d.insert_temp(egui::Id::unique(LOG_TO_END), true);
                });
            }
            return;
        }
        // Just uncovered: an Enter (or Space) pressed twice, or held, would press the first
        // choice the keyboard has come to (a draft card set aside unseen). Not yet.
        let uncovered = ui.data(|d| d.get_temp::<f64>(egui::Id::unique(UNCOVERED_AT)));
        if uncovered.is_some_and(|t| now - t < UNCOVER_PAUSE) {
            ui.input_mut(|i| {
                i.consume_key(egui::Modifiers::NONE, egui::Key::Enter);
                i.consume_key(egui::Modifiers::NONE, egui::Key::Space);
            });
            ui.ctx().request_repaint();
        }
        // What the table shows: the seated human's view, or everything public. With more
        // than one person at this screen (hotseat), only public things are shown while
        // another seat decides: the last person to decide may already have left the screen to
        // the next. Online, the screen is one person's, who always sees their own secrets.
        let over = g.m.state.is_over();
        let hotseat = g.online.is_none() && g.humans() > 1;
        let obs = match &g.replay {
            Some(r) => r.state.observation(None),
            None if over => g.m.state.observation(None),
            None if hotseat && g.to_act() != g.viewer => g.m.state.observation(None),
            None => g.m.state.observation(g.viewer),
        };
        let comps = obs.comps.clone();

        self.top_strip(ui, &obs, &mut out, busy);
        let Some(g) = self.game.as_mut() else { return };
        g.seats_dialog |= out.seats;
        self.seats_ui(ui.ctx());
        let Some(g) = self.game.as_mut() else { return };
        super::log::announce(ui, g);
        online_strip(ui, g);
        chat::chat_panel(ui, g);
        ui.add_space(4.0);
        // What the window shows: a wide row drawn last frame may have widened the panel's
        // room beyond it.
        let avail = vec2(
            ui.available_width()
                .min(ui.clip_rect().right() - 16.0 - ui.cursor().min.x),
            ui.available_height(),
        );
        let right_w = 280.0;
        // The middle column needs this much with the dive preview's table open (less when it
        // is folded away, and the board takes the rest).
        let mid_min: f32 = if g.preview_open { 470.0 } else { 380.0 };
        // The board takes what the middle and the players leave, up to the window's height;
        // it gives way first when the window is narrow (or the rules are open beside).
        // Too narrow for three columns (a small window, or the rules open beside): the players
        // go under the middle column, so nothing needs sideways scrolling.
        let stacked = avail.x < 300.0 + mid_min + right_w + 24.0;
        ui.data_mut(|d| d.insert_temp(egui::Id::unique(PLAYERS_UNDER), stacked));
        let beside = if stacked { 0.0 } else { right_w };
        // Too narrow even for the board beside the middle column with the preview folded (a
        // large text size, or the rules beside a small window): one column, the board on
        // top, the decision under it and the players under that, in one scrolling page.
        let single = avail.x < 300.0 + 380.0 + 24.0;
        let board_w = if single {
            // As tall as the room under the strips above, to be seen whole once scrolled to
            // (the window's height had made it taller than that room, a path out of sight).
            (avail.x - 16.0).min(avail.y - 16.0).clamp(240.0, 640.0)
        } else {
            (avail.y - 130.0)
                .min(avail.x - beside - mid_min - 24.0)
                .clamp(300.0, 640.0)
        };
        let mid_w = if single {
            (avail.x - 16.0).max(240.0)
        } else {
            (avail.x - board_w - beside - 24.0).max(280.0)
        };
        let mut stack_rect = Rect::NOTHING;
        let mut seat_rects = vec![Rect::NOTHING; obs.num_players() as usize];
        // Narrower than the table (a small window, or the rules open beside): it scrolls
        // sideways rather than hiding the players.
        let narrow = !single && avail.x < board_w + mid_min + beside + 16.0;
        // In one column, a new decision of a person at this screen is scrolled to (the
        // decision, with what happened just before it above): the board above it may have
        // filled the window.
        let decision_key = (g.m.record.actions.len(), g.human_to_act());
        let middle_rect = std::cell::Cell::new(Rect::NOTHING);
        // In columns, the middle one goes back to its top, where a new decision is (after a
        // dive scrolled down to its number, the store that followed was out of sight).
        let middle_to_top = !single && {
            let shown = ui.scope_id().with("decision-shown-in-columns");
            let new =
                decision_key.1.is_some() && ui.data(|d| d.get_temp(shown)) != Some(decision_key);
            ui.data_mut(|d| d.insert_temp(shown, decision_key));
            new
        };
        // The players (and the log): under the decision, in the page (`in_page`), or in
        // their own column.
        let players = |ui: &mut egui::Ui, g: &mut Game, rects: &mut [Rect], in_page: bool| {
            players_column(ui, g, &obs, &comps, glyphs, show_log, in_page, rects);
        };
        let mut row = |ui: &mut egui::Ui| {
            let direction = if single {
                egui::Layout::top_down(egui::Align::Min)
            } else {
                egui::Layout::left_to_right(egui::Align::Min)
            };
            ui.with_layout(direction, |ui| {
                // The board, the stacks and the piles.
                column(
                    ui,
                    (single, false),
                    vec2(board_w, avail.y),
                    "board-column",
                    |ui| {
                        ui.set_max_width(board_w);
                        // Room for the pawn badges above the top shores (the area clips at its
                        // edge).
                        ui.add_space(8.0);
                        board_column(ui, g, &obs, board_w, glyphs, &mut out, &mut stack_rect);
                        // Page Up / Page Down (and Home, End) while the pointer or the keyboard's
                        // control is on the board's column (drawn first, it takes them before the
                        // middle column, which takes them otherwise).
                        if !single {
                            crate::app::scroll::side(ui);
                        }
                    },
                );
                if single {
                    ui.add_space(8.0);
                }
                column(
                    ui,
                    (single, middle_to_top),
                    vec2(mid_w, avail.y),
                    "middle",
                    |ui| {
                        if g.replay.is_some() {
                            replay_panel(ui, g, &obs, glyphs, &mut out);
                            review_panel(ui, g, &comps);
                        } else {
                            if let Some((t, want)) = &tutor {
                                out.tutor = crate::app::tutorial::tutor_card(ui, t, want, g);
                            }
                            if over {
                                end_panel(ui, g, glyphs, &mut out);
                                review_panel(ui, g, &comps);
                            } else {
                                decision_panel(ui, g, &obs, glyphs, now, &mut out);
                            }
                        }
                        if stacked {
                            ui.add_space(8.0);
                            players(ui, g, &mut seat_rects, true);
                        }
                        middle_rect.set(ui.min_rect());
                        // Page Up / Page Down (and Home, End) unless the board's column took
                        // them: the decision and the players under it are what a page holds
                        // (in one column, the page's).
                        if !single {
                            crate::app::scroll::page(ui);
                        }
                    },
                );
                if stacked {
                    return;
                }
                ui.allocate_ui_with_layout(
                    vec2(right_w, avail.y),
                    egui::Layout::top_down(egui::Align::Min),
                    |ui| {
                        ui.set_width(right_w);
                        // The chat open above leaves the players too little height for their
                        // cards and the log: the column scrolls as one, each card whole (the
                        // last had been cut to a sliver over the log).
                        if g.online.as_ref().is_some_and(|o| o.chat_open) {
                            egui::ScrollArea::vertical()
                                .id_salt("players-and-log")
                                .show(ui, |ui| {
                                    ui.set_width(right_w);
                                    players(ui, g, &mut seat_rects, true);
                                    crate::app::scroll::follow_focus(ui);
                                });
                        } else {
                            players(ui, g, &mut seat_rects, false);
                        }
                    },
                );
            });
        };
        if single {
            egui::ScrollArea::vertical()
                .id_salt("table-column")
                .show(ui, |ui| {
                    row(ui);
                    // The page keys wherever the pointer is, and whatever the keyboard moves
                    // to (a shore on the board, a row of the preview) scrolled into sight.
                    crate::app::scroll::page(ui);
                    let shown = ui.scope_id().with("decision-shown");
                    if decision_key.1.is_some()
                        && ui.data(|d| d.get_temp(shown)) != Some(decision_key)
                    {
                        ui.data_mut(|d| d.insert_temp(shown, decision_key));
                        ui.scroll_to_rect(middle_rect.get(), Some(egui::Align::TOP));
                    }
                });
        } else if narrow {
            egui::ScrollArea::horizontal()
                .id_salt("table-row")
                .show(ui, |ui| {
                    row(ui);
                    // What Tab reaches at the row's far side (the rules open beside it) is
                    // scrolled into sight.
                    crate::app::scroll::follow_focus(ui);
                });
        } else {
            row(ui);
        }
        // Delivered tokens flying from the stacks to their new owner (none without motion:
        // the token is on the seat's card at once).
        g.flights
            .retain(|f| now - f.start < super::FLIGHT_SECONDS && !shared.settings.reduce_motion);
        if !g.flights.is_empty() && stack_rect.is_positive() {
            let painter = ui.ctx().layer_painter(egui::LayerId::new(
                egui::Order::Foreground,
                ui.scope_id().with("token-flight"),
            ));
            for f in &g.flights {
                let t = ((now - f.start) / super::FLIGHT_SECONDS).clamp(0.0, 1.0) as f32;
                let t = t * t * (3.0 - 2.0 * t);
                let to = seat_rects
                    .get(f.seat as usize)
                    .filter(|r| r.is_positive())
                    .map_or(stack_rect.center(), |r| r.center_top() + vec2(0.0, 20.0));
                let from = stack_rect.center();
                let at =
                    from + (to - from) * t - vec2(0.0, 60.0 * (std::f32::consts::PI * t).sin());
                let colour = theme::jar_colour(f.colour);
                painter.circle_filled(at, 22.0, colour.gamma_multiply(0.25));
                painter.circle_filled(at, 15.0, colour);
                painter.circle_stroke(at, 15.0, Stroke::new(2.0, theme::WATER_DEEP));
                painter.text(
                    at,
                    egui::Align2::CENTER_CENTER,
                    f.value.to_string(),
                    egui::FontId::proportional(17.0),
                    theme::WATER_DEEP,
                );
            }
        }
        if let Some(a) = out.action {
            self.act(a, now);
            // Decided: the log goes on from its newest line (scrolled back, it had stayed
            // there for the rest of the game).
            ui.data_mut(|d| d.insert_temp(egui::Id::unique(LOG_TO_END), true));
        }
        // What a press changed is drawn at once, not with the next input (a Continue pressed
        // by Space had shown the same card until another key came).
        if out.action.is_some() || out.tutor.is_some() {
            ui.ctx().request_repaint();
        }
        match out.tutor {
            Some(crate::app::tutorial::CardPress::Continue) => self.tutor_next(),
            Some(crate::app::tutorial::CardPress::DoIt(a)) => self.act(a, now),
            Some(crate::app::tutorial::CardPress::PlayItMyself) => self.tutor_play_myself(),
            None => {}
        }
        if out.undo {
            self.undo();
        }
        if out.save {
            self.start_save(ui.ctx(), shared);
        }
        if out.load {
            let dialog = shared.open_dialog.clone();
            self.start_load(ui.ctx(), dialog);
        }
        if out.new_game {
            // A game left under way stays on offer (as it stays in the autosave) until
            // another starts: a course's intro, or the new game dialog, offers to go back.
            if let Some(g) = self.game.take()
                && !g.m.state.is_over()
                && g.online.is_none()
            {
                self.resume = Some(GameSave {
                    tutor: self.tutor.clone(),
                    ..g.save()
                });
            }
            self.status = None;
        }
    }

    fn top_strip(&mut self, ui: &mut egui::Ui, obs: &Observation, out: &mut Out, busy: bool) {
        let animate = self.animate;
        let Some(g) = self.game.as_mut() else { return };
        ui.horizontal_wrapped(|ui| {
            let per_round = if obs.is_solo() { 6 } else { 12 };
            let turn_text = |round: u8, turn: u32| {
                RichText::new(trf!(
                    "Round {round} of 2 · turn {turn} of {turns}",
                    round = round,
                    turn = turn,
                    turns = per_round
                ))
                .strong()
                .color(theme::GLOW)
            };
            let r = ui.label(turn_text(
                obs.round.max(1),
                (obs.turn as u32 + 1).min(per_round),
            ));
            // As wide as its widest form, so the names and buttons after it stay put as the
            // turns go by (the digits of a proportional font differ in width).
            let widest = [1, 2]
                .into_iter()
                .flat_map(|round| [1, 10, per_round].map(|turn| (round, turn)))
                .map(|(round, turn)| crate::app::theme::one_line_width(ui, turn_text(round, turn)))
                .fold(0.0, f32::max);
            ui.add_space((widest - r.rect.width()).max(0.0));
            if !obs.is_solo() {
                // Turn order from the first player, read left to right whichever way the
                // table turns (an arrow pointing back read as the later player going first);
                // the turning direction is the circle at its end.
                let n = obs.num_players();
                // Before the first player is drawn (the jar draft), the seats as they sit: no
                // arrows, which read as a turn order that was not yet known.
                let known = obs.started;
                let order_job = |arrow: &str, tail: &str| {
                    let mut job = egui::text::LayoutJob::default();
                    let format =
                        |colour| egui::TextFormat::simple(egui::FontId::proportional(16.0), colour);
                    for k in 0..n {
                        let s = obs.direction.step(obs.first_player, k, n);
                        if k > 0 {
                            job.append(&format!(" {arrow} "), 0.0, format(theme::TEXT_DIM));
                        }
                        let mut f = format(theme::seat_colour(s));
                        // Nobody dives during the jar draft.
                        if s == obs.active && !obs.is_over() && obs.decision != Decision::Draft {
                            f.underline = Stroke::new(2.0, theme::GLOW);
                        }
                        job.append(&g.name(s), 0.0, f);
                    }
                    job.append(tail, 0.0, format(theme::TEXT_DIM));
                    job
                };
                let job = match obs.direction {
                    _ if !known => order_job("·", ""),
                    crate::engine::Direction::Clockwise => order_job("→", "  ↻"),
                    crate::engine::Direction::CounterClockwise => order_job("→", "  ↺"),
                };
                // A screen reader hears the order and who dives in words (the eye sees the
                // underline).
                let order: Vec<String> = (0..n)
                    .map(|k| g.name(obs.direction.step(obs.first_player, k, n)))
                    .collect();
                let spoken = if !known {
                    trf!(
                        "Seats: {order}; the first player is drawn after the jar draft",
                        order = crate::words::join_list(&order)
                    )
                } else if obs.is_over() || obs.decision == Decision::Draft {
                    trf!(
                        "Turn order: {order}",
                        order = crate::words::join_list(&order)
                    )
                } else {
                    trf!(
                        "Turn order: {order}; {name} is diving",
                        order = crate::words::join_list(&order),
                        name = g.name(obs.active)
                    )
                };
                let r = ui.label(job);
                // As wide as its widest form, so the buttons after it stay put when the
                // draft's dots become arrows and the turning circle comes.
                let widest = ["  ↻", "  ↺"]
                    .map(|tail| {
                        let galley = ui.fonts_mut(|f| f.layout_job(order_job("→", tail)));
                        galley.size().x
                    })
                    .into_iter()
                    .fold(0.0, f32::max);
                ui.add_space((widest - r.rect.width()).max(0.0));
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
                r.on_hover_text(match obs.direction {
                    _ if !known => tr("The seats; the first player is drawn after the jar draft"),
                    crate::engine::Direction::Clockwise => {
                        tr("Turn order this round (clockwise); the underlined player is diving")
                    }
                    crate::engine::Direction::CounterClockwise => tr(
                        "Turn order this round (counter-clockwise); the underlined player is \
                         diving",
                    ),
                });
            }
            if g.online.is_some() {
                ui.separator();
                online_buttons(ui, g, out);
                ui.toggle_value(&mut self.show_log, tr("Log"))
                    .on_hover_text(tr("Show or hide the game log"));
                return;
            }
            let bar = Toolbar {
                course: self.tutor.is_some(),
                animate,
                busy,
                pace: &mut self.pace,
                show_log: &mut self.show_log,
                status: self.status.as_ref(),
            };
            bar.ui(ui, g, out);
        });
    }
}

impl GameScreen {
    /// The dialog of who plays each seat, while open; a seat that changes hands is saved at
    /// once (the autosave).
    fn seats_ui(&mut self, ctx: &egui::Context) {
        let Some(g) = self.game.as_mut() else { return };
        let before = g.handovers.len();
        super::seats::seats_dialog(ctx, g);
        if g.handovers.len() != before {
            self.autosave();
        }
    }
}

/// When the cover was last passed (the window's time), and how long after it Enter and Space
/// do nothing at the table.
const UNCOVERED_AT: &str = "table-uncovered-at";
const UNCOVER_PAUSE: f64 = 0.6;
/// Whether the players' cards are under the middle column this frame (a narrow window).
pub(super) const PLAYERS_UNDER: &str = "table-players-under";
/// Set, the game log scrolls to its newest line once (see `players_column`).
pub(super) const LOG_TO_END: &str = "log-to-end";

/// "Pass to Bea — press to continue": hides the last player's secrets.
fn cover(ui: &mut egui::Ui, g: &mut Game) {
    let name = g.viewer.map(|s| g.name(s)).unwrap_or_default();
    // The keys uncover the table only when nothing else takes them (a search field beside it
    // takes a typed space; a focused button, its own Enter).
    let free = crate::app::keys::keys_free(ui.ctx());
    let key = ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
    let go = free && key;
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() * 0.3);
        ui.label(
            RichText::new(tr(
                "The table is covered so nobody sees another player's secrets.",
            ))
            .color(theme::TEXT_DIM),
        );
        ui.add_space(12.0);
        let text = trf!("Pass to {name} — press to continue", name);
        let r = ui
            .add(
                egui::Button::new(RichText::new(&text).size(26.0).strong())
                    .min_size(vec2(460.0, 70.0)),
            )
            .on_hover_text(tr("Key: Enter or Space"));
        // Each time the table is covered, the keyboard starts on this button, so the button
        // drawn as focused is the one Enter presses.
        if std::mem::take(&mut g.focus_cover) {
            r.request_focus();
        }
        if theme::first_click(&r) || go {
            g.covered = false;
            // Passed by a key: the player is on the keyboard, and the table's first choice
            // takes it (Enter had done nothing behind a cover passed so).
            if key {
                crate::app::keys::mark_keyboard_in_use(ui.ctx());
            }
        }
        // The one who just played may still take their last decision back before passing.
        if let Some(p) = g.can_take_back_before_passing() {
            ui.add_space(16.0);
            let back = ui
                .button(trf!("Undo {name}'s last decision", name = g.name(p)))
                .on_hover_text(trf!(
                    "Before passing the table on: {name} takes back their last decision",
                    name = g.name(p)
                ));
            if theme::first_click(&back) {
                g.take_back_before_passing();
            }
        } else if let Some(why) = g.why_not_before_passing() {
            // Not offered: said why, as the table's greyed Undo says it.
            ui.add_space(16.0);
            ui.label(egui::RichText::new(why).color(theme::TEXT_DIM));
        }
    });
}

/// One of the table's columns, `size` (its width, and the window's height below the strips):
/// beside the others it scrolls on its own (under a short window the piles run past the
/// bottom); in the one-column page (`single`) it is a part of that page.
/// A column of the table: in one column, part of the page; otherwise scrolled on its own,
/// back to its top when `to_top`.
fn column(
    ui: &mut egui::Ui,
    (single, to_top): (bool, bool),
    size: Vec2,
    id: &str,
    add: impl FnOnce(&mut egui::Ui),
) {
    if single {
        ui.scope(|ui| {
            ui.set_width(size.x);
            add(ui);
        });
        return;
    }
    ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.set_width(size.x);
        let mut area = egui::ScrollArea::vertical().id_salt(id);
        if to_top {
            area = area.vertical_scroll_offset(0.0);
        }
        area.show(ui, |ui| {
            ui.set_width(size.x);
            add(ui);
        });
    });
}
