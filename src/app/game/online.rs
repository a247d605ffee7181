//! A game of Play whose rules run on a host: this app's own (the person hosting plays their
//! seat through it) or a friend's (a seat joined with an invite code). The table is drawn
//! exactly as for a game on this computer, from the seat's own view: the host sends the seat's
//! observation, and a game state consistent with it stands in for the match here (another
//! seat's secrets are drawn at random and never shown: the table draws the seat's observation
//! of it, which is the host's). Decisions go to the host; nothing is applied here. Once the
//! game is over, the host's whole log arrives and becomes the match, so the end screen, the
//! review and the history work on the real game.

use super::*;
use crate::net::{Client, Connection, Host, NetError, Note, SeatView};
use rand::SeedableRng;
use std::time::Duration;

/// Where the rules run.
pub enum Link {
    /// This app hosts; the table is the host's own seat.
    Host(Arc<Host>),
    /// This app joined a friend's host.
    Client(Arc<Client>),
}

impl Link {
    /// A joined table whose connection has closed (the host left, or the link was lost): it
    /// shows the game as it was, and nothing can be sent.
    pub fn is_closed(&self) -> bool {
        match self {
            Link::Host(_) => false,
            Link::Client(c) => matches!(c.status(), crate::net::ClientStatus::Closed(_)),
        }
    }

    pub fn view(&self, seat: Seat) -> Option<SeatView> {
        match self {
            Link::Host(h) => h.view(seat),
            Link::Client(c) => c.view(),
        }
    }

    fn act(&self, seat: Seat, action: Action) -> Result<(), NetError> {
        match self {
            Link::Host(h) => h.act(seat, action),
            Link::Client(c) => {
                c.act(action);
                Ok(())
            }
        }
    }

    pub fn propose_undo(&self, seat: Seat) -> Result<(), NetError> {
        match self {
            Link::Host(h) => h.propose_undo(seat),
            Link::Client(c) => {
                c.propose_undo();
                Ok(())
            }
        }
    }

    pub fn answer_undo(&self, seat: Seat, yes: bool) -> Result<(), NetError> {
        match self {
            Link::Host(h) => h.answer_undo(seat, yes),
            Link::Client(c) => {
                c.answer_undo(yes);
                Ok(())
            }
        }
    }

    pub fn withdraw_undo(&self, seat: Seat) -> Result<(), NetError> {
        match self {
            Link::Host(h) => h.withdraw_undo(seat),
            Link::Client(c) => {
                c.withdraw_undo();
                Ok(())
            }
        }
    }

    /// A chat message from `seat` to everyone at the table; every table (this one too) shows
    /// it once the host has passed it on.
    pub fn say(&self, seat: Seat, text: &str) -> Result<(), NetError> {
        match self {
            Link::Host(h) => h.say(seat, text),
            Link::Client(c) => {
                c.say(text);
                Ok(())
            }
        }
    }

    pub fn poll(&self) -> Vec<Note> {
        match self {
            Link::Host(h) => h.poll(),
            Link::Client(c) => c.poll(),
        }
    }

    pub fn is_host(&self) -> bool {
        matches!(self, Link::Host(_))
    }
}

/// The online side of a game of Play.
pub struct Online {
    pub link: Link,
    /// The seat this table plays.
    pub seat: Seat,
    /// The last view applied to the table.
    pub view: Option<SeatView>,
    /// When (ui time) the view's clocks and grace periods were as it says: they run down
    /// from there until the next view.
    pub view_at: f64,
    /// A decision was sent and the host has not answered with a new view yet.
    pub sent: bool,
    /// What happened lately (who joined, dropped, came back), newest last, with the time.
    pub notes: Vec<(Note, f64)>,
    /// The host's whole log arrived: the match here is the real game.
    pub finished: bool,
    /// The host asked to close a game under way: it is confirmed first (it ends the game for
    /// everyone).
    pub confirm_close: bool,
    /// The chat: who said what, oldest first (at most `protocol::CHAT_KEPT`; a table put up
    /// again after a rejoin starts with what the host kept).
    pub chat: Vec<(Seat, String)>,
    /// Whether the chat is shown; while it is hidden, messages from the others are counted
    /// as unread and said for a while among the news.
    pub chat_open: bool,
    pub unread: usize,
    /// Every message received since this table opened (`chat` keeps the latest).
    pub heard: usize,
    /// The message being typed.
    pub draft: String,
}

/// How many notes the table keeps to show: enough to count every piece of news of the last
/// half minute (the strip says the newest and counts the rest).
const NOTES_KEPT: usize = 60;

