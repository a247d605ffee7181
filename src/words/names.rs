//! Names and lists: colours, directions, paths and dice counts in the reader's language.

use crate::engine::board::PathKind;
use crate::engine::state::SpaceDice;
use crate::engine::types::{ColourCounts, DiceColour, Die, Direction, JarColour};
use crate::i18n::tr;

/// A thing's name inside a sentence, in the thread's language ("orange", "gold", "clockwise",
/// "short"). The engine's `name()` stays the fixed English word that files and the command
/// line read.
pub trait Label {
    fn label(&self) -> &'static str;
}

impl Label for DiceColour {
    fn label(&self) -> &'static str {
        match self {
            DiceColour::Orange => tr("orange"),
            DiceColour::Green => tr("green"),
            DiceColour::Purple => tr("purple"),
            DiceColour::Blue => tr("blue"),
        }
    }
}

/// One die of a colour with its article, as a sentence needs it: "an orange die", "a green die".
pub fn a_die(c: DiceColour) -> &'static str {
    match c {
        DiceColour::Orange => tr("an orange die"),
        DiceColour::Green => tr("a green die"),
        DiceColour::Purple => tr("a purple die"),
        DiceColour::Blue => tr("a blue die"),
    }
}

impl Label for JarColour {
    fn label(&self) -> &'static str {
        match self {
            JarColour::Gold => tr("gold"),
            JarColour::Brown => tr("brown"),
            JarColour::Red => tr("red"),
        }
    }
}

impl Label for Direction {
    fn label(&self) -> &'static str {
        match self {
            Direction::Clockwise => tr("clockwise"),
            Direction::CounterClockwise => tr("counter-clockwise"),
        }
    }
}

impl Label for PathKind {
    fn label(&self) -> &'static str {
        match self {
            PathKind::Short => tr("short"),
            PathKind::Long => tr("long"),
        }
    }
}

/// The colour of one space of a jar card, as written in a card's label: the letter ("O")
/// in English, the colour's character in Chinese.
pub fn letter_label(c: DiceColour) -> &'static str {
    match c {
        DiceColour::Orange => tr("O"),
        DiceColour::Green => tr("G"),
        DiceColour::Purple => tr("P"),
        DiceColour::Blue => tr("B"),
    }
}

/// Writes counts like "2 purple, 1 blue" (or "nothing"), in the thread's language.
pub fn describe_counts(counts: &ColourCounts) -> String {
    DiceColour::ALL
        .iter()
        .filter(|c| counts[c.index()] > 0)
        .map(|c| {
            crate::trf!(
                "{count} {colour}",
                count = counts[c.index()],
                colour = c.label()
            )
        })
        .reduce(|earlier, next| list_more(&earlier, &next))
        .unwrap_or_else(|| tr("nothing").to_string())
}

/// The items of a list as the thread's language writes lists: "a, b, c" (in Chinese
/// "a、b、c"); empty for no items.
pub fn join_list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    items
        .into_iter()
        .fold(None, |list: Option<String>, item| {
            Some(match list {
                None => item.as_ref().to_owned(),
                Some(list) => list_more(&list, item.as_ref()),
            })
        })
        .unwrap_or_default()
}

/// `text` begun as a sentence is: its first letter a capital. For a problem worded to go
/// after "error:" or inside another sentence, shown on its own ("⚠ the last character…" had
/// read as cut off).
pub fn as_sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => text.to_string(),
    }
}

/// The items of a list joined as a sentence joins them: "a and b", "a, b and c" (in Chinese
/// "a和b", "a、b和c"); empty for no items.
pub fn join_and<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let mut items: Vec<String> = items.into_iter().map(|s| s.as_ref().to_owned()).collect();
    match items.pop() {
        None => String::new(),
        Some(last) if items.is_empty() => last,
        Some(last) => crate::trf!("{list} and {last}", list = join_list(items), last),
    }
}

/// Sentences one after another: a space between them, none after a full-width stop (Chinese
/// runs its sentences together). Empty ones are left out.
pub fn sentences<S: AsRef<str>>(parts: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    for p in parts {
        let p = p.as_ref().trim();
        if p.is_empty() {
            continue;
        }
        if !out.is_empty() && !out.ends_with(['。', '！', '？', '：', '」', '）']) {
            out.push(' ');
        }
        out.push_str(p);
    }
    out
}

/// One more item of a list: "a, b" (in Chinese "a、b").
pub fn list_more(earlier: &str, next: &str) -> String {
    crate::trf!("{earlier}, {next}", earlier, next)
}

/// The dice on a pool space in reading order (by colour, then face): "orange 3, blue 3,
/// blue 6", or with `faces` off "orange, blue, blue"; empty for none.
pub fn space_dice(space: &SpaceDice, faces: bool) -> String {
    let mut dice: Vec<Die> = space.dice().collect();
    if !faces {
        // Counted as a person counts them: "3 orange, 1 purple".
        if dice.is_empty() {
            return String::new();
        }
        let mut counts: ColourCounts = [0; 4];
        for d in &dice {
            counts[d.colour.index()] += 1;
        }
        return describe_counts(&counts);
    }
    dice.sort_by_key(|d| (d.colour, d.face));
    join_list(
        dice.iter()
            .map(|d| format!("{} {}", d.colour.label(), d.face)),
    )
}

