//! Hints and reviews in words: why a move is good, and what it gains.

use crate::ai::advice::{Fill, Reason};
use crate::engine::Components;
use crate::i18n::tr;
use crate::trf;
use crate::words::{ComponentWords, Label, describe_counts, join_list};

/// "fills your gold jar → token 4" (or "… → no token left").
pub fn fill_words(f: &Fill) -> String {
    fill_or_can(f, false)
}

/// A jar a dive's dice can fill, if stored into it: "can fill your gold jar → token 4". Where
/// each die goes is decided after the dive (with its own hint).
fn can_fill_words(f: &Fill) -> String {
    fill_or_can(f, true)
}

fn fill_or_can(f: &Fill, can: bool) -> String {
    let jar = f.colour.label();
    match (f.token, can) {
        (0, false) => trf!("fills your {jar} jar (no {jar} token left)", jar),
        (0, true) => trf!("can fill your {jar} jar (no {jar} token left)", jar),
        (token, false) => trf!("fills your {jar} jar → token {token}", jar, token),
        (token, true) => trf!("can fill your {jar} jar → token {token}", jar, token),
    }
}

/// Two jars of one colour, either of which a dive's dice can fill: "can fill your gold jar 1
/// or 2 → token 4" (the same token: the next of the colour's stack).
fn either_fill_words(a: &Fill, b: &Fill) -> String {
    let jar = a.colour.label();
    let (first, second) = (a.slot.min(b.slot) + 1, a.slot.max(b.slot) + 1);
    match a.token {
        0 => trf!(
            "can fill your {jar} jar {first} or {second} (no {jar} token left)",
            jar,
            first,
            second
        ),
        token => trf!(
            "can fill your {jar} jar {first} or {second} → token {token}",
            jar,
            first,
            second,
            token
        ),
    }
}

/// Why a move is good, in a line: "collects 3 purple; can fill your gold jar → token 4".
pub fn reason_words(r: &Reason, comps: &Components) -> String {
    match r {
        Reason::Dive {
            collected,
            stored,
            passed,
            to_tempest,
            fills,
        } => {
            let mut parts = vec![trf!("collects {dice}", dice = describe_counts(collected))];
            if stored != collected && stored.iter().any(|&n| n > 0) {
                parts.push(trf!("stores {dice}", dice = describe_counts(stored)));
            }
            if *passed > 0 && *to_tempest {
                parts.push(trf!(
                    "{count} into the tempest (−1 point each)",
                    count = *passed
                ));
            } else if *passed > 0 {
                parts.push(trf!(
                    "leaves {count} to go round the table",
                    count = *passed
                ));
            }
            // Two jars of one colour either of which the dice can fill are said once, with
            // their numbers (the same line twice had read as a slip).
            for (k, f) in fills.iter().enumerate() {
                if fills[..k].iter().any(|o| o.colour == f.colour) {
                    continue;
                }
                match fills[k + 1..].iter().find(|o| o.colour == f.colour) {
                    Some(o) => parts.push(either_fill_words(f, o)),
                    None => parts.push(can_fill_words(f)),
                }
            }
            parts.join(tr("; "))
        }
        Reason::Place {
            colour,
            slot,
            jar,
            fill,
            ..
        } => {
            let base = trf!(
                "puts {die} into jar {number}, your {jar} jar",
                die = crate::words::a_die(*colour),
                number = *slot as u32 + 1,
                jar = jar.label()
            );
            match fill {
                Some(f) => format!("{base}{}{}", tr("; "), fill_words(f)),
                None => base,
            }
        }
        Reason::Decline => {
            tr("lets the die go on round the table; your space stays free for a later one")
                .to_string()
        }
        Reason::Deliver { fill } => trf!(
            "delivers your {jar} jar first → token {token}",
            jar = fill.colour.label(),
            token = fill.token
        ),
        Reason::Draft {
            keep,
            pair,
            favourite_given_up,
        } => {
            let cards = join_list(keep.iter().map(|c| comps.card_label(*c)));
            let mut parts = vec![match pair {
                Some(jar) => trf!(
                    "keeps {cards}: two {jar} jars, whose tokens both count toward the {jar} majority",
                    cards,
                    jar = jar.label()
                ),
                None => trf!("keeps {cards}", cards),
            }];
            match favourite_given_up {
                Some((colour, 1)) => parts.push(trf!(
                    "gives up a space of your favourite colour, {colour} (a point on a delivered jar)",
                    colour = colour.label()
                )),
                Some((colour, n)) => parts.push(trf!(
                    "gives up {count} spaces of your favourite colour, {colour} (a point each on a delivered jar)",
                    count = *n,
                    colour = colour.label()
                )),
                None => {}
            }
            parts.join(tr("; "))
        }
        Reason::Card {
            card,
            favourite,
            pair,
        } => {
            let mut parts = vec![trf!("takes {card}", card = comps.card_label(*card))];
            match favourite {
                Some((colour, 1)) => parts.push(trf!(
                    "a space of your favourite colour, {colour} (a point once delivered)",
                    colour = colour.label()
                )),
                Some((colour, n)) => parts.push(trf!(
                    "{count} spaces of your favourite colour, {colour} (a point each once delivered)",
                    count = *n,
                    colour = colour.label()
                )),
                None => {}
            }
            if let Some(jar) = pair {
                parts.push(trf!(
                    "a second {jar} jar, whose token counts toward the {jar} majority too",
                    jar = jar.label()
                ));
            }
            parts.join(tr("; "))
        }
        Reason::Chance => String::new(),
    }
}

