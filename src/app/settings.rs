//! Settings that persist across restarts, in their own file (`settings.ron` in the config
//! folder, written atomically as soon as they change). A file that does not read is moved
//! aside and the player told; settings of earlier versions are read from eframe's storage.

use super::{Command, Shared, theme};
use crate::i18n::{Lang, tr};
use crate::trf;
use eframe::egui;
use serde::{Deserialize, Serialize};

/// Read strictly first (`from_ron`): a file with none of these fields is another program's,
/// and is moved aside rather than read as the defaults and written over. A later version's,
/// with fields of its own beside these, keeps what this version knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The language of every screen (the command line stays English).
    pub language: Lang,
    /// Show a shape next to every colour, for colour-blind players.
    pub glyphs: bool,
    /// Reopen the window at its last size and place; otherwise at the default size.
    pub remember_window: bool,
    /// The folder of the last file saved or opened, where the next file dialog starts.
    pub last_folder: Option<std::path::PathBuf>,
    /// The size of everything drawn, text and board, in percent (`TEXT_SIZES`).
    pub text_size: u16,
    /// The name last used to host or join an online game: the forms start with it.
    pub player_name: String,
    /// No flying tokens, no tumbling die, no sliding or smooth scrolling.
    pub reduce_motion: bool,
    /// How long each AI move stays on screen at the table, in tenths of a second (the
    /// table's "AI pace", 0 to 30).
    pub ai_pace_tenths: u8,
    /// The port and the address for friends last used to host a game online (empty: the
    /// form's own): a forwarded port is typed once, not at every game.
    pub host_port: String,
    pub host_address: String,
    /// The courses played through to their end ("Learn to play" marks them done).
    pub courses_done: Vec<crate::app::tutorial::script::Course>,
}

/// The text sizes offered, in percent: Ctrl+Plus and Ctrl+Minus step through them as well.
pub const TEXT_SIZES: std::ops::RangeInclusive<u16> = 80..=200;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Lang::En,
            glyphs: true,
            remember_window: true,
            last_folder: None,
            text_size: 100,
            player_name: String::new(),
            reduce_motion: false,
            ai_pace_tenths: 8,
            host_port: String::new(),
            host_address: String::new(),
            courses_done: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SettingsScreen {
    /// The text size last given to the window (`sync_text_size`).
    applied_text_size: Option<u16>,
    /// The motion setting last given to the window's style, and the style's own animation
    /// time and scrolling before it (`sync_motion`).
    applied_motion: Option<bool>,
    own_motion: Option<(f32, egui::style::ScrollAnimation)>,
    /// The AI pace last given to the tables (`NoctilucaApp::sync_pace`).
    applied_pace: Option<f32>,
}

/// The settings file's name, in the config folder.
pub const SETTINGS_FILE: &str = "settings.ron";

impl Settings {
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    pub fn from_ron(text: &str) -> Result<Settings, String> {
        let strict = match ron::from_str(text) {
            Ok(s) => return Ok(s),
            Err(e) => e,
        };
        // A later version's file: its own fields are passed over, these kept (as long as one
        // of them is there, and each reads as this version reads it).
        // Each field as written (`language: ZhHant`) stands for the `Some` of its option.
        let later = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str::<LaterSettings>(text);
        match later {
            Ok(l)
                if l.language.is_some()
                    || l.glyphs.is_some()
                    || l.remember_window.is_some()
                    || l.text_size.is_some()
                    || l.player_name.is_some()
                    || l.reduce_motion.is_some()
                    || l.ai_pace_tenths.is_some() =>
            {
                let d = Settings::default();
                Ok(Settings {
                    language: l.language.unwrap_or(d.language),
                    glyphs: l.glyphs.unwrap_or(d.glyphs),
                    remember_window: l.remember_window.unwrap_or(d.remember_window),
                    last_folder: l.last_folder,
                    text_size: l.text_size.unwrap_or(d.text_size),
                    player_name: l.player_name.unwrap_or_default(),
                    reduce_motion: l.reduce_motion.unwrap_or(d.reduce_motion),
                    ai_pace_tenths: l.ai_pace_tenths.unwrap_or(d.ai_pace_tenths),
                    host_port: l.host_port.unwrap_or_default(),
                    host_address: l.host_address.unwrap_or_default(),
                    courses_done: l.courses_done.unwrap_or_default(),
                })
            }
            _ => Err(crate::words::ron_error(&strict)),
        }
    }
}

