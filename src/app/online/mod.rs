//! Play online: host a game for friends (choose the seats, send each friend their invite code,
//! start when everyone is there) or join one with a code; then the game is played on the
//! same table as Play, each person seeing only their own seat. The rules run on the host only.
//!
//! The screen keeps what it needs to come back: a joined seat's rejoin token, and the host's
//! autosave of the game (in the data folder), so that a dropped player, or a host whose app
//! closed, can carry on with the same seats.

mod host;
mod join;
mod message;
mod retry;
mod watch;

use super::game::{Game, GameScreen, Link};
use super::{Command, Shared, theme};
use crate::engine::{Components, Seat};
use crate::i18n::tr;
use crate::net::{Client, ClientStatus, CloseReason, Host, Rejoin};
use crate::trf;
use crate::words::Words;
use eframe::egui::{self, RichText};
use message::{Offer, Pressed, message_row, retry_words};
use std::path::PathBuf;
use std::sync::Arc;

pub use host::{HostForm, SeatChoice};
pub use join::JoinForm;

/// The file a joined seat's rejoin token is kept in (data folder).
pub const REJOIN_FILE: &str = "online-rejoin.ron";
/// The host's autosave of the game it hosts (data folder).
pub const HOST_SAVE_FILE: &str = "online-host.json";
/// The port a host listens on unless the person hosting picks another.
pub const DEFAULT_PORT: u16 = 47474;

/// What the screen is connected to.
pub enum Session {
    Hosting { host: Arc<Host>, seat: Seat },
    Joined { client: Arc<Client> },
}

/// The Play online screen.
pub struct OnlineScreen {
    /// The table of the online game, once it has started.
    pub play: GameScreen,
    pub host_form: HostForm,
    pub join_form: JoinForm,
    pub session: Option<Session>,
    /// What the last attempt said (a refusal, a closed connection), in the reader's language.
    pub message: Option<String>,
    /// The join form's code and name when `message` was said of them: once either is edited,
    /// the message is of a code or name no longer there and goes (it had stayed over a code
    /// pasted in its place).
    join_said: Option<(String, String)>,
    /// The height the last message took on the start page, and whether it is kept empty:
    /// a refusal gone as the code is mended had moved the form up under the pointer, and a
    /// click meant for the name field joined.
    banner_room: (f32, bool),
    /// The data folder (rejoin token, host autosave); `None`: nothing is kept.
    pub data_dir: Option<PathBuf>,
    /// A rejoin token kept from an earlier game.
    pub rejoin: Option<Rejoin>,
    /// The saved hosted game can be resumed with these seats.
    pub resumable: Option<Vec<crate::net::SeatPlan>>,
    /// "Open the lobby" was pressed once with a saved game on offer: a second press replaces
    /// it (the first only says so).
    replace_saved: bool,
    /// A watcher wakes the window for the session's news.
    watched: bool,
    /// What was wrong with the files kept from earlier games (shown on the start page).
    pub notices: Vec<crate::i18n::Said>,
    /// The host's lobby: the latest connections it refused (a wrong code, garbage), newest
    /// last.
    pub refused: Vec<crate::net::Note>,
    /// Whether the rejoin token and the host's autosave may be written (not while something
    /// that could not be moved aside is in the way).
    rejoin_ok: bool,
    host_ok: bool,
    /// The session is a rejoin with the kept token (its failures read differently: the host
    /// answered before).
    rejoining: bool,
    /// The forms' names have been filled in with the name used last time (`Settings`).
    names_filled: bool,
    /// The host's step at which the window last asked for attention (the player's turn came
    /// while it was not in front).
    attention_step: Option<(u32, u64)>,
    /// A joined seat whose connection closed tries to take its seat back by itself.
    tries: retry::Tries,
    /// The message is about a connection that closed: it goes once a new one reaches the
    /// host.
    message_of_closed: bool,
}

/// `form` in a card as wide as the room it is given.
fn card<R>(ui: &mut egui::Ui, form: impl FnOnce(&mut egui::Ui) -> R) -> R {
    theme::card_frame()
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            form(ui)
        })
        .inner
}

/// The width (in points) from which the host and join forms stand side by side.
const SIDE_BY_SIDE: f32 = 900.0;

