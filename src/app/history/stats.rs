//! The statistics view: one person's record in numbers (also written out for screen
//! readers) and plots — score over time, the spread of scores, the share of each scoring
//! line — two people head to head, and the history's records.

use super::HistoryScreen;
use crate::app::{Shared, theme};
use crate::history::{self, GameKind, HeadToHead, PersonStats};

/// Statistics worked out for a person (and a rival).
pub(super) struct Shown {
    person: String,
    rival: Option<String>,
    kind: GameKind,
    stats: Option<PersonStats>,
    versus: Option<(String, HeadToHead)>,
    /// The people the person played with: the only ones offered head to head.
    rivals: Vec<String>,
}
use crate::i18n::{Said, tr};
use crate::trf;
use eframe::egui::{self, RichText};
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints};

/// Games the statistics ask the list to show.
enum ShowGames {
    /// A record's game, by number.
    Game(i64),
    /// Two people's games together (the person shown, the rival).
    Together(String, String),
}

impl HistoryScreen {
    /// The page scrolls as one, its choices with it: at a large text size they took half the
    /// window above plots that scrolled in the strip left.
    /// History's games, when a record's game is asked for.
    pub(super) fn stats_ui(
        &mut self,
        ui: &mut egui::Ui,
        _shared: &mut Shared,
    ) -> Option<super::Command> {
        let mut show = None;
        egui::ScrollArea::vertical()
            .id_salt("stats")
            .show(ui, |ui| {
                show = self.stats_page(ui);
                crate::app::scroll::page(ui);
            });
        self.show_only(match show? {
            ShowGames::Game(game) => history::Filter {
                game: Some(game),
                ..Default::default()
            },
            ShowGames::Together(person, rival) => history::Filter {
                person: Some(person),
                with: Some(rival),
                ..Default::default()
            },
        });
        Some(super::Command::Open(super::super::ScreenKind::History))
    }

