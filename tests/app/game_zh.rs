//! Play in Traditional Chinese, from the set-up to the end: every screen worded, no key
//! missing and no English left, the files' and the system's own words aside.

use crate::app_support::*;
use crate::game::{assert_end_screen, game_under_way, run_bots_to_end, settle_worker, until_human};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use noctiluca::app::game::GameScreen;
use noctiluca::app::{NoctilucaApp, ScreenKind};
use noctiluca::engine::*;
use noctiluca::i18n::{Lang, tr};
use noctiluca::trf;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A Chinese screen, after one more frame: no key missing, no English left.
fn check_zh(h: &mut Harness<'static, NoctilucaApp>, what: &str) {
    h.run();
    assert_translated(h, what, NAMES);
}

/// The app on Play, in `lang`, saving to `save` (if any), its file dialogs answering `answer`.
fn play_app_in(
    lang: Lang,
    save: Option<&Path>,
    answer: Option<&Path>,
) -> Harness<'static, NoctilucaApp> {
    let mut app = NoctilucaApp::for_tests(fake(answer.map(Path::to_path_buf)), ScreenKind::Play);
    app.shared.settings.language = lang;
    app.game = GameScreen::new(Arc::new(Components::default()), save.map(Path::to_path_buf));
    app.game.animate = false;
    let mut h = harness(app);
    h.run();
    h
}

