//! Choosing a dive: the shore, path and number controls and the preview of what each dive
//! collects, stores and passes.

use super::*;

/// "Your jars:" and the diver's jar cards, and their favourite colour.
fn own_jars(ui: &mut egui::Ui, g: &Game, obs: &Observation, glyphs: bool) {
    let Some(own) = obs.own.as_ref().filter(|o| o.seat == obs.active) else {
        return;
    };
    let me = &obs.players[own.seat as usize];
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr("Your jars:")).strong());
        for (slot, jar) in me.jars.iter().enumerate() {
            if let Some(j) = jar {
                let name = trf!(
                    "Jar {slot} of {name}",
                    slot = slot + 1,
                    name = g.name(own.seat)
                );
                super::jar_card(ui, &obs.comps, j.card, Some(j), &name, None);
            }
        }
        if let Some(f) = own.favourite {
            ui.label(
                RichText::new(trf!(
                    "favourite {colour}",
                    colour = theme::dice_label(f, glyphs)
                ))
                .color(theme::dice_colour(f)),
            );
        }
    });
}

pub(super) fn dive_panel(
    ui: &mut egui::Ui,
    g: &mut Game,
    obs: &Observation,
    me: &str,
    glyphs: bool,
    out: &mut Out,
) {
    crate::app::theme::heading(ui, RichText::new(trf!("{name}: dive", name = me)).heading());
    ui.label(
        RichText::new(tr(
            "Keys: B (or Tab) to the shores on the board; ←/→ shore, ↑ or S short path, ↓ or L long \
             path (whichever way their arrows point), 1–6 number, Enter dives.",
        ))
        .small()
        .color(theme::TEXT_DIM),
    );
    // The players' cards under this column (a narrow window): the diver's own jars here, to
    // choose by (they had been a scroll away, under the preview).
    if ui.data(|d| d.get_temp::<bool>(egui::Id::unique(super::PLAYERS_UNDER))) == Some(true) {
        own_jars(ui, g, obs, glyphs);
    }
    g.preview_hover = None;
    let options = obs.dive_options(obs.active);
    let free: Vec<ShoreId> = (0..SHORE_COUNT as ShoreId)
        .filter(|&s| obs.shores[s as usize].is_none())
        .collect();
    // Keyboard: ←/→ shore, ↑/↓ path and Enter to dive while nothing has the focus (a focused
    // board button, slider or button takes those keys itself); 1–6 number at any time.
    let mut focus_dive = ui
        .data_mut(|d| d.remove_temp::<bool>(egui::Id::unique(FOCUS_DIVE_NEXT)))
        .unwrap_or(false);
    if crate::app::keys::shortcuts_free(ui.ctx()) {
        let focused = ui.memory(|m| m.focused());
        let unfocused = focused.is_none();
        // The Dive button, which takes the keyboard once a number is called, keeps the arrows
        // for the shore and the path (it presses itself on Enter).
        let on_dive = focused.is_some()
            && ui.data(|d| d.get_temp::<egui::Id>(egui::Id::unique(DIVE_BUTTON))) == focused;
        let keys = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowRight),
                i.key_pressed(egui::Key::ArrowLeft),
                crate::app::board::vertical_path(i),
                i.key_pressed(egui::Key::Enter),
            )
        });
        let (right, left, updown, enter) = if unfocused {
            keys
        } else if on_dive {
            (keys.0, keys.1, keys.2, false)
        } else {
            (false, false, None, false)
        };
        let num = digit_pressed(ui).filter(|&d| d <= 6);
        if (right || left) && !free.is_empty() {
            let cur = g.pick.shore.and_then(|s| free.iter().position(|&f| f == s));
            let next = match (cur, right) {
                (None, true) => 0,
                (None, false) => free.len() - 1,
                (Some(k), true) => (k + 1) % free.len(),
                (Some(k), false) => (k + free.len() - 1) % free.len(),
            };
            // From the Dive button the path and the number stay (the button and the keyboard
            // with it stay too): the same dive from the next shore. Elsewhere a new shore
            // starts a new dive.
            g.pick = super::super::DivePick {
                shore: Some(free[next]),
                path: g.pick.path.filter(|_| on_dive),
                number: g.pick.number.filter(|_| on_dive),
                ..Default::default()
            };
        }
        if let Some(path) = updown
            && g.pick.shore.is_some()
        {
            g.pick.path = Some(path);
            g.pick.confirm_empty = false;
        }
        if let Some(k) = num
            && g.pick.shore.is_some()
        {
            // A number called before the path takes the short one: it is lit on the board,
            // and ↓ (↑) still takes the long (short) one before Enter dives.
            g.pick.path.get_or_insert(PathKind::Short);
            g.pick.number = Some(k as u8);
            g.pick.confirm_empty = false;
            // On to the Dive button: Enter then dives.
            focus_dive = true;
        }
        if enter {
            match commit(g, &options) {
                Some(a) => out.action = Some(a),
                // Enter before the number: said, rather than nothing happening.
                None => g.pick.ask_number = g.pick.shore.is_some() && g.pick.number.is_none(),
            }
        }
    }
    // Step 1: shore.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr("Shore")).strong());
        match g.pick.shore {
            Some(s) => {
                ui.label(RichText::new(shore_name(s)).color(theme::GLOW).strong());
            }
            None => {
                ui.label(
                    RichText::new(tr("click a free shore (or press B), or a dive below"))
                        .color(theme::TEXT_DIM),
                );
            }
        }
    });
    // The path, the number and the Dive button are there from the start, greyed out until
    // their turn: a dive picked in the preview below fills them in without pushing the
    // preview down (the row under the pointer was another dive then).
    let shore = g.pick.shore;
    // Step 2: path.
    ui.add_enabled_ui(shore.is_some(), |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr("Path")).strong());
            for p in PathKind::ALL {
                let label = path_button(p);
                let r = ui.selectable_label(g.pick.path == Some(p), label);
                let r = match shore {
                    Some(shore) => {
                        let tip = format!(
                            "{}\n{}",
                            crate::app::board::path_label(shore, p),
                            tr("Keys: ↑ the short path, ↓ the long path")
                        );
                        let r = r.on_hover_text(tip);
                        if r.hovered() || r.has_focus() {
                            g.preview_hover = Some((shore, p));
                        }
                        r
                    }
                    None => r.on_disabled_hover_text(tr("Choose a shore first")),
                };
                if r.clicked() {
                    g.pick.path = Some(p);
                    g.pick.confirm_empty = false;
                }
            }
        });
    });
    if g.pick.ask_number && g.pick.number.is_none() {
        ui.label(
            RichText::new(tr(
                "Call the number first: press 1–6 (or click one), then Enter dives.",
            ))
            .color(theme::GLOW),
        );
    }
    // Step 3: number.
    let path = g.pick.path.filter(|_| shore.is_some());
    ui.add_enabled_ui(path.is_some(), |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr("Number")).strong());
            for n in 1..=6u8 {
                let r = ui.selectable_label(g.pick.number == Some(n), n.to_string());
                let label = trf!("Number {n}", n);
                r.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::Button,
                        path.is_some(),
                        g.pick.number == Some(n),
                        &label,
                    )
                });
                let r = if path.is_some() {
                    r.on_hover_text(key_hint(n as usize))
                } else {
                    r.on_disabled_hover_text(tr("Choose a shore and a path first"))
                };
                if r.clicked() {
                    g.pick.number = Some(n);
                    g.pick.confirm_empty = false;
                }
            }
        });
    });
    let picked = match (shore, path, g.pick.number) {
        (Some(shore), Some(path), Some(n)) => options
            .iter()
            .find(|o| o.shore == shore && o.path == path && o.number == n),
        _ => None,
    };
    // What the dive collects (a row of dice counts), and where its dice go (its words, under
    // it): each as high as the highest of the dives open now, so that picking another does
    // not move the preview below them (the words run to one line or two).
    let placeholder = tr("A shore, a path and a number make a dive: what it brings is said here.");
    let width = ui.available_width();
    let counts_h = ui
        .fonts_mut(|f| f.layout_job(counts_text(&[9; 4])))
        .size()
        .y;
    // Worked out once a turn (and again for another width or language), not each frame.
    let measured = egui::Id::unique("dive-words-height").with((
        g.log.len(),
        width.to_bits(),
        ui.ctx().zoom_factor().to_bits(),
        crate::i18n::lang(),
    ));
    let words_h = match ui.data(|d| d.get_temp::<f32>(measured)) {
        Some(h) => h,
        None => {
            let h = options
                .iter()
                .map(|o| yield_words(o, obs.is_solo()))
                .chain([placeholder.to_string()])
                .map(|text| {
                    egui::WidgetText::from(text)
                        .into_galley(
                            ui,
                            Some(egui::TextWrapMode::Wrap),
                            width,
                            egui::TextStyle::Body,
                        )
                        .size()
                        .y
                })
                .fold(0.0, f32::max);
            ui.data_mut(|d| d.insert_temp(measured, h));
            h
        }
    };
    // (A row of a horizontal layout is at least a control's height.)
    let counts_h = counts_h.max(ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(
        egui::vec2(width, counts_h),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_height(counts_h);
            if let Some(o) = picked {
                counts_label(ui, &o.yields.collected);
            }
        },
    );
    ui.vertical(|ui| {
        ui.set_min_height(words_h);
        match picked {
            Some(o) => ui.add(egui::Label::new(yield_words(o, obs.is_solo())).wrap()),
            None => {
                ui.add(egui::Label::new(RichText::new(placeholder).color(theme::TEXT_DIM)).wrap())
            }
        };
    });
    match picked {
        Some(o) if g.pick.confirm_empty => {
            let (shore, path, n) = (o.shore, o.path, o.number);
            theme::warning_frame().show(ui, |ui| {
                ui.label(format!(
                    "{} {}",
                    theme::WARNING_GLYPH,
                    trf!(
                        "This dive collects nothing. It still uses a pawn and blocks {shore}.",
                        shore = shore_name(shore)
                    )
                ));
                ui.horizontal(|ui| {
                    let anyway = ui.button(tr("Dive anyway")).on_hover_text(tr("Key: Enter"));
                    if ui.memory(|m| m.focused().is_none()) {
                        // Enter now confirms.
                        anyway.request_focus();
                        ui.ctx().request_repaint();
                    }
                    if anyway.clicked() {
                        out.action = Some(Action::Dive {
                            shore,
                            path,
                            number: n,
                        });
                    }
                    if ui
                        .button(tr("Choose again"))
                        .on_hover_text(tr("Keep the shore and path, and call another number"))
                        .clicked()
                    {
                        g.pick.confirm_empty = false;
                        g.pick.number = None;
                    }
                });
            });
        }
        _ => {
            let r = ui
                .add_enabled(
                    picked.is_some(),
                    egui::Button::new(RichText::new(tr("Dive")).strong().size(18.0)),
                )
                .on_hover_text(tr("Dive with this shore, path and number. Key: Enter"))
                .on_disabled_hover_text(tr("Choose a shore, a path and a number first"));
            if picked.is_some() {
                ui.data_mut(|d| d.insert_temp(egui::Id::unique(DIVE_BUTTON), r.id));
                ui.memory_mut(|m| {
                    m.set_focus_lock_filter(
                        r.id,
                        egui::EventFilter {
                            horizontal_arrows: true,
                            vertical_arrows: true,
                            ..Default::default()
                        },
                    )
                });
                if focus_dive {
                    r.request_focus();
                    ui.ctx().request_repaint();
                }
            }
            if r.clicked()
                && let Some(a) = commit(g, &options)
            {
                out.action = Some(a);
            }
        }
    }
    preview(ui, g, &options);
}

