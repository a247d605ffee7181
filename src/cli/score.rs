//! `noctiluca score FILE.ron`: final scores from a score sheet.

use super::Args;
use crate::engine::{ScoreInput, scoring};

pub fn run(a: &Args) -> Result<(), String> {
    a.only(&[])?;
    let [file] = a.positional.as_slice() else {
        return Err("usage: noctiluca score FILE.ron".into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let input: ScoreInput =
        ron::from_str(&text).map_err(|e| format!("{file}: not a score sheet: {e}"))?;
    let comps = super::load_components()?;
    let problems = scoring::check(&input, &comps);
    let result = scoring::score(&input);
    print!("{}", scoring::describe(&input, &result));
    if !problems.is_empty() {
        println!();
        println!("UNRELIABLE: these entries cannot come from a real game:");
        for p in &problems {
            println!("  - {p}");
        }
    }
    Ok(())
}
