//! The memory of every game: one SQLite file in the data folder (WAL, foreign keys on, a busy
//! timeout so two instances can record at once), created and upgraded by numbered migrations
//! with the schema's version kept in the database, every write in a transaction.
//!
//! People have a stable identity across games (bots are people too, by level); a game keeps
//! its date, mode, player count, seed code, its full log when there is one and the component
//! set; a result keeps every scoring line of one person in one game.

mod count;
mod dates;
mod deleted;
mod files;
mod people;
mod queue;
mod records;
mod rescue;
mod stats;

pub use stats::{
    GameKind, HeadToHead, PersonStats, head_to_head, person_stats, person_stats_of, rivals,
};

use crate::engine::GameRecord;
use crate::engine::scoring::{Outcome, ScoreInput, ScoreResult};
use rusqlite::{Connection, ErrorCode, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use dates::{
    date, date_time, date_time_utc, date_utc, local_offset, parse_date, parse_date_utc,
};
pub use deleted::{DELETED_FILE, DELETED_KEPT, keep_deleted, read_deleted};
use files::TempCopy;
pub use files::keep_aside;
pub use people::{NAME_CHARS, RenameError, Renamed};
pub use queue::{QUEUE_FILE, QUEUE_LOCK_FILE, flush_queue, queue, read_queue, unreadable_queue};
pub use records::{Record, Records, records, records_of};
pub use rescue::{Rescued, rescue};

/// The database's file name in the data folder.
pub const DB_FILE: &str = "history.sqlite";

/// The schema, one migration a version: migration `k` (1-based) takes a database at version
/// `k - 1` to version `k`. Never edit one that has shipped; add the next.
const MIGRATIONS: &[&str] = &[
    // 1: people, games, results.
    "CREATE TABLE people (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        bot_level TEXT
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        played_at INTEGER NOT NULL,
        mode TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed TEXT,
        log TEXT,
        log_key TEXT UNIQUE,
        components TEXT
    );
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        person_id INTEGER NOT NULL REFERENCES people(id),
        seat INTEGER NOT NULL,
        token_points INTEGER NOT NULL,
        majority_points INTEGER NOT NULL,
        jar_bonus INTEGER NOT NULL,
        favourite_points INTEGER NOT NULL,
        favourite TEXT,
        leftovers INTEGER NOT NULL,
        tempest INTEGER,
        total INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        winner INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );",
    // 2: delivered jars (the tiebreak), and indexes for the lists and statistics.
    "ALTER TABLE results ADD COLUMN delivered INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX results_person ON results(person_id);
    CREATE INDEX games_played_at ON games(played_at);",
    // 3: the score sheet of a game (what the calculator shows again).
    "ALTER TABLE games ADD COLUMN sheet TEXT;",
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// What went wrong with the history, as a player can be told it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// The file is not a database (or is damaged).
    Corrupt,
    /// Another program holds the database for longer than the wait allows.
    Locked,
    /// The file or its folder cannot be written.
    ReadOnly,
    /// The disk is full.
    Full,
    /// Written by a newer version of the app.
    Newer { found: i64 },
    /// A database of another program (it has tables, none of them the history's): left as
    /// it is.
    Foreign,
    /// The disk failed a read or a write (on a full disk, the database's shared memory file
    /// cannot grow).
    Io,
    /// Where the file or its folder should be, something else is (a file where the folder
    /// should be, a folder where the file should be).
    NotAFile,
    /// Anything else, in the database's own words.
    Other(String),
}

impl From<rusqlite::Error> for HistoryError {
    fn from(e: rusqlite::Error) -> HistoryError {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => HistoryError::Corrupt,
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => HistoryError::Locked,
            Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied) => {
                HistoryError::ReadOnly
            }
            Some(ErrorCode::DiskFull) => HistoryError::Full,
            Some(ErrorCode::SystemIoFailure) => HistoryError::Io,
            _ => HistoryError::Other(e.to_string()),
        }
    }
}

