//! `noctiluca replay FILE`: re-apply a log, checking each action, and print the final scores.

use crate::engine::{GameRecord, GameState, ScoreInput, scoring};
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
    /// Print JSON instead: the entries replayed, whether the game is over (if not, its round,
    /// turn and what it waits for), and the final scores as `score --json` prints them
    #[arg(long, conflicts_with = "log")]
    pub json: bool,
}

pub fn run(a: &ReplayArgs) -> Result<(), String> {
    let file = &a.file;
    let rec = super::read_game(file)?;
    let state = rec.replay().map_err(|e| format!("{file}: {}", e.words()))?;
    if a.log {
        print_log(&rec);
    }
    if a.json {
        return print_json(&rec, &state);
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
    let (input, result) = final_scores(&rec, &state);
    print!("{}", crate::words::describe_score(&input, &result));
    Ok(())
}

/// The final scores of a finished game, with the log's names where it has them.
fn final_scores(rec: &GameRecord, state: &GameState) -> (ScoreInput, scoring::ScoreResult) {
    let mut input = state.score_input();
    for (i, p) in input.players.iter_mut().enumerate() {
        if let Some(n) = rec.names.get(i).filter(|n| !n.trim().is_empty()) {
            p.name = n.clone();
        }
    }
    let result = scoring::score(&input);
    (input, result)
}

/// `--json`: the replay as one object.
fn print_json(rec: &GameRecord, state: &GameState) -> Result<(), String> {
    let over = state.is_over();
    let score = over.then(|| {
        let (input, result) = final_scores(rec, state);
        super::score::json(&input, &result, &[])
    });
    let value = serde_json::json!({
        "entries": rec.actions.len(),
        "over": over,
        "round": (!over).then_some(state.round),
        "turn": (!over).then_some(state.turn + 1),
        "waiting": (!over).then(|| crate::words::waiting(&state.waiting())),
        "score": score,
    });
    let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
    println!("{text}");
    Ok(())
}

/// Prints the game as sentences, seeding steps folded into one line per space.
fn print_log(rec: &GameRecord) {
    use crate::engine::Event;
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
