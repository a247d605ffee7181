//! The translation catalogue against the source: every literal the code translates
//! (`tr("…")`, `trf!("…", …)`, `n("…")`) has a Traditional Chinese entry with the same
//! placeholders, and every entry is still used.

use noctiluca::i18n::{ZH_HANT_FILES, parse_catalogue, placeholders};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Reads a Rust string literal starting just after its opening quote; returns the text and
/// the byte length consumed (closing quote included).
fn read_literal(s: &str) -> Option<(String, usize)> {
    let mut out = String::new();
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, i + 1)),
            '\\' => {
                let (_, e) = chars.next()?;
                match e {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    '\\' => out.push('\\'),
                    '"' => out.push('"'),
                    '\'' => out.push('\''),
                    '0' => out.push('\0'),
                    'u' => {
                        let mut hex = String::new();
                        for (_, h) in chars.by_ref() {
                            match h {
                                '{' => {}
                                '}' => break,
                                h => hex.push(h),
                            }
                        }
                        out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                    }
                    '\n' => {
                        while let Some((_, w)) = chars.peek() {
                            if w.is_whitespace() {
                                chars.next();
                            } else {
                                break;
                            }
                        }
                    }
                    _ => return None,
                }
            }
            c => out.push(c),
        }
    }
    None
}

/// Every translated literal in one file's text, with its line number.
fn keys_in(text: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for marker in ["tr(", "trf!(", "n("] {
        let mut from = 0;
        while let Some(at) = text[from..].find(marker) {
            let start = from + at;
            from = start + marker.len();
            let before = text[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            // The literal may start on the next line; anything else is not a literal key.
            let after = text[from..].trim_start();
            let Some(literal) = after.strip_prefix('"') else {
                continue;
            };
            let line = text[..start].matches('\n').count() + 1;
            let (key, _) = read_literal(literal)
                .unwrap_or_else(|| panic!("line {line}: a literal this test cannot read"));
            found.push((key, line));
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn catalogue() -> BTreeMap<String, (String, &'static str)> {
    let mut all: BTreeMap<String, (String, &'static str)> = BTreeMap::new();
    for (file, text) in ZH_HANT_FILES {
        let map = parse_catalogue(text).unwrap_or_else(|e| panic!("zh-Hant/{file}: {e}"));
        for (k, v) in map {
            if let Some((old, old_file)) = all.get(&k) {
                assert_eq!(
                    old, &v,
                    "{k:?} is translated differently in {old_file} and {file}"
                );
            }
            all.insert(k, (v, file));
        }
    }
    all
}

fn used_keys() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    let mut used = BTreeMap::new();
    for path in files {
        // Comments (examples in documentation) are not the app's text; blanked, not removed,
        // so that line numbers stay right.
        let text: String = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| {
                if l.trim_start().starts_with("//") {
                    "\n"
                } else {
                    l
                }
            })
            .map(|l| {
                if l == "\n" {
                    l.to_owned()
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let rel = path.strip_prefix(&root).unwrap().display().to_string();
        for (key, line) in keys_in(&text) {
            used.entry(key).or_insert(format!("src/{rel}:{line}"));
        }
    }
    used
}

#[test]
fn every_translated_literal_has_a_chinese_entry_with_the_same_placeholders() {
    let cat = catalogue();
    let used = used_keys();
    assert!(used.len() > 20, "the scan found only {} keys", used.len());
    let mut problems = Vec::new();
    for (key, place) in &used {
        match cat.get(key) {
            None => problems.push(format!("{place}: no zh-Hant entry for {key:?}")),
            Some((value, file)) => {
                let a: BTreeSet<_> = placeholders(key).into_iter().collect();
                let b: BTreeSet<_> = placeholders(value).into_iter().collect();
                if a != b {
                    problems.push(format!(
                        "zh-Hant/{file}: {key:?} has placeholders {a:?}, its translation {b:?}"
                    ));
                }
                if value.trim().is_empty() {
                    problems.push(format!("zh-Hant/{file}: {key:?} is translated as nothing"));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_catalogue_entry_is_used() {
    let used = used_keys();
    let stale: Vec<String> = catalogue()
        .into_iter()
        .filter(|(k, _)| !used.contains_key(k))
        .map(|(k, (_, file))| format!("zh-Hant/{file}: {k:?}"))
        .collect();
    assert!(
        stale.is_empty(),
        "entries nothing translates any more:\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_scanner_reads_what_the_code_writes() {
    let text = "x(tr(\"A\")); trf!(\"{n} b\\\n      c\", n = 1); lin(\"no\"); n(\"d \\\"q\\\"\")\n\
                tr(\n    \"E\"); tr(title)";
    let keys: Vec<String> = keys_in(text).into_iter().map(|(k, _)| k).collect();
    assert_eq!(keys, vec!["A", "E", "{n} bc", "d \"q\""]);
}
