//! Ctrl-C in a long run: `simulate` stops after the games under way, sums up those played
//! (as many as the logs it wrote) and exits with status 130.

use std::process::{Command, Stdio};
use std::time::Duration;

fn scratch(name: &str) -> crate::scratch::Scratch {
    crate::scratch::scratch("noctiluca-int", name)
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_simulation_and_says_what_was_played() {
    let dir = scratch("simulate");
    let logs = dir.join("logs");
    let child = Command::new(env!("CARGO_BIN_EXE_noctiluca"))
        .args([
            "simulate",
            "--players",
            "2",
            "--games",
            "100000000",
            "--threads",
            "1",
        ])
        .arg("--log-dir")
        .arg(&logs)
        .env("NOCTILUCA_CONFIG_DIR", &dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Games are being played (and logged) once the first log is there: Ctrl-C is caught by
    // then. Bounded: 30 s at most.
    let mut started = false;
    for _ in 0..3000 {
        if std::fs::read_dir(&logs).is_ok_and(|mut d| d.next().is_some()) {
            started = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(started, "the simulation started");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{:?}", out);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    let logged = std::fs::read_dir(&logs).unwrap().count();
    assert!(
        stderr.contains(&format!(
            "stopped by Ctrl-C after {logged} of 100000000 games"
        )),
        "{stderr}"
    );
    assert_eq!(stderr.matches("stopped by Ctrl-C").count(), 1, "{stderr}");
    // Said as Ctrl-C came, before the summary (slow bots had kept a run silent till then).
    let said = stderr
        .find("stopping after what is under way; Ctrl-C again ends at once")
        .expect("the stop is said at once");
    assert!(said < stderr.find("stopped by Ctrl-C").unwrap(), "{stderr}");
    assert!(
        stdout.starts_with(&format!(
            "{logged} game{}, 2 players",
            if logged == 1 { "" } else { "s" }
        )),
        "{stdout}"
    );
    assert!(stdout.contains("average score"), "{stdout}");
    // Which games by number, as --from counts them.
    let run = match logged {
        1 => "1".to_string(),
        n => format!("1–{n}"),
    };
    assert!(
        stderr.contains(&format!("the games played are numbers {run}\n")),
        "{stderr}"
    );
}
