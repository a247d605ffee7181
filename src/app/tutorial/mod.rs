//! Learn to play: two courses (two players, and the solo game) played on the real table, one
//! rule a step, with moves the step does not ask for refused and explained. The course runs
//! in its own Play screen with its own autosave, so leaving it (Esc, Home) and coming back
//! resumes at the same step, and a game of one's own is never touched.

pub mod script;

use super::game::{GameScreen, SeatInfo};
use super::{Command, ScreenKind, Shared, theme};
use crate::engine::Components;
use crate::i18n::tr;
use crate::trf;
use eframe::egui::{self, RichText};
use script::{Course, NAMES, Tutor};
use std::path::PathBuf;
use std::sync::Arc;

/// The course's autosave in the data folder.
pub const SAVE_FILE: &str = "tutorial-autosave.ron";

pub struct TutorialScreen {
    /// The table the course is played on (its own, not Play's).
    pub play: GameScreen,
    /// A course pressed while a lesson is under way: starting it replaces that lesson, so it
    /// is asked first (pressed again, it starts).
    restart_asked: Option<Course>,
    /// The course is taken up again (from its save, or coming back to the screen): its card
    /// gives the keyboard to its main button, as a new card does.
    taken_up: bool,
}

impl TutorialScreen {
    pub fn new(save_path: Option<PathBuf>) -> TutorialScreen {
        let mut play = GameScreen::new(Arc::new(Components::default()), save_path);
        // A saved course is offered on the intro page; a saved game of another kind is not
        // a course and is left alone.
        if play.resume.as_ref().is_some_and(|s| s.tutor.is_none()) {
            play.resume = None;
        }
        TutorialScreen {
            play,
            restart_asked: None,
            taken_up: false,
        }
    }

    /// The screen is opened (from Home, or another screen): a course played to its end is
    /// put away, and the intro offers both courses again, rather than the finished table.
    pub fn entered(&mut self) {
        if self.play.tutor.as_ref().is_some_and(|t| t.finished()) {
            self.play.game = None;
            self.play.tutor = None;
            self.play.resume = None;
        }
        self.taken_up = true;
    }

    /// A course's button pressed: it starts, unless a lesson under way would be replaced
    /// without being asked (the first press asks; the second starts).
    fn press(&mut self, course: Course) {
        if self.play.resume.is_some() && self.restart_asked != Some(course) {
            self.restart_asked = Some(course);
        } else {
            self.restart_asked = None;
            self.start(course);
        }
    }

    /// Starts a course from its first step.
    pub fn start(&mut self, course: Course) {
        let m = Tutor::new_match(course);
        let n = m.state.num_players() as usize;
        let seats = (0..n)
            .map(|i| SeatInfo {
                name: NAMES[i].to_string(),
                ai: (i > 0).then(|| script::OPPONENT_LEVEL.to_string()),
                stand_in: None,
            })
            .collect();
        self.play.start_with(m, seats, Some(Tutor::new(course)));
    }

    /// Continues the saved course.
    pub fn resume(&mut self) {
        self.play.continue_saved();
        self.taken_up = true;
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        if self.play.game.is_none() {
            return self.intro(ui, &shared.settings.courses_done);
        }
        if std::mem::take(&mut self.taken_up) {
            card_is_new_again(ui.ctx());
            // A refused move's explanation is of the moment it was made: coming back, the
            // step's own text is read again (the old warning had stood in its place).
            if let Some(t) = &mut self.play.tutor {
                t.refused = None;
                t.refused_pick = None;
            }
        }
        let command = self.play.ui(ui, shared);
        // Played through: marked done in the list of courses (kept with the settings).
        if let Some(t) = &self.play.tutor
            && t.stage == script::Stage::Done
            && !shared.settings.courses_done.contains(&t.course)
        {
            shared.settings.courses_done.push(t.course);
        }
        command
    }

