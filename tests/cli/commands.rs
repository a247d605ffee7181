//! The headless commands, run as a user runs them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub(crate) fn noctiluca(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(args)
        // Built-in component data only, whatever the machine has in its config folder.
        .env("NOCTILUCA_CONFIG_DIR", scratch("no-config"))
        .output()
        .expect("the binary runs")
}

pub(crate) fn scratch(name: &str) -> crate::scratch::Scratch {
    crate::scratch::scratch("noctiluca-cli", name)
}

/// The program run with `args`, `input` on its standard input.
pub(crate) fn piped(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

pub(crate) fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn version_and_help() {
    let o = noctiluca(&["--version"]);
    assert!(o.status.success());
    assert_eq!(
        text(&o).0.trim(),
        format!("noctiluca {}", env!("CARGO_PKG_VERSION"))
    );
    let o = noctiluca(&["--help"]);
    assert!(text(&o).0.contains("simulate"));
    let o = noctiluca(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("unrecognized subcommand 'frobnicate'"));
}

#[test]
fn every_command_has_its_own_help() {
    // `score -h` shows the score command's usage; it does not try to read a file called -h.
    for (args, own) in [
        (&["score", "-h"][..], "FILE.ron"),
        (&["arena", "--help"], "--threads"),
        (&["simulate", "--help"], "--log-dir"),
        (&["replay", "-h"], "--log"),
        (&["seed", "--help"], "--colours-only"),
    ] {
        let o = noctiluca(args);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{args:?}: {err}");
        assert!(out.contains(own), "{args:?} does not show {own}: {out}");
        assert!(
            out.contains(&format!("Usage: noctiluca {}", args[0])),
            "{out}"
        );
    }
}

#[test]
fn repeated_flags_and_stray_arguments_are_errors() {
    let o = noctiluca(&[
        "simulate",
        "--players",
        "2",
        "--players",
        "3",
        "--games",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("--players"), "{}", text(&o).1);
    let o = noctiluca(&["simulate", "--players", "2", "--games", "1", "stray"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("stray"), "{}", text(&o).1);
    let o = noctiluca(&["score", "a.ron", "b.ron"]);
    assert_eq!(o.status.code(), Some(2));
    // A number out of range and a word are told the same: what a table holds.
    for players in ["5", "1", "x"] {
        let o = noctiluca(&["simulate", "--players", players, "--games", "1"]);
        assert_eq!(o.status.code(), Some(2));
        let err = text(&o).1;
        assert!(
            err.contains(&format!("invalid value '{players}' for '--players <N>': a table has 2, 3 or 4 players (the solo game is --solo)")),
            "{err}"
        );
    }
}

#[test]
fn completions_and_the_manual_page() {
    for shell in ["bash", "zsh", "fish"] {
        let o = noctiluca(&["completions", shell]);
        assert!(o.status.success(), "{shell}");
        let out = text(&o).0;
        assert!(
            out.contains("noctiluca") && out.contains("simulate"),
            "{shell}"
        );
    }
    let o = noctiluca(&["man"]);
    assert!(o.status.success());
    let out = text(&o).0;
    assert!(
        out.starts_with(".ie") || out.contains(".TH noctiluca"),
        "{out}"
    );
    assert!(out.contains("simulate"));
    // Every page the main one names is written too, each with its options.
    let dir = scratch("man");
    let o = noctiluca(&["man", "--dir", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o).1);
    // It says what it wrote, and the count is the files that are there.
    let pages = std::fs::read_dir(&*dir).unwrap().count();
    assert!(pages > 10, "{pages}");
    assert_eq!(
        text(&o).0,
        format!(
            "wrote {pages} manual pages into {} (noctiluca.1 and one per subcommand)\n",
            dir.display()
        )
    );
    for sub in [
        "simulate", "arena", "replay", "score", "seed", "serve", "join", "history",
    ] {
        assert!(
            out.contains(&format!("noctiluca\\-{sub}(1)")),
            "the main page names {sub}"
        );
        let page = std::fs::read_to_string(dir.join(format!("noctiluca-{sub}.1"))).unwrap();
        assert!(page.contains(".TH noctiluca-"), "{sub}");
    }
    let simulate = std::fs::read_to_string(dir.join("noctiluca-simulate.1")).unwrap();
    assert!(simulate.contains("log\\-dir"), "{simulate}");
    // The main page on the standard output is the one written, naming no page that is not.
    let main = std::fs::read_to_string(dir.join("noctiluca.1")).unwrap();
    assert_eq!(out, main);
    for named in out.split("noctiluca\\-").skip(1) {
        let Some((sub, _)) = named.split_once("(1)") else {
            continue;
        };
        let page = dir.join(format!("noctiluca-{}.1", sub.replace("\\-", "-")));
        assert!(
            page.exists(),
            "the main page names {sub}, which has no page"
        );
    }
}

#[test]
fn simulate_writes_logs_that_replay() {
    let dir = scratch("logs");
    let o = noctiluca(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "7",
        "--bots",
        "random",
        "--log-dir",
        dir.to_str().unwrap(),
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("4 games, 3 players, seed 7"), "{out}");
    assert!(out.contains("games/s"));
    assert_eq!(out.matches("average score").count(), 3);
    let log = dir.join("game-00002.ron");
    let o = noctiluca(&["replay", log.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("every action legal"));
    assert!(
        out.contains("wins") || out.contains("share the victory"),
        "{out}"
    );
    // --log tells the game as sentences.
    let o = noctiluca(&["replay", log.to_str().unwrap(), "--log"]);
    let (out, _) = text(&o);
    assert!(out.contains("Round 2 begins"));
    assert!(out.contains(" dives from S"));

    // Same seed, same games.
    let dir2 = scratch("logs2");
    noctiluca(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "7",
        "--log-dir",
        dir2.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read(dir.join("game-00003.ron")).unwrap(),
        std::fs::read(dir2.join("game-00003.ron")).unwrap()
    );

    // A tampered log is refused with the entry number.
    let text_log = std::fs::read_to_string(&log).unwrap();
    let i = text_log.find("Dive(").unwrap();
    let j = i + text_log[i..].find("number:").unwrap() + "number:".len();
    let tampered = format!("{} 9{}", &text_log[..j], &text_log[j + 2..]);
    let bad = dir.join("tampered.ron");
    std::fs::write(&bad, tampered).unwrap();
    let o = noctiluca(&["replay", bad.to_str().unwrap()]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("entry ") && err.contains("1 to 6"), "{err}");
    // Said as the log's fault, not as advice to a player.
    assert!(
        err.contains("the rules do not allow this move here")
            && err.contains("the log does not match its game"),
        "{err}"
    );
    // Garbage is refused, not a crash.
    std::fs::write(&bad, "not a log").unwrap();
    let o = noctiluca(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("not a readable game log"));
}

#[test]
fn simulate_solo_reports_win_rate() {
    let o = noctiluca(&["simulate", "--solo", "--games", "5", "--seed", "3"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("solo: win rate"), "{out}");
    let o = noctiluca(&["simulate", "--players", "5", "--games", "1"]);
    assert_eq!(o.status.code(), Some(2));
    // Without a table, the error (and the usage line) says that either will do.
    let o = noctiluca(&["simulate", "--games", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("<--players <N>|--solo>"),
        "{}",
        text(&o).1
    );
    let o = noctiluca(&["simulate", "--players", "2", "--bots", "genius"]);
    assert!(text(&o).1.contains("unknown bot"));
}

/// A bot's level is checked and named one way: a budget too large is said to be so, and a
/// level in capitals is the level.
#[test]
fn bot_levels_are_checked_and_named_one_way() {
    // A budget too large is said to be so (it had been told to be above 0).
    let o = noctiluca(&[
        "simulate",
        "--players",
        "2",
        "--bots",
        "hard:99999999999999999999",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("from 1 to 4294967295"),
        "{}",
        text(&o).1
    );
    // A level that thinks for a time is said not to replay the same games (a script had
    // found two runs of `--bots hard` differ); an iteration budget is not.
    let timed = |bots: &str| {
        let o = noctiluca(&["simulate", "--players", "2", "--games", "1", "--bots", bots]);
        assert!(o.status.success(), "{}", text(&o).1);
        text(&o).1
    };
    let err = timed("hard:1ms,random");
    assert!(
        err.contains("note: hard:1ms thinks for a time, not a number of iterations"),
        "{err}"
    );
    assert!(!timed("hard:20,random").contains("for a time"));
    // A level in capitals is named as every other (it had been echoed and logged as typed).
    let dir = scratch("capitals");
    let log = std::fs::read_to_string(log_of(&dir, "EASY,Random")).unwrap();
    assert!(
        log.contains("\"easy 1\"") && log.contains("\"random 2\""),
        "{log}"
    );
}

#[test]
fn simulate_never_writes_over_a_log() {
    let dir = scratch("simulate-logs");
    let mine = dir.join("game-00002.ron");
    std::fs::write(&mine, "my own notes").unwrap();
    let o = noctiluca(&[
        "simulate",
        "--players",
        "2",
        "--games",
        "3",
        "--log-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("game-00002.ron"), "{}", text(&o).1);
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "my own notes");
    assert!(!dir.join("game-00001.ron").exists(), "nothing is played");
}

#[test]
fn a_bad_override_file_is_named() {
    let dir = scratch("bad-config");
    std::fs::write(dir.join("token-values.ron"), "(gold: [1])").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["simulate", "--players", "2", "--games", "1"])
        .env("NOCTILUCA_CONFIG_DIR", &dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("token-values.ron"), "{err}");
}

#[test]
fn seed_prints_the_layout_and_writes_a_png() {
    let scratch_dir = scratch("seed");
    let png = scratch_dir.join("layout.png");
    let o = noctiluca(&["seed", "--code", "k7m2qx9p", "--png", png.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.starts_with("Seed code K7M2-QX9P"), "{out}");
    assert!(out.contains("I1: orange 5, green 1, purple 6, blue 3"));
    assert!(out.contains("84 dice placed"));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // A file already there is not written over, and nothing is printed first; with --force
    // it is replaced.
    std::fs::write(&png, "the owner's own picture").unwrap();
    let o = noctiluca(&["seed", "--code", "k7m2qx9p", "--png", png.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("is already there") && err.contains("--force"),
        "{err}"
    );
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        std::fs::read_to_string(&png).unwrap(),
        "the owner's own picture"
    );
    let png_s = png.to_str().unwrap();
    let o = noctiluca(&["seed", "--code", "k7m2qx9p", "--png", png_s, "--force"]);
    assert!(o.status.success(), "{}", text(&o).1);
    assert_eq!(std::fs::read(&png).unwrap(), bytes);
    // An empty name is said to be one.
    let o = noctiluca(&["seed", "--code", "k7m2qx9p", "--png", ""]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("the file name is empty"), "{err}");
    assert!(out.is_empty(), "{out}");
    // A folder that is not there is named, not made.
    let scratch_dir = scratch("seed");
    let missing = scratch_dir.join("no-such-folder");
    let into = missing.join("layout.png");
    let o = noctiluca(&[
        "seed",
        "--code",
        "k7m2qx9p",
        "--png",
        into.to_str().unwrap(),
    ]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("there is no folder"), "{err}");
    assert!(!missing.exists());
    // A refill from a short supply, colours only.
    let o = noctiluca(&[
        "seed",
        "--code",
        "3D9H-ZP2X",
        "--supply",
        "20,18,15,12",
        "--colours-only",
    ]);
    let (out, _) = text(&o);
    assert!(out.contains("refill from orange 20, green 18, purple 15, blue 12"));
    assert!(out.contains("65 dice placed"));
    assert!(out.contains("I1: 1 orange, 1 green, 1 blue"));
    // Bad input is explained.
    let o = noctiluca(&["seed", "--code", "UUUU-UUUU"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("--code"));
    let o = noctiluca(&["seed", "--supply", "30,1,1,1"]);
    assert!(text(&o).1.contains("26 orange"));
}

/// The log of one 2-player game (seed 3, a normal and a random bot) that simulate writes
/// into `dir`.
fn one_log(dir: &Path) -> PathBuf {
    log_of(dir, "normal,random")
}

/// The log of one 2-player game (seed 3) of `bots` that simulate writes into `dir`.
fn log_of(dir: &Path, bots: &str) -> PathBuf {
    let o = noctiluca(&[
        "simulate",
        "--players",
        "2",
        "--games",
        "1",
        "--seed",
        "3",
        "--bots",
        bots,
        "--log-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o).1);
    dir.join("game-00001.ron")
}

#[test]
fn hint_and_review_read_logs_that_simulate_writes() {
    let dir = scratch("advice");
    let log = one_log(&dir);
    let log = log.to_str().unwrap();

    // A finished game has no decision left; some early entry hands a seat a decision.
    let (_, err) = text(&noctiluca(&["hint", log]));
    assert!(err.contains("the game is over"), "{err}");
    // Entry 1 is a die dealt: chance acts next, and the message names where a seat decides.
    let (_, err) = text(&noctiluca(&["hint", log, "--at", "1"]));
    assert!(err.contains("chance acts next"), "{err}");
    let at: usize = err
        .split("a seat decides after entry ")
        .nth(1)
        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .expect("the nearest decision is named");
    let hinted = noctiluca(&["hint", log, "--at", &at.to_string()]);
    assert!(hinted.status.success(), "{}", text(&hinted).1);
    let (out, _) = text(&hinted);
    // The same game saved in the app at that point (as its autosave is): the same hint.
    let mut rec =
        noctiluca::engine::GameRecord::from_ron(&std::fs::read_to_string(log).unwrap()).unwrap();
    rec.actions.truncate(at);
    rec.final_input = None;
    rec.final_score = None;
    let save = dir.join("game-autosave.ron");
    std::fs::write(
        &save,
        format!(
            "(format: \"noctiluca-table-game\", version: 1, seats: [], record: {})",
            rec.to_ron()
        ),
    )
    .unwrap();
    let from_save = noctiluca(&["hint", save.to_str().unwrap()]);
    assert!(from_save.status.success(), "{}", text(&from_save).1);
    assert_eq!(text(&from_save).0, out);
    let o = noctiluca(&["replay", save.to_str().unwrap()]);
    assert!(
        text(&o).0.contains("the game is not over"),
        "{}",
        text(&o).1
    );
    assert!(out.contains("to decide"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("hint: ")), "{out}");
    assert!(
        out.contains("moves compared") || out.contains("estimated"),
        "{out}"
    );
    let o = noctiluca(&["hint", log, "--at", "100000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("past the end"), "{}", text(&o).1);
    // As JSON, for scripts: the same hint, its lead a number, the moves compared as data.
    let o = noctiluca(&["hint", save.to_str().unwrap(), "--json"]);
    let (json, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert!(
        out.contains(&format!("hint: {}", v["hint"].as_str().unwrap())),
        "{out}"
    );
    assert!(v["seat"].as_u64().is_some_and(|s| s >= 1), "{json}");
    assert!(v["lead"].is_number() && v["action"].is_object(), "{json}");
    for m in v["compared"].as_array().unwrap() {
        assert!(m["lead"].is_number() && m["words"].is_string(), "{json}");
    }

    let o = noctiluca(&["review", log, "--seat", "2", "--json", "--threads", "2"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let list: Vec<serde_json::Value> = serde_json::from_str(&out).expect("JSON");
    // The random seat loses points somewhere, and only seat 2 is reviewed.
    assert!(!list.is_empty(), "{out}");
    for m in &list {
        assert_eq!(m["seat"], 2);
        assert!(m["loss"].as_f64().unwrap() >= 0.5);
        assert!(m["entry"].as_u64().unwrap() >= 1);
        assert!(m["played"].is_string() && m["better"].is_string());
        assert!(m["played_why"].is_string() && m["better_why"].is_string());
        // Where it is in the game, as `replay` tells it: the state before the entry.
        let entry = m["entry"].as_u64().unwrap() as usize;
        let rec = noctiluca::engine::GameRecord::from_ron(&std::fs::read_to_string(log).unwrap())
            .unwrap();
        let before = rec.replay_prefix(entry - 1).unwrap();
        assert_eq!(m["round"], before.round);
        assert_eq!(m["turn"], before.turn + 1);
    }
    let o = noctiluca(&["review", log, "--seat", "3"]);
    assert_eq!(o.status.code(), Some(2));
    let o = noctiluca(&["review", log]);
    let (out, _) = text(&o);
    assert!(out.contains("decisions judged"), "{out}");
    assert!(out.contains(" (round "), "{out}");
    // Each mistake says how `hint` finds its decision, and that command works.
    let look = out
        .lines()
        .find_map(|l| l.strip_prefix("  a closer look: noctiluca "))
        .expect("a mistake to look at");
    let args: Vec<&str> = look.split(' ').collect();
    let o = noctiluca(&args);
    assert!(o.status.success(), "{look}: {}", text(&o).1);
    assert!(text(&o).0.contains("\nhint: "), "{}", text(&o).0);

    // A broken log is refused with its entry.
    let broken = dir.join("broken.ron");
    let t = std::fs::read_to_string(dir.join("game-00001.ron")).unwrap();
    std::fs::write(&broken, t.replacen("Dive(", "Dive(shore: 99, ", 1)).unwrap();
    let o = noctiluca(&["review", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn components_export_check_install_round_trip() {
    let dir = scratch("components");
    let config = dir.join("config");
    let _ = std::fs::remove_dir_all(&config);
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_noctiluca"))
            .args(args)
            .env("NOCTILUCA_CONFIG_DIR", &config)
            .output()
            .expect("the binary runs")
    };
    let exported = dir.join("set.ron");
    let o = run(&["components", "export", exported.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o).1);
    assert!(text(&o).0.starts_with("written to "), "{}", text(&o).0);
    // Not again over it, unless asked.
    let o = run(&["components", "export", exported.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("is already there"), "{}", text(&o).1);
    let o = run(&[
        "components",
        "export",
        exported.to_str().unwrap(),
        "--force",
    ]);
    assert!(o.status.success(), "{}", text(&o).1);
    let o = run(&["components", "check", exported.to_str().unwrap()]);
    assert!(o.status.success());
    assert!(text(&o).0.contains("a complete set"), "{}", text(&o).0);

    // An owner's edit: other gold token values.
    let edited = dir.join("edited.ron");
    let t = std::fs::read_to_string(&exported).unwrap();
    let t2 = t.replacen(
        "gold: [\n            2,\n            2,",
        "gold: [\n            2,\n            3,",
        1,
    );
    assert_ne!(t, t2, "the edit applies");
    std::fs::write(&edited, &t2).unwrap();
    let o = run(&["components", "install", edited.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o).1);
    let o = run(&["components", "export"]);
    assert!(
        text(&o)
            .0
            .contains("gold: [\n            2,\n            3,"),
        "{}",
        text(&o).0
    );

    // A broken set is refused with its problems, and the set in use stays the edited one.
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, t2.replacen("bonus: 0", "bonus: 7", 1)).unwrap();
    let o = run(&["components", "check", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).0.contains("jar deck: card 1"), "{}", text(&o).0);
    // A letter that is no colour stops the reading at its card, which the line names.
    let lettered = dir.join("lettered.ron");
    let t3 = t2.replacen("\"OOPB\"", "\"OOXB\"", 1);
    std::fs::write(&lettered, &t3).unwrap();
    let line = t3.lines().position(|l| l.contains("OOXB")).unwrap() + 1;
    let o = run(&["components", "check", lettered.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let want = format!("lettered.ron: line {line}: a jar card's space 3 is written 'X'");
    assert!(text(&o).1.contains(&want), "{}", text(&o).1);
    let installed = std::fs::read_to_string(config.join("my-set.ron")).unwrap();
    let o = run(&["components", "install", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("was not installed"), "{}", text(&o).1);
    assert_eq!(
        std::fs::read_to_string(config.join("my-set.ron")).unwrap(),
        installed
    );
    // A set file in use that does not read as one is the owner's: installing keeps it aside.
    let junk = [0xff, 0xfe, b'(', 0, b'd', 0];
    std::fs::write(config.join("my-set.ron"), junk).unwrap();
    let o = run(&["components", "install", edited.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o).1);
    assert!(
        text(&o).1.contains("did not read as a set"),
        "{}",
        text(&o).1
    );
    let kept: Vec<_> = std::fs::read_dir(&config)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("my-set.broken-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read(&kept[0]).unwrap(), junk);
    assert!(
        text(&o).1.contains(&*kept[0].to_string_lossy()),
        "{}",
        text(&o).1
    );
    assert_eq!(
        std::fs::read_to_string(config.join("my-set.ron")).unwrap(),
        installed
    );
    // A file of another kind is named as such.
    let o = run(&[
        "components",
        "check",
        exported
            .parent()
            .unwrap()
            .join("nothing.ron")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_reader_that_stops_early_ends_a_command_quietly() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["components", "export"])
        .env("NOCTILUCA_CONFIG_DIR", scratch("no-config"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The reader goes away before the command writes anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}

#[test]
fn simulate_gives_the_same_games_whatever_the_number_of_threads() {
    let run = |threads: &str, logs: &PathBuf| {
        let o = noctiluca(&[
            "simulate",
            "--players",
            "3",
            "--games",
            "30",
            "--seed",
            "9",
            "--bots",
            "random,easy",
            "--threads",
            threads,
            "--log-dir",
            logs.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", text(&o).1);
        let out = text(&o).0;
        assert!(out.contains(&format!("on {threads} thread(s)")), "{out}");
        // The figures, without the timing line and the folder.
        out.lines()
            .filter(|l| !l.starts_with("time ") && !l.starts_with("logs written"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let (one, three) = (scratch("sim-threads-1"), scratch("sim-threads-3"));
    let a = run("1", &one);
    let b = run("3", &three);
    assert_eq!(a, b);
    for k in 1..=30 {
        let name = format!("game-{k:05}.ron");
        assert_eq!(
            std::fs::read(one.join(&name)).unwrap(),
            std::fs::read(three.join(&name)).unwrap(),
            "{name}"
        );
    }
}

/// `--from`: one game of a run played again, the same game (and log) as in the whole run.
#[test]
fn simulate_plays_one_game_of_a_run_again_with_from() {
    let (all, one) = (scratch("sim-from-all"), scratch("sim-from-one"));
    for (dir, extra) in [
        (&all, &["--games", "5"][..]),
        (&one, &["--from", "4", "--games", "1"]),
    ] {
        let o = noctiluca(
            &[
                &["simulate", "--players", "2", "--seed", "12", "--log-dir"][..],
                &[dir.to_str().unwrap()],
                extra,
            ]
            .concat(),
        );
        assert!(o.status.success(), "{}", text(&o).1);
    }
    let names = |d: &PathBuf| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&one), vec!["game-00004.ron"]);
    assert_eq!(
        std::fs::read(all.join("game-00004.ron")).unwrap(),
        std::fs::read(one.join("game-00004.ron")).unwrap()
    );
    // Game 0 is no game.
    let o = noctiluca(&["simulate", "--players", "2", "--from", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("numbered from 1"), "{}", text(&o).1);
}

#[test]
fn a_file_of_another_kind_is_named_with_the_command_that_reads_it() {
    let dir = scratch("kinds");
    let log = one_log(&dir.join("logs"));
    let set = dir.join("set.ron");
    let o = noctiluca(&["components", "export", set.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o).1);
    let sheet = dir.join("sheet.ron");
    std::fs::write(&sheet, "(players: [(name: \"Ann\", delivered: 1)])").unwrap();
    // A log cut short still names its kind (its header does).
    let cut = dir.join("cut.ron");
    std::fs::write(&cut, &std::fs::read(&log).unwrap()[..300]).unwrap();
    let (log, set, sheet, cut) = (
        log.to_str().unwrap(),
        set.to_str().unwrap(),
        sheet.to_str().unwrap(),
        cut.to_str().unwrap(),
    );
    for (args, kind) in [
        (
            vec!["score", log],
            "this file is a game log: `noctiluca replay`",
        ),
        (vec!["score", set], "this file is a component set"),
        (vec!["score", cut], "this file is a game log"),
        (
            vec!["replay", sheet],
            "this file is a score sheet: `noctiluca score`",
        ),
        (vec!["hint", set], "this file is a component set"),
        (vec!["components", "check", log], "this file is a game log"),
    ] {
        let o = noctiluca(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o).1.contains(kind), "{args:?}: {}", text(&o).1);
    }
    // A file of the kind the command reads gets no such note.
    let o = noctiluca(&["replay", log]);
    assert!(o.status.success());
    assert!(!text(&o).1.contains("this file is"));
}

/// `-` reads the standard input: a sheet or a log piped in from another command.
#[test]
fn a_sheet_or_a_log_can_be_piped_in() {
    let dir = scratch("stdin");
    let log = std::fs::read(one_log(&dir)).unwrap();
    let sheet =
        b"(players: [(name: \"Ann\", delivered: 1, jar_bonus: 2), (name: \"Bo\")])".to_vec();
    for (args, input, says) in [
        (["score", "-"], sheet, "Ann wins"),
        (["replay", "-"], log, "every action legal"),
    ] {
        let o = piped(&args, &input);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{args:?}: {err}");
        assert!(out.contains(says), "{args:?}: {out}");
    }
    // One player without the tempest's part: told it is the solo game, and what is missing
    // (it had said Noctiluca is played "2 to 4 players (or solo), not 1").
    let o = piped(&["score", "-"], b"(players: [(name: \"A\")])");
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("one player is the solo game"), "{err}");
    assert!(!err.contains("not 1"), "{err}");
}

/// No command and no display: a plain sentence and a failure status, not the windowing
/// library's message with its source path.
#[cfg(target_os = "linux")]
#[test]
fn no_command_without_a_display_says_so_plainly() {
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env("NOCTILUCA_CONFIG_DIR", scratch("no-display"))
        .env("NOCTILUCA_DATA_DIR", scratch("no-display-data"))
        .output()
        .unwrap();
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("there is no display to open the window on"),
        "{err}"
    );
    assert!(!err.contains(".rs:"), "{err}");
}

/// A log whose own component data is broken says so, without blaming a data file it never
/// read.
#[test]
fn a_log_with_broken_component_data_names_the_log_s_data() {
    let dir = scratch("log-deck");
    let log = std::fs::read_to_string(one_log(&dir)).unwrap();
    // One jar card fewer in the log's deck.
    let at = log.find("cards: [(").unwrap() + "cards: [".len();
    let next = at + log[at..].find("), (").unwrap() + 3;
    let broken = dir.join("deck29.ron");
    std::fs::write(&broken, format!("{}{}", &log[..at], &log[next..])).unwrap();
    let o = noctiluca(&["replay", broken.to_str().unwrap()]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("the component data in the log: the deck has 29 cards"),
        "{err}"
    );
    assert!(!err.contains("jar-deck.ron"), "{err}");
}
