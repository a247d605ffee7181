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

#[cfg(test)]
mod tests {
    use super::*;

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
