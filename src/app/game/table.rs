//! The table: the board, the players' jars and tokens, the piles and stacks, the decision in
//! front of the seated human, the dive preview, the log, and the end screen. Everything is
//! drawn from one `Observation`, so nothing secret of another seat can reach the screen.

use super::{Game, GameScreen, PreviewSort};
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

const SPACE: f32 = 15.0;

/// The digit keys, for choosing the n-th choice of a decision.
const DIGITS: [egui::Key; 9] = crate::app::DIGIT_KEYS;

/// Which digit 1–9 was pressed this frame, if any (none while a text field has the keys).
fn digit_pressed(ui: &egui::Ui) -> Option<usize> {
    if ui.ctx().text_edit_focused() {
        return None;
    }
    ui.input(|i| DIGITS.iter().position(|k| i.key_pressed(*k)).map(|k| k + 1))
}

/// "Key 2": the shortcut of a choice, for its tooltip.
fn key_hint(digit: usize) -> String {
    trf!("Key {key}", key = digit)
}

/// A jar card in words: "Gold jar +2: 2 of 4 filled: orange (filled), orange (filled), green,
/// blue", or without dice "Gold jar +2: orange, orange, green, blue".
pub fn jar_words(comps: &Components, card: CardId, filled: Option<&Jar>) -> String {
    let k = comps.card(card);
    let mut used = [0u8; 4];
    let spaces: Vec<String> = k
        .spaces
        .iter()
        .map(|&c| {
            let full = filled.is_some_and(|j| used[c.index()] < j.filled[c.index()]);
            used[c.index()] += 1;
            if full {
                trf!("{colour} (filled)", colour = c.label())
            } else {
                c.label().to_string()
            }
        })
        .collect();
    let spaces = join_list(&spaces);
    let colour = theme::jar_name(k.colour);
    match filled {
        Some(j) => trf!(
            "{colour} jar +{bonus}: {filled} of {size} filled: {spaces}",
            colour,
            bonus = k.bonus,
            filled = j.dice(),
            size = k.spaces.len(),
            spaces
        ),
        None => trf!(
            "{colour} jar +{bonus}: {spaces}",
            colour,
            bonus = k.bonus,
            spaces
        ),
    }
}

/// Dice counts in words: "2 orange, 1 blue" (or "no dice").
fn counts_words(counts: &[u8; 4]) -> String {
    if counts.iter().all(|&n| n == 0) {
        tr("no dice").to_string()
    } else {
        describe_counts(counts)
    }
}

/// A jar card, with its dice (or none, for a card not yet taken). As a button (`key`: its
/// digit shortcut, or `None` for a card only shown), `name` is what the button does.
fn jar_card(
    ui: &mut egui::Ui,
    comps: &Components,
    card: CardId,
    filled: Option<&Jar>,
    name: &str,
    key: Option<Option<usize>>,
) -> egui::Response {
    let click = key.is_some();
    let k = comps.card(card);
    let n = k.spaces.len() as f32;
    let size = vec2(n * (SPACE + 3.0) + 14.0, SPACE + 30.0);
    let sense = if click {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (rect, resp) = ui.allocate_exact_size(size, sense);
    let colour = theme::jar_colour(k.colour);
    let p = ui.painter_at(rect.expand(6.0));
    let lit = click && (resp.hovered() || resp.has_focus());
    p.rect_filled(
        rect,
        6.0,
        if lit {
            theme::SHALLOWS_HOVER
        } else {
            theme::SHALLOWS
        },
    );
    p.rect_stroke(
        rect,
        6.0,
        Stroke::new(if click { 2.5 } else { 1.5 }, colour),
        egui::StrokeKind::Inside,
    );
    if click && resp.has_focus() {
        focus_ring_rect(&p, rect, 6.0);
    }
    p.text(
        rect.left_top() + vec2(7.0, 4.0),
        egui::Align2::LEFT_TOP,
        format!("{} +{}", theme::jar_glyph(k.colour), k.bonus),
        egui::FontId::proportional(13.0),
        colour,
    );
    let mut used = [0u8; 4];
    for (i, &c) in k.spaces.iter().enumerate() {
        let r = Rect::from_min_size(
            rect.left_top() + vec2(7.0 + i as f32 * (SPACE + 3.0), 22.0),
            Vec2::splat(SPACE),
        );
        let full = filled.is_some_and(|j| used[c.index()] < j.filled[c.index()]);
        used[c.index()] += 1;
        if full {
            paint_die(&p, r, Die { colour: c, face: 1 }, DiceDetail::ColoursOnly);
        } else {
            p.rect_stroke(
                r,
                3.0,
                Stroke::new(1.2, theme::dice_colour(c)),
                egui::StrokeKind::Inside,
            );
            crate::app::board::paint_glyph(
                &p,
                r.center(),
                SPACE * 0.45,
                c,
                theme::dice_colour(c).gamma_multiply(0.55),
            );
        }
    }
    let words = jar_words(comps, card, filled);
    match key {
        Some(key) => {
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
            let tip = match key {
                Some(d) => format!("{words}\n{}", key_hint(d)),
                None => words,
            };
            resp.on_hover_text(tip)
        }
        None => {
            let label = trf!("{name}: {jar}", name, jar = words);
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
            resp
        }
    }
}

/// A row of small coloured glyph counts, e.g. "●2 ▲1".
fn counts_text(counts: &[u8; 4]) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    for c in DiceColour::ALL {
        let n = counts[c.index()];
        if n == 0 {
            continue;
        }
        job.append(
            &format!("{}{} ", theme::dice_glyph(c), n),
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(15.0), theme::dice_colour(c)),
        );
    }
    if job.text.is_empty() {
        job.append(
            "—",
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(15.0), theme::TEXT_DIM),
        );
    }
    job
}

/// The glyph counts, read out in words ("2 orange, 1 blue") by a screen reader.
fn counts_label(ui: &mut egui::Ui, counts: &[u8; 4]) {
    let r = ui.label(counts_text(counts));
    let words = counts_words(counts);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
}