/// Why a move is good, said after the move itself ("Your move: Ada stores one orange die in
/// jar 1."): a sentence that adds what the move's words do not say, where the line of
/// `reason_words` would say the move again ("It puts an orange die into jar 1, …").
pub fn reason_after_move(r: &Reason, comps: &Components) -> String {
    match r {
        Reason::Place {
            slot,
            jar,
            fill,
            twin,
            ..
        } => {
            let which = match twin {
                // Both jars of one colour: the card says which.
                Some(card) => trf!(
                    "Jar {number} is your {card}.",
                    number = *slot as u32 + 1,
                    card = comps.card_label(*card)
                ),
                None => trf!(
                    "Jar {number} is your {jar} jar.",
                    number = *slot as u32 + 1,
                    jar = jar.label()
                ),
            };
            match fill {
                Some(f) => format!(
                    "{which} {}",
                    trf!("This die {fills}.", fills = fill_words(f))
                ),
                None => which,
            }
        }
        Reason::Deliver { fill } => match fill.token {
            0 => trf!(
                "That is your {jar} jar (no {jar} token left).",
                jar = fill.colour.label()
            ),
            token => trf!(
                "That is your {jar} jar → token {token}.",
                jar = fill.colour.label(),
                token
            ),
        },
        Reason::Chance => String::new(),
        other => match reason_words(other, comps) {
            w if w.is_empty() => w,
            why => trf!("It {why}.", why),
        },
    }
}

/// A points estimate with its sign and one decimal: "+2.5", "−1.0".
pub fn signed_points(p: f32) -> String {
    let p = (p * 10.0).round() / 10.0;
    if p == 0.0 {
        "0.0".to_string()
    } else if p < 0.0 {
        format!("−{:.1}", -p)
    } else {
        format!("+{p:.1}")
    }
}

/// What the hint gains over the player's own choice (`choice`, in words), in a sentence.
pub fn gain_words(gain: f32, choice: &str) -> String {
    if gain < 0.5 {
        trf!("Your choice ({choice}) is about as good.", choice)
    } else {
        trf!(
            "About {points} points better than your choice ({choice}).",
            points = format!("{:.1}", gain),
            choice
        )
    }
}
