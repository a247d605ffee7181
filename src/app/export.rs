//! Saving results: the file dialog (behind a trait, so tests inject a fake), a worker thread
//! that asks and writes, and the RON and CSV formats.
//!
//! The dialog speaks the app's language: its filter names and title are translated (the worker
//! thread takes the language of the thread that started it). The RON score sheet is data that
//! `noctiluca score` reads, so it stays English; the CSV is for people's spreadsheets, so its
//! headers and words follow the app's language.

use crate::engine::scoring::{Outcome, ScoreInput, ScoreResult};
use crate::i18n::{Said, n, tr};
use crate::trf;
use eframe::egui;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc;

/// What a save dialog answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAnswer {
    Chosen(PathBuf),
    Cancelled,
    /// No file dialog could be shown (no desktop portal or chooser on this system).
    Unavailable,
}

/// Asks the user where to save. Blocking: only ever called on a worker thread.
pub trait SaveDialog: Send + Sync {
    fn ask(&self, suggested_name: &str, filter_name: &str, extension: &str) -> DialogAnswer;

    /// Where a file goes when no dialog can be shown: the Documents folder, else Downloads,
    /// else the home folder.
    fn fallback_dir(&self) -> Option<PathBuf> {
        default_dir()
    }
}

/// The Documents folder, else Downloads, else the home folder.
fn default_dir() -> Option<PathBuf> {
    let dirs = directories::UserDirs::new()?;
    Some(
        dirs.document_dir()
            .or(dirs.download_dir())
            .unwrap_or(dirs.home_dir())
            .to_path_buf(),
    )
}

/// The folder of the last file saved or opened through a dialog (the next dialog starts
/// there; kept in the settings across restarts).
static LAST_FOLDER: std::sync::Mutex<Option<PathBuf>> = std::sync::Mutex::new(None);

pub fn last_folder() -> Option<PathBuf> {
    LAST_FOLDER.lock().ok()?.clone()
}

pub fn set_last_folder(dir: Option<PathBuf>) {
    if let Ok(mut f) = LAST_FOLDER.lock() {
        *f = dir;
    }
}

fn remember_folder_of(path: &std::path::Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        set_last_folder(Some(dir.to_path_buf()));
    }
}

/// A name in `dir` for `name` that no file has yet ("score (2).csv" when "score.csv" exists).
fn free_file_name(dir: &std::path::Path, name: &str) -> PathBuf {
    let first = dir.join(name);
    if !first.exists() {
        return first;
    }
    let p = std::path::Path::new(name);
    let stem = p
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = p
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (2..)
        .map(|k| dir.join(format!("{stem} ({k}){ext}")))
        .find(|p| !p.exists())
        .unwrap_or(first)
}

/// Asks the user which file to open. Blocking: only ever called on a worker thread.
pub trait OpenDialog: Send + Sync {
    fn pick(&self, filter_name: &str, extension: &str) -> DialogAnswer;

    /// Where files are looked for when no dialog can be shown: where a save without a dialog
    /// puts them (`SaveDialog::fallback_dir`).
    fn fallback_dir(&self) -> Option<PathBuf> {
        default_dir()
    }
}

/// What came of asking for a file to open and reading it (on a worker thread).
pub enum Picked<T> {
    Read(Result<T, String>),
    Cancelled,
    /// No file dialog could be shown: the files of the kind asked for that were found where
    /// files are saved without one (`FileOffer`).
    NoDialog(FileOffer),
}

/// Asks `dialog` for a file of `kind` and reads it with `read`. Blocking: only ever called on
/// a worker thread.
pub fn pick_and_read<T>(
    dialog: &dyn OpenDialog,
    kind: ExportKind,
    read: impl Fn(&std::path::Path) -> Result<T, String>,
) -> Picked<T> {
    match dialog.pick(kind.filter_name(), kind.extension()) {
        DialogAnswer::Chosen(p) => Picked::Read(read(&p)),
        DialogAnswer::Cancelled => Picked::Cancelled,
        DialogAnswer::Unavailable => Picked::NoDialog(FileOffer::find(dialog, kind)),
    }
}

/// A file being chosen and read on a worker thread (`pick_and_read`, or a file offered in
/// place of a dialog), for a screen to take when it is done.
pub struct PendingRead<T> {
    rx: mpsc::Receiver<Picked<T>>,
}

