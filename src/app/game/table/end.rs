//! The end of the game and stepping through a finished game.

use super::*;
use crate::engine::scoring::Majority;

/// The end screen: the engine's final score, as the score calculator shows it.
pub(super) fn end_panel(ui: &mut egui::Ui, g: &mut Game, glyphs: bool, out: &mut Out) {
    let eval = Evaluation {
        input: g.m.state.score_input(),
        result: g.m.state.final_score(),
        problems: Vec::new(),
        // The table's names are told apart already.
        names: g.names(),
        shared_names: false,
    };
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        crate::app::theme::heading(ui,
            RichText::new(tr("The game is over"))
                .heading()
                .color(theme::GLOW),
        );
        score_summary(ui, &eval, glyphs);
        let hints = hints_line(g);
        if !hints.is_empty() {
            ui.add_space(4.0);
            ui.label(RichText::new(hints).small().color(theme::TEXT_DIM));
        }
        ui.add_space(8.0);
        let online = g.online.as_ref().map(|o| (o.link.is_host(), o.link.is_closed()));
        if let Some((false, false)) = online {
            // A friend's host may start the next game with the same seats.
            ui.label(
                RichText::new(tr(
                    "The host can start another game with the same seats: it opens here. Or leave the table.",
                ))
                .color(theme::TEXT_DIM),
            );
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr("Replay step by step"))
                .on_hover_text(tr("Step through the game again, decision by decision"))
                .clicked()
            {
                g.start_replay();
            }
            match online {
                None => {
                    if ui.button(tr("New game")).clicked() {
                        out.new_game = true;
                    }
                }
                Some((true, _)) => {
                    if ui
                        .button(tr("Play again with the same seats"))
                        .on_hover_text(tr(
                            "Everyone at this table plays another game, in the same seats",
                        ))
                        .clicked()
                    {
                        play_again(g);
                    }
                    if let Some(m) = &g.message {
                        ui.label(RichText::new(m.text()).color(theme::WARNING));
                    }
                    if ui
                        .button(tr("Close the game"))
                        .on_hover_text(tr("Stop hosting: every player is told"))
                        .clicked()
                    {
                        out.new_game = true;
                    }
                }
                Some((false, _)) => {
                    if ui
                        .button(tr("Leave"))
                        .on_hover_text(tr("Leave the table"))
                        .clicked()
                    {
                        out.new_game = true;
                    }
                }
            }
        });
    });
}

/// The host starts the next game with the same seats; the table moves to it once the host
/// has dealt it. A seat whose person has left is said.
fn play_again(g: &mut Game) {
    let Some(crate::app::game::Link::Host(h)) = g.online.as_ref().map(|o| &o.link) else {
        return;
    };
    match h.start_game() {
        Ok(()) => g.message = None,
        Err(e) => {
            g.message = Some(crate::i18n::Said::new(move || {
                crate::app::game::warning(trf!(
                    "Another game cannot start: {reason} Close the game and open a new lobby to play with someone else.",
                    reason = crate::words::Words::words(&e)
                ))
            }))
        }
    }
}

pub(super) fn replay_panel(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    _glyphs: bool,
    _out: &mut Out,
) {
    let names = g.names();
    let Some(r) = &mut g.replay else { return };
    let reveal = std::mem::take(&mut r.reveal);
    let (at, n) = (r.at, r.steps.len());
    let moment = r.moment;
    let mut to = None;
    let mut own_focus = false;
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        let heading = crate::app::theme::heading(ui, RichText::new(tr("Replay")).heading().color(theme::GLOW));
        if reveal {
            heading.scroll_to_me(Some(egui::Align::TOP));
        }
        ui.label(trf!("Step {at} of {count}", at = at + 1, count = n));
        // Any step at once (a game is some eighty steps; one at a time had been the only way).
        if n > 1 {
            let mut step = at;
            let slider = ui
                .add(egui::Slider::new(&mut step, 0..=n - 1).show_value(false))
                .on_hover_text(tr("Home, End: the first step, the last"));
            slider.widget_info(|| {
                egui::WidgetInfo::slider(true, step as f64 + 1.0, tr("Replay step"))
            });
            // At an end the step button the keyboard was on is greyed out: the keyboard comes
            // here rather than to nothing.
            if ui
                .data_mut(|d| d.remove_temp::<bool>(egui::Id::unique("replay-slider-focus")))
                .unwrap_or(false)
            {
                slider.request_focus();
            }
            if step != at {
                to = Some(step);
            }
            own_focus |= slider.has_focus();
        }
        ui.label(RichText::new(describe_next(obs, &names)).color(theme::TEXT_DIM));
        // Standing at a moment of the review: what the board draws of it.
        if let Some(m) = moment.filter(|m| m.at == at) {
            let text = match (m.played, m.better) {
                (Action::Dive { .. }, Action::Dive { .. }) => tr(
                    "On the board: the dive played is lit, its dice ringed; the better dive is shaded (a space on both is lit and shaded).",
                ),
                (Action::Dive { .. }, _) => {
                    tr("On the board: the dive played is lit, its dice ringed.")
                }
                _ => "",
            };
            if !text.is_empty() {
                ui.label(RichText::new(text).small().color(theme::TEXT_DIM));
            }
        }
        ui.horizontal(|ui| {
            let back = ui
                .add_enabled(at > 0, egui::Button::new(tr("← Step back")))
                .on_hover_text(tr("Key: ←"));
            if back.clicked() {
                to = Some(at - 1);
            }
            let forward = ui
                .add_enabled(at + 1 < n, egui::Button::new(tr("Step forward →")))
                .on_hover_text(tr("Key: →"));
            if forward.clicked() {
                to = Some(at + 1);
            }
            let scores = ui.button(tr("Back to the scores"));
            if scores.clicked() {
                g.replay = None;
            }
            // Opened at a moment of the review: the keyboard comes to the step buttons.
            if ui
                .data_mut(|d| d.remove_temp::<bool>(egui::Id::unique(super::review::FOCUS_REPLAY)))
                .unwrap_or(false)
            {
                if at + 1 < n { &forward } else { &back }.request_focus();
            }
            for r in [&back, &forward, &scores] {
                if r.has_focus() {
                    // ←/→ step the replay here rather than move the focus.
                    ui.memory_mut(|m| {
                        m.set_focus_lock_filter(
                            r.id,
                            egui::EventFilter {
                                horizontal_arrows: true,
                                ..Default::default()
                            },
                        )
                    });
                    own_focus = true;
                }
            }
        });
    });
    // ←/→ step, with the focus on nothing or on the replay's buttons (elsewhere the arrows
    // belong to the focused widget).
    let keys = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowLeft),
            i.key_pressed(egui::Key::ArrowRight),
        )
    });
    let keys = if own_focus || ui.memory(|m| m.focused().is_none()) {
        keys
    } else {
        (false, false)
    };
    if keys.0 && at > 0 {
        to = Some(at - 1);
    }
    if keys.1 && at + 1 < n {
        to = Some(at + 1);
    }
    // Home and End: to the start and the end (not the page's top and bottom, here).
    if (own_focus || ui.memory(|m| m.focused().is_none())) && n > 0 {
        let none = egui::Modifiers::NONE;
        let (home, end) = ui.input_mut(|i| {
            (
                i.consume_key(none, egui::Key::Home),
                i.consume_key(none, egui::Key::End),
            )
        });
        if home {
            to = Some(0);
        } else if end {
            to = Some(n - 1);
        }
    }
    if let Some(t) = to {
        if own_focus && (t == 0 || t + 1 == n) {
            ui.data_mut(|d| d.insert_temp(egui::Id::unique("replay-slider-focus"), true));
        }
        g.replay_to(t);
    }
}

