//! `noctiluca hint LOG` and `noctiluca review LOG`: the bots' advice on a logged game, with the
//! same code as the app's hint and review.

use crate::ai::advice::{self, AdviceLimits, Progress};
use crate::engine::{Action, GameRecord, GameState, Seat, ToAct};
use crate::words::{ActionWords, Words, reason_words, signed_points};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    /// The game log (RON), as `simulate --log-dir` or the app writes it, or a game saved in
    /// the app (its autosave too) or a hosted game's save; `-` reads the standard input
    pub file: String,
    /// Advise the seat that acts after the log's first ENTRY entries (default: the whole log)
    #[arg(long, value_name = "ENTRY", value_parser = super::whole_usize)]
    pub at: Option<usize>,
    /// Print JSON: the entry, the seat (from 1), the hint in words and as data, why, its
    /// estimated final lead, and the moves compared (each in words, as data, and its lead)
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game log (RON), or a game saved in the app or a hosted game's save; `-` reads the
    /// standard input
    pub file: String,
    /// Review only this seat (1–4; default: every seat)
    #[arg(long, value_name = "N", value_parser = super::whole)]
    pub seat: Option<u64>,
    /// Print JSON: one object per costly decision (entry, round, turn, seat, played, better,
    /// loss, the two as data, and why each)
    #[arg(long)]
    pub json: bool,
    /// Worker threads, 1 to 64 (default: all cores)
    #[arg(long, value_name = "N", value_parser = super::thread_count)]
    pub threads: Option<usize>,
}

fn seat_name(rec: &GameRecord, seat: Seat) -> String {
    match rec
        .names
        .get(seat as usize)
        .filter(|n| !n.trim().is_empty())
    {
        Some(n) => format!("seat {} ({n})", seat + 1),
        None => format!("seat {}", seat + 1),
    }
}

/// The entry counts nearest `n` (before it, after it) after which a seat decides, for a
/// `--at` that names a chance step (most entries are the dice dealt and cards turned).
fn nearest_decisions(rec: &GameRecord, n: usize) -> (Option<usize>, Option<usize>) {
    let Ok(mut s) = rec.replay_prefix(0) else {
        return (None, None);
    };
    let (mut before, mut after) = (None, None);
    for k in 0..=rec.actions.len() {
        if matches!(s.to_act(), ToAct::Seat(_)) {
            if k < n {
                before = Some(k);
            } else if k > n {
                after = Some(k);
                break;
            }
        }
        match rec.actions.get(k) {
            Some(e) if s.apply_quiet(&e.action).is_ok() => {}
            _ => break,
        }
    }
    (before, after)
}

pub fn hint(a: &HintArgs) -> Result<(), String> {
    let file = &a.file;
    let rec = super::read_game(file)?;
    let n = a.at.unwrap_or(rec.actions.len());
    if n > rec.actions.len() {
        return Err(format!(
            "{file}: --at {n} is past the end of the log ({} entries)",
            rec.actions.len()
        ));
    }
    let state = rec
        .replay_prefix(n)
        .map_err(|e| format!("{file}: {}", e.words()))?;
    let seat = match state.to_act() {
        ToAct::Seat(s) => s,
        ToAct::Nobody => return Err(format!("{file}: after entry {n} the game is over")),
        ToAct::Chance => {
            let (before, after) = nearest_decisions(&rec, n);
            let near = match (before, after) {
                (Some(b), Some(a)) => format!("; a seat decides after entry {b} or {a}"),
                (Some(b), None) => format!("; a seat decides after entry {b}"),
                (None, Some(a)) => format!("; a seat decides after entry {a}"),
                (None, None) => String::new(),
            };
            return Err(format!(
                "{file}: after entry {n} chance acts next ({}), not a seat{near}",
                crate::words::waiting(&state.waiting())
            ));
        }
    };
    let obs = state.observation(Some(seat));
    let legal = state.legal_actions();
    let cancel = Arc::new(AtomicBool::new(false));
    // As the window's hint and a review's second look search (see `hint_seed`).
    let seed = advice::hint_seed(rec.seed, n);
    let h = advice::hint(&obs, &legal, None, AdviceLimits::HINT, seed, &cancel)
        .ok_or_else(|| format!("{file}: no decision to advise on"))?;
    let comps = &rec.components;
    if a.json {
        // Leads as numbers (the words' minus sign is not an ASCII one).
        let lead = |p: f32| (p * 10.0).round() / 10.0;
        let compared: Vec<JsonCompared> = h
            .compared
            .iter()
            .map(|m| JsonCompared {
                words: m.action.describe(comps),
                action: m.action,
                lead: lead(m.points),
                as_good: h.as_good.contains(&m.action),
            })
            .collect();
        let out = JsonHint {
            entry: n,
            seat: seat + 1,
            name: seat_name(&rec, seat),
            hint: h.action.describe(comps),
            action: h.action,
            why: reason_words(&h.reason, comps),
            lead: lead(h.points()),
            compared,
        };
        let text = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
        println!("{text}");
        return Ok(());
    }
    println!("after entry {n}: {} to decide", seat_name(&rec, seat));
    println!("hint: {}", h.action.describe(comps));
    let why = reason_words(&h.reason, comps);
    if !why.is_empty() {
        println!("why: {why}");
    }
    println!(
        "estimated final lead after it: {} points",
        signed_points(h.points())
    );
    if h.compared.len() > 1 {
        println!("moves compared (estimated final lead):");
        for m in &h.compared {
            println!(
                "  {:>6}  {}{}",
                signed_points(m.points),
                m.action.describe(comps),
                if h.as_good.contains(&m.action) {
                    "  (about as good as the hint)"
                } else {
                    ""
                }
            );
        }
    }
    Ok(())
}

