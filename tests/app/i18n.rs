//! Language and keyboard across the whole app: every screen in Traditional Chinese with every
//! string translated and every glyph in the app's fonts, and every mode reached without a mouse.

use crate::app_support::*;
use eframe::egui;
use noctiluca::app::ScreenKind;
use noctiluca::app::home::{EXTRAS, MODES};
use noctiluca::i18n::Lang;

#[test]
fn every_mode_is_reached_by_keyboard_alone() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    h.run();
    for m in MODES.iter().chain(EXTRAS) {
        tab_to(&mut h, m.title, 20);
        press(&mut h, egui::Key::Enter);
        assert_eq!(h.state().current, m.screen, "Enter on {:?}", m.title);
        // Escape goes back (a first press may only leave a focused field).
        for _ in 0..3 {
            if h.state().current == ScreenKind::Home {
                break;
            }
            press(&mut h, egui::Key::Escape);
        }
        assert_eq!(
            h.state().current,
            ScreenKind::Home,
            "Esc from {:?}",
            m.title
        );
    }
}

/// Every screen as it opens, drawn in Traditional Chinese: nothing untranslated, and (the
/// harness panics on a glyph no font has) every character drawn from the app's own fonts.
#[test]
fn every_screen_opens_in_traditional_chinese() {
    for screen in [
        ScreenKind::Home,
        ScreenKind::Play,
        ScreenKind::Online,
        ScreenKind::Calculator,
        ScreenKind::Seeder,
        ScreenKind::Solo,
        ScreenKind::Settings,
        ScreenKind::About,
    ] {
        let mut h = app_on(screen, fake(None));
        set_language(&mut h, Lang::ZhHant);
        h.run();
        // The About screen names fonts, licences and files, which stay as they are.
        let allow = [
            "Noto",
            "Sans",
            "CJK",
            "Emoji",
            "SIL",
            "Ubuntu",
            "Hack",
            "egui",
            "Apache",
            "SPEC",
            "md",
            "NOCTILUCA",
            "CONFIG",
            "DIR",
            "assets",
            "data",
            "jar",
            "deck",
            "ron",
            "token",
            "values",
            "solo",
            "board",
            // The language picker names each language in itself.
            "English",
        ];
        assert_translated(&h, &format!("{screen:?}"), &allow);
        // The top bar names the screen (home shows the app's name instead).
        noctiluca::i18n::set_lang(Lang::ZhHant);
        let title = match screen {
            ScreenKind::Home => noctiluca::i18n::tr("Noctiluca Table"),
            s => s.title(),
        };
        noctiluca::i18n::set_lang(Lang::En);
        assert_shows(&h, title);
    }
}

/// The language is switched in Settings, at once, and comes back after a restart.
#[test]
fn language_switches_in_settings_without_restart_and_is_remembered() {
    let mut h = app_on(ScreenKind::Settings, fake(None));
    h.run();
    assert_shows(&h, "Language");
    tab_to(&mut h, Lang::ZhHant.native_name(), 20);
    press(&mut h, egui::Key::Space);
    assert_eq!(h.state().shared.settings.language, Lang::ZhHant);
    assert_shows(&h, "語言");
    assert_shows(&h, "色盲輔助符號");
    assert!(!shows(&h, "Colour-blind glyphs"));
    assert_all_translated("Settings after the switch");

    let scratch_dir = scratch("lang-settings");
    let file = scratch_dir.join("settings.ron");
    noctiluca::app::settings::write_settings_file(&file, &h.state().shared.settings).unwrap();
    assert_eq!(
        noctiluca::app::startup_settings(Some(&file), None)
            .settings
            .language,
        Lang::ZhHant
    );

    // And back to English.
    click(&mut h, "English");
    assert_shows(&h, "Colour-blind glyphs");
}

#[test]
fn a_first_start_follows_the_system_locale() {
    use noctiluca::app::language_of_locale;
    for l in [
        "zh_TW.UTF-8",
        "zh_HK",
        "zh-Hant",
        "zh-Hant-TW",
        "zh_MO.UTF-8",
    ] {
        assert_eq!(language_of_locale(l), Lang::ZhHant, "{l}");
    }
    for l in [
        "zh_CN.UTF-8",
        "en_GB.UTF-8",
        "C",
        "POSIX",
        "de_DE",
        "zh-Hans",
    ] {
        assert_eq!(language_of_locale(l), Lang::En, "{l}");
    }
}

/// Every translation in the catalogue, not only those the screens above reach, has glyphs in
/// the app's fonts (the Chinese subset is cut from the catalogue by a script; a stale subset
/// fails here).
#[test]
fn the_fonts_cover_every_translation() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    h.run();
    let mut lacking = Vec::new();
    for text in noctiluca::i18n::zh_hant().values() {
        for c in text.chars() {
            let ok = h.ctx.fonts_mut(|f| {
                f.has_glyph(&egui::FontId::proportional(16.0), c)
                    && f.has_glyph(&egui::FontId::monospace(15.0), c)
            });
            if !ok && !lacking.contains(&c) {
                lacking.push(c);
            }
        }
    }
    assert!(
        lacking.is_empty(),
        "characters without a glyph (run assets/fonts/make-cjk-subset.sh): {lacking:?}"
    );
}

#[test]
fn unnamed_seats_follow_the_language_of_the_moment() {
    let mut h = crate::game::play_app(None);
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: human");
    click(&mut h, "Start the game");
    assert_eq!(h.state().game.game.as_ref().unwrap().name(1), "Player 2");
    set_language(&mut h, Lang::ZhHant);
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.names(), vec!["玩家 1".to_string(), "玩家 2".to_string()]);
    // Files keep the English, which reads in each reader's language.
    assert_eq!(g.save().record.names, vec!["Player 1", "Player 2"]);
    h.run();
    assert!(!shows(&h, "Player 1"), "an unnamed seat left in English");
    set_language(&mut h, Lang::En);
    assert_eq!(h.state().game.game.as_ref().unwrap().name(0), "Player 1");
}

/// A plot's upright axis is labelled in English only: the plot turns the label on its side,
/// and Chinese characters lay on theirs.
#[test]
fn an_upright_axis_is_labelled_only_where_the_words_can_lie_on_their_side() {
    use noctiluca::app::theme::side_label;
    noctiluca::i18n::set_lang(noctiluca::i18n::Lang::ZhHant);
    assert_eq!(side_label(noctiluca::i18n::tr("points")), "");
    noctiluca::i18n::set_lang(noctiluca::i18n::Lang::En);
    assert_eq!(side_label(noctiluca::i18n::tr("points")), "points");
}

/// System fonts found as the app starts join its own, each after them: a font for other
/// alphabets (Hebrew in a friend's name had been boxes) as well as the CJK one (one had
/// replaced the other), and a glyph only the added font has is then drawn.
#[test]
fn system_fonts_join_the_app_s_fonts_together() {
    let ctx = egui::Context::default();
    noctiluca::app::theme::install(&ctx);
    let font =
        || egui::FontData::from_static(include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf"));
    noctiluca::app::theme::add_fallback_fonts(
        &ctx,
        vec![("system-cjk", font()), ("system-scripts", font())],
    );
    let mut out = ctx.run_ui(Default::default(), |_| {});
    out.textures_delta.clear();
    let families = ctx.fonts(|f| f.definitions().families.clone());
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let names = &families[&family];
        let at = |n: &str| names.iter().position(|x| x == n);
        assert_eq!(
            at("system-cjk").map(|i| i + 1),
            at("system-scripts"),
            "{names:?}"
        );
        assert_eq!(at("system-scripts"), Some(names.len() - 1), "{names:?}");
    }
}
