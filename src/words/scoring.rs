//! Final scoring in words: majority sentences, the plain-text breakdown table and the result
//! line, in the reader's language.

use crate::engine::scoring::{
    Holder, Majority, Outcome, Problem, ProblemKind, ScoreInput, ScoreResult,
};
use crate::i18n::tr;
use crate::trf;
use crate::words::{Label, list_more};

/// A player's name for sentences: the name given, or "Player 2" when it is blank.
pub fn player_name(name: &str, i: usize) -> String {
    if name.trim().is_empty() {
        trf!("Player {number}", number = i + 1)
    } else {
        name.to_string()
    }
}

/// A consistency problem as a sentence, naming players as `input` does.
pub fn score_problem(p: &Problem, input: &ScoreInput) -> String {
    use crate::engine::scoring::Field;
    let said = problem_kind(&p.kind, input);
    // The sentences about one player's bonus, favourite or leftovers do not name them (the
    // calculator shows them in that player's column): in a list, the name comes first.
    let whose = match (p.field, &p.kind) {
        (
            Field::JarBonus(i) | Field::Favourite(i) | Field::Leftovers(i),
            ProblemKind::BonusTooHigh { .. }
            | ProblemKind::FavouriteTooHigh { .. }
            | ProblemKind::TooManyLeftovers { .. },
        ) => Some(i),
        _ => None,
    };
    match whose {
        Some(i) => trf!(
            "{name}: {problem}",
            name = player_name(
                input
                    .players
                    .get(i as usize)
                    .map_or("", |p| p.name.as_str()),
                i as usize
            ),
            problem = said
        ),
        None => said,
    }
}

