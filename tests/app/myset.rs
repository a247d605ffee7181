//! My set: a card entered by keyboard, an impossible one explained and highlighted, a saved
//! set seen by a fresh start of the app (new games and the calculator take it), reset to the
//! built-in data, and the stand-in notice gone once every part is checked.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::myset::MySetScreen;
use noctiluca::app::{ComponentData, NoctilucaApp, ScreenKind};
use noctiluca::engine::component_set::{ComponentSet, SET_FILE};
use noctiluca::engine::*;
use std::path::Path;

/// The app as a start with this config folder sees it, on `screen`.
fn app_with(config: &Path, screen: ScreenKind) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(None), screen);
    app.shared.data = ComponentData::load_from(Some(config.to_path_buf()));
    app.myset = MySetScreen::new(&app.shared.data);
    app.game = noctiluca::app::GameScreen::new(std::sync::Arc::clone(&app.shared.data.comps), None);
    app.game.animate = false;
    harness(app)
}

/// What the app does as it saves its state (on closing, and every half minute).
fn keep_unsaved(h: &mut Harness<'static, NoctilucaApp>) {
    let app = h.state_mut();
    app.myset.keep_unsaved(&app.shared.data);
}

/// Empties the code field, then types `code` and Enter.
fn retype_code(h: &mut Harness<'static, NoctilucaApp>, code: &str) {
    h.get_by_label("Card code").click();
    h.run();
    replace(h, "Card code", "");
    type_code(h, code);
}

fn type_code(h: &mut Harness<'static, NoctilucaApp>, code: &str) {
    h.get_by_label("Card code").click();
    h.run();
    h.get_by_label("Card code").type_text(code);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

#[test]
fn a_card_is_entered_by_keyboard_and_the_next_one_comes_up() {
    let dir = scratch("myset-keys");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let mut h = app_with(&dir, ScreenKind::MySet);
    // The field emptied, then the card and Enter.
    retype_code(&mut h, "red OPPBBG 1");
    let s = &h.state().myset;
    let card = &s.draft.deck.cards[0];
    assert_eq!(card.colour, JarColour::Red);
    assert_eq!(card.letters(), "OPPBBG");
    assert_eq!(card.bonus, 1);
    assert_eq!(s.selected, 1, "Enter moved on to the next card");
    assert_eq!(
        s.code, "gold PPBB 0",
        "the next card's code is in the field"
    );
    // The deck now has 9 gold and 11 red cards: the summary and the problems say so.
    assert_shows(&h, "the deck has 9 gold cards");
    assert_shows(&h, "11 / 10");
}

#[test]
fn an_impossible_card_is_explained_and_highlighted_and_not_used() {
    let dir = scratch("myset-bad");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let _ = std::fs::remove_file(dir.join(noctiluca::app::myset::DRAFT_FILE));
    let mut h = app_with(&dir, ScreenKind::MySet);
    replace(&mut h, "Card code", "gold OOGGGGGG 3");
    h.get_by_label("Card code").click();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_shows(
        &h,
        "card 1 (gold OOGGGGGG) has 8 spaces; jar cards have 4 to 6",
    );
    assert_shows(
        &h,
        "card 1 (gold OOGGGGGG) has bonus 3; jar bonuses are 0, 1 or 2",
    );
    assert_eq!(
        h.state().myset.selected,
        0,
        "the card with a problem stays selected"
    );
    assert_shows(&h, "Card 1: gold OOGGGGGG 3 (has a problem)");
    assert!(!shows(&h, "Card 2: gold PPBB 0 (has a problem)"));
    // A code that does not read is refused, the card unchanged.
    replace(&mut h, "Card code", "purple OOGG 0");
    h.get_by_label("Card code").click();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_shows(&h, "\"purple\" is not a jar colour");
    // Saved with problems: a draft, and the set in use is unchanged.
    click(&mut h, "Save");
    assert!(dir.join(noctiluca::app::myset::DRAFT_FILE).exists());
    assert!(!dir.join(SET_FILE).exists());
    assert_eq!(*h.state().shared.data.comps, Components::default());
    assert_shows(&h, "Kept as a draft");
}

#[test]
fn a_saved_set_is_used_by_a_fresh_start_and_reset_brings_the_defaults_back() {
    let dir = scratch("myset-save");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let mut h = app_with(&dir, ScreenKind::MySet);
    assert!(h.state().shared.data.checked == Default::default());
    // Two cards swap colours (the counts stay right) and the gold stack changes.
    {
        let d = &mut h.state_mut().myset.draft;
        d.deck.cards[0].colour = JarColour::Red;
        d.deck.cards[20].colour = JarColour::Gold;
        d.tokens.gold = vec![2, 3, 3, 4, 4, 5, 5, 6, 7, 8];
    }
    h.run();
    click(&mut h, "Save");
    assert_shows(&h, "every mode now uses this set");
    assert_eq!(
        h.state().shared.data.comps.tokens.gold[1],
        3,
        "in use at once"
    );
    // A new game started now plays with it.
    h.state_mut().current = ScreenKind::Play;
    h.run();
    click(&mut h, "Start the game");
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.m.record.components.tokens.gold[1], 3);
    drop(h);

    // A fresh start with the same folder sees it, and so does the calculator.
    let mut h = app_with(&dir, ScreenKind::Calculator);
    let comps = h.state().shared.data.comps.clone();
    assert_eq!(comps.tokens.gold, vec![2, 3, 3, 4, 4, 5, 5, 6, 7, 8]);
    assert_eq!(comps.deck.cards[0].colour, JarColour::Red);
    let on_disk = ComponentSet::from_ron(
        &dir.join(SET_FILE),
        &std::fs::read_to_string(dir.join(SET_FILE)).unwrap(),
    )
    .unwrap();
    assert_eq!(on_disk.usable().unwrap(), *comps);

    // Reset to built-in, Save: the defaults are back.
    h.state_mut().current = ScreenKind::MySet;
    h.run();
    click(&mut h, "Reset to built-in");
    click(&mut h, "Save");
    assert_eq!(*h.state().shared.data.comps, Components::default());
    // About does not take the file for the owner's own data.
    h.state_mut().current = ScreenKind::About;
    h.run();
    let set = dir.join(SET_FILE).display().to_string();
    let builtin = format!("In use: your file {set}, which holds the built-in stand-in.");
    assert_eq!(h.query_all_by_label(&builtin).count(), 3);
}

