//! Names from the history: the people already recorded, offered under a player's name field
//! as they type (arrow keys to choose, Enter to take, or a click). A name that is not there
//! yet becomes a new person when the result is saved.

use super::*;
use std::sync::mpsc;

/// Most names offered at once.
const SHOWN: usize = 8;

/// The people in the history, loaded once on a worker thread (the database may be busy).
#[derive(Default)]
pub(super) enum People {
    #[default]
    NotAsked,
    Loading(mpsc::Receiver<Vec<String>>),
    Ready(Vec<String>),
}

impl People {
    /// Starts loading the first time there is a database; picks up the answer when it came.
    pub(super) fn poll(&mut self, db: Option<&std::path::Path>, ctx: &egui::Context) {
        match self {
            People::NotAsked => {
                let Some(db) = db.map(|d| d.to_path_buf()) else {
                    *self = People::Ready(Vec::new());
                    return;
                };
                let (tx, rx) = mpsc::channel();
                let ctx = ctx.clone();
                std::thread::spawn(move || {
                    let _ = tx.send(known_people(&db));
                    ctx.request_repaint();
                });
                *self = People::Loading(rx);
            }
            People::Loading(rx) => match rx.try_recv() {
                Ok(list) => *self = People::Ready(list),
                Err(mpsc::TryRecvError::Disconnected) => *self = People::Ready(Vec::new()),
                Err(mpsc::TryRecvError::Empty) => {}
            },
            People::Ready(_) => {}
        }
    }

    /// After a save: the names just saved are people now.
    pub(super) fn add(&mut self, names: &[String]) {
        if let People::Ready(list) = self {
            for n in names {
                if !n.trim().is_empty() && !list.iter().any(|p| p == n) {
                    list.push(n.clone());
                }
            }
            list.sort_by_key(|n| n.to_lowercase());
        }
    }

    /// The people whose name contains `typed` (any case), the one typed exactly left out.
    pub(super) fn matching(&self, typed: &str) -> Vec<String> {
        let People::Ready(list) = self else {
            return Vec::new();
        };
        let typed = typed.trim();
        let low = typed.to_lowercase();
        list.iter()
            .filter(|p| p.as_str() != typed && p.to_lowercase().contains(&low))
            .take(SHOWN)
            .cloned()
            .collect()
    }
}

/// The people of the history at `db` who are not bots; none when it cannot be read (the
/// History screen is where such a problem is explained).
fn known_people(db: &std::path::Path) -> Vec<String> {
    if !db.exists() {
        return Vec::new();
    }
    crate::history::History::open_read_only(db)
        .and_then(|h| h.people())
        .map(|list| {
            list.into_iter()
                .filter(|(_, bot)| bot.is_none())
                .map(|(n, _)| n)
                .collect()
        })
        .unwrap_or_default()
}

/// Which names are on offer, and which one the arrow keys have chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Offer {
    /// The player whose name field they are for.
    pub col: usize,
    pub chosen: Option<usize>,
    /// The pointer is over the list (it stays open while the field loses the focus to a click).
    pub hovered: bool,
}

impl CalculatorScreen {
    /// The names on offer under player `col`'s name field `field`, as a list that follows the
    /// field. Returns the name taken this frame.
    pub(super) fn offer_names(
        &mut self,
        ui: &mut egui::Ui,
        col: usize,
        field: &egui::Response,
    ) -> Option<String> {
        let mine = self.offer.filter(|o| o.col == col);
        let open_before =
            mine.is_some_and(|o| field.has_focus() || field.lost_focus() || o.hovered);
        let matches = self.people.matching(&self.sheet.players[col].name);
        if !(field.has_focus() || open_before) || matches.is_empty() {
            if mine.is_some() {
                self.offer = None;
            }
            return None;
        }
        let mut offer = mine.unwrap_or(Offer {
            col,
            chosen: None,
            hovered: false,
        });
        if field.changed() {
            offer.chosen = None;
        }
        if field.has_focus() {
            let (down, up) = ui.input_mut(|i| {
                (
                    i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
                    i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
                )
            });
            if down {
                offer.chosen = Some(offer.chosen.map_or(0, |k| (k + 1).min(matches.len() - 1)));
            }
            if up {
                offer.chosen = offer.chosen.and_then(|k| k.checked_sub(1));
            }
        }
        let mut taken = None;
        if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            taken = offer.chosen.and_then(|k| matches.get(k).cloned());
        }
        let shown = egui::Popup::from_response(field)
            .id(field.id.with("people"))
            .open(taken.is_none())
            .close_behavior(egui::PopupCloseBehavior::IgnoreClicks)
            .accessible_name(tr("People in the history"))
            .show(|ui| {
                ui.label(RichText::new(tr("From the history:")).color(theme::TEXT_DIM));
                for (k, name) in matches.iter().enumerate() {
                    let r = ui.add(egui::Button::selectable(
                        offer.chosen == Some(k),
                        name.as_str(),
                    ));
                    if r.clicked() {
                        taken = Some(name.clone());
                    }
                }
            });
        offer.hovered = shown.is_some_and(|s| s.response.contains_pointer());
        self.offer = (taken.is_none() && (field.has_focus() || offer.hovered)).then_some(offer);
        if let Some(name) = &taken {
            self.sheet.players[col].name = name.clone();
        }
        taken
    }
}
