//! History and statistics: every recorded game, filtered by person, mode, table size and
//! date, each opening its score sheet (and its replay when it has a log), deleted with undo,
//! exported as CSV; and each person's record with plots. A database that cannot be used is
//! explained in plain words with what can be done: try again, read it without writing, or
//! keep it aside (renamed, never deleted) and start a new one.

mod csv;
mod list;
pub use csv::games_csv;
mod fault;
mod keys;
mod recorder;
mod rescue;
mod stats;

pub use crate::words::history_words;
pub use recorder::{Recorder, record_now};

use super::export::{ExportKind, OutcomeWords, PendingExport};
use super::{Command, Shared, theme};
use crate::history::{Filter, GameEntry, GameRow, History, HistoryError, Mode, WINDOW_WAIT};
use crate::i18n::{Said, tr};
use crate::trf;
use eframe::egui::{self, RichText};
use keys::{Pressed, back_to_list, keyboard_list, named, people_rows};
use std::path::{Path, PathBuf};

/// How many games the list shows at once (the newest).
pub const PAGE: u32 = 200;

/// The two views of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Games,
    Statistics,
}

/// The width of a choice of person (History's filter, Statistics' person and rival): a
/// longer name is cut short with "…" where it reaches the box's arrow (cut at 16 characters,
/// it had been well short of it).
pub(crate) const PERSON_WIDTH: f32 = 240.0;

/// `name` as a choice of person shows it: whole, or cut short with "…" to fit the box.
pub(crate) fn fit_person(ui: &egui::Ui, name: &str) -> String {
    // The box's arrow and margins take the rest.
    let room = PERSON_WIDTH - 2.0 * ui.spacing().icon_width - 2.0 * ui.spacing().button_padding.x;
    let fits = |s: &str| theme::one_line_width(ui, RichText::new(s)) <= room;
    if fits(name) {
        return name.to_string();
    }
    // The longest head that fits with its "…", found by halving (it is asked every frame,
    // for each box: a name of 60 characters had been laid out up to 60 times).
    let chars: Vec<char> = name.chars().collect();
    let cut = |n: usize| format!("{}…", chars[..n].iter().collect::<String>());
    let (mut fit, mut over) = (0, chars.len());
    while over - fit > 1 {
        let mid = (fit + over) / 2;
        if fits(&cut(mid)) {
            fit = mid;
        } else {
            over = mid;
        }
    }
    cut(fit)
}

pub struct HistoryScreen {
    pub view: View,
    db: Option<PathBuf>,
    opened: Option<Result<History, HistoryError>>,
    /// Opened without writing (a newer or busy file).
    pub read_only: bool,
    pub filter: Filter,
    pub from_text: String,
    pub to_text: String,
    rows: Option<Vec<GameRow>>,
    /// The filters changed: the list starts again at its top (its newest game).
    to_top: bool,
    /// A button pressed by keyboard that its press took the keyboard from (Export CSV…
    /// greyed while its dialog is open, a game's Score sheet or Replay while that is shown):
    /// the keyboard goes back to it, where Tab had started again from the top of the window.
    refocus: Option<Pressed>,
    /// How many games the filter finds (the list shows the newest `PAGE`, or more).
    count: Option<i64>,
    pub people: Vec<String>,
    /// Deleted games, the latest last (this session's, and the last few of earlier ones, kept
    /// beside the database): Undo puts them back one by one.
    pub undo: Vec<GameEntry>,
    pub status: Option<Said>,
    export: Option<PendingExport>,
    /// Statistics: the person shown, and the one compared with.
    pub person: Option<String>,
    pub rival: Option<String>,
    /// Statistics: which games they count (solo scores are net scores, against the tempest).
    pub stats_kind: crate::history::GameKind,
    /// The statistics shown, worked out once for (person, rival, kind) until the next refresh.
    stats: Option<stats::Shown>,
    /// The history's records, read once until the next refresh (`stats_ui`).
    records: Option<crate::history::Records>,
    /// Statistics: the new name being typed for the person shown (Rename or merge).
    pub renaming: Option<String>,
    /// The file's `data_version` when last read: another program's change is shown at the
    /// next frame.
    seen_version: Option<i64>,
    /// A damaged file kept aside: its games being carried into the new one.
    rescuing: Option<rescue::Rescuing>,
}