/// How a game came to be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Played in the app.
    Digital,
    /// Played at the table and scored in the calculator.
    Tabletop,
    /// The solo companion's game.
    SoloCompanion,
    /// A log imported from elsewhere (e.g. `simulate`).
    Imported,
    /// Played in the app over the network, hosted here or joined.
    Online,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::Digital,
        Mode::Online,
        Mode::Tabletop,
        Mode::SoloCompanion,
        Mode::Imported,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Mode::Digital => "digital",
            Mode::Tabletop => "tabletop",
            Mode::SoloCompanion => "solo-companion",
            Mode::Imported => "imported",
            Mode::Online => "online",
        }
    }

    pub fn from_key(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.key() == s)
    }
}

/// One person's result in one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultEntry {
    pub name: String,
    /// A bot's level (bots are people too, one per level).
    pub bot: Option<String>,
    pub seat: u8,
    pub token_points: u32,
    pub majority_points: u32,
    pub jar_bonus: u32,
    pub favourite_points: u32,
    pub favourite: Option<String>,
    pub leftovers: u32,
    /// Solo: what the tempest took off.
    pub tempest: Option<i64>,
    pub total: i64,
    pub delivered: u32,
    /// 1 for the winner(s).
    pub rank: u32,
    pub winner: bool,
}

/// The results of the game `?1`, by seat (read by `result_entry`).
pub(crate) const RESULTS_OF_GAME: &str =
    "SELECT p.name, p.bot_level, r.seat, r.token_points, r.majority_points, r.jar_bonus,
            r.favourite_points, r.favourite, r.leftovers, r.tempest, r.total, r.delivered,
            r.rank, r.winner
     FROM results r JOIN people p ON p.id = r.person_id
     WHERE r.game_id = ?1 ORDER BY r.seat";

/// A row of `RESULTS_OF_GAME`.
pub(crate) fn result_entry(r: &rusqlite::Row) -> rusqlite::Result<ResultEntry> {
    Ok(ResultEntry {
        name: r.get(0)?,
        bot: r.get(1)?,
        seat: r.get(2)?,
        token_points: r.get(3)?,
        majority_points: r.get(4)?,
        jar_bonus: r.get(5)?,
        favourite_points: r.get(6)?,
        favourite: r.get(7)?,
        leftovers: r.get(8)?,
        tempest: r.get(9)?,
        total: r.get(10)?,
        delivered: r.get(11)?,
        rank: r.get(12)?,
        winner: r.get(13)?,
    })
}

/// A game to record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEntry {
    /// Seconds since 1970 (UTC).
    pub played_at: i64,
    pub mode: Mode,
    pub players: u8,
    pub seed: Option<String>,
    /// The whole log (RON), when there is one.
    pub log: Option<String>,
    /// The component set (RON), when known.
    pub components: Option<String>,
    /// The score sheet (RON `ScoreInput`), when known.
    #[serde(default)]
    pub sheet: Option<String>,
    /// What makes a logged game the same game (worked out from the log when absent).
    #[serde(default)]
    pub log_key: Option<String>,
    pub results: Vec<ResultEntry>,
    /// The number the game had before it was deleted (or in a history rescued from): put
    /// back under it where no other game has it since, so that "(game 12)" stays game 12.
    #[serde(default)]
    pub was_id: Option<i64>,
    /// The game this one corrects (its score sheet mended): it takes that game's place and
    /// number, in the same transaction, or is recorded as a new game if that one is gone.
    #[serde(default)]
    pub replaces: Option<i64>,
}