#[derive(serde::Serialize)]
struct JsonHint {
    entry: usize,
    seat: u8,
    name: String,
    hint: String,
    action: Action,
    /// Empty when there is nothing to say beyond the move.
    why: String,
    lead: f32,
    compared: Vec<JsonCompared>,
}

#[derive(serde::Serialize)]
struct JsonCompared {
    words: String,
    action: Action,
    lead: f32,
    /// The play-outs cannot tell this move from the hint's.
    as_good: bool,
}

#[derive(serde::Serialize)]
struct JsonMistake {
    entry: usize,
    round: u8,
    turn: u8,
    seat: u8,
    played: String,
    better: String,
    loss: f32,
    played_action: Action,
    better_action: Action,
    /// Why each looks as it does, as the text output says it (empty: nothing to add).
    played_why: String,
    better_why: String,
}

pub fn review(a: &ReviewArgs) -> Result<(), String> {
    let file = &a.file;
    let rec = super::read_game(file)?;
    // Check the whole log first, so a broken one is refused with its entry and reason.
    let end: GameState = rec.replay().map_err(|e| format!("{file}: {}", e.words()))?;
    let seats: Vec<Seat> = match a.seat {
        None => Vec::new(),
        Some(s) if (1..=end.num_players() as u64).contains(&s) => vec![s as Seat - 1],
        Some(s) if end.num_players() == 1 => {
            return Err(format!("--seat must be 1 in a solo game, not {s}"));
        }
        Some(s) => {
            return Err(format!(
                "--seat must be between 1 and {}, not {s}",
                end.num_players()
            ));
        }
    };
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let progress = Progress::default();
    let cancel = Arc::new(AtomicBool::new(false));
    // Ctrl-C stops the review (nothing is said of a review half done).
    super::interrupt::catch();
    let r = super::with_progress("decisions judged", &progress.done, &progress.total, || {
        super::interrupt::cancelling(&cancel, || {
            advice::review(
                &rec,
                &seats,
                &[],
                AdviceLimits::REVIEW,
                threads,
                &progress,
                &cancel,
            )
        })
    });
    if super::interrupt::interrupted() {
        return Err(super::interrupt::INTERRUPTED.into());
    }
    let r = r.ok_or_else(|| format!("{file}: the log could not be reviewed"))?;
    let comps = &rec.components;
    // The round and turn of an entry, as `replay` tells the game: an entry's number alone
    // could not be found in its sentences.
    let when = |entry: usize| {
        rec.replay_prefix(entry.saturating_sub(1))
            .map_or((0, 0), |s| (s.round, s.turn + 1))
    };
    if a.json {
        let list: Vec<JsonMistake> = r
            .mistakes
            .iter()
            .map(|m| (m, when(m.entry)))
            .map(|(m, (round, turn))| JsonMistake {
                entry: m.entry,
                round,
                turn,
                seat: m.seat + 1,
                played: m.played.describe(comps),
                better: m.better.describe(comps),
                loss: (m.loss * 10.0).round() / 10.0,
                played_action: m.played,
                better_action: m.better,
                played_why: reason_words(&m.played_reason, comps),
                better_why: reason_words(&m.better_reason, comps),
            })
            .collect();
        let text = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?;
        println!("{text}");
        return Ok(());
    }
    println!(
        "{file}: {} decisions judged; the costliest {}:",
        r.judged,
        r.mistakes.len()
    );
    if r.mistakes.is_empty() {
        println!("  none lost as much as {} points", advice::MIN_LOSS);
    }
    for m in &r.mistakes {
        let (round, turn) = when(m.entry);
        println!(
            "entry {} (round {round}, turn {turn}), {}: about {:.1} points lost",
            m.entry,
            seat_name(&rec, m.seat),
            m.loss
        );
        println!("  played: {}", m.played.describe(comps));
        let why = reason_words(&m.played_reason, comps);
        if !why.is_empty() {
            println!("          ({why})");
        }
        println!("  better: {}", m.better.describe(comps));
        let why = reason_words(&m.better_reason, comps);
        if !why.is_empty() {
            println!("          ({why})");
        }
        // The decision as `hint` finds it: after the entries before it (a number copied from
        // here into --at had named the chance step after the decision).
        println!(
            "  a closer look: noctiluca hint --at {} {file}",
            m.entry - 1
        );
    }
    Ok(())
}