impl HistoryScreen {
    pub fn new(db: Option<PathBuf>) -> HistoryScreen {
        // Games deleted before the app was last closed can still be put back.
        let undo = db
            .as_deref()
            .and_then(Path::parent)
            .map(crate::history::read_deleted)
            .unwrap_or_default();
        HistoryScreen {
            view: View::Games,
            db,
            opened: None,
            read_only: false,
            filter: Filter {
                limit: Some(PAGE),
                ..Filter::default()
            },
            from_text: String::new(),
            to_text: String::new(),
            rows: None,
            people: Vec::new(),
            undo,
            status: None,
            export: None,
            person: None,
            rival: None,
            stats_kind: crate::history::GameKind::All,
            stats: None,
            seen_version: None,
            renaming: None,
            to_top: false,
            refocus: None,
            count: None,
            records: None,
            rescuing: None,
        }
    }

    /// Keeps the deleted games beside the database, for Undo after a restart.
    fn keep_undo(&self) -> Result<(), std::io::ErrorKind> {
        let Some(dir) = self.db.as_deref().and_then(Path::parent) else {
            return Ok(());
        };
        crate::history::keep_deleted(dir, &self.undo).map_err(|e| e.kind())
    }

    pub fn has_open_dialog(&self) -> bool {
        self.export.is_some()
    }

    /// Reads the database again (after a recording, a deletion, a new filter).
    pub fn refresh(&mut self) {
        self.rows = None;
        self.stats = None;
        self.records = None;
    }

    fn db(&mut self) -> Option<&mut History> {
        if self.opened.is_none() {
            let path = self.db.clone()?;
            // The window waits for another program that holds the file only briefly (to
            // open it, and for every write after): it says the file is busy rather than
            // freeze.
            let opened = History::open_waiting(&path, WINDOW_WAIT);
            // A file that cannot be written, or a newer version's, is shown as it is at
            // once, read without writing, and the screen says why.
            if let Err(e @ (HistoryError::ReadOnly | HistoryError::Newer { .. })) = &opened
                && path.is_file()
                && let Ok(h) = History::open_read_only_waiting(&path, WINDOW_WAIT)
            {
                let (e, path) = (e.clone(), path.clone());
                self.status = Some(Said::warning(Said::new(move || {
                    trf!(
                        "{problem}: it is shown without writing.",
                        problem = history_words(&e, &path)
                    )
                })));
                self.opened = Some(Ok(h));
                self.read_only = true;
            } else {
                self.opened = Some(opened);
            }
            self.flush_waiting();
        }
        self.opened.as_mut()?.as_mut().ok()
    }

    /// Games that waited beside the file while it could not be written go in now; those that
    /// still cannot are said.
    fn flush_waiting(&mut self) {
        let (Some(path), Some(Ok(h))) = (&self.db, &mut self.opened) else {
            return;
        };
        let dir = path.parent().map(|d| d.to_path_buf()).unwrap_or_default();
        let written = if self.read_only {
            0
        } else {
            crate::history::flush_queue(&dir, h)
        };
        let waiting = crate::history::read_queue(&dir).len();
        if let Some(file) = crate::history::unreadable_queue(&dir) {
            self.status = Some(Said::warning(Said::new(move || {
                recorder::unreadable_words(&file)
            })));
        } else if waiting > 0 {
            self.status = Some(Said::warning(Said::new(move || {
                trf!(
                    "{games} wait beside the history file, to be written once they can be.",
                    games = crate::words::games_count(waiting as i64)
                )
            })));
        } else if written > 0 {
            self.status = Some(Said::new(move || {
                trf!(
                    "Written to the history now: {games} that waited beside it.",
                    games = crate::words::games_count(written as i64)
                )
            }));
        }
        if written > 0 {
            self.refresh();
        }
    }

