//! The painted parts of the table: jar cards, dice counts, the board column and the players
//! column.

use super::*;

/// A jar card in words: "Gold jar +2: 2 of 4 filled: orange (filled), orange (filled), green,
/// blue", or without dice "Gold jar +2: orange, orange, green, blue".
pub fn jar_words(comps: &Components, card: CardId, filled: Option<&Jar>) -> String {
    let k = comps.card(card);
    let mut used = [0u8; 4];
    let spaces: Vec<String> = k
        .spaces
        .iter()
        .map(|&c| {
            let full = filled.is_some_and(|j| used[c.index()] < j.filled[c.index()]);
            used[c.index()] += 1;
            if full {
                trf!("{colour} (filled)", colour = c.label())
            } else {
                c.label().to_string()
            }
        })
        .collect();
    let spaces = join_list(&spaces);
    let colour = theme::jar_name(k.colour);
    match filled {
        Some(j) => trf!(
            "{colour} jar +{bonus}: {filled} of {size} filled: {spaces}",
            colour,
            bonus = k.bonus,
            filled = j.dice(),
            size = k.spaces.len(),
            spaces
        ),
        None => trf!(
            "{colour} jar +{bonus}: {spaces}",
            colour,
            bonus = k.bonus,
            spaces
        ),
    }
}

/// Dice counts in words: "2 orange, 1 blue" (or "no dice").
pub(super) fn counts_words(counts: &[u8; 4]) -> String {
    if counts.iter().all(|&n| n == 0) {
        tr("no dice").to_string()
    } else {
        describe_counts(counts)
    }
}

/// How wide `jar_card` draws `card`.
pub(crate) fn jar_card_width(comps: &Components, card: CardId) -> f32 {
    comps.card(card).spaces.len() as f32 * (SPACE + 3.0) + 14.0
}

/// A jar card, with its dice (or none, for a card not yet taken). As a button (`key`: its
/// digit shortcut, or `None` for a card only shown), `name` is what the button does.
pub(crate) fn jar_card(
    ui: &mut egui::Ui,
    comps: &Components,
    card: CardId,
    filled: Option<&Jar>,
    name: &str,
    key: Option<Option<usize>>,
) -> egui::Response {
    let click = key.is_some();
    let k = comps.card(card);
    let size = vec2(jar_card_width(comps, card), SPACE + 30.0);
    let sense = if click {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (rect, resp) = ui.allocate_exact_size(size, sense);
    let colour = theme::jar_colour(k.colour);
    let p = ui.painter_at(rect.expand(6.0));
    let lit = click && (resp.hovered() || resp.has_focus());
    p.rect_filled(
        rect,
        6.0,
        if lit {
            theme::SHALLOWS_HOVER
        } else {
            theme::SHALLOWS
        },
    );
    p.rect_stroke(
        rect,
        6.0,
        Stroke::new(if click { 2.5 } else { 1.5 }, colour),
        egui::StrokeKind::Inside,
    );
    if click && resp.has_focus() {
        focus_ring_rect(&p, rect, 6.0);
    }
    p.text(
        rect.left_top() + vec2(7.0, 4.0),
        egui::Align2::LEFT_TOP,
        format!("{} +{}", theme::jar_glyph(k.colour), k.bonus),
        egui::FontId::proportional(13.0),
        colour,
    );
    let mut used = [0u8; 4];
    for (i, &c) in k.spaces.iter().enumerate() {
        let r = Rect::from_min_size(
            rect.left_top() + vec2(7.0 + i as f32 * (SPACE + 3.0), 22.0),
            Vec2::splat(SPACE),
        );
        let full = filled.is_some_and(|j| used[c.index()] < j.filled[c.index()]);
        used[c.index()] += 1;
        if full {
            paint_die(&p, r, Die { colour: c, face: 1 }, DiceDetail::ColoursOnly);
        } else {
            p.rect_stroke(
                r,
                3.0,
                Stroke::new(1.2, theme::dice_colour(c)),
                egui::StrokeKind::Inside,
            );
            crate::app::board::paint_glyph(
                &p,
                r.center(),
                SPACE * 0.45,
                c,
                theme::dice_colour(c).gamma_multiply(0.55),
            );
        }
    }
    let words = jar_words(comps, card, filled);
    match key {
        Some(key) => {
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
            // The button is named by what it does; the card it shows is its description, as
            // a screen reader hears no tooltip.
            ui.ctx()
                .accesskit_node_builder(resp.id, |node| node.set_description(words.clone()));
            let tip = match key {
                Some(d) => format!("{words}\n{}", key_hint(d)),
                None => words,
            };
            resp.on_hover_text(tip)
        }
        None => {
            let label = trf!("{name}: {jar}", name, jar = words);
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
            resp
        }
    }
}

/// A row of small coloured glyph counts, e.g. "●2 ▲1".
pub(super) fn counts_text(counts: &[u8; 4]) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    for c in DiceColour::ALL {
        let n = counts[c.index()];
        if n == 0 {
            continue;
        }
        job.append(
            &format!("{}{} ", theme::dice_glyph(c), n),
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(15.0), theme::dice_colour(c)),
        );
    }
    if job.text.is_empty() {
        job.append(
            "—",
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(15.0), theme::TEXT_DIM),
        );
    }
    job
}

