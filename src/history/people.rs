//! A person's name in the history: renamed (a typo, a nickname), or merged into another
//! person's (the same player recorded under two names).

use super::{History, HistoryError};
use rusqlite::OptionalExtension;

/// The longest name the history takes from a rename (as long as a name typed at a seat).
pub const NAME_CHARS: usize = 40;

/// What a rename did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Renamed {
    /// The person now has the new name; their games are theirs still.
    Renamed { games: u32 },
    /// The new name was another person's: the games are now that person's, and the old name
    /// is gone from the history.
    Merged { games: u32 },
    /// The same name: nothing to do.
    Unchanged,
}

/// Why a rename was refused. Nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenameError {
    History(HistoryError),
    /// No person of that name has a game in the history.
    NoSuchPerson,
    /// An AI is recorded by its level ("hard bot"): it is not renamed, nor is a person
    /// merged into it.
    Bot,
    /// The new name is blank.
    Empty,
    /// The new name is longer than `NAME_CHARS` characters.
    TooLong,
    /// Both names played in the same games (as two seats): they are two people.
    SameGame {
        games: u32,
    },
}

impl From<HistoryError> for RenameError {
    fn from(e: HistoryError) -> RenameError {
        RenameError::History(e)
    }
}

impl From<rusqlite::Error> for RenameError {
    fn from(e: rusqlite::Error) -> RenameError {
        RenameError::History(e.into())
    }
}

impl History {
    /// Gives `from`'s games the name `to` (trimmed): a rename, or, where `to` is another
    /// person's name already, a merge of the two. In one transaction; refused with the reason
    /// and nothing changed where it cannot be done.
    pub fn rename_person(&mut self, from: &str, to: &str) -> Result<Renamed, RenameError> {
        let to = to.trim();
        if to.is_empty() {
            return Err(RenameError::Empty);
        }
        if to.chars().count() > NAME_CHARS {
            return Err(RenameError::TooLong);
        }
        if to == from {
            return Ok(Renamed::Unchanged);
        }
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let person = |name: &str| -> rusqlite::Result<Option<(i64, Option<String>)>> {
            tx.query_row(
                "SELECT id, bot_level FROM people WHERE name = ?1",
                [name],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
        };
        let games_of = |id: i64| -> rusqlite::Result<u32> {
            tx.query_row(
                "SELECT COUNT(DISTINCT game_id) FROM results WHERE person_id = ?1",
                [id],
                |r| r.get(0),
            )
        };
        let Some((from_id, from_bot)) = person(from)? else {
            return Err(RenameError::NoSuchPerson);
        };
        let games = games_of(from_id)?;
        if games == 0 {
            return Err(RenameError::NoSuchPerson);
        }
        if from_bot.is_some() || super::is_bot_name(to) {
            return Err(RenameError::Bot);
        }
        let out = match person(to)? {
            Some((_, Some(_))) => return Err(RenameError::Bot),
            Some((to_id, None)) => {
                let shared: u32 = tx.query_row(
                    "SELECT COUNT(DISTINCT a.game_id) FROM results a
                     JOIN results b ON a.game_id = b.game_id
                     WHERE a.person_id = ?1 AND b.person_id = ?2",
                    [from_id, to_id],
                    |r| r.get(0),
                )?;
                if shared > 0 {
                    return Err(RenameError::SameGame { games: shared });
                }
                tx.execute(
                    "UPDATE results SET person_id = ?2 WHERE person_id = ?1",
                    [from_id, to_id],
                )?;
                tx.execute("DELETE FROM people WHERE id = ?1", [from_id])?;
                Renamed::Merged { games }
            }
            None => {
                tx.execute(
                    "UPDATE people SET name = ?2 WHERE id = ?1",
                    rusqlite::params![from_id, to],
                )?;
                Renamed::Renamed { games }
            }
        };
        tx.commit()?;
        Ok(out)
    }
}
