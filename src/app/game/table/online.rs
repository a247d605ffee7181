//! The table's strip for a game played online: every seat's connection and clock, whom the
//! game waits for (a person, or an AI thinking), a request to take back a decision with every
//! person's consent, what happened lately, and Leave.

use super::{Game, Out};
use crate::app::theme;
use crate::engine::{Seat, ToAct};
use crate::i18n::tr;
use crate::net::{Connection, Note};
use crate::trf;
use crate::words::Words;
use eframe::egui::{self, RichText};

/// The buttons that stand for Undo, Save, Open and New game in an online game.
pub(super) fn online_buttons(ui: &mut egui::Ui, g: &mut Game, out: &mut Out) {
    let Some(o) = &mut g.online else { return };
    // The host closing a game under way ends it for everyone, and a friend leaving one
    // leaves their seat to wait (then to an AI): asked once more, as a stray click costs.
    if o.confirm_close {
        let host = o.link.is_host();
        ui.label(
            RichText::new(if host {
                tr("Close the game for everyone?")
            } else {
                tr("Leave the game? Your seat waits for you, then an AI may play it.")
            })
            .strong()
            .color(theme::WARNING),
        );
        let (yes, why) = if host {
            (
                tr("Close it"),
                tr("Every player is told; the game can be resumed later from Play online"),
            )
        } else {
            (
                tr("Leave it"),
                tr("The others are told; you can rejoin your seat from Play online"),
            )
        };
        if ui.button(yes).on_hover_text(why).clicked() {
            out.new_game = true;
        }
        let keep = ui.button(tr("Keep playing"));
        // The keyboard goes to the safe answer (the button it was on is gone).
        if ui.memory(|m| m.focused().is_none()) {
            keep.request_focus();
        }
        if keep.clicked() {
            o.confirm_close = false;
        }
        return;
    }
    let o = &g.online.as_ref().expect("checked");
    let me = o.seat;
    let pending = o.view.as_ref().and_then(|v| v.undo_request.clone());
    // Offered once there is a decision of this seat's to take back (on the first turn it was
    // offered, and refused when pressed).
    let can = o.view.as_ref().is_some_and(|v| v.can_take_back);
    let open = !o.finished && !o.link.is_closed();
    // Ctrl+Z, as Undo at a table of this computer, asks (it had done nothing and said nothing).
    let undo_key = crate::app::keys::UNDO;
    let by_key = open
        && crate::app::keys::shortcuts_free(ui.ctx())
        && ui.input_mut(|i| i.consume_shortcut(&undo_key));
    let refused = o.view.as_ref().is_some_and(|v| v.take_back_refused);
    let why_not = if pending.is_some() {
        tr("A request to take back is waiting for its answers")
    } else if refused {
        tr("Your request was declined: you can ask again after the next move")
    } else {
        tr("Nothing of yours to take back yet")
    };
    if open {
        let enabled = pending.is_none() && can;
        let ask = ui
            .add_enabled(enabled, egui::Button::new(tr("Ask to take back")))
            .on_hover_text(trf!(
                "Ask the other players to let you take back your last decision (every person must agree). Key: {key}",
                key = ui.ctx().format_shortcut(&undo_key)
            ))
            .on_disabled_hover_text(why_not);
        if by_key && !enabled {
            g.message = Some(crate::i18n::Said::new(move || why_not.to_string()));
        } else if (ask.clicked() || by_key)
            && let Err(e) = o.link.propose_undo(me)
        {
            g.message = Some(crate::i18n::Said::new(move || e.words()));
        }
    }
    let leave = if o.link.is_host() {
        tr("Close the game")
    } else {
        tr("Leave")
    };
    let hover = if o.link.is_host() {
        tr("Stop hosting: everyone is told, and the game can be resumed later from Play online")
    } else {
        tr("Leave the table (you can rejoin your seat from Play online)")
    };
    if ui.button(leave).on_hover_text(hover).clicked() {
        if !o.finished && !o.link.is_closed() {
            if let Some(o) = &mut g.online {
                o.confirm_close = true;
            }
        } else {
            out.new_game = true;
        }
    }
}

/// A note in words, as the player at seat `me` is told it.
fn note_text(note: &Note, names: &[String], me: Seat) -> String {
    match note {
        Note::Rejoined { seat } if *seat == me => tr("You are back at your seat.").to_string(),
        n => crate::words::note_words(n, names),
    }
}

