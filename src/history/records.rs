//! The history's records among people (the AI levels are left out): the highest score, the
//! biggest win, the best solo score, the most games, the most wins and the longest run of
//! wins. A score tied later stays with whoever set it first; the most games and wins are
//! shared by everyone who has as many.

use super::{GameRow, History, HistoryError};
use serde::Serialize;
use std::collections::HashMap;

/// One record: who holds it, the figure, and the game that set it (for the most games and
/// wins, the latest of them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    pub name: String,
    pub value: i64,
    pub game: i64,
    pub played_at: i64,
    /// For the most games and wins: the others who have as many, in the order they got there.
    pub shared_with: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Records {
    /// The highest total in a game of two or more players.
    pub best_score: Option<Record>,
    /// The widest lead in points of a sole winner over the next player.
    pub biggest_win: Option<Record>,
    /// The highest solo score, what the tempest took off deducted.
    pub best_solo: Option<Record>,
    pub most_games: Option<Record>,
    pub most_wins: Option<Record>,
    /// The most games won one after another (a shared victory counts as won).
    pub longest_run: Option<Record>,
}

impl Records {
    pub fn is_empty(&self) -> bool {
        *self == Records::default()
    }
}

/// Keeps `slot` as the higher of it and `(name, value)` in `g` (a tie keeps the first).
fn beat(slot: &mut Option<Record>, name: &str, value: i64, g: &GameRow) {
    if slot.as_ref().is_none_or(|r| value > r.value) {
        *slot = Some(Record {
            name: name.to_string(),
            value,
            game: g.id,
            played_at: g.played_at,
            shared_with: Vec::new(),
        });
    }
}

/// `beat`, where a tie is shared: an equal count adds `name` to the holders.
fn beat_or_share(slot: &mut Option<Record>, name: &str, value: i64, g: &GameRow) {
    match slot {
        Some(r) if value == r.value => r.shared_with.push(name.to_string()),
        _ => beat(slot, name, value, g),
    }
}

/// The records of every game in the history: read in one pass, oldest game first (so that a
/// record tied later stays with whoever set it first), only what the records need.
pub fn records(h: &History) -> Result<Records, HistoryError> {
    let mut st = h.conn().prepare(
        "SELECT g.id, g.played_at, g.players, p.name, p.bot_level, r.total, r.tempest, r.winner
         FROM results r JOIN games g ON g.id = r.game_id JOIN people p ON p.id = r.person_id
         ORDER BY g.played_at, g.id, r.seat",
    )?;
    let mut rows = st.query([])?;
    let mut games: Vec<GameRow> = Vec::new();
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        if games.last().is_none_or(|g| g.id != id) {
            games.push(GameRow {
                id,
                played_at: r.get(1)?,
                mode: super::Mode::Imported,
                players: r.get(2)?,
                seed: None,
                has_log: false,
                results: Vec::new(),
            });
        }
        let g = games.last_mut().expect("pushed above");
        g.results.push(super::ResultEntry {
            name: r.get(3)?,
            bot: r.get(4)?,
            total: r.get(5)?,
            tempest: r.get(6)?,
            winner: r.get(7)?,
            ..Default::default()
        });
    }
    Ok(records_of(&games))
}

/// The records of `games`, oldest first.
pub fn records_of(games: &[GameRow]) -> Records {
    let mut out = Records::default();
    // Per person: games, wins, the run of wins now, the game they last played and the one
    // they last won.
    type Tally<'g> = (i64, i64, i64, &'g GameRow, Option<&'g GameRow>);
    let mut tally: HashMap<&str, Tally> = HashMap::new();
    for g in games {
        let people: Vec<_> = g.results.iter().filter(|r| r.bot.is_none()).collect();
        let solo = g.players == 1;
        for r in &people {
            if solo {
                beat(
                    &mut out.best_solo,
                    &r.name,
                    r.total - r.tempest.unwrap_or(0),
                    g,
                );
            } else {
                beat(&mut out.best_score, &r.name, r.total, g);
            }
        }
        // A person counted once a game, even in two seats of it (two names merged into one):
        // their game is won if either seat won.
        for (k, r) in people.iter().enumerate() {
            if people[..k].iter().any(|o| o.name == r.name) {
                continue;
            }
            let won = people.iter().any(|o| o.name == r.name && o.winner);
            let t = tally.entry(r.name.as_str()).or_insert((0, 0, 0, g, None));
            t.0 += 1;
            t.3 = g;
            if won {
                t.1 += 1;
                t.2 += 1;
                t.4 = Some(g);
                beat(&mut out.longest_run, &r.name, t.2, g);
            } else {
                t.2 = 0;
            }
        }
        let winners: Vec<_> = g.results.iter().filter(|r| r.winner).collect();
        if !solo
            && let [w] = winners[..]
            && w.bot.is_none()
            && let Some(next) = g
                .results
                .iter()
                .filter(|r| !r.winner)
                .map(|r| r.total)
                .max()
            // A win on the tiebreak (more jars delivered) is no win by points.
            && w.total > next
        {
            beat(&mut out.biggest_win, &w.name, w.total - next, g);
        }
    }
    // Most games and wins: the higher count; at a tie, whoever got there first (whose last
    // game, or last win, came earlier); in the same game, by name.
    let at = |g: &GameRow| (g.played_at, g.id);
    let mut by_name: Vec<_> = tally.into_iter().collect();
    by_name.sort_by(|a, b| a.0.cmp(b.0));
    by_name.sort_by_key(|(_, t)| at(t.3));
    for (name, t) in &by_name {
        beat_or_share(&mut out.most_games, name, t.0, t.3);
    }
    by_name.sort_by_key(|(_, t)| t.4.map(at));
    for (name, t) in &by_name {
        if let Some(last_win) = t.4 {
            beat_or_share(&mut out.most_wins, name, t.1, last_win);
        }
    }
    out
}