fn token_values(comps: &Components, colour: JarColour, bits: u16) -> Vec<u8> {
    comps
        .tokens
        .stack(colour)
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, v)| *v)
        .collect()
}

/// What the human at the table decided this frame.
#[derive(Default)]
struct Out {
    action: Option<Action>,
    undo: bool,
    save: bool,
    load: bool,
    new_game: bool,
}

impl GameScreen {
    pub(super) fn table_page(&mut self, ui: &mut egui::Ui, shared: &mut Shared, now: f64) {
        let glyphs = shared.settings.glyphs;
        let mut out = Out::default();
        let show_log = self.show_log;
        let busy = self.has_open_dialog();
        let Some(g) = self.game.as_mut() else { return };

        if g.covered {
            cover(ui, g);
            return;
        }
        // What the table shows: the seated human's view, or everything public.
        let over = g.m.state.is_over();
        let obs = match &g.replay {
            Some(r) => r.state.observation(None),
            None if over => g.m.state.observation(None),
            None => g.m.state.observation(g.viewer),
        };
        let comps = obs.comps.clone();

        self.top_strip(ui, &obs, &mut out, busy);
        let Some(g) = self.game.as_mut() else { return };
        ui.add_space(4.0);
        let avail = ui.available_size();
        let board_w = (avail.y - 150.0).clamp(300.0, 470.0);
        let right_w = 300.0;
        let mid_w = (avail.x - board_w - right_w - 24.0).max(280.0);
        let mut stack_rect = Rect::NOTHING;
        let mut seat_rects = vec![Rect::NOTHING; obs.players as usize];
        ui.horizontal_top(|ui| {
            // The board, the stacks and the piles.
            ui.allocate_ui_with_layout(
                vec2(board_w, avail.y),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_width(board_w);
                    ui.set_max_width(board_w);
                    board_column(ui, g, &obs, board_w, glyphs, &mut out, &mut stack_rect);
                },
            );
            ui.allocate_ui_with_layout(
                vec2(mid_w, avail.y),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_width(mid_w);
                    egui::ScrollArea::vertical()
                        .id_salt("middle")
                        .show(ui, |ui| {
                            if g.replay.is_some() {
                                replay_panel(ui, g, &obs, glyphs, &mut out);
                            } else if over {
                                end_panel(ui, g, glyphs, &mut out);
                            } else {
                                decision_panel(ui, g, &obs, glyphs, now, &mut out);
                            }
                        });
                },
            );
            ui.allocate_ui_with_layout(
                vec2(right_w, avail.y),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_width(right_w);
                    players_column(ui, g, &obs, &comps, glyphs, show_log, &mut seat_rects);
                },
            );
        });
        // Delivered tokens flying from the stacks to their new owner.
        g.flights.retain(|f| now - f.start < super::FLIGHT_SECONDS);
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
            self.game = None;
            self.status = None;
        }
    }

    fn top_strip(&mut self, ui: &mut egui::Ui, obs: &Observation, out: &mut Out, busy: bool) {
        let animate = self.animate;
        let Some(g) = self.game.as_mut() else { return };
        ui.horizontal_wrapped(|ui| {
            let per_round = if obs.solo { 6 } else { 12 };
            ui.label(
                RichText::new(trf!(
                    "Round {round} of 2 · turn {turn} of {turns}",
                    round = obs.round.max(1),
                    turn = (obs.turn as u32 + 1).min(per_round),
                    turns = per_round
                ))
                .strong()
                .color(theme::GLOW),
            );
            if !obs.solo {
                // Turn order from the first player, with the arrow of the direction.
                let n = obs.players;
                let arrow = match obs.direction {
                    crate::engine::Direction::Clockwise => "→",
                    crate::engine::Direction::CounterClockwise => "←",
                };
                let mut job = egui::text::LayoutJob::default();
                for k in 0..n {
                    let s = obs.direction.step(obs.first_player, k, n);
                    if k > 0 {
                        job.append(
                            &format!(" {arrow} "),
                            0.0,
                            egui::TextFormat::simple(
                                egui::FontId::proportional(16.0),
                                theme::TEXT_DIM,
                            ),
                        );
                    }
                    let mut f = egui::TextFormat::simple(
                        egui::FontId::proportional(16.0),
                        theme::seat_colour(s),
                    );
                    if s == obs.active && !obs.over {
                        f.underline = Stroke::new(2.0, theme::GLOW);
                    }
                    job.append(&g.name(s), 0.0, f);
                }
                ui.label(job).on_hover_text(match obs.direction {
                    crate::engine::Direction::Clockwise => {
                        tr("Turn order this round (clockwise); the underlined player is diving")
                    }
                    crate::engine::Direction::CounterClockwise => tr(
                        "Turn order this round (counter-clockwise); the underlined player is \
                         diving",
                    ),
                });
            }
            ui.separator();
            let can_undo = g.undo_point().is_some();
            let undo_key = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);
            let undo_by_key = can_undo && ui.input_mut(|i| i.consume_shortcut(&undo_key));
            if ui
                .add_enabled(can_undo, egui::Button::new(tr("Undo")))
                .on_hover_text(trf!(
                    "Take back your last decision (back to the last roll or draw). Key: {key}",
                    key = ui.ctx().format_shortcut(&undo_key)
                ))
                .clicked()
                || undo_by_key
            {
                out.undo = true;
            }
            if ui
                .add_enabled(!busy, egui::Button::new(tr("Save…")))
                .on_hover_text(tr("Save this game to a file"))
                .clicked()
            {
                out.save = true;
            }
            if ui
                .add_enabled(!busy, egui::Button::new(tr("Open…")))
                .on_hover_text(tr("Open a saved game from a file"))
                .clicked()
            {
                out.load = true;
            }
            if ui
                .button(tr("New game"))
                .on_hover_text(tr("Leave this game and set up a new one"))
                .clicked()
            {
                out.new_game = true;
            }
            if g.seats.iter().any(|s| !s.is_human()) && animate {
                ui.separator();
                let l = ui.label(RichText::new(tr("AI pace")).color(theme::TEXT_DIM));
                ui.add(
                    egui::Slider::new(&mut self.pace, 0.0..=3.0)
                        .clamping(egui::SliderClamping::Edits)
                        .suffix(tr(" s"))
                        .max_decimals(1),
                )
                .labelled_by(l.id)
                .on_hover_text(tr(
                    "Seconds each AI move stays on screen. With the keyboard: Tab to it, then \
                     ←/→ to change it.",
                ));
            }
            ui.toggle_value(&mut self.show_log, tr("Log"))
                .on_hover_text(tr("Show or hide the game log"));
            // What saving, opening or autosaving last said ("Saved to …", a failure).
            if let Some(status) = &self.status {
                ui.separator();
                let colour = if status.starts_with(theme::WARNING_GLYPH) {
                    theme::WARNING
                } else {
                    theme::TEXT_DIM
                };
                ui.label(RichText::new(status).small().color(colour));
            }
        });
    }
}

