//! The desktop app: a home screen with the built modes, the score calculator, settings and
//! about. All scoring arithmetic is the engine's; this module only gathers input and shows
//! results.
//!
//! Every screen is a struct with `fn ui(&mut self, ui, shared) -> Option<Command>`, built from
//! plain data, so a test can start the app on any screen.

use eframe::egui;
pub mod about;
pub mod board;
pub mod calculator;
mod data;
pub mod export;
pub mod game;
pub mod history;
pub mod home;
pub mod keys;
pub mod myset;
mod native;
pub mod online;
pub mod quit;
mod resume;
pub mod rules;
pub mod scroll;
pub mod seeder;
pub mod settings;
pub mod solo;
pub mod startup;
pub mod state_file;
pub mod theme;
mod top_bar;
pub mod tutorial;

use crate::i18n::tr;
use crate::trf;
use std::path::PathBuf;
use std::sync::Arc;

pub use about::AboutScreen;
pub use calculator::CalculatorScreen;
pub use data::ComponentData;
pub use export::{DialogAnswer, OpenDialog, RfdSaveDialog, SaveDialog};
pub use game::GameScreen;
pub use history::HistoryScreen;
pub use home::HomeScreen;
pub use myset::MySetScreen;
pub use online::OnlineScreen;
pub use rules::RulesScreen;
pub use seeder::SeederScreen;
pub use settings::{Settings, SettingsScreen};
pub use solo::SoloScreen;
pub use startup::{
    StartupSettings, check_history_file, check_window_state, first_start_settings,
    language_of_locale, load_settings, startup_settings, system_locale,
};
pub use tutorial::TutorialScreen;

/// Matches the desktop entry's file name (`io.github.noctiluca.Table.desktop`) that packaging
/// installs, so that the window manager shows the right icon.
pub const APP_ID: &str = "io.github.noctiluca.Table";
/// The window's title: the name the desktop entry and the package give the app.
pub const TITLE: &str = "Noctiluca Table";
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/icons/noctiluca.png");

/// The digit keys 1–9, for "the n-th choice" shortcuts.
pub const DIGIT_KEYS: [egui::Key; 9] = [
    egui::Key::Num1,
    egui::Key::Num2,
    egui::Key::Num3,
    egui::Key::Num4,
    egui::Key::Num5,
    egui::Key::Num6,
    egui::Key::Num7,
    egui::Key::Num8,
    egui::Key::Num9,
];

/// What a screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    GoHome,
    Open(ScreenKind),
    /// Open the score calculator on this sheet (`recorded`: a game of the history, which is
    /// not to be saved to it again as another).
    OpenSheet {
        sheet: Box<calculator::Sheet>,
        recorded: bool,
        /// A game typed in from a score sheet, by number and when it was played: its sheet
        /// mended can take its place.
        game: Option<(i64, i64)>,
    },
    /// The set in use changed (My set saved): new games and the companions take it.
    ComponentsChanged,
    /// Open a finished game's replay in Play (its log, from the history).
    OpenReplay(String),
    /// Go back to the game under way (or saved) in Play or the solo companion.
    Resume(ScreenKind),
    /// Open the board seeder at its round-2 refill: the box lid's counts asked first.
    Refill,
    /// Open the board seeder for a new game's pool (the solo set-up): a full layout, not a
    /// refill left on it.
    SeedSetup,
}

/// The screens there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScreenKind {
    Home,
    Play,
    Online,
    Calculator,
    Seeder,
    Solo,
    Settings,
    About,
    Rules,
    Tutorial,
    MySet,
    History,
    Statistics,
}

impl ScreenKind {
    pub fn title(self) -> &'static str {
        match self {
            ScreenKind::Home => tr("Home"),
            ScreenKind::Play => tr("Play"),
            ScreenKind::Online => tr("Play online"),
            ScreenKind::Calculator => tr("Score calculator"),
            ScreenKind::Seeder => tr("Board seeder"),
            ScreenKind::Solo => tr("Solo tempest"),
            ScreenKind::Settings => tr("Settings"),
            ScreenKind::About => tr("About"),
            ScreenKind::Rules => tr("Rules"),
            ScreenKind::Tutorial => tr("Learn to play"),
            ScreenKind::MySet => tr("My set"),
            ScreenKind::History => tr("History"),
            ScreenKind::Statistics => tr("Statistics"),
        }
    }
}

