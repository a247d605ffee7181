//! `noctiluca arena`: bots against each other over many games, seats rotated, with win rates
//! and confidence intervals.

use crate::ai::{Bot, make_bot};
use crate::engine::{Components, GameConfig, Match, Outcome, ToAct};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Games added up, per bot entry (not per seat), as they finish: memory does not grow with
/// the number of games, and the sums are the same whatever the order or the threads.
struct Tally {
    /// Wins per entry in twelfths (a victory shared by 2, 3 or 4 is 6, 4 or 3 each).
    wins: Vec<u64>,
    score: Vec<i64>,
    /// Solo: net scores added up, and wins.
    net: i64,
    solo_wins: u64,
    /// Move times per entry.
    times: Vec<Times>,
}

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            wins: vec![0; n],
            score: vec![0; n],
            net: 0,
            solo_wins: 0,
            times: (0..n).map(|_| Times::default()).collect(),
        }
    }

    fn add(&mut self, other: &Tally) {
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.score.iter_mut().zip(&other.score) {
            *a += b;
        }
        self.net += other.net;
        self.solo_wins += other.solo_wins;
        for (a, b) in self.times.iter_mut().zip(&other.times) {
            a.add(b);
        }
    }
}

/// Buckets of the move-time histogram: each 2% wider than the last, from 1 µs to over an hour.
const TIME_BUCKETS: usize = 1100;

/// Move times: count, sum and maximum exactly, percentiles from a histogram whose buckets
/// are 2% wide (so a percentile is within 2% of the true one).
struct Times {
    count: u64,
    sum_us: u128,
    max_us: u64,
    buckets: Vec<u64>,
}

impl Default for Times {
    fn default() -> Times {
        Times {
            count: 0,
            sum_us: 0,
            max_us: 0,
            buckets: vec![0; TIME_BUCKETS],
        }
    }
}

impl Times {
    fn bucket(us: u64) -> usize {
        (((us as f64 + 1.0).ln() / 1.02f64.ln()) as usize).min(TIME_BUCKETS - 1)
    }

    fn push(&mut self, us: u64) {
        self.count += 1;
        self.sum_us += us as u128;
        self.max_us = self.max_us.max(us);
        self.buckets[Times::bucket(us)] += 1;
    }

    fn add(&mut self, other: &Times) {
        self.count += other.count;
        self.sum_us += other.sum_us;
        self.max_us = self.max_us.max(other.max_us);
        for (a, b) in self.buckets.iter_mut().zip(&other.buckets) {
            *a += b;
        }
    }

    /// The `p`-th quantile in microseconds: the middle of its bucket (never past the maximum).
    fn quantile(&self, p: f64) -> f64 {
        let rank = ((self.count.saturating_sub(1)) as f64 * p).round() as u64;
        let mut seen = 0;
        for (i, &c) in self.buckets.iter().enumerate() {
            seen += c;
            if seen > rank {
                let low = 1.02f64.powi(i as i32) - 1.0;
                let high = 1.02f64.powi(i as i32 + 1) - 1.0;
                return ((low + high) / 2.0).min(self.max_us as f64);
            }
        }
        self.max_us as f64
    }
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
    #[arg(long, value_name = "K", default_value_t = 100, value_parser = super::at_least_one)]
    pub games: u64,
    /// The seed of the first game
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = super::whole)]
    pub seed: u64,
    /// Games played at once
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = super::thread_count)]
    pub threads: usize,
    /// Print JSON instead: the run, and per bot its level, wins (a share, with the 95%
    /// interval), average score and move times in milliseconds (solo: the win rate with its
    /// interval and the average net score)
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &ArenaArgs) -> Result<(), String> {
    let (solo, players) = a.table.size()?;
    let (games, seed, threads) = (a.games, a.seed, a.threads);
    let mut levels = super::bot_levels(Some(&a.bots), None)?;
    let n = players as usize;
    if levels.len() > n {
        return Err(format!(
            "{} bots for {n} {}; give at most one per seat",
            levels.len(),
            if n == 1 { "seat" } else { "seats" }
        ));
    }
    super::warn_timed(&levels);
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

    super::interrupt::catch();
    let started = Instant::now();
    let threads = threads.clamp(1, 64);
    let mut total = Tally::new(n);
    let (done, planned) = (AtomicUsize::new(0), AtomicUsize::new(games as usize));
    super::with_progress("games", &done, &planned, || {
        std::thread::scope(|scope| {
            let chunks: Vec<_> = (0..threads)
                .map(|t| {
                    let (levels, comps, config, done) = (&levels, &comps, &config, &done);
                    scope.spawn(move || {
                        let mut tally = Tally::new(levels.len());
                        let mut g = t as u64;
                        // Ctrl-C: the games played so far are counted and said.
                        while g < games && !super::interrupt::interrupted() {
                            play_game(g, seed, levels, comps, config, &mut tally);
                            done.fetch_add(1, Ordering::Relaxed);
                            g += threads as u64;
                        }
                        tally
                    })
                })
                .collect();
            for c in chunks {
                total.add(&c.join().expect("arena thread"));
            }
        })
    });
    let secs = started.elapsed().as_secs_f64();
    // Stopped by Ctrl-C: the figures are those of the games played.
    let (games, stopped) = super::interrupt::games_played(games, &done);

    let k = games.max(1) as f64;
    if a.json {
        let solo_wins = total.solo_wins as f64;
        let value = serde_json::json!({
            "games": games,
            "seed": seed,
            "players": if solo { 1 } else { players },
            "solo": solo,
            "threads": threads,
            "seconds": secs,
            "bots": bots_json(&total, &levels, k, solo),
            "solo_result": solo.then(|| serde_json::json!({
                "win_rate": solo_wins / k,
                "win_rate_interval": interval(solo_wins, k),
                "average_net_score": total.net as f64 / k,
            })),
            "stopped": stopped,
        });
        let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
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
        if solo {
            let wins = total.solo_wins as f64;
            let (lo, hi) = wilson(wins, k);
            println!(
                "solo ({}): win rate {:.1}% [95% CI {:.1}–{:.1}%] (net score 1 or more), average net score {:.2}",
                levels[0],
                100.0 * wins / k,
                100.0 * lo,
                100.0 * hi,
                total.net as f64 / k
            );
        } else {
            for (e, level) in levels.iter().enumerate() {
                let wins = total.wins[e] as f64 / 12.0;
                let (lo, hi) = wilson(wins, k);
                println!(
                    "bot {} ({level}): wins {:.1}% [95% CI {:.1}–{:.1}%], average score {:.2}",
                    e + 1,
                    100.0 * wins / k,
                    100.0 * lo,
                    100.0 * hi,
                    total.score[e] as f64 / k
                );
            }
        }
        for (e, level) in levels.iter().enumerate() {
            let t = &total.times[e];
            if t.count == 0 {
                continue;
            }
            let mean = t.sum_us as f64 / t.count as f64;
            println!(
                "bot {} ({level}): {} moves, average move time {:.2} ms (p50 {:.2}, p95 {:.2}, max {:.2})",
                e + 1,
                t.count,
                mean / 1000.0,
                t.quantile(0.5) / 1000.0,
                t.quantile(0.95) / 1000.0,
                t.max_us as f64 / 1000.0
            );
        }
    }
    if stopped {
        return Err(super::interrupt::INTERRUPTED_SAID.into());
    }
    Ok(())
}

