//! Games deleted from the history, the latest few, kept in a file beside it: Undo puts them
//! back after the app has been closed and opened again, as before.

use super::GameEntry;
use std::path::Path;

/// The deleted games kept beside the database.
pub const DELETED_FILE: &str = "history-deleted.ron";
/// How many deleted games are kept (the oldest go first).
pub const DELETED_KEPT: usize = 20;

/// The deleted games kept beside the database in `dir`, the latest last (none when there is
/// no file, or one that does not read).
pub fn read_deleted(dir: &Path) -> Vec<GameEntry> {
    load(&dir.join(DELETED_FILE)).unwrap_or_default()
}

/// Keeps `games`, the latest `DELETED_KEPT` of them, as the deleted games beside the database
/// in `dir` (the file goes when there are none). A file there that does not read is kept
/// aside, never written over.
pub fn keep_deleted(dir: &Path, games: &[GameEntry]) -> std::io::Result<()> {
    let path = dir.join(DELETED_FILE);
    if load(&path).is_err() {
        crate::paths::move_aside(&path, "broken")?;
    }
    if games.is_empty() {
        return match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        };
    }
    let kept = &games[games.len().saturating_sub(DELETED_KEPT)..];
    let text = ron::to_string(kept).map_err(std::io::Error::other)?;
    crate::paths::write_atomic(&path, text.as_bytes())
}

/// The kept games; `Err` when something is there that does not read as them.
fn load(path: &Path) -> Result<Vec<GameEntry>, ()> {
    use crate::engine::files::{FileProblem, read_text};
    // Twenty games with their logs (20–60 KB each), and room to spare.
    const LIMIT: u64 = 64 << 20;
    match read_text(path, LIMIT) {
        Ok(t) => ron::from_str(&t).map_err(|_| ()),
        Err(FileProblem::Missing) => Ok(Vec::new()),
        Err(_) => Err(()),
    }
}
