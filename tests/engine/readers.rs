//! Every reader of user files, fed mutated copies of real files (bit flips, bytes inserted or
//! removed, spans cut, repeated or swapped, numbers changed): no panic, and an accepted input
//! round-trips (see `tests/common/readers.rs`). The fuzz targets in `tests/fuzz` run the same
//! checks for as long as one likes.

#[path = "../common/readers.rs"]
mod checks;

use noctiluca_engine::component_set::ComponentSet;
use noctiluca_engine::components::{DEFAULT_DECK_RON, DEFAULT_SOLO_RON, DEFAULT_TOKENS_RON};
use noctiluca_engine::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A mutated copy of `seed`: one to four edits of the kinds a damaged or hand-edited file has.
fn mutate(seed: &[u8], rng: &mut ChaCha8Rng) -> Vec<u8> {
    const TOKENS: [&[u8]; 12] = [
        b"(",
        b")",
        b"[",
        b"]",
        b",",
        b":",
        b"\"",
        b"-1",
        b"255",
        b"99999999999",
        b"None",
        b"\xef\xbb\xbf",
    ];
    let mut v = seed.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        if v.is_empty() {
            v.push(b'(');
        }
        let at = rng.random_range(0..v.len());
        match rng.random_range(0..8) {
            0 => v[at] ^= 1 << rng.random_range(0..8),
            1 => v.insert(at, rng.random()),
            2 => {
                v.remove(at);
            }
            3 => v.truncate(at),
            4 => {
                let end = (at + rng.random_range(1..64)).min(v.len());
                let span = v[at..end].to_vec();
                let to = rng.random_range(0..=v.len());
                v.splice(to..to, span);
            }
            5 => {
                let end = (at + rng.random_range(1..64)).min(v.len());
                v.drain(at..end);
            }
            6 => {
                let t = TOKENS[rng.random_range(0..TOKENS.len())];
                v.splice(at..at, t.iter().copied());
            }
            _ => {
                // A digit changed: counts, values, indices.
                if let Some(i) = (at..v.len()).find(|&i| v[i].is_ascii_digit()) {
                    v[i] = b'0' + rng.random_range(0..10u8);
                }
            }
        }
    }
    v
}

/// Runs `check` on `cases` mutations of `seed`; returns how many were accepted.
fn run(seed: &str, cases: usize, salt: u64, check: impl Fn(&str) -> bool) -> usize {
    assert!(check(seed), "the unmutated file is accepted");
    let mut rng = ChaCha8Rng::seed_from_u64(salt);
    let mut accepted = 0;
    for _ in 0..cases {
        let bytes = mutate(seed.as_bytes(), &mut rng);
        // Readers take text: what is not UTF-8 is refused before them (files::read_text).
        let text = String::from_utf8_lossy(&bytes);
        if check(&text) {
            accepted += 1;
        }
    }
    accepted
}

fn a_log() -> String {
    let mut m = Match::new(GameConfig::players(3), Components::default(), 11).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    while !m.state.is_over() {
        if m.state.to_act() == ToAct::Chance {
            m.run_chance_quiet();
            continue;
        }
        let legal = m.state.legal_actions();
        m.apply_quiet(legal[rng.random_range(0..legal.len())])
            .unwrap();
    }
    let mut rec = m.to_record();
    rec.names = vec!["Ada".into(), "Bea".into(), "Cy".into()];
    rec.to_ron()
}

#[test]
fn mutated_logs_never_panic_and_accepted_ones_round_trip() {
    let accepted = run(&a_log(), 600, 1, checks::check_log);
    // Some edits (a name, a space) leave a log that still replays.
    assert!(accepted > 0);
}

#[test]
fn mutated_score_sheets_never_panic_and_accepted_ones_round_trip() {
    let sheet = include_str!("../data/score-4p.ron");
    let accepted = run(sheet, 1500, 2, checks::check_sheet);
    assert!(accepted > 0);
}

#[test]
fn mutated_component_files_never_panic_and_accepted_ones_round_trip() {
    let set = ComponentSet::new(&Components::default(), Default::default()).to_ron();
    for (kind, seed) in [
        (0, DEFAULT_DECK_RON.to_string()),
        (1, DEFAULT_TOKENS_RON.to_string()),
        (2, DEFAULT_SOLO_RON.to_string()),
        (3, set),
    ] {
        let accepted = run(&seed, 800, 3 + kind as u64, |t| {
            checks::check_components(kind, t)
        });
        assert!(accepted > 0, "kind {kind}");
    }
}

/// A log cut short anywhere after its header (a copy or download that stopped) is read as a
/// file that ends too early, whatever word the cut falls in: not as a wrong value.
#[test]
fn a_log_cut_short_is_said_to_end_too_early() {
    let log = a_log();
    let start = log.find("actions").expect("the log's actions");
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    for _ in 0..200 {
        let mut at = rng.random_range(start..log.len() - 2);
        while !log.is_char_boundary(at) {
            at -= 1;
        }
        let cut = &log[..at];
        let e = GameRecord::from_ron(cut).expect_err("a cut log does not read");
        match &e.problem {
            noctiluca_engine::record::ReplayProblem::Unreadable { error } => {
                assert_eq!(error.code, ron::Error::Eof, "cut at {at}: {error:?}")
            }
            other => panic!("cut at {at}: {other:?}"),
        }
    }
}
