//! Scratch folders for the tests, removed with everything in them when the test that made
//! them ends, passed or failed, so a test run leaves nothing behind in the temporary folder.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder of its own for one use: tests running at once that ask for the same name get
/// different folders. It reads as the folder's path.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // Best effort: a test may have left something read-only.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A new, empty folder `{kind}-{process}-{n}-{name}` in the temporary folder.
pub fn scratch(kind: &str, name: &str) -> Scratch {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("{kind}-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Scratch(d)
}
