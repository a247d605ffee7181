//! Games that could not be written to the history, kept in a file beside it until they can.

use super::{GameEntry, History};
use std::path::{Path, PathBuf};

/// Games that could not be written, kept for the next start.
pub const QUEUE_FILE: &str = "history-queue.ron";
/// The lock the writers of the queue file take in turn (an empty file beside it).
pub const QUEUE_LOCK_FILE: &str = "history-queue.lock";

/// Games that could not be written: kept in a file beside the database, written on the next
/// start. The file is rewritten whole (atomically) each time. Returns where a queue file
/// that did not read was moved aside to, if one was: its games are the user's to recover,
/// and must be told of.
pub fn queue(dir: &Path, e: &GameEntry) -> std::io::Result<Option<PathBuf>> {
    // Where locks are not supported (some network folders), the game is still queued.
    let _lock = queue_lock(dir, true);
    let path = dir.join(QUEUE_FILE);
    let (mut all, aside) = match load_queue(&path) {
        Ok(all) => (all, None),
        // A queue file that does not read is kept aside, never written over.
        Err(()) => (Vec::new(), Some(crate::paths::move_aside(&path, "broken")?)),
    };
    all.push(e.clone());
    let text = ron::to_string(&all).map_err(std::io::Error::other)?;
    crate::paths::write_atomic(&path, text.as_bytes())?;
    Ok(aside)
}

/// The queue file, if it is there and does not read (damaged, or from a later version): its
/// games cannot go into the history, and it is left as it is. Said, or they would be lost
/// without a word.
pub fn unreadable_queue(dir: &Path) -> Option<PathBuf> {
    let path = dir.join(QUEUE_FILE);
    load_queue(&path).is_err().then_some(path)
}

/// The queue file is read and written by one writer at a time, across threads and programs
/// (the app's recorder, its History screen, `history import`): a game queued while another
/// writer empties the queue is never lost. Held until the file returned is dropped.
/// `wait`: wait for another writer's lock; otherwise a held lock is `WouldBlock`.
fn queue_lock(dir: &Path, wait: bool) -> std::io::Result<std::fs::File> {
    let f = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(dir.join(QUEUE_LOCK_FILE))?;
    if wait {
        f.lock()?;
    } else {
        f.try_lock().map_err(|e| match e {
            std::fs::TryLockError::WouldBlock => std::io::ErrorKind::WouldBlock.into(),
            std::fs::TryLockError::Error(e) => e,
        })?;
    }
    Ok(f)
}

/// The games waiting in the queue file (none if there is none or it does not read).
pub fn read_queue(dir: &Path) -> Vec<GameEntry> {
    load_queue(&dir.join(QUEUE_FILE)).unwrap_or_default()
}

/// The queued games; `Err` when something is there that does not read as a queue.
fn load_queue(path: &Path) -> Result<Vec<GameEntry>, ()> {
    use crate::engine::files::{FileProblem, read_text};
    // Games with their logs (20–60 KB each): room for thousands.
    const QUEUE_LIMIT: u64 = 256 << 20;
    match read_text(path, QUEUE_LIMIT) {
        Ok(t) => ron::from_str(&t).map_err(|_| ()),
        Err(FileProblem::Missing) => Ok(Vec::new()),
        Err(_) => Err(()),
    }
}

/// Writes the queued games into `h`; what is written leaves the queue, what fails stays.
/// Returns how many were written.
pub fn flush_queue(dir: &Path, h: &mut History) -> usize {
    // Another writer at it (the window's thread must not wait): the games wait for the next
    // time. Where locks are not supported, it goes on without.
    let lock = queue_lock(dir, false);
    if lock
        .as_ref()
        .is_err_and(|e| e.kind() == std::io::ErrorKind::WouldBlock)
    {
        return 0;
    }
    let mut left = read_queue(dir);
    let path = dir.join(QUEUE_FILE);
    let mut written = 0;
    let mut i = 0;
    while i < left.len() {
        if h.record(&left[i]).is_err() {
            i += 1;
            continue;
        }
        written += 1;
        left.remove(i);
        // The queue loses each game as soon as it is recorded, so that a failure later on
        // does not leave it queued to be recorded again.
        let rewritten = if left.is_empty() {
            std::fs::remove_file(&path)
        } else {
            ron::to_string(&left)
                .map_err(std::io::Error::other)
                .and_then(|text| crate::paths::write_atomic(&path, text.as_bytes()))
        };
        if rewritten.is_err() {
            break;
        }
    }
    written
}