impl OnlineScreen {
    pub fn new(data_dir: Option<PathBuf>) -> OnlineScreen {
        use crate::app::state_file::load;
        let mut notices = Vec::new();
        let (rejoin, rejoin_ok) = match &data_dir {
            Some(d) => {
                let found = load(
                    &d.join(REJOIN_FILE),
                    crate::i18n::n("The token to rejoin an online game"),
                    |t| ron::from_str::<Rejoin>(t).map_err(|e| crate::words::ron_error(&e)),
                );
                notices.extend(found.notice);
                (found.value, found.keep_saving)
            }
            None => (None, false),
        };
        let (resumable, host_ok) = match &data_dir {
            Some(d) => {
                // A game that ended is not offered for resuming (its save stays, and the next
                // lobby writes over it).
                let found = load(
                    &d.join(HOST_SAVE_FILE),
                    crate::i18n::n("The saved online game"),
                    |t| match crate::net::seats_in_save(t) {
                        Ok(_) if crate::net::save_is_finished(t) => Ok(None),
                        Ok(seats) => Ok(Some(seats)),
                        Err(p) => Err(crate::words::save_problem(&p)),
                    },
                );
                notices.extend(found.notice);
                (found.value.flatten(), found.keep_saving)
            }
            None => (None, false),
        };
        let mut play = GameScreen::new(Arc::new(Components::default()), None);
        play.animate = true;
        OnlineScreen {
            play,
            host_form: HostForm::default(),
            join_form: JoinForm::default(),
            session: None,
            message: None,
            join_said: None,
            banner_room: (0.0, false),
            data_dir,
            rejoin,
            resumable,
            replace_saved: false,
            watched: false,
            notices,
            refused: Vec::new(),
            rejoin_ok,
            rejoining: false,
            names_filled: false,
            host_ok,
            attention_step: None,
            tries: retry::Tries::Ready,
            message_of_closed: false,
        }
    }

    fn host_save_path(&self) -> Option<PathBuf> {
        self.data_dir
            .as_ref()
            .filter(|_| self.host_ok)
            .map(|d| d.join(HOST_SAVE_FILE))
    }

    /// The name used last time, in both forms, until the player types another.
    pub fn fill_names(&mut self, last: &str) {
        if !self.names_filled {
            self.names_filled = true;
            for name in [&mut self.host_form.name, &mut self.join_form.name] {
                if name.is_empty() {
                    name.push_str(last);
                }
            }
        }
    }

    /// Opens the saved hosted game again, with its seats, on its port.
    pub fn resume_hosting(&mut self, comps: &Arc<Components>) {
        if let Some(seats) = self.resumable.clone() {
            self.host_form.take_seats(&seats);
        }
        self.open_lobby(comps, true);
    }