    /// The games the person asked to see: a record's, or two people's together.
    fn stats_page(&mut self, ui: &mut egui::Ui) -> Option<ShowGames> {
        self.load();
        if self.people.is_empty() {
            ui.label(RichText::new(tr("No games recorded yet.")).color(theme::TEXT_DIM));
            return None;
        }
        if self
            .person
            .as_ref()
            .is_none_or(|p| !self.people.contains(p))
        {
            // A person first: the AI players are there to compare with.
            self.person = self
                .people
                .iter()
                .find(|p| !crate::words::is_bot_person(p))
                .or(self.people.first())
                .cloned();
        }
        // Wrapped: at a large text size the two choices are wider than the window.
        ui.horizontal_wrapped(|ui| {
            ui.label(tr("Person"));
            let people = self.people.clone();
            let rivals = self
                .stats
                .as_ref()
                .filter(|s| Some(&s.person) == self.person.as_ref())
                .map(|s| s.rivals.clone())
                .unwrap_or_default();
            let r = egui::ComboBox::from_id_salt("stats-person")
                // One width whoever is chosen: the filters beside it stay put.
                .width(super::PERSON_WIDTH)
                .selected_text(super::fit_person(
                    ui,
                    &self
                        .person
                        .as_deref()
                        .map(crate::words::person_name)
                        .unwrap_or_default(),
                ))
                .show_ui(ui, |ui| {
                    let picked = super::people_rows(ui, &mut self.person, None, &people);
                    picked.is_some_and(|p| super::keyboard_list(ui, &p))
                });
            super::back_to_list(&r);
            super::named(&r.response, tr("Person"));
            ui.label(tr("Head to head with"));
            let r = egui::ComboBox::from_id_salt("stats-rival")
                // One width whoever is chosen: the filters beside it stay put.
                .width(super::PERSON_WIDTH)
                .selected_text(super::fit_person(
                    ui,
                    &self
                        .rival
                        .as_deref()
                        .map_or_else(|| tr("nobody").into(), crate::words::person_name),
                ))
                .show_ui(ui, |ui| {
                    // As in the list of people beside it (a letter had done nothing here).
                    let rivals = people.iter().filter(|p| rivals.contains(p));
                    let picked =
                        super::people_rows(ui, &mut self.rival, Some(tr("nobody")), rivals)
                            .expect("the row of nobody");
                    super::keyboard_list(ui, &picked)
                });
            super::back_to_list(&r);
            super::named(&r.response, tr("Head to head with"));
        });
        // A solo score is a net score, against the tempest: it can be kept apart from the
        // scores at a table.
        ui.horizontal_wrapped(|ui| {
            ui.label(tr("Games counted"));
            for k in GameKind::ALL {
                let r = ui.selectable_value(&mut self.stats_kind, k, kind_words(k));
                r.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::RadioButton,
                        true,
                        self.stats_kind == k,
                        kind_words(k),
                    )
                });
            }
        });
        self.rename_ui(ui);
        // Nobody is compared with themselves (a rival chosen before the person changed).
        if self.rival.is_some() && self.rival == self.person {
            self.rival = None;
        }
        let person = self.person.clone().unwrap_or_default();
        let rival = self.rival.clone();
        let fresh = self
            .stats
            .as_ref()
            .is_some_and(|s| s.person == person && s.rival == rival && s.kind == self.stats_kind);
        if !fresh {
            let kind = self.stats_kind;
            let h = self.db()?;
            // A database that fails here is explained as the list's would be (next frame),
            // not shown as a person without games.
            let read = history::person_stats_of(h, Some(&person), kind).and_then(|v| {
                let rivals = history::rivals(h, &person)?;
                // A rival chosen for another person, never met by this one, is let go.
                let versus = match rival.as_deref().filter(|r| rivals.iter().any(|x| x == r)) {
                    Some(r) => Some((r.to_string(), history::head_to_head(h, &person, r)?)),
                    None => None,
                };
                Ok((v.into_iter().next(), versus, rivals))
            });
            let (stats, versus, rivals) = match read {
                Ok(read) => read,
                Err(e) => {
                    self.fail(e);
                    return None;
                }
            };
            if versus.is_none() {
                self.rival = None;
            }
            self.stats = Some(Shown {
                person: person.clone(),
                rival: self.rival.clone(),
                kind: self.stats_kind,
                stats,
                versus,
                rivals,
            });
        }
        let Some(shown) = &self.stats else {
            return None;
        };
        let (Some(s), versus) = (shown.stats.clone(), shown.versus.clone()) else {
            // A person left with no games (the games deleted), or none of the kind picked:
            // said, not a blank page.
            let name = crate::words::person_name(&person);
            ui.label(match self.stats_kind {
                GameKind::All => trf!("{name} has no games recorded.", name),
                GameKind::Table => trf!("{name} has no games at a table recorded.", name),
                GameKind::Solo => trf!("{name} has no solo games recorded.", name),
            });
            return None;
        };
        // The records are the whole history's: read once until the next refresh, not again
        // for every person picked.
        if self.records.is_none() {
            let h = self.db()?;
            match history::records(h) {
                Ok(r) => self.records = Some(r),
                Err(e) => {
                    self.fail(e);
                    return None;
                }
            }
        }
        let records = self
            .records
            .as_ref()
            .map(crate::words::records_lines)
            .unwrap_or_default();
        let mut show = None;
        ui.vertical(|ui| {
            if !records.is_empty() {
                theme::card_frame().show(ui, |ui| {
                    ui.label(RichText::new(tr("Records")).strong().color(theme::GLOW));
                    // A game an AI won still counts for the people in it: said, so that a
                    // higher score of an AI's is not looked for here.
                    ui.label(
                        RichText::new(tr("The people's records: AI players are left out."))
                            .small()
                            .color(theme::TEXT_DIM),
                    );
                    // A record's game can be shown: "(game 12)" was a number found nowhere.
                    for (k, (line, game)) in records.iter().enumerate() {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(line);
                            if let Some(game) = *game {
                                let r = ui.small_button(trf!("Show game {game}", game));
                                self.focus_again(&r, super::Pressed::ShowRecord(k));
                                if r.clicked() {
                                    self.keep_focus(&r, super::Pressed::ShowRecord(k));
                                    show = Some(ShowGames::Game(game));
                                }
                            }
                        });
                    }
                });
                ui.add_space(8.0);
            }
            numbers(ui, &s);
            if let Some((rival, v)) = versus {
                ui.add_space(6.0);
                // The games they finished level are counted too: the counts had not added
                // up to the games together.
                let level = v.games.saturating_sub(v.first_ahead + v.second_ahead);
                let line = if level > 0 {
                    crate::i18n::n("Against {rival}: games together {games}; {name} ahead in {ahead}, {rival} ahead in {behind}, level in {level}; average {mine} to {theirs}.")
                } else {
                    crate::i18n::n("Against {rival}: games together {games}; {name} ahead in {ahead}, {rival} ahead in {behind}; average {mine} to {theirs}.")
                };
                let (rival_name, name) = (
                    crate::words::person_name(&rival),
                    crate::words::person_name(&s.name),
                );
                let (mine, theirs) = (
                    format!("{:.1}", v.first_average),
                    format!("{:.1}", v.second_average),
                );
                let said = crate::i18n::fill(
                    tr(line),
                    &[
                        ("rival", &rival_name),
                        ("games", &v.games),
                        ("name", &name),
                        ("ahead", &v.first_ahead),
                        ("behind", &v.second_ahead),
                        ("level", &level),
                        ("mine", &mine),
                        ("theirs", &theirs),
                    ],
                );
                ui.label(RichText::new(said).strong());

                // The games themselves, in the list (a count alone had been all).
                let r = ui.button(tr("Show their games together"));
                self.focus_again(&r, super::Pressed::ShowTogether);
                if r.clicked() {
                    self.keep_focus(&r, super::Pressed::ShowTogether);
                    show = Some(ShowGames::Together(s.name.clone(), rival.clone()));
                }
            }
            ui.add_space(8.0);
            plots(ui, &s);
        });
        show
    }

    /// The games' list with only the games `filter` lets through (a record's game, two
    /// people's together), the other filters cleared.
    fn show_only(&mut self, filter: history::Filter) {
        self.filter = history::Filter {
            limit: Some(super::PAGE),
            ..filter
        };
        self.from_text.clear();
        self.to_text.clear();
        self.to_top = true;
        self.refresh();
    }
}

