//! State files the app finds at start-up that it cannot use — a corrupt, truncated or foreign
//! autosave, a FIFO where a file should be — are never silently dropped: the screen says what
//! is wrong and where the copy went, and starting anew does not destroy that copy.

use crate::app_support::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::{GameScreen, NoctilucaApp, ScreenKind, SoloScreen};
use noctiluca::engine::Components;
use std::path::Path;
use std::sync::Arc;

fn play_app(save: &Path) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), Some(save.to_path_buf()));
    app.game.animate = false;
    harness(app)
}

fn solo_app(save: &Path) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
    app.solo = SoloScreen::new(Arc::new(Components::default()), Some(save.to_path_buf()));
    app.solo.animate = false;
    harness(app)
}

/// What a damaged autosave may look like.
fn damaged(good: &str) -> Vec<(&'static str, Vec<u8>)> {
    vec![
        (
            "corrupt",
            b"(format: \"noctiluca-save\", version: 1, seats: [(name: ".to_vec(),
        ),
        ("truncated", good.as_bytes()[..good.len() / 2].to_vec()),
        (
            "foreign",
            b"{\"this\": \"is someone else's JSON\"}".to_vec(),
        ),
        ("binary", vec![0xff, 0xfe, 0x00, 0x12, 0x80]),
    ]
}

fn a_saved_game() -> String {
    let dir = scratch("state-good");
    let auto = dir.join("game-autosave.ron");
    let mut h = play_app(&auto);
    click(&mut h, "2 players");
    click(&mut h, "Seat 2: human");
    click(&mut h, "Start the game");
    drop(h);
    std::fs::read_to_string(&auto).expect("the game was autosaved")
}

#[test]
fn a_damaged_game_autosave_is_kept_aside_named_and_survives_a_new_game() {
    let good = a_saved_game();
    for (kind, bytes) in damaged(&good) {
        let dir = scratch(&format!("state-game-{kind}"));
        let auto = dir.join("game-autosave.ron");
        std::fs::write(&auto, &bytes).unwrap();
        let mut h = play_app(&auto);
        assert!(shows(&h, "The autosaved game could not be read"), "{kind}");
        assert!(h.query_by_label("Continue the saved game").is_none());
        let copies = kept(&auto);
        assert_eq!(copies.len(), 1, "{kind}: {copies:?}");
        assert!(
            shows(&h, &copies[0].display().to_string()),
            "{kind}: the copy's path is shown"
        );
        // A new game writes a new autosave; the copy is untouched.
        click(&mut h, "Start the game");
        assert!(auto.exists(), "{kind}: the new game is autosaved");
        assert_eq!(std::fs::read(&copies[0]).unwrap(), bytes, "{kind}");
    }
}

#[test]
fn a_damaged_solo_autosave_is_kept_aside_and_named() {
    for (kind, bytes) in damaged("(format: \"noctiluca-solo\", version: 1, seed: 3, log: [])") {
        let dir = scratch(&format!("state-solo-{kind}"));
        let auto = dir.join("solo-companion.ron");
        std::fs::write(&auto, &bytes).unwrap();
        let h = solo_app(&auto);
        assert!(
            shows(&h, "The autosaved solo game could not be read"),
            "{kind}"
        );
        let copies = kept(&auto);
        assert_eq!(copies.len(), 1, "{kind}: {copies:?}");
        assert_eq!(std::fs::read(&copies[0]).unwrap(), bytes);
        assert!(!auto.exists());
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_at_the_autosave_path_is_named_and_not_waited_on() {
    let dir = scratch("state-fifo");
    let auto = dir.join("game-autosave.ron");
    let ok = std::process::Command::new("mkfifo")
        .arg(&auto)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "mkfifo");
    // Were the FIFO opened, this would wait for a writer that never comes.
    let mut h = play_app(&auto);
    assert_shows(&h, "it is a pipe (FIFO), not a file");
    // Autosaving stays off, so the FIFO is not replaced.
    click(&mut h, "Start the game");
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&auto)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    // In Chinese too.
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    drop(h);
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.shared.settings.language = noctiluca::i18n::Lang::ZhHant;
    noctiluca::i18n::set_lang(noctiluca::i18n::Lang::ZhHant);
    app.game = GameScreen::new(Arc::new(Components::default()), Some(auto.clone()));
    let h = harness(app);
    assert!(shows(&h, "管道（FIFO）"));
    assert_all_translated("a FIFO at the autosave path, in Chinese");
}

