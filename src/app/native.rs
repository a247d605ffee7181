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
) -> std::sync::mpsc::Receiver<egui::FontData> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        if let Some(font) = system_cjk_font() {
            let _ = send.send(font);
            ctx.request_repaint();
        }
    });
    receive
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
