//! The rules reference: a home entry, a search that filters the sections in either language,
//! and F1 opening the section that fits the screen (the dive step, the calculator, the solo
//! companion) beside it; Escape closes it before it goes home.

use crate::app_support::*;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use noctiluca::app::game::GameScreen;
use noctiluca::app::rules::{self, Topic};
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use noctiluca::i18n::{Lang, tr};
use std::sync::Arc;

fn title(topic: Topic) -> &'static str {
    tr(rules::section(topic).title)
}

fn f1(h: &mut Harness<'_, NoctilucaApp>) {
    h.key_press(egui::Key::F1);
    h.run();
}

#[test]
fn the_home_screen_opens_the_rules_and_every_section_shows_its_text() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    click(&mut h, "Rules");
    assert_eq!(h.state().current, ScreenKind::Rules);
    for s in rules::SECTIONS {
        // The section's button in the list (its heading, when shown, has the same words).
        h.query_all_by_label(tr(s.title)).next().unwrap().click();
        h.run();
        assert_eq!(h.state().rules.topic, s.topic);
        assert_shows(&h, tr(s.paragraphs[0]));
        if s.picture.is_some() {
            // The picture is named for a screen reader by its caption.
            assert_shows(&h, tr(s.caption));
        }
    }
}

/// In the list, every section is as wide a target as the list, whatever its title's length
/// (a short one answered only over its few letters).
#[test]
fn the_section_list_s_buttons_are_as_wide_as_the_list() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    click(&mut h, "Rules");
    let widths: Vec<f64> = rules::SECTIONS
        .iter()
        .map(|s| {
            let b = h
                .query_all_by_label(tr(s.title))
                .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
                .unwrap()
                .accesskit_node()
                .bounding_box()
                .unwrap();
            b.x1 - b.x0
        })
        .collect();
    let widest = widths.iter().cloned().fold(0.0, f64::max);
    for (s, w) in rules::SECTIONS.iter().zip(&widths) {
        assert!((widest - w).abs() < 1.0, "{}: {w} of {widest}", s.title);
    }
}

/// On the rules screen, typing with no control focused searches: the words go into the search
/// (it had to be clicked first), and the keyboard with them.
#[test]
fn typing_on_the_rules_screen_searches() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    click(&mut h, "Rules");
    h.event(egui::Event::Text("majority".into()));
    h.run();
    assert_eq!(h.state().rules.search, "majority");
    assert!(h.get_by_label("Search the rules").is_focused());
    assert_shows(&h, "Majorities");
    // "?" stays the key list's.
    h.state_mut().rules.search.clear();
    h.ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
    });
    h.run();
    h.event(egui::Event::Text("?".into()));
    h.run();
    assert_eq!(h.state().rules.search, "");
}

/// From the search, ↓ goes to the sections found, and the keyboard moving through them shows
/// each (↓ had done nothing, and each section took an Enter).
#[test]
fn the_keyboard_goes_from_the_search_to_the_sections_found() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    click(&mut h, "Rules");
    h.event(egui::Event::Text("die".into()));
    h.run();
    let found: Vec<Topic> = rules::found("die").iter().map(|s| s.topic).collect();
    assert!(found.len() >= 3, "{found:?}");
    press(&mut h, egui::Key::ArrowDown);
    h.run();
    assert_eq!(focused(&h), vec![title(found[0]).to_string()]);
    assert_eq!(h.state().rules.topic, found[0]);
    press(&mut h, egui::Key::Tab);
    h.run();
    assert_eq!(focused(&h), vec![title(found[1]).to_string()]);
    assert_eq!(
        h.state().rules.topic,
        found[1],
        "the section the keyboard is on"
    );
    // ↓ too.
    press(&mut h, egui::Key::ArrowDown);
    h.run();
    assert_eq!(focused(&h), vec![title(found[2]).to_string()]);
    assert_eq!(h.state().rules.topic, found[2], "the section ↓ went to");
}