/// What the replay shows next, as a line: who decides what, by name.
pub(super) fn describe_next(obs: &Observation, names: &[String]) -> String {
    let name = match obs.to_act {
        crate::engine::ToAct::Seat(s) => names.get(s as usize).cloned().unwrap_or_default(),
        _ => String::new(),
    };
    match obs.decision {
        // The last step: nothing comes next ("Next: the game is over" beside a greyed "Next").
        Decision::GameOver => tr("The game is over: this is its last step").to_string(),
        Decision::Chance(_) => tr("Next: a roll or a card turned up").to_string(),
        Decision::Draft => tr("Next: the jar draft").to_string(),
        Decision::Dive => trf!("Next: {name} dives", name),
        Decision::Store { colour } => trf!(
            "Next: {name} chooses the jar for {die}",
            name,
            die = crate::words::a_die(colour)
        ),
        Decision::PassOffer { .. } => trf!("Next: {name} may take a passed die", name),
        Decision::DeliverOrder => trf!("Next: {name} chooses which full jar to deliver", name),
        Decision::ChoosePile => trf!("Next: {name} takes a new jar from a pile", name),
        Decision::SoloKeep { .. } => trf!("Next: {name} keeps one of the two cards drawn", name),
    }
}

/// Who took hints: "Hints taken: Ann 2, Bea 0" (humans only), or that the table had none;
/// nothing where the game's file does not say (a bare log, as the history keeps).
pub(super) fn hints_line(g: &Game) -> String {
    if g.hints.unknown || !(0..g.seats.len() as Seat).any(|s| g.is_human(s)) {
        // Only AI players: nobody to take a hint.
        return String::new();
    }
    if !g.hints.allowed {
        // Off by the set-up's choice: said. A lesson or a game online has none, and says
        // so as it goes ("no hints in a lesson" at its end had puzzled a learner).
        if g.is_lesson() || g.online.is_some() {
            return String::new();
        }
        return tr("Hints were off at this table.").to_string();
    }
    let seats: Vec<String> = (0..g.seats.len() as Seat)
        .filter(|&s| g.is_human(s))
        .map(|s| {
            trf!(
                "{name}: {count}",
                name = g.name(s),
                count = g.hints.count(s)
            )
        })
        .collect();
    trf!("Hints taken: {list}", list = join_list(seats))
}

/// At the end, what seat `s` took from the stacks by its majorities, under its tokens (the
/// stacks said "empty after the majority", and no seat showed where their tokens went).
/// `majorities`: the game's, worked out once for every seat.
pub(super) fn majorities_taken(ui: &mut egui::Ui, majorities: &[Majority], s: Seat) {
    let taken = majorities.iter().filter(|m| {
        m.each > 0
            && m.leaders
                .contains(&crate::engine::scoring::Holder::Player(s))
    });
    for m in taken {
        let colour = format!(
            "{} {}",
            theme::jar_glyph(m.colour),
            theme::jar_name(m.colour)
        );
        let line = if m.each == 1 {
            trf!("{colour} majority: 1 token from the stack, 1 point", colour)
        } else {
            trf!(
                "{colour} majority: {count} tokens from the stack, 1 point each",
                colour,
                count = m.each
            )
        };
        ui.label(
            RichText::new(line)
                .small()
                .color(theme::jar_colour(m.colour)),
        );
    }
}