impl HistoryScreen {
    /// Rename or merge the person shown: a typo, a nickname, or one player recorded under two
    /// names (another person's name merges the two). Not for an AI (kept under its level),
    /// nor in a file read without writing.
    fn rename_ui(&mut self, ui: &mut egui::Ui) {
        let Some(person) = self.person.clone() else {
            return;
        };
        if crate::words::is_bot_person(&person) || self.read_only {
            self.renaming = None;
            return;
        }
        let Some(text) = &mut self.renaming else {
            if ui
                .button(tr("Rename or merge…"))
                .on_hover_text(tr(
                    "Give this person another name; another person's name makes the two one person",
                ))
                .clicked()
            {
                self.renaming = Some(person.clone());
                self.status = None;
            }
            return;
        };
        let mut go = false;
        let mut cancel = false;
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(trf!(
                "New name for {name}:",
                name = crate::words::person_name(&person)
            ));
            let r = ui
                .add(
                    egui::TextEdit::singleline(text)
                        .char_limit(history::NAME_CHARS)
                        .desired_width(220.0),
                )
                .labelled_by(l.id);
            super::named(&r, tr("New name"));
            go = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            // The keyboard goes to the name when the row opens.
            if !r.lost_focus() && ui.memory(|m| m.focused().is_none()) {
                r.request_focus();
            }
            go |= ui.button(tr("Rename")).clicked();
            cancel = ui.button(tr("Cancel")).clicked();
        });
        ui.label(
            RichText::new(tr(
                "A name another person has already merges the two: all the games become that person's. Two names that played each other stay two people.",
            ))
            .small()
            .color(theme::TEXT_DIM),
        );
        if cancel {
            self.renaming = None;
        } else if go {
            let to = text.trim().to_string();
            let Some(h) = self.db() else { return };
            // An AI's name, in the reader's words ("AI Hard"), is the AI's: refused, as the
            // command line refuses it.
            let stored = crate::words::stored_person(&to);
            let path = h.path.clone();
            let done = h.rename_person(&person, &stored);
            self.status = Some(match done {
                Ok(r) => {
                    self.renaming = None;
                    if r != history::Renamed::Unchanged {
                        self.person = Some(to.clone());
                        // The games' list filtered on the old name follows it (it had
                        // shown no game, the old name gone from its box).
                        for name in [&mut self.filter.person, &mut self.filter.with] {
                            if name.as_deref() == Some(person.as_str()) {
                                *name = Some(stored.clone());
                            }
                        }
                        self.refresh();
                    }
                    let from = person.clone();
                    Said::new(move || crate::words::renamed(&r, &from, &to))
                }
                Err(e) => {
                    let from = person.clone();
                    Said::warning(Said::new(move || {
                        crate::words::rename_refused(&e, &from, &to, &path)
                    }))
                }
            });
        }
    }
}

