//! Where the program keeps the user's files: component-data overrides and saved games.

use std::path::{Path, PathBuf};

/// The app's folders under the system's conventions (`directories`): on Linux
/// `$XDG_CONFIG_HOME/noctiluca` (default `~/.config/noctiluca`) and `$XDG_DATA_HOME/noctiluca`
/// (`~/.local/share/noctiluca`), relative XDG paths ignored as the XDG specification asks; on
/// macOS `~/Library/Application Support/noctiluca`; on Windows `%APPDATA%\noctiluca\config`
/// and `…\data`.
fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from_path(PathBuf::from("noctiluca"))
}

fn overridden(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The folder for component-data overrides (`jar-deck.ron`, `token-values.ron`,
/// `solo-board.ron`): `$NOCTILUCA_CONFIG_DIR` if set, otherwise the system's configuration
/// folder for the app.
pub fn config_dir() -> Option<PathBuf> {
    overridden("NOCTILUCA_CONFIG_DIR").or_else(|| project().map(|p| p.config_dir().to_owned()))
}

/// The folder for saved games and the window's own state (`app.ron`): `$NOCTILUCA_DATA_DIR`
/// if set, otherwise the system's data folder for the app.
pub fn data_dir() -> Option<PathBuf> {
    overridden("NOCTILUCA_DATA_DIR").or_else(|| project().map(|p| p.data_dir().to_owned()))
}

/// The file the window keeps its own state in (size and place, the settings), inside
/// [`data_dir`], so that everything the app keeps is in its two folders.
pub const WINDOW_STATE_FILE: &str = "app.ron";

/// What [`migrate`] did with one file of an old folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moved {
    /// Moved to the same name in the new folder.
    To(PathBuf),
    /// The new folder already had a file of that name: the old one is kept beside it under
    /// another name, and both are there.
    Beside(PathBuf),
    /// Could not be moved; it stays where it was, untouched.
    Failed {
        from: PathBuf,
        kind: std::io::ErrorKind,
    },
}

/// Moves the files `names` from an older folder of the app to the current one. Nothing is ever
/// overwritten or deleted: a name already taken in the new folder keeps both files (the old
/// one renamed `NAME.from-earlier-folder-STAMP.EXT`), and a file that cannot be moved stays
/// where it was. Returns what happened to each file that was there.
pub fn migrate(old: &Path, new: &Path, names: &[&str]) -> Vec<Moved> {
    let mut out = Vec::new();
    if old == new {
        return out;
    }
    for name in names {
        let from = old.join(name);
        if !from.is_file() {
            continue;
        }
        let to = new.join(name);
        let result = std::fs::create_dir_all(new).and_then(|()| {
            if std::fs::symlink_metadata(&to).is_err() {
                move_file(&from, &to).map(|()| Moved::To(to.clone()))
            } else {
                let aside = free_name(&to, "from-earlier-folder")?;
                move_file(&from, &aside).map(|()| Moved::Beside(aside))
            }
        });
        out.push(result.unwrap_or_else(|e| Moved::Failed {
            from: from.clone(),
            kind: e.kind(),
        }));
    }
    out
}

/// A rename, or where the two folders are on different disks a copy that is flushed to disk
/// before the original goes.
fn move_file(from: &Path, to: &Path) -> std::io::Result<()> {
    if std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    let bytes = std::fs::read(from)?;
    write_atomic(to, &bytes)?;
    std::fs::remove_file(from)
}

/// Moves the files of the app's earlier folders into the current ones, once they are known:
/// the folders the app used before it followed the system's conventions on Windows, and the
/// window state eframe kept in a folder of its own. Does nothing when the folders are given
/// by `NOCTILUCA_CONFIG_DIR` / `NOCTILUCA_DATA_DIR`.
pub fn migrate_earlier_folders(app_id: &str, data_files: &[&str]) -> Vec<Moved> {
    let mut out = Vec::new();
    let (Some(config), Some(data)) = (config_dir(), data_dir()) else {
        return out;
    };
    // Before the app followed the system's conventions, Windows kept everything directly in
    // %APPDATA%\noctiluca.
    let earlier_windows = cfg!(windows)
        .then(|| std::env::var_os("APPDATA").map(|a| PathBuf::from(a).join("noctiluca")))
        .flatten();
    if overridden("NOCTILUCA_CONFIG_DIR").is_none()
        && let Some(old) = &earlier_windows
    {
        out.extend(migrate(old, &config, &COMPONENT_FILES));
    }
    if overridden("NOCTILUCA_DATA_DIR").is_none() {
        if let Some(old) = &earlier_windows {
            out.extend(migrate(old, &data, data_files));
        }
        if let Some(old) = eframe_storage_dir(app_id) {
            out.extend(migrate(&old, &data, &[WINDOW_STATE_FILE]));
        }
    }
    out
}

/// The component-data files a user may put in the configuration folder.
pub const COMPONENT_FILES: [&str; 3] = ["jar-deck.ron", "token-values.ron", "solo-board.ron"];

/// Where eframe keeps its state when not told otherwise (eframe 0.37's `storage_dir`).
fn eframe_storage_dir(app_id: &str) -> Option<PathBuf> {
    let base = directories::BaseDirs::new()?;
    if cfg!(windows) {
        Some(base.config_dir().join(app_id).join("data"))
    } else if cfg!(target_os = "macos") {
        Some(
            base.data_dir()
                .join(app_id.replace(|c: char| c.is_ascii_whitespace(), "-")),
        )
    } else {
        Some(
            base.data_dir().join(
                app_id
                    .to_lowercase()
                    .replace(|c: char| c.is_ascii_whitespace(), ""),
            ),
        )
    }
}

/// Whether the data folder can be written (a small probe file is written and removed); what to
/// tell the player when it cannot.
pub fn check_data_dir() -> Option<crate::i18n::Said> {
    check_writable(&data_dir()?)
}

/// Whether the config folder can be written; what to tell the player if not.
pub fn check_config_dir() -> Option<crate::i18n::Said> {
    check_folder(&config_dir()?, Folder::Config)
}

/// The app's two folders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Folder {
    /// Saves, the history, the window's state.
    Data,
    /// The settings and the component set.
    Config,
}