impl Settings {
    /// A settings file with a value or two this version cannot read (a hand edit's
    /// `language: Zh`): the settings without those lines, and each line's field and problem.
    /// `None` when it does not come right so (not a settings file at all). A wrong value had
    /// sent every setting back to its default.
    pub fn mend(text: &str) -> Option<(Settings, Vec<(String, ron::error::SpannedError)>)> {
        const FIELDS: [&str; 11] = [
            "language",
            "glyphs",
            "remember_window",
            "last_folder",
            "text_size",
            "player_name",
            "reduce_motion",
            "ai_pace_tenths",
            "host_port",
            "host_address",
            "courses_done",
        ];
        let mut lines: Vec<&str> = text.lines().collect();
        let mut dropped = Vec::new();
        while dropped.len() < FIELDS.len() {
            let now = lines.join("\n");
            let e = match ron::from_str::<Settings>(&now) {
                Ok(_) => break,
                Err(e) => e,
            };
            if Settings::from_ron(&now).is_ok() {
                break;
            }
            // The line the problem is on, when it holds one field of ours whole.
            let at = e.span.start.line.checked_sub(1)?;
            let line = lines.get(at)?;
            let (name, value) = line.split_once(':')?;
            let name = name.trim();
            let whole = value.trim().trim_end_matches(',');
            let balanced = ["()", "[]"].iter().all(|p| {
                let [o, c]: [char; 2] = [p.as_bytes()[0] as char, p.as_bytes()[1] as char];
                whole.matches(o).count() == whole.matches(c).count()
            });
            if !FIELDS.contains(&name) || !balanced {
                return None;
            }
            dropped.push((name.to_string(), e));
            lines.remove(at);
        }
        if dropped.is_empty() {
            return None;
        }
        Settings::from_ron(&lines.join("\n"))
            .ok()
            .map(|s| (s, dropped))
    }
}

/// The fields of `Settings` in a file that has others too (a later version's).
#[derive(Default, Deserialize)]
#[serde(default, rename = "Settings")]
struct LaterSettings {
    language: Option<Lang>,
    glyphs: Option<bool>,
    remember_window: Option<bool>,
    last_folder: Option<std::path::PathBuf>,
    text_size: Option<u16>,
    player_name: Option<String>,
    reduce_motion: Option<bool>,
    ai_pace_tenths: Option<u8>,
    host_port: Option<String>,
    host_address: Option<String>,
    courses_done: Option<Vec<crate::app::tutorial::script::Course>>,
}

/// The settings at `file`: no value when there is no file yet; a file that does not read is
/// moved aside and the notice says what to tell the player (in the current language).
/// `keep_saving` is false when something that could not be moved aside is in the way: the
/// app then does not write the file.
pub fn read_settings_file(file: &std::path::Path) -> super::state_file::Found<Settings> {
    // A value or two that do not read: the others are kept, the file set aside as it was.
    let text = crate::engine::files::read_text(file, crate::engine::files::MAX_TEXT_BYTES);
    if let Ok(text) = &text
        && Settings::from_ron(text).is_err()
        && let Some((settings, dropped)) = Settings::mend(text)
    {
        let dropped =
            crate::i18n::Said::new(move || {
                crate::words::join_and(dropped.iter().map(|(field, problem)| {
                    format!("{field} ({})", crate::words::ron_error(problem))
                }))
            });
        let mut found: super::state_file::Found<Settings> =
            super::state_file::set_aside(file, crate::i18n::n("Your settings"), dropped.clone());
        if let Some(notice) = found.notice.take() {
            found.notice = Some(crate::i18n::Said::new(move || {
                trf!(
                    "{notice} The settings that did read are kept; the others are back to their defaults: {fields}.",
                    notice = notice.text(),
                    fields = dropped.text()
                )
            }));
        }
        found.value = Some(settings);
        return found;
    }
    let mut found =
        super::state_file::load(file, crate::i18n::n("Your settings"), Settings::from_ron);
    if let Some(notice) = found.notice.take() {
        found.notice = Some(crate::i18n::Said::new(move || {
            trf!(
                "{notice} The defaults are used until you change them in Settings.",
                notice = notice.text()
            )
        }));
    }
    found
}

