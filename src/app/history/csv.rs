//! The games of the history as CSV, one row per person and game.

use super::mode_name;
use crate::app::export::csv_field;
use crate::history::GameRow;
use crate::i18n::{n, tr};
use crate::words::is_bot_person;

/// `games` as CSV (with a byte-order mark, for spreadsheets that guess the encoding): one row
/// per person and game. In solo, the tempest's points and the net score too; the game's seed
/// code, and an AI's level (empty for a person), last.
pub fn games_csv(games: &[GameRow]) -> String {
    let mut out = String::from("\u{feff}");
    // A game's rows share its number (as `noctiluca history list` gives it) and the minute
    // it was recorded, so two games of a day with the same people stay apart.
    let head = [
        n("game"),
        n("date"),
        n("time (UTC)"),
        n("mode"),
        n("players"),
        n("person"),
        n("seat"),
        n("token_points"),
        n("majority_points"),
        n("jar_bonus"),
        n("favourite"),
        n("leftovers"),
        n("total"),
        n("rank"),
        n("winner"),
        n("delivered"),
        n("tempest"),
        n("net_score"),
        n("seed"),
        n("ai_level"),
    ];
    out.push_str(&head.map(|h| csv_field(tr(h))).join(","));
    out.push('\n');
    for g in games {
        // Two AIs of one level in a game told apart, as the list tells them.
        let names = crate::words::seat_people(g.results.iter().map(|r| &*r.name));
        for (r, name) in g.results.iter().zip(&names) {
            let row = [
                g.id.to_string(),
                crate::history::date_utc(g.played_at),
                crate::history::date_time_utc(g.played_at)[11..].to_string(),
                mode_name(g.mode).to_string(),
                g.players.to_string(),
                csv_field(name),
                (r.seat + 1).to_string(),
                r.token_points.to_string(),
                r.majority_points.to_string(),
                r.jar_bonus.to_string(),
                r.favourite_points.to_string(),
                r.leftovers.to_string(),
                r.total.to_string(),
                r.rank.to_string(),
                (r.winner as u8).to_string(),
                r.delivered.to_string(),
                r.tempest.map(|t| t.to_string()).unwrap_or_default(),
                r.tempest
                    .map(|t| (r.total - t).to_string())
                    .unwrap_or_default(),
                g.seed.as_deref().map(csv_field).unwrap_or_default(),
                // The seat's level as played ("hard:300ms"), or the AI person's ("hard").
                r.bot
                    .as_deref()
                    .or_else(|| {
                        r.name
                            .strip_suffix(" bot")
                            .filter(|_| is_bot_person(&r.name))
                    })
                    .map(csv_field)
                    .unwrap_or_default(),
            ];
            out.push_str(&row.join(","));
            out.push('\n');
        }
    }
    out
}
