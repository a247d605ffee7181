//! The form read into the engine's input: entries parsed, problems kept as data.

use super::*;

/// Full-width digits and signs (as a Chinese input method types them) as their ASCII forms.
fn half_width(s: &str) -> std::borrow::Cow<'_, str> {
    let wide = |c: char| ('\u{ff01}'..='\u{ff5e}').contains(&c);
    if !s.chars().any(wide) {
        return s.into();
    }
    s.chars()
        .map(|c| {
            if wide(c) {
                char::from_u32(c as u32 - 0xfee0).unwrap_or(c)
            } else {
                c
            }
        })
        .collect::<String>()
        .into()
}

/// A whole number from a count field; empty means 0. Full-width digits count as digits.
pub fn parse_count(s: &str) -> Result<u32, Unreadable> {
    let s = half_width(s);
    let t = s.trim();
    if t.is_empty() {
        return Ok(0);
    }
    let text = shorten(t);
    if t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit()) && t.len() > 1 {
        return Err(Unreadable::BelowZero { text });
    }
    match t.parse::<u32>() {
        Ok(v) => Ok(v),
        Err(_) if t.chars().all(|c| c.is_ascii_digit()) => Err(Unreadable::TooLarge { text }),
        Err(_) => Err(Unreadable::NotWhole { text }),
    }
}

/// Token values as printed, separated by commas or spaces: "2, 3, 5". Chinese punctuation
/// ("2，3、5") and full-width digits are read too.
pub fn parse_tokens(s: &str) -> Result<Vec<u32>, Unreadable> {
    let s = half_width(s);
    let mut out = Vec::new();
    for part in s
        .split(|c: char| matches!(c, ',' | ';' | '+' | '、') || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        match part.parse::<u32>() {
            Ok(v) => out.push(v),
            Err(_) => {
                return Err(Unreadable::NotATokenValue {
                    text: shorten(part),
                });
            }
        }
    }
    Ok(out)
}

pub(super) fn shorten(s: &str) -> String {
    // Twelve columns: twelve Latin letters or six Chinese characters.
    crate::words::shorten_to(s, 12)
}

/// What the user typed into a field that cannot be read as what it asks for (the text is
/// shortened to 12 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    BelowZero { text: String },
    TooLarge { text: String },
    NotWhole { text: String },
    NotATokenValue { text: String },
}

impl Unreadable {
    pub fn words(&self) -> String {
        match self {
            Unreadable::BelowZero { text } => {
                trf!("“{value}” is below zero; enter 0 or more", value = text)
            }
            Unreadable::TooLarge { text } => trf!("“{value}” is far too large", value = text),
            Unreadable::NotWhole { text } => trf!("“{value}” is not a whole number", value = text),
            Unreadable::NotATokenValue { text } => trf!(
                "“{value}” is not a token value; enter the values as printed, e.g. 2, 3, 5",
                value = text
            ),
        }
    }
}

/// An entry that cannot be read, or one that cannot come from a real game (the engine's
/// check), tied to the field it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: Field,
    pub kind: EntryProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryProblem {
    Unreadable(Unreadable),
    Impossible(ProblemKind),
}

impl Problem {
    /// The problem in the current language; `input` names the players.
    pub fn words(&self, input: &ScoreInput) -> String {
        match &self.kind {
            EntryProblem::Unreadable(u) => u.words(),
            EntryProblem::Impossible(k) => crate::words::problem_kind(k, input),
        }
    }
}

/// The form turned into the engine's input, plus the entries that could not be read.
pub struct Evaluation {
    pub input: ScoreInput,
    pub result: ScoreResult,
    /// Unreadable entries and the engine's consistency problems, each tied to a field.
    pub problems: Vec<Problem>,
    /// Display names (the entered name, or "Player N" in the current language), two of one
    /// name told apart by seat ("Ann #1").
    pub names: Vec<String>,
    /// Two players (or more) were given one name.
    pub shared_names: bool,
}

impl Evaluation {
    pub fn reliable(&self) -> bool {
        self.problems.is_empty()
    }

    /// The problems with one field, in the current language.
    pub fn problems_for(&self, field: Field) -> Vec<String> {
        self.problems
            .iter()
            .filter(|p| p.field == field)
            .map(|p| p.words(&self.input))
            .collect()
    }

