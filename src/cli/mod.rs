//! Headless subcommands: thin layers over the engine and the bots.

mod advice;
mod arena;
mod components;
mod history;
mod interrupt;
mod join;
mod replay;
mod score;
mod seed;
mod serve;
mod simulate;

use crate::engine::Components;
use crate::words::Words;
use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Play, seed, run the solo tempest and score the board game Noctiluca. With no command the
/// window opens; the commands run headless.
#[derive(Parser, Debug)]
#[command(
    name = "noctiluca",
    version,
    about,
    long_about = None,
    after_help = "With no command, noctiluca opens the window.\n\n\
        Environment: NOCTILUCA_CONFIG_DIR and NOCTILUCA_DATA_DIR, when set, are the folders \
        for the settings and your component set, and for saves and the history.\n\n\
        Exit status: 0 when a command succeeds; 1 when score --strict finds entries that \
        cannot come from a real game, or when the window cannot be opened (no display); 2 for \
        a usage error or a command that fails (with a line starting \"error:\" on the \
        standard error); 130 when Ctrl-C stopped simulate, arena, review or serve (simulate \
        and arena first sum up the games played, serve tells its players; a second Ctrl-C ends \
        at once)."
)]
pub struct Cli {
    /// None only when the command line holds no command (the window is opened before then).
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play complete games with bots; print games/s and average scores
    Simulate(simulate::SimulateArgs),
    /// Bots against each other, seats rotated: win rates with 95% intervals, scores and move
    /// times
    Arena(arena::ArenaArgs),
    /// Re-apply a game log, check every action and print the final scores
    Replay(replay::ReplayArgs),
    /// The hard bot's recommended decision, with its reason, at a point of a game log
    Hint(advice::HintArgs),
    /// The costliest decisions of a logged game, as the hard bot judges them
    Review(advice::ReviewArgs),
    /// Compute final scores from a RON score sheet (its format: `score --help`)
    #[command(
        long_about = "Compute final scores from a RON score sheet (its format below)",
        after_long_help = SHEET_HELP
    )]
    Score(score::ScoreArgs),
    /// The component set (jar deck, token stacks, solo numbering) as one shareable file
    #[command(subcommand)]
    Components(components::ComponentsCommand),
    /// The history of recorded games: import logs, list them
    #[command(subcommand)]
    History(history::HistoryCommand),
    /// Statistics per person from the history
    Stats(history::StatsArgs),
    /// A random pool layout to copy onto the board (the same code gives the same layout)
    Seed(seed::SeedArgs),
    /// Host games for people (and bots) who join over the network, headless: prints an
    /// `invite: CODE` line per seat to fill
    Serve(serve::ServeArgs),
    /// Take a seat at a hosted game with an invite code and let a bot play it (--bot)
    Join(join::JoinArgs),
    /// Print a shell completion script
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff); with --dir, write it and a page per subcommand
    /// (noctiluca-simulate.1 and so on) into that folder
    Man {
        /// Write noctiluca.1 and every subcommand's page into this folder (pages of those names
        /// already there are replaced)
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
}

/// The table: `--players N` or `--solo`, one of them (the usage line and a missing table's
/// error say so: "<--players <N>|--solo>").
#[derive(clap::Args, Debug)]
#[group(required = true, multiple = false)]
pub struct Table {
    /// Players at the table: 2, 3 or 4 (this or --solo is required)
    #[arg(long, value_name = "N", value_parser = table_players)]
    pub players: Option<u64>,
    /// The solo game (one player and the tempest)
    #[arg(long)]
    pub solo: bool,
}

impl Table {
    /// `(solo, players)`.
    pub fn size(&self) -> Result<(bool, u8), String> {
        if self.solo {
            return Ok((true, 1));
        }
        match self.players {
            Some(n @ 2..=4) => Ok((false, n as u8)),
            Some(n) => Err(format!(
                "--players must be 2, 3 or 4 (or use --solo), not {n}"
            )),
            None => Err("--players is required".into()),
        }
    }
}

