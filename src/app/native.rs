//! What only the native window needs from eframe's side.

use eframe::egui;

/// The window's size as eframe kept it, in points at the text size of that moment. eframe
/// opens the window at that many points before the app has set its text size (at 100%), so
/// at 150% a window kept at 1280 pixels wide would open 853 wide, and smaller each run.
pub(super) fn saved_window_points(storage: Option<&dyn eframe::Storage>) -> Option<egui::Vec2> {
    #[derive(serde::Deserialize)]
    struct Kept {
        normal_geometry: Geometry,
    }
    #[derive(serde::Deserialize)]
    struct Geometry {
        inner_size_points: Size,
    }
    #[derive(serde::Deserialize)]
    struct Size {
        x: f32,
        y: f32,
    }
    let kept: Kept = eframe::get_value(storage?, "window")?;
    let Size { x, y } = kept.normal_geometry.inner_size_points;
    (x.is_finite() && y.is_finite() && x > 0.0 && y > 0.0).then(|| egui::vec2(x, y))
}

/// Looks for a Traditional Chinese system font on a worker thread; the receiver gets it if
/// there is one (and the thread wakes the window).
pub(super) fn find_system_cjk_font(
    ctx: egui::Context,
) -> std::sync::mpsc::Receiver<Vec<(&'static str, egui::FontData)>> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let found: Vec<_> = [
            system_cjk_font().map(|f| ("system-cjk", f)),
            system_scripts_font().map(|f| ("system-scripts", f)),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !found.is_empty() {
            let _ = send.send(found);
            ctx.request_repaint();
        }
    });
    receive
}

/// A system font with the alphabets the app's own fonts lack (Hebrew, Arabic, Armenian,
/// Georgian, Thai…), for names and chat written in them: they had been boxes.
fn system_scripts_font() -> Option<egui::FontData> {
    const CANDIDATES: &[&str] = &[
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "C:\\Windows\\Fonts\\segoeui.ttf",
        "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
        "/Library/Fonts/Arial Unicode.ttf",
    ];
    CANDIDATES.iter().find_map(|path| {
        let bytes = std::fs::read(path).ok()?;
        Some(egui::FontData::from_owned(bytes))
    })
}

/// A Traditional Chinese system font, if the system has one of the usual ones: (file, face).
fn system_cjk_font() -> Option<egui::FontData> {
    const CANDIDATES: &[(&str, u32)] = &[
        // Linux: Noto Sans CJK (face 3 is TC), then WenQuanYi.
        ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 3),
        ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", 3),
        (
            "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
            3,
        ),
        ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
        ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
        // Windows: Microsoft JhengHei.
        ("C:\\Windows\\Fonts\\msjh.ttc", 0),
        // macOS: PingFang.
        ("/System/Library/Fonts/PingFang.ttc", 0),
    ];
    CANDIDATES.iter().find_map(|(path, index)| {
        let bytes = std::fs::read(path).ok()?;
        let mut font = egui::FontData::from_owned(bytes);
        font.index = *index;
        Some(font)
    })
}

/// Set by SIGTERM or SIGHUP (a session ending, `kill`).
#[cfg(unix)]
static ASKED_TO_END: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_end_signal(_: libc::c_int) {
    // Only an atomic store: all a signal handler may safely do here.
    ASKED_TO_END.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Has the program been asked to end from outside (SIGTERM, SIGHUP)? Then the window closes
/// without asking anything.
pub(super) fn asked_to_end() -> bool {
    #[cfg(unix)]
    return ASKED_TO_END.load(std::sync::atomic::Ordering::SeqCst);
    #[cfg(not(unix))]
    false
}

/// A polite request to end (SIGTERM, SIGHUP) closes the window as its close button does: the
/// settings, the window's size and place are kept, where the default action kept nothing. A
/// thread looks for the request four times a second (it wakes the window only then).
pub(super) fn close_when_asked_to_end(ctx: egui::Context) {
    #[cfg(unix)]
    {
        // SAFETY: the handler does only async-signal-safe work (an atomic store).
        unsafe {
            let handler = on_end_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::signal(libc::SIGTERM, handler);
            libc::signal(libc::SIGHUP, handler);
        }
        let _ = std::thread::Builder::new()
            .name("noctiluca-end-signal".into())
            .spawn(move || {
                while !ASKED_TO_END.load(std::sync::atomic::Ordering::SeqCst) {
                    std::thread::sleep(std::time::Duration::from_millis(250));
                }
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                ctx.request_repaint();
            });
    }
    #[cfg(not(unix))]
    let _ = ctx;
}
