//! What the app reads before its first frame: the settings (from their file, from an earlier
//! version's place, or a first start's in the system's language) and the window's saved state.

use super::settings::{self, Settings};
use super::state_file;
use crate::words::Words;

const SETTINGS_KEY: &str = "settings";

/// The settings an earlier version kept in eframe's storage, or the defaults in the language of
/// the system's locale on a first start.
pub fn load_settings(storage: Option<&dyn eframe::Storage>) -> Settings {
    storage
        .and_then(|s| eframe::get_value(s, SETTINGS_KEY))
        .unwrap_or_else(|| first_start_settings(system_locale().as_deref()))
}

/// The settings at start-up.
pub struct StartupSettings {
    pub settings: Settings,
    /// What to tell the player when the file did not read (it has been moved aside, or left
    /// where it is when it could not be), in the language of the system's locale, as the
    /// settings are then a first start's.
    pub notice: Option<crate::i18n::Said>,
    /// Whether the settings file may be written (not while something the app could not move
    /// aside is in its place).
    pub writable: bool,
}

/// The settings at start-up: from the settings file if there is one that reads, else from an
/// earlier version's place, else a first start's.
pub fn startup_settings(
    file: Option<&std::path::Path>,
    storage: Option<&dyn eframe::Storage>,
) -> StartupSettings {
    let Some(file) = file else {
        return StartupSettings {
            settings: load_settings(storage),
            notice: None,
            writable: true,
        };
    };
    let first_start = first_start_settings(system_locale().as_deref());
    // A problem is told in the language the app then starts in.
    let found = crate::i18n::with_lang(first_start.language, || settings::read_settings_file(file));
    let settings = match (found.value, &found.notice) {
        (Some(s), _) => s,
        (None, Some(_)) => first_start,
        (None, None) => load_settings(storage),
    };
    StartupSettings {
        settings,
        notice: found.notice,
        writable: found.keep_saving,
    }
}

/// The window's state that eframe keeps (`app.ron`): a file eframe cannot read would be
/// silently dropped and written over, so it is moved aside first. Returns what to tell the
/// player.
pub fn check_window_state(file: &std::path::Path) -> Option<crate::i18n::Said> {
    use crate::engine::files::{FileProblem, MAX_TEXT_BYTES, read_text};
    let problem = match read_text(file, MAX_TEXT_BYTES) {
        Ok(text) => match ron::from_str::<std::collections::HashMap<String, String>>(&text) {
            Ok(_) => return None,
            Err(e) => crate::i18n::Said::new(move || crate::words::ron_error(&e)),
        },
        // Nothing there, or a folder on the way that is not one (the data folder's own
        // notice says so): nothing to move aside.
        Err(FileProblem::Missing | FileProblem::Io { .. }) => return None,
        Err(p) => crate::i18n::Said::new(move || p.words()),
    };
    let found: state_file::Found<()> = state_file::set_aside(
        file,
        crate::i18n::n("The window's saved size and place"),
        problem,
    );
    found.notice
}

/// The history file, as the app starts: a damaged one is said on Home (it had been found only
/// by opening History). Only opened and its first page read, without writing: the History
/// screen says what can be done, and nothing is moved or deleted here.
pub fn check_history_file(db: &std::path::Path) -> Option<crate::i18n::Said> {
    if !db.is_file() {
        return None;
    }
    match crate::history::History::open_read_only(db).and_then(|h| h.people().map(|_| ())) {
        Err(crate::history::HistoryError::Corrupt) => Some(damaged_history_notice(db)),
        _ => None,
    }
}

/// What Home says of a damaged history file at `db` (until the History screen reads a file
/// there again: one started afresh had been called damaged still).
pub fn damaged_history_notice(db: &std::path::Path) -> crate::i18n::Said {
    let db = db.to_path_buf();
    crate::i18n::Said::new(move || {
        crate::trf!(
            "The history file {file} is damaged. Open History to see what can be done; nothing has been deleted.",
            file = db.display()
        )
    })
}

/// Claims the data folder `dir` for this window (its lock held until the process ends); what
/// Home says when another window already holds it: both would autosave the game under way and
/// write the settings, the later overwriting the earlier.
pub fn check_other_window(dir: &std::path::Path) -> Option<crate::i18n::Said> {
    crate::paths::another_window_open(dir).then(|| {
        crate::i18n::Said::new(|| {
            crate::i18n::tr(
                "Noctiluca Table is already open in another window on the same folders. What one window saves (the game under way, the settings) can overwrite what the other saved: close one of the two windows.",
            )
            .to_string()
        })
    })
}

/// The locale the system asks for: on Linux and the BSDs the POSIX variables in their order of
/// precedence, on Windows, macOS, Android and iOS the user's language setting.
pub fn system_locale() -> Option<String> {
    sys_locale::get_locale()
}

/// The settings of a first start under `locale`: the defaults, in the locale's language.
pub fn first_start_settings(locale: Option<&str>) -> Settings {
    Settings {
        language: locale.map_or(crate::i18n::Lang::En, language_of_locale),
        ..Settings::default()
    }
}

/// The app's language for a POSIX locale name or BCP 47 tag: Traditional Chinese for
/// Taiwan, Hong Kong and Macau and for anything marked Hant; English otherwise.
pub fn language_of_locale(locale: &str) -> crate::i18n::Lang {
    let l = locale.replace('-', "_").to_ascii_lowercase();
    let traditional = l.starts_with("zh")
        && (l.contains("hant") || ["_tw", "_hk", "_mo"].iter().any(|r| l.contains(r)));
    if traditional {
        crate::i18n::Lang::ZhHant
    } else {
        crate::i18n::Lang::En
    }
}