#[test]
fn damaged_settings_are_kept_aside_and_the_player_told() {
    let dir = scratch("state-settings");
    let file = dir.join("settings.ron");
    // A Traditional Chinese setting, cut short by a crash.
    std::fs::write(&file, "(language: ZhHant, glyphs: fal").unwrap();
    let found = noctiluca::app::startup_settings(Some(&file), None);
    let (settings, notice) = (found.settings, found.notice);
    assert!(found.writable);
    let said = notice.expect("the player is told");
    let notice = said.text();
    assert!(
        notice.contains("Your settings could not be read"),
        "{notice}"
    );
    assert!(notice.contains("The defaults are used"), "{notice}");
    let copies = kept(&file);
    assert_eq!(copies.len(), 1);
    assert!(notice.contains(&copies[0].display().to_string()));
    assert_eq!(
        std::fs::read_to_string(&copies[0]).unwrap(),
        "(language: ZhHant, glyphs: fal"
    );
    let locale = noctiluca::app::system_locale();
    assert_eq!(
        settings,
        noctiluca::app::first_start_settings(locale.as_deref())
    );
    // The notice is on the home screen and on Settings until dismissed.
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    app.shared.notices.push(said.clone());
    app.shared.settings_problem = Some(said.clone());
    let mut h = harness(app);
    assert_shows(&h, "Your settings could not be read");
    // In the language chosen since (it had stayed in the one it was found in).
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    assert_shows(&h, "你的設定無法讀取");
    assert_shows(&h, &copies[0].display().to_string());
    set_language(&mut h, noctiluca::i18n::Lang::En);
    click(&mut h, "Dismiss");
    assert!(!shows(&h, "Your settings could not be read"));
    h.state_mut().current = ScreenKind::Settings;
    h.run();
    assert_shows(&h, "Your settings could not be read");
    // A setting changed and written: Home no longer says the defaults are used.
    h.state_mut().shared.notices.push(said.clone());
    h.state_mut().shared.settings_file = Some(file.clone());
    let mut saved = h.state().shared.settings.clone();
    h.state_mut().shared.settings.glyphs = !saved.glyphs;
    h.state_mut().save_settings_if_changed(&mut saved);
    assert!(h.state().shared.notices.is_empty());
    assert_eq!(h.state().shared.settings_problem, None);
    assert!(file.is_file());
}

#[test]
fn settings_come_from_their_file_and_once_from_an_earlier_versions_storage() {
    let dir = scratch("state-settings-file");
    let file = dir.join("settings.ron");
    // An earlier version kept them in eframe's storage: read from there while there is no file.
    let mut storage = MemoryStorage::default();
    eframe::set_value(
        &mut storage,
        "settings",
        &noctiluca::app::Settings {
            language: noctiluca::i18n::Lang::ZhHant,
            glyphs: false,
            remember_window: true,
            last_folder: None,
            text_size: 100,
            player_name: String::new(),
            reduce_motion: false,
            ai_pace_tenths: 8,
            host_port: String::new(),
            host_address: String::new(),
            courses_done: Vec::new(),
        },
    );
    let found = noctiluca::app::startup_settings(Some(&file), Some(&storage));
    let (s, notice) = (found.settings, found.notice);
    assert_eq!(notice, None);
    assert_eq!(s.language, noctiluca::i18n::Lang::ZhHant);
    assert!(!s.glyphs);
    // Once written, the file is what counts.
    let english = noctiluca::app::Settings::default();
    noctiluca::app::settings::write_settings_file(&file, &english).unwrap();
    let s = noctiluca::app::startup_settings(Some(&file), Some(&storage)).settings;
    assert_eq!(s, english);
    // A byte-order mark added by an editor is fine.
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("\u{feff}{text}")).unwrap();
    assert_eq!(
        noctiluca::app::startup_settings(Some(&file), None).settings,
        english
    );
}

