//! The review on the end screen: a button to start it, a progress bar with Cancel while Hard
//! works, then the costliest decisions (what was played, what was better and why, with a
//! button that opens the replay at that moment) and a plot of every seat's estimated final
//! lead over the game, its numbers also written out for a screen reader.

use super::*;
use crate::ai::advice::MIN_LOSS;
use crate::app::game::ReviewState;
use crate::words::{ActionWords, reason_words};
use egui_plot::{Legend, Line, Plot, PlotPoints, VLine};

/// "Show this moment" was pressed: the replay's step buttons take the keyboard next.
pub(super) const FOCUS_REPLAY: &str = "focus-replay";

pub(super) fn review_panel(ui: &mut egui::Ui, g: &mut Game, comps: &Components) {
    if !g.m.state.is_over() {
        return;
    }
    let mut jump = None;
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        crate::app::theme::heading(ui, RichText::new(tr("Review")).heading().color(theme::GLOW));
        match &g.review {
            None => {
                // "Ann and Bea" (it read "Ann, Bea").
                let seats: Vec<String> =
                    g.reviewed_seats().into_iter().map(|s| g.name(s)).collect();
                let names = crate::words::join_names(&seats);
                ui.label(
                    RichText::new(trf!(
                        "The Hard AI looks over the game from the side of {names}, decision by \
                         decision, and finds where points were lost.",
                        names
                    ))
                    .color(theme::TEXT_DIM),
                );
                if ui.button(tr("Review the game")).clicked() {
                    g.start_review();
                }
            }
            Some(ReviewState::Working { .. }) => {
                let (done, total) = g
                    .review
                    .as_ref()
                    .and_then(|r| r.progress())
                    .unwrap_or((0, 0));
                let fraction = if total == 0 {
                    0.0
                } else {
                    done as f32 / total as f32
                };
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .text(trf!("{done} of {total} decisions", done, total))
                        .animate(true)
                        // Redrawn as the work goes, without the spinner, which covered the
                        // start of the words ("2 of 38").
                        .corner_radius(4),
                );
                // Cancel takes the Review button's place, and its keyboard; while it has
                // it, the finished review gives it to its first moment.
                let cancel = ui.button(tr("Cancel"));
                let keyboard = cancel.has_focus();
                ui.data_mut(|d| d.insert_temp(keyboard_on_review(), keyboard));
                if cancel.clicked() {
                    g.cancel_review();
                }
            }
            Some(ReviewState::Failed) => {
                ui.label(theme::warning_text(tr(
                    "This game's log could not be reviewed.",
                )));
            }
            Some(ReviewState::Done(r)) => {
                ui.label(
                    RichText::new(trf!("{count} decisions judged.", count = r.judged))
                        .color(theme::TEXT_DIM),
                );
                if r.mistakes.is_empty() {
                    ui.label(trf!(
                        "No decision lost as much as {points} points. Well played.",
                        points = MIN_LOSS
                    ));
                }
                for (k, m) in r.mistakes.iter().enumerate() {
                    ui.separator();
                    // Counted as the table counts it: the round, and the turn in that round.
                    let per_round = g.m.state.turns_per_round().max(1) as usize;
                    let when = match r.turn_of(m.entry) {
                        0 => tr("the jar draft").to_string(),
                        t => trf!(
                            "round {round}, turn {turn}",
                            round = (t - 1) / per_round + 1,
                            turn = (t - 1) % per_round + 1
                        ),
                    };
                    ui.label(
                        RichText::new(trf!(
                            "{rank}. {name}, {when}: about {points} points lost",
                            rank = k + 1,
                            name = g.name(m.seat),
                            when,
                            points = format!("{:.1}", m.loss)
                        ))
                        .strong(),
                    );
                    let line = |label: &str, a: &Action, why: &crate::ai::advice::Reason| {
                        let reason = reason_words(why, comps);
                        let played = a.describe(comps);
                        if reason.is_empty() {
                            trf!("{label} {move}", label, move = played)
                        } else {
                            trf!("{label} {move} ({why})", label, move = played, why = reason)
                        }
                    };
                    ui.label(line(tr("Played:"), &m.played, &m.played_reason));
                    ui.label(
                        RichText::new(line(tr("Better:"), &m.better, &m.better_reason))
                            .color(theme::GOOD),
                    );
                    // Named for its decision: every mistake has such a button.
                    let r = ui
                        .button(tr("Show this moment"))
                        .accessible_name(trf!(
                            "Show moment {rank}: {name}, {when}",
                            rank = k + 1,
                            name = g.name(m.seat),
                            when = &when
                        ))
                        .on_hover_text(tr("Open the replay just before this decision"));
                    let keyboard = ui.data_mut(|d| d.remove_temp::<bool>(keyboard_on_review()));
                    if k == 0 && keyboard == Some(true) {
                        r.request_focus();
                    }
                    if r.clicked() {
                        jump = Some((m.entry, m.played, m.better));
                        // The replay's controls take the keyboard (the button scrolls away).
                        ui.data_mut(|d| d.insert_temp(egui::Id::unique(FOCUS_REPLAY), true));
                    }
                }
                ui.separator();
                estimate_plot(ui, g, r);
            }
        }
    });
    if let Some((entry, played, better)) = jump {
        g.replay_at_moment(entry, played, better);
    }
}

