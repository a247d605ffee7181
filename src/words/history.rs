//! The history's faults in words.

use crate::history::{HistoryError, SCHEMA_VERSION};
use crate::i18n::tr;
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

/// What renaming `from` to `to` in the history did.
pub fn renamed(r: &crate::history::Renamed, from: &str, to: &str) -> String {
    use crate::history::Renamed;
    let (from, to) = (super::printable(from), super::printable(to));
    match r {
        Renamed::Renamed { games } => trf!(
            "{from} is now {to} in the history ({games}).",
            from,
            to,
            games = games_count(*games as i64)
        ),
        Renamed::Merged { games } => trf!(
            "{to} now has {from}'s {games}: the two names are one person.",
            from,
            to,
            games = games_count(*games as i64)
        ),
        Renamed::Unchanged => trf!("{from} already has that name.", from),
    }
}

/// Why renaming `from` to `to` in the history at `path` was refused.
pub fn rename_refused(
    e: &crate::history::RenameError,
    from: &str,
    to: &str,
    path: &std::path::Path,
) -> String {
    use crate::history::RenameError;
    let (from, to) = (super::printable(from), super::printable(to));
    match e {
        RenameError::History(e) => history_words(e, path),
        RenameError::NoSuchPerson => trf!("nobody called {from} has a game in the history", from),
        RenameError::Bot => {
            tr("an AI is kept under its level (such as AI Hard): it is not renamed, nor is a person given its name").to_string()
        }
        RenameError::Empty => tr("the new name is blank").to_string(),
        RenameError::TooLong => trf!(
            "the new name is longer than {count} characters",
            count = crate::history::NAME_CHARS
        ),
        RenameError::SameGame { games } => trf!(
            "{from} and {to} played each other in {games}, so they are two people; nothing was changed",
            from,
            to,
            games = games_count(*games as i64)
        ),
    }
}

/// The history's records, a line each (none where nobody has set one yet).
pub fn records_words(r: &crate::history::Records) -> Vec<String> {
    records_lines(r).into_iter().map(|(line, _)| line).collect()
}

/// `records_words`, each line with the number of the game it names, if it names one.
pub fn records_lines(r: &crate::history::Records) -> Vec<(String, Option<i64>)> {
    use crate::i18n::{fill, n};
    let lines = [
        (
            &r.best_score,
            n("Highest score: {value}, {name}, {date} (game {game})"),
        ),
        (
            &r.biggest_win,
            // "by 1 points" had been said of a one-point win.
            if r.biggest_win.as_ref().is_some_and(|x| x.value == 1) {
                n("Biggest win: by 1 point, {name}, {date} (game {game})")
            } else {
                n("Biggest win: by {value} points, {name}, {date} (game {game})")
            },
        ),
        (
            &r.best_solo,
            n("Best solo score: {value}, {name}, {date} (game {game})"),
        ),
        (&r.most_games, n("Most games: {value} ({name})")),
        (&r.most_wins, n("Most wins: {value} ({name})")),
        (
            &r.longest_run,
            n("Longest run of wins: {value}, {name}, up to {date} (game {game})"),
        ),
    ];
    lines
        .into_iter()
        .filter_map(|(record, words)| {
            let x = record.as_ref()?;
            let holders = std::iter::once(&x.name).chain(&x.shared_with);
            let (name, date) = (
                crate::words::join_list(holders.map(|n| crate::words::person_name(n))),
                crate::history::date(x.played_at),
            );
            let line = fill(
                tr(words),
                &[
                    ("value", &x.value),
                    ("name", &name),
                    ("date", &date),
                    ("game", &x.game),
                ],
            );
            Some((line, words.contains("{game}").then_some(x.game)))
        })
        .collect()
}

/// How many games a filter of the history finds: "1 game", "390 games".
pub fn games_count(n: i64) -> String {
    match n {
        1 => tr("1 game").to_string(),
        n => trf!("{count} games", count = n),
    }
}
