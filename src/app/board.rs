//! The pool, painted as the real board is shaped: 18 hex spaces around the island, the 12
//! shores, and the dice on each space with their pips. Pips are drawn in the colour's own
//! shape (orange ●, green ▲, purple ◆, blue ■), so a die's colour never depends on colour
//! vision; without faces the shape is drawn large. Every space and shore carries an accessible
//! label ("Outer space O7: orange 3, blue 3, …"), so screen readers and tests can find them.

use super::theme;
use crate::engine::board::{
    SHORE_COUNT, SPACE_COUNT, ShoreId, SpaceId, axial_to_xy, board, is_inner, shore_name,
    space_name,
};
use crate::engine::components::SoloBoard;
use crate::engine::state::{Pawn, SpaceDice};
use crate::engine::types::{DiceColour, Die, Direction};
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
}

/// What happened on the board this frame.
#[derive(Default, Debug)]
pub struct BoardResponse {
    pub clicked_shore: Option<ShoreId>,
    pub hovered_shore: Option<ShoreId>,
    pub hovered_space: Option<SpaceId>,
}

/// "Outer space O7: orange 3, blue 3, blue 6" (or "…: orange, blue, blue", or "…: empty").
pub fn space_label(space: SpaceId, dice: &SpaceDice, detail: DiceDetail) -> String {
    let mut v: Vec<Die> = dice.dice().collect();
    v.sort_by_key(|d| (d.colour, d.face));
    let parts: Vec<String> = v
        .iter()
        .map(|d| match detail {
            DiceDetail::Faces => format!("{} {}", d.colour, d.face),
            DiceDetail::ColoursOnly => d.colour.to_string(),
        })
        .collect();
    format!(
        "{} space {}: {}",
        if is_inner(space) { "Inner" } else { "Outer" },
        space_name(space),
        if parts.is_empty() {
            "empty".to_string()
        } else {
            parts.join(", ")
        }
    )
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
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
        let g = Geometry::new(rect);
        let painter = ui.painter_at(rect.expand(2.0));
        let mut out = BoardResponse::default();

        // Sections of the numbered side, tinted under the spaces.
        let section_of = |sp: SpaceId| self.solo.and_then(|s| s.board.locate(sp));

        // Shores.
        for s in 0..SHORE_COUNT as ShoreId {
            let c = g.shore(s);
            let rad = g.r * 0.3;
            let shore_rect = Rect::from_center_size(c, Vec2::splat(rad * 2.0));
            let id = ui.scope_id().with((self.id, "shore", s));
            let sense = if self.shores_clickable {
                Sense::click()
            } else {
                Sense::hover()
            };
            let resp = ui.interact(shore_rect, id, sense);
            let pawn = self.pawns.and_then(|p| p[s as usize]);
            let label = match pawn {
                Some(p) => format!("Shore {}, taken by seat {}", shore_name(s), p.seat + 1),
                None => format!("Shore {}", shore_name(s)),
            };
            let role = if self.shores_clickable {
                egui::Role::Button
            } else {
                egui::Role::Label
            };
            resp.widget_info(|| egui::WidgetInfo::labeled(role, true, &label));
            if resp.hovered() {
                out.hovered_shore = Some(s);
            }
            if resp.clicked() {
                out.clicked_shore = Some(s);
            }
            let chosen = self.chosen_shore == Some(s);
            let fill = if chosen {
                theme::GLOW
            } else if resp.hovered() && self.shores_clickable {
                Color32::from_rgb(0xf2, 0xdc, 0xa8)
            } else {
                Color32::from_rgb(0xd9, 0xc0, 0x8a)
            };
            painter.circle_filled(c, rad, fill);
            painter.circle_stroke(c, rad, Stroke::new(1.5, theme::WATER_DEEP));
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
            if let Some((sec, _)) = section_of(sp)
                && let Some(solo) = self.solo
            {
                let col = theme::dice_colour(solo.board.sections[sec as usize].colour);
                fill = blend(theme::SHALLOWS, col, 0.34);
            }
            let lit = self.highlight & (1 << sp) != 0;
            let soft = self.soft_highlight & (1 << sp) != 0;
            if soft && !lit {
                fill = blend(fill, theme::GLOW, 0.18);
            }
            painter.add(Shape::convex_polygon(
                hexagon(c, g.r * 0.97),
                fill,
                Stroke::new(1.0, theme::RIM),
            ));
            if lit {
                painter.add(Shape::closed_line(
                    hexagon(c, g.r * 0.9),
                    Stroke::new(3.0, theme::GLOW),
                ));
            }
            // Name (and number on the solo side).
            let mut name = space_name(sp);
            if let Some((_, n)) = section_of(sp) {
                name = format!("{name} · {n}");
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
            for (i, d) in dice.iter().enumerate() {
                let (row, col, in_row) = crate::seeder::space_slot(i, dice.len());
                let row_w = in_row as f32 * ds + (in_row as f32 - 1.0) * gap;
                let x = c.x - row_w / 2.0 + col as f32 * (ds + gap);
                let y = c.y - g.r * 0.4 + row as f32 * (ds + gap * 1.2);
                paint_die(
                    &painter,
                    Rect::from_min_size(pos2(x, y), Vec2::splat(ds)),
                    *d,
                    self.detail,
                );
            }
            let cell = Rect::from_center_size(c, vec2(g.r * 1.5, g.r * 1.5));
            let resp = ui.interact(
                cell,
                ui.scope_id().with((self.id, "space", sp)),
                Sense::hover(),
            );
            let label = space_label(sp, &self.pool[sp as usize], self.detail);
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
            if resp.hovered() {
                out.hovered_space = Some(sp);
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
            let label = format!(
                "The arrow points at the {} section and turns {}",
                sec.colour,
                solo.direction.name()
            );
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
        } else {
            painter.text(
                island,
                egui::Align2::CENTER_CENTER,
                "island",
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