/// What every screen may read or change.
pub struct Shared {
    pub settings: Settings,
    pub data: ComponentData,
    pub dialog: Arc<dyn SaveDialog>,
    /// Asks which file to open (a saved game).
    pub open_dialog: Arc<dyn OpenDialog>,
    /// Where the solo companion saves its game (`None`: it does not).
    pub solo_save: Option<PathBuf>,
    /// Where Play autosaves the game under way (`None`: it does not).
    pub game_save: Option<PathBuf>,
    /// Where the tutorial keeps the course under way (`None`: it does not).
    pub tutorial_save: Option<PathBuf>,
    /// Where Play online keeps a joined seat's rejoin token and a hosted game's autosave
    /// (`None`: nowhere).
    pub online_dir: Option<PathBuf>,
    /// Records finished games in the history (off the window's thread).
    pub recorder: history::Recorder,
    /// Where the settings are saved (`None`: nowhere, as in tests).
    pub settings_file: Option<PathBuf>,
    /// The settings file did not read at start-up, or the last change could not be saved.
    /// Why the settings are not being saved, worded in the language of the moment.
    pub settings_problem: Option<crate::i18n::Said>,
    /// What start-up found wrong with the app's folders and files, shown on the home screen
    /// until dismissed.
    pub notices: Vec<crate::i18n::Said>,
}

/// The whole app; `show` draws one frame into a `Ui`, which is what both eframe and the tests
/// call.
pub struct NoctilucaApp {
    pub shared: Shared,
    pub current: ScreenKind,
    pub home: HomeScreen,
    pub game: GameScreen,
    pub calculator: CalculatorScreen,
    pub seeder: SeederScreen,
    pub solo: SoloScreen,
    pub settings_screen: SettingsScreen,
    pub about: AboutScreen,
    pub rules: RulesScreen,
    pub tutorial: TutorialScreen,
    pub myset: MySetScreen,
    pub history: HistoryScreen,
    pub online: OnlineScreen,
    /// What recording a game last said (shown in the top bar).
    pub history_notice: Option<crate::i18n::Said>,
    /// The rules are open beside the screen (F1).
    pub help_open: bool,
    /// A CJK font being looked for on the system (off the start-up path), added after the
    /// app's own fonts when it arrives so that names typed in Chinese, beyond the characters
    /// of the app's own text, are drawn too. Only the real window looks; tests use the app's
    /// fonts alone.
    pub system_cjk: Option<std::sync::mpsc::Receiver<Vec<(&'static str, egui::FontData)>>>,
    /// Whether Escape, pressed now, belongs to a text field, popup or dialog open last frame.
    escape_busy: bool,
    /// A screen opened from another (a game's score sheet or replay from History): Escape
    /// there goes back to that one, not home.
    opened_from: Option<(ScreenKind, ScreenKind)>,
    /// Closing the window during an online game is asked about first (`quit`).
    pub quit: quit::QuitAsk,
    /// The list of keys (`?`).
    pub key_list: keys::KeyList,
    /// The language the window's title was last set in.
    title_lang: Option<crate::i18n::Lang>,
}

impl NoctilucaApp {
    pub fn new(shared: Shared, current: ScreenKind) -> NoctilucaApp {
        let mut app = NoctilucaApp {
            calculator: CalculatorScreen::new(&shared.data),
            seeder: SeederScreen::new(crate::seeder::SeedCode::random()),
            solo: SoloScreen::new(Arc::clone(&shared.data.comps), shared.solo_save.clone()),
            game: GameScreen::new(Arc::clone(&shared.data.comps), shared.game_save.clone()),
            tutorial: TutorialScreen::new(shared.tutorial_save.clone()),
            myset: MySetScreen::new(&shared.data),
            history: HistoryScreen::new(shared.recorder.db.clone()),
            online: OnlineScreen::new(shared.online_dir.clone()),
            history_notice: None,
            key_list: keys::KeyList::default(),
            shared,
            current,
            home: HomeScreen::default(),
            settings_screen: SettingsScreen::default(),
            about: AboutScreen,
            rules: RulesScreen::default(),
            help_open: false,
            system_cjk: None,
            escape_busy: false,
            opened_from: None,
            quit: quit::QuitAsk::No,
            title_lang: None,
        };
        // Play's dialog comes back as it was last used, kept beside its autosave.
        if let Some(dir) = app.shared.game_save.as_deref().and_then(|p| p.parent()) {
            app.game.remember_setup_in(dir.join(game::SETUP_FILE));
        }
        app
    }