impl super::NoctilucaApp {
    /// The AI pace is one setting, whichever table's slider set it: kept with the settings
    /// and given to every table (Play, Learn to play, Play online).
    pub(super) fn sync_pace(&mut self) {
        let tables = [
            self.game.pace,
            self.tutorial.play.pace,
            self.online.play.pace,
        ];
        // The first frame takes the setting as kept; later, a table's pace that moved since
        // the last frame (its slider) becomes the setting, in tenths of the slider's range.
        let pace = match self.settings_screen.applied_pace {
            None => self.shared.settings.ai_pace_tenths.min(30) as f32 / 10.0,
            Some(last) => match tables.iter().find(|&&p| (p - last).abs() > 0.001) {
                Some(&moved) => {
                    self.shared.settings.ai_pace_tenths =
                        (moved * 10.0).round().clamp(0.0, 30.0) as u8;
                    moved
                }
                None => last,
            },
        };
        self.game.pace = pace;
        self.tutorial.play.pace = pace;
        self.online.play.pace = pace;
        self.settings_screen.applied_pace = Some(pace);
    }
}

/// Writes the settings to `file` (atomically).
pub fn write_settings_file(file: &std::path::Path, s: &Settings) -> std::io::Result<()> {
    crate::paths::write_atomic(file, s.to_ron().as_bytes())
}

impl SettingsScreen {
    /// Keeps the window's zoom and the text-size setting together, before a frame is drawn:
    /// a changed setting (Settings, or the file at start) sizes the window; a size changed
    /// by Ctrl+Plus or Ctrl+Minus (egui's own keys) becomes the setting, within `TEXT_SIZES`.
    pub fn sync_text_size(&mut self, ctx: &egui::Context, settings: &mut Settings) {
        let clamp = |p: u16| p.clamp(*TEXT_SIZES.start(), *TEXT_SIZES.end());
        let zoom = |p: u16| p as f32 / 100.0;
        let wanted = clamp(settings.text_size);
        if self.applied_text_size != Some(wanted) {
            ctx.set_zoom_factor(zoom(wanted));
        } else if (ctx.zoom_factor() - zoom(wanted)).abs() > 0.004 {
            // Changed by the keys since it was applied.
            let keyed = clamp((ctx.zoom_factor() * 100.0).round() as u16);
            if zoom(keyed) != ctx.zoom_factor() {
                ctx.set_zoom_factor(zoom(keyed));
            }
            settings.text_size = keyed;
            self.applied_text_size = Some(keyed);
            return;
        }
        settings.text_size = wanted;
        self.applied_text_size = Some(wanted);
    }

    /// Gives the window's style the motion setting: without motion, panels and scrolling
    /// move at once; with it, as the theme has them.
    pub fn sync_motion(&mut self, ctx: &egui::Context, settings: &Settings) {
        if self.applied_motion == Some(settings.reduce_motion) {
            return;
        }
        let own = *self.own_motion.get_or_insert_with(|| {
            let s = ctx.global_style();
            (s.animation_time, s.scroll_animation)
        });
        ctx.all_styles_mut(|s| {
            (s.animation_time, s.scroll_animation) = if settings.reduce_motion {
                (0.0, egui::style::ScrollAnimation::none())
            } else {
                own
            };
        });
        self.applied_motion = Some(settings.reduce_motion);
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        // Scrolled, following the keyboard: at a large text size the page is taller than the
        // window.
        egui::ScrollArea::vertical().show(ui, |ui| {
            self.page(ui, shared);
            crate::app::scroll::page(ui);
        });
        None
    }