#[test]
fn the_stand_in_notice_goes_once_every_part_is_checked() {
    let dir = scratch("myset-checked");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let mut h = app_with(&dir, ScreenKind::Calculator);
    // A list as a sentence says it (the "and" had been missing).
    assert_shows(
        &h,
        "The jar deck, token stacks and solo numbering are this app's best guess",
    );
    // The notice's link opens My set from every screen that shows it: the solo tempest's,
    // before a game and during one, too.
    for (screen, start) in [
        (ScreenKind::Play, None),
        (ScreenKind::Solo, None),
        (ScreenKind::Solo, Some("Start the solo game")),
        (ScreenKind::Calculator, None),
    ] {
        h.state_mut().current = screen;
        h.run();
        if let Some(start) = start {
            click(&mut h, start);
        }
        click(&mut h, "My set");
        assert_eq!(h.state().current, ScreenKind::MySet, "{screen:?} {start:?}");
    }
    for part in ["Jar deck", "Token stacks", "Solo numbering"] {
        click(&mut h, part);
        click(&mut h, "Checked against my box");
    }
    click(&mut h, "Save");
    assert!(h.state().shared.data.checked.all());
    for screen in [ScreenKind::Calculator, ScreenKind::Solo, ScreenKind::Play] {
        h.state_mut().current = screen;
        h.run();
        assert!(!shows(&h, "this app's best guess"), "{screen:?}");
    }
    // And after a fresh start too.
    drop(h);
    let h = app_with(&dir, ScreenKind::Calculator);
    assert!(!shows(&h, "this app's best guess"));
}

