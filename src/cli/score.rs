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
    if input.is_empty() {
        println!(
            "{}",
            crate::i18n::tr(
                "Nothing entered yet: no player has tokens, jars or dice on the sheet."
            )
        );
        return Ok(());
    }
    let result = scoring::score(&input);
    print!("{}", crate::words::describe_score(&input, &result));
    if !problems.is_empty() {
        println!();
        println!("UNRELIABLE: these entries cannot come from a real game:");
        for p in &problems {
            println!("  - {}", crate::words::score_problem(p, &input));
        }
        if a.strict {
            use std::io::Write;
            let _ = std::io::stdout().flush();
            std::process::exit(1);
        }
    }
    Ok(())
}