/// "Pass to Bea — press to continue": hides the last player's secrets.
fn cover(ui: &mut egui::Ui, g: &mut Game) {
    let name = g.viewer.map(|s| g.name(s)).unwrap_or_default();
    let go = ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
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
        if r.clicked() || go {
            g.covered = false;
        }
    });
}

fn board_column(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    size: f32,
    glyphs: bool,
    out: &mut Out,
    stack_rect: &mut Rect,
) {
    let comps = &obs.comps;
    let diving = g.human_to_act().is_some() && obs.decision == Decision::Dive;
    let mut highlight = 0u32;
    let mut soft = 0u32;
    if let (Some(s), Some(p)) = (g.pick.shore, g.pick.path) {
        highlight |= board().path(s, p).mask;
    } else if let Some(s) = g.pick.shore {
        soft |= board().path(s, PathKind::Short).mask | board().path(s, PathKind::Long).mask;
    }
    // The path under the mouse or the keyboard focus, on the board (last frame) or in the panel.
    let board_path_id = ui.scope_id().with("game-board-hovered-path");
    let board_path: Option<(ShoreId, PathKind)> = ui.data(|d| d.get_temp(board_path_id)).flatten();
    if let Some((s, p)) = g.preview_hover.or(board_path.filter(|_| diving)) {
        highlight = board().path(s, p).mask;
    }
    if let Some(sp) = g.cleared
        && highlight == 0
    {
        highlight |= 1 << sp;
    }
    let solo = obs.solo.then_some(SoloOverlay {
        board: &comps.solo,
        arrow: obs.arrow,
        direction: obs.arrow_direction,
    });
    let mut view = BoardView {
        id: "game-board",
        pool: &obs.pool,
        detail: DiceDetail::Faces,
        highlight,
        soft_highlight: soft,
        pawns: Some(&obs.shores),
        solo,
        shores_clickable: diving,
        chosen_shore: g.pick.shore,
    };
    // Hovering a free shore shows its two paths.
    if diving
        && let Some(s) = g.hover_shore
        && obs.shores[s as usize].is_none()
    {
        view.soft_highlight |=
            board().path(s, PathKind::Short).mask | board().path(s, PathKind::Long).mask;
    }
    let r = view.show_dive(ui, size, g.pick.path);
    g.hover_shore = r.hovered_shore;
    if diving
        && let Some(s) = r.clicked_shore
        && obs.shores[s as usize].is_none()
        && g.pick.shore != Some(s)
    {
        g.pick = super::DivePick {
            shore: Some(s),
            ..Default::default()
        };
    }
    if diving
        && g.pick.shore.is_some()
        && let Some(p) = r.clicked_path
        && g.pick.path != Some(p)
    {
        g.pick.path = Some(p);
        g.pick.confirm_empty = false;
    }
    let hovered = g.pick.shore.zip(r.hovered_path);
    ui.data_mut(|d| d.insert_temp(board_path_id, hovered));
    let _ = out;
    // Token stacks and the piles (solo: the deck and the tempest).
    let resp = ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.label(
                RichText::new(tr("Token stacks (top first)"))
                    .small()
                    .color(theme::TEXT_DIM),
            );
            for c in JarColour::ALL {
                let stack = comps.tokens.stack(c);
                let taken = obs.stack_taken[c.index()] as usize;
                let left: Vec<String> = stack.iter().skip(taken).map(|v| v.to_string()).collect();
                let values = if left.is_empty() {
                    tr("empty").to_string()
                } else {
                    left.join(" ")
                };
                let text = format!("{} {values}", theme::jar_glyph(c));
                let words = trf!(
                    "{colour} token stack, top first: {values}",
                    colour = theme::jar_name(c),
                    values
                );
                let r = ui.label(RichText::new(text).color(theme::jar_colour(c)).monospace());
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
                r.on_hover_text(trf!(
                    "{colour} stack: {count} tokens left",
                    colour = theme::jar_name(c),
                    count = left.len()
                ));
            }
        });
        ui.vertical(|ui| {
            if obs.solo {
                let deck = obs.deck_unknown as usize + obs.deck_bottom.len();
                ui.label(RichText::new(trf!("Deck: {count} cards", count = deck)).strong());
                let t: Vec<String> = JarColour::ALL
                    .iter()
                    .flat_map(|&c| {
                        token_values(comps, c, obs.tempest_tokens[c.index()])
                            .into_iter()
                            .map(move |v| format!("{}{v}", theme::jar_glyph(c)))
                    })
                    .collect();
                ui.label(trf!(
                    "Tempest: tokens {tokens}; dice {dice}",
                    tokens = if t.is_empty() {
                        tr("none").to_string()
                    } else {
                        t.join(" ")
                    },
                    dice = describe_counts(&obs.tempest_dice)
                ));
            } else {
                ui.label(
                    RichText::new(tr("Piles (top card)"))
                        .small()
                        .color(theme::TEXT_DIM),
                );
                if !obs.started && obs.piles.iter().all(|p| p.count == 0) {
                    ui.label(
                        RichText::new(tr("Dealt into four piles after the jar draft."))
                            .color(theme::TEXT_DIM),
                    );
                    return;
                }
                egui::Grid::new("piles").num_columns(2).show(ui, |ui| {
                    for (i, p) in obs.piles.iter().enumerate() {
                        if i == 2 {
                            ui.end_row();
                        }
                        ui.vertical(|ui| {
                            ui.set_min_width(96.0);
                            ui.label(
                                RichText::new(trf!(
                                    "Pile {pile} · {count}",
                                    pile = i + 1,
                                    count = p.count
                                ))
                                .small(),
                            )
                            .on_hover_text(trf!(
                                "Pile {pile}: {count} cards",
                                pile = i + 1,
                                count = p.count
                            ));
                            match p.top {
                                Some(c) => {
                                    jar_card(
                                        ui,
                                        comps,
                                        c,
                                        None,
                                        &trf!("Top of pile {pile}", pile = i + 1),
                                        None,
                                    );
                                }
                                None => {
                                    ui.label(RichText::new(tr("empty")).color(theme::TEXT_DIM));
                                }
                            }
                        });
                    }
                });
            }
        });
    });
    *stack_rect = resp.response.rect;
    let _ = glyphs;
}