/// Mm:ss of a time bank.
fn clock(d: std::time::Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// Seconds a piece of news (who joined, dropped, came back, agreed) stays in the strip.
pub const NOTE_SECONDS: f64 = 30.0;

/// The most earlier news said on hover beside the newest.
const EARLIER_SAID: usize = 5;

/// The strip under the top row: seats, whom the game waits for, undo consent, news.
pub(super) fn online_strip(ui: &mut egui::Ui, g: &mut Game) {
    let Some(o) = &g.online else { return };
    let Some(v) = &o.view else { return };
    let me = o.seat;
    let names = g.names();
    let mut answer = None;
    let mut withdraw = false;
    let mut hand = None;
    let mut chat_toggled = false;
    let now = ui.input(|i| i.time);
    let mut ticking = false;
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            // Once this table's own connection has closed, the others' are not known.
            let closed = o.link.is_closed();
            for (i, c) in v.connections.iter().enumerate() {
                let s = i as Seat;
                let name = g.name(s);
                let mut text = if closed {
                    name
                } else {
                    // The level is in the name of an AI nobody named ("AI Easy"): said once
                    // ("AI Easy ■ AI Easy" had said it twice), as in the lobby.
                    let words = match c {
                        Connection::Bot { level }
                            if name.starts_with(&trf!(
                                "AI {level}",
                                level = crate::app::game::bot_level_name(level)
                            )) =>
                        {
                            format!("■ {}", tr("AI seat"))
                        }
                        _ => crate::words::connection_words(c),
                    };
                    format!("{name} {words}")
                };
                let (bank, grace) = g.times_left(s, now);
                if let Some(t) = bank {
                    text.push_str(&format!(" · {}", clock(t)));
                    ticking |= v.running == Some(s) && !closed;
                }
                let colour = match c {
                    Connection::Dropped { .. } => theme::WARNING,
                    _ => theme::seat_colour(s),
                };
                ui.label(RichText::new(text).color(colour));
                // How long a dropped seat still waits for its player, for everyone at the table.
                if let Some(left) = grace.filter(|_| !closed) {
                    ui.label(
                        RichText::new(trf!(
                            "(an AI may take the seat in {seconds} s)",
                            seconds = left.as_millis().div_ceil(1000)
                        ))
                        .small()
                        .color(theme::TEXT_DIM),
                    );
                    ticking = true;
                }
                if o.link.is_host()
                    && matches!(
                        c,
                        Connection::Dropped {
                            grace_over: true,
                            ..
                        }
                    )
                    && ui
                        .button(tr("Let an AI play this seat"))
                        .on_hover_text(trf!(
                            "A Normal AI plays {name}'s seat from now on",
                            name = g.name(s)
                        ))
                        .clicked()
                {
                    hand = Some(s);
                }
                ui.add_space(10.0);
            }
            chat_toggled = super::chat::chat_toggle(ui, o);
        });
        if ticking {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
        }
        if o.link.is_closed() && !o.finished {
            // The seats and whose turn it was are as they were when the connection closed.
            ui.label(
                RichText::new(tr("Disconnected from the host."))
                    .strong()
                    .color(theme::WARNING),
            );
        } else if !o.finished {
            let waiting = match (v.thinking, v.to_act) {
                (Some(s), _) => trf!("{name}'s AI is thinking…", name = g.name(s)),
                (None, ToAct::Seat(s)) if s == me && o.sent => {
                    tr("Your decision is on its way to the host…").to_string()
                }
                // Offered a passed die in another player's turn (it had said "Your turn.").
                (None, ToAct::Seat(s))
                    if s == me
                        && matches!(
                            g.m.state.decision(),
                            crate::engine::Decision::PassOffer { .. }
                        ) =>
                {
                    tr("Your choice: a die passed to you.").to_string()
                }
                (None, ToAct::Seat(s)) if s == me => tr("Your turn.").to_string(),
                (None, ToAct::Seat(s)) => trf!("Waiting for {name}…", name = g.name(s)),
                _ => String::new(),
            };
            if !waiting.is_empty() {
                ui.label(RichText::new(waiting).strong().color(theme::GLOW));
            }
        }
        // The latest news, for a while: the seats above say how things stand, the log
        // keeps what was done (they had stayed for the rest of the game, squeezing the board).
        // One line, kept whether or not there is news, so news coming and going does not move
        // the board under the pointer; the newest is said, and the others on hover.
        let shown = shown_notes(&o.notes, me, v.undo_request.is_some(), o.chat_open);
        let fresh: Vec<&(Note, f64)> = shown
            .into_iter()
            .filter(|(_, at)| now - at < NOTE_SECONDS)
            .collect();
        // A request to take back is said in the same line, with its buttons (it had come as a
        // row of its own above, moving the board): the line is a button high.
        let line = ui
            .text_style_height(&egui::TextStyle::Body)
            .max(ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), line),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_height(line);
                if let Some(req) = &v.undo_request {
                    // The words take what the buttons leave, cut short if they must.
                    let words = |ui: &mut egui::Ui, text: RichText, buttons: &[&str]| {
                        let pad = ui.spacing().button_padding.x * 2.0 + ui.spacing().item_spacing.x;
                        let room = ui.available_width()
                            - buttons
                                .iter()
                                .map(|b| theme::one_line_width(ui, RichText::new(*b)) + pad)
                                .sum::<f32>();
                        ui.scope(|ui| {
                            ui.set_max_width(room.max(0.0));
                            ui.add(egui::Label::new(text).truncate());
                        });
                    };
                    if req.by == me {
                        let names_waiting: Vec<String> =
                            req.waiting_for.iter().map(|s| g.name(*s)).collect();
                        let text = RichText::new(trf!(
                            "Waiting for {names} to agree to take back your last decision.",
                            names = crate::words::join_list(&names_waiting)
                        ));
                        words(ui, text, &[tr("Withdraw the request")]);
                        // Nobody answers (away from the window): the asker is not held there.
                        withdraw = ui
                            .button(tr("Withdraw the request"))
                            .on_hover_text(tr("Play on without taking your decision back"))
                            .clicked();
                        return;
                    } else if req.waiting_for.contains(&me) {
                        let text = RichText::new(trf!(
                            "{name} asks to take back their last decision.",
                            name = g.name(req.by)
                        ))
                        .strong();
                        words(ui, text, &[tr("Agree"), tr("Refuse")]);
                        if ui.button(tr("Agree")).clicked() {
                            answer = Some(true);
                        }
                        if ui.button(tr("Refuse")).clicked() {
                            answer = Some(false);
                        }
                        return;
                    }
                }
                let Some(((newest, _), older)) = fresh.split_first() else {
                    return;
                };
                let count = match older.len() {
                    1 => tr("(and 1 earlier note)").to_string(),
                    n => trf!("(and {count} earlier notes)", count = n),
                };
                let count = RichText::new(count).small().color(theme::TEXT_DIM);
                // A long newest item is cut short before the count, which keeps its room.
                let room = match older.is_empty() {
                    true => ui.available_width(),
                    false => {
                        ui.available_width()
                            - theme::one_line_width(ui, count.clone())
                            - ui.spacing().item_spacing.x
                    }
                };
                ui.scope(|ui| {
                    ui.set_max_width(room.max(0.0));
                    ui.add(
                        egui::Label::new(
                            RichText::new(note_text(newest, &names, me))
                                .small()
                                .color(theme::TEXT_DIM),
                        )
                        .truncate(),
                    );
                });
                if !older.is_empty() {
                    // Every one is counted (as the chat's button counts its messages); the
                    // latest few are said.
                    let earlier: Vec<String> = older
                        .iter()
                        .take(EARLIER_SAID)
                        .map(|(n, _)| note_text(n, &names, me))
                        .collect();
                    let more = ui.label(count).on_hover_text(earlier.join("\n"));
                    // A screen reader, which cannot hover, is given them too.
                    ui.ctx().accesskit_node_builder(more.id, |node| {
                        node.set_description(earlier.join("; "));
                    });
                }
            },
        );
        let next_gone = fresh
            .iter()
            .map(|(_, at)| NOTE_SECONDS - (now - at))
            .reduce(f64::min);
        if let Some(left) = next_gone {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(left.max(0.05)));
        }
    });
    if chat_toggled && let Some(o) = &mut g.online {
        o.chat_open = !o.chat_open;
        o.unread = 0;
        // The messages are read in the chat: no longer news (the line had gone on counting
        // them among the earlier messages once it was closed).
        if o.chat_open {
            o.notes.retain(|(n, _)| !matches!(n, Note::Said { .. }));
        }
        // Opened: the keyboard goes to the message field, to type at once.
        if o.chat_open {
            ui.data_mut(|d| d.insert_temp(egui::Id::unique(super::chat::CHAT_OPENED), 3u8));
        }
    }
    let Some(o) = &g.online else { return };
    if let Some(yes) = answer
        && let Err(e) = o.link.answer_undo(o.seat, yes)
    {
        g.message = Some(crate::i18n::Said::new(move || e.words()));
    } else if withdraw && let Err(e) = o.link.withdraw_undo(o.seat) {
        g.message = Some(crate::i18n::Said::new(move || e.words()));
    } else if let (Some(s), crate::app::game::Link::Host(h)) = (hand, &o.link)
        && let Err(e) = h.hand_to_bot(s, "normal")
    {
        g.message = Some(crate::i18n::Said::new(move || e.words()));
    }
}