    /// An app on built-in data with default settings, for tests.
    pub fn for_tests<D: SaveDialog + OpenDialog + 'static>(
        dialog: Arc<D>,
        current: ScreenKind,
    ) -> NoctilucaApp {
        NoctilucaApp::new(
            Shared {
                settings: Settings::default(),
                data: ComponentData::builtin(),
                dialog: dialog.clone(),
                open_dialog: dialog,
                solo_save: None,
                game_save: None,
                tutorial_save: None,
                online_dir: None,
                recorder: history::Recorder::new(None),
                settings_file: None,
                settings_problem: None,
                notices: Vec::new(),
            },
            current,
        )
    }

    /// What Escape does at the current screen's table before it leaves it (`Game::
    /// escape_at_table`); whether it did anything.
    fn escape_at_table(&mut self, ctx: &egui::Context) -> bool {
        let g = match self.current {
            ScreenKind::Play => self.game.game.as_mut(),
            ScreenKind::Tutorial => self.tutorial.play.game.as_mut(),
            ScreenKind::Online => self.online.play.game.as_mut(),
            _ => None,
        };
        g.is_some_and(|g| g.escape_at_table(ctx, self.opened_from.is_none()))
    }

    /// Is a file dialog open on some screen (Escape then belongs to it)?
    fn any_dialog_open(&self) -> bool {
        self.quit == quit::QuitAsk::Asking
            || self.calculator.has_open_dialog()
            || self.seeder.has_open_dialog()
            || self.game.has_open_dialog()
            || self.tutorial.play.has_open_dialog()
            || self.online.play.has_open_dialog()
            || self.myset.has_open_dialog()
            || self.history.has_open_dialog()
    }

