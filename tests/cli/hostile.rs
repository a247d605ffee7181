//! Inputs a hostile or unlucky user gives the commands: devices, FIFOs, folders, huge files,
//! a byte-order mark, component overrides that are not files. Each gets a clear error naming
//! the file (or is read correctly); none blocks, streams or is silently passed over.

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> crate::scratch::Scratch {
    crate::scratch::scratch("noctiluca-hostile", name)
}

fn spawn(args: &[&str], config: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(args)
        .env("NOCTILUCA_CONFIG_DIR", config)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs a command that must end by itself; one that is still running after a generous while
/// is killed and the test fails (it would have hung for a user).
fn run(args: &[&str], config: &Path) -> Output {
    let mut child = spawn(args, config);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{args:?} did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A named pipe at `path`.
fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[cfg(target_os = "linux")]
#[test]
fn devices_and_folders_are_refused_by_name_and_a_named_pipe_is_read() {
    let dir = scratch("inputs");
    let folder = dir.display().to_string();
    for cmd in ["replay", "score", "review"] {
        for (file, says) in [
            ("/dev/zero", "it is a device, not a file"),
            ("/dev/urandom", "it is a device, not a file"),
            (folder.as_str(), "it is a folder, not a file"),
        ] {
            let o = run(&[cmd, file], &dir);
            assert_eq!(o.status.code(), Some(2), "{cmd} {file}");
            let e = stderr(&o);
            assert!(e.contains(file) && e.contains(says), "{cmd} {file}: {e}");
        }
    }
    // A pipe named on the command line (as `score <(cat sheet.ron)` names one) is read.
    let fifo = dir.join("sheet.ron");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let sheet = std::fs::read("tests/data/score-4p.ron").unwrap();
            std::fs::write(&fifo, sheet).unwrap();
        })
    };
    let o = run(&["score", fifo.to_str().unwrap()], &dir);
    writer.join().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("wins"));
}

#[test]
fn a_file_far_too_large_is_refused_without_reading_it_all() {
    let dir = scratch("large");
    let big = dir.join("big.ron");
    let f = std::fs::File::create(&big).unwrap();
    // Sparse: 100 MB that take no disk.
    f.set_len(100 << 20).unwrap();
    let o = run(&["replay", big.to_str().unwrap()], &dir);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("it is larger than 16 MB"),
        "{}",
        stderr(&o)
    );
    // A score sheet is always small: its limit is 1 MB.
    let o = run(&["score", big.to_str().unwrap()], &dir);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("it is larger than 1 MB"),
        "{}",
        stderr(&o)
    );
}

/// A text file given as a log or a sheet (notes, a README) is said to be one in plain words:
/// the reader's own were "Expected an `#![enable(...)]` attribute".
#[test]
fn a_text_file_is_said_to_be_text() {
    let dir = scratch("text-file");
    let notes = dir.join("notes.ron");
    std::fs::write(&notes, "# My games\n\nAda won twice.\n").unwrap();
    for command in ["replay", "score"] {
        let o = run(&[command, notes.to_str().unwrap()], &dir);
        assert_eq!(o.status.code(), Some(2), "{command}");
        let err = stderr(&o);
        assert!(
            err.contains("another kind of file, or text"),
            "{command}: {err}"
        );
        assert!(err.contains("line 1, column 1:"), "{command}: {err}");
        assert!(!err.contains("enable"), "{command}: {err}");
    }
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let dir = scratch("bom");
    let sheet = std::fs::read_to_string("tests/data/score-4p.ron").unwrap();
    let with_bom = dir.join("sheet.ron");
    std::fs::write(&with_bom, format!("\u{feff}{sheet}")).unwrap();
    let plain = dir.join("plain.ron");
    std::fs::write(&plain, &sheet).unwrap();
    let a = run(&["score", with_bom.to_str().unwrap()], &dir);
    let b = run(&["score", plain.to_str().unwrap()], &dir);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    // A component file with a byte-order mark is used too.
    let config = scratch("bom-config");
    let tokens = noctiluca::engine::components::DEFAULT_TOKENS_RON.replace("6, 8", "7, 8");
    std::fs::write(config.join("token-values.ron"), format!("\u{feff}{tokens}")).unwrap();
    let o = run(&["components", "export"], &config);
    assert!(o.status.success(), "{}", stderr(&o));
    let export = String::from_utf8_lossy(&o.stdout).into_owned();
    let builtin = run(&["components", "export"], &scratch("bom-none"));
    assert_ne!(
        export,
        String::from_utf8_lossy(&builtin.stdout),
        "the file is used"
    );
}