    /// Opens the lobby the host form describes (or resumes the saved hosted game).
    pub fn open_lobby(&mut self, comps: &Arc<Components>, resume: bool) {
        self.message = None;
        let config = match self.host_form.config(comps, self.host_save_path()) {
            Ok(c) => c,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        let started = match (resume, self.host_save_path()) {
            (true, Some(path)) => Host::resume(&path, config),
            _ => Host::start(config),
        };
        match started {
            Ok(host) => {
                self.watched = false;
                self.refused.clear();
                self.session = Some(Session::Hosting {
                    host: Arc::new(host),
                    seat: 0,
                });
                self.resumable = None;
            }
            Err(e) => self.message = Some(e.words()),
        }
    }

    /// Comes back to the seat of the kept rejoin token, with a new connection. What the last
    /// one said stays until this one has news (a try that fails as the last did changes
    /// nothing on the screen), and so does the table: the game the host sends replaces it.
    pub fn rejoin(&mut self) {
        if let Some(r) = &self.rejoin {
            self.watched = false;
            self.message_of_closed = self.message.is_some();
            self.rejoining = true;
            self.session = Some(Session::Joined {
                client: Arc::new(Client::rejoin(r)),
            });
        }
    }

    /// Leaves the lobby or the game (a host closes it for everyone; its autosave stays).
    pub fn leave(&mut self) {
        self.play.game = None;
        // What the session said (a refusal, a lost connection) ends with it, and so do the
        // tries to take a seat back.
        self.message = None;
        self.message_of_closed = false;
        self.tries = retry::Tries::Ready;
        match self.session.take() {
            Some(Session::Hosting { host, .. }) => {
                // Returns once the players are told and the port is free (at most two
                // seconds for a connection that does not answer): resumed at once, on the
                // same port, it had sometimes found the port still held.
                if let Ok(host) = Arc::try_unwrap(host) {
                    host.close_and_wait();
                }
                self.resumable = self.host_save_path().and_then(|p| {
                    let text = std::fs::read_to_string(&p).ok()?;
                    let seats = crate::net::seats_in_save(&text).ok()?;
                    (!crate::net::save_is_finished(&text)).then_some(seats)
                });
            }
            Some(Session::Joined { client }) => {
                if let Ok(client) = Arc::try_unwrap(client) {
                    client.leave();
                }
            }
            None => {}
        }
    }

    /// Is an online game under way on this screen?
    pub fn in_game(&self) -> bool {
        self.play.game.is_some()
    }

    /// A game at the online table that is not over, on a connection still open.
    pub fn game_under_way(&self) -> bool {
        self.play.game.as_ref().is_some_and(|g| {
            !g.m.state.is_over()
                && g.online
                    .as_ref()
                    .is_some_and(|o| !o.finished && !o.link.is_closed())
        })
    }

    /// This app hosts the session.
    pub fn is_hosting(&self) -> bool {
        matches!(self.session, Some(Session::Hosting { .. }))
    }

    /// Follows the session: keeps the rejoin token, and puts the game on the table once the
    /// host has started it. Returns whether anything changed.
    /// `now`: the window's time, which the table's clocks count from.
    fn follow(&mut self, now: f64) -> bool {
        let mut changed = self.retry_tick(now);
        match &self.session {
            Some(Session::Hosting { host, seat }) => {
                if let Some(view) = host.view(*seat)
                    && self.next_game(&view)
                {
                    self.start_table(Link::Host(Arc::clone(host)), *seat, &view, now);
                    changed = true;
                }
            }
            Some(Session::Joined { client }) => {
                let client = Arc::clone(client);
                // Kept while connected (a closed connection's token is kept already, or
                // dropped below).
                let closed = matches!(client.status(), ClientStatus::Closed(_));
                if !closed
                    && let Some(r) = client.rejoin_token()
                    && self.rejoin.as_ref() != Some(&r)
                {
                    self.keep_rejoin(&r);
                    self.rejoin = Some(r);
                    changed = true;
                }
                match client.status() {
                    ClientStatus::Closed(why) => {
                        // The table stays as it was (a finished game, or the position when
                        // the host left); the reason is said above it. A game that has ended
                        // is not one to rejoin, nor is a seat the host no longer knows (or a
                        // game it kept no save of): its token is dropped.
                        let over = client.view().is_some_and(|v| v.over.is_some());
                        let unknown = why == CloseReason::Refused(crate::net::Refusal::UnknownCode)
                            || why == CloseReason::HostGone;
                        if (over || unknown) && self.rejoin.is_some() {
                            self.forget_rejoin();
                            changed = true;
                        }
                        let text = if over && why == CloseReason::HostClosed {
                            tr("The game is over, and the host has closed it.").to_string()
                        } else if let retry::Tries::Going(r) = &self.tries {
                            retry_words(&r.why, r.tries)
                        } else if self.tries == retry::Tries::GaveUp {
                            trf!(
                                "Your seat was not taken back: the host's game did not open again within {minutes} minutes. When it is open, use Rejoin.",
                                minutes = (retry::RETRY_FOR / 60.0) as u32
                            )
                        } else if self.rejoining
                            && why == CloseReason::Refused(crate::net::Refusal::UnknownCode)
                        {
                            // The seat's own code came back unknown: the host has another
                            // game now (its code had been said to be mistyped).
                            tr("The host no longer has the game you were in: it has opened another. Ask the host for a new invite code.").to_string()
                        } else if let CloseReason::Unreachable(kind) = why
                            && self.rejoining
                        {
                            // The host answered at this address before: most likely its game
                            // is not open again yet, rather than a wrong address or a firewall.
                            trf!(
                                "The host's game is not open at the moment ({error}). When the host has opened it again (Resume hosting it), use Rejoin to take your seat back.",
                                error = crate::words::net_io_error(kind)
                            )
                        } else {
                            crate::words::close_words(&why)
                        };
                        if self.message.as_deref() != Some(text.as_str()) {
                            self.message = Some(text);
                            changed = true;
                        }
                        // A first join that did not reach a seat (a wrong code, nothing at the
                        // address): back to the form, the reason above it and the keyboard
                        // on the code, to mend it there (a page of its own had needed Back).
                        if client.seat().is_none() && !self.rejoining && self.rejoin.is_none() {
                            self.session = None;
                            self.join_form.focus = Some(join::JoinField::Code);
                            self.join_said = Some(self.join_fields());
                            changed = true;
                        }
                    }
                    _ => {
                        if let (Some(view), Some(seat)) = (client.view(), client.seat())
                            && (self.next_game(&view) || self.table_link_closed())
                        {
                            self.start_table(Link::Client(Arc::clone(&client)), seat, &view, now);
                            changed = true;
                        }
                    }
                }
            }
            None => {}
        }
        changed
    }

    /// Whether `view` is a game to put on the table: the first, or the next one the host
    /// started with the same seats once the table's game is over and recorded.
    fn next_game(&self, view: &crate::net::SeatView) -> bool {
        let Some(g) = &self.play.game else {
            return true;
        };
        let Some(o) = &g.online else { return false };
        o.finished
            && g.recorded
            && view.over.is_none()
            && o.view.as_ref().is_some_and(|v| v.game != view.game)
    }

    /// The table's game came over a connection that has closed (a new one, taking the seat
    /// back, puts the host's game up in its place).
    fn table_link_closed(&self) -> bool {
        let online = self.play.game.as_ref().and_then(|g| g.online.as_ref());
        online.is_some_and(|o| !o.finished && o.link.is_closed())
    }

    /// Starts, makes and stops the tries to take a joined seat back by itself (`retry`).
    /// Returns whether what the screen says changed.
    fn retry_tick(&mut self, now: f64) -> bool {
        let Some(Session::Joined { client }) = &self.session else {
            return self.tries.end();
        };
        let why = match client.status() {
            ClientStatus::Closed(why) => why,
            ClientStatus::Connecting => return false,
            // The host answered: the tries are over, and may start again if this connection
            // closes too.
            _ => {
                let said = self.message_of_closed && self.message.take().is_some();
                self.message_of_closed = false;
                let going = self.tries.end();
                self.tries = retry::Tries::Ready;
                return going || said;
            }
        };
        let over = client.view().is_some_and(|v| v.over.is_some());
        // Tried again: a host gone or not open yet, or busy. Not a refusal, another version,
        // a wrong address on first joining, or a game that is over.
        let again = matches!(
            why,
            CloseReason::Lost
                | CloseReason::HostClosed
                | CloseReason::Unreachable(_)
                | CloseReason::UnknownHost
                | CloseReason::Handshake
        );
        if over || !again || self.rejoin.is_none() {
            return self.tries.end();
        }
        let started = self.tries == retry::Tries::Ready;
        if started {
            // Only a connection that had reached the host starts the tries.
            if !matches!(why, CloseReason::Lost | CloseReason::HostClosed) {
                return false;
            }
            self.tries = retry::Tries::Going(retry::Retry::new(now, why));
        }
        let retry::Tries::Going(r) = &mut self.tries else {
            return false;
        };
        match r.step(now) {
            retry::RetryStep::Wait(_) => started,
            retry::RetryStep::Try => {
                self.rejoin();
                true
            }
            retry::RetryStep::GiveUp => {
                self.tries = retry::Tries::GaveUp;
                true
            }
        }
    }

    /// What a button of the message row does.
    fn pressed(&mut self, p: Pressed, now: f64) {
        match p {
            // Taken back now, and tried again until the host's game answers (a try that
            // found nothing again had changed nothing on the screen).
            Pressed::Rejoin => {
                if let Some(Session::Joined { client }) = &self.session
                    && let ClientStatus::Closed(why) = client.status()
                {
                    let mut r = retry::Retry::new(now, why);
                    r.next = now;
                    self.tries = retry::Tries::Going(r);
                } else {
                    self.rejoin();
                }
            }
            Pressed::TryNow => {
                if let retry::Tries::Going(r) = &mut self.tries {
                    r.next = now;
                }
            }
            Pressed::StopTrying => {
                self.tries = retry::Tries::Stopped;
            }
        }
    }

    /// Starts the watcher of a new session: the host and the connection work on their own
    /// threads, and it wakes the window when they have news.
    fn watch(&mut self, ctx: &egui::Context) {
        if !self.watched {
            match &self.session {
                Some(Session::Hosting { host, seat }) => watch::watch_host(host, *seat, ctx),
                Some(Session::Joined { client }) => watch::watch_client(client, ctx),
                None => {}
            }
            self.watched = self.session.is_some();
        }
    }

    /// Asks for a frame when the next try to take the seat back is due.
    fn wake_for_retry(&self, ctx: &egui::Context) {
        if let retry::Tries::Going(r) = &self.tries {
            let now = ctx.input(|i| i.time);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(
                (r.next - now).clamp(0.05, retry::RETRY_EVERY),
            ));
        }
    }

