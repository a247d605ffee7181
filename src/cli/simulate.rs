//! `noctiluca simulate`: complete games between bots, with a summary and optional logs.

use crate::ai::{KeptGame, play_out, start_game};
use crate::engine::{GameConfig, Outcome, Tally};
use crate::words::Words;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub table: super::Table,
    /// How many games
    #[arg(long, value_name = "K", default_value_t = 100, value_parser = super::whole)]
    pub games: u64,
    /// The run's seed: each game's own seed comes from it and the game's number (a log
    /// records its game's), so the same seed plays the same games (with iteration budgets:
    /// hard and expert think for 1 s a move unless given one, and a time depends on the
    /// machine)
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = super::whole)]
    pub seed: u64,
    /// Start at game I of the run: with the same seed, `--from 7 --games 1` plays game 7
    /// again (logged as game-00007.ron)
    #[arg(long, value_name = "I", default_value_t = 1, value_parser = super::game_number)]
    pub from: u64,
    /// Bot levels, one per seat, the list repeating (any past the last seat are not used):
    /// random, easy, normal, hard, expert;
    /// hard:300ms or expert:2000 give a search a time or iteration budget
    #[arg(long, value_name = "LEVEL[,...]", default_value = "random")]
    pub bots: String,
    /// Write one replayable RON log per game into this folder
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,
    /// Games played at once, 1 to 64 (default: every core); the results do not depend on it
    /// (unless a bot thinks for a time)
    #[arg(long, value_name = "N", value_parser = super::thread_count)]
    pub threads: Option<usize>,
    /// Print the summary as JSON instead: the run (games, first game, seed, players, bots,
    /// threads), its time and games/s, the decisions, and per seat its bot, average score and
    /// share of wins (solo: the win rate and the average net score)
    #[arg(long)]
    pub json: bool,
}

/// The summary of some games, added up game by game: the same whatever the order or the
/// grouping (a shared victory counts in twelfths, so its parts add up exactly).
#[derive(Default)]
struct Summary {
    totals: Vec<i64>,
    /// Per seat, wins in twelfths (a victory shared by 2, 3 or 4 is 6, 4 or 3 each).
    wins: Vec<u64>,
    solo_wins: u64,
    decisions: usize,
    /// The games played, as runs of game numbers from 0: (the first, how many).
    played: Vec<(u64, u64)>,
}

impl Summary {
    fn new(seats: usize) -> Summary {
        Summary {
            totals: vec![0; seats],
            wins: vec![0; seats],
            ..Summary::default()
        }
    }

    fn add_game(&mut self, tally: &Tally, decisions: usize) {
        self.decisions += decisions;
        for (i, t) in tally.totals.iter().enumerate() {
            self.totals[i] += t;
        }
        match &tally.outcome {
            Outcome::Winner { player, .. } => self.wins[*player as usize] += 12,
            Outcome::Shared { players } => {
                for p in players {
                    self.wins[*p as usize] += 12 / players.len() as u64;
                }
            }
            Outcome::Solo { net, won } => {
                self.totals[0] += net - tally.totals[0];
                self.solo_wins += *won as u64;
            }
        }
    }

    fn add(&mut self, other: &Summary) {
        self.decisions += other.decisions;
        self.played.extend(other.played.iter().filter(|r| r.1 > 0));
        self.solo_wins += other.solo_wins;
        for (a, b) in self.totals.iter_mut().zip(&other.totals) {
            *a += b;
        }
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
    }
}

/// The first of this run's log names (games `from..from + games`, from 0) already in `dir`,
/// and how many there are, read from the folder (not asked game by game: a run may be long).
fn logs_already_there(dir: &std::path::Path, from: u64, games: u64) -> (Option<PathBuf>, u64) {
    let mut first: Option<(u64, PathBuf)> = None;
    let mut count = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let Some(number) = name
            .to_str()
            .and_then(|n| n.strip_prefix("game-")?.strip_suffix(".ron"))
            .filter(|d| d.len() >= 5 && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u64>().ok())
        else {
            continue;
        };
        let g = number.wrapping_sub(1);
        if number >= 1 && g >= from && g - from < games && log_path(dir, g) == entry.path() {
            count += 1;
            if first.as_ref().is_none_or(|(f, _)| g < *f) {
                first = Some((g, entry.path()));
            }
        }
    }
    (first.map(|(_, p)| p), count)
}

/// Where game `g` (from 0) of a run is logged.
fn log_path(dir: &std::path::Path, g: u64) -> PathBuf {
    dir.join(format!("game-{:05}.ron", g + 1))
}

/// A rate as many digits as it needs: "131500", "12.5", "0.052" (slow bots play well under a
/// game a second, which whole numbers would show as 0).
fn rate(r: f64) -> String {
    match r {
        r if r >= 100.0 => format!("{r:.0}"),
        r if r >= 1.0 => format!("{r:.1}"),
        r => format!("{r:.3}"),
    }
}

