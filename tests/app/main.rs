//! The desktop app driven through its accessibility tree, the words the front ends give the
//! engine's data in both languages, the translation catalogue and the palette.

#[path = "../common/mod.rs"]
mod common;

mod app_support;

mod board_keys;
mod breakdown;
mod calculator;
mod catalogue;
mod cover;
mod digit_keys;
mod dive_keys;
mod focus_ring;
mod game;
mod game_files;
mod game_keyboard;
mod game_zh;
mod hint;
mod history;
mod history_faults;
mod history_finding;
mod history_sheet;
mod home;
mod i18n;
mod layout;
mod log_panel;
mod myset;
mod new_game;
mod online;
mod online_after;
mod online_chat;
mod online_clock;
mod online_rejoin;
mod others_turns;
mod palette;
mod pass;
mod replay_keys;
mod review;
mod rules;
mod screen_reader;
mod scrolling;
mod seats;
mod seeder;
mod settings;
mod solo;
mod solo_board;
mod solo_reports;
mod state_files;
mod table_focus;
mod table_keys;
mod toolbar;
mod tutorial;
mod tutorial_keys;
mod undo_reasons;
mod words;
mod words_scoring;
