//! Every screen at 1280×800, 1024×700 and 1280×800 at a text size of 200%, in English and in
//! Traditional Chinese: no widget reaches past the window's left or right edge (what is below
//! the fold scrolls; nothing should need sideways scrolling to be seen).

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::calculator::{CalculatorScreen, Sheet};
use noctiluca::app::{NoctilucaApp, ScreenKind, theme};
use noctiluca::engine::ScoreInput;
use noctiluca::i18n::Lang;

/// The usual window, the smallest, and the usual one at a text size of 200% (in points).
const SIZES: [(f32, f32); 3] = [(1280.0, 800.0), (1024.0, 700.0), (640.0, 400.0)];

/// Widgets whose rectangle leaves the window sideways: "label: x0..x1".
pub(crate) fn outside(h: &Harness<'_, NoctilucaApp>, w: f32) -> Vec<String> {
    h.query_all_by(|_| true)
        .filter_map(|n| {
            let node = n.accesskit_node();
            let b = node.bounding_box()?;
            let name = node.label().or_else(|| node.value()).unwrap_or_default();
            // Zero-sized and nameless helper nodes do not show.
            if b.width() < 1.0 || name.is_empty() {
                return None;
            }
            (b.x0 < -1.0 || b.x1 > w as f64 - 15.0)
                .then(|| format!("{name:?}: {:.0}..{:.0}", b.x0, b.x1))
        })
        .collect()
}

/// Play with a game of `players` people (1: solo) started on one seed, the seats named by
/// `names` (as many as it has).
pub(crate) fn started(players: u8, names: &[&str]) -> NoctilucaApp {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game.animate = false;
    app.game.setup.players = players;
    for (i, s) in app.game.setup.seats.iter_mut().enumerate() {
        s.ai = None;
        if let Some(name) = names.get(i) {
            s.name = (*name).into();
        }
    }
    app.game.setup.seed_text = "K7M2-QX9P".into();
    app.game.start().expect("a game starts");
    app
}

/// Plays the middle legal decision, the table uncovered, until `decision` is the next (the
/// game must come to one).
pub(crate) fn play_to(app: &mut NoctilucaApp, decision: noctiluca::engine::Decision) {
    for _ in 0..10_000 {
        app.game.tick(0.0);
        let g = app.game.game.as_mut().unwrap();
        g.covered = false;
        if g.m.state.decision() == decision {
            return;
        }
        let legal = g.m.state.legal_actions();
        assert!(!legal.is_empty(), "the game ended before {decision:?}");
        let a = legal[legal.len() / 2];
        app.game.act(a, 0.0);
    }
}

fn screens() -> Vec<(&'static str, NoctilucaApp)> {
    let sheet: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    let mut out = Vec::new();
    for (name, screen) in [
        ("home", ScreenKind::Home),
        ("play", ScreenKind::Play),
        ("play online", ScreenKind::Online),
        ("seeder", ScreenKind::Seeder),
        ("solo", ScreenKind::Solo),
        ("settings", ScreenKind::Settings),
        ("about", ScreenKind::About),
        ("rules", ScreenKind::Rules),
        ("tutorial", ScreenKind::Tutorial),
        ("my set", ScreenKind::MySet),
        ("history", ScreenKind::History),
        ("calculator", ScreenKind::Calculator),
    ] {
        let mut app = NoctilucaApp::for_tests(fake(None), screen);
        if screen == ScreenKind::Calculator {
            app.calculator = CalculatorScreen::with_sheet(Sheet::from_input(&sheet));
        }
        out.push((name, app));
    }
    // Play at a dive, with the dive preview's table open: the widest the table gets.
    let mut app = started(4, &[]);
    loop {
        app.game.tick(0.0);
        let g = app.game.game.as_mut().unwrap();
        g.covered = false;
        if g.m.state.decision() == noctiluca::engine::Decision::Dive {
            break;
        }
        let a = g.m.state.legal_actions()[0];
        app.game.act(a, 0.0);
    }
    app.game.tick(0.0);
    app.game.game.as_mut().unwrap().covered = false;
    // With an AI at the table and its pace shown: the top row at its fullest.
    app.game.animate = true;
    app.game.game.as_mut().unwrap().seats[3].ai = Some("normal".into());
    out.push(("play at a dive", app));
    // Play at the end of a game, its log long and open beside the final scores.
    let mut app = started(2, &["Ann", "Bea"]);
    app.game.show_log = true;
    loop {
        app.game.tick(0.0);
        let g = app.game.game.as_mut().unwrap();
        g.covered = false;
        if g.m.state.is_over() {
            break;
        }
        if let Some(&a) = g.m.state.legal_actions().first() {
            app.game.act(a, 0.0);
        }
    }
    out.push(("play at the end", app));
    out
}

