//! The one translation layer: every string a person reads in the app goes through here.
//!
//! The English text is the key (as with gettext): `tr("Score calculator")` returns the English
//! as it stands or its Traditional Chinese translation from `assets/i18n/zh-Hant/*.ron`.
//! Strings with values in them use named placeholders, so a translation can put them in its
//! own order: `trf!("{name} wins with {points} points", name = n, points = p)`.
//! A literal that is stored now and translated later (a table of modes, say) is marked with
//! [`n`], so that the catalogue check finds it.
//!
//! The language is per thread. The app sets it at the start of every frame from Settings; the
//! command-line tools never set it, so they stay English. The engine's sentences (the game
//! log, the majority explanations) go through the same layer, so the app shows them in the
//! chosen language too.
//!
//! A key missing from the catalogue falls back to English and is remembered; tests take the
//! list with [`take_missing`] and fail on it.

use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Display;
use std::sync::OnceLock;

/// A language the app speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    /// Traditional Chinese, in the terms of the zh-Hant edition of the rulebook.
    ZhHant,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhHant];

    /// The language's own name for itself (shown untranslated in the picker).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhHant => "繁體中文",
        }
    }

    /// BCP 47 tag.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHant => "zh-Hant",
        }
    }
}

/// The Traditional Chinese catalogue, one file per part of the app.
pub const ZH_HANT_FILES: &[(&str, &str)] = &[
    ("app.ron", include_str!("../assets/i18n/zh-Hant/app.ron")),
    (
        "files.ron",
        include_str!("../assets/i18n/zh-Hant/files.ron"),
    ),
    ("keys.ron", include_str!("../assets/i18n/zh-Hant/keys.ron")),
    (
        "history.ron",
        include_str!("../assets/i18n/zh-Hant/history.ron"),
    ),
    (
        "myset.ron",
        include_str!("../assets/i18n/zh-Hant/myset.ron"),
    ),
    (
        "tutorial.ron",
        include_str!("../assets/i18n/zh-Hant/tutorial.ron"),
    ),
    (
        "rules.ron",
        include_str!("../assets/i18n/zh-Hant/rules.ron"),
    ),
    (
        "advice.ron",
        include_str!("../assets/i18n/zh-Hant/advice.ron"),
    ),
    (
        "engine.ron",
        include_str!("../assets/i18n/zh-Hant/engine.ron"),
    ),
    (
        "calculator.ron",
        include_str!("../assets/i18n/zh-Hant/calculator.ron"),
    ),
    ("play.ron", include_str!("../assets/i18n/zh-Hant/play.ron")),
    (
        "online.ron",
        include_str!("../assets/i18n/zh-Hant/online.ron"),
    ),
    (
        "table.ron",
        include_str!("../assets/i18n/zh-Hant/table.ron"),
    ),
    ("solo.ron", include_str!("../assets/i18n/zh-Hant/solo.ron")),
    (
        "seeder.ron",
        include_str!("../assets/i18n/zh-Hant/seeder.ron"),
    ),
];

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    static MISSING: RefCell<BTreeSet<String>> = const { RefCell::new(BTreeSet::new()) };
}

/// Sets this thread's language.
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

/// This thread's language.
pub fn lang() -> Lang {
    LANG.with(|l| l.get())
}

/// Runs `f` with this thread's language set to `lang`, then puts the language back: for text
/// that is data in a chosen language rather than something to read now (an export's problem
/// list, say).
pub fn with_lang<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    struct Restore(Lang);
    impl Drop for Restore {
        fn drop(&mut self) {
            set_lang(self.0);
        }
    }
    let _restore = Restore(self::lang());
    set_lang(lang);
    f()
}

/// Keys looked up on this thread that the current language's catalogue lacks, since the last
/// call (which empties the list).
pub fn take_missing() -> BTreeSet<String> {
    MISSING.with(|m| std::mem::take(&mut *m.borrow_mut()))
}

/// Parses one catalogue file: a RON map from English to the translation.
pub fn parse_catalogue(text: &str) -> Result<HashMap<String, String>, String> {
    ron::from_str(text).map_err(|e| e.to_string())
}

/// The merged Traditional Chinese catalogue. A broken file is a build defect the tests catch;
/// here it is skipped (its keys then show in English) rather than stopping the app.
pub fn zh_hant() -> &'static HashMap<String, &'static str> {
    static CAT: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    CAT.get_or_init(|| {
        let mut all = HashMap::new();
        for (_, text) in ZH_HANT_FILES {
            if let Ok(map) = parse_catalogue(text) {
                for (k, v) in map {
                    // Leaked once per entry, for the life of the program: `tr` hands out
                    // `&'static str` so that labels cost no allocation per frame.
                    all.insert(k, &*Box::leak(v.into_boxed_str()));
                }
            }
        }
        all
    })
}

/// The text of `key` in this thread's language.
pub fn tr(key: &'static str) -> &'static str {
    match lang() {
        Lang::En => key,
        Lang::ZhHant => match zh_hant().get(key) {
            Some(v) => v,
            None => {
                MISSING.with(|m| m.borrow_mut().insert(key.to_owned()));
                key
            }
        },
    }
}

/// Marks a literal for translation without translating it now (gettext's `N_`).
pub const fn n(key: &'static str) -> &'static str {
    key
}

/// Fills `{name}` placeholders in a translated template. `{{` and `}}` stand for braces.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        if let Some(stripped) = tail.strip_prefix('{')
            && let Some(end) = stripped.find('}')
        {
            let name = &stripped[..end];
            match args.iter().find(|(n, _)| *n == name) {
                Some((_, v)) => out.push_str(&v.to_string()),
                None => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
            }
            rest = &stripped[end + 1..];
            continue;
        }
        out.push_str(&tail[..1]);
        rest = &tail[1..];
    }
    out.push_str(rest);
    out
}