/// The sentence for one kind of consistency problem.
pub fn problem_kind(kind: &ProblemKind, input: &ScoreInput) -> String {
    let who = |h: Holder| match h {
        Holder::Player(i) => player_name(
            input
                .players
                .get(i as usize)
                .map_or("", |p| p.name.as_str()),
            i as usize,
        ),
        Holder::Tempest => tr("the tempest").to_string(),
    };
    let name = |i: u8| who(Holder::Player(i));
    match kind {
        ProblemKind::SoloPlayers { count } => trf!(
            "a solo game has one player and the tempest, not {count} players",
            count
        ),
        // One player without the tempest's part: the solo game, missing its other side.
        ProblemKind::Players { count: 1 } => tr(
            "one player is the solo game, scored with the tempest's part too (its tokens and dice): add it",
        )
        .to_string(),
        ProblemKind::Players { count } => trf!(
            "Noctiluca is played by 2 to 4 players (or solo), not {count}",
            count
        ),
        ProblemKind::TokenNotInStack {
            holder,
            colour,
            value,
            stack,
        } => trf!(
            "{name} has a {colour} token worth {value}, but the {colour} stack holds only {values}",
            name = who(*holder),
            colour = colour.label(),
            value,
            values = token_list(stack)
        ),
        ProblemKind::MoreTokensThanStack {
            colour,
            count,
            total,
        } => trf!(
            "{count} {colour} tokens entered, but there are only {total} {colour} tokens",
            count,
            colour = colour.label(),
            total
        ),
        ProblemKind::ValueBeyondStack {
            colour,
            value,
            count,
            held,
        } => trf!(
            "{count} {colour} tokens worth {value} entered, but the {colour} stack holds {held} of them",
            count,
            colour = colour.label(),
            value,
            held
        ),
        ProblemKind::NotFromTop {
            colour,
            values,
            top,
        } if values.len() == 1 => trf!(
            "the {colour} token entered ({values}) cannot have been taken: tokens come off the top of the stack, so 1 token is the value {top}",
            colour = colour.label(),
            values = token_list(values),
            top = token_list(top)
        ),
        ProblemKind::NotFromTop {
            colour,
            values,
            top,
        } => trf!(
            "the {colour} tokens entered ({values}) cannot all have been taken: tokens come off the top of the stack, so {count} tokens are the values {top}",
            colour = colour.label(),
            values = token_list(values),
            count = values.len(),
            top = token_list(top)
        ),
        ProblemKind::StackCount {
            colour,
            said,
            taken,
            left,
        } => trf!(
            "the {colour} stack is said to hold {count} tokens, but with {taken} taken it holds {left}",
            colour = colour.label(),
            count = said,
            taken,
            left
        ),
        ProblemKind::MoreJarsThanDeck {
            player,
            count,
            deck,
        } => trf!(
            "{name} delivered {count} jars, but there are only {total} jar cards",
            name = name(*player),
            count,
            total = deck
        ),
        ProblemKind::TokensBeyondDeliveries {
            player,
            tokens: 1,
            delivered,
        } => trf!(
            "{name} holds 1 point token but delivered {count} jars; every token is won by delivering a jar",
            name = name(*player),
            count = delivered
        ),
        ProblemKind::TokensBeyondDeliveries {
            player,
            tokens,
            delivered: 1,
        } => trf!(
            "{name} holds {tokens} point tokens but delivered only 1 jar; every token is won by delivering a jar",
            name = name(*player),
            tokens
        ),
        ProblemKind::TokensBeyondDeliveries {
            player,
            tokens,
            delivered,
        } => trf!(
            "{name} holds {tokens} point tokens but delivered only {count} jars; every token is won by delivering a jar",
            name = name(*player),
            tokens,
            count = delivered
        ),
        // One jar, and so no token; one token of more jars: said in the singular.
        ProblemKind::TokensShortOfDeliveries {
            player,
            colour: Some(colour),
            delivered: 1,
            ..
        } => trf!(
            "{name} delivered 1 {colour} jar but holds no {colour} token, and the {colour} stack is not empty: each delivery takes its top token",
            name = name(*player),
            colour = colour.label()
        ),
        ProblemKind::TokensShortOfDeliveries {
            player,
            colour: Some(colour),
            tokens: 1,
            delivered,
        } => trf!(
            "{name} delivered {count} {colour} jars but holds 1 {colour} token, and the {colour} stack is not empty: each delivery takes its top token",
            name = name(*player),
            count = delivered,
            colour = colour.label()
        ),
        ProblemKind::TokensShortOfDeliveries {
            player,
            colour: None,
            delivered: 1,
            ..
        } => trf!(
            "{name} delivered 1 jar but holds no point token, and no stack is empty: each delivery takes the top token of its colour",
            name = name(*player)
        ),
        ProblemKind::TokensShortOfDeliveries {
            player,
            colour: None,
            tokens: 1,
            delivered,
        } => trf!(
            "{name} delivered {count} jars but holds 1 point token, and no stack is empty: each delivery takes the top token of its colour",
            name = name(*player),
            count = delivered
        ),
        ProblemKind::TokensShortOfDeliveries {
            player,
            colour: Some(colour),
            tokens,
            delivered,
        } => trf!(
            "{name} delivered {count} {colour} jars but holds {tokens} {colour} tokens, and the {colour} stack is not empty: each delivery takes its top token",
            name = name(*player),
            count = delivered,
            colour = colour.label(),
            tokens
        ),
        ProblemKind::TokensShortOfDeliveries {
            player,
            colour: None,
            tokens,
            delivered,
        } => trf!(
            "{name} delivered {count} jars but holds {tokens} point tokens, and no stack is empty: each delivery takes the top token of its colour",
            name = name(*player),
            count = delivered,
            tokens
        ),
        ProblemKind::JarColoursSum {
            player,
            sum,
            delivered,
        } => trf!(
            "{name}'s jars by colour add up to {sum}, not the {count} delivered",
            name = name(*player),
            sum,
            count = delivered
        ),
        ProblemKind::ColourTokensBeyondJars {
            player,
            colour,
            tokens: 1,
            jars: 0,
        } => trf!(
            "{name} holds 1 {colour} token but delivered no {colour} jar; a {colour} token comes from delivering a {colour} jar",
            name = name(*player),
            colour = colour.label()
        ),
        ProblemKind::ColourTokensBeyondJars {
            player,
            colour,
            tokens,
            jars: 0,
        } => trf!(
            "{name} holds {count} {colour} tokens but delivered no {colour} jar; a {colour} token comes from delivering a {colour} jar",
            name = name(*player),
            count = tokens,
            colour = colour.label()
        ),
        ProblemKind::ColourTokensBeyondJars {
            player,
            colour,
            tokens,
            jars: 1,
        } => trf!(
            "{name} holds {count} {colour} tokens but delivered only 1 {colour} jar; a {colour} token comes from delivering a {colour} jar",
            name = name(*player),
            count = tokens,
            colour = colour.label()
        ),
        ProblemKind::ColourTokensBeyondJars {
            player,
            colour,
            tokens,
            jars,
        } => trf!(
            "{name} holds {count} {colour} tokens but delivered {jars} {colour} jars; a {colour} token comes from delivering a {colour} jar",
            name = name(*player),
            count = tokens,
            colour = colour.label(),
            jars
        ),
        ProblemKind::BonusTooHigh {
            delivered: 1,
            max,
            bonus,
        } => trf!(
            "1 delivered jar carries at most {max} bonus points, not {bonus}",
            max,
            bonus
        ),
        ProblemKind::BonusTooHigh {
            delivered,
            max,
            bonus,
        } => trf!(
            "{count} delivered jars carry at most {max} bonus points, not {bonus}",
            count = delivered,
            max,
            bonus
        ),
        ProblemKind::FavouriteTooHigh {
            delivered: 1,
            colour: Some(colour),
            max,
            spaces,
        } => trf!(
            "1 delivered jar holds at most {max} spaces of {colour}, not {spaces}",
            max,
            colour = colour.label(),
            spaces
        ),
        ProblemKind::FavouriteTooHigh {
            delivered: 1,
            colour: None,
            max,
            spaces,
        } => trf!(
            "1 delivered jar holds at most {max} spaces of one colour, not {spaces}",
            max,
            spaces
        ),
        ProblemKind::FavouriteTooHigh {
            delivered,
            colour: Some(colour),
            max,
            spaces,
        } => trf!(
            "{count} delivered jars hold at most {max} spaces of {colour}, not {spaces}",
            count = delivered,
            max,
            colour = colour.label(),
            spaces
        ),
        ProblemKind::FavouriteTooHigh {
            delivered,
            colour: None,
            max,
            spaces,
        } => trf!(
            "{count} delivered jars hold at most {max} spaces of one colour, not {spaces}",
            count = delivered,
            max,
            spaces
        ),
        ProblemKind::SharedFavourite {
            player,
            first,
            colour,
        } => trf!(
            "{name} has the same favourite colour as {first}, {colour}; there is one favourite card per colour",
            name = name(*player),
            first = name(*first),
            colour = colour.label()
        ),
        ProblemKind::TooManyLeftovers { max, count } => trf!(
            "a player ends with at most 2 undelivered jars, none of them full: at most {max} dice, not {count}",
            max,
            count
        ),
        ProblemKind::ColourJarsBeyondDeck {
            colour,
            total,
            deck,
        } => trf!(
            "{total} {colour} jars delivered in all, but there are only {count} {colour} jar cards",
            total,
            colour = colour.label(),
            count = deck
        ),
        ProblemKind::JarsBeyondDeck { total, deck } => trf!(
            "{total} jars delivered in all, but there are only {count} jar cards",
            total,
            count = deck
        ),
        ProblemKind::TempestDice { count } => trf!(
            "the tempest cannot hold {count} dice; there are {total}",
            count,
            total = crate::engine::types::TOTAL_DICE
        ),
        ProblemKind::TempestTokens { count, max } => trf!(
            "the tempest cannot hold {count} tokens: it takes at most one after each of your {max} turns",
            count,
            max
        ),
    }
}