    /// The screen is opened (from another): the list and the statistics are read again (a
    /// game recorded, or added by the command line, since), games that waited beside the
    /// file go in, and a file that could not be used is tried again.
    pub fn entered(&mut self) {
        self.refresh();
        if matches!(self.opened, Some(Err(_))) {
            self.opened = None;
            self.read_only = false;
            return;
        }
        // Read without writing (the file could not be written then): written to again if it
        // can be now, else read as it was.
        if self.read_only
            && let Some(path) = &self.db
            && let Ok(h) = History::open_waiting(path, WINDOW_WAIT)
        {
            self.opened = Some(Ok(h));
            self.read_only = false;
        }
        self.flush_waiting();
    }

    /// Back from a record's game, or two people's games, shown from the statistics, to the
    /// list as it was: "Show every game", and what leaving the list for anything but a game
    /// opened from it does (the one game had gone on being shown alone the next time).
    pub fn show_every_game(&mut self) {
        let only = self.filter.game.is_some() || self.filter.with.is_some();
        if self.filter.with.take().is_some() {
            self.filter.person = None;
        }
        self.filter.game = None;
        if only {
            self.to_top = true;
            self.refresh();
        }
    }

    /// The screen `was` is left (see `show_every_game`).
    pub fn left(&mut self, was: super::ScreenKind) {
        if was == super::ScreenKind::History {
            self.show_every_game();
        }
    }

    /// Whether the list shows only what the statistics asked for (see `show_every_game`).
    pub fn shows_only(&self) -> bool {
        self.filter.game.is_some() || self.filter.with.is_some()
    }

    /// How long the open database waits for another program that holds it (`None`: not
    /// open).
    pub fn wait(&self) -> Option<std::time::Duration> {
        self.opened.as_ref()?.as_ref().ok()?.wait().ok()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        self.poll_export();
        let Some(path) = self.db.clone() else {
            ui.label(tr(
                "There is no data folder, so no history is kept (set NOCTILUCA_DATA_DIR).",
            ));
            return None;
        };
        if self.rescue_ui(ui, &path) {
            return None;
        }
        let Some(h) = self.db() else {
            self.fault(ui, &path);
            return None;
        };
        // Games recorded meanwhile by another window or the command line are shown.
        let version = h.data_version().ok();
        if version.is_some() && self.seen_version.is_some() && version != self.seen_version {
            self.refresh();
        }
        self.seen_version = version;
        let mut command = None;
        ui.horizontal(|ui| {
            // The two views are two screens (History, Statistics) of one struct.
            for (v, name, kind) in [
                (View::Games, tr("Games"), super::ScreenKind::History),
                (
                    View::Statistics,
                    tr("Statistics"),
                    super::ScreenKind::Statistics,
                ),
            ] {
                let r = ui.selectable_label(self.view == v, name);
                self.focus_again(&r, Pressed::View(v));
                if r.clicked() {
                    self.keep_focus(&r, Pressed::View(v));
                    command = Some(Command::Open(kind));
                }
            }
            if self.read_only {
                ui.label(
                    RichText::new(tr("Read only: new games are not added to this file."))
                        .color(theme::WARNING),
                );
            }
        });
        // The games' list says it under its buttons (see `games_ui`): said above the filters,
        // it moved them, and Undo, under the pointer.
        if let Some(s) = self.status.as_ref().filter(|_| self.view != View::Games) {
            theme::said_label(ui, s, false);
        }
        ui.add_space(6.0);
        match self.view {
            View::Games => {
                if let Some(c) = self.games_ui(ui, shared) {
                    command = Some(c);
                }
            }
            View::Statistics => command = self.stats_ui(ui, shared).or(command),
        }
        command
    }