fn players_column(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    comps: &Components,
    glyphs: bool,
    show_log: bool,
    rects: &mut [Rect],
) {
    let log_h = if show_log { 220.0 } else { 0.0 };
    let h = (ui.available_height() - log_h - 10.0).max(120.0);
    egui::ScrollArea::vertical()
        .id_salt("players")
        .max_height(h)
        .show(ui, |ui| {
            for s in 0..obs.players {
                let sv = &obs.seats[s as usize];
                let active = s == obs.active && !obs.over;
                let frame = theme::card_frame().stroke(Stroke::new(
                    if active { 2.0 } else { 1.0 },
                    if active { theme::GLOW } else { theme::RIM },
                ));
                let r = frame.show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new(g.name(s))
                                .color(theme::seat_colour(s))
                                .strong(),
                        );
                        if let Some(level) = &g.seats[s as usize].ai {
                            ui.label(
                                RichText::new(ai_level(level))
                                    .small()
                                    .color(theme::TEXT_DIM),
                            );
                        }
                        ui.label(RichText::new(trf!("pawns {count}", count = sv.pawns)).small());
                        if g.thinking() == Some(s) {
                            ui.label(RichText::new(tr("thinking…")).color(theme::GLOW).small());
                        }
                    });
                    ui.horizontal(|ui| {
                        for (slot, jar) in sv.jars.iter().enumerate() {
                            if let Some(j) = jar {
                                jar_card(
                                    ui,
                                    comps,
                                    j.card,
                                    Some(j),
                                    &trf!(
                                        "Jar {slot} of {name}",
                                        slot = slot + 1,
                                        name = g.name(s)
                                    ),
                                    None,
                                );
                            }
                        }
                    });
                    let delivered = sv.delivered.count_ones();
                    let mut toks = Vec::new();
                    for c in JarColour::ALL {
                        for v in token_values(comps, c, sv.tokens[c.index()]) {
                            toks.push(format!("{}{v}", theme::jar_glyph(c)));
                        }
                    }
                    let mut words = Vec::new();
                    for c in JarColour::ALL {
                        for v in token_values(comps, c, sv.tokens[c.index()]) {
                            words.push(trf!(
                                "{colour} {value}",
                                colour = theme::jar_name(c),
                                value = v
                            ));
                        }
                    }
                    let none = || tr("none").to_string();
                    let r = ui.label(
                        RichText::new(trf!(
                            "Delivered {delivered} · tokens {tokens}",
                            delivered,
                            tokens = if toks.is_empty() {
                                none()
                            } else {
                                toks.join(" ")
                            }
                        ))
                        .small(),
                    );
                    let said = trf!(
                        "Delivered {delivered} · tokens {tokens}",
                        delivered,
                        tokens = if words.is_empty() {
                            none()
                        } else {
                            join_list(&words)
                        }
                    );
                    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
                    if let Some(own) = &obs.own
                        && own.seat == s
                        && let Some(f) = own.favourite
                    {
                        ui.label(
                            RichText::new(trf!(
                                "Favourite of {name}: {colour}",
                                name = g.name(s),
                                colour = theme::dice_label(f, glyphs)
                            ))
                            .color(theme::dice_colour(f)),
                        )
                        .on_hover_text(tr(
                            "Secret: only you see it. 1 point per space of this colour on your \
                             delivered jars.",
                        ));
                    }
                });
                rects[s as usize] = r.response.rect;
                ui.add_space(4.0);
            }
        });
    if show_log {
        ui.add_space(4.0);
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr("Game log")).strong());
            let lines = g.replay.as_ref().map_or(&g.log, |r| &r.log);
            let names = g.names();
            egui::ScrollArea::vertical()
                .id_salt("log")
                .max_height(170.0)
                .stick_to_bottom(true)
                .show_rows(ui, 18.0, lines.len(), |ui, range| {
                    // Worded as drawn: only the rows in view, in the current language.
                    for line in &lines[range] {
                        let text = line.words(&g.m.state.comps, &names);
                        ui.add(egui::Label::new(RichText::new(text).small()).truncate());
                    }
                });
        });
    }
}

/// "AI easy": a bot seat's level, in the current language.
fn ai_level(level: &str) -> String {
    match level {
        "random" => tr("AI random").to_string(),
        "easy" => tr("AI easy").to_string(),
        "normal" => tr("AI normal").to_string(),
        "hard" => tr("AI hard").to_string(),
        other => trf!("AI {level}", level = other),
    }
}

fn card_name(comps: &Components, c: CardId) -> String {
    comps.card_label(c)
}