    /// The problems of a holder's token field: its own, and those of its colour's stack
    /// taken as a whole (tokens not off the top, more than the stack held) when the holder
    /// entered tokens of that colour: "2, 4" in red was flagged at the stacks and at the jars
    /// delivered, but not in the field where it was typed.
    pub fn token_problems(&self, holder: Holder, colour: JarColour) -> Vec<String> {
        let mut out = self.problems_for(Field::Tokens(holder, colour));
        let tokens = match holder {
            Holder::Player(i) => self.input.players.get(i as usize).map(|p| &p.tokens),
            Holder::Tempest => self.input.tempest.as_ref().map(|t| &t.tokens),
        };
        if tokens.is_some_and(|t| !t[colour].is_empty()) {
            out.extend(self.problems_for(Field::Stack(colour)));
        }
        out
    }

    /// Every problem, in the current language.
    /// Listed apart from their fields, each says whose it is ("Ben: “-2” is not a token
    /// value") unless its words name them already.
    pub fn problem_words(&self) -> Vec<String> {
        let tempest = self.names.len();
        self.problems
            .iter()
            .map(|p| {
                let words = p.words(&self.input);
                let who = match super::column_of(p.field, tempest) {
                    Some(c) if c < tempest => self.names[c].clone(),
                    Some(_) => tr("The tempest").to_owned(),
                    None => return words,
                };
                if words.contains(&who) {
                    words
                } else {
                    trf!("{who}: {problem}", who, problem = words)
                }
            })
            .collect()
    }

    /// The plain-text summary: the engine's breakdown and, when needed, the problems.
    pub fn summary(&self) -> String {
        let mut s = crate::words::describe_score(&self.input, &self.result);
        if !self.reliable() {
            s.push('\n');
            s.push_str(tr(
                "UNRELIABLE: these entries cannot come from a real game:",
            ));
            s.push('\n');
            for p in self.problem_words() {
                s.push_str(&format!("  - {p}\n"));
            }
        }
        s
    }
}

/// Reads the form (never fails: unreadable entries count as empty and are listed as problems)
/// and runs the engine's scoring and consistency check.
pub fn evaluate(sheet: &Sheet, comps: &Components) -> Evaluation {
    let mut problems = Vec::new();
    let n = sheet.table.players();
    let deck = &comps.deck.cards;
    let count = |s: &str, field: Field, problems: &mut Vec<Problem>| match parse_count(s) {
        Ok(v) => v,
        Err(u) => {
            problems.push(Problem {
                field,
                kind: EntryProblem::Unreadable(u),
            });
            0
        }
    };
    let tokens = |forms: &PerJar<String>, holder: Holder, problems: &mut Vec<Problem>| {
        PerJar::from_fn(|c| match parse_tokens(&forms[c]) {
            Ok(v) => v,
            Err(u) => {
                problems.push(Problem {
                    field: Field::Tokens(holder, c),
                    kind: EntryProblem::Unreadable(u),
                });
                Vec::new()
            }
        })
    };
    let mut players = Vec::with_capacity(n);
    for (i, f) in sheet.players.iter().take(n).enumerate() {
        let i8 = i as u8;
        let toks = tokens(&f.tokens, Holder::Player(i8), &mut problems);
        let (delivered, jar_bonus, favourite_spaces, jars) = match &f.cards {
            Some(cards) => {
                let d = crate::engine::scoring::summarise_delivered(
                    cards.iter().filter_map(|&k| deck.get(k)),
                    f.favourite,
                );
                (d.delivered, d.jar_bonus, d.favourite_spaces, Some(d.jars))
            }
            None => (
                count(&f.delivered, Field::Delivered(i8), &mut problems),
                count(&f.jar_bonus, Field::JarBonus(i8), &mut problems),
                count(&f.favourite_spaces, Field::Favourite(i8), &mut problems),
                None,
            ),
        };
        players.push(PlayerInput {
            name: f.name.trim().to_string(),
            tokens: toks,
            delivered,
            jars,
            jar_bonus,
            favourite: f.favourite,
            favourite_spaces,
            leftover_dice: count(&f.leftover_dice, Field::Leftovers(i8), &mut problems),
        });
    }
    let tempest = (sheet.table == TableSize::Solo).then(|| TempestInput {
        tokens: tokens(&sheet.tempest.tokens, Holder::Tempest, &mut problems),
        dice: count(&sheet.tempest.dice, Field::TempestDice, &mut problems),
    });
    let input = ScoreInput {
        players,
        stacks: None,
        tempest,
    };
    // A field that cannot be read counts as empty: what the rules would then find wrong with
    // that player (or that colour's stack) follows from it, and is not said beside it ("4, x"
    // for red tokens had also been called too few tokens for the jars delivered).
    let unreadable: Vec<Field> = problems.iter().map(|p| p.field).collect();
    let follows = |p: &scoring::Problem| {
        use scoring::ProblemKind as K;
        let player_unreadable =
            |h: Option<Holder>| h.is_some() && unreadable.iter().any(|u| field_holder(u) == h);
        match &p.kind {
            // Entries of one player set against each other.
            K::TokensBeyondDeliveries { player, .. }
            | K::TokensShortOfDeliveries { player, .. }
            | K::ColourTokensBeyondJars { player, .. }
            | K::JarColoursSum { player, .. } => player_unreadable(Some(Holder::Player(*player))),
            K::BonusTooHigh { .. } | K::FavouriteTooHigh { .. } => {
                player_unreadable(field_holder(&p.field))
            }
            // A colour's tokens taken together.
            K::MoreTokensThanStack { colour, .. }
            | K::ValueBeyondStack { colour, .. }
            | K::NotFromTop { colour, .. }
            | K::StackCount { colour, .. } => unreadable
                .iter()
                .any(|u| matches!(u, Field::Tokens(_, c) if c == colour)),
            _ => false,
        }
    };
    problems.extend(
        scoring::check(&input, comps)
            .into_iter()
            .filter(|p| !follows(p))
            .map(|p| Problem {
                field: p.field,
                kind: EntryProblem::Impossible(p.kind),
            }),
    );
    let result = scoring::score(&input);
    let mut names: Vec<String> = input
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| display_name(i, &p.name))
        .collect();
    // Two players of one name are told apart by seat ("Ann #1", "Ann #3"): "Ann and Ann share
    // the victory" said nothing.
    let shared_names = crate::words::tell_apart(&mut names);
    Evaluation {
        input,
        result,
        problems,
        names,
        shared_names,
    }
}

