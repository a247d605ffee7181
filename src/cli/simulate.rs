//! `noctiluca simulate`: complete games between bots, with a summary and optional logs.

use crate::ai::{KeptGame, play_out, start_game};
use crate::engine::{GameConfig, Outcome, Tally};
use crate::words::Words;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub table: super::Table,
    /// How many games
    #[arg(long, value_name = "K", default_value_t = 100)]
    pub games: u64,
    /// The seed of the first game (game i uses seed + i)
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Bot levels, one per seat, the list repeating: random, easy, normal, hard, expert;
    /// hard:300ms or expert:2000 give a search a time or iteration budget
    #[arg(long, value_name = "LEVEL[,...]", default_value = "random")]
    pub bots: String,
    /// Write one replayable RON log per game into this folder
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,
    /// Games played at once (default: every core); the results do not depend on it
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

/// What one game left for the summary.
struct GameSummary {
    tally: Tally,
    decisions: usize,
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
    let levels = super::bot_levels(Some(&a.bots), None)?;
    let log_dir = a.log_dir.clone();
    if let Some(d) = &log_dir {
        std::fs::create_dir_all(d).map_err(|e| super::io_words(d, &e))?;
        // Logs of an earlier run are never written over.
        let taken: Vec<PathBuf> = (0..games)
            .map(|g| log_path(d, g))
            .filter(|p| p.exists())
            .collect();
        if let Some(first) = taken.first() {
            return Err(format!(
                "{} is already there{}; logs are never written over: choose another --log-dir, \
                 or move the old logs away",
                first.display(),
                match taken.len() {
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
    let play = |kept: &mut KeptGame, g: u64| -> Result<GameSummary, String> {
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
            crate::paths::write_atomic(&path, record.to_ron().as_bytes())
                .map_err(|e| super::io_words(&path, &e))?;
            let r = record.final_score.unwrap_or_else(|| m.state.final_score());
            Tally {
                totals: r.players.iter().map(|p| p.total).collect(),
                outcome: r.outcome,
            }
        } else {
            m.state.final_tally()
        };
        Ok(GameSummary { tally, decisions })
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
    let started = Instant::now();
    let results: Vec<Result<GameSummary, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let play = &play;
                scope.spawn(move || {
                    let from = (t * per).min(games);
                    let to = ((t + 1) * per).min(games);
                    let mut kept = None;
                    (from..to).map(|g| play(&mut kept, g)).collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a simulation thread"))
            .collect()
    });
    let mut totals = vec![0i64; n];
    let mut wins = vec![0.0f64; n];
    let mut solo_wins = 0u64;
    let mut decisions = 0usize;
    for r in results {
        let GameSummary {
            tally: r,
            decisions: d,
        } = r?;
        decisions += d;
        for (i, t) in r.totals.iter().enumerate() {
            totals[i] += t;
        }
        match &r.outcome {
            Outcome::Winner { player, .. } => wins[*player as usize] += 1.0,
            Outcome::Shared { players } => {
                for p in players {
                    wins[*p as usize] += 1.0 / players.len() as f64;
                }
            }
            Outcome::Solo { net, won } => {
                totals[0] += net - r.totals[0];
                solo_wins += *won as u64;
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{games} games, {}, seed {seed}, bots {}",
        if solo {
            "solo".to_string()
        } else {
            format!("{players} players")
        },
        levels.join(",")
    );
    println!(
        "time {secs:.3} s: {} games/s on {threads} thread(s), {decisions} decisions",
        rate(games as f64 / secs.max(1e-9))
    );
    let g = games.max(1) as f64;
    if solo {
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
                100.0 * wins[s] / g
            );
        }
    }
    if let Some(d) = &log_dir {
        println!("logs written to {}", d.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_rate_keeps_the_digits_it_needs() {
        assert_eq!(super::rate(131_512.4), "131512");
        assert_eq!(super::rate(12.46), "12.5");
        assert_eq!(super::rate(0.0522), "0.052");
    }
}
