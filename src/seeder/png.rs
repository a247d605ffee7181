//! A printable PNG of a layout, drawn by the program itself (no window screenshot): the pool as
//! the board is shaped, every die with its colour letter (and pips when faces are fixed), the
//! totals to pull from the bag, and the seed code. The text is in the calling thread's
//! language, set with the app's own fonts (the window's Latin face, and the bundled Noto Sans
//! CJK TC for Chinese), rasterised with `ab_glyph`.

use super::{Detail, Layout};
use crate::engine::board::{SHORE_COUNT, SPACE_COUNT, axial_to_xy, board, shore_name, space_name};
use crate::engine::types::DiceColour;
use crate::i18n::tr;
use crate::trf;
use crate::words::{Label, letter_label};
use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
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

/// The printout's fonts: the Latin face the window uses, then the Chinese one.
struct Fonts {
    latin: FontRef<'static>,
    cjk: FontRef<'static>,
}

impl Fonts {
    fn load() -> Fonts {
        // Both are compiled in; a test reads them, so a broken file cannot ship.
        Fonts {
            latin: FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT)
                .expect("the built-in Latin font reads"),
            cjk: FontRef::try_from_slice(crate::app::theme::CJK_FONT)
                .expect("the bundled CJK font reads"),
        }
    }

    /// The font that has `ch`, if either does.
    fn for_char(&self, ch: char) -> Option<&FontRef<'static>> {
        [&self.latin, &self.cjk]
            .into_iter()
            .find(|f| f.glyph_id(ch).0 != 0)
    }
}

struct Canvas {
    img: RgbImage,
    fonts: Fonts,
}

impl Canvas {
    fn new(w: u32, h: u32) -> Canvas {
        Canvas {
            img: ImageBuffer::from_pixel(w * SS, h * SS, Rgb(WHITE)),
            fonts: Fonts::load(),
        }
    }