    /// The joined session ended as it should: the host finished its games, or closed a game
    /// that was over.
    fn ended_well(&self) -> bool {
        let Some(Session::Joined { client }) = &self.session else {
            return false;
        };
        match client.status() {
            ClientStatus::Closed(CloseReason::Done) => true,
            ClientStatus::Closed(CloseReason::HostClosed) => {
                client.view().is_some_and(|v| v.over.is_some())
            }
            _ => false,
        }
    }

    fn start_table(&mut self, link: Link, seat: Seat, view: &crate::net::SeatView, now: f64) {
        match Game::online(link, seat, view, now) {
            Ok(g) => {
                self.play.game = Some(g);
                self.play.status = None;
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// Drops the rejoin token, and its file (the app's own, written by `keep_rejoin`).
    fn forget_rejoin(&mut self) {
        self.rejoin = None;
        if let Some(dir) = self.data_dir.as_ref().filter(|_| self.rejoin_ok) {
            let _ = std::fs::remove_file(dir.join(REJOIN_FILE));
        }
    }

    /// Writes the rejoin token atomically beside the other data.
    fn keep_rejoin(&mut self, r: &Rejoin) {
        let Some(dir) = self.data_dir.as_ref().filter(|_| self.rejoin_ok) else {
            return;
        };
        let path = dir.join(REJOIN_FILE);
        let text =
            ron::ser::to_string_pretty(r, ron::ser::PrettyConfig::default()).unwrap_or_default();
        if let Err(e) = crate::paths::write_atomic(&path, text.as_bytes()) {
            self.message = Some(trf!(
                "The token to come back to your seat could not be kept in {path}: {error}",
                path = path.display(),
                error = crate::words::io_error(e.kind())
            ));
        }
    }

    /// Every frame, whatever the screen: the session is followed (a game the host starts
    /// goes on the table even while the player is elsewhere), the window asks for attention
    /// when the player's turn comes while it is not in front, and, away from Play online, what
    /// the top bar says of the game (`None`: nothing to say).
    pub fn background(&mut self, ctx: &egui::Context, here: bool) -> Option<String> {
        self.session.as_ref()?;
        if !here {
            self.watch(ctx);
            if self.follow(ctx.input(|i| i.time)) {
                ctx.request_repaint();
            }
            self.wake_for_retry(ctx);
        }
        let g = self.play.game.as_ref()?;
        let o = g.online.as_ref()?;
        if o.link.is_closed() {
            let said = if matches!(self.tries, retry::Tries::Going(_)) {
                tr("Online game: the connection closed; taking your seat back…")
            } else {
                tr("Online game: the connection has closed")
            };
            return (!here && !self.ended_well()).then(|| said.to_string());
        }
        // At the table, in front: the table says it all, and no view is made twice a frame.
        let focused = ctx.input(|i| i.focused);
        if here && focused {
            return None;
        }
        let view = o.link.view(o.seat)?;
        let my_turn = view.over.is_none() && !view.legal.is_empty();
        if my_turn && self.attention_step != Some((view.game, view.step)) && !focused {
            self.attention_step = Some((view.game, view.step));
            ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
                egui::UserAttentionType::Informational,
            ));
        }
        if here || view.over.is_some() {
            return None;
        }
        let other = match view.to_act {
            crate::engine::ToAct::Seat(s) => view.names.get(s as usize),
            _ => None,
        };
        Some(match other {
            _ if my_turn => tr("Online game: your turn").to_string(),
            Some(name) => trf!(
                "Online game: {name}'s turn",
                name = crate::words::printable(name)
            ),
            None => tr("Online game under way").to_string(),
        })
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        self.watch(ui.ctx());
        if self.follow(ui.input(|i| i.time)) {
            ui.ctx().request_repaint();
        }
        self.wake_for_retry(ui.ctx());
        // A lost connection (or a host that closed) can be rejoined from right here, at the
        // table or in the lobby (by itself while `retry` tries).
        let can_rejoin = self.rejoin.is_some()
            && matches!(
                &self.session,
                Some(Session::Joined { client })
                    if match client.status() {
                        ClientStatus::Closed(CloseReason::Lost | CloseReason::HostClosed) => true,
                        // A rejoin that found the host's game not open yet: try again.
                        ClientStatus::Closed(CloseReason::Unreachable(_)) => self.rejoining,
                        _ => false,
                    }
            );
        let offer = match () {
            _ if matches!(self.tries, retry::Tries::Going(_)) => Offer::Retrying,
            _ if can_rejoin => Offer::Rejoin,
            _ => Offer::Nothing,
        };
        if self.in_game() {
            if let Some(m) = &self.message
                && let Some(p) = message_row(ui, m, self.ended_well(), offer)
            {
                self.pressed(p, ui.input(|i| i.time));
                ui.ctx().request_repaint();
            }
            let c = self.play.ui(ui, shared);
            // "Leave" on the table took the game away: close the session too.
            if self.play.game.is_none() {
                self.leave();
            }
            return c;
        }
        let mut command = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.set_max_width(ui.available_width().min(1000.0));
                crate::app::theme::heading(ui,
                    RichText::new(tr("Play online"))
                        .heading()
                        .color(theme::GLOW),
                );
                ui.label(
                    RichText::new(tr(
                        "One person hosts: their computer runs the game, and each friend joins with the invite code for their seat. Everyone sees only their own secrets.",
                    ))
                    .color(theme::TEXT_DIM),
                );
                ui.add_space(8.0);
                if let Some(m) = &self.message {
                    let top = ui.cursor().top();
                    let p = message_row(ui, m, self.ended_well(), offer);
                    ui.add_space(8.0);
                    self.banner_room = (ui.cursor().top() - top, false);
                    if let Some(p) = p {
                        self.pressed(p, ui.input(|i| i.time));
                        ui.ctx().request_repaint();
                    }
                }
                if self.banner_room.1 && self.message.is_none() && self.session.is_none() {
                    ui.add_space(self.banner_room.0);
                }
                match &self.session {
                    Some(Session::Hosting { .. }) => self.host_lobby(ui),
                    Some(Session::Joined { .. }) => self.join_lobby(ui),
                    None => command = self.start_page(ui, shared),
                }
            });
            crate::app::scroll::page(ui);
        });
        command
    }

    /// Host or join (or come back).
    fn start_page(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let mut dismissed = None;
        for (k, notice) in self.notices.iter().enumerate() {
            theme::warning_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(format!("{} {notice}", theme::WARNING_GLYPH));
                if ui.button(tr("Dismiss")).clicked() {
                    dismissed = Some(k);
                }
            });
            ui.add_space(8.0);
        }
        if let Some(k) = dismissed {
            self.notices.remove(k);
        }
        let mut host = false;
        let mut resume = false;
        let mut join = false;
        let mut rejoin = false;
        if let Some(r) = &self.rejoin {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(trf!(
                    "You have a seat in a game at {address} (seat {number}).",
                    address = crate::words::printable(&r.address),
                    number = r.seat + 1
                ));
                if ui.button(tr("Rejoin that game")).clicked() {
                    rejoin = true;
                }
            });
            ui.add_space(8.0);
        }
        if let Some(seats) = &self.resumable {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(trf!(
                    "A game you hosted for {count} seats was saved when it closed.",
                    count = seats.len()
                ));
                if ui.button(tr("Resume hosting it")).clicked() {
                    resume = true;
                }
                if self.replace_saved {
                    ui.label(
                        theme::warning_text(tr("Opening a new lobby replaces this saved game. Press “Open the lobby” again to replace it, or “Resume hosting it”.")),
                    );
                }
            });
            ui.add_space(8.0);
        }
        if !self.names_filled {
            // The port and address last hosted with, as the name is.
            let s = &shared.settings;
            if !s.host_port.is_empty() {
                self.host_form.port = s.host_port.clone();
            }
            if !s.host_address.is_empty() && self.host_form.address.is_empty() {
                self.host_form.address = s.host_address.clone();
            }
        }
        self.fill_names(&shared.settings.player_name);
        // Side by side where both have their room; one under the other in a narrow window
        // (a large text size), where the host's rows of choices ran under the join form.
        if ui.available_width() >= SIDE_BY_SIDE {
            ui.columns(2, |cols| {
                host = card(&mut cols[0], |ui| self.host_form.ui(ui));
                join = card(&mut cols[1], |ui| self.join_form.ui(ui));
            });
        } else {
            // Laid out as a column lays them out (the page centres its heading).
            ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                host = card(ui, |ui| self.host_form.ui(ui));
                ui.add_space(8.0);
                join = card(ui, |ui| self.join_form.ui(ui));
            });
        }
        if self
            .join_said
            .as_ref()
            .is_some_and(|said| *said != self.join_fields())
        {
            self.join_said = None;
            self.message = None;
            self.banner_room.1 = true;
        }
        let comps = Arc::clone(&shared.data.comps);
        if host && self.resumable.is_some() && !self.replace_saved {
            self.replace_saved = true;
        } else if host {
            self.replace_saved = false;
            self.open_lobby(&comps, false);
        }
        if resume {
            self.resume_hosting(&comps);
        }
        if join {
            self.join();
        }
        // The name a lobby was opened or joined with is the one offered next time.
        let used = match &self.session {
            Some(Session::Hosting { .. }) if host || resume => Some(&self.host_form.name),
            Some(Session::Joined { .. }) if join => Some(&self.join_form.name),
            _ => None,
        };
        if let Some(name) = used.map(|n| n.trim()).filter(|n| !n.is_empty())
            && shared.settings.player_name != name
        {
            shared.settings.player_name = name.to_string();
        }
        // (Not on resuming a saved game: its own port is the saved game's.)
        if matches!(&self.session, Some(Session::Hosting { .. })) && host {
            let s = &mut shared.settings;
            s.host_port = self.host_form.port.trim().to_string();
            s.host_address = self.host_form.address.trim().to_string();
        }
        if rejoin {
            self.rejoin();
        }
        None
    }
}

