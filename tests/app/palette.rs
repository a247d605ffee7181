//! The piece colours against the common colour-vision deficiencies.
//!
//! Each colour is simulated as a dichromat sees it, with the matrices of Machado, Oliveira and
//! Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE
//! TVCG 15(6), 2009), severity 1.0, applied in linear RGB; achromatopsia keeps the luminance
//! alone. Two colours are compared by CIEDE2000 in CIELAB (D65). How the thresholds were
//! chosen, and the figures before and after the palette changed: `packaging/screenshots/colour-vision.md`.

use noctiluca::app::theme;
use noctiluca::engine::{DiceColour, JarColour};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Vision {
    Normal,
    Protanopia,
    Deuteranopia,
    Tritanopia,
    Achromatopsia,
}

const VISIONS: [Vision; 5] = [
    Vision::Normal,
    Vision::Protanopia,
    Vision::Deuteranopia,
    Vision::Tritanopia,
    Vision::Achromatopsia,
];

/// Machado et al. 2009, severity 1.0 (their Table: protanopia, deuteranopia, tritanopia).
const PROTANOPIA: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const TRITANOPIA: [[f64; 3]; 3] = [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.303900],
];

fn linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn luminance(l: [f64; 3]) -> f64 {
    0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
}

/// Linear RGB of an sRGB colour as seen with `vision`.
fn simulate(rgb: [u8; 3], vision: Vision) -> [f64; 3] {
    let l = rgb.map(linear);
    let m = match vision {
        Vision::Normal => return l,
        Vision::Achromatopsia => {
            let y = luminance(l);
            return [y, y, y];
        }
        Vision::Protanopia => PROTANOPIA,
        Vision::Deuteranopia => DEUTERANOPIA,
        Vision::Tritanopia => TRITANOPIA,
    };
    [0, 1, 2].map(|i| (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0))
}