#[test]
fn no_screen_runs_past_the_window_in_either_language() {
    let mut problems = Vec::new();
    for lang in [Lang::En, Lang::ZhHant] {
        for (w, hgt) in SIZES {
            for (name, mut app) in screens() {
                app.shared.settings.language = lang;
                noctiluca::i18n::set_lang(lang);
                let mut h = harness_sized(app, w, hgt);
                h.run();
                for o in outside(&h, w) {
                    problems.push(format!("{name} {lang:?} {w}×{hgt}: {o}"));
                }
            }
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
    assert!(
        problems.is_empty(),
        "{} widgets outside:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// A label in Chinese with an ASCII comma, colon or full stop next to a Chinese character (where
/// Chinese text takes ，、：。).
fn mixed_punctuation(label: &str) -> bool {
    let cjk = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    let chars: Vec<char> = label.chars().collect();
    chars.windows(2).any(|w| {
        (matches!(w[0], ',' | ':' | ';') && cjk(w[1]))
            || (cjk(w[0]) && matches!(w[1], ',' | ':' | ';'))
    }) || chars
        .windows(3)
        .any(|w| cjk(w[0]) && matches!(w[1], ',' | ':' | ';') && w[2] == ' ')
}

#[test]
fn chinese_screens_use_chinese_punctuation() {
    let mut found = Vec::new();
    for (name, mut app) in screens() {
        app.shared.settings.language = Lang::ZhHant;
        noctiluca::i18n::set_lang(Lang::ZhHant);
        let mut h = harness_sized(app, 1280.0, 800.0);
        h.run();
        for n in h.query_all_by(|_| true) {
            let node = n.accesskit_node();
            if let Some(l) = node.label().or_else(|| node.value())
                && mixed_punctuation(&l)
            {
                found.push(format!("{name}: {l}"));
            }
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn folding_the_dive_preview_gives_the_board_more_room() {
    let (_, app) = screens()
        .into_iter()
        .find(|(name, _)| *name == "play at a dive")
        .expect("Play at a dive");
    let mut h = harness_sized(app, 1280.0, 800.0);
    h.run();
    let width = |h: &Harness<'_, NoctilucaApp>| {
        // From the shore on the far left to the one on the far right.
        let x = |label: &str| {
            let b = h
                .query_all_by_label_contains(label)
                .next()
                .unwrap()
                .accesskit_node()
                .bounding_box()
                .unwrap();
            (b.x0 + b.x1) / 2.0
        };
        x("Shore S4") - x("Shore S10")
    };
    let open = width(&h);
    click(&mut h, "Fold away");
    let folded = width(&h);
    assert!(folded > open * 1.1, "{open} → {folded}");
    assert!(outside(&h, 1280.0).is_empty(), "{:?}", outside(&h, 1280.0));
    click(&mut h, "Show the table");
    assert!((width(&h) - open).abs() < 1.0);
}

/// The result's breakdown beside a four-player pad at 1280 px, with long names: Total and Jars
/// (the tiebreak) are in sight, not behind the card's edge (the window's margin and the card's
/// are 8 and 12 px), in either language.
#[test]
fn the_score_breakdown_fits_beside_the_pad_with_long_names() {
    let sheet: ScoreInput =
        ron::from_str(&std::fs::read_to_string("tests/data/score-4p.ron").unwrap()).unwrap();
    let mut sheet = Sheet::from_input(&sheet);
    let names = ["Alexandra", "Christopher Robinson", "Bridget", "Dee"];
    for (p, n) in sheet.players.iter_mut().zip(names) {
        p.name = n.into();
    }
    let w = 1280.0;
    for (lang, headers) in [
        (Lang::En, ["Total", "Jars"]),
        (Lang::ZhHant, ["總分", "交付罐子數"]),
    ] {
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
        app.calculator = CalculatorScreen::with_sheet(sheet.clone());
        app.shared.settings.language = lang;
        noctiluca::i18n::set_lang(lang);
        // Tall enough for the whole result card to be laid out (and read out) at once.
        let mut h = harness_sized(app, w, 2400.0);
        h.run();
        for header in headers {
            let mut found = h.query_all_by_value(header).peekable();
            assert!(found.peek().is_some(), "{lang:?} {header} is shown");
            for n in found {
                let b = n.accesskit_node().bounding_box().unwrap();
                assert!(b.x1 <= w as f64 - 20.0, "{lang:?} {header}: {b:?}");
            }
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
}

/// A finished game of `players` (1: solo) on the Play screen, every seat a person with a name.
pub(crate) fn finished_game(players: u8) -> NoctilucaApp {
    // Names as long as people's are.
    let mut app = started(players, &["Alexandra", "Christopher", "Bridget", "Dee"]);
    for _ in 0..10_000 {
        app.game.tick(0.0);
        let g = app.game.game.as_mut().unwrap();
        g.covered = false;
        if g.m.state.is_over() {
            break;
        }
        if let Some(&a) = g.m.state.legal_actions().last() {
            app.game.act(a, 0.0);
        }
    }
    app.game.tick(0.0);
    let g = app.game.game.as_mut().unwrap();
    assert!(g.m.state.is_over());
    g.covered = false;
    app
}

/// The score at the end of a game, in the table's middle column at 1280 px: every cell of the
/// breakdown in sight, short of the players' column (the solo totals and the Chinese Jars
/// column were cut off).
#[test]
fn the_end_of_a_game_shows_the_whole_score() {
    let w = 1280.0;
    let mut problems = Vec::new();
    for lang in [Lang::En, Lang::ZhHant] {
        noctiluca::i18n::set_lang(lang);
        for players in [1, 3, 4] {
            let mut app = finished_game(players);
            app.shared.settings.language = lang;
            let mut h = harness_sized(app, w, 800.0);
            h.run();
            let cells = |label: &str| {
                h.query_all_by_value(label)
                    .filter_map(|n| n.accesskit_node().bounding_box())
                    .collect::<Vec<_>>()
            };
            // The breakdown: from its header row down to the majorities' heading under it.
            let top = cells(noctiluca::i18n::tr("Player"))
                .iter()
                .map(|b| b.y0)
                .fold(f64::MAX, f64::min);
            let bottom = cells(noctiluca::i18n::tr("Majorities"))
                .iter()
                .map(|b| b.y0)
                .fold(f64::MIN, f64::max);
            assert!(top < bottom, "{lang:?} {players}: the breakdown is shown");
            // The players' column beside it begins where the first player's card shows the
            // name (above the breakdown); its card's margin is 12 px.
            let edge = cells("Alexandra")
                .iter()
                .filter(|b| b.y1 < top)
                .map(|b| b.x0 - 12.0)
                .fold(w as f64 - 20.0, f64::min);
            for n in h.query_all_by(|_| true) {
                let node = n.accesskit_node();
                let (Some(b), Some(text)) = (node.bounding_box(), node.value()) else {
                    continue;
                };
                if b.y0 >= top && b.y0 < bottom {
                    eprintln!("{lang:?} {players} {text:?} {b:?}");
                }
                if b.y0 >= top && b.y0 < bottom && b.x0 < edge && b.x1 > edge {
                    problems.push(format!("{lang:?} {players}p: {text:?} at {b:?}"));
                }
            }
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Final scoring turns every favourite up: the players' column says each seat's at the end.
#[test]
fn the_end_of_a_game_shows_every_favourite() {
    let app = finished_game(3);
    let g = app.game.game.as_ref().unwrap();
    let lines: Vec<String> = (0..3)
        .map(|s| {
            let f = g.m.state.secrets[s].favourite.unwrap();
            let colour = noctiluca::app::theme::dice_label(f, app.shared.settings.glyphs);
            format!("Favourite of {}: {colour}", g.seats[s].name)
        })
        .collect();
    let mut h = harness_sized(app, 1280.0, 800.0);
    h.run();
    for line in lines {
        assert!(h.query_all_by_value(&line).next().is_some(), "{line}");
    }
}

/// A new jar to take with the widest cards on top of every pile: the cards wrap inside the
/// middle column (they used to push the players' column off the window).
#[test]
fn wide_cards_on_every_pile_wrap_in_their_column() {
    let mut app = started(2, &[]);
    play_to(&mut app, noctiluca::engine::Decision::ChoosePile);
    let g = app.game.game.as_mut().unwrap();
    // The widest cards on top of every pile.
    let comps = g.m.state.comps.clone();
    let mut wide: Vec<usize> = (0..comps.deck.cards.len()).collect();
    wide.sort_by_key(|&k| std::cmp::Reverse(comps.deck.cards[k].size()));
    for (p, k) in g.m.state.piles.iter_mut().zip(wide) {
        p.top = Some(k as noctiluca::engine::CardId);
        p.count = p.count.max(1);
    }
    for lang in [Lang::En, Lang::ZhHant] {
        noctiluca::i18n::set_lang(lang);
        let mut a2 = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
        std::mem::swap(&mut a2.game, &mut app.game);
        a2.shared.settings.language = lang;
        let mut h = harness_sized(a2, 1280.0, 800.0);
        h.run();
        assert_eq!(outside(&h, 1280.0), Vec::<String>::new(), "{lang:?}");
        let take = noctiluca::trf!("Take pile {pile}", pile = 4);
        assert!(h.query_all_by_label(&take).next().is_some(), "{lang:?}");
        let mut back = h.into_state();
        std::mem::swap(&mut back.game, &mut app.game);
    }
    noctiluca::i18n::set_lang(Lang::En);
}

/// With the rules open beside it (F1) at the smallest window, no screen's widget runs under
/// the panel: the screen keeps to the room the panel leaves.
#[test]
fn no_screen_runs_under_the_rules_beside_it_at_the_smallest_window() {
    let [w, hgt] = theme::MIN_WINDOW;
    let mut problems = Vec::new();
    for lang in [Lang::En, Lang::ZhHant] {
        for (name, mut app) in screens() {
            // The rules screen has no panel beside it; the table at a dive scrolls sideways
            // when narrow, by design (its columns side by side), so it may reach under it.
            if app.current == ScreenKind::Rules || name == "play at a dive" {
                continue;
            }
            app.shared.settings.language = lang;
            noctiluca::i18n::set_lang(lang);
            app.toggle_help();
            let mut h = harness_sized(app, w, hgt);
            h.run();
            // The panel's left edge: where its search field starts, less its margin.
            let search = h.get_by_label(noctiluca::i18n::tr("Search the rules"));
            let left = search.accesskit_node().bounding_box().unwrap().x0 - 16.0;
            for n in h.query_all_by(|_| true) {
                let node = n.accesskit_node();
                let Some(b) = node.bounding_box() else {
                    continue;
                };
                let label = node.label().or_else(|| node.value()).unwrap_or_default();
                if b.width() < 1.0 || label.is_empty() {
                    continue;
                }
                if b.x0 < left - 1.0 && b.x1 > left + 1.0 {
                    problems.push(format!(
                        "{name} {lang:?}: {label:?} {:.0}..{:.0} (panel from {left:.0})",
                        b.x0, b.x1
                    ));
                }
            }
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
    assert!(
        problems.is_empty(),
        "{} widgets under the panel:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The table at a dive with the rules beside it scrolls sideways; what Tab reaches on it is
/// brought into sight, not left under the panel (the keyboard vanished there).
#[test]
fn tab_at_the_table_beside_the_rules_stays_in_sight() {
    let (_, mut app) = screens()
        .into_iter()
        .find(|(name, _)| *name == "play at a dive")
        .unwrap();
    app.toggle_help();
    // Wide enough for the board beside the middle column, not for the preview beside them.
    let mut h = harness_sized(app, 1100.0, 800.0);
    h.run();
    let search = h.get_by_label(noctiluca::i18n::tr("Search the rules"));
    let left = search.accesskit_node().bounding_box().unwrap().x0 as f32 - 16.0;
    let mut reached = 0;
    for _ in 0..60 {
        press(&mut h, egui::Key::Tab);
        let Some((name, r)) = crate::scrolling::focused(&h) else {
            continue;
        };
        if r.left() >= left - 1.0 {
            continue; // in the panel itself
        }
        reached += 1;
        assert!(
            r.right() <= left + 1.0,
            "{name} at {r:?} runs under the panel at {left}"
        );
    }
    assert!(reached > 10, "Tab reached {reached} controls of the table");
}

/// At the smallest window the piles under the board run past its bottom: the board's column
/// scrolls to them (it was cut off, out of reach).
#[test]
fn the_piles_under_the_board_can_be_scrolled_to_at_the_smallest_window() {
    let mut app = started(4, &[]);
    play_to(&mut app, noctiluca::engine::Decision::Dive);
    let mut h = harness_sized(app, 1024.0, 700.0);
    h.run();
    let pile = |h: &Harness<'_, NoctilucaApp>| {
        let n = h
            .query_all_by_label_contains("Pile 4")
            .next()
            .expect("pile 4");
        n.accesskit_node().bounding_box().unwrap()
    };
    assert!(
        pile(&h).y1 > 700.0,
        "below the window at first: {:?}",
        pile(&h)
    );
    h.query_all_by_label_contains("Pile 4")
        .next()
        .unwrap()
        .scroll_to_me();
    h.run();
    let b = pile(&h);
    assert!(b.y0 >= 0.0 && b.y1 <= 700.0, "{b:?}");
}

/// The solo companion's black die: the six numbers of the real die stay on one row, in both
/// languages (beside the roll button they wrapped as "1 2" and "3 4 5 6" at 1280 wide).
#[test]
fn the_real_dies_numbers_stay_on_one_row() {
    for lang in [Lang::En, Lang::ZhHant] {
        for (w, hgt) in SIZES {
            let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Solo);
            app.solo.animate = false;
            let mut h = harness_sized(app, w, hgt);
            click(&mut h, "Start the solo game");
            click(&mut h, "Start the tempest");
            click(&mut h, "Gold card");
            set_language(&mut h, lang);
            let rows: Vec<f32> = (1..=6)
                .map(|n| {
                    let label = match lang {
                        Lang::En => format!("I rolled {n}"),
                        _ => format!("我擲出了 {n}"),
                    };
                    h.get_by_label(&label).rect().min.y
                })
                .collect();
            assert!(
                rows.iter().all(|&y| (y - rows[0]).abs() < 1.0),
                "{lang:?} at {w}×{hgt}: rows {rows:?}"
            );
        }
    }
}

/// A board space's width on screen, in pixels.
fn space_width(h: &Harness<'_, NoctilucaApp>, prefix: &str) -> f64 {
    let node = h
        .query_all_by(|_| true)
        .find(|n| {
            let a = n.accesskit_node();
            a.label()
                .or_else(|| a.value())
                .is_some_and(|l| l.starts_with(prefix))
        })
        .unwrap_or_else(|| panic!("no {prefix}"));
    node.accesskit_node().bounding_box().unwrap().width()
}

/// The left edge of the board's leftmost space and the right edge of its rightmost one.
fn spaces_across(h: &Harness<'_, NoctilucaApp>) -> (f64, f64) {
    h.query_all_by(|_| true)
        .filter(|n| {
            let a = n.accesskit_node();
            a.label()
                .or_else(|| a.value())
                .is_some_and(|l| l.starts_with("Outer space") || l.starts_with("Inner space"))
        })
        .filter_map(|n| n.accesskit_node().bounding_box())
        .fold((f64::MAX, f64::MIN), |(l, r), b| (l.min(b.x0), r.max(b.x1)))
}

/// The board beside its column while it keeps a fair size; at a large text size the column
/// goes above or below it, so the board does not shrink as everything else grows, and
/// nothing runs past the window.
#[test]
fn at_a_large_text_size_the_board_and_its_column_stack() {
    use noctiluca::app::board::{BoardLayout, STACK_BELOW};
    assert!(matches!(
        BoardLayout::for_space(egui::vec2(1280.0, 740.0), 400.0),
        BoardLayout::Beside { board, .. } if board >= 700.0
    ));
    match BoardLayout::for_space(egui::vec2(640.0, 330.0), 400.0) {
        BoardLayout::Stacked { board, side } => {
            assert!((STACK_BELOW..=624.0).contains(&board), "{board}");
            assert!(side <= 624.0, "{side}");
        }
        other => panic!("{other:?}"),
    }
    for (screen, space) in [
        (ScreenKind::Seeder, "Outer space O1: "),
        (ScreenKind::Solo, "Outer space O1"),
    ] {
        // A window of 1280×800 pixels at 100% and at 200%: at 200% the screen is 640×400
        // points, each point two pixels (drawn here at 640×400 points, its widths doubled).
        let mut widths = Vec::new();
        for zoom in [1.0, 2.0] {
            let app = NoctilucaApp::for_tests(fake(None), screen);
            let mut h = harness_sized(app, 1280.0 / zoom, 800.0 / zoom);
            h.run();
            let what = format!("{screen:?} at {}%", zoom * 100.0);
            assert_eq!(outside(&h, 1280.0 / zoom), Vec::<String>::new(), "{what}");
            widths.push(space_width(&h, space) * zoom as f64);
            if zoom == 2.0 {
                // Stacked and narrower than the window, the board sits in its middle.
                let (left, right) = spaces_across(&h);
                let (margin_l, margin_r) = (left, 640.0 - right);
                assert!(
                    (margin_l - margin_r).abs() < 24.0,
                    "{what}: the board's spaces span {left:.0}..{right:.0}"
                );
            }
            if screen == ScreenKind::Solo {
                // A turn's controls (the delivered jars' row was cut off at 200%).
                click(&mut h, "Start the solo game");
                assert!(h.query_by_label("Delivered a red jar").is_some());
                assert_eq!(outside(&h, 1280.0 / zoom), Vec::<String>::new(), "{what}");
            }
        }
        // Beside the column at 200% it was under 70% of its size at 100%.
        assert!(
            widths[1] >= 0.85 * widths[0],
            "{screen:?}: a space {:.0} px wide at 100%, {:.0} at 200%",
            widths[0],
            widths[1]
        );
    }
}

/// The table where not even the board and the decision fit side by side (1280×800 at 200%,
/// drawn here as 640×400 points): one column, the board on top and the decision and the
/// players under it, nothing past the window's edge and no sideways scrolling.
#[test]
fn the_table_at_a_large_text_size_is_one_column() {
    for lang in [Lang::En, Lang::ZhHant] {
        let mut across = Vec::new();
        for zoom in [1.0, 2.0] {
            let mut app = started(4, &["Ada", "Bea", "Cy", "Dee"]);
            play_to(&mut app, noctiluca::engine::Decision::Dive);
            app.shared.settings.language = lang;
            noctiluca::i18n::set_lang(lang);
            let mut h = harness_sized(app, 1280.0 / zoom, 800.0 / zoom);
            h.run();
            assert_eq!(
                outside(&h, 1280.0 / zoom),
                Vec::<String>::new(),
                "{lang:?} {zoom}"
            );
            // A shore's name (in the language shown), then its pawn if it has one.
            let shore = |name: &str| {
                let id = noctiluca::engine::board::parse_shore(name).unwrap();
                let label = noctiluca::app::board::shore_label(id, None, false);
                h.query_all_by_label_contains(&label)
                    .next()
                    .unwrap_or_else(|| panic!("no {label}"))
                    .rect()
            };
            across.push((shore("S4").max.x - shore("S10").min.x) * zoom);
            if zoom > 1.0 && lang == Lang::En {
                // The board above the decision (its layout is the same in either language).
                let dive = h
                    .query_all_by_label_contains("Dive at S")
                    .next()
                    .map(|n| n.rect());
                let below = shore("S7").max.y;
                assert!(dive.is_some_and(|d| d.min.y > below), "{lang:?}: {dive:?}");
            }
        }
        // In pixels, the board is no smaller at 200% than at 100%.
        assert!(across[1] >= 0.9 * across[0], "{lang:?}: {across:?}");
    }
    noctiluca::i18n::set_lang(Lang::En);
}

/// The new game dialog: a seat's choices on one line at 1280×800, and wrapping within the
/// window at 200% (640×400 points) rather than running past it.
#[test]
fn the_new_game_seats_wrap_at_a_large_text_size() {
    for lang in [Lang::En, Lang::ZhHant] {
        for (w, hgt) in [(1280.0, 800.0), (640.0, 400.0)] {
            let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
            app.shared.settings.language = lang;
            noctiluca::i18n::set_lang(lang);
            let mut h = harness_sized(app, w, hgt);
            h.run();
            assert_eq!(outside(&h, w), Vec::<String>::new(), "{lang:?} {w}");
            if w > 1000.0 && lang == Lang::En {
                let y = |label: &str| h.get_by_label(label).rect().min.y;
                assert_eq!(y("Seat 2: human"), y("Seat 2: AI expert"));
            }
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
}

/// At 150% (1280×800 pixels are 853×533 points) the players go under the decision, and they
/// and the log are laid out whole in that scrolling column: they had been boxes a line or two
/// high, each scrolling on its own, so a player's jars were hidden under the log. The dive
/// preview keeps a box of its own height there.
#[test]
fn under_the_decision_the_players_and_the_log_are_shown_whole() {
    for lang in [Lang::En, Lang::ZhHant] {
        for (w, hgt) in [(853.0, 533.0), (640.0, 400.0)] {
            let mut app = started(2, &["Ada", "Bea"]);
            play_to(&mut app, noctiluca::engine::Decision::Dive);
            app.game.show_log = true;
            app.shared.settings.language = lang;
            noctiluca::i18n::set_lang(lang);
            let mut h = harness_sized(app, w, hgt);
            h.run();
            let log_title = match lang {
                Lang::En => "Game log",
                _ => "遊戲紀錄",
            };
            let log_top = h.get_by_label(log_title).rect().min.y;
            let cards: Vec<f32> = h
                .query_all_by_label_contains(match lang {
                    Lang::En => "Delivered ",
                    _ => "已交付",
                })
                .map(|n| n.rect().max.y)
                .collect();
            assert_eq!(cards.len(), 2, "{lang:?} {w}");
            if lang == Lang::En {
                // The dive preview's own box shows rows enough to choose from (it had shrunk
                // to what was left under the decision: four or five rows, part hidden).
                let rows = h.query_all_by_label_contains("Dive at S").count();
                assert!(
                    rows >= 6,
                    "{w}×{hgt}: {rows} rows of the dive preview drawn"
                );
            }
            assert!(
                cards.iter().all(|&bottom| bottom <= log_top),
                "{lang:?} at {w}×{hgt}: the players end at {cards:?}, the log starts at {log_top}"
            );
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
}

/// At 200% (640×400 points) the table is one scrolling column, the board on top. A new
/// decision of the person at the screen is scrolled to; the page keys scroll it wherever the
/// pointer is (over the board they did nothing); and B brings the board's shore it focuses
/// into sight.
#[test]
fn in_one_column_the_decision_is_shown_and_the_keys_reach_everything() {
    let (w, hgt) = (640.0, 400.0);
    fn first<'h>(h: &'h Harness<'_, NoctilucaApp>, label: &'h str) -> egui_kittest::Node<'h> {
        let mut all = h.query_all_by_label_contains(label);
        all.next()
            .unwrap_or_else(|| panic!("nothing labelled {label:?}"))
    }
    let mut app = started(2, &["Ada", "Bea"]);
    play_to(&mut app, noctiluca::engine::Decision::Draft);
    let mut h = harness_sized(app, w, hgt);
    h.run();
    let in_sight = |h: &Harness<'_, NoctilucaApp>, label: &str| {
        let r = first(h, label).rect();
        r.min.y >= 0.0 && r.max.y <= hgt
    };
    let top = |h: &Harness<'_, NoctilucaApp>, label: &str| first(h, label).rect().min.y;
    let heading = |h: &Harness<'_, NoctilucaApp>| {
        let g = h.state().game.game.as_ref().unwrap();
        format!("{}: jar draft", g.name(g.human_to_act().unwrap()))
    };
    let draft = heading(&h);
    assert!(in_sight(&h, &draft), "the draft is not in sight");
    // Page Up and Home with the pointer over the decision, then Page Down with it over the
    // board.
    first(&h, &draft).hover();
    let before = top(&h, &draft);
    h.key_press(egui::Key::PageUp);
    h.run();
    assert!(top(&h, &draft) > before, "Page Up did nothing");
    h.key_press(egui::Key::Home);
    h.run();
    assert!(in_sight(&h, "Shore S1"), "Home did not go to the top");
    let before = top(&h, "Shore S1");
    first(&h, "Shore S1").hover();
    h.key_press(egui::Key::PageDown);
    h.run();
    assert!(
        top(&h, "Shore S1") < before,
        "Page Down over the board did nothing"
    );
    // To the first dive: the decision is scrolled to; B puts the keyboard on a shore, which
    // comes into sight.
    h.key_press(egui::Key::End);
    h.run();
    assert!(!in_sight(&h, "Shore S1"));
    {
        let app = h.state_mut();
        play_to(app, noctiluca::engine::Decision::Dive);
    }
    h.run();
    let diver = {
        let g = h.state().game.game.as_ref().unwrap();
        g.name(g.human_to_act().unwrap())
    };
    assert!(
        in_sight(&h, &format!("{diver}: dive")),
        "the dive is not in sight"
    );
    h.key_press(egui::Key::B);
    h.run();
    let (name, r) = crate::scrolling::focused(&h).expect("B focuses a shore");
    assert!(name.starts_with("Shore "), "{name}");
    assert!(
        r.min.y >= 0.0 && r.max.y <= hgt,
        "{name} focused out of sight: {r:?}"
    );
}

/// The key list at 200% (640×400 points), in both languages: its title and Close in sight,
/// and every key and its words inside the window (the keys had been past its left edge, the
/// longer words past its right).
#[test]
fn the_key_list_fits_a_large_text_size() {
    for lang in [Lang::En, Lang::ZhHant] {
        let (w, hgt) = (640.0, 400.0);
        let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
        app.shared.settings.language = lang;
        noctiluca::i18n::set_lang(lang);
        app.key_list.open = true;
        let mut h = harness_sized(app, w, hgt);
        h.run();
        assert_eq!(outside(&h, w), Vec::<String>::new(), "{lang:?}");
        for label in ["Keys", "Close"] {
            let text = noctiluca::i18n::tr(label).to_string();
            let r = h.get_by_label(&text).rect();
            assert!(
                r.min.y >= 0.0 && r.max.y <= hgt,
                "{lang:?}: {label} at {r:?}"
            );
        }
    }
    noctiluca::i18n::set_lang(Lang::En);
}

/// Two jars delivered in a turn: each new jar says which jar it replaces, so the second
/// prompt does not look like the first one again.
#[test]
fn each_new_jar_says_which_jar_it_replaces() {
    let mut app = started(2, &["Ada", "Bea"]);
    play_to(&mut app, noctiluca::engine::Decision::ChoosePile);
    let g = app.game.game.as_ref().unwrap();
    let seat = g.human_to_act().unwrap() as usize;
    let name = g.name(seat as u8);
    let jars = g.m.state.players[seat].jars;
    let held = jars[0].or(jars[1]);
    let mut h = harness_sized(app, 1280.0, 800.0);
    // The first jar delivered, then the second.
    for (k, slots) in [(1, [None, held]), (2, [held, None])] {
        h.state_mut().game.game.as_mut().unwrap().m.state.players[seat].jars = slots;
        h.run();
        assert_shows(&h, &format!("{name}: a new jar in place of jar {k}"));
    }
}

/// A long note of the history's in the top bar (a busy file, with the path where the game
/// waits) takes a row of its own, whole and inside the window; a short one sits beside the
/// title.
#[test]
fn a_long_history_note_in_the_top_bar_is_read_whole() {
    use noctiluca::i18n::Said;
    let long = "The history could not be written (/home/someone/.local/share/noctiluca/history.sqlite is busy in another program; try again); the game is kept in /home/someone/.local/share/noctiluca/history-queue.ron and will be written next time.";
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::History);
    app.history_notice = Some(Said::warning(Said::new(move || long.to_string())));
    let mut h = harness_sized(app, 1000.0, 700.0);
    h.run();
    let shown = |h: &Harness<'static, NoctilucaApp>, text: &str| {
        h.query_all_by(|n| n.value().is_some_and(|v| v.ends_with(text)))
            .next()
            .unwrap_or_else(|| panic!("{text:?} is not shown"))
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let b = shown(&h, long);
    assert!(b.x0 >= 0.0 && b.x1 <= 1000.0, "{b:?}");
    let title = h
        .get_by_label("Noctiluca")
        .accesskit_node()
        .bounding_box()
        .unwrap();
    assert!(b.y0 >= title.y1, "below the title: {b:?} {title:?}");
    assert!(outside(&h, 1000.0).is_empty(), "{:?}", outside(&h, 1000.0));
    // A short one beside the title.
    h.state_mut().history_notice = Some(Said::new(|| "Recorded in the history.".to_string()));
    h.run();
    let b = shown(&h, "Recorded in the history.");
    assert!(b.y0 < title.y1, "beside the title: {b:?} {title:?}");
}

/// In one column (200%), B takes the keyboard to a shore and the whole board comes into
/// sight with it: a path crossing the board had stayed out of sight above the window.
#[test]
fn a_shore_picked_by_keyboard_in_one_column_brings_the_whole_board_into_sight() {
    let mut app = started(2, &["Ada", "Bea"]);
    play_to(&mut app, noctiluca::engine::Decision::Dive);
    let mut h = harness_sized(app, 640.0, 400.0);
    h.run();
    h.key_press(egui::Key::B);
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    let rects: Vec<egui::Rect> = (0..12)
        .map(|s| {
            let label = noctiluca::app::board::shore_label(s, None, false);
            h.query_all_by_label_contains(&label).next().unwrap().rect()
        })
        .collect();
    let top = rects.iter().map(|r| r.min.y).fold(f32::INFINITY, f32::min);
    let bottom = rects
        .iter()
        .map(|r| r.max.y)
        .fold(f32::NEG_INFINITY, f32::max);
    assert!(
        top >= 0.0 && bottom <= 400.0,
        "the shores run from {top} to {bottom}"
    );
}
