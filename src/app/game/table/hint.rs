//! The hint bar above the decision: ask (button or key H), a progress indicator with Cancel
//! while Hard thinks, then the advice with its reason and what it gains.

use super::*;
use crate::app::game::HintState;
use crate::words::{ActionWords, gain_words, reason_after_move};

/// The key that asks for a hint (and cancels one being worked out).
pub const HINT_KEY: egui::Key = crate::app::keys::HINT.logical_key;

pub(super) fn hint_bar(
    ui: &mut egui::Ui,
    g: &mut Game,
    comps: &Components,
    now: f64,
    out: &mut Out,
) {
    if g.human_to_act().is_none() {
        return;
    }
    let key = crate::app::keys::shortcuts_free(ui.ctx()) && ui.input(|i| i.key_pressed(HINT_KEY));
    // The row keeps a button's height, a line said or not, so that the choices under it stay.
    let said = |ui: &mut egui::Ui, g: &Game| {
        if let Some(m) = &g.message {
            ui.label(RichText::new(m.text()).color(theme::TEXT_DIM));
        }
    };
    let row = |ui: &mut egui::Ui, add: &mut dyn FnMut(&mut egui::Ui)| {
        ui.horizontal_wrapped(|ui| {
            ui.set_min_height(ui.spacing().interact_size.y);
            add(ui)
        });
    };
    if !g.hints.allowed {
        // H does nothing here: said why, rather than nothing at all.
        if key {
            let online = g.online.is_some();
            // Any other table without hints was set up so (it had been told it was a lesson).
            let lesson = g.is_lesson();
            g.message = Some(crate::i18n::Said::new(move || {
                if online {
                    tr("No hints in a game played online.").to_string()
                } else if lesson {
                    tr("No hints while learning to play: the card above says what to do.")
                        .to_string()
                } else {
                    tr("Hints are off at this table: the game was set up without them.").to_string()
                }
            }));
        }
        row(ui, &mut |ui| said(ui, g));
        return;
    }
    // Enter after H waits for the hint, the keyboard still where it was as the hint
    // was asked for: it had pressed the choice focused there (or dived), a move the
    // player had not meant.
    let focused = ui.memory(|m| m.focused());
    let unmoved = ui
        .data(|d| d.get_temp::<Option<egui::Id>>(asked_from()))
        .is_some_and(|at| at == focused);
    if let HintState::Thinking(job) = &mut g.hint
        && unmoved
        && crate::app::keys::shortcuts_free(ui.ctx())
        && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
    {
        job.enter_held = true;
    }
    match &g.hint {
        HintState::Thinking(job) => {
            let seconds = (now - job.started).max(0.0);
            let mut cancel = key;
            let held = job.enter_held;
            row(ui, &mut |ui| {
                ui.add(egui::Spinner::new());
                ui.label(
                    RichText::new(trf!(
                        "The Hard AI is looking for a hint… {seconds} s",
                        seconds = format!("{seconds:.1}")
                    ))
                    .color(theme::TEXT_DIM),
                );
                if held {
                    ui.label(
                        RichText::new(tr("Enter plays the hint once it is shown."))
                            .color(theme::TEXT_DIM),
                    );
                }
                if ui
                    .button(tr("Cancel"))
                    .on_hover_text(tr("Stop looking (key H)"))
                    .clicked()
                {
                    cancel = true;
                }
                said(ui, g);
            });
            if cancel {
                g.cancel_hint();
            }
        }
        HintState::Shown { hint, .. } if g.shown_hint().is_some() => {
            let hint = hint.clone();
            let mut dismiss = false;
            if g.message.is_some() {
                row(ui, &mut |ui| said(ui, g));
            }
            theme::card_frame()
                .stroke(Stroke::new(1.5, theme::GOOD))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    let head = trf!(
                        "Hint: {name} {move}",
                        name = g.name(hint.seat),
                        move = hint.action.describe(comps)
                    );
                    ui.label(RichText::new(head).strong().color(theme::GOOD));
                    // A sentence that adds to the move above ("Jar 1 is your brown jar.");
                    // the line had said the move again ("puts an orange die into jar 1, …").
                    let why = reason_after_move(&hint.reason, comps);
                    if !why.is_empty() {
                        ui.label(why);
                    }
                    // Said while the choice it was weighed against is still the player's (it
                    // stayed when they changed their dive, to the hint's own too).
                    if let Some((mine, gain)) = hint.versus.filter(|v| Some(v.0) == g.intended())
                    {
                        // The dive put together is the hint's own: nothing to weigh it against.
                        let words = if mine == hint.action {
                            tr("That is the dive you are putting together.").to_string()
                        } else {
                            gain_words(gain, &mine.describe(comps))
                        };
                        ui.label(RichText::new(words).color(theme::TEXT_DIM));
                    }
                    compared(ui, &hint, g.m.state.config.is_solo(), comps);
                    if matches!(hint.action, Action::Dive { .. }) {
                        // Beside a dive being put together the hint's path is the shaded one
                        // (the outline stays the player's own).
                        // (Unless that dive is the hint's own: it is one path.)
                        let lit = if g.pick.shore.is_some() && g.intended() != Some(hint.action) {
                            tr("The hint's path is shaded on the board; the outlined one is the dive you are putting together.")
                        } else {
                            tr("The path is lit on the board.")
                        };
                        ui.label(RichText::new(lit).small().color(theme::TEXT_DIM));
                    }
                    super::decisions::stable(ui, "hint-buttons", |ui| ui.horizontal(|ui| {
                        let play = ui
                            .button(tr("Play it"))
                            .on_hover_text(tr("Make the move the hint suggests"));
                        // As the hint comes, the keyboard goes to Play it (Enter plays it, and
                        // in one scrolling column the hint comes into sight with it), once a
                        // hint: from nowhere, from the board, where the dive the hint names
                        // whole was being put together, or from where it was as the hint was
                        // asked for; a choice of the decision moved to since keeps it.
                        let once = egui::Id::unique(("hint-offered", g.hints_shown));
                        if !ui.data(|d| d.get_temp::<bool>(once).unwrap_or(false)) {
                            ui.data_mut(|d| d.insert_temp(once, true));
                            let on_board = ui.data(|d| {
                                d.get_temp::<bool>(egui::Id::unique(
                                    crate::app::board::KEYBOARD_ON_BOARD,
                                ))
                                .unwrap_or(false)
                            });
                            let focused = ui.memory(|m| m.focused());
                            let unmoved = ui
                                .data(|d| d.get_temp::<Option<egui::Id>>(asked_from()))
                                .is_some_and(|at| at == focused);
                            if on_board || focused.is_none() || unmoved {
                                play.request_focus();
                            }
                        }
                        if play.clicked() {
                            out.action = Some(hint.action);
                        }
                        if ui.button(tr("Dismiss")).clicked() || key {
                            dismiss = true;
                        }
                    }));
                });
            if dismiss {
                g.dismiss_hint();
            }
        }
        _ => {
            let taken = g.human_to_act().map_or(0, |s| g.hints.count(s));
            let mut clicked = false;
            row(ui, &mut |ui| {
                clicked = ui
                    .button(format!("💡 {}", tr("Hint")))
                    .on_hover_text(trf!(
                        "What would the Hard AI do here? It sees only what you see. Key: H. Hints you took: {count}",
                        count = taken
                    ))
                    .clicked();
                said(ui, g);
            });
            if clicked || key {
                // Where the keyboard was as the hint was asked for: still there when it comes,
                // Play it takes it (after H, Enter plays the hint, not the choice the keyboard
                // happened to be on).
                let at = ui.memory(|m| m.focused());
                ui.data_mut(|d| d.insert_temp(asked_from(), at));
                g.ask_hint(now);
            }
        }
    }
}

