//! The rules reference: our own words for every rule, organised as a player looks things up,
//! with pictures drawn by the app's own widgets and a search that filters the sections (in the
//! language shown, Chinese too). It opens as a screen from home, and beside any screen with F1
//! at the section that fits what the player is doing.

pub mod pictures;
pub mod text;

use super::{Command, ScreenKind, Shared, theme};
use crate::engine::board::SPACE_COUNT;
use crate::engine::state::SpaceDice;
use crate::i18n::tr;
use crate::trf;
use eframe::egui::{self, RichText};
pub use text::{SECTIONS, Section, SeeAlso, Topic, section};

/// The key that opens (and closes) the rules beside the screen.
pub const HELP_KEY: egui::Key = crate::app::keys::HELP.logical_key;

/// Below this height (in points) under its search box, the panel beside a screen lists its
/// sections in a drop-down.
const SHORT_PANEL: f32 = 480.0;

pub struct RulesScreen {
    pub topic: Topic,
    pub search: String,
    /// Scroll the chosen section into view on the next frame.
    scroll_to: bool,
    pool: Box<[SpaceDice; SPACE_COUNT]>,
}

impl Default for RulesScreen {
    fn default() -> RulesScreen {
        RulesScreen {
            topic: Topic::Overview,
            search: String::new(),
            scroll_to: false,
            pool: Box::new(pictures::sample_pool()),
        }
    }
}

/// Words a player may search for that the rules put otherwise: the printed rulebook's
/// spellings and terms, and the glossary's Chinese where the text words it another way.
const OTHER_WORDS: &[(&str, &[&str])] = &[
    ("color", &["colour"]),
    ("favorite", &["favourite"]),
    ("center", &["centre"]),
    ("supply", &["lid"]),
    ("leftover", &["undelivered"]),
    // The rulebook's "End of the game" is our "Final scoring".
    ("end", &["final"]),
    ("剩餘資源", &["剩餘骰子"]),
    ("供應區", &["遊戲盒蓋"]),
];

/// A word's stem, so that a singular finds the plural and back: "majority" and "majorities"
/// both give "majorit", "tokens" gives "token", "passes" gives "pass".
fn stem(word: &str) -> &str {
    let w = word;
    let ascii = w.bytes().all(|b| b.is_ascii_alphabetic());
    if !ascii || w.len() < 4 {
        return w;
    }
    if w.len() >= 5 && w.ends_with("ies") {
        &w[..w.len() - 3]
    } else if w.len() >= 6 && w.ends_with("ing") {
        // "scoring" and "score" both give "scor", "passing" and "pass" "pass".
        &w[..w.len() - 3]
    } else if w.len() >= 6 && w.ends_with("ed") {
        &w[..w.len() - 2]
    } else if w.len() >= 5 && w.ends_with('e') {
        &w[..w.len() - 1]
    } else if ["sses", "shes", "ches", "xes"]
        .iter()
        .any(|e| w.ends_with(e))
    {
        &w[..w.len() - 2]
    } else if (w.len() >= 5 && w.ends_with('y')) || (w.ends_with('s') && !w.ends_with("ss")) {
        &w[..w.len() - 1]
    } else {
        w
    }
}

/// The forms of a searched word to look for: its stem and the other words for it.
fn forms(word: &str) -> Vec<String> {
    let mut out = vec![stem(word).to_string()];
    for (key, others) in OTHER_WORDS {
        if stem(word) == stem(key) || (!key.is_ascii() && word.contains(key)) {
            out.extend(others.iter().map(|o| stem(o).to_string()));
        }
    }
    out
}

/// Does one of `texts` (lower case) hold every word of the query (in one of its forms)?
fn holds_all(texts: &[String], words: &[Vec<String>]) -> bool {
    words.iter().all(|forms| {
        forms
            .iter()
            .any(|f| texts.iter().any(|t| t.contains(f.as_str())))
    })
}

