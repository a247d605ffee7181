//! Hosting: the form (seats, name, port, reconnection grace, clocks) and the lobby with the
//! invite codes.

use super::{OnlineScreen, Session, named, option, seat_rows};
use crate::ai::BOT_LEVELS;
use crate::app::game::BOT_LEVEL_NAMES;
use crate::app::theme;
use crate::engine::{Components, Seat};
use crate::i18n::tr;
use crate::net::{ClockRule, Connection, HostConfig, LobbyPhase, SeatPlan};
use crate::trf;
use crate::words::Words;
use eframe::egui::{self, RichText};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Who plays a seat other than the host's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// A friend, joining with the seat's invite code.
    Friend,
    /// A bot of `BOT_LEVELS[k]`, played on the host.
    Bot(usize),
}

/// How long a dropped player's seat waits for them, in seconds.
pub const GRACE_CHOICES: [u32; 3] = [60, 180, 600];
/// Time banks on offer, in minutes (`None`: no clock).
pub const CLOCK_CHOICES: [Option<u32>; 4] = [None, Some(5), Some(10), Some(20)];

/// The host form's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostForm {
    /// 2 to 4.
    pub players: u8,
    /// Seats 2 to 4 (seat 1 is the person hosting).
    pub others: [SeatChoice; 3],
    pub name: String,
    pub port: String,
    /// The address to listen on: every network of this computer, unless a test asks for the
    /// loopback address only.
    pub bind_ip: IpAddr,
    /// The address put in the invite codes; empty: this computer's own.
    pub address: String,
    pub grace_secs: u32,
    pub clock_minutes: Option<u32>,
    /// The game's seed: drawn afresh for each lobby unless given (tests give one, to play a
    /// game known beforehand).
    pub seed: Option<u64>,
}

impl Default for HostForm {
    fn default() -> HostForm {
        HostForm {
            players: 2,
            others: [SeatChoice::Friend, SeatChoice::Friend, SeatChoice::Friend],
            name: String::new(),
            port: super::DEFAULT_PORT.to_string(),
            bind_ip: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            address: String::new(),
            grace_secs: GRACE_CHOICES[0],
            clock_minutes: None,
            seed: None,
        }
    }
}

/// The level a bot on timeout plays with.
const TIMEOUT_BOT: &str = "normal";

impl HostForm {
    /// The seats as the host plans them.
    pub fn plans(&self) -> Vec<SeatPlan> {
        let mut seats = vec![SeatPlan::Local];
        for c in &self.others[..self.players.clamp(2, 4) as usize - 1] {
            seats.push(match c {
                SeatChoice::Friend => SeatPlan::Remote,
                SeatChoice::Bot(k) => {
                    SeatPlan::Bot(BOT_LEVELS[(*k).min(BOT_LEVELS.len() - 1)].into())
                }
            });
        }
        seats
    }

    /// Takes the seats of a saved hosted game (to resume it).
    pub fn take_seats(&mut self, plans: &[SeatPlan]) {
        self.players = (plans.len() as u8).clamp(2, 4);
        for (k, p) in plans.iter().skip(1).take(3).enumerate() {
            self.others[k] = match p {
                SeatPlan::Bot(level) => SeatChoice::Bot(
                    BOT_LEVELS
                        .iter()
                        .position(|l| l.eq_ignore_ascii_case(level.split(':').next().unwrap_or("")))
                        .unwrap_or(2),
                ),
                _ => SeatChoice::Friend,
            };
        }
    }

    /// The host's configuration, or why the form cannot be used.
    pub fn config(
        &self,
        comps: &Arc<Components>,
        autosave: Option<PathBuf>,
    ) -> Result<HostConfig, String> {
        // Port 0 asks the system for any free port (the invite codes name the one it gives).
        let port: u16 = self.port.trim().parse().map_err(|_| {
            trf!(
                "The port is a number from 1 to 65535 (or 0 for any free one), not “{port}”.",
                port = crate::words::printable(self.port.trim())
            )
        })?;
        let name = self.name.trim();
        Ok(HostConfig {
            seats: self.plans(),
            host_name: if name.is_empty() {
                crate::app::game::default_seat_name(0)
            } else {
                crate::words::printable(name).into_owned()
            },
            bind: SocketAddr::new(self.bind_ip, port),
            advertise: Some(self.address.trim())
                .filter(|a| !a.is_empty())
                .map(|a| with_port(a, port)),
            seed: self
                .seed
                .unwrap_or_else(|| crate::seeder::SeedCode::random().value()),
            components: Arc::clone(comps),
            grace: Duration::from_secs(self.grace_secs as u64),
            clock: self.clock_minutes.map(|m| ClockRule {
                bank: Duration::from_secs(m as u64 * 60),
                bot_on_timeout: TIMEOUT_BOT.into(),
            }),
            autosave,
        })
    }

