//! `noctiluca serve`: hosts games headless. Prints one `invite: CODE` line per remote seat,
//! starts each game once every remote seat is filled, hands a dropped player's seat to a bot
//! once its grace period is over, and writes each finished game's log. With `--games K` the
//! same seats (and connections) play K games one after another; then the players are told the
//! series is done and the server exits.

use crate::net::{ClockRule, Host, HostConfig, Note, SeatPlan};
use crate::words::Words;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the invites say which)
    #[arg(long, value_name = "P", default_value_t = 0)]
    pub port: u16,
    /// The address to listen on [default: 0.0.0.0, every network; with --resume, the address
    /// the game was hosted on]
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<IpAddr>,
    /// The address to put in the invite codes, as host:port (default: this machine's)
    #[arg(long, value_name = "ADDRESS", value_parser = super::advertised_address)]
    pub advertise: Option<String>,
    /// Players at the table, 2 to 4 (all people, unless --seats says otherwise)
    #[arg(long, value_name = "N", value_parser = super::hosted_players)]
    pub players: Option<u64>,
    /// Who plays each seat, in order: human or bot:LEVEL (e.g. human,human,bot:normal)
    #[arg(long, value_name = "SEAT[,...]")]
    pub seats: Option<String>,
    /// Write each finished game's log (replayable RON) into this folder
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,
    /// Games to host one after another with the same seats, then exit
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub games: u32,
    /// Seconds a dropped player may take to come back before a bot takes the seat
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = super::whole)]
    pub grace: u64,
    /// The bot that takes a dropped player's seat after the grace period
    #[arg(long, value_name = "LEVEL", default_value = "normal")]
    pub grace_bot: String,
    /// The seed of the first game's chance (game i uses seed + i - 1; default: random)
    #[arg(long, value_name = "S", value_parser = super::whole)]
    pub seed: Option<u64>,
    /// A time bank per player, in seconds (default: no clocks)
    #[arg(long, value_name = "SECS", value_parser = super::whole)]
    pub clock: Option<u64>,
    /// The bot that plays a player's moves once their time bank is empty
    #[arg(long, value_name = "LEVEL", default_value = "normal")]
    pub timeout_bot: String,
    /// Save the game in progress to this file after every move
    #[arg(long, value_name = "FILE")]
    pub autosave: Option<PathBuf>,
    /// Resume the game saved in this file, on the port it was hosted on and with its seats
    /// (players rejoin); it goes on saving there unless --autosave names another file
    #[arg(long, value_name = "FILE", conflicts_with = "games")]
    pub resume: Option<PathBuf>,
}

/// `--seats` (or `--players N` people) as seat plans.
fn plans(a: &ServeArgs) -> Result<Vec<SeatPlan>, String> {
    let plans: Vec<SeatPlan> = match (&a.seats, a.players) {
        (Some(list), _) => list
            .split(',')
            .map(|s| {
                let s = s.trim();
                if s.eq_ignore_ascii_case("human") {
                    Ok(SeatPlan::Remote)
                } else if let Some(level) = s.strip_prefix("bot:") {
                    super::bot_levels(Some(level), None)?;
                    Ok(SeatPlan::Bot(level.to_string()))
                } else {
                    Err(format!("a seat is human or bot:LEVEL, not \"{s}\""))
                }
            })
            .collect::<Result<_, String>>()?,
        (None, Some(n @ 2..=4)) => vec![SeatPlan::Remote; n as usize],
        (None, Some(n)) => return Err(format!("--players must be 2, 3 or 4, not {n}")),
        (None, None) => return Err("--players N or --seats is required".into()),
    };
    if let (Some(n), Some(_)) = (a.players, &a.seats)
        && n as usize != plans.len()
    {
        return Err(format!(
            "--players {n} but --seats names {} seats",
            plans.len()
        ));
    }
    if !(2..=4).contains(&plans.len()) {
        return Err(format!("a table has 2, 3 or 4 seats, not {}", plans.len()));
    }
    if !plans.contains(&SeatPlan::Remote) {
        return Err(
            "every seat is a bot, so nobody would join: give at least one seat to a person \
             (human), or let bots play each other with simulate or arena"
                .into(),
        );
    }
    Ok(plans)
}