/// The record in sentences (what a screen reader reads too).
fn numbers(ui: &mut egui::Ui, s: &PersonStats) {
    let (name, rate) = (
        crate::words::person_name(&s.name),
        format!("{:.0}", 100.0 * s.win_rate()),
    );
    let (average, best) = (format!("{:.1}", s.average), s.best);
    // Two bots of one level at a table are one person: their wins, plots and favourites
    // count seats (a game between three random bots is not a win in every game).
    let several = s.several_seats();
    let headline = if several {
        trf!(
            "{name}: games {games}, seats {seats}, seats won {wins} ({rate}%), average {average}, best {best}.",
            name,
            seats = s.seats,
            games = s.games,
            wins = s.seat_wins,
            rate,
            average,
            best
        )
    } else {
        trf!(
            "{name}: games {games}, wins {wins} ({rate}%), average {average}, best {best}.",
            name,
            games = s.games,
            wins = s.wins,
            rate,
            average,
            best
        )
    };
    crate::app::theme::heading(ui, RichText::new(headline).heading());
    if several {
        ui.label(
            RichText::new(trf!(
                "{name} held more than one seat in some games: the wins, the plots and the favourites count each seat.",
                name = crate::words::person_name(&s.name),
            ))
            .color(theme::TEXT_DIM),
        );
    }
    let by: Vec<String> = s
        .by_players
        .iter()
        .map(|(p, g, w)| {
            if *p == 1 {
                trf!("solo: {wins} of {games}", wins = *w, games = *g)
            } else if several {
                trf!(
                    "{players} players: {wins} of {seats} seats",
                    players = *p,
                    wins = *w,
                    seats = *g
                )
            } else {
                trf!(
                    "{players} players: {wins} of {games}",
                    players = *p,
                    wins = *w,
                    games = *g
                )
            }
        })
        .collect();
    ui.label(trf!("Wins by table size: {list}", list = by.join(tr("; "))));
    let [tokens, majorities, bonus, favourite, leftovers] = s.lines.map(|x| format!("{x:.1}"));
    // With solo games among them, what the tempest took: the lines less it are the average
    // above (which counts a solo game by its net score), where they had added up to more.
    ui.label(if s.tempest > 0.0 {
        trf!(
            "Average lines: tokens {tokens}, majorities {majorities}, jar bonus {bonus}, favourite {favourite}, leftovers {leftovers}, less the tempest's {tempest}.",
            tokens,
            majorities,
            bonus,
            favourite,
            leftovers,
            tempest = format!("{:.1}", s.tempest)
        )
    } else {
        trf!(
            "Average lines: tokens {tokens}, majorities {majorities}, jar bonus {bonus}, favourite {favourite}, leftovers {leftovers}.",
            tokens,
            majorities,
            bonus,
            favourite,
            leftovers
        )
    });
    if !s.favourites.is_empty() {
        let f: Vec<String> = s
            .favourites
            .iter()
            .map(|(c, g, avg)| {
                let name = crate::engine::DiceColour::ALL
                    .into_iter()
                    .find(|d| d.name() == c)
                    .map_or(c.clone(), |d| theme::dice_name(d).to_string());
                trf!(
                    "{colour} {games}× ({points} points)",
                    colour = name,
                    games = *g,
                    points = format!("{avg:.1}")
                )
            })
            .collect();
        ui.label(trf!(
            "Favourite colours and what they paid: {list}",
            list = f.join(tr("; "))
        ));
    }
}

/// The choice of games the statistics count, in words.
fn kind_words(k: GameKind) -> &'static str {
    match k {
        GameKind::All => tr("All"),
        GameKind::Table => tr("At a table (2–4 players)"),
        GameKind::Solo => tr("Solo (net scores)"),
    }
}