/// Token values like "2, 2, 3" (or "none"), in the thread's language.
fn token_list(v: &[u32]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .reduce(|a, b| list_more(&a, &b))
        .unwrap_or_else(|| tr("none").to_string())
}

/// Majority sentences.
pub trait MajorityWords {
    /// One sentence, e.g. "Red: Bridget and Char tie with 3 tokens each; 3 left in the stack
    /// → 1 each, 1 discarded."
    fn explain(&self, names: &[String]) -> String;
}

impl MajorityWords for Majority {
    /// One sentence in the thread's language, e.g. "Red: Bridget and Char tie with 3 tokens
    /// each; 3 left in the stack → 1 each, 1 discarded."
    fn explain(&self, names: &[String]) -> String {
        let name = |h: &Holder| match h {
            Holder::Player(i) => names
                .get(*i as usize)
                .cloned()
                .unwrap_or_else(|| trf!("Player {number}", number = i + 1)),
            Holder::Tempest => tr("the tempest").to_string(),
        };
        let title = capitalise(self.colour.label());
        let colour = self.colour.label();
        if self.leaders.is_empty() {
            return trf!(
                "{title}: nobody holds a {colour} token; the stack ({left} left) is left alone.",
                title,
                colour,
                left = self.remaining
            );
        }
        let top = match self.leaders[0] {
            Holder::Player(i) => self.counts[i as usize],
            Holder::Tempest => self.tempest_count.unwrap_or(0),
        };
        if self.leaders.len() == 1 {
            let leader = name(&self.leaders[0]);
            // The solo player the app calls "You" is spoken to: "you have", not "You has".
            if leader == tr("You") {
                return if top == 1 {
                    trf!(
                        "{title}: you have the majority with {count} token; {left} left in the stack → you take {each}.",
                        title,
                        count = top,
                        left = self.remaining,
                        each = self.each
                    )
                } else {
                    trf!(
                        "{title}: you have the majority with {count} tokens; {left} left in the stack → you take {each}.",
                        title,
                        count = top,
                        left = self.remaining,
                        each = self.each
                    )
                };
            }
            if top == 1 {
                trf!(
                    "{title}: {name} has the majority with {count} token; {left} left in the stack → {name} takes {each}.",
                    title,
                    name = leader,
                    count = top,
                    left = self.remaining,
                    each = self.each
                )
            } else {
                trf!(
                    "{title}: {name} has the majority with {count} tokens; {left} left in the stack → {name} takes {each}.",
                    title,
                    name = leader,
                    count = top,
                    left = self.remaining,
                    each = self.each
                )
            }
        } else {
            let names: Vec<String> = self.leaders.iter().map(name).collect();
            let names = join_names(&names);
            if top == 1 {
                trf!(
                    "{title}: {names} tie with {count} token each; {left} left in the stack → {each} each, {discarded} discarded.",
                    title,
                    names,
                    count = top,
                    left = self.remaining,
                    each = self.each,
                    discarded = self.discarded
                )
            } else {
                trf!(
                    "{title}: {names} tie with {count} tokens each; {left} left in the stack → {each} each, {discarded} discarded.",
                    title,
                    names,
                    count = top,
                    left = self.remaining,
                    each = self.each,
                    discarded = self.discarded
                )
            }
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// "A", "A and B", "A, B and C" (in the thread's language).
pub fn join_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [earlier @ .., last] => trf!(
            "{first} and {last}",
            first = earlier
                .iter()
                .cloned()
                .reduce(|a, b| list_more(&a, &b))
                .unwrap_or_default(),
            last
        ),
    }
}

/// Columns a string takes in a monospaced terminal: two for East Asian wide characters, none
/// for combining marks.
fn text_width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// `s` padded with spaces to `width` columns, on the right (`left_align`) or on the left.
fn pad(s: &str, width: usize, left_align: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text_width(s)));
    if left_align {
        format!("{s}{fill}")
    } else {
        format!("{fill}{s}")
    }
}

