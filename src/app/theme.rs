//! The night-pool look: every colour, size and glyph the app uses, in one place.

use crate::engine::{DiceColour, JarColour};
use crate::i18n::tr;
use eframe::egui;
use eframe::egui::{Color32, CornerRadius, FontFamily, FontId, Margin, Stroke, TextStyle, Visuals};

/// Deep water behind everything.
/// The longest name a person can type for a seat, online or in the calculator (an online host
/// keeps no more, and the table, the history and the scores stay readable with it).
pub const NAME_CHARS: usize = 40;

/// Said beside a name field once its name is as long as a name may be (the letters typed or
/// pasted past it had gone without a word).
pub fn name_limit(ui: &mut egui::Ui, name: &str) {
    if name.chars().count() >= NAME_CHARS {
        ui.label(
            egui::RichText::new(crate::trf!(
                "at most {count} characters",
                count = NAME_CHARS
            ))
            .small()
            .color(TEXT_DIM),
        );
    }
}

pub const WATER_DEEP: Color32 = Color32::from_rgb(0x08, 0x11, 0x22);
/// Panels and cards, a shade lighter than the water.
pub const WATER: Color32 = Color32::from_rgb(0x0e, 0x1d, 0x36);
/// Text fields and buttons at rest.
pub const SHALLOWS: Color32 = Color32::from_rgb(0x16, 0x2b, 0x4d);
/// Hovered widgets.
pub const SHALLOWS_HOVER: Color32 = Color32::from_rgb(0x1f, 0x3b, 0x66);
/// A control pressed, or with the keyboard on it.
pub const PRESSED: Color32 = Color32::from_rgb(0x2a, 0x4c, 0x80);
/// Card borders and separators.
pub const RIM: Color32 = Color32::from_rgb(0x2a, 0x47, 0x73);
/// The glow of the noctiluca: headings, focus, selection.
pub const GLOW: Color32 = Color32::from_rgb(0x6f, 0xe3, 0xd8);
pub const TEXT: Color32 = Color32::from_rgb(0xdc, 0xe7, 0xf5);
pub const TEXT_DIM: Color32 = Color32::from_rgb(0x93, 0xa7, 0xc4);
/// Entries that cannot come from a real game.
pub const WARNING: Color32 = Color32::from_rgb(0xff, 0xb4, 0x54);
pub const GOOD: Color32 = Color32::from_rgb(0x7b, 0xe0, 0xa0);
/// The shores and the board's path buttons (the sand round the pool), and under the mouse.
pub const SAND: Color32 = Color32::from_rgb(0xd9, 0xc0, 0x8a);
pub const SAND_HOVER: Color32 = Color32::from_rgb(0xf2, 0xdc, 0xa8);

pub const BODY_SIZE: f32 = 16.0;
pub const HEADING_SIZE: f32 = 26.0;
pub const SMALL_SIZE: f32 = 13.5;
pub const CARD_RADIUS: u8 = 10;

/// Window sizes (points at 100% text size).
pub const DEFAULT_WINDOW: [f32; 2] = [1280.0, 800.0];
pub const MIN_WINDOW: [f32; 2] = [960.0, 640.0];

/// Width of one player's card in the score calculator.
pub const CARD_WIDTH: f32 = 288.0;
/// Width of the field labels inside a card.
pub const FIELD_LABEL_WIDTH: f32 = 122.0;

/// Glyph shown for a warning next to a field.
pub const WARNING_GLYPH: &str = crate::i18n::WARNING;
pub const OK_GLYPH: &str = "✔";

/// The glowing colour of a die. Chosen to stay apart for protanopes, deuteranopes and
/// tritanopes as well (a deep violet against a light sky blue, not two mid blues); the check
/// is `tests/palette_cvd.rs`, the figures `packaging/screenshots/colour-vision.md`.
pub fn dice_colour(c: DiceColour) -> Color32 {
    match c {
        DiceColour::Orange => Color32::from_rgb(0xf1, 0x7b, 0x22),
        DiceColour::Green => Color32::from_rgb(0x5f, 0xf5, 0x78),
        DiceColour::Purple => Color32::from_rgb(0xbf, 0x53, 0xf0),
        DiceColour::Blue => Color32::from_rgb(0x68, 0xbf, 0xef),
    }
}