fn plots(ui: &mut egui::Ui, s: &PersonStats) {
    // Three abreast where they fit; in a narrow window (a large text size) one under another
    // (the third ran off the window's edge).
    let abreast = ui.available_width() >= 3.0 * 220.0 + 24.0;
    let w = if abreast {
        (ui.available_width() - 24.0) / 3.0
    } else {
        ui.available_width().min(480.0)
    };
    let layout = if abreast {
        egui::Layout::left_to_right(egui::Align::Min)
    } else {
        egui::Layout::top_down(egui::Align::Min)
    };
    ui.with_layout(layout, |ui| {
        ui.vertical(|ui| {
            ui.set_width(w);
            ui.label(RichText::new(tr("Score over time")).strong());
            let pts: PlotPoints = over_games(&s.scores).into_iter().collect();
            // Games from the first to the last, numbered on whole marks only (one game alone
            // had an axis from −1 to 3).
            let last = pts.points().iter().map(|q| q.x).fold(1.0, f64::max);
            Plot::new("stats-over-time")
                .height(200.0)
                .width(w)
                .include_x(0.5)
                .include_x(last + 0.5)
                .x_axis_formatter(|mark, _| game_mark(mark.value))
                // Some five marks on each axis, every 1, 2 or 5 times a power of ten (powers of
                // ten, or of five, had left one label on an axis: 10 points too close to say,
                // 100 past the scores).
                .x_grid_spacer(nice_marks(5.0))
                .y_grid_spacer(nice_marks(6.0))
                // Their games counted from the first, not the history's numbers of games.
                .x_axis_label(tr("their games, oldest first"))
                .y_axis_label(theme::side_label(tr("points")))
                .allow_scroll(false)
                .allow_zoom(false)
                .allow_drag(false)
                // Nothing to do with the keyboard on a picture: no Tab stop.
                .sense(egui::Sense::hover())
                .show(ui, |p| {
                    // Each game a point too: one game alone is no line.
                    let dots: PlotPoints = pts.points().iter().map(|q| [q.x, q.y]).collect();
                    p.line(
                        Line::new(s.name.clone(), pts).stroke(egui::Stroke::new(2.0, theme::GLOW)),
                    );
                    p.points(
                        egui_plot::Points::new(s.name.clone(), dots)
                            .radius(3.5)
                            .color(theme::GLOW),
                    );
                });
            // What the plot shows, in words (for a screen reader, and beside the picture).
            let last: Vec<String> = s
                .scores
                .iter()
                .rev()
                .take(10)
                .rev()
                .map(|(_, t, _)| t.to_string())
                .collect();
            let said = if last.len() == 1 {
                trf!("The one score: {score}", score = last[0])
            } else {
                trf!(
                    "The last {count} scores, oldest first: {scores}",
                    count = last.len(),
                    scores = crate::words::join_list(&last)
                )
            };
            ui.label(RichText::new(said).small().color(theme::TEXT_DIM));
            let solo = s.by_players.iter().any(|b| b.0 == 1);
            if solo && s.by_players.iter().any(|b| b.0 > 1) {
                ui.label(
                    RichText::new(tr(
                        "Solo games count here by their net score: choose \"At a table\" or \"Solo\" above to see them apart.",
                    ))
                    .small()
                    .color(theme::TEXT_DIM),
                );
            }
        });
        ui.vertical(|ui| {
            ui.set_width(w);
            ui.label(RichText::new(tr("Scores")).strong());
            let mut buckets = std::collections::BTreeMap::<i64, u32>::new();
            for (_, t, _) in &s.scores {
                *buckets.entry(t.div_euclid(5) * 5).or_default() += 1;
            }
            let bars: Vec<Bar> = buckets
                .iter()
                .map(|(b, c)| Bar::new(*b as f64 + 2.5, *c as f64).width(4.5))
                .collect();
            // Seats, for a bot level that held several at a table (see `numbers`).
            let counted = if s.several_seats() {
                tr("seats")
            } else {
                tr("games")
            };
            // The bars' edges on the axis's marks, five points apart: a bar of 50 to 54 sits
            // between 50 and 55 (a lone bar had been drawn over marks 51 to 54, as if it
            // counted none of 50).
            let (low, high) = spread_bounds(&buckets);
            Plot::new("stats-spread")
                .height(200.0)
                .width(w)
                .include_x(low)
                .include_x(high)
                .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [5.0, 10.0, 50.0]))
                // Numbers on the tens, closer together than a plot's axis allows by default
                // (only 0 and 50 were numbered).
                .custom_x_axes(vec![
                    egui_plot::AxisHints::new_x()
                        .label(tr("points"))
                        .label_spacing(24.0..=36.0),
                ])
                .y_axis_label(theme::side_label(counted))
                .allow_scroll(false)
                .allow_zoom(false)
                .allow_drag(false)
                // Nothing to do with the keyboard on a picture: no Tab stop.
                .sense(egui::Sense::hover())
                .show(ui, |p| {
                    p.bar_chart(BarChart::new(counted, bars).color(theme::GLOW))
                });
            let spread: Vec<String> = buckets
                .iter()
                // "−5 to −1": a dash between two numbers, one of them negative, read as a
                // subtraction ("-5—1").
                .map(|(b, c)| {
                    let minus = |n: i64| n.to_string().replace('-', "−");
                    trf!(
                        "{from} to {to}: {count}",
                        from = minus(*b),
                        to = minus(b + 4),
                        count = c
                    )
                })
                .collect();
            let said = if s.several_seats() {
                trf!(
                    "Seats by score: {spread}",
                    spread = crate::words::join_list(&spread)
                )
            } else {
                trf!(
                    "Games by score: {spread}",
                    spread = crate::words::join_list(&spread)
                )
            };
            ui.label(RichText::new(said).small().color(theme::TEXT_DIM));
        });
        ui.vertical(|ui| {
            ui.set_width(w);
            ui.label(RichText::new(tr("Where the points come from")).strong());
            let (names, values) = point_sources(s.lines, s.tempest);
            // Lying bars, each named at its left: five names side by side under upright
            // bars crowded each other out (some were dropped, two ran together).
            let last = names.len() - 1;
            let bars: Vec<Bar> = values
                .iter()
                .enumerate()
                .map(|(i, v)| Bar::new((last - i) as f64, *v).name(names[i]).width(0.7))
                .collect();
            Plot::new("stats-lines")
                .height(200.0)
                .width(w)
                .x_axis_label(tr("average points"))
                .x_grid_spacer(egui_plot::log_grid_spacer(5))
                .allow_scroll(false)
                .allow_zoom(false)
                .allow_drag(false)
                // Nothing to do with the keyboard on a picture: no Tab stop.
                .sense(egui::Sense::hover())
                .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
                .y_axis_formatter(move |m, _| {
                    let k = m.value.round();
                    if (m.value - k).abs() < 0.01 && (0.0..=last as f64).contains(&k) {
                        names[last - k as usize].to_string()
                    } else {
                        String::new()
                    }
                })
                .show(ui, |p| {
                    p.bar_chart(
                        BarChart::new(tr("average"), bars)
                            .horizontal()
                            .color(theme::SAND),
                    )
                });
        });
    });
}