/// What becomes of a dive's dice, in words: how many fit the diver's jars, and how many go
/// round the table (or into the tempest), and whether the others have room for them all.
fn yield_words(o: &DiveOption, solo: bool) -> String {
    let y = &o.yields;
    let (total, fit, passed, room) = (y.total(), y.fit(), y.passed_total(), y.others_can_take());
    if total == 0 {
        tr("No dice").to_string()
    } else if passed == 0 {
        // Nothing goes round: no words about the others' room for none.
        trf!("Dice {total}: all fit your jars", total)
    } else if solo {
        trf!(
            "Dice {total}: {fit} to your jars, {passed} into the tempest",
            total,
            fit,
            passed
        )
    } else if room >= passed {
        trf!(
            "Dice {total}: {fit} to your jars, {passed} round the table (the others have \
             room for all)",
            total,
            fit,
            passed
        )
    } else {
        trf!(
            "Dice {total}: {fit} to your jars, {passed} round the table (the others have \
             room for {room}; the rest go to the box lid)",
            total,
            fit,
            passed,
            room
        )
    }
}

/// Where the Dive button's id is kept from frame to frame (the arrows it keeps).
const DIVE_BUTTON: &str = "dive-button";
/// A dive was picked in the preview by the keyboard: the Dive button takes the focus next.
const FOCUS_DIVE_NEXT: &str = "focus-dive-next";