    /// The rules section that fits what the player is doing on the current screen.
    /// The screen's name in the top bar: a game's replay is named so (it had read "Play").
    pub fn screen_title(&self) -> &'static str {
        match self.current {
            ScreenKind::Play if self.game.game.as_ref().is_some_and(|g| g.replay.is_some()) => {
                tr("Replay")
            }
            other => other.title(),
        }
    }

    pub fn help_topic(&self) -> rules::Topic {
        use rules::Topic;
        match self.current {
            ScreenKind::Play => self.game.help_topic(),
            ScreenKind::Online if self.online.in_game() => self.online.play.help_topic(),
            ScreenKind::Online => Topic::Overview,
            ScreenKind::Calculator => Topic::Scoring,
            // At set-up and on the player's turn the solo game; then the tempest; at the end
            // the scoring.
            ScreenKind::Solo => match self.solo.game.as_ref().map(|g| g.step) {
                None | Some(crate::engine::solo::SoloStep::PlayerTurn) => Topic::Solo,
                Some(crate::engine::solo::SoloStep::GameOver) => Topic::Scoring,
                Some(_) => Topic::Tempest,
            },
            ScreenKind::Seeder => Topic::Setup,
            ScreenKind::Rules => self.rules.topic,
            ScreenKind::Tutorial if self.tutorial.play.game.is_some() => {
                self.tutorial.play.help_topic()
            }
            ScreenKind::Tutorial => Topic::Overview,
            ScreenKind::MySet => Topic::Setup,
            ScreenKind::History | ScreenKind::Statistics => Topic::Scoring,
            ScreenKind::Home | ScreenKind::Settings | ScreenKind::About => Topic::Overview,
        }
    }

    /// Opens or closes the rules beside the screen, at the section that fits.
    pub fn toggle_help(&mut self) {
        if self.current == ScreenKind::Rules {
            return;
        }
        self.help_open = !self.help_open;
        if self.help_open {
            let topic = self.help_topic();
            self.rules.open_at(topic);
        }
    }

    /// Draws one frame, on a context set up with `theme::install` (as the window and the
    /// tests' harness do).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        // Every string drawn this frame (and the engine's sentences) in the chosen language.
        crate::i18n::set_lang(self.shared.settings.language);
        // The window's name for its title bar and a screen reader (the window node has none of
        // its own), in the language of the moment.
        let lang = self.shared.settings.language;
        if self.title_lang != Some(lang) {
            self.title_lang = Some(lang);
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(tr(TITLE).to_owned()));
        }
        ui.ctx()
            .accesskit_node_builder(egui::accesskit_root_id(), |node| node.set_label(tr(TITLE)));
        self.settings_screen
            .sync_text_size(ui.ctx(), &mut self.shared.settings);
        self.settings_screen
            .sync_motion(ui.ctx(), &self.shared.settings);
        // The context already has the app's fonts and look (`theme::install`, by whoever
        // made it); system fonts (CJK, other alphabets) join them as the search finds them.
        if let Some(found) = &self.system_cjk {
            match found.try_recv() {
                Ok(fonts) => {
                    theme::add_fallback_fonts(ui.ctx(), fonts);
                    self.system_cjk = None;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
                Err(std::sync::mpsc::TryRecvError::Disconnected) => self.system_cjk = None,
            }
        }
        // Escape goes home, unless it is busy closing a popup or a dialog or leaving a text
        // field (egui drops the focus before this code runs, hence the note from last frame).
        let escape = ui.input(|i| i.key_pressed(egui::Key::Escape))
            && !self.escape_busy
            && !self.key_list.open
            && !egui::Popup::is_any_open(ui.ctx())
            && !self.any_dialog_open();
        self.ask_before_closing(ui.ctx());
        self.sync_pace();
        keys::note_first_tab(ui.ctx());
        let blocked =
            self.key_list.open || self.any_dialog_open() || egui::Popup::is_any_open(ui.ctx());
        keys::note_focus(ui.ctx(), blocked);
        if keys::KeyList::asked(ui.ctx()) {
            self.key_list.toggle(ui.ctx());
        }
        self.key_list.ui(ui.ctx());
        if ui.input(|i| i.key_pressed(keys::HELP.logical_key)) {
            self.toggle_help();
        }
        // Escape closes the rules beside the screen, and puts a hint away, before it goes
        // home (with a hint open, it had left the table).
        let escape = if escape && self.help_open {
            self.help_open = false;
            false
        } else {
            escape && !self.escape_at_table(ui.ctx())
        };
        let mut command = None;
        if let Some(m) = self.shared.recorder.poll() {
            self.history_notice = Some(m);
            self.history.refresh();
        }
        if let Some(c) = self.top_bar(ui) {
            command = Some(c);
        }
        if self.help_open && self.current != ScreenKind::Rules {
            let width = (ui.available_width() * 0.3).clamp(320.0, 480.0);
            egui::Panel::right("rules_panel")
                .resizable(true)
                .default_size(width)
                .frame(
                    egui::Frame::new()
                        .fill(theme::WATER)
                        .inner_margin(egui::Margin::same(12)),
                )
                .show(ui, |ui| {
                    let (close, c) = self.rules.panel(ui, &mut self.shared);
                    if close {
                        self.help_open = false;
                    }
                    if c.is_some() {
                        command = c;
                    }
                });
        }
        // The screen under an id of its own, not one counted from the panels before it: the
        // rules opening beside it (F1) would otherwise give every widget of the screen a new
        // id, and the keyboard's place (and a text field's cursor) would be lost.
        ui.scope_builder(
            egui::UiBuilder::new().scope_id(egui::Id::unique("screen")),
            |ui| {
                egui::CentralPanel::default()
                    .frame(
                        egui::Frame::new()
                            .fill(theme::WATER_DEEP)
                            .inner_margin(egui::Margin::same(16)),
                    )
                    .show(ui, |ui| {
                        // Each screen under an id of its own: their scroll areas (and other kept
                        // state) would otherwise be one, and a page would open scrolled as far as the
                        // last one was.
                        let screen = self.current;
                        let c = ui
                            .push_id(screen, |ui| match screen {
                                ScreenKind::Home => {
                                    let resume = self.resumable();
                                    self.home.ui(ui, &mut self.shared, &resume)
                                }
                                ScreenKind::Play => self.game.ui(ui, &mut self.shared),
                                ScreenKind::Online => self.online.ui(ui, &mut self.shared),
                                ScreenKind::Calculator => self.calculator.ui(ui, &mut self.shared),
                                ScreenKind::Seeder => self.seeder.ui(ui, &mut self.shared),
                                ScreenKind::Solo => self.solo.ui(ui, &mut self.shared),
                                ScreenKind::Settings => {
                                    self.settings_screen.ui(ui, &mut self.shared)
                                }
                                ScreenKind::About => self.about.ui(ui, &mut self.shared),
                                ScreenKind::Rules => self.rules.ui(ui, &mut self.shared),
                                ScreenKind::Tutorial => self.tutorial.ui(ui, &mut self.shared),
                                ScreenKind::MySet => self.myset.ui(ui, &mut self.shared),
                                ScreenKind::History => {
                                    self.history.view = history::View::Games;
                                    self.history.ui(ui, &mut self.shared)
                                }
                                ScreenKind::Statistics => {
                                    self.history.view = history::View::Statistics;
                                    self.history.ui(ui, &mut self.shared)
                                }
                            })
                            .inner;
                        if command.is_none() {
                            command = c;
                        }
                    });
            },
        );
        if escape && self.current != ScreenKind::Home {
            command.get_or_insert(match self.opened_from {
                Some((here, back)) if here == self.current => Command::Open(back),
                _ => Command::GoHome,
            });
        }
        keys::draw_focus_ring(ui.ctx());
        self.escape_busy = ui.ctx().text_edit_focused()
            || egui::Popup::is_any_open(ui.ctx())
            || self.any_dialog_open();
        let was = self.current;
        self.run_command(command);
        // What recording the last game said is done with once a new one is being set up or
        // is under way (online, the host's next game starts at once).
        let under_way = |g: &GameScreen| g.game.as_ref().is_some_and(|g| !g.m.state.is_over());
        let next = match self.current {
            ScreenKind::Play => self.game.game.is_none() || under_way(&self.game),
            ScreenKind::Online => under_way(&self.online.play),
            // "Recorded in the history." stayed over a sheet changed into another game.
            ScreenKind::Calculator => self.calculator.changed_since_saved,
            _ => false,
        };
        if next {
            self.history_notice = None;
        }
        // What the last recording (or the history's last action) did belongs to the screen it
        // was said on.
        if self.current != was {
            self.history_notice = None;
            // What Play said (a save written, nothing opened) is left behind with it; what a
            // command says on the way in stays.
            match was {
                ScreenKind::Play => self.game.status = None,
                ScreenKind::Tutorial => self.tutorial.play.status = None,
                _ => {}
            }
            // Games and Statistics are two screens of one: what one said is not the other's.
            self.history.status = None;
            let history = |s: ScreenKind| matches!(s, ScreenKind::History | ScreenKind::Statistics);
            if history(self.current) && !history(was) {
                self.history.entered();
            }
            if self.current == ScreenKind::Tutorial {
                self.tutorial.entered();
            }
            if self.current == ScreenKind::Play {
                self.game.entered();
            }
        }
    }

    /// Does what a screen asked (the screens answer with commands; tests give them too).
    pub fn run_command(&mut self, command: Option<Command>) {
        let before = self.current;
        let from_history = matches!(before, ScreenKind::History | ScreenKind::Statistics);
        let opens_a_game = matches!(
            command,
            Some(Command::OpenSheet { .. } | Command::OpenReplay(_))
        );
        // The solo companion's pool laid out in the seeder: Escape goes back to the game.
        let seeds_solo = before == ScreenKind::Solo
            && matches!(command, Some(Command::Refill | Command::SeedSetup));
        // The rules on a full screen, from the rules beside a screen: Escape goes back there.
        let full_rules = matches!(command, Some(Command::Open(ScreenKind::Rules)));
        self.run_command_now(command);
        // A record's game shown from the statistics: Escape goes back to them.
        let shown = (before, self.current) == (ScreenKind::Statistics, ScreenKind::History)
            && self.history.shows_only();
        if (from_history && opens_a_game)
            || shown
            || seeds_solo
            || (full_rules && before != ScreenKind::Home)
        {
            self.opened_from = Some((self.current, before));
        } else if self.current != before {
            // The games' list left other than for a game of its own shows every game again.
            self.history.left(before);
            self.opened_from = None;
        }
        if self.current == ScreenKind::Home && before != ScreenKind::Home {
            self.home.back_from = Some(before);
        }
        // The solo companion opens at the top of its column: the round and what to do now,
        // not where the page was left.
        if self.current == ScreenKind::Solo && before != ScreenKind::Solo {
            self.solo.to_top = true;
        }
    }

    fn run_command_now(&mut self, command: Option<Command>) {
        // What Play online said of a last attempt (a port in use, a code refused) is not
        // said again on coming back: the attempt is over.
        let leaving = match command {
            Some(Command::GoHome) => true,
            Some(Command::Open(s) | Command::Resume(s)) => s != ScreenKind::Online,
            _ => false,
        };
        if leaving && self.current == ScreenKind::Online && self.online.session.is_none() {
            self.online.forget_message();
        }
        match command {
            Some(Command::GoHome) => self.current = ScreenKind::Home,
            Some(Command::Open(s)) => {
                // The rules as a screen take the place of the rules beside it.
                if s == ScreenKind::Rules {
                    self.help_open = false;
                }
                // Play from Home sets up a new game (a replay from History had stood there).
                if s == ScreenKind::Play
                    && self.current == ScreenKind::Home
                    && self.game.game.as_ref().is_some_and(|g| g.replay.is_some())
                {
                    self.game.game = None;
                    self.game.status = None;
                }
                self.current = s;
            }
            Some(Command::Resume(s)) => {
                match s {
                    ScreenKind::Solo if self.solo.game.is_none() => self.solo.continue_saved(),
                    ScreenKind::Tutorial if self.tutorial.play.game.is_none() => {
                        self.tutorial.resume()
                    }
                    // A replay gives way to the game kept aside for it.
                    ScreenKind::Play
                        if self.game.game.as_ref().is_none_or(|g| g.replay.is_some()) =>
                    {
                        self.game.continue_saved()
                    }
                    // A kept seat is taken back at once, and a game hosted here opened again
                    // (it had waited on the screen for a second click, "Resume hosting it").
                    ScreenKind::Online
                        if self.online.session.is_none() && self.online.rejoin.is_some() =>
                    {
                        self.online.rejoin()
                    }
                    ScreenKind::Online
                        if self.online.session.is_none() && self.online.resumable.is_some() =>
                    {
                        self.online.fill_names(&self.shared.settings.player_name);
                        let comps = Arc::clone(&self.shared.data.comps);
                        self.online.resume_hosting(&comps);
                    }
                    _ => {}
                }
                self.current = s;
            }
            Some(Command::Refill) => {
                self.seeder.ask_for_refill();
                self.current = ScreenKind::Seeder;
            }
            Some(Command::SeedSetup) => {
                self.seeder.for_setup();
                self.current = ScreenKind::Seeder;
            }
            Some(Command::ComponentsChanged) => {
                // New games and the companions take the saved set; games under way keep
                // theirs, and the calculator reads it every frame.
                let comps = Arc::clone(&self.shared.data.comps);
                self.game.set_components(Arc::clone(&comps));
                self.solo.set_components(comps);
            }
            Some(Command::OpenReplay(save)) => {
                // A game under way in Play is kept aside (its autosave stays as it is): Home
                // and the new game page offer it again, as after a restart.
                let under_way = self
                    .game
                    .game
                    .as_ref()
                    .filter(|g| !g.m.state.is_over() && g.replay.is_none())
                    .map(|g| {
                        let mut kept = g.save();
                        kept.tutor = self.game.tutor.clone();
                        kept
                    });
                let earlier = self.game.resume.take();
                if let Ok(save) = game::GameSave::from_ron(&save)
                    && self.game.open_save(save).is_ok()
                {
                    if let Some(g) = &mut self.game.game {
                        g.recorded = true;
                        g.start_replay();
                    }
                    self.game.resume = under_way.or(earlier);
                    self.current = ScreenKind::Play;
                } else {
                    self.game.resume = earlier;
                }
            }
            Some(Command::OpenSheet {
                sheet,
                recorded,
                game,
            }) => {
                self.calculator.open_sheet(*sheet);
                self.calculator.in_history = recorded;
                self.calculator.from_game = game;
                self.current = ScreenKind::Calculator;
            }
            None => {}
        }
    }
}

