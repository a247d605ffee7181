//! The decision panel: what the seat to act is asked, and the jar to store a die on.

use super::*;

/// "AI Easy": a bot seat's level, in the current language and worded as the lobby and the
/// set-up word it (a think time such as `hard:250ms` is not shown).
pub(super) fn ai_level(level: &str) -> String {
    trf!(
        "AI {level}",
        level = crate::app::game::bot_level_name(level)
    )
}

pub(super) fn card_name(comps: &Components, c: CardId) -> String {
    comps.card_label(c)
}

pub(super) fn decision_panel(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    glyphs: bool,
    now: f64,
    out: &mut Out,
) {
    let comps = obs.comps.clone();
    // A line said while a person decides goes beside the Hint button, in a row that is there
    // whether or not a line is: it had come above the choices and pushed them down, under
    // the pointer about to click one.
    let deciding = g.human_to_act().is_some();
    // While the others play, whose move it is comes first, "Skip ahead" beside it: under a
    // delivery's card or the round's news it had moved down as they came, from under the
    // pointer about to press it.
    let said_above = if deciding {
        Vec::new()
    } else {
        waiting_card(ui, g, &comps)
    };
    if let Some(m) = g.message.as_ref().filter(|_| !deciding) {
        ui.label(RichText::new(m.text()).color(theme::TEXT_DIM));
    }
    // The round's news, but not a line the others' moves say just above (the round's end
    // and start had been said twice, one card over the other).
    let notes: Vec<&crate::engine::Event> =
        g.notes.iter().filter(|n| !said_above.contains(n)).collect();
    if !notes.is_empty() {
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            for n in notes {
                ui.label(RichText::new(n.describe(&comps, &|s| g.name(s))).small());
            }
        });
        ui.add_space(4.0);
    }
    // A delivery the others' moves say just above is not said again (the AI's delivery had
    // been in both cards).
    if let Some(d) = g.last_delivery.as_ref().filter(|d| !said_above.contains(d)) {
        theme::card_frame()
            .stroke(Stroke::new(1.5, theme::GOOD))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new(d.describe(&comps, &|s| g.name(s))).color(theme::GOOD));
            });
        ui.add_space(4.0);
    }
    let Some(s) = g.human_to_act() else {
        return;
    };
    others_moves_from(ui, g, Some(s));
    // The hint and the decision keep their widgets' ids whatever is shown above them (a
    // message, notes, a delivery, a hint that comes or goes): ids counted from the top would
    // change, and the keyboard would lose the control it was on.
    stable(ui, "hint-bar", |ui| hint_bar(ui, g, &comps, now, out));
    let me = g.name(s);
    let legal = g.m.state.legal_actions();
    // Digit keys choose among the buttons of a decision (not while diving: there they call
    // the number), once the question has been up a moment (asked every frame, so that the
    // pause runs from when it came).
    let ready = digits_ready(ui, (g.m.record.actions.len(), s), obs.decision, now);
    let digit = if obs.decision == Decision::Dive {
        None
    } else {
        digit_pressed(ui).filter(|_| ready)
    };
    // The first Tab while nothing has the keyboard goes to the decision's first choice (for a
    // dive, the board takes it), rather than to the top of the window.
    // A new question, for someone on the keyboard (whose last choice went with its button):
    // the keyboard goes to its first choice too. Nothing had it, and the next key did nothing.
    let asked = (g.m.record.actions.len(), s);
    let seen = egui::Id::unique("decision-asked");
    let new_question = ui.data(|d| d.get_temp(seen)) != Some(asked);
    ui.data_mut(|d| d.insert_temp(seen, asked));
    let on_keys = new_question && crate::app::keys::keyboard_in_use(ui.ctx());
    if obs.decision != Decision::Dive
        && !out.card_first
        && crate::app::keys::shortcuts_free(ui.ctx())
        && (on_keys || crate::app::keys::first_tab(ui.ctx()))
    {
        ui.data_mut(|d| d.insert_temp(egui::Id::unique(FIRST_CHOICE), true));
    }
    stable(ui, "decision-card", |ui| {
        theme::card_frame()
            .stroke(Stroke::new(1.5, theme::GLOW))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                match obs.decision {
                    Decision::Draft => {
                        crate::app::theme::heading(ui, RichText::new(trf!("{name}: jar draft", name = me)).heading());
                        ui.label(tr(
                            "Keep two of these three jar cards: choose the one to set aside (click, or key 1, 2 or 3).",
                        ));
                        // The buttons (and the hints, the log) name a card by its spaces'
                        // letters: what they stand for, where a letter is not the colour's
                        // own first sign (in English, "OOGPBB").
                        if let Some(legend) = letters_legend() {
                            ui.label(RichText::new(legend).small().color(theme::TEXT_DIM));
                        }
                        if let Some(own) = &obs.own {
                            for (i, c) in own.draft.iter().flatten().enumerate() {
                                ui.horizontal(|ui| {
                                    jar_card(ui, &comps, *c, None, tr("Draft card"), None);
                                    let label =
                                        trf!("Set aside {card}", card = card_name(&comps, *c));
                                    let r = ui.button(&label).on_hover_text(key_hint(i + 1));
                                    // The name keeps the card's letters, as the button shows
                                    // them (speech input says what it sees); the card's spaces
                                    // are said in words after it.
                                    let words = super::widgets::jar_words(&comps, *c, None);
                                    ui.ctx().accesskit_node_builder(r.id, |node| {
                                        node.set_description(words)
                                    });
                                    takes_first_tab(ui, &r);
                                    if r.clicked() || digit == Some(i + 1) {
                                        out.action = Some(Action::Draft { set_aside: *c });
                                    }
                                });
                            }
                        }
                    }
                    Decision::Dive => dive_panel(ui, g, obs, &me, glyphs, out),
                    Decision::Store { colour } => {
                        crate::app::theme::heading(ui,
                            RichText::new(trf!(
                                "{name}: store one {colour} die",
                                name = me,
                                colour = colour.label()
                            ))
                            .heading(),
                        );
                        ui.label(tr(
                        "Both jars have room for it: choose the jar that receives it (click, or \
                         key 1 or 2).",
                    ));
                        // What the dive brought that is still to be placed, this die among them.
                        if obs.hand.iter().any(|&n| n > 0) {
                            ui.horizontal_wrapped(|ui| {
                                ui.label(
                                    RichText::new(tr("The dive's dice not placed yet:"))
                                        .color(theme::TEXT_DIM),
                                );
                                counts_in_words(ui, &obs.hand);
                            });
                        }
                        jar_choice(ui, &comps, obs, s, &legal, digit, out, |slot| {
                            (
                                Action::Store { colour, slot },
                                trf!("Store in jar {slot}", slot = slot + 1),
                            )
                        });
                    }
                    Decision::PassOffer { dice, lap } => {
                        crate::app::theme::heading(ui, RichText::new(trf!("{name}: passed dice", name = me)).heading());
                        if lap > 1 {
                            ui.label(
                                RichText::new(trf!(
                                    "{lap}: somebody placed a die last time, so the dice left go \
                                 round the table again.",
                                    lap = theme::capitalised(&lap_words(lap))
                                ))
                                .strong()
                                .color(theme::GLOW),
                            );
                        }
                        ui.label(trf!(
                            "{name} could not store every die collected. Still being passed: \
                         {dice}. You may place one of them, or take none.",
                            name = g.name(obs.active),
                            dice = describe_counts(&dice)
                        ));
                        ui.label(
                            RichText::new(tr(
                                "Click a choice, or press its number: 1 for the first, 2 for the next…",
                            ))
                            .small()
                            .color(theme::TEXT_DIM),
                        );
                        ui.horizontal_wrapped(|ui| {
                            for (i, a) in legal.iter().enumerate() {
                                // In the die's colour, its glyph too (it had been white).
                                let label = match a {
                                    Action::Take { colour, slot } => RichText::new(trf!(
                                        "Take {colour} into jar {slot}",
                                        colour = theme::dice_label(*colour, glyphs),
                                        slot = slot + 1
                                    ))
                                    .color(theme::dice_colour(*colour)),
                                    _ => RichText::new(tr("Take none")),
                                };
                                let r = ui.button(label).on_hover_text(key_hint(i + 1));
                                takes_first_tab(ui, &r);
                                if r.clicked() || digit == Some(i + 1) {
                                    out.action = Some(*a);
                                }
                            }
                        });
                    }
                    Decision::DeliverOrder => {
                        crate::app::theme::heading(ui, RichText::new(trf!("{name}: deliver", name = me)).heading());
                        ui.label(tr(
                            "Both your jars are full. Which do you deliver first? (Click, or key 1 \
                         or 2.)",
                        ));
                        jar_choice(ui, &comps, obs, s, &legal, digit, out, |slot| {
                            (
                                Action::Deliver { slot },
                                trf!("Deliver jar {slot} first", slot = slot + 1),
                            )
                        });
                    }
                    Decision::ChoosePile => {
                        // Which jar it replaces: two jars delivered in a turn give two of
                        // these one after the other, which would otherwise look the same (as
                        // if the first key had been lost).
                        let slot = obs
                            .players
                            .get(s as usize)
                            .and_then(|p| p.jars.iter().position(|j| j.is_none()));
                        let heading = match slot {
                            Some(k) => trf!(
                                "{name}: a new jar in place of jar {number}",
                                name = me,
                                number = k + 1
                            ),
                            None => trf!("{name}: a new jar", name = me),
                        };
                        crate::app::theme::heading(ui, RichText::new(heading).heading());
                        ui.label(tr(
                            "Take the top card of a pile as your new jar (click, or the pile's \
                         number key).",
                        ));
                        ui.horizontal_wrapped(|ui| {
                            for a in &legal {
                                if let Action::TakePile { pile } = a
                                    && let Some(top) = obs.piles[*pile as usize].top
                                {
                                    let number = *pile as usize + 1;
                                    // A card in a column of its own is not wrapped by egui: on
                                    // to the next row when it would not fit (wide cards on every
                                    // pile pushed the players' column off the window).
                                    let width = jar_card_width(&comps, top);
                                    if ui.available_size_before_wrap().x < width {
                                        ui.end_row();
                                    }
                                    ui.vertical(|ui| {
                                        ui.label(
                                            RichText::new(trf!("Pile {pile}", pile = number))
                                                .small(),
                                        );
                                        let r = jar_card(
                                            ui,
                                            &comps,
                                            top,
                                            None,
                                            &trf!("Take pile {pile}", pile = number),
                                            Some(Some(number)),
                                        );
                                        takes_first_tab(ui, &r);
                                        if r.clicked() || digit == Some(number) {
                                            out.action = Some(*a);
                                        }
                                    });
                                }
                            }
                        });
                        // The key of an empty pile (1 to 4) says so: it did nothing, silently.
                        if let Some(n) = digit.filter(|&n| (1..=obs.piles.len()).contains(&n))
                            && out.action.is_none()
                        {
                            g.message = Some(crate::i18n::Said::new(move || {
                                trf!("Pile {pile} is empty: choose another.", pile = n)
                            }));
                        }
                    }
                    Decision::SoloKeep { .. } => {
                        crate::app::theme::heading(ui, RichText::new(trf!("{name}: a new jar", name = me)).heading());
                        ui.label(tr(
                            "Keep one of the two cards; the other goes to the bottom of the deck.",
                        ));
                        let keeps = legal
                            .iter()
                            .filter(|a| matches!(a, Action::SoloKeep { .. }));
                        for (i, a) in keeps.enumerate() {
                            if let Action::SoloKeep { card } = a {
                                ui.horizontal(|ui| {
                                    jar_card(ui, &comps, *card, None, tr("Drawn card"), None);
                                    let r = ui
                                        .button(trf!(
                                            "Keep {card}",
                                            card = card_name(&comps, *card)
                                        ))
                                        .on_hover_text(key_hint(i + 1));
                                    takes_first_tab(ui, &r);
                                    if r.clicked() || digit == Some(i + 1) {
                                        out.action = Some(*a);
                                    }
                                });
                            }
                        }
                    }
                    Decision::Chance(_) | Decision::GameOver => {}
                }
            })
    });
    // Asked for, and no choice drawn to take it: it does not wait for a later frame.
    ui.data_mut(|d| d.remove_temp::<bool>(egui::Id::unique(FIRST_CHOICE)));
    let _ = now;
}