    fn load(&mut self) {
        if self.rows.is_some() {
            return;
        }
        let filter = self.filter.clone();
        let Some(h) = self.db() else { return };
        let rows = h.games(&filter);
        // A count that fails is the file's fault too (a damaged file had listed its first
        // games with no word of the damage, the count missing).
        let count = h.count_games(&filter);
        let people = h.people();
        self.count = count.as_ref().ok().copied();
        match (rows, people, count) {
            (Ok(r), Ok(p), Ok(_)) => {
                self.rows = Some(r);
                self.people = p.into_iter().map(|(n, _)| n).collect();
                // As the lists show them: the people by name, then the AI players ("easy bot"
                // had sorted among the people, as "AI Easy" is not).
                self.people.sort_by_cached_key(|n| {
                    let shown = crate::words::person_name(n);
                    (crate::words::is_bot_person(n), shown.to_lowercase())
                });
            }
            (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => self.fail(e),
        }
    }

    /// Reading failed: the screen explains `e`, with what can be done, in place of the games.
    fn fail(&mut self, e: HistoryError) {
        // Opened without writing, and its games still do not read (a damaged file): said, or
        // "Read it without writing" would seem to do nothing.
        if self.read_only
            && let Some(path) = self.db.clone()
        {
            let e = e.clone();
            self.status = Some(Said::warning(Said::new(move || {
                trf!(
                    "It cannot be read without writing either: {problem}.",
                    problem = history_words(&e, &path)
                )
            })));
        }
        self.opened = Some(Err(e));
    }

    fn games_ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let fresh = self.rows.is_none();
        self.load();
        // The games read (once, as they are read): Home's word of a damaged file there is no
        // longer so (a file started afresh, the damaged one kept aside, had been called
        // damaged still).
        if fresh
            && self.rows.is_some()
            && !shared.notices.is_empty()
            && let Some(path) = &self.db
        {
            let stale = crate::app::startup::damaged_history_notice(path);
            shared.notices.retain(|n| *n != stale);
        }
        let mut command = None;
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            ui.label(tr("Person"));
            let shown = self
                .filter
                .person
                .as_deref()
                .map_or_else(|| tr("everyone").into(), crate::words::person_name);
            let r = egui::ComboBox::from_id_salt("history-person")
                // One width whoever is chosen: the filters beside it stay put.
                .width(PERSON_WIDTH)
                .selected_text(fit_person(ui, &shown))
                .show_ui(ui, |ui| {
                    let people = self.people.clone();
                    let picked =
                        people_rows(ui, &mut self.filter.person, Some(tr("everyone")), &people)
                            .expect("the row of everyone");
                    if picked.changed() {
                        // A person picked: the two people's games (or a record's game) no
                        // longer, whose banner had stayed over a list the box disagreed with.
                        changed = true;
                        self.filter.with = None;
                        self.filter.game = None;
                        // Statistics shows the person picked here (it had kept another).
                        if let Some(p) = &self.filter.person {
                            self.person = Some(p.clone());
                            self.stats = None;
                        }
                    }
                    keyboard_list(ui, &picked)
                });
            back_to_list(&r);
            named(&r.response, tr("Person"));
            ui.label(tr("Mode"));
            let r = egui::ComboBox::from_id_salt("history-mode")
                .selected_text(self.filter.mode.map_or(tr("all"), mode_name))
                .show_ui(ui, |ui| {
                    changed |= ui
                        .selectable_value(&mut self.filter.mode, None, tr("all"))
                        .changed();
                    for m in Mode::ALL {
                        changed |= ui
                            .selectable_value(&mut self.filter.mode, Some(m), mode_name(m))
                            .changed();
                    }
                });
            named(&r.response, tr("Mode"));
            ui.label(tr("Players"));
            let r = egui::ComboBox::from_id_salt("history-players")
                .selected_text(
                    self.filter
                        .players
                        .map_or(tr("any").to_string(), |p| p.to_string()),
                )
                .show_ui(ui, |ui| {
                    changed |= ui
                        .selectable_value(&mut self.filter.players, None, tr("any"))
                        .changed();
                    for p in 1..=4u8 {
                        changed |= ui
                            .selectable_value(&mut self.filter.players, Some(p), p.to_string())
                            .changed();
                    }
                });
            named(&r.response, tr("Players"));
            for (label, text) in [
                (tr("From"), &mut self.from_text),
                (tr("To"), &mut self.to_text),
            ] {
                ui.label(label);
                let r = ui.add(
                    egui::TextEdit::singleline(text)
                        .hint_text("YYYY-MM-DD")
                        .desired_width(124.0),
                );
                let name = trf!("{what} (date, YYYY-MM-DD)", what = label);
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name));
                changed |= r.changed();
            }
        });
        // A date that is not one is said (it filters nothing until it is mended).
        for text in [&self.from_text, &self.to_text] {
            let t = text.trim();
            if !t.is_empty() && parse_date(t).is_none() {
                // Written as a date, but a day the month has not (2026-02-30).
                let shaped = t.split('-').count() == 3
                    && t.split('-')
                        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
                let t = crate::words::shorten_to(t, 16);
                ui.label(theme::warning_text(if shaped {
                    trf!("“{text}” is not a day of the calendar.", text = t)
                } else {
                    trf!(
                        "“{text}” is not a date: write it as YYYY-MM-DD, e.g. 2026-11-26.",
                        text = t
                    )
                }));
            }
        }
        if changed {
            self.to_top = true;
            self.filter.limit = Some(PAGE);
            self.filter.from = parse_date(&self.from_text);
            self.filter.to = parse_date(&self.to_text).map(|d| d + 86_399);
            self.rows = None;
            self.load();
        }
        ui.horizontal(|ui| {
            // How many games the filter finds, all of them (the list shows the newest).
            if let Some(n) = self.count {
                ui.label(RichText::new(crate::words::games_count(n)).strong());
            }
            let export = ui
                .add_enabled(
                    !self.has_open_dialog(),
                    egui::Button::new(tr("Export CSV…")),
                )
                .on_hover_text(tr(
                    "Save every game the filter finds (not only those shown), one row per \
                     person and game",
                ));
            self.focus_again(&export, Pressed::Export);
            if export.clicked() {
                self.keep_focus(&export, Pressed::Export);
                match self.csv() {
                    // A file of headers alone says nothing: said instead.
                    Ok(None) => {
                        self.status = Some(Said::new(|| {
                            tr("No game matches the filter: nothing was exported.").into()
                        }));
                    }
                    Ok(Some(csv)) => {
                        self.export = Some(PendingExport::start(
                            shared.dialog.clone(),
                            ui.ctx().clone(),
                            "noctiluca-history.csv".into(),
                            ExportKind::Csv,
                            csv,
                        ))
                    }
                    Err(e) => {
                        let path = self.db.clone().unwrap_or_default();
                        self.status = Some(Said::warning(said_history(e, path)));
                    }
                }
            }
            if let Some(e) = self.undo.last() {
                // To the minute: two games of one day are told apart.
                // With its number (games imported at once share their minute).
                let when = crate::history::date_time(e.played_at);
                let label = match e.was_id {
                    Some(game) => trf!("Undo: put back game {game}, of {when}", game, when),
                    None => trf!("Undo: put back the game of {when}", when),
                };
                let r = ui.button(label);
                self.focus_again(&r, Pressed::Undo);
                if r.clicked() {
                    let e = self.undo.pop().expect("checked");
                    if let Some(h) = self.db() {
                        match h.record(&e) {
                            Ok(recorded) => {
                                let (crate::history::Recorded::Added(game)
                                | crate::history::Recorded::AlreadyThere(game)) = recorded;
                                self.keep_focus(&r, Pressed::Delete(game));
                                // Its log imported again meanwhile: there already, not doubled
                                // ("The game is back." had been said of a number not back).
                                self.status = Some(match recorded {
                                    crate::history::Recorded::AlreadyThere(game) => {
                                        Said::new(move || {
                                            trf!(
                                                "It is in the history already, as game {game}.",
                                                game
                                            )
                                        })
                                    }
                                    _ => Said::new(|| tr("The game is back.").into()),
                                });
                                // Back in the history: no longer kept as deleted (if that
                                // fails, Undo would record it again, which finds it there).
                                let _ = self.keep_undo();
                            }
                            Err(err) => {
                                self.status =
                                    Some(Said::warning(said_history(err, h.path.clone())));
                                self.undo.push(e);
                            }
                        }
                    }
                    self.refresh();
                }
            }
        });
        if let Some(s) = &self.status {
            theme::said_label(ui, s, false);
        }
        self.only_game_ui(ui);
        let rows = self.rows.clone().unwrap_or_default();
        if rows.is_empty() {
            let filtered = Filter {
                limit: None,
                ..self.filter.clone()
            } != Filter::default();
            let text = if filtered {
                tr("No game matches the filter.")
            } else {
                tr(
                    "No games yet. Finished games in Play, results saved from the score \
                     calculator and imported logs appear here.",
                )
            };
            ui.label(RichText::new(text).color(theme::TEXT_DIM));
            return None;
        }
        let (pressed, delete) = self.game_cards(ui, &rows);
        command = pressed.or(command);
        if let Some(id) = delete
            && let Some(h) = self.db()
        {
            match h.delete(id) {
                Ok(e) => {
                    self.undo.extend(e);
                    self.status = Some(match self.keep_undo() {
                        Ok(()) => Said::new(|| tr("Deleted. Undo puts it back.").into()),
                        Err(kind) => Said::warning(Said::new(move || {
                            trf!(
                                "Deleted. Undo puts it back until the app is closed: it could not be kept for later ({error}).",
                                error = crate::words::io_error(kind)
                            )
                        })),
                    });
                }
                Err(err) => self.status = Some(Said::warning(said_history(err, h.path.clone()))),
            }
            self.refresh();
        }
        command
    }

    fn open_sheet(&mut self, id: i64) -> Option<Command> {
        // The history's people by seat (an AI seat is its level), as the list shows them.
        let people: Vec<(u8, String)> = self
            .rows
            .iter()
            .flatten()
            .find(|g| g.id == id)
            .map(|g| g.results.iter().map(|r| (r.seat, r.name.clone())).collect())
            .unwrap_or_default();
        let h = self.db()?;
        let text = h.sheet(id).ok().flatten().or_else(|| {
            // A logged game's sheet, from its log.
            let log = h.log(id).ok().flatten()?;
            let rec = crate::engine::GameRecord::from_ron(&log).ok()?;
            let state = rec.replay().ok()?;
            let mut input = state.score_input();
            for (i, p) in input.players.iter_mut().enumerate() {
                if let Some(n) = rec.names.get(i) {
                    p.name = n.clone();
                }
            }
            ron::to_string(&input).ok()
        })?;
        let mut input: crate::engine::ScoreInput = ron::from_str(&text).ok()?;
        // Its people named as the list names them, in the reader's words: "Player 1" or an AI
        // at its level, not a sheet's English nor a simulation's "easy 1".
        for (i, p) in input.players.iter_mut().enumerate() {
            if let Some((_, name)) = people.iter().find(|(seat, _)| *seat as usize == i) {
                p.name = crate::words::person_name(name);
            }
        }
        // A game typed in (no log) can be mended in place; a logged one's scores are its log's.
        let game = self.rows.iter().flatten().find(|g| g.id == id);
        let game = game.filter(|g| !g.has_log).map(|g| (g.id, g.played_at));
        Some(Command::OpenSheet {
            sheet: Box::new(super::calculator::Sheet::from_input(&input)),
            recorded: true,
            game,
        })
    }

    fn open_replay(&mut self, id: i64) -> Option<Command> {
        let log = self.db()?.log(id).ok().flatten()?;
        match super::game::GameSave::from_ron(&log) {
            Ok(mut save) => {
                // A log names its seats but not who played them: the history does (an AI
                // seat is recorded as its level), so the replay and its review know the AI
                // seats again.
                let row = self.rows.iter().flatten().find(|g| g.id == id);
                for r in row.map(|g| g.results.as_slice()).unwrap_or_default() {
                    if let Some(seat) = save.seats.get_mut(r.seat as usize) {
                        seat.ai = r.bot.clone();
                    }
                }
                Some(Command::OpenReplay(save.to_ron()))
            }
            Err(e) => {
                self.status = Some(Said::new(move || {
                    trf!("The log could not be opened: {error}", error = e)
                }));
                None
            }
        }
    }

    /// Every game the filter finds (not only the page shown) as CSV: one row per person and
    /// game. In solo, the tempest's points and the net score too.
    fn csv(&mut self) -> Result<Option<String>, HistoryError> {
        let filter = Filter {
            limit: None,
            ..self.filter.clone()
        };
        let Some(h) = self.db() else {
            return Err(HistoryError::Io);
        };
        let games = h.games(&filter)?;
        if games.is_empty() {
            return Ok(None);
        }
        Ok(Some(csv::games_csv(&games)))
    }

    fn poll_export(&mut self) {
        if let Some(e) = &self.export
            && let Some(o) = e.poll()
        {
            self.export = None;
            self.status = Some(o.said(OutcomeWords {
                saved: |p| trf!("Exported to {path}.", path = p.display()),
                cancelled: || tr("Not exported.").into(),
                failed: |e| {
                    let failed = trf!("Not exported: {error}", error = e);
                    format!("{} {failed}", theme::WARNING_GLYPH)
                },
            }));
        }
    }
}

