//! The pool, painted as the real board is shaped: 18 hex spaces around the island, the 12
//! shores, and the dice on each space with their pips. Pips are drawn in the colour's own
//! shape (orange ●, green ▲, purple ◆, blue ■), so a die's colour never depends on colour
//! vision; without faces the shape is drawn large. Every space, shore and path choice carries
//! an accessible label in the current language ("Outer space O7: orange 3, blue 3, …"), so
//! screen readers and tests can find them.
//!
//! While a dive is being chosen, the free shores and then the chosen shore's two paths are
//! buttons that take the keyboard focus (Tab), answer Enter and Space, and move with the arrow
//! keys: ←/→ the previous or next free shore, ↑/↓ the short or long path.

use super::theme;
use crate::engine::board::{
    PathKind, SHORE_COUNT, SPACE_COUNT, ShoreId, SpaceId, axial_to_xy, board, is_inner, shore_name,
    space_name,
};
use crate::engine::components::SoloBoard;
use crate::engine::state::{Pawn, SpaceDice};
use crate::engine::types::{DiceColour, Die, Direction};
use crate::i18n::tr;
use crate::trf;
use crate::words::{Label, join_list};
use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2, pos2, vec2};

/// What the dice show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceDetail {
    Faces,
    ColoursOnly,
}

/// The numbered (solo) side: section tints, space numbers and the marker's arrow.
#[derive(Clone, Copy)]
pub struct SoloOverlay<'a> {
    pub board: &'a SoloBoard,
    pub arrow: u8,
    pub direction: Direction,
}

/// Everything the board shows.
pub struct BoardView<'a> {
    /// An id unique among the boards on screen.
    pub id: &'a str,
    pub pool: &'a [SpaceDice; SPACE_COUNT],
    pub detail: DiceDetail,
    /// Spaces to outline (bit per space).
    pub highlight: u32,
    /// A second, softer highlight (bit per space), e.g. a hovered path.
    pub soft_highlight: u32,
    pub pawns: Option<&'a [Option<Pawn>; SHORE_COUNT]>,
    pub solo: Option<SoloOverlay<'a>>,
    /// Shores can be clicked.
    pub shores_clickable: bool,
    /// Shores to mark as chosen.
    pub chosen_shore: Option<ShoreId>,
    /// Give the keyboard to the board this frame: the chosen shore, else the first free one.
    pub take_focus: bool,
    /// The number a dive calls: on the lit spaces (`highlight`), the dice showing it are
    /// ringed, and each such space says how many the dive collects there.
    pub collect_face: Option<u8>,
}

/// What happened on the board this frame.
#[derive(Default, Debug)]
pub struct BoardResponse {
    /// A shore chosen by click, Enter or Space, or by an arrow key from a focused shore or path.
    pub clicked_shore: Option<ShoreId>,
    pub hovered_shore: Option<ShoreId>,
    pub hovered_space: Option<SpaceId>,
    /// A path of the chosen shore chosen by click, Enter or Space, or by ↑/↓.
    pub clicked_path: Option<PathKind>,
    /// The path under the mouse or with the keyboard focus (its spaces may be lit).
    pub hovered_path: Option<PathKind>,
}

/// Where a screen puts its board and its side column (the seeder, the solo companion).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoardLayout {
    /// Side by side: the board as tall as the screen allows, the column beside it.
    Beside { board: f32, side: f32 },
    /// One above the other, in one scrolling page: where beside it the board would shrink
    /// below `STACK_BELOW` (a large text size, a narrow window or the rules beside).
    Stacked { board: f32, side: f32 },
}

/// The smallest board kept beside a side column, in points.
pub const STACK_BELOW: f32 = 320.0;

impl BoardLayout {
    /// The layout for `avail`, with a side column of at most `side_max` points.
    pub fn for_space(avail: Vec2, side_max: f32) -> BoardLayout {
        let beside = avail.y.min(avail.x - side_max - 12.0);
        if beside >= STACK_BELOW {
            BoardLayout::Beside {
                board: beside,
                side: (avail.x - beside - 12.0).clamp(260.0, side_max),
            }
        } else {
            // Room left for the page's scroll bar.
            let width = (avail.x - 16.0).max(240.0);
            BoardLayout::Stacked {
                board: width.min(avail.y.max(STACK_BELOW)).max(240.0),
                side: width.min(side_max.max(560.0)),
            }
        }
    }
}

