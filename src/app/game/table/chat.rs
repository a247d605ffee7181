//! The chat of a game played online: a button in the online strip shows or hides it (with the
//! messages not read yet counted on it), and the chat under the strip holds the messages and
//! a field to send one to everyone at the table. Messages from the others are said to a screen
//! reader as they come, whether the chat is shown or not.

use super::Game;
use crate::app::game::Online;
use crate::app::theme;
use crate::i18n::tr;
use crate::net::Note;
use crate::trf;
use crate::words::Words;
use eframe::egui::{self, RichText};

/// The height of the chat's messages.
const CHAT_HEIGHT: f32 = 110.0;

/// The button that shows or hides the chat; returns whether it was pressed.
pub(super) fn chat_toggle(ui: &mut egui::Ui, o: &Online) -> bool {
    let text = match o.unread {
        0 => tr("Chat").to_string(),
        n => trf!("Chat ({count} new)", count = n),
    };
    let mut open = o.chat_open;
    let r = ui
        .toggle_value(&mut open, text)
        .on_hover_text(if o.chat_open {
            tr("Hide the chat")
        } else {
            tr("Show the chat: messages to everyone at the table")
        });
    r.clicked()
}

/// A message as the chat shows it: "Ann: good luck".
fn line(seat: u8, text: &str, names: &[String]) -> String {
    crate::words::note_words(
        &Note::Said {
            seat,
            text: text.to_string(),
        },
        names,
    )
}

/// The chat has just been opened (its field takes the keyboard).
pub(super) const CHAT_OPENED: &str = "online-chat-opened";

/// A word this long (in characters) is broken anywhere rather than put on a line of its own.
const LONG_WORD: usize = 24;

/// A message laid out for the chat, wrapped at the chat's width. A message holding a very
/// long word (a link, a run of letters) is broken anywhere: wrapped at spaces, the word went
/// under the name and left "Ann:" alone on its line.
fn message_job(ui: &egui::Ui, words: String, colour: egui::Color32) -> egui::text::LayoutJob {
    let long = words
        .split_whitespace()
        .any(|w| w.chars().count() > LONG_WORD);
    let font = egui::TextStyle::Body.resolve(ui.style());
    let mut job = egui::text::LayoutJob::simple(words, font, colour, ui.available_width());
    job.wrap.break_anywhere = long;
    job
}