/// "Short path" / "Long path", the path buttons of the dive panel.
pub(super) fn path_button(p: PathKind) -> &'static str {
    match p {
        PathKind::Short => tr("Short path"),
        PathKind::Long => tr("Long path"),
    }
}

/// The dive as picked, or `None` (and the empty-dive warning) when it collects nothing.
pub(super) fn commit(g: &mut Game, options: &[DiveOption]) -> Option<Action> {
    let (Some(shore), Some(path), Some(number)) = (g.pick.shore, g.pick.path, g.pick.number) else {
        return None;
    };
    let o = options
        .iter()
        .find(|o| o.shore == shore && o.path == path && o.number == number)?;
    if o.yields.total() == 0 && !g.pick.confirm_empty {
        g.pick.confirm_empty = true;
        return None;
    }
    Some(Action::Dive {
        shore,
        path,
        number,
    })
}

/// Every free shore × path × number: what it collects and where the dice go. Sortable;
/// hovering a row lights its path on the board, clicking it picks the dive.
pub(super) fn preview(ui: &mut egui::Ui, g: &mut Game, options: &[DiveOption]) {
    ui.add_space(6.0);
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(RichText::new(tr("Dive preview")).strong())
            .on_hover_text(tr(
                "Every dive open to you. Tab to a row and press Enter (or click it) to pick it.",
            ));
        let fold = if g.preview_open {
            tr("Fold away")
        } else {
            tr("Show the table")
        };
        if ui
            .button(fold)
            .on_hover_text(tr("Folded, the preview leaves the board more room"))
            .clicked()
        {
            g.preview_open = !g.preview_open;
        }
        if g.preview_open {
            ui.checkbox(&mut g.show_empty_dives, tr("Show empty dives"));
        }
    });
    if !g.preview_open {
        return;
    }
    let mut rows: Vec<&DiveOption> = options
        .iter()
        .filter(|o| g.show_empty_dives || o.yields.total() > 0)
        .collect();
    let (key, desc) = g.sort;
    rows.sort_by(|a, b| {
        let k = |o: &DiveOption| match key {
            PreviewSort::Dive => 0i32,
            PreviewSort::Dice => o.yields.total() as i32,
            PreviewSort::Fit => o.yields.fit() as i32,
            PreviewSort::Passed => o.yields.passed_total() as i32,
        };
        let ord = k(a).cmp(&k(b));
        let ord = if desc { ord.reverse() } else { ord };
        ord.then((a.shore, a.path.index(), a.number).cmp(&(b.shore, b.path.index(), b.number)))
    });
    let widths = [110.0, 130.0, 50.0, 50.0, 60.0];
    ui.horizontal(|ui| {
        for (i, (col, title)) in [
            (PreviewSort::Dive, crate::i18n::n("Dive")),
            (PreviewSort::Dice, crate::i18n::n("Colours")),
            (PreviewSort::Dice, crate::i18n::n("Dice")),
            (PreviewSort::Fit, crate::i18n::n("Fit")),
            // Solo: what does not fit goes into the tempest, not round a table.
            (
                PreviewSort::Passed,
                if g.m.state.is_solo() {
                    crate::i18n::n("Tempest")
                } else {
                    crate::i18n::n("Passed")
                },
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let mark = if key == col && i != 1 {
                if desc { " ▼" } else { " ▲" }
            } else {
                ""
            };
            let title = tr(title);
            let r = ui.add_sized(
                vec2(widths[i], 22.0),
                egui::Button::new(RichText::new(format!("{title}{mark}")).small()).frame(false),
            );
            // The sorted column says so, and which way (the eye sees ▼ or ▲).
            let label = if key == col && i != 1 {
                let order = if desc {
                    tr("high to low")
                } else {
                    tr("low to high")
                };
                trf!("Sort by {column} (sorted {order})", column = title, order)
            } else {
                trf!("Sort by {column}", column = title)
            };
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            let r = if col == PreviewSort::Passed {
                r.on_hover_text(if g.m.state.is_solo() {
                    tr("Dice that do not fit your jars: they go into the tempest.")
                } else {
                    tr(
                        "Dice that do not fit your jars: they go round the table, lap after \
                        lap, while somebody places one; what nobody can place goes to the box lid.",
                    )
                })
            } else {
                r
            };
            if r.clicked() {
                g.sort = if key == col {
                    (col, !desc)
                } else {
                    (col, col != PreviewSort::Dive)
                };
            }
        }
    });
    let mut hovered = None;
    let mut picked = None;
    let mut to_dive = false;
    // The list is one stop of Tab, a radio group: the picked dive's row (or the first) takes
    // the keyboard, ↑/↓ pick the row above or below, and Tab goes on past the list. The
    // other rows answer the mouse only.
    let is_picked = |o: &DiveOption| {
        g.pick.shore == Some(o.shore)
            && g.pick.path == Some(o.path)
            && g.pick.number == Some(o.number)
    };
    let stop = rows.iter().position(|o| is_picked(o)).unwrap_or(0);
    let row_id = |o: &DiveOption| egui::Id::unique(("dive-row", o.shore, o.path.index(), o.number));
    let row_step = 22.0 + ui.spacing().item_spacing.y;
    let solo = g.m.state.is_solo();
    let mut moved = None;
    let at = g.m.record.actions.len();
    let fresh = g.preview_at != Some(at);
    g.preview_at = Some(at);
    // Its own box, at most 320 high, sized by the column's visible height, not by what is
    // left of it under the decision (a row or two at a large text size).
    let box_h = (0.6 * ui.clip_rect().height()).clamp(140.0, 320.0);
    let mut area = egui::ScrollArea::vertical()
        .id_salt("preview")
        .max_height(box_h);
    if fresh {
        area = area.vertical_scroll_offset(0.0);
    }
    // A box of its own height: within a scrolling column, what is left of the column's
    // visible height would leave it a row or two.
    ui.allocate_ui(vec2(ui.available_width(), box_h), |ui| {
        area.show_rows(ui, 22.0, rows.len(), |ui, range| {
            let row_w = widths.iter().sum::<f32>() + 30.0;
            // The Tab stop, and the row with the keyboard, stay in the list while scrolled
            // out of sight (only the rows in sight are drawn): where they would be, unseen,
            // so that Tab still reaches the list and the keyboard keeps its place.
            let first = ui.cursor().min;
            let focused = ui.memory(|m| m.focused());
            for (i, o) in rows.iter().enumerate() {
                let keeps = i == stop || focused == Some(row_id(o));
                if keeps && !range.contains(&i) {
                    let at = first + vec2(0.0, (i as f32 - range.start as f32) * row_step);
                    let rect = Rect::from_min_size(at, vec2(row_w, 22.0));
                    let resp = ui.interact(rect, row_id(o), Sense::click());
                    let label = row_label(o, solo);
                    resp.widget_info(|| {
                        egui::WidgetInfo::selected(egui::Role::Button, true, is_picked(o), &label)
                    });
                    // Once it has the keyboard, it comes into sight (and is drawn).
                    if resp.has_focus() {
                        ui.scroll_to_rect_animation(
                            rect,
                            None,
                            egui::style::ScrollAnimation::none(),
                        );
                    }
                }
            }
            for (i, o) in rows.iter().enumerate().skip(range.start).take(range.len()) {
                let chosen = is_picked(o);
                let (rect, _) = ui.allocate_exact_size(vec2(row_w, 22.0), Sense::hover());
                // The others answer the mouse only.
                let sense = if i == stop || focused == Some(row_id(o)) {
                    Sense::click()
                } else {
                    Sense::CLICK
                };
                let resp = ui.interact(rect, row_id(o), sense);
                if resp.has_focus() {
                    ui.memory_mut(|m| {
                        m.set_focus_lock_filter(
                            resp.id,
                            egui::EventFilter {
                                vertical_arrows: true,
                                ..Default::default()
                            },
                        )
                    });
                    let (up, down) = ui.input(|i| {
                        (
                            i.key_pressed(egui::Key::ArrowUp),
                            i.key_pressed(egui::Key::ArrowDown),
                        )
                    });
                    let to = if up {
                        i.checked_sub(1)
                    } else {
                        (down && i + 1 < rows.len()).then_some(i + 1)
                    };
                    if let Some(t) = to {
                        moved = Some(t);
                        let shift = (t as f32 - i as f32) * row_step;
                        ui.scroll_to_rect_animation(
                            rect.translate(vec2(0.0, shift)),
                            None,
                            egui::style::ScrollAnimation::none(),
                        );
                    }
                }
                if resp.hovered() || resp.has_focus() || chosen {
                    ui.painter().rect_filled(rect, 3.0, theme::SHALLOWS_HOVER);
                }
                if resp.has_focus() {
                    focus_ring_rect(ui.painter(), rect.shrink(3.5), 3.0);
                }
                let mut x = rect.left() + 4.0;
                let y = rect.center().y;
                let font = egui::FontId::proportional(14.0);
                let p = ui.painter();
                p.text(
                    pos2(x, y),
                    egui::Align2::LEFT_CENTER,
                    match o.path {
                        PathKind::Short => trf!(
                            "{shore} short {number}",
                            shore = shore_name(o.shore),
                            number = o.number
                        ),
                        PathKind::Long => trf!(
                            "{shore} long {number}",
                            shore = shore_name(o.shore),
                            number = o.number
                        ),
                    },
                    font.clone(),
                    theme::TEXT,
                );
                x += widths[0] + 8.0;
                let mut cx = x;
                for c in DiceColour::ALL {
                    let n = o.yields.collected[c.index()];
                    if n == 0 {
                        continue;
                    }
                    let t = format!("{}{}", theme::dice_glyph(c), n);
                    let g = p.layout_no_wrap(t, font.clone(), theme::dice_colour(c));
                    let w = g.size().x;
                    p.galley(pos2(cx, y - g.size().y / 2.0), g, Color32::WHITE);
                    cx += w + 6.0;
                }
                x += widths[1] + 8.0;
                for (i, v) in [o.yields.total(), o.yields.fit(), o.yields.passed_total()]
                    .into_iter()
                    .enumerate()
                {
                    let colour = if i == 2 && v > 0 {
                        theme::WARNING
                    } else {
                        theme::TEXT
                    };
                    p.text(
                        pos2(x, y),
                        egui::Align2::LEFT_CENTER,
                        v.to_string(),
                        font.clone(),
                        colour,
                    );
                    x += widths[2 + i] + 8.0;
                }
                let label = row_label(o, solo);
                resp.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::Button, true, chosen, &label)
                });
                let resp = resp.on_hover_text(tr(
                    "Click to pick this dive; in the list, ↑ ↓ pick the dive above or below",
                ));
                if resp.hovered() || resp.has_focus() {
                    hovered = Some((o.shore, o.path));
                }
                if resp.clicked() {
                    picked = Some(**o);
                    // Picked with Enter or Space: the keyboard goes on to Dive, so that the next
                    // Enter dives (Dive comes before the list in the Tab order).
                    if resp.has_focus()
                        && ui.input(|i| {
                            i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space)
                        })
                    {
                        to_dive = true;
                    }
                }
            }
            crate::app::scroll::follow_focus(ui);
        });
    });
    if to_dive {
        ui.data_mut(|d| d.insert_temp(egui::Id::unique(FOCUS_DIVE_NEXT), true));
        ui.ctx().request_repaint();
    }
    if hovered.is_some() {
        g.preview_hover = hovered;
    }
    if let Some(t) = moved {
        let o = rows[t];
        picked = Some(*o);
        ui.memory_mut(|m| m.request_focus(row_id(o)));
    }
    if let Some(o) = picked {
        g.pick = super::super::DivePick {
            shore: Some(o.shore),
            path: Some(o.path),
            number: Some(o.number),
            ..Default::default()
        };
    }
}

/// A row of the dive preview as a screen reader reads it: the dive, its dice, how many fit,
/// and where the others go (round the table, or in solo into the tempest).
fn row_label(o: &DiveOption, solo: bool) -> String {
    let (shore, number) = (shore_name(o.shore), o.number);
    let (total, fit, passed) = (o.yields.total(), o.yields.fit(), o.yields.passed_total());
    // The dice by colour, as the row shows them to the eye.
    let dice = if total == 0 {
        tr("no dice").to_string()
    } else {
        trf!(
            "{count} dice ({list})",
            count = total,
            list = crate::words::describe_counts(&o.yields.collected)
        )
    };
    let rest = if solo {
        trf!("{count} into the tempest", count = passed)
    } else {
        trf!("{count} passed", count = passed)
    };
    match o.path {
        PathKind::Short => trf!(
            "Dive at {shore}, short path, number {number}: {dice}, {fit} fit, {rest}",
            shore,
            number,
            dice,
            fit,
            rest
        ),
        PathKind::Long => trf!(
            "Dive at {shore}, long path, number {number}: {dice}, {fit} fit, {rest}",
            shore,
            number,
            dice,
            fit,
            rest
        ),
    }
}