/// Draws `add` in a part of the screen whose widgets' ids hang on `name` alone, not on how
/// many widgets came before it in `ui`.
pub(super) fn stable<R>(ui: &mut egui::Ui, name: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let id = ui.scope_id().with(name);
    ui.scope_builder(egui::UiBuilder::new().scope_id(id), add)
        .inner
}

/// The first Tab of a decision is for its first choice (see `decision_panel`).
const FIRST_CHOICE: &str = "first-choice";

/// Gives `r` the keyboard if it is the decision's first choice and the first Tab asked for it.
fn takes_first_tab(ui: &egui::Ui, r: &egui::Response) {
    if ui
        .data_mut(|d| d.remove_temp::<bool>(egui::Id::unique(FIRST_CHOICE)))
        .unwrap_or(false)
    {
        r.request_focus();
    }
}

/// The diver's jars as buttons, for the legal slots; key 1 or 2 chooses the slot.
#[allow(clippy::too_many_arguments)]
pub(super) fn jar_choice(
    ui: &mut egui::Ui,
    comps: &Components,
    obs: &Observation,
    s: Seat,
    legal: &[Action],
    digit: Option<usize>,
    out: &mut Out,
    make: impl Fn(u8) -> (Action, String),
) {
    ui.horizontal(|ui| {
        for slot in 0..2u8 {
            let (a, label) = make(slot);
            if !legal.contains(&a) {
                continue;
            }
            if let Some(j) = &obs.players[s as usize].jars[slot as usize] {
                let number = slot as usize + 1;
                ui.vertical(|ui| {
                    ui.label(RichText::new(trf!("Jar {slot}", slot = number)).small());
                    let r = jar_card(ui, comps, j.card, Some(j), &label, Some(Some(number)));
                    takes_first_tab(ui, &r);
                    if r.clicked() || digit == Some(number) {
                        out.action = Some(a);
                    }
                });
            }
        }
    });
}

