//! Online play's data in words: what the host or a friend's connection says happened, why
//! something was refused, why a connection ended, each seat's connection.

use super::Words;
use crate::i18n::tr;
use crate::net::{CloseReason, Connection, NetError, Note, Refusal, SaveProblem};
use crate::trf;

/// A seat's name from `names`, or "Seat 2".
fn name(names: &[String], seat: u8) -> String {
    names
        .get(seat as usize)
        .filter(|n| !n.trim().is_empty())
        .map(|n| super::printable(n).into_owned())
        .unwrap_or_else(|| trf!("Seat {number}", number = seat + 1))
}

/// What happened at the table, with the players' names.
pub fn note_words(note: &Note, names: &[String]) -> String {
    let who = |s: &u8| name(names, *s);
    match note {
        Note::Joined { seat, name: n } => trf!(
            "{name} joined (seat {number}).",
            name = super::printable(n),
            number = seat + 1
        ),
        Note::Rejoined { seat } => trf!("{name} is back.", name = who(seat)),
        Note::Dropped { seat } => trf!(
            "{name}'s connection dropped; the seat waits for them.",
            name = who(seat)
        ),
        Note::Left { seat } => trf!("{name} left the table.", name = who(seat)),
        Note::GraceOver { seat } => trf!(
            "{name} has not come back in time: the host may let an AI play the seat.",
            name = who(seat)
        ),
        Note::HandedToBot { seat, level } => trf!(
            "An AI ({level}) now plays {name}'s seat.",
            level = crate::app::game::bot_level_name(level),
            name = who(seat)
        ),
        Note::GameStarted { .. } => tr("The game has started.").to_string(),
        Note::GameOver { .. } => tr("The game is over.").to_string(),
        Note::TimeOut { seat } => trf!(
            "{name}'s time has run out: an AI plays their moves.",
            name = who(seat)
        ),
        Note::UndoProposed { by } => trf!(
            "{name} asks to take back their last decision.",
            name = who(by)
        ),
        Note::UndoAnswered { seat, yes: true } => trf!("{name} agrees.", name = who(seat)),
        Note::UndoAnswered { seat, yes: false } => trf!("{name} refuses.", name = who(seat)),
        Note::UndoDone { by, .. } => trf!("{name}'s last decision was taken back.", name = who(by)),
        Note::UndoDeclined { by, declined_by } => trf!(
            "{other} did not agree: {name}'s decision stands.",
            other = who(declined_by),
            name = who(by)
        ),
        Note::UndoWithdrawn { by } => trf!(
            "{name} withdrew their request to take back.",
            name = who(by)
        ),
        Note::UndoCancelled { by } => trf!(
            "The game moved on: {name}'s request to take back is withdrawn.",
            name = who(by)
        ),
        Note::Refused(r) => trf!("The host refused: {reason}", reason = refusal_words(r)),
        Note::Misbehaved {
            seat: Some(seat),
            refusal,
        } => trf!(
            "Refused from {name}: {reason}",
            name = who(seat),
            reason = host_side(refusal)
        ),
        Note::Misbehaved {
            seat: None,
            refusal,
        } => trf!(
            "A connection without a seat was refused: {reason}",
            reason = host_side(refusal)
        ),
        Note::HostClosed => tr("The host closed the game.").to_string(),
        Note::SeriesDone => tr("The host has finished its games.").to_string(),
        Note::AutosaveFailed => {
            tr("The host could not save the game: it cannot be resumed if it closes now.")
                .to_string()
        }
        Note::Said { seat, text } => trf!(
            "{name}: {message}",
            name = who(seat),
            message = super::printable(text)
        ),
    }
}

/// A refusal as the host reads it (the words for the refused player tell them what to do):
/// the window's lobby and `serve` say these.
pub fn host_side(r: &Refusal) -> String {
    match r {
        Refusal::UnknownCode => tr(
            "its code matches no seat of this game (a mistyped code, or a seat of an earlier game)",
        )
        .to_string(),
        Refusal::NoHello => {
            tr("it did not begin as this app does (with its greeting), in time or at all")
                .to_string()
        }
        Refusal::Version { host, client } => trf!(
            "it speaks version {client} of the online protocol and this host version {host}: the player needs this version of Noctiluca Table",
            host = *host,
            client = *client
        ),
        Refusal::TooManyAttempts => {
            tr("too many wrong codes from its address; its codes are not read for a minute")
                .to_string()
        }
        // A decision that crossed the game moving on (a seat handed to an AI, or taken back,
        // meanwhile): no fault of the player's, who is asked again.
        Refusal::Stale => {
            tr("its decision came after the game had moved on; the seat is asked again").to_string()
        }
        r => refusal_words(r),
    }
}