/// `s` cut to at most `width` columns, an ellipsis marking the cut.
fn fit(s: &str, width: usize) -> String {
    if text_width(s) <= width {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if text_width(&out) + w + 1 > width {
            break;
        }
        out.push(c);
    }
    out + "…"
}

/// The name column's width: 16 columns, wider for a longer name, up to 32.
const NAME_COLUMN: usize = 16;
const NAME_COLUMN_MAX: usize = 32;

/// One row of the breakdown table: a left-aligned name (cut to `first_width`), then
/// right-aligned columns.
fn table_row(first: &str, first_width: usize, rest: &[String], widths: &[usize]) -> String {
    let mut line = pad(&fit(first, first_width), first_width, true);
    for (cell, width) in rest.iter().zip(widths) {
        line.push(' ');
        line.push_str(&pad(cell, *width, false));
    }
    line
}

/// A plain-text breakdown, one line per player plus the majority sentences and the result, in
/// the thread's language.
pub fn describe(input: &ScoreInput, result: &ScoreResult) -> String {
    use std::fmt::Write;
    let names: Vec<String> = input
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| player_name(&p.name, i))
        .collect();
    let mut s = String::new();
    let header = [
        tr("tokens"),
        tr("majority"),
        // The jar bonus, and the jars delivered (which break a tie), as the calculator's
        // columns call them ("jars" over the bonus read as the number of jars).
        tr("bonus"),
        tr("favourite"),
        tr("leftovers"),
        tr("total"),
        tr("jars"),
    ]
    .map(str::to_string);
    // At least as wide as the English table's columns, and as wide as each heading.
    let widths: Vec<usize> = [6, 9, 7, 9, 9, 6, 9]
        .into_iter()
        .zip(&header)
        .map(|(w, h)| w.max(text_width(h)))
        .collect();
    let first = names
        .iter()
        .map(String::as_str)
        .chain([tr("player"), tr("tempest")])
        .map(text_width)
        .max()
        .unwrap_or(0)
        .clamp(NAME_COLUMN, NAME_COLUMN_MAX);
    let _ = writeln!(s, "{}", table_row(tr("player"), first, &header, &widths));
    for (i, p) in result.players.iter().enumerate() {
        let cells = [
            p.token_points,
            p.majority_points,
            p.jar_bonus,
            p.favourite,
            p.leftovers,
        ]
        .iter()
        .map(|v| v.to_string())
        .chain([p.total.to_string(), p.delivered.to_string()])
        .collect::<Vec<_>>();
        let _ = writeln!(s, "{}", table_row(&names[i], first, &cells, &widths));
    }
    if let Some(t) = &result.tempest {
        let cells = [
            t.token_points.to_string(),
            t.majority_points.to_string(),
            String::new(),
            String::new(),
            trf!("{count} dice", count = t.dice),
            (-t.penalty).to_string(),
        ];
        let _ = writeln!(s, "{}", table_row(tr("tempest"), first, &cells, &widths));
    }
    for m in &result.majorities {
        let _ = writeln!(s, "{}", m.explain(&names));
    }
    let line = outcome_sentence(&names, result);
    let _ = writeln!(s, "{line}");
    if let Some(places) = places_sentence(&names, result) {
        let _ = writeln!(s, "{places}");
    }
    s
}

