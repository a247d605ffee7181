//! `noctiluca arena`: bots against each other over many games, seats rotated, with win rates
//! and confidence intervals.

use crate::ai::{Bot, make_bot};
use crate::engine::{Components, GameConfig, Match, Outcome, ToAct};
use std::time::{Duration, Instant};

/// One game's result, per bot entry (not per seat).
struct GameResult {
    /// Win share per entry (1, 1/k for a shared win, 0).
    win: Vec<f64>,
    score: Vec<i64>,
    /// Solo: net score and win.
    net: i64,
    solo_won: bool,
    /// Move times per entry, in microseconds.
    times: Vec<Vec<u64>>,
}

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    pub table: super::Table,
    /// Bot levels, one per seat (the last fills the rest): random, easy, normal, hard,
    /// expert; hard:300ms or expert:2000 give Hard or Expert a time or iteration budget
    /// (default 1 s a move)
    #[arg(long, value_name = "LEVEL[,...]")]
    pub bots: String,
    /// How many games
    #[arg(long, value_name = "K", default_value_t = 100)]
    pub games: u64,
    /// The seed of the first game
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Games played at once
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
}

pub fn run(a: &ArenaArgs) -> Result<(), String> {
    let (solo, players) = a.table.size()?;
    let (games, seed, threads) = (a.games, a.seed, a.threads);
    if games == 0 {
        return Err("--games must be at least 1: a win rate needs a game".into());
    }
    let mut levels = super::bot_levels(Some(&a.bots), None)?;
    let n = players as usize;
    if levels.len() > n {
        return Err(format!(
            "{} bots for {n} seats; give at most one per seat",
            levels.len()
        ));
    }
    // Fewer bots than seats: the last one fills the remaining seats.
    while levels.len() < n {
        levels.push(levels.last().cloned().unwrap_or_default());
    }
    let comps = super::load_components()?;
    let config = if solo {
        GameConfig::solo()
    } else {
        GameConfig::players(players)
    };

    let started = Instant::now();
    let threads = threads.clamp(1, 64);
    let mut results: Vec<Option<GameResult>> = (0..games).map(|_| None).collect();
    std::thread::scope(|scope| {
        let chunks: Vec<_> = (0..threads)
            .map(|t| {
                let (levels, comps, config) = (&levels, &comps, &config);
                scope.spawn(move || {
                    let mut out = Vec::new();
                    let mut g = t as u64;
                    while g < games {
                        out.push((g, play_game(g, seed, levels, comps, config)));
                        g += threads as u64;
                    }
                    out
                })
            })
            .collect();
        for c in chunks {
            for (g, r) in c.join().expect("arena thread") {
                results[g as usize] = Some(r);
            }
        }
    });
    let results: Vec<GameResult> = results.into_iter().map(|r| r.expect("played")).collect();
    let secs = started.elapsed().as_secs_f64();

    println!(
        "arena: {games} games, {}, seed {seed}, bots {}, threads {threads}",
        if solo {
            "solo".to_string()
        } else {
            format!("{players} players, seats rotated")
        },
        levels.join(",")
    );
    println!("wall time {secs:.1} s");
    let k = games.max(1) as f64;
    if solo {
        let wins = results.iter().filter(|r| r.solo_won).count() as f64;
        let (lo, hi) = wilson(wins, k);
        println!(
            "solo ({}): win rate {:.1}% [95% CI {:.1}–{:.1}%] (net score 1 or more), average net score {:.2}",
            levels[0],
            100.0 * wins / k,
            100.0 * lo,
            100.0 * hi,
            results.iter().map(|r| r.net).sum::<i64>() as f64 / k
        );
    } else {
        for (e, level) in levels.iter().enumerate() {
            let wins: f64 = results.iter().map(|r| r.win[e]).sum();
            let (lo, hi) = wilson(wins, k);
            println!(
                "bot {} ({level}): wins {:.1}% [95% CI {:.1}–{:.1}%], average score {:.2}",
                e + 1,
                100.0 * wins / k,
                100.0 * lo,
                100.0 * hi,
                results.iter().map(|r| r.score[e]).sum::<i64>() as f64 / k
            );
        }
    }
    for (e, level) in levels.iter().enumerate() {
        let mut t: Vec<u64> = results
            .iter()
            .flat_map(|r| r.times[e].iter().copied())
            .collect();
        if t.is_empty() {
            continue;
        }
        t.sort_unstable();
        let mean = t.iter().sum::<u64>() as f64 / t.len() as f64;
        let pct = |p: f64| t[((t.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0;
        println!(
            "bot {} ({level}): {} moves, average move time {:.2} ms (p50 {:.2}, p95 {:.2}, max {:.2})",
            e + 1,
            t.len(),
            mean / 1000.0,
            pct(0.5),
            pct(0.95),
            pct(1.0)
        );
    }
    Ok(())
}

/// Game `g`: bot entry `e` sits at seat `(e + g) mod n`, so every entry plays every seat
/// equally often over `n` consecutive games.
fn play_game(
    g: u64,
    seed: u64,
    levels: &[String],
    comps: &Components,
    config: &GameConfig,
) -> GameResult {
    let n = levels.len();
    let game_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(g);
    let mut m = Match::new(config.clone(), comps.clone(), game_seed).expect("valid config");
    let rot = (g % n as u64) as usize;
    let entry_at = |seat: usize| (seat + n - rot) % n;
    let mut bots: Vec<Box<dyn Bot>> = (0..n)
        .map(|seat| {
            let e = entry_at(seat);
            make_bot(&levels[e], game_seed ^ ((e as u64 + 1) << 40)).expect("checked")
        })
        .collect();
    let mut times: Vec<Vec<u64>> = vec![Vec::new(); n];
    let mut legal = Vec::new();
    loop {
        m.run_chance_quiet();
        let ToAct::Seat(seat) = m.state.to_act() else {
            break;
        };
        m.state.legal_actions_into(&mut legal);
        let obs = m.state.observation(Some(seat));
        let t0 = Instant::now();
        let a = bots[seat as usize].choose(&obs, &legal);
        let dt: Duration = t0.elapsed();
        times[entry_at(seat as usize)].push(dt.as_micros() as u64);
        m.apply_quiet(a).expect("bots return legal moves");
    }
    let r = m.state.final_score();
    let mut win = vec![0.0; n];
    let mut score = vec![0; n];
    let (mut net, mut solo_won) = (0, false);
    for (seat, p) in r.players.iter().enumerate() {
        score[entry_at(seat)] = p.total;
    }
    match &r.outcome {
        Outcome::Winner { player, .. } => win[entry_at(*player as usize)] = 1.0,
        Outcome::Shared { players } => {
            for p in players {
                win[entry_at(*p as usize)] = 1.0 / players.len() as f64;
            }
        }
        Outcome::Solo { net: x, won } => {
            net = *x;
            solo_won = *won;
        }
    }
    GameResult {
        win,
        score,
        net,
        solo_won,
        times,
    }
}

/// Wilson 95% interval for `wins` successes in `k` trials.
fn wilson(wins: f64, k: f64) -> (f64, f64) {
    if k <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = wins / k;
    let d = 1.0 + z * z / k;
    let c = (p + z * z / (2.0 * k)) / d;
    let h = z * (p * (1.0 - p) / k + z * z / (4.0 * k * k)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

#[cfg(test)]
mod tests {
    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = super::wilson(600.0, 1000.0);
        assert!(lo < 0.6 && hi > 0.6 && hi - lo < 0.07);
    }
}