    fn intro(&mut self, ui: &mut egui::Ui, done: &[Course]) -> Option<Command> {
        let mut command = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.label(
                    RichText::new(tr("Learn to play"))
                        .size(34.0)
                        .color(theme::GLOW),
                );
                ui.label(
                    RichText::new(tr(
                        "Play a real game one rule at a time: the table tells you what to do \
                         and why, and explains any other move.",
                    ))
                    .color(theme::TEXT_DIM),
                );
                ui.add_space(18.0);
                if let Some(notice) = &self.play.autosave_notice {
                    theme::warning_frame().show(ui, |ui| {
                        ui.set_max_width(ui.available_width().min(496.0));
                        ui.label(format!("{} {notice}", theme::WARNING_GLYPH));
                    });
                    ui.add_space(12.0);
                }
                // The course under way, by name: "a lesson" alone did not say which one a
                // press of the other would replace.
                let saved = (self.play.resume.as_ref()).and_then(|s| s.tutor.as_ref());
                let under_way = saved.map(|t| t.course);
                let step = saved.map(|t| (t.progress(), t.course));
                if self.play.resume.is_some() {
                    theme::card_frame().show(ui, |ui| {
                        ui.set_max_width(ui.available_width().min(496.0));
                        if let Some(((at, total), course)) = step {
                            ui.label(trf!(
                                "A lesson of “{course}” is under way: part {at} of {total}.",
                                course = course_title(course),
                                at = at.max(1),
                                total
                            ));
                        }
                        if ui
                            .button(RichText::new(tr("Continue where you left off")).size(19.0))
                            .clicked()
                        {
                            self.restart_asked = None;
                            self.resume();
                        }
                    });
                    ui.add_space(12.0);
                }
                // A course played through says so under its name.
                let course = |ui: &mut egui::Ui, which: Course, title: &str, blurb: &str| {
                    let blurb = if done.contains(&which) {
                        trf!("{blurb} {glyph} Done: you played it through.", blurb, glyph = theme::OK_GLYPH)
                    } else {
                        blurb.to_string()
                    };
                    crate::app::home::big_button(ui, title, &blurb, 520.0, 24.0).clicked()
                };
                if course(
                    ui,
                    Course::TwoPlayer,
                    tr("Two players"),
                    tr("The whole game, from the draft to final scoring."),
                ) {
                    self.press(Course::TwoPlayer);
                }
                ui.add_space(8.0);
                if course(
                    ui,
                    Course::Solo,
                    tr("The solo game"),
                    tr("Shorter: you against the tempest."),
                ) {
                    self.press(Course::Solo);
                }
                // Under the courses' buttons, so that they stay where they were for the second
                // press (above them, it pushed them down, and the second click missed).
                if let Some(course) = self.restart_asked {
                    let title = course_title(course);
                    let text = match under_way {
                        Some(other) if other != course => trf!(
                            "Starting “{course}” replaces the lesson of “{other}” under way. Press “{course}” again to start it, or continue where you left off.",
                            course = title,
                            other = course_title(other)
                        ),
                        _ => trf!(
                            "Starting again replaces the lesson under way. Press “{course}” again to start it from the beginning, or continue where you left off.",
                            course = title
                        ),
                    };
                    ui.label(theme::warning_text(text));
                }
                ui.add_space(16.0);
                if ui.button(tr("Rules")).clicked() {
                    command = Some(Command::Open(ScreenKind::Rules));
                }
            });
            crate::app::scroll::page(ui);
        });
        command
    }
}

/// A course's name, as its button says it.
fn course_title(course: Course) -> &'static str {
    match course {
        Course::TwoPlayer => tr("Two players"),
        Course::Solo => tr("The solo game"),
    }
}

/// What the learner pressed on the course's card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CardPress {
    /// Continue (Enter) on a step that is read.
    Continue,
    /// "Do it for me": the step's move, made for the learner.
    DoIt(crate::engine::Action),
    /// "Play it myself": the learner plays their seat through the stage instead of watching.
    PlayItMyself,
}