/// A part the owner changed and saved is theirs: the notice no longer calls it the app's best
/// guess (it did, for token stacks just entered), while the parts left as built in still are.
#[test]
fn a_part_changed_in_my_set_is_not_called_a_guess() {
    let dir = scratch("myset-changed");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let mut h = app_with(&dir, ScreenKind::MySet);
    h.state_mut().myset.draft.tokens.gold[8] += 1;
    h.run();
    click(&mut h, "Save");
    h.state_mut().current = ScreenKind::Calculator;
    h.run();
    assert_shows(
        &h,
        "The jar deck and solo numbering are this app's best guess",
    );
    assert!(!shows(&h, "token stacks"));
    // One part left: "is" ("The solo numbering are…" had been said).
    h.state_mut().current = ScreenKind::MySet;
    h.run();
    h.state_mut().myset.draft.deck.cards.swap(0, 1);
    h.run();
    click(&mut h, "Save");
    h.state_mut().current = ScreenKind::Calculator;
    h.run();
    assert_shows(&h, "The solo numbering is this app's best guess:");
}

#[test]
fn a_solo_number_is_set_by_choosing_the_space_then_the_number() {
    let dir = scratch("myset-solo");
    let mut h = app_with(&dir, ScreenKind::MySet);
    click(&mut h, "Solo numbering");
    click(&mut h, "O3");
    let before = h.state().myset.draft.solo.clone();
    let (section, number) = before.locate(board::parse_space("O3").unwrap()).unwrap();
    assert_ne!(number, 6);
    h.query_all_by_label("6").last().unwrap().click();
    h.run();
    let after = &h.state().myset.draft.solo;
    let o3 = board::parse_space("O3").unwrap();
    assert_eq!(after.locate(o3), Some((section, 6)));
    // The space that was 6 took O3's old number, so the section is still numbered 1 to 6.
    let was_six = before.sections[section as usize].spaces[5];
    assert_eq!(after.locate(was_six), Some((section, number)));
    assert!(h.state().myset.problems().is_empty());
}

#[test]
fn my_set_speaks_chinese() {
    let dir = scratch("myset-zh");
    let mut h = app_with(&dir, ScreenKind::MySet);
    click(&mut h, "Jar deck");
    let english = h.get_by_label("Card code").value().unwrap();
    assert!(english.starts_with("gold "), "{english}");
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    // The card in the field is written again in the language switched to.
    let chinese = h.get_by_label("卡牌代碼").value().unwrap();
    assert!(chinese.starts_with("金色 "), "{chinese}");
    replace(&mut h, "卡牌代碼", "gold OOGGGGGG 3");
    h.get_by_label("卡牌代碼").click();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    for tab in ["⚠ 罐子卡牌", "分數標記堆", "單人版圖編號"] {
        click(&mut h, tab);
    }
    assert_all_translated("My set in Chinese");
}

/// The app with a dialog that answers `file`, on My set.
fn app_with_dialog(config: &Path, file: &Path) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(Some(file.to_path_buf())), ScreenKind::MySet);
    app.shared.data = ComponentData::load_from(Some(config.to_path_buf()));
    app.myset = MySetScreen::new(&app.shared.data);
    harness(app)
}

fn wait_for_file_dialog(h: &mut Harness<'static, NoctilucaApp>) {
    wait_until(h, "the file dialog's answer", |h| {
        !h.state().myset.has_open_dialog()
    });
    h.run();
}

#[test]
fn export_and_import_move_a_set_and_a_broken_or_foreign_file_is_refused() {
    let dir = scratch("myset-files");
    let file = dir.join("shared-set.ron");
    let mut h = app_with_dialog(&dir, &file);
    h.state_mut().myset.draft.tokens.red = vec![2, 2, 2, 3, 3, 4, 5, 6, 7, 8];
    click(&mut h, "Export…");
    wait_for_file_dialog(&mut h);
    assert_shows(&h, "Exported to");
    let exported = std::fs::read_to_string(&file).unwrap();
    assert_eq!(exported, h.state().myset.draft.to_ron());

    // A friend imports it.
    let friend = scratch("myset-friend");
    let mut h = app_with_dialog(&friend, &file);
    click(&mut h, "Import…");
    wait_for_file_dialog(&mut h);
    assert_shows(&h, "Imported. Save to use it.");
    assert_eq!(h.state().myset.draft.tokens.red[2], 2);

    // A set with a problem, and a file of another kind, are refused; the editor keeps its set.
    let before = h.state().myset.draft.clone();
    std::fs::write(&file, exported.replacen("bonus: 0", "bonus: 9", 1)).unwrap();
    click(&mut h, "Import…");
    wait_for_file_dialog(&mut h);
    assert_shows(
        &h,
        "Not imported: the file has a problem:\n– jar deck: card 1",
    );
    assert_eq!(h.state().myset.draft, before);
    std::fs::write(&file, "(format: \"noctiluca-table-game\", version: 1)").unwrap();
    click(&mut h, "Import…");
    wait_for_file_dialog(&mut h);
    assert_shows(&h, "this is not a Noctiluca component set");
    assert_eq!(h.state().myset.draft, before);
    assert!(!friend.join(SET_FILE).exists(), "nothing was written");
}