/// A number of threads, 1 to 64 (`--threads`): 0 was taken as 1 without a word.
pub fn thread_count(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n @ 1..=64) => Ok(n),
        Ok(_) => Err("from 1 to 64 threads".into()),
        Err(_) => Err("not a number of threads (1 to 64)".into()),
    }
}

/// A whole number from 0 (counts, seeds, seconds): a negative one is said to be one (clap's
/// own words were "invalid digit found in string").
pub fn whole(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if s.trim().starts_with('-') => Err("a number from 0 up, not below 0".into()),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => {
            Err(format!("too large: at most {}", u64::MAX))
        }
        Err(_) => Err("not a whole number (0, 1, 2, …)".into()),
    }
}

/// A whole number from 1 (a count of games a win rate is taken over): 0 and below said alike
/// (a negative one had been told "a number from 0 up", and then 0 refused).
pub fn at_least_one(s: &str) -> Result<u64, String> {
    match whole(s) {
        Ok(0) => Err("a number from 1 up: a win rate needs a game".into()),
        Err(_) if s.trim().starts_with('-') => {
            Err("a number from 1 up: a win rate needs a game".into())
        }
        Err(e) if e.starts_with("not a whole number") => {
            Err("not a whole number (1, 2, 3, …)".into())
        }
        other => other,
    }
}

/// `whole`, for a count or a place kept as a `usize`.
pub fn whole_usize(s: &str) -> Result<usize, String> {
    let n = whole(s)?;
    usize::try_from(n).map_err(|_| format!("too large: at most {}", usize::MAX))
}

/// The address to put in invite codes (`serve --advertise`), as host:port: a name or an IPv4
/// address, or an IPv6 one in brackets, then a port (0: the one listened on). An address the
/// invites could not be joined at is refused before any game.
pub fn advertised_address(s: &str) -> Result<String, String> {
    let shape = "give it as host:port, e.g. 192.168.1.20:4000 or [fd00::20]:4000";
    let Some((host, port)) = s.rsplit_once(':') else {
        return Err(format!("no port; {shape}"));
    };
    if port.parse::<u16>().is_err() {
        return Err(format!("\"{port}\" is not a port (0 to 65535); {shape}"));
    }
    let bracketed = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    let fine = match bracketed {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => {
            !host.is_empty()
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
        }
    };
    if !fine {
        return Err(format!("\"{host}\" is not a host name or address; {shape}"));
    }
    Ok(s.to_string())
}

/// Players at a table of people (`--players`): 2, 3 or 4; anything else, a word or a number,
/// is told so (a word had been "not a whole number").
pub fn table_players(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n @ 2..=4) => Ok(n),
        _ => Err("a table has 2, 3 or 4 players (the solo game is --solo)".into()),
    }
}

/// Players at a hosted table (`serve --players`): 2, 3 or 4, with no solo game online.
pub fn hosted_players(s: &str) -> Result<u64, String> {
    table_players(s).map_err(|_| "a table has 2, 3 or 4 players".into())
}

/// A game number of a run, from 1 (`--from`).
pub fn game_number(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("games are numbered from 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a game number (1, 2, …)".into()),
    }
}

/// `--bots` as a list of known levels (`default` when absent; `None` makes it required).
/// Warns, on the error stream, when a level searches for a time rather than a number of
/// iterations: how far it gets depends on the machine's speed and load, so the same seed need
/// not play the same games (a script had found two runs of `--bots hard` differ).
pub fn warn_timed(levels: &[String]) {
    let timed: Vec<&str> = (levels.iter())
        .filter(|l| {
            ["hard", "expert"].iter().any(|name| {
                crate::ai::parse_search(name, l).is_some_and(|limits| limits.time.is_some())
            })
        })
        .map(String::as_str)
        .collect();
    if let Some(first) = timed.first() {
        let name = first.split(':').next().unwrap_or(first);
        let mut unique = timed.clone();
        unique.dedup();
        eprintln!(
            "note: {} {} for a time, not a number of iterations: the same seed may not play \
             the same games (give an iteration budget to reproduce them, e.g. {name}:20000)",
            unique.join(", "),
            if unique.len() == 1 { "thinks" } else { "think" }
        );
    }
}

