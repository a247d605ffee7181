//! Recording games without blocking the window: a worker thread opens the database, first
//! writes any games left in the queue file, then the new one. If the database cannot be
//! written, the game goes to the queue file beside it and is written on a later try; the
//! player is told either way.

use crate::history::{self, GameEntry, History, Recorded};
use crate::i18n::Said;
use crate::trf;
use eframe::egui;
use std::path::PathBuf;
use std::sync::{Mutex, mpsc};

pub struct Recorder {
    /// The database (`None`: games are not recorded, as in tests that do not ask for it).
    pub db: Option<PathBuf>,
    tx: mpsc::Sender<Said>,
    rx: Mutex<mpsc::Receiver<Said>>,
}

impl Recorder {
    pub fn new(db: Option<PathBuf>) -> Recorder {
        let (tx, rx) = mpsc::channel();
        Recorder {
            db,
            tx,
            rx: Mutex::new(rx),
        }
    }

    /// Records `entry` on a worker thread; what happened arrives through `poll`.
    pub fn record(&self, entry: GameEntry, ctx: &egui::Context) {
        let Some(db) = self.db.clone() else { return };
        let tx = self.tx.clone();
        let ctx = ctx.clone();
        let lang = crate::i18n::lang();
        std::thread::spawn(move || {
            crate::i18n::set_lang(lang);
            let _ = tx.send(record_now(&db, &entry));
            ctx.request_repaint();
        });
    }

    /// The latest message from a recording, if one came.
    pub fn poll(&self) -> Option<Said> {
        let rx = self.rx.lock().ok()?;
        let mut last = None;
        while let Ok(m) = rx.try_recv() {
            last = Some(m);
        }
        last
    }
}

/// Records `entry` in the database at `db` now (on the calling thread), falling back to the
/// queue file; returns what to tell the player (worded when shown).
pub fn record_now(db: &std::path::Path, entry: &GameEntry) -> Said {
    let dir = db.parent().map(|d| d.to_path_buf()).unwrap_or_default();
    let opened = History::open(db);
    match opened {
        Ok(mut h) => {
            let earlier = history::flush_queue(&dir, &mut h);
            let recorded = h.record(entry);
            // Games waiting in a queue file that does not read are said, with the file.
            if let (Some(file), Ok(_)) = (history::unreadable_queue(&dir), &recorded) {
                return Said::warning(Said::new(move || {
                    format!(
                        "{} {}",
                        crate::i18n::tr("Recorded in the history."),
                        unreadable_words(&file)
                    )
                }));
            }
            match recorded {
                // A mended sheet in its game's place (under its number, when it was there).
                Ok(Recorded::Added(game)) if entry.replaces.is_some() => Said::new(move || {
                    trf!("The changes to game {game} are saved in the history.", game)
                }),
                Ok(Recorded::Added(_)) if earlier > 0 => Said::new(move || {
                    trf!(
                        "Recorded in the history, with {games} kept from before.",
                        games = crate::words::games_count(earlier as i64)
                    )
                }),
                Ok(Recorded::Added(_)) => {
                    Said::new(|| crate::i18n::tr("Recorded in the history.").into())
                }
                Ok(Recorded::AlreadyThere(_)) => {
                    Said::new(|| crate::i18n::tr("This game is already in the history.").into())
                }
                Err(e) => queued(&dir, entry, super::said_history(e, db.to_path_buf())),
            }
        }
        Err(e) => queued(&dir, entry, super::said_history(e, db.to_path_buf())),
    }
}

fn queued(dir: &std::path::Path, entry: &GameEntry, why: Said) -> Said {
    Said::warning(match history::queue(dir, entry) {
        Ok(aside) => {
            let file = dir.join(history::QUEUE_FILE);
            Said::new(move || {
                let kept = trf!(
                    "The history could not be written ({why}); the game is kept in {file} and will be written next time.",
                    why,
                    file = file.display()
                );
                match &aside {
                    // The games that waited there are the user's: where they are now.
                    Some(aside) => format!(
                        "{kept} {}",
                        trf!(
                            "The games that waited there did not read: that file is kept as {aside}.",
                            aside = aside.display()
                        )
                    ),
                    None => kept,
                }
            })
        }
        Err(e) => {
            let kind = e.kind();
            Said::new(move || {
                trf!(
                    "The history could not be written ({why}), nor the queue file ({error}).",
                    why,
                    error = crate::words::io_error(kind)
                )
            })
        }
    })
}

/// The queue file `file` does not read: its games wait in it, left as it is.
pub fn unreadable_words(file: &std::path::Path) -> String {
    trf!(
        "{file} holds games waiting to go into the history, but it does not read (damaged, or written by a later version): it is left as it is.",
        file = file.display()
    )
}
