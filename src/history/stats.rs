//! Statistics from the history: per person, and head to head.

use super::{History, HistoryError};
use serde::Serialize;

/// One person's record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PersonStats {
    pub name: String,
    pub bot: Option<String>,
    /// Games played, and games one of the person's seats won.
    pub games: u32,
    pub wins: u32,
    /// Seats held, and seats that won: more than the games where one person held several
    /// (two bots of one level at a table are one person).
    pub seats: u32,
    pub seat_wins: u32,
    pub best: i64,
    pub average: f64,
    /// (players at the table, seats held, seats that won).
    pub by_players: Vec<(u8, u32, u32)>,
    /// Averages of the scoring lines: tokens, majorities, jar bonus, favourite, leftovers.
    pub lines: [f64; 5],
    /// The average the tempest took off (0 for a game at a table): the lines less this are
    /// the average, which counts a solo game by its net score.
    pub tempest: f64,
    /// (favourite colour, games, average favourite points).
    pub favourites: Vec<(String, u32, f64)>,
    /// (when, total, game) of every seat the person held, oldest first (a bot level that
    /// held two seats of a game has two scores of that game).
    pub scores: Vec<(i64, i64, i64)>,
}

impl PersonStats {
    /// The share of the person's seats that won. For a person holding one seat a game, the
    /// share of games won; for a bot level that sat at a table two or three times over, a
    /// game it won counts once for each seat it held, so that share is not 100% when it
    /// played only itself.
    pub fn win_rate(&self) -> f64 {
        if self.seats == 0 {
            0.0
        } else {
            self.seat_wins as f64 / self.seats as f64
        }
    }

    /// Did the person hold more than one seat in some game?
    pub fn several_seats(&self) -> bool {
        self.seats > self.games
    }
}

/// Which games a record counts: a solo game's score is a net score, against the tempest, and
/// does not compare with a score at a table of people.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameKind {
    #[default]
    All,
    /// Games of 2–4 players.
    Table,
    Solo,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::All, GameKind::Table, GameKind::Solo];

    /// The number the queries below are given for it.
    fn number(self) -> i64 {
        match self {
            GameKind::All => 0,
            GameKind::Table => 1,
            GameKind::Solo => 2,
        }
    }
}

/// Every person's record (or one person's), by name, over every game. A solo game's score is
/// its net, what the tempest took off deducted (as the game's result says it).
pub fn person_stats(h: &History, person: Option<&str>) -> Result<Vec<PersonStats>, HistoryError> {
    person_stats_of(h, person, GameKind::All)
}