pub fn bot_levels(bots: Option<&str>, default: Option<&str>) -> Result<Vec<String>, String> {
    let list = match (bots, default) {
        (Some(b), _) => b,
        (None, Some(d)) => d,
        (None, None) => return Err("--bots is required (e.g. --bots hard,normal)".into()),
    };
    // As the levels are named everywhere else ("HARD:5" had been echoed, and logged, as typed).
    let levels: Vec<String> = list
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .collect();
    for l in &levels {
        let budget = l
            .split_once(':')
            .map(|(name, _)| name.trim().to_ascii_lowercase());
        if crate::ai::make_bot(l, 0).is_none()
            && let Some(name @ ("hard" | "expert")) = budget.as_deref()
        {
            // Too large a number is said so too (it had been told to be above 0).
            return Err(format!(
                "\"{l}\": a budget is a whole number of iterations, from 1 to {} ({name}:300), \
                 or of milliseconds ({name}:250ms)",
                u32::MAX
            ));
        }
        if crate::ai::make_bot(l, 0).is_none() {
            return Err(format!(
                "unknown bot \"{l}\"; known: {} (hard and expert also as hard:300ms or expert:2000)",
                crate::ai::BOT_LEVELS.join(", ")
            ));
        }
    }
    Ok(levels)
}

/// Component data: the built-in defaults with any overrides from the config folder.
/// A file operation's failure in plain words, with the path.
pub fn io_words(path: &std::path::Path, e: &std::io::Error) -> String {
    format!("{}: {}", path.display(), crate::words::io_error(e.kind()))
}

/// Makes the folder `dir` (and those above it) for what a command writes. A folder that
/// cannot be made is said so: "there is no such file" had been said of a folder the system
/// would not let be made.
pub fn make_dir(dir: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => format!(
            "{}: the folder could not be made there (the folder above it does not take new \
             folders)",
            dir.display()
        ),
        _ => format!(
            "{}: the folder could not be made: {}",
            dir.display(),
            crate::words::io_error(e.kind())
        ),
    })
}

/// `io_words` for a file being written: a "not found" is of the place, not of the file.
fn write_words(file: &std::path::Path, e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => format!(
            "{}: the file could not be made there (its folder does not take new files)",
            file.display()
        ),
        _ => io_words(file, e),
    }
}

/// A file named on the command line to write: its folder must be there already (a mistyped
/// folder is not made quietly; `--log-dir` and the app's own folders are made as needed).
pub fn output_file(path: &str, force: bool) -> Result<&std::path::Path, String> {
    let file = std::path::Path::new(path);
    // An empty name ("--png ''", a variable left unset) had been said as ": the file could
    // not be made there".
    if path.trim().is_empty() {
        return Err("the file name is empty: give the file a name".into());
    }
    match file.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) if !dir.is_dir() => Err(format!(
            "{}: there is no folder {}; make it first, or choose another place",
            file.display(),
            dir.display()
        )),
        // A file already there is the user's: replaced only when asked (a device or a pipe
        // is written into, not replaced).
        _ if !force && std::fs::symlink_metadata(file).is_ok_and(|m| m.is_file()) => Err(format!(
            "{} is already there, and files are not written over: choose another name, \
                 or add --force to replace it",
            file.display()
        )),
        _ => Ok(file),
    }
}

/// Writes `bytes` to the file named on the command line: `-` is the standard output; a
/// device or a pipe (`/dev/stdout`, a FIFO another program reads) is written into as it is;
/// anything else is written as a file, atomically (`output_file` checks its folder first).
pub fn write_output(path: &str, bytes: &[u8], force: bool) -> Result<(), String> {
    use std::io::Write;
    if path == "-" {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| format!("standard output: {}", crate::words::io_error(e.kind())));
    }
    let file = output_file(path, force)?;
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(file) {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        if t.is_char_device() || t.is_fifo() {
            return std::fs::OpenOptions::new()
                .write(true)
                .open(file)
                .and_then(|mut f| f.write_all(bytes))
                .map_err(|e| io_words(file, &e));
        }
    }
    crate::paths::write_atomic(file, bytes).map_err(|e| write_words(file, &e))
}