/// Now, in seconds since 1970.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl GameEntry {
    /// The entry of a finished game from its score sheet and result. `names[i]` and
    /// `bots[i]` name the seats.
    pub fn from_score(
        mode: Mode,
        input: &ScoreInput,
        result: &ScoreResult,
        bots: &[Option<String>],
        played_at: i64,
    ) -> GameEntry {
        let n = result.players.len();
        let winners: Vec<usize> = match &result.outcome {
            Outcome::Winner { player, .. } => vec![*player as usize],
            Outcome::Shared { players } => players.iter().map(|&p| p as usize).collect(),
            Outcome::Solo { won, .. } => {
                if *won {
                    vec![0]
                } else {
                    vec![]
                }
            }
        };
        let results = (0..n)
            .map(|i| {
                let p = &result.players[i];
                let inp = &input.players[i];
                // Rank: 1 + the players with a better total (or the same total and more jars).
                let better = (0..n)
                    .filter(|&j| {
                        let q = &result.players[j];
                        q.total > p.total || (q.total == p.total && q.delivered > p.delivered)
                    })
                    .count() as u32;
                let bot = bots.get(i).cloned().flatten();
                ResultEntry {
                    // A bot is one person per level, whatever its seat's name.
                    name: match &bot {
                        Some(level) => bot_person(level),
                        None if inp.name.trim().is_empty() => format!("Seat {}", i + 1),
                        None => crate::words::printable(inp.name.trim()).into_owned(),
                    },
                    bot,
                    seat: i as u8,
                    token_points: p.token_points,
                    majority_points: p.majority_points,
                    jar_bonus: p.jar_bonus,
                    favourite_points: p.favourite,
                    favourite: inp.favourite.map(|c| c.name().to_string()),
                    leftovers: p.leftovers,
                    tempest: result.tempest.as_ref().map(|t| t.penalty),
                    total: p.total,
                    delivered: p.delivered,
                    rank: better + 1,
                    winner: winners.contains(&i),
                }
            })
            .collect();
        GameEntry {
            played_at,
            mode,
            players: n as u8,
            seed: None,
            log: None,
            components: None,
            sheet: ron::to_string(input).ok(),
            log_key: None,
            results,
            was_id: None,
            replaces: None,
        }
    }

    /// The entry of a finished logged game (`None` if the log does not replay or the game is
    /// not over). Seats with no name are called by their bot level when the name says so.
    pub fn from_log(record: &GameRecord, mode: Mode, played_at: i64) -> Option<GameEntry> {
        let state = record.replay().ok()?;
        if !state.is_over() {
            return None;
        }
        let mut input = state.score_input();
        for (i, p) in input.players.iter_mut().enumerate() {
            if let Some(n) = record.names.get(i).filter(|n| !n.trim().is_empty()) {
                p.name = n.clone();
            }
        }
        let result = crate::engine::scoring::score(&input);
        // `simulate` (and `serve`) name seats "<level> <seat>" ("easy 1", "hard:300 2"), and
        // `join --bot` calls its seat "bot:<level>" unless given a name: those are bots of
        // that level. Any other name is a person's, even one that begins with a level's word
        // ("Easy Eddie").
        let bots: Vec<Option<String>> = input
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let level = match p.name.strip_prefix("bot:") {
                    Some(level) => level,
                    None => {
                        let (level, seat) = p.name.split_once(' ')?;
                        (seat == (i + 1).to_string()).then_some(level)?
                    }
                };
                crate::ai::make_bot(level, 0).map(|_| level.to_string())
            })
            .collect();
        let mut e = GameEntry::from_score(mode, &input, &result, &bots, played_at);
        e.seed = record
            .seed
            .map(|s| crate::seeder::SeedCode::from_value(s).to_string());
        e.log = Some(record.to_ron());
        e.components = ron::to_string(&record.components).ok();
        e.log_key = key_of(record);
        Some(e)
    }

    /// What makes a logged game the same game: its table, set and every action.
    fn log_key(&self) -> Option<String> {
        if let Some(k) = &self.log_key {
            return Some(k.clone());
        }
        key_of(&GameRecord::from_ron(self.log.as_deref()?).ok()?)
    }
}

/// A logged game's key: its table, set and every action, hashed.
fn key_of(rec: &GameRecord) -> Option<String> {
    let canonical = ron::to_string(&(&rec.config, &rec.components, &rec.actions)).ok()?;
    Some(format!("{:016x}", fnv(canonical.as_bytes())))
}

