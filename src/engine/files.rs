//! Reading a user's text file without surprises: only a regular file is read (a directory,
//! FIFO, socket or device is refused before it is opened, so nothing blocks or streams
//! forever), never more than a size limit, and a UTF-8 byte-order mark (which several editors
//! write) is dropped.

use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Far more than any file the program reads: a full game's log is 20–60 KB.
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// What a path that is not a regular file is instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FileKind {
    Directory,
    Fifo,
    Socket,
    CharDevice,
    BlockDevice,
    /// Something else the system has (neither a file nor any of the above).
    Other,
}

/// Why a file could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// Nothing at that path.
    Missing,
    /// Something that is not a file is there.
    NotAFile { kind: FileKind },
    /// Larger than the limit (bytes).
    TooLarge { limit: u64 },
    /// Not UTF-8 text.
    NotText,
    /// Text saved as UTF-16 (it starts with that encoding's byte-order mark), which some
    /// editors write: readable once saved again as UTF-8.
    Utf16,
    /// Symbolic links that lead back to themselves.
    LinkLoop,
    /// Nothing in it but blank space.
    Empty,
    /// What the system said went wrong (a symbolic-link loop, no permission, …).
    Io { kind: std::io::ErrorKind },
}

fn kind_of(m: &std::fs::Metadata) -> FileKind {
    let t = m.file_type();
    if t.is_dir() {
        return FileKind::Directory;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return FileKind::Fifo;
        }
        if t.is_socket() {
            return FileKind::Socket;
        }
        if t.is_char_device() {
            return FileKind::CharDevice;
        }
        if t.is_block_device() {
            return FileKind::BlockDevice;
        }
    }
    FileKind::Other
}

/// ELOOP on Linux: too many levels of symbolic links.
const ELOOP: i32 = 40;

fn io(e: std::io::Error) -> FileProblem {
    if e.kind() == std::io::ErrorKind::NotFound {
        FileProblem::Missing
    } else if cfg!(target_os = "linux") && e.raw_os_error() == Some(ELOOP) {
        FileProblem::LinkLoop
    } else {
        FileProblem::Io { kind: e.kind() }
    }
}

/// Whether `path` (followed through symbolic links) is a regular file; `Missing` when nothing
/// is there.
pub fn check_file(path: &Path) -> Result<(), FileProblem> {
    let m = std::fs::metadata(path).map_err(io)?;
    if m.is_file() {
        Ok(())
    } else {
        Err(FileProblem::NotAFile { kind: kind_of(&m) })
    }
}

/// The bytes of the regular file at `path`, at most `limit` of them.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, FileProblem> {
    check_file(path)?;
    let f = std::fs::File::open(path).map_err(io)?;
    // Checked again on what was opened, in case the path changed in between.
    let m = f.metadata().map_err(io)?;
    if !m.is_file() {
        return Err(FileProblem::NotAFile { kind: kind_of(&m) });
    }
    if m.len() > limit {
        return Err(FileProblem::TooLarge { limit });
    }
    let mut bytes = Vec::with_capacity(m.len() as usize);
    f.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(FileProblem::TooLarge { limit });
    }
    Ok(bytes)
}

/// The text of the regular file at `path` (at most `limit` bytes), without a byte-order mark.
pub fn read_text(path: &Path, limit: u64) -> Result<String, FileProblem> {
    text_of(read_bytes(path, limit)?)
}

/// Bytes read as UTF-8 text, without a byte-order mark (UTF-16 is named as such).
pub fn text_of(bytes: Vec<u8>) -> Result<String, FileProblem> {
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return Err(FileProblem::Utf16);
    }
    let mut text = String::from_utf8(bytes).map_err(|_| FileProblem::NotText)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.trim().is_empty() {
        return Err(FileProblem::Empty);
    }
    Ok(text)
}

/// `text` without a leading byte-order mark.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The error kind `write_atomic` gives for a path that names a device, a pipe or a socket:
/// nothing is written there.
pub const NOT_A_FILE: std::io::ErrorKind = std::io::ErrorKind::InvalidInput;

/// Writes a file atomically: a temporary file beside it, written and flushed to the disk, then
/// renamed over the file, and the folder flushed too, so a crash or a full disk leaves either
/// the old file or the new one, never a part of either.
pub fn write_atomic(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    write_atomic_with(path, |f| f.write_all(contents))
}

/// `write_atomic` with the writing done by `write` (tests make it fail half-way).
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    write_atomic_inner(path, write, true)
}