/// Counts of dice with their colours' names, each after its glyph and in its colour: "● 4
/// orange, ■ 1 blue". Where a sentence has room for them: glyphs and numbers alone ("●4")
/// read like a die showing 4.
pub(super) fn counts_in_words(ui: &mut egui::Ui, counts: &[u8; 4]) {
    let mut job = egui::text::LayoutJob::default();
    for (c, text) in counts_in_words_parts(counts) {
        job.append(
            &text,
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(15.0), theme::dice_colour(c)),
        );
    }
    let r = ui.label(job);
    let words = counts_words(counts);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
}

/// The parts of `counts_in_words`, a colour each: "● 4 orange   ", "■ 1 blue".
fn counts_in_words_parts(counts: &[u8; 4]) -> Vec<(DiceColour, String)> {
    let shown: Vec<DiceColour> = DiceColour::ALL
        .into_iter()
        .filter(|c| counts[c.index()] > 0)
        .collect();
    shown
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let words = crate::trf!(
                "{count} {colour}",
                count = counts[c.index()],
                colour = c.label()
            );
            let sep = if i + 1 < shown.len() { "   " } else { "" };
            (c, format!("{} {words}{sep}", theme::dice_glyph(c)))
        })
        .collect()
}

/// The glyph counts, read out in words ("2 orange, 1 blue") by a screen reader.
pub(super) fn counts_label(ui: &mut egui::Ui, counts: &[u8; 4]) {
    let r = ui.label(counts_text(counts));
    let words = counts_words(counts);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
}

pub(super) fn token_values(comps: &Components, colour: JarColour, bits: u16) -> Vec<u8> {
    comps
        .tokens
        .stack(colour)
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, v)| *v)
        .collect()
}