    /// The form; returns whether "Open the lobby" was pressed.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        ui.label(RichText::new(tr("Host a game")).strong().size(19.0));
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            let l = ui.label(tr("Your name"));
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.name)
                    .hint_text(crate::app::game::default_seat_name(0))
                    .char_limit(crate::app::theme::NAME_CHARS)
                    .desired_width(180.0),
            );
            named(r.labelled_by(l.id), tr("Your name as the host"));
            crate::app::theme::name_limit(ui, &self.name);
        });
        ui.horizontal(|ui| {
            ui.label(tr("Players"));
            for n in 2..=4u8 {
                let text = trf!("{count} players", count = n);
                if option(ui, self.players == n, text.clone(), &text) {
                    self.players = n;
                }
            }
        });
        for i in 0..self.players as usize - 1 {
            let seat = i + 2;
            ui.horizontal_wrapped(|ui| {
                // Seven choices to a row in half of a 1280-pixel window: a little closer
                // together than elsewhere ("Expert" had wrapped to a row of its own).
                ui.spacing_mut().item_spacing.x = 4.0;
                ui.spacing_mut().button_padding.x = 5.0;
                ui.label(
                    RichText::new(trf!("Seat {number}", number = seat))
                        .color(theme::seat_colour(seat as u8 - 1))
                        .strong(),
                );
                let name = trf!("Seat {seat}: a friend", seat);
                if option(
                    ui,
                    self.others[i] == SeatChoice::Friend,
                    tr("Friend"),
                    &name,
                ) {
                    self.others[i] = SeatChoice::Friend;
                }
                for (k, level) in BOT_LEVEL_NAMES.iter().enumerate() {
                    let level = tr(level);
                    let name = trf!(
                        "Seat {seat}: AI {level}",
                        seat,
                        level = level.to_lowercase()
                    );
                    if option(ui, self.others[i] == SeatChoice::Bot(k), level, &name) {
                        self.others[i] = SeatChoice::Bot(k);
                    }
                }
            });
        }
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(tr("A dropped player's seat waits"));
            for s in GRACE_CHOICES {
                let text = trf!("{minutes} min", minutes = s / 60);
                let name = trf!(
                    "A dropped player's seat waits {minutes} min",
                    minutes = s / 60
                );
                if option(ui, self.grace_secs == s, text, &name) {
                    self.grace_secs = s;
                }
            }
        });
        ui.label(
            RichText::new(tr(
                "Once it is over, you may let an AI play the seat; the player takes it back on rejoining.",
            ))
            .small()
            .color(theme::TEXT_DIM),
        );
        ui.horizontal_wrapped(|ui| {
            ui.label(tr("Time bank per player"));
            for c in CLOCK_CHOICES {
                let text = match c {
                    None => tr("none").to_string(),
                    Some(m) => trf!("{minutes} min", minutes = m),
                };
                let name = trf!("Time bank per player: {choice}", choice = text);
                if option(ui, self.clock_minutes == c, text, &name) {
                    self.clock_minutes = c;
                }
            }
        });
        // Said with or without a clock, so that choosing one does not move the fields below
        // (a click aimed at the address landed on the line that came in its place).
        let with = tr(
            "When a player's time runs out, a Normal AI plays their moves for the rest of the game. While a player's connection is lost, their time stands still.",
        );
        let without = tr("No clock: every player takes the time they need.");
        let font = egui::TextStyle::Small.resolve(ui.style());
        let width = ui.available_width();
        let tallest = [with, without]
            .iter()
            .map(|t| {
                ui.fonts_mut(|f| {
                    f.layout(t.to_string(), font.clone(), theme::TEXT_DIM, width)
                        .size()
                        .y
                })
            })
            .fold(0.0, f32::max);
        let said = if self.clock_minutes.is_some() {
            with
        } else {
            without
        };
        ui.allocate_ui(egui::vec2(width, tallest), |ui| {
            ui.set_min_height(tallest);
            ui.label(RichText::new(said).small().color(theme::TEXT_DIM));
        });
        ui.horizontal(|ui| {
            let l = ui.label(tr("Port"));
            let r = ui.add(egui::TextEdit::singleline(&mut self.port).desired_width(70.0));
            named(r.labelled_by(l.id), tr("Port"));
            let l = ui.label(tr("Address for friends"));
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.address)
                    .hint_text(tr("automatic"))
                    .desired_width(170.0),
            );
            named(r.labelled_by(l.id), tr("Address for friends"));
        });
        ui.label(
            RichText::new(tr(
                "Friends outside your network need the port forwarded to this computer, and your public address here.",
            ))
            .small()
            .color(theme::TEXT_DIM),
        );
        ui.add_space(6.0);
        let open = ui.button(RichText::new(tr("Open the lobby")).strong());
        // The lobby closed by keyboard: the keyboard comes here (it had landed on whatever
        // took the place of the button it was on, the time bank's "none").
        if ui
            .data_mut(|d| d.remove_temp::<bool>(egui::Id::unique(FOCUS_OPEN_LOBBY)))
            .unwrap_or(false)
        {
            open.request_focus();
        }
        open.clicked()
    }
}