#[test]
fn without_a_file_dialog_import_offers_the_set_files_found() {
    let dir = scratch("myset-no-dialog");
    let shared_sets = scratch("myset-no-dialog-docs");
    let mut set = ComponentSet::new(&Components::default(), Default::default());
    set.tokens.red = vec![2, 2, 2, 3, 3, 4, 5, 6, 7, 8];
    std::fs::write(shared_sets.join("friends-set.ron"), set.to_ron()).unwrap();
    // Files of other kinds in the same folder, all RON: a saved game, a bare game log and a
    // score sheet are not offered as sets (the saved games were listed beside the sets).
    std::fs::write(
        shared_sets.join("saturday.ron"),
        "(format: \"noctiluca-table-game\", version: 1)",
    )
    .unwrap();
    std::fs::write(
        shared_sets.join("game-00001.ron"),
        "(\n    format: \"noctiluca-game\",\n    version: 3,\n)",
    )
    .unwrap();
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/score-4p.ron");
    std::fs::copy(sheet, shared_sets.join("scores.ron")).unwrap();
    let mut h = app_with_dialog(&dir, &dir.join("unused.ron"));
    h.state_mut().shared.open_dialog = std::sync::Arc::new(NoDialog {
        fallback: shared_sets.clone(),
    });
    click(&mut h, "Import…");
    wait_until(&mut h, "the offer", |h| shows(h, "No file dialog"));
    for other in ["saturday.ron", "game-00001.ron", "scores.ron"] {
        assert!(!shows(&h, other), "{other} is offered as a set");
    }
    click(&mut h, "friends-set.ron");
    wait_for_file_dialog(&mut h);
    assert_shows(&h, "Imported. Save to use it.");
    assert_eq!(h.state().myset.draft.tokens.red[2], 2);
    assert!(!dir.join(SET_FILE).exists(), "nothing was written");
}

#[test]
fn an_unreadable_set_file_is_still_named_when_a_draft_opens() {
    let dir = scratch("myset-foreign-and-draft");
    std::fs::write(
        dir.join(SET_FILE),
        "(format: \"noctiluca-scores\", players: [])",
    )
    .unwrap();
    let draft = ComponentSet::new(&Components::default(), Default::default());
    std::fs::write(dir.join(noctiluca::app::myset::DRAFT_FILE), draft.to_ron()).unwrap();
    let h = app_with(&dir, ScreenKind::MySet);
    let status = said(&h.state().myset.status).unwrap();
    assert!(status.contains(SET_FILE), "{status}");
    assert!(status.contains("cannot be read"), "{status}");
    assert!(
        status.contains(noctiluca::app::myset::DRAFT_FILE),
        "{status}"
    );
}

#[test]
fn a_broken_set_at_start_up_is_named_and_opens_in_the_editor() {
    let dir = scratch("myset-broken");
    let mut set = ComponentSet::new(&Components::default(), Default::default());
    set.tokens.gold.push(9);
    std::fs::write(dir.join(SET_FILE), set.to_ron()).unwrap();
    let mut h = app_with(&dir, ScreenKind::Home);
    let data = &h.state().shared.data;
    assert_eq!(
        *data.comps,
        Components::default(),
        "the built-in data is used"
    );
    let e = data.error.clone().expect("the problem is said").text();
    assert!(e.contains(SET_FILE) && e.contains("gold"), "{e}");
    assert_shows(&h, SET_FILE);
    // In the language chosen since (it had stayed in the one it was found in).
    set_language(&mut h, noctiluca::i18n::Lang::ZhHant);
    assert_shows(&h, "改用內建資料");
    set_language(&mut h, noctiluca::i18n::Lang::En);
    click(&mut h, "Open it in My set");
    assert_eq!(h.state().current, ScreenKind::MySet);
    assert_eq!(
        h.state().myset.draft,
        set,
        "the editor has the broken file, to mend"
    );
    assert_shows(&h, "This set has a problem");
    // The file is left as it was.
    assert_eq!(
        std::fs::read_to_string(dir.join(SET_FILE)).unwrap(),
        set.to_ron()
    );
}