/// The query's words, each with its forms (none for a blank query).
fn query_words(query: &str) -> Vec<Vec<String>> {
    // The rulebook's "box lid" is one word here ("lid").
    // Small words ("end of the game") are not looked for: nearly every section holds them, or
    // none does in the words it was written with ("game" is in two titles, and ranked them
    // first).
    const SMALL: &[&str] = &[
        "a", "an", "the", "of", "to", "in", "on", "at", "for", "and", "or", "is", "are", "how",
        "what", "when", "do", "i", "my", "game",
    ];
    let lower = query.to_lowercase().replace("box lid", "lid");
    let words: Vec<&str> = lower.split_whitespace().collect();
    let big: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !SMALL.contains(w))
        .collect();
    // A query of small words alone is looked for as it is.
    let words = if big.is_empty() { words } else { big };
    words.into_iter().map(forms).collect()
}

/// The section's texts to search, in lower case: in the language shown and in English.
fn texts_of(section: &Section, title_only: bool) -> Vec<String> {
    let rest = section
        .paragraphs
        .iter()
        .copied()
        .chain(std::iter::once(section.caption).filter(|c| !c.is_empty()))
        .filter(|_| !title_only);
    std::iter::once(section.title)
        .chain(rest)
        .flat_map(|t| [tr(t), t])
        .map(str::to_lowercase)
        .collect()
}

/// Does `section` mention every word of `query` (in the language shown, or in English; a
/// singular finds a plural, and the rulebook's own words find ours)?
pub fn matches(section: &Section, query: &str) -> bool {
    holds_all(&texts_of(section, false), &query_words(query))
}

/// The sections the search leaves: those whose title holds more of the words first, then the
/// rest in their order.
pub fn found(query: &str) -> Vec<&'static Section> {
    let words = query_words(query);
    let mut hits: Vec<&'static Section> = SECTIONS
        .iter()
        .filter(|s| holds_all(&texts_of(s, false), &words))
        .collect();
    // Stable: among titles holding as many of the words, the sections' own order.
    hits.sort_by_key(|s| {
        let title = texts_of(s, true);
        std::cmp::Reverse(
            (words.iter())
                .filter(|w| holds_all(&title, std::slice::from_ref(w)))
                .count(),
        )
    });
    hits
}

impl RulesScreen {
    /// Shows `topic` (clearing a search that would hide it).
    pub fn open_at(&mut self, topic: Topic) {
        self.topic = topic;
        if !matches(section(topic), &self.search) {
            self.search.clear();
        }
        self.scroll_to = true;
    }