/// The notes worth showing, newest first. Of a seat's connection only the latest is said
/// ("back" after "dropped", not both), and of the player's own only that they are back. A take-back request is said above with its buttons while it stands, and not at all
/// once the game has moved past it or it was answered.
pub(crate) fn shown_notes(
    notes: &[(Note, f64)],
    me: Seat,
    request_open: bool,
    chat_open: bool,
) -> Vec<&(Note, f64)> {
    let connection = |n: &Note| match n {
        Note::Joined { seat, .. }
        | Note::Rejoined { seat }
        | Note::Dropped { seat }
        | Note::Left { seat }
        | Note::GraceOver { seat } => Some(*seat),
        _ => None,
    };
    let mut seats_said = 0u8;
    let mut undo_settled = false;
    let mut out = Vec::new();
    for entry in notes.iter().rev() {
        let note = &entry.0;
        if let Some(seat) = connection(note) {
            // Of one's own connection, only coming back is said (the table had come back
            // without a word, as if nothing had happened).
            let own_back = seat == me && matches!(note, Note::Rejoined { .. });
            if (seat == me && !own_back) || seats_said & (1 << seat) != 0 {
                continue;
            }
            seats_said |= 1 << seat;
        }
        match note {
            Note::GameStarted { .. } => continue,
            // The chat, open below, says it already.
            Note::Said { .. } if chat_open => continue,
            Note::UndoProposed { .. } if request_open || undo_settled => continue,
            Note::UndoDone { .. }
            | Note::UndoDeclined { .. }
            | Note::UndoCancelled { .. }
            | Note::UndoWithdrawn { .. } => undo_settled = true,
            _ => {}
        }
        out.push(entry);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_latest_of_a_seat_is_said_and_of_ones_own_only_coming_back() {
        let notes = vec![
            (Note::Dropped { seat: 1 }, 1.0),
            (Note::Dropped { seat: 0 }, 2.0),
            (Note::UndoProposed { by: 2 }, 3.0),
            (Note::Rejoined { seat: 1 }, 4.0),
            (Note::Rejoined { seat: 0 }, 5.0),
            (Note::UndoCancelled { by: 2 }, 6.0),
        ];
        // Seat 0 sees: the request withdrawn, itself back, seat 1 back; not seat 1's drop, not
        // the request itself, not its own drop.
        let shown: Vec<&Note> = shown_notes(&notes, 0, false, false)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(
            shown,
            vec![
                &Note::UndoCancelled { by: 2 },
                &Note::Rejoined { seat: 0 },
                &Note::Rejoined { seat: 1 }
            ]
        );
        // Its own drop, not followed by its return, is not said to it.
        assert!(shown_notes(&notes[..2], 0, false, false) == vec![&notes[0]]);
        // Seat 2 sees both others back, its own request's end.
        assert_eq!(shown_notes(&notes, 2, false, false).len(), 3);
        // A request still open is said above with its buttons, not as a note.
        let open = [(Note::UndoProposed { by: 1 }, 1.0)];
        assert!(shown_notes(&open, 0, true, false).is_empty());
        assert_eq!(shown_notes(&open, 0, false, false).len(), 1);
        // What was said is not said again above the chat while it is open.
        let said = [(
            Note::Said {
                seat: 1,
                text: "hi".into(),
            },
            1.0,
        )];
        assert_eq!(shown_notes(&said, 0, false, false).len(), 1);
        assert!(shown_notes(&said, 0, false, true).is_empty());
    }
}