/// "The letters are the spaces' colours: O orange, G green, P purple, B blue", or `None` where
/// each letter is the start of its colour's name already (as in Chinese, 橙 for 橙色).
fn letters_legend() -> Option<String> {
    use crate::engine::DiceColour;
    let pairs: Vec<String> = DiceColour::ALL
        .iter()
        .map(|&c| (crate::words::letter_label(c), c.label()))
        .filter(|(letter, name)| !name.starts_with(letter))
        .map(|(letter, name)| format!("{letter} {name}"))
        .collect();
    (!pairs.is_empty()).then(|| {
        trf!(
            "The letters are the spaces' colours: {pairs}.",
            pairs = crate::words::join_list(&pairs)
        )
    })
}

/// How long digit keys wait after a question of another kind replaces the last one.
const DIGIT_PAUSE: f64 = 0.5;

/// Whether a digit key may choose in `decision`, asked at `key` (the game's length and the
/// seat): not within `DIGIT_PAUSE` of it replacing a question of another kind. A "2" meant for
/// the next die of a store had chosen pile 2, the dice having gone in on their own and a jar
/// delivered between the two keys.
fn digits_ready(ui: &egui::Ui, key: (usize, Seat), decision: Decision, now: f64) -> bool {
    #[derive(Clone, Copy)]
    struct Asked {
        key: (usize, Seat),
        kind: std::mem::Discriminant<Decision>,
        since: f64,
        changed: bool,
    }
    let id = egui::Id::unique("digit-question");
    let kind = std::mem::discriminant(&decision);
    let asked = ui.data_mut(|d| {
        let last = d.get_temp::<Asked>(id);
        let asked = match last {
            Some(a) if a.key == key => a,
            _ => Asked {
                key,
                kind,
                since: now,
                changed: last.is_some_and(|a| a.kind != kind),
            },
        };
        d.insert_temp(id, asked);
        asked
    });
    !asked.changed || now - asked.since >= DIGIT_PAUSE
}