/// The schema version of the database behind `c` and whether it holds any table, read
/// together (another program may be creating the tables of a new file meanwhile).
fn whose(c: &Connection) -> rusqlite::Result<(i64, bool)> {
    let tx = c.unchecked_transaction()?;
    let found = (version_of(&tx)?, has_tables(&tx)?);
    tx.commit()?;
    Ok(found)
}

/// Does the database behind `c` hold any table (a new, empty file holds none)?
fn has_tables(c: &Connection) -> rusqlite::Result<bool> {
    c.query_row(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table'",
        [],
        |r| r.get(0),
    )
}

/// The schema version of the database behind `c` (0 for a new file).
fn version_of(c: &Connection) -> rusqlite::Result<i64> {
    let has: bool = c.query_row(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
        [],
        |r| r.get(0),
    )?;
    if !has {
        return Ok(0);
    }
    Ok(
        c.query_row("SELECT version FROM schema_version", [], |r| r.get(0))
            .optional()?
            .unwrap_or(0),
    )
}

/// The person a bot of `level` is in the history: one per level, whatever its budget
/// ("hard:50ms" is "hard bot", as "hard" is; it had been a person of its own).
pub fn bot_person(level: &str) -> String {
    let level = level.split(':').next().unwrap_or(level);
    format!("{} bot", level.trim().to_ascii_lowercase())
}

/// Is `name` the history's name for a bot level ("hard bot")?
pub fn is_bot_name(name: &str) -> bool {
    crate::ai::BOT_LEVELS
        .iter()
        .any(|l| bot_person(l).eq_ignore_ascii_case(name.trim()))
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What recording a game did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    Added(i64),
    /// The same logged game was already there (not doubled).
    AlreadyThere(i64),
}

/// A recorded game, as the history list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub played_at: i64,
    pub mode: Mode,
    pub players: u8,
    pub seed: Option<String>,
    pub has_log: bool,
    pub results: Vec<ResultEntry>,
}

/// Which games a list shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub person: Option<String>,
    pub mode: Option<Mode>,
    pub players: Option<u8>,
    /// Seconds since 1970, inclusive.
    pub from: Option<i64>,
    pub to: Option<i64>,
    /// At most this many (the newest).
    pub limit: Option<u32>,
    /// Only the game of this number (a record's game, shown from the records).
    pub game: Option<i64>,
    /// Only the games this person played too (with `person`: the two's games together).
    pub with: Option<String>,
}

/// The history database.
pub struct History {
    conn: Connection,
    pub path: PathBuf,
    /// A copy read in place of `path` (see `open_read_only`), kept while the connection is.
    _copy: Option<TempCopy>,
}

/// How long the command line (and a worker thread) waits for another program that holds the
/// database before it gives up.
pub const LONG_WAIT: Duration = Duration::from_secs(5);
/// How long the window waits for it: a moment, so that it never freezes; then it says the file
/// is busy.
pub const WINDOW_WAIT: Duration = Duration::from_millis(250);

impl History {
    /// Opens (creating and upgrading as needed) the database at `path`.
    pub fn open(path: &Path) -> Result<History, HistoryError> {
        History::open_waiting(path, LONG_WAIT)
    }

    /// `open`, waiting at most `wait` for another program that holds the file (the window
    /// waits `WINDOW_WAIT`, rather than freeze); then `Locked`. Later writes wait as long.
    pub fn open_waiting(path: &Path, wait: Duration) -> Result<History, HistoryError> {
        History::open_with(path, SCHEMA_VERSION, wait)
    }

    /// Opens `path`, upgrading it no further than `version` (a file as an earlier release
    /// left it, for tests of the migrations).
    pub fn open_version(path: &Path, version: i64) -> Result<History, HistoryError> {
        History::open_with(path, version, LONG_WAIT)
    }