fn decision_panel(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    glyphs: bool,
    now: f64,
    out: &mut Out,
) {
    let comps = obs.comps.clone();
    if let Some(m) = &g.message {
        ui.label(RichText::new(m).color(theme::TEXT_DIM));
    }
    if !g.notes.is_empty() {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            for n in &g.notes {
                ui.label(RichText::new(n.describe(&comps, &|s| g.name(s))).small());
            }
        });
        ui.add_space(4.0);
    }
    if let Some(d) = &g.last_delivery {
        theme::card_frame()
            .stroke(Stroke::new(1.5, theme::GOOD))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new(d.describe(&comps, &|s| g.name(s))).color(theme::GOOD));
            });
        ui.add_space(4.0);
    }
    let Some(s) = g.human_to_act() else {
        if let Some(s) = g.to_act() {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    if g.thinking().is_some() {
                        ui.label(trf!("{name} is thinking…", name = g.name(s)));
                    } else {
                        ui.label(trf!("{name}'s move…", name = g.name(s)));
                    }
                });
                if ui
                    .button(tr("Skip ahead"))
                    .on_hover_text(tr("Show the AI moves without waiting"))
                    .clicked()
                {
                    g.skip_ai = true;
                }
            });
        }
        return;
    };
    let me = g.name(s);
    let legal = g.m.state.legal_actions();
    // Digit keys choose among the buttons of a decision (not while diving: there they call
    // the number).
    let digit = if obs.decision == Decision::Dive {
        None
    } else {
        digit_pressed(ui)
    };
    theme::card_frame()
        .stroke(Stroke::new(1.5, theme::GLOW))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            match obs.decision {
                Decision::Draft => {
                    ui.label(RichText::new(trf!("{name}: jar draft", name = me)).heading());
                    ui.label(tr(
                        "Keep two of these three jar cards: choose the one to set aside.",
                    ));
                    if let Some(own) = &obs.own {
                        for (i, c) in own.draft.iter().flatten().enumerate() {
                            ui.horizontal(|ui| {
                                jar_card(ui, &comps, *c, None, tr("Draft card"), None);
                                let label = trf!("Set aside {card}", card = card_name(&comps, *c));
                                if ui.button(&label).on_hover_text(key_hint(i + 1)).clicked()
                                    || digit == Some(i + 1)
                                {
                                    out.action = Some(Action::Draft { set_aside: *c });
                                }
                            });
                        }
                    }
                }
                Decision::Dive => dive_panel(ui, g, obs, &me, out),
                Decision::Store { colour } => {
                    ui.label(
                        RichText::new(trf!(
                            "{name}: store one {colour} die",
                            name = me,
                            colour = colour.label()
                        ))
                        .heading(),
                    );
                    ui.label(tr(
                        "Both jars have room for it: choose the jar that receives it (click, or \
                         key 1 or 2).",
                    ));
                    jar_choice(ui, &comps, obs, s, &legal, digit, out, |slot| {
                        (
                            Action::Store { colour, slot },
                            trf!("Store in jar {slot}", slot = slot + 1),
                        )
                    });
                }
                Decision::PassOffer { dice, lap } => {
                    ui.label(RichText::new(trf!("{name}: passed dice", name = me)).heading());
                    if lap > 1 {
                        ui.label(
                            RichText::new(trf!(
                                "{lap}: somebody placed a die last time, so the dice left go \
                                 round the table again.",
                                lap = theme::capitalised(&lap_words(lap))
                            ))
                            .strong()
                            .color(theme::GLOW),
                        );
                    }
                    ui.label(trf!(
                        "{name} could not store every die collected. Still being passed: \
                         {dice}. You may place one of them, or take none.",
                        name = g.name(obs.active),
                        dice = describe_counts(&dice)
                    ));
                    ui.horizontal_wrapped(|ui| {
                        for (i, a) in legal.iter().enumerate() {
                            let label = match a {
                                Action::Take { colour, slot } => trf!(
                                    "Take {colour} into jar {slot}",
                                    colour = theme::dice_label(*colour, glyphs),
                                    slot = slot + 1
                                ),
                                _ => tr("Take none").to_string(),
                            };
                            if ui.button(label).on_hover_text(key_hint(i + 1)).clicked()
                                || digit == Some(i + 1)
                            {
                                out.action = Some(*a);
                            }
                        }
                    });
                }
                Decision::DeliverOrder => {
                    ui.label(RichText::new(trf!("{name}: deliver", name = me)).heading());
                    ui.label(tr(
                        "Both your jars are full. Which do you deliver first? (Click, or key 1 \
                         or 2.)",
                    ));
                    jar_choice(ui, &comps, obs, s, &legal, digit, out, |slot| {
                        (
                            Action::Deliver { slot },
                            trf!("Deliver jar {slot} first", slot = slot + 1),
                        )
                    });
                }
                Decision::ChoosePile => {
                    ui.label(RichText::new(trf!("{name}: a new jar", name = me)).heading());
                    ui.label(tr(
                        "Take the top card of a pile as your new jar (click, or the pile's \
                         number key).",
                    ));
                    ui.horizontal_wrapped(|ui| {
                        for a in &legal {
                            if let Action::TakePile { pile } = a
                                && let Some(top) = obs.piles[*pile as usize].top
                            {
                                let number = *pile as usize + 1;
                                ui.vertical(|ui| {
                                    ui.label(
                                        RichText::new(trf!("Pile {pile}", pile = number)).small(),
                                    );
                                    let r = jar_card(
                                        ui,
                                        &comps,
                                        top,
                                        None,
                                        &trf!("Take pile {pile}", pile = number),
                                        Some(Some(number)),
                                    );
                                    if r.clicked() || digit == Some(number) {
                                        out.action = Some(*a);
                                    }
                                });
                            }
                        }
                    });
                }
                Decision::SoloKeep { .. } => {
                    ui.label(RichText::new(trf!("{name}: a new jar", name = me)).heading());
                    ui.label(tr(
                        "Keep one of the two cards; the other goes to the bottom of the deck.",
                    ));
                    let keeps = legal
                        .iter()
                        .filter(|a| matches!(a, Action::SoloKeep { .. }));
                    for (i, a) in keeps.enumerate() {
                        if let Action::SoloKeep { card } = a {
                            ui.horizontal(|ui| {
                                jar_card(ui, &comps, *card, None, tr("Drawn card"), None);
                                if ui
                                    .button(trf!("Keep {card}", card = card_name(&comps, *card)))
                                    .on_hover_text(key_hint(i + 1))
                                    .clicked()
                                    || digit == Some(i + 1)
                                {
                                    out.action = Some(*a);
                                }
                            });
                        }
                    }
                }
                Decision::Chance(_) | Decision::GameOver => {}
            }
        });
    let _ = now;
}