pub fn load_components() -> Result<Components, String> {
    let dir = crate::paths::config_dir();
    Components::load(dir.as_deref())
        .map(|(c, _)| c)
        .map_err(|e| format!("component data: {}", e.words()))
}

/// A text file given on the command line: a regular file (never a FIFO, device or folder, which
/// could block or never end), at most 16 MB, a byte-order mark dropped.
pub fn read_text(file: &str) -> Result<String, String> {
    read_text_within(file, crate::engine::files::MAX_TEXT_BYTES)
}

/// `read_text` with a tighter limit, for files that are always small. `-` reads the standard
/// input instead (`… | noctiluca score -`).
pub fn read_text_within(file: &str, limit: u64) -> Result<String, String> {
    use crate::engine::files::{FileProblem, text_of};
    use std::io::Read;
    // A stream is read to its end, or to one byte past the limit.
    let stream = |from: &mut dyn Read, name: &str| -> Result<String, String> {
        let mut bytes = Vec::new();
        from.take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{name}: {}", crate::words::io_error(e.kind())))?;
        if bytes.len() as u64 > limit {
            return Err(format!(
                "{name}: {}",
                FileProblem::TooLarge { limit }.words()
            ));
        }
        text_of(bytes).map_err(|e| format!("{name}: {}", e.words()))
    };
    if file == "-" {
        return stream(&mut std::io::stdin().lock(), "standard input");
    }
    // A pipe named on the command line (`score <(…)`, `/dev/stdin` fed by a pipe) is read as
    // the standard input is: someone writes into it. A device or a folder is refused.
    #[cfg(unix)]
    if std::fs::metadata(file).is_ok_and(|m| {
        use std::os::unix::fs::FileTypeExt;
        m.file_type().is_fifo()
    }) {
        let mut f =
            std::fs::File::open(file).map_err(|e| io_words(std::path::Path::new(file), &e))?;
        return stream(&mut f, file);
    }
    crate::engine::files::read_text(std::path::Path::new(file), limit)
        .map_err(|e| format!("{file}: {}", e.words()))
}

