//! `noctiluca components export|check|install`: the component set (jar deck, token stacks,
//! solo numbering) as one file an owner can share.

use crate::engine::Components;
use crate::engine::component_set::{Checked, ComponentSet, Part, SET_FILE};
use crate::words::{Words, part_name};
use std::path::Path;

#[derive(clap::Subcommand, Debug)]
pub enum ComponentsCommand {
    /// Write the set in use (built-in data with any of your own) to FILE, or print it
    Export {
        /// Where to write it (default, or `-`: print it)
        file: Option<String>,
        /// Replace FILE if it is already there
        #[arg(long, requires = "file")]
        force: bool,
    },
    /// Check a set file and print every problem with its place (a file that does not read
    /// as a set stops at the first place it cannot be read)
    Check {
        /// The set file
        file: String,
    },
    /// Check a set file and make it the set in use (an invalid one is refused; the set in
    /// use stays as it is)
    Install {
        /// The set file
        file: String,
    },
}

/// The set in use, with the checked marks of an installed set.
fn in_use() -> Result<ComponentSet, String> {
    let dir = crate::paths::config_dir();
    let (comps, _) =
        Components::load(dir.as_deref()).map_err(|e| format!("component data: {}", e.words()))?;
    let checked = dir
        .map(|d| d.join(SET_FILE))
        .and_then(|p| {
            let text = crate::engine::components::read_override(&p).ok()??;
            ComponentSet::from_ron(&p, &text).ok()
        })
        .map_or(Checked::default(), |s| s.checked);
    Ok(ComponentSet::new(&comps, checked))
}

fn read_set(file: &str) -> Result<ComponentSet, String> {
    let text = crate::cli::read_text(file)?;
    ComponentSet::from_ron(Path::new(file), &text)
        .map_err(|e| crate::cli::with_kind(e.words(), &text, "a component set"))
}

/// Every problem of `set`, one line each with its part.
fn problem_lines(set: &ComponentSet) -> Vec<String> {
    set.problems()
        .iter()
        .map(|(part, p)| format!("{}: {}", part_name(*part), p.words()))
        .collect()
}

pub fn run(c: &ComponentsCommand) -> Result<(), String> {
    match c {
        ComponentsCommand::Export { file, force } => {
            let text = in_use()?.to_ron();
            match file.as_deref() {
                Some(f) if f != "-" => {
                    super::write_output(f, text.as_bytes(), *force)?;
                    println!("written to {f}");
                }
                _ => print!("{text}"),
            }
            Ok(())
        }
        ComponentsCommand::Check { file } => {
            let set = read_set(file)?;
            let lines = problem_lines(&set);
            if lines.is_empty() {
                let unchecked: Vec<&str> = Part::ALL
                    .iter()
                    .filter(|p| !set.checked.get(**p))
                    .map(|p| part_name(*p))
                    .collect();
                println!("{file}: a complete set, every count and value as the game needs");
                if !unchecked.is_empty() {
                    println!(
                        "not yet marked as checked against a box: {}",
                        unchecked.join(", ")
                    );
                }
                return Ok(());
            }
            for l in &lines {
                println!("{file}: {l}");
            }
            Err(format!(
                "{file}: {} problem(s); it cannot be used",
                lines.len()
            ))
        }
        ComponentsCommand::Install { file } => {
            let set = read_set(file)?;
            let lines = problem_lines(&set);
            if !lines.is_empty() {
                for l in &lines {
                    eprintln!("{file}: {l}");
                }
                return Err(format!(
                    "{file} was not installed ({} problem(s)); the set in use is unchanged",
                    lines.len()
                ));
            }
            let dir = crate::paths::config_dir()
                .ok_or("there is no config folder to install into (set NOCTILUCA_CONFIG_DIR)")?;
            super::make_dir(&dir)?;
            let to = dir.join(SET_FILE);
            // A file there that is no set is the owner's: kept aside, never written over.
            if let Some(problem) = crate::words::not_a_set(&to) {
                let aside = crate::paths::move_aside(&to, "broken").map_err(|e| {
                    format!(
                        "{file} was not installed: {} does not read as a set ({problem}) and \
                         could not be moved aside ({})",
                        to.display(),
                        crate::words::io_error(e.kind())
                    )
                })?;
                eprintln!(
                    "{} did not read as a set ({problem}); it is kept as {}",
                    to.display(),
                    aside.display()
                );
            }
            crate::paths::write_atomic(&to, set.to_ron().as_bytes())
                .map_err(|e| super::io_words(&to, &e))?;
            println!("installed {file} as {}", to.display());
            Ok(())
        }
    }
}
