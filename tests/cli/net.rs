//! `serve` and `join` as processes over loopback: every wait bounded, a hang fails the test.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use crate::scratch::Scratch;

fn scratch(name: &str) -> Scratch {
    crate::scratch::scratch("noctiluca-cli-net", name)
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(args)
        .env("NOCTILUCA_CONFIG_DIR", scratch("no-config"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// `serve` on loopback at `port` (0: any free one) for `seats`, with `extra` arguments.
fn serve_on(port: &str, seats: &str, extra: &[&str]) -> Child {
    let mut args = vec![
        "serve",
        "--bind",
        "127.0.0.1",
        "--port",
        port,
        "--seats",
        seats,
    ];
    args.extend_from_slice(extra);
    spawn(&args)
}

/// Waits for a child to exit; kills it and fails after `max`.
fn finish(mut child: Child, max: Duration, what: &str) -> (i32, String, String) {
    let deadline = Instant::now() + max;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut out = String::new();
            let mut err = String::new();
            if let Some(mut o) = child.stdout.take() {
                o.read_to_string(&mut out).unwrap();
            }
            if let Some(mut e) = child.stderr.take() {
                e.read_to_string(&mut err).unwrap();
            }
            return (status.code().unwrap_or(-1), out, err);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not finish in time");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Reads `serve`'s invite lines (the reader keeps the rest of its output).
fn invites(stdout: ChildStdout, n: usize) -> (Vec<String>, BufReader<ChildStdout>) {
    let mut r = BufReader::new(stdout);
    let mut codes = Vec::new();
    let mut line = String::new();
    while codes.len() < n {
        line.clear();
        assert!(
            r.read_line(&mut line).unwrap() > 0,
            "serve stopped before its invites"
        );
        if let Some(code) = line.trim().strip_prefix("invite: ") {
            codes.push(code.to_string());
        }
    }
    (codes, r)
}

/// Hosts `games` games for `people` bot players joining with `join --bot random`; returns
/// serve's output after its invites and the folder of logs.
fn serve_and_join(seats: &str, people: usize, games: u32, name: &str) -> (String, Scratch) {
    serve_and_join_into(seats, people, games, scratch(name))
}

/// `serve_and_join` with its logs in `logs`, which may hold files already.
fn serve_and_join_into(seats: &str, people: usize, games: u32, logs: Scratch) -> (String, Scratch) {
    let games_s = games.to_string();
    let mut serve = serve_on(
        "0",
        seats,
        &[
            "--games",
            &games_s,
            "--seed",
            "3",
            "--log-dir",
            logs.to_str().unwrap(),
        ],
    );
    let (codes, mut rest) = invites(serve.stdout.take().unwrap(), people);
    let joins: Vec<Child> = codes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let seed = (i + 1).to_string();
            spawn(&[
                "join",
                c,
                "--bot",
                "random",
                "--name",
                &format!("j{i}"),
                "--seed",
                &seed,
            ])
        })
        .collect();
    let max = Duration::from_secs(60 + games as u64);
    for (i, j) in joins.into_iter().enumerate() {
        let (code, out, err) = finish(j, max, "join");
        assert_eq!(code, 0, "join {i}: {err}");
        assert!(out.contains(&format!("game {games}: seat ")), "{out}");
    }
    let mut out = String::new();
    rest.read_to_string(&mut out).unwrap();
    let (code, _, err) = finish(serve, Duration::from_secs(10), "serve");
    assert_eq!(code, 0, "{err}");
    // The invites' seats are said, counted from 1: the people's seats.
    let people_seats: Vec<String> = seats
        .split(',')
        .enumerate()
        .filter(|(_, s)| *s == "human")
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    let said = match people_seats.len() {
        1 => format!("the invite is for seat {}", people_seats[0]),
        _ => format!(
            "the invites are for seats {}, in that order",
            people_seats.join(", ")
        ),
    };
    assert!(err.contains(&said), "{err}");
    (out, logs)
}

#[test]
fn serve_hosts_a_game_for_two_joined_bots_and_writes_its_log() {
    let (out, logs) = serve_and_join("human,bot:random,human", 2, 1, "one");
    assert!(out.contains("game 1: scores "), "{out}");
    let log = logs.join("game-001.ron");
    assert!(out.contains(&format!("log: {}", log.display())), "{out}");
    let text = std::fs::read_to_string(&log).unwrap();
    let rec = noctiluca::engine::GameRecord::from_ron(&text).unwrap();
    assert!(rec.replay().unwrap().is_over());
    assert_eq!(rec.names, vec!["j0", "random 2", "j1"]);
}

#[test]
fn serve_keeps_a_log_already_there_and_needs_a_person() {
    let logs = scratch("kept");
    let mine = logs.join("game-001.ron");
    std::fs::write(&mine, "an earlier series").unwrap();
    let (out, logs) = serve_and_join_into("human,bot:random", 1, 1, logs);
    let log = logs.join("game-001-2.ron");
    assert!(out.contains(&format!("log: {}", log.display())), "{out}");
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "an earlier series");
    let rec =
        noctiluca::engine::GameRecord::from_ron(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert!(rec.replay().unwrap().is_over());
    // Bots alone: nobody would ever join, so serve refuses at once instead of waiting.
    let serve = serve_on("0", "bot:random,bot:easy", &[]);
    let (code, _, err) = finish(serve, Duration::from_secs(10), "serve");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("human"), "{err}");
}

/// A log that cannot be written does not stop the series, and the exit says so: a script
/// checking the status learns that a finished game's only log is missing.
#[test]
fn serve_ends_with_an_error_when_a_log_could_not_be_written() {
    let logs = scratch("unwritable-logs");
    let folder = logs.join("logs");
    let mut serve = serve_on(
        "0",
        "human,bot:random",
        &["--seed", "5", "--log-dir", folder.to_str().unwrap()],
    );
    let (codes, mut rest) = invites(serve.stdout.take().unwrap(), 1);
    // The folder made at the start is now a file: no log can go into it.
    std::fs::remove_dir(&folder).unwrap();
    std::fs::write(&folder, "in the way").unwrap();
    let join = spawn(&["join", &codes[0], "--bot", "random", "--seed", "1"]);
    let (code, _, err) = finish(join, Duration::from_secs(60), "join");
    assert_eq!(code, 0, "{err}");
    let mut out = String::new();
    rest.read_to_string(&mut out).unwrap();
    let (code, _, err) = finish(serve, Duration::from_secs(10), "serve");
    assert!(out.contains("game 1: scores "), "{out}");
    assert_eq!(code, 2, "{err}");
    // Who won is said by name and seat (the scores alone had been all).
    assert!(
        err.lines().any(|l| l.starts_with("game 1: ")
            && l.contains("(seat ")
            && (l.ends_with(" won") || l.contains("shared by"))),
        "{err}"
    );
    assert!(
        err.contains("warning: the log of game 1 was not written"),
        "{err}"
    );
    assert!(
        err.contains("error: the log of game 1 could not be written"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&folder).unwrap(), "in the way");
}

#[test]
fn fifty_games_in_a_row_for_four_joined_bots() {
    let (out, logs) = serve_and_join("human,human,human,human", 4, 50, "soak");
    for g in 1..=50 {
        let log = logs.join(format!("game-{g:03}.ron"));
        let rec = noctiluca::engine::GameRecord::from_ron(&std::fs::read_to_string(&log).unwrap())
            .unwrap();
        assert!(rec.replay().unwrap().is_over(), "game {g}");
        assert_eq!(rec.seed, Some(3 + g as u64 - 1));
    }
    assert_eq!(out.matches("log: ").count(), 50);
}

#[test]
fn join_refuses_a_bad_code_and_sends_a_person_to_the_window() {
    let (code, _, err) = finish(spawn(&["join", "nothing"]), Duration::from_secs(10), "join");
    assert_eq!(code, 2);
    assert!(err.contains("window"), "{err}");
    let (code, _, err) = finish(
        spawn(&["join", "127.0.0.1:9/short", "--bot", "random"]),
        Duration::from_secs(10),
        "join",
    );
    assert_eq!(code, 2);
    // Worded as every command-line error is: "error: that is not…", no full stop.
    assert!(err.contains("error: that is not an invite code"), "{err}");
    assert!(!err.trim_end().ends_with('.'), "{err}");
    // A name no computer answers to (a name the network reserves for that) is said as such;
    // it had been "the system reported “uncategorized error”", with advice on firewalls. (A
    // machine whose name service does not answer at all in 5 s times out instead.)
    let (code, _, err) = finish(
        spawn(&[
            "join",
            "nosuchhost.invalid:4000/aaaaaaaaaaaaaaaaaaaaaaaaaa",
            "--bot",
            "random",
            "--wait",
            "1",
        ]),
        Duration::from_secs(30),
        "join",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("error: no computer could be found by the name in the address")
            || err.contains("timed out"),
        "{err}"
    );
    assert!(!err.contains("uncategorized"), "{err}");
    // An address that is not this computer's is said as a clause too.
    let (code, _, err) = finish(
        spawn(&[
            "serve",
            "--bind",
            "192.0.2.1",
            "--port",
            "0",
            "--seats",
            "human,bot:random",
        ]),
        Duration::from_secs(10),
        "serve",
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: this computer could not open the port"),
        "{err}"
    );
    let (code, _, err) = finish(
        spawn(&["serve", "--players", "5"]),
        Duration::from_secs(10),
        "serve",
    );
    assert_eq!(code, 2);
    assert!(err.contains("a table has 2, 3 or 4 players"), "{err}");
    assert!(!err.contains("--solo"), "serve has no solo game: {err}");
    // A time bank of nothing is refused (every move would go to the bot at once).
    let (code, _, err) = finish(
        serve_on("0", "human,bot:random", &["--clock", "0"]),
        Duration::from_secs(10),
        "serve",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--clock must be at least 1 second"), "{err}");
}

#[test]
fn serve_resumes_its_autosave_after_a_crash_and_the_joined_bot_rejoins() {
    let dir = scratch("resume");
    let save = dir.join("hosted.json");
    let save_s = save.to_str().unwrap();
    let seats = "human,bot:hard:300";
    let mut serve = serve_on("0", seats, &["--seed", "9", "--autosave", save_s]);
    let mut out = BufReader::new(serve.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("listening: ").unwrap().to_string();
    line.clear();
    out.read_line(&mut line).unwrap();
    let code = line.trim().strip_prefix("invite: ").unwrap().to_string();
    let join = spawn(&["join", &code, "--bot", "random", "--name", "j"]);
    // Some way into the game (the hard bot takes its time), the server dies.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(&save).is_ok_and(|t| t.matches("Seat(1)").count() >= 3) {
        assert!(Instant::now() < deadline, "the game did not get going");
        std::thread::sleep(Duration::from_millis(20));
    }
    serve.kill().unwrap();
    serve.wait().unwrap();
    // Resumed with neither its seats nor its port given again (another port is said not to
    // be used), nor its address: the save has them. It listens on this computer only, as it
    // did (it had opened to every network). Nor is `--autosave` given again: it goes on
    // saving to the file it resumed (it had stopped saving, the rest of the game at risk).
    let serve = spawn(&[
        "serve",
        "--port",
        "1",
        "--seed",
        "9",
        "--resume",
        save_s,
        "--log-dir",
        dir.to_str().unwrap(),
    ]);
    let (code, out, err) = finish(join, Duration::from_secs(120), "join");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game 1: seat 1 scored"), "{out}");
    let (code, out, err) = finish(serve, Duration::from_secs(10), "serve");
    assert_eq!(code, 0, "{err}");
    let port = address.rsplit_once(':').unwrap().1;
    assert!(
        err.contains(&format!(
            "--port 1 is not used: the game is resumed on port {port}"
        )),
        "{err}"
    );
    assert!(out.contains("log: "), "{out}");
    assert!(
        out.starts_with(&format!("listening: 127.0.0.1:{port}\n")),
        "{out}"
    );
    let text = std::fs::read_to_string(dir.join("game-001.ron")).unwrap();
    let rec = noctiluca::engine::GameRecord::from_ron(&text).unwrap();
    assert!(rec.replay().unwrap().is_over());
    assert_eq!(rec.names, vec!["j", "hard:300 2"]);

    // The save now holds a finished game: replay reads it; resuming it again is refused.
    let o = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args(["replay", save_s])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("every action legal"));
    let (code, _, err) = finish(
        serve_on("0", seats, &["--resume", save_s]),
        Duration::from_secs(10),
        "serve",
    );
    assert_eq!(code, 2);
    assert!(err.contains("is over; there is nothing to resume"), "{err}");
}

#[test]
fn serve_names_a_save_it_cannot_read_or_write_before_any_game() {
    let dir = scratch("save-paths");
    let serve = |extra: &[&str]| {
        finish(
            serve_on("0", "human,bot:random", extra),
            Duration::from_secs(10),
            "serve",
        )
    };
    // An autosave under a file, where a folder should be: refused before listening.
    let file = dir.join("a-file");
    std::fs::write(&file, "mine").unwrap();
    let under = file.join("hosted.json");
    let (code, out, err) = serve(&["--autosave", under.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(!out.contains("listening"), "{out}");
    assert!(err.contains(&*file.to_string_lossy()), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    // A file already there that is no hosted game's save is never written over.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let (code, out, err) = serve(&["--autosave", notes.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(!out.contains("listening"), "{out}");
    assert!(err.contains("never written over"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    std::fs::remove_file(&notes).unwrap();
    // An autosave that is a folder.
    let (code, _, err) = serve(&["--autosave", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is a folder"), "{err}");
    // Resuming from a folder or a missing file says so, not that the text is not UTF-8.
    let (code, _, err) = serve(&["--resume", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("UTF-8"), "{err}");
    assert!(err.contains("folder"), "{err}");
    let (code, _, err) = serve(&["--resume", dir.join("none.json").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("UTF-8"), "{err}");
    assert!(err.contains("none.json: "), "the file is named: {err}");
    // Nothing was left behind by the checks.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("a-file")]);
}

/// A bot joined with `join --bot` waits for a host that closed the game (the window's "Close
/// the game for everyone"), and takes its seat back when the host opens it again: it had
/// exited, and the resumed game waited for a seat that never came back.
#[test]
fn a_joined_bot_takes_its_seat_back_when_the_host_opens_the_game_again() {
    use noctiluca::net::{Host, HostConfig, Note, SeatPlan, default_components};
    let dir = scratch("host-closed");
    let save = dir.join("hosted.json");
    let config = || HostConfig {
        seats: vec![SeatPlan::Bot("hard:300".into()), SeatPlan::Remote],
        host_name: "Ann".into(),
        bind: "127.0.0.1:0".parse().unwrap(),
        advertise: None,
        seed: 9,
        components: default_components(),
        grace: Duration::from_secs(60),
        clock: None,
        autosave: Some(save.clone()),
    };
    let host = Host::start(config()).unwrap();
    let code = host.invites()[0].code.clone();
    let join = spawn(&["join", &code, "--bot", "random", "--wait", "60"]);
    // Some way into the game, the host closes it.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(&save).is_ok_and(|t| t.matches("Seat(1)").count() >= 3) {
        assert!(Instant::now() < deadline, "the game did not get going");
        let _ = host.start_game();
        std::thread::sleep(Duration::from_millis(20));
    }
    host.close();
    std::thread::sleep(Duration::from_secs(3));
    let mut join = join;
    assert!(join.try_wait().unwrap().is_none(), "join gave up at once");
    // Opened again (on the port of the save): the bot comes back, and the game is played out.
    let host = Host::resume(&save, config()).unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    'game: loop {
        if Instant::now() > deadline {
            let _ = join.kill();
            let o = join.wait_with_output().unwrap();
            panic!(
                "the resumed game did not end: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        for note in host.poll() {
            if matches!(note, Note::GameOver { .. }) {
                break 'game;
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    host.finish();
    let (code, out, err) = finish(join, Duration::from_secs(20), "join");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("the host closed the game; trying to take the seat back for up to 60 s"),
        "{err}"
    );
    assert!(err.contains("seat taken back"), "{err}");
    assert!(out.contains("game 1: seat 2 scored"), "{out}");
}

/// Ctrl-C (or SIGTERM) stops `serve` after telling its players: a game it keeps no save of
/// cannot go on, and they are told so (it had ended without a word, and they were sent
/// waiting ten minutes to take their seats back).
#[test]
fn serve_stopped_by_a_signal_tells_its_players_first() {
    use noctiluca::net::{Client, ClientStatus, CloseReason};
    for signal in ["-INT", "-TERM"] {
        let mut serve = serve_on("0", "human,human", &[]);
        let (codes, _rest) = invites(serve.stdout.take().unwrap(), 2);
        let players: Vec<Client> = codes.iter().map(|c| Client::join(c, "P")).collect();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !players.iter().all(|p| p.status() == ClientStatus::Playing) {
            assert!(Instant::now() < deadline, "the game did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
        let pid = serve.id().to_string();
        let killed = Command::new("kill").args([signal, &pid]).status().unwrap();
        assert!(killed.success());
        let (code, _, err) = finish(serve, Duration::from_secs(20), "serve after the signal");
        assert_eq!(code, 130, "{signal}: {err}");
        assert!(err.contains("stopped: the players were told"), "{err}");
        for p in &players {
            let deadline = Instant::now() + Duration::from_secs(20);
            while !matches!(p.status(), ClientStatus::Closed(_)) {
                assert!(
                    Instant::now() < deadline,
                    "{signal}: a player was never told"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
            assert_eq!(
                p.status(),
                ClientStatus::Closed(CloseReason::HostGone),
                "{signal}"
            );
        }
    }
}

/// Stopped in its lobby, before any game, `serve --autosave` does not send anyone to resume a
/// save it never wrote ("serve --resume FILE goes on with the game" had been said of no
/// file).
#[test]
fn serve_stopped_in_its_lobby_offers_no_save_to_resume() {
    let dir = scratch("lobby-stop");
    let save = dir.join("hosted.json");
    let mut serve = serve_on("0", "human,human", &["--autosave", save.to_str().unwrap()]);
    let (_codes, _rest) = invites(serve.stdout.take().unwrap(), 2);
    let pid = serve.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let (code, _, err) = finish(serve, Duration::from_secs(20), "serve after the signal");
    assert_eq!(code, 130, "{err}");
    assert!(err.contains("stopped: the players were told"), "{err}");
    assert!(!err.contains("--resume"), "{err}");
    assert!(!save.exists());
}
