//! Opening a score sheet file in the calculator, and a sheet handed over from elsewhere
//! replacing the one typed, which can be brought back.

use super::*;
use egui_kittest::kittest::NodeT;
use noctiluca::app::Command;
use std::path::Path;

fn calculator_opening(file: &Path) -> Harness<'static, NoctilucaApp> {
    harness(NoctilucaApp::for_tests(
        fake(Some(file.to_path_buf())),
        ScreenKind::Calculator,
    ))
}

fn open(h: &mut Harness<'static, NoctilucaApp>) {
    click(h, "Open a sheet…");
    wait_until(h, "the sheet read", |h| {
        !h.state().calculator.reading_a_file()
    });
    h.run();
}

fn example() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/score-4p.ron")
}

#[test]
fn a_sheet_for_the_score_command_opens_and_the_one_typed_comes_back() {
    let mut h = calculator_opening(&example());
    click(&mut h, "3 players");
    type_into(&mut h, "Player 1 name", "Zed");
    type_into(&mut h, "Player 1 jars delivered", "2");
    let typed = h.state().calculator.sheet.clone();
    open(&mut h);
    assert_shows(&h, "Score sheet opened.");
    // Said beside the button, not under the exports at the page's foot.
    let top = |label: &str| {
        h.get_by_label(label)
            .accesskit_node()
            .bounding_box()
            .unwrap()
            .y0
    };
    assert!((top("Score sheet opened.") - top("Open a sheet…")).abs() < 40.0);
    let text = std::fs::read_to_string(example()).unwrap();
    let input = ScoreInput::from_sheet_ron(&text).unwrap();
    assert_eq!(h.state().calculator.sheet, Sheet::from_input(&input));
    assert_eq!(h.state().calculator.sheet.players[0].name, "Bridget");
    // The same result as the command line's.
    let result = noctiluca::engine::scoring::score(&input);
    let winner = match result.outcome {
        noctiluca::engine::scoring::Outcome::Winner { player, .. } => {
            input.players[player as usize].name.clone()
        }
        other => panic!("{other:?}"),
    };
    assert_shows(&h, &winner);
    click(&mut h, "Back to the sheet before");
    assert_eq!(h.state().calculator.sheet, typed);
    assert!(h.query_by_label("Back to the sheet before").is_none());
}

#[test]
fn an_exported_sheet_opens_as_it_was() {
    let dir = scratch("calc-open-export");
    let file = dir.join("sheet.ron");
    let mut h = calculator_opening(&file);
    click(&mut h, "2 players");
    type_into(&mut h, "Player 1 name", "Ann");
    type_into(&mut h, "Player 1 gold tokens", "2, 3");
    type_into(&mut h, "Player 1 jars delivered", "2");
    type_into(&mut h, "Player 2 name", "Bo");
    type_into(&mut h, "Player 2 red tokens", "2");
    type_into(&mut h, "Player 2 jars delivered", "1");
    let typed = h.state().calculator.sheet.clone();
    click(&mut h, "Export RON…");
    wait_until(&mut h, "the export", |_| file.exists());
    h.run();
    click(&mut h, "Clear the sheet");
    open(&mut h);
    let opened = &h.state().calculator.sheet;
    assert_eq!(opened.table, typed.table);
    for (a, b) in opened.players.iter().zip(&typed.players).take(2) {
        assert_eq!(a.name, b.name);
        assert_eq!(a.tokens, b.tokens);
        assert_eq!(a.delivered, b.delivered);
    }
    // A cleared sheet is nothing to bring back.
    assert!(h.query_by_label("Back to the sheet before").is_none());
}

#[test]
fn a_file_that_is_no_sheet_is_refused_and_the_sheet_stays() {
    let dir = scratch("calc-open-bad");
    let five = format!("(players: [{}])", ["(name: \"A\")"; 5].join(", "));
    for (name, text, said) in [
        (
            "broken.ron",
            "(players: [(name: \"A\"",
            "this is not a score sheet",
        ),
        (
            "misspelt.ron",
            "(players: [(delivred: 2)])",
            "this is not a score sheet",
        ),
        ("five.ron", five.as_str(), "the sheet has 5 players"),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let mut h = calculator_opening(&file);
        type_into(&mut h, "Player 1 name", "Zed");
        let typed = h.state().calculator.sheet.clone();
        open(&mut h);
        assert_shows(&h, "Not opened:");
        assert_shows(&h, said);
        assert_eq!(h.state().calculator.sheet, typed, "{name}");
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            text,
            "the file is left alone"
        );
    }
}

/// A sheet handed over (the solo tempest's final score, a game of the history) goes on being
/// kept for the next run, as a typed one is.
#[test]
fn a_sheet_handed_over_is_kept_for_the_next_run() {
    let dir = scratch("calc-open-keep");
    let keep = dir.join("calculator-sheet.ron");
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Home);
    assert_eq!(app.calculator.keep_in(keep.clone()), None);
    let mut h = harness(app);
    let text = std::fs::read_to_string(example()).unwrap();
    let input = ScoreInput::from_sheet_ron(&text).unwrap();
    h.state_mut().run_command(Some(Command::OpenSheet {
        sheet: Box::new(Sheet::from_input(&input)),
        recorded: false,
        game: None,
    }));
    h.run();
    assert_eq!(h.state().current, ScreenKind::Calculator);
    type_into(&mut h, "Player 1 name", "Bridget B");
    let shown = h.state().calculator.sheet.clone();
    h.state_mut().calculator.keep_sheet(f64::INFINITY);
    let kept: Sheet = ron::from_str(&std::fs::read_to_string(&keep).unwrap()).unwrap();
    assert_eq!(kept, shown);
}

