//! `noctiluca history import|list` and `noctiluca stats`: the history database from the
//! command line (`--db FILE` for another one than the app's).

use crate::engine::GameRecord;
use crate::history::{self, Filter, GameEntry, History, HistoryError, Mode, Recorded};
use std::path::PathBuf;

#[derive(clap::Subcommand, Debug)]
pub enum HistoryCommand {
    /// Record finished game logs (a log already recorded is skipped, not doubled), each dated
    /// by its file's last change (when it was written, for a log nobody has copied since)
    Import {
        /// The logs (RON), as `simulate --log-dir` or the app writes them
        #[arg(required = true)]
        logs: Vec<String>,
        /// The database (default: the app's, in its data folder)
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
    },
    /// Give a person's games another name; where the new name is another person's, the two
    /// are merged (the same player recorded under two names)
    Rename {
        /// The name as the history has it
        from: String,
        /// The new name
        to: String,
        /// The database (default: the app's, in its data folder)
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
    },
    /// List the recorded games, newest first
    List {
        /// Only the games this person played
        #[arg(long, value_name = "NAME")]
        person: Option<String>,
        /// Only the games this person played too (with --person: the two's games together,
        /// as the window's head to head counts them)
        #[arg(long, value_name = "NAME")]
        with: Option<String>,
        /// The database (default: the app's, in its data folder)
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
        /// Print JSON: one object per game (id, date, time in seconds, mode, players, seed, and
        /// each seat's place, name as stored, total, tempest and whether they won), so that no
        /// name can be misread
        #[arg(long)]
        json: bool,
        /// Print CSV, one row per person and game, with every scoring line: the rows of the
        /// window's "Export CSV…", in UTF-8 without the byte-order mark its file starts with
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
}

/// The games `stats` counts.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Games {
    /// Every game
    All,
    /// Games of 2–4 players
    Table,
    /// Solo games, by their net score
    Solo,
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Only this person
    #[arg(long, value_name = "NAME")]
    pub person: Option<String>,
    /// Which games to count: a solo game's score is a net score, against the tempest
    #[arg(long, value_enum, default_value = "all", conflicts_with = "records")]
    pub games: Games,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
    /// The history's records among people instead: the highest score, the biggest win, the
    /// best solo score, the most games and wins, the longest run of wins
    #[arg(long, conflicts_with = "person")]
    pub records: bool,
    /// The database (default: the app's, in its data folder)
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
}

/// The database file: `--db`, or the app's.
fn db_path(db: &Option<PathBuf>) -> Result<PathBuf, String> {
    match db {
        Some(p) => Ok(p.clone()),
        None => crate::paths::data_dir()
            .map(|d| d.join(history::DB_FILE))
            .ok_or_else(|| "there is no data folder (set NOCTILUCA_DATA_DIR or use --db)".into()),
    }
}

pub use crate::words::history_words;

fn open(db: &Option<PathBuf>) -> Result<(History, PathBuf), String> {
    let path = db_path(db)?;
    History::open(&path)
        .map(|h| (h, path.clone()))
        .map_err(|e| history_words(&e, &path))
}

/// The database for commands that only read it: `None` when there is none yet (nothing is
/// created for a read); one that cannot be written, or that a newer version wrote, is read
/// as it is.
fn open_to_read(db: &Option<PathBuf>) -> Result<(Option<History>, PathBuf), String> {
    let path = db_path(db)?;
    if std::fs::symlink_metadata(&path).is_err() {
        // A file stands where a folder on the way should be.
        if path
            .ancestors()
            .skip(1)
            .find(|d| d.exists())
            .is_some_and(|d| !d.is_dir())
        {
            return Err(history_words(&HistoryError::NotAFile, &path));
        }
        // A file named with --db that is not there is likely mistyped: said, not read as a
        // history without games.
        if db.is_some() {
            return Err(format!(
                "{}: there is no history file there (`history import --db` starts one)",
                path.display()
            ));
        }
        // Nothing recorded yet.
        return Ok((None, path));
    }
    // An empty file is no history, and a command that reads does not make it one (it had
    // been written into: a 40 KB database in place of the empty file).
    if std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() == 0) {
        if db.is_some() {
            return Err(format!(
                "{}: the file is empty, not a history (`history import --db` starts one)",
                path.display()
            ));
        }
        return Ok((None, path));
    }
    match History::open(&path) {
        Ok(h) => Ok((Some(h), path)),
        Err(
            HistoryError::ReadOnly
            | HistoryError::Newer { .. }
            | HistoryError::Full
            | HistoryError::Io,
        ) => History::open_read_only(&path)
            .map(|h| (Some(h), path.clone()))
            .map_err(|e| history_words(&e, &path)),
        Err(e) => Err(history_words(&e, &path)),
    }
}