pub(super) fn board_column(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    size: f32,
    glyphs: bool,
    out: &mut Out,
    stack_rect: &mut Rect,
) {
    let comps = &obs.comps;
    let diving = g.human_to_act().is_some() && obs.decision == Decision::Dive;
    let mut highlight = 0u32;
    let mut soft = 0u32;
    // The number of the dive lit on the board: its dice are ringed.
    let mut collect_face = None;
    if let (Some(s), Some(p)) = (g.pick.shore, g.pick.path) {
        highlight |= board().path(s, p).mask;
        collect_face = g.pick.number;
    } else if let Some(s) = g.pick.shore {
        soft |= board().path(s, PathKind::Short).mask | board().path(s, PathKind::Long).mask;
    }
    // The path under the mouse or the keyboard focus, on the board (last frame) or in the panel.
    let board_path_id = ui.scope_id().with("game-board-hovered-path");
    let board_path: Option<(ShoreId, PathKind)> = ui.data(|d| d.get_temp(board_path_id)).flatten();
    if let Some((s, p)) = g.preview_hover.or(board_path.filter(|_| diving)) {
        if (Some(s), Some(p)) != (g.pick.shore, g.pick.path) {
            collect_face = None;
        }
        highlight = board().path(s, p).mask;
    }
    // A moment of the review, with the replay standing at it: the dive played lit, with its
    // dice ringed, and the better one softly.
    if let Some(m) = g
        .replay
        .as_ref()
        .and_then(|r| r.moment.filter(|m| m.at == r.at))
    {
        if let Action::Dive {
            shore,
            path,
            number,
        } = m.played
        {
            highlight = board().path(shore, path).mask;
            collect_face = Some(number);
        }
        if let Action::Dive { shore, path, .. } = m.better {
            soft |= board().path(shore, path).mask;
        }
    }
    // The hint's dive (or a tutorial step's): lit outright while nothing is picked, softly
    // beside a pick.
    if let Some(Action::Dive {
        shore,
        path,
        number,
    }) = g.shown_hint().map(|h| h.action).or(g.guide)
    {
        let mask = board().path(shore, path).mask;
        if highlight == 0 {
            highlight = mask;
            collect_face = Some(number);
        } else {
            soft |= mask;
        }
    }
    if let Some(sp) = g.cleared
        && highlight == 0
    {
        highlight |= 1 << sp;
    }
    // B, or the first Tab while nothing has the keyboard, takes the player to the board.
    let board_key = |ui: &egui::Ui| {
        let b = ui.input(|i| {
            i.modifiers.is_none() && i.key_pressed(crate::app::keys::TO_BOARD.logical_key)
        });
        crate::app::keys::shortcuts_free(ui.ctx()) && (b || crate::app::keys::first_tab(ui.ctx()))
    };
    let solo = obs.is_solo().then_some(SoloOverlay {
        board: &comps.solo,
        arrow: obs.arrow,
        direction: obs.arrow_direction,
    });
    let mut view = BoardView {
        id: "game-board",
        pool: &obs.pool,
        detail: DiceDetail::Faces,
        highlight,
        soft_highlight: soft,
        pawns: Some(&obs.shores),
        solo,
        shores_clickable: diving,
        chosen_shore: g.pick.shore,
        take_focus: diving && board_key(ui),
        collect_face: collect_face.filter(|_| diving || g.replay.is_some()),
    };
    // Hovering a free shore shows its two paths.
    if diving
        && let Some(s) = g.hover_shore
        && obs.shores[s as usize].is_none()
    {
        view.soft_highlight |=
            board().path(s, PathKind::Short).mask | board().path(s, PathKind::Long).mask;
    }
    let r = view.show_dive(ui, size, g.pick.path);
    g.hover_shore = r.hovered_shore;
    if diving
        && let Some(s) = r.clicked_shore
        && obs.shores[s as usize].is_none()
        && g.pick.shore != Some(s)
    {
        g.pick = super::super::DivePick {
            shore: Some(s),
            ..Default::default()
        };
    }
    // Enter (or Space) on the path already chosen: the dive, as the keys say ("Enter dives"),
    // once the number is called; before it, the number is asked for (Enter had done nothing
    // there, and a player on the board took the game for stuck).
    let pressed_on_chosen = diving
        && r.clicked_path.is_some()
        && r.clicked_path == g.pick.path
        && ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
    if pressed_on_chosen {
        match super::dive::commit(g, &obs.dive_options(obs.active)) {
            Some(a) => out.action = Some(a),
            None => g.pick.ask_number = g.pick.number.is_none(),
        }
    }
    if diving
        && g.pick.shore.is_some()
        && let Some(p) = r.clicked_path
        && g.pick.path != Some(p)
    {
        g.pick.path = Some(p);
        g.pick.confirm_empty = false;
    }
    let hovered = g.pick.shore.zip(r.hovered_path);
    ui.data_mut(|d| d.insert_temp(board_path_id, hovered));
    // Token stacks and the piles (solo: the deck and the tempest): side by side where the
    // column is wide enough for both, else one above the other (a narrow window, or the rules
    // open beside), so the column keeps its width.
    // Once the game is over, a stack the majority shared out is empty (SPEC §6.1), as the
    // end of the game says.
    // The state shown: a replay's, at the step it stands at (the match itself is over).
    let shown = g.replay.as_ref().map_or(&g.m.state, |r| &r.state);
    let shared_out: [bool; 3] = if shown.is_over() {
        let m = shown.final_score().majorities;
        JarColour::ALL.map(|c| {
            m.iter()
                .any(|m| m.colour == c && !m.leaders.is_empty() && m.remaining > 0)
        })
    } else {
        [false; 3]
    };
    let stacks = |ui: &mut egui::Ui| {
        // As wide as the fullest stack whatever is left: as tokens are taken, the piles beside
        // would otherwise move left under the pointer.
        let full = JarColour::ALL
            .into_iter()
            .map(|c| {
                let values: Vec<String> = comps
                    .tokens
                    .stack(c)
                    .iter()
                    .map(|v| v.to_string())
                    .collect();
                let text = format!("{} {}", theme::jar_glyph(c), values.join(" "));
                theme::one_line_width(ui, RichText::new(text).monospace())
            })
            .fold(0.0, f32::max);
        ui.set_min_width(full);
        ui.label(
            RichText::new(tr("Token stacks (top first)"))
                .small()
                .color(theme::TEXT_DIM),
        );
        for c in JarColour::ALL {
            let stack = comps.tokens.stack(c);
            let taken = obs.stack_taken[c.index()] as usize;
            let mut left: Vec<String> = stack.iter().skip(taken).map(|v| v.to_string()).collect();
            if shared_out[c.index()] {
                left.clear();
            }
            let values = if left.is_empty() {
                tr("empty").to_string()
            } else {
                left.join(" ")
            };
            let text = format!("{} {values}", theme::jar_glyph(c));
            // Why a stack is empty at the end is said, not drawn: the line stays as narrow as
            // the stack's values, so the board's column keeps its width.
            let words = trf!(
                "{colour} token stack, top first: {values}",
                colour = theme::jar_name(c),
                values = if shared_out[c.index()] {
                    tr("empty after the majority")
                } else {
                    &values
                }
            );
            let r = ui.label(RichText::new(text).color(theme::jar_colour(c)).monospace());
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
            r.on_hover_text(if shared_out[c.index()] {
                trf!(
                    "{colour} stack: shared out at the majority",
                    colour = theme::jar_name(c)
                )
            } else {
                trf!(
                    "{colour} stack: {count} tokens left",
                    colour = theme::jar_name(c),
                    count = left.len()
                )
            });
        }
    };
    let piles = |ui: &mut egui::Ui| {
        if obs.is_solo() {
            let deck = obs.deck_unknown as usize + obs.deck_bottom.len();
            ui.label(RichText::new(trf!("Deck: {count} cards", count = deck)).strong());
            let t: Vec<String> = JarColour::ALL
                .iter()
                .flat_map(|&c| {
                    token_values(comps, c, obs.tempest_tokens[c.index()])
                        .into_iter()
                        .map(move |v| format!("{}{v}", theme::jar_glyph(c)))
                })
                .collect();
            let empty = t.is_empty() && obs.tempest_dice.iter().all(|&n| n == 0);
            ui.label(if empty {
                // "tokens none; dice nothing" said nothing twice.
                tr("Tempest: no tokens or dice yet").to_string()
            } else {
                trf!(
                    "Tempest: tokens {tokens}; dice {dice}",
                    tokens = if t.is_empty() {
                        tr("none").to_string()
                    } else {
                        t.join(" ")
                    },
                    // "dice nothing" read oddly: none, as the tokens say it.
                    dice = if obs.tempest_dice.iter().all(|&n| n == 0) {
                        tr("none").to_string()
                    } else {
                        describe_counts(&obs.tempest_dice)
                    }
                )
            });
        } else {
            ui.label(
                RichText::new(tr("Piles (top card)"))
                    .small()
                    .color(theme::TEXT_DIM),
            );
            if !obs.started && obs.piles.iter().all(|p| p.count == 0) {
                ui.label(
                    RichText::new(tr("Dealt into four piles after the jar draft."))
                        .color(theme::TEXT_DIM),
                );
                return;
            }
            egui::Grid::new("piles").num_columns(2).show(ui, |ui| {
                for (i, p) in obs.piles.iter().enumerate() {
                    if i == 2 {
                        ui.end_row();
                    }
                    ui.vertical(|ui| {
                        // As wide as the widest card (6 spaces) whatever is on top: a grid's
                        // columns are as wide as last frame's, and a wider card turned up now
                        // would run under its neighbour until something redraws the window.
                        ui.set_min_width(6.0 * (SPACE + 3.0) + 14.0);
                        ui.label(
                            RichText::new(trf!(
                                "Pile {pile} · {count}",
                                pile = i + 1,
                                count = p.count
                            ))
                            .small(),
                        )
                        .on_hover_text(trf!(
                            "Pile {pile}: {count} cards",
                            pile = i + 1,
                            count = p.count
                        ));
                        match p.top {
                            Some(c) => {
                                jar_card(
                                    ui,
                                    comps,
                                    c,
                                    None,
                                    &trf!("Top of pile {pile}", pile = i + 1),
                                    None,
                                );
                            }
                            None => {
                                ui.label(RichText::new(tr("empty")).color(theme::TEXT_DIM));
                            }
                        }
                    });
                }
            });
        }
    };
    let resp = if size >= 440.0 {
        ui.horizontal_top(|ui| {
            ui.vertical(stacks);
            ui.vertical(piles);
        })
    } else {
        ui.vertical(|ui| {
            stacks(ui);
            ui.add_space(4.0);
            piles(ui);
        })
    };
    *stack_rect = resp.response.rect;
    let _ = glyphs;
}