/// Shape glyphs for colour-blind players: each dice colour has its own shape.
pub fn dice_glyph(c: DiceColour) -> &'static str {
    match c {
        DiceColour::Orange => "●",
        DiceColour::Green => "▲",
        DiceColour::Purple => "◆",
        DiceColour::Blue => "■",
    }
}

/// Each seat's pawn colour (pawns also carry the seat number).
pub fn seat_colour(seat: u8) -> Color32 {
    match seat % 4 {
        0 => Color32::from_rgb(0xf0, 0xf0, 0xf0),
        1 => Color32::from_rgb(0xff, 0xd8, 0x6b),
        2 => Color32::from_rgb(0x9f, 0xe8, 0xff),
        _ => Color32::from_rgb(0xff, 0xa8, 0xd8),
    }
}

/// The colour of a jar card and its point tokens: a light gold, a dark brown and a red
/// between them, so that lightness tells them apart where hue does not (checked with the
/// dice colours).
pub fn jar_colour(c: JarColour) -> Color32 {
    match c {
        JarColour::Gold => Color32::from_rgb(0xfa, 0xcd, 0x29),
        JarColour::Brown => Color32::from_rgb(0xb3, 0x77, 0x3a),
        JarColour::Red => Color32::from_rgb(0xec, 0x6c, 0x77),
    }
}

/// Shape glyphs for the jar (token) colours.
pub fn jar_glyph(c: JarColour) -> &'static str {
    match c {
        JarColour::Gold => "◎",
        JarColour::Brown => "✖",
        JarColour::Red => "♥",
    }
}

/// Every glyph the app draws outside plain ASCII, so a test can check the fonts cover them.
pub const SPECIAL_GLYPHS: &[&str] = &[
    "●", "▲", "▼", "◆", "■", "◎", "✖", "♥", "⚠", "✔", "→", "←", "—", "–", "×", "…", "·", "−", "“",
    "”",
];

const SYMBOLS_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf");
/// Noto Sans CJK TC cut down to the characters of the Traditional Chinese text, made by
/// `assets/fonts/make-cjk-subset.sh`.
pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKtc-Subset.otf");

/// The fonts the app uses; the tests load the very same ones. egui's built-in text fonts, then
/// Noto Emoji for the shapes and marks they lack, then the Chinese subset (last, so that the
/// shapes keep Noto Emoji's look).
pub fn fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "symbols".to_owned(),
        std::sync::Arc::new(
            egui::FontData::from_static(SYMBOLS_FONT).tweak(egui::FontTweak {
                scale: 0.85,
                ..Default::default()
            }),
        ),
    );
    fonts.font_data.insert(
        "cjk".to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    let proportional = fonts.families.entry(FontFamily::Proportional).or_default();
    // Hack (built in, for monospace) has the arrows and shapes Ubuntu lacks.
    proportional.push("Hack".to_owned());
    proportional.push("symbols".to_owned());
    proportional.push("cjk".to_owned());
    let monospace = fonts.families.entry(FontFamily::Monospace).or_default();
    monospace.push("symbols".to_owned());
    monospace.push("cjk".to_owned());
    fonts
}

/// Adds `found` (names and fonts) after all of the app's fonts, in order, for glyphs none of
/// them has.
pub fn add_fallback_fonts(ctx: &egui::Context, found: Vec<(&str, egui::FontData)>) {
    let mut fonts = fonts();
    for (name, font) in found {
        fonts
            .font_data
            .insert(name.to_owned(), std::sync::Arc::new(font));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts
                .families
                .entry(family)
                .or_default()
                .push(name.to_owned());
        }
    }
    ctx.set_fonts(fonts);
}

