//! A printable PNG of a layout, drawn by the program itself (no window screenshot): the pool as
//! the board is shaped, every die with its colour letter (and pips when faces are fixed), the
//! totals to pull from the bag, and the seed code.

use super::{Detail, Layout};
use crate::engine::board::{SHORE_COUNT, SPACE_COUNT, axial_to_xy, board, shore_name, space_name};
use crate::engine::types::DiceColour;
use image::{ImageBuffer, Rgb, RgbImage, imageops};

/// Final image size.
pub const WIDTH: u32 = 1100;
pub const HEIGHT: u32 = 1300;
/// Drawn at this multiple, then scaled down for smooth edges.
const SS: u32 = 2;

type Colour = [u8; 3];
const WHITE: Colour = [255, 255, 255];
const INK: Colour = [28, 36, 52];
const WATER: Colour = [214, 228, 242];
const WATER_EDGE: Colour = [70, 96, 130];
const ISLAND: Colour = [196, 176, 136];
const SHORE: Colour = [236, 214, 160];

/// Print colours of the dice, dark enough for white pips and kept apart for colour-blind
/// eyes (checked in `tests/palette_cvd.rs`); each die also carries its letter.
pub fn dice_rgb(c: DiceColour) -> Colour {
    match c {
        DiceColour::Orange => [0xdb, 0x79, 0x0e],
        DiceColour::Green => [0x1f, 0x5f, 0x2c],
        DiceColour::Purple => [0x56, 0x1d, 0x7c],
        DiceColour::Blue => [0x1b, 0x86, 0xb5],
    }
}

struct Canvas {
    img: RgbImage,
}

impl Canvas {
    fn new(w: u32, h: u32) -> Canvas {
        Canvas {
            img: ImageBuffer::from_pixel(w * SS, h * SS, Rgb(WHITE)),
        }
    }

    fn put(&mut self, x: i64, y: i64, c: Colour) {
        if x >= 0 && y >= 0 && (x as u32) < self.img.width() && (y as u32) < self.img.height() {
            self.img.put_pixel(x as u32, y as u32, Rgb(c));
        }
    }

    /// Fills every pixel whose centre passes `inside`, within a box (logical units).
    fn fill(
        &mut self,
        x0: f64,
        y0: f64,
        x1: f64,
        y1: f64,
        c: Colour,
        inside: impl Fn(f64, f64) -> bool,
    ) {
        let s = SS as f64;
        for py in (y0 * s).floor() as i64..=(y1 * s).ceil() as i64 {
            for px in (x0 * s).floor() as i64..=(x1 * s).ceil() as i64 {
                let (x, y) = ((px as f64 + 0.5) / s, (py as f64 + 0.5) / s);
                if inside(x, y) {
                    self.put(px, py, c);
                }
            }
        }
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, c: Colour) {
        self.fill(x, y, x + w, y + h, c, |px, py| {
            px >= x && px < x + w && py >= y && py < y + h
        });
    }

    fn rounded(&mut self, x: f64, y: f64, w: f64, h: f64, r: f64, c: Colour) {
        self.fill(x, y, x + w, y + h, c, |px, py| {
            if px < x || px >= x + w || py < y || py >= y + h {
                return false;
            }
            let cx = px.clamp(x + r, x + w - r);
            let cy = py.clamp(y + r, y + h - r);
            (px - cx).powi(2) + (py - cy).powi(2) <= r * r
        });
    }

    fn circle(&mut self, cx: f64, cy: f64, r: f64, c: Colour) {
        self.fill(cx - r, cy - r, cx + r, cy + r, c, |x, y| {
            (x - cx).powi(2) + (y - cy).powi(2) <= r * r
        });
    }

    /// A pointy-top hexagon of circumradius `r`.
    fn hex(&mut self, cx: f64, cy: f64, r: f64, c: Colour) {
        let half_w = r * 3f64.sqrt() / 2.0;
        self.fill(cx - half_w, cy - r, cx + half_w, cy + r, c, |x, y| {
            let dx = (x - cx).abs();
            let dy = (y - cy).abs();
            dx <= half_w && dy <= r - dx / 3f64.sqrt()
        });
    }