/// The eframe side: settings persistence and the window.
struct EframeApp {
    app: NoctilucaApp,
    first_frame: bool,
    /// The window's size kept from the last run, in points at the text size it was kept at,
    /// to give back once that text size is applied (see `saved_window_points`).
    restore_size: Option<egui::Vec2>,
    /// The settings as last written to the settings file.
    saved_settings: Settings,
}

impl NoctilucaApp {
    /// Writes the settings file as soon as a setting changes (`saved`: as last written); a
    /// failure is shown in Settings.
    pub fn save_settings_if_changed(&mut self, saved: &mut Settings) {
        let shared = &mut self.shared;
        // The folder file dialogs last used is remembered with the settings.
        let folder = export::last_folder();
        if folder.is_some() && shared.settings.last_folder != folder {
            shared.settings.last_folder = folder;
        }
        if shared.settings == *saved {
            return;
        }
        *saved = shared.settings.clone();
        let Some(file) = &shared.settings_file else {
            return;
        };
        let written = settings::write_settings_file(file, &shared.settings);
        // Written: what Home said of the file found at start-up is so no longer.
        if let (Ok(()), Some(was)) = (&written, &shared.settings_problem) {
            shared.notices.retain(|n| n != was);
        }
        shared.settings_problem = written
            .err()
            .map(|e| {
                let (file, kind) = (file.clone(), e.kind());
                crate::i18n::Said::new(move || {
                    trf!(
                        "Your settings could not be saved in {file} ({error}); they last until the app closes.",
                        file = file.display(),
                        error = crate::words::io_error(kind)
                    )
                })
            });
    }
}