pub fn run(a: &SimulateArgs) -> Result<(), String> {
    let (solo, players) = a.table.size()?;
    let (games, seed) = (a.games, a.seed);
    // Game numbers from 0: this run plays `from..from + games`.
    let from = a.from - 1;
    if from.checked_add(games).is_none() {
        return Err(format!(
            "--from {} with --games {games} goes past the last game number",
            a.from
        ));
    }
    let levels = super::bot_levels(Some(&a.bots), None)?;
    super::warn_timed(&levels[..levels.len().min(players as usize)]);
    if levels.len() > players as usize {
        eprintln!(
            "warning: {} bots for {players} seat(s): {} not used",
            levels.len(),
            levels[players as usize..].join(", ")
        );
    }
    let log_dir = a.log_dir.clone();
    if let Some(d) = &log_dir {
        super::make_dir(d)?;
        // Logs of an earlier run are never written over.
        if let (Some(first), taken) = logs_already_there(d, from, games) {
            return Err(format!(
                "{} is already there{}; logs are never written over: choose another --log-dir, \
                 or move the old logs away",
                first.display(),
                match taken {
                    1 => String::new(),
                    n => format!(", and {} more game logs of this run's names", n - 1),
                }
            ));
        }
    }
    let comps = std::sync::Arc::new(super::load_components()?);
    let config = if solo {
        GameConfig::solo()
    } else {
        GameConfig::players(players)
    };
    let n = players as usize;
    let level_of = |seat: usize| levels[seat % levels.len()].as_str();

    // Each thread plays its games on one match and one set of bots (`start_game`).
    let play = |kept: &mut KeptGame, g: u64, sum: &mut Summary| -> Result<(), String> {
        let game_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(g);
        let (m, bots) =
            start_game(kept, &config, &comps, level_of, game_seed).map_err(|e| e.words())?;
        let decisions = play_out(m, bots);
        let tally = if let Some(d) = &log_dir {
            m.record.names = (0..n)
                .map(|s| format!("{} {}", level_of(s), s + 1))
                .collect();
            let record = m.to_record();
            let path = log_path(d, g);
            // Not flushed one by one (two waits for the disk a game, a hundred times the
            // game's own time): the folder is flushed once, when the run is over.
            crate::engine::files::write_atomic_unsynced(&path, record.to_ron().as_bytes())
                .map_err(|e| super::io_words(&path, &e))?;
            let r = record.final_score.unwrap_or_else(|| m.state.final_score());
            Tally {
                totals: r.players.iter().map(|p| p.total).collect(),
                outcome: r.outcome,
            }
        } else {
            m.state.final_tally()
        };
        sum.add_game(&tally, decisions);
        Ok(())
    };
    // Games are independent (each has its own seed): contiguous ranges on every core, summed
    // afterwards in game order, so the figures are the same whatever the number of threads.
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256) as u64;
    // No more threads than games.
    let threads = threads.min(games.max(1));
    let per = games.div_ceil(threads).max(1);
    super::interrupt::catch();
    let started = Instant::now();
    // Each thread adds up its own games as it goes (memory does not grow with the run).
    let done = AtomicUsize::new(0);
    let failed = std::sync::atomic::AtomicBool::new(false);
    let total = AtomicUsize::new(games as usize);
    let parts: Vec<Result<Summary, String>> = super::with_progress("games", &done, &total, || {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let (play, done, failed) = (&play, &done, &failed);
                    scope.spawn(move || {
                        let first = from + (t * per).min(games);
                        let end = from + ((t + 1) * per).min(games);
                        let mut kept = None;
                        let mut sum = Summary::new(n);
                        let mut played = 0;
                        for g in first..end {
                            // Ctrl-C: the games played so far are summed up and said. A log
                            // another thread could not write stops the run.
                            if super::interrupt::interrupted() || failed.load(Ordering::Relaxed) {
                                break;
                            }
                            if let Err(e) = play(&mut kept, g, &mut sum) {
                                failed.store(true, Ordering::Relaxed);
                                return Err(e);
                            }
                            done.fetch_add(1, Ordering::Relaxed);
                            played += 1;
                        }
                        sum.played.push((first, played));
                        Ok(sum)
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a simulation thread"))
                .collect()
        })
    });
    let mut sum = Summary::new(n);
    for part in parts {
        match part {
            Ok(part) => sum.add(&part),
            // A log that could not be written: which logs are there, to play the rest later.
            Err(e) => {
                let written = log_dir.as_deref().map_or_else(Vec::new, |d| {
                    (from..from + games)
                        .filter(|&g| log_path(d, g).exists())
                        .collect::<Vec<u64>>()
                });
                return Err(match number_runs(&written) {
                    None => format!("{e}; no log of this run was written"),
                    Some(runs) => {
                        format!("{e}; the run stopped, and the logs written are of games {runs}")
                    }
                });
            }
        }
    }
    let Summary {
        totals,
        wins,
        solo_wins,
        decisions,
        played,
    } = sum;
    if let Some(d) = &log_dir {
        crate::engine::files::sync_folder(d).map_err(|e| super::io_words(d, &e))?;
    }
    let secs = started.elapsed().as_secs_f64();
    // Stopped by Ctrl-C: the figures are those of the games played (each thread's first ones,
    // so not the same games whatever the number of threads).
    let (games, stopped) = super::interrupt::games_played(games, &done);
    if stopped {
        // Each thread played the first games of its own range: which ones, by number (as
        // --from and the logs' names count them), to play the rest later.
        let mut games: Vec<u64> = played
            .iter()
            .flat_map(|&(first, n)| first..first + n)
            .collect();
        games.sort_unstable();
        let runs = number_runs(&games).unwrap_or_else(|| "none".into());
        eprintln!("the games played are numbers {runs}");
    }
    let g = games.max(1) as f64;
    let per_second = games as f64 / secs.max(1e-9);
    // No game, no average: null, not a zero a script would take for one.
    let of_games = |x: f64| (games > 0).then_some(x);
    if a.json {
        let seats: Vec<serde_json::Value> = (0..n)
            .filter(|_| !solo)
            .map(|s| {
                serde_json::json!({
                    "seat": s + 1,
                    "bot": level_of(s),
                    "average_score": of_games(totals[s] as f64 / g),
                    "wins": of_games(wins[s] as f64 / 12.0 / g),
                })
            })
            .collect();
        let value = serde_json::json!({
            "games": games,
            "from": a.from,
            "seed": seed,
            "players": if solo { 1 } else { players },
            "solo": solo,
            "bots": levels,
            "threads": threads,
            "seconds": secs,
            "games_per_second": per_second,
            "decisions": decisions,
            "seats": seats,
            "solo_result": solo.then(|| serde_json::json!({
                "win_rate": of_games(solo_wins as f64 / g),
                "average_net_score": of_games(totals[0] as f64 / g),
            })),
            "log_dir": log_dir.as_ref().map(|d| d.display().to_string()),
            "stopped": stopped,
        });
        let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
        println!(
            "{games} game{}{}, {}, seed {seed}, bots {}",
            if games == 1 { "" } else { "s" },
            if from > 0 {
                format!(" from game {}", a.from)
            } else {
                String::new()
            },
            if solo {
                "solo".to_string()
            } else {
                format!("{players} players")
            },
            levels.join(",")
        );
        println!(
            "time {secs:.3} s: {} games/s on {threads} thread(s), {decisions} decisions",
            rate(per_second)
        );
        if games == 0 {
            println!("no game was played: nothing to average");
        } else if solo {
            println!(
                "solo: win rate {:.1}% (net score 1 or more), average net score {:.2}",
                100.0 * solo_wins as f64 / g,
                totals[0] as f64 / g
            );
        } else {
            for s in 0..n {
                println!(
                    "seat {} ({}): average score {:.2}, wins {:.1}%",
                    s + 1,
                    level_of(s),
                    totals[s] as f64 / g,
                    100.0 * wins[s] as f64 / 12.0 / g
                );
            }
        }
        if let Some(d) = &log_dir {
            println!("logs written to {}", d.display());
        }
    }
    if stopped {
        return Err(super::interrupt::INTERRUPTED_SAID.into());
    }
    Ok(())
}

/// Games (counted from 0, in order) by number from 1, runs joined: "1–3, 7, 11–15"; `None`
/// for no game.
fn number_runs(games: &[u64]) -> Option<String> {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &g in games {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == g => *last = g,
            _ => runs.push((g, g)),
        }
    }
    let words: Vec<String> = runs
        .iter()
        .map(|&(a, b)| match b - a {
            0 => format!("{}", a + 1),
            _ => format!("{}–{}", a + 1, b + 1),
        })
        .collect();
    (!words.is_empty()).then(|| words.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_rate_keeps_the_digits_it_needs() {
        assert_eq!(super::rate(131_512.4), "131512");
        assert_eq!(super::rate(12.46), "12.5");
        assert_eq!(super::rate(0.0522), "0.052");
    }

    #[test]
    fn games_are_said_by_number_in_runs() {
        assert_eq!(super::number_runs(&[]), None);
        assert_eq!(super::number_runs(&[4]).as_deref(), Some("5"));
        assert_eq!(
            super::number_runs(&[0, 1, 2, 6, 10, 11, 12, 13, 14]).as_deref(),
            Some("1–3, 7, 11–15")
        );
    }
}
