//! The row above the online table (or the lobby) that says what the session said, with the
//! buttons that go with it: Rejoin, or Try now and Stop trying while the seat is taken back
//! by itself.

use super::retry;
use crate::app::theme;
use crate::i18n::tr;
use crate::net::CloseReason;
use crate::trf;
use eframe::egui;

/// What the message row offers beside what the session said.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Offer {
    Nothing,
    /// The seat can be taken back: Rejoin.
    Rejoin,
    /// The seat is being taken back by itself: Try now, and Stop trying.
    Retrying,
}

/// A button of the message row.
#[derive(Clone, Copy)]
pub(super) enum Pressed {
    Rejoin,
    TryNow,
    StopTrying,
}

/// What the session said, in a warning's frame (news, in a card's, when `calm`), with what
/// `offer` puts beside it; returns the button pressed.
pub(super) fn message_row(ui: &mut egui::Ui, m: &str, calm: bool, offer: Offer) -> Option<Pressed> {
    let frame = if calm {
        theme::card_frame()
    } else {
        theme::warning_frame()
    };
    let mut pressed = None;
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        if calm {
            ui.label(m);
        } else {
            ui.label(format!("{} {m}", theme::WARNING_GLYPH));
        }
        if offer == Offer::Nothing {
            return;
        }
        // On a row of their own, at its start: words of another length do not move them.
        ui.horizontal_wrapped(|ui| {
            let mut button = |text: &str, hover: &str, p: Pressed| {
                if ui.button(text).on_hover_text(hover).clicked() {
                    pressed = Some(p);
                }
            };
            match offer {
                Offer::Nothing => {}
                Offer::Rejoin => button(
                    tr("Rejoin"),
                    tr("Connect to the host again and take your seat back"),
                    Pressed::Rejoin,
                ),
                Offer::Retrying => {
                    button(
                        tr("Try now"),
                        tr("Try to take your seat back now, without waiting for the next try"),
                        Pressed::TryNow,
                    );
                    button(
                        tr("Stop trying"),
                        tr("Stop trying to take your seat back by itself; Rejoin stays on offer"),
                        Pressed::StopTrying,
                    );
                }
            }
        });
    });
    pressed
}

/// What the message row says while the seat is taken back by itself: why the connection is
/// closed, and how the tries go.
pub(super) fn retry_words(why: &CloseReason, tries: u32) -> String {
    let why = match why {
        CloseReason::HostClosed => tr("The host closed the game.").to_string(),
        CloseReason::Unreachable(kind) => trf!(
            "The host's game is not open at the moment ({error}).",
            error = crate::words::net_io_error(*kind)
        ),
        CloseReason::Handshake => tr("The host is busy with other connections.").to_string(),
        CloseReason::UnknownHost => {
            tr("The host's computer cannot be found by its name at the moment.").to_string()
        }
        _ => tr("The connection to the host was lost.").to_string(),
    };
    let tries = trf!(
        "Taking your seat back as soon as the host's game is open again: trying every {seconds} seconds, for up to {minutes} minutes (tries so far: {count}).",
        seconds = retry::RETRY_EVERY as u32,
        minutes = (retry::RETRY_FOR / 60.0) as u32,
        count = tries
    );
    format!("{why} {tries}")
}