fn random_seed() -> u64 {
    let t = crate::net::token::new_token();
    t.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `game-007.ron` in `dir`, or `game-007-2.ron`, `game-007-3.ron`… when that is taken.
fn free_log_path(dir: &std::path::Path, game: u32) -> PathBuf {
    (1..)
        .map(|k| match k {
            1 => dir.join(format!("game-{game:03}.ron")),
            k => dir.join(format!("game-{game:03}-{k}.ron")),
        })
        .find(|p| !p.exists())
        .expect("a free name")
}

/// Refuses, before any game, an autosave file that could not be written (a folder in its
/// place, or a folder that cannot be made or written to), and a file already there that is
/// not a hosted game's save: it is the owner's, and never written over. The check writes and
/// removes one empty file beside it; the folders it needs are made.
fn check_writable(file: &Path) -> Result<(), String> {
    if file.is_dir() {
        return Err(format!(
            "--autosave: {} is a folder, not a file to save to",
            file.display()
        ));
    }
    if std::fs::symlink_metadata(file).is_ok() {
        let text = super::read_text(&file.to_string_lossy())?;
        if !super::file_kind(&text).is_some_and(|k| k.starts_with("a hosted game's save")) {
            return Err(format!(
                "--autosave: {} is there and is not a hosted game's save; it is never written \
                 over (name another file)",
                file.display()
            ));
        }
    }
    let dir = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let Some(file_there) = dir.ancestors().find(|d| d.exists() && !d.is_dir()) {
        return Err(format!(
            "--autosave: {} is a file, not a folder to save in",
            file_there.display()
        ));
    }
    super::make_dir(dir)?;
    let mut n = 0;
    let probe = loop {
        let probe = dir.join(format!(".noctiluca-probe-{}-{n}", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
        {
            Ok(_) => break probe,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(format!("--autosave: {}", super::io_words(dir, &e))),
        }
    };
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

pub fn run(a: &ServeArgs) -> Result<(), String> {
    // A game resumed keeps its seats: the save has them, unless they are given again.
    let seats = match (&a.resume, &a.seats, a.players) {
        (Some(file), None, None) => crate::net::saved_seats(file)
            .map_err(|e| format!("{}: {}", file.display(), crate::words::save_problem(&e)))?,
        _ => plans(a)?,
    };
    super::bot_levels(Some(&a.grace_bot), None)?;
    super::bot_levels(Some(&a.timeout_bot), None)?;
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    // A time bank of nothing would hand every move to the bot at once.
    if a.clock == Some(0) {
        return Err("--clock must be at least 1 second (leave it out for no clocks)".into());
    }
    if let Some(d) = &a.log_dir {
        super::make_dir(d)?;
    }
    if let Some(f) = &a.autosave {
        check_writable(f)?;
    }
    // A game resumed goes on saving to its save, unless told otherwise (`Host::resume` says
    // what is wrong with a file that is no save).
    let autosave = a.autosave.clone().or_else(|| a.resume.clone());
    // The save to resume, read once (`Host::resume` reads it again and says what is wrong).
    let saved = a.resume.as_ref().and_then(|file| {
        crate::engine::files::read_text(file, crate::engine::files::MAX_TEXT_BYTES).ok()
    });
    // A game resumed listens where it did (one hosted on this computer only had been opened
    // to every network), unless told otherwise.
    let bind_ip = a
        .bind
        .or(saved.as_deref().and_then(crate::net::bind_ip_in_save))
        .unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED));
    let config = HostConfig {
        seats,
        host_name: String::new(),
        bind: SocketAddr::new(bind_ip, a.port),
        advertise: a.advertise.clone(),
        seed: a.seed.unwrap_or_else(random_seed),
        components: std::sync::Arc::new(super::load_components()?),
        grace: Duration::from_secs(a.grace),
        clock: a.clock.map(|s| ClockRule {
            bank: Duration::from_secs(s),
            bot_on_timeout: a.timeout_bot.clone(),
        }),
        autosave: autosave.clone(),
    };
    let host = match &a.resume {
        Some(file) => {
            // A series' finished game is not hosted again as a new one.
            if saved.as_deref().is_some_and(crate::net::save_is_finished) {
                return Err(format!(
                    "{}: the game saved there is over; there is nothing to resume",
                    file.display()
                ));
            }
            // The players' rejoin tokens name the port it was hosted on.
            if let Some(port) = saved.as_deref().and_then(crate::net::port_in_save)
                && a.port != 0
                && a.port != port
            {
                eprintln!(
                    "warning: --port {} is not used: the game is resumed on port {port}, which \
                     the players' rejoin tokens name",
                    a.port
                );
            }
            // A save that cannot be read is named (which file was not said).
            Host::resume(file, config).map_err(|e| match e {
                crate::net::NetError::Save(p) => {
                    format!("{}: {}", file.display(), crate::words::save_problem(&p))
                }
                e => super::clause(e.words()),
            })?
        }
        None => Host::start(config).map_err(|e| super::clause(e.words()))?,
    };
    let mut out = std::io::stdout();
    println!("listening: {}", host.address());
    // Which seat each invite is for goes to the standard error, so the invite lines stay one
    // code each for scripts.
    let invites = host.invites();
    let seats: Vec<String> = invites.iter().map(|i| (i.seat + 1).to_string()).collect();
    match seats.as_slice() {
        [one] => eprintln!("the invite is for seat {one}"),
        _ => eprintln!(
            "the invites are for seats {}, in that order",
            seats.join(", ")
        ),
    }
    for i in invites {
        println!("invite: {}", i.code);
    }
    let _ = out.flush();
    // Ctrl-C or a request to end (SIGTERM): the players are told before the program ends
    // (it had ended without a word, and they waited ten minutes to take their seats back).
    super::interrupt::catch_with_terminate();
    let mut finished = 0;
    let mut autosave_failed = false;
    // The games whose logs could not be written: the series goes on, and the exit says so.
    let mut unwritten: Vec<u32> = Vec::new();
    loop {
        for note in host.poll() {
            match note {
                // Seats are counted from 1, as in the app and the other commands.
                Note::Joined { seat, name } => eprintln!("seat {}: {name} joined", seat + 1),
                Note::Rejoined { seat } => eprintln!("seat {}: back", seat + 1),
                Note::Dropped { seat } | Note::Left { seat } => {
                    eprintln!("seat {}: gone", seat + 1)
                }
                Note::GraceOver { seat } if host.hand_to_bot(seat, &a.grace_bot).is_ok() => {
                    eprintln!(
                        "seat {}: played by bot {} from now on",
                        seat + 1,
                        a.grace_bot
                    );
                }
                Note::TimeOut { seat } => eprintln!("seat {}: out of time", seat + 1),
                // Chat, for whoever watches the server (the text is cleaned by the host).
                Note::Said { seat, text } => eprintln!("seat {} says: {text}", seat + 1),
                Note::Misbehaved { seat, refusal } => {
                    let who =
                        seat.map_or("a connection".to_string(), |s| format!("seat {}", s + 1));
                    eprintln!("refused from {who}: {}", crate::words::host_side(&refusal));
                }
                // Said once: the same cause would repeat it at every move.
                Note::AutosaveFailed if !autosave_failed => {
                    autosave_failed = true;
                    let path = autosave.as_deref().unwrap_or(Path::new(""));
                    eprintln!(
                        "warning: the game could not be saved to {}; it cannot be resumed if \
                         the server stops now (said once a game)",
                        path.display()
                    );
                }
                // A failing autosave is said again in the next game (not at the save that
                // ends this one, which said it twice in one game).
                Note::GameStarted { .. } => autosave_failed = false,
                Note::GameOver { game } => {
                    finished += 1;
                    if let Some(f) = host.last_finished() {
                        let totals: Vec<String> = f
                            .score
                            .players
                            .iter()
                            .map(|p| p.total.to_string())
                            .collect();
                        println!("game {game}: scores {}", totals.join(" "));
                        // Who won, by name and seat, beside the scores (on the standard error:
                        // the scores line stays as scripts read it).
                        let seats = host.lobby().seats;
                        let who = |s: &u8| {
                            let name = seats
                                .get(*s as usize)
                                .and_then(|x| x.name.clone())
                                .unwrap_or_default();
                            format!("{} (seat {})", crate::words::printable(&name), s + 1)
                        };
                        match &f.score.outcome {
                            crate::engine::scoring::Outcome::Winner { player, .. } => {
                                eprintln!("game {game}: {} won", who(player))
                            }
                            crate::engine::scoring::Outcome::Shared { players } => {
                                let names: Vec<String> = players.iter().map(who).collect();
                                eprintln!("game {game}: shared by {}", names.join(" and "))
                            }
                            crate::engine::scoring::Outcome::Solo { .. } => {}
                        }
                        if let Some(d) = &a.log_dir {
                            // A log already there (an earlier series) is kept: this one takes
                            // the next free name. A log that cannot be written does not end
                            // the series.
                            let path = free_log_path(d, game);
                            match crate::paths::write_atomic(&path, f.record_ron.as_bytes()) {
                                Ok(()) => println!("log: {}", path.display()),
                                Err(e) => {
                                    eprintln!(
                                        "warning: the log of game {game} was not written: {}",
                                        super::io_words(&path, &e)
                                    );
                                    unwritten.push(game);
                                }
                            }
                        }
                        let _ = out.flush();
                    }
                }
                _ => {}
            }
        }
        if finished >= a.games {
            break;
        }
        if super::interrupt::interrupted() {
            host.close_and_wait();
            // Only a game saved there goes on (stopped in the lobby, nothing was).
            match autosave.as_ref().filter(|f| f.is_file()) {
                Some(f) => eprintln!(
                    "stopped: the players were told; serve --resume {} goes on with the game",
                    f.display()
                ),
                None => eprintln!("stopped: the players were told"),
            }
            return Err(super::interrupt::INTERRUPTED_SAID.into());
        }
        // Each game starts as soon as every remote seat is filled.
        let _ = host.start_game();
        std::thread::sleep(Duration::from_millis(10));
    }
    // Returns once every player has been told the series is done.
    host.finish();
    match unwritten.as_slice() {
        [] => Ok(()),
        [game] => Err(format!(
            "the log of game {game} could not be written (said above)"
        )),
        games => Err(format!(
            "the logs of games {} could not be written (said above)",
            games
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