fn when(secs: i64) -> String {
    history::date(secs)
}

pub fn run(c: &HistoryCommand) -> Result<(), String> {
    match c {
        HistoryCommand::Import { logs, db } => {
            let (mut h, path) = open(db)?;
            // Games the app kept beside the file while it could not be written go in first.
            let dir = path.parent().map(|d| d.to_path_buf()).unwrap_or_default();
            let waited = history::flush_queue(&dir, &mut h);
            if waited > 0 {
                println!(
                    "{} that waited beside the history recorded",
                    crate::words::games_count(waited as i64)
                );
            }
            if let Some(file) = history::unreadable_queue(&dir) {
                eprintln!(
                    "warning: {} holds games waiting to go into the history, but it does not read; it is left as it is",
                    file.display()
                );
            }
            let (mut added, mut skipped, mut refused) = (0, 0, 0);
            let now = history::now();
            for file in logs {
                // When the game was played, as near as is known: the import may come long
                // after (every game had been dated by the minute of its import).
                let played_at = std::fs::metadata(file)
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(now, |d| (d.as_secs() as i64).min(now));
                let entry = crate::cli::read_text(file).and_then(|text| {
                    let rec = GameRecord::from_ron(&text).map_err(|e| {
                        let error = format!("{file}: {}", crate::words::Words::words(&e));
                        crate::cli::with_kind(error, &text, "a game log")
                    })?;
                    // Why it cannot be recorded, as `replay` would say it.
                    match rec.replay() {
                        Err(e) => {
                            return Err(format!(
                                "{file}: it does not replay: {}",
                                crate::words::Words::words(&e)
                            ));
                        }
                        Ok(state) if !state.is_over() => {
                            return Err(format!("{file}: the game in it is not finished"));
                        }
                        Ok(_) => {}
                    }
                    GameEntry::from_log(&rec, Mode::Imported, played_at)
                        .ok_or_else(|| format!("{file}: not a finished game that replays"))
                });
                match entry {
                    Ok(e) => match h.record(&e).map_err(|e| history_words(&e, &path))? {
                        Recorded::Added(_) => added += 1,
                        Recorded::AlreadyThere(_) => skipped += 1,
                    },
                    Err(why) => {
                        eprintln!("{why}");
                        refused += 1;
                    }
                }
            }
            println!(
                "{added} recorded, {skipped} already there, {refused} not recorded ({})",
                path.display()
            );
            if refused > 0 {
                return Err(format!("{refused} file(s) could not be recorded"));
            }
            Ok(())
        }
        HistoryCommand::Rename { from, to, db } => {
            let (mut h, path) = open(db)?;
            // "AI Easy", as the list and the statistics show it, is the AI stored as
            // "easy bot": said to be an AI (it was "nobody called AI Easy").
            let stored = |n: &str| crate::words::stored_person(n.trim());
            let done = h
                .rename_person(&stored(from), &stored(to))
                .map_err(|e| crate::words::rename_refused(&e, from, to.trim(), &path))?;
            println!("{}", crate::words::renamed(&done, from, to.trim()));
            Ok(())
        }
        HistoryCommand::List {
            person,
            with,
            db,
            json,
            csv,
        } => {
            let (h, path) = open_to_read(db)?;
            let Some(h) = h else {
                if *csv {
                    print!("{}", csv_text(&[]));
                } else if *json {
                    println!("[]");
                } else {
                    println!("no games recorded yet ({})", path.display());
                }
                return Ok(());
            };
            let games = h
                .games(&Filter {
                    person: person.as_deref().map(crate::words::stored_person),
                    with: with.as_deref().map(crate::words::stored_person),
                    ..Filter::default()
                })
                .map_err(|e| history_words(&e, &path))?;
            if *csv {
                print!("{}", csv_text(&games));
                return Ok(());
            }
            if *json {
                let list: Vec<serde_json::Value> = games
                    .iter()
                    .map(|g| {
                        serde_json::json!({
                            "id": g.id,
                            // The local date, as the list says it; `time` to order by
                            // (seconds since 1970, UTC), as `stats --json` has it.
                            "played_at": when(g.played_at),
                            "time": g.played_at,
                            "mode": g.mode.key(),
                            "players": g.players,
                            "seed": g.seed,
                            // Names as stored ("normal bot"), as `stats --json` has them;
                            // two AIs of one level are told apart by their seat.
                            "results": g.results.iter().enumerate().map(|(k, r)| {
                                serde_json::json!({
                                    "seat": k + 1,
                                    "place": r.rank,
                                    "name": r.name,
                                    "total": r.total,
                                    "tempest": r.tempest,
                                    "won": r.winner,
                                })
                            }).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                let text = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?;
                println!("{text}");
                return Ok(());
            }
            for g in &games {
                let names = crate::words::seat_people(g.results.iter().map(|r| &*r.name));
                let results: Vec<String> = g
                    .results
                    .iter()
                    .zip(&names)
                    .map(|(r, name)| {
                        // Solo: the net score (less the tempest's) decides.
                        let net = r
                            .tempest
                            .map(|t| format!(" (net {})", r.total - t))
                            .unwrap_or_default();
                        // "name: score", so a name ending in a number still reads apart.
                        format!(
                            "{}: {}{net}{}",
                            crate::words::printable(name),
                            r.total,
                            if r.winner { " (won)" } else { "" }
                        )
                    })
                    .collect();
                println!(
                    "#{} {} {} {}p: {}",
                    g.id,
                    when(g.played_at),
                    g.mode.key(),
                    g.players,
                    results.join(", ")
                );
            }
            println!("{}", crate::words::games_count(games.len() as i64));
            // A person not found, perhaps typed in another letter case: said as `stats`
            // says it (0 games, and nothing more, had been all).
            // A name nobody in the history has is said so, a slip or not ("0 games" alone
            // had been all).
            if games.is_empty() {
                let people = h.people().map_err(|e| history_words(&e, &path))?;
                for p in [person, with].into_iter().flatten() {
                    let stored = crate::words::stored_person(p);
                    if people.iter().any(|(n, _)| *n == stored) {
                        continue;
                    }
                    let near = did_you_mean(&h, p).map_err(|e| history_words(&e, &path))?;
                    eprintln!("no games recorded for {}{near}", crate::words::printable(p));
                }
            }
            Ok(())
        }
    }
}

/// A person's record for scripts: every figure under a name of its own (no lists whose
/// places mean something only the source says).
fn stats_json(s: &history::PersonStats) -> serde_json::Value {
    let [tokens, majorities, jar_bonus, favourite, leftovers] = s.lines;
    serde_json::json!({
        "name": s.name,
        "bot": s.bot,
        "games": s.games,
        "wins": s.wins,
        "seats": s.seats,
        "seat_wins": s.seat_wins,
        "best": s.best,
        "average": s.average,
        "by_players": s.by_players.iter().map(|&(players, seats, seat_wins)| serde_json::json!({
            "players": players, "seats": seats, "seat_wins": seat_wins,
        })).collect::<Vec<_>>(),
        "average_lines": {
            "tokens": tokens,
            "majorities": majorities,
            "jar_bonus": jar_bonus,
            "favourite": favourite,
            "leftovers": leftovers,
            "tempest": s.tempest,
        },
        "favourites": s.favourites.iter().map(|(colour, games, points)| serde_json::json!({
            "colour": colour, "games": games, "average_points": points,
        })).collect::<Vec<_>>(),
        "scores": s.scores.iter().map(|&(played_at, total, game)| serde_json::json!({
            "played_at": played_at, "total": total, "game": game,
        })).collect::<Vec<_>>(),
    })
}

pub fn stats(a: &StatsArgs) -> Result<(), String> {
    let (h, path) = open_to_read(&a.db)?;
    if a.records {
        let r = match &h {
            Some(h) => history::records(h).map_err(|e| history_words(&e, &path))?,
            None => history::Records::default(),
        };
        if a.json {
            println!(
                "{}",
                serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?
            );
        } else if r.is_empty() {
            println!(
                "no records yet: no game of a person recorded, AI players being left out ({})",
                path.display()
            );
        } else {
            for line in crate::words::records_words(&r) {
                println!("{}", crate::words::printable(&line));
            }
        }
        return Ok(());
    }
    let all = match &h {
        Some(h) => {
            let person = a.person.as_deref().map(crate::words::stored_person);
            let kind = match a.games {
                Games::All => history::GameKind::All,
                Games::Table => history::GameKind::Table,
                Games::Solo => history::GameKind::Solo,
            };
            history::person_stats_of(h, person.as_deref(), kind)
                .map_err(|e| history_words(&e, &path))?
        }
        None => Vec::new(),
    };
    // As the window lists them: the people by name, then the AI players ("easy bot" had
    // sorted among the people, as "AI Easy" is not).
    let mut all = all;
    all.sort_by_cached_key(|s| {
        let shown = crate::words::person_name(&s.name);
        (crate::words::is_bot_person(&s.name), shown.to_lowercase())
    });
    if a.json {
        let all: Vec<serde_json::Value> = all.iter().map(stats_json).collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    for s in &all {
        let shown = crate::words::person_name(&s.name);
        let name = crate::words::printable(&shown);
        let rate = 100.0 * s.win_rate();
        // A bot level that held several seats at a table: its wins count seats.
        if s.several_seats() {
            println!(
                "{name}: games {}, seats {}, seats won {} ({rate:.0}%), average {:.1}, best {}",
                s.games, s.seats, s.seat_wins, s.average, s.best
            );
        } else {
            println!(
                "{name}: games {}, wins {} ({rate:.0}%), average {:.1}, best {}",
                s.games, s.wins, s.average, s.best
            );
        }
        let by: Vec<String> = s
            .by_players
            .iter()
            .map(|(p, g, w)| format!("{p}p {w}/{g}"))
            .collect();
        let counted = if s.several_seats() { " (seats)" } else { "" };
        println!("  wins by table size{counted}: {}", by.join(", "));
        // The tempest's share too, where it took any: the lines less it are the average.
        let tempest = match s.tempest {
            t if t > 0.0 => format!(", tempest -{t:.1}"),
            _ => String::new(),
        };
        println!(
            "  average lines: tokens {:.1}, majorities {:.1}, jar bonus {:.1}, favourite {:.1}, leftovers {:.1}{tempest}",
            s.lines[0], s.lines[1], s.lines[2], s.lines[3], s.lines[4]
        );
        if !s.favourites.is_empty() {
            let f: Vec<String> = s
                .favourites
                .iter()
                .map(|(c, g, avg)| format!("{c} ×{g} ({avg:.1} points)"))
                .collect();
            println!("  favourites: {}", f.join(", "));
        }
    }
    if all.is_empty() {
        match (&a.person, &h) {
            (Some(p), Some(h)) => println!(
                "no games recorded for {} ({}){}",
                crate::words::printable(p),
                path.display(),
                did_you_mean(h, p).map_err(|e| history_words(&e, &path))?
            ),
            // Only the kind asked for is missing when the history has others ("no games
            // recorded yet" had been said of a history of table games asked for solo ones).
            (None, _) => match a.games {
                Games::All => println!("no games recorded yet ({})", path.display()),
                Games::Table => println!("no table games recorded ({})", path.display()),
                Games::Solo => println!("no solo games recorded ({})", path.display()),
            },
            _ => println!("no games recorded yet ({})", path.display()),
        }
    }
    Ok(())
}

/// "; did you mean Alice?" for a name typed in another letter case, or with a slip: the people
/// whose names differ from it only in case ("" when there is none).
fn did_you_mean(h: &History, typed: &str) -> Result<String, history::HistoryError> {
    let near: Vec<String> = h
        .people()?
        .into_iter()
        .map(|(n, _)| n)
        .filter(|n| n.to_lowercase() == typed.trim().to_lowercase())
        .map(|n| crate::words::printable(&n).into_owned())
        .collect();
    Ok(if near.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", near.join(" or "))
    })
}

/// The games as CSV for a script: as the window exports them, without the byte-order mark
/// that spreadsheets want.
fn csv_text(games: &[crate::history::GameRow]) -> String {
    let text = crate::app::history::games_csv(games);
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_string()
}
