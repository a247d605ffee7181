//! The rules' pictures, drawn with the app's own board, jar and die painters. Each carries its
//! caption as its accessible name.

use super::text::Picture;
use crate::app::board::{BoardView, DiceDetail, SoloOverlay, paint_die};
use crate::app::theme;
use crate::engine::board::{PathKind, SPACE_COUNT, board};
use crate::engine::state::SpaceDice;
use crate::engine::{Components, DiceColour, Die, Direction, Jar, JarColour};
use crate::i18n::tr;
use crate::seeder::{FULL_SUPPLY, Layout, SeedCode};
use eframe::egui::{self, Color32, Pos2, Rect, Sense, Stroke, pos2, vec2};

/// A fixed pool for the board pictures (the same every time).
pub fn sample_pool() -> [SpaceDice; SPACE_COUNT] {
    Layout::generate(SeedCode::from_value(0x004e_0c71), FULL_SUPPLY).pool
}

/// Draws `picture` at most `width` wide; `caption` names it for a screen reader. `glyphs`:
/// the colour-blind shapes are shown (the setting).
pub fn draw(
    ui: &mut egui::Ui,
    picture: Picture,
    pool: &[SpaceDice; SPACE_COUNT],
    comps: &Components,
    width: f32,
    caption: &str,
    glyphs: bool,
) {
    let r = match picture {
        Picture::ShorePaths => {
            let shore = 0;
            let view = BoardView {
                id: "rules-shore",
                pool,
                detail: DiceDetail::Faces,
                highlight: board().path(shore, PathKind::Long).mask,
                soft_highlight: board().path(shore, PathKind::Short).mask,
                pawns: None,
                solo: None,
                shores_clickable: false,
                chosen_shore: Some(shore),
                take_focus: false,
                collect_face: None,
            };
            let size = width.min(360.0);
            ui.scope(|ui| {
                view.show(ui, size);
            })
            .response
        }
        Picture::TempestBoard => {
            let view = BoardView {
                id: "rules-tempest",
                pool,
                detail: DiceDetail::Faces,
                highlight: 0,
                soft_highlight: 0,
                pawns: None,
                solo: Some(SoloOverlay {
                    board: &comps.solo,
                    arrow: comps.solo.start,
                    direction: Direction::Clockwise,
                }),
                shores_clickable: false,
                chosen_shore: None,
                take_focus: false,
                collect_face: None,
            };
            let size = width.min(360.0);
            ui.scope(|ui| {
                view.show(ui, size);
            })
            .response
        }
        Picture::PassRound => pass_round(ui, width.min(420.0)),
        Picture::Delivery => delivery(ui, comps, glyphs),
        Picture::MajorityTie => majority_tie(ui, width.clamp(260.0, 420.0), glyphs),
    };
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, caption));
}

/// Four seats round a table; two dice go round twice.
fn pass_round(ui: &mut egui::Ui, width: f32) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(vec2(width, 250.0), Sense::hover());
    let p = ui.painter_at(rect);
    let c = rect.center();
    let rx = width * 0.30;
    let ry = 74.0;
    p.add(egui::Shape::ellipse_filled(
        c,
        vec2(rx, ry),
        theme::SHALLOWS,
    ));
    // Seats clockwise from the top: Ada (diver), Bea, Cai, Dan.
    let seats = [("Ada", 0u8), ("Bea", 1), ("Cai", 2), ("Dan", 3)];
    let at = |k: usize| -> Pos2 {
        let a = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::FRAC_PI_2;
        c + vec2(a.cos() * (rx + 34.0), a.sin() * (ry + 22.0))
    };
    for (k, (name, seat)) in seats.iter().enumerate() {
        let pos = at(k);
        p.circle_filled(pos, 22.0, theme::seat_colour(*seat).gamma_multiply(0.35));
        p.circle_stroke(pos, 22.0, Stroke::new(2.0, theme::seat_colour(*seat)));
        p.text(
            pos,
            egui::Align2::CENTER_CENTER,
            name,
            egui::FontId::proportional(14.0),
            theme::TEXT,
        );
    }
    // Lap arrows, clockwise, inside the table.
    for lap in 0..2 {
        let r = 0.55 + 0.25 * lap as f32;
        let pts: Vec<Pos2> = (0..=40)
            .map(|i| {
                let a = -std::f32::consts::FRAC_PI_2 + 0.35 + i as f32 / 40.0 * 5.6;
                c + vec2(a.cos() * rx * r, a.sin() * ry * r)
            })
            .collect();
        let colour = if lap == 0 {
            theme::GLOW
        } else {
            theme::TEXT_DIM
        };
        p.add(egui::Shape::line(pts.clone(), Stroke::new(2.0, colour)));
        if let [.., a, b] = pts[..] {
            let d = (b - a).normalized();
            let n = vec2(-d.y, d.x);
            p.add(egui::Shape::convex_polygon(
                vec![b + d * 8.0, b + n * 5.0, b - n * 5.0],
                colour,
                Stroke::NONE,
            ));
        }
    }
    // The two passed dice, in the middle.
    for (i, colour) in [DiceColour::Green, DiceColour::Purple]
        .into_iter()
        .enumerate()
    {
        let r = Rect::from_center_size(c + vec2(-14.0 + 28.0 * i as f32, 0.0), vec2(22.0, 22.0));
        paint_die(&p, r, Die { colour, face: 4 }, DiceDetail::Faces);
    }
    resp
}