/// The people the app names itself: a seat left unnamed ("Player 2") and the AI players
/// ("easy bot"). The history keeps them in English, so that one seat is one person whatever
/// language the game was played in, and shows them in the reader's words ("AI Easy", as the
/// table says beside an AI's seat).
const BOT_PEOPLE: [&str; 5] = [
    crate::i18n::n("random bot"),
    crate::i18n::n("easy bot"),
    crate::i18n::n("normal bot"),
    crate::i18n::n("hard bot"),
    crate::i18n::n("expert bot"),
];

/// Is this person of the history an AI player (a name the app gives them)?
pub fn is_bot_person(stored: &str) -> bool {
    BOT_PEOPLE.contains(&stored)
}

/// A person of the history as shown: a name the app gave, in the reader's language; a name
/// someone typed, as typed.
pub fn person_name(stored: &str) -> String {
    if let Some(number) = stored
        .strip_prefix("Player ")
        .and_then(|n| n.parse::<u32>().ok())
    {
        return crate::trf!("Player {number}", number);
    }
    // An AI player as the table names its level ("AI Easy"), in both places.
    match BOT_PEOPLE.iter().find(|&&k| k == stored) {
        Some(k) => crate::trf!(
            "AI {level}",
            level = crate::app::game::bot_level_name(k.trim_end_matches(" bot"))
        ),
        None => stored.to_string(),
    }
}

/// The people of a game's seats as shown (`person_name`), two seats of one person (two AIs of
/// a level) told apart by seat: "AI Normal #2", "AI Normal #3".
pub fn seat_people<'a>(stored: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut names: Vec<String> = stored.into_iter().map(person_name).collect();
    crate::words::tell_apart_people(&mut names);
    names
}

/// The person of the history someone names: "AI Easy" (as `person_name` shows it, in any of
/// the app's languages, any case), or "AI Easy #2" as the CSV and `history list` tell two
/// seats apart, is the stored "easy bot"; any other name is as typed.
pub fn stored_person(named: &str) -> String {
    let named = named.trim();
    if let Some(level) = seat_number(named).and_then(|(bare, _)| seat_bot(bare)) {
        return format!("{level} bot");
    }
    let shown_as = |k: &str| {
        crate::i18n::Lang::ALL.iter().any(|&l| {
            crate::i18n::with_lang(l, || person_name(k)).to_lowercase() == named.to_lowercase()
        })
    };
    match BOT_PEOPLE.iter().find(|&&k| shown_as(k)) {
        Some(k) => k.to_string(),
        None => named.to_string(),
    }
}

/// The AI level of a seat named as the app names an AI ("AI Easy", "AI Easy #2", in any of
/// the app's languages, or as stored, "easy bot"): `Some("easy")`. A score sheet that holds
/// a game's AIs saves them as those AIs, not as people who took their names.
pub fn seat_bot(shown: &str) -> Option<String> {
    let shown = shown.trim();
    // "AI Normal #2": two seats of one level told apart.
    let bare = seat_number(shown).map_or(shown, |(name, _)| name);
    let stored = stored_person(bare);
    is_bot_person(&stored).then(|| stored.trim_end_matches(" bot").to_string())
}

/// The name to keep in the history for seat `index` (from 0) shown as `shown`: the seat's
/// default name, in whatever language it was given, is kept as the English "Player 2".
pub fn stored_name(shown: &str, index: usize) -> String {
    let default =
        |lang| crate::i18n::with_lang(lang, || crate::trf!("Player {number}", number = index + 1));
    if crate::i18n::Lang::ALL.iter().any(|&l| default(l) == shown) {
        format!("Player {}", index + 1)
    } else {
        shown.to_string()
    }
}

/// `s` cut to `columns` columns of a terminal or a list (a Chinese character takes two), with
/// "…" when it was cut: for names and text typed by people, however long.
pub fn shorten_to(s: &str, columns: usize) -> String {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    if s.width() <= columns {
        return s.to_string();
    }
    let mut used = 0;
    let head: String = s
        .chars()
        .take_while(|c| {
            used += c.width().unwrap_or(0);
            used <= columns
        })
        .collect();
    format!("{head}…")
}

/// "AI Normal #2" as ("AI Normal", "2"): a name with a seat's number after it.
fn seat_number(shown: &str) -> Option<(&str, &str)> {
    shown
        .rsplit_once(" #")
        .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_seat_named_as_an_ai_is_that_ai() {
        use super::seat_bot;
        for (shown, level) in [
            ("AI Easy", Some("easy")),
            ("ai normal #2", Some("normal")),
            ("電腦（困難）", Some("hard")),
            ("expert bot", Some("expert")),
            ("AI Easy #", None),
            ("AI Easy #x", None),
            ("Bob #2", None),
            ("Mira", None),
        ] {
            assert_eq!(seat_bot(shown).as_deref(), level, "{shown}");
        }
    }
}