/// The bars of "Where the points come from": each scoring line's average, named, and with
/// solo games among them what the tempest took, below zero, so that the bars add up to the
/// average (it had been in the sentence under the charts only).
fn point_sources(lines: [f64; 5], tempest: f64) -> (Vec<&'static str>, Vec<f64>) {
    let mut names = vec![
        tr("tokens"),
        tr("majorities"),
        tr("jar bonus"),
        tr("favourite"),
        tr("leftovers"),
    ];
    let mut values = lines.to_vec();
    if tempest > 0.0 {
        names.push(tr("the tempest"));
        values.push(-tempest);
    }
    (names, values)
}

/// Grid marks for about `count` labels across an axis of whole numbers (games, points),
/// every 1, 2 or 5 times a power of ten, never less than 1 apart (halves had been labelled
/// "6, 6, 6" once rounded).
pub(crate) fn nice_marks(count: f64) -> impl Fn(egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    move |input| {
        let (low, high) = input.bounds;
        let raw = ((high - low) / count).max(input.base_step_size).max(1.0);
        let power = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0]
            .into_iter()
            .map(|m| m * power)
            .find(|&s| s >= raw)
            .unwrap_or(10.0 * power);
        let (first, last) = ((low / step).ceil() as i64, (high / step).floor() as i64);
        (first..=last)
            .map(|k| egui_plot::GridMark {
                value: k as f64 * step,
                step_size: step,
            })
            .collect()
    }
}

