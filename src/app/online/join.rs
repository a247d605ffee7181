//! Joining: the code and name form, and the lobby as a joined player sees it while the host
//! gathers the table.

use super::{OnlineScreen, Session, named, retry, seat_rows};
use crate::app::theme;
use crate::i18n::tr;
use crate::net::Client;
use crate::net::ClientStatus;
use crate::trf;
use eframe::egui::{self, RichText};
use std::sync::Arc;

/// The join form's fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JoinForm {
    pub code: String,
    pub name: String,
    /// The field the keyboard goes to next frame: the one a refused join asks to mend (it had
    /// been left on nothing, Tab starting again from the top of the window).
    pub focus: Option<JoinField>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinField {
    Code,
    Name,
}

impl JoinForm {
    /// The form; returns whether "Join" was pressed (or Enter in the code field).
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        ui.label(RichText::new(tr("Join a game")).strong().size(19.0));
        ui.add_space(4.0);
        ui.label(
            RichText::new(tr("Paste the invite code your host sent you.")).color(theme::TEXT_DIM),
        );
        let l = ui.label(tr("Invite code"));
        let r = ui.add(
            // Ids of their own: a refusal above the form that goes as the code is edited
            // moves the fields, and ids counted from the top had changed under the keyboard
            // (the next letters typed were lost).
            egui::TextEdit::singleline(&mut self.code)
                .id_salt("join-code")
                .hint_text("192.168.1.20:47474/…")
                .desired_width(f32::INFINITY),
        );
        let mut enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if self.focus == Some(JoinField::Code) {
            self.focus = None;
            r.request_focus();
        }
        named(r.labelled_by(l.id), tr("Invite code"));
        ui.horizontal(|ui| {
            let l = ui.label(tr("Your name"));
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.name)
                    .id_salt("join-name")
                    .char_limit(crate::app::theme::NAME_CHARS)
                    .desired_width(180.0),
            );
            // Enter in either field joins, as the form's last field is where it is pressed.
            enter |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if self.focus == Some(JoinField::Name) {
                self.focus = None;
                r.request_focus();
            }
            named(r.labelled_by(l.id), tr("Your name for the others"));
            crate::app::theme::name_limit(ui, &self.name);
        });
        ui.add_space(6.0);
        let pressed = ui.button(RichText::new(tr("Join")).strong()).clicked();
        pressed || (enter && !self.code.trim().is_empty())
    }
}

impl OnlineScreen {
    /// What the last attempt said is done with (the screen is left), and so is its room.
    pub fn forget_message(&mut self) {
        self.message = None;
        self.banner_room.1 = false;
    }

    /// The join form's code and name.
    pub(super) fn join_fields(&self) -> (String, String) {
        (self.join_form.code.clone(), self.join_form.name.clone())
    }

    /// Joins with the code and name in the join form.
    pub fn join(&mut self) {
        self.message = None;
        self.banner_room.1 = false;
        self.join_said = None;
        let name = self.join_form.name.trim().to_string();
        if self.join_form.code.trim().is_empty() {
            self.message = Some(tr("Type or paste the invite code the host gave you.").into());
            self.join_form.focus = Some(JoinField::Code);
            self.join_said = Some(self.join_fields());
            return;
        }
        if name.is_empty() {
            self.message = Some(tr("Type the name the others will see.").into());
            self.join_form.focus = Some(JoinField::Name);
            self.join_said = Some(self.join_fields());
            return;
        }
        let client = Client::join(&self.join_form.code, &name);
        self.watched = false;
        self.rejoining = false;
        self.tries = retry::Tries::Ready;
        self.message_of_closed = false;
        self.session = Some(Session::Joined {
            client: Arc::new(client),
        });
    }

    /// The lobby of a joined player: connecting, then who is there, until the host starts.
    pub(super) fn join_lobby(&mut self, ui: &mut egui::Ui) {
        let Some(Session::Joined { client }) = &self.session else {
            return;
        };
        let status = client.status();
        let lobby = client.lobby();
        let me = client.seat();
        let _ = client.poll();
        let mut leave = false;
        let mut back = false;
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            match &status {
                ClientStatus::Connecting => {
                    ui.label(tr("Connecting to the host…"));
                }
                ClientStatus::InLobby | ClientStatus::Playing | ClientStatus::Over => {
                    ui.label(RichText::new(tr("The host's lobby")).strong().size(19.0));
                    if let Some(seat) = me {
                        ui.label(trf!("You play seat {number}.", number = seat + 1));
                    }
                    if let Some(lobby) = &lobby {
                        seat_rows(ui, lobby, me);
                    }
                    ui.add_space(6.0);
                    ui.label(RichText::new(waiting_words(lobby.as_ref())).color(theme::GLOW));
                }
                ClientStatus::Closed(_) => {
                    // The reason is the screen's message, above.
                    if ui.button(tr("Back")).clicked() {
                        back = true;
                    }
                }
            }
            if !matches!(status, ClientStatus::Closed(_)) && ui.button(tr("Leave")).clicked() {
                leave = true;
            }
        });
        if leave {
            self.leave();
        }
        if back {
            self.session = None;
            self.message = None;
        }
    }
}

/// What a joined player waits for in the lobby: a host at a window starts the game; a host
/// with nobody at it (`noctiluca serve`) starts it by itself once every seat is taken.
fn waiting_words(lobby: Option<&crate::net::Lobby>) -> String {
    use crate::net::{Connection, SeatPlan};
    let Some(lobby) = lobby.filter(|l| l.seats.iter().all(|s| s.plan != SeatPlan::Local)) else {
        return tr("Waiting for the host to start the game.").to_string();
    };
    match lobby
        .seats
        .iter()
        .filter(|s| s.connection == Connection::Open)
        .count()
    {
        0 => tr("Every seat is taken: the game starts by itself.").to_string(),
        1 => tr("The game starts by itself once every seat is taken: 1 seat is still open.")
            .to_string(),
        n => trf!(
            "The game starts by itself once every seat is taken: {count} seats are still open.",
            count = n
        ),
    }
}