/// The result in one sentence: who wins and why ("Ada wins on the tiebreak: tied on 41 points
/// with Bo, with the most jars delivered (7)."), who shares the victory, or the solo result.
pub fn outcome_sentence(names: &[String], result: &ScoreResult) -> String {
    let r = result;
    let name = |i: u8| {
        names
            .get(i as usize)
            .cloned()
            .unwrap_or_else(|| player_name("", i as usize))
    };
    match &r.outcome {
        Outcome::Winner { player, tiebreak } => {
            let p = &r.players[*player as usize];
            if *tiebreak {
                let others: Vec<String> = r
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(j, q)| *j != *player as usize && q.total == p.total)
                    .map(|(j, _)| name(j as u8))
                    .collect();
                trf!(
                    "{winner} wins on the tiebreak: tied on {points} points with {others}, with \
                     the most jars delivered ({jars}).",
                    winner = name(*player),
                    points = p.total,
                    others = join_names(&others),
                    jars = p.delivered
                )
            } else {
                trf!(
                    "{winner} wins with {points} points.",
                    winner = name(*player),
                    points = p.total
                )
            }
        }
        Outcome::Shared { players } => {
            let shared: Vec<String> = players.iter().map(|&i| name(i)).collect();
            let first = players
                .first()
                .and_then(|&i| r.players.get(i as usize))
                .cloned()
                .unwrap_or_default();
            if first.delivered == 1 {
                trf!(
                    "{names} share the victory: {points} points and 1 jar delivered each.",
                    names = join_names(&shared),
                    points = first.total
                )
            } else {
                trf!(
                    "{names} share the victory: {points} points and {jars} jars delivered each.",
                    names = join_names(&shared),
                    points = first.total,
                    jars = first.delivered
                )
            }
        }
        Outcome::Solo { net, won } => {
            if *won {
                trf!("Net score {net}: a win (1 or more wins).", net)
            } else {
                trf!("Net score {net}: a loss (you need 1 or more to win).", net)
            }
        }
    }
}