/// Temporary data: the widget that had the keyboard when the hint was asked for.
fn asked_from() -> egui::Id {
    egui::Id::unique("hint-asked-from")
}

/// How many of the moves the hint compared are listed under it.
const COMPARED_SHOWN: usize = 3;

/// The hint's figures: the best few moves it compared and what each is expected to end with,
/// so that a player sees how much the hinted move is ahead, or that another is as good.
fn compared(ui: &mut egui::Ui, hint: &crate::ai::advice::Hint, solo: bool, comps: &Components) {
    if hint.compared.len() < 2 {
        return;
    }
    let head = if solo {
        tr(
            "Your final score after each move, as the Hard AI expects it, less what the tempest takes (higher is better):",
        )
    } else {
        tr(
            "Points you would finish ahead of the best other player after each move, as the Hard AI expects (below 0: behind):",
        )
    };
    ui.label(RichText::new(head).small().color(theme::TEXT_DIM));
    // The hinted move first, as the hint names it, then the others best first.
    let mine = hint.compared.iter().find(|a| a.action == hint.action);
    let others = hint.compared.iter().filter(|a| a.action != hint.action);
    let listed: Vec<_> = mine.into_iter().chain(others).collect();
    for a in listed.iter().take(COMPARED_SHOWN) {
        let line = trf!(
            "{move}: {points}",
            move = a.action.describe(comps),
            points = crate::words::signed_points(a.points)
        );
        let line = if hint.as_good.contains(&a.action) {
            format!("≈ {line}")
        } else {
            line
        };
        let text = RichText::new(line).small();
        ui.label(if a.action == hint.action {
            text.color(theme::GOOD)
        } else {
            text.color(theme::TEXT_DIM)
        });
    }
    // Moves the play-outs cannot tell from the hint's are said to be as good, so that a
    // close figure does not read as a slip of the hint.
    if listed
        .iter()
        .skip(1)
        .take(COMPARED_SHOWN - 1)
        .any(|a| hint.as_good.contains(&a.action))
    {
        ui.label(
            RichText::new(tr(
                "≈ about as good as the hint: the play-outs cannot tell them apart.",
            ))
            .small()
            .color(theme::TEXT_DIM),
        );
    }
    let more = hint.compared.len().saturating_sub(COMPARED_SHOWN);
    if more > 0 {
        ui.label(
            RichText::new(if more == 1 {
                tr("and 1 other move, rated lower").to_string()
            } else {
                trf!("and {count} other moves, rated lower", count = more)
            })
            .small()
            .color(theme::TEXT_DIM),
        );
    }
}
