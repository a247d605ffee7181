//! Where the program keeps the user's files: component-data overrides and saved games.

use std::path::PathBuf;

const APP_DIR: &str = "noctiluca";

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
}

/// The folder for component-data overrides (`jar-deck.ron`, `token-values.ron`,
/// `solo-board.ron`): `$NOCTILUCA_CONFIG_DIR` if set; otherwise `$XDG_CONFIG_HOME/noctiluca`
/// or `~/.config/noctiluca` on Linux, `%APPDATA%\noctiluca` on Windows and
/// `~/Library/Application Support/noctiluca` on macOS.
pub fn config_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("NOCTILUCA_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if cfg!(windows) {
        return std::env::var_os("APPDATA").map(|a| PathBuf::from(a).join(APP_DIR));
    }
    if cfg!(target_os = "macos") {
        return home().map(|h| h.join("Library/Application Support").join(APP_DIR));
    }
    if let Some(x) = std::env::var_os("XDG_CONFIG_HOME").filter(|x| !x.is_empty()) {
        return Some(PathBuf::from(x).join(APP_DIR));
    }
    home().map(|h| h.join(".config").join(APP_DIR))
}

/// The folder for autosaves: `$NOCTILUCA_DATA_DIR` if set; otherwise `$XDG_DATA_HOME/noctiluca`
/// or `~/.local/share/noctiluca` on Linux, `%APPDATA%\noctiluca` on Windows and
/// `~/Library/Application Support/noctiluca` on macOS.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("NOCTILUCA_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if cfg!(windows) || cfg!(target_os = "macos") {
        return config_dir();
    }
    if let Some(x) = std::env::var_os("XDG_DATA_HOME").filter(|x| !x.is_empty()) {
        return Some(PathBuf::from(x).join(APP_DIR));
    }
    home().map(|h| h.join(".local/share").join(APP_DIR))
}

/// Writes a file atomically: a temporary file beside it, then a rename.
pub fn write_atomic(path: &std::path::Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_string());
    let tmp = path.with_file_name(format!(".{file_name}.{}.tmp", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Renames a file the program cannot use to a copy beside it, so that nothing written later
/// in its place destroys it: `game-autosave.ron` becomes
/// `game-autosave.TAG-20261123-224500.ron` (with `-2`, `-3`… if that name is taken).
/// Returns the copy's path.
pub fn move_aside(path: &std::path::Path, tag: &str) -> std::io::Result<PathBuf> {
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
        let aside = path.with_file_name(format!("{stem}.{tag}-{stamp}{suffix}{ext}"));
        if std::fs::symlink_metadata(&aside).is_err() {
            std::fs::rename(path, &aside)?;
            return Ok(aside);
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
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