impl<T: Send + 'static> PendingRead<T> {
    /// Runs `read` on a worker thread in the user's language (the language is per thread:
    /// why a file is refused is said in theirs), and wakes the window when it is done.
    pub fn start(ctx: &egui::Context, read: impl FnOnce() -> Picked<T> + Send + 'static) -> Self {
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        let lang = crate::i18n::lang();
        std::thread::spawn(move || {
            crate::i18n::set_lang(lang);
            let _ = tx.send(read());
            ctx.request_repaint();
        });
        PendingRead { rx }
    }

    /// The answer, once there is one (a worker that stopped without one answers `Cancelled`).
    pub fn poll(&self) -> Option<Picked<T>> {
        match self.rx.try_recv() {
            Ok(a) => Some(a),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(Picked::Cancelled),
        }
    }
}

/// The files offered in place of a file dialog that could not be shown: those of one kind
/// in the folder of the last file saved or opened and in the folder saves without a dialog
/// go to, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileOffer {
    pub files: Vec<PathBuf>,
    /// The folders looked in.
    pub folders: Vec<PathBuf>,
    /// A file's path typed in (any folder, any name).
    pub typed: String,
}

/// What was chosen among offered files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OfferAnswer {
    Open(PathBuf),
    Close,
}

impl FileOffer {
    /// The most files offered.
    const MOST: usize = 12;

    fn find(dialog: &dyn OpenDialog, kind: ExportKind) -> FileOffer {
        let mut folders: Vec<PathBuf> = Vec::new();
        for dir in [last_folder(), dialog.fallback_dir()].into_iter().flatten() {
            if !folders.contains(&dir) {
                folders.push(dir);
            }
        }
        let mut found: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
        for dir in &folders {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for e in entries.flatten() {
                let path = e.path();
                let Ok(meta) = e.metadata() else { continue };
                if meta.is_file()
                    && path
                        .extension()
                        .is_some_and(|x| x.eq_ignore_ascii_case(kind.extension()))
                {
                    let when = meta.modified().unwrap_or(std::time::UNIX_EPOCH);
                    found.push((when, path));
                }
            }
        }
        found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        FileOffer {
            files: found
                .into_iter()
                .map(|(_, p)| p)
                .filter(|p| kind.may_be(p))
                .take(FileOffer::MOST)
                .collect(),
            folders,
            typed: String::new(),
        }
    }

    /// Shows the offer over the screen: a button per file, by keyboard as by mouse, and a
    /// field for any other file's path. Returns the file chosen, or `Close` (the button, or
    /// Escape).
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<OfferAnswer> {
        let mut answer = None;
        let folders = self
            .folders
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>();
        let modal = egui::Modal::new(egui::Id::unique("file-offer")).show(ctx, |ui| {
            ui.set_max_width(ui.available_width().min(620.0));
            crate::app::theme::heading(
                ui,
                egui::RichText::new(tr("No file dialog"))
                    .heading()
                    .color(crate::app::theme::GLOW),
            );
            ui.label(tr(
                "No file dialog could be shown on this system (no desktop portal or file chooser).",
            ));
            ui.add_space(6.0);
            if self.files.is_empty() {
                ui.label(trf!(
                    "No such file was found in {folders}.",
                    folders = crate::words::join_list(&folders)
                ));
            } else {
                ui.label(trf!(
                    "Files found in {folders}, newest first:",
                    folders = crate::words::join_list(&folders)
                ));
                egui::ScrollArea::vertical()
                    .max_height(360.0)
                    .show(ui, |ui| {
                        for (i, path) in self.files.iter().enumerate() {
                            let name = path
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default();
                            let b = ui.button(name).on_hover_text(path.display().to_string());
                            if i == 0 && !ui.ctx().memory(|m| m.focused().is_some()) {
                                b.request_focus();
                            }
                            if b.clicked() {
                                answer = Some(OfferAnswer::Open(path.clone()));
                            }
                        }
                        crate::app::scroll::follow_focus(ui);
                    });
            }
            // A file elsewhere, or of another name: its path, typed or pasted (a leading "~/"
            // is the home folder).
            ui.add_space(8.0);
            let l = ui.label(tr("Or the path of another file:"));
            let (field, open) = ui
                .horizontal(|ui| {
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.typed)
                                .desired_width(ui.available_width().min(420.0) - 80.0)
                                .hint_text(tr("e.g. /media/usb/game.ron")),
                        )
                        .labelled_by(l.id);
                    let open = ui
                        .add_enabled(!self.typed.trim().is_empty(), egui::Button::new(tr("Open")));
                    (field, open)
                })
                .inner;
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (open.clicked() || entered) && !self.typed.trim().is_empty() {
                answer = Some(OfferAnswer::Open(typed_path(&self.typed)));
            }
            if self.files.is_empty() && !ui.ctx().memory(|m| m.focused().is_some()) {
                field.request_focus();
            }
            ui.add_space(8.0);
            if ui.button(tr("Close")).clicked() {
                answer = Some(OfferAnswer::Close);
            }
        });
        if answer.is_none() && modal.should_close() {
            answer = Some(OfferAnswer::Close);
        }
        answer
    }
}