/// "Outer space O7: orange 3, blue 3, blue 6" (or "…: orange, blue, blue", or "…: empty").
pub fn space_label(space: SpaceId, dice: &SpaceDice, detail: DiceDetail) -> String {
    let dice = match crate::words::space_dice(dice, detail == DiceDetail::Faces) {
        words if words.is_empty() => tr("empty").to_string(),
        words => words,
    };
    let name = space_name(space);
    if is_inner(space) {
        trf!("Inner space {space}: {dice}", space = name, dice)
    } else {
        trf!("Outer space {space}: {dice}", space = name, dice)
    }
}

/// "orange section, number 6": where `space` sits on the numbered (solo) side of the board.
pub fn solo_space_words(
    board: &crate::engine::components::SoloBoard,
    space: SpaceId,
) -> Option<String> {
    board.sections.iter().find_map(|s| {
        let n = s.spaces.iter().position(|&x| x == space)?;
        Some(trf!(
            "{colour} section, number {number}",
            colour = s.colour.label(),
            number = n + 1
        ))
    })
}

/// "Shore S4" for a free shore, or who blocks it.
/// Temporary data (under `Id::unique` of this): a shore or a path of the board drawn last has
/// the keyboard.
pub const KEYBOARD_ON_BOARD: &str = "keyboard-on-board";

pub fn shore_label(shore: ShoreId, pawn: Option<Pawn>, solo: bool) -> String {
    let name = shore_name(shore);
    match pawn {
        None => trf!("Shore {shore}", shore = name),
        Some(p) if solo && p.round == 1 => {
            trf!(
                "Shore {shore}, blocked by a pawn from round 1",
                shore = name
            )
        }
        Some(p) => trf!(
            "Shore {shore}, taken by seat {seat}",
            shore = name,
            seat = p.seat + 1
        ),
    }
}

/// "Short path from S4: O5, O6, O7" (the spaces in the order the path runs).
pub fn path_label(shore: ShoreId, path: PathKind) -> String {
    let spaces: Vec<String> = board()
        .path(shore, path)
        .spaces()
        .iter()
        .map(|&sp| space_name(sp))
        .collect();
    let spaces = join_list(&spaces);
    let shore = shore_name(shore);
    match path {
        PathKind::Short => trf!("Short path from {shore}: {spaces}", shore, spaces),
        PathKind::Long => trf!("Long path from {shore}: {spaces}", shore, spaces),
    }
}

/// Arrows on a focused board button stay with the board (egui would move the focus).
const ARROWS: egui::EventFilter = egui::EventFilter {
    tab: false,
    horizontal_arrows: true,
    vertical_arrows: true,
    escape: false,
};

/// What the arrow keys ask of a focused shore or path button.
enum ArrowKey {
    /// ← or →: free shores to step over (forward with →; each press one shore).
    Shore { steps: usize, forward: bool },
    /// ↑ (the short path) or ↓ (the long one) of this shore, whichever was pressed last.
    Path(PathKind),
}

/// The arrow keys pressed on the focused board button `id` this frame, if any (and if no other
/// button has used them: one press, one step, however many presses a frame brings). Keeps
/// the arrows from moving egui's focus, also in the first frame after the keyboard came to
/// `id` (before its filter holds).
fn arrow_key(ui: &egui::Ui, id: egui::Id, key_used: &mut bool) -> Option<ArrowKey> {
    ui.memory_mut(|m| m.set_focus_lock_filter(id, ARROWS));
    if *key_used {
        return None;
    }
    let key = ui.input(|i| {
        let (left, right) = (
            i.num_presses(egui::Key::ArrowLeft),
            i.num_presses(egui::Key::ArrowRight),
        );
        if left != right {
            Some(ArrowKey::Shore {
                steps: left.abs_diff(right),
                forward: right > left,
            })
        } else {
            vertical_path(i).map(ArrowKey::Path)
        }
    });
    if key.is_some() {
        ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
    }
    *key_used = key.is_some();
    key
}