/// Temporary data: the review's Cancel had the keyboard when last drawn.
fn keyboard_on_review() -> egui::Id {
    egui::Id::unique("review-keyboard")
}

/// Every seat's estimated final lead at the start of each turn (and at the end), with the
/// turns of the costly decisions marked.
fn estimate_plot(ui: &mut egui::Ui, g: &Game, r: &crate::ai::advice::Review) {
    ui.label(RichText::new(tr("Estimated final lead, turn by turn")).strong());
    let n = r.estimates.first().map_or(0, |e| e.len());
    // (turn, estimates): each turn's start, then the end of the game.
    let mut series: Vec<(f64, &Vec<f32>)> = r
        .turns
        .iter()
        .enumerate()
        .filter_map(|(k, &at)| r.estimates.get(at).map(|e| ((k + 1) as f64, e)))
        .collect();
    if let Some(last) = r.estimates.last() {
        series.push(((r.turns.len() + 1) as f64, last));
    }
    // The legend sits at the top left, where every seat is still near 0 (the leads grow as
    // the game goes on), with room above the early part of the lines so that it covers none
    // of them: its rows take about 26 points each of the plot's area, under which the turn
    // axis takes about 45.
    let height = 160.0 + 20.0 * n as f32;
    let values = |upto: f64| {
        series
            .iter()
            .filter(move |(x, _)| *x <= upto)
            .flat_map(|(_, e)| e.iter().copied())
    };
    let last = series.last().map_or(1.0, |(x, _)| *x);
    let low = values(f64::MAX).fold(0.0f32, f32::min);
    let high = values(f64::MAX).fold(0.0f32, f32::max);
    // The legend is about this share of the plot's width wide: the lines under it.
    let early = values(last * 0.45).fold(0.0f32, f32::max);
    let share = ((n as f32 * 26.0 + 18.0) / (height - 45.0)).min(0.7);
    let top = high.max((early - low * share) / (1.0 - share));
    let plot = Plot::new("review-estimates")
        .height(height)
        .include_y(top as f64)
        .include_y(low as f64)
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .x_axis_label(tr("turn"))
        .y_axis_label(crate::app::theme::side_label(tr("points")))
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        // A picture with its words beside it: no Tab stop of its own.
        .sense(egui::Sense::hover());
    let response = plot.show(ui, |p| {
        for s in 0..n {
            let points: PlotPoints = series.iter().map(|(x, e)| [*x, e[s] as f64]).collect();
            p.line(
                Line::new(g.name(s as Seat), points)
                    .stroke(Stroke::new(2.0, theme::seat_colour(s as Seat))),
            );
        }
        for m in &r.mistakes {
            // Unnamed, so the legend lists the seats only.
            p.vline(
                VLine::new("", r.turn_of(m.entry) as f64).stroke(Stroke::new(1.0, theme::WARNING)),
            );
        }
    });
    // The plot in words, for a screen reader: where each seat stood at each quarter.
    let words = (0..n)
        .map(|s| {
            let at: Vec<String> = [0.25, 0.5, 0.75, 1.0]
                .iter()
                .filter_map(|f| {
                    let i = ((series.len().max(1) - 1) as f32 * f) as usize;
                    series
                        .get(i)
                        .map(|(_, e)| crate::words::signed_points(e[s]))
                })
                .collect();
            trf!(
                "{name}: {values}",
                name = g.name(s as Seat),
                values = at.join(" → ")
            )
        })
        .collect::<Vec<_>>()
        .join(tr("; "));
    let summary = trf!(
        "Estimated final lead at each quarter of the game: {words}",
        words
    );
    response
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &summary));
    ui.label(RichText::new(summary).small().color(theme::TEXT_DIM));
    if !r.mistakes.is_empty() {
        ui.label(
            RichText::new(tr(
                "The thin orange lines mark the turns of the costly decisions listed above.",
            ))
            .small()
            .color(theme::TEXT_DIM),
        );
    }
}