/// The places after the winner, ties said ("Then: 2. Bo (27 points); 3. Ann and Cat, tied
/// on 19 points and 3 jars each."), for three players or more: a shared place had not been
/// said anywhere. `None` for two players or the solo game.
pub fn places_sentence(names: &[String], result: &ScoreResult) -> Option<String> {
    let players = &result.players;
    if players.len() < 3 || matches!(result.outcome, Outcome::Solo { .. }) {
        return None;
    }
    let key = |p: &crate::engine::scoring::PlayerScore| (p.total, p.delivered);
    let rank = |i: usize| 1 + players.iter().filter(|q| key(q) > key(&players[i])).count();
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| player_name("", i));
    let mut places: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&i| (rank(i), i));
    for i in order {
        match places.last_mut() {
            Some((r, seats)) if *r == rank(i) => seats.push(i),
            _ => places.push((rank(i), vec![i])),
        }
    }
    let words: Vec<String> = places
        .iter()
        .filter(|(r, _)| *r > 1)
        .map(|(r, seats)| {
            let p = &players[seats[0]];
            if let [one] = seats.as_slice() {
                trf!(
                    "{place}. {name} ({points} points)",
                    place = r,
                    name = name(*one),
                    points = p.total
                )
            } else {
                let tied: Vec<String> = seats.iter().map(|&i| name(i)).collect();
                if p.delivered == 1 {
                    trf!(
                        "{place}. {names}, tied on {points} points and 1 jar each",
                        place = r,
                        names = join_names(&tied),
                        points = p.total
                    )
                } else {
                    trf!(
                        "{place}. {names}, tied on {points} points and {jars} jars each",
                        place = r,
                        names = join_names(&tied),
                        points = p.total,
                        jars = p.delivered
                    )
                }
            }
        })
        .collect();
    (!words.is_empty()).then(|| trf!("Then: {places}.", places = words.join(tr("; "))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scoring::{PerJar, PlayerInput, TempestInput, score};
    use crate::engine::{Components, JarColour, scoring};

    fn player(name: &str, red: &[u32]) -> PlayerInput {
        PlayerInput {
            name: name.into(),
            tokens: PerJar {
                red: red.to_vec(),
                ..Default::default()
            },
            delivered: red.len() as u32,
            ..Default::default()
        }
    }

    #[test]
    fn the_rulebook_majority_example_reads_as_the_rulebook_tells_it() {
        let input = ScoreInput {
            players: vec![
                player("Bridget", &[2, 3, 4]),
                player("Char", &[2, 3, 5]),
                player("Adam", &[4]),
            ],
            ..Default::default()
        };
        let r = score(&input);
        let names: Vec<String> = input.players.iter().map(|p| p.name.clone()).collect();
        assert_eq!(
            r.majorities[JarColour::Red.index()].explain(&names),
            "Red: Bridget and Char tie with 3 tokens each; 3 left in the stack → 1 each, 1 discarded."
        );
    }

    #[test]
    fn problems_name_the_player_and_the_values() {
        let input = ScoreInput {
            players: vec![player("", &[2, 4]), player("Bea", &[7])],
            ..Default::default()
        };
        let problems = scoring::check(&input, &Components::default());
        let words: Vec<String> = problems.iter().map(|p| score_problem(p, &input)).collect();
        assert!(
            words
                .iter()
                .any(|w| w.starts_with("Bea has a red token worth 7")),
            "{words:?}"
        );
        let input = ScoreInput {
            players: vec![player("", &[2, 4]), player("Bea", &[])],
            ..Default::default()
        };
        let problems = scoring::check(&input, &Components::default());
        assert_eq!(
            score_problem(&problems[0], &input),
            "the red tokens entered (2, 4) cannot all have been taken: tokens come off the top \
             of the stack, so 2 tokens are the values 2, 2"
        );
    }

    #[test]
    fn extreme_entries_are_described_without_panicking() {
        let input = ScoreInput {
            players: vec![PlayerInput {
                tokens: PerJar {
                    gold: vec![u32::MAX, u32::MAX],
                    ..Default::default()
                },
                jar_bonus: u32::MAX,
                favourite_spaces: u32::MAX,
                leftover_dice: u32::MAX,
                delivered: u32::MAX,
                ..Default::default()
            }],
            stacks: None,
            tempest: Some(TempestInput {
                tokens: PerJar::default(),
                dice: u32::MAX,
            }),
        };
        let text = describe(&input, &score(&input));
        assert!(text.contains("Player 1"), "{text}");
        for p in scoring::check(&input, &Components::default()) {
            assert!(!score_problem(&p, &input).is_empty());
        }
        let empty = ScoreInput::default();
        let _ = describe(&empty, &score(&empty));
    }

    #[test]
    fn wide_names_pad_to_the_same_columns() {
        assert_eq!(text_width("小明"), 4);
        assert_eq!(text_width("e\u{301}"), 1);
        assert_eq!(text_width(&pad("小明", 16, true)), 16);
        assert_eq!(text_width(&pad("Bo", 16, true)), 16);
        let input = ScoreInput {
            players: vec![player("小明", &[2, 3]), player("Bo", &[2])],
            ..Default::default()
        };
        let text = describe(&input, &score(&input));
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("小明  ") || l.starts_with("Bo  "))
            .collect();
        assert_eq!(rows.len(), 2, "{text}");
        assert_eq!(text_width(rows[0]), text_width(rows[1]), "{text}");
    }
}