/// The least height of the game log beside the players (frame and title included).
const LOG_LEAST: f32 = 76.0;

/// A seat's favourite once the game is over (final scoring turns them up), not in a replay's
/// earlier steps.
fn revealed_favourite(g: &Game, s: Seat) -> Option<crate::engine::DiceColour> {
    let over = g.m.state.is_over() && g.replay.as_ref().is_none_or(|r| r.state.is_over());
    over.then(|| g.m.state.secrets.get(s as usize)?.favourite)
        .flatten()
}

/// "Delivered 2 · tokens ◎2 ❤4", small, each token in its colour.
fn tokens_job(
    ui: &egui::Ui,
    delivered: u32,
    toks: &[(JarColour, String)],
    none: String,
) -> egui::text::LayoutJob {
    // The sentence around the tokens, in the reader's language, cut where they go.
    const AT: &str = "\u{1}";
    let line = trf!(
        "Delivered {delivered} · tokens {tokens}",
        delivered,
        tokens = AT
    );
    let (before, after) = line.split_once(AT).unwrap_or((&line, ""));
    let font = egui::TextStyle::Small.resolve(ui.style());
    let plain = egui::TextFormat::simple(font.clone(), ui.visuals().text_color());
    let mut job = egui::text::LayoutJob::default();
    job.append(before, 0.0, plain.clone());
    if toks.is_empty() {
        job.append(&none, 0.0, plain.clone());
    }
    for (k, (c, t)) in toks.iter().enumerate() {
        let gap = if k == 0 {
            0.0
        } else {
            ui.fonts_mut(|f| f.glyph_width(&font, ' '))
        };
        job.append(
            t,
            gap,
            egui::TextFormat::simple(font.clone(), theme::jar_colour(*c)),
        );
    }
    job.append(after, 0.0, plain);
    job
}