    /// Mixes `c` into a pixel by `coverage` (0 to 1).
    fn blend(&mut self, x: i64, y: i64, c: Colour, coverage: f32) {
        if x < 0 || y < 0 || x as u32 >= self.img.width() || y as u32 >= self.img.height() {
            return;
        }
        let a = coverage.clamp(0.0, 1.0);
        let p = self.img.get_pixel_mut(x as u32, y as u32);
        for (channel, ink) in p.0.iter_mut().zip(c) {
            *channel = (*channel as f32 * (1.0 - a) + ink as f32 * a).round() as u8;
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

    /// Text whose capitals are about `size` logical pixels tall, its top at `y`.
    fn text(&mut self, x: f64, y: f64, size: f64, s: &str, c: Colour) {
        let em = (size * 1.45 * SS as f64) as f32;
        let mut pen = (x * SS as f64) as f32;
        let baseline = ((y + size) * SS as f64) as f32;
        let glyphs: Vec<_> = s
            .chars()
            .filter_map(|ch| self.fonts.for_char(ch).map(|f| (f.clone(), ch)))
            .collect();
        for (font, ch) in glyphs {
            let scaled = font.as_scaled(PxScale::from(em));
            let glyph = scaled
                .glyph_id(ch)
                .with_scale_and_position(em, point(pen, baseline));
            pen += scaled.h_advance(glyph.id);
            if let Some(outline) = font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                let (ox, oy) = (bounds.min.x as i64, bounds.min.y as i64);
                let mut cover = Vec::new();
                outline.draw(|gx, gy, a| cover.push((ox + gx as i64, oy + gy as i64, a)));
                for (px, py, a) in cover {
                    self.blend(px, py, c, a);
                }
            }
        }
    }

    /// How wide `s` is at `size` (logical pixels).
    fn text_width(&self, s: &str, size: f64) -> f64 {
        let em = (size * 1.45 * SS as f64) as f32;
        let w: f32 = s
            .chars()
            .filter_map(|ch| self.fonts.for_char(ch).map(|f| (f, ch)))
            .map(|(f, ch)| f.as_scaled(PxScale::from(em)).h_advance(f.glyph_id(ch)))
            .sum();
        w as f64 / SS as f64
    }

    fn text_centred(&mut self, cx: f64, y: f64, size: f64, s: &str, c: Colour) {
        let w = self.text_width(s, size);
        self.text(cx - w / 2.0, y, size, s, c);
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
        self.text_centred(
            x + size / 2.0,
            y + size + 4.0,
            12.0,
            letter_label(colour),
            INK,
        );
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
    cv.text(40.0, 34.0, 26.0, tr("Noctiluca: pool layout"), INK);
    let mode = match detail {
        Detail::ColoursOnly => tr("Colours only: roll each space's dice onto it"),
        Detail::ColoursAndFaces => tr("Colours and faces"),
    };
    cv.text(40.0, 80.0, 14.0, mode, INK);
    let code = trf!("Seed code {code}", code = layout.code);
    let cw = cv.text_width(&code, 20.0);
    cv.text(w - 40.0 - cw, 38.0, 20.0, &code, INK);
    if layout.is_refill() {
        // In words, as the screen says it ("O10" would read as a space's name).
        let t = refill_words(layout.supply);
        let tw = cv.text_width(&t, 14.0);
        cv.text(w - 40.0 - tw, 80.0, 14.0, &t, INK);
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
        cv.text_centred(x, y - 7.0, 14.0, &shore_name(s), INK);
    }
    let (ix, iy) = at((0, 0));
    cv.hex(ix, iy, r, WATER_EDGE);
    cv.hex(ix, iy, r - 3.0, ISLAND);
    cv.text_centred(ix, iy - 7.0, 14.0, tr("Centre"), INK);
    for sp in 0..SPACE_COUNT as u8 {
        let (x, y) = at(b.space_axial[sp as usize]);
        cv.hex(x, y, r, WATER_EDGE);
        cv.hex(x, y, r - 3.0, WATER);
        cv.text_centred(x, y - r * 0.72, 14.0, &space_name(sp), INK);
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
    cv.text(40.0, y, 14.0, &super::dice_placed(layout.placed()), INK);
    y += 30.0;
    let totals = layout.totals();
    for c in DiceColour::ALL {
        let t = totals[c.index()];
        let n: u32 = t.iter().sum();
        cv.die(40.0, y, 30.0, c, None);
        let mut line = format!("{} {n}", capitalised(c.label()));
        if detail == Detail::ColoursAndFaces && n > 0 {
            // Face × how many: "1×2" is two dice showing 1.
            let faces: Vec<String> = (0..6)
                .filter(|&f| t[f] > 0)
                .map(|f| format!("{}×{}", f + 1, t[f]))
                .collect();
            line.push_str(&format!(":  {}", faces.join("  ")));
        }
        cv.text(90.0, y + 8.0, 14.0, &line, INK);
        y += 60.0;
    }
    if layout.left != [0; 4] {
        cv.text(
            40.0,
            y,
            14.0,
            &trf!(
                "Left in the box lid: {dice}",
                dice = crate::words::describe_counts(&layout.left)
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

/// Counts per colour with the colours' letters: "O10 G10 P10 B10".
/// "Round-2 refill from the box lid: orange 10, green 10, purple 10, blue 5".
fn refill_words(counts: [u8; 4]) -> String {
    let [orange, green, purple, blue] = counts;
    trf!(
        "Round-2 refill from the box lid: orange {orange}, green {green}, purple {purple}, blue {blue}",
        orange,
        green,
        purple,
        blue
    )
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
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

    /// Every character the printout writes, in either language, is in one of its fonts.
    #[test]
    fn every_character_the_printout_writes_has_a_glyph() {
        let fonts = Fonts::load();
        let l = Layout::generate(SeedCode::from_value(7), [10, 10, 10, 10]);
        for lang in crate::i18n::Lang::ALL {
            crate::i18n::with_lang(lang, || {
                let mut texts = vec![
                    tr("Noctiluca: pool layout").to_string(),
                    tr("Colours only: roll each space's dice onto it").into(),
                    tr("Colours and faces").into(),
                    trf!("Seed code {code}", code = l.code),
                    refill_words([10, 10, 10, 5]),
                    trf!(
                        "Left in the box lid: {dice}",
                        dice = crate::words::describe_counts(&[2, 0, 1, 0])
                    ),
                    tr("Centre").into(),
                    trf!("{count} dice placed", count = 84),
                    "1×2 3×4 5×6 7890:".into(),
                ];
                for c in DiceColour::ALL {
                    texts.push(capitalised(c.label()));
                }
                for s in 0..18u8 {
                    texts.push(space_name(s));
                }
                for t in texts {
                    for ch in t.chars().filter(|c| !c.is_whitespace()) {
                        assert!(fonts.for_char(ch).is_some(), "no glyph for {ch:?} in {t:?}");
                    }
                }
            });
        }
    }

    /// The printout speaks the chosen language: the Chinese title is drawn where the English
    /// one was, and the two pictures differ there.
    #[test]
    fn a_chinese_printout_is_written_in_chinese() {
        let l = Layout::generate(SeedCode::from_value(42), FULL_SUPPLY);
        let en = crate::i18n::with_lang(crate::i18n::Lang::En, || {
            render(&l, Detail::ColoursAndFaces)
        });
        let zh = crate::i18n::with_lang(crate::i18n::Lang::ZhHant, || {
            render(&l, Detail::ColoursAndFaces)
        });
        let title = |img: &RgbImage| -> Vec<[u8; 3]> {
            (30..70)
                .flat_map(|y| (40..400).map(move |x| (x, y)))
                .map(|(x, y)| img.get_pixel(x, y).0)
                .collect()
        };
        let inked = |px: &[[u8; 3]]| px.iter().filter(|p| p[0] < 128).count();
        assert!(inked(&title(&en)) > 200, "English title drawn");
        assert!(inked(&title(&zh)) > 200, "Chinese title drawn");
        assert_ne!(title(&en), title(&zh));
    }
}