    fn page(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        crate::app::theme::heading(ui, egui::RichText::new(tr("Settings")).heading());
        ui.add_space(8.0);
        if let Some(p) = &shared.settings_problem {
            theme::warning_frame().show(ui, |ui| {
                ui.set_max_width(ui.available_width().min(640.0));
                ui.label(format!("{} {p}", theme::WARNING_GLYPH));
            });
            ui.add_space(8.0);
        }
        let problem = shared.settings_problem.is_some();
        let s = &mut shared.settings;
        theme::card_frame().show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(640.0));
            ui.label(egui::RichText::new(tr("Language")).strong());
            ui.horizontal(|ui| {
                for (i, lang) in Lang::ALL.into_iter().enumerate() {
                    // Apart, so a name does not read as the next one's button's.
                    if i > 0 {
                        ui.add_space(16.0);
                    }
                    // Each language is named in itself, so a player can find their own.
                    ui.radio_value(&mut s.language, lang, lang.native_name())
                        .on_hover_text(tr("Takes effect at once, and is remembered"));
                }
            });
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                let label = ui.label(egui::RichText::new(tr("Text size")).strong());
                let slider = ui
                    .add(
                        egui::Slider::new(&mut s.text_size, TEXT_SIZES)
                            .step_by(10.0)
                            .suffix("%"),
                    )
                    .labelled_by(label.id);
                // egui's slider takes the arrows; Home and End go to its ends, as a slider's
                // keys do elsewhere.
                if slider.has_focus() {
                    let (home, end) = ui.input_mut(|i| {
                        (
                            i.consume_key(egui::Modifiers::NONE, egui::Key::Home),
                            i.consume_key(egui::Modifiers::NONE, egui::Key::End),
                        )
                    });
                    if home {
                        s.text_size = *TEXT_SIZES.start();
                    } else if end {
                        s.text_size = *TEXT_SIZES.end();
                    }
                }
                if ui
                    .add_enabled(s.text_size != 100, egui::Button::new(tr("Back to 100%")))
                    .clicked()
                {
                    s.text_size = 100;
                }
            });
            ui.label(
                egui::RichText::new(tr(
                    "Everything grows or shrinks with it: text, board and buttons. Ctrl+Plus and \
                     Ctrl+Minus change it too, and Ctrl+0 sets it back to 100%.",
                ))
                .color(theme::TEXT_DIM)
                .small(),
            );
            ui.add_space(12.0);
            ui.checkbox(&mut s.reduce_motion, tr("Reduce motion"));
            ui.label(
                egui::RichText::new(tr(
                    "No flying tokens, no tumbling die, no sliding panels or smooth scrolling: \
                     everything shows at once. How long each AI move stays on screen is set \
                     at the table (AI pace).",
                ))
                .color(theme::TEXT_DIM)
                .small(),
            );
            ui.add_space(12.0);
            ui.checkbox(&mut s.glyphs, tr("Colour-blind glyphs"));
            ui.label(
                egui::RichText::new(trf!(
                    "Dice, jars and tokens always show their shape on the board and the cards. \
                     On, colour words in the text show it too: dice {dice}, tokens and jars \
                     {jars}.",
                    // Listed as the language lists (、 in Chinese).
                    dice = crate::words::join_list(
                        crate::engine::DiceColour::ALL.map(|c| theme::dice_label(c, true))
                    ),
                    jars = crate::words::join_list(crate::engine::JarColour::ALL.map(|c| format!(
                        "{}\u{a0}{}",
                        theme::jar_glyph(c),
                        theme::jar_name(c)
                    ))),
                ))
                .color(theme::TEXT_DIM)
                .small(),
            );
            ui.add_space(12.0);
            ui.checkbox(
                &mut s.remember_window,
                tr("Remember window size and position"),
            );
            ui.label(
                egui::RichText::new(trf!(
                    "When off, the window opens at {width}×{height} each time.",
                    width = theme::DEFAULT_WINDOW[0],
                    height = theme::DEFAULT_WINDOW[1]
                ))
                .color(theme::TEXT_DIM)
                .small(),
            );
            if ui.button(tr("Reset window size now")).clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::InnerSize(
                    theme::default_window(ui.ctx().zoom_factor()),
                ));
            }
            // Where they are saved, unless the warning above says they are not.
            if !problem {
                ui.add_space(12.0);
                ui.label(
                    egui::RichText::new(match &shared.settings_file {
                        Some(f) => {
                            trf!("Settings are saved at once, in {file}.", file = f.display())
                        }
                        None => tr("There is no config folder, so settings are not saved.").into(),
                    })
                    .color(theme::TEXT_DIM)
                    .small(),
                );
            }
        });
    }
}
