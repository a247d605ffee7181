//! How many games a filter lets through, all of them (the list shows the newest few hundred).

use super::{Filter, History, HistoryError};

/// The games `Filter` lets through (`?1` mode, `?2` players, `?3`–`?4` dates, `?5` person,
/// `?7` game, `?8` the other person; `?6` is the list's limit).
pub(super) const FILTERED: &str = "WHERE (?1 IS NULL OR g.mode = ?1)
   AND (?2 IS NULL OR g.players = ?2)
   AND (?3 IS NULL OR g.played_at >= ?3)
   AND (?4 IS NULL OR g.played_at <= ?4)
   AND (?5 IS NULL OR g.id IN (SELECT r.game_id FROM results r
                              WHERE r.person_id = (SELECT id FROM people WHERE name = ?5)))
   AND (?7 IS NULL OR g.id = ?7)
   AND (?8 IS NULL OR g.id IN (SELECT r.game_id FROM results r
                              WHERE r.person_id = (SELECT id FROM people WHERE name = ?8)))";

impl History {
    /// How many games `f` lets through, whatever its limit.
    pub fn count_games(&self, f: &Filter) -> Result<i64, HistoryError> {
        let sql = format!("SELECT COUNT(*) FROM games g {FILTERED}");
        Ok(self.conn.query_row(&sql, filter_params(f), |r| r.get(0))?)
    }
}

/// `f`'s values for `FILTERED` (and the list's limit, `?6`).
pub(super) fn filter_params(f: &Filter) -> impl rusqlite::Params + '_ {
    (
        f.mode.map(|m| m.key()),
        f.players,
        f.from,
        f.to,
        f.person.as_deref(),
        f.limit,
        f.game,
        f.with.as_deref(),
    )
}
