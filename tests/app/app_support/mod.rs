//! One testing helper for the app: a harness that draws the real app with its real fonts, a
//! fake file dialog, and the few gestures the tests use (by accessible label, as a user reads
//! the screen).
#![allow(dead_code)]

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::{DialogAnswer, NoctilucaApp, OpenDialog, SaveDialog, ScreenKind, theme};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A file dialog that answers with a fixed path and remembers what it was asked.
pub struct FakeDialog {
    pub answer: Option<PathBuf>,
    pub asked: Mutex<Vec<String>>,
}

impl SaveDialog for FakeDialog {
    fn ask(&self, suggested_name: &str, _filter: &str, _extension: &str) -> DialogAnswer {
        self.asked.lock().unwrap().push(suggested_name.to_string());
        match &self.answer {
            Some(p) => DialogAnswer::Chosen(p.clone()),
            None => DialogAnswer::Cancelled,
        }
    }
}

/// A system where no file dialog can be shown; files then go to `fallback`.
pub struct NoDialog {
    pub fallback: PathBuf,
}

impl SaveDialog for NoDialog {
    fn ask(&self, _name: &str, _filter: &str, _extension: &str) -> DialogAnswer {
        DialogAnswer::Unavailable
    }

    fn fallback_dir(&self) -> Option<PathBuf> {
        Some(self.fallback.clone())
    }
}

impl OpenDialog for NoDialog {
    fn pick(&self, _filter: &str, _extension: &str) -> DialogAnswer {
        DialogAnswer::Unavailable
    }

    fn fallback_dir(&self) -> Option<PathBuf> {
        Some(self.fallback.clone())
    }
}

impl OpenDialog for FakeDialog {
    fn pick(&self, filter: &str, _extension: &str) -> DialogAnswer {
        self.asked.lock().unwrap().push(filter.to_string());
        match &self.answer {
            Some(p) => DialogAnswer::Chosen(p.clone()),
            None => DialogAnswer::Cancelled,
        }
    }
}

pub fn fake(answer: Option<PathBuf>) -> Arc<FakeDialog> {
    Arc::new(FakeDialog {
        answer,
        asked: Mutex::new(Vec::new()),
    })
}

/// A scratch folder for one test, removed with everything in it when the test ends, passed
/// or failed (so test runs leave nothing behind in the temporary folder). It reads as the
/// folder's path.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A test may have left a folder read-only; the removal is best effort.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn scratch(name: &str) -> Scratch {
    let d = std::env::temp_dir().join(format!("noctiluca-app-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Scratch(d)
}

pub fn harness(app: NoctilucaApp) -> Harness<'static, NoctilucaApp> {
    harness_sized(app, 1280.0, 800.0)
}

/// `harness` in a window `w` × `h` pixels. At a text size past 100% the window holds fewer
/// points, as a real one does (the harness keeps the size it was given in points, whatever the
/// zoom): what a test reads off the nodes (`rect`, `bounding_box`) is in the window's pixels.
pub fn harness_sized(app: NoctilucaApp, w: f32, h: f32) -> Harness<'static, NoctilucaApp> {
    harness_stepped(app, w, h, 0.25)
}

/// `harness_sized` whose frames are `dt` seconds apart (a quarter of a second in the others).
pub fn harness_stepped(
    app: NoctilucaApp,
    w: f32,
    h: f32,
    dt: f32,
) -> Harness<'static, NoctilucaApp> {
    let zoom = app.shared.settings.text_size as f32 / 100.0;
    Harness::builder()
        .with_step_dt(dt)
        .with_size(egui::vec2(w, h) / zoom)
        // Scrolling a widget into view animates for a few frames.
        .with_max_steps(16)
        // Zoomed from the first frame, as the window opens (a zoom set later comes with a
        // frame laid out in a quarter of the room).
        .with_context_setup(move |ctx| {
            theme::install(ctx);
            ctx.options_mut(|o| o.zoom_factor = zoom);
        })
        .build_ui_state(|ui, app: &mut NoctilucaApp| app.show(ui), app)
}

/// The app on built-in data, opened on `screen`.
pub fn app_on(screen: ScreenKind, dialog: Arc<FakeDialog>) -> Harness<'static, NoctilucaApp> {
    harness(NoctilucaApp::for_tests(dialog, screen))
}

pub fn click(h: &mut Harness<'_, NoctilucaApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// Replaces the whole text of a field.
pub fn replace(h: &mut Harness<'_, NoctilucaApp>, label: &str, text: &str) {
    h.get_by_label(label).set_text_value_accesskit(text);
    h.run();
}

pub fn press(h: &mut Harness<'_, NoctilucaApp>, key: egui::Key) {
    h.key_press(key);
    h.run();
}

/// The mouse wheel turned `lines` lines over `at` (up for more than 0, as a page scrolls back).
pub fn wheel(h: &mut Harness<'_, NoctilucaApp>, at: egui::Pos2, lines: f32) {
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, lines),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
}

/// What a screen reader is told of a node: its label, else its value.
pub fn spoken(n: &egui_kittest::Node<'_>) -> String {
    let node = n.accesskit_node();
    node.label().or_else(|| node.value()).unwrap_or_default()
}