#[test]
fn a_damaged_window_state_is_kept_aside_before_eframe_writes_over_it() {
    let dir = scratch("state-window");
    let file = dir.join("app.ron");
    std::fs::write(&file, "{\"window\": \"(inner_size: (1280").unwrap();
    let notice = noctiluca::app::check_window_state(&file)
        .expect("a notice")
        .text();
    assert!(
        notice.contains("The window's saved size and place could not be read"),
        "{notice}"
    );
    assert_eq!(kept(&file).len(), 1);
    assert!(!file.exists());
    // A sound one is left alone.
    std::fs::write(&file, "{\"window\": \"()\"}").unwrap();
    assert_eq!(noctiluca::app::check_window_state(&file), None);
    assert!(file.exists());
}

/// A damaged history file is said as the app starts (it had been found only by opening
/// History), and left as it is; a sound one, or none, says nothing.
#[test]
fn a_damaged_history_is_said_as_the_app_starts() {
    let dir = scratch("state-history");
    let db = dir.join("history.sqlite");
    assert_eq!(noctiluca::app::check_history_file(&db), None);
    noctiluca::history::History::open(&db).unwrap();
    assert_eq!(noctiluca::app::check_history_file(&db), None);
    let junk = vec![0x5au8; 8192];
    std::fs::write(&db, &junk).unwrap();
    let notice = noctiluca::app::check_history_file(&db)
        .expect("a notice")
        .text();
    assert!(notice.contains("is damaged. Open History"), "{notice}");
    assert!(notice.contains(&db.display().to_string()), "{notice}");
    assert_eq!(
        std::fs::read(&db).unwrap(),
        junk,
        "the file is left as it was"
    );
}

#[test]
fn a_data_folder_that_cannot_be_written_is_named() {
    let dir = scratch("state-unwritable");
    // A file where a folder on the way should be: nothing can be made under it (even as root).
    std::fs::write(dir.join("blocker"), "a file").unwrap();
    let data = dir.join("blocker").join("noctiluca");
    let notice = noctiluca::paths::check_writable(&data)
        .expect("a notice")
        .text();
    assert!(notice.contains(&data.display().to_string()), "{notice}");
    assert!(notice.contains("cannot be written"), "{notice}");
    assert_eq!(noctiluca::paths::check_writable(&dir), None);
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "the probe is removed");
    // The config folder is named as such, with its own variable.
    let config = dir.join("blocker").join("config");
    let notice = noctiluca::paths::check_folder(&config, noctiluca::paths::Folder::Config)
        .expect("a notice")
        .text();
    assert!(notice.contains("The config folder"), "{notice}");
    assert!(notice.contains("NOCTILUCA_CONFIG_DIR"), "{notice}");
    // The window's state in a data folder that is a file: nothing to move aside, and no notice
    // (the folder's own says it all).
    assert_eq!(
        noctiluca::app::check_window_state(&data.join("app.ron")),
        None
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("blocker")).unwrap(),
        "a file"
    );
}

#[test]
fn a_name_with_escape_sequences_is_shown_written_out() {
    use noctiluca::app::calculator::{CalculatorScreen, Sheet};
    let mut input: noctiluca::engine::ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    input.players[0].name = "\u{1b}[2JEve\u{7}".into();
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
    app.calculator = CalculatorScreen::with_sheet(Sheet::from_input(&input));
    let h = harness(app);
    assert_eq!(
        h.state().calculator.sheet.players[0].name,
        "\\u{1b}[2JEve\\u{7}"
    );
    assert!(shows(&h, "\\u{1b}[2JEve\\u{7}"));
    assert!(
        h.query_all_by(|n| n.label().is_some_and(|l| l.contains('\u{1b}')))
            .next()
            .is_none()
    );
}