/// The chat, when it is shown, and what a screen reader is told of new messages.
pub(super) fn chat_panel(ui: &mut egui::Ui, g: &mut Game) {
    let names = g.names();
    let Some(o) = &mut g.online else { return };
    announce(ui, o, &names);
    if !o.chat_open {
        return;
    }
    let closed = o.link.is_closed();
    let mut send = false;
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        // The messages take the same height from the first to the hundredth: a message coming
        // in does not move the board and the field under the pointer.
        if o.chat.is_empty() {
            ui.allocate_ui(egui::vec2(ui.available_width(), CHAT_HEIGHT), |ui| {
                ui.set_min_height(CHAT_HEIGHT);
                ui.label(
                    RichText::new(tr(
                        "No messages yet. What you send here, everyone at the table reads.",
                    ))
                    .color(theme::TEXT_DIM),
                );
            });
        } else {
            egui::ScrollArea::vertical()
                .id_salt("online-chat")
                .max_height(CHAT_HEIGHT)
                .min_scrolled_height(CHAT_HEIGHT)
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for (seat, text) in &o.chat {
                        let words = line(*seat, text, &names);
                        let job = message_job(ui, words, theme::seat_colour(*seat));
                        ui.add(egui::Label::new(job));
                    }
                });
        }
        ui.horizontal(|ui| {
            let width = (ui.available_width() - 90.0).clamp(120.0, 560.0);
            let field = ui
                .add_enabled(
                    !closed,
                    egui::TextEdit::singleline(&mut o.draft)
                        // Its own id: the messages above it come and go, and an id from its
                        // place would change with them, and the keyboard would lose it.
                        .id_salt("online-chat-draft")
                        .hint_text(tr("Say something to the table"))
                        .char_limit(crate::net::protocol::MAX_SAY)
                        .desired_width(width),
                )
                .accessible_name(tr("Chat message"));
            // Asked over a few frames: the toggle pressed may take the keyboard itself (as a
            // screen reader's press does) after this frame's request.
            let opened = egui::Id::unique(CHAT_OPENED);
            let frames = ui.data(|d| d.get_temp::<u8>(opened)).unwrap_or(0);
            if frames > 0 {
                if field.has_focus() {
                    ui.data_mut(|d| d.remove_temp::<u8>(opened));
                } else {
                    field.request_focus();
                    ui.data_mut(|d| d.insert_temp(opened, frames - 1));
                    ui.ctx().request_repaint();
                }
            }
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let can_send = !closed && !o.draft.trim().is_empty();
            let button = ui.add_enabled(can_send, egui::Button::new(tr("Send")));
            if can_send && (entered || button.clicked()) {
                send = true;
                // The keyboard stays in the field for the next message.
                field.request_focus();
            }
        });
        if closed {
            ui.label(
                RichText::new(tr("Disconnected: messages cannot be sent."))
                    .small()
                    .color(theme::TEXT_DIM),
            );
        }
    });
    if send {
        let text = std::mem::take(&mut o.draft);
        if let Err(e) = o.link.say(o.seat, &text) {
            o.draft = text;
            g.message = Some(crate::i18n::Said::new(move || e.words()));
        }
    }
}

/// The newest messages of the others, in a live region: spoken as they come.
fn announce(ui: &mut egui::Ui, o: &Online, names: &[String]) {
    let key = egui::Id::unique("online-chat-announced");
    // A table opened says nothing of what was said before.
    let (seen, mut text) = ui
        .data(|d| d.get_temp::<(usize, String)>(key))
        .filter(|(seen, _)| *seen <= o.heard)
        .unwrap_or((o.heard, String::new()));
    if o.heard > seen {
        let new = (o.heard - seen).min(o.chat.len());
        text = o.chat[o.chat.len() - new..]
            .iter()
            .filter(|(seat, _)| *seat != o.seat)
            .map(|(seat, said)| line(*seat, said, names))
            .collect::<Vec<_>>()
            .join(" ");
    }
    ui.data_mut(|d| d.insert_temp(key, (o.heard, text.clone())));
    crate::app::game::log::live_region(ui, text);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows a message takes in a chat this wide.
    fn rows(words: &str, width: f32) -> Vec<String> {
        let ctx = egui::Context::default();
        let mut out = Vec::new();
        let mut done = ctx.run_ui(Default::default(), |ui| {
            ui.set_width(width);
            ui.set_max_width(width);
            let job = message_job(ui, words.to_string(), egui::Color32::WHITE);
            let galley = ui.fonts_mut(|f| f.layout_job(job));
            out = galley.rows.iter().map(|r| r.text()).collect();
        });
        done.textures_delta.clear();
        out
    }

    #[test]
    fn a_very_long_word_starts_beside_the_name() {
        let word = "x".repeat(200);
        let got = rows(&format!("Ann: {word}"), 300.0);
        assert!(got.len() > 1, "{got:?}");
        assert!(got[0].starts_with("Ann: xxx"), "{got:?}");
    }

    #[test]
    fn words_of_a_usual_length_wrap_at_spaces() {
        let got = rows(&format!("Ann: {}", "good luck everyone ".repeat(10)), 300.0);
        assert!(got.len() > 1, "{got:?}");
        for r in &got {
            let r = r.trim_end();
            assert!(
                r.ends_with("good") || r.ends_with("luck") || r.ends_with("everyone"),
                "{got:?}"
            );
        }
    }
}
