//! The component data in use (the owner's files or the built-in data), and where each part
//! came from.

use crate::engine::components::{DECK_FILE, SOLO_FILE, TOKENS_FILE};
use crate::engine::{Components, DataSource};
use crate::trf;
use crate::words::Words;
use std::path::PathBuf;
use std::sync::Arc;

/// Component data as loaded at start-up, and where each file came from.
#[derive(Clone, Debug)]
pub struct ComponentData {
    pub comps: Arc<Components>,
    /// Sources of (deck, tokens, solo board).
    pub sources: [DataSource; 3],
    /// The folder an owner's own files are read from.
    pub config_dir: Option<PathBuf>,
    /// An override file that could not be used (the built-in data is used instead), worded
    /// as it is shown (a language chosen since had left it in the one it was found in).
    pub error: Option<crate::i18n::Said>,
    /// Which parts the owner has checked against their box.
    pub checked: crate::engine::component_set::Checked,
}

impl ComponentData {
    /// The built-in data, as a test wants it.
    pub fn builtin() -> ComponentData {
        ComponentData {
            comps: Arc::new(Components::default()),
            sources: [
                DataSource::Builtin,
                DataSource::Builtin,
                DataSource::Builtin,
            ],
            config_dir: None,
            error: None,
            checked: Default::default(),
        }
    }

    /// The data from the user's config folder, falling back to the built-in data (with the
    /// error kept for display, in this thread's language) when a file there is broken.
    pub fn load() -> ComponentData {
        ComponentData::load_from(crate::paths::config_dir())
    }

    /// The data from `config_dir` (what a start of the app with that folder sees).
    /// The data in use: each of the owner's files that can be used, the built-in data for
    /// any that cannot, each of those named with its problem.
    pub fn load_from(config_dir: Option<PathBuf>) -> ComponentData {
        let (comps, sources, errors) = Components::load_each(config_dir.as_deref());
        let error = (!errors.is_empty()).then(|| {
            crate::i18n::Said::new(move || {
                errors
                    .iter()
                    .map(|e| {
                        trf!(
                            "{error} — using the built-in data instead",
                            error = e.words()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        });
        ComponentData {
            comps: Arc::new(comps),
            sources,
            checked: checked_marks(config_dir.as_deref()),
            config_dir,
            error,
        }
    }

    pub const FILES: [&'static str; 3] = [DECK_FILE, TOKENS_FILE, SOLO_FILE];
}

/// The checked marks of the set file in `dir`, if it has one that reads.
fn checked_marks(dir: Option<&std::path::Path>) -> crate::engine::component_set::Checked {
    use crate::engine::component_set::{ComponentSet, SET_FILE};
    dir.map(|d| d.join(SET_FILE))
        .and_then(|p| {
            let text = crate::engine::components::read_override(&p).ok()??;
            ComponentSet::from_ron(&p, &text).ok()
        })
        .map_or_else(Default::default, |s| s.checked)
}