#[test]
fn play_in_traditional_chinese_from_set_up_to_the_end() {
    let dir = scratch("game-zh");
    let auto = dir.join("game-autosave.ron");
    let saved = game_under_way(Lang::ZhHant, &auto, "ZHTW-0001");
    // Seats nobody named are called as the language calls them.
    assert_eq!(saved.seats[0].name, "玩家 1");
    assert_eq!(saved.seats[1].name, "玩家 2");

    // The set-up page, offering the saved game.
    let mut h = play_app_in(Lang::ZhHant, Some(&auto), None);
    assert_shows(&h, "新遊戲");
    assert_shows(&h, "繼續已儲存的遊戲");
    assert_shows(&h, "2 位玩家");
    check_zh(&mut h, "set-up with a saved game");
    click(&mut h, "單人遊戲");
    assert_shows(&h, "單人遊戲：你對抗暴雨");
    check_zh(&mut h, "set-up, solo");
    click(&mut h, &trf!("{count} players", count = 4));
    assert_eq!(h.state().game.setup.players, 4);
    click(&mut h, "座位 3：電腦（困難）");
    click(&mut h, "座位 4：電腦（隨機）");
    click(&mut h, "起始玩家：座位 2");
    assert_eq!(h.state().game.setup.seats[2].ai, Some(3));
    assert_eq!(h.state().game.setup.first, Some(1));
    check_zh(&mut h, "set-up, four seats");

    // A seed code that is not one.
    replace(&mut h, "種子碼（選填）", "ABC");
    click(&mut h, "開始遊戲");
    assert!(h.state().game.game.is_none());
    assert_shows(&h, "種子碼：");
    check_zh(&mut h, "set-up, bad seed code");
    replace(&mut h, "種子碼（選填）", "");

    // Opening: nothing chosen, a file that is no game, a save from another version.
    let open = |h: &mut Harness<'static, NoctilucaApp>, path: Option<PathBuf>| {
        h.state_mut().shared.open_dialog = fake(path);
        click(h, tr("Open a saved game…"));
        settle_worker(h, |app| !app.game.has_open_dialog());
        h.run();
    };
    // A dialog cancelled says nothing ("Choosing a saved game…" goes).
    open(&mut h, None);
    assert!(h.state().game.status.is_none());
    let junk = dir.join("junk.ron");
    std::fs::write(&junk, "(not a game at all").unwrap();
    open(&mut h, Some(junk));
    assert_shows(&h, "未開啟：");
    check_zh(&mut h, "a file that is no game");
    let mut future = saved.clone();
    future.version = 99;
    let future_file = dir.join("future.ron");
    std::fs::write(&future_file, future.to_ron()).unwrap();
    open(&mut h, Some(future_file));
    assert_shows(&h, "未開啟：這不是此版本能讀取的存檔");
    check_zh(&mut h, "a save of another version");

    // Resuming a save whose log does not replay.
    let mut broken = saved.clone();
    let first = broken.record.actions[0].clone();
    broken.record.actions.push(first);
    h.state_mut().game.resume = Some(broken);
    h.run();
    click(&mut h, "繼續已儲存的遊戲");
    assert!(h.state().game.game.is_none());
    assert_shows(&h, "無法讀取存檔的遊戲：");
    check_zh(&mut h, "a saved game that cannot be read");

    // Resuming the real one: the table, with a word on where the game stands.
    h.state_mut().game.resume = Some(saved.clone());
    h.run();
    click(&mut h, "繼續已儲存的遊戲");
    assert_eq!(
        h.state().game.game.as_ref().unwrap().m.to_record().actions,
        saved.record.actions
    );
    assert_shows(&h, "存檔的遊戲從上次停下的地方繼續。");
    let log = h.state().game.game.as_ref().unwrap().log_words();
    assert!(log.iter().any(|l| l == "水潭中已擺滿骰子。"), "{log:#?}");
    check_zh(&mut h, "the saved game resumed");

    // A decision taken back.
    let me = until_human(&mut h);
    let action = {
        let g = h.state().game.game.as_ref().unwrap();
        assert_eq!(g.to_act(), Some(me));
        g.m.state.legal_actions()[0]
    };
    let now = h.ctx.input(|i| i.time);
    h.state_mut().game.act(action, now);
    h.state_mut().game.undo();
    h.run();
    assert_shows(&h, "已收回你的上一個決定。");
    check_zh(&mut h, "a decision taken back");

    // The autosave fails (its folder cannot be made): the screen's status says so, in Chinese.
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "").unwrap();
    h.state_mut().game.save_path = Some(blocker.join("game-autosave.ron"));
    until_human(&mut h);
    let g = h.state().game.game.as_ref().unwrap();
    let action = g.m.state.legal_actions()[0];
    h.state_mut().game.act(action, now);
    let status = said(&h.state().game.status).unwrap();
    assert!(status.contains("無法將遊戲自動儲存在"), "{status}");
    // The table shows it too, so the failure is seen during the game.
    h.run();
    assert_shows(&h, "無法將遊戲自動儲存在");
    // The path is the system's, in its own letters.
    let with_path = [
        NAMES,
        &["tmp", "noctiluca", "app", "game", "file", "autosave", "ron"],
    ]
    .concat();
    assert_translated(&h, "the autosave failed", &with_path);
    h.state_mut().game.save_path = None;

    // A new game of two bots, set up in Chinese and played to the end.
    h.state_mut().game.game = None;
    h.state_mut().game.status = None;
    h.run();
    click(&mut h, "2 位玩家");
    click(&mut h, "座位 1：電腦（隨機）");
    click(&mut h, "座位 2：電腦（簡單）");
    replace(&mut h, "座位 2 的名稱", "小藍");
    replace(&mut h, "種子碼（選填）", "ZHTW-0002");
    check_zh(&mut h, "set-up, two bots");
    // The bots start at once and keep the screen busy: one frame, not `run`.
    h.get_by_label("開始遊戲").click();
    h.step();
    {
        let g = h.state().game.game.as_ref().unwrap();
        assert_eq!(g.seats[0].name, "玩家 1");
        assert_eq!(g.seats[1].name, "小藍");
        assert_eq!(
            g.seats[1].ai.as_deref(),
            Some("easy"),
            "the level is stored as data"
        );
    }
    h.step();
    assert_translated(&h, "two bots at the table", NAMES);
    assert_translated(&h, "two bots at the table", NAMES);
    run_bots_to_end(&mut h);
    assert_end_screen(&h);
    check_zh(&mut h, "the end of the game");

    // Saving the finished game, and not saving it.
    let file = dir.join("finished.ron");
    h.state_mut().shared.dialog = fake(Some(file.clone()));
    click(&mut h, tr("Save…"));
    settle_worker(&mut h, |app| !app.game.has_open_dialog());
    h.run();
    assert!(file.exists());
    let status = said(&h.state().game.status).unwrap();
    assert_eq!(status, format!("已儲存至 {}。", file.display()));
    h.state_mut().shared.dialog = fake(None);
    click(&mut h, tr("Save…"));
    settle_worker(&mut h, |app| !app.game.has_open_dialog());
    h.run();
    // Cancelled: nothing said ("Saved to …" goes with the next save).
    assert_eq!(said(&h.state().game.status), None);

    // Opening a bare game log from the table: nameless seats are named in Chinese.
    let mut record = h.state().game.game.as_ref().unwrap().m.to_record();
    record.names.clear();
    let bare = dir.join("bare-log.ron");
    std::fs::write(&bare, record.to_ron()).unwrap();
    h.state_mut().shared.open_dialog = fake(Some(bare));
    click(&mut h, tr("Open…"));
    settle_worker(&mut h, |app| !app.game.has_open_dialog());
    h.run();
    assert_eq!(
        said(&h.state().game.status).as_deref(),
        Some("已開啟遊戲。")
    );
    let names = h.state().game.game.as_ref().unwrap().names();
    assert_eq!(names, ["玩家 1", "玩家 2"]);
    assert_end_screen(&h);
    check_zh(&mut h, "a bare log opened");
}

/// The file reader's and the operating system's own words ("1:5-1:6: Expected colon", "File
/// exists (os error 17)"), shown as they give them.
const NAMES: &[&str] = &["Expected", "colon", "File", "exists", "error"];