/// A history problem with the database's path, worded when shown.
/// The longest a name is shown in the list of games (the whole name shows on hover): any
/// name typed in this app whole (they had been cut at 32 with half the row to spare).
const NAME_COLUMNS: usize = theme::NAME_CHARS;

pub fn said_history(e: HistoryError, path: std::path::PathBuf) -> Said {
    Said::new(move || history_words(&e, &path))
}

/// Whether this program may create files in `dir` (asked of the system, nothing written).
fn folder_takes_files(dir: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
            return false;
        };
        // SAFETY: access only reads the NUL-terminated path it is given.
        unsafe { libc::access(c.as_ptr(), libc::W_OK | libc::X_OK) == 0 }
    }
    #[cfg(not(unix))]
    {
        std::fs::metadata(dir).is_ok_and(|m| !m.permissions().readonly())
    }
}

/// A mode's name.
pub fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::Digital => tr("played in the app"),
        Mode::Tabletop => tr("at the table"),
        Mode::SoloCompanion => tr("solo companion"),
        Mode::Imported => tr("imported"),
        Mode::Online => tr("played online"),
    }
}

pub use crate::history::{date, parse_date};

#[cfg(test)]
mod tests {
    /// A folder is asked whether it takes files: one that does, and two that cannot (a
    /// regular file, a folder that is not there). Nothing is written to ask.
    #[test]
    fn a_folder_is_asked_whether_it_takes_files() {
        let dir = std::env::temp_dir().join(format!("noctiluca-takes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(super::folder_takes_files(&dir));
        let file = dir.join("a-file");
        std::fs::write(&file, "x").unwrap();
        assert!(!super::folder_takes_files(&file.join("below")));
        assert!(!super::folder_takes_files(&dir.join("not-there")));
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "nothing written"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
