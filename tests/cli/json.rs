//! `--json` of simulate, arena and replay: what a script reads agrees with the games played.

use crate::commands::{noctiluca, scratch, text};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let o = noctiluca(args);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().unwrap() - b).abs() < 1e-9
}

#[test]
fn simulate_and_replay_agree_on_every_game() {
    let dir = scratch("json-logs");
    let d = dir.to_str().unwrap();
    let run = json(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "5",
        "--json",
        "--log-dir",
        d,
    ]);
    assert_eq!(run["games"], 4);
    assert_eq!(run["players"], 3);
    assert_eq!(run["bots"], serde_json::json!(["random"]));
    assert_eq!(run["stopped"], false);
    assert!(run["games_per_second"].as_f64().unwrap() > 0.0);
    // Each seat's average is that of its scores in the four logs, as replay reads them, and
    // the wins are shares that add up to one game's.
    let mut totals = [0i64; 3];
    let mut wins = [0f64; 3];
    for g in 1..=4 {
        let log = dir.join(format!("game-{g:05}.ron"));
        let replay = json(&["replay", "--json", log.to_str().unwrap()]);
        assert_eq!(replay["over"], true);
        assert_eq!(replay["waiting"], Value::Null);
        let score = &replay["score"];
        let winners = score["winners"].as_array().unwrap();
        for (s, p) in score["players"].as_array().unwrap().iter().enumerate() {
            totals[s] += p["total"].as_i64().unwrap();
            assert_eq!(p["name"], format!("random {}", s + 1));
        }
        for w in winners {
            wins[w.as_u64().unwrap() as usize - 1] += 1.0 / winners.len() as f64;
        }
    }
    let seats = run["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    for (s, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], s + 1);
        assert!(
            close(&seat["average_score"], totals[s] as f64 / 4.0),
            "{seat}"
        );
        assert!(close(&seat["wins"], wins[s] / 4.0), "{seat}");
    }
    // The text and the JSON are of the same games.
    let o = noctiluca(&["simulate", "--players", "3", "--games", "4", "--seed", "5"]);
    let line = format!(
        "seat 1 (random): average score {:.2}",
        totals[0] as f64 / 4.0
    );
    assert!(text(&o).0.contains(&line), "{}", text(&o).0);
}

#[test]
fn replay_json_of_a_game_not_over_says_what_it_waits_for() {
    let dir = scratch("json-unfinished");
    json(&[
        "simulate",
        "--players",
        "2",
        "--games",
        "1",
        "--json",
        "--log-dir",
        dir.to_str().unwrap(),
    ]);
    let log = dir.join("game-00001.ron");
    let mut rec =
        noctiluca::engine::GameRecord::from_ron(&std::fs::read_to_string(&log).unwrap()).unwrap();
    rec.actions.truncate(rec.actions.len() / 2);
    rec.final_input = None;
    rec.final_score = None;
    let half = dir.join("half.ron");
    std::fs::write(&half, rec.to_ron()).unwrap();
    let v = json(&["replay", "--json", half.to_str().unwrap()]);
    assert_eq!(v["over"], false);
    assert_eq!(v["entries"], rec.actions.len());
    assert_eq!(v["score"], Value::Null);
    assert!(v["round"].as_u64().unwrap() >= 1, "{v}");
    assert!(v["waiting"].as_str().unwrap().contains("seat"), "{v}");
    // --log tells sentences: not with JSON.
    let o = noctiluca(&["replay", "--json", "--log", half.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn simulate_json_of_the_solo_game() {
    let v = json(&[
        "simulate", "--solo", "--games", "3", "--seed", "2", "--json",
    ]);
    assert_eq!(v["solo"], true);
    assert_eq!(v["players"], 1);
    assert_eq!(v["seats"], serde_json::json!([]));
    let rate = v["solo_result"]["win_rate"].as_f64().unwrap();
    assert!(
        [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0]
            .iter()
            .any(|r| (r - rate).abs() < 1e-9)
    );
}

#[test]
fn arena_json_has_shares_with_intervals_and_move_times() {
    let args = [
        "arena",
        "--players",
        "2",
        "--bots",
        "easy,random",
        "--games",
        "6",
        "--seed",
        "4",
        "--json",
    ];
    let v = json(&args);
    assert_eq!(v["games"], 6);
    let bots = v["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["level"], "easy");
    let shares: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert!((shares - 1.0).abs() < 1e-9, "{v}");
    for b in bots {
        let w = b["wins"].as_f64().unwrap();
        let i = b["wins_interval"].as_array().unwrap();
        let (lo, hi) = (i[0].as_f64().unwrap(), i[1].as_f64().unwrap());
        assert!(lo <= w && w <= hi && 0.0 <= lo && hi <= 1.0, "{b}");
        assert!(b["moves"]["count"].as_u64().unwrap() > 0, "{b}");
    }
    // The text prints the same rates.
    let o = noctiluca(&args[..args.len() - 1]);
    let share = bots[0]["wins"].as_f64().unwrap();
    let line = format!("bot 1 (easy): wins {:.1}%", 100.0 * share);
    assert!(text(&o).0.contains(&line), "{}", text(&o).0);
    // Solo: a win rate and its interval.
    let v = json(&[
        "arena", "--solo", "--bots", "easy", "--games", "2", "--json",
    ]);
    let s = &v["solo_result"];
    assert!(s["win_rate_interval"].as_array().unwrap().len() == 2, "{v}");
    assert_eq!(v["bots"][0]["wins"], Value::Null);
}

/// No game played, no average: null in the JSON and said in words (zeros had read as real
/// averages of zero).
#[test]
fn simulate_of_no_game_has_no_averages() {
    let none = [
        "simulate",
        "--players",
        "3",
        "--games",
        "0",
        "--bots",
        "random",
    ];
    let v = json(&[&none[..], &["--json"]].concat());
    assert_eq!(v["games"], 0);
    for seat in v["seats"].as_array().unwrap() {
        assert!(
            seat["average_score"].is_null() && seat["wins"].is_null(),
            "{seat}"
        );
    }
    let v = json(&[
        "simulate", "--solo", "--games", "0", "--bots", "random", "--json",
    ]);
    assert!(v["solo_result"]["win_rate"].is_null(), "{v}");
    let o = noctiluca(&none);
    assert!(o.status.success());
    let (text, _) = crate::commands::text(&o);
    assert!(
        text.contains("no game was played: nothing to average"),
        "{text}"
    );
    assert!(!text.contains("average score"), "{text}");
}