    fn open_with(path: &Path, version: i64, wait: Duration) -> Result<History, HistoryError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| match e.kind() {
                std::io::ErrorKind::NotADirectory | std::io::ErrorKind::AlreadyExists => {
                    HistoryError::NotAFile
                }
                _ => HistoryError::ReadOnly,
            })?;
        }
        if path.is_dir() {
            return Err(HistoryError::NotAFile);
        }
        let conn = Connection::open(path)?;
        conn.busy_timeout(wait)?;
        let mut h = History {
            conn,
            path: path.to_path_buf(),
            _copy: None,
        };
        // Whose file it is comes first: another program's database, or a newer one, is left
        // exactly as it is (no journal mode set, no table added).
        let (found, tables) = whose(&h.conn)?;
        if found > SCHEMA_VERSION {
            return Err(HistoryError::Newer { found });
        }
        if found == 0 && tables {
            return Err(HistoryError::Foreign);
        }
        h.conn.pragma_update(None, "foreign_keys", true)?;
        // WAL lets a reader and a writer (another instance) work at once. Set once: asking
        // again of a file in WAL takes no lock.
        let mode: String = h.conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            let _: String = h
                .conn
                .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        }
        h.conn.pragma_update(None, "synchronous", "NORMAL")?;
        if found < version.min(SCHEMA_VERSION) {
            h.migrate_to(version)?;
        }
        Ok(h)
    }

    /// How long a write waits for another program's before it is `Locked` (5 s from
    /// `open`; a window waits less, so as not to freeze).
    pub fn set_wait(&self, wait: Duration) -> Result<(), HistoryError> {
        Ok(self.conn.busy_timeout(wait)?)
    }

    /// How long it waits for another program that holds the file (see `open_waiting`).
    pub fn wait(&self) -> Result<Duration, HistoryError> {
        let ms: i64 = self
            .conn
            .query_row("PRAGMA busy_timeout", [], |r| r.get(0))?;
        Ok(Duration::from_millis(ms.max(0) as u64))
    }

    /// Opens `path` for reading only (a database the app cannot write, or a newer one).
    /// On a read-only folder or a full disk a file in WAL cannot be read in place (its shared
    /// memory file cannot be made): a copy of it and its log in the temporary folder is read
    /// instead, as the file stood when opened.
    pub fn open_read_only(path: &Path) -> Result<History, HistoryError> {
        History::open_read_only_waiting(path, LONG_WAIT)
    }

    /// `open_read_only`, waiting at most `wait` for another program that holds the file.
    pub fn open_read_only_waiting(path: &Path, wait: Duration) -> Result<History, HistoryError> {
        if path.is_dir() {
            return Err(HistoryError::NotAFile);
        }
        // The copy is the app's own, in a folder it can write: opened as any file is.
        let open = |at: &Path, in_place: bool| -> Result<History, HistoryError> {
            use rusqlite::OpenFlags as F;
            let conn = if in_place {
                Connection::open_with_flags(at, F::SQLITE_OPEN_READ_ONLY | F::SQLITE_OPEN_NO_MUTEX)?
            } else {
                Connection::open(at)?
            };
            conn.busy_timeout(wait)?;
            let h = History {
                conn,
                path: path.to_path_buf(),
                _copy: None,
            };
            if let (0, true) = whose(&h.conn)? {
                return Err(HistoryError::Foreign);
            }
            Ok(h)
        };
        match open(path, true) {
            Err(HistoryError::ReadOnly | HistoryError::Io | HistoryError::Full) => {
                let copy = TempCopy::of(path).map_err(|e| match e.kind() {
                    std::io::ErrorKind::StorageFull => HistoryError::Full,
                    _ => HistoryError::Io,
                })?;
                let mut h = open(&copy.db, false)?;
                h._copy = Some(copy);
                Ok(h)
            }
            other => other,
        }
    }

    /// The schema version the file has (0 for a new file).
    pub fn version(&self) -> Result<i64, HistoryError> {
        Ok(version_of(&self.conn)?)
    }

    /// Runs the migrations the file lacks up to `target`, each in its own transaction.
    fn migrate_to(&mut self, target: i64) -> Result<(), HistoryError> {
        let found = self.version()?;
        if found > SCHEMA_VERSION {
            return Err(HistoryError::Newer { found });
        }
        loop {
            let tx = self
                .conn
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            // Read again under the write lock: another instance may have just upgraded it.
            let v = version_of(&tx)?;
            if v >= target.min(SCHEMA_VERSION) {
                return Ok(());
            }
            tx.execute_batch(MIGRATIONS[v as usize])?;
            tx.execute_batch(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);",
            )?;
            tx.execute("DELETE FROM schema_version", [])?;
            tx.execute("INSERT INTO schema_version (version) VALUES (?1)", [v + 1])?;
            tx.commit()?;
        }
    }

    /// The person of exactly the name `name`, if the history has one.
    fn person_named(tx: &rusqlite::Transaction<'_>, name: &str) -> rusqlite::Result<Option<i64>> {
        tx.query_row("SELECT id FROM people WHERE name = ?1", [name], |r| {
            r.get(0)
        })
        .optional()
    }

    /// The person `name` is in the history when no one has exactly that name: for a person
    /// (not an AI), the one whose name differs only in letter case ("alice" is "Alice"),
    /// unless that one plays another seat of this game (`taken`) or several do; else a new
    /// one.
    fn person_by_case(
        tx: &rusqlite::Transaction<'_>,
        name: &str,
        bot: Option<&str>,
        taken: &[i64],
    ) -> rusqlite::Result<i64> {
        if bot.is_none() {
            let mut st = tx.prepare(
                "SELECT id FROM people WHERE name = ?1 COLLATE NOCASE AND bot_level IS NULL",
            )?;
            let same: Vec<i64> = st
                .query_map([name], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            if let [id] = same[..]
                && !taken.contains(&id)
            {
                return Ok(id);
            }
        }
        tx.execute(
            "INSERT INTO people (name, bot_level) VALUES (?1, ?2)",
            params![name, bot],
        )?;
        Ok(tx.last_insert_rowid())
    }

    /// Records a game in one transaction; a logged game already there is not doubled.
    pub fn record(&mut self, e: &GameEntry) -> Result<Recorded, HistoryError> {
        let key = e.log_key();
        // Take the write lock at once: a transaction that reads first and writes later cannot
        // wait for another writer (its snapshot would be stale), it would fail.
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        if let Some(k) = &key
            && let Some(id) = tx
                .query_row("SELECT id FROM games WHERE log_key = ?1", [k], |r| r.get(0))
                .optional()?
        {
            return Ok(Recorded::AlreadyThere(id));
        }
        // A correction takes the place of the game it corrects (gone, it is a new game).
        if let Some(old) = e.replaces {
            tx.execute("DELETE FROM results WHERE game_id = ?1", [old])?;
            tx.execute("DELETE FROM games WHERE id = ?1", [old])?;
        }
        // Its old number, if no game has taken it since (else a new one, as for any game).
        let free = match e.was_id.or(e.replaces) {
            Some(id) => tx
                .query_row("SELECT 1 FROM games WHERE id = ?1", [id], |_| Ok(()))
                .optional()?
                .is_none()
                .then_some(id),
            None => None,
        };
        tx.execute(
            "INSERT INTO games (id, played_at, mode, players, seed, log, log_key, components,
             sheet) VALUES (?9, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                e.played_at,
                e.mode.key(),
                e.players,
                e.seed,
                e.log,
                key,
                e.components,
                e.sheet,
                free
            ],
        )?;
        let game = tx.last_insert_rowid();
        // Names found as they are first: a seat "Alice" beside a seat "alice" that the
        // history knows had joined "alice" by its letters' case, and the two seats had been
        // one person, who both won and lost the game.
        let exact = e
            .results
            .iter()
            .map(|r| History::person_named(&tx, &r.name))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut taken: Vec<i64> = exact.iter().flatten().copied().collect();
        for (r, exact) in e.results.iter().zip(exact) {
            // (A name new to the history is looked up again: an earlier seat may have just
            // brought it, two AIs of one level being one person.)
            let person = match exact
                .map_or_else(|| History::person_named(&tx, &r.name), |id| Ok(Some(id)))?
            {
                Some(id) => id,
                None => History::person_by_case(&tx, &r.name, r.bot.as_deref(), &taken)?,
            };
            taken.push(person);
            tx.execute(
                "INSERT INTO results (game_id, person_id, seat, token_points, majority_points,
                 jar_bonus, favourite_points, favourite, leftovers, tempest, total, rank, winner,
                 delivered) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                params![
                    game,
                    person,
                    r.seat,
                    r.token_points,
                    r.majority_points,
                    r.jar_bonus,
                    r.favourite_points,
                    r.favourite,
                    r.leftovers,
                    r.tempest,
                    r.total,
                    r.rank,
                    r.winner,
                    r.delivered
                ],
            )?;
        }
        tx.commit()?;
        Ok(Recorded::Added(game))
    }

    /// A number that changes whenever another connection (another window, the command line)
    /// has changed the file since this one last looked (SQLite's `data_version`).
    pub fn data_version(&self) -> Result<i64, HistoryError> {
        Ok(self
            .conn
            .query_row("PRAGMA data_version", [], |r| r.get(0))?)
    }

    /// The people with a game in the history, by name. (A person whose games were all
    /// deleted keeps their row, so that undoing a deletion finds them, but is not listed.)
    pub fn people(&self) -> Result<Vec<(String, Option<String>)>, HistoryError> {
        let mut st = self.conn.prepare(
            "SELECT name, bot_level FROM people p
             WHERE EXISTS (SELECT 1 FROM results r WHERE r.person_id = p.id)
             ORDER BY name COLLATE NOCASE",
        )?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The games `f` lets through, newest first.
    pub fn games(&self, f: &Filter) -> Result<Vec<GameRow>, HistoryError> {
        let mut st = self.conn.prepare(&format!(
            "SELECT g.id, g.played_at, g.mode, g.players, g.seed, g.log IS NOT NULL
             FROM games g {}
             ORDER BY g.played_at DESC, g.id DESC
             LIMIT COALESCE(?6, -1)",
            count::FILTERED
        ))?;
        let rows = st.query_map(count::filter_params(f), |r| {
            Ok(GameRow {
                id: r.get(0)?,
                played_at: r.get(1)?,
                mode: Mode::from_key(&r.get::<_, String>(2)?).unwrap_or(Mode::Imported),
                players: r.get(3)?,
                seed: r.get(4)?,
                has_log: r.get(5)?,
                results: Vec::new(),
            })
        })?;
        let mut games: Vec<GameRow> = rows.collect::<Result<_, _>>()?;
        let mut st = self.conn.prepare(RESULTS_OF_GAME)?;
        for g in &mut games {
            let rows = st.query_map([g.id], result_entry)?;
            g.results = rows.collect::<Result<_, _>>()?;
        }
        Ok(games)
    }

    /// A game's score sheet (RON), for the calculator.
    pub fn sheet(&self, id: i64) -> Result<Option<String>, HistoryError> {
        Ok(self
            .conn
            .query_row("SELECT sheet FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?
            .flatten())
    }

    /// A game's log, for the replay viewer.
    pub fn log(&self, id: i64) -> Result<Option<String>, HistoryError> {
        Ok(self
            .conn
            .query_row("SELECT log FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?
            .flatten())
    }

    /// Deletes a game, returning it so that it can be put back (undo).
    pub fn delete(&mut self, id: i64) -> Result<Option<GameEntry>, HistoryError> {
        let Some(row) = self
            .games(&Filter::default())?
            .into_iter()
            .find(|g| g.id == id)
        else {
            return Ok(None);
        };
        let (log, components, sheet): (Option<String>, Option<String>, Option<String>) =
            self.conn.query_row(
                "SELECT log, components, sheet FROM games WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        tx.commit()?;
        Ok(Some(GameEntry {
            played_at: row.played_at,
            mode: row.mode,
            players: row.players,
            seed: row.seed,
            log,
            components,
            sheet,
            log_key: None,
            results: row.results,
            was_id: Some(id),
            replaces: None,
        }))
    }

    /// `PRAGMA integrity_check`'s answer ("ok" when all is well).
    pub fn integrity(&self) -> Result<String, HistoryError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }

    /// The connection itself, for tools and tests that need plain SQL.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }
}