/// Why the host refused something, as the refused player reads it.
pub fn refusal_words(r: &Refusal) -> String {
    match r {
        Refusal::NoHello => {
            tr("it did not introduce itself as a Noctiluca Table player").to_string()
        }
        Refusal::Version { host, client } => trf!(
            "the host speaks version {host} of the online protocol and this app version {client}: both players need the same version of Noctiluca Table",
            host = *host,
            client = *client
        ),
        Refusal::UnknownCode => {
            tr("no seat has this invite code (check it, or ask the host for a new one)").to_string()
        }
        Refusal::TooManyAttempts => {
            tr("too many wrong codes from this address; wait a minute and try again").to_string()
        }
        Refusal::SeatTaken { seat } => trf!(
            "seat {number} is already taken by someone connected",
            number = seat + 1
        ),
        Refusal::NotYourSeat { seat } => trf!(
            "a decision for seat {number}, which is not the sender's",
            number = seat + 1
        ),
        Refusal::NotYourTurn => tr("it is not the sender's turn").to_string(),
        Refusal::Stale => tr("a decision for a moment of the game that has passed").to_string(),
        Refusal::Illegal { .. } => tr("the rules do not allow that decision now").to_string(),
        Refusal::NoGame => tr("no game is being played").to_string(),
        Refusal::Malformed => tr("a message that is not part of the online protocol").to_string(),
        Refusal::TooLarge => tr("a message larger than the protocol allows").to_string(),
        Refusal::Flood => tr("too many messages in a short time").to_string(),
        Refusal::NoUndo => {
            tr("there is nothing to take back, or a request is already waiting").to_string()
        }
        Refusal::BotSeat { seat } => trf!("seat {number} is played by an AI", number = seat + 1),
    }
}

/// Why a connection to a host ended (or never began).
pub fn close_words(c: &CloseReason) -> String {
    match c {
        CloseReason::BadCode => tr(
            "That is not an invite code: it looks like 192.168.1.20:47474/ followed by 26 letters and digits.",
        )
        .to_string(),
        CloseReason::UnknownHost => tr("No computer could be found by the name in the address. Check how it is spelt, and that this computer is on the network.").to_string(),
        CloseReason::Unreachable(kind) => trf!(
            "The host could not be reached ({error}). Check the address, and that the host's firewall lets the port through.",
            error = net_io_error(*kind)
        ),
        CloseReason::Handshake => {
            tr("The host's address answered, but did not let the connection in: the host may be busy with other connections, or it is not a Noctiluca Table host. Try again in a moment.").to_string()
        }
        CloseReason::Refused(r) => trf!("The host refused: {reason}", reason = refusal_words(r)),
        CloseReason::Version { host, client } => trf!(
            "The host speaks version {host} of the online protocol and this app version {client}: both players need the same version of Noctiluca Table.",
            host = *host,
            client = *client
        ),
        CloseReason::HostClosed => tr(
            "The host closed the game. When they open it again, use Rejoin to take your seat back.",
        )
        .to_string(),
        CloseReason::HostGone => tr(
            "The host closed the game without keeping a save of it, so it cannot go on.",
        )
        .to_string(),
        CloseReason::Done => tr("The host has finished its games.").to_string(),
        CloseReason::Lost => tr(
            "The connection to the host was lost. Use Rejoin to take your seat back.",
        )
        .to_string(),
        CloseReason::Left => tr("You left the game.").to_string(),
    }
}

/// A seat's connection, as the lobby and the table show it (a glyph, then the words).
pub fn connection_words(c: &Connection) -> String {
    match c {
        Connection::Local => format!("◆ {}", tr("hosting")),
        Connection::Bot { level } => format!(
            "■ {}",
            trf!(
                "AI {level}",
                level = crate::app::game::bot_level_name(level)
            )
        ),
        Connection::Open => format!("◎ {}", tr("not joined yet")),
        Connection::Connected => format!("● {}", tr("connected")),
        Connection::Dropped {
            grace_over: false,
            left: false,
        } => format!("▲ {}", tr("connection lost, waiting for them")),
        Connection::Dropped {
            grace_over: false,
            left: true,
        } => format!("▲ {}", tr("left the table, waiting for them to rejoin")),
        Connection::Dropped {
            grace_over: true, ..
        } => format!("▲ {}", tr("gone; an AI may take the seat")),
    }
}

