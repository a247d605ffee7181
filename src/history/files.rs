//! The history's files beside the database: keeping one aside with its log, and reading a
//! copy of one that cannot be read in place.

use super::DB_FILE;
use std::path::{Path, PathBuf};

/// Moves the database at `path` aside (`history.kept-STAMP.sqlite`), with its write-ahead
/// log and shared memory files, so that nothing written to it is lost; returns where it went.
pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    let aside = crate::paths::free_name(path, "kept")?;
    // Every name the three files take must be free: a rename writes over what is there.
    for side in ["-wal", "-shm"] {
        if std::fs::symlink_metadata(with_suffix(&aside, side)).is_ok() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                "no free name for the copy",
            ));
        }
    }
    std::fs::rename(path, &aside)?;
    let wal = with_suffix(path, "-wal");
    if std::fs::symlink_metadata(&wal).is_ok()
        && let Err(e) = std::fs::rename(&wal, with_suffix(&aside, "-wal"))
    {
        // The database goes back beside its log: apart, what the log holds would be lost
        // (a new database would take the log for its own). Nothing has changed then.
        std::fs::rename(&aside, path)?;
        return Err(e);
    }
    // The shared-memory index is rebuilt from the log: moved along when it can be.
    let shm = with_suffix(path, "-shm");
    if std::fs::symlink_metadata(&shm).is_ok() {
        let _ = std::fs::rename(&shm, with_suffix(&aside, "-shm"));
    }
    Ok(aside)
}

/// `path` with `suffix` after its name (`h.sqlite` → `h.sqlite-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    PathBuf::from(p)
}

/// A copy of a database and its log in a folder of its own under the system's temporary
/// folder, for reading one that cannot be read in place; removed when dropped.
pub(super) struct TempCopy {
    dir: PathBuf,
    pub(super) db: PathBuf,
}

impl TempCopy {
    pub(super) fn of(path: &Path) -> std::io::Result<TempCopy> {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "noctiluca-history-read-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)?;
        let copy = TempCopy {
            db: dir.join(DB_FILE),
            dir,
        };
        std::fs::copy(path, &copy.db)?;
        let wal = with_suffix(path, "-wal");
        if std::fs::symlink_metadata(&wal).is_ok() {
            std::fs::copy(&wal, with_suffix(&copy.db, "-wal"))?;
        }
        Ok(copy)
    }
}

impl Drop for TempCopy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{DB_FILE, History};
    use rusqlite::Connection;

    /// A database read through a copy (as on a read-only folder or a full disk) shows what
    /// its log holds too, and the copy goes when the reader does.
    #[test]
    fn a_copy_read_in_place_of_a_file_holds_its_log() {
        let dir = std::env::temp_dir().join(format!("noctiluca-copy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(DB_FILE);
        let h = History::open(&path).unwrap();
        h.conn
            .execute_batch("PRAGMA wal_autocheckpoint = 0")
            .unwrap();
        h.conn
            .execute(
                "INSERT INTO people (name, bot_level) VALUES ('Ann', NULL)",
                [],
            )
            .unwrap();
        assert!(with_suffix(&path, "-wal").metadata().unwrap().len() > 0);
        let copy = TempCopy::of(&path).unwrap();
        let copied = copy.dir.clone();
        let c = Connection::open(&copy.db).unwrap();
        let n: i64 = c
            .query_row("SELECT COUNT(*) FROM people", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1, "the row still in the log is read");
        drop(c);
        drop(copy);
        assert!(!copied.exists(), "the copy is removed");
        drop(h);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