#[test]
fn a_damaged_lesson_autosave_is_named_on_the_lessons_page() {
    let dir = scratch("state-tutorial");
    let auto = dir.join("tutorial-autosave.ron");
    std::fs::write(&auto, "(format: \"noctiluca-save\", vers").unwrap();
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Tutorial);
    app.tutorial = noctiluca::app::tutorial::TutorialScreen::new(Some(auto.clone()));
    let h = harness(app);
    assert_shows(&h, "The autosaved game could not be read");
    assert_eq!(kept(&auto).len(), 1);
}

#[test]
fn one_broken_data_file_gives_way_alone_and_every_broken_one_is_named() {
    use noctiluca::app::ComponentData;
    use noctiluca::engine::DataSource;
    let dir = scratch("data-files-each");
    // The owner's token values, good; their deck in UTF-16, and their solo board cut short.
    let mut custom = Components::default().tokens;
    custom.red = vec![2, 2, 3, 3, 4, 4, 5, 6, 6, 8];
    let tokens = ron::to_string(&custom).unwrap();
    std::fs::write(dir.join("token-values.ron"), &tokens).unwrap();
    let utf16: Vec<u8> = "(cards: [])"
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    std::fs::write(
        dir.join("jar-deck.ron"),
        [&[0xff, 0xfe][..], &utf16].concat(),
    )
    .unwrap();
    std::fs::write(dir.join("solo-board.ron"), "(start: 0, sections: [").unwrap();
    let data = ComponentData::load_from(Some(dir.clone()));
    assert_eq!(data.comps.tokens, custom, "the good file stays in use");
    assert_eq!(data.comps.deck, Components::default().deck);
    assert_eq!(data.comps.solo, Components::default().solo);
    assert_eq!(
        data.sources[1],
        DataSource::File(dir.join("token-values.ron"))
    );
    assert_eq!(data.sources[0], DataSource::Builtin);
    let e = data.error.expect("the broken files are named").text();
    assert!(
        e.contains("jar-deck.ron") && e.contains("solo-board.ron"),
        "{e}"
    );
    assert!(!e.contains("token-values.ron"), "{e}");
}

/// Another program's file where the settings go is not read as the defaults (and written over
/// at the first change): it is moved aside, and the player told what it is.
#[test]
fn another_program_s_settings_file_is_kept_aside_not_written_over() {
    let dir = scratch("state-settings-foreign");
    let file = dir.join("settings.ron");
    let theirs = "// settings of MyEditor 3.2 -- do not delete\n\
                  (theme: \"dark\", volume: 7, recent_files: [\"novel.txt\"])";
    std::fs::write(&file, theirs).unwrap();
    let found = noctiluca::app::startup_settings(Some(&file), None);
    let notice = found.notice.expect("the player is told").text();
    assert!(notice.contains("“theme” is not a field"), "{notice}");
    assert!(found.writable);
    let copies = kept(&file);
    assert_eq!(copies.len(), 1);
    assert_eq!(std::fs::read_to_string(&copies[0]).unwrap(), theirs);
    // A named struct of another kind is named as such.
    std::fs::write(&file, "Config(language: ZhHant, glyphs: false)").unwrap();
    let notice = noctiluca::app::startup_settings(Some(&file), None)
        .notice
        .unwrap()
        .text();
    assert!(
        notice.contains("it begins with “Config”: another kind of file"),
        "{notice}"
    );
}