/// The diver's jars as buttons, for the legal slots; key 1 or 2 chooses the slot.
#[allow(clippy::too_many_arguments)]
fn jar_choice(
    ui: &mut egui::Ui,
    comps: &Components,
    obs: &Observation,
    s: Seat,
    legal: &[Action],
    digit: Option<usize>,
    out: &mut Out,
    make: impl Fn(u8) -> (Action, String),
) {
    ui.horizontal(|ui| {
        for slot in 0..2u8 {
            let (a, label) = make(slot);
            if !legal.contains(&a) {
                continue;
            }
            if let Some(j) = &obs.seats[s as usize].jars[slot as usize] {
                let number = slot as usize + 1;
                ui.vertical(|ui| {
                    ui.label(RichText::new(trf!("Jar {slot}", slot = number)).small());
                    if jar_card(ui, comps, j.card, Some(j), &label, Some(Some(number))).clicked()
                        || digit == Some(number)
                    {
                        out.action = Some(a);
                    }
                });
            }
        }
    });
}

fn dive_panel(ui: &mut egui::Ui, g: &mut Game, obs: &Observation, me: &str, out: &mut Out) {
    ui.label(RichText::new(trf!("{name}: dive", name = me)).heading());
    ui.label(
        RichText::new(tr(
            "Keys: Tab to the shores on the board; ←/→ shore, ↑/↓ path, 1–6 number, Enter \
             dives.",
        ))
        .small()
        .color(theme::TEXT_DIM),
    );
    g.preview_hover = None;
    let options = obs.dive_options(obs.active);
    let free: Vec<ShoreId> = (0..SHORE_COUNT as ShoreId)
        .filter(|&s| obs.shores[s as usize].is_none())
        .collect();
    // Keyboard: ←/→ shore, ↑/↓ path and Enter to dive while nothing has the focus (a focused
    // board button, slider or button takes those keys itself); 1–6 number at any time.
    let mut focus_dive = false;
    if !ui.ctx().text_edit_focused() {
        let unfocused = ui.memory(|m| m.focused().is_none());
        let keys = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowRight),
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowUp) || i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::Enter),
            )
        });
        let (right, left, updown, enter) = if unfocused {
            keys
        } else {
            (false, false, false, false)
        };
        let num = digit_pressed(ui).filter(|&d| d <= 6);
        if (right || left) && !free.is_empty() {
            let cur = g.pick.shore.and_then(|s| free.iter().position(|&f| f == s));
            let next = match (cur, right) {
                (None, true) => 0,
                (None, false) => free.len() - 1,
                (Some(k), true) => (k + 1) % free.len(),
                (Some(k), false) => (k + free.len() - 1) % free.len(),
            };
            g.pick = super::DivePick {
                shore: Some(free[next]),
                ..Default::default()
            };
        }
        if updown && g.pick.shore.is_some() {
            g.pick.path = Some(match g.pick.path {
                Some(PathKind::Short) => PathKind::Long,
                _ => PathKind::Short,
            });
            g.pick.confirm_empty = false;
        }
        if let Some(k) = num
            && g.pick.path.is_some()
        {
            g.pick.number = Some(k as u8);
            g.pick.confirm_empty = false;
            // On to the Dive button: Enter then dives.
            focus_dive = true;
        }
        if enter && let Some(a) = commit(g, &options) {
            out.action = Some(a);
        }
    }
    // Step 1: shore.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr("Shore")).strong());
        match g.pick.shore {
            Some(s) => {
                ui.label(RichText::new(shore_name(s)).color(theme::GLOW).strong());
            }
            None => {
                ui.label(
                    RichText::new(tr(
                        "click a free shore on the board, or Tab to one (←/→ move between them)",
                    ))
                    .color(theme::TEXT_DIM),
                );
            }
        }
    });
    let Some(shore) = g.pick.shore else {
        preview(ui, g, &options);
        return;
    };
    // Step 2: path.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr("Path")).strong());
        for p in PathKind::ALL {
            let label = path_button(p);
            let tip = format!(
                "{}\n{}",
                crate::app::board::path_label(shore, p),
                tr("Keys: ↑/↓ choose the short or long path")
            );
            let r = ui
                .selectable_label(g.pick.path == Some(p), label)
                .on_hover_text(tip);
            if r.hovered() || r.has_focus() {
                g.preview_hover = Some((shore, p));
            }
            if r.clicked() {
                g.pick.path = Some(p);
                g.pick.confirm_empty = false;
            }
        }
    });
    // Step 3: number.
    if let Some(path) = g.pick.path {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr("Number")).strong());
            for n in 1..=6u8 {
                let r = ui.selectable_label(g.pick.number == Some(n), n.to_string());
                let label = trf!("Number {n}", n);
                r.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::Button,
                        true,
                        g.pick.number == Some(n),
                        &label,
                    )
                });
                if r.on_hover_text(key_hint(n as usize)).clicked() {
                    g.pick.number = Some(n);
                    g.pick.confirm_empty = false;
                }
            }
        });
        if let Some(n) = g.pick.number
            && let Some(o) = options
                .iter()
                .find(|o| o.shore == shore && o.path == path && o.number == n)
        {
            ui.horizontal_wrapped(|ui| {
                counts_label(ui, &o.yields.collected);
                ui.label(if obs.solo {
                    trf!(
                        "{total} dice: {fit} fit your jars, {passed} into the tempest",
                        total = o.yields.total(),
                        fit = o.yields.fit(),
                        passed = o.yields.passed_total()
                    )
                } else {
                    trf!(
                        "{total} dice: {fit} fit your jars, {passed} go round the table (the \
                         others have room for {room} of them; the rest go to the supply)",
                        total = o.yields.total(),
                        fit = o.yields.fit(),
                        passed = o.yields.passed_total(),
                        room = o.yields.others_can_take()
                    )
                });
            });
            if g.pick.confirm_empty {
                theme::warning_frame().show(ui, |ui| {
                    ui.label(format!(
                        "{} {}",
                        theme::WARNING_GLYPH,
                        trf!(
                            "This dive collects nothing. It still uses a pawn and blocks {shore}.",
                            shore = shore_name(shore)
                        )
                    ));
                    ui.horizontal(|ui| {
                        let anyway = ui.button(tr("Dive anyway")).on_hover_text(tr("Key: Enter"));
                        if ui.memory(|m| m.focused().is_none()) {
                            // Enter now confirms.
                            anyway.request_focus();
                            ui.ctx().request_repaint();
                        }
                        if anyway.clicked() {
                            out.action = Some(Action::Dive {
                                shore,
                                path,
                                number: n,
                            });
                        }
                        if ui
                            .button(tr("Choose again"))
                            .on_hover_text(tr("Keep the shore and path, and call another number"))
                            .clicked()
                        {
                            g.pick.confirm_empty = false;
                            g.pick.number = None;
                        }
                    });
                });
            } else {
                let r = ui
                    .button(RichText::new(tr("Dive")).strong().size(18.0))
                    .on_hover_text(tr("Dive with this shore, path and number. Key: Enter"));
                if focus_dive {
                    r.request_focus();
                    ui.ctx().request_repaint();
                }
                if r.clicked()
                    && let Some(a) = commit(g, &options)
                {
                    out.action = Some(a);
                }
            }
        }
    }
    preview(ui, g, &options);
}