#[test]
fn a_set_file_that_does_not_read_is_kept_aside_when_a_new_set_is_saved() {
    let dir = scratch("myset-unreadable");
    let junk = b"(deck: [(colour: Gold, spac".to_vec();
    std::fs::write(dir.join(SET_FILE), &junk).unwrap();
    let mut h = app_with(&dir, ScreenKind::MySet);
    assert_shows(&h, "cannot be read");
    click(&mut h, "Save");
    let kept = kept(&dir.join(SET_FILE));
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        std::fs::read(&kept[0]).unwrap(),
        junk,
        "the old file, untouched"
    );
    assert_shows(&h, &kept[0].display().to_string());
    // The new set is saved and in use.
    let text = std::fs::read_to_string(dir.join(SET_FILE)).unwrap();
    assert!(ComponentSet::from_ron(&dir.join(SET_FILE), &text).is_ok());
}

#[test]
fn a_draft_file_that_is_no_set_is_named_and_kept_when_the_set_is_saved() {
    use noctiluca::app::myset::DRAFT_FILE;
    // Not text at all, then a set cut short: neither is a draft the app can mend, and neither
    // is deleted by saving.
    let cut = ComponentSet::new(&Components::default(), Default::default()).to_ron();
    for (what, junk) in [
        ("binary", vec![0xff, 0xfe, 0x00, 0x28, 0x00, 0x64]),
        ("cut short", cut.as_bytes()[..cut.len() / 2].to_vec()),
    ] {
        let dir = scratch(&format!("myset-draft-{}", what.replace(' ', "-")));
        std::fs::write(dir.join(DRAFT_FILE), &junk).unwrap();
        let mut h = app_with(&dir, ScreenKind::MySet);
        let status = said(&h.state().myset.status).unwrap_or_default();
        assert!(
            status.contains(DRAFT_FILE) && status.contains("cannot be read"),
            "{what}: {status}"
        );
        click(&mut h, "Save");
        let kept = kept(&dir.join(DRAFT_FILE));
        assert_eq!(kept.len(), 1, "{what}: {kept:?}");
        assert_eq!(std::fs::read(&kept[0]).unwrap(), junk, "{what}: untouched");
        assert!(!dir.join(DRAFT_FILE).exists(), "{what}");
        let status = said(&h.state().myset.status).unwrap();
        assert!(status.contains("every mode now uses this set"), "{status}");
        assert!(
            status.contains(&kept[0].display().to_string()),
            "{what}: {status}"
        );
    }
}

#[test]
fn edits_not_saved_are_kept_as_the_draft_when_the_app_closes() {
    let dir = scratch("myset-unsaved");
    for f in [SET_FILE, noctiluca::app::myset::DRAFT_FILE] {
        let _ = std::fs::remove_file(dir.join(f));
    }
    let mut h = app_with(&dir, ScreenKind::MySet);
    // Nothing changed: nothing written.
    keep_unsaved(&mut h);
    assert!(!dir.join(noctiluca::app::myset::DRAFT_FILE).exists());
    retype_code(&mut h, "red OPPBBG 1");
    let edited = h.state().myset.draft.clone();
    // The app closes without Save: the edits wait in the draft, the set in use is untouched.
    keep_unsaved(&mut h);
    assert!(!dir.join(SET_FILE).exists());
    let data = ComponentData::load_from(Some(dir.clone()));
    assert_eq!(
        *data.comps,
        Components::default(),
        "the set in use is unchanged"
    );
    let again = MySetScreen::new(&data);
    assert_eq!(again.draft, edited, "the editor opens the edits again");
}