/// Gives a text field a precise accessible name (its label sits beside it).
fn named(r: egui::Response, name: &str) -> egui::Response {
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, name));
    r
}

/// One option of a choice, a button that reads as a radio button with a name saying what it
/// chooses.
fn option(ui: &mut egui::Ui, selected: bool, text: impl Into<String>, name: &str) -> bool {
    let r = ui.selectable_label(selected, text.into());
    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, name));
    r.clicked()
}

/// The lobby's seats: who plays each and how they are connected.
fn seat_rows(ui: &mut egui::Ui, lobby: &crate::net::Lobby, me: Option<Seat>) {
    // Named as the table will name them: an AI's seat nobody named is "AI Easy" (the lobby
    // said "Player 2", and a seat handed to an AI "normal").
    let seats: Vec<crate::app::game::SeatInfo> = lobby
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| crate::app::game::online_seat(i, s.name.as_deref(), Some(&s.connection)))
        .collect();
    let names = crate::app::game::table_names(&seats);
    egui::Grid::new("online-seats")
        .spacing(egui::vec2(12.0, 6.0))
        .show(ui, |ui| {
            for (i, s) in lobby.seats.iter().enumerate() {
                let mut label = trf!("Seat {number}", number = i + 1);
                if me == Some(i as Seat) {
                    label = trf!("{seat} (you)", seat = label);
                }
                ui.label(
                    RichText::new(label)
                        .color(theme::seat_colour(i as u8))
                        .strong(),
                );
                let ai = seats[i].ai.is_some();
                let name = if ai || s.name.is_some() {
                    names[i].clone()
                } else {
                    "—".to_string()
                };
                ui.label(name);
                // The level is in the name of an AI nobody named ("AI Normal"): said once.
                let unnamed_ai = ai && seats[i].name == crate::app::game::default_seat_name(i);
                if unnamed_ai {
                    ui.label(format!("■ {}", tr("AI seat")));
                } else {
                    ui.label(crate::words::connection_words(&s.connection));
                }
                ui.end_row();
            }
        });
}