/// The score sheet's format, for `score --help` (README.md says the same).
const SHEET_HELP: &str = "\
A score sheet lists the players in seat order; every field may be left out (0 or empty):

  (
      players: [
          (
              name: \"Bridget\",
              tokens: (gold: [2], brown: [], red: [2, 2, 3]),
              delivered: 4,
              jar_bonus: 3,
              favourite: Some(Blue),
              favourite_spaces: 5,
              leftover_dice: 3,
          ),
          (name: \"Ann\", tokens: (brown: [2]), delivered: 1),
      ],
  )

  tokens            face values of the point tokens won, per jar colour, as printed
  delivered         jars delivered; jar_bonus: the bonus points printed on them
  jars              optional, delivered jars by colour: Some((gold: 1, brown: 2, red: 1))
  favourite         Some(Orange | Green | Purple | Blue) or None
  favourite_spaces  spaces of that colour on the delivered jars
  leftover_dice     dice on jars not delivered

Solo: one player, and beside `players` the tempest's tokens and dice:
  (players: [(name: \"Ann\", tokens: (red: [2, 3]), delivered: 2)], tempest: Some((tokens: (red: [2]), dice: 10)))";

/// The kind of Noctiluca file `text` is, by its `format` (a score sheet has none, and its
/// players), with the command that reads it: for a command handed a file of another kind.
pub fn file_kind(text: &str) -> Option<&'static str> {
    #[derive(serde::Deserialize)]
    struct Peek {
        #[serde(default)]
        format: String,
        #[serde(default)]
        players: Vec<serde::de::IgnoredAny>,
    }
    // A hosted game's save is JSON; the others are RON. A file cut short reads as neither,
    // but its header still names its format.
    let p: Peek = ron::from_str(text)
        .ok()
        .or_else(|| serde_json::from_str(text).ok())
        .or_else(|| {
            Some(Peek {
                format: format_in_header(text)?,
                players: Vec::new(),
            })
        })?;
    Some(match p.format.as_str() {
        crate::engine::record::LOG_FORMAT => {
            "a game log: `noctiluca replay`, `hint` and `review` read it"
        }
        crate::engine::component_set::SET_FORMAT => {
            "a component set: `noctiluca components check` and `install` read it"
        }
        "noctiluca-table-game" => "a game saved in the app: open it in the app's Play",
        "noctiluca-solo-companion" => "a solo companion game saved in the app",
        crate::net::HOSTED_SAVE_FORMAT => {
            "a hosted game's save: `noctiluca serve --resume` reads it"
        }
        "" if !p.players.is_empty() => "a score sheet: `noctiluca score` reads it",
        _ => return None,
    })
}

/// The `format` a file's first lines name (`format: "noctiluca-log"`, or in JSON
/// `"format": "…"`), whatever follows them.
fn format_in_header(text: &str) -> Option<String> {
    let head: String = text.chars().take(400).collect();
    let at = head.find("format")?;
    let rest = head[at + "format".len()..].trim_start_matches(['"', ' ']);
    let rest = rest.strip_prefix(':')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

/// `error`, and what the file is when it is another kind of Noctiluca file than `wanted`
/// (one of `file_kind`'s answers, as they begin).
pub fn with_kind(error: String, text: &str, wanted: &str) -> String {
    match file_kind(text) {
        Some(kind) if !kind.starts_with(wanted) => format!("{error}\n(this file is {kind})"),
        _ => error,
    }
}

/// The game in `file`: a game log, or the log inside a game saved in the app (an autosave
/// among them) or inside a hosted game's save. Names are made printable; the log's header is
/// checked (a log of an earlier rules version is refused, with the reason).
pub fn read_game(file: &str) -> Result<crate::engine::GameRecord, String> {
    use crate::engine::GameRecord;
    let text = read_text(file)?;
    let mut rec = match GameRecord::from_ron(&text) {
        Ok(rec) => rec,
        Err(e) => {
            let error = format!("{file}: {}", e.words());
            let kind = file_kind(&text).unwrap_or("");
            if kind.starts_with("a game saved in the app") {
                crate::app::game::GameSave::from_ron(&text)
                    .map(|save| save.record)
                    .map_err(|e| format!("{file}: {e}"))?
            } else if kind.starts_with("a hosted game's save") {
                let log = crate::net::log_in_save(&text)
                    .ok_or_else(|| format!("{file}: the hosted game had not started yet"))?;
                GameRecord::from_ron(&log).map_err(|e| format!("{file}: {}", e.words()))?
            } else {
                return Err(with_kind(error, &text, "a game log"));
            }
        }
    };
    crate::words::printable_names(rec.names.iter_mut());
    rec.check_header()
        .map_err(|e| format!("{file}: {}", e.words()))?;
    Ok(rec)
}

/// A score sheet is a few hundred bytes a player; this limit keeps reading one well under
/// 50 MB of memory.
pub const MAX_SHEET_BYTES: u64 = 1 << 20;

/// The command line read into `Cli`. A negative number is taken as the value it is, so that
/// it is refused as a number out of range ("--games -5": "invalid value '-5' for '--games
/// <K>'") rather than as an unknown option.
pub fn parse<I, T>(argv: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::FromArgMatches;
    fn negatives(c: clap::Command) -> clap::Command {
        c.allow_negative_numbers(true).mut_subcommands(negatives)
    }
    let mut command = negatives(Cli::command());
    let matches = command.try_get_matches_from_mut(argv)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
}

/// Runs a command line (without the program name). Usage errors exit 2 with clap's message;
/// a command's own failure exits 2 with `error: …`. An argument that is not UTF-8 is a usage
/// error, named by clap.
pub fn run(args: &[std::ffi::OsString]) -> ExitCode {
    end_on_output_failure();
    let argv = std::iter::once(std::ffi::OsString::from("noctiluca")).chain(args.iter().cloned());
    let cli = match parse(argv) {
        Ok(c) => c,
        Err(e) => {
            // Help and the version go to the standard output: one that cannot take them
            // (a full disk) is a failure, as for every command's output.
            let printed = e.print().and_then(|()| std::io::stdout().flush());
            return match printed {
                _ if e.use_stderr() => ExitCode::from(2),
                Ok(()) => ExitCode::SUCCESS,
                Err(io) => {
                    eprintln!(
                        "error: the output could not be written: {}",
                        crate::words::io_error(io.kind())
                    );
                    ExitCode::from(2)
                }
            };
        }
    };
    let Some(command) = &cli.command else {
        let _ = Cli::command().print_help();
        return ExitCode::SUCCESS;
    };
    let result = match command {
        Command::Simulate(a) => simulate::run(a),
        Command::Arena(a) => arena::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Score(a) => score::run(a),
        Command::Hint(a) => advice::hint(a),
        Command::Components(c) => components::run(c),
        Command::History(c) => history::run(c),
        Command::Stats(a) => history::stats(a),
        Command::Review(a) => advice::review(a),
        Command::Seed(a) => seed::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Join(a) => join::run(a),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "noctiluca", &mut script);
            write_output("-", &script, false)
        }
        Command::Man { dir: Some(dir) } => make_dir(dir)
            .and_then(|()| write_man_pages(&man_command(), dir))
            .map(|written| {
                println!(
                    "wrote {written} manual pages into {} (noctiluca.1 and one per subcommand)",
                    dir.display()
                )
            }),
        Command::Man { dir: None } => {
            let mut page = Vec::new();
            clap_mangen::Man::new(man_command())
                .render(&mut page)
                .map_err(|e| e.to_string())
                .and_then(|()| write_output("-", &page, false))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e == interrupt::INTERRUPTED => {
            eprintln!("{e}");
            ExitCode::from(130)
        }
        Err(e) if e == interrupt::INTERRUPTED_SAID => ExitCode::from(130),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The command as the manual pages describe it: without the `help` subcommand, which has no
/// page of its own (the page on the standard output named one that `man --dir` never wrote).
fn man_command() -> clap::Command {
    let mut c = Cli::command().disable_help_subcommand(true);
    c.build();
    c
}

/// Writes the page of `c` and one per subcommand, all the way down, into `dir`; each page
/// whole or not at all (a full disk left an empty page). Returns how many were written.
fn write_man_pages(c: &clap::Command, dir: &std::path::Path) -> Result<usize, String> {
    let mut written = 0;
    for sub in c.get_subcommands().filter(|s| !s.is_hide_set()) {
        written += write_man_pages(sub, dir)?;
    }
    let man = clap_mangen::Man::new(c.clone());
    let mut page = Vec::new();
    man.render(&mut page).map_err(|e| e.to_string())?;
    let path = dir.join(man.get_filename());
    crate::paths::write_atomic(&path, &page).map_err(|e| io_words(&path, &e))?;
    Ok(written + 1)
}

/// Runs `work`, showing "what: done of total" on the standard error meanwhile when that is a
/// terminal (a script's log gets no such lines), four times a second; the line is cleared at
/// the end. `done` and `total` are read as `work` updates them.
pub fn with_progress<T>(
    what: &str,
    done: &std::sync::atomic::AtomicUsize,
    total: &std::sync::atomic::AtomicUsize,
    work: impl FnOnce() -> T,
) -> T {
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, Ordering};
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut shown = false;
            'wait: loop {
                for _ in 0..5 {
                    if finished.load(Ordering::Relaxed) {
                        break 'wait;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                let (d, t) = (done.load(Ordering::Relaxed), total.load(Ordering::Relaxed));
                let _ = write!(std::io::stderr(), "\r{what}: {d} of {t}\x1b[K");
                shown = true;
            }
            if shown {
                let _ = write!(std::io::stderr(), "\r\x1b[K");
            }
        });
        let out = work();
        finished.store(true, Ordering::Relaxed);
        out
    })
}

/// `print!` panics when the standard output cannot be written (a full disk behind `>`): such a
/// failure ends the command with an error line and exit status 2, as a failed file write does,
/// instead of a panic's message. (A reader that stops early ends the program by SIGPIPE.)
fn end_on_output_failure() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
            let _ = writeln!(
                std::io::stderr(),
                "error: the output could not be written: {}",
                output_failure_words(why)
            );
            std::process::exit(2);
        }
        default(info);
    }));
}