    /// Text in the built-in 5×7 font; `scale` logical pixels per font pixel.
    fn text(&mut self, x: f64, y: f64, scale: f64, s: &str, c: Colour) {
        let mut cx = x;
        for ch in s.chars() {
            let rows = glyph(ch);
            for (ry, row) in rows.iter().enumerate() {
                for rx in 0..5 {
                    if row & (1 << (4 - rx)) != 0 {
                        self.rect(
                            cx + rx as f64 * scale,
                            y + ry as f64 * scale,
                            scale,
                            scale,
                            c,
                        );
                    }
                }
            }
            cx += 6.0 * scale;
        }
    }

    fn text_width(s: &str, scale: f64) -> f64 {
        (s.chars().count() as f64 * 6.0 - 1.0) * scale
    }

    fn text_centred(&mut self, cx: f64, y: f64, scale: f64, s: &str, c: Colour) {
        let w = Canvas::text_width(s, scale);
        self.text(cx - w / 2.0, y, scale, s, c);
    }

    /// A die: colour square, its letter below, and pips when the face is fixed.
    fn die(&mut self, x: f64, y: f64, size: f64, colour: DiceColour, face: Option<u8>) {
        self.rounded(x - 1.0, y - 1.0, size + 2.0, size + 2.0, 5.0, INK);
        self.rounded(x, y, size, size, 4.0, dice_rgb(colour));
        if let Some(face) = face {
            let r = size * 0.09;
            for &(fx, fy) in super::pip_positions(face) {
                let (px, py) = (x + size * fx as f64, y + size * fy as f64);
                self.circle(px, py, r + 1.0, INK);
                self.circle(px, py, r, WHITE);
            }
        }
        let letter = colour.letter().to_string();
        self.text_centred(x + size / 2.0, y + size + 4.0, 2.0, &letter, INK);
    }

    fn finish(self) -> RgbImage {
        imageops::resize(
            &self.img,
            self.img.width() / SS,
            self.img.height() / SS,
            imageops::FilterType::Triangle,
        )
    }
}

/// Draws the layout.
pub fn render(layout: &Layout, detail: Detail) -> RgbImage {
    let mut cv = Canvas::new(WIDTH, HEIGHT);
    let w = WIDTH as f64;

    // Header.
    cv.text(40.0, 34.0, 4.0, "NOCTILUCA  POOL LAYOUT", INK);
    let mode = match detail {
        Detail::ColoursOnly => "COLOURS ONLY: ROLL EACH SPACE'S DICE ONTO IT",
        Detail::ColoursAndFaces => "COLOURS AND FACES",
    };
    cv.text(40.0, 80.0, 2.0, mode, INK);
    let code = format!("SEED CODE {}", layout.code);
    let cw = Canvas::text_width(&code, 3.0);
    cv.text(w - 40.0 - cw, 38.0, 3.0, &code, INK);
    if layout.is_refill() {
        let s = layout.supply;
        let t = format!("REFILL FROM O{} G{} P{} B{}", s[0], s[1], s[2], s[3]);
        let tw = Canvas::text_width(&t, 2.0);
        cv.text(w - 40.0 - tw, 80.0, 2.0, &t, INK);
    }

    // The pool.
    let r = 92.0;
    let (cx, cy) = (w / 2.0, 560.0);
    let at = |h: (i32, i32)| {
        let (x, y) = axial_to_xy(h);
        (cx + x * r, cy + y * r)
    };
    let b = board();
    for s in 0..SHORE_COUNT as u8 {
        let (x, y) = at(b.shore_axial[s as usize]);
        // Pull shores in a little so they sit at the pool's edge.
        let (x, y) = (cx + (x - cx) * 0.9, cy + (y - cy) * 0.9);
        cv.circle(x, y, 27.0, INK);
        cv.circle(x, y, 25.0, SHORE);
        cv.text_centred(x, y - 7.0, 2.0, &shore_name(s), INK);
    }
    let (ix, iy) = at((0, 0));
    cv.hex(ix, iy, r, WATER_EDGE);
    cv.hex(ix, iy, r - 3.0, ISLAND);
    cv.text_centred(ix, iy - 7.0, 2.0, "ISLAND", INK);
    for sp in 0..SPACE_COUNT as u8 {
        let (x, y) = at(b.space_axial[sp as usize]);
        cv.hex(x, y, r, WATER_EDGE);
        cv.hex(x, y, r - 3.0, WATER);
        cv.text_centred(x, y - r * 0.72, 2.0, &space_name(sp), INK);
        let dice = layout.space_dice(sp);
        let size = 34.0;
        let gap = 8.0;
        // Three dice on the top row, two below.
        for (i, d) in dice.iter().enumerate() {
            let (row, col, in_row) = super::space_slot(i, dice.len());
            let row_w = in_row as f64 * size + (in_row as f64 - 1.0) * gap;
            let dx = x - row_w / 2.0 + col as f64 * (size + gap);
            let dy = y - r * 0.45 + row as f64 * (size + 24.0);
            let face = (detail == Detail::ColoursAndFaces).then_some(d.face);
            cv.die(dx, dy, size, d.colour, face);
        }
    }

    // Totals to pull from the bag.
    let mut y = 1010.0;
    cv.text(
        40.0,
        y,
        2.0,
        &format!("{} DICE PLACED", layout.placed()),
        INK,
    );
    y += 30.0;
    let totals = layout.totals();
    for c in DiceColour::ALL {
        let t = totals[c.index()];
        let n: u32 = t.iter().sum();
        cv.die(40.0, y, 30.0, c, None);
        let mut line = format!("{} {n}", c.name().to_uppercase());
        if detail == Detail::ColoursAndFaces {
            let faces: Vec<String> = (0..6)
                .filter(|&f| t[f] > 0)
                .map(|f| format!("{}X{}", f + 1, t[f]))
                .collect();
            line.push_str(&format!(" :  {}", faces.join("  ")));
        }
        cv.text(90.0, y + 8.0, 2.0, &line, INK);
        y += 60.0;
    }
    if layout.left != [0; 4] {
        let l = layout.left;
        cv.text(
            40.0,
            y,
            2.0,
            &format!(
                "LEFT IN THE BOX LID: O{} G{} P{} B{}",
                l[0], l[1], l[2], l[3]
            ),
            INK,
        );
    }
    cv.finish()
}