/// `write_atomic` without waiting for the disk: a reader still finds the old file or the
/// whole new one, never a part, but a crash may lose the last files written. For many files
/// written in one run (a simulation's logs), whose folder the caller flushes once at the end
/// (`sync_folder`): two flushes a file had made writing them a hundred times slower than
/// playing the games.
pub fn write_atomic_unsynced(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    write_atomic_inner(path, |f| f.write_all(contents), false)
}

/// Flushes a folder's entries (files renamed into it) to the disk.
pub fn sync_folder(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

fn write_atomic_inner(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
    sync: bool,
) -> std::io::Result<()> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    // A symbolic link is written through: its target gets the new contents, the link stays.
    let target = resolve_links(path)?;
    let path = target.as_path();
    // A device, pipe or socket there is not replaced by a file (a folder fails at the rename).
    if let Ok(m) = std::fs::metadata(path)
        && !m.is_file()
        && !m.is_dir()
    {
        return Err(std::io::Error::new(
            NOT_A_FILE,
            format!("{}: not a regular file", path.display()),
        ));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map(Path::to_path_buf);
    if let Some(dir) = &dir {
        std::fs::create_dir_all(dir)?;
    }
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_string());
    let old_permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    // Unique in this folder: the process, a counter, and the time (two threads, two processes).
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let tmp = path.with_file_name(format!(
        ".{file_name}.{}-{}-{nanos}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        write(&mut f)?;
        if let Some(p) = old_permissions {
            f.set_permissions(p)?;
        }
        if sync {
            f.sync_all()?;
        }
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        // A full disk or a failed rename: the old file stays as it was, no temp file is left.
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    // The rename itself reaches the disk with the folder's entry.
    if let Some(dir) = dir.as_deref().filter(|_| sync) {
        sync_folder(dir)?;
    }
    Ok(())
}

/// The file a path finally names, following symbolic links (a loop is an error).
fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::read_link(&p) {
            Ok(to) => {
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                }
            }
            Err(_) => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: its symbolic links lead round in a loop",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("noctiluca-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_the_limit_holds() {
        let d = scratch("bom");
        let p = d.join("a.ron");
        std::fs::write(&p, "\u{feff}(x: 1)").unwrap();
        assert_eq!(read_text(&p, 100).unwrap(), "(x: 1)");
        assert_eq!(read_text(&p, 4), Err(FileProblem::TooLarge { limit: 4 }));
        std::fs::write(&p, [0xff, 0xfe, 0x28, 0x00]).unwrap();
        assert_eq!(read_text(&p, 100), Err(FileProblem::Utf16));
        std::fs::write(&p, [0xfe, 0xff, 0x00, 0x28]).unwrap();
        assert_eq!(read_text(&p, 100), Err(FileProblem::Utf16));
        std::fs::write(&p, [0x28, 0xc3, 0x28]).unwrap();
        assert_eq!(read_text(&p, 100), Err(FileProblem::NotText));
        assert_eq!(read_text(&d.join("none"), 100), Err(FileProblem::Missing));
        // Nothing but blank space (a byte-order mark too) is an empty file, said as such.
        for blank in [&b""[..], b" \n\t\r\n", b"\xef\xbb\xbf\n"] {
            std::fs::write(&p, blank).unwrap();
            assert_eq!(read_text(&p, 100), Err(FileProblem::Empty), "{blank:?}");
        }
        assert_eq!(
            read_text(&d, 100),
            Err(FileProblem::NotAFile {
                kind: FileKind::Directory
            })
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn devices_and_loops_are_refused_without_reading() {
        assert_eq!(
            read_text(Path::new("/dev/zero"), MAX_TEXT_BYTES),
            Err(FileProblem::NotAFile {
                kind: FileKind::CharDevice
            })
        );
        let d = scratch("loop");
        let a = d.join("a");
        let b = d.join("b");
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert_eq!(read_text(&a, 100), Err(FileProblem::LinkLoop));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_unsynced_write_is_whole_and_leaves_no_temporary_file() {
        let d = scratch("unsynced");
        let p = d.join("game-00001.ron");
        write_atomic_unsynced(&p, b"first").unwrap();
        write_atomic_unsynced(&p, b"second, longer").unwrap();
        sync_folder(&d).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second, longer");
        let names: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["game-00001.ron"]);
        // A device is not replaced, as by the synced write.
        assert_eq!(
            write_atomic_unsynced(Path::new("/dev/null"), b"x")
                .unwrap_err()
                .kind(),
            NOT_A_FILE
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