/// Installs fonts, text sizes, spacing and colours on a context.
pub fn install(ctx: &egui::Context) {
    ctx.set_fonts(fonts());
    ctx.set_theme(egui::Theme::Dark);
    ctx.style_mut_of(egui::Theme::Dark, apply_style);
}

fn apply_style(style: &mut egui::Style) {
    use FontFamily::Proportional;
    style.text_styles = [
        (TextStyle::Heading, FontId::new(HEADING_SIZE, Proportional)),
        (TextStyle::Body, FontId::new(BODY_SIZE, Proportional)),
        (TextStyle::Button, FontId::new(BODY_SIZE, Proportional)),
        (TextStyle::Small, FontId::new(SMALL_SIZE, Proportional)),
        (
            TextStyle::Monospace,
            FontId::new(BODY_SIZE - 1.0, FontFamily::Monospace),
        ),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(10.0, 8.0);
    style.spacing.button_padding = egui::vec2(12.0, 5.0);
    style.spacing.interact_size.y = 28.0;
    style.spacing.window_margin = Margin::same(16);
    style.visuals = visuals();
}

fn visuals() -> Visuals {
    let mut v = Visuals::dark();
    v.override_text_color = Some(TEXT);
    v.panel_fill = WATER_DEEP;
    v.window_fill = WATER;
    v.window_stroke = Stroke::new(1.0, RIM);
    v.extreme_bg_color = Color32::from_rgb(0x0a, 0x16, 0x2b);
    v.faint_bg_color = WATER;
    v.hyperlink_color = GLOW;
    v.warn_fg_color = WARNING;
    v.selection.bg_fill = Color32::from_rgb(0x1d, 0x5c, 0x63);
    v.selection.stroke = Stroke::new(1.0, GLOW);
    let radius = CornerRadius::same(6);
    v.widgets.noninteractive.bg_fill = WATER;
    v.widgets.noninteractive.bg_stroke = Stroke::new(1.0, RIM);
    v.widgets.noninteractive.fg_stroke = Stroke::new(1.0, TEXT);
    v.widgets.inactive.bg_fill = SHALLOWS;
    v.widgets.inactive.weak_bg_fill = SHALLOWS;
    v.widgets.inactive.fg_stroke = Stroke::new(1.0, TEXT);
    v.widgets.inactive.corner_radius = radius;
    v.widgets.hovered.bg_fill = SHALLOWS_HOVER;
    v.widgets.hovered.weak_bg_fill = SHALLOWS_HOVER;
    v.widgets.hovered.bg_stroke = Stroke::new(1.0, GLOW);
    v.widgets.hovered.corner_radius = radius;
    // A control pressed or with the keyboard on it (egui draws both as active): lighter
    // than hovered, and not the teal of a chosen option, which a focused choice beside the
    // chosen one read as (two options of one choice looked chosen).
    v.widgets.active.bg_fill = PRESSED;
    v.widgets.active.weak_bg_fill = PRESSED;
    v.widgets.active.bg_stroke = Stroke::new(1.5, GLOW);
    v.widgets.active.corner_radius = radius;
    v.widgets.open.corner_radius = radius;
    v
}

/// A message of the app's: dim, or in the warning colour when it says something went wrong
/// (`Said::warning`); wrapped to the room there is.
pub fn said_label(ui: &mut egui::Ui, said: &crate::i18n::Said, small: bool) -> egui::Response {
    let colour = if said.is_warning() { WARNING } else { TEXT_DIM };
    let text = egui::RichText::new(said.text()).color(colour);
    ui.add(egui::Label::new(if small { text.small() } else { text }).wrap())
}

/// A card: a rounded panel a shade lighter than the water.
pub fn card_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(WATER)
        .stroke(Stroke::new(1.0, RIM))
        .corner_radius(CornerRadius::same(CARD_RADIUS))
        .inner_margin(Margin::same(12))
}

