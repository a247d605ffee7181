//! `noctiluca replay FILE`: re-apply a log, checking each action, and print the final scores.

use crate::engine::{GameRecord, scoring};
use crate::words::EventWords;
use crate::words::Words;

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The game log (RON), as `simulate --log-dir` or the app writes it, or a game saved in
    /// the app (its autosave too) or a hosted game's save; `-` reads the standard input
    pub file: String,
    /// Print the whole game as sentences first
    #[arg(long)]
    pub log: bool,
}

pub fn run(a: &ReplayArgs) -> Result<(), String> {
    let file = &a.file;
    let rec = super::read_game(file)?;
    let state = rec.replay().map_err(|e| format!("{file}: {}", e.words()))?;
    if a.log {
        print_log(&rec);
    }
    println!(
        "{file}: {} entries replayed, every action legal",
        rec.actions.len()
    );
    if !state.is_over() {
        println!(
            "the game is not over: round {}, turn {}; waiting for {}",
            state.round,
            state.turn + 1,
            crate::words::waiting(&state.waiting())
        );
        return Ok(());
    }
    let mut input = state.score_input();
    for (i, p) in input.players.iter_mut().enumerate() {
        if let Some(n) = rec.names.get(i).filter(|n| !n.trim().is_empty()) {
            p.name = n.clone();
        }
    }
    let result = scoring::score(&input);
    print!("{}", crate::words::describe_score(&input, &result));
    Ok(())
}

/// Prints the game as sentences, seeding steps folded into one line per space.
fn print_log(rec: &GameRecord) {
    use crate::engine::{Event, GameState};
    use std::sync::Arc;
    let names = |s: u8| {
        rec.names
            .get(s as usize)
            .filter(|n| !n.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", s + 1))
    };
    let Ok(mut state) = GameState::new(rec.config.clone(), Arc::clone(&rec.components)) else {
        return;
    };
    let mut seeded: Vec<String> = Vec::new();
    let mut out = String::new();
    let flush = |seeded: &mut Vec<String>, out: &mut String| {
        if !seeded.is_empty() {
            out.push_str(&format!("Pool: {}\n", seeded.join("; ")));
            seeded.clear();
        }
    };
    for entry in &rec.actions {
        let Ok(events) = state.apply(&entry.action) else {
            break;
        };
        for e in events {
            match e {
                Event::Seeded { space, die } => {
                    let name = crate::engine::board::space_name(space);
                    match seeded.last_mut() {
                        Some(last) if last.starts_with(&format!("{name}:")) => {
                            last.push_str(&format!(" {}{}", die.colour.letter(), die.face))
                        }
                        _ => seeded.push(format!("{name}: {}{}", die.colour.letter(), die.face)),
                    }
                }
                other => {
                    flush(&mut seeded, &mut out);
                    out.push_str(&other.describe(&rec.components, &names));
                    out.push('\n');
                }
            }
        }
    }
    flush(&mut seeded, &mut out);
    // A closed pipe (e.g. `| head`) is not an error worth a panic.
    let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
}
