//! The engine is rewritten for speed from time to time; the games it plays must not change.
//! A sample of games (bots random, easy and normal, every table size, each from a fixed seed)
//! was logged once and stored beside this file: four whole logs, and a digest of the log of
//! 120 more. Each is played again here and must come out byte for byte the same.
//!
//! To store a new sample after a deliberate change of the rules or of the log format (never for
//! a speed-up), run the test with `NOCTILUCA_STORE_LOGS=1` and say why in the commit.

use noctiluca_ai::{KeptGame, make_bot, play_out, start_game};
use noctiluca_engine::{Components, GameConfig};
use std::path::PathBuf;
use std::sync::Arc;

/// A game as `noctiluca simulate` plays it: the same seeds for the game and each bot.
fn play(players: u8, levels: &[&str], game_seed: u64) -> String {
    play_on(&mut None, players, levels, game_seed)
}

/// `play` on the match and bots of `kept` (`start_game`: restarted and reseeded, new ones the
/// first time), as `noctiluca simulate` plays game after game on each thread.
fn play_on(kept: &mut KeptGame, players: u8, levels: &[&str], game_seed: u64) -> String {
    let config = if players == 1 {
        GameConfig::solo()
    } else {
        GameConfig::players(players)
    };
    let n = players as usize;
    let level = |s: usize| levels[s % levels.len()];
    let comps = Arc::new(Components::default());
    let (m, bots) = start_game(kept, &config, &comps, level, game_seed).expect("a new game");
    m.record.names = (0..n).map(|s| format!("{} {}", level(s), s + 1)).collect();
    play_out(m, bots);
    assert!(m.state.is_over());
    m.to_record().to_ron()
}

/// FNV-1a over the log's bytes.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/bots/stored-logs")
}

fn storing() -> bool {
    std::env::var_os("NOCTILUCA_STORE_LOGS").is_some()
}

const WHOLE: [(&str, u8, &[&str], u64); 4] = [
    ("four-random.ron", 4, &["random"], 1),
    ("three-easy-normal.ron", 3, &["easy", "normal", "random"], 2),
    ("two-normal.ron", 2, &["normal"], 3),
    ("solo-normal.ron", 1, &["normal"], 4),
];

#[test]
fn whole_logs_are_played_again_byte_for_byte() {
    for (file, players, levels, seed) in WHOLE {
        let now = play(players, levels, seed);
        let path = folder().join(file);
        if storing() {
            std::fs::create_dir_all(folder()).unwrap();
            std::fs::write(&path, &now).unwrap();
            continue;
        }
        let stored = std::fs::read_to_string(&path).expect("a stored log");
        assert!(
            now == stored,
            "{file}: the game played differently from the stored log"
        );
    }
}

/// The digests' table: one line per game, `players levels seed digest`. With `keep`, the
/// games of each table are played one after the other on one match and one set of bots.
fn digest_lines(keep: bool) -> String {
    let tables: [(u8, &[&str]); 6] = [
        (4, &["random"]),
        (4, &["easy", "random", "normal", "easy"]),
        (3, &["random"]),
        (2, &["easy", "normal"]),
        (1, &["random"]),
        (1, &["easy"]),
    ];
    let mut out = String::new();
    for (players, levels) in tables {
        let mut kept = None;
        for seed in 100..120u64 {
            let log = if keep {
                play_on(&mut kept, players, levels, seed)
            } else {
                play(players, levels, seed)
            };
            let d = digest(&log);
            out += &format!("{players} {} {seed} {d:016x}\n", levels.join(","));
        }
    }
    out
}

#[test]
fn a_hundred_and_twenty_more_logs_have_the_same_digest() {
    let now = digest_lines(false);
    let path = folder().join("digests.txt");
    if storing() {
        std::fs::create_dir_all(folder()).unwrap();
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path).expect("the stored digests");
    assert_eq!(stored.lines().count(), 120);
    for (a, b) in stored.lines().zip(now.lines()) {
        assert_eq!(a, b, "a game played differently from the stored sample");
    }
}

/// A restarted match and reseeded bots play exactly the games new ones would.
#[test]
fn a_restarted_match_and_reseeded_bots_play_the_same_games() {
    // These bots are reseeded, not made anew, by `start_game`.
    for level in ["random", "easy", "normal"] {
        assert!(make_bot(level, 1).unwrap().reseed(2), "{level} reseeds");
    }
    let stored = std::fs::read_to_string(folder().join("digests.txt")).expect("the stored digests");
    let now = digest_lines(true);
    assert_eq!(now.lines().count(), 120);
    for (a, b) in stored.lines().zip(now.lines()) {
        assert_eq!(a, b, "a game on a restarted match played differently");
    }
}