pub fn shows(h: &Harness<'_, NoctilucaApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

pub fn assert_shows(h: &Harness<'_, NoctilucaApp>, text: &str) {
    assert!(shows(h, text), "the screen does not show {text:?}");
}

/// Switches the app's language, as the Settings screen does, and draws a frame in it.
pub fn set_language(h: &mut Harness<'_, NoctilucaApp>, lang: noctiluca::i18n::Lang) {
    h.state_mut().shared.settings.language = lang;
    noctiluca::i18n::take_missing();
    h.run();
}

/// Fails, naming them, if anything drawn since the last check had no translation.
pub fn assert_all_translated(what: &str) {
    let missing = noctiluca::i18n::take_missing();
    assert!(
        missing.is_empty(),
        "{what}: {} strings have no translation: {missing:#?}",
        missing.len()
    );
}

/// Presses Tab until the widget labelled `label` has the keyboard focus (at most `limit`
/// presses), as a keyboard user moves through a screen; then the caller presses Enter or Space.
pub fn tab_to(h: &mut Harness<'_, NoctilucaApp>, label: &str, limit: usize) {
    for _ in 0..limit {
        if h.query_by_label(label).is_some_and(|n| n.is_focused()) {
            return;
        }
        h.key_press(egui::Key::Tab);
        h.run();
    }
    panic!("Tab never reached {label:?} in {limit} presses");
}

/// Words of English left on the screen: every accessible label or text with a word of three or more
/// Latin letters (one lowercase at least, so codes such as O7, S12 or a seed code pass) that
/// is not in `allow` (names of fonts, file formats, keys).
pub fn english_left(h: &Harness<'_, NoctilucaApp>, allow: &[&str]) -> Vec<String> {
    const ALWAYS: &[&str] = &["Esc", "Ctrl", "Shift", "Tab", "Enter", "Space", "Alt"];
    // A widget's name is its label; a plain text's is its value (a text field's value is the
    // player's own input, and is not looked at).
    let mut found: Vec<String> = h
        .query_all_by(|n| n.label().is_some() || n.role() == egui::accesskit::Role::Label)
        .filter_map(|n| {
            let n = n.accesskit_node();
            n.label()
                .or_else(|| (n.role() == egui::accesskit::Role::Label).then(|| n.value())?)
        })
        .filter(|label| {
            label.split(|c: char| !c.is_ascii_alphabetic()).any(|w| {
                w.len() >= 3
                    && w.chars().any(|c| c.is_ascii_lowercase())
                    && !ALWAYS.contains(&w)
                    && !allow.contains(&w)
            })
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The screen as drawn now is wholly translated: no key missing from the catalogue, and no
/// English word left in any label (a string that never went through the translation layer).
pub fn assert_translated(h: &Harness<'_, NoctilucaApp>, what: &str, allow: &[&str]) {
    assert_all_translated(what);
    let left = english_left(h, allow);
    assert!(
        left.is_empty(),
        "{what}: {} labels still in English: {left:#?}",
        left.len()
    );
}

/// eframe's storage, in memory: what the app saves when it closes.
#[derive(Default)]
pub struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// How many frames `wait_until` draws before it gives up.
pub const WAIT_FRAMES: usize = 20_000;

/// Draws frames until `done` holds, giving worker threads (file dialogs, bots) a moment between
/// frames; panics naming `what` if it has not happened after `WAIT_FRAMES` frames. Counts
/// frames, never time.
pub fn wait_until(
    h: &mut Harness<'_, NoctilucaApp>,
    what: &str,
    done: impl Fn(&Harness<'_, NoctilucaApp>) -> bool,
) {
    for _ in 0..WAIT_FRAMES {
        if done(h) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.step();
    }
    panic!("waited {WAIT_FRAMES} frames for {what}");
}

/// Plays seat 1's first choices (its first legal move each time) until its first dive; the
/// AIs play their own seats on threads of their own, so the frames are bounded generously.
pub fn to_first_dive(h: &mut Harness<'static, NoctilucaApp>) {
    for _ in 0..WAIT_FRAMES {
        let g = h.state().game.game.as_ref().unwrap();
        if g.human_to_act() == Some(0) && g.m.state.decision() == noctiluca::engine::Decision::Dive
        {
            return;
        }
        if g.human_to_act() == Some(0) {
            let a = g.m.state.legal_actions()[0];
            h.state_mut().game.act(a, 0.0);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        h.step();
    }
    panic!("waited {WAIT_FRAMES} frames for seat 1's first dive");
}

/// The copies kept beside `file` (`NAME.broken-STAMP.ron`).
pub fn kept(file: &std::path::Path) -> Vec<PathBuf> {
    let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
    let mut v: Vec<PathBuf> = std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&format!("{stem}.broken-"))
        })
        .collect();
    v.sort();
    v
}

/// A status line as it reads now (in the current language).
pub fn said(s: &Option<noctiluca::i18n::Said>) -> Option<String> {
    s.as_ref().map(|s| s.text())
}

/// Opens `record` on Play as a game saved with two people, Ada and Bo, at its seats.
pub fn open_two_people(h: &mut Harness<'_, NoctilucaApp>, record: noctiluca::engine::GameRecord) {
    use noctiluca::app::game::{GameSave, SeatInfo};
    let seats = ["Ada", "Bo"]
        .map(|name| SeatInfo {
            name: name.into(),
            ai: None,
            stand_in: None,
        })
        .to_vec();
    h.state_mut()
        .game
        .open_save(GameSave {
            format: "noctiluca-table-game".into(),
            version: 1,
            seats,
            record,
            hints: Default::default(),
            tutor: None,
            handovers: Vec::new(),
        })
        .expect("the save opens");
    h.run();
}