/// Whose entry a field is: a player's, or the tempest's (`None` for a stack or the table).
fn field_holder(f: &Field) -> Option<Holder> {
    match *f {
        Field::Tokens(h, _) => Some(h),
        Field::Delivered(i)
        | Field::JarBonus(i)
        | Field::Favourite(i)
        | Field::FavouriteColour(i)
        | Field::Leftovers(i) => Some(Holder::Player(i)),
        Field::TempestDice => Some(Holder::Tempest),
        Field::Stack(_) | Field::Players => None,
    }
}

/// "Player 3", as a seat is called on the pad.
pub(super) fn seat_name(i: usize) -> String {
    trf!("Player {number}", number = i + 1)
}

/// The name a player entered, or their seat when they entered none.
pub(super) fn display_name(i: usize, entered: &str) -> String {
    let name = entered.trim();
    if name.is_empty() {
        seat_name(i)
    } else {
        crate::words::printable(name).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::{Unreadable, parse_count, parse_tokens, shorten};

    #[test]
    fn numbers_typed_the_chinese_way_are_read() {
        assert_eq!(parse_tokens("2，3、5"), Ok(vec![2, 3, 5]));
        assert_eq!(parse_tokens("２，３　４"), Ok(vec![2, 3, 4]));
        assert_eq!(parse_tokens("2；3＋4"), Ok(vec![2, 3, 4]));
        assert_eq!(parse_count("１２"), Ok(12));
        assert_eq!(parse_count(" ０ "), Ok(0));
        assert_eq!(
            parse_count("－３"),
            Err(Unreadable::BelowZero { text: "-3".into() })
        );
        assert!(parse_tokens("2。3").is_err());
    }

    #[test]
    fn entries_are_shortened_to_twelve_columns() {
        assert_eq!(shorten("123456789012"), "123456789012");
        assert_eq!(shorten("1234567890123"), "123456789012…");
        assert_eq!(shorten("一二三四五六"), "一二三四五六");
        assert_eq!(shorten("一二三四五六七"), "一二三四五六…");
        assert_eq!(shorten("a一二三四五六"), "a一二三四五…");
    }
}