#[test]
fn a_stack_of_another_length_is_said_when_shown() {
    let dir = scratch("myset-stack");
    let mut h = app_with(&dir, ScreenKind::MySet);
    h.state_mut().myset.draft.tokens.gold = vec![2, 3, 4, 5, 6, 7, 7, 8, 8];
    h.run();
    // (Marked as a part with a problem.)
    h.get_by_label_contains("Token stacks").click();
    h.run();
    assert_shows(&h, "The gold stack had 9 values; a stack holds 10");
    assert_eq!(h.state().myset.draft.tokens.gold.len(), 10);
    // The columns are places in the stack, marked as such ("2" over the fields read as a
    // value).
    for place in ["top", "#2", "#9", "bottom"] {
        assert!(h.query_by_label(place).is_some(), "{place}");
    }
    assert!(h.query_by_label("5").is_none());
}

#[test]
fn reset_and_import_can_be_taken_back_until_the_next_edit() {
    let dir = scratch("myset-take-back");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let file = dir.join("shared-set.ron");
    let mut shared = ComponentSet::new(&Components::default(), Default::default());
    shared.tokens.gold = vec![2, 2, 3, 3, 4, 4, 5, 5, 5, 8];
    std::fs::write(&file, shared.to_ron()).unwrap();
    let mut h = app_with_dialog(&dir, &file);
    h.state_mut().myset.draft.tokens.red = vec![2, 2, 2, 3, 3, 4, 5, 6, 7, 8];
    let edited = h.state().myset.draft.clone();
    h.run();
    assert!(h.query_by_label("Take back").is_none());

    // Reset replaces the edits; Take back brings them back.
    click(&mut h, "Reset to built-in");
    assert_eq!(h.state().myset.draft.tokens, Components::default().tokens);
    click(&mut h, "Take back");
    assert_eq!(h.state().myset.draft, edited);
    assert_shows(&h, "The editor holds what it held before.");
    assert!(h.query_by_label("Take back").is_none());

    // So does an import.
    click(&mut h, "Import…");
    wait_for_file_dialog(&mut h);
    assert_shows(&h, "Imported. Save to use it.");
    assert_eq!(h.state().myset.draft.tokens.gold, shared.tokens.gold);
    click(&mut h, "Take back");
    assert_eq!(h.state().myset.draft, edited);

    // Once the new content is edited, there is nothing to take back to.
    click(&mut h, "Reset to built-in");
    h.state_mut().myset.draft.tokens.brown[0] = 3;
    h.run();
    assert!(h.query_by_label("Take back").is_none());
    // Nothing was written: the set in use is still the built-in one.
    assert!(!dir.join(SET_FILE).exists());
}

/// Changes not saved are kept aside for next time as the app goes on; when they cannot be,
/// the screen says so while there is time to save them.
#[test]
fn changes_that_cannot_be_kept_aside_are_said() {
    let dir = scratch("myset-keep-fails");
    let mut h = app_with(&dir, ScreenKind::MySet);
    retype_code(&mut h, "red OPPBBG 1");
    // The config folder is now somewhere nothing can be written (under a file).
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "x").unwrap();
    h.state_mut().shared.data.config_dir = Some(blocker.join("config"));
    keep_unsaved(&mut h);
    h.run();
    assert_shows(&h, "Your changes could not be kept aside for next time");
}

/// A code typed for a card and not taken (refused here) is said when another card is chosen,
/// not dropped without a word; a code taken is not.
#[test]
fn a_code_not_taken_is_said_when_another_card_is_chosen() {
    let dir = scratch("myset-not-taken");
    let mut h = app_with(&dir, ScreenKind::MySet);
    retype_code(&mut h, "gold OOGGX 0");
    assert_shows(&h, "is not a space colour");
    click(&mut h, "← Previous card");
    assert_shows(
        &h,
        "The code typed for card 1, “gold OOGGX 0”, was not taken",
    );
    // A code taken: nothing said on moving on.
    h.state_mut().myset.status = None;
    retype_code(&mut h, "red oppbbg 1");
    click(&mut h, "Next card →");
    assert!(!shows(&h, "was not taken"));
}

