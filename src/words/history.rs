//! The history's faults in words.

use crate::history::{HistoryError, SCHEMA_VERSION};
use crate::trf;

/// What went wrong with the history database at `path`, in the reader's language.
pub fn history_words(e: &HistoryError, path: &std::path::Path) -> String {
    let file = path.display();
    match e {
        HistoryError::Corrupt => trf!("{file} is not a history database, or it is damaged", file),
        HistoryError::Locked => trf!("{file} is busy in another program; try again", file),
        HistoryError::ReadOnly => {
            trf!(
                "{file} cannot be written (a read-only file or folder)",
                file
            )
        }
        HistoryError::Full => trf!("the disk holding {file} is full", file),
        HistoryError::Newer { found } => trf!(
            "{file} was written by a newer version of the app (schema {found}; this one knows {known})",
            file,
            found = *found,
            known = SCHEMA_VERSION
        ),
        HistoryError::Foreign => trf!(
            "{file} is a database of another program, not a Noctiluca history; it is left as it is",
            file
        ),
        HistoryError::Io => trf!(
            "the disk holding {file} failed to read or write it (is the disk full?)",
            file
        ),
        HistoryError::NotAFile => trf!(
            "{file} cannot be a history: a file stands where its folder should be, or a folder where the file should be",
            file
        ),
        HistoryError::Other(m) => trf!("{file}: {error}", file, error = m),
    }
}
