//! Saved games: the file format, the autosave found at start-up, and saving and opening
//! through the file dialog on a worker thread.

use super::*;

/// A saved game: who sits where, and the engine's record (config, components, seed, log).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSave {
    pub format: String,
    pub version: u32,
    pub seats: Vec<SeatInfo>,
    pub record: GameRecord,
    /// Whether the table allows hints, and who took them (absent from older saves).
    #[serde(default)]
    pub hints: HintRecord,
    /// A tutorial course's progress, when the game is one.
    #[serde(default)]
    pub tutor: Option<crate::app::tutorial::script::Tutor>,
    /// People's seats handed to an AI and taken back (absent from older saves).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handovers: Vec<super::HandOver>,
}

impl GameSave {
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .struct_names(false)
            .compact_arrays(true);
        ron::ser::to_string_pretty(self, cfg).unwrap_or_default()
    }

    /// Reads a save, or a bare game log (every seat then plays as a human).
    pub fn from_ron(text: &str) -> Result<GameSave, String> {
        if let Ok(mut save) = ron::from_str::<GameSave>(text) {
            if save.format != SAVE_FORMAT || save.version != SAVE_VERSION {
                return Err(tr("not a saved game this version can read").into());
            }
            // Names are shown: escape sequences and the like in them are written out.
            crate::words::printable_names(save.seats.iter_mut().map(|s| &mut s.name));
            crate::words::printable_names(save.record.names.iter_mut());
            return Ok(save);
        }
        let mut record = GameRecord::from_ron(text).map_err(|e| e.words())?;
        crate::words::printable_names(record.names.iter_mut());
        let n = record.config.players.max(1) as usize;
        let seats = (0..n)
            .map(|i| SeatInfo {
                name: record
                    .names
                    .get(i)
                    .filter(|s| !s.trim().is_empty())
                    .cloned()
                    .unwrap_or_else(|| default_seat_name(i)),
                ai: None,
                stand_in: None,
            })
            .collect();
        Ok(GameSave {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            seats,
            hints: HintRecord::of_log(&record.advice),
            record,
            tutor: None,
            handovers: Vec::new(),
        })
    }

    pub fn read(path: &std::path::Path) -> Result<GameSave, String> {
        use crate::engine::files::{MAX_TEXT_BYTES, read_text};
        // The file named: a path typed by hand may be the wrong one.
        let text = read_text(path, MAX_TEXT_BYTES)
            .map_err(|e| format!("{}: {}", path.display(), e.words()))?;
        GameSave::from_ron(&text)
    }
}

/// Does `text` claim to be a game log, bare or inside a save, of a version played under the
/// old once-round passing rule? Only the headers are read, so a save that no longer reads in
/// full still answers; a file of another kind (a component set, a score sheet) never does.
fn under_once_round_rule(text: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Header {
        format: String,
        version: u32,
    }
    #[derive(serde::Deserialize)]
    struct Outer {
        format: String,
        version: u32,
        #[serde(default)]
        record: Option<Header>,
    }
    let Ok(o) = ron::from_str::<Outer>(text) else {
        return false;
    };
    let log = match o.record {
        Some(r) if o.format == SAVE_FORMAT => r,
        None => Header {
            format: o.format,
            version: o.version,
        },
        Some(_) => return false,
    };
    log.format == crate::engine::record::LOG_FORMAT && log.version <= ONCE_ROUND_PASS_VERSION
}

/// Looks at the autosave found at start-up: a game under way to offer, or a notice. A file
/// that cannot be continued (unreadable, or recorded under the old passing rule) is moved
/// aside, never deleted, and the notice says where it went.
/// The last part says whether autosaving may go on (not while the file is still in the way).
pub(super) fn find_autosave(
    path: &std::path::Path,
) -> (Option<GameSave>, Option<crate::i18n::Said>, bool) {
    enum Autosave {
        UnderWay(Box<GameSave>),
        Over,
        Earlier,
    }
    let found = crate::app::state_file::load(path, crate::i18n::n("The autosaved game"), |text| {
        let earlier = under_once_round_rule(text);
        match GameSave::from_ron(text) {
            Ok(save) if save.record.is_once_round_pass() => Ok(Autosave::Earlier),
            Ok(save) => match save.record.replay() {
                Ok(st) if st.is_over() => Ok(Autosave::Over),
                Ok(_) => Ok(Autosave::UnderWay(Box::new(save))),
                Err(e) => Err(e.words()),
            },
            Err(_) if earlier => Ok(Autosave::Earlier),
            Err(e) => Err(e),
        }
    });
    match found.value {
        Some(Autosave::UnderWay(save)) => (Some(*save), None, true),
        Some(Autosave::Over) => (None, None, true),
        None => (None, found.notice, found.keep_saving),
        Some(Autosave::Earlier) => match crate::paths::move_aside(path, "earlier-version") {
            Ok(aside) => (
                None,
                Some(crate::i18n::Said::new(move || {
                    trf!(
                        "A game saved by an earlier version of Noctiluca Table was found. It was played \
                 under the old passing rule (left-over dice went round the table only once), so \
                 it cannot go on under the rulebook's rule. The file was kept as {path}. Start \
                 a new game below.",
                        path = aside.display()
                    )
                })),
                true,
            ),
            Err(io) => {
                let (path, kind) = (path.to_path_buf(), io.kind());
                (
                    None,
                    Some(crate::i18n::Said::new(move || {
                        trf!(
                            "The autosaved game at {path} cannot be continued and could not be moved aside \
                     ({error}). Autosaving is off until the app is restarted, so the file is not \
                     overwritten.",
                            path = path.display(),
                            error = crate::words::io_error(kind)
                        )
                    })),
                    false,
                )
            }
        },
    }
}