#[test]
fn the_search_finds_sections_in_english_and_in_chinese() {
    let mut h = app_on(ScreenKind::Rules, fake(None));
    replace(&mut h, "Search the rules", "discarded");
    let found: Vec<Topic> = rules::found("discarded").iter().map(|s| s.topic).collect();
    assert!(found.contains(&Topic::Majorities), "{found:?}");
    assert!(!found.contains(&Topic::Dive));
    assert_eq!(
        h.state().rules.topic,
        found[0],
        "the first section found is shown"
    );
    assert_shows(&h, title(Topic::Majorities));
    assert!(!shows(&h, title(Topic::Dive)));
    replace(&mut h, "Search the rules", "no such word here");
    assert_shows(&h, "No section mentions");
    // The board's labels are said where a dive is (S1, O1, I1 had been nowhere explained).
    let labels: Vec<Topic> = rules::found("outer spaces O1")
        .iter()
        .map(|s| s.topic)
        .collect();
    assert_eq!(labels.first(), Some(&Topic::Dive), "{labels:?}");

    set_language(&mut h, Lang::ZhHant);
    replace(&mut h, "搜尋規則", "暴雨");
    let zh: Vec<Topic> = rules::found("暴雨").iter().map(|s| s.topic).collect();
    assert!(
        zh.contains(&Topic::Tempest) && zh.contains(&Topic::Solo),
        "{zh:?}"
    );
    assert!(!zh.contains(&Topic::Setup));
    assert_shows(&h, "暴雨");
    assert!(!shows(&h, title(Topic::Setup)), "遊戲準備 is filtered out");
    replace(&mut h, "搜尋規則", "平手");
    assert!(
        rules::found("平手")
            .iter()
            .any(|s| s.topic == Topic::Majorities)
    );
    assert_shows(&h, title(Topic::Majorities));
    assert_all_translated("the rules in Chinese");
}

#[test]
fn f1_on_the_calculator_opens_scoring_and_escape_closes_it_first() {
    let mut h = app_on(ScreenKind::Calculator, fake(None));
    f1(&mut h);
    assert!(h.state().help_open);
    assert_eq!(h.state().rules.topic, Topic::Scoring);
    assert_shows(&h, title(Topic::Scoring));
    press(&mut h, egui::Key::Escape);
    assert!(!h.state().help_open, "Escape closes the rules");
    assert_eq!(
        h.state().current,
        ScreenKind::Calculator,
        "and stays on the screen"
    );
    f1(&mut h);
    f1(&mut h);
    assert!(!h.state().help_open, "F1 again closes them too");
}

#[test]
fn f1_on_the_solo_companion_opens_the_solo_game_then_the_tempest() {
    let mut h = app_on(ScreenKind::Solo, fake(None));
    // At set-up: the solo game's rules.
    assert!(h.state().solo.game.is_none());
    f1(&mut h);
    assert_eq!(h.state().rules.topic, Topic::Solo);
    f1(&mut h);
    // So on the player's turn.
    h.state_mut().solo.start_new();
    h.run();
    f1(&mut h);
    assert_eq!(h.state().rules.topic, Topic::Solo);
    f1(&mut h);
    // The tempest under way: its rules.
    h.state_mut()
        .solo
        .report(noctiluca::engine::solo::SoloInput::StartTempest);
    h.run();
    f1(&mut h);
    assert_eq!(h.state().rules.topic, Topic::Tempest);
    assert_shows(&h, title(Topic::Tempest));
    click(&mut h, "Rules on a full screen");
    assert_eq!(h.state().current, ScreenKind::Rules);
    assert!(!h.state().help_open);
    // Escape goes back to the screen they were opened from (it went home).
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Solo);
}

/// At a large text size the panel is short: its sections are a drop-down (their buttons had
/// filled it, the rule cut to its heading), and with the keyboard on nothing the page keys
/// scroll the rule, not the page behind.
#[test]
fn in_a_short_panel_the_sections_are_a_drop_down_and_page_down_reads_on() {
    let mut h = harness_sized(
        NoctilucaApp::for_tests(fake(None), ScreenKind::Calculator),
        640.0,
        400.0,
    );
    h.run();
    f1(&mut h);
    assert!(h.state().help_open);
    let heading = title(h.state().rules.topic);
    assert_eq!(
        h.get_by_label("Section").accesskit_node().role(),
        egui::accesskit::Role::ComboBox
    );
    assert!(
        h.query_by_label(title(Topic::Setup)).is_none(),
        "the sections' buttons"
    );
    let top = h.get_by_label(heading).rect().min.y;
    h.key_press(egui::Key::PageDown);
    h.run();
    let now = h
        .query_by_label(heading)
        .map_or(f32::NEG_INFINITY, |n| n.rect().min.y);
    assert!(now < top, "the rule did not scroll: {top} then {now}");
    // Another section from the drop-down.
    h.get_by_label("Section").click();
    h.run();
    h.get_by_label(title(Topic::Setup)).click();
    h.run();
    assert_eq!(h.state().rules.topic, Topic::Setup);
}