/// Whose move it is while nobody at this screen decides, what the others have done since this
/// screen's last decision, and (not online) "Skip ahead" on the first row. Returns the events
/// it said.
fn waiting_card(ui: &mut egui::Ui, g: &mut Game, comps: &Components) -> Vec<crate::engine::Event> {
    // H online while another decides: said, as at one's own turn (it did nothing).
    if g.online.is_some()
        && crate::app::keys::shortcuts_free(ui.ctx())
        && ui.input(|i| i.key_pressed(super::hint::HINT_KEY))
    {
        g.message = Some(crate::i18n::Said::new(|| {
            tr("No hints in a game played online.").to_string()
        }));
    }
    let from = others_moves_from(ui, g, None);
    // Online, with the connection to the host gone (the strip above says why), nobody's
    // move is coming: "Alice's move…" had stayed under "The host closed the game".
    let gone = g.online.as_ref().is_some_and(|o| o.link.is_closed());
    let Some(s) = g.to_act().filter(|_| !gone) else {
        return Vec::new();
    };
    let said = theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            if g.thinking().is_some() {
                ui.label(trf!("{name} is thinking…", name = g.name(s)));
            } else {
                ui.label(trf!("{name}'s move…", name = g.name(s)));
            }
            if g.online.is_none() {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let skip = ui
                        .button(tr("Skip ahead"))
                        .on_hover_text(tr("Show the AI moves without waiting"));
                    // The first Tab while nothing has the keyboard comes here (it had gone
                    // to "← Home" at the window's top).
                    if crate::app::keys::shortcuts_free(ui.ctx())
                        && crate::app::keys::first_tab(ui.ctx())
                    {
                        skip.request_focus();
                    }
                    if skip.clicked() {
                        g.skip_ai = true;
                    }
                });
            }
        });
        others_moves(ui, g, comps, from)
    });
    ui.add_space(4.0);
    said.inner
}

