//! A damaged history kept aside: the games it still holds are carried into the new one on a
//! worker thread, with its progress shown and a way to stop it (the games carried by then
//! stay).

use super::{HistoryScreen, history_words};
use crate::app::theme;
use crate::history::{History, HistoryError, Rescued, WINDOW_WAIT};
use crate::i18n::{Said, tr};
use crate::trf;
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::mpsc;

/// The games of a damaged history being carried into the new one.
pub(super) struct Rescuing {
    rx: mpsc::Receiver<Result<Rescued, HistoryError>>,
    /// The ids looked at so far, and the highest (−1 while the old file has not said it).
    looked: Arc<AtomicI64>,
    top: Arc<AtomicI64>,
    stop: Arc<AtomicBool>,
    /// Where the old file was kept.
    aside: PathBuf,
}

impl Rescuing {
    /// Starts carrying the games of the file kept at `aside` into a new history at `path`.
    pub(super) fn start(ctx: &egui::Context, path: &Path, aside: PathBuf) -> Rescuing {
        let (tx, rx) = mpsc::channel();
        let looked = Arc::new(AtomicI64::new(0));
        let top = Arc::new(AtomicI64::new(-1));
        let stop = Arc::new(AtomicBool::new(false));
        let (l, t, s) = (Arc::clone(&looked), Arc::clone(&top), Arc::clone(&stop));
        let (ctx, path, old) = (ctx.clone(), path.to_path_buf(), aside.clone());
        let _ = std::thread::Builder::new()
            .name("noctiluca-history-rescue".into())
            .spawn(move || {
                let done = History::open_waiting(&path, WINDOW_WAIT).and_then(|mut h| {
                    crate::history::rescue(&old, &mut h, |id, highest| {
                        l.store(id, Ordering::Relaxed);
                        t.store(highest.unwrap_or(-1), Ordering::Relaxed);
                        // A frame now and then for the progress (not one a game).
                        if id % 50 == 0 {
                            ctx.request_repaint();
                        }
                        !s.load(Ordering::Relaxed)
                    })
                });
                let _ = tx.send(done);
                ctx.request_repaint();
            });
        Rescuing {
            rx,
            looked,
            top,
            stop,
            aside,
        }
    }
}

impl HistoryScreen {
    /// While the games are carried over: their progress and Stop. Returns whether the work is
    /// still going (the screen shows nothing else meanwhile).
    pub(super) fn rescue_ui(&mut self, ui: &mut egui::Ui, path: &Path) -> bool {
        let Some(r) = &self.rescuing else {
            return false;
        };
        match r.rx.try_recv() {
            Ok(done) => {
                let aside = r.aside.clone();
                self.status = Some(rescue_said(done, aside, path.to_path_buf()));
                self.rescuing = None;
                self.opened = None;
                self.read_only = false;
                self.refresh();
                return false;
            }
            // The worker ended without a word (it could not start, or failed): said, with
            // where the old file is.
            Err(mpsc::TryRecvError::Disconnected) => {
                let aside = r.aside.clone();
                self.status = Some(Said::warning(Said::new(move || {
                    trf!(
                        "Carrying the games over stopped before its end; the old file is kept as {file}.",
                        file = aside.display()
                    )
                })));
                self.rescuing = None;
                self.opened = None;
                self.refresh();
                return false;
            }
            Err(mpsc::TryRecvError::Empty) => {}
        }
        let (looked, top) = (
            r.looked.load(Ordering::Relaxed),
            r.top.load(Ordering::Relaxed),
        );
        let stopping = r.stop.load(Ordering::Relaxed);
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(tr(
                "Carrying the games the damaged file still holds into the new history…",
            ));
            let bar = if top > 0 {
                egui::ProgressBar::new(looked as f32 / top as f32).text(trf!(
                    "{looked} of {top} looked at",
                    looked,
                    top
                ))
            } else {
                egui::ProgressBar::new(0.0)
                    .animate(true)
                    // Redrawn as the work goes, without the spinner, which covered the
                    // start of the words ("2 of 38").
                    .corner_radius(4)
                    .text(trf!("{looked} looked at", looked))
            };
            ui.add(bar);
            let stop = ui
                .add_enabled(!stopping, egui::Button::new(tr("Stop")))
                .on_hover_text(tr(
                    "Stop here: the games carried over so far stay in the new history",
                ));
            if stop.clicked() {
                r.stop.store(true, Ordering::Relaxed);
            }
        });
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(200));
        true
    }
}

/// What came of carrying the games over, in words.
fn rescue_said(done: Result<Rescued, HistoryError>, aside: PathBuf, path: PathBuf) -> Said {
    match done {
        Ok(r) => Said::new(move || {
            let kept = trf!("The old file is kept as {file}.", file = aside.display());
            let carried = match (r.stopped, r.unreadable) {
                (true, _) => trf!(
                    "Stopped: the games carried over by then are in the new history ({count}).",
                    count = r.copied
                ),
                (false, Some(0)) => trf!(
                    "Every game it held is in the new history ({count}).",
                    count = r.copied
                ),
                (false, Some(lost)) => trf!(
                    "Games carried into the new history: {count}; games that could not be read: {lost}.",
                    count = r.copied,
                    lost
                ),
                (false, None) => trf!(
                    "Games carried into the new history: {count}. The damaged file does not say how many it held, so some may be missing.",
                    count = r.copied
                ),
            };
            crate::words::sentences([kept, carried])
        }),
        Err(e) => Said::warning(Said::new(move || {
            // A file that does not read is the old one, kept aside (the new one is new): its
            // name, not the new file's, goes with the problem.
            let about = match e {
                HistoryError::Corrupt | HistoryError::Foreign => &aside,
                _ => &path,
            };
            trf!(
                "The old file is kept as {file}, and a new history starts; its games could not be carried over: {problem}.",
                file = aside.display(),
                problem = history_words(&e, about)
            )
        })),
    }
}