/// A full gold jar and the token it takes.
fn delivery(ui: &mut egui::Ui, comps: &Components, glyphs: bool) -> egui::Response {
    let card = comps
        .deck
        .cards
        .iter()
        .position(|k| k.colour == JarColour::Gold)
        .unwrap_or(0) as u8;
    let k = comps.card(card);
    let jar = Jar {
        card,
        needs: k.needs,
        filled: k.needs,
    };
    ui.horizontal(|ui| {
        crate::app::game::jar_card(ui, comps, card, Some(&jar), "", None);
        ui.label(egui::RichText::new("→").size(28.0).color(theme::TEXT_DIM));
        let (rect, _) = ui.allocate_exact_size(vec2(44.0, 44.0), Sense::hover());
        // The token's value, and its colour's shape when shapes are shown.
        let text = if glyphs {
            format!("{}2", theme::jar_glyph(JarColour::Gold))
        } else {
            "2".to_string()
        };
        token(ui.painter(), rect.center(), JarColour::Gold, &text);
    })
    .response
}

fn token(p: &egui::Painter, at: Pos2, colour: JarColour, text: &str) {
    let c = theme::jar_colour(colour);
    p.circle_filled(at, 17.0, c);
    p.circle_stroke(at, 17.0, Stroke::new(2.0, theme::WATER_DEEP));
    p.text(
        at,
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(15.0),
        theme::WATER_DEEP,
    );
}

/// The rulebook's red majority: Bridget 3, Char 3, Adam 1, three left in the stack (named as
/// the rulebook of the language shown names them). The stack is a row of its own under the
/// players, so that nothing of it reads as a player's and nothing overlaps in a narrow panel.
fn majority_tie(ui: &mut egui::Ui, width: f32, glyphs: bool) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(vec2(width, 176.0), Sense::hover());
    let p = ui.painter_at(rect);
    let rows = [
        (tr("Bridget"), 3, "+1"),
        (tr("Char"), 3, "+1"),
        (tr("Adam"), 1, ""),
    ];
    let glyph = if glyphs {
        theme::jar_glyph(JarColour::Red)
    } else {
        ""
    };
    // Tokens from here, 36 apart; what each takes after the third.
    let (tokens_x, step) = (rect.left() + 96.0, 36.0);
    let gain_x = tokens_x + 3.0 * step - 4.0;
    let row_y = |i: usize| rect.top() + 20.0 + i as f32 * 38.0;
    let name = |i: usize, text: &str, colour| {
        p.text(
            pos2(rect.left() + 4.0, row_y(i)),
            egui::Align2::LEFT_CENTER,
            text,
            egui::FontId::proportional(15.0),
            colour,
        );
    };
    for (i, (who, held, gain)) in rows.iter().enumerate() {
        name(i, who, theme::TEXT);
        for k in 0..*held {
            let at = pos2(tokens_x + k as f32 * step, row_y(i));
            token(&p, at, JarColour::Red, glyph);
        }
        if !gain.is_empty() {
            // The gain green, the token's glyph in its own red (the two in green read as a
            // green token).
            let at = p.text(
                pos2(gain_x, row_y(i)),
                egui::Align2::LEFT_CENTER,
                gain,
                egui::FontId::proportional(16.0),
                theme::GOOD,
            );
            if !glyph.is_empty() {
                p.text(
                    pos2(at.right() + 4.0, row_y(i)),
                    egui::Align2::LEFT_CENTER,
                    glyph,
                    egui::FontId::proportional(16.0),
                    theme::jar_colour(JarColour::Red),
                );
            }
        }
    }
    // The stack: three left at 1 point each, one of them discarded.
    name(3, tr("Stack"), theme::TEXT_DIM);
    for k in 0..3 {
        let at = pos2(tokens_x + k as f32 * step, row_y(3) + 4.0);
        token(&p, at, JarColour::Red, "1");
        if k == 2 {
            p.line_segment(
                [at + vec2(-16.0, -16.0), at + vec2(16.0, 16.0)],
                Stroke::new(3.0, Color32::from_gray(20)),
            );
        }
    }
    resp
}