/// Whether the data folder `dir` can be written (made if need be); what to tell the player if
/// not.
pub fn check_writable(dir: &Path) -> Option<crate::i18n::Said> {
    check_folder(dir, Folder::Data)
}

/// Whether the folder `dir` can be written (made if need be); what to tell the player if not.
pub fn check_folder(dir: &Path, folder: Folder) -> Option<crate::i18n::Said> {
    let probe = dir.join(format!(".write-check-{}", std::process::id()));
    let result = std::fs::create_dir_all(dir).and_then(|_| write_atomic(&probe, b"ok"));
    let _ = std::fs::remove_file(&probe);
    let dir = dir.to_path_buf();
    result.err().map(|e| {
        let kind = e.kind();
        crate::i18n::Said::new(move || {
        let (path, error) = (dir.display(), crate::words::io_error(kind));
        match folder {
            Folder::Data => crate::trf!(
                "The data folder {path} cannot be written ({error}): games are not autosaved and \
                 the history is not kept until it can be. Check the folder's permissions and free \
                 space, or set NOCTILUCA_DATA_DIR to another folder.",
                path,
                error
            ),
            Folder::Config => crate::trf!(
                "The config folder {path} cannot be written ({error}): your settings and your \
                 component set are not saved until it can be. Check the folder's permissions and \
                 free space, or set NOCTILUCA_CONFIG_DIR to another folder.",
                path,
                error
            ),
        }
        })
    })
}

/// The file a running window holds locked in its data folder, so a second window on the same
/// folders can tell it is not alone.
pub const INSTANCE_LOCK_FILE: &str = "window.lock";

/// Whether this process is the only window on a data folder.
#[derive(Debug)]
pub enum FolderClaim {
    /// This process holds the folder's lock, until it ends (or the returned file is dropped).
    Held(std::fs::File),
    /// Another process holds it: another window is open on the same folder.
    Taken,
    /// The lock could not be made (a read-only folder, a file system without locks): nothing
    /// can be told either way.
    Unknown,
}

/// Takes the data folder `dir`'s instance lock (`window.lock`, an advisory lock the system
/// lets go of when the process ends, however it ends; the file itself is left in place).
pub fn claim_folder(dir: &Path) -> FolderClaim {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(INSTANCE_LOCK_FILE));
    let Ok(file) = file else {
        return FolderClaim::Unknown;
    };
    match file.try_lock() {
        Ok(()) => FolderClaim::Held(file),
        Err(std::fs::TryLockError::WouldBlock) => FolderClaim::Taken,
        Err(std::fs::TryLockError::Error(_)) => FolderClaim::Unknown,
    }
}