impl Game {
    /// A game played through `link` at `seat`, starting from the host's view, taken at `now`
    /// (the window's time: the clocks count down from it).
    pub fn online(link: Link, seat: Seat, view: &SeatView, now: f64) -> Result<Game, String> {
        let state = stand_in(view);
        let mut m = Match::new(
            state.config.clone(),
            (*state.comps).clone(),
            view.game as u64,
        )
        .map_err(|e| e.words())?;
        m.state = state;
        let seats = seats_of(view);
        let mut g = Game::new(m, seats);
        g.hints.allowed = false;
        g.undo_allowed = false;
        g.viewer = Some(seat);
        g.online = Some(Online {
            link,
            seat,
            view: None,
            view_at: 0.0,
            sent: false,
            notes: Vec::new(),
            finished: false,
            confirm_close: false,
            // What was said before this table was put up (a rejoin): there, and not new.
            chat: view.chat.clone(),
            chat_open: false,
            unread: 0,
            heard: view.chat.len(),
            draft: String::new(),
        });
        g.take_view(view.clone(), now);
        Ok(g)
    }

    /// Asks the host what changed; returns whether anything did.
    pub(super) fn advance_online(&mut self, now: f64) -> bool {
        let Some(o) = &mut self.online else {
            return false;
        };
        let notes = o.link.poll();
        let mut changed = !notes.is_empty();
        for n in notes {
            if let Note::Said { seat, text } = &n {
                o.chat.push((*seat, text.clone()));
                o.heard += 1;
                if *seat != o.seat && !o.chat_open {
                    o.unread += 1;
                } else {
                    // Shown in the chat (or one's own): not again among the news.
                    continue;
                }
            }
            o.notes.push((n, now));
        }
        let excess = o.chat.len().saturating_sub(crate::net::protocol::CHAT_KEPT);
        o.chat.drain(..excess);
        let excess = o.notes.len().saturating_sub(NOTES_KEPT);
        o.notes.drain(..excess);
        if o.finished {
            return changed;
        }
        let Some(view) = o.link.view(o.seat) else {
            return changed;
        };
        let mut view = view;
        match &mut o.view {
            Some(v) if *v == view => {}
            // Only the time left moved (the host's own view is made afresh at every look):
            // nothing to apply to the table.
            Some(v) if same_but_times(v, &mut view) => {
                v.clocks = view.clocks;
                v.grace_left = view.grace_left;
                o.view_at = now;
            }
            _ => {
                self.take_view(view, now);
                changed = true;
            }
        }
        changed
    }

    /// The time bank and the grace period left now for `seat` (`None` where there is none),
    /// run down from the last view by the time since it came.
    pub(super) fn times_left(&self, seat: Seat, now: f64) -> (Option<Duration>, Option<Duration>) {
        let Some((o, v)) = self
            .online
            .as_ref()
            .and_then(|o| Some((o, o.view.as_ref()?)))
        else {
            return (None, None);
        };
        let since = Duration::from_secs_f64((now - o.view_at).max(0.0));
        let i = seat as usize;
        let clock = v.clocks.as_ref().and_then(|c| c.get(i)).map(|&t| {
            if v.running == Some(seat) && !o.finished && !o.link.is_closed() {
                t.saturating_sub(since)
            } else {
                t
            }
        });
        let grace = v.grace_left.get(i).copied().flatten();
        (clock, grace.map(|g| g.saturating_sub(since)))
    }

    /// Makes the table show `view`.
    fn take_view(&mut self, view: SeatView, now: f64) {
        let Some(o) = &mut self.online else { return };
        o.view_at = now;
        let seen = o.view.as_ref().map_or(0, |v| v.log.len());
        // The table's first view (joined, or rejoined mid-game): its log is the game so far,
        // and a round's start in it is past news, not a banner.
        let first = o.view.is_none();
        let moved = o.view.as_ref().is_none_or(|v| v.step != view.step);
        if moved {
            o.sent = false;
            // What was said of the last step (no hints here, a move refused) is done with,
            // as at a table of this computer once play goes on.
            self.message = None;
        }
        let over = view.over.clone();
        let fresh = view.log.len() < seen;
        let new_events: Vec<Event> = if fresh {
            Vec::new()
        } else {
            view.log[seen..].to_vec()
        };
        let all_events = if fresh { view.log.clone() } else { Vec::new() };
        self.seats = seats_of(&view);
        if let Some(o) = &mut self.online {
            o.view = Some(view);
        }
        if fresh {
            // A decision was taken back: the log is rebuilt from what the host sends.
            self.log.clear();
            self.notes.clear();
            self.flights.clear();
            self.last_delivery = None;
            let mut seeding = false;
            push_events(&mut self.log, &mut seeding, &all_events);
        } else if !new_events.is_empty() {
            if new_events
                .iter()
                .any(|e| matches!(e, Event::TurnStarted { .. }))
            {
                self.notes.clear();
                self.cleared = None;
            }
            self.absorb(&new_events, now);
            if first {
                self.notes.clear();
                self.flights.clear();
            }
        }
        if let Some(f) = over
            && let Ok(record) = GameRecord::from_ron(&f.record_ron)
            && let Ok(m) = Match::from_record(record)
        {
            self.m = m;
            if let Some(o) = &mut self.online {
                o.finished = true;
            }
            return;
        }
        if let Some(v) = self.online.as_ref().and_then(|o| o.view.as_ref()) {
            let state = stand_in(v);
            self.m.state = state;
        }
        self.pick = if moved {
            DivePick::default()
        } else {
            self.pick
        };
    }