#[cfg(unix)]
#[test]
fn a_component_override_that_is_not_a_file_is_refused_by_name() {
    let config = scratch("override");
    // A folder where the jar deck should be.
    std::fs::create_dir(config.join("jar-deck.ron")).unwrap();
    let o = run(&["simulate", "--players", "2", "--games", "1"], &config);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("jar-deck.ron") && e.contains("it is a folder, not a file"),
        "{e}"
    );
    // A symbolic link loop where the tokens should be.
    let config = scratch("override-loop");
    let (a, b) = (config.join("token-values.ron"), config.join("other.ron"));
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let o = run(&["simulate", "--players", "2", "--games", "1"], &config);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("token-values.ron") && e.contains("loop"), "{e}");
}

#[test]
fn a_solo_board_with_one_colour_three_times_is_refused() {
    let config = scratch("solo-purple");
    let board = noctiluca::engine::components::DEFAULT_SOLO_RON
        .replace("colour: Green", "colour: Purple")
        .replace("colour: Orange", "colour: Purple");
    std::fs::write(config.join("solo-board.ron"), board).unwrap();
    let o = run(&["simulate", "--solo", "--games", "1"], &config);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("solo-board.ron") && e.contains("three different colours"),
        "{e}"
    );
}

/// A name that would retitle the terminal, clear the screen and ring the bell.
const HOSTILE_NAME: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2JEve\u{202e}";

#[test]
fn names_with_escape_sequences_are_printed_escaped() {
    let dir = scratch("names");
    let sheet = std::fs::read_to_string("tests/data/score-4p.ron")
        .unwrap()
        .replacen("\"Bridget\"", &format!("{HOSTILE_NAME:?}"), 1);
    let file = dir.join("sheet.ron");
    std::fs::write(&file, sheet).unwrap();
    let o = run(&["score", file.to_str().unwrap()], &dir);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}') && !out.contains('\u{202e}'));
    assert!(
        out.contains("\\u{1b}]0;pwned\\u{7}\\u{1b}[2JEve\\u{202e}"),
        "{out}"
    );

    // The same in a game log's names, for replay and history.
    let logs = dir.join("logs");
    let s = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["simulate", "--players", "2", "--games", "1", "--seed", "4"])
        .arg("--log-dir")
        .arg(&logs)
        .status()
        .unwrap();
    assert!(s.success());
    let log = std::fs::read_dir(&logs)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&log).unwrap();
    let mut rec = noctiluca::engine::GameRecord::from_ron(&text).unwrap();
    rec.names = vec![HOSTILE_NAME.to_string(), "Bob".into()];
    std::fs::write(&log, rec.to_ron()).unwrap();
    let o = run(&["replay", "--log", log.to_str().unwrap()], &dir);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(!out.contains('\u{1b}'), "replay printed an escape");
    assert!(out.contains("\\u{1b}[2JEve"), "{out}");
    let db = dir.join("h.sqlite");
    let db = db.to_str().unwrap();
    let o = run(
        &["history", "import", log.to_str().unwrap(), "--db", db],
        &dir,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    for args in [
        vec!["history", "list", "--db", db],
        vec!["stats", "--db", db],
    ] {
        let o = run(&args, &dir);
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(!out.contains('\u{1b}'), "{args:?} printed an escape");
        assert!(out.contains("[2JEve"), "{args:?}: {out}");
    }
}