/// The data folder's lock, held by this window for as long as it runs.
static FOLDER_LOCK: std::sync::OnceLock<std::fs::File> = std::sync::OnceLock::new();

/// Claims the data folder for this window (see [`claim_folder`]), keeping the lock until the
/// process ends. `true` when another window already holds it.
pub fn another_window_open(dir: &Path) -> bool {
    match claim_folder(dir) {
        FolderClaim::Held(file) => {
            let _ = FOLDER_LOCK.set(file);
            false
        }
        FolderClaim::Taken => true,
        FolderClaim::Unknown => false,
    }
}

pub use crate::engine::files::{write_atomic, write_atomic_with};

/// Renames a file the program cannot use to a copy beside it, so that nothing written later
/// in its place destroys it: `game-autosave.ron` becomes
/// `game-autosave.TAG-20261123-224500.ron` (with `-2`, `-3`… if that name is taken).
/// Returns the copy's path.
pub fn move_aside(path: &Path, tag: &str) -> std::io::Result<PathBuf> {
    let aside = free_name(path, tag)?;
    std::fs::rename(path, &aside)?;
    Ok(aside)
}

/// A name beside `path` that nothing uses: `STEM.TAG-STAMP.EXT` (with `-2`, `-3`… if taken).
pub(crate) fn free_name(path: &Path, tag: &str) -> std::io::Result<PathBuf> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let stamp = utc_stamp(std::time::SystemTime::now());
    for n in 1..1000u32 {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let free = path.with_file_name(format!("{stem}.{tag}-{stamp}{suffix}{ext}"));
        if std::fs::symlink_metadata(&free).is_err() {
            return Ok(free);
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        "no free name for the copy",
    ))
}