#[allow(clippy::too_many_arguments)]
pub(super) fn players_column(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    comps: &Components,
    glyphs: bool,
    show_log: bool,
    in_page: bool,
    rects: &mut [Rect],
) {
    // The players come first: the log takes the room they leave, down to a line (four
    // players fill most of a window 800 pixels high). Under the decision (`in_page`: the
    // column they are part of scrolls) they take the height they need, and the log its most:
    // boxes of their own there would be a line or two high, each scrolling on its own.
    let log_h = if show_log { LOG_LEAST } else { 0.0 };
    let h = (ui.available_height() - log_h - 10.0).max(120.0);
    // Online, one's own seat comes first, the others after it in turn order: the fourth
    // seat's own jars and favourite had been below the fold on its own turn.
    let n = obs.num_players();
    let first = g.online.as_ref().map_or(0, |o| o.seat % n.max(1));
    // At the end, what each seat's majorities took: worked out once, not once a seat.
    let majorities = if (0..n).any(|s| revealed_favourite(g, s).is_some()) {
        g.m.state.final_score().majorities
    } else {
        Vec::new()
    };
    let mut seats = |ui: &mut egui::Ui| {
        for s in (0..n).map(|k| (first + k) % n) {
            let sv = &obs.players[s as usize];
            // The player who decides now: the one drafting, the diver, or the one a passed
            // die is offered to (the diver's card had stayed lit, the decider's not).
            let deciding = match &g.online {
                Some(o) => o.view.as_ref().map(|v| v.to_act),
                None => Some(g.m.state.to_act()),
            };
            let active = match deciding {
                Some(crate::engine::ToAct::Seat(t)) => t == s,
                _ => s == obs.active && !obs.is_over(),
            };
            let frame = theme::card_frame().stroke(Stroke::new(
                if active { 2.0 } else { 1.0 },
                if active { theme::GLOW } else { theme::RIM },
            ));
            let r = frame.show(ui, |ui| {
                ui.set_width(ui.available_width());
                // A long name wraps inside the card rather than widening the column past
                // the window.
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(g.name(s))
                            .color(theme::seat_colour(s))
                            .strong(),
                    );
                    // Beside a name someone gave the seat (an unnamed one is named for
                    // its level already).
                    // A person's seat handed to an AI says who plays it for now.
                    let seat = &g.seats[s as usize];
                    let by = match (&seat.ai, &seat.stand_in) {
                        (Some(l), _) if !g.name(s).starts_with(&ai_level(l)) => Some(ai_level(l)),
                        // Not in a replay: "for now" is the table's now, not the step's (the
                        // early steps, played by the person, had said it).
                        (None, Some(l)) if g.replay.is_none() => {
                            Some(trf!("{ai} plays for now", ai = ai_level(l)))
                        }
                        _ => None,
                    };
                    if let Some(by) = by {
                        ui.label(RichText::new(by).small().color(theme::TEXT_DIM));
                    }
                    ui.label(RichText::new(trf!("pawns {count}", count = sv.pawns)).small());
                    if g.thinking() == Some(s) {
                        ui.label(RichText::new(tr("thinking…")).color(theme::GLOW).small());
                    } else if active && s != obs.active {
                        // Deciding on another's turn (a passed die): said, not only lit.
                        ui.label(RichText::new(tr("deciding")).color(theme::GLOW).small());
                    }
                });
                ui.horizontal(|ui| {
                    for (slot, jar) in sv.jars.iter().enumerate() {
                        if let Some(j) = jar {
                            jar_card(
                                ui,
                                comps,
                                j.card,
                                Some(j),
                                &trf!("Jar {slot} of {name}", slot = slot + 1, name = g.name(s)),
                                None,
                            );
                        }
                    }
                });
                let delivered = sv.delivered.count_ones();
                let mut toks = Vec::new();
                for c in JarColour::ALL {
                    for v in token_values(comps, c, sv.tokens[c.index()]) {
                        toks.push((c, format!("{}{v}", theme::jar_glyph(c))));
                    }
                }
                let mut words = Vec::new();
                for c in JarColour::ALL {
                    for v in token_values(comps, c, sv.tokens[c.index()]) {
                        words.push(trf!(
                            "{colour} {value}",
                            colour = theme::jar_name(c),
                            value = v
                        ));
                    }
                }
                let none = || tr("none").to_string();
                let said = trf!(
                    "Delivered {delivered} · tokens {tokens}",
                    delivered,
                    tokens = if words.is_empty() {
                        none()
                    } else {
                        join_list(&words)
                    }
                );
                // The tokens' signs in words under the pointer too (◎ gold, ✖ brown, ❤ red).
                // Each token in its stack's colour, as the stacks show them (a red token's
                // heart was drawn white here).
                let r = ui
                    .label(tokens_job(ui, delivered, &toks, none()))
                    .on_hover_text(&said);
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
                if revealed_favourite(g, s).is_some() {
                    super::end::majorities_taken(ui, &majorities, s);
                }
                let favourite = |f| {
                    RichText::new(trf!(
                        "Favourite of {name}: {colour}",
                        name = g.name(s),
                        colour = theme::dice_label(f, glyphs)
                    ))
                    .color(theme::dice_colour(f))
                };
                if let Some(own) = &obs.own
                    && own.seat == s
                    && let Some(f) = own.favourite
                {
                    ui.label(favourite(f)).on_hover_text(tr(
                        "Secret: only you see it. 1 point per space of this colour on your \
                             delivered jars.",
                    ));
                } else if let Some(f) = revealed_favourite(g, s) {
                    // Final scoring reveals every favourite.
                    ui.label(favourite(f));
                }
            });
            rects[s as usize] = r.response.rect;
            ui.add_space(4.0);
        }
    };
    if in_page {
        seats(ui);
    } else {
        egui::ScrollArea::vertical()
            .id_salt("players")
            .max_height(h)
            .show(ui, |ui| {
                seats(ui);
                crate::app::scroll::follow_focus(ui);
            });
    }
    if show_log {
        ui.add_space(4.0);
        // What is left below the players, less the frame and the title.
        let room = if in_page {
            170.0
        } else {
            (ui.available_height() - 56.0).clamp(LOG_LEAST - 56.0, 170.0)
        };
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr("Game log")).strong());
            let lines = g.replay.as_ref().map_or(&g.log, |r| &r.log);
            let names = g.names();
            // Lines wrap rather than being cut where the shore, number and dice are. Worded as
            // drawn, in the current language; the newest lines (a whole game has a few hundred).
            const SHOWN: usize = 400;
            let from = lines.len().saturating_sub(SHOWN);
            // The lines there were when the log was last seen to its end: scrolled back, it
            // stays where it is as lines come, and says how many came below.
            let seen_key = egui::Id::unique("log-seen-to-end");
            let to_end_key = egui::Id::unique(super::LOG_TO_END);
            let to_end = ui
                .data_mut(|d| d.remove_temp::<bool>(to_end_key))
                .unwrap_or(false);
            let area = egui::ScrollArea::vertical()
                .id_salt("log")
                .max_height(room)
                .stick_to_bottom(true);
            let out = area.show(ui, |ui| {
                for line in &lines[from..] {
                    let text = line.words(&g.m.state.comps, &names);
                    ui.add(egui::Label::new(RichText::new(text).small()).wrap());
                }
                if to_end {
                    ui.scroll_to_cursor(Some(egui::Align::BOTTOM));
                }
                // The page keys scroll back through it while the pointer is on it.
                crate::app::scroll::side(ui);
            });
            let at_end =
                out.state.clamped_offset().y + out.inner_rect.height() >= out.content_size.y - 4.0;
            let seen = ui.data(|d| d.get_temp::<usize>(seen_key));
            let seen = match seen {
                Some(n) if !at_end && n <= lines.len() => n,
                _ => lines.len(),
            };
            ui.data_mut(|d| d.insert_temp(seen_key, seen));
            let new = lines.len() - seen;
            if new > 0 {
                let text = match new {
                    1 => tr("↓ 1 new line below").to_string(),
                    n => crate::trf!("↓ {count} new lines below", count = n),
                };
                if ui
                    .small_button(text)
                    .on_hover_text(tr("Scroll the log to its newest line"))
                    .clicked()
                {
                    ui.data_mut(|d| d.insert_temp(to_end_key, true));
                    ui.ctx().request_repaint();
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_a_sentence_name_their_colours() {
        // "●4" alone read like a die showing 4.
        let text: String = counts_in_words_parts(&[4, 0, 0, 1])
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        assert_eq!(
            text,
            format!(
                "{} 4 orange   {} 1 blue",
                theme::dice_glyph(DiceColour::Orange),
                theme::dice_glyph(DiceColour::Blue)
            )
        );
    }

    #[test]
    fn a_seat_s_tokens_are_each_in_their_stack_s_colour() {
        let ctx = egui::Context::default();
        let toks = vec![
            (JarColour::Gold, "◎2".to_string()),
            (JarColour::Red, "❤4".to_string()),
        ];
        let mut job = None;
        let mut done = ctx.run_ui(Default::default(), |ui| {
            job = Some(tokens_job(ui, 2, &toks, "none".into()));
        });
        done.textures_delta.clear();
        let job = job.unwrap();
        assert_eq!(job.text, "Delivered 2 · tokens ◎2❤4");
        let colour_of = |piece: &str| {
            let at = job.text.find(piece).unwrap();
            job.sections
                .iter()
                .find(|s| s.byte_range.start == egui::text::ByteIndex(at))
                .map(|s| s.format.color)
        };
        assert_eq!(colour_of("◎2"), Some(theme::jar_colour(JarColour::Gold)));
        assert_eq!(colour_of("❤4"), Some(theme::jar_colour(JarColour::Red)));
        assert_ne!(
            colour_of("Delivered"),
            Some(theme::jar_colour(JarColour::Red))
        );
    }
}