/// A later version's settings file, with a field this version does not know: what this
/// version knows is kept (the language, the glyphs), nothing is moved aside or said.
#[test]
fn a_later_version_s_settings_keep_what_this_version_knows() {
    let dir = scratch("state-settings-later");
    let file = dir.join("settings.ron");
    for later in [
        "(language: ZhHant, glyphs: false, future_option: 7)",
        "Settings(language: ZhHant, glyphs: false, sound: Some((volume: 3)))",
    ] {
        std::fs::write(&file, later).unwrap();
        let found = noctiluca::app::startup_settings(Some(&file), None);
        assert_eq!(found.notice, None, "{later}");
        assert!(found.writable);
        assert_eq!(
            found.settings.language,
            noctiluca::i18n::Lang::ZhHant,
            "{later}"
        );
        assert!(!found.settings.glyphs, "{later}");
        assert!(kept(&file).is_empty(), "nothing moved aside: {later}");
    }
    // A known field that does not read as this version reads it: the file is not this
    // app's to read, and is kept aside as before.
    std::fs::write(&file, "(language: Klingon, future_option: 7)").unwrap();
    let found = noctiluca::app::startup_settings(Some(&file), None);
    assert!(found.notice.is_some());
    assert_eq!(kept(&file).len(), 1);
}

/// Something at the settings path that cannot be moved aside (here a pipe): the app says it
/// will not write there, and does not.
#[cfg(unix)]
#[test]
fn settings_are_not_written_where_the_app_said_it_would_not() {
    let dir = scratch("state-settings-pipe");
    let file = dir.join("settings.ron");
    let _ = std::fs::remove_file(&file);
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&file)
            .status()
            .unwrap()
            .success()
    );
    let found = noctiluca::app::startup_settings(Some(&file), None);
    assert!(!found.writable);
    let notice = found.notice.unwrap().text();
    assert!(notice.contains("will not write there"), "{notice}");
}

/// One value this version cannot read (a hand edit's `language: Zh`) sends only that setting
/// back to its default: the others are kept (all had been), the file is set aside as it was,
/// and the notice names the setting and what is wrong with it.
#[test]
fn a_wrong_value_resets_only_its_own_setting() {
    let dir = scratch("state-settings-one-value");
    let file = dir.join("settings.ron");
    let mut mine = noctiluca::app::Settings {
        text_size: 150,
        reduce_motion: true,
        player_name: "Ann".into(),
        ..Default::default()
    };
    let text = mine
        .to_ron()
        .replace("language: En", "language: Zh")
        .replace("glyphs: true", "glyphs: maybe");
    assert!(
        text.contains("language: Zh") && text.contains("glyphs: maybe"),
        "{text}"
    );
    std::fs::write(&file, &text).unwrap();
    let found = noctiluca::app::startup_settings(Some(&file), None);
    assert!(found.writable);
    mine.glyphs = noctiluca::app::Settings::default().glyphs;
    assert_eq!(found.settings.text_size, 150);
    assert_eq!(found.settings, mine);
    let notice = found.notice.expect("the player is told").text();
    assert!(
        notice.contains("language (") && notice.contains("glyphs ("),
        "{notice}"
    );
    assert!(notice.contains("back to their defaults"), "{notice}");
    let copies = kept(&file);
    assert_eq!(copies.len(), 1);
    assert_eq!(std::fs::read_to_string(&copies[0]).unwrap(), text);
    // Another program's file is still not taken for ours.
    std::fs::write(&file, "(theme: \"dark\", language: Zh)").unwrap();
    let found = noctiluca::app::startup_settings(Some(&file), None);
    assert!(
        !found
            .notice
            .unwrap()
            .text()
            .contains("back to their defaults")
    );
}

#[test]
fn a_second_window_on_the_same_folders_is_told_so() {
    let dir = scratch("state-other-window");
    // The first window claims the folder and hears nothing; a second one is told.
    assert!(noctiluca::app::startup::check_other_window(&dir).is_none());
    let said = noctiluca::app::startup::check_other_window(&dir).expect("a notice");
    assert!(
        said.to_string().contains("already open in another window"),
        "{said}"
    );
    let zh = noctiluca::i18n::with_lang(noctiluca::i18n::Lang::ZhHant, || said.to_string());
    assert!(zh.contains("另一個視窗"), "{zh}");
    // Another folder is another claim.
    std::fs::create_dir_all(dir.join("other")).unwrap();
    assert!(noctiluca::app::startup::check_other_window(&dir.join("other")).is_none());
}