#[test]
fn f1_at_the_dive_step_opens_dive() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    let d = &mut app.game.setup;
    d.players = 2;
    d.seats[1].ai = Some(1);
    d.first = Some(0);
    d.seed_text = "K7M2-QX9P".into();
    let mut h = harness(app);
    click(&mut h, "Start the game");
    // The draft first: F1 there opens the set-up.
    wait_until(&mut h, "the draft", |h| {
        h.state().game.game.as_ref().unwrap().human_to_act() == Some(0)
    });
    f1(&mut h);
    assert_eq!(h.state().rules.topic, Topic::Setup);
    f1(&mut h);
    to_first_dive(&mut h);
    let g = h.state().game.game.as_ref().unwrap();
    assert_eq!(g.m.state.decision(), Decision::Dive);
    f1(&mut h);
    assert_eq!(h.state().rules.topic, Topic::Dive);
    assert_shows(&h, title(Topic::Dive));
    assert_shows(&h, tr(rules::section(Topic::Dive).caption));
    // The table is still there beside the rules, not under them.
    assert_shows(&h, "Dive preview");
    // The panel's edge: its search field, less the panel's margin.
    let edge = h
        .get_by_label("Search the rules")
        .accesskit_node()
        .bounding_box()
        .unwrap()
        .x0
        - 12.0;
    for n in h.query_all(egui_kittest::kittest::By::new()) {
        let node = n.accesskit_node();
        let (Some(r), label) = (node.bounding_box(), node.label().unwrap_or_default()) else {
            continue;
        };
        if r.x0 < edge - 16.0 && label != "Resize panel" {
            assert!(r.x1 <= edge + 1.0, "{label:?} runs under the rules: {r:?}");
        }
    }
}

/// Typing into the rules' search beside a covered table (between two people's turns) does not
/// uncover it: only Enter or Space with nothing else taking keys, or the button, does.
#[test]
fn typing_in_the_rules_search_does_not_uncover_the_table() {
    let mut app = NoctilucaApp::for_tests(fake(None), ScreenKind::Play);
    app.game = GameScreen::new(Arc::new(Components::default()), None);
    app.game.animate = false;
    let mut h = harness(app);
    let m = Match::new(GameConfig::players(2), Components::default(), 5).unwrap();
    open_two_people(&mut h, m.to_record());
    let covered = |h: &Harness<'_, NoctilucaApp>| h.state().game.game.as_ref().unwrap().covered;
    assert!(covered(&h), "two people: the table starts covered");
    f1(&mut h);
    h.get_by_label("Search the rules").click();
    h.run();
    h.get_by_label("Search the rules").type_text("black die");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        covered(&h),
        "typing a space or Enter in the search uncovered the table"
    );
    // With the keyboard free again (Enter left the field), Space uncovers it.
    assert!(h.ctx.memory(|m| m.focused().is_none()));
    h.key_press(egui::Key::Space);
    h.run();
    assert!(!covered(&h));
}

