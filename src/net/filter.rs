//! What of the game's event log a seat may see. The one place that decides it: the host passes
//! every event through `for_seat` before it goes to a seat.
//!
//! The secrets of Noctiluca are a seat's favourite colour, its jar draft (the three cards dealt
//! and the one set aside until the draft is revealed), and the order of face-down cards. The
//! engine decides a face-down card only when it turns up, so no deck or pile order exists to
//! leak; the actions that deal a favourite or a draft card name it, which is why the action
//! log never leaves the host before the game is over. Each event kind is judged below, with
//! no catch-all arm: a new kind of event does not compile until it is judged here.

use noctiluca_engine::{Event, Seat};

/// The event as `viewer` may see it, or `None` if it must not see it at all.
pub fn for_seat(event: &Event, viewer: Seat) -> Option<Event> {
    let _ = viewer;
    match event {
        // The pool, the supply and the dice are on the table for everyone.
        Event::Seeded { .. }
        | Event::RefillSpace { .. }
        | Event::Dived { .. }
        | Event::Stored { .. }
        | Event::PassStarted { .. }
        | Event::Took { .. }
        | Event::Declined { .. }
        | Event::PassLap { .. }
        | Event::ToSupply { .. }
        | Event::ToTempest { .. }
        | Event::BlackDie { .. }
        | Event::ArrowRotated { .. } => Some(event.clone()),
        // That a favourite was dealt, not which colour.
        Event::FavouriteDealt { .. } => Some(event.clone()),
        // That a draft card was dealt or a choice made, not which card.
        Event::DraftCardDealt { .. } | Event::DraftChosen { .. } => Some(event.clone()),
        // Revealed to everyone at once, when every seat has chosen.
        Event::DraftRevealed { .. } => Some(event.clone()),
        // Face-up cards: a pile's top, a jar taken or delivered, the counts of the piles.
        Event::PilesDealt { .. }
        | Event::PileTop { .. }
        | Event::Delivered { .. }
        | Event::NewJar { .. }
        | Event::NoJarLeft { .. } => Some(event.clone()),
        // Solo only (one seat, who sees its own draws; the deck's bottom is face up), and the
        // tempest's discards are face up.
        Event::SoloDrew { .. } | Event::SoloKept { .. } | Event::TempestDiscard { .. } => {
            Some(event.clone())
        }
        Event::FirstPlayer { .. }
        | Event::TurnStarted { .. }
        | Event::RoundEnded { .. }
        | Event::RoundStarted { .. }
        | Event::GameOver => Some(event.clone()),
    }
}

/// The events `viewer` may see, in order.
pub fn log_for_seat<'a>(events: impl IntoIterator<Item = &'a Event>, viewer: Seat) -> Vec<Event> {
    events
        .into_iter()
        .filter_map(|e| for_seat(e, viewer))
        .collect()
}