impl eframe::App for EframeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if self.first_frame {
            self.first_frame = false;
            if !self.app.shared.settings.remember_window {
                // In the points of the text size this frame applies.
                let zoom = self.app.shared.settings.text_size as f32 / 100.0;
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::InnerSize(
                    theme::default_window(zoom),
                ));
            }
        }
        self.app.show(ui);
        // The text size is applied in the first frame; from the next, the window's size in
        // points means what it meant when kept.
        let zoom = self.app.shared.settings.text_size as f32 / 100.0;
        if let Some(size) = self.restore_size
            && (ui.ctx().zoom_factor() - zoom).abs() < 0.004
        {
            self.restore_size = None;
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
        }
        self.app.save_settings_if_changed(&mut self.saved_settings);
    }

    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        self.app.save_settings_if_changed(&mut self.saved_settings);
        // (eframe saves as the window closes, and every so often: the sheet is written now.)
        self.app.calculator.keep_sheet(f64::INFINITY);
        self.app.myset.keep_unsaved(&self.app.shared.data);
    }

    /// egui's memory (scroll positions, the focus, a panel's width) is not kept from one run to
    /// the next: the app opens at the top of its home screen, not scrolled as the last run left
    /// it (which hid a start-up notice's first words). The window's size and place are kept
    /// apart from it.
    fn persist_egui_memory(&self) -> bool {
        false
    }

    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        theme::WATER_DEEP.to_normalized_gamma_f32()
    }
}

