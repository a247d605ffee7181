//! The files the app keeps its state in (the autosaved game, the solo companion's game, the
//! settings): read at start-up without blocking and within a size limit; one that cannot be
//! used is moved aside to a dated `.broken` copy before anything is written in its place, and
//! the screen it concerns says what was wrong, where the copy is and what to do.

use crate::engine::files::{FileProblem, MAX_TEXT_BYTES, read_text};
use crate::i18n::{Said, tr};
use crate::trf;
use crate::words::Words;
use std::path::Path;

/// What was found at a state file's path.
pub struct Found<T> {
    pub value: Option<T>,
    /// What to tell the player, on the screen the file belongs to (in the language of the
    /// moment: one chosen after it was found had left it in the other).
    pub notice: Option<Said>,
    /// Whether the app may write the file again (not while something it could not move aside
    /// is in the way).
    pub keep_saving: bool,
}

impl<T> Found<T> {
    fn nothing() -> Found<T> {
        Found {
            value: None,
            notice: None,
            keep_saving: true,
        }
    }
}

/// Reads the state file at `path` with `parse`. `what` names the file for the player, as an
/// English key ("The autosaved game"). A file that does not read or parse is moved aside and
/// the notice says where; anything that is not a file is left alone and saving is turned off.
/// (`parse` has no side effects: a problem is worded by it in each language.)
pub fn load<T>(
    path: &Path,
    what: &'static str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Found<T> {
    let problem = match read_text(path, MAX_TEXT_BYTES) {
        Ok(text) => match parse(&text) {
            Ok(v) => {
                return Found {
                    value: Some(v),
                    notice: None,
                    keep_saving: true,
                };
            }
            Err(_) => Said::in_each_language(|| parse(&text).err().unwrap_or_default()),
        },
        Err(FileProblem::Missing) => return Found::nothing(),
        Err(
            p @ (FileProblem::NotAFile { .. } | FileProblem::Io { .. } | FileProblem::LinkLoop),
        ) => {
            let path = path.to_path_buf();
            return Found {
                value: None,
                notice: Some(Said::new(move || {
                    trf!(
                        "{what} at {path} cannot be read: {error}. The app will not write there \
                         until it is restarted; move or remove what is at that path to save again.",
                        what = tr(what),
                        path = path.display(),
                        error = p.words()
                    )
                })),
                keep_saving: false,
            };
        }
        Err(p) => Said::new(move || p.words()),
    };
    set_aside(path, what, problem)
}

/// Moves the unusable file at `path` aside and says so (`what` as in `load`).
pub fn set_aside<T>(path: &Path, what: &'static str, problem: Said) -> Found<T> {
    match crate::paths::move_aside(path, "broken") {
        Ok(aside) => Found {
            value: None,
            notice: Some(Said::new(move || {
                trf!(
                    "{what} could not be read ({error}). The file was kept as {path}, untouched; \
                     a new one is started.",
                    what = tr(what),
                    error = problem.text(),
                    path = aside.display()
                )
            })),
            keep_saving: true,
        },
        Err(io) => {
            let (path, kind) = (path.to_path_buf(), io.kind());
            Found {
                value: None,
                notice: Some(Said::new(move || {
                    trf!(
                        "{what} at {path} could not be read ({error}) and could not be moved \
                         aside ({reason}). The app will not write there until it is restarted, so \
                         the file is not overwritten.",
                        what = tr(what),
                        path = path.display(),
                        error = problem.text(),
                        reason = crate::words::io_error(kind)
                    )
                })),
                keep_saving: false,
            }
        }
    }
}