/// The course's card at the top of the table: the step, what to do and why, a refusal's
/// explanation, Continue (Enter) for the steps that are read, and "Do it for me" for a move
/// the learner would rather see made.
pub fn tutor_card(
    ui: &mut egui::Ui,
    t: &Tutor,
    want: &script::Want,
    g: &super::game::Game,
) -> Option<CardPress> {
    use script::{Stage, Want};
    let state = &g.m.state;
    let (title, text) = match (want, t.stage) {
        (Want::Move(a), Stage::Guided) => {
            let first = match state.decision() {
                crate::engine::Decision::Draft => !t.has(script::Skill::Draft),
                crate::engine::Decision::Dive => !t.has(script::Skill::Dive),
                crate::engine::Decision::Store { .. } => !t.has(script::Skill::Store),
                crate::engine::Decision::PassOffer { .. } => !t.has(script::Skill::Take),
                _ => !t.has(script::Skill::NewJar),
            };
            script::lesson_text(state, a, first)
        }
        (Want::Wait, Stage::Guided) => (
            tr("Watch").to_string(),
            tr("The other player and chance move now; your next step comes when it is your turn.")
                .to_string(),
        ),
        (Want::Free | Want::Wait, Stage::ToRoundTwo { started: true }) if t.self_play => (
            tr("Your seat is yours").to_string(),
            tr("Play on as you like to the end of round 1: any move the rules allow goes. The course goes on when round 2 begins.").to_string(),
        ),
        (Want::Free | Want::Wait, Stage::ToTheEnd { started: true }) if t.self_play => (
            tr("Your seat is yours").to_string(),
            tr("Play on as you like to the end of the game: any move the rules allow goes. Final scoring comes after the last turn.").to_string(),
        ),
        _ => script::stage_text(t, state, &g.names()),
    };
    let (at, _) = t.progress();
    let (done, total) = t.parts_done();
    let mut go = None;
    // Each new card gives the keyboard to its main button (Continue, or Do it for me), so
    // Enter goes on whether the last one was pressed by key or by mouse.
    let shown = egui::Id::unique("tutor-card-shown");
    let card = egui::Id::unique(("tutor-card", &title, &text, at));
    let fresh = ui.data_mut(|d| {
        let was = d.get_temp::<egui::Id>(shown);
        d.insert_temp(shown, card);
        was != Some(card)
    });
    let shown_card = theme::card_frame()
        .stroke(egui::Stroke::new(2.0, theme::GLOW))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            // Wrapped: a long title and the count had widened the column past the window's
            // edge, pushing the players' cards off it.
            ui.horizontal_wrapped(|ui| {
                crate::app::theme::heading(ui, RichText::new(&title).heading().color(theme::GLOW));
                // The parts done, not the part under way: a part takes several cards ("Watch",
                // "Dive", "Store" were all "Part 6 of 10", which read as a counter stuck).
                // Whole, on the title's line or the next: beside a long title it went over
                // two ("2 of 10" above "parts done").
                ui.add(
                    egui::Label::new(
                        RichText::new(trf!("{done} of {total} parts done", done, total))
                            .small()
                            .color(theme::TEXT_DIM),
                    )
                    .extend(),
                );
            });
            // Said while the refused dive is still the one on the board.
            let current = t.refused_pick.is_none_or(|k| k == g.pick.key());
            let shown_refusal = t.refused.as_ref().filter(|_| current);
            // A refused move's explanation says again what the step asks for: it takes the
            // step's text's place, so the choices under the card do not move down by its
            // height (clicked again at the same place, they hit another one).
            if shown_refusal.is_none() || !matches!(want, Want::Move(_)) {
                ui.label(RichText::new(&text).size(theme::BODY_SIZE));
            }
            // A refusal as it appears gives the keyboard back to the main button (the refused
            // choice, clicked, had taken it: Enter would only be refused again).
            let said = egui::Id::unique("tutor-refusal-shown");
            let refusal_key = shown_refusal.map(|why| egui::Id::unique(("tutor-refusal", why, at)));
            let new_refusal = ui.data_mut(|d| {
                let was = d.get_temp::<Option<egui::Id>>(said).flatten();
                d.insert_temp(said, refusal_key);
                refusal_key.is_some() && was != refusal_key
            });
            let fresh = fresh || new_refusal;
            let refusal = shown_refusal.map(|why| {
                theme::warning_frame()
                    .show(ui, |ui| {
                        ui.label(format!("{} {why}", theme::WARNING_GLYPH));
                    })
                    .response
            });
            // The buttons keep their ids whether a refusal is said above them or not (the
            // keyboard stays on the one it is on).
            let id = ui.scope_id().with("tutor-buttons");
            let buttons = ui.scope_builder(egui::UiBuilder::new().scope_id(id), |ui| {
                if *want == Want::Continue {
                    let label = if t.stage == Stage::Scoring {
                        tr("Finish")
                    } else {
                        tr("Continue")
                    };
                    let r = ui
                        .button(RichText::new(label).strong())
                        .on_hover_text(tr("Key: Enter"));
                    if fresh {
                        r.request_focus();
                    }
                    // Enter anywhere continues only while nothing else would take it: no control has
                    // the keyboard (a focused button presses itself, the Dive button dives) and no
                    // dive is being put together on the board (Enter would be meant for it).
                    let free = crate::app::keys::keys_free(ui.ctx()) && g.pick.shore.is_none();
                    let enter = free && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if r.clicked() || enter {
                        go = Some(CardPress::Continue);
                    }
                    // Instead of watching the AI play the learner's seat, playing it.
                    if matches!(
                    t.stage,
                    Stage::ToRoundTwo { started: false } | Stage::ToTheEnd { started: false }
                ) && ui
                    .button(tr("Play it myself"))
                    .on_hover_text(tr(
                        "Play your own seat through this part instead of watching the AI play it",
                    ))
                    .clicked()
                {
                    go = Some(CardPress::PlayItMyself);
                }
                }
                if let (Want::Move(a), Stage::Guided) = (want, t.stage) {
                    let r = ui.button(tr("Do it for me")).on_hover_text(tr(
                        "The move this step asks for is made for you, and the course goes on",
                    ));
                    if fresh {
                        r.request_focus();
                    }
                    if r.clicked() {
                        go = Some(CardPress::DoIt(*a));
                    }
                }
            });
            // A new refusal is brought into sight with the buttons under it: the page may be
            // scrolled down to the choices (a large text size), and it appeared above them.
            if let Some(mut both) = refusal.filter(|_| new_refusal) {
                both.rect = both.rect.union(buttons.response.rect);
                both.scroll_to_me(None);
                // And where the keyboard is given back to a button, as that is followed.
                crate::app::scroll::show_with_focus(ui.ctx(), both.rect);
            }
            new_refusal
        });
    // The card of a course taken up again, its top scrolled out of sight (the page had been
    // scrolled down to the board), is brought into sight from its title: only its last line
    // and button had shown. Over the next frames too: the main button taking the keyboard
    // scrolls to it a frame later.
    let rect = shown_card.response.rect;
    let frames = ui.data_mut(|d| {
        // A refusal is brought into sight instead (above).
        let left = match shown_card.inner {
            true => 0,
            false => d.get_temp::<u8>(to_title_id()).unwrap_or(0),
        };
        d.insert_temp(to_title_id(), left.saturating_sub(1));
        left
    });
    if frames > 0 && rect.top() < ui.clip_rect().top() {
        ui.scroll_to_rect(rect, Some(egui::Align::TOP));
    }
    ui.add_space(6.0);
    go
}

/// The card last drawn is forgotten, so the next one drawn is new: its main button takes the
/// keyboard again (a course taken up again had the keyboard nowhere, a dozen Tabs from
/// Continue), and it is shown from its title.
pub fn card_is_new_again(ctx: &egui::Context) {
    ctx.data_mut(|d| {
        d.remove::<egui::Id>(egui::Id::unique("tutor-card-shown"));
        d.insert_temp(to_title_id(), 3u8);
    });
}

/// Frames left in which the card is brought into sight from its title.
fn to_title_id() -> egui::Id {
    egui::Id::unique("tutor-card-to-title")
}