/// A value that makes a problem brings the problem list up above the fields: the keyboard
/// stays on the field, and Tab goes on to the next one (it had gone to "Home").
#[test]
fn a_problem_coming_up_leaves_the_keyboard_on_the_token_fields() {
    let dir = scratch("myset-focus");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let mut h = app_with(&dir, ScreenKind::MySet);
    click(&mut h, "Token stacks");
    assert_shows(&h, "A complete set");
    tab_to(&mut h, "Gold token 1 from the top", 40);
    let at = |h: &Harness<'_, NoctilucaApp>| {
        h.get_by_label("Gold token 2 from the top")
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let before = at(&h);
    let save_at = |h: &Harness<'_, NoctilucaApp>| {
        h.get_by_label("Save")
            .accesskit_node()
            .bounding_box()
            .unwrap()
    };
    let save_before = save_at(&h);
    for _ in 0..3 {
        press(&mut h, egui::Key::ArrowUp);
    }
    // ↑ steps a whole value (a tenth of one, it had done nothing).
    let top = h.state().myset.draft.tokens.gold[0];
    assert_eq!(top, Components::default().tokens.gold[0] + 3);
    assert_shows(&h, "This set has a problem");
    // Said under the editor: the fields stay where they were (a box of problems above them
    // had pushed them down under the pointer).
    assert_shows(&h, "not in numerical order");
    assert_eq!(at(&h), before, "the fields moved");
    // The ⚠ on the tab moves no button after it.
    assert_eq!(save_at(&h), save_before, "Save moved");
    assert!(h.get_by_label("Gold token 1 from the top").is_focused());
    press(&mut h, egui::Key::Tab);
    assert!(h.get_by_label("Gold token 2 from the top").is_focused());
    // Put back as it was, the list goes, and the keyboard stays.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert!(h.get_by_label("Gold token 1 from the top").is_focused());
    for _ in 0..3 {
        press(&mut h, egui::Key::ArrowDown);
    }
    assert_eq!(h.state().myset.draft.tokens.gold[0], top - 3);
    assert_shows(&h, "A complete set");
    assert_eq!(at(&h), before, "the fields moved");
    press(&mut h, egui::Key::Tab);
    assert!(h.get_by_label("Gold token 2 from the top").is_focused());
    // What Save says comes in a row kept for it: the fields stay under the pointer.
    keep_unsaved(&mut h);
    click(&mut h, "Save");
    assert!(h.state().myset.status.is_some(), "Save said nothing");
    let after = at(&h);
    assert!(
        (after.y0 - before.y0).abs() < 1.0,
        "the fields moved as Save's words came: {before:?} → {after:?}"
    );
}

/// Saved as a draft, then mended: the line no longer says the draft is what was kept while
/// the set is complete, as if it were in use; it says the changes are not saved.
#[test]
fn what_save_said_goes_once_the_set_is_changed() {
    let dir = scratch("myset-stale");
    let _ = std::fs::remove_file(dir.join(SET_FILE));
    let mut h = app_with(&dir, ScreenKind::MySet);
    h.state_mut().myset.draft.tokens.gold[0] += 3;
    h.run();
    click(&mut h, "Save");
    assert_shows(&h, "Kept as a draft in");
    h.state_mut().myset.draft.tokens.gold[0] -= 3;
    h.run();
    h.run();
    assert_shows(&h, "A complete set");
    assert!(!shows(&h, "Kept as a draft in"));
    assert_shows(
        &h,
        "Changed since it was saved: Save (Ctrl+S) to keep the changes.",
    );
    click(&mut h, "Save");
    assert_shows(&h, "every mode now uses this set");
}

/// A space chosen by keyboard hands the keyboard to its number: the numbers had been 18 Tabs
/// away, past every other space.
#[test]
fn a_space_chosen_by_keyboard_hands_the_keyboard_to_its_number() {
    let dir = scratch("myset-solo-keys");
    let mut h = app_with(&dir, ScreenKind::MySet);
    click(&mut h, "Solo numbering");
    tab_to(&mut h, "O3", 60);
    press(&mut h, egui::Key::Enter);
    let o3 = board::parse_space("O3").unwrap();
    assert_eq!(h.state().myset.solo_space, Some(o3));
    let (_, number) = h.state().myset.draft.solo.locate(o3).unwrap();
    assert!(
        h.query_all_by_label(&number.to_string())
            .any(|n| n.is_focused()),
        "number {number} has not the keyboard"
    );
    // The arrows go to the next number; Enter gives it to O3.
    press(&mut h, egui::Key::ArrowRight);
    press(&mut h, egui::Key::Enter);
    let (_, now) = h.state().myset.draft.solo.locate(o3).unwrap();
    assert_ne!(now, number);
}