impl Words for NetError {
    fn words(&self) -> String {
        match self {
            NetError::SeatCount { seats } => trf!(
                "An online game has 2 to 4 seats, not {seats}.",
                seats = *seats
            ),
            NetError::UnknownBot { level } => trf!(
                "There is no AI level called {level}.",
                level = super::printable(level)
            ),
            // The advice fits the reason: a port in use wants another port, an address that is
            // not this computer's wants another address.
            NetError::Bind(kind @ std::io::ErrorKind::AddrNotAvailable) => trf!(
                "This computer could not open the port for the game ({error}). Choose one of this computer's addresses, or leave the address out.",
                error = bind_error(*kind)
            ),
            NetError::Bind(kind) => trf!(
                "This computer could not open the port for the game ({error}). Is another program using it? Choose another port.",
                error = bind_error(*kind)
            ),
            NetError::Runtime(kind) => trf!(
                "The network could not be started ({error}).",
                error = net_io_error(*kind)
            ),
            NetError::Save(p) => trf!(
                "The hosted game could not be resumed: {problem}",
                problem = save_problem(p)
            ),
            NetError::SeatsOpen { seats } => trf!(
                "Still waiting for: {seats}.",
                seats = super::join_list(
                    seats
                        .iter()
                        .map(|s| trf!("seat {number}", number = s + 1))
                        .collect::<Vec<_>>()
                )
            ),
            NetError::AlreadyPlaying => tr("A game is already being played.").to_string(),
            NetError::NotInLobby => {
                tr("That can only be changed in the lobby, before the game starts.").to_string()
            }
            NetError::NoGame => tr("No game is being played.").to_string(),
            NetError::EmptyMessage => tr("The message is empty.").to_string(),
            NetError::NoSuchSeat { seat } => {
                trf!("There is no seat {number}.", number = seat + 1)
            }
            NetError::NotLocal { seat } => trf!(
                "Seat {number} is not played at this computer.",
                number = seat + 1
            ),
            NetError::NotYourTurn { .. } => tr("It is not your turn.").to_string(),
            NetError::Rule(e) => e.words(),
            NetError::NoAiAtSeat { seat } => trf!(
                "No AI has taken seat {number} to give back to a friend.",
                number = seat + 1
            ),
            NetError::SeatNotDropped { seat } => trf!(
                "Seat {number} is still connected, or its player may still come back.",
                number = seat + 1
            ),
            NetError::NoUndo => {
                tr("There is nothing to take back, or a request is already waiting.").to_string()
            }
            NetError::UndoRefused => {
                tr("Your request to take back was declined: you can ask again after the next move.")
                    .to_string()
            }
            NetError::Setup(e) => e.words(),
        }
    }
}

fn bind_error(kind: std::io::ErrorKind) -> String {
    use std::io::ErrorKind as K;
    match kind {
        K::AddrInUse => tr("the port is in use").to_string(),
        K::AddrNotAvailable => tr("that address is not this computer's").to_string(),
        K::PermissionDenied => tr("permission denied").to_string(),
        other => net_io_error(other),
    }
}

/// What the system said went wrong with the network, in words. `io_error` words the files'
/// kinds; an invalid input here is an address, not a file that is a device or a pipe.
pub fn net_io_error(kind: std::io::ErrorKind) -> String {
    match kind {
        std::io::ErrorKind::InvalidInput => tr("that address cannot be used").to_string(),
        other => super::io_error(other),
    }
}

/// What is wrong with a saved hosted game.
pub fn save_problem(p: &SaveProblem) -> String {
    match p {
        SaveProblem::File(problem) => problem.words(),
        SaveProblem::Format => tr("it is not a saved online game of this version").to_string(),
        SaveProblem::Replay(e) => e.words(),
        SaveProblem::Seats => {
            tr("its seats are not those chosen now (the same seats are needed)").to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invalid_address_is_not_worded_as_a_file() {
        let kind = std::io::ErrorKind::InvalidInput;
        for said in [
            close_words(&CloseReason::Unreachable(kind)),
            NetError::Bind(kind).words(),
            NetError::Runtime(kind).words(),
        ] {
            assert!(said.contains("that address cannot be used"), "{said}");
            assert!(!said.contains("file"), "{said}");
        }
    }

    /// What the host reads of a connection it refused speaks of that connection, not of "this
    /// app": the host's own version is the one it runs.
    #[test]
    fn the_host_reads_a_refusal_as_the_host() {
        let said = |refusal: Refusal| {
            note_words(
                &Note::Misbehaved {
                    seat: None,
                    refusal,
                },
                &[],
            )
        };
        let v = said(Refusal::Version {
            host: 1,
            client: 99,
        });
        assert!(
            v.contains("it speaks version 99") && v.contains("this host version 1"),
            "{v}"
        );
        let t = said(Refusal::TooManyAttempts);
        assert!(!t.contains("try again"), "advice for the joiner: {t}");
    }

    /// The network's own errors are worded in the reader's language, not the system's
    /// English ("connection refused").
    #[test]
    fn a_refused_connection_reads_in_chinese() {
        use std::io::ErrorKind as K;
        crate::i18n::set_lang(crate::i18n::Lang::ZhHant);
        for kind in [K::ConnectionRefused, K::ConnectionReset, K::HostUnreachable] {
            let said = close_words(&CloseReason::Unreachable(kind));
            assert!(!said.chars().any(|c| c.is_ascii_lowercase()), "{said}");
        }
        crate::i18n::set_lang(crate::i18n::Lang::En);
    }
}