/// A path as typed: spaces and quotes around it dropped (a path pasted from a file manager
/// often has them), and a leading "~" the home folder.
fn typed_path(typed: &str) -> PathBuf {
    let t = typed.trim();
    let t = ['"', '\'']
        .iter()
        .find_map(|q| t.strip_prefix(*q).and_then(|t| t.strip_suffix(*q)))
        .unwrap_or(t);
    let home = || directories::UserDirs::new().map(|d| d.home_dir().to_path_buf());
    match t.strip_prefix("~") {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => match home() {
            Some(h) => h.join(rest.trim_start_matches('/')),
            None => PathBuf::from(t),
        },
        _ => PathBuf::from(t),
    }
}

/// The system's file dialog (through the XDG desktop portal on Linux).
pub struct RfdSaveDialog;

impl SaveDialog for RfdSaveDialog {
    fn ask(&self, suggested_name: &str, filter_name: &str, extension: &str) -> DialogAnswer {
        let mut d = rfd::FileDialog::new()
            .set_title(trf!("Save {what}", what = filter_name))
            .set_file_name(suggested_name)
            .add_filter(filter_name, &[extension]);
        if let Some(dir) = last_folder() {
            d = d.set_directory(dir);
        }
        let asked = std::time::Instant::now();
        match d.save_file() {
            Some(p) => DialogAnswer::Chosen(p),
            // rfd says the same for a dialog that could not be shown: an answer faster than
            // anyone can cancel means no dialog appeared.
            None if asked.elapsed() < std::time::Duration::from_millis(300) => {
                DialogAnswer::Unavailable
            }
            None => DialogAnswer::Cancelled,
        }
    }
}

/// How an export ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportOutcome {
    Saved(PathBuf),
    /// No file dialog could be shown, so the file went to the default folder.
    SavedWithoutDialog(PathBuf),
    Cancelled,
    /// Why not, worded when shown.
    Failed(Said),
}

/// How a screen words an export's outcome, worded when shown (a save without a dialog is
/// worded the same on every screen).
pub struct OutcomeWords {
    pub saved: fn(&std::path::Path) -> String,
    pub cancelled: fn() -> String,
    pub failed: fn(&Said) -> String,
}

impl ExportOutcome {
    /// The outcome as the screen's status line.
    pub fn said(self, words: OutcomeWords) -> Said {
        match self {
            ExportOutcome::Saved(p) => Said::new(move || (words.saved)(&p)),
            ExportOutcome::SavedWithoutDialog(p) => {
                Said::new(move || ExportOutcome::without_dialog(&p))
            }
            ExportOutcome::Cancelled => Said::new(move || (words.cancelled)()),
            ExportOutcome::Failed(e) => Said::new(move || (words.failed)(&e)),
        }
    }

    /// The words for a save made without a dialog (the same on every screen).
    pub fn without_dialog(path: &std::path::Path) -> String {
        trf!(
            "No file dialog could be shown on this system (no desktop portal or file chooser), so it was saved in {path}.",
            path = path.display()
        )
    }
}

/// An export under way on a worker thread.
pub struct PendingExport {
    rx: mpsc::Receiver<ExportOutcome>,
}