/// `person_stats` over the games of one kind; a person with none of them is left out.
pub fn person_stats_of(
    h: &History,
    person: Option<&str>,
    kind: GameKind,
) -> Result<Vec<PersonStats>, HistoryError> {
    let c = h.conn();
    let kind = kind.number();
    // ?2: 0 every game, 1 the games at a table, 2 the solo games.
    const OF_KIND: &str = "(?2 = 0 OR (?2 = 1 AND g.players > 1) OR (?2 = 2 AND g.players = 1))";
    let mut st = c.prepare(&format!(
        "SELECT p.id, p.name, p.bot_level, COUNT(DISTINCT r.game_id),
                COUNT(DISTINCT CASE WHEN r.winner THEN r.game_id END),
                COUNT(*), COALESCE(SUM(r.winner), 0),
                MAX(r.total - COALESCE(r.tempest, 0)), AVG(r.total - COALESCE(r.tempest, 0)),
                AVG(r.token_points), AVG(r.majority_points), AVG(r.jar_bonus),
                AVG(r.favourite_points), AVG(r.leftovers), AVG(COALESCE(r.tempest, 0))
         FROM results r JOIN people p ON p.id = r.person_id JOIN games g ON g.id = r.game_id
         WHERE (?1 IS NULL OR p.name = ?1) AND {OF_KIND}
         GROUP BY p.id ORDER BY p.name COLLATE NOCASE"
    ))?;
    let rows = st.query_map(rusqlite::params![person, kind], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            PersonStats {
                name: r.get(1)?,
                bot: r.get(2)?,
                games: r.get(3)?,
                wins: r.get(4)?,
                seats: r.get(5)?,
                seat_wins: r.get(6)?,
                best: r.get(7)?,
                average: r.get(8)?,
                by_players: Vec::new(),
                lines: [r.get(9)?, r.get(10)?, r.get(11)?, r.get(12)?, r.get(13)?],
                tempest: r.get(14)?,
                favourites: Vec::new(),
                scores: Vec::new(),
            },
        ))
    })?;
    let mut out: Vec<(i64, PersonStats)> = rows.collect::<Result<_, _>>()?;
    let mut by_players = c.prepare(&format!(
        "SELECT g.players, COUNT(*), COALESCE(SUM(r.winner), 0)
         FROM results r JOIN games g ON g.id = r.game_id
         WHERE r.person_id = ?1 AND {OF_KIND} GROUP BY g.players ORDER BY g.players"
    ))?;
    let mut favourites = c.prepare(&format!(
        "SELECT r.favourite, COUNT(*), AVG(r.favourite_points)
         FROM results r JOIN games g ON g.id = r.game_id
         WHERE r.person_id = ?1 AND r.favourite IS NOT NULL AND {OF_KIND}
         GROUP BY r.favourite ORDER BY COUNT(*) DESC, r.favourite"
    ))?;
    let mut scores = c.prepare(&format!(
        "SELECT g.played_at, r.total - COALESCE(r.tempest, 0), g.id
         FROM results r JOIN games g ON g.id = r.game_id
         WHERE r.person_id = ?1 AND {OF_KIND} ORDER BY g.played_at, g.id, r.seat"
    ))?;
    for (id, s) in &mut out {
        let of = rusqlite::params![*id, kind];
        s.by_players = by_players
            .query_map(of, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        s.favourites = favourites
            .query_map(of, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        s.scores = scores
            .query_map(of, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
    }
    Ok(out.into_iter().map(|(_, s)| s).collect())
}

/// Two people in the games they both played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeadToHead {
    pub games: u32,
    /// Games the first finished ahead of the second (by rank), and the reverse.
    pub first_ahead: u32,
    pub second_ahead: u32,
    pub first_average: f64,
    pub second_average: f64,
}

/// The people `person` played at least one game with, by name: the only ones head to head
/// has anything to say of.
pub fn rivals(h: &History, person: &str) -> Result<Vec<String>, HistoryError> {
    let mut st = h.conn().prepare(
        "SELECT DISTINCT p.name FROM results r JOIN people p ON p.id = r.person_id
         WHERE p.name <> ?1 AND r.game_id IN (SELECT r2.game_id FROM results r2
                JOIN people p2 ON p2.id = r2.person_id WHERE p2.name = ?1)
         ORDER BY p.name COLLATE NOCASE",
    )?;
    let rows = st.query_map([person], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn head_to_head(h: &History, first: &str, second: &str) -> Result<HeadToHead, HistoryError> {
    Ok(h.conn().query_row(
        // A game counts once, however many seats each held in it (two bots of one level are
        // one person): a person's best rank and average score in each game.
        "WITH a AS (SELECT r.game_id, MIN(r.rank) AS rank, AVG(r.total) AS total
                    FROM results r JOIN people p ON p.id = r.person_id
                    WHERE p.name = ?1 GROUP BY r.game_id),
              b AS (SELECT r.game_id, MIN(r.rank) AS rank, AVG(r.total) AS total
                    FROM results r JOIN people p ON p.id = r.person_id
                    WHERE p.name = ?2 GROUP BY r.game_id)
         SELECT COUNT(*), COALESCE(SUM(a.rank < b.rank), 0), COALESCE(SUM(b.rank < a.rank), 0),
                COALESCE(AVG(a.total), 0), COALESCE(AVG(b.total), 0)
         FROM a JOIN b ON b.game_id = a.game_id",
        [first, second],
        |r| {
            Ok(HeadToHead {
                games: r.get(0)?,
                first_ahead: r.get(1)?,
                second_ahead: r.get(2)?,
                first_average: r.get(3)?,
                second_average: r.get(4)?,
            })
        },
    )?)
}