/// A win share's 95% interval, as `--json` prints it: `[low, high]`.
fn interval(wins: f64, k: f64) -> serde_json::Value {
    let (lo, hi) = wilson(wins, k);
    serde_json::json!([lo, hi])
}

/// Each bot's figures as `--json` prints them.
fn bots_json(total: &Tally, levels: &[String], k: f64, solo: bool) -> Vec<serde_json::Value> {
    levels
        .iter()
        .enumerate()
        .map(|(e, level)| {
            let t = &total.times[e];
            let wins = total.wins[e] as f64 / 12.0;
            let moves = (t.count > 0).then(|| {
                serde_json::json!({
                    "count": t.count,
                    "average_ms": t.sum_us as f64 / t.count as f64 / 1000.0,
                    "p50_ms": t.quantile(0.5) / 1000.0,
                    "p95_ms": t.quantile(0.95) / 1000.0,
                    "max_ms": t.max_us as f64 / 1000.0,
                })
            });
            serde_json::json!({
                "bot": e + 1,
                "level": level,
                "wins": (!solo).then_some(wins / k),
                "wins_interval": (!solo).then(|| interval(wins, k)),
                "average_score": (!solo).then_some(total.score[e] as f64 / k),
                "moves": moves,
            })
        })
        .collect()
}

/// Game `g`: bot entry `e` sits at seat `(e + g) mod n`, so every entry plays every seat
/// equally often over `n` consecutive games.
fn play_game(
    g: u64,
    seed: u64,
    levels: &[String],
    comps: &Components,
    config: &GameConfig,
    tally: &mut Tally,
) {
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
        tally.times[entry_at(seat as usize)].push(dt.as_micros() as u64);
        m.apply_quiet(a).expect("bots return legal moves");
    }
    let r = m.state.final_score();
    for (seat, p) in r.players.iter().enumerate() {
        tally.score[entry_at(seat)] += p.total;
    }
    match &r.outcome {
        Outcome::Winner { player, .. } => tally.wins[entry_at(*player as usize)] += 12,
        Outcome::Shared { players } => {
            for p in players {
                tally.wins[entry_at(*p as usize)] += 12 / players.len() as u64;
            }
        }
        Outcome::Solo { net, won } => {
            tally.net += net;
            tally.solo_wins += *won as u64;
        }
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
    /// The histogram's quantiles are within its 2% of the true ones.
    #[test]
    fn move_time_quantiles_are_close_to_the_true_ones() {
        let mut t = super::Times::default();
        let values: Vec<u64> = (1..=10_000u64).map(|i| i * i % 7919 + 1).collect();
        for &v in &values {
            t.push(v);
        }
        let mut sorted = values.clone();
        sorted.sort_unstable();
        for p in [0.5, 0.95] {
            let want = sorted[((sorted.len() - 1) as f64 * p).round() as usize] as f64;
            let got = t.quantile(p);
            assert!(
                (got - want).abs() <= want * 0.02 + 1.0,
                "p{p}: {got} vs {want}"
            );
        }
        assert_eq!(t.count, 10_000);
    }

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = super::wilson(600.0, 1000.0);
        assert!(lo < 0.6 && hi > 0.6 && hi - lo < 0.07);
    }
}