impl GameScreen {
    pub(super) fn autosave(&mut self) {
        let (Some(path), Some(g)) = (&self.save_path, &self.game) else {
            return;
        };
        if g.replay.is_some() {
            return;
        }
        let mut save = g.save();
        save.tutor = self.tutor.clone();
        let text = save.to_ron();
        if let Err(e) = crate::paths::write_atomic(path, text.as_bytes()) {
            let (path, kind) = (path.clone(), e.kind());
            self.status = Some(Said::new(move || {
                warning(trf!(
                    "The game could not be autosaved in {path}: {error}",
                    path = path.display(),
                    error = crate::words::io_error(kind)
                ))
            }));
        }
    }

    pub(super) fn start_save(&mut self, ctx: &egui::Context, shared: &Shared) {
        let Some(g) = &self.game else { return };
        let mut save = g.save();
        save.tutor = self.tutor.clone();
        self.save_as(ctx, shared, save.to_ron());
    }

    /// Saves the game left under way (offered on the new game page) to a file of the
    /// player's choosing, before another replaces it.
    pub(super) fn start_save_left(&mut self, ctx: &egui::Context, shared: &Shared) {
        if let Some(save) = &self.resume {
            let text = save.to_ron();
            self.save_as(ctx, shared, text);
        }
    }

    fn save_as(&mut self, ctx: &egui::Context, shared: &Shared, text: String) {
        self.status = Some(Said::new(|| tr("Choosing where to save…").into()));
        self.export = Some(PendingExport::start(
            shared.dialog.clone(),
            ctx.clone(),
            "noctiluca-game.ron".into(),
            ExportKind::Game,
            text,
        ));
    }

    pub(super) fn start_load(&mut self, ctx: &egui::Context, dialog: Arc<dyn OpenDialog>) {
        self.start_reading(ctx, move || {
            pick_and_read(&*dialog, ExportKind::Game, GameSave::read)
        });
        self.status = Some(Said::new(|| tr("Choosing a saved game…").into()));
    }

    /// Opens `path`, one of the files offered where no file dialog could be shown.
    pub(super) fn start_load_path(&mut self, ctx: &egui::Context, path: std::path::PathBuf) {
        self.start_reading(ctx, move || Picked::Read(GameSave::read(&path)));
        self.status = Some(Said::new(|| tr("Opening the saved game…").into()));
    }

    /// Runs `read` on a worker thread; `poll_files` takes its answer.
    fn start_reading(
        &mut self,
        ctx: &egui::Context,
        read: impl FnOnce() -> Picked<GameSave> + Send + 'static,
    ) {
        self.load = Some(PendingRead::start(ctx, read));
    }

    pub(super) fn poll_files(&mut self) {
        if let Some(e) = &self.export
            && let Some(outcome) = e.poll()
        {
            self.export = None;
            // A dialog the player cancelled: nothing to say ("Choosing where to save…" goes).
            self.status = (outcome != crate::app::export::ExportOutcome::Cancelled).then(|| {
                outcome.said(OutcomeWords {
                    saved: |p| trf!("Saved to {path}.", path = p.display()),
                    // (Not asked: a cancelled dialog says nothing.)
                    cancelled: String::new,
                    failed: |e| warning(trf!("Not saved: {error}", error = e)),
                })
            });
        }
        if let Some(answer) = self.load.as_ref().and_then(PendingRead::poll) {
            self.load = None;
            self.status = match answer {
                Picked::Cancelled => None,
                Picked::NoDialog(offer) => {
                    self.offer = Some(offer);
                    None
                }
                Picked::Read(Err(e)) => Some(Said::new(move || {
                    warning(trf!("Not opened: {error}", error = e))
                })),
                Picked::Read(Ok(save)) => match self.open_save(save) {
                    Ok(()) => {
                        self.autosave();
                        Some(Said::new(|| tr("Game opened.").into()))
                    }
                    Err(e) => Some(Said::new(move || {
                        warning(trf!("Not opened: {error}", error = e.words()))
                    })),
                },
            };
        }
    }
}