/// Opens the window.
pub fn run() -> std::process::ExitCode {
    // On Linux and the BSDs a window needs a display server; without one, say so plainly
    // (the windowing library's own message names its source file).
    #[cfg(all(unix, not(target_os = "macos")))]
    if ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .all(|v| std::env::var_os(v).is_none_or(|x| x.is_empty()))
    {
        eprintln!(
            "noctiluca: there is no display to open the window on (neither DISPLAY nor \
             WAYLAND_DISPLAY is set)"
        );
        eprintln!("(the command-line tools work without a display: try `noctiluca --help`)");
        return std::process::ExitCode::FAILURE;
    }
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(TITLE)
        .with_app_id(APP_ID)
        .with_inner_size(theme::DEFAULT_WINDOW)
        .with_min_inner_size(theme::MIN_WINDOW);
    match eframe::icon_data::from_png_bytes(ICON_PNG) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => eprintln!("noctiluca: the app icon could not be read: {e}"),
    }
    for moved in crate::paths::migrate_earlier_folders(APP_ID, &[game::SAVE_FILE, solo::SAVE_FILE])
    {
        eprintln!("noctiluca: {}", crate::words::moved(&moved));
    }
    let options = eframe::NativeOptions {
        viewport,
        // The window's state lives in the app's data folder, beside the saved games.
        persistence_path: crate::paths::data_dir().map(|d| d.join(crate::paths::WINDOW_STATE_FILE)),
        ..Default::default()
    };
    let result = eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| {
            let settings_file = crate::paths::config_dir().map(|d| d.join(settings::SETTINGS_FILE));
            let StartupSettings {
                settings,
                notice: settings_notice,
                writable,
            } = startup_settings(settings_file.as_deref(), cc.storage);
            // Nothing is written in place of a file that could not be moved aside.
            let settings_file = settings_file.filter(|_| writable);
            let settings_problem = settings_notice.clone();
            // Read the data in the player's language, so a broken file is explained in it.
            crate::i18n::set_lang(settings.language);
            export::set_last_folder(settings.last_folder.clone());
            let mut notices = Vec::new();
            // A config folder that cannot be written is said once, for the settings and the
            // component set both, rather than as a problem with each file in it.
            let config_problem = crate::paths::check_config_dir();
            let settings_problem = config_problem.clone().or(settings_problem);
            match config_problem {
                Some(p) => notices.push(p),
                None => notices.extend(settings_notice),
            }
            // eframe has read its window state (or found it unreadable) but writes it only
            // later: an unreadable one is moved aside now.
            if let Some(notice) = crate::paths::data_dir()
                .and_then(|d| check_window_state(&d.join(crate::paths::WINDOW_STATE_FILE)))
            {
                notices.push(notice);
            }
            notices.extend(crate::paths::check_data_dir());
            notices.extend(crate::paths::data_dir().and_then(|d| startup::check_other_window(&d)));
            notices.extend(
                crate::paths::data_dir()
                    .and_then(|d| startup::check_history_file(&d.join(crate::history::DB_FILE))),
            );
            let data = ComponentData::load();
            if let Some(e) = &data.error {
                eprintln!("noctiluca: {e}");
            }
            theme::install(&cc.egui_ctx);
            let shared = Shared {
                settings,
                data,
                dialog: Arc::new(RfdSaveDialog),
                open_dialog: Arc::new(RfdSaveDialog),
                solo_save: crate::paths::data_dir().map(|d| d.join(solo::SAVE_FILE)),
                game_save: crate::paths::data_dir().map(|d| d.join(game::SAVE_FILE)),
                tutorial_save: crate::paths::data_dir().map(|d| d.join(tutorial::SAVE_FILE)),
                online_dir: crate::paths::data_dir(),
                recorder: history::Recorder::new(
                    crate::paths::data_dir().map(|d| d.join(crate::history::DB_FILE)),
                ),
                settings_file,
                settings_problem,
                notices,
            };
            let saved_settings = shared.settings.clone();
            let mut app = NoctilucaApp::new(shared, ScreenKind::Home);
            app.system_cjk = Some(native::find_system_cjk_font(cc.egui_ctx.clone()));
            native::close_when_asked_to_end(cc.egui_ctx.clone());
            // The calculator's sheet and the seeder's layout are kept from one run to the next.
            if let Some(dir) = crate::paths::data_dir() {
                let said = app.calculator.keep_in(dir.join(calculator::KEEP_FILE));
                app.shared.notices.extend(said);
                let said = app.seeder.keep_in(dir.join(seeder::KEEP_FILE));
                app.shared.notices.extend(said);
            }
            let restore_size = (saved_settings.remember_window && saved_settings.text_size != 100)
                .then(|| native::saved_window_points(cc.storage))
                .flatten();
            Ok(Box::new(EframeApp {
                app,
                first_frame: true,
                restore_size,
                saved_settings,
            }))
        }),
    );
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("noctiluca: the window could not be opened: {e}");
            eprintln!("(the command-line tools work without a display: try `noctiluca --help`)");
            std::process::ExitCode::FAILURE
        }
    }
}
