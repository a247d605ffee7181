//! Numbers and names that cannot be right: said as what they are.

use crate::commands::{noctiluca, piped, scratch, text};

#[test]
fn a_negative_count_is_refused_as_a_bad_value() {
    // It was "unexpected argument '-5' found", as if -5 were an option.
    let o = noctiluca(&["simulate", "--players", "4", "--games", "-5"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(!err.contains("unexpected argument"), "{err}");
    assert!(err.contains("'-5'") && err.contains("--games"), "{err}");
    assert!(err.contains("not below 0"), "{err}");
    let o = noctiluca(&["seed", "--supply", "-1,0,0,0"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("--supply") && err.contains("orange: \"-1\" is not a number of dice"),
        "{err}"
    );
}

/// Options whose values were taken without a word, or refused in other words than their
/// neighbours': each is a usage error (status 2) naming what is wrong.
#[test]
fn every_number_and_address_option_says_what_is_wrong() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["seed", "--code", "K7M2-QX9Q-6"],
            "--code: the last character, the check, does not match the others",
        ),
        (&["hint", "x.ron", "--at", "-1"], "not below 0"),
        (
            &["review", "x.ron", "--threads", "0"],
            "from 1 to 64 threads",
        ),
        (
            &["review", "x.ron", "--threads", "1000"],
            "from 1 to 64 threads",
        ),
        (
            &["simulate", "--games", "99999999999999999999"],
            "too large: at most 18446744073709551615",
        ),
        (
            &["serve", "--players", "2", "--advertise", "foo"],
            "no port",
        ),
        (
            &["serve", "--players", "2", "--advertise", "127.0.0.1:99999"],
            "\"99999\" is not a port",
        ),
        (
            &["serve", "--players", "2", "--advertise", "a b:5"],
            "\"a b\" is not a host name or address",
        ),
        (
            &["serve", "--players", "2", "--advertise", "[zz]:5"],
            "\"[zz]\" is not a host name or address",
        ),
    ];
    for (args, want) in cases {
        let o = noctiluca(args);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn an_empty_box_lid_lays_nothing_out_and_says_so() {
    // It printed eighteen empty spaces without a word.
    let o = noctiluca(&["seed", "--supply", "0,0,0,0"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("the box lid holds no dice"), "{err}");
    let o = noctiluca(&["seed", "--code", "k7m2qx9p", "--supply", "0,0,1,0"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("1 dice placed") || out.contains("1 die placed"),
        "{out}"
    );
}

/// The example sheet with `from` replaced by `to` (once).
fn example_with(from: &str, to: &str) -> String {
    let sheet = include_str!("../data/score-4p.ron");
    assert!(sheet.contains(from));
    sheet.replacen(from, to, 1)
}

#[test]
fn a_negative_entry_on_a_sheet_is_named_as_negative() {
    let o = piped(
        &["score", "-"],
        example_with("delivered: 4,", "delivered: -1,").as_bytes(),
    );
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("a number here is negative or too large"),
        "{err}"
    );
}

#[test]
fn two_players_of_one_name_are_told_apart() {
    // "Adam" becomes a second "Bridget": the majorities named "Bridget" for either.
    let dir = scratch("same-name");
    let sheet = dir.join("sheet.ron");
    std::fs::write(&sheet, example_with("\"Adam\"", "\" bridget\"")).unwrap();
    let o = noctiluca(&["score", sheet.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("warning: two or more players have the same name"),
        "{err}"
    );
    assert!(err.contains("Bridget #1 and bridget #3"), "{err}");
    assert!(out.contains("Gold: bridget #3 has the majority"), "{out}");
    assert!(out.contains("Red: Bridget #1 and Char tie"), "{out}");
    // Names that differ are left as they are, and nothing is said.
    let o = noctiluca(&[
        "score",
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/score-4p.ron"),
    ]);
    let (out, err) = text(&o);
    assert!(err.is_empty(), "{err}");
    assert!(!out.contains('#'), "{out}");
}
