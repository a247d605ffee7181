//! A damaged history's games carried into a new one: what can still be read of the old file,
//! game by game. A damaged page costs the games on it, not the whole history.

use super::{GameEntry, History, HistoryError, Mode};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::path::Path;

/// How many ids in a row may be missing (games deleted, or a damaged stretch) before the search
/// for more stops, when the old file cannot say its highest id.
const GAP: i64 = 1_000;

/// What came of carrying a damaged history's games into a new one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rescued {
    /// Games read from the old file and recorded in the new history.
    pub copied: usize,
    /// Games the old file holds that could not be read, when it can say how many it holds
    /// (`None`: it cannot; games may be missing).
    pub unreadable: Option<usize>,
    /// Stopped before the end (`progress` said so).
    pub stopped: bool,
}

/// Reads what can still be read of the damaged history at `damaged` (without writing to it),
/// game by game, and records each game into `into`. `progress` is told the ids looked at and
/// the highest id (when the file says it), and stops the work by returning `false`; the games
/// copied by then stay copied. Fails only when the old file cannot be opened at all, or when
/// the new history cannot be written.
pub fn rescue(
    damaged: &Path,
    into: &mut History,
    mut progress: impl FnMut(i64, Option<i64>) -> bool,
) -> Result<Rescued, HistoryError> {
    let old = Connection::open_with_flags(
        damaged,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    // A file whose first page does not read holds nothing that can be found.
    old.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })?;
    // The highest id walks one edge of the table, which often reads when its middle does not.
    let top: Option<i64> = old
        .query_row("SELECT max(id) FROM games", [], |r| r.get(0))
        .ok()
        .flatten();
    let mut out = Rescued::default();
    let mut unreadable = 0;
    let mut missing = 0;
    let mut id = 0;
    loop {
        id += 1;
        match top {
            Some(t) if id > t => break,
            None if missing >= GAP => break,
            _ => {}
        }
        if !progress(id, top) {
            out.stopped = true;
            break;
        }
        match read_game(&old, id) {
            Ok(Some(game)) => {
                missing = 0;
                into.record(&game)?;
                out.copied += 1;
            }
            Ok(None) => missing += 1,
            Err(_) => {
                unreadable += 1;
                missing += 1;
            }
        }
    }
    out.unreadable = top.map(|_| unreadable);
    Ok(out)
}

/// The game of `id` in the old file, with its results (`None`: no game has that id).
fn read_game(old: &Connection, id: i64) -> rusqlite::Result<Option<GameEntry>> {
    let game = old
        .query_row(
            "SELECT played_at, mode, players, seed, log, components, sheet FROM games
             WHERE id = ?1",
            [id],
            |r| {
                Ok(GameEntry {
                    played_at: r.get(0)?,
                    mode: Mode::from_key(&r.get::<_, String>(1)?).unwrap_or(Mode::Imported),
                    players: r.get(2)?,
                    seed: r.get(3)?,
                    log: r.get(4)?,
                    components: r.get(5)?,
                    sheet: r.get(6)?,
                    log_key: None,
                    results: Vec::new(),
                    was_id: Some(id),
                    replaces: None,
                })
            },
        )
        .optional()?;
    let Some(mut game) = game else {
        return Ok(None);
    };
    let mut st = old.prepare(super::RESULTS_OF_GAME)?;
    let rows = st.query_map([id], super::result_entry)?;
    game.results = rows.collect::<Result<_, _>>()?;
    // A game whose results are gone is a game that does not read (recorded, it would be a
    // game nobody played).
    if game.results.is_empty() {
        return Err(rusqlite::Error::QueryReturnedNoRows);
    }
    Ok(Some(game))
}