#[test]
fn an_empty_score_sheet_says_nothing_is_entered() {
    let dir = scratch("empty-sheet");
    let file = dir.join("empty.ron");
    std::fs::write(&file, "(players: [(name: \"Ann\"), (name: \"Bo\")])").unwrap();
    let o = run(&["score", file.to_str().unwrap()], &dir);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("Nothing entered yet"), "{out}");
    assert!(!out.contains("share"), "{out}");
}

/// A list left open is said to want a comma or its closing bracket (it was "a comma was
/// expected here", where the bracket was what was missing).
#[test]
fn an_unclosed_list_is_said_to_want_its_bracket() {
    let dir = scratch("unclosed-sheet");
    let file = dir.join("unclosed.ron");
    std::fs::write(&file, "(players: [(name: \"A\", delivered: 1)\n").unwrap();
    let o = run(&["score", file.to_str().unwrap()], &dir);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("a comma, or a closing bracket, was expected here"),
        "{err}"
    );
}

/// An empty file is said to be empty (it was "a “(” was expected here"), whatever command
/// reads it.
#[test]
fn an_empty_file_is_said_to_be_empty() {
    let dir = scratch("empty-file");
    let file = dir.join("nothing.ron");
    for blank in ["", "  \n\n"] {
        std::fs::write(&file, blank).unwrap();
        for cmd in ["replay", "score", "hint"] {
            let o = run(&[cmd, file.to_str().unwrap()], &dir);
            assert_eq!(o.status.code(), Some(2), "{cmd}");
            let err = stderr(&o);
            assert!(
                err.contains("nothing.ron: the file is empty"),
                "{cmd}: {err}"
            );
        }
    }
}

/// Outputs named on the command line: a device or a pipe is written into, never replaced by a
/// file; `-` is the standard output.
#[cfg(target_os = "linux")]
#[test]
fn an_output_that_is_a_device_or_a_pipe_is_written_into_not_replaced() {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("outputs");
    let fifo = dir.join("set.ron");
    mkfifo(&fifo);
    let child = spawn(&["components", "export", fifo.to_str().unwrap()], &dir);
    let mut read = String::new();
    std::fs::File::open(&fifo)
        .unwrap()
        .read_to_string(&mut read)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(read.contains("noctiluca-components"), "{read}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());

    // A link to a device: the device stays one.
    let link = dir.join("board.png");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    let out = run(
        &[
            "seed",
            "--code",
            "K7M2-QX9P",
            "--png",
            link.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );

    let out = run(&["components", "export", "-"], &dir);
    assert!(String::from_utf8_lossy(&out.stdout).contains("noctiluca-components"));
    assert!(!dir.join("-").exists());
}

/// A full disk behind the standard output, and an argument that is not UTF-8: an error line and
/// exit status 2, not a panic.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_and_a_non_utf8_argument_are_errors_not_panics() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("full-stdout");
    for args in [
        &["simulate", "--players", "2", "--games", "2"][..],
        &["completions", "bash"],
        &["man"],
        &["--help"],
        &["--version"],
        &["help", "score"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
            .args(args)
            .env("NOCTILUCA_CONFIG_DIR", &dir)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let bad = std::ffi::OsStr::from_bytes(b"bad\xffname.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .arg("score")
        .arg(bad)
        .env("NOCTILUCA_CONFIG_DIR", &dir)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("invalid UTF-8"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// A place the system will not let anything be made in (here the kernel's /proc): said of
/// the folder or file being made, not as "there is no such file"; and `seed --png` prints
/// nothing of a layout whose picture could not be written.
#[cfg(target_os = "linux")]
#[test]
fn a_place_that_takes_nothing_new_is_said_so() {
    let config = scratch("proc");
    for (args, says) in [
        (
            vec![
                "simulate",
                "--players",
                "2",
                "--games",
                "1",
                "--log-dir",
                "/proc/noctiluca-x",
            ],
            "/proc/noctiluca-x: the folder could not be made there",
        ),
        (
            vec![
                "seed",
                "--code",
                "K7M2-QX9P-6",
                "--png",
                "/proc/noctiluca-x.png",
            ],
            "/proc/noctiluca-x.png: the file could not be made there",
        ),
    ] {
        let o = run(&args, &config);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            o.stdout.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
    }
}