/// The placeholder names in a template, in order of first appearance.
pub fn placeholders(template: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("{{") {
            rest = after;
            continue;
        }
        match tail[1..].find('}') {
            Some(end) => {
                let name = tail[1..1 + end].to_owned();
                if !names.contains(&name) {
                    names.push(name);
                }
                rest = &tail[end + 2..];
            }
            None => break,
        }
    }
    names
}

/// A message for the screen, worded each time it is shown, so that switching the language
/// rewords a message already up. It keeps what it needs and words it with `tr`/`trf!`:
/// `Said::new(move || trf!("Saved to {path}.", path = path.display()))`.
#[derive(Clone)]
pub struct Said(std::sync::Arc<dyn Fn() -> String + Send + Sync>);

impl Said {
    pub fn new(words: impl Fn() -> String + Send + Sync + 'static) -> Said {
        Said(std::sync::Arc::new(words))
    }

    /// The message in the current language.
    pub fn text(&self) -> String {
        (self.0)()
    }

    /// What `words` says in each language, worded now (from what is known only now, such as
    /// a file's parse error): the message then reads in whichever language is chosen later.
    pub fn in_each_language(words: impl Fn() -> String) -> Said {
        let each = Lang::ALL.map(|l| with_lang(l, &words));
        Said::new(move || {
            let at = Lang::ALL.iter().position(|&l| l == lang()).unwrap_or(0);
            each[at].clone()
        })
    }

    /// `said` as a warning: its text begins with the warning glyph, which `is_warning` finds
    /// (the front end shows it in the warning colour, and the glyph says it without colour).
    pub fn warning(said: Said) -> Said {
        Said::new(move || format!("{WARNING} {}", said.text()))
    }

    /// Whether this says something went wrong (`Said::warning`).
    pub fn is_warning(&self) -> bool {
        self.text().starts_with(WARNING)
    }
}

/// The glyph a warning begins with.
pub const WARNING: &str = "⚠";

/// Two messages are the same when they read the same (in the current language).
impl PartialEq for Said {
    fn eq(&self, other: &Said) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Said {}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

impl std::fmt::Debug for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Said({:?})", self.text())
    }
}

/// Translates a template with named placeholders and fills it:
/// `trf!("{name} wins with {points}", name = winner, points)`, where a bare `points` stands
/// for `points = points` (as in `format!`).
#[macro_export]
macro_rules! trf {
    (@value $name:ident) => {
        $name
    };
    (@value $name:ident $value:expr) => {
        $value
    };
    ($key:literal $(, $name:ident $(= $value:expr)?)* $(,)?) => {
        $crate::i18n::fill(
            $crate::i18n::tr($key),
            &[$((
                stringify!($name),
                &($crate::trf!(@value $name $($value)?)) as &dyn ::std::fmt::Display,
            )),*],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_named_placeholders_in_any_order() {
        let a: &dyn Display = &"Ann";
        let b: &dyn Display = &7;
        assert_eq!(
            fill("{name} scores {points}", &[("name", a), ("points", b)]),
            "Ann scores 7"
        );
        assert_eq!(
            fill("{points}分：{name}", &[("name", a), ("points", b)]),
            "7分：Ann"
        );
        assert_eq!(fill("{{literal}} {x}", &[]), "{literal} {x}");
        assert_eq!(placeholders("{a} and {b}, {a} {{c}}"), vec!["a", "b"]);
    }

    #[test]
    fn english_is_the_key_and_chinese_comes_from_the_catalogue() {
        set_lang(Lang::En);
        assert_eq!(tr("Settings"), "Settings");
        set_lang(Lang::ZhHant);
        assert_eq!(tr("Settings"), "設定");
        assert!(take_missing().is_empty());
        let unknown = "no such key, surely";
        assert_eq!(tr(unknown), unknown);
        assert!(take_missing().contains("no such key, surely"));
        let n = 3;
        assert_eq!(trf!("{count} players", count = n), "3 位玩家");
        let count = 4;
        assert_eq!(trf!("{count} players", count), "4 位玩家");
        set_lang(Lang::En);
        assert_eq!(trf!("{count} players", count = n), "3 players");
    }

    #[test]
    fn every_catalogue_file_parses() {
        for (file, text) in ZH_HANT_FILES {
            parse_catalogue(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        }
    }

    /// A term of the game is one word in Chinese wherever it stands: the solo game's "net
    /// score" had once been 最終得分, "final score", on the statistics screen.
    #[test]
    fn the_game_s_terms_are_translated_alike_everywhere() {
        const TERMS: &[(&str, &str)] = &[("net score", "淨得分"), ("lap", "圈")];
        for (file, text) in ZH_HANT_FILES {
            for (en, zh) in parse_catalogue(text).unwrap() {
                let en = en.to_lowercase();
                let words: Vec<&str> = en
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .collect();
                for (term, word) in TERMS {
                    let term: Vec<&str> = term.split(' ').collect();
                    // The term, its last word maybe plural ("net scores", "laps").
                    let has = words.windows(term.len()).any(|w| {
                        let last = term.len() - 1;
                        w[..last] == term[..last]
                            && (w[last] == term[last] || w[last] == format!("{}s", term[last]))
                    });
                    assert!(
                        !has || zh.contains(word),
                        "{file}: {en:?} → {zh:?} lacks {word}"
                    );
                }
            }
        }
    }
}