    /// The full screen, from home.
    pub fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> Option<Command> {
        let list_w = 250.0;
        let mut command = None;
        ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(
                egui::vec2(list_w, ui.available_height()),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_width(list_w);
                    self.search_box(ui, true);
                    ui.add_space(8.0);
                    egui::ScrollArea::vertical()
                        .id_salt("rules-list")
                        .show(ui, |ui| {
                            self.section_list(ui, true);
                            crate::app::scroll::follow_focus(ui);
                        });
                },
            );
            ui.separator();
            // A line a reader can follow, and never wider than what the window leaves.
            let w = ui.available_width().min(760.0);
            ui.vertical(|ui| {
                ui.set_max_width(w);
                command = self.content(ui, shared, true);
            });
        });
        command
    }

    /// The rules beside another screen (F1): search, sections and the text in one column.
    /// Returns true when the player closes it.
    pub fn panel(&mut self, ui: &mut egui::Ui, shared: &mut Shared) -> (bool, Option<Command>) {
        let mut close = false;
        let mut command = None;
        ui.horizontal(|ui| {
            crate::app::theme::heading(ui, RichText::new(tr("Rules")).heading().color(theme::GLOW));
            if ui
                .button(tr("Close"))
                .on_hover_text(tr("Close the rules (F1 or Esc)"))
                .clicked()
            {
                close = true;
            }
            if ui
                .button(tr("Rules on a full screen"))
                .on_hover_text(tr("Open the full rules screen"))
                .clicked()
            {
                command = Some(Command::Open(ScreenKind::Rules));
                close = true;
            }
        });
        self.search_box(ui, false);
        // In a short panel (a large text size), the sections are one drop-down: their
        // buttons had filled it, and the rule's text was cut to its heading.
        if ui.available_height() < SHORT_PANEL {
            self.section_menu(ui);
        } else {
            ui.horizontal_wrapped(|ui| self.section_list(ui, false));
        }
        ui.separator();
        if let Some(c) = self.content(ui, shared, false) {
            // A screen of the app opens in place of the one beside, the rules staying open.
            command = Some(c);
        }
        (close, command)
    }

    /// The search field. `type_to_search` (the rules screen): typing while no control has
    /// the keyboard goes into it, and the keyboard with it (Escape still goes home first).
    fn search_box(&mut self, ui: &mut egui::Ui, type_to_search: bool) {
        let typed: String = if type_to_search && crate::app::keys::keys_free(ui.ctx()) {
            ui.input(|i| {
                i.events
                    .iter()
                    .filter_map(|e| match e {
                        // "?" is the key list's key.
                        egui::Event::Text(t) if t != "?" => Some(t.as_str()),
                        _ => None,
                    })
                    .collect()
            })
        } else {
            String::new()
        };
        self.search.push_str(&typed);
        let r = ui.add(
            egui::TextEdit::singleline(&mut self.search)
                .hint_text(tr("e.g. majority, tie, tempest"))
                .desired_width(f32::INFINITY),
        );
        let name = tr("Search the rules");
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SearchInput, true, name));
        if !typed.is_empty() {
            r.request_focus();
        }
        // ↓ goes on to the sections found (it did nothing: Tab, then Enter on each).
        if r.has_focus() && ui.input(|i| i.key_pressed(egui::Key::ArrowDown)) {
            ui.data_mut(|d| d.insert_temp(first_hit_focus(), true));
        }
        if r.changed() || !typed.is_empty() {
            // Follow the search: the best section found is shown.
            if let Some(first) = found(&self.search).first() {
                self.topic = first.topic;
            }
        }
    }

    /// The sections (those the search finds) as one drop-down, for a short panel.
    fn section_menu(&mut self, ui: &mut egui::Ui) {
        let hits = found(&self.search);
        if hits.is_empty() {
            self.section_list(ui, false);
            return;
        }
        let now = section(self.topic);
        let shown = if hits.iter().any(|s| s.topic == self.topic) {
            tr(now.title)
        } else {
            tr("Choose a section")
        };
        let mut chosen = None;
        let r = egui::ComboBox::from_id_salt("rules-sections")
            .selected_text(shown)
            .width(ui.available_width().min(320.0))
            .show_ui(ui, |ui| {
                for s in &hits {
                    if ui
                        .selectable_label(self.topic == s.topic, tr(s.title))
                        .clicked()
                    {
                        chosen = Some(s.topic);
                    }
                }
            });
        r.response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, tr("Section")));
        if let Some(t) = chosen {
            self.topic = t;
            self.scroll_to = true;
        }
    }

    fn section_list(&mut self, ui: &mut egui::Ui, vertical: bool) {
        let hits = found(&self.search);
        if hits.is_empty() {
            ui.label(
                RichText::new(trf!(
                    "No section mentions “{query}”.",
                    query = self.search.trim()
                ))
                .color(theme::WARNING),
            );
            return;
        }
        let focus_first = ui
            .data_mut(|d| d.remove_temp::<bool>(first_hit_focus()))
            .unwrap_or(false);
        let mut focused_now = None;
        for (k, s) in hits.into_iter().enumerate() {
            let title = tr(s.title);
            let text = RichText::new(title).size(if vertical { 16.0 } else { 14.0 });
            // In the list, as wide as the list: a short title is no smaller a target.
            let mut button = egui::Button::selectable(self.topic == s.topic, text);
            if vertical {
                button = button
                    .min_size(egui::vec2(ui.available_width(), 0.0))
                    .right_text("");
            }
            let mut r = ui.add(button);
            // Named by the title alone (the empty right-hand text would add a space).
            let selected = self.topic == s.topic;
            r.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, title));
            if vertical {
                r = r.on_hover_text(tr(s.paragraphs[0]));
            }
            if k == 0 && focus_first {
                r.request_focus();
            }
            if r.clicked() {
                self.topic = s.topic;
                self.scroll_to = true;
            }
            if r.has_focus() {
                focused_now = Some(s.topic);
            }
        }
        // The keyboard moving through the list shows each section it comes to (with the
        // arrows or Tab; it had taken Enter on each). Followed by which button has it, frame
        // to frame: a move by the arrows is not told as focus gained.
        let kept = egui::Id::unique("rules-list-focus");
        let before = ui.data(|d| d.get_temp::<Option<Topic>>(kept)).flatten();
        if let Some(t) = focused_now
            && before != focused_now
            && self.topic != t
        {
            self.topic = t;
            self.scroll_to = true;
        }
        ui.data_mut(|d| d.insert_temp(kept, focused_now));
    }

    /// The section's text; `own_screen`: the Rules screen itself, rather than the panel beside
    /// another screen (which takes the page keys only while the keyboard or pointer is in it).
    /// The section's text, picture and links; a link to a screen answers with the command.
    fn content(
        &mut self,
        ui: &mut egui::Ui,
        shared: &mut Shared,
        own_screen: bool,
    ) -> Option<Command> {
        let s = section(self.topic);
        if !matches(s, &self.search) {
            return None;
        }
        let mut command = None;
        let scroll_to = std::mem::take(&mut self.scroll_to);
        // The scroll bar takes its own room rather than floating over the text: Chinese lines
        // fill the whole width, and their last character would sit under it.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical()
            .id_salt(("rules-text", self.topic as u8))
            .show(ui, |ui| {
                let h = crate::app::theme::heading(
                    ui,
                    RichText::new(tr(s.title)).heading().color(theme::GLOW),
                );
                if scroll_to {
                    h.scroll_to_me(Some(egui::Align::TOP));
                }
                ui.add_space(6.0);
                for p in s.paragraphs {
                    ui.label(RichText::new(tr(p)).size(theme::BODY_SIZE));
                    ui.add_space(6.0);
                }
                if let Some(picture) = s.picture {
                    ui.add_space(6.0);
                    let caption = tr(s.caption);
                    // A little room on the right, for the shores drawn around the board.
                    let width = ui.available_width() - 8.0;
                    pictures::draw(
                        ui,
                        picture,
                        &self.pool,
                        &shared.data.comps,
                        width,
                        caption,
                        shared.settings.glyphs,
                    );
                    ui.label(
                        RichText::new(trf!("Picture: {caption}", caption))
                            .small()
                            .color(theme::TEXT_DIM),
                    );
                }
                if !s.links.is_empty() {
                    ui.add_space(6.0);
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(tr("See also:")).color(theme::TEXT_DIM));
                        for link in s.links {
                            let (text, go) = match *link {
                                SeeAlso::Section(t) => (tr(section(t).title), None),
                                SeeAlso::Screen(k) => (k.title(), Some(k)),
                            };
                            let r = ui.link(text);
                            // A link draws no frame: the ring every other control shows.
                            if r.has_focus() {
                                crate::app::board::focus_ring_rect(
                                    ui.painter(),
                                    r.rect.expand(3.0),
                                    3.0,
                                );
                            }
                            if r.clicked() {
                                match (*link, go) {
                                    (SeeAlso::Section(t), _) => self.open_at(t),
                                    (_, Some(k)) => command = Some(Command::Open(k)),
                                    _ => {}
                                }
                            }
                        }
                    });
                }
                if own_screen {
                    crate::app::scroll::page(ui);
                } else {
                    crate::app::scroll::side_or_unfocused(ui);
                }
            });
        command
    }
}

/// Temporary data: the first section found takes the keyboard (↓ in the search field).
fn first_hit_focus() -> egui::Id {
    egui::Id::unique("rules-first-hit-focus")
}