/// `YYYYMMDD-HHMMSS` in UTC.
fn utc_stamp(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil(days as i64);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The calendar date (year, month, day) of a day counted from 1970-01-01 (Howard Hinnant's
/// days-to-civil).
pub fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("noctiluca-paths-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn a_second_claim_on_a_folder_is_told_it_is_taken_until_the_first_lets_go() {
        let d = scratch_dir("claim");
        let first = claim_folder(&d);
        assert!(matches!(first, FolderClaim::Held(_)), "{first:?}");
        // Another open of the lock file (as another process's would be) finds it taken.
        assert!(matches!(claim_folder(&d), FolderClaim::Taken));
        assert!(matches!(claim_folder(&d), FolderClaim::Taken));
        drop(first);
        let again = claim_folder(&d);
        assert!(matches!(again, FolderClaim::Held(_)), "{again:?}");
        let missing = claim_folder(&d.join("no-such-folder"));
        assert!(matches!(missing, FolderClaim::Unknown), "{missing:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_or_a_link_to_one_is_not_replaced_by_a_file() {
        use std::os::unix::fs::FileTypeExt;
        let d = scratch_dir("fifo");
        let fifo = d.join("pipe");
        let _ = std::fs::remove_file(&fifo);
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        let link = d.join("link.ron");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        for p in [&fifo, &link] {
            let e = write_atomic(p, b"contents").unwrap_err();
            assert_eq!(e.kind(), crate::engine::files::NOT_A_FILE);
            assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        }
        assert_eq!(leftovers(&d), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_write_that_fails_half_way_keeps_the_old_file_and_leaves_no_temp() {
        use std::io::Write;
        let d = scratch_dir("full");
        let p = d.join("settings.ron");
        write_atomic(&p, b"old contents").unwrap();
        let e = write_atomic_with(&p, |f| {
            f.write_all(b"half of the new")?;
            Err(std::io::Error::from(std::io::ErrorKind::StorageFull))
        })
        .unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read(&p).unwrap(), b"old contents");
        assert_eq!(leftovers(&d), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch_dir("link");
        let real = d.join("real.ron");
        std::fs::write(&real, b"one").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = d.join("link.ron");
        std::os::unix::fs::symlink("real.ron", &link).unwrap();
        write_atomic(&link, b"two").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"two");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        // A loop is refused, and nothing replaces the links.
        let (a, b) = (d.join("a"), d.join("b"));
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(write_atomic(&a, b"x").is_err());
        assert!(
            std::fs::symlink_metadata(&a)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(leftovers(&d), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&d);
    }

    /// On a real full disk: a 64 KB tmpfs, where the system allows mounting one (as root).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_keeps_the_old_file() {
        let d = scratch_dir("tmpfs");
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&d)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            // Not allowed here: the half-way failure above covers the same path.
            let _ = std::fs::remove_dir_all(&d);
            return;
        }
        let p = d.join("game-autosave.ron");
        write_atomic(&p, &[b'a'; 40_000]).unwrap();
        let e = write_atomic(&p, &[b'b'; 50_000]).unwrap_err();
        let left = leftovers(&d);
        let old = std::fs::read(&p).unwrap();
        let _ = std::process::Command::new("umount").arg(&d).status();
        let _ = std::fs::remove_dir_all(&d);
        assert_eq!(e.kind(), std::io::ErrorKind::StorageFull);
        assert_eq!(old, vec![b'a'; 40_000]);
        assert_eq!(left, Vec::<String>::new());
    }

    #[test]
    fn utc_stamps_are_civil_dates() {
        let at = |s: u64| utc_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(s));
        assert_eq!(at(0), "19700101-000000");
        assert_eq!(at(951_782_400), "20000229-000000");
        assert_eq!(at(1_795_476_305), "20261123-232505");
    }

    #[test]
    fn moving_aside_keeps_the_file_under_a_new_name() {
        let dir = std::env::temp_dir().join(format!("noct-aside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("game-autosave.ron");
        std::fs::write(&p, b"one").unwrap();
        let a = move_aside(&p, "broken").unwrap();
        std::fs::write(&p, b"two").unwrap();
        let b = move_aside(&p, "broken").unwrap();
        assert_ne!(a, b);
        assert!(!p.exists());
        assert_eq!(std::fs::read(&a).unwrap(), b"one");
        assert_eq!(std::fs::read(&b).unwrap(), b"two");
        let name = a.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("game-autosave.broken-") && name.ends_with(".ron"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = std::env::temp_dir().join(format!("noct-atomic-{}", std::process::id()));
        let p = dir.join("sub").join("save.ron");
        write_atomic(&p, b"first version, longer").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        let leftovers: Vec<_> = std::fs::read_dir(p.parent().unwrap())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("noct-paths-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn files_of_an_earlier_folder_move_to_the_new_one() {
        let root = scratch("move");
        let (old, new) = (root.join("old"), root.join("new"));
        std::fs::create_dir_all(&old).unwrap();
        std::fs::write(old.join("jar-deck.ron"), "deck").unwrap();
        std::fs::write(old.join("unrelated.txt"), "keep").unwrap();
        let moved = migrate(&old, &new, &["jar-deck.ron", "solo-board.ron"]);
        assert_eq!(moved, vec![Moved::To(new.join("jar-deck.ron"))]);
        assert_eq!(
            std::fs::read_to_string(new.join("jar-deck.ron")).unwrap(),
            "deck"
        );
        assert!(!old.join("jar-deck.ron").exists());
        // What the app does not own stays where it is.
        assert!(old.join("unrelated.txt").exists());
        // A second start finds nothing more to move.
        assert!(migrate(&old, &new, &["jar-deck.ron"]).is_empty());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_name_taken_in_the_new_folder_keeps_both_files() {
        let root = scratch("clash");
        let (old, new) = (root.join("old"), root.join("new"));
        std::fs::create_dir_all(&old).unwrap();
        std::fs::create_dir_all(&new).unwrap();
        std::fs::write(old.join("app.ron"), "old").unwrap();
        std::fs::write(new.join("app.ron"), "new").unwrap();
        let moved = migrate(&old, &new, &["app.ron"]);
        let [Moved::Beside(aside)] = &moved[..] else {
            panic!("{moved:?}")
        };
        assert_eq!(std::fs::read_to_string(new.join("app.ron")).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(aside).unwrap(), "old");
        let name = aside.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("app.from-earlier-folder-"), "{name}");
        assert!(!old.join("app.ron").exists());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_destination_that_cannot_be_written_loses_nothing() {
        let root = scratch("blocked");
        let old = root.join("old");
        std::fs::create_dir_all(&old).unwrap();
        std::fs::write(old.join("game-autosave.ron"), "game").unwrap();
        // The new folder's place is taken by a file, so it cannot be made.
        let new = root.join("new");
        std::fs::write(&new, "a file").unwrap();
        let moved = migrate(&old, &new, &["game-autosave.ron"]);
        assert!(
            matches!(&moved[..], [Moved::Failed { from, .. }] if *from == old.join("game-autosave.ron")),
            "{moved:?}"
        );
        assert_eq!(
            std::fs::read_to_string(old.join("game-autosave.ron")).unwrap(),
            "game"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
