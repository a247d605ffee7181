//! The game log, kept as data and worded when drawn.

use super::*;

/// One line of the game log, kept as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogLine {
    /// The pool was filled (the die-by-die seeding events, folded into one line).
    PoolFilled,
    Event(Event),
    /// A seat asked for a hint.
    Hint {
        seat: Seat,
    },
    /// A person's seat was handed to the AI `to`, or (`None`) taken back by its person.
    HandOver {
        seat: Seat,
        to: Option<String>,
    },
}

impl LogLine {
    /// The line in the current language.
    pub fn words(&self, comps: &Components, names: &[String]) -> String {
        match self {
            LogLine::PoolFilled => tr("The pool is filled with dice.").into(),
            LogLine::Event(e) => e.describe(comps, &|s| seat_name(names, s)),
            LogLine::Hint { seat } => trf!("{name} takes a hint.", name = seat_name(names, *seat)),
            LogLine::HandOver { seat, to } => {
                let name = seat_name(names, *seat);
                match to {
                    Some(level) => trf!(
                        "From here, {ai} plays for {name}.",
                        ai = trf!("AI {level}", level = bot_level_name(level)),
                        name
                    ),
                    None => trf!("{name} takes their seat back.", name),
                }
            }
        }
    }
}

/// The game's log, replayed from the record (public events only), with the hints taken.
pub fn log_lines(record: &GameRecord, upto: usize, hints: &[super::HintTaken]) -> Vec<LogLine> {
    log_lines_with(record, upto, hints, &[])
}

/// The game's log as `log_lines` gives it, with the seats handed over and taken back too.
pub(super) fn log_lines_with(
    record: &GameRecord,
    upto: usize,
    hints: &[super::HintTaken],
    handovers: &[super::HandOver],
) -> Vec<LogLine> {
    let asides = |lines: &mut Vec<LogLine>, at: usize| {
        for h in hints.iter().filter(|h| h.at == at) {
            lines.push(LogLine::Hint { seat: h.seat });
        }
        for h in handovers.iter().filter(|h| h.at == at) {
            lines.push(LogLine::HandOver {
                seat: h.seat,
                to: h.to.clone(),
            });
        }
    };
    let mut lines = Vec::new();
    let Ok(mut state) = GameState::new(record.config.clone(), Arc::clone(&record.components))
    else {
        return lines;
    };
    let mut seeding = false;
    for (i, entry) in record.actions.iter().take(upto).enumerate() {
        asides(&mut lines, i);
        match state.apply(&entry.action) {
            Ok(events) => push_events(&mut lines, &mut seeding, &events),
            Err(_) => return lines,
        }
    }
    // Hints taken (and seats handed over) where the log stops, before that decision was made
    // (as after an undo back to it).
    asides(&mut lines, upto);
    lines
}

pub(super) fn seat_name(names: &[String], s: Seat) -> String {
    names
        .get(s as usize)
        .cloned()
        .unwrap_or_else(|| trf!("Seat {number}", number = s + 1))
}

/// Adds the lines for `events`, folding the pool's die-by-die seeding into one line.
pub(super) fn push_events(lines: &mut Vec<LogLine>, seeding: &mut bool, events: &[Event]) {
    for e in events {
        match e {
            Event::Seeded { .. } | Event::RefillSpace { .. } => {
                if !*seeding {
                    *seeding = true;
                    lines.push(LogLine::PoolFilled);
                }
                continue;
            }
            Event::DraftCardDealt { .. } | Event::FavouriteDealt { .. } => continue,
            _ => {}
        }
        *seeding = false;
        lines.push(LogLine::Event(e.clone()));
    }
}

/// What happens at the table, said to a screen reader as it happens: a node of the
/// accessibility tree that holds the lines the log gained last (the newest few), marked as a
/// polite live region, so a reader speaks them when they change without moving from where
/// its user is. The log panel itself may be hidden; this is there all the same.
pub fn announce(ui: &mut egui::Ui, g: &Game) {
    let lines = g.replay.as_ref().map_or(&g.log, |r| &r.log);
    let key = egui::Id::unique("table-log-announced");
    // A table opened (a game started, resumed or replayed) says nothing of its past.
    let (seen, mut text) = ui
        .data(|d| d.get_temp::<(usize, String)>(key))
        .filter(|(seen, _)| *seen <= lines.len())
        .unwrap_or((lines.len(), String::new()));
    if lines.len() > seen {
        const MOST: usize = 6;
        let names = g.names();
        let from = seen.max(lines.len().saturating_sub(MOST));
        text = lines[from..]
            .iter()
            .map(|l| l.words(&g.m.state.comps, &names))
            .collect::<Vec<_>>()
            .join(" ");
    }
    ui.data_mut(|d| d.insert_temp(key, (lines.len(), text.clone())));
    live_region(ui, text);
}

/// A node of no size that a screen reader speaks when `text` changes, without moving from
/// where its user is (a polite live region).
pub fn live_region(ui: &mut egui::Ui, text: String) {
    let (_, r) = ui.allocate_exact_size(egui::Vec2::ZERO, egui::Sense::hover());
    // (A node only for a widget that tells what it is.)
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Status, true, &text));
    ui.ctx().accesskit_node_builder(r.id, |n| {
        n.set_label(text);
        n.set_live(egui::accesskit::Live::Polite);
    });
}