/// Where the others' moves begin in the log, and whose they are not: while a person at this
/// screen decides (`deciding`), the log's end and their seat, kept for the frames that follow
/// nobody's decision here. (Kept from the first such frame, an online table had found the
/// AIs' moves already in the log, come with the host's answer, and said none of them.)
fn others_moves_from(ui: &egui::Ui, g: &Game, deciding: Option<Seat>) -> (usize, Option<Seat>) {
    let key = egui::Id::unique("others-moves-from");
    if let Some(s) = deciding {
        ui.data_mut(|d| d.insert_temp(key, (g.log.len(), Some(s))));
        return (g.log.len(), Some(s));
    }
    let from = ui
        .data(|d| d.get_temp::<(usize, Option<Seat>)>(key))
        .filter(|&(at, _)| at <= g.log.len())
        .unwrap_or((g.log.len(), None));
    ui.data_mut(|d| d.insert_temp(key, from));
    from
}

/// The seat whose own decision an event records (its dive, its store, a die it took…).
fn decided_by(e: &crate::engine::Event) -> Option<Seat> {
    match e {
        crate::engine::Event::DraftChosen { seat, .. }
        | crate::engine::Event::Dived { seat, .. }
        | crate::engine::Event::Stored { seat, .. }
        | crate::engine::Event::Took { seat, .. }
        | crate::engine::Event::Declined { seat, .. }
        | crate::engine::Event::Delivered { seat, .. }
        | crate::engine::Event::NewJar { seat, .. } => Some(*seat),
        _ => None,
    }
}

/// The most of the others' moves said under "AI Easy's move…".
const OTHERS_SAID: usize = 4;

/// What the others (the AIs, or a friend online) have done since this screen's last decision,
/// their last few lines of the log, under whose move it is: the board changes as they play,
/// and the log may be out of sight. Room for the lines is kept from the start, so the
/// players under it do not move down line by line.
fn others_moves(
    ui: &mut egui::Ui,
    g: &Game,
    comps: &Components,
    (from, me): (usize, Option<Seat>),
) -> Vec<crate::engine::Event> {
    // The person's own decision is not among the others' moves.
    let lines: Vec<&crate::app::game::LogLine> = g.log[from.min(g.log.len())..]
        .iter()
        .filter(|l| !matches!(l, crate::app::game::LogLine::Event(e) if me.is_some() && decided_by(e) == me))
        .collect();
    let names = g.names();
    let shown = &lines[lines.len().saturating_sub(OTHERS_SAID)..];
    let row = ui.text_style_height(&egui::TextStyle::Small) + ui.spacing().item_spacing.y;
    ui.scope(|ui| {
        ui.set_min_height(row * OTHERS_SAID as f32);
        for l in shown {
            ui.label(
                RichText::new(l.words(comps, &names))
                    .small()
                    .color(theme::TEXT_DIM),
            );
        }
    });
    (shown.iter())
        .filter_map(|l| match l {
            crate::app::game::LogLine::Event(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}