/// A warning in a line of words: the warning sign before it and the warning colour (the
/// colour never says it alone).
pub fn warning_text(text: impl std::fmt::Display) -> egui::RichText {
    egui::RichText::new(format!("{WARNING_GLYPH} {text}")).color(WARNING)
}

/// The frame of a warning note.
pub fn warning_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(Color32::from_rgb(0x33, 0x24, 0x12))
        .stroke(Stroke::new(1.0, WARNING))
        .corner_radius(CornerRadius::same(6))
        .inner_margin(Margin::symmetric(10, 6))
}

/// A jar colour's name in the current language ("Gold").
pub fn jar_name(c: JarColour) -> &'static str {
    match c {
        JarColour::Gold => tr("Gold"),
        JarColour::Brown => tr("Brown"),
        JarColour::Red => tr("Red"),
    }
}

/// A dice colour's name in the current language ("Orange").
pub fn dice_name(c: DiceColour) -> &'static str {
    match c {
        DiceColour::Orange => tr("Orange"),
        DiceColour::Green => tr("Green"),
        DiceColour::Purple => tr("Purple"),
        DiceColour::Blue => tr("Blue"),
    }
}

/// "◎ Gold" (with the glyph when colour-blind glyphs are on), in the jar colour.
pub fn jar_label(c: JarColour, glyphs: bool) -> egui::RichText {
    let name = jar_name(c);
    // A no-break space: a wrapped line never leaves the shape without its name.
    let text = if glyphs {
        format!("{}\u{a0}{name}", jar_glyph(c))
    } else {
        name.to_owned()
    };
    egui::RichText::new(text).color(jar_colour(c)).strong()
}

/// "● Orange" (with the glyph when colour-blind glyphs are on, joined to the name by a
/// no-break space, so that a wrapped line never parts them).
pub fn dice_label(c: DiceColour, glyphs: bool) -> String {
    let name = dice_name(c);
    if glyphs {
        format!("{}\u{a0}{name}", dice_glyph(c))
    } else {
        name.to_owned()
    }
}

pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// How wide `text` is on one line, unwrapped.
pub fn one_line_width(ui: &egui::Ui, text: egui::RichText) -> f32 {
    egui::WidgetText::from(text)
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x
}

/// A heading: a label that screen readers list among the page's headings (and jump to), with
/// its words as its name.
pub fn heading(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    let text = text.into();
    let words = text.text().to_string();
    let r = ui.label(text);
    ui.ctx().accesskit_node_builder(r.id, |node| {
        node.set_role(egui::accesskit::Role::Heading);
        node.set_label(words);
    });
    r
}

/// A plot's label beside its upright axis, which the plot turns on its side: in a language
/// written in Chinese characters none (each character lay on its side; the heading and the
/// numbers say what the axis counts).
pub fn side_label(text: &str) -> &str {
    match crate::i18n::lang() {
        crate::i18n::Lang::En => text,
        crate::i18n::Lang::ZhHant => "",
    }
}

/// A click that is not the second (or third) of a double-click, for a button that may come up
/// under the pointer: the table's cover comes up as the last decision is made (the second
/// click of a double-click on Dive had uncovered the next person's secrets, or taken back the
/// decision just made), and the history's next Delete as a game is deleted (it had deleted
/// two).
pub fn first_click(r: &egui::Response) -> bool {
    r.clicked() && !r.double_clicked() && !r.triple_clicked()
}

/// The window's first size (`DEFAULT_WINDOW`, as at 100%) in points at the text size `zoom`
/// (1.5 for 150%): a size in points is multiplied by the text size, and at 150% "Reset window
/// size now" had made the window 1920×1200, past the screen.
pub fn default_window(zoom: f32) -> egui::Vec2 {
    egui::Vec2::from(DEFAULT_WINDOW) / zoom.max(0.25)
}