/// The number of a mark on the axis of games: whole games only, from 1.
fn game_mark(v: f64) -> String {
    if v >= 1.0 && v.fract() == 0.0 {
        format!("{v}")
    } else {
        String::new()
    }
}

/// The points axis of the spread of scores, from the lowest bucket's start to the end of the
/// highest (buckets of five points, by their first).
fn spread_bounds(buckets: &std::collections::BTreeMap<i64, u32>) -> (f64, f64) {
    match (buckets.keys().next(), buckets.keys().next_back()) {
        (Some(&low), Some(&high)) => (low as f64, high as f64 + 5.0),
        _ => (0.0, 5.0),
    }
}

/// The points of "Score over time": (the game's place among the person's games, the score).
/// A bot level's seats of one game share its place, so the axis counts games.
fn over_games(scores: &[(i64, i64, i64)]) -> Vec<[f64; 2]> {
    let mut nth = 0;
    let mut last_game = None;
    scores
        .iter()
        .map(|&(_, total, game)| {
            if last_game != Some(game) {
                nth += 1;
                last_game = Some(game);
            }
            [nth as f64, total as f64]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{game_mark, nice_marks, spread_bounds};

    #[test]
    fn the_axes_mark_whole_games_and_whole_buckets() {
        assert_eq!(game_mark(1.0), "1");
        assert_eq!(game_mark(12.0), "12");
        for v in [-1.0, 0.0, 0.5, 1.5] {
            assert_eq!(game_mark(v), "", "{v}");
        }
        // One score of 50: its bucket runs from 50 to 55 on the axis.
        let one = std::collections::BTreeMap::from([(50, 1)]);
        assert_eq!(spread_bounds(&one), (50.0, 55.0));
        let two = std::collections::BTreeMap::from([(-5, 1), (40, 2)]);
        assert_eq!(spread_bounds(&two), (-5.0, 45.0));
    }

    #[test]
    fn the_tempest_is_a_bar_below_zero_with_solo_games_among_them() {
        let lines = [20.0, 8.0, 3.0, 4.0, 1.0];
        let (names, values) = super::point_sources(lines, 6.5);
        assert_eq!(names.len(), 6);
        assert_eq!(names[5], "the tempest");
        assert_eq!(values[5], -6.5);
        assert_eq!(values.iter().sum::<f64>(), 29.5);
        // At a table only: the five lines.
        let (names, values) = super::point_sources(lines, 0.0);
        assert_eq!((names.len(), values), (5, lines.to_vec()));
    }

    #[test]
    fn seats_of_one_game_share_its_place_on_the_axis() {
        let scores = [(5, 30, 7), (5, 41, 7), (9, 22, 8)];
        assert_eq!(
            super::over_games(&scores),
            vec![[1.0, 30.0], [1.0, 41.0], [2.0, 22.0]]
        );
    }

    fn marks(count: f64, low: f64, high: f64) -> Vec<f64> {
        nice_marks(count)(egui_plot::GridInput {
            bounds: (low, high),
            base_step_size: 0.01,
        })
        .into_iter()
        .map(|m| m.value)
        .collect()
    }

    /// Some marks on every axis, at round numbers: 450 games had had one label ("125").
    #[test]
    fn an_axis_has_a_few_round_marks_whatever_its_span() {
        assert_eq!(marks(5.0, 0.5, 450.5), [100.0, 200.0, 300.0, 400.0]);
        assert_eq!(marks(5.0, 0.5, 150.5), [50.0, 100.0, 150.0]);
        assert_eq!(marks(5.0, 0.5, 12.5), [5.0, 10.0]);
        assert_eq!(marks(5.0, 0.5, 9.5), [2.0, 4.0, 6.0, 8.0]);
        assert_eq!(marks(6.0, -12.0, 81.0), [0.0, 20.0, 40.0, 60.0, 80.0]);
        // A narrow span of scores: whole points, never halves.
        assert_eq!(marks(6.0, 4.6, 7.4), [5.0, 6.0, 7.0]);
    }
}