/// The path a key asks for this frame: ↑ or S the short path, ↓ or L the long one (the last
/// pressed when two came in one frame). Always the same key for the same path, at every shore,
/// whichever way the path's arrow points on the board (S and L, named for the paths, had been
/// wanted where ↓ picked a path drawn going left).
pub fn vertical_path(i: &egui::InputState) -> Option<PathKind> {
    let mut out = None;
    for e in &i.events {
        if let egui::Event::Key {
            key,
            pressed: true,
            modifiers,
            ..
        } = e
        {
            let plain = !modifiers.command && !modifiers.alt;
            match key {
                egui::Key::ArrowUp => out = Some(PathKind::Short),
                egui::Key::ArrowDown => out = Some(PathKind::Long),
                egui::Key::S if plain => out = Some(PathKind::Short),
                egui::Key::L if plain => out = Some(PathKind::Long),
                _ => {}
            }
        }
    }
    out
}

/// A clear ring around a round painted button that has the keyboard focus.
pub fn focus_ring_circle(painter: &egui::Painter, c: Pos2, r: f32) {
    painter.circle_stroke(c, r + 2.0, Stroke::new(2.0, theme::WATER_DEEP));
    painter.circle_stroke(c, r + 4.5, Stroke::new(2.5, theme::GLOW));
}

/// A clear ring around a rectangular painted button that has the keyboard focus.
pub fn focus_ring_rect(painter: &egui::Painter, rect: Rect, radius: f32) {
    painter.rect_stroke(
        rect.expand(1.5),
        radius,
        Stroke::new(2.0, theme::WATER_DEEP),
        egui::StrokeKind::Outside,
    );
    painter.rect_stroke(
        rect.expand(3.5),
        radius + 2.0,
        Stroke::new(2.5, theme::GLOW),
        egui::StrokeKind::Outside,
    );
}

/// Board geometry inside a square.
struct Geometry {
    centre: Pos2,
    r: f32,
}

impl Geometry {
    fn new(rect: Rect) -> Geometry {
        let side = rect.width().min(rect.height());
        Geometry {
            centre: rect.center(),
            r: side / 8.9,
        }
    }

    fn at(&self, h: (i32, i32)) -> Pos2 {
        let (x, y) = axial_to_xy(h);
        self.centre + vec2(x as f32, y as f32) * self.r
    }

    fn shore(&self, s: ShoreId) -> Pos2 {
        let p = self.at(board().shore_axial[s as usize]);
        self.centre + (p - self.centre) * 0.9
    }

    fn space(&self, s: SpaceId) -> Pos2 {
        self.at(board().space_axial[s as usize])
    }
}

fn hexagon(centre: Pos2, r: f32) -> Vec<Pos2> {
    (0..6)
        .map(|k| {
            let a = std::f32::consts::PI / 180.0 * (60.0 * k as f32 - 30.0);
            centre + vec2(a.cos(), a.sin()) * r
        })
        .collect()
}

/// The glyph shape of a colour, centred at `c`, of size `s` (about its width).
pub fn paint_glyph(painter: &egui::Painter, c: Pos2, s: f32, colour: DiceColour, fill: Color32) {
    let h = s / 2.0;
    match colour {
        DiceColour::Orange => {
            painter.circle_filled(c, h * 0.95, fill);
        }
        DiceColour::Green => {
            painter.add(Shape::convex_polygon(
                vec![
                    c + vec2(0.0, -h * 1.05),
                    c + vec2(h * 1.05, h * 0.8),
                    c + vec2(-h * 1.05, h * 0.8),
                ],
                fill,
                Stroke::NONE,
            ));
        }
        DiceColour::Purple => {
            painter.add(Shape::convex_polygon(
                vec![
                    c + vec2(0.0, -h * 1.15),
                    c + vec2(h * 1.0, 0.0),
                    c + vec2(0.0, h * 1.15),
                    c + vec2(-h * 1.0, 0.0),
                ],
                fill,
                Stroke::NONE,
            ));
        }
        DiceColour::Blue => {
            painter.rect_filled(Rect::from_center_size(c, Vec2::splat(s * 0.85)), 0.0, fill);
        }
    }
}