/// "Short path" / "Long path", the path buttons of the dive panel.
fn path_button(p: PathKind) -> &'static str {
    match p {
        PathKind::Short => tr("Short path"),
        PathKind::Long => tr("Long path"),
    }
}

/// The dive as picked, or `None` (and the empty-dive warning) when it collects nothing.
fn commit(g: &mut Game, options: &[DiveOption]) -> Option<Action> {
    let (Some(shore), Some(path), Some(number)) = (g.pick.shore, g.pick.path, g.pick.number) else {
        return None;
    };
    let o = options
        .iter()
        .find(|o| o.shore == shore && o.path == path && o.number == number)?;
    if o.yields.total() == 0 && !g.pick.confirm_empty {
        g.pick.confirm_empty = true;
        return None;
    }
    Some(Action::Dive {
        shore,
        path,
        number,
    })
}

/// Every free shore × path × number: what it collects and where the dice go. Sortable;
/// hovering a row lights its path on the board, clicking it picks the dive.
fn preview(ui: &mut egui::Ui, g: &mut Game, options: &[DiveOption]) {
    ui.add_space(6.0);
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(RichText::new(tr("Dive preview")).strong())
            .on_hover_text(tr(
                "Every dive open to you. Tab to a row and press Enter (or click it) to pick it.",
            ));
        ui.checkbox(&mut g.show_empty_dives, tr("Show empty dives"));
    });
    let mut rows: Vec<&DiveOption> = options
        .iter()
        .filter(|o| g.show_empty_dives || o.yields.total() > 0)
        .collect();
    let (key, desc) = g.sort;
    rows.sort_by(|a, b| {
        let k = |o: &DiveOption| match key {
            PreviewSort::Dive => 0i32,
            PreviewSort::Dice => o.yields.total() as i32,
            PreviewSort::Fit => o.yields.fit() as i32,
            PreviewSort::Passed => o.yields.passed_total() as i32,
        };
        let ord = k(a).cmp(&k(b));
        let ord = if desc { ord.reverse() } else { ord };
        ord.then((a.shore, a.path.index(), a.number).cmp(&(b.shore, b.path.index(), b.number)))
    });
    let widths = [110.0, 130.0, 50.0, 50.0, 60.0];
    ui.horizontal(|ui| {
        for (i, (col, title)) in [
            (PreviewSort::Dive, crate::i18n::n("Dive")),
            (PreviewSort::Dice, crate::i18n::n("Colours")),
            (PreviewSort::Dice, crate::i18n::n("Dice")),
            (PreviewSort::Fit, crate::i18n::n("Fit")),
            (PreviewSort::Passed, crate::i18n::n("Passed")),
        ]
        .into_iter()
        .enumerate()
        {
            let mark = if key == col && i != 1 {
                if desc { " ▼" } else { " ▲" }
            } else {
                ""
            };
            let title = tr(title);
            let r = ui.add_sized(
                vec2(widths[i], 22.0),
                egui::Button::new(RichText::new(format!("{title}{mark}")).small()).frame(false),
            );
            let label = trf!("Sort by {column}", column = title);
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            let r = if col == PreviewSort::Passed {
                r.on_hover_text(if g.m.state.is_solo() {
                    tr("Dice that do not fit your jars: they go into the tempest.")
                } else {
                    tr(
                        "Dice that do not fit your jars: they go round the table, lap after \
                        lap, while somebody places one; what nobody can place goes to the supply.",
                    )
                })
            } else {
                r
            };
            if r.clicked() {
                g.sort = if key == col {
                    (col, !desc)
                } else {
                    (col, col != PreviewSort::Dive)
                };
            }
        }
    });
    let mut hovered = None;
    let mut picked = None;
    egui::ScrollArea::vertical()
        .id_salt("preview")
        .max_height(ui.available_height().clamp(140.0, 320.0))
        .show_rows(ui, 22.0, rows.len(), |ui, range| {
            for o in &rows[range] {
                let chosen = g.pick.shore == Some(o.shore)
                    && g.pick.path == Some(o.path)
                    && g.pick.number == Some(o.number);
                let (rect, resp) = ui.allocate_exact_size(
                    vec2(widths.iter().sum::<f32>() + 30.0, 22.0),
                    Sense::click(),
                );
                if resp.hovered() || resp.has_focus() || chosen {
                    ui.painter().rect_filled(rect, 3.0, theme::SHALLOWS_HOVER);
                }
                if resp.has_focus() {
                    focus_ring_rect(ui.painter(), rect.shrink(3.5), 3.0);
                }
                let mut x = rect.left() + 4.0;
                let y = rect.center().y;
                let font = egui::FontId::proportional(14.0);
                let p = ui.painter();
                p.text(
                    pos2(x, y),
                    egui::Align2::LEFT_CENTER,
                    match o.path {
                        PathKind::Short => trf!(
                            "{shore} short {number}",
                            shore = shore_name(o.shore),
                            number = o.number
                        ),
                        PathKind::Long => trf!(
                            "{shore} long {number}",
                            shore = shore_name(o.shore),
                            number = o.number
                        ),
                    },
                    font.clone(),
                    theme::TEXT,
                );
                x += widths[0] + 8.0;
                let mut cx = x;
                for c in DiceColour::ALL {
                    let n = o.yields.collected[c.index()];
                    if n == 0 {
                        continue;
                    }
                    let t = format!("{}{}", theme::dice_glyph(c), n);
                    let g = p.layout_no_wrap(t, font.clone(), theme::dice_colour(c));
                    let w = g.size().x;
                    p.galley(pos2(cx, y - g.size().y / 2.0), g, Color32::WHITE);
                    cx += w + 6.0;
                }
                x += widths[1] + 8.0;
                for (i, v) in [o.yields.total(), o.yields.fit(), o.yields.passed_total()]
                    .into_iter()
                    .enumerate()
                {
                    let colour = if i == 2 && v > 0 {
                        theme::WARNING
                    } else {
                        theme::TEXT
                    };
                    p.text(
                        pos2(x, y),
                        egui::Align2::LEFT_CENTER,
                        v.to_string(),
                        font.clone(),
                        colour,
                    );
                    x += widths[2 + i] + 8.0;
                }
                let (shore, number) = (shore_name(o.shore), o.number);
                let (total, fit, passed) =
                    (o.yields.total(), o.yields.fit(), o.yields.passed_total());
                let label = match o.path {
                    PathKind::Short => trf!(
                        "Dive at {shore}, short path, number {number}: {total} dice, {fit} fit, \
                         {passed} passed",
                        shore,
                        number,
                        total,
                        fit,
                        passed
                    ),
                    PathKind::Long => trf!(
                        "Dive at {shore}, long path, number {number}: {total} dice, {fit} fit, \
                         {passed} passed",
                        shore,
                        number,
                        total,
                        fit,
                        passed
                    ),
                };
                resp.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::Button, true, chosen, &label)
                });
                let resp = resp.on_hover_text(tr("Click, or Enter when focused: pick this dive"));
                if resp.hovered() || resp.has_focus() {
                    hovered = Some((o.shore, o.path));
                }
                if resp.clicked() {
                    picked = Some(**o);
                }
            }
        });
    if hovered.is_some() {
        g.preview_hover = hovered;
    }
    if let Some(o) = picked {
        g.pick = super::DivePick {
            shore: Some(o.shore),
            path: Some(o.path),
            number: Some(o.number),
            confirm_empty: false,
        };
    }
}