/// CIELAB (D65) of a linear RGB colour.
fn lab(l: [f64; 3]) -> [f64; 3] {
    let x = 0.4124564 * l[0] + 0.3575761 * l[1] + 0.1804375 * l[2];
    let y = 0.2126729 * l[0] + 0.7151522 * l[1] + 0.0721750 * l[2];
    let z = 0.0193339 * l[0] + 0.1191920 * l[1] + 0.9503041 * l[2];
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIEDE2000 colour difference (Sharma, Wu and Dalal 2005).
fn ciede2000(a: [f64; 3], b: [f64; 3]) -> f64 {
    let [l1, a1, b1] = a;
    let [l2, a2, b2] = b;
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dlp = l2 - l1;
    let dcp = c2p - c1p;
    let dhp = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p - h1p > 180.0 {
        h2p - h1p - 360.0
    } else {
        h2p - h1p + 360.0
    };
    let d_hp = 2.0 * (c1p * c2p).sqrt() * (dhp / 2.0).to_radians().sin();
    let lbp = (l1 + l2) / 2.0;
    let cbp = (c1p + c2p) / 2.0;
    let hbp = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * (hbp - 30.0).to_radians().cos()
        + 0.24 * (2.0 * hbp).to_radians().cos()
        + 0.32 * (3.0 * hbp + 6.0).to_radians().cos()
        - 0.20 * (4.0 * hbp - 63.0).to_radians().cos();
    let d_theta = 30.0 * (-((hbp - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (cbp.powi(7) / (cbp.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (lbp - 50.0).powi(2) / (20.0 + (lbp - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cbp;
    let sh = 1.0 + 0.015 * cbp * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    ((dlp / sl).powi(2) + (dcp / sc).powi(2) + (d_hp / sh).powi(2) + rt * (dcp / sc) * (d_hp / sh))
        .sqrt()
}

fn rgb(c: eframe::egui::Color32) -> [u8; 3] {
    [c.r(), c.g(), c.b()]
}

fn difference(a: [u8; 3], b: [u8; 3], vision: Vision) -> f64 {
    ciede2000(lab(simulate(a, vision)), lab(simulate(b, vision)))
}

/// The closest pair of `colours` as seen with `vision`: (ΔE2000, names).
fn closest(colours: &[(&str, [u8; 3])], vision: Vision) -> (f64, String) {
    let mut best = (f64::INFINITY, String::new());
    for (i, (na, a)) in colours.iter().enumerate() {
        for (nb, b) in &colours[i + 1..] {
            let d = difference(*a, *b, vision);
            if d < best.0 {
                best = (d, format!("{na}/{nb}"));
            }
        }
    }
    best
}

fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (ya, yb) = (luminance(a.map(linear)), luminance(b.map(linear)));
    (ya.max(yb) + 0.05) / (ya.min(yb) + 0.05)
}

fn dice() -> Vec<(&'static str, [u8; 3])> {
    DiceColour::ALL
        .iter()
        .map(|&c| (c.name(), rgb(theme::dice_colour(c))))
        .collect()
}

/// The dice as printed on the seeder's picture (white pips on them, on white paper).
fn printed_dice() -> Vec<(&'static str, [u8; 3])> {
    DiceColour::ALL
        .iter()
        .map(|&c| (c.name(), noctiluca::seeder::png::dice_rgb(c)))
        .collect()
}

fn jars() -> Vec<(&'static str, [u8; 3])> {
    JarColour::ALL
        .iter()
        .map(|&c| (c.name(), rgb(theme::jar_colour(c))))
        .collect()
}

/// At a glance, for trichromats: well past "clearly different" (ΔE2000 ≈ 10).
const NORMAL_MIN: f64 = 25.0;
/// For each dichromacy: still "clearly different" (ΔE2000 ≥ 10), where the old blue and
/// purple dice were 0.8 apart for deuteranopes.
const DICHROMAT_MIN: f64 = 10.0;
/// Pieces are drawn on dark water: at least WCAG's 4.5:1 (text contrast) against both shades.
const CONTRAST_MIN: f64 = 4.5;

#[test]
fn the_colour_model_matches_published_values() {
    // CIEDE2000 test pairs 1, 7, 17 and 25 from Sharma, Wu and Dalal (2005).
    for (a, b, expected) in [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        (
            [60.2574, -34.0099, 36.2677],
            [60.4626, -34.1751, 39.4387],
            1.2644,
        ),
    ] {
        let d = ciede2000(a, b);
        assert!(
            (d - expected).abs() < 1e-4,
            "{a:?} {b:?}: {d} not {expected}"
        );
    }
    // sRGB white is L* 100, a* b* 0; a grey looks the same to everyone.
    let white = lab(simulate([255, 255, 255], Vision::Normal));
    assert!((white[0] - 100.0).abs() < 1e-3 && white[1].abs() < 1e-2 && white[2].abs() < 1e-2);
    for v in VISIONS {
        let grey = simulate([128, 128, 128], v);
        let seen = simulate([128, 128, 128], Vision::Normal);
        for i in 0..3 {
            assert!(
                (grey[i] - seen[i]).abs() < 2e-3,
                "{v:?} changes grey: {grey:?}"
            );
        }
    }
    // The model does what it is for: pure red and green collapse for a deuteranope.
    assert!(difference([255, 0, 0], [0, 200, 0], Vision::Normal) > 50.0);
    assert!(
        difference([220, 60, 40], [90, 140, 40], Vision::Deuteranopia)
            < difference([220, 60, 40], [90, 140, 40], Vision::Normal) / 3.0
    );
}

#[test]
fn piece_colours_stay_apart_for_every_colour_vision() {
    for (set, colours) in [
        ("dice", dice()),
        ("jars", jars()),
        ("printed dice", printed_dice()),
    ] {
        for v in VISIONS {
            let (d, pair) = closest(&colours, v);
            println!("{set} {v:?}: closest {pair}, ΔE2000 {d:.1}");
            let min = match v {
                Vision::Normal => NORMAL_MIN,
                // Nothing tells four hues apart by lightness alone at this contrast; the
                // glyphs do (see the glyph test below).
                Vision::Achromatopsia => 5.0,
                _ => DICHROMAT_MIN,
            };
            assert!(
                d >= min,
                "{set}, {v:?}: {pair} are only {d:.1} apart (at least {min})"
            );
        }
    }
}

#[test]
fn every_piece_stands_out_from_the_water() {
    for (name, c) in dice().into_iter().chain(jars()) {
        for (water, shade) in [("deep water", theme::WATER_DEEP), ("water", theme::WATER)] {
            let ratio = contrast(c, rgb(shade));
            assert!(
                ratio >= CONTRAST_MIN,
                "{name} on {water}: contrast {ratio:.1}:1"
            );
        }
    }
}

#[test]
fn printed_dice_carry_white_pips_on_white_paper() {
    for (name, c) in printed_dice() {
        let ratio = contrast(c, [255, 255, 255]);
        assert!(
            ratio >= 3.0,
            "printed {name}: contrast with white {ratio:.1}:1"
        );
    }
}

#[test]
fn every_colour_has_its_own_glyph() {
    let glyphs: Vec<&str> = DiceColour::ALL
        .iter()
        .map(|&c| theme::dice_glyph(c))
        .chain(JarColour::ALL.iter().map(|&c| theme::jar_glyph(c)))
        .collect();
    for (i, g) in glyphs.iter().enumerate() {
        assert!(!glyphs[i + 1..].contains(g), "{g} stands for two colours");
        assert!(
            theme::SPECIAL_GLYPHS.contains(g),
            "{g} is not among the glyphs whose fonts are checked"
        );
    }
}