/// The system's error in a panic's message ("No space left on device (os error 28)") in the
/// words every other failed write uses ("the disk is full").
fn output_failure_words(why: &str) -> String {
    let code = why
        .rsplit_once("(os error ")
        .and_then(|(_, n)| n.strip_suffix(')'))
        .and_then(|n| n.parse::<i32>().ok());
    match code {
        Some(n) => crate::words::io_error(std::io::Error::from_raw_os_error(n).kind()).to_string(),
        None => why.to_string(),
    }
}

/// The window's sentence as a clause of a command-line error, as the others are written: no
/// capital and no full stop ("…lets the port through.; the seat was not taken back").
pub(crate) fn clause(sentence: String) -> String {
    let s = sentence.trim_end_matches('.');
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        // "AI …" keeps its capitals.
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => first
            .to_lowercase()
            .chain(s[first.len_utf8()..].chars())
            .collect(),
        _ => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_failed_print_is_said_as_a_failed_write() {
        assert_eq!(
            output_failure_words("No space left on device (os error 28)"),
            crate::words::io_error(std::io::ErrorKind::StorageFull)
        );
        assert_eq!(output_failure_words("something else"), "something else");
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn repeated_flags_and_stray_arguments_are_refused() {
        let p = |v: &[&str]| parse(std::iter::once("noctiluca").chain(v.iter().copied()));
        assert!(p(&["simulate", "--players", "3"]).is_ok());
        assert!(p(&["simulate", "--players", "3", "--players", "4"]).is_err());
        assert!(p(&["simulate", "--players", "3", "extra"]).is_err());
        assert!(p(&["score", "a.ron", "b.ron"]).is_err());
        assert!(p(&["simulate", "--solo", "--players", "3"]).is_err());
        assert!(p(&["arena", "--players", "2", "--threads", "x"]).is_err());
        // No threads is no run (it was taken as one without a word).
        assert!(p(&["arena", "--players", "2", "--threads", "0"]).is_err());
        assert!(p(&["simulate", "--players", "2", "--threads", "0"]).is_err());
        assert!(p(&["simulate", "--players", "2", "--threads", "2"]).is_ok());
    }

    #[test]
    fn a_negative_number_is_refused_as_a_value_not_as_an_option() {
        let p = |v: &[&str]| parse(std::iter::once("noctiluca").chain(v.iter().copied()));
        for (line, value, option) in [
            (
                &["simulate", "--players", "4", "--games", "-5"][..],
                "-5",
                "--games",
            ),
            (&["simulate", "--players", "-2"][..], "-2", "--players"),
            (
                &["arena", "--players", "2", "--seed", "-1"][..],
                "-1",
                "--seed",
            ),
        ] {
            let e = p(line).expect_err("a negative number is no count");
            let said = e.to_string();
            assert_ne!(e.kind(), clap::error::ErrorKind::UnknownArgument, "{said}");
            if e.kind() == clap::error::ErrorKind::ValueValidation {
                assert!(said.contains(value) && said.contains(option), "{said}");
            }
        }
        // Taken as a value, "-1,0,0,0" reaches the supply's own check.
        let Some(Command::Seed(a)) = p(&["seed", "--supply", "-1,0,0,0"]).unwrap().command else {
            panic!("not the seed command")
        };
        assert_eq!(a.supply.as_deref(), Some("-1,0,0,0"));
    }

    #[test]
    fn an_address_invites_can_be_joined_at_is_taken_as_it_is() {
        for good in [
            "127.0.0.1:4000",
            "192.168.1.20:0",
            "table.example.org:65535",
            "my-pc.local:4000",
            "[::1]:4000",
            "[fd00::20]:80",
        ] {
            assert_eq!(advertised_address(good).as_deref(), Ok(good));
        }
        for bad in [
            "foo",
            "127.0.0.1",
            ":4000",
            "a b:5",
            "x/y:5",
            "::1:4000",
            "h:-1",
        ] {
            assert!(advertised_address(bad).is_err(), "{bad}");
        }
    }
}