/// PNG bytes of the layout.
pub fn to_png(layout: &Layout, detail: Detail) -> Result<Vec<u8>, String> {
    let img = render(layout, detail);
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok(out.into_inner())
}

/// 5×7 glyphs, one byte per row (low 5 bits, leftmost pixel first). Lower case draws as upper.
fn glyph(ch: char) -> [u8; 7] {
    match ch.to_ascii_uppercase() {
        'A' => [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1E],
        'E' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
        'F' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        'H' => [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'I' => [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'J' => [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        'K' => [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'W' => [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
        'X' => [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        'Y' => [0x11, 0x11, 0x0A, 0x04, 0x04, 0x04, 0x04],
        'Z' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        '-' => [0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00],
        ':' => [0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00],
        '.' => [0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C],
        ',' => [0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08],
        '\'' => [0x0C, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00],
        '(' => [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02],
        ')' => [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
        '/' => [0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00],
        _ => [0; 7],
    }
}

#[cfg(test)]
mod tests {
    use super::super::{FULL_SUPPLY, SeedCode};
    use super::*;

    #[test]
    fn png_decodes_to_the_expected_size() {
        let l = Layout::generate(SeedCode::from_value(42), FULL_SUPPLY);
        for detail in [Detail::ColoursAndFaces, Detail::ColoursOnly] {
            let bytes = to_png(&l, detail).unwrap();
            let img = image::load_from_memory(&bytes).unwrap();
            assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
            // Not blank: the dice colours are on it.
            let rgb = img.to_rgb8();
            let orange = rgb
                .pixels()
                .filter(|p| p.0 == dice_rgb(DiceColour::Orange))
                .count();
            assert!(orange > 500, "{orange}");
        }
    }

    #[test]
    fn every_character_the_renderer_writes_has_a_glyph() {
        let l = Layout::generate(SeedCode::from_value(7), [10, 10, 10, 10]);
        let mut texts = vec![
            "NOCTILUCA  POOL LAYOUT".to_string(),
            "COLOURS ONLY: ROLL EACH SPACE'S DICE ONTO IT".into(),
            format!("SEED CODE {}", l.code),
            "REFILL FROM O10 G10 P10 B10".into(),
            "LEFT IN THE BOX LID: O0 G0 P0 B0".into(),
            "ISLAND 1X2 3X4 5X6 7890".into(),
        ];
        for s in 0..18u8 {
            texts.push(space_name(s));
        }
        for t in texts {
            for ch in t.chars().filter(|c| *c != ' ') {
                assert_ne!(glyph(ch), [0; 7], "no glyph for {ch:?}");
            }
        }
    }
}
