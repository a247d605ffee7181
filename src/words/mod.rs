//! The front ends' words for what the engine returns as data: rule errors, replay problems,
//! what the game waits for. Worded in the calling thread's language (`crate::i18n`), at the
//! moment they are shown, so a language switch re-words them.

mod advice;
mod data;
mod errors;
mod history;
mod log;
mod names;
mod net;
mod scoring;
mod solo;

pub use advice::{fill_words, gain_words, reason_after_move, reason_words, signed_points};
pub use data::{ComponentWords, not_a_set, part_name, problem_at};
pub use history::{
    games_count, history_words, records_lines, records_words, rename_refused, renamed,
};
pub use net::{
    close_words, connection_words, host_side, net_io_error, note_words, refusal_words, save_problem,
};

/// Engine data (an error, a problem) in the calling thread's language.
pub trait Words {
    fn words(&self) -> String;
}

/// What the system said went wrong with a file, in words.
/// `s` with every character a terminal or a text view would obey rather than show — control
/// characters (escape sequences, carriage returns, bells) and the invisible marks that reverse
/// the direction of text — written out as escapes such as `\u{1b}`. For names and other text
/// a user typed or a file brought, wherever it is shown or printed.
pub fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    fn hidden(c: char) -> bool {
        c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    }
    if !s.chars().any(hidden) {
        return std::borrow::Cow::Borrowed(s);
    }
    std::borrow::Cow::Owned(
        s.chars()
            .map(|c| {
                if hidden(c) {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// Makes every name in `names` printable (see `printable`).
pub fn printable_names<'a>(names: impl IntoIterator<Item = &'a mut String>) {
    for n in names {
        if let std::borrow::Cow::Owned(p) = printable(n) {
            *n = p;
        }
    }
}

/// Names two or more players share are told apart by their place: "Bridget #1" and
/// "Bridget #3" (case and spaces around a name do not tell two apart). Empty names are left
/// alone: they are shown as "Player N". Returns whether any name was changed.
pub fn tell_apart(names: &mut [String]) -> bool {
    tell_apart_by(names, |n| n.trim().to_lowercase())
}

/// `tell_apart`, names the same by `key` told apart.
fn tell_apart_by(names: &mut [String], key: impl Fn(&str) -> String) -> bool {
    let shared: Vec<bool> = (0..names.len())
        .map(|i| {
            let k = key(&names[i]);
            !k.is_empty() && names.iter().filter(|m| key(m) == k).count() > 1
        })
        .collect();
    for (i, name) in names.iter_mut().enumerate() {
        if shared[i] {
            *name = crate::trf!("{name} #{number}", name = name.trim(), number = i + 1);
        }
    }
    shared.contains(&true)
}

/// `tell_apart` for the people of the history, who are told apart by their exact names:
/// "Alice" and "alice" are two people and keep their names (made "Alice #2" and "alice #3",
/// they were names no one in the history has); two seats of one person (two AIs of a level)
/// are told apart by seat.
pub fn tell_apart_people(names: &mut [String]) -> bool {
    tell_apart_by(names, |n| n.to_string())
}

pub fn io_error(kind: std::io::ErrorKind) -> String {
    use std::io::ErrorKind as K;
    match kind {
        K::NotFound => crate::i18n::tr("there is no such file").to_string(),
        K::PermissionDenied => crate::i18n::tr("permission denied").to_string(),
        K::InvalidData => crate::i18n::tr("it is not UTF-8 text").to_string(),
        K::IsADirectory => crate::i18n::tr("it is a folder, not a file").to_string(),
        K::StorageFull | K::QuotaExceeded => crate::i18n::tr("the disk is full").to_string(),
        K::ReadOnlyFilesystem => crate::i18n::tr("the disk is read-only").to_string(),
        K::NotADirectory => crate::i18n::tr("part of its path is not a folder").to_string(),
        K::AlreadyExists => crate::i18n::tr("a file of that name is already there").to_string(),
        K::WouldBlock => crate::i18n::tr("it is not ready to be read").to_string(),
        K::TimedOut => crate::i18n::tr("it took too long").to_string(),
        // The network's.
        K::ConnectionRefused => {
            crate::i18n::tr("nothing answers at that address and port").to_string()
        }
        K::ConnectionReset | K::ConnectionAborted | K::BrokenPipe | K::UnexpectedEof => {
            crate::i18n::tr("the connection was cut").to_string()
        }
        K::NotConnected => crate::i18n::tr("not connected").to_string(),
        K::HostUnreachable | K::NetworkUnreachable | K::NetworkDown => {
            crate::i18n::tr("that address cannot be reached from this network").to_string()
        }
        K::AddrInUse => crate::i18n::tr("the port is in use").to_string(),
        K::AddrNotAvailable => crate::i18n::tr("that address is not this computer's").to_string(),
        // `write_atomic` refusing a device, pipe or socket.
        K::InvalidInput => {
            crate::i18n::tr("it is not a regular file (a device, pipe or socket)").to_string()
        }
        other => crate::trf!("the system reported “{error}”", error = other),
    }
}

impl Words for crate::engine::files::FileProblem {
    fn words(&self) -> String {
        use crate::engine::files::{FileKind, FileProblem};
        use crate::i18n::tr;
        match self {
            FileProblem::Missing => tr("there is no such file").to_string(),
            FileProblem::NotAFile { kind } => match kind {
                FileKind::Directory => tr("it is a folder, not a file").to_string(),
                FileKind::Fifo => {
                    tr("it is a pipe (FIFO), not a file; it is not read, as it could wait forever")
                        .to_string()
                }
                FileKind::Socket => tr("it is a socket, not a file").to_string(),
                FileKind::CharDevice | FileKind::BlockDevice => {
                    tr("it is a device, not a file; it is not read").to_string()
                }
                FileKind::Other => tr("it is not a regular file").to_string(),
            },
            FileProblem::TooLarge { limit } => crate::trf!(
                "it is larger than {size} MB, far more than such a file holds; it is not read",
                size = (*limit as f64 / 1_048_576.0).max(0.1)
            ),
            FileProblem::NotText => tr("it is not UTF-8 text").to_string(),
            FileProblem::Utf16 => {
                tr("it is saved as UTF-16 text; save it again as UTF-8 to use it").to_string()
            }
            FileProblem::LinkLoop => tr("its symbolic links lead round in a loop").to_string(),
            FileProblem::Empty => tr("the file is empty").to_string(),
            FileProblem::Io { kind } => io_error(*kind),
        }
    }
}

/// What happened to a file of an earlier folder of the app, in words.
pub fn moved(m: &crate::paths::Moved) -> String {
    use crate::paths::Moved;
    match m {
        Moved::To(to) => crate::trf!(
            "moved {file} from an earlier folder of the app",
            file = to.display()
        ),
        Moved::Beside(to) => crate::trf!(
            "a file from an earlier folder of the app is kept as {file}, beside the newer one",
            file = to.display()
        ),
        Moved::Failed { from, kind } => crate::trf!(
            "{file} could not be moved to the app's folder ({error}); it stays where it is",
            file = from.display(),
            error = io_error(*kind)
        ),
    }
}

/// Where the RON reader stopped, and what it found there (the reader's own words).
pub fn ron_error(e: &ron::error::SpannedError) -> String {
    // The reader is past the "#" it did not expect when it says so: the column is the "#"'s.
    let column = match e.code {
        ron::Error::ExpectedAttribute => e.span.start.col.saturating_sub(1).max(1),
        _ => e.span.start.col,
    };
    crate::trf!(
        "line {line}, column {column}: {error}",
        line = e.span.start.line,
        column,
        error = ron_code(&e.code)
    )
}

/// What a RON reader found wrong, in plain words for the common cases (a name the file
/// should not hold, a missing or repeated field, a file cut short); that the text is not in
/// the file's shape otherwise.
fn ron_code(e: &ron::Error) -> String {
    use crate::i18n::tr;
    use crate::trf;
    use ron::Error as E;
    let known = |expected: &[&str]| join_list(expected.iter().map(|x| format!("“{x}”")));
    match e {
        E::Eof => tr("the file ends too early").into(),
        E::NoSuchEnumVariant {
            expected, found, ..
        } => trf!(
            "“{found}” is not one of the values allowed here ({allowed})",
            found,
            allowed = known(expected)
        ),
        E::NoSuchStructField {
            expected, found, ..
        } => trf!(
            "“{found}” is not a field this file can have ({allowed})",
            found,
            allowed = known(expected)
        ),
        E::MissingStructField { field, .. } => {
            trf!("the field “{field}” is missing", field = *field)
        }
        E::DuplicateStructField { field, .. } => {
            trf!("the field “{field}” is there twice", field = *field)
        }
        E::ExpectedDifferentStructName { found, .. } => trf!(
            "it begins with “{found}”: another kind of file, or another program's",
            found = printable(found)
        ),
        E::IntegerOutOfBounds => tr("a number here is negative or too large").into(),
        E::ExceededRecursionLimit => tr("it is nested too deeply to be read").into(),
        E::TrailingCharacters => tr("there is more text after the end").into(),
        // What the reader expected next, without its names for Rust's types.
        E::ExpectedStructLike | E::ExpectedNamedStructLike(_) | E::ExpectedOption => {
            tr("a “(” was expected here: the text is not in the shape this file needs").into()
        }
        E::ExpectedStructLikeEnd | E::ExpectedOptionEnd => tr("a “)” was expected here").into(),
        E::ExpectedArray => tr("a “[” was expected here").into(),
        E::ExpectedArrayEnd => tr("a “]” was expected here").into(),
        // Also where a list or a group was not closed: the comma is only one of the two.
        E::ExpectedComma => tr("a comma, or a closing bracket, was expected here").into(),
        E::ExpectedInteger | E::ExpectedFloat => tr("a number was expected here").into(),
        E::ExpectedString | E::ExpectedStringEnd => {
            tr("text in double quotes was expected here").into()
        }
        E::ExpectedBoolean => tr("true or false was expected here").into(),
        E::ExpectedIdentifier => tr("a name was expected here").into(),
        // A "#" where none belongs (a text file, notes, a Markdown heading): the reader's
        // words were "Expected an `#![enable(...)]` attribute".
        E::ExpectedAttribute | E::ExpectedAttributeEnd => {
            tr("a “#” is here, where a file of this kind has none: it is another kind of file, or text").into()
        }
        // The reader's own words for the rest (English, and in its names for Rust's types):
        // the shape, in the language shown.
        _ => tr("the text here is not in the shape this file needs").into(),
    }
}
pub use errors::{actor, waiting};
pub use log::{ActionWords, EventWords, lap_words};
pub use names::{
    Label, a_die, as_sentence, describe_counts, is_bot_person, join_and, join_list, letter_label,
    list_more, person_name, seat_bot, seat_people, sentences, shorten_to, space_dice, stored_name,
    stored_person,
};
pub use scoring::{
    MajorityWords, describe as describe_score, join_names, outcome_sentence, places_sentence,
    player_name, problem_kind, score_problem,
};
pub use solo::{SoloEventWords, solo_turn, undo_on_table};