    /// Sends a decision of this table's seat to the host.
    pub(super) fn decide_online(&mut self, action: Action) -> Result<(), String> {
        let Some(o) = &mut self.online else {
            return Ok(());
        };
        if o.sent {
            return Ok(());
        }
        if o.link.is_closed() {
            return Err(tr(
                "Not sent: the connection to the host is closed. Leave, then rejoin your seat from Play online.",
            )
            .to_string());
        }
        o.link.act(o.seat, action).map_err(|e| e.words())?;
        o.sent = true;
        self.notes.clear();
        self.cleared = None;
        self.pick = DivePick::default();
        self.preview_hover = None;
        Ok(())
    }

    /// Is this table's seat to decide now (and has not sent its decision yet)?
    pub(super) fn online_to_act(&self) -> Option<Seat> {
        let o = self.online.as_ref()?;
        let v = o.view.as_ref()?;
        // Not once the connection has closed: a decision could not reach the host.
        (v.to_act == ToAct::Seat(o.seat)
            && !v.legal.is_empty()
            && !o.sent
            && !o.finished
            && !o.link.is_closed())
        .then_some(o.seat)
    }

    /// The seat whose bot is working out a move, or the person the game waits for.
    pub fn online_waiting(&self) -> Option<(Seat, bool)> {
        let o = self.online.as_ref()?;
        let v = o.view.as_ref()?;
        if o.finished {
            return None;
        }
        if let Some(s) = v.thinking {
            return Some((s, true));
        }
        match v.to_act {
            ToAct::Seat(s) => Some((s, false)),
            _ => None,
        }
    }
}

/// The game state the table draws: the seat's observation, the other seats' secrets drawn
/// from what the seat has not seen (always the same draw for the same view).
fn stand_in(view: &SeatView) -> GameState {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6e6f_6374);
    view.observation.determinize(&mut rng)
}

/// The seats as the table names them: the rest as people, with their level beside the bots.
/// A seat the host gave to a bot from the start travels named by its level ("normal"); it is
/// named as an unnamed seat is at a hotseat table ("Player 3"), in the reader's language,
/// and its level is worded beside it. A person's seat handed to a bot keeps their name.
fn seats_of(view: &SeatView) -> Vec<SeatInfo> {
    (0..view.observation.num_players() as usize)
        .map(|i| {
            online_seat(
                i,
                view.names.get(i).map(String::as_str),
                view.connections.get(i),
            )
        })
        .collect()
}

/// Seat `i` of an online game as the table has it, from the host's name for it and its
/// connection: an AI's seat is an AI seat, and a name that is only its level (a seat handed
/// to an AI is named "normal") is no name.
pub fn online_seat(i: usize, name: Option<&str>, connection: Option<&Connection>) -> SeatInfo {
    let ai = match connection {
        Some(Connection::Bot { level }) => Some(level.clone()),
        _ => None,
    };
    let name = name
        .filter(|n| !n.trim().is_empty() && Some(*n) != ai.as_deref())
        .map(|n| crate::words::printable(n).into_owned())
        .unwrap_or_else(|| default_seat_name(i));
    SeatInfo {
        name,
        ai,
        stand_in: None,
    }
}

/// Do the two views differ at most in the time left on the clocks and grace periods? Asked
/// at every frame while a clock runs, so the views are not copied: `new`'s times are swapped
/// for `old`'s for the comparison, and back.
fn same_but_times(old: &SeatView, new: &mut SeatView) -> bool {
    let clocks = std::mem::replace(&mut new.clocks, old.clocks.clone());
    let grace = std::mem::replace(&mut new.grace_left, old.grace_left.clone());
    let same = old == new;
    new.clocks = clocks;
    new.grace_left = grace;
    same
}