/// A draft mended back to the set in use is set aside as the app closes (it had stayed, and
/// the editor opened its problems again); a set file with problems, opened and left as it
/// is, is not copied to a draft; and the set in use is a click away from a draft.
#[test]
fn a_draft_mended_back_or_untouched_is_not_kept_again() {
    let dir = scratch("myset-mended");
    let draft = dir.join(noctiluca::app::myset::DRAFT_FILE);
    for f in [SET_FILE, noctiluca::app::myset::DRAFT_FILE] {
        let _ = std::fs::remove_file(dir.join(f));
    }
    let mut h = app_with(&dir, ScreenKind::MySet);
    let in_use = h.state().myset.draft.clone();
    h.state_mut().myset.draft.tokens.gold[8] = 9;
    keep_unsaved(&mut h);
    assert!(draft.exists());
    // Opened again and left as it is: the draft is not written again.
    let mut h = app_with(&dir, ScreenKind::MySet);
    assert_eq!(h.state().myset.draft.tokens.gold[8], 9);
    let written = std::fs::metadata(&draft).unwrap().modified().unwrap();
    keep_unsaved(&mut h);
    assert_eq!(
        std::fs::metadata(&draft).unwrap().modified().unwrap(),
        written
    );
    // The set in use, a click away; Take back returns to the draft.
    click(&mut h, "Edit the set in use");
    assert_eq!(h.state().myset.draft, in_use);
    assert_shows(&h, "The set in use is in the editor");
    click(&mut h, "Take back");
    assert_eq!(h.state().myset.draft.tokens.gold[8], 9);
    assert_shows(&h, "The editor holds what it held before.");
    // Mended back by hand: the line about Take back goes, and so does the button to the set
    // in use (the editor holds it); as the app closes, the draft is set aside, and the
    // editor opens the set in use next time.
    h.state_mut().myset.draft = in_use.clone();
    h.run();
    assert!(!shows(&h, "The editor holds what it held before."));
    assert!(h.query_by_label("Edit the set in use").is_none());
    keep_unsaved(&mut h);
    assert!(!draft.exists());
    let aside = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .any(|e| e.file_name().to_string_lossy().contains("draft.replaced"));
    assert!(aside, "the draft is kept aside, not deleted");
    let h = app_with(&dir, ScreenKind::MySet);
    assert_eq!(h.state().myset.draft, in_use);
    // A set file with problems, opened and closed untouched, makes no draft.
    let mut bad = in_use.clone();
    bad.deck.cards[0].bonus = 3;
    assert!(!bad.problems().is_empty());
    std::fs::write(dir.join(SET_FILE), bad.to_ron()).unwrap();
    let mut h = app_with(&dir, ScreenKind::MySet);
    assert_eq!(h.state().myset.draft, bad);
    keep_unsaved(&mut h);
    assert!(!draft.exists(), "a draft copied from the set file");
}

/// At the largest text size in Chinese, the solo numbering's column stays in the window: its
/// sections' spaces and its last line had run off it, with no way to scroll to them.
#[test]
fn the_solo_numbering_fits_the_window_at_a_large_text_size() {
    let dir = scratch("myset-solo-large");
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::MySet);
    app.shared.data = ComponentData::load_from(Some(dir.to_path_buf()));
    app.myset = MySetScreen::new(&app.shared.data);
    app.shared.settings.text_size = 200;
    app.shared.settings.language = noctiluca::i18n::Lang::ZhHant;
    noctiluca::i18n::set_lang(noctiluca::i18n::Lang::ZhHant);
    let mut h = harness_sized(app, 1280.0, 800.0);
    h.run();
    click(&mut h, "單人版圖編號");
    let out = crate::layout::outside(&h, 1280.0);
    noctiluca::i18n::set_lang(noctiluca::i18n::Lang::En);
    assert!(out.is_empty(), "outside the window: {out:?}");
}
