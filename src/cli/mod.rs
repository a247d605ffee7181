//! Headless subcommands: thin layers over the engine and the bots.

mod arena;
mod replay;
mod score;
mod seed;
mod simulate;

use crate::engine::Components;
use std::collections::BTreeMap;
use std::process::ExitCode;

pub const USAGE: &str = "\
Noctiluca Table

USAGE:
    noctiluca                      open the window
    noctiluca <COMMAND> [OPTIONS]  run headless

COMMANDS:
    simulate --players N [--solo] --games K --seed S --bots LEVEL[,...] [--log-dir DIR]
                  play K complete games with bots (seat i plays the i-th level, the list
                  repeating); print games/s and average scores; with --log-dir, write one
                  replayable RON log per game
    arena --players N [--solo] --bots hard,normal[,...] --games K --seed S [--threads T]
                  bots against each other, seats rotated; prints win rates with 95%
                  confidence intervals, average scores and move times (solo: win rate and
                  average net score). Levels: random, easy, normal, hard; hard:300ms or
                  hard:2000 give Hard a time or iteration budget (default 1 s per move)
    replay FILE [--log]
                  re-apply a game log, check every action, print the final scores;
                  with --log, print the whole game as sentences first
    score FILE    compute final scores from a RON score sheet (see README.md)
    seed [--code CODE] [--supply O,G,P,B] [--colours-only] [--png FILE]
                  a random pool layout to copy onto the board (the same code always gives
                  the same layout); --supply lays out a round-2 refill from the dice counted
                  in the box lid (orange,green,purple,blue); --png writes a printable image
    help          show this text

OPTIONS:
    -h, --help      show this text
    -V, --version   print the version
";

/// Parsed command line: positional arguments and `--flag [value]` pairs.
pub struct Args {
    pub positional: Vec<String>,
    pub flags: BTreeMap<String, Option<String>>,
}

/// Flags that take no value.
const SWITCHES: &[&str] = &["solo", "help", "log", "colours-only"];

impl Args {
    pub fn parse(args: &[String]) -> Result<Args, String> {
        let mut positional = Vec::new();
        let mut flags = BTreeMap::new();
        let mut it = args.iter().peekable();
        while let Some(a) = it.next() {
            if let Some(name) = a.strip_prefix("--") {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (name.to_string(), None),
                };
                let value = if inline.is_some() || SWITCHES.contains(&name.as_str()) {
                    inline
                } else {
                    match it.peek() {
                        Some(v) if !v.starts_with("--") => it.next().cloned(),
                        _ => return Err(format!("--{name} needs a value")),
                    }
                };
                flags.insert(name, value);
            } else {
                positional.push(a.clone());
            }
        }
        Ok(Args { positional, flags })
    }

    pub fn has(&self, name: &str) -> bool {
        self.flags.contains_key(name)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.flags.get(name).and_then(|v| v.as_deref())
    }

    pub fn num<T: std::str::FromStr>(&self, name: &str, default: Option<T>) -> Result<T, String> {
        match self.get(name) {
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{name} expects a number, not \"{v}\"")),
            None => default.ok_or_else(|| format!("--{name} is required")),
        }
    }

    /// Fails on flags the command does not know.
    pub fn only(&self, known: &[&str]) -> Result<(), String> {
        for k in self.flags.keys() {
            if !known.contains(&k.as_str()) {
                return Err(format!("unknown option --{k}"));
            }
        }
        Ok(())
    }
}

/// The table from `--solo` or `--players N`: `(solo, players)`.
pub fn table_size(a: &Args) -> Result<(bool, u8), String> {
    let solo = a.has("solo");
    let players: u8 = if solo { 1 } else { a.num("players", None)? };
    if solo && a.get("players").is_some_and(|p| p != "1") {
        return Err("--solo is a one-player game; leave out --players".into());
    }
    if !(1..=4).contains(&players) || (!solo && players == 1) {
        return Err(format!(
            "--players must be 2, 3 or 4 (or use --solo), not {players}"
        ));
    }
    Ok((solo, players))
}

/// `--bots` as a list of known levels (`default` when absent; `None` makes it required).
pub fn bot_levels(a: &Args, default: Option<&str>) -> Result<Vec<String>, String> {
    let list = match (a.get("bots"), default) {
        (Some(b), _) => b,
        (None, Some(d)) => d,
        (None, None) => return Err("--bots is required (e.g. --bots hard,normal)".into()),
    };
    let levels: Vec<String> = list.split(',').map(|s| s.trim().to_string()).collect();
    for l in &levels {
        if crate::ai::make_bot(l, 0).is_none() {
            return Err(format!(
                "unknown bot \"{l}\"; known: {} (hard also as hard:300ms or hard:2000)",
                crate::ai::BOT_LEVELS.join(", ")
            ));
        }
    }
    Ok(levels)
}

/// Component data: the built-in defaults with any overrides from the config folder.
pub fn load_components() -> Result<Components, String> {
    let dir = crate::paths::config_dir();
    Components::load(dir.as_deref())
        .map(|(c, _)| c)
        .map_err(|e| format!("component data: {e}"))
}

pub fn run(args: &[String]) -> ExitCode {
    let (cmd, rest) = (args[0].as_str(), &args[1..]);
    let result = match cmd {
        "-h" | "--help" | "help" => {
            print!("{USAGE}");
            Ok(())
        }
        "-V" | "--version" | "version" => {
            println!("noctiluca {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        _ => match Args::parse(rest) {
            Err(e) => Err(e),
            Ok(a) if a.has("help") => {
                print!("{USAGE}");
                Ok(())
            }
            Ok(a) => match cmd {
                "simulate" => simulate::run(&a),
                "arena" => arena::run(&a),
                "replay" => replay::run(&a),
                "score" => score::run(&a),
                "seed" => seed::run(&a),
                other => Err(format!(
                    "unknown command \"{other}\"; `noctiluca --help` lists the commands"
                )),
            },
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn parses_flags_and_values() {
        let a = Args::parse(&s(&["--players", "3", "--solo", "file.ron", "--seed=9"])).unwrap();
        assert_eq!(a.get("players"), Some("3"));
        assert!(a.has("solo"));
        assert_eq!(a.num::<u64>("seed", None).unwrap(), 9);
        assert_eq!(a.positional, vec!["file.ron"]);
        assert!(Args::parse(&s(&["--games"])).is_err());
        assert!(a.num::<u8>("games", None).is_err());
        assert!(a.only(&["players", "solo"]).is_err());
    }
}