/// The end screen: the engine's final score, as the score calculator shows it.
fn end_panel(ui: &mut egui::Ui, g: &mut Game, glyphs: bool, out: &mut Out) {
    let eval = Evaluation {
        input: g.m.state.score_input(),
        result: g.m.state.final_score(),
        problems: Vec::new(),
        names: g.names(),
    };
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(tr("The game is over"))
                .heading()
                .color(theme::GLOW),
        );
        score_summary(ui, &eval, glyphs);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button(tr("Replay step by step"))
                .on_hover_text(tr("Step through the game again, decision by decision"))
                .clicked()
            {
                g.start_replay();
            }
            if ui.button(tr("New game")).clicked() {
                out.new_game = true;
            }
        });
    });
}

fn replay_panel(ui: &mut egui::Ui, g: &mut Game, obs: &Observation, _glyphs: bool, _out: &mut Out) {
    let Some(r) = &g.replay else { return };
    let (at, n) = (r.at, r.steps.len());
    let mut to = None;
    let mut own_focus = false;
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(tr("Replay")).heading().color(theme::GLOW));
        ui.label(trf!(
            "Step {at} of {count}",
            at,
            count = n.saturating_sub(1)
        ));
        ui.label(RichText::new(describe_next(obs)).color(theme::TEXT_DIM));
        ui.horizontal(|ui| {
            let back = ui
                .add_enabled(at > 0, egui::Button::new(tr("← Step back")))
                .on_hover_text(tr("Key: ←"));
            if back.clicked() {
                to = Some(at - 1);
            }
            let forward = ui
                .add_enabled(at + 1 < n, egui::Button::new(tr("Step forward →")))
                .on_hover_text(tr("Key: →"));
            if forward.clicked() {
                to = Some(at + 1);
            }
            let scores = ui.button(tr("Back to the scores"));
            if scores.clicked() {
                g.replay = None;
            }
            for r in [&back, &forward, &scores] {
                if r.has_focus() {
                    // ←/→ step the replay here rather than move the focus.
                    ui.memory_mut(|m| {
                        m.set_focus_lock_filter(
                            r.id,
                            egui::EventFilter {
                                horizontal_arrows: true,
                                ..Default::default()
                            },
                        )
                    });
                    own_focus = true;
                }
            }
        });
    });
    // ←/→ step, with the focus on nothing or on the replay's buttons (elsewhere the arrows
    // belong to the focused widget).
    let keys = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowLeft),
            i.key_pressed(egui::Key::ArrowRight),
        )
    });
    let keys = if own_focus || ui.memory(|m| m.focused().is_none()) {
        keys
    } else {
        (false, false)
    };
    if keys.0 && at > 0 {
        to = Some(at - 1);
    }
    if keys.1 && at + 1 < n {
        to = Some(at + 1);
    }
    if let Some(t) = to {
        g.replay_to(t);
    }
}

/// What the replay shows next, as a line.
fn describe_next(obs: &Observation) -> String {
    match obs.decision {
        Decision::GameOver => tr("Next: the game is over").to_string(),
        Decision::Draft => tr("Next: the jar draft").to_string(),
        Decision::Dive => trf!("Next: seat {seat} dives", seat = obs.active + 1),
        _ => tr("Next: a decision").to_string(),
    }
}