/// Temporary data: the form's "Open the lobby" takes the keyboard.
const FOCUS_OPEN_LOBBY: &str = "online-focus-open-lobby";

/// The most connections refused that the lobby lists.
const REFUSALS_SHOWN: usize = 4;

impl OnlineScreen {
    /// The host's lobby: the invite codes, who has joined, Start.
    pub(super) fn host_lobby(&mut self, ui: &mut egui::Ui) {
        let Some(Session::Hosting { host, seat }) = &self.session else {
            return;
        };
        let (host, me) = (Arc::clone(host), *seat);
        // News (joins, drops) shows in the seat list; connections refused (a wrong code,
        // garbage) are listed below it, the latest few.
        for note in host.poll() {
            if matches!(note, crate::net::Note::Misbehaved { .. }) {
                self.refused.push(note);
            }
        }
        let extra = self.refused.len().saturating_sub(REFUSALS_SHOWN);
        self.refused.drain(..extra);
        let lobby = host.lobby();
        let mut start = false;
        let mut close = false;
        let mut to_bot = None;
        let mut to_friend = None;
        let mut clear_refused = false;
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr("Your lobby")).strong().size(19.0));
            // Once every seat is taken, nobody is waited for.
            let full = lobby.seats.iter().all(|s| s.connection != Connection::Open);
            let port = host.address().port();
            ui.label(
                RichText::new(if full {
                    trf!("Hosted on port {port} of this computer: every seat is taken", port)
                } else {
                    trf!("Waiting for friends on port {port} of this computer", port)
                })
                .small()
                .color(theme::TEXT_DIM),
            );
            ui.add_space(4.0);
            seat_rows(ui, &lobby, Some(me));
            ui.add_space(8.0);
            let invites = host.invites();
            if !invites.is_empty() {
                ui.label(
                    RichText::new(tr("Invite codes: send each friend the code of their seat."))
                        .strong(),
                );
                for inv in &invites {
                    let open = lobby
                        .seats
                        .get(inv.seat as usize)
                        .is_some_and(|s| s.connection == Connection::Open);
                    // Wrapped: the code is long, and at a large text size the row is wider than
                    // the window.
                    ui.horizontal_wrapped(|ui| {
                        ui.label(
                            RichText::new(trf!("Seat {number}", number = inv.seat + 1))
                                .color(theme::seat_colour(inv.seat)),
                        );
                        ui.label(RichText::new(&inv.code).monospace());
                        let copy = trf!("Copy the code of seat {number}", number = inv.seat + 1);
                        // The code last copied is said beside it (the copy itself shows nothing).
                        let copied = egui::Id::unique("invite-copied");
                        // The button itself says the code was copied: nothing is added to the
                        // row, so nothing after it moves.
                        let was_copied = open
                            && ui.data(|d| d.get_temp::<String>(copied)).as_ref()
                                == Some(&inv.code);
                        let text = if was_copied { tr("Copied") } else { tr("Copy") };
                        // As wide as the wider of its two words: what follows stays put.
                        let wide = [tr("Copy"), tr("Copied")]
                            .map(|t| theme::one_line_width(ui, RichText::new(t)))
                            .into_iter()
                            .fold(0.0, f32::max);
                        let r = ui
                            .add_enabled(
                                open,
                                egui::Button::new(text).min_size(egui::vec2(
                                    wide + 2.0 * ui.spacing().button_padding.x,
                                    0.0,
                                )),
                            )
                            .on_hover_text(copy);
                        if r.clicked() {
                            ui.ctx().copy_text(inv.code.clone());
                            ui.data_mut(|d| d.insert_temp(copied, inv.code.clone()));
                        }
                        // An open seat can go to an AI; until the first game, the AI can be
                        // sent away again.
                        let ai = lobby.seats.get(inv.seat as usize).is_some_and(|s| {
                            matches!(s.connection, Connection::Bot { .. })
                        }) && lobby.phase == LobbyPhase::Waiting;
                        let number = inv.seat + 1;
                        let offer = if open {
                            Some((
                                tr("Let an AI take this seat"),
                                trf!("A Normal AI plays seat {number} in place of a friend", number),
                                &mut to_bot,
                            ))
                        } else if ai {
                            Some((
                                tr("Keep the seat for a friend"),
                                trf!(
                                    "The AI leaves seat {number}, and its invite code lets a friend in again",
                                    number
                                ),
                                &mut to_friend,
                            ))
                        } else {
                            None
                        };
                        if let Some((label, hover, chosen)) = offer
                            && ui.button(label).on_hover_text(hover).clicked()
                        {
                            *chosen = Some(inv.seat);
                        }
                    });
                }
            }
            ui.add_space(8.0);
            let open: Vec<Seat> = lobby
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| s.connection == Connection::Open)
                .map(|(i, _)| i as Seat)
                .collect();
            if !open.is_empty() {
                ui.label(
                    RichText::new(
                        crate::net::NetError::SeatsOpen {
                            seats: open.clone(),
                        }
                        .words(),
                    )
                    .color(theme::TEXT_DIM),
                );
            }
            ui.horizontal(|ui| {
                let ready = open.is_empty() && lobby.phase != LobbyPhase::Playing;
                if ui
                    .add_enabled(
                        ready,
                        egui::Button::new(RichText::new(tr("Start the game")).strong()),
                    )
                    .clicked()
                {
                    start = true;
                }
                let close_button = ui.button(tr("Close the lobby"));
                if close_button.clicked() {
                    close = true;
                    if close_button.has_focus() {
                        ui.data_mut(|d| d.insert_temp(egui::Id::unique(FOCUS_OPEN_LOBBY), true));
                    }
                }
            });
            // Under the buttons: a refusal said as the host reaches for
            // Start the game does not move it.
            if !self.refused.is_empty() {
                ui.add_space(4.0);
                let names: Vec<String> = lobby
                    .seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        s.name
                            .clone()
                            .unwrap_or_else(|| trf!("Seat {number}", number = i + 1))
                    })
                    .collect();
                for note in &self.refused {
                    ui.label(
                        RichText::new(format!(
                            "{} {}",
                            theme::WARNING_GLYPH,
                            crate::words::note_words(note, &names)
                        ))
                        .small()
                        .color(theme::WARNING),
                    );
                }
                // Read, they can go (they had stayed until the next event).
                if ui
                    .small_button(tr("Clear these notes"))
                    .on_hover_text(tr("The connections refused so far are no longer listed"))
                    .clicked()
                {
                    clear_refused = true;
                }
            }
        });
        if clear_refused {
            self.refused.clear();
        }
        if let Some(seat) = to_bot
            && let Err(e) = host.hand_to_bot(seat, TIMEOUT_BOT)
        {
            self.message = Some(e.words());
        }
        if let Some(seat) = to_friend
            && let Err(e) = host.reopen_seat(seat)
        {
            self.message = Some(e.words());
        }
        if start && let Err(e) = host.start_game() {
            self.message = Some(e.words());
        }
        if close {
            self.leave();
        }
    }
}

/// `address` with `port` added when it names none (`example.org` → `example.org:47474`,
/// `2001:db8::1` → `[2001:db8::1]:47474`).
fn with_port(address: &str, port: u16) -> String {
    if address.parse::<SocketAddr>().is_ok() {
        return address.to_string();
    }
    if let Ok(ip) = address.parse::<IpAddr>() {
        return SocketAddr::new(ip, port).to_string();
    }
    match address.rsplit_once(':') {
        Some((host, p)) if !host.is_empty() && p.parse::<u16>().is_ok() => address.to_string(),
        _ => format!("{address}:{port}"),
    }
}