/// One die: a glowing square with pips in the colour's shape (or the shape alone).
pub fn paint_die(painter: &egui::Painter, rect: Rect, die: Die, detail: DiceDetail) {
    let base = theme::dice_colour(die.colour);
    painter.rect_filled(
        rect.expand(rect.width() * 0.12),
        5.0,
        base.gamma_multiply(0.22),
    );
    painter.rect_filled(rect, 4.0, base);
    painter.rect_stroke(
        rect,
        4.0,
        Stroke::new(1.0, Color32::from_black_alpha(140)),
        egui::StrokeKind::Inside,
    );
    let ink = theme::WATER_DEEP;
    match detail {
        DiceDetail::ColoursOnly => {
            paint_glyph(painter, rect.center(), rect.width() * 0.5, die.colour, ink);
        }
        DiceDetail::Faces => {
            let w = rect.width();
            let size = if die.face == 1 { w * 0.3 } else { w * 0.2 };
            for &(fx, fy) in crate::seeder::pip_positions(die.face) {
                let p = rect.left_top() + vec2(fx, fy) * w;
                paint_glyph(painter, p, size, die.colour, ink);
            }
        }
    }
}

impl BoardView<'_> {
    /// Draws the board into `size` × `size` points.
    pub fn show(&self, ui: &mut egui::Ui, size: f32) -> BoardResponse {
        self.show_dive(ui, size, None)
    }

    /// Draws the board; while shores can be chosen and one is, its two paths are drawn as
    /// buttons too, `path` (the one chosen so far) lit.
    pub fn show_dive(&self, ui: &mut egui::Ui, size: f32, path: Option<PathKind>) -> BoardResponse {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
        let g = Geometry::new(rect);
        let painter = ui.painter_at(rect.expand(8.0));
        let mut out = BoardResponse::default();

        // Sections of the numbered side, tinted under the spaces.
        let section_of = |sp: SpaceId| self.solo.and_then(|s| s.board.locate(sp));

        // Keyboard: one arrow press moves one step, however many buttons see it this frame.
        let mut key_used = false;
        let shore_id = |s: ShoreId| ui.scope_id().with((self.id, "shore", s));
        let path_id = |s: ShoreId, p: PathKind| ui.scope_id().with((self.id, "path", s, p.index()));
        let free: Vec<ShoreId> = (0..SHORE_COUNT as ShoreId)
            .filter(|&s| self.pawns.is_none_or(|p| p[s as usize].is_none()))
            .collect();
        // Whether a shore or a path has the keyboard, for what is drawn after the board.
        let focused = ui.memory(|m| m.focused());
        let on_board = focused.is_some_and(|f| {
            (0..SHORE_COUNT as ShoreId)
                .any(|s| f == shore_id(s) || PathKind::ALL.iter().any(|&p| f == path_id(s, p)))
        });
        ui.data_mut(|d| d.insert_temp(egui::Id::unique(KEYBOARD_ON_BOARD), on_board));
        // A shore the keyboard moves to comes into sight with the whole board: its paths cross
        // it (in one column at a large text size, a path had stayed out of sight above).
        if on_board && let Some(f) = focused {
            crate::app::scroll::show_with_focus_of(ui.ctx(), rect, f);
        }
        // The free shore before or after `s`, round the pool.
        let step = |s: ShoreId, forward: bool| -> Option<ShoreId> {
            if forward {
                free.iter().find(|&&f| f > s).or(free.first()).copied()
            } else {
                free.iter().rev().find(|&&f| f < s).or(free.last()).copied()
            }
        };
        // `steps` free shores on from `s`.
        let steps_from = |s: ShoreId, steps: usize, forward: bool| -> Option<ShoreId> {
            (0..steps).try_fold(s, |at, _| step(at, forward))
        };
        if self.take_focus
            && self.shores_clickable
            && let Some(s) = self
                .chosen_shore
                .filter(|s| free.contains(s))
                .or(free.first().copied())
        {
            ui.memory_mut(|m| {
                // Whatever Tab would have done this frame, the board has the keyboard now.
                m.move_focus(egui::FocusDirection::None);
                m.request_focus(shore_id(s));
            });
        }
        // Which path buttons there are: the chosen free shore's, while choosing.
        let path_shore = self
            .chosen_shore
            .filter(|&s| self.shores_clickable && free.contains(&s));

        // Shores.
        for s in 0..SHORE_COUNT as ShoreId {
            let c = g.shore(s);
            let rad = g.r * 0.3;
            let shore_rect = Rect::from_center_size(c, Vec2::splat(rad * 2.0));
            let pawn = self.pawns.and_then(|p| p[s as usize]);
            let choosable = self.shores_clickable && pawn.is_none();
            let sense = if choosable {
                Sense::click()
            } else {
                Sense::hover()
            };
            let resp = ui.interact(shore_rect, shore_id(s), sense);
            let label = shore_label(s, pawn, self.solo.is_some());
            let chosen = self.chosen_shore == Some(s);
            if choosable {
                resp.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::RadioButton, true, chosen, &label)
                });
            } else {
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
                if pawn.is_none() {
                    ui.ctx().accesskit_node_builder(resp.id, |node| {
                        node.set_description(tr("Free"));
                    });
                }
            }
            let resp = if choosable {
                resp.on_hover_text(tr(
                    "Free. Enter or Space chooses it; ←/→ the previous or next free shore; \
                     ↑ its short path, ↓ its long path.",
                ))
            } else {
                resp
            };
            if resp.hovered() || (choosable && resp.has_focus()) {
                out.hovered_shore = Some(s);
            }
            if resp.clicked() {
                out.clicked_shore = Some(s);
                if resp.has_focus() {
                    // Chosen by key: on to its paths.
                    ui.memory_mut(|m| m.request_focus(path_id(s, PathKind::Short)));
                }
            }
            let focused = choosable && resp.has_focus();
            if focused {
                match arrow_key(ui, resp.id, &mut key_used) {
                    Some(ArrowKey::Shore { steps, forward }) => {
                        if let Some(t) = steps_from(s, steps, forward) {
                            out.clicked_shore = Some(t);
                            ui.memory_mut(|m| m.request_focus(shore_id(t)));
                        }
                    }
                    Some(ArrowKey::Path(next)) => {
                        if !chosen {
                            out.clicked_shore = Some(s);
                        }
                        out.clicked_path = Some(next);
                        ui.memory_mut(|m| m.request_focus(path_id(s, next)));
                    }
                    None => {}
                }
            }
            let fill = if chosen {
                theme::GLOW
            } else if resp.hovered() && self.shores_clickable {
                theme::SAND_HOVER
            } else {
                theme::SAND
            };
            painter.circle_filled(c, rad, fill);
            painter.circle_stroke(c, rad, Stroke::new(1.5, theme::WATER_DEEP));
            if focused {
                focus_ring_circle(&painter, c, rad);
            }
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                shore_name(s),
                egui::FontId::proportional(g.r * 0.22),
                theme::WATER_DEEP,
            );
            if let Some(p) = pawn {
                let old = self.solo.is_some() && p.round == 1;
                let pc = c + (c - g.centre).normalized() * rad * 1.25;
                let fill = if old {
                    Color32::from_gray(110)
                } else {
                    theme::seat_colour(p.seat)
                };
                painter.circle_filled(pc, rad * 0.55, fill);
                painter.circle_stroke(pc, rad * 0.55, Stroke::new(1.5, theme::WATER_DEEP));
                painter.text(
                    pc,
                    egui::Align2::CENTER_CENTER,
                    format!("{}", p.seat + 1),
                    egui::FontId::proportional(g.r * 0.2),
                    theme::WATER_DEEP,
                );
            }
        }

        // The island and the marker's arrow.
        let island = g.at((0, 0));
        painter.add(Shape::convex_polygon(
            hexagon(island, g.r * 0.97),
            Color32::from_rgb(0x4a, 0x3f, 0x2c),
            Stroke::new(1.5, theme::RIM),
        ));

        // Spaces.
        for sp in 0..SPACE_COUNT as SpaceId {
            let c = g.space(sp);
            let mut fill = theme::SHALLOWS;
            let mut rim = Stroke::new(1.0, theme::RIM);
            if let Some((sec, _)) = section_of(sp)
                && let Some(solo) = self.solo
            {
                // A light tint and a rim in the section's own colour: a strong tint of orange on
                // the dark water reads as brown, which is a jar colour.
                let col = theme::dice_colour(solo.board.sections[sec as usize].colour);
                fill = blend(theme::SHALLOWS, col, 0.2);
                rim = Stroke::new(2.5, col);
            }
            let lit = self.highlight & (1 << sp) != 0;
            let soft = self.soft_highlight & (1 << sp) != 0;
            // A space on both paths (the dive played and the better one, the one being put
            // together and the hint's) is shaded and outlined: it shows as both.
            if soft {
                fill = blend(fill, theme::GLOW, 0.18);
            }
            painter.add(Shape::convex_polygon(hexagon(c, g.r * 0.97), fill, rim));
            if lit {
                painter.add(Shape::closed_line(
                    hexagon(c, g.r * 0.9),
                    Stroke::new(3.0, theme::GLOW),
                ));
            }
            // Name (and, on the solo side, the section's shape and the number: the sections are
            // told apart by more than their tint).
            let mut name = space_name(sp);
            if let Some((sec, n)) = section_of(sp)
                && let Some(solo) = self.solo
            {
                let glyph = theme::dice_glyph(solo.board.sections[sec as usize].colour);
                name = format!("{glyph} {name} · {n}");
            }
            painter.text(
                c + vec2(0.0, -g.r * 0.62),
                egui::Align2::CENTER_CENTER,
                name,
                egui::FontId::proportional(g.r * 0.2),
                theme::TEXT_DIM,
            );
            // On the numbered side, an empty space shows its number large.
            if let Some((sec, n)) = section_of(sp)
                && let Some(solo) = self.solo
                && self.pool[sp as usize].is_empty()
            {
                let col = theme::dice_colour(solo.board.sections[sec as usize].colour);
                painter.text(
                    c + vec2(0.0, g.r * 0.08),
                    egui::Align2::CENTER_CENTER,
                    n.to_string(),
                    egui::FontId::proportional(g.r * 0.8),
                    col,
                );
            }
            // Dice: three on top, two below.
            let mut dice: Vec<Die> = self.pool[sp as usize].dice().collect();
            dice.sort_by_key(|d| (d.colour, d.face));
            let ds = g.r * 0.34;
            let gap = g.r * 0.1;
            let collect = self.collect_face.filter(|_| lit);
            for (i, d) in dice.iter().enumerate() {
                let (row, col, in_row) = crate::seeder::space_slot(i, dice.len());
                let row_w = in_row as f32 * ds + (in_row as f32 - 1.0) * gap;
                let x = c.x - row_w / 2.0 + col as f32 * (ds + gap);
                let y = c.y - g.r * 0.4 + row as f32 * (ds + gap * 1.2);
                let at = Rect::from_min_size(pos2(x, y), Vec2::splat(ds));
                paint_die(&painter, at, *d, self.detail);
                if collect == Some(d.face) {
                    // A die the dive collects.
                    focus_ring_rect(&painter, at, ds * 0.18);
                }
            }
            let collected = collect.map_or(0, |f| dice.iter().filter(|d| d.face == f).count());
            let cell = Rect::from_center_size(c, vec2(g.r * 1.5, g.r * 1.5));
            let resp = ui.interact(
                cell,
                ui.scope_id().with((self.id, "space", sp)),
                Sense::hover(),
            );
            let mut label = space_label(sp, &self.pool[sp as usize], self.detail);
            if collect.is_some() {
                let words = trf!("the dive collects {count} here", count = collected);
                label = format!("{label}{}{words}", tr("; "));
            }
            // On the numbered side, the space's section and number, as painted on it.
            if let Some(solo) = &self.solo
                && let Some(words) = solo_space_words(solo.board, sp)
            {
                label = format!("{label}{}{words}", tr("; "));
                // On the solo board, a lit space is the one the tempest clears.
                if lit {
                    label = format!("{label}{}{}", tr("; "), tr("to clear now"));
                }
            }
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
            if resp.hovered() {
                out.hovered_space = Some(sp);
            }
        }

        // The chosen shore's two paths, as arrows from the shore into the pool.
        if let Some(s) = path_shore {
            let c = g.shore(s);
            let rad = g.r * 0.3;
            for p in PathKind::ALL {
                let first = board().path(s, p).spaces()[0];
                let dir = (g.space(first) - c).normalized();
                let hr = g.r * 0.2;
                let hc = c + dir * (rad + hr + g.r * 0.06);
                let resp = ui.interact(
                    Rect::from_center_size(hc, Vec2::splat(hr * 2.4)),
                    path_id(s, p),
                    Sense::click(),
                );
                let chosen = path == Some(p);
                let label = path_label(s, p);
                resp.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::RadioButton, true, chosen, &label)
                });
                let resp = resp.on_hover_text(tr(
                    "Enter or Space chooses this path; ↑ the short path, ↓ the long path; ←/→ the previous or \
                     next free shore; then 1–6 call the number.",
                ));
                if resp.clicked() {
                    out.clicked_path = Some(p);
                }
                let focused = resp.has_focus();
                if resp.hovered() || focused {
                    out.hovered_path = Some(p);
                }
                if focused {
                    match arrow_key(ui, resp.id, &mut key_used) {
                        // Back to the shores: the same step as from a shore.
                        Some(ArrowKey::Shore { steps, forward }) => {
                            if let Some(t) = steps_from(s, steps, forward) {
                                out.clicked_shore = Some(t);
                                ui.memory_mut(|m| m.request_focus(shore_id(t)));
                            }
                        }
                        Some(ArrowKey::Path(next)) => {
                            out.clicked_path = Some(next);
                            ui.memory_mut(|m| m.request_focus(path_id(s, next)));
                        }
                        None => {}
                    }
                }
                let fill = if chosen {
                    theme::GLOW
                } else if resp.hovered() {
                    theme::SAND_HOVER
                } else {
                    theme::SAND
                };
                painter.circle_filled(hc, hr, fill);
                painter.circle_stroke(hc, hr, Stroke::new(1.5, theme::WATER_DEEP));
                // An arrow with a shaft: a head alone (a near-equilateral triangle) read as
                // pointing along either of its other two sides.
                let side = vec2(-dir.y, dir.x) * hr * 0.42;
                painter.line_segment(
                    [hc - dir * hr * 0.7, hc],
                    Stroke::new(hr * 0.22, theme::WATER_DEEP),
                );
                painter.add(Shape::convex_polygon(
                    vec![
                        hc + dir * hr * 0.75,
                        hc - dir * hr * 0.05 + side,
                        hc - dir * hr * 0.05 - side,
                    ],
                    theme::WATER_DEEP,
                    Stroke::NONE,
                ));
                if focused {
                    focus_ring_circle(&painter, hc, hr);
                }
            }
        }

        if let Some(solo) = self.solo {
            // The arrow from the island towards the centre of the pointed section.
            let sec = &solo.board.sections[solo.arrow as usize % solo.board.sections.len()];
            let mut sum = Vec2::ZERO;
            for &sp in &sec.spaces {
                sum += g.space(sp) - g.centre;
            }
            let dir = (sum / sec.spaces.len() as f32).normalized();
            let tip = island + dir * g.r * 0.75;
            let side = vec2(-dir.y, dir.x) * g.r * 0.22;
            let base = island - dir * g.r * 0.2;
            painter.add(Shape::convex_polygon(
                vec![tip, base + side, base - side],
                theme::dice_colour(sec.colour),
                Stroke::new(2.0, theme::WATER_DEEP),
            ));
            let turn = match solo.direction {
                Direction::Clockwise => "↻",
                Direction::CounterClockwise => "↺",
            };
            painter.text(
                island - dir * g.r * 0.52,
                egui::Align2::CENTER_CENTER,
                turn,
                egui::FontId::proportional(g.r * 0.35),
                theme::TEXT,
            );
            let resp = ui.interact(
                Rect::from_center_size(island, Vec2::splat(g.r)),
                ui.scope_id().with((self.id, "arrow")),
                Sense::hover(),
            );
            let colour = sec.colour.label();
            let label = match solo.direction {
                Direction::Clockwise => trf!(
                    "The arrow points at the {colour} section and turns clockwise",
                    colour
                ),
                Direction::CounterClockwise => trf!(
                    "The arrow points at the {colour} section and turns counter-clockwise",
                    colour
                ),
            };
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
        } else {
            painter.text(
                island,
                egui::Align2::CENTER_CENTER,
                tr("centre"),
                egui::FontId::proportional(g.r * 0.22),
                theme::TEXT_DIM,
            );
        }
        out
    }
}

fn blend(a: Color32, b: Color32, t: f32) -> Color32 {
    let mix = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color32::from_rgb(mix(a.r(), b.r()), mix(a.g(), b.g()), mix(a.b(), b.b()))
}