impl OpenDialog for RfdSaveDialog {
    fn pick(&self, filter_name: &str, extension: &str) -> DialogAnswer {
        let mut d = rfd::FileDialog::new()
            .set_title(trf!("Open {what}", what = filter_name))
            .add_filter(filter_name, &[extension]);
        if let Some(dir) = last_folder() {
            d = d.set_directory(dir);
        }
        let asked = std::time::Instant::now();
        match d.pick_file() {
            Some(p) => {
                remember_folder_of(&p);
                DialogAnswer::Chosen(p)
            }
            // As for saving: an answer faster than anyone can cancel means no dialog appeared.
            None if asked.elapsed() < std::time::Duration::from_millis(300) => {
                DialogAnswer::Unavailable
            }
            None => DialogAnswer::Cancelled,
        }
    }
}

impl PendingExport {
    /// Asks for a path and writes `contents` there, on a worker thread. `ctx` is woken when done.
    pub fn start(
        dialog: Arc<dyn SaveDialog>,
        ctx: egui::Context,
        suggested_name: String,
        kind: ExportKind,
        contents: String,
    ) -> PendingExport {
        PendingExport::start_bytes(dialog, ctx, suggested_name, kind, contents.into_bytes())
    }

    /// Like `start`, for binary contents (images).
    pub fn start_bytes(
        dialog: Arc<dyn SaveDialog>,
        ctx: egui::Context,
        suggested_name: String,
        kind: ExportKind,
        contents: Vec<u8>,
    ) -> PendingExport {
        let (tx, rx) = mpsc::channel();
        // Named here, in the app's language; the worker speaks it too (for the dialog's title).
        let filter_name = kind.filter_name();
        let lang = crate::i18n::lang();
        std::thread::spawn(move || {
            crate::i18n::set_lang(lang);
            let write = |path: &std::path::Path| {
                crate::paths::write_atomic(path, &contents).map_err(|e| {
                    let (path, kind) = (path.to_path_buf(), e.kind());
                    Said::new(move || {
                        format!("{}: {}", path.display(), crate::words::io_error(kind))
                    })
                })
            };
            let outcome = match dialog.ask(&suggested_name, filter_name, kind.extension()) {
                DialogAnswer::Cancelled => ExportOutcome::Cancelled,
                DialogAnswer::Chosen(path) => match write(&path) {
                    Ok(()) => {
                        remember_folder_of(&path);
                        ExportOutcome::Saved(path)
                    }
                    Err(e) => ExportOutcome::Failed(e),
                },
                DialogAnswer::Unavailable => match dialog.fallback_dir() {
                    Some(dir) => {
                        let path = free_file_name(&dir, &suggested_name);
                        match write(&path) {
                            Ok(()) => ExportOutcome::SavedWithoutDialog(path),
                            Err(e) => ExportOutcome::Failed(e),
                        }
                    }
                    None => ExportOutcome::Failed(Said::new(|| {
                        tr("no file dialog could be shown, and there is no home folder to save in")
                            .to_owned()
                    })),
                },
            };
            let _ = tx.send(outcome);
            ctx.request_repaint();
        });
        PendingExport { rx }
    }

    /// The outcome, once the worker is done.
    pub fn poll(&self) -> Option<ExportOutcome> {
        match self.rx.try_recv() {
            Ok(o) => Some(o),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(ExportOutcome::Failed(Said::new(|| {
                tr("the export stopped unexpectedly").to_owned()
            }))),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    Ron,
    Csv,
    Png,
    /// A saved game.
    Game,
    /// A component set.
    Set,
}

impl ExportKind {
    pub fn extension(self) -> &'static str {
        match self {
            ExportKind::Ron => "ron",
            ExportKind::Csv => "csv",
            ExportKind::Png => "png",
            ExportKind::Game => "ron",
            ExportKind::Set => "ron",
        }
    }
    /// Whether the file at `path` may be of this kind, by the format its first lines name:
    /// the files of one folder share an extension (a game, a component set and a score sheet
    /// are all RON), and an offer of component sets listed the saved games beside them. A
    /// file that cannot be read is offered (opening it says why).
    fn may_be(self, path: &Path) -> bool {
        use std::io::Read;
        /// The formats named in the first lines of a game (a save, or a bare log as the
        /// history and `simulate` write it) and of a component set.
        const GAME: [&str; 2] = ["\"noctiluca-table-game\"", "\"noctiluca-game\""];
        const SET: &str = "\"noctiluca-components\"";
        let mut head = Vec::new();
        let read = std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head));
        if read.is_err() {
            return true;
        }
        let head = String::from_utf8_lossy(&head);
        let game = GAME.iter().any(|f| head.contains(f));
        let set = head.contains(SET);
        match self {
            ExportKind::Game => game,
            ExportKind::Set => set,
            // A score sheet names no format: anything but the other two.
            ExportKind::Ron => !game && !set,
            ExportKind::Csv | ExportKind::Png => true,
        }
    }

    /// The name of the file type in the dialog's filter, in the current language.
    pub fn filter_name(self) -> &'static str {
        match self {
            ExportKind::Ron => tr("Score sheet (RON)"),
            ExportKind::Csv => tr("Spreadsheet (CSV)"),
            ExportKind::Png => tr("Picture (PNG)"),
            ExportKind::Game => tr("Noctiluca game (RON)"),
            ExportKind::Set => tr("Noctiluca component set (RON)"),
        }
    }
}