/// Where no file dialog can be shown, a file of the offer clicked with the pointer opens, and
/// the click reaches nothing under the offer: a field of the sheet under it took the keyboard,
/// and the next keys typed went into it.
#[test]
fn a_file_clicked_in_the_offer_leaves_the_sheet_under_it_alone() {
    use egui::accesskit::{Point, Rect, Role};
    let dir = scratch("calc-offer-click");
    for i in 0..8 {
        std::fs::copy(example(), dir.join(format!("sheet-{i}.ron"))).unwrap();
    }
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
    let no_dialog = std::sync::Arc::new(NoDialog {
        fallback: dir.clone(),
    });
    app.shared.dialog = no_dialog.clone();
    app.shared.open_dialog = no_dialog;
    let mut h = harness(app);
    let boxes = |h: &Harness<'static, NoctilucaApp>, role: Role| -> Vec<(String, Rect)> {
        h.query_all_by(|n| n.role() == role)
            .filter_map(|n| {
                let n = n.accesskit_node();
                Some((n.label().unwrap_or_default(), n.bounding_box()?))
            })
            .collect()
    };
    let fields = boxes(&h, Role::TextInput);
    click(&mut h, "Open a sheet…");
    wait_until(&mut h, "the offer", |h| shows(h, "No file dialog"));
    h.run();
    // A file whose button lies over a field of the sheet.
    let centre = |r: &Rect| Point::new((r.x0 + r.x1) / 2.0, (r.y0 + r.y1) / 2.0);
    let (file, field, at) = boxes(&h, Role::Button)
        .into_iter()
        .filter(|(label, _)| label.starts_with("sheet-"))
        .find_map(|(label, r)| {
            let at = centre(&r);
            let (field, _) = fields.iter().find(|(_, f)| f.contains(at))?;
            Some((label, field.clone(), at))
        })
        .expect("a file over a field");
    let pos = egui::pos2(at.x as f32, at.y as f32);
    h.event(egui::Event::PointerMoved(pos));
    h.step();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.step();
    wait_until(&mut h, "the sheet read", |h| {
        !h.state().calculator.reading_a_file()
    });
    h.run();
    assert_shows(&h, "Score sheet opened.");
    assert!(
        !h.get_by_label(&field).is_focused(),
        "{field}, under {file}, took the keyboard"
    );
}

/// The list of cards to pick at 150% in Chinese (its longest): its title and its buttons are
/// in the window, the cards scrolling between them (the title and buttons had been cut off).
#[test]
fn the_card_list_fits_the_window_at_a_large_text_size() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
    app.shared.settings.text_size = 150;
    let mut h = harness_sized(app, 1280.0, 800.0);
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    let pick = noctiluca::i18n::with_lang(noctiluca::i18n::Lang::ZhHant, || {
        noctiluca::trf!("Player {number} pick delivered cards", number = 1)
    });
    h.get_by_label(&pick).scroll_to_me();
    h.run();
    h.get_by_label(&pick).click();
    h.run();
    for label in [
        noctiluca::i18n::with_lang(noctiluca::i18n::Lang::ZhHant, || {
            noctiluca::trf!("Jars delivered by {name}", name = "玩家 1")
        }),
        noctiluca::i18n::with_lang(noctiluca::i18n::Lang::ZhHant, || {
            noctiluca::i18n::tr("Done").to_string()
        }),
    ] {
        let b = h
            .query_all_by_label_contains(&label)
            .next()
            .unwrap_or_else(|| panic!("{label} not shown"))
            .accesskit_node()
            .bounding_box()
            .unwrap();
        assert!(b.y0 >= 0.0 && b.y1 <= 800.0, "{label} at {b:?}");
    }
    set_language(&mut h, noctiluca::i18n::Lang::En);
}

/// The list of cards reopens at its top: it came back where it had been scrolled, and a click
/// aimed at a card there landed on another.
#[test]
fn the_card_list_reopens_at_its_top() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator);
    app.shared.settings.text_size = 150;
    app.shared.settings.glyphs = false;
    let mut h = harness_sized(app, 1280.0, 800.0);
    let open = |h: &mut Harness<'static, NoctilucaApp>| {
        h.get_by_label("Player 1 pick delivered cards")
            .scroll_to_me();
        h.run();
        h.get_by_label("Player 1 pick delivered cards").click();
        h.run();
    };
    let top = |h: &Harness<'static, NoctilucaApp>| {
        h.get_by_label("gold OOGPBB (+2)")
            .accesskit_node()
            .bounding_box()
            .unwrap()
            .y0
    };
    open(&mut h);
    let first = top(&h);
    wheel(&mut h, egui::pos2(400.0, 300.0), -30.0);
    assert!(top(&h) < first - 50.0, "the list did not scroll");
    click(&mut h, "Cancel");
    open(&mut h);
    assert_eq!(top(&h), first);
}