/// The search finds a plural from a singular, puts a section named by the words first, knows the
/// printed rulebook's words, and shows the best section as the words are typed.
#[test]
fn the_search_ranks_titles_first_and_knows_the_rulebook_s_words() {
    let first = |q: &str| rules::found(q).first().map(|s| s.topic);
    assert_eq!(first("majority"), Some(Topic::Majorities));
    assert_eq!(first("Majorities"), Some(Topic::Majorities));
    assert_eq!(first("tempest"), Some(Topic::Tempest));
    let topics = |q: &str| -> Vec<Topic> { rules::found(q).iter().map(|s| s.topic).collect() };
    assert!(
        topics("favorite color").contains(&Topic::Scoring),
        "{:?}",
        topics("favorite color")
    );
    assert!(topics("leftovers").contains(&Topic::Scoring));
    assert!(
        topics("box lid").contains(&Topic::Deliver),
        "{:?}",
        topics("box lid")
    );
    // The rulebook's "End of the game" finds final scoring first, the small words not looked
    // for; "score" finds "Final scoring" before the set-up that mentions a score.
    assert_eq!(first("end of the game"), Some(Topic::Scoring));
    assert_eq!(first("end of game"), Some(Topic::Scoring));
    assert_eq!(first("score"), Some(Topic::Scoring));
    assert_eq!(first("passing"), Some(Topic::Pass));
    // Every word counts, wherever it is in the section.
    assert!(topics("black die arrow").contains(&Topic::Tempest));
    assert!(!topics("black die arrow").contains(&Topic::Dive));

    let mut h = app_on(ScreenKind::Rules, fake(None));
    replace(&mut h, "Search the rules", "tempest");
    assert_eq!(h.state().rules.topic, Topic::Tempest);

    noctiluca::i18n::with_lang(Lang::ZhHant, || {
        assert_eq!(first("暴雨"), Some(Topic::Tempest));
        assert!(
            rules::found("剩餘資源")
                .iter()
                .any(|s| s.topic == Topic::Scoring)
        );
        assert!(
            rules::found("盒蓋")
                .iter()
                .any(|s| s.topic == Topic::Deliver)
        );
    });
}

/// F1 on Home, then the Rules entry: the rules as a screen replace the panel, so one Escape
/// goes home (it closed the hidden panel first).
#[test]
fn the_rules_screen_replaces_the_panel_and_one_escape_goes_home() {
    let mut h = app_on(ScreenKind::Home, fake(None));
    f1(&mut h);
    assert!(h.state().help_open);
    // Home's entry (the panel beside it is headed "Rules" too).
    h.query_all_by_label("Rules")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .expect("the home entry")
        .click();
    h.run();
    assert_eq!(h.state().current, ScreenKind::Rules);
    assert!(!h.state().help_open);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().current, ScreenKind::Home);
}

/// A section's "See also" links: another section opens in place; a screen of the app opens,
/// the rules staying beside it.
#[test]
fn see_also_links_open_a_section_or_the_screen_that_does_it() {
    let mut h = app_on(ScreenKind::Rules, fake(None));
    h.state_mut().rules.open_at(Topic::Scoring);
    h.run();
    assert_shows(&h, "See also:");
    h.query_all_by_label(title(Topic::Majorities))
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Link)
        .expect("a link to the majorities")
        .click();
    h.run();
    assert_eq!(h.state().rules.topic, Topic::Majorities);
    // Beside the dive step's screen: the calculator opens, the rules still beside it.
    let mut h = app_on(ScreenKind::Home, fake(None));
    f1(&mut h);
    h.state_mut().rules.open_at(Topic::Majorities);
    h.run();
    fn link<'h>(h: &'h Harness<'_, NoctilucaApp>) -> egui_kittest::Node<'h> {
        h.query_all_by_label("Score calculator")
            .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Link)
            .expect("a link to the calculator")
    }
    link(&h).scroll_to_me();
    h.run();
    link(&h).click();
    h.run();
    assert_eq!(h.state().current, ScreenKind::Calculator);
    assert!(h.state().help_open);
}

fn focused(h: &Harness<'_, NoctilucaApp>) -> Vec<String> {
    h.query_all_by(|n| n.is_focused())
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

/// F1 opening and closing the rules beside a screen leaves the keyboard where it was: the
/// screen's widgets keep their ids whether the panel is there or not.
#[test]
fn f1_keeps_the_keyboard_where_it_was() {
    for screen in [ScreenKind::Calculator, ScreenKind::Home, ScreenKind::Seeder] {
        let mut h = app_on(screen, fake(None));
        for _ in 0..4 {
            press(&mut h, egui::Key::Tab);
        }
        let before = focused(&h);
        assert_eq!(before.len(), 1, "{screen:?}: one widget has the keyboard");
        f1(&mut h);
        assert!(h.state().help_open);
        assert_eq!(focused(&h), before, "{screen:?}: F1 opening the rules");
        f1(&mut h);
        assert!(!h.state().help_open);
        assert_eq!(focused(&h), before, "{screen:?}: F1 closing them");
    }
}