/// The RON export: the score sheet itself (so `noctiluca score` reads the file back) followed by
/// the result and any consistency problems.
#[derive(Serialize)]
struct RonExport<'a> {
    players: &'a [crate::engine::scoring::PlayerInput],
    stacks: &'a Option<crate::engine::PerJar<u32>>,
    tempest: &'a Option<crate::engine::scoring::TempestInput>,
    result: &'a ScoreResult,
    reliable: bool,
    problems: &'a [String],
}

pub fn to_ron(input: &ScoreInput, result: &ScoreResult, problems: &[String]) -> String {
    let export = RonExport {
        players: &input.players,
        stacks: &input.stacks,
        tempest: &input.tempest,
        result,
        reliable: problems.is_empty(),
        problems,
    };
    let pretty = ron::ser::PrettyConfig::new().depth_limit(4);
    let body = ron::ser::to_string_pretty(&export, pretty)
        .unwrap_or_else(|e| format!("// could not write the result: {e}"));
    format!(
        "// Noctiluca final scores, exported by Noctiluca Table.\n\
         // `noctiluca score` reads this file as a score sheet (it ignores `result` onwards).\n{body}\n"
    )
}

/// One CSV cell. A cell a spreadsheet would take for a formula (it starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return) gets a leading `'`, so it is read as text; a cell with a
/// comma, a quote, a line break or a leading space is quoted.
pub fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) || s.starts_with(' ') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// The CSV's column headers (translated when written).
const CSV_HEADERS: [&str; 9] = [
    n("player"),
    n("token_points"),
    n("majority_points"),
    n("jar_bonus"),
    n("favourite"),
    n("leftovers"),
    n("total"),
    n("delivered"),
    n("result"),
];

/// One row per player (and one for the tempest in solo): every score component and the total,
/// in the current language.
pub fn to_csv(names: &[String], result: &ScoreResult, reliable: bool) -> String {
    let mut out = CSV_HEADERS
        .iter()
        .map(|h| csv_field(tr(h)))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for (i, p) in result.players.iter().enumerate() {
        let standing = match &result.outcome {
            Outcome::Winner { player, tiebreak } if *player as usize == i => {
                if *tiebreak {
                    tr("winner (tiebreak)").to_string()
                } else {
                    tr("winner").to_string()
                }
            }
            Outcome::Shared { players } if players.contains(&(i as u8)) => {
                tr("shared victory").to_string()
            }
            Outcome::Solo { net, won } => {
                if *won {
                    trf!("net {net}: win", net)
                } else {
                    trf!("net {net}: loss", net)
                }
            }
            _ => String::new(),
        };
        let name = names.get(i).cloned().unwrap_or_default();
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{}\n",
            csv_field(&name),
            p.token_points,
            p.majority_points,
            p.jar_bonus,
            p.favourite,
            p.leftovers,
            p.total,
            p.delivered,
            csv_field(&standing)
        ));
    }
    // The tempest's points, as the player's are: positive, a die a point in the leftovers'
    // column, and their sum subtracted from the player's total (the net in the result column).
    if let Some(t) = &result.tempest {
        out.push_str(&format!(
            "{},{},{},,,{},{},,{}\n",
            csv_field(tr("tempest")),
            t.token_points,
            t.majority_points,
            t.dice,
            t.penalty,
            csv_field(tr("subtracted from your total"))
        ));
    }
    if !reliable {
        out.push_str(&csv_field(tr(
            "UNRELIABLE: some entries cannot come from a real game",
        )));
        out.push_str(",,,,,,,,\n");
    }
    out
}
