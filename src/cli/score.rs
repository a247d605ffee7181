//! `noctiluca score FILE.ron`: final scores from a score sheet.

use crate::engine::scoring::ProblemKind;
use crate::engine::{ScoreInput, scoring};

#[derive(clap::Args, Debug)]
pub struct ScoreArgs {
    /// The score sheet (RON; README.md shows one); `-` reads the standard input
    #[arg(value_name = "FILE.ron")]
    pub file: String,
    /// Exit with status 1 when an entry cannot come from a real game (the scores are still
    /// printed), so that a script can tell
    #[arg(long)]
    pub strict: bool,
    /// Print JSON instead: each player's name, points by kind, total and jars delivered; the
    /// tempest's (solo); the winners' places (from 1), whether the tiebreak decided, or the
    /// solo net score; and the entries that cannot come from a real game
    #[arg(long)]
    pub json: bool,
}

/// The scores as `--json` prints them (`replay --json` too).
pub(super) fn json(
    input: &ScoreInput,
    result: &scoring::ScoreResult,
    problems: &[scoring::Problem],
) -> serde_json::Value {
    use scoring::Outcome;
    let players: Vec<serde_json::Value> = input
        .players
        .iter()
        .zip(&result.players)
        .map(|(p, s)| {
            serde_json::json!({
                "name": p.name,
                "tokens": s.token_points,
                "majorities": s.majority_points,
                "bonus": s.jar_bonus,
                "favourite": s.favourite,
                "leftovers": s.leftovers,
                "total": s.total,
                "delivered": s.delivered,
            })
        })
        .collect();
    let (winners, tiebreak, solo) = match &result.outcome {
        Outcome::Winner { player, tiebreak } => (vec![*player as u32 + 1], *tiebreak, None),
        Outcome::Shared { players } => {
            (players.iter().map(|&p| p as u32 + 1).collect(), false, None)
        }
        Outcome::Solo { net, won } => (
            if *won { vec![1] } else { vec![] },
            false,
            Some(serde_json::json!({ "net": net, "won": won })),
        ),
    };
    serde_json::json!({
        "players": players,
        "tempest": result.tempest.as_ref().map(|t| serde_json::json!({
            "tokens": t.token_points,
            "majorities": t.majority_points,
            "dice": t.dice,
            "penalty": t.penalty,
        })),
        "winners": winners,
        "tiebreak": tiebreak,
        "solo": solo,
        "problems": problems
            .iter()
            .map(|p| crate::words::score_problem(p, input))
            .collect::<Vec<_>>(),
        // The same as data, to match on: the entry and what is wrong, with its numbers (the
        // sentences alone had to be parsed).
        "problem_data": problems,
    })
}

pub fn run(a: &ScoreArgs) -> Result<(), String> {
    let file = &a.file;
    let text = crate::cli::read_text_within(file, crate::cli::MAX_SHEET_BYTES)?;
    let mut input = ScoreInput::from_sheet_ron(&text).map_err(|e| {
        let error = format!("{file}: not a score sheet: {}", crate::words::ron_error(&e));
        super::with_kind(error, &text, "a score sheet")
    })?;
    // Names reach the terminal: escape sequences in them are shown, not obeyed.
    crate::words::printable_names(input.players.iter_mut().map(|p| &mut p.name));
    // Two players of one name would read as one in the majorities and the problems.
    let mut names: Vec<String> = input.players.iter().map(|p| p.name.clone()).collect();
    if crate::words::tell_apart(&mut names) {
        eprintln!(
            "warning: two or more players have the same name; they are told apart by their \
             place on the sheet ({})",
            crate::words::join_names(
                &names
                    .iter()
                    .zip(&input.players)
                    .filter(|(n, p)| **n != p.name)
                    .map(|(n, _)| n.clone())
                    .collect::<Vec<_>>()
            )
        );
        for (p, n) in input.players.iter_mut().zip(names) {
            p.name = n;
        }
    }
    let comps = super::load_components()?;
    let problems = scoring::check(&input, &comps);
    // A sheet of the wrong number of players is no game of Noctiluca: no winner is named.
    if let Some(p) = problems.iter().find(|p| {
        matches!(
            p.kind,
            ProblemKind::Players { .. } | ProblemKind::SoloPlayers { .. }
        )
    }) {
        return Err(format!(
            "{file}: {}",
            crate::words::score_problem(p, &input)
        ));
    }
    if input.is_empty() && !a.json {
        println!(
            "{}",
            crate::i18n::tr(
                "Nothing entered yet: no player has tokens, jars or dice on the sheet."
            )
        );
        return Ok(());
    }
    let result = scoring::score(&input);
    if a.json {
        let text = serde_json::to_string_pretty(&json(&input, &result, &problems))
            .map_err(|e| e.to_string())?;
        println!("{text}");
        if a.strict && !problems.is_empty() {
            unreliable_exit();
        }
        return Ok(());
    }
    print!("{}", crate::words::describe_score(&input, &result));
    if !problems.is_empty() {
        println!();
        println!("UNRELIABLE: these entries cannot come from a real game:");
        for p in &problems {
            println!("  - {}", crate::words::score_problem(p, &input));
        }
        if a.strict {
            unreliable_exit();
        }
    }
    Ok(())
}

/// `--strict` with entries no real game gives: status 1, the scores printed.
fn unreliable_exit() -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    std::process::exit(1);
}
