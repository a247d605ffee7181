//! `score`: a score sheet scored as the app scores it, its problems, its JSON, and the sheets
//! its help shows.

use crate::commands::{noctiluca, piped, scratch, text};

#[test]
fn score_sheet_example() {
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/score-4p.ron");
    let o = noctiluca(&["score", sheet]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    // The jar bonus is "bonus" and the jars delivered are "jars", as the calculator has them
    // ("jars" stood over the bonus, and the jars under "delivered").
    let header: Vec<&str> = out.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        [
            "player",
            "tokens",
            "majority",
            "bonus",
            "favourite",
            "leftovers",
            "total",
            "jars"
        ]
    );
    let bridget: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!((bridget[3], bridget[7]), ("3", "4"), "{out}");
    assert!(out.contains(
        "Red: Bridget and Char tie with 3 tokens each; 3 left in the stack → 1 each, 1 discarded."
    ));
    assert!(out.contains("Char wins with 31 points."), "{out}");
    assert!(!out.contains("UNRELIABLE"));
    // An impossible sheet still scores, marked unreliable.
    let scratch_dir = scratch("score");
    let bad = scratch_dir.join("bad.ron");
    std::fs::write(
        &bad,
        "(players: [(name: \"A\", tokens: (red: [5]), delivered: 1), (name: \"B\", delivered: 1)])",
    )
    .unwrap();
    let o = noctiluca(&["score", bad.to_str().unwrap()]);
    let (out, _) = text(&o);
    assert!(o.status.success());
    assert!(out.contains("UNRELIABLE"), "{out}");
    // One jar and no token, in the singular.
    assert!(
        out.contains("B delivered 1 jar but holds no point token"),
        "{out}"
    );
    // With --strict, a script is told by the status; the scores are still printed. A sound
    // sheet is 0 either way.
    let o = noctiluca(&["score", "--strict", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).0.contains("UNRELIABLE"), "{}", text(&o).0);
    assert_eq!(
        noctiluca(&["score", "--strict", sheet]).status.code(),
        Some(0)
    );
    // As JSON for a script: the same figures, the winner's place, and the problems.
    let o = noctiluca(&["score", "--json", sheet]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    let char_ = &v["players"][1];
    assert_eq!(
        (char_["name"].as_str(), char_["total"].as_i64()),
        (Some("Char"), Some(31))
    );
    assert_eq!(v["players"][0]["bonus"], 3);
    assert_eq!(v["players"][0]["delivered"], 4);
    assert_eq!(v["winners"], serde_json::json!([2]));
    assert_eq!(v["problems"], serde_json::json!([]));
    assert_eq!(v["problem_data"], serde_json::json!([]));
    let o = noctiluca(&["score", "--json", "--strict", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    let problems = v["problems"].as_array().unwrap();
    assert!(
        problems.iter().any(|p| p
            .as_str()
            .unwrap()
            .contains("B delivered 1 jar but holds no point token")),
        "{problems:?}"
    );
    // The same problems as data, one for one, to match on without reading the sentences.
    let data = v["problem_data"].as_array().unwrap();
    assert_eq!(data.len(), problems.len());
    assert!(
        data.iter()
            .all(|p| p["field"].is_object() || p["field"].is_string()),
        "{data:?}"
    );
    assert!(data.iter().all(|p| p["kind"].is_object()), "{data:?}");
    // Five players are no game: refused, with or without entries, and no winner named.
    for sheet in [
        "(players: [(name: \"A\"), (name: \"B\"), (name: \"C\"), (name: \"D\"), (name: \"E\")])",
        "(players: [(name: \"A\", tokens: (red: [2]), delivered: 1), (name: \"B\"), (name: \"C\"), (name: \"D\"), (name: \"E\")])",
    ] {
        std::fs::write(&bad, sheet).unwrap();
        let o = noctiluca(&["score", bad.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o).1.contains("5"), "{}", text(&o).1);
        assert!(!text(&o).0.contains("wins"), "{}", text(&o).0);
    }
    // A misspelt field is refused by name, not scored as 0.
    for (typo, field) in [
        ("delivred: 1", "delivred"),
        ("favorite_spaces: 3", "favorite_spaces"),
        ("tokens: (glod: [2])", "glod"),
    ] {
        std::fs::write(
            &bad,
            format!("(players: [(name: \"A\", {typo}), (name: \"B\", delivered: 1)])"),
        )
        .unwrap();
        let o = noctiluca(&["score", bad.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{typo}");
        assert!(text(&o).1.contains(field), "{typo}: {}", text(&o).1);
    }
    // A sheet the app exported, with its result after the entries, still reads.
    let scratch_dir = scratch("score");
    let exported = scratch_dir.join("exported.ron");
    let input: noctiluca::engine::ScoreInput =
        ron::from_str(&std::fs::read_to_string(sheet).unwrap()).unwrap();
    let result = noctiluca::engine::score(&input);
    std::fs::write(
        &exported,
        noctiluca::app::export::to_ron(&input, &result, &["a problem".to_string()]),
    )
    .unwrap();
    let o = noctiluca(&["score", exported.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o).1);
    assert!(
        text(&o).0.contains("Char wins with 31 points."),
        "{}",
        text(&o).0
    );
}

/// `score --help` shows the sheet's format, and its two examples score as they are, as sheets
/// that could come from real games (`--strict`).
#[test]
fn the_score_help_shows_sheets_that_score() {
    let help = text(&noctiluca(&["score", "--help"])).0;
    let start = help.find("\n  (\n").expect("a sheet in the help") + 1;
    let end = help[start..].find("\n  )\n").unwrap() + start + 4;
    let solo = help
        .lines()
        .find(|l| l.trim_start().starts_with("(players:"))
        .expect("a solo sheet in the help");
    for (sheet, says) in [(&help[start..end], "Bridget"), (solo, "Ann")] {
        let o = piped(&["score", "--strict", "-"], sheet.as_bytes());
        let (out, err) = text(&o);
        assert!(o.status.success(), "{sheet}: {err}{out}");
        assert!(out.contains(says), "{out}");
    }
}
